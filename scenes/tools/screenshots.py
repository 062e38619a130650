"""Takes the screenshot of each scene for the docs: ``python -m scenes.tools.screenshots [folder]``.

It plays a game with a fixed seed at normal speed, South choosing by the Normal
player, and saves the frame (scaled 2x, nearest neighbour) at each scene's moment.
Runs headless (SDL dummy driver) unless a display is set up.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.players import decide  # noqa: E402
from game.players.levels import LEVELS  # noqa: E402
from game.view import seat_view  # noqa: E402
from scenes.app import App, AppConfig  # noqa: E402
from scenes.screens.game_over import GameOverScene  # noqa: E402
from scenes.screens.menu import MenuScene  # noqa: E402
from scenes.screens.score import ScoreScene  # noqa: E402
from scenes.table.dealer_draw import DealerDrawScene  # noqa: E402
from scenes.table.view import TableScene  # noqa: E402

FRAME = 1 / 60


def save(app: App, folder: Path, name: str) -> None:
    app.draw()  # the frame as it is now, whether or not the loop has drawn it yet
    frame = pygame.transform.scale_by(app.screen, 2)
    pygame.image.save(frame, str(folder / f"{name}.png"))


def south_choice(table: TableScene):
    view = seat_view(table.game.hand, "S")
    return decide(LEVELS["normal"]("S", view["rules"], 1), view)


def take(folder: Path, seed: int = 11) -> list[str]:
    folder.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp())
    app = App(AppConfig(windowed=True, seed=seed, inline_thinker=True, settings_path=work / "settings.json",
                        saved_game=work / "game.json", save_dir=work,
                        statistics_path=work / "statistics.json"))
    app.change_settings(win_score=200, trick_delay=0.6, save_hand=True, blind_offer="always")
    taken: list[str] = []

    def shot(name: str) -> None:
        if name not in taken:
            save(app, folder, name)
            taken.append(name)

    for _ in range(30):
        app.step(FRAME)
    shot("title")
    app.new_game()
    frames = 0
    while frames < 60 * 60 * 20 and app.running:
        app.step(FRAME)
        frames += 1
        top = app.scenes[-1]
        if isinstance(top, DealerDrawScene) and len(top.landed) >= 5:
            shot("dealer_draw")
        elif isinstance(top, TableScene):
            table = top
            dealt = sum(len(v) for v in table.model.holdings.values())
            if 20 < dealt < 40 and table.model.hand_number == 1:
                shot("deal")
            if table.reveal and not table.flights:
                shot("hands")
                table.skip()  # the four hands wait for a click
                continue
            if table.busy or table.game.to_act != "S":
                if table.model.trick_winner and not table.flights and "play" in taken:
                    shot("trick")
                continue
            if table.box is not None:
                if table.game.phase == "blind" and "blind" not in taken:
                    for _ in range(5):
                        app.step(FRAME)
                    shot("blind")
                if table.game.phase == "bid" and "bidding" not in taken:
                    table.ask_suggestion()
                    for _ in range(20):
                        app.step(FRAME)
                    shot("bidding")
            elif table.game.phase == "play" and len(table.game.hand.tricks) >= 4 and "play" not in taken:
                table.ask_suggestion()
                for _ in range(20):
                    app.step(FRAME)
                shot("play")
                app.push(MenuScene(app, table=table))
                for _ in range(5):
                    app.step(FRAME)
                shot("menu")
                app.pop()
                table.show_last = True
                app.step(FRAME)
                shot("last_trick")
                table.show_last = False
            choice = south_choice(table)
            table.act(choice)
        elif isinstance(top, ScoreScene):
            for _ in range(5):
                app.step(FRAME)
            shot("score")
            app.pop()
        elif isinstance(top, GameOverScene):
            for _ in range(50):  # the winner's cascade under way
                app.step(FRAME)
            shot("game_over")
            break
    side_screens(app, shot)
    preset_screens(app, shot)
    app.close()
    return taken


def preset_screens(app: App, shot) -> None:
    """Each variant's first bidding decision (Mirrors, where every bid is set, its first card)."""
    from game.rules import PRESETS
    from scenes.screens.title import TitleScene

    app.change_settings(blind_offer="trailing")
    for preset in PRESETS:
        app.saved_game.unlink(missing_ok=True)
        app.replace(TitleScene(app))
        app.change_settings(variant=preset)
        app.new_game()
        for _ in range(60 * 60 * 5):
            app.step(FRAME)
            top = app.scenes[-1]
            if not isinstance(top, TableScene) or top.busy or top.game.to_act != "S":
                continue
            if top.box is not None and top.game.phase == "bid" or top.game.phase == "play":
                top.ask_suggestion()
                for _ in range(20):
                    app.step(FRAME)
                shot(f"bidding_{preset}")
                break
            top.act(south_choice(top))
    app.change_settings(variant="partner")


def side_screens(app: App, shot) -> None:
    """The screens around the table, reached from the title."""
    from scenes.screens.help import HelpScene
    from scenes.screens.options import PAGES, OptionsScene
    from scenes.screens.review import ReviewScene
    from scenes.screens.statistics import StatisticsScene
    from scenes.screens.title import TitleScene

    app.replace(TitleScene(app))
    screens = [(f"options_{page}", lambda page=page: OptionsScene(app, page=page)) for page in PAGES]
    screens += [("how_to_play", lambda: HelpScene(app, "how_to_play", statistics_path=app.statistics_path)),
                ("about", lambda: HelpScene(app, "about", statistics_path=app.statistics_path)),
                ("statistics", lambda: StatisticsScene(app, app.statistics, app.statistics_path)),
                ("review_list", lambda: ReviewScene(app, app.log_path))]
    for name, make in screens:
        scene = make()
        app.push(scene)
        for _ in range(10):
            app.step(FRAME)
        shot(name)
        if name == "review_list":
            scene.open(0)
            for _ in range(20):
                scene.go(scene.step + 1)
            for _ in range(30):
                app.step(FRAME)
            shot("review_hand")
        app.replace(TitleScene(app))


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "docs/screenshots"
    print("saved", ", ".join(take(target)), "in", target)
