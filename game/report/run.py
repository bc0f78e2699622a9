"""Playing the report's games: seeds, configurations, chunks, local cores, shards, Dask.

Every game's seed is derived from the run seed and the game's index alone
(`game_seed`), and its moves from a generator seeded with it, so a game's row is the
same whichever process, worker count, shard or machine plays it. Work is cut into
chunks of consecutive games (a chunk computes its own seeds, so a run of any size starts
at once); chunks go to this process, to a pool over the local cores, or to a Dask
cluster (`game.report.cluster`). Each finished chunk is handed to a store as it
completes (`game.report.store`), so a stopped run loses at most the chunks under way,
and rows are put back in (configuration, index) order at the end.

The first games are played here before the others, to time the run (`Estimate`): a run
expected to last more than a minute says how long first (a slow first game, as Hard
plays, is timed by its first moves), and chunks are sized to take about CHUNK_SECONDS at
most.
"""
import hashlib
import itertools
import math
import random
import signal
import sys
import time
from collections import Counter
from typing import NamedTuple

from game import registry
from game.report.exercise import Watch
from game.report.measures import hands, measure, measures_for
from game.report.words import count, option_words

LEVELS = ("random", "easy", "medium", "hard")
MAX_ACTIONS = 100_000    # the report's own safeguard: a game still going after this stalls
HARD_ITERATIONS = 32     # Hard searches a fixed number of iterations, so runs repeat exactly
CHUNK = 100              # at most this many games per chunk of work
CHUNK_SECONDS = 10       # and, once a game is timed, about this many seconds of play
PILOT_SECONDS = 0.25     # the first games are played here for at least this long, to time it
ESTIMATE_FROM = 60       # a run expected to last longer than this many seconds says so first
EARLY_SECONDS = 3        # a first game still going after this long is timed by its moves
CHECK_GAMES = 200        # where random movers play, Medium plays this many per configuration


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


def make_player(game_id, level, options):
    """The computer player of `level` for `game_id` with `options` (None for random
    legal moves); Hard searches HARD_ITERATIONS a move."""
    from game.bots import make_bot
    if level == "random":
        return None
    return make_bot(level, game_id, options=options,
                    **({"iterations": HARD_ITERATIONS} if level == "hard" else {}))


def _chooser(game_id, levels, options, rng):
    """choose(state) for seats played at `levels` ("random" or a bot level)."""
    bots = [make_player(game_id, level, options) for level in levels]

    def choose(state, legal):
        bot = bots[state.current_player]
        if bot is None:
            return rng.choice(legal)
        return bot.choose(state.view(state.current_player), legal, rng)
    return choose


def _held(state, seat):
    """The ranks of the cards `seat` sees in its own zones, sorted."""
    return sorted({card.rank for zone in state.view(seat).zones if zone.owner == seat
                   for card in zone.cards if card is not None})


def places(declared, state, lower_is_better):
    """(place per seat, 1 first, and whether the game ranked every seat itself): the
    game's own finishing order where it declares one, else by the final scores, seats
    level sharing the better place."""
    order = declared.places(state) if declared.places and state.is_over else None
    if order:
        return [order.index(seat) + 1 for seat in range(state.players)], True
    scores = state.scores()
    better = (lambda a, b: a < b) if lower_is_better else (lambda a, b: a > b)
    return [1 + sum(better(other, mine) for other in scores) for mine in scores], False


def play_game(game_id, players, levels, options, seed, out=None):
    """Play one game and return its row (a JSON-safe dict). `out(seat, action, state,
    since)` is told every move once it is made (`since`: the index of its first event in
    `state.events`; for --replay).

    `dealt` holds the ranks each seat saw in its own zones at the deal (or, for a seat
    that saw none there, at its first choice with cards of its own in sight); `curve`
    the scores after each step of the game's curve, and `curve_steps` the step's name
    where the game gives one; `places` each seat's place (`ranked`: by the game's own
    finishing order, not the scores); `rules_moves` and `rules_play` the house rules whose other
    values would have changed the moves on offer, or the play (`game.report.exercise`)."""
    declared = measures_for(game_id)
    state = registry.new_game(game_id, players=players, seed=seed, options=options)
    dealt = [_held(state, seat) for seat in range(players)]
    unseen = {seat for seat in range(players) if not dealt[seat]}
    rng = random.Random(seed)
    choose = _chooser(game_id, levels, state.options, rng)
    watch = Watch(game_id, state, levels, seed,
                  lambda level, chosen: make_player(game_id, level, chosen))
    seat_actions = [Counter() for _ in range(players)]
    actions = turns = 0
    last = first = None
    curve, steps, seen = [], [], 0
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
            if seat in unseen:
                dealt[seat] = _held(state, seat)
                if dealt[seat]:
                    unseen.discard(seat)
            if seat != last:
                turns += 1
                last = seat
            watch.before(state, legal, rng)
            action = choose(state, legal)
            if first is None and (declared.first_kinds is None
                                  or action.kind in declared.first_kinds):
                first = seat
            seat_actions[seat][action.kind] += 1
            since = len(state.events)
            state.apply(action)
            watch.after(state, action)
            if out:
                out(seat, action, state, since)
            actions += 1
            if declared.curve_events:
                marks = [e for e in state.events[seen:] if e.kind in declared.curve_events]
                if marks:
                    curve.append(list(state.scores()))
                    steps.append(declared.curve_step(marks[-1].detail)
                                 if declared.curve_step else None)
                seen = len(state.events)
    except Exception as exc:   # any exception breaks the rules API's contract: report it
        end = error = ("contract", f"{type(exc).__name__}: {exc}")
    per_seat, numbers, tallies, ending, reached = measure(game_id, state, seat_actions)
    winners = list(state.winners()) if state.is_over else []
    place, ranked = places(declared, state, state.info.lower_is_better)
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
            "hands": hands(game_id, state), "curve": curve, "curve_steps": steps,
            "rules_moves": watch.changed()[0], "rules_play": watch.changed()[1],
            "places": place, "ranked": ranked,
            "seat": per_seat, "dealt": dealt, "game": numbers, "tallies": tallies}


def play_chunk(job):
    """Play one chunk of work: (game id, configuration index, players, levels, options
    or None to fuzz, run seed, first index, end index) -> {config, start, stop, seconds,
    rows in index order}."""
    _, config, *_, start, stop = job
    began = time.perf_counter()
    rows = [play_index(job, index) for index in range(start, stop)]
    return {"config": config, "start": start, "stop": stop,
            "seconds": time.perf_counter() - began, "rows": rows}


def play_index(job, index, out=None, level=None):
    """The row of game `index` of `job` (its seed from the run seed); `out` as in
    `play_game`; `level` plays every seat instead of the job's levels (random play, to
    count a game's moves quickly)."""
    game_id, config, players, levels, options, run_seed, *_ = job
    seed = game_seed(run_seed, index)
    if options is None:
        players, options = fuzz_setup(registry.game_info(game_id), seed)
        levels = levels * players
    row = play_game(game_id, players, [level] * players if level else levels, options, seed,
                    out=out)
    row["index"] = index
    row["config"] = config
    return row


def missing(indices, done):
    """The ranges of `indices` (a range) not covered by the (start, stop) pairs `done`."""
    gaps, at = [], indices.start
    for start, stop in sorted(done):
        if start > at:
            gaps.append(range(at, min(start, indices.stop)))
        at = max(at, stop)
    if at < indices.stop:
        gaps.append(range(at, indices.stop))
    return [gap for gap in gaps if gap]


def chunk_size(games, parallel, per_game=None):
    """Games per chunk: enough chunks to keep `parallel` workers busy (four each), at most
    CHUNK games and, once a game is timed at `per_game` seconds, about CHUNK_SECONDS."""
    size = min(CHUNK, math.ceil(games / max(1, 4 * parallel)))
    if per_game:
        size = min(size, int(CHUNK_SECONDS / per_game))
    return max(1, size)


def jobs_for(spec, configs, done, size):
    """The chunks of work a run still needs, in (configuration, index) order, skipping
    the (start, stop) ranges `done[configuration]`; a generator, so any size is cheap."""
    for number, config in enumerate(configs):
        indices = shard_range(config["games"], spec["shard"])
        for gap in missing(indices, done.get(number, ())):
            for start in range(gap.start, gap.stop, size):
                yield (spec["game"], number, config["players"], config["levels"],
                       config["options"], spec["seed"], start, min(start + size, gap.stop))


class Progress:
    """A progress bar with the time left, on stderr: redrawn in place on a terminal,
    a line every 10% otherwise; silent for the first half second."""

    def __init__(self, total, done=0, label="report", stream=None):
        self.total = total
        self.first = done
        self.label = label
        self.stream = stream or sys.stderr
        self.start = time.perf_counter()
        self.tenth = 10 * done // total if total else 0

    def update(self, done):
        """Show that `done` of the total games are played."""
        elapsed = time.perf_counter() - self.start
        if elapsed < 0.5 or not self.total:
            return
        now = done - self.first
        left = elapsed * (self.total - done) / now if now else 0.0
        text = (f"{self.label} {done:,}/{self.total:,} games, {clock(elapsed)} so far, "
                f"{clock(left)} left")
        if self.stream.isatty():
            filled = 30 * done // self.total
            end = "\n" if done == self.total else ""
            self.stream.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {text}  {end}")
        elif 10 * done // self.total > self.tenth:
            self.tenth = 10 * done // self.total
            self.stream.write(text + "\n")
        self.stream.flush()


def clock(seconds):
    """A duration as h:mm:ss or m:ss."""
    seconds = int(round(seconds))
    hours, rest = divmod(seconds, 3600)
    if hours:
        return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"
    return f"{rest // 60}:{rest % 60:02d}"


def ignore_interrupts():
    """In a pool's process: leave Ctrl+C to the main process, which stops the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_local(jobs, workers, on_chunk):
    """Play `jobs` in this process (workers 1) or over `workers` local processes, handing
    each finished chunk to `on_chunk` as it completes."""
    if workers <= 1:
        for job in jobs:
            on_chunk(play_chunk(job))
        return
    import multiprocessing
    spawn = multiprocessing.get_context("spawn")    # a fork of a process with threads may hang
    with spawn.Pool(workers, initializer=ignore_interrupts) as pool:
        for chunk in pool.imap_unordered(play_chunk, jobs):
            on_chunk(chunk)


def configurations(spec):
    """The run's configurations: every player count crossed with every combination of
    the swept option values, each {players, levels, options, games, label (in words), at
    (the swept values and the player count)}; one fuzzing entry (options None) for
    --fuzz-options. Where random movers play (not fuzzing), the same configurations
    follow with Medium in their seats (`check`, CHECK_GAMES games each at most), so that
    each finding can say what Medium does."""
    info = registry.game_info(spec["game"])
    if spec["fuzz"]:
        return [{"players": None, "levels": [spec["bots"][0]], "options": None,
                 "games": spec["games"], "label": "random house rules and player counts"}]
    keys = [key for key, _ in spec["sweep"]]
    configs = []
    for players in spec["players"]:
        for values in itertools.product(*[vals for _, vals in spec["sweep"]]):
            chosen = dict(spec["options"], **dict(zip(keys, values)))
            k, options = registry.resolve_options(info, players, chosen)
            levels = spec["bots"] if len(spec["bots"]) > 1 else spec["bots"] * k
            words = [count(k, "player")] if len(spec["players"]) > 1 else []
            words += [option_words(info, key, options[key]) for key in keys]
            configs.append({"players": k, "levels": list(levels), "options": options,
                            "games": spec["games"],
                            "label": ", ".join(words) or count(k, "player"),
                            "at": dict(zip(keys, (options[key] for key in keys)), players=k)})
    if "random" in spec["bots"]:
        configs += [dict(config, check=True, games=min(spec["games"], CHECK_GAMES),
                         levels=["medium" if level == "random" else level
                                 for level in config["levels"]]) for config in configs]
    return configs


class Estimate:
    """Times the first games of a run, here, and says how long the run will take when
    that is more than ESTIMATE_FROM seconds: once PILOT_SECONDS of games are played, or,
    when the first game is slow (Hard), already EARLY_SECONDS into it, from its moves so
    far and a random game's number of moves."""

    def __init__(self, games, parallel, where, say):
        self.games, self.parallel, self.where, self.say = games, parallel, where, say
        self.per_game = None
        self.said = False

    def tell(self, per_game, left, how):
        """Say the estimate for `left` games at `per_game` seconds (once)."""
        expected = per_game * left / self.parallel
        if expected > ESTIMATE_FROM and not self.said:
            self.said = True
            self.say(f"About {clock(expected)} for {count(left, 'more game')} on {self.where} "
                     f"({per_game:.2g} s a game here, {how}); Ctrl+C stops, and the finished "
                     "games are kept")

    def pilot(self, job, on_chunk):
        """Play the first games of `job` for PILOT_SECONDS at least (one game when a game
        takes longer) and hand them on as a chunk; the number of games played."""
        *_, start, stop = job
        rows, began, first = [], time.perf_counter(), {"moves": 0, "timed": False}

        def watch(seat, action, state, since):
            first["moves"] += 1
            elapsed = time.perf_counter() - began
            if not rows and not first["timed"] and elapsed >= EARLY_SECONDS:
                first["timed"] = True
                typical = play_index(job, start, level="random")["actions"]
                self.tell(elapsed / first["moves"] * typical, self.games,
                          f"from {count(first['moves'], 'move')} of the first game")
        while start + len(rows) < stop and (not rows or time.perf_counter() - began < PILOT_SECONDS):
            rows.append(play_index(job, start + len(rows), out=watch))
        seconds = time.perf_counter() - began
        self.per_game = seconds / len(rows)
        on_chunk({"config": job[1], "start": start, "stop": start + len(rows),
                  "seconds": seconds, "rows": rows})
        return len(rows)


class Played(NamedTuple):
    """A run's games: its configurations, every row in order, the seconds of play over
    every session, and {where they were played: games}."""

    configs: list
    rows: list
    seconds: float
    where: dict


HERE = "this process (the first games, timed)"


def local_where(workers):
    """Where a local run plays, in words: '1 local process', '2 local processes'."""
    return count(workers, "local process", "local processes")


def played_where(chunks):
    """{where: games} over `chunks`, in the order each place first played."""
    where = {}
    for chunk in chunks:
        place = chunk.get("where", "unknown")
        where[place] = where.get(place, 0) + len(chunk["rows"])
    return where


def play(spec, workers=1, cluster=None, store=None, progress=True, say=None):
    """Play (or finish) the run described by `spec` (a `Played`). `store` keeps finished
    chunks (and gives back those of a stopped run, with where they were played);
    `cluster`, a connected `game.report.cluster.Cluster`, plays the chunks instead of
    local processes and is closed at the end; `say(text)` is told the estimate of a long
    run."""
    from game.report.store import MemoryStore
    store = store or MemoryStore()
    say = say or (lambda text: sys.stderr.write(text + "\n"))
    configs = configurations(spec)
    chunks = store.chunks()
    done = {}
    for chunk in chunks:
        done.setdefault(chunk["config"], []).append((chunk["start"], chunk["stop"]))
    total = sum(len(shard_range(c["games"], spec["shard"])) for c in configs)
    played = sum(len(chunk["rows"]) for chunk in chunks)
    bar = Progress(total, played) if progress else None
    began = time.perf_counter()

    def finished(chunk, where):
        nonlocal played
        chunk["where"] = where
        store.save(chunk, time.perf_counter() - began)
        chunks.append(chunk)
        played += len(chunk["rows"])
        if bar:
            bar.update(played)

    engine = cluster
    searching = engine is None and workers > 1 and any("hard" in config["levels"]
                                                        for config in configs)
    from game.bots import workers as search
    before = search.cores_in_use()
    if searching:            # Hard searches on the workers (as in the app); games go one by one
        search.use(workers)
    try:
        parallel = engine.threads() if engine else 1 if searching else workers
        where = (count(parallel, "Dask worker thread") if engine
                 else local_where(workers) + (" searching for Hard" if searching else ""))
        estimate = Estimate(total - played, parallel, where, lambda text: say(
            text + (f": go on with python3 main.py report --resume {store.folder}"
                    if store.folder else ".")))
        timed = [c for c in chunks if c["rows"]]
        if timed:
            estimate.per_game = (sum(c["seconds"] for c in timed)
                                 / sum(len(c["rows"]) for c in timed))
        first = next(jobs_for(spec, configs, done, CHUNK), None)
        if first and estimate.per_game is None:
            games = estimate.pilot(first, lambda chunk: finished(chunk, HERE))
            done.setdefault(first[1], []).append((first[6], first[6] + games))
        left = total - played
        if left:
            estimate.tell(estimate.per_game, left, "from the games played so far")
        size = chunk_size(left, parallel, estimate.per_game)
        jobs = jobs_for(spec, configs, done, size)
        if engine:
            engine.run(jobs, lambda chunk: finished(chunk, f"Dask cluster {engine.address}"))
        else:
            run_local(jobs, parallel, lambda chunk: finished(chunk, where))
    finally:
        if engine:
            engine.close()
        search.use(before)
    rows = sorted((row for chunk in chunks for row in chunk["rows"]),
                  key=lambda row: (row["config"], row["index"]))
    return Played(configs, rows, store.seconds_before() + time.perf_counter() - began,
                  played_where(chunks))
