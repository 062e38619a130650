"""The table from the deal to the last trick: engine events become motion, sound and words.

The engine's events wait in the session's queue; each becomes a *beat* (a card
flight, a pause, an announcement). Only when every event has been shown does the
scene ask for the next decision: from the player through the fan and the bid box,
or from a computer player thinking in the worker process.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import pygame

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
from game.players import decide
from game.players.levels import LEVELS, level_named
from game.players.thinker import Answer, Request, player_seed
from game.seats import side_of
from game.view import seat_view
from scenes.look import layout, text
from scenes.look.animation import Beat, Fade, Flight
from scenes.look.palette import GOLD, PANEL, PANEL_EDGE, WHITE
from scenes.look.text import does, plural
from scenes.scene import Scene
from scenes.table.bid_box import BidBox
from scenes.table.model import TableModel
from scenes.table.painter import DOTS_STEP, SIDE_TURNS, Marks, TablePainter, fan_positions, hand_origin

WRITE_ERROR_LIFE = 8.0
"""Seconds a failed Save Hand or statistics write is told on the table (it stays in the title's notices)."""
THINKING_POLL = 0.05
"""How often the table looks for a computer's answer."""



def bids_summary(model: TableModel) -> str:
    """The bids at a glance before the first card: each side's total, and who bid nil.

    "Bids are in: Us 7 + North nil, Them 2" """
    if not model.rules.partners:
        return "Bids are in"
    parts = []
    for label, seats in (("Us", "SN"), ("Them", "WE")):
        nils = [f"{model.names[seat]} {'blind nil' if model.bids[seat].blind else 'nil'}"
                for seat in seats if seat in model.bids and model.bids[seat].is_nil]
        total = model.contract(seats)[1]
        parts.append(" + ".join([f"{label} {total}" if total or not nils else label, *nils]))
    return f"Bids are in: {', '.join(parts)}"


class TableScene(Scene):
    """One game at the table: deal, bidding, exchange and play, hand after hand."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.session = app.session
        self.game = self.session.game
        self.model = TableModel(self.game) if self.session.pending else TableModel.from_game(self.game)
        self.painter = TablePainter(app.art, app.felt)
        self.beats: deque[Beat] = deque()
        self.beat: Beat | None = None
        self.flights: list[Flight] = []
        self.in_flight: set[Card] = set()
        self.message: Fade | None = None
        """The one message shown (an announcement, a refusal, advice)."""
        self.message_turn: tuple | None = None
        """The decision a refusal or advice belongs to: it goes when that turn is over."""
        self.hurry = False
        self.clock = 0.0
        self.box: BidBox | None = None
        self.decision_key: tuple | None = None
        self.asked: tuple[int, float] | None = None
        """The token of the computer decision asked for, and when."""
        self.suggest_token: int | None = None
        self.suggested: Card | None = None
        self.advice: Answer | None = None
        """Suggest's answer for the decision now open (asked once; S again shows it again)."""
        self.selected: set[Card] = set()
        self.hover: Card | None = None
        self.reveal = False
        self.show_last = False
        self.paused = False
        self.closed = False
        self.reviewed = 0
        """The hand whose bids have been shown before its first card."""
        self.waiting: Answer | None = None
        self._shown: tuple = ()
        self.hand_problems: list[str] = []
        """Files that could not be written during this hand, told again on its score screen."""

    # -- life on the stack ---------------------------------------------------------------
    def exit(self) -> None:
        self.closed = True
        self._close_box()

    def pause(self) -> None:
        self.paused = True
        if self.box:
            self.box.hide()

    def resume(self) -> None:
        self.paused = False
        if self.box:
            self.box.show()

    def _close_box(self) -> None:
        if self.box:
            self.box.kill()
            self.box = None

    # -- helpers -------------------------------------------------------------------------------
    def time(self, seconds: float) -> float:
        """An animation time at the chosen speed (0 when hurrying through)."""
        return 0.0 if self.hurry else seconds * self.app.speed

    def say(self, words: str, life: float = layout.MESSAGE_LIFE, *, this_turn: bool = False) -> None:
        """Show one message in place of any other; `this_turn` ones (refusals, advice) go as
        soon as the player's decision is made, announcements when their time is up."""
        self.message = Fade(words, life)
        self.message_turn = self.decision_key if this_turn else None

    def end_turn_messages(self) -> None:
        """The decision the message spoke of is over: take the message away."""
        if self.message is not None and self.message_turn is not None:
            self.message, self.message_turn = None, None

    def name(self, seat: str) -> str:
        return self.model.names[seat]

    @property
    def busy(self) -> bool:
        return bool(self.beat or self.beats or self.flights or self.session.pending)

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

    def fly(self, card: Card, start, end, duration: float, *, face_up: bool, turns: int = 0,
            delay: float = 0.0, on_land: Callable[[], None] | None = None) -> None:
        self.in_flight.add(card)

        def land() -> None:
            self.in_flight.discard(card)
            if on_land:
                on_land()

        self.flights.append(Flight((card, face_up, turns), start, end, duration, delay, land))

    # -- events into beats ------------------------------------------------------------------------
    def beat_for(self, event: Event) -> Beat:  # noqa: C901 - one branch per kind of event
        model, sounds = self.model, self.app.sounds
        if isinstance(event, HandStarted):
            model.apply(event)
            if not self.offers_blind():
                model.south_looked = True
            self.reveal = False
            sounds.play("shuffle")
            words = "Redeal" if event.redeal else f"Hand {event.number}"
            self.say(f"{words}: {does(self.name(event.dealer), 'deal')}")
            return Beat(self.time(0.5))
        if isinstance(event, CardDealt):
            model.apply(event)
            sounds.play("deal")
            start = hand_origin(model.dealer, 13)
            end = self.card_position(event.seat, event.card)
            self.fly(event.card, start, end, self.time(layout.DEAL_FLIGHT), face_up=False,
                     turns=SIDE_TURNS[event.seat])
            return Beat(self.time(layout.DEAL_INTERVAL))
        if isinstance(event, BlindChoice):
            model.apply(event)
            return Beat()
        if isinstance(event, MisdealCalled):
            sounds.play("set")
            self.say(f"{does(self.name(event.seat), 'call')} a misdeal: {event.grounds}")
            return Beat(self.time(layout.ANNOUNCE_PAUSE), wait_click=self.app.speed > 0)
        if isinstance(event, BidMade):
            model.apply(event)
            sounds.play("bid")
            if event.bid.is_nil:
                self.say(f"{does(self.name(event.seat), 'bid')} {'blind nil' if event.bid.blind else 'nil'}")
            elif event.automatic:
                self.say(f"{self.name(event.seat)} must bid {event.bid.tricks} (one per spade)")
            return Beat(self.time(layout.BID_PAUSE if event.seat != "S" else 0.15))
        if isinstance(event, BidChanged):
            model.apply(event)
            self.say(f"{self.name(event.seat)}'s bid {event.old.display} becomes {event.new.display}: "
                     "one partner must bid nil")
            return Beat(self.time(layout.ANNOUNCE_PAUSE), wait_click=self.app.speed > 0)
        if isinstance(event, CardsExchanged):
            starts = {card: self.card_position(event.giver, card) for card in event.cards}
            model.apply(event)
            shown = "S" in (event.giver, event.receiver)
            for card in event.cards:
                self.fly(card, starts[card], self.card_position(event.receiver, card),
                         self.time(layout.PLAY_FLIGHT * 2), face_up=shown)
            self.say(f"{does(self.name(event.giver), 'pass', 'passes')} {plural(len(event.cards), 'card')} "
                     f"to {self.name(event.receiver)}")
            return Beat(self.time(0.3))
        if isinstance(event, CardPlayed):
            start = self.card_position(event.seat, event.card)
            model.apply(event)
            sounds.play("play")
            self.fly(event.card, start, layout.TRICK_SLOTS[event.seat], self.time(layout.PLAY_FLIGHT), face_up=True)
            if event.seat == "S":
                self.suggested = None
                if self.hover == event.card:
                    self.hover = None
            return Beat()
        if isinstance(event, SpadesBroken):
            model.apply(event)
            sounds.play("spades_broken")
            self.say("Spades are broken")
            return Beat()
        if isinstance(event, TrickWon):
            model.apply(event)
            sounds.play("trick")
            delay = self.app.settings.trick_delay
            click = delay <= 0 and self.app.speed > 0
            return Beat(self.time(delay if delay > 0 else 0.0), on_end=self.sweep, wait_click=click)
        if isinstance(event, HandScored):
            model.apply(event)
            us = event.score.sides[side_of("S", self.game.rules.partners)]
            sounds.play("made" if us.made else "set")
            self.reveal = True
            if self.app.speed > 0:  # the four hands stay until the player clicks
                return Beat(on_end=lambda: self.show_score(event), wait_click=True)
            return Beat(on_end=lambda: self.show_score(event))
        if isinstance(event, GameOver):
            return Beat(on_end=lambda: self.game_over(event))
        return Beat()

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

    def show_score(self, event: HandScored) -> None:
        from scenes.screens.score import ScoreScene

        self.reveal = False
        final = self.game.over and len(self.model.scores) == len(self.game.finished)
        self.app.push(ScoreScene(self.app, self.model, event.score, final=final, problems=self.hand_problems))
        self.hand_problems = []

    def game_over(self, event: GameOver) -> None:
        from scenes.screens.game_over import GameOverScene

        self.app.save_game()
        won = event.winner == side_of("S", self.game.rules.partners)
        self.app.sounds.play("win" if won else "lose")
        self.app.replace(GameOverScene(self.app, self.model, event.winner, seed=self.game.seed or 0))

    # -- decisions ------------------------------------------------------------------------------------------
    def decide(self) -> None:
        """Nothing left to show: let the player or a computer player act."""
        seat = self.game.to_act
        if seat is None:
            return
        if self.game.phase == "play" and not self.game.hand.tricks and not self.game.hand.trick and (
                self.reviewed != self.game.hand.number):
            self.review_bids()
            return
        key = (self.game.hand.number, len(self.game.actions), self.game.phase)
        if seat == "S":
            if self.game.phase == "blind" and not self.offers_blind():
                self.act("look")
                return
            if key != self.decision_key:
                self.end_turn_messages()
                self.decision_key = key
                self.offer_choices()
            self.play_last_card()
            return
        self._close_box()
        if self.asked is None:
            token = self.app.new_token()
            view = seat_view(self.game.hand, seat)
            level = self.app.settings.level
            self.app.thinker.ask(Request(token, "decide", level, view, seed=player_seed(self.game.seed, seat),
                                         time_limit=level_named(level).in_game_limit))
            self.asked = (token, self.clock)

    def offers_blind(self) -> bool:
        """Whether to ask the player "Bid blind?" where the rules allow it: the player's
        preference (always, only while our side trails, never); otherwise the cards turn up."""
        wanted = self.app.settings.blind_offer
        if wanted == "trailing":
            return self.model.behind("S") > 0
        return wanted == "always"

    def review_bids(self) -> None:
        """A pause to look at the bids before the first card (a click goes on)."""
        self.reviewed = self.game.hand.number
        self.say(bids_summary(self.model), life=layout.BID_REVIEW_PAUSE + 0.5)
        self.beats.append(Beat(self.time(layout.BID_REVIEW_PAUSE), wait_click=self.app.speed > 0))

    def seed(self) -> int:
        return (self.game.seed + 7919 * len(self.game.actions)) % 2**31

    def offer_choices(self) -> None:
        """The player's turn: the bid box for bidding questions, the fan for cards."""
        self._close_box()
        self.selected = set()
        self.suggested = None
        self.advice = None
        if self.hover not in self.model.holdings["S"]:
            self.hover = None
        hand = self.game.hand
        phase = hand.phase
        if phase in ("blind", "misdeal", "bid", "exchange"):
            legal = hand.legal_choices("S")
            count = hand.exchange_count if phase == "exchange" else 0
            self.box = BidBox(self.app.ui, phase, legal, count)
            if phase == "exchange":
                self.say(f"Pick {plural(count, 'card')} to give your partner", this_turn=True)
                self.box.enable_give(self.exchange_ready())
        if self.paused and self.box:
            self.box.hide()

    def exchange_ready(self) -> bool:
        hand = self.game.hand
        count = hand.exchange_count
        blind_nil_giver = hand.bids.get("S") == Bid(0, blind=True) and len(hand.holding("S")) == 13
        return len(self.selected) == count or (blind_nil_giver and len(self.selected) <= count)

    def play_last_card(self) -> None:
        hand = self.game.hand
        if (hand.phase == "play" and self.app.settings.auto_last_card and len(hand.holding("S")) == 1):
            self.act(str(hand.holding("S")[0]))

    def act(self, choice) -> None:
        """Carry out the player's choice; a refusal is explained above the hand."""
        try:
            self.game.apply("S", choice)
        except RuleError as refusal:
            self.say(str(refusal), this_turn=True)
            return
        self._close_box()
        self.end_turn_messages()
        self.decision_key = None
        self.selected = set()

    def receive(self, answer: Answer) -> None:
        if answer.token == self.suggest_token:
            self.suggest_token = None
            self.take_suggestion(answer)
            return
        if self.asked is None or answer.token != self.asked[0]:
            return
        seat = self.game.to_act
        self.asked = None
        if seat is None:
            return
        try:
            if answer.error:
                raise RuleError(answer.error)
            self.game.apply(seat, answer.choice)
        except RuleError:  # the worker failed or erred: Normal decides, the game goes on
            view = seat_view(self.game.hand, seat)
            self.game.apply(seat, decide(LEVELS["normal"](seat, view["rules"], self.seed()), view))

    def ask_suggestion(self) -> None:
        """Suggest (S, right click): ask the partner's level once per decision; asked again,
        the same advice shows again."""
        if self.game.to_act != "S" or self.busy or self.suggest_token is not None:
            return
        if self.advice is not None:
            self.take_suggestion(self.advice)
            return
        self.suggest_token = self.app.new_token()
        self.app.thinker.ask(Request(self.suggest_token, "suggest", self.app.settings.level,
                                     seat_view(self.game.hand, "S"), seed=self.seed(),
                                     time_limit=level_named(self.app.settings.level).in_game_limit))

    def take_suggestion(self, answer: Answer) -> None:
        if answer.error or self.game.to_act != "S":
            return
        self.advice = answer
        self.say(answer.reason, life=2 * layout.MESSAGE_LIFE, this_turn=True)
        phase = self.game.phase
        if phase == "play":
            self.suggested = Card.parse(str(answer.choice))
            self.hover = self.suggested  # the keyboard's cursor: Enter plays the advice
        elif phase == "exchange":
            self.selected = {Card.parse(c) for c in answer.choice}
            if self.box:
                self.box.enable_give(self.exchange_ready())
        elif self.box:
            self.box.set_choice(str(answer.choice))

    # -- input ------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.on_key(event)
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.card_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.ask_suggestion()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.on_click(event.pos)
        elif self.box and self.game.to_act == "S":
            choice = self.box.choice_for(event)
            if choice == "give":
                self.act([str(c) for c in self.selected])
            elif choice is not None:
                self.act(choice)

    def on_key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            from scenes.screens.menu import MenuScene

            self.app.push(MenuScene(self.app, table=self))
        elif key == pygame.K_l:
            self.show_last = not self.show_last
        elif key == pygame.K_s:
            self.ask_suggestion()
        elif key == pygame.K_m:
            self.app.change_settings(sound=not self.app.settings.sound)
            self.say("Sound on" if self.app.settings.sound else "Sound off")
        elif self.busy:
            if key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.skip()
        elif self.game.to_act == "S":
            self.on_turn_key(key)

    def on_turn_key(self, key: int) -> None:
        """The keyboard on the player's turn: arrows pick a card, Enter plays or bids, +/- set the bid,
        N nil, B blind nil, D misdeal; before looking or on a misdeal question Enter looks or keeps."""
        cursor = self.cursor()
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            cards = self.visible_south()
            if cards and self.model.south_looked:
                index = cards.index(cursor) if cursor is not None else (-1 if key == pygame.K_RIGHT else 0)
                self.hover = cards[max(0, min(len(cards) - 1, index + (1 if key == pygame.K_RIGHT else -1)))]
        elif key == pygame.K_SPACE and cursor is not None:
            self.choose_card(cursor)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_UP):
            if self.game.phase == "play" and cursor is not None:
                self.choose_card(cursor)
            elif self.game.phase == "exchange" and self.exchange_ready():
                self.act([str(c) for c in self.selected])
            elif self.box and self.box.numbers:
                self.act(self.box.number_choice())
            elif self.box:
                safe = next((c for c in ("look", "keep") if c in self.box.legal), None)
                if safe:
                    self.act(safe)
        elif self.box and key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.box.step(1)
        elif self.box and key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.box.step(-1)
        elif self.box and key == pygame.K_n and "nil" in self.box.legal:
            self.act("nil")
        elif self.box and key == pygame.K_b and "bnil" in self.box.legal:
            self.act("bnil")
        elif self.box and key == pygame.K_d and "misdeal" in self.box.legal:
            self.act("misdeal")

    def cursor(self) -> Card | None:
        """The card the keyboard points at: the hovered card while it is still in the hand."""
        return self.hover if self.hover in self.visible_south() else None

    def on_click(self, pos: tuple[int, int]) -> None:
        if self.show_last:
            self.show_last = False
            return
        if self.busy:
            self.skip()
            return
        card = self.card_at(pos)
        if card is not None and self.game.to_act == "S":
            self.choose_card(card)

    def choose_card(self, card: Card) -> None:
        """A card picked by mouse or keys: played, raised first, or marked for the exchange."""
        phase = self.game.phase
        if phase == "exchange":
            self.selected ^= {card}
            if self.box:
                self.box.enable_give(self.exchange_ready())
        elif phase == "play":
            if self.app.settings.click_to_raise and card not in self.selected:
                self.selected = {card}
                return
            self.act(str(card))

    def open_last_trick(self) -> None:
        self.show_last = True

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
        self._notice_changes()

    def _run(self, dt: float) -> None:
        self.clock += dt
        for error in self.app.new_write_errors():
            self.say(error, life=WRITE_ERROR_LIFE)
            self.hand_problems.append(error)
        if self.message is not None:
            self.message.advance(dt)
            if not self.message.alive:
                self.message, self.message_turn = None, None
        self.advance(dt)
        if self.busy or self.paused or self.closed:
            return
        self.hurry = False
        answer = self.app.thinker.poll()
        if answer is not None:
            self.waiting = answer
        if self.waiting is not None and self.may_answer(self.waiting):
            answer, self.waiting = self.waiting, None
            self.receive(answer)
        if not self.busy:
            self.decide()

    def _notice_changes(self) -> None:
        """Ask for a frame when this turn of the loop changed what the table shows without any
        input (an answer arrived, a pause ended, a message or the bid box appeared)."""
        look = (id(self.beat), len(self.beats), len(self.session.pending), id(self.message), id(self.box),
                len(self.game.actions), self.suggested, self.hover, len(self.selected), self.show_last,
                self.reveal, self.asked is None)
        if look != self._shown:
            self._shown = look
            self.app.redraw()

    def advance(self, dt: float) -> None:
        """Move flights and beats on; start the beats of waiting events as earlier ones end."""
        for flight in self.flights:
            flight.advance(dt)
        while not (self.paused or self.closed):
            if self.beat is not None:
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
            elif self.session.pending:
                self.beat = self.beat_for(self.session.pending.popleft())
            else:
                break
        if self.hurry:
            for flight in self.flights:
                flight.finish()
        self.flights = [f for f in self.flights if not f.landed]

    def frame_due(self) -> float | None:
        """0 while cards fly or events wait; else the next of: a pause's end, a message's next
        fade step, the thinking dots' next step."""
        if self.flights or self.hurry or (self.session.pending and not self.paused):
            return 0.0
        dues = [self._beat_due(), self.message.next_change() if self.message else None]
        if self.asked is not None:
            dues.append(DOTS_STEP - self.clock % DOTS_STEP)
        known = [due for due in dues if due is not None]
        return min(known) if known else None

    def wake_due(self) -> float | None:
        """While a computer's answer is awaited, look for it often (drawing only when it comes)."""
        due = self.frame_due()
        if self.asked is not None or self.suggest_token is not None or self.waiting is not None:
            return THINKING_POLL if due is None else min(due, THINKING_POLL)
        return due

    def _beat_due(self) -> float | None:
        if self.beat is None:
            return 0.0 if self.beats else None
        if self.beat.wait_click and self.beat.duration <= 0:
            return None
        return max(0.0, self.beat.duration - self.beat.elapsed)

    def may_answer(self, answer: Answer) -> bool:
        """A computer's answer shows after it has 'thought' a moment, so play reads naturally."""
        if answer.token == self.suggest_token or self.asked is None:
            return True
        return self.clock - self.asked[1] >= self.time(layout.THINK_PAUSE)

    def marks(self) -> Marks:
        hand = self.game.hand
        playable = None
        if not self.busy and self.game.to_act == "S" and hand.phase == "play" and self.app.settings.dim_illegal:
            playable = set(hand.legal_plays("S"))
        return Marks(hover=self.hover, raised=self.selected, playable=playable, suggested=self.suggested,
                     in_flight=self.in_flight, to_act=None if self.busy else self.game.to_act,
                     thinking=self.asked is not None, clock=self.clock, south_order=self.south_order())

    def draw(self, surface: pygame.Surface) -> None:
        painter, model = self.painter, self.model
        marks = self.marks()
        surface.blit(self.app.felt, (0, 0))
        for seat in ("N", "W", "E"):
            painter.draw_hidden(surface, model, marks, seat)
        painter.draw_trick(surface, model.trick, model.trick_winner, self.in_flight)
        painter.draw_south(surface, model, marks)
        for flight in self.flights:
            if flight.started:
                card, face_up, turns = flight.look
                image = self.app.art.face(card) if face_up else self.app.art.rotated(self.app.art.back(), turns)
                x, y = flight.position
                surface.blit(image, (int(x), int(y)))
        if not (self.paused or self.reveal):  # under the four hands or a panel, the table's words would show through
            painter.draw_plates(surface, model, marks)
            painter.draw_scoreboard(surface, model)
            painter.draw_status(surface, model, self.game.variant)
            self.draw_words(surface)
        if self.show_last:
            self.draw_last_trick(surface)
        if self.reveal:
            painter.draw_reveal(surface, model)

    def draw_words(self, surface: pygame.Surface) -> None:
        """The message, in its own band between the trick and the hand that nothing covers,
        wrapped to at most two lines."""
        if self.message is None:
            return
        lines = text.wrap(self.message.text, layout.MESSAGE_WIDTH)[:layout.MESSAGE_LINES]
        y = layout.MESSAGE_Y + (layout.MESSAGE_LINES - len(lines)) * text.LINE // 2
        for line in lines:
            image = text.render(line, WHITE, 8, PANEL).copy()
            image.set_alpha(self.message.alpha)
            surface.blit(image, (layout.WIDTH // 2 - image.get_width() // 2, y))
            y += text.LINE

    def draw_last_trick(self, surface: pygame.Surface) -> None:
        box = pygame.Rect(200, 70, 240, 170)
        pygame.draw.rect(surface, PANEL, box)
        pygame.draw.rect(surface, PANEL_EDGE, box, 1)
        if not self.model.last_trick:
            text.draw(surface, "No trick yet", box.center, WHITE, align="centre")
            return
        text.draw(surface, f"Last trick: {self.name(self.model.last_winner)} won", (box.centerx, box.y + 6), GOLD,
                  align="centre")
        self.painter.draw_trick(surface, self.model.last_trick, self.model.last_winner)
