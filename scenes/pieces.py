"""A registered game's pieces, checked when the app starts.

Every game in the registry (config/games.yaml) has five pieces, each registered in one
place: its rules module (game.MODULES), its bot module with the Medium heuristic
(game.bots.base.KNOWLEDGE), its presenter (scenes.presenters.PRESENTERS), its rulebook
(config/rules/<id>.md) and its lesson (config/tutorials/<id>.yaml). A missing one stops
the start with game.MissingPiece naming the game and the piece, so neither the source
nor a bundle ever plays a game without it.
"""
import os

import game
from game import resources
from game.bots.base import knowledge
from scenes.presenters import presenter_class

MODULE_PIECES = ("rules", "bots", "presenter")
FILE_PIECES = ("rulebook", "lesson")


def check(games=None):
    """{game id: {piece: its module's name, or its file relative to the resources'
    root}} for every game in `games` (the registry by default); game.MissingPiece for
    the first piece missing. (Rules are checked as the registry is read.)"""
    found = {}
    for game_id, info in (games or game.GAMES).items():
        pieces = {"rules": info.module.__name__, "bots": knowledge(game_id).__name__,
                  "presenter": presenter_class(game_id).__module__}
        for piece, path in (("rulebook", info.rulebook()), ("lesson", info.tutorial())):
            if not os.path.isfile(path):
                raise game.MissingPiece(game_id, piece, path)
            pieces[piece] = os.path.relpath(path, resources.root())
        found[game_id] = pieces
    return found
