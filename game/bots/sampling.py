"""Determinization: a full state consistent with what one seat has seen.

`Sampler(game_id, players, options)` holds a template state of the game (a fresh deal
from an unrelated seed: it never sees the real state) and asks the game for samples:
`sample(view, rng)` is the template's `resample(view, rng)`, which deals the cards the
seat cannot see at random and sets every other field from the view (each game owns
how, as OpenSpiel's ResampleFromInfostate). A sample is a playout's world: like the
template, it logs no events (`GameState.keep_no_events`), from its making on.
"""
from game import registry
class Sampler:
    """Builds states consistent with a seat's view, for one game setup."""

    def __init__(self, game_id, players, options=None, seed=12345):
        self.game_id = game_id
        self.players = players
        self.template = registry.new_game(game_id, players=players, seed=seed,
                                          options=dict(options or {}), events=False)

    def sample(self, view, rng):
        """A state whose `view(view.seat)` equals `view`, hidden cards drawn from `rng`."""
        return self.template.resample(view, rng)


def consistent(state, view):
    """'' if `state` shows `view` to its seat exactly, else what differs (for tests).
    Scores are left out: where they sum hidden cards, a sample cannot match them."""
    mine = state.view(view.seat)
    for field in registry.View._fields:
        if field == "scores":
            continue
        if field == "facts" and mine.facts != view.facts:
            keys = sorted(k for k in set(mine.facts) | set(view.facts)
                          if mine.facts.get(k) != view.facts.get(k))
            return f"facts {keys}: {[(mine.facts.get(k), view.facts.get(k)) for k in keys]!r}"
        if getattr(mine, field) != getattr(view, field):
            return f"{field}: {getattr(mine, field)!r} != {getattr(view, field)!r}"
    return ""
