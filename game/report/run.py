"""Playing the report's games: seeds, configurations, chunks, local cores, shards, Dask.

Every game's seed is derived from the run seed and the game's index alone
(`game_seed`), and its moves from a generator seeded with it, so a game's row is the
same whichever process, worker count, shard or machine plays it. Work is cut into
chunks of consecutive games; chunks go to one process, to a `ProcessPoolExecutor` over
the local cores, or to a Dask distributed cluster (`--cluster`), and their rows are put
back in (configuration, index) order.
"""
import hashlib
import itertools
import math
import random
import sys
import time
from collections import Counter

import game
from game.measures import hands, measure, measures_for, starting_features
from game.report import MissingExtra, ReportError

LEVELS = ("random", "easy", "medium", "hard")
MAX_ACTIONS = 100_000    # the report's own safeguard: a game still going after this stalls
HARD_ITERATIONS = 32     # Hard searches a fixed number of iterations, so runs repeat exactly
CHUNK = 250              # at most this many games per chunk of work


def game_seed(run_seed, index):
    """The seed of game `index` of a run seeded `run_seed` (a number below 2**31)."""
    digest = hashlib.sha256(f"cardtable-report:{run_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def fuzz_setup(info, seed):
    """A random player count and option mapping for the fuzzing game seeded `seed`."""
    rng = random.Random(seed ^ 0x5EED)
    count_option = info.player_option
    players = rng.randint(info.min_players, info.max_players)
    options = {}
    for option in info.options:
        options[option.id] = players if option.id == count_option else rng.choice(option.values)
    return players, options


def shard_range(games, shard):
    """The game indices of shard (i, n), 1-based: the i-th of n contiguous slices."""
    i, n = shard
    return range((i - 1) * games // n, i * games // n)


def _chooser(game_id, levels, options, rng):
    """choose(state) for seats played at `levels` ("random" or a bot level)."""
    from game.bots import make_bot
    bots = [None if level == "random" else
            make_bot(level, game_id, options=options,
                     **({"iterations": HARD_ITERATIONS} if level == "hard" else {}))
            for level in levels]

    def choose(state, legal):
        bot = bots[state.current_player]
        if bot is None:
            return rng.choice(legal)
        return bot.choose(state.view(state.current_player), legal, rng)
    return choose


def play_game(game_id, players, levels, options, seed, out=None):
    """Play one game and return its row (a JSON-safe dict). `out(seat, action)` is told
    every move (for --replay)."""
    declared = measures_for(game_id)
    state = game.new_game(game_id, players=players, seed=seed, options=options)
    dealt = starting_features(game_id, state)
    choose = _chooser(game_id, levels, state.options, random.Random(seed))
    seat_actions = [Counter() for _ in range(players)]
    actions = turns = 0
    last = first = None
    curve, seen = [], 0
    end, error = None, None
    try:
        while not state.is_over:
            if actions >= MAX_ACTIONS:
                end = ("stall", f"still going after {MAX_ACTIONS:,} actions")
                break
            legal = state.legal_actions()
            if not legal:
                end = error = ("contract", "no legal action while the game is not over")
                break
            seat = state.current_player
            if seat != last:
                turns += 1
                last = seat
            action = choose(state, legal)
            if first is None and (declared.first_kinds is None
                                  or action.kind in declared.first_kinds):
                first = seat
            seat_actions[seat][action.kind] += 1
            if out:
                out(seat, action)
            state.apply(action)
            actions += 1
            if declared.curve_events:
                if any(e.kind in declared.curve_events for e in state.events[seen:]):
                    curve.append(list(state.scores()))
                seen = len(state.events)
    except Exception as exc:   # any exception breaks the rules API's contract: report it
        end = error = ("contract", f"{type(exc).__name__}: {exc}")
    per_seat, numbers, tallies, ending, reached = measure(game_id, state, seat_actions)
    winners = list(state.winners()) if state.is_over else []
    if end is None:
        if ending:
            end = ending
        elif len(winners) == 1:
            end = ("winner", "a winner")
        elif winners:
            end = ("shared", "a shared win")
        else:
            end = ("no_winner", "no winner")
    return {"seed": seed, "players": players, "levels": list(levels),
            "options": dict(state.options), "winners": winners,
            "scores": list(state.scores()), "first": first, "end": end[0],
            "end_words": end[1], "error": error[1] if error else None,
            "safeguards": reached, "turns": turns, "actions": actions,
            "hands": hands(game_id, state), "curve": curve,
            "seat": per_seat, "dealt": dealt, "game": numbers, "tallies": tallies}


def play_chunk(job):
    """Play one chunk of work: (game id, configuration index, players, levels, options
    or None to fuzz, [(index, seed)]) -> rows in index order."""
    game_id, config, players, levels, options, games = job
    info = game.game_info(game_id)
    rows = []
    for index, seed in games:
        if options is None:
            k, chosen = fuzz_setup(info, seed)
            row = play_game(game_id, k, levels * k, chosen, seed)
        else:
            row = play_game(game_id, players, levels, options, seed)
        row["index"] = index
        row["config"] = config
        rows.append(row)
    return rows


def jobs_for(spec, configs, workers):
    """The chunks of work of a run, in (configuration, index) order."""
    indices = shard_range(spec["games"], spec["shard"])
    total = len(indices) * len(configs)
    size = max(1, min(CHUNK, math.ceil(total / max(1, 4 * workers))))
    jobs = []
    for number, config in enumerate(configs):
        seeds = [(i, game_seed(spec["seed"], i)) for i in indices]
        for start in range(0, len(seeds), size):
            jobs.append((spec["game"], number, config["players"], config["levels"],
                         config["options"], seeds[start:start + size]))
    return jobs


class Progress:
    """A progress bar with the time left, on stderr: redrawn in place on a terminal,
    a line every 10% otherwise; silent for the first half second."""

    def __init__(self, total, label="report", stream=None):
        self.total = total
        self.label = label
        self.stream = stream or sys.stderr
        self.start = time.perf_counter()
        self.tenth = 0

    def update(self, done):
        """Show that `done` of the total games are played."""
        elapsed = time.perf_counter() - self.start
        if elapsed < 0.5 or not self.total:
            return
        left = elapsed * (self.total - done) / done if done else 0.0
        text = f"{self.label} {done}/{self.total} games, {_clock(elapsed)} so far, {_clock(left)} left"
        if self.stream.isatty():
            filled = 30 * done // self.total
            end = "\n" if done == self.total else ""
            self.stream.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {text}  {end}")
        elif 10 * done // self.total > self.tenth:
            self.tenth = 10 * done // self.total
            self.stream.write(text + "\n")
        self.stream.flush()


def _clock(seconds):
    seconds = int(round(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"


def run_jobs(jobs, workers=1, cluster=None, progress=None):
    """Every job's rows, in job order: in this process (workers 1), over `workers` local
    processes, or on the Dask scheduler at `cluster`."""
    if cluster:
        results = _on_cluster(jobs, cluster)
    elif workers > 1 and len(jobs) > 1:
        results = _on_cores(jobs, workers)
    else:
        results = map(play_chunk, jobs)
    rows = []
    for chunk in results:
        rows.extend(chunk)
        if progress:
            progress.update(len(rows))
    return rows


def _on_cores(jobs, workers):
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(min(workers, len(jobs))) as pool:
        yield from pool.map(play_chunk, jobs)


def _on_cluster(jobs, address):
    try:
        from dask.distributed import Client
    except ImportError:
        raise MissingExtra("dask[distributed]") from None
    try:
        client = Client(address, timeout=10)
    except (OSError, TimeoutError, ValueError) as error:
        raise ReportError(f"cannot reach the Dask scheduler at {address!r}: {error}") from None
    with client:
        futures = client.map(play_chunk, jobs, pure=False)
        for future in futures:
            yield future.result()


def configurations(spec):
    """The run's configurations: every player count crossed with every combination of
    the swept option values, each {players, levels, options, label}; one fuzzing entry
    (options None) for --fuzz-options."""
    info = game.game_info(spec["game"])
    if spec["fuzz"]:
        return [{"players": None, "levels": [spec["bots"][0]], "options": None,
                 "label": "random options and player counts"}]
    keys = [key for key, _ in spec["sweep"]]
    configs = []
    for players in spec["players"]:
        for values in itertools.product(*[vals for _, vals in spec["sweep"]]):
            chosen = dict(spec["options"], **dict(zip(keys, values)))
            k, options = game.resolve_options(info, players, chosen)
            levels = spec["bots"] if len(spec["bots"]) > 1 else spec["bots"] * k
            words = [f"{k} players"] if len(spec["players"]) > 1 else []
            words += [f"{key}={value}" for key, value in zip(keys, values)]
            configs.append({"players": k, "levels": list(levels), "options": options,
                            "label": ", ".join(words) or f"{k} players"})
    return configs


def play(spec, workers=1, cluster=None, progress=True):
    """Play a run described by `spec`; (configurations, rows in order, seconds)."""
    configs = configurations(spec)
    jobs = jobs_for(spec, configs, workers)
    total = sum(len(job[5]) for job in jobs)
    start = time.perf_counter()
    rows = run_jobs(jobs, workers, cluster, Progress(total) if progress else None)
    return configs, rows, time.perf_counter() - start
