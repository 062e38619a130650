"""How the Normal player plays around nils: its own (stay under every trick, throwing a
trump under a higher one when it can, unless a master trump makes it lost), its partner's
(win over it, or lead so it can stay low) and the opponents' (lead low into it, and keep
the trick under it)."""

from __future__ import annotations

from game.cards import SPADES, Card
from game.players.normal.decision import LIKELY, Decision
from game.players.normal.following import dangerous_discard, stay_under
from game.seats import SEATS, partner

NIL_GUARD = 0.5
"""What the nil's lead weighs, against its chance to win the trick, the share of the suit's
unseen cards below the lowest card it keeps there (cards an opponent can lead to force it)."""
FORCED_AT_ALL = 0.05
"""Staying low for an opponent's nil is worth it once the nil may be forced over this often."""
FORCED_GIVING_A_TRICK = 0.25
"""…and this often when staying low gives away a trick the contract still needs."""


def play_nil(d: Decision) -> Card:
    """This seat bid nil and has taken nothing: stay under every trick."""
    lost = _lost_nil_trump(d)
    if lost is not None:
        return lost
    if not d.trick:
        return nil_lead(d)
    return _underruff(d) or stay_under(d, lambda c: (d.suit(c) == SPADES, d.power(c)))


def _lost_nil_trump(d: Decision) -> Card | None:
    """A trump nothing unseen beats wins whatever trick it is played to, so the nil holding
    it is lost: it takes the first trick it can from an opponent, and the partner stops
    covering a nil that cannot hold. (A clean nil leads only to the first trick.)"""
    masters = [c for c in d.legal if d.suit(c) == SPADES and d.is_master(c)]
    if not d.trick or not masters:
        return None
    card = d.highest(masters)
    return card if d.best_seat != d.mate and d.beats(card, d.best) else None


def _underruff(d: Decision) -> Card | None:
    """Out of the side suit led, under a trump already played: the highest trump that stays
    under it. A side card can be thrown under any lead of another suit the nil is out of;
    a trump only under a higher trump, so the chance is taken."""
    assert d.best is not None
    if d.led == SPADES or d.suit(d.best) != SPADES or any(d.suit(c) == d.led for c in d.legal):
        return None
    under = [c for c in d.legal if d.suit(c) == SPADES and not d.beats(c, d.best)]
    return d.highest(under) if under else None


def nil_lead(d: Decision) -> Card:
    """The lead least likely to hold: a card the partner can beat and the opponents must
    play over, not a suit everyone else is out of; and one that keeps a low card in its
    suit, so that a high card is shed while others can still beat it (from J♣ 4♣, the J♣)."""
    def risk(card: Card) -> tuple:
        suit = d.suit(card)
        lower_out = d.deck.suit_masks[suit] & d.know.unseen & ~d.deck.beaters[card.index] & ~card.bit
        chance = 1.0
        for seat in SEATS:
            if seat == d.seat:
                continue
            beat = d.p_can_beat(seat, card, suit)
            if seat != d.mate:
                beat *= d.p_none(seat, lower_out)
            chance *= 1.0 - beat
        return (round(chance + NIL_GUARD * _unguarded(d, card), 3), d.power(card))

    return min(d.legal, key=risk)


def _unguarded(d: Decision, card: Card) -> float:
    """The share of the suit's unseen cards below the nil's lowest card of the suit once
    `card` is led (0 when none is left)."""
    suit_mask = d.deck.suit_masks[d.suit(card)]
    left = d.know.hand & suit_mask & ~card.bit
    out = suit_mask & d.know.unseen
    if not left or not out:
        return 0.0
    lowest = d.deck.lowest(left)
    below = out & ~d.deck.beaters[lowest.index]
    return below.bit_count() / out.bit_count()


def cover_nil(d: Decision) -> Card | None:
    """The partner bid nil and is still clean: win over it, or lead so it can stay low."""
    mate = d.mate
    assert mate is not None
    if not d.trick:
        return cover_lead(d)
    assert d.best is not None
    played = [s for s, _ in d.trick]
    winners = [c for c in d.legal if d.beats(c, d.best)]
    if mate in played:
        if d.best_seat == mate and winners:
            return d.cheapest(winners)
        return None
    # The partner plays after this seat: it is safe under an opponent's card that
    # nothing unseen beats, under a ruff of another suit, or when it can throw anything away.
    if not winners or d.is_master(d.best):
        return None
    if d.led != SPADES and (d.suit(d.best) == SPADES or d.know.void_in(mate, d.led)):
        return None
    following = [c for c in winners if d.suit(c) == d.led]
    if following:
        return d.highest(following)
    # Ruffing over the nil: the cheapest trump the opponent behind will not overruff.
    holding = [c for c in winners if d.hold_chance(c) >= LIKELY]
    return d.cheapest(holding) if holding else max(winners, key=lambda c: (d.hold_chance(c), -d.power(c)))


def cover_lead(d: Decision) -> Card:
    """A lead the partner's nil can stay under: the card it is least likely to be forced
    over (it holds higher cards of the suit and none lower, or it must ruff), and among
    those the strongest, so the trick goes to this side."""
    forcing = forcing_chances(d)
    return min(d.legal, key=lambda c: (round(forcing[c], 2), -d.power(c), d.suit(c) == SPADES))


def forcing_chances(d: Decision) -> dict[Card, float]:
    """For each legal lead, the chance it forces the partner's nil over it (see
    :func:`_forces_partner`)."""
    ruffs = _only_trumps(d)
    return {card: _forces_partner(d, card, ruffs) for card in d.legal}


def _only_trumps(d: Decision) -> float:
    """The chance the partner holds trumps and no side card: it must ruff any side suit led."""
    assert d.mate is not None
    trumps_out = d.know.unseen & d.deck.suit_masks[SPADES]
    return d.p_none(d.mate, d.know.unseen & ~trumps_out) * (1.0 - d.p_none(d.mate, trumps_out))


def _forces_partner(d: Decision, card: Card, only_trumps: float) -> float:
    """The chance the partner, following this lead, must take it: it holds only cards of
    the suit above the lead, or, holding no side card at all (`only_trumps`, see
    :func:`_only_trumps`), only trumps to ruff with."""
    mate = d.mate
    assert mate is not None
    suit = d.suit(card)
    suit_out = d.deck.suit_masks[suit] & d.know.unseen
    # Only trumps left: the partner must ruff (this covers being void in the suit led).
    ruffs = only_trumps if suit != SPADES else 0.0
    if d.know.void_in(mate, suit) or not suit_out:
        return ruffs
    higher = d.deck.beaters[card.index] & suit_out
    lower = suit_out & ~higher
    return (1.0 - d.p_none(mate, higher)) * d.p_none(mate, lower) + ruffs


def attack_nil(d: Decision, target: str) -> Card | None:
    """An opponent bid nil and is still clean: lead low into it, and stay under it."""
    if not d.trick:
        return attack_lead(d, target)
    if target in [s for s, _ in d.trick]:
        return _under_the_nil(d, target)
    return _keep_low_for_the_nil(d, target)


def _under_the_nil(d: Decision, target: str) -> Card | None:
    """The nil bidder has played: while its card wins, stay under it (None: it is beaten,
    play on as usual)."""
    assert d.best is not None
    if d.best_seat != target:
        return None
    losers = [c for c in d.legal if not d.beats(c, d.best)]
    if not losers:
        return d.cheapest(d.legal)
    following = [c for c in losers if d.suit(c) == d.led]
    if following:
        return d.highest(following)
    side = [c for c in losers if d.suit(c) != SPADES]
    return dangerous_discard(d, side) if side else d.cheapest(losers)


def _keep_low_for_the_nil(d: Decision, target: str) -> Card | None:
    """The nil bidder is still to play: keep the trick low, if it may be forced over."""
    assert d.best is not None
    losers = [c for c in d.legal if not d.beats(c, d.best)]
    if d.best_seat == d.mate or not losers or d.suit(d.best) != d.led:
        return None
    assert d.led is not None
    higher = d.deck.beaters[d.best.index]
    lower = d.deck.suit_masks[d.led] & ~higher & ~d.best.bit
    forced = (1.0 - d.p_none(target, higher)) * d.p_none(target, lower)
    if forced < _forcing_needed(d):
        return None
    following = [c for c in losers if d.suit(c) == d.led]
    if following:
        return d.cheapest(following)
    side = [c for c in losers if d.suit(c) != SPADES]
    return d.cheapest(side) if side else None


def _forcing_needed(d: Decision) -> float:
    """How likely the nil must be to be forced over before this seat stays low for it.
    With nobody of this side to play after, staying low hands the trick to the nil's
    partner unless the nil goes over: while the contract still needs tricks, that is
    worth it only on a fair chance."""
    contract, counted = d.side_need(d.my_seats())
    if d.mate not in d.later and contract > counted:
        return FORCED_GIVING_A_TRICK
    return FORCED_AT_ALL


def attack_lead(d: Decision, target: str) -> Card | None:
    guard = partner(target) if d.mate else None
    candidates = [c for c in d.legal if not d.know.void_in(target, d.suit(c))]
    if not candidates:
        return None

    def appeal(card: Card) -> tuple:
        suit = d.suit(card)
        guard_ruffs = (guard is not None and suit != SPADES and d.know.void_in(guard, suit))
        below = (d.deck.suit_masks[suit] & d.know.unseen & ~d.deck.beaters[card.index]).bit_count()
        return (guard_ruffs, below, d.suit(card) == SPADES, d.power(card))

    return min(candidates, key=appeal)
