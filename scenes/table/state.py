"""What the person at the table has set in motion: the cards picked, the choice open, the
hint, the message shown, where the keyboard is, the card under the pointer (or held),
and how far the log is scrolled back.

Plain data, in one object per table. Only the table's controller (scenes/table.py)
changes it, as it carries out the intents that scenes/table_input.py reads from the
events; the input, the layout and the drawing only read it.
"""
from dataclasses import dataclass, field


@dataclass
class Dialog:
    """A choice between several moves: its title, its options [(label, action)], the
    option it opens on unless one is marked, and where the keyboard is in it."""

    title: str
    options: list
    default: int = 0
    focus: int = None


@dataclass
class TableState:
    """The table's interaction state (see the module's docstring)."""

    selection: list = field(default_factory=list)   # the cards picked for a several-card move
    dialog: Dialog = None           # the choice open, if any
    hint: object = None             # the move a hint marks
    message: str = ""               # a short message above the hand
    message_spot: tuple = None      # where it goes (x, y), clear of the cards it talks about
    message_about: tuple = ()       # the cards it talks about (beside those it names)
    message_hint: bool = False      # a hint's: clear of the cards it marks and of the viewer's own
    message_time: float = 0.0       # how long it still shows
    focus: int = 0                  # where the keyboard is among the items it walks
    refocus: bool = True            # the keyboard goes to the main item at the next layout
    hovered: object = None          # the placed card under the pointer, drawn lifted and whole
    hover_button: object = None     # the button under the pointer
    press: tuple = None             # (placed card, logical point) while the button is held on a card
    drag_pos: tuple = None          # where a card being dragged is
    log_scroll: int = 0             # log entries scrolled back from the newest
    log_tip: tuple = None           # (rect, full words) of the log entry cut short under the pointer
