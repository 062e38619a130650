"""One hand of Spades, from the deal to the score, as a state machine.

The phases follow SPEC §2: ``blind`` (a seat allowed a blind bid chooses one or to
look), ``misdeal`` (a seat whose hand qualifies may throw it in), ``bid``,
``exchange`` (blind-nil swaps), ``play``, then ``done`` (scored) or ``misdealt``.
:attr:`Hand.to_act` is the seat whose decision it is; every action checks the
rules and raises :class:`RuleError` naming the rule it breaks.

>>> from game.rules import PRESETS
>>> import random
>>> hand = Hand.shuffled(PRESETS["partner"].rules, dealer="E", rng=random.Random(1))
>>> hand.phase, hand.to_act
('blind', 'S')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game import legality
from game.bids import Bid
from game.cards import DECKS, SPADES, Card, cards_of, mask_of
from game.events import (
    BidChanged,
    BidMade,
    BlindChoice,
    CardDealt,
    CardPlayed,
    CardsExchanged,
    Event,
    HandScored,
    HandStarted,
    MisdealCalled,
    SpadesBroken,
    TrickWon,
)
from game.rules import Rules, suicide_override
from game.scoring import HandScore, Standing, score_hand
from game.seats import SEATS, next_seat, partner, seats_from, side_of, sides


def trick_leader(dealer: str, trick: Sequence[Sequence[Any]], last_winner: str | None) -> str:
    """Who leads (or led) the current trick, whose ``(seat, card)`` plays so far are
    `trick`: the first to play to it, else the winner of the last trick, else (on the
    first trick) the seat left of the dealer."""
    if trick:
        return trick[0][0]
    return last_winner or next_seat(dealer)


class RuleError(ValueError):
    """A bid, card or call the rules refuse. The message names the rule in plain words."""


@dataclass(frozen=True)
class BidRecord:
    """A bid as made, and what the one-partner-nil override changed it to, if anything."""

    seat: str
    bid: Bid
    changed_to: Bid | None = None

    @property
    def final(self) -> Bid:
        return self.changed_to or self.bid


@dataclass(frozen=True)
class Trick:
    """A finished trick: the leader, the cards in play order, and the winner."""

    leader: str
    plays: tuple[tuple[str, Card], ...]
    winner: str

    def card_of(self, seat: str) -> Card:
        return next(card for who, card in self.plays if who == seat)


Choice = str | Sequence[str]
"""An action in the notation of the seat view: a bid, ``look``, ``misdeal``,
``keep``, a card, or (exchange) a list of cards."""


class Hand:
    """One deal of the game and everything that happens in it.

    Build it with :meth:`shuffled` or :meth:`from_holdings`, or from a deck order:
    the cards are dealt one at a time from the dealer's left. `standings` are the
    sides' scores before the hand (they decide blind bids and bag penalties);
    `emit` receives every event as it happens (they are also kept in
    :attr:`events`).
    """

    def __init__(self, rules: Rules, dealer: str, order: Sequence[Card], *, number: int = 1,
                 standings: Mapping[str, Standing] | None = None,
                 emit: Callable[[Event], None] | None = None, redeal: bool = False) -> None:
        self.rules = rules
        self.deck = DECKS[rules.deck]
        if sorted(c.index for c in order) != [c.index for c in self.deck.cards]:
            raise ValueError(f"a deal needs each card of the {rules.deck} deck exactly once")
        self.dealer = dealer
        self.number = number
        self.standings: dict[str, Standing] = dict(standings or {s: Standing() for s in sides(rules.partners)})
        self.events: list[Event] = []
        self._emit_to = emit
        self.bid_order = seats_from(next_seat(dealer))
        self._holding = dict.fromkeys(SEATS, 0)
        self.looked = {s for s in SEATS if not legality.candidate_bids(rules, True, self.behind(s))}
        self._emit(HandStarted(number, dealer, redeal, tuple(s for s in SEATS if s not in self.looked)))
        for position, card in enumerate(order):
            seat = self.bid_order[position % 4]
            self._holding[seat] |= card.bit
            self._emit(CardDealt(seat, card, position))
        self.dealt: dict[str, tuple[Card, ...]] = {s: tuple(self.holding(s)) for s in SEATS}
        self.bid_history: list[BidRecord] = []
        self.exchanges: list[CardsExchanged] = []
        self.tricks: list[Trick] = []
        self.trick: list[tuple[str, Card]] = []
        self.taken: dict[str, int] = dict.fromkeys(SEATS, 0)
        self.spades_broken = False
        self.score: HandScore | None = None
        self.misdeal_by: str | None = None
        self._kept: set[str] = set()
        self._exchange_queue: list[str] = []
        self._exchange_received: tuple[Card, ...] = ()
        self.exchange_count = 0
        self.phase = "bid"
        self.to_act: str | None = None
        self._next_bidder()

    # -- construction ------------------------------------------------------------
    @classmethod
    def shuffled(cls, rules: Rules, dealer: str, rng: random.Random, **kwargs) -> Hand:
        """A hand dealt from a deck shuffled by `rng`."""
        return cls(rules, dealer, DECKS[rules.deck].shuffled(rng), **kwargs)

    @classmethod
    def from_holdings(cls, rules: Rules, dealer: str, holdings: Mapping[str, Sequence[Card]],
                      **kwargs) -> Hand:
        """A hand whose seats were dealt these cards (as a `Deal` tag gives them)."""
        first = seats_from(next_seat(dealer))
        piles = [list(holdings[s]) for s in first]
        if any(len(p) != 13 for p in piles):
            raise ValueError("each seat needs 13 cards")
        order = [piles[i % 4][i // 4] for i in range(52)]
        return cls(rules, dealer, order, **kwargs)

    # -- what the table shows --------------------------------------------------------
    def holding(self, seat: str) -> list[Card]:
        """The cards `seat` holds now, spades first, strongest first within a suit."""
        return sorted(cards_of(self._holding[seat]), key=self.deck.sort_key)

    def holding_mask(self, seat: str) -> int:
        return self._holding[seat]

    @property
    def bids(self) -> dict[str, Bid]:
        """The bids so far by seat, as they stand after any override."""
        return {r.seat: r.final for r in self.bid_history}

    @property
    def bids_made(self) -> dict[str, Bid]:
        """The bids as made of the seats whose bid the one-partner-nil override changed."""
        return {r.seat: r.bid for r in self.bid_history if r.changed_to is not None}

    @property
    def leader(self) -> str:
        """Who leads (or led) the current trick."""
        return trick_leader(self.dealer, self.trick, self.tricks[-1].winner if self.tricks else None)

    def side(self, seat: str) -> str:
        return side_of(seat, self.rules.partners)

    def behind(self, seat: str) -> int:
        """How many points the seat's side trails the best other side."""
        points = {side: s.points for side, s in self.standings.items()}
        return legality.points_behind(points, self.side(seat))

    # -- what a seat may do ------------------------------------------------------------
    def legal_plays(self, seat: str | None = None) -> list[Card]:
        """The cards `seat` (default: the seat to act) may play now; empty if not its turn."""
        seat = seat or self.to_act
        if self.phase != "play" or seat != self.to_act:
            return []
        return sorted(cards_of(self._legal_play_mask()), key=self.deck.sort_key)

    def _legal_play_mask(self) -> int:
        return legality.legal_play_mask(self.rules, self.deck, self._holding[self.to_act],
                                        [c for _, c in self.trick], len(self.tricks) + 1,
                                        self.spades_broken)

    def legal_bids(self, seat: str | None = None) -> list[Bid]:
        """The bids `seat` may make now: blind ones in phase ``blind``, else looked ones."""
        seat = seat or self.to_act
        if self.phase not in ("blind", "bid") or seat != self.to_act:
            return []
        return legality.legal_bids(self.rules, **self._bid_context(seat))

    def legal_choices(self, seat: str) -> list[str]:
        """What `seat` may choose now, as the seat view's ``legal`` lists it."""
        if seat != self.to_act:
            return []
        if self.phase == "blind":
            return [str(b) for b in self.legal_bids(seat)] + ["look"]
        if self.phase == "misdeal":
            return ["misdeal", "keep"]
        if self.phase == "bid":
            return [str(b) for b in self.legal_bids(seat)]
        if self.phase == "exchange":
            received = mask_of(self._exchange_received)
            return [str(c) for c in sorted(cards_of(self._holding[seat] & ~received), key=self.deck.sort_key)]
        if self.phase == "play":
            return [str(c) for c in self.legal_plays(seat)]
        return []

    def _bid_context(self, seat: str) -> dict:
        mate = partner(seat)
        done = self.bids
        return {"looked": seat in self.looked, "behind": self.behind(seat),
                "partner_bid": done.get(mate) if self.rules.partners else None,
                "partner_to_bid": self.rules.partners and mate not in done,
                "spades_held": legality.spade_count(self.deck, self._holding[seat])}

    # -- actions ---------------------------------------------------------------------
    def apply(self, seat: str, choice: Choice) -> None:
        """Carry out a choice given in the seat view's notation (see :data:`Choice`)."""
        if self.phase == "exchange":
            if isinstance(choice, str):
                choice = choice.split()
            self.give(seat, [self._parse_card(c) for c in choice])
            return
        if not isinstance(choice, str):
            raise RuleError(f"{choice!r} is not a choice for phase {self.phase}")
        if choice == "look":
            self.look(seat)
        elif choice == "misdeal":
            self.call_misdeal(seat)
        elif choice == "keep":
            self.keep(seat)
        elif self.phase == "play":
            self.play(seat, self._parse_card(choice))
        else:
            try:
                bid = Bid.parse(choice)
            except ValueError as error:
                raise RuleError(str(error)) from None
            self.bid(seat, bid)

    @staticmethod
    def _parse_card(text: str) -> Card:
        try:
            return Card.parse(text)
        except ValueError as error:
            raise RuleError(str(error)) from None

    def _check_turn(self, seat: str, *phases: str) -> None:
        if self.phase not in phases:
            raise RuleError(f"That is not possible now: the hand is in its {self.phase} phase")
        if seat != self.to_act:
            raise RuleError(f"It is not your turn: {self.to_act} is to act")

    def look(self, seat: str) -> None:
        """A seat allowed a blind bid turns its cards up instead: at its turn, or before it while the
        others bid (as a player picks up the cards dealt, giving up the blind bid); then its turn
        comes as a bid in sight."""
        if self.may_look_early(seat):
            self._look(seat)
            return
        self._check_turn(seat, "blind")
        self._look(seat)
        self._next_bidder()

    def may_look_early(self, seat: str) -> bool:
        """Whether `seat` may turn its cards up now, before its turn: it may still bid blind and
        the bidding is under way."""
        return seat != self.to_act and seat not in self.looked and self.phase in ("blind", "bid", "misdeal")

    def _look(self, seat: str) -> None:
        self.looked.add(seat)
        self._emit(BlindChoice(seat, "look"))

    def call_misdeal(self, seat: str) -> None:
        """Throw the hand in; the same dealer deals again (the game does the redeal)."""
        self._check_turn(seat, "misdeal", "bid")
        if not self.rules.misdeal:
            raise RuleError("Misdeals are not allowed in this game")
        grounds = legality.misdeal_grounds(self.deck, self._holding[seat])
        if self.phase == "bid" or grounds is None:
            raise RuleError(legality.NO_MISDEAL if grounds is None else "You chose to keep this hand")
        self.misdeal_by = seat
        self.phase = "misdealt"
        self.to_act = None
        self._emit(MisdealCalled(seat, grounds))

    def keep(self, seat: str) -> None:
        """Decline a misdeal call and go on to bid."""
        self._check_turn(seat, "misdeal")
        self._kept.add(seat)
        self._next_bidder()

    def bid(self, seat: str, bid: Bid) -> None:
        """Make a bid; a blind bid only in phase ``blind``."""
        self._check_turn(seat, "blind", "bid", "misdeal")
        if self.phase == "misdeal":
            raise RuleError("Call a misdeal or keep your hand first")
        if self.phase == "blind" and not bid.blind:
            raise RuleError("Bid blind or look at your cards first")
        refusal = legality.bid_refusal(self.rules, bid, **self._bid_context(seat))
        if refusal:
            raise RuleError(refusal)
        if bid.blind:
            self._emit(BlindChoice(seat, str(bid)))
            self.looked.add(seat)
        self._record_bid(seat, bid)
        self._next_bidder()

    def _record_bid(self, seat: str, bid: Bid, automatic: bool = False) -> None:
        self.bid_history.append(BidRecord(seat, bid))
        self._emit(BidMade(seat, bid, automatic))
        if not (self.rules.partners and self.rules.one_nil):
            return
        mate = partner(seat)
        for index, record in enumerate(self.bid_history[:-1]):
            if record.seat == mate:
                changed = suicide_override(self.rules, record.final, bid)
                if changed != record.final:
                    self.bid_history[index] = BidRecord(mate, record.bid, changed)
                    self._emit(BidChanged(mate, record.final, changed))

    def _next_bidder(self) -> None:
        """Move bidding on to the next decision, setting the bids the rules fix."""
        while len(self.bid_history) < 4:
            seat = self.bid_order[len(self.bid_history)]
            self.to_act = seat
            if self.rules.bid_spades:
                self.looked.add(seat)
                spades = legality.spade_count(self.deck, self._holding[seat])
                self._record_bid(seat, Bid(spades), automatic=True)
                continue
            if seat not in self.looked:
                self.phase = "blind"
                if self.legal_bids(seat):
                    return
                self._look(seat)
            if (self.rules.misdeal and seat not in self._kept
                    and legality.misdeal_grounds(self.deck, self._holding[seat])):
                self.phase = "misdeal"
                return
            self.phase = "bid"
            return
        self._start_exchanges()

    def _start_exchanges(self) -> None:
        if self.rules.exchange and self.rules.partners:
            self._exchange_queue = [r.seat for r in self.bid_history if r.final == Bid(0, True)]
        self._next_exchange()

    def _next_exchange(self) -> None:
        if self._exchange_queue:
            self.phase = "exchange"
            self.to_act = self._exchange_queue.pop(0)
            self.exchange_count = self.rules.exchange
            self._exchange_received = ()
            return
        self.phase = "play"
        self.exchange_count = 0
        self.to_act = next_seat(self.dealer)

    def give(self, seat: str, cards: Sequence[Card]) -> None:
        """Pass cards in a blind-nil exchange: the bidder up to the limit, then the
        partner as many back, none of those just received."""
        self._check_turn(seat, "exchange")
        cards = list(dict.fromkeys(cards))
        returning = bool(self._exchange_received)
        for card in cards:
            if not self._holding[seat] & card.bit:
                raise RuleError(f"You do not hold the {card.label}")
            if card in self._exchange_received:
                raise RuleError(legality.give_back_refusal(card))
        if returning and len(cards) != self.exchange_count:
            raise RuleError(f"Give back exactly {self.exchange_count} card{'s' if self.exchange_count > 1 else ''}")
        if not returning and len(cards) > self.exchange_count:
            raise RuleError(f"You may give at most {self.exchange_count} cards")
        mate = partner(seat)
        moved = mask_of(cards)
        self._holding[seat] &= ~moved
        self._holding[mate] |= moved
        if cards:
            event = CardsExchanged(seat, mate, tuple(cards))
            self.exchanges.append(event)
            self._emit(event)
        if returning or not cards:
            self._next_exchange()
            return
        self.to_act = mate
        self.exchange_count = len(cards)
        self._exchange_received = tuple(cards)

    def play(self, seat: str, card: Card) -> None:
        """Play a card to the trick; the fourth card decides the trick."""
        self._check_turn(seat, "play")
        refusal = legality.play_refusal(self.rules, self.deck, self._holding[seat],
                                        [c for _, c in self.trick], len(self.tricks) + 1,
                                        self.spades_broken, card)
        if refusal:
            raise RuleError(refusal)
        self._holding[seat] &= ~card.bit
        self.trick.append((seat, card))
        self._emit(CardPlayed(seat, card))
        if not self.spades_broken and self.deck.suit_of[card.index] == SPADES:
            self.spades_broken = True
            self._emit(SpadesBroken(seat))
        if len(self.trick) < 4:
            self.to_act = next_seat(seat)
            return
        position = legality.trick_winner_index(self.deck, [c for _, c in self.trick])
        winner = self.trick[position][0]
        trick = Trick(self.trick[0][0], tuple(self.trick), winner)
        self.tricks.append(trick)
        self.trick = []
        self.taken[winner] += 1
        self._emit(TrickWon(len(self.tricks), trick.leader, winner, trick.plays))
        self.to_act = winner
        if len(self.tricks) == 13:
            self._finish()

    def _finish(self) -> None:
        self.score = score_hand(self.rules, self.bids, self.taken, [t.winner for t in self.tricks],
                                self.standings)
        self.phase = "done"
        self.to_act = None
        self._emit(HandScored(self.number, self.score))

    def _emit(self, event: Event) -> None:
        self.events.append(event)
        if self._emit_to is not None:
            self._emit_to(event)

