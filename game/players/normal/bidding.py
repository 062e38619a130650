"""How the Normal player bids: it counts winners, bids nil with a low hand whose nil
also holds in a quick simulation, blind nil only when far behind (and rarely), and follows
every bid rule in force (team limits, Suicide's one nil, team nil, Mirrors, bonuses). The
last to bid counts the table: the tricks no bid claims.

Each function answers one bidding decision from the seat view, in the view's notation.
`style` is the player, which holds the few numbers a variation of Normal may change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

from game.bids import BLIND_NIL, NIL, Bid
from game.cards import SPADES, cards_of
from game.players.normal.hand_value import estimate_tricks, nil_risk, partner_tricks
from game.scoring import Standing
from game.view import SeatView

BID_ROUNDING = 0.5
"""Added to the trick estimate before rounding down. The estimate itself is modest (a
pair takes about a trick more than it counts), which keeps sets rare."""
NIL_RISK_LIMIT = 1.3
"""The most nil risk (see :func:`nil_risk`) a hand may carry to bid a nil that is not played
out first (:meth:`BidStyle.checks_nils`): in Solo, a team nil, and Suicide's choice of which
partner takes the nil."""
NIL_SPADE_RISK = (0.0, 0.0, 0.0, 0.3, 1.0)
"""Taken off the nil risk limit for holding 0, 1, 2, 3, and 4 or more spades (outside Suicide,
whose nil is forced): a strong side attacks a nil through its trumps. Against Expert, Normal's
nils held 77-80% of the time with 0-1 spades, 64% with 2, 45% with 3 and 18% with 4 (412 nils);
against Normal, 87% with 2 or 3."""
NIL_HOLD_FLOOR = 0.65
"""Least share of :data:`NIL_CHECK_DEALS` sampled deals, played out by Expert's playout policy
(:func:`game.players.search.nil_hold_share`), in which a nil the hand's count allows must hold
before Normal bids it (0: no check). The count (:func:`nil_risk`) says little about which of
the nils it allows hold: of 337 such nils against Expert, those under the floor held 39% of
the time, the others 72%."""
NIL_CHECK_DEALS = 64
NIL_MAX_TRICKS = 2.0
"""A hand expected to take more tricks than this is worth a number, not a nil that is not
played out first."""
CHECKED_NIL_RISK_LIMIT = 2.0
CHECKED_NIL_MAX_TRICKS = 2.5
"""The count's limits for a nil that is played out before it is bid: the count only picks
the hands worth playing out (about one in five random hands before the three-spade limit of
:data:`CHECKED_NIL_SPADE_RISK`, one in eight with it, against one in sixteen under the limits
above), and the playouts decide. Against the Normal that played out only the
hands under the limits above, +4.1 [2.3, 5.8] points a deal over 1,000 Partner deals (its
nils 375, made 86%, against 204, made 91%)."""
CHECKED_NIL_SPADE_RISK = (0.0, 0.0, 0.0, 1.0, 1.0)
"""The same, taken off :data:`CHECKED_NIL_RISK_LIMIT` for a nil that is played out first: with
three spades the limit stays that of a nil that is not (1.0). The playouts do not tell these
nils apart (at the table they held about as often whatever share of the playouts they held
in), and against Expert's attack those over that limit held 46% of the time (61 of 132 on the
nil bench), against Normal's 75%."""
BLIND_NIL_BEHIND = 200
"""How far behind a side must be before Normal thinks of a blind nil."""
BLIND_NIL_CHANCE = 0.06
"""How often a side far enough behind tries a blind nil (three times as often with an
exchange, which makes most blind nils; a third as often in Solo, when very far behind)."""
BLIND_TEAM_BEHIND = 150
BLIND_TEAM_CHANCE = 0.2
"""How often a side this far behind bids a number blind, where the rules allow it."""
SUICIDE_NIL_RISK = 3.0
"""Suicide: the first partner to bid takes the nil with a hand of under four tricks whose nil
risk is below this (46% of random hands), or with any hand under one and a half tricks. The
partner's hand, unseen, is about as likely to be the worse nil."""
SUICIDE_TAKE_OVER_RISK = 1.8
"""Suicide, second partner: a hand of under two tricks with a nil risk below this takes the
nil the partner offered (its nil turns the partner's into a number): the partner's offer
only says its risk is under 3.0, and a hand this safe holds 75-95% of its nils against Normal."""
SUICIDE_REFUSE_RISK = 4.5
"""…and a hand with a nil risk above this refuses the nil a partner's low number leaves it
(:data:`SUICIDE_REFUSE_MATE_BID` or less), bidding a number too, which turns the partner's
into the nil: such a hand almost never holds one, a low bidder's hand now and then does."""
SUICIDE_REFUSE_MATE_BID = 4
TABLE_SPARE = 4.5
"""The last bidder bids one more when the other bids and its own count leave this many tricks unclaimed."""
TABLE_CROWDED = 0.5
"""…and one fewer when they leave fewer than this."""
MISDEAL_WEAK = 2.0
"""A hand that may be thrown in is thrown in when it is expected to take fewer tricks."""

Chance = Callable[[SeatView, str], float]
"""A number in [0, 1) fixed by the player's seed, the view's hand and a label."""


class BidStyle(Protocol):
    """The numbers of Normal's bidding that a variation may change."""

    bid_rounding: float
    nil_risk_limit: float
    nil_max_tricks: float
    checked_nil_risk_limit: float
    checked_nil_max_tricks: float
    checked_nil_spade_risk: tuple[float, ...]

    def checks_nils(self, view: SeatView) -> bool:
        """Whether a nil this seat chooses freely is played out before it is bid."""
        ...

    def nil_holds(self, view: SeatView) -> bool:
        """Whether a nil the hand's count allows holds often enough in play to be bid."""
        ...


def nearest_bid(numbers: Iterable[Bid], ideal: float) -> Bid:
    """The number bid closest to `ideal` (the lower one on a tie) among non-empty `numbers`."""
    return min(numbers, key=lambda b: (abs(b.tricks - ideal), b.tricks))


def hand_nil_risk(view: SeatView) -> float:
    """The nil risk of this seat's hand under the rules in force."""
    return nil_risk(view.deck, view.hand_mask, view.rules.must_beat, view.rules.low_club)


def holds_top_trump(view: SeatView) -> bool:
    """Whether the hand holds the deck's highest trump, which wins whatever trick it is
    played to: a nil with it always fails."""
    trumps = view.hand_mask & view.deck.suit_masks[SPADES]
    return any(not view.deck.beaters[card.index] for card in cards_of(trumps))


def blind_choice(view: SeatView, chance: Chance) -> str:
    """Before looking: a blind nil or a blind number when far behind, else look."""
    behind = view.points_behind()
    if BLIND_NIL in view.legal_bids and _blind_nil_fits(view, behind, chance):
        return str(BLIND_NIL)
    blind_numbers = [b for b in view.legal_bids if b.blind and not b.is_nil]
    if blind_numbers and behind >= BLIND_TEAM_BEHIND and chance(view, "blind") < BLIND_TEAM_CHANCE:
        return str(nearest_bid(blind_numbers, 3 if behind >= 250 else 2))
    return "look"


def _blind_nil_fits(view: SeatView, behind: int, chance: Chance) -> bool:
    """A blind nil is a gamble for a side far behind: rare without an exchange (it
    fails more often than not), less rare when the partner can take the danger."""
    mate_bid = view.bids.get(view.partner) if view.partner else None
    if mate_bid is not None and (mate_bid.is_nil or mate_bid.tricks < 4):
        return False
    needed = max(BLIND_NIL_BEHIND, view.rules.blind_nil_down)
    if behind < needed:
        return False
    if not view.rules.partners:
        # Nobody covers a blind nil in Solo: only a desperate seat tries one.
        odds = BLIND_NIL_CHANCE / 3 if behind >= needed + 100 else 0.0
    elif view.rules.exchange:
        odds = BLIND_NIL_CHANCE * 3
    else:
        odds = BLIND_NIL_CHANCE
    if behind >= needed + 100:
        odds *= 1.5
    return chance(view, "bnil") < odds


def misdeal_choice(view: SeatView, style: BidStyle) -> str:
    """A hand that qualifies is thrown in when weak, unless it makes a nil."""
    tricks = estimate_tricks(view.deck, view.hand_mask)
    if tricks < MISDEAL_WEAK and not (nil_worth_it(view, tricks, style) and style.nil_holds(view)):
        return "misdeal"
    return "keep"


def nil_worth_it(view: SeatView, tricks: float, style: BidStyle) -> bool:
    """Whether the hand is low enough for a nil, whatever the bid rules say; for a nil played
    out before it is bid, low enough to be worth playing out."""
    if not view.rules.nil_allowed:
        return False
    checked = style.checks_nils(view)
    limit = style.checked_nil_risk_limit if checked else style.nil_risk_limit
    max_tricks = style.checked_nil_max_tricks if checked else style.nil_max_tricks
    mate_bid = view.bids.get(view.partner) if view.partner else None
    if mate_bid is not None and not mate_bid.is_nil:
        # A strong partner can cover more.
        limit += 0.1 * max(0, min(mate_bid.tricks, 6) - 3)
    if not view.rules.partners:
        limit -= 0.4  # nobody covers
    if not view.rules.one_nil:
        spades = (view.hand_mask & view.deck.suit_masks[SPADES]).bit_count()
        spade_risk = style.checked_nil_spade_risk if checked else NIL_SPADE_RISK
        limit -= spade_risk[min(spades, len(spade_risk) - 1)]
    return tricks <= max_tricks and hand_nil_risk(view) <= limit


def bid_choice(view: SeatView, style: BidStyle) -> str:
    """The bid, once looked: nil with a low hand, else the number the hand is worth."""
    tricks = estimate_tricks(view.deck, view.hand_mask)
    numbers = [b for b in view.legal_bids if not b.blind and not b.is_nil]
    mate_bid = view.bids.get(view.partner) if view.partner else None
    nil_wanted = nil_worth_it(view, tricks, style)
    count = _number_count(view, tricks)
    if view.rules.one_nil and view.rules.partners:
        return _suicide_bid(view, tricks, count, nil_wanted, mate_bid, style)
    if NIL in view.legal_bids and _nil_chosen(view, tricks, nil_wanted, mate_bid, numbers, style):
        return str(NIL)
    if not numbers:
        return str(view.legal[0])
    return str(nearest_bid(numbers, _ideal_number(view, count, style)))


def _number_count(view: SeatView, tricks: float) -> float:
    """The count a number is bid from: with a partner and the standard deck (where it was
    fitted, see :func:`partner_tricks`), the count weighed for partnership play."""
    if view.rules.partners and view.deck.name == "standard":
        return partner_tricks(view.deck, view.hand_mask)
    return tricks


def _nil_chosen(view: SeatView, tricks: float, nil_wanted: bool, mate_bid: Bid | None, numbers: list[Bid],
                style: BidStyle) -> bool:
    """Whether to bid the nil the rules allow now."""
    mate_nil = mate_bid is not None and mate_bid.is_nil
    if view.rules.nil:
        return nil_wanted and not mate_nil and style.nil_holds(view)
    # Nil only as a team nil: the first nil forces the partner's, so only a very
    # low hand starts one (the partner then guards it, see Decision.covers_team_nil).
    if mate_nil or not numbers:
        return True
    return mate_bid is None and nil_wanted and tricks <= 1.0


def _ideal_number(view: SeatView, tricks: float, style: BidStyle) -> int:
    """The number Normal would like to bid, before the bid limits."""
    rules = view.rules
    standing = view.scores.get(view.side, Standing())
    rounding = style.bid_rounding
    if rules.bag_penalty and standing.bags >= rules.bag_limit - 3:
        rounding += 0.2  # bags are dear: bid the hand's full worth
    if rules.double_set:
        rounding += 0.1  # taking twice the bid is a set
    ideal = max(1, int(tricks + rounding)) + _table_count(view, tricks)
    mate_bid = view.bids.get(view.partner) if view.partner else None
    if mate_bid is not None:
        mate_number = mate_bid.tricks
        team = ideal + mate_number
        # Stretch for a team bonus when the pair is close to it.
        for bonus in (rules.bonus_bid, 10 if rules.ten_for_200 else 0):
            if bonus and team < bonus <= (tricks + mate_number + 0.7):
                ideal = bonus - mate_number
        ideal = min(ideal, 13 - mate_number)
    elif not rules.partners and rules.seven_for_140 and ideal < 7 <= tricks + 0.6:
        ideal = 7
    return max(1, min(ideal, 13))


def _table_count(view: SeatView, tricks: float) -> int:
    """The last to bid counts the table: the tricks no bid claims fall to somebody, and
    with many of them the side takes one more than it counts (bid it rather than take it
    as bags); when the bids and this hand already claim them all, one fewer."""
    if not view.rules.partners or len(view.bids) != 3:
        return 0
    unclaimed = 13 - sum(bid.tricks for bid in view.bids.values()) - tricks
    if unclaimed >= TABLE_SPARE:
        return 1
    return -1 if unclaimed < TABLE_CROWDED else 0


def _suicide_bid(view: SeatView, tricks: float, count: float, nil_wanted: bool, mate_bid: Bid | None,
                 style: BidStyle) -> str:
    """One partner must bid nil: the first to bid offers to take it with a hand safer for nil
    than most, the second takes it over with a near-certain nil or refuses it with a hopeless
    one (a second bid of the same kind changes the first), and a hand holding the top trump
    leaves the nil to its partner whatever it holds; a number is bid from `count`
    (see :func:`_number_count`), the weakness of a hand judged by the plain count `tricks`."""
    numbers = [b for b in view.legal_bids if not b.blind and not b.is_nil]
    nil_legal = NIL in view.legal_bids
    minimum = max(1, view.rules.min_individual)
    worth = int(count + style.bid_rounding)
    risk = hand_nil_risk(view)
    doomed = holds_top_trump(view)
    if mate_bid is not None:
        number = nearest_bid(numbers, max(minimum, worth + _table_count(view, count))) if numbers else view.legal[0]
        if mate_bid.is_nil:
            take_over = nil_legal and tricks < 2.0 and risk < SUICIDE_TAKE_OVER_RISK and not doomed
            return str(NIL) if take_over or (nil_legal and not numbers) else str(number)
        # The partner bid a number: a second number would turn it into a nil.
        hopeless = risk > SUICIDE_REFUSE_RISK and mate_bid.tricks <= SUICIDE_REFUSE_MATE_BID
        refuse = bool(numbers) and (doomed or hopeless)
        return str(NIL) if nil_legal and not refuse else str(number)
    # First to bid: the partner must take whichever kind this seat leaves it, so
    # the nil goes to a hand safer for nil than most.
    if nil_legal and not doomed and (nil_wanted or (tricks < 4.0 and risk < SUICIDE_NIL_RISK) or tricks < 1.5):
        return str(NIL)
    return str(nearest_bid(numbers, max(minimum, worth))) if numbers else str(view.legal[0])
