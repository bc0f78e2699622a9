"""The colours of the table, the cards and the three card families, in one place."""

FELT = (22, 92, 58)
FELT_DARK = (14, 64, 40)
SLOT_EDGE = (84, 168, 120)      # an empty place's edge: lighter than the felt at its brightest (felt.POOL), so it shows wherever it lies (walkC16 #6)
INK = (28, 28, 34)
PAPER = (250, 248, 242)
PAPER_EDGE = (196, 190, 178)
GOLD = (246, 200, 72)
SELECT = (86, 170, 255)
FOCUS = (255, 255, 255)         # the keyboard's ring on a card, a button, a tile, apart from a picked card's blue
HINT = (255, 128, 200)
TEXT = (240, 240, 232)
TEXT_DIM = (180, 196, 186)
PANEL = (10, 40, 28)
PANEL_EDGE = (60, 120, 90)
BUTTON = (236, 226, 196)
BUTTON_HOVER = (255, 244, 214)
BUTTON_TEXT = (30, 36, 30)
BUTTON_DISABLED = (120, 130, 120)
DANGER = (214, 72, 60)
DEAD_LANE = (150, 150, 146)     # a lane where a picked card would be used up unseen
OTHERS = (184, 150, 255)        # on the scores, another player's card lying among a player's own

STANDARD_RED = (196, 30, 40)
STANDARD_BLACK = (24, 24, 30)

# Final Card-Down's five colours, each with a letter and a pattern for colour-blind mode.
HEX = {
    "red": ((206, 44, 44), "R", "solid"),
    "blue": ((38, 96, 206), "B", "stripes"),
    "green": ((34, 146, 70), "G", "dots"),
    "yellow": ((226, 178, 20), "Y", "bars"),
    "purple": ((128, 60, 176), "P", "checks"),
}

# Play Design: card colours and the five player-position colours.
FORMATION = {
    "blue": ((40, 98, 200), "B"),
    "green": ((40, 150, 72), "G"),
    "purple": ((130, 64, 176), "P"),
    "orange": ((236, 124, 28), "O"),
    "yellow": ((236, 202, 30), "Y"),
}


def hex_colour(name):
    """The RGB of a Final Card-Down colour name (grey for an unknown one)."""
    return HEX.get(name, ((140, 140, 140), "?", "solid"))[0]


def colour_letter(name):
    """The letter that stands for a colour in colour-blind mode."""
    if name in HEX:
        return HEX[name][1]
    if name in FORMATION:
        return FORMATION[name][1]
    return name[:1].upper() if name else "?"
