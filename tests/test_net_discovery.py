"""Finding hosted games on the local network, through a fake network: the real zeroconf
records (ServiceInfo, ServiceStateChange) pass between an Announcer and a Browser, but
nothing is ever sent, so no test sends multicast."""
import pytest
from zeroconf import ServiceInfo, ServiceStateChange

from game.net import discovery
from game.net import protocol as wire
from game.net.discovery import SERVICE, Announcer, Browser, Found


class FakeNetwork:
    """The services announced, and the browsers told of every change."""

    def __init__(self):
        self.services = {}
        self.handlers = []

    def tell(self, name, change):
        for handler in self.handlers:
            handler(Zeroconf(self), SERVICE, name, change)


class Zeroconf:
    """The calls of zeroconf.Zeroconf the app makes, on a FakeNetwork."""

    def __init__(self, network):
        self.network = network

    def register_service(self, info, allow_name_change=False):
        assert allow_name_change and info.name not in self.network.services
        self.network.services[info.name] = info
        self.network.tell(info.name, ServiceStateChange.Added)

    def update_service(self, info):
        assert info.name in self.network.services
        self.network.services[info.name] = info
        self.network.tell(info.name, ServiceStateChange.Updated)

    def unregister_service(self, info):
        del self.network.services[info.name]
        self.network.tell(info.name, ServiceStateChange.Removed)

    def get_service_info(self, service_type, name, timeout):
        assert service_type == SERVICE and timeout <= 3000
        return self.network.services.get(name)


def browser_class(network):
    class ServiceBrowser:
        """zeroconf.ServiceBrowser's shape: told of what is there, then of each change."""

        def __init__(self, zeroconf, service_type, handlers):
            assert service_type == SERVICE
            network.handlers += handlers
            for name in list(network.services):
                for handler in handlers:
                    handler(zeroconf, service_type, name, ServiceStateChange.Added)

        def cancel(self):
            network.handlers.clear()
    return ServiceBrowser


@pytest.fixture
def network():
    return FakeNetwork()


def test_a_hosted_table_is_found_updated_and_gone_when_withdrawn(network):
    host = Announcer(Zeroconf(network))
    early = Browser(Zeroconf(network), browser_class(network))
    host.announce("Maya's table", "ktu", ["192.0.2.10"], 47470, 3, 2)
    late = Browser(Zeroconf(network), browser_class(network))
    table = Found("Maya's table", "KTU", "ktu", "192.0.2.10", 47470, 3, 2)
    assert early.found() == late.found() == [table]
    host.announce("Maya's table", "ktu", ["192.0.2.10"], 47470, 3, 0)
    assert late.found() == [table._replace(open=0)]
    host.withdraw()
    assert late.found() == [] and network.services == {}
    late.close()
    assert network.handlers == []


def test_the_record_carries_the_version_the_game_and_the_seats_never_the_code(network):
    Announcer(Zeroconf(network)).announce("Theo", "deadline", ["::1"], 5000, 4, 1)
    (info,) = network.services.values()
    assert info.properties == {b"v": str(wire.PROTOCOL).encode(), b"game": b"deadline",
                               b"players": b"4", b"open": b"1"}
    assert info.parsed_addresses() == ["::1"] and info.name == f"Theo.{SERVICE}"


@pytest.mark.parametrize("properties,addresses,port", [
    ({"v": str(wire.PROTOCOL + 1), "game": "ktu", "players": "3", "open": "1"}, [b"\xc0\x00\x02\x01"], 1),
    ({"v": str(wire.PROTOCOL), "game": "poker", "players": "3", "open": "1"}, [b"\xc0\x00\x02\x01"], 1),
    ({"v": str(wire.PROTOCOL), "game": "ktu", "players": "three", "open": "1"}, [b"\xc0\x00\x02\x01"], 1),
    ({"v": str(wire.PROTOCOL), "game": "ktu", "players": "3"}, [b"\xc0\x00\x02\x01"], 1),
    ({"v": str(wire.PROTOCOL), "game": "ktu", "players": "3", "open": "1"}, [], 1),
    ({"v": str(wire.PROTOCOL), "game": "ktu", "players": "3", "open": "1"}, [b"\xc0\x00\x02\x01"], 0),
    ({}, [b"\xc0\x00\x02\x01"], 1),
])
def test_records_this_app_cannot_join_are_left_out(network, properties, addresses, port):
    name = f"Odd.{SERVICE}"
    network.services[name] = ServiceInfo(SERVICE, name, port=port, properties=properties,
                                         addresses=addresses)
    assert Browser(Zeroconf(network), browser_class(network)).found() == []


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
