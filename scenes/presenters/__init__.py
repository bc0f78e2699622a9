"""The presenters: one per game, chosen from an explicit registry.

A presenter says how its game looks and reads at the table: where its zones go, the
backs of its cards, the side panel's facts, the words for its actions and events, the
prompt, and the scoring breakdown. `scenes/presenters/default.py` holds what every
game shares; a game's own module changes only its part. The map below names every
game's presenter, imported by name, so nothing is found by listing folders and the
PyInstaller bundle carries them all; a game without one is refused, never shown
by the default.
"""
import game
from scenes.presenters import deadline, final_card_down, final_count, five_possessions, four_downs, ktu

PRESENTERS = {
    "final_card_down": final_card_down.FinalCardDown,
    "deadline": deadline.Deadline,
    "ktu": ktu.Ktu,
    "final_count": final_count.FinalCount,
    "four_downs": four_downs.FourDowns,
    "five_possessions": five_possessions.FivePossessions,
}


def presenter_class(game_id):
    """The presenter class of `game_id`; game.MissingPiece if it has none."""
    presenter = PRESENTERS.get(game_id)
    if presenter is None:
        raise game.MissingPiece(game_id, "presenter", "scenes.presenters.PRESENTERS")
    return presenter


def presenter_for(info):
    """The presenter of the registered game `info`; game.MissingPiece if it has none."""
    return presenter_class(info.id)(info)
