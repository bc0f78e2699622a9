"""The director of a table: what runs the game the table shows, as decisions.

The model of the table (scenes/table/model.py) keeps what the table shows and waits for;
its director decides what the model cannot know by itself, and returns it: whether a
move goes through (or is refused, with words), what a computer seat does when its turn
comes (think, a scripted move, or wait for a move made elsewhere), what Hint does, which
cards and buttons to mark, the view shown, whether the game waits for the person, which
outcomes wait to be read, the top bar's title and words, what the side panel shows, what
came from elsewhere, what its own buttons do, whether a turn ends by itself and a hand's
end goes to the scores, and where the table goes when left or done.

A director is handed `seen` (the model's `Seen`: the session, the presenter, the names,
the view shown, who looks, whether the person may play, whether the director's work is
over) and never the table: it changes nothing of the table, and the model carries out
what it returns. It draws nothing either: what the side panel or the end shows is a
description (`Coach`, `Ending`) that the scene draws.

`Director` runs a normal game: every legal move goes through, the computer players
think for themselves, a hint comes from the strongest computer player. A lesson
(scenes/table/lesson.py) and a game across computers (scenes/network/remote.py) are
other directors.
"""
from typing import NamedTuple

THINK = "think"             # computer_move: the seat's computer player thinks (the session's bot)
ASK_COMPUTER = "ask"        # hint: the strongest computer player thinks about the person's move
REFRESH = "refresh"         # press: read the game again and lay the table out


class Marks(NamedTuple):
    """What a director marks for the person, as a hint is marked: the cards by name, and
    `buttons(actions, in_choice)`, which says whether a button standing for `actions` (an
    option of a choice when `in_choice`) is marked (None: no button); the face-down cards
    by place, `spots` {(zone key, position)}; a `bubble`, (words, anchor): the words
    with an arrow to what they mean (an anchor as Board.anchor_rect reads it, or
    `score:<name>` and `fact:<label>`, a row of the coach's panel); and `targets`, the
    anchors of the other places the person is told to click (a lane a card goes in),
    which the bubble and an enlarged card leave in sight as they do the marked cards and
    buttons; `later`: nothing is marked until the table has told the last change, when
    the director is asked again (a lesson's coach marks nothing while the deal flies);
    `also`: other anchors the bubble may point at instead, meaning the same (the other
    cards of the move it marks), where only their arrow keeps clear of the cards."""

    cards: frozenset = frozenset()
    buttons: object = None
    spots: frozenset = frozenset()
    bubble: tuple = None
    targets: tuple = ()
    later: bool = False
    also: tuple = ()


class Go(NamedTuple):
    """Leave the table for scene `scene`, handing `persist` on; `notice`: a calm line for
    the menu first; `end_network`: the game across computers is left."""

    scene: str
    persist: dict = {}
    notice: str = None
    end_network: bool = False


class Hinted(NamedTuple):
    """Hint: mark `action` and say `words` (clear of its cards)."""

    action: object
    words: str


class News(NamedTuple):
    """What came from elsewhere since the last tick: `events` (moves made at other
    screens, already in the session), `fresh` (the game was replaced: joined again, or an
    undo elsewhere), `taken_back` ((the move, how many after it) an undo took back),
    `say` (words for the person), `changed` (who plays which seat: lay out again) and
    `reread` (the moves on offer changed, as when the host is lost or back: read the game
    again)."""

    events: tuple = ()
    fresh: bool = False
    taken_back: tuple = None
    say: str = None
    changed: bool = False
    reread: bool = False


class Coach(NamedTuple):
    """The coach's panel where the side panel stands: its `paragraphs`, a refused move's
    `reply` (shown when it fits beside them), `progress` ('step 5 of 17', or None), and
    `keys`: the person uses the keyboard (the panel keeps room for the keys that work)."""

    paragraphs: list
    reply: str
    progress: str = None
    keys: bool = False


class Ending(NamedTuple):
    """What covers the table once the director's work is done: its `title`, `words`, the
    `rules` met, those met `later`, and `choices` [(label, key, primary)] (a press is
    `press(seen, key)`)."""

    title: str
    words: str
    rules: list
    later: list
    choices: list


class Director:
    """A normal game: everything legal goes through, nothing scripted."""

    auto_end_turn = True            # a person's turn whose only move left is End turn ends by itself
    scores_between_hands = True     # a hand's end goes to the scoring screen

    def submit(self, seen, action):
        """Make `action` in the session; returns the events it caused. Raises
        game.IllegalAction, with the words the table says, for a move refused."""
        return seen.session.submit(action)

    def moves_for(self, seen, seat):
        """Does the director make `seat`'s move (through computer_move)? A computer's."""
        return not seen.session.is_human(seat)

    def computer_move(self, seen):
        """A seat the director moves is to play: THINK (its computer player thinks; the
        move comes through the session's poll), a move to make, or None (it is made
        elsewhere)."""
        return THINK

    def tick(self, seen):
        """The table is settled: News of what happened elsewhere, or None (a game played
        here has nothing to bring)."""
        return None

    def top_buttons(self, seen):
        """More buttons for the top bar, beside Menu and Rules: [(label, key)]."""
        return []

    def buttons(self, seen):
        """Buttons of its own at the head of the action column: [(key, label)]."""
        return []

    def press(self, seen, key):
        """One of its buttons (or an end's choice) pressed: REFRESH, a Go, or None."""
        return None

    def hint(self, seen):
        """Hint was asked for on the person's turn: ASK_COMPUTER, Hinted, words to say,
        or None."""
        return ASK_COMPUTER

    def marks(self, seen):
        """What to mark beside the hint (Marks)."""
        return Marks()

    def shown(self, seen, view):
        """The view the table shows of `view` (the session's, for the person looking)."""
        return view

    def holds(self, seen):
        """The kinds of event whose outcome waits on the table to be read after a move
        (the presenter's WAITS)."""
        return seen.presenter.WAITS

    def waiting(self, seen):
        """Does the game wait for the person (the computers hold their moves)?"""
        return False

    def callouts(self, seen, calls):
        """The callouts to hold on the table after a change (the presenter's): all."""
        return calls

    def clears(self, seen):
        """May the table clear the last down's or line's cards once their outcome is read
        (the presenter's `cleared`)?"""
        return True

    def title(self, seen):
        """The top bar's title: the game's."""
        return seen.session.info.title

    def prompt(self, seen, words, where):
        """The top bar's words, given the game's `words` for now (`where`: where the game
        stands as the table shows it, which they begin with)."""
        return words

    def side(self, seen):
        """What the right-hand panel shows instead of the game's (scores, facts, the log):
        a Coach, or None."""
        return None

    def step(self, seen):
        """How far what the director runs has come, as it stands (not as the table has told
        it yet): a lesson's step reached; None for a game."""
        return None

    def finished(self, seen):
        """Is what the director runs over, to be covered by its end (never for a game,
        whose end goes to the scores)?"""
        return False

    def end(self, seen):
        """What covers the table once finished (an Ending)."""
        return None

    def leave(self, seen):
        """Esc or Menu: back to the menu."""
        return Go("menu", {"session": None})
