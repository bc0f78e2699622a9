"""Final Card-Down's 800-card deck, designed as a deck: a frame in the card's colour, a
corner index (value over suit) at both ends, and a hexagonal medallion whose middle is the
value's own face: the digit for a number card, an icon saying what a special card does (0
plays on anything: the five colours round the null sign; 2 makes the next player draw
two: two cards and +2; A skips: the no-entry ring; D declares a colour: a pointer among
the five colours), with the value in four bits under it.

Colour-blind mode marks every card at every size: the colour's letter in the corner
opposite the index, and at larger sizes the colour's pattern along the frame and its
name under the medallion (palette.HEX).
"""
import math

import pygame

from sprites import palette, shapes
from sprites.card_draw import SS, blank, label, radius, render, small

WHITE = (255, 255, 255)
# Below this height (in the pixels a face is drawn at, SS times its size) a card shows
# its compact design: a larger index, the medallion lower and without its bits.
FULL_H = 100 * SS
SPECIAL = {"0", "2", "A", "D"}
ORDER = ("red", "yellow", "green", "blue", "purple")       # the five colours round a wheel


def ink(color):
    """The colour the index is printed in on paper (yellow darkened to be read)."""
    return (150, 112, 0) if color == "yellow" else palette.hex_colour(color)


def glyph(color):
    """The colour of marks on the medallion (dark on yellow, white on the others)."""
    return (54, 40, 0) if color == "yellow" else WHITE


def hexagon(cx, cy, r):
    """The corners of a pointy-topped hexagon of radius r."""
    return [(cx + r * math.cos(math.radians(-90 + 60 * k)), cy + r * math.sin(math.radians(-90 + 60 * k)))
            for k in range(6)]


def _frame(surf, w, h, color, pattern, band, cb):
    """The frame in the card's colour (with its colour-blind pattern along it), the paper
    panel inside."""
    colour = palette.hex_colour(color)
    frame = pygame.Rect(band // 2, band // 2, w - band, h - band)
    pygame.draw.rect(surf, colour, frame, border_radius=radius(w))
    if cb and pattern != "solid":
        for side in (pygame.Rect(frame.left, frame.top, frame.w, band), pygame.Rect(frame.left, frame.bottom - band, frame.w, band),
                     pygame.Rect(frame.left, frame.top, band, frame.h), pygame.Rect(frame.right - band, frame.top, band, frame.h)):
            shapes.pattern(surf, pattern, side, palette.PAPER)
    inner = frame.inflate(-band, -band)
    pygame.draw.rect(surf, palette.PAPER, inner, border_radius=radius(w) // 2)
    return inner


def _index(surf, inner, card, px, r, colour):
    """Value over suit at the top left of `inner`; returns the index's rect and the
    value's centre."""
    img = render(card.rank, px, colour)
    x = inner.left + max(img.get_width() // 2, r) + inner.w // 24
    top = inner.top + inner.h // 60
    value = img.get_rect(midtop=(x, top))
    surf.blit(img, value)
    y = top + img.get_height() + r * 0.9
    shapes.suit(surf, card.suit, colour, x, y, r)
    return pygame.Rect(inner.left, inner.top, 2 * (x - inner.left), int(y + r - inner.top)), value.center


def _medallion(surf, card, cx, cy, r, bits):
    """The hexagon in the card's colour with the value's own face; the value's four bits
    under it when `bits`."""
    colour = palette.hex_colour(card.color)
    mark = glyph(card.color)
    pygame.draw.polygon(surf, colour, hexagon(cx, cy, r))
    pygame.draw.polygon(surf, mark, hexagon(cx, cy, r * 0.9), max(1, int(r * 0.04)))
    _ICONS.get(card.rank, _digit)(surf, card, cx, cy, r * 0.78, mark)
    if bits:
        size = max(2, int(r * 0.17))
        for i, bit in enumerate(format(card.value, "04b")):
            x = cx + (i - 1.5) * size * 1.7
            box = pygame.Rect(0, 0, size, size)
            box.center = (int(x), int(cy + r * 1.22))
            pygame.draw.rect(surf, colour, box, 0 if bit == "1" else max(1, size // 4), border_radius=size // 4)


def _digit(surf, card, cx, cy, r, mark):
    label(surf, card.rank, int(r * 1.5), mark, (cx, cy + r * 0.05))


def _null(surf, card, cx, cy, r, mark):
    """0 plays on anything: the five colours round a ring, the null digit inside."""
    for i, name in enumerate(ORDER):
        start = math.radians(-90 + i * 72)
        points = [(cx, cy)] + [(cx + r * math.cos(start + math.radians(72) * k / 8),
                                cy + r * math.sin(start + math.radians(72) * k / 8)) for k in range(9)]
        pygame.draw.polygon(surf, palette.hex_colour(name), points)
    pygame.draw.circle(surf, WHITE, (cx, cy), r, max(1, int(r * 0.08)))
    pygame.draw.circle(surf, WHITE, (cx, cy), int(r * 0.56))
    label(surf, "0", int(r * 0.95), palette.INK, (cx, cy + r * 0.04))


def _draw_two(surf, card, cx, cy, r, mark):
    """2 makes the next player draw two: two cards, one on the other, and +2."""
    cw, ch = int(r * 0.86), int(r * 1.2)
    back = pygame.Rect(0, 0, cw, ch)
    back.center = (int(cx - r * 0.2), int(cy - r * 0.14))
    front = back.move(int(r * 0.4), int(r * 0.28))
    line = max(1, int(r * 0.06))
    for card_rect in (back, front):
        pygame.draw.rect(surf, mark, card_rect, border_radius=max(2, cw // 6))
        pygame.draw.rect(surf, palette.hex_colour(card.color), card_rect, line, border_radius=max(2, cw // 6))
    label(surf, "+2", int(r * 0.72), palette.hex_colour(card.color), front.center)


def _skip(surf, card, cx, cy, r, mark):
    """A skips the next player: the no-entry ring."""
    width = max(2, int(r * 0.2))
    pygame.draw.circle(surf, mark, (cx, cy), int(r * 0.82), width)
    d = r * 0.82 * math.cos(math.radians(45))
    pygame.draw.line(surf, mark, (cx - d, cy + d), (cx + d, cy - d), width)


def _declare(surf, card, cx, cy, r, mark):
    """D declares the next colour: the five colours in a ring and a pointer at one."""
    pygame.draw.circle(surf, mark, (cx, cy), int(r * 0.98))
    for i, name in enumerate(ORDER):
        angle = math.radians(-90 + i * 72)
        pygame.draw.circle(surf, palette.hex_colour(name),
                           (cx + r * 0.66 * math.cos(angle), cy + r * 0.66 * math.sin(angle)), int(r * 0.24))
    pointer = [(cx, cy - r * 0.42), (cx - r * 0.17, cy + r * 0.1), (cx + r * 0.17, cy + r * 0.1)]
    pygame.draw.polygon(surf, palette.INK, pointer)
    pygame.draw.circle(surf, palette.INK, (cx, cy + r * 0.05), int(r * 0.12))


_ICONS = {"0": _null, "2": _draw_two, "A": _skip, "D": _declare}


def face(card, w, h, cb):
    """The face of a hex card at w x h pixels."""
    colour, letter, pattern = palette.HEX[card.color]
    surf = blank(w, h, palette.PAPER, palette.PAPER_EDGE)
    full = h >= FULL_H
    band = max(2, int(w * (0.085 if full else 0.06)))
    inner = _frame(surf, w, h, card.color, pattern, band, cb)
    value = ink(card.color)
    px = int(h * (0.15 if full else 0.24))
    r = max(2, int(w * (0.065 if full else 0.09)))
    index, middle = _index(surf, inner, card, px, r, value)
    if cb:          # the colour's letter, in the corner opposite the index
        label(surf, letter, px, palette.INK, (inner.right - (middle[0] - inner.left), middle[1]))
    if full:
        turned = pygame.transform.rotate(surf.subsurface(index).copy(), 180)
        surf.blit(turned, turned.get_rect(bottomright=(inner.right, inner.bottom)))
        cy = h * 0.47
        _medallion(surf, card, w // 2, cy, int(w * 0.3), True)
        if cb and not small(int(h * 0.06)):
            label(surf, card.color.upper(), int(h * 0.06), palette.INK, (w // 2, int(h * 0.8)), int(w * 0.5))
    else:
        room = inner.bottom - index.bottom
        rr = max(2, min(int(inner.w * 0.36), int(room * 0.5)))
        _medallion(surf, card, w // 2, index.bottom + room // 2, rr, False)
    return surf
