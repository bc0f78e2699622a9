"""Small things at the table and around it, through real posted events: a text field
redraws on every key, the keyboard starts on the main action (never Menu), F1 or ?
shows the controls and holds the game still, Final Card-Down's scores are ranked by
place, and the rulebook draws nested bullets indented."""
import pygame

from game import registry
from scenes.widgets import controls
from game.presenter import ordinal
from scenes.screens.rules import RulesScene, parse
from scenes.screens.scoring import ScoringScene
from scenes.table.session import Seat, Session
from scenes.table.scene import TableScene
from scenes.table.intents import Choose
from tests.test_ui_play import FRAME, app, click_widget, open_setup, press, settle  # noqa: F401
from tests.test_ui_saves import start_game


def type_key(a, char):
    """Post a real key press that types `char`."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(char), mod=0, unicode=char, scancode=0))
    a.frame()


def test_a_text_field_redraws_on_every_key(app):
    open_setup(app, "ktu")
    click_widget(app, lambda w: w.key == "deal")
    for digits in ("4", "42", "421"):
        frames = app.frames
        type_key(app, digits[-1])
        assert app.scene.deal == digits and app.frames == frames + 1
    click_widget(app, lambda w: w.key == "name0")
    frames = app.frames
    type_key(app, "z")
    assert app.scene.seats[0].name.endswith("z") and app.frames == frames + 1


def test_the_keyboard_starts_on_the_main_action_and_enter_stays_in_the_game(app):
    session = start_game(app, "final_card_down", 2, {0}, 4242)
    settle(app)
    table = app.scene
    press(app, pygame.K_RIGHT)                 # the first key shows the ring where it rests
    resting = table.pointer.focus
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_LEFT)                  # back where the keyboard started
    assert table.pointer.focus == resting
    items = table.laid.cards + table.widgets
    focused = items[table.pointer.focus % len(items)]
    assert getattr(focused, "raised", False) or getattr(focused, "actions", None)
    before = len(session.submitted)
    press(app, pygame.K_RETURN)
    settle(app)
    assert isinstance(app.scene, (TableScene, ScoringScene))
    assert len(session.submitted) > before
    table = app.scene
    table.motion.toasts.clear()
    table.model.legal, table.model.looking.viewer = (), None                 # nothing to do at all: still not Menu
    table.model.ui.refocus += 1                              # as after a change
    table.layout()
    focus = table.pointer.focus                  # nothing to play: it rests on nothing, never on Menu
    assert focus is None or getattr((table.laid.cards + table.widgets)[focus], "label", None) not in ("Menu", "Undo")


def test_f1_or_a_question_mark_shows_the_controls_and_any_key_closes_them(app):
    start_game(app, "ktu", 2, {0}, 5)
    settle(app)
    frames = app.frames
    press(app, pygame.K_F1)
    assert app.showing_controls and app.frames > frames and isinstance(app.scene, TableScene)
    press(app, pygame.K_ESCAPE)                # closes the overlay, does not leave the table
    assert not app.showing_controls and isinstance(app.scene, TableScene)
    type_key(app, "?")
    assert app.showing_controls
    keys = " ".join(k for k, _ in controls.CONTROLS)
    for key in ("H", "Arrows", "Tab", "Enter", "Esc", "F11", "Ctrl+Z", "F1"):
        assert key in keys
    readme = open("README.md", encoding="utf-8").read()
    assert all(f"| {k} |" in readme for k, _ in controls.CONTROLS)


def test_final_card_down_scores_are_ranked_by_place(app):
    for seed in range(1, 200):
        state = registry.new_game("final_card_down", players=4, seed=seed)
        steps = 0
        while not state.is_over and steps < 3000:
            legal = state.legal_actions()
            state.apply(next((a for a in legal if a.cards), legal[0]))
            steps += 1
        scores = state.scores()
        others = [s for s in range(4) if s not in state.winners()]
        if state.winners() and len({scores[s] for s in others}) < len(others):
            break                               # a game with a shared place
    assert len({scores[s] for s in others}) < len(others)
    seats = [Seat(f"P{i + 1}", human=i == 0) for i in range(4)]
    session = Session("final_card_down", seats, {}, seed, state=state)
    app.scene.go("scoring", session=session, interim=False)
    app.frame()
    scoring = app.scene
    assert isinstance(scoring, ScoringScene)
    shown = scoring.ordered()
    winner = state.winners()[0]                 # the rulings: the winner, then by ascending points
    ladder = sorted({scores[s] for s in others})
    want = {s: 1 if s == winner else 2 + ladder.index(scores[s]) for s in range(4)}
    by_name = {f"P{s + 1}": s for s in range(4)}
    for place, name, score, _how, _won in shown:
        seat = by_name[name]
        assert place == ordinal(want[seat])
        assert score == scores[seat]
    assert [by_name[row[1]] for row in shown][0] == state.winners()[0]
    assert [row[0] for row in shown] == sorted(row[0] for row in shown)


def test_the_rulebook_draws_nested_bullets_indented(app, tmp_path):
    page = tmp_path / "x.md"
    page.write_text("# Play\n- follow:\n  - the lead colour\n  - otherwise any card\n- then score\n")
    assert parse(str(page)) == [("h", "Play"), ("li", "follow:"), ("sub", "the lead colour", 1),
                                ("sub", "otherwise any card", 1), ("li", "then score")]
    app.scene.go("rules", rules_game="four_downs", return_to="menu")
    app.frame()
    rules = app.scene
    assert isinstance(rules, RulesScene)
    nested = [line for line in rules.lines if "lead colour on the other side" in line[0]]
    assert nested and nested[0][0].startswith("•") and nested[0][3] > 0
    assert not any(line[0].lstrip().startswith("- ") for line in rules.lines)


def test_final_card_down_places_follow_the_rulings_worked_example():
    """Seat 2 went out; seat 1 holds 10, seat 3 16, seat 0 17 (the worked example of
    docs/rulings/final_card_down.md, 2.5)."""
    from types import SimpleNamespace
    from scenes.table.presenters import presenter_for
    presenter = presenter_for(registry.GAMES["final_card_down"])
    view = SimpleNamespace(winners=[2], scores=[17, 10, 0, 16])
    assert presenter.places(view) == {2: 1, 1: 2, 3: 3, 0: 4}
    tied = SimpleNamespace(winners=[0], scores=[0, 8, 8, 3])
    assert presenter.places(tied) == {0: 1, 3: 2, 1: 3, 2: 3}


def test_the_controls_overlay_holds_the_game_still(app):
    session = start_game(app, "final_card_down", 2, {1}, 5)
    for _ in range(400):                          # until the computer is to move
        if session.state.current_player == 0:
            break
        settle(app)
        table = app.scene
        if table.model.my_turn():
            table.act(Choose(session.state.legal_actions()[0]))
    assert session.state.current_player == 0
    moves = len(session.submitted)
    press(app, pygame.K_F1)
    for _ in range(int(1.5 / FRAME)):              # a second and a half of the app's time
        app.frame()
    assert app.showing_controls and len(session.submitted) == moves
    press(app, pygame.K_ESCAPE)
    for _ in range(int(1.5 / FRAME)):
        if len(session.submitted) > moves:
            break
        app.frame()
    assert len(session.submitted) > moves
