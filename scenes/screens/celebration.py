"""The winner's celebration on the scoring screen: a burst of gold and card-coloured
flakes from the winner's plate that rises, falls and fades, and a glow round the plate
that swells once and settles. It lasts SECONDS, then nothing moves and nothing is drawn
again until something changes (the app's loop then waits without using the CPU)."""
import math
import random

import pygame

from sprites import palette

SECONDS = 2.4            # the whole celebration
FLAKES = 64
GRAVITY = 520.0          # logical units per second per second
COLOURS = (palette.GOLD, (255, 236, 160), palette.STANDARD_RED, (38, 96, 206), palette.PAPER)


class Celebration:
    """The flakes' burst round a logical point and the time since it began."""

    def __init__(self, centre, seed=1):
        rng = random.Random(seed)
        x, y = centre
        self.t = 0.0
        self.flakes = []
        for _ in range(FLAKES):
            angle = rng.uniform(-math.pi * 0.95, -math.pi * 0.05)      # upwards, left to right
            speed = rng.uniform(220, 520)
            self.flakes.append([x + rng.uniform(-120, 120), y, speed * math.cos(angle), speed * math.sin(angle),
                                rng.uniform(0, math.tau), rng.uniform(-9, 9), rng.choice(COLOURS),
                                rng.uniform(5, 9)])

    @property
    def running(self):
        """Whether it still moves."""
        return self.t < SECONDS

    def update(self, dt):
        """Advance the flakes by `dt` seconds."""
        self.t = min(SECONDS, self.t + dt)
        for flake in self.flakes:
            flake[2] *= 1 - min(1.0, 1.6 * dt)                          # air slows them sideways
            flake[3] += GRAVITY * dt
            flake[0] += flake[2] * dt
            flake[1] += flake[3] * dt
            flake[4] += flake[5] * dt

    def glow(self):
        """How strongly the winner's plate glows now (0 to 1): it swells, then settles to
        a steady 0.35."""
        rise = min(1.0, self.t / 0.4)
        return 0.35 + 0.65 * rise * max(0.0, 1 - self.t / SECONDS)

    def draw(self, screen):
        """The flakes, shrinking away over the last second."""
        if not self.running:
            return
        fade = max(0.0, min(1.0, (SECONDS - self.t) / 1.0))
        surf = screen.surface
        for x, y, _, _, turn, _, colour, size in self.flakes:
            w = size * fade
            h = w * 0.45 * abs(math.cos(turn)) + 1                  # a flake turning over
            c, s = math.cos(turn * 0.5), math.sin(turn * 0.5)
            points = [screen.pixel((x + dx * c - dy * s, y + dx * s + dy * c))
                      for dx, dy in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))]
            pygame.draw.polygon(surf, colour, points)
