"""The network client against a server that sends what no server of ours would: it drops what
it cannot read and keeps the connection (a real WebSocket server on 127.0.0.1, port 0)."""

from __future__ import annotations

import json
import threading
import time

from websockets.sync.server import serve

from net.client import NetClient

WAIT = 10.0


def test_a_frame_nested_too_deep_to_read_is_dropped_and_the_next_message_arrives() -> None:
    said: list[str] = []

    def talk(ws) -> None:
        said.append(ws.recv())  # the client's hello
        ws.send("[" * 100_000)  # JSON nested deeper than Python reads
        ws.send('{"type": "' + "[" * 10 + '"}')  # readable, of no known type: passed on as it is
        ws.send(json.dumps({"type": "welcome", "token": "t1"}))
        ws.send(json.dumps({"type": "lobby", "people": 1, "tables": []}))
        ws.recv()  # until the client goes

    with serve(talk, "127.0.0.1", 0, max_size=2**22) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        client = NetClient(f"127.0.0.1:{server.socket.getsockname()[1]}", "Ann")
        try:
            got: list[dict] = []
            deadline = time.monotonic() + WAIT
            while not any(m.get("type") == "lobby" for m in got) and time.monotonic() < deadline:
                got += client.receive()
                time.sleep(0.02)
            assert [m["type"] for m in got if m["type"] in ("welcome", "lobby")] == ["welcome", "lobby"]
            assert client.status == "connected" and client.token == "t1"
            assert json.loads(said[0])["type"] == "hello"
        finally:
            client.close()
