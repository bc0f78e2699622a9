"""The seventh game, High Card, lives only in the tests (tests/seventh) and is registered
by them (tests/conftest.py): every test parametrised over the registry plays it with the
six games the app ships. These tests (`python3 -m pytest -k seventh`) show it whole on its
own: its pieces, the rules' contract, the computer players, the table and its lesson."""
import os
import random

import pytest

from game import registry, tutorial
from game.bots import make_bot
from scenes import pieces
from scenes.screens.scoring import ScoringScene
from tests import seventh
from tests.test_conformance import _play_random
from tests.test_table_words import (spy,  # noqa: F401
                                     test_every_string_drawn_at_the_table_is_in_players_words)
from tests.test_ui_play import app, play_through  # noqa: F401
from tests.test_ui_tutorial import test_tutorial_of_every_mode_played_from_the_menu_by_clicks

GAME_ID = seventh.GAME_ID


def test_seventh_game_comes_from_the_tests_alone():
    """Its pieces are modules and files of tests/seventh; the app ships six games."""
    info = registry.GAMES[GAME_ID]
    assert GAME_ID not in registry.SHIPPED and len(registry.GAMES) == len(registry.SHIPPED) + 1
    found = pieces.check({GAME_ID: info})[GAME_ID]
    assert found == {"rules": "tests.seventh.rules", "bots": "tests.seventh.bots",
                     "presenter": "tests.seventh.presenter",
                     "entry": "tests/seventh/game.yaml",
                     "rulebook": "tests/seventh/rulebook.md",
                     "lesson": "tests/seventh/tutorial.yaml"}


def test_seventh_game_registers_with_the_line_a_shipped_game_uses():
    """The registry's line for a shipped game and the tests' line for this one are the
    same call on a home's HOME."""
    shipped = [line.strip() for line in open(registry.__file__, encoding="utf-8")
               if line.startswith("register(")]
    assert shipped == [f"register({game_id}.HOME)" for game_id in registry.SHIPPED]
    conftest = open(os.path.join(os.path.dirname(__file__), "conftest.py"), encoding="utf-8").read()
    assert "    registry.register(seventh.HOME)\n" in conftest
    assert registry.HOMES[GAME_ID] is seventh.HOME


def test_seventh_game_lacking_pieces_names_them_all(monkeypatch):
    home = seventh.HOME._replace(bots=None, presenter=None, folder=seventh.HOME.folder + "/nowhere")
    monkeypatch.setitem(registry.HOMES, GAME_ID, home)
    monkeypatch.setitem(registry.GAMES, GAME_ID, registry.GAMES[GAME_ID]._replace(home=home))
    lacks = [str(error) for error in pieces.missing(registry.GAMES[GAME_ID])]
    assert lacks == ["high_card: no bot module (its Home's bots)",
                     "high_card: no presenter (its Home's presenter)",
                     f"high_card: no rulebook ({home.folder}/rulebook.md)",
                     f"high_card: no lesson ({home.folder}/tutorial.yaml)"]


@pytest.mark.parametrize("seed", range(4))
def test_seventh_game_keeps_the_rules_contract(seed):
    rng = random.Random(seed)
    state = registry.new_game(GAME_ID, players=2 + seed % 3, seed=seed,
                          options={"high_card.ace": ("high", "low")[seed % 2]})
    _play_random(state, rng, steps_checked=40)
    assert state.step == "over" and sum(state.scores()) == 10
    most = max(state.scores())
    assert state.winners() == [seat for seat, won in enumerate(state.scores()) if won == most]


def test_seventh_game_highest_card_wins_and_ties_go_to_the_first_played():
    state = registry.new_game(GAME_ID, players=3, seed=1, deck=["5H", "9S", "9C"])
    for name in ("5H", "9S", "9C"):
        state.apply(next(a for a in state.legal_actions() if a.cards[0].name == name))
    assert state.rounds_won == [0, 1, 0] and state.current_player == 1 == state.leader
    assert [e.kind for e in state.events[-5:]] == ["round_won", "move", "move", "move", "turn"]


def test_seventh_game_ace_is_high_or_low_by_the_house_rule():
    for ace, winner in (("high", 0), ("low", 1)):
        state = registry.new_game(GAME_ID, players=2, seed=1, deck=["AS", "2D"],
                              options={"high_card.ace": ace})
        for name in ("AS", "2D"):
            state.apply(next(a for a in state.legal_actions() if a.cards[0].name == name))
        assert state.rounds_won[winner] == 1


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_seventh_game_computer_players_play_it_to_the_end(level):
    state = registry.new_game(GAME_ID, players=3, seed=5)
    settings = {"iterations": 8} if level == "hard" else {}
    bots = [make_bot(level, GAME_ID, options=state.options, **settings) for _ in range(3)]
    rng = random.Random(5)
    while not state.is_over:
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        state.apply(bots[seat].choose(view, legal, rng))
    assert state.winners()


def test_seventh_game_medium_wins_cheaply_or_throws_its_lowest():
    mine = ["7H", "KH", "QH", "JH", "10H", "9H", "8H", "6H", "5H", "4H"]
    theirs = ["3S", "9D", "5C", "2D", "3D", "4D", "2S", "4S", "6C", "2C"]
    deal = [name for pair in zip(mine, theirs) for name in pair]
    state = registry.new_game(GAME_ID, players=2, seed=1, deck=deal, full_deck=False)
    state.apply(next(a for a in state.legal_actions() if a.cards[0].name == "7H"))
    medium = make_bot("medium", GAME_ID, options=state.options)
    view = state.view(1)
    action = medium.choose(view, state.legal_actions(), random.Random(1))
    assert action.cards[0].name == "9D"
    assert medium.explain(view, state.legal_actions(), action) == (
        "the lowest card you hold that wins the round")


def test_seventh_game_played_whole_at_the_table_by_two_people(app):  # noqa: F811
    session, curtains = play_through(app, GAME_ID, 2, humans={0, 1})
    assert session.state.is_over and curtains
    assert isinstance(app.scene, ScoringScene) and app.scene.headline()
    assert [row[2] for row in app.scene.rows()] == [
        f"{won} round{'' if won == 1 else 's'} won" for won in session.state.scores()]


def test_seventh_game_draws_only_players_words_at_the_table(spy):  # noqa: F811
    test_every_string_drawn_at_the_table_is_in_players_words(spy, GAME_ID)


def test_seventh_game_lesson_plays_through_the_engine():
    lesson = tutorial.load(GAME_ID)
    state = tutorial.rehearse(lesson)
    assert state.is_over and state.winners() == [lesson.learner]


def test_seventh_game_lesson_played_from_the_menu_by_clicks(app):  # noqa: F811
    test_tutorial_of_every_mode_played_from_the_menu_by_clicks(app, GAME_ID)
