"""One card decision of the Normal player: the view, what is known of the unseen cards,
and the facts its rules of thumb ask about (which card wins, who may hold what, what
each side still needs).

Card strength is always the deck's (``view.deck``): with jokers or deuces the A♠ is not
the top trump. Who is void in what, and which cards are still out, comes from
:class:`game.players.knowledge.Knowledge`.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.bids import NIL
from game.cards import SPADES, Card, cards_of
from game.players.knowledge import Knowledge
from game.seats import SEATS, next_seat
from game.view import SeatView

CASH = 0.75
"""A side-suit master is led when it is this likely to hold (not ruffed)."""
SECOND_HAND = 0.9
"""Second hand plays a winner only when it is this sure: a master or a safe ruff."""
LIKELY = 0.6
"""Third hand plays the cheapest card this likely to hold; fourth hand simply wins cheaply."""
PARTNER_HOLDS = 0.75
"""A partner's card this likely to hold is left to win the trick."""
LONG_SHOT = 0.25
"""Third hand high: with no likely winner, the best card still goes up if it has this chance."""


class Decision:
    """One card to choose: the trick so far, the bids, what is known, and the facts the
    rules of thumb (:mod:`leading`, :mod:`following`, :mod:`nil`) are written in."""

    def __init__(self, view: SeatView, knowledge: Knowledge) -> None:
        self.view = view
        self.know = knowledge
        self.rules = view.rules
        self.deck = view.deck
        self.seat = view.seat
        self.mate = view.partner
        self.legal = view.legal_cards
        self.trick = view.trick
        self.bids = view.bids
        self.taken = view.taken
        self.remaining = view.tricks_left
        self.opponents = [s for s in SEATS if s != self.seat and s != self.mate]
        self.later = [next_seat(self.seat, k) for k in range(1, 4 - len(self.trick))]
        """The seats still to play to this trick after this one."""
        self.led = self.deck.suit_of[self.trick[0][1].index] if self.trick else None
        self.best_seat, self.best = self._winning_so_far()
        self._holders = self._holding_chances()

    def _winning_so_far(self) -> tuple[str | None, Card | None]:
        """The seat and card winning the trick so far (None, None before the lead)."""
        if not self.trick:
            return None, None
        best = 0
        for position in range(1, len(self.trick)):
            if self.beats(self.trick[position][1], self.trick[best][1]):
                best = position
        return self.trick[best]

    # -- card facts ---------------------------------------------------------------------------------------------
    def suit(self, card: Card) -> int:
        return self.deck.suit_of[card.index]

    def power(self, card: Card) -> int:
        return self.deck.power[card.index]

    def beats(self, card: Card, best: Card) -> bool:
        """Whether `card` takes the trick from `best` (the card winning so far)."""
        if self.suit(card) == self.suit(best):
            return self.power(card) > self.power(best)
        return self.suit(card) == SPADES

    def cheapest(self, cards: Iterable[Card]) -> Card:
        """The least valuable card: a side card before a trump, then the lowest."""
        return min(cards, key=lambda c: (self.suit(c) == SPADES, self.power(c), c.index))

    def highest(self, cards: Iterable[Card]) -> Card:
        return max(cards, key=lambda c: (self.suit(c) == SPADES, self.power(c), -c.index))

    def is_master(self, card: Card) -> bool:
        return self.know.is_master(card)

    def held_in_suit(self, suit: int) -> int:
        """How many cards of an effective suit this seat holds."""
        return (self.know.hand & self.deck.suit_masks[suit]).bit_count()

    def doomed_suit(self, suit: int) -> bool:
        """Whether this seat's lowest card of an effective suit is a master (and some of the
        suit is unseen): a lead of the suit makes it win the trick."""
        held = self.know.hand & self.deck.suit_masks[suit]
        if not held or not self.know.unseen & self.deck.suit_masks[suit]:
            return False
        return self.is_master(self.deck.lowest(held))

    # -- who may hold what ---------------------------------------------------------------------------------------
    def _holding_chances(self) -> dict[str, dict[int, float]]:
        """For each other seat, the chance it holds each unseen card (0 where it cannot,
        1 where it is known), sharing each card among the seats that may hold it."""
        others = [s for s in SEATS if s != self.seat]
        counts = {s: self.know.counts[s] for s in others}
        allowed = {s: self.know.unseen & ~self.know.forbidden[s] for s in others}
        known = {s: self.know.known.get(s, 0) & self.know.unseen for s in others}
        chances: dict[str, dict[int, float]] = {s: {} for s in others}
        for card in cards_of(self.know.unseen):
            owners = [s for s in others if known[s] & card.bit]
            if owners:
                chances[owners[0]][card.index] = 1.0
                continue
            candidates = [s for s in others if allowed[s] & card.bit and counts[s] > 0]
            total = sum(counts[s] for s in candidates)
            for s in candidates:
                chances[s][card.index] = counts[s] / total
        return chances

    def p_none(self, seat: str, mask: int) -> float:
        """The chance `seat` holds none of the cards of `mask`."""
        chance = 1.0
        held = self._holders[seat]
        for card in cards_of(mask & self.know.unseen):
            chance *= 1.0 - held.get(card.index, 0.0)
        return chance

    def p_can_beat(self, seat: str, best: Card, led: int) -> float:
        """The chance `seat` holds a card that would take the trick from `best`."""
        trumps = self.deck.suit_masks[SPADES]
        higher = self.deck.beaters[best.index]
        if self.suit(best) == SPADES and led != SPADES:
            return self.p_none(seat, self.deck.suit_masks[led]) * (1.0 - self.p_none(seat, higher))
        follow = 1.0 - self.p_none(seat, higher)
        if led == SPADES:
            return follow
        ruff = self.p_none(seat, self.deck.suit_masks[led]) * (1.0 - self.p_none(seat, trumps))
        return 1.0 - (1.0 - follow) * (1.0 - ruff)

    def covers_team_nil(self) -> bool:
        """In a team nil one clean partner is enough: the partner forced into it by the
        first nil (this seat, bidding second) guards the first one while it is clean."""
        mate = self.mate
        if not (mate and self.rules.team_nil and self.bids.get(mate) == NIL
                and self.bids.get(self.seat) == NIL and self.taken[mate] == 0):
            return False
        order = [next_seat(self.view.dealer, k) for k in range(1, 5)]
        return order.index(mate) < order.index(self.seat)

    def is_live_nil(self, seat: str) -> bool:
        return self.view.nil_alive(seat)

    def hold_chance(self, card: Card, seats: Iterable[str] | None = None) -> float:
        """The chance `card`, if it were winning the trick now, stays the winner against the
        opponents still to play (a live nil bidder is not expected to overtake)."""
        led = self.led if self.led is not None else self.suit(card)
        chance = 1.0
        for seat in self.later if seats is None else seats:
            if seat == self.mate:
                continue
            beat = self.p_can_beat(seat, card, led)
            chance *= 1.0 - (0.15 * beat if self.is_live_nil(seat) else beat)
        return chance

    def opponents_may_hold_trumps(self) -> bool:
        trumps = self.know.remaining(SPADES)
        return any(self.p_none(o, trumps) < 0.95 for o in self.opponents)

    # -- the side's aims ----------------------------------------------------------------------------------------
    def bid_nil(self, seat: str) -> bool:
        """Whether `seat` bid nil (blind or not)."""
        bid = self.bids.get(seat)
        return bid is not None and bid.is_nil

    def side_need(self, seats: Iterable[str]) -> tuple[int, int]:
        """(contract, tricks counted toward it) of the side made of `seats`."""
        seats = list(seats)
        contract = sum(self.bids[s].tricks for s in seats if s in self.bids)
        counted = sum(self.taken[s] for s in seats if not self.bid_nil(s))
        if self.rules.nil_tricks == "partner" and contract:
            counted += sum(self.taken[s] for s in seats if self.bid_nil(s))
        return contract, counted

    def my_seats(self) -> list[str]:
        return [self.seat, self.mate] if self.mate else [self.seat]

    def opponent_sides(self) -> list[list[str]]:
        if self.mate:
            return [self.opponents]
        return [[s] for s in self.opponents]

    def sure_winners(self) -> int:
        """Cards in hand that should win a trick: the masters (no unseen card of their suit beats them)."""
        return sum(1 for card in cards_of(self.know.hand) if self.is_master(card))

    def sure_trumps(self, besides: Card | None = None) -> int:
        """Trumps in hand (other than `besides`) that no unseen card beats, nor a card of
        this trick: each wins whatever trick it is played to."""
        out = self.know.unseen
        for _, card in self.trick:
            out |= card.bit
        trumps = self.know.hand & self.deck.suit_masks[SPADES]
        if besides is not None:
            trumps &= ~besides.bit
        return sum(1 for card in cards_of(trumps) if not self.deck.beaters[card.index] & out)

    def contract_in_trumps(self, need: int) -> bool:
        """Whether the trumps nothing beats make the rest of the contract whenever they are
        played, while every other side has made its own: the other tricks are only bags for
        this side (and bags for them when they take them), so they are ducked as if the
        contract were made. While another side still needs tricks, taking them may set it."""
        if not self.rules.bag_penalty or need > self.sure_trumps():
            return False
        return all(counted >= contract for contract, counted in map(self.side_need, self.opponent_sides()))

    def wants_tricks(self) -> bool:
        """Whether this seat plays to win tricks now, or ducks them."""
        contract, counted = self.side_need(self.my_seats())
        me_failed_nil = self.bid_nil(self.seat) and self.rules.nil_tricks != "partner"
        if contract and self.rules.double_set and counted + 1 >= 2 * contract:
            return False
        if contract > counted and not me_failed_nil and not self.contract_in_trumps(contract - counted):
            return True
        if self.set_in_reach():
            return True
        if me_failed_nil:
            return False
        # Made: overtricks are bags. When bags cost nothing they are a point each.
        return not self.rules.bag_penalty

    def secure_without(self, card: Card) -> bool:
        """Whether, once this trick is won, the side's contract needs no more tricks than the
        master trumps this seat holds besides `card`, with bags to fear and no opponent side
        within reach of a set."""
        contract, counted = self.side_need(self.my_seats())
        need = contract - counted
        # A high card kept may win one trick more than the masters: while that trick could
        # still set an opponent, it is kept.
        if not self.rules.bag_penalty or need < 1 or self.bid_nil(self.seat) or self.set_in_reach(extra=1):
            return False
        return need - 1 <= self.sure_trumps(besides=card)

    def shed_card(self) -> Card | None:
        """For a seat that cannot win the trick while its side still needs tricks: the highest
        card of the suit led that loses it, when the masters in hand besides that card make the
        rest of the contract and no opponent side is within reach of a set. A high card kept
        beside enough masters wins only a bag later; shed now, it cannot.

        Only with a partner and no double set: in Solo, against Normal, it cost 2.2 [0.2, 4.2]
        points a deal (400 deals), and 1.0 [0.0, 2.0] in Dunn."""
        rules = self.rules
        if not (self.mate and rules.bag_penalty and not rules.double_set) or self.best is None:
            return None
        if self.bid_nil(self.seat) or self.is_live_nil(self.mate):
            return None
        losers = [c for c in self.legal if self.suit(c) == self.led and not self.beats(c, self.best)]
        contract, counted = self.side_need(self.my_seats())
        need = contract - counted
        if not losers or need < 1 or self.set_in_reach():
            return None
        top = self.highest(losers)
        return top if need <= self.sure_winners() - int(self.is_master(top)) else None

    def set_in_reach(self, extra: int = 0) -> bool:
        """Whether some opponent side can still be set by taking a few more tricks: the
        masters in hand, one from the partner, and `extra`."""
        winners = self.sure_winners() + extra
        for seats in self.opponent_sides():
            contract, counted = self.side_need(seats)
            need = contract - counted
            if contract and need > 0:
                to_set = self.remaining - need + 1
                if to_set <= winners + (1 if self.mate else 0):
                    return True
        return False

    def nil_to_attack(self) -> str | None:
        """A live opponent nil worth attacking, unless this side needs nearly every trick left."""
        contract, counted = self.side_need(self.my_seats())
        if contract - counted >= self.remaining - 1 and contract > counted:
            return None
        for seat in self.opponents:
            if self.is_live_nil(seat):
                return seat
        return None
