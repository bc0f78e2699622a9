"""Text in the one typeface of the app (pygame's bundled sans), cached by size.

`font(px)` gives the face at a pixel size; `render(text, px, colour)` gives a cached
surface. Caches are cleared by `clear()` when the window scale changes.

The type scale below is every size the app writes in, in one place.

Text is drawn at three times its size and scaled down: the font's hinting puts each
letter on whole pixels, which ran some letters together and pulled others apart, at
small sizes ("7card s", "hal f") and at title sizes too ("Final Coun t", "4 dow ns").
"""
import re

import pygame

# The smallest text ever drawn, in pixels: the smallest the app draws at its own size
# (1280 x 720: labels of 13). pygame's font at 13 px has capitals of 7 px and an x-height
# of 5 px, the least at which its letters stay apart (at 11 px, c, e and o run together).
MIN_PX = 13

# The type scale: the sizes text is written in, in logical units of the app's canvas
# (1280 units wide: scenes/widgets/ui.Screen makes them pixels at the window's scale,
# never under MIN_PX). At the default window (1280 x 800) a unit is a pixel: READ is 19 px,
# its capitals 10 px tall; at 960 x 600 it is 14 px. Nothing a player reads is smaller.
READ = 19       # the side panel, the log, captions, name plates' counts, lane results, notes and hints
BODY = 21       # the prompt, messages, buttons, names, a dialog's question
HEADING = 24    # a bar's or a panel's title, a game's name
TITLE = 32      # a screen's title
DISPLAY = 44    # the curtain's call

# Text is drawn with a face at least SMOOTH_PX tall (and at least twice its size), then
# scaled down, so that each letter lies within a fraction of a pixel of where the
# typeface puts it.
SMOOTH_PX = 150

_FONTS = {}
_TEXT = {}
_WRAPS = {}
_MAX_TEXT = 3000


class Face:
    """The app's typeface at one pixel size, with pygame Font's `size(text)` and
    `render(text, antialias, colour)`; drawn larger and scaled down."""

    def __init__(self, px):
        self.k = max(2, -(-SMOOTH_PX // px))
        self.font = pygame.font.Font(None, px * self.k)

    def size(self, words):
        """The (width, height) in pixels of one line, as `render` draws it."""
        w, h = self.font.size(words)
        return -(-w // self.k), -(-h // self.k)

    def render(self, words, antialias, colour):
        """One line of text on a transparent surface."""
        img = self.font.render(words, antialias, colour)
        w, h = (-(-n // self.k) for n in img.get_size())
        if not w:
            return pygame.Surface((0, h), pygame.SRCALPHA)
        return pygame.transform.smoothscale(img, (w, h))


def font(px):
    """The app's face at a pixel size (at least 6 px)."""
    px = max(6, int(px))
    if not pygame.font.get_init():
        pygame.font.init()
        _forget()
    f = _FONTS.get(px)
    if f is None:
        if not _FONTS:
            pygame.register_quit(_forget)   # pygame.quit() kills every Font made so far
        f = _FONTS[px] = Face(px)
    return f


def _forget():
    """Drop the cached fonts and text (they die with the font module)."""
    _FONTS.clear()
    _TEXT.clear()
    _WRAPS.clear()


def render(text, px, colour):
    """A cached antialiased surface of one line of text."""
    key = (text, int(px), colour)
    surf = _TEXT.get(key)
    if surf is None:
        if len(_TEXT) > _MAX_TEXT:
            _TEXT.clear()
        surf = _TEXT[key] = font(px).render(text, True, colour)
    return surf


def size(text, px):
    """The (width, height) of one line of text at a pixel size."""
    return font(px).size(text)


def wrap(text, px, width):
    """Split `text` into lines no wider than `width` pixels (words kept whole, unless
    one word alone is wider than a line: it is broken where it reaches the edge);
    cached, as the table wraps its log afresh at every repaint."""
    key = (text, int(px), int(width))
    lines = _WRAPS.get(key)
    if lines is None:
        if len(_WRAPS) > _MAX_TEXT:
            _WRAPS.clear()
        lines = _WRAPS[key] = _wrap(text, px, width)
    return list(lines)


COUNT = re.compile(r"\(?\d+ of \d+\)?")      # '3 of 4', '(3 of 4)': a count read as one


def words_of(paragraph):
    """The words a line may break between: a count ('(3 of 4)') one of them, never split
    (walkD16 #8: 'Theo is setting offense cards (3 of' / '4)')."""
    held = COUNT.sub(lambda match: match.group(0).replace(" ", "\0"), paragraph)
    return [word.replace("\0", " ") for word in held.split(" ")]


def _wrap(text, px, width):
    """`wrap`, uncached."""
    lines = []
    f = font(px)
    for paragraph in text.split("\n"):
        line = ""
        for word in words_of(paragraph):
            trial = word if not line else line + " " + word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
            while len(line) > 1 and f.size(line)[0] > width:
                cut = _fitting(f, line, width)
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines


def _fitting(f, words, width):
    """How many leading characters of `words` fit `width` pixels (at least one)."""
    low, high = 1, len(words)
    while low < high:
        middle = (low + high + 1) // 2
        if f.size(words[:middle])[0] <= width:
            low = middle
        else:
            high = middle - 1
    return low


def fit(text, px, width):
    """`text`, shortened with an ellipsis if it is wider than `width` pixels."""
    f = font(px)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "...")[0] > width:
        text = text[:-1]
    return text + "..."


def clear():
    """Forget cached text surfaces and wrapped lines (the fonts stay)."""
    _TEXT.clear()
    _WRAPS.clear()


def reset():
    """Forget fonts and text (pygame was restarted, so the old fonts are invalid)."""
    _FONTS.clear()
    _TEXT.clear()
    _WRAPS.clear()
