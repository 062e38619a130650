"""The table's control for a game on a server: the same face as the local controller, fed by
the server's messages — no pygame.

The server runs the game; this controller turns its messages (seats turned so the player
sits South: :mod:`net.rotation`) into the engine events the table shows, the player's
:class:`~scenes.table.controller.Turn` when the server asks, and the thinking dots of the
seat the table waits for. The player's choices go to the server; a refusal comes back a
moment later and is told like a local one. Suggest and the coach think here, from the seat's own
view the server sent with the turn. Why a computer seat bid or played so comes from the server
(worded from what the table sees, and in full once the hand is shown), the name in front from here.
Joining a game under way (or coming back after a drop), the events so far are shown at once.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from game.cards import Card
from game.events import BidMade, BlindChoice, CardPlayed, Event, GameOver, HandScored, HandStarted, from_dict
from game.players.suggest import titled
from game.records.handlog import LoggedHand
from game.rules import Rules
from game.scoring import Standing
from game.seats import SEAT_NAMES, SEATS, sides
from net.hands import HandsSeen
from net.rotation import Turning
from scenes.table.controller import AdviceAsking, Asker, BidsPause, Moment, Thinking, Turn
from scenes.table.model import HandShown, Hidden, OwnCards, TableModel

CHAT_KEPT = 6
"""Chat lines kept for the table's chat line."""
MISFIT = "Left out a server event unfit for this table"
WHY_LENGTH = 200
"""The most of a reason from the server that is shown (a longer one is cut)."""
SHOWN_ASIDE = ("table", "chat", "status", "welcome", "error")
"""Messages that change what the table shows besides the game: names, the chat line, the connection
(``welcome``: it is back)."""


class Connection(Protocol):
    """What the controller needs of the network client (:class:`net.client.NetClient`)."""

    status: str

    def send(self, message: dict[str, Any]) -> None: ...

    def receive(self) -> list[dict[str, Any]]: ...


class WatchedModel(TableModel):
    """The table as a spectator sees it: South's cards are not told (only how many), so the fan
    stays face down whatever South bids, until the hand is shown at its end. An empty fan (before
    the deal, after the last trick) is not a looked-at one either."""

    watching = True

    def apply(self, event: Event) -> None:
        super().apply(event)
        south = self.holdings["S"]
        self.south_looked = bool(south) and not any(isinstance(card, Hidden) for card in south)


@dataclass(frozen=True)
class ChatLine:
    """A line of the table's chat: `who` said `text`; or, with no `who`, the table's own news
    (someone sat down, left, dropped, came back, went away, or started watching)."""

    who: str
    text: str

    @property
    def words(self) -> str:
        return f"{self.who}: {self.text}" if self.who else self.text


SEAT_PLACES = {"W": "on your left", "N": "across from you", "E": "on your right"}
"""Where a seat is from the player's (the screen's) point of view: a table turned for each player
names a seat so the same for all of them."""


def seat_news(before: dict[str, Any], after: dict[str, Any], watching: bool = False) -> list[str]:
    """What changed at the table between two of its summaries (seats as on screen), in words:
    "Bo sits on your left", "Bo left the table", "Bo lost the connection", "Bo is back", "Bo is
    away", "Someone is watching". To someone `watching`, South is a seat like the others, and a
    seat is named, not placed ("Bo sits at West").

    >>> seat = lambda name, kind="human", **more: {"name": name, "kind": kind, "away": False, "connected": True, **more}
    >>> seat_news({"seats": {"W": seat("", "open")}, "watchers": 0}, {"seats": {"W": seat("Bo")}, "watchers": 1})
    ['Bo sits on your left', 'Someone is watching']
    >>> seat_news({"seats": {"W": seat("Bo")}}, {"seats": {"W": seat("Bo", connected=False)}})
    ['Bo lost the connection']
    >>> seat_news({"seats": {"S": seat("Bo")}}, {"seats": {"S": seat("Bo", "open", connected=False)}}, watching=True)
    ["Bo left the table: click the seat's name to sit there"]
    """
    news = []
    old_seats, new_seats = before.get("seats") or {}, after.get("seats") or {}
    for place in SEATS:
        old, new = old_seats.get(place), new_seats.get(place)
        if (place == "S" and not watching) or not isinstance(old, dict) or not isinstance(new, dict):
            continue
        words = _seat_change(old, new, f"at {SEAT_NAMES[place]}" if watching else SEAT_PLACES[place])
        if words and watching and new.get("kind") == "open" and words.endswith("left the table"):
            words += ": click the seat's name to sit there"
        if words:
            news.append(words)
    if (after.get("watchers") or 0) > (before.get("watchers") or 0):
        news.append("Someone is watching")
    return news


def _seat_change(old: dict[str, Any], new: dict[str, Any], where: str) -> str | None:
    """A seat's change in words (:func:`seat_news`); a player who leaves a game under way keeps
    the seat's name for the computer that plays it on, the seat open to anyone."""
    who, was = new.get("name") or "", old.get("name") or ""
    if old.get("kind") == "human" and new.get("kind") == "open" and was:
        return f"{was} left the table"
    if who and who != was and new.get("kind") == "human":
        return f"{who} sits {where}"
    if was and not who:
        return f"{was} left the table"
    if who and old.get("connected") and not new.get("connected"):
        return f"{who} lost the connection"
    if who and ((new.get("connected") and not old.get("connected")) or (old.get("away") and not new.get("away"))):
        return f"{who} is back"
    if who and new.get("away") and not old.get("away"):
        return f"{who} is away: the computer plays for them"
    return None


class OnlineTableController(AdviceAsking):
    """The player's seat (`seat`, None to watch) at server table `summary["table"]`."""

    online = True
    on_coach = None
    """The coach's questions are not counted: the statistics count the games on this computer."""

    def __init__(self, connection: Connection, seat: str | None, summary: dict[str, Any], asker: Asker,
                 preferences: Callable[[], Any], new_token: Callable[[], int],
                 on_change: Callable[[], None] | None = None,
                 on_hand: Callable[[LoggedHand], None] | None = None) -> None:
        self.connection = connection
        self.on_hand = on_hand
        """Given each hand the player played here, once it is over (for Save Hand)."""
        self.hands = HandsSeen(Rules.parse(summary["rules"]), int(summary.get("table", 0)),
                               str(summary.get("variant", "")))
        self.on_change = on_change
        """Told when something the table shows besides the game changes (the connection, chat, names):
        the screen draws again though no card moves."""
        self.seat = seat
        self.turning = Turning(seat)
        self.asker = asker
        self.preferences = preferences
        self.new_token = new_token
        self.summary = self.turning.message(summary)
        self.rules = Rules.parse(summary["rules"])
        self.pending: deque[Event] = deque()
        self.held: Event | None = None
        """A hand's score, held until its four hands come (shown with it)."""
        self.turn_view: dict[str, Any] | None = None
        self.turn_seq = -1
        self.waiting_for: str | None = None
        self.sent: tuple | None = None
        """The decision answered, until the server says how it went."""
        self.refusals: list[str] = []
        self.chat: deque[ChatLine] = deque(maxlen=CHAT_KEPT)
        self.notices: list[str] = []
        self.synced_at: int | None = None
        self.past_left = 0
        """Events still to show that happened before the server last brought this table up to date
        (the game so far, for a player who has just sat down, watches, or is back after a drop)."""
        self.seen = 0
        """The seq of the last event given to the screen."""
        self.reviewed_hand = 0
        self.cards_this_hand = 0
        self.hand_number = 0
        self.over = False
        self.winner: str | None = None
        self.standings = {side: Standing() for side in sides(self.rules.partners)}
        self._forget_advice()
        self.model: TableModel | None = None
        """The table as shown, made by :meth:`new_model`; its names follow the server's."""
        self.reasons: dict[tuple[int, str, str], tuple[str, str]] = {}
        """Why a computer seat made a bid ("bid") or played a card, by (hand, seat on screen, what):
        the bid or card, and the reason."""
        self.reason_keys: dict[int, tuple[int, str, str]] = {}
        """The key in :attr:`reasons` of each event `seq` that came with a reason."""
        self.pick_up_due = False
        """The player's cards are to be looked at once the messages come are taken (:meth:`_pick_up`)."""
        self.looked_in = 0
        """The last hand whose cards the game looked at for the player (an automatic look goes once)."""
        self.moved: list[dict[str, Any]] | None = None
        """The server has seated the player elsewhere (or lets them watch): its ``joined`` or
        ``watching`` and every message after it, which are that table's, not this one's. It happens
        when the lobby asked twice before the first answer came (a watch, then a seat)."""

    # -- messages from the server ---------------------------------------------------------------------
    def poll(self) -> None:
        """Take every message that has come (then pick up the cards of the hand they leave in play,
        if due: see :meth:`_pick_up`); never waits."""
        for message in self.connection.receive():
            self.take(message)
        if self.pick_up_due:
            self.pick_up_due = False
            self.looked_in = self.hand_number
            self.connection.send({"type": "act", "choice": "look"})
        self._collect_answers()

    def _collect_answers(self) -> None:
        """Suggest's and the coach's answers that have come (never waits)."""
        while (answer := self.asker.poll()) is not None:
            self._take_answer(answer)

    def take(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if self.moved is not None or kind in ("joined", "watching"):
            self.moved = [*(self.moved or []), message]
            return
        if kind in ("event", "shown") and self.seat is not None:
            self._log_hand(message)
        message = self.turning.message(message)
        if kind in ("event", "shown", "cards"):
            self._game_news(kind, message)
        elif kind == "turn":
            self.turn_view, self.turn_seq, self.sent = message["view"], message["seq"], None
        elif kind == "waiting":
            self.waiting_for = message["seat"]
        elif kind == "refused":
            self.refusals.append(message["reason"])
            self.sent = None
        elif kind == "synced":
            self.synced_at, self.past_left = message["seq"], len(self.pending)
        elif kind == "table":
            for words in seat_news(self.summary, message, watching=self.seat is None):
                self.chat.append(ChatLine("", words))
            self.summary = message
            if self.model is not None:
                self.model.names.update(self.names())  # someone sat down, left or came back
        elif kind == "chat":
            self.chat.append(ChatLine(message["from"], message["text"]))
        elif kind == "error":
            self.notices.append(message["reason"])
        if kind in SHOWN_ASIDE and self.on_change is not None:
            self.on_change()

    def _game_news(self, kind: str, message: dict[str, Any]) -> None:
        """An event of the game, the four hands once a hand is over, or the player's own cards."""
        if kind == "event":
            self._event(message)
        elif kind == "shown":
            self._take_whole_reasons(message.get("why"))
            deal = {seat: [Card.parse(card) for card in cards] for seat, cards in message["deal"].items()}
            self.pending.append(HandShown(message["hand"], deal))
            if self.held is not None:
                self.pending.append(self.held)
                self.held = None
        else:
            self.pending.append(OwnCards(tuple(Card.parse(card) for card in message["cards"])))

    def _event(self, message: dict[str, Any]) -> None:
        try:
            event = from_dict(message["event"])
        except ValueError as error:
            self.notices.append(f"The server sent something this game cannot read: {error}")
            return
        misfit = self._misfit(event)
        if misfit is not None:
            self.notices.append(f"{MISFIT} ({misfit})")
            return
        self.seen = message["seq"]  # the latest: a new game at the table numbers its events from 1 again
        self.turn_view = None  # a decision was made since the view came: it is no longer the player's to make
        if isinstance(event, HandScored):
            self.standings = dict(event.score.standings)
            self.held = event
            return
        if isinstance(event, GameOver):
            self.over, self.winner = True, event.winner
        if isinstance(event, HandStarted):
            if self.over:  # the next game, started by another player there
                self._afresh()
            self.over, self.hand_number, self.cards_this_hand = False, event.number, 0
            self._forget_reasons(event.number)
            self._pick_up(event)
        elif isinstance(event, (BlindChoice, BidMade)) and event.seat == "S" or isinstance(event, CardPlayed):
            self.pick_up_due = False  # looked at or bid since (a hand played while the player was away)
        self._take_reason(message, event)
        self.pending.append(event)

    def _pick_up(self, event: HandStarted) -> None:
        """A hand starts in which the player may bid blind but would not be offered it (the options'
        blind offer): look at the cards at once, as they come, rather than at the player's turn to
        bid, which at a table of people may be minutes away. The look goes once the messages that
        have come are taken (:meth:`poll`), for the hand they leave in play: back after a long read,
        the hands played meanwhile are not looked at one by one (each look refused)."""
        self.pick_up_due = (self.seat is not None and self.synced_at is not None and "S" in event.blind_seats
                            and not self.offers_blind())

    def _misfit(self, event: Event) -> str | None:
        """What is wrong with a score or a game's end that is not of this table's sides (else None)."""
        ours = set(self.standings)
        if isinstance(event, HandScored) and set(event.score.sides) != ours:
            return f"a score for {', '.join(event.score.sides)}"
        if isinstance(event, GameOver) and (event.winner not in ours or set(event.standings) != ours):
            return f"a game won by {event.winner}"
        return None

    def _take_reason(self, message: dict[str, Any], event: Event) -> None:
        """Keep the reason a computer's bid or card came with (a reason that is not text is left out)."""
        reason = message.get("why")
        if not isinstance(reason, str) or not isinstance(event, (BidMade, CardPlayed)):
            return
        choice = str(event.card) if isinstance(event, CardPlayed) else str(event.bid)
        key = (self.hand_number, event.seat, choice if isinstance(event, CardPlayed) else "bid")
        self.reasons[key] = (choice, reason[:WHY_LENGTH])
        self.reason_keys[message["seq"]] = key

    def _take_whole_reasons(self, reasons: Any) -> None:
        """The hand is shown: its computers' reasons in full take the place of the table's."""
        if not isinstance(reasons, dict):
            return
        for seq, reason in reasons.items():
            key = self.reason_keys.get(int(seq)) if str(seq).isdecimal() else None
            if key is not None and isinstance(reason, str):
                self.reasons[key] = (self.reasons[key][0], reason[:WHY_LENGTH])

    def _forget_reasons(self, number: int) -> None:
        """Hand `number` starts: keep the last hand's reasons only (a new game forgets them all)."""
        self.reasons = {key: reason for key, reason in self.reasons.items() if number - 1 <= key[0] < number}
        self.reason_keys = {seq: key for seq, key in self.reason_keys.items() if key in self.reasons}

    def why(self, hand_number: int, seat: str, card: Card | None = None) -> str | None:
        """Why the computer in `seat` (on screen) played `card` in hand `hand_number` (with no card:
        made its bid), as the server said; None for a person's choice (or a server that does not say)."""
        made = self.reasons.get((hand_number, seat, str(card) if card is not None else "bid"))
        return None if made is None else titled(self.names()[seat], made[0], card is not None, made[1])

    def _log_hand(self, message: dict[str, Any]) -> None:
        """Follow the hand in the server's own seats; a hand over and shown goes to `on_hand`."""
        names = {self.turning.back(seat): name for seat, name in self.names().items()}
        try:
            logged = self.hands.take(message, names)
        except (ValueError, KeyError, TypeError) as error:
            self.notices.append(f"This hand cannot be saved: {error}")
            return
        if logged is not None and self.on_hand is not None:
            self.on_hand(logged)

    # -- the face the table's screen sees -----------------------------------------------------------------
    @property
    def catching_up(self) -> bool:
        """Events of a game under way are being shown at once (joining, or back after a drop)."""
        return self.synced_at is None or self.seen < self.synced_at or len(self.pending) > 8

    @property
    def more_scores_waiting(self) -> bool:
        """A hand's score waits to be shown, the table being a hand or more behind the game."""
        return any(isinstance(event, HandScored) for event in self.pending)

    @property
    def replaying(self) -> bool:
        """The next events to show are the game so far, not play as it happens: nothing waits for a click."""
        return self.synced_at is None or self.past_left > 0

    def next_event(self) -> Event | None:
        if not self.pending:
            return None
        event = self.pending[0]
        if isinstance(event, CardPlayed) and self.cards_this_hand == 0 and self.reviewed_hand != self.hand_number:
            return None  # the bids are looked at first (see next_moment)
        if isinstance(event, CardPlayed):
            self.cards_this_hand += 1
        self.past_left = max(0, self.past_left - 1)
        return self.pending.popleft()

    @property
    def events_waiting(self) -> bool:
        return bool(self.pending) and self.next_event_ready()

    def next_event_ready(self) -> bool:
        event = self.pending[0]
        return not (isinstance(event, CardPlayed) and self.cards_this_hand == 0
                    and self.reviewed_hand != self.hand_number)

    def next_moment(self, now: float, think_pause: float = 0.0) -> Moment:
        if self.pending and not self.next_event_ready():
            return BidsPause(self.hand_number)
        turn = self.turn()
        if turn is not None:
            if turn.phase == "blind" and not self.offers_blind():
                if self.looked_in != self.hand_number:  # else the look went as the hand started: its answer comes
                    self.looked_in = self.hand_number
                    self.choose("look")
                return None
            self._think_ahead(turn)
            return turn
        if self.waiting_for and not self.over:
            return Thinking(self.waiting_for)
        return None

    def end_pause(self) -> None:
        self.reviewed_hand = self.hand_number

    def turn(self) -> Turn | None:
        view = self.turn_view
        if view is None or self.sent == (self.turn_seq,) or not view.get("legal") or self.pending:
            return None
        if self.seat is not None and self.absent.get("S") == "away":
            return None  # a computer decides for the seat now; the player's click asks for the turn again
        phase = view["phase"]
        giver = phase == "exchange" and view["bids"].get("S") == "bnil" and len(view["hand"]) == 13
        # the events so far and the kind of decision: keeping a hand, or giving no card in an exchange,
        # tells the table nothing, and the same seat's next decision comes at the same seq
        return Turn((self.turn_seq, phase), phase, tuple(view["legal"]), view.get("exchange_count", 0) or 0, giver)

    def pick_up(self) -> bool:
        """Whether the player sees the cards of the hand just dealt as they come (the look went to
        the server as the hand's first message came: :meth:`_pick_up`)."""
        return not self.offers_blind()

    def offers_blind(self) -> bool:
        wanted = self.preferences().blind_offer
        if wanted == "trailing":
            ours = next(side for side in self.standings if "S" in side)
            return max(s.points for side, s in self.standings.items() if side != ours) > self.standings[ours].points
        return wanted == "always"

    def choose(self, choice: Any) -> str | None:
        """Send the player's choice; a refusal comes later (:meth:`take_refusal`)."""
        turn = self.turn()
        if turn is None:
            return "It is not your turn"
        self.connection.send({"type": "act", "choice": choice})
        self.sent = (self.turn_seq,)
        self._decided(turn.key, choice)
        return None

    def take_refusal(self) -> str | None:
        return self.refusals.pop(0) if self.refusals else None

    def take_notice(self) -> str | None:
        """The newest word from the server (or on what it sent) not yet told, for the table to say (those
        before it, which it would replace at once, are dropped)."""
        newest = self.notices[-1] if self.notices else None
        self.notices.clear()
        return newest

    def advice_question(self) -> tuple[dict, int]:
        """The seat view the server sent with the turn (turned to South) and a seed for Suggest."""
        return self.turn_view or {}, self.turn_seq

    @property
    def thinking(self) -> bool:
        return self.turn() is None and self.waiting_for is not None and not self.over

    @property
    def waiting_for_answers(self) -> bool:
        return True  # the server's messages are looked for often

    @property
    def variant(self) -> str:
        return str(self.summary.get("variant", "Custom"))

    @property
    def seed(self) -> int:
        return int(self.summary.get("table", 0))

    @property
    def decisions(self) -> int:
        return self.seen

    def open_seats(self) -> list[str]:
        """The seats nobody has taken yet, before the game starts (as the screen shows them)."""
        seats = self.summary.get("seats", {})
        if self.summary.get("state") != "waiting" or not isinstance(seats, dict):
            return []
        return [seat for seat in SEATS if isinstance(seats.get(seat), dict) and seats[seat].get("kind") == "open"]

    @property
    def absent(self) -> dict[str, str]:
        """The seats (on screen) whose player is not playing now: ``away`` while a computer plays
        for them, ``no connection`` while their seat is held for them after a drop, ``open`` where
        nobody sits (a seat its player left, which a computer plays on: anyone may take it)."""
        seats = self.summary.get("seats", {})
        absent = {}
        for seat in SEATS:
            info = seats.get(seat) if isinstance(seats, dict) else None
            if isinstance(info, dict) and info.get("kind") == "open":
                absent[seat] = "open"
            if not isinstance(info, dict) or info.get("kind") != "human":
                continue
            if info.get("away"):
                absent[seat] = "away"
            elif not info.get("connected", True):
                absent[seat] = "no connection"
        return absent

    def ready(self) -> None:
        """The player is at the table, ready to decide (back from the score screen or the menu, or
        clicking while away): a seat played by a computer meanwhile is theirs again, and after a
        hand's score their clock runs from now (else it runs on as it was)."""
        if self.seat is not None:
            self.connection.send({"type": "ready"})

    def names(self) -> dict[str, str]:
        """Each seat's name as the table's summary says (the player's own seat is "You" until the
        server has seated them: the summary that comes with `joined` still shows it open). A seat
        without a name (a computer's) is called by the server's seat, the same for everyone at the
        table wherever they sit: "West" is one player for all, in chat and in Spades.save."""
        seats = self.summary.get("seats", {})
        names = {seat: (seats.get(seat, {}).get("name") or SEAT_NAMES[self.turning.back(seat)]) for seat in SEATS}
        if self.seat is not None and not seats.get("S", {}).get("name"):
            names["S"] = "You"
        return names

    def new_model(self) -> TableModel:
        kind = WatchedModel if self.seat is None else TableModel
        self.model = kind(self.rules, self.names(), self.standings)
        return self.model

    def is_final(self, hands_scored: int) -> bool:
        return self.over and all(isinstance(event, GameOver) for event in self.pending)

    def play_again(self) -> None:
        """Ask the server for the next game at this table: it starts from nothing (the table made
        for it shows no score, and its first hand's bids are looked at like any other's)."""
        self.connection.send({"type": "again"})
        self._afresh()

    def _afresh(self) -> None:
        """A new game at the table: no score, no hand yet."""
        self.standings = {side: Standing() for side in sides(self.rules.partners)}
        self.over, self.winner, self.hand_number, self.reviewed_hand = False, None, 0, 0

    def leave(self) -> None:
        self.connection.send({"type": "leave"})

    def sit(self, seat: str) -> bool:
        """Someone watching takes the open seat `seat` (on screen) at this table; whether it was asked
        (the server's ``joined`` then moves the player to the seat, as from the lobby)."""
        if self.seat is not None or self.absent.get(seat) != "open":
            return False
        self.connection.send({"type": "join", "table": self.summary["table"], "seat": self.turning.back(seat)})
        return True

    def say(self, text: str) -> None:
        """A line of chat to the table."""
        self.connection.send({"type": "chat", "text": text})
