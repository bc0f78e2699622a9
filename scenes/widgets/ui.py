"""Drawing helpers on a logical canvas, and the buttons every scene uses.

The app lays everything out on a logical canvas at least 1280 x 720 units wide and
tall, scaled to fill the window; `Screen` converts logical units to pixels, so text
and cards are drawn at the window's real resolution and stay crisp. In a window smaller
than the canvas, text keeps at least MIN_TEXT_PX pixels.
"""
import pygame

from game import registry
from sprites import palette, text

BASE_W, BASE_H = 1280, 720
MIN_TEXT_PX = text.MIN_PX     # the smallest text ever drawn, in pixels (see sprites/text.py)
LABEL_SMALL = 15              # a button's label too wide for one line: one or two lines of this size


class Screen:
    """The window surface with its scale: logical units x `s` = pixels."""

    def __init__(self, surface):
        self.surface = surface
        self.s = 1.0
        self.lw, self.lh = BASE_W, BASE_H
        self.resize(surface)

    def resize(self, surface):
        """Adopt a new window surface; True if the scale changed."""
        self.surface = surface
        w, h = surface.get_size()
        old = self.s
        self.s = max(0.25, min(w / BASE_W, h / BASE_H))
        self.lw, self.lh = w / self.s, h / self.s
        return old != self.s

    def px(self, v):
        """A logical length in pixels."""
        return int(round(v * self.s))

    def rect(self, r):
        """A logical rect (x, y, w, h) as a pixel Rect."""
        x, y, w, h = r
        return pygame.Rect(self.px(x), self.px(y), self.px(x + w) - self.px(x), self.px(y + h) - self.px(y))

    def logical(self, pos):
        """A pixel position in logical units."""
        return pos[0] / self.s, pos[1] / self.s

    def pixel(self, pos):
        """A logical position in pixels."""
        return self.px(pos[0]), self.px(pos[1])

    def text_px(self, size):
        """The pixel size of text of logical `size` (never under MIN_TEXT_PX)."""
        return max(MIN_TEXT_PX, self.px(size))

    def text(self, words, size, colour, pos, anchor="topleft", width=None):
        """Draw one line of text at a logical position; returns its logical width."""
        if width is not None:
            words = text.fit(words, self.text_px(size), self.px(width))
        img = text.render(words, self.text_px(size), colour)
        r = img.get_rect(**{anchor: self.pixel(pos)})
        self.surface.blit(img, r)
        return img.get_width() / self.s

    def text_width(self, words, size):
        """The logical width of one line of text."""
        return text.size(words, self.text_px(size))[0] / self.s

    def wrap(self, words, size, width):
        """Lines of `words` that fit `width` logical units."""
        return text.wrap(words, self.text_px(size), self.px(width))

    def panel(self, r, fill=palette.PANEL, alpha=200, edge=palette.PANEL_EDGE, radius=10):
        """A translucent rounded panel (cached by size and colour)."""
        pr = self.rect(r)
        img = _panel(pr.w, pr.h, fill, alpha, edge, self.px(radius))
        self.surface.blit(img, pr)


_PANELS = {}


def _panel(w, h, fill, alpha, edge, radius):
    key = (w, h, fill, alpha, edge, radius)
    img = _PANELS.get(key)
    if img is None:
        if len(_PANELS) > 300:
            _PANELS.clear()
        img = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
        pygame.draw.rect(img, (*fill, alpha), img.get_rect(), border_radius=radius)
        if edge:
            pygame.draw.rect(img, (*edge, 255), img.get_rect(), max(1, radius // 6), border_radius=radius)
        _PANELS[key] = img
    return img


def clear():
    """Forget cached panels (after a change of scale)."""
    _PANELS.clear()


class Button:
    """A clickable, focusable label. `on_click()` runs when it is activated;
    `on_refused()`, if set, when it is activated while switched off (to say why)."""

    def __init__(self, rect, label, on_click, enabled=True, primary=False, size=text.BODY, key=None):
        self.rect = pygame.Rect(rect)
        self.label = label
        self.on_click = on_click
        self.enabled = enabled
        self.primary = primary
        self.size = size
        self.key = key or label
        self.marked = False
        self.selected = False      # a text field's text is selected (typing replaces it)
        self.on_refused = None

    def hit(self, pos):
        """Does the logical position lie on the button?"""
        return self.rect.collidepoint(pos)

    def activate(self):
        """Run the button's action if it is enabled (else say why, if it can)."""
        if self.enabled:
            self.on_click()
        elif self.on_refused is not None:
            self.on_refused()

    def draw(self, screen, focused=False, hovered=False):
        """Draw the button; focus and hover lighten it, a mark outlines it."""
        r = screen.rect(self.rect)
        radius = screen.px(8)
        if not self.enabled:
            fill = palette.BUTTON_DISABLED
        elif self.primary:
            fill = (252, 214, 96) if hovered or focused else palette.GOLD
        else:
            fill = palette.BUTTON_HOVER if hovered or focused else palette.BUTTON
        shadow = r.move(0, screen.px(3))
        pygame.draw.rect(screen.surface, (0, 0, 0, 80), shadow, border_radius=radius)
        pygame.draw.rect(screen.surface, fill, r, border_radius=radius)
        if focused:             # the keyboard's one ring, never a picked card's blue (walkD15 #7)
            pygame.draw.rect(screen.surface, palette.FOCUS, r.inflate(screen.px(6), screen.px(6)),
                             max(2, screen.px(3)), border_radius=radius + screen.px(3))
        if self.marked:
            pygame.draw.rect(screen.surface, palette.HINT, r.inflate(screen.px(10), screen.px(10)),
                             max(2, screen.px(3)), border_radius=radius + screen.px(5))
        if self.selected:
            w = min(screen.text_width(self.label, self.size), self.rect.w - 12) + 8
            h = screen.text_px(self.size) / screen.s + 4
            pygame.draw.rect(screen.surface, palette.SELECT, screen.rect(
                (self.rect.centerx - w / 2, self.rect.centery - h / 2, w, h)), border_radius=screen.px(3))
        lines, size = self.label_lines(screen)
        step = screen.text_px(size) / screen.s + 1
        for i, line in enumerate(lines):
            centre = (self.rect.centerx, self.rect.centery + (i - (len(lines) - 1) / 2) * step)
            screen.text(line, size, palette.BUTTON_TEXT, centre, "center", width=self.rect.w - 12)

    def label_lines(self, screen):
        """The label as drawn, (lines, logical size): one line at the button's size where
        it fits, else one or two lines at LABEL_SMALL ('Pick from Ben's hand: card 2' whole:
        two buttons never read alike, cut short), else one line cut short."""
        room = self.rect.w - 12
        if screen.text_width(self.label, self.size) <= room:
            return [self.label], self.size
        lines = screen.wrap(self.label, LABEL_SMALL, room)
        if len(lines) <= 2 and len(lines) * (screen.text_px(LABEL_SMALL) / screen.s + 1) <= self.rect.h:
            return lines, LABEL_SMALL
        return [self.label], self.size


GAME_ROW_Y = 128      # the first game's row (the menu, the lessons' list)
GAME_ROW_STEP = 66    # from one game's row to the next


def game_rows(screen, label, action, size):
    """One wide button per registered game, top to bottom: `label(info)` its words,
    `action(game_id)` what a press does. Returns (the buttons, the y below the last)."""
    w = min(760, screen.lw - 80)
    x = screen.lw / 2 - w / 2
    buttons = []
    for i, (game_id, info) in enumerate(registry.GAMES.items()):
        button = Button((x, GAME_ROW_Y + i * GAME_ROW_STEP, w, GAME_ROW_STEP - 8), label(info),
                        lambda g=game_id: action(g), size=size)
        button.info = info
        buttons.append(button)
    return buttons, GAME_ROW_Y + len(buttons) * GAME_ROW_STEP


def focus_ring(screen, rect):
    """The keyboard's ring round a panel drawn as a button (a game's tile, a lesson, a
    record, a part of About): a band of the keyboard's white just outside it, as plain as
    on every button and card (a picked card's edge is blue: walkD15 #7)."""
    ring = screen.rect(rect).inflate(screen.px(10), screen.px(10))
    pygame.draw.rect(screen.surface, palette.FOCUS, ring, max(3, screen.px(4)), border_radius=screen.px(14))


def scroll_marks(screen, box, offset, most):
    """Where a page scrolled `offset` of `most` (logical units) stands, drawn in its `box`
    (x, y, w, h): a bar down the right edge whose lit part is the part shown, and 'More
    below' at its foot while the page goes on (a page that stops at a paragraph's end
    must not look ended), on the box's foot, clear of its words. Nothing when everything shows. Returns the lit part's rect."""
    if most <= 0:
        return None
    x, y, w, h = box
    track = (x + w - 10, y + 8, 4, h - 16)
    shown = h / (h + most)
    lit_h = max(24, track[3] * shown)
    lit = (track[0], track[1] + (track[3] - lit_h) * offset / most, 4, lit_h)
    pygame.draw.rect(screen.surface, palette.PANEL_EDGE, screen.rect(track), border_radius=screen.px(2))
    pygame.draw.rect(screen.surface, palette.GOLD, screen.rect(lit), border_radius=screen.px(2))
    if offset < most:
        words = "More below"
        tw = screen.text_width(words, text.READ) + 24
        screen.panel((x + w / 2 - tw / 2, y + h - 11, tw, 24), fill=(18, 22, 30), alpha=245, edge=palette.PANEL_EDGE)
        screen.text(words, text.READ, palette.GOLD, (x + w / 2, y + h + 1), "center")     # on the foot's edge
    return lit
