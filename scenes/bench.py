"""The UI benchmark (`python main.py bench`): start time, frame times, idle CPU, memory.

Prints: the time from starting the program to the first drawn menu frame; the median
and 99th-percentile frame time of the busiest tables (those the games' homes declare:
Final Card-Down with a hand of 40 cards, Deadline at the Final Exam) with the dummy
video driver, a card in flight: an animation frame (the table's cached layer blitted,
what moves drawn on top) and a full redraw (the layer painted afresh through the table's own `invalidate`, as when a card
lands); the time the autosave after each move takes for the largest states (in a
temporary folder); the CPU used by an idle table over 10 seconds; the peak memory of
this process.
"""
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from game import registry, resources
from game.core import SharedEvent

FRAMES = 300
IDLE_SECONDS = 10


def start_time(runs=3):
    """Seconds from launching the app to its first drawn menu frame (median of `runs`)."""
    env = dict(os.environ, CARDTABLE_FIRST_FRAME_ONLY="1", SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    # a bundle is the app itself; from source, main.py
    command = [sys.executable] if getattr(sys, "frozen", False) else [sys.executable, resources.path("main.py")]
    times = []
    for _ in range(runs):
        begin = time.time()
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60,
                              cwd=resources.root())
        stamps = [float(line.split()[1]) for line in done.stdout.splitlines() if line.startswith("first-frame ")]
        if not stamps:
            last = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
            raise RuntimeError(f"the app started by {' '.join(command)} drew no menu ({last})")
        times.append(stamps[0] - begin)
    return statistics.median(times)


def _table(app, game_id, busiest):
    """The app showing `game_id` from seat 0 (a person; the others computers), played
    on by the engine until its `busiest` table is ready on seat 0's turn, with a card in
    the air: the table animates the events from a recent move of seat 0's that flies on
    its board, and frames with no time passing then keep that card where it is."""
    from scenes.table.session import Seat, Session
    seats = [Seat("Maya", True)] + [Seat(n, False) for n in ("Theo", "Ines", "Sam", "Lena")[:busiest.players - 1]]
    session = Session(game_id, seats, {}, seed=11)
    rng = random.Random(3)
    while not (session.current_player == 0 and busiest.ready(session.state)):
        legal = session.legal_actions()
        if session.current_player == 0 and busiest.move:
            action = busiest.move(legal)
        else:
            action = rng.choice([a for a in legal if a.kind not in busiest.avoid] or legal)
        session.submit(action)
    moves = [i for i, event in enumerate(session.events_since(0))
             if event.kind == SharedEvent.MOVE and event.seat == 0]
    for since in reversed(moves[-20:]):
        app.switch("menu")              # a table leaving would hand on its own events_seen
        app.scene.persist.update(session=session, events_seen=since, viewer=0)
        app.switch("table")
        if in_flight(app):
            return session
    raise RuntimeError(f"{game_id}: no card of seat 0 flies on its board")


def in_flight(app, step=1 / 120, limit=600):
    """Advance the table until a card is in the air; False if none takes off."""
    for _ in range(limit):
        if any(flight.progress() not in (None, 1.0) for flight in app.scene.motion.flights):
            return True
        app.scene.update(step)
    return False


def frame(app, full):
    """Update and draw one table frame with no time passing: from the cached layer, or
    with `full`, the layer painted afresh (through the table's own `invalidate`)."""
    if full:
        app.scene.invalidate()
    else:
        app.scene.dirty = True
    app.scene.update(0.0)
    app.draw()


def frame_times(app, full):
    """Median and 99th-percentile milliseconds of `frame`."""
    samples = []
    for _ in range(FRAMES):
        begin = time.perf_counter()
        frame(app, full)
        samples.append((time.perf_counter() - begin) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.99) - 1]


def _print_frames(app, title):
    for full, kind in ((False, "animation frame"), (True, "full redraw")):
        median, p99 = frame_times(app, full)
        print(f"{title}, {kind}: median {median:.2f} ms, 99th percentile {p99:.2f} ms")


def idle_cpu(app):
    """Percent of one core used by the app's own loop while the table waits for a move."""
    end = time.time() + IDLE_SECONDS
    cpu = time.process_time()
    wall = time.time()
    while time.time() < end:
        app.frame(block=True)
    return 100 * (time.process_time() - cpu) / (time.time() - wall)


def autosave_times(game_id, players):
    """Median and worst milliseconds of the autosave after each move of a whole game of
    random moves (the JSON dump and the atomic write, fsync included)."""
    from game import saves
    from scenes.table.session import Seat, Session
    home = tempfile.mkdtemp(prefix="cardtable-bench-")
    try:
        seats = [Seat(f"Player {i + 1}", True) for i in range(players)]
        session = Session(game_id, seats, {}, seed=11, folders=saves.Folders(home))
        rng = random.Random(5)
        samples = []
        while True:
            session.state.apply(rng.choice(session.state.legal_actions()))
            if session.state.is_over:       # the end is a record, not an autosave
                break
            begin = time.perf_counter()
            session.autosave()
            samples.append((time.perf_counter() - begin) * 1000)
        return statistics.median(samples), max(samples)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def run():
    """Measure and print the UI figures."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from scenes import app as app_module
    try:
        print(f"start to first menu frame: {start_time() * 1000:.0f} ms")
    except RuntimeError as error:
        print(f"start to first menu frame: not measured: {error}")
    app = app_module.App(size=(1280, 720))
    app.settings.sound = False
    app.sounds.enabled = False
    app.frame()
    busiest = {game_id: registry.HOMES[game_id].busiest for game_id in registry.SHIPPED
               if registry.HOMES[game_id].busiest}
    for game_id, table in busiest.items():
        _table(app, game_id, table)
        _print_frames(app, table.title(app.scene.model.session.state))
    for game_id in busiest:
        info = registry.GAMES[game_id]
        median, worst = autosave_times(game_id, info.max_players)
        print(f"autosave per move, {info.title} ({info.max_players} players): median {median:.2f} ms, "
              f"worst {worst:.2f} ms")
    for _ in range(600):                # the flights land, the table settles
        if not app.scene.busy():
            break
        app.frame()
    print(f"idle table CPU over {IDLE_SECONDS} s: {idle_cpu(app):.2f}% of one core")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory: {peak:.0f} MB")
    return 0
