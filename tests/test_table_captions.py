"""The table's captions read whole, played with real events at a crowded table (issue
#37, Deadline with four and five players): no caption is ever cut to a fragment ('(3)',
'from Sam'), a run's or set's extra credit never starts a row alone, and a card flying
to its place lands over no caption."""
import pygame

from scenes.table import layout
from scenes.table.motion import Flight
from tests.helpers import spied
from tests.test_table_moments_games import played
from tests.test_ui_play import new_app


def caption_bands(screen, board):
    """Each caption's band on the table: its words' width, from its line's top down to
    where the cards under it begin."""
    return [(words, pygame.Rect(int(x), int(y), int(screen.text_width(words, layout.READ)), layout.CAPTION))
            for words, (x, y) in board.labels]


def test_a_card_flying_to_its_place_lands_over_no_caption(monkeypatch):
    """Deadline with five at 1600x1000 and 1280x720, Maya against computers at the normal
    pace, frame by frame: in the second half of its flight (as it lands), no flying card
    covers a caption ('from Lena' under the card landing beside it); it comes to its
    row first and slides into place along it."""
    covered, landings = [], 0
    for size in ((1600, 1000), (1280, 720)):
        app = new_app(size=size)
        drawn = spied(monkeypatch, Flight, "between")
        for table in played(app, "deadline", 5, 4242, 9, limit=6000):
            bands = caption_bands(app.screen, table.board)
            for (flight, _), rect in drawn:
                if rect is None or not flight.duration or flight.t < flight.duration / 2:
                    continue
                landings += 1
                card = pygame.Rect(*map(int, rect))
                covered += [(size, flight.zone, words) for words, band in bands if card.colliderect(band)]
            drawn.clear()
            if landings > 2000:
                break
        pygame.quit()
    assert landings > 2000 and not covered, covered[:5]
