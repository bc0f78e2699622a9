"""The house rules ranked by their effect: every swept value (or player count) against
the option's first value, figure by figure, each test of the very games it is about.

The figures are per game (`figures`): length, how games end, the safeguards reached,
each seat's wins (together, as the seat balance), the first player's wins, the winning
margin, the last place's margin and the measures the game declares.

In a sweep the games are paired: the same seed, every other rule alike. Where other
rules are swept too, a seed is paired once for each of their values, and those pairs
may be the very same games (a rule that changes nothing, as Voluntary submission under
Medium); so the unit of every test is the seed, never the pair: each seed's
differences are averaged over its pairs first, then tested over the seeds (the sign
test for shares, McNemar's exact test when a seed has one pair; the one-sample t test
for means). Pooling the pairs instead would count a duplicated game twice and flag
what is not there. With fuzzing every game has its own rules, so values are compared
between groups (Fisher's exact test, Welch's t test, a chi-square of the winning seats).
The seat balance is one test per value: each seat's wins by the test above, the
smallest p times the seats (Bonferroni). All the table's tests are Holm-corrected
together, and the findings are its flagged entries: the table and the findings never
disagree.

A value whose games never changed anything (`game.report.exercise`: no move on offer,
choice or outcome differed from what the option's other values would give) is not
tested: it is said to be unused.
"""
import math
import statistics
from collections import defaultdict
from typing import Callable, NamedTuple

from game.report import stats
from game.report.words import option_words, seat

ENDS = {"winner": "a winner", "shared": "a shared win", "no_winner": "no winner",
        "limit": "a safeguard limit", "stall": "a stall (the report's cap of 100,000 actions)",
        "contract": "a broken contract"}
PROBLEMS = ("limit", "stall", "contract")


class Figure(NamedTuple):
    """One figure of a game: `value(row)` is a number (a bool for shares) or None where
    the game does not count (a capped game's seats)."""

    name: str
    kind: str           # "share", "mean", or "edge" (a win less the fair share: a mean)
    value: Callable
    headline: bool = True


def capped(row):
    """Whether the game was cut short: a safeguard limit, a stall or a broken contract."""
    return row["end"] in PROBLEMS


def troubled(row):
    """Whether the game was capped or reached a safeguard on the way."""
    return capped(row) or bool(row["safeguards"])


def margin_of(row, lower_is_better):
    """The winner's lead over the best other seat at the end (0 for a shared win); None
    without a winner."""
    winners, scores = row["winners"], row["scores"]
    if len(winners) != 1:
        return 0 if winners else None
    best_other = [s for seat_, s in enumerate(scores) if seat_ != winners[0]]
    if not best_other:
        return None
    if lower_is_better:
        return min(best_other) - scores[winners[0]]
    return scores[winners[0]] - max(best_other)


def last_margin_of(row, lower_is_better):
    """How far the last place ended behind the one before it on the score; None for a
    capped game or one of fewer than three players."""
    places = row.get("places")
    if capped(row) or not places or len(places) < 3:
        return None
    order = sorted(range(len(places)), key=lambda s: places[s])
    last, before = row["scores"][order[-1]], row["scores"][order[-2]]
    return last - before if lower_is_better else before - last


def _natural(value):
    return lambda row: None if capped(row) else value(row)


def figures(info, summaries, rows, seats_alike):
    """The figures compared between configurations whose `summaries` and `rows` are
    given: each seat's wins (as a share where the seats are alike, else seat 1's and
    the first player's edge over the fair share), how games end, the safeguards, the
    length, the margins (not where every game ends tied on the score) and the game's
    own measures."""
    out = []
    k = max((s.get("players", 0) for s in summaries), default=0)
    if seats_alike:
        out += [Figure(f"{seat(s)} wins", "share", _natural(lambda r, s=s: s in r["winners"]))
                for s in range(k)]
    else:
        out.append(Figure("Seat 1 wins (edge over the fair share)", "edge",
                          _natural(lambda r: (0 in r["winners"]) - 1 / r["players"])))
    if any(s.get("fixed_first") is None and "fixed_first" in s for s in summaries):
        kind = "share" if seats_alike else "edge"
        out.append(Figure("the first player wins" + ("" if seats_alike else
                                                     " (edge over the fair share)"), kind,
                          _natural(lambda r: None if r["first"] is None else (
                              (r["first"] in r["winners"]) - (0 if seats_alike
                                                              else 1 / r["players"])))))
    for kind in ENDS:
        if kind == "winner":
            continue
        words = {w for s in summaries for w in s["ends"].get(kind, {}).get("words", {})}
        if words:
            label = (f"games ending at the {next(iter(words))}" if kind == "limit"
                     and len(words) == 1 else f"games ending with {ENDS[kind]}")
            out.append(Figure(label, "share", lambda r, k=kind: r["end"] == k))
    for words in sorted({w for s in summaries for w in s["safeguards"]}):
        out.append(Figure(f"games reaching {words}", "share",
                          lambda r, w=words: w in r["safeguards"]))
    out.append(Figure("actions per game", "mean", lambda r: r["actions"]))
    out.append(Figure("turns per game", "mean", lambda r: r["turns"], headline=False))
    if any(r["hands"] > 1 for r in rows):
        out.append(Figure("hands per game", "mean", lambda r: r["hands"]))
    if not any(s.get("scores", {}).get("margin", {}).get("tied") for s in summaries):
        out.append(Figure("winning margin", "mean",
                          _natural(lambda r: margin_of(r, info.lower_is_better))))
    if any(last_margin_of(r, info.lower_is_better) is not None for r in rows):
        out.append(Figure("last place's margin", "mean",
                          lambda r: last_margin_of(r, info.lower_is_better)))
    for name in sorted({n for s in summaries for n in s["measures"]}):
        out.append(Figure(f"{name} per game", "mean", lambda r, n=name: r["game"].get(n)))
    return out


def _per_seed(pairs, value):
    """(base, other, difference) per seed: each averaged over the seed's pairs in which
    both games count."""
    out = []
    for twins in pairs:
        kept = [(value(a), value(b)) for a, b in twins]
        kept = [(float(x), float(y)) for x, y in kept if x is not None and y is not None]
        if kept:
            out.append((statistics.fmean(x for x, _ in kept), statistics.fmean(y for _, y in kept),
                        statistics.fmean(y - x for x, y in kept)))
    return out


def sign_test(differences):
    """Two-sided exact p-value that positive and negative differences are equally likely
    (ties dropped): McNemar's exact test when each difference is one pair's."""
    up = sum(d > 0 for d in differences)
    down = sum(d < 0 for d in differences)
    return stats.mcnemar_test(up, down)


def _change(base, other, differences, kind):
    """An entry of the table: the two values, their change with its 95% interval, the
    test's p, the standard error (for what the run could detect) and the seeds."""
    mean, low, high = stats.mean_interval(differences)
    n = len(differences)
    before = statistics.fmean(base) if base else 0.0
    entry = {"base": before, "value": statistics.fmean(other) if other else 0.0,
             "change": mean, "ci": [low, high], "n": n,
             "relative": mean / before if kind == "mean" and before else None,
             "se": statistics.stdev(differences) / math.sqrt(n) if n > 1 else 0.0,
             "tested": n >= stats.MIN_GROUP}
    entry["p"] = (sign_test(differences) if kind == "share" else stats.paired_test(differences)) \
        if entry["tested"] else 1.0
    return entry


def paired(figure, pairs):
    """One figure of a value against its base over the seeds' `pairs` (see the module)."""
    seeds = _per_seed(pairs, figure.value)
    return _change([b for b, _, _ in seeds], [o for _, o, _ in seeds],
                   [d for _, _, d in seeds], figure.kind)


def between(figure, rows, base_rows):
    """One figure of a value's games against its base's, between independent groups
    (fuzzing): Fisher's exact test for shares, Welch's t test for means."""
    ys = [float(v) for v in map(figure.value, rows) if v is not None]
    xs = [float(v) for v in map(figure.value, base_rows) if v is not None]
    entry = {"base": statistics.fmean(xs) if xs else 0.0,
             "value": statistics.fmean(ys) if ys else 0.0, "n": min(len(xs), len(ys)),
             "tested": min(len(xs), len(ys)) >= stats.MIN_GROUP}
    entry["change"] = entry["value"] - entry["base"]
    spread = ((statistics.variance(xs) / len(xs) if len(xs) > 1 else 0.0)
              + (statistics.variance(ys) / len(ys) if len(ys) > 1 else 0.0)) ** 0.5
    entry["se"] = spread
    entry["ci"] = [entry["change"] - stats.Z95 * spread, entry["change"] + stats.Z95 * spread]
    entry["relative"] = (entry["change"] / entry["base"]
                         if figure.kind == "mean" and entry["base"] else None)
    if not entry["tested"]:
        entry["p"] = 1.0
    elif figure.kind == "share":
        entry["p"] = stats.proportion_test(int(sum(ys)), len(ys), int(sum(xs)), len(xs))
    else:
        entry["p"] = stats.mean_test(ys, xs)
    return entry


def _balance(entries, k):
    """The seat balance of a value: each seat's wins, the smallest p times the seats;
    its size the largest change of a seat's win rate."""
    seats = [e for e in entries if e["figure"].endswith(" wins") and e["figure"].startswith("Seat")]
    if len(seats) < 2:
        return None
    tested = all(e["tested"] for e in seats)
    largest = max(range(len(seats)), key=lambda i: abs(seats[i]["change"]))
    return {"figure": "seat balance", "kind": "balance", "headline": True,
            "change": seats[largest]["change"], "seat": largest, "tested": tested,
            "n": min(e["n"] for e in seats), "ci": seats[largest]["ci"],
            "base": seats[largest]["base"], "value": seats[largest]["value"],
            "relative": None, "se": seats[largest]["se"],
            "p": min(1.0, k * min(e["p"] for e in seats)) if tested else 1.0}


def used(rows, key):
    """{games, moves, play}: how many of `rows` (games of one value of `key`) had the
    moves on offer, or the play, changed by another value of it."""
    return {"games": len(rows), "moves": sum(key in r.get("rules_moves", ()) for r in rows),
            "play": sum(key in r.get("rules_play", ()) for r in rows)}


def rank(info, spec, configs, groups, summaries, rows):
    """The swept options (and player counts; with fuzzing every option) ranked by their
    largest flagged effect, then their largest effect: [{option, label, size, values:
    [{value, words, value_words, base, games, used, unused, entries}]}]; each entry a
    figure's {figure, kind, base, value, change, ci, relative, p, p_adjusted,
    significant, tested, n}."""
    if spec["fuzz"]:
        keys = [("players", list(range(info.min_players, info.max_players + 1)))]
        keys += [(o.id, list(o.values)) for o in info.options if o.id != info.player_option]
    else:
        keys = [(key, values) for key, values in spec["sweep"]]
        if len(spec["players"]) > 1:
            keys.insert(0, ("players", spec["players"]))
    out, family = [], []
    for key, values in keys:
        seats_alike = key != "players" and (not spec["fuzz"])
        chosen_figures = figures(info, summaries, rows, seats_alike)
        by_value = defaultdict(list)
        if spec["fuzz"]:
            for row in rows:
                by_value[row["players"] if key == "players" else row["options"][key]].append(row)
        else:
            for config, chosen in zip(configs, groups):
                by_value[config["at"][key]].extend(chosen)
        option = {"option": key, "label": "Players" if key == "players" else info.option(key).label,
                  "values": []}
        for value in values:
            words = option_words(info, key, value)
            mine = by_value[value]
            entry = {"value": value, "words": words, "value_words": words.split(": ")[-1],
                     "base": value == values[0], "games": len(mine),
                     "used": None if key == "players" else used(mine, key), "entries": []}
            entry["unused"] = bool(entry["used"] and mine and not entry["used"]["play"])
            if not entry["base"] and mine and not entry["unused"]:
                if spec["fuzz"]:
                    found = [dict(between(f, mine, by_value[values[0]]), figure=f.name,
                                  kind=f.kind, headline=f.headline) for f in chosen_figures]
                else:
                    pairs = _seed_pairs(configs, groups, key, value, values[0])
                    found = [dict(paired(f, pairs), figure=f.name, kind=f.kind,
                                  headline=f.headline) for f in chosen_figures]
                k = max((r["players"] for r in mine), default=0)
                balance = _balance(found, k) if seats_alike else (
                    _fuzz_balance(mine, by_value[values[0]]) if spec["fuzz"]
                    and key != "players" else None)
                if balance:
                    found = [balance] + [e for e in found if not e["figure"].startswith("Seat ")]
                entry["entries"] = found
                family += found
            option["values"].append(entry)
        out.append(option)
    _flag(family)
    for option in out:
        sizes = [_size(e) for v in option["values"] for e in v["entries"]]
        flagged = [_size(e) for v in option["values"] for e in v["entries"] if e["significant"]]
        option["size"] = max(sizes or [0.0])
        option["flagged_size"] = max(flagged or [0.0])
    return sorted(out, key=lambda o: (-o["flagged_size"], -o["size"]))


def _size(entry):
    """An entry's size on one scale: points for shares, percent for means."""
    if entry["kind"] in ("share", "balance", "edge"):
        return 100 * abs(entry["change"])
    return 100 * abs(entry["relative"] or 0.0)


def _seed_pairs(configs, groups, key, value, base):
    """Per seed (game index), the (base game, value game) pairs: one for each
    configuration with `value` and its partner with `base`, every other setting alike."""
    by_index = defaultdict(list)
    for n, config in enumerate(configs):
        if config["at"][key] != value:
            continue
        partner = dict(config["at"], **{key: base})
        m = next(i for i, other in enumerate(configs) if other["at"] == partner)
        base_games = {row["index"]: row for row in groups[m]}
        for row in groups[n]:
            if row["index"] in base_games:
                by_index[row["index"]].append((base_games[row["index"]], row))
    return [by_index[index] for index in sorted(by_index)]


def _fuzz_balance(rows, base_rows):
    """Fuzzing: whether the winning seat is spread alike in two groups of games of one
    player count each (a chi-square); None when untestable."""
    p = homogeneity(rows, base_rows)
    if p is None:
        return None
    return {"figure": "seat balance", "kind": "balance", "headline": True, "change": 0.0,
            "seat": None, "tested": True, "n": min(len(rows), len(base_rows)),
            "ci": [0.0, 0.0], "base": 0.0, "value": 0.0, "relative": None, "se": 0.0, "p": p}


def homogeneity(rows_a, rows_b):
    """p-value that the winning seat is spread alike in two groups of games of one player
    count (chi-square, every expected count 5 or more); None when untestable."""
    tallies = []
    for rows in (rows_a, rows_b):
        decided = [row for row in rows if not capped(row) and len(row["winners"]) == 1]
        if len({row["players"] for row in decided}) > 1:
            return None
        tallies.append(defaultdict(int))
        for row in decided:
            tallies[-1][row["winners"][0]] += 1
    seats = sorted(set(tallies[0]) | set(tallies[1]))
    totals = [sum(t.values()) for t in tallies]
    if len(seats) < 2 or min(totals) < stats.MIN_GROUP:
        return None
    statistic = 0.0
    for seat_ in seats:
        column = tallies[0][seat_] + tallies[1][seat_]
        for tally, total in zip(tallies, totals):
            expected = column * total / sum(totals)
            if expected < 5:
                return None
            statistic += (tally[seat_] - expected) ** 2 / expected
    return stats.chi_square_sf(statistic, len(seats) - 1)


def _flag(entries):
    """Holm-correct the tested entries together: set p_adjusted and significant."""
    tested = [e for e in entries if e.get("tested")]
    for entry, adjusted in zip(tested, stats.holm([e["p"] for e in tested])):
        entry["p_adjusted"] = adjusted
        entry["significant"] = adjusted < stats.SIGNIFICANT
    for entry in entries:
        if not entry.get("tested"):
            entry.update(p_adjusted=1.0, significant=False)
