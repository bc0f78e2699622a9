"""A player's avatar, made from the name (nothing downloaded): the initials on a disc
whose colour the name picks, shaded like a token on the felt; the player to move has
it ringed in gold."""
import colorsys
import hashlib

import pygame

from sprites import palette, text

_CACHE = {}


def initials(name):
    """One or two capitals for `name`: the first letters of its first two words
    ('Maya' M, 'Player 2' P2, 'Ada Lovelace' AL; 'Maya (you)' M, 'You' Y)."""
    words = name.removesuffix(" (you)").split()
    return "".join(w[0] for w in words[:2]).upper() or "?"


def colour(name):
    """The disc's colour for `name`: a hue its hash picks (never the gold that marks the
    player to move), deep enough for white letters; 'Maya (you)' is Maya's, so a seat
    keeps its colour whoever looks (at one computer the viewer changes each turn)."""
    digest = hashlib.sha1(name.removesuffix(" (you)").encode("utf-8")).hexdigest()
    hue = (0.2 + 0.88 * int(digest[:4], 16) / 0xFFFF) % 1.0        # never gold
    r, g, b = colorsys.hls_to_rgb(hue, 0.38, 0.55)
    return int(r * 255), int(g * 255), int(b * 255)


def image(name, diameter, lit=False):
    """The avatar of `name` as a disc `diameter` pixels wide (cached); `lit`: ringed in
    gold, the player to move."""
    d = max(8, int(diameter))
    key = (name, d, lit)
    surf = _CACHE.get(key)
    if surf is None:
        if len(_CACHE) > 200:
            _CACHE.clear()
        surf = _CACHE[key] = _draw(name, d, lit)
    return surf


def _draw(name, d, lit):
    k = 4                                   # drawn four times larger, scaled down: smooth edges
    big = pygame.Surface((d * k, d * k), pygame.SRCALPHA)
    c = d * k // 2
    base = colour(name)
    ring = palette.GOLD if lit else tuple(min(255, v + 60) for v in base)
    pygame.draw.circle(big, ring, (c, c), c)
    inner = c - max(k * 2, d * k // (8 if lit else 14))
    pygame.draw.circle(big, base, (c, c), inner)
    for step in range(6):                   # light from the top left, as on the felt
        shade = tuple(min(255, v + 8 * (step + 1)) for v in base)
        r = inner * (6 - step) // 8
        pygame.draw.circle(big, shade, (c - inner // 5 - step * k, c - inner // 5 - step * k), r)
    letters = initials(name)
    px = int(d * (0.62 if len(letters) == 1 else 0.48)) * k
    img = text.font(px).render(letters, True, (255, 255, 255))
    big.blit(img, img.get_rect(center=(c, c + k)))
    return pygame.transform.smoothscale(big, (d, d))


def clear():
    """Forget the cached avatars (after a change of scale)."""
    _CACHE.clear()
