"""The network link itself (game.net.link) on 127.0.0.1: stopping a server waits for no
screen that has already left, so Stop hosting never holds the window; a screen that does
not read holds back no other and is let go; a connection that cannot start says so.
Every wait is bounded and waits on the arrival itself, never on a clock."""
import base64
import os
import socket
import threading

import pytest

from game.net import link
from game.net.host import Out

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


def silent_screen(port):
    """A connection that finishes the WebSocket handshake and then never reads."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
                 .encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return sock


def test_a_screen_that_does_not_read_holds_back_nobody_and_is_let_go():
    """Move after move goes to two screens: the one that reads gets each at once, while
    the one that never reads lets them pile up until it is let go (its connection
    closed); sending never waited on it."""
    server = link.Server()
    port = server.start("127.0.0.1", 0)
    reader = link.Client()
    silent = None
    try:
        reader.start("127.0.0.1", port)
        arrived(reader.inbox, "opened")
        first = arrived(server.inbox, "opened")[1]
        silent = silent_screen(port)
        second = arrived(server.inbox, "opened")[1]
        text = "x" * 100_000
        moves = 0
        while server.inbox.empty():
            assert moves < 4 * link.OUTBOX_MESSAGES, "the screen that does not read was never let go"
            server.send([Out(first, f"{moves} {text}"), Out(second, f"{moves} {text}")])
            assert arrived(reader.inbox, "message")[1].split()[0] == str(moves)
            moves += 1
        holds = min(link.OUTBOX_MESSAGES, link.OUTBOX_BYTES // len(text))     # what an outbox holds
        assert server.inbox.get_nowait()[:2] == ("closed", second) and moves > holds
    finally:
        reader.stop()
        server.stop()
        if silent is not None:
            silent.close()


@pytest.mark.parametrize("host", ["a" * 64, "a..b", "\u202e.example"])
def test_a_connection_that_cannot_even_start_says_so(host):
    """Whatever stops a connection from starting, its end is reported: nothing waits on
    it for ever."""
    client = link.Client()
    try:
        client.start(host, 47470)
        reason = arrived(client.inbox, "closed")[1]
        assert reason.startswith(f"could not reach {host}:47470") and "\n" not in reason
    finally:
        client.end()


def test_a_screen_connects_directly_whatever_proxy_the_system_names(monkeypatch):
    """A web proxy set for the computer (here one where nothing listens) is not in the way
    between a screen and a host on its network."""
    for name in ("https_proxy", "http_proxy", "all_proxy"):
        monkeypatch.setenv(name, "http://127.0.0.1:9")
    server = link.Server()
    port = server.start("127.0.0.1", 0)
    client = link.Client()
    try:
        client.start("127.0.0.1", port)
        assert arrived(client.inbox, "opened") == ("opened",)
    finally:
        client.stop()
        server.stop()
