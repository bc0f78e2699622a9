"""The report as one self-contained HTML page: tables of every figure with its 95%
interval and count, and charts drawn by matplotlib (Agg, no display) embedded as base64
PNG. matplotlib is a designers' extra, imported only when a report is drawn."""
import base64
import html
import io

import game
from game.report import MissingExtra
from game.report.summary import ENDS

STYLE = """
body { font-family: sans-serif; margin: 2em; max-width: 1100px; color: #222; }
h1 { margin-bottom: 0.2em; } h2 { border-bottom: 2px solid #357; margin-top: 1.6em; }
table { border-collapse: collapse; margin: 0.6em 0; font-size: 14px; }
td, th { border: 1px solid #bbb; padding: 3px 8px; text-align: right; }
th { background: #e8eef4; } td.l, th.l { text-align: left; }
.sig { background: #fde2c8; font-weight: bold; } .note { color: #555; font-size: 13px; }
code { background: #f2f2f2; padding: 1px 4px; font-size: 12px; }
img { max-width: 100%; }
"""


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


def _pct(share):
    return f"{100 * share:.1f}%"


def _ci_pct(entry):
    low, high = entry["ci"]
    return f"{_pct(low)} – {_pct(high)}"


def _p(value):
    return "< 0.0001" if value < 1e-4 else f"{value:.3g}"


def _num(value):
    return f"{value:,.2f}" if isinstance(value, float) else f"{value:,}"


def _ci_num(entry):
    low, high = entry["ci"]
    return f"{low:,.2f} – {high:,.2f}"


def _table(head, rows, left=1):
    out = ["<table><tr>"]
    out += [f'<th class="{"l" if i < left else ""}">{html.escape(str(h))}</th>'
            for i, h in enumerate(head)]
    out.append("</tr>")
    for row in rows:
        out.append("<tr>")
        for i, cell in enumerate(row):
            sig = isinstance(cell, tuple)
            text = cell[0] if sig else cell
            classes = ("l " if i < left else "") + ("sig" if sig else "")
            out.append(f'<td class="{classes.strip()}">{html.escape(str(text))}</td>')
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


def _mark(text, significant):
    """A cell marked significant (shaded) when `significant`."""
    return (text + " *",) if significant else text


def _errors(values, entries):
    """Matplotlib's error bar lengths [[below], [above]] of `values` to their intervals
    (never negative, as rounding at a share of 0 or 1 could make them)."""
    return [[max(0.0, v - e["ci"][0]) for v, e in zip(values, entries)],
            [max(0.0, e["ci"][1] - v) for v, e in zip(values, entries)]]


def _seat_chart(summary):
    plt = _pyplot()
    seats = summary["seats"]
    fig, ax = plt.subplots(figsize=(6, 3))
    labels = [f"Seat {i + 1}" for i in range(len(seats))] + ["First player"]
    entries = seats + [summary["first_player"]]
    shares = [e["share"] for e in entries]
    errors = _errors(shares, entries)
    colours = ["#d9822b" if e["significant"] else "#4a7bb7" for e in entries]
    ax.bar(labels, shares, yerr=errors, color=colours, capsize=4)
    ax.axhline(summary["fair_share"], color="#555", linestyle="--", label="fair share")
    ax.set_ylabel("win rate")
    ax.legend(loc="upper right", fontsize=8)
    ax.set_title(f"Wins by seat (95% Wilson intervals, {summary['games']} games)", fontsize=10)
    return _png(fig)


def _length_chart(summary):
    plt = _pyplot()
    keys = [key for key in ("turns", "actions", "hands")
            if len(summary["length"][key]["values"]) > 1]
    if not keys:
        return ""
    fig, axes = plt.subplots(1, len(keys), figsize=(4.5 * len(keys), 2.8), squeeze=False)
    for ax, key in zip(axes[0], keys):
        pairs = summary["length"][key]["values"]
        values = [v for v, c in pairs for _ in range(c)]
        ax.hist(values, bins=min(40, max(1, len(pairs))), color="#4a7bb7")
        ax.set_xlabel(key)
        ax.set_ylabel("games")
    fig.suptitle(f"Game length ({summary['games']} games)", fontsize=10)
    return _png(fig)


def _curve_chart(summary, label):
    plt = _pyplot()
    points = [p for p in summary["curve"] if p["n"] >= max(5, summary["games"] // 20)]
    if not points:
        return ""
    fig, ax = plt.subplots(figsize=(7, 3))
    hands = [p["hand"] for p in points]
    for seat in range(summary["players"]):
        means = [p["seats"][seat]["mean"] for p in points]
        ax.plot(hands, means, label=f"Seat {seat + 1}")
        ax.fill_between(hands, [p["seats"][seat]["ci"][0] for p in points],
                        [p["seats"][seat]["ci"][1] for p in points], alpha=0.2)
    ax.set_xlabel(label)
    ax.set_ylabel("mean score")
    ax.legend(fontsize=8)
    ax.set_title(f"Score after each {label} (mean, 95% t band; where 5% of games or more "
                 "got)", fontsize=10)
    return _png(fig)


def _relations_chart(relations):
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 0.45 * len(relations) + 1))
    for i, rel in enumerate(relations):
        for offset, key, colour in ((-0.15, "without", "#888"), (0.15, "with", "#4a7bb7")):
            e = rel[key]
            ax.errorbar(e["share"], i + offset, xerr=_errors([e["share"]], [e]),
                        fmt="o", color=colour, capsize=3,
                        label=key if i == 0 else None)
    ax.set_yticks(range(len(relations)))
    ax.set_yticklabels([r["feature"] + (" *" if r["significant"] else "") for r in relations],
                       fontsize=8)
    ax.set_xlabel("win rate of the seat")
    ax.legend(fontsize=8)
    ax.set_title("Win rate with and without (95% Wilson)", fontsize=10)
    return _png(fig)


def _tally_chart(name, counts):
    plt = _pyplot()
    labels = list(counts)
    if all(label.lstrip("-").isdigit() for label in labels):
        labels.sort(key=int)
    fig, ax = plt.subplots(figsize=(6, 2.5))
    ax.bar(labels, [counts[label] for label in labels], color="#4a7bb7")
    ax.set_title(f"{name} (all games)", fontsize=10)
    ax.tick_params(axis="x", labelsize=7)
    return _png(fig)


def _compare_chart(summary):
    plt = _pyplot()
    configs = summary["configs"]
    lines = [line for line in summary["comparison"]
             if line["figure"] in ("first player wins", "actions per game")]
    fig, axes = plt.subplots(1, len(lines), figsize=(5 * len(lines), 3))
    axes = axes if len(lines) > 1 else [axes]
    for ax, line in zip(axes, lines):
        key = "share" if line["kind"] == "share" else "mean"
        values = [c[key] for c in line["cells"]]
        errors = _errors(values, line["cells"])
        colours = ["#d9822b" if c["significant"] else "#4a7bb7" for c in line["cells"]]
        ax.bar(range(len(values)), values, yerr=errors, color=colours, capsize=4)
        ax.set_xticks(range(len(values)))
        ax.set_xticklabels([c["label"] for c in configs], rotation=20, fontsize=7, ha="right")
        ax.set_title(line["figure"], fontsize=10)
    return _png(fig)


def _config_section(summary, curve_label):
    out = [f"<h2>{html.escape(summary['label'])}</h2>",
           f"<p>{summary['games']} games; seats played by "
           f"{html.escape(', '.join(summary['levels']))}.</p>"]
    if "seats" in summary:
        flagged = [f"seat {i + 1} ({'above' if s['share'] > summary['fair_share'] else 'below'})"
                   for i, s in enumerate(summary["seats"]) if s["significant"]]
        first = summary["first_player"]
        if first["significant"]:
            flagged.append("the first player ("
                           + ("above" if first["share"] > summary["fair_share"] else "below") + ")")
        out.append("<h3>Wins by seat and by first player</h3>")
        out.append(_seat_chart(summary))
        rows = [[f"Seat {i + 1}", s["count"], s["n"], _pct(s["share"]),
                 _mark(_ci_pct(s), s["significant"]), _p(s["p"])]
                for i, s in enumerate(summary["seats"])]
        f = summary["first_player"]
        rows.append(["First player", f["count"], f["n"], _pct(f["share"]),
                     _mark(_ci_pct(f), f["significant"]), _p(f["p"])])
        out.append(_table(["", "wins", "games", "win rate", "95% interval", "p"], rows))
        out.append(f'<p class="note">Fair share {_pct(summary["fair_share"])} (all wins over '
                   f'all seats); * marks a seat whose rate differs from it at the 5% level. '
                   + (f"<b>Significant seat differences: {', '.join(flagged)}.</b>"
                      if flagged else "Neither a seat nor the first player differs significantly.") + "</p>")
    out.append("<h3>How games end</h3>")
    rows = [[e_words, e["count"], _pct(e["share"]), _ci_pct(e),
             "; ".join(f"{w} ({c})" for w, c in e["words"].items()),
             " ".join(map(str, e["seeds"]))]
            for e_words, e in ((ENDS[k], v) for k, v in summary["ends"].items())]
    out.append(_table(["ending", "games", "share", "95% interval", "in the game's words",
                       "seeds"], rows))
    for kind, e in summary["ends"].items():
        if kind != "winner":
            out.append(f'<p class="note">Replay a game that ended with {ENDS[kind]}: '
                       f'<code>{html.escape(e["command"])}</code></p>')
    if summary["safeguards"]:
        rows = [[w, e["count"], _pct(e["share"]), _ci_pct(e)]
                for w, e in summary["safeguards"].items()]
        out.append("<p>Safeguards reached while the game went on:</p>")
        out.append(_table(["safeguard", "games", "share", "95% interval"], rows))
    out.append("<h3>Game length</h3>")
    out.append(_length_chart(summary))
    rows = [[key, _num(e["mean"]), _ci_num(e), _num(e["median"]), e["p90"], e["max"], e["n"]]
            for key, e in summary["length"].items() if e["max"] > 1]
    out.append(_table(["", "mean", "95% interval", "median", "90th pct", "longest", "games"],
                      rows))
    rows = [[g["seed"], g["actions"], g["turns"], g["command"]] for g in summary["longest"]]
    out.append("<p>The longest games:</p>")
    out.append(_table(["seed", "actions", "turns", "replay"], rows, left=0))
    if summary.get("curve"):
        out.append(f"<h3>Score after each {html.escape(curve_label)}</h3>")
        out.append(_curve_chart(summary, curve_label))
    out.append("<h3>The game's measures</h3>")
    rows = [[name, _num(e["mean"]), _ci_num(e), e["n"]] for name, e in summary["measures"].items()]
    out.append(_table(["per game", "mean", "95% interval", "games"], rows))
    if summary.get("seat_measures"):
        head = ["per seat and game"] + [f"Seat {i + 1}" for i in range(summary["players"])]
        rows = [[name] + [f"{_num(e['mean'])} ({_ci_num(e)})" for e in per]
                for name, per in summary["seat_measures"].items()]
        out.append(_table(head, rows))
    for name, counts in summary["tallies"].items():
        if counts:
            out.append(_tally_chart(name, counts))
    if summary.get("relations"):
        out.append("<h3>Holding a card, using a rule, and winning</h3>")
        out.append(_relations_chart(summary["relations"]))
        rows = [[r["feature"], f"{_pct(r['with']['share'])} ({_ci_pct(r['with'])}) of "
                 f"{r['with']['n']}", f"{_pct(r['without']['share'])} ({_ci_pct(r['without'])})"
                 f" of {r['without']['n']}", _mark(_p(r["p"]), r["significant"])]
                for r in summary["relations"]]
        out.append(_table(["seat-games", "win rate with", "win rate without", "p"], rows))
        out.append('<p class="note">A seat-game has a feature when the seat was dealt the card, '
                   'or did the thing at least once; * marks a difference at the 5% level '
                   '(an association: a seat that wins plays longer or shorter, so it is not '
                   'a cause).</p>')
    if summary["by_option"]:
        rows = [[e["option"], e["value"], e["count"], e["n"], _pct(e["share"]), _ci_pct(e)]
                for e in summary["by_option"]]
        out.append("<h3>Trouble by option value</h3>")
        out.append(_table(["option", "value", "games with trouble", "games", "share",
                           "95% interval"], rows, left=2))
        out.append('<p class="note">Trouble: a stall, a safeguard reached or a broken '
                   "contract.</p>")
    if summary["problems"]:
        out.append(_problems_section(summary["problems"]))
    return "".join(out)


def _problems_section(problems):
    rows = [[p["kind"], p["what"], p["players"],
             ", ".join(f"{k}={v}" for k, v in sorted(p["options"].items())
                       if not k.endswith(".players")) or "defaults",
             p["games"], " ".join(map(str, p["seeds"])), p["command"]] for p in problems]
    return ("<h3>Stalls, safeguards and broken contracts, by combination</h3>"
            + _table(["kind", "what happened", "players", "options", "games", "seeds",
                      "replay the first"], rows, left=2))


def _comparison_section(summary):
    configs = summary["configs"]
    head = ["figure"] + [c["label"] for c in configs]
    rows = []
    for line in summary["comparison"]:
        cells = [line["figure"]]
        for i, c in enumerate(line["cells"]):
            if line["kind"] == "share":
                text = f"{_pct(c['share'])} ({_ci_pct(c)})"
            else:
                text = f"{_num(c['mean'])} ({_ci_num(c)})"
            cells.append(_mark(text, i > 0 and c["significant"]))
        rows.append(cells)
    return ("<h2>Side by side</h2>" + _compare_chart(summary) + _table(head, rows)
            + '<p class="note">Each value with its 95% interval; * marks a difference from the '
              'first column at the 5% level (a two-proportion z test for shares, Welch\'s t '
              'test for means). Every column plays the same seeds.</p>')


def render(spec, summary, run_info):
    """The report's HTML page (a complete document, charts inline)."""
    info = game.game_info(spec["game"])
    title = f"{info.title}: balance report"
    mode = ("fuzzing every option and player count" if spec["fuzz"]
            else ", ".join(f"{k}={v}" for k, v in sorted(spec["options"].items())) or "default rules")
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}"
             f"</title><style>{STYLE}</style></head><body>",
             f"<h1>{html.escape(title)}</h1>",
             f"<p>{summary['games']} games, run seed {spec['seed']}, {html.escape(mode)}; "
             f"played in {run_info['seconds']:.1f} s ({run_info['games_per_second']:.0f} games/s, "
             f"{html.escape(run_info['where'])}). Every figure carries its 95% interval "
             "(Wilson for shares, Student's t for means) and its number of games.</p>"]
    if summary["comparison"]:
        parts.append(_comparison_section(summary))
    for config in summary["configs"]:
        parts.append(_config_section(config, summary["curve_label"]))
    parts.append("</body></html>")
    return "\n".join(parts)
