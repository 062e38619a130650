"""The table on screen: engine events become motion, sound and words; the player's mouse and
keys become choices.

The scene is a view over a :class:`scenes.table.controller.TableController`. Each event the
controller gives becomes a *beat* (a card flight, a pause, an announcement); only when
every event has been shown does the scene ask the controller what the table waits for,
and then offers the player the fan and the bid box, or shows a computer thinking. No rule
is decided here.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UITextEntryLine

from game.bids import Bid
from game.cards import Card
from game.events import (
    BidChanged,
    BidMade,
    BlindChoice,
    CardDealt,
    CardPlayed,
    CardsExchanged,
    Event,
    GameOver,
    HandScored,
    HandStarted,
    MisdealCalled,
    SpadesBroken,
    TrickWon,
)
from game.hand import RuleError
from game.legality import give_back_refusal
from game.players.thinker import Answer
from game.seats import SEAT_NAMES, SEATS, side_of
from net.protocol import CHAT_LENGTH
from scenes.look import layout, text
from scenes.look.animation import Beat, Fade, Flight
from scenes.look.palette import GOLD, GREY, GREY_LIGHT, PANEL, PANEL_EDGE, WARNING, WHITE, Colour
from scenes.look.text import does, plural
from scenes.scene import Scene
from scenes.table.bid_box import BidBox
from scenes.table.chat_band import ChatBand, draw_log
from scenes.table.controller import BidsPause, TableController, Thinking, Turn
from scenes.table.model import Hidden, TableModel
from scenes.table.painter import DOTS_STEP, SIDE_TURNS, Marks, TablePainter, fan_positions, hand_origin

NOTICE_LIFE = 8.0
"""Seconds a failed Save Hand or statistics write is told on the table (it stays in the title's notices),
and a server's word on what it could not do (or on what it sent that this game cannot read)."""
THINKING_POLL = 0.05
"""How often the table looks for a computer's answer."""
TURN_CHIME_WAIT = 5.0
"""Seconds since the player last acted after which, at a server's table, their turn chimes when it
comes (the others are people who take their time; at the pace of computers, it would chime at
every turn)."""
AWAY_WORDS = "Away: a computer plays for you. Click to play again"
"""What the table says while a computer plays for the player at a server's table."""
HELD_MESSAGE_LIFE = 3600.0
"""A message that stays until the click it asks for (the loop sleeps until then)."""
BOX_PHASES = ("blind", "misdeal", "bid", "exchange")
"""The decisions the bid box answers (cards are played from the fan)."""
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_UP)
NAMED_KEYS = {pygame.K_n: "nil", pygame.K_b: "bnil", pygame.K_d: "misdeal"}
STEP_KEYS = {pygame.K_PLUS: 1, pygame.K_EQUALS: 1, pygame.K_KP_PLUS: 1, pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1}


def bids_summary(model: TableModel) -> str:
    """The bids at a glance before the first card: each side's total, and who bid nil.

    "Bids are in: Us 7 + North nil, Them 2" """
    if not model.rules.partners:
        bid = sum(b.tricks for b in model.bids.values())
        return f"Bids are in: {bid} of 13 tricks bid"
    parts = []
    for label, seats in (("NS", "SN"), ("EW", "WE")) if model.watching else (("Us", "SN"), ("Them", "WE")):
        nils = [f"{model.names[seat]} {'blind nil' if model.bids[seat].blind else 'nil'}"
                for seat in seats if seat in model.bids and model.bids[seat].is_nil]
        total = model.contract(seats)[1]
        parts.append(" + ".join([f"{label} {total}" if total or not nils else label, *nils]))
    return f"Bids are in: {', '.join(parts)}"


def taken_back_words(choice: object) -> str:
    """What the player took back, in words: "You take back the A♠", "… your bid of 4"."""
    if not isinstance(choice, str):
        return "You take back the cards you passed"
    try:
        return f"You take back the {Card.parse(choice).label}"
    except ValueError:
        bid = Bid.parse(choice)
        return f"You take back your {bid.label}" if bid.is_nil else f"You take back your bid of {bid.label}"


class TableScene(Scene):
    """One game at the table: deal, bidding, exchange and play, hand after hand."""

    def __init__(self, app, control: TableController | None = None) -> None:
        super().__init__(app)
        if control is None:
            session = app.session
            control = TableController(session.game, session.pending, app.thinker, lambda: app.settings,
                                      app.new_token, on_coach=self.count_coach)
        self.control = control
        self.model = self.control.new_model()
        self.painter = TablePainter(app.art, app.felt)
        self.beats: deque[Beat] = deque()
        self.beat: Beat | None = None
        self.flights: list[Flight] = []
        self.in_flight: set[Card] = set()
        self.message: Fade | None = None
        """The one message shown (an announcement, a refusal, advice)."""
        self.notice: Fade | None = None
        """At a server's table: the server's last word on what it could not do, or on what it sent that
        this game cannot read (told on the chat line, where announcements do not replace it)."""
        self.message_turn: tuple | None = None
        """The decision a refusal or advice belongs to: it goes when that turn is over."""
        self.hurry = False
        self.clock = 0.0
        self.last_acted = 0.0
        """The clock when the player last acted or came back to the table: at a server's table, a turn
        that comes longer than TURN_CHIME_WAIT after it chimes (the player may have looked away)."""
        self.turn: Turn | None = None
        """The player's decision on offer."""
        self.box: BidBox | None = None
        self.advice: Answer | None = None
        """Suggest's answer shown for the decision now open."""
        self.suggested: Card | None = None
        self.selected: set[Card] = set()
        self.hover: Card | None = None
        self.pointed: tuple[str, Card | None] | None = None
        """The other seat's card on the table or bid the mouse points at (Why did they play that?)."""
        self.thinking: str | None = None
        """The computer seat whose decision is awaited."""
        self.reveal = False
        self.show_last = False
        self.paused = False
        self.playing_on = False
        """Under the menu at a server's table, whose game does not wait for the player: the table goes
        on beneath (cards fly, bids and tricks are told, the player's turn is taken up for the menu to
        tell), but stops before anything that opens another screen (see :class:`MenuScene`)."""
        self.asking = False
        """The coach's question is open over the table, which stays in sight (its words too)."""
        self.closed = False
        self._shown: tuple = ()
        self.chat_entry: UITextEntryLine | None = None
        self.chat_band = ChatBand()
        self.chat_pointed = False
        """The mouse is over the chat band (at a server's table): the chat so far shows beneath it."""
        self.hand_problems: list[str] = []
        """Files that could not be written during this hand, told again on its score screen."""
        self.shows: dict[type, Callable[[Event], Beat]] = {
            HandStarted: self.show_hand_started, CardDealt: self.show_card_dealt, BlindChoice: self.show_quietly,
            MisdealCalled: self.show_misdeal, BidMade: self.show_bid, BidChanged: self.show_bid_changed,
            CardsExchanged: self.show_exchange, CardPlayed: self.show_card_played, SpadesBroken: self.show_broken,
            TrickWon: self.show_trick_won, HandScored: self.show_hand_scored, GameOver: self.show_game_over,
        }

    @property
    def game(self):
        """The engine's game this table shows, on this computer (for reading only: choices go through
        the controller); None at a server's table."""
        return getattr(self.control, "game", None)

    # -- life on the stack ---------------------------------------------------------------
    def exit(self) -> None:
        self.closed = True
        self._close_box()
        self.close_chat(send=False)

    def pause(self) -> None:
        """A screen covers the table: what is in the air lands now (the table stands still under it)."""
        self.paused = True
        for flight in self.flights:
            flight.finish()
        self.flights = []
        if self.box:
            self.box.hide()

    def resume(self) -> None:
        self.paused = self.asking = False
        self.last_acted = self.clock
        if self.box:
            self.box.show()
        self.control.ready()  # back from the score, the game's end or the menu: the player can decide

    @property
    def still(self) -> bool:
        """The table shows nothing new: closed, or covered by a screen (other than the menu over a
        server's table, under which it plays on)."""
        return self.closed or (self.paused and not self.playing_on)

    @property
    def waits_for_menu(self) -> bool:
        """Playing on under the menu, the table has come to a moment that opens another screen."""
        return self.playing_on and self.beat is not None and self.beat.opens_screen

    def _close_box(self) -> None:
        if self.box:
            self.box.kill()
            self.box = None

    # -- helpers -------------------------------------------------------------------------------
    def time(self, seconds: float) -> float:
        """An animation time at the chosen speed (0 when hurrying through, or catching up with a
        game under way)."""
        return 0.0 if self.hurry or self.control.catching_up else seconds * self.app.speed

    def sound(self, name: str) -> None:
        if not self.control.catching_up:
            self.app.sounds.play(name)

    def say(self, words: str, life: float = layout.MESSAGE_LIFE, *, this_turn: bool = False) -> None:
        """Show one message in place of any other; `this_turn` ones (refusals, advice) go as
        soon as the player's decision is made, announcements when their time is up."""
        self.message = Fade(words, life)
        self.message_turn = self.turn.key if this_turn and self.turn else None

    def end_turn_messages(self) -> None:
        """The decision the message spoke of is over: take the message away."""
        if self.message is not None and self.message_turn is not None:
            self.message, self.message_turn = None, None

    def name(self, seat: str) -> str:
        return self.model.names[seat]

    @property
    def busy(self) -> bool:
        return bool(self.beat or self.beats or self.flights or self.control.events_waiting)

    def south_order(self) -> list[Card]:
        settings = self.app.settings
        return self.model.south_hand(settings.spades_first, settings.aces_left)

    def card_position(self, seat: str, card: Card) -> tuple[float, float]:
        """Where `card` sits now in `seat`'s hand (the hand's middle for hidden hands)."""
        if seat == "S":
            order = self.south_order()
            if card in order:
                return fan_positions("S", len(order))[order.index(card)]
        return hand_origin(seat, len(self.model.holdings[seat]))

    def fly(self, card: Card, start, end, duration: float, *, face_up: bool, turns: int = 0) -> None:
        self.in_flight.add(card)
        self.flights.append(Flight((card, face_up, turns), start, end, duration, 0.0,
                                   lambda: self.in_flight.discard(card)))

    def announced_pause(self) -> Beat:
        """A pause after news the player should read (a click goes on)."""
        return Beat(self.time(layout.ANNOUNCE_PAUSE), wait_click=self.app.speed > 0)

    # -- events into beats ----------------------------------------------------------------------
    def show_hand_started(self, event: HandStarted) -> Beat:
        self.model.apply(event)
        if self.control.pick_up():
            self.model.south_looked = True
        self.reveal = False
        self.sound("shuffle")
        game = self.game
        again = game is not None and game.start is not None and not game.finished  # Review's Play it
        words = "Redeal" if event.redeal else f"Hand {event.number}{' again' if again else ''}"
        self.say(f"{words}: {does(self.name(event.dealer), 'deal')}")
        return Beat(self.time(0.5))

    def show_card_dealt(self, event: CardDealt) -> Beat:
        self.model.apply(event)
        self.sound("deal")
        card = self.model.holdings[event.seat][-1]  # the card, or what stands for it where it is hidden
        self.fly(card, hand_origin(self.model.dealer, 13), self.card_position(event.seat, card),
                 self.time(layout.DEAL_FLIGHT), face_up=False, turns=SIDE_TURNS[event.seat])
        return Beat(self.time(layout.DEAL_INTERVAL))

    def show_quietly(self, event: Event) -> Beat:
        self.model.apply(event)
        return Beat()

    def show_misdeal(self, event: MisdealCalled) -> Beat:
        self.sound("set")
        self.say(f"{does(self.name(event.seat), 'call')} a misdeal: {event.grounds}")
        return self.announced_pause()

    def show_bid(self, event: BidMade) -> Beat:
        """Every bid is told in the band as it lands on its seat's plate, but the player's own
        number (the bid box has just shown it); a bid the rules made for the player waits to be read."""
        self.model.apply(event)
        self.sound("bid")
        if event.automatic:
            why = "no spades" if event.bid.is_nil else "one per spade"
            self.say(f"{self.name(event.seat)} must bid {event.bid.label} ({why})")
            return self.announced_pause() if event.seat == "S" else Beat(self.time(layout.BID_PAUSE))
        if event.bid.is_nil or event.seat != "S":
            self.say(f"{does(self.name(event.seat), 'bid')} {event.bid.label}")
        return Beat(self.time(layout.BID_PAUSE if event.seat != "S" else 0.15))

    def show_bid_changed(self, event: BidChanged) -> Beat:
        self.model.apply(event)
        self.say(f"{self.name(event.seat)}'s bid {event.old.display} becomes {event.new.display}: "
                 "one partner must bid nil")
        return self.announced_pause()

    def show_exchange(self, event: CardsExchanged) -> Beat:
        starts = [self.card_position(event.giver, card) for card in event.cards]
        self.model.apply(event)
        shown = "S" in (event.giver, event.receiver)
        received = self.model.holdings[event.receiver][-len(event.cards):] if event.cards else []
        for card, start in zip(received, starts, strict=True):  # a watcher is not told South's cards
            self.fly(card, start, self.card_position(event.receiver, card), self.time(layout.PLAY_FLIGHT * 2),
                     face_up=shown and not isinstance(card, Hidden))
        self.say(f"{does(self.name(event.giver), 'pass', 'passes')} {plural(len(event.cards), 'card')} "
                 f"to {self.name(event.receiver)}")
        return Beat(self.time(0.3))

    def show_card_played(self, event: CardPlayed) -> Beat:
        start = self.card_position(event.seat, event.card)
        self.model.apply(event)
        self.sound("play")
        self.fly(event.card, start, layout.TRICK_SLOTS[event.seat], self.time(layout.PLAY_FLIGHT), face_up=True)
        if event.seat == "S":
            self.suggested = None
            if self.hover == event.card:
                self.hover = None
        return Beat()

    def show_broken(self, event: SpadesBroken) -> Beat:
        self.model.apply(event)
        self.sound("spades_broken")
        self.say("Spades are broken")
        return Beat()

    def show_trick_won(self, event: TrickWon) -> Beat:
        self.model.apply(event)
        self.sound("trick")
        delay = self.app.settings.trick_delay
        return Beat(self.time(max(delay, 0.0)), on_end=self.sweep, wait_click=delay <= 0 and self.waits_for_clicks())

    def show_hand_scored(self, event: HandScored) -> Beat:
        self.model.apply(event)
        us = event.score.sides[side_of("S", self.model.rules.partners)]
        self.sound("made" if us.all_made else "set")
        self.reveal = True
        if self.control.replaying or (self.control.catching_up and self.control.more_scores_waiting):
            # a hand over before the player came, or before the player was back (another hand's score
            # waits to be shown after it): on the scoreboard, with no score screen to click through
            return Beat(on_end=self.passed_score)
        # the four hands stay until the player clicks
        return Beat(on_end=lambda: self.show_score(event), wait_click=self.waits_for_clicks(), opens_screen=True)

    def show_game_over(self, event: GameOver) -> Beat:
        return Beat(on_end=lambda: self.game_over(event), opens_screen=True)

    def sweep(self) -> None:
        """The marked trick glides to its winner."""
        winner = self.model.trick_winner
        plays = list(self.model.trick)
        self.model.collect_trick()
        if winner is None:
            return
        target = hand_origin(winner, len(self.model.holdings[winner]))
        for seat, card in plays:
            self.fly(card, layout.TRICK_SLOTS[seat], target, self.time(layout.SWEEP_FLIGHT), face_up=True)
        self.beats.append(Beat())

    def pause_for_the_bids(self) -> None:
        """The bids are in: a table of one's own waits for a click before the first card; a
        shared table, which goes on meanwhile, pauses only a moment (a click ends it sooner)."""
        clicks = self.waits_for_clicks()
        held = clicks and not self.control.online
        summary = bids_summary(self.model)
        if held:
            self.say(f"{summary}. Click to play.", life=HELD_MESSAGE_LIFE)
        else:
            self.say(summary, life=layout.BID_REVIEW_PAUSE + 0.5)

        def end() -> None:
            if held:
                self.message = None
            self.control.end_pause()

        self.beats.append(Beat(0.0 if held else self.time(layout.BID_REVIEW_PAUSE), on_end=end, wait_click=clicks))

    @property
    def held(self) -> bool:
        """The table waits for the player's click to go on: the bids are in, or the four hands
        show at the end of the hand."""
        return self.beat is not None and self.beat.held and not self.flights

    def waits_for_clicks(self) -> bool:
        """Whether pauses wait for the player's click: not at the instant speed, nor while the game
        so far is shown (watching a game under way, or back after a drop), nor while a shared table
        is caught up with (its pauses take no time then, and one waiting for a click would hold the
        table with nothing said while the game went on without it)."""
        return self.app.speed > 0 and not self.control.replaying and not self.control.catching_up

    def passed_score(self) -> None:
        """A hand scored before the player came: on the scoreboard, with no score screen to click through."""
        self.reveal = False
        self.hand_problems = []

    def show_score(self, event: HandScored) -> None:
        self.reveal = False
        final = self.control.is_final(len(self.model.scores))
        game = self.game
        before = game.start.scored if game is not None and game.start and len(self.model.scores) == 1 else None
        self.app.open("score", self.model, event.score, final=final, problems=self.hand_problems, before=before)
        self.hand_problems = []

    def game_over(self, event: GameOver) -> None:
        if not self.model.watching:  # someone watching is on neither side
            self.app.sounds.play("win" if event.winner == side_of("S", self.model.rules.partners) else "lose")
        if self.control.online:
            self.app.show("game_over", self.model, event.winner, seed=self.control.seed, again=self.again_online,
                          leave=self.leave_online)
            return
        self.app.save_game()
        self.app.show("game_over", self.model, event.winner, seed=self.control.seed)

    def again_online(self) -> None:
        """Play again at the server's table: the same seats, a new game (someone watching goes back
        to the table, to watch the next game once a player there starts it; so does a player when
        another player there has started it already)."""
        control = self.control
        control.poll()
        if control.seat is not None and control.over:
            control.play_again()
        self.app.show("table", control=control)

    def leave_online(self) -> None:
        """Back to the lobby, asking first when that leaves a game under way to a computer."""
        control = self.control
        seated = control.seat is not None and not control.over and self.model.hand_number
        if seated and control.connection.status == "connected":
            self.app.open("confirm", "Leave the table?", "A computer plays your seat from now on, until someone "
                          "takes it from the lobby (you too).", "Leave", "Stay", self.leave_now)
            return
        self.leave_now()

    def leave_now(self) -> None:
        """Back to the lobby; from a server that has closed (no lobby to go back to), to the
        connect form, which says why."""
        status = self.control.connection.status
        if status.startswith("closed"):
            self.app.disconnect()
            self.app.show("connect", status=status.removeprefix("closed: ").capitalize())
            return
        self.control.leave()
        self.app.show("lobby")

    # -- what the table waits for -------------------------------------------------------------------
    def wait(self) -> None:
        """Every event is shown: ask the controller what comes next and offer it."""
        moment = self.control.next_moment(self.clock, self.time(layout.THINK_PAUSE))
        self.thinking = moment.seat if isinstance(moment, Thinking) else None
        if isinstance(moment, BidsPause):
            self.pause_for_the_bids()
        elif isinstance(moment, Turn):
            if self.turn is None or moment.key != self.turn.key:
                self.offer(moment)
            self.take_advice()
        elif self.turn is not None:
            self.turn = None
            self._close_box()

    def offer(self, turn: Turn) -> None:
        """The player's turn: the bid box for bidding questions, the fan for cards; at a server's
        table, after a wait, a chime too, and the window's button flashes if another window is in front."""
        if self.control.online and self.clock - self.last_acted >= TURN_CHIME_WAIT and not self.control.catching_up:
            self.sound("turn")
            self.app.window.ask_attention()
        self.end_turn_messages()
        self.turn = turn
        self._close_box()
        self.selected = set()
        self.suggested = None
        self.advice = None
        if self.hover not in self.model.holdings["S"]:
            self.hover = None
        if turn.phase in BOX_PHASES:
            self.box = BidBox(self.app.ui, turn.phase, list(turn.legal), turn.give, turn.give_fewer)
            if turn.phase == "exchange":
                up_to = "up to " if turn.give_fewer else ""
                self.say(f"Pick {up_to}{plural(turn.give, 'card')} to give your partner", this_turn=True)
                self.box.show_picked(len(self.selected), self.exchange_ready())
        if self.paused and self.box:
            self.box.hide()

    def exchange_ready(self) -> bool:
        turn = self.turn
        return turn is not None and (len(self.selected) == turn.give or (turn.give_fewer and
                                                                          len(self.selected) <= turn.give))

    def act(self, choice) -> None:
        """Carry out the player's choice; a refusal is explained above the hand. With the coach on,
        a bid or card clearly worse than Expert's is asked about first: Play (or Bid) goes on with
        it, Take back returns to choosing."""
        question = self.control.coach_question(choice)
        if question is not None:
            go_on = "Bid" if question.phase == "bid" else "Play"
            self.app.open("confirm", "The coach asks", question.words, go_on, "Take back", lambda: self.act(choice),
                          low=True)
            self.asking = True
            return
        refusal = self.control.choose(choice)
        if refusal:
            self.say(refusal, this_turn=True)
            return
        self._close_box()
        self.end_turn_messages()
        self.turn = None
        self.selected = set()
        self.last_acted = self.clock

    def count_coach(self, followed: bool) -> None:
        """The coach spoke on a decision now made: counted in the statistics."""
        if self.app.recorder is not None:
            self.app.recorder.record_coach(followed)

    def point_at(self, pos: tuple[int, int]) -> None:
        """Pointing at another seat's card on the table or its bid shows why it was chosen, from that
        seat's view (the Why option; online, as the server words it)."""
        if not self.app.settings.why:
            return
        pointed = self.painter.pointed(pos, self.model, self.in_flight)
        if pointed == self.pointed:
            return
        self.pointed = pointed
        reason = self.control.why(self.model.hand_number, *pointed) if pointed is not None else None
        if reason:
            self.say(reason, life=2 * layout.MESSAGE_LIFE)

    def ask_suggestion(self) -> None:
        """Suggest (S, right click): the partner's level is asked once per decision; asked
        again, the same advice shows again."""
        if self.turn is None or self.busy:
            return
        answer = self.control.suggest()
        if answer is not None:
            self.show_advice(answer)

    def take_advice(self) -> None:
        """Advice that has come for the turn on offer, shown once."""
        advice = self.control.advice
        if advice is not None and advice is not self.advice and self.control.advice_key == self.turn.key:
            self.show_advice(advice)

    def show_advice(self, answer: Answer) -> None:
        self.advice = answer
        self.say(answer.reason, life=2 * layout.MESSAGE_LIFE, this_turn=True)
        if self.turn.phase == "play":
            self.suggested = Card.parse(str(answer.choice))
            self.hover = self.suggested  # the keyboard's cursor: Enter plays the advice
        elif self.turn.phase == "exchange":
            self.selected = {Card.parse(c) for c in answer.choice}
            if self.box:
                self.box.show_picked(len(self.selected), self.exchange_ready())
        elif self.box:
            self.box.set_choice(str(answer.choice))

    # -- input ------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.chat_entry is not None and event.type in (pygame_gui.UI_TEXT_ENTRY_FINISHED, pygame.KEYDOWN):
            if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED or event.key == pygame.K_ESCAPE:
                self.close_chat(send=event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED)
            return
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self.player_away():
            self.control.ready()  # a computer plays for the player: any key or click brings them back
        if event.type == pygame.KEYDOWN:
            self.on_key(event)
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.card_at(event.pos)
            self.point_at(event.pos)
            self.chat_pointed = self.control.online and pygame.Rect(layout.CHAT_LINE).collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.ask_suggestion()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.on_click(event.pos)
        elif self.box and self.turn is not None:
            choice = self.box.choice_for(event)
            if choice == "give":
                self.act([str(c) for c in self.selected])
            elif choice is not None:
                self.act(choice)

    def on_key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            self.app.open("menu", table=self)
        elif key == pygame.K_l:
            self.show_last = not self.show_last
        elif key == pygame.K_s:
            self.ask_suggestion()
        elif key == pygame.K_m:
            self.app.change_settings(sound=not self.app.settings.sound)
            self.say("Sound on" if self.app.settings.sound else "Sound off")
        elif key == pygame.K_t and self.control.online:
            self.open_chat()
        elif key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.take_back()
        elif self.busy:
            if key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.skip()
        elif self.turn is not None:
            self.on_turn_key(key)

    def on_turn_key(self, key: int) -> None:
        """The keyboard on the player's turn: arrows pick a card, Enter plays or bids, +/- set the bid,
        N nil, B blind nil, D misdeal; before looking or on a misdeal question Enter looks or keeps."""
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.move_cursor(1 if key == pygame.K_RIGHT else -1)
        elif key == pygame.K_SPACE and self.cursor() is not None:
            self.choose_card(self.cursor())
        elif key in ENTER_KEYS:
            self.press_enter()
        elif self.box and key in STEP_KEYS:
            self.box.step(STEP_KEYS[key])
        elif self.box and NAMED_KEYS.get(key) in self.box.legal:
            self.act(NAMED_KEYS[key])

    def move_cursor(self, step: int) -> None:
        cards = self.visible_south()
        if cards and self.model.south_looked:
            cursor = self.cursor()
            index = cards.index(cursor) if cursor is not None else (-1 if step > 0 else 0)
            self.hover = cards[max(0, min(len(cards) - 1, index + step))]

    def press_enter(self) -> None:
        """Enter: play the card pointed at, give the cards picked, or answer what the bid box shows."""
        phase = self.turn.phase
        if phase == "play" and self.cursor() is not None:
            self.choose_card(self.cursor())
        elif phase == "exchange" and self.exchange_ready():
            self.act([str(c) for c in self.selected])
        elif self.box and (choice := self.box.enter_choice()) is not None:
            self.act(choice)

    def cursor(self) -> Card | None:
        """The card the keyboard points at: the hovered card while it is still in the hand."""
        return self.hover if self.hover in self.visible_south() else None

    def on_click(self, pos: tuple[int, int]) -> None:
        if self.show_last:
            self.show_last = False
            return
        if self.control.online and self.control.seat is None and self.sit_at(pos):
            return  # even while cards move: the seat is there for the taking
        if self.busy:
            self.skip()
            return
        card = self.card_at(pos)
        if card is not None and self.turn is not None:
            self.choose_card(card)

    def sit_at(self, pos: tuple[int, int]) -> bool:
        """Watching a server's table, a click on an open seat's name takes that seat; whether it did."""
        seat = next((seat for seat in SEATS if self.painter.plate_rect(self.model, seat).collidepoint(pos)), None)
        if seat is None or not self.control.sit(seat):
            return False
        self.say(f"Taking the seat at {SEAT_NAMES[seat]}")
        return True

    def choose_card(self, card: Card) -> None:
        """A card picked by mouse or keys: played, raised first, or marked for the exchange."""
        phase = self.turn.phase
        if phase == "exchange" and str(card) not in self.turn.legal:
            self.say(give_back_refusal(card), this_turn=True)
        elif phase == "exchange":
            self.selected ^= {card}
            if self.box:
                self.box.show_picked(len(self.selected), self.exchange_ready())
        elif phase == "play":
            if self.app.settings.click_to_raise and card not in self.selected:
                self.selected = {card}
                return
            self.act(str(card))

    def open_chat(self) -> None:
        """T at a server's table: a line to type a message in (Enter sends, Esc closes)."""
        if self.chat_entry is None:
            self.chat_entry = UITextEntryLine(pygame.Rect(layout.CHAT_LINE), manager=self.app.ui,
                                              object_id=ObjectID(object_id="#options_entry"))
            self.chat_entry.set_text_length_limit(CHAT_LENGTH)
            self.chat_entry.focus()

    def close_chat(self, send: bool) -> None:
        if self.chat_entry is None:
            return
        words = self.chat_entry.get_text().strip()
        self.chat_entry.kill()
        self.chat_entry = None
        if send and words:
            self.control.say(words)

    def open_last_trick(self) -> None:
        self.show_last = True

    def take_back(self) -> None:
        """Ctrl+Z or the menu's Take back: the player's last bid or card and the computers' plays
        after it go back, whatever is moving (a game on this computer only)."""
        if self.control.online:
            self.say("Take back is only for games on this computer")
            return
        try:
            choice = self.control.take_back()
        except RuleError as refusal:
            self.say(str(refusal))
            return
        self.show_afresh()
        self.say(taken_back_words(choice))

    def show_afresh(self) -> None:
        """Show the game as it stands now (after a take-back): every animation ends where it is,
        the turn on offer goes, and the model is built again from the game."""
        self.beats.clear()
        self.beat, self.flights, self.in_flight = None, [], set()
        self.hurry = self.reveal = self.show_last = False
        self._close_box()
        self.turn, self.thinking, self.advice, self.suggested, self.hover = None, None, None, None, None
        self.selected, self.pointed = set(), None
        self.model = self.control.new_model()

    def skip(self) -> None:
        """A click hurries every animation until the next decision."""
        if self.beat and self.beat.wait_click and not self.flights:
            self.beat.end()
            return
        self.hurry = True

    def card_at(self, pos: tuple[int, int]) -> Card | None:
        if not self.model.south_looked:
            return None
        for card, rect in reversed(self.painter.south_rects(self.visible_south(), self.marks())):
            if rect.collidepoint(pos):
                return card
        return None

    def visible_south(self) -> list[Card]:
        return [c for c in self.south_order() if c not in self.in_flight]

    # -- the frame ------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._run(dt)
        if self.control.moved:  # the lobby opens the table the server has put the player at
            self.app.show("lobby", self.control.moved)
            return
        self._notice_changes()

    def _run(self, dt: float) -> None:
        self.clock += dt
        self.control.poll()
        refusal = self.control.take_refusal()
        if refusal:
            self.say(refusal, this_turn=True)
        for error in self.app.new_write_errors():
            self.say(error, life=NOTICE_LIFE)
            self.hand_problems.append(error)
        notice = self.control.take_notice()
        if notice:
            self.notice = Fade(notice, max(NOTICE_LIFE, self.chat_band.reading_time(notice)))
        if self.message is not None:
            self.message.advance(dt)
            if not self.message.alive:
                self.message, self.message_turn = None, None
        if self.notice is not None:
            self.notice.advance(dt)
            self.notice = self.notice if self.notice.alive else None
        if self.control.online:
            self.chat_band.show(self.chat_words()[0], self.clock)
        self.advance(dt)
        if self.busy or self.still:
            return
        self.hurry = False
        self.wait()

    def _notice_changes(self) -> None:
        """Ask for a frame when this turn of the loop changed what the table shows without any
        input (an answer arrived, a pause ended, a message or the bid box appeared)."""
        look = (id(self.beat), len(self.beats), self.control.events_waiting, id(self.message), id(self.notice),
                self.turn.key if self.turn else None,
                id(self.box), self.control.decisions, self.suggested, self.hover, len(self.selected), self.show_last,
                self.reveal, self.thinking, self.chat_pointed, self.chat_band.shown(self.clock))
        if look != self._shown:
            self._shown = look
            self.app.redraw()

    def advance(self, dt: float) -> None:
        """Move flights and beats on; start the beats of waiting events as earlier ones end."""
        for flight in self.flights:
            flight.advance(dt)
        while not self.still:
            if self.beat is not None:
                if self.waits_for_menu:
                    break  # the score or the game's end shows once the menu is closed
                if self.hurry and not self.beat.wait_click:
                    self.beat.end()
                else:
                    self.beat.advance(dt)
                    dt = 0.0
                if not self.beat.ended:
                    break
                self.beat = None
            elif self.beats:
                self.beat = self.beats.popleft()
            elif (event := self.control.next_event()) is not None:
                self.beat = self.shows.get(type(event), self.show_quietly)(event)
            else:
                break
        if self.hurry:
            for flight in self.flights:
                flight.finish()
        self.flights = [f for f in self.flights if not f.landed]

    def frame_due(self) -> float | None:
        """0 while cards fly or events wait; else the next of: a pause's end, a message's next
        fade step, the thinking dots' next step."""
        if self.flights or self.hurry or (self.control.events_waiting and not (self.still or self.waits_for_menu)):
            return 0.0
        dues = [self._beat_due(), self.message.next_change() if self.message else None,
                self.notice.life - self.notice.elapsed if self.notice else None,
                self.chat_band.next_change(self.clock)]
        if self.thinking:
            dues.append(DOTS_STEP - self.clock % DOTS_STEP)
        known = [due for due in dues if due is not None]
        return min(known) if known else None

    def wake_due(self) -> float | None:
        """While a computer's answer is awaited, look for it often (drawing only when it comes)."""
        due = self.frame_due()
        if self.control.waiting_for_answers:
            return THINKING_POLL if due is None else min(due, THINKING_POLL)
        return due

    def _beat_due(self) -> float | None:
        if self.beat is None:
            return 0.0 if self.beats else None
        if self.beat.held or self.waits_for_menu:
            return None
        return max(0.0, self.beat.duration - self.beat.elapsed)

    def marks(self) -> Marks:
        turn = None if self.busy else self.turn
        playable = None
        if turn is not None and turn.phase in ("play", "exchange") and self.app.settings.dim_illegal:
            playable = {Card.parse(card) for card in turn.legal}
        to_act = "S" if turn is not None else (None if self.busy else self.thinking)
        return Marks(hover=self.hover, raised=self.selected, playable=playable, suggested=self.suggested,
                     in_flight=self.in_flight, to_act=to_act, thinking=self.thinking is not None, clock=self.clock,
                     south_order=self.south_order(), absent=self.control.absent)

    def draw(self, surface: pygame.Surface) -> None:
        painter, model = self.painter, self.model
        marks = self.marks()
        surface.blit(self.app.felt, (0, 0))
        for seat in ("N", "W", "E"):
            painter.draw_hidden(surface, model, marks, seat)
        painter.draw_trick(surface, model.trick, model.trick_winner, model.deck, self.in_flight)
        painter.draw_south(surface, model, marks)
        art = self.app.art
        for flight in self.flights:
            if flight.started:
                card, face_up, turns = flight.look
                image = art.face(card, model.deck) if face_up else art.rotated(art.back(), turns)
                x, y = flight.position
                surface.blit(image, (int(x), int(y)))
        in_sight = not self.reveal and (not self.paused or self.asking)  # a panel over them would leave ends showing
        if in_sight or (self.playing_on and not self.reveal):  # the menu leaves the seats and the score in sight
            painter.draw_plates(surface, model, marks)
            painter.draw_scoreboard(surface, model)
            painter.draw_status(surface, model, self.control.variant)
        if in_sight:
            if not self.show_last:  # the last trick's box would leave the message's ends showing
                self.draw_words(surface)
            if self.control.online:
                self.draw_chat(surface)
        if self.show_last:
            self.draw_last_trick(surface)
        if self.reveal:
            painter.draw_reveal(surface, model)

    def draw_words(self, surface: pygame.Surface) -> None:
        """The message, in its own band between the trick and the hand that nothing covers,
        wrapped to at most two lines; with none, quieter, what the table waits for."""
        if self.player_away():  # before any message: how to come back matters more than the play going on
            words, alpha, colour = AWAY_WORDS, 255, GOLD
        elif self.message:
            words, alpha, colour = self.message.text, self.message.alpha, WHITE
        else:
            words, alpha, colour = self.waiting_words() or self.prompt_words(), 255, GREY_LIGHT
        if not words:
            return
        lines = text.fitted(words, layout.MESSAGE_WIDTH, layout.MESSAGE_LINES)
        y = layout.MESSAGE_Y + (layout.MESSAGE_LINES - len(lines)) * text.LINE // 2
        for line in lines:
            image = text.render(line, colour, 8, PANEL).copy()
            image.set_alpha(alpha)
            surface.blit(image, (layout.WIDTH // 2 - image.get_width() // 2, y))
            y += text.LINE

    def player_away(self) -> bool:
        """At a server's table, a computer plays for the player (who is seated there, not watching)."""
        return self.control.online and self.control.seat is not None and self.control.absent.get("S") == "away"

    def prompt_words(self) -> str:
        """The player's card to play, once nothing moves: a new player is told whose turn it is
        besides by the gold name plate and the dimmed cards."""
        turn = None if self.busy else self.turn
        if turn is None or turn.phase != "play":
            return ""
        return "Your lead" if not self.model.trick or self.model.trick_winner else "Your turn"

    def waiting_words(self) -> str:
        """At a server's table before its game starts: the seats still awaited, or ""."""
        seats = [SEAT_NAMES[seat] for seat in self.control.open_seats()] if self.control.online else []
        if not seats:
            return ""
        places = seats[0] if len(seats) == 1 else f"{', '.join(seats[:-1])} and {seats[-1]}"
        return f"Waiting for {'a player' if len(seats) == 1 else 'players'} at {places}"

    def draw_chat(self, surface: pygame.Surface) -> None:
        """At a server's table: the chat band between North's name and the trick (nothing covers it),
        and beneath it, while the player types or points at it, the chat so far."""
        if self.chat_entry is None:
            self.chat_band.draw(surface, self.clock, self.chat_words()[1])
        if self.chat_entry is not None or self.chat_pointed:
            said = [(line.words, GREY_LIGHT if line.who else GREY) for line in self.control.chat]
            draw_log(surface, said + ([(self.notice.text, WARNING)] if self.notice else []))

    def chat_words(self) -> tuple[str, Colour]:
        """What the chat band says, in its colour: the connection if it is down, else the server's notice,
        else the last chat line, else T to talk (with, on the server this computer hosts, the address
        friends type)."""
        status = self.control.connection.status
        if status != "connected":
            closed = status.removeprefix("closed: ")  # why: "The server has closed"
            return ("Reconnecting ..." if status in ("reconnecting", "connecting") else closed), WARNING
        if self.notice is not None:
            return self.notice.text, WARNING
        if self.control.chat:
            line = self.control.chat[-1]
            return line.words, GREY_LIGHT if line.who else GREY
        friends = self.app.friends_address()  # hosting: the address to give friends, at hand
        return (f"Friends: {friends}   T: chat" if friends else "T: chat"), GREY

    def draw_last_trick(self, surface: pygame.Surface) -> None:
        box = pygame.Rect(200, 70, 240, 170)
        pygame.draw.rect(surface, PANEL, box)
        pygame.draw.rect(surface, PANEL_EDGE, box, 1)
        text.draw(surface, "Click or L to close", (box.centerx, box.bottom - 14), GREY, align="centre")
        if not self.model.last_trick:
            text.draw(surface, "No trick yet", box.center, WHITE, align="centre")
            return
        text.draw(surface, f"Last trick: {self.name(self.model.last_winner)} won", (box.centerx, box.y + 6), GOLD,
                  align="centre")
        self.painter.draw_trick(surface, self.model.last_trick, self.model.last_winner, self.model.deck)
