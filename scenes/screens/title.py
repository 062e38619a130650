"""The title screen: the game's name and the way to everything else.

New Game, Continue (when a game was left unfinished), Options, How to Play, Review
Hands, Statistics, About, the Save Hand toggle and Quit.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.cards import Card
from scenes.look import layout, text, widgets
from scenes.look.palette import GOLD, GOLD_DARK, GREY_LIGHT, WARNING, WHITE
from scenes.look.reading import draw_reading
from scenes.scene import Scene

SHOWCASE = ("AS", "KH", "QD", "JC", "BJ")
SHOWN_NOTICES = 3
"""Notices at the bottom, the newest, a line each (what does not fit ends in "..")."""
READING_ROWS = 24
"""Rows of the notices shown whole, the mouse over them (the oldest left out when they are more)."""
ENTRIES = (("new", "New Game"), ("continue", "Continue"), ("online", "Play Online"), ("options", "Options"),
           ("help", "How to Play"), ("review", "Review Hands"), ("statistics", "Statistics"), ("about", "About"),
           ("save_hand", "Save Hand"), ("quit", "Quit"))


class TitleScene(Scene):
    """What the player sees first."""

    def enter(self) -> None:
        self.build()

    def build(self) -> None:
        entries = [(key, words) for key, words in ENTRIES if key != "continue" or self.app.has_saved_game()]
        labels = [widgets.toggle_text(words, self.app.settings.save_hand) if key == "save_hand" else words
                  for key, words in entries]
        buttons = widgets.column(self.app.ui, layout.WIDTH // 2 - 70, 108, 140, labels, height=17, gap=3)
        self.buttons = dict(zip([key for key, _ in entries], buttons, strict=True))
        self.widgets = buttons
        self.hint = ""
        """Shown at the bottom while the mouse is over a button that needs a word of explanation."""
        self.reading = False
        """The mouse is over the notices: they show whole above them."""

    def resume(self) -> None:
        """Back from another screen: settings or the saved game may have changed."""
        self.exit()
        self.build()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            over_save = self.buttons["save_hand"].rect.collidepoint(event.pos)
            self.hint = f"Save Hand adds every finished hand to\n{self.app.log_path}" if over_save else ""
            self.read_notices(self.notices_area().collidepoint(event.pos) and bool(self.app.notices))
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_n):
            self.new_game()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            pressed = next((key for key, b in self.buttons.items() if b is event.ui_element), None)
            if pressed:
                self.choose(pressed)

    def choose(self, entry: str) -> None:
        app = self.app
        if entry == "new":
            self.new_game()
        elif entry == "continue":
            app.continue_game()
            if app.session is None:
                self.resume()
        elif entry == "quit":
            app.quit()
        elif entry == "save_hand":
            app.change_settings(save_hand=not app.settings.save_hand)
            self.buttons["save_hand"].set_text(widgets.toggle_text("Save Hand", app.settings.save_hand))
        elif entry == "options":
            app.open("options")
        elif entry == "online":
            app.open("connect")
        elif entry in ("help", "about"):
            app.open("help", "how_to_play" if entry == "help" else "about", statistics_path=app.statistics_path)
        elif entry == "review":
            app.open("review", app.log_path)
        elif entry == "statistics":
            app.open("statistics", app.statistics, app.statistics_path)

    def new_game(self) -> None:
        """Deal a new game; first ask, when that would lose a game left unfinished."""
        self.app.ask_new_game()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.felt, (0, 0))
        centre = layout.WIDTH // 2
        text.draw(surface, "SPADES", (centre, 30), GOLD, size=48, align="centre", shadow=GOLD_DARK)
        variant = self.app.settings.game_variant()
        text.draw(surface, f"{variant.name} rules - {self.app.settings.players_words(variant.rules.partners)}",
                  (centre, 92), GREY_LIGHT, align="centre")
        art = self.app.art
        for i, name in enumerate(SHOWCASE):
            surface.blit(art.face(Card.parse(name)), (centre - 250 + i * 14, 170 + abs(i - 2) * 4))
            surface.blit(art.back(), (centre + 154 + i * 14, 170 + abs(i - 2) * 4))
        if self.hint:  # while the mouse is over Save Hand, in place of the notices
            for i, line in enumerate(text.fitted(self.hint, layout.WIDTH - 20, 2)):
                text.draw(surface, line, (centre, layout.HEIGHT - 36 + 10 * i), GOLD, align="centre")
            return
        notices = self.app.notices[-SHOWN_NOTICES:]
        y = self.notices_area().y
        for notice in notices:
            text.draw(surface, text.fitted(notice, layout.WIDTH - 20)[0], (centre, y), WARNING, align="centre")
            y += text.LINE
        if not notices:
            screen = "F11 window" if self.app.fullscreen else "F11 full screen"
            text.draw(surface, f"{screen}  -  Esc quits", (centre, y), WHITE, align="centre")
        elif self.reading:
            draw_reading(surface, [(notice, WARNING) for notice in self.app.notices], 10, self.notices_area().y - 4,
                         layout.WIDTH - 20, READING_ROWS, upward=True)

    def read_notices(self, reading: bool) -> None:
        """Show the notices whole over the menu (its buttons hidden under them), or the menu again."""
        if reading != self.reading:
            self.reading = reading
            widgets.show(self.widgets, not reading)

    def notices_area(self) -> pygame.Rect:
        """Where the notices are, one line each, at the bottom (pointing there shows them whole)."""
        rows = max(1, len(self.app.notices[-SHOWN_NOTICES:]))
        return pygame.Rect(10, layout.HEIGHT - 16 - text.LINE * rows, layout.WIDTH - 20, text.LINE * rows)
