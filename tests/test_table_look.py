"""How the table looks, through real events at the window: a card taken up under the
pointer leaves no copy of itself in its place."""
import pygame

from scenes.table.layout import hover_rect
from sprites import cards as card_sprites
from tests.test_ui_play import app, settle  # noqa: F401
from tests.test_ui_saves import start_game


def point_at(a, logical):
    pos = a.screen.pixel(logical)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    a.frame()


def test_a_raised_card_under_the_pointer_leaves_no_ghost_of_itself(app):
    """A Play Design card of the hand, raised (a move may take it) and under the pointer,
    is drawn once, taken up: the band of its place below the taken-up card shows the
    felt, not the card's own face again (#37: "drawn over a ghost copy of itself")."""
    start_game(app, "four_downs", 4, {0}, 17)
    settle(app)
    table = app.scene
    placed = next(p for p in table.board.hand_cards() if p.raised)
    point_at(app, placed.rect.center)
    assert table.pointer.hovered is placed
    place, up = app.screen.rect(placed.rect), app.screen.rect(hover_rect(placed, table.board))
    assert up.bottom < place.bottom
    face = card_sprites.image(placed.card, place.w, place.h, False, table.model.presenter.family, None)
    band = pygame.Rect(place.x + place.w // 4, up.bottom + 2, place.w // 2, place.bottom - up.bottom - 4)
    same = sum(app.screen.surface.get_at((x, y))[:3] == face.get_at((x - place.x, y - place.y))[:3]
               for x in range(band.left, band.right) for y in range(band.top, band.bottom))
    assert same < band.w * band.h / 10, f"{same} of {band.w * band.h} pixels below it are the card's face"
