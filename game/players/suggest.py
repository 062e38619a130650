"""Suggest: the partner's level advises the player's seat, with a one-line reason.

>>> from game.hand import Hand
>>> from game.rules import PRESETS
>>> import random
>>> hand = Hand.shuffled(PRESETS["partner"].rules, "E", random.Random(4))
>>> hand.look("S")
>>> from game.view import seat_view
>>> advice = suggest(seat_view(hand, "S"), level="normal")
>>> advice.choice in seat_view(hand, "S")["legal"]
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.bids import NIL, Bid
from game.cards import CLUBS, SPADES, SUIT_NAMES, SUITS, Card, Deck, mask_of
from game.legality import trick_winner_index
from game.players import decide
from game.players.expert import ExpertPlayer
from game.players.knowledge import Knowledge
from game.players.levels import LEVELS
from game.players.normal.hand_value import estimate_tricks
from game.rules import suicide_override
from game.seats import SEAT_NAMES, SEATS, next_seat
from game.view import SeatView

SHADED = 2
"""Tricks a bid beside partner's may lie from the hand's own count before its reason tells both
(Expert bids the side's contract, not the hand's: a strong hand's 1 beside partner's 5)."""


@dataclass(frozen=True)
class Suggestion:
    """A suggested choice (in view notation: a bid, a card, ``look``…) and why, in one line."""

    choice: object
    reason: str


def suggest(view: Mapping, level: str = "normal", seed: int = 0) -> Suggestion:
    """What the `level` player would choose in this seat, and a short reason for it."""
    player = LEVELS[level](view["seat"], view["rules"], seed)
    choice = decide(player, dict(view))
    return Suggestion(choice, explain(view, choice))


@dataclass(frozen=True)
class Evaluation:
    """Expert's worth of each legal bid or card (`values`: its text to the points per hand the side
    can expect, minus the opponents', as Expert's search weighs them), the `best` one and the
    one-line `reason` for it. The coach compares a player's choice with `best` by these values."""

    values: dict[str, float]
    best: str
    reason: str

    def loss(self, choice: str) -> float:
        """Points per hand `choice` gives up against the best choice (0 for a choice not valued)."""
        return self.values[self.best] - self.values.get(choice, self.values[self.best])


def evaluate(view: Mapping, seed: int = 0, time_limit: float | None = None) -> Evaluation | None:
    """Expert's evaluation of every legal bid or card of a seat about to bid or play, by its own
    search on deals consistent with the seat's view only (a card's search within `time_limit`
    seconds if given); the best is the one Expert would choose. None in other phases, or with one
    legal choice (there is nothing to compare)."""
    seen = SeatView.from_dict(view)
    if seen.phase not in ("bid", "play") or len(seen.legal) < 2:
        return None
    expert = ExpertPlayer(seen.seat, view["rules"], seed, time_limit=time_limit)
    if seen.phase == "play":
        values, solved = expert.card_search(dict(view), seen)
        best = expert.best_card(seen, values, solved)
    else:
        worths = expert.bid_worths(dict(view), seen)
        values = {str(bid): worth for bid, worth in worths.worth.items()}
        best = str(expert.chosen_bid(worths))
    return Evaluation(values, best, explain(view, best))


def explain(view: Mapping, choice: object, hand_shown: bool = True) -> str:
    """A one-line reason for a choice, read off the position. With `hand_shown` false (another
    seat's choice while its hand is still being played) the reason tells nothing of the hand
    that the table cannot see: a bid's names none of the cards it counted, and a card's says
    nothing of the cards kept (no "low", "only", "out of reach", "lowest that beats")."""
    seen = SeatView.from_dict(view)
    if seen.phase == "play":
        return _explain_card(seen, Card.parse(str(choice)), hand_shown)
    if seen.phase == "exchange":
        cards = ", ".join(Card.parse(c).label for c in choice)  # type: ignore[union-attr]
        return f"Pass {cards}" if cards else "Keep your cards"
    if choice == "look":
        return "Look at your cards before bidding"
    if choice == "misdeal":
        return "Throw this hand in: it qualifies for a misdeal and is weak"
    if choice == "keep":
        return "Keep this hand and bid it"
    return _explain_bid(seen, Bid.parse(str(choice)), hand_shown)


def why(view: Mapping, choice: object, name: str, hand_shown: bool = True) -> str:
    """Why the player in the view's seat, called `name`, made `choice` (a card or a bid), in one
    line read off that seat's view only (:func:`explain`): "East's 4♥: Partner's K♥ is winning: …".
    A card's reason names only the cards on the table; a bid's names the bidder's own cards. With
    `hand_shown` false (the hand is still being played) neither tells what the hand holds."""
    return titled(name, choice, view["phase"] == "play", explain(view, choice, hand_shown))


def titled(name: str, choice: object, is_card: bool, reason: str) -> str:
    """A reason given the name of the player and the card or bid it is about: "East's 4♥: …",
    "West's nil: their cards can stay under the others'", a lead named once: "West's A♦, led: it should
    win". A reason is worded to the seat that chose ("your nil"); told of another, it says "their".

    >>> titled("West", "AD", True, "Lead the A\u2666: it should win"), titled("East", "7D", True, "Lead the 7\u2666")
    ("West's A♦, led: it should win", "East's 7♦, led")
    >>> titled("North", "KC", True, "Stay under the 9\u2666 for your nil: play the K\u2663")
    "North's K♣: Stay under the 9♦ for their nil: play the K♣"
    """
    whose = "Your" if name == "You" else f"{name}'s"
    if name != "You":
        reason = _third_person(reason)
    if is_card:
        label = Card.parse(str(choice)).label
        if reason.startswith(f"Lead the {label}"):  # not "West's A♦: Lead the A♦: it should win"
            rest = reason.removeprefix(f"Lead the {label}").removeprefix(": ")
            return f"{whose} {label}, led" + (f": {rest}" if rest else "")
        return f"{whose} {label}: {reason}"
    bid = Bid.parse(str(choice))
    what = f"bid of {bid.label}" if not bid.is_nil else bid.label
    return f"{whose} {what}: {unnamed(reason)}"


_THIRD_PERSON = {"your": "their", "Your": "Their", "yours": "theirs", "you": "they", "You": "They"}
_SECOND_PERSON_WORDS = re.compile(r"\b(one of you|your|Your|yours|you|You)\b")


def _third_person(reason: str) -> str:
    """A reason worded to the seat that chose, told of that seat instead ("your nil": "their nil")."""
    return _SECOND_PERSON_WORDS.sub(
        lambda found: "one of them" if found[0] == "one of you" else _THIRD_PERSON[found[0]], reason)


def unnamed(reason: str) -> str:
    """A bid's reason without the words that open it by naming a nil ("Nil: …", "Bid blind nil:
    …"), for a line that has named the bid already."""
    return reason.removeprefix("Nil: ").removeprefix("Bid blind nil: ")


def _explain_bid(view: SeatView, bid: Bid, hand_shown: bool = True) -> str:
    if bid.blind:
        return "Bid blind nil: your side is far behind and needs the points" if bid.is_nil else (
            f"Bid {bid.tricks} blind for the double points")
    deck = view.deck
    held = view.hand
    spades = [c for c in held if deck.suit_of[c.index] == SPADES]
    aces = [c for c in held if c.rank == "A" and deck.suit_of[c.index] != SPADES]
    if bid.is_nil:
        trumps = f"top spade {_top(spades, deck)}" if spades else "no spades"
        return f"{_nil_reason(view)} ({trumps})" if hand_shown else _nil_reason(view)
    count = f"About {bid.tricks} trick{'s' if bid.tricks != 1 else ''}"
    mates = view.bids.get(view.partner) if view.partner else None
    if hand_shown and mates is not None and not mates.is_nil and not view.rules.one_nil:
        alone = round(estimate_tricks(deck, mask_of(held)))
        if abs(alone - bid.tricks) >= SHADED:  # not "About 1 trick" for a strong hand
            count = f"Bid {bid.tricks} beside partner's {mates.label}, the hand alone about {alone}"
    change = _partner_change(view, bid)
    turned = f"; partner's {change[0].label} turns into {change[1].label}" if change else ""
    if not hand_shown:
        return count + turned if turned else f"{count} (its cards show once the hand is over)"
    parts = []
    if aces:
        parts.append("aces " + " ".join(c.label for c in aces))
    if spades:
        parts.append(f"{len(spades)} spade{'s' if len(spades) > 1 else ''} (top {_top(spades, deck)})")
    return count + (": " + ", ".join(parts) if parts else "") + turned


def _partner_change(view: SeatView, bid: Bid) -> tuple[Bid, Bid] | None:
    """Where one partner must bid nil (Suicide), the partner's bid before this one and what this
    bid turns it into; None when it stays as it is."""
    mates = view.bids.get(view.partner) if view.rules.one_nil and view.partner else None
    if mates is None:
        return None
    changed = suicide_override(view.rules, mates, bid)
    return None if changed == mates else (mates, changed)


def _nil_reason(view: SeatView) -> str:
    """Why nil. Where one partner must bid nil (Suicide) the hand need not be a good nil, only
    the likelier of the pair's two, so it is not said to stay under the others' cards."""
    if not (view.rules.one_nil and view.partner):
        return "Nil: your cards can stay under the others'"
    change = _partner_change(view, NIL)
    if change:
        return f"Nil: yours is the likelier nil; partner's turns into {change[1].label}"
    return "Nil: one of you must bid nil, and yours is the likelier nil"


def _top(cards: Sequence[Card], deck: Deck) -> str:
    if not cards:
        return "none"
    return max(cards, key=lambda c: (deck.suit_of[c.index] == SPADES, deck.power[c.index])).label


@dataclass(frozen=True)
class _CardFacts:
    """The facts a card's reason is worded from, all read off the seat view."""

    deck: Deck
    knowledge: Knowledge
    seat: str
    legal: tuple[Card, ...]
    trick: tuple[tuple[str, Card], ...]
    partner: str | None
    """The seat's partner, None without partners."""
    hand_shown: bool
    """Whether the reason may tell what the seat holds (see :func:`explain`)."""
    my_nil: bool
    """The seat bid nil (or blind nil) and has taken no trick yet."""
    partner_nil: bool
    rival_nils: frozenset[str]
    """The other side's seats whose nil is still alive."""
    low_club_first: bool
    """The first trick, under the rule that each seat holding clubs plays its lowest one there."""

    @classmethod
    def from_view(cls, view: SeatView, hand_shown: bool = True) -> _CardFacts:
        mate = view.partner
        rivals = frozenset(s for s in SEATS if s not in (view.seat, mate) and view.nil_alive(s))
        return cls(view.deck, Knowledge.from_view(view), view.seat, view.legal_cards, view.trick, mate, hand_shown,
                   view.nil_alive(view.seat), view.nil_alive(mate), rivals, view.rules.low_club and not view.tricks)

    def is_master(self, card: Card) -> bool:
        """No card of its suit that could still be played beats it: as the seat knows it, or,
        when the hand may not be told, as the table knows it (the seat's own cards unknown)."""
        if self.hand_shown:
            return self.knowledge.is_master(card)
        return not self.deck.beaters[card.index] & (self.knowledge.unseen | self.knowledge.hand)

    def suit(self, card: Card) -> int:
        return self.deck.suit_of[card.index]

    def trumper(self, card: Card) -> str | None:
        """An opponent out of `card`'s side suit who may still hold a spade (who may trump it), as
        the seat knows it; None for a spade, or when the reason may not tell what the seat holds
        (the voids it deduces come from its own cards too)."""
        if not self.hand_shown or self.suit(card) == SPADES:
            return None
        return next((seat for seat in SEATS if seat not in (self.seat, self.partner)
                     and self.knowledge.void_in(seat, self.suit(card))
                     and not self.knowledge.void_in(seat, SPADES)), None)

    def wins(self, card: Card) -> bool:
        """Whether `card` would beat every card on the table so far."""
        played = [c for _, c in self.trick]
        return trick_winner_index(self.deck, [*played, card]) == len(played)

    def same_suit(self, card: Card) -> list[Card]:
        """The legal cards of `card`'s suit (on a lead, every held card of that suit)."""
        return [c for c in self.legal if self.suit(c) == self.suit(card)]

    def pitch(self, card: Card) -> str:
        """``"high"`` or ``"low"`` when `card` is the highest or the lowest of two or more
        legal cards of its suit, else ``""``: the only cases those words are true (and ``""``
        when the hand may not be told: the words tell what else it holds)."""
        if not self.hand_shown:
            return ""
        powers = [self.deck.power[c.index] for c in self.same_suit(card)]
        if len(powers) < 2:
            return ""
        power = self.deck.power[card.index]
        return "high" if power == max(powers) else "low" if power == min(powers) else ""

    def noun(self, card: Card) -> str:
        """The card's suit as one word: ``"heart"``, or ``"trump"`` for a joker or a
        deuce that the deck makes a spade."""
        printed = SUITS[self.suit(card)]
        return SUIT_NAMES[printed][:-1] if card.suit == printed else "trump"


def _explain_card(view: SeatView, card: Card, hand_shown: bool = True) -> str:
    """What the card does in this trick, worded from facts: every claim in the reason
    ("wins", "low", "partner's … is winning") is true of the position."""
    facts = _CardFacts.from_view(view, hand_shown)
    if len(facts.legal) == 1 and hand_shown:
        return f"Your only legal card: the {card.label}"
    if not facts.trick:
        return _lead_reason(facts, card)
    played = [c for _, c in facts.trick]
    winner_seat, best = facts.trick[trick_winner_index(facts.deck, played)]
    if facts.wins(card):
        return _winning_reason(facts, card, winner_seat, best)
    return _losing_reason(facts, card, winner_seat, best)


def _lead_reason(facts: _CardFacts, card: Card) -> str:
    label, pitch = card.label, facts.pitch(card)
    master = facts.is_master(card)
    trump = facts.suit(card) == SPADES
    if facts.my_nil:
        if master and trump:
            return f"No one can beat the {label}: your nil is lost"
        return f"Keep your nil: lead low, the {label}" if pitch == "low" else f"Keep your nil: lead the {label}"
    if facts.partner_nil and pitch == "high":
        return f"Cover partner's nil: lead high, the {label}"
    if master:
        if trump:
            return f"Lead the {label}: it wins"
        trumper = facts.trumper(card)
        if trumper is not None:
            return f"Lead the {label}: the best {facts.noun(card)}, but {SEAT_NAMES[trumper]} may trump it"
        return f"Lead the {label}: it should win"
    if pitch:
        return f"Lead {pitch}: the {label}"
    if len(facts.same_suit(card)) == 1 and facts.hand_shown:
        return f"Lead your only {facts.noun(card)}: the {label}"
    return f"Lead the {label}"


def _winning_reason(facts: _CardFacts, card: Card, winner_seat: str, best: Card) -> str:
    """`card` beats everything on the table so far (`best`, played by `winner_seat`)."""
    label, beaten = card.label, best.label
    partner_to_play = facts.partner is not None and facts.partner not in {who for who, _ in facts.trick}
    if facts.my_nil:
        if facts.hand_shown and all(facts.wins(c) for c in facts.legal):
            return f"Nothing you may play stays under the {beaten}: the {label}"
        if len(facts.trick) < len(SEATS) - 1 and not facts.is_master(card):  # the nil may yet be covered
            later = "partner can still cover it" if partner_to_play else "a later card may beat it"
            return f"Above the {beaten}, but {later}: the {label}"
        if not facts.hand_shown:
            return f"Beat the {beaten}, and the nil is lost: the {label}"
        return f"Beat the {beaten}, giving up on your nil: the {label}"
    if facts.partner_nil and (winner_seat == facts.partner or partner_to_play):
        return f"Cover partner's nil: beat the {beaten} with the {label}"
    if winner_seat == facts.partner:
        return _overtaking_reason(facts, card, best)
    led = facts.suit(facts.trick[0][1])
    if facts.suit(card) != led:
        return f"Over-trump the {beaten} with the {label}" if facts.suit(best) == SPADES else f"Trump with the {label}"
    if len(facts.trick) == 3:
        return f"Take the trick with the {label}"
    beaters = [c for c in facts.legal if facts.wins(c)] if facts.hand_shown else []
    if len(beaters) > 1 and card == min(beaters, key=lambda c: facts.deck.power[c.index]):
        return f"Win it with the lowest card that beats the {beaten}: the {label}"
    if facts.pitch(card) == "high":
        return f"Play high over the {beaten}: the {label}"
    return f"Beat the {beaten} with the {label}"


def _overtaking_reason(facts: _CardFacts, card: Card, best: Card) -> str:
    """`card` beats partner's `best`, which is winning the trick so far: why, in the words that are true
    of the position (every card allowed beats it; an opponent still to play might beat it; else the
    trick and the lead are made sure of, by this seat)."""
    label, beaten = card.label, best.label
    if facts.hand_shown and all(facts.wins(c) for c in facts.legal):
        return f"Nothing you may play stays under partner's {beaten}: the {label}"
    after = next_seat(facts.seat)
    if after not in {who for who, _ in facts.trick} and not facts.is_master(best):
        return f"Overtake partner's {beaten}, which {SEAT_NAMES[after]} may beat: the {label}"
    return f"Overtake partner's {beaten} to take the lead: the {label}"


def _losing_reason(facts: _CardFacts, card: Card, winner_seat: str, best: Card) -> str:
    """`card` stays under `best`, the card winning so far (played by `winner_seat`)."""
    label, beaten = card.label, best.label
    led = facts.suit(facts.trick[0][1])
    if facts.low_club_first and facts.suit(card) == CLUBS != led:  # the rule's, not a sign of a void
        return f"Low club first, on the first trick: the {label}"
    if facts.suit(card) == led or facts.suit(card) == SPADES:
        action = f"play low, the {label}" if facts.pitch(card) == "low" else f"play the {label}"
    else:
        action = f"discard the {label}"
    if facts.my_nil:
        return f"Stay under the {beaten} for your nil: {action}"
    if winner_seat in facts.rival_nils:
        return f"Let the {beaten} win, to set their nil: {action}"
    if winner_seat == facts.partner:
        return f"Partner's {beaten} is winning: {action}"
    if not facts.hand_shown:  # a discard shows the table a void, as a trump does
        return f"Out of {SUIT_NAMES[SUITS[led]]}: {action}" if action.startswith("discard") else \
            f"Under the {beaten}: {action}"
    if not any(facts.wins(c) for c in facts.legal):
        return f"The {beaten} is out of reach: {action}"
    if action.startswith("discard"):
        return f"Discard the {label}"
    return f"Duck under the {beaten}: {action}"
