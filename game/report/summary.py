"""From per-game rows to the report's figures, each with its 95% interval and its count.

`summarize(spec, configs, rows)` is a pure function of the rows in their order, so a run
on any number of workers, shards merged or a run resumed gives the very same summary. It
never reads the clock: timings live beside the summary, not in it.

How the figures keep from crying wolf (every flag holds a family of tests to 5% in all,
and each family is a table of the page):
- seats: games capped by a safeguard limit, a stall or a broken contract are counted
  apart and left out of the seats' figures. In each configuration, one overall test of
  seat balance over the games with one winner (exact multinomial, chi-square once each
  seat expects 10) and, where the first player varies, one exact test of the first
  player's edge; these tests of every configuration are Holm-corrected together. A seat
  is flagged only when its configuration's overall test is, and by its own exact
  binomial test, Holm-corrected among the seats. No test on fewer than MIN_GROUP games.
- holding a card or using a rule, and winning: Fisher's exact test (z beyond
  EXACT_LIMIT), none on a group of fewer than MIN_GROUP seat-games, Holm over every
  configuration's features together. What a seat did during play may follow from how
  its game went (survivorship): those carry `kind` "play", the deal's cards "dealt".
- the house rules ranked (a sweep, player counts, fuzzing): `game.report.effects`, one
  family; the side-by-side table only shows each configuration's figures.
Where the players include random movers, the same configurations played by Medium
(`check`) are summarized alike, so each finding can say what Medium does.
"""
import statistics
from collections import Counter, defaultdict

from game import registry
from game.report import effects, stats, words
from game.report.effects import ENDS, capped, last_margin_of, margin_of
from game.report.measures import measures_for
from game.report.pace import seconds_per_action
from game.report.words import dealt_feature, option_words

LONGEST = 5          # the longest games listed, by actions
SEEDS = 10           # seeds listed to replay per kind of ending
COMMANDS = 3         # replay commands listed per kind of trouble
COMMON = 0.9         # an option value in this share of a trouble's games is named with it


def replay_command(game_id, row, defaults):
    """The command line that replays the game of `row` move by move."""
    levels = row["levels"][:1] if len(set(row["levels"])) == 1 else row["levels"]
    words = ["python3", "main.py", "report", game_id, "--replay", str(row["seed"]),
             "--players", str(row["players"]), "--bots", ",".join(levels)]
    for key, value in row["options"].items():
        if defaults.get(key) != value and not key.endswith(".players"):
            words.append(f"--option {key}={value}")
    return " ".join(words)


def _proportion(hits, n):
    low, high = stats.wilson(hits, n)
    return {"count": hits, "n": n, "share": hits / n if n else 0.0, "ci": [low, high]}


def _mean(values):
    mean, low, high = stats.mean_interval(values)
    return {"mean": mean, "ci": [low, high], "n": len(values)}


_flag = effects._flag


def flag_seats(summaries):
    """Flag the seats of every configuration in `summaries` as one family: the overall
    tests and the first players' tests Holm-corrected together; each seat by its own
    test, Holm-corrected among its configuration's seats, where the overall test is."""
    seated = [s for s in summaries if "seats" in s]
    _flag([s["overall"] for s in seated] + [s["first_player"] for s in seated
                                             if s["first_player"]])
    for summary in seated:
        _flag(summary["seats"])
        for entry in summary["seats"]:
            entry["significant"] = entry["significant"] and summary["overall"]["significant"]


def _seats(rows, k):
    """Wins by seat against the fair share, who starts, the first player's wins, and the
    overall test of seat balance (rows: the games not capped), not yet flagged
    (`flag_seats`)."""
    n = len(rows)
    wins = [sum(seat in row["winners"] for row in rows) for seat in range(k)]
    fair = sum(wins) / (n * k) if n else 1 / k
    decided = [row for row in rows if len(row["winners"]) == 1]
    sole = [sum(row["winners"][0] == seat for row in decided) for seat in range(k)]
    tested = len(decided) >= stats.MIN_GROUP
    p, test = stats.uniform_test(sole) if tested else (1.0, "none")
    overall = {"p": p, "test": test, "tested": tested, "games": len(decided)}
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
    seats = []
    for seat in range(k):
        entry = _proportion(wins[seat], n)
        entry.update(edge=entry["share"] - fair, sole=sole[seat], tested=tested,
                     p=stats.binomial_test(sole[seat], len(decided), 1 / k))
        seats.append(entry)
    detect = (stats.detectable(((1 / k) * (1 - 1 / k) / len(decided)) ** 0.5, k)
              if decided else None)
    return {"fair_share": fair, "seat_games": n, "seats": seats, "overall": overall,
            "first_player": first, "fixed_first": next(iter(starts)) if len(starts) == 1 else None,
            "starts": [_proportion(starts.get(seat, 0), started) for seat in range(k)],
            "detect": detect}


def _scores(info, rows, k, reference):
    """Mean final score per seat, and the winning margins: their spread and the share of
    close games (at most half the reference margin), blowouts (at least twice it) and
    comfortable wins between; the reference is the first configuration's median margin.
    Where every game ends with the winner level with the next seat on the score
    (`tied`: KTU's Play to the last, everyone out but one), the margin measures nothing
    of the win, and closeness is not told."""
    margins = [m for m in (margin_of(row, info.lower_is_better) for row in rows) if m is not None]
    median = statistics.median(margins) if margins else 0
    reference = median if reference is None else reference
    tied = bool(margins) and not any(margins)
    out = {"seats": [_mean([row["scores"][seat] for row in rows]) for seat in range(k)],
           "lower_is_better": info.lower_is_better,
           "margin": dict(_mean(margins), median=median, reference=reference, tied=tied,
                          values=sorted([v, c] for v, c in Counter(margins).items()))}
    if reference > 0 and margins and not tied:
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
    features = [(rank, dealt_feature(rank, family)) for rank in ranks]
    cells = Counter()    # (name, has it, won) -> seat-games
    names = {feature: "dealt" for _, feature in features}
    for row in rows:
        for seat in range(k):
            won = seat in row["winners"]
            held = set(row["dealt"][seat])
            for rank, feature in features:
                cells[(feature, rank in held, won)] += 1
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
        for said in row["safeguards"]:
            groups[("safeguard", said)].append(row)
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


def _places(info, rows, k):
    """Where each seat finished: its share of each place (first to last) and its mean
    place, from the game's own finishing order where it ranks every seat, else from the
    final scores (ties share the better place); and the last place's margin behind the
    one before it. None for fewer than three players."""
    if k < 3 or not rows:
        return None
    seats = []
    for s in range(k):
        places = [row["places"][s] for row in rows]
        seats.append({"mean": _mean(places),
                      "shares": [_proportion(places.count(p), len(places))
                                 for p in range(1, k + 1)]})
    margins = [m for m in (last_margin_of(row, info.lower_is_better) for row in rows)
               if m is not None]
    return {"seats": seats, "ranked": sum(bool(row.get("ranked")) for row in rows),
            "last_margin": dict(_mean(margins),
                                values=sorted([v, c] for v, c in Counter(margins).items()))}


def _used(info, rows):
    """For every house rule: the value these games were played with and how many of them
    another value would have changed (the moves on offer, the play)."""
    out = {}
    for option in info.options:
        if option.id == info.player_option:
            continue
        values = sorted({row["options"][option.id] for row in rows}, key=str)
        out[option.id] = dict(effects.used(rows, option.id), label=option.label,
                              values=[option_words(info, option.id, v) for v in values])
    return out


def summarize_config(info, rows, defaults, reference=None):
    """The figures of one configuration's rows (`reference`: the median winning margin
    that close games and blowouts are measured against; this one's own when None); its
    seats and relations are flagged as a family of their own (`summarize` flags every
    configuration's together)."""
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
           "problems": _problems(info, rows, defaults), "used": _used(info, rows)}
    pace = seconds_per_action(info.id)
    out["pace"] = pace
    out["minutes"] = _mean([row["actions"] * pace / 60 for row in rows]) if pace else None
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
        flag_seats([out])
        out["scores"] = _scores(info, natural, k, reference)
        out["places"] = _places(info, natural, k)
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


def _side_by_side(info, summaries, groups):
    """Each figure of every configuration, side by side (each with its 95% interval and
    its count; every seat's wins, as the edge over the fair share where the player
    counts differ). Nothing here is tested: the house rules ranked test the
    differences."""
    k = {s.get("players") for s in summaries}
    alike = len(k) == 1 and None not in k
    rows = [row for rows in groups for row in rows]
    lines = []
    seats = max((s.get("players", 0) for s in summaries), default=0)
    for s in range(seats):
        cells = []
        for summary in summaries:
            entry = summary["seats"][s] if s < summary.get("players", 0) else None
            cells.append(entry and dict(entry))
        lines.append({"figure": f"{words.seat(s)} wins", "kind": "edge", "cells": cells})
    for figure in effects.figures(info, summaries, rows, alike):
        if figure.name.startswith("Seat "):
            continue
        cells = []
        for chosen in groups:
            values = [v for v in map(figure.value, chosen) if v is not None]
            if figure.kind == "share":
                cells.append(_proportion(sum(map(bool, values)), len(values)))
            else:
                cells.append(_mean([float(v) for v in values]))
        lines.append({"figure": figure.name, "kind": "share" if figure.kind == "share"
                      else "mean", "cells": cells})
        if figure.name == "actions per game" and all(s["minutes"] for s in summaries):
            lines.append({"figure": "minutes at the table (at the app's pace, at least)",
                          "kind": "mean", "cells": [s["minutes"] for s in summaries]})
    return lines


def _same_games(groups):
    """For each configuration, the first earlier one whose games were the very same
    (every game's winners, scores, length and first player alike), or None."""
    def digest(rows):
        return [(r["index"], r["winners"], r["scores"], r["actions"], r["first"]) for r in rows]
    digests = [digest(rows) for rows in groups]
    return [next((m for m in range(n) if digests[m] == digests[n] and digests[n]), None)
            for n in range(len(groups))]


def _summarize(info, spec, configs, groups):
    """Every figure of `configs` (their rows in `groups`) without the findings."""
    defaults = info.default_options()
    summaries, reference = [], None
    for config, chosen in zip(configs, groups):
        summary = summarize_config(info, chosen, defaults, reference)
        if "scores" in summary and reference is None:
            reference = summary["scores"]["margin"]["reference"]
        summary["label"] = config["label"]
        summary["levels"] = config["levels"]
        summaries.append(summary)
    flag_seats(summaries)
    _flag([r for s in summaries for r in s.get("relations", ())])
    rows = [row for chosen in groups for row in chosen]
    return {"game": spec["game"], "games": len(rows), "configs": summaries,
            "curve_label": measures_for(spec["game"]).curve_label,
            "same_games": _same_games(groups),
            "comparison": _side_by_side(info, summaries, groups) if len(configs) > 1 else [],
            "effects": effects.rank(info, spec, configs, groups, summaries, rows)
            if len(configs) > 1 or spec["fuzz"] else []}


def summarize(spec, configs, rows, other=None):
    """The whole summary: per configuration, the configurations side by side, the house
    rules ranked by effect, and the findings in words; with `check` configurations (the
    same played by Medium where random movers played), their summary under "check".
    `other`: another seed's report (its summary.json's data), whose findings each finding
    is looked for in."""
    from game.report.findings import findings
    info = registry.game_info(spec["game"])
    groups = [[] for _ in configs]
    for row in rows:
        groups[row["config"]].append(row)
    main = [n for n, c in enumerate(configs) if not c.get("check")]
    check = [n for n, c in enumerate(configs) if c.get("check")]
    out = _summarize(info, spec, [configs[n] for n in main], [groups[n] for n in main])
    if check:
        out["check"] = _summarize(info, spec, [configs[n] for n in check],
                                  [groups[n] for n in check])
    out["findings"] = findings(info, spec, out, other)
    return out
