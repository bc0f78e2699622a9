"""Playing across computers, through the app's screens: a game's setup hosts it (this
computer only, 127.0.0.1), the lobby shows the code and who joins, Start begins; Menu >
Join a game says what is wrong in words. The network is real loopback; every wait on it
is bounded and waits on the arrival itself, never on a clock."""
import pygame

from game.net.client import ClientTable
from game.net.link import Client
from scenes.join import JoinScene
from scenes.lobby import LobbyScene
from scenes.menu import MenuScene
from scenes.net import HERE_ONLY
from scenes.setup import SetupScene
from tests.test_ui_play import app, click_widget, press  # noqa: F401

WAIT = 10.0        # seconds the network may take on a busy machine


def arrived(inbox, timeout=WAIT):
    """Wait until `inbox` (a queue.Queue) holds something, without taking it."""
    with inbox.not_empty:
        assert inbox.not_empty.wait_for(lambda: inbox.queue, timeout), "nothing arrived"


def host_ktu(a):
    """From the menu: KTU's setup, three seats (you, one who joins, a computer), hosted
    on this computer only; the lobby."""
    ids = ["final_card_down", "deadline", "final_count", "ktu"]
    for _ in range(len(ids) - 1):
        press(a, pygame.K_DOWN)
    press(a, pygame.K_RETURN)
    assert isinstance(a.scene, SetupScene) and a.scene.info.id == "ktu"
    click_widget(a, lambda w: w.key == "fewer")
    click_widget(a, lambda w: w.key == "where")
    assert [w.label for w in a.scene.widgets if w.key.startswith("kind")] == \
        ["You", "Joins from elsewhere", "Joins from elsewhere"]
    click_widget(a, lambda w: w.key == "kind2")             # a person joins -> easy computer
    click_widget(a, lambda w: w.key == "listen")
    click_widget(a, lambda w: w.label == "Host")
    assert isinstance(a.scene, LobbyScene)
    return a.scene.hosting


def test_a_hosted_game_waits_in_the_lobby_for_who_joins(app):
    hosting = host_ktu(app)
    try:
        assert hosting.listen == HERE_ONLY and hosting.announcer is None
        assert hosting.addresses() == [f"127.0.0.1:{hosting.port}"]
        assert hosting.table.plan == ["host", "remote", "easy"]
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
            app.step()
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
    """Let the host (pumped here) and the app's screen talk until `done()`: each round
    waits for whichever side has something, up to WAIT seconds in all."""
    inboxes = [hosting.server.inbox, joining.client.inbox]
    for _ in range(int(WAIT / 0.05)):
        if done():
            return
        for inbox in inboxes:
            with inbox.not_empty:
                inbox.not_empty.wait_for(lambda: inbox.queue, 0.025)
        hosting.pump()
        app.step()
    raise AssertionError("the host and the screen did not finish talking")


def test_join_says_what_is_missing_and_what_the_host_refused(app):
    hosting = host_ktu(app)
    app.scene.go("join")                              # the test pumps the host by hand now
    app.step()
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
