"""How many tables a server carries: ``python -m net.loadtest --tables N [--server HOST:PORT]``.

N tables of four bot clients each (Normal, every seat a person's) play over the network
for ``--seconds``, answering each turn after ``--pace`` seconds (a person's pace; 0 plays
as fast as the server answers). Without ``--server`` a server is started in its own process
on this machine. Reported: actions a second, the time from an action to its event coming
back (p50, p99; in all, and apart after ``--settle`` seconds, once the connections have
arrived), how late the bots' own processes ran (their loop's lateness is part of each
latency), the server's processor share and memory (when it runs here), and every error.
The exit status is 1 if there was any error or a connection failed.

``python -m net.loadtest --hellos N [--forget SECONDS] [--rounds R]`` measures instead what a
server keeps of people who come and go: N connections, one after another, each say hello without
a token and close, R times, with the server's forget hold and a second more after each round.
The server runs in a process of its own (started as ``python -m net.server`` starts one), which
reports its memory and the people it remembers at each step.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import multiprocessing.connection
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from websockets.sync.client import connect

from net.bot import BotStats, SeatBot, player_maker
from net.protocol import VERSION

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


def counted_server(forget: float | None, pipe: multiprocessing.connection.Connection) -> None:
    """A server in this process, its collector set as ``python -m net.server`` sets it, that
    answers each request on `pipe` with the process's memory (KiB) and the people it remembers."""
    from net.background import server_thread
    from net.server import Options, Person, quiet_collector

    quiet_collector()
    options = Options(host="127.0.0.1", port=0, workers=1)
    if forget is not None:
        options.forget = forget
    with server_thread(options) as server:
        pipe.send(server.address)
        while pipe.recv():
            people = sum(1 for thing in gc.get_objects() if type(thing) is Person)  # not isinstance: weak proxies
            pipe.send((memory_now(os.getpid()), people))


def memory_now(pid: int) -> int:
    """The memory a process holds now (KiB, Linux /proc)."""
    status = Path(f"/proc/{pid}/status").read_text()
    return next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS")), 0)


def say_hello(address: str, name: str) -> None:
    """One connection: hello without a token, the welcome read, closed."""
    with connect(f"ws://{address}/", max_size=None, compression=None) as ws:
        ws.send(json.dumps({"type": "hello", "version": VERSION, "name": name}))
        ws.recv(timeout=10)


def hellos(count: int, rounds: int, forget: float | None) -> int:
    """The ``--hellos`` measure (see the module's text)."""
    ours, theirs = multiprocessing.get_context("spawn").Pipe()
    server = multiprocessing.get_context("spawn").Process(target=counted_server, args=(forget, theirs))
    server.start()
    theirs.close()  # the server's end: if it dies, reading raises EOFError rather than waiting for ever
    try:
        address = ours.recv()
        wait = (forget or 0) + 1

        def tell(what: str) -> None:
            ours.send(True)
            memory, people = ours.recv()
            print(f"{what:<28} {memory / 1024:7.1f} MiB   {people:>7,} people remembered", flush=True)

        print(f"{count:,} hellos without a token a round, one connection after another; {wait:g} s after each round")
        tell("at start")
        for number in range(1, rounds + 1):
            for index in range(count):
                say_hello(address, f"Hello{index % 1000}")
            tell(f"round {number}, at once")
            time.sleep(wait)
            tell(f"round {number}, {wait:g} s later")
        ours.send(False)
    finally:
        server.join(10)
        if server.is_alive():
            server.terminate()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m net.loadtest", description=__doc__.splitlines()[0])
    job = parser.add_mutually_exclusive_group(required=True)
    job.add_argument("--tables", type=int, help="tables of four bot clients")
    job.add_argument("--hellos", type=int, help="instead: connections that say hello without a token and close, "
                                                "one after another (each round)")
    parser.add_argument("--rounds", type=int, default=2, help="with --hellos: how many rounds (2)")
    parser.add_argument("--forget", type=float,
                        help="with --hellos: the server's --forget (seconds), waited for after each round")
    parser.add_argument("--server", help="HOST:PORT of a running server (default: start one here)")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the bots play")
    parser.add_argument("--pace", type=float, default=0.5, help="seconds each bot waits before acting")
    parser.add_argument("--settle", type=float, default=10.0,
                        help="seconds from the start after which the latencies are also given apart "
                             "(the connections arrive and the tables are set up before)")
    parser.add_argument("--clients", type=int, default=max(2, (os.cpu_count() or 2) - 1),
                        help="client processes running the bots (one alone runs late with 1,000 bots)")
    args = parser.parse_args(argv)
    if args.hellos:
        return hellos(args.hellos, args.rounds, args.forget)
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
