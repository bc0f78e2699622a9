"""What the menu, the scoring screens and the rules share to look like the table: their
sizes of type, and the cards they show drawn with the table's own faces.

Type sizes are the roles these screens give to the app's one type scale (sprites/text):
logical units, pixels in the 1280-unit-wide canvas of a 1280 x 800 window; in a 960 x 600
window they come out three quarters as large, never under the smallest text
(sprites/text.MIN_PX).
"""
from sprites import spread
from sprites.text import DISPLAY, HEADING, READ, TITLE

HEADLINE = DISPLAY      # a screen's headline (Scene.draw_title)
NAME = HEADING          # a game's or a player's name
SCORE = TITLE           # a score on a plate
LABEL = READ            # a caption over cards, a column's head
BODY = READ             # a description, a line of how a score was made


def fan(screen, cards, centre, card_w, card_h, colourblind, family="standard", back=None, spread_deg=9.0):
    """Cards fanned round `centre` (logical), each card_w x card_h logical units; returns
    the logical rect the fan took."""
    img = spread.fan(cards, screen.px(card_w), screen.px(card_h), spread_deg, colourblind, family, back)
    r = img.get_rect(center=screen.pixel(centre))
    screen.surface.blit(img, r)
    return (r.x / screen.s, r.y / screen.s, r.w / screen.s, r.h / screen.s)


def row(screen, cards, pos, card_w, card_h, room, colourblind, family="standard", back=None, marked=(),
        struck=False):
    """Cards left to right from `pos` (logical) within `room` logical units, overlapping
    when they must, those at the indices `marked` outlined (another player's, see
    spread.row), all of them struck out where `struck` (they score nothing); returns the
    logical width they took."""
    x, y = screen.pixel(pos)
    taken = spread.row(screen.surface, cards, x, y, screen.px(card_w), screen.px(card_h), screen.px(room),
                       colourblind, family, back, marked=marked, struck=struck)
    return taken / screen.s

