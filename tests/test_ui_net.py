"""Playing across computers, through the app's screens: a game's setup hosts it (this
computer only, 127.0.0.1), the lobby shows the code and who joins, Start begins; Menu >
Join a game says what is wrong in words. The network is real loopback; every wait on it
is bounded and waits on the arrival itself, never on a clock.

The app's tables listen here on a port the system picks, never on the app's usual one
(DEFAULT_PORT): other test runs on this computer host there too, and one that took it as
soon as a table here let it go answered the check that nobody listens any more."""
import functools
import os
import random
import time

import pygame
import pytest

from game.net.client import ClientTable
from game.net.link import Client
from game.net.protocol import DEFAULT_PORT
from scenes.network.join import JoinScene
from scenes.network.lobby import LobbyScene
from scenes.screens.menu import MenuScene
from scenes.network.net import EVERYWHERE, HERE_ONLY, Hosting
from scenes.screens.setup import SetupScene
from scenes.table.intents import Choose
from tests.test_ui_play import app, click_widget, press, widget  # noqa: F401

WAIT = 10.0        # seconds the network may take on a busy machine


@pytest.fixture(autouse=True)
def free_port(monkeypatch):
    """A table hosted from the app listens on a port the system picks (see above)."""
    monkeypatch.setattr("scenes.network.lobby.Hosting", functools.partial(Hosting, port=0))


def arrived(inbox, timeout=WAIT):
    """Wait until `inbox` (a queue.Queue) holds something, without taking it."""
    with inbox.not_empty:
        assert inbox.not_empty.wait_for(lambda: inbox.queue, timeout), "nothing arrived"


def host_ktu(a, listen=HERE_ONLY):
    """From the menu: KTU's setup, three seats (you, one who joins, a computer), hosted on
    this computer only (or, listen=EVERYWHERE, as Setup has it: your network); the lobby."""
    ids = ["final_card_down", "deadline", "final_count", "ktu"]
    a.scene.focus = 0                         # from the first game (back from a door, the keys rest on it)
    a.keyboard = True                         # its ring shown: each Tab moves it
    for _ in range(len(ids) - 1):
        press(a, pygame.K_TAB)                  # Tab walks the menu in the list's order
    press(a, pygame.K_RETURN)
    assert isinstance(a.scene, SetupScene) and a.scene.info.id == "ktu"
    click_widget(a, lambda w: w.key == "fewer")
    click_widget(a, lambda w: w.key == "where")
    assert [w.label for w in a.scene.widgets if w.key.startswith("kind")] == \
        ["You", "Joins from elsewhere", "Computer (medium)"]
    if listen == HERE_ONLY:
        click_widget(a, lambda w: w.key == "listen")
    click_widget(a, lambda w: w.label == "Host")
    assert isinstance(a.scene, LobbyScene)
    return a.scene.hosting


def test_a_hosted_game_waits_in_the_lobby_for_who_joins(app):
    hosting = host_ktu(app)
    try:
        assert hosting.listen == HERE_ONLY and hosting.announcer is None
        assert hosting.addresses() == [f"127.0.0.1:{hosting.port}"] and hosting.port != DEFAULT_PORT
        assert hosting.table.plan == ["host", "remote", "medium"]
        start = next(w for w in app.scene.widgets if w.label == "Start")
        assert not start.enabled
        screen = ClientTable(hosting.code.lower(), "Theo")
        client = Client()
        client.start("127.0.0.1", hosting.port)
        arrived(client.inbox)
        assert client.inbox.get() == ("opened",)
        client.send(screen.hello())
        while hosting.table.names[1] is None:
            arrived(hosting.server.inbox)
            app.frame()
        arrived(client.inbox)
        screen.received(client.inbox.get()[1])
        assert screen.seat == 1 and screen.names == ["Maya", "Theo", "Ines"]
        assert next(w for w in app.scene.widgets if w.label == "Start").enabled
    finally:
        client.stop()
        click_widget(app, lambda w: w.label == "Stop hosting")
    assert isinstance(app.scene, MenuScene) and app.network is None
    again = Client()
    again.start("127.0.0.1", hosting.port)
    arrived(again.inbox)
    assert again.inbox.get()[0] == "closed"          # nobody listens once hosting stops
    again.end()


def exchange(app, hosting, done, joining):
    """Let the host (pumped here, its computers playing) and the app's screen talk until
    `done()`: each round waits for whichever side has something, up to WAIT seconds."""
    for _ in range(int(WAIT / 0.05)):
        if done():
            return
        for inbox in (hosting.server.inbox, joining.client.inbox):
            with inbox.not_empty:
                inbox.not_empty.wait_for(lambda: inbox.queue, 0.025)
        hosting.pump()
        computers_move(hosting)
        app.frame()
    raise AssertionError("the host and the screen did not finish talking")


def test_join_says_what_is_missing_and_what_the_host_refused(app):
    hosting = host_ktu(app)
    app.scene.go("join")                              # the test pumps the host by hand now
    app.frame()
    join = app.scene
    try:
        assert isinstance(join, JoinScene) and join.editing == "address"
        click_widget(app, lambda w: w.label == "Join")
        assert join.message.startswith("Type the host's address and port")
        join.fields["address"] = f"127.0.0.1:{hosting.port}"
        click_widget(app, lambda w: w.label == "Join")
        assert join.message == "Type the join code the host's screen shows."
        join.fields["code"] = "WRONG-CODE-0000"
        click_widget(app, lambda w: w.label == "Join")
        exchange(app, hosting, lambda: join.joining is None, join.joining)
        assert join.message == "Could not join: wrong join code."
        assert hosting.table.names == ["Maya", None, "Ines"]
    finally:
        hosting.close()
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_join_fields_select_their_text_on_a_click_so_typing_replaces_it(app):
    from tests.test_setup_memory import type_text
    app.scene.go("join")
    app.frame()
    join = app.scene
    type_text(app, "127.0.0.1:47470")
    press(app, pygame.K_TAB)                                 # to the code, selected (empty here)
    type_text(app, "KXQ7-M2RT-9HWP")
    click_widget(app, lambda w: w.key == "name")             # the old name, selected
    name = next(w for w in join.widgets if w.key == "name")
    assert name.selected and name.label == "Guest"
    type_text(app, "Theo")
    assert join.fields["name"] == "Theo"
    press(app, pygame.K_BACKSPACE)                           # then one letter at a time
    assert join.fields == {"address": "127.0.0.1:47470", "code": "KXQ7-M2RT-9HWP", "name": "The"}
    click_widget(app, lambda w: w.key == "address")
    press(app, pygame.K_BACKSPACE)                           # removes the whole selection
    assert join.fields["address"] == ""
    press(app, pygame.K_ESCAPE)                              # while typing, Esc puts back what it held
    assert join.fields["address"] == "127.0.0.1:47470" and join.editing is None
    press(app, pygame.K_ESCAPE)                              # a second leaves
    assert isinstance(app.scene, MenuScene)


def test_join_keyboard_ring_is_on_the_field_typed_in_after_tab_or_a_click(app):
    from tests.test_setup_memory import type_text
    app.scene.go("join")
    app.frame()
    join = app.scene

    def ringed():
        """The key of the widget the keyboard's ring is drawn on (once a key was pressed)."""
        return join.widgets[join.focus].key

    assert join.editing == ringed() == "address"
    type_text(app, "127.0.0.1:47470")
    press(app, pygame.K_TAB)
    assert join.editing == ringed() == "code"
    type_text(app, "KXQ7")
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)               # back to the address, selected
    assert join.editing == ringed() == "address" and join.selected
    click_widget(app, lambda w: w.key == "name")
    type_text(app, "Theo")
    assert join.editing == ringed() == "name" and app.keyboard
    click_widget(app, lambda w: w.key == "code")
    assert join.editing == ringed() == "code"
    press(app, pygame.K_TAB)
    press(app, pygame.K_TAB)                                  # past the last field: to Join
    assert join.editing is None and ringed() == "Join"
    assert join.fields == {"address": "127.0.0.1:47470", "code": "KXQ7", "name": "Theo"}
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def host_for(game_id, plan, seed, undo="mine"):
    """A table hosted in the test on 127.0.0.1 (pumped by hand): (Hosting, the Session
    maker once everyone has joined)."""
    from game.registry import resolve_options, game_info
    from scenes.table.session import Seat, Session, inline
    _, options = resolve_options(game_info(game_id), len(plan))
    names = [None if kind == "remote" else "Ines" for kind in plan]
    hosting = Hosting(game_id, options, plan, names, HERE_ONLY, port=0, undo=undo)

    def begin():
        seats = [Seat(name, kind == "remote", kind if kind != "remote" else "medium")
                 for name, kind in zip(hosting.table.names, plan)]
        session = Session(game_id, seats, options, seed, executor=inline)
        hosting.send(hosting.table.start(session, 0.0))
        return session
    return hosting, begin


def computers_move(hosting):
    """The host's computer seats play until a person is to move (or the game ends)."""
    from game.bots import make_bot
    while True:
        turn = hosting.table.to_move()
        if turn is None or turn.level is None:
            return
        state = hosting.table.session.state
        bot = make_bot("easy", state.game_id)
        hosting.send(hosting.table.computer_move(hosting.table.version,
                                                  bot.choose(state.view(turn.seat), state.legal_actions(),
                                                             random.Random(len(state.history)))))


def test_a_joined_screen_plays_a_whole_game_with_undo_and_a_dropped_connection(app):
    from scenes.network.remote import JoinedDirector, RemoteSession
    from scenes.screens.scoring import ScoringScene
    from scenes.table.scene import TableScene
    hosting, begin = host_for("four_downs", ["remote", "easy"], seed=12, undo="casual")
    try:
        click_widget(app, lambda w: w.label == "Join a game")
        join = app.scene
        join.fields.update(address=f"127.0.0.1:{hosting.port}", code=hosting.code, name="Theo")
        click_widget(app, lambda w: w.label == "Join")
        joining = join.joining
        exchange(app, hosting, lambda: hosting.table.ready(), joining)
        session = begin()
        exchange(app, hosting, lambda: isinstance(app.scene, TableScene), joining)
        table = app.scene
        assert isinstance(table.model.session, RemoteSession) and isinstance(table.model.director, JoinedDirector)
        assert table.model.looking.viewer == 0 and table.model.looking.curtain is None and table.model.session.seed is None

        def ready():
            scene = app.scene
            return not isinstance(scene, TableScene) or bool(scene.model.legal) and not scene.model.timeline.pending
        undone = dropped = False
        hands = 0
        for _ in range(3000):
            exchange(app, hosting, ready, joining)
            table = app.scene
            if isinstance(table, ScoringScene):
                if not table.interim:
                    break
                hands += 1
                click_widget(app, lambda w: w.label == "Next hand")
                continue
            seat_view = session.state.view(0)           # as the rules keep it, or cleared between moves
            assert table.model.view.zones in (seat_view.zones, table.model.presenter.cleared(seat_view).zones), \
                "the seat's view, only"
            if not undone and len(session.state.history) > 6 and table.model.can_undo():
                resets = joining.table.resets
                click_widget(app, lambda w: w.label == "Undo")
                exchange(app, hosting, lambda: joining.table.resets > resets and ready(), joining)
                assert app.scene.model.ui.message.startswith("Taken back: ")
                assert app.scene.model.session.event_count() == session.event_count()   # the whole game's log
                undone = True
                continue
            if not dropped and len(session.state.history) > 12:
                resets = joining.table.resets
                joining.client.stop()                   # the network drops
                exchange(app, hosting, lambda: joining.state == "lost", joining)
                assert app.scene.model.session.legal_actions() == () and not app.scene.model.legal
                exchange(app, hosting, lambda: joining.table.resets > resets and ready(), joining)
                assert joining.state == "joined"
                assert app.scene.model.session.event_count() == session.event_count()
                dropped = True
                continue
            table.act(Choose(table.model.legal[0]))
            assert not table.model.legal                # one move, until the host answers
        assert undone and dropped and hands and isinstance(app.scene, ScoringScene)
        assert [w.label for w in app.scene.widgets] == ["Menu"]
        assert app.scene.view.scores == tuple(session.state.scores())
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, MenuScene) and app.network is None
        assert not os.path.exists(os.path.join(app.folders.data, "statistics.json"))
    finally:
        hosting.close()


def test_a_saved_hosted_game_is_hosted_again_and_waits_for_its_people(app, monkeypatch):
    from game import saves
    monkeypatch.setattr("scenes.network.lobby.EVERYWHERE", HERE_ONLY)     # tests listen on loopback only
    from scenes.table.session import Seat, Session, inline
    session = Session("ktu", [Seat("Maya"), Seat("Theo", remote=True), Seat("Ines", False, "easy")],
                      {}, 7, app.folders, executor=inline)
    for _ in range(5):
        session.submit(session.legal_actions()[0])
    app.switch("menu")
    assert app.scene.hostable
    click_widget(app, lambda w: w.label == "Host it for the others")
    lobby = app.scene
    assert isinstance(lobby, LobbyScene) and app.network is lobby.hosting
    assert lobby.hosting.addresses()[0].startswith("127.0.0.1:")
    table = lobby.hosting.table
    try:
        assert table.plan == ["host", "remote", "easy"] and table.names == ["Maya", "Theo", "Ines"]
        assert table.seat_words() == ["host", "away", "computer"]
        assert not next(w for w in lobby.widgets if w.label == "Start").enabled
        assert len(table.session.moves()) == 5            # the game as it was left
        click_widget(app, lambda w: w.label == "Start now with computers")
        assert table.seat_words() == ["host", "stand-in", "computer"]
        assert type(app.scene).__name__ == "TableScene" and app.scene.model.looking.viewer == 0
        assert saves.load_game(app.folders)[0].history == table.session.state.history
    finally:
        app.end_network()


class Screen:
    """A joined screen driven by the test: a real link and a ClientTable, its moves easy."""

    def __init__(self, port, code, name):
        from game.net.client import ClientTable as Table
        self.port, self.table = port, Table(code, name)
        self.connect()

    def connect(self):
        self.link = Client()
        self.link.start("127.0.0.1", self.port)

    def read(self):
        """Read what arrived (saying hello once the connection opens)."""
        while not self.link.inbox.empty():
            item = self.link.inbox.get_nowait()
            if item[0] == "opened":
                self.link.send(self.table.hello())
            elif item[0] == "message":
                self.table.received(item[1])

    def play(self):
        """Make a move if it is this seat's turn (once per position)."""
        from game.bots import make_bot
        table = self.table
        if table.legal and getattr(self, "played", None) != table.move:
            self.played = table.move
            action = make_bot("easy", table.info.id).choose(table.view, table.legal, random.Random(table.move))
            self.link.send(table.act(action))


def run(app, screen, done):
    """Step the app (the host) and the screen at least once and until `done()`, waiting
    on their arrivals."""
    for _ in range(int(WAIT / 0.05)):
        screen.read()
        app.frame()
        if done():
            return
        for inbox in (app.network.server.inbox, screen.link.inbox):
            with inbox.not_empty:
                inbox.not_empty.wait_for(lambda: inbox.queue, 0.025)
    raise AssertionError("the host and the screen did not finish talking")


def test_the_app_hosts_a_game_a_screen_leaves_a_computer_keeps_its_seat_and_it_returns(app):
    from game import saves
    from scenes.screens.scoring import ScoringScene
    from scenes.table.scene import TableScene
    hosting = host_ktu(app)
    theo = Screen(hosting.port, hosting.code, "Theo")
    try:
        run(app, theo, lambda: hosting.table.ready())
        click_widget(app, lambda w: w.label == "Start")
        table = app.scene
        assert isinstance(table, TableScene) and table.model.session.humans() == [0]
        assert not table.model.session.is_human(1)             # Theo plays at his own screen
        def ready():
            """The host's person, or Theo, may move now (or the table is left)."""
            scene, turn = app.scene, hosting.table.to_move()
            if not isinstance(scene, TableScene) or turn is None:
                return True
            if turn.who == "host":
                return bool(scene.model.legal) and not scene.model.timeline.pending and not scene.model.ui.dialog
            return (turn.who == "here" and bool(theo.table.legal) and theo.table.move == hosting.table.version
                    and getattr(theo, "played", None) != theo.table.move)
        left = back = False
        for _ in range(2000):
            run(app, theo, ready)
            scene = app.scene
            if isinstance(scene, ScoringScene):
                if not scene.interim:
                    break
                click_widget(app, lambda w: w.label == "Next hand")
                continue
            if not left and len(hosting.table.session.moves()) > 10:
                theo.link.stop()                          # Theo's window closes
                run(app, theo, lambda: any(w.label == "Computer plays for Theo" for w in app.scene.widgets))
                assert app.scene.model.ui.message == "Theo left the table: waiting, or let a computer play"
                click_widget(app, lambda w: w.label == "Computer plays for Theo")
                assert hosting.table.seat_words()[1] == "stand-in"
                left, moves = True, len(hosting.table.session.moves())
                continue
            if left and not back and len(hosting.table.session.moves()) > moves + 6:
                theo.connect()                            # and opens again: his seat is his
                run(app, theo, lambda: hosting.table.seat_words()[1] == "here" and theo.table.fresh)
                assert not any(w.label.startswith(("Computer plays", "Wait for")) for w in app.scene.widgets)
                back = True
                continue
            theo.play()
            if scene.model.legal and not scene.model.timeline.pending and not scene.model.ui.dialog:
                scene.act(Choose(scene.model.legal[0]))
        assert left and back and isinstance(app.scene, ScoringScene)
        run(app, theo, lambda: theo.table.over)          # the last move is on its way to Theo
        assert list(theo.table.view.scores) == list(app.scene.view.scores)
        stats = saves.load_statistics(app.folders)
        assert stats["games"]["ktu"]["Theo"]["played"] == 1 and len(stats["counted"]) == 1
    finally:
        theo.link.stop()
        app.end_network()


def second_app(monkeypatch, home):
    """Another instance of the app in this process, with its own user folder (as on a
    friend's computer); both draw on the one headless display, each a whole frame."""
    from tests.test_ui_play import new_app
    monkeypatch.setenv("CARDTABLE_HOME", str(home))
    return new_app()


def step(apps, done, what):
    """Frame every app (each pumps its network) until `done()`, waiting on arrivals."""
    for _ in range(int(3 * WAIT / 0.02)):
        for a in apps:
            a.frame()
        if done():
            return
        inboxes = [a.network.server.inbox if hasattr(a.network, "server") else a.network.client.inbox
                   for a in apps if a.network is not None]
        for inbox in inboxes:
            with inbox.not_empty:
                inbox.not_empty.wait_for(lambda: inbox.queue, 0.01)
    raise AssertionError(f"never came: {what}")


def this_computer_only(monkeypatch):
    """This computer's networks, as a test may use them: loopback only (the host still
    listens on every network, as set; what it announces and shows is 127.0.0.1)."""
    monkeypatch.setattr("scenes.network.net.local_addresses", lambda: ["127.0.0.1"])


def test_two_apps_host_and_join_with_every_default_and_play_to_the_end(app, monkeypatch, user_home):
    """The host picks the first game, sets others to play from their own computers and
    hosts it as Setup has it (Your network, announced); a second app finds the table in
    its list, joins with the code, and both play to the end with the same scores."""
    from scenes.screens.scoring import ScoringScene
    from scenes.table.scene import TableScene
    from tests.test_setup_memory import type_text
    this_computer_only(monkeypatch)
    host = app
    guest = second_app(monkeypatch, user_home / "guest")
    try:
        press(host, pygame.K_RETURN)
        assert isinstance(host.scene, SetupScene)
        click_widget(host, lambda w: w.key == "where")
        assert [w.label for w in host.scene.widgets if w.key == "listen"] == ["Your network"]
        click_widget(host, lambda w: w.label == "Host")
        hosting = host.scene.hosting
        assert hosting.listen == "0.0.0.0" and hosting.announcer is not None
        step([host], lambda: hosting.announcer.announced, "the announcement")
        assert hosting.where() == "Announced on your network: others see this table in their list."
        click_widget(guest, lambda w: w.label == "Join a game")
        join = guest.scene
        step([host, guest], lambda: join.found(), "the table in the guest's list")
        (found,) = join.found()
        assert (found.name, found.address, found.port, found.open) == ("Maya's table", "127.0.0.1",
                                                                        hosting.port, 1)
        click_widget(guest, lambda w: w.label.startswith("Maya's table: "))
        assert join.fields["address"] == f"127.0.0.1:{hosting.port}" and join.editing == "code"
        type_text(guest, hosting.code)
        press(guest, pygame.K_RETURN)
        press(guest, pygame.K_RETURN)                          # on Join
        step([host, guest], lambda: hosting.table.ready(), "the guest in the host's lobby")
        step([host, guest], lambda: join.found() and join.found()[0].open == 0, "the announcement updated")
        click_widget(host, lambda w: w.label == "Start")
        step([host, guest], lambda: isinstance(guest.scene, TableScene), "the guest's table")
        assert guest.scene.model.session.name(1) == "Guest" and host.scene.model.session.name(1) == "Guest"
        deadline = time.monotonic() + 20 * WAIT            # a whole game, however busy the machine
        while time.monotonic() < deadline:
            for a in (host, guest):
                scene = a.scene
                if isinstance(scene, ScoringScene) and scene.interim:
                    click_widget(a, lambda w: w.label == "Next hand")
                elif isinstance(scene, TableScene) and scene.model.legal and not scene.model.timeline.pending \
                        and not scene.model.ui.dialog:
                    scene.act(Choose(scene.model.legal[0]))
            if all(isinstance(a.scene, ScoringScene) and not a.scene.interim for a in (host, guest)):
                break
            step([host, guest], lambda: True, "a frame")
        assert all(isinstance(a.scene, ScoringScene) for a in (host, guest)), "the game did not end"
        assert guest.scene.view.scores == host.scene.view.scores
        press(guest, pygame.K_ESCAPE)
        press(host, pygame.K_ESCAPE)
        assert isinstance(guest.scene, MenuScene) and isinstance(host.scene, MenuScene)
        assert host.network is None and guest.network is None
    finally:
        guest.end_network()
        host.end_network()


def test_the_seats_open_are_announced_as_they_empty_and_fill_during_the_game(app, monkeypatch, user_home):
    """Maya hosts KTU on her network (the real zeroconf, its packets kept in this process);
    a friend's Join screen lists her table with its open seats in words: one before Theo
    joins, none once he has, one again when his screen drops during the game, none when he
    is back; and that the game is under way."""
    from game.net import discovery
    this_computer_only(monkeypatch)
    assert discovery.finish_withdrawals(), "a table hosted earlier still holds its name"
    hosting = host_ktu(app, listen=EVERYWHERE)
    friend = second_app(monkeypatch, user_home / "friend")
    theo = None
    try:
        click_widget(friend, lambda w: w.label == "Join a game")

        def listed(seats):
            """Frame both apps and Theo's screen until the friend's list says `seats`."""
            words = f"Maya's table: KTU, {seats} (127.0.0.1:{hosting.port})"
            for _ in range(int(3 * WAIT / 0.02)):
                if theo is not None:
                    theo.read()
                app.frame()
                friend.frame()
                if [w.label for w in friend.scene.listed and friend.scene.widgets[:1]] == [words]:
                    return
                for inbox in (hosting.server.inbox, theo.link.inbox) if theo else (hosting.server.inbox,):
                    with inbox.not_empty:
                        inbox.not_empty.wait_for(lambda: inbox.queue, 0.01)
            raise AssertionError(f"the friend's list never said: {words} "
                                 f"({[w.label for w in friend.scene.widgets]})")
        listed("1 of 3 seats open")
        theo = Screen(hosting.port, hosting.code, "Theo")
        run(app, theo, lambda: hosting.table.ready())
        listed("every seat taken")
        click_widget(app, lambda w: w.label == "Start")
        theo.link.stop()                                   # Theo's window closes
        listed("under way, 1 of 3 seats open")
        assert hosting.table.session is not None and not hosting.table.over()
        theo.connect()
        run(app, theo, lambda: hosting.table.seat_words()[1] == "here")
        listed("under way, every seat taken")
    finally:
        if theo is not None:
            theo.link.stop()
        app.end_network()


@pytest.mark.parametrize("open_seats,state,words", [
    (2, "lobby", "2 of 3 seats open"), (0, "lobby", "every seat taken"),
    (1, "playing", "under way, 1 of 3 seats open"), (0, "playing", "under way, every seat taken"),
    (0, "over", "its game is over")])
def test_a_table_found_says_where_its_game_stands_and_the_seats_a_person_may_take(open_seats, state, words):
    from game.net.discovery import Found
    from scenes.network.join import found_words
    table = Found("Maya's table", "KTU", "ktu", "192.168.1.20", 47470, 3, open_seats, state)
    assert found_words(table) == f"Maya's table: KTU, {words} (192.168.1.20:47470)"


def open_files():
    """This process's file descriptors, each as the system names what it holds (a file's
    path, 'socket:[inode]', 'anon_inode:[eventpoll]'), by number."""
    found = {}
    for fd in os.listdir("/proc/self/fd"):
        try:
            found[fd] = os.readlink(f"/proc/self/fd/{fd}")
        except FileNotFoundError:        # the directory listdir read through, closed since
            pass
    return found


def test_visiting_join_a_game_leaves_nothing_running(app):
    """Each visit looks for tables with its own zeroconf, and leaving closes it: 20 visits
    leave no thread and no descriptor behind.

    A table hosted before (an earlier test's) says goodbye on its own thread after its
    Stop hosting, as in the app: zeroconf's close waits for the goodbye's last broadcast,
    about a quarter of a second, then closes its event loop (a thread, an epoll and a
    socket pair). That is waited for first, as the app's exit waits for it."""
    import threading
    from game.net import discovery

    def visit():
        click_widget(app, lambda w: w.label == "Join a game")
        assert app.scene.browser is not None and app.scene.editing == "address"   # opened typing
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, MenuScene)
    assert discovery.finish_withdrawals(), "a table hosted earlier never finished saying goodbye"
    visit()                                   # what a first visit loads for good (imports, caches)
    threads, files = sorted(t.name for t in threading.enumerate()), open_files()
    for _ in range(20):
        visit()
    assert sorted(t.name for t in threading.enumerate()) == threads
    assert open_files() == files


def test_a_person_silent_on_their_turn_is_offered_to_a_computer_at_the_hosts_table(app, monkeypatch):
    """Theo's screen stays connected and never moves: past the time the lobby shows, the
    host's top bar offers a computer for him; his screen is told, and when he joins
    again his seat is his."""
    from game.net.host import HANDED_OVER
    from scenes.table.scene import TableScene
    this_computer_only(monkeypatch)
    hosting = host_ktu(app, listen=EVERYWHERE)
    lobby = app.scene
    assert widget(lobby, lambda w: w.key == "silent").label == "3 minutes"
    click_widget(app, lambda w: w.key == "silent")
    assert hosting.table.silent_after == 300 and widget(lobby, lambda w: w.key == "silent").label == "5 minutes"
    theo = Screen(hosting.port, hosting.code, "Theo")
    try:
        run(app, theo, lambda: hosting.table.ready())
        click_widget(app, lambda w: w.label == "Start")
        table = app.scene

        def theos_turn():
            turn = hosting.table.to_move()
            return turn is not None and turn.seat == 1 and theo.table.legal
        for _ in range(200):
            run(app, theo, lambda: theos_turn() or (table.model.legal and not table.model.timeline.pending))
            if theos_turn():
                break
            table.act(Choose(table.model.legal[0]))
        later = hosting.clock() + 299
        hosting.clock = lambda: later
        run(app, theo, lambda: True)
        assert not any(w.label == "Computer plays for Theo" for w in table.widgets)
        hosting.clock = lambda: later + 1
        run(app, theo, lambda: any(w.label == "Computer plays for Theo" for w in table.widgets))
        assert table.model.ui.message == "Theo has not moved for 5 minutes: waiting, or let a computer play"
        click_widget(app, lambda w: w.label == "Computer plays for Theo")
        run(app, theo, lambda: theo.table.final)
        assert theo.table.refusal == HANDED_OVER
        assert hosting.table.seat_words()[1] == "stand-in"
        run(app, theo, lambda: hosting.table.to_move() is None or hosting.table.to_move().seat != 1)
        hosting.clock = time.monotonic                   # the minutes passed; the clock goes on
        theo.table.final, resets = False, theo.table.resets
        theo.connect()
        run(app, theo, lambda: hosting.table.seat_words()[1] == "here" and theo.table.resets > resets)
        assert isinstance(app.scene, TableScene)
    finally:
        theo.link.stop()
        app.end_network()


def test_names_of_every_kind_of_unicode_are_shown_at_the_table_as_every_screen_can_draw(app, monkeypatch):
    """Four people join the host's KTU table under names made of control characters,
    direction marks, combining marks and lone surrogates (a fifth, 40 emoji, is refused
    with the reason); at the table each name is drawn in the font's own glyphs, the
    same on every screen."""
    from sprites import text
    from scenes.table.scene import TableScene
    this_computer_only(monkeypatch)
    for _ in range(4):                      # the first shows the ring on the first game; to KTU
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    click_widget(app, lambda w: w.key == "more")
    click_widget(app, lambda w: w.key == "where")
    for seat in (2, 3, 4):
        click_widget(app, lambda w: w.key == f"kind{seat}")
        click_widget(app, lambda w: w.key == f"kind{seat}")
    click_widget(app, lambda w: w.label == "Host")
    hosting = app.scene.hosting
    assert hosting.table.plan == ["host", "remote", "remote", "remote", "remote"]
    names = {"Th\x00e\x07o\x1b\t\x7f": "Theo", "\u202eoehT\u2066Sam\u2069": "oehTSam",
             "Zoe\u0308 Z\u0351\u0352a\u0357": "Zoë Za", "\ud800L\udfffena": "Lena"}
    screens = [Screen(hosting.port, hosting.code, name) for name in ["\U0001F600" * 40, *names]]
    try:
        run(app, screens[0], lambda: screens[0].table.final)
        assert screens[0].table.refusal == ("name: none of its characters can be shown at the table "
                                            "(use letters, digits or common signs)")
        for screen in screens[1:]:
            run(app, screen, lambda: screen.table.welcome is not None)
        assert hosting.table.names == ["Maya", *names.values()]
        click_widget(app, lambda w: w.label == "Start")
        table = app.scene
        assert isinstance(table, TableScene) and table.model.names == ["Maya", *names.values()]
        for screen in screens[1:]:
            run(app, screen, lambda: screen.table.view is not None)
            assert screen.table.names == table.model.names
        missing = text.font(20).font.metrics("\U0010FFFD")[0]
        for name in table.model.names:
            assert None not in text.font(20).font.metrics(name) and missing not in text.font(20).font.metrics(name), name
    finally:
        for screen in screens:
            screen.link.stop()
        app.end_network()


def test_every_character_a_name_may_hold_is_drawn_by_the_font():
    from game.net.protocol import NAME_CHARACTERS
    from sprites import text
    pygame.font.init()
    font = text.font(20).font          # the app's typeface, as sprites/text.py draws it
    missing = font.metrics("\U0010FFFD")[0]
    allowed = [chr(c) for first, last in NAME_CHARACTERS for c in range(first, last + 1)]
    assert len(allowed) > 500
    assert [ch for ch, drawn in zip(allowed, font.metrics("".join(allowed))) if drawn == missing] == []


@pytest.mark.parametrize("failure", [OSError(99, "Cannot assign requested address"),
                                     RuntimeError("No interfaces to listen on")])
def test_without_a_network_to_announce_on_join_and_host_say_so(app, monkeypatch, failure):
    """The computer has no network zeroconf can use: Join a game says the list is not
    there and takes an address; the host's lobby says the table is not announced."""
    import zeroconf._core

    def no_sockets(*args, **kwargs):
        raise failure
    monkeypatch.setattr(zeroconf._core, "create_sockets", no_sockets)
    this_computer_only(monkeypatch)
    click_widget(app, lambda w: w.label == "Join a game")
    assert app.scene.browser is None and app.scene.message.startswith("Games on your network cannot be listed")
    press(app, pygame.K_ESCAPE)
    hosting = host_ktu(app, listen=EVERYWHERE)
    try:
        assert hosting.announcer is None
        assert hosting.where().startswith("This table could not be announced on the network (")
    finally:
        app.end_network()
