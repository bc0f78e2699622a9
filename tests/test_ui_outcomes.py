"""In pass-and-play your move lands before the curtain falls, paced by the animation
speed (Instant skips the wait); outcomes that wait to be read: tests/test_followable_outcomes.py."""
import random

from tests.test_ui_play import app, choose  # noqa: F401
from tests.test_ui_saves import start_game
from scenes.table.intents import Choose, Ready


def run(table, seconds, step=0.05):
    """Advance the table by `seconds` of its own time, drawing each frame."""
    for _ in range(int(seconds / step)):
        table.update(step)
        table.draw(table.app.screen)


def test_instant_skips_the_waits_and_pass_and_play_waits_for_your_move_to_land(app):
    session = start_game(app, "final_card_down", 2, {0, 1}, 11)
    table = app.scene
    table.act(Ready())
    table.act(Choose(next(a for a in session.state.legal_actions() if a.kind != "end_turn")))
    assert table.model.hold.seconds == 0                     # Instant: the curtain may fall at once
    app.settings.animation_speed = "normal"
    run(table, 0.2)
    table.act(Ready())
    while session.state.current_player == table.model.looking.viewer:
        table.act(Choose(choose(session.state.legal_actions(), random.Random(4))))
    assert table.model.hold.seconds > 0 and table.model.looking.curtain is None
    run(table, 0.3)
    assert table.model.looking.curtain is None                # your move is still on the table
    run(table, 1.2)
    assert table.model.looking.curtain == session.state.current_player
