"""A whole game: the first-dealer draw, hand after hand, the running score, the end.

>>> from game.rules import PRESETS
>>> game = Game(PRESETS["partner"].rules, seed=7)
>>> game.hand.number, game.phase
(1, 'blind')

Every decision goes through :meth:`Game.apply` (or the named helpers), which
records it; a game is saved as its seed and its decisions and restored by
replaying them, so a restored game plays on identically. A seat may take back its
last bid or card of the hand (:meth:`Game.take_back`): the game is rebuilt from its
decisions without the ones taken back. A game may also start from a deal played before
(:class:`StartingDeal`), at the scores it was played at, instead of drawing its first dealer.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from game.bids import Bid
from game.cards import DECKS, Card, format_hand, parse_hand
from game.events import Event, FirstDealerCard, GameOver
from game.hand import Choice, Hand, RuleError
from game.rules import Rules
from game.scoring import HandScore, Standing
from game.seats import SEATS, next_seat, sides
from game.text_safety import safe_text, shown_value

DEFAULT_NAMES: dict[str, str] = {"S": "You", "W": "West", "N": "North", "E": "East"}
NAME_LENGTH = 12
"""The longest player name, in characters: what fits beside a seat on the table."""
SAVE_FORMAT = "spades-game"
SAVE_VERSION = 2
"""The newest saved game this program reads. A game from a :class:`StartingDeal` is saved as
version 2; any other as version 1, which versions before starting deals read too."""
MOST_POINTS = 10**6
"""The largest score (either way), bag count and hand number a starting deal may hold; a game ends
after the hand that takes a score (or the hand number) to it, whatever its rules (one with no `lose`
and a heavy bag penalty could otherwise run its scores past what a seat view holds)."""
_SAVED_TEXT_LENGTH = {"variant": 40, "id": 64}
"""The longest variant name and game id a saved game may hold (the game writes far shorter ones)."""
TAKE_BACK_PHASES = ("bid", "exchange", "play")
"""The decisions a seat may take back: those made after seeing its cards (taking back a
look, or a blind bid, would let it choose blind again knowing its cards; a look made early, while
the others bid, is never taken back either)."""
NOTHING_TO_TAKE_BACK = "Nothing to take back in this hand"
BLIND_BID_STANDS = "A blind bid stands once you have seen your cards"


def is_player_name(name: object) -> bool:
    """Whether `name` can be a player's name: 1 to :data:`NAME_LENGTH` printable characters,
    not all spaces and without spaces around them.

    >>> is_player_name("Ann Lee"), is_player_name(""), is_player_name("A\\tB"), is_player_name("x" * 13)
    (True, False, False, False)
    """
    return (isinstance(name, str) and 0 < len(name) <= NAME_LENGTH and name.isprintable()
            and name == name.strip())


def new_game_id(rng: random.Random, now: datetime.datetime | None = None) -> str:
    """A game id for the `Game` tag: local time to the second and a short random suffix."""
    moment = (now or datetime.datetime.now()).replace(microsecond=0)
    return f"{moment.isoformat()}-{rng.getrandbits(16):04x}"


def draw_first_dealer(deck_cards: Iterable[Card], start: str = "S") -> tuple[str, list[tuple[str, Card]]]:
    """Deal face up, one card a seat clockwise from `start`, until the A♠ shows.

    Returns the seat that got it (the first dealer) and the cards dealt."""
    dealt = []
    seat = start
    for card in deck_cards:
        dealt.append((seat, card))
        if card.text == "AS":
            return seat, dealt
        seat = next_seat(seat)
    raise ValueError("the deck has no ace of spades")


@dataclass(frozen=True)
class StartingDeal:
    """A deal to start a game from, in place of the first-dealer draw and the first shuffle: a
    hand played before (as Spades.save keeps it), dealt again with its number and the scores it
    was played at, so that bags, blind bids and the end of the game stand as they did then.

    >>> from game.rules import PRESETS
    >>> rules = PRESETS["partner"].rules
    >>> first = Game(rules, seed=3).hand
    >>> start = StartingDeal(7, first.dealer, first.dealt, {"NS": Standing(350, 8), "EW": Standing(420, 3)})
    >>> again = Game(rules, seed=9, start=start)
    >>> again.hand.number, again.hand.dealt == first.dealt, again.standings["NS"]
    (7, True, Standing(points=350, bags=8))
    >>> StartingDeal.from_json(start.to_json(), rules) == start
    True
    """

    number: int
    dealer: str
    holdings: Mapping[str, tuple[Card, ...]]
    standings: Mapping[str, Standing]
    scored: Mapping[str, int] = field(default_factory=dict)
    """What each side scored with this deal when it was played (empty when not known)."""

    def to_json(self) -> dict:
        saved = {"number": self.number, "dealer": self.dealer,
                 "deal": {seat: format_hand(self.holdings[seat]) for seat in SEATS},
                 "standings": {side: [standing.points, standing.bags] for side, standing in self.standings.items()}}
        if self.scored:
            saved["scored"] = dict(self.scored)
        return saved

    @classmethod
    def from_json(cls, data: object, rules: Rules) -> StartingDeal:
        """The starting deal :meth:`to_json` wrote, for a game of `rules`; ValueError saying what is wrong
        (the cards themselves are checked when the hand is dealt)."""
        if not isinstance(data, Mapping):
            raise ValueError("the starting deal is not a table of its parts")
        number, dealer, deal, standings = (data.get(key) for key in ("number", "dealer", "deal", "standings"))
        if not _whole(number, 1, MOST_POINTS) or dealer not in SEATS:
            raise ValueError("the starting deal needs a hand number and a dealer's seat")
        if not isinstance(deal, Mapping) or set(deal) != set(SEATS) or not all(
                isinstance(cards, str) for cards in deal.values()):
            raise ValueError("the starting deal needs each seat's cards")
        if not isinstance(standings, Mapping) or set(standings) != set(sides(rules.partners)) or not all(
                isinstance(pair, list) and len(pair) == 2 and _whole(pair[0], -MOST_POINTS, MOST_POINTS)
                and _whole(pair[1], 0, MOST_POINTS) for pair in standings.values()):
            raise ValueError("the starting deal needs each side's score and bags")
        scored = data.get("scored", {})
        if not isinstance(scored, Mapping) or (scored and set(scored) != set(standings)) or not all(
                _whole(points, -MOST_POINTS, MOST_POINTS) for points in scored.values()):
            raise ValueError("what the starting deal scored before is not each side's points")
        return cls(number, dealer, {seat: tuple(parse_hand(deal[seat][:80])) for seat in SEATS},
                   {side: Standing(*pair) for side, pair in standings.items()}, dict(scored))


class Game:
    """Hands played one after another until a side wins (SPEC §5).

    `seed` makes every shuffle reproducible (a random one is drawn when None);
    `listeners` receive each event as it happens, all of which also stay in
    :attr:`events`. With `start`, the game begins at that deal (no first-dealer draw);
    the hands after it are shuffled from the seed.
    """

    def __init__(self, rules: Rules, *, seed: int | None = None, variant: str = "Custom",
                 names: Mapping[str, str] | None = None, game_id: str | None = None,
                 listeners: Iterable[Callable[[Event], None]] = (), start: StartingDeal | None = None) -> None:
        self.rules = rules
        self.start = start
        self.variant = variant
        self.names = dict(names or DEFAULT_NAMES)
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**63)
        self.id = game_id or new_game_id(random.Random(self.seed ^ 0x5EED))
        self._listeners = list(listeners)
        self.takebacks: dict[int, int] = {}
        """How many bids and cards were taken back in each hand, by hand number (none: no undo)."""
        self._start()

    def _start(self) -> None:
        """Shuffle from the seed and draw the first dealer (or deal the starting deal): the game
        before any decision."""
        self._rng = random.Random(self.seed)
        self.events: list[Event] = []
        self.actions: list[tuple[str, Choice]] = []
        self._phases: list[str] = []
        """The phase of the hand each action was made in."""
        start = self.start
        self.standings: dict[str, Standing] = dict(start.standings) if start else {
            side: Standing() for side in sides(self.rules.partners)}
        self.finished: list[Hand] = []
        """The hands played to the end, in order."""
        self.winner: str | None = None
        if start is not None:
            self.first_dealer = start.dealer
            self.deal_start = 0
            self.hand = Hand.from_holdings(self.rules, start.dealer, start.holdings, number=start.number,
                                           standings=self.standings, emit=self._emit)
            return
        self.first_dealer, dealt = draw_first_dealer(DECKS[self.rules.deck].shuffled(self._rng))
        for seat, card in dealt:
            self._emit(FirstDealerCard(seat, card))
        self.hand = self._deal(1, self.first_dealer)

    def subscribe(self, listener: Callable[[Event], None]) -> None:
        """Receive every event from now on."""
        self._listeners.append(listener)

    def _emit(self, event: Event) -> None:
        self.events.append(event)
        for listener in self._listeners:
            listener(event)

    def _deal(self, number: int, dealer: str, redeal: bool = False) -> Hand:
        self.deal_start = len(self.actions)
        """The first action of the deal now in play: decisions before it cannot be taken back."""
        return Hand.shuffled(self.rules, dealer, self._rng, number=number, standings=self.standings,
                             emit=self._emit, redeal=redeal)

    # -- state -------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def phase(self) -> str:
        """The current hand's phase, or ``over``."""
        return "over" if self.over else self.hand.phase

    @property
    def to_act(self) -> str | None:
        return None if self.over else self.hand.to_act

    @property
    def scores(self) -> list[HandScore]:
        """The score of every finished hand, in order (the scoreboard)."""
        return [h.score for h in self.finished if h.score is not None]

    # -- decisions ---------------------------------------------------------------------
    def apply(self, seat: str, choice: Choice) -> None:
        """Carry out one decision in seat-view notation (``"4"``, ``"AS"``, ``"look"`` …).

        Raises :class:`game.hand.RuleError` if the rules refuse it; nothing changes then."""
        if self.over:
            raise RuleError("The game is over")
        phase = self.hand.phase
        self.hand.apply(seat, choice)
        self.actions.append((seat, choice if isinstance(choice, str) else list(choice)))
        self._phases.append(phase)
        self._advance()

    def bid(self, seat: str, bid: Bid) -> None:
        self.apply(seat, str(bid))

    def play(self, seat: str, card: Card) -> None:
        self.apply(seat, str(card))

    def take_back_point(self, seat: str) -> int | None:
        """How many decisions of the game stay if `seat` takes back its last bid, exchange or card
        of the deal in play; None if there is none (the game is over, or `seat` has made none
        since the deal, or only a look or a blind bid: see :data:`TAKE_BACK_PHASES`)."""
        if self.over:
            return None
        for index in range(len(self.actions) - 1, self.deal_start - 1, -1):
            who, choice = self.actions[index]
            if who == seat and self._phases[index] in TAKE_BACK_PHASES and choice != "look":
                return index
        return None

    def take_back(self, seat: str) -> list[tuple[str, Choice]]:
        """Take back `seat`'s last bid, exchange or card of this hand and every decision after it:
        the game stands again exactly as when `seat` was asked (the same cards, the same turn).
        Returns the decisions taken back, `seat`'s first; the hand counts one more take-back in
        :attr:`takebacks`. Raises :class:`RuleError` if there is nothing to take back: never
        across hands.

        The game is rebuilt from its seed and the decisions that stay, as a restored game is;
        listeners hear nothing of the rebuilding (a table shows the game as it now stands).

        >>> from game.rules import PRESETS
        >>> game = Game(PRESETS["partner"].rules, seed=7)
        >>> while game.to_act != "S" or game.phase != "play":
        ...     game.apply(game.to_act, game.hand.legal_choices(game.to_act)[0])
        >>> before = len(game.actions)
        >>> game.apply("S", game.hand.legal_choices("S")[0])
        >>> [seat for seat, _ in game.take_back("S")], len(game.actions) == before, game.to_act
        (['S'], True, 'S')
        """
        point = self.take_back_point(seat)
        if point is None:
            raise RuleError("The game is over" if self.over else self._why_nothing_to_take_back(seat))
        taken = self.actions[point:]
        self._rebuild(self.actions[:point])
        self.takebacks[self.hand.number] = self.takebacks.get(self.hand.number, 0) + 1
        return taken

    def _why_nothing_to_take_back(self, seat: str) -> str:
        """Why `seat` has nothing to take back in this deal: it made no decision yet, or only a blind
        bid (or a look), which stands."""
        blind_bid = any(who == seat and phase == "blind" and choice != "look" for (who, choice), phase
                        in zip(self.actions[self.deal_start:], self._phases[self.deal_start:], strict=True))
        return BLIND_BID_STANDS if blind_bid else NOTHING_TO_TAKE_BACK

    def _rebuild(self, actions: list[tuple[str, Choice]]) -> None:
        """Start again from the seed and replay `actions` without telling the listeners."""
        listeners, self._listeners = self._listeners, []
        try:
            self._start()
            for seat, choice in actions:
                self.apply(seat, choice)
        finally:
            self._listeners = listeners

    def _advance(self) -> None:
        hand = self.hand
        if hand.phase == "misdealt":
            self.hand = self._deal(hand.number, hand.dealer, redeal=True)
        elif hand.phase == "done":
            self.finished.append(hand)
            assert hand.score is not None
            self.standings = hand.score.standings
            winner = self._winner()
            if winner:
                self.winner = winner
                self._emit(GameOver(winner, dict(self.standings)))
            else:
                self.hand = self._deal(hand.number + 1, next_seat(hand.dealer))

    def _winner(self) -> str | None:
        """The side that wins now, if the game ends after this hand; a tie for the
        highest score plays on."""
        points = {side: s.points for side, s in self.standings.items()}
        ended = any(p >= self.rules.win or abs(p) >= MOST_POINTS for p in points.values()) or (
            self.rules.lose is not None and any(p <= self.rules.lose for p in points.values())
        ) or self.hand.number >= MOST_POINTS
        if not ended:
            return None
        best = max(points.values())
        leaders = [side for side, p in points.items() if p == best]
        return leaders[0] if len(leaders) == 1 else None

    # -- saving -----------------------------------------------------------------------
    def to_json(self) -> dict:
        """Everything needed to restore this game exactly, JSON-ready."""
        saved = {"format": SAVE_FORMAT, "version": 1, "rules": self.rules.to_line(),
                 "variant": self.variant, "names": self.names, "seed": self.seed, "id": self.id,
                 "actions": [[seat, choice] for seat, choice in self.actions],
                 "takebacks": [[number, count] for number, count in sorted(self.takebacks.items())]}
        if self.start is not None:
            saved.update(version=2, start=self.start.to_json())
        return saved

    @classmethod
    def from_json(cls, data: Mapping, listeners: Iterable[Callable[[Event], None]] = ()) -> Game:
        """The game saved by :meth:`to_json`, replayed to where it stood.

        Raises ValueError (RuleError or RulesError among them) if the data is damaged.
        Listeners are attached after the replay: they hear only what happens next."""
        if not isinstance(data, Mapping) or data.get("format") != SAVE_FORMAT:
            raise ValueError("this is not a saved Spades game")
        if not _whole(data.get("version"), 1, SAVE_VERSION):
            raise ValueError(f"this saved game has version {shown_value(data.get('version'))}; this program reads "
                             f"1 to {SAVE_VERSION}")
        try:
            names = data["names"]
            if not isinstance(names, Mapping) or set(names) != set(SEATS) or not all(
                    is_player_name(name) for name in names.values()):
                raise ValueError(f"the player names must be four names of 1 to {NAME_LENGTH} printable characters")
            seed = data["seed"]
            if not isinstance(seed, int) or isinstance(seed, bool) or seed.bit_length() > 64:
                raise ValueError("the seed is not a whole number of at most 64 bits")
            rules = Rules.parse(str(data["rules"]))
            start = StartingDeal.from_json(data["start"], rules) if "start" in data else None
            game = cls(rules, seed=seed, variant=_saved_text(data, "variant"), names=names,
                       game_id=_saved_text(data, "id"), start=start)
            for seat, choice in data["actions"]:
                game.apply(str(seat), choice)
            game.takebacks = _saved_takebacks(data.get("takebacks", []), game.hand.number)
        except (KeyError, TypeError, AttributeError, ValueError) as error:
            raise ValueError(f"the saved game is damaged ({safe_text(error)})") from None
        for listener in listeners:
            game.subscribe(listener)
        return game


def _whole(value: object, low: int, high: int) -> bool:
    """Whether `value` is a whole number (not a bool) from `low` to `high`."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _saved_takebacks(entries: object, last_hand: int) -> dict[int, int]:
    """The take-backs of a saved game, ``[[hand, count], …]`` (a game saved before undo has none);
    ValueError if they are not hands of the game with counts from 1."""
    if not isinstance(entries, list):
        raise ValueError("the take-backs are not a list")
    takebacks = {}
    for entry in entries:
        if not (isinstance(entry, list) and len(entry) == 2 and all(
                isinstance(n, int) and not isinstance(n, bool) and 0 < n <= 10**9 for n in entry)):
            raise ValueError(f"a take-back is {shown_value(entry)}, not a hand and a count")
        number, count = entry
        if number > last_hand or number in takebacks:
            raise ValueError(f"take-backs for hand {number} are not for a hand of this game, or listed twice")
        takebacks[number] = count
    return takebacks


def _saved_text(data: Mapping, key: str) -> str:
    """The variant name or game id of a saved game: printable and short (ValueError otherwise)."""
    value = data[key]
    if not isinstance(value, str) or not 0 < len(value) <= _SAVED_TEXT_LENGTH[key] or not value.isprintable():
        raise ValueError(f"the {key} must be 1 to {_SAVED_TEXT_LENGTH[key]} printable characters")
    return value
