"""`--smoke`: open every scene of every registered game once, headless, and say so.

Menu, Setup, Rules, the lesson (Learn to play), Settings, the table with a few moves (one person and easy computer
players), and the scoring scene of a finished game, for each game in the registry; then
Statistics and the replay of a finished game's record. Files go to a temporary folder
(unless CARDTABLE_HOME says where), never to the user's own.
Exit 0 when all were drawn; 1 with the reason otherwise. Used by CI on the bundle.
"""
import os
import random
import shutil
import sys
import tempfile
import time

MOVES = 6
SECONDS_PER_GAME = 60


def run(started=None, out=print):
    """Run the smoke check; returns the exit code."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    home = None
    if not os.environ.get("CARDTABLE_HOME"):
        home = os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp(prefix="cardtable-smoke-")
    try:
        return _run(started, out)
    except Exception as error:   # the whole point: report any failure as a reason
        out(f"smoke: FAILED: {type(error).__name__}: {error}")
        return 1
    finally:
        if home:
            del os.environ["CARDTABLE_HOME"]
            shutil.rmtree(home, ignore_errors=True)


def _run(started, out):
    import pygame

    import game
    from game import saves
    from scenes import app as app_module
    from scenes.session import Seat, Session

    app = app_module.App(size=(1280, 720))
    app.settings.animation_speed = "instant"
    app.settings.sound = False
    app.sounds.enabled = False
    app.step()
    if app.frames < 1:
        raise RuntimeError("the menu was not drawn")
    if started is not None:
        out(f"first menu frame after {app.first_frame - started:.2f} s")

    def show(name, **persist):
        app.scene.persist = dict(persist)
        app.switch(name)
        before = app.frames
        app.step()
        if type(app.scene).__name__.lower() != f"{name}scene" or app.frames == before:
            raise RuntimeError(f"the {name} scene did not open")

    show("settings")
    for game_id, info in game.GAMES.items():
        show("setup", game_id=game_id)
        show("rules", rules_game=game_id, return_to="menu")
        app.scene.learn()
        app.step()
        if type(getattr(app.scene, "director", None)).__name__ != "LessonDirector":
            raise RuntimeError(f"{game_id}: the lesson did not open from the rules")
        seats = [Seat("Player", True)] + [Seat(f"Computer {i}", False, "easy")
                                          for i in range(1, info.default_players)]
        session = Session(game_id, seats, info.default_options(), seed=1)
        show("table", session=session, viewer=None, events_seen=0, curtains=[])
        _play_a_few(app, session)
        at_table = len(session.submitted)
        rng = random.Random(1)
        while not session.state.is_over:
            session.submit(rng.choice(session.state.legal_actions()))
        show("scoring", session=session)
        if list(app.scene.view.scores) != list(session.state.scores()):
            raise RuntimeError(f"{game_id}: the scoring scene shows other scores")
        out(f"smoke: {info.title}: menu, setup, rules, lesson, table ({at_table} moves), "
            "scoring")
    path = saves.write_record(app.folders, session.state, session.saved_seats())
    show("statistics")
    show("replay", record=saves.read_record(path))
    out("smoke: statistics, replay")
    pygame.quit()
    out("smoke: ok")
    return 0


def _play_a_few(app, session):
    """Let the table play MOVES moves: the person's by a random legal choice submitted
    as the table would, the computers' by their own worker threads."""
    rng = random.Random(2)
    deadline = time.monotonic() + SECONDS_PER_GAME
    table = app.scene
    while len(session.submitted) < MOVES and not session.state.is_over:
        if time.monotonic() > deadline:
            raise RuntimeError(f"{session.game_id}: the table made no progress")
        app.step()
        if app.scene is not table:
            return
        if table.my_turn() and not table.motion.flights and not table.pending and not table.ui_state.dialog:
            table.submit(rng.choice(session.state.legal_actions()))
        time.sleep(0.001)


if __name__ == "__main__":
    sys.exit(run(time.time()))
