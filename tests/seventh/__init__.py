"""A seventh game that lives only in the tests: High Card, in a home of its own.

Its home has the shape of a shipped game's (README's "Adding a game"): its rules
(`rules.py`), its bots' knowledge (`bots.py`), its presenter (`presenter.py`), its
entry in the registry (`game.yaml`), its rulebook (`rulebook.md`) and its lesson
(`tutorial.yaml`), named by `HOME`. The tests register it with the one line a shipped
game's registration is (tests/conftest.py) and play it through everything the six games
go through.
"""
import os

from game.home import Home
from tests.seventh import bots, presenter, rules

HOME = Home("high_card", os.path.dirname(os.path.abspath(__file__)), rules, bots,
            presenter.HighCard)
GAME_ID = HOME.id
