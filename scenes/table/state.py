"""What the person at the table has set in motion (`TableState`: the cards picked, the
choice open, the hint, the message shown, how far the log is scrolled back), and where
the pointer and the keyboard are (`Pointer`: the card under the pointer or held, the
button under it, the keyboard's item, where the message lies).

Plain data, no pygame. Only the model of the table (scenes/table/model.py) changes a
TableState, as it carries out the person's intents; only the scene changes its Pointer;
the input, the layout and the drawing only read them.
"""
from dataclasses import dataclass, field


@dataclass
class Dialog:
    """A choice between several moves: its title, its options [(label, action)], and the
    option it opens on unless one is marked."""

    title: str
    options: list
    default: int = 0


@dataclass
class TableState:
    """The table's interaction state (see the module's docstring)."""

    selection: list = field(default_factory=list)   # the cards picked for a several-card move
    dialog: Dialog = None           # the choice open, if any
    hint: object = None             # the move a hint marks
    just_placed: object = None      # the lane the person's last move put a card in, while no other move followed
    message: str = ""               # a short message above the hand
    message_about: tuple = ()       # the cards it talks about (beside those it names)
    message_hint: bool = False      # a hint's: clear of the cards it marks and of the viewer's own
    message_move: bool = False      # it tells a move: it ends as the next move is shown
    message_end: bool = False       # it tells the game's end: it stands until the end's banner shows
    message_time: float = 0.0       # how long it still shows
    said: int = 0                   # how many messages have been said (the scene places each anew)
    refocus: int = 0                # how many times the keyboard was sent to the main item
    moves_made: int = 0             # how many moves the people at this table have made here
    log_scroll: int = 0             # log entries scrolled back from the newest


@dataclass
class Pointer:
    """Where the pointer and the keyboard are at the table (see the module's docstring)."""

    focus: int = 0                  # where the keyboard is among the items it walks (None: resting on none)
    dialog: object = None           # the choice the keyboard was placed in (a Dialog)
    dialog_focus: int = None        # where it is in that choice
    hovered: object = None          # the placed card under the pointer, drawn lifted and whole
    hover_button: object = None     # the button under the pointer
    press: tuple = None             # (placed card, logical point) while the button is held on a card
    drag_pos: tuple = None          # where a card being dragged is
    message_spot: tuple = None      # where the message goes (x, y), clear of the cards it talks about
