"""Card faces and backs for the three families, drawn once per size and cached.

The standard deck is Adrian Kennard's (CC0; sprites/art/standard/SOURCE.md), kept as
PNGs at twice the largest size the table draws and smoothed down to each size; the hex
deck (sprites/hex_faces.py) and Play Design's formation cards (sprites/formation_faces.py)
are drawn by code at twice their size and smoothed down, so edges stay crisp at any
scale. Later requests for the same card and size are dictionary look-ups. A size below
one pixel (a window shrunk to almost nothing) is drawn at one pixel.
"""
import pygame

from game import resources
from sprites import card_draw, formation_faces, hex_faces, palette, shapes
from sprites.card_draw import SS, blank, label, radius

_CACHE = {}
_MAX = 4000
_ART = {}
ART = ("sprites", "art", "standard")
# Below this height (pixels) Kennard's own corner index (about 9% of the card's height)
# comes out under 9 pixels: a larger index of the app's type is laid over it.
ART_INDEX_MIN_H = 100
JOKER = (150, 30, 60)


def _size(w, h):
    """A card size in whole pixels, never below 1 x 1."""
    return max(1, int(w)), max(1, int(h))


def _finish(surf, w, h):
    return pygame.transform.smoothscale(surf, (w, h)).convert_alpha() \
        if pygame.display.get_surface() else pygame.transform.smoothscale(surf, (w, h))


def art(name):
    """The standard card `name`'s picture (its PNG, loaded once)."""
    img = _ART.get(name)
    if img is None:
        loaded = pygame.image.load(resources.path(*ART, f"{name}.png"))
        img = _ART[name] = pygame.Surface(loaded.get_size(), 0, 32)    # opaque, whatever the file's format
        img.blit(loaded, (0, 0))
    return img


def _index_patch(w, h, words):
    """The white patch a corner index is drawn on, at a card of w x h pixels, as a Rect
    from the card's corner, with the suit's radius and the margin: `words` (the rank
    drawn by _index_words) at the top, its suit below (the joker, with no rank: a star)."""
    pad = max(2, w // 30)
    if words is None:
        r = int(w * 0.16)
        return pygame.Rect(0, 0, 2 * r + 3 * pad, 2 * r + 3 * pad), r, pad
    words_w, words_h = words.get_size()
    r = max(int(w * 0.08), int(words_h * 0.28))
    return pygame.Rect(0, 0, max(words_w, 2 * r) + 3 * pad, words_h + 2 * r + 3 * pad), r, pad


def index_width(rank, w, h):
    """How many pixels from its left edge a standard card of `rank` drawn w x h shows
    its rank and suit in: the app's index on a card under ART_INDEX_MIN_H tall (wider
    than a share of the card on a small one: its type never shrinks under the smallest
    text), the picture's own (a seventh of the width) above."""
    if h >= ART_INDEX_MIN_H:
        return w / 7
    key = ("index", rank, int(w), int(h))
    if key not in _CACHE:
        w, h = int(w) * SS, int(h) * SS
        _CACHE[key] = _index_patch(w, h, None if rank == "JK" else _index_words(rank, h, (0, 0, 0)))[0].w / SS
    return _CACHE[key]


def _index_words(rank, h, colour):
    """The rank of a corner index on a card `h` pixels tall, at the smallest text or larger."""
    return card_draw.render(rank, h * 0.17, colour)


def _index(surf, w, h, rank, suit, colour):
    """A corner index in the app's type over the picture's own, for a card too small for
    that one to be read (see _index_patch)."""
    words = _index_words(rank, h, colour) if rank else None
    patch, r, pad = _index_patch(w, h, words)
    pygame.draw.rect(surf, (255, 255, 255), patch, border_bottom_right_radius=radius(w))
    if words is None:
        shapes.star(surf, colour, r + 1.5 * pad, r + 1.5 * pad, r)
        return
    surf.blit(words, words.get_rect(midtop=(patch.centerx, pad)))
    shapes.suit(surf, suit, colour, patch.centerx, pad + words.get_height() + r, r)


def _art_face(card, w, h):
    """A standard card's picture at w x h, cut to the card's shape, with its edge."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.blit(pygame.transform.smoothscale(art(card.name), (w, h)), (0, 0))
    card_draw.mask(surf)
    pygame.draw.rect(surf, palette.PAPER_EDGE, (0, 0, w, h), max(1, w // 60), border_radius=radius(w))
    return surf


def _standard_face(card, w, h, cb):
    surf = _art_face(card, w, h)
    if card.rank == "JK":           # Kennard's joker has no index: the word, down its left edge
        if h >= ART_INDEX_MIN_H * SS:
            for i, letter in enumerate("JOKER"):
                label(surf, letter, int(h * 0.075), JOKER, (int(w * 0.09), int(h * (0.07 + i * 0.062))))
        else:
            _index(surf, w, h, "", None, JOKER)
    elif h < ART_INDEX_MIN_H * SS:
        _index(surf, w, h, card.rank, card.suit,
               palette.STANDARD_RED if card.suit in "HD" else palette.STANDARD_BLACK)
    return surf


def _back(family, back, w, h):
    if family == "formation":
        black = back == "black"
        fill = (30, 30, 34) if black else (246, 246, 240)
        line = (90, 90, 96) if black else (170, 200, 176)
        surf = blank(w, h, fill, (80, 80, 80) if black else palette.PAPER_EDGE)
        field = pygame.Rect(int(w * 0.1), int(h * 0.08), int(w * 0.8), int(h * 0.84))
        pygame.draw.rect(surf, (36, 110, 58), field, border_radius=radius(w) // 2)
        for i in range(1, 10):
            y = field.top + field.h * i // 10
            pygame.draw.line(surf, (220, 236, 220), (field.left, y), (field.right, y), max(1, w // 100))
        pygame.draw.rect(surf, line, field, max(1, w // 50), border_radius=radius(w) // 2)
        return surf
    if family == "hex":
        surf = blank(w, h, (26, 34, 84), (12, 16, 40))
        step = max(6, w // 6)
        for y in range(int(h * 0.08), int(h * 0.94), step):
            for x in range(int(w * 0.1) + (y // step % 2) * step // 2, int(w * 0.92), step):
                pygame.draw.circle(surf, (46, 58, 128), (x, y), step // 4)
        for i, (name, _) in enumerate(palette.HEX.items()):
            pygame.draw.circle(surf, palette.hex_colour(name), (w // 2, h // 2), int(w * (0.3 - i * 0.05)))
        pygame.draw.rect(surf, (240, 240, 240), (w // 14, w // 14, w - w // 7, h - w // 7), max(1, w // 40),
                         border_radius=radius(w))
        return surf
    surf = blank(w, h, (150, 26, 36), (90, 10, 18))
    inner = pygame.Rect(w // 12, w // 12, w - w // 6, h - w // 6)
    step = max(6, w // 7)
    for x in range(inner.left - inner.h, inner.right, step):
        pygame.draw.line(surf, (178, 50, 58), (x, inner.bottom), (x + inner.h, inner.top), max(1, w // 60))
        pygame.draw.line(surf, (178, 50, 58), (x, inner.top), (x + inner.h, inner.bottom), max(1, w // 60))
    pygame.draw.rect(surf, (150, 26, 36), (0, 0, w, inner.top))
    pygame.draw.rect(surf, (150, 26, 36), (0, inner.bottom, w, h - inner.bottom))
    pygame.draw.rect(surf, (150, 26, 36), (0, 0, inner.left, h))
    pygame.draw.rect(surf, (150, 26, 36), (inner.right, 0, w - inner.right, h))
    pygame.draw.rect(surf, (245, 236, 220), inner, max(1, w // 40), border_radius=radius(w) // 2)
    mask = blank(w, h, (255, 255, 255), (255, 255, 255))
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(surf, (90, 10, 18), (0, 0, w, h), max(1, w // 60), border_radius=radius(w))
    return surf


_FACES = {"standard": _standard_face, "hex": hex_faces.face}


def _cached(key, build, w, h, supersample=True):
    """The surface cached under `key`, made by `build(W, H)` at SS times w x h and smoothed
    down (without `supersample`: at w x h itself)."""
    surf = _CACHE.get(key)
    if surf is None:
        if len(_CACHE) > _MAX:
            _CACHE.clear()
        made = _finish(build(w * SS, h * SS), w, h) if supersample else build(w, h)
        surf = _CACHE[key] = made.convert_alpha() if pygame.display.get_surface() and not supersample else made
    return surf


def face(card, w, h, colourblind=False, numbered=True):
    """The face of `card` at w x h pixels (cached). A standard card large enough for its
    picture's own index, with nothing drawn over it, is scaled from its picture at once.
    `numbered`: the game counts the card's number (5 possessions' formation cards do not:
    their smallest face then leaves it out)."""
    w, h = _size(w, h)
    key = ("face", card.family, card.name, card.back, w, h, colourblind, numbered)
    if card.family == "standard" and card.rank != "JK" and h >= ART_INDEX_MIN_H:
        return _cached(key, lambda W, H: _art_face(card, w, h), w, h, supersample=False)
    if card.family == "formation":
        return _cached(key, lambda W, H: formation_faces.face(card, W, H, colourblind, numbered), w, h)
    return _cached(key, lambda W, H: _FACES[card.family](card, W, H, colourblind), w, h)


def back(family, back_colour, w, h):
    """The back of a card of `family` (and Play Design back colour) at w x h pixels."""
    w, h = _size(w, h)
    return _cached(("back", family, back_colour, w, h), lambda W, H: _back(family, back_colour, W, H), w, h)


def image(card, w, h, colourblind=False, family="standard", back_colour=None, numbered=True):
    """A card's face, or a back (of `family`) when `card` is None (hidden)."""
    if card is None:
        return back(family, back_colour, w, h)
    return face(card, w, h, colourblind, numbered)


def shadow(w, h):
    """A soft shadow for a card of w x h pixels, a little larger than the card."""
    w, h = _size(w, h)
    key = ("shadow", w, h)
    surf = _CACHE.get(key)
    if surf is None:
        pad = max(3, w // 8)
        surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
        pygame.draw.rect(surf, (0, 0, 0, 120), (pad, pad, w, h), border_radius=radius(w))
        surf = pygame.transform.gaussian_blur(surf, max(1, pad * 2 // 3))
        _CACHE[key] = surf
    return surf


def shadowed(card, w, h, colourblind=False, family="standard", back_colour=None, numbered=True):
    """The card (or its back) over its soft shadow, as one cached surface; returns
    (surface, offset) where offset is where the card's top-left lies inside it."""
    w, h = _size(w, h)
    shown = image(card, w, h, colourblind, family, back_colour, numbered)
    key = ("shadowed", id(shown))
    entry = _CACHE.get(key)
    if entry is None or entry[2] is not shown:
        sh = shadow(w, h)
        pad = (sh.get_width() - w) // 2
        surf = pygame.Surface(sh.get_size(), pygame.SRCALPHA)
        surf.blit(sh, (pad // 4, pad * 2 // 3))     # light from above the table: the shadow falls a little down
        surf.blit(shown, (pad, pad))
        entry = _CACHE[key] = (surf, pad, shown)
    return entry[0], entry[1]


def tint(w, h, colour, alpha):
    """A rounded card-shaped wash of `colour` (for dimming or highlighting)."""
    w, h = _size(w, h)
    key = ("tint", w, h, colour, alpha)
    surf = _CACHE.get(key)
    if surf is None:
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (*colour, alpha), (0, 0, w, h), border_radius=radius(w))
        _CACHE[key] = surf
    return surf


def outline(w, h, colour, width):
    """A rounded outline drawn just outside a card of w x h."""
    w, h = _size(w, h)
    key = ("outline", w, h, colour, width)
    surf = _CACHE.get(key)
    if surf is None:
        surf = pygame.Surface((w + 2 * width, h + 2 * width), pygame.SRCALPHA)
        pygame.draw.rect(surf, colour, surf.get_rect(), width, border_radius=radius(w) + width)
        _CACHE[key] = surf
    return surf


def clear():
    """Forget every cached card surface (after a change of scale or mode)."""
    _CACHE.clear()
