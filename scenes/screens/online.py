"""Play Online: connect to a server, then the lobby — every table with its variant, seats and
score, a new table with seats for people or the computer, joining a seat, watching, chat.

The connection (:class:`net.client.NetClient`) runs in its own thread; these screens take
what has come each frame and never wait. Once the server seats the player (or lets them
watch), the table is the same screen as offline play, driven by the server's messages.
"""

from __future__ import annotations

import os
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UITextEntryLine

from game.game import is_player_name
from game.rules import CUSTOM_SLOTS, PRESETS, Rules
from game.rules import summary as rules_summary
from game.seats import SEATS
from net.client import NetClient
from net.protocol import CHAT_LENGTH
from scenes.look import text, widgets
from scenes.look.breakdown import draw_panel
from scenes.look.palette import GOLD, GREY, GREY_LIGHT, WARNING, WHITE
from scenes.look.reading import draw_reading, whole_rows
from scenes.scene import Scene
from scenes.settings import LEVELS, SERVER_LENGTH
from scenes.table.online import OnlineTableController

PANEL = pygame.Rect(8, 10, 624, 340)
FORM = pygame.Rect(120, 80, 400, 190)
ROWS_TOP = 44
ROW_HEIGHT = 20
ROW_CHARS = 36
"""What of a table's line fits left of its seat buttons (the strip under the list has it all)."""
VISIBLE_TABLES = 6
"""Tables listed at once; the row under them pages through the rest."""
PAGER_Y = ROWS_TOP + VISIBLE_TABLES * ROW_HEIGHT + 10
DETAIL_Y = PAGER_Y + 4
"""The strip under the list: the table pointed at (else the first) in full, with its rules."""
DETAIL_LINES = 3
CREATE_Y = 216
CHAT_Y = 266
CHAT_ROWS = 3
"""Rows of lobby chat above the chat line."""
NOTICE_Y = CHAT_Y + 32
"""The lobby's notice (a refusal, the connection), under the chat."""
CHAT_KEPT = 20
"""Lines of lobby chat kept: pointing at the rows shows them whole over the list."""
READING_ROWS = 20
"""Rows of the chat so far, shown whole over the list (the oldest lines left out when they are more)."""
CHAT_AREA = pygame.Rect(PANEL.x + 8, CHAT_Y, PANEL.width - 16, NOTICE_Y + 10 - CHAT_Y)
"""The rows of chat and the notice under them (pointing there shows the chat so far and the notice, whole)."""
NAME_LIMIT = 12
POLL_EVERY = 0.1
"""Seconds between two looks at what has come from the server while nothing moves (the screen is
drawn again only when something came)."""


def default_server(configured: str | None, last: str = "") -> str:
    """The server to offer: the command line's, else the one last reached from the form, else
    ``SPADES_SERVER``, else this computer."""
    return configured or last or os.environ.get("SPADES_SERVER") or "localhost"


def seat_words(seat: str, info: dict[str, Any]) -> str:
    """A seat in the lobby: ``N Ann``, ``W CPU``, ``E open``, ``S Ann (away)``."""
    kind = info.get("kind")
    if kind == "computer":
        return f"{seat} CPU"
    if kind == "open":
        return f"{seat} open"
    away = " (away)" if info.get("away") or not info.get("connected", True) else ""
    return f"{seat} {info.get('name', '')[:8]}{away}"


def level_words(level: str) -> str:
    """The new table's computer level, as its button says it: ``CPU: Normal``."""
    return f"CPU: {level.capitalize()}"


def shown_address(address: str) -> str:
    """A server's address as a player types it.

    >>> shown_address("ws://localhost:7626/"), shown_address("wss://spades.example.org/")
    ('localhost:7626', 'spades.example.org')
    """
    return address.removeprefix("ws://").removeprefix("wss://").rstrip("/")


SEAT_BUTTON_CHARS = 7
"""The characters a seat's button shows whole (its pointer's tip says the rest)."""


def seat_label(seat: str, info: dict[str, Any]) -> str:
    """A seat's button in the lobby: :func:`seat_words` cut to what the button shows whole
    (``S Barth..``), never a letter cut in half."""
    return text.cut(seat_words(seat, info), SEAT_BUTTON_CHARS)


def table_words(summary: dict[str, Any]) -> str:
    """A table's line in the lobby: number, variant, state and score, watchers."""
    state = summary.get("state", "waiting")
    if state == "playing":
        state = f"hand {summary.get('hand', 0)}"
    scores = " ".join(f"{side}:{points}" for side, points in summary.get("scores", {}).items())
    watchers = summary.get("watchers", 0)
    seen = f", {watchers} watching" if watchers else ""
    return f"#{summary['table']} {summary.get('variant', '?')[:10]} - {state} {scores}{seen}"


def table_detail(summary: dict[str, Any]) -> str:
    """All the lobby knows of a table, for the strip under the list: its line in full, the
    computers' level, and its rules in a sentence (a rules line this game cannot read is said so)."""
    level = summary.get("level")
    computers = f", {level.capitalize()} computers" if isinstance(level, str) and level in LEVELS else ""
    rules = readable_rules(summary)
    if rules is not None:
        words = rules_summary(rules)
    elif isinstance(summary.get("rules"), str):
        words = "Its rules cannot be read by this version of the game."
    else:
        words = "Its rules were not sent."
    return f"{table_words(summary)}{computers}. {words}"


def readable_rules(summary: dict[str, Any]) -> Rules | None:
    """A listed table's rules; None when they were not sent or this version cannot read them (its seats
    cannot be taken, nor its game watched, from here)."""
    line = summary.get("rules")
    try:
        return Rules.parse(line, strict=True) if isinstance(line, str) else None
    except ValueError:
        return None


def unread_words(unread: list[str]) -> str:
    """The lobby's word on the tables it could not list, with what is wrong with the first.

    >>> unread_words(["table: seats: seats gives each of S, W, N, E"])
    'A table on the server cannot be read by this version of the game (table: seats: seats gives each of S, W, N, E)'
    """
    some = "A table" if len(unread) == 1 else f"{len(unread)} tables"
    return f"{some} on the server cannot be read by this version of the game ({unread[0]})"


def open_seats_first(tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The lobby's tables as listed: those with a seat to take first, the newest (the highest
    number: a server numbers its tables as they are set up) first, so that a friend's table just set
    up tops the list however busy the server; then the full ones in the server's order.

    >>> [t["table"] for t in open_seats_first([{"table": 1, "seats": {"S": {"kind": "human"}}},
    ...                                        {"table": 2, "seats": {"S": {"kind": "open"}}},
    ...                                        {"table": 3, "seats": {"S": {"kind": "open"}}}])]
    [3, 2, 1]
    """
    def full(summary: dict[str, Any]) -> bool:
        seats = summary.get("seats", {})
        return not any(isinstance(info, dict) and info.get("kind") == "open" for info in seats.values())

    listed = [t for t in tables if isinstance(t, dict)]
    with_seats = sorted((t for t in listed if not full(t)), key=lambda t: t.get("table", 0), reverse=True)
    return with_seats + [t for t in listed if full(t)]


class ConnectScene(Scene):
    """Where to connect and under which name; Connect goes to the lobby when the server answers."""

    def __init__(self, app, status: str = "") -> None:
        """`status`: why the form shows again (a server that closed), in orange until the next try."""
        super().__init__(app)
        self.status = status
        self.status_colour = WARNING if status else GREY_LIGHT

    def enter(self) -> None:
        ui = self.app.ui
        config = self.app.config
        settings = self.app.settings
        self.server = UITextEntryLine(pygame.Rect(FORM.x + 96, FORM.y + 40, 280, 18), manager=ui,
                                      initial_text=default_server(getattr(config, "server", None),
                                                                  settings.online_server),
                                      object_id=ObjectID(object_id="#options_entry"))
        name = getattr(config, "name", None) or settings.online_name or settings.names[0]
        self.name = UITextEntryLine(pygame.Rect(FORM.x + 96, FORM.y + 66, 140, 18), manager=ui, initial_text=name,
                                    object_id=ObjectID(object_id="#options_entry"))
        self.name.set_text_length_limit(NAME_LIMIT)
        self.connect = widgets.button(ui, (FORM.x + 16, FORM.bottom - 40, 116, 20), "Connect",
                                      object_id="title_button")
        self.host = widgets.button(ui, (FORM.x + 142, FORM.bottom - 40, 116, 20), "Host",
                                   object_id="title_button",
                                   tool_tip="Start a server on this computer and sit at it: friends on your network "
                                            "connect to the address the lobby shows")
        self.back = widgets.button(ui, (FORM.right - 132, FORM.bottom - 40, 116, 20), "Back", object_id="title_button")
        self.widgets = [self.server, self.name, self.connect, self.host, self.back]

    def handle_event(self, event: pygame.event.Event) -> None:
        pressed = event.ui_element if event.type == pygame_gui.UI_BUTTON_PRESSED else None
        if pressed is self.connect or event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self.start()
        elif pressed is self.host:
            self.start_hosting()
        elif pressed is self.back or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.disconnect()
            self.app.stop_hosting()
            self.app.pop()

    def typed_name(self) -> str | None:
        """The name typed, or None (and the form asks for one)."""
        name = " ".join(self.name.get_text().split())
        if not name:
            self.status, self.status_colour = "Type a name first.", WARNING
        return name or None

    def start(self) -> None:
        name = self.typed_name()
        if name is None:
            return
        self.app.disconnect()
        settings = self.app.settings
        known = (self.server.get_text().strip(), name) == (settings.online_server, settings.online_name)
        self.app.net = NetClient(self.server.get_text(), name, settings.online_token if known else None)
        self.status, self.status_colour = f"Connecting to {self.app.net.address} ...", GREY_LIGHT

    def remember(self) -> None:
        """The server answered: its address and the name are offered the next time, and the token
        it gave is kept to get a seat back after a restart (a server this computer hosts is not
        remembered: its port may change)."""
        server = self.server.get_text().strip()
        name = self.typed_name() or ""
        hosted = self.app.hosted is not None
        if hosted or len(server) > SERVER_LENGTH or not server.isprintable() or not is_player_name(name):
            return
        token = self.app.net.token or "" if self.app.net is not None else ""
        if (server, name, token) != (self.app.settings.online_server, self.app.settings.online_name,
                                     self.app.settings.online_token):
            self.app.change_settings(online_server=server, online_name=name, online_token=token)

    def start_hosting(self) -> None:
        """A server on this computer (see :meth:`App.host`), then connect to it as to any other."""
        if self.typed_name() is None:
            return
        try:
            hosted = self.app.host()
        except (OSError, RuntimeError) as error:
            self.status, self.status_colour = f"No server could be started here: {error}", WARNING
            return
        self.server.set_text(f"127.0.0.1:{hosted.port}")
        self.start()

    def update(self, dt: float) -> None:
        net = self.app.net
        if net is None:
            return
        messages = net.receive()
        if messages:
            self.app.redraw()
        for index, message in enumerate(messages):
            if message.get("type") == "welcome":
                self.remember()
                self.app.open("lobby", messages[index:])  # the lobby's list came with the welcome
                return
            if message.get("type") == "status" and message["status"] != "connecting":
                self.status, self.status_colour = _status_words(message["status"], net.address), WARNING
            elif message.get("type") == "error":
                self.status, self.status_colour = str(message.get("reason", "")), WARNING

    def wake_due(self) -> float | None:
        return POLL_EVERY if self.app.net is not None else None

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.felt, (0, 0))
        draw_panel(surface, FORM)
        text.draw(surface, "PLAY ONLINE", (FORM.centerx, FORM.y + 12), GOLD, size=16, align="centre")
        text.draw(surface, "Server", (FORM.x + 16, FORM.y + 45), WHITE)
        text.draw(surface, "Name", (FORM.x + 16, FORM.y + 71), WHITE)
        text.draw(surface, "host, host:port (7626 unless said)", (FORM.x + 96, FORM.y + 90), GREY, shadow=None)
        status = self.status or "Or Host: play at a server on this computer, which friends join."
        for i, line in enumerate(text.fitted(status, FORM.width - 32, 2)):
            text.draw(surface, line, (FORM.x + 16, FORM.y + 108 + i * text.LINE), self.status_colour, shadow=None)


def _status_words(status: str, address: str) -> str:
    if status == "reconnecting":
        return f"No answer from {address}: trying again ..."
    return status.removeprefix("closed: ").capitalize()


class LobbyScene(Scene):
    """Every table on the server; join an open seat, watch, or set up a new table; chat."""

    def __init__(self, app, first: list[dict[str, Any]] | None = None) -> None:
        super().__init__(app)
        self.tables: list[dict[str, Any]] = []
        self.people = 0
        self.chat: list[str] = []
        self.notice = ""
        self.unread = ""
        """The notice on the tables the lobby could not list, while it is the one shown."""
        self.seats = {"W": "computer", "N": "computer", "E": "computer"}
        self.level = "normal"
        self.seat_buttons: dict[UIButton, tuple[int, str]] = {}
        self.watch_buttons: dict[UIButton, int] = {}
        self.waiting = list(first or [])
        self.held_seat: tuple[int, str | None] | None = None
        """The table and seat the server kept for the player, who connected with its token (a game
        started again): the table opens once its own message comes."""
        self.first_row = 0
        """The index in :attr:`tables` of the first table shown (the list pages by :data:`VISIBLE_TABLES`)."""
        self.pointed: int | None = None
        """The table whose row the pointer is over (its detail shows under the list)."""
        self.reading = False
        """The pointer is over the chat: the chat so far shows whole over the list (its buttons hidden)."""

    def enter(self) -> None:
        self.build()
        if not self.waiting and self.app.net is not None:
            self.app.net.send({"type": "tables"})  # back from a table: the list as it is now

    def build(self) -> None:
        """The form for a new table, the chat line and Leave (built once), then the tables' rows."""
        ui = self.app.ui
        self.seat_toggles = {seat: widgets.button(ui, (PANEL.x + 120 + i * 96, CREATE_Y + 20, 92, 16),
                                                  f"{seat}: {self.seats[seat].capitalize()}")
                             for i, seat in enumerate(self.seats)}
        self.level_toggle = widgets.button(ui, (PANEL.x + 412, CREATE_Y + 20, 92, 16), level_words(self.level),
                                           tool_tip="The level of the new table's computer players (click to change)")
        self.create = widgets.button(ui, (PANEL.right - 112, CREATE_Y + 20, 104, 16), "Create",
                                     object_id="title_button")
        self.chat_entry = UITextEntryLine(pygame.Rect(PANEL.x + 8, CHAT_Y + 44, PANEL.width - 88, 18), manager=ui,
                                          placeholder_text="Chat with everyone in the lobby (Enter sends)",
                                          object_id=ObjectID(object_id="#options_entry"))
        self.chat_entry.set_text_length_limit(CHAT_LENGTH)
        self.back = widgets.button(ui, (PANEL.right - 72, CHAT_Y + 44, 64, 18), "Leave", object_id="title_button")
        self.earlier = widgets.button(ui, (PANEL.right - 62, PAGER_Y, 26, 16), "◀", tool_tip="Page Up")
        self.later = widgets.button(ui, (PANEL.right - 34, PAGER_Y, 26, 16), "▶", tool_tip="Page Down")
        self.form = [*self.seat_toggles.values(), self.level_toggle, self.create, self.chat_entry, self.back,
                     self.earlier, self.later]
        self.rows_shown: tuple | None = None
        self.build_rows()

    def build_rows(self) -> None:
        """A button for each seat and a Watch button for each table shown, made again only when what
        they say changes: a list that comes while the player clicks or types loses nothing."""
        self.first_row = max(0, min(self.first_row, len(self.tables) - VISIBLE_TABLES))
        visible = self.tables[self.first_row:self.first_row + VISIBLE_TABLES]
        self.show_pager()
        shown = tuple((summary["table"], readable_rules(summary) is not None,
                       *(seat_words(seat, summary["seats"][seat]) for seat in SEATS),
                       *(summary["seats"][seat].get("kind") == "open" for seat in SEATS)) for summary in visible)
        if shown == self.rows_shown:
            return
        for element in [*self.seat_buttons, *self.watch_buttons]:
            element.kill()
        ui = self.app.ui
        self.seat_buttons, self.watch_buttons = {}, {}
        for row, (summary, shows) in enumerate(zip(visible, shown, strict=True)):
            y = ROWS_TOP + row * ROW_HEIGHT + 10
            playable = shows[1]
            for i, seat in enumerate(SEATS):
                info = summary["seats"][seat]
                words, label = seat_words(seat, info), seat_label(seat, info)
                button = widgets.button(ui, (PANEL.x + 300 + i * 64, y, 62, 16), label,
                                        tool_tip=words if label != words else None)
                if info.get("kind") != "open" or not playable:
                    button.disable()
                self.seat_buttons[button] = (summary["table"], seat)
            watch = widgets.button(ui, (PANEL.right - 62, y, 54, 16), "Watch")
            if not playable:
                watch.disable()
            self.watch_buttons[watch] = summary["table"]
        self.rows_shown = shown
        self.widgets = [*self.seat_buttons, *self.watch_buttons, *self.form]
        if self.reading:
            widgets.show([*self.seat_buttons, *self.watch_buttons], False)

    def show_pager(self) -> None:
        """◀ and ▶ under the list when it is longer than the screen (each usable when it leads somewhere)."""
        for button, usable in ((self.earlier, self.first_row > 0),
                               (self.later, self.first_row + VISIBLE_TABLES < len(self.tables))):
            widgets.show([button], len(self.tables) > VISIBLE_TABLES and not self.reading)
            if usable:
                button.enable()
            else:
                button.disable()

    def read_chat(self, reading: bool) -> None:
        """Show the chat so far and the notice whole over the list and the form (their buttons hidden), or
        them again."""
        if reading == self.reading:
            return
        self.reading = reading
        widgets.show([*self.seat_buttons, *self.watch_buttons, *self.seat_toggles.values(), self.level_toggle,
                      self.create], not reading)
        self.show_pager()
        self.app.redraw()

    # -- what comes from the server -----------------------------------------------------------------
    def update(self, dt: float) -> None:
        net = self.app.net
        if net is None:
            return
        messages, self.waiting = [*self.waiting, *net.receive()], []
        if messages:
            self.app.redraw()
        for index, message in enumerate(messages):
            if message.get("type") in ("joined", "watching"):
                self.sit(message, messages[index + 1:])
                return
            if message.get("type") == "welcome" and message.get("table") is not None:
                self.held_seat = (message["table"], message.get("seat"))  # the table's own message follows
            elif message.get("type") == "table" and self.held_seat and message.get("table") == self.held_seat[0]:
                self.sit({"seat": self.held_seat[1], "summary": message}, messages[index + 1:])
                return
            self.take(message)

    def take(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "lobby":
            self.tables = open_seats_first(message["tables"])
            self.people = message.get("people", 0)
            self.build_rows()
            if message["unread"] or self.notice == self.unread:  # told while the server lists such a table
                self.notice = self.unread = unread_words(message["unread"]) if message["unread"] else ""
        elif kind == "chat":
            self.chat = [*self.chat, f"{message.get('from', '?')}: {message.get('text', '')}"][-CHAT_KEPT:]
        elif kind in ("error", "refused"):
            self.notice = str(message.get("reason", ""))
        elif kind == "status":
            self.notice = _status_words(message["status"], self.app.net.address)

    def sit(self, message: dict[str, Any], rest: list[dict[str, Any]]) -> None:
        """The server seated the player (or lets them watch): the table, fed what came after."""
        app = self.app
        control = OnlineTableController(app.net, message.get("seat"), message["summary"], app.thinker,
                                        lambda: app.settings, app.new_token, on_change=app.redraw,
                                        on_hand=app.save_online_hand)
        for later in rest:
            control.take(later)
        app.open("table", control=control)

    def wake_due(self) -> float | None:
        return POLL_EVERY

    # -- the player's clicks ----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll(VISIBLE_TABLES if event.key == pygame.K_PAGEDOWN else -VISIBLE_TABLES)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
        elif event.type == pygame.MOUSEMOTION:
            self.point(event.pos)
            self.read_chat(bool(self.chat or self.notice) and CHAT_AREA.collidepoint(event.pos))
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.chat_entry:
            self.send_chat()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.press(event.ui_element)

    def press(self, element: UIButton) -> None:
        net = self.app.net
        if element in self.seat_buttons:
            table, seat = self.seat_buttons[element]
            net.send({"type": "join", "table": table, "seat": seat})
        elif element in self.watch_buttons:
            net.send({"type": "watch", "table": self.watch_buttons[element]})
        elif element is self.create:
            net.send({"type": "create", "rules": self.rules(), "seats": {"S": "human", **self.seats},
                      "seat": "S", "level": self.level})
        elif element is self.level_toggle:
            self.level = "expert" if self.level == "normal" else "normal"
            element.set_text(level_words(self.level))
        elif element is self.back:
            self.leave()
        elif element in (self.earlier, self.later):
            self.scroll(VISIBLE_TABLES if element is self.later else -VISIBLE_TABLES)
        else:
            self.toggle_seat(element)

    def point(self, pos: tuple[int, int]) -> None:
        """The table whose row is under the pointer is told in full under the list."""
        row = (pos[1] - ROWS_TOP - 10) // ROW_HEIGHT if PANEL.collidepoint(pos) and pos[1] >= ROWS_TOP + 10 else -1
        visible = self.tables[self.first_row:self.first_row + VISIBLE_TABLES]
        pointed = visible[row]["table"] if 0 <= row < len(visible) else None
        if pointed != self.pointed:
            self.pointed = pointed
            self.app.redraw()

    def scroll(self, rows: int) -> None:
        """Show the tables `rows` further down the list (up when negative), as far as it goes."""
        self.first_row += rows
        self.build_rows()
        self.app.redraw()

    def toggle_seat(self, element: UIButton) -> None:
        seat = next((seat for seat, button in self.seat_toggles.items() if button is element), None)
        if seat is not None:
            self.seats[seat] = "human" if self.seats[seat] == "computer" else "computer"
            element.set_text(f"{seat}: {self.seats[seat].capitalize()}")

    def rules(self) -> str:
        """The new table's rules: the variant chosen in the options, as it is played on this computer
        (a Custom slot's own line; the options' Win at score when one is set)."""
        settings = self.app.settings
        if settings.variant in PRESETS and settings.win_score is None:
            return settings.variant
        if settings.variant in PRESETS or settings.variant in CUSTOM_SLOTS:
            return settings.game_variant().rules.to_line()
        return "partner"

    def send_chat(self) -> None:
        words = self.chat_entry.get_text().strip()
        if words:
            self.app.net.send({"type": "chat", "text": words})
        self.chat_entry.set_text("")

    def leave(self) -> None:
        """Back to the title; when this computer hosts the server and others are on it, ask first,
        since leaving closes it."""
        others = self.people - 1
        if self.app.hosted is None or others < 1:
            self.close()
            return
        friends = "1 other person is" if others == 1 else f"{others} other people are"
        self.app.open("confirm", "Close your server?",
                      f"{friends} connected to the server on this computer. Leaving closes it, and "
                      "every table on it.", "Leave", "Stay", self.close)

    def close(self) -> None:
        self.app.disconnect()
        self.app.stop_hosting()
        self.app.show("title")

    def where(self) -> str:
        """The header's address: the server's, or, on the server this computer hosts, the one
        friends type."""
        friends = self.app.friends_address()
        if friends is not None:
            return f"Friends connect to {friends}"
        return shown_address(self.app.net.address) if self.app.net else ""

    def chat_rows(self) -> list[str]:
        """The newest chat, wrapped whole, in the :data:`CHAT_ROWS` rows above the chat line (a line
        too long for them all shows its start, ending in "..")."""
        return [row for row, _ in whole_rows([(line, WHITE) for line in self.chat], PANEL.width - 24, CHAT_ROWS)]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.felt, (0, 0))
        draw_panel(surface, PANEL)
        text.draw(surface, "LOBBY", (PANEL.x + 12, PANEL.y + 8), GOLD, size=16)
        where = f"{self.where()}  {self.people} online"
        text.draw(surface, where, (PANEL.right - 12, PANEL.y + 12), GREY_LIGHT, align="right", shadow=None)
        if not self.tables:
            text.draw(surface, "No table yet: set one up below.", (PANEL.x + 12, ROWS_TOP + 14), GREY_LIGHT)
        visible = self.tables[self.first_row:self.first_row + VISIBLE_TABLES]
        for row, summary in enumerate(visible):
            y = ROWS_TOP + row * ROW_HEIGHT + 14
            colour = GOLD if summary["table"] == self.pointed else WHITE
            text.draw(surface, text.cut(table_words(summary), ROW_CHARS), (PANEL.x + 12, y), colour, shadow=None)
        detail_width = PANEL.width - 24
        if len(self.tables) > VISIBLE_TABLES:
            last = min(len(self.tables), self.first_row + VISIBLE_TABLES)
            pager = text.draw(surface, f"{self.first_row + 1}-{last} of {len(self.tables)}",
                              (PANEL.right - 70, PAGER_Y + 4), GREY, align="right", shadow=None)
            detail_width = pager.x - PANEL.x - 24
        shown = next((t for t in visible if t["table"] == self.pointed), visible[0] if visible else None)
        if shown is not None:
            for i, line in enumerate(text.fitted(table_detail(shown), detail_width, DETAIL_LINES)):
                text.draw(surface, line, (PANEL.x + 12, DETAIL_Y + i * text.LINE), GREY_LIGHT, shadow=None)
        text.draw(surface, f"New table ({self.app.settings.game_variant().name}), you sit South:",
                  (PANEL.x + 12, CREATE_Y + 4), GOLD, shadow=None)
        text.draw(surface, "Seats", (PANEL.x + 12, CREATE_Y + 24), GREY_LIGHT, shadow=None)
        for i, row in enumerate(self.chat_rows()):
            text.draw(surface, row, (PANEL.x + 12, CHAT_Y + i * text.LINE), WHITE, shadow=None)
        if self.notice:
            text.draw(surface, text.fitted(self.notice, PANEL.width - 24)[0], (PANEL.x + 12, NOTICE_Y), WARNING,
                      shadow=None)
        if self.reading:
            said = [(line, WHITE) for line in self.chat] + ([(self.notice, WARNING)] if self.notice else [])
            draw_reading(surface, said, PANEL.x + 8, CHAT_Y - 4, PANEL.width - 16, READING_ROWS, upward=True)
