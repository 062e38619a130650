"""The title screen: the game's name, New Game, Continue, the Save Hand toggle, Quit."""

from __future__ import annotations

import pygame
import pygame_gui

from game.cards import Card
from game.players import LEVELS
from game.rules import PRESETS
from scenes import layout, text, widgets
from scenes.palette import GOLD, GOLD_DARK, GREY_LIGHT, WARNING, WHITE
from scenes.scene import Scene

CHOSEN_LEVELS = ("normal", "expert")
SHOWCASE = ("AS", "KH", "QD", "JC", "BJ")


class TitleScene(Scene):
    """What the player sees first; remembers the choices it offers in the settings."""

    def enter(self) -> None:
        ui = self.app.ui
        x, width = layout.WIDTH // 2 - 80, 160
        labels = ["New Game"] + (["Continue"] if self.app.has_saved_game() else []) + [
            self._variant_text(), self._level_text(), widgets.toggle_text("Save Hand", self.app.settings.save_hand),
            "Quit"]
        self.buttons = dict(zip(["new", "continue"][: 2 if self.app.has_saved_game() else 1]
                                + ["variant", "level", "save_hand", "quit"],
                                widgets.column(ui, x, 150, width, labels), strict=False))
        self.buttons["variant"].set_tooltip("Which rules to play: click for the next variant")
        self.buttons["level"].set_tooltip("How well the computer players play")
        self.buttons["save_hand"].set_tooltip("Append every finished hand to Spades.save in the current folder")

    def exit(self) -> None:
        for element in self.buttons.values():
            element.kill()

    def pause(self) -> None:
        for element in self.buttons.values():
            element.hide()

    def resume(self) -> None:
        for element in self.buttons.values():
            element.show()

    def _variant_text(self) -> str:
        return f"Rules: {PRESETS[self.app.settings.variant].name}" if self.app.settings.variant in PRESETS else (
            f"Rules: {self.app.settings.variant}")

    def _level_text(self) -> str:
        return f"Level: {self.app.settings.level.capitalize()}"

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_n):
            self.app.new_game()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        pressed = {b: name for name, b in self.buttons.items()}.get(event.ui_element)
        if pressed == "new":
            self.app.new_game()
        elif pressed == "continue":
            self.app.continue_game()
        elif pressed == "quit":
            self.app.quit()
        elif pressed == "save_hand":
            self.app.change_settings(save_hand=not self.app.settings.save_hand)
            self.buttons["save_hand"].set_text(widgets.toggle_text("Save Hand", self.app.settings.save_hand))
        elif pressed == "variant":
            ids = list(PRESETS)
            current = self.app.settings.variant
            following = ids[(ids.index(current) + 1) % len(ids)] if current in ids else ids[0]
            self.app.change_settings(variant=following)
            self.buttons["variant"].set_text(self._variant_text())
        elif pressed == "level":
            levels = [level for level in CHOSEN_LEVELS if level in LEVELS]
            current = self.app.settings.level
            following = levels[(levels.index(current) + 1) % len(levels)] if current in levels else levels[0]
            self.app.change_settings(level=following)
            self.buttons["level"].set_text(self._level_text())

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.felt, (0, 0))
        centre = layout.WIDTH // 2
        text.draw(surface, "SPADES", (centre, 40), GOLD, size=48, align="centre", shadow=GOLD_DARK)
        text.draw(surface, "a card game for four", (centre, 98), GREY_LIGHT, align="centre")
        art = self.app.art
        for i, name in enumerate(SHOWCASE):
            face = art.face(Card.parse(name))
            surface.blit(face, (centre - 250 + i * 14, 180 + abs(i - 2) * 4))
            surface.blit(art.back(), (centre + 170 + i * 14, 180 + abs(i - 2) * 4))
        y = layout.HEIGHT - 12 - 10 * len(self.app.notices[-3:])
        for notice in self.app.notices[-3:]:
            for line in text.wrap(notice, layout.WIDTH - 20)[:1]:
                text.draw(surface, line, (centre, y), WARNING, align="centre")
            y += 10
        if not self.app.notices:
            text.draw(surface, "F11 full screen  -  Esc quits", (centre, layout.HEIGHT - 14), WHITE, align="centre")
