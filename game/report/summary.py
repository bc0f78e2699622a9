"""From per-game rows to the report's figures, each with its 95% interval and its count.

`summarize(spec, configs, rows)` is a pure function of the rows in their order, so a run
on any number of workers, or shards merged, gives the very same summary. It never reads
the clock: timings live beside the summary, not in it.
"""
import statistics
from collections import Counter, defaultdict

from game.measures import measures_for
from game.report import stats

LONGEST = 5          # the longest games listed, by actions
SEEDS = 10           # seeds listed to replay per kind of ending
ENDS = {"winner": "a winner", "shared": "a shared win", "no_winner": "no winner",
        "limit": "a safeguard limit", "stall": "a stall (the report's cap of 100,000 actions)",
        "contract": "a broken contract"}
PROBLEMS = ("limit", "stall", "contract")


def replay_command(game_id, row, defaults):
    """The command line that replays the game of `row` move by move."""
    words = ["python3", "main.py", "report", game_id, "--replay", str(row["seed"]),
             "--players", str(row["players"]), "--bots", ",".join(row["levels"])]
    for key, value in row["options"].items():
        if defaults.get(key) != value and not key.endswith(".players"):
            words.append(f"--option {key}={value}")
    return " ".join(words)


def _proportion(count, n):
    low, high = stats.wilson(count, n)
    return {"count": count, "n": n, "share": count / n if n else 0.0, "ci": [low, high]}


def _mean(values):
    mean, low, high = stats.mean_interval(values)
    return {"mean": mean, "ci": [low, high], "n": len(values)}


def _seats(rows, players):
    """Wins by seat against the fair share, and the first player's wins."""
    n = len(rows)
    wins = [sum(seat in row["winners"] for row in rows) for seat in range(players)]
    fair = sum(wins) / (n * players) if n else 0.0
    seats = []
    for seat, count in enumerate(wins):
        entry = _proportion(count, n)
        entry["p"] = stats.share_test(count, n, fair)
        entry["significant"] = entry["p"] < stats.SIGNIFICANT
        seats.append(entry)
    started = [row for row in rows if row["first"] is not None]
    first = _proportion(sum(row["first"] in row["winners"] for row in started), len(started))
    first["p"] = stats.share_test(first["count"], first["n"], fair)
    first["significant"] = first["p"] < stats.SIGNIFICANT
    return {"fair_share": fair, "seats": seats, "first_player": first}


def _length(rows, key):
    values = [row[key] for row in rows]
    entry = _mean(values)
    entry.update({"median": statistics.median(values) if values else 0,
                  "p90": stats.percentile(values, 90), "max": max(values, default=0),
                  "values": Counter(values)})
    entry["values"] = sorted([v, c] for v, c in entry["values"].items())
    return entry


def _curve(rows, players):
    """Mean score per seat after each hand, over the games that reached that hand."""
    longest = max((len(row["curve"]) for row in rows), default=0)
    points = []
    for hand in range(longest):
        reached = [row["curve"][hand] for row in rows if len(row["curve"]) > hand]
        points.append({"hand": hand + 1, "n": len(reached),
                       "seats": [_mean([scores[s] for scores in reached])
                                 for s in range(players)]})
    return points


def _relations(rows, players):
    """How holding a card at the deal, or using a rule, relates to winning: the win rate
    of the seat-games with the feature (a card dealt, a measure above 0) against those
    without."""
    groups = defaultdict(lambda: [[0, 0], [0, 0]])    # name -> [[wins, n] without, with]
    for row in rows:
        features = list(row["dealt"].items())
        features += [(f"{name} (1 or more)", [v > 0 for v in row["seat"][name]])
                     for name in row["seat"]]
        for name, flags in features:
            for seat in range(players):
                cell = groups[name][bool(flags[seat])]
                cell[0] += seat in row["winners"]
                cell[1] += 1
    out = []
    for name, (without, with_) in groups.items():
        if not with_[1] or not without[1]:
            continue
        p = stats.proportion_test(with_[0], with_[1], without[0], without[1])
        out.append({"feature": name, "with": _proportion(*with_),
                    "without": _proportion(*without), "p": p,
                    "significant": p < stats.SIGNIFICANT})
    return out


def _problems(game_id, rows, defaults):
    """Every combination of players and options whose games stalled, hit a safeguard or
    broke the contract, with its seeds and a command that replays the first."""
    combos = {}
    for row in rows:
        troubles = ([row["end_words"]] if row["end"] in PROBLEMS else []) + row["safeguards"]
        for words in troubles:
            key = (row["players"], tuple(sorted(row["options"].items())), words)
            entry = combos.setdefault(key, {"players": row["players"],
                                            "options": dict(row["options"]), "what": words,
                                            "kind": row["end"] if row["end"] in PROBLEMS
                                            else "safeguard", "games": 0, "seeds": [],
                                            "command": replay_command(game_id, row, defaults)})
            entry["games"] += 1
            if len(entry["seeds"]) < SEEDS:
                entry["seeds"].append(row["seed"])
    order = {"contract": 0, "stall": 1, "limit": 2, "safeguard": 3}
    return sorted(combos.values(), key=lambda e: (order[e["kind"]], -e["games"]))


def _by_option(rows):
    """For rows whose options or player counts vary (fuzzing): the share of games with a
    stall, a safeguard or a broken contract, per option value."""
    def troubled(row):
        return row["end"] in PROBLEMS or bool(row["safeguards"])
    groups = defaultdict(lambda: [0, 0])
    for row in rows:
        for key, value in [("players", row["players"])] + sorted(row["options"].items()):
            if not key.endswith(".players"):
                cell = groups[(key, str(value))]
                cell[0] += troubled(row)
                cell[1] += 1
    varied = {key for key, _ in groups if sum(k == key for k, _ in groups) > 1}
    return [dict(option=key, value=value, **_proportion(*groups[(key, value)]))
            for key, value in sorted(groups) if key in varied]


def summarize_config(game_id, rows, defaults):
    """The figures of one configuration's rows."""
    n = len(rows)
    players = {row["players"] for row in rows}
    ends = {}
    for kind in ENDS:
        chosen = [row for row in rows if row["end"] == kind]
        if chosen:
            entry = _proportion(len(chosen), n)
            entry["words"] = dict(Counter(row["end_words"] for row in chosen))
            entry["seeds"] = [row["seed"] for row in chosen[:SEEDS]]
            entry["command"] = replay_command(game_id, chosen[0], defaults)
            ends[kind] = entry
    safeguards = Counter(words for row in rows for words in row["safeguards"])
    out = {"games": n, "ends": ends,
           "safeguards": {words: _proportion(count, n) for words, count in safeguards.items()},
           "length": {key: _length(rows, key) for key in ("turns", "actions", "hands")},
           "longest": [{"seed": row["seed"], "actions": row["actions"], "turns": row["turns"],
                        "command": replay_command(game_id, row, defaults)}
                       for row in sorted(rows, key=lambda r: (-r["actions"], r["index"]))[:LONGEST]],
           "problems": _problems(game_id, rows, defaults), "by_option": _by_option(rows)}
    names = sorted({name for row in rows for name in row["game"]})
    out["measures"] = {name: _mean([row["game"][name] for row in rows if name in row["game"]])
                       for name in names}
    tallies = defaultdict(Counter)
    for row in rows:
        for name, counts in row["tallies"].items():
            tallies[name].update(counts)
    out["tallies"] = {name: dict(sorted(counts.items())) for name, counts in tallies.items()}
    if len(players) == 1:
        k = players.pop()
        out["players"] = k
        out.update(_seats(rows, k))
        out["seat_measures"] = {name: [_mean([row["seat"][name][s] for row in rows])
                                       for s in range(k)]
                                for name in sorted({n for row in rows for n in row["seat"]})}
        out["relations"] = _relations(rows, k)
        out["curve"] = _curve(rows, k)
    return out


def _compare(summaries):
    """Each figure of every configuration against the first, with significance marks."""
    base_rows = summaries[0]["_rows"]
    lines = []

    def proportion_line(label, count_of):
        cells = []
        for summary in summaries:
            rows = summary["_rows"]
            count = sum(count_of(row) for row in rows)
            cell = _proportion(count, len(rows))
            cell["p"] = stats.proportion_test(count, len(rows),
                                              sum(count_of(r) for r in base_rows), len(base_rows))
            cell["significant"] = cell["p"] < stats.SIGNIFICANT
            cells.append(cell)
        lines.append({"figure": label, "kind": "share", "cells": cells})

    def mean_line(label, value_of):
        base = [v for v in map(value_of, base_rows) if v is not None]
        cells = []
        for summary in summaries:
            values = [v for v in map(value_of, summary["_rows"]) if v is not None]
            cell = _mean(values)
            cell["p"] = stats.mean_test(values, base)
            cell["significant"] = cell["p"] < stats.SIGNIFICANT
            cells.append(cell)
        lines.append({"figure": label, "kind": "mean", "cells": cells})

    proportion_line("first player wins", lambda r: r["first"] in r["winners"])
    proportion_line("seat 1 wins", lambda r: 0 in r["winners"])
    for kind in ENDS:
        if any(kind in summary["ends"] for summary in summaries):
            proportion_line(f"ends: {ENDS[kind]}", lambda r, k=kind: r["end"] == k)
    for key in ("turns", "actions", "hands"):
        if key != "hands" or any(r["hands"] > 1 for s in summaries for r in s["_rows"]):
            mean_line(f"{key} per game", lambda r, k=key: r[k])
    for name in sorted({n for s in summaries for n in s["measures"]}):
        mean_line(name, lambda r, k=name: r["game"].get(k))
    return lines


def summarize(spec, configs, rows):
    """The whole summary: per configuration, then the comparison of a sweep."""
    import game
    defaults = game.game_info(spec["game"]).default_options()
    by_config = defaultdict(list)
    for row in rows:
        by_config[row["config"]].append(row)
    summaries = []
    for number, config in enumerate(configs):
        chosen = by_config.get(number, [])
        summary = summarize_config(spec["game"], chosen, defaults)
        summary["label"] = config["label"]
        summary["levels"] = config["levels"]
        summary["_rows"] = chosen
        summaries.append(summary)
    comparison = _compare(summaries) if len(summaries) > 1 else []
    for summary in summaries:
        del summary["_rows"]
    return {"game": spec["game"], "games": len(rows), "configs": summaries,
            "curve_label": measures_for(spec["game"]).curve_label,
            "comparison": comparison}
