"""The app's pace: how many seconds one move takes at the table, per game.

    python3 tools/measure_pace.py [GAME ...] [--games 3] [--write]

For each game (every registered game by default, at its default player count) plays
GAMES games of Medium computer players at the real table, headless (SDL's dummy
drivers), at the Normal animation speed: each frame advances the table's clock by 1/60
of a second, so the cards' flights, the computer players' pauses and the die take the
time they take on screen, whatever the machine; each outcome held on the table is
gone on from at once (a person reading it takes longer). Prints each game's seconds of
table time per action (the median over its games). `--write` keeps them in
game/report/pace.json, from which the balance report says a game's length in minutes
at the table.
"""
import argparse
import json
import os
import statistics
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game import registry  # noqa: E402
from game.report.pace import PACE_FILE, SPEED  # noqa: E402
from game.report.words import count  # noqa: E402

FRAME = 1 / 60                  # seconds of table time per frame
LIMIT = 60 * 60 * 60            # frames: an hour of table time, at most, per game
NAMES = ("Ann", "Ben", "Cai", "Dee", "Eve")


def table_seconds(game_id, seed):
    """(seconds of table time, actions) of one game of Medium players at the table."""
    import pygame
    from scenes import app as app_module
    from scenes.screens.scoring import ScoringScene
    from scenes.table.intents import Continue
    from scenes.table.scene import TableScene
    from scenes.table.session import Seat, Session, inline
    info = registry.game_info(game_id)
    app = app_module.App(size=(1280, 720), frame_seconds=FRAME, executor=inline)
    try:
        app.settings.animation_speed = SPEED
        app.settings.sound = False
        app.sounds.enabled = False
        app.frame()
        seats = [Seat(NAMES[i], False, "medium") for i in range(info.default_players)]
        session = Session(game_id, seats, {}, seed=seed, executor=inline)
        app.switch("menu")
        app.scene.persist.update(session=session, events_seen=0, viewer=None)
        app.switch("table")
        for frame in range(LIMIT):
            scene = app.scene
            if isinstance(scene, ScoringScene):
                if not scene.interim:
                    return frame * FRAME, len(session.state.history)
                next(w for w in scene.widgets if getattr(w, "label", "") == "Next hand").activate()
            elif isinstance(scene, TableScene) and scene.model.hold.waiting:
                scene.act(Continue())
            app.frame()
        raise RuntimeError(f"{info.title}: a game still going after an hour at the table")
    finally:
        pygame.quit()


def measure(game_id, games):
    """The median seconds of table time per action over `games` games of `game_id`."""
    paces = []
    for seed in range(1, games + 1):
        seconds, actions = table_seconds(game_id, seed)
        paces.append(seconds / actions)
    return statistics.median(paces)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="measure_pace.py", description=__doc__.split("\n")[0])
    parser.add_argument("games_ids", nargs="*", metavar="GAME",
                        help="game ids (default: every game)")
    parser.add_argument("--games", type=int, default=3, help="games per game id (default 3)")
    parser.add_argument("--write", action="store_true",
                        help=f"keep the figures in {os.path.relpath(PACE_FILE, ROOT)}")
    args = parser.parse_args(argv)
    for game_id in args.games_ids:
        if game_id not in registry.GAMES:
            parser.error(f"unknown game {game_id!r}; games: {', '.join(registry.GAMES)}")
    paces = {}
    for game_id in args.games_ids or list(registry.GAMES):
        paces[game_id] = round(measure(game_id, args.games), 3)
        print(f"{registry.game_info(game_id).title}: {paces[game_id]:.2f} s of table time per "
              f"action ({count(args.games, 'game')}, {SPEED} speed)", flush=True)
    if args.write:
        kept = {}
        if os.path.exists(PACE_FILE):
            with open(PACE_FILE, encoding="utf-8") as handle:
                kept = json.load(handle)
        kept.update(paces)
        from game.saves import atomic_write
        atomic_write(PACE_FILE, json.dumps(dict(sorted(kept.items())), indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
