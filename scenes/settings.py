"""The player's settings, remembered between runs, and where the game keeps its files.

Settings live in ``settings.json`` in the user's config folder (``platformdirs``),
written atomically. A damaged file never stops the game: whatever can be read is
kept, the rest falls back to the defaults, and :meth:`SettingsStore.load` says what
was ignored and where the file is.

>>> settings = Settings().replace(opponents_level="expert", volume=0.8)
>>> Settings.from_dict(settings.to_dict()) == (settings, [])
True
>>> Settings.from_dict({"level": "expert"})[0].levels  # an older version's one level is both
'expert/expert'
>>> Settings.from_dict({"volume": 3, "colour": "red"})[1]
['volume: expected a number from 0 to 1, not 3', "unknown setting 'colour'"]
"""

from __future__ import annotations

import dataclasses
import json
import os
import tempfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import platformdirs

from game.game import DEFAULT_NAMES as GAME_NAMES
from game.game import NAME_LENGTH, is_player_name
from game.players.levels import PLAYABLE, seat_levels
from game.records.atomic import kept_aside, read_small_text, write_atomic
from game.rules import CUSTOM_SLOTS, OPTION_BY_KEY, PRESETS, Rules, RulesError, Variant, custom_variant
from game.seats import SEATS
from game.text_safety import safe_text, shown_value
from scenes.look import layout
from scenes.look.cardart import BACKS

APP_NAME = "Spades"
SETTINGS_FILE = "settings.json"
SAVED_GAME_FILE = "game.json"
STATS_FILE = "statistics.json"
HAND_LOG_FILE = "Spades.save"
SETTINGS_NOT_SAVED = "Settings not saved"
"""How the notice of a settings file that could not be written begins."""

LEVELS = tuple(level.name for level in PLAYABLE)
"""The computer levels a player can choose on the options screen."""
FORMER_NAMES = {"level": ("partner_level", "opponents_level")}
"""Settings an older version wrote, and the settings that took their place, each given its value
(unless the file has them too): one computer level became the partner's and the opponents'."""
SPEEDS = tuple(layout.SPEEDS)
"""Animation speeds, slowest first."""
SCALINGS = ("auto", "sharp", "fill")
"""How the picture is scaled to the screen: see `scenes.window`."""
BLIND_OFFERS = ("always", "trailing", "never")
"""When the player is asked "Bid blind?" where the rules allow a blind bid: every time,
only while the player's side trails, or never (the cards are turned up at once)."""
DEFAULT_NAMES = tuple(GAME_NAMES[seat] for seat in SEATS)
"""Player names for South, West, North and East (the order of `game.seats.SEATS`)."""
TRICK_DELAY_MAX = 10.0
"""The longest pause after a trick, in seconds (0 waits for a click)."""
SETTINGS_BYTES = 1_000_000
"""The largest settings file read (the game writes about 1,000 bytes)."""
SERVER_LENGTH = 200
"""The longest server address kept for Play Online's form."""
COACH_MARGINS = (5, 10, 20, 40)
"""How much worse than Expert's choice (points per hand) a bid or card must be for the coach to ask."""


class SettingError(ValueError):
    """A setting with a value it cannot have; the message says why in plain words."""


@dataclass(frozen=True)
class Settings:
    """Every choice the player can make on the options screen, with its default.

    Values are checked on construction (:class:`SettingError` otherwise).
    `custom_rules` maps a custom slot id (``"custom1"``) to its `Rules` line and may be
    given as a dict; it is kept as sorted pairs so a `Settings` stays hashable.
    `names` are for South (the player), West, North and East. `win_score` None plays
    to the variant's own winning score.
    """

    save_hand: bool = False
    variant: str = "partner"
    custom_rules: tuple[tuple[str, str], ...] = ()
    partner_level: str = "expert"
    """The level of North, the player's partner (a game without partners has none)."""
    opponents_level: str = "normal"
    """The level of the other computer seats."""
    names: tuple[str, str, str, str] = DEFAULT_NAMES
    speed: str = "normal"
    trick_delay: float = 1.0
    sound: bool = True
    volume: float = 0.5
    fullscreen: bool = True
    window_size: tuple[int, int] | None = None
    """The size the player last left the window at: a game in a window opens at it again (within the
    screen); None, at a size that fits the screen."""
    window_maximized: bool = False
    """The window was maximized when the player left it: it opens maximized again (over
    :attr:`window_size`, which it returns to when un-maximized)."""
    card_back: str = "lattice"
    four_colour: bool = False
    spades_first: bool = True
    aces_left: bool = True
    dim_illegal: bool = True
    auto_last_card: bool = True
    click_to_raise: bool = False
    win_score: int | None = None
    scaling: str = "auto"
    blind_offer: str = "trailing"
    allow_undo: bool = True
    """Whether the player may take back a bid or card (Ctrl+Z, the menu's Take back)."""
    coach: bool = False
    """Whether the coach asks before a bid or card clearly worse than Expert's takes effect."""
    coach_margin: int = 20
    """How much worse (points per hand) a choice must be for the coach to ask: one of :data:`COACH_MARGINS`."""
    why: bool = True
    """Whether pointing at a computer's card or bid at the table shows its reason."""
    online_server: str = ""
    """The server Play Online last reached (its form offers it again; empty: none yet)."""
    online_name: str = ""
    """The name Play Online was last played under (empty: the player's name from the options)."""
    online_token: str = ""
    """The token that server gave under that name: a game started again (after a crash, say) gets
    its seat back with it."""

    def __post_init__(self) -> None:
        for field in fields(self):
            object.__setattr__(self, field.name, _CHECKS[field.name](getattr(self, field.name)))

    def replace(self, **changes: Any) -> Settings:
        """A copy with some settings changed (checked like the constructor)."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Every setting, JSON-ready (names as a list, custom rules as an object)."""
        values = {field.name: getattr(self, field.name) for field in fields(self)}
        values["names"] = list(self.names)
        values["window_size"] = None if self.window_size is None else list(self.window_size)
        values["custom_rules"] = dict(self.custom_rules)
        return values

    @classmethod
    def from_dict(cls, data: object) -> tuple[Settings, list[str]]:
        """Settings from `data` (as :meth:`to_dict` writes it), and each problem found.

        Every good value is kept; a bad or unknown one is reported and its default
        used instead. A custom slot with a bad `Rules` line is dropped on its own. A setting of
        an older version (:data:`FORMER_NAMES`) gives its value to those that took its place.
        """
        if not isinstance(data, Mapping):
            return cls(), ["the file does not hold a list of settings (a JSON object)"]
        known = {field.name for field in fields(cls)}
        values: dict[str, Any] = {}
        problems: list[str] = []
        for name, raw in data.items():
            if name not in known and name not in FORMER_NAMES:
                problems.append(f"unknown setting {shown_value(name)}")
                continue
            if name == "custom_rules" and isinstance(raw, Mapping):
                values[name] = _good_custom_rules(raw, problems)
                continue
            targets = [target for target in FORMER_NAMES.get(name, (name,)) if target == name or target not in data]
            if not targets:  # a former setting whose successors the file has too: they count
                continue
            try:
                values.update(dict.fromkeys(targets, _CHECKS[targets[0]](raw)))
            except SettingError as error:
                problems.append(f"{name}: {error}")
        return cls(**values), problems

    def custom_line(self, slot: str) -> str | None:
        """The `Rules` line saved for a custom slot, or None if it still has the defaults."""
        return dict(self.custom_rules).get(slot)

    @property
    def levels(self) -> str:
        """The partner's and the opponents' levels as one name, ``"expert/normal"``, as statistics keep them."""
        return seat_levels(self.partner_level, self.opponents_level)

    def players_words(self, partners: bool = True) -> str:
        """The computer players in words: "Expert partner, Normal opponents"; without `partners`
        (Solo) every computer seat is an opponent."""
        opponents = f"{self.opponents_level.capitalize()} opponents"
        return f"{self.partner_level.capitalize()} partner, {opponents}" if partners else opponents

    def names_by_seat(self) -> dict[str, str]:
        """The player names keyed by seat, as `game.game.Game` takes them."""
        return dict(zip(SEATS, self.names, strict=True))

    def game_variant(self) -> Variant:
        """The chosen variant with its rules: a custom slot's saved rules, and `win_score` if set."""
        if self.variant in CUSTOM_SLOTS:
            line = self.custom_line(self.variant)
            chosen = custom_variant(self.variant, _parse_rules(line) if line else None)
        else:
            chosen = PRESETS[self.variant]
        if self.win_score is None:
            return chosen
        return dataclasses.replace(chosen, rules=chosen.rules.replace(win=self.win_score))


# -- checks: each returns the value in its kept form or raises SettingError --------------------
def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise SettingError(f"expected true or false, not {shown_value(value)}")
    return value


def _one_of(choices: Iterable[str]) -> Callable[[object], str]:
    allowed = tuple(choices)

    def check(value: object) -> str:
        if value not in allowed:
            raise SettingError(f"expected one of {', '.join(allowed)}, not {shown_value(value)}")
        return str(value)

    return check


def _number(low: float, high: float) -> Callable[[object], float]:
    def check(value: object) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
            raise SettingError(f"expected a number from {low:g} to {high:g}, not {shown_value(value)}")
        return float(value)

    return check


WINDOW_SIDE_MOST = 16384
"""The widest or tallest window size kept (no screen is larger)."""


def _window_size(value: object) -> tuple[int, int] | None:
    if value is None:
        return None
    if (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(side, int) and not isinstance(side, bool) for side in value)
            and layout.WIDTH <= value[0] <= WINDOW_SIDE_MOST and layout.HEIGHT <= value[1] <= WINDOW_SIDE_MOST):
        return int(value[0]), int(value[1])
    raise SettingError(f"expected a width and height from {layout.WIDTH}x{layout.HEIGHT} to "
                       f"{WINDOW_SIDE_MOST}x{WINDOW_SIDE_MOST}, or null, not {shown_value(value)}")


def _margin(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in COACH_MARGINS:
        raise SettingError(f"expected one of {', '.join(map(str, COACH_MARGINS))}, not {shown_value(value)}")
    return value


def _address(value: object) -> str:
    if not isinstance(value, str) or len(value) > SERVER_LENGTH or not value.isprintable():
        raise SettingError(f"expected a server address of at most {SERVER_LENGTH} printable characters, "
                           f"not {shown_value(value)}")
    return value.strip()


def _token(value: object) -> str:
    if value == "":
        return ""
    if not isinstance(value, str) or not 8 <= len(value) <= 64 or not value.isalnum():
        raise SettingError(f"expected a server's token (8 to 64 letters and digits), not {shown_value(value)}")
    return value


def _online_name(value: object) -> str:
    if value == "":
        return ""
    if not isinstance(value, str) or not is_player_name(value.strip()):
        raise SettingError(f"a name must have 1 to {NAME_LENGTH} printable characters, not {shown_value(value)}")
    return value.strip()


def _names(value: object) -> tuple[str, str, str, str]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise SettingError(f"expected a list of four names, not {shown_value(value)}")
    names = list(value)
    if len(names) != len(SEATS) or not all(isinstance(name, str) for name in names):
        raise SettingError(f"expected a list of four names, not {shown_value(value)}")
    cleaned = tuple(name.strip() for name in names)
    for name in cleaned:
        if not is_player_name(name):
            raise SettingError(f"a name must have 1 to {NAME_LENGTH} printable characters, not {shown_value(name)}")
    return cleaned  # type: ignore[return-value]


def _win_score(value: object) -> int | None:
    option = OPTION_BY_KEY["win"]
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not option.low <= value <= option.high:
        raise SettingError(f"expected nothing (the variant's) or a whole number from {option.low} to "
                           f"{option.high}, not {shown_value(value)}")
    return value


def _parse_rules(line: str) -> Rules:
    return Rules.parse(line, base=PRESETS["partner"].rules)


def _custom_rule(slot: object, line: object) -> tuple[str, str]:
    if slot not in CUSTOM_SLOTS:
        raise SettingError(f"{shown_value(slot)} is not a custom slot ({', '.join(CUSTOM_SLOTS)})")
    if not isinstance(line, str):
        raise SettingError(f"{slot}: expected a Rules line, not {shown_value(line)}")
    try:
        return str(slot), _parse_rules(line).to_line()
    except RulesError as error:
        raise SettingError(f"{slot}: {safe_text(error)}") from None


def _custom_rules(value: object) -> tuple[tuple[str, str], ...]:
    if isinstance(value, Mapping):
        pairs = list(value.items())
    elif isinstance(value, (tuple, list)) and all(isinstance(p, (tuple, list)) and len(p) == 2 for p in value):
        pairs = [tuple(p) for p in value]
    else:
        raise SettingError(f"expected custom slots and their Rules lines, not {shown_value(value)}")
    checked = dict(_custom_rule(slot, line) for slot, line in pairs)
    return tuple(sorted(checked.items(), key=lambda pair: CUSTOM_SLOTS.index(pair[0])))


def _good_custom_rules(raw: Mapping, problems: list[str]) -> tuple[tuple[str, str], ...]:
    good = {}
    for slot, line in raw.items():
        try:
            good[slot] = _custom_rule(slot, line)[1]
        except SettingError as error:
            problems.append(f"custom_rules: {error}")
    return _custom_rules(good)


_CHECKS: dict[str, Callable[[Any], Any]] = {
    "save_hand": _flag,
    "variant": _one_of([*PRESETS, *CUSTOM_SLOTS]),
    "custom_rules": _custom_rules,
    "partner_level": _one_of(LEVELS),
    "opponents_level": _one_of(LEVELS),
    "names": _names,
    "speed": _one_of(SPEEDS),
    "trick_delay": _number(0, TRICK_DELAY_MAX),
    "sound": _flag,
    "volume": _number(0, 1),
    "fullscreen": _flag,
    "window_size": _window_size,
    "window_maximized": _flag,
    "card_back": _one_of(BACKS),
    "four_colour": _flag,
    "spades_first": _flag,
    "aces_left": _flag,
    "dim_illegal": _flag,
    "auto_last_card": _flag,
    "click_to_raise": _flag,
    "win_score": _win_score,
    "scaling": _one_of(SCALINGS),
    "blind_offer": _one_of(BLIND_OFFERS),
    "allow_undo": _flag,
    "coach": _flag,
    "coach_margin": _margin,
    "why": _flag,
    "online_server": _address,
    "online_name": _online_name,
    "online_token": _token,
}


# -- the file -------------------------------------------------------------------------------------
def settings_path() -> Path:
    """Where the settings are kept: ``settings.json`` in the user's config folder."""
    return platformdirs.user_config_path(APP_NAME, appauthor=False) / SETTINGS_FILE


def saved_game_path() -> Path:
    """Where the game in progress is saved on quitting (the title's Continue reads it)."""
    return platformdirs.user_data_path(APP_NAME, appauthor=False) / SAVED_GAME_FILE


def stats_path() -> Path:
    """Where the statistics of finished games are kept."""
    return platformdirs.user_data_path(APP_NAME, appauthor=False) / STATS_FILE


class SettingsStore:
    """Reads and writes the settings file at `path` (default: :func:`settings_path`)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else settings_path()

    def load(self) -> tuple[Settings, str | None]:
        """The saved settings and, if some could not be used, a one-line message saying
        what was ignored and where the file is. A missing file gives the defaults and
        no message. Never raises. Left-over temporary files of a cut-off save are removed."""
        try:
            text = read_small_text(self.path, SETTINGS_BYTES)
        except FileNotFoundError:
            return Settings(), None
        except (OSError, UnicodeDecodeError) as error:
            return Settings(), (f"The settings file {self.path} could not be read ({_reason(error)}); "
                                f"using the defaults{kept_aside(self.path)}.")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:  # JSONDecodeError is a ValueError
            return Settings(), (f"The settings file {self.path} is damaged ({_reason(error)}); "
                                f"using the defaults{kept_aside(self.path)}.")
        settings, problems = Settings.from_dict(data)
        if not problems:
            return settings, None
        if not isinstance(data, Mapping):
            return settings, (f"The settings file {self.path} is damaged ({problems[0]}); "
                              f"using the defaults{kept_aside(self.path)}.")
        return settings, (f"Some settings in {self.path} were ignored ({safe_text('; '.join(problems), 300)}); "
                          "the defaults are used for them.")

    def save(self, settings: Settings) -> None:
        """Write `settings` atomically: a crash while saving leaves the old file whole.

        Creates the folder if needed; OSError if it cannot be written."""
        self.write(self.text(settings))

    @staticmethod
    def text(settings: Settings) -> str:
        """The settings as their file holds them."""
        return json.dumps(settings.to_dict(), indent=2, ensure_ascii=False) + "\n"

    def write(self, text: str) -> None:
        """Write a :meth:`text` atomically (see :meth:`save`)."""
        write_atomic(self.path, text)


def _reason(error: BaseException) -> str:
    return str(error).splitlines()[0] if str(error) else type(error).__name__


# -- Spades.save ----------------------------------------------------------------------------------
def save_hand_path(cwd: Path | None = None) -> tuple[Path, str | None]:
    """Where Save Hand appends finished hands: ``Spades.save`` in the current folder,
    as players of the old program expect, or, if that folder cannot be written, in the
    user's data folder, with a message saying where the hands go instead."""
    folder = Path(cwd) if cwd is not None else Path.cwd()
    wanted = folder / HAND_LOG_FILE
    if _can_append(wanted):
        return wanted, None
    fallback = platformdirs.user_data_path(APP_NAME, appauthor=False) / HAND_LOG_FILE
    try:
        fallback.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass
    return fallback, f"Cannot write {HAND_LOG_FILE} in {folder}; saved hands go to {fallback} instead."


def _can_append(path: Path) -> bool:
    """Whether `path` can be appended to, found by trying (permission bits do not stop root,
    and do not tell of read-only disks): open an existing file for appending, or create
    and remove a temporary file beside a missing one. Nothing is written either way."""
    try:
        if path.is_file():
            with open(path, "a", encoding="utf-8"):
                return True
        handle, probe = tempfile.mkstemp(prefix=".spades-probe-", dir=path.parent)
        os.close(handle)
        os.unlink(probe)
        return True
    except OSError:
        return False
