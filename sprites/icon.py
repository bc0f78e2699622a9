"""The app's icon: two fanned cards on a felt disc, drawn by code at any size."""
import pygame

from sprites import palette, shapes


def draw_icon(size):
    """The icon as a size x size surface with alpha (drawn large, then smoothed down)."""
    big = 512
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.circle(surf, palette.FELT_DARK, (big // 2, big // 2), big // 2)
    pygame.draw.circle(surf, palette.FELT, (big // 2, big // 2), big // 2 - 18)
    for angle, dx, suit, colour in ((14, 50, shapes.spade, palette.STANDARD_BLACK),
                                    (-12, -44, shapes.heart, palette.STANDARD_RED)):
        card = pygame.Surface((200, 280), pygame.SRCALPHA)
        pygame.draw.rect(card, palette.PAPER_EDGE, card.get_rect(), border_radius=26)
        pygame.draw.rect(card, palette.PAPER, card.get_rect().inflate(-10, -10), border_radius=22)
        suit(card, colour, 100, 140, 62)
        turned = pygame.transform.rotate(card, angle)
        shadow = pygame.transform.rotate(
            _shadow(card.get_size(), 26), angle)
        centre = (big // 2 + dx, big // 2 + 10)
        surf.blit(shadow, shadow.get_rect(center=(centre[0] + 8, centre[1] + 10)))
        surf.blit(turned, turned.get_rect(center=centre))
    return pygame.transform.smoothscale(surf, (size, size)) if size != big else surf


def _shadow(size, radius):
    shade = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 90), shade.get_rect(), border_radius=radius)
    return shade
