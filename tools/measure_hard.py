"""Issue #27's measurement of Hard at a short budget, every mode, resumable.

    python3 tools/measure_hard.py FOLDER [--games 200] [--budget 0.25] [--against 1.0]
                                         [--modes GAME,GAME] [--seed 2700] [--workers N]

For each mode, two tournaments on the CPU clock (`main.py tournament --cpu-clock`), each
keeping its games in FOLDER (`--results`), so the same command goes on where a stopped
run ended. Hard searches on `--workers` processes (every core by default), the app's
search started once for the whole run: each worker has the budget in its own CPU time.
- Hard at the budget against Medium (one Medium in 2-player modes, two in the others);
- Hard at the budget against Hard at the longer one (with one Medium in modes of 3).
Then one table: Hard's and Medium's win rates (Medium per seat) with 95% intervals and
whether they separate; the short Hard's share of the two Hards' wins, and whether it is
within 5 points of even; Hard's decision time p99 against the budget plus 10%.

A full run is long: about games x (Hard's decisions a game) x (the budgets) seconds of
CPU per mode; Final Count's 256 decisions a game make it the longest.
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from game import registry  # noqa: E402
from game.arguments import workers  # noqa: E402
from game.bots.workers import cores_here  # noqa: E402
from game.tournament import run_tournament  # noqa: E402
from game.report.stats import wilson  # noqa: E402

def players(mode):
    """The table measured in `mode`: its home's `measure_players`, or the fewest it allows."""
    return registry.HOMES[mode].measure_players or registry.game_info(mode).min_players


def seats(mode, first, second):
    """The seat entries of one comparison: `first`, `second`, and Medium to fill 3."""
    return ",".join([first, second] + ["medium"] * (players(mode) - 2))


def measure(folder, mode, games, budget, against, seed, workers, out):
    """The two tournaments of `mode`; (Hard against Medium, Hard against Hard) results."""
    short, long = f"hard@{budget}", f"hard@{against}"
    runs = []
    for name, entries in (("medium", seats(mode, short, "medium")),
                          ("hard", seats(mode, short, long))):
        runs.append(run_tournament(
            mode, games, entries, seed=seed, out=out, workers=workers,
            settings={"hard": {"clock": "cpu"}},
            results=os.path.join(folder, f"{mode}-{short}-vs-{name}"
                                         f"{'' if name == 'medium' else '@' + str(against)}.jsonl")))
    return runs


def verdicts(mode, budget, against, versus_medium, versus_hard):
    """One row of the table, in words."""
    short, long = f"hard@{budget}", f"hard@{against}"
    hard, medium = versus_medium[short], versus_medium["medium"]
    separated = hard["ci"][0] > medium["ci"][1]
    a, b = versus_hard[short]["wins"], versus_hard[long]["wins"]
    low, high = wilson(a, a + b) if a + b else (0.0, 1.0)
    share = a / (a + b) if a + b else 0.5
    slowest = max(versus_medium[short]["p99_time"], versus_hard[short]["p99_time"])
    return (f"{registry.game_info(mode).title:<34} {versus_medium['games']:>5} "
            f"{hard['win_rate']:>6.1%} ({hard['ci'][0]:.1%}-{hard['ci'][1]:.1%}) "
            f"{medium['win_rate']:>6.1%} ({medium['ci'][0]:.1%}-{medium['ci'][1]:.1%}) "
            f"{'yes' if separated else 'no':>4} | {versus_hard['games']:>5} {share:>6.1%} "
            f"({low:.1%}-{high:.1%}) {'yes' if abs(share - 0.5) <= 0.05 else 'no':>4} | "
            f"{slowest:.3f} s {'yes' if slowest <= budget * 1.1 else 'no':>4}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--budget", type=float, default=0.25)
    parser.add_argument("--against", type=float, default=1.0)
    parser.add_argument("--modes", default=",".join(registry.SHIPPED))
    parser.add_argument("--seed", type=int, default=2700)
    parser.add_argument("--workers", type=workers, default=cores_here())
    args = parser.parse_args(argv)
    modes = [m.strip() for m in args.modes.split(",")]
    unknown = [m for m in modes if m not in registry.SHIPPED]
    if unknown:
        parser.error(f"unknown mode {unknown[0]!r}; modes: {', '.join(registry.SHIPPED)}")
    os.makedirs(args.folder, exist_ok=True)
    rows = []
    for mode in modes:
        runs = measure(args.folder, mode, args.games, args.budget, args.against, args.seed,
                       args.workers, print)
        rows.append(verdicts(mode, args.budget, args.against, *runs))
    print(f"\nHard at {args.budget} s of CPU against Medium, and against Hard at "
          f"{args.against} s (seed {args.seed}):")
    print(f"{'mode':<34} {'games':>5} {'Hard (95% CI)':>22} {'Medium per seat':>22} "
          f"{'sep':>4} | {'games':>5} {'short Hard share':>22} {'±5':>4} | "
          f"{'p99':>7} {'≤+10%':>4}")
    for row in rows:
        print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
