"""The frame of the Options screen: tabs, rows with their help, every change saved at once or
refused with its reason, Restore defaults, Back. Each page builds its rows in a module of its own."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement
from pygame_gui.elements import UIButton, UIPanel, UITextEntryLine

from game.rules import OPTIONS, PRESETS, Rules, custom_variant
from scenes.look import layout, text, widgets
from scenes.look.breakdown import draw_panel
from scenes.look.palette import GOLD, GOLD_DARK, GOOD, GREY, GREY_DARK, GREY_LIGHT, PANEL_EDGE, WARNING, WHITE, Colour
from scenes.scene import Scene
from scenes.settings import SETTINGS_NOT_SAVED, Settings

PAGES: dict[str, str] = {"game": "Game", "rules": "Rules", "table": "Table", "screen": "Sound & screen"}
"""Page id → the words on its tab, in tab order."""

FRAME = pygame.Rect(0, 0, layout.WIDTH, layout.HEIGHT)
PAGE_TOP = 30
INFO_RECT = pygame.Rect(8, 298, layout.WIDTH - 16, 34)
BOTTOM_Y = 338
ROW_H = 18
RULE_ROW_H = 15
RULES_TOP = 56
RULE_COLUMNS = (14, 328)
RULE_VALUE_X = 144
CONTROL_X = 196
SAVED_SECONDS = 2.5
SUMMARY_LINES = 5
"""The most lines the Game page gives the variant's summary."""
CONFIRM_RECT = pygame.Rect(170, 110, 300, 112)

@dataclasses.dataclass(frozen=True, eq=False)
class Row:
    """A line of a page: where it is, what it is called, and its help for the info box."""

    rect: pygame.Rect
    title: str
    help: str


def variant_name(variant_id: str) -> str:
    """A preset's or a Custom slot's name as the player sees it."""
    return PRESETS[variant_id].name if variant_id in PRESETS else custom_variant(variant_id).name


def variant_rules(settings: Settings, variant_id: str) -> Rules:
    """The rules of a preset or of a Custom slot as saved (Partner's until changed); no win-score override."""
    if variant_id in PRESETS:
        return PRESETS[variant_id].rules
    line = settings.custom_line(variant_id)
    return Rules.parse(line, base=PRESETS["partner"].rules) if line else custom_variant(variant_id).rules


def plain(reason: str) -> str:
    """An engine message in the player's words: option keys become the names the page shows."""
    for option in OPTIONS:
        key, words = option.key, option.label
        if reason.startswith(f"{key}="):
            typed, _, why = reason[len(key) + 1:].partition(": ")
            reason = f"{words}: {why.rstrip('.')}, not '{typed}'"
            break
        if reason.startswith(f"{key} "):
            reason = f"{words}{reason[len(key):]}"
            break
    reason = reason.strip()
    if reason and not reason.endswith("."):
        reason += "."
    return reason[0].upper() + reason[1:] if reason else reason


class OptionsFrame(Scene):
    """Every setting on four pages; pushed over the title or the in-game menu, left with Back or Esc.

    `page` is the page shown first (one of :data:`PAGES`). After a change, `status`
    holds "Saved." or "Not saved." and `notice` the refusal reason (empty when the
    last change was saved); `confirm` is the Restore-defaults question while open, with its
    `confirm_buttons` "restore" and "cancel".
    """

    def __init__(self, app, page: str = "game") -> None:
        super().__init__(app)
        if page not in PAGES:
            raise ValueError(f"{page!r} is not an options page ({', '.join(PAGES)})")
        self.page = page
        self.tabs: dict[str, UIButton] = {}
        self.fixed: list[UIElement] = []
        self.widgets: list[UIElement] = []
        self.actions: dict[UIElement, Callable[[pygame.event.Event], None]] = {}
        self.entries: dict[UITextEntryLine, tuple[Callable[[str], None], bool]] = {}
        self.looks: dict[UIElement, tuple] = {}
        """How each button and entry of the page was made (kind, place, words, ...): a rebuild keeps
        the ones made the same way instead of making them again, which is most of a page's cost."""
        self.spare: dict[tuple, UIElement] = {}
        self.rows: list[Row] = []
        self.labels: list[tuple[str, tuple[int, int], Colour]] = []
        self.back_rects: dict[str, pygame.Rect] = {}
        self.confirm: UIPanel | None = None
        self.confirm_buttons: dict[str, UIButton] = {}
        self.mouse = (-1, -1)
        self.chosen: Row | None = None
        self.status = ""
        self.status_colour: Colour = GOOD
        self.status_time = 0.0
        self.notice = ""
        self.notice_row: Row | None = None
        self.shown_fullscreen = app.fullscreen
        self.copy_asked: str | None = None
        """The Custom slot whose Copy button asks to be clicked again."""
        self.notices_seen = len(app.notices)
        """The App's notices already heard (a failed settings write is one)."""

    # -- the scene's life ------------------------------------------------------------------------
    def enter(self) -> None:
        ui = self.app.ui
        x = 148
        for page, words in PAGES.items():
            width = len(words) * 8 + 16
            self.tabs[page] = widgets.button(ui, (x, 6, width, 18), words, tool_tip=None)
            x += width + 4
        self.back = widgets.button(ui, (8, BOTTOM_Y, 72, 18), "Back")
        self.restore = widgets.button(ui, (layout.WIDTH - 8 - 144, BOTTOM_Y, 144, 18), "Restore defaults")
        self.fixed = [*self.tabs.values(), self.back, self.restore]
        self.show_page(self.page)

    def exit(self) -> None:
        self._commit_entries()
        self._clear_page()
        for element in self.fixed:
            element.kill()
        self.fixed = []
        self.close_confirm()

    def pause(self) -> None:
        for element in [*self.fixed, *self.widgets, *([self.confirm] if self.confirm else [])]:
            element.hide()

    def resume(self) -> None:
        for element in [*self.fixed, *self.widgets, *([self.confirm] if self.confirm else [])]:
            element.show()

    def leave(self) -> None:
        """Back to the scene beneath; what is being typed is kept first, and if it is refused the
        screen stays, showing why."""
        self.notice = ""
        self._commit_entries()
        if not self.notice:
            self.app.pop()

    # -- pages ---------------------------------------------------------------------------------------
    def show_page(self, page: str) -> None:
        """Build the widgets of `page` (from the current settings) in place of the page shown."""
        if page != self.page:
            self.copy_asked = None
            self.notice, self.notice_row = "", None  # a refusal speaks of the page it was made on
        self.spare = {look: element for element, look in self.looks.items()}
        self._clear_page(keep=set(self.spare.values()))
        self.page = page
        for name, tab in self.tabs.items():
            if name == page:
                tab.select()
            else:
                tab.unselect()
        {"game": self._build_game, "rules": self._build_rules, "table": self._build_table,
         "screen": self._build_screen}[page]()
        for element in self.spare.values():
            element.kill()
        self.spare = {}

    def refresh(self) -> None:
        """Rebuild the page shown, so every control shows the settings as they now are."""
        chosen = self.chosen.title if self.chosen else None
        self.show_page(self.page)
        self.chosen = next((row for row in self.rows if row.title == chosen), None)

    def _clear_page(self, keep: Collection[UIElement] = ()) -> None:
        """Forget the page's controls, killing all but those in `keep` (which a rebuild may take up again)."""
        for element in self.widgets:
            if element not in keep:
                element.kill()
        self.widgets, self.actions, self.entries, self.rows, self.labels = [], {}, {}, [], []
        self.looks = {}
        self.back_rects = {}
        self.chosen = None

    def _add(self, element: UIElement, action: Callable[[pygame.event.Event], None] | None = None) -> UIElement:
        self.widgets.append(element)
        if action is not None:
            self.actions[element] = action
        return element

    def _row(self, x: int, y: int, width: int, title: str, help_text: str, height: int = ROW_H) -> Row:
        row = Row(pygame.Rect(x - 4, y, width + 8, height), title, help_text)
        self.rows.append(row)
        self.labels.append((title, (x, y + (height - 8) // 2), WHITE))
        return row

    def _button(self, rect: tuple[int, int, int, int], words: str, action: Callable[[], None], *,
                on: bool = False) -> UIButton:
        look = ("button", rect, words, on)
        element = self.spare.pop(look, None)
        if element is None:
            element = widgets.button(self.app.ui, rect, words, object_id="toggle_on" if on else None)
        self.looks[element] = look
        self._add(element, lambda event: action())
        return element

    def _choices(self, x: int, y: int, choices: list[tuple[Any, str]], current: Any,
                 pick: Callable[[Any], None], height: int = ROW_H) -> int:
        """A row of buttons, the chosen one lit; returns the x after the last."""
        for value, words in choices:
            width = len(words) * 8 + 16
            self._button((x, y, width, height), words, lambda value=value: pick(value), on=value == current)
            x += width + 4
        return x

    def _on_off(self, x: int, y: int, field: str) -> None:
        current = getattr(self.app.settings, field)
        self._choices(x, y, [(False, "Off"), (True, "On")], current, lambda value: self.change(**{field: value}))

    def _entry(self, rect: tuple[int, int, int, int], words: str, commit: Callable[[str], None], *,
               limit: int | None = None) -> UITextEntryLine:
        look = ("entry", rect, words, limit)
        entry = self.spare.pop(look, None)
        if entry is not None and entry.get_text() != words:  # it holds what was typed, not the setting
            self.spare[look] = entry
            entry = None
        if entry is None:
            entry = UITextEntryLine(pygame.Rect(rect), manager=self.app.ui, initial_text=words,
                                    object_id=ObjectID(object_id="#options_entry"))
            if limit is not None:
                entry.set_text_length_limit(limit)
        self.looks[entry] = look
        self._add(entry, lambda event: commit(event.text))
        self.entries[entry] = (commit, False)
        return entry

    # -- changing and remembering -----------------------------------------------------------------------
    def change(self, *, rebuild: bool = True, **changes: Any) -> bool:
        """Apply and save some settings now; a refused value changes nothing and its reason is shown.

        True if they were saved."""
        try:
            self.app.change_settings(**changes)
        except ValueError as error:  # SettingError: a value the settings cannot take
            self.refuse(plain(str(error)))
            return False
        if "four_colour" in changes:
            self.app.art.four_colour = self.app.settings.four_colour
        if changes.get("sound") is True:
            self.app.sounds.play("bid")
        self.saved()
        if rebuild:
            self.refresh()
        return True

    def saved(self) -> None:
        self.notice, self.notice_row = "", None
        self._status("Saved.", GOOD)

    def refuse(self, reason: str) -> None:
        """Show why a change was not made, and show the settings as they still are."""
        self.notice = reason
        self.notice_row = self._row_at(self.mouse) or self.chosen
        self._status("Not saved.", WARNING)
        self.refresh()

    def _status(self, words: str, colour: Colour) -> None:
        self.status, self.status_colour, self.status_time = words, colour, SAVED_SECONDS

    def ask_restore(self) -> None:
        """Ask before putting every setting back to its default (the rest of the screen waits)."""
        if self.confirming:
            return
        self._commit_entries()
        ui = self.app.ui
        self.confirm = UIPanel(CONFIRM_RECT, starting_height=20, manager=ui,
                               object_id=ObjectID(object_id="#options_confirm"))
        lines = text.wrap("Every option goes back to how it was at first: the variant, the names and both "
                          "Custom rules too.", CONFIRM_RECT.width - 24)
        for i, line in enumerate(["Restore the defaults?", *lines]):
            widgets.label(ui, (10, 8 + i * 12 + (4 if i else 0), CONFIRM_RECT.width - 24, 10), line,
                          container=self.confirm, object_id="box_title" if i == 0 else None)
        half = CONFIRM_RECT.width // 2
        self.confirm_buttons = {
            "restore": widgets.button(ui, (half - 110, CONFIRM_RECT.height - 30, 100, 18), "Restore",
                                      container=self.confirm),
            "cancel": widgets.button(ui, (half + 8, CONFIRM_RECT.height - 30, 100, 18), "Cancel",
                                     container=self.confirm),
        }
        for element in [*self.fixed, *self.widgets]:
            element.disable()

    def close_confirm(self) -> None:
        """Put the Restore question away without restoring."""
        if self.confirm is not None:
            self.confirm.kill()
        self.confirm, self.confirm_buttons = None, {}
        for element in [*self.fixed, *self.widgets]:
            element.enable()

    @property
    def confirming(self) -> bool:
        """The Restore question is open."""
        return self.confirm is not None

    def restore_defaults(self) -> None:
        """Every setting to its default, applied at once (a run started --windowed stays in its window)."""
        defaults = Settings()
        every = {field.name: getattr(defaults, field.name) for field in dataclasses.fields(defaults)}
        self.app.change_settings(**every)
        self.app.art.set_back(defaults.card_back)
        self.app.art.four_colour = defaults.four_colour
        if not self.app.config.windowed and self.app.fullscreen != defaults.fullscreen:
            self.app.toggle_fullscreen()
        self.notice, self.notice_row = "", None
        self._status("Defaults restored.", GOOD)
        self.refresh()

    def _commit_entries(self) -> None:
        for entry, (commit, _) in list(self.entries.items()):
            if entry.alive():
                commit(entry.get_text())

    # -- events --------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.confirming:
            if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.confirm_buttons["restore"]:
                self.close_confirm()
                self.restore_defaults()
            elif (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.confirm_buttons["cancel"]
                  or event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                self.close_confirm()
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self._click(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type in (pygame_gui.UI_BUTTON_PRESSED, pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                            pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, pygame_gui.UI_TEXT_ENTRY_FINISHED):
            self._widget_event(event)

    def _widget_event(self, event: pygame.event.Event) -> None:
        element = event.ui_element
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            page = next((name for name, tab in self.tabs.items() if tab is element), None)
            if page is not None:
                self._commit_entries()
                self.show_page(page)
                return
            if element is self.back:
                self.leave()
                return
            if element is self.restore:
                self.ask_restore()
                return
        action = self.actions.get(element)
        if action is not None:
            self.chosen = self._row_at(element.rect.center) or self.chosen
            action(event)

    def _click(self, pos: tuple[int, int]) -> None:
        for name, rect in self.back_rects.items():
            if rect.collidepoint(pos):
                self.chosen = self._row_at(pos)
                self.choose_back(name)
                return

    def _key(self, event: pygame.event.Event) -> None:
        typing = any(entry.is_focused for entry in self.entries)
        if event.key == pygame.K_ESCAPE:
            self.leave()
        elif not typing and event.key in (pygame.K_TAB, pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            pages = list(PAGES)
            back = event.key == pygame.K_PAGEUP or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            self._commit_entries()
            self.show_page(pages[(pages.index(self.page) + (-1 if back else 1)) % len(pages)])

    def _row_at(self, pos: tuple[int, int]) -> Row | None:
        return next((row for row in self.rows if row.rect.collidepoint(pos)), None)

    # -- frames ----------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.status_time = max(0.0, self.status_time - dt)
        self._hear_failed_saves()
        if self.page == "screen" and self.shown_fullscreen != self.app.fullscreen and not self.confirming:
            self.refresh()  # F11 switched the screen mode meanwhile
        left = []
        for entry, (commit, focused) in list(self.entries.items()):
            if focused and not entry.is_focused:
                left.append((commit, entry.get_text()))
            self.entries[entry] = (commit, entry.is_focused)
        for commit, words in left:
            commit(words)

    def _hear_failed_saves(self) -> None:
        """The settings are written in the App's file thread: a write that failed shows here when it is
        known (at the latest a frame after the change), "Not saved." and why."""
        new = self.app.notices[self.notices_seen:]
        self.notices_seen = len(self.app.notices)
        failed = [notice for notice in new if notice.startswith(SETTINGS_NOT_SAVED)]
        if failed:
            self.refuse(failed[-1])

    def frame_due(self) -> float | None:
        """The "Saved." line goes away by itself."""
        return self.status_time if self.status_time > 0 else None

    def info(self) -> tuple[str, Colour]:
        """What the info box says now: a refusal, or the help of the row under the mouse (or last used)."""
        hovered = self._row_at(self.mouse)
        if self.notice and (hovered is None or hovered is self.notice_row or hovered.title == getattr(
                self.notice_row, "title", None)):
            return self.notice, WARNING
        back = next((name for name, rect in self.back_rects.items() if rect.collidepoint(self.mouse)), None)
        if back is not None:
            return f"Card back: {back.capitalize()}. Click to use it.", GREY_LIGHT
        row = hovered or self.chosen
        if row is not None:
            return row.help, GREY_LIGHT
        if self.page == "rules" and self.app.settings.variant in PRESETS:
            return "Presets are fixed: copy one to a Custom slot to change its options. Point at an option to " \
                   "see what it does.", GREY
        return "Point at an option to see what it does. Changes are saved at once. Tab: next page, Esc: back.", GREY

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.felt, (0, 0))
        draw_panel(surface, FRAME)
        text.draw(surface, "OPTIONS", (12, 7), GOLD, size=16, shadow=GOLD_DARK)
        pygame.draw.line(surface, PANEL_EDGE, (6, PAGE_TOP - 2), (layout.WIDTH - 7, PAGE_TOP - 2))
        hovered = self._row_at(self.mouse)
        if hovered is not None and not self.confirming:
            pygame.draw.rect(surface, GREY_DARK, hovered.rect, 1)
        for words, pos, colour in self.labels:
            text.draw(surface, words, pos, GREY if self.confirming else colour)
        getattr(self, f"_draw_{self.page}", lambda _: None)(surface)
        pygame.draw.line(surface, PANEL_EDGE, (6, INFO_RECT.y - 3), (layout.WIDTH - 7, INFO_RECT.y - 3))
        words, colour = self.info()
        for i, line in enumerate(text.fitted(words, INFO_RECT.width, 3)):
            text.draw(surface, line, (INFO_RECT.x, INFO_RECT.y + i * text.LINE), colour)
        if self.status and self.status_time > 0:
            text.draw(surface, self.status, (layout.WIDTH // 2, BOTTOM_Y + 5), self.status_colour, align="centre")

