"""`python3 main.py report GAME ...`: the command line of the designers' balance report.

`add_arguments(parser)` declares the options (main.py only adds the subcommand);
`main(args)` checks them and the output folder, plays (keeping finished chunks in the
folder as they complete, so `--resume DIR` finishes a stopped run), or merges shards,
and writes DIR/report.html, DIR/games.csv and DIR/summary.json (the spec, the code and
rules versions, the summary, the per-game rows, the run's timing and where its games
were played, and the command that checks its findings on another seed). `--replay`
prints one game in the words of the game's presenter, from its home. Bad arguments and
files, and every failure of a cluster, end in a one-line error naming the value, exit
status 2; Ctrl+C ends with a line saying how to go on, exit status 130.
"""
import argparse
import csv
import io
import json
import os
import secrets
import shlex
import sys

from game import registry, resources
from game.arguments import PATH_QUOTED, game_count, option, program, quoted, seed, workers
from game.report import MissingExtra, ReportError
from game.report import run as runner
from game.report.cluster import Cluster, host_port
from game.report.remote import versions
from game.report.store import FolderStore
from game.report.words import count, options_words, seat
from game.saves import BadFile, read_text
from game.version import VERSION

SUMMARY_FORMAT = "cardtable-report"
SUMMARY_VERSION = 3      # 3: where the games were played (run.where), by place
SUMMARY_KEYS = {"spec": dict, "versions": dict, "summary": dict, "run": dict, "rows": list}


def _shard(text):
    i, sep, n = text.partition("/")
    if not (sep and i.isdigit() and n.isdigit() and len(n) <= 30 and 1 <= int(i) <= int(n)):
        raise argparse.ArgumentTypeError(f"expected a shard i/n with 1 <= i <= n, got {quoted(text)}")
    return int(i), int(n)


def _players(text):
    try:
        values = [int(v) for v in text.split(",") if len(v) <= 30]
    except ValueError:
        values = []
    if len(values) != len(text.split(",")):
        raise argparse.ArgumentTypeError(f"expected player counts like 2 or 2,3,4, got {quoted(text)}")
    return values


def _folder(text):
    """A folder's name (not empty)."""
    if not text:
        raise argparse.ArgumentTypeError("expected a folder, got ''")
    return text


def _cluster(text):
    """A Dask scheduler's address, tcp://HOST:PORT (or HOST:PORT, or HOST)."""
    try:
        host_port(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{error}, got {quoted(text)}") from None
    return text


GAMES = 1000            # games per configuration, unless --games
NEW_SEEDS = 1_000_000   # a run without --seed draws its seed below this (short to type)
BOTS = "medium"         # every seat's player, unless --bots


def add_arguments(parser):
    """Declare the report's options on `parser` (the `report` subcommand); every help
    text says its default."""
    cores = os.cpu_count() or 1
    parser.add_argument("game", nargs="?", help=f"game id: {', '.join(registry.SHIPPED)}")
    parser.add_argument("--games", type=game_count, default=GAMES,
                        help=f"games per configuration (default {GAMES})")
    parser.add_argument("--players", type=_players, metavar="K[,K...]",
                        help="player count, or a list to compare (default: the game's own)")
    parser.add_argument("--bots", default=BOTS, metavar="LEVEL[,LEVEL...]",
                        help="who plays every seat: medium, easy, hard, or random (random "
                             "legal moves, not players), or one level per seat "
                             f"(default {BOTS})")
    parser.add_argument("--option", type=option, action="append", default=[],
                        metavar="KEY=VALUE",
                        help="a house rule, e.g. fcd.play_after_draw=any (default: the "
                             "game's own rules)")
    parser.add_argument("--sweep", type=option, action="append", default=[],
                        metavar="KEY=V1,V2",
                        help="compare option values (repeat: every combination; default none)")
    parser.add_argument("--seed", type=seed,
                        help="run seed: each game's seed derives from it (default: a new one "
                             "each run, printed, so the run repeats with --seed)")
    parser.add_argument("--out", type=_folder, metavar="DIR", help="output folder (default report-GAME)")
    parser.add_argument("--force", action="store_true",
                        help="replace a finished report in DIR without asking (default: ask "
                             "at a terminal, refuse otherwise)")
    parser.add_argument("--workers", type=workers, default=cores,
                        help=f"local processes (default: every core, {cores} here)")
    parser.add_argument("--fuzz-options", action="store_true",
                        help="random options and player counts: list what stalls or breaks "
                             "(default off)")
    parser.add_argument("--shard", type=_shard, default=(1, 1), metavar="I/N",
                        help="play only the I-th of N slices of the games, with --seed "
                             "(merge them later; default 1/1, every game)")
    parser.add_argument("--merge", nargs="+", metavar="SUMMARY.json",
                        help="merge shards' summary.json files into one report")
    parser.add_argument("--cluster", type=_cluster, metavar="ADDRESS",
                        help="a Dask scheduler, e.g. tcp://10.0.0.5:8786, to play the games "
                             "(default: this machine's processes)")
    parser.add_argument("--confirm", metavar="SUMMARY.json",
                        help="another seed's report (its summary.json) of the same game, "
                             "players, bots and rules: each finding says whether that run "
                             "found it too (default: each says 'Check on another seed', and "
                             "the page gives the command)")
    parser.add_argument("--replay", type=seed, metavar="SEED",
                        help="play the one game of this seed and print it move by move")
    parser.add_argument("--resume", type=_folder, metavar="DIR",
                        help="finish the stopped run kept in DIR (with --workers or --cluster)")


def make_spec(args):
    """The run's spec from the arguments, every value checked; ReportError otherwise."""
    try:
        info = registry.game_info(args.game)
    except ValueError as error:
        raise ReportError(str(error)) from None
    levels = [level.strip() for level in args.bots.split(",")]
    for level in levels:
        if level not in runner.LEVELS:
            raise ReportError(f"--bots: unknown level {level!r}; levels: {', '.join(runner.LEVELS)}")
    players = list(dict.fromkeys(args.players)) if args.players else [None]
    sweep = []
    for key, text in args.sweep:
        if any(key == k for k, _ in sweep):
            raise ReportError(f"--sweep {key}: swept twice")
        if key in dict(args.option):
            raise ReportError(f"--sweep {key}: also given as --option {key}")
        if key == info.player_option:
            raise ReportError(f"--sweep {key}: compare player counts with --players 2,3,4")
        sweep.append([key, [v.strip() for v in text.split(",")]])
    options = dict(args.option)
    if args.seed is None and tuple(args.shard) != (1, 1):
        raise ReportError(f"--shard {args.shard[0]}/{args.shard[1]}: give --seed too, the same "
                          "for every shard, so that the shards are slices of one run")
    seed = secrets.randbelow(NEW_SEEDS) if args.seed is None else args.seed
    if args.fuzz_options and (len(levels) > 1 or args.sweep or args.players or args.option):
        raise ReportError("--fuzz-options chooses the players and options itself: "
                          "give one --bots level and no --players, --option or --sweep")
    if args.shard[1] > args.games:
        raise ReportError(f"--shard {args.shard[0]}/{args.shard[1]}: more shards than the "
                          f"{count(args.games, 'game')} of a configuration")
    spec = {"format": SUMMARY_FORMAT, "game": info.id, "games": args.games,
            "seed": seed, "players": players, "bots": levels, "options": options,
            "sweep": sweep, "fuzz": bool(args.fuzz_options), "shard": list(args.shard)}
    try:
        configs = runner.configurations(spec)
    except ValueError as error:
        raise ReportError(str(error)) from None
    if not spec["fuzz"]:
        for config in configs:
            if len(levels) > 1 and len(levels) != config["players"]:
                raise ReportError(f"--bots {args.bots}: {len(levels)} levels for "
                                  f"{config['players']} players")
        spec["players"] = list(dict.fromkeys(c["players"] for c in configs))
        spec["options"] = {k: v for k, v in configs[0]["options"].items()
                           if k in options}
        spec["sweep"] = [[key, [registry.resolve_options(info, None, {key: v})[1][key] for v in values]]
                         for key, values in sweep]
    return spec


def write_outputs(out_dir, spec, summary, rows, run_info, found):
    """Write report.html, games.csv and summary.json into `out_dir` (each whole or not at
    all); their paths."""
    from game.report.html import render
    from game.saves import atomic_write
    page = render(spec, summary, run_info, found)
    paths = [os.path.join(out_dir, name) for name in ("report.html", "games.csv", "summary.json")]
    try:
        atomic_write(paths[0], page)
        atomic_write(paths[1], csv_text(rows))
        atomic_write(paths[2], json.dumps({"format": SUMMARY_FORMAT, "version": SUMMARY_VERSION,
                                           "app_version": VERSION,
                                           "spec": spec, "versions": found, "summary": summary,
                                           "run": run_info, "rows": rows}))
    except OSError as error:
        raise ReportError(f"--out {out_dir}: cannot write the report "
                          f"({error.strerror or error})") from None
    return paths


def csv_text(rows):
    """The raw per-game rows as CSV, one line a game; per-seat values separated by spaces
    (the ranks each seat was dealt by spaces, seats by ' | ')."""
    game_keys = sorted({k for row in rows for k in row["game"]})
    seat_keys = sorted({k for row in rows for k in row["seat"]})
    head = (["config", "index", "seed", "players", "bots", "options", "end", "end_words",
             "winners", "scores", "first", "turns", "actions", "hands", "safeguards", "error",
             "dealt (per seat)"]
            + game_keys + [f"per seat: {k}" for k in seat_keys])
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(head)
    for row in rows:
        writer.writerow(
            [row["config"], row["index"], row["seed"], row["players"], " ".join(row["levels"]),
             " ".join(f"{k}={v}" for k, v in sorted(row["options"].items())), row["end"],
             row["end_words"], " ".join(str(s + 1) for s in row["winners"]),
             " ".join(map(str, row["scores"])),
             "" if row["first"] is None else row["first"] + 1, row["turns"], row["actions"],
             row["hands"], "; ".join(row["safeguards"]), row["error"] or "",
             " | ".join(" ".join(ranks) for ranks in row["dealt"])]
            + [row["game"].get(k, "") for k in game_keys]
            + [" ".join(map(str, row["seat"].get(k, []))) for k in seat_keys])
    return buffer.getvalue()


def _read_summary(path, option="--merge"):
    """The data of a report's summary.json at `path`, given as `option`; ReportError
    naming the option and the file otherwise."""
    try:
        text = read_text(path, move=False, bounded=False)   # a regular file: never a pipe's wait
        data = json.loads(text if text is not None else "")
    except BadFile as error:
        raise ReportError(f"{option} {error}") from None
    except ValueError:
        raise ReportError(f"{option} {quoted(path, PATH_QUOTED)}: " + (
            "no such file" if text is None else "not a JSON file")) from None
    if not isinstance(data, dict) or data.get("format") != SUMMARY_FORMAT \
            or data.get("version") != SUMMARY_VERSION \
            or not all(isinstance(data.get(key), kind) for key, kind in SUMMARY_KEYS.items()) \
            or not isinstance(data["run"].get("seconds"), (int, float)) \
            or not isinstance(data["run"].get("where"), dict):
        raise ReportError(f"{option} {path}: not a report's summary.json (version "
                          f"{SUMMARY_VERSION})")
    return data


def read_shards(paths):
    """(spec, rows, run info, versions) from shards' summary.json files: one run's spec,
    played by the same code and rules, every game once; the time is the shards' sum."""
    spec = found = None
    rows, seconds, where = [], [], {}
    for path in paths:
        data = _read_summary(path)
        other = dict(data["spec"], shard=None)
        if spec is None:
            spec, found = other, data["versions"]
        elif other != spec:
            raise ReportError(f"{path}: a shard of another run (its game, games, seed, "
                              "players, bots or options differ)")
        elif data["versions"] != found:
            raise ReportError(f"{path}: played by other code or rules (code "
                              f"{data['versions']['code']}, rules {data['versions']['rules']}) "
                              f"than {paths[0]} (code {found['code']}, rules {found['rules']}): "
                              "shards of different checkouts do not merge")
        rows.extend(data["rows"])
        seconds.append(data["run"]["seconds"])
        for place, games in data["run"].get("where", {}).items():
            where[place] = where.get(place, 0) + games
    keys = [(row["config"], row["index"]) for row in rows]
    if len(set(keys)) != len(keys):
        raise ReportError("--merge: a game is in two shards")
    configs = runner.configurations(dict(spec, shard=[1, 1]))
    missing = sum(config["games"] for config in configs) - len(keys)
    if missing:
        raise ReportError(f"--merge: {count(missing, 'game')} of the run are in none of the shards")
    rows.sort(key=lambda row: (row["config"], row["index"]))
    spec["shard"] = [1, 1]
    total = sum(seconds)
    run_info = {"seconds": total, "games_per_second": len(rows) / total if total else 0.0,
                "where": where, "shards": seconds}
    return spec, rows, run_info, found


def replay(spec, seed, out=print):
    """Print the game of `seed` (the first configuration) move by move in the app log's
    words (those of the game's presenter, in its home: the log the table shows, every
    card face up, as the replay viewer's 'Cards: all'), then its ending."""
    from game.report.findings import who_played
    info = registry.game_info(spec["game"])
    config = runner.configurations(spec)[0]
    if spec["fuzz"]:
        players, options = runner.fuzz_setup(info, seed)
        levels = config["levels"] * players
    else:
        players, options, levels = config["players"], config["options"], config["levels"]
    presenter = registry.HOMES[info.id].presenter(info)
    names = [seat(s) for s in range(players)]
    out(f"{info.title}, seed {seed}, {count(players, 'player')}, "
        f"{who_played(levels, runner.HARD_ITERATIONS)}; "
        f"{options_words(info, options, info.default_options())}")
    moves = [0]

    def show(mover, action, state, since):
        if not moves[0] and since:
            out("The deal: " + "; ".join(presenter.open_lines(state, 0, since, names)))
        moves[0] += 1
        lines = presenter.open_lines(state, since, None, names) or [
            f"{names[mover]}: {presenter.action_label(action, names, with_cards=True)}"]
        out(f"{moves[0]:>5}. " + "; ".join(lines))
    row = runner.play_game(spec["game"], players, levels, options, seed, out=show)
    out(f"ending: {row['end_words']}" + (f" ({row['error']})" if row["error"] else ""))
    out("scores: " + ", ".join(f"{names[s]} {v}" for s, v in enumerate(row["scores"])))
    out("winner: " + (" and ".join(names[s] for s in row["winners"]) or "nobody"))


def _resume(args):
    """(spec, store) of the stopped run in --resume DIR, checked against this code."""
    given = [name for name, value in (("GAME", args.game), ("--merge", args.merge),
                                      ("--replay", args.replay), ("--out", args.out))
             if value is not None]
    if given:
        raise ReportError(f"--resume {args.resume}: give it alone (with --workers or "
                          f"--cluster), not with {', '.join(given)}: the run keeps its own")
    if not os.path.isdir(args.resume):
        raise ReportError(f"--resume {quoted(args.resume, PATH_QUOTED)}: not a folder "
                          "(a stopped run's --out)")
    store = FolderStore(args.resume)
    saved = store.unfinished()
    if saved is None:
        raise ReportError(f"--resume {args.resume}: no stopped run there (no {store.run_path})")
    found = versions(resources.root())
    if saved.get("versions") != found:
        theirs = saved.get("versions") or {}
        raise ReportError(f"--resume {args.resume}: its games were played by other code or "
                          f"rules (code {theirs.get('code')}, rules {theirs.get('rules')}; "
                          f"here code {found['code']}, rules {found['rules']}), so they would "
                          "not match: finish it with that checkout")
    store.check_writable()
    return saved["spec"], store


def _begin(args):
    """(spec, store) of a new run, its output folder checked before any game is played."""
    if not args.game:
        raise ReportError(f"name a game (e.g. {registry.SHIPPED[0]}), --merge shard files "
                          "or --resume DIR")
    spec = make_spec(args)
    store = FolderStore(args.out or f"report-{spec['game']}")
    store.check_writable()
    saved = store.unfinished()
    if saved is not None:
        done = sum(len(chunk["rows"]) for chunk in store.chunks())
        raise ReportError(f"--out {store.folder}: it holds a stopped run ({count(done, 'game')} "
                          f"played): go on with python3 main.py report --resume {store.folder}, "
                          "or choose another --out")
    _check_finished(store.folder, args.force)
    return spec, store


def _check_finished(folder, force):
    """A finished report in `folder` is replaced only with --force or when the person at
    the terminal says so; ReportError otherwise."""
    path = os.path.join(folder, "summary.json")
    if force or not any(os.path.exists(os.path.join(folder, name))
                        for name in ("summary.json", "report.html")):
        return
    what = "a finished report"
    try:
        spec = _read_summary(path, "--out")["spec"]
        what += (f" ({registry.game_info(spec['game']).title}, "
                 f"{count(spec['games'], 'game')} per configuration, run seed {spec['seed']})")
    except (ReportError, ValueError, KeyError, TypeError):
        pass
    if sys.stdin is not None and sys.stdin.isatty():
        sys.stderr.write(f"{folder} holds {what}. Replace it? [y/N] ")
        sys.stderr.flush()
        if sys.stdin.readline().strip().lower() in ("y", "yes"):
            return
        raise ReportError(f"--out {folder}: the finished report there is kept; choose "
                          "another --out")
    raise ReportError(f"--out {folder}: it holds {what}; give --force to replace it, or "
                      "choose another --out")


def main(args):
    """Run the report command; 0 on success, 2 with a one-line error on stderr otherwise,
    130 when stopped by Ctrl+C (the finished games kept)."""
    from game.report.summary import summarize
    store = None
    try:
        if args.merge:
            spec, rows, run_info, found = read_shards(args.merge)
            seconds, out_dir = run_info["seconds"], args.out or f"report-{spec['game']}"
            other = read_other(args.confirm, spec) if args.confirm else None
            _check_finished(out_dir, args.force)
            FolderStore(out_dir).check_writable()
        else:
            if args.replay is not None and args.game:
                replay(make_spec(args), args.replay)
                return 0
            spec, store = _resume(args) if args.resume else _begin(args)
            other = read_other(args.confirm, spec) if args.confirm else None
            _check_plotting()
            found = versions(resources.root())
            if not args.resume:
                store.begin(spec, found)
            try:
                engine = Cluster(args.cluster) if args.cluster else None
                _, rows, seconds, where = runner.play(spec, args.workers, engine, store)
            except ReportError as error:
                raise ReportError(f"{error}{_kept(store, args.resume)}") from None
            run_info = {"seconds": seconds, "where": where,
                        "games_per_second": len(rows) / seconds if seconds else 0.0}
            out_dir = store.folder
        summary = summarize(spec, runner.configurations(spec), rows, other)
        run_info["another_seed"] = another_seed(spec, out_dir)
        paths = write_outputs(out_dir, spec, summary, rows, run_info, found)
        if store:
            store.finish()
    except ReportError as error:
        sys.stderr.write(f"{program()} report: error: {error}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write(f"\nmain.py report: stopped{_kept(store, args.resume) if store else ''}\n")
        return 130
    print(f"{count(len(rows), 'game')} in {seconds:.1f} s, run seed {spec['seed']} "
          f"(--seed {spec['seed']} repeats it); wrote {', '.join(paths)}")
    return 0


def another_seed(spec, out_dir):
    """The command that plays this run again on the next seed and marks which of this
    report's findings it finds too."""
    seed_ = spec["seed"] + 1
    words = ["python3", "main.py", "report", spec["game"], "--games", str(spec["games"]),
             "--bots", ",".join(spec["bots"])]
    if spec["fuzz"]:
        words.append("--fuzz-options")
    else:
        info = registry.game_info(spec["game"])
        if spec["players"] != [info.default_players]:
            words += ["--players", ",".join(map(str, spec["players"]))]
        for key, value in spec["options"].items():
            words += ["--option", f"{key}={value}"]
        for key, values in spec["sweep"]:
            words += ["--sweep", f"{key}={','.join(map(str, values))}"]
    words += ["--seed", str(seed_), "--confirm", os.path.join(out_dir, "summary.json"),
              "--out", f"{out_dir.rstrip(os.sep)}-seed-{seed_}"]
    return " ".join(shlex.quote(word) for word in words)


def read_other(path, spec):
    """The summary.json at `path` (--confirm): a report of the same game, players, bots
    and rules on another seed; ReportError otherwise."""
    data = _read_summary(path, "--confirm")
    theirs = data["spec"]
    alike = ("game", "players", "bots", "options", "sweep", "fuzz")
    if any(theirs.get(key) != spec.get(key) for key in alike):
        raise ReportError(f"--confirm {path}: a report of other games (its game, players, "
                          "bots, options or sweep differ)")
    if theirs["seed"] == spec["seed"]:
        raise ReportError(f"--confirm {path}: played on the same seed ({spec['seed']}), so "
                          "it finds the very same: give a report of another seed")
    return data


def _kept(store, resumed):
    """'; 500 finished games kept: go on with ...' for a stopped run; '' when none
    finished (a new run's folder is then left as it was found)."""
    kept = sum(len(chunk["rows"]) for chunk in store.chunks())
    if not kept:
        if not resumed:
            store.finish()
        return ""
    return (f"; {count(kept, 'finished game')} kept: go on with "
            f"python3 main.py report --resume {store.folder}")


def _check_plotting():
    """Fail before playing, not after, when matplotlib is missing."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise MissingExtra("matplotlib") from None
