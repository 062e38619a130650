"""How to Play and About: pages of text that scroll, with the variant in force and where files are kept."""

from __future__ import annotations

import platform
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import pygame
import pygame_gui

from game.rules import OPTIONS, PRESETS, Option, Rules
from scenes.look import text, widgets
from scenes.look.breakdown import draw_panel
from scenes.look.palette import GOLD, GREY, GREY_DARK, GREY_LIGHT, PANEL_EDGE, WHITE, Colour
from scenes.scene import Scene
from scenes.settings import stats_path

VERSION = "1.0"
PAGES = {"how_to_play": "HOW TO PLAY", "about": "ABOUT"}

PANEL_RECT = pygame.Rect(8, 10, 624, 340)
BUTTON_Y = PANEL_RECT.bottom - 28
VIEW = pygame.Rect(PANEL_RECT.x + 16, PANEL_RECT.y + 36, PANEL_RECT.width - 44, BUTTON_Y - 8 - PANEL_RECT.y - 36)
"""Where the text shows; it scrolls inside."""
TRACK = pygame.Rect(VIEW.right + 8, VIEW.y, 6, VIEW.height)
LINE = text.LINE + 1
KEY_COLUMN = 150
"""Width of the left column of the shortcut table, in pixels."""
INDENT = 16
LINE_STEP = 2 * LINE
WHEEL_STEP = 3 * LINE



# -- the page as blocks, then as lines ------------------------------------------------------------
@dataclass(frozen=True)
class Heading:
    words: str


@dataclass(frozen=True)
class Para:
    words: str
    colour: Colour = WHITE
    indent: int = 0


@dataclass(frozen=True)
class Pair:
    """Two columns: a key (or name) and what it does."""

    key: str
    words: str
    column: int = 0
    """Where the second column starts (0: :data:`KEY_COLUMN`)."""


@dataclass(frozen=True)
class Setting:
    """An option of the rules: its name and value on one line, its help below."""

    name: str
    value: str
    help: str


Block = Heading | Para | Pair | Setting


@dataclass(frozen=True)
class Line:
    y: int
    x: int
    words: str
    colour: Colour


def compose(blocks: list[Block], width: int) -> tuple[list[Line], int]:
    """The blocks laid out as lines from y = 0 down; returns the lines and the height they fill."""
    lines: list[Line] = []
    y = 0
    for block in blocks:
        if isinstance(block, Heading):
            y += LINE if lines else 0
            lines.append(Line(y, 0, block.words, GOLD))
            y += LINE + 4
        elif isinstance(block, Para):
            for row in text.wrap(block.words, width - block.indent):
                lines.append(Line(y, block.indent, row, block.colour))
                y += LINE
            y += 4
        elif isinstance(block, Setting):
            name = f"{block.name}:"
            lines.append(Line(y, 0, name, GOLD))
            lines.append(Line(y, text.font(8).size(name)[0] + 8, block.value, WHITE))
            y += LINE
            for row in text.wrap(block.help, width - INDENT):
                lines.append(Line(y, INDENT, row, GREY_LIGHT))
                y += LINE
            y += 4
        else:
            column = block.column or KEY_COLUMN
            keys = text.wrap(block.key, column - 8)
            words = text.wrap(block.words, width - column)
            for i in range(max(len(keys), len(words))):
                if i < len(keys):
                    lines.append(Line(y, 0, keys[i], GOLD))
                if i < len(words):
                    lines.append(Line(y, column, words[i], WHITE))
                y += LINE
            y += 2
    return lines, y


# -- what the pages say ---------------------------------------------------------------------------
RULES_TEXT: list[Block] = [
    Heading("The table"),
    Para("Four players: you sit South at the bottom, your partner North at the top, and the two opponents "
         "West and East at the sides. You and North score together against West and East. Everything goes "
         "round clockwise: South, West, North, East."),
    Para("Spades are trumps: any spade beats any card of another suit. Aces are high, twos low."),
    Para("The rules below are the common ones (the Partner variant, with its points). The variant in force, "
         "further down, may change some of them: Solo has no partners, some variants forbid nil, others "
         "add jokers, bonuses or stricter bids.", GREY_LIGHT),
    Heading("The deal"),
    Para("At the start of a game the cards are turned up one by one, to each player in turn, until the ace "
         "of spades appears: whoever receives it deals the first hand. After that the deal passes to the "
         "left every hand. Each player gets 13 cards, one at a time."),
    Heading("Bidding"),
    Para("Starting at the dealer's left, each player bids once: how many tricks he expects to take, from 1 "
         "to 13. There is no passing. Your bid and your partner's, added together, are your side's contract "
         "for the hand."),
    Para("Nil (a bid of 0) is a promise to take no trick at all. It is scored on its own, win or lose, and "
         "your partner's bid stands alone as your side's contract."),
    Para("Blind nil is a nil bid made before looking at your cards. It is worth twice as much and is a "
         "gamble; some variants allow it only when your side is far enough behind, and some let you swap "
         "a card or two with your partner after the bidding: the blind nil bidder passes first (up to the "
         "number allowed, or none), and the partner passes back as many, never the cards just received."),
    Heading("Playing the cards"),
    Para("The player at the dealer's left leads the first trick, and everyone plays one card in turn. You "
         "must follow suit: play a card of the suit that was led if you have one. If you have none, play "
         "anything: a spade to trump, or another suit to throw a card away."),
    Para("A trick goes to the highest spade in it; with no spade, to the highest card of the suit led. "
         "Whoever takes a trick leads the next one."),
    Para("Spades must be broken: nobody may lead a spade until a spade has been played to an earlier trick "
         "(when someone could not follow suit), unless the leader holds nothing but spades."),
    Heading("Scoring"),
    Para("Contract made: if your side takes at least as many tricks as it bid, it scores 10 points for each "
         "trick bid. Every trick over the contract is a bag, worth 1 point."),
    Para("Set: if your side takes fewer tricks than it bid, it loses 10 points for each trick bid."),
    Para("Bags pile up from hand to hand. When your side has collected 10 of them it loses 100 points (the "
         "bag penalty) and the count goes back down by 10. Bidding too low is not safe either."),
    Para("Nil: +100 if the nil bidder takes no trick, -100 if he takes any. Blind nil: +200 if made, "
         "-100 (or what the variant says) if not. The tricks a failed nil bidder takes count as bags for "
         "his side, not toward the partner's bid."),
    Para("The game: after each hand the scores are checked. A side that reaches the winning score (500 in "
         "Partner) ends the game, and so does a side that falls to the losing score, if there is one. The "
         "higher score wins; if the top two are level, another hand is played."),
]

SHORTCUTS: list[Block] = [
    Heading("Keys and mouse"),
    Pair("Click a card", "play it (where the options ask for it, the first click raises it)"),
    Pair("Left/Right, Enter", "pick a card in your hand, then play it"),
    Pair("+ / -, Enter", "set your bid in the bid box, then bid it"),
    Pair("N, B", "bid nil, blind nil, where the rules allow it"),
    Pair("Enter (cards unseen)", "look at your cards (after + or -, bid that number blind); on a misdeal "
                                 "question keep the hand, D calls it"),
    Pair("S or right-click", "suggest: the computer proposes a bid or marks a card"),
    Pair("Ctrl+Z", "take back your last bid or card of the hand (also in the menu)"),
    Pair("Point at a card", "another player's card on the table, or their bid: why they chose it (Options, "
                            "Table: Why on hover)"),
    Pair("Coach: Enter, Esc", "the coach asks before a card clearly worse than Expert's (Options, Game): Play "
                              "it, or Take back and choose again"),
    Pair("L", "show the last trick"),
    Pair("T (online)", "at a server's table: chat, Enter sends; point at the line under North's name to read "
                       "the chat so far"),
    Pair("M", "sound on or off"),
    Pair("Space or click", "skip an animation, start play once the bids are in, or go on after a trick"),
    Pair("Esc", "the menu (on this page: back)"),
    Pair("F11 or Alt+Enter", "full screen or window"),
    Pair("P in Review Hands", "play the hand shown again yourself, at the scores it was played at"),
    Pair("Tab in Statistics", "by rules or month by month"),
    Pair("Wheel on the score", "the scoreboard of a long game back to its first hand (Up/Down too)"),
    Pair("Up/Down, wheel", "scroll this page"),
    Pair("PgUp/PgDn", "a screenful up or down"),
    Pair("Home/End", "the top or the end of this page"),
]


def option_value(option: Option, rules: Rules) -> str:
    """An option's value as the player reads it: on/off for a switch, otherwise its `Rules` value."""
    value = rules.to_dict()[option.key]
    if option.kind == "bool":
        return "on" if value else "off"
    return str(value)


def variant_blocks(name: str, rules: Rules) -> list[Block]:
    """The variant in force: its name, then every option with its value and a line of help."""
    blocks: list[Block] = [Heading(f"The rules in force: {name}"),
                           Para("Change them on the Options screen.", GREY_LIGHT)]
    for option in OPTIONS:
        blocks.append(Setting(option.label, option_value(option, rules), option.help))
    return blocks


def how_to_play(name: str, rules: Rules, players: str = "") -> list[Block]:
    """The How to Play page for the variant `name` with these rules; `players` names the computer
    levels in force ("Expert partner, Normal opponents")."""
    intro = Para(f"Here: the rules of Spades, then the variant you play now ({name}) with every option, and "
                 "at the end the keys and the mouse (press End to jump there).", GREY_LIGHT)
    levels = [Para(f"Computer players: {players} (Options, Game).")] if players else []
    return [intro, *RULES_TEXT, *variant_blocks(name, rules), *levels, *SHORTCUTS]


CREDIT_COLUMN = 112
CREDITS = (
    ("Game", "rules, computer players, card art and chip sounds: all made in code for this program"),
    ("Font", "Press Start 2P by CodeMan38 (zone38.net), under the SIL Open Font License 1.1"),
    ("pygame-ce", "window, drawing, sound and input; GNU LGPL 2.1"),
    ("pygame-gui", "buttons and other widgets; MIT licence"),
    ("platformdirs", "finds the folders for the files below; MIT licence"),
    ("numpy", "fast counting for the Expert player; BSD licence"),
    ("websockets", "the connection to a server, and the server itself; BSD licence"),
    ("redis", "servers sharing their tables through a Redis server; MIT licence"),
    ("Python", "the language it is written in; PSF licence"),
)


def _version_of(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "?"


def about(files: list[tuple[str, Path]]) -> list[Block]:
    """The About page; `files` names each file the game keeps and where it is."""
    variants = ", ".join(v.name for v in PRESETS.values())
    sdl = ".".join(str(part) for part in pygame.get_sdl_version())
    return [
        Heading(f"Spades, version {VERSION}"),
        Para("The card game Spades: you sit South with a computer partner in the North seat, against two "
             "computer opponents, at a felt table drawn in big square pixels like the card games of the "
             "home computers of around 1990; or with friends at a table on a server (Play Online), "
             "the computer taking the seats nobody takes."),
        Para(f"Seven rule sets ({variants}) and two Custom slots of your own; two computer levels, Normal "
             "and Expert, chosen apart for your partner and for the opponents; suggestions from the computer "
             "when you ask; Save Hand to keep every hand in "
             "Spades.save, and Review Hands to replay them trick by trick, or to play one again yourself."),
        Heading("Credits"),
        *[Pair(name, words, CREDIT_COLUMN) for name, words in CREDITS],
        Para(f"Running on Python {platform.python_version()}, pygame-ce {_version_of('pygame-ce')} "
             f"(SDL {sdl}), pygame-gui {_version_of('pygame-gui')}.", GREY_LIGHT),
        Heading("Where your files are kept"),
        *[block for label_text, path in files for block in (Para(label_text, GOLD), Para(str(path), WHITE, INDENT))],
        Para("Each file is made when it is first needed. Delete one to start that part afresh: the game "
             "makes a new one.", GREY_LIGHT),
    ]


# -- the scene ------------------------------------------------------------------------------------
class HelpScene(Scene):
    """A page of text (``how_to_play`` or ``about``) that scrolls with the keys, the wheel or the bar.

    Pushed on the title or the menu; Esc or Back returns. How to Play shows the rules of
    the game in progress, or else those the settings choose for the next game.
    `statistics_path` is shown on the About page (default: :func:`scenes.settings.stats_path`)."""

    def __init__(self, app, page: str, statistics_path: Path | None = None) -> None:
        super().__init__(app)
        if page not in PAGES:
            raise ValueError(f"no help page {page!r}; there are {', '.join(PAGES)}")
        self.page = page
        self.statistics_path = Path(statistics_path) if statistics_path is not None else stats_path()
        self.offset = 0
        self.dragging: int | None = None
        self.lines, self.height = compose(self.blocks(), VIEW.width)

    def blocks(self) -> list[Block]:
        if self.page == "about":
            return about([("Settings", self.app.store.path), ("Game in progress", self.app.saved_game),
                          ("Statistics", self.statistics_path), ("Saved hands (Spades.save)", self.app.log_path)])
        session = self.app.session
        settings = self.app.settings
        if session is not None and not session.game.over:
            game = session.game
            return how_to_play(game.variant, game.rules, settings.players_words(game.rules.partners))
        chosen = settings.game_variant()
        return how_to_play(chosen.name, chosen.rules, settings.players_words(chosen.rules.partners))

    @property
    def plain_text(self) -> str:
        """Every line of the page, top to bottom (what a reader would copy)."""
        rows: dict[int, list[Line]] = {}
        for line in self.lines:
            rows.setdefault(line.y, []).append(line)
        return "\n".join("  ".join(line.words for line in sorted(row, key=lambda ln: ln.x))
                         for _, row in sorted(rows.items()))

    @property
    def most(self) -> int:
        """The largest scroll offset: the last line at the bottom of the view."""
        return max(0, self.height - VIEW.height)

    def scroll_to(self, offset: int) -> None:
        self.offset = min(self.most, max(0, offset))

    # -- widgets ------------------------------------------------------------------------------
    def enter(self) -> None:
        self.back = widgets.button(self.app.ui, (PANEL_RECT.right - 132, BUTTON_Y, 120, 20), "Back",
                                   object_id="title_button")
        self.widgets = [self.back]

    # -- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        page = VIEW.height - 2 * LINE
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_UP: -LINE_STEP, pygame.K_DOWN: LINE_STEP, pygame.K_PAGEUP: -page,
                     pygame.K_PAGEDOWN: page, pygame.K_SPACE: page}
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop()
            elif event.key == pygame.K_HOME:
                self.scroll_to(0)
            elif event.key == pygame.K_END:
                self.scroll_to(self.most)
            elif event.key in steps:
                self.scroll_to(self.offset + steps[event.key])
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.offset - event.y * WHEEL_STEP)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and TRACK.inflate(8, 0).collidepoint(
                event.pos):
            thumb = self.thumb()
            if thumb.collidepoint(TRACK.x, event.pos[1]):
                self.dragging = event.pos[1] - thumb.y
            else:
                self.scroll_to(self.offset + (page if event.pos[1] > thumb.y else -page))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = None
        elif event.type == pygame.MOUSEMOTION and self.dragging is not None:
            room = TRACK.height - self.thumb().height
            if room > 0:
                top = event.pos[1] - self.dragging - TRACK.y
                self.scroll_to(round(top * self.most / room))
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.pop()

    def thumb(self) -> pygame.Rect:
        """The part of the scroll bar that stands for what is in view."""
        if not self.most:
            return TRACK.copy()
        size = max(12, TRACK.height * VIEW.height // self.height)
        top = TRACK.y + (TRACK.height - size) * self.offset // self.most
        return pygame.Rect(TRACK.x, top, TRACK.width, size)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.felt, (0, 0))
        draw_panel(surface, PANEL_RECT)
        text.draw(surface, PAGES[self.page], (PANEL_RECT.centerx, PANEL_RECT.y + 12), GOLD, size=16,
                  align="centre")
        previous = surface.get_clip()
        surface.set_clip(VIEW)
        for line in self.lines:
            y = VIEW.y + line.y - self.offset
            if VIEW.y - LINE < y < VIEW.bottom:
                text.draw(surface, line.words, (VIEW.x + line.x, y), line.colour, shadow=None)
        surface.set_clip(previous)
        if self.most:
            pygame.draw.rect(surface, GREY_DARK, TRACK)
            pygame.draw.rect(surface, GREY_LIGHT if self.dragging is not None else GREY, self.thumb())
        pygame.draw.line(surface, PANEL_EDGE, (VIEW.x, VIEW.bottom + 3), (VIEW.right, VIEW.bottom + 3))
        hint = "Up/Down or wheel: scroll   Esc: back" if self.most else "Esc: back"
        text.draw(surface, hint, (PANEL_RECT.x + 16, BUTTON_Y + 6), GREY, shadow=None)
