"""One table on the server: its rules, its four seats, the game, and what each person there may see.

A :class:`ServerTable` knows nothing of sockets: it is told who joins, watches, leaves and
acts, and hands every message it has for someone to its `send` function (the server puts
it on that person's connection). The engine alone judges each action; a refused one is
answered with the same sentence the game shows offline. Cards are sent only to the seat
that holds them (:func:`net.protocol.event_for`); everyone sees the four hands once a hand
is over. Which seat a computer plays is said by :meth:`ServerTable.computer_to_act`; the
server thinks for it and plays it through :meth:`ServerTable.act`, with the view it decided
from: its bid or card goes out with the reason for it, worded from what the table can see
(:func:`game.players.suggest.explain`), and the whole reason follows with the hand's `shown`.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from game.cards import DECKS, Card
from game.events import BidMade, BlindChoice, CardDealt, CardPlayed, Event, GameOver, HandScored, HandStarted
from game.game import Game
from game.hand import RuleError
from game.players.suggest import explain
from game.rules import Rules
from game.seats import SEAT_NAMES, SEATS, sides
from game.view import seat_view
from net.protocol import event_for

Send = Callable[[str, dict[str, Any]], None]
"""``send(player_id, message)``."""
Listening = Callable[[str], bool]
"""Whether a player would receive what is sent to them now (connected to this server)."""
Deal = tuple[int, str] | None
"""A new game's seed and game id, or None to draw them at the table."""
Reasons = tuple[str, str]
"""Why a computer made a decision: worded from what the table sees, and in full (for once the hand is shown)."""


def reasons(view: dict[str, Any], choice: Any) -> Reasons:
    """Why the computer deciding from `view` chose `choice` (:data:`Reasons`)."""
    return explain(view, choice, hand_shown=False), explain(view, choice)


@dataclass
class Seat:
    """A seat at a table: played by a person (`player` once someone sits there) or a computer.

    A person's seat is played by a computer while the person is `away`: dropped for longer than
    the server holds a seat, or silent past the decision clock."""

    kind: str
    player: str | None = None
    name: str = ""
    connected: bool = False
    away: bool = False
    left_in: str | None = None
    """The game (its id) the seat's player last dropped in: its `seq`s are not the next game's."""

    @property
    def by_computer(self) -> bool:
        """Whether a computer makes this seat's decisions now."""
        return self.kind == "computer" or self.away or (self.kind == "human" and self.player is None)

    def summary(self) -> dict[str, Any]:
        kind = "computer" if self.kind == "computer" else ("open" if self.player is None else "human")
        return {"name": self.name, "kind": kind, "away": self.away, "connected": self.connected}


@dataclass
class ServerTable:
    """A table: `number` in the lobby, its variant and rules, seats marked human or computer by
    whoever created it, the computer `level` and the decision `clock` in seconds."""

    number: int
    variant: str
    rules: Rules
    seats: dict[str, Seat]
    send: Send
    listening: Listening = lambda _player: True
    """Who the table writes its per-person messages for: the others are not sent them, so they are
    not made (a server catching up with shared tables applies thousands of events nobody here hears)."""
    level: str = "normal"
    clock: float = 30.0
    name: str = ""
    watchers: set[str] = field(default_factory=set)
    game: Game | None = None
    log: list[Event] = field(default_factory=list)
    """Every event of the game in play, in order (a message's `seq` is its place, from 1)."""
    on_new_game: Callable[[Game], None] | None = None
    """Told of each new game (the server's Save Hand log subscribes to it)."""
    unlooked: set[str] = field(default_factory=set)
    """Seats that may still bid blind in the hand in play: not even their own cards are sent yet."""
    hand_began: int = 0
    """The seq of the hand in play's `hand_started` event."""
    revealed_at: dict[str, int] = field(default_factory=dict)
    """Each seat sent its cards on looking (or bidding blind) this hand: the seq of the event before."""
    dealt: dict[str, list[Card]] = field(default_factory=dict)
    """The cards dealt to each seat in the hand in play, as the events said (the engine's hand is
    still being dealt while they come)."""
    deciding: tuple[str, Callable[[], Reasons]] | None = None
    """A computer's decision being applied: its seat, and what gives its reasons."""
    public_why: dict[int, str] = field(default_factory=dict)
    """Why a computer made the bid or card of event `seq`, worded from what the table sees."""
    whole_why: dict[int, dict[int, str]] = field(default_factory=dict)
    """By hand number, each computer's reasons (by seq) in full, sent once the hand is shown."""
    reading: set[str] = field(default_factory=set)
    """Players still reading the last hand's score (or the game's end) on their screens: their next
    decision's clock gives them the reading time besides, until they say they are `ready`."""

    # -- who is here ----------------------------------------------------------------------------
    @property
    def state(self) -> str:
        if self.game is None:
            return "waiting"
        return "over" if self.game.over else "playing"

    def seat_of(self, player: str) -> str | None:
        return next((seat for seat, s in self.seats.items() if s.player == player), None)

    def people(self) -> list[str]:
        """Everyone at the table: the seated players, then the watchers."""
        return [s.player for s in self.seats.values() if s.player is not None] + sorted(self.watchers)

    def refuse_seat(self, player: str, seat: str) -> str | None:
        """Why `player` cannot sit at `seat` (taken, or a computer's), or None."""
        place = self.seats[seat]
        if place.kind != "human":
            return f"{SEAT_NAMES[seat]} is played by the computer at this table"
        if place.player is not None and place.player != player:
            return f"{SEAT_NAMES[seat]} is taken by {place.name}"
        return None

    def sit(self, player: str, name: str, seat: str, deal: Deal = None) -> None:
        """Seat `player` at `seat` (see :meth:`refuse_seat` first): the table, every event of the
        game so far, and the game starts when every seat has its player (dealt by `deal`, see
        :meth:`start`)."""
        place = self.seats[seat]
        self.watchers.discard(player)
        place.player, place.name, place.connected, place.away = player, name, True, False
        self.send_table()
        self.resync(player)
        if self.game is None and self.full():
            self.start(deal)

    def watch(self, player: str) -> None:
        self.watchers.add(player)
        self.send_table()
        self.resync(player)

    def leave(self, player: str) -> None:
        """`player` leaves: a watcher goes; a seat is freed before the game, played by the computer after."""
        self.watchers.discard(player)
        seat = self.seat_of(player)
        if seat is not None:
            place = self.seats[seat]
            if self.game is None:
                self.seats[seat] = Seat("human")
            else:
                place.player, place.connected, place.away = None, False, False
        self.send_table()

    def full(self) -> bool:
        return all(s.kind == "computer" or s.player is not None for s in self.seats.values())

    def anyone_here(self) -> bool:
        """Whether anybody follows this table: a seated player connected, or someone watching."""
        return bool(self.watchers) or any(seat.player and seat.connected for seat in self.seats.values())

    def set_connected(self, player: str, connected: bool) -> str | None:
        seat = self.seat_of(player)
        if seat is not None:
            self.seats[seat].connected = connected
            self.seats[seat].left_in = None if connected or self.game is None else self.game.id
            if connected:
                self.seats[seat].away = False
            self.send_table()
        return seat

    def heard_until(self, player: str, last_seq: int) -> int:
        """The last event of the game in play a player coming back with `last_seq` has had: none if
        it dropped in an earlier game (a new game numbers its events from 1 again)."""
        seat = self.seat_of(player)
        left_in = self.seats[seat].left_in if seat is not None else None
        if self.game is None or (left_in is not None and left_in != self.game.id):
            return 0
        return min(last_seq, len(self.log))

    def set_away(self, seat: str) -> None:
        self.seats[seat].away = True
        self.send_table()

    def ready(self, player: str) -> str | None:
        """`player` is at the table and ready to decide: back from away, and done reading. What that
        ended: ``away`` (a computer played the seat until now), ``reading``, or None (nothing)."""
        seat = self.seat_of(player)
        was_reading = player in self.reading
        self.reading.discard(player)
        if seat is not None and self.seats[seat].away:
            self.seats[seat].away = False
            self.send_table()
            return "away"
        return "reading" if was_reading else None

    # -- the game --------------------------------------------------------------------------------
    def start(self, deal: Deal = None) -> None:
        """Deal a new game with a secret seed (never sent): `deal`'s seed and game id when given
        (the servers sharing the tables deal the same game), else a new seed drawn here."""
        names = {seat: s.name or SEAT_NAMES[seat] for seat, s in self.seats.items()}
        self.log, self.public_why, self.whole_why = [], {}, {}
        seed, game_id = deal if deal is not None else (secrets.randbits(48), None)
        self.game = Game(self.rules, seed=seed, variant=self.variant, names=names, listeners=[self._heard],
                         game_id=game_id)
        if self.on_new_game is not None:
            self.on_new_game(self.game)
        self.send_table()
        self.send_turn()

    def again(self, player: str, deal: Deal = None) -> str | None:
        """A seated player asks for a new game once this one is over."""
        if self.seat_of(player) is None:
            return "Only a seated player can start the next game"
        if self.game is not None and not self.game.over:
            return "The game is not over yet"
        self.start(deal)
        self.reading.discard(player)  # the others may still be looking at the game's end
        return None

    def act(self, seat: str, choice: Any, why: Callable[[], Reasons] | None = None) -> str | None:
        """Make `seat`'s decision; the engine's refusal (in the game's words), or None. A computer's
        decision comes with `why`, which gives its reasons once the decision is made."""
        if self.game is None or self.game.over:
            return "There is no game in play at this table"
        if self.game.to_act != seat and not (choice == "look" and self.game.hand.may_look_early(seat)):
            return "It is not your turn"  # but a seat may pick up its cards before its turn
        self.deciding = (seat, why) if why is not None else None
        try:
            self.game.apply(seat, choice)
        except RuleError as refusal:
            return str(refusal)
        finally:
            self.deciding = None
        self.send_turn()
        return None

    def to_act(self) -> str | None:
        return None if self.game is None or self.game.over else self.game.to_act

    def computer_to_act(self) -> str | None:
        """The seat to act, if a computer plays it now."""
        seat = self.to_act()
        return seat if seat is not None and self.seats[seat].by_computer else None

    def view(self, seat: str) -> dict[str, Any]:
        assert self.game is not None
        return seat_view(self.game.hand, seat)

    def decision_number(self) -> int:
        """How many decisions the game has had (a computer's answer is for this one only)."""
        return len(self.game.actions) if self.game is not None else -1

    def _heard(self, event: Event) -> None:
        if isinstance(event, HandStarted):
            self.unlooked, self.revealed_at, self.hand_began = set(event.blind_seats), {}, len(self.log) + 1
            self.dealt = {seat: [] for seat in SEATS}
        elif isinstance(event, CardDealt):
            self.dealt[event.seat].append(event.card)
        elif self._looks(event):
            self._reveal(event.seat)
        self.log.append(event)
        seq = len(self.log)
        self._note_why(event, seq)
        for player in self.people():
            if self.listening(player):
                self.send(player, self._event_message(event, self.seat_of(player), seq))
        if isinstance(event, HandScored):
            self.reading = {s.player for s in self.seats.values() if s.player and s.connected and not s.away}
            self.send_shown(seq, event.number)
        if isinstance(event, (HandStarted, HandScored, GameOver)):
            self.send_table()

    def _note_why(self, event: Event, seq: int) -> None:
        """Event `seq` is the bid or card of the computer's decision being applied: keep why it
        was made, for the table now and in full for once the hand is shown."""
        if self.deciding is None or not isinstance(event, (BidMade, CardPlayed)) or event.seat != self.deciding[0]:
            return
        why = self.deciding[1]
        self.deciding = None
        self.public_why[seq], self.whole_why.setdefault(self.game.hand.number, {})[seq] = why()

    def _event_message(self, event: Event, seat: str | None, seq: int) -> dict[str, Any]:
        """The `event` message of event `seq` for `seat`, with the computer's reason if it made it."""
        message = {"type": "event", "seq": seq, "event": self._event_for(event, seat, seq)}
        if seq in self.public_why:
            message["why"] = self.public_why[seq]
        return message

    def _event_for(self, event: Event, seat: str | None, seq: int) -> dict[str, Any]:
        """Event `seq` as `seat` may see it: while a seat may still bid blind, its own cards of the
        hand in play are hidden from it too (it must decide without having seen them)."""
        data = event_for(event, seat)
        if isinstance(event, CardDealt) and seq > self.hand_began and seat in self.unlooked:
            data["card"] = None
        return data

    def _looks(self, event: Event) -> bool:
        """Whether `event` shows a seat that may still bid blind looking at its cards, or bidding."""
        looking = isinstance(event, BlindChoice) and event.choice == "look"
        return (looking or isinstance(event, BidMade)) and event.seat in self.unlooked

    def _reveal(self, seat: str) -> None:
        """`seat` looks at its cards (or bids blind) now: it is sent them, before the event that says so."""
        self.unlooked.discard(seat)
        self.revealed_at[seat] = len(self.log)
        if self.seats[seat].player is not None:
            self.send(self.seats[seat].player, self._cards(seat, len(self.log)))

    def _cards(self, seat: str, seq: int) -> dict[str, Any]:
        """The `cards` message: `seat`'s cards of the hand in play, sorted (not in the deal's order)."""
        cards = sorted(self.dealt[seat], key=DECKS[self.rules.deck].sort_key)
        return {"type": "cards", "seq": seq, "cards": [str(card) for card in cards]}

    def send_shown(self, seq: int, number: int, player: str | None = None) -> None:
        """Hand `number`'s four hands as dealt, to everyone (or `player`), once it is over."""
        hand = self._hand(number)
        if hand is None:
            return
        message = {"type": "shown", "seq": seq, "hand": number,
                   "deal": {seat: [str(c) for c in hand.dealt[seat]] for seat in SEATS},
                   "why": {str(made): reason for made, reason in self.whole_why.get(number, {}).items()}}
        for person in [player] if player else self.people():
            self.send(person, message)

    def _hand(self, number: int):
        """The finished hand called `number` in the game in play (the last one may still be
        the game's current hand while its score is being told)."""
        if self.game is None:
            return None
        for hand in [*self.game.finished, self.game.hand]:
            if hand.number == number and hand.phase == "done":
                return hand
        return None

    def send_turn(self) -> None:
        """Everyone hears whose turn it is; the seat to act gets its view (with what it may
        choose), if a person plays it."""
        seat = self.to_act()
        if seat is None:
            return
        for person in self.people():
            self.send(person, {"type": "waiting", "seq": len(self.log), "seat": seat})
        player = self.seats[seat].player
        if not self.seats[seat].by_computer and self.seats[seat].connected and self.listening(player):
            self.send(player, {"type": "turn", "seq": len(self.log), "view": self.view(seat)})

    def resync(self, player: str, after: int = 0) -> None:
        """Every event of the game in play after `after`, as `player` may see it, then its turn."""
        seat = self.seat_of(player)
        if seat is not None and self.hand_began <= after <= self.revealed_at.get(seat, -1):
            self.send(player, self._cards(seat, after))  # it has looked since it last heard: its cards were hidden
        for seq, event in enumerate(self.log[after:], start=after + 1):
            self.send(player, self._event_message(event, seat, seq))
            if isinstance(event, HandScored):
                self.send_shown(seq, event.number, player)
        to_act = self.to_act()
        if to_act is not None:
            self.send(player, {"type": "waiting", "seq": len(self.log), "seat": to_act})
        if seat is not None and to_act == seat and not self.seats[seat].by_computer:
            self.send(player, {"type": "turn", "seq": len(self.log), "view": self.view(seat)})
        self.send(player, {"type": "synced", "seq": len(self.log)})

    # -- what the lobby and the table show ------------------------------------------------------------
    @cached_property
    def rules_line(self) -> str:
        """The table's rules as a `Rules` line (they never change; the lobby lists them often)."""
        return self.rules.to_line()

    def summary(self) -> dict[str, Any]:
        game = self.game
        scores = {side: s.points for side, s in game.standings.items()} if game else {
            side: 0 for side in sides(self.rules.partners)}
        return {"table": self.number, "name": self.name, "variant": self.variant, "rules": self.rules_line,
                "level": self.level, "clock": self.clock, "state": self.state,
                "hand": game.hand.number if game else 0, "scores": scores, "watchers": len(self.watchers),
                "seats": {seat: s.summary() for seat, s in self.seats.items()}}

    def send_table(self) -> None:
        message = {"type": "table", **self.summary()}
        for player in self.people():
            self.send(player, message)
