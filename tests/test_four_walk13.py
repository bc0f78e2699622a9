"""4 downs where the newcomer walk of wave 13 stumbled (issue #37), played with real
events at the table against computers."""
import random

import pygame

from game.four_downs.presenter import CARD_NOTE
from tests.test_table_moments_pd import drawn_words, four_downs_at_the_table, played
from tests.test_ui_play import app  # noqa: F401


def hover_first_card(a, table):
    """The pointer over a card of the hand: it is shown enlarged."""
    placed = table.board.hand_cards()[0]
    point = a.screen.pixel((placed.rect.centerx, placed.rect.y + 20))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0)))
    a.frame()


def test_the_enlarged_cards_note_on_what_counts_is_said_in_the_first_hand_only(app, monkeypatch):  # noqa: F811
    """Against three computers: a card of Maya's hand shown enlarged says under it what
    counts of it in the first hand; from the second hand on it shows alone (the walk: the
    same note under every card all game long, also in the tenth hand; the Rules page says it)."""
    drawn = drawn_words(monkeypatch)
    session = four_downs_at_the_table(app)
    said = {}
    for _ in played(app, session, random.Random(1), frames=8000):
        table = app.scene
        model = getattr(table, "model", None)
        if model is None:
            continue
        hand = model.view.facts.get("hand")
        if hand in said or not (model.my_turn() and model.settled() and not table.busy()
                                and table.laid is table.laid_out and table.board.hand_cards()):
            if len(said) >= 3:
                break
            continue
        drawn.clear()
        hover_first_card(app, table)
        said[hand] = "Here only the side" in " ".join(drawn)
    assert len(said) >= 3, said
    assert said[1] and not any(was for hand, was in said.items() if hand > 1), said
    assert CARD_NOTE.startswith("Here only the side")


def test_every_games_phase_lines_say_what_begins_not_now(app):  # noqa: F811
    """Every game played by computers to a few phases: each phase's line in the log says
    in words what begins ('Down 2 of 4 begins', 'Hand 1 begins', 'Possession 1, line 2 of
    4 begins: Theo sets offense cards'), never a status label 'Now: ...' (the walk: 'Now:
    Hand 1', 'Now: Down 2 of 4' read like codes)."""
    from game import registry
    from scenes.table.presenters import presenter_for
    said = {}
    for game in ("final_card_down", "deadline", "ktu", "final_count", "four_downs", "five_possessions"):
        state = registry.new_game(game, players=2 if game == "five_possessions" else 3, seed=7)
        rng = random.Random(7)
        for _ in range(120):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        presenter = presenter_for(registry.GAMES[game])
        lines = [line for event, line in presenter.event_lines(list(state.events), ["Maya", "Theo", "Ines"], {})
                 if event.kind == "phase" and line]
        said[game] = lines
        assert not [line for line in lines if line.startswith("Now")], (game, lines[:4])
    assert said["four_downs"] and said["five_possessions"], said
    assert "Hand 1 begins" in said["four_downs"] and "Down 2 of 4 begins" in said["four_downs"]
