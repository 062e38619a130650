"""The Options screen: variant and custom rules, computer level, table, sound and screen, player names.

Four pages behind tabs (Game, Rules, Table, Sound & screen). Every change goes
through ``app.change_settings`` at once, so it is saved (atomically) and read by
the next hand; a value the settings or the rules engine refuse is not saved, and
the reason is shown in plain words in the info box. Hovering over a row shows its
one-line help there.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement
from pygame_gui.elements import UIButton, UIDropDownMenu, UIHorizontalSlider, UIPanel, UITextEntryLine

from game.cards import DECKS, Card
from game.rules import CUSTOM_SLOTS, OPTIONS, PRESETS, Option, Rules, RulesError, custom_variant
from game.seats import SEAT_NAMES, SEATS
from scenes.look import layout, text, widgets
from scenes.look.breakdown import draw_panel
from scenes.look.cardart import BACKS
from scenes.look.palette import GOLD, GOLD_DARK, GOOD, GREY, GREY_DARK, GREY_LIGHT, PANEL_EDGE, WARNING, WHITE, Colour
from scenes.scene import Scene
from scenes.settings import BLIND_OFFERS, LEVELS, NAME_LENGTH, SCALINGS, SPEEDS, TRICK_DELAY_MAX, Settings
from scenes.table.model import sort_hand

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
SUMMARY_LINES = 6
"""The most lines the Game page gives the variant's summary."""
CONFIRM_RECT = pygame.Rect(170, 110, 300, 112)

RULE_LABELS: dict[str, str] = {
    "partners": "Partners", "deck": "Deck", "broken": "Spades broken", "mustbeat": "Must beat",
    "lowclub": "Low club first", "misdeal": "Misdeal", "nil": "Nil", "niltricks": "Nil tricks",
    "blindnil": "Blind nil", "blindnilfail": "Blind nil fails", "blindnildown": "Blind nil behind",
    "exchange": "Exchange cards", "blindteam": "Blind team bid", "teamnil": "Team nil", "bags": "Bags",
    "doubleset": "Double set", "tenfor200": "10 for 200", "sevenfor140": "7 for 140", "bonusbid": "Bonus bid",
    "boston": "Boston", "moe": "Little/Big Moe", "minind": "Lowest seat bid", "maxind": "Highest seat bid",
    "mintm": "Lowest team bid", "maxtm": "Highest team bid", "onenil": "One must bid nil",
    "bidspades": "Bid your spades", "win": "Win at", "lose": "Lose at",
}
"""A short name for every rule option, as the Rules page shows it."""

LEVEL_HELP = "How well the computer players bid and play: Normal plays sensibly, Expert thinks ahead."
BLIND_OFFER_HELP = ("Whether to ask \"Bid blind?\" before you see your cards, where the rules allow a blind "
                    "bid: every hand, only while your side is behind, or never.")
BLIND_OFFER_WORDS = {"always": "Always", "trailing": "When behind", "never": "Never"}
SCALING_HELP = ("How the picture fills the screen. Sharp: whole-pixel steps, every pixel square (black borders "
                "where it does not fit). Fill: as big as the screen allows. Auto: sharp unless that wastes much "
                "of the screen.")
SPEED_WORDS = {"slow": "Slow", "normal": "Normal", "fast": "Fast", "instant": "Instant"}
PREVIEW_HAND = ("AS", "9S", "3S", "KH", "7H", "QC", "4C", "AD", "TD")
"""The little hand on the Table page: shows the sort order and the four-colour deck."""
TRICK_DELAY_STEP = 0.5
VOLUME_STEP = 5


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


def rule_text(option: Option, rules: Rules) -> str:
    """An option's value as the Rules page shows it (and as its entry box takes it)."""
    value = rules.to_dict()[option.key]
    if option.kind == "bool":
        return "On" if value else "Off"
    return str(value)


def rules_summary(rules: Rules) -> str:
    """The rules in one sentence of short phrases (what differs from plain, neutral rules)."""
    parts = ["partners" if rules.partners else "every seat for itself"]
    if rules.deck != "standard":
        parts.append(f"{rules.deck} deck")
    parts += [words for flag, words in ((rules.spades_broken, "spades must be broken"), (rules.must_beat, "must beat"),
                                        (rules.low_club, "low club first"), (rules.misdeal, "misdeals")) if flag]
    parts.append(f"nil {rules.nil}" if rules.nil else "no nil")
    if rules.nil_tricks == "partner":
        parts.append("failed nil helps partner")
    if rules.blind_nil:
        down = f" if {rules.blind_nil_down} down" if rules.blind_nil_down else ""
        parts.append(f"blind nil +{rules.blind_nil}/-{rules.blind_nil_fail}{down}")
    if rules.exchange:
        parts.append(f"exchange {rules.exchange}")
    if rules.blind_team is not None:
        parts.append("blind team bids" + (f" if {rules.blind_team} down" if rules.blind_team else ""))
    if rules.team_nil:
        parts.append(f"team nil {rules.team_nil}")
    parts.append(f"bags {rules.bag_limit}/{rules.bag_penalty}" if rules.bag_limit else "no bag penalty")
    parts += [words for flag, words in ((rules.double_set, "double set"), (rules.ten_for_200, "10 for 200"),
                                        (rules.seven_for_140, "7 for 140"), (rules.moe, "Moe")) if flag]
    if rules.bonus_bid:
        parts.append(f"bonus bid {rules.bonus_bid}+")
    if rules.boston:
        parts.append(f"Boston {rules.boston}")
    if rules.min_individual:
        parts.append(f"bid {rules.min_individual}+")
    if rules.max_individual != 13:
        parts.append(f"bid at most {rules.max_individual}")
    if rules.min_team:
        parts.append(f"team bids {rules.min_team}+")
    if rules.max_team != 13:
        parts.append(f"team bids at most {rules.max_team}")
    if rules.one_nil:
        parts.append("one partner bids nil")
    if rules.bid_spades:
        parts.append("bid your spades")
    parts.append(f"win at {rules.win}")
    parts.append(f"lose at {rules.lose}" if rules.lose is not None else "no losing score")
    sentence = ", ".join(parts)
    return sentence[0].upper() + sentence[1:] + "."


def plain(reason: str) -> str:
    """An engine message in the player's words: option keys become the names the page shows."""
    for key, words in RULE_LABELS.items():
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


class OptionsScene(Scene):
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
        self._clear_page()
        self.page = page
        for name, tab in self.tabs.items():
            if name == page:
                tab.select()
            else:
                tab.unselect()
        {"game": self._build_game, "rules": self._build_rules, "table": self._build_table,
         "screen": self._build_screen}[page]()

    def refresh(self) -> None:
        """Rebuild the page shown, so every control shows the settings as they now are."""
        chosen = self.chosen.title if self.chosen else None
        self.show_page(self.page)
        self.chosen = next((row for row in self.rows if row.title == chosen), None)

    def _clear_page(self) -> None:
        for element in self.widgets:
            element.kill()
        self.widgets, self.actions, self.entries, self.rows, self.labels = [], {}, {}, [], []
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
        element = widgets.button(self.app.ui, rect, words, object_id="toggle_on" if on else None)
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
        entry = UITextEntryLine(pygame.Rect(rect), manager=self.app.ui, initial_text=words,
                                object_id=ObjectID(object_id="#options_entry"))
        if limit is not None:
            entry.set_text_length_limit(limit)
        self._add(entry, lambda event: commit(event.text))
        self.entries[entry] = (commit, False)
        return entry

    # -- Game: variant, level, names, Save Hand ---------------------------------------------------------
    def _build_game(self) -> None:
        settings = self.app.settings
        x, width = 16, layout.WIDTH - 32
        y = PAGE_TOP + 8
        self._row(x, y, width, "Variant", "Which rules to play: a preset, or Custom 1 and 2 that you set "
                                          "option by option on the Rules page.")
        self._variant_menu(CONTROL_X, y, 160)
        rules = variant_rules(settings, settings.variant)
        lines = text.wrap(rules_summary(rules), width - CONTROL_X + 16)
        if len(lines) > SUMMARY_LINES:
            lines = [*lines[:SUMMARY_LINES - 1], "... and more: see the Rules page."]
        for i, line in enumerate(lines):
            self.labels.append((line, (CONTROL_X, y + 24 + i * text.LINE), GREY_LIGHT))
        y += 24 + SUMMARY_LINES * text.LINE + 6  # the rows below stay put whatever the summary's length
        self._row(x, y, width, "Computer level", LEVEL_HELP)
        self._choices(CONTROL_X, y, [(level, level.capitalize()) for level in LEVELS], settings.level,
                      lambda level: self.change(level=level))
        y += 24
        self._row(x, y, width, "Bid blind?", BLIND_OFFER_HELP)
        self._choices(CONTROL_X, y, [(offer, BLIND_OFFER_WORDS[offer]) for offer in BLIND_OFFERS],
                      settings.blind_offer, lambda offer: self.change(blind_offer=offer))
        y += 26
        self._row(x, y, width, "Player names", f"The names shown at the table, 1 to {NAME_LENGTH} characters; "
                                               "press Enter or click elsewhere to keep a name.", height=44)
        for i, seat in enumerate(SEATS):
            column, line = divmod(i, 2)
            left = CONTROL_X + column * 212
            top = y + line * 24
            words = "You" if seat == "S" else SEAT_NAMES[seat]
            self.labels.append((words, (left, top + 5), GREY_LIGHT))
            self._entry((left + 56, top, 8 * NAME_LENGTH + 12, ROW_H), settings.names[i],
                        lambda name, i=i: self._change_name(i, name), limit=NAME_LENGTH)
        y += 54
        self._row(x, y, width, "Save Hand", "Append every finished hand, with its deal, bids and play, to "
                                            "Spades.save in the current folder (Review Hands reads it).")
        self._on_off(CONTROL_X, y, "save_hand")
        if self.app.session is not None and not self.app.session.game.over:
            self.labels.append(("Variant and names apply from the next new game.", (x, y + 34), GOLD))

    def _variant_menu(self, x: int, y: int, width: int) -> None:
        choices = [(variant.name, variant_id) for variant_id, variant in PRESETS.items()]
        choices += [(variant_name(slot), slot) for slot in CUSTOM_SLOTS]
        current = next(choice for choice in choices if choice[1] == self.app.settings.variant)
        menu = UIDropDownMenu(choices, current, pygame.Rect(x, y, width, ROW_H), manager=self.app.ui,
                              object_id=ObjectID(object_id="#options_menu"))
        self._add(menu, lambda event: self.change(variant=event.selected_option_id))

    def _change_name(self, index: int, name: str) -> None:
        names = list(self.app.settings.names)
        if name.strip() == names[index]:
            return
        names[index] = name
        self.change(names=tuple(names))

    # -- Rules: every option of the chosen variant ----------------------------------------------------
    def _build_rules(self) -> None:
        settings = self.app.settings
        chosen = settings.variant
        custom = chosen in CUSTOM_SLOTS
        y = PAGE_TOP + 4
        self._row(16, y, 300, "Variant", "Which rules to play. Presets are fixed; Custom 1 and 2 can be changed "
                                         "option by option.")
        self._variant_menu(88, y, 160)
        if custom:
            self.labels.append(("Start from", (346, y + 5), GREY_LIGHT))
            choices = [(variant.name, variant_id) for variant_id, variant in PRESETS.items()]
            menu = UIDropDownMenu([("Choose...", ""), *choices], ("Choose...", ""),
                                  pygame.Rect(440, y, 184, ROW_H), manager=self.app.ui,
                                  object_id=ObjectID(object_id="#options_menu"))
            self._add(menu, lambda event: self._copy_rules(event.selected_option_id, chosen))
            self.rows.append(Row(pygame.Rect(342, y, 290, ROW_H), "Start from",
                                 f"Replace every option of {variant_name(chosen)} with a preset's, then change "
                                 "what you like."))
        else:
            for i, slot in enumerate(CUSTOM_SLOTS):
                words = f"Replace {variant_name(slot)}?" if self.copy_asked == slot else (
                    f"Copy to {variant_name(slot)}")
                self._button((330 + i * 150, y, 146, ROW_H), words, lambda slot=slot: self.copy_to(chosen, slot))
                self.rows.append(Row(pygame.Rect(326 + i * 150, y, 150, ROW_H), f"Copy to {variant_name(slot)}",
                                     f"Put {variant_name(chosen)}'s rules in {variant_name(slot)} and play them, "
                                     "to change what you like there."))
        rules = variant_rules(settings, chosen)
        per_column = (len(OPTIONS) + 1) // 2
        for index, option in enumerate(OPTIONS):
            column, line = divmod(index, per_column)
            x = RULE_COLUMNS[column]
            top = RULES_TOP + line * RULE_ROW_H
            title = RULE_LABELS.get(option.key, option.key)
            self._row(x, top, 298, title, f"{title}: {option.help}", height=RULE_ROW_H)
            control = x + RULE_VALUE_X
            if custom:
                self._rule_control(option, rules, control, top)
            else:
                self.labels.append((rule_text(option, rules), (control, top + 4), GOLD))

    def _rule_control(self, option: Option, rules: Rules, x: int, y: int) -> None:
        words = rule_text(option, rules)
        h = RULE_ROW_H - 1
        if option.kind == "bool":
            value = bool(getattr(rules, option.field))
            self._button((x, y, 48, h), words, lambda: self.change_rule(option, "0" if value else "1"), on=value)
        elif option.kind == "choice":
            following = option.choices[(option.choices.index(words) + 1) % len(option.choices)]
            self._button((x, y, 88, h), words, lambda: self.change_rule(option, following))
        elif option.kind == "int":
            step = 1 if option.high <= 26 else 10 if option.high <= 1000 else 50
            value = int(getattr(rules, option.field))
            self._button((x, y, 16, h), "-", lambda: self.change_rule(option, str(value - step)))
            self._entry((x + 18, y, 64, h), words, lambda typed: self.change_rule(option, typed))
            self._button((x + 84, y, 16, h), "+", lambda: self.change_rule(option, str(value + step)))
        else:
            self._entry((x, y, 100, h), words, lambda typed: self.change_rule(option, typed))

    def change_rule(self, option: Option, raw: str) -> None:
        """Set one option of the Custom slot in force; an impossible combination is refused with the reason."""
        slot = self.app.settings.variant
        if slot not in CUSTOM_SLOTS:
            return
        current = variant_rules(self.app.settings, slot)
        if raw.strip() == rule_text(option, current) or (option.kind == "bool" and raw.strip() == str(
                int(getattr(current, option.field)))):
            return
        try:
            rules = Rules.from_dict({option.key: raw}, base=current)
        except RulesError as error:
            self.refuse(plain(str(error)))
            return
        self.change(custom_rules={**dict(self.app.settings.custom_rules), slot: rules.to_line()})

    def copy_to(self, source: str, slot: str) -> None:
        """The Copy button: a Custom slot holding rules of its own is only replaced on a second click."""
        own = variant_rules(self.app.settings, slot)
        if own != custom_variant(slot).rules and own != PRESETS[source].rules and self.copy_asked != slot:
            self.copy_asked = slot
            self.notice = f"{variant_name(slot)} has rules of its own: click again to replace them."
            self.notice_row = self.chosen
            self.refresh()
            return
        self._copy_rules(source, slot)

    def _copy_rules(self, source: str, slot: str) -> None:
        self.copy_asked = None
        if source not in PRESETS or slot not in CUSTOM_SLOTS:
            return
        line = PRESETS[source].rules.to_line()
        self.change(custom_rules={**dict(self.app.settings.custom_rules), slot: line}, variant=slot)

    # -- Table: sorting, the deck's colours, helpers in play, the card back ---------------------------------
    def _build_table(self) -> None:
        settings = self.app.settings
        x, width = 16, 396
        y = PAGE_TOP + 8
        self._row(x, y, width, "Sort spades", "Where the trumps go in your hand: at the left or at the right.")
        self._choices(CONTROL_X, y, [(True, "First"), (False, "Last")], settings.spades_first,
                      lambda value: self.change(spades_first=value))
        y += 24
        self._row(x, y, width, "Aces go", "Each suit of your hand sorted high to low (aces at the left) or low to "
                                          "high (aces at the right).")
        self._choices(CONTROL_X, y, [(True, "Left"), (False, "Right")], settings.aces_left,
                      lambda value: self.change(aces_left=value))
        y += 24
        self._row(x, y, width, "Four colours", "Blue diamonds and green clubs, so no two suits look alike.")
        self._on_off(CONTROL_X, y, "four_colour")
        y += 24
        self._row(x, y, width, "Dim unplayable", "In play, cards you may not play now are greyed.")
        self._on_off(CONTROL_X, y, "dim_illegal")
        y += 24
        self._row(x, y, width, "Play last card", "Your last card of a hand is played for you.")
        self._on_off(CONTROL_X, y, "auto_last_card")
        y += 24
        self._row(x, y, width, "Click to raise", "On: the first click raises a card, a second click plays it. "
                                                 "Off: one click plays.")
        self._on_off(CONTROL_X, y, "click_to_raise")
        y += 28
        self._row(x, y, layout.WIDTH - 32, "Card back", "The pattern on the back of the cards: click one to "
                                                        "use it.", height=66)
        spacing = (layout.WIDTH - 24 - CONTROL_X) // len(BACKS)
        for i, name in enumerate(BACKS):
            self.back_rects[name] = pygame.Rect(CONTROL_X + i * spacing, y + 5, layout.CARD_W, layout.CARD_H)

    def choose_back(self, name: str) -> None:
        """Use the card back called `name` (one of cardart.BACKS) from now on."""
        if self.change(card_back=name):
            self.app.art.set_back(name)

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
        end = self._choices(CONTROL_X, y, [(speed, SPEED_WORDS[speed]) for speed in SPEEDS], settings.speed,
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

    # -- changing and remembering -----------------------------------------------------------------------
    def change(self, *, rebuild: bool = True, **changes: Any) -> bool:
        """Apply and save some settings now; a refused value changes nothing and its reason is shown.

        True if they were saved."""
        notices = len(self.app.notices)
        try:
            self.app.change_settings(**changes)
        except ValueError as error:  # SettingError: a value the settings cannot take
            self.refuse(plain(str(error)))
            return False
        if "four_colour" in changes:
            self.app.art.four_colour = self.app.settings.four_colour
        if changes.get("sound") is True:
            self.app.sounds.play("bid")
        if len(self.app.notices) > notices:
            self.refuse(self.app.notices[-1])
            return False
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
        if self.page == "screen" and self.shown_fullscreen != self.app.fullscreen and not self.confirming:
            self.refresh()  # F11 switched the screen mode meanwhile
        left = []
        for entry, (commit, focused) in list(self.entries.items()):
            if focused and not entry.is_focused:
                left.append((commit, entry.get_text()))
            self.entries[entry] = (commit, entry.is_focused)
        for commit, words in left:
            commit(words)

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
        for i, line in enumerate(text.wrap(words, INFO_RECT.width)[:3]):
            text.draw(surface, line, (INFO_RECT.x, INFO_RECT.y + i * text.LINE), colour)
        if self.status and self.status_time > 0:
            text.draw(surface, self.status, (layout.WIDTH // 2, BOTTOM_Y + 5), self.status_colour, align="centre")

    def _draw_table(self, surface: pygame.Surface) -> None:
        settings = self.app.settings
        art = self.app.art
        hand = sort_hand([Card.parse(name) for name in PREVIEW_HAND], DECKS["standard"], settings.spades_first,
                         settings.aces_left)
        left, top = 432, PAGE_TOP + 12
        for i, card in enumerate(hand):
            surface.blit(art.shadow(), (left + i * 18 + 1, top + 1))
            surface.blit(art.face(card), (left + i * 18, top))
        text.draw(surface, "Your hand", (left + 92, top + layout.CARD_H + 8), GREY, align="centre")
        for name, rect in self.back_rects.items():
            if name == settings.card_back:
                surface.blit(art.outline(), (rect.x - 2, rect.y - 2))
            elif rect.collidepoint(self.mouse) and not self.confirming:
                pygame.draw.rect(surface, GREY_LIGHT, rect.inflate(4, 4), 1)
            surface.blit(art.back_named(name), rect.topleft)
        first = next(iter(self.back_rects.values()))
        text.draw(surface, settings.card_back.capitalize(), (16, first.y + 36), GOLD)

    def _draw_screen(self, surface: pygame.Surface) -> None:
        settings = self.app.settings
        slider = self.volume_slider.rect
        text.draw(surface, f"{round(settings.volume * 100)}%", (slider.right + 10, slider.y + 5), GOLD)
        delay = settings.trick_delay
        words = "Click" if delay == 0 else f"{delay:g} s"
        text.draw(surface, words, (self.delay_rect.centerx, self.delay_rect.y + 5), GOLD, align="centre")
        text.draw(surface, f"(now {self.app.window.viewport.describe()})", self.scaling_note, GREY)
        if self.app.config.speed and self.app.config.speed != settings.speed:
            text.draw(surface, f"(this run: {SPEED_WORDS[self.app.config.speed]})", self.speed_note, GREY)
