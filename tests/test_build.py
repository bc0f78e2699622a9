"""The build's own pieces: icons drawn by code, .ico/.icns containers, the desktop file,
resources found from source and from a bundle, and what the spec puts in the bundle.

What a bundle carries is checked without building one (a build takes minutes): the spec
is run with stand-ins for PyInstaller's Analysis, PYZ, EXE and COLLECT, whose Analysis
collects the modules as PyInstaller's does (the entry script's imports followed through
the project's own modules, plus the hidden imports, minus the excludes: the standard
library's modulefinder, kept to the project's folder) and the data files the spec names.
The spec refuses to build when a piece is missing from that list, and so does the real
build, which runs the same check on PyInstaller's own Analysis.
"""
import configparser
import importlib.util
import modulefinder
import os
import re
import struct
import sys

import pygame
import pytest

from game import registry, resources
from scenes import pieces

ROOT = resources.root()
SPEC = os.path.join(ROOT, "build", "cardtable.spec")


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
    assert resources.path("config", "app.yaml") == os.path.join(str(tmp_path), "config", "app.yaml")
    monkeypatch.delattr(sys, "_MEIPASS")
    assert os.path.exists(resources.path("config", "app.yaml"))


class Analysis:
    """PyInstaller's Analysis as far as the spec's checks need it: `pure` (name, path,
    kind) for every module of the project the bundle would carry, `datas` (name in the
    bundle, path, kind) for every data file."""

    def __init__(self, scripts, pathex=(), datas=(), hiddenimports=(), excludes=(), **_):
        finder = modulefinder.ModuleFinder(path=[ROOT], excludes=list(excludes))
        for script in scripts:
            finder.run_script(script)
        for name in hiddenimports:
            try:
                finder.import_hook(name)
            except ImportError:      # an excluded module: PyInstaller leaves it out too
                pass
        self.pure = [(name, module.__file__, "PYMODULE") for name, module in finder.modules.items()
                     if module.__file__ and name != "__main__"]
        self.scripts = list(scripts)
        self.binaries = []
        self.datas = [(os.path.join(dest, os.path.relpath(os.path.join(folder, name), source)),
                       os.path.join(folder, name), "DATA")
                      for source, dest in datas for folder, _, names in os.walk(source) for name in names]
        self.datas += [(os.path.join(dest, os.path.basename(source)), source, "DATA")
                       for source, dest in datas if os.path.isfile(source)]


def run_spec(text):
    """The Analysis the spec `text` makes (SystemExit if the spec refuses to build), with
    the keywords its Analysis and EXE were given ("analysis", "exe")."""
    made = {}

    def analysis(*args, **kwargs):
        made["analysis"] = Analysis(*args, **kwargs)
        made["analysis"].given = kwargs
        return made["analysis"]

    def exe(*args, **kwargs):
        made["analysis"].exe = kwargs
    stand_in = lambda *args, **kwargs: None   # noqa: E731  (PYZ, COLLECT: nothing to build)
    exec(compile(text, SPEC, "exec"), {"SPECPATH": os.path.dirname(SPEC), "Analysis": analysis,
                                       "PYZ": stand_in, "EXE": exe, "COLLECT": stand_in})
    return made["analysis"]


def spec_text():
    with open(SPEC, encoding="utf-8") as handle:
        return handle.read()


def test_the_bundle_carries_the_licence_and_every_notice_of_the_credits():
    from game import credits
    analysis = run_spec(spec_text())
    files = {os.path.normpath(name) for name, _, _ in analysis.datas}
    notices = {n for c in credits.load() for n in c.notices}
    assert len(notices) > 20 and "LICENSE" in files
    assert {os.path.normpath(n) for n in notices} <= files
    spec = spec_text()
    assert "for notice in NOTICES]," in spec
    with pytest.raises(SystemExit) as refused:      # a notice left out: no bundle
        run_spec(spec.replace("for notice in NOTICES],", "for notice in NOTICES[1:]],"))
    assert "LICENSE" in str(refused.value)


def test_the_icon_goes_only_where_an_executable_has_one(monkeypatch):
    for system, icon in (("win32", "cardtable.ico"), ("darwin", "cardtable.icns"), ("linux", None)):
        monkeypatch.setattr(sys, "platform", system)
        given = run_spec(spec_text()).exe["icon"]
        assert (given and os.path.basename(given)) == icon, system
    # what the spec leaves out of a bundle for another system's code, PyInstaller would warn of
    assert "ifaddr._win32" in run_spec(spec_text()).given["excludes"]


def test_sizes_are_in_millions_of_bytes_and_the_linux_archive_installs_into_a_prefix(tmp_path, monkeypatch):
    import tarfile
    build = load_build()
    (tmp_path / "onefile").mkdir()
    (tmp_path / "onefile" / "cardtable").write_bytes(b"x" * 1_500_000)
    (tmp_path / "share" / "applications").mkdir(parents=True)
    (tmp_path / "share" / "applications" / "cardtable.desktop").write_text("[Desktop Entry]\n")
    assert build.megabytes(str(tmp_path / "onefile" / "cardtable")) == 1.5
    monkeypatch.setattr(build, "DIST", str(tmp_path))
    monkeypatch.setattr(build, "RELEASE", str(tmp_path / "release"))
    monkeypatch.setattr(sys, "platform", "linux")
    path = build.package()
    from game.version import VERSION
    assert os.path.basename(path).startswith(f"cardtable-{VERSION}-linux-") and path.endswith(".tar.gz")
    with tarfile.open(path) as archive:
        assert sorted(archive.getnames()) == ["bin/cardtable", "share", "share/applications",
                                              "share/applications/cardtable.desktop"]


@pytest.mark.quick
def test_the_bundle_carries_every_piece_of_every_game():
    analysis = run_spec(spec_text())
    modules = {name for name, _, _ in analysis.pure}
    files = {os.path.normpath(name) for name, _, _ in analysis.datas}
    for game_id, found in pieces.check(pieces.shipped()).items():
        for piece in pieces.MODULE_PIECES:
            assert found[piece] in modules, (game_id, piece)
        for piece in pieces.FILE_PIECES:
            assert os.path.normpath(found[piece]) in files, (game_id, piece)
        assert {found["rules"], found["bots"], found["presenter"]} == {
            f"game.{game_id}.rules", f"game.{game_id}.bots", f"game.{game_id}.presenter"}
    for path in pieces.home_files(pieces.shipped()):   # the lessons' chapters too
        assert os.path.normpath(path) in files, path


@pytest.mark.parametrize("game_id", list(registry.SHIPPED))
def test_a_spec_leaving_out_a_bot_module_refuses_to_build(game_id):
    text = spec_text().replace('excludes=["tkinter",', f'excludes=["game.{game_id}.bots", "tkinter",')
    with pytest.raises(SystemExit) as refused:
        run_spec(text)
    assert str(refused.value) == f"cardtable.spec: the bundle would lack game.{game_id}.bots"


def test_a_spec_leaving_out_the_lessons_refuses_to_build():
    text = spec_text().replace("for path in HOME_FILES]",
                               'for path in HOME_FILES if not path.endswith("tutorial.yaml")]')
    with pytest.raises(SystemExit) as refused:
        run_spec(text)
    assert os.path.join("game", "ktu", "tutorial.yaml") in str(refused.value)


def test_the_bundle_carries_the_card_art_and_the_sounds_with_their_sources():
    from sprites import sound
    files = {os.path.normpath(name) for name, _, _ in run_spec(spec_text()).datas}
    standard = registry.GAMES["deadline"].load_deck()
    for card in standard.cards:
        assert os.path.join("sprites", "art", "standard", f"{card.name}.png") in files, card.name
    for name in sound.NAMES:
        assert os.path.join("sprites", "sounds", f"{name}.wav") in files, name
    art = os.path.join("sprites", "art", "standard")
    assert {os.path.join(art, "SOURCE.md"), os.path.join(art, "LICENSE.txt"),
            os.path.join("sprites", "sounds", "SOURCE.md")} <= files
    assert not any(name.endswith(".svg") for name in files)        # the sources stay in the repository


def test_no_module_is_loaded_by_name():
    """What PyInstaller cannot see is not in the bundle: the app imports its modules by
    name in the source, never through importlib or __import__."""
    loads = re.compile(r"\bimportlib\b|__import__\(|import_module\(")
    for folder in ("game", "scenes", "sprites"):
        for where, _, names in os.walk(os.path.join(ROOT, folder)):
            for name in names:
                if name.endswith(".py"):
                    with open(os.path.join(where, name), encoding="utf-8") as handle:
                        assert not loads.search(handle.read()), os.path.join(where, name)
    with open(os.path.join(ROOT, "main.py"), encoding="utf-8") as handle:
        assert not loads.search(handle.read())
