"""What a seat knows about the cards it cannot see, and deals consistent with it.

Everything here is built from a seat view (`docs/bot-api.md`) and nothing else, so a
computer player using it cannot peek. :class:`Knowledge` holds the facts:

* which cards are unseen (neither in this seat's hand nor played this hand);
* how many cards every seat holds now;
* per other seat, the unseen cards it *cannot* hold (``forbidden``), deduced from
  its plays with the rules in force, and the cards it *surely* holds (``known``:
  cards this seat passed to it in an exchange, and whatever the rest forces).

Every rule of play (:data:`game.legality.PLAY_RULES`) says "the player holds no
card of this set", so each play excludes an exact set of cards from the player's
hand at that moment; as nobody receives cards once play has begun, the cards not
yet played are excluded for good. The deductions are therefore complete: a deal
of the unseen cards respects them (and, in Mirrors, the spade counts the bids
reveal) exactly when every play of the hand would have been legal from it.
A matching argument (Hall's theorem over the few groups of interchangeable cards)
then removes every (card, seat) pair that no such deal has, given how many cards
each seat holds: a card is forbidden to a seat exactly when no consistent deal puts
it there, and known there exactly when every consistent deal does.

One thing the view cannot tell: in the middle of a blind-nil exchange, a seat
outside it does not know how many cards have crossed; it assumes 13 each.

:func:`sample_deals` draws full deals consistent with the knowledge, uniformly
among all consistent deals: the unseen cards fall into a few groups of cards that
the same seats may hold; the sampler weighs every way of splitting the groups'
sizes among the seats by its number of deals, picks one, and shuffles each group
into its shares. With ``weigh_bids`` the deals then lean towards hands that fit
the bids (each seat's :class:`BidModel`, see :func:`bid_models`) and the way the seats played (see
:func:`play_leanings`: soft tells, where the hard facts above are certainties) by
importance resampling.

>>> from game.rules import PRESETS
>>> from game.hand import Hand
>>> from game.view import seat_view
>>> hand = Hand.shuffled(PRESETS["stelmack"].rules, "E", random.Random(3))
>>> knowledge = Knowledge.from_view(seat_view(hand, "S"))
>>> knowledge.counts
{'S': 13, 'W': 13, 'N': 13, 'E': 13}
>>> deal = sample_deals(knowledge, 1, random.Random(1))[0]
>>> deal["S"] == knowledge.hand and deal["W"] | deal["N"] | deal["E"] == knowledge.unseen
True
"""

from __future__ import annotations

import math
import random
from bisect import bisect
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any

from game.bids import Bid
from game.cards import CARDS, SPADES, Card, Deck, mask_of
from game.legality import PlayTurn, play_demands, trick_winner_index
from game.rules import Rules
from game.seats import SEATS, next_seat, partner, seats_from
from game.view import SeatView

OVERSAMPLE = 4
"""Candidate deals drawn per deal returned when the bids weigh the sample."""


# ---------------------------------------------------------------------------
# Deductions from play


def play_exclusions(rules: Rules, deck: Deck, card: Card, before: Sequence[Card], trick_number: int,
                    broken: bool) -> int:
    """The cards the player of `card` cannot have held when it played it, as a mask.

    `before` are the cards already in the trick, `broken` whether spades were broken
    before this card. The rules of play read backwards: each demand of
    :func:`game.legality.play_demands` that `card` does not meet proves the player held
    none of its cards that the demands `card` met before it still allowed.
    """
    allowed, excluded = deck.mask, 0
    for demand in play_demands(PlayTurn(rules, deck, before, trick_number, broken)):
        if demand.cards & card.bit:
            allowed &= demand.cards
        else:
            excluded |= allowed & demand.cards
    return excluded


# ---------------------------------------------------------------------------
# Knowledge


@dataclass
class Knowledge:
    """What `seat` knows about the unseen cards, from its view alone (see the module doc).

    Masks are of cards (:mod:`game.cards`). ``forbidden`` and ``known`` have an entry
    for each of the three other seats and only ever name unseen cards; a card known
    at one seat is forbidden to the others. ``counts`` covers all four seats.
    Treat it as read-only: the sampler caches what it derives from it.
    """

    seat: str
    rules: Rules
    deck: Deck
    hand: int
    """This seat's cards (0 if it has not looked)."""
    played: int
    """Every card played this hand, the current trick included."""
    unseen: int
    """Deck cards neither held by this seat nor played (all of them before it looks)."""
    counts: dict[str, int]
    forbidden: dict[str, int]
    known: dict[str, int]
    looked: bool = True
    """False before this seat has looked at its cards: it then holds `counts[seat]` unseen cards."""
    played_by: dict[str, int] = field(default_factory=dict)
    """Per seat, the cards it has played this hand."""
    spade_counts: dict[str, int] = field(default_factory=dict)
    """Per other seat, the spades it holds now when the rules reveal it (Mirrors bids)."""
    bids: dict[str, Bid] = field(default_factory=dict)
    bids_made: dict[str, Bid] = field(default_factory=dict)
    """The bids as made where the one-partner-nil override changed them (``bids`` holds the
    bids after it): what each seat chose with its cards."""
    taken: dict[str, int] = field(default_factory=dict)
    dealer: str = "E"
    passed: dict[str, int] = field(default_factory=dict)
    """The `known` cards as the caller gave them (cards passed in an exchange), played or not."""
    leanings: dict[str, tuple[tuple[int, float], ...]] = field(default_factory=dict)
    """Per other seat, what its plays suggest (:func:`play_leanings`): disjoint masks of
    unseen cards, each with the log-weight per card of it the seat holds."""
    _plan: Any = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def from_view(cls, view: SeatView | Mapping[str, Any],
                  known: Mapping[str, Sequence[str]] | None = None, tells: bool = True) -> Knowledge:
        """The knowledge of the view's seat (a :class:`SeatView`, or a dict of `docs/bot-api.md`
        read as one); `known` lists cards it knows another seat received (those it passed
        in a blind-nil exchange). Without `tells` the soft tells of the play are not read
        (:attr:`leanings` stays empty): they cost more than the hard facts, and only deals
        weighted by the play use them."""
        if not isinstance(view, SeatView):
            view = SeatView.from_dict(view)
        seat, deck = view.seat, view.deck
        played_by, forbidden = _deductions(view)
        played = 0
        for mask in played_by.values():
            played |= mask
        looked = bool(view.hand) or bool(played_by[seat])
        unseen = deck.mask & ~played & ~view.hand_mask
        counts = _counts(view, played_by, looked)
        others = [s for s in SEATS if s != seat]
        passed = {s: mask_of(Card.parse(c) for c in (known or {}).get(s, ())) for s in others}
        spade_counts = _spade_counts(view, others, played_by)
        holders = others if looked else [seat, *others]
        allowed = _allowed(holders, others, unseen, forbidden, passed)
        _tighten(holders, allowed, counts, spade_counts, unseen, deck.suit_masks[SPADES])
        return cls(
            seat=seat, rules=view.rules, deck=deck, hand=view.hand_mask, played=played, unseen=unseen,
            counts=counts, forbidden={s: unseen & ~allowed[s] for s in others},
            known={s: allowed[s] & ~_elsewhere(holders, allowed, s) for s in others},
            looked=looked, played_by=played_by, spade_counts=spade_counts, bids=dict(view.bids),
            bids_made=dict(view.bids_made), taken=dict(view.taken), dealer=view.dealer, passed=passed,
            leanings=play_leanings(view, unseen) if tells else {},
        )

    # -- queries -------------------------------------------------------------------
    @property
    def holders(self) -> list[str]:
        """The seats whose cards are unseen: the other three, and this one before it looks."""
        others = [s for s in SEATS if s != self.seat]
        return others if self.looked else [self.seat, *others]

    def allowed(self, seat: str) -> int:
        """The cards `seat` may hold now: this seat's hand (once looked), else the unseen
        cards not forbidden to it."""
        if seat == self.seat:
            return self.hand if self.looked else self.unseen
        return self.unseen & ~self.forbidden[seat]

    def can_hold(self, seat: str, card: Card) -> bool:
        return bool(self.allowed(seat) & card.bit)

    def void_in(self, seat: str, suit: int) -> bool:
        """Whether `seat` cannot hold any card of this effective suit (0 spades … 3
        clubs): it showed out of it, or every card of it left is elsewhere."""
        return not self.allowed(seat) & self.deck.suit_masks[suit]

    def remaining(self, suit: int) -> int:
        """The unseen cards of an effective suit."""
        return self.unseen & self.deck.suit_masks[suit]

    def is_master(self, card: Card) -> bool:
        """No unseen card of its effective suit beats it: it wins any trick of its suit
        (a side-suit master can still be trumped)."""
        return not self.deck.beaters[card.index] & self.unseen


def _deductions(view: SeatView) -> tuple[dict[str, int], dict[str, int]]:
    """Per seat, the cards it played this hand, and the cards its plays show it cannot
    hold (:func:`play_exclusions`; none for the viewer, who knows its own hand)."""
    rules, deck = view.rules, view.deck
    played_by = dict.fromkeys(SEATS, 0)
    forbidden = dict.fromkeys(SEATS, 0)
    tricks = [t.plays for t in view.tricks]
    if view.trick:
        tricks.append(view.trick)
    broken = False
    for number, plays in enumerate(tricks, start=1):
        before: list[Card] = []
        for who, card in plays:
            if who != view.seat:
                forbidden[who] |= play_exclusions(rules, deck, card, before, number, broken)
            played_by[who] |= card.bit
            before.append(card)
            broken = broken or deck.suit_of[card.index] == SPADES
    return played_by, forbidden


def _counts(view: SeatView, played_by: Mapping[str, int], looked: bool) -> dict[str, int]:
    """How many cards each seat holds now."""
    counts = {s: 13 - played_by[s].bit_count() for s in SEATS}
    if view.phase == "exchange" and view.rules.partners and looked:
        # Mid-exchange the partners hold 13 ± k. A seat in the exchange knows k from
        # its own hand; a seat outside it cannot know and assumes 13 (before or after).
        counts[view.seat] = len(view.hand)
        counts[partner(view.seat)] = 26 - counts[view.seat]
    return counts


def _spade_counts(view: SeatView, others: Sequence[str], played_by: Mapping[str, int]) -> dict[str, int]:
    """The spades each other seat holds now, where the rules make every bid the spades held."""
    if not view.rules.bid_spades:
        return {}
    spades = view.deck.suit_masks[SPADES]
    return {s: view.bids[s].tricks - (played_by[s] & spades).bit_count() for s in others if s in view.bids}


def _allowed(holders: Sequence[str], others: Sequence[str], unseen: int, forbidden: Mapping[str, int],
             passed: Mapping[str, int]) -> dict[str, int]:
    """The unseen cards each holder may hold: not forbidden by its plays, not passed to
    another seat, and every card passed to it."""
    allowed = {s: unseen & ~forbidden[s] for s in holders}
    claimed = clash = 0
    for s in others:
        clash |= claimed & passed[s]
        claimed |= passed[s]
        for t in holders:
            allowed[t] = allowed[t] | (passed[s] & unseen) if t == s else allowed[t] & ~passed[s]
    for t in holders:
        allowed[t] &= ~clash  # a card said to be at two seats: no deal fits
    return allowed


def _elsewhere(holders: Sequence[str], allowed: Mapping[str, int], seat: str) -> int:
    """The cards some holder other than `seat` may hold."""
    mask = 0
    for t in holders:
        if t != seat:
            mask |= allowed[t]
    return mask


def _tighten(holders: Sequence[str], allowed: dict[str, int], counts: Mapping[str, int],
             spade_counts: Mapping[str, int], unseen: int, spades: int) -> None:
    """Remove from `allowed` (in place) every card a seat cannot hold in any deal that
    fits the counts: exactly the pairs no consistent deal has, by Hall's theorem.

    Cards that the same seats may hold are interchangeable, so the unseen cards form
    at most 2^k - 1 groups (k holders); giving one card of a group to a seat is possible
    exactly when the rest still passes Hall's condition. In Mirrors the spades and the
    other cards are shared out separately (each seat's spade count is known)."""
    for cls_mask, caps in _card_classes(holders, counts, spade_counts, unseen, spades):
        members: dict[int, int] = {}
        rest = cls_mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            who = 0
            for index, s in enumerate(holders):
                if allowed[s] & bit:
                    who |= 1 << index
            members[who] = members.get(who, 0) | bit
        sizes = {who: mask.bit_count() for who, mask in members.items()}
        if not _fits(sizes, caps):
            continue  # contradictory: leave it to the sampler to refuse
        for who, mask in members.items():
            for index, s in enumerate(holders):
                if not who >> index & 1:
                    continue
                sizes[who] -= 1
                caps[index] -= 1
                if not _fits(sizes, caps):
                    allowed[s] &= ~mask
                sizes[who] += 1
                caps[index] += 1


def _card_classes(holders: Sequence[str], counts: Mapping[str, int], spade_counts: Mapping[str, int],
                  unseen: int, spades: int) -> list[tuple[int, list[int]]]:
    """The unseen cards to share out, and how many of them each holder takes: all of them
    by the counts, or, when every holder's spade count is known (Mirrors), the spades
    and the other cards apart."""
    if all(s in spade_counts for s in holders):
        return [(unseen & spades, [spade_counts[s] for s in holders]),
                (unseen & ~spades, [counts[s] - spade_counts[s] for s in holders])]
    return [(unseen, [counts[s] for s in holders])]


def _fits(sizes: Mapping[int, int], caps: Sequence[int]) -> bool:
    """Whether cards in groups (holder set as a bitmask → how many) can be shared out so
    that holder i gets exactly caps[i]: Hall's condition on every set of holders."""
    if min(caps, default=0) < 0 or sum(sizes.values()) != sum(caps):
        return False
    if sizes.get(0):
        return False
    for subset in range(1, 1 << len(caps)):
        inside = 0
        for who, size in sizes.items():
            if not who & ~subset:
                inside += size
        room = 0
        for index, cap in enumerate(caps):
            if subset >> index & 1:
                room += cap
        if inside > room:
            return False
    return True


# ---------------------------------------------------------------------------
# Sampling


_FACTORIAL = [float(math.factorial(n)) for n in range(60)]


@dataclass
class _Group:
    """Free cards that exactly the same holders may take (indices into the plan's seats)."""

    bits: list[int]
    holders: tuple[int, ...]


@dataclass
class _Split:
    """One class of cards (all of them, or spades / the rest in Mirrors) to share out."""

    groups: list[_Group]
    allocations: list[tuple[tuple[tuple[int, int], ...], ...]]
    """Per allocation, per group: (holder, how many) shares."""
    cumulative: list[float]


@dataclass
class _Plan:
    seats: list[str]
    base: list[int]
    splits: list[_Split]


def _plan(knowledge: Knowledge) -> _Plan:
    """Everything the sampler needs that depends only on the knowledge (built once)."""
    if knowledge._plan is not None:
        return knowledge._plan
    seats = knowledge.holders
    unseen = knowledge.unseen
    allowed = [knowledge.allowed(s) if s != knowledge.seat else unseen for s in seats]
    sure = [knowledge.known.get(s, 0) for s in seats]
    taken = 0
    for index, mask in enumerate(sure):
        if mask & ~allowed[index] or mask & taken:
            raise ValueError("the known cards contradict what the play shows")
        taken |= mask
    classes = _card_classes(seats, knowledge.counts, knowledge.spade_counts, unseen,
                            knowledge.deck.suit_masks[SPADES])
    base = list(sure)
    splits = [_split(cls_mask & ~taken, [cap - (sure[i] & cls_mask).bit_count() for i, cap in enumerate(caps)],
                     allowed, base)
              for cls_mask, caps in classes]
    knowledge._plan = _Plan(list(seats), base, splits)
    return knowledge._plan


def _split(free: int, caps: list[int], allowed: Sequence[int], base: list[int]) -> _Split:
    """How the `free` cards of one class are shared out: a card only one holder may take
    goes to its `base` (in place); the others form groups of cards that the same holders
    may take, with every way their sizes fit the room left in `caps`."""
    by_holders: dict[tuple[int, ...], list[int]] = {}
    while free:
        bit = free & -free
        free ^= bit
        who = tuple(i for i in range(len(allowed)) if allowed[i] & bit)
        if not who:
            raise ValueError(f"no seat may hold the {CARDS[bit.bit_length() - 1].label}")
        by_holders.setdefault(who, []).append(bit)
    groups = []
    for who, bits in sorted(by_holders.items(), key=lambda item: (len(item[0]), item[0])):
        if len(who) == 1:
            base[who[0]] |= sum(bits)
            caps[who[0]] -= len(bits)
        else:
            groups.append(_Group(bits, who))
    if min(caps, default=0) < 0:
        raise ValueError("a seat would hold more cards than it has")
    found = _allocations(groups, caps)
    if not found:
        raise ValueError("no deal fits what the play shows")
    cumulative = list(accumulate(weight for weight, _ in found))
    return _Split(groups, [shares for _, shares in found], cumulative)


def _allocations(groups: Sequence[_Group], caps: Sequence[int]
                 ) -> list[tuple[float, tuple[tuple[tuple[int, int], ...], ...]]]:
    """Every way to share the groups' sizes among their holders so that each holder gets
    exactly its capacity, with the number of deals it stands for (the product of the
    groups' multinomials). Groups come sorted by how many holders they have, so the
    last, widest group is forced by what is left."""
    found: list[tuple[float, tuple[tuple[tuple[int, int], ...], ...]]] = []
    if not groups:
        if not any(caps):
            found.append((1.0, ()))
        return found
    last = len(groups) - 1
    chosen: list[tuple[tuple[int, int], ...]] = []

    def place(index: int, left: list[int], weight: float) -> None:
        group = groups[index]
        size = len(group.bits)
        if index == last:
            if any(left[h] for h in range(len(left)) if h not in group.holders):
                return
            if sum(left[h] for h in group.holders) != size:
                return
            shares = tuple((h, left[h]) for h in group.holders if left[h])
            for _, n in shares:
                weight /= _FACTORIAL[n]
            found.append((weight * _FACTORIAL[size], (*chosen, shares)))
            return
        for shares in _compositions(size, group.holders, left):
            after = list(left)
            split_weight = weight * _FACTORIAL[size]
            for h, n in shares:
                after[h] -= n
                split_weight /= _FACTORIAL[n]
            chosen.append(shares)
            place(index + 1, after, split_weight)
            chosen.pop()

    place(0, list(caps), 1.0)
    return found


def _compositions(size: int, holders: Sequence[int], caps: Sequence[int]) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every way to give `size` cards to `holders` within their capacities, as
    ((holder, n), …) with the zero shares left out."""
    if len(holders) == 1:
        if size <= caps[holders[0]]:
            yield ((holders[0], size),) if size else ()
        return
    first, rest = holders[0], holders[1:]
    room = sum(caps[h] for h in rest)
    for n in range(max(0, size - room), min(size, caps[first]) + 1):
        for tail in _compositions(size - n, rest, caps):
            yield ((first, n), *tail) if n else tail


def _draw(plan: _Plan, rng: random.Random) -> list[int]:
    """One consistent deal, uniformly among all of them: the holders' masks."""
    masks = list(plan.base)
    random = rng.random
    for split in plan.splits:
        if not split.groups:
            continue
        cumulative = split.cumulative
        pick = 0 if len(cumulative) == 1 else bisect(cumulative, rng.random() * cumulative[-1])
        for group, shares in zip(split.groups, split.allocations[pick], strict=True):
            bits = group.bits[:]
            size = len(bits)
            # A partial Fisher-Yates shuffle: the last share is whatever is left.
            for i in range(size - shares[-1][1]):
                j = i + int(random() * (size - i))
                bits[i], bits[j] = bits[j], bits[i]
            start = 0
            for holder, n in shares:
                masks[holder] |= sum(bits[start:start + n])
                start += n
    return masks


def sample_deals(knowledge: Knowledge, count: int, rng: random.Random,
                 weigh_bids: bool = True, weigh_play: bool | None = None) -> list[dict[str, int]]:
    """`count` full deals consistent with `knowledge`: per seat, the mask it holds now.

    This seat gets its hand; the others share the unseen cards by their counts, never
    a forbidden card, always their known ones. Without `weigh_bids` the deals are
    uniform among all consistent ones. With it (and bids that say something),
    :data:`OVERSAMPLE` times as many candidates are drawn and `count` of them resampled
    (:func:`_resample`) in proportion to how well the hands fit the bids
    (each seat's :meth:`BidModel.log_likelihood`) and, unless `weigh_play` is False (None: as `weigh_bids`), the
    way the seats played (:func:`play_log_likelihood`), so the same deal may come back more
    than once. The hard facts hold in every deal: the weights only choose among consistent ones.
    ValueError if no deal fits (a dishonest view, or `known` cards that contradict it).
    """
    plan = _plan(knowledge)
    seats = plan.seats
    fixed = {} if not knowledge.looked else {knowledge.seat: knowledge.hand}
    scorers = _scorers(knowledge, seats, weigh_bids, weigh_bids if weigh_play is None else weigh_play)
    if not scorers:
        return [_deal(fixed, seats, _draw(plan, rng)) for _ in range(count)]
    candidates = []
    weights = []
    for _ in range(count * OVERSAMPLE):
        masks = _draw(plan, rng)
        candidates.append(masks)
        weights.append(sum(scorer(masks) for scorer in scorers))
    top = max(weights)
    weights = [math.exp(w - top) for w in weights]
    return [_deal(fixed, seats, masks) for masks in _resample(candidates, weights, count, rng)]


def _resample(candidates: list[list[int]], weights: list[float], count: int, rng: random.Random) -> list[list[int]]:
    """`count` of the candidates, each about `count` × its share of the weight times, in random
    order. Systematic resampling (one random offset, evenly spaced picks) rather than `count`
    independent picks: fewer good candidates are lost to chance and fewer repeated, so the
    sample stays as varied as the weights allow."""
    cumulative = list(accumulate(weights))
    step = cumulative[-1] / count
    offset = rng.random() * step
    chosen = [candidates[min(bisect(cumulative, offset + i * step), len(candidates) - 1)] for i in range(count)]
    rng.shuffle(chosen)
    return chosen


def _scorers(knowledge: Knowledge, seats: Sequence[str], weigh_bids: bool, weigh_play: bool
             ) -> list[Callable[[Sequence[int]], float]]:
    """The log-weights a candidate deal (the holders' masks, in `seats` order) gets: one per
    seat whose bid says something (if `weigh_bids`), one per seat whose plays do (if `weigh_play`)."""
    deck = knowledge.deck
    scorers: list[Callable[[Sequence[int]], float]] = []
    for s, model in (bid_models(knowledge) if weigh_bids else {}).items():
        index, played = seats.index(s), knowledge.played_by[s] & ~knowledge.passed.get(s, 0)
        scorers.append(lambda masks, i=index, m=model, p=played: m.log_likelihood(deck, masks[i] | p))
    for s, leaning in (knowledge.leanings.items() if weigh_play else ()):
        if leaning:
            index = seats.index(s)
            scorers.append(lambda masks, i=index, pairs=leaning: sum(w * (masks[i] & m).bit_count() for m, w in pairs))
    return scorers


def _deal(fixed: Mapping[str, int], seats: Sequence[str], masks: Sequence[int]) -> dict[str, int]:
    """A deal by seat, in seat order, from this seat's hand and the holders' masks."""
    deal = dict(fixed)
    deal.update(zip(seats, masks, strict=True))
    return {s: deal[s] for s in SEATS}


# ---------------------------------------------------------------------------
# What bids say about hands

SPREAD = 2.0
"""How far (in tricks) a hand's quick winner count typically strays from its bid."""
_SPADE_WINS = (1.0, 0.95, 0.8, 0.55, 0.35)
"""Worth of the held spade ranked r-th from the top of the deck, if at least r+1 spades are held."""
_LONG_SPADE = 0.8
"""Worth of each spade past the fourth."""
_SIDE_WINS = ((1.0, 1.0), (0.2, 0.8), (0.1, 0.45))
"""Ace, king, queen of a side suit: (worth when the suit is too short to guard it, worth guarded)."""
_RUFFS = (0.9, 0.6, 0.25)
"""Void, singleton, doubleton side suit: trumping chances (limited by the spares in spades)."""
_NIL_SPADE = (4.0, 2.2, 1.3, 0.7, 0.35)
"""Danger to a nil of the spade ranked r-th from the top."""
_NIL_LONG_SPADE = 0.6
_NIL_SIDE = ((1.2, 1.2), (0.8, 0.35), (0.4, 0.15))
"""Ace, king, queen of a side suit: (danger in a suit of two or fewer, in a longer one)."""

NIL_CHOICE_SLOPE = 1.5
NIL_CHOICE_FIRST = 3.2
NIL_CHOICE_SECOND = 4.2
"""How a Suicide bidder chooses between the nil and a number by its hand's nil danger: the number
at even odds at the midpoint (the first of a pair to bid, the second after its partner's
number), the odds e-fold every 1/slope of danger. Fitted by likelihood on Suicide's bids in
arena hands (`docs/benchmarks.md`): first bids (822 each) Expert slope 1.1, midpoint 3.15,
Normal 2.1, 3.25; second bids after a number (476, 457) Expert 1.2, 3.7, Normal 1.6, 4.9. A nil
"bid with chance e^-danger", as other nils are read, is far too sharp at both ends: a fifth
of Expert's first nils have a danger over 3."""

_SUIT_FIGURES: dict[tuple[str, int], dict[int, tuple[int, float, float]]] = {}


def _suit_figures(deck: Deck, suit: int, mask: int) -> tuple[int, float, float]:
    """(length, quick winners, nil danger) of one suit's holding; memoised per deck and suit."""
    table = _SUIT_FIGURES.setdefault((deck.name, suit), {})
    found = table.get(mask)
    if found is not None:
        return found
    suit_mask = deck.suit_masks[suit]
    length = mask.bit_count()
    wins = danger = 0.0
    rest = mask
    while rest:
        bit = rest & -rest
        rest ^= bit
        rank = (deck.beaters[bit.bit_length() - 1] & suit_mask).bit_count()  # 0 for the top card
        if suit == SPADES:
            if rank < len(_SPADE_WINS):
                if rank < length:
                    wins += _SPADE_WINS[rank]
                danger += _NIL_SPADE[rank]
        elif rank < len(_SIDE_WINS):
            wins += _SIDE_WINS[rank][length > rank]
            danger += _NIL_SIDE[rank][length > 2]
    if suit == SPADES and length > 4:
        wins += _LONG_SPADE * (length - 4)
    if suit == SPADES and length > 3:
        danger += _NIL_LONG_SPADE * (length - 3)
    found = (length, wins, danger)
    table[mask] = found
    return found


def hand_figures(deck: Deck, dealt: int) -> tuple[float, float]:
    """A quick read of a hand as a bidder sees it: (winners it may count on, danger to a
    nil). Winners: top spades with enough length, spades past the fourth, side aces and
    guarded kings and queens, and ruffs of short side suits with spare spades."""
    masks = deck.suit_masks
    spade_length, wins, danger = _suit_figures(deck, SPADES, dealt & masks[SPADES])
    ruffs = 0.0
    for suit in (1, 2, 3):
        length, suit_wins, suit_danger = _suit_figures(deck, suit, dealt & masks[suit])
        wins += suit_wins
        danger += suit_danger
        if length < 3:
            ruffs += _RUFFS[length]
    if spade_length > 1:
        wins += min(ruffs, 0.5 * (spade_length - 1))
    return wins, danger


@dataclass(frozen=True)
class BidModel:
    """How likely a hand is to have made one seat's bid.

    A nil: ``-strength × danger``. A number n: a Gaussian of the gap between the
    hand's winners and n (spread :data:`SPREAD`), not counted on the side where
    the bid may have been forced by a limit (`open_below`: the bid was the least
    allowed, so the hand may be weaker; `open_above`: the most allowed). A seat
    that chose between a nil and a number (Suicide, where one partner must nil: the first
    of the pair to bid, and the second after its partner's number) says more by that
    choice than by the number: it bids the number with chance ``1 / (1 + e^(-NIL_CHOICE_SLOPE
    × (danger - nil_midpoint)))`` and the nil with the rest, in place of the nil's
    ``-danger`` (`nil_midpoint` None: no such choice). A bid the one-partner-nil override
    changed is read as it was made: that is what the seat chose with its cards. `strength`
    is lower for the first bidder of a pair that must nil once its partner has bid: set when
    a changed bid could not be told from a chosen one, and kept since. Full weight, measured
    with the bids read as made, came closer at the cards by 0.0035 of log share and fell behind
    at the bids by 0.0004 (`docs/benchmarks.md`, twenty-ninth session): too little to move.
    """

    nil: bool
    tricks: int = 0
    open_below: bool = False
    open_above: bool = False
    strength: float = 1.0
    nil_midpoint: float | None = None

    def log_likelihood(self, deck: Deck, dealt: int) -> float:
        wins, danger = hand_figures(deck, dealt)
        chose = self.nil_midpoint is not None
        leaning = NIL_CHOICE_SLOPE * (danger - self.nil_midpoint) if chose else 0.0  # log-odds of a number
        if self.nil:
            return -self.strength * (math.log1p(math.exp(leaning)) if chose else danger)
        gap = wins - self.tricks
        fit = 0.0
        if not ((gap < 0 and self.open_below) or (gap > 0 and self.open_above)):
            fit = -gap * gap / (2 * SPREAD * SPREAD)
        if chose:
            fit -= math.log1p(math.exp(-leaning))
        return self.strength * fit


def bid_models(knowledge: Knowledge) -> dict[str, BidModel]:
    """The bid model of each other seat whose bid says something about its cards.

    Left out: blind bids (made unseen), bids fixed by the rules (Mirrors, where the
    spade counts are exact facts instead; the second nil of a team nil that a first nil
    forces), and a nil already failed (the brief: it no longer shapes the play).
    """
    rules = knowledge.rules
    if rules.bid_spades:
        return {}
    order = seats_from(next_seat(knowledge.dealer))
    bids = {**knowledge.bids, **knowledge.bids_made}
    models: dict[str, BidModel] = {}
    for s in SEATS:
        bid = bids.get(s)
        if s == knowledge.seat or bid is None or bid.blind:
            continue
        mate = partner(s)
        mate_bid = bids.get(mate) if rules.partners else None
        mate_first = mate_bid is not None and order.index(mate) < order.index(s)
        nil_taken = knowledge.taken.get(s, 0) if knowledge.bids[s].is_nil else 0
        model = _bid_model(rules, bid, mate_bid if mate_first else None, mate_bid is not None, nil_taken)
        if model is not None:
            models[s] = model
    return models


def _bid_model(rules: Rules, bid: Bid, earlier_mate_bid: Bid | None, mate_bid_made: bool,
               taken: int) -> BidModel | None:
    """What one seat's (looked) bid, as made, says about its hand, None when it says nothing.

    `earlier_mate_bid` is its partner's bid as made when the partner bid first (it may have
    forced or limited this one); `mate_bid_made` whether the partner has bid at all; `taken`
    the tricks of a nil that stands as a nil."""
    one_nil = rules.one_nil and rules.partners
    strength = 0.5 if one_nil and mate_bid_made and earlier_mate_bid is None else 1.0
    midpoint = None
    if one_nil and earlier_mate_bid is None:
        midpoint = NIL_CHOICE_FIRST
    elif one_nil and not earlier_mate_bid.is_nil:
        midpoint = NIL_CHOICE_SECOND
    if bid.is_nil:
        if taken:
            return None
        if rules.partners and not rules.nil and earlier_mate_bid is not None and earlier_mate_bid.is_nil:
            return None  # team nil only: the partner's nil forced this one
        return BidModel(True, strength=strength, nil_midpoint=midpoint)
    low, high = max(1, rules.min_individual), rules.max_individual
    if earlier_mate_bid is not None and rules.partners:
        low = max(low, rules.min_team - earlier_mate_bid.tricks)
        high = min(high, rules.max_team - earlier_mate_bid.tricks)
    return BidModel(False, bid.tricks, bid.tricks <= low, bid.tricks >= high, strength,
                    midpoint if earlier_mate_bid is None else None)


# ---------------------------------------------------------------------------
# What the play says about hands

LEAD_LENGTH = 0.2
"""Log-weight per card a leader still holds of the side suit it led: players open long suits."""
DUCK = (0.0, -0.2, -0.2, -0.3)
"""Log-weight per card that would have taken the trick from an opponent, for a seat that
followed suit under it while its side still needed tricks, by its place in the trick."""
CHEAP_WIN = -0.2
"""Log-weight per cheaper winner a last seat passed over when it took the trick from an
opponent: it wins cheaply."""
NO_RUFF = -0.2
"""Log-weight per trump that would have taken the trick from an opponent, for a last seat out
of the suit led that threw a side card instead while its side still needed tricks."""
LOW_FOLLOW = -0.2
"""Log-weight per lower card of the suit led, for a seat (not a clean nil) that followed with a
card that did not win: a card given up is most often the lowest."""
# The weights are fitted with ``python -m game.arena.bench_inference`` on hands of Normal and of
# Expert players: Normal's rules of thumb make these plays near certain tells, Expert's search
# makes them faint ones (it often ducks, or gives up a middle card, where its sampled deals say
# it does not matter), and an overweighted tell costs more than a missed one.


@dataclass(frozen=True)
class _Play:
    """One card as its player chose it: its place in the trick and what its side wanted then."""

    seat: str
    card: Card
    place: int
    """0 for the lead, 3 for the last card of a four-seat trick."""
    led: int
    """The effective suit led (the card's own when it leads)."""
    best: Card | None
    """The card winning the trick before this one (None for the lead)."""
    against: bool
    """The card winning so far is an opponent's."""
    clean_nil: bool
    """The player bid nil and had taken no trick."""
    needs: bool
    """The player's side had taken fewer tricks than it bid."""
    spares_nil: bool
    """A clean opponent nil wins the trick so far or plays after: keeping low is on purpose."""


def play_leanings(view: SeatView, unseen: int) -> dict[str, tuple[tuple[int, float], ...]]:
    """What the other seats' plays suggest about the `unseen` cards they hold, beyond the hard
    facts: per seat, disjoint masks with the log-weight per card of each the seat holds.

    The plays are read as sound players make them (see the constants above): a seat that
    leaves an opponent's card winning while it needs tricks likely holds nothing that beats
    it, and a last seat that wins does so cheaply; a last seat that throws a side card
    instead of trumping likely holds no trump that would win; a card given up is low; a
    leader holds length in the side suit it opens. A clean nil's plays say nothing here (it
    may shed its highest loser or keep it, and its bid already weighs its hand). Only the
    view is read, so nothing leaks."""
    weights: dict[str, dict[int, float]] = {s: {} for s in SEATS if s != view.seat}
    for play in _plays(view):
        if play.seat == view.seat:
            continue
        table = weights[play.seat]
        for mask, weight in _leaning(view.deck, play):
            rest = mask & unseen
            while rest:
                bit = rest & -rest
                rest ^= bit
                table[bit] = table.get(bit, 0.0) + weight
    return {s: _grouped(table) for s, table in weights.items()}


def _grouped(table: Mapping[int, float]) -> tuple[tuple[int, float], ...]:
    """Card bits with their summed log-weights, as one mask per distinct weight (zeros left out)."""
    masks: dict[float, int] = {}
    for bit, weight in table.items():
        if weight:
            masks[weight] = masks.get(weight, 0) | bit
    return tuple(sorted(((mask, weight) for weight, mask in masks.items()), key=lambda item: item[1]))


def _plays(view: SeatView) -> Iterator[_Play]:
    """Every card played this hand, in order, with what stood when it was played."""
    deck, bids = view.deck, view.bids
    taken = dict.fromkeys(SEATS, 0)
    tricks = [(t.plays, t.winner) for t in view.tricks]
    if view.trick:
        tricks.append((view.trick, None))
    for plays, winner in tricks:
        led = deck.suit_of[plays[0][1].index]
        for place, (who, card) in enumerate(plays):
            best_seat, best = plays[trick_winner_index(deck, [c for _, c in plays[:place]])] if place else (None, None)
            opponents = _opponents(view.rules.partners, who)
            clean = {s for s in opponents if _clean_nil(bids, taken, s)}
            later = {next_seat(who, k) for k in range(1, 4 - place)}
            yield _Play(who, card, place, led, best, best_seat in opponents, _clean_nil(bids, taken, who),
                        _needs(view.rules.partners, bids, taken, who), best_seat in clean or bool(later & clean))
        if winner is not None:
            taken[winner] += 1


def _opponents(partners: bool, seat: str) -> set[str]:
    mate = partner(seat) if partners else seat
    return {s for s in SEATS if s not in (seat, mate)}


def _clean_nil(bids: Mapping[str, Bid], taken: Mapping[str, int], seat: str) -> bool:
    bid = bids.get(seat)
    return bid is not None and bid.is_nil and not taken[seat]


def _needs(partners: bool, bids: Mapping[str, Bid], taken: Mapping[str, int], seat: str) -> bool:
    """Whether the side of `seat` has taken fewer tricks than it bid."""
    side = (seat, partner(seat)) if partners else (seat,)
    contract = sum(bids[s].tricks for s in side if s in bids)
    return sum(taken[s] for s in side) < contract


def _leaning(deck: Deck, play: _Play) -> list[tuple[int, float]]:
    """The (mask, log-weight per card) pairs one play suggests about its player's cards."""
    if play.best is None:
        return [] if play.clean_nil or play.led == SPADES else [(deck.suit_masks[play.led], LEAD_LENGTH)]
    if deck.suit_of[play.card.index] == play.led:
        return _follow_leaning(deck, play, play.best)
    return _discard_leaning(deck, play, play.best)


def _winners_over(deck: Deck, best: Card, led: int) -> int:
    """The cards of the suit led that would take the trick from `best`."""
    return deck.beaters[best.index] if deck.suit_of[best.index] == led else 0


def _follow_leaning(deck: Deck, play: _Play, best: Card) -> list[tuple[int, float]]:
    """A card of the suit led: the lower cards a card given up passed over, the winners a duck
    kept back, the cheaper winners a last seat passed over."""
    card = play.card
    if play.clean_nil:
        return []
    over = _winners_over(deck, best, play.led)
    meant = play.against and play.needs and not play.spares_nil
    if not card.bit & over:
        lower = deck.suit_masks[play.led] & ~deck.beaters[card.index] & ~card.bit
        return [(lower, LOW_FOLLOW), (over, DUCK[play.place])] if meant else [(lower, LOW_FOLLOW)]
    if meant and play.place == 3:
        return [(over & ~deck.beaters[card.index] & ~card.bit, CHEAP_WIN)]
    return []


def _discard_leaning(deck: Deck, play: _Play, best: Card) -> list[tuple[int, float]]:
    """A side card thrown by the last seat while its side needed the trick: no trump would
    have won it."""
    if deck.suit_of[play.card.index] == SPADES or play.clean_nil or play.place != 3:
        return []
    if not (play.against and play.needs and not play.spares_nil):
        return []
    trumps = deck.beaters[best.index] if deck.suit_of[best.index] == SPADES else deck.suit_masks[SPADES]
    return [(trumps, NO_RUFF)]


def play_log_likelihood(knowledge: Knowledge, deal: Mapping[str, int]) -> float:
    """Log of how well the other seats' holdings in `deal` fit the way they played
    (:func:`play_leanings`), up to a constant; 0 before anything says something."""
    total = 0.0
    for s, leaning in knowledge.leanings.items():
        for mask, weight in leaning:
            total += weight * (deal[s] & mask).bit_count()
    return total


if __name__ == "__main__":  # speed check: python -m game.players.knowledge
    import time

    from game.hand import Hand
    from game.rules import PRESETS
    from game.view import seat_view

    def _measure(label: str, view: dict, weigh: bool) -> None:
        rounds, batch = 200, 40
        rng = random.Random(7)
        start = time.perf_counter()
        for _ in range(rounds):
            sample_deals(Knowledge.from_view(view), batch, rng, weigh_bids=weigh)
        fresh = (time.perf_counter() - start) / rounds
        knowledge = Knowledge.from_view(view)
        start = time.perf_counter()
        for _ in range(rounds):
            sample_deals(knowledge, batch, rng, weigh_bids=weigh)
        reused = (time.perf_counter() - start) / rounds
        print(f"{label:<18} weigh_bids={weigh!s:<5}  view -> knowledge + {batch} deals: {fresh * 1000:5.2f} ms"
              f"   sampling alone: {batch / reused:8.0f} deals/s")

    for preset in ("partner", "solo"):
        play_rng = random.Random(11)
        hand = Hand.shuffled(PRESETS[preset].rules, "E", play_rng)
        while hand.phase != "play":
            legal = hand.legal_choices(hand.to_act)
            hand.apply(hand.to_act, "look" if "look" in legal else ("3" if "3" in legal else legal[-1]))
        _measure(f"{preset}, trick 1", seat_view(hand, hand.to_act), False)
        _measure(f"{preset}, trick 1", seat_view(hand, hand.to_act), True)
        while len(hand.tricks) < 6:
            hand.apply(hand.to_act, play_rng.choice(hand.legal_choices(hand.to_act)))
        _measure(f"{preset}, trick 7", seat_view(hand, hand.to_act), False)
        _measure(f"{preset}, trick 7", seat_view(hand, hand.to_act), True)
