"""A thinker worker for tests that loops forever on a seat's decision, the way a stuck search would.

A test points ``game.players.thinker._serve`` at :func:`serve` (the ``spawn`` worker imports this
module by name) and sets two variables in the environment, which the worker inherits:
:data:`SEAT_VARIABLE`, the seat whose next ``"decide"`` request never ends, and :data:`FLAG_VARIABLE`,
a file the worker writes the request's token to just before it starts looping. It loops once: while
the file exists, later workers answer that seat as usual, so the game can go on. Every other request
is answered as usual.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from game.players import thinker
from game.players.thinker import Answer, Brain, Request

SEAT_VARIABLE = "SPADES_TEST_SPINNING_SEAT"
FLAG_VARIABLE = "SPADES_TEST_SPINNING_FLAG"

_real_serve = thinker._serve


class SpinningBrain(Brain):
    """A Brain that never returns from the first decision for the seat named in :data:`SEAT_VARIABLE`."""

    def answer(self, request: Request) -> Answer:
        flag = Path(os.environ[FLAG_VARIABLE])
        if request.kind == "decide" and request.view.get("seat") == os.environ[SEAT_VARIABLE] and not flag.exists():
            flag.write_text(str(request.token), encoding="utf-8")
            while True:  # an endless loop: only a kill ends it
                pass
        return super().answer(request)


def serve(requests: Any, answers: Any) -> None:
    """The worker's loop, with a :class:`SpinningBrain` (changed in this worker process only)."""
    thinker.Brain = SpinningBrain
    _real_serve(requests, answers)
