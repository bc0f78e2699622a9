"""Finding hosted games on the local network with the real zeroconf: its records, its
probing, announcing, browsing and goodbyes, every packet handed between the Zeroconf
objects of this process (tests/net_helpers.LocalNetwork: no packet leaves it). Every
wait is bounded and waits on the change itself."""
import threading

import pytest
from zeroconf import EventLoopBlocked, ServiceInfo, Zeroconf

from game.net import discovery
from game.net import protocol as wire
from game.net.discovery import SERVICE, Announcer, Browser, Found
from tests.net_helpers import NETWORK

WAIT = 15.0        # seconds zeroconf may take on a busy machine (registering alone takes ~2)


class Watch:
    """A Browser's changes, waited on."""

    def __init__(self):
        self.condition = threading.Condition()
        self.browser = Browser(discovery.open_zeroconf(), changed=self.changed)

    def changed(self):
        with self.condition:
            self.condition.notify_all()

    def until(self, check, timeout=WAIT):
        """Wait until `check(found)` holds; the tables found then."""
        with self.condition:
            assert self.condition.wait_for(lambda: check(self.browser.found()), timeout), \
                f"the list never came to hold what was expected: {self.browser.found()}"
        return self.browser.found()


def settled(announcer, timeout=WAIT):
    """Wait until the announcer has done what it was asked."""
    done = threading.Event()
    announcer.changed = done.set
    assert done.wait(timeout), "the announcement was never made"


@pytest.fixture
def watch():
    watch = Watch()
    yield watch
    watch.browser.close()


def test_zeroconf_runs_inside_this_process_only():
    zc = discovery.open_zeroconf()
    try:
        import zeroconf._core as core
        assert core.create_sockets == NETWORK.create_sockets
        assert core.async_send_with_transport == NETWORK.send
        assert [s.sock.getsockname()[0] for s in zc.engine.senders] == ["127.0.0.1"]
        assert zc.engine.readers and all(r.sock.getsockname()[0] == "127.0.0.1" for r in zc.engine.readers)
    finally:
        zc.close()


def test_a_hosted_table_is_found_updated_and_gone_when_withdrawn(watch):
    """The real announcement, twice (zeroconf 0.154.0's update_service wants the server
    the registration filled in), as the table's seats fill."""
    packets = NETWORK.packets
    host = Announcer(discovery.open_zeroconf())
    host.announce("Maya's table", "ktu", ["192.0.2.10"], 47470, 3, 2)
    settled(host)
    table = Found("Maya's table", "KTU", "ktu", "192.0.2.10", 47470, 3, 2)
    assert host.announced and watch.until(lambda found: found == [table]) == [table]
    late = Watch()
    try:
        assert late.until(lambda found: found == [table]) == [table]
        host.announce("Maya's table", "ktu", ["192.0.2.10"], 47470, 3, 0)
        settled(host)
        assert host.problem is None and host.announced
        assert late.until(lambda found: found == [table._replace(open=0)])
        host.close()
        assert late.until(lambda found: found == []) == [] and watch.until(lambda found: found == []) == []
    finally:
        late.browser.close()
    assert NETWORK.packets > packets
    host.thread.join(WAIT)
    assert not host.thread.is_alive() and host.zeroconf.done


def test_the_record_carries_the_version_the_game_and_the_seats_never_the_code(watch):
    host = Announcer(discovery.open_zeroconf())
    try:
        host.announce("Theo", "deadline", ["192.0.2.7"], 5000, 4, 1)
        settled(host)
        watch.until(lambda found: len(found) == 1)
        info = watch.browser.zeroconf.get_service_info(SERVICE, f"Theo.{SERVICE}", timeout=3000)
        assert info.properties == {b"v": str(wire.PROTOCOL).encode(), b"game": b"deadline",
                                   b"players": b"4", b"open": b"1"}
        assert info.parsed_addresses() == ["192.0.2.7"] and info.port == 5000
    finally:
        host.close()


def test_two_tables_of_the_same_name_are_both_listed(watch):
    """zeroconf probes the name first and renames the second table; its updates keep
    the new name."""
    first, second = Announcer(discovery.open_zeroconf()), Announcer(discovery.open_zeroconf())
    try:
        first.announce("Maya's table", "ktu", ["192.0.2.10"], 47470, 3, 2)
        settled(first)
        second.announce("Maya's table", "deadline", ["192.0.2.11"], 47470, 4, 3)
        settled(second)
        assert second.info.name == f"Maya's table-2.{SERVICE}"
        second.announce("Maya's table", "deadline", ["192.0.2.11"], 47470, 4, 1)
        settled(second)
        found = watch.until(lambda found: [t.open for t in found] == [2, 1])
        assert [(t.name, t.game_id) for t in found] == [("Maya's table", "ktu"),
                                                        ("Maya's table-2", "deadline")]
    finally:
        first.close()
        second.close()


class Blocked(Zeroconf):
    """A Zeroconf whose network never lets it finish registering."""

    def register_service(self, info, **how):
        raise EventLoopBlocked()


def test_a_failed_announcement_is_said_in_one_line():
    host = Announcer(Blocked())
    host.announce("Maya's table", "ktu", ["192.0.2.10"], 47470, 3, 2)
    settled(host)
    assert not host.announced and host.problem == "the network did not answer in time"
    host.close()
    host.thread.join(WAIT)
    assert host.zeroconf.done


@pytest.mark.parametrize("properties,addresses,port", [
    ({"v": str(wire.PROTOCOL + 1), "game": "ktu", "players": "3", "open": "1"}, [b"\xc0\x00\x02\x01"], 1),
    ({"v": str(wire.PROTOCOL), "game": "poker", "players": "3", "open": "1"}, [b"\xc0\x00\x02\x01"], 1),
    ({"v": str(wire.PROTOCOL), "game": "ktu", "players": "three", "open": "1"}, [b"\xc0\x00\x02\x01"], 1),
    ({"v": str(wire.PROTOCOL), "game": "ktu", "players": "\u0663", "open": "1"}, [b"\xc0\x00\x02\x01"], 1),
    ({"v": str(wire.PROTOCOL), "game": "ktu", "players": "300", "open": "1"}, [b"\xc0\x00\x02\x01"], 1),
    ({"v": str(wire.PROTOCOL), "game": "ktu", "players": "3", "open": "4"}, [b"\xc0\x00\x02\x01"], 1),
    ({"v": str(wire.PROTOCOL), "game": "ktu", "players": "3"}, [b"\xc0\x00\x02\x01"], 1),
    ({"v": str(wire.PROTOCOL), "game": "ktu", "players": "3", "open": "1"}, [], 1),
    ({"v": str(wire.PROTOCOL), "game": "ktu", "players": "3", "open": "1"}, [b"\xc0\x00\x02\x01"], 0),
    ({}, [b"\xc0\x00\x02\x01"], 1),
])
def test_records_this_app_cannot_join_are_left_out(properties, addresses, port):
    name = f"Odd.{SERVICE}"
    assert discovery.read(ServiceInfo(SERVICE, name, port=port, properties=properties,
                                      addresses=addresses), name) is None


def test_a_table_name_from_the_network_is_shown_as_the_table_can():
    info = ServiceInfo(SERVICE, f"\u202eMaya\u200b's \U0001F3B2table.{SERVICE}", port=47470,
                       properties={"v": str(wire.PROTOCOL), "game": "ktu", "players": "3", "open": "1"},
                       addresses=[b"\xc0\x00\x02\x01"])
    assert discovery.read(info, info.name).name == "Maya's table"


def test_a_table_announced_by_another_program_is_found(watch):
    """Any mDNS responder of the network, here a bare Zeroconf object."""
    other = Zeroconf()
    try:
        other.register_service(ServiceInfo(SERVICE, f"Lena.{SERVICE}", port=47471, properties={
            "v": str(wire.PROTOCOL), "game": "four_downs", "players": "2", "open": "1"},
            addresses=[b"\xc0\x00\x02\x03"]))
        assert watch.until(lambda found: len(found) == 1) == [
            Found("Lena", "Play Design - 4 downs", "four_downs", "192.0.2.3", 47471, 2, 1)]
    finally:
        other.close()


def test_a_long_table_name_is_cut_on_whole_characters():
    name = discovery.instance_name("Ève " * 30)
    table = name[:-len(SERVICE) - 1]
    assert len(table.encode()) <= discovery.MAX_NAME and table.startswith("Ève Ève")
    assert discovery.instance_name("   ") == f"Card Table.{SERVICE}"


def test_discovery_can_be_turned_off(monkeypatch):
    monkeypatch.setenv("CARDTABLE_DISCOVERY", "off")
    assert not discovery.enabled()
    monkeypatch.setenv("CARDTABLE_DISCOVERY", "on")
    assert discovery.enabled()
