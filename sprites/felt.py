"""The table's felt: a green cloth lit from above the middle of the table (a pool of light
fading to darker edges) with a fine woven texture, built once per window size."""
import random

import pygame

from sprites import palette

_CACHE = {}
LIGHT = (0.4, 0.36)         # where the light falls brightest, as shares of the width and height
POOL = (38, 132, 84)        # the felt's colour under the light
TILE = 96                   # the weave's tile, in pixels


def image(w, h):
    """The felt background at w x h pixels (built once per size)."""
    key = (w, h)
    surf = _CACHE.get(key)
    if surf is None:
        _CACHE.clear()
        surf = pygame.transform.smoothscale(_light(), (w, h))
        weave = _weave()
        for y in range(0, h, TILE):
            for x in range(0, w, TILE):
                surf.blit(weave, (x, y))
        if pygame.display.get_surface():
            surf = surf.convert()
        _CACHE[key] = surf
    return surf


def _light():
    """The light over the cloth, small (smoothly scaled up): brightest at LIGHT, falling
    off to the dark felt at the edges and corners."""
    sw, sh = 80, 50
    small = pygame.Surface((sw, sh))
    lx, ly = LIGHT[0] * sw, LIGHT[1] * sh
    for y in range(sh):
        for x in range(sw):
            dx, dy = (x + 0.5 - lx) / sw, (y + 0.5 - ly) / sh
            d = min(1.0, (dx * dx * 1.6 + dy * dy * 2.2) ** 0.5 * 1.35)
            t = d * d * (3 - 2 * d)         # a smooth fall-off
            small.set_at((x, y), [int(a + (b - a) * t) for a, b in zip(POOL, palette.FELT_DARK)])
    return small


def _weave():
    """A tile of the cloth's texture: threads crossing (faint light and dark lines each
    way) under a fine grain, on a transparent surface."""
    tile = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
    rng = random.Random(7)
    for y in range(TILE):
        for x in range(TILE):
            thread = (x + y) % 4 == 0 or (x - y) % 4 == 0
            grain = rng.random()
            if thread:
                tile.set_at((x, y), (0, 0, 0, 9 + int(grain * 6)))
            elif grain < 0.08:
                tile.set_at((x, y), (255, 255, 255, 9))
            elif grain > 0.9:
                tile.set_at((x, y), (0, 0, 0, 14))
    return tile


def clear():
    """Forget the cached felt."""
    _CACHE.clear()
