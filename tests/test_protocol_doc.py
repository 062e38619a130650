"""docs/protocol.md against the protocol as it is: every message documented, every example true.

The client's examples must pass the server's own checks; the server's examples must have the
fields a real server sends (a session against a real server on 127.0.0.1 collects them); every
kind of engine event is in the event table with all its fields.
"""

from __future__ import annotations

import dataclasses
import json
import re
import threading
import time
from pathlib import Path

import pytest
from websockets.sync.client import connect

from game.events import EVENT_TYPES
from net.protocol import SCHEMA, read_message
from net.server_messages import SCHEMA as SERVER_SCHEMA
from net.server_messages import read_server_message
from tests.netserver import running_server

DOC = Path(__file__).resolve().parent.parent / "docs" / "protocol.md"
SHORT_GAME = "partners=1 broken=1 nil=100 blindnil=200 blindnilfail=100 win=1 lose=-1"
"""Rules whose game ends after its first hand."""


def _chapters(text: str) -> dict[str, str]:
    """The doc's ``## `` chapters by title."""
    parts = re.split(r"^## (.+)$", text, flags=re.M)
    return {title.strip(): body for title, body in zip(parts[1::2], parts[2::2], strict=True)}


def _messages(chapter: str) -> dict[str, list[dict]]:
    """Each ``### `type` `` section's JSON examples (``### `a` and `b` `` documents both)."""
    found: dict[str, list[dict]] = {}
    parts = re.split(r"^### (.+)$", chapter, flags=re.M)
    for heading, body in zip(parts[1::2], parts[2::2], strict=True):
        examples = [json.loads(block) for block in re.findall(r"```json\n(.*?)\n```", body, flags=re.S)]
        for name in re.findall(r"`(\w+)`", heading):
            found[name] = [e for e in examples if e.get("type") == name]
    return found


TEXT = DOC.read_text(encoding="utf-8")
CHAPTERS = _chapters(TEXT)
CLIENT = _messages(CHAPTERS["What the client sends"])
SERVER = _messages(CHAPTERS["What the server sends"])


def test_every_client_message_is_documented_and_nothing_else() -> None:
    assert set(CLIENT) == set(SCHEMA)


@pytest.mark.parametrize("kind", sorted(SCHEMA))
def test_each_client_example_passes_the_servers_checks_with_every_field(kind: str) -> None:
    (example,) = CLIENT[kind]
    message = read_message(json.dumps(example))
    assert message.type == kind
    required, optional = SCHEMA[kind]
    assert set(message.fields) == set(required) | set(optional), "the example should show every field"


def test_every_server_message_the_game_reads_is_documented_and_nothing_else() -> None:
    assert set(SERVER) == set(SERVER_SCHEMA)


@pytest.mark.parametrize("kind", sorted(SERVER_SCHEMA))
def test_each_server_example_is_read_by_the_game_as_it_is_written(kind: str) -> None:
    for example in SERVER[kind]:
        read = read_server_message(json.dumps(example))
        assert read is not None and {key: read[key] for key in example} == example


def test_every_event_kind_is_in_the_table_with_its_fields() -> None:
    rows = dict(re.findall(r"^\| `(\w+)` \| (.*) \|$", CHAPTERS["What the server sends"], flags=re.M))
    for kind, cls in EVENT_TYPES.items():
        assert kind in rows, kind
        named = set(re.findall(r"`(\w+)`", rows[kind]))
        missing = {f.name for f in dataclasses.fields(cls)} - named
        assert not missing, f"{kind}: {missing} not described"


def _session(address: str) -> dict[str, list[dict]]:
    """Every kind of server message, from a short game on a real server: a player at S with three
    computers, a spectator, a refused card, a lobby chat line and a bad message."""
    got: dict[str, list[dict]] = {}

    def drain(ws, seconds: float) -> list[dict]:
        messages = []
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                message = json.loads(ws.recv(timeout=0.05))
            except TimeoutError:
                if messages:
                    break
                continue
            got.setdefault(message["type"], []).append(message)
            messages.append(message)
        return messages

    with connect(f"ws://{address}/") as ann, connect(f"ws://{address}/") as bo:
        for ws, name in ((ann, "Ann"), (bo, "Bo")):
            ws.send(json.dumps({"type": "hello", "version": 1, "name": name}))
            drain(ws, 2)
        ann.send(json.dumps({"type": "bogus"}))
        ann.send(json.dumps({"type": "chat", "text": "hello lobby"}))
        ann.send(json.dumps({"type": "create", "rules": SHORT_GAME,
                             "seats": {"S": "human", "W": "computer", "N": "computer", "E": "computer"}}))
        backlog = drain(ann, 2)  # may hold Ann's first turn already: answered below like any other
        bo.send(json.dumps({"type": "watch", "table": 1}))
        refused_once = False
        end = time.monotonic() + 60
        while "shown" not in got and time.monotonic() < end:
            arrived, backlog = [*backlog, *drain(ann, 1)], []
            for message in arrived:
                if message["type"] != "turn":
                    continue
                view = message["view"]
                if view["phase"] == "play" and not refused_once:
                    refused_once = True
                    ann.send(json.dumps({"type": "act", "choice": "XX"}))
                legal = view["legal"]
                choice = legal[: view["exchange_count"]] if view["phase"] == "exchange" else legal[-1]
                ann.send(json.dumps({"type": "act", "choice": choice}))
        drain(bo, 1)
    return got


@pytest.fixture(scope="module")
def real() -> dict[str, list[dict]]:
    with running_server() as server:
        return _session(server.address)


def test_a_real_session_sends_only_documented_messages_and_all_of_them(real) -> None:
    assert set(real) == set(SERVER)


@pytest.mark.parametrize("kind", sorted(SERVER))
def test_each_server_example_has_the_fields_a_real_server_sends(kind: str, real) -> None:
    assert SERVER[kind], f"no example for {kind}"
    sent = real[kind]
    for example in SERVER[kind]:
        matching = [m for m in sent if set(m) == set(example)]
        assert matching, f"{kind}: documented {sorted(example)}, sent {sorted(set().union(*map(set, sent)))}"
        if "summary" in example:
            assert set(example["summary"]) == set(matching[0]["summary"])


def test_everything_a_real_server_sends_is_read_by_the_game_as_it_was_sent(real) -> None:
    for kind, messages in real.items():
        for message in messages:
            read = read_server_message(json.dumps(message))
            assert read is not None and {key: read[key] for key in message} == message, kind
            assert set(read) - set(message) <= {"unread"}


def test_the_lobby_entry_documents_every_field_of_a_table(real) -> None:
    (example,) = SERVER["lobby"]
    table = next(m for m in real["table"])
    assert set(example["tables"][0]) == set(table) - {"type"}
    assert set(example["tables"][0]["seats"]["S"]) == set(table["seats"]["S"])


def test_the_python_client_in_the_doc_plays_a_game_to_its_end() -> None:
    (example,) = re.findall(r"```python\n(.*?)\n```", CHAPTERS["Trying it"], flags=re.S)
    with running_server() as server:
        code = example.replace("ws://localhost:7626/", f"ws://{server.address}/")
        code = code.replace('"rules": "partner"', f'"rules": "{SHORT_GAME}"')
        assert code.count(server.address) == 1 and SHORT_GAME in code
        done = threading.Thread(target=exec, args=(compile(code, str(DOC), "exec"), {}), daemon=True)
        done.start()
        done.join(60)  # the example returns only once game_over has come
        assert not done.is_alive(), "the example did not reach the end of the game"


def test_a_presets_rules_played_to_another_score_keep_the_presets_name_and_other_rules_are_custom():
    from game.rules import PRESETS
    from net.protocol import table_rules

    solo = PRESETS["solo"].rules
    assert table_rules(solo.replace(win=150).to_line()) == ("Solo", solo.replace(win=150))
    assert table_rules("solo") == ("Solo", solo)
    assert table_rules(solo.replace(nil=50).to_line())[0] == "Custom"
    assert table_rules(PRESETS["partner"].rules.replace(win=200, lose=-100).to_line())[0] == "Custom"
