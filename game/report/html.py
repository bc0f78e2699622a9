"""The report as one self-contained HTML page: the findings first, then tables of every
figure with its 95% interval and count, and charts drawn by matplotlib (Agg, no display)
embedded as base64 PNG. matplotlib is a designers' extra, imported only when a report is
drawn. Every chart's title names the game and the configuration."""
import base64
import html
import io

from game import registry
from game.report import MissingExtra, stats
from game.report.summary import ENDS
from game.report.words import (about_points, ci_num, ci_pct, count, num, option_words,
                               options_words, p_words, pct, points, seat)
from game.version import TITLE

STYLE = """
body { font-family: sans-serif; margin: 2em; max-width: 1100px; color: #222; line-height: 1.4; }
h1 { margin-bottom: 0.2em; } h2 { border-bottom: 2px solid #357; margin-top: 1.6em; }
table { border-collapse: collapse; margin: 0.6em 0; font-size: 14px; }
td, th { border: 1px solid #bbb; padding: 3px 8px; text-align: right; vertical-align: top; }
th { background: #e8eef4; } td.l, th.l { text-align: left; }
.sig { background: #fde2c8; font-weight: bold; } .note { color: #555; font-size: 13px; }
.findings li { margin: 0.35em 0; } .findings { background: #f6f8fa; padding: 0.8em 2.2em;
  border-left: 4px solid #d9822b; }
code { background: #f2f2f2; padding: 1px 4px; font-size: 12px; }
img { max-width: 100%; display: block; margin: 0.4em 0; }
"""
BLUE, ORANGE, GREY = "#4a7bb7", "#d9822b", "#888"


def _pyplot():
    try:
        import matplotlib
    except ImportError:
        raise MissingExtra("matplotlib") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _png(fig):
    plt = _pyplot()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=80, bbox_inches="tight")
    plt.close(fig)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img alt="chart" src="data:image/png;base64,{data}">'


def _table(head, rows, left=1, command=False):
    """An HTML table; the first `left` columns (and a last column of commands) aligned
    left, a cell given as a 1-tuple shaded as significant."""
    def is_left(i):
        return i < left or (command and i == len(head) - 1)
    out = ["<table><tr>"]
    out += [f'<th class="{"l" if is_left(i) else ""}">{html.escape(str(h))}</th>'
            for i, h in enumerate(head)]
    out.append("</tr>")
    for row in rows:
        out.append("<tr>")
        for i, cell in enumerate(row):
            sig = isinstance(cell, tuple)
            text = cell[0] if sig else cell
            classes = ("l " if is_left(i) else "") + ("sig" if sig else "")
            out.append(f'<td class="{classes.strip()}">{html.escape(str(text))}</td>')
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


def _mark(text, significant):
    """A cell marked significant (shaded) when `significant`."""
    return (text + " *",) if significant else text


def _p(entry):
    """A tested entry's p-value and its Holm-adjusted one; '' when untested."""
    if not entry.get("tested", True):
        return "not tested"
    text = p_words(entry["p"]).replace("p = ", "").replace("p ", "")
    if "p_adjusted" in entry and entry["p_adjusted"] != entry["p"]:
        text += f" (adj. {p_words(entry['p_adjusted']).replace('p = ', '').replace('p ', '')})"
    return text


def _errors(values, entries):
    """Matplotlib's error bar lengths [[below], [above]] of `values` to their intervals
    (never negative, as rounding at a share of 0 or 1 could make them)."""
    return [[max(0.0, v - e["ci"][0]) for v, e in zip(values, entries)],
            [max(0.0, e["ci"][1] - v) for v, e in zip(values, entries)]]


def _title(ax, what, where):
    ax.set_title(f"{what}\n{where}", fontsize=10)


def _seat_chart(summary, where):
    plt = _pyplot()
    seats = summary["seats"]
    entries = list(seats) + ([summary["first_player"]] if summary["first_player"] else [])
    labels = [seat(i) for i in range(len(seats))] + (["First player"] if summary["first_player"] else [])
    fig, ax = plt.subplots(figsize=(6, 3))
    shares = [e["share"] for e in entries]
    ax.bar(labels, shares, yerr=_errors(shares, entries), capsize=4,
           color=[ORANGE if e["significant"] else BLUE for e in entries])
    ax.axhline(summary["fair_share"], color="#555", linestyle="--", label="fair share")
    ax.set_ylabel("win rate")
    ax.legend(loc="upper right", fontsize=8)
    _title(ax, f"Wins by seat (95% Wilson intervals, {count(summary['seat_games'], 'game')})", where)
    return _png(fig)


def _bins(low, high):
    """Whole-number histogram bin edges from low to high: one bin per value up to 40
    values, otherwise bins of a whole width."""
    width = max(1, -(-(high - low + 1) // 40))
    return [low - 0.5 + width * i for i in range((high - low) // width + 2)]


def _length_chart(summary, where):
    plt = _pyplot()
    keys = [key for key in ("turns", "actions", "hands")
            if len(summary["length"][key]["values"]) > 1]
    if not keys:
        return ""
    fig, axes = plt.subplots(1, len(keys), figsize=(4.5 * len(keys), 2.9), squeeze=False)
    for ax, key in zip(axes[0], keys):
        entry = summary["length"][key]
        capped = dict((v, c) for v, c in entry["capped"])
        natural = [v for v, c in entry["values"] for _ in range(c - capped.get(v, 0))]
        cut = [v for v, c in entry["capped"] for _ in range(c)]
        values = [v for v, _ in entry["values"]]
        ax.hist([natural, cut], bins=_bins(min(values), max(values)), stacked=True,
                color=[BLUE, ORANGE], label=["played out", "capped"])
        if cut:
            ax.axvline(min(cut), color=ORANGE, linestyle=":")
            ax.legend(fontsize=7, title=f"capped: {count(len(cut), 'game')}", title_fontsize=7)
        ax.set_xlabel(key)
        ax.set_ylabel("games")
        ax.xaxis.get_major_locator().set_params(integer=True)
    fig.suptitle(f"Game length ({count(summary['games'], 'game')})\n{where}", fontsize=10, y=1.08)
    return _png(fig)


def _margin_chart(scores, where):
    plt = _pyplot()
    margin = scores["margin"]
    if len(margin["values"]) < 2:
        return ""
    values = [v for v, c in margin["values"] for _ in range(c)]
    fig, ax = plt.subplots(figsize=(6, 2.8))
    ax.hist(values, bins=_bins(min(values), max(values)), color=BLUE)
    for key, label in (("close_at", "close"), ("blowout_at", "blowout")):
        if key in margin:
            ax.axvline(margin[key], color=ORANGE, linestyle="--")
            ax.text(margin[key], ax.get_ylim()[1] * 0.92, f" {label}", color=ORANGE, fontsize=8)
    ax.set_xlabel("winner's lead over the next seat at the end")
    ax.set_ylabel("games")
    _title(ax, f"Winning margins ({count(margin['n'], 'game')})", where)
    return _png(fig)


def _curve_chart(summary, label, where):
    plt = _pyplot()
    points_ = summary["curve"]
    last = max((i for i, p in enumerate(points_) if p["going"] >= max(1, p["n"] // 20)),
               default=len(points_) - 1)
    points_ = points_[:last + 2]
    if len(points_) < 2:
        return ""
    fig, ax = plt.subplots(figsize=(8, 3.4))
    steps = [p["step"] for p in points_]
    for s in range(summary["players"]):
        means = [p["seats"][s]["mean"] for p in points_]
        ax.plot(steps, means, label=seat(s))
        ax.fill_between(steps, [p["seats"][s]["ci"][0] for p in points_],
                        [p["seats"][s]["ci"][1] for p in points_], alpha=0.2)
    named = all(p["name"] for p in points_)
    if named:
        ax.set_xticks(steps)
        ax.set_xticklabels([p["name"] for p in points_], rotation=35, ha="right", fontsize=7)
    else:
        ax.set_xlabel(label)
        ax.xaxis.get_major_locator().set_params(integer=True)
    ax.set_ylabel("mean score")
    ax.legend(fontsize=8)
    _title(ax, (f"Score as each {label} begins" if named else f"Score after each {label}")
           + " (mean, 95% t band; a finished game keeps its final score)", where)
    return _png(fig)


def _relations_chart(relations, where):
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 0.4 * len(relations) + 1.2))
    for offset, key, colour in ((-0.15, "without", GREY), (0.15, "with", BLUE)):
        entries = [rel[key] for rel in relations]
        shares = [e["share"] for e in entries]
        ax.errorbar(shares, [i + offset for i in range(len(entries))],
                    xerr=_errors(shares, entries), fmt="o", color=colour, capsize=3, label=key)
    marked = [i for i, rel in enumerate(relations) if rel["significant"]]
    if marked:
        ax.plot([relations[i]["with"]["share"] for i in marked], [i + 0.15 for i in marked],
                "o", color=ORANGE, zorder=3)
    ax.set_yticks(range(len(relations)))
    ax.set_yticklabels([r["feature"] + (" *" if r["significant"] else "") for r in relations],
                       fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("win rate of the seat")
    ax.legend(fontsize=8)
    _title(ax, "Win rate with and without (95% Wilson)", where)
    return _png(fig)


def _tally_chart(name, counts, where):
    plt = _pyplot()
    labels = list(counts)
    if all(label.lstrip("-").isdigit() for label in labels):
        labels.sort(key=int)
    fig, ax = plt.subplots(figsize=(6, 2.6))
    ax.bar(labels, [counts[label] for label in labels], color=BLUE)
    _title(ax, f"{name} (all games)", where)
    ax.tick_params(axis="x", labelsize=7)
    return _png(fig)


def _compare_chart(summary, where):
    plt = _pyplot()
    configs = summary["configs"]
    lines = [line for line in summary["comparison"]
             if line["figure"] in ("Seat 1 wins", "actions per game")
             or line["figure"].startswith(("games ending with a safeguard", "games ending at"))]
    fig, axes = plt.subplots(1, len(lines), figsize=(4.6 * len(lines), 3.2), squeeze=False)
    for ax, line in zip(axes[0], lines):
        key = "mean" if line["kind"] == "mean" else "share"
        values = [c[key] for c in line["cells"]]
        ax.bar(range(len(values)), values, yerr=_errors(values, line["cells"]), capsize=4,
               color=[ORANGE if c["significant"] else BLUE for c in line["cells"]])
        ax.set_xticks(range(len(values)))
        ax.set_xticklabels([c["label"] for c in configs], rotation=20, fontsize=7, ha="right")
        ax.set_title(line["figure"], fontsize=10)
    fig.suptitle(where, fontsize=10, y=1.04)
    return _png(fig)


def _starts(summary):
    """Who starts, in a sentence."""
    if summary["fixed_first"] is not None:
        return (f"{seat(summary['fixed_first'])} starts every game, so the first player's "
                f"figures are {seat(summary['fixed_first'])}'s.")
    shares = [f"{seat(i)} {pct(e['share'])}" for i, e in enumerate(summary["starts"]) if e["count"]]
    return "The first player varies: " + ", ".join(shares) + " of the games."


def _seat_section(summary, where):
    out = ["<h3>Who starts and who wins</h3>", f"<p>{_starts(summary)}</p>"]
    if summary["capped"]["count"]:
        out.append(f"<p>{count(summary['capped']['count'], 'game')} "
                   f"({pct(summary['capped']['share'])}) ended capped (a safeguard limit, a "
                   "stall or a broken contract) and are left out of the seats' figures; they "
                   "are counted under How games end.</p>")
    if not summary["seat_games"]:
        return "".join(out)
    out.append(_seat_chart(summary, where))
    rows = [[seat(i), s["count"], s["n"], pct(s["share"]), _mark(ci_pct(s), s["significant"]),
             points(s["edge"]), s["sole"], _p(s)] for i, s in enumerate(summary["seats"])]
    first = summary["first_player"]
    if first:
        rows.append(["First player", first["count"], first["n"], pct(first["share"]),
                     _mark(ci_pct(first), first["significant"]), points(first["edge"]), "",
                     _p(first)])
    out.append(_table(["", "wins", "games", "win rate", "95% interval", "edge", "sole wins",
                       "p (Holm)"], rows))
    overall = summary["overall"]
    verdict = ("<b>The seats are unbalanced</b>" if overall["significant"]
               else "No seat imbalance found" if overall["tested"]
               else "Too few games with one winner to test seat balance")
    detect = (f" These games could detect a seat edge of {about_points(summary['detect'])}."
              if summary["detect"] else "")
    out.append(f'<p class="note">{verdict}: overall {overall["test"]} test over the '
               f'{count(overall["games"], "game")} with one winner, {p_words(overall["p"])}.'
               f'{detect} Fair share {pct(summary["fair_share"])} (all wins over all seats). '
               "The overall test (and the first player's, where it varies) are Holm-corrected "
               "together; a seat is marked * only when the overall test is, by its own exact "
               "binomial test, Holm-corrected among the seats.</p>")
    return "".join(out)


def _scores_section(summary, step_label, where):
    scores = summary["scores"]
    better = "lower" if scores["lower_is_better"] else "higher"
    out = ["<h3>Scores and closeness</h3>",
           _table(["", "mean final score", "95% interval", "games"],
                  [[seat(i), num(e["mean"]), ci_num(e), e["n"]]
                   for i, e in enumerate(scores["seats"])]),
           f'<p class="note">A {better} score is better.</p>']
    margin = scores["margin"]
    if margin["n"]:
        out.append(_margin_chart(scores, where))
        text = (f"<p>The winner's lead at the end: mean {num(margin['mean'])} "
                f"({ci_num(margin)}), median {num(margin['median'])}, over "
                f"{count(margin['n'], 'game')} with a winner.")
        if "close" in margin:
            text += (f" Close (a lead of at most {num(margin['close_at'])}): "
                     f"{pct(margin['close']['share'])} ({ci_pct(margin['close'])}); comfortable: "
                     f"{pct(margin['comfortable']['share'])} ({ci_pct(margin['comfortable'])}); "
                     f"blowout (at least {num(margin['blowout_at'])}): "
                     f"{pct(margin['blowout']['share'])} ({ci_pct(margin['blowout'])}).")
        out.append(text + "</p>")
        if "close" in margin:
            out.append(f'<p class="note">Close and blowout are measured against the median '
                       f"lead of the first configuration ({num(margin['reference'])}): half of it "
                       "or less, twice it or more.</p>")
    leads = summary["leads"]
    if leads:
        spread = ", ".join(f"{label} {pct(e['share'])}" for label, e
                           in zip(("none", "1", "2", "3 or more"), leads["spread"]))
        out.append(f"<p>Lead changes per game: mean {num(leads['changes']['mean'])} "
                   f"({ci_num(leads['changes'])}); {spread}.</p>")
        if leads["leader_wins"]:
            names = {p["step"]: p["name"] for p in summary["curve"]}
            rows = [[f"as {names[e['step']]} begins" if names.get(e["step"])
                     else f"after {step_label} {e['step']}", pct(e["share"]), ci_pct(e), e["n"]]
                    for e in leads["leader_wins"]]
            out.append(_table(["the leader", "wins", "95% interval",
                               "games still going with a sole leader"], rows))
    return "".join(out)


def _config_section(info, summary, curve_label, many):
    where = f"{info.title}, {summary['label']}"
    out = [f"<h2>{html.escape(summary['label'])}</h2>" if many else "<h2>The figures</h2>",
           f"<p>{count(summary['games'], 'game')}; seats played by "
           f"{html.escape(', '.join(summary['levels']))}.</p>"]
    if "seats" in summary:
        out.append(_seat_section(summary, where))
    out.append("<h3>How games end</h3>")
    rows = [[ENDS[k], e["count"], pct(e["share"]), ci_pct(e),
             "; ".join(f"{w} ({c})" for w, c in e["words"].items()),
             " ".join(map(str, e["seeds"]))] for k, e in summary["ends"].items()]
    out.append(_table(["ending", "games", "share", "95% interval", "in the game's words",
                       "seeds"], rows))
    for kind, e in summary["ends"].items():
        if kind != "winner":
            out.append(f'<p class="note">Replay a game that ended with {ENDS[kind]}: '
                       f'<code>{html.escape(e["command"])}</code></p>')
    if summary["safeguards"]:
        rows = [[w, e["count"], pct(e["share"]), ci_pct(e)] for w, e in summary["safeguards"].items()]
        out.append("<p>Safeguards reached while the game went on:</p>")
        out.append(_table(["safeguard", "games", "share", "95% interval"], rows))
    out.append("<h3>Game length</h3>")
    out.append(_length_chart(summary, where))
    rows = [[key, num(e["mean"]), ci_num(e), num(e["median"]), e["p90"], e["max"], e["n"]]
            for key, e in summary["length"].items() if e["max"] > 1]
    out.append(_table(["", "mean", "95% interval", "median", "90th pct", "longest", "games"], rows))
    rows = [[g["seed"], g["actions"], g["turns"], "capped" if g["capped"] else "", g["command"]]
            for g in summary["longest"]]
    out.append("<p>The longest games:</p>")
    out.append(_table(["seed", "actions", "turns", "", "replay"], rows, left=0, command=True))
    if "scores" in summary:
        out.append(_scores_section(summary, curve_label, where))
    if summary.get("curve"):
        out.append("<h3>Scores through the game</h3>")
        out.append(_curve_chart(summary, curve_label, where))
    out.append("<h3>The game's measures</h3>")
    rows = [[name, num(e["mean"]), ci_num(e), e["n"]] for name, e in summary["measures"].items()]
    out.append(_table(["per game", "mean", "95% interval", "games"], rows))
    if summary.get("seat_measures"):
        head = ["per seat and game"] + [seat(i) for i in range(summary["players"])]
        rows = [[name] + [f"{num(e['mean'])} ({ci_num(e)})" for e in per]
                for name, per in summary["seat_measures"].items()]
        out.append(_table(head, rows))
    for name, counts in summary["tallies"].items():
        if counts:
            out.append(_tally_chart(name, counts, where))
    if summary.get("relations"):
        out.append(_relations_section(summary, where))
    if summary["problems"]:
        out.append(_problems_section(summary["problems"]))
    return "".join(out)


def _relations_section(summary, where):
    relations = summary["relations"]
    out = ["<h3>Holding a card, using a rule, and winning</h3>",
           _relations_chart(relations, where)]
    rows = [[r["feature"], f"{pct(r['with']['share'])} ({ci_pct(r['with'])}) of {r['with']['n']:,}",
             f"{pct(r['without']['share'])} ({ci_pct(r['without'])}) of {r['without']['n']:,}",
             _mark(_p(r), r["significant"])] for r in relations]
    out.append(_table(["seat-games", "win rate with", "win rate without", "p (Holm)"], rows))
    out.append(f'<p class="note">A seat-game is dealt a card when the seat saw one of that rank '
               "in its own cards at the deal (the first deal, in a game of many hands); it used "
               "a rule when it did so at least once. Fisher's exact test, Holm-corrected over the "
               f"table; no test on a group of fewer than {stats.MIN_GROUP} seat-games. "
               "<b>Rules used are associations, not causes</b>: what a seat does during play may "
               "follow from how its game was going (survivorship: you play your last cards "
               "blind when about to go out, so blind plays go with winning).</p>")
    return "".join(out)


def _problems_section(problems):
    rows = [[p["kind"], p["what"], p["count"], pct(p["share"]),
             "; ".join(f"{c['words']} in {pct(c['share'])} (of all: {pct(c['overall'])})"
                       for c in p["common"]) or "",
             " ".join(map(str, p["seeds"])), "\n".join(p["commands"])] for p in problems]
    return ("<h3>Stalls, safeguards and broken contracts</h3>"
            + _table(["kind", "what happened", "games", "share", "found with",
                      "seeds", "replay"], rows, left=2, command=True))


def _comparison_section(info, summary):
    configs = summary["configs"]
    head = ["figure"] + [c["label"] for c in configs]
    rows = []
    for line in summary["comparison"]:
        cells = [line["figure"]]
        for i, c in enumerate(line["cells"]):
            if line["kind"] == "mean":
                text = f"{num(c['mean'])} ({ci_num(c)})"
                if i and c.get("relative") is not None:
                    text += f" {c['relative']:+.0%}"
            else:
                text = f"{pct(c['share'])} ({ci_pct(c)})"
                if "edge" in c:
                    text += f" edge {points(c['edge'])}"
            cells.append(_mark(text, c["significant"]))
        rows.append(cells)
    where = f"{info.title}, side by side"
    return ("<h2>Side by side</h2>" + _compare_chart(summary, where) + _table(head, rows)
            + '<p class="note">Each value with its 95% interval; * marks a difference from the '
              "first column. Every column plays the same seeds, and each is compared with the "
              "first game by game: McNemar's exact test for shares, the paired t test for means, "
              "and seat wins as the edge over each column's fair share (so player counts "
              "compare); Holm-corrected over the whole table. Capped games are left out of "
              "seat wins and margins.</p>")


def _effects_section(summary):
    rows = []
    for option in summary["effects"]:
        for e in option["values"]:
            tests = e.get("tests", {})
            if "tests" in e:
                length = _mark(f"{num(e['actions']['mean'])} ({e['length']:+.0%})",
                               tests["length"]["significant"])
                trouble = _mark(f"{pct(e['trouble']['share'])} ({points(e['trouble_change'])})",
                                tests["trouble"]["significant"])
                balance = (_mark(f"{points(e['edge'])} ({points(e['edge_change'])})",
                                 tests["balance"]["significant"])
                           if e["edge_seat"] is not None else "too few games")
            else:
                length = f"{num(e['actions']['mean'])}" + (" (base)" if e["base"] else "")
                trouble = pct(e["trouble"]["share"])
                balance = points(e["edge"]) if e["edge_seat"] is not None else "too few games"
            rows.append([option["label"], e["value_words"], e["games"], length, trouble, balance,
                         seat(e["edge_seat"]) if e["edge_seat"] is not None else ""])
    return ("<h2>House rules ranked by their effect</h2>"
            + _table(["option", "value", "games", "actions per game (vs first value)",
                      "trouble (vs first value)", "largest seat edge (change)", "seat"],
                     rows, left=2)
            + '<p class="note">Options in order of their largest effect (percent for length, '
              "points for the shares). Each value against the option's first value: "
              + ("in games with random other rules and player counts (Welch's t test, Fisher's "
                 "exact test), " if summary["configs"][0]["label"].startswith("random")
                 else "on the same seeds (paired tests), ")
              + "Holm-corrected over the table; trouble is a stall, a safeguard limit or one "
                "reached, or a broken contract; the seat edge is the largest difference of a "
                "seat's win rate from its fair share (tested for one player count by a "
                "chi-square test of the winning seat's spread).</p>")


def _findings_section(summary):
    found = summary["findings"]
    out = ["<h2>Findings</h2>"]
    if found["found"]:
        out.append('<ol class="findings">' + "".join(
            f"<li>{html.escape(f['text'])}</li>" for f in found["found"]) + "</ol>")
    else:
        out.append("<p>Nothing stood out.</p>")
    out += [f"<p>{html.escape(text)}</p>" for text in found["detect"] + found["nothing"]]
    out.append('<p class="note">Ranked by size: percentage points for shares, percent for '
               "means; broken contracts and stalls first. Every flag keeps its family's chance "
               "of a false alarm at 5% (Holm), and nothing is flagged on fewer than "
               f"{stats.MIN_GROUP} games.</p>")
    return "".join(out)


def _mode(info, spec):
    if spec["fuzz"]:
        return "fuzzing: random house rules and player counts in every game"
    defaults = info.default_options()
    fixed = options_words(info, spec["options"], defaults)
    if not spec["sweep"] and len(spec["players"]) < 2:
        return count(spec["players"][0], "player") + ", " + (
            "default rules" if fixed == "default rules" else f"house rules: {fixed}")
    compared = [f"{info.option(key).label} ("
                + ", ".join(option_words(info, key, v).split(": ")[-1] for v in values) + ")"
                for key, values in spec["sweep"]]
    if len(spec["players"]) > 1:
        compared.insert(0, "players (" + ", ".join(map(str, spec["players"])) + ")")
    rest = "other rules as default" if fixed == "default rules" else f"with {fixed}"
    return f"comparing {' and '.join(compared)} on the same seeds; {rest}"


def render(spec, summary, run_info, found):
    """The report's HTML page (a complete document, charts inline); `found` holds the code
    and rules versions that played it."""
    info = registry.game_info(spec["game"])
    title = f"{info.title}: balance report"
    many = len(summary["configs"]) > 1
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}"
             f"</title><style>{STYLE}</style></head><body>",
             f"<h1>{html.escape(title)}</h1>",
             f"<p>{count(summary['games'], 'game')}, {html.escape(_mode(info, spec))}; run seed "
             f"{spec['seed']}; played in {run_info['seconds']:.1f} s "
             f"({run_info['games_per_second']:.0f} games/s, {html.escape(run_info['where'])}); "
             f"{TITLE}, code {found['code']}, rules {found['rules']}. Every figure carries its 95% "
             "interval (Wilson for shares, Student's t for means) and its number of games.</p>",
             _findings_section(summary)]
    if summary["comparison"]:
        parts.append(_comparison_section(info, summary))
    if summary["effects"]:
        parts.append(_effects_section(summary))
    for config in summary["configs"]:
        parts.append(_config_section(info, config, summary["curve_label"], many))
    parts.append("</body></html>")
    return "\n".join(parts)
