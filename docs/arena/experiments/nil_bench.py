"""The nil bench: a change to how one level bids or plays its nils, measured in minutes
instead of an arena's hour.

`play` plays, exactly as ``python -m game.arena`` would with the same seed (the same
cards, score situations and players' seeds), only the tables of a duplicate match at
which side b bids a nil, and keeps each table's result in a JSON file. Run it once on
the code before a change.

`replay` replays those tables on the code as it is now. A table at which side b bids
the same nils as before and plays the same way is the same game move for move, so
with ``--bids-only`` (for a change to the bidding alone) only the tables whose nils
changed are played out. It prints how the nils fared and, table by table, how side b's
margin (its hand score minus the other side's) moved, with a 95% interval.

    python -m docs.arena.experiments.nil_bench play 101 201 202 --a expert --b normal --out before
    (change the code)
    python -m docs.arena.experiments.nil_bench replay before/nils-*.json --bids-only

Half the summed change over the seeds' deals is side b's change in the arena's points
per deal. The tables where side b did not bid a nil before are not replayed: a change
that adds nils needs the arena itself.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from game.arena.match import MatchConfig, Table, duplicate_hand, seats_of_side
from game.rules import variant
from game.seats import side_of

TABLE_COUNT = 2


@dataclass(frozen=True)
class TableTask:
    """One table of one duplicate deal to play; `before` is its earlier result, if any."""

    config: MatchConfig
    index: int
    table: int
    before: dict[str, Any] | None = None
    bids_only: bool = False


def match_config(a: str, b: str, rules: str, seed: int) -> MatchConfig:
    preset = variant(rules)
    return MatchConfig(a=a, b=b, rules_line=preset.rules.to_line(), variant=preset.name, seed=seed,
                       time_limit=10.0, save=False, mode="deals", started="nil-bench")


def play_table(task: TableTask) -> dict[str, Any] | None:
    """The table's result when side b bids a nil there (or had bid one before), else None;
    with `bids_only`, a table whose nils did not change comes back as its earlier result."""
    config = task.config
    rules = config.rules.replace(misdeal=False)
    players = Table(config, rules, task.index, task.table)
    hand = duplicate_hand(rules, config.seed, task.index)
    while hand.phase in ("blind", "bid"):
        players.act(hand, hand.apply)
    seats = seats_of_side("b", task.table)
    nils = sorted(s for s in seats if hand.bids[s].is_nil and not hand.bids[s].blind)
    if task.before is None and not nils:
        return None
    if task.before is not None and task.bids_only and nils == sorted(task.before["nils"]):
        return task.before
    while hand.phase != "done":
        players.act(hand, hand.apply)
    assert hand.score is not None
    side = side_of(seats[0], rules.partners)
    margin = hand.score.sides[side].total - sum(s.total for k, s in hand.score.sides.items() if k != side)
    return {"seed": config.seed, "index": task.index, "table": task.table, "margin": margin,
            "nils": {s: hand.taken[s] for s in nils}, "bids": {s: str(b) for s, b in hand.bids.items()}}


def nil_count(results: Iterable[dict[str, Any]]) -> tuple[int, int]:
    """How many nils side b bid in `results`, and how many held."""
    taken = [t for r in results for t in r["nils"].values()]
    return len(taken), sum(t == 0 for t in taken)


def run(tasks: Sequence[TableTask], jobs: int) -> list[dict[str, Any] | None]:
    with Pool(jobs) as pool:
        return list(pool.imap(play_table, tasks, chunksize=1))


def play(args: argparse.Namespace) -> None:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for seed in args.seeds:
        config = match_config(args.a, args.b, args.rules, seed)
        tasks = [TableTask(config, i, t) for i in range(args.deals) for t in range(1, TABLE_COUNT + 1)]
        started = time.time()
        results = [r for r in run(tasks, args.jobs) if r is not None]
        (out / f"nils-{seed}.json").write_text(json.dumps(
            {"a": args.a, "b": args.b, "rules": args.rules, "seed": seed, "deals": args.deals, "tables": results}))
        nils, held = nil_count(results)
        print(f"seed {seed}: {nils} nils by side b at {len(results)} tables, {held} held "
              f"({held / max(nils, 1):.1%}); {time.time() - started:.0f} s")


def replay(args: argparse.Namespace) -> None:
    tasks: list[TableTask] = []
    deals = 0
    for path in args.files:
        saved = json.loads(Path(path).read_text())
        config = match_config(saved["a"], saved["b"], saved["rules"], saved["seed"])
        deals += saved["deals"]
        tasks += [TableTask(config, r["index"], r["table"], r, args.bids_only) for r in saved["tables"]]
    started = time.time()
    now = [r for r in run(tasks, args.jobs) if r is not None]
    before = [t.before for t in tasks if t.before is not None]
    changes = [after["margin"] - old["margin"] for after, old in zip(now, before, strict=True)]
    mean = sum(changes) / len(changes)
    spread = math.sqrt(sum((c - mean) ** 2 for c in changes) / max(len(changes) - 1, 1)) / math.sqrt(len(changes))
    for label, results in (("before", before), ("now", now)):
        nils, held = nil_count(results)
        print(f"{label:>6}: {nils} nils, {held} held ({held / max(nils, 1):.1%})")
    print(f"{len(changes)} tables, {sum(c != 0 for c in changes)} changed; side b's margin per table "
          f"{mean:+.1f} [{mean - 1.96 * spread:+.1f}, {mean + 1.96 * spread:+.1f}], "
          f"per deal of the match {sum(changes) / TABLE_COUNT / deals:+.2f}; {time.time() - started:.0f} s")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    first = commands.add_parser("play", help="play the tables where side b bids a nil")
    first.add_argument("seeds", type=int, nargs="+")
    first.add_argument("--deals", type=int, default=300)
    first.add_argument("--a", default="expert")
    first.add_argument("--b", default="normal")
    first.add_argument("--rules", default="partner")
    first.add_argument("--out", required=True, help="a folder for nils-SEED.json")
    again = commands.add_parser("replay", help="replay those tables on the code as it is now")
    again.add_argument("files", nargs="+")
    again.add_argument("--bids-only", action="store_true",
                       help="the change is to the bidding: play out only the tables whose nils changed")
    for command in (first, again):
        command.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    (play if args.command == "play" else replay)(args)


if __name__ == "__main__":
    main()
