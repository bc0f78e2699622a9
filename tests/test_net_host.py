"""The host's table, stepped without a network: every bad message is refused with a
reason and changes nothing; the join code, the seats, rejoining, a computer keeping an
absent or silent person's seat, undo from a joined screen and its pace, the lobby, and
names of every kind of Unicode."""
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.net import protocol as wire
from game.net.host import HANDED_OVER, REMOTE, Limits
from game.net.client import ClientTable
from tests.net_helpers import CODE, Table, seated
from tests.test_net_protocol import EXPECTED, unicode_names


def refusal(outs, conn):
    """The one refusal sent to `conn` (and nothing to anyone else)."""
    assert [out.conn for out in outs] == [conn], outs
    message = json.loads(outs[0].text)
    assert message["type"] == "refused" and message["reason"], message
    return message


def moved_on(table, moves):
    """`table` after `moves` moves."""
    for _ in range(moves):
        table.step()
    return table


def to_play(table):
    """(conn, screen) of the seat to play, and (conn, screen) of another seat."""
    seat = table.state.current_player
    other = (seat + 1) % table.state.players
    return table.screen_of(seat), table.screen_of(other)


def bad_messages(table):
    """(what, text, words in the reason) for the seat to play: garbage, wrong seat,
    stale, oversized, illegal, and more."""
    (conn, screen), (_, other) = to_play(table)
    legal = screen.legal[0]
    act = json.loads(screen.act(legal))
    hand = [c.id for z in other.view.zones if z.owner == other.seat and z.kind == "hand"
            for c in z.cards if c is not None]
    return [
        ("garbage", "\x00garbage\xff", "not a JSON message"),
        ("binary", b"\x01\x02", "expected a text message"),
        ("a list", "[1, 2]", "expected a JSON object"),
        ("no type", "{}", "unknown message type"),
        ("a host's message", wire.encode(wire.Refused("no", False)), "unknown message type 'refused'"),
        ("wrong seat", json.dumps({**act, "seat": other.seat}), "that message was for another seat"),
        ("no such seat", json.dumps({**act, "seat": 99}), "that message was for another seat"),
        ("stale", json.dumps({**act, "move": act["move"] - 1}), "earlier position"),
        ("from the future", json.dumps({**act, "move": act["move"] + 1}), "earlier position"),
        ("oversized", json.dumps({**act, "pad": "x" * 5000}), "message too long"),
        ("not a move", json.dumps({**act, "action": {"kind": "win", "cards": [], "arg": None}}), ""),
        ("another's card", json.dumps({**act, "action": {"kind": legal.kind, "cards": hand[:1],
                                                          "arg": legal.arg}}), ""),
        ("no such card", json.dumps({**act, "action": {"kind": legal.kind, "cards": [99_999],
                                                        "arg": None}}), "no card 99999"),
        ("a second hello", screen.hello(), "already joined"),
    ] + ([] if screen.can_undo else [("undo of nothing", screen.undo(), "no move of yours to take back")])


@pytest.mark.parametrize("game_id,players", [("ktu", 3), ("five_possessions", 2), ("deadline", 3)])
def test_bad_messages_are_refused_with_a_reason_and_the_game_is_unchanged(game_id, players):
    table = moved_on(seated(game_id, players, seed=21), 12)
    (conn, screen), (other_conn, other) = to_play(table)
    for what, text, words in bad_messages(table):
        before, version = table.state.to_dict(), table.host.version
        outs = table.host.received(conn, text, table.now)
        message = refusal(outs, conn)
        assert words in message["reason"], (what, message)
        assert not message["final"], what
        assert table.state.to_dict() == before and table.host.version == version, what
    other_move = json.loads(other.act(other.legal[0])) if other.legal else {
        "type": "act", "move": table.host.version, "seat": other.seat,
        "action": {"kind": "play", "cards": [], "arg": None}}
    message = refusal(table.host.received(other_conn, json.dumps(other_move), table.now), other_conn)
    assert message["reason"].startswith("it is not your turn: Player")
    table.step()                           # the game goes on, the screens unharmed
    assert table.host.version == version + 1


def test_a_flood_is_refused_then_cut_off_and_changes_nothing():
    table = moved_on(seated("ktu", 3, seed=5), 6)
    (conn, screen), _ = to_play(table)
    before = table.state.to_dict()
    reasons = []
    for _ in range(500):
        outs = table.host.received(conn, '{"type":"shout"}', table.now)
        if not outs:
            break
        reasons.append(json.loads(outs[0].text)["reason"])
        last = outs[0]
    shout = "unknown message type 'shout'; expected one of hello, act, undo"
    pace = "too many messages: at most 20 a second"
    limits = Limits()
    assert len(reasons) == limits.refusals + 1 and last.close == "too many refused messages"
    assert reasons[:limits.burst - 1] == [shout] * (limits.burst - 1)
    assert set(reasons[limits.burst:-1]) == {pace}
    assert table.state.to_dict() == before
    assert table.host.received(conn, screen.act(screen.legal[0]), table.now) == []   # hung up


def test_moves_as_fast_as_the_game_goes_are_never_held_back():
    table = seated("four_downs", 2, seed=3)
    table.now = 0.0
    for _ in range(300):          # 300 moves in the same instant
        turn = table.host.to_move()
        if turn is None:
            break
        conn, screen = table.screen_of(turn.seat)
        outs = table.host.received(conn, screen.act(table.bot("easy").choose(screen.view, screen.legal,
                                                                             table.rng)), 0.0)
        assert not any(json.loads(o.text)["type"] == "refused" for o in outs if o.text)
        table.deliver(outs)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=300), st.binary(max_size=50),
                 st.fixed_dictionaries({"type": st.sampled_from(["act", "undo", "hello"]),
                                        "move": st.integers(-3, 3) | st.none() | st.text(max_size=3),
                                        "seat": st.integers(-2, 5) | st.booleans(),
                                        "action": st.fixed_dictionaries({
                                            "kind": st.sampled_from(["play", "take", "", "pick_up"]),
                                            "cards": st.lists(st.integers(-2, 60), max_size=4),
                                            "arg": st.none() | st.integers(-2, 9) | st.text(max_size=4)})
                                        }).map(json.dumps)))
def test_fuzzed_messages_never_break_the_host(text):
    table = FUZZ_TABLE
    (conn, screen), _ = to_play(table)
    before, version = table.state.to_dict(), table.host.version
    table.now += 1.0                       # never the pace: every message is read
    outs = table.host.received(conn, text, table.now)
    message = json.loads(outs[0].text)
    if message["type"] == "refused":
        assert message["reason"] and table.state.to_dict() == before
        assert table.host.version == version
    else:                                  # a legal move, by chance: the game went on
        assert message["type"] == "update" and table.host.version == version + 1
        table.deliver(outs)


FUZZ_TABLE = moved_on(seated("ktu", 2, seed=11, limits=Limits(refusals=10**6)), 3)


def test_a_wrong_code_is_refused_and_gets_nothing_more():
    table = moved_on(seated("ktu", 3, seed=2), 4)
    conn, screen = table.join("Mallory", code="WRONG-CODE-0000")
    assert table.sent[conn] == [wire.encode(wire.Refused("wrong join code", True))]
    assert table.closed[conn] == "wrong join code"
    moved_on(table, 5)
    assert len(table.sent[conn]) == 1


def test_the_right_code_gets_in_whatever_wrong_codes_came_from_its_address():
    """A guesser behind the same router as a player: the player's code is never refused."""
    table = Table("ktu", [REMOTE, REMOTE], seed=2)
    for n in range(50):
        conn, _ = table.join("Mallory", code=f"GUESS-{n:08d}", address="10.9.9.9")
        assert table.closed[conn] == "wrong join code"
    conn, screen = table.join("Maya", address="10.9.9.9")
    assert screen.seat == 0 and conn not in table.closed
    conn, screen = table.join("Theo", code=CODE.lower().replace("-", " "), address="10.9.9.9")
    assert screen.seat == 1
    conn, _ = table.join("Late", code=CODE[:-1])
    assert table.closed[conn] == "wrong join code"


@pytest.mark.parametrize("version,words", [(0, "this app must be updated"),
                                           (wire.PROTOCOL + 1, "the host's app must be updated")])
def test_another_version_is_told_which_side_must_update(version, words):
    table = Table("ktu", [REMOTE, REMOTE], seed=1)
    conn = table.open()
    hello = json.dumps({"type": "hello", "protocol": version, "code": CODE, "name": "Old"})
    message = refusal(table.host.received(conn, hello, 0.0), conn)
    assert message["final"] and message["reason"].endswith(words)


def test_a_connection_must_give_the_code_first_and_in_time():
    table = Table("ktu", [REMOTE, REMOTE], seed=1)
    first, second = table.open(), table.open()
    act = json.dumps({"type": "undo", "move": 0, "seat": 0})
    assert refusal(table.host.received(first, act, 0.0), first)["reason"] == \
        "say hello with the join code first"
    outs = table.host.tick(Limits().hello_seconds + 1)
    assert [(o.conn, o.close) for o in outs] == [(second, "no join code in time")]


def test_connections_that_never_say_hello_crowd_out_nobody():
    """40 connections that open and stay silent, Theo's among them: past the allowance
    the oldest silent ones are let go, once they have had their second of grace, so a
    screen with the code always finds room; seated screens are never let go for them."""
    table = Table("ktu", [REMOTE, REMOTE, REMOTE], seed=1)
    maya, _ = table.join("Maya")
    silent = [table.open(address="10.6.6.6") for _ in range(20)]
    theo, screen = table.open(), ClientTable(CODE, "Theo")
    table.screens[theo] = screen
    silent += [table.open(address="10.6.6.6") for _ in range(20)]
    table.now += 0.5
    table.send(theo, screen.hello())
    assert screen.seat == 1
    table.tick(0.1)
    assert not table.closed                                     # none had its second yet
    table.tick(0.5)
    allowance = Limits().pending
    assert [c for c in silent if c not in table.closed] == silent[-allowance:]
    assert all(json.loads(table.sent[c][0]) == {"type": "refused", "final": True,
                                               "reason": "too many screens are joining at once: try again"}
               for c in silent[:-allowance])
    assert maya not in table.closed and theo not in table.closed
    conn, ines = table.join("Ines")
    assert ines.seat == 2


def test_the_lobby_names_the_seats_and_frees_a_seat_left():
    table = Table("ktu", [REMOTE, "easy", REMOTE], seed=1)
    first, maya = table.join("Maya")
    second, other = table.join("Maya")
    assert (maya.seat, other.seat) == (0, 2) and other.name == "Maya 2"
    assert maya.names == ["Maya", "Computer 2", "Maya 2"]
    assert maya.seats == [wire.HERE, wire.COMPUTER, wire.HERE] and table.host.ready()
    table.leave(second)
    assert maya.seats == [wire.HERE, wire.COMPUTER, wire.OPEN] and not table.host.ready()
    third, theo = table.join("Theo")
    assert theo.seat == 2 and maya.names[2] == "Theo"
    conn, late = table.join("Late")
    assert table.closed[conn] == "every seat at this table is taken"
    table.start()
    assert maya.view.seat == 0 and maya.legal == (table.state.legal_actions() if
                                                  table.state.current_player == 0 else ())


def test_a_screen_that_drops_takes_its_seat_back_and_sees_the_whole_log():
    table = moved_on(seated("deadline", 3, seed=8), 20)
    conn, screen = table.screen_of(1)
    log = list(screen.log)
    table.leave(conn)
    seat_words = table.screen_of(0)[1].seats
    assert seat_words[1] == wire.AWAY
    while table.step() is not None:
        pass                                    # on until the away person is to play
    assert table.host.to_move().seat == 1
    conn, back = table.join("Player 2")
    assert back.seat == 1 and back.fresh and back.legal
    assert back.log == [e._replace(visible_to=None) for e in table.state.events_for(1)]
    assert back.log[:len(log)] == log
    assert table.screen_of(0)[1].seats[1] == wire.HERE
    conn, stranger = table.join("Someone")
    assert table.closed[conn] == "every seat at this table is taken"


def test_a_new_name_takes_any_seat_whose_person_is_away():
    table = moved_on(seated("ktu", 3, seed=8), 5)
    table.leave(table.host.seated[2])
    conn, screen = table.join("Sam")
    assert screen.seat == 2 and screen.name == "Player 3"


def test_a_computer_keeps_an_absent_persons_seat_and_gives_it_back():
    table = Table("ktu", [REMOTE, REMOTE], seed=4, stand_in_after=30)
    table.join("Maya")
    table.join("Theo")
    table.start()
    table.leave(table.host.seated[1])
    assert table.host.tick(table.now + 29) == []
    assert table.host.to_move() is None or table.host.to_move().who != wire.STAND_IN
    outs = table.deliver(table.host.tick(table.now + 30))
    assert json.loads(outs[0].text)["seats"] == [wire.HERE, wire.STAND_IN]
    for _ in range(12):
        turn = table.step()
        assert turn is not None and turn.who in (wire.HERE, wire.STAND_IN)
        assert turn.who != wire.STAND_IN or turn.level == "medium"
    conn, theo = table.join("Theo")
    assert theo.seat == 1 and table.host.seat_words() == [wire.HERE, wire.HERE]
    table.leave(conn)
    table.deliver(table.host.hand_to_computer(1, "easy"))
    assert table.host.seat_words()[1] == wire.STAND_IN
    table.deliver(table.host.give_back(1))
    assert table.host.seat_words()[1] == wire.AWAY


@pytest.mark.quick
def test_undo_from_a_screen_goes_back_for_everyone():
    table = seated("final_count", 2, seed=6)
    while True:
        (conn, screen), _ = to_play(table)
        if screen.can_undo:
            break
        table.step()
    seat = screen.seat
    mine = table.session.submitted[-1]
    assert mine[0] == seat
    moves = len(table.state.history)
    table.send(conn, screen.undo())
    assert len(table.state.history) < moves
    others = [s for c, s in table.screens.items() if c != conn]
    assert screen.fresh and screen.taken_back == mine[1] and screen.later == moves - len(
        table.state.history) - 1
    assert all(s.fresh and s.taken_back is None for s in others)
    whole = [e._replace(visible_to=None) for e in table.session.events_for(seat)]
    assert screen.log == whole and len(whole) > len(table.state.events)   # the whole game, not since the undo
    table.step()


def test_a_finished_game_takes_nobody_in():
    table = seated("four_downs", 2, seed=1)
    while not table.host.over():
        table.step()
    conn = table.open()
    outs = table.host.received(conn, json.dumps({"type": "hello", "protocol": wire.PROTOCOL,
                                                 "code": CODE, "name": "Late"}), table.now)
    assert refusal(outs, conn)["reason"] == "the game is over"


def test_computers_fill_the_seats_nobody_took():
    table = Table("ktu", [REMOTE, REMOTE, REMOTE], seed=1)
    conn, maya = table.join("Maya")
    table.deliver(table.host.fill_open("easy"))
    assert table.host.ready() and table.host.plan == [REMOTE, "easy", "easy"]
    assert maya.names == ["Maya", "Computer", "Computer 2"]
    assert maya.seats == [wire.HERE, wire.COMPUTER, wire.COMPUTER]


def test_a_screen_the_host_hangs_up_on_leaves_its_seat_to_its_person_and_a_computer():
    """A flood gets a seated screen hung up on: its person is away, not a ghost who
    holds the seat; a computer may keep it, and the person takes it back."""
    table = moved_on(seated("ktu", 3, seed=5, stand_in_after=30), 4)
    conn, screen = table.screen_of(1)
    for _ in range(500):
        if conn in table.closed:
            break
        table.send(conn, '{"type":"shout"}')
    assert table.closed[conn] == "too many refused messages"
    assert table.host.seat_words()[1] == wire.AWAY and 1 not in table.host.seated
    assert table.screen_of(0)[1].seats[1] == wire.AWAY          # the others are told
    table.tick(30)
    assert table.host.seat_words()[1] == wire.STAND_IN
    for _ in range(6):
        assert table.step() is not None                          # nobody holds the game
    conn, back = table.join("Player 2")
    assert back.seat == 1 and table.host.seat_words()[1] == wire.HERE


def test_an_undo_sends_each_screen_only_what_changed():
    """Not the whole log again: how many events each screen keeps, and none resent."""
    table = seated("final_count", 2, seed=6, undo="casual")
    moved_on(table, 60)
    while True:
        (conn, screen), _ = to_play(table)
        if screen.can_undo:
            break
        table.step()
    before = table.session.event_count()
    sizes = {}
    table.on_send = lambda c, text: sizes.__setitem__(c, json.loads(text))
    table.send(conn, screen.undo())
    after = table.session.event_count()
    assert after < before
    for c, message in sizes.items():
        assert message["type"] == "update" and message["fresh"]
        assert message["kept"] == after and message["events"] == []
    whole = [e._replace(visible_to=None) for e in table.session.events_for(screen.seat)]
    assert screen.log == whole
    table.step()
    assert all(s.log == [e._replace(visible_to=None) for e in table.session.events_for(s.seat)]
               for s in table.screens.values())


def test_a_move_taken_back_costs_the_pace_it_was_spared():
    """A move costs no pace, as it needs the turn; once taken back, it did not need it."""
    table = seated("four_downs", 2, seed=9, undo="casual")
    while True:
        (conn, screen), _ = to_play(table)
        if screen.can_undo and table.session.submitted[-1][0] == screen.seat:
            break
        table.step()
    pace = table.host.screens[conn]
    pace.tokens, table.now = 10.0, pace.stamp
    undone = len(table.state.history)
    table.deliver(table.host.received(conn, screen.undo(), table.now))
    mine = [seat for seat, _ in table.session.submitted[-(undone - len(table.state.history)):]]
    assert pace.tokens == 10.0 - 1 - mine.count(screen.seat) and mine.count(screen.seat) >= 1


def test_undo_is_paced_on_its_own():
    """Play and undo as fast as the wire goes: a few, then refusals with the reason;
    the game is never resent in a loop, and an honest screen's pace is untouched."""
    table = seated("four_downs", 2, seed=9, undo="casual")
    taken, refused = {0: 0, 1: 0}, 0
    for _ in range(200):
        turn = table.host.to_move()
        conn, screen = table.screen_of(turn.seat)
        if screen.can_undo:
            answers = table.host.received(conn, screen.undo(), table.now)
            table.deliver(answers)
            words = json.loads(answers[0].text)
            if words["type"] == "refused":
                assert words["reason"] in ("too many take-backs: at most 12 a minute",
                                           "too many messages: at most 20 a second"), words
                assert not words["final"]
                refused += 1
                table.step()
            else:
                taken[turn.seat] += 1
        else:
            table.step()
    assert taken == {0: Limits().undo_burst, 1: Limits().undo_burst} and refused > 100
    table.now += 60
    conn, screen = next((c, s) for c, s in table.screens.items() if s.can_undo)
    assert json.loads(table.send(conn, screen.undo())[0].text)["type"] == "update"   # paced, not barred


def test_a_move_that_races_a_change_is_refused_but_never_hangs_up():
    """An honest screen's move meant for a position just replaced (another's undo) is
    refused; however often, that is a race, not abuse."""
    table = moved_on(seated("ktu", 3, seed=5), 4)
    (conn, screen), _ = to_play(table)
    stale = json.loads(screen.act(screen.legal[0]))
    stale["move"] -= 1
    for _ in range(Limits().refusals * 3):
        table.now += 1.0
        outs = table.host.received(conn, json.dumps(stale), table.now)
        assert not json.loads(outs[0].text)["final"]
    table.step()
    assert conn not in table.closed and table.host.seat_words()[screen.seat] == wire.HERE


def test_a_person_silent_on_their_turn_is_offered_to_a_computer_and_can_come_back():
    table = moved_on(seated("ktu", 3, seed=5), 4)
    (conn, screen), _ = to_play(table)
    seat, host = screen.seat, table.host
    table.tick(0.1)
    assert host.silent_seats(table.now + host.silent_after - 1) == []
    assert host.silent_seats(table.now + host.silent_after) == [seat]
    table.now += host.silent_after
    outs = table.deliver(host.hand_to_computer(seat))
    assert outs[0] == (conn, wire.encode(wire.Refused(HANDED_OVER, True)), HANDED_OVER)
    assert host.seat_words()[seat] == wire.STAND_IN and host.silent_seats(table.now) == []
    assert table.step().who == wire.STAND_IN
    conn, back = table.join(screen.name)
    assert back.seat == seat and host.seat_words()[seat] == wire.HERE


def test_with_a_stand_in_time_a_silent_person_is_handed_over_by_itself():
    table = moved_on(seated("ktu", 3, seed=5, stand_in_after=45), 4)
    (conn, screen), _ = to_play(table)
    table.tick(0.1)
    table.tick(44)
    assert conn not in table.closed
    table.tick(1)
    assert table.closed[conn] == HANDED_OVER and table.host.to_move().who == wire.STAND_IN


@pytest.mark.parametrize("what,name", unicode_names(), ids=[what for what, _ in unicode_names()])
def test_any_name_off_the_wire_joins_starts_and_saves_or_is_refused(user_home, what, name):
    """The joiner's name as the table shows it, through the lobby, the start and the
    autosave (whose files hold only printable names)."""
    from game import saves
    table = Table("ktu", [REMOTE, REMOTE], seed=3, folders=saves.Folders())
    conn, screen = table.join(name)
    if what == "40 emoji":
        assert table.closed[conn].startswith("name: none of its characters can be shown")
        assert table.host.names == [None, None]
        return
    assert screen.name == EXPECTED[what]
    table.join("Maya")
    table.start()
    moved_on(table, 3)
    shown = table.host.names[0]
    assert shown == EXPECTED[what] and all(wire.drawable(ch) for ch in shown)
    assert saves.load_game(table.folders)[1][0]["name"] == shown


def test_the_host_hands_a_move_to_the_network_then_saves_it_never_waiting_on_a_screen(user_home):
    """What the host sends is handed over, never waited for (a screen that does not read
    would hold every move), and the move is autosaved after."""
    from game import saves

    class Network:
        """What game.net.link.Server offers the table: send, which returns at once."""

        def __init__(self):
            self.handed = []

        def send(self, outs):
            self.handed.append([out.conn for out in outs])
            assert saves.load_game(folders)[0].history != table.state.history   # not saved yet

    folders = saves.Folders()
    table = seated("ktu", 2, seed=4, folders=folders)
    (conn, screen), _ = to_play(table)
    network = Network()
    table.host.send(network, table.host.received(conn, screen.act(screen.legal[0]), table.now))
    assert network.handed == [sorted(table.host.seated.values())]
    assert saves.load_game(folders)[0].history == table.state.history
