"""Determinization: a full state consistent with what one seat has seen.

`Sampler(game_id, players, options)` holds a template state of the game (a fresh deal
from an unrelated seed: it never sees the real state). `sample(view, rng)` clones it,
fills every zone from the view, with the hidden slots (None) taking a random
assignment of the cards the seat cannot see, and sets the state's other fields
with the game's `fix_sample(state, view)` hook, or (for a game without one) by copying
each fact onto the state's field of the same name and type.
"""
import copy

import game
from game.bots.base import knowledge


class SampleError(ValueError):
    """The view cannot be turned into a state by the generic sampler."""


class Sampler:
    """Builds states consistent with a seat's view, for one game setup."""

    def __init__(self, game_id, players, options=None, seed=12345):
        self.game_id = game_id
        self.players = players
        self.template = game.new_game(game_id, players=players, seed=seed,
                                      options=dict(options or {}))
        self.fix = getattr(knowledge(game_id), "fix_sample", None)
        self.zone_keys = [spec.key for spec in self.template._zones()]

    def sample(self, view, rng):
        """A state whose `view(view.seat)` equals `view`, hidden cards drawn at random."""
        state = self.template.clone()
        seen = set()
        for zone in view.zones:
            for card in zone.cards:
                if card is not None:
                    seen.add(card.id)
        pool = [card for card in state.cards if card.id not in seen]
        rng.shuffle(pool)
        fill = {}
        pos = 0
        for zone in view.zones:
            cards = list(zone.cards)
            for i, card in enumerate(cards):
                if card is None:
                    cards[i] = pool[pos]
                    pos += 1
            fill[zone.key] = cards
        if pos != len(pool):
            raise SampleError(f"{self.game_id}: {len(pool)} unseen cards for {pos} hidden slots")
        if self.fix is None and [z.key for z in view.zones] != self.zone_keys:
            raise SampleError(f"{self.game_id}: the view's zones differ from the template's")
        state.refill_zones(fill)
        state.current_player = view.current_player
        state.is_over = view.is_over
        if self.fix is not None:
            self.fix(state, view)
        else:
            fields = state.__dict__
            for key, value in view.facts.items():
                if key in fields and not key.startswith("_") and key not in ("players", "options"):
                    old = fields[key]
                    if old is None or value is None or type(old) is type(value):
                        fields[key] = copy.deepcopy(value)   # never alias the view
        state._legal = None
        state.history = []
        state.events = []
        state.rng.seed(rng.getrandbits(64))
        return state


def consistent(state, view):
    """'' if `state` shows `view` to its seat exactly, else what differs (for tests).
    Scores are left out: where they sum hidden cards, a sample cannot match them."""
    mine = state.view(view.seat)
    for field in game.View._fields:
        if field == "scores":
            continue
        if field == "facts" and mine.facts != view.facts:
            keys = sorted(k for k in set(mine.facts) | set(view.facts)
                          if mine.facts.get(k) != view.facts.get(k))
            return f"facts {keys}: {[(mine.facts.get(k), view.facts.get(k)) for k in keys]!r}"
        if getattr(mine, field) != getattr(view, field):
            return f"{field}: {getattr(mine, field)!r} != {getattr(view, field)!r}"
    return ""


def swap_into(card, target, holders, avoid=()):
    """Put `card` into the list `target` by trading places with a card of `target` (not
    one of `avoid`), searching for it in `holders` (the lists where unseen cards lie).
    For hooks that know where a hidden card is."""
    if card in target:
        return
    source = next((h for h in holders if card in h), None)
    spot = next((i for i, c in enumerate(target) if c not in avoid), None)
    if source is None or spot is None:
        return
    i = source.index(card)
    source[i], target[spot] = target[spot], card
