"""What every card face is drawn with: the blank card, labels that never go under the
smallest text, and the test of whether a mark is too small for words.

Faces are drawn at SS times their size and smoothed down (sprites/cards.py), so every
length here is in those larger pixels.
"""
import pygame

from sprites import text

SS = 2                  # supersampling factor for first-time drawing


def radius(w):
    """The corner radius of a card `w` pixels wide."""
    return max(3, int(w * 0.08))


def blank(w, h, fill, edge):
    """A rounded card of `fill` with an `edge` line."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = radius(w)
    pygame.draw.rect(surf, fill, (0, 0, w, h), border_radius=r)
    pygame.draw.rect(surf, edge, (0, 0, w, h), max(1, w // 60), border_radius=r)
    return surf


def small(px):
    """Would text of `px` (pixels of a card drawn SS times its size) come out under the
    smallest text drawn (text.MIN_PX)?"""
    return px < text.MIN_PX * SS


def label(surf, words, px, colour, center, room=None):
    """`words` centred at `center`, at `px` but never under the smallest text; left out
    when, that large, they are wider than `room` pixels (the surface by default).
    Returns whether they were drawn."""
    if width(words, px) > (surf.get_width() if room is None else room):
        return False
    img = render(words, px, colour)
    surf.blit(img, img.get_rect(center=center))
    return True


def render(words, px, colour):
    """`words` at `px` (never under the smallest text), on a transparent surface."""
    return text.font(max(int(px), text.MIN_PX * SS)).render(words, True, colour)


def width(words, px):
    """The width of `words` at `px` (never under the smallest text)."""
    return text.font(max(int(px), text.MIN_PX * SS)).size(words)[0]


def fitted(words, px, room):
    """The largest size up to `px` (never under the smallest text) at which `words` fit
    `room` pixels, or None when even the smallest is too wide."""
    px = max(int(px), text.MIN_PX * SS)
    while px >= text.MIN_PX * SS:
        if width(words, px) <= room:
            return px
        px = int(px * 0.9)
    return None


def mask(surf):
    """Cut `surf` to the rounded card shape (its corners transparent)."""
    w, h = surf.get_size()
    cut = blank(w, h, (255, 255, 255), (255, 255, 255))
    surf.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return surf
