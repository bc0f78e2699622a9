"""Suit symbols and small marks drawn as shapes (the font has no suit glyphs)."""
import math

import pygame

from sprites import text


def heart(surf, colour, cx, cy, r):
    """A heart of half-width r centred on (cx, cy)."""
    lobe = r * 0.52
    pygame.draw.circle(surf, colour, (cx - lobe, cy - r * 0.25), lobe)
    pygame.draw.circle(surf, colour, (cx + lobe, cy - r * 0.25), lobe)
    pygame.draw.polygon(surf, colour, [(cx - r * 1.02, cy - r * 0.12), (cx + r * 1.02, cy - r * 0.12),
                                       (cx, cy + r * 0.95)])


def diamond(surf, colour, cx, cy, r):
    """A diamond (the suit) of half-width r."""
    pygame.draw.polygon(surf, colour, [(cx, cy - r), (cx + r * 0.72, cy), (cx, cy + r),
                                       (cx - r * 0.72, cy)])


def club(surf, colour, cx, cy, r):
    """A club of half-width r."""
    lobe = r * 0.42
    pygame.draw.circle(surf, colour, (cx, cy - r * 0.45), lobe)
    pygame.draw.circle(surf, colour, (cx - r * 0.5, cy + r * 0.12), lobe)
    pygame.draw.circle(surf, colour, (cx + r * 0.5, cy + r * 0.12), lobe)
    pygame.draw.circle(surf, colour, (cx, cy), lobe * 0.6)
    pygame.draw.polygon(surf, colour, [(cx, cy), (cx - r * 0.35, cy + r), (cx + r * 0.35, cy + r)])


def spade(surf, colour, cx, cy, r):
    """A spade of half-width r."""
    lobe = r * 0.5
    pygame.draw.circle(surf, colour, (cx - lobe, cy + r * 0.2), lobe)
    pygame.draw.circle(surf, colour, (cx + lobe, cy + r * 0.2), lobe)
    pygame.draw.polygon(surf, colour, [(cx - r * 1.0, cy + r * 0.12), (cx + r * 1.0, cy + r * 0.12),
                                       (cx, cy - r * 0.95)])
    pygame.draw.polygon(surf, colour, [(cx, cy + r * 0.2), (cx - r * 0.32, cy + r),
                                       (cx + r * 0.32, cy + r)])


def question(surf, colour, cx, cy, r):
    """The hex deck's fifth suit: a question mark in a ring."""
    pygame.draw.circle(surf, colour, (cx, cy), r, max(1, int(r * 0.22)))
    mark = text.font(int(r * 1.9)).render("?", True, colour)
    surf.blit(mark, mark.get_rect(center=(cx, cy + r * 0.08)))


def star(surf, colour, cx, cy, r):
    """A five-pointed star (the joker's mark)."""
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.42
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    pygame.draw.polygon(surf, colour, points)


SUITS = {"H": heart, "D": diamond, "C": club, "S": spade, "hearts": heart,
         "diamonds": diamond, "clubs": club, "spades": spade, "questions": question}


def suit(surf, name, colour, cx, cy, r):
    """Draw the suit `name` (a standard letter or a hex suit word)."""
    SUITS[name](surf, colour, cx, cy, r)


def pattern(surf, kind, rect, colour):
    """Fill `rect` with a colour-blind pattern of `colour` (stripes, dots, bars, checks)."""
    x0, y0, w, h = rect
    step = max(4, int(min(w, h) / 3))
    clip = surf.get_clip()
    surf.set_clip(pygame.Rect(rect).clip(clip) if clip else rect)
    if kind == "stripes":
        for x in range(x0 - h, x0 + w, step):
            pygame.draw.line(surf, colour, (x, y0 + h), (x + h, y0), max(1, step // 3))
    elif kind == "dots":
        for y in range(y0 + step // 2, y0 + h, step):
            for x in range(x0 + step // 2, x0 + w, step):
                pygame.draw.circle(surf, colour, (x, y), max(1, step // 5))
    elif kind == "bars":
        for y in range(y0, y0 + h, step):
            pygame.draw.line(surf, colour, (x0, y), (x0 + w, y), max(1, step // 3))
    elif kind == "checks":
        for y in range(y0, y0 + h, step):
            for x in range(x0 + ((y - y0) // step % 2) * step, x0 + w, 2 * step):
                pygame.draw.rect(surf, colour, (x, y, step, step))
    surf.set_clip(clip)
