"""The app's type: letters kept where the typeface puts them, at every size a title is
drawn (a pixel test on rendered words); what a player reads in play never under the
floors, at the default window and the smallest (the text drawn by real scenes)."""
import os
import random

import pygame
import pytest

from game import registry
from scenes import app as app_module
from scenes.table import lesson as lessons
from scenes.table.scene import TableScene
from scenes.table.session import Seat, Session, inline
from sprites import text
from tests.test_ui_play import FRAME, choose, perform, settle
from tests.test_ui_saves import start_game

TITLE_SIZES = range(13, 49)       # from the smallest text to the largest title a window draws


def ink_width(surface):
    """Pixels from the first column with ink to the last."""
    rects = pygame.mask.from_surface(surface, 100).get_bounding_rects()
    return rects[0].unionall(rects).width


@pytest.fixture
def fonts():
    pygame.font.init()
    text.reset()
    yield
    text.reset()


@pytest.mark.parametrize("title", [info.title for info in registry.GAMES.values()] + ["4 downs", "5 possessions"])
def test_a_title_keeps_its_letters_together(fonts, title):
    """Drawn at any size, a title is as wide as the typeface makes it (measured on a
    rendering 16 times larger): the font's hinting no longer rounds every letter to
    whole pixels, which pulled letters apart or together by up to 12 pixels across a
    word ("Final Coun t", "4 dow ns"); now by at most a pixel in six letters."""
    slack = max(3, len(title) / 6)
    for px in TITLE_SIZES:
        ideal = ink_width(pygame.font.Font(None, px * 16).render(title, True, (255, 255, 255))) / 16
        drawn = ink_width(text.render(title, px, (255, 255, 255)))
        assert abs(drawn - ideal) <= slack, f"{title!r} at {px} px is {drawn} px wide, the typeface's {ideal:.1f}"


# ---- the floors: what a player reads during play, at the default window and the smallest ----------
DEFAULT_WINDOW, SMALL_WINDOW = (1280, 800), (960, 600)
READ_PX, READ_CAPITALS = 16, 10          # at the default window: at least 16 px, capitals 10 px tall
SMALL_PX = 13                            # at 960 x 600: never under 13 px
PLAYED = ("SetupScene", "TableScene", "ScoringScene")   # where a player reads during play


def capitals(px):
    """How tall, in pixels, the app's capitals are drawn at `px`."""
    rects = pygame.mask.from_surface(text.render("HEXB", px, (255, 255, 255)), 127).get_bounding_rects()
    return rects[0].unionall(rects).height


def drawn_in_play(monkeypatch, size):
    """Every line of text Setup, the table and the scores draw at window `size`, as
    {(scene, words): pixel size}: each mode set up, three of its person's moves (a card
    under the pointer), a lesson's coach, and a finished game's scores."""
    a = app_module.App(size=size, frame_seconds=FRAME, executor=inline)
    a.settings.animation_speed = "instant"
    a.settings.sound = False
    a.sounds.enabled = False
    a.frame()
    seen = {}
    real = text.render

    def spy(words, px, colour):
        scene = type(a.scene).__name__
        if scene in PLAYED and words.strip():
            seen[scene, words] = min(int(px), seen.get((scene, words), 999))
        return real(words, px, colour)
    with monkeypatch.context() as patch:
        patch.setattr(text, "render", spy)
        play(a)
    pygame.quit()
    return seen


def play(a):
    """Each mode set up and three of its person's moves made (a card of the hand under
    the pointer), a finished game's scores, a lesson's first steps."""
    for game_id in registry.SHIPPED:
        info = registry.GAMES[game_id]
        session = start_game(a, game_id, min(3, info.max_players), {0}, 17)
        rng = random.Random(3)
        for _ in range(3):
            settle(a)
            table = a.scene
            if not isinstance(table, TableScene) or not table.model.my_turn():
                break
            hand = table.board.hand_cards()
            if hand:
                point = a.screen.pixel(hand[0].rect.center)
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0)))
                a.frame()
            perform(a, choose(session.state.legal_actions(), rng))
        a.scene.go("menu")
        a.frame()
        if os.path.exists(a.folders.autosave):      # no game in progress for the next Setup to ask about
            os.remove(a.folders.autosave)
        state = registry.new_game(game_id, players=info.min_players, seed=5)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        seats = [Seat(f"Player {i + 1}", i == 0) for i in range(info.min_players)]
        a.scene.go("scoring", session=Session(game_id, seats, {}, 5, state=state), interim=False)
        a.frame()
        a.scene.go("menu")
        a.frame()
    lessons.start(a.scene, "five_possessions")
    a.switch(a.scene.next)
    for _ in range(60):
        a.frame()


def test_what_a_player_reads_in_play_is_never_under_the_floors(monkeypatch):
    """At the default window (1280 x 800) every line Setup, the table (prompt, side panel,
    log, plates, captions, lane results, messages, buttons) and the scores draw is at
    least 16 px with capitals at least 10 px tall; at 960 x 600 never under 13 px."""
    big = drawn_in_play(monkeypatch, DEFAULT_WINDOW)
    pygame.font.init()
    small_caps = sorted({px for px in big.values() if capitals(px) < READ_CAPITALS})
    under = sorted({(scene, words, px) for (scene, words), px in big.items()
                    if px < READ_PX or px in small_caps})
    assert not under, f"{len(under)} lines under {READ_PX} px (capitals {READ_CAPITALS}) at 1280 x 800: {under[:40]}"
    small = drawn_in_play(monkeypatch, SMALL_WINDOW)
    under = sorted({(scene, words, px) for (scene, words), px in small.items() if px < SMALL_PX})
    assert not under, f"{len(under)} lines under {SMALL_PX} px at 960 x 600: {under[:12]}"
    assert {scene for scene, _ in big} == set(PLAYED) and len(big) > 200
