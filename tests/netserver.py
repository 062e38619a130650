"""A real Spades server for tests: on 127.0.0.1, a free port, in a thread of its own.

>>> with running_server() as server:
...     server.address.startswith("127.0.0.1:")
True
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator
from dataclasses import dataclass, replace

from net.server import Options, run

FAST = Options(host="127.0.0.1", port=0, hold=1.0, pace=0.0, workers=1, hello_wait=1.0)
"""A test server's options: short holds and waits, one worker process."""


@dataclass
class RunningServer:
    address: str
    options: Options


@contextlib.contextmanager
def running_server(**changes) -> Iterator[RunningServer]:
    """A server with :data:`FAST` options (and `changes`), stopped on leaving the block."""
    options = replace(FAST, **changes)
    ready = threading.Event()
    port: list[int] = []
    loop = asyncio.new_event_loop()
    stop = asyncio.Event()

    def serve() -> None:
        asyncio.set_event_loop(loop)
        loop.run_until_complete(run(options, lambda p: (port.append(p), ready.set()), stop))

    thread = threading.Thread(target=serve, name="test-server", daemon=True)
    thread.start()
    if not ready.wait(10):
        raise RuntimeError("the test server did not start")
    try:
        yield RunningServer(f"127.0.0.1:{port[0]}", options)
    finally:
        loop.call_soon_threadsafe(stop.set)
        thread.join(10)
