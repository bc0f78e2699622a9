"""The presenters: one per game, named by its home (`game.home`).

A presenter says how its game looks and reads at the table: where its zones go, the
backs of its cards, the side panel's facts, the words for its actions and events, the
prompt, and the scoring breakdown. `game/presenter.py` holds what every game shares; a
game's own presenter, in its home, changes only its part. A game without one is
refused, never shown by the default.
"""
from game import registry


def presenter_class(game_id):
    """The presenter class of `game_id`, from its Home; registry.MissingPiece if it has
    none."""
    home = registry.HOMES.get(game_id)
    presenter = home and home.presenter
    if presenter is None:
        raise registry.MissingPiece(game_id, "presenter", "its Home's presenter")
    return presenter


def presenter_for(info):
    """The presenter of the registered game `info`; registry.MissingPiece if it has none."""
    return presenter_class(info.id)(info)
