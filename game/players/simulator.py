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
win cheaply, cover a partner's nil, duck under an opponent's nil).
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


@dataclass(frozen=True)
class DeckArrays:
    """A deck's effective suits and powers as arrays indexed by card index."""

    suit: np.ndarray
    power: np.ndarray
    suit_masks: np.ndarray
    """(5, 54) booleans: the cards of each effective suit; row 4 is no suit (not in the deck)."""
    is_trump: np.ndarray
    order: np.ndarray
    """Card indices sorted by effective suit then power: for per-suit reductions."""
    suit_starts: np.ndarray

    @classmethod
    def of(cls, deck: Deck) -> DeckArrays:
        suit = np.array([s if s >= 0 else NO_SUIT for s in deck.suit_of], dtype=np.int64)
        power = np.array(deck.power, dtype=np.int64)
        masks = np.stack([suit == s for s in range(5)])
        order = np.lexsort((power, suit))
        starts = np.searchsorted(suit[order], np.arange(5))
        return cls(suit, power, masks, suit == SPADES, order, starts)


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
    noise: np.ndarray | None = None
    """(B, 54) small random preferences a policy may draw once per playout."""

    @property
    def size(self) -> int:
        return self.holdings.shape[0]

    @classmethod
    def start(cls, rules: Rules, deck: Deck, holdings: np.ndarray, *, leader: int,
              trick: Sequence[tuple[int, int]] = (), tricks_done: int = 0,
              taken: Sequence[int] = (0, 0, 0, 0), broken: bool = False,
              winners: Sequence[int] = (), bids: Sequence[int | None] = (None,) * 4) -> Batch:
        """A batch at a public position: `holdings` (B, 4, 54) are the cards still held;
        `leader` led (or leads) the current trick, whose (seat, card index) pairs so far
        are `trick`; `bids` are each seat's tricks bid (0 for nil, None if unknown)."""
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
            clubs = hand & arrays.suit_masks[CLUBS]
            has_clubs = clubs.any(axis=1)
            lowest = _lowest(clubs, arrays)
            if self.position == 0:
                free = self._lead_legal(hand, arrays)
            else:
                free = hand
            return np.where(has_clubs[:, None], lowest, free)
        if self.position == 0:
            return self._lead_legal(hand, arrays)
        follow = hand & arrays.suit_masks[self.led_suit]
        has_suit = follow.any(axis=1)
        if rules.must_beat:
            trumped = self.win_trump & (self.led_suit != SPADES)
            above = follow & (arrays.power[None, :] > self.best_led[:, None]) & ~trumped[:, None]
            follow = np.where(above.any(axis=1)[:, None], above, follow)
            trumps = hand & arrays.is_trump[None, :] & (arrays.power[None, :] > self.best_trump[:, None])
            hand = np.where(trumps.any(axis=1)[:, None], trumps, hand)
        return np.where(has_suit[:, None], follow, hand)

    def _lead_legal(self, hand: np.ndarray, arrays: DeckArrays) -> np.ndarray:
        if not self.rules.spades_broken:
            return hand
        others = hand & ~arrays.is_trump[None, :]
        restricted = ~self.broken & others.any(axis=1)
        return np.where(restricted[:, None], others, hand)

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
            beats = (trump & (~self.win_trump | (power > self.win_power))) | (
                following & ~self.win_trump & (power > self.win_power))
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


def _lowest(mask: np.ndarray, arrays: DeckArrays) -> np.ndarray:
    """One-hot (B, 54): the weakest card of each row's mask (rows of one suit)."""
    weights = np.where(mask, 100 - arrays.power[None, :], -1)
    chosen = weights.argmax(axis=1)
    result = np.zeros_like(mask)
    result[np.arange(mask.shape[0]), chosen] = True
    return result & mask


def random_policy(batch: Batch, legal: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal card."""
    return np.where(legal, rng.random(legal.shape), -1.0).argmax(axis=1)


def _outstanding_top(batch: Batch, arrays: DeckArrays, seat: np.ndarray) -> np.ndarray:
    """(B, 5) the highest power of each suit still held by a seat other than `seat`."""
    rows = np.arange(batch.size)
    others = batch.holdings.any(axis=1) & ~batch.holdings[rows, seat]
    powers = np.where(others, arrays.power[None, :], -1)[:, arrays.order]
    tops = np.maximum.reduceat(powers, arrays.suit_starts[:4], axis=1)
    return np.concatenate([tops, np.full((batch.size, 1), 99)], axis=1)


ROLE_PLAIN, ROLE_PARTNER_WINS, ROLE_SQUEEZE_NIL, ROLE_UNDER_NIL, ROLE_COVER_NIL, ROLE_NIL = range(6)
"""What a following seat is about, most pressing last: see :func:`heuristic_policy`."""


@dataclass(frozen=True)
class _Preferences:
    """Per position (1–3) and role, the worth of each card if it would win the trick
    (``if_win``) and if not (``if_lose``): the heuristic policy as tables."""

    if_win: np.ndarray
    if_lose: np.ndarray
    lead_master: np.ndarray
    lead_low: np.ndarray
    lead_high: np.ndarray

    @classmethod
    def of(cls, arrays: DeckArrays) -> _Preferences:
        power = arrays.power.astype(np.float32)
        trump = arrays.is_trump.astype(np.float32)
        low = -(power + 20 * trump)
        if_win = np.zeros((4, 6, N_CARDS), dtype=np.float32)
        if_lose = np.zeros((4, 6, N_CARDS), dtype=np.float32)
        plain_win = {1: np.where(arrays.is_trump, 60 - power, low - 60), 2: 100 + power - 30 * trump,
                     3: 100 - power}
        for position in (1, 2, 3):
            if_win[position, ROLE_PLAIN] = plain_win[position]
            if_lose[position, ROLE_PLAIN] = low if position == 1 else low - 100
            if_win[position, ROLE_PARTNER_WINS] = low
            if_lose[position, ROLE_PARTNER_WINS] = low
            if_win[position, ROLE_SQUEEZE_NIL] = low - 100
            if_lose[position, ROLE_SQUEEZE_NIL] = low
            if_win[position, ROLE_UNDER_NIL] = -100 - power
            if_lose[position, ROLE_UNDER_NIL] = power
            if_win[position, ROLE_COVER_NIL] = 100 + power
            if_lose[position, ROLE_COVER_NIL] = power
            if_win[position, ROLE_NIL] = -200 - power
            if_lose[position, ROLE_NIL] = power
        return cls(if_win, if_lose, 50 + power - 30 * trump, low, power - 10 * trump)


_PREFERENCES: dict[str, _Preferences] = {}


def _opponent_nil(batch: Batch, nil_alive: np.ndarray, seat: np.ndarray, still_to_play: bool = False) -> np.ndarray:
    """(B,) whether an opponent of the seat to play bid nil and has taken no trick yet
    (and, with `still_to_play`, has yet to play to this trick)."""
    found = np.zeros(batch.size, dtype=bool)
    rows = np.arange(batch.size)
    for step in (1, 3) if batch.rules.partners else (1, 2, 3):
        opponent = (seat + step) % 4
        alive = nil_alive[rows, opponent]
        if still_to_play:
            alive &= (opponent - batch.leader) % 4 > batch.position
        found |= alive
    return found


def heuristic_policy(batch: Batch, legal: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A sound, quick player for playouts.

    Leading: a card no other seat can beat (a master) if it holds one, else a low card of
    its longest plain suit. Following: second hand low, third hand high, fourth hand wins
    as cheaply as it can; nobody overtakes a partner who is winning, and a void seat
    trumps when that wins. A nil bidder ducks with its highest card that does not win;
    its partner plays high over it; its opponents lead low and play low while it is still
    to play, and duck under it when it is winning. Each playout draws a
    little noise once, to break ties differently.
    """
    arrays = deck_arrays(batch.deck)
    prefs = _PREFERENCES.get(batch.deck.name)
    if prefs is None:
        prefs = _PREFERENCES[batch.deck.name] = _Preferences.of(arrays)
    if batch.noise is None:
        batch.noise = rng.random(legal.shape, dtype=np.float32) * 0.5
    rows = np.arange(batch.size)
    seat = batch.to_play
    partner = (seat + 2) % 4
    nil_alive = batch.nil_seats[None, :] & (batch.taken == 0)
    me_nil = nil_alive[rows, seat]
    mate_nil = nil_alive[rows, partner] & batch.rules.partners
    if batch.position == 0:
        tops = _outstanding_top(batch, arrays, seat)
        master = arrays.power[None, :] > tops[:, arrays.suit]
        hand = batch.holdings[rows, seat].astype(np.float32)
        lengths = hand @ arrays.suit_masks[:4].T.astype(np.float32)
        lengths = np.concatenate([lengths, np.zeros((batch.size, 1), dtype=np.float32)], axis=1)
        score = np.where(master, prefs.lead_master, prefs.lead_low + 2 * lengths[:, arrays.suit])
        score = np.where(_opponent_nil(batch, nil_alive, seat)[:, None], prefs.lead_low, score)
        score = np.where(mate_nil[:, None], prefs.lead_high, score)
        score = np.where(me_nil[:, None], prefs.lead_low, score)
    else:
        beats = arrays.power[None, :] > batch.win_power[:, None]
        wins = (arrays.is_trump[None, :] & (~batch.win_trump[:, None] | beats)) | (
            (arrays.suit[None, :] == batch.led_suit[:, None]) & ~batch.win_trump[:, None] & beats)
        mate_winning = (batch.win_seat == partner) & batch.rules.partners
        role = np.where(mate_winning, ROLE_PARTNER_WINS, ROLE_PLAIN)
        role = np.where(_opponent_nil(batch, nil_alive, seat, still_to_play=True), ROLE_SQUEEZE_NIL, role)
        under = nil_alive[rows, batch.win_seat] & ~mate_winning & (batch.win_seat != seat)
        role = np.where(under, ROLE_UNDER_NIL, role)
        role = np.where(mate_nil & (mate_winning | (batch.position == 1)), ROLE_COVER_NIL, role)
        role = np.where(me_nil, ROLE_NIL, role)
        score = np.where(wins, prefs.if_win[batch.position][role], prefs.if_lose[batch.position][role])
    return np.where(legal, score + batch.noise, -1e9).argmax(axis=1)


def holdings_array(deals: Sequence[dict[str, int]]) -> np.ndarray:
    """(B, 4, 54) booleans from deals given as seat → card mask."""
    bits = np.array([[deal[s] for s in SEATS] for deal in deals], dtype=object)
    result = np.zeros((len(deals), 4, N_CARDS), dtype=bool)
    for index in range(N_CARDS):
        result[:, :, index] = (bits >> index) & 1 == 1
    return result
