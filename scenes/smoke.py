"""`--smoke`: prove the app whole, and open every scene of every registered game once,
headless, and say so.

For each game in the registry: its pieces (rules module, bot module, presenter,
rulebook, lesson: scenes.pieces) are there, and its bots use their knowledge: on a fixed
deal Medium's moves differ from Easy's, and Hint gives the heuristic's reason. Then
Menu, Setup, Rules, the lesson (Learn to play), Settings, the table with a few moves (one
person and easy computer players), and the scoring scene of a finished game; then
Statistics, the replay of a finished game's record, and About with every notice of
the credits. Files go to a temporary folder
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
KNOWLEDGE_SEED = 4      # the fixed deal on which Medium and Easy are compared
KNOWLEDGE_MOVES = 60    # moves compared, and positions tried for a hint's reason


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

    from game import registry, saves
    from game.version import VERSION
    from scenes import app as app_module
    from scenes import pieces
    from scenes.table.session import Seat, Session

    app = app_module.App(size=(1280, 720))
    app.settings.animation_speed = "instant"
    app.settings.sound = False
    app.sounds.enabled = False
    app.frame()
    if app.frames < 1:
        raise RuntimeError("the menu was not drawn")
    if started is not None:
        out(f"first menu frame after {app.first_frame - started:.2f} s")

    def show(name, **persist):
        app.scene.persist = dict(persist)
        app.switch(name)
        before = app.frames
        app.frame()
        if type(app.scene).__name__.lower() != f"{name}scene" or app.frames == before:
            raise RuntimeError(f"the {name} scene did not open")

    show("settings")
    found = pieces.check()
    for game_id, info in registry.GAMES.items():
        names = ", ".join(found[game_id][piece] for piece in pieces.MODULE_PIECES + pieces.FILE_PIECES)
        differ, reason = knowledge(game_id)
        out(f"smoke: {info.title}: pieces {names}; Medium differs from Easy at move {differ}; "
            f"hint: {reason}")
        show("setup", game_id=game_id)
        show("rules", rules_game=game_id, return_to="menu")
        app.scene.learn()
        app.frame()
        if type(getattr(getattr(app.scene, "model", None), "director", None)).__name__ != "LessonDirector":
            raise RuntimeError(f"{game_id}: the lesson did not open from the rules")
        seats = [Seat("Player", True)] + [Seat(f"Computer {i}", False, "easy")
                                          for i in range(1, info.default_players)]
        session = Session(game_id, seats, info.default_options(), seed=1, executor=app.executor)
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
    show("about")
    parts = app.scene.parts()
    for part in parts:          # every notice is there to read (the bundle carries them)
        app.scene.read(part)
        app.frame()
        if len(app.scene.lines) < 3:
            raise RuntimeError(f"about: the notices of {part.name} are empty")
    out(f"smoke: about: version {VERSION}, {len(parts) - 1} credits, every notice read")
    pygame.quit()
    out("smoke: ok")
    return 0


def knowledge(game_id):
    """(the first move at which Medium's game differs from Easy's on a fixed deal, the
    reason Hint gives at the first position that has one): proof that the bots use the
    game's bot module. RuntimeError if Medium plays like Easy or no hint has a reason."""
    from game import registry
    from game.bots import make_bot, make_chooser
    from game.bots.hard import MIN_PAIRS
    games = {}
    for level in ("easy", "medium"):
        state = registry.new_game(game_id, seed=KNOWLEDGE_SEED)
        choose = make_chooser(level, game_id)(random.Random(KNOWLEDGE_SEED))
        games[level] = states = []
        while not state.is_over and len(states) < KNOWLEDGE_MOVES:
            states.append(state.clone())
            state.apply(choose(state))
        states.append(state)
    moves = {level: [s.history[-1] for s in states[1:]] for level, states in games.items()}
    differ = next((i + 1 for i, (a, b) in enumerate(zip(*moves.values())) if a != b), None)
    if differ is None:
        raise RuntimeError(f"{game_id}: Medium played its first {len(moves['medium'])} moves "
                           "like Easy on a fixed deal")
    hint = make_bot("hard", game_id, iterations=MIN_PAIRS - 1)  # too few to overrule Medium
    for state in games["medium"][:-1]:
        view, legal = state.view(state.current_player), state.legal_actions()
        reason = hint.explain(view, legal, hint.choose(view, legal, random.Random(KNOWLEDGE_SEED)))
        if reason:
            return differ, reason
    raise RuntimeError(f"{game_id}: Hint gave no reason in {len(games['medium']) - 1} positions")


def _play_a_few(app, session):
    """Let the table play MOVES moves: the person's by a random legal choice submitted
    as the table would, the computers' by their own worker threads."""
    rng = random.Random(2)
    deadline = time.monotonic() + SECONDS_PER_GAME
    table = app.scene
    model = table.model
    while len(session.submitted) < MOVES and not session.state.is_over:
        if time.monotonic() > deadline:
            raise RuntimeError(f"{session.game_id}: the table made no progress")
        app.frame()
        if app.scene is not table:
            return
        if model.my_turn() and not table.motion.flights and not model.timeline.pending and not model.ui.dialog:
            model.submit(rng.choice(session.state.legal_actions()))
        time.sleep(0.001)


if __name__ == "__main__":
    sys.exit(run(time.time()))
