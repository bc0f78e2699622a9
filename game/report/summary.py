"""From per-game rows to the report's figures, each with its 95% interval and its count.

`summarize(spec, configs, rows)` is a pure function of the rows in their order, so a run
on any number of workers, shards merged or a run resumed gives the very same summary. It
never reads the clock: timings live beside the summary, not in it.

How the figures keep from crying wolf (every flag holds a family of tests to 5% in all):
- seats: games capped by a safeguard limit, a stall or a broken contract are counted
  apart and left out of the seats' figures. One overall test of seat balance over the
  games with one winner (exact multinomial, chi-square once each seat expects 10) and,
  where the first player varies, one exact test of the first player's edge are
  Holm-corrected together; a seat is flagged only when the overall test is, and by its
  own exact binomial test, Holm-corrected among the seats. No test on fewer than
  MIN_GROUP games.
- holding a card or using a rule, and winning: Fisher's exact test (z beyond
  EXACT_LIMIT), none on a group of fewer than MIN_GROUP seat-games, Holm over the
  configuration's features. What a seat did during play may follow from how its game
  went (survivorship): those carry `kind` "play", the deal's cards "dealt".
- side by side (a sweep, or player counts): pairs of games on the same seed (McNemar's
  exact test for shares, the paired t test for means; seat wins as the edge over each
  configuration's fair share, so player counts compare), Holm over the whole table.
- options ranked by their effect on length, trouble and seat balance (a sweep's values
  paired as above; fuzzing's by Welch's t and Fisher's test), Holm over the table.
"""
import statistics
from collections import Counter, defaultdict

from game import registry
from game.report.measures import measures_for
from game.report import stats
from game.report.words import dealt_feature, option_words

LONGEST = 5          # the longest games listed, by actions
SEEDS = 10           # seeds listed to replay per kind of ending
COMMANDS = 3         # replay commands listed per kind of trouble
ENDS = {"winner": "a winner", "shared": "a shared win", "no_winner": "no winner",
        "limit": "a safeguard limit", "stall": "a stall (the report's cap of 100,000 actions)",
        "contract": "a broken contract"}
PROBLEMS = ("limit", "stall", "contract")
COMMON = 0.9         # an option value in this share of a trouble's games is named with it


def replay_command(game_id, row, defaults):
    """The command line that replays the game of `row` move by move."""
    words = ["python3", "main.py", "report", game_id, "--replay", str(row["seed"]),
             "--players", str(row["players"]), "--bots", ",".join(row["levels"])]
    for key, value in row["options"].items():
        if defaults.get(key) != value and not key.endswith(".players"):
            words.append(f"--option {key}={value}")
    return " ".join(words)


def capped(row):
    """Whether the game was cut short: a safeguard limit, a stall or a broken contract."""
    return row["end"] in PROBLEMS


def troubled(row):
    """Whether the game was capped or reached a safeguard on the way."""
    return capped(row) or bool(row["safeguards"])


def _proportion(hits, n):
    low, high = stats.wilson(hits, n)
    return {"count": hits, "n": n, "share": hits / n if n else 0.0, "ci": [low, high]}


def _mean(values):
    mean, low, high = stats.mean_interval(values)
    return {"mean": mean, "ci": [low, high], "n": len(values)}


def _flag(entries):
    """Holm-correct the tested entries together: set p_adjusted and significant."""
    tested = [e for e in entries if e.get("tested")]
    for entry, adjusted in zip(tested, stats.holm([e["p"] for e in tested])):
        entry["p_adjusted"] = adjusted
        entry["significant"] = adjusted < stats.SIGNIFICANT
    for entry in entries:
        if not entry.get("tested"):
            entry.update(p_adjusted=1.0, significant=False)


def _seats(rows, k):
    """Wins by seat against the fair share, who starts, the first player's wins, and the
    overall test of seat balance (rows: the games not capped)."""
    n = len(rows)
    wins = [sum(seat in row["winners"] for row in rows) for seat in range(k)]
    fair = sum(wins) / (n * k) if n else 1 / k
    decided = [row for row in rows if len(row["winners"]) == 1]
    sole = [sum(row["winners"][0] == seat for row in decided) for seat in range(k)]
    tested = len(decided) >= stats.MIN_GROUP
    p, test = stats.uniform_test(sole) if tested else (1.0, "none")
    overall = {"p": p, "test": test, "tested": tested, "games": len(decided)}
    family = [overall]
    starts = Counter(row["first"] for row in rows if row["first"] is not None)
    started = sum(starts.values())
    first = None
    if len(starts) > 1:
        opened = [row for row in decided if row["first"] is not None]
        first = _proportion(sum(row["first"] in row["winners"] for row in rows
                                if row["first"] is not None), started)
        first.update(edge=first["share"] - fair, tested=len(opened) >= stats.MIN_GROUP,
                     p=stats.binomial_test(sum(row["winners"][0] == row["first"] for row in opened),
                                           len(opened), 1 / k))
        family.append(first)
    _flag(family)
    seats = []
    for seat in range(k):
        entry = _proportion(wins[seat], n)
        entry.update(edge=entry["share"] - fair, sole=sole[seat], tested=tested,
                     p=stats.binomial_test(sole[seat], len(decided), 1 / k))
        seats.append(entry)
    _flag(seats)
    for entry in seats:
        entry["significant"] = entry["significant"] and overall["significant"]
    detect = (stats.detectable(((1 / k) * (1 - 1 / k) / len(decided)) ** 0.5, k)
              if decided else None)
    return {"fair_share": fair, "seat_games": n, "seats": seats, "overall": overall,
            "first_player": first, "fixed_first": next(iter(starts)) if len(starts) == 1 else None,
            "starts": [_proportion(starts.get(seat, 0), started) for seat in range(k)],
            "detect": detect}


def margin_of(row, lower_is_better):
    """The winner's lead over the best other seat at the end (0 for a shared win); None
    without a winner."""
    winners, scores = row["winners"], row["scores"]
    if len(winners) != 1:
        return 0 if winners else None
    best_other = [s for seat, s in enumerate(scores) if seat != winners[0]]
    if not best_other:
        return None
    if lower_is_better:
        return min(best_other) - scores[winners[0]]
    return scores[winners[0]] - max(best_other)


def _scores(info, rows, k, reference):
    """Mean final score per seat, and the winning margins: their spread and the share of
    close games (at most half the reference margin), blowouts (at least twice it) and
    comfortable wins between; the reference is the first configuration's median margin."""
    margins = [m for m in (margin_of(row, info.lower_is_better) for row in rows) if m is not None]
    median = statistics.median(margins) if margins else 0
    reference = median if reference is None else reference
    out = {"seats": [_mean([row["scores"][seat] for row in rows]) for seat in range(k)],
           "lower_is_better": info.lower_is_better,
           "margin": dict(_mean(margins), median=median, reference=reference,
                          values=sorted([v, c] for v, c in Counter(margins).items()))}
    if reference > 0 and margins:
        close, blowout = reference / 2, reference * 2
        out["margin"].update(
            close_at=close, blowout_at=blowout,
            close=_proportion(sum(m <= close for m in margins), len(margins)),
            comfortable=_proportion(sum(close < m < blowout for m in margins), len(margins)),
            blowout=_proportion(sum(m >= blowout for m in margins), len(margins)))
    return out


def _leader(scores, lower_is_better):
    best = min(scores) if lower_is_better else max(scores)
    return scores.index(best) if scores.count(best) == 1 else None


def _leads(info, rows):
    """Lead changes per game, and how often the leader after each step (with the game
    going on) wins; games with a score curve only."""
    curved = [row for row in rows if row["curve"]]
    if not curved:
        return None
    changes = []
    for row in curved:
        last, changed = None, 0
        for scores in row["curve"]:
            leader = _leader(scores, info.lower_is_better)
            if leader is not None:
                changed += last is not None and leader != last
                last = leader
        changes.append(changed)
    leader_wins = []
    for step in range(1, max(len(row["curve"]) for row in curved)):
        going = [(row, _leader(row["curve"][step - 1], info.lower_is_better))
                 for row in curved if len(row["curve"]) > step]
        going = [(row, leader) for row, leader in going if leader is not None]
        if len(going) < stats.MIN_GROUP:
            break
        entry = _proportion(sum(leader in row["winners"] for row, leader in going), len(going))
        entry["step"] = step
        leader_wins.append(entry)
    spread = Counter(min(c, 3) for c in changes)
    return {"changes": _mean(changes), "leader_wins": leader_wins,
            "spread": [_proportion(spread.get(c, 0), len(changes)) for c in range(4)]}


def _curve(rows, k):
    """Mean score per seat after each step of the curve; a finished game keeps its final
    score from then on. Each point says how many games were still going after it and,
    where every game names the step alike, its name."""
    curved = [row for row in rows if row["curve"]]
    points = []
    for step in range(max((len(row["curve"]) for row in curved), default=0)):
        scores = [row["curve"][step] if len(row["curve"]) > step else row["scores"]
                  for row in curved]
        names = {row["curve_steps"][step] for row in curved if len(row["curve"]) > step}
        points.append({"step": step + 1, "n": len(scores),
                       "name": names.pop() if len(names) == 1 and None not in names else None,
                       "going": sum(len(row["curve"]) > step + 1 for row in curved),
                       "seats": [_mean([s[seat] for s in scores]) for seat in range(k)]})
    return points


def _deck_ranks(info):
    """(the deck's ranks in deck order, its family)."""
    cards = info.load_deck().cards
    return list(dict.fromkeys(card.rank for card in cards)), cards[0].family


def _relations(info, rows, k):
    """How holding a card at the deal (every rank), or using a rule, relates to winning:
    the win rate of the seat-games with the feature against those without."""
    ranks, family = _deck_ranks(info)
    cells = Counter()    # (name, has it, won) -> seat-games
    names = {dealt_feature(rank, family): "dealt" for rank in ranks}
    for row in rows:
        for seat in range(k):
            won = seat in row["winners"]
            held = set(row["dealt"][seat])
            for rank in ranks:
                cells[(dealt_feature(rank, family), rank in held, won)] += 1
            for name, values in row["seat"].items():
                feature = f"{name} (1 or more)"
                names.setdefault(feature, "play")
                cells[(feature, values[seat] > 0, won)] += 1
    out = []
    for name, kind in names.items():
        with_n = cells[(name, True, True)] + cells[(name, True, False)]
        without_n = cells[(name, False, True)] + cells[(name, False, False)]
        if not with_n or not without_n:
            continue
        with_, without = (_proportion(cells[(name, True, True)], with_n),
                          _proportion(cells[(name, False, True)], without_n))
        tested = min(with_n, without_n) >= stats.MIN_GROUP
        out.append({"feature": name, "kind": kind, "with": with_, "without": without,
                    "tested": tested, "difference": with_["share"] - without["share"],
                    "p": stats.proportion_test(with_["count"], with_n, without["count"],
                                               without_n) if tested else 1.0})
    _flag(out)
    return out


def _relations_detect(relations, k):
    """The dealt-card effect (in shares) the run could detect, for a typical card."""
    dealt = [r for r in relations if r["kind"] == "dealt" and r["tested"]]
    if not dealt:
        return None
    rate = 1 / k
    errors = sorted((rate * (1 - rate) * (1 / r["with"]["n"] + 1 / r["without"]["n"])) ** 0.5
                    for r in dealt)
    return stats.detectable(errors[len(errors) // 2], len([r for r in relations if r["tested"]]))


def _problems(info, rows, defaults):
    """Each kind of trouble (a broken contract, a stall, a safeguard limit, a safeguard
    reached): its games, seeds, a few replay commands, and the house rules and player
    counts found in nearly all of its games but not in all the run's."""
    groups = defaultdict(list)
    for row in rows:
        kind = row["end"] if capped(row) else None
        if kind:
            groups[(kind, row["end_words"])].append(row)
        for words in row["safeguards"]:
            groups[("safeguard", words)].append(row)
    overall = Counter(item for row in rows for item in _settings(info, row))
    out = []
    for (kind, what), chosen in groups.items():
        present = Counter(item for row in chosen for item in _settings(info, row))
        common = [{"words": option_words(info, key, value),
                   "share": present[(key, value)] / len(chosen),
                   "overall": overall[(key, value)] / len(rows)}
                  for key, value in sorted(present, key=str)
                  if present[(key, value)] / len(chosen) >= COMMON
                  and overall[(key, value)] < len(rows)]
        out.append(dict(_proportion(len(chosen), len(rows)), kind=kind, what=what,
                        seeds=[row["seed"] for row in chosen[:SEEDS]], common=common,
                        commands=[replay_command(info.id, row, defaults)
                                  for row in chosen[:COMMANDS]]))
    order = {"contract": 0, "stall": 1, "limit": 2, "safeguard": 3}
    return sorted(out, key=lambda e: (order[e["kind"]], -e["count"]))


def _settings(info, row):
    """The (option, value) pairs of a game, its player count as ("players", k)."""
    return [("players", row["players"])] + [(key, value) for key, value in row["options"].items()
                                            if key != info.player_option]


def summarize_config(info, rows, defaults, reference=None):
    """The figures of one configuration's rows (`reference`: the median winning margin
    that close games and blowouts are measured against; this one's own when None)."""
    n = len(rows)
    ends = {}
    for kind in ENDS:
        chosen = [row for row in rows if row["end"] == kind]
        if chosen:
            entry = _proportion(len(chosen), n)
            entry["words"] = dict(Counter(row["end_words"] for row in chosen))
            entry["seeds"] = [row["seed"] for row in chosen[:SEEDS]]
            entry["command"] = replay_command(info.id, chosen[0], defaults)
            ends[kind] = entry
    safeguards = Counter(words for row in rows for words in row["safeguards"])
    natural = [row for row in rows if not capped(row)]
    out = {"games": n, "ends": ends, "capped": _proportion(n - len(natural), n),
           "safeguards": {words: _proportion(c, n) for words, c in safeguards.items()},
           "length": {key: _length(rows, key) for key in ("turns", "actions", "hands")},
           "longest": [{"seed": row["seed"], "actions": row["actions"], "turns": row["turns"],
                        "capped": capped(row), "command": replay_command(info.id, row, defaults)}
                       for row in sorted(rows, key=lambda r: (-r["actions"], r["index"]))[:LONGEST]],
           "problems": _problems(info, rows, defaults)}
    names = sorted({name for row in rows for name in row["game"]})
    out["measures"] = {name: _mean([row["game"][name] for row in rows if name in row["game"]])
                       for name in names}
    tallies = defaultdict(Counter)
    for row in rows:
        for name, counts in row["tallies"].items():
            tallies[name].update(counts)
    out["tallies"] = {name: dict(sorted(counts.items())) for name, counts in tallies.items()}
    players = {row["players"] for row in rows}
    if len(players) == 1:
        k = players.pop()
        out["players"] = k
        out.update(_seats(natural, k))
        out["scores"] = _scores(info, natural, k, reference)
        out["leads"] = _leads(info, natural)
        out["curve"] = _curve(natural, k)
        out["seat_measures"] = {name: [_mean([row["seat"][name][s] for row in rows])
                                       for s in range(k)]
                                for name in sorted({m for row in rows for m in row["seat"]})}
        out["relations"] = _relations(info, natural, k)
        out["relations_detect"] = _relations_detect(out["relations"], k)
    return out


def _length(rows, key):
    values = [row[key] for row in rows]
    entry = _mean(values)
    entry.update({"median": statistics.median(values) if values else 0,
                  "p90": stats.percentile(values, 90), "max": max(values, default=0),
                  "values": sorted([v, c] for v, c in Counter(values).items()),
                  "capped": sorted([v, c] for v, c in Counter(row[key] for row in rows
                                                              if capped(row)).items())})
    return entry


def _pairs(base, rows):
    """(base row, row) for every game index both configurations played."""
    by_index = {row["index"]: row for row in base}
    return [(by_index[row["index"]], row) for row in rows if row["index"] in by_index]


def _compare(info, configs, summaries, groups):
    """Each figure of every configuration against the first, paired on the shared seeds;
    Holm over the table."""
    base = groups[0]
    fair = [s.get("fair_share") for s in summaries]
    players = {c["players"] for c in configs}
    lines, tested = [], []

    def share_line(label, value, seat_wins=False, headline=True):
        cells = []
        for number, rows in enumerate(groups):
            kept = [row for row in rows if value(row) is not None]
            cell = _proportion(sum(bool(value(row)) for row in kept), len(kept))
            if seat_wins and fair[number] is not None:
                cell["edge"] = cell["share"] - fair[number]
            if number:
                pairs = [(a, b) for a, b in _pairs(base, rows)
                         if value(a) is not None and value(b) is not None]
                cell["pairs"] = len(pairs)
                cell["tested"] = len(pairs) >= stats.MIN_GROUP
                if seat_wins and len(players) > 1:
                    cell["p"] = stats.paired_test([(bool(value(b)) - fair[number])
                                                   - (bool(value(a)) - fair[0]) for a, b in pairs])
                else:
                    cell["p"] = stats.mcnemar_test(
                        sum(bool(value(b)) and not value(a) for a, b in pairs),
                        sum(bool(value(a)) and not value(b) for a, b in pairs))
                tested.append(cell)
            cells.append(cell)
        for cell in cells[1:]:
            key = "edge" if "edge" in cell else "share"
            cell["difference"] = cell[key] - cells[0].get(key, 0.0)
        lines.append({"figure": label, "kind": "edge" if seat_wins else "share", "cells": cells,
                      "headline": headline})

    def mean_line(label, value, headline=False):
        cells = []
        for number, rows in enumerate(groups):
            cell = _mean([v for v in map(value, rows) if v is not None])
            if number:
                pairs = [(value(a), value(b)) for a, b in _pairs(base, rows)]
                diffs = [b - a for a, b in pairs if a is not None and b is not None]
                cell.update(pairs=len(diffs), tested=len(diffs) >= stats.MIN_GROUP,
                            p=stats.paired_test(diffs),
                            se=statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0)
                tested.append(cell)
            cells.append(cell)
        for cell in cells[1:]:
            cell["difference"] = cell["mean"] - cells[0]["mean"]
            cell["relative"] = cell["difference"] / cells[0]["mean"] if cells[0]["mean"] else None
        lines.append({"figure": label, "kind": "mean", "cells": cells, "headline": headline})

    def natural(flag):
        return lambda row: None if capped(row) else flag(row)
    share_line("Seat 1 wins", natural(lambda r: 0 in r["winners"]), seat_wins=True)
    if any(s.get("fixed_first") is None for s in summaries):
        share_line("the first player wins", natural(
            lambda r: None if r["first"] is None else r["first"] in r["winners"]), seat_wins=True)
    for kind in ENDS:
        words = {w for s in summaries for w in s["ends"].get(kind, {}).get("words", {})}
        if words:
            label = (f"games ending at the {words.pop()}" if kind == "limit" and len(words) == 1
                     else f"games ending with {ENDS[kind]}")
            share_line(label, lambda r, k=kind: r["end"] == k, headline=kind != "winner")
    for words in sorted({w for s in summaries for w in s["safeguards"]}):
        share_line(f"games reaching {words}", lambda r, w=words: w in r["safeguards"])
    for key in ("turns", "actions", "hands"):
        if key != "hands" or any(r["hands"] > 1 for rows in groups for r in rows):
            mean_line(f"{key} per game", lambda r, k=key: r[k], headline=key == "actions")
    mean_line("winning margin", natural(lambda r: margin_of(r, info.lower_is_better)),
              headline=True)
    for name in sorted({n for s in summaries for n in s["measures"]}):
        mean_line(name, lambda r, k=name: r["game"].get(k))
    _flag(tested)
    for line in lines:
        line["cells"][0].update(tested=False, significant=False)
    return lines


def _imbalance(rows):
    """(largest seat edge over the fair share, in shares, and its seat) over the games
    with one winner, each game's fair share 1/players; (0.0, None) without them."""
    edges = {}
    decided = [row for row in rows if not capped(row) and len(row["winners"]) == 1]
    for seat in range(max((row["players"] for row in decided), default=0)):
        games = [row for row in decided if row["players"] > seat]
        if len(games) >= stats.MIN_GROUP:
            edges[seat] = statistics.fmean((row["winners"][0] == seat) - 1 / row["players"]
                                           for row in games)
    if not edges:
        return 0.0, None
    seat = max(edges, key=lambda s: abs(edges[s]))
    return edges[seat], seat


def _homogeneity(rows_a, rows_b):
    """p-value that the winning seat is spread alike in two groups of games of one player
    count (chi-square, every expected count 5 or more); None when untestable."""
    tallies = []
    for rows in (rows_a, rows_b):
        decided = [row for row in rows if not capped(row) and len(row["winners"]) == 1]
        tallies.append(Counter(row["winners"][0] for row in decided))
    seats = sorted(set(tallies[0]) | set(tallies[1]))
    totals = [sum(t.values()) for t in tallies]
    if len(seats) < 2 or min(totals) < stats.MIN_GROUP:
        return None
    statistic = 0.0
    for seat in seats:
        column = tallies[0][seat] + tallies[1][seat]
        for tally, total in zip(tallies, totals):
            expected = column * total / sum(totals)
            if expected < 5:
                return None
            statistic += (tally[seat] - expected) ** 2 / expected
    return stats.chi_square_sf(statistic, len(seats) - 1)


def _effect(value, words, rows, base_rows, pairs, players_vary, is_base):
    """One option value's effect on length, trouble and seat balance against its first
    value (`base_rows`): paired when `pairs` (a sweep), between groups otherwise
    (fuzzing)."""
    actions = _mean([row["actions"] for row in rows])
    trouble = _proportion(sum(map(troubled, rows)), len(rows))
    edge, seat = _imbalance(rows)
    entry = {"value": value, "words": words, "value_words": words.split(": ")[-1],
             "games": len(rows), "actions": actions,
             "trouble": trouble, "edge": edge, "edge_seat": seat, "base": is_base}
    if is_base or not rows or not base_rows:
        return entry, []
    base_actions = statistics.fmean(row["actions"] for row in base_rows)
    base_edge, base_seat = _imbalance(base_rows)
    if pairs is not None:
        length_p = stats.paired_test([b["actions"] - a["actions"] for a, b in pairs])
        trouble_p = stats.mcnemar_test(sum(troubled(b) and not troubled(a) for a, b in pairs),
                                       sum(troubled(a) and not troubled(b) for a, b in pairs))
        enough = len(pairs) >= stats.MIN_GROUP
    else:
        length_p = stats.mean_test([r["actions"] for r in rows], [r["actions"] for r in base_rows])
        trouble_p = stats.proportion_test(trouble["count"], len(rows),
                                          sum(map(troubled, base_rows)), len(base_rows))
        enough = min(len(rows), len(base_rows)) >= stats.MIN_GROUP
    balance_p = None if players_vary else _homogeneity(rows, base_rows)
    tests = {"length": {"p": length_p, "tested": enough},
             "trouble": {"p": trouble_p, "tested": enough},
             "balance": {"p": balance_p or 1.0, "tested": balance_p is not None}}
    entry.update(length=(actions["mean"] - base_actions) / base_actions if base_actions else 0.0,
                 trouble_change=trouble["share"] - sum(map(troubled, base_rows)) / len(base_rows),
                 edge_change=abs(edge) - abs(base_edge) if None not in (seat, base_seat) else 0.0,
                 tests=tests)
    return entry, list(tests.values())


def _effects(info, spec, configs, groups, rows):
    """Every swept (or, fuzzing, every) option ranked by its largest effect on length,
    trouble or seat balance; each value against the option's first value."""
    if spec["fuzz"]:
        keys = [("players", list(range(info.min_players, info.max_players + 1)))]
        keys += [(o.id, list(o.values)) for o in info.options if o.id != info.player_option]
    else:
        keys = [(key, values) for key, values in spec["sweep"]]
        if len(spec["players"]) > 1:
            keys.insert(0, ("players", spec["players"]))
    out, tested = [], []
    for key, values in keys:
        def value_of(row, key=key):
            return row["players"] if key == "players" else row["options"][key]
        entries = []
        if spec["fuzz"]:
            by_value = defaultdict(list)
            for row in rows:
                by_value[value_of(row)].append(row)
            for value in values:
                entry, tests = _effect(value, option_words(info, key, value), by_value[value],
                                       by_value[values[0]], None, True, value == values[0])
                entries.append(entry)
                tested += tests
        else:
            for value in values:
                chosen = [n for n, c in enumerate(configs) if c["at"][key] == value]
                partners = [next(m for m, other in enumerate(configs) if other["at"] == dict(
                    configs[n]["at"], **{key: values[0]})) for n in chosen]
                mine = [row for n in chosen for row in groups[n]]
                theirs = [row for m in partners for row in groups[m]]
                pairs = [p for n, m in zip(chosen, partners) for p in _pairs(groups[m], groups[n])]
                entry, tests = _effect(value, option_words(info, key, value), mine, theirs,
                                       pairs, key == "players", value == values[0])
                entries.append(entry)
                tested += tests
        size = max([max(abs(e["length"]), abs(e["trouble_change"]), abs(e["edge_change"]))
                    for e in entries if "tests" in e] or [0.0])
        label = "Players" if key == "players" else info.option(key).label
        out.append({"option": key, "label": label, "values": entries, "size": size})
    _flag(tested)
    return sorted(out, key=lambda e: -e["size"])


def summarize(spec, configs, rows):
    """The whole summary: per configuration, the comparison of a sweep, the options
    ranked by effect, and the findings in words."""
    from game.report.findings import findings
    info = registry.game_info(spec["game"])
    defaults = info.default_options()
    groups = [[] for _ in configs]
    for row in rows:
        groups[row["config"]].append(row)
    summaries, reference = [], None
    for config, chosen in zip(configs, groups):
        summary = summarize_config(info, chosen, defaults, reference)
        if "scores" in summary and reference is None:
            reference = summary["scores"]["margin"]["reference"]
        summary["label"] = config["label"]
        summary["levels"] = config["levels"]
        summaries.append(summary)
    out = {"game": spec["game"], "games": len(rows), "configs": summaries,
           "curve_label": measures_for(spec["game"]).curve_label,
           "comparison": _compare(info, configs, summaries, groups) if len(configs) > 1 else [],
           "effects": _effects(info, spec, configs, groups, rows)
           if len(configs) > 1 or spec["fuzz"] else []}
    out["findings"] = findings(info, spec, out)
    return out
