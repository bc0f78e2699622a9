"""KTU where the newcomer walk of wave 14 stumbled (issue #37, walker D, played wholly
from the keyboard at 1152x720), played with real events at the table."""
import pygame

from scenes.table.scene import TableScene
from tests.test_ui_play import app, settle  # noqa: F401
from tests.test_ui_saves import start_game


def test_as_dealt_the_hand_shows_in_the_order_it_was_dealt(app):  # noqa: F811
    """Settings 'Sort your hand: As dealt' (the default) holds in KTU as in every game:
    the hand shows left to right in the order the log tells it was dealt (the walk, D14
    #13: the log said '10 of spades, 5 of hearts, 7 of hearts, ...' while the hand showed
    J, 5, 5, 6, 7, 8, 10)."""
    assert app.settings.hand_order == "dealt"
    start_game(app, "ktu", 4, {0}, 645395663)
    table = app.scene
    settle(app)
    assert isinstance(table, TableScene)
    dealt = next(line for line in table.model.log_lines() if line.startswith("Maya was dealt") and "face down" not in line)
    shown = [p.card.spoken for p in sorted(table.board.hand_cards(), key=lambda p: p.rect.x)]
    assert dealt == f"Maya was dealt {', '.join(shown)}", (dealt, shown)
