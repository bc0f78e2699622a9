"""Card Table: start the app, or run the designers' commands.

    python main.py                       start the app
    python main.py simulate GAME ...     simulated games with aggregate figures
    python main.py tournament GAME ...   computer levels against each other
    python main.py bench                 speed benchmarks (engine, then app; --net: networked play)
    python main.py bench --against-rlcard   engine speed against RLCard's Uno (installed apart)
    python main.py bench --hard          Hard's iterations per decision, one core and all, every mode
    python main.py replay FILE           a finished game's record, move by move
    python main.py report GAME ...       a designer's balance report (HTML, CSV, JSON)
    python main.py host GAME --seats ... host a game others join from their computers (no window)
    python main.py join HOST:PORT ...    play one seat of a hosted game with a computer player
    python main.py --smoke               open every scene of every game once, headless
    python main.py --version             the app's version
"""
import time

STARTED = time.time()   # before anything else is imported: the start of the start time

import argparse  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
import textwrap  # noqa: E402

from game.arguments import (MAX_WORKERS, PATH_QUOTED, bot_levels, game_count,  # noqa: E402
                            iteration_count, last_seed_fits, option, port, positive, program, quoted,
                            seconds_up_to, seed, tournament_game_count, workers,
                            writable_file)

MAX_BENCH_SECONDS = 3600
PR_SET_PDEATHSIG = 1    # Linux's prctl: the signal this process gets when its parent ends


class Help(argparse.HelpFormatter):
    """Help that names an option's default wherever it has one and its words do not."""

    def _get_help_string(self, action):
        words = action.help or ""
        if (action.default is None or action.default is False or action.default == []
                or action.default is argparse.SUPPRESS or "default" in words):
            return words
        return f"{words} (default %(default)s)"

    def _split_lines(self, text, width):
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)

    def _fill_text(self, text, width, indent):
        return textwrap.fill(" ".join(text.split()), width, initial_indent=indent,
                             subsequent_indent=indent, break_on_hyphens=False)


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors and exit status 2, and help with the defaults."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", Help)
        super().__init__(*args, **kwargs)

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message}\n")


def games_said():
    """The game ids for a command's help, and which way each mode's scores are better."""
    from game import registry
    better = {True: [], False: []}
    for info in registry.GAMES.values():
        better[info.lower_is_better].append(f"{info.title} ({info.id})")
    return ("Game ids: " + ", ".join(registry.GAMES) + ". Scores: lower is better in "
            + ", ".join(better[True]) + "; higher is better in " + ", ".join(better[False]) + ".")


def build_parser():
    from game import registry
    from game.version import TITLE
    games = f"game id: {', '.join(registry.SHIPPED)}"
    parser = Parser(prog=program(), description=(
        "Card Table: five card games in six modes, against computer players or people at "
        "one computer or across computers. Without a command, the app opens its window."),
        epilog="Each command has its own --help.")
    parser.add_argument("--version", action="version", version=TITLE)
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.add_argument("--smoke", action="store_true",
                        help="open every scene of every game once, headless, and exit")
    commands = parser.add_subparsers(dest="command", parser_class=Parser)
    said = games_said()
    sim = commands.add_parser(
        "simulate", help="play many games with random legal moves or computer players",
        description="Play many games with random legal moves (or computer players) and print "
                    "each seat's wins and mean score, the games' length and the speed.",
        epilog=said)
    sim.add_argument("game", help=games)
    sim.add_argument("--games", type=game_count, default=100, metavar="N", help="games to play")
    sim.add_argument("--seed", type=seed, default=0, metavar="S",
                     help="the first game's deal number (game g deals from S + g)")
    sim.add_argument("--players", type=positive, metavar="K",
                     help="players at the table (default: the game's usual count)")
    sim.add_argument("--option", type=option, action="append", default=[],
                     metavar="KEY=VALUE", help="a house rule, e.g. fcd.play_after_draw=any")
    sim.add_argument("--bots", type=bot_levels, metavar="LEVEL[,LEVEL...]",
                     help="every seat played by a computer player of this level (easy, "
                          "medium or hard), or one level per seat: hard,medium,medium "
                          "(default: random legal moves)")
    sim.add_argument("--iterations", type=iteration_count, metavar="N",
                     help="with --bots hard: search this many iterations a move instead of "
                          "thinking for a second (the games then repeat exactly)")
    sim.add_argument("--cores", type=workers, metavar="N",
                     help="with --bots hard: the cores it searches on (default every core; "
                          "at a fixed --iterations the games are the same on any number)")
    tour = commands.add_parser(
        "tournament", help="computer levels against each other",
        description="Seat one computer player per level listed, move them round the table "
                    "so that each deal is played once from every seat, and print each "
                    "level's win rate with its 95% interval, mean score and thinking time.",
        epilog=said)
    tour.add_argument("game", help=games)
    tour.add_argument("--games", type=tournament_game_count, default=100, metavar="N",
                      help="games to play")
    tour.add_argument("--seats", required=True, metavar="LEVELS",
                      help="one level per seat, e.g. easy,medium,hard,hard; hard@SECONDS is "
                           "a hard player with its own budget (hard,hard@1.0)")
    tour.add_argument("--seed", type=seed, metavar="S",
                      help="the first deal number (default: the results file's, or a random one)")
    tour.add_argument("--budget", type=seconds_up_to(60), metavar="SECONDS",
                      help="the hard level's thinking time per decision, in seconds (default: "
                           "the app's, as long as its cores take to search as much as one "
                           "core does in a second)")
    tour.add_argument("--cpu-clock", action="store_true",
                      help="budgets and decision times in CPU time, as on a computer with a "
                           "core free for each game (figures free of a busy machine's load)")
    tour.add_argument("--iterations", type=iteration_count, metavar="N",
                      help="hard searches this many iterations a move instead of a budget "
                           "(comparisons free of the machine's load)")
    tour.add_argument("--workers", type=workers, metavar="N",
                      help=f"processes (1-{MAX_WORKERS}, default every core): with a hard "
                           "seat, the cores Hard searches on; without, games played side by side")
    tour.add_argument("--option", type=option, action="append", default=[],
                      metavar="KEY=VALUE", help="a house rule")
    tour.add_argument("--results", type=writable_file, metavar="FILE",
                      help="keep every game's result in FILE as it finishes; run again with "
                           "the same FILE to go on where a stopped run ended")
    bench = commands.add_parser(
        "bench", help="print speed figures for every game and the app",
        description="Print the engine's speed for every game (random playouts), then the "
                    "app's figures (frames, start); or only what one option names.")
    bench.add_argument("--seconds", type=seconds_up_to(MAX_BENCH_SECONDS), default=2.0,
                       help="seconds of playouts per game")
    bench.add_argument("--engine-only", action="store_true", help="skip the app benchmark")
    bench.add_argument("--against-rlcard", action="store_true",
                       help="engine speed only, each game against RLCard's Uno (installed "
                            "apart) in 3 interleaved rounds")
    bench.add_argument("--hard", type=seconds_up_to(60), nargs="?", const=1.0, metavar="SECONDS",
                       help="only Hard's iterations per decision on fixed positions: on one "
                            "core at SECONDS (default 1) and on all cores at the app's time "
                            "for them, and their ratio")
    bench.add_argument("--cpu-clock", action="store_true",
                       help="with --hard: the budgets in CPU time (each worker's own), which a "
                            "busy machine slows less")
    bench.add_argument("--net", action="store_true",
                       help="only how fast a move reaches 6 joined screens on this computer")
    replay = commands.add_parser("replay", help="print a game record move by move")
    replay.add_argument("file", help="a finished game's record (the records folder in the user "
                                     "data folder, or a copy)")
    report = commands.add_parser(
        "report", help="a designer's balance report (HTML, CSV, JSON)",
        description="Play many games and write DIR/report.html, DIR/games.csv and "
                    "DIR/summary.json (needs the designers' extras: python3 -m pip install "
                    "-r requirements-designer.txt).", epilog=said)
    from game.report.cli import add_arguments as report_arguments
    report_arguments(report)
    add_network_commands(commands, games)
    return parser


def add_network_commands(commands, games):
    """The `host` and `join` commands: a networked game without a window (`games`: the
    game ids, as the help names them)."""
    from game.net.protocol import DEFAULT_PORT as default_port
    host = commands.add_parser(
        "host", help="host a game others join from their computers (no window)",
        description="Host a game without a window: print the address, port and join code, "
                    "wait for every remote seat to be taken, play, and print the final scores.")
    host.add_argument("game", nargs="?", help=f"{games} (not with --resume)")
    host.add_argument("--seats", default="remote,remote", metavar="SEATS",
                      help="one per seat: remote (a person who joins) or a computer level "
                           "(easy, medium, hard), e.g. remote,remote,medium (default remote,remote)")
    host.add_argument("--port", type=port, default=default_port,
                      help=f"the port to listen on (default {default_port}; 0: any free one)")
    host.add_argument("--listen", default="0.0.0.0", metavar="ADDRESS",
                      help="the address to listen on (default 0.0.0.0: every network of this "
                           "computer; 127.0.0.1: this computer only)")
    host.add_argument("--code", help="the join code (default: a new random one)")
    host.add_argument("--option", type=option, action="append", default=[],
                      metavar="KEY=VALUE", help="a house rule")
    host.add_argument("--seed", type=seed, help="the deal number (default: a random one)")
    host.add_argument("--resume", action="store_true",
                      help="go on with the saved game; its people join again")
    host.add_argument("--stand-in", type=seconds_up_to(24 * 3600), metavar="SECONDS",
                      help="a computer player keeps the seat of a person away, or silent on "
                           "their turn, after this long, until they return (default: the seat "
                           "waits for them)")
    host.add_argument("--moves", action="store_true", help="print every move as it is played")
    join = commands.add_parser(
        "join", help="play one seat of a hosted game with a computer player",
        description="Join a hosted game and play one seat with a computer player; print the "
                    "final scores at the game's end.")
    join.add_argument("address", metavar="HOST:PORT", help="the host's address and port")
    join.add_argument("--code", required=True, help="the host's join code")
    join.add_argument("--bot", choices=("easy", "medium", "hard"), default="medium",
                      help="the computer player's level (default medium)")
    join.add_argument("--name", default="Guest", help="the name to play under (default Guest)")
    join.add_argument("--wait", type=seconds_up_to(3600), default=60.0, metavar="SECONDS",
                      help="seconds to keep trying when the host is lost (default 60)")
    join.add_argument("--seed", type=seed, help="the computer player's random seed (default: a random one)")
    join.add_argument("--moves", action="store_true", help="print this seat's moves")


def host_sessions():
    """(new, resume): the makers of a hosted game's Session, the app's own, kept in the
    user's folders (autosaved, recorded and counted at its end)."""
    import os
    import random
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game import saves
    from game.net.headless import Failed
    from scenes.table.session import Seat, Session
    folders = saves.Folders()

    def new(game_id, names, levels, options, seed):
        seats = [Seat(name, level is None, level or "medium") for name, level in zip(names, levels)]
        return Session(game_id, seats, options, random.randrange(1, 10**9) if seed is None else seed,
                       folders)

    def resume():
        try:
            saved = saves.load_game(folders)
        except saves.BadFile as error:
            raise Failed(f"the saved game could not be resumed: {error}") from None
        except OSError as error:
            raise Failed(f"the saved game could not be read ({error.strerror or error})") from None
        if saved is None:
            raise Failed(f"there is no saved game to resume in {folders.data}")
        return Session.resume(*saved, folders)
    return new, resume


def network_command(args):
    """`host` or `join`; the exit status (1 with a one-line reason when refused)."""
    from game.net import headless
    try:
        if args.command == "join":
            return headless.join_command(args)
        return headless.host_command(args, *host_sessions())
    except headless.Failed as error:
        return headless.fail(args.command, error)
    except KeyboardInterrupt:
        return headless.fail(args.command, "stopped")


def simulate_command(args, parser):
    from game import registry
    from game.simulate import Progress, report, simulate
    try:
        info = registry.game_info(args.game)
        players, options = registry.resolve_options(info, args.players, dict(args.option))
    except ValueError as error:
        parser.exit(2, f"{program()} simulate: error: {error}\n")
    levels = args.bots or ()
    if len(levels) > 1 and len(levels) != players:
        parser.exit(2, f"{program()} simulate: error: --bots {','.join(levels)}: {len(levels)} "
                       f"levels for {players} players\n")
    for given, name in ((args.iterations, "--iterations"), (args.cores, "--cores")):
        if given and "hard" not in levels:
            parser.exit(2, f"{program()} simulate: error: {name} goes with a hard computer player\n")
    too_far = last_seed_fits(args.seed, args.games - 1)
    if too_far:
        parser.exit(2, f"{program()} simulate: error: argument --seed: {too_far}\n")
    make_chooser = label = None
    if levels:
        from game.bots import make_chooser as bot_chooser
        from game.bots.workers import cores_here
        settings = {"iterations": args.iterations} if args.iterations else {}
        if "hard" in levels:
            settings["cores"] = args.cores or cores_here()
        make_chooser = bot_chooser(levels[0] if len(levels) == 1 else levels, args.game, **settings)
        label = f"{', '.join(levels)} computer players" + (
            f" (hard: {args.iterations} iterations a move on {settings['cores']} "
            f"core{'' if settings['cores'] == 1 else 's'})"
            if args.iterations else "")
    result = simulate(args.game, args.games, seed=args.seed, players=players, options=options,
                      make_chooser=make_chooser, progress=Progress(args.games, "simulating"))
    print(report(result, label or "random legal moves"))
    return 0


def tournament_command(args, parser):
    from game import registry
    from game.bots.workers import cores_here
    from game.tournament import run_tournament
    try:
        info = registry.game_info(args.game)
        _, options = registry.resolve_options(info, len(args.seats.split(",")), dict(args.option))
        if args.iterations and "@" in args.seats:
            raise ValueError("--iterations leaves no budget to give a seat (hard@SECONDS)")
        too_far = args.seed is not None and last_seed_fits(
            args.seed, (args.games - 1) // len(args.seats.split(",")))
        if too_far:
            raise ValueError(f"argument --seed: {too_far}")
        settings = {"hard": {"iterations": args.iterations} if args.iterations else {}}
        if args.cpu_clock:
            settings["hard"]["clock"] = "cpu"
        run_tournament(args.game, args.games, args.seats, seed=args.seed, options=options,
                       time_budget=args.budget, workers=args.workers or cores_here(),
                       settings=settings,
                       results=args.results)
    except (ValueError, OSError) as error:
        parser.exit(2, f"{program()} tournament: error: {error}\n")
    except KeyboardInterrupt:
        kept = f": the finished games are kept in {args.results}" if args.results else ""
        parser.exit(130, f"{program()} tournament: stopped{kept}\n")
    return 0


def bench_command(args, parser):
    if args.net:
        from game.net import bench as net_bench
        net_bench.run()
        return 0
    if args.hard is not None:
        from game.bots import bench as hard_bench
        hard_bench.bench(seconds=args.hard, cpu_clock=args.cpu_clock)
        return 0
    from game.simulate import RLCARD_MISSING, bench, rlcard_version
    if args.against_rlcard and rlcard_version() is None:
        parser.exit(2, f"{program()} bench: error: {RLCARD_MISSING}\n")
    print("Engine: random playouts")
    bench(seconds=args.seconds, rounds=3 if args.against_rlcard else 1,
          against_rlcard=args.against_rlcard)
    if args.engine_only or args.against_rlcard:
        return 0
    print()
    from scenes import bench as ui_bench
    return ui_bench.run() or 0


def replay_command(args, parser):
    from game import saves
    try:
        record = saves.read_record(args.file, move=False)
    except saves.BadFile as error:
        parser.exit(2, f"{program()} replay: error: {error}\n")
    if record is None:
        parser.exit(2, f"{program()} replay: error: {quoted(args.file, PATH_QUOTED)}: no such file\n")
    from game import registry
    names = [seat["name"] for seat in record["seats"]]
    states = list(saves.replay(record, to_first_illegal="note" in record))
    state = states[0]           # the deal, played on: the states replayed are clones without a log
    presenter = registry.HOMES[state.game_id].presenter(state.info)
    print(f"{state.info.title}, deal number {record['seed']}: {', '.join(names)}")
    if "note" in record:
        print(record["note"])
    if state.events:
        print("The deal: " + "; ".join(presenter.open_lines(state, 0, None, names)))
    for number, action in enumerate((after.history[-1] for after in states[1:]), 1):
        mover, told = state.current_player, len(state.events)
        state.apply(action)
        lines = presenter.open_lines(state, told, None, names) or [
            f"{names[mover]}: {presenter.action_label(action, names, with_cards=True)}"]
        print(f"{number:>4}. " + "; ".join(lines))
    print("scores: " + ", ".join(f"{n} {s}" for n, s in zip(names, state.scores())))
    winners = [names[w] for w in state.winners()]
    print("winner: " + (", ".join(winners) if winners else "nobody"))
    return 0


def check_pieces():
    """Refuse to start (1, with one line naming the game and the piece) when a registered
    game lacks a piece; 0 when every game is whole."""
    from game import registry
    from scenes import pieces
    try:
        pieces.check()
    except registry.MissingPiece as error:
        print(f"Card Table is incomplete: {error}", file=sys.stderr)
        return 1
    return 0


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    if check_pieces():
        return 1
    if args.command == "simulate":
        return simulate_command(args, parser)
    if args.command == "tournament":
        return tournament_command(args, parser)
    if args.command == "bench":
        return bench_command(args, parser)
    if args.command == "replay":
        return replay_command(args, parser)
    if args.command == "report":
        from game.report.cli import main as report_main
        return report_main(args)
    if args.command in ("host", "join"):
        return network_command(args)
    if args.smoke:
        from scenes import smoke
        return smoke.run(STARTED)
    from scenes import app
    return app.run(fullscreen=args.fullscreen)


def end_with_the_launcher():
    """The one-file bundle runs the app under a launcher (PyInstaller's bootloader, which
    unpacks it first) that cannot pass a SIGKILL on: on Linux, ask the kernel to end the
    app when its launcher ends, so nothing of it outlives a killed launcher (its search
    workers then find their parent gone)."""
    unpacked = getattr(sys, "_MEIPASS", None)
    if not (sys.platform.startswith("linux") and unpacked
            and os.path.basename(unpacked).startswith("_MEI")):   # the one-file bundle only
        return
    import ctypes
    import signal
    launcher = os.getppid()
    ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != launcher:        # it ended before the kernel was asked
        os.kill(os.getpid(), signal.SIGTERM)


if __name__ == "__main__":
    import multiprocessing
    multiprocessing.freeze_support()   # a bundle's search worker (game/bots/workers.py) starts here
    end_with_the_launcher()
    sys.exit(main())
