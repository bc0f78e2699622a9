"""The app's side of playing across computers: a hosted table (`Hosting`) or a joined
seat (`Joining`), each pumping its network link on the window's thread.

The network runs on its own thread (game.net.link) and wakes the window with a NET_EVENT;
the scene then calls `pump()`, which hands what arrived to the table of game.net (the
host's HostTable, or the screen's ClientTable) and sends the answers. So the game is only
ever touched on the window's thread, and the window never waits on the network. The app
keeps the one link in use in `app.network` and closes it when the game is left.
"""
import ipaddress
import socket
import time

import pygame

from game.net import discovery
from game.net import protocol as wire
from game.net.client import ClientTable
from game.net.host import HOST, SILENT_SECONDS, HostTable
from game.net.protocol import DEFAULT_PORT, new_code, parse_address
from scenes.widgets.wake import NET_EVENT

RETRY_SECONDS = 1.0                 # between a joined screen's attempts to reach the host again
GIVE_UP_SECONDS = 120.0             # a lost host is tried this long
EVERYWHERE = "0.0.0.0"
HERE_ONLY = "127.0.0.1"


def wake():
    """Rouse the window (from the network thread)."""
    try:
        pygame.event.post(pygame.event.Event(NET_EVENT))
    except pygame.error:       # the window has closed
        pass


def minutes(seconds):
    """A time as the host's screens say it: '3 minutes', '1 minute'."""
    count = round(seconds / 60)
    return f"{count} minute{'s' if count != 1 else ''}"


def local_addresses():
    """This computer's addresses on its networks, as others would type them (IPv4 first)."""
    try:
        import ifaddr
        found = [ip.ip if isinstance(ip.ip, str) else ip.ip[0]
                 for adapter in ifaddr.get_adapters() for ip in adapter.ips]
    except OSError:
        found = []
    usable = []
    for address in found:
        try:
            parsed = ipaddress.ip_address(address.split("%")[0])
        except ValueError:
            continue
        if not (parsed.is_loopback or parsed.is_link_local or parsed.is_multicast):
            usable.append(str(parsed))
    return sorted(set(usable), key=lambda a: (":" in a, a))


class Hosting:
    """A table hosted from this app: the server, the HostTable, the announcement.

    `plan` as HostTable's (HOST for the person at this screen); `listen` is HERE_ONLY (this
    computer only: nothing is announced) or EVERYWHERE (every network of this computer).
    `silent_after`: the seconds of a person's turn without a move after which the host is
    offered a computer for them. `clock` gives the time (time.monotonic)."""

    def __init__(self, game_id, options, plan, names, listen, port=DEFAULT_PORT, code=None,
                 undo="mine", silent_after=SILENT_SECONDS):
        self.code = code or new_code()
        self.table = HostTable(game_id, options, plan, names, self.code, undo=undo,
                               silent_after=silent_after)
        self.listen = listen
        self.clock = time.monotonic
        from game.net.link import Server
        self.server = Server(wake)
        try:
            self.port = self.server.start(listen, port)
        except OSError:
            self.port = self.server.start(listen, 0)      # the usual port is taken: any other
        self.announcer = None
        self.problem = None
        if listen != HERE_ONLY and discovery.enabled():
            self._announce()

    def _announce(self):
        try:
            self.announcer = discovery.Announcer(discovery.open_zeroconf(), changed=wake)
        except (OSError, RuntimeError) as error:       # RuntimeError: no network to use
            self.problem = f"This table could not be announced on the network ({discovery.failure_words(error)})."
            return
        self.update_announcement()

    def where(self):
        """Where others find this table, in one line: on this computer only, announced on
        the network (or on its way there), or why it is not."""
        if self.listen == HERE_ONLY:
            return "Listening on this computer only: another window of Card Table here can join."
        announcer = self.announcer
        if announcer is None:
            return self.problem or "Not announced on your network: others type the address."
        if announcer.problem:
            return f"This table could not be announced on the network ({announcer.problem}): others type the address."
        if announcer.announced:
            return "Announced on your network: others see this table in their list."
        return "Announcing this table on your network..."

    def addresses(self):
        """The addresses others type to join, each with the port ('192.168.1.20:47470')."""
        hosts = [HERE_ONLY] if self.listen == HERE_ONLY else local_addresses() or [socket.gethostname()]
        return [f"[{h}]:{self.port}" if ":" in h else f"{h}:{self.port}" for h in hosts]

    def update_announcement(self):
        """Tell the network how many seats are still open (nothing when not announced)."""
        if self.announcer is None:
            return
        words = self.table.seat_words()
        host = next((n for n, kind in zip(self.table.names, self.table.plan) if kind == HOST), None)
        self.announcer.announce(f"{host}'s table" if host else "Card Table", self.table.info.id,
                                local_addresses(), self.port, len(words), words.count(wire.OPEN))

    def pump(self):
        """Hand what arrived to the table and send its answers."""
        came = False
        while not self.server.inbox.empty():
            kind, *rest = self.server.inbox.get_nowait()
            handle = {"opened": self.table.opened, "message": self.table.received,
                      "closed": self.table.closed}[kind]
            self.send(handle(*rest))
            came = True
        self.send(self.table.tick(self.clock()))
        if came and self.table.session is None:
            self.update_announcement()

    def send(self, outs):
        """Send the table's answers; a move they carry is saved once they are on their way."""
        self.table.send(self.server, outs)

    def close(self):
        """Stop hosting: withdraw the announcement (on its own thread), close every
        connection, stop listening."""
        if self.announcer is not None:
            self.announcer.close()
            self.announcer = None
        self.server.stop("the host stopped hosting")


class Joining:
    """This app's seat at a table hosted elsewhere: the link and the ClientTable. While the
    game runs, a lost connection is tried again for GIVE_UP_SECONDS."""

    def __init__(self, address, code, name):
        self.host, self.port = parse_address(address)
        self.address = address
        self.table = ClientTable(code, name)
        self.client = None
        self.state = "connecting"     # connecting, joined, lost, over, refused (with `reason`)
        self.reason = ""
        self.lost_at = None
        self.retry_at = None
        self._connect()

    def _connect(self):
        from game.net.link import Client
        self.client = Client(wake)
        self.client.start(self.host, self.port)

    def pump(self):
        """Read what arrived (the ClientTable keeps it); after a loss, try the host again."""
        now = time.monotonic()
        while not self.client.inbox.empty():
            item = self.client.inbox.get_nowait()
            if item[0] == "opened":
                self.client.send(self.table.hello())
            elif item[0] == "closed":
                self._closed(item[1], now)
            else:
                try:
                    self.table.received(item[1])
                except wire.ProtocolError as error:
                    self._refused(f"the host sent something this app cannot read ({error})")
                    break
                if self.table.welcome is not None and self.state != "refused":
                    self.state, self.lost_at = "joined", None
        if self.state == "lost" and self.retry_at is not None and now >= self.retry_at:
            self.retry_at = None
            self.client.end()
            self._connect()

    def _closed(self, reason, now):
        if self.table.over:
            self.state = "over"
            return
        if self.table.refusal == wire.CROWDED and self.table.welcome is None:
            self.table.refusal, self.table.final = None, False    # no fault of its own: again
        elif self.table.final or self.table.welcome is None:
            if self.state != "refused":
                self._refused(self.table.refusal or reason)
            return
        self.lost_at = self.lost_at or now
        if now - self.lost_at > GIVE_UP_SECONDS:
            self._refused(f"the host stayed away ({reason})")
            return
        self.state, self.reason = "lost", reason
        self.retry_at = now + RETRY_SECONDS

    def _refused(self, reason):
        self.state, self.reason = "refused", reason
        self.client.stop()

    def act(self, action):
        """Play one of the seat's legal moves."""
        self.client.send(self.table.act(action))

    def undo(self):
        """Ask the host to take back this seat's move."""
        self.client.send(self.table.undo())

    def close(self):
        """Leave the table."""
        self.client.stop()
