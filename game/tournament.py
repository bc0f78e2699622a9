"""Tournaments between bot levels: `python main.py tournament GAME --games N --seats ...`.

`run_tournament` plays `games` games with one bot per entry of `seats`; the bots move
round the table (game g puts entry i in seat (i + g) mod n), so no level keeps a seat,
and each deal is played once from every seat (game g deals from seed + g // n), so the
luck of a deal is shared out alike (duplicate play, as in bridge).
It reports per level: win rate with a 95% Wilson interval (over seat-games; a game
with several winners shares the win), mean final score, and decision time (median and
99th percentile, over decisions with more than one legal action), by the wall's clock
or, with Hard's `clock="cpu"` setting, in CPU time like Hard's budget.

A long run can keep its games in a results file (`results=PATH`, JSON lines: a header
naming the run, then one line per finished game, flushed as it finishes). Run again
with the same file and arguments, it plays only the games the file lacks, so a run
stopped by Ctrl+C, a crash or a power cut loses at most the games under way (and a run
asked for more games goes on from where the file ends); the table counts the file's
games up to the number asked. A file from another run is refused, naming what differs.
"""
import json
import math
import os
import random
import statistics
import time

from game import registry
from game.bots import LEVELS, make_bot
from game.bots.hard import CLOCKS, default_budget
from game.core import MAX_SEED
from game.saves.files import atomic_write, read_text
from game.report.run import ignore_interrupts
from game.report.stats import wilson
from game.report.words import count


def percentile(values, q):
    """The q-th percentile (0..100) of values, nearest rank; 0.0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def parse_seats(seats):
    """Seat entries from 'easy,medium,hard,hard@1.0' or a sequence: a level, or
    hard@SECONDS (a Hard with its own budget a decision, 60 s at most); ValueError on
    an unknown level or a bad budget."""
    levels = [s.strip() for s in seats.split(",")] if isinstance(seats, str) else list(seats)
    for entry in levels:
        level, at, budget = entry.partition("@")
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
        if at and level != "hard":
            raise ValueError(f"{entry!r}: only hard takes a budget (hard@SECONDS)")
        if at and not _seconds(budget):
            raise ValueError(f"{entry!r}: the budget after @ is seconds above 0, at most 60")
    return levels


def _seconds(text):
    """The number of seconds `text` gives (above 0, at most 60), or None."""
    try:
        value = float(text)
    except ValueError:
        return None
    return value if 0 < value <= 60 else None


def make_entry(entry, game_id, options, settings):
    """The bot of one seat entry (`parse_seats`), with the settings of its level and,
    for hard@SECONDS, that budget."""
    level, at, budget = entry.partition("@")
    mine = dict(settings.get(level, {}))
    if at:
        mine["time_budget"] = _seconds(budget)
    return make_bot(level, game_id, options=options, **mine)


def play_game(game_id, bots, seed, options=None, rotation=0, max_actions=100000,
              clock="wall"):
    """Play one game; bots[i] sits in seat (i + rotation) mod n. Returns (winners,
    scores, [(entry, seconds, choices)] per decision by `clock`: the wall's, or "cpu",
    this thread's CPU time plus, for a search on several cores, its busiest worker's),
    seats mapped back to entries."""
    n = len(bots)
    state = registry.new_game(game_id, players=n, seed=seed, options=options)
    entry_of = {(i + rotation) % n: i for i in range(n)}
    rngs = [random.Random(seed * 1000 + i) for i in range(n)]
    times = []
    for _ in range(max_actions):
        if state.is_over:
            break
        seat = state.current_player
        entry = entry_of[seat]
        legal = state.legal_actions()
        view = state.view(seat)
        bot = bots[entry]
        start = CLOCKS[clock]()
        action = bot.choose(view, legal, rngs[entry])
        spent = CLOCKS[clock]() - start
        if clock == "cpu":
            spent += getattr(bot, "last_stats", {}).get("worker_cpu", 0.0)
        times.append((entry, spent, len(legal)))
        state.apply(action)
    winners = [entry_of[s] for s in state.winners()] if state.is_over else []
    scores = [0] * n
    for seat, score in enumerate(state.scores()):
        scores[entry_of[seat]] = score
    return winners, scores, times


RESULTS_KIND = "card table tournament"
RESULTS_VERSION = 2      # 2: each deal played from every seat (`deals`)


class ResultsFile:
    """A tournament's games as JSON lines: `header` (the run's arguments) first, then
    {"game": index, "winners", "scores", "times"} per finished game."""

    def __init__(self, path, header):
        self.path = os.fspath(path)
        self.header = dict(header, kind=RESULTS_KIND, version=RESULTS_VERSION)
        self.done = {}
        text = read_text(self.path, move=False, bounded=False)   # a regular file: never a pipe
        if text is not None:
            self._read(text)
        else:
            self._write(atomic_write, json.dumps(self.header) + "\n")

    def _write(self, write, text):
        """`write(path, text)`; ValueError naming the file if the system refuses it."""
        try:
            write(self.path, text)
        except OSError as error:
            raise ValueError(f"results file {self.path}: cannot be written "
                             f"({error.strerror or error})") from None

    def _read(self, text):
        lines = text.splitlines()
        torn = bool(text) and not text.endswith("\n")   # a last line cut by a crash
        if torn:
            lines.pop()
        try:
            found = json.loads(lines[0]) if lines else None
        except ValueError:
            found = None
        if not isinstance(found, dict) or found.get("kind") != RESULTS_KIND:
            raise ValueError(f"{self.path}: not a tournament's results file")
        differ = sorted(key for key in set(found) | set(self.header)
                        if found.get(key) != self.header.get(key))
        if differ:
            key = differ[0]
            raise ValueError(f"{self.path} holds another run: its {key} is "
                             f"{found.get(key)!r}, this run's {self.header.get(key)!r}")
        for number, line in enumerate(lines[1:], 2):
            try:
                row = json.loads(line)
                self.done[int(row["game"])] = (list(row["winners"]), list(row["scores"]),
                                               [tuple(t) for t in row["times"]])
            except (ValueError, KeyError, TypeError):
                raise ValueError(f"{self.path}, line {number}: not a game's result") from None
        if torn:
            self._write(atomic_write, "\n".join(lines) + "\n")

    def add(self, index, result):
        """Append game `index`'s result, on disk before this returns."""
        winners, scores, times = result
        row = {"game": index, "winners": winners, "scores": scores,
               "times": [[e, round(s, 6), c] for e, s, c in times if c > 1]}
        self._write(_append, json.dumps(row) + "\n")
        self.done[index] = (winners, scores, [tuple(t) for t in row["times"]])


def _append(path, text):
    """Add `text` at the end of the file at `path`, on disk before this returns."""
    with open(path, "a", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())


def _one(args):
    game_id, levels, seed, options, rotation, settings = args
    bots = [make_entry(entry, game_id, options, settings) for entry in levels]
    return play_game(game_id, bots, seed, options, rotation,
                     clock=settings["hard"].get("clock", "wall"))


def run_tournament(game_id, games, seats, seed=None, out=print, *, time_budget=None,
                   options=None, workers=1, settings=None, results=None):
    """Play `games` games between the entries in `seats` (`parse_seats`); print progress
    and the table through `out`; return {entry: {games, wins, win_rate, ci, mean_score,
    median_time, p99_time, decisions}} plus 'no_winner' (games nobody won). With
    `results` (a path), games are kept there and those already there are not replayed
    (the run's seed, when not given, is the file's). `workers` processes: with a Hard
    seat, Hard searches on them (the app's search, started once for the tournament) and
    the games are played one by one (`time_budget` by default the app's for that many
    cores); without, games are played side by side on them."""
    levels = parse_seats(seats)
    info = registry.game_info(game_id)
    n = len(levels)
    if not info.min_players <= n <= info.max_players:
        raise ValueError(f"{info.title} takes {info.min_players}-{info.max_players} players, "
                         f"not {n} seats")
    if seed is None:
        seed = _seed_of(results) or random.randrange(1, 10**6)
    settings = {lvl: dict(v) for lvl, v in (settings or {}).items()}
    hard = settings.setdefault("hard", {})
    searching = any(entry.partition("@")[0] == "hard" for entry in levels)
    if searching:               # Hard's search takes the workers; the games go one by one
        hard["cores"] = workers
    hard.setdefault("time_budget", default_budget(hard.get("cores", 1))
                    if time_budget is None else time_budget)
    store = None
    if results is not None:
        kept_settings = settings
        if hard.get("iterations"):       # a fixed search decides alike on any cores
            kept_settings = dict(settings, hard={k: v for k, v in hard.items()
                                                 if k not in ("cores", "time_budget")})
        store = ResultsFile(results, {"game": game_id, "seats": levels,
                                      "seed": seed, "options": dict(options or {}),
                                      "settings": kept_settings})
    kept = {g: r for g, r in store.done.items() if g < games} if store else {}
    jobs = [(game_id, levels, deal, options, rotation, settings)
            for g, (deal, rotation) in enumerate(deals(seed, games, n)) if g not in kept]
    wins = [0.0] * n
    scores = [[] for _ in range(n)]
    times = [[] for _ in range(n)]
    no_winner = 0
    start = time.perf_counter()
    step = max(1, games // 20)
    thinking = (f"hard {hard['iterations']} iterations a move" if hard.get("iterations")
                else f"hard budget {hard['time_budget']}s"
                + (" of CPU time" if hard.get("clock") == "cpu" else ""))
    if searching:
        thinking += f" on {count(workers, 'core')}"
    out(f"{info.title}: {games} games, seats {','.join(levels)}, seed {seed}, {thinking}")
    if kept:
        out(f"  {count(len(kept), 'game')} kept from {results}")
    counted = 0

    def record(g, result):
        nonlocal no_winner, counted
        if store is not None and g not in kept:
            store.add(g, result)
            result = store.done[g]      # counted as kept, so a later run counts it alike
        counted += 1
        winners, final, decisions = result
        for entry in winners:
            wins[entry] += 1.0 / len(winners)
        if not winners:
            no_winner += 1
        for entry, score in enumerate(final):
            scores[entry].append(score)
        for entry, seconds, choices in decisions:
            if choices > 1:
                times[entry].append(seconds)
        if g not in kept and (counted % step == 0 or counted == games):
            out(f"  {counted}/{games} games, {time.perf_counter() - start:.0f}s")

    for g in sorted(kept):
        record(g, kept[g])
    indices = [g for g in range(games) if g not in kept]
    if workers > 1 and not searching:
        from concurrent.futures import ProcessPoolExecutor, as_completed
        with ProcessPoolExecutor(workers, initializer=ignore_interrupts) as pool:
            playing = {pool.submit(_one, job): g for g, job in zip(indices, jobs)}
            for future in as_completed(playing):     # kept as each finishes
                record(playing[future], future.result())
    else:
        for g, job in zip(indices, jobs):
            record(g, _one(job))
    results = {"no_winner": no_winner, "games": games, "seed": seed}
    for level in dict.fromkeys(levels):
        entries = [i for i, lv in enumerate(levels) if lv == level]
        n_games = games * len(entries)
        w = sum(wins[i] for i in entries)
        low, high = wilson(w, n_games)
        all_scores = [s for i in entries for s in scores[i]]
        all_times = [t for i in entries for t in times[i]]
        results[level] = {
            "seats": len(entries), "games": n_games, "wins": w,
            "win_rate": w / n_games if n_games else 0.0, "ci": (low, high),
            "mean_score": statistics.fmean(all_scores) if all_scores else 0.0,
            "median_time": statistics.median(all_times) if all_times else 0.0,
            "p99_time": percentile(all_times, 99), "decisions": len(all_times)}
    out(format_table(results, levels))
    return results


def deals(seed, games, seats):
    """(deal seed, rotation) of each game: every deal played from each of the `seats`
    rotations in turn."""
    return [(seed + g // seats, g % seats) for g in range(games)]


def _seed_of(path):
    """The seed in the header of the results file at `path`, or None (no such file, or
    no seed there: the file's own check then says what is wrong)."""
    if path is None:
        return None
    try:
        text = read_text(path, move=False, bounded=False) or ""
        seed = json.loads(text.partition("\n")[0]).get("seed")
    except (ValueError, AttributeError):
        return None
    return seed if isinstance(seed, int) and abs(seed) <= MAX_SEED else None


def format_table(results, levels):
    """The per-level table as text."""
    lines = [f"{'level':<10} {'seat-games':>10} {'win rate':>9} {'95% CI':>15} "
             f"{'mean score':>11} {'median s':>9} {'p99 s':>7} {'decisions':>9}"]
    for level in dict.fromkeys(levels):
        r = results[level]
        low, high = r["ci"]
        lines.append(f"{level:<10} {r['games']:>10} {r['win_rate']:>9.1%} "
                     f"{f'{low:.1%}-{high:.1%}':>15} {r['mean_score']:>11.1f} "
                     f"{r['median_time']:>9.3f} {r['p99_time']:>7.3f} {r['decisions']:>9}")
    if results.get("no_winner"):
        lines.append(f"games with no winner: {results['no_winner']}")
    return "\n".join(lines)
