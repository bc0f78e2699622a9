"""The table's felt: a green cloth with a soft vignette and a fine woven texture."""
import random

import pygame

from sprites import palette

_CACHE = {}


def image(w, h):
    """The felt background at w x h pixels (built once per size)."""
    key = (w, h)
    surf = _CACHE.get(key)
    if surf is None:
        _CACHE.clear()
        small = pygame.Surface((64, 36))
        for y in range(36):
            for x in range(64):
                dx, dy = (x - 31.5) / 32, (y - 17.5) / 18
                d = min(1.0, (dx * dx + dy * dy) ** 0.5)
                c = [int(a + (b - a) * d * 0.9) for a, b in zip(palette.FELT_LIGHT, palette.FELT_DARK)]
                small.set_at((x, y), c)
        surf = pygame.transform.smoothscale(small, (w, h))
        grain = pygame.Surface((128, 128), pygame.SRCALPHA)
        rng = random.Random(7)
        for _ in range(1400):
            x, y = rng.randrange(128), rng.randrange(128)
            shade = rng.choice(((255, 255, 255, 10), (0, 0, 0, 16)))
            grain.set_at((x, y), shade)
        for y in range(0, h, 128):
            for x in range(0, w, 128):
                surf.blit(grain, (x, y))
        if pygame.display.get_surface():
            surf = surf.convert()
        _CACHE[key] = surf
    return surf


def clear():
    """Forget the cached felt."""
    _CACHE.clear()
