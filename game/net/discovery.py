"""Finding hosted games on the local network, by mDNS/DNS-SD (the `zeroconf` library).

A host announces one service of type SERVICE: its instance name is the table's name
("Maya's table"), its address and port where the host listens, and its TXT record the
protocol version, the game, the seats and the seats still open, never the join code. A
screen browses for that type and lists what it finds (`Found`), each record checked
(a record from another version, an unknown game or a bad port is left out).

The seam: `Announcer` and `Browser` take the zeroconf object and the browser class to use.
The app hands them the real ones (`open_zeroconf`); tests hand them a fake network, so
that no test, benchmark or CI run ever sends multicast. Setting CARDTABLE_DISCOVERY=off
turns discovery off in the app (it is off whenever the host listens on this computer only).
"""
import ipaddress
import os
import threading
from typing import NamedTuple

from game import registry
from game.net import protocol as wire

SERVICE = "_cardtable._tcp.local."
LOOKUP_MS = 1500            # how long to wait for a found service's details
MAX_NAME = 60               # bytes of an instance name (DNS-SD allows 63)


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
    """The real zeroconf object and browser class (multicast on this computer's networks)."""
    from zeroconf import ServiceBrowser, Zeroconf
    return Zeroconf(), ServiceBrowser


def instance_name(table_name):
    """A DNS-SD instance name: the table's name cut to MAX_NAME bytes, whole characters."""
    name = " ".join(table_name.split()) or "Card Table"
    while len(name.encode()) > MAX_NAME:
        name = name[:-1]
    return f"{name}.{SERVICE}"


class Announcer:
    """Announces one hosted table while it is hosted."""

    def __init__(self, zeroconf):
        self.zeroconf = zeroconf
        self.info = None

    def announce(self, table_name, game_id, addresses, port, players, open_seats):
        """Announce (or, announced already, update) the table: `addresses` are the
        IPv4/IPv6 addresses it listens on (texts)."""
        from zeroconf import ServiceInfo
        name = instance_name(table_name) if self.info is None else self.info.name
        info = ServiceInfo(SERVICE, name, port=port,
                           addresses=[ipaddress.ip_address(a).packed for a in addresses],
                           properties={"v": str(wire.PROTOCOL), "game": game_id,
                                       "players": str(players), "open": str(open_seats)})
        if self.info is None:
            self.zeroconf.register_service(info, allow_name_change=True)
        else:
            self.zeroconf.update_service(info)
        self.info = info

    def withdraw(self):
        """Stop announcing (the table is no longer hosted)."""
        if self.info is not None:
            self.zeroconf.unregister_service(self.info)
            self.info = None


class Browser:
    """Lists the tables announced on the network, kept up to date as they come and go
    (`found()`, safe from any thread); `changed()`, if given, is called after each change
    (on zeroconf's thread)."""

    def __init__(self, zeroconf, browser_class, changed=None):
        self.zeroconf = zeroconf
        self.lock = threading.Lock()
        self.games = {}
        self.changed = changed
        self.browser = browser_class(zeroconf, SERVICE, handlers=[self._changed])

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
        """Stop browsing."""
        self.browser.cancel()


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
    if (not players.isdigit() or not free.isdigit() or not addresses
            or not isinstance(info.port, int) or not 0 < info.port < 65536):
        return None
    table = name[:-len(SERVICE) - 1] if name.endswith("." + SERVICE) else name
    return Found(table, title, props["game"], addresses[0], info.port, int(players), int(free))


def _text(value):
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else (value or "")
