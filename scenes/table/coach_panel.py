"""Drawing the coach of a "Learn to play" lesson: the panel beside the table (the lesson's
progress mark, what the coach says, a refused move's reply, then the scores and the
game's facts, whose rows a bubble may point at) and the end of the lesson (the rules met,
those a real game brings, and the buttons to go on).

Only draws: every function takes the words it shows and changes nothing but the screen.
"""
import re

import pygame

from game.presenter import plural
from scenes.table.draw import LOG_LINE, key_lines, score_sentence
from scenes.table.layout import PANEL_W, TOP
from sprites import palette
from sprites.text import BODY, READ, TITLE

SIZES = (BODY, READ)        # the coach's text shrinks to these sizes before its oldest lines go
PANEL_PX = 13               # ... but never under this many pixels (a small window keeps it larger)
ROW = 20                    # the height of a line of the scores and facts
RING = 5                    # how far the ring round a bubble's target lies outside it (draw.bubble)
REPLY_FILL = (78, 40, 16)
LEGEND_LINES = 3            # the lines kept at the foot for the keys that work, while the keyboard is used


def facts_rows(view, presenter, names, readouts=True, lit=None):
    """The panel's lower part: (words, value, colour, swatch) for the sentence under the
    Scores heading (its value None: what the scores count and what makes them, as the
    table's own side panel says it), each score and each fact: the readouts the table's
    own side panel gives (none once the game is over: nothing of a turn that will not
    come, a colour in force, the next exam; none unless `readouts`: the deal still flies);
    seat `lit`'s score in gold (the seat whose plate is lit: draw.lit_seat), else the
    view's player to move."""
    rows = [(score_sentence(view, presenter), None, palette.TEXT_DIM, None)]
    for seat, score in enumerate(view.scores):
        if score is None:   # hidden from this seat: show what it can see instead
            score = plural(sum(z.count for z in view.zones if z.owner == seat and z.kind == 'hand'), "card")
        colour = palette.GOLD if seat == (view.current_player if lit is None else lit) else palette.TEXT
        rows.append((names[seat], str(score), colour, None))
    for label, value, swatch in presenter.readouts(view, names) if readouts else ():
        rows.append((f"{label}: {value}", "", palette.TEXT, swatch))
    return rows


def _fit(screen, paragraphs, reply, width, room):
    """The size and lines ([(line, is the reply, is the last paragraph, gap before)]) that
    fit `room` logical units of height: the words shrink first, then the oldest
    paragraphs go whole, then the lines that still do not fit. A `reply` never pushes the
    coach's words out: it is left out when the paragraphs shown without it would not all
    fit beside it (the table says it instead, see reply_fits)."""
    sizes = sizes_for(screen)
    size, lines, kept = _fit_paragraphs(screen, paragraphs, width, room, sizes)
    if reply and lines == _lines(screen, kept, "", width, size):
        for with_reply in sizes:
            both = _lines(screen, kept, reply, width, with_reply)
            if _height(both, with_reply) <= room:
                return with_reply, both
    return size, lines


def sizes_for(screen):
    """The text sizes the coach's words may take on `screen`: SIZES, none under PANEL_PX
    pixels."""
    return tuple(dict.fromkeys(max(size, PANEL_PX / screen.s) for size in SIZES))


def _fit_paragraphs(screen, paragraphs, width, room, sizes):
    """_fit without a reply: (size, lines, the paragraphs kept)."""
    for size in sizes:
        lines = _lines(screen, paragraphs, "", width, size)
        if _height(lines, size) <= room:
            return size, lines, paragraphs
    size = sizes[-1]
    while len(paragraphs) > 1:
        paragraphs = paragraphs[1:]
        lines = _lines(screen, paragraphs, "", width, size)
        if _height(lines, size) <= room:
            return size, lines, paragraphs
    while lines and _height(lines, size) > room:
        lines.pop()
    return size, lines, paragraphs


def _lines(screen, paragraphs, reply, width, size):
    lines = []
    if reply:
        lines += [(line, True, False, 0) for line in screen.wrap(reply, size, width - 16)]
    for i, words in enumerate(paragraphs):
        last = i == len(paragraphs) - 1
        for j, line in enumerate(screen.wrap(words, size, width)):
            lines.append((line, False, last, 12 if j == 0 and lines else 0))
    return lines


def _height(lines, size):
    """The height of the coach's `lines` at text `size` (a line is as tall as the size)."""
    return sum(size + gap for *_, gap in lines) + (16 if lines and lines[0][1] else 0)


def row_lines(screen, row):
    """A score or fact row (from facts_rows) as the panel draws it, whole: its words'
    lines (a score's value stands beside the first, a fact's swatch at the right)."""
    label, value, _, swatch = row
    return screen.wrap(label, READ, PANEL_W - 90 if value else PANEL_W - 50 if swatch else PANEL_W - 28)


def _rows_height(wrapped):
    return ROW * sum(len(lines) for _, lines in wrapped)


def _layout(screen, paragraphs, rows, keys=False):
    """The rows the panel shows beside the coach's `paragraphs`, each with its lines: the
    scores' sentence and the scores always, then as many facts, in their order (the most
    important first), as leave room for every paragraph (each fact whole or left out
    whole). A refused move's reply takes none of them: it shows only where it fits
    beside them all (walkC15 #6: a reply made the coach's words longer and the last fact
    went; the table says such a reply, see reply_fits)."""
    wrapped = [(row, row_lines(screen, row)) for row in rows]
    scores = sum(1 for label, value, *_ in rows if value != "")
    stems = [re.sub(r"\d.*", "", row[0]) if re.search(r"\w \d", row[0].split(":")[0]) else None for row in rows]
    whole = [count for count in range(len(wrapped), scores - 1, -1)
             if count in (0, len(rows)) or stems[count] is None or stems[count] != stems[count - 1]]
    for count in whole:
        lines = _fit(screen, paragraphs, "", PANEL_W - 28, _room(screen, wrapped[:count], keys))[1]
        if _whole(paragraphs, lines):
            return wrapped[:count]
    return wrapped[:scores]


def _whole(paragraphs, lines):
    """Do `lines` (as _fit gives them) hold every paragraph?"""
    shown = [line for line, is_reply, *_ in lines if not is_reply]
    return "".join(shown).replace(" ", "") == "".join(paragraphs).replace(" ", "")


def _room(screen, wrapped, keys=False):
    """The height left to the coach's words above the `wrapped` rows and their heading
    (and the keys that work, under them, while the `keys` are used)."""
    return screen.lh - TOP - 14 - 10 - _rows_height(wrapped) - ROW - 18 - 42 - _legend_height(keys)


def _legend_height(keys):
    """The room the keys that work take at the panel's foot: LEGEND_LINES lines while the
    keyboard is used (a lesson's keys, which have no undo, take no more: the move keys,
    Enter's, then hint, lanes and menu share a line), none with the mouse."""
    return LOG_LINE * LEGEND_LINES + 12 if keys else 0


def row_rect(screen, paragraphs, reply, rows, index, keys=False):
    """Where row `index` of `rows` (as facts_rows gives them) lies in the panel beside
    the coach's `paragraphs` and `reply` (a logical rect; the `keys` used: see panel),
    or None when the panel leaves it out."""
    wrapped = _layout(screen, paragraphs, rows, keys)
    if index >= len(wrapped):
        return None
    x = screen.lw - PANEL_W - 10
    bottom = screen.lh - 20 - _legend_height(keys) - _rows_height(wrapped)
    return (x + 8, bottom + _rows_height(wrapped[:index]) - 2, PANEL_W - 16, ROW * len(wrapped[index][1]))


def read_rects(screen, paragraphs, reply, rows, keys=False):
    """What the panel beside the coach's `paragraphs` (and `reply`) gives to read, as
    logical rects: the coach's words, the Scores heading and each row of `rows` it shows
    (placed as row_rect places them). A bubble's arrow at a row crosses none of the
    others."""
    wrapped, size, lines = words(screen, paragraphs, reply, rows, keys)
    x = screen.lw - PANEL_W - 10
    rects = [(x + 8, TOP + 40, PANEL_W - 16, _height(lines, size) + 6)] if lines else []
    top = screen.lh - 20 - _legend_height(keys) - _rows_height(wrapped)
    rects.append((x + 8, top - 24, PANEL_W - 16, ROW))
    for _, row in wrapped:
        rects.append((x + 8, top - 2, PANEL_W - 16, ROW * len(row)))
        top += ROW * len(row)
    return rects


def anchor_rects(screen, anchor, side, view, presenter, names):
    """Where a bubble's `anchor` points in the coach's panel as `side` (a director's
    Coach) fills it: `score:<name>` (that person's score) or `fact:<label>` (the fact
    whose words begin so), as a logical rect (None when the panel leaves it out), and
    the panel's other words (read_rects), which the bubble's arrow crosses none of. The
    rect lies RING inside the row, so that the ring round a bubble's target stays on the
    row, clear of the rows above and below."""
    rows = facts_rows(view, presenter, names)
    if anchor.startswith("score:"):
        index = next(i for i, r in enumerate(rows) if r[1] and r[0] == anchor[len("score:"):])
    else:
        index = next((i for i, r in enumerate(rows) if r[1] == "" and r[0].startswith(anchor[len("fact:"):])),
                     len(rows))
    row = row_rect(screen, side.paragraphs, side.reply, rows, index, side.keys)
    read = [rect for rect in read_rects(screen, side.paragraphs, side.reply, rows, side.keys) if rect != row]
    if row is None:
        return None, read
    x, y, w, h = row
    return (x + RING, y + RING, w - 2 * RING, h - 2 * RING), read


def words(screen, paragraphs, reply, rows, keys=False):
    """What the panel shows on this screen: (the rows kept, each with its lines, as
    _layout gives them; the text size; the lines of the coach's words as _fit gives
    them). The coach's words (and a reply) come first: the facts have the room left."""
    wrapped = _layout(screen, paragraphs, rows, keys)
    return (wrapped, *_fit(screen, paragraphs, reply, PANEL_W - 28, _room(screen, wrapped, keys)))


def reply_fits(screen, paragraphs, reply, rows, keys=False):
    """Does the panel show `reply` beside the coach's `paragraphs` (none of them pushed
    out by it)?"""
    return any(is_reply for _, is_reply, *_ in words(screen, paragraphs, reply, rows, keys)[2])


def panel(screen, paragraphs, reply, rows, progress=None, keys=False, legend=()):
    """The coach's panel where the table's side panel stands: its heading with the
    lesson's `progress` (this stop, how many), `reply` (a refused move's answer, in its
    own box) and `paragraphs` (the newest, what to do now, brightest), then the score and
    fact `rows` (from facts_rows); while the `keys` are used, at its foot the `legend`,
    the keys that work now, as the table's own side panel names them (input.key_legend;
    walkD15 #21: the lesson's panel named none, so nothing said that a second Enter puts
    a card picked back)."""
    x = screen.lw - PANEL_W - 10
    y = TOP + 4
    h = screen.lh - y - 10
    screen.panel((x, y, PANEL_W, h), alpha=215, edge=palette.GOLD)
    screen.text("Coach", BODY, palette.GOLD, (x + 14, y + 10))
    if progress is not None:
        screen.text(progress_words(*progress), READ, palette.TEXT_DIM, (x + PANEL_W - 14, y + 13), "topright")
    rows, size, lines = words(screen, paragraphs, reply, rows, keys)
    foot = y + h - 10 - _legend_height(keys)
    if keys:
        pygame.draw.line(screen.surface, palette.PANEL_EDGE, screen.pixel((x + 12, foot + 6)),
                         screen.pixel((x + PANEL_W - 12, foot + 6)), max(1, screen.px(1)))
        for i, line in enumerate(key_lines(screen, legend, PANEL_W - 28)):
            screen.text(line, READ, palette.TEXT_DIM, (x + 14, foot + 12 + LOG_LINE * i))
    bottom = foot - _rows_height(rows)
    pygame.draw.line(screen.surface, palette.PANEL_EDGE, screen.pixel((x + 12, bottom - 28)),
                     screen.pixel((x + PANEL_W - 12, bottom - 28)), max(1, screen.px(1)))
    screen.text("Scores", READ, palette.GOLD, (x + 14, bottom - 22))
    for (_, value, colour, swatch), row in rows:
        if value:
            screen.text(value, READ, colour, (x + PANEL_W - 14, bottom), "topright")
        if swatch in palette.HEX:
            pygame.draw.circle(screen.surface, palette.hex_colour(swatch),
                               screen.pixel((x + PANEL_W - 22, bottom + 8)), screen.px(7))
        for line in row:
            screen.text(line, READ, colour, (x + 14, bottom))
            bottom += ROW
    top = y + 42
    cy = top
    reply_lines = [line for line, is_reply, *_ in lines if is_reply]
    if reply_lines:
        screen.panel((x + 8, top - 6, PANEL_W - 16, len(reply_lines) * size + 12),
                     fill=REPLY_FILL, alpha=235, edge=palette.DANGER, radius=8)
        for line in reply_lines:
            screen.text(line, size, palette.TEXT, (x + 16, cy))
            cy += size
        cy += 16
    for line, is_reply, last, gap in lines:
        if not is_reply:
            cy += gap
            screen.text(line, size, palette.TEXT if last else palette.TEXT_DIM, (x + 14, cy))
            cy += size


def progress_words(reached, stops):
    """The lesson's progress mark: 'step 5 of 17'."""
    return f"step {reached} of {stops}"


class Summary:
    """Where the end of the lesson lies: its box, the closing words' lines, the rules'
    lines by column (the rules met, then those a real game brings), and the buttons' row."""

    def __init__(self, screen, closing, rules, later, buttons):
        w = min(1040, screen.lw - 60)
        self.x = screen.lw / 2 - w / 2
        self.w = w
        self.closing = screen.wrap(closing, READ, w - 48)
        cols = 1 if len(rules) + len(later) <= 8 else 2
        self.col_w = (w - 48 - 20 * (cols - 1)) / cols
        self.blocks = []        # (heading, [[lines of a rule], ...] by column)
        for heading, items in (("Rules you met", rules), ("In a real game you will also meet", later)):
            if not items:
                continue
            wrapped = [screen.wrap("\u2022  " + rule, READ, self.col_w) for rule in items]
            per_col = -(-len(wrapped) // cols)
            self.blocks.append((heading, [wrapped[c * per_col:(c + 1) * per_col] for c in range(cols)]))
        tall = sum(40 + max(sum(len(r) * 20 + 4 for r in column) for column in columns)
                   for _, columns in self.blocks)
        h = 66 + 26 * len(self.closing) + tall + 86
        self.y = max(10, screen.lh / 2 - h / 2)
        self.h = h
        self.button_rects = [(screen.lw / 2 - buttons * 115 + i * 230 + 10, self.y + h - 66, 210, 48)
                             for i in range(buttons)]


def summary(screen, place, title, buttons, focus, hover):
    """The end of the lesson over the dimmed table, laid out by `place` (a Summary):
    `title`, the closing words, the rules met and those a real game brings, and the
    `buttons` (the keyboard on `focus`, the pointer over `hover`)."""
    screen.panel((0, 0, screen.lw, screen.lh), fill=(0, 0, 0), alpha=130, edge=None, radius=0)
    x, y = place.x, place.y
    screen.panel((x, y, place.w, place.h), alpha=245, edge=palette.GOLD, radius=14)
    screen.text(title, TITLE, palette.GOLD, (screen.lw / 2, y + 18), "midtop", width=place.w - 40)
    cy = y + 66
    for line in place.closing:
        screen.text(line, READ, palette.TEXT, (x + 24, cy))
        cy += 26
    for heading, columns in place.blocks:
        cy += 10
        screen.text(heading, READ, palette.GOLD, (x + 24, cy))
        cy += 30
        bottom = cy
        for c, column in enumerate(columns):
            ry = cy
            for wrapped in column:
                for line in wrapped:
                    screen.text(line, READ, palette.TEXT, (x + 24 + c * (place.col_w + 20), ry))
                    ry += 20
                ry += 4
            bottom = max(bottom, ry)
        cy = bottom
    for button in buttons:
        button.draw(screen, focused=button is focus, hovered=button is hover)
