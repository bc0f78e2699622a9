"""The report's findings in sentences: what the run found, ranked by size (broken
contracts and stalls first), each with its 95% interval and its number of games; what
the run could detect; and what it found nothing of. Only flags that survive their
family's correction (see `game.report.summary`) become findings; associations with what a
seat did during play carry the survivorship caution.

`findings(info, spec, summary)` -> {"found": [{"size", "kind", "text"}], "detect":
[sentences], "nothing": [sentences]}; sizes are percentage points for shares and
percent for means, so one list ranks both; associations with play come after every
other finding, whatever their size, as they are not effects. Side by side, a
configuration's safeguards are found through the comparison with the first one (the
first's are listed as they are), and only the headline figures (seat wins, endings,
safeguards, length, margin) become findings; the game's own measures stay in the tables.
"""
import statistics

from game.report import stats
from game.report.words import (about_points, ci_num, ci_pct, count, num, p_words, pct,
                               points, seat)

CAUTION = ("an association, not a cause: what a seat does during play may follow from how "
           "its game was going (survivorship)")
TROUBLE = "run into trouble (a stall, a safeguard limit or one reached, a broken contract)"


def _prefix(summary, many):
    return f"With {summary['label']}, " if many else ""


def _cap(text):
    return text[:1].upper() + text[1:]


def _problems(summary, many):
    out = []
    for problem in summary["problems"]:
        common = "".join(f"; {pct(c['share'])} of them with {c['words']} ({pct(c['overall'])} "
                         "of all games)" for c in problem["common"])
        games = (f"{pct(problem['share'])} of games ({ci_pct(problem)}; "
                 f"{problem['count']:,} of {problem['n']:,})")
        if problem["kind"] in ("contract", "stall"):
            what = ("broke the rules' contract" if problem["kind"] == "contract"
                    else "stalled")
            text = (f"{_prefix(summary, many)}{games} {what}: {problem['what']}{common}. "
                    f"Replay one: {problem['commands'][0]}")
            out.append({"size": 1000 + problem["share"], "kind": problem["kind"], "text": text})
        else:
            verb = "end at the" if problem["kind"] == "limit" else "reach"
            out.append({"size": 100 * problem["share"], "kind": "safeguard",
                        "text": f"{_prefix(summary, many)}{games} {verb} {problem['what']}{common}."})
    return out


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


def _seat_findings(summary, many):
    out = []
    seats = summary["seats"]
    if summary["overall"]["significant"]:
        shares = [s["share"] for s in seats]
        high = max(range(len(seats)), key=lambda i: shares[i])
        low = min(range(len(seats)), key=lambda i: shares[i])
        head = _trend(shares) or (f"{seat(high)} wins more" if len(seats) == 2
                                  else "The seats are unbalanced")
        flagged = [seat(i) for i, s in enumerate(seats) if s["significant"]]
        capped = summary["capped"]["count"]
        head = head[:1].lower() + head[1:] if many and not head.startswith("Seat ") else head
        text = (f"{_prefix(summary, many)}{head}: {seat(high)} wins "
                f"{pct(shares[high])} ({ci_pct(seats[high])}) and {seat(low)} "
                f"{pct(shares[low])} ({ci_pct(seats[low])}), against a fair share of "
                f"{pct(summary['fair_share'])}; {count(summary['seat_games'], 'game')}"
                + (f" ({capped:,} capped left out)" if capped else "")
                + f", overall test {p_words(summary['overall']['p'])}"
                + (f"; flagged on their own: {', '.join(flagged)}" if flagged else "") + ".")
        edge = max(abs(s["edge"]) for s in seats)
        out.append({"size": 100 * edge, "kind": "seats", "text": text})
    first = summary["first_player"]
    if first and first["significant"]:
        out.append({"size": 100 * abs(first["edge"]), "kind": "first player",
                    "text": f"{_prefix(summary, many)}the first player wins {pct(first['share'])} "
                            f"({ci_pct(first)}) against a fair share of "
                            f"{pct(summary['fair_share'])}; {count(first['n'], 'game')}."})
    for relation in summary["relations"]:
        if not relation["significant"]:
            continue
        name = relation["feature"]
        who = f"seats {name}" if relation["kind"] == "dealt" else f"seats with {name}"
        text = (f"{_prefix(summary, many)}{who} win "
                f"{pct(relation['with']['share'])} ({ci_pct(relation['with'])}; "
                f"{count(relation['with']['n'], 'seat-game')}) against "
                f"{pct(relation['without']['share'])} ({ci_pct(relation['without'])}; "
                f"{count(relation['without']['n'], 'seat-game')}) without"
                + (f": {CAUTION}" if relation["kind"] == "play" else "") + ".")
        out.append({"size": 100 * abs(relation["difference"]), "kind": relation["kind"],
                    "text": text})
    return out


def _value(line, cell):
    if line["kind"] == "mean":
        return f"{num(cell['mean'])} ({ci_num(cell)})"
    if line["kind"] == "edge" and "edge" in cell:
        return f"{pct(cell['share'])} ({ci_pct(cell)}), an edge of {points(cell['edge'])}"
    return f"{pct(cell['share'])} ({ci_pct(cell)})"


def _comparison(summary):
    out = []
    configs = summary["configs"]
    for line in summary["comparison"]:
        if not line.get("headline"):
            continue
        base = line["cells"][0]
        for config, cell in zip(configs[1:], line["cells"][1:]):
            if not cell["significant"]:
                continue
            if line["kind"] == "mean":
                change = (f", {cell['relative']:+.0%}" if cell.get("relative") is not None else "")
                size = 100 * abs(cell["relative"] or 0.0)
            else:
                change = f", {points(cell['difference'])}"
                size = 100 * abs(cell["difference"])
            out.append({"size": size, "kind": "comparison",
                        "text": f"With {config['label']}, {line['figure']}: {_value(line, cell)}, "
                                f"against {_value(line, base)} with {configs[0]['label']}"
                                f"{change}; {count(cell['pairs'], 'game')} each, on the same seeds."})
    return out


def _effect_words(entry, base):
    """(test, size key, sentence) for each effect of an option value against its base."""
    games = count(entry["games"], "game")
    return [
        ("length", "length",
         f"With {entry['words']}, games last {num(entry['actions']['mean'])} actions "
         f"({ci_num(entry['actions'])}; {games}), {entry['length']:+.0%} against {base['words']}."),
        ("trouble", "trouble_change",
         f"With {entry['words']}, {pct(entry['trouble']['share'])} of games "
         f"({ci_pct(entry['trouble'])}; {games}) {TROUBLE}, against "
         f"{pct(base['trouble']['share'])} with {base['words']}."),
        ("balance", "edge_change",
         f"With {entry['words']}, the winning seat is spread differently than with "
         f"{base['words']}: the largest seat edge is {points(entry['edge'])}"
         + (f" ({seat(entry['edge_seat'])})" if entry["edge_seat"] is not None else "")
         + f" against {points(base['edge'])}; {games}.")]


def _effects(summary):
    out = []
    for option in summary["effects"]:
        base = next(e for e in option["values"] if e["base"])
        for entry in option["values"]:
            if "tests" not in entry:
                continue
            for test, size, text in _effect_words(entry, base):
                if entry["tests"][test]["significant"]:
                    out.append({"size": 100 * abs(entry[size]), "kind": "option", "text": text})
    return out


def _detect(summary):
    configs = summary["configs"]
    first = configs[0]
    out = []
    if first.get("detect"):
        who = (f"With {first['label']}, the" if len(configs) > 1 else "The")
        text = (f"{who} {count(first['overall']['games'], 'game')} with one winner (of "
                f"{first['games']:,}) could detect a seat edge of "
                f"{about_points(first['detect'])}")
        if first.get("relations_detect"):
            text += f", and a dealt card's effect of {about_points(first['relations_detect'])}"
        out.append(text + f" (at {stats.POWER:.0%} power, after the corrections).")
    tested = [c for line in summary["comparison"] for c in line["cells"][1:] if c.get("tested")]
    actions = next((line for line in summary["comparison"] if line["figure"] == "actions per game"),
                   None)
    if actions and tested:
        cell = actions["cells"][1]
        base = actions["cells"][0]["mean"]
        if cell.get("se") and base:
            out.append(f"Side by side on the same seeds, the run could detect a change of about "
                       f"{100 * stats.detectable(cell['se'], len(tested)) / base:.0f}% in actions "
                       "per game.")
    return out


def _nothing(summary):
    """What the run looked for and found in no configuration, and where it had too few
    games to test seat balance."""
    configs = [c for c in summary["configs"] if "seats" in c]
    areas = {"a seat edge": [c["overall"] for c in configs],
             "a first player's edge": [c["first_player"] for c in configs if c["first_player"]],
             "an effect of a dealt card": [r for c in configs for r in c["relations"]
                                           if r["kind"] == "dealt"],
             "an association of a rule used with winning": [r for c in configs
                                                            for r in c["relations"]
                                                            if r["kind"] == "play"],
             "a difference side by side": [c for line in summary["comparison"]
                                           for c in line["cells"][1:]]}
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


def findings(info, spec, summary):
    """The findings, the detection limits and what was not found (see the module)."""
    configs = summary["configs"]
    many = len(configs) > 1
    found = []
    for number, config in enumerate(configs):
        found += [f for f in _problems(config, many)
                  if not number or f["kind"] in ("contract", "stall")]
        if "seats" in config:
            found += _seat_findings(config, many)
    found += _comparison(summary)
    if spec["fuzz"]:
        found += _effects(summary)
    found.sort(key=lambda f: (f["kind"] == "play", -f["size"]))
    for finding in found:
        finding["text"] = _cap(finding["text"])
    return {"found": found, "detect": _detect(summary), "nothing": _nothing(summary)}
