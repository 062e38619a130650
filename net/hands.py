"""The hands a player saw at a server's table, put together for the hand log (Save Hand online).

A client sees its own cards as they are dealt and everyone's once a hand is over (the
server's ``shown``), every bid and card as it is made, and the hand's score. :class:`HandsSeen`
takes those messages (the table's real seats, before the screen turns them) and, once a hand
is over and shown, plays it again through the engine and gives its :class:`LoggedHand`, as a
hand played on this computer is logged. A blind-nil exchange between the other partners is
not shown to this seat; its cards follow from each seat's deal and the cards it played.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from game.cards import Card
from game.events import BidChanged, BidMade, CardsExchanged, HandScored, HandStarted, TrickWon, from_dict
from game.hand import BidRecord, Hand, RuleError, Trick
from game.records.handlog import LoggedHand, play_out
from game.rules import Rules
from game.scoring import HandScore
from game.seats import SEATS


class HandsSeen:
    """The hand in play at server table `table`, as this client saw it."""

    def __init__(self, rules: Rules, table: int, variant: str) -> None:
        self.rules = rules
        self.table = table
        self.variant = variant
        self.game_id = self._new_game_id()
        self._fresh(0, "S")

    def _new_game_id(self) -> str:
        """The hand log's id for a game at this table: when it started here, and the table."""
        return f"{time.strftime('%Y-%m-%dT%H:%M:%S')}-table{self.table}"

    def _fresh(self, number: int, dealer: str) -> None:
        self.number, self.dealer = number, dealer
        self.bids: list[BidRecord] = []
        self.exchanges: list[CardsExchanged] = []
        self.tricks: list[Trick] = []
        self.score: HandScore | None = None

    def take(self, message: Mapping[str, Any], players: Mapping[str, str]) -> LoggedHand | None:
        """One message from the server (seats as the server has them); the hand just shown, whole,
        when this message completes one. ValueError for a hand the engine cannot play again."""
        kind = message.get("type")
        if kind == "event":
            self._event(from_dict(message["event"]))
        elif kind == "shown" and message.get("hand") == self.number and self.score is not None:
            deal = {seat: tuple(Card.parse(card) for card in message["deal"][seat]) for seat in SEATS}
            return self._logged(deal, players)
        return None

    def _event(self, event: object) -> None:
        if isinstance(event, HandStarted):
            if event.number == 1 and not event.redeal and self.number:
                self.game_id = self._new_game_id()  # the next game at the same table
            self._fresh(event.number, event.dealer)
        elif isinstance(event, BidMade):
            self.bids.append(BidRecord(event.seat, event.bid))
        elif isinstance(event, BidChanged):
            self.bids = [BidRecord(r.seat, r.bid, event.new) if r.seat == event.seat else r for r in self.bids]
        elif isinstance(event, CardsExchanged):
            self.exchanges.append(event)
        elif isinstance(event, TrickWon):
            self.tricks.append(Trick(event.leader, tuple(event.cards), event.winner))
        elif isinstance(event, HandScored) and event.number == self.number:
            self.score = event.score

    def _logged(self, deal: dict[str, tuple[Card, ...]], players: Mapping[str, str]) -> LoggedHand:
        assert self.score is not None
        standings = {side: score.before for side, score in self.score.sides.items()}
        hand = Hand.from_holdings(self.rules, self.dealer, deal, number=self.number, standings=standings)
        try:
            play_out(hand, self.bids, self._exchanges(deal), self.tricks)
        except RuleError as error:
            raise ValueError(f"hand {self.number} does not play again: {error}") from None
        return LoggedHand.from_hand(hand, self.game_id, self.variant, players)

    def _exchanges(self, deal: Mapping[str, tuple[Card, ...]]) -> list[CardsExchanged]:
        """The exchanges with their cards: those not shown to this seat are what the giver was
        dealt and did not play (partners pass to each other, so neither kept what it gave)."""
        played = {seat: {card for trick in self.tricks for who, card in trick.plays if who == seat} for seat in SEATS}
        known = []
        for exchange in self.exchanges:
            if any(card is None for card in exchange.cards):
                kept = [card for card in deal[exchange.giver] if card not in played[exchange.giver]]
                exchange = CardsExchanged(exchange.giver, exchange.receiver, tuple(kept))
            known.append(exchange)
        return known
