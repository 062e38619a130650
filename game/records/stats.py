"""The player's statistics: games, contracts, nils and bags, per variant and computer levels,
and month by month.

They are kept in ``statistics.json`` in the user's data folder, written atomically
after every scored hand by a :class:`StatsRecorder` listening to the game's events.
Everything is counted for the player (South) and the player's side. The levels are the
partner's and the opponents' as one name (``"expert/normal"``, see
:func:`game.players.levels.seat_levels`); a file of an older version, which kept one level
for all three computer seats, reads that level as both. Each month (``"2026-12"``) also has
a tally of its own, every variant and level together, so that the player sees how their
game goes over time; a file of a version before months were kept has none for its counts.

>>> from game.bids import Bid
>>> from game.rules import PRESETS
>>> from game.scoring import Standing, score_hand
>>> rules = PRESETS["partner"].rules
>>> bids = {"S": Bid(0), "W": Bid(3), "N": Bid(4), "E": Bid(3)}
>>> taken = {"S": 0, "W": 4, "N": 5, "E": 4}
>>> score = score_hand(rules, bids, taken, [], {"NS": Standing(), "EW": Standing()})
>>> statistics = Statistics()
>>> statistics.record_hand("Partner", "expert/normal", score, "NS", bids)
>>> tally = statistics.tally("Partner", "expert/normal")
>>> tally.hands, tally.contracts_made, tally.nils_tried, tally.nils_made, tally.bags
(1, 1, 1, 1, 1)
>>> statistics.record_game("Partner", "expert/normal", True, 510, month="2026-12")
>>> statistics.months["2026-12"].games_won, statistics.total.games_won
(1, 1)
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, fields
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.bids import Bid
from game.events import Event, GameOver, HandScored
from game.players.levels import levels_of, seat_levels
from game.records.atomic import kept_aside, read_small_text, write_atomic
from game.records.writer import FileWriter
from game.scoring import HandScore, SideScore
from game.seats import side_of
from game.text_safety import safe_text, shown_value

if TYPE_CHECKING:
    from game.game import Game

STATS_FORMAT = "spades-statistics"
STATS_VERSION = 1
PLAYER_SEAT = "S"
STATS_BYTES = 4_000_000
"""The largest statistics file read (a tally takes about 300 bytes)."""
MOST_COUNTED = 10**9
"""The largest count (or best score, either way) a statistics file may hold."""
KEY_LENGTH = 40
"""The longest variant or levels name a statistics file may hold."""
MONTH = re.compile(r"(19|20|21)[0-9]{2}-(0[1-9]|1[0-2])")
"""How a month is named: ``"2026-12"``."""


@dataclass
class Tally:
    """What happened to the player in one variant at one pair of levels (or in all of them).

    Contracts, bags and points are the player's side's; nils are the player's own
    (a team nil the player took part in counts as the player's nil).
    """

    games_won: int = 0
    games_lost: int = 0
    hands: int = 0
    contracts_made: int = 0
    contracts_set: int = 0
    nils_tried: int = 0
    nils_made: int = 0
    blind_nils_tried: int = 0
    blind_nils_made: int = 0
    bags: int = 0
    """Overtricks taken by the player's side."""
    bag_penalty: int = 0
    """Points the player's side lost to bag penalties (a positive number)."""
    best_score: int | None = None
    """The player's side's highest final score in a finished game."""
    games_with_undo: int = 0
    """Finished games in which the player took back a bid or card (they count as won or lost too)."""
    coach_spoke: int = 0
    """Decisions on which the coach asked before the player's choice took effect."""
    coach_followed: int = 0
    """Of those, the decisions on which the player then chose something the coach had not asked about."""

    @property
    def games_played(self) -> int:
        """Finished games (a game abandoned half way counts its hands, not itself)."""
        return self.games_won + self.games_lost

    @property
    def win_rate(self) -> float | None:
        """Games won as a fraction of games played; None before the first game."""
        return self.games_won / self.games_played if self.games_played else None

    @property
    def bags_per_hand(self) -> float | None:
        return self.bags / self.hands if self.hands else None

    @property
    def empty(self) -> bool:
        return self == Tally()

    def __add__(self, other: Tally) -> Tally:
        """Both tallies together: counts add up, the best score is the higher."""
        counts = {f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)
                  if f.name != "best_score"}
        bests = [b for b in (self.best_score, other.best_score) if b is not None]
        return Tally(**counts, best_score=max(bests) if bests else None)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Tally:
        """A tally from :meth:`to_dict`'s form; ValueError saying what is wrong.

        Counts not given are 0 and unknown keys are ignored (a newer version's)."""
        values: dict[str, Any] = {}
        for item in fields(cls):
            if item.name not in data:
                continue
            value = data[item.name]
            if item.name == "best_score" and value is None:
                values[item.name] = None
            elif isinstance(value, bool) or not isinstance(value, int) or abs(value) > MOST_COUNTED or (
                    item.name != "best_score" and value < 0):
                raise ValueError(f"{item.name} is {shown_value(value)}, not a count")
            else:
                values[item.name] = value
        tally = cls(**values)
        if tally.nils_made > tally.nils_tried or tally.blind_nils_made > tally.blind_nils_tried:
            raise ValueError("more nils made than tried")
        if tally.contracts_made + tally.contracts_set > tally.hands:
            raise ValueError("more contracts than hands")
        if tally.games_with_undo > tally.games_played:
            raise ValueError("more games with undo than games")
        if tally.coach_followed > tally.coach_spoke:
            raise ValueError("the coach was followed more often than it spoke")
        return tally


RECENT_GAMES = 20
"""How many of the latest games' results the statistics keep (the player's recent form)."""
FORM = re.compile(f"[WL]{{0,{RECENT_GAMES}}}")


@dataclass
class Form:
    """The player's latest games, every variant and level together: `recent` holds the last
    :data:`RECENT_GAMES` results, ``W`` won and ``L`` lost, the latest last; `run` is how many
    games in a row ended as the latest did (it may reach back past `recent`), `best_run` the
    most games ever won in a row.

    >>> form = Form()
    >>> for won in (True, True, False, True, True, True):
    ...     form.record(won)
    >>> form.recent, form.run, form.best_run, form.last(5)
    ('WWLWWW', 3, 3, (4, 5))
    """

    recent: str = ""
    run: int = 0
    best_run: int = 0

    def record(self, won: bool) -> None:
        result = "W" if won else "L"
        self.run = self.run + 1 if self.recent.endswith(result) else 1
        self.recent = (self.recent + result)[-RECENT_GAMES:]
        if won:
            self.best_run = max(self.best_run, self.run)

    def last(self, count: int) -> tuple[int, int]:
        """Of the latest `count` games (or fewer, if fewer were played), how many were won, and
        how many they were."""
        latest = self.recent[-count:]
        return latest.count("W"), len(latest)

    @property
    def winning(self) -> bool:
        """Whether the latest game was won."""
        return self.recent.endswith("W")

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: object) -> Form:
        """The form in :meth:`to_dict`'s form; ValueError saying what is wrong."""
        if not isinstance(data, Mapping):
            raise ValueError("not a record of games")
        recent = data.get("recent", "")
        if not isinstance(recent, str) or not FORM.fullmatch(recent):
            raise ValueError(f"{shown_value(recent)} is not up to {RECENT_GAMES} letters W or L")
        counts = [data.get(name, 0) for name in ("run", "best_run")]
        if any(isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MOST_COUNTED for n in counts):
            raise ValueError("its runs are not counts")
        run, best_run = counts
        ending = len(recent) - len(recent.rstrip(recent[-1:] or "W"))  # the latest games alike
        if run < ending or (run > ending and len(recent) < RECENT_GAMES) or (
                run != ending and ending < len(recent)):
            raise ValueError(f"a run of {run} does not end {recent!r}")
        if best_run < (run if recent.endswith("W") else 0):
            raise ValueError(f"the best run, {best_run}, is shorter than the run now")
        return cls(recent, run, best_run)


Key = tuple[str, str]
"""(variant name, the partner's and opponents' levels), e.g. ``("Partner", "expert/normal")``."""


class Statistics:
    """A :class:`Tally` per variant and levels, and their :attr:`total`; and one per month
    (:attr:`months`), every variant and level together."""

    def __init__(self, tallies: Mapping[Key, Tally] | None = None, months: Mapping[str, Tally] | None = None,
                 form: Form | None = None) -> None:
        self.tallies: dict[Key, Tally] = {_key(*key): tally for key, tally in (tallies or {}).items()}
        self.months: dict[str, Tally] = dict(months or {})
        """By month (``"2026-12"``): what was counted in it, when the recording gave its month."""
        self.form = form or Form()
        """The latest games won and lost, and the runs of them."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Statistics) and (self.tallies, self.months, self.form) == (
            other.tallies, other.months, other.form)

    def __repr__(self) -> str:
        return f"Statistics({self.tallies!r}, months={self.months!r}, form={self.form!r})"

    def tally(self, variant: str, levels: str) -> Tally:
        """The tally of one variant and levels (a new, empty one if none yet); `levels` as
        :func:`game.players.levels.seat_levels` names them (a single level is both)."""
        return self.tallies.setdefault(_key(variant, levels), Tally())

    def __iter__(self) -> Iterator[tuple[Key, Tally]]:
        return iter(self.tallies.items())

    @property
    def total(self) -> Tally:
        """Every variant and levels together."""
        return sum(self.tallies.values(), Tally())

    @property
    def empty(self) -> bool:
        return all(t.empty for t in (*self.tallies.values(), *self.months.values())) and self.form == Form()

    def by_month(self) -> list[tuple[str, Tally]]:
        """The months in which something was counted, the latest first."""
        return sorted(((month, tally) for month, tally in self.months.items() if not tally.empty), reverse=True)

    def _counted(self, variant: str, levels: str, month: str | None) -> list[Tally]:
        """The tallies a recording adds to: its variant and levels', and its month's if given."""
        tallies = [self.tally(variant, levels)]
        if month is not None:
            if not MONTH.fullmatch(month):
                raise ValueError(f"{month!r} is not a month such as 2026-12")
            tallies.append(self.months.setdefault(month, Tally()))
        return tallies

    # -- recording --------------------------------------------------------------------------
    def record_hand(self, variant: str, levels: str, score: HandScore, player_side: str,
                    bids: Mapping[str, Bid], seat: str = PLAYER_SEAT, *, month: str | None = None) -> None:
        """Count one scored hand: `bids` are the final bids by seat, `seat` the player's; `month`
        (``"2026-12"``), the month it counts in too."""
        for tally in self._counted(variant, levels, month):
            _count_hand(tally, score.sides[player_side], bids.get(seat), seat, player_side)

    def record_game(self, variant: str, levels: str, won: bool, score: int | None = None, *,
                    with_undo: bool = False, month: str | None = None) -> None:
        """Count a finished game; `score` is the player's side's final score, `with_undo` whether
        the player took back a bid or card in it, `month` the month it counts in too."""
        self.form.record(won)
        for tally in self._counted(variant, levels, month):
            if won:
                tally.games_won += 1
            else:
                tally.games_lost += 1
            tally.games_with_undo += with_undo
            if score is not None and (tally.best_score is None or score > tally.best_score):
                tally.best_score = score

    def record_coach(self, variant: str, levels: str, followed: bool, *, month: str | None = None) -> None:
        """Count a decision the coach spoke on, and whether the player followed its advice."""
        for tally in self._counted(variant, levels, month):
            tally.coach_spoke += 1
            tally.coach_followed += followed

    def reset(self) -> None:
        """Forget everything."""
        self.tallies.clear()
        self.months.clear()
        self.form = Form()

    # -- text form ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"format": …, "version": 1, "tallies": [{"variant", "level", counts…}], "months":
        [{"month", counts…}], "form": {"recent", "run", "best_run"}}``, where "level" holds the partner's and
        opponents' levels (``"expert/normal"``): an older version, which wrote one level there and knew no
        months nor form, still reads the file."""
        return {"format": STATS_FORMAT, "version": STATS_VERSION,
                "tallies": [{"variant": variant, "level": levels, **tally.to_dict()}
                            for (variant, levels), tally in self.tallies.items()],
                "months": [{"month": month, **tally.to_dict()} for month, tally in sorted(self.months.items())],
                "form": self.form.to_dict()}

    @classmethod
    def from_dict(cls, data: object) -> tuple[Statistics, list[str]]:
        """The statistics in `data` and a plain description of each part left out as damaged."""
        if not isinstance(data, Mapping) or data.get("format") != STATS_FORMAT:
            return cls(), ["it does not hold Spades statistics"]
        if data.get("version") != STATS_VERSION:
            return cls(), [f"it has version {shown_value(data.get('version'))}; this program reads {STATS_VERSION}"]
        entries = data.get("tallies")
        if not isinstance(entries, list):
            return cls(), ["its list of tallies is missing"]
        statistics = cls()
        problems: list[str] = []
        _read_entries(entries, _entry, "entry", lambda key: f"{key[0]} at {key[1]}", statistics.tallies, problems)
        months = data.get("months", [])  # none in a file of a version before months were kept
        if not isinstance(months, list):
            return statistics, [*problems, "its list of months is not a list"]
        _read_entries(months, _month_entry, "month", str, statistics.months, problems)
        try:  # none in a file of a version before the latest games were kept
            statistics.form = Form.from_dict(data.get("form", {}))
        except ValueError as error:
            problems.append(f"its latest games: {error}")
        return statistics, problems

    # -- the file -------------------------------------------------------------------------------
    @classmethod
    def load(cls, path: os.PathLike | str) -> tuple[Statistics, str | None]:
        """The statistics kept at `path` and, if some could not be read, a one-line message
        saying so and where the file is. A missing file gives empty statistics and no
        message. Never raises. Left-over temporary files of a cut-off save are removed."""
        path = Path(path)
        try:
            text = read_small_text(path, STATS_BYTES)
        except FileNotFoundError:
            return cls(), None
        except (OSError, UnicodeDecodeError) as error:
            return cls(), (f"The statistics file {path} could not be read ({_reason(error)}); "
                           f"starting afresh{kept_aside(path)}.")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            return cls(), (f"The statistics file {path} is damaged ({_reason(error)}); "
                           f"starting afresh{kept_aside(path)}.")
        statistics, problems = cls.from_dict(data)
        if not problems:
            return statistics, None
        listed = safe_text("; ".join(problems), 300)
        if not statistics.tallies and not statistics.months:
            return statistics, f"The statistics file {path} is damaged ({listed}); starting afresh{kept_aside(path)}."
        return statistics, f"Some statistics in {path} were damaged and left out ({listed})."

    def text(self) -> str:
        """The statistics as their file holds them: one entry a line, or, where that would be more
        than :data:`STATS_BYTES`, packed tight (what was read is always written back readable)."""
        data = self.to_dict()
        text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
        if len(text.encode("utf-8")) <= STATS_BYTES:
            return text
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n"

    def save(self, path: os.PathLike | str) -> None:
        """Write the statistics atomically, creating the folder; OSError if it cannot be written."""
        write_atomic(path, self.text())


load = Statistics.load


def _entry(entry: object) -> tuple[Key, Tally]:
    if not isinstance(entry, Mapping):
        raise ValueError("not a tally")
    variant, levels = entry.get("variant"), entry.get("level")
    if not all(isinstance(name, str) and 0 < len(name) <= KEY_LENGTH and name.isprintable()
               for name in (variant, levels)):
        raise ValueError(f"no variant or level of 1 to {KEY_LENGTH} printable characters")
    return _key(variant, levels), Tally.from_dict(entry)


def _read_entries(entries: list, read: Callable[[object], tuple[Any, Tally]], label: str,
                  named: Callable[[Any], str], into: dict, problems: list[str]) -> None:
    """Put each entry `read` makes of `entries` into `into`; a damaged entry, or one listed again,
    is left out and said in `problems` ("month 3: …")."""
    for number, entry in enumerate(entries, 1):
        try:
            key, tally = read(entry)
        except ValueError as error:
            problems.append(f"{label} {number}: {error}")
            continue
        if key in into:
            problems.append(f"{label} {number}: {named(key)} is listed twice")
            continue
        into[key] = tally


def _month_entry(entry: object) -> tuple[str, Tally]:
    if not isinstance(entry, Mapping):
        raise ValueError("not a tally")
    month = entry.get("month")
    if not isinstance(month, str) or not MONTH.fullmatch(month):
        raise ValueError(f"{shown_value(month)} is not a month such as 2026-12")
    return month, Tally.from_dict(entry)


def _count_hand(tally: Tally, side: SideScore, bid: Bid | None, seat: str, player_side: str) -> None:
    """Add one scored hand of the player's side to `tally`; `bid` is the player's."""
    tally.hands += 1
    if side.made is True:
        tally.contracts_made += 1
    elif side.made is False:
        tally.contracts_set += 1
    tally.bags += side.bags_taken
    tally.bag_penalty -= side.parts.get("bag_penalty", 0)
    if bid is None or not bid.is_nil:
        return
    result = next((n for n in side.nils if n.who == seat or (n.kind == "team nil" and n.who == player_side)), None)
    if result is None:
        return
    if result.kind == "blind nil":
        tally.blind_nils_tried += 1
        tally.blind_nils_made += result.made
    else:
        tally.nils_tried += 1
        tally.nils_made += result.made


def _key(variant: str, levels: str) -> Key:
    """The key of a variant and levels, a single level (an older version's) read as both."""
    return variant, seat_levels(*levels_of(levels))


def _reason(error: BaseException) -> str:
    return safe_text(str(error).splitlines()[0] if str(error) else type(error).__name__, 160)


class StatsRecorder:
    """Records a game's hands and result as they are scored, and saves after each:
    ``StatsRecorder(statistics, path, levels="expert/normal").attach(game)``.

    `levels` (the partner's and opponents', see :func:`game.players.levels.seat_levels`) may be
    changed while the game goes on: each hand counts at the levels it was finished at.

    The player sits at `seat` (South). Each hand and game counts in the month `today` gives
    when it is scored (the computer's own date). A statistics file that cannot be written
    never stops the game: the reason is kept in :attr:`error` (None after a good
    save) and `on_change` is still called. With `files`, the file is written in their thread
    (the statistics as they stood when counted), and :attr:`error` follows when it is done.
    """

    def __init__(self, statistics: Statistics, path: os.PathLike | str, levels: str, *, seat: str = PLAYER_SEAT,
                 on_change: Callable[[], None] | None = None, today: Callable[[], date] = date.today,
                 files: FileWriter | None = None) -> None:
        self.statistics = statistics
        self.path = Path(path)
        self.levels = levels
        self.seat = seat
        self.on_change = on_change
        self.today = today
        self.files = files or FileWriter(inline=True)
        self.error: str | None = None
        self.game: Game | None = None

    def attach(self, game: Game) -> None:
        """Listen to `game` from now on (hands already played are not counted again)."""
        self.game = game
        game.subscribe(self.hear)

    def hear(self, event: Event) -> None:
        game = self.game
        if game is None:
            return
        side = side_of(self.seat, game.rules.partners)
        if isinstance(event, HandScored):
            hand = game.hand if game.hand.number == event.number else next(
                (h for h in reversed(game.finished) if h.number == event.number), game.hand)
            self.statistics.record_hand(game.variant, self.levels, event.score, side, hand.bids, seat=self.seat,
                                        month=self.month())
        elif isinstance(event, GameOver):
            standing = event.standings.get(side)
            self.statistics.record_game(game.variant, self.levels, event.winner == side,
                                        standing.points if standing else None, with_undo=bool(game.takebacks),
                                        month=self.month())
        else:
            return
        self._save()
        if self.on_change:
            self.on_change()

    def record_coach(self, followed: bool) -> None:
        """The coach spoke on one of the player's decisions (`followed`: the player then chose
        something else): counted and saved at once."""
        if self.game is None:
            return
        self.statistics.record_coach(self.game.variant, self.levels, followed, month=self.month())
        self._save()
        if self.on_change:
            self.on_change()

    def month(self) -> str | None:
        """The month this moment counts in (``"2026-12"``); None if the computer's date is not one
        (before 1900, say): then the hand counts in the totals only."""
        month = self.today().strftime("%Y-%m")
        return month if MONTH.fullmatch(month) else None

    def _save(self) -> None:
        self.files.run(functools.partial(write_atomic, self.path, self.statistics.text()), self._saved)

    def _saved(self, error: BaseException | None) -> None:
        if error is None:
            self.error = None
        elif isinstance(error, OSError):  # the same words each time (not the temporary file's name): told once
            self.error = f"Statistics not saved to {self.path}: {error.strerror or _reason(error)}"
        else:
            raise error
