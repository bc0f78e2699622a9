"""A game's home: the one folder that holds everything of one game, and the spec naming it.

`game/<game id>/` holds the game's rules (`rules.py`, with its `State`), what the
computer players know of it (`bots.py`: see `game.bots.base`), how the table shows and
words it (`presenter.py`: a `game.presenter.Presenter`), its entry in the registry
(`game.yaml`: title, players, house rules), its rulebook (`rulebook.md`) and its lesson
(`tutorial.yaml`, a chapter per house rule in `tutorial/<option id>.yaml`). Its
`__init__.py` declares `HOME`, the one `Home` that names them; the registry
(`game.registry`) adds a game from its `HOME` alone, and everything that goes through the
games (the bots, the scenes, the tools) reads them from there.
"""
import os
from typing import Callable, NamedTuple


class Busiest(NamedTuple):
    """The game's busiest table, where `main.py bench` times the app's frames: played from
    its deal with `players` until `ready(state)` holds on the first seat's turn, that seat
    moving by `move(legal actions)` (None: at random, as the others, who leave out the
    kinds of move in `avoid`: those that undo a step). `title(state)` names the position
    in the figures."""

    players: int
    ready: Callable
    title: Callable
    move: Callable = None
    avoid: frozenset = frozenset()


class Home(NamedTuple):
    """One game's pieces. `bench_players`, `measure_players`, `compare_options` and
    `busiest` tune the designers' tools for the game (None or empty: the tool's own
    choice, or none)."""

    id: str
    folder: str                 # the home's folder: game.yaml, rulebook.md, tutorial.yaml
    rules: object               # the module with its State
    bots: object                # the module with what the bots know of it (`medium`, ...)
    presenter: type             # its Presenter subclass
    bench_players: int = None   # `main.py bench --hard`'s table (None: the fewest it allows)
    measure_players: int = None  # tools/measure_hard.py's table (None: the fewest it allows)
    compare_options: tuple = ()  # build/compare.py's Hard game: (option id, value) pairs
    busiest: Busiest = None     # `main.py bench`'s table of the game (None: not timed)

    @property
    def entry(self):
        """The path of its entry in the registry, `game.yaml`."""
        return os.path.join(self.folder, "game.yaml")

    @property
    def rulebook(self):
        """The path of its rulebook, `rulebook.md`."""
        return os.path.join(self.folder, "rulebook.md")

    @property
    def tutorial(self):
        """The path of its lesson, Learn to play, `tutorial.yaml`."""
        return os.path.join(self.folder, "tutorial.yaml")

    def chapter(self, option_id):
        """The path of its lesson's chapter on the house rule `option_id`."""
        return os.path.join(self.folder, "tutorial", f"{option_id}.yaml")
