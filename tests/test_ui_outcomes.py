"""Outcomes that stay on the table: a down's winner is marked and play waits before the
next lead, and in pass-and-play your move lands before the curtain falls; all paced by
the animation speed (Instant skips the waits)."""
import random

from tests.test_ui_play import app, choose  # noqa: F401
from tests.test_ui_saves import start_game


def run(table, seconds, step=0.05):
    """Advance the table by `seconds` of its own time, drawing each frame."""
    for _ in range(int(seconds / step)):
        table.update(step)
        table.draw(table.app.screen)


def test_a_downs_winner_stays_marked_before_play_goes_on(app):
    app.settings.animation_speed = "normal"
    session = start_game(app, "four_downs", 4, {0}, 5)
    table = app.scene
    rng = random.Random(2)
    for _ in range(4000):
        if table.hold.outcome is not None:
            break
        if table.my_turn() and not (table.motion.flights or table.pending or table.ui_state.dialog or table.hold.seconds):
            table.submit(choose(session.state.legal_actions(), rng))
        table.update(0.05)
    seat, words = table.hold.outcome
    assert words == f"{session.name(seat)} won down 1"
    events = len(session.state.events)
    assert table.hold.seconds == 1.4                   # at the normal speed
    while table.motion.flights:                # the wait starts when the last card has landed
        table.update(0.05)
    run(table, 1.1)
    assert table.hold.outcome is not None and len(session.state.events) == events     # nobody moved yet
    run(table, 0.4)
    assert table.hold.outcome is None and table.hold.seconds == 0


def test_instant_skips_the_waits_and_pass_and_play_waits_for_your_move_to_land(app):
    session = start_game(app, "final_card_down", 2, {0, 1}, 11)
    table = app.scene
    table.ready()
    table.submit(next(a for a in session.state.legal_actions() if a.kind != "end_turn"))
    assert table.hold.seconds == 0                     # Instant: the curtain may fall at once
    app.settings.animation_speed = "normal"
    run(table, 0.2)
    table.ready()
    while session.state.current_player == table.viewer:
        table.submit(choose(session.state.legal_actions(), random.Random(4)))
    assert table.hold.seconds > 0 and table.curtain is None
    run(table, 0.3)
    assert table.curtain is None                # your move is still on the table
    run(table, 1.2)
    assert table.curtain == session.state.current_player
