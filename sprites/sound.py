"""The app's sound effects: WAV files made by tools/make_sounds.py (sprites/sounds/,
SOURCE.md there), loaded on first use and played at the volume Settings chooses.

`Sounds(enabled, volume)`: `play(name)` plays one of NAMES if sound is on. If the computer
has no audio device the app stays silent.
"""
import pygame

from game import resources

RATE = 44100
FOLDER = ("sprites", "sounds")
# deal: a card dealt; slide: a card played across the table; flip: a card turned face up;
# shuffle: the deck shuffled; die: a die thrown; turn: your turn begins; refused: a move
# refused; won_hand and won_game: you won the hand (or the possession) or the game.
NAMES = ("deal", "slide", "flip", "shuffle", "die", "turn", "refused", "won_hand", "won_game")


def path(name):
    """The file of the sound `name`."""
    return resources.path(*FOLDER, f"{name}.wav")


class Sounds:
    """The app's sound effects; `play(name)` does nothing while sound is off."""

    def __init__(self, enabled, volume=1.0):
        self.enabled = enabled
        self.volume = volume
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
        """Play the sound `name` (one of NAMES) at the volume, if sound is on."""
        if name not in NAMES:
            raise ValueError(f"no sound named {name!r}")
        if not self.enabled or self.volume <= 0 or not self._mixer():
            return
        sound = self._sounds.get(name)
        if sound is None:
            sound = self._sounds[name] = pygame.mixer.Sound(path(name))
        sound.set_volume(self.volume)
        sound.play()
