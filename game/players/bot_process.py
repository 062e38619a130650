"""A player in its own process: fed JSON seat views over a pipe, with a deadline and a hard kill.

A bot written by someone else (the interface of `docs/bot-api.md`, named
``module.path:ClassName`` or ``path/to/file.py:ClassName``) runs in a child process
of its own, one :class:`BotProcess` each: a fresh Python interpreter that finds
modules where its parent does and imports nothing but this module and the bot's. It
builds one bot at a time (:meth:`BotProcess.new_bot`: seat, rules, seed) and answers
one seat view at a time (:meth:`BotProcess.ask`). The messages are lines of JSON on
the child's stdin and stdout, never pickles, so nothing the child sends can run code
in the parent; and the child holds nothing but what it was sent: a bot cannot find
another seat's cards in its memory, nor change the program that referees it.

Every call has a deadline. A bot that overruns it is stopped at once (terminate,
then kill), so it burns no more CPU; a child that ends (an ``os._exit``, a crash) is
noticed as soon as its pipe closes. The call then returns a :class:`Reply` that names
the failure, and the next :meth:`~BotProcess.ask` starts a fresh child and builds the
bot again from the same seat, rules and seed: the new bot has forgotten the hand so
far (what it saw passed in an exchange, say) and goes on from the view it is given.
After :data:`MAX_RESTARTS` fresh starts for one bot it is not started again, and
every later call fails at once with the last failure.

A reader thread takes the child's replies off its stdout, so the parent waits on a
queue with a timeout, and a child that stalls halfway through a line cannot hold it
either. In the child, the bot's prints go to stderr (stdout carries the replies),
and a thread reading stdin ends the child the moment the pipe closes, even while the
bot is busy: no bot outlives the program that asked it, however that program ends.

This is a process boundary, not a sandbox: the bot runs as the same user and can
still touch files or signal other processes.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
import traceback
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from game.text_safety import safe_text

RAISED = "raised"
ILLEGAL = "illegal"
TIMED_OUT = "timed_out"
PROCESS_DIED = "process_died"
NOT_CREATED = "not_created"
FAILURES = (RAISED, ILLEGAL, TIMED_OUT, PROCESS_DIED, NOT_CREATED)
"""Why a call got no answer: the bot raised, sent something that is no answer (not
JSON, not understood), ran out of time, its process ended, or it could not be built."""

LOAD_TIMEOUT = 60.0
"""Seconds a fresh child may take to start and import the bot's module."""

STOP_WAIT = 0.5
"""Seconds a child gets to end after its pipe closes or after terminate, before kill."""

MAX_RESTARTS = 3
"""Fresh processes started for one bot (after timeouts or deaths) before it is given up."""

MAX_REPLY_BYTES = 1 << 16
"""The longest reply read from a child; a longer one is no answer."""


class BotLoadError(Exception):
    """A bot that cannot be loaded: a malformed name, a missing module or class, an import that fails."""


PlayerFactory = Callable[[str, dict, int], Any]
"""A bot class, or anything called as ``factory(seat, rules_dict, seed)``."""


def load_bot(spec: str) -> PlayerFactory:
    """The bot class `spec` names, imported into this process: ``module.path:ClassName``
    (the module found on ``sys.path``) or ``path/to/file.py:ClassName``.

    This runs the bot's module here; a program that does not trust the bot calls it
    only in the child (:class:`BotProcess` does)."""
    target, colon, name = spec.rpartition(":")
    if not colon or not target or not name:
        raise BotLoadError(f"unknown player {spec!r}: give module.path:ClassName or path/to/file.py:ClassName")
    try:
        if target.endswith(".py") or "/" in target or "\\" in target:
            module = _module_from_file(Path(target))
        else:
            module = importlib.import_module(target)
    except BotLoadError:
        raise
    except Exception as error:  # the bot's own import can fail in any way
        raise BotLoadError(f"cannot load {target!r} for {spec!r}: {type(error).__name__}: {error}") from None
    factory = getattr(module, name, None)
    if not callable(factory):
        raise BotLoadError(f"{target!r} has no class {name!r}")
    return factory


def _module_from_file(path: Path) -> Any:
    if not path.is_file():
        raise BotLoadError(f"no bot file {str(path)!r}")
    module_name = f"bot_{path.stem}_{zlib.crc32(str(path.resolve()).encode()):08x}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise BotLoadError(f"cannot load {str(path)!r} as a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[module_name]
        raise
    return module


@dataclass(frozen=True)
class Reply:
    """What one call of the bot gave: its `answer` (JSON data), or a `failure` (one of
    :data:`FAILURES`) and its `reason` in words; `seconds` from sending to the reply."""

    answer: Any = None
    failure: str = ""
    reason: str = ""
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.failure


_CLOSED = object()
"""What the reader thread queues when the child's stdout has closed."""
_TOO_LONG = object()
"""What the reader thread queues for a line over :data:`MAX_REPLY_BYTES` (it then stops reading)."""


class BotProcess:
    """One bot module hosted in a child process, one bot built in it at a time.

    >>> host = BotProcess("game.players:RandomPlayer")
    >>> host.wait_loaded()
    >>> host.new_bot("S", {}, seed=1, timeout=5.0).ok
    True
    >>> host.ask({"phase": "play", "legal": ["2C", "AS"]}, timeout=5.0).answer in ("2C", "AS")
    True
    >>> host.close()
    """

    def __init__(self, spec: str) -> None:
        self.spec = spec
        self._process: subprocess.Popen | None = None
        self._start_error = ""
        self._replies: queue.SimpleQueue = queue.SimpleQueue()
        self._loaded = False
        self._bot: tuple[str, dict, int] | None = None
        self._built = False
        self._restarts = 0
        self._given_up: Reply | None = None
        """Set when the bot is not started again: every later call returns it."""
        self._stopped_by = Reply(failure=NOT_CREATED, reason="not built")
        """The failed call that stopped the child last."""
        self._start()

    # -- the calls ------------------------------------------------------------------------
    def wait_loaded(self) -> None:
        """Wait until the child has imported the bot's module; raise :class:`BotLoadError`
        (the child's own words) when it cannot."""
        if self._process is None:
            self._start()
            if self._process is None:
                raise BotLoadError(self._start_error)
        if self._loaded:
            return
        message = self._receive(LOAD_TIMEOUT, time.perf_counter())
        if isinstance(message, Reply):
            raise BotLoadError(f"cannot load {self.spec!r}: {message.reason}")
        if "load_error" in message:
            self._stop()
            raise BotLoadError(str(message["load_error"]))
        if message.get("loaded") is not True:
            self._stop()
            raise BotLoadError(f"cannot load {self.spec!r}: its process sent {message!r}")
        self._loaded = True

    def new_bot(self, seat: str, rules: dict, seed: int, timeout: float) -> Reply:
        """Build a fresh bot ``factory(seat, rules, seed)`` in the child, replacing the one before;
        the constructor has `timeout` seconds (starting or loading the child does not count)."""
        self._bot = (seat, dict(rules), seed)
        self._restarts = 0
        self._given_up = None
        self._stopped_by = Reply(failure=NOT_CREATED, reason="not built")
        return self._build(timeout)

    def ask(self, view: dict, timeout: float) -> Reply:
        """The bot's answer to a seat view (its ``bid``, ``play`` or ``exchange`` by the
        view's phase) within `timeout` seconds, or the failure. A bot stopped by an earlier
        call is first started and built again (that time does not count)."""
        if self._bot is None:
            raise RuntimeError("ask() before new_bot()")
        if self._given_up is None and not self._built:
            self._rebuild(timeout)
        if self._given_up is not None:
            return self._given_up
        reply = self._call({"view": view}, timeout, _answer_of)
        if not self._built:
            self._stopped_by = reply
        return reply

    def close(self) -> None:
        """End the child: its pipe closes, and it is killed if it does not end by itself."""
        self._stop(gently=True)

    # -- the child's life ------------------------------------------------------------------
    def _start(self) -> None:
        """Start a fresh child; when none can start, `_process` stays None and `_start_error` says why."""
        # The child finds modules where this process does (the bot's, and this package).
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(map(str, sys.path)))
        try:
            self._process = subprocess.Popen([sys.executable, "-c", _CHILD, self.spec], stdin=subprocess.PIPE,
                                             stdout=subprocess.PIPE, env=env)
        except OSError as error:
            self._start_error = f"cannot start a Python process for {self.spec!r}: {error}"
            return
        self._replies = queue.SimpleQueue()
        threading.Thread(target=_read_replies, args=(self._process.stdout, self._replies), daemon=True,
                         name=f"replies of {self.spec}").start()
        self._loaded = False
        self._built = False

    def _build(self, timeout: float) -> Reply:
        assert self._bot is not None
        try:
            self.wait_loaded()
        except BotLoadError as error:
            return Reply(failure=NOT_CREATED, reason=str(error))
        seat, rules, seed = self._bot
        reply = self._call({"new": {"seat": seat, "rules": rules, "seed": seed}}, timeout, _created)
        self._built = reply.ok
        return reply

    def _rebuild(self, timeout: float) -> None:
        """Start and build the bot again after a call stopped it, or give it up."""
        if self._restarts == MAX_RESTARTS:
            last = self._stopped_by
            self._given_up = Reply(failure=last.failure, reason=f"{last.reason}; not started again after "
                                                                 f"{MAX_RESTARTS} restarts")
            return
        self._restarts += 1
        rebuilt = self._build(timeout)
        if not rebuilt.ok:
            self._given_up = Reply(failure=NOT_CREATED, reason=f"could not be created again: {rebuilt.reason}")

    def _call(self, request: dict, timeout: float, read: Callable[[dict], Reply]) -> Reply:
        """Send one request and read its reply with `read`; a failed exchange stops the child."""
        start = time.perf_counter()
        try:
            self._process.stdin.write(json.dumps(request).encode() + b"\n")
            self._process.stdin.flush()
        except OSError:
            message: dict | Reply = self._ended(start)
        else:
            message = self._receive(timeout, start)
        if isinstance(message, Reply):
            return message
        try:
            reply = read(message)
        except _OutOfStep as error:
            self._stop()  # a child that says something unasked for may be out of step from now on
            reply = Reply(failure=ILLEGAL, reason=str(error))
        return Reply(reply.answer, reply.failure, reply.reason, time.perf_counter() - start)

    def _receive(self, timeout: float, start: float) -> dict | Reply:
        """The child's next message, or the failure (the child then stopped)."""
        try:
            data = self._replies.get(timeout=max(start + timeout - time.perf_counter(), 0.0))
        except queue.Empty:
            self._stop()
            return Reply(failure=TIMED_OUT, reason=f"gave no answer within the time limit of {timeout:g} s "
                                                   "(its process was stopped)", seconds=time.perf_counter() - start)
        if data is _CLOSED:
            return self._ended(start)
        if data is _TOO_LONG:
            self._stop()
            return Reply(failure=ILLEGAL, reason=f"sent a reply longer than {MAX_REPLY_BYTES} bytes",
                         seconds=time.perf_counter() - start)
        try:
            message = json.loads(data)
        except (ValueError, RecursionError):
            message = None
        if not isinstance(message, dict):
            self._stop()
            return Reply(failure=ILLEGAL, reason="sent a reply that is not a JSON object",
                         seconds=time.perf_counter() - start)
        return message

    def _ended(self, start: float) -> Reply:
        """The failure for a child whose pipe closed: its exit code, once it has ended."""
        try:
            code: int | None = self._process.wait(STOP_WAIT)
        except subprocess.TimeoutExpired:
            code = None
        self._stop()
        reason = "the bot's process closed its pipe" if code is None else f"the bot's process ended (exit code {code})"
        return Reply(failure=PROCESS_DIED, reason=reason, seconds=time.perf_counter() - start)

    def _stop(self, gently: bool = False) -> None:
        """End the child for good: close its pipe (it then ends by itself); unless `gently`,
        terminate it at once; kill it if it is still there after :data:`STOP_WAIT`."""
        process, self._process = self._process, None
        self._built = False
        self._loaded = False
        if process is None:
            return
        try:
            process.stdin.close()
        except OSError:  # the pipe was already broken
            pass
        if not gently:
            process.terminate()
        try:
            process.wait(STOP_WAIT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class _OutOfStep(Exception):
    """A message from the child that is no reply to the request (the bot wrote to the pipe itself)."""


def _created(message: dict) -> Reply:
    """The reply to a ``new`` request."""
    if message.get("created") is True:
        return Reply()
    if isinstance(message.get("raised"), str):
        return Reply(failure=RAISED, reason=message["raised"])
    raise _OutOfStep(f"sent {str(message)[:80]} when it was built")


def _answer_of(message: dict) -> Reply:
    """The reply to a ``view`` request."""
    if "answer" in message:
        return Reply(answer=message["answer"])
    if isinstance(message.get("raised"), str):
        return Reply(failure=RAISED, reason=message["raised"])
    if isinstance(message.get("unsendable"), str):
        return Reply(failure=ILLEGAL, reason=f"answered {message['unsendable'][:80]}, not JSON data")
    raise _OutOfStep(f"sent {str(message)[:80]} instead of an answer")


def _read_replies(stream: IO[bytes], replies: queue.SimpleQueue) -> None:
    """Move the child's lines onto the queue until its stdout closes (a line too long ends it)."""
    with stream:
        while True:
            line = stream.readline(MAX_REPLY_BYTES + 1)
            if not line:
                replies.put(_CLOSED)
                return
            if len(line) > MAX_REPLY_BYTES:
                replies.put(_TOO_LONG)
                return
            replies.put(line)


# -- the child ----------------------------------------------------------------------------
_CHILD = "from game.players.bot_process import serve; serve()"
"""The child's program; the bot's name follows it as ``sys.argv[1]``."""


def serve() -> None:
    """The child's program: answer the parent's requests until its pipe closes.

    It always ends through ``os._exit``, with the bot's own ``sys.exit`` code if it
    called one: an ordinary interpreter shutdown could wait on the thread reading stdin."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is for the parent, which then closes the pipe
    code = 0
    try:
        _answer_requests(sys.argv[1], _reply_stream())
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    except BaseException:  # whatever ends the bot ends its process, with a word on stderr
        traceback.print_exc()
        code = 1
    sys.stderr.flush()
    os._exit(code)


def _answer_requests(spec: str, replies: IO[bytes]) -> None:
    """Load the bot's module, then build bots and answer views as the requests come."""
    requests: queue.SimpleQueue = queue.SimpleQueue()
    threading.Thread(target=_read_requests, args=(sys.stdin.buffer, requests), daemon=True).start()

    def send(message: dict) -> None:
        replies.write(json.dumps(message).encode() + b"\n")
        replies.flush()

    try:
        factory = load_bot(spec)
    except BotLoadError as error:
        send({"load_error": str(error)})
        return
    send({"loaded": True})
    bot = None
    while True:
        request = requests.get()
        try:
            if "new" in request:
                bot = None
                bot = factory(request["new"]["seat"], request["new"]["rules"], request["new"]["seed"])
                send({"created": True})
                continue
            answer = getattr(bot, _METHODS.get(request["view"]["phase"], "bid"))(request["view"])
        except Exception as error:  # a bot's failure of any kind is reported, never fatal
            send({"raised": f"raised {type(error).__name__}: {_told(str, error)}"})
            continue
        try:
            text = json.dumps({"answer": answer})
        except (TypeError, ValueError, RecursionError):  # RecursionError: a list nested thousands deep
            send({"unsendable": f"{type(answer).__name__} {_told(repr, answer)}"})
            continue
        replies.write(text.encode() + b"\n")
        replies.flush()


def _told(words: Callable[[Any], str], thing: Any) -> str:
    """What a bot's exception or answer says of itself (`words` is ``str`` or ``repr``), kept short;
    that may raise too (an integer of 5,000 digits, an object whose ``__repr__`` fails)."""
    try:
        return safe_text(words(thing), TOLD_LENGTH)
    except Exception:  # noqa: BLE001 - whatever the bot's object raises, the report goes on
        return "(it cannot be shown)"


TOLD_LENGTH = 300
"""The most characters of a bot's own words (its exception, its unsendable answer) a report quotes."""

_METHODS = {"play": "play", "exchange": "exchange"}
"""The bot's method for a view's phase (every other phase is a ``bid``), as `docs/bot-api.md` has it."""


def _reply_stream() -> IO[bytes]:
    """This child's stdout, kept for the replies alone: what the bot prints goes to stderr."""
    replies = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    return replies


def _read_requests(stream: IO[bytes], requests: queue.SimpleQueue) -> None:
    """Move the parent's requests onto the queue; end this process when the parent's pipe
    closes, even while the bot is busy (the parent closed it, or ended)."""
    for line in stream:
        requests.put(json.loads(line))
    os._exit(0)
