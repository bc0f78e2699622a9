"""Simulated games for players and designers: many games, aggregate figures.

`simulate()` plays games with random legal moves (or a chooser such as a computer
player) and returns per-seat wins and scores, game lengths and speed; `report()` turns
that into the text the `simulate` command prints.
"""
import random
import statistics
import sys
import time
from typing import NamedTuple

from game import registry
class Progress:
    """A one-line progress bar on stderr for long runs (silent for short ones and when
    stderr is not a terminal, where it prints a line every 10%)."""

    def __init__(self, total, label, stream=None, delay=0.5):
        self.total = total
        self.label = label
        self.stream = stream or sys.stderr
        self.start = time.perf_counter()
        self.delay = delay
        self.last = 0.0
        self.last_tenth = 0
        self.shown = False

    def update(self, done):
        now = time.perf_counter()
        if now - self.start < self.delay or (now - self.last < 0.1 and done < self.total):
            return
        self.last = now
        self.shown = True
        if self.stream.isatty():
            width = 30
            filled = width * done // self.total
            self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] "
                              f"{done}/{self.total}")
            if done == self.total:
                self.stream.write("\n")
        else:
            tenth = 10 * done // self.total
            if tenth > self.last_tenth:
                self.last_tenth = tenth
                self.stream.write(f"{self.label}: {done}/{self.total}\n")
        self.stream.flush()


class Report(NamedTuple):
    game_id: str
    games: int
    players: int
    wins: list          # per seat
    no_winner: int
    score_sums: list    # per seat
    actions: int
    turns: int
    seconds: float


def random_chooser(rng):
    """A chooser that picks uniformly among the legal actions."""
    def choose(state):
        return rng.choice(state.legal_actions())
    return choose


def play_one(state, choose):
    """Play `state` to the end with `choose(state) -> action`; (actions, turns)."""
    actions = turns = 0
    last = None
    while not state.is_over:
        seat = state.current_player
        if seat != last:
            turns += 1
            last = seat
        state.apply(choose(state))
        actions += 1
    return actions, turns


def simulate(game_id, games, seed=0, players=None, options=None, make_chooser=None,
             progress=None):
    """Play `games` games from seeds seed, seed+1, ...; return a Report.

    `make_chooser(rng)` returns the move chooser (random legal moves by default)."""
    make_chooser = make_chooser or random_chooser
    first = registry.new_game(game_id, players=players, seed=seed, options=options)
    n = first.players
    wins = [0] * n
    sums = [0] * n
    no_winner = total_actions = total_turns = 0
    start = time.perf_counter()
    for i in range(games):
        state = first if i == 0 else registry.new_game(game_id, players=n, seed=seed + i,
                                                   options=options)
        actions, turns = play_one(state, make_chooser(random.Random(seed + i)))
        total_actions += actions
        total_turns += turns
        winners = state.winners()
        for seat in winners:
            wins[seat] += 1
        no_winner += not winners
        for seat, score in enumerate(state.scores()):
            sums[seat] += score
        if progress:
            progress.update(i + 1)
    return Report(game_id, games, n, wins, no_winner, sums, total_actions, total_turns,
                  time.perf_counter() - start)


def report(result, label="random legal moves"):
    """The text of a simulation report."""
    info = registry.GAMES[result.game_id]
    g = result.games
    lines = [f"{info.title}: {_count(g, 'game')}, {result.players} players, {label}",
             f"{'':<7} {'wins':>8} {'win %':>7} {'mean score':>11}"]
    for seat in range(result.players):
        lines.append(f"{f'Seat {seat + 1}':<7} {result.wins[seat]:>8} "
                     f"{100 * result.wins[seat] / g:>6.1f}% {result.score_sums[seat] / g:>11.1f}")
    lines.append(f"scores: {'lower' if info.lower_is_better else 'higher'} is better in {info.title}")
    if result.no_winner:
        lines.append(f"no winner: {_count(result.no_winner, 'game')} "
                     f"({100 * result.no_winner / g:.1f}%)")
    lines.append(f"length: {result.turns / g:.1f} turns, {result.actions / g:.1f} actions a game")
    lines.append(f"speed: {g / result.seconds:.1f} games/s, "
                 f"{result.actions / result.seconds:,.0f} actions/s")
    return "\n".join(lines)


def _count(n, noun):
    """'1 game', '2 games'."""
    return f"{n:,} {noun}" + ("" if n == 1 else "s")


RLCARD_SETUP = ("python3 -m venv /tmp/rlcard-venv --system-site-packages && "
                "/tmp/rlcard-venv/bin/pip install rlcard==1.2.0")
RLCARD_MISSING = ("RLCard is not installed. Install it apart, never into the app's own "
                  f"environment: {RLCARD_SETUP}, then run /tmp/rlcard-venv/bin/python main.py "
                  "bench --against-rlcard")
UNO = "rlcard uno"


def playout_speed(game_id, seconds, seed=1):
    """(games, actions) per second of this thread's CPU time, playing random legal moves
    in `game_id` for about `seconds` of it, as Hard's playouts play them: legal actions
    listed and one of them applied unchecked per step (`apply_listed`), by a state that
    logs no events (nobody reads a playout's); new games dealt as needed, the deal
    counted. RLCard's `step`, measured beside it, neither checks a move nor logs one."""
    rng = random.Random(seed)
    games = actions = 0
    start = time.thread_time()
    while time.thread_time() - start < seconds:
        state = registry.new_game(game_id, seed=seed + games, events=False)
        while not state.is_over:
            state.apply_listed(rng.choice(state.legal_actions()))
            actions += 1
        games += 1
    elapsed = time.thread_time() - start
    return games / elapsed, actions / elapsed


def uno_speed(seconds, seed=1):
    """`playout_speed` for RLCard's raw Uno engine (`UnoGame(num_players=2)`, random
    legal moves, `step` as RLCard plays it); ImportError without RLCard."""
    import numpy
    from rlcard.games.uno.game import UnoGame
    uno = UnoGame(num_players=2)
    uno.np_random = numpy.random.RandomState(seed)
    rng = random.Random(seed)
    games = actions = 0
    start = time.thread_time()
    while time.thread_time() - start < seconds:
        uno.init_game()
        while not uno.is_over():
            uno.step(rng.choice(uno.get_legal_actions()))
            actions += 1
        games += 1
    elapsed = time.thread_time() - start
    return games / elapsed, actions / elapsed


def rlcard_version():
    """The installed RLCard's version, or None when it is not installed."""
    try:
        import rlcard
    except ImportError:
        return None
    return rlcard.__version__


def bench(seconds=2.0, out=print, rounds=1, against_rlcard=False):
    """Print random-playout speed per registered game (`playout_speed`), the median of
    `rounds` rounds that take every game in turn; with `against_rlcard`, RLCard's Uno
    is measured in each round too and every game's speed is also given as a ratio to
    it. Returns {name: (games/s, actions/s)}."""
    names = ([UNO] if against_rlcard else []) + list(registry.GAMES)
    samples = {name: [] for name in names}
    for _ in range(rounds):
        for name in names:
            measure = uno_speed if name == UNO else lambda s, g=name: playout_speed(g, s)
            samples[name].append(measure(seconds))
    speeds = {name: (statistics.median(g for g, _ in runs), statistics.median(a for _, a in runs))
              for name, runs in samples.items()}
    what = f"median of {rounds} interleaved rounds of {seconds:g} s" if rounds > 1 \
        else f"{seconds:g} s each"
    out(f"actions per second of CPU time, {what}")
    title = f"{UNO} {rlcard_version()}" if against_rlcard else None
    out(f"{'game':<18} {'games/s':>9} {'actions/s':>11}" + ("  vs Uno" if against_rlcard else ""))
    for name in names:
        games_s, actions_s = speeds[name]
        label = title if name == UNO else name
        ratio = f"  {actions_s / speeds[UNO][1]:>5.2f}x" if against_rlcard else ""
        out(f"{label:<18} {games_s:>9.1f} {actions_s:>11,.0f}{ratio}")
    return speeds
