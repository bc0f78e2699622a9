"""What the person at the table means, as plain values (no pygame).

The input (scenes/table/input.py) reads a mouse or key event into these, and every
button of the table carries the one its press means. Two kinds:

- the model's intents, which the model of the table carries out (`TableModel.do`): play
  these moves, pick a card or a lane, refuse with words, choose an option, press an
  action button or one of the director's, scroll the log, undo, ask for a hint, close a
  choice, leave, read the rules, say Ready behind the curtain, go on from an outcome;
- the pointer's, which the scene keeps for itself (where the pointer and the keyboard
  are, a card held or dragged, a button pressed): they change nothing of the game.
"""
from dataclasses import dataclass


# ---- the model's intents --------------------------------------------------------------------------
@dataclass(frozen=True)
class Play:
    """Make one of `actions` (a choice titled `title` when there are several, or when it
    must be `confirmed`, opening on the option whose argument is `default`)."""
    actions: tuple
    title: str = ""
    default: object = None
    confirmed: bool = False


@dataclass(frozen=True)
class Choose:
    """Make `action`, an option of the choice open."""
    action: object


@dataclass(frozen=True)
class Entry:
    """An action button pressed: `what` is `submit` (its one move), `choose` (one of its
    `actions`, through a choice titled `title`), `clear` (the selection) or `why` (say
    why the cards picked make no move of kind `title`)."""
    what: str
    actions: tuple = ()
    title: str = ""


@dataclass(frozen=True)
class Toggle:
    """Add `card` to the selection, or take it out."""
    card: object


@dataclass(frozen=True)
class PickLane:
    """Pick `card` alone and ask for the lane it goes in."""
    card: object


@dataclass(frozen=True)
class Keys:
    """The person has turned to the keyboard (`using`) or back to the mouse: what the
    table tells them names the one they use."""
    using: bool


@dataclass(frozen=True)
class Refuse:
    """Say why not, in `words`, clear of `card` (the card refused, if any)."""
    words: str
    card: object = None


@dataclass(frozen=True)
class Pressed:
    """One of the director's own buttons pressed, by its `key`."""
    key: str


@dataclass(frozen=True)
class Scroll:
    """Scroll the log back (positive) or forward (negative) by `entries`."""
    entries: int


@dataclass(frozen=True)
class Undo:
    """Take back a move, as the Undo setting allows."""


@dataclass(frozen=True)
class Hint:
    """Ask for a hint."""


@dataclass(frozen=True)
class Close:
    """Close the choice open."""


@dataclass(frozen=True)
class Back:
    """Leave the table (Esc, or Menu)."""


@dataclass(frozen=True)
class Rules:
    """Read the game's rulebook (Back returns to the table)."""


@dataclass(frozen=True)
class Ready:
    """The next person has the device: the curtain goes."""


@dataclass(frozen=True)
class Skip:
    """A key or a click while a callout is held on the table: every callout goes, and
    whatever still flies lands (scenes/table/timeline.py)."""


@dataclass(frozen=True)
class Continue:
    """Go on from the outcome held on the table (any key or click while it waits);
    `by_click`: a click on the felt, not a key or the Continue button."""
    by_click: bool = False


# ---- the pointer's intents -----------------------------------------------------------------------
@dataclass(frozen=True)
class Press:
    """Press `button` (the keyboard going to item `focus` first, unless None)."""
    button: object
    focus: int = None


@dataclass(frozen=True)
class Focus:
    """The keyboard goes to item `index` (cards, then widgets)."""
    index: int


@dataclass(frozen=True)
class Hover:
    """The card under the pointer is now `placed` (None: none)."""
    placed: object


@dataclass(frozen=True)
class HoverButton:
    """The button under the pointer is now `button` (None: none)."""
    button: object


@dataclass(frozen=True)
class Grab:
    """The button went down on card `placed` at logical point `pos`."""
    placed: object
    pos: tuple


@dataclass(frozen=True)
class Drag:
    """The card held is dragged to logical point `pos`."""
    pos: tuple


@dataclass(frozen=True)
class Drop:
    """The card held is let go (what it means follows as its own intent)."""


POINTER = (Press, Focus, Hover, HoverButton, Grab, Drag, Drop)
