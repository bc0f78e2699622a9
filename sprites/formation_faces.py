"""Play Design's formation cards, as the seed describes them: the number and an OFF or
DEF badge on a band of the card's colour, the formation's name, its eleven players as
dots lined up in the formation on a field (orange quarterback or special teams, purple
tight end or strong safety, green backs or linebackers, blue receivers or defensive
backs, yellow linemen), and a tally of the counts that decide a lane in 5 possessions:
what the card counts against an offense card of each colour (blue, green, orange, and
purple, which counts purple and blue dots). On an offense card its own colour's count,
the one it plays with, stands out.

The badge is the largest mark and survives the smallest size: OFF is dark letters on
white, DEF white letters on near-black, so the two differ in lightness as much as in
words. The black deck's face is dark, its field pale, so its
dots read as the white deck's do.
"""
import pygame

from game.play_design.rules import KEY_DOTS
from sprites import palette, text
from sprites.card_draw import SS, fitted, label, radius, render, width

WHITE = (255, 255, 255)
FIELD = (232, 240, 226)
FIELD_LINE = (196, 214, 192)
DARK_FACE = (34, 34, 42)
DARK_EDGE = (96, 96, 104)
BADGE_DARK = (24, 24, 30)
TALLY = ("blue", "green", "orange", "purple")
# Below FULL_H (in the pixels a face is drawn at) a card shows its compact design: its
# name at the smallest text, a taller band, a smaller field; below TINY_H no field: the
# band and the tally.
FULL_H = 110 * SS
TINY_H = 64 * SS
MIN = text.MIN_PX * SS      # the smallest text, in the pixels a face is drawn at
SQUEEZE = 0.7           # a compact face's name, too wide at MIN, is drawn down to this share of its width

# Where each position colour's players line up, in order, as (x, y) fractions of the field,
# the line of scrimmage at the top: offense (quarterback behind the centre, backs behind
# him, receivers wide) and defense (linemen on the line, linebackers, backs deep).
_OFFENSE = {
    "purple": [(0.8, 0.2), (0.2, 0.2), (0.9, 0.36)],
    "blue": [(0.05, 0.2), (0.95, 0.2), (0.14, 0.36), (0.86, 0.36), (0.74, 0.46)],
    "orange": [(0.5, 0.42), (0.5, 0.9)],
    "green": {1: [(0.5, 0.66)], 2: [(0.36, 0.66), (0.64, 0.66)],
              3: [(0.5, 0.62), (0.32, 0.78), (0.68, 0.78)]},
}
_DEFENSE = {
    "green": {1: [(0.5, 0.44)], 2: [(0.36, 0.44), (0.64, 0.44)], 3: [(0.3, 0.44), (0.5, 0.44), (0.7, 0.44)],
              4: [(0.2, 0.44), (0.4, 0.44), (0.6, 0.44), (0.8, 0.44)]},
    "blue": [(0.05, 0.22), (0.95, 0.22), (0.33, 0.72), (0.67, 0.72), (0.1, 0.5), (0.9, 0.5)],
    "purple": [(0.5, 0.62), (0.82, 0.64)],
    "orange": [(0.5, 0.92), (0.25, 0.92), (0.75, 0.92)],
}


def positions(card):
    """Each of the card's eleven players as (position colour, x, y), x and y fractions of
    the field, the line of scrimmage at the top."""
    dots = dict(card.dots)
    places = _OFFENSE if card.side == "offense" else _DEFENSE
    out = []
    n = dots["yellow"]
    out += [("yellow", 0.5 + (i - (n - 1) / 2) * 0.1, 0.2) for i in range(n)]
    for colour in ("purple", "blue", "orange", "green"):
        spots = places[colour]
        chosen = spots.get(dots[colour], []) if isinstance(spots, dict) else spots[:dots[colour]]
        out += [(colour, x, y) for x, y in chosen]
    deepest = max(y for _, _, y in out)       # spread the formation down the whole field
    return [(colour, x, 0.2 + (y - 0.2) * 0.72 / (deepest - 0.2)) for colour, x, y in out]


def tally(card):
    """What the card counts against an offense card of each colour: {colour: dots}."""
    dots = dict(card.dots)
    return {colour: sum(dots[c] for c in KEY_DOTS[colour]) for colour in TALLY}


def _badge(surf, card, px, center, pad):
    """The OFF or DEF badge: dark letters on white for offense, white on near-black with a
    white edge for defense. Returns its rect."""
    word = "OFF" if card.side == "offense" else "DEF"
    img = render(word, px, palette.INK if card.side == "offense" else WHITE)
    badge = pygame.Rect(0, 0, img.get_width() + 2 * pad, img.get_height() + pad)
    badge.center = center
    offense = card.side == "offense"
    pygame.draw.rect(surf, WHITE if offense else BADGE_DARK, badge, border_radius=badge.h // 3)
    if not offense:
        pygame.draw.rect(surf, WHITE, badge, max(1, pad // 2), border_radius=badge.h // 3)
    surf.blit(img, img.get_rect(center=badge.center))
    return badge


def number_words(card, cb):
    """The number as the card prints it; in colour-blind mode with its colour's letter."""
    return f"{card.rank} {palette.FORMATION[card.color][1]}" if cb else card.rank


def _band(surf, card, rect, cb, tiny):
    """The band of the card's colour: the number at the left (with the colour's letter in
    colour-blind mode), the OFF or DEF badge at the right; on the smallest card (`tiny`)
    the badge alone, as large as the band holds. Returns the band's rect."""
    colour = palette.FORMATION[card.color][0]
    pygame.draw.rect(surf, colour, rect, border_radius=radius(surf.get_width()) // 2)
    pad = max(2, rect.h // 10)
    word = "OFF" if card.side == "offense" else "DEF"
    if tiny:
        px = fitted(word, int(rect.h * 0.8), rect.w - 2 * pad)
        if px:
            _badge(surf, card, px, rect.center, pad)
        return rect
    words = number_words(card, cb)
    number_px = fitted(words, int(rect.h * 0.7), rect.w // 2 - pad)
    number_w = width(words, number_px) + 2 * pad if number_px else 0
    badge_px = fitted(word, int(rect.h * 0.74), rect.w - number_w - 2 * pad)
    if badge_px:
        badge_w = width(word, badge_px) + 2 * pad
        _badge(surf, card, badge_px, (rect.right - pad - badge_w // 2, rect.centery), pad)
    if number_px:
        label(surf, words, number_px, WHITE, (rect.left + number_w // 2, rect.centery + 1))
    return rect


def _compact_name(surf, name, ink, rect):
    """The formation's name on a compact face, at the smallest text, on one line or two
    (parted between words or after a hyphen) at the top of `rect`, where it fits (walkB15
    #6b: at 960x600 the hand's cards showed no name; walkD17 #6: 'I-Formation', one word,
    found no line and its card alone showed none: a name too wide even so is drawn as
    tall, narrower, down to SQUEEZE of its width); returns where what follows goes."""
    breaks = [(name[:i], name[i + 1:]) if c == " " else (name[:i + 1], name[i + 1:])
              for i, c in enumerate(name) if c in " -"]      # between words, or after a hyphen: 'I-' 'Formation'
    parts = [[name]] + [list(pair) for pair in breaks]

    def fits(lines, share=1.0):
        return all(width(line, MIN) * share <= rect.w for line in lines)
    # one line, as tall and a little narrower where it must be (the field keeps its room), else two
    tried = [([name], 1.0), ([name], SQUEEZE)] + [(lines, 1.0) for lines in parts[1:]] + [
        (min(parts, key=lambda lines: max(width(line, MIN) for line in lines)), SQUEEZE)]
    lines = next((lines for lines, share in tried if fits(lines, share)), None)
    if lines is None:
        return rect.top
    step = int(MIN * 1.05)
    for i, line in enumerate(lines):
        img = render(line, MIN, ink)
        if img.get_width() > rect.w:
            img = pygame.transform.smoothscale(img, (rect.w, img.get_height()))
        surf.blit(img, img.get_rect(center=(rect.centerx, rect.top + step * i + step // 2)))
    return rect.top + step * len(lines)


def _field(surf, card, rect, cb, full):
    """The formation: eleven dots on a pale field, the line of scrimmage across its top."""
    pygame.draw.rect(surf, FIELD, rect, border_radius=radius(surf.get_width()) // 2)
    line = max(1, rect.w // 90)
    for k in (0.45, 0.7):
        y = rect.top + int(rect.h * k)
        pygame.draw.line(surf, FIELD_LINE, (rect.left + line, y), (rect.right - line, y), line)
    los = rect.top + int(rect.h * 0.1)
    pygame.draw.line(surf, (120, 140, 120), (rect.left + line, los), (rect.right - line, los), line)
    r = max(2, int(min(rect.w * 0.052, rect.h * 0.075)))
    inner = rect.inflate(-2 * r - 2 * line, -2 * r - 2 * line)
    for colour, x, y in positions(card):
        centre = (inner.left + int(x * inner.w), inner.top + int(y * inner.h))
        pygame.draw.circle(surf, palette.FORMATION[colour][0], centre, r)
        pygame.draw.circle(surf, (30, 30, 30), centre, r, max(1, r // 5))
        if cb and full and r * 1.7 >= MIN:
            label(surf, palette.FORMATION[colour][1], int(r * 1.7), (20, 20, 20), (centre[0], centre[1] + 1))


def _tally(surf, card, rect, cb, grid=False, named=False):
    """Chips of the counts against blue, green, orange and purple offense (purple counting
    purple and blue) in a row (`grid`: two by two); an offense card's own colour ringed,
    the others paler. On the smallest offense card (`grid`) only its own count, large,
    and (`named`, where room allows) 'dots' under it."""
    counts = tally(card)
    own = card.color if card.side == "offense" else None
    gap = max(1, rect.w // 40)
    if grid and own:
        cells = [(own, rect)]
    elif grid:
        cw, ch = (rect.w - gap) // 2, (rect.h - gap) // 2
        cells = [(c, pygame.Rect(rect.left + (i % 2) * (cw + gap), rect.top + (i // 2) * (ch + gap), cw, ch))
                 for i, c in enumerate(TALLY)]
    else:
        cw = (rect.w - 3 * gap) // 4
        cells = [(c, pygame.Rect(rect.left + i * (cw + gap), rect.top, cw, rect.h)) for i, c in enumerate(TALLY)]
    for colour, chip in cells:
        fill, letter = palette.FORMATION[colour]
        faded = own and colour != own
        if faded:
            fill = tuple(int(c * 0.45 + 255 * 0.55) for c in fill)
        pygame.draw.rect(surf, fill, chip, border_radius=max(2, min(chip.h, chip.w) // 4))
        if colour == own and len(cells) > 1:
            pygame.draw.rect(surf, palette.INK, chip, max(2, chip.h // 10), border_radius=max(2, chip.h // 4))
        ink = palette.INK if colour == "orange" or faded else WHITE
        unit = named and len(cells) == 1 and fitted("dots", int(chip.h * 0.3), chip.w - 2)
        if unit:
            label(surf, "dots", unit, ink, (chip.centerx, chip.bottom - chip.h // 5))
            chip = chip.inflate(0, -chip.h * 2 // 5).move(0, -chip.h // 5)
        for words in ([f"{letter}{counts[colour]}"] if cb else []) + [str(counts[colour])]:
            px = fitted(words, int(chip.h * 0.8), chip.w - 2)
            if px:
                label(surf, words, px, ink, chip.center)
                break


def face(card, w, h, cb, numbered=True):
    """The face of a formation card at w x h pixels; where the game does not count the
    number (not `numbered`), the smallest face leaves it out: the badge, then what counts."""
    black = card.back == "black"
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, DARK_FACE if black else palette.PAPER, (0, 0, w, h), border_radius=radius(w))
    pygame.draw.rect(surf, DARK_EDGE if black else palette.PAPER_EDGE, (0, 0, w, h), max(1, w // 60),
                     border_radius=radius(w))
    ink = (236, 236, 228) if black else palette.INK
    m = max(2, int(w * 0.05))
    size = "full" if h >= FULL_H else "compact" if h >= TINY_H else "tiny"
    band = _band(surf, card, pygame.Rect(m, m, w - 2 * m, int(h * {"full": 0.18, "compact": 0.26, "tiny": 0.3}[size])),
                 cb, size == "tiny")
    y = band.bottom + m // 2
    if size == "tiny":          # under the badge, what the game counts: the number, else the tally
        if not numbered:
            _tally(surf, card, pygame.Rect(m, y + m // 2, w - 2 * m, h - y - m - m // 2), cb, grid=True, named=True)
            return surf
        words, room = number_words(card, cb), h - y - m
        px = fitted(words, int(room * 0.8), w - 2 * m) or fitted(card.rank, int(room * 0.8), w - 2 * m)
        if px:
            img = render(words if width(words, px) <= w - 2 * m else card.rank, px, ink)
            surf.blit(img, img.get_rect(center=(w // 2, y + room // 2)))
        return surf
    name = card.formation.split(" (")[0]
    if size == "full":
        px = fitted(name, int(h * 0.075), w - 2 * m)
        if px:
            label(surf, name, px, ink, (w // 2, y + int(h * 0.045)))
            y += int(h * 0.085)
        px = fitted(card.kind, int(h * 0.05), w - 2 * m)
        if px:
            label(surf, card.kind, px, (150, 150, 156) if black else (110, 110, 110), (w // 2, y + int(h * 0.02)))
            y += int(h * 0.045)
    else:
        y = _compact_name(surf, name, ink, pygame.Rect(m, y, w - 2 * m, h - y))
    chips_h = max(int(h * (0.1 if size == "full" else 0.17)), MIN + 4)
    chips = pygame.Rect(m, h - m - chips_h, w - 2 * m, chips_h)
    _field(surf, card, pygame.Rect(m, y + m // 2, w - 2 * m, chips.top - y - m), cb, size == "full")
    _tally(surf, card, chips, cb)
    return surf
