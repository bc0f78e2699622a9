"""Card Table: start the app, or run the designers' commands.

    python main.py                       start the app
    python main.py simulate GAME ...     simulated games with aggregate figures
    python main.py tournament GAME ...   computer levels against each other
    python main.py bench                 speed benchmarks (engine, then app)
    python main.py bench --against-rlcard   engine speed against RLCard's Uno (installed apart)
    python main.py replay FILE           a finished game's record, move by move
    python main.py report GAME ...       a designer's balance report (HTML, CSV, JSON)
    python main.py --smoke               open every scene of every game once, headless
"""
import time

STARTED = time.time()   # before anything else is imported: the start of the start time

import argparse  # noqa: E402
import sys  # noqa: E402

from game.arguments import (MAX_WORKERS, bot_levels, option, positive, seconds_up_to,  # noqa: E402
                            whole, workers)

MAX_BENCH_SECONDS = 3600


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors and exit status 2."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser():
    parser = Parser(prog="main.py", description="Card Table: five card games at one computer.")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.add_argument("--smoke", action="store_true",
                        help="open every scene of every game once, headless, and exit")
    commands = parser.add_subparsers(dest="command", parser_class=Parser)
    sim = commands.add_parser("simulate", help="play many games with random legal moves")
    sim.add_argument("game", help="game id, e.g. final_card_down")
    sim.add_argument("--games", type=positive, default=100)
    sim.add_argument("--seed", type=whole, default=0)
    sim.add_argument("--players", type=positive)
    sim.add_argument("--option", type=option, action="append", default=[],
                     metavar="KEY=VALUE", help="a house rule, e.g. fcd.play_after_draw=any")
    sim.add_argument("--bots", type=bot_levels, metavar="LEVEL[,LEVEL...]",
                     help="every seat played by a computer player of this level (easy, "
                          "medium or hard), or one level per seat: hard,medium,medium")
    sim.add_argument("--iterations", type=positive,
                     help="with --bots hard: search this many iterations a move instead of "
                          "thinking for a second (the games then repeat exactly)")
    tour = commands.add_parser("tournament", help="computer levels against each other")
    tour.add_argument("game", help="game id, e.g. ktu")
    tour.add_argument("--games", type=positive, default=100)
    tour.add_argument("--seats", required=True, metavar="LEVELS",
                      help="one level per seat, e.g. easy,medium,hard,hard")
    tour.add_argument("--seed", type=whole)
    tour.add_argument("--budget", type=seconds_up_to(60), default=1.0,
                      help="the hard level's thinking time per decision (seconds)")
    tour.add_argument("--workers", type=workers, default=1,
                      help=f"games played in parallel (1-{MAX_WORKERS})")
    tour.add_argument("--option", type=option, action="append", default=[],
                      metavar="KEY=VALUE", help="a house rule")
    bench = commands.add_parser("bench", help="print speed figures for every game and the app")
    bench.add_argument("--seconds", type=seconds_up_to(MAX_BENCH_SECONDS), default=2.0,
                       help="seconds per game")
    bench.add_argument("--engine-only", action="store_true", help="skip the app benchmark")
    bench.add_argument("--against-rlcard", action="store_true",
                       help="engine speed only, each game against RLCard's Uno (installed "
                            "apart) in 3 interleaved rounds")
    replay = commands.add_parser("replay", help="print a game record move by move")
    replay.add_argument("file", help="a record from the statistics' records folder")
    report = commands.add_parser("report", help="a designer's balance report (HTML, CSV, JSON)")
    from game.report.cli import add_arguments as report_arguments
    report_arguments(report)
    return parser


def simulate_command(args, parser):
    import game
    from game.simulate import Progress, report, simulate
    try:
        info = game.game_info(args.game)
        players, options = game.resolve_options(info, args.players, dict(args.option))
    except ValueError as error:
        parser.exit(2, f"main.py simulate: error: {error}\n")
    levels = args.bots or ()
    if len(levels) > 1 and len(levels) != players:
        parser.exit(2, f"main.py simulate: error: --bots {','.join(levels)}: {len(levels)} "
                       f"levels for {players} players\n")
    if args.iterations and "hard" not in levels:
        parser.exit(2, "main.py simulate: error: --iterations goes with a hard computer player\n")
    make_chooser = label = None
    if levels:
        from game.bots import make_chooser as bot_chooser
        settings = {"iterations": args.iterations} if args.iterations else {}
        make_chooser = bot_chooser(levels[0] if len(levels) == 1 else levels, args.game, **settings)
        label = f"{', '.join(levels)} computer players" + (
            f" (hard: {args.iterations} iterations a move)" if args.iterations else "")
    result = simulate(args.game, args.games, seed=args.seed, players=players, options=options,
                      make_chooser=make_chooser, progress=Progress(args.games, "simulating"))
    print(report(result, label or "random legal moves"))
    return 0


def tournament_command(args, parser):
    import game
    from game.bots.tournament import run_tournament
    try:
        info = game.game_info(args.game)
        _, options = game.resolve_options(info, len(args.seats.split(",")), dict(args.option))
        run_tournament(args.game, args.games, args.seats, seed=args.seed, options=options,
                       time_budget=args.budget, workers=args.workers)
    except ValueError as error:
        parser.exit(2, f"main.py tournament: error: {error}\n")
    return 0


def bench_command(args, parser):
    from game.simulate import RLCARD_MISSING, bench, rlcard_version
    if args.against_rlcard and rlcard_version() is None:
        parser.exit(2, f"main.py bench: error: {RLCARD_MISSING}\n")
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
        parser.exit(2, f"main.py replay: error: {error}\n")
    if record is None:
        parser.exit(2, f"main.py replay: error: {args.file}: no such file\n")
    names = [seat["name"] for seat in record["seats"]]
    states = saves.replay(record, to_first_illegal="note" in record)
    state = next(states)
    print(f"{state.info.title}, deal number {record['seed']}: {', '.join(names)}")
    if "note" in record:
        print(record["note"])
    for number, after in enumerate(states, 1):
        action = after.history[-1]
        print(f"{number:>4}. {names[state.current_player]}: {action}")
        state = after
    print("scores: " + ", ".join(f"{n} {s}" for n, s in zip(names, state.scores())))
    winners = [names[w] for w in state.winners()]
    print("winner: " + (", ".join(winners) if winners else "nobody"))
    return 0


def check_pieces():
    """Refuse to start (1, with one line naming the game and the piece) when a registered
    game lacks a piece; 0 when every game is whole."""
    import game
    from scenes import pieces
    try:
        pieces.check()
    except game.MissingPiece as error:
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
    if args.smoke:
        from scenes import smoke
        return smoke.run(STARTED)
    from scenes import app
    return app.run(fullscreen=args.fullscreen)


if __name__ == "__main__":
    sys.exit(main())
