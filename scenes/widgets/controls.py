"""The controls overlay (F1 or ?): every key the app answers, and what it does."""
from sprites import palette
from sprites.text import BODY, READ, TITLE

# (keys, what they do), in the order a newcomer needs them.
CONTROLS = (
    ("Click or drag", "play a card, pick it for a move, or press a button"),
    ("Arrows", "walk your cards and the buttons"),
    ("Tab, Shift+Tab", "the next or the previous card or button"),
    ("Enter or Space", "play the card or press the button marked"),
    ("H", "a hint on your turn: Enter picks its cards, Enter again plays it"),
    ("1 to 9", "put the card picked into that lane (5 possessions; 1 is the leftmost)"),
    ("Wheel, PageUp/Down", "scroll the log (and the rulebook)"),
    ("Ctrl+Z", "take back your move (as the Undo setting allows)"),
    ("Any key or click", "skip what is called out on the table; go on from an outcome held there (Continue)"),
    ("Esc", "close a choice; elsewhere, back to the menu"),
    ("L", "on a game's Rules page: learn to play it"),
    ("F11", "fullscreen on or off"),
    ("F1 or ?", "show or hide these controls (the game waits meanwhile)"),
)


def draw(screen):
    """The overlay over whatever the scene drew: a panel listing CONTROLS."""
    screen.panel((0, 0, screen.lw, screen.lh), fill=(0, 0, 0), alpha=140, edge=None, radius=0)
    w, h = 760, 110 + 40 * len(CONTROLS)
    x, y = screen.lw / 2 - w / 2, screen.lh / 2 - h / 2
    screen.panel((x, y, w, h), fill=(16, 44, 32), alpha=255, edge=palette.GOLD, radius=14)
    screen.text("Controls", TITLE, palette.GOLD, (screen.lw / 2, y + 18), "midtop")
    for i, (keys, words) in enumerate(CONTROLS):
        row = y + 70 + i * 40
        screen.text(keys, BODY, palette.GOLD, (x + 200, row), "topright")
        screen.text(words, BODY, palette.TEXT, (x + 230, row), width=w - 260)
    screen.text("Any key or click closes this.", READ, palette.TEXT_DIM, (screen.lw / 2, y + h - 30), "midtop")
