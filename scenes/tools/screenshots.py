"""Takes the screenshot of each scene for the docs: ``python -m scenes.tools.screenshots [folder]``.

It plays a game with a fixed seed at normal speed, South choosing by the Normal
player, and saves the frame (scaled 2x, nearest neighbour) at each scene's moment.
Runs headless (SDL dummy driver) unless a display is set up.
"""

from __future__ import annotations

import argparse
import os
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
DOCS_SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
"""Where the docs' screenshots live: each tool's default output."""


def save(app: App, folder: Path, name: str) -> None:
    app.draw()  # the frame as it is now, whether or not the loop has drawn it yet
    frame = pygame.transform.scale_by(app.screen, 2)
    pygame.image.save(frame, str(folder / f"{name}.png"))


def south_choice(table: TableScene):
    view = seat_view(table.game.hand, "S")
    return decide(LEVELS["normal"]("S", view["rules"], 1), view)


class Shooter:
    """Plays a scripted game and saves each screen once, at its moment."""

    def __init__(self, app: App, folder: Path) -> None:
        self.app = app
        self.folder = folder
        self.taken: list[str] = []

    def shot(self, name: str) -> None:
        if name not in self.taken:
            save(self.app, self.folder, name)
            self.taken.append(name)

    def wait(self, frames: int) -> None:
        for _ in range(frames):
            self.app.step(FRAME)

    def play_game(self) -> None:
        """A whole game, South choosing like Normal, until game over."""
        for _ in range(60 * 60 * 20):
            self.app.step(FRAME)
            top = self.app.scenes[-1]
            if isinstance(top, DealerDrawScene) and len(top.landed) >= 5:
                self.shot("dealer_draw")
            elif isinstance(top, TableScene):
                self.at_table(top)
            elif isinstance(top, ScoreScene):
                self.wait(5)
                self.shot("score")
                self.app.pop()
            elif isinstance(top, GameOverScene):
                self.wait(50)  # the winner's cascade under way
                self.shot("game_over")
                return

    def at_table(self, table: TableScene) -> None:
        dealt = sum(len(cards) for cards in table.model.holdings.values())
        if 20 < dealt < 40 and table.model.hand_number == 1:
            self.shot("deal")
        if table.reveal and not table.flights:
            self.shot("hands")
            table.skip()  # the four hands wait for a click
        elif table.held:
            self.wait(5)
            self.shot("bids_in")
            table.skip()  # the bids looked at: the click that starts play
        elif table.busy or table.turn is None:
            if table.model.trick_winner and not table.flights and "play" in self.taken:
                self.shot("trick")
        else:
            self.players_turn(table)
            table.act(south_choice(table))

    def players_turn(self, table: TableScene) -> None:
        phase = table.turn.phase
        if phase == "blind":
            self.wait(5)
            self.shot("blind")
        elif phase == "bid" and "bidding" not in self.taken:
            table.ask_suggestion()
            self.wait(20)
            self.shot("bidding")
        elif phase == "play" and len(table.game.hand.tricks) >= 4 and "play" not in self.taken:
            table.ask_suggestion()
            self.wait(20)
            self.shot("play")
            self.app.push(MenuScene(self.app, table=table))
            self.wait(5)
            self.shot("menu")
            self.app.pop()
            table.show_last = True
            self.wait(1)
            self.shot("last_trick")
            table.show_last = False


def take(folder: Path, seed: int = 11) -> list[str]:
    folder.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp())
    app = App(AppConfig(windowed=True, seed=seed, inline_thinker=True, settings_path=work / "settings.json",
                        saved_game=work / "game.json", save_dir=work,
                        statistics_path=work / "statistics.json"))
    app.change_settings(win_score=200, trick_delay=0.6, save_hand=True, blind_offer="always")
    shooter = Shooter(app, folder)
    shooter.wait(30)
    shooter.shot("title")
    app.new_game()
    shooter.play_game()
    side_screens(app, shooter.shot)
    preset_screens(app, shooter.shot)
    app.close()
    return shooter.taken


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
            if isinstance(top, TableScene) and top.held:
                top.skip()  # Mirrors: every bid is set, and play waits for a click
            if not isinstance(top, TableScene) or top.busy or top.turn is None:
                continue
            if top.turn.phase in ("bid", "play"):
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
        if name == "statistics":
            scene.show("months")
            app.step(FRAME)
            shot("statistics_months")
        if name == "review_list":
            scene.open(0)
            for _ in range(20):
                scene.go(scene.step + 1)
            for _ in range(30):
                app.step(FRAME)
            shot("review_hand")
        app.replace(TitleScene(app))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m scenes.tools.screenshots", description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=DOCS_SHOTS,
                        help="where the PNGs go (default: docs/screenshots)")
    target = parser.parse_args(argv).folder
    print("saved", ", ".join(take(target)), "in", target)


if __name__ == "__main__":
    main()
