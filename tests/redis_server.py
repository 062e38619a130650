"""A real Redis server for tests: ``redis-server`` on a Unix socket in a folder of the test's,
keeping nothing on disk, stopped on leaving the block. The tests of servers sharing tables need
it; CI installs Redis when it is missing (``.ci/run``), and so does a machine that runs them.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import redis

START_WAIT = 10.0


@dataclass
class RunningRedis:
    url: str
    """``unix://…``"""
    process: subprocess.Popen

    def stop(self) -> None:
        """The Redis server goes away (as when its machine is lost)."""
        self.process.kill()
        self.process.wait(START_WAIT)


@contextlib.contextmanager
def redis_server(folder: Path) -> Iterator[RunningRedis]:
    """A new, empty Redis server."""
    program = shutil.which("redis-server")
    if program is None:
        raise AssertionError("these tests need a Redis server: install redis-server "
                             "(Debian and Ubuntu: apt install redis-server; macOS: brew install redis)")
    socket = folder / "redis.sock"
    process = subprocess.Popen([program, "--port", "0", "--unixsocket", str(socket), "--save", "",
                                "--appendonly", "no", "--dir", str(folder)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"unix://{socket}"
    try:
        _wait_for(url, process)
        yield RunningRedis(url, process)
    finally:
        process.terminate()
        process.wait(START_WAIT)


def _wait_for(url: str, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + START_WAIT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"redis-server stopped at once (exit status {process.returncode})")
        with contextlib.suppress(redis.exceptions.ConnectionError):
            if redis.Redis.from_url(url).ping():
                return
        time.sleep(0.02)
    raise AssertionError("redis-server did not start")
