"""The table's control: what to show next, whose turn it is, who is asked — no pygame.

A screen shows a game through a controller. It takes the engine's events one by one
(:meth:`TableController.next_event`) and animates them; once every event is shown it
asks :meth:`TableController.next_moment` what the table waits for:

- a :class:`Turn`: the player decides, among the choices the rules allow;
- a :class:`Thinking` seat: a computer player is deciding (in the worker process);
- a :class:`BidsPause`: a moment to look at the bids before the first card, until the
  screen calls :meth:`TableController.end_pause`;
- None: nothing to wait for (the controller just acted, so new events are waiting, or
  the game is over).

The player's choices come back through :meth:`TableController.choose`, which answers with
the rule's refusal, if any; :meth:`TableController.take_back` takes the last one back. A
computer's answer that fails or breaks a rule is replaced by Normal's choice, so the game
always goes on. North, the player's partner, is asked at the partner's level, the other seats at the
opponents' (every seat in a game without partners); Suggest asks the partner's level once per decision.

With the coach on, Expert values the player's bids and cards in the worker as soon as the turn opens
(:meth:`AdviceAsking.coach_question` then asks before a bid or card clearly worse than Expert's
takes effect, at once, or lets it go unasked if the values have not come). Each computer's
bid and card is kept with the seat view it was made from, so :meth:`TableController.why`
gives its reason from that seat's view only. This controller runs
the engine here, for a game on this computer; a table on a server offers the same face to
the same screen (without take back).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from game.bids import Bid
from game.cards import Card
from game.events import Event
from game.game import Game
from game.hand import RuleError
from game.players import decide
from game.players.levels import LEVELS, level_named
from game.players.suggest import Evaluation, unnamed, why
from game.players.thinker import Answer, Request, player_seed
from game.seats import partner
from game.view import seat_view
from scenes.table.model import TableModel

PLAYER = "S"
"""The seat of the person at this screen."""
UNDO_OFF = "Take back is off: turn on Allow take back in Options, Table"
COACH_LEVEL = "expert"
"""The level the coach compares the player's bids and cards with."""


class Preferences(Protocol):
    """The player's choices the controller follows (the settings have them)."""

    partner_level: str
    opponents_level: str
    blind_offer: str
    auto_last_card: bool
    allow_undo: bool
    coach: bool
    """Optional (preferences without it have the coach off), as is `coach_margin`."""
    coach_margin: int


class Asker(Protocol):
    """Where questions to computer players go: the thinker (a worker process)."""

    def ask(self, request: Request) -> None: ...

    def poll(self) -> Answer | None: ...


@dataclass(frozen=True)
class Turn:
    """The player decides now: the `phase` (blind, misdeal, bid, exchange, play) and the
    `legal` choices in the view's notation. In an exchange the player gives `give` cards;
    a blind-nil bidder who has not given yet may give fewer (`give_fewer`). `key` tells
    one decision from the next."""

    key: tuple
    phase: str
    legal: tuple[str, ...]
    give: int = 0
    give_fewer: bool = False

    def allows(self, choice: Any) -> bool:
        """Whether `choice` answers this decision: a legal choice, or in an exchange a list of
        legal cards, as many as given (or fewer where that may be)."""
        if self.phase != "exchange":
            return isinstance(choice, str) and choice in self.legal
        return (isinstance(choice, list) and all(isinstance(card, str) and card in self.legal for card in choice)
                and len(set(choice)) == len(choice)
                and (len(choice) == self.give or (self.give_fewer and len(choice) < self.give)))


@dataclass(frozen=True)
class Thinking:
    """A computer player is deciding for `seat`."""

    seat: str


@dataclass(frozen=True)
class BidsPause:
    """Every bid of hand `hand` is in: a moment to look at them before the first card."""

    hand: int


Moment = Turn | Thinking | BidsPause | None


@dataclass(frozen=True)
class CoachQuestion:
    """The coach asks before the player's bid or card `choice` takes effect: Expert would choose
    `best`, for `reason`, and `choice` gives up about `loss` points per hand."""

    choice: str
    best: str
    reason: str
    loss: float
    phase: str = "play"
    """``play`` or ``bid``."""

    @property
    def words(self) -> str:
        """The question in words: "Expert would play Q♠: … The 4♥ gives up about 30 points. Play 4♥ anyway?",
        or for a bid "Expert would bid 4: … Bidding 6 gives up about 20 points. Bid 6 anyway?"."""
        reason = unnamed(self.reason) if self.phase == "bid" else self.reason  # not "bid nil: nil: …"
        reason = reason[:1].lower() + reason[1:]
        loss = round(self.loss)
        if self.phase == "play":
            mine = Card.parse(self.choice).label
            return (f"Expert would play {Card.parse(self.best).label}: {reason}. The {mine} gives up about "
                    f"{loss} points. Play {mine} anyway?")
        mine, best = Bid.parse(self.choice).label, Bid.parse(self.best).label
        return f"Expert would bid {best}: {reason}. Bidding {mine} gives up about {loss} points. Bid {mine} anyway?"


class AdviceAsking:
    """Suggest and the coach, for the table's controllers (a game here, a table on a server): the
    partner's level is asked once per decision what it would do in the player's place, and with
    the coach on Expert values the player's choices as soon as the turn opens. A controller gives
    :meth:`advice_question` and :meth:`_collect_answers` (which hands each answer to
    :meth:`_take_answer`), and starts the fields below empty."""

    advice: Answer | None
    """Suggest's answer for the player's turn now open."""
    advice_key: tuple | None
    suggest_token: int | None
    coach_token: int | None
    evaluation: Evaluation | None
    """Expert's values of the player's bids or cards for the turn `evaluation_key`, once they have come."""
    evaluation_key: tuple | None
    questioned: tuple[tuple, frozenset[str]] | None
    """The turn the coach spoke on, and the choices it asked about."""
    on_coach: Callable[[bool], None] | None
    """Told, once the player decides a turn the coach spoke on, whether its advice was followed."""
    asker: Asker
    new_token: Callable[[], int]
    preferences: Callable[[], Preferences]

    def turn(self) -> Turn | None: ...

    def advice_question(self) -> tuple[dict, int]: ...

    def _collect_answers(self) -> None: ...

    def _forget_advice(self) -> None:
        """No advice asked or given, no values from the coach: a controller starts so, and a turn
        taken back starts so again."""
        self.suggest_token, self.advice, self.advice_key = None, None, None
        self.coach_token, self.evaluation, self.evaluation_key, self.questioned = None, None, None, None

    def _take_answer(self, answer: Answer) -> bool:
        """Keep Suggest's or the coach's answer if it is for the turn still open (and answers it);
        whether it was one."""
        turn = self.turn()
        key = turn.key if turn is not None else None
        if answer.token == self.suggest_token:
            self.suggest_token = None
            if not answer.error and key == self.advice_key and turn.allows(answer.choice):
                self.advice = answer
        elif answer.token == self.coach_token:
            self.coach_token = None
            if not answer.error and key == self.evaluation_key:
                self.evaluation = answer.choice
        else:
            return False
        return True

    def suggest(self) -> Answer | None:
        """The advice at once if it was given for this turn already, else None (it is asked for,
        and comes to :attr:`advice`)."""
        turn = self.turn()
        if turn is None:
            return None
        if self.advice is not None and self.advice_key == turn.key:
            return self.advice
        level = self.preferences().partner_level
        if level == COACH_LEVEL and self.evaluation is not None and self.evaluation_key == turn.key:
            # the coach's Expert has weighed this turn already: Suggest says the same, not a second search's
            self.advice, self.advice_key = Answer(self.new_token(), self.evaluation.best,
                                                  self.evaluation.reason), turn.key
            return self.advice
        if self.suggest_token is None or self.advice_key != turn.key:  # an answer still due is another turn's
            self.advice, self.advice_key = None, turn.key
            self.suggest_token = self.new_token()
            view, seed = self.advice_question()
            self.asker.ask(Request(self.suggest_token, "suggest", level, view, seed=seed,
                                   time_limit=level_named(level).in_game_limit))
        return None

    # -- the coach ----------------------------------------------------------------------------------------
    def _coach_margin(self) -> int | None:
        """The points per hand a bid or card must lose against Expert's for the coach to ask; None with
        the coach off."""
        preferences = self.preferences()
        return getattr(preferences, "coach_margin", None) if getattr(preferences, "coach", False) else None

    def _think_ahead(self, turn: Turn) -> None:
        """With the coach on, Expert values the player's bids or cards while the player looks (once a turn)."""
        if turn.phase not in ("bid", "play") or len(turn.legal) < 2 or self.evaluation_key == turn.key:
            return
        if self._coach_margin() is None:
            return
        self.evaluation, self.evaluation_key = None, turn.key
        self.coach_token = self.new_token()
        view, seed = self.advice_question()
        self.asker.ask(Request(self.coach_token, "evaluate", COACH_LEVEL, view, seed=seed,
                               time_limit=level_named(COACH_LEVEL).in_game_limit))

    def coach_question(self, choice: Any) -> CoachQuestion | None:
        """The coach's question before the player's `choice` takes effect, or None to go on: the coach
        is off, Expert's values for this turn have not come (never waited for), the choice is within
        the margin of Expert's, or the coach asked about this choice already (the player insists)."""
        margin = self._coach_margin()
        turn = self.turn()
        if margin is None or turn is None or not isinstance(choice, str):
            return None
        self._collect_answers()
        evaluation = self.evaluation if self.evaluation_key == turn.key else None
        if evaluation is None or choice not in evaluation.values or self._suggested(turn, choice):
            return None
        asked = self.questioned[1] if self.questioned is not None and self.questioned[0] == turn.key else frozenset()
        loss = evaluation.loss(choice)
        if choice in asked or loss < margin:
            return None
        self.questioned = (turn.key, asked | {choice})
        return CoachQuestion(choice, evaluation.best, evaluation.reason, loss, turn.phase)

    def _suggested(self, turn: Turn, choice: str) -> bool:
        """Whether Suggest advised `choice` for this turn: the coach never asks about the advice it gave."""
        return self.advice is not None and self.advice_key == turn.key and str(self.advice.choice) == choice

    def _decided(self, key: tuple, choice: Any) -> None:
        """The player's decision of turn `key` is made: if the coach spoke on it, say whether the
        choice was one it asked about (advice not followed) or another (followed)."""
        if self.questioned is None or self.questioned[0] != key:
            return
        followed = str(choice) not in self.questioned[1]
        self.questioned = None
        if self.on_coach is not None:
            self.on_coach(followed)


class TableController(AdviceAsking):
    """One game on this computer: the engine, its events still to show, and the computer
    players asked through `asker` (`new_token` numbers each question; `preferences()` gives
    the computer levels and the player's play options as they are now)."""

    def __init__(self, game: Game, pending: deque[Event], asker: Asker, preferences: Callable[[], Preferences],
                 new_token: Callable[[], int], on_coach: Callable[[bool], None] | None = None) -> None:
        self.game = game
        self.pending = pending
        self.asker = asker
        self.preferences = preferences
        self.new_token = new_token
        self.asked: tuple[int, float] | None = None
        """The computer decision asked for: its token, and when (the screen's clock)."""
        self.answer: Answer | None = None
        """A computer's answer that came, waiting for its moment to be shown."""
        self._forget_advice()
        self.reviewed = 0
        """The last hand whose bids have been looked at."""
        self.on_coach = on_coach
        self.made: dict[tuple[int, str, str], tuple[dict, Any]] = {}
        """Each computer's card (by hand, seat and card) and bid (``"bid"``) of the last two hands,
        with the seat view it was made from."""
        self._recall_this_hand()

    def _recall_this_hand(self) -> None:
        """A game picked up where it was left (Continue): the computers' bids and cards of the hand
        under way, with the views they were made from, by replaying its saved actions (else
        pointing at them would tell nothing)."""
        if len(self.game.actions) == self.game.deal_start:
            return
        saved = self.game.to_json()
        replay = Game.from_json({**saved, "actions": saved["actions"][:self.game.deal_start]})
        for seat, choice in self.game.actions[self.game.deal_start:]:
            if seat != PLAYER:
                self._remember(seat, seat_view(replay.hand, seat), choice)
            replay.apply(seat, choice)

    online = False
    catching_up = replaying = False
    """Never: a game on this computer is shown as it is played."""
    absent: dict[str, str] = {}
    """Nobody: every seat here is played by the player or a computer."""
    chat: tuple = ()
    moved: list[dict[str, Any]] | None = None
    """A game on this computer stays at its table."""

    def poll(self) -> None:
        """Nothing comes from elsewhere (the computers' answers are looked for when needed)."""

    def ready(self) -> None:
        """Nobody elsewhere waits for the player to come back to this table."""

    def take_refusal(self) -> str | None:
        """Refusals are told at once by :meth:`choose`."""
        return None

    def take_notice(self) -> str | None:
        """Nothing comes from elsewhere to be told."""
        return None

    # -- what to show ---------------------------------------------------------------------------
    def next_event(self) -> Event | None:
        """The next engine event to show, in order; None when all are shown."""
        return self.pending.popleft() if self.pending else None

    @property
    def events_waiting(self) -> bool:
        return bool(self.pending)

    @property
    def variant(self) -> str:
        return self.game.variant

    @property
    def seed(self) -> int:
        """A number for whatever the screen draws by chance (the winner's flourish)."""
        return self.game.seed or 0

    @property
    def decisions(self) -> int:
        """How many decisions the game has had: it changes with each one."""
        return len(self.game.actions)

    def new_model(self) -> TableModel:
        """The model of what the table shows, for a screen starting now: from the first event
        still to show, or the game as it stands if every event has been shown (a restored game)."""
        return TableModel.of_game(self.game) if self.pending else TableModel.from_game(self.game)

    def is_final(self, hands_scored: int) -> bool:
        """Whether the hand whose score is the `hands_scored`-th decided the game."""
        return self.game.over and hands_scored == len(self.game.finished)

    @property
    def thinking(self) -> bool:
        """A computer player has been asked and its move is not shown yet."""
        return self.asked is not None

    @property
    def waiting_for_answers(self) -> bool:
        return self.asked is not None or self.suggest_token is not None or self.answer is not None

    # -- what the table waits for ------------------------------------------------------------------
    def next_moment(self, now: float, think_pause: float = 0.0) -> Moment:
        """What the table waits for, every event being shown. A computer's answer is played
        once it has 'thought' `think_pause` seconds since it was asked (`now` on the same clock)."""
        self._collect_answers()
        seat = self.game.to_act
        if seat is None:
            return None
        hand = self.game.hand
        if self.game.phase == "play" and not hand.tricks and not hand.trick and self.reviewed != hand.number:
            return BidsPause(hand.number)
        if seat == PLAYER:
            return self._player_moment()
        return self._computer_moment(seat, now, think_pause)

    def end_pause(self) -> None:
        """The bids have been looked at: play goes on."""
        self.reviewed = self.game.hand.number

    def _player_moment(self) -> Moment:
        hand = self.game.hand
        if hand.phase == "blind" and not self.offers_blind():
            self.game.apply(PLAYER, "look")
            return None
        if self._plays_itself():
            self.game.apply(PLAYER, str(hand.holding(PLAYER)[0]))
            return None
        turn = self.turn()
        if turn is not None:
            self._think_ahead(turn)
        return turn

    def _plays_itself(self) -> bool:
        """The player's last card goes by itself (a preference)."""
        hand = self.game.hand
        return (self.game.to_act == PLAYER and hand.phase == "play" and self.preferences().auto_last_card
                and len(hand.holding(PLAYER)) == 1)

    def turn(self) -> Turn | None:
        """The player's decision now open, or None when it is not the player's turn."""
        hand = self.game.hand
        if self.game.to_act != PLAYER or hand.phase not in ("blind", "misdeal", "bid", "exchange", "play"):
            return None
        exchange = hand.phase == "exchange"
        giver = exchange and hand.bids.get(PLAYER) == Bid(0, blind=True) and len(hand.holding(PLAYER)) == 13
        return Turn((hand.number, len(self.game.actions), hand.phase), hand.phase,
                    tuple(hand.legal_choices(PLAYER)), hand.exchange_count if exchange else 0, giver)

    def offers_blind(self) -> bool:
        """Whether the player is asked "Bid blind?" where the rules allow it: the player's
        preference (always, only while our side trails, never); otherwise the cards turn up."""
        wanted = self.preferences().blind_offer
        if wanted == "trailing":
            return self.game.hand.behind(PLAYER) > 0
        return wanted == "always"

    def pick_up(self) -> bool:
        """Whether the player sees the cards of the hand just dealt as they come (not asked to bid
        blind). The game counts them looked at then, not at the player's turn to bid: a blind
        offer turned on during the deal cannot ask for a blind bid on cards already seen."""
        if self.offers_blind():
            return False
        hand = self.game.hand
        if hand.may_look_early(PLAYER) or (hand.phase == "blind" and self.game.to_act == PLAYER):
            self.game.apply(PLAYER, "look")
        return True

    def _computer_moment(self, seat: str, now: float, think_pause: float) -> Moment:
        if self.asked is None:
            level = self.seat_level(seat)
            token = self.new_token()
            self.asker.ask(Request(token, "decide", level, seat_view(self.game.hand, seat),
                                   seed=player_seed(self.game.seed, seat),
                                   time_limit=level_named(level).in_game_limit))
            self.asked = (token, now)
        if self.answer is not None and now - self.asked[1] >= think_pause:
            answer, self.answer, self.asked = self.answer, None, None
            self._play_answer(seat, answer)
            return None
        return Thinking(seat)

    def seat_level(self, seat: str) -> str:
        """The level `seat` is asked at: the partner's for North when the rules have partners, else the opponents'."""
        preferences = self.preferences()
        if self.game.rules.partners and seat == partner(PLAYER):
            return preferences.partner_level
        return preferences.opponents_level

    def _collect_answers(self) -> None:
        while (answer := self.asker.poll()) is not None:
            if not self._take_answer(answer) and self.asked is not None and answer.token == self.asked[0]:
                self.answer = answer

    def _play_answer(self, seat: str, answer: Answer) -> None:
        """Play a computer's answer; if it failed or the rules refuse it, Normal decides."""
        view = seat_view(self.game.hand, seat)
        choice = answer.choice
        try:
            if answer.error:
                raise RuleError(answer.error)
            self.game.apply(seat, choice)
        except RuleError:
            choice = decide(LEVELS["normal"](seat, view["rules"], self.decision_seed()), view)
            self.game.apply(seat, choice)
        self._remember(seat, view, choice)

    def _remember(self, seat: str, view: dict, choice: Any) -> None:
        """Keep a computer's card or bid with the view it was made from (for :meth:`why`)."""
        phase = view["phase"]
        if phase == "play":
            what = str(choice)
        elif phase == "bid" or (phase == "blind" and choice != "look"):
            what = "bid"
        else:
            return
        number = view["hand_number"]
        if any(key[0] < number - 1 for key in self.made):
            self.made = {key: made for key, made in self.made.items() if key[0] >= number - 1}
        self.made[(number, seat, what)] = (view, choice)

    def why(self, hand_number: int, seat: str, card: Card | None = None) -> str | None:
        """Why the computer in `seat` played `card` in hand `hand_number` (with no card: made its
        bid), in one line from that seat's own view; None for a choice not seen made here (the
        player's, or one made before a restored game was picked up). While the hand is being
        played, the reason tells nothing of the cards the seat still holds."""
        made = self.made.get((hand_number, seat, str(card) if card is not None else "bid"))
        if made is None:
            return None
        in_play = hand_number == self.game.hand.number and not self.game.over
        return why(made[0], made[1], self.game.names[seat], hand_shown=not in_play)

    def decision_seed(self) -> int:
        """A seed that changes with every decision of the game (for Normal's stand-in, Suggest)."""
        return (self.game.seed + 7919 * len(self.game.actions)) % 2**31

    # -- the player's choices -----------------------------------------------------------------------
    def choose(self, choice: Any) -> str | None:
        """Make the player's choice (view notation); the rule's refusal in plain words, or None."""
        turn = self.turn()
        try:
            self.game.apply(PLAYER, choice)
        except RuleError as refusal:
            return str(refusal)
        if turn is not None:
            self._decided(turn.key, choice)
        return None

    def take_back(self) -> Any:
        """Take back the player's last bid or card of this hand, with the computers' plays after
        it: the game stands again as when the player was asked (a last card that would go by
        itself is taken back too, with the card before it). Events not shown yet and answers
        still awaited are dropped: the screen shows the game afresh (:meth:`new_model`).

        Returns the choice taken back; RuleError, saying why for the player, when take back is
        off or there is nothing to take back in this hand."""
        if not self.preferences().allow_undo:
            raise RuleError(UNDO_OFF)
        taken = self.game.take_back(PLAYER)
        while self._plays_itself():
            taken = self.game.take_back(PLAYER)
        self.pending.clear()
        self.asked, self.answer = None, None
        self._forget_advice()
        if self.game.phase != "play":
            self.reviewed = 0  # the bids will be looked at again once they are in
        return taken[0][1]

    def advice_question(self) -> tuple[dict, int]:
        """The player's seat view and a seed for Suggest (:class:`AdviceAsking`)."""
        return seat_view(self.game.hand, PLAYER), self.decision_seed()
