"""The Sound & screen page: sound, volume, animation speed, the pause after a trick, full screen, scaling."""

from __future__ import annotations

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIHorizontalSlider

from scenes.look import layout, text
from scenes.look.palette import GOLD, GREY
from scenes.screens.options.frame import (
    CONTROL_X,
    PAGE_TOP,
    ROW_H,
    OptionsFrame,
)
from scenes.settings import SCALINGS, SPEEDS, TRICK_DELAY_MAX

SCALING_HELP = ("How the picture fills the screen. Sharp: whole-pixel steps, every pixel square (black borders "
                "where it does not fit). Fill: as big as the screen allows. Auto: sharp unless that wastes much "
                "of the screen.")
TRICK_DELAY_STEP = 0.5
VOLUME_STEP = 5


class ScreenPage(OptionsFrame):
    # -- Sound & screen ---------------------------------------------------------------------------------
    def _build_screen(self) -> None:
        settings = self.app.settings
        x, width = 16, layout.WIDTH - 32
        y = PAGE_TOP + 8
        self._row(x, y, width, "Sound", "Chip sounds for the deal, the play, tricks and scores.")
        self._on_off(CONTROL_X, y, "sound")
        y += 26
        self._row(x, y, width, "Volume", "How loud the sounds are (the arrows step by 5%).")
        slider = UIHorizontalSlider(pygame.Rect(CONTROL_X, y, 200, ROW_H), round(settings.volume * 100), (0, 100),
                                    manager=self.app.ui, object_id=ObjectID(object_id="#options_slider"),
                                    click_increment=VOLUME_STEP)
        self.volume_slider = slider
        self._add(slider, lambda event: self._change_volume(event.value))
        y += 26
        self._row(x, y, width, "Animation", "How fast cards are dealt, played and swept (Instant: no motion).")
        end = self._choices(CONTROL_X, y, [(speed, speed.capitalize()) for speed in SPEEDS], settings.speed,
                            lambda speed: self.change(speed=speed))
        self.speed_note = (end + 4, y + 5)
        y += 26
        self._row(x, y, width, "Trick pause", "How long a finished trick stays on the table; at 0 it waits for "
                                              "your click.")
        delay = settings.trick_delay
        self._button((CONTROL_X, y, 18, ROW_H), "-", lambda: self._change_delay(delay - TRICK_DELAY_STEP))
        self.delay_rect = pygame.Rect(CONTROL_X + 20, y, 64, ROW_H)
        self._button((CONTROL_X + 86, y, 18, ROW_H), "+", lambda: self._change_delay(delay + TRICK_DELAY_STEP))
        y += 26
        self._row(x, y, width, "Full screen", "Fill the screen, or play in a window (F11 switches too).")
        self._choices(CONTROL_X, y, [(False, "Off"), (True, "On")], self.app.fullscreen, self._change_fullscreen)
        self.shown_fullscreen = self.app.fullscreen
        y += 26
        self._row(x, y, width, "Scaling", SCALING_HELP)
        end = self._choices(CONTROL_X, y, [(scaling, scaling.capitalize()) for scaling in SCALINGS],
                            settings.scaling, lambda scaling: self.change(scaling=scaling))
        self.scaling_note = (end + 4, y + 5)

    def _change_volume(self, value: float) -> None:
        volume = round(min(100, max(0, value))) / 100
        if volume != self.app.settings.volume and self.change(volume=volume, rebuild=False):
            self.app.sounds.play("play")

    def _change_delay(self, seconds: float) -> None:
        self.change(trick_delay=min(TRICK_DELAY_MAX, max(0.0, round(seconds * 2) / 2)))

    def _change_fullscreen(self, wanted: bool) -> None:
        if wanted != self.app.fullscreen:
            self.app.toggle_fullscreen()
            if self.app.fullscreen != wanted:
                self.refuse("The screen mode could not be changed on this display.")
                return
            self.saved()
        elif wanted != self.app.settings.fullscreen:
            self.change(fullscreen=wanted)
        self.refresh()


    def _draw_screen(self, surface: pygame.Surface) -> None:
        settings = self.app.settings
        slider = self.volume_slider.rect
        text.draw(surface, f"{round(settings.volume * 100)}%", (slider.right + 10, slider.y + 5), GOLD)
        delay = settings.trick_delay
        words = "Click" if delay == 0 else f"{delay:g} s"
        text.draw(surface, words, (self.delay_rect.centerx, self.delay_rect.y + 5), GOLD, align="centre")
        text.draw(surface, f"(now {self.app.window.viewport.describe()})", self.scaling_note, GREY)
        if self.app.config.speed and self.app.config.speed != settings.speed:
            text.draw(surface, f"(this run: {self.app.config.speed.capitalize()})", self.speed_note, GREY)
