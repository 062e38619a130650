"""The arena's players: which side runs where, and the referee that asks a seat for its decision.

A side is a computer level of :data:`game.players.LEVELS` (``random``) or a bot of
`docs/bot-api.md` given as ``module.path:ClassName`` or ``path/to/file.py:ClassName``.

A bot runs isolated, in a process of its own (:mod:`game.players.bot_process`) that receives
only the seat view: it cannot read the other hands in the arena's memory, change the
referee, or stop the match by spinning, hanging or ending its process. Each arena
process keeps one bot process per side and seat (:func:`bot_host`), from unit to
unit, and builds a fresh bot in it for every deal at a table (every game in
``--games``); a side's bot never plays both tables of a deal in the same process. The
built-in levels are trusted code and run in the arena's own process, for speed.

The referee (:class:`Contestant`) times every decision and checks the answer. A
decision is replaced by :func:`game.players.default_choice` when the player raised, answered
something not in ``view["legal"]`` (or that the rules refuse, or that is not JSON
data), took longer than the time limit, or its process ended; or when the bot could
not be created at all. The replacement is recorded with the bot's name and the reason,
one of :data:`game.players.bot_process.FAILURES`. A bot over its time limit is killed at the
limit and started again for its next decision (see :mod:`game.players.bot_process` for what
it then remembers); a level over it is only noticed afterwards.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.hand import RuleError
from game.players import decide, default_choice
from game.players.bot_process import ILLEGAL, NOT_CREATED, RAISED, TIMED_OUT, BotLoadError, BotProcess
from game.players.levels import LEVELS
from game.seats import SEATS


class ArenaError(Exception):
    """A problem with the arena's settings (an unknown level, a bot that cannot be loaded)."""


_hosts: dict[tuple[str, str, str], BotProcess] = {}
"""This process's bot processes, by (bot, arena side, seat)."""


def isolated(spec: str) -> bool:
    """Whether a side's player runs in processes of its own (every bot not a built-in level)."""
    return spec not in LEVELS


def bot_host(spec: str, side: str, seat: str) -> BotProcess:
    """The process that runs bot `spec` for an arena side at a seat, started on first use
    and kept until :func:`close_bot_hosts` (a worker process of ``--jobs`` keeps its own
    until it ends, and they end with it)."""
    key = (spec, side, seat)
    if key not in _hosts:
        _hosts[key] = BotProcess(spec)
    return _hosts[key]


def start_bot_hosts(spec: str, side: str) -> None:
    """Start the processes of a bot side for every seat (both tables) that this process
    does not have yet, all before any is waited for; nothing for a level."""
    if isolated(spec):
        for seat in SEATS:
            bot_host(spec, side, seat)


def close_bot_hosts() -> None:
    """End every bot process this process started."""
    while _hosts:
        _hosts.popitem()[1].close()


def check_player(spec: str, side: str) -> None:
    """Raise :class:`ArenaError` unless `spec` is a level or a bot whose module loads
    (in the side's process for one seat, which stays for the match)."""
    if not isolated(spec):
        return
    if ":" not in spec.strip(":"):
        raise ArenaError(f"unknown player {spec!r}: give a level ({', '.join(LEVELS)}), "
                         "module.path:ClassName or path/to/file.py:ClassName")
    try:
        bot_host(spec, side, SEATS[0]).wait_loaded()
    except BotLoadError as error:
        raise ArenaError(str(error)) from None


def answer_problem(view: dict, answer: Any) -> str | None:
    """Why `answer` is no choice for the view, or None when it is well-formed and listed
    in ``legal`` (the hand still checks the rules, e.g. the exchange count)."""
    legal = view["legal"]
    if view["phase"] == "exchange":
        if not isinstance(answer, (list, tuple)) or not all(isinstance(c, str) for c in answer):
            return f"answered {answer!r}, not a list of cards"
        if len(set(answer)) != len(answer):
            return f"answered {list(answer)!r}, a card twice"
        strays = [c for c in answer if c not in legal]
        if strays:
            return f"answered {list(answer)!r}: {', '.join(strays)} not legal"
        if len(answer) > view.get("exchange_count", 0):
            return f"answered {list(answer)!r}: more than {view.get('exchange_count', 0)} cards"
        return None
    if not isinstance(answer, str) or answer not in legal:
        return f"answered {answer!r}, not in legal"
    return None


@dataclass(frozen=True)
class Replacement:
    """One decision the arena made for a bot, and why."""

    side: str
    player: str
    unit: str
    """``deal 3`` or ``game 2``: where in the match."""
    table: int
    hand_number: int
    seat: str
    moment: str
    """``bidding``, ``exchange`` or ``trick 5``."""
    failure: str
    """The kind of reason, one of :data:`game.players.bot_process.FAILURES`."""
    reason: str

    def __str__(self) -> str:
        return (f"replaced: side {self.side} ({self.player}) at {self.unit}, table {self.table}, "
                f"hand {self.hand_number}, seat {self.seat}, {self.moment}: {self.reason}")


def moment_of(view: dict) -> str:
    """Where in the hand a decision falls, for a replacement's line."""
    if view["phase"] == "play":
        return f"trick {len(view['tricks']) + 1}"
    return "exchange" if view["phase"] == "exchange" else "bidding"


class Contestant:
    """One seat's player for one deal or game, behind the referee.

    With a `host` the player is a bot built in that process; without, it is the level
    `spec` names, called directly and its time checked afterwards."""

    def __init__(self, side: str, spec: str, seat: str, rules: dict, seed: int, time_limit: float,
                 host: BotProcess | None, replacements: list[tuple[Contestant, int, str, str, str]]) -> None:
        self.side = side
        self.spec = spec
        self.seat = seat
        self.time_limit = time_limit
        self.decision_ms: list[float] = []
        self.replacements = replacements
        """Where each decision the arena made instead goes, as ``(contestant, hand_number,
        moment, failure, reason)``: a list the seats of a table share, so it keeps the order of play."""
        self.host = host
        self.player: Any = None
        self._broken: tuple[str, str] | None = None
        """Why every decision is replaced: the player could not be created."""
        if host is not None:
            made = host.new_bot(seat, rules, seed, time_limit)
            if not made.ok:
                self._broken = (NOT_CREATED, f"could not be created: {made.reason}")
            return
        try:
            self.player = LEVELS[spec](seat, dict(rules), seed)
        except Exception as error:  # reported like a bot's, though a level is not expected to fail
            self._broken = (NOT_CREATED, f"could not be created: {type(error).__name__}: {error}")

    def _answer(self, view: dict) -> tuple[Any, tuple[str, str] | None]:
        """The player's answer to the view, or None and its failure ``(kind, reason)``."""
        if self.host is not None:
            reply = self.host.ask(view, self.time_limit)
            self.decision_ms.append(reply.seconds * 1000.0)
            return reply.answer, ((reply.failure, reply.reason) if reply.failure else None)
        start = time.perf_counter()
        try:
            answer = decide(self.player, view)
        except Exception as error:  # reported like a bot's, though a level is not expected to fail
            answer, failure = None, (RAISED, f"raised {type(error).__name__}: {error}")
        else:
            failure = None
        elapsed = time.perf_counter() - start
        self.decision_ms.append(elapsed * 1000.0)
        if failure is None and elapsed > self.time_limit:
            failure = (TIMED_OUT, f"took {elapsed:.3f} s, over the time limit of {self.time_limit:g} s")
        return answer, failure

    def act(self, view: dict, apply: Callable[[Any], None]) -> None:
        """Ask the player for the view's decision and carry it out with `apply`, or a
        default in its place (recorded) when the answer cannot stand."""
        # The referee keeps its own copy of what it checks: a level may change the view.
        own = {key: view[key] for key in ("phase", "hand_number", "exchange_count") if key in view}
        own["legal"] = list(view["legal"])
        moment = moment_of(view)
        failure = self._broken
        if failure is None:
            answer, failure = self._answer(view)
            if failure is None:
                problem = answer_problem(own, answer)
                if problem is None:
                    try:
                        apply(list(answer) if isinstance(answer, tuple) else answer)
                        return
                    except RuleError as error:
                        problem = f"answered {answer!r}, refused: {error}"
                failure = (ILLEGAL, problem)
        apply(default_choice(own))
        self.replacements.append((self, own["hand_number"], moment, *failure))
