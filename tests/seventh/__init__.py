"""A seventh game that lives only in the tests: High Card.

It is built of the pieces README's "Adding a game" names and nothing else: its rules
(`high_card.py`), its bot module (`bot.py`), its presenter (`presenter.py`), its entry in
a games file (`games.yaml`), its rulebook (`rules/high_card.md`) and its lesson
(`tutorials/high_card.yaml`); the tests register it (`register()`) and play it through
everything the six games go through.
"""
import os

import game
from game.bots import base
from scenes import presenters
from tests.seventh import bot, high_card, presenter

GAME_ID = "high_card"


def register():
    """Add High Card to the registry, the bots' knowledge and the presenters."""
    game.register(os.path.join(os.path.dirname(__file__), "games.yaml"), {GAME_ID: high_card})
    base.KNOWLEDGE[GAME_ID] = bot
    presenters.PRESENTERS[GAME_ID] = presenter.HighCard
