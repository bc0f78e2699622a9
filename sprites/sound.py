"""Short sounds synthesised by the app itself: deal, play, shuffle and the die.

`Sounds(enabled)` builds each sound on first use from a few lines of arithmetic (no
downloaded assets). If the computer has no audio device the app stays silent.
"""
import array
import math
import random

import pygame

RATE = 22050


def _tone(samples):
    data = array.array("h", (max(-32767, min(32767, int(v * 32767))) for v in samples))
    return pygame.mixer.Sound(buffer=data.tobytes())


def _deal():
    rng = random.Random(1)
    n = int(RATE * 0.06)
    return [rng.uniform(-1, 1) * 0.35 * (1 - i / n) ** 3 for i in range(n)]


def _play():
    rng = random.Random(2)
    n = int(RATE * 0.09)
    return [(rng.uniform(-1, 1) * 0.25 + 0.3 * math.sin(2 * math.pi * 180 * i / RATE))
            * (1 - i / n) ** 4 for i in range(n)]


def _shuffle():
    rng = random.Random(3)
    n = int(RATE * 0.45)
    return [rng.uniform(-1, 1) * 0.22 * (0.5 + 0.5 * math.sin(i / n * math.pi * 9)) ** 2 * (1 - i / n)
            for i in range(n)]


def _die():
    rng = random.Random(4)
    out = []
    for hit in range(4):
        n = int(RATE * (0.07 - hit * 0.012))
        out += [(rng.uniform(-1, 1) * 0.3 + 0.25 * math.sin(2 * math.pi * 900 * i / RATE))
                * (1 - i / n) ** 5 * (0.8 ** hit) for i in range(n)]
        out += [0.0] * int(RATE * 0.03)
    return out


_BUILDERS = {"deal": _deal, "play": _play, "shuffle": _shuffle, "die": _die}


class Sounds:
    """The app's sound effects; `play(name)` does nothing while sound is off."""

    def __init__(self, enabled):
        self.enabled = enabled
        self._sounds = {}
        self._ready = None

    def _mixer(self):
        if self._ready is None:
            try:
                pygame.mixer.init(RATE, -16, 1, 512)
                self._ready = True
            except pygame.error:
                self._ready = False   # no audio device: the app stays silent
        return self._ready

    def play(self, name):
        """Play one of 'deal', 'play', 'shuffle', 'die' if sound is on."""
        if not self.enabled or not self._mixer():
            return
        sound = self._sounds.get(name)
        if sound is None:
            sound = self._sounds[name] = _tone(_BUILDERS[name]())
        sound.play()
