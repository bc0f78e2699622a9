"""Undo: a game's timeline of positions, and how far back each seat may take it.

A `Timeline` wraps a game state and applies every action through `apply`. For each
action it keeps who acted, what it was, whether chance acted and which cards reached
each seat for the first time; every `SNAPSHOT_EVERY` actions it also keeps the position
before the action (a clone). A position is restored from the nearest snapshot by
applying the recorded actions again: the random generator and the injected dice, tosses
and stacked decks go back with the snapshot, so the replay is exact and undo never
re-rolls chance. From that record the engine, not the scene, decides how far back a seat may
go under each policy:

- `off`: never;
- `mine` ("Take back my moves"): a person takes back their own actions, back to the
  last point where something new reached them (a card they had not seen became visible
  to them, by a draw, a reveal or another seat's play), chance acted (a shuffle, a die
  roll, a coin toss, a card nobody had seen coming to light, or a card taken from an
  order nobody knew, even one seen before: a draw from a shuffled pile, a blind pick, as
  the game tells through `Chance.blind_draw`), or another person acted. Computer moves
  after theirs that showed them nothing are taken back with it, and the computers
  decide again;
- `casual`: any number of moves, the computers' included (the game then counts as
  practice).

Only the public state API is used (`apply`, `clone`, `view`, `events_for`, `chance`,
`history`), so the timeline holds for every registered game.
"""
from typing import NamedTuple

from game import registry
from game.core import SharedAct

OFF = "off"
MINE = "mine"
CASUAL = "casual"
POLICIES = (OFF, MINE, CASUAL)
# One clone kept per this many actions: a clone of Final Card-Down's 800 cards is about
# 10 KB, and replaying up to 15 actions from one costs well under a millisecond.
SNAPSHOT_EVERY = 16


class Entry(NamedTuple):
    """The timeline's record of one applied action: the position before it (a clone,
    every SNAPSHOT_EVERY entries; else None), who acted, what it was, whether chance
    acted, per seat the ids of the cards that reached that seat for the first time, and
    how long the timeline's record of events was before it, and whether it was an End
    turn that was the only move (`automatic`: the table makes it by itself)."""

    before: object
    seat: object
    action: object
    chance: bool
    learned: tuple
    told: int
    automatic: bool = False


def chance_mark(chance):
    """What changes whenever chance acts: the generator's state, what is left of the
    injected stacked decks, dice and tosses, and the cards taken from an order nobody
    knew (`Chance.blind_draw`)."""
    return (chance.rng.getstate(), len(chance.stacks), len(chance.dice), len(chance.tosses),
            chance.blind_draws)


def seen_by(state, seat, since=None):
    """The ids of the cards `seat` sees now in its view, plus those shown to it in the
    events from index `since` on."""
    ids = set()
    for zone in state.view(seat).zones:
        cards = zone.cards
        if cards.count(None) < len(cards):          # skips hidden piles quickly
            ids.update(card.id for card in cards if card is not None)
    if since is not None:
        ids.update(card.id for event in state.events_for(seat, since)
                   for card in event.cards if card is not None)
    return ids


class Timeline:
    """A game in progress with the record undo needs. `state` is the live position (a
    new object after each undo); `base` is the history length the timeline starts at;
    `events` is every event of the game from there on (the state's own log starts afresh
    at each undo; this record loses only the events of the moves taken back); `undos`
    counts the undos made and `casual_used` says whether one was made under the Casual
    policy."""

    def __init__(self, state):
        self.state = state
        self.base = len(state.history)
        self.events = list(state.events)
        self.entries = []
        self.undos = 0
        self.casual_used = False
        self.known = [seen_by(state, seat) for seat in range(state.players)]

    @classmethod
    def replayed(cls, state, **new_game_args):
        """A timeline for a game loaded mid-way, rebuilt by replaying its history from its
        seed (with `new_game_args` such as options, deck, dice, tosses), so that undo
        reaches back before the load. If the replay does not reach the same position
        (the game was created otherwise), the timeline starts at the loaded position."""
        args = {"players": state.players, "seed": state.chance.seed,
                "options": dict(state.options), **new_game_args}
        target = state.to_dict()
        try:
            timeline = cls(registry.new_game(state.game_id, **args))
            for action in state.history:
                timeline.apply(action)
        except (ValueError, registry.IllegalAction):
            return cls(state)
        if timeline.state.to_dict() != target:
            return cls(state)
        timeline.state = state
        return timeline

    # ---- playing --------------------------------------------------------------------
    def apply(self, action):
        """Apply a legal action to the live state and record it; returns the events it
        caused. Raises registry.IllegalAction (nothing changed, nothing recorded) otherwise."""
        state = self.state
        before = state.clone() if len(self.entries) % SNAPSHOT_EVERY == 0 else None
        mark = chance_mark(state.chance)
        seat = state.current_player
        start = len(state.events)
        automatic = action.kind == SharedAct.END_TURN and len(state.legal_actions()) == 1
        state.apply(action)
        chance = chance_mark(state.chance) != mark
        everyone_knew = set().union(*self.known)
        learned = []
        for viewer, known in enumerate(self.known):
            new = frozenset(seen_by(state, viewer, start) - known)
            known.update(new)
            learned.append(new)
            chance = chance or not new <= everyone_knew
        events = state.events[start:]
        self.entries.append(Entry(before, seat, state.history[-1], chance, tuple(learned), len(self.events),
                                  automatic))
        self.events += events
        return events

    # ---- what the engine allows -------------------------------------------------------
    def undo_limit(self, seat, policy, humans):
        """The earliest position (a history length) `seat` may go back to under `policy`,
        with `humans` the seats played by people; the current length if none (also when
        the state was changed other than through `apply`)."""
        if policy not in POLICIES:
            raise ValueError(f"undo policy {policy!r} is not one of {', '.join(POLICIES)}")
        end = len(self.state.history)
        if policy == OFF or seat not in humans or end != self.base + len(self.entries):
            return end
        if policy == CASUAL:
            return self.base
        position = end
        for entry in reversed(self.entries):
            if entry.chance or entry.learned[seat] or (entry.seat != seat and entry.seat in humans):
                break
            position -= 1
        return position

    def undo_target(self, seat, policy, humans, past_automatic=False):
        """The position one Undo by `seat` goes back to, or None if it may not undo: just
        before its own last action (under Casual, any person's last action) that the
        policy lets it reach; with `past_automatic`, never an End turn that was the only
        move, which a table makes again at once (walkC17: a pass-and-play take-back after
        a draw for 2s took back only that, and Maya's turn ended again as she looked); the
        computers' moves after it go with it."""
        limit = self.undo_limit(seat, policy, humans)
        movers = {seat} if policy == MINE else set(humans)
        for position in range(len(self.state.history) - 1, limit - 1, -1):
            entry = self.entries[position - self.base]
            if entry.seat in movers and not (past_automatic and entry.automatic):
                return position
        return None

    def refusal(self, seat, policy, humans, past_automatic=False):
        """Why `seat` may not undo now under `policy` (None when it may): (reason, seat)
        where the reason is `off`, `nothing` (no move of its own within reach), `chance`
        (chance acted, a card came from an order nobody knew or nobody had seen it),
        `learned` (a card reached it) or `person` (another person acted: that seat)."""
        if self.can_undo(seat, policy, humans, past_automatic):
            return None
        if policy == OFF:
            return ("off", None)
        if policy == MINE and seat in humans and len(self.state.history) == self.base + len(self.entries):
            index = self.bar(seat, humans)
            if index is not None:
                entry = self.entries[index]
                if entry.chance:
                    return ("chance", None)
                if entry.learned[seat]:
                    return ("learned", None)
                return ("person", entry.seat)
        return ("nothing", None)

    def bar(self, seat, humans):
        """The index among the entries of the latest action that bars `seat` taking back
        its own actions before it (`mine`): chance acted in it, a card reached the seat by
        it, or another person made it; None if none does."""
        for index in range(len(self.entries) - 1, -1, -1):
            entry = self.entries[index]
            if entry.chance or entry.learned[seat] or (entry.seat != seat and entry.seat in humans):
                return index
        return None

    def told_by(self, index):
        """The events the entry at `index` caused: (from, to) indexes in `events`."""
        end = self.entries[index + 1].told if index + 1 < len(self.entries) else len(self.events)
        return self.entries[index].told, end

    def can_undo(self, seat, policy, humans, past_automatic=False):
        """Is there something `seat` may undo now (see undo_target)?"""
        return self.undo_target(seat, policy, humans, past_automatic) is not None

    # ---- undoing ----------------------------------------------------------------------
    def undo(self, seat, policy, humans, past_automatic=False):
        """Make one Undo for `seat` under `policy` (see undo_target); returns the restored
        live state, or None (nothing changed) if the policy allows none."""
        target = self.undo_target(seat, policy, humans, past_automatic)
        if target is None:
            return None
        return self.restore(target, policy)

    def restore(self, position, policy=MINE):
        """Go back to `position` (a history length from `base` to now, exclusive of now)
        and count one undo made under `policy`; returns the restored live state."""
        if policy not in POLICIES or policy == OFF:
            raise ValueError(f"undo policy {policy!r} is not one of {MINE}, {CASUAL}")
        if not self.base <= position < len(self.state.history):
            raise ValueError(f"cannot go back to move {position}: the timeline holds moves "
                             f"{self.base} to {len(self.state.history) - 1}")
        index = position - self.base
        for entry in self.entries[index:]:
            for known, learned in zip(self.known, entry.learned):
                known.difference_update(learned)
        anchor = index - index % SNAPSHOT_EVERY
        state = self.entries[anchor].before.clone()
        for entry in self.entries[anchor:index]:
            state.apply(entry.action)
        self.state = state.clone() if index > anchor else state   # an empty event log
        del self.events[self.entries[index].told:]
        del self.entries[index:]
        self.undos += 1
        self.casual_used = self.casual_used or policy == CASUAL
        return self.state
