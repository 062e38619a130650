"""The game's side of a connection to a Spades server, in a thread of its own.

The network runs on its own thread, with its own asyncio loop; the screen's frame loop
never waits on it. It talks to that thread through two queues: :meth:`NetClient.send`
puts a message out, :meth:`NetClient.receive` takes every message that has come in (at
once, never waiting). A lost connection is retried with growing pauses; hello then carries
the token the server gave and the last event seen, so the player gets the seat back and
every event missed. :attr:`NetClient.status` says where things stand in words a player reads.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidURI, WebSocketException

from net.fields import ProtocolError
from net.protocol import MAX_FROM_SERVER, PORT, VERSION, encode
from net.server_messages import read_server_message

RETRY_PAUSES = (0.5, 1.0, 2.0, 4.0, 8.0)
"""Seconds between attempts to connect again (the last one repeats)."""
OPEN_WAIT = 5.0
UNREAD = "Unreadable message from the server, left out"


def server_address(text: str | None) -> str:
    """``host``, ``host:port`` or a ``ws://`` address as the WebSocket address to connect to.

    >>> server_address("example.org"), server_address("10.0.0.2:8000"), server_address("ws://h:1/")
    ('ws://example.org:7626/', 'ws://10.0.0.2:8000/', 'ws://h:1/')
    """
    text = (text or "").strip() or "localhost"
    if text.startswith(("ws://", "wss://")):
        return text
    host, _, port = text.rpartition(":") if text.count(":") == 1 else (text, "", "")
    return f"ws://{host}:{port or PORT}/"


class NetClient:
    """A connection to `address` as `name`, kept up until :meth:`close`."""

    def __init__(self, address: str, name: str, token: str | None = None) -> None:
        """`token`: one the server gave this player before (in an earlier run of the game), so that
        a seat still theirs is theirs again."""
        self.address = server_address(address)
        self.name = name
        self.token: str | None = token
        self.last_seq = 0
        """The `seq` of the last table message received, sent again at hello after a drop (a table's
        messages come in order; each new game at a table numbers them from 1 again)."""
        self.status = "connecting"
        """``connecting``, ``connected``, ``reconnecting``, or ``closed: <why>``."""
        self._incoming: queue.Queue[dict[str, Any]] = queue.Queue()
        self._loop = asyncio.new_event_loop()
        self._outgoing: asyncio.Queue[str] | None = None
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="spades-network", daemon=True)
        self._thread.start()

    # -- the frame loop's side --------------------------------------------------------------------
    def send(self, message: dict[str, Any]) -> None:
        """Send `message` (queued while the connection is down; never waits)."""
        text = encode(message)
        self._loop.call_soon_threadsafe(self._put, text)

    def receive(self) -> list[dict[str, Any]]:
        """Every message that has come in since the last call, in order (never waits)."""
        messages = []
        while True:
            try:
                messages.append(self._incoming.get_nowait())
            except queue.Empty:
                return messages

    def close(self) -> None:
        """Close the connection; the thread ends by itself (see :attr:`closed`).

        The caller does not wait: saying goodbye to a server that does not answer takes the
        network thread up to websockets' close timeout, and the screen would stand still meanwhile."""
        self._stopping = True
        if not self._loop.is_closed():  # queued, this also stops a loop not yet running
            self._loop.call_soon_threadsafe(self._loop.stop)

    @property
    def closed(self) -> bool:
        """The network thread has ended."""
        return not self._thread.is_alive()

    # -- the network thread --------------------------------------------------------------------------
    def _put(self, text: str) -> None:
        if self._outgoing is not None:
            self._outgoing.put_nowait(text)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._outgoing = asyncio.Queue()
        task = self._loop.create_task(self._keep_connected())
        try:
            self._loop.run_forever()
        finally:
            task.cancel()
            with contextlib.suppress(BaseException):
                self._loop.run_until_complete(task)
            self._loop.close()

    async def _keep_connected(self) -> None:
        attempt = 0
        while not self._stopping:
            try:
                async with connect(self.address, open_timeout=OPEN_WAIT, max_size=MAX_FROM_SERVER,
                                   compression=None) as ws:
                    attempt = 0
                    await self._session(ws)
            except (OSError, TimeoutError, InvalidURI, WebSocketException) as error:
                if isinstance(error, InvalidURI):
                    self._close_for(f"{self.address} is not a server address")
                    return
            if self.status.startswith("closed"):
                return
            self.status = "reconnecting"
            self._incoming.put({"type": "status", "status": self.status})
            await asyncio.sleep(RETRY_PAUSES[min(attempt, len(RETRY_PAUSES) - 1)])
            attempt += 1

    async def _session(self, ws) -> None:
        hello: dict[str, Any] = {"type": "hello", "version": VERSION, "name": self.name}
        if self.token:
            hello.update(token=self.token, last_seq=self.last_seq)
        await ws.send(encode(hello))
        sender = asyncio.get_running_loop().create_task(self._send_all(ws))
        try:
            async for raw in ws:
                self._arrived(raw)
                if self.status.startswith("closed"):
                    return
        except ConnectionClosed:
            pass
        finally:
            sender.cancel()

    async def _send_all(self, ws) -> None:
        while True:
            text = await self._outgoing.get()
            try:
                await ws.send(text)
            except ConnectionClosed:
                self._outgoing.put_nowait(text)  # sent again once connected
                return

    def _arrived(self, raw: str | bytes) -> None:
        try:
            message = read_server_message(raw)
        except ProtocolError as error:
            self._incoming.put({"type": "error", "reason": f"{UNREAD} ({error})"})
            return
        if message is None:  # a kind of message this version does not know
            return
        kind = message["type"]
        if kind == "welcome":
            self.token = message.get("token", self.token)
            self.status = "connected"
        elif kind == "error" and message.get("fatal"):
            self._close_for(message["reason"] or "the server closed the connection")
        if kind in ("joined", "watching"):
            self.last_seq = 0  # another table: its events are numbered from 1
        if "seq" in message:
            self.last_seq = message["seq"]  # the latest, not the highest: a new game numbers its events from 1 again
        self._incoming.put(message)

    def _close_for(self, reason: str) -> None:
        self.status = f"closed: {reason}"
        self._incoming.put({"type": "status", "status": self.status})
