"""The director of a table: what runs the game the table shows.

The table (scenes/table.py) shows a session and carries out what the person at it
means; its director decides what the table cannot know by itself: whether a move goes
through (or is refused, with words), what the computer seats do when their turn comes,
what Hint marks, which cards and buttons to mark, what the top bar is titled and what
the side panel shows, whether a turn ends by itself and a hand's end goes to the
scores, what it shows of the game, and what covers the table once it is done.

`Director` runs a normal game: every legal move goes through, the computer players
think for themselves, a hint comes from the strongest computer player. A lesson
(scenes/tutorial.py) is another director. A director calls the table's own verbs
(`submit`, `show_hint`, `ask_computer_hint`, `say`, `refresh`, `go`) and never changes
its state.
"""
from typing import NamedTuple

from scenes import table_draw


class Marks(NamedTuple):
    """What a director marks for the person, as a hint is marked: the cards by name, and
    `buttons(actions, in_choice)`, which says whether a button standing for `actions` (an
    option of a choice when `in_choice`) is marked (None: no button); the face-down cards
    by place, `spots` {(zone key, position)}; a `bubble`, (words, anchor): the words
    with an arrow to what they mean (an anchor as Board.anchor_rect reads it, or a
    logical rect); and `targets`, the anchors of the other places the person is told to
    click (a lane a card goes in), which the bubble and an enlarged card leave in sight
    as they do the marked cards and buttons."""

    cards: frozenset = frozenset()
    buttons: object = None
    spots: frozenset = frozenset()
    bubble: tuple = None
    targets: tuple = ()


class Director:
    """A normal game: everything legal goes through, nothing scripted."""

    auto_end_turn = True            # a person's turn whose only move left is End turn ends by itself
    scores_between_hands = True     # a hand's end goes to the scoring screen

    def submit(self, table, action):
        """Make `action` in the table's session; returns the events it caused. Raises
        game.IllegalAction, with the words the table says, for a move refused."""
        return table.session.submit(action)

    def moves_for(self, table, seat):
        """Does the director make `seat`'s move (through computer_move)? A computer's."""
        return not table.session.is_human(seat)

    def computer_move(self, table):
        """A computer seat is to move: its player starts thinking (its move comes through
        the table's poll of the session)."""
        table.session.start_bot(table.app.settings.thinking)

    def tick(self, table):
        """The table is settled: bring in what happened elsewhere (`table.take_in`); a
        game played here has nothing to bring."""

    def top_buttons(self, table):
        """More buttons for the top bar, beside Menu and Rules: [(label, action)]."""
        return []

    def hint(self, table):
        """Hint was asked for on the person's turn: the strongest computer player thinks."""
        table.ask_computer_hint()

    def marks(self, table):
        """What to mark beside the hint (Marks)."""
        return Marks()

    def view(self, table, view):
        """The view the table shows of `view` (the session's, for the person looking)."""
        return view

    def buttons(self, table):
        """Buttons of its own at the head of the action column: [(key, label, what a
        press does)]."""
        return []

    def holds(self, table):
        """The kinds of event whose outcome waits on the table to be read after a move
        (the presenter's WAITS)."""
        return table.presenter.WAITS

    def waiting(self, table):
        """Does the game wait for the person (the computers hold their moves)?"""
        return False

    def title(self, table):
        """The top bar's title: the game's."""
        return table.session.info.title

    def prompt(self, table, words):
        """The top bar's words, given the game's `words` for now."""
        return words

    def draw_side(self, table, screen):
        """The right-hand panel: scores, the game's facts and the log. Returns the log's
        entries cut short [(rect, words)], for their tips."""
        return table_draw.side_panel(screen, table.current_view, table.presenter, table.names, table.session.seed,
                                     "Moves", table.log_lines(), table.ui_state.log_scroll)

    def finished(self, table):
        """Is what the director runs over, to be covered by its end (never for a game,
        whose end goes to the scores)?"""
        return False

    def end_buttons(self, table, screen):
        """The buttons laid out over the table once finished (ui.Button)."""
        return []

    def draw_end(self, table, screen):
        """Draw what covers the table once finished."""

    def leave(self, table):
        """Esc or Menu: back to the menu."""
        table.go("menu", session=None)

    def show_rules(self, table):
        """The game's rulebook; Back returns to the table."""
        table.go("rules", rules_game=table.session.game_id, return_to="table")
