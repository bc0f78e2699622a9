"""A registered game's pieces, checked when the app starts.

Every game in the registry (config/games.yaml) has five pieces, each registered in one
place: its rules module (game.MODULES), its bot module with the Medium heuristic
(game.bots.base.KNOWLEDGE), its presenter (scenes.presenters.PRESENTERS), its rulebook
(config/rules/<id>.md) and its lesson (config/tutorials/<id>.yaml; a game registered
from another games file keeps both beside that file). A missing one stops the start
with game.MissingPiece naming the game and the piece, so neither the source nor a
bundle ever plays a game without it; `missing` names them all.
"""
import os

import game
from game import resources
from game.bots.base import knowledge
from scenes.presenters import presenter_class

MODULE_PIECES = ("rules", "bots", "presenter")
FILE_PIECES = ("rulebook", "lesson")


def shipped():
    """The games the app ships, those of config/games.yaml (game.MODULES), by id; the
    registry may hold more (the tests register one of their own)."""
    return {game_id: game.GAMES[game_id] for game_id in game.MODULES}


def missing(info):
    """The pieces the registered game `info` lacks, as game.MissingPiece errors (none
    when it is whole)."""
    lacks = []
    if not isinstance(getattr(info.module, "State", None), type):
        lacks.append(game.MissingPiece(info.id, "State class", f"{info.module.__name__}.State"))
    for find in (knowledge, presenter_class):
        try:
            find(info.id)
        except game.MissingPiece as error:
            lacks.append(error)
    for piece, path in (("rulebook", info.rulebook()), ("lesson", info.tutorial())):
        if not os.path.isfile(path):
            lacks.append(game.MissingPiece(info.id, piece, path))
    return lacks


def check(games=None):
    """{game id: {piece: its module's name, or its file relative to the resources'
    root}} for every game in `games` (the registry by default); game.MissingPiece for
    the first piece missing. (Rules modules are checked as the registry is read.)"""
    found = {}
    for game_id, info in (games or game.GAMES).items():
        lacks = missing(info)
        if lacks:
            raise lacks[0]
        found[game_id] = {"rules": info.module.__name__, "bots": knowledge(game_id).__name__,
                          "presenter": presenter_class(game_id).__module__,
                          "rulebook": os.path.relpath(info.rulebook(), resources.root()),
                          "lesson": os.path.relpath(info.tutorial(), resources.root())}
    return found
