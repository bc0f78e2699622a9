"""A die drawn by code: a rounded ivory cube face with its pips, cached by value and size."""
import pygame

_CACHE = {}
_PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
         4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
         6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


def image(value, size):
    """The die face showing `value` (1-6) at size x size pixels (at least 1)."""
    size = max(1, int(size))
    key = (value, size)
    surf = _CACHE.get(key)
    if surf is None:
        big = size * 2
        surf = pygame.Surface((big, big), pygame.SRCALPHA)
        pygame.draw.rect(surf, (250, 246, 236), (0, 0, big, big), border_radius=big // 6)
        pygame.draw.rect(surf, (160, 150, 130), (0, 0, big, big), max(1, big // 30), border_radius=big // 6)
        for col, row in _PIPS.get(value, []):
            x = big * (0.25 + 0.25 * col)
            y = big * (0.25 + 0.25 * row)
            pygame.draw.circle(surf, (30, 30, 36) if value != 1 else (190, 30, 40), (x, y), big * 0.09)
        surf = _CACHE[key] = pygame.transform.smoothscale(surf, (size, size))
    return surf


class DieSprite:
    """A die showing `value`, placed at `rect` (rolled by drawing it tilted)."""

    def __init__(self, value, rect):
        self.value = value
        self.rect = pygame.Rect(rect)

    @property
    def image(self):
        """The cached face at the rect's size."""
        return image(self.value, self.rect.w)

    def draw(self, surf, angle=0):
        """Blit the die, turned by `angle` degrees while it rolls."""
        img = self.image if not angle else pygame.transform.rotate(self.image, angle)
        surf.blit(img, img.get_rect(center=self.rect.center))
