"""Card faces and backs for the three families, drawn by code and cached by size.

Every surface is drawn once at twice its size and smoothed down, so edges stay crisp
at any scale; later requests for the same card and size are dictionary look-ups. A size
below one pixel (a window shrunk to almost nothing) is drawn at one pixel.
"""
import pygame

from sprites import palette, shapes, text

SS = 2                  # supersampling factor for first-time drawing
_CACHE = {}
_MAX = 4000


def _size(w, h):
    """A card size in whole pixels, never below 1 x 1."""
    return max(1, int(w)), max(1, int(h))


def _radius(w):
    return max(3, int(w * 0.08))


def _blank(w, h, fill, edge):
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = _radius(w)
    pygame.draw.rect(surf, fill, (0, 0, w, h), border_radius=r)
    pygame.draw.rect(surf, edge, (0, 0, w, h), max(1, w // 60), border_radius=r)
    return surf


def _finish(surf, w, h):
    return pygame.transform.smoothscale(surf, (w, h)).convert_alpha() \
        if pygame.display.get_surface() else pygame.transform.smoothscale(surf, (w, h))


def small(px):
    """Would text of `px` (pixels of a card drawn SS times its size) come out under the
    smallest text drawn (text.MIN_PX)?"""
    return px < text.MIN_PX * SS


def _label(surf, words, px, colour, center, room=None):
    """`words` centred at `center`, at `px` but never under the smallest text; left out
    when, that large, they are wider than `room` pixels (the surface by default).
    Returns whether they were drawn."""
    f = text.font(max(px, text.MIN_PX * SS))
    if f.size(words)[0] > (surf.get_width() if room is None else room):
        return False
    img = f.render(words, True, colour)
    surf.blit(img, img.get_rect(center=center))
    return True


def _corner(w, h, rank, suit, colour, bg):
    """The rank-and-suit index of a corner, as its own surface."""
    cw, ch = int(w * 0.22), int(h * 0.30)
    corner = pygame.Surface((cw, ch), pygame.SRCALPHA)
    px = int(h * 0.17) if len(rank) < 2 else int(h * 0.145)
    _label(corner, rank, px, colour, (cw // 2, int(ch * 0.28)))
    if suit:
        shapes.suit(corner, suit, colour, cw // 2, int(ch * 0.74), int(w * 0.075))
    return corner


def _corners(surf, w, h, rank, suit, colour, bg=None):
    corner = _corner(w, h, rank, suit, colour, bg)
    surf.blit(corner, (int(w * 0.03), int(h * 0.03)))
    flipped = pygame.transform.rotate(corner, 180)
    surf.blit(flipped, flipped.get_rect(bottomright=(w - int(w * 0.03), h - int(h * 0.03))))


def _compact(surf, w, h, rank, suit, colour):
    """A card too small for its corners' text: its rank at the smallest text in the top
    left, its suit large below (no pips)."""
    f = text.font(text.MIN_PX * SS)
    img = f.render(rank, True, colour)
    surf.blit(img, (int(w * 0.08), int(h * 0.04)))
    if suit:
        shapes.suit(surf, suit, colour, w // 2, int(h * 0.66), int(w * 0.22))


def _standard_face(card, w, h, cb):
    surf = _blank(w, h, palette.PAPER, palette.PAPER_EDGE)
    if card.rank == "JK":
        colour = (110, 40, 150)
        if not small(int(h * 0.11)):
            for i, letter in enumerate("JOKER"):
                _label(surf, letter, int(h * 0.11), colour, (int(w * 0.13), int(h * (0.11 + i * 0.085))))
        shapes.star(surf, colour, w // 2 + w // 10, h // 2 + h // 10, int(w * 0.3))
        shapes.star(surf, palette.GOLD, w // 2 + w // 10, h // 2 + h // 10, int(w * 0.16))
        return surf
    colour = palette.STANDARD_RED if card.suit in "HD" else palette.STANDARD_BLACK
    rank_px = max(int(h * (0.17 if len(card.rank) < 2 else 0.145)), text.MIN_PX * SS)
    if text.font(rank_px).size(card.rank)[0] > w * 0.22 or rank_px > h * 0.18:     # no room for corners
        _compact(surf, w, h, card.rank, card.suit, colour)
        return surf
    _corners(surf, w, h, card.rank, card.suit, colour)
    cx, cy = w // 2, h // 2
    if card.rank in ("J", "Q", "K"):
        inner = pygame.Rect(int(w * 0.24), int(h * 0.17), int(w * 0.52), int(h * 0.66))
        pygame.draw.rect(surf, (248, 236, 206), inner, border_radius=_radius(w) // 2)
        pygame.draw.rect(surf, colour, inner, max(1, w // 70), border_radius=_radius(w) // 2)
        _label(surf, card.rank, int(h * 0.34), colour, (cx, cy - h * 0.06))
        shapes.suit(surf, card.suit, colour, cx, int(cy + h * 0.17), int(w * 0.1))
    elif card.rank == "A":
        shapes.suit(surf, card.suit, colour, cx, cy, int(w * 0.26))
    else:
        _pips(surf, card, colour, w, h)
    return surf


# Pip positions on a 3 x 7 grid (column 0-2, row 0-6) for the number cards.
_PIPS = {
    2: [(1, 0), (1, 6)], 3: [(1, 0), (1, 3), (1, 6)],
    4: [(0, 0), (2, 0), (0, 6), (2, 6)], 5: [(0, 0), (2, 0), (1, 3), (0, 6), (2, 6)],
    6: [(0, 0), (2, 0), (0, 3), (2, 3), (0, 6), (2, 6)],
    7: [(0, 0), (2, 0), (1, 1.5), (0, 3), (2, 3), (0, 6), (2, 6)],
    8: [(0, 0), (2, 0), (1, 1.5), (0, 3), (2, 3), (1, 4.5), (0, 6), (2, 6)],
    9: [(0, 0), (2, 0), (0, 2), (2, 2), (1, 3), (0, 4), (2, 4), (0, 6), (2, 6)],
    10: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2), (0, 4), (2, 4), (1, 5), (0, 6), (2, 6)],
}


def _pips(surf, card, colour, w, h):
    left, right = w * 0.32, w * 0.68
    top, bottom = h * 0.2, h * 0.8
    r = int(w * 0.085)
    for col, row in _PIPS[int(card.rank)]:
        x = left + (right - left) * col / 2
        y = top + (bottom - top) * row / 6
        shapes.suit(surf, card.suit, colour, int(x), int(y), r)


def _hex_face(card, w, h, cb):
    colour, letter, pattern = palette.HEX[card.color]
    surf = _blank(w, h, palette.PAPER, palette.PAPER_EDGE)
    band = int(w * 0.08)
    frame = pygame.Rect(band, band, w - 2 * band, h - 2 * band)
    pygame.draw.rect(surf, colour, frame, border_radius=_radius(w))
    inner = frame.inflate(-2 * band, -2 * band)
    if cb:
        shapes.pattern(surf, pattern, frame, palette.PAPER)
        pygame.draw.rect(surf, colour, inner.inflate(band, band), border_radius=_radius(w))
    pygame.draw.rect(surf, palette.PAPER, inner, border_radius=_radius(w) // 2)
    cx, cy = w // 2, h // 2
    value_colour = colour if card.color != "yellow" else (176, 132, 0)
    _label(surf, card.rank, int(h * 0.42), value_colour, (cx, cy - int(h * 0.02)))
    r = int(w * 0.075)
    shapes.suit(surf, card.suit, value_colour, inner.left + r + w // 40, inner.top + r + w // 40, r)
    shapes.suit(surf, card.suit, value_colour, inner.right - r - w // 40, inner.bottom - r - w // 40, r)
    if not small(int(h * 0.12)):
        _label(surf, card.rank, int(h * 0.12), value_colour, (inner.right - r - w // 40, inner.top + r + w // 40))
        _label(surf, card.rank, int(h * 0.12), value_colour, (inner.left + r + w // 40, inner.bottom - r - w // 40))
    if cb:
        if not small(int(h * 0.085)):
            _label(surf, card.color.upper(), int(h * 0.085), palette.INK, (cx, inner.bottom - int(h * 0.17)))
        _label(surf, letter, int(h * 0.1), palette.INK, (cx, inner.top + int(h * 0.08)), inner.w)
    return surf


def _formation_face(card, w, h, cb):
    black = card.back == "black"
    bg = (34, 34, 40) if black else palette.PAPER
    ink = (236, 236, 230) if black else palette.INK
    surf = _blank(w, h, bg, (90, 90, 96) if black else palette.PAPER_EDGE)
    colour, letter = palette.FORMATION[card.color]
    band = pygame.Rect(int(w * 0.06), int(h * 0.05), w - int(w * 0.12), int(h * 0.2))
    pygame.draw.rect(surf, colour, band, border_radius=_radius(w) // 2)
    side = "OFFENSE" if card.side == "offense" else "DEFENSE"
    white = (255, 255, 255)
    # The number at the left of the band, inside the index strip an overlapping card shows.
    _label(surf, card.rank, int(h * 0.2), white, (band.left + int(w * 0.1), band.centery + 1))
    right = (band.centerx + int(w * 0.09), band.centery)
    if small(int(h * 0.068)):           # too small for its words: the side, shortly, and the colour's letter
        short = side[:3]
        for words in ([f"{short}  {letter}", letter] if cb else [short]):
            if _label(surf, words, int(h * 0.12), white, right, int(w * 0.56)):
                break
        return _formation_field(surf, card, w, h, cb, black)
    _label(surf, side, int(h * 0.075), white, (right[0], band.top + int(band.h * 0.3)))
    words = card.color.upper() + ("  " + letter if cb else "")
    _label(surf, words, int(h * 0.065), white, (right[0], band.top + int(band.h * 0.72)))
    y = band.bottom + int(h * 0.055)
    lines = text.wrap(card.formation, max(int(h * 0.075), text.MIN_PX * SS), int(w * 0.86))
    if len(lines) <= 2 and len(" ".join(lines)) == len(card.formation):    # no word broken
        for line in lines:
            _label(surf, line, int(h * 0.075), ink, (w // 2, y))
            y += int(h * 0.068)
    _label(surf, card.kind, int(h * 0.06), (150, 150, 150) if black else (110, 110, 110),
           (w // 2, y + int(h * 0.01)), int(w * 0.9))
    return _formation_field(surf, card, w, h, cb, black)


def _formation_field(surf, card, w, h, cb, black):
    """The lower half of a Play Design card: its players' dots on a field."""
    field = pygame.Rect(int(w * 0.06), int(h * 0.55), w - int(w * 0.12), int(h * 0.4))
    pygame.draw.rect(surf, (40, 110, 60) if not black else (28, 80, 44), field, border_radius=_radius(w) // 2)
    pygame.draw.line(surf, (230, 230, 230), (field.left, field.top + field.h // 3),
                     (field.right, field.top + field.h // 3), max(1, w // 80))
    dots = [c for c, n in card.dots for _ in range(n)]
    rows = [dots[:5], dots[5:8], dots[8:]]
    r = int(w * 0.055)
    for i, row in enumerate(rows):
        cy = field.top + field.h // 3 + int(field.h * (0.16 + i * 0.26)) - (field.h // 3 if i == 0 else 0) + (int(field.h * 0.1) if i == 0 else 0)
        for j, dot in enumerate(row):
            cx = field.centerx + int((j - (len(row) - 1) / 2) * r * 2.6)
            pygame.draw.circle(surf, palette.FORMATION[dot][0], (cx, cy), r)
            pygame.draw.circle(surf, (20, 20, 20), (cx, cy), r, max(1, w // 90))
            if cb and not small(int(r * 1.9)):
                _label(surf, palette.FORMATION[dot][1], int(r * 1.9), (20, 20, 20), (cx, cy + 1))
    return surf


def _back(family, back, w, h):
    if family == "formation":
        black = back == "black"
        fill = (30, 30, 34) if black else (246, 246, 240)
        line = (90, 90, 96) if black else (170, 200, 176)
        surf = _blank(w, h, fill, (80, 80, 80) if black else palette.PAPER_EDGE)
        field = pygame.Rect(int(w * 0.1), int(h * 0.08), int(w * 0.8), int(h * 0.84))
        pygame.draw.rect(surf, (36, 110, 58), field, border_radius=_radius(w) // 2)
        for i in range(1, 10):
            y = field.top + field.h * i // 10
            pygame.draw.line(surf, (220, 236, 220), (field.left, y), (field.right, y), max(1, w // 100))
        if not small(int(h * 0.07)):
            _label(surf, "PLAY DESIGN", int(h * 0.07), (255, 255, 255), field.center, field.w)
        pygame.draw.rect(surf, line, field, max(1, w // 50), border_radius=_radius(w) // 2)
        return surf
    if family == "hex":
        surf = _blank(w, h, (26, 34, 84), (12, 16, 40))
        step = max(6, w // 6)
        for y in range(int(h * 0.08), int(h * 0.94), step):
            for x in range(int(w * 0.1) + (y // step % 2) * step // 2, int(w * 0.92), step):
                pygame.draw.circle(surf, (46, 58, 128), (x, y), step // 4)
        for i, (name, _) in enumerate(palette.HEX.items()):
            pygame.draw.circle(surf, palette.hex_colour(name), (w // 2, h // 2), int(w * (0.3 - i * 0.05)))
        if not small(int(h * 0.16)):
            _label(surf, "F", int(h * 0.16), (255, 255, 255), (w // 2, h // 2))
        pygame.draw.rect(surf, (240, 240, 240), (w // 14, w // 14, w - w // 7, h - w // 7), max(1, w // 40),
                         border_radius=_radius(w))
        return surf
    surf = _blank(w, h, (150, 26, 36), (90, 10, 18))
    inner = pygame.Rect(w // 12, w // 12, w - w // 6, h - w // 6)
    step = max(6, w // 7)
    for x in range(inner.left - inner.h, inner.right, step):
        pygame.draw.line(surf, (178, 50, 58), (x, inner.bottom), (x + inner.h, inner.top), max(1, w // 60))
        pygame.draw.line(surf, (178, 50, 58), (x, inner.top), (x + inner.h, inner.bottom), max(1, w // 60))
    pygame.draw.rect(surf, (150, 26, 36), (0, 0, w, inner.top))
    pygame.draw.rect(surf, (150, 26, 36), (0, inner.bottom, w, h - inner.bottom))
    pygame.draw.rect(surf, (150, 26, 36), (0, 0, inner.left, h))
    pygame.draw.rect(surf, (150, 26, 36), (inner.right, 0, w - inner.right, h))
    pygame.draw.rect(surf, (245, 236, 220), inner, max(1, w // 40), border_radius=_radius(w) // 2)
    mask = _blank(w, h, (255, 255, 255), (255, 255, 255))
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(surf, (90, 10, 18), (0, 0, w, h), max(1, w // 60), border_radius=_radius(w))
    return surf


_FACES = {"standard": _standard_face, "hex": _hex_face, "formation": _formation_face}


def _cached(key, build, w, h):
    surf = _CACHE.get(key)
    if surf is None:
        if len(_CACHE) > _MAX:
            _CACHE.clear()
        surf = _CACHE[key] = _finish(build(w * SS, h * SS), w, h)
    return surf


def face(card, w, h, colourblind=False):
    """The face of `card` at w x h pixels (cached)."""
    w, h = _size(w, h)
    key = ("face", card.family, card.name, card.back, w, h, colourblind)
    return _cached(key, lambda W, H: _FACES[card.family](card, W, H, colourblind), w, h)


def back(family, back_colour, w, h):
    """The back of a card of `family` (and Play Design back colour) at w x h pixels."""
    w, h = _size(w, h)
    return _cached(("back", family, back_colour, w, h), lambda W, H: _back(family, back_colour, W, H), w, h)


def image(card, w, h, colourblind=False, family="standard", back_colour=None):
    """A card's face, or a back (of `family`) when `card` is None (hidden)."""
    if card is None:
        return back(family, back_colour, w, h)
    return face(card, w, h, colourblind)


def shadow(w, h):
    """A soft shadow for a card of w x h pixels, a little larger than the card."""
    w, h = _size(w, h)
    key = ("shadow", w, h)
    surf = _CACHE.get(key)
    if surf is None:
        pad = max(2, w // 10)
        surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
        pygame.draw.rect(surf, (0, 0, 0, 90), (pad, pad, w, h), border_radius=_radius(w))
        surf = pygame.transform.gaussian_blur(surf, max(1, pad // 2))
        _CACHE[key] = surf
    return surf


def shadowed(card, w, h, colourblind=False, family="standard", back_colour=None):
    """The card (or its back) over its soft shadow, as one cached surface; returns
    (surface, offset) where offset is where the card's top-left lies inside it."""
    w, h = _size(w, h)
    shown = image(card, w, h, colourblind, family, back_colour)
    key = ("shadowed", id(shown))
    entry = _CACHE.get(key)
    if entry is None or entry[2] is not shown:
        sh = shadow(w, h)
        pad = (sh.get_width() - w) // 2
        surf = pygame.Surface(sh.get_size(), pygame.SRCALPHA)
        surf.blit(sh, (pad // 3, pad // 2))
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
        pygame.draw.rect(surf, (*colour, alpha), (0, 0, w, h), border_radius=_radius(w))
        _CACHE[key] = surf
    return surf


def outline(w, h, colour, width):
    """A rounded outline drawn just outside a card of w x h."""
    w, h = _size(w, h)
    key = ("outline", w, h, colour, width)
    surf = _CACHE.get(key)
    if surf is None:
        surf = pygame.Surface((w + 2 * width, h + 2 * width), pygame.SRCALPHA)
        pygame.draw.rect(surf, colour, surf.get_rect(), width, border_radius=_radius(w) + width)
        _CACHE[key] = surf
    return surf


def clear():
    """Forget every cached card surface (after a change of scale or mode)."""
    _CACHE.clear()
