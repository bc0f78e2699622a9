"""The table as a model: what the table shows and what it waits for, without pygame.

`TableModel` plays a session as its director runs it, for the person (or people) at
this screen. It keeps:

- who looks: the viewer, the seat at the bottom (the anchor), the curtain that hides
  everything whenever control passes to another person at the same screen;
- one read of the game per change: the view shown and the moves the person may make;
- what the person has set in motion (TableState: selection, choice, hint, message, log
  scroll) and the outcomes held on the table until they are read (Hold);
- the events still to be shown, the computer players' pace, the end of a hand (its
  scores are due), and the bookkeeping of an undo;
- the director's latest marks, and the beats for the scene to play.

It is stepped by intents (`do(intent)`, scenes/table/intents.py) and by time (`step(dt)`,
after `catch_up()`), and it tells the scene what to do next, which the scene takes after
each intent and each frame:

- `version` changes whenever the table must be laid out again, `changes` whenever what
  it shows changed (a frame to draw), and `ui.said` whenever a message is to be placed;
- `take_beats()`: the presentation, in order (scenes/table/timeline.py: the events
  shown, and a reset of everything in flight);
- `take_notices()`: calm lines for the menu; `leaving`: a Go (another scene).

Its parts, each a mixin of its own: what it holds back (`Holding`, scenes/table/hold.py),
what it veils until shown (`Veiling`, scenes/table/veil.py), Hint (`Hinting`,
scenes/table/hinting.py) and undo (`Undoing`, scenes/table/undoing.py).

Who looks is its `looking` (scenes/table/looking.py), what is still to show its
`timeline`, whose stage (the scene's Motion, or `Still` for a model stepped without a
window) says what has not landed yet. Directors are handed `Seen`, a read-only look at
the model, and return decisions (scenes/table/director.py).
"""
import re

from game import registry
from game.core import SharedAct, SharedEvent
from game.presenter import agree, capital, card_name, possessive, seat_name, winners_words
from scenes import config
from scenes.table import intents
from scenes.table.director import REFRESH, THINK, Go
from scenes.table.hinting import Hinting, hint_words
from scenes.table.hold import Hold, Holding, Outcome
from scenes.table.looking import Looking
from scenes.table.moves import complete
from scenes.table.state import Dialog, TableState
from scenes.table.timeline import Timeline
from scenes.table.undoing import Undoing
from scenes.table.veil import Veiling

LOG_EVENTS = 250        # the log tells at most this many of the latest events
MESSAGE_SECONDS = 4.0   # how long a message shows
NOTE_SECONDS = 2.0      # a note of a move stands at least this long before a computer moves on (at normal pace)
BOT_PAUSE = 1.5         # a computer player moves after this many cards' flights


def for_input(words, keys):
    """`words` naming only the input the person uses: with the keyboard (`keys`), 'press
    any key or click' is 'press any key' and a 'click' is a 'choose'; with the mouse,
    'press any key or click' is 'click'."""
    if not words:
        return words
    if not keys:
        return words.replace("press any key or click", "click")
    words = words.replace("any key or click", "any key")
    return re.sub(r"\b([Cc])lick\b", lambda m: "Choose" if m.group(1) == "C" else "choose", words)


class Pace:
    """The computers' pace: a computer player moves after a pause as long as a card's
    flight and a half."""

    def __init__(self):
        self.wait = 0.0          # seconds still to wait
        self.armed = False       # the pause has begun

    def clear(self):
        """No pause (a move taken back, a game replaced)."""
        self.wait, self.armed = 0.0, False

    def due(self, dt, move_seconds):
        """`dt` seconds later: is the computer's move due? The first call begins the pause."""
        if self.wait <= 0 and not self.armed:
            self.wait, self.armed = move_seconds * BOT_PAUSE, True
            return False
        self.wait = max(0.0, self.wait - dt)
        if self.wait > 0:
            return False
        self.armed = False
        return True


class Seen:
    """What a director reads of the table (and nothing it could change): the session,
    the presenter, the names, the view shown, who looks (`viewer`, `anchor`), whether the
    director's work is over (`over`), whether a die rolled still tumbles (`rolled`), whether
    an outcome waits to be read (`held`), the cards the person has picked (`picked`),
    whether the person uses the keyboard (`keys`: then nothing said names a click), `my_turn()`, `settled()`,
    `shown()`, `plain()` and `told()`."""

    __slots__ = ("_model",)

    def __init__(self, model):
        self._model = model

    session = property(lambda self: self._model.session)
    presenter = property(lambda self: self._model.presenter)
    names = property(lambda self: self._model.names)
    view = property(lambda self: self._model.view)
    viewer = property(lambda self: self._model.looking.viewer)
    anchor = property(lambda self: self._model.looking.anchor)
    over = property(lambda self: self._model.over)
    rolled = property(lambda self: self._model.rolled)
    held = property(lambda self: self._model.hold.wait)
    picked = property(lambda self: tuple(self._model.ui.selection))
    keys = property(lambda self: self._model.keys)

    def my_turn(self):
        """May the person at the screen play now?"""
        return self._model.my_turn()

    def settled(self):
        """Has the table told the last change (its cards on their way and landed, its
        callouts gone)?"""
        return self._model.settled() and not self._model.timeline.unplayed()

    def shown(self):
        """Are the last change's cards on the table, its callouts left to tell only what
        lies there (none a count-up keeping the scores, nor a line's lane turned over)?"""
        return self._model.landed() and self.plain()

    def plain(self):
        """Does the last change, as the table tells it, keep nothing back to turn over or
        count later: no die tumbling, no count-up keeping the scores, no line's lane still
        face down? Its cards show what it did as they fly (a hand drawn back up to 7
        cards, a card that comes to you)."""
        model = self._model
        return not model.rolled and not model.timeline.hiding_scores() and model.timeline.revealing() is None

    def told(self):
        """Has the table shown the last change whole: its cards landed and, of its
        callouts, at most the last still on the table?"""
        model = self._model
        return (model.settled(calling=False) and not model.timeline.unplayed()
                and len(model.timeline.callouts) <= 1)


class TableModel(Holding, Veiling, Hinting, Undoing):
    """A session played at this screen as `director` runs it (see the module's docstring).
    `settings`: the app's (animation speed, undo, thinking time); `viewer`, `anchor`,
    `curtains` (the people the curtain was raised for, kept across scenes), `events_seen`
    (the events already shown) and `scores_due` as the table was left."""

    def __init__(self, session, director, presenter, settings, viewer=None, anchor=None, curtains=None,
                 events_seen=0, scores_due=False, stage=None):
        self.session = session
        self.director = director
        self.presenter = presenter
        self.settings = settings
        self.names = [s.name for s in session.seats]
        self.looking = Looking(viewer, anchor if anchor is not None else viewer if viewer is not None
                               else (session.humans() or [0])[0], [] if curtains is None else curtains)
        if events_seen and len(session.humans()) > 1:
            self.looking.resume(session.events_since(0), session.humans())
        self.ui = TableState()
        self.hold = Hold()
        unseen = session.events_since(events_seen)
        self.timeline = Timeline(unseen, self.last_roll(len(unseen)), stage)
        self.hand_ended = scores_due    # a hand has ended and its scores are due
        self.computers = Pace()         # the computers' pause before they move
        self.over = False               # the director's end covers the table (a lesson's summary)
        self.keys = False               # the person uses the keyboard (else the mouse)
        self.turn_cue = False           # another has moved since the person did: sound their turn
        self.version = 0                # changes whenever the table is to be laid out again
        self.changes = 0                # changes whenever what the table shows changes (a frame to draw)
        self.marks = None               # the director's marks, as of the last change
        self.rolled = False             # the view shown veils a die still tumbling
        self.before_reveal = None       # the table before the line being revealed step by step
        self.held_back = False          # the next line's cards wait until the line's reveal is over and read
        self.held_facts = None          # at a possession's end, also its facts (the next one's wait with its cards)
        self.shown_step = None          # the step of its reveal shown
        self.panel_before = None        # the table before the last change, told by the panel while its cards fly
        self.hand_facts = None          # at a hand's end, the hand's facts (told until the next hand begins)
        self.told_where = None          # where the game stood at an outcome the director tells (see outcome_where)
        self.scores_told = None         # the scores the panel told before the last change (see panel_view)
        self.scores_from = 0            # the first event of that change
        self.taken_back_due = None      # a move taken back from behind the curtain, said once its person is back
        self.leaving = None
        self._notices = []
        self.seen = Seen(self)
        self.deal = bool(unseen)        # a deal's cards are still to land (the table's opening one, a new hand's)
        self.read()
        self.changed()
        self.decide_view()

    def kept(self):
        """What the scene hands on when it is left, for the table to come back as it was."""
        return {"viewer": self.looking.viewer, "anchor": self.looking.anchor,
                "events_seen": self.session.event_count()}

    # ---- what the scene takes after each change ---------------------------------------------------
    def take_beats(self):
        """The beats to play, in order (and forgotten here)."""
        return self.timeline.take()

    def take_notices(self):
        """Calm lines for the menu (once)."""
        notices, self._notices = self._notices, []
        return notices

    def changed(self):
        """The table is to be laid out again: the director marks it anew."""
        self.version += 1
        self.changes += 1
        self.marks = self.director.marks(self.seen)

    # ---- who sees what ----------------------------------------------------------------------------
    def read(self):
        """Read the game once after a change: the view shown and the moves the person may
        make (the log goes back to the newest, the keyboard to the main item)."""
        viewer = self.looking.viewer
        self.arranged = self.presenter.arranged(self.session.view(viewer), lambda: self.session.events_for(viewer))
        self.shape()
        self.legal = (self.session.legal_actions() if self.my_turn() and not self.director.waiting(self.seen)
                      and not self.rolled else ())
        self.ui.log_scroll = 0
        self.ui.refocus += 1

    def shape(self):
        """The view shown, from the one read: the table between moves once no outcome is
        held (the last down's or line's cards gone where the next play puts them, as the
        presenter's `cleared`, unless the director keeps them: then the top bar goes on
        telling where they came, see outcome_where), a line revealed step by step veiled
        (see veiled)."""
        view = self.arranged
        if not self.hold.outcomes and self.director.clears(self.seen):
            view = self.presenter.cleared(view)
            self.told_where = None
        self.whole = self.director.shown(self.seen, view)     # the table after every event received
        self.view = self.veiled(self.whole)

    def refresh(self):
        """Read the game again and lay the table out."""
        self.read()
        self.changed()

    def decide_view(self):
        """Choose the viewer; raise the curtain when control passes to another person.
        Whatever changes who looks is read and laid out again."""
        if self.looking.decide(self.session):
            self.forget_others_eyes()
            self.refresh()

    def ready(self):
        """The next person has the device: drop the curtain; a card of theirs another took
        while they were away is said to them (as it is to one who watched it go)."""
        person = self.looking.curtain
        if self.looking.ready():
            self.forget_others_eyes()
            self.refresh()
            self.tell_taken(person)
            if self.taken_back_due is not None:
                self.say_taken_back(*self.taken_back_due)
                self.taken_back_due = None

    def since_words(self, person, start=None):
        """What happened since `person` last had the screen (or since the event `start`),
        as everyone may see it (the curtain's words: why it is their turn again, 'Maya is
        skipped by the 8'): the log's entries for it, every one."""
        start = self.looking.since(person) if start is None else start
        if start is None:
            return []
        events = self.session.events_for(None, start)
        return [agree(line) for line in self.presenter.log_lines(events, self.names, self.zones_by_key(),
                                                                 keep=max(1, len(events)))]

    def curtain_words(self, person=None):
        """The curtain's heading and lines for `person` (the one it waits for): what
        happened since they last had the screen, or since the deal if they never had it
        (and another did: the very first curtain has nothing to tell); raised for one
        whose move was taken back from behind it, that it was and why it is up."""
        person = self.looking.curtain if person is None else person
        name = self.session.name(person)
        if self.taken_back_due is not None:
            return f"{name}'s move was taken back", [f"{name}'s hand stays hidden until {name} presses Ready"]
        if self.looking.since(person) is not None:
            return f"Since {name}'s last turn:", self.since_words(person)
        if self.looking.looked:
            return "Since the deal:", self.since_words(person, 0)
        return "", []

    def tell_taken(self, person):
        """Say to `person`, back at the screen, a card of theirs another took meanwhile."""
        start = self.looking.since(person)
        if start is None:
            return
        yours = {z.key for z in self.view.zones if z.owner == person}
        events = self.session.events_for(person, start)
        for event, line in self.presenter.event_lines(events, self.names_to(person), self.zones_by_key()):
            if event.kind == SharedEvent.MOVE and event.src in yours and event.seat not in (None, person) and line:
                self.say(agree(line), move=True)

    def names_to(self, person):
        """The seats' names in words said to `person` alone, at their own screen: they are
        You ('Theo took King of clubs blind from your hand'), the others by name (walkC16
        #14: '... from Maya's hand' said to Maya)."""
        return ["You" if seat == person else name for seat, name in enumerate(self.names)]

    def forget_others_eyes(self):
        """Who looks has changed: what was kept to tell while cards fly or an outcome is
        read (the panel's table before a change, a hand's or a possession's facts) was
        seen through another's eyes and may hold what only they may see: it goes."""
        self.panel_before = None
        self.hand_facts = None
        self.held_facts = None
        self.scores_told = None

    def my_turn(self):
        """Can the person at the device act now (not while an outcome waits to be read, nor
        while the director moves for them)?"""
        current, looking = self.session.current_player, self.looking
        return (not self.over and current is not None and current == looking.viewer and looking.curtain is None
                and self.session.is_human(current) and not self.session.is_over and not self.hold.wait
                and not self.hand_ended and not self.director.moves_for(self.seen, current))

    def title(self):
        """The top bar's title."""
        return self.director.title(self.seen)

    def prompt(self):
        """The top bar's words: where the game stands (while an outcome is on the table,
        where it stood when the outcome came: see outcome_where) and what to do now; while
        the table still tells the last change (its cards in flight, its callouts), only
        where the game stands as told (panel_view): what to do comes once it has all
        landed (a die tumbling says so: its face is told nowhere, see veiled). A computer
        whose turn only ends (its card played: see pace_bot) is not said to be thinking."""
        where = self.outcome_where()
        if not self.settled() and not self.rolled:
            shown = self.panel_view()
            where = self.presenter.context(shown, self.names) if where is None else where
            return self.bar("  ·  ".join(filter(None, (where, self.turn_shown(self.plates_view())))), where)
        if where is None or self.view.is_over:
            where = self.presenter.context(self.view, self.names)
        current = self.session.current_player
        if (self.my_turn() and self.ends_by_itself()          # nothing to do: the turn ends by itself
                or current is not None and self.director.moves_for(self.seen, current) and self.only_ends_turn()):
            return self.bar(where, where)
        humans = [seat.human for seat in self.session.seats]
        return self.bar(self.presenter.prompt(
            self.view, self.looking.viewer, self.names, len(self.ui.selection), humans,
            self.legal if self.my_turn() else None, self.hold.wait, self.outcome_where()), where)

    def turn_shown(self, shown):
        """Whose turn the table still shows while it tells a change ('Theo's turn', 'Your
        turn'), or the game over and its winners once told (walkA15 #9): as the lit plate
        and the panel say, '' with no outcome-free turn (an
        outcome on the table, the deal, a change that begins a new stage: 5 possessions'
        next possession, whose cards are dealt while nobody can move yet)."""
        if shown.is_over:
            return f"Game over: {winners_words(shown, self.names)}"
        seat = shown.current_player
        if seat is None or self.outcome_where() is not None or self.dealing() \
                or self.stage_in_change():
            return ""
        return "Your turn" if seat == self.looking.viewer else f"{possessive(seat_name(self.names, seat))} turn"

    def bar(self, words, where):
        """The top bar's `words` as the director says them (`where`: where the game stands
        as the table shows it), naming only the input the person uses."""
        return for_input(self.director.prompt(self.seen, words, where), self.keys)

    def outcome_where(self):
        """Where the game stood when the outcome on the table came (the top bar's words
        for the moment shown, while the game has already moved on to the next down, line
        or hand): a held outcome's, or that of an outcome the director tells in its own
        words while it keeps the outcome's cards on the table (a lesson's coach); None
        with no outcome on the table."""
        return self.hold.context if self.hold.outcomes else self.told_where

    def zones_by_key(self):
        """The zones of the view shown, by key."""
        return {z.key: z for z in self.view.zones}

    def event_words(self, event):
        """An event's line in the log (and its toast)."""
        return agree(self.presenter.event_line(event, self.names, self.zones_by_key()))

    def outcome_words(self, event, shown=""):
        """An outcome's words as it waits on the table (shorter than its log line); the
        game's end adds `shown`, what it turned face up (see the presenter's end_shown):
        'Game over: Maya wins. The cards only their owner saw are face up now.'"""
        words = agree(self.presenter.outcome_line(event, self.view, self.names, self.zones_by_key()))
        return f"{words}. {capital(shown)}." if shown and event.kind == SharedEvent.GAME_OVER else words

    def log_lines(self):
        """The log's entries: the whole game so far as the viewer may see it (rebuilt from
        the session's events, so Continue and Undo keep it), each entry appearing once its
        move has landed on the table; a seat's cards moved one by one from one place to
        another (a draw-back's draws) once the last has landed, so its count never changes
        under the eyes."""
        told = self.told()
        start = max(0, told - LOG_EVENTS)
        seen = self.session.events_for(self.looking.viewer, start)
        events, later = seen[:told - start], seen[told - start:]
        while events and later and same_run(events[-1], later[0]):
            events.pop()        # a run of draws is told whole: 'drew 6 cards', never counting up to it
        return [agree(line) for line in self.presenter.log_lines(events, self.names, self.zones_by_key())]

    def settled(self, calling=True):
        """Has everything shown so far landed (the next line's cards, held back while an
        outcome is read, are not shown yet; a callout still showing counts as landed
        unless `calling`)?"""
        return self.timeline.settled(held=self.holding_back(), calling=calling)

    def landed(self):
        """Has every card shown landed, none still to take off (a callout still showing
        counts as landed)? Until then the table offers no move."""
        return self.settled(calling=False) and not self.timeline.unplayed()

    def offering(self):
        """Does the table offer the moves, or Continue, its layout made? The moves once
        every card shown has landed (see landed); Continue once the outcome held is all on
        view: its cards landed and its callouts gone (the hands turned over and counted),
        as the top bar then asks to go on."""
        return self.landed() and not (self.hold.wait and self.timeline.callouts)

    def busy(self):
        """Does anything still move or wait on a timer, or the director's marks on the table
        to tell its last change (they come with the next frame, beside the words told)?"""
        return bool(self.timeline.busy() or self.ui.message_time > 0 and not self.hint_held()
                    or self.computers.wait > 0 or self.hold.seconds > 0 or self.marks.later)

    def hint_held(self):
        """Is the message a hint's whose marks are still on the table? Its words stay as
        long as its marks (walkD16 #5, walkA16 #10: a long hint went before it could be
        read, its marks left alone): until the person moves or the table changes."""
        return self.ui.message_hint and self.ui.hint is not None

    def speed(self):
        """The animation speed against the normal one (0 for Instant)."""
        return self.settings.move_seconds / config.MOVE_SECONDS["normal"]

    # ---- intents ----------------------------------------------------------------------------------
    def do(self, intent):
        """Carry out one of the person's intents (scenes/table/intents.py)."""
        kind = type(intent)
        if kind is intents.Play:
            self.choose(list(intent.actions), intent.title, intent.default, intent.confirmed)
        elif kind is intents.Choose:
            self.submit(intent.action)
        elif kind is intents.Entry:
            self.run_entry(intent.what, intent.actions, intent.title)
        elif kind is intents.Toggle:
            self.toggle(intent.card)
        elif kind is intents.PickLane:
            self.ui.selection = [intent.card]
            name = card_name(intent.card)
            self.say(f"Press a lane's number for {name} (1 is the leftmost)" if self.keys
                     else f"Click a lane for {name}")
            self.changed()
        elif kind is intents.Keys:
            self.keys = intent.using
            self.changed()
        elif kind is intents.Refuse:
            self.say(intent.words, (intent.card,))
        elif kind is intents.Scroll:
            self.ui.log_scroll = max(0, self.ui.log_scroll + intent.entries)
            self.changes += 1
        elif kind is intents.Skip:
            self.skip()
        elif kind is intents.Continue:
            if not intent.by_click:                     # read: what is still called out goes too
                self.skip()
            if self.settled() or not intent.by_click:   # a click on the felt goes on once the outcome has landed
                self.continue_on()
        else:
            self.command(intent)

    def command(self, intent):
        """The intents without cards: undo, hint, close, leave, the rules, Ready, and the
        director's own buttons."""
        kind = type(intent)
        if kind is intents.Undo:
            self.take_back()
        elif kind is intents.Hint:
            self.ask_hint()
        elif kind is intents.Close:
            self.ui.dialog = None
            self.changed()
        elif kind is intents.Back:
            self.leaving = self.director.leave(self.seen)
        elif kind is intents.Rules:
            self.leaving = Go("rules", {"rules_game": self.session.game_id, "return_to": "table"})
        elif kind is intents.Ready:
            self.ready()
        elif kind is intents.Pressed:
            self.follow(self.director.press(self.seen, intent.key))

    def follow(self, decision):
        """Carry out a director's answer to a press: read again, or leave."""
        if decision == REFRESH:
            self.refresh()
        elif isinstance(decision, Go):
            self.leaving = decision
        else:
            self.changed()

    def toggle(self, card):
        """Add `card` to the selection, or take it out; once the cards picked are those of
        the hint, or make a move that takes no more (walkD16 #4), the keyboard goes to the
        button that makes its move (see input.main_focus)."""
        state = self.ui
        added = not any(c is card for c in state.selection)
        state.selection = state.selection + [card] if added else [c for c in state.selection if c is not card]
        if state.hint is not None and len(state.selection) > 1 and sorted(c.name for c in state.selection) == sorted(
                c.name for c in state.hint.cards if c is not None) or added and complete(self.legal, state.selection):
            state.refocus += 1
        self.changed()

    def choose(self, actions, title, default=None, confirmed=False):
        """Submit the only action (unless it is to be `confirmed`), or open a choice (the
        keyboard on a marked option, else on the one whose argument is `default`)."""
        if len(actions) == 1 and not confirmed:
            self.submit(actions[0])
            return
        if self.presenter.no_difference(actions, self.view) and not confirmed:
            card = actions[0].cards[0] if actions[0].cards else None
            self.submit(next((a for a in actions if a.arg == (default or getattr(card, "color", None))), actions[0]))
            return
        options = [(self.presenter.action_label(a, self.names, view=self.view), a) for a in actions]
        first = next((i for i, (_, a) in enumerate(options) if a.arg == default), 0)
        self.ui.dialog = Dialog(self.presenter.choice_title(title, actions), options, first)
        self.changed()

    def run_entry(self, what, actions, title):
        """An action button pressed: submit its move, choose among its moves, clear, or
        say why the cards picked make no move of its kind (`title`)."""
        if what == "submit":
            self.submit(actions[0])
        elif what == "choose":
            self.choose(list(actions), title)
        elif what == "why":
            picked = tuple(self.ui.selection)
            self.say(self.session.why_illegal(registry.Action(title, picked)), picked)
        else:
            self.ui.selection = []
            self.changed()

    def say(self, words, about=(), hint=False, move=False, end=False):
        """Show a short message above the hand (an illegal move's reason, for instance),
        placed clear of the cards it talks about: `about` and those it names; a `hint`
        also clear of the cards it marks and of all the viewer's own cards. A message
        about a `move` (another's taking a card of yours) ends as the next move is shown,
        if its time has not run out before: a note never outlives the move it speaks of.
        One about the game's `end` stands while the end is told, until its banner shows
        (which says it too). Its words agree with a player called You, as every line the
        table shows."""
        state = self.ui
        state.message = capital(agree(for_input(words, self.keys)), self.names)
        state.message_time = MESSAGE_SECONDS
        state.message_about = tuple(c for c in about if c is not None)
        state.message_hint = hint
        state.message_move = move
        state.message_end = end
        state.said += 1
        self.changes += 1

    def hush(self):
        """The message shown goes."""
        state = self.ui
        state.message, state.message_time, state.message_move, state.message_end = "", 0.0, False, False
        state.said += 1
        self.changes += 1

    # ---- moves ------------------------------------------------------------------------------------
    def submit(self, action, by_person=True):
        """Make `action` through the director: a refused one is said (the selection and
        any choice dropped); a made one is read once, its events to be shown and its
        outcomes held. A move not `by_person` (a computer's, a turn's end the table makes)
        leaves a message be."""
        state = self.ui
        try:
            events = self.director.submit(self.seen, action)
        except registry.IllegalAction as error:
            state.selection = []
            state.dialog = None
            self.timeline.cue("refused")
            self.say(str(error), action.cards)
            self.changed()
            return
        state.selection = []
        state.hint = None
        state.dialog = None
        state.just_placed = action.arg if by_person and action.kind in self.presenter.LANE_ARGS else None
        self.turn_cue = not by_person           # another's move: your turn, if it comes, is sounded
        if by_person:
            state.message = ""
            state.moves_made += 1
        self.arrive(events, passing=self.looking.viewer is not None and len(self.session.humans()) > 1)

    def show_new_cards(self, events, before, context):
        """Before the device passes to another person, the cards the mover's move took
        unseen from another's hand into their own (a card taken blind that joins their hand
        at once) are shown to them in words, held on the table until they go on (walkC16
        #13: Ines, taking last in an exchange, passed on at once without seeing the card
        she got); `before`: the table as they saw it before the move. Cards drawn from a
        pile stay routine: they are seen at the person's next turn, without a stop."""
        if self.speed() <= 0:
            return
        mover = self.looking.viewer
        seen = {card.name for zone in before.zones for card in zone.cards if card is not None}
        owners = {zone.key: zone.owner for zone in self.whole.zones}
        hands = {key for key, owner in owners.items() if owner == mover and key.startswith("hand")}
        came = {}               # each card moved: the move that took it first, from where it lay
        for event in events:
            for card in event.cards if event.kind == SharedEvent.MOVE else ():
                came.setdefault(getattr(card, "name", None), event)
        names = self.names_to(mover)
        for raw in events:
            event = raw.for_seat(mover)
            if event.kind != SharedEvent.MOVE or event.dst not in hands:
                continue
            for card in event.cards:
                taken = card is not None and card.name not in seen and came[card.name]
                if taken and owners.get(taken.src) not in (None, mover):
                    # told as taken from another's hand: 'You took Jack of clubs blind from Theo's hand'
                    line = self.presenter.event_line(taken._replace(cards=(card,)), names, self.zones_by_key())
                    self.hold.add(Outcome(mover, agree(line)), context=context)

    def take_in(self, events, fresh=False):
        """Moves made elsewhere (at another screen, at the host), already in the session:
        read once, shown and held as a submit is. `fresh`: the game was replaced (joined
        again, or an undo elsewhere): nothing in flight goes on, the log is the session's
        anew."""
        if fresh:
            self.timeline.reset(None)
            self.before_reveal = None
            self.release_hold()
            self.hold.clear()
            self.ui.selection = []
            self.ui.dialog = None
            self.computers.clear()
            events = []
        self.ui.hint = None
        self.ui.just_placed = None
        self.turn_cue = True
        self.arrive(events, passing=False)

    def arrive(self, events, passing):
        """After a change made here or elsewhere: the scores due at a hand's end, the events
        to show, one read, the outcomes held (a move after which the device is `passing`
        to another person pauses a moment), then the presentation."""
        self.hand_ended = self.hand_ended or (self.director.scores_between_hands
                                              and any(e.kind == SharedEvent.HAND_OVER for e in events))
        self.timeline.receive(events)
        mover = self.looking.viewer
        context = self.presenter.context(self.view, self.names)
        self.panel_before = self.panel_view()       # the panel goes on telling what it told
        self.scores_told = self.panel_before.scores  # and its scores, each until the log tells its new one
        self.scores_from = self.session.event_count() - len(events)
        before = self.view
        self.read()
        if any(e.kind == SharedEvent.HAND_OVER for e in events):
            context = self.presenter.hand_over(self.view)  # read as a hand's end: not the round it ended in
        current = self.session.current_player
        handing = passing and current != mover and self.session.is_human(current)
        shown = any(e.kind == SharedEvent.GAME_OVER for e in events) and self.presenter.end_shown(before, self.view)
        self.hold.decide(events, self.director.holds(self.seen), self.presenter.outcome_lane,
                         lambda event: self.outcome_words(event, shown), self.speed(), handing, context,
                         self.session.event_count() - len(events), self.presenter.MID_MOVE)
        if handing:
            self.show_new_cards(events, before, context)
        if shown:                       # the end turns hidden cards face up as it lands: say so then
            self.say(f"Game over: {shown}.", end=True)
        self.hand_facts = before.facts if any(e.kind == SharedEvent.HAND_OVER for e in events) else None
        if (not self.hold.outcomes and not self.director.clears(self.seen)
                and any(e.kind in self.presenter.WAITS for e in events)):
            self.told_where = context   # an outcome the director tells, its cards kept: where it came
        self.deal = self.deal or self.deals(events, before)
        if self.hold.outcomes:          # the cards the outcomes speak of stay until they are read
            self.shape()
        if not self.my_turn():          # an outcome held: nothing to play until it is read
            self.legal = ()
        self.changed()
        self.present(after_change=True, before=before)
        self.unroll()
        self.tell_problem()

    def present(self, after_change=False, before=None):
        """Hand the events received to the scene to show (not behind the curtain: they
        wait until the next person is ready), with the callouts of a change's events
        (`before`: the table before it, from which a line is revealed step by step);
        another's taking a card of yours is said (until the next move is shown)."""
        viewer = self.looking.viewer
        if self.looking.curtain is not None:
            return
        events = self.timeline.show(viewer, after_change, self.whole)
        yours = {z.key for z in self.view.zones if z.owner == viewer and viewer is not None}
        seen = [raw.for_seat(viewer) for raw in events]
        if after_change:
            self.call_out(seen, before, self.session.event_count() - len(events))
        if self.ui.message_move and any(event.kind == SharedEvent.MOVE for event in seen):
            self.hush()                     # the next move: the note of the last one ends
        for event, line in self.presenter.event_lines(seen, self.names_to(viewer), self.zones_by_key()):
            if event.kind == SharedEvent.MOVE and event.src in yours and event.seat not in (None, viewer):
                self.say(agree(line or ""), move=True)     # another took a card of yours: said where you look

    def tell_problem(self):
        """Say (and note for the menu) that the session could not write a file."""
        problem = self.session.take_problem()
        if problem:
            self.say(problem)
            self._notices.append(problem)

    # ---- undo -------------------------------------------------------------------------------------

    def ends_by_itself(self):
        """Would the table end the person's turn by itself now (End turn its only move)?"""
        return self.director.auto_end_turn and self.only_ends_turn()

    def only_ends_turn(self):
        """Is End turn the only move of the player to move?"""
        legal = self.session.legal_actions()
        return len(legal) == 1 and legal[0].kind == SharedAct.END_TURN

    def deals_at_once(self):
        """Is the next hand's deal the only move (a computer's to make at once: see pace_bot)?"""
        legal = self.session.legal_actions()
        return len(legal) == 1 and legal[0].kind == SharedAct.DEAL

    def ending_turn(self):
        """Does the person's turn end by itself now, everything landed but a callout still
        showing (a D's colour declared)? It ends at once, as after any other card; the
        callout stays its time."""
        return self.settled(calling=False) and self.my_turn() and self.ends_by_itself()

    # ---- time: messages, computer players, the end of a hand ----------------------------------

    def step(self, dt):
        """`dt` seconds later: a message fades; when nothing is in flight the game moves on
        (the curtain, the director's news, computer turns, the end)."""
        state = self.ui
        if state.message_hint and state.message and state.hint is None:
            self.hush()                 # the hint's marks went: its words go with them
        if state.message_end and not self.timeline.callouts:
            self.hush()                 # the end's banner shows: it says what the note said
        if state.message_time > 0 and not self.hint_held() and not state.message_end:
            state.message_time = max(0.0, state.message_time - dt)
            if state.message_time == 0:
                self.hush()
        if self.timeline.tick(dt):
            self.changes += 1
            self.step_reveal()
        self.follow_flights()
        self.unroll()
        self.deal = self.deal and self.timeline.unlanded() > 0     # the deal has landed
        self.advance(dt)
        if self.marks.later and self.seen.told():      # the marks that waited for the table, the keyboard on them
            self.refresh()

    def advance(self, dt):
        """Move the game on when nothing is animating: the curtain, computer turns, the end
        (or, once the director's work is done, its end over the table)."""
        if self.over:
            return
        settled = self.settled()
        if self.director.finished(self.seen):
            if settled and not self.hold.wait:     # a hand's end shown is read first, as in a real game
                self.over = True
                self.ui.message = ""
                self.refresh()
            return
        if not (settled or self.ending_turn()) or self.ui.dialog:
            return
        if self.turn_cue and self.my_turn():     # once everything has landed
            self.turn_cue = False
            self.timeline.cue("turn")
        if self.hold.seconds > 0:
            if self.hold.update(dt):
                self.changes += 1
            return
        self.hear(self.director.tick(self.seen))
        if self.timeline.pending or self.hold.wait or self.director.waiting(self.seen):
            return
        working = self.session.busy()
        result = self.session.poll_bot()
        if result is None and working and not self.session.busy():
            self.changed()          # an answer about a position taken back: Hint is free again
        if result is not None:
            purpose, seat, action, reason = result
            if purpose == "move":
                self.submit(action, by_person=False)
                return
            self.say(hint_words(self.presenter, action, self.names, self.view, reason), hint=True)
            self.show_hint(action)
        if self.session.is_over or self.hand_ended:       # its outcome was read: the scores
            self.leaving = Go("scoring", {"interim": not self.session.is_over, "scores_due": False})
            return
        self.decide_view()
        current = self.session.current_player
        if self.looking.curtain is not None or current is None:
            return
        if self.director.moves_for(self.seen, current):
            self.pace_bot(dt)
            return
        if self.my_turn() and self.ends_by_itself():
            self.submit(self.session.legal_actions()[0], by_person=False)

    def hear(self, news):
        """Take in the director's news from elsewhere: moves made there, an undo taken back,
        the moves on offer changed, words to say, the seats changed."""
        if news is None:
            return
        if news.events or news.fresh:
            self.take_in(list(news.events), news.fresh)
        if news.taken_back is not None:
            self.say_taken_back(*news.taken_back)
        if news.reread:
            self.read()
        if news.say:
            self.say(news.say)
        if news.changed or news.reread:
            self.changed()

    def pace_bot(self, dt):
        """A computer seat is to play: once its pause is over (and a note of a card taken
        from the person has stood long enough to read), its move, as the director decides
        it. A computer that has only the next hand to deal deals at once: the hand's end
        was read before it, and a pause would only show the last hand's table again. One
        whose only move left is to end its turn (its card played) ends it at once, as the
        person's turn ends by itself: nobody 'is thinking' beside their move made."""
        state = self.ui
        if state.message_move and MESSAGE_SECONDS - state.message_time < NOTE_SECONDS * self.speed():
            return                  # the note of a card taken from you is read first: the next move ends it
        if self.session.busy():
            return
        ends = self.only_ends_turn()
        if not (ends or self.deals_at_once()) and not self.computers.due(dt, self.settings.move_seconds):
            return
        decision = self.director.computer_move(self.seen)
        if decision == THINK and ends:      # nothing to think about: as its computer player would
            self.submit(self.session.legal_actions()[0], by_person=False)
        elif decision == THINK:
            self.session.start_bot(self.settings.thinking)
        elif decision is not None:
            self.submit(decision)


def same_run(event, following):
    """Do two events move cards for the same seat between the same places, one after the
    other (a run of draws, said in one line of the log)?"""
    return (event.kind == following.kind == SharedEvent.MOVE and event.seat == following.seat
            and event.src == following.src and event.dst == following.dst)
