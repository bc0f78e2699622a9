"""The wire format: every declared message goes out and comes back the same, and anything
else is refused with a one-line reason (shape, types, lengths, nesting, size); names,
codes and addresses are normalised or refused with the reason where they arrive."""
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
    messages = [wire.Hello(wire.PROTOCOL, "ABCDEFGHJKLM", "Maya"), wire.Act(3, 1, action),
                wire.Undo(3, 1), wire.Welcome(wire.PROTOCOL, 1, "ktu", 3, dict(state.options),
                                              ["Maya", "Theo", "Ines"]),
                wire.Lobby(["Maya", None, "Computer"], [wire.HERE, wire.OPEN, wire.COMPUTER]),
                wire.Update(7, view, [action], 4, events, True, False, [wire.HERE] * 3, action, 2),
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
    update = wire.encode(wire.Update(1, wire.view_data(state.view(0)), [], 0, [], True, False,
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
    with pytest.raises(wire.ProtocolError, match="keeps 3 events of a log of 0"):
        screen.received(json.dumps({**json.loads(update), "kept": 3}))


def test_the_network_layer_never_imports_pygame():
    import subprocess
    import sys
    code = ("import sys; import game.net.headless, game.net.discovery, game.net.bench; "
            "print('pygame' in sys.modules, 'zeroconf' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["False", "False"], done.stderr   # zeroconf: only when used


def unicode_names():
    """(what, a name) of every kind of Unicode a joiner could send."""
    return [
        ("controls", "Th\x00e\x07o\x1b[31m\x7f\x9b"),
        ("a tab and line breaks", "Theo\tvan\nder\u2028Berg"),
        ("bidirectional marks", "\u202eoehT\u202c\u200f\u2066Maya\u2069"),
        ("zero-width and format characters", "Ma\u200bya\u200d\ufeff\u00ad"),
        ("combining marks", "Zoe\u0308 Z\u0351\u0352\u0353\u0354\u0355\u0356a\u0357lgo"),
        ("lone surrogates", "\ud800Th\udfffeo"),
        ("40 emoji", "\U0001F600" * 40),
        ("emoji between letters", "Kofi \U0001F3B2\u2764\ufe0f"),
        ("private use and unassigned", "\ue000Lena\U0010FFFD\u0378"),
        ("compatibility forms", "\uff2d\uff41\uff59\uff41 \ufb01"),
        ("scripts the font lacks", "\u4e2d\u6587 Sam \u0645\u0631\u062d\u0628\u0627"),
        ("Greek and Cyrillic", "\u0399\u03c9\u03ac\u03bd\u03bd\u03b7\u03c2 \u0416\u0435\u043d\u044f"),
        ("too long", "Maximilian-Alexander the Third"),
        ("only spaces", " \t\u3000 "),
    ]


EXPECTED = {"controls": "Theo[31m", "a tab and line breaks": "Theo van der B",
            "bidirectional marks": "oehTMaya", "zero-width and format characters": "Maya",
            "combining marks": "Zo\u00eb Zalgo", "lone surrogates": "Theo",
            "emoji between letters": "Kofi", "private use and unassigned": "Lena",
            "compatibility forms": "Maya fi", "scripts the font lacks": "Sam",
            "Greek and Cyrillic": "\u0399\u03c9\u03ac\u03bd\u03bd\u03b7\u03c2 \u0416\u0435\u043d\u044f"[:14],
            "too long": "Maximilian-Ale", "only spaces": "Guest"}


@pytest.mark.parametrize("what,name", unicode_names())
def test_a_name_off_the_wire_is_made_showable_or_refused_with_the_reason(what, name):
    hello = json.dumps({"type": "hello", "protocol": wire.PROTOCOL, "code": "ABCD-EFGH-JKLM",
                        "name": name}, ensure_ascii=False)
    if what == "40 emoji":
        with pytest.raises(wire.ProtocolError, match="name: none of its characters can be shown"):
            wire.decode(hello, wire.FROM_SCREEN, wire.MAX_FROM_SCREEN)
        return
    message = wire.decode(hello, wire.FROM_SCREEN, wire.MAX_FROM_SCREEN)
    assert message.name == EXPECTED[what]
    assert message.name.isprintable() and len(message.name) <= wire.NAME_LENGTH
    assert all(wire.drawable(ch) for ch in message.name)
    assert message.code == "ABCDEFGHJKLM"


def test_names_a_host_sends_are_shown_as_the_table_can():
    screen = ClientTable("ABCD-EFGH-JKLM", "Maya")
    screen.received(wire.encode(wire.Welcome(wire.PROTOCOL, 0, "ktu", 3, {},
                                             ["Maya", "\u202eTheo\x1b", "\U0001F600"])))
    assert screen.names == ["Maya", "Theo", ""]
    screen.received(wire.encode(wire.Lobby(["Maya", None, "In\u0000es"], ["here", "open", "here"])))
    assert screen.names == ["Maya", "", "Ines"]


@pytest.mark.parametrize("text,expected", [
    ("127.0.0.1:47470", ("127.0.0.1", 47470)), ("[::1]:5000", ("::1", 5000)),
    (" maya-laptop.local:47470 ", ("maya-laptop.local", 47470)),
    ("b\u00fccher.example:80", ("xn--bcher-kva.example", 80))])
def test_an_address_is_a_host_and_a_port(text, expected):
    assert wire.parse_address(text) == expected


@pytest.mark.parametrize("text,words", [
    ("a" * 64 + ":47470", "is neither an IP address nor a host name"),
    ("a..b:47470", "is neither an IP address nor a host name"),
    (".:47470", "is neither an IP address nor a host name"),
    ("-a.b:47470", "is neither an IP address nor a host name"),
    ("x" * 254 + ":1", "is neither an IP address nor a host name"),
    ("a\u202eb:47470", "is neither an IP address nor a host name"),
    ("host", "expected HOST:PORT"), ("host:0", "expected HOST:PORT"), ("host:65536", "expected HOST:PORT"),
    ("host:\u0661\u0662", "expected HOST:PORT"), (":47470", "expected HOST:PORT")])
def test_an_address_that_cannot_be_reached_is_refused_with_the_reason(text, words):
    with pytest.raises(wire.ProtocolError, match=words) as refused:
        wire.parse_address(text)
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 120


def test_codes_are_long_and_compared_whole():
    codes = {wire.new_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(len(wire.normal_code(code)) == 12 for code in codes)
    assert wire.check_code(" abcd-efgh-jkmn ") == "ABCDEFGHJKMN"
    for short in ("1234", "ABCD-EFG", "ABCDEFGHJ!", ""):
        with pytest.raises(wire.ProtocolError, match="at least 10 letters or digits"):
            wire.check_code(short)
    for long in ("A" * 33, "AB-" * 22):
        with pytest.raises(wire.ProtocolError, match="at most 32 letters or digits"):
            wire.check_code(long)
