"""Save Hand online: the hands a player saw at a server's table, put together from the server's
messages, are the hands the server itself logged — a blind-nil exchange between the other two
partners (whose cards this seat never sees) included. (The App writing them: tests/test_online.py.)"""

from __future__ import annotations

import dataclasses
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path

from game.records.handlog import LoggedHand, read_log
from game.rules import Rules
from game.seats import SEATS
from net.hands import HandsSeen
from tests.netserver import running_server
from tests.test_server import (
    EXCHANGE_GAME,
    GAME_WAIT,
    Peer,
    _blind_nil_at_south,
    create,
    event,
    join,
)


def _comparable(hand: LoggedHand) -> LoggedHand:
    """A logged hand without what differs by who wrote it (the game's id and the names)."""
    return dataclasses.replace(hand, game_id="", players={})


def _seen_by(peer: Peer, table: int) -> list[LoggedHand]:
    """The hands `peer` put together from what it was sent (the rules as the table told them)."""
    rules = next(message["rules"] for message in peer.got if message["type"] == "table")
    seen = HandsSeen(Rules.parse(rules), table, "Custom")
    names = dict.fromkeys(SEATS, "someone")
    found = [seen.take(message, names) for message in peer.got]
    return [hand for hand in found if hand is not None]


def test_every_seat_puts_together_the_hands_the_server_logged_exchanges_included(tmp_path: Path) -> None:
    save = tmp_path / "Spades.save"
    with running_server(save=save) as server, ExitStack() as stack:
        players = [stack.enter_context(Peer(server.address, name)) for name in ("Ann", "Bo", "Cy", "Di")]
        table = create(players[0], EXCHANGE_GAME, humans="SWNE")
        for peer, seat in zip(players[1:], SEATS[1:], strict=True):
            join(peer, table, seat)
        with ThreadPoolExecutor(4) as pool:
            games = [pool.submit(p.until, event("game_over"), GAME_WAIT, _blind_nil_at_south) for p in players]
            for done in games:
                done.result()
    truth = {hand.number: _comparable(hand) for hand in read_log(save).hands}
    assert any(hand.exchanges for hand in truth.values()), "South's blind nil brought an exchange with North"
    for peer in players:
        seen = {hand.number: _comparable(hand) for hand in _seen_by(peer, table)}
        assert seen == truth, peer.name

