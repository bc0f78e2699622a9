"""The build's own pieces: icons drawn by code, .ico/.icns containers, the desktop file,
and resources found from source and from a bundle."""
import configparser
import importlib.util
import os
import struct
import sys

import pygame

from game import resources

ROOT = resources.root()


def load_build():
    spec = importlib.util.spec_from_file_location("build_script", os.path.join(ROOT, "build", "build.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_icon_is_drawn_at_every_size():
    from sprites.icon import draw_icon
    pygame.init()
    for size in (16, 48, 256):
        icon = draw_icon(size)
        assert icon.get_size() == (size, size)
        assert icon.get_at((0, 0)).a == 0                      # round: transparent corner
        assert icon.get_at((size // 2, size // 2)).a > 240     # opaque middle


def test_ico_and_icns_containers(tmp_path):
    build = load_build()
    pngs = {16: b"\x89PNG-sixteen", 256: b"\x89PNG-big-one"}
    ico = tmp_path / "a.ico"
    build.write_ico(str(ico), pngs)
    data = ico.read_bytes()
    assert struct.unpack("<HHH", data[:6]) == (0, 1, 2)
    width, height, _, _, planes, bits, size, offset = struct.unpack("<BBBBHHII", data[6:22])
    assert (width, height, planes, bits) == (16, 16, 1, 32)
    assert data[offset:offset + size] == pngs[16]
    big = struct.unpack("<BBBBHHII", data[22:38])
    assert big[0] == 0 and data[big[7]:big[7] + big[6]] == pngs[256]   # 0 means 256
    icns = tmp_path / "a.icns"
    build.write_icns(str(icns), {s: b"PNG%d" % s for s in (16, 32, 64, 128, 256, 512)})
    raw = icns.read_bytes()
    assert raw[:4] == b"icns" and struct.unpack(">I", raw[4:8])[0] == len(raw)
    assert raw[8:12] == b"icp4" and struct.unpack(">I", raw[12:16])[0] == 8 + 5


def test_desktop_file_launches_the_bundle():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(os.path.join(ROOT, "build", "cardtable.desktop"))
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application" and desktop["Exec"] == "cardtable"
    assert desktop["Icon"] == "cardtable" and "Game" in desktop["Categories"].split(";")


def test_spec_names_no_platform_paths():
    spec = open(os.path.join(ROOT, "build", "cardtable.spec")).read()
    assert "/usr" not in spec and "\\\\" not in spec and "os.path.join" in spec


def test_resources_come_from_the_bundle_when_frozen(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.path("config", "games.yaml") == os.path.join(str(tmp_path), "config", "games.yaml")
    monkeypatch.delattr(sys, "_MEIPASS")
    assert os.path.exists(resources.path("config", "games.yaml"))
