"""The model of the table stepped alone, without a window or a scene: a real session
(computer players thinking inline), the normal director or one of the test's, and the
app's settings. What it shows and waits for is read off the model; what it hands the
scene (its beats, its Go) is taken as the scene takes it."""
import random

from game import registry
from game.core import SharedAct
from scenes import config
from scenes.table import intents
from scenes.table.director import Director, Go
from scenes.table.model import Seen, TableModel
from scenes.table.presenters import presenter_for
from scenes.table.session import Seat, Session, inline
from scenes.table.timeline import Cue, Present, Reset

DT = 1 / 60


def model_of(game_id, seats, seed, speed="instant", director=None, undo="mine"):
    """A model of the table playing a new game of `game_id` with `seats`."""
    settings = config.Settings(animation_speed=speed, undo=undo)
    session = Session(game_id, seats, {}, seed, executor=inline)
    return TableModel(session, director or Director(), presenter_for(session.info), settings)


def frame(model):
    """One frame of the model as the scene makes it (its stage lands everything at once)."""
    model.catch_up()
    model.step(DT)


def until(model, ready, limit=2000):
    """Make frames until `ready()` (the computers move, outcomes pause), or fail."""
    for _ in range(limit):
        if ready():
            return
        frame(model)
    raise AssertionError("the model never got there")


def test_a_game_is_played_to_its_end_on_the_model_alone():
    model = model_of("final_card_down", [Seat("Maya"), Seat("Theo", False, "easy")], 3)
    rng = random.Random(3)
    frame(model)
    [reset, deal] = model.take_beats()          # the die as the game left it, then the deal to show
    assert reset == Reset(None) and isinstance(deal, Present) and not deal.after_change
    assert deal.events == model.session.events_since(0)
    moves = 0
    while model.leaving is None:
        until(model, lambda: model.my_turn() or model.leaving is not None)
        if model.leaving is not None:
            break
        assert model.legal == tuple(model.session.legal_actions())     # read once per change
        version, told = model.version, model.session.event_count()
        model.take_beats()
        model.do(intents.Choose(rng.choice(model.legal)))
        moves += 1
        assert model.version > version                                   # the scene lays out again
        [beat] = model.take_beats()
        assert isinstance(beat, Present) and beat.after_change and beat.seen_by == 0
        assert beat.events and beat.events == model.session.events_since(told)   # the move's, to show
    assert moves > 3 and model.session.is_over
    assert model.leaving == Go("scoring", {"interim": False, "scores_due": False})


def test_an_outcome_waits_until_the_person_goes_on():
    model = model_of("final_card_down", [Seat("Maya"), Seat("Theo", False, "easy")], 3, speed="normal")
    rng = random.Random(3)
    while not model.hold.waiting:
        until(model, lambda: model.my_turn() or model.hold.waiting)
        if model.my_turn():
            model.do(intents.Choose(rng.choice(model.legal)))
    assert model.session.is_over and model.hold.outcome is not None and not model.my_turn()
    for _ in range(100):
        frame(model)
    assert model.leaving is None                                          # it waits, however long
    model.do(intents.Continue())
    frame(model)
    assert model.leaving is not None and model.leaving.scene == "scoring"


def test_a_refused_move_and_the_person_s_turn_after_another_s_are_sound_beats():
    """A move refused is a `refused` cue (nothing else changes); the person's turn, once
    a computer has moved and everything has landed, is one `turn` cue, and only then."""
    model = model_of("final_card_down", [Seat("Maya"), Seat("Theo", False, "easy")], 12)
    until(model, model.my_turn)
    model.take_beats()
    model.do(intents.Choose(registry.Action(SharedAct.END_TURN)))      # nothing played or drawn yet
    assert model.take_beats() == [Cue("refused")] and model.my_turn() and model.ui.message
    draw = next(a for a in model.legal if a.kind == "draw")
    model.do(intents.Choose(draw))
    cues = []
    until(model, lambda: cues.extend(b for b in model.take_beats() if isinstance(b, Cue))
          or model.session.current_player == 0 and model.my_turn() and cues)
    assert cues == [Cue("turn")]                      # Theo has moved: Maya's turn again
    for _ in range(30):
        frame(model)
    assert not [b for b in model.take_beats() if isinstance(b, Cue)]              # once


def test_a_computer_moves_after_a_pause_as_long_as_a_flight_and_a_half():
    model = model_of("ktu", [Seat("Maya"), Seat("Theo", False, "easy")], 5, speed="normal")
    until(model, lambda: model.my_turn() or model.session.current_player == 1)
    while model.session.current_player == 0:
        model.do(intents.Choose(model.legal[0]))
        until(model, lambda: model.my_turn() or model.session.current_player == 1)
    made = len(model.session.submitted)
    pause = config.MOVE_SECONDS["normal"] * 1.5
    frame(model)                                    # the computer's turn: its pause starts
    waited = 0.0
    while len(model.session.submitted) == made:
        frame(model)
        waited += DT
        assert waited < pause + 4 * DT
    assert waited >= pause - DT


def test_in_pass_and_play_the_curtain_waits_for_the_next_person():
    model = model_of("final_card_down", [Seat("Maya"), Seat("Theo")], 3)
    assert model.looking.curtain == 0 and model.looking.viewer is None   # Maya first takes the device
    assert not model.my_turn()
    model.do(intents.Ready())
    assert model.looking.viewer == 0 and model.my_turn()
    first = model.looking.viewer
    while model.session.current_player == first:
        model.do(intents.Choose(model.legal[0]))
    until(model, lambda: model.looking.curtain is not None)
    assert model.looking.curtain == model.session.current_player != first
    assert model.looking.viewer is None and model.legal == () and not model.my_turn()
    model.do(intents.Ready())
    assert model.looking.viewer == model.session.current_player != first
    assert model.looking.curtain is None and model.my_turn() and model.legal


def test_an_undo_takes_the_move_back_says_so_and_stops_what_was_in_flight():
    model = model_of("final_card_down", [Seat("Maya"), Seat("Theo", False, "easy")], 6)
    until(model, model.my_turn)
    moves = len(model.session.moves())
    play = next(a for a in model.legal if a.cards)
    model.do(intents.Choose(play))
    until(model, model.my_turn)
    assert model.can_undo()
    model.take_beats()
    model.do(intents.Undo())
    assert len(model.session.moves()) == moves and model.my_turn()
    assert model.ui.message.startswith("Taken back: ")
    assert any(isinstance(beat, Reset) for beat in model.take_beats())


class Strict(Director):
    """A director of the test's: draws are refused, and it records what it was handed."""

    def __init__(self):
        self.handed = set()

    def submit(self, seen, action):
        self.handed.add(type(seen))
        if action.kind == "draw":
            raise registry.IllegalAction("not today")
        return super().submit(seen, action)

    def shown(self, seen, view):
        self.handed.add(type(seen))
        return view._replace(scores=tuple(0 for _ in view.scores))


def test_a_director_decides_which_moves_pass_and_the_view_shown_and_is_handed_only_seen():
    director = Strict()
    model = model_of("final_card_down", [Seat("Maya"), Seat("Theo", False, "easy")], 3, director=director)
    until(model, model.my_turn)
    draw = next(a for a in model.legal if a.kind == "draw")
    before = len(model.session.moves())
    model.do(intents.Choose(draw))
    assert len(model.session.moves()) == before and model.ui.message == "Not today"
    assert all(score == 0 for score in model.view.scores)
    assert director.handed == {Seen}
