"""Many playouts of the rest of a hand at once, with numpy: the computer players' search engine.

A batch holds B complete deals (each seat's cards as a row of 54 booleans, one per
card index of :mod:`game.cards`) that all stand at the same point of the hand: the
same number of cards played, the same public trick so far. Every step plays one
card in every deal at once, so the cost of Python is paid per step, not per deal.

The rules of play are :data:`game.legality.PLAY_RULES` (first-trick low clubs,
spades broken, follow suit, must beat, trump when void, the deck's trump order)
written again as array operations, for speed: that module explains refusals one card
at a time, this one decides thousands of cards in one go. ``tests/test_simulator.py``
checks that both agree on every position it visits, batches started mid-hand included.

A *policy* chooses among the legal cards: :func:`random_policy` uniformly,
:func:`heuristic_policy` like a sound player (second hand low, third hand high,
win cheaply, cover a partner's nil, attack an opponent's).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from game.cards import CLUBS, SPADES, Deck
from game.rules import Rules
from game.seats import SEATS

N_CARDS = 54
NO_SUIT = 4
TRUMP_KEY = 100
"""Added to a trump's power in :attr:`DeckArrays.trick_key`: more than any power, so any trump
beats any card of another suit."""


@dataclass(frozen=True)
class DeckArrays:
    """A deck's effective suits and powers as arrays indexed by card index."""

    suit: np.ndarray
    power: np.ndarray
    suit_masks: np.ndarray
    """(5, 54) booleans: the cards of each effective suit; row 4 is no suit (not in the deck)."""
    is_trump: np.ndarray
    rank_bits: np.ndarray
    """(54, 5) float32: 2 ** (the card's rank in its suit, 0 the lowest) in its suit's column."""
    power_at: np.ndarray
    """(5, 32) float32: the power of each rank of each suit (-1 past the suit's last rank)."""
    suit_count: np.ndarray
    """(54, 5) float32: 1 in the card's suit column: a hand times this counts its suits."""
    trick_key: np.ndarray
    """(5, 54) what each card is worth in a trick led in each suit: its power if it follows,
    :data:`TRUMP_KEY` more if it trumps, -1 if it is thrown away (it cannot win). A card beats the trick's
    winner if its key is higher than the winner's (:attr:`Batch.winner_key`)."""

    @classmethod
    def of(cls, deck: Deck) -> DeckArrays:
        suit = np.array([s if s >= 0 else NO_SUIT for s in deck.suit_of], dtype=np.int64)
        power = np.array(deck.power, dtype=np.int64)
        masks = np.stack([suit == s for s in range(5)])
        order = np.lexsort((power, suit))
        starts = np.searchsorted(suit[order], np.arange(5))
        rank = np.arange(N_CARDS) - starts[suit[order]]
        rank_bits = np.zeros((N_CARDS, 5), dtype=np.float32)
        power_at = np.full((5, 32), -1, dtype=np.float32)
        plain = suit[order] < NO_SUIT
        rank_bits[order[plain], suit[order][plain]] = 2.0 ** rank[plain]
        power_at[suit[order][plain], rank[plain]] = power[order][plain]
        suit_count = np.zeros((N_CARDS, 5), dtype=np.float32)
        suit_count[:, :4] = masks[:4].T
        trump = suit == SPADES
        trick_key = np.where(masks, power, -1)
        trick_key[:, trump] = power[trump] + TRUMP_KEY
        return cls(suit, power, masks, trump, rank_bits, power_at, suit_count, trick_key)


_DECK_ARRAYS: dict[str, DeckArrays] = {}


def deck_arrays(deck: Deck) -> DeckArrays:
    if deck.name not in _DECK_ARRAYS:
        _DECK_ARRAYS[deck.name] = DeckArrays.of(deck)
    return _DECK_ARRAYS[deck.name]


@dataclass
class Batch:
    """B deals at the same point of a hand, and what has happened in each so far.

    Seats are indices into :data:`game.seats.SEATS` (0 S, 1 W, 2 N, 3 E).
    """

    rules: Rules
    deck: Deck
    holdings: np.ndarray
    """(B, 4, 54) booleans: the cards each seat holds."""
    leader: np.ndarray
    """(B,) the seat that led the current trick."""
    position: int
    """How many cards of the current trick are down (0–3), the same in every deal."""
    tricks_done: int
    """Finished tricks (0–13), the same in every deal."""
    taken: np.ndarray
    """(B, 4) tricks taken so far."""
    broken: np.ndarray
    """(B,) spades broken."""
    led_suit: np.ndarray
    win_seat: np.ndarray
    win_power: np.ndarray
    win_trump: np.ndarray
    best_led: np.ndarray
    """(B,) highest power of the suit led so far in the trick."""
    best_trump: np.ndarray
    """(B,) highest trump so far in the trick (-1: none)."""
    winners: np.ndarray
    """(B, 13) the seat winning each finished trick (-1 while unplayed)."""
    nil_seats: np.ndarray = field(default_factory=lambda: np.zeros(4, dtype=bool))
    """(4,) seats whose bid is nil (read by the heuristic policy)."""
    contracts: np.ndarray = field(default_factory=lambda: np.zeros(4, dtype=np.int64))
    """(4,) each seat's numeric bid (0 for nil)."""
    contracts_final: bool = False
    """Whether every seat's bid is known and real: a bidder's playouts try its hand under a
    stand-in bid, and with it nobody can tell when the contracts are settled."""
    noise: np.ndarray | None = None
    """(B, 54) small random preferences a policy may draw once per playout."""

    @property
    def size(self) -> int:
        return self.holdings.shape[0]

    @classmethod
    def start(cls, rules: Rules, deck: Deck, holdings: np.ndarray, *, leader: int,
              trick: Sequence[tuple[int, int]] = (), tricks_done: int = 0,
              taken: Sequence[int] = (0, 0, 0, 0), broken: bool = False,
              winners: Sequence[int] = (), bids: Sequence[int | None] = (None,) * 4,
              stand_in: bool = False) -> Batch:
        """A batch at a public position: `holdings` (B, 4, 54) are the cards still held;
        `leader` led (or leads) the current trick, whose (seat, card index) pairs so far
        are `trick`; `bids` are each seat's tricks bid (0 for nil, None if unknown), and
        `stand_in` says one of them is only tried out."""
        size = holdings.shape[0]
        arrays = deck_arrays(deck)
        batch = cls(
            rules=rules, deck=deck, holdings=holdings.copy(),
            leader=np.full(size, leader, dtype=np.int64), position=0, tricks_done=tricks_done,
            taken=np.tile(np.array(taken, dtype=np.int64), (size, 1)),
            broken=np.full(size, broken), led_suit=np.zeros(size, dtype=np.int64),
            win_seat=np.zeros(size, dtype=np.int64), win_power=np.zeros(size, dtype=np.int64),
            win_trump=np.zeros(size, dtype=bool), best_led=np.zeros(size, dtype=np.int64),
            best_trump=np.full(size, -1, dtype=np.int64),
            winners=np.full((size, 13), -1, dtype=np.int64),
            nil_seats=np.array([b == 0 for b in bids]),
            contracts=np.array([b or 0 for b in bids], dtype=np.int64),
            contracts_final=not stand_in and all(b is not None for b in bids),
        )
        batch.winners[:, :len(winners)] = np.array(winners, dtype=np.int64)
        for _, card in trick:
            batch._record(np.full(size, card, dtype=np.int64), arrays)
        return batch

    # -- one step -------------------------------------------------------------------
    @property
    def to_play(self) -> np.ndarray:
        return (self.leader + self.position) % 4

    def legal(self) -> np.ndarray:
        """(B, 54) booleans: the cards the seat to play may play, in every deal."""
        arrays = deck_arrays(self.deck)
        rows = np.arange(self.size)
        hand = self.holdings[rows, self.to_play]
        rules = self.rules
        if self.tricks_done == 0 and rules.low_club:
            free = self._lead_legal(hand, arrays) if self.position == 0 else hand
            return _prefer(_lowest(hand & arrays.suit_masks[CLUBS], arrays), free)
        if self.position == 0:
            return self._lead_legal(hand, arrays)
        follow = hand & arrays.suit_masks[self.led_suit]
        if rules.must_beat:
            trumped = self.win_trump & (self.led_suit != SPADES)
            above = follow & (arrays.power[None, :] > self.best_led[:, None]) & ~trumped[:, None]
            follow = _prefer(above, follow)
            trumps = hand & arrays.is_trump[None, :] & (arrays.power[None, :] > self.best_trump[:, None])
            hand = _prefer(trumps, hand)
        return _prefer(follow, hand)

    def _lead_legal(self, hand: np.ndarray, arrays: DeckArrays) -> np.ndarray:
        if not self.rules.spades_broken:
            return hand
        return _prefer(hand & ~arrays.is_trump[None, :] & ~self.broken[:, None], hand)

    @property
    def winner_key(self) -> np.ndarray:
        """(B,) the :attr:`DeckArrays.trick_key` of the card winning the trick so far."""
        return self.win_power + TRUMP_KEY * self.win_trump

    def play(self, cards: np.ndarray) -> None:
        """Play one card (B,) in every deal: the seat to play must hold it."""
        rows = np.arange(self.size)
        self.holdings[rows, self.to_play, cards] = False
        self._record(cards, deck_arrays(self.deck))

    def _record(self, cards: np.ndarray, arrays: DeckArrays) -> None:
        seat = self.to_play
        suit = arrays.suit[cards]
        power = arrays.power[cards]
        trump = suit == SPADES
        if self.position == 0:
            self.led_suit = suit
            self.win_seat = seat.copy()
            self.win_power = power
            self.win_trump = trump
            self.best_led = power
            self.best_trump = np.where(trump, power, -1)
        else:
            following = suit == self.led_suit
            beats = arrays.trick_key[self.led_suit, cards] > self.winner_key
            self.win_seat = np.where(beats, seat, self.win_seat)
            self.win_power = np.where(beats, power, self.win_power)
            self.win_trump = self.win_trump | trump
            self.best_led = np.where(following, np.maximum(self.best_led, power), self.best_led)
            self.best_trump = np.where(trump, np.maximum(self.best_trump, power), self.best_trump)
        self.broken = self.broken | trump
        self.position += 1
        if self.position == 4:
            rows = np.arange(self.size)
            self.taken[rows, self.win_seat] += 1
            self.winners[:, self.tricks_done] = self.win_seat
            self.tricks_done += 1
            self.leader = self.win_seat.copy()
            self.position = 0

    def run(self, policy: Policy, rng: np.random.Generator) -> None:
        """Play every deal to the end of the hand."""
        while self.tricks_done < 13:
            legal = self.legal()
            self.play(policy(self, legal, rng))


Policy = Callable[[Batch, np.ndarray, np.random.Generator], np.ndarray]
"""Chooses a card (B,) among the legal ones (B, 54) of the seat to play."""


def _prefer(preferred: np.ndarray, fallback: np.ndarray) -> np.ndarray:
    """(B, 54) each row's `preferred` cards, or its `fallback` ones where it has none of them:
    ``np.where`` by whole rows, at the cost of two boolean operations."""
    return preferred | (fallback & ~preferred.any(axis=1)[:, None])


def _lowest(mask: np.ndarray, arrays: DeckArrays) -> np.ndarray:
    """One-hot (B, 54): the weakest card of each row's mask (rows of one suit)."""
    weights = np.where(mask, 100 - arrays.power[None, :], -1)
    chosen = weights.argmax(axis=1)
    result = np.zeros_like(mask)
    result[np.arange(mask.shape[0]), chosen] = True
    return result & mask


def random_policy(batch: Batch, legal: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal card."""
    return _best_legal(rng.random(legal.shape), legal)


UNPLAYABLE = np.float32(1e9)
"""Taken off an illegal card's score: far below any legal card's."""


def _best_legal(score: np.ndarray, legal: np.ndarray) -> np.ndarray:
    """(B,) the first legal card of the highest score in each deal (each has a legal card).

    Illegal cards sink by a subtraction that leaves the legal ones' scores exactly as they
    are, which is much cheaper than ``np.where`` on a (B, 54) mask."""
    return (score - UNPLAYABLE * ~legal).argmax(axis=1)


(ROLE_PLAIN, ROLE_PARTNER_WINS, ROLE_DUCK, ROLE_SQUEEZE_NIL, ROLE_UNDER_NIL, ROLE_COVER_NIL, ROLE_RESCUE_NIL,
 ROLE_NIL) = range(8)
"""What a following seat is about, most pressing last: see :func:`heuristic_policy`."""
ROLES = 8
"""How many roles there are (the rows of the policy's tables)."""
VOID_SHED = 12.0
"""Worth, as a card power, of leading a suit the partner's nil is out of: it throws away its
most dangerous card, about as good as shedding a queen of the suit led."""
COVER_ATTACK = 20.0
"""Worth added to a lead that keeps the partner's nil safe when it also forces an
opponent's nil over it (Suicide has a nil on each side)."""
NIL_SPADE_DANGER = 4.0
"""Power a spade adds to a nil's wish to be rid of it: spades cannot be thrown on a side suit
later and win whenever a side suit runs out."""


@dataclass(frozen=True)
class _Preferences:
    """Per position (1–3) and role, the worth of each card if it would win the trick
    (``if_win``) and if not (``if_lose``): the heuristic policy as tables."""

    if_win: np.ndarray
    if_lose: np.ndarray
    lead_master: np.ndarray
    lead_low: np.ndarray
    discard_high: np.ndarray
    """A side card thrown away (not following, not trumping): the highest, the low ones
    are kept to lead or play under an opponent's nil later."""

    @classmethod
    def of(cls, arrays: DeckArrays) -> _Preferences:
        power = arrays.power.astype(np.float32)
        trump = arrays.is_trump.astype(np.float32)
        low = -(power + 20 * trump)
        if_win = np.zeros((4, ROLES, N_CARDS), dtype=np.float32)
        if_lose = np.zeros((4, ROLES, N_CARDS), dtype=np.float32)
        plain_win = {1: np.where(arrays.is_trump, 60 - power, low - 60), 2: 100 + power - 30 * trump,
                     3: 100 - power}
        for position in (1, 2, 3):
            if_win[position, ROLE_PLAIN] = plain_win[position]
            if_lose[position, ROLE_PLAIN] = low if position == 1 else low - 100
            if_win[position, ROLE_PARTNER_WINS] = low
            if_lose[position, ROLE_PARTNER_WINS] = low
            if_win[position, ROLE_DUCK] = power - 100
            if_lose[position, ROLE_DUCK] = power
            if_win[position, ROLE_SQUEEZE_NIL] = low - 100
            if_lose[position, ROLE_SQUEEZE_NIL] = low
            if_win[position, ROLE_UNDER_NIL] = -100 - power
            if_lose[position, ROLE_UNDER_NIL] = power
            if_win[position, ROLE_COVER_NIL] = 100 + power
            if_lose[position, ROLE_COVER_NIL] = power
            if_win[position, ROLE_RESCUE_NIL] = 100 - power - 30 * trump
            if_lose[position, ROLE_RESCUE_NIL] = low
            if_win[position, ROLE_NIL] = -200 - power
            if_lose[position, ROLE_NIL] = power + NIL_SPADE_DANGER * trump
        return cls(if_win, if_lose, 50 + power - 30 * trump, low, power - 30 * trump)


_PREFERENCES: dict[str, _Preferences] = {}


def _opponent_nil(batch: Batch, nil_alive: np.ndarray, seat: np.ndarray, still_to_play: bool = False) -> np.ndarray:
    """(B,) whether an opponent of the seat to play bid nil and has taken no trick yet
    (and, with `still_to_play`, has yet to play to this trick)."""
    found = np.zeros(batch.size, dtype=bool)
    rows = np.arange(batch.size)
    for step in _opponent_steps(batch):
        opponent = (seat + step) % 4
        alive = nil_alive[rows, opponent]
        if still_to_play:
            alive &= (opponent - batch.leader) % 4 > batch.position
        found |= alive
    return found


def _contracts_settled(batch: Batch) -> np.ndarray:
    """(B,) whether every side has made its contract or can no longer make it: then the
    tricks left are only bags, and everyone ducks. Not without a bag penalty (an overtrick
    is then a point), nor under Moe's bonus for the first tricks, nor while a bid is unknown
    or only tried out."""
    rules = batch.rules
    if not batch.contracts_final or not rules.bag_penalty or rules.moe:
        return np.zeros(batch.size, dtype=bool)
    counted = batch.taken if rules.nil_tricks == "partner" else np.where(batch.nil_seats[None, :], 0, batch.taken)
    contracts = batch.contracts
    if rules.partners:
        counted = counted + np.roll(counted, 2, axis=1)
        contracts = contracts + np.roll(contracts, 2)
    left = 13 - batch.tricks_done
    settled = (counted >= contracts[None, :]) | (counted + left < contracts[None, :])
    return settled.all(axis=1)


def _opponent_steps(batch: Batch) -> tuple[int, ...]:
    """How far round the table the opponents of a seat sit."""
    return (1, 3) if batch.rules.partners else (1, 2, 3)


@dataclass(frozen=True)
class _SuitRanges:
    """A set of cards' lowest and highest card of each suit, per deal (usually one seat's
    hand): (n, 5) powers, 99 and -1 where the set has none of the suit (always in column 4,
    no suit).

    Found without sorting: the cards of a suit as one integer (a bit per rank, by a matrix
    product), whose highest and lowest bits are the ranks wanted. Taken for one seat at a
    time, and only for the seats read: the product then also stays small enough for BLAS to
    keep it on one thread, where a busy machine does not make it wait."""

    low: np.ndarray
    high: np.ndarray

    @classmethod
    def of(cls, cards: np.ndarray, arrays: DeckArrays) -> _SuitRanges:
        """The ranges of `cards`, (n, 54) booleans."""
        bits = cards.astype(np.float32) @ arrays.rank_bits
        held = bits > 0
        _, top = np.frexp(bits)
        whole = bits.astype(np.int32)
        _, bottom = np.frexp((whole & -whole).astype(np.float32))
        suits = np.arange(5)
        return cls(np.where(held, arrays.power_at[suits, bottom - 1], np.float32(99)),
                   np.where(held, arrays.power_at[suits, top - 1], np.float32(-1)))

    @classmethod
    def of_seat(cls, batch: Batch, arrays: DeckArrays, rows: np.ndarray, seat: np.ndarray) -> _SuitRanges:
        """The ranges of the hand of `seat` (n,) in each of the deals `rows` (n,)."""
        return cls.of(batch.holdings[rows, seat], arrays)


def _by_card(table: np.ndarray, arrays: DeckArrays) -> np.ndarray:
    """(n, 54) each card's entry of its suit in `table` (n, 5)."""
    return table[:, arrays.suit]


def _plain_lead(batch: Batch, arrays: DeckArrays, prefs: _Preferences, rows: np.ndarray, seat: np.ndarray,
                settled: np.ndarray) -> np.ndarray:
    """A master if the seat holds one, else a low card of its longest plain suit; once every
    contract is settled, the lowest card. For the deals `rows` (n,), led by `seat` (n,)."""
    if settled.all():
        return np.broadcast_to(prefs.lead_low, (rows.size, N_CARDS))
    hand = batch.holdings[rows, seat]
    others = np.zeros_like(hand)
    for step in (1, 2, 3):
        others |= batch.holdings[rows, (seat + step) % 4]
    tops = _SuitRanges.of(others, arrays).high
    tops[:, NO_SUIT] = 99  # a card outside the deck is no master
    master = arrays.power[None, :] > _by_card(tops, arrays)
    lengths = hand.astype(np.float32) @ arrays.suit_count
    score = np.where(master, prefs.lead_master, prefs.lead_low + 2 * _by_card(lengths, arrays))
    score[settled] = prefs.lead_low
    return score


def _cover_lead(batch: Batch, arrays: DeckArrays, rows: np.ndarray, mate: np.ndarray) -> np.ndarray:
    """Leading to a partner's nil: a card above all the nil's cards of its suit is safe
    (the nil plays under it), best where that makes the nil shed a high card, or where
    the nil is void and throws its most dangerous card away; failing that, the highest."""
    nil_high = _by_card(_SuitRanges.of_seat(batch, arrays, rows, mate).high, arrays)
    power = arrays.power.astype(np.float32)[None, :]
    safe = power > nil_high
    shed = np.where(nil_high < 0, VOID_SHED, nil_high)
    return np.where(safe, 100 + shed - np.float32(0.1) * power, power - 100)


def _attack_lead(batch: Batch, arrays: DeckArrays, prefs: _Preferences, rows: np.ndarray, seat: np.ndarray,
                 nil_alive: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Leading against an opponent's nil: a card below all the nil's cards of its suit
    forces the nil over it, best where the nil's lowest card is high and its partner
    cannot ruff; a suit the nil is out of only lets it throw a card away. The scores, and
    (n, 54) which cards force the nil over them.

    The nil is the next seat's if it holds, else the previous seat's; the other one is its
    partner (its guard)."""
    first, second = ((seat + step) % 4 for step in (1, 3))
    first_low = _SuitRanges.of_seat(batch, arrays, rows, first).low
    second_low = _SuitRanges.of_seat(batch, arrays, rows, second).low
    at_first = nil_alive[rows, first][:, None]
    nil_low = _by_card(np.where(at_first, first_low, second_low), arrays)
    guard_void = _by_card(np.where(at_first, second_low, first_low) == 99, arrays)
    guard_ruffs = guard_void & ~arrays.is_trump[None, :]
    power = arrays.power.astype(np.float32)[None, :]
    forcing = power < nil_low
    under = 100 + nil_low - power - 30 * guard_ruffs
    score = np.where(nil_low == 99, prefs.lead_low - 100, np.where(forcing, under, prefs.lead_low))
    return score, forcing & (nil_low < 99) & ~guard_ruffs


def _nil_lead(batch: Batch, arrays: DeckArrays, prefs: _Preferences, rows: np.ndarray,
              seat: np.ndarray) -> np.ndarray:
    """A nil bidder's lead: the highest card another seat must or will beat (the partner
    holds a higher one of its suit, or an opponent holds that suit only above it), else the lowest."""
    power = arrays.power.astype(np.float32)[None, :]
    beaten = np.zeros((rows.size, N_CARDS), dtype=bool)
    if batch.rules.partners:
        beaten |= _by_card(_SuitRanges.of_seat(batch, arrays, rows, (seat + 2) % 4).high, arrays) > power
    for step in _opponent_steps(batch):
        other_low = _by_card(_SuitRanges.of_seat(batch, arrays, rows, (seat + step) % 4).low, arrays)
        beaten |= (other_low > power) & (other_low < 99)
    return np.where(beaten, 50 + power, prefs.lead_low)


def _lead_scores(batch: Batch, arrays: DeckArrays, prefs: _Preferences, seat: np.ndarray,
                 nil_alive: np.ndarray) -> np.ndarray:
    """(B, 54) the worth of leading each card (see :func:`heuristic_policy`).

    Each deal is scored by the one lead that applies to it, the nil's own first, then
    covering the partner's nil, then attacking an opponent's, else the plain lead. The
    scores are float64 as soon as one deal covers or attacks (numpy widens those: their
    bonuses are whole numbers times booleans), in which precision the policy's noise is
    added to every deal's scores."""
    settled = _contracts_settled(batch)
    rows = np.arange(batch.size)
    if not nil_alive.any():
        return _plain_lead(batch, arrays, prefs, rows, seat, settled)
    me_nil = nil_alive[rows, seat]
    mate_nil = nil_alive[rows, (seat + 2) % 4] & batch.rules.partners
    attack = _opponent_nil(batch, nil_alive, seat) & ~me_nil
    plain = ~(attack | mate_nil | me_nil)
    wide = attack.any() or mate_nil.any()
    score = np.empty((batch.size, N_CARDS), dtype=np.float64 if wide else np.float32)
    if plain.any():
        score[plain] = _plain_lead(batch, arrays, prefs, rows[plain], seat[plain], settled[plain])
    forcing = np.zeros((batch.size, N_CARDS), dtype=bool)
    if attack.any():
        score[attack], forcing[attack] = _attack_lead(batch, arrays, prefs, rows[attack], seat[attack], nil_alive)
    cover = mate_nil & ~me_nil
    if cover.any():
        mate = (seat[cover] + 2) % 4
        score[cover] = _cover_lead(batch, arrays, rows[cover], mate) + COVER_ATTACK * forcing[cover]
    if me_nil.any():
        score[me_nil] = _nil_lead(batch, arrays, prefs, rows[me_nil], seat[me_nil])
    return score


def _follow_scores(batch: Batch, arrays: DeckArrays, prefs: _Preferences, seat: np.ndarray,
                   nil_alive: np.ndarray) -> np.ndarray:
    """(B, 54) the worth of playing each card to the trick under way (see :func:`heuristic_policy`)."""
    partner = (seat + 2) % 4
    wins = arrays.trick_key[batch.led_suit] > batch.winner_key[:, None]
    mate_winning = (batch.win_seat == partner) & batch.rules.partners
    role = np.where(mate_winning, ROLE_PARTNER_WINS, ROLE_PLAIN)
    role = np.where(_contracts_settled(batch), ROLE_DUCK, role)
    if nil_alive.any():
        role = _nil_role(batch, role, seat, nil_alive, mate_winning)
    score = np.where(wins, prefs.if_win[batch.position][role], prefs.if_lose[batch.position][role])
    keep_low = (role == ROLE_SQUEEZE_NIL) | (role == ROLE_UNDER_NIL)
    if keep_low.any():
        discard = (arrays.suit[None, :] != batch.led_suit[keep_low, None]) & ~wins[keep_low]
        score[keep_low] = np.where(discard, prefs.discard_high, score[keep_low])
    return score


def _nil_role(batch: Batch, role: np.ndarray, seat: np.ndarray, nil_alive: np.ndarray,
              mate_winning: np.ndarray) -> np.ndarray:
    """The role of a following seat when some nil still holds: squeeze an opponent's nil
    still to play, stay under it when it is winning, play high over the partner's nil still
    to play, beat the partner's nil when it is winning, and stay under everything as the nil."""
    rows = np.arange(batch.size)
    partner = (seat + 2) % 4
    mate_nil = nil_alive[rows, partner] & batch.rules.partners
    role = np.where(_opponent_nil(batch, nil_alive, seat, still_to_play=True), ROLE_SQUEEZE_NIL, role)
    under = nil_alive[rows, batch.win_seat] & ~mate_winning & (batch.win_seat != seat)
    role = np.where(under, ROLE_UNDER_NIL, role)
    role = np.where(mate_nil & (batch.position == 1), ROLE_COVER_NIL, role)
    role = np.where(mate_nil & mate_winning, ROLE_RESCUE_NIL, role)
    return np.where(nil_alive[rows, seat], ROLE_NIL, role)


def heuristic_policy(batch: Batch, legal: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A sound, quick player for playouts.

    Leading: a card no other seat can beat (a master) if it holds one, else a low card of
    its longest plain suit. Following: second hand low, third hand high, fourth hand wins
    as cheaply as it can; nobody overtakes a partner who is winning, and a void seat
    trumps when that wins. Once every side has made its contract or can no longer make it,
    the tricks left are only bags: everyone leads its lowest card, plays the highest card
    that loses, and wins, when it must, with its highest.

    Around a nil that still holds (the policy sees every hand of its deal, as each
    playout is one deal): the nil bidder ducks with its highest card that does not win,
    throws its most dangerous cards (spades first) when void, and leads the highest card
    another seat will beat. Its partner plays high over it while it is still to play,
    beats it as cheaply as it can when it is winning, and leads above the nil's cards of a
    suit (or a suit it is out of) so that it can shed its high ones. Its opponents lead
    below the nil's lowest card of a suit it holds, play low while it is still to play,
    duck under it when it is winning, and throw their high cards away, keeping the low ones.
    Each playout draws a little noise once, to break ties differently.
    """
    arrays = deck_arrays(batch.deck)
    prefs = _PREFERENCES.get(batch.deck.name)
    if prefs is None:
        prefs = _PREFERENCES[batch.deck.name] = _Preferences.of(arrays)
    if batch.noise is None:
        batch.noise = rng.random(legal.shape, dtype=np.float32) * 0.5
    seat = batch.to_play
    nil_alive = batch.nil_seats[None, :] & (batch.taken == 0)
    if batch.position == 0:
        score = _lead_scores(batch, arrays, prefs, seat, nil_alive)
    else:
        score = _follow_scores(batch, arrays, prefs, seat, nil_alive)
    return _best_legal(score + batch.noise, legal)


def holdings_array(deals: Sequence[dict[str, int]]) -> np.ndarray:
    """(B, 4, 54) booleans from deals given as seat → card mask."""
    bits = np.array([[deal[s] for s in SEATS] for deal in deals], dtype=object)
    result = np.zeros((len(deals), 4, N_CARDS), dtype=bool)
    for index in range(N_CARDS):
        result[:, :, index] = (bits >> index) & 1 == 1
    return result
