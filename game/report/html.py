"""The report as one self-contained HTML page: who played first (its title), the
findings, then tables of every figure with its 95% interval and count, and charts drawn
by matplotlib (Agg, no display) embedded as base64 PNG. matplotlib is a designers'
extra, imported only when a report is drawn. Every chart's title names the game and the
configuration; charts are drawn at most PAGE_WIDTH pixels wide, at their own size in a
page that wide (a 1280-pixel window), with no text under MIN_TEXT_PX pixels."""
import base64
import html
import io
import statistics

from game import registry
from game.report import MissingExtra, stats
from game.report.findings import who_played
from game.report.pace import MEASURE, SPEED
from game.report.run import HARD_ITERATIONS
from game.report.summary import ENDS
from game.report.words import (about_points, ci_num, ci_pct, count, num, option_words,
                               options_words, ordinal, p_words, pct, points, seat)
from game.version import TITLE

PAGE_WIDTH = 1100       # pixels: the page's text and its widest chart
DPI = 100
MIN_TEXT_PX = 12        # the smallest text on a chart, in pixels
SMALL_PT = MIN_TEXT_PX * 72 / DPI + 0.1    # tick labels, legends, notes (in points)
TEXT_PT = SMALL_PT + 1                      # axis labels
TITLE_PT = SMALL_PT + 2                     # titles
WIDE = (PAGE_WIDTH - 60) / DPI          # inches: a chart across the page
STYLE = """
body { font-family: sans-serif; margin: 2em auto; padding: 0 1em; max-width: PAGE_WIDTHpx;
  color: #222; line-height: 1.4; }
h1 { margin-bottom: 0.2em; } h2 { border-bottom: 2px solid #357; margin-top: 1.6em; }
table { border-collapse: collapse; margin: 0.6em 0; font-size: 14px; }
td, th { border: 1px solid #bbb; padding: 3px 8px; text-align: right; vertical-align: top; }
th { background: #e8eef4; } td.l, th.l { text-align: left; }
.sig { background: #fde2c8; font-weight: bold; } .note { color: #555; font-size: 13px; }
.findings li { margin: 0.35em 0; } .findings { background: #f6f8fa; padding: 0.8em 2.2em;
  border-left: 4px solid #d9822b; }
code { background: #f2f2f2; padding: 1px 4px; font-size: 12px; }
img { max-width: 100%; display: block; margin: 0.4em 0; }
.who { font-size: 1.15em; } .random { background: #fde2c8; padding: 0.5em 1em; }
details summary { cursor: pointer; } details ul { margin: 0.3em 0; }
""".replace("PAGE_WIDTH", str(PAGE_WIDTH))
BLUE, ORANGE, GREY = "#4a7bb7", "#d9822b", "#888"
COMPARED = 3            # figures beside the seats in the side-by-side chart


def _pyplot():
    try:
        import matplotlib
    except ImportError:
        raise MissingExtra("matplotlib") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    plt.rcParams.update({"font.size": TEXT_PT, "axes.titlesize": TITLE_PT,
                         "axes.labelsize": TEXT_PT, "xtick.labelsize": SMALL_PT,
                         "ytick.labelsize": SMALL_PT, "legend.fontsize": SMALL_PT,
                         "legend.title_fontsize": SMALL_PT, "figure.titlesize": TITLE_PT,
                         "figure.dpi": DPI})
    return plt


def _png(fig):
    plt = _pyplot()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=DPI, bbox_inches="tight")
    plt.close(fig)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img alt="chart" src="data:image/png;base64,{data}">'


def _table(head, rows, left=1, command=False):
    """An HTML table; the first `left` columns (and a last column of commands) aligned
    left, a cell given as a 1-tuple shaded as significant, a row given as text a heading
    across the table."""
    def is_left(i):
        return i < left or (command and i == len(head) - 1)
    out = ["<table><tr>"]
    out += [f'<th class="{"l" if is_left(i) else ""}">{html.escape(str(h))}</th>'
            for i, h in enumerate(head)]
    out.append("</tr>")
    for row in rows:
        if isinstance(row, str):
            out.append(f'<tr><th class="l" colspan="{len(head)}">{html.escape(row)}</th></tr>')
            continue
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
    ax.set_title(f"{what}\n{where}")


def _seat_chart(summary, where):
    plt = _pyplot()
    seats = summary["seats"]
    entries = list(seats) + ([summary["first_player"]] if summary["first_player"] else [])
    labels = [seat(i) for i in range(len(seats))] + (["First player"] if summary["first_player"] else [])
    fig, ax = plt.subplots(figsize=(WIDE * 0.6, 3.6))
    shares = [e["share"] for e in entries]
    ax.bar(labels, shares, yerr=_errors(shares, entries), capsize=4,
           color=[ORANGE if e["significant"] else BLUE for e in entries])
    ax.axhline(summary["fair_share"], color="#555", linestyle="--", label="fair share")
    ax.set_ylabel("win rate")
    ax.legend(loc="upper right")
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
    fig, axes = plt.subplots(1, len(keys), figsize=(WIDE, 3.4), squeeze=False)
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
            ax.legend(title=f"capped: {count(len(cut), 'game')}")
        ax.set_xlabel(key)
        ax.set_ylabel("games")
        ax.xaxis.get_major_locator().set_params(integer=True)
    fig.suptitle(f"Game length ({count(summary['games'], 'game')})\n{where}", y=1.1)
    return _png(fig)


def _margin_chart(scores, where):
    plt = _pyplot()
    margin = scores["margin"]
    if len(margin["values"]) < 2:
        return ""
    values = [v for v, c in margin["values"] for _ in range(c)]
    fig, ax = plt.subplots(figsize=(WIDE * 0.7, 3.4))
    ax.hist(values, bins=_bins(min(values), max(values)), color=BLUE)
    for key, label in (("close_at", "close"), ("blowout_at", "blowout")):
        if key in margin:
            ax.axvline(margin[key], color=ORANGE, linestyle="--")
            ax.text(margin[key], ax.get_ylim()[1] * 0.92, f" {label}", color=ORANGE)
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
    fig, ax = plt.subplots(figsize=(WIDE, 4.2))
    steps = [p["step"] for p in points_]
    for s in range(summary["players"]):
        means = [p["seats"][s]["mean"] for p in points_]
        ax.plot(steps, means, label=seat(s))
        ax.fill_between(steps, [p["seats"][s]["ci"][0] for p in points_],
                        [p["seats"][s]["ci"][1] for p in points_], alpha=0.2)
    named = all(p["name"] for p in points_)
    if named:
        ax.set_xticks(steps)
        ax.set_xticklabels([p["name"] for p in points_], rotation=35, ha="right")
    else:
        ax.set_xlabel(label)
        ax.xaxis.get_major_locator().set_params(integer=True)
    ax.set_ylabel("mean score")
    ax.legend()
    _title(ax, (f"Score as each {label} begins" if named else f"Score after each {label}")
           + " (mean, 95% t band; a finished game keeps its final score)", where)
    return _png(fig)


def _relations_chart(relations, where):
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(WIDE * 0.8, 0.3 * len(relations) + 1.4))
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
    ax.set_yticklabels([r["feature"] + (" *" if r["significant"] else "") for r in relations])
    ax.invert_yaxis()
    ax.set_xlabel("win rate of the seat")
    ax.legend()
    _title(ax, "Win rate with and without (95% Wilson)", where)
    return _png(fig)


def _tally_chart(name, counts, where):
    plt = _pyplot()
    labels = list(counts)
    if all(label.lstrip("-").isdigit() for label in labels):
        labels.sort(key=int)
    fig, ax = plt.subplots(figsize=(WIDE * 0.6, 3.2))
    ax.bar(labels, [counts[label] for label in labels], color=BLUE)
    _title(ax, f"{name} (all games)", where)
    return _png(fig)


def _compare_chart(summary, where):
    """Every seat's win rate side by side (a bar per configuration, its colour in the
    legend), then actions per game and each ending but a winner or safeguard reached,
    each on its own scale, in the same colours."""
    plt = _pyplot()
    configs = summary["configs"]
    seats = [line for line in summary["comparison"] if line["figure"].startswith("Seat ")]
    others = [line for line in summary["comparison"] if line["figure"] == "actions per game"
              or line["figure"].startswith(("games ending", "games reaching"))][:COMPARED]
    colours = plt.get_cmap("tab10").colors
    fig = plt.figure(figsize=(WIDE, 4.4 + 3.4 * bool(others)))
    grid = fig.add_gridspec(1 + bool(others), max(1, len(others)), hspace=0.6, wspace=0.45)
    ax = fig.add_subplot(grid[0, :])
    width = 0.8 / len(configs)
    for n, config in enumerate(configs):
        cells = [(s, line["cells"][n]) for s, line in enumerate(seats) if line["cells"][n]]
        xs = [s + (n - (len(configs) - 1) / 2) * width for s, _ in cells]
        values = [c["share"] for _, c in cells]
        ax.bar(xs, values, width, yerr=_errors(values, [c for _, c in cells]), capsize=3,
               color=colours[n % len(colours)], label=config["label"])
    ax.set_xticks(range(len(seats)))
    ax.set_xticklabels([line["figure"].replace(" wins", "") for line in seats])
    ax.set_ylabel("win rate")
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0))
    _title(ax, "Wins by seat in every configuration (95% Wilson intervals)", where)
    for i, line in enumerate(others):
        ax = fig.add_subplot(grid[1, i])
        key = "mean" if line["kind"] == "mean" else "share"
        values = [c[key] for c in line["cells"]]
        ax.bar(range(len(values)), values, yerr=_errors(values, line["cells"]), capsize=3,
               color=[colours[n % len(colours)] for n in range(len(values))])
        ax.set_xticks([])
        ax.set_title(line["figure"].replace(" (A", "\n(A"))
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
               "The overall tests (and the first player's, where it varies) of every "
               "configuration are Holm-corrected together; a seat is marked * only when its "
               "configuration's overall test is, by its own exact binomial test, "
               "Holm-corrected among the seats.</p>")
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
    if margin.get("tied"):
        out.append(f"<p>The winner's lead is not shown: in every one of the "
                   f"{count(margin['n'], 'game')} the winner ends level with the next seat on the "
                   "score, so the score does not measure the win here (and is not compared); "
                   "the places below do.</p>")
    elif margin["n"]:
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
    if summary.get("places"):
        out.append(_places_section(summary, where))
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


def _places_chart(places, where):
    plt = _pyplot()
    k = len(places["seats"])
    fig, ax = plt.subplots(figsize=(WIDE * 0.7, 0.5 * k + 1.6))
    left = [0.0] * k
    colours = plt.get_cmap("RdYlGn_r")([i / max(1, k - 1) for i in range(k)])
    for place in range(k):
        shares = [s["shares"][place]["share"] for s in places["seats"]]
        ax.barh([seat(i) for i in range(k)], shares, left=left, color=colours[place],
                label=f"{ordinal(place + 1)}")
        left = [a + b for a, b in zip(left, shares)]
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of games")
    ax.legend(title="place", loc="upper left", bbox_to_anchor=(1.0, 1.0))
    _title(ax, "Places by seat", where)
    return _png(fig)


def _places_section(summary, where):
    places = summary["places"]
    k = len(places["seats"])
    how = ("the order the game ranked them in" if places["ranked"] == summary["seat_games"]
           else "the final scores (seats level share the better place)" if not places["ranked"]
           else f"the game's own order in {places['ranked']:,} games, the scores in the others")
    rows = [[seat(i), f"{num(s['mean']['mean'])} ({ci_num(s['mean'])})"]
            + [pct(e["share"]) for e in s["shares"]] for i, s in enumerate(places["seats"])]
    out = ["<h3>Places</h3>", _places_chart(places, where),
           _table(["", "mean place"] + [ordinal(p + 1) for p in range(k)], rows),
           f'<p class="note">Places by {how}; capped games left out.</p>']
    last = places["last_margin"]
    if last["n"]:
        out.append(f"<p>The last place ends {num(last['mean'])} ({ci_num(last)}) behind the one "
                   f"before it on the score (mean over {count(last['n'], 'game')}; the median "
                   f"{num(statistics.median([v for v, c in last['values'] for _ in range(c)]))})."
                   "</p>")
    return "".join(out)


def _minutes(info, summary):
    """A game's length in minutes at the table, at the app's measured pace."""
    minutes = summary["minutes"]
    if minutes is None:
        return (f'<p class="note">Minutes at the table: {html.escape(info.title)}\'s pace is not '
                f"measured yet (<code>{html.escape(MEASURE.replace('GAME', info.id))}</code>)."
                "</p>")
    low, high = minutes["ci"]
    if minutes["mean"] < 2:
        took = f"{minutes['mean'] * 60:.0f} seconds ({low * 60:.0f}–{high * 60:.0f})"
    else:
        took = f"{minutes['mean']:.1f} minutes ({low:.1f}–{high:.1f})"
    return (f"<p>At the table a game takes {took} at the least: "
            f"{summary['pace']:.2f} s an action, the app's pace measured with "
            f"computer players at the {SPEED} animation speed (their pauses, the cards' "
            "flights); people deciding their own moves and reading the outcomes take "
            "longer.</p>")


def _config_section(info, summary, curve_label, many, number):
    where = f"{info.title}, {summary['label']}"
    out = [f'<h2 id="configuration-{number + 1}">'
           + (html.escape(summary["label"]) if many else "The figures") + "</h2>",
           f"<p>{count(summary['games'], 'game')}; "
           f"{html.escape(who_played(summary['levels'], HARD_ITERATIONS))}.</p>"]
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
    out.append(_minutes(info, summary))
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
        for c in line["cells"]:
            if c is None:
                cells.append("")
            elif line["kind"] == "mean":
                cells.append(f"{num(c['mean'])} ({ci_num(c)})")
            else:
                cells.append(f"{pct(c['share'])} ({ci_pct(c)})"
                             + (f" edge {points(c['edge'])}" if "edge" in c else ""))
        rows.append(cells)
    same = summary.get("same_games") or []
    twins = [f"{configs[n]['label']} played the very same games as {configs[m]['label']}"
             for n, m in enumerate(same) if m is not None]
    where = f"{info.title}, side by side"
    return ("<h2>Side by side</h2>" + _compare_chart(summary, where) + _table(head, rows)
            + '<p class="note">Each value with its 95% interval and its count; every column '
              "plays the same seeds. Nothing is tested here: the house rules ranked below "
              "test each rule's values on the games they are about. Capped games are left out "
              "of seat wins and margins."
            + "".join(f" {html.escape(t)}." for t in twins) + "</p>")


def _change(entry):
    low, high = entry["ci"]
    if entry["kind"] in ("share", "edge", "balance"):
        return f"{points(entry['change'])} ({points(low)} to {points(high)})"
    if entry["relative"] is not None:
        return (f"{entry['relative']:+.0%} ({low / entry['base']:+.0%} to "
                f"{high / entry['base']:+.0%})")
    return f"{entry['change']:+,.2f} ({ci_num(entry)})"


def _stat(entry, value):
    return pct(value) if entry["kind"] in ("share", "balance") else (
        points(value) if entry["kind"] == "edge" else num(value))


def _used_words(used, who="another value"):
    if used is None:
        return ""
    if not used["play"]:
        return (f"never used in {count(used['games'], 'game')} ("
                + (f"{who} changed the moves on offer in {used['moves']:,}, but no choice and "
                   "no move's outcome" if used["moves"] else f"{who} changed nothing") + ")")
    return (f"used in {used['play']:,} of {count(used['games'], 'game')} (the moves on offer "
            f"changed in {used['moves']:,})")


def _effects_section(summary, who):
    rows = []
    for option in summary["effects"]:
        base = next(v for v in option["values"] if v["base"])
        for value in option["values"]:
            if value["base"]:
                continue
            head = (f"{value['words']} against {base['value_words']}: "
                    f"{count(value['games'], 'game')}; {_used_words(value['used'])}")
            rows.append(head)
            for e in value["entries"]:
                seat_ = f" ({seat(e['seat'])})" if e.get("seat") is not None else ""
                rows.append([e["figure"] + seat_, _stat(e, e["base"]), _stat(e, e["value"]),
                             _mark(_change(e), e["significant"]),
                             _mark(_p(e), e["significant"]), e["n"]])
    fuzz = summary["configs"][0]["label"].startswith("random")
    return ("<h2>House rules ranked by their effect</h2>"
            f"<p>{html.escape(_cap(who))}.</p>"
            + _table(["figure", "first value", "this value", "change (95% interval)",
                      "p (Holm)", "seeds" if not fuzz else "games"], rows)
            + '<p class="note">Options in the order of their largest flagged effect, then '
              "their largest effect (points for shares, percent for means). Each value against "
              "the option's first value, "
              + ("between games with random other rules and player counts (Fisher's exact "
                 "test, Welch's t test, a chi-square of the winning seats)" if fuzz else
                 "on the same seeds: each seed's differences averaged over its pairs (one per "
                 "value of the other rules swept, which may be the very same games), then "
                 "tested over the seeds (the sign test for shares, the t test for means), so a "
                 "game played twice is never counted twice")
              + "; the seat balance tests each seat's wins (the smallest p times the seats). "
                "Every test of the table is Holm-corrected together, and the findings are its "
                "flagged entries (*). A value that never changed the moves on offer, a choice "
                "or a move's outcome is not tested: it was never used.</p>")


def _rules_section(info, summary):
    """Every house rule, in every configuration: the value played, and in how many games
    another value would have changed the moves on offer or the play."""
    configs = summary["configs"]
    keys = list(configs[0].get("used", {}))
    if not keys:
        return ""
    rows = []
    for key in keys:
        cells = [configs[0]["used"][key]["label"]]
        for config in configs:
            used = config["used"][key]
            cells.append(f"{' or '.join(v.split(': ')[-1] for v in used['values'])}: "
                         + _used_words(used, "the other value"))
        rows.append(cells)
    head = ["house rule"] + ([c["label"] for c in configs] if len(configs) > 1 else ["as played"])
    return ("<h2>House rules: used or not</h2>" + _table(head, rows, left=len(head))
            + '<p class="note">A rule is used in a game where its other value would have '
              "changed it somewhere: the deal, the moves on offer and the move the player "
              "would then choose, or what a chosen move did (its events, the scores, who "
              "plays next); a player offered the same moves is taken to choose the same.</p>")


def _cap(text):
    return text[:1].upper() + text[1:]


def _findings_section(summary, run_info):
    found = summary["findings"]
    out = ["<h2>Findings</h2>"]
    items = []
    for f in found["found"]:
        if f.get("details"):
            items.append(f"<li><details><summary>{html.escape(f['text'])}</summary><ul>"
                         + "".join(f"<li>{html.escape(d)}</li>" for d in f["details"])
                         + "</ul></details></li>")
        else:
            items.append(f"<li>{html.escape(f['text'])}</li>")
    if items:
        out.append('<ol class="findings">' + "".join(items) + "</ol>")
    else:
        out.append(f"<p>Nothing stood out ({html.escape(found['who'])}).</p>")
    if found.get("not_again"):
        out.append(f"<p>Found on seed {found['other_seed']} and not (or not all of it) on this "
                   "one, so not confirmed:</p><ul>"
                   + "".join(f"<li>{html.escape(text)}</li>" for text in found["not_again"])
                   + "</ul>")
    if run_info.get("another_seed") and items:
        out.append("<p>Check the findings on another seed (its page then marks each one seen "
                   f"or not): <code>{html.escape(run_info['another_seed'])}</code></p>")
    out += [f"<p>{html.escape(text)}</p>" for text in found["detect"] + found["nothing"]]
    out.append('<p class="note">In order of what a designer can act on: a broken game first, '
               "then the swept rules' effects, rules nobody used, the seats, the safeguards, "
               "the cards dealt, and the associations of play with winning (folded); by size "
               "within each. Every flag keeps its table's chance of a false alarm at 5% "
               f"(Holm), and nothing is flagged on fewer than {stats.MIN_GROUP} games.</p>")
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


def _where(run_info):
    """Where the games were played, each place with its games; shards merged say so."""
    places = sorted(run_info["where"].items(), key=lambda item: -item[1])
    words = ", ".join(f"{place}: {count(games, 'game')}" for place, games in places)
    if run_info.get("shards"):
        words += (f"; {len(run_info['shards'])} shards merged, played in "
                  + ", ".join(f"{s:.1f} s" for s in run_info["shards"]))
    return words


def render(spec, summary, run_info, found):
    """The report's HTML page (a complete document, charts inline); `found` holds the code
    and rules versions that played it."""
    info = registry.game_info(spec["game"])
    who = summary["findings"]["who"]
    title = f"{info.title} balance report: {_cap(who)}"
    many = len(summary["configs"]) > 1
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}"
             f"</title><style>{STYLE}</style></head><body>",
             f"<h1>{html.escape(title)}</h1>",
             f"<p>{count(summary['games'], 'game')}, {html.escape(_mode(info, spec))}; run seed "
             f"{spec['seed']} (<code>--seed {spec['seed']}</code> repeats it); played in "
             f"{run_info['seconds']:.1f} s ({run_info['games_per_second']:.0f} games/s; "
             f"{html.escape(_where(run_info))}); {TITLE}, code {found['code']}, rules {found['rules']}. "
             "Every figure carries its 95% interval (Wilson for shares, Student's t for means) "
             "and its number of games.</p>"]
    if any("random" in config["levels"] for config in summary["configs"]):
        parts.append('<p class="random">Random movers choose any legal move at random: no '
                     "player plays so. Each finding they drive says what Medium bots did in the "
                     "same configurations" + (" (played alongside)" if summary.get("check")
                                              else "") + ".</p>")
    parts.append(_findings_section(summary, run_info))
    if summary["effects"]:
        parts.append(_effects_section(summary, who))
    parts.append(_rules_section(info, summary))
    if summary["comparison"]:
        parts.append(_comparison_section(info, summary))
    for number, config in enumerate(summary["configs"]):
        parts.append(_config_section(info, config, summary["curve_label"], many, number))
    parts.append("</body></html>")
    return "\n".join(parts)
