"""How the Normal player follows: second hand low, third hand high, win cheaply, trump
when void unless the partner already wins; to lose the trick, the highest card that
stays under it, as also when the trick is lost anyway and the masters in hand make the
rest of the contract (:meth:`Decision.shed_card`)."""

from __future__ import annotations

from collections.abc import Callable

from game.cards import SPADES, Card
from game.players.normal.decision import CASH, LIKELY, LONG_SHOT, PARTNER_HOLDS, SECOND_HAND, Decision


def follow_to_win(d: Decision) -> Card:
    """A card for a seat that wants this trick."""
    assert d.best is not None
    winners = [c for c in d.legal if d.beats(c, d.best)]
    if d.best_seat == d.mate:
        return _over_partner(d, winners)
    if not winners:
        return d.shed_card() or low_card(d, want=True)
    if not d.later:
        return _win_with(d, winners)
    chances = {c: d.hold_chance(c) for c in winners}
    if len(d.trick) == 1:
        # Second hand low, unless a sure winner is there: a master as likely to hold as
        # one worth cashing on the lead, or a safe ruff.
        sure = [c for c in winners if (d.is_master(c) and d.suit(c) == d.led and chances[c] >= CASH)
                or (d.suit(c) != d.led and chances[c] >= SECOND_HAND)]
        return _win_with(d, sure) if sure else _give_up(d, winners)
    good = [c for c in winners if chances[c] >= LIKELY]
    if good:
        return _win_with(d, good)
    # Third hand high: make the last player pay for the trick.
    best = max(winners, key=lambda c: (chances[c], -d.power(c)))
    if chances[best] >= LONG_SHOT:
        return best
    return _give_up(d, winners)


def _win_with(d: Decision, winners: list[Card]) -> Card:
    """The card to win with: the cheapest, unless after this trick the master trumps held
    besides make the rest of the contract (see :meth:`Decision.secure_without`): then the
    highest (of the suit led, if it follows), as a high card kept would only win a bag
    later, and a low one can still go under."""
    following = [c for c in winners if d.suit(c) == d.led]
    top = d.highest(following or winners)
    return top if d.secure_without(top) else d.cheapest(winners)


def _give_up(d: Decision, winners: list[Card]) -> Card:
    """A card for a trick an opponent may well win: the lowest, unless the only discards
    left are masters: then the cheapest ruff, which may still win, costs less than a
    sure trick thrown away."""
    card = low_card(d, want=True)
    ruffs = [c for c in winners if d.suit(c) == SPADES and d.led != SPADES]
    if ruffs and d.suit(card) != SPADES and d.suit(card) != d.led and d.is_master(card):
        return d.cheapest(ruffs)
    return card


def _over_partner(d: Decision, winners: list[Card]) -> Card:
    """The partner wins so far: let it, unless it may well be beaten and this seat holds
    a much safer winner."""
    assert d.best is not None
    hold = d.hold_chance(d.best)
    if hold >= PARTNER_HOLDS or not d.later:
        return d.shed_card() or low_card(d, want=True)
    # A master trump takes a trick whenever it is played: spent over the partner it
    # wins nothing the side would not have won anyway, and it spares the opponent's ruff.
    better = [c for c in winners if d.hold_chance(c) >= PARTNER_HOLDS and d.hold_chance(c) > hold + 0.2
              and not (d.suit(c) == SPADES and d.is_master(c))]
    return d.cheapest(better) if better else low_card(d, want=True)


def low_card(d: Decision, want: bool) -> Card:
    """A card given up to the trick: the lowest of the suit led, or a discard."""
    following = [c for c in d.legal if d.led is not None and d.suit(c) == d.led]
    if following:
        return d.cheapest(following)
    side = [c for c in d.legal if d.suit(c) != SPADES]
    if not side:
        return d.cheapest(d.legal)
    return discard(d, side, want)


def discard(d: Decision, side: list[Card], want: bool) -> Card:
    """A side card thrown away: while the partner's nil is clean (and this seat has no clean
    nil of its own to save), one of a suit it is out of
    (the high cards of its other suits go over it later), else the lowest; otherwise the
    most dangerous card if this seat wants no more tricks, the least useful if it does."""
    if d.mate and d.is_live_nil(d.mate) and not d.is_live_nil(d.seat):
        useless = [c for c in side if d.know.void_in(d.mate, d.suit(c))]
        if not useless:
            return d.cheapest(side)
        side = useless
    if not want:
        return dangerous_discard(d, side)
    keep = [c for c in side if not d.is_master(c)] or side
    return min(keep, key=lambda c: (d.held_in_suit(d.suit(c)), d.power(c)))


def dangerous_discard(d: Decision, side: list[Card]) -> Card:
    """The side card most likely to win a trick later: first one of a suit in which even this
    seat's lowest card beats every unseen card (any lead of it wins: a bare K♣ with the A♣
    gone, not an A♥ beside two low hearts), then the fewest higher cards out, then the highest."""
    doomed = {suit: d.doomed_suit(suit) for suit in {d.suit(card) for card in side}}

    def danger(card: Card) -> tuple:
        higher_out = (d.deck.beaters[card.index] & d.know.unseen).bit_count()
        return (doomed[d.suit(card)], -higher_out, d.power(card))

    return max(side, key=danger)


def follow_to_lose(d: Decision) -> Card:
    return stay_under(d, lambda c: (d.hold_chance(c), d.power(c)))


def stay_under(d: Decision, when_forced: Callable[[Card], tuple]) -> Card:
    """The highest card that loses the trick (following suit if possible, else the most
    dangerous side card); when every card wins, the highest if nobody plays after, else
    the first by `when_forced`."""
    assert d.best is not None
    losers = [c for c in d.legal if not d.beats(c, d.best)]
    if losers:
        following = [c for c in losers if d.suit(c) == d.led]
        if following:
            return d.highest(following)
        side = [c for c in losers if d.suit(c) != SPADES]
        return discard(d, side, want=False) if side else d.highest(losers)
    if not d.later:
        return d.highest(d.legal)
    return min(d.legal, key=when_forced)
