"""Computer players thinking in a worker process, so the screen's frame loop never waits for them.

Python threads share one interpreter lock, so a search in a thread would stall the
frames; a :class:`Thinker` sends each question (a :class:`Request`: decide a seat's
move, suggest one with a reason, value every legal card for the coach, or work on the
perfect-play analysis of a finished hand for Review) to a worker process and the game
polls for the :class:`Answer` once a frame. The worker is started with the ``spawn`` method on every
system, so it behaves the same on Windows, macOS and Linux.

The worker keeps one player per level, seat, seed, rules and time limit, so a player
remembers what it saw in a blind-nil exchange for the rest of the hand; give each
computer seat a steady seed for the whole game (:func:`player_seed`) and a game played
from the same seed gets the same answers. Suggestions come from a fresh player each time.

An analysis takes seconds, so each ``"analyse"`` request works on it for a slice of
:data:`ANALYSIS_SLICE` seconds and answers with what is known so far
(:class:`game.players.analyse.AnalysisProgress`); the worker keeps the analysis of one
hand between requests, and the asker sends the next request for the next slice, so
other questions are answered in between. Asking about another hand, or about no hand
(``Request.analysis(token, None)``), drops the analysis under way and its tables.

Every request has a deadline: its thinking budget (the request's time limit, or
:class:`game.players.levels.Level` budget) plus :data:`DEADLINE_MARGIN`, and for a worker
that has not answered yet, room for its start-up. A worker past the deadline (stopped,
or in an endless loop) is killed and every outstanding request gets an error answer,
as when the worker dies; the next ask starts a new worker.

>>> import random
>>> from game.hand import Hand
>>> from game.rules import PRESETS
>>> from game.view import seat_view
>>> hand = Hand.shuffled(PRESETS["partner"].rules, "E", random.Random(4))
>>> hand.look("S")
>>> view = seat_view(hand, "S")
>>> with Thinker(inline=True) as thinker:
...     thinker.ask(Request(1, "decide", "normal", view, player_seed(7, "S")))
...     answer = thinker.poll()
>>> answer.token, answer.choice in view["legal"], answer.error
(1, True, '')
"""

from __future__ import annotations

import collections
import inspect
import multiprocessing
import queue
import time
import traceback
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.players import decide
from game.players.analyse import Analyser, AnalysisProgress
from game.players.levels import ALL, LEVELS, level_named
from game.players.suggest import evaluate, suggest
from game.records.handlog import LoggedHand

KINDS = ("decide", "suggest", "evaluate", "analyse")
"""What a request may ask: a seat's own decision, a suggestion with its reason, Expert's value
of every legal card (for the coach: a :class:`game.players.suggest.Evaluation`, or None), or
a slice of work on a hand's perfect-play analysis."""

ANALYSIS_SLICE = 0.4
"""Seconds an ``"analyse"`` request works on its analysis before answering with the progress:
the longest another question waits behind it."""

CACHED_PLAYERS = 16
"""Players the worker keeps between requests (a game needs one per computer seat)."""

MAX_FAILED_STARTS = 3
"""Worker processes in a row that may die before answering anything; after that the
Thinker computes in the calling process instead, slower but never stuck."""

STOP_WAIT = 1.0
"""Seconds :meth:`Thinker.close` waits for the worker to end before killing it."""


PARENT_CHECK = 1.0
"""Seconds between a waiting worker's looks at whether the game that started it still runs."""

DEADLINE_MARGIN = 3.0
"""Seconds a worker may take beyond a request's thinking budget before it counts as stuck:
room for a machine busy with other programs and for the answer's way back."""

START_ALLOWANCE = 10.0
"""Seconds from a worker's start within which its first answer is not due yet: a new worker
imports Python's modules, the players and numpy before it can think. Measured from
``Thinker()`` to the first Normal answer: 0.2 s on an idle two-core Linux machine,
0.3–0.55 s with both cores busy; a cold start from a slow disk, or past a virus scanner,
takes several times that."""


@dataclass(frozen=True)
class Request:
    """One question for a computer player.

    `token` is the caller's number for matching the answer (answers to questions
    no longer wanted can be dropped by it); `kind` one of :data:`KINDS`;
    `level` a key of :data:`game.players.LEVELS`; `view` the seat view of `docs/bot-api.md`;
    `seed` the player's seed; `time_limit` the seconds a level that accepts one
    (Expert) may think, None for its full effort (reproducible, machine-independent).
    An analysis (:meth:`analysis`) has the finished `hand` instead, and its `time_limit`
    bounds the whole analysis (None: no limit).
    """

    token: int
    kind: str
    level: str
    view: dict
    seed: int
    time_limit: float | None = None
    hand: LoggedHand | None = None

    @classmethod
    def analysis(cls, token: int, hand: LoggedHand | None, time_limit: float | None = None) -> Request:
        """A slice of work on the perfect-play analysis of `hand` (plain data: a logged hand),
        answered with its :class:`~game.players.analyse.AnalysisProgress`; with `hand` None, the
        analysis under way is dropped (answered with None)."""
        return cls(token, "analyse", "", {}, 0, time_limit, hand)


@dataclass(frozen=True)
class Answer:
    """The reply to the request with the same `token`: the `choice` in view notation
    (a bid, ``"look"``, a card, or a list of cards to pass), the `reason` for a suggestion,
    or, when it could not be answered, `error` in plain words (then `choice` is None)."""

    token: int
    choice: Any
    reason: str = ""
    error: str = ""


def player_seed(game_seed: int | None, seat: str) -> int:
    """A steady seed for the computer player in `seat` throughout a game dealt from `game_seed`.

    >>> player_seed(12, "N") == player_seed(12, "N") != player_seed(12, "E")
    True
    """
    return zlib.crc32(f"{game_seed}:{seat}".encode())


class Brain:
    """Answers requests: the same code inside the worker, in the calling process, and in a
    server's pool of processes. It keeps the players it made (by level, seat, seed, time
    limit and rules), so a player remembers a hand's exchange until the hand is over."""

    def __init__(self) -> None:
        self.players: collections.OrderedDict[tuple, Any] = collections.OrderedDict()
        self._analysis: tuple[tuple[LoggedHand, float | None], Analyser] | None = None
        """The analysis under way: its hand and time limit, and where it stands."""

    def answer(self, request: Request) -> Answer:
        try:
            if request.kind == "suggest":
                advice = suggest(request.view, request.level, request.seed)
                return Answer(request.token, advice.choice, advice.reason)
            if request.kind == "decide":
                return Answer(request.token, decide(self._player(request), dict(request.view)))
            if request.kind == "evaluate":
                return Answer(request.token, evaluate(request.view, request.seed, request.time_limit))
            if request.kind == "analyse":
                return Answer(request.token, self._analyse(request))
            raise ValueError(f"unknown request kind {request.kind!r}; expected one of {', '.join(KINDS)}")
        except Exception as error:  # any failure becomes an answer, never a dead worker
            where = traceback.extract_tb(error.__traceback__)[-1]
            return Answer(request.token, None,
                          error=f"{type(error).__name__}: {error} ({where.filename}:{where.lineno})")

    def _analyse(self, request: Request) -> AnalysisProgress | None:
        """A slice of work on the analysis of the request's hand (begun if it is another
        hand than last time); the analysis is forgotten once done, or when no hand is given."""
        if request.hand is None:
            self._analysis = None
            return None
        key = (request.hand, request.time_limit)
        if self._analysis is None or self._analysis[0] != key:
            self._analysis = None  # its tables go before the new ones grow
            self._analysis = (key, Analyser(request.hand, request.time_limit))
        analyser = self._analysis[1]
        if analyser.advance(ANALYSIS_SLICE):
            self._analysis = None
        return analyser.progress()

    def _player(self, request: Request) -> Any:
        view = request.view
        key = (request.level, view["seat"], request.seed, request.time_limit, tuple(sorted(view["rules"].items())))
        player = self.players.get(key)
        if player is None:
            if request.level not in LEVELS:
                raise ValueError(f"unknown level {request.level!r}; expected one of {', '.join(LEVELS)}")
            make = LEVELS[request.level]
            options = {}
            if request.time_limit is not None and "time_limit" in inspect.signature(make).parameters:
                options["time_limit"] = request.time_limit
            player = make(view["seat"], view["rules"], request.seed, **options)
            self.players[key] = player
            while len(self.players) > CACHED_PLAYERS:
                self.players.popitem(last=False)
        self.players.move_to_end(key)
        return player


def thinking_budget(request: Request) -> float:
    """Seconds `request` may take to think: its time limit, or its level's full-effort budget;
    a slice of an analysis.

    >>> thinking_budget(Request(1, "decide", "expert", {}, 0, time_limit=2.5))
    2.5
    >>> thinking_budget(Request(1, "decide", "normal", {}, 0))
    0.0
    >>> thinking_budget(Request.analysis(1, None, time_limit=10.0)) == ANALYSIS_SLICE
    True
    """
    if request.kind == "analyse":
        return ANALYSIS_SLICE
    if request.time_limit is not None:
        return request.time_limit
    try:
        return level_named(request.level).budget
    except KeyError:  # answered at once with an error; the largest budget is room enough for that
        return max(level.budget for level in ALL)


def _serve(requests: Any, answers: Any) -> None:
    """The worker's loop: answer each request in turn until a None arrives, or until the game
    that started it is gone (killed, or crashed without closing it): a worker never outlives it."""
    brain = Brain()
    parent = multiprocessing.parent_process()
    while True:
        try:
            request = requests.get(timeout=PARENT_CHECK)
        except queue.Empty:
            if parent is not None and not parent.is_alive():
                return
            continue
        if request is None:
            return
        answers.put(brain.answer(request))


class Thinker:
    """Asks computer players in a worker process; :meth:`poll` each frame for answers.

    With ``inline=True`` (tests, or machines where a process cannot start) each
    request is answered inside :meth:`ask` and the answer waits for the next poll.
    If the worker dies, or the oldest outstanding request is past its deadline (then
    the worker is killed), the next poll gives an error answer for each request still
    outstanding, and the next ask starts a new worker. `clock` (seconds, like
    :func:`time.monotonic`), `margin` and `start_allowance` set how deadlines are
    counted (see :data:`DEADLINE_MARGIN` and :data:`START_ALLOWANCE`). Inline thinking
    has no deadline: nothing could stop it.

    The ``spawn`` worker imports the program's main module again, so that module must
    start the program only under ``if __name__ == "__main__":`` (``main.py`` does).
    """

    def __init__(self, inline: bool = False, clock: Callable[[], float] = time.monotonic,
                 margin: float = DEADLINE_MARGIN, start_allowance: float = START_ALLOWANCE) -> None:
        self.inline = inline
        self.clock = clock
        self.margin = margin
        self.start_allowance = start_allowance
        self._brain = Brain() if inline else None
        self._ready: collections.deque[Answer] = collections.deque()
        self._outstanding: dict[int, Request] = {}
        self._process: Any = None
        self._requests: Any = None
        self._answers: Any = None
        self._failed_starts = 0
        self._closed = False
        self._started_at = 0.0
        self._worker_answered = False
        self._deadline: tuple[float, float] | None = None
        """When the oldest outstanding request is due, and the seconds it was given."""
        if not inline:
            self._start()

    # -- the caller's side -------------------------------------------------------------
    def ask(self, request: Request) -> None:
        """Send `request` to be thought about; returns at once (the answer comes by :meth:`poll`)."""
        if self._closed:
            raise RuntimeError("this Thinker is closed")
        if not self.inline and not self._worker_alive():
            self._bury_worker()
            if not self.inline:
                self._start()
        if self.inline:
            self._ready.append(self._inline_brain().answer(request))
            return
        self._outstanding[request.token] = request
        if self._deadline is None:
            self._set_deadline(request)
        self._requests.put(request)

    def poll(self) -> Answer | None:
        """The next answer that has arrived, or None; never waits."""
        if not self._ready and self._process is not None:
            answer = self._receive()
            if answer is not None:
                return answer
            if self._outstanding and not self._worker_alive():
                self._bury_worker()
            elif self._deadline is not None and self.clock() > self._deadline[0]:
                self._give_up_on_worker()
        return self._ready.popleft() if self._ready else None

    @property
    def busy(self) -> bool:
        """Whether any request is still waiting for its answer (or an answer for its poll)."""
        return bool(self._outstanding or self._ready)

    @property
    def worker_pid(self) -> int | None:
        """The worker process's id while one runs (None inline)."""
        return self._process.pid if self._process is not None else None

    def close(self) -> None:
        """Stop the worker; calling it again does nothing."""
        if self._closed:
            return
        self._closed = True
        self._stop_worker()
        self._outstanding.clear()

    def __enter__(self) -> Thinker:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- the worker --------------------------------------------------------------------
    def _start(self) -> None:
        """Start a worker. `start` returns once the child is launched; the child's imports
        happen while the caller goes on."""
        context = multiprocessing.get_context("spawn")
        try:
            self._requests = context.Queue()
            self._answers = context.Queue()
            # A dead worker must never make the game wait at exit for a queue to drain.
            self._requests.cancel_join_thread()
            self._answers.cancel_join_thread()
            self._process = context.Process(target=_serve, args=(self._requests, self._answers),
                                            name="spades-thinker", daemon=True)
            self._process.start()
            self._started_at = self.clock()
            self._worker_answered = False
        except (OSError, RuntimeError, ValueError):
            self._stop_worker()
            self.inline = True

    def _worker_alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def _receive(self) -> Answer | None:
        if self._answers is None:
            return None
        try:
            answer = self._answers.get_nowait()
        except (queue.Empty, OSError, EOFError, ValueError):
            return None
        self._outstanding.pop(answer.token, None)
        self._failed_starts = 0
        self._worker_answered = True
        self._deadline = None
        if self._outstanding:
            self._set_deadline(next(iter(self._outstanding.values())))
        return answer

    def _set_deadline(self, request: Request) -> None:
        """The worker answers in order, so `request`, the oldest outstanding one, is due
        its budget and the margin after now, or after a new worker's start-up time."""
        now = self.clock()
        begins = now if self._worker_answered else max(now, self._started_at + self.start_allowance)
        due = begins + thinking_budget(request) + self.margin
        self._deadline = (due, due - now)

    def _bury_worker(self) -> None:
        """The worker has died: keep what it answered, turn the rest into error answers,
        and fall back to thinking inline if workers keep dying before answering."""
        exit_code = self._process.exitcode if self._process is not None else None
        had_worker = self._process is not None
        self._answer_outstanding(f"The computer players' process stopped unexpectedly (exit code {exit_code}).")
        if had_worker:
            self._failed_starts += 1
        self._stop_worker()
        if self._failed_starts >= MAX_FAILED_STARTS:
            self.inline = True

    def _give_up_on_worker(self) -> None:
        """The oldest request is past its deadline: kill the worker at once (a stopped
        process cannot act on a polite request to end) and answer for it. Unlike a death
        this never leads to thinking inline, where an endless search could not be stopped."""
        assert self._deadline is not None
        allowed = self._deadline[1]
        self._answer_outstanding(f"The computer player took too long ({round(allowed, 1):g} s); "
                                 "its process was stopped and another starts for the next question.")
        self._stop_worker(kill=True)

    def _answer_outstanding(self, error: str) -> None:
        """Keep what the worker answered; every request still outstanding gets `error`."""
        while (answer := self._receive()) is not None:
            self._ready.append(answer)
        for token in self._outstanding:
            self._ready.append(Answer(token, None, error=error))
        self._outstanding.clear()
        self._deadline = None

    def _stop_worker(self, kill: bool = False) -> None:
        """End the worker: politely first (it may be writing to a queue), or with `kill` at once."""
        process, self._process = self._process, None
        if process is not None and process.is_alive():
            if not kill:
                process.terminate()
                process.join(STOP_WAIT)
            if process.is_alive():
                process.kill()
                process.join()
        for channel in (self._requests, self._answers):
            if channel is not None:
                channel.close()
        self._requests = self._answers = None

    def _inline_brain(self) -> Brain:
        if self._brain is None:
            self._brain = Brain()
        return self._brain
