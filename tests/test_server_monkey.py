"""Monkeys at a server: several clients send random but well-formed messages (and some that are
not) in random order — create tables with random seats and rules, join, watch, leave, act with
legal and wrong choices, play again, chat, drop the connection and come back with the token or
as someone new. The server must answer every message with one it documents, never fail inside
(no error logged by its loop or by websockets), and still serve a newcomer a whole hand at the
end. Each seed sends the same messages; the server's timing decides the rest.
"""

from __future__ import annotations

import argparse
import logging
import random
import sys
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from game.rules import PRESETS
from net.protocol import VERSION
from tests.netserver import running_server
from tests.test_server import SEATS, SHORT_GAME, Peer, create, event, first_legal

SENT = 400
"""Messages the monkeys send in one run."""
MONKEYS = 4
ANSWERED = {"welcome", "lobby", "joined", "table", "event", "turn", "refused", "error", "synced", "cards",
            "shown", "chat", "waiting", "watching"}
"""Every message type the server sends (``docs/protocol.md``)."""
WRONG_CHOICES = ("nil", "bnil", "look", "keep", "misdeal", "13", "0", "AS", "2H", "BJ", "ZZ", ["2H", "3H"], [], "b7")
RULES_LINES = (*PRESETS, SHORT_GAME, "partners=0 win=100", "nil=no", "bags=20 win=50", "deck=nope")


class Monkey:
    """One client at random: keeps the last view it was given, so that most of its choices are legal."""

    def __init__(self, address: str, name: str, rng: random.Random) -> None:
        self.address, self.name, self.rng = address, name, rng
        self.peer = Peer(address, name)
        self.view: dict[str, Any] | None = None
        self.tables: list[int] = []

    def read(self) -> None:
        """Everything that has come, each checked to be a message the server documents."""
        while (message := self.peer.poll(0.005)) is not None:
            assert message.get("type") in ANSWERED, message
            if message["type"] == "turn":
                self.view = message["view"]
            elif message["type"] == "lobby":
                self.tables = [table["table"] for table in message["tables"]]

    def message(self) -> dict[str, Any]:
        """A random message, mostly one the server can act on."""
        rng = self.rng
        table = rng.choice(self.tables) if self.tables and rng.random() < 0.9 else rng.randrange(1, 50)
        kind = rng.choices(("create", "join", "watch", "leave", "act", "again", "chat", "tables", "junk"),
                           (8, 10, 4, 4, 40, 4, 4, 2, 2))[0]
        if kind == "create":
            return {"type": "create", "rules": rng.choice(RULES_LINES), "seat": rng.choice(SEATS),
                    "seats": {seat: rng.choice(("human", "computer")) for seat in SEATS},
                    "clock": rng.choice((5, 30, 600)), "level": rng.choice(("normal", "expert"))}
        if kind in ("join", "watch"):
            return {"type": kind, "table": table, "seat": rng.choice(SEATS)} if kind == "join" else \
                {"type": kind, "table": table}
        if kind == "act":
            legal = (self.view or {}).get("legal") or []
            choice = rng.choice(legal) if legal and rng.random() < 0.85 else rng.choice(WRONG_CHOICES)
            return {"type": "act", "choice": choice}
        if kind == "chat":
            return {"type": "chat", "text": rng.choice(("hi", "gg", "名前 ♠", " " * 3, "x" * 300))}
        if kind == "junk":
            return rng.choice(({"type": "hello", "version": VERSION, "name": "Again"}, {"type": "dance"},
                               {"type": "act"}, {"type": "join", "table": "one", "seat": "Q"}))
        return {"type": kind}

    def step(self) -> None:
        self.read()
        if self.rng.random() < 0.02:
            self.come_back()
            return
        self.peer.send(**self.message())

    def come_back(self) -> None:
        """Drop the connection and connect again: with the token (back to the seat) or as someone new."""
        token = self.peer.welcome.get("token") if self.rng.random() < 0.7 else None
        self.peer.close()
        self.peer = Peer(self.address, self.name, **({"token": token} if token else {}))
        self.view = None


def let_loose(seed: int, sent: int = SENT) -> list[str]:
    """Monkeys send `sent` messages to a new server, then a newcomer plays a hand there; what the
    server's loop or websockets logged as errors meanwhile (a failed assertion raises)."""
    logged: list[logging.LogRecord] = []
    catch = logging.Handler(logging.ERROR)
    catch.emit = logged.append  # type: ignore[method-assign]
    logging.getLogger().addHandler(catch)
    rng = random.Random(seed)
    try:
        with running_server(hold=0.5) as server:
            monkeys = [Monkey(server.address, f"Monkey{n}", rng) for n in range(MONKEYS)]
            for _ in range(sent):
                monkey = rng.choice(monkeys)
                try:
                    monkey.step()
                except ConnectionClosed:  # let go after a fatal error (too many bad messages): connect again
                    monkey.come_back()
            for monkey in monkeys:
                monkey.read()
            with Peer(server.address, "Newcomer") as newcomer:
                create(newcomer, SHORT_GAME)
                newcomer.until(event("hand_scored"), 40.0, first_legal)
            for monkey in monkeys:
                monkey.peer.close()
    finally:
        logging.getLogger().removeHandler(catch)
    return [f"{record.getMessage()}\n{record.exc_info}" for record in logged]


@pytest.mark.parametrize("seed", [1, 2])
def test_monkeys_at_a_server_get_an_answer_to_everything_and_a_newcomer_still_plays(seed: int):
    failures = let_loose(seed)
    assert failures == [], "\n".join(failures)


def main() -> int:
    """``python -m tests.test_server_monkey --seed 100 --runs 8 --messages 2000``: longer runs."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--runs", type=int, default=8)
    parser.add_argument("--messages", type=int, default=2000)
    args = parser.parse_args()
    failed = 0
    for seed in range(args.seed, args.seed + args.runs):
        try:
            failures = let_loose(seed, args.messages)
        except AssertionError as error:
            failures = [str(error)]
        failed += bool(failures)
        print(f"seed {seed}: {'passed' if not failures else 'FAILED: ' + failures[0][:2000]}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
