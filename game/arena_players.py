"""The arena's players: loading a side by name, and the referee that asks a seat for its decision.

A side is a computer level of :data:`game.players.LEVELS` (``random``) or a bot of
`BOT_API.md` given as ``module.path:ClassName`` or ``path/to/file.py:ClassName``.

The referee (:class:`Contestant`) times every decision and checks the answer. A bot
that raises, answers something not in ``view["legal"]`` (or that the rules refuse),
or takes longer than the time limit is replaced for that decision by
:func:`default_choice`, and the replacement is recorded with the bot's name and the
reason. Bots loaded from a module run on a watchdog thread so that a bot that hangs
cannot stall the match: after the time limit the arena moves on without it. The
built-in levels are trusted to return and are called directly (cheaper), their time
is checked afterwards.
"""

from __future__ import annotations

import importlib
import importlib.util
import queue
import sys
import threading
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.hand import RuleError
from game.players import LEVELS, decide


class ArenaError(Exception):
    """A problem with the arena's settings (an unknown level, a bot that cannot be loaded)."""


PlayerFactory = Callable[[str, dict, int], Any]
"""A bot class, or anything called as ``factory(seat, rules_dict, seed)``."""

_loaded: dict[str, PlayerFactory] = {}


def load_player(spec: str) -> PlayerFactory:
    """The player class a side names: a level of :data:`LEVELS`, ``module.path:ClassName``
    (the module found on ``sys.path``) or ``path/to/file.py:ClassName``."""
    if spec in LEVELS:
        return LEVELS[spec]
    if spec in _loaded:
        return _loaded[spec]
    target, colon, name = spec.rpartition(":")
    if not colon or not target or not name:
        raise ArenaError(f"unknown player {spec!r}: give a level ({', '.join(LEVELS)}), "
                         "module.path:ClassName or path/to/file.py:ClassName")
    try:
        if target.endswith(".py") or "/" in target or "\\" in target:
            module = _module_from_file(Path(target))
        else:
            module = importlib.import_module(target)
    except ArenaError:
        raise
    except Exception as error:  # the bot's own import can fail in any way
        raise ArenaError(f"cannot load {target!r} for {spec!r}: {type(error).__name__}: {error}") from None
    factory = getattr(module, name, None)
    if not callable(factory):
        raise ArenaError(f"{target!r} has no class {name!r}")
    _loaded[spec] = factory
    return factory


def _module_from_file(path: Path) -> Any:
    if not path.is_file():
        raise ArenaError(f"no bot file {str(path)!r}")
    module_name = f"arena_bot_{path.stem}_{zlib.crc32(str(path.resolve()).encode()):08x}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise ArenaError(f"cannot load {str(path)!r} as a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[module_name]
        raise
    return module


def default_choice(view: dict) -> Any:
    """The legal choice that stands in for a replaced decision.

    Phase ``blind``: look; ``misdeal``: keep; ``bid``: the legal number nearest 3
    (a plain bid, not a nil); ``exchange``: the first ``exchange_count`` legal cards;
    ``play``: the first legal card."""
    legal = view["legal"]
    phase = view["phase"]
    if phase == "exchange":
        return list(legal[:view.get("exchange_count", 0)])
    if "look" in legal:
        return "look"
    if "keep" in legal:
        return "keep"
    if phase == "bid":
        numbers = [b for b in legal if b.isdigit()]
        if numbers:
            return min(numbers, key=lambda b: (abs(int(b) - 3), int(b)))
    return legal[0]


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
    reason: str

    def __str__(self) -> str:
        return (f"replaced: side {self.side} ({self.player}) at {self.unit}, table {self.table}, "
                f"hand {self.hand_number}, seat {self.seat}, {self.moment}: {self.reason}")


def moment_of(view: dict) -> str:
    """Where in the hand a decision falls, for a replacement's line."""
    if view["phase"] == "play":
        return f"trick {len(view['tricks']) + 1}"
    return "exchange" if view["phase"] == "exchange" else "bidding"


class _Watchdog:
    """A daemon thread that runs one bot's calls, so the arena can stop waiting for it."""

    def __init__(self) -> None:
        self._requests: queue.Queue = queue.Queue()
        self._answers: queue.Queue = queue.Queue()
        self._serial = 0
        self._abandoned: set[int] = set()
        """Calls whose time ran out and that have not answered yet (running or queued)."""
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while True:
            request = self._requests.get()
            if request is None:
                return
            serial, call = request
            try:
                self._answers.put((serial, True, call()))
            except BaseException as error:  # a bot's failure of any kind is reported
                self._answers.put((serial, False, error))

    def run(self, call: Callable[[], Any], timeout: float) -> tuple[bool, Any]:
        """``(True, answer)``, ``(False, exception)``, or raises TimeoutError (its message
        says when the bot was still busy with a call it overran before)."""
        self._serial += 1
        self._requests.put((self._serial, call))
        deadline = time.perf_counter() + timeout
        while True:
            left = max(deadline - time.perf_counter(), 0.0)
            try:
                serial, ok, value = self._answers.get(timeout=left)
            except queue.Empty:
                busy = bool(self._abandoned)
                self._abandoned.add(self._serial)
                raise TimeoutError("still busy with an earlier decision" if busy else "") from None
            if serial == self._serial:
                return ok, value
            self._abandoned.discard(serial)

    def close(self) -> None:
        self._requests.put(None)


class Contestant:
    """One seat's player for one deal or game, behind the referee.

    `guarded` runs the player on a watchdog thread (bots from outside); otherwise it
    is called directly and its time checked afterwards (the built-in levels)."""

    def __init__(self, side: str, spec: str, factory: PlayerFactory, seat: str, rules: dict, seed: int,
                 time_limit: float, guarded: bool, replacements: list[tuple[Contestant, int, str, str]]) -> None:
        self.side = side
        self.spec = spec
        self.seat = seat
        self.time_limit = time_limit
        self.decision_ms: list[float] = []
        self.replacements = replacements
        """Where each decision the arena made instead goes, as ``(contestant, hand_number,
        moment, reason)``: a list the seats of a table share, so it keeps the order of play."""
        self._watchdog = _Watchdog() if guarded else None
        self.player: Any = None
        self._broken: str | None = None
        ok, value = self._call(lambda: factory(seat, dict(rules), seed), record=False)
        if ok:
            self.player = value
        else:
            self._broken = f"could not be created: {value}"

    def _call(self, call: Callable[[], Any], record: bool = True) -> tuple[bool, Any]:
        """Run a call of the player: ``(True, answer)`` or ``(False, reason)``; `record` keeps its time."""
        start = time.perf_counter()
        try:
            if self._watchdog is not None:
                ok, value = self._watchdog.run(call, self.time_limit)
            else:
                ok, value = True, call()
        except TimeoutError as timeout:
            ok, value = False, timeout
        except Exception as error:  # a bot's failure of any kind is reported, never fatal
            ok, value = False, error
        elapsed = time.perf_counter() - start
        if record:
            self.decision_ms.append(elapsed * 1000.0)
        if not ok:
            if isinstance(value, TimeoutError):
                busy = f" ({value})" if str(value) else ""
                return False, f"gave no answer within the time limit of {self.time_limit:g} s{busy}"
            return False, f"raised {type(value).__name__}: {value}"
        if elapsed > self.time_limit:
            return False, f"took {elapsed:.3f} s, over the time limit of {self.time_limit:g} s"
        return True, value

    def act(self, view: dict, apply: Callable[[Any], None]) -> None:
        """Ask the player for the view's decision and carry it out with `apply`, or a
        default in its place (recorded) when the answer cannot stand."""
        # The referee keeps its own copy of what it checks: the bot may change the view.
        own = {key: view[key] for key in ("phase", "hand_number", "exchange_count") if key in view}
        own["legal"] = list(view["legal"])
        moment = moment_of(view)
        reason = self._broken
        if reason is None:
            ok, answer = self._call(lambda: decide(self.player, view))
            reason = answer if not ok else answer_problem(own, answer)
            if reason is None:
                try:
                    apply(list(answer) if isinstance(answer, tuple) else answer)
                    return
                except RuleError as error:
                    reason = f"answered {answer!r}, refused: {error}"
        apply(default_choice(own))
        self.replacements.append((self, own["hand_number"], moment, reason))

    def close(self) -> None:
        if self._watchdog is not None:
            self._watchdog.close()


def guarded(spec: str) -> bool:
    """Whether a side's player runs on a watchdog thread (every bot not a built-in level)."""
    return spec not in LEVELS

