"""The arena: two sides play each other over many deals, with the luck of the cards cancelled.

``python -m game.arena --a random --b tests.arena_bots:Raiser --deals 200 --json``

A side is a computer level of :data:`game.players.LEVELS` or a bot of `docs/bot-api.md`
(``module.path:ClassName`` or ``path/to/file.py:ClassName``).

How a match is played (the modules: :mod:`game.arena.match` plays, :mod:`game.arena.referee`
loads players and referees their decisions, :mod:`game.arena.tally` counts):

- ``--deals N`` (the default, 100): duplicate deals. Deal k draws from
  ``random.Random(f"{seed}:{k}")`` the shuffled deck, the dealer and a score situation
  (each scoring side between about -200 and 50 below the winning score, bags 0 to one
  below the limit, and a hand number to match), and is played at two tables: side a
  sits N/S at table 1 and E/W at table 2, side b the other seats. Misdeal calls are
  off so both tables play the same cards. A side's points in a deal are the mean of
  its hand scores at the two tables (with partners=0 its two seats' scores added).
- ``--games N``: whole games. Game g is a :class:`game.game.Game` with a seed drawn
  from (seed, g), played at both tables with the sides swapped (the same seed gives
  the same deals, hand for hand, while both games last; a misdeal, if the rules allow
  them, changes the deals that follow). Points per deal are the side's points per
  hand over both games; a game still running after
  :data:`game.arena.match.MAX_HANDS_PER_GAME` hands stops unfinished and counts for
  nobody. ``games_won`` counts whole games; in ``--deals`` mode it is null.
- Each seat gets a fresh player per deal (per game in ``--games``), seeded from
  (seed, unit, seat), so a unit plays the same in any process: ``--jobs N`` spreads
  units over N processes and gives exactly the result of one job (only the decision
  times differ). Units are combined in their order. The seed leaves the table out:
  a seat's player at table 2 gets the seed the other side's player had at table 1,
  so the same player on both sides ties every deal (margin exactly 0) and swapping
  a and b mirrors the result exactly.
- Every decision is timed (wall time of the player's call; for a bot, from sending
  the view to its answer). A bot that raises,
  answers something not in ``legal`` (or that the rules refuse, or that is not JSON
  data), overruns ``--time-limit``, or whose process ends is replaced for that
  decision by a legal default (look, keep, the number nearest 3, the first legal
  card, the first cards for an exchange), named in the output and counted under
  ``replaced`` and, by reason, under ``replaced_reasons``; the match goes on.
- A bot runs isolated, in a process of its own for each seat it holds (a fresh Python
  interpreter; see :mod:`game.players.bot_process`) that receives only the JSON seat view and
  answers over a pipe: it cannot read the other hands from the arena's memory, change
  the referee, or stop the match. At its time limit it is killed, so it burns no more
  CPU, and its next decision starts it again: a fresh bot from the same seat, rules
  and seed, which has forgotten the hand so far. After 3 such restarts at a table
  in one deal (one game in ``--games``), the seat's further decisions there are all
  replaced. Each arena process keeps a side's four processes (one per seat, so a
  side's bot never plays both tables of a deal in one process) for the whole match
  and builds a fresh bot in them for each deal at a table (each game in ``--games``).
  The built-in levels are trusted code and run in the arena's own process, for
  speed; one that overruns the limit is only noticed afterwards. Isolation is a
  process boundary, not a sandbox: a bot still runs as your user.
- With ``--jobs N`` a worker process that dies (killed from outside, or by a bot that
  signals it) stops the match with a message and exit status 1, never a hang.
- ``--save FILE`` appends every hand played to FILE in the `Spades.save` format, in
  unit order, table 1 then table 2; the `Game` tag names the match (its start time and
  seed), the unit and the table (``arena-2026-11-21T20:44:00-s1-deal3-t2``), the
  players are named after their side (``a-random``, ``b-Raiser``).

The readable report goes to stdout (a progress bar to stderr when it is a terminal);
with ``--json`` the last line of stdout is one JSON object, keys ``a``, ``b``
(``player``, ``points_per_deal`` {mean, ci95}, ``games_won``, ``made``, ``set``,
``set_rate``, ``nil_bids``, ``nil_success_rate``, ``blind_nil_bids``,
``blind_nil_success_rate``, ``bags_per_hand``, ``decision_ms`` {mean, p95},
``replaced``, ``replaced_reasons`` {raised, illegal, timed_out, process_died,
not_created}) and ``margin`` {mean, ci95}: a's points per deal minus b's, paired by
deal (by game pair in ``--games``).
"""

from __future__ import annotations

import argparse
import datetime
import json
import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import IO

from game.arena.match import MatchConfig, UnitResult, play_unit
from game.arena.referee import ArenaError, check_player, close_bot_hosts
from game.arena.tally import MatchTotals, format_table
from game.players.levels import LEVELS
from game.rules import PRESETS, Rules, RulesError, variant

DEFAULT_DEALS = 100
DEFAULT_TIME_LIMIT = 10.0
BAR_WIDTH = 30


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game.arena", description=__doc__.splitlines()[0])
    players = f"a level ({', '.join(LEVELS)}) or a bot, module.path:ClassName or path/to/file.py:ClassName"
    parser.add_argument("--a", default="random", metavar="PLAYER", help=f"side a: {players} (default: random)")
    parser.add_argument("--b", default="random", metavar="PLAYER", help="side b, the same choices (default: random)")
    units = parser.add_mutually_exclusive_group()
    units.add_argument("--deals", type=int, metavar="N",
                       help=f"duplicate deals, each played twice with the sides swapped (default: {DEFAULT_DEALS})")
    units.add_argument("--games", type=int, metavar="N", help="whole games, each played twice with the sides swapped")
    parser.add_argument("--rules", default="partner", choices=list(PRESETS), metavar="PRESET",
                        help=f"the variant: {', '.join(PRESETS)} (default: partner)")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="change one option, a key of the Rules tag (e.g. win=300); repeatable")
    parser.add_argument("--seed", type=int, default=1, help="the match seed: the same seed plays the same match "
                                                            "(default: 1)")
    parser.add_argument("--save", metavar="FILE", help="append every hand played to FILE in the Spades.save format")
    parser.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT, metavar="SECONDS",
                        help=f"time allowed per decision (default: {DEFAULT_TIME_LIMIT:g})")
    parser.add_argument("--jobs", type=int, default=1, metavar="N",
                        help="worker processes (0: one per CPU); the results do not depend on it (default: 1)")
    parser.add_argument("--json", action="store_true", help="end the output with one line of JSON")
    return parser


def config_from(args: argparse.Namespace, parser: argparse.ArgumentParser) -> tuple[MatchConfig, int]:
    """The match settings and the number of units, or a usage error naming the problem."""
    count = args.games if args.games is not None else (args.deals if args.deals is not None else DEFAULT_DEALS)
    if count < 1:
        parser.error("--deals and --games need at least 1")
    if args.time_limit <= 0:
        parser.error("--time-limit must be above 0")
    if args.jobs < 0:
        parser.error("--jobs cannot be negative")
    preset = variant(args.rules)
    try:
        rules = Rules.parse(" ".join(args.set), base=preset.rules)
    except RulesError as error:
        parser.error(f"--set: {error}")
    for side, spec in (("a", args.a), ("b", args.b)):
        try:
            check_player(spec, side)
        except ArenaError as error:
            parser.error(str(error))
    mode = "games" if args.games is not None else "deals"
    config = MatchConfig(a=args.a, b=args.b, rules_line=rules.to_line(),
                         variant=preset.name if rules == preset.rules else "Custom", seed=args.seed,
                         time_limit=args.time_limit, save=args.save is not None, mode=mode,
                         started=datetime.datetime.now().replace(microsecond=0).isoformat())
    return config, count


def run_units(config: MatchConfig, count: int, jobs: int) -> Iterator[UnitResult]:
    """Every unit's result, in unit order, played here or by `jobs` worker processes."""
    tasks = [(config, index) for index in range(count)]
    if jobs <= 1 or count == 1:
        yield from map(play_unit, tasks)
        return
    # "spawn" starts clean workers on every platform; each starts its own bot processes (the
    # checks' ones here are not needed). A worker that dies (killed from outside) breaks the
    # pool: BrokenProcessPool, never a wait. An arena that dies takes its workers with it.
    close_bot_hosts()
    with ProcessPoolExecutor(min(jobs, count), mp_context=multiprocessing.get_context("spawn"),
                             initializer=end_with_parent) as pool:
        yield from pool.map(play_unit, tasks, chunksize=max(1, count // (jobs * 8)))


def end_with_parent() -> None:
    """In a worker: end this process as soon as the arena that started it is gone. A worker busy
    with its share of deals would otherwise play on (for an hour, with Expert) after the arena
    was killed, and only notice when it tried to hand back the results. (Its bot processes end
    with it: they end when their pipe closes.)"""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        parent.join()
        os._exit(1)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


class Progress:
    """A one-line text bar on a terminal; silent when the stream is not one."""

    def __init__(self, total: int, unit: str, stream: IO[str]) -> None:
        self.total = total
        self.unit = unit
        self.stream = stream
        self.active = stream.isatty()
        self.start = time.perf_counter()
        self.drawn = 0.0

    def update(self, done: int) -> None:
        now = time.perf_counter()
        if not self.active or (done < self.total and now - self.drawn < 0.1):
            return
        self.drawn = now
        filled = BAR_WIDTH * done // self.total
        rate = done / max(now - self.start, 1e-9)
        self.stream.write(f"\r[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{self.total} {self.unit} "
                          f"({rate:.1f}/s)")
        self.stream.flush()

    def close(self) -> None:
        if self.active:
            self.stream.write("\n")
            self.stream.flush()


class SaveLog:
    """Appends the `Spades.save` blocks of the match, one write and flush per block."""

    def __init__(self, path: str) -> None:
        self.file = open(path, "a+b")  # noqa: SIM115 - kept for the whole match
        self.file.seek(0, os.SEEK_END)
        if self.file.tell():
            # An earlier write cut off mid-line (or mid-letter) must not swallow the first new block.
            self.file.seek(-1, os.SEEK_END)
            if self.file.read(1) != b"\n":
                self.file.write(b"\n")
        self.written = 0

    def write(self, blocks: Iterable[str]) -> None:
        for block in blocks:
            self.file.write(block.encode("utf-8"))
            self.file.flush()
            self.written += 1

    def close(self) -> None:
        self.file.close()


def main(argv: list[str] | None = None) -> int:
    try:
        return _run_match(argv)
    finally:
        close_bot_hosts()  # the bot processes started here: the checks, and every unit with --jobs 1


def _run_match(argv: list[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    config, count = config_from(args, parser)
    jobs = args.jobs or os.cpu_count() or 1
    unit = "deals" if config.mode == "deals" else "games"
    totals = MatchTotals({"a": config.a, "b": config.b}, config.mode)
    try:
        log = SaveLog(args.save) if args.save else None
    except OSError as error:
        parser.error(f"--save: cannot open {args.save}: {error.strerror}")
    progress = Progress(count, unit, sys.stderr)
    started = time.perf_counter()
    broken = False
    try:
        for done, result in enumerate(run_units(config, count, jobs), start=1):
            totals.add(result)
            if log is not None:
                log.write(result.blocks)
            progress.update(done)
    except BrokenProcessPool:
        broken = True
    finally:
        progress.close()
        if log is not None:
            log.close()
    if broken:
        print(f"arena: a worker process ended unexpectedly (killed from outside, or out of memory); the match "
              f"stopped after {totals.units} of {count} {unit}" + (f", saved in {args.save}" if log else ""),
              file=sys.stderr)
        return 1
    elapsed = time.perf_counter() - started
    summary = totals.summary()
    plural = "s" if count > 1 else ""
    how = f"duplicate deal{plural}, each at two tables" if config.mode == "deals" else \
        f"game pair{plural}, each game at two tables"
    how += " with the sides swapped (a sits N/S at table 1, E/W at table 2)"
    heading = [
        f"Arena: side a = {config.a}, side b = {config.b}",
        f"{config.variant}: {config.rules_line}" + ("  (misdeals off)" if config.mode == "deals" else ""),
        f"{count} {how}; {totals.hands} hands; seed {config.seed}",
        f"played in {elapsed:.1f} s ({count / max(elapsed, 1e-9):.1f} {unit}/s, {jobs} job{'s' * (jobs > 1)})",
    ]
    if log is not None:
        heading.append(f"saved {log.written} hands to {args.save}")
    print(format_table(totals, summary, heading))
    if args.json:
        print(json.dumps(summary))
    return 0


def run() -> None:
    """The command's entry point (``python -m game.arena``): its exit status, quietly when the
    reader of its output (``| head``) stops early."""
    try:
        sys.exit(main())
    except BrokenPipeError:  # nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)


if __name__ == "__main__":
    run()
