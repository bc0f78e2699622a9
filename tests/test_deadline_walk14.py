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


def test_the_hand_keeps_its_gaps_while_cards_go_to_the_assignment_and_closes_up_once_it_is_laid_down(app):  # noqa: F811
    """Maya's Midterm at 1280x720 with the mouse: the 5, 6 and 7 of hearts clicked one by
    one into the assignment being built leave the other cards where they lay (the next
    click where a card was still finds it: fixP13's rule); once the assignment is
    submitted and the pointer is off the hand, the hand closes up, before Finish exam
    (the walks: empty card-wide holes stayed in the hand through the submit into the
    next step, and read as cards missing)."""
    state = game_at_midterm({0: ["9C", "5H", "9D", "6H", "3C", "7H", "AS"]})
    table = open_at(app, state)
    for _ in range(200):
        if table.model.my_turn() and table.model.settled() and not table.busy():
            break
        app.frame()
    assert table.model.view.facts["step"] == "exam" and table.model.my_turn()
    assert closed_up(table), xs(table)
    before = xs(table)
    hand = {c.name: c for c in state.hands[0]}
    for name in ("5H", "6H", "7H"):
        click_at(app, card_point(table, hand[name]))
        for _ in range(100):
            if table.model.settled() and not table.busy():
                break
            app.frame()
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
    an assignment, three or more). The results screen's caption over the four clubs says
    why the run is incomplete: only 2 of Theo's own cards, 3 needed (walk D14: 'Midterm
    run: incomplete' above five hearts in a row read as a mistake)."""
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
    want = "Midterm run: incomplete, only 2 own cards (3 needed)"
    assert want in captions, captions
    assert set(want.split()) <= {w for line in drawn for w in line.split()}, "drawn whole"
