"""Deadline's confusing moments of walk 14 (issue #37), played with real events at the
table from stacked decks (tests/test_deadline's helpers; the rulings cited:
docs/rulings/deadline.md)."""
import pygame

from scenes.table.session import Seat, Session, inline
from tests.test_deadline import game_at_midterm
from tests.test_ui_play import app, card_point, click_at, click_widget  # noqa: F401

NAMES = ["Maya", "Theo", "Ines", "Kofi"]


def open_at(a, state, humans=(0,)):
    """The table of `state`, a game already begun, in `a` (people at `humans`)."""
    seats = [Seat(NAMES[i], i in humans, "easy") for i in range(state.players)]
    session = Session(state.game_id, seats, dict(state.options), state.chance.seed, state=state, executor=inline)
    a.scene.go("table", session=session, viewer=None, events_seen=session.event_count(), curtains=[])
    a.frame()
    return a.scene


def point(a, logical):
    """Move the pointer to a logical point."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a.screen.pixel(logical), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    a.frame()


def xs(table):
    """The hand's cards by name, with where each lies along the row."""
    return {p.card.name: p.rect.x for p in table.board.hand_cards()}


def closed_up(table):
    """Do the hand's cards lie side by side along the row, no card-wide hole between two?"""
    row = sorted(p.rect for p in table.board.hand_cards())
    return all(b.x - a.x < 1.5 * a.w for a, b in zip(row, row[1:]))


def maya_building(app):
    """Maya's Midterm at the table, settled on her turn to build assignments, her hand the
    9 of clubs, 5 of hearts, 9 of diamonds, 6 of hearts, 3 of clubs, 7 of hearts and Ace of
    spades: (the game, the table)."""
    state = game_at_midterm({0: ["9C", "5H", "9D", "6H", "3C", "7H", "AS"]})
    table = open_at(app, state)
    for _ in range(200):
        if table.model.my_turn() and table.model.settled() and not table.busy():
            break
        app.frame()
    return state, table


def click_settled(app, table, card):
    """A click on `card` of the hand, then the frames until the table has settled."""
    click_at(app, card_point(table, card))
    for _ in range(100):
        if table.model.settled() and not table.busy():
            break
        app.frame()


def test_the_hand_keeps_its_gaps_while_cards_go_to_the_assignment_and_closes_up_once_it_is_laid_down(app):  # noqa: F811
    """Maya's Midterm at 1280x720 with the mouse: the 5, 6 and 7 of hearts clicked one by
    one into the assignment being built leave the other cards where they lay (the next
    click where a card was still finds it: fixP13's rule); once the assignment is
    submitted and the pointer is off the hand, the hand closes up, before Finish exam
    (the walks: empty card-wide holes stayed in the hand through the submit into the
    next step, and read as cards missing)."""
    state, table = maya_building(app)
    assert table.model.view.facts["step"] == "exam" and table.model.my_turn()
    assert closed_up(table), xs(table)
    before = xs(table)
    hand = {c.name: c for c in state.hands[0]}
    for name in ("5H", "6H", "7H"):
        click_settled(app, table, hand[name])
        after = xs(table)
        assert name not in after
        assert all(after[n] == before[n] for n in after), (name, before, after)    # kept still while building
    click_widget(app, lambda w: any(a.kind == "submit" for a in getattr(w, "actions", None) or ()))
    for _ in range(100):
        if table.model.settled() and not table.busy():
            break
        app.frame()
    assert len(table.model.session.state.assignments) == 1
    assert len(table.board.hand_cards()) == 4
    assert closed_up(table), ("the hand keeps holes after the assignment is laid down", xs(table))


def test_the_results_say_why_an_assignment_with_others_extra_credit_is_incomplete(app, monkeypatch):  # noqa: F811
    """A whole semester: at the Midterm Theo lays the 5-6 of clubs and Ines and Kofi play
    the 7 and 4 of clubs on it as extra credit (A7, A12: only the owner's cards complete
    an assignment, three or more). The results screen says, under the plates beside what
    an outlined card is, why such a run is incomplete: 3 own cards complete an
    assignment, extra credit never does (walkD14 #9: 'Midterm run: incomplete' above five
    hearts in a row read as a mistake; the reason in the caption itself was cut with
    five players)."""
    from sprites import text as text_module
    from tests.test_deadline import auto_exam, second_half
    from tests.test_deadline_moments13 import midterm_with_extra_credit
    drawn = set()
    real = text_module.render
    monkeypatch.setattr(text_module, "render", lambda words, px, colour: drawn.add(words) or real(words, px, colour))
    state = midterm_with_extra_credit()
    second_half(state)
    while not state.is_over:
        auto_exam(state)
    seats = [Seat(NAMES[i], i == 0, "easy") for i in range(state.players)]
    session = Session(state.game_id, seats, dict(state.options), state.chance.seed, state=state, executor=inline)
    app.scene.go("scoring", session=session, interim=False)
    app.frame()
    theo = next(p for p in app.scene.plates() if p.name == "Theo")
    captions = [caption for caption, *_ in theo.groups]
    assert "Midterm run: incomplete" in captions, captions
    why = "Only its owner's own cards complete an assignment (3 or more): extra credit never does"
    assert why in app.scene.notes() and why in drawn, app.scene.notes()


def test_each_grade_called_out_at_the_final_exam_is_the_panels_score_while_it_shows(app):  # noqa: F811
    """The Final Exam's grading at the normal pace, Maya finishing the exam with the mouse:
    while 'Theo's exam graded: -11 points' (each student's grade in turn) is called out,
    the Scores panel beside it says the same score for Theo, and no score in the panel
    changes before the callout that tells it shows (walk D14 #8: the callout said -29
    while the panel still said 'Theo 9' for a second or two). The table's rule: a score
    called out is told as it shows (only a count-up keeps the scores until it has gone)."""
    import re
    from tests.test_deadline import auto_exam, second_half
    app.settings.animation_speed = "normal"
    state = game_at_midterm({0: ["9C", "9D"], 1: ["5C", "6C"], 2: ["7C", "QH"], 3: ["4C", "KH"]})
    for _ in range(4):
        auto_exam(state)
    second_half(state)
    while state.current_player != 0:
        auto_exam(state)
    table = open_at(app, state)
    model = table.model
    for _ in range(600):
        if model.my_turn() and model.settled() and not table.busy() and model.legal:
            finish = [a for a in model.legal if a.kind == "finish_exam"]
            if finish:
                click_widget(app, lambda w: finish[0] in (getattr(w, "actions", None) or ()))
                break
            card = next(a for a in model.legal if a.kind in ("group", "submit"))
            if card.cards:
                click_at(app, card_point(table, card.cards[0]))
            else:
                click_widget(app, lambda w: card in (getattr(w, "actions", None) or ()))
        app.frame()
    assert not model.my_turn() or model.view.is_over
    grades = model.session.view(0).scores if model.session.is_over else None
    told, checked = set(), 0
    start = list(model.panel_view().scores)
    for _ in range(3000):
        app.frame()
        call = model.timeline.callout
        scores = model.panel_view().scores
        said = re.match(r"(\w+)'s exam graded: (-?\d+) points?$", call.words) if call is not None else None
        if said:
            seat = model.names.index(said.group(1))
            told.add(seat)
            assert scores[seat] == int(said.group(2)), (call.words, scores)
            checked += 1
        if grades is None and model.session.is_over:
            grades = model.session.view(0).scores
        for seat, score in enumerate(scores):       # no grade in the panel before its callout
            assert grades is None or seat in told or score != grades[seat] or score == start[seat], \
                (seat, score, call and call.words)
        if model.view.is_over and not model.timeline.callouts and not table.busy():
            break
    assert len(told) == 4 and checked, (told, checked)


def test_the_lesson_s_coach_tells_ben_s_last_exam_and_the_grading_as_the_table_shows_them(monkeypatch):
    """Deadline's lesson played to its end at the fast pace: once Ben's two assignments
    have landed and the grades are called out one by one (everyone's hand face up), the
    coach says so ('Ben laid down two incomplete assignments ... everyone's hand is
    shown'), never only 'Ada had nothing more to lay down' beside them; the panel says
    each grade as it is called out; and the coach's explanation of the grades waits until
    they have been called out (walk C14 #4)."""
    import re

    from scenes import app as app_module
    from tests.test_ui_tutorial import lesson_frames
    a = app_module.App(size=(1280, 720), frame_seconds=1 / 60, executor=inline)
    a.settings.animation_speed = "fast"
    a.settings.sound = False
    a.sounds.enabled = False
    called = told = 0
    for scene in lesson_frames(a, "deadline"):
        model = scene.model
        call = model.timeline.callout
        said = re.match(r"(\w+)'s exam graded: (-?\d+) points?$", call.words) if call is not None else None
        if not said:
            continue
        called += 1
        words = " ".join(model.director.paragraphs(model.seen))
        assert "Ben laid down two incomplete assignments" in words and "everyone's hand is shown" in words, words
        assert "Your grade:" not in words, words
        who = "You" if said.group(1) == "Your" else said.group(1)
        scores = model.panel_view().scores
        assert scores[model.names.index(who)] == int(said.group(2)), (call.words, scores)
        told += 1
    assert called and told == called, (called, told)


def test_the_hand_closes_up_once_the_pointer_leaves_it_while_an_assignment_is_being_built(app):  # noqa: F811
    """walkC16 #3: Maya's Midterm with the mouse: the 5 and 6 of hearts clicked into the
    assignment being built leave their holes while the pointer stays on the hand (the next
    click still finds its card); once the pointer leaves the hand, still building, the
    hand closes up (the walk: a card-wide hole stayed after the pointer moved away, and
    read as a card missing); back on the hand, a click takes the card under it."""
    state, table = maya_building(app)
    before = xs(table)
    hand = {c.name: c for c in state.hands[0]}
    for name in ("5H", "6H"):
        click_settled(app, table, hand[name])
    after = xs(table)
    assert all(after[n] == before[n] for n in after) and not closed_up(table), (before, after)
    assert table.model.view.facts["building"] == 2
    x, y, w, h = table.board.boxes[table.board.hand_key]
    point(app, (x + w / 2, y - 120))                  # off the hand, over the table
    app.frame()
    assert table.model.view.facts["building"] == 2
    assert closed_up(table), ("the hand keeps a hole after the pointer left it", xs(table))
    click_at(app, card_point(table, hand["7H"]))
    for _ in range(100):
        if table.model.settled() and not table.busy():
            break
        app.frame()
    assert table.model.view.facts["building"] == 3 and "7H" not in xs(table)
