"""The rules object: every option of the game as data, its text form, and the presets.

One :class:`Rules` value holds every option. Variants are presets of it, and the
rule code (legality, scoring) reads its fields; nothing asks which variant is in
force. Rules print to and parse from the `Rules` tag line of `Spades.save`:

>>> rules = PRESETS["partner"].rules
>>> rules.win, rules.nil
(500, 100)
>>> Rules.parse(rules.to_line()) == rules
True

A combination that makes no sense is refused with a reason:

>>> Rules.parse("partners=0 exchange=1 blindnil=200")
Traceback (most recent call last):
...
game.rules.RulesError: A blind-nil exchange needs partners.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from game.bids import Bid
from game.cards import DECKS


class RulesError(ValueError):
    """A rules line or combination that cannot be played; the message says why."""


@dataclass(frozen=True)
class Option:
    """One option: its `Rules` key, the field of :class:`Rules`, its short name for
    people (``label``, short enough for the Rules page) and a line of help."""

    key: str
    field: str
    kind: str
    """``bool``, ``int``, ``optional_int`` (``off`` or a number), ``choice`` or ``bags``."""
    label: str
    help: str
    low: int = 0
    high: int = 1000
    choices: tuple[str, ...] = ()


OPTIONS: tuple[Option, ...] = (
    Option("partners", "partners", "bool", "Partners", "Partners sit opposite and score as a team; off: every seat for itself (Solo)."),
    Option("deck", "deck", "choice", "Deck", "standard: 52 cards; jokers: 2♥ 2♦ out, Big and Little Joker in as top trumps (then 2♣, 2♠); deuces: 2♦ 2♥ 2♣ 2♠ are the top trumps.", choices=tuple(DECKS)),
    Option("broken", "spades_broken", "bool", "Spades broken", "Spades may not be led until one has been played, unless the leader holds only spades."),
    Option("mustbeat", "must_beat", "bool", "Must beat", "Follow suit and beat the highest card so far if able; when void, trump high enough to win if able."),
    Option("lowclub", "low_club", "bool", "Low club first", "First trick: every seat holding clubs plays its lowest club."),
    Option("misdeal", "misdeal", "bool", "Misdeal", "A seat with at most one spade, a suit of 7+, or no J, Q or K may call a misdeal before bidding."),
    Option("nil", "nil", "int", "Nil", "Points for a nil bid made (lost when it fails); 0: nil may not be bid.", 0, 1000),
    Option("niltricks", "nil_tricks", "choice", "Nil tricks", "A failed nil bidder's tricks: bags only, or also toward the partner's bid.", choices=("bags", "partner")),
    Option("blindnil", "blind_nil", "int", "Blind nil", "Points for a blind nil made (bid before looking); 0: no blind nil.", 0, 1000),
    Option("blindnilfail", "blind_nil_fail", "int", "Blind nil fails", "Points lost when a blind nil fails.", 0, 1000),
    Option("blindnildown", "blind_nil_down", "int", "Blind nil behind", "How far a side must be behind to bid blind nil (0: always).", 0, 10000),
    Option("exchange", "exchange", "int", "Exchange cards", "Cards a blind-nil bidder may swap with the partner after bidding (0–2).", 0, 2),
    Option("blindteam", "blind_team", "optional_int", "Blind team bid", "off, or how far behind a side must be to bid a number blind (0: always); made blind bids score double.", 0, 10000),
    Option("teamnil", "team_nil", "int", "Team nil", "Both partners bid nil as a team: this many points if one of them takes no trick (0: off).", 0, 1000),
    Option("bags", "bags", "bags", "Bags", "Overtricks are bags: each time a side's bags reach the first number (10 in 10/100), it loses the second in points; 0/0: no penalty."),
    Option("doubleset", "double_set", "bool", "Double set", "A side taking twice its contract or more is set."),
    Option("tenfor200", "ten_for_200", "bool", "10 for 200", "A made team contract of 10 or more earns 100 more."),
    Option("sevenfor140", "seven_for_140", "bool", "7 for 140", "A made contract of 7 or more earns 70 more."),
    Option("bonusbid", "bonus_bid", "int", "Bonus bid", "A made contract of this many or more scores 20 a trick instead of 10 (0: off).", 0, 13),
    Option("boston", "boston", "int", "Boston", "Bonus for a side taking all 13 tricks (0: off).", 0, 1000),
    Option("moe", "moe", "bool", "Little/Big Moe", "Little Moe: +50 for taking the first six tricks; Big Moe: +100 for the first eight."),
    Option("minind", "min_individual", "int", "Lowest seat bid", "Lowest number a seat may bid (nil excepted).", 0, 13),
    Option("maxind", "max_individual", "int", "Highest seat bid", "Highest number a seat may bid.", 1, 13),
    Option("mintm", "min_team", "int", "Lowest team bid", "Lowest total a team may bid (nil counts 0).", 0, 13),
    Option("maxtm", "max_team", "int", "Highest team bid", "Highest total a team may bid.", 0, 26),
    Option("onenil", "one_nil", "bool", "One must bid nil", "One partner must bid nil (Suicide): a second bid of the same kind changes the earlier one."),
    Option("bidspades", "bid_spades", "bool", "Bid your spades", "Every bid is the number of spades held (Mirrors); none: nil."),
    Option("win", "win", "int", "Win at", "Score that wins the game.", 1, 100000),
    Option("lose", "lose", "optional_int", "Lose at", "Score at or below which a side loses (off: none).", -100000, 0),
)
"""Every option, in the order the `Rules` line writes them."""

OPTION_BY_KEY: dict[str, Option] = {o.key: o for o in OPTIONS}


@dataclass(frozen=True)
class Rules:
    """Every option of one game. Field defaults are the neutral values of SPEC §3.

    Build one from a preset (``PRESETS["solo"].rules``), from a `Rules` line
    (:meth:`parse`), or with :meth:`replace`. Construction validates the whole
    combination and raises :class:`RulesError` naming what is wrong.
    """

    partners: bool = True
    deck: str = "standard"
    spades_broken: bool = False
    must_beat: bool = False
    low_club: bool = False
    misdeal: bool = False
    nil: int = 0
    nil_tricks: str = "bags"
    blind_nil: int = 0
    blind_nil_fail: int = 0
    blind_nil_down: int = 0
    exchange: int = 0
    blind_team: int | None = None
    team_nil: int = 0
    bags: tuple[int, int] = (0, 0)
    double_set: bool = False
    ten_for_200: bool = False
    seven_for_140: bool = False
    bonus_bid: int = 0
    boston: int = 0
    moe: bool = False
    min_individual: int = 0
    max_individual: int = 13
    min_team: int = 0
    max_team: int = 13
    one_nil: bool = False
    bid_spades: bool = False
    win: int = 500
    lose: int | None = None

    def __post_init__(self) -> None:
        problems = self.problems()
        if problems:
            raise RulesError(problems[0])

    # -- text form ---------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Every option by its `Rules` key, JSON-ready (booleans as 0/1)."""
        result: dict[str, Any] = {}
        for option in OPTIONS:
            value = getattr(self, option.field)
            if option.kind == "bool":
                value = int(value)
            elif option.kind == "optional_int":
                value = "off" if value is None else value
            elif option.kind == "bags":
                value = f"{value[0]}/{value[1]}"
            result[option.key] = value
        return result

    def to_line(self) -> str:
        """The `Rules` tag value: every option as ``key=value``, separated by spaces."""
        return " ".join(f"{key}={value}" for key, value in self.to_dict().items())

    @classmethod
    def from_dict(cls, values: dict[str, Any], base: Rules | None = None) -> Rules:
        """Rules from ``key → value`` (strings or numbers); keys not given keep `base`.

        Unknown keys are ignored, so a log written by a later version still reads.
        """
        changes: dict[str, Any] = {}
        for key, raw in values.items():
            option = OPTION_BY_KEY.get(key)
            if option is not None:
                changes[option.field] = _parse_value(option, str(raw))
        return dataclasses.replace(base or cls(), **changes)

    @classmethod
    def parse(cls, line: str, base: Rules | None = None, strict: bool = False) -> Rules:
        """Rules from a `Rules` line (``"partners=1 nil=100 …"``); keys not named keep
        `base` (default: the neutral values). `strict`: a key this version does not know is an
        error too (a table of a newer server, whose game this version would play by other rules).

        >>> Rules.parse("partners=1 futurerule=2", strict=True)
        Traceback (most recent call last):
        ...
        game.rules.RulesError: futurerule is not an option this version of the game knows.
        """
        values: dict[str, str] = {}
        for part in line.split():
            key, sep, value = part.partition("=")
            if not sep:
                raise RulesError(f"{part!r} is not key=value")
            if strict and key not in OPTION_BY_KEY:
                raise RulesError(f"{key[:20]} is not an option this version of the game knows.")
            values[key] = value
        return cls.from_dict(values, base)

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed, validated."""
        return dataclasses.replace(self, **changes)

    # -- derived facts -------------------------------------------------------
    @property
    def bag_limit(self) -> int:
        return self.bags[0]

    @property
    def bag_penalty(self) -> int:
        return self.bags[1]

    @property
    def nil_allowed(self) -> bool:
        """Whether a (looked) nil may be bid at all, as an individual or team nil."""
        return self.nil > 0 or self.team_nil > 0

    # -- validation ------------------------------------------------------------
    def problems(self) -> list[str]:
        """Every reason this combination cannot be played, in plain words; empty if fine.

        Each value is checked against its option first; only values of the right kind
        are then checked against each other (:data:`CONFLICTS`), and the bid limits last."""
        found = [problem for option in OPTIONS if (problem := _value_problem(option, getattr(self, option.field)))]
        if found:
            return found
        found = [message for conflict, message in CONFLICTS if conflict(self)]
        if not found and self.partners and not self.bid_spades and not team_has_legal_pair(self):
            found.append("The bid limits leave a team no pair of legal bids.")
        return found


def _value_problem(option: Option, value: Any) -> str | None:
    """Why `value` does not fit `option` (a number out of range, an unknown choice), or None."""
    if option.kind in ("int", "optional_int") and value is not None:
        if isinstance(value, bool) or not isinstance(value, int):
            return f"{option.key} must be a whole number."
        if not option.low <= value <= option.high:
            return f"{option.key} must be between {option.low} and {option.high}."
    if option.kind == "choice" and value not in option.choices:
        return f"{option.key} must be one of {', '.join(option.choices)}."
    return None


def _fixed_bids(rules: Rules) -> bool:
    return rules.bid_spades or rules.one_nil


MOST_BAG_LIMIT = 100
MOST_BAG_PENALTY = 1000
"""The largest bag penalty (as the largest Boston): a penalty in the millions drove scores past
what a seat's view holds, and the computer players could no longer choose."""

CONFLICTS: tuple[tuple[Callable[[Rules], bool], str], ...] = (
    (lambda r: r.bag_limit < 0 or r.bag_penalty < 0, "Bag limit and penalty cannot be negative."),
    (lambda r: r.bag_limit > MOST_BAG_LIMIT or r.bag_penalty > MOST_BAG_PENALTY,
     f"The bag limit is at most {MOST_BAG_LIMIT} and the penalty at most {MOST_BAG_PENALTY}."),
    (lambda r: r.bag_limit == 0 and r.bag_penalty > 0, "A bag penalty needs a bag limit above 0."),
    (lambda r: not r.partners and r.exchange > 0, "A blind-nil exchange needs partners."),
    (lambda r: not r.partners and r.team_nil > 0, "Team nil needs partners."),
    (lambda r: not r.partners and r.one_nil, "One partner must bid nil needs partners."),
    (lambda r: not r.partners and r.ten_for_200, "10-for-200 is a team bonus and needs partners."),
    (lambda r: not r.partners and r.nil_tricks == "partner", "A failed nil's tricks can count for the partner only with partners."),
    (lambda r: not r.partners and (r.min_team > 0 or r.max_team != 13), "Team bid limits need partners."),
    (lambda r: r.exchange > 0 and not r.blind_nil, "A blind-nil exchange needs blind nil to be allowed."),
    (lambda r: r.min_individual > r.max_individual, "The lowest individual bid is above the highest."),
    (lambda r: r.min_team > r.max_team, "The lowest team bid is above the highest."),
    (lambda r: r.one_nil and not r.nil, "One partner must bid nil needs nil bids (nil above 0)."),
    (lambda r: r.one_nil and r.team_nil > 0, "One partner must bid nil and team nil contradict each other."),
    (lambda r: r.one_nil and r.bid_spades, "One partner must bid nil and bid-your-spades contradict each other."),
    (lambda r: _fixed_bids(r) and (r.blind_nil > 0 or r.blind_team is not None), "Blind bids make no sense when the bids are fixed by the rules."),
    (lambda r: r.lose is not None and r.lose >= r.win, "The losing score must be below the winning score."),
)
"""Options that cannot go together: a test on rules whose values each fit their option,
and the reason, in the order :meth:`Rules.problems` reports them."""


# ---------------------------------------------------------------------------
# Bids a team may hold together (the rules object checks its limits leave a pair;
# game.legality says what one seat may bid now)


def number_range(rules: Rules) -> range:
    """The numbers a seat may bid by the individual limits."""
    return range(max(1, rules.min_individual), rules.max_individual + 1)


@lru_cache(maxsize=256)
def looked_bids(rules: Rules) -> tuple[Bid, ...]:
    """The bids a seat that has looked may make by the individual limits: nil where
    the rules allow one, then every number."""
    nil = (Bid(0),) if rules.nil_allowed else ()
    return nil + tuple(Bid(n) for n in number_range(rules))


def suicide_override(rules: Rules, earlier: Bid, later: Bid) -> Bid:
    """The earlier partner's bid after the one-partner-nil override: a second bid of
    the same kind turns the earlier number into nil, or the earlier nil into the
    individual minimum (at least 1)."""
    if not rules.one_nil or earlier.is_nil != later.is_nil:
        return earlier
    return Bid(max(1, rules.min_individual)) if earlier.is_nil else Bid(0)


def pair_refusal(rules: Rules, earlier: Bid, later: Bid, later_is_you: bool = True) -> str | None:
    """Why a team may not hold these two bids (earlier partner first), or None.

    The wording addresses the seat bidding `later` when `later_is_you`."""
    earlier = suicide_override(rules, earlier, later)
    looked_nils = [b for b in (earlier, later) if b.is_nil and not b.blind]
    if len(looked_nils) == 2 and rules.team_nil:
        return None
    if looked_nils and not rules.nil:
        return _team_nil_refusal(earlier, later, later_is_you)
    total = earlier.tricks + later.tricks
    if total < rules.min_team:
        return f"Your team must bid at least {rules.min_team} in all"
    if total > rules.max_team:
        return f"Your team may bid at most {rules.max_team} in all"
    return None


def _team_nil_refusal(earlier: Bid, later: Bid, later_is_you: bool) -> str:
    """Why a looked nil is refused where nil is allowed only as a team nil."""
    if any(b.is_nil and b.blind for b in (earlier, later)):
        return "A side with a blind nil cannot bid a team nil"
    if later_is_you and later.is_nil:
        return "Nil is allowed only as a team nil, after your partner bids nil"
    return "Your partner bid nil: a team nil needs you to bid nil too"


def team_has_legal_pair(rules: Rules) -> bool:
    """Whether the bid limits leave a team at least one pair of looked bids."""
    options = looked_bids(rules)
    return any(pair_refusal(rules, first, second) is None for first in options for second in options)


# ---------------------------------------------------------------------------
# The rules in one sentence


def summary(rules: Rules) -> str:
    """The rules in one sentence of short phrases (what differs from plain, neutral rules).

    >>> summary(PRESETS["stelmack"].rules)
    'Partners, spades must be broken, no nil, no bag penalty, win at 500, no losing score.'
    """
    sentence = ", ".join(phrase for describe in SUMMARY_PHRASES if (phrase := describe(rules)))
    return sentence[0].upper() + sentence[1:] + "."


def _blind_nil_phrase(rules: Rules) -> str:
    if not rules.blind_nil:
        return ""
    down = f" if {rules.blind_nil_down} down" if rules.blind_nil_down else ""
    return f"blind nil +{rules.blind_nil}/-{rules.blind_nil_fail}{down}"


def _blind_team_phrase(rules: Rules) -> str:
    if rules.blind_team is None:
        return ""
    return "blind team bids" + (f" if {rules.blind_team} down" if rules.blind_team else "")


SUMMARY_PHRASES: tuple[Callable[[Rules], str], ...] = (
    lambda r: "partners" if r.partners else "every seat for itself",
    lambda r: f"{r.deck} deck" if r.deck != "standard" else "",
    lambda r: "spades must be broken" if r.spades_broken else "spades may be led at any time",
    lambda r: "must beat" if r.must_beat else "",
    lambda r: "low club first" if r.low_club else "",
    lambda r: "misdeals" if r.misdeal else "",
    lambda r: f"nil {r.nil}" if r.nil else "no nil",
    lambda r: "failed nil helps partner" if r.nil_tricks == "partner" else "",
    _blind_nil_phrase,
    lambda r: f"exchange {r.exchange}" if r.exchange else "",
    _blind_team_phrase,
    lambda r: f"team nil {r.team_nil}" if r.team_nil else "",
    lambda r: f"bags {r.bag_limit}/{r.bag_penalty}" if r.bag_limit else "no bag penalty",
    lambda r: "double set" if r.double_set else "",
    lambda r: "10 for 200" if r.ten_for_200 else "",
    lambda r: "7 for 140" if r.seven_for_140 else "",
    lambda r: "Moe (the first 6 or 8 tricks: +50/+100)" if r.moe else "",
    lambda r: f"bonus bid {r.bonus_bid}+" if r.bonus_bid else "",
    lambda r: f"Boston {r.boston}" if r.boston else "",
    lambda r: f"bid {r.min_individual}+" if r.min_individual else "",
    lambda r: f"bid at most {r.max_individual}" if r.max_individual != 13 else "",
    lambda r: f"team bids {r.min_team}+" if r.min_team else "",
    lambda r: f"team bids at most {r.max_team}" if r.max_team != 13 else "",
    lambda r: "one partner bids nil" if r.one_nil else "",
    lambda r: "bid your spades" if r.bid_spades else "",
    lambda r: f"win at {r.win}",
    lambda r: f"lose at {r.lose}" if r.lose is not None else "no losing score",
)
"""The phrases of :func:`summary`, in its order; an empty phrase is left out."""


def _parse_value(option: Option, raw: str) -> Any:
    raw = raw.strip()
    try:
        if option.kind == "bool":
            if raw not in ("0", "1"):
                raise ValueError
            return raw == "1"
        if option.kind == "int":
            return int(raw)
        if option.kind == "optional_int":
            return None if raw.lower() == "off" else int(raw)
        if option.kind == "bags":
            limit, penalty = raw.split("/")
            return (int(limit), int(penalty))
    except ValueError:
        expected = {"bool": "0 or 1", "int": "a whole number", "optional_int": "off or a whole number",
                    "bags": "limit/penalty, like 10/100"}[option.kind]
        raise RulesError(f"{option.key}={raw}: expected {expected}.") from None
    return raw


@dataclass(frozen=True)
class Variant:
    """A named preset of the rules: ``id`` as the options and the arena call it,
    ``name`` as the `Variant` tag writes it."""

    id: str
    name: str
    rules: Rules


def _preset(id_: str, name: str, line: str) -> Variant:
    return Variant(id_, name, Rules.parse(line))


PRESETS: dict[str, Variant] = {
    v.id: v
    for v in (
        _preset("partner", "Partner", "partners=1 broken=1 nil=100 blindnil=200 blindnilfail=100 blindnildown=0 bags=10/100 win=500 lose=-300"),
        _preset("solo", "Solo", "partners=0 broken=1 mustbeat=1 lowclub=1 nil=100 blindnil=200 blindnilfail=100 blindnildown=0 bags=10/100 win=300 lose=off"),
        _preset("suicide", "Suicide", "partners=1 broken=1 nil=100 onenil=1 minind=4 bags=10/100 win=300 lose=-300"),
        _preset("mirrors", "Mirrors", "partners=1 broken=1 nil=100 bidspades=1 bags=10/100 win=500 lose=-300"),
        _preset("stelmack", "Stelmack 1990", "partners=1 broken=1 nil=0 bags=0/0 win=500 lose=off"),
        _preset("netspades", "NetSpades", "partners=1 broken=0 nil=100 mintm=3 bags=10/100 win=500 lose=off"),
        _preset("dunn", "Dunn 1995", "partners=1 deck=jokers broken=1 nil=0 teamnil=50 mintm=4 blindteam=100 doubleset=1 bags=10/100 moe=1 tenfor200=1 boston=300 win=500 lose=off"),
    )
}
"""The variants of SPEC §3, by id."""

CUSTOM_SLOTS: tuple[str, ...] = ("custom1", "custom2")
"""Two variants the player defines option by option; they start as Partner."""


def custom_variant(slot: str, rules: Rules | None = None) -> Variant:
    """A Custom slot holding `rules` (Partner's rules when none are given yet)."""
    if slot not in CUSTOM_SLOTS:
        raise RulesError(f"{slot!r} is not a custom slot ({', '.join(CUSTOM_SLOTS)}).")
    return Variant(slot, f"Custom {slot[-1]}", rules or PRESETS["partner"].rules)


def variant(id_: str) -> Variant:
    """A preset or an empty Custom slot by id; RulesError naming the ids otherwise."""
    if id_ in PRESETS:
        return PRESETS[id_]
    if id_ in CUSTOM_SLOTS:
        return custom_variant(id_)
    raise RulesError(f"Unknown variant {id_!r}; choose one of {', '.join([*PRESETS, *CUSTOM_SLOTS])}.")
