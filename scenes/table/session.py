"""A game being played at the table: the state, who sits where, and the computer players.

The session is the only place the app applies an action (`submit`), always one of the
state's legal actions, chosen by a person through a scene or by a computer player, and
the only place it takes one back (`undo`, as far as game.undo's policy allows).
Given the user's folders, it autosaves after every applied or undone action and, when
the game ends, keeps its record (with the undos made), counts it in the statistics (as
practice if Casual undo was used) and removes the autosave.
Computer players think through the session's executor: a worker thread by default (the
app gives its sessions scenes/widgets/wake.threads, which also wakes the window when the
thread is done), or `inline` (at once, on the caller's thread: tests step the game this
way); the table polls `poll_bot()` for the result either way. No pygame here: a session
is played without a window too (a headless host, the model of the table in tests).

What the table uses of a session (and so what a session played elsewhere, over a
network, must offer): `info`, `game_id`, `seed`, `seats` (their `name` and `human`),
`name(seat)`, `humans()`, `is_human(seat)`; the game as a seat may see it: `current_player`,
`is_over`, `view(seat)`, `legal_actions()`, `why_illegal(action)`, `moves()`,
`event_count()`, `events_since(start)`, `events_for(seat, since)` (the events of the
whole game so far, an undo's moves gone: the log is rebuilt from them); the changes:
`submit(action)`, `can_undo(seat, policy)`, `undo_refusal(seat, policy)`, `undo(seat, policy)`,
`take_problem()`;
the computer players: `start_bot(seconds)`, `start_hint(seconds)`, `poll_bot()`,
`busy()`, `thinking()`. The table never reads `state` itself.
"""
import logging
import queue
import random
import threading
from dataclasses import dataclass

from game import registry, saves, undo
from game.core import SharedEvent

LOG = logging.getLogger("cardtable")


def in_thread(work):
    """Run `work` on a worker thread (the default executor)."""
    threading.Thread(target=work, daemon=True, name="bot").start()


def inline(work):
    """Run `work` at once on the caller's thread (tests step the game this way)."""
    work()


@dataclass
class Seat:
    """One seat: a person with a name (`remote`: at another computer, in a hosted game),
    or a computer player of a level."""

    name: str
    human: bool = True
    level: str = "medium"
    remote: bool = False

    def label(self):
        """How the seat is shown in lists: 'Maya' or 'Computer (hard)'."""
        return self.name if self.human else f"{self.name} (computer, {self.level})"

    def saved(self):
        """The seat as the save files keep it: {name, level or None for a person, and
        remote: true for a person at another computer}."""
        return {"name": self.name, "level": None if self.human else self.level, **({"remote": True} if self.remote else {})}

    @classmethod
    def from_saved(cls, data):
        """A Seat from its saved form."""
        return cls(data["name"], data["level"] is None, data["level"] or "medium", bool(data.get("remote")))


class Session:
    """One game in progress, created from the Setup scene's choices. With `folders`
    (saves.Folders) the game is autosaved, and recorded and counted when it ends;
    `executor(work)` runs the computer players' thinking (`in_thread` by default)."""

    def __init__(self, game_id, seats, options, seed, folders=None, state=None, undo_record=None,
                 executor=None):
        self.game_id = game_id
        self.info = registry.GAMES[game_id]
        self.seats = list(seats)
        self.options = dict(options)
        self.seed = seed
        if state is None:
            self.timeline = undo.Timeline(registry.new_game(game_id, players=len(seats), seed=seed,
                                                        options=options))
        else:
            self.timeline = undo.Timeline.replayed(state)
        if undo_record:
            self.timeline.undos = undo_record["undos"]
            self.timeline.casual_used = undo_record["practice"]
        self.folders = folders
        self.problem = None          # a one-line message when saving failed
        self.record_path = None      # the finished game's record file
        self.submitted = []          # (seat, action) in the order the app applied them
        self.last_played = {}        # seat -> index in the game's events after its last action
        self._bots = {}
        self._work = None
        self._results = queue.Queue()
        self.executor = executor or in_thread
        self.autosave()

    @classmethod
    def resume(cls, state, seats, folders=None, executor=None):
        """The session of a loaded game: `state` and the saved seats ({name, level}); with
        `folders`, the undos counted so far come from the autosave too."""
        record = None
        if folders is not None:
            try:
                record = saves.load_undo(folders)
            except (saves.BadFile, OSError) as error:
                LOG.warning("The undo record could not be read: %s", error)
        return cls(state.game_id, [Seat.from_saved(s) for s in seats], state.options,
                   state.chance.seed, folders, state, record, executor)

    @property
    def state(self):
        """The game's current position (a new object after an undo)."""
        return self.timeline.state

    @state.setter
    def state(self, state):
        """Show another position (the replay viewer); undo starts afresh from it."""
        self.timeline = undo.Timeline(state)

    # ---- reading ------------------------------------------------------------------
    def humans(self):
        """The seats played by people."""
        return [i for i, seat in enumerate(self.seats) if seat.human]

    def is_human(self, seat):
        """Is `seat` played by a person?"""
        return seat is not None and self.seats[seat].human

    def name(self, seat):
        """A seat's name ('' for None)."""
        return "" if seat is None else self.seats[seat].name

    def why_illegal(self, action):
        """The rules' reason `action` is not legal now."""
        return self.state.why_illegal(action)

    @property
    def current_player(self):
        """The seat to act (None when nobody is, as at the end)."""
        return self.state.current_player

    @property
    def is_over(self):
        """Has the game ended?"""
        return self.state.is_over

    def view(self, seat):
        """What `seat` may see of the game (None: what everyone sees)."""
        return self.state.view(seat)

    def legal_actions(self):
        """The moves the seat to act may make."""
        return self.state.legal_actions()

    def moves(self):
        """The actions played so far, in order."""
        return self.state.history

    def movers(self):
        """Who played each action of `moves()`, in order (None where the record began later)."""
        timeline = self.timeline
        return [None] * timeline.base + [entry.seat for entry in timeline.entries]

    def automatic_moves(self):
        """The positions (indexes of `moves()`) of the End turns that were the only move,
        which the table made by itself."""
        timeline = self.timeline
        return {timeline.base + i for i, entry in enumerate(timeline.entries) if entry.automatic}

    def told_by(self, position):
        """The events move `position` (an index of `moves()`) caused, as (from, to) indexes
        as events_for counts them; None for a move from before the record began."""
        index = position - self.timeline.base
        return None if index < 0 else self.timeline.told_by(index)

    def event_count(self):
        """How many events the game has told so far, from its deal (the moves taken back
        by an undo no longer count)."""
        return len(self.timeline.events)

    def events_since(self, start):
        """The game's events from index `start` on, as they happened (each tells a seat its part)."""
        return self.timeline.events[start:]

    def events_for(self, seat, since=0):
        """The game's events from index `since` on, as `seat` may see them."""
        return [event.for_seat(seat) for event in self.timeline.events[since:]]

    def take_problem(self):
        """The one-line message about a file that could not be written, once (else None)."""
        problem, self.problem = self.problem, None
        return problem

    # ---- changing the game ----------------------------------------------------------
    def submit(self, action, save=True):
        """Apply a legal action for the current seat; returns the events it caused.
        Raises registry.IllegalAction (state unchanged) for anything else. `save=False`
        leaves the autosave to the caller (a host sends the move out first); the end of
        the game is kept either way."""
        seat = self.state.current_player
        events = self.timeline.apply(action)
        self.submitted.append((seat, action))
        self.last_played[seat] = len(self.timeline.events)
        if self.state.is_over:
            self.finish()
        elif save:
            self.autosave()
        return events

    def can_undo(self, seat, policy):
        """May `seat` undo something now under `policy` (game.undo: off, mine, casual)?
        The table shows its Undo button only then: under `mine`, never back into a hand
        that is over (its scores shown: see undoes_a_hand)."""
        return (self.timeline.can_undo(seat, policy, set(self.humans()), past_automatic=True)
                and not self.undoes_a_hand(seat, policy))

    def undoes_a_hand(self, seat, policy):
        """Would one Undo by `seat` under `mine` take back a move of a hand that is over
        (a hand's end told since that move)? Taking back a move is for a slip, not for
        replaying a hand whose result was scored."""
        humans = set(self.humans())
        target = self.timeline.undo_target(seat, policy, humans, True) if policy == undo.MINE else None
        if target is None:
            return False
        told = self.timeline.entries[target - self.timeline.base].told
        return any(event.kind == SharedEvent.HAND_OVER for event in self.timeline.events[told:])

    def undo_refusal(self, seat, policy):
        """Why `seat` may not undo now under `policy`, or None (see game.undo's refusal,
        and `hand` where its move was in a hand that is over)."""
        if self.undoes_a_hand(seat, policy):
            return ("hand", None)
        return self.timeline.refusal(seat, policy, set(self.humans()), past_automatic=True)

    def undo_bar(self, seat, policy):
        """The events (from, to: indexes as events_for counts them) of the move that bars
        `seat` taking back its own moves under `mine` (chance acted in it, a card reached
        the seat by it, or another person made it), or None (none does, or another policy)."""
        if policy != undo.MINE:
            return None
        index = self.timeline.bar(seat, set(self.humans()))
        return None if index is None else self.timeline.told_by(index)

    def undo(self, seat, policy):
        """One Undo for `seat` under `policy`: the game goes back to just before that
        seat's last action the policy lets it reach (the computers' moves after it go too;
        chance is restored with the position, never drawn again), and is autosaved.
        Returns the seat to play now, or None if nothing could be undone. The state is a
        new object (the game's events lose those of the moves taken back); a computer
        player still thinking about the old position is ignored when it answers."""
        if self.undoes_a_hand(seat, policy) or self.timeline.undo(seat, policy, set(self.humans()),
                                                                  past_automatic=True) is None:
            return None
        self.last_played = {}
        self.autosave()
        return self.state.current_player

    def undo_record(self):
        """{undos: the undos made, practice: whether Casual undo was used}."""
        return {"undos": self.timeline.undos, "practice": self.timeline.casual_used}

    # ---- keeping the game -------------------------------------------------------------
    def saved_seats(self):
        """The seats as the save files keep them."""
        return [seat.saved() for seat in self.seats]

    def autosave(self):
        """Write the game in progress to the autosave (nothing without folders)."""
        if self.folders is None or self.state.is_over:
            return
        try:
            saves.save_game(self.folders, self.state, self.saved_seats(), self.undo_record())
        except OSError as error:
            self._failed("The game could not be saved", error)

    def finish(self):
        """The game is over: keep its record, count it for the people, drop the autosave,
        as one transaction (saves.finish_game): however it stops, it counts once."""
        if self.folders is None:
            return
        self.record_path, problems = saves.finish_game(self.folders, self.state, self.saved_seats(),
                                                        self.undo_record())
        if problems:
            self.problem = " ".join(problems)
            LOG.warning("the end of the game: %s", self.problem)

    def _failed(self, what, error):
        self.problem = f"{what} ({error.strerror or error})."
        LOG.warning("%s: %s", what, error)

    # ---- computer players -------------------------------------------------------------
    def _bot(self, level, thinking):
        settings = dict(thinking or {}) if level == "hard" else {}  # only Hard thinks on a clock
        key = (level, tuple(sorted(settings.items())))
        if key not in self._bots:
            from game.bots import make_bot
            self._bots[key] = make_bot(level, self.game_id, options=self.options, **settings)
        return self._bots[key]

    def thinking(self):
        """The seat a computer player is thinking for, or None."""
        return self._work[0] if self._work and self._work[2] == "move" else None

    def start_bot(self, thinking=None):
        """Start the current computer seat thinking through the executor (a hard player
        with the settings `thinking`: its `time_budget` and `cores`; one core's second
        without)."""
        seat = self.state.current_player
        self._start(seat, self._bot(self.seats[seat].level, thinking), "move")

    def start_hint(self, thinking=None):
        """Ask the hard computer player what the current seat should do."""
        self._start(self.state.current_player, self._bot("hard", thinking), "hint")

    def _start(self, seat, bot, purpose):
        if self._work is not None:
            return
        view = self.state.view(seat)
        legal = self.state.legal_actions()
        moves = len(self.state.history)
        rng = random.Random(hash((self.seed, moves, seat)))
        token = (seat, moves, purpose, self.timeline.undos)
        self._work = token

        def work():
            try:
                action = bot.choose(view, legal, rng)
                reason = bot.explain(view, legal, action) if purpose == "hint" else ""
                result = (action, reason)
            except Exception as error:   # handed to the main thread, which reports it
                result = error
            self._results.put((token, result))

        self.executor(work)

    def poll_bot(self):
        """A finished (purpose, seat, action, reason) from the worker, or None; the
        reason is a hint's one line ('' for a move or where there is none). Results
        that no longer fit the game (it moved on) are dropped."""
        try:
            token, result = self._results.get_nowait()
        except queue.Empty:
            return None
        self._work = None
        if isinstance(result, Exception):
            raise result
        seat, count, purpose, undos = token
        if (count != len(self.state.history) or seat != self.state.current_player
                or undos != self.timeline.undos):
            return None
        return (purpose, seat, *result)

    def busy(self):
        """Is a computer player thinking (or its answer not yet taken)?"""
        return self._work is not None


class LessonSession(Session):
    """A lesson's session: no folders (never saved, recorded or counted) and no undo,
    since the coach keeps the script's place."""

    def can_undo(self, seat, policy):
        """Never: a lesson goes forward with its script."""
        return False

    def undo_refusal(self, seat, policy):
        """A lesson has no undo."""
        return ("off", None)

    def undo(self, seat, policy):
        """Nothing is undone in a lesson (None, as when the policy allows nothing)."""
        return None
