"""The Normal computer level: quick, rule-based, human-like and sound.

It plays the way a steady club player does, from the seat view alone:

- **Bidding** counts winners: aces, guarded kings and queens, the top trumps and
  trump length, short side suits with spare trumps to ruff them. It bids nil with
  a truly low hand, blind nil only when far behind (and rarely), and follows every
  bid rule in force (team limits, Suicide's one nil, team nil, Mirrors, bonuses).
- **Play** follows the old maxims: second hand low, third hand high, win cheaply,
  trump when void unless the partner already wins, cash sure winners, lead a
  short suit to ruff it. It covers its partner's nil, attacks the opponents' nil,
  ducks when the contract is made and bags cost, and goes for the set when the
  opponents are short.

Card strength is always the deck's (``DECKS[rules["deck"]]``): with jokers or
deuces the A♠ is not the top trump. Who is void in what, and which cards are still
out, comes from :class:`game.players.knowledge.Knowledge`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from game.cards import CLUBS, DECKS, SPADES, Card, Deck, cards_of
from game.players.knowledge import Knowledge
from game.seats import SEATS, next_seat, partner, side_of

SIDE_SUITS = (1, 2, 3)

# Bidding ---------------------------------------------------------------------------------------------------------

BID_ROUNDING = 0.5
"""Added to the trick estimate before rounding down. The estimate itself is modest (a
pair takes about a trick more than it counts), which keeps sets rare."""
NIL_RISK_LIMIT = 1.3
"""The most nil risk (see :func:`nil_risk`) a hand may carry to bid nil."""
NIL_MAX_TRICKS = 2.0
"""A hand expected to take more tricks than this is worth a number, not a nil."""
BLIND_NIL_BEHIND = 200
"""How far behind a side must be before Normal thinks of a blind nil."""
BLIND_NIL_CHANCE = 0.06
"""How often a side far enough behind tries a blind nil (three times as often with an
exchange, which makes most blind nils; a third as often in Solo, when very far behind)."""
BLIND_TEAM_BEHIND = 150
BLIND_TEAM_CHANCE = 0.2
"""How often a side this far behind bids a number blind, where the rules allow it."""
SUICIDE_NIL_RISK = 2.4
"""Suicide: the first partner to bid takes the nil with a hand safer than about half of all hands."""
MISDEAL_WEAK = 2.0
"""A hand that may be thrown in is thrown in when it is expected to take fewer tricks."""

# Play ------------------------------------------------------------------------------------------------------------

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


def popcount(mask: int) -> int:
    return bin(mask).count("1")


@lru_cache(maxsize=8)
def suit_positions(deck_name: str) -> tuple[int, ...]:
    """For each card index: its place from the top of its effective suit (0 = highest)."""
    deck = DECKS[deck_name]
    positions = [99] * 54
    for mask in deck.suit_masks:
        ranked = sorted(cards_of(mask), key=lambda c: -deck.power[c.index])
        for place, card in enumerate(ranked):
            positions[card.index] = place
    return tuple(positions)


def ranked(deck: Deck, mask: int) -> list[Card]:
    """The cards of `mask`, strongest first (within an effective suit; trumps above all)."""
    return sorted(cards_of(mask), key=lambda c: (deck.suit_of[c.index] != SPADES, -deck.power[c.index]))


def estimate_tricks(deck: Deck, hand: int) -> float:
    """How many tricks the hand should take: the count of winners behind every bid.

    Top trumps count when enough spades guard them (the second trump with one under
    it, the third with two…); each spade past four counts nearly one; spare spades
    count a little for each void, singleton or doubleton they can ruff. In side
    suits an ace is a trick, a king guarded or with its ace nearly one, a queen
    with company a part of one; long side suits lose value (they get ruffed).
    """
    positions = suit_positions(deck.name)
    spades = ranked(deck, hand & deck.suit_masks[SPADES])
    length = len(spades)
    honours = 0.0
    counted = 0
    for held_above, card in enumerate(spades):
        missing = positions[card.index] - held_above
        guards = length - held_above - 1
        value = 1.0 if missing == 0 else ({1: 0.85, 2: 0.7, 3: 0.5}.get(missing, 0.0) if guards >= missing else 0.0)
        if value:
            honours += value
            counted += 1
    # Past the fourth spade (later with the bigger trump suits of jokers and deuces) each one is nearly a trick.
    long_start = 4 + (popcount(deck.suit_masks[SPADES]) - 13) / 2
    long_trumps = min(length - counted, max(0.0, length - long_start))
    spare = length - counted - long_trumps
    side = 0.0
    ruffs = 0.0
    for suit in SIDE_SUITS:
        held = ranked(deck, hand & deck.suit_masks[suit])
        count = len(held)
        ruffs += {0: 2.0, 1: 1.0, 2: 0.4}.get(count, 0.0)
        tops = {positions[c.index] for c in held}
        if 0 in tops:
            side += 1.0 if count <= 5 else (0.8 if count == 6 else 0.6)
        if 1 in tops:
            if 0 in tops:
                side += 0.9 if count <= 5 else 0.5
            else:
                side += {1: 0.1, 2: 0.7, 3: 0.7, 4: 0.65, 5: 0.5}.get(count, 0.3)
        if 2 in tops and count >= 3:
            partners_above = len(tops & {0, 1})
            if partners_above == 2:
                side += 0.6 if count <= 4 else 0.3
            elif partners_above == 1:
                side += 0.4 if count <= 4 else 0.2
            else:
                side += 0.2 if count <= 4 else 0.05
    return side + honours + 0.85 * long_trumps + 0.55 * min(spare, ruffs)


SPADE_NIL_RISK = (1.5, 1.2, 0.8, 0.55, 0.4, 0.28, 0.18, 0.1, 0.06)
SIDE_NIL_RISK = (0.85, 0.6, 0.38, 0.2, 0.1, 0.05, 0.02)


def card_nil_risk(deck: Deck, card: Card) -> float:
    """How dangerous one card is to a nil, by its place in its suit (trumps worst)."""
    place = suit_positions(deck.name)[card.index]
    table = SPADE_NIL_RISK if deck.suit_of[card.index] == SPADES else SIDE_NIL_RISK
    return table[place] if place < len(table) else 0.0


def nil_risk(deck: Deck, hand: int, must_beat: bool = False, low_club: bool = False) -> float:
    """How likely the hand is to be forced to take a trick, on a rough scale where
    about 1 is the most a nil should carry.

    High spades are the worst (they can never be thrown away under a higher card of
    the suit led), then unguarded aces and kings; low cards under an honour guard it;
    voids and singletons give discards. Must-beat forces cards over others, and the
    first-trick low club can force a lone high club out at once.
    """
    positions = suit_positions(deck.name)
    spades = hand & deck.suit_masks[SPADES]
    length = popcount(spades)
    risk = sum(SPADE_NIL_RISK[positions[c.index]] if positions[c.index] < len(SPADE_NIL_RISK) else 0.03
               for c in cards_of(spades))
    risk += 0.15 * (length == 3) + 0.6 * max(0, length - 3)
    for suit in SIDE_SUITS:
        held = ranked(deck, hand & deck.suit_masks[suit])
        count = len(held)
        if count <= 1:
            # A short suit gives discards, but under must-beat a void forces a trump.
            risk += 0.3 * min(length, 2) if must_beat else -0.1
        for under, card in enumerate(reversed(held)):
            place = positions[card.index]
            if place >= len(SIDE_NIL_RISK):
                continue
            base = SIDE_NIL_RISK[place]
            risk += base * (0.6 if under >= 3 else 0.8 if under == 2 else 1.0)
        if count >= 6:
            risk += 0.25
    if must_beat:
        risk *= 1.3
    if low_club:
        # Trick 1 takes every seat's lowest club: a high lowest club may win it.
        clubs = hand & deck.suit_masks[CLUBS]
        if clubs:
            risk += 0.1 * max(0, 10 - positions[deck.lowest(clubs).index])
    return max(risk, 0.0)


@dataclass
class Bids:
    """The bids of the view (strings such as ``"4"``, ``"nil"``, ``"b6"``), read as nils and numbers."""

    bids: dict[str, str]

    def is_nil(self, seat: str) -> bool:
        return self.bids.get(seat) in ("nil", "bnil")

    def number(self, seat: str) -> int:
        bid = self.bids.get(seat)
        if bid is None or bid in ("nil", "bnil"):
            return 0
        return int(bid.lstrip("b"))


def nearest_bid(legal: Iterable[str], ideal: int) -> str:
    """The legal number closest to `ideal` (the lower one on a tie); nil if no number is legal."""
    numbers = [b for b in legal if b.lstrip("b").isdigit()]
    if not numbers:
        return "nil" if "nil" in legal else next(iter(legal))
    return min(numbers, key=lambda b: (abs(int(b.lstrip("b")) - ideal), int(b.lstrip("b"))))


# The player ------------------------------------------------------------------------------------------------------


class NormalPlayer:
    """The Normal level behind the bot interface of `BOT_API.md`."""

    bid_rounding = BID_ROUNDING
    nil_risk_limit = NIL_RISK_LIMIT
    nil_max_tricks = NIL_MAX_TRICKS

    def __init__(self, seat: str, rules: dict, seed: int = 0) -> None:
        self.seat = seat
        self.rules = dict(rules)
        self.seed = seed
        self.deck = DECKS[rules["deck"]]
        self.partners = bool(rules["partners"])
        self.mate = partner(seat) if self.partners else None
        self.side = side_of(seat, self.partners)
        limit, penalty = (int(x) for x in str(rules["bags"]).split("/"))
        self.bag_limit = limit
        self.bag_penalty = penalty
        self._memory_key: tuple | None = None
        self._passed = 0
        """Cards this seat gave its partner in this hand's exchange (they hold them)."""

    # -- shared helpers -----------------------------------------------------------------------------------------
    def _chance(self, view: dict, *parts: object) -> float:
        """A number in [0, 1) fixed by the seed and the situation: the same view gives the same choice."""
        key = ":".join(str(p) for p in (self.seed, self.seat, view["hand_number"], view["dealer"], *parts))
        return random.Random(key).random()

    def _behind(self, view: dict) -> int:
        scores = {side: s["points"] for side, s in view["scores"].items()}
        others = [p for side, p in scores.items() if side != self.side]
        return (max(others) - scores.get(self.side, 0)) if others else 0

    def _hand_mask(self, view: dict) -> int:
        mask = 0
        for text in view["hand"]:
            mask |= Card.parse(text).bit
        return mask

    # -- bidding ------------------------------------------------------------------------------------------------
    def bid(self, view: dict) -> str:
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "blind":
            return self._blind_choice(view)
        if view["phase"] == "misdeal":
            return self._misdeal_choice(view)
        return self._bid_choice(view)

    def _blind_choice(self, view: dict) -> str:
        legal = view["legal"]
        bids = Bids(view["bids"])
        behind = self._behind(view)
        if "bnil" in legal and self._blind_nil_fits(view, bids, behind):
            return "bnil"
        blind_numbers = [b for b in legal if b.startswith("b") and b[1:].isdigit()]
        if blind_numbers and behind >= BLIND_TEAM_BEHIND and self._chance(view, "blind") < BLIND_TEAM_CHANCE:
            return nearest_bid(blind_numbers, 3 if behind >= 250 else 2)
        return "look"

    def _blind_nil_fits(self, view: dict, bids: Bids, behind: int) -> bool:
        """A blind nil is a gamble for a side far behind: rare without an exchange (it
        fails more often than not), less rare when the partner can take the danger."""
        if self.mate is not None and self.mate in bids.bids:
            if bids.is_nil(self.mate) or bids.number(self.mate) < 4:
                return False
        needed = max(BLIND_NIL_BEHIND, int(self.rules["blindnildown"] or 0))
        if behind < needed:
            return False
        if not self.partners:
            # Nobody covers a blind nil in Solo: only a desperate seat tries one.
            chance = BLIND_NIL_CHANCE / 3 if behind >= needed + 100 else 0.0
        elif self.rules["exchange"]:
            chance = BLIND_NIL_CHANCE * 3
        else:
            chance = BLIND_NIL_CHANCE
        if behind >= needed + 100:
            chance *= 1.5
        return self._chance(view, "bnil") < chance

    def _misdeal_choice(self, view: dict) -> str:
        hand = self._hand_mask(view)
        tricks = estimate_tricks(self.deck, hand)
        if tricks < MISDEAL_WEAK and not self._nil_worth_it(view, hand, tricks):
            return "misdeal"
        return "keep"

    def _nil_worth_it(self, view: dict, hand: int, tricks: float) -> bool:
        """Whether the hand is low enough for a nil, whatever the bid rules say."""
        if not (self.rules["nil"] or self.rules["teamnil"]):
            return False
        risk = self._nil_risk(hand)
        limit = self.nil_risk_limit
        bids = Bids(view["bids"])
        if self.mate is not None and self.mate in bids.bids and not bids.is_nil(self.mate):
            # A strong partner can cover more.
            limit += 0.1 * max(0, min(bids.number(self.mate), 6) - 3)
        if not self.partners:
            limit -= 0.4  # nobody covers
        return tricks <= self.nil_max_tricks and risk <= limit

    def _nil_risk(self, hand: int) -> float:
        return nil_risk(self.deck, hand, bool(self.rules["mustbeat"]), bool(self.rules["lowclub"]))

    def _bid_choice(self, view: dict) -> str:
        legal = view["legal"]
        hand = self._hand_mask(view)
        bids = Bids(view["bids"])
        tricks = estimate_tricks(self.deck, hand)
        numbers = [b for b in legal if b.isdigit()]
        mate_bid = self.mate in bids.bids if self.mate else False
        mate_nil = mate_bid and bids.is_nil(self.mate)
        nil_wanted = self._nil_worth_it(view, hand, tricks)
        if self.rules["onenil"] and self.partners:
            return self._suicide_bid(legal, hand, tricks, nil_wanted, mate_bid, mate_nil)
        if "nil" in legal:
            team_nil_only = not self.rules["nil"]
            if team_nil_only:
                # Nil only as a team nil: the first nil forces the partner's, so only a very
                # low hand starts one (the partner then guards it, see Table.covers_team_nil).
                if mate_nil or not numbers:
                    return "nil"
                if not mate_bid and nil_wanted and tricks <= 1.0:
                    return "nil"
            elif nil_wanted and not mate_nil:
                return "nil"
        if not numbers:
            return legal[0]
        ideal = self._ideal_number(view, tricks, bids)
        return nearest_bid(numbers, ideal)

    def _ideal_number(self, view: dict, tricks: float, bids: Bids) -> int:
        """The number Normal would like to bid, before the bid limits."""
        standing = view["scores"].get(self.side, {"points": 0, "bags": 0})
        rounding = self.bid_rounding
        if self.bag_penalty and standing["bags"] >= self.bag_limit - 3:
            rounding += 0.2  # bags are dear: bid the hand's full worth
        if self.rules["doubleset"]:
            rounding += 0.1  # taking twice the bid is a set
        ideal = max(1, int(tricks + rounding))
        mate_number = bids.number(self.mate) if self.mate and self.mate in bids.bids else None
        team = ideal + (mate_number or 0)
        if mate_number is not None:
            # Stretch for a team bonus when the pair is close to it.
            for bonus in (self.rules["bonusbid"], 10 if self.rules["tenfor200"] else 0):
                if bonus and team < bonus <= (tricks + mate_number + 0.7):
                    ideal = bonus - mate_number
            ideal = min(ideal, 13 - mate_number)
        elif not self.partners and self.rules["sevenfor140"] and ideal < 7 <= tricks + 0.6:
            ideal = 7
        return max(1, min(ideal, 13))

    def _suicide_bid(self, legal: list[str], hand: int, tricks: float, nil_wanted: bool,
                     mate_bid: bool, mate_nil: bool) -> str:
        """One partner must bid nil: the weaker hand takes the nil."""
        numbers = [b for b in legal if b.isdigit()]
        minimum = max(1, int(self.rules["minind"] or 0))
        if mate_bid:
            if mate_nil and numbers:
                return nearest_bid(numbers, max(minimum, int(tricks + self.bid_rounding)))
            # The partner bid a number: a second number would turn it into a nil.
            return "nil" if "nil" in legal else nearest_bid(numbers, int(tricks + self.bid_rounding))
        # First to bid: the partner must take whichever kind this seat leaves it, so
        # the nil goes to a hand safer for nil than most.
        if "nil" in legal and (nil_wanted or (tricks < 4.0 and self._nil_risk(hand) < SUICIDE_NIL_RISK)
                               or tricks < 1.5):
            return "nil"
        return nearest_bid(numbers, max(minimum, int(tricks + self.bid_rounding))) if numbers else legal[0]

    # -- exchange -----------------------------------------------------------------------------------------------
    def exchange(self, view: dict) -> list[str]:
        legal = [Card.parse(t) for t in view["legal"]]
        count = view["exchange_count"]
        self._remember(view)
        giving = view["bids"].get(self.seat) == "bnil" and len(view["hand"]) == 13
        positions = suit_positions(self.deck.name)
        if giving:
            # The blind nil sheds its most dangerous cards: high trumps and side honours.
            order = sorted(legal, key=lambda c: (-card_nil_risk(self.deck, c), self.deck.suit_of[c.index] != SPADES,
                                                 positions[c.index]))
        else:
            # The partner sends back its lowest side cards (never its winners or trumps).
            order = sorted(legal, key=lambda c: (self.deck.suit_of[c.index] == SPADES, -positions[c.index]))
        chosen = order[:max(1, count) if giving else count]
        for card in chosen:
            self._passed |= card.bit
        return [str(c) for c in chosen]

    def _remember(self, view: dict) -> None:
        key = (view["hand_number"], view["dealer"])
        if key != self._memory_key:
            self._memory_key = key
            self._passed = 0

    # -- play ---------------------------------------------------------------------------------------------------
    def play(self, view: dict) -> str:
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        self._remember(view)
        known = {self.mate: [str(c) for c in cards_of(self._passed)]} if self.mate and self._passed else None
        table = Table(self, view, Knowledge.from_view(view, known=known))
        return str(table.choose())


class Table:
    """One play decision: the trick, the bids, what is known, and the rules of thumb."""

    def __init__(self, player: NormalPlayer, view: dict, knowledge: Knowledge) -> None:
        self.player = player
        self.view = view
        self.know = knowledge
        self.deck = player.deck
        self.seat = player.seat
        self.mate = player.mate
        self.rules = player.rules
        self.legal = [Card.parse(t) for t in view["legal"]]
        self.trick = [(s, Card.parse(t)) for s, t in view["trick"]]
        self.bids = Bids(view["bids"])
        self.taken = view["taken"]
        self.remaining = 13 - len(view["tricks"])
        self.opponents = [s for s in SEATS if s != self.seat and s != self.mate]
        self.later = [next_seat(self.seat, k) for k in range(1, 4 - len(self.trick))]
        self.led = self.deck.suit_of[self.trick[0][1].index] if self.trick else None
        if self.trick:
            best = 0
            for position in range(1, len(self.trick)):
                if self.beats(self.trick[position][1], self.trick[best][1]):
                    best = position
            self.best_seat, self.best = self.trick[best]
        else:
            self.best_seat, self.best = None, None
        self._holders = self._holding_chances()

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
        if not (mate and self.rules["teamnil"] and self.bids.bids.get(mate) == "nil"
                and self.bids.bids.get(self.seat) == "nil" and self.taken[mate] == 0):
            return False
        order = [next_seat(self.view["dealer"], k) for k in range(1, 5)]
        return order.index(mate) < order.index(self.seat)

    def is_live_nil(self, seat: str) -> bool:
        return self.bids.is_nil(seat) and self.taken[seat] == 0

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

    # -- the side's aims ----------------------------------------------------------------------------------------
    def side_need(self, seats: Iterable[str]) -> tuple[int, int]:
        """(contract, tricks counted toward it) of the side made of `seats`."""
        seats = list(seats)
        contract = sum(self.bids.number(s) for s in seats)
        counted = sum(self.taken[s] for s in seats if not self.bids.is_nil(s))
        if self.rules["niltricks"] == "partner" and contract:
            counted += sum(self.taken[s] for s in seats if self.bids.is_nil(s))
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

    def wants_tricks(self) -> bool:
        """Whether this seat plays to win tricks now, or ducks them."""
        contract, counted = self.side_need(self.my_seats())
        me_failed_nil = self.bids.is_nil(self.seat) and self.rules["niltricks"] != "partner"
        if contract and self.rules["doubleset"] and counted + 1 >= 2 * contract:
            return False
        if contract > counted and not me_failed_nil:
            return True
        if self.set_in_reach():
            return True
        if me_failed_nil:
            return False
        # Made: overtricks are bags. When bags cost nothing they are a point each.
        return not self.player.bag_penalty

    def set_in_reach(self) -> bool:
        """Whether some opponent side can still be set by taking a few more tricks."""
        winners = self.sure_winners()
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

    # -- the decision -------------------------------------------------------------------------------------------
    def choose(self) -> Card:
        if self.is_live_nil(self.seat):
            if not self.covers_team_nil():
                return self.play_nil()
            card = self.cover_nil()
            if card is not None:
                return card
            return self.follow_to_lose() if self.trick else self.lead_to_lose()
        if self.mate and self.is_live_nil(self.mate):
            card = self.cover_nil()
            if card is not None:
                return card
        target = self.nil_to_attack()
        if target is not None:
            card = self.attack_nil(target)
            if card is not None:
                return card
        want = self.wants_tricks()
        if not self.trick:
            return self.lead_to_win() if want else self.lead_to_lose()
        return self.follow_to_win() if want else self.follow_to_lose()

    # -- winning --------------------------------------------------------------------------------------------------
    def lead_to_win(self) -> Card:
        legal = self.legal
        side_cards = [c for c in legal if self.suit(c) != SPADES]
        # Cash sure side winners first.
        cashable = [c for c in side_cards if self.is_master(c) and self.hold_chance(c) >= CASH]
        if cashable:
            return max(cashable, key=lambda c: (self.hold_chance(c), -self.power(c)))
        spades = [c for c in legal if self.suit(c) == SPADES]
        if spades:
            top = self.highest(spades)
            many = len(spades) >= 3 or not side_cards
            if self.is_master(top) and many and self.opponents_may_hold_trumps():
                return top
        # A suit the partner is out of, while it still holds trumps: the partner ruffs.
        if self.mate and side_cards:
            for card in sorted(side_cards, key=lambda c: self.power(c)):
                suit = self.suit(card)
                if (self.know.void_in(self.mate, suit) and not self.know.void_in(self.mate, SPADES)
                        and not any(self.know.void_in(o, suit) for o in self.opponents)):
                    return card
        # A short suit, to ruff it later with a spare trump.
        if side_cards and popcount(self.know.hand & self.deck.suit_masks[SPADES]) >= 2:
            singles = [c for c in side_cards
                       if popcount(self.know.hand & self.deck.suit_masks[self.suit(c)]) == 1
                       and not self.is_master(c) and suit_positions(self.deck.name)[c.index] > 2]
            if singles:
                return self.cheapest(singles)
        if side_cards:
            return self.safe_low_lead(side_cards)
        if spades and self.is_master(self.highest(spades)):
            return self.highest(spades)
        return self.cheapest(legal)

    def opponents_may_hold_trumps(self) -> bool:
        trumps = self.know.remaining(SPADES)
        return any(self.p_none(o, trumps) < 0.95 for o in self.opponents)

    def safe_low_lead(self, side_cards: list[Card]) -> Card:
        """A low card from the suit that costs least to open: long, without a lone honour,
        not one an opponent can ruff."""
        positions = suit_positions(self.deck.name)

        def cost(card: Card) -> tuple:
            suit = self.suit(card)
            held = [c for c in side_cards if self.suit(c) == suit]
            lowest = min(held, key=self.power)
            exposed = any(positions[c.index] <= 2 and not self.is_master(c) for c in held) and len(held) <= 2
            ruffable = any(self.know.void_in(o, suit) and not self.know.void_in(o, SPADES) for o in self.opponents)
            return (card is not lowest, ruffable, exposed, -len(held), self.power(card))

        return min(side_cards, key=cost)

    def follow_to_win(self) -> Card:
        assert self.best is not None
        winners = [c for c in self.legal if self.beats(c, self.best)]
        position = len(self.trick)
        if self.best_seat == self.mate:
            hold = self.hold_chance(self.best)
            if hold >= PARTNER_HOLDS or not self.later:
                return self.low_card(want=True)
            better = [c for c in winners if self.hold_chance(c) >= PARTNER_HOLDS and self.hold_chance(c) > hold + 0.2]
            return self.cheapest(better) if better else self.low_card(want=True)
        if not winners:
            return self.low_card(want=True)
        if not self.later:
            return self.cheapest(winners)
        chances = {c: self.hold_chance(c) for c in winners}
        if position == 1:
            # Second hand low, unless a sure winner (a master, or a ruff) is there.
            sure = [c for c in winners if chances[c] >= SECOND_HAND and (self.is_master(c) or self.suit(c) != self.led)]
            return self.cheapest(sure) if sure else self.low_card(want=True)
        good = [c for c in winners if chances[c] >= LIKELY]
        if good:
            return self.cheapest(good)
        # Third hand high: make the last player pay for the trick.
        best = max(winners, key=lambda c: (chances[c], -self.power(c)))
        if chances[best] >= LONG_SHOT:
            return best
        return self.low_card(want=True)

    def low_card(self, want: bool) -> Card:
        """A card given up to the trick: the lowest of the suit led, or a discard."""
        following = [c for c in self.legal if self.led is not None and self.suit(c) == self.led]
        if following:
            return self.cheapest(following)
        side = [c for c in self.legal if self.suit(c) != SPADES]
        if not side:
            return self.cheapest(self.legal)
        if not want:
            return self.dangerous_discard(side)
        keep = [c for c in side if not self.is_master(c)] or side

        def cost(card: Card) -> tuple:
            length = popcount(self.know.hand & self.deck.suit_masks[self.suit(card)])
            return (length, self.power(card))

        return min(keep, key=cost)

    def dangerous_discard(self, side: list[Card]) -> Card:
        """The side card most likely to win a trick later: fewest higher cards out, then the highest."""
        def danger(card: Card) -> tuple:
            higher_out = popcount(self.deck.beaters[card.index] & self.know.unseen)
            return (-higher_out, self.power(card))

        return max(side, key=danger)

    # -- losing ---------------------------------------------------------------------------------------------------
    def lead_to_lose(self) -> Card:
        """A lead the opponents should win: low, under many higher cards they may hold."""
        def chance_to_hold(card: Card) -> tuple:
            return (self.hold_chance(card, self.opponents), self.suit(card) == SPADES, -self.power(card))

        return min(self.legal, key=chance_to_hold)

    def follow_to_lose(self) -> Card:
        return self._stay_under(lambda c: (self.hold_chance(c), self.power(c)))

    def _stay_under(self, when_forced) -> Card:
        """The highest card that loses the trick (following suit if possible, else the most
        dangerous side card); when every card wins, the highest if nobody plays after, else
        the first by `when_forced`."""
        assert self.best is not None
        losers = [c for c in self.legal if not self.beats(c, self.best)]
        if losers:
            following = [c for c in losers if self.suit(c) == self.led]
            if following:
                return self.highest(following)
            side = [c for c in losers if self.suit(c) != SPADES]
            return self.dangerous_discard(side) if side else self.highest(losers)
        if not self.later:
            return self.highest(self.legal)
        return min(self.legal, key=when_forced)

    # -- nil ------------------------------------------------------------------------------------------------------
    def play_nil(self) -> Card:
        """This seat bid nil and has taken nothing: stay under every trick."""
        if not self.trick:
            return self.nil_lead()
        return self._stay_under(lambda c: (self.suit(c) == SPADES, self.power(c)))

    def nil_lead(self) -> Card:
        """The lead least likely to hold: a low card the partner can beat and the opponents
        must play over, not a suit everyone else is out of."""
        def risk(card: Card) -> tuple:
            suit = self.suit(card)
            lower_out = self.deck.suit_masks[suit] & self.know.unseen & ~self.deck.beaters[card.index] & ~card.bit
            chance = 1.0
            for seat in SEATS:
                if seat == self.seat:
                    continue
                beat = self.p_can_beat(seat, card, suit)
                if seat != self.mate:
                    beat *= self.p_none(seat, lower_out)
                chance *= 1.0 - beat
            return (round(chance, 3), self.power(card))

        return min(self.legal, key=risk)

    def cover_nil(self) -> Card | None:
        """The partner bid nil and is still clean: win over it, or lead so it can stay low."""
        mate = self.mate
        assert mate is not None
        if not self.trick:
            return self.cover_lead()
        assert self.best is not None
        played = [s for s, _ in self.trick]
        winners = [c for c in self.legal if self.beats(c, self.best)]
        if mate in played:
            if self.best_seat == mate and winners:
                return self.cheapest(winners)
            return None
        # The partner plays after this seat: it is safe under an opponent's card that
        # nothing unseen beats, under a ruff of another suit, or when it can throw anything away.
        if not winners or self.is_master(self.best):
            return None
        if self.led != SPADES and (self.suit(self.best) == SPADES or self.know.void_in(mate, self.led)):
            return None
        following = [c for c in winners if self.suit(c) == self.led]
        if following:
            return self.highest(following)
        return self.cheapest(winners)

    def cover_lead(self) -> Card:
        mate = self.mate
        assert mate is not None
        side = [c for c in self.legal if self.suit(c) != SPADES]
        out_of = [c for c in side if self.know.void_in(mate, self.suit(c))]
        if out_of:
            return self.cheapest(out_of)
        pool = side or self.legal
        masters = [c for c in pool if self.is_master(c)]
        return self.highest(masters or pool)

    def attack_nil(self, target: str) -> Card | None:
        """An opponent bid nil and is still clean: lead low into it, and stay under it."""
        if not self.trick:
            return self.attack_lead(target)
        assert self.best is not None
        played = [s for s, _ in self.trick]
        losers = [c for c in self.legal if not self.beats(c, self.best)]
        if target in played:
            if self.best_seat != target:
                return None
            if losers:
                following = [c for c in losers if self.suit(c) == self.led]
                if following:
                    return self.highest(following)
                side = [c for c in losers if self.suit(c) != SPADES]
                return self.dangerous_discard(side) if side else self.cheapest(losers)
            return self.cheapest(self.legal)
        # The nil bidder is still to play: keep the trick low, if it may be forced over.
        if self.best_seat == self.mate or not losers or self.suit(self.best) != self.led:
            return None
        lower = self.deck.suit_masks[self.led] & ~self.deck.beaters[self.best.index] & ~self.best.bit
        forced = (1.0 - self.p_none(target, self.deck.beaters[self.best.index])) * self.p_none(target, lower)
        if forced < 0.05:
            return None
        following = [c for c in losers if self.suit(c) == self.led]
        if following:
            return self.cheapest(following)
        side = [c for c in losers if self.suit(c) != SPADES]
        return self.cheapest(side) if side else None

    def attack_lead(self, target: str) -> Card | None:
        guard = partner(target) if self.mate else None
        candidates = [c for c in self.legal if not self.know.void_in(target, self.suit(c))]
        if not candidates:
            return None

        def appeal(card: Card) -> tuple:
            suit = self.suit(card)
            guard_ruffs = (guard is not None and suit != SPADES and self.know.void_in(guard, suit))
            below = popcount(self.deck.suit_masks[suit] & self.know.unseen & ~self.deck.beaters[card.index])
            return (guard_ruffs, below, self.suit(card) == SPADES, self.power(card))

        return min(candidates, key=appeal)
