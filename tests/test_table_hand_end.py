"""A hand's end at the table: an outcome is told only once the cards it speaks of are face
up. The hands shown at a hand's end (Final Count) or at grading (Deadline) turn over one
after another; until a hand is face up the log does not say it was shown, the panel does
not give the score it brings and Continue is not offered; each count is told as it counts
up; and the Final Count lesson ends on its hands shown and counted, as a real game does.

Real seeded games (and the lesson) are played at the table at the normal pace, frame by
frame, and what the table offers and draws is read at every frame."""
import random

import pytest

from game import tutorial
from game.core import SharedEvent
from scenes.table import draw as table_draw
from scenes.table import intents
from tests.test_ui_play import app, choose, perform  # noqa: F401
from tests.test_ui_saves import start_game
from tests.test_ui_tutorial import open_lesson


@pytest.fixture
def panel_scores(monkeypatch):
    """The scores the side panel drew last ([] before it is drawn)."""
    drawn = []
    side_panel = table_draw.side_panel

    def spy(screen, view, *args, **kwargs):
        drawn[:] = list(view.scores)
        return side_panel(screen, view, *args, **kwargs)
    monkeypatch.setattr(table_draw, "side_panel", spy)
    return drawn


def final_exam(events):
    """Has Deadline's Final Exam begun among `events`?"""
    return any(e.kind == "phase" and e.detail["phase"] == "exam" and e.detail["rotation"] > 3 for e in events)


def to_the_end(a, game_id, players, seed, frames, slow=lambda events: True):
    """`game_id` against computers, Maya (seat 0) making random legal moves, each outcome
    read once the table offers Continue; at Instant until `slow(the game's events)`, then
    at the normal pace, where it yields the table after every frame."""
    a.settings.animation_speed = "instant"
    session, rng = start_game(a, game_id, players, {0}, seed), random.Random(seed)
    table, model = a.scene, a.scene.model
    while frames and a.scene is table and (model.hold.wait or not session.is_over):
        frames -= 1
        if slow(session.events_since(0)):
            a.settings.animation_speed = "normal"
        if offers_continue(table):
            table.act(intents.Continue())
        elif model.my_turn() and model.settled() and not table.busy() and model.legal:
            table.act(intents.Choose(choose(session.legal_actions(), rng)))
        a.frame()
        if a.settings.animation_speed == "normal":
            yield table


def offers_continue(table):
    """Is the Continue button on the table?"""
    return any(getattr(w, "label", None) == "Continue" for w in table.widgets)


def turning(table, begun=False):
    """The seats whose hand is not yet face up on the table: a card of it still turning
    over (or, unless `begun`, waiting face down for its turn)."""
    return {int(f.zone.partition(":")[2]) for f in table.motion.flights
            if f.flip and f.zone.startswith("hand:") and not (begun and f.progress() is None)}


def shown_at_end(model):
    """The events of the last hand's end told so far (its hands shown and scores), and
    all of them from its first on."""
    events = model.session.events_since(0)
    start = max((k for k, event in enumerate(events) if event.kind == "reveal"), default=len(events))
    while start > 0 and events[start - 1].kind in ("reveal", "score"):
        start -= 1
    return events[start:model.told()], events[start:]


@pytest.mark.parametrize("game_id, players, seed, frames, slow", [
    ("final_count", 3, 4242, 1000, lambda events: True),
    ("deadline", 3, 4242, 6000, final_exam)])
def test_a_hand_is_told_and_continue_offered_only_once_it_is_face_up(app, panel_scores, game_id,  # noqa: F811
                                                                      players, seed, frames, slow):
    """Final Count's hand end and Deadline's grading: while a hand shown at the end still
    turns over (one hand after another), the log does not say it was shown and Continue
    is not offered; the panel gives a seat's new score only once its hand is face up and
    the log has told that score; each hand has turned over by the time the next one
    does."""
    ends, early, together = 0, [], 0
    before = None
    for table in to_the_end(app, game_id, players, seed, frames, slow):
        model = table.model
        told, ended = shown_at_end(model)
        if not any(e.kind == "reveal" for e in ended) or not model.hold.wait:
            before = list(panel_scores)
            continue
        ends += 1
        hidden = turning(table)
        together = max(together, len(turning(table, begun=True)))
        if hidden and offers_continue(table):
            early.append(("Continue", sorted(hidden)))
        early += [("log", e.seat) for e in told if e.kind == "reveal" and e.seat in hidden]
        scored = {e.seat for e in told if e.kind == "score"}
        early += [("panel", seat, before[seat], panel_scores[seat]) for seat in range(players)
                  if before and panel_scores[seat] != before[seat] and (seat in hidden or seat not in scored)]
    assert ends, "no hand's end was reached"
    assert not early, early[:4]
    assert together == 1, together          # the hands turn over one at a time


@pytest.mark.parametrize("game_id, players, seed, frames, slow", [
    ("final_count", 3, 4242, 1000, lambda events: True),
    ("deadline", 4, 4242, 6000, final_exam)])
def test_a_score_the_log_has_told_is_the_panels_at_once(app, panel_scores, game_id,  # noqa: F811
                                                        players, seed, frames, slow):
    """The other half of the rule above: once the log has told a seat's new score (its
    hand face up, its callout gone), the panel gives it too, seat by seat, and does not
    wait for the last callout of the grading or the count (the merge's walk saw "Theo's
    score: -9" in the log beside Theo 8 in the panel until Game over)."""
    ends, late = 0, []
    for table in to_the_end(app, game_id, players, seed, frames, slow):
        model = table.model
        told, ended = shown_at_end(model)
        if not any(e.kind == "reveal" for e in ended) or not model.hold.wait or not panel_scores:
            continue
        ends += 1
        hidden = turning(table)
        late += [(seat, panel_scores[seat], model.view.scores[seat]) for seat in
                 {e.seat for e in told if e.kind == "score"} - hidden
                 if panel_scores[seat] != model.view.scores[seat]]
    assert ends, "no hand's end was reached"
    assert not late, late[:4]


def test_each_count_is_told_once_it_has_counted_up(app):  # noqa: F811
    """Final Count: at a hand's end each player's count counts up beside their cards, one
    after another; the log tells a player's score ('Theo scored 0 points this hand') once
    their own count-up has gone, never before, and each as it comes (not all at the end)."""
    counting, early, told_counts = 0, [], set()
    for table in to_the_end(app, "final_count", 3, 4242, 1000):
        model = table.model
        told, ended = shown_at_end(model)
        if not any(e.kind == "reveal" for e in ended) or not model.hold.wait:
            continue
        names = model.names
        pending = {seat for seat, name in enumerate(names)
                   if any(call.words.startswith(f"{name}: ") for call, _ in model.timeline.callouts)}
        counting += bool(pending)
        scored = [e.seat for e in told if e.kind == "score"]
        early += [names[seat] for seat in scored if seat in pending]
        told_counts.add(len(scored))
    assert counting
    assert not early, early[:3]
    assert told_counts >= {0, 1, 2, 3}, told_counts


def test_the_final_count_lesson_ends_on_its_hands_shown_and_counted(app):  # noqa: F811
    """The Final Count lesson (moment N5) at the normal pace, its script followed: its last
    move ends the hand; the hands turn over, each count counts up beside its cards, and
    only then, once the hand's end is read (Continue), does the lesson end; no note of a
    score stands over a hand still face down."""
    app.settings.animation_speed = "normal"
    table = open_lesson(app, "final_count")
    model, counted, early = table.model, set(), []
    for _ in range(4000):
        coach = model.director.coach
        if model.over:
            break
        if any(e.kind == SharedEvent.HAND_OVER for e in model.session.events_since(0)):
            counted |= {call.words.split(":")[0] for call, _ in model.timeline.callouts if call.count is not None}
            note = table.motion.toast() or ""
            if turning(table) and "scored" in note:
                early.append(note)
        if coach.finished and model.hold.waiting and model.offering():
            assert counted == set(model.names), counted     # every count told before the end is read
            table.act(intents.Continue())
        elif model.settled() and not table.motion.flights and coach.cue is not None and coach.cue.stop:
            if coach.explaining():
                table.act(intents.Pressed("next"))
            elif model.my_turn():
                perform(app, tutorial.find(model.session.state, coach.cue.moves[0]))
        app.frame()
    assert model.over
    assert counted == set(model.names), counted
    assert not early, early[:3]
    faces = [p.face_up for p in table.board.placed if p.zone.startswith("hand:")]
    assert faces and all(faces), faces


@pytest.mark.parametrize("game_id, players, seed, frames, slow", [
    ("final_count", 3, 4242, 1000, lambda events: True),
    ("four_downs", 4, 4242, 3000, lambda events: any(e.kind == "phase" and e.detail.get("down") == 4
                                                      for e in events if isinstance(e.detail, dict)))])
def test_at_a_hands_end_no_seat_is_lit_and_no_turn_is_told(app, monkeypatch, game_id, players,  # noqa: F811
                                                           seed, frames, slow):
    """Final Count's hand end and 4 downs' (moment 4): from the moment the table holds the
    hand's end for Continue, while its hands turn over and count and after, nobody is
    to move: no name plate and no row of the panel is lit as the one whose turn it is,
    and the panel tells nothing of the last turn (Final Count's 'Die: 3: to the Board or
    discard')."""
    plates, panel = {}, {}
    plate_words, side_panel = table_draw.plate_words, table_draw.side_panel

    def spy_plates(*args, **kwargs):
        plates.update(plate_words(*args, **kwargs))
        return plates

    def spy_panel(screen, view, presenter, names, *args, **kwargs):
        panel["current"] = view.current_player
        panel["told"] = [label for label, _, _ in presenter.readouts(view, names)]
        return side_panel(screen, view, presenter, names, *args, **kwargs)
    monkeypatch.setattr(table_draw, "plate_words", spy_plates)
    monkeypatch.setattr(table_draw, "side_panel", spy_panel)
    ends, lit = 0, []
    for table in to_the_end(app, game_id, players, seed, frames, slow):
        model = table.model
        if not model.hold.wait or not any(e.kind == SharedEvent.HAND_OVER for e in model.session.events_since(0)):
            continue
        ends += 1
        lit += [("plate", model.names[seat]) for seat, (_, _, current, _) in plates.items() if current]
        if panel["current"] is not None:
            lit.append(("panel", model.names[panel["current"]]))
        lit += [("told", label) for label in panel["told"] if label == "Die"]
    assert ends, "no hand's end was reached"
    assert not lit, lit[:4]
