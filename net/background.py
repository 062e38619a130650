"""A Spades server in a thread of its own, for programs that need one beside them (the game when
its player hosts a table for friends, the tests, the screenshot taker): it listens on the address
its options say until stopped.

>>> from net.server import Options
>>> with server_thread(Options(host="127.0.0.1", port=0, workers=1)) as server:
...     server.address.startswith("127.0.0.1:")
True
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from net.server import Options

START_WAIT = 10.0
"""Seconds the server may take to start listening (or to stop)."""


class RunningServer:
    """A server listening in a thread: :meth:`start` it, :meth:`stop` it."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._stop = asyncio.Event()
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self._thread = threading.Thread(target=self._serve, name="spades-server", daemon=True)

    @property
    def address(self) -> str:
        """Where it listens, ``host:port``."""
        return f"{self.options.host}:{self.port}"

    def start(self) -> RunningServer:
        """Listen, or raise what stopped it (an OSError when the port is taken)."""
        self._thread.start()
        if not self._ready.wait(START_WAIT):
            raise RuntimeError("the server did not start")
        if self._failed is not None:
            raise self._failed
        return self

    def stop(self, wait: float = START_WAIT) -> None:
        """Stop listening, close every connection, and wait up to `wait` seconds for that to end
        (0: not at all; the server ends in its thread, see :attr:`stopped`). A connection that
        does not answer keeps it up to websockets' close or open timeout (10 s)."""
        if self._thread.is_alive():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: it has ended
                self._loop.call_soon_threadsafe(self._stop.set)
            self._thread.join(wait)

    @property
    def stopped(self) -> bool:
        """The server has ended (or never started)."""
        return not self._thread.is_alive()

    def _serve(self) -> None:
        from net.server import run  # only once a server starts: the game needs none to begin

        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(run(self.options, self._listening, self._stop))
        except Exception as error:  # start() raises it in the thread that asked
            self._failed = error
        finally:
            self._ready.set()
            self._close_loop()

    def _close_loop(self) -> None:
        """Cancel what is still pending (a connection that came as the server closed) and close
        the loop, as :func:`asyncio.run` does."""
        left = asyncio.all_tasks(self._loop)
        for task in left:
            task.cancel()
        self._loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
        self._loop.run_until_complete(self._loop.shutdown_asyncgens())
        self._loop.close()

    def _listening(self, port: int) -> None:
        self.port = port
        self._ready.set()


@contextlib.contextmanager
def server_thread(options: Options) -> Iterator[RunningServer]:
    """A server with `options` (port 0: a free port), stopped on leaving the block."""
    server = RunningServer(options).start()
    try:
        yield server
    finally:
        server.stop()


def reachable_address() -> str:
    """This computer's address on its network, as another computer there would reach it
    (``127.0.0.1`` when it has none).

    No packet is sent: connecting a UDP socket only asks the system which of its addresses
    it would send from.

    >>> reachable_address().count(".")
    3
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # a documentation address (RFC 5737): never reached
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()
