"""The report's findings in sentences, ranked by what a designer can act on, each naming
who played, with its 95% interval and its number of games.

`findings(info, spec, summary, other=None)` -> {"found": [{group, size, kind, key, text,
details?}], "who": the players in words, "detect": [sentences], "nothing": [sentences]};
given `other`, also "other_seed" and "not_again": the other seed's findings (or some of
their figures) this run did not find.

The order: a broken rules contract or a stall (the game itself is broken); the swept
rules' effects (the flagged entries of the house rules ranked, the very same tests);
swept values nobody used; the seats' balance, with the declared measure that goes
with it most; the safeguards reached; the cards dealt; and last, folded into one line,
the associations of what seats did during play with winning, which follow from how a
game ends (you play blind when about to go out), not causes. Within a group, by size
(points for shares, percent for means). A finding that holds in every configuration
is one line ("in all 4 configurations"), one that holds in some names them. Where
random movers played, each finding says so and what Medium did in the same
configurations (`summary["check"]`). Each finding not yet seen on another seed says
"Check on another seed"; given `other` (another seed's summary and seed, --confirm),
it says whether that run found it too.
"""
import math
import statistics

from game.report import stats
from game.report.words import (about_points, ci_num, ci_pct, count, num, p_words, pct,
                               points, seat)

CAUTION = ("an association, not a cause: what a seat does during play may follow from how "
           "its game was going (survivorship)")
GROUPS = ("broken", "effect", "unused", "seats", "safeguard", "dealt", "play")
LEVEL_WORDS = {"random": "random movers", "easy": "Easy bots", "medium": "Medium bots",
               "hard": "Hard bots"}
RANDOM_NOTE = " (random legal moves, not players)"
CHECK = "Check on another seed."
SPELLED = 4          # a figure found in this many configurations or fewer is given for each
RARE = 0.05          # a swept value that changed the play in fewer of its games is said so


def who_played(levels, iterations=None):
    """Who played, in words: 'Medium bots in every seat', 'random movers in every seat
    (random legal moves, not players)', 'Hard in Seat 1, Medium in Seats 2, 3 and 4'."""
    kinds = list(dict.fromkeys(levels))
    note = RANDOM_NOTE if "random" in kinds else ""
    hard = f" ({iterations} iterations a move)" if "hard" in kinds and iterations else ""
    if len(kinds) == 1:
        return f"{LEVEL_WORDS[kinds[0]]} in every seat{note}{hard}"
    parts = []
    for level in kinds:
        seats = [str(s + 1) for s, other in enumerate(levels) if other == level]
        where = (f"Seat {seats[0]}" if len(seats) == 1
                 else f"Seats {', '.join(seats[:-1])} and {seats[-1]}")
        parts.append(f"{LEVEL_WORDS[level].split()[0].capitalize()} in {where}")
    return ", ".join(parts) + note + hard


def _cap(text):
    return text[:1].upper() + text[1:]


def _finding(group, size, kind, key, where, sentence, **more):
    """A finding: who played comes before `where` (', with X') when it is said."""
    return dict(group=GROUPS.index(group), size=size, kind=kind, key=list(key), where=where,
                text=_cap(sentence), **more)


def _where(labels, all_labels, same=0):
    """', with X', ', with X and with Y', ', in all 4 configurations' or ''."""
    if len(all_labels) < 2:
        return ""
    if len(labels) == len(all_labels):
        twins = f" ({same} of them the very same games as another)" if same else ""
        every = "both" if len(labels) == 2 else f"all {len(labels)}"
        return f", in {every} configurations{twins}"
    return ", with " + " and with ".join(labels)


def _span(values, show):
    """One value, or the range of several ('37.2–39.9%')."""
    low, high = min(values), max(values)
    if show(low) == show(high):
        return show(low)
    text = f"{show(low)}–{show(high)}"
    return text.replace("%–", "–")


# ---- broken contracts, stalls and safeguards ---------------------------------------------
def _problems(configs, labels, same):
    out = []
    kinds = {}
    for config in configs:
        for problem in config["problems"]:
            kinds.setdefault((problem["kind"], problem["what"]), []).append((config, problem))
    for (kind, what), found in kinds.items():
        shares = [p["share"] for _, p in found]
        where = _where([c["label"] for c, _ in found], labels, same)
        if len(found) == 1:
            problem = found[0][1]
            games = (f"{pct(problem['share'])} of games ({ci_pct(problem)}; "
                     f"{problem['count']:,} of {problem['n']:,})")
        elif len(found) <= SPELLED:
            games = (", ".join(f"{pct(p['share'])} ({ci_pct(p)}) with {c['label']}"
                               for c, p in found)
                     + f" ({count(found[0][1]['n'], 'game')} each)")
        else:
            games = (f"{_span(shares, pct)} ({count(found[0][1]['n'], 'game')} "
                     "in each configuration)")
        common = "".join(f"; {pct(c['share'])} of them with {c['words']} ({pct(c['overall'])} "
                         "of all games)" for c in found[0][1]["common"])
        single = len(found) == 1
        if kind in ("contract", "stall"):
            what_happened = "broke the rules' contract" if kind == "contract" else "stalled"
            text = (f"{games} {what_happened}: {what}{common}. Replay one: "
                    f"{found[0][1]['commands'][0]}" if single else
                    f"games that {what_happened} ({what}): {games}{common}. Replay one: "
                    f"{found[0][1]['commands'][0]}")
            out.append(_finding("broken", 100 * max(shares), kind, ("problem", kind, what),
                                where, text))
        else:
            verb = "end at the" if kind == "limit" else "reach"
            text = (f"{games} {verb} {what}{common}." if single
                    else f"games that {verb} {what}: {games}{common}.")
            out.append(_finding("safeguard", 100 * max(shares), "safeguard",
                                ("problem", kind, what), where, text,
                                figure=(f"games ending at the {what}" if kind == "limit"
                                        else f"games reaching {what}")))
    return out


# ---- seats -------------------------------------------------------------------------------
def _trend(shares):
    """'Later seats win more', 'Earlier seats win more', or None: the seats' win rates
    against their number, when they line up (correlation 0.8 or more, 3 seats or more)."""
    if len(shares) < 3 or len(set(shares)) < 2:
        return None
    r = statistics.correlation(list(range(len(shares))), shares)
    if r >= 0.8:
        return "Later seats win more"
    if r <= -0.8:
        return "Earlier seats win more"
    return None


def _measure_with(configs, high, low, shares):
    """The declared seat measure that goes with the seats' wins most: among those whose
    per-seat means line up with the win rates (correlation 0.8 or more either way, with
    3 seats or more), the one with the largest ratio between the two seats; a sentence,
    or ''."""
    names = set.intersection(*(set(c.get("seat_measures", {})) for c in configs))
    best = None
    for name in sorted(names):
        means = [statistics.fmean(c["seat_measures"][name][s]["mean"] for c in configs)
                 for s in range(len(shares))]
        if min(means[high], means[low]) <= 0 or len(set(means)) < 2:
            continue
        if len(shares) >= 3:
            if len(set(shares)) < 2 or abs(statistics.correlation(means, shares)) < 0.8:
                continue
        ratio = means[high] / means[low]
        if best is None or abs(math.log(ratio)) > abs(math.log(best[1])):
            best = (name, ratio, means[high], means[low])
    if best is None:
        return ""
    name, ratio, top, bottom = best
    times = f"{ratio:.1f}×" if ratio >= 1 else f"{1 / ratio:.1f}× less"
    return (f" The declared measure that goes with it most: {name}, {num(top)} a game at "
            f"{seat(high)} against {num(bottom)} at {seat(low)} ({times}); an association, "
            "not a cause.")


def _seats(configs, labels, same):
    """The seats' balance where its overall test is flagged: one line for the
    configurations that lean the same way (later seats win more, or the same seat most
    and least), with the seats that win most and least over them."""
    out = []
    flagged = [c for c in configs if c.get("overall", {}).get("significant")]
    groups = {}
    for config in flagged:
        shares = [s["share"] for s in config["seats"]]
        high = max(range(len(shares)), key=shares.__getitem__)
        low = min(range(len(shares)), key=shares.__getitem__)
        trend = _trend(shares)
        head = trend or (f"{seat(high)} wins more" if len(shares) == 2
                         else "The seats are unbalanced")
        groups.setdefault((head, len(shares)) if trend else (head, len(shares), high, low),
                          []).append(config)
    for (head, k, *_), chosen in groups.items():
        shares = [statistics.fmean(c["seats"][s]["share"] for c in chosen) for s in range(k)]
        high = max(range(k), key=shares.__getitem__)
        low = min(range(k), key=shares.__getitem__)
        where = _where([c["label"] for c in chosen], labels, same)
        highs = [c["seats"][high] for c in chosen]
        lows = [c["seats"][low] for c in chosen]
        if len(chosen) == 1:
            config = chosen[0]
            capped = config["capped"]["count"]
            figures = (f"{seat(high)} wins {pct(highs[0]['share'])} ({ci_pct(highs[0])}) and "
                       f"{seat(low)} {pct(lows[0]['share'])} ({ci_pct(lows[0])}), against a "
                       f"fair share of {pct(config['fair_share'])}; "
                       f"{count(config['seat_games'], 'game')}"
                       + (f" ({capped:,} capped left out)" if capped else "")
                       + f", overall test {p_words(config['overall']['p'])}")
        else:
            largest = max(c["overall"]["p"] for c in chosen)
            figures = (f"{seat(high)} wins {_span([e['share'] for e in highs], pct)} and "
                       f"{seat(low)} {_span([e['share'] for e in lows], pct)} (over the "
                       f"configurations), against a fair share of "
                       f"{_span([c['fair_share'] for c in chosen], pct)}; "
                       f"{count(chosen[0]['seat_games'], 'game')} or so in each, overall tests "
                       + (p_words(largest) if largest < 1e-4 else f"{p_words(largest)} or less"))
        singled = sorted({seat(i) for c in chosen for i, s in enumerate(c["seats"])
                          if s["significant"]})
        text = (f"{head}: {figures}"
                + (f"; flagged on their own: {', '.join(singled)}" if singled else "") + "."
                + _measure_with(chosen, high, low, shares))
        edge = max(abs(s["edge"]) for c in chosen for s in c["seats"])
        key = ("seats", head) if _trend(shares) == head else ("seats", head, high, low)
        out.append(_finding("seats", 100 * edge, "seats", key, where, text, high=high, low=low))
    firsts = [c for c in configs if c.get("first_player") and c["first_player"]["significant"]]
    if firsts:
        entries = [c["first_player"] for c in firsts]
        where = _where([c["label"] for c in firsts], labels, same)
        text = (f"the first player wins {_span([e['share'] for e in entries], pct)}"
                + (f" ({ci_pct(entries[0])})" if len(entries) == 1 else "")
                + f" against a fair share of {_span([c['fair_share'] for c in firsts], pct)}; "
                f"{count(entries[0]['n'], 'game')}" + (" in each" if len(entries) > 1 else "")
                + ".")
        out.append(_finding("seats", 100 * max(abs(e["edge"]) for e in entries),
                            "first player", ("first",), where, text))
    return out


# ---- dealt cards and rules used in play --------------------------------------------------
def _relation_text(relation):
    name = relation["feature"]
    who = f"seats {name}" if relation["kind"] == "dealt" else f"seats with {name}"
    return (f"{who} win {pct(relation['with']['share'])} ({ci_pct(relation['with'])}; "
            f"{count(relation['with']['n'], 'seat-game')}) against "
            f"{pct(relation['without']['share'])} ({ci_pct(relation['without'])}; "
            f"{count(relation['without']['n'], 'seat-game')}) without")


def _relations(configs, labels, same):
    out, plays = [], []
    groups = {}
    for config in configs:
        for relation in config.get("relations", ()):
            if relation["significant"]:
                more = relation["difference"] > 0
                groups.setdefault((relation["kind"], relation["feature"], more), []).append(
                    (config, relation))
    for (kind, feature, more), found in groups.items():
        where = _where([c["label"] for c, _ in found], labels, same)
        first = found[0][1]
        text = _relation_text(first)
        if len(found) > 1:
            text = (f"seats {feature if kind == 'dealt' else 'with ' + feature} win "
                    f"{_span([r['with']['share'] for _, r in found], pct)} against "
                    f"{_span([r['without']['share'] for _, r in found], pct)} without "
                    f"({count(first['with']['n'], 'seat-game')} with it or so in each)")
        size = 100 * max(abs(r["difference"]) for _, r in found)
        if kind == "dealt":
            out.append(_finding("dealt", size, "dealt", ("dealt", feature, more), where,
                                f"{text}."))
        else:
            plays.append((size, f"{_cap(where[2:]) + ': ' if where else ''}{_cap(text)}."))
    if plays:
        plays.sort(key=lambda p: -p[0])
        out.append(_finding("play", max(p[0] for p in plays), "play", ("play",), "",
                            f"{count(len(plays), 'association')} of what seats did during "
                            f"play with winning, folded here: {CAUTION}.",
                            details=[text for _, text in plays]))
    return out


# ---- the swept rules ---------------------------------------------------------------------
def _stat(entry, value):
    if entry["kind"] in ("share", "balance"):
        return pct(value)
    if entry["kind"] == "edge":
        return points(value)
    return num(value)


def _figure_text(entry):
    """One flagged figure of a swept value: its two values and the change, with its 95%
    interval."""
    low, high = entry["ci"]
    if entry["kind"] == "balance":
        return (f"the seats' wins spread otherwise: {seat(entry['seat'])} wins "
                f"{pct(entry['value'])} against {pct(entry['base'])}, {points(entry['change'])} "
                f"(95% interval {points(low)} to {points(high)}; each seat's wins tested, "
                f"{p_words(entry['p_adjusted'])} after the corrections)")
    if entry["kind"] in ("share", "edge"):
        change = f"{points(entry['change'])} (95% interval {points(low)} to {points(high)})"
    elif entry["relative"] is not None:
        change = (f"{entry['relative']:+.0%} (95% interval {low / entry['base']:+.0%} to "
                  f"{high / entry['base']:+.0%})")
    else:
        change = f"{entry['change']:+,.2f} (95% interval {ci_num(entry)})"
    return (f"{entry['figure']} {_stat(entry, entry['value'])} against "
            f"{_stat(entry, entry['base'])}, {change}")


def _effects(summary, spec, check, other):
    """One finding per swept value with flagged figures (largest first), each figure with
    what Medium did where random movers played, and whether another seed found it; one
    per swept value nobody used."""
    out = []
    swept = [e["label"] for e in summary["effects"]]
    for option in summary["effects"]:
        base = next(v for v in option["values"] if v["base"])
        others = [label for label in swept if label != option["label"]]
        over = f", each paired once per value of {' and '.join(others)}" if others else ""
        for value in option["values"]:
            key = ("effect", option["option"], value["value"])
            if value["unused"] and not value["base"]:
                used = value["used"]
                why = (f"another value changed the moves on offer in {used['moves']:,} of them, "
                       "but no player chose otherwise and no move did otherwise"
                       if used["moves"] else
                       "it never changed the moves on offer or what a move did")
                out.append(_finding(
                    "unused", 0.0, "unused", ("unused", option["option"], value["value"]), "",
                    f"{value['words']} was never used in {count(used['games'], 'game')}: "
                    f"{why}, so its games are those of {base['value_words']}."))
            used = value["used"]
            if not value["base"] and used and 0 < used["play"] < RARE * used["games"]:
                out.append(_finding(
                    "unused", 0.0, "rare", ("rare", option["option"], value["value"]), "",
                    f"{value['words']} changed the play in only {used['play']:,} of "
                    f"{count(used['games'], 'game')} ({pct(used['play'] / used['games'])}): "
                    "in the others its games are those of "
                    f"{base['value_words']}, so what it does hardly shows in its figures."))
            flagged = sorted((e for e in value["entries"] if e["significant"] and e["headline"]),
                             key=lambda e: -_size(e))
            if not flagged:
                continue
            parts = []
            for entry in flagged:
                text = _figure_text(entry)
                medium = check and _effect_in(check, key, entry["figure"])
                if medium:
                    text += f" (with Medium bots: {medium})"
                if other is not None:
                    seen = any(f["key"] == list(key) and entry["figure"] in f.get("figures", ())
                               for f in other["summary"]["findings"]["found"])
                    text += (f" (seen on seed {other['spec']['seed']} too)" if seen
                             else f" (not found on seed {other['spec']['seed']})")
                parts.append(text)
            games = (f"{count(value['games'], 'game')} against {count(base['games'], 'game')}, "
                     "each with random other rules (fuzzing)" if spec["fuzz"]
                     else f"on the same {count(flagged[0]['n'], 'seed')}{over}")
            out.append(_finding("effect", max(map(_size, flagged)), "effect", key, "",
                                f"{value['words']} against {base['value_words']} ({games}): "
                                + "; ".join(parts) + ".",
                                figures=[e["figure"] for e in flagged]))
    return out


def _size(entry):
    """An entry's size on one scale: points for shares, percent for means."""
    if entry["kind"] != "mean":
        return 100 * abs(entry["change"])
    return 100 * abs(entry["relative"] or 0.0)


# ---- what Medium did, where random movers played; another seed --------------------------
def _in_check(check, finding):
    """What the Medium check found for `finding`'s figure, in words, or None."""
    kind, *rest = finding["key"]
    configs = check["configs"]
    if kind == "problem":
        shares = [p["share"] for c in configs for p in c["problems"]
                  if (p["kind"], p["what"]) == tuple(rest)]
        return f"{_span(shares or [0.0], pct)} of games"
    if kind == "seats":
        high, low = finding["high"], finding["low"]
        seated = [c for c in configs if "seats" in c and len(c["seats"]) > max(high, low)]
        if not seated:
            return None
        return (f"{seat(high)} wins {_span([c['seats'][high]['share'] for c in seated], pct)}"
                f" and {seat(low)} {_span([c['seats'][low]['share'] for c in seated], pct)}")
    if kind == "first":
        shares = [c["first_player"]["share"] for c in configs if c.get("first_player")]
        return f"the first player wins {_span(shares, pct)}" if shares else None
    if kind == "dealt":
        found = [r for c in configs for r in c.get("relations", ()) if r["feature"] == rest[0]]
        if not found:
            return None
        return (f"{_span([r['with']['share'] for r in found], pct)} against "
                f"{_span([r['without']['share'] for r in found], pct)} without")
    if kind in ("unused", "rare"):
        value = _value_in(check, rest[0], rest[1])
        if value is None or not value["used"]:
            return None
        return f"used in {value['used']['play']:,} of {count(value['used']['games'], 'game')}"
    return None


def _value_in(summary, option_id, value_id):
    """A swept value's entry of the house rules ranked in `summary`, or None."""
    option = next((o for o in summary["effects"] if o["option"] == option_id), None)
    return option and next((v for v in option["values"] if v["value"] == value_id), None)


def _effect_in(check, key, figure):
    """What Medium did for one figure of a swept value, in words, or None."""
    value = _value_in(check, key[1], key[2])
    if value is None:
        return None
    if value["unused"]:
        return f"never used in {count(value['used']['games'], 'game')}"
    entry = next((e for e in value["entries"] if e["figure"] == figure), None)
    if entry is None:       # an ending or a safeguard that never came: no figure of it
        return f"{pct(0)} against {pct(0)}" if figure.startswith("games ") else None
    return (f"{_stat(entry, entry['value'])} against {_stat(entry, entry['base'])}"
            + ("" if entry["significant"] else ", not flagged"))


def _seen(other, finding):
    """Whether the other seed's run found `finding` too (the same key)."""
    return any(f["key"] == finding["key"] for f in other["summary"]["findings"]["found"])


def findings(info, spec, summary, other=None):
    """The findings, the detection limits and what was not found (see the module)."""
    from game.report.run import HARD_ITERATIONS
    configs = summary["configs"]
    labels = [c["label"] for c in configs]
    same = sum(n is not None for n in summary.get("same_games", ()))
    levels = configs[0]["levels"] if configs else spec["bots"]
    who = who_played(levels if not spec["fuzz"] else spec["bots"], HARD_ITERATIONS)
    check = summary.get("check")
    swept = _effects(summary, spec, check, other)
    said = {figure for f in swept for figure in f.get("figures", ())}
    problems = [f for f in _problems(configs, labels, same)
                if not (len(summary["effects"]) == 1 and f.get("figure") in said)]
    found = problems + swept + _seats(configs, labels, same) + _relations(configs, labels, same)
    for finding in found:
        text = f"{_cap(who)}{finding.pop('where')} — {finding['text']}"
        finding_kind = finding["kind"]      # a finding's kind (a bug, an effect...), not a move's
        if check and finding_kind not in ("contract", "stall", "play", "effect"):
            medium = _in_check(check, finding)
            if medium:
                games = check["configs"][0]["games"]
                text = text.rstrip(".") + (f"; with Medium bots in the same configurations "
                                           f"({count(games, 'game')} each): {medium}.")
        if finding_kind in ("contract", "stall", "play"):
            pass                            # bugs and associations: nothing to replicate
        elif other is None:
            text += f" {CHECK}"
        elif finding_kind != "effect":              # an effect says it of each of its figures
            text += (f" Seen on seed {other['spec']['seed']} too." if _seen(other, finding)
                     else f" Not found on seed {other['spec']['seed']}.")
        finding["text"] = text
    found.sort(key=lambda f: (f["group"], -f["size"]))
    out = {"found": found, "who": who, "detect": _detect(summary), "nothing": _nothing(summary)}
    if other is not None:
        here = {tuple(f["key"]): f for f in found}
        out["not_again"] = [
            f["text"].rsplit(" Check on another seed.", 1)[0] for f in
            other["summary"]["findings"]["found"]
            if f["kind"] not in ("contract", "stall", "play")
            and (tuple(f["key"]) not in here or not set(f.get("figures", ()))
                 <= set(here[tuple(f["key"])].get("figures", ())))]
        out["other_seed"] = other["spec"]["seed"]
    return out


# ---- what the run could detect, and what it found nothing of -----------------------------
def _detect(summary):
    configs = summary["configs"]
    first = configs[0] if configs else {}
    out = []
    if first.get("detect"):
        who = (f"With {first['label']}, the" if len(configs) > 1 else "The")
        text = (f"{who} {count(first['overall']['games'], 'game')} with one winner (of "
                f"{first['games']:,}) could detect a seat edge of "
                f"{about_points(first['detect'])}")
        if first.get("relations_detect"):
            text += f", and a dealt card's effect of {about_points(first['relations_detect'])}"
        out.append(text + f" (at {stats.POWER:.0%} power, after the corrections).")
    entries = [e for o in summary["effects"] for v in o["values"] for e in v["entries"]]
    tested = [e for e in entries if e["tested"]]
    actions = next((e for e in tested if e["figure"] == "actions per game"), None)
    if actions and actions["se"] and actions["base"]:
        out.append(f"The house rules' tests could detect a change of about "
                   f"{100 * stats.detectable(actions['se'], len(tested)) / actions['base']:.0f}% "
                   "in actions per game.")
    return out


def _nothing(summary):
    """What the run looked for and found in no configuration, and where it had too few
    games to test seat balance."""
    configs = [c for c in summary["configs"] if "seats" in c]
    entries = [e for o in summary["effects"] for v in o["values"] for e in v["entries"]]
    areas = {"a seat edge": [c["overall"] for c in configs],
             "a first player's edge": [c["first_player"] for c in configs if c["first_player"]],
             "an effect of a dealt card": [r for c in configs for r in c["relations"]
                                           if r["kind"] == "dealt"],
             "an association of a rule used with winning": [r for c in configs
                                                            for r in c["relations"]
                                                            if r["kind"] == "play"],
             "an effect of a house rule": entries}
    nothing = [area for area, tests in areas.items()
               if any(t["tested"] for t in tests) and not any(t["significant"] for t in tests)]
    out = ["Found nothing of: " + ", ".join(nothing) + "."] if nothing else []
    few = [c["label"] for c in configs if not c["overall"]["tested"]]
    if few:
        where = (f" with {' and with '.join(few)}" if len(few) <= 2 and len(summary["configs"]) > 1
                 else f" in {len(few)} of the {len(configs)} configurations" if len(few) > 2
                 else "")
        out.append(f"Too few games to test seat balance{where} (fewer than {stats.MIN_GROUP} "
                   "games with one winner, not capped).")
    return out
