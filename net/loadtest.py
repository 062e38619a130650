"""How many tables a server carries: ``python -m net.loadtest --tables N [--server HOST:PORT]``.

N tables of four bot clients each (Normal, every seat a person's) play over the network
for ``--seconds``, answering each turn after ``--pace`` seconds (a person's pace; 0 plays
as fast as the server answers). Without ``--server`` a server is started in its own process
on this machine. Reported: actions a second, the time from an action to its event coming
back (p50, p99; in all, and apart after ``--settle`` seconds, once the connections have
arrived), how late the bots' own processes ran (their loop's lateness is part of each
latency), the server's processor share and memory (when it runs here), and every error.
The exit status is 1 if there was any error or a connection failed.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import multiprocessing
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from net.bot import BotStats, SeatBot, player_maker

SEATS_JOINING = ("W", "N", "E")


LAG_EVERY = 0.05
"""Seconds between two looks at how late a client process's own loop runs."""


@dataclass
class Result:
    decisions: int
    latencies: list[tuple[float, float]]
    """Each action's time to its event, with when it came back (``time.monotonic()``)."""
    errors: list[str]
    hands: int
    lags: list[tuple[float, float]]
    """How late the client process's loop woke (seconds), with when: the bots' own share of a latency."""


async def play_table(address: str, index: int, pace: float, until: float) -> list[BotStats]:
    """One table: the first bot creates it for four people, three more join it."""
    number: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    make = player_maker("normal")
    creator = SeatBot(address, f"Load{index}S", make, seat="S", pace=pace, games=10**6, until=until,
                      create={"rules": "partner", "seats": dict.fromkeys("SWNE", "human"), "seat": "S", "clock": 600},
                      on_table=lambda table: number.done() or number.set_result(table))
    tasks = [asyncio.create_task(creator.run())]
    table = await asyncio.wait_for(number, 30)
    for seat in SEATS_JOINING:
        bot = SeatBot(address, f"Load{index}{seat}", make, table=table, seat=seat, pace=pace, games=10**6,
                      until=until)
        tasks.append(asyncio.create_task(bot.run()))
    results = await asyncio.gather(*tasks, return_exceptions=True)
    stats = []
    for result in results:
        if isinstance(result, BaseException):
            failed = BotStats()
            failed.errors.append(f"{type(result).__name__}: {result}")
            stats.append(failed)
        else:
            stats.append(result)
    return stats


async def play_tables(address: str, indexes: list[int], pace: float, seconds: float) -> Result:
    until = time.monotonic() + seconds
    lags: list[tuple[float, float]] = []
    watch = asyncio.create_task(watch_lag(lags))
    everything = await asyncio.gather(*(play_table(address, i, pace, until) for i in indexes))
    watch.cancel()
    bots = [bot for table in everything for bot in table]
    return Result(sum(b.decisions for b in bots), [x for b in bots for x in b.latencies],
                  [e for b in bots for e in b.errors], sum(b.hands for b in bots) // 4, lags)


async def watch_lag(lags: list[tuple[float, float]]) -> None:
    """Note how much later than asked this process's loop wakes (it runs the bots: a late loop
    reads the server's answers late, and that lateness is in the latencies too)."""
    while True:
        asked = time.monotonic()
        await asyncio.sleep(LAG_EVERY)
        now = time.monotonic()
        lags.append((now, now - asked - LAG_EVERY))


def worker(address: str, indexes: list[int], pace: float, seconds: float) -> Result:
    gc.disable()  # a collection here stalls a thousand bots at once and hides the server's latency
    return asyncio.run(play_tables(address, indexes, pace, seconds))


def start_server() -> tuple[subprocess.Popen, str]:
    """A server of our own on a free port; its process and address."""
    root = Path(__file__).resolve().parent.parent
    process = subprocess.Popen([sys.executable, "-m", "net.server", "--host", "127.0.0.1", "-p", "0"], cwd=root,
                               stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    port = line.rsplit(":", 1)[1].split()[0]
    return process, f"127.0.0.1:{port}"


def process_use(pid: int) -> tuple[float, int]:
    """CPU seconds used so far and peak memory (KiB) of a process (Linux /proc)."""
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    status = Path(f"/proc/{pid}/status").read_text()
    peak = next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM")), 0)
    return (int(stat[11]) + int(stat[12])) / ticks, peak


def print_spread(name: str, values: list[float]) -> None:
    if values:
        print(f"{name:<20} p50 {percentile(values, 0.5) * 1000:6.1f} ms   p99 {percentile(values, 0.99) * 1000:6.1f} ms"
              f"   mean {statistics.mean(values) * 1000:6.1f} ms")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m net.loadtest", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, required=True, help="tables of four bot clients")
    parser.add_argument("--server", help="HOST:PORT of a running server (default: start one here)")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the bots play")
    parser.add_argument("--pace", type=float, default=0.5, help="seconds each bot waits before acting")
    parser.add_argument("--settle", type=float, default=10.0,
                        help="seconds from the start after which the latencies are also given apart "
                             "(the connections arrive and the tables are set up before)")
    parser.add_argument("--clients", type=int, default=max(2, (os.cpu_count() or 2) - 1),
                        help="client processes running the bots (one alone runs late with 1,000 bots)")
    args = parser.parse_args(argv)
    server, address = (None, args.server) if args.server else start_server()
    try:
        before = process_use(server.pid) if server else None
        started = time.monotonic()
        shares = [list(range(k, args.tables, args.clients)) for k in range(args.clients)]
        with multiprocessing.get_context("spawn").Pool(args.clients) as pool:
            results = pool.starmap(worker, [(address, share, args.pace, args.seconds) for share in shares if share])
        wall = time.monotonic() - started
        after = process_use(server.pid) if server else None
    finally:
        if server:
            server.terminate()
            server.wait(10)
    return report(args, results, started, wall, before, after)


def report(args, results: list[Result], started: float, wall: float, before, after) -> int:
    decisions = sum(r.decisions for r in results)
    errors = [e for r in results for e in r.errors]
    settled = started + args.settle
    print(f"{args.tables} tables, {args.tables * 4} connections, pace {args.pace:g} s, {wall:.1f} s")
    print(f"actions per second   {decisions / wall:8.1f}   ({decisions} actions, "
          f"{sum(r.hands for r in results)} hands)")
    for name, pairs in (("action to event", [x for r in results for x in r.latencies]),
                        ("client loop late by", [x for r in results for x in r.lags])):
        print_spread(name, [seconds for _, seconds in pairs])
        print_spread(f"  after {args.settle:g} s", [seconds for at, seconds in pairs if at >= settled])
    if before and after:
        cpu = (after[0] - before[0]) / wall
        print(f"server               {cpu:6.1%} of a core, peak memory {after[1] / 1024:.0f} MiB")
    print(f"errors               {len(errors)}")
    for error in sorted(set(errors))[:10]:
        print(f"  {error}")
    return 1 if errors or decisions == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
