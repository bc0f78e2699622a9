"""The app's type: letters kept where the typeface puts them, at every size a title is
drawn (a pixel test on rendered words)."""
import pygame
import pytest

from game import registry
from sprites import text

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
