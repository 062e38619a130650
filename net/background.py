"""A Spades server in a thread of its own, for programs that need one beside them (the tests,
the screenshot taker): it listens on the address its options say and stops on leaving the block.

>>> from net.server import Options
>>> with server_thread(Options(host="127.0.0.1", port=0, workers=1)) as server:
...     server.address.startswith("127.0.0.1:")
True
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator
from dataclasses import dataclass

from net.server import Options, run

START_WAIT = 10.0
"""Seconds the server may take to start listening."""


@dataclass
class RunningServer:
    address: str
    options: Options


@contextlib.contextmanager
def server_thread(options: Options) -> Iterator[RunningServer]:
    """A server with `options` (port 0: a free port), stopped on leaving the block."""
    ready = threading.Event()
    port: list[int] = []
    loop = asyncio.new_event_loop()
    stop = asyncio.Event()

    def serve() -> None:
        asyncio.set_event_loop(loop)
        loop.run_until_complete(run(options, lambda p: (port.append(p), ready.set()), stop))

    thread = threading.Thread(target=serve, name="spades-server", daemon=True)
    thread.start()
    if not ready.wait(START_WAIT):
        raise RuntimeError("the server did not start")
    try:
        yield RunningServer(f"{options.host}:{port[0]}", options)
    finally:
        loop.call_soon_threadsafe(stop.set)
        thread.join(START_WAIT)
