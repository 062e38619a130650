"""The Normal player behind the bot interface: it reads the view once, then bids
(:mod:`bidding`), exchanges, or chooses a card (:mod:`leading`, :mod:`following`, :mod:`nil`;
its last few cards by :mod:`endgame`)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np

from game.bids import BLIND_NIL, NIL
from game.cards import SPADES, Card, cards_of
from game.players.knowledge import Knowledge, sample_deals
from game.players.normal import bidding
from game.players.normal.decision import Decision
from game.players.normal.endgame import (
    ENDGAME_CARDS,
    ENDGAME_DEALS,
    NIL_ENDGAME_CARDS,
    NIL_ENDGAME_DEALS,
    Endgame,
    nil_stands,
)
from game.players.normal.following import follow_to_lose, follow_to_win
from game.players.normal.hand_value import card_nil_risk, suit_positions
from game.players.normal.leading import lead_to_lose, lead_to_win
from game.players.normal.nil import attack_nil, cover_nil, play_nil
from game.players.search import nil_hold_share
from game.view import SeatView


class NormalPlayer:
    """The Normal level behind the bot interface of `docs/bot-api.md`.

    The bot methods take the view as a dict; ``choose_bid``, ``choose_exchange`` and
    ``choose_card`` answer the same from a :class:`SeatView` already read."""

    bid_rounding = bidding.BID_ROUNDING
    nil_risk_limit = bidding.NIL_RISK_LIMIT
    nil_max_tricks = bidding.NIL_MAX_TRICKS
    checked_nil_risk_limit = bidding.CHECKED_NIL_RISK_LIMIT
    checked_nil_max_tricks = bidding.CHECKED_NIL_MAX_TRICKS
    checked_nil_spade_risk = bidding.CHECKED_NIL_SPADE_RISK
    nil_hold_floor = bidding.NIL_HOLD_FLOOR
    nil_check_deals = bidding.NIL_CHECK_DEALS
    endgame_cards = ENDGAME_CARDS
    endgame_deals = ENDGAME_DEALS
    nil_endgame_cards = NIL_ENDGAME_CARDS
    nil_endgame_deals = NIL_ENDGAME_DEALS
    nil_endgame_weighs = True
    """Whether the fewer deals solved with more than :attr:`endgame_cards` held are weighed by the
    bids."""

    def __init__(self, seat: str, rules: Mapping[str, Any], seed: int = 0) -> None:
        """`rules` as the bot interface gives them; Normal reads the rules of each view."""
        self.seat = seat
        self.seed = seed
        self._memory_key: tuple | None = None
        self._passed = 0
        """Cards this seat gave its partner in this hand's exchange (they hold them)."""
        self._endgame = Endgame(seat)

    def _chance(self, view: SeatView, label: str) -> float:
        """A number in [0, 1) fixed by the seed and the situation: the same view gives the same choice."""
        key = ":".join(str(p) for p in (self.seed, self.seat, view.hand_number, view.dealer, label))
        return random.Random(key).random()

    def checks_nils(self, view: SeatView) -> bool:
        """Whether a nil this seat chooses freely is played out before it is bid: with a
        partner and a nil of its own to bid (not Suicide's forced nil, nor a team nil). Not in
        Solo: there three playout defenders who see every card break nearly every nil, and the
        check left 3 nils of 24, for 0.5 points a deal less."""
        rules = view.rules
        return self.nil_hold_floor > 0 and rules.partners and bool(rules.nil) and not rules.one_nil

    def nil_holds(self, view: SeatView) -> bool:
        """Whether the nil this seat's count allows holds in at least :attr:`nil_hold_floor` of
        :attr:`nil_check_deals` sampled deals played out (the same view, the same answer);
        true where nils are not checked (:meth:`checks_nils`)."""
        if not self.checks_nils(view):
            return True
        moment = random.Random(f"{self.seed}:{self.seat}:{view.hand_number}:{view.dealer}:{len(view.bids)}:nil")
        knowledge = Knowledge.from_view(view, tells=False)
        deals = sample_deals(knowledge, self.nil_check_deals, moment)
        share = nil_hold_share(view.to_dict(), view.rules, knowledge, deals, {**view.bids, self.seat: NIL},
                               np.random.default_rng(moment.getrandbits(64)))
        return share >= self.nil_hold_floor

    def _remember(self, view: SeatView) -> None:
        """Forget the cards passed in an earlier hand."""
        key = (view.hand_number, view.dealer)
        if key != self._memory_key:
            self._memory_key = key
            self._passed = 0

    # -- the bot interface --------------------------------------------------------------------------------------
    def bid(self, view: dict) -> str:
        return self.choose_bid(SeatView.from_dict(view))

    def exchange(self, view: dict) -> list[str]:
        return self.choose_exchange(SeatView.from_dict(view))

    def play(self, view: dict) -> str:
        return self.choose_card(SeatView.from_dict(view))

    # -- the decisions ------------------------------------------------------------------------------------------
    def choose_bid(self, view: SeatView) -> str:
        """A blind bid or ``look``, a misdeal call or ``keep``, or a bid, as the phase asks."""
        if len(view.legal) == 1:
            return str(view.legal[0])
        if view.phase == "blind":
            return bidding.blind_choice(view, self._chance)
        if view.phase == "misdeal":
            return bidding.misdeal_choice(view, self)
        return bidding.bid_choice(view, self)

    def choose_exchange(self, view: SeatView) -> list[str]:
        """The blind nil sheds its most dangerous cards: high trumps and side honours; the
        partner sends back its lowest side cards (never its winners or trumps)."""
        self._remember(view)
        deck = view.deck
        giving = view.bids.get(self.seat) == BLIND_NIL and len(view.hand) == 13
        positions = suit_positions(deck.name)
        if giving:
            order = sorted(view.legal_cards, key=lambda c: (-card_nil_risk(deck, c), deck.suit_of[c.index] != SPADES,
                                                            positions[c.index]))
        else:
            order = sorted(view.legal_cards, key=lambda c: (deck.suit_of[c.index] == SPADES, -positions[c.index]))
        count = view.exchange_count or 0
        chosen = order[:max(1, count) if giving else count]
        for card in chosen:
            self._passed |= card.bit
        return [str(c) for c in chosen]

    def choose_card(self, view: SeatView) -> str:
        """The card to play: the rules of thumb's (:func:`choose_card`), or with few cards left
        the one that does best on sampled deals solved exactly (:mod:`game.players.normal.endgame`)."""
        if len(view.legal) == 1:
            return str(view.legal[0])
        self._remember(view)
        mate = view.partner
        known = {mate: [str(c) for c in cards_of(self._passed)]} if mate and self._passed else None
        knowledge = Knowledge.from_view(view, known=known, tells=False)
        card = choose_card(Decision(view, knowledge))
        deals = self.endgame_deals_for(view)
        if deals:
            moment = f"{self.seed}:{self.seat}:{view.hand_number}:{view.dealer}:{view.cards_played}"
            weigh = self.nil_endgame_weighs and len(view.hand) > self.endgame_cards
            card = self._endgame.card(view, knowledge, card, random.Random(moment), deals, weigh)
        return str(card)

    def endgame_deals_for(self, view: SeatView) -> int:
        """On how many sampled deals this card is solved: :attr:`endgame_deals` with
        :attr:`endgame_cards` or fewer held, :attr:`nil_endgame_deals` with up to
        :attr:`nil_endgame_cards` while a seat's nil stands; 0 (the rules of thumb alone) before."""
        held = len(view.hand)
        if held <= self.endgame_cards:
            return self.endgame_deals
        if held <= self.nil_endgame_cards and nil_stands(view):
            return self.nil_endgame_deals
        return 0


def choose_card(d: Decision) -> Card:
    """Normal's card: its own nil, then its partner's, then an opponent's nil come first;
    else it leads or follows to win the trick or to lose it, as the side's aims say."""
    if d.is_live_nil(d.seat):
        if not d.covers_team_nil():
            return play_nil(d)
        card = cover_nil(d)
        if card is not None:
            return card
        return follow_to_lose(d) if d.trick else lead_to_lose(d)
    if d.mate and d.is_live_nil(d.mate):
        card = cover_nil(d)
        if card is not None:
            return card
    target = d.nil_to_attack()
    if target is not None:
        card = attack_nil(d, target)
        if card is not None:
            return card
    want = d.wants_tricks()
    if not d.trick:
        return lead_to_win(d) if want else lead_to_lose(d)
    return follow_to_win(d) if want else follow_to_lose(d)
