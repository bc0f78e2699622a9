"""Another seat's face-down cards at the table, where the newcomer walk of wave 14 stumbled
(issue #37): a hand of a few cards shows each card (the table's rule, scenes/table/layout)."""
import pygame

from tests.test_ui_play import new_app, settle
from tests.test_ui_saves import start_game


def test_a_face_down_hand_of_a_few_cards_shows_each_card():
    """Final Count at 1280x720 against a computer, the walk's deal: Theo's 'Cards in Hand (2)'
    shows both backs, side by side enough to tell apart (at least a quarter of a card of
    each in sight), before any blind pick is offered (the walk: the two cards lay exactly on
    top of each other, so a blind pick had nothing to choose between)."""
    a = new_app((1280, 720))
    start_game(a, "final_count", 2, {0}, 147102264)
    settle(a)
    board = a.scene.laid.board
    backs = sorted((p.rect for p in board.placed if p.zone == "hand:1"), key=lambda r: r.x)
    assert len(backs) == 2 and not any(p.face_up for p in board.placed if p.zone == "hand:1"), backs
    assert all(b.x - a_.x >= a_.w / 4 for a_, b in zip(backs, backs[1:])), backs
    pygame.quit()
