"""Play the same seeded games in the bundle and in the source, and compare them:
`python build/compare.py [BUNDLE]` (default: the one-file bundle).

For every registered mode: 12 games of Medium players, and one game of a Hard player
(a fixed number of search iterations a move, so it repeats exactly, searched on
HARD_CORES worker processes: the bundle's own, started as the app starts them) against
Medium players, at the fewest seats the mode allows (with the house rules its home
names, as Final Count's Hit Goal). Both sides print `simulate`'s report (which names the
cores); every line but the speed must be the same. Exit 0 when all are; 1 with the
differences otherwise. The bundle and the source play side by side, two commands at a
time.
"""
import argparse
import difflib
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BUNDLE = os.path.join(HERE, "dist", "onefile", "cardtable.exe" if sys.platform == "win32" else "cardtable")
SEED = 4
MEDIUM_GAMES = 12
HARD_ITERATIONS = 6     # MIN_PAIRS: the fewest with which the search may overrule Medium
HARD_CORES = 2          # the search's worker processes (the same games as on one core)
TIMEOUT = 600


def hard_options(home):
    """The house rules of a mode's Hard game, as simulate's arguments: its home's
    `compare_options` (a shorter game keeps CI's time reasonable)."""
    return [word for key, value in home.compare_options for word in ("--option", f"{key}={value}")]


def cases():
    """(what, simulate's arguments) for every registered mode."""
    sys.path.insert(0, ROOT)
    from game import registry
    out = []
    for game_id, info in registry.GAMES.items():
        seats = info.min_players
        out.append((f"{game_id}, medium", [game_id, "--games", str(MEDIUM_GAMES), "--seed", str(SEED),
                                           "--bots", "medium"]))
        out.append((f"{game_id}, hard", [game_id, "--games", "1", "--seed", str(SEED),
                                         "--players", str(seats),
                                         "--bots", ",".join(["hard"] + ["medium"] * (seats - 1)),
                                         "--iterations", str(HARD_ITERATIONS),
                                         "--cores", str(HARD_CORES),
                                         *hard_options(registry.HOMES[game_id])]))
    return out


def report_lines(text):
    """A report's lines without the speed (which differs from run to run)."""
    return [line for line in text.splitlines() if not line.startswith("speed:")]


def compare(bundle, out=print):
    """Run every case in both; returns the number of cases that differ (or failed)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    bad = 0
    for what, arguments in cases():
        started = time.perf_counter()
        commands = {"bundle": [bundle, "simulate", *arguments],
                    "source": [sys.executable, os.path.join(ROOT, "main.py"), "simulate", *arguments]}
        running = {side: subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                          text=True, env=env, cwd=ROOT)
                   for side, command in commands.items()}
        results = {}
        for side, process in running.items():
            stdout, stderr = process.communicate(timeout=TIMEOUT)
            if process.returncode != 0:
                results[side] = [f"(exit {process.returncode}) {stderr.strip()}"]
            else:
                results[side] = report_lines(stdout)
        if results["bundle"] == results["source"]:
            out(f"same: {what} ({time.perf_counter() - started:.1f} s): {results['source'][-1]}")
            continue
        bad += 1
        out(f"DIFFERENT: {what} (simulate {' '.join(arguments)})")
        for line in difflib.unified_diff(results["source"], results["bundle"], "source", "bundle",
                                         lineterm=""):
            out("  " + line)
    return bad


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bundle", nargs="?", default=BUNDLE, help="the bundle's executable")
    args = parser.parse_args(argv)
    if not os.path.isfile(args.bundle):
        sys.exit(f"compare.py: {args.bundle}: no such bundle (build it with build/build.py)")
    bad = compare(args.bundle)
    if bad:
        print(f"the bundle and the source played {bad} of their seeded runs differently")
        return 1
    print("the bundle plays every seeded game as the source does")
    return 0


if __name__ == "__main__":
    sys.exit(main())
