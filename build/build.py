"""Build the double-click bundles: `python build/build.py [--onefile-only]`.

Draws the icons, runs PyInstaller for a one-file and a one-folder bundle named
`cardtable` (in build/dist/onefile and build/dist/onedir; on macOS the one-folder bundle
is also `Card Table.app`), lays out the Linux desktop files beside them (build/dist/share),
runs the one-file bundle's `--smoke`, a game it hosts and joins on 127.0.0.1 and its
`bench`, and prints each bundle's size (MB: millions of bytes) and the one-file bundle's
start time to its first menu frame. Without --onefile-only it then packs the release archive of this
system (build/dist/release): see `package()`.

PyInstaller speaks only of what is wrong (--log-level WARN): the spec leaves out what it
would warn of that is expected (other systems' code, websockets' unused flavours).
"""
import argparse
import os
import platform
import shutil
import struct
import subprocess
import sys
import tarfile
import time
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ICONS = os.path.join(HERE, "icons")
DIST = os.path.join(HERE, "dist")
RELEASE = os.path.join(DIST, "release")
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
MAX_BUNDLE_MB = 60          # millions of bytes


def draw_icons():
    """Write the icon as PNGs at the desktop sizes, plus .ico and .icns made of PNGs."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, ROOT)
    import pygame
    from sprites.icon import draw_icon
    pygame.display.init()       # drawing only: no sound device opened (nor ALSA's complaints)
    os.makedirs(ICONS, exist_ok=True)
    pngs = {}
    for size in SIZES:
        path = os.path.join(ICONS, f"cardtable-{size}.png")
        pygame.image.save(draw_icon(size), path)
        with open(path, "rb") as handle:
            pngs[size] = handle.read()
    write_ico(os.path.join(ICONS, "cardtable.ico"), {s: pngs[s] for s in (16, 24, 32, 48, 256)})
    write_icns(os.path.join(ICONS, "cardtable.icns"), pngs)
    pygame.quit()


def write_ico(path, pngs):
    """A Windows .ico whose images are PNGs (supported since Windows Vista)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries, blobs = b"", b""
    for size, data in sorted(pngs.items()):
        side = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    with open(path, "wb") as handle:
        handle.write(header + entries + blobs)


def write_icns(path, pngs):
    """A macOS .icns whose images are PNGs."""
    kinds = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}
    body = b"".join(kind + struct.pack(">I", len(pngs[s]) + 8) + pngs[s]
                    for s, kind in kinds.items())
    with open(path, "wb") as handle:
        handle.write(b"icns" + struct.pack(">I", len(body) + 8) + body)


def pyinstaller(mode):
    env = dict(os.environ, CARDTABLE_BUILD_MODE=mode, PYGAME_HIDE_SUPPORT_PROMPT="1")
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
                    "--log-level", "WARN", "--distpath", os.path.join(DIST, mode),
                    "--workpath", os.path.join(HERE, "work", mode),
                    os.path.join(HERE, "cardtable.spec")], check=True, env=env, cwd=ROOT)


def desktop_files():
    """share/applications/cardtable.desktop and the hicolor icons, for Linux desktops."""
    share = os.path.join(DIST, "share")
    os.makedirs(os.path.join(share, "applications"), exist_ok=True)
    shutil.copy(os.path.join(HERE, "cardtable.desktop"), os.path.join(share, "applications"))
    for size in SIZES:
        folder = os.path.join(share, "icons", "hicolor", f"{size}x{size}", "apps")
        os.makedirs(folder, exist_ok=True)
        shutil.copy(os.path.join(ICONS, f"cardtable-{size}.png"),
                    os.path.join(folder, "cardtable.png"))


def size_of(path):
    """Bytes in the file or the folder at `path`."""
    if os.path.isfile(path):
        return os.path.getsize(path)
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(path) for f in fs)


def megabytes(path):
    """The size of `path` in MB (millions of bytes), as the release page and README say it."""
    return size_of(path) / 1e6


def release_name():
    """The release archive's name without its ending: cardtable-0.9.0-linux-x86_64."""
    sys.path.insert(0, ROOT)
    from game.version import VERSION
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    machine = platform.machine().lower().replace("amd64", "x86_64").replace("aarch64", "arm64")
    return f"cardtable-{VERSION}-{system}-{machine}"


def package():
    """The release archive of this system, in build/dist/release, and its path: on Linux a
    .tar.gz of bin/cardtable (the one-file bundle) and share/ (the desktop files), which
    `tar -xzf ... -C ~/.local` installs for one user; on Windows a .zip of cardtable.exe;
    on macOS a .zip of Card Table.app (made by ditto, which keeps the app's links)."""
    os.makedirs(RELEASE, exist_ok=True)
    name = release_name()
    if sys.platform == "darwin":
        path = os.path.join(RELEASE, name + ".zip")
        subprocess.run(["ditto", "-c", "-k", "--keepParent", os.path.join(DIST, "onedir", "Card Table.app"),
                        path], check=True)
    elif sys.platform == "win32":
        path = os.path.join(RELEASE, name + ".zip")
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.write(os.path.join(DIST, "onefile", "cardtable.exe"), "cardtable.exe")
    else:
        path = os.path.join(RELEASE, name + ".tar.gz")
        with tarfile.open(path, "w:gz") as archive:
            archive.add(os.path.join(DIST, "onefile", "cardtable"), "bin/cardtable")
            archive.add(os.path.join(DIST, "share"), "share")
    return path


def smoke(executable):
    """Run the bundle's --smoke; exit with its output if it fails."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([executable, "--smoke"], capture_output=True, text=True,
                            timeout=600, env=env)
    print(result.stdout, end="")
    if result.returncode != 0:
        sys.exit(f"{executable} --smoke failed ({result.returncode}):\n{result.stderr}")


def network_mode():
    """The game the network check plays: of the games the app ships that two can play,
    the one with the fewest cards, so the game is short (4 downs)."""
    sys.path.insert(0, ROOT)
    from game import registry
    playable = [info for info in map(registry.GAMES.get, registry.SHIPPED)
                if info.min_players <= 2 <= info.max_players]
    return min(playable, key=lambda info: len(info.load_deck())).id


def network_game(executable):
    """The bundle hosts a game (`network_mode`) on 127.0.0.1 and plays it from two joined
    processes; exit unless all three end on the same final scores."""
    import tempfile
    code = "BUILD-CHECK-2345"
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, CARDTABLE_HOME=home)
        host = subprocess.Popen([executable, "host", network_mode(), "--seats", "remote,remote", "--port",
                                 "0", "--listen", "127.0.0.1", "--code", code], stdout=subprocess.PIPE,
                                text=True, env=env)
        try:
            port = host.stdout.readline().split(" port ")[1].split(",")[0]
            joins = [subprocess.Popen([executable, "join", f"127.0.0.1:{port}", "--code", code, "--bot",
                                       "easy", "--name", name], stdout=subprocess.PIPE, text=True, env=env)
                     for name in ("Maya", "Theo")]
            lines = [p.communicate(timeout=120)[0].splitlines()[-1:] for p in [host, *joins]]
        finally:
            host.kill()
    if not lines[0] or not lines[0][0].startswith("final scores:") or lines.count(lines[0]) != 3:
        sys.exit(f"{executable}: the networked game did not end the same for all: {lines}")
    print(f"network: a hosted game played by the bundle ended the same for all ({lines[0][0]})")


def start_time(executable, runs=3):
    """Seconds from launching the bundle to its first drawn menu frame (best of `runs`),
    unpacking of the one-file bundle included."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CARDTABLE_FIRST_FRAME_ONLY="1")
    best = None
    for _ in range(runs):
        launched = time.time()
        result = subprocess.run([executable], capture_output=True, text=True, timeout=120,
                                env=env)
        stamps = [line.split()[1] for line in result.stdout.splitlines()
                  if line.startswith("first-frame ")]
        if result.returncode != 0 or not stamps:
            sys.exit(f"{executable} did not draw its menu:\n{result.stdout}{result.stderr}")
        seconds = float(stamps[0]) - launched
        best = seconds if best is None else min(best, seconds)
    return best


def bench(executable):
    """Run the bundle's `bench` as a player types it; exit with its output if it fails or
    leaves out a figure README promises (the UI's figures need the bundle's own app)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([executable, "bench"], capture_output=True, text=True, timeout=900, env=env)
    promised = ("actions/s", "start to first menu frame: ", "full redraw: median", "animation frame: median",
                "autosave per move", "idle table CPU", "peak memory")
    missing = [words for words in promised if words not in result.stdout]
    if result.returncode != 0 or missing or "not measured" in result.stdout:
        sys.exit(f"{executable} bench failed ({result.returncode}; missing {missing}):\n"
                 f"{result.stdout}{result.stderr}")
    print("bench in the bundle: " + "; ".join(line for line in result.stdout.splitlines()
                                             if line.startswith(("start to first", "Final Card-Down, hand"))))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onefile-only", action="store_true",
                        help="build only the one-file bundle (what CI checks)")
    args = parser.parse_args(argv)
    draw_icons()
    modes = ("onefile",) if args.onefile_only else ("onefile", "onedir")
    for mode in modes:
        pyinstaller(mode)
    desktop_files()
    name = "cardtable.exe" if sys.platform == "win32" else "cardtable"
    onefile = os.path.join(DIST, "onefile", name)
    print(f"one-file bundle: {onefile}: {megabytes(onefile):.1f} MB")
    if megabytes(onefile) > MAX_BUNDLE_MB:
        sys.exit(f"the one-file bundle is over {MAX_BUNDLE_MB} MB")
    if "onedir" in modes:
        folder = os.path.join(DIST, "onedir", "cardtable")
        print(f"one-folder bundle: {folder}: {megabytes(folder):.1f} MB")
    smoke(onefile)
    network_game(onefile)
    bench(onefile)
    print(f"one-file bundle start: first menu frame {start_time(onefile):.2f} s after launch")
    if "onedir" in modes:
        archive = package()
        print(f"release archive: {archive}: {megabytes(archive):.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
