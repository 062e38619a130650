"""The computer levels: one list of them, with what each is, how long it may think, and
whether a player can choose it in the options.

>>> [level.name for level in PLAYABLE]
['normal', 'expert']
>>> LEVELS["expert"].__name__, level_named("expert").in_game_limit
('ExpertPlayer', 1.0)
>>> seat_levels("expert", "normal"), levels_of("expert/normal"), levels_of("normal")
('expert/normal', ('expert', 'normal'), ('normal', 'normal'))
>>> levels_label("expert/normal")
'Expert/Normal'
"""

from __future__ import annotations

from dataclasses import dataclass

from game.players import RandomPlayer
from game.players.expert import ExpertPlayer
from game.players.mc import MonteCarloPlayer
from game.players.normal import NormalPlayer


@dataclass(frozen=True)
class Level:
    """A computer level.

    `budget` is the seconds its full effort takes at most (a request without a time limit,
    as the arena asks); `in_game_limit` the seconds it may think at the table (None: its
    full effort, for levels that answer at once); `playable` whether the options offer it.
    """

    name: str
    player: type
    budget: float
    in_game_limit: float | None = None
    playable: bool = False

    @property
    def label(self) -> str:
        return self.name.capitalize()


ALL: tuple[Level, ...] = (
    Level("random", RandomPlayer, 0.0),
    Level("normal", NormalPlayer, 0.0, playable=True),
    Level("expert", ExpertPlayer, 1.0, in_game_limit=1.0, playable=True),
    Level("mc", MonteCarloPlayer, 1.0),
)
"""Every level. Normal answers in under a millisecond; Expert's and mc's searches take a
few hundred ms at most (``docs/benchmarks.md``), twice that on a busy machine."""

PLAYABLE = tuple(level for level in ALL if level.playable)
"""The levels a player can choose for the computer seats, weakest first."""

LEVELS: dict[str, type] = {level.name: level.player for level in ALL}
"""The player class of each level by name, as the arena and the thinker call them."""


_BY_NAME = {level.name: level for level in ALL}


def level_named(name: str) -> Level:
    """The level called `name`; KeyError, naming the levels there are, for a name that is none."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise KeyError(f"unknown level {name!r}; expected one of {', '.join(_BY_NAME)}") from None


SEAT_LEVELS_SEPARATOR = "/"


def seat_levels(partner: str, opponents: str) -> str:
    """The partner's and the opponents' levels as one name, the partner's first: ``"expert/normal"``.

    Statistics are kept by this name, so a file of an older version, which named one level
    for every computer seat, still reads (see :func:`levels_of`)."""
    return f"{partner}{SEAT_LEVELS_SEPARATOR}{opponents}"


def levels_of(name: str) -> tuple[str, str]:
    """The (partner's, opponents') levels of a :func:`seat_levels` name; a single level's name
    (as older versions wrote) is both."""
    partner, _, opponents = name.partition(SEAT_LEVELS_SEPARATOR)
    return partner, opponents or partner


def levels_label(name: str) -> str:
    """A :func:`seat_levels` name as a player reads it, partner's first: ``"Expert/Normal"``."""
    return "/".join(level.capitalize() for level in levels_of(name))
