"""A hosted table in one process, for the network tests: a HostTable, screens
(ClientTables) joined to it, and every message each connection was sent, kept. Time and
turns are stepped by the test; nothing here opens a socket or sleeps.

And `LocalNetwork`: the real zeroconf with its sending kept inside this process, which
every test runs under (tests/conftest.py), so discovery is on as a player has it and no
test ever sends multicast."""
import random
import socket
import threading

from game.bots import make_bot
from game.net import protocol as wire
from game.net.client import ClientTable
from game.net.host import REMOTE, HostTable, Limits
from scenes.table.session import Seat, Session

CODE = "TEST-CODE-7788"


class Table:
    """A host and its screens. `plan` as HostTable's (REMOTE or a level per seat).
    `on_send(conn, text)` is called for every message as the host hands it over, while
    the game stands where it was when the host made it."""

    def __init__(self, game_id, plan, seed, options=None, undo="mine", bots="easy", on_send=None,
                 stand_in_after=None, limits=Limits(), folders=None):
        from game import registry
        info = registry.game_info(game_id)
        _, self.options = registry.resolve_options(info, len(plan), options or {})
        names = [None if kind == REMOTE else f"Computer {seat + 1}" for seat, kind in enumerate(plan)]
        self.host = HostTable(game_id, self.options, plan, names, CODE, undo=undo,
                              stand_in_after=stand_in_after, limits=limits)
        self.game_id = game_id
        self.plan = plan
        self.seed = seed
        self.rng = random.Random(seed)
        self.now = 0.0
        self.bots = bots
        self.on_send = on_send
        self.folders = folders   # where the game is autosaved (None: nowhere)
        self.sent = {}           # conn -> every text it was sent
        self.screens = {}        # conn -> ClientTable
        self.closed = {}         # conn -> the reason the host closed it
        self.next_conn = 1
        self._bots = {}

    # ---- the network ----------------------------------------------------------------
    def deliver(self, outs):
        """Hand the host's messages to their screens (and to on_send first)."""
        for out in outs:
            if out.text is not None:
                self.sent.setdefault(out.conn, []).append(out.text)
                if self.on_send is not None:
                    self.on_send(out.conn, out.text)
                if out.conn in self.screens:
                    self.screens[out.conn].received(out.text)
            if out.close is not None:
                self.closed[out.conn] = out.close
                self.screens.pop(out.conn, None)
        self.host.save()
        return outs

    def open(self, address="127.0.0.1"):
        """A new connection (not joined yet); its number."""
        conn = self.next_conn
        self.next_conn += 1
        self.deliver(self.host.opened(conn, address, self.now))
        return conn

    def send(self, conn, text):
        """`text` from connection `conn`; the host's answers, delivered."""
        self.now += 0.01
        return self.deliver(self.host.received(conn, text, self.now))

    def join(self, name="Guest", code=CODE, address="127.0.0.1"):
        """A screen joins; (conn, its ClientTable)."""
        conn = self.open(address)
        screen = ClientTable(code, name)
        self.screens[conn] = screen
        self.send(conn, screen.hello())
        return conn, screen

    def leave(self, conn):
        """The connection drops."""
        self.screens.pop(conn, None)
        self.deliver(self.host.closed(conn, self.now))

    def tick(self, seconds):
        """`seconds` pass; the host's answers, delivered."""
        self.now += seconds
        return self.deliver(self.host.tick(self.now))

    def start(self):
        """Every remote seat has joined: the game begins."""
        assert self.host.ready()
        levels = [None if kind == REMOTE else kind for kind in self.plan]
        seats = [Seat(name, level is None, level or "medium")
                 for name, level in zip(self.host.names, levels)]
        self.session = Session(self.game_id, seats, self.options, self.seed, self.folders)
        self.deliver(self.host.start(self.session, self.now))

    # ---- playing ----------------------------------------------------------------------
    @property
    def state(self):
        return self.host.session.state

    def screen_of(self, seat):
        """(conn, ClientTable) of the screen at `seat`, or None."""
        conn = self.host.seated.get(seat)
        return None if conn is None else (conn, self.screens[conn])

    def bot(self, level):
        if level not in self._bots:
            self._bots[level] = make_bot(level, self.game_id, options=self.options)
        return self._bots[level]

    def step(self):
        """One move by whoever is to play: a screen's computer player chooses from the
        screen's own view and legal moves; a computer seat's from the host's view of it.
        Returns the Turn played, or None if nobody could move (an away person)."""
        turn = self.host.to_move()
        if turn is None or turn.who == wire.AWAY:
            return None
        if turn.level is not None:
            view = self.state.view(turn.seat)
            action = self.bot(turn.level).choose(view, self.state.legal_actions(), self.rng)
            self.deliver(self.host.computer_move(self.host.version, action))
            return turn
        conn, screen = self.screen_of(turn.seat)
        assert screen.legal, f"seat {turn.seat} is to play but its screen has no moves"
        action = self.bot(self.bots).choose(screen.view, screen.legal, self.rng)
        self.send(conn, screen.act(action))
        return turn


def seated(game_id, players, seed, **settings):
    """A Table of `players` remote seats, every one joined, the game begun."""
    table = Table(game_id, [REMOTE] * players, seed, **settings)
    for n in range(players):
        table.join(f"Player {n + 1}")
    table.start()
    return table


class LocalNetwork:
    """mDNS inside this process: the real zeroconf, its sockets and its sending replaced
    at their lowest seam (zeroconf._core's `create_sockets` and
    `async_send_with_transport`, zeroconf 0.154.0), so that every packet a Zeroconf object
    sends is handed to every Zeroconf object of this process (its own too, as multicast
    loops back), as received from 127.0.0.1 port 5353, and none leaves the process.

    Each Zeroconf gets one UDP socket bound to 127.0.0.1 on a port of the system's
    choosing, which joins no multicast group and never sends (zeroconf reads from it
    through its own listener; nothing writes to it). `packets` counts the packets sent."""

    def __init__(self):
        self.engines = []
        self.packets = 0
        self.lock = threading.Lock()

    def install(self, patch):
        """Replace zeroconf's seams through `patch(module, name, value)` (a monkeypatch's
        setattr, or setattr for the whole run)."""
        import zeroconf._core as core
        network = self

        class Engine(core.AsyncEngine):
            def __init__(self, zc, listen_socket, respond_sockets):
                super().__init__(zc, listen_socket, respond_sockets)
                with network.lock:
                    network.engines = [e for e in network.engines if not e.zc.done] + [self]

        patch(core, "AsyncEngine", Engine)
        patch(core, "create_sockets", self.create_sockets)
        patch(core, "async_send_with_transport", self.send)

    @staticmethod
    def create_sockets(interfaces=None, unicast=False, ip_version=None, apple_p2p=False):
        """zeroconf's create_sockets: no listen socket, one loopback socket to answer on."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        sock.bind(("127.0.0.1", 0))
        sock.setblocking(False)
        return None, [sock]

    def send(self, log_debug, transport, packet, packet_num, out, addr, port, v6_flow_scope=()):
        """zeroconf's async_send_with_transport: to every Zeroconf here, as mDNS delivers."""
        with self.lock:
            self.packets += 1
            engines = list(self.engines)
        for engine in engines:
            loop = engine.zc.loop
            if engine.zc.done or loop is None or loop.is_closed():
                continue
            for protocol in list(engine.protocols):
                try:
                    loop.call_soon_threadsafe(protocol.datagram_received, packet, ("127.0.0.1", 5353))
                except RuntimeError:          # that Zeroconf closed meanwhile
                    break


NETWORK = LocalNetwork()     # the one every test runs under (tests/conftest.py installs it)
