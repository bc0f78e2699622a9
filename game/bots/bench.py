"""Hard's search speed (`main.py bench --hard`): how many iterations (sampled worlds) and
playouts Hard gets through in one decision, on the same positions every run.

A search does as much as its budget allows, so its speed is its strength at a budget:
these figures compare one engine or policy change with another (paired: the positions
and the seeds are fixed). The budget is in CPU time of this thread, so a busy machine
slows the figures less than it slows the wall clock.
"""
import random
import statistics
import time

from game import registry
from game.bots import make_bot
from game.bots.base import action_key

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


def hard_speed(game_id, players, budget=0.25, count=POSITIONS):
    """(mean iterations, mean playouts) per decision of Hard with `budget` seconds of
    CPU time, on `positions(game_id, players, count)`."""
    spots = positions(game_id, players, count)
    hard = make_bot("hard", game_id, options=spots[0][0].options, time_budget=budget,
                    clock="cpu")
    iterations, playouts = [], []
    for view, legal in spots:
        hard.choose(view, legal, random.Random(3))
        stats = hard.last_stats
        iterations.append(stats["iterations"])
        playouts.append(sum(n for n, _ in stats["means"].values()))
    return statistics.mean(iterations), statistics.mean(playouts)


def bench(budget=0.25, count=POSITIONS, out=print):
    """Print Hard's iterations and playouts per decision in every mode; returns
    {game id: (iterations, playouts)}."""
    out(f"Hard at {budget:g} s of CPU time a decision, mean of {count} fixed positions per mode")
    out(f"{'game':<18} {'players':>7} {'iterations':>11} {'playouts':>9}")
    figures = {}
    start = time.thread_time()
    for game_id in registry.GAMES:
        players = table_size(game_id)
        figures[game_id] = its, plays = hard_speed(game_id, players, budget, count)
        out(f"{game_id:<18} {players:>7} {its:>11.1f} {plays:>9.1f}")
    out(f"({time.thread_time() - start:.0f} s of CPU time)")
    return figures
