"""Card Table: start the app, or run the designers' commands.

    python main.py                       start the app
    python main.py simulate GAME ...     simulated games with aggregate figures
    python main.py bench                 speed benchmarks (engine, then app)
    python main.py replay FILE           a finished game's record, move by move
    python main.py --smoke               open every scene of every game once, headless
"""
import time

STARTED = time.time()   # before anything else is imported: the start of the start time

import argparse  # noqa: E402
import sys  # noqa: E402


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors and exit status 2."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message}\n")


def _option(text):
    key, sep, value = text.partition("=")
    if not sep or not key or not value:
        raise argparse.ArgumentTypeError(f"expected key=value, got {text!r}")
    return key, value


def _positive(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of 1 or more, got {value}")
    return value


def _whole(text):
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def build_parser():
    parser = Parser(prog="main.py", description="Card Table: five card games at one computer.")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.add_argument("--smoke", action="store_true",
                        help="open every scene of every game once, headless, and exit")
    commands = parser.add_subparsers(dest="command", parser_class=Parser)
    sim = commands.add_parser("simulate", help="play many games with random legal moves")
    sim.add_argument("game", help="game id, e.g. final_card_down")
    sim.add_argument("--games", type=_positive, default=100)
    sim.add_argument("--seed", type=_whole, default=0)
    sim.add_argument("--players", type=_positive)
    sim.add_argument("--option", type=_option, action="append", default=[],
                     metavar="KEY=VALUE", help="a house rule, e.g. fcd.play_after_draw=any")
    bench = commands.add_parser("bench", help="print speed figures for every game and the app")
    bench.add_argument("--seconds", type=float, default=2.0, help="seconds per game")
    bench.add_argument("--engine-only", action="store_true", help="skip the app benchmark")
    replay = commands.add_parser("replay", help="print a game record move by move")
    replay.add_argument("file", help="a record from the statistics' records folder")
    return parser


def simulate_command(args, parser):
    import game
    from game.simulate import Progress, report, simulate
    try:
        info = game.game_info(args.game)
        players, options = game.resolve_options(info, args.players, dict(args.option))
    except ValueError as error:
        parser.exit(2, f"main.py simulate: error: {error}\n")
    result = simulate(args.game, args.games, seed=args.seed, players=players, options=options,
                      progress=Progress(args.games, "simulating"))
    print(report(result))
    return 0


def bench_command(args):
    from game.simulate import bench
    print("Engine: random playouts")
    bench(seconds=args.seconds)
    if args.engine_only:
        return 0
    print()
    from scenes import bench as ui_bench
    return ui_bench.run() or 0


def replay_command(args, parser):
    from game import saves
    try:
        record = saves.read_record(args.file)
    except saves.BadFile as error:
        parser.exit(2, f"main.py replay: error: {error}\n")
    if record is None:
        parser.exit(2, f"main.py replay: error: {args.file}: no such file\n")
    names = [seat["name"] for seat in record["seats"]]
    states = saves.replay(record)
    state = next(states)
    print(f"{state.info.title}, deal number {record['seed']}: {', '.join(names)}")
    for number, after in enumerate(states, 1):
        action = after.history[-1]
        print(f"{number:>4}. {names[state.current_player]}: {action}")
        state = after
    print("scores: " + ", ".join(f"{n} {s}" for n, s in zip(names, state.scores())))
    winners = [names[w] for w in state.winners()]
    print("winner: " + (", ".join(winners) if winners else "nobody"))
    return 0


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "simulate":
        return simulate_command(args, parser)
    if args.command == "bench":
        return bench_command(args)
    if args.command == "replay":
        return replay_command(args, parser)
    if args.smoke:
        from scenes import smoke
        return smoke.run(STARTED)
    from scenes import app
    return app.run(fullscreen=args.fullscreen)


if __name__ == "__main__":
    sys.exit(main())
