"""Which house rules a game exercised: where another value of a rule would have changed
the game, watched move by move as the report plays it.

A rule's value is used in a game when, with another value of that rule and everything
else alike, the game would have gone otherwise somewhere: the deal, or at some move
the moves on offer (`moves`), the move the player would have chosen from other moves on
offer (asked of the same player with the same random state; offered the same moves, a
player is taken to choose the same) or what the chosen move did (its events, the
scores, who plays next). At each move the position is copied with the other value
(`GameState._read_options` derives what the rules read of it) and compared: a rule that
never changes anything (Deadline's Voluntary submission, when no Medium player ever
finishes an exam early) is seen as such, not as an effect of zero.

`Watch(game_id, state, levels, seed, player)` (`player(level, options)`: the computer
player of a level, None for random moves); `before(state, legal, rng)` before each move,
`after(state, action)` after it; `changed()` -> (the rules that changed the moves on
offer, the rules that changed the play), each sorted. A rule already known to have
changed both is no longer watched, so a game pays only for the rules still in doubt.
"""
import random

from game import registry


def rules_of(game_id):
    """[(option id, its values)] for every house rule of the game (not the player count)."""
    info = registry.game_info(game_id)
    return [(o.id, list(o.values)) for o in info.options if o.id != info.player_option]


def _position(state):
    """What a deal decides: every field of the position and who plays first."""
    return state.to_dict()["state"], state.current_player


def _same_outcome(one, other, since):
    """Whether a move did the same in `one` (its events from the start) as in `other`
    (its events from `since`): the events, then the step and who plays next, then the
    scores (the dearest to count, so last)."""
    return (one.events == other.events[since:] and one.step == other.step
            and one.current_player == other.current_player and one.is_over == other.is_over
            and one.scores() == other.scores())


class Watch:
    """One game's watch over its house rules (see the module)."""

    def __init__(self, game_id, state, levels, seed, player):
        self.game_id = game_id
        self.levels = levels
        self.player = player
        self.moves, self.play = set(), set()
        self.others = [(key, value) for key, values in rules_of(game_id)
                       for value in values if value != state.options[key]]
        self.bots = {}
        self.pending = []
        deal = _position(state)
        for key, value in self.others:
            try:
                other = registry.new_game(game_id, players=state.players, seed=seed,
                                      options=dict(state.options, **{key: value}))
                same = _position(other) == deal
            except Exception:   # a deal the other value cannot make differs from this one
                same = False
            if not same:
                self.play.add(key)

    def _open(self):
        return [(key, value) for key, value in self.others
                if key not in self.moves or key not in self.play]

    def _bot(self, key, value, seat, options):
        if (key, value, seat) not in self.bots:
            self.bots[(key, value, seat)] = self.player(self.levels[seat], options)
        return self.bots[(key, value, seat)]

    def before(self, state, legal, rng):
        """Compare the moves on offer now with each other value's; keep the copies whose
        outcome is still to compare. `rng`: the players' generator before they choose."""
        self.pending = []
        self.since = len(state.events)
        self.offered = set(legal)
        self.seat = state.current_player
        asks = False
        for key, value in self._open():
            other = state.clone()
            other.options = dict(state.options, **{key: value})
            other._read_options()
            other._legal = None
            try:
                offered = other.legal_actions()
            except Exception:   # a position the other value cannot read: it differs
                self.moves.add(key)
                self.play.add(key)
                continue
            differs = set(offered) != self.offered
            if differs:
                self.moves.add(key)
            if key not in self.play:
                self.pending.append((key, value, other, offered))
                asks = asks or differs
        self.rng_state = rng.getstate() if asks else None

    def after(self, state, action):
        """What the chosen move would have been, and done, with each other value."""
        for key, value, other, offered in self.pending:
            if action not in offered or self._chooses(key, value, other, offered, action) != action:
                self.play.add(key)
                continue
            try:
                other.apply(action)
                same = _same_outcome(other, state, self.since)
            except Exception:   # a move the other value cannot play out: it differs
                same = False
            if not same:
                self.play.add(key)
        self.pending = []

    def _chooses(self, key, value, other, offered, action):
        """The move the player would choose from `offered` (the other value's position):
        `action` itself when the same moves are on offer (a player offered the same moves
        is taken to choose the same), else asked of the same player with the random
        state it chose with."""
        if set(offered) == self.offered:
            return action
        bot = self._bot(key, value, self.seat, other.options)
        rng = random.Random()
        rng.setstate(self.rng_state)
        if bot is None:
            return rng.choice(offered)
        return bot.choose(other.view(self.seat), offered, rng)

    def changed(self):
        """(rules that changed the moves on offer, rules that changed the play), sorted."""
        return sorted(self.moves), sorted(self.play)
