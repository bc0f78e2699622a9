"""The network link itself (game.net.link) on 127.0.0.1: stopping a server waits for no
screen that has already left, so Stop hosting never holds the window. Every wait is
bounded and waits on the arrival itself, never on a clock."""
import threading

import pytest

from game.net import link

WAIT = 10.0        # seconds the network may take on a busy machine


def arrived(inbox, kind, timeout=WAIT):
    """Take items from `inbox` until one of `kind` comes; that item."""
    while True:
        with inbox.not_empty:
            assert inbox.not_empty.wait_for(lambda: inbox.queue, timeout), f"no {kind!r} arrived"
        item = inbox.get_nowait()
        if item[0] == kind:
            return item


@pytest.mark.quick
def test_stopping_the_server_waits_for_no_screen_that_has_left(monkeypatch):
    monkeypatch.setattr(link, "CLOSE_SECONDS", 60.0)     # what a screen that left held stop for
    server = link.Server()
    port = server.start("127.0.0.1", 0)
    client = link.Client()
    try:
        client.start("127.0.0.1", port)
        arrived(client.inbox, "opened")
        arrived(server.inbox, "opened")
        client.stop()                                    # the screen leaves
        arrived(server.inbox, "closed")
        stopping = threading.Thread(target=server.stop, daemon=True)
        stopping.start()
        stopping.join(WAIT)
        assert not stopping.is_alive(), "stopping waited on a screen that had left"
    finally:
        client.end()
