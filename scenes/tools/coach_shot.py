"""Takes the screenshot of the coach's question for the docs: ``python -m scenes.tools.coach_shot [file.png]``.

It plays the first hand dealt from seed 16 with the coach on (South choosing like Normal, the
computers at Normal; asked about an earlier bid or card, South goes on with it) to the known
blunder of ``tests/test_coach.py``: West leads the K♦ to the eighth trick and East's J♦
follows; South, out of diamonds, trumps with the K♠, where its 6♠ would take the trick as
well. The coach asks; the frame is saved (scaled 2x, nearest neighbour). Runs headless (SDL
dummy driver).
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from scenes.app import App, AppConfig  # noqa: E402
from scenes.screens.confirm import ConfirmScene  # noqa: E402
from scenes.table.view import TableScene  # noqa: E402
from scenes.tools.screenshots import DOCS_SHOTS, FRAME, save, south_choice  # noqa: E402

SEED = 16
TRICK = [("W", "KD"), ("N", "9D"), ("E", "JD")]
BLUNDER = "KS"
DEFAULT_OUT = DOCS_SHOTS / "coach.png"


def take(out: Path) -> None:
    work = Path(tempfile.mkdtemp())
    app = App(AppConfig(windowed=True, seed=SEED, speed="instant", inline_thinker=True, silent=True,
                        settings_path=work / "settings.json", saved_game=work / "game.json", save_dir=work,
                        statistics_path=work / "statistics.json"))
    app.change_settings(coach=True, coach_margin=20, blind_offer="never", partner_level="normal")
    app.new_game()
    for _ in range(60 * 60 * 5):
        app.step(FRAME)
        top = app.scenes[-1]
        if isinstance(top, ConfirmScene):
            table = app.scenes[-2]
            if [(seat, str(card)) for seat, card in table.game.hand.trick] == TRICK:
                break
            app.pop()  # a question about an earlier choice: South makes it anyway
            top.on_yes()
            continue
        if not isinstance(top, TableScene) or top.busy or top.turn is None:
            continue
        trick = [(seat, str(card)) for seat, card in top.game.hand.trick]
        top.act(BLUNDER if trick == TRICK else south_choice(top))
    else:
        raise SystemExit("the coach never asked")
    for _ in range(5):
        app.step(FRAME)
    out.parent.mkdir(parents=True, exist_ok=True)
    save(app, out.parent, out.stem)
    app.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m scenes.tools.coach_shot", description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, default=DEFAULT_OUT,
                        help="the PNG to write (default: the docs' coach.png)")
    target = parser.parse_args(argv).out
    take(target)
    print("saved", target)


if __name__ == "__main__":
    main()
