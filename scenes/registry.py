"""Every scene by name: screens open each other by these names through the App
(``app.open("options")``), so no screen imports another and the arrows point one way."""

from __future__ import annotations

from collections.abc import Callable

from scenes.scene import Scene
from scenes.screens.confirm import ConfirmScene
from scenes.screens.game_over import GameOverScene
from scenes.screens.help import HelpScene
from scenes.screens.menu import MenuScene
from scenes.screens.online import ConnectScene, LobbyScene
from scenes.screens.options import OptionsScene
from scenes.screens.review import ReviewScene
from scenes.screens.score import ScoreScene
from scenes.screens.statistics import StatisticsScene
from scenes.screens.title import TitleScene
from scenes.table.dealer_draw import DealerDrawScene
from scenes.table.view import TableScene

SCENES: dict[str, Callable[..., Scene]] = {
    "title": TitleScene, "dealer_draw": DealerDrawScene, "table": TableScene, "score": ScoreScene,
    "game_over": GameOverScene, "menu": MenuScene, "options": OptionsScene, "help": HelpScene,
    "review": ReviewScene, "statistics": StatisticsScene, "confirm": ConfirmScene,
    "connect": ConnectScene, "lobby": LobbyScene,
}
