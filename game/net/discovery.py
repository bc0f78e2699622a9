"""Finding hosted games on the local network, by mDNS/DNS-SD (the `zeroconf` library).

A host announces one service of type SERVICE: its instance name is the table's name
("Maya's table"), its address and port where the host listens, and its TXT record the
protocol version, the game, the seats and the seats still open, never the join code. A
screen browses for that type and lists what it finds (`Found`), each record checked
(a record from another version, an unknown game, a bad port or seat count is left out;
the table's name is shown as protocol.shown_text shows any text from the network).

zeroconf's calls wait: registering a name probes the network for it, then announces it
three times (about two seconds); withdrawing says goodbye three times. So an `Announcer`
makes them on a thread of its own, in order, and the window never waits on them; what
went wrong is kept as one line (`problem`). A `Browser` owns its zeroconf object and
closes it with itself, so leaving the list leaves nothing running.

Both take the zeroconf object to use: the app hands them the real one (`open_zeroconf`,
multicast on this computer's networks). The tests hand them the real one too, with its
sending replaced inside the process (tests/net_helpers.py), so that no test, benchmark
or CI run ever sends multicast. Setting CARDTABLE_DISCOVERY=off turns discovery off in
the app (it is off whenever the host listens on this computer only).
"""
import atexit
import ipaddress
import os
import queue
import threading
from typing import NamedTuple

from game import registry
from game.net import protocol as wire

SERVICE = "_cardtable._tcp.local."
LOOKUP_MS = 1500            # how long to wait for a found service's details
MAX_NAME = 60               # bytes of an instance name (DNS-SD allows 63)
GOODBYE_SECONDS = 3.0       # how long the app's exit waits for a table's withdrawal


class Found(NamedTuple):
    """A hosted game on the network: its table's name, the game's title and id, where it
    listens, its seats and the seats still open."""

    name: str
    title: str
    game_id: str
    address: str
    port: int
    players: int
    open: int


def enabled():
    """May the app announce and browse (CARDTABLE_DISCOVERY is not 'off')?"""
    return os.environ.get("CARDTABLE_DISCOVERY", "").lower() != "off"


def open_zeroconf():
    """The real zeroconf object (multicast on this computer's networks)."""
    from zeroconf import Zeroconf
    return Zeroconf()


def failure_words(error):
    """What went wrong with the network's discovery, in words."""
    return getattr(error, "strerror", None) or str(error) or "the network did not answer in time"


def instance_name(table_name):
    """A DNS-SD instance name: the table's name as a screen shows it, cut to MAX_NAME
    bytes on whole characters."""
    name = wire.shown_text(table_name, MAX_NAME) or "Card Table"
    while len(name.encode()) > MAX_NAME:
        name = name[:-1]
    return f"{name}.{SERVICE}"


class Announcer:
    """Announces one hosted table while it is hosted, through `zeroconf` (which it closes
    at the end), on a thread of its own: `announce` and `close` return at once. `changed()`,
    if given, is called (on that thread) after each announcement or failure."""

    def __init__(self, zeroconf, changed=None):
        self.zeroconf = zeroconf
        self.changed = changed
        self.info = None            # the service as registered (zeroconf may rename it)
        self.problem = None         # why the last announcement failed, in one line
        self.jobs = queue.Queue()
        self.thread = threading.Thread(target=self._work, daemon=True, name="announce")
        self.thread.start()

    @property
    def announced(self):
        """Is the table on the network now?"""
        return self.info is not None and self.problem is None

    def announce(self, table_name, game_id, addresses, port, players, open_seats):
        """Announce (or, announced already, update) the table: `addresses` are the
        IPv4/IPv6 addresses it listens on (texts)."""
        packed = [ipaddress.ip_address(a).packed for a in addresses]
        properties = {"v": str(wire.PROTOCOL), "game": game_id, "players": str(players),
                      "open": str(open_seats)}
        self.jobs.put((table_name, packed, port, properties))

    def close(self):
        """Withdraw the table and close the zeroconf object (on the thread); the app's
        exit waits for it, GOODBYE_SECONDS at most, so that the tables listed elsewhere
        do not keep showing it."""
        self.jobs.put(None)
        _withdrawing.add(self.thread)

    def _work(self):
        while True:
            job = self.jobs.get()
            while job is not None and not self.jobs.empty():
                job = self.jobs.get()           # only the latest announcement matters
            if job is None:
                self._withdraw()
                return
            self._announce(*job)

    def _announce(self, table_name, packed, port, properties):
        from zeroconf import Error, ServiceInfo
        registered = self.info
        name = instance_name(table_name) if registered is None else registered.name
        try:
            info = ServiceInfo(SERVICE, name, port=port, addresses=packed, properties=properties,
                               server=None if registered is None else registered.server)
            if registered is None:
                self.zeroconf.register_service(info, allow_name_change=True)
            else:
                self.zeroconf.update_service(info)
            self.info, self.problem = info, None
        except (Error, OSError, RuntimeError) as error:     # RuntimeError: zeroconf stopped
            self.problem = failure_words(error)
        if self.changed is not None:
            self.changed()

    def _withdraw(self):
        from zeroconf import Error
        try:
            if self.info is not None:
                self.zeroconf.unregister_service(self.info)
        except (Error, OSError, RuntimeError):
            pass                    # the network is gone: nobody hears the goodbye anyway
        finally:
            self.info = None
            self.zeroconf.close()
            _withdrawing.discard(threading.current_thread())


_withdrawing = set()       # the announcers' threads still saying goodbye


@atexit.register
def _finish_withdrawals():
    for thread in list(_withdrawing):
        thread.join(GOODBYE_SECONDS)


class Browser:
    """Lists the tables announced on the network, kept up to date as they come and go
    (`found()`, safe from any thread), through `zeroconf` (closed with the browser);
    `changed()`, if given, is called after each change (on zeroconf's thread)."""

    def __init__(self, zeroconf, changed=None):
        from zeroconf import ServiceBrowser
        self.zeroconf = zeroconf
        self.lock = threading.Lock()
        self.games = {}
        self.changed = changed
        self.browser = ServiceBrowser(zeroconf, SERVICE, handlers=[self._changed])

    def _changed(self, zeroconf, service_type, name, state_change):
        from zeroconf import ServiceStateChange
        found = None
        if state_change is not ServiceStateChange.Removed:
            found = read(zeroconf.get_service_info(service_type, name, timeout=LOOKUP_MS), name)
        with self.lock:
            if found is None:
                self.games.pop(name, None)
            else:
                self.games[name] = found
        if self.changed is not None:
            self.changed()

    def found(self):
        """The tables found, by name."""
        with self.lock:
            return sorted(self.games.values())

    def close(self):
        """Stop browsing, and close the zeroconf object (its thread and sockets)."""
        self.browser.cancel()
        self.zeroconf.close()


def read(info, name):
    """The Found a service's details describe, or None if they are missing or not a
    table this app can join."""
    if info is None:
        return None
    props = {_text(k): _text(v) for k, v in (info.properties or {}).items()}
    if props.get("v") != str(wire.PROTOCOL):
        return None
    try:
        title = registry.game_info(props.get("game") or "").title
    except ValueError:
        return None
    players, free = props.get("players", ""), props.get("open", "")
    addresses = info.parsed_addresses()
    if (not players.isascii() or not players.isdigit() or not free.isascii() or not free.isdigit()
            or not 1 <= int(players) <= 8 or int(free) > int(players) or not addresses
            or not isinstance(info.port, int) or not 0 < info.port < 65536):
        return None
    table = name[:-len(SERVICE) - 1] if name.endswith("." + SERVICE) else name
    table = wire.shown_text(table, MAX_NAME) or "Card Table"
    return Found(table, title, props["game"], addresses[0], info.port, int(players), int(free))


def _text(value):
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else (value or "")
