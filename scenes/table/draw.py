"""Drawing the table: the felt with its lanes and seats, the cards of a Board, cards in
flight, the die, the top bar, the side panel and its log, messages, dialogs and the
curtain; and the Layer that keeps what changes only with the layout drawn once.

Only draws: every function takes what it shows (a Board, a view, a presenter, words,
the cards in flight) and changes nothing but the screen. A Board has every card in
its place; the cards still flying there are left out when drawn (`grounded`).
"""
import random
from contextlib import contextmanager
from typing import NamedTuple

import pygame

from game.presenter import capital, card_name, plural
from scenes.table.layout import (ARROWS, AVATAR, CAPTION, EDGE, PANEL_W, PLATE_H, RAISE, RESULT_H, TOP, bubble_box,
                                 bubble_tail, callout_box, curtain_plan, gap_between, keeps_margin, landed, pile_cards,
                                 zoom_box)
from sprites import avatar
from sprites import cards as card_sprites
from sprites import die as die_sprite
from sprites import palette
from sprites.text import BODY, DISPLAY, HEADING, READ


class Look:
    """How cards are drawn: the view's backs (through the presenter), colour-blind marks."""

    def __init__(self, presenter, view, colourblind):
        self.presenter, self.view, self.colourblind = presenter, view, colourblind

    def image(self, card, w, h, zone_key, shadowed=False):
        """A card's face (or its zone's back for None) at a pixel size."""
        back = self.presenter.back_of(self.view, zone_key)
        draw = card_sprites.shadowed if shadowed else card_sprites.image
        return draw(card, w, h, self.colourblind, self.presenter.family, back, self.presenter.NUMBERED)


class Layer:
    """What changes only with the layout (felt, seats, cards, panels), drawn once into a
    cached surface; frames then blit it and draw only what moves on top:
    `if layer.stale(screen, key): with layer.painting(screen): ...`, then `layer.show(screen)`."""

    def __init__(self):
        self.surface = None
        self.key = None

    def invalidate(self):
        """Paint the layer afresh at the next frame."""
        self.key = None

    def stale(self, screen, key):
        """Is the layer to be painted again, `key` (everything it shows depends on) having
        changed? It is then taken to be painted for `key`."""
        if key == self.key:
            return False
        self.key = key
        if self.surface is None or self.surface.get_size() != screen.surface.get_size():
            self.surface = pygame.Surface(screen.surface.get_size()).convert()
        return True

    @contextmanager
    def painting(self, screen):
        """Within it, `screen` draws into the layer."""
        surf = screen.surface
        screen.surface = self.surface
        try:
            yield
        finally:
            screen.surface = surf

    def show(self, screen):
        """Blit the layer onto the screen."""
        screen.surface.blit(self.surface, (0, 0))


def top_bar(screen, title, words, right):
    """The bar across the top: the title, then `words` up to `right` (see bar_lines);
    returns where the words start and end (x, x). Words that would be cut there, or drawn
    at the smallest size, have the title's room instead: the title goes smaller, its
    game's name on one line (title_lines)."""
    screen.panel((0, 0, screen.lw, TOP - 6), alpha=170, edge=None, radius=0)
    x = 18 + screen.text_width(title, HEADING) + 18
    if not bar_cut(screen, words, max(40, right - x), BAR_SIZES[:2]):
        screen.text(title, HEADING, palette.TEXT, (18, 10))
    else:
        lines = title_lines(screen, title)
        for i, line in enumerate(lines):
            screen.text(line, READ, palette.TEXT, (18, (TOP - 6) / 2 - 10 * len(lines) + 20 * i))
        x = 18 + max(screen.text_width(line, READ) for line in lines) + 18
    return x, x + bar_text(screen, words, (x, 0, max(40, right - x), TOP - 6), palette.GOLD)


def title_lines(screen, title):
    """A title in READ text, a game's name always on one line ('Final Count', never
    'Final' over 'Count'; the prompt beside it gives way): after its colon ("Learn to
    play:" over the game's name) where it has one, else the title on one line."""
    head, colon, rest = title.partition(": ")
    return [head + ":", rest] if colon else [title]


BAR_SIZES = (BODY, READ, 16)    # the top bar's text sizes, largest first


def bar_lines(screen, words, width, sizes=BAR_SIZES):
    """`words` as the top bar draws them within `width`: (size, lines): one line at the
    largest size that holds them, else two lines at the largest size that holds them in
    two; words are never cut, but for an ellipsis after the last whole word that fits
    in two lines at the smallest size."""
    for size in sizes:
        lines = screen.wrap(words, size, width)
        if len(lines) <= (1 if size == sizes[0] else 2):
            return size, lines
    size = sizes[-1]
    first, rest = lines[0], " ".join(lines[1:]).split(" ")
    while len(rest) > 1 and screen.text_width(" ".join(rest) + "...", size) > width:
        rest.pop()
    return size, [first, " ".join(rest) + "..."]


def bar_cut(screen, words, width, sizes=BAR_SIZES):
    """Would the top bar cut `words` within `width` (bar_lines, at `sizes`)?"""
    return "".join(bar_lines(screen, words, width, sizes)[1]).replace(" ", "") != words.replace(" ", "")


def bar_text(screen, words, box, colour):
    """Draw `words` in the top bar's way (bar_lines) centred down `box` (x, y, w, h);
    returns their width."""
    x, y, w, h = box
    size, lines = bar_lines(screen, words, w)
    top = y + h / 2 - (11 if len(lines) == 1 else 20)
    return max(screen.text(line, size, colour, (x, top + 20 * i)) for i, line in enumerate(lines))


DEAD_LANE = "Dead lane: a card here is used up unseen"     # the words on a dead lane a card may go to


def plate(screen, spot, name, right, current, computer=False):
    """A seat's compact name plate at `spot` (x, y, w: w the most it takes): the avatar
    made from the name, a computer's mark (a small screen), the name, and `right` (a
    count, 'thinking...', 'folded') where the plate has room for it beside the whole
    name; the player to move lit in gold."""
    x, y, w = spot
    colour = palette.GOLD if current else palette.TEXT
    start, shown, after, width = plate_parts(screen, w, name, right, computer)
    short = shown and shown != right
    fill = (64, 52, 14) if current else palette.PANEL
    screen.panel((x + AVATAR / 2, y, width - AVATAR / 2, PLATE_H), fill=fill, alpha=230,
                 edge=palette.GOLD if current else palette.PANEL_EDGE, radius=PLATE_H / 2)
    disc = avatar.image(name, screen.px(AVATAR), current)
    screen.surface.blit(disc, screen.pixel((x, y + PLATE_H / 2 - AVATAR / 2)))
    if computer:
        computer_mark(screen, (x + AVATAR + 8, y + 9), colour)
    screen.text(name, BODY, colour, (x + start, y + 6), width=width - start - after - 6)
    if short:                                   # the count alone, after a card's shape
        end = x + width - PLATE_END
        screen.text(shown, READ, palette.TEXT_DIM, (end, y + 8), "topright")
        mark = screen.rect((end - screen.text_width(shown, READ) - COUNT_MARK, y + 8, 11, 15))
        pygame.draw.rect(screen.surface, palette.TEXT_DIM, mark, max(1, screen.px(2)), border_radius=screen.px(2))
    elif shown:
        screen.text(shown, READ, palette.TEXT_DIM, (x + width - 14, y + 8), "topright")


def computer_mark(screen, pos, colour):
    """The mark of a seat a computer plays: a small screen on its stand, at logical `pos`."""
    x, y = pos
    width = max(1, screen.px(2))
    pygame.draw.rect(screen.surface, colour, screen.rect((x, y, 16, 11)), width, border_radius=screen.px(2))
    pygame.draw.line(screen.surface, colour, screen.pixel((x + 8, y + 11)), screen.pixel((x + 8, y + 14)), width)
    pygame.draw.line(screen.surface, colour, screen.pixel((x + 4, y + 14)), screen.pixel((x + 12, y + 14)), width)


PLATE_END = 10          # a name plate's end after its count written short (plate_parts)
COUNT_MARK = 15         # the card's shape before a count written short, and its space


def plate_parts(screen, w, name, right, computer):
    """A name plate's measures within `w`: (where its name starts, the right-hand words
    it shows, their room, its width): the count only where the whole name leaves room;
    a count ('7 in hand') too wide beside the whole name written short, its number
    alone after a card's shape (walkA15 #19: with five or six at 960x600 some plates
    had no count while others had theirs); other words ('thinking...') never short."""
    start = AVATAR + 8 + (22 if computer else 0)
    after = 18 + screen.text_width(right, READ)  # the count, after the name
    name_w = screen.text_width(name, BODY)
    if start + name_w + after + 14 > w and right.endswith(" in hand"):
        right = right.split()[0]
        after = 8 + COUNT_MARK + screen.text_width(right, READ)
        if start + name_w + after + PLATE_END <= w:
            return start, right, after, start + name_w + after + PLATE_END
    if start + name_w + after + 14 > w:         # too narrow for both: the name whole, the count in its caption
        right, after = "", 0
    return start, right, after, min(w, start + name_w + after + 14)


def plate_rect(screen, spot, name, right, current, computer=False):
    """The logical rect a name plate at `spot` covers, its avatar's disc with it."""
    x, y, w = spot
    return pygame.Rect(int(x), int(y + PLATE_H / 2 - AVATAR / 2), int(plate_parts(screen, w, name, right, computer)[3]),
                       AVATAR)


def plate_words(view, names, humans, viewer=None, thinking=None, statuses=None, told=None):
    """Each seat's name plate: {seat: (name, its cards in hand ('4 in hand', one meaning
    in every game), 'thinking...' or its status ('folded'), is current, is a computer)};
    the count, and whose turn it is, as `told`
    (the table as the words tell it, while cards still fly or an outcome waits to be read:
    see TableModel.panel_view), else as `view`."""
    plates, told = {}, told or view
    for seat, name in enumerate(names):
        count = sum(z.count for z in told.zones if z.owner == seat and z.kind == "hand")
        you = seat == viewer and name != "You"      # a lesson calls its learner You already
        name += " (you)" if you else ""
        status = (statuses or {}).get(seat)
        right = "thinking..." if thinking == seat else status or f"{count} in hand"
        plates[seat] = (name, right, told.current_player == seat, not humans[seat])
    return plates


def felt_and_seats(screen, board, plates, open_lanes=frozenset(), dead_lanes=frozenset(), counts=None):
    """The field's lanes (those in `open_lanes`, where a picked card may go, edged in gold,
    or in grey with the word 'Dead' where it would be used up unseen: `dead_lanes`), every
    name plate (the other seats' cards lie on the felt under theirs) and the zones'
    captions (counting each zone's cards as `counts` tell them: see told_labels); `plates`
    maps a seat to (name, right-hand words, is current, is a computer)."""
    for lane, area in zip(board.lanes, board.areas):
        r = screen.rect(area)
        screen.panel(area, fill=(190, 235, 205), alpha=34, edge=None, radius=8)    # the felt shows through
        if lane in open_lanes:
            edge = max(2, screen.px(3))
            dead = lane in dead_lanes
            pygame.draw.rect(screen.surface, palette.DEAD_LANE if dead else palette.GOLD,
                             r.inflate(2 * edge, 2 * edge), edge, border_radius=screen.px(10))
            if dead:
                x, y, w, h = area
                lines = screen.wrap(DEAD_LANE, READ, w - 20)
                screen.panel(dead_label(screen, area), fill=(20, 20, 24), alpha=215, edge=None, radius=6)
                for i, line in enumerate(lines):
                    screen.text(line, READ, palette.TEXT, (x + w / 2, y + h - 6 - LOG_LINE * (len(lines) - i)),
                                "midtop")
        cell_h = (area[3] - RESULT_H) / 3        # the rows as layout.field lays them: a line above each
        for top in (cell_h, 2 * cell_h + RESULT_H):   # row's caption, never through it
            y = screen.pixel((0, area[1] + top - 3))[1]
            pygame.draw.line(screen.surface, (210, 230, 210), (r.left + screen.px(6), y),
                             (r.right - screen.px(6), y), max(1, screen.px(1)))
    for seat, spot in board.plates.items():
        if seat in plates:
            plate(screen, spot, *plates[seat])
    for words, pos in told_labels(board, counts or {}):
        screen.text(words, READ, palette.TEXT_DIM, pos)


def told_labels(board, counts):
    """The zones' captions as the words tell the table: a caption that counts a zone's
    cards counts those of `counts` (zone key -> count: the cards landed so far, while
    some still fly there), as 'Discard pile' before its first card lands; the layout's
    words where `counts` says nothing else."""
    labels = []
    for i, (words, pos) in enumerate(board.labels):
        key, laid = board.counted.get(i, (None, 0))
        told = counts.get(key, laid)
        if told != laid and words.endswith(f"({laid})"):
            words = words[:-len(f"({laid})")].rstrip()
            words = f"{words} ({told})".strip() if told else words
        elif told != laid and words == plural(laid, "card"):
            words = plural(told, "card")
        if words:
            labels.append((words, pos))
    return labels


def dead_label(screen, area):
    """The logical rect (x, y, w, h) of a dead lane's words at the foot of its `area`."""
    x, y, w, h = area
    lines = len(screen.wrap(DEAD_LANE, READ, w - 20))
    return (x + 4, y + h - 14 - LOG_LINE * lines, w - 8, LOG_LINE * lines + 8)


def dead_label_rects(screen, board, lanes):
    """The rects of the dead lanes' words felt_and_seats writes for `lanes` (the dead
    lanes a picked card may go to), which a message about the card never covers."""
    return [pygame.Rect(*map(int, dead_label(screen, area))) for lane, area in zip(board.lanes, board.areas)
            if lane in lanes]


def caption_rects(screen, board):
    """The logical rects of the zones' captions on the table, as felt_and_seats writes them."""
    return [pygame.Rect(int(x), int(y), int(screen.text_width(words, READ)) + 1, READ) for words, (x, y) in board.labels]


def readable(screen, board, plates):
    """The rects on the table that say who sits where and what lies there, which a
    callout never covers where any place can: every seat's name plate (`plates` as
    felt_and_seats takes them) and every caption."""
    return plate_rects(screen, board, plates) + caption_rects(screen, board)


def plate_rects(screen, board, plates):
    """The rects of every seat's name plate on `board` (`plates` as felt_and_seats takes
    them)."""
    return [plate_rect(screen, spot, *plates[seat]) for seat, spot in board.plates.items() if seat in plates]


def flying_key(flying):
    """The cards in flight (Motion.hidden()) as a value the cached layer can key on."""
    return tuple(sorted((zone, tuple(sorted(ids)), count) for zone, (ids, count) in flying.items()))


def in_flight(placed, flying):
    """Is the face-up card `placed` still flying to its place (to its zone, or to one the
    table shows within it: Deadline's extra credit in its assignment)?"""
    return placed.card is not None and any(id(placed.card) in ids for ids, _ in flying.values())


def grounded(board, flying):
    """What to draw of `board` while the cards of `flying` (Motion.hidden()) are still in the
    air: (the placed cards, the empty slots). A card in flight is left out (a hidden one:
    the last hidden ones of its zone); a pile it flies to shows the cards already there. A
    place whose cards are all in the air shows its empty place, as it does without cards,
    its first card's outline, so that its caption never floats over nothing (walkA16 #12:
    'Assignment being built' under Ines's hand while her first card flew there); the
    viewer's hand, which has no empty place, shows none."""
    if not flying:
        return board.placed, board.slots
    left_out, counted = set(), {}
    for p in reversed(board.placed):
        if p.card is None and p.index >= 0 and counted.get(p.zone, 0) < flying.get(p.zone, ((), 0))[1]:
            counted[p.zone] = counted.get(p.zone, 0) + 1
            left_out.add(id(p))
    placed, slots, first = [], list(board.slots), {}
    for p in board.placed:
        if p.zone in board.piles and p.zone in flying:
            if p.index >= 0:            # the pile's top: the pile again, as it is so far
                rect, cards = board.piles[p.zone]
                shown = landed(cards, flying[p.zone])
                placed += pile_cards(p.zone, shown, rect)
                slots += [] if shown else [rect]
        elif not (in_flight(p, flying) or id(p) in left_out):
            placed.append(p)
        elif p.zone != board.hand_key:
            first.setdefault(p.zone, p.rect)
    landed_in = {p.zone for p in placed}
    return placed, slots + [rect for zone, rect in first.items() if zone not in landed_in]


def cards(screen, board, look, focus=None, flying=None, up=(), offered=True):
    """The empty slots and every placed card that has landed (see grounded) but those
    `up` (taken up from their places: drawn apart, see lifted), with its selection, hint,
    the keyboard's mark on `focus` (a placed card), and, once moves are `offered` (never
    while cards still fly), its raise and dim. A card's edge (picked, hinted, playable,
    another's extra credit) frames what shows of it: where the next card of its row lies
    over it, the edge stops there, never running on along that card's top and foot
    (walkA16 #3: the outline of Sam's Jack spread under the Queen and King beside it)."""
    surf = screen.surface
    placed, slots = grounded(board, flying or {})
    placed = [p for p in placed if not any(p is u for u in up)]
    for slot in slots:
        pygame.draw.rect(surf, palette.SLOT_EDGE, screen.rect(slot), max(1, screen.px(2)),
                         border_radius=screen.px(6))
    for k, p in enumerate(placed):
        card(screen, board, p, look, p is focus, offered, placed[k + 1] if k + 1 < len(placed) else None)


def card(screen, board, p, look, focused=False, offered=True, after=None):
    """One placed card `p` of `board` in its place, as `cards` draws each; its edge frames
    only what shows of it where the card `after` it lies over it in the same row."""
    surf, width = screen.surface, max(2, screen.px(EDGE))
    rise = p.raised and not offered and not p.selected and p.zone == board.hand_key    # it rises once offered
    r = screen.rect(p.rect.move(0, RAISE) if rise else p.rect)
    img, pad = look.image(p.card if p.face_up else None, r.w, r.h, p.zone, shadowed=True)
    surf.blit(img, (r.x - pad, r.y - pad))
    edge = (palette.SELECT if p.selected else palette.HINT if p.hinted
            else palette.GOLD if p.raised and offered
            else palette.OTHERS if p.face_up and (p.zone, p.card.name) in board.others else None)
    if edge is not None:
        shown = r.w + 2 * width
        if after is not None and after.zone == p.zone and after.rect.top == p.rect.top and not rise \
                and p.rect.left < after.rect.left < p.rect.right:
            shown = screen.rect(after.rect).x - (r.x - width)
        surf.blit(card_sprites.outline(r.w, r.h, edge, width), (r.x - width, r.y - width),
                  pygame.Rect(0, 0, shown, r.h + 2 * width))
    if p.dimmed and offered:
        surf.blit(card_sprites.tint(r.w, r.h, (0, 0, 0), 110), r)
    if focused:
        w2 = max(2, screen.px(4))
        out = width + w2 if edge is not None else w2     # outside a picked card's blue edge
        surf.blit(card_sprites.outline(r.w + 2 * (out - w2), r.h + 2 * (out - w2), palette.FOCUS, w2),
                  (r.x - out, r.y - out))


def over_lifted(screen, board, over, look, flying=None, focus=None, offered=True):
    """The cards `over` a lifted card (layout.cards_over), left out of the cached layer,
    drawn over it in their places (those landed: see grounded), so every card of its
    fan keeps its index strip in sight while one is lifted (walkD15 #9)."""
    shown = grounded(board, flying or {})[0]
    for p in over:
        if any(p is q for q in shown):
            card(screen, board, p, look, p is focus, offered)


def lifted(screen, placed, look, rect, focused=False, offered=True):
    """One card drawn whole over the others at logical `rect` (hovered or dragged), or,
    where `rect` is narrower than the card (what shows of a card of a fan to pick from:
    layout.shown_part), that part of it, marked there; `focused`: the keyboard is on it;
    its raise and its dim (a card that cannot be played keeps its grey wash under the
    keys and the pointer) only once moves are `offered`."""
    r = screen.rect(rect)
    whole = screen.rect(placed.rect) if rect.w < placed.rect.w else r
    img, pad = look.image(placed.card if placed.face_up else None, whole.w, whole.h, placed.zone, shadowed=True)
    screen.surface.blit(img, (r.x - pad, r.y - pad), pygame.Rect(0, 0, r.w + pad, r.h + 2 * pad))
    if r.w < whole.w:           # a blind pick's card, lit where it shows (its back is like the others')
        screen.surface.blit(card_sprites.tint(r.w, r.h, palette.FOCUS, 70), r)
    if placed.dimmed and offered:
        screen.surface.blit(card_sprites.tint(r.w, r.h, (0, 0, 0), 110), r)
    edge = palette.SELECT if placed.selected else palette.GOLD if placed.raised and offered else None
    width = max(2, screen.px(3))
    if edge is not None:
        screen.surface.blit(card_sprites.outline(r.w, r.h, edge, width), (r.x - width, r.y - width))
    if focused:                 # the keyboard's mark, outside a picked card's blue edge
        out = 2 * width if edge is not None else width
        screen.surface.blit(card_sprites.outline(r.w + 2 * (out - width), r.h + 2 * (out - width), palette.FOCUS,
                                                 width), (r.x - out, r.y - out))


ZOOM_SCALES = (1.0, 0.9, 0.8, 0.7, 0.6, 0.5)    # the enlarged card's sizes tried, largest first
ZOOM_LEAST = 1.05       # ... never under this many times the card's own height
PLATE_WIDEST = 1.6      # ... its name plate up to this many times its width, so a name stays on one line
                        # (walkD16 #6: 'Defense green / 4' wrapped in a plate as narrow as the card)
ZOOM_GAP = 6            # ... first ZOOM_GAP apart from what it keeps clear of, its gold edge drawn outside it
                        # (walkD16 #13: flush against Sam's hand it hid his first card and the H of 'Hand (4)')


def enlarged(screen, placed, look, board, size, bottom, keep_clear=(), avoid=(), note="", dimmed=False):
    """The face-up card under the pointer shown enlarged to `size`, beside it within the
    table down to `bottom`, so the card itself stays in sight and clickable, and clear of
    `keep_clear` (what the person needs to see, read or click), of `avoid` (what says
    who sits where and what lies there) and of every other card on the table, a pile's
    edges too (see scenes/table/layout.zoom_box), off the empty places where it can;
    smaller (ZOOM_SCALES, never under ZOOM_LEAST of the card) where only a smaller one
    finds such a place, else over the backs of face-down cards (nothing on them to read),
    else, as small as it may be, over those and the words of `avoid` too (a moment, while
    the card is looked at); in the first two cases ZOOM_GAP apart from them where it can;
    never over the side panel (its log and its key legend are read then). Framed gold as a card that can be played is, but `dimmed` (one that cannot:
    washed grey as it is in the hand, with the panel's edge). Under it, on a plate up to PLATE_WIDEST of its width (as wide as the card where only that finds the place at any size), what it is (the card's spoken name, on one line where it can) and the game's `note` on
    the card (what of it counts), whole. Where no place is clear, it is not shown.
    Returns where it lies (a logical rect), or None when the card is already as large or
    there is no room."""
    faces = [p.rect for p in board.placed if p is not placed and p.face_up]
    backs = [p.rect for p in board.placed if p is not placed and not p.face_up]
    needed = list(keep_clear) + faces
    tiers = (needed + list(avoid) + backs, needed + list(avoid), needed)
    said = capital(card_name(placed.card))
    for clear, gap, scale, wide in [(clear, gap, scale, wide) for clear in tiers[:2] for gap in (ZOOM_GAP, 0)
                                    for wide in (True, False) for scale in ZOOM_SCALES] + [
            (tiers[2], 0, scale, wide) for wide in (True, False) for scale in reversed(ZOOM_SCALES)]:  # over words: small
        w, h = int(size[0] * scale), int(size[1] * scale)
        if w <= placed.rect.w and h <= placed.rect.h or h < ZOOM_LEAST * placed.rect.h:
            continue
        plate = max(w, min(int(screen.text_width(said, READ)) + 17, int(w * PLATE_WIDEST))) if wide else w
        name = screen.wrap(said, READ, plate - 16)
        lines = name + (screen.wrap(note, READ, plate - 16) if note else [])
        below = len(lines) * LOG_LINE + 14
        box = zoom_box(placed.rect, (plate, h + below), board.table_w, bottom, clear, board.slots, gap)
        if box is not None:
            break
    else:
        return None
    r = screen.rect((box.x + (plate - w) // 2, box.y, w, h))
    img, pad = look.image(placed.card, r.w, r.h, placed.zone, shadowed=True)
    screen.surface.blit(img, (r.x - pad, r.y - pad))
    if dimmed:
        screen.surface.blit(card_sprites.tint(r.w, r.h, (0, 0, 0), 110), r)
    width = max(2, screen.px(3))
    frame = palette.PANEL_EDGE if dimmed else palette.GOLD
    screen.surface.blit(card_sprites.outline(r.w, r.h, frame, width), (r.x - width, r.y - width))
    screen.panel((box.x, box.y + h + 6, plate, below - 6), alpha=235)
    for k, line in enumerate(lines):
        colour = palette.GOLD if k < len(name) else palette.TEXT
        screen.text(line, READ, colour, (box.x + 8, box.y + h + 10 + k * LOG_LINE))
    return box


def flights(screen, motion, board, look, centre):
    """The cards in flight, between where they were and where they land (Flight.between)."""
    surf = screen.surface
    for f in motion.flights:
        t = f.progress()
        if t is None and not f.in_place:
            continue
        t = t or 0.0            # a card to turn over where it lies waits there face down
        x, y, w, h = f.between(motion.target(f, board, centre)) or f.start
        face = f.card is not None and (not f.flip or t >= 0.5)
        squeeze = abs(1 - 2 * t) if f.flip else 1.0
        r = screen.rect((x, y, w, h))
        img = look.image(f.card if face else None, r.w, r.h, f.zone)
        if squeeze < 1:
            img = pygame.transform.smoothscale(img, (max(1, int(r.w * squeeze)), max(1, r.h)))
        surf.blit(card_sprites.shadow(r.w, r.h), r.move(-screen.px(4), screen.px(6)))
        surf.blit(img, img.get_rect(center=r.center))


DIE = 54                # the die's side


def die_rect(board):
    """Where the die lies on `board` (a logical rect), or None on a table without one."""
    if board.die is None:
        return None
    x, y = board.die
    return pygame.Rect(int(x - DIE / 2), int(y - DIE / 2), DIE, DIE).inflate(2, 2)


def die(screen, motion, board, face):
    """The die: spinning while it rolls, then `face` (None: no die shown)."""
    if board.die is None or face is None and motion.rolling <= 0:
        return
    rect = pygame.Rect(0, 0, screen.px(DIE), screen.px(DIE))
    rect.center = screen.pixel(board.die)
    if motion.rolling > 0:
        value = random.Random(int(motion.rolling * 40)).randint(1, 6)
        die_sprite.DieSprite(value, rect).draw(screen.surface, angle=motion.rolling * 900 % 360)
    else:
        die_sprite.DieSprite(face, rect).draw(screen.surface)


MESSAGE_H = 32          # a one-line message's height
MESSAGE_LINE = 22       # each further line's


def message_lines(screen, board, words):
    """`words` as a message says them: one line, or wrapped (never cut) when the table
    is too narrow for them, or where the table placed them narrower (board.message_wrap)."""
    return screen.wrap(words, BODY, board.message_wrap) if words else []


def message_width(screen, board, words):
    """The width of the message of `words`."""
    lines = message_lines(screen, board, words) or [""]
    return min(board.table_w - 80, max(screen.text_width(line, BODY) for line in lines) + 40)


def message_height(screen, board, words):
    """The height of the message of `words`: taller by a line for each line it wraps to."""
    return MESSAGE_H + MESSAGE_LINE * (max(1, len(message_lines(screen, board, words))) - 1)


def message_box(screen, board, words, spot=None):
    """Where the message of `words` lies (a pygame.Rect, logical): at `spot`, else above
    the hand (see message)."""
    width, height = message_width(screen, board, words), message_height(screen, board, words)
    x, y = spot or (board.table_w / 2 - width / 2, board.message_y() + MESSAGE_H - height)
    return pygame.Rect(int(x), int(y), int(width), int(height))


def message(screen, board, words, spot=None):
    """A message (an illegal move's reason, a hint, whole on as many lines as it needs) at
    `spot` (x, y: where the table placed it, clear of the cards it talks about), else
    above the hand."""
    if not words:
        return
    box = message_box(screen, board, words, spot)
    screen.panel(tuple(box), fill=(70, 22, 18), alpha=230, edge=palette.DANGER)
    for k, line in enumerate(message_lines(screen, board, words)):
        screen.text(line, BODY, palette.TEXT, (box.centerx, box.y + 16 + MESSAGE_LINE * k), "center")


BUBBLE_PX = 15          # a bubble's words are never drawn smaller than this, in pixels
BUBBLE_SIZE = BODY      # ... and at this logical size when the window is large enough
BUBBLE_W = 380          # the widest a bubble's words run, in logical units
BUBBLE_FILL = (252, 244, 220)
BUBBLE_TEXT = (40, 32, 20)


def bubble_size(screen):
    """The logical text size of a bubble: BUBBLE_SIZE, larger in a small window so that
    its pixels never fall under BUBBLE_PX."""
    return max(BUBBLE_SIZE, BUBBLE_PX / screen.s)


class Bubble(NamedTuple):
    """A bubble placed: its lines at text `size`, its box, the tip of its arrow and the
    rect it points at (logical units)."""

    lines: list
    size: float
    box: object
    tip: tuple          # None: a bubble without an arrow
    target: object


def place_bubble(screen, words, target, bounds, avoid=(), keep_clear=(), cards=(), plates=()):
    """A Bubble of `words` pointing at `target` (a logical rect), inside `bounds` (x, y,
    w, h), covering nothing of the target nor, where any place can, of `keep_clear` (what
    the person is told to click, their own things), and where it can none of the `avoid`
    rects (buttons, name plates, captions, face-up cards to read), then none of the
    `cards`. Its arrow, like its box, crosses none of them where a place lets it, and
    keeps a few units from the name `plates` (a thin arrow grazed a plate's end) (a
    short arrow first, the words wrapped narrower where only a narrower bubble finds
    one); where none does, the bubble goes without an arrow, as near the target its ring
    marks as it can (see layout.bubble_box). An arrow that would pass within CARD_MARGIN
    of a card it does not point at (layout.keeps_margin) goes only where no narrower
    bubble, no longer arrow and no bubble without one finds a place: it read as pointing
    at that card (1 unit off KTU's 9 of clubs at 960x600)."""
    size = bubble_size(screen)
    widest = min(BUBBLE_W * size / BUBBLE_SIZE, bounds[2] - 20)
    target = pygame.Rect(target)
    grazing = None          # the first place found whose arrow passes by a card
    for arrow in ARROWS:
        if arrow == "loose" and grazing is not None:
            return grazing
        found = []
        for part in (1, 0.7, 0.5) if arrow != "loose" else (1,):
            lines = screen.wrap(words, size, widest * part)
            w = max(screen.text_width(line, size) for line in lines) + 28
            h = size * 1.3 * len(lines) + 18
            place = bubble_box(target, (w, h), bounds, avoid=avoid, keep_clear=keep_clear, cards=cards,
                               arrows=(arrow,), plates=plates)
            if place is None:
                continue
            placed = Bubble(lines, size, *place, target)
            if arrow in ("near", "clear") and not keeps_margin(*place, target, cards):
                grazing = grazing or placed
                continue        # a narrower bubble may find a place whose arrow keeps clear
            found.append(placed)
            if arrow != "bare":
                break       # the widest that finds a place
        if found:               # without an arrow: the nearest, as narrow as that takes
            return min(found, key=lambda bubble: gap_between(bubble.box, target))
    return grazing


def bubble(screen, placed):
    """A placed Bubble: its words in a box, an arrow to what they mean (none where no arrow
    could reach it clear of what is read: the ring alone marks it), which is ringed."""
    lines, size, box, tip, target = placed
    ring = max(2, screen.px(3))
    pygame.draw.rect(screen.surface, palette.HINT, screen.rect(target.inflate(10, 10)), ring,
                     border_radius=screen.px(8))
    if tip is not None:
        pygame.draw.polygon(screen.surface, palette.HINT, [screen.pixel(p) for p in bubble_tail(box, tip)])
    screen.panel(box, fill=BUBBLE_FILL, alpha=250, edge=palette.HINT, radius=10)
    for i, line in enumerate(lines):
        screen.text(line, size, BUBBLE_TEXT, (box.x + 14, box.y + 9 + i * size * 1.3))


def outcomes(screen, board, held, zones, flying=None):
    """The outcomes held on the table (scenes/table/hold.Outcome): the face-up cards of `zones`
    (the banner's winner's cards on the table, those landed) ringed in gold, each lane's
    result on its lane, and the banner's words over the table, above the hand."""
    width = max(3, screen.px(4))
    for p in grounded(board, flying or {})[0]:
        if p.face_up and p.zone in zones:
            r = screen.rect(p.rect)
            screen.surface.blit(card_sprites.outline(r.w, r.h, palette.GOLD, width), (r.x - width, r.y - width))
    areas = dict(zip(board.lanes, board.results))
    banner = None
    for outcome in held:
        if outcome.lane in areas:
            lane_result(screen, areas[outcome.lane], outcome.words)
        elif outcome.lane is None:
            banner = outcome
    if banner is None or not banner.words:
        return
    words = banner.words
    x, y = 340, board.hand_top - 44         # beside the viewer's name plate, above the hand
    room = board.table_w - 220 - x
    if screen.text_width(words, BODY) <= room - 30:
        lines, size = [words], BODY
    else:                                   # two smaller lines, in the same band
        lines, size = two_lines(screen, words, READ, room - 30), READ
    w = min(room, max(screen.text_width(line, size) for line in lines) + 30)
    screen.panel((x, y, w, 38), fill=(64, 52, 14), alpha=235, edge=palette.GOLD)
    for i, line in enumerate(lines):
        screen.text(line, size, palette.GOLD, (x + 15, y + 19 + (i - (len(lines) - 1) / 2) * 17), "midleft",
                    width=w - 30)


def two_lines(screen, words, size, width):
    """`words` on two lines of `width` at most where they can be: broken after a comma or
    colon, or before a bracket, where both halves fit (the halves nearest alike first), so
    that each line reads as a part of its own; else wrapped, the rest on the second line."""
    breaks = [(k + 1, k + 2) for k in range(len(words) - 1) if words[k] in ",:" and words[k + 1] == " "]
    breaks += [(k, k + 1) for k in range(len(words) - 1) if words[k] == " " and words[k + 1] == "("]
    halves = [(words[:end].rstrip(), words[start:]) for end, start in breaks]
    fitting = [pair for pair in halves if max(screen.text_width(half, size) for half in pair) <= width]
    if fitting:
        return list(min(fitting, key=lambda pair: max(screen.text_width(half, size) for half in pair)))
    lines = screen.wrap(words, size, width)
    return lines[:1] + [" ".join(lines[1:])]


RISE = 14               # how far below its place a callout starts as it rises into it
CALLOUT_SIZE = 30       # a callout's words, at the logical size (a celebration's: GRAND_SIZE)
GRAND_SIZE = 40
CONFETTI = (palette.GOLD, palette.SELECT, palette.HINT, palette.DANGER, palette.TEXT)


def callout_words(call, progress):
    """A callout's words as shown `progress` (0 to 1) into its time: its number counted
    up over the first half."""
    if call.count is None:
        return call.words
    return call.words.replace("{n}", str(round(call.count * min(1.0, progress * 2.0))))


def callout(screen, board, call, progress, keep_clear=(), keep_read=(), avoid=(), faces=None):
    """A callout (game/presenter.Callout) held on the table `progress` (0 to 1) into its
    time: large words by where it happened (its zones on `board`), keeping to the table's
    one rule (scenes/table/layout.callout_box): never over the rects of `keep_clear` (the
    hand, the buttons, the targets) nor over the cards it speaks of and their captions
    (see spoken) where any place can, nor over `keep_read` (the name plates and the
    captions: see readable), and off the cards on the table (`avoid`), else off the
    face-up ones (`faces`), where a place can; good news in gold, bad in red; it rises
    into place, and a celebration throws confetti. Returns where it lies."""
    size = GRAND_SIZE if call.grand else CALLOUT_SIZE
    final = callout_words(call, 1.0)
    room = board.table_w - 60
    if screen.text_width(final, size) + 48 > room:
        size = max(20, int(size * (room - 48) / (screen.text_width(final, size) + 1)))
    boxes = [pygame.Rect(*map(int, board.boxes[key])) for key in call.at if key in board.boxes]
    anchor = boxes[0].unionall(boxes[1:]) if boxes else None
    bounds = (20, TOP + 6, board.table_w - 40, board.height - TOP - 12)
    told = spoken(board, call.at, keep_read)
    shapes = callout_shapes(screen, final, size, room)
    placed = [(callout_box((w, h + RISE), anchor, bounds, keep_clear, beside=call.count is not None,
                           keep_read=keep_read, avoid=avoid, spoken=told, faces=faces), w, h)
              for w, h in shapes]                           # where it rises from, too, is kept clear
    must = [pygame.Rect(r) for r in list(keep_clear) + told + list(keep_read)]
    path, w, h = next((shape for cards in (avoid, avoid if faces is None else faces) for shape in placed
                       if shape[0].collidelist(must + [pygame.Rect(r) for r in cards]) < 0), placed[0])
    box = pygame.Rect(path.x, path.y, path.w, int(h))
    rise = RISE * max(0.0, 1 - progress / 0.12)
    shown = box.move(0, int(rise))
    colour = palette.GOLD if call.grand or call.tone == "good" else palette.DANGER if call.tone == "bad" \
        else palette.TEXT
    if call.grand:
        confetti(screen, shown, progress)
    screen.panel(shown, fill=(18, 22, 30), alpha=235, edge=colour, radius=14)
    lines = screen.wrap(callout_words(call, progress), size, w - 24) if h > size * 1.7 else [
        callout_words(call, progress)]
    step = size * 1.2
    top = shown.centery - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        screen.text(line, size, colour, (shown.centerx, top + step * i), "center", width=w - 24)
    return box


def callout_shapes(screen, words, size, room):
    """The shapes (w, h) a callout of `words` at `size` may take on a table `room` wide,
    the first tried first: on one line, then on two, then three (walkA15 #18: one long
    line across a small table found no place clear of the cards, and lay over a hand)."""
    one = screen.text_width(words, size)
    shapes = [(min(room, one + 48), size * 1.7)]
    for count in (2, 3):
        width = min(room, one / count + 48 + size * 2)
        if len(screen.wrap(words, size, width - 24)) == count:
            shapes.append((width, size * 1.7 + size * 1.2 * (count - 1)))
    return shapes


def spoken(board, keys, captions, reach=3 * CAPTION):
    """What a callout of the zones `keys` speaks of: their face-up cards on `board`, and
    each rect of `captions` (the plates and captions, as readable gives them) standing on
    or just over one of them (a zone's caption lies right over its cards, on up to three
    lines)."""
    cards = [pygame.Rect(p.rect) for p in board.placed if p.face_up and p.zone in keys]
    tops = [pygame.Rect(r.x, r.y - reach, r.w, r.h + reach) for r in cards]
    return cards + [pygame.Rect(r) for r in captions if pygame.Rect(r).collidelist(tops) >= 0]


def confetti(screen, box, progress):
    """A celebration's confetti, thrown up from the callout `box` and falling back."""
    rng = random.Random(7)
    for i in range(36):
        x0 = box.x + rng.random() * box.w
        speed, drift = 120 + rng.random() * 160, (rng.random() - 0.5) * 160
        t = progress * 1.6
        x, y = x0 + drift * t, box.y + 10 - speed * t + 260 * t * t
        r = screen.rect((x, y, 7, 5 if i % 2 else 8))
        pygame.draw.rect(screen.surface, CONFETTI[i % len(CONFETTI)], r)


def lane_result(screen, band, words):
    """A lane's result written in its band between the lane's rows (two lines at most)."""
    x, y, w, h = band
    lines = screen.wrap(words, READ, w - 12)
    lines = lines[:1] + [" ".join(lines[1:])] if len(lines) > 2 else lines
    top = y + h / 2 - (10 + LOG_LINE * len(lines)) / 2
    screen.panel((x, y, w, h), fill=(64, 52, 14), alpha=240, edge=palette.GOLD)
    for i, line in enumerate(lines):
        screen.text(line, READ, palette.GOLD, (x + w / 2, top + 5 + LOG_LINE * i), "midtop", width=w - 12)


def toast(screen, motion, words_at, right, cover=True, board=None, keep_clear=(), keep_read=(), avoid=(),
          plates=None):
    """The newest toast in the top bar: after the bar's words (`words_at`: where they
    start and end) up to `right`, or, when it does not hold there on one line, over them
    (on two lines if need be) if it may `cover` them, else on the table (`board`), by the
    name plate of the seat it speaks of (`plates` as felt_and_seats takes them), keeping
    to the callouts' rule (toast_box)."""
    words = motion.toast()
    if words is None:
        return
    seat = motion.toast_seat()
    shown = {other: plate_rect(screen, board.plates[other], *plates[other])
             for other in (board.plates if board is not None and plates else ()) if other in plates}
    near = shown.pop(seat, None)
    x, y, width, height = toast_box(screen, words, words_at, right, cover, board, keep_clear, keep_read, avoid, near,
                                    list(shown.values()) if near is not None else ())
    if height == 32:
        screen.panel((x, y, width, height), fill=(20, 20, 24), alpha=230, edge=palette.GOLD)
        screen.text(words, BODY, palette.TEXT, (x + 15, y + 16), "midleft")
        return
    screen.panel((x, y, width, height), fill=(20, 20, 24), alpha=255, edge=palette.GOLD)
    bar_text(screen, words, (x + 15, y, width - 30, height), palette.TEXT)


def toast_box(screen, words, words_at, right, cover, board=None, keep_clear=(), keep_read=(), avoid=(), near=None,
              rivals=()):
    """Where a toast of `words` lies (x, y, w, h), as `toast` draws it: beside the bar's
    words, over them when it may `cover` them, else under the bar (never over the
    instruction while the person is to play); under the bar, on the table of `board`, it
    stands by `near` (the name plate of the seat it speaks of: a note never lies by a
    seat it does not speak of, nearer any of `rivals`, the other seats' plates, where a
    place can), else at the bar's words, and keeps to the callouts' rule
    (scenes/table/layout.callout_box): never over `keep_clear` (the hand, the buttons,
    the targets) nor `keep_read` (the name plates and captions: readable) where any
    place can, off `avoid` (the cards) where a place near can."""
    start, end = words_at
    x = end + 16
    width = min(right - x - 8, screen.text_width(words, BODY) + 30)
    if screen.text_width(words, BODY) + 30 <= width:
        return x, 10, width, 32
    if not cover and screen.text_width(words, BODY) + 30 <= right - start:
        under = pygame.Rect(int(start - 8), TOP - 2, int(screen.text_width(words, BODY) + 30), 32)
        if board is None or near is None and under.collidelist(list(keep_clear) + list(keep_read)) < 0:
            return tuple(under)
        bounds = (20, TOP - 2, board.table_w - 40, board.height - TOP - 8)
        return tuple(callout_box(under.size, near or under, bounds, keep_clear, keep_read=keep_read, avoid=avoid,
                                 rivals=rivals))
    return start - 8, 3 if cover else TOP - 2, right - start + 8, TOP - 12


def score_sentence(view, presenter):
    """The sentence under a panel's Scores heading: what the scores count and which way
    is better (and what makes a score so far, where the game says), and what a hidden
    score shows."""
    unit = capital(presenter.score_words(view))
    if None in view.scores:
        unit += "; a hidden score shows the cards held"
    return unit


def lit_seat(plates):
    """The seat whose name plate is lit (`plates` as plate_words gives them), or None: the
    side panel lights that seat's row, whatever view it tells."""
    return next((seat for seat, (_, _, current, _) in plates.items() if current), None)


MOVES_KEPT = 4       # the log lines the side panel's facts always leave to the log (walkA16 #14)


def side_panel(screen, view, presenter, names, seed, log_title, log_lines, lit, scroll=0, readouts=True, keys=()):
    """The right-hand panel: scores (seat `lit`'s row in gold: see lit_seat), the game's
    facts (unless not `readouts`: the deal still flies), the deal number, the log (its
    newest entry at the bottom, `scroll` entries back from the newest), and at its foot
    the `keys` that work now (see key_legend), under the log. Every readout is whole, on
    as many lines as it takes, where that leaves the log MOVES_KEPT lines and room for
    its newest entry shown; else the
    longest readouts are shortened, each to as many lines as leave them (ending '...',
    see shortened), and shown whole by the pointer (whole_fact): the facts never push the
    log out (walkA16 #14). Every entry shown is whole. Returns the readouts shortened, as
    [(logical rect, their whole words)]."""
    x = screen.lw - PANEL_W - 10
    y = TOP + 4
    h = screen.lh - y - 10
    legend = key_lines(screen, keys, PANEL_W - 28)
    foot = y + h - 10 - LOG_LINE * len(legend)
    bottom = foot - 12 if legend else y + h - 6
    screen.panel((x, y, PANEL_W, h), alpha=200)
    cy = y + 12
    screen.text("Scores", BODY, palette.GOLD, (x + 14, cy))
    cy += 26
    for line in screen.wrap(score_sentence(view, presenter), READ, PANEL_W - 28):
        screen.text(line, READ, palette.TEXT_DIM, (x + 14, cy))
        cy += LOG_LINE
    cy += 4
    for seat, score in enumerate(view.scores):
        if score is None:   # hidden from this seat: show what it can see instead
            count = sum(z.count for z in view.zones if z.owner == seat and z.kind == 'hand')
            score = f"{count} card" + ("" if count == 1 else "s")
        colour = palette.GOLD if seat == lit else palette.TEXT
        screen.text(names[seat], READ, colour, (x + 14, cy), width=PANEL_W - 100)
        screen.text(str(score), READ, colour, (x + PANEL_W - 14, cy), "topright")
        cy += 22
    cy += 8
    facts = [(f"{label}: {value}", swatch) for label, value, swatch in (presenter.readouts(view, names)
                                                                        if readouts else ())]
    newest = log_lines[len(log_lines) - 1 - max(0, min(scroll, len(log_lines) - 1))] if log_lines else ""
    kept = max(MOVES_KEPT, len(screen.wrap(newest, READ, PANEL_W - 28)))
    room = bottom - cy - 8 - (28 if seed is not None else 0) - 26 - LOG_LINE * kept
    cut = []
    for (words, swatch), lines in zip(facts, shortened(screen, [words for words, _ in facts], room)):
        if swatch in palette.HEX:
            pygame.draw.circle(screen.surface, palette.hex_colour(swatch),
                               screen.pixel((x + PANEL_W - 22, cy + 8)), screen.px(8))
        if "".join(lines).replace(" ", "") != words.replace(" ", ""):
            cut.append(((x + 8, cy, PANEL_W - 16, LOG_LINE * len(lines)), words))
        for line in lines:
            screen.text(line, READ, palette.TEXT, (x + 14, cy))
            cy += LOG_LINE
        cy += 3
    cy += 8
    if seed is not None:          # a joined screen is not told the deal number
        screen.text(f"Deal number {seed}", READ, palette.TEXT_DIM, (x + 14, cy))
        cy += 28
    if legend:
        pygame.draw.line(screen.surface, palette.PANEL_EDGE, screen.pixel((x + 12, foot - 6)),
                         screen.pixel((x + PANEL_W - 12, foot - 6)), max(1, screen.px(1)))
    for i, line in enumerate(legend):
        screen.text(line, READ, palette.TEXT_DIM, (x + 14, foot + LOG_LINE * i))
    log(screen, (x, cy, PANEL_W, bottom - cy), log_title, log_lines, scroll)
    return cut


def shortened(screen, facts, room):
    """The lines the side panel draws of each of `facts` within `room` logical units of
    height: each whole (wrapped to the panel), else, the longest first, one line less at
    a time (down to one), those that speak to the viewer ('Your Joker: ...') only once
    every other is down to one line (walkA17 #6: 'Your Joker: cancels 1 card of your
    extra credit (1 point) while you hold it: your score leaves...' cut beside another
    student's list of assignments), the last line kept ending '...' after the last whole
    word that fits (its comma, semicolon or colon left out)."""
    width = PANEL_W - 50
    wrapped = [screen.wrap(words, READ, width) for words in facts]
    kept = [len(lines) for lines in wrapped]
    yours = [words.startswith("Your ") for words in facts]
    while sum(LOG_LINE * n + 3 for n in kept) > room and max(kept, default=1) > 1:
        cut = max(range(len(kept)), key=lambda i: (kept[i] > 1 and not yours[i], kept[i]))
        kept[cut] -= 1
    shown = []
    for lines, n in zip(wrapped, kept):
        if n == len(lines):
            shown.append(lines)
            continue
        words = lines[n - 1].split(" ")
        while len(words) > 1 and screen.text_width(" ".join(words) + "...", READ) > width:
            words.pop()
        shown.append(lines[:n - 1] + [" ".join(words).rstrip(",;:") + "..."])
    return shown


def fact_under(cut, point):
    """The whole words of the shortened readout (of `cut`, as side_panel returns them)
    under the logical `point`, with its rect, or None."""
    if point is None:
        return None
    return next(((rect, words) for rect, words in cut if pygame.Rect(*map(int, rect)).collidepoint(point)), None)


def whole_fact(screen, rect, words):
    """A shortened readout of the side panel shown whole beside it, level with its rect,
    while the pointer is over it (walkA16 #14)."""
    x, y, _, _ = rect
    width = PANEL_W + 60
    lines = screen.wrap(words, READ, width - 24)
    h = LOG_LINE * len(lines) + 14
    top = max(TOP, min(y - 7, screen.lh - h - 10))
    left = x - 8 - width
    screen.panel((left, top, width, h), fill=(20, 20, 24), alpha=245, edge=palette.GOLD)
    for i, line in enumerate(lines):
        screen.text(line, READ, palette.TEXT, (left + 12, top + 7 + LOG_LINE * i))


def key_lines(screen, keys, width):
    """The keys that work now (['Enter: play', ...]) in lines of `width`, each key's words
    whole on one line, the keys parted by a dot."""
    lines = []
    for named in keys:
        joined = f"{lines[-1]}  ·  {named}" if lines else named
        if lines and screen.text_width(joined, READ) <= width:
            lines[-1] = joined
        else:
            lines.append(named)
    return lines


LOG_LINE = 19       # a log line's height


def log(screen, box, title, entries, scroll=0):
    """The log in `box` (x, y, w, h): the title (with how many entries lie above those
    shown, and how many below where it is scrolled back), then the entries that fit, each
    whole, the newest at the bottom, `scroll` entries back from the newest: a log short
    of room never reads as if the game began with its first line shown."""
    x, y, w, h = box
    scroll = max(0, min(scroll, len(entries) - 1))
    top = y + 26
    room = int((y + h - top) // LOG_LINE)
    shown = []
    for entry in reversed(entries[:len(entries) - scroll]):
        lines = screen.wrap(entry, READ, w - 28)
        if len(lines) > room:
            break
        room -= len(lines)
        shown.append(lines)
    above = len(entries) - scroll - len(shown)
    more = (f"{above} earlier, {scroll} newer" if above and scroll else f"{above} earlier above" if above
            else f"{scroll} newer below" if scroll else "")
    drawn = screen.text(title, BODY, palette.GOLD, (x + 14, y), width=w - 28)
    if more:
        screen.text(more, READ, palette.TEXT_DIM, (x + 14 + drawn + 10, y + 2), width=w - 38 - drawn)
    cy = top
    for lines in reversed(shown):
        for line in lines:
            screen.text(line, READ, palette.TEXT, (x + 14, cy))
            cy += LOG_LINE


def curtain(screen, name, heading, since, take_back_w):
    """The curtain that hides the table until `name` has the device, with what happened
    since they last had it (`heading`, then `since`: lines everyone may see, each whole),
    so a turn of theirs again says why ('Maya is skipped by the 8'); laid out as the
    curtain's plan says (`take_back_w`: the take-back button's width, or None)."""
    plan = curtain_plan(screen, since, take_back_w)
    screen.panel((0, 0, screen.lw, screen.lh), fill=(12, 30, 22), alpha=255, edge=None, radius=0)
    screen.text(f"Pass to {name}. Ready?", DISPLAY, palette.TEXT, (plan.x, plan.call), "midtop")
    screen.text(f"Only {name} should look at the screen now.", BODY, palette.TEXT_DIM, (plan.x, plan.look), "midtop")
    if since:
        screen.text(heading, READ, palette.GOLD, (plan.x, plan.heading), "midtop")
        for line, y in plan.lines:
            screen.text(line, READ, palette.TEXT, (plan.x, y), "midtop")


def dialog(screen, rect, title, buttons, focus, hover, colourblind):
    """A choice between several actions, over the dimmed table."""
    screen.panel((0, 0, screen.lw, screen.lh), fill=(0, 0, 0), alpha=120, edge=None, radius=0)
    screen.panel(rect, alpha=245, edge=palette.GOLD, radius=14)
    if screen.text_width(title, HEADING) <= rect[2] - 30:
        screen.text(title, HEADING, palette.GOLD, (rect[0] + rect[2] / 2, rect[1] + 18), "midtop", width=rect[2] - 30)
    else:                                   # a question: two smaller lines
        for i, line in enumerate(screen.wrap(title, READ, rect[2] - 30)[:2]):
            screen.text(line, READ, palette.GOLD, (rect[0] + rect[2] / 2, rect[1] + 10 + 21 * i), "midtop",
                        width=rect[2] - 30)
    for i, button in enumerate(buttons):
        button.draw(screen, focused=i == focus % len(buttons), hovered=button is hover)
        swatch = getattr(button, "swatch", None)
        if swatch:
            r = screen.rect(button.rect)
            pygame.draw.circle(screen.surface, palette.hex_colour(swatch),
                               (r.x + screen.px(22), r.centery), screen.px(10))
            if colourblind:
                screen.text(palette.colour_letter(swatch), READ, palette.TEXT,
                            (button.rect.x + 22, button.rect.centery), "center")
