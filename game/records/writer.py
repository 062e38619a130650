"""Files written in a thread of their own, so that whoever asks never waits for the disk.

Every file the game saves is synced to the disk before it counts as written (a crash then
never leaves half a file). On a quiet machine that takes well under a millisecond; on a busy
one, where the sync waits for everything else the system has to write, it has been seen to
take a quarter of a second and more. The screens hand their writes to a :class:`FileWriter`
and go on drawing.

>>> written = []
>>> writer = FileWriter()
>>> writer.run(lambda: written.append("settings"))
>>> writer.run(lambda: 1 / 0, done=lambda error: written.append(type(error).__name__))
>>> writer.wait(5.0), written
(True, ['settings', 'ZeroDivisionError'])
>>> writer.close()
True
"""

from __future__ import annotations

import threading
import traceback
from collections import deque
from collections.abc import Callable

Job = Callable[[], object]
Done = Callable[[BaseException | None], None]

CLOSE_WAIT = 5.0
"""Seconds :meth:`FileWriter.close` waits for the writes still to do (a disk that hangs longer
than that loses them rather than the game's exit)."""


class FileWriter:
    """Runs file jobs one after another, in the order given, in a thread of its own.

    `done`, if given, hears how each job ended (None, or what it raised), in the writer's
    thread: keep it to setting a value the caller reads later. A job that raises never stops
    the writer. With ``inline=True`` every job runs at once in the caller's thread instead (for
    tests that read a file right after it is written).
    """

    def __init__(self, inline: bool = False) -> None:
        self.inline = inline
        self._jobs: deque[tuple[Job, Done | None]] = deque()
        self._busy = 0
        """Jobs given and not yet finished (the one running included)."""
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False

    def run(self, job: Job, done: Done | None = None) -> None:
        """Do `job` (in the writer's thread; at once when inline); RuntimeError once closed."""
        if self._closed:
            raise RuntimeError("this FileWriter is closed")
        if self.inline:
            _do(job, done)
            return
        with self._changed:
            self._jobs.append((job, done))
            self._busy += 1
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="spades-files", daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until every job given so far is done; False if `timeout` seconds went by first."""
        with self._changed:
            return self._changed.wait_for(lambda: self._busy == 0, timeout)

    def close(self, timeout: float = CLOSE_WAIT) -> bool:
        """Finish the jobs given (waiting up to `timeout` seconds) and stop; whether all were done."""
        finished = self.wait(timeout)
        with self._changed:
            self._closed = True
            self._changed.notify_all()
        return finished

    def _work(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._jobs or self._closed)
                if not self._jobs:
                    return
                job, done = self._jobs.popleft()
            try:
                _do(job, done)
            except BaseException:  # `done` failed: a bug, said on the console; the writer goes on
                traceback.print_exc()
            finally:
                with self._changed:
                    self._busy -= 1
                    self._changed.notify_all()


def _do(job: Job, done: Done | None) -> None:
    try:
        job()
    except BaseException as error:  # every failure is told to `done`; the writer goes on
        if done is not None:
            done(error)
        return
    if done is not None:
        done(None)
