"""The wire format: every declared message goes out and comes back the same, and anything
else is refused with a one-line reason (shape, types, lengths, nesting, size)."""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import registry
from game.net import protocol as wire
from game.net.client import ClientTable


def test_every_declared_message_comes_back_the_same():
    state = registry.new_game("ktu", players=3, seed=4)
    view = wire.view_data(state.view(1))
    action = wire.action_data(state.legal_actions()[0])
    events = [wire.event_data(e.for_seat(1)) for e in state.events]
    messages = [wire.Hello(wire.PROTOCOL, "ABCD-EFGH-JKLM", "Maya"), wire.Act(3, 1, action),
                wire.Undo(3, 1), wire.Welcome(wire.PROTOCOL, 1, "ktu", 3, dict(state.options),
                                              ["Maya", "Theo", "Ines"]),
                wire.Lobby(["Maya", None, "Computer"], [wire.HERE, wire.OPEN, wire.COMPUTER]),
                wire.Update(7, view, [action], events, True, False, [wire.HERE] * 3, action, 2),
                wire.Refused("wrong join code", True)]
    for message in messages:
        kinds = wire.FROM_SCREEN if message.TYPE in wire.FROM_SCREEN else wire.FROM_HOST
        assert wire.decode(wire.encode(message), kinds, wire.MAX_FROM_HOST) == message


def test_a_view_and_its_events_come_back_as_the_rules_values():
    state = registry.new_game("deadline", players=3, seed=9)
    welcome = wire.Welcome(wire.PROTOCOL, 2, "deadline", 3, dict(state.options), ["A", "B", "C"])
    deck = state.info.load_deck()
    assert wire.view_from(wire.view_data(state.view(2)), welcome, deck) == state.view(2)
    for event in state.events_for(2):
        assert wire.event_from(wire.event_data(event), deck) == event._replace(visible_to=None)
    for action in state.legal_actions():
        assert wire.action_from(wire.action_data(action), deck) == action


ACT = {"type": "act", "move": 1, "seat": 0, "action": {"kind": "play", "cards": [3], "arg": None}}


@pytest.mark.parametrize("text,words", [
    (b"\x00\x01", "expected a text message"),
    ("x" * (wire.MAX_FROM_SCREEN + 1), "message too long"),
    ("{not json", "not a JSON message"),
    ("[" * 2000 + "]" * 2000, "not a JSON message"),
    ('{"type":"act","move":NaN}', "not a JSON message"),
    ("[]", "expected a JSON object with a type"),
    ('{"type":"shout"}', "unknown message type 'shout'"),
    ('{"type":"update"}', "unknown message type 'update'"),      # only the host sends these
    (json.dumps({**ACT, "extra": 1}), "act: unexpected field 'extra'"),
    (json.dumps({k: v for k, v in ACT.items() if k != "seat"}), "act: missing field seat"),
    (json.dumps({**ACT, "move": True}), "act.move: expected a whole number"),
    (json.dumps({**ACT, "move": 1.0}), "act.move: expected a whole number"),
    (json.dumps({**ACT, "move": 2**60}), "act.move: number out of range"),
    (json.dumps({**ACT, "action": {"kind": "play", "cards": [3], "arg": 2.5}}),
     "act.action.arg: expected a whole number or a text or null"),
    (json.dumps({**ACT, "action": {"kind": "play", "cards": list(range(65)), "arg": None}}),
     "act.action.cards: 65 entries, at most 64"),
    (json.dumps({**ACT, "action": {"kind": "p" * 41, "cards": [], "arg": None}}),
     "act.action.kind: 41 characters, at most 40"),
    (json.dumps({**ACT, "action": [1]}), "act.action: expected an object"),
])
def test_anything_else_is_refused_with_the_reason(text, words):
    with pytest.raises(wire.ProtocolError) as refused:
        wire.decode(text, wire.FROM_SCREEN, wire.MAX_FROM_SCREEN)
    assert words in str(refused.value) and "\n" not in str(refused.value)


def test_data_fields_are_bounded_in_depth():
    deep = {"a": 1}
    for _ in range(wire.MAX_DEPTH + 2):
        deep = {"a": deep}
    text = wire.encode(wire.Welcome(wire.PROTOCOL, 0, "ktu", 2, deep, ["A", "B"]))
    with pytest.raises(wire.ProtocolError, match="nested too deeply"):
        wire.decode(text, wire.FROM_HOST, wire.MAX_FROM_HOST)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                    | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["type", "move", "seat", "action", "code", "name",
                                        "protocol", "kind", "cards", "arg"]), JSON, max_size=6))
def test_decoding_anything_either_gives_a_declared_message_or_a_reason(data):
    try:
        message = wire.decode(json.dumps(data), wire.FROM_SCREEN, wire.MAX_FROM_SCREEN)
    except wire.ProtocolError as error:
        assert str(error)
    else:
        assert wire.decode(wire.encode(message), wire.FROM_SCREEN, wire.MAX_FROM_SCREEN) == message


def test_a_screen_refuses_what_a_host_should_never_send():
    screen = ClientTable("ABCD-EFGH-JKLM", "Maya")
    state = registry.new_game("ktu", players=3, seed=4)
    update = wire.encode(wire.Update(1, wire.view_data(state.view(0)), [], [], True, False,
                                     [wire.HERE] * 3, None, 0))
    with pytest.raises(wire.ProtocolError, match="update before welcome"):
        screen.received(update)
    with pytest.raises(wire.ProtocolError, match="unknown game"):
        screen.received(wire.encode(wire.Welcome(wire.PROTOCOL, 0, "poker", 3, {}, ["A", "B", "C"])))
    with pytest.raises(wire.ProtocolError, match="the seat or the names"):
        screen.received(wire.encode(wire.Welcome(wire.PROTOCOL, 5, "ktu", 3, {}, ["A", "B", "C"])))
    screen.received(wire.encode(wire.Welcome(wire.PROTOCOL, 0, "ktu", 3, dict(state.options),
                                             ["A", "B", "C"])))
    bad = json.loads(update)
    bad["view"]["zones"][0]["cards"] = [10_000]
    with pytest.raises(wire.ProtocolError, match="no card 10000"):
        screen.received(json.dumps(bad))


def test_the_network_layer_never_imports_pygame():
    import subprocess
    import sys
    code = ("import sys; import game.net.headless, game.net.discovery, game.net.bench; "
            "print('pygame' in sys.modules, 'zeroconf' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["False", "False"], done.stderr   # zeroconf: only when used
