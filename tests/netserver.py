"""A real Spades server for tests: on 127.0.0.1, a free port, in a thread of its own.

>>> with running_server() as server:
...     server.address.startswith("127.0.0.1:")
True
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import replace

from net.background import RunningServer, server_thread
from net.server import Options

FAST = Options(host="127.0.0.1", port=0, hold=1.0, pace=0.0, workers=1, hello_wait=1.0)
"""A test server's options: short holds and waits, one worker process."""


@contextlib.contextmanager
def running_server(**changes) -> Iterator[RunningServer]:
    """A server with :data:`FAST` options (and `changes`), stopped on leaving the block."""
    with server_thread(replace(FAST, **changes)) as server:
        yield server
