"""A registered game's pieces, checked when the app starts.

Every game in the registry has its pieces in its home, named by its `Home` (see
`game.home`): its rules module (with its State class), its bot module with the Medium
heuristic and every move's reason (`why`), its presenter, its entry (`game.yaml`, read as it is registered), its
rulebook and its lesson. A missing one stops the start with registry.MissingPiece
naming the game and the piece, so neither the source nor a bundle ever plays a game
without it; `missing` names them all.
"""
import os

from game import registry, resources
from game.bots.base import knowledge
from scenes.table.presenters import presenter_class

MODULE_PIECES = ("rules", "bots", "presenter")
FILE_PIECES = ("entry", "rulebook", "lesson")


def shipped():
    """The games the app ships (registry.SHIPPED), by id; the registry may hold more (the
    tests register one of their own)."""
    return {game_id: registry.GAMES[game_id] for game_id in registry.SHIPPED}


def missing(info):
    """The pieces the registered game `info` lacks, as registry.MissingPiece errors (none
    when it is whole)."""
    lacks = []
    if not isinstance(getattr(info.module, "State", None), type):
        lacks.append(registry.MissingPiece(info.id, "State class", f"{info.module.__name__}.State"))
    for find in (knowledge, presenter_class):
        try:
            find(info.id)
        except registry.MissingPiece as error:
            lacks.append(error)
    for piece, path in (("rulebook", info.rulebook()), ("lesson", info.tutorial())):
        if not os.path.isfile(path):
            lacks.append(registry.MissingPiece(info.id, piece, path))
    return lacks


def check(games=None):
    """{game id: {piece: its module's name, or its file relative to the resources'
    root}} for every game in `games` (the registry by default); registry.MissingPiece for
    the first piece missing. (Rules modules are checked as the registry is read.)"""
    found = {}
    for game_id, info in (games or registry.GAMES).items():
        lacks = missing(info)
        if lacks:
            raise lacks[0]
        found[game_id] = {"rules": info.module.__name__, "bots": knowledge(game_id).__name__,
                          "presenter": presenter_class(game_id).__module__,
                          "entry": os.path.relpath(info.home.entry, resources.root()),
                          "rulebook": os.path.relpath(info.rulebook(), resources.root()),
                          "lesson": os.path.relpath(info.tutorial(), resources.root())}
    return found


def home_files(games):
    """The files of the homes of `games` but their code (each game's entry, rulebook,
    lesson and its chapters), relative to the resources' root, sorted: what a bundle
    carries beside the modules."""
    found = set()
    for info in games.values():
        for folder, folders, names in os.walk(info.home.folder):
            folders[:] = [name for name in folders if name != "__pycache__"]
            found.update(os.path.relpath(os.path.join(folder, name), resources.root())
                         for name in names if not name.endswith((".py", ".pyc")))
    return sorted(found)
