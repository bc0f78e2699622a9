"""A game being played at the table: the state, who sits where, and the computer players.

The session is the only place the app applies an action (`submit`), always one of the
state's legal actions, chosen by a person through a scene or by a computer player.
Computer players think on a worker thread; the table polls `poll_bot()` for the
result, so the window stays responsive.
"""
import queue
import random
import threading
from dataclasses import dataclass

import pygame

import game

BOT_DONE = pygame.USEREVENT + 7   # posted by the worker thread to wake the app


@dataclass
class Seat:
    """One seat: a person with a name, or a computer player of a level."""

    name: str
    human: bool = True
    level: str = "medium"

    def label(self):
        """How the seat is shown in lists: 'Maya' or 'Computer (hard)'."""
        return self.name if self.human else f"{self.name} (computer, {self.level})"


class Session:
    """One game in progress, created from the Setup scene's choices."""

    def __init__(self, game_id, seats, options, seed):
        self.game_id = game_id
        self.info = game.GAMES[game_id]
        self.seats = list(seats)
        self.options = dict(options)
        self.seed = seed
        self.state = game.new_game(game_id, players=len(seats), seed=seed, options=options)
        self.submitted = []          # (seat, action) in the order the app applied them
        self.last_played = {}        # seat -> index in state.events after its last action
        self._bots = {}
        self._work = None
        self._results = queue.Queue()
        self._hint_bot = None

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

    # ---- changing the game ----------------------------------------------------------
    def submit(self, action):
        """Apply a legal action for the current seat; returns the events it caused.
        Raises game.IllegalAction (state unchanged) for anything else."""
        seat = self.state.current_player
        start = len(self.state.events)
        self.state.apply(action)
        self.submitted.append((seat, action))
        self.last_played[seat] = len(self.state.events)
        return self.state.events[start:]

    # ---- computer players -------------------------------------------------------------
    def _bot(self, level):
        if level not in self._bots:
            from game.bots import make_bot
            self._bots[level] = make_bot(level, self.game_id, options=self.options)
        return self._bots[level]

    def thinking(self):
        """The seat a computer player is thinking for, or None."""
        return self._work[0] if self._work and self._work[2] == "move" else None

    def start_bot(self):
        """Start the current computer seat thinking on a worker thread."""
        seat = self.state.current_player
        self._start(seat, self._bot(self.seats[seat].level), "move")

    def start_hint(self):
        """Ask the hard computer player what the current seat should do."""
        seat = self.state.current_player
        if self._hint_bot is None:
            from game.bots import make_bot
            self._hint_bot = make_bot("hard", self.game_id, options=self.options, time_budget=0.8)
        self._start(seat, self._hint_bot, "hint")

    def _start(self, seat, bot, purpose):
        if self._work is not None:
            return
        view = self.state.view(seat)
        legal = self.state.legal_actions()
        rng = random.Random(hash((self.seed, len(self.submitted), seat)))
        token = (seat, len(self.submitted), purpose)
        self._work = token

        def work():
            try:
                result = bot.choose(view, legal, rng)
            except Exception as error:   # handed to the main thread, which reports it
                result = error
            self._results.put((token, result))
            pygame.event.post(pygame.event.Event(BOT_DONE))

        threading.Thread(target=work, daemon=True, name=f"bot-{purpose}").start()

    def poll_bot(self):
        """A finished (purpose, seat, action) from the worker, or None. Results that no
        longer fit the game (it moved on) are dropped."""
        try:
            token, result = self._results.get_nowait()
        except queue.Empty:
            return None
        self._work = None
        if isinstance(result, Exception):
            raise result
        seat, count, purpose = token
        if count != len(self.submitted) or seat != self.state.current_player:
            return None
        return purpose, seat, result

    def busy(self):
        """Is a worker thread running?"""
        return self._work is not None
