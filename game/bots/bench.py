"""Hard's search speed (`main.py bench --hard`): how many iterations (sampled worlds)
Hard gets through in one decision on one core at its one-core budget, and on all cores
at the app's default for them, on the same positions every run.

A search does as much as its budget allows, so its iterations are its strength at a
budget (at a fixed number of iterations and a seed, its choice is fixed, on any number
of cores): the ratio says whether the default budget on all cores searches at least as
much as one core did in a second, and the share (each core's iterations a second among
all, as a share of one core's alone) whether the share the default budget takes
(`hard.PARALLEL_SHARE`) holds. Each position is searched on one core and then on all
cores, so both see the machine as busy as the other; the figures are by the wall's clock
(the time a player waits), or with `cpu_clock` in CPU time (each worker's own on several
cores), which a busy machine slows less.
"""
import os
import random
import statistics
import time

from game import registry
from game.bots import make_bot, workers
from game.bots.base import action_key
from game.bots.hard import ONE_CORE_SECONDS, PARALLEL_SHARE, default_budget

POSITIONS = 10      # decisions timed per mode
SEED = 7            # the game Medium plays to find them


def table_size(game_id):
    """The players measured in `game_id`: its home's `bench_players` (those of issue #27's
    first profile: 2 to 4 seats), or the fewest it allows."""
    return registry.HOMES[game_id].bench_players or registry.game_info(game_id).min_players


def positions(game_id, players, count=POSITIONS, seed=SEED):
    """`count` (view, legal actions) pairs, spread evenly over a game that Medium plays
    against itself from `seed`: positions where the seat to move has a real choice."""
    state = registry.new_game(game_id, players=players, seed=seed)
    medium = make_bot("medium", game_id, options=state.options)
    rng = random.Random(seed)
    found = []
    while not state.is_over and len(state.history) < 3000:
        seat = state.current_player
        legal = state.legal_actions()
        view = state.view(seat)
        if len({action_key(a) for a in legal}) > 1:
            found.append((view, legal))
        state.apply(medium.choose(view, legal, rng))
    step = max(1, len(found) // count)
    return found[::step][:count]


def hard_speed(game_id, players, budgets, count=POSITIONS, clock="wall"):
    """{cores: mean iterations per decision} of Hard with `budgets` ({cores: seconds a
    decision}) on `positions(game_id, players, count)`, each position searched with
    every budget in turn."""
    spots = positions(game_id, players, count)
    bots = {cores: make_bot("hard", game_id, options=spots[0][0].options, time_budget=budget,
                            cores=cores, clock=clock)
            for cores, budget in budgets.items()}
    iterations = {cores: [] for cores in budgets}
    for view, legal in spots:
        for cores, hard in bots.items():
            hard.choose(view, legal, random.Random(3))
            iterations[cores].append(hard.last_stats["iterations"])
    return {cores: statistics.mean(found) for cores, found in iterations.items()}


def bench(seconds=ONE_CORE_SECONDS, count=POSITIONS, cpu_clock=False, out=print):
    """Print Hard's iterations per decision in every mode on one core at `seconds` and on
    all cores at the time the app gives them for it, with their ratio and each core's
    share: its iterations a second among all cores, as a share of one core's alone (what
    the default budget takes as PARALLEL_SHARE); returns {game id: (one core's
    iterations, all cores' iterations)}."""
    cores = workers.cores_here()
    shared = round(seconds * default_budget(cores) / ONE_CORE_SECONDS, 3)
    budgets = {1: seconds, cores: shared} if cores > 1 else {1: seconds}
    if cores > 1:
        workers.shared(cores)            # started before the first decision is timed
    clock = "cpu" if cpu_clock else "wall"
    out(f"Hard's iterations per decision, mean of {count} fixed positions per mode, by the "
        f"{'CPU' if cpu_clock else 'wall'} clock: one core at {seconds:g} s, and all "
        f"{cores} cores at {shared:g} s (the app's time for them)")
    out(f"load average before: {_load()}")
    out(f"{'game':<18} {'players':>7} {'1 core':>9} {f'{cores} cores':>9} {'ratio':>6} "
        f"{'share':>6}")
    figures = {}
    start = time.perf_counter()
    for game_id in registry.GAMES:
        players = table_size(game_id)
        found = hard_speed(game_id, players, budgets, count, clock)
        one, every = found[1], found[cores]
        figures[game_id] = (one, every)
        share = (every / (cores * shared)) / (one / seconds)
        out(f"{game_id:<18} {players:>7} {one:>9.1f} {every:>9.1f} {every / one:>6.2f} "
            f"{share:>6.2f}")
    out(f"load average after: {_load()} ({time.perf_counter() - start:.0f} s)")
    out(f"share: each core's iterations a second among all {cores}, as a share of one "
        f"core's alone (the default budget takes {PARALLEL_SHARE:.2f})")
    return figures


def _load():
    """The machine's load average over 1, 5 and 15 minutes, in words."""
    try:
        return ", ".join(f"{value:.2f}" for value in os.getloadavg())
    except (AttributeError, OSError):   # none on this system
        return "unknown"
