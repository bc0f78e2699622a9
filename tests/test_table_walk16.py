"""Wave 16 moments at the real table (fixer F): the table's rules of presentation that the
walk found broken, played through the real events."""
import pygame
import pytest

from game import registry
from scenes.table.intents import Choose
from scenes.table.session import Seat, Session, inline
from tests.test_table_moments_pd import drawn_words
from tests.test_table_words import NAMES
from tests.test_ui_play import FRAME, new_app, press


def person_to_play(a, game_id):
    """The table of a seeded `game_id` against computers where the person plays first,
    settled on their turn."""
    info = registry.GAMES[game_id]
    for seed in range(40):
        seats = [Seat(NAMES[i], i == 0, "easy") for i in range(info.default_players)]
        session = Session(game_id, seats, info.default_options(), seed, executor=inline)
        if session.current_player == 0:
            break
    a.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
    a.frame()
    table = a.scene
    for _ in range(600):
        if table.model.my_turn() and not table.busy():
            break
        a.frame()
    return table


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_a_hints_words_stay_as_long_as_its_marks(game_id, monkeypatch):
    """walkD16 #5, walkA16 #10: a hint's words went after 4 s while its marks stayed, so a
    long two-line hint (5 possessions, KTU's face-up choice) could not be read and only
    the marks were left. The table's rule, in every game: the words stay as long as the
    marks (still drawn, the table at rest, 15 s on), and go with them when the person
    makes a move."""
    a = new_app()
    a.settings.thinking_time, a.settings.cores = 0.05, 1
    try:
        table = person_to_play(a, game_id)
        model = table.model
        press(a, pygame.K_h)
        for _ in range(200):
            if model.ui.hint is not None:
                break
            a.frame()
        words = model.ui.message
        assert model.ui.hint is not None and words.startswith("Hint: "), words
        for _ in range(int(15 / FRAME)):
            a.frame()
        assert model.ui.hint is not None and model.ui.message == words, model.ui.message
        assert not table.busy(), "the table rests while the hint waits"
        drawn = drawn_words(monkeypatch)
        table.invalidate()
        a.frame()
        assert words.split()[-1] in " ".join(drawn), drawn
        table.act(Choose(model.ui.hint))
        a.frame()
        assert not model.ui.message.startswith("Hint: "), model.ui.message
    finally:
        pygame.quit()
