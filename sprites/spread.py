"""Cards laid out away from the table, with the table's own faces (sprites/cards.py) over
their soft shadows: a fan (beside a game's name in the menu, beside a rule that speaks of
them) and an overlapping row (a player's plate on the scoring screen).

Sizes are in pixels; a card of None is the back of its `family`'s deck.
"""
import math

import pygame

from sprites import cards as card_sprites, palette

_FANS = {}
_MAX = 200


def fan(cards, w, h, spread=9.0, colourblind=False, family="standard", back=None):
    """`cards` fanned like a hand held up, each card `w` x `h` turned `spread` degrees from
    the next round a point below the middle, as one cached surface (transparent round the
    cards, their shadows included)."""
    key = (tuple(c.name if c is not None else None for c in cards), int(w), int(h), spread, colourblind,
           family, back)
    surf = _FANS.get(key)
    if surf is None:
        if len(_FANS) > _MAX:
            _FANS.clear()
        surf = _FANS[key] = _build_fan(cards, int(w), int(h), spread, colourblind, family, back)
    return surf


def _build_fan(cards, w, h, spread, colourblind, family, back):
    pivot = h * 2.2                      # how far below a card's middle the fan turns
    placed = []
    for i, card in enumerate(cards):
        angle = (i - (len(cards) - 1) / 2) * spread
        shown, _ = card_sprites.shadowed(card, w, h, colourblind, family, back)
        turned = pygame.transform.rotozoom(shown, -angle, 1)
        cx = pivot * math.sin(math.radians(angle))
        cy = pivot * (1 - math.cos(math.radians(angle)))
        placed.append((turned, turned.get_rect(center=(round(cx), round(cy)))))
    if not placed:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    bounds = placed[0][1].unionall([r for _, r in placed[1:]])
    surf = pygame.Surface(bounds.size, pygame.SRCALPHA)
    for turned, r in placed:
        surf.blit(turned, r.move(-bounds.x, -bounds.y))
    return surf


def edge_width(w):
    """How wide (pixels) the outline round a card `w` pixels wide is."""
    return max(3, round(w / 14))


def apart_step(w, outlined=False):
    """How far apart (pixels) cards `w` wide lie side by side: a little apart, and, in a
    row with an outlined card (`outlined`), far enough for felt to show between an
    outline and the next card or its outline."""
    return max(int(w * 1.08), w + 2 * edge_width(w) + 2 if outlined else 0)


def row_step(count, w, room, outlined=False):
    """How far apart (pixels) `count` cards `w` wide lie to fit `room` pixels: apart (see
    apart_step) when they fit side by side, else overlapping evenly (never closer than a
    fifth of a card, so that each index shows)."""
    if count < 2:
        return 0
    return max(w // 5, min(apart_step(w, outlined), (room - w) // (count - 1)))


def row(surface, cards, x, y, w, h, room, colourblind=False, family="standard", back=None, marked=(), struck=False):
    """Draw `cards` left to right from (x, y) within `room` pixels (overlapping when they
    must), those at the indices `marked` outlined in OTHERS' colour (another player's card
    lying among these), an outline stopping where the next card lies over it (walkA16 #15:
    the outlines of a stack of cards ran into one another); `struck`: the cards not
    marked (their owner's: another's card still scores for its giver) dimmed and each
    crossed out by a line in DANGER's colour over what shows of it, never past the row
    (walkA17 #5: one line across a cancelled set ran on into the next group's 10);
    returns the width they took."""
    step = row_step(len(cards), w, room, bool(marked))
    edge = edge_width(w)
    for i, card in enumerate(cards):
        shown, pad = card_sprites.shadowed(card, w, h, colourblind, family, back)
        surface.blit(shown, (x + i * step - pad, y - pad))
        if struck and i not in marked:
            seen = w if i == len(cards) - 1 else min(w, step)
            surface.blit(card_sprites.tint(w, h, palette.INK, 90), (x + i * step, y))
            pygame.draw.line(surface, palette.DANGER, (x + i * step + edge, y + h * 3 // 4),
                             (x + i * step + seen - edge, y + h // 4), edge)
        if i in marked:
            whole = w + 2 * edge
            seen = whole if i == len(cards) - 1 else min(whole, step + edge)
            surface.blit(card_sprites.outline(w, h, palette.OTHERS, edge), (x + i * step - edge, y - edge),
                         pygame.Rect(0, 0, seen, h + 2 * edge))
    return (len(cards) - 1) * step + w if cards else 0
