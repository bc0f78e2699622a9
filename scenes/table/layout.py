"""Where everything lies on the table: pure geometry from a view and its game's presenter.

`lay_out(...)` returns a `Board`: every card's rect (also the click targets), each
zone's box, the captions, the empty slots, the field's lanes, the seats' panels and
name plates. All in logical units (the canvas is 1280 wide), so it needs no window;
pygame is used only for its Rect.

The viewer's seat (the anchor) sits at the bottom with its hand; the other seats sit
around the table, clockwise from the anchor's left; shared zones lie in the middle,
or beside the field for a game whose presenter lays out a field of lanes.
"""
import functools
import math
from typing import NamedTuple

import pygame

from sprites import cards as card_sprites
from sprites.text import BODY, MIN_PX, READ

PANEL_W = 260           # the right-hand panel (facts, scores, log)
TOP = 56                # height of the top bar
GAP = 16                # between zones in a row
CAPTION_SPILL = 4       # how far a caption may run past its cards into that gap, the rest keeping it apart
CAPTION = 17            # a zone's caption above its cards
SIDE = 236              # the width of a seat's panel at the left or right
# With four or more other seats the side columns reach down to the viewer's plate, and are
# as wide of these as leaves the smallest of every seat's cards largest (the first on a tie).
SIDES_CROWDED = (236, 200, 170)
# With three, the same where the usual seating (SIDE, the viewer's own rows under the side
# columns) leaves another seat's cards under SEAT_LEAST: the one seat across the top gives
# the side columns room (Deadline's Final, a side seat's assignments each with extra credit).
SIDES_THREE = (236, 280, 320)
SEATING = {}            # a crowded table's seating (side columns' width, own rows between them, top seats' widths
                        # by need, own rows snug: _Layout.seated) by what it holds
RESULT_H = 46           # the band of a field's lane where its result is written (two lines)
LIFT = 14               # how far a card of your hand under the pointer rises (others show whole in place)
RAISE = 10              # how far a card of your hand a move may take rises (a card picked: PICKED)
PICKED = 16
ROW_GAP = 4             # between two cards of a row side by side
EDGE = 3                # a card's edge (picked, hinted, another's card outlined) outside it: at least 2 pixels
FAN_EDGE = 0.08         # the least of a face-down card of another seat's that shows beside the next (see fan_step)
# How closely a plan lays cards (tried in this order at each size): another seat's face-down
# cards apart where they are few, else each showing an edge; a row's cards overlapping too.
# For a game whose rows read apart (ROWS_APART), before TIGHT: its rows apart but those
# too wide for their line, squeezed into it (SQUEEZED).
APART, EDGED, SQUEEZED, TIGHT = 0, 1, 2, 3
TIGHTS = (APART, EDGED, TIGHT)
PICK_ROOM = 8           # the room under a fan to pick from blind, its outlines clear of the captions under it
PLATE_H = 30            # a name plate's height
AVATAR = 38             # its avatar's diameter, the disc overlapping the plate's left end
# How far above the hand the person's own name plate lies: its disc's foot clear of the
# highest a card of the hand rests (PICKED), so that a card lifted under the pointer or
# the keyboard rises no further than to the plate's foot (hover_rect).
PLATE_ABOVE = PICKED + (PLATE_H + AVATAR) // 2 + 2
# How far below the top of another seat's panel (where its name plate lies) its cards'
# flow starts: the captions over them clear of the plate's disc, which hangs below the plate.
SEAT_TOP = (PLATE_H + AVATAR) // 2 + 4

# Where other seats sit, clockwise from the viewer's left, by how many there are.
SPOTS = {0: [], 1: ["top"], 2: ["topleft", "topright"], 3: ["left", "top", "right"],
         4: ["left", "topleft", "topright", "right"],
         5: ["left", "topleft", "top", "topright", "right"]}
SCALES = (1.0, 0.86, 0.74, 0.64, 0.55, 0.47, 0.4)
SEAT_LEAST = 0.64       # another seat's cards no smaller than this share of their size while the table has room
PLATE_ROOM = 90         # a seat's panel beside its name: the plate's avatar, computer mark and ends (draw.plate_parts)
# How a caption wider than its cards may go, in the order tried at each size of card:
# (in at most so many lines, its name's words apart too).
CAPTION_LINES = ((1, False), (2, False), (2, True), (3, False), (3, True))


class Placed:
    """A card drawn on the table, with what a click on it means."""

    __slots__ = ("rect", "card", "zone", "index", "face_up", "raised", "dimmed", "selected", "hinted")

    def __init__(self, rect, card, zone, index, face_up):
        self.rect = rect
        self.card = card
        self.zone = zone
        self.index = index
        self.face_up = face_up
        self.raised = self.dimmed = self.selected = self.hinted = False


class Board:
    """One layout of the table: cards, zone boxes, captions, slots, lanes, seat panels."""

    def __init__(self, width, height):
        self.width, self.height = width, height
        self.table_w = width - PANEL_W - 20     # the felt left of the side panel
        self.placed = []
        self.boxes = {}          # zone key -> (x, y, w, h)
        self.labels = []         # (words, (x, y))
        self.counted = {}        # a caption's place in `labels` -> (the zone it names, its count there)
        self.slots = []          # empty zones: a card-sized outline
        self.areas = []          # the field's lanes: (x, y, w, h), three rows each
        self.lanes = []          # the lane each of `areas` is
        self.own_zones = set()   # the keys of the anchor's zones (its hand, its cards on the table)
        self.results = []        # where each lane's result is written: (x, y, w, h), between its rows
        self.seat_panels = {}    # seat -> (x, y, w, h), the other seats
        self.plates = {}         # seat -> (x, y, w): name plates
        self.own_plate = None    # the anchor's, (x, y, w): w the most it takes
        self.hand_key = None
        self.hand_size = (0, 0)  # the size of the viewer's hand cards
        self.hand_top = height
        self.die = None          # the die's centre, for a game with a die
        self.piles = {}          # pile key -> (its rect, its cards), to draw it while cards fly there
        self.others = frozenset()   # (zone key, card name): another player's card among a player's own, outlined
        self.message_wrap = self.message_wraps()[0]   # how wide a message's lines run

    def message_wraps(self):
        """How wide a message's lines may run: across the table, or narrower (two thirds,
        a half) where that keeps it clear of what it must not cover."""
        wide = self.table_w - 120
        return wide, wide * 2 // 3, wide // 2

    def hand_cards(self):
        """The placed cards of the anchor's hand, left to right."""
        return [p for p in self.placed if p.zone == self.hand_key]

    def hold_still(self, card, x, corner=0.25):
        """The hand laid out again keeps `card` (the one under the pointer) where it lay,
        at `x`: its row is fanned out from it, a little tighter if need be (never so
        tight that a card's index corner, `corner` of its width, is covered), so a re-sort
        or a card more never slides another card under the pointer."""
        hand = self.hand_cards()
        held = next((p for p in hand if p.face_up and p.card is card), None)
        if held is None:
            return
        row = [p for p in hand if p is held or abs(p.rect.y - held.rect.y) < held.rect.h / 2]     # its row
        row.sort(key=lambda p: p.rect.x)
        box_x, _, box_w, _ = self.boxes[self.hand_key]
        w, i = held.rect.w, row.index(held)
        x = max(box_x, min(x, box_x + box_w - w))
        step = row[1].rect.x - row[0].rect.x if len(row) > 1 else 0
        if i:
            step = min(step, (x - box_x) / i)
        if len(row) - 1 - i:
            step = min(step, (box_x + box_w - w - x) / (len(row) - 1 - i))
        if len(row) > 1 and step < w * corner:
            return
        for k, p in enumerate(row):
            p.rect.x = int(x + (k - i) * step)

    def focus_cards(self):
        """The cards the keyboard walks: the hand's, and any other card a move may take
        (marked: raised)."""
        return [p for p in self.placed if p.zone == self.hand_key or p.raised]

    def lane_at(self, pos):
        """The lane of the field under a logical point, or None."""
        return next((lane for lane, area in zip(self.lanes, self.areas)
                     if pygame.Rect(*map(int, area)).collidepoint(pos)), None)

    def message_y(self):
        """Where a one-line message sits: above the anchor's plate."""
        return self.hand_top - PLATE_ABOVE - 38

    def anchor_rect(self, anchor, widgets=()):
        """The logical rect a bubble's `anchor` points at (a tutorial's `at`: a card name,
        `button:<kind>` or `button:next` among `widgets`, `zone:<key>`, `zone:<key>@<i>`,
        `lane:<n>`, or `lane:<n>-<m>`: those lanes together), or None when it is not on
        the table now; of a fan to pick from blind, what shows of the card (shown_part)."""
        if anchor.startswith("button:"):
            kind = anchor[len("button:"):]
            for widget in widgets:
                actions = getattr(widget, "actions", None) or ()
                if any(a.kind == kind for a in actions) or (kind == "next" and widget.key == "next"):
                    return pygame.Rect(widget.rect)
            return None
        if anchor.startswith("zone:"):
            key, _, index = anchor[len("zone:"):].partition("@")
            if index:
                return next((shown_part(p, self) for p in self.placed if p.zone == key and p.index == int(index)),
                            None)
            box = self.piles[key][0] if key in self.piles else self.boxes.get(key)
            return pygame.Rect(*map(int, box)) if box is not None else None
        if anchor.startswith("lane:"):              # a lane, or lanes from one to another: 'lane:0-2'
            first, _, last = anchor[len("lane:"):].partition("-")
            lanes = range(int(first), int(last or first) + 1)
            if not all(lane in self.lanes for lane in lanes):
                return None
            areas = [pygame.Rect(*map(int, self.areas[self.lanes.index(lane)])) for lane in lanes]
            return areas[0].unionall(areas[1:])
        mine = [p for p in self.placed if p.face_up and p.card.name == anchor]
        mine.sort(key=lambda p: p.zone != self.hand_key)
        return mine[0].rect if mine else None

    def message_spot(self, width, avoid=(), height=32):
        """Where a message `width` wide and `height` high sits, (x, y): above the anchor's
        plate, unless it would cover a rect of `avoid` (the cards it talks about, the
        viewer's own); then the nearest place over the table above that covers none of
        them (on the grid of 40, right above one of them, its caption left in sight, or
        right below one),
        centred or else moved to one side (right, then left) rather than further up,
        never over the hand (nor where its cards rise); where no place is clear, the one
        that covers least of them."""
        centred = self.table_w / 2 - width / 2
        sides = (centred, max(8, self.table_w - 8 - width), min(8, centred))
        base = self.message_y() + 32 - height
        heights = sorted({base - 40 * k for k in range(12)} | {r.top - CAPTION - 4 - height for r in avoid}
                         | {r.bottom + 4 for r in avoid}, reverse=True)
        spots = [(x, y) for y in heights for x in sides if TOP <= y <= base and y + height <= self.hand_top - LIFT - 2]

        def covered(spot):
            box = pygame.Rect(int(spot[0]), int(spot[1]), int(width), int(height))
            return sum(box.clip(r).width * box.clip(r).height for r in avoid)
        return min(spots, key=covered, default=(centred, base))


ARROWS = ("near", "clear", "bare", "loose")     # how a bubble may point, the first that finds a place (bubble_box)
REACH = 110             # the furthest a bubble stands from what its arrow points at (else narrower, or none)
PLATE_MARGIN = 4        # how far a bubble's arrow keeps from a name plate (a thin one grazed its rounded end)
CARD_MARGIN = 4         # how far a bubble's arrow keeps, where a place lets it, from a card it does not point at
DIALOG_EDGE = 12        # a choice's dialog moved off the cards keeps this far from them and inside the table
DIALOG_STEP = 8         # and is tried every this many units


def bubble_box(target, size, bounds, gap=14, avoid=(), keep_clear=(), cards=(), arrows=ARROWS, plates=()):
    """Where a bubble of `size` (w, h) goes to point at `target` (a rect) inside `bounds`
    (x, y, w, h): never over the target nor, where any place can, over the rects of
    `keep_clear` (what the person is told to click, their own things), and where it can
    over none of the `avoid` rects (buttons, name plates, captions, face-up cards to
    read), then none of the `cards` (the other cards on the table): above it, else below,
    left or right of it (left first for a target right of `bounds`, a row of the side
    panel), centred on it or shifted along its side; else the nearest place that covers
    none (nearest_box). How it points, the first of `arrows` that finds a place: "near",
    its arrow crossing none of them either, nor coming within PLATE_MARGIN of a name
    plate of `plates`, and at most REACH long (an arrow that would pass within
    CARD_MARGIN of a card goes to the nearest place as clear whose arrow keeps that
    margin, its tip slid along the target's side if need be, else stays: never lost);
    "clear", the same at any length; "bare",
    without an arrow (the tip None: the ring round the target marks it), where no arrow
    could reach the target without crossing one (the hand's first card right under the
    person's name plate); "loose", clear of `keep_clear` only, its arrow crossing what it must (the first place at
    worst). Returns (the bubble's rect, the arrow's tip), or None where none of `arrows`
    finds a place."""
    w, h = size
    bx, by, bw, bh = bounds
    t = pygame.Rect(target)

    def clamp(x, y):
        return (min(max(x, bx), bx + bw - w), min(max(y, by), by + bh - h))
    shift = max(0, w / 2 - 24)     # shifted along, the arrow still leaves the bubble's side
    tries = [((t.centerx - w / 2, t.top - gap - h), (t.centerx, t.top)),
             ((t.centerx - w / 2, t.bottom + gap), (t.centerx, t.bottom)),
             ((t.left - gap - w, t.centery - h / 2), (t.left, t.centery)),
             ((t.right + gap, t.centery - h / 2), (t.right, t.centery))] + \
            [((t.centerx - w / 2 + dx, t.top - gap - h), (t.centerx, t.top)) for dx in (-shift, shift)] + \
            [((t.centerx - w / 2 + dx, t.bottom + gap), (t.centerx, t.bottom)) for dx in (-shift, shift)]
    if t.left >= bx + bw:
        tries.insert(0, tries.pop(2))
    boxes = [(pygame.Rect(*map(int, clamp(x, y)), int(w), int(h)), tip) for (x, y), tip in tries]
    keep, buttons = list(keep_clear), list(keep_clear) + list(avoid)
    tiers = ((False, buttons + list(cards)), (False, buttons), (True, buttons + list(cards)), (True, buttons))
    for arrow in arrows:
        if arrow == "loose":
            ways = [((False, keep), False), ((True, keep), False)]
        else:
            ways = [(tier, arrow in ("near", "clear")) for tier in tiers]
        if arrow == "bare":         # in line with the target (right above it, say) before anywhere near
            ways = [((near, clear), "in line") for near, clear in tiers if near] + ways
        reach = REACH if arrow == "near" else None
        for (near, clear), tail in ways:
            crossed, kept_off = (clear, plates) if tail is True else ((), ())
            if near:
                found = nearest_box(t, size, bounds, clear, crossed, in_line=tail == "in line", reach=reach,
                                    plates=kept_off)
            else:
                found = next(((box, tip) for box, tip in boxes
                              if not box.colliderect(t) and clear_of(box, tip, crossed, clear, kept_off)), None)
            margin = with_margin(crossed, cards, t)
            if found is not None and crossed and not clear_of(*found, margin, ()):     # its arrow grazes a card
                found = nearest_box(t, size, bounds, clear, margin, in_line=tail == "in line", reach=reach,
                                    plates=kept_off, slide=True) or found
            if found is not None:
                return (found[0], None) if arrow == "bare" else found
        if arrow == "loose":
            return boxes[0]
    return None


def keeps_margin(box, tip, target, cards):
    """Does the arrow of a bubble at `box` to `tip` on `target` keep CARD_MARGIN from
    every card of `cards` (but one by the target: see with_margin)? False without an
    arrow."""
    if tip is None:
        return False
    points = bubble_tail(box, tip)
    return not any(tail_crosses(points, r) for r in with_margin(cards, cards, target))


def with_margin(rects, cards, target):
    """`rects` (what an arrow to `target` may not cross), each of them that is one of the
    `cards` grown by CARD_MARGIN all round, but a card within that of the target (a
    neighbour in a fan: the arrow's tip stands by it)."""
    def margin(rect):
        return pygame.Rect(rect).inflate(2 * CARD_MARGIN, 2 * CARD_MARGIN)
    grown = {tuple(pygame.Rect(card)) for card in cards if not margin(card).colliderect(target)}
    return [margin(r) if tuple(pygame.Rect(r)) in grown else r for r in rects]


def nearest_box(target, size, bounds, clear, crossed=(), step=12, in_line=False, reach=None, plates=(),
                slide=False):
    """The place for a bubble of `size` in `bounds` nearest to `target` that covers
    neither it nor any rect of `clear`, its arrow none of `crossed` (nor the margin round
    the name `plates`: see clear_of), with its arrow's tip
    on the target's side that faces it (only one `in_line` with the target: above or
    below it, or beside it; only one at most `reach` from it, when given); the tip where
    that side faces the bubble's middle, or (`slide`) where another point of that side
    lets the arrow by; None when there is none."""
    t = pygame.Rect(target)
    w, h = int(size[0]), int(size[1])
    for box in (pygame.Rect(x, y, w, h) for x, y in places_by_distance(tuple(t), w, h, tuple(bounds), step)):
        if reach is not None and gap_between(box, t) > reach:
            return None         # the places come nearest first: none after is within reach
        if box.colliderect(t) or box.collidelist(clear) >= 0:
            continue
        if in_line and not (box.left < t.right and box.right > t.left) and not (box.top < t.bottom and box.bottom > t.top):
            continue
        if box.bottom <= t.top or box.top >= t.bottom:
            edge = t.top if box.bottom <= t.top else t.bottom
            tips = [(min(max(x, t.left + 8), t.right - 8), edge) for x in (box.centerx, t.left, t.centerx, t.right)]
        else:
            side = t.left if box.right <= t.left else t.right
            tips = [(side, min(max(y, t.top + 8), t.bottom - 8)) for y in (box.centery, t.top, t.centery, t.bottom)]
        for tip in tips if slide else tips[:1]:
            if clear_of(box, tip, crossed, clear, plates):
                return box, tip
    return None


def gap_between(box, target):
    """How far apart two rects stand (0 where they touch or overlap)."""
    return math.hypot(max(target.left - box.right, box.left - target.right, 0),
                      max(target.top - box.bottom, box.top - target.bottom, 0))


@functools.lru_cache(maxsize=32)
def places_by_distance(target, w, h, bounds, step):
    """The top-left corners of a `w` x `h` box in `bounds` every `step` units, the nearest
    to the rect `target` first (kept: a bubble tries several tiers, its words several
    widths, for one layout)."""
    bx, by, bw, bh = bounds
    x0, y0, tw, th = target

    def distance(place):
        x, y = place
        dx = max(x0 - x - w, x - x0 - tw, 0)
        dy = max(y0 - y - h, y - y0 - th, 0)
        return dx * dx + dy * dy
    return tuple(sorted(((x, y) for x in range(int(bx), int(bx + bw - w) + 1, step)
                         for y in range(int(by), int(by + bh - h) + 1, step)), key=distance))


def bubble_tail(box, tip):
    """The arrow of a bubble at `box` to `tip`, as a triangle: the tip, and its base on
    the box's edge that faces the tip."""
    x = min(max(tip[0], box.left + 18), box.right - 18)
    y = min(max(tip[1], box.top + 14), box.bottom - 14)
    beside = tip[0] >= box.right or tip[0] <= box.left
    if not beside and (box.bottom <= tip[1] or box.top >= tip[1]):   # above or below: the arrow leaves an edge across
        edge = box.bottom - 2 if box.bottom <= tip[1] else box.top + 2
        return [tip, (x - 12, edge), (x + 12, edge)]
    edge = box.right - 2 if box.right <= tip[0] else box.left + 2
    return [tip, (edge, y - 12), (edge, y + 12)]


def clear_of(box, tip, crossed, covered, plates=()):
    """Does a bubble at `box`, its arrow to `tip`, cover none of the rects `covered`, and
    its arrow (the triangle between the box and the tip) none of the rects `crossed`,
    keeping PLATE_MARGIN from each name plate of `plates` (off one the tip itself stands
    that near, merely: the arrow must reach its target)?"""
    if box.collidelist(covered) >= 0:
        return False
    if not crossed and not plates:
        return True
    points = bubble_tail(box, tip)
    return not any(tail_crosses(points, pygame.Rect(r)) for r in crossed) and \
        not any(tail_crosses(points, plate_margin(plate, tip)) for plate in plates)


def plate_margin(plate, tip):
    """What an arrow to `tip` keeps clear of a name `plate`: the plate and PLATE_MARGIN
    round it, or the plate alone where the tip stands in that margin."""
    grown = pygame.Rect(plate).inflate(2 * PLATE_MARGIN, 2 * PLATE_MARGIN)
    return pygame.Rect(plate) if grown.collidepoint(tip) else grown


def tail_crosses(points, rect):
    """Does the triangle of `points` (a bubble's arrow) overlap `rect`: a corner of either
    inside the other, or an edge of the triangle through the rect?"""
    if rect.w <= 0 or rect.h <= 0:
        return False
    if any(rect.collidepoint(p) for p in points):
        return True
    if any(rect.clipline(points[i - 1], points[i]) for i in range(3)):
        return True
    (ax, ay), (bx, by), (cx, cy) = points
    px, py = rect.center

    def side(x1, y1, x2, y2):
        return (x2 - x1) * (py - y1) - (y2 - y1) * (px - x1)
    sides = (side(ax, ay, bx, by), side(bx, by, cx, cy), side(cx, cy, ax, ay))
    return all(d > 0 for d in sides) or all(d < 0 for d in sides)


def callout_box(size, anchor, bounds, keep_clear=(), beside=False, keep_read=(), avoid=(), spoken=None, faces=None,
                rivals=()):
    """Where a callout of `size` (w, h) stands: by `anchor` (a rect: where it happened;
    None: the middle of `bounds`), inside `bounds` (x, y, w, h). The table's one rule:
    never over a rect of `keep_clear` (what the person must act on: the hand, the
    buttons, the targets) nor over `spoken` (the cards it speaks of and their captions;
    None: the anchor) where any place can; nor over `keep_read` (what tells who sits
    where and what lies there: the name plates, the captions) where any place can; off
    every card on the table (`avoid`), else off every face-up one (`faces`; None: all of
    `avoid`), where a place can. At each of those tiers it stands above the anchor, below
    it, right of it, left of it (`beside`: right and left first), else the nearest place
    to it, else (with no anchor) up or down the table's middle; where no place keeps off
    the cards it speaks of, the place clear of `keep_clear` that covers least of them.
    With `rivals` (the name plates of the seats it does not speak of, the anchor being
    its seat's), it stands nearer the anchor than any of them where any place of those
    tiers can (walkB16 #2: 'Ines called' under Theo's cards read as Theo's).
    Held for many frames, so the place is kept for the same inputs."""
    def frozen(rects):
        return tuple(tuple(map(int, r)) for r in rects)
    near = None if anchor is None else tuple(map(int, anchor))
    return pygame.Rect(_callout_place(tuple(size), near, tuple(bounds), frozen(keep_clear), beside, frozen(keep_read),
                                      frozen(avoid), frozen([anchor] if spoken is None and anchor else spoken or ()),
                                      frozen(avoid if faces is None else faces), frozen(rivals)))


@functools.lru_cache(maxsize=64)
def _callout_place(size, anchor, bounds, keep_clear, beside, keep_read, avoid, spoken, faces, rivals):
    """callout_box's place, as (x, y, w, h), for inputs that can be kept."""
    w, h = size
    bx, by, bw, bh = bounds
    a = pygame.Rect(anchor) if anchor is not None else pygame.Rect(int(bx + bw / 2), int(by + bh / 2), 0, 0)

    def clamp(x, y):
        return int(min(max(x, bx), bx + bw - w)), int(min(max(y, by), by + bh - h))
    middle = bx + bw / 2 - w / 2
    ends = [(a.centerx - w / 2, a.top - h - 8), (a.centerx - w / 2, a.bottom + 8)]
    sides = [(x, y) for x, y in [(a.right + 12, a.centery - h / 2), (a.left - 12 - w, a.centery - h / 2)]
             if bx <= x and x + w <= bx + bw]
    by_it = (sides + ends if beside else ends + sides) if anchor is not None else []
    tries = [pygame.Rect(*clamp(x, y), int(w), int(h)) for x, y in by_it + [
        (a.centerx - w / 2, a.centery - h / 2)] + [
        (middle, by + bh / 2 - h / 2 + dy) for k in range(12) for dy in (-30 * k, 30 * k)]]
    by_it, middle_tries = tries[:len(by_it)], tries[len(by_it) + 1:]
    grid = []

    def nearest():
        """Every place, the nearest to the anchor first (made once, when needed)."""
        if not grid:
            grid.extend(pygame.Rect(x, y, int(w), int(h))
                        for x, y in places_by_distance(tuple(a), int(w), int(h), bounds, 8))
        return grid
    must = [pygame.Rect(r) for r in keep_clear] + [pygame.Rect(r) for r in spoken]
    read = must + [pygame.Rect(r) for r in keep_read]
    tiers = [read + [pygame.Rect(r) for r in avoid], read + [pygame.Rect(r) for r in faces], read, must]
    others = [pygame.Vector2(pygame.Rect(r).center) for r in rivals]

    def by_its_seat(box):
        centre = pygame.Vector2(box.center)
        return all(centre.distance_to(a.center) < centre.distance_to(other) for other in others)
    for kept in ([by_its_seat] if others else []) + [None]:
        for clear in tiers:
            found = next((box for box in by_it + (middle_tries if anchor is None else [])
                          if box.collidelist(clear) < 0 and (kept is None or kept(box))), None) or next(
                (box for box in nearest() if box.collidelist(clear) < 0 and (kept is None or kept(box))), None)
            if found is not None:
                return tuple(found)
    acted = [pygame.Rect(r) for r in keep_clear]
    told = [pygame.Rect(r) for r in spoken]

    def covered(box):
        return sum(box.clip(r).w * box.clip(r).h for r in told)
    free = [box for box in by_it + nearest() if box.collidelist(acted) < 0]
    if free:
        return tuple(min(free, key=covered))
    return (*clamp(a.centerx - w / 2, a.centery - h / 2), int(w), int(h))


def zoom_box(rect, size, right, bottom, keep_clear=(), avoid=(), gap=0):
    """Where the enlarged copy of a card at `rect` goes, `size` (w, h), on the table
    (from x 8 to `right`, from the top bar to `bottom`): beside the card, never over it,
    so it stays in sight and clickable; never over the rects of `keep_clear` (what the
    person needs to see, read or click), and where it can over none of `avoid`: above it
    (or above what to avoid), else below, else to a side, centred or shifted along, else
    the nearest place on the table clear of them (tried every 24 units, and against the
    table's right and bottom edges), `gap` apart from them. None where no place is clear
    of `keep_clear`."""
    w, h = size
    r = pygame.Rect(rect)

    def clamp_x(x):
        return min(max(8, x), right - w - 8)

    def clamp_y(y):
        return max(TOP, min(y, bottom - h))
    tries = []
    above = [r.top - h - 12] + [a.top - h - 12 for a in map(pygame.Rect, avoid) if a.top < r.top]
    for dx in (0, -w / 2, w / 2, -w, w):
        tries += [(clamp_x(r.centerx - w / 2 + dx), y) for y in above if y >= TOP]
        if r.bottom + h + 12 <= bottom:
            tries.append((clamp_x(r.centerx - w / 2 + dx), r.bottom + 12))
        if dx == 0:
            for x in (r.right + 12, r.left - w - 12):
                if 8 <= x <= right - w - 8:
                    tries.append((x, clamp_y(r.centery - h / 2)))
    boxes = [pygame.Rect(int(x), int(y), int(w), int(h)) for x, y in tries]
    boxes = [box for box in boxes if not box.colliderect(r)] or [pygame.Rect(
        int(clamp_x(r.centerx - w / 2)), int(clamp_y(r.top - h - 12)), int(w), int(h))]
    anywhere = []

    def apart(box, clear):
        return box.inflate(2 * gap, 2 * gap).collidelist(clear) < 0
    for clear in (list(keep_clear) + list(avoid), list(keep_clear)):
        for box in boxes:
            if apart(box, clear):
                return box
        anywhere = anywhere or sorted(
            (pygame.Rect(x, y, int(w), int(h)) for x in {*range(8, int(right - w - 8) + 1, 24), int(right - w - 8)}
             for y in {*range(TOP, int(bottom - h) + 1, 24), int(bottom - h)}),
            key=lambda box: (math.hypot(box.centerx - r.centerx, box.centery - r.centery), box.x, box.y))
        for box in anywhere:
            if not box.colliderect(r) and apart(box, clear):
                return box
    return None



class CurtainPlan(NamedTuple):
    """Where the curtain's parts lie (logical units): the centres' x, the tops of its call
    and of who should look, the Ready and take-back buttons' rects (take-back None when
    not offered), the top of the heading of what happened since, and its lines with their
    tops."""
    x: float
    call: float
    look: float
    ready: tuple
    take_back: tuple
    heading: float
    lines: list


CURTAIN_W = 900         # the curtain's lines at most this wide
CURTAIN_LINE = 19       # from one of its lines to the next


def curtain_plan(screen, since, take_back_w):
    """The curtain laid out in one centred column, top down: its call, who should look,
    Ready, the take-back button (`take_back_w`: its width, or None), then what happened
    since (the heading and the `since` lines, each wrapped whole to the width), the
    column centred in the window so no button lies over a word. Where the lines are
    more than the window holds, the oldest ones are told by their number (their words
    are in the Moves list)."""
    width = min(CURTAIN_W, screen.lw - 80)
    entries = [screen.wrap(line, READ, width) for line in since]
    buttons_h = 52 + (12 + 38 if take_back_w is not None else 0)
    room = (screen.lh - 40 - 54 - 34 - buttons_h - 28 - CURTAIN_LINE) // CURTAIN_LINE
    dropped = 0
    while entries and sum(map(len, entries)) + (1 if dropped else 0) > room:
        entries.pop(0)
        dropped += 1
    lines = ([f"{dropped} earlier {'move' if dropped == 1 else 'moves'}: see the Moves list"] if dropped else []) + [
        part for parts in entries for part in parts]
    told = (28 + CURTAIN_LINE * (1 + len(lines))) if since else 0
    top = max(20, (screen.lh - (54 + 34 + buttons_h + told)) / 2)
    x = screen.lw / 2
    ready = (x - 90, top + 88, 180, 52)
    take = None if take_back_w is None else (x - take_back_w / 2, top + 88 + 64, take_back_w, 38)
    heading = top + 88 + buttons_h + 28
    return CurtainPlan(x, top, top + 58, ready, take, heading,
                       [(line, heading + CURTAIN_LINE * (i + 1)) for i, line in enumerate(lines)])


def dialog_places(count, width, height, cards=()):
    """A dialog of `count` choices on a `width` x `height` table: its rect, the choices'
    rects (one column, or two for more than six) and the Cancel button's rect. It lies in
    the middle unless that covers some of `cards` ([(rect, read)]: cards, and the words
    that say who sits where and what lies there): then, at the same height, nearest the
    middle where it covers the least of them, what can be read (a card's face, words)
    counting twice a back (a D's colours beside the pile they are chosen against, never
    over it)."""
    cols = 1 if count <= 6 else 2
    rows = math.ceil(count / cols)
    bw, bh = 260, 40
    w = cols * bw + (cols - 1) * 12 + 40
    h = rows * (bh + 10) + 110
    y0 = height / 2 - h / 2
    middle = width / 2 - w / 2

    def covered(x):
        box = pygame.Rect(round(x), round(y0), round(w), round(h)).inflate(2 * DIALOG_EDGE, 2 * DIALOG_EDGE)
        return sum(clip.w * clip.h * (2 if up else 1) for clip, up in ((box.clip(r), up) for r, up in cards))
    ways = [middle] + [x for x in range(DIALOG_EDGE, int(width - w - DIALOG_EDGE) + 1, DIALOG_STEP)]
    x0 = min(ways, key=lambda x: (covered(x), abs(x - middle)))
    rects = [(x0 + 20 + col * (bw + 12), y0 + 60 + row * (bh + 10), bw, bh)
             for col, row in (divmod(i, rows) for i in range(count))]
    return (x0, y0, w, h), rects, (x0 + w / 2 - 70, y0 + h - 48, 140, 36)


def pile_cards(key, cards, rect):
    """Pile `key` of `cards` at `rect`: its top card over a few edges that show its
    thickness (placed cards; [] for no cards)."""
    if not cards:
        return []
    depth = pile_depth(cards)
    out = [Placed(rect.move(-(depth - i) * 2, -(depth - i) * 2), None, key, -1, False) for i in range(depth)]
    top = cards[-1]
    out.append(Placed(rect.copy(), top, key, len(cards) - 1, top is not None))
    return out


def pile_depth(cards):
    """How many edges under its top card show a pile's thickness, each 2 units up and
    left of the one over it."""
    return min(4, len(cards) // 10)


def landed(cards, flying):
    """`cards` without those still flying to them (`flying`: (card ids, how many hidden
    ones), as Motion.hidden() gives per zone): a hidden one goes from the end."""
    ids, count = flying
    cards = [c for c in cards if c is None or id(c) not in ids]
    if count:
        drop = set([i for i, c in enumerate(cards) if c is None][-count:])
        cards = [c for i, c in enumerate(cards) if i not in drop]
    return cards


def hand_order(cards, order, strength=lambda card: card.value):
    """The positions of `cards` in the order a hand is shown: `dealt` (as they are),
    `suit` (by suit or colour, then rank) or `rank` (by rank or value, then suit), the
    weakest first by the game's `strength(card)`; a hand with a hidden card stays as
    dealt."""
    if order == "dealt" or any(c is None for c in cards):
        return list(range(len(cards)))

    def key(i):
        c = cards[i]
        group = (c.suit or c.color or "", c.side or "")
        return (group, strength(c)) if order == "suit" else (strength(c), group)
    return sorted(range(len(cards)), key=key)


def lay_out(view, presenter, anchor, names, size, measure, playable=(), hinted=(), selection=(),
            order="dealt", picks=(), turn=False, scale=1.0):
    """The Board for `view` drawn with `anchor`'s seat at the bottom on a canvas of logical
    `size` (every card in its place, those still flying too: the drawing leaves them
    out); `measure(words, px)` is a caption's width. Marks: `playable` the face-up cards a
    move may take, as (zone key, card name), raised; `picks` the face-down cards a blind
    pick may take, as (zone key, position), raised and outlined where each shows, to be
    clicked one by one: the fan keeps its place and spread, and the hands the anchor
    takes from blind at some point (the presenter's picked_from) keep the room for those
    outlines at every moment, so a pick never moves a seat's corner (walkA16 #4); `hinted` card names and pick places to mark as a hint; `selection` the cards
    picked for a several-card move; on the anchor's `turn` to play a card, the hand's
    cards no move takes are dimmed (all of them when none fits). `order` is the order of
    the anchor's hand (see hand_order). `scale` is how many pixels a logical unit is drawn
    at (a card's corner index never shrinks under the smallest text's pixels)."""
    return _Layout(view, presenter, anchor, names, size, measure, order, set(picks), scale).board(
        set(playable), set(hinted), selection, turn)


class _Layout:
    """One run of the layout (holds its inputs while it places the zones)."""

    def __init__(self, view, presenter, anchor, names, size, measure, order, picks, scale):
        self.view, self.presenter, self.anchor, self.names = view, presenter, anchor, names
        self.order, self.picks, self.scale = order, picks, scale
        self.measuring, self.measured = measure, {}     # (words, size) -> width: a seat's captions, tried often
        self.pick_zones = {zone for zone, _ in picks} | presenter.picked_from(view, anchor)
        self.sizes = presenter.sizes
        self.b = Board(*size)
        self.pitch = CAPTION * max(1.0, MIN_PX / (READ * scale))   # a caption's line, as tall as its text is drawn
        self.narrowest = {}     # (caption, lines) -> the narrowest width that holds it in them
        self.outlined = {zone for zone, _ in presenter.others_cards(view)}     # rows with another's cards
        self.planned = {}       # plan's ways by its inputs (the zones by identity: the view's own, held)
        self.tights = (APART, EDGED, SQUEEZED, TIGHT) if presenter.ROWS_APART else TIGHTS

    def board(self, playable, hinted, selection, turn):
        b, sizes, view = self.b, self.sizes, self.view
        tw, lh = b.table_w, b.height
        owner = self.presenter.owners(view)
        cells = self.presenter.field(view, self.anchor, self.names)
        zones = [z for z in view.zones if z.key not in cells]
        mine = [z for z in zones if owner[z.key] == self.anchor]
        b.own_zones = {z.key for z in view.zones if owner[z.key] == self.anchor}   # the field's cells too
        hand = next((z for z in mine if z.kind == "hand"), None)
        own_rows = [z for z in mine if z is not hand]
        beside_field = []
        if cells:                   # the viewer's other zones lie beside the field
            zones = [z for z in zones if z not in own_rows]
            own_rows, beside_field = [], own_rows
        hand_y = b.hand_top = lh - sizes.hand[1] - 14
        b.plates[self.anchor] = b.own_plate = (20, hand_y - PLATE_ABOVE, 300)
        if hand is not None:
            b.hand_key = hand.key
            b.boxes[hand.key] = (20, hand_y, tw - 240, sizes.hand[1])
            b.placed += self.hand(hand, b.boxes[hand.key])
        bottom = hand_y - PLATE_ABOVE - 8       # where the own rows end, over the anchor's plate
        others = {(self.anchor + i) % view.players for i in range(1, view.players)}
        shared = [z for z in zones if owner[z.key] is None or
                  (owner[z.key] not in others and owner[z.key] != self.anchor)] + beside_field

        def theirs(seat):
            return [z for z in zones if owner[z.key] == seat]

        seating = (SIDE, False, False, False)
        if len(others) >= 3:        # the way of seating them that leaves the smallest cards largest
            key = (b.width, b.height, self.scale, self.anchor, tuple(self.names), frozenset(self.pick_zones),
                   tuple((z.key, owner[z.key], z.name, z.count, tuple(c and c.rank for c in z.cards),
                          self.presenter.zone_tag(z, view, self.names)) for z in zones))
            if key not in SEATING:
                if len(SEATING) > 256:
                    SEATING.clear()

                def best(tries):
                    smallest = {tried: self.smallest(self.seated(*tried, bottom, own_rows, shared, bool(cells), theirs),
                                                     own_rows, theirs) for tried in tries}
                    return max(tries, key=smallest.get), max(smallest.values())
                alike = [(side, between, False, False) for between in (False, True)
                         for side in (SIDES_CROWDED if len(others) > 3 else SIDES_THREE)]
                first = alike[:1] if len(others) == 3 else alike    # three: as usual while their cards are large
                SEATING[key], (sized, apart, _, fits) = best(first)
                if first is not alike and not (sized and apart and fits):
                    SEATING[key], (sized, apart, _, fits) = best(alike)
                if not (sized and apart and fits):            # the seats across the top as their cards need,
                    SEATING[key] = best([SEATING[key]] + [(side, between, True, snug) for side, between, _, _ in alike
                                                          for snug in (False, True)])[0]    # the own rows snug
            seating = SEATING[key]
        spots, left, rows, own_h = self.seated(*seating, bottom, own_rows, shared, bool(cells), theirs)
        top_h = max([r[3] for spot, r in zip(self.spots(), spots.values()) if spot.startswith("top")], default=150)
        top = TOP + top_h + 14 if spots else TOP + 20
        if own_rows:
            b.placed += self.flow(own_rows, rows, sizes.own, centred=True)
        own_top = bottom - own_h
        for seat, rect in spots.items():
            x, y, w, h = rect
            b.placed += self.flow(theirs(seat), (x + 8, y + SEAT_TOP, w - 16, h - SEAT_TOP - 6), sizes.mini, fan=True)
            b.seat_panels[seat] = rect
            b.plates[seat] = (x, y, w)
        centre = (left, top, tw - 2 * left, own_top - top - 10)
        if cells:
            split = centre[2] * 0.28 if shared else 0
            b.placed += self.flow(shared, (left, top, split - 10, centre[3]), sizes.centre, centred=True)
            field = [z for z in view.zones if z.key in cells]
            b.placed += self.field(field, cells, (left + split, top - 4, centre[2] - split, centre[3] + 4))
        else:
            b.placed += self.flow(shared, centre, sizes.centre, centred=True)
        self.mark(playable, hinted, selection, turn)
        b.others = self.presenter.others_cards(view)
        b.die = self.presenter.die_centre(b)
        return b

    def measure(self, words, size):
        """The width of `words` written at `size` (kept for the layout's many tries)."""
        key = (words, size)
        if key not in self.measured:
            self.measured[key] = self.measuring(words, size)
        return self.measured[key]

    def mark(self, playable, hinted, selection, turn):
        """Mark every card a move may take (raised: the hand's rise), dim the hand's others
        on the anchor's turn, mark the selection (and the anchor's own cards the game holds
        as chosen for the move in progress: the presenter's `chosen`) and a hint."""
        hand_key = self.b.hand_key
        chosen = self.presenter.chosen(self.view)
        for p in self.b.placed:
            if p.card is not None and p.face_up:
                p.raised = (p.zone, p.card.name) in playable
                p.dimmed = turn and p.zone == hand_key and not p.raised
            elif p.index >= 0:
                p.raised = (p.zone, p.index) in self.picks
            p.selected = p.card is not None and (any(c is p.card for c in selection) or p.face_up and (
                p.card.name in chosen and p.zone in self.b.own_zones))
            p.hinted = (p.card is not None and p.card.name in hinted) or (p.zone, p.index) in hinted
            if p.zone == hand_key and (p.raised or p.selected):    # elsewhere a rise would cover its caption
                p.rect = p.rect.move(0, -PICKED if p.selected else -RAISE)

    def spots(self):
        """Where the other seats sit (SPOTS), clockwise from the viewer's left."""
        return SPOTS.get(self.view.players - 1, SPOTS[5])

    def seated(self, side, between, split, snug, bottom, own_rows, shared, field, theirs):
        """One way to seat the others, with side columns `side` wide: (their panels, the
        left edge of what lies between the side columns, the box of the anchor's own rows,
        their height). The own rows lie over the anchor's plate, under the side columns or
        `between` them, the side columns then reaching down to the plate; the seats
        across the top take the room the shared zones and the own rows leave at least,
        sharing the width between the side columns alike or, `split`, by what their
        cards need (see seat_spots); `snug`: the own rows no taller than they take with
        their cards at SEAT_LEAST of their size (see tall)."""
        sizes, tw = self.sizes, self.b.table_w
        n = self.view.players - 1
        left = side + 22 if n > 2 else 20
        rows_x, rows_w = (left, tw - 2 * left) if between else (20, tw - 240)
        own_h = least = 0
        if own_rows:
            own_h = sizes.own[1] + 22 if len(own_rows) <= 4 and not between else 2 * (sizes.own[1] * 0.72 + 22)
            least = self.least(own_rows, rows_w, sizes.own)
            if snug:
                own_h = max(least, min(own_h, self.tall(own_rows, rows_w, (int(sizes.own[0] * SEAT_LEAST),
                                                                           int(sizes.own[1] * SEAT_LEAST)), False)))
        centre_least = self.least(shared, tw - 2 * left, sizes.centre) if shared and not field else \
            sizes.centre[1] * SCALES[-2] + 3 + self.pitch
        spots = self.seat_spots(bottom if between else bottom - own_h, bottom - least - centre_least, theirs, side,
                                split)
        top_h = max([r[3] for spot, r in zip(self.spots(), spots.values()) if spot.startswith("top")], default=150)
        top = TOP + top_h + 14 if spots else TOP + 20
        if own_rows:            # the seats across the top may have taken some of their room
            own_h = max(least, min(own_h, bottom - top - 10 - centre_least))
        return spots, left, (rows_x, bottom - own_h, rows_w, own_h), own_h

    def smallest(self, seated, own_rows, theirs):
        """How large the smallest cards are, as a share of their full size, of the other
        seats' in their panels and of the anchor's own rows, seated so (see seated):
        whether every seat's are at SEAT_LEAST of their size or larger, then, for a game
        whose rows read apart (ROWS_APART), whether they lie apart (walkA16 #11, Ines's
        four 4s a strip each, their outlines one into another, while Theo's cards two
        seats away were drawn twice as large: rows apart are preferred only among the
        seatings that keep every seat's cards that large), that share, then whether they
        all fit."""
        spots, _, (_, _, rows_w, own_h), _ = seated
        plans = [(self.plan(theirs(seat), w - 16, h - SEAT_TOP - 6, self.sizes.mini, True), self.sizes.mini)
                 for seat, (_, _, w, h) in spots.items()]
        if own_rows:
            plans.append((self.plan(own_rows, rows_w, own_h, self.sizes.own, False), self.sizes.own))
        sized = all(plan[1][0] >= int(base[0] * SEAT_LEAST) for plan, base in plans)
        return (sized, all(self.apart(plan) for plan, _ in plans),
                min((plan[1][0] / base[0] for plan, base in plans), default=1.0), all(plan[4] for plan, _ in plans))

    def apart(self, plan):
        """Do the cards of `plan` (see plan) lie apart where a game's rows read apart
        (ROWS_APART)? (Always, for any other game.)"""
        return not (self.presenter.ROWS_APART and plan[2] in (SQUEEZED, TIGHT))

    def roomy(self, plan, base):
        """Are the cards of `plan` (see plan) at SEAT_LEAST of their size `base` or larger
        (rounded down), and apart (see apart)?"""
        return plan[1][0] >= int(base[0] * SEAT_LEAST) and self.apart(plan)

    def least(self, zones, w, base):
        """The least height `zones` take in a flow `w` wide, their cards `base` at most:
        the smallest way plan lays them out."""
        return sum(self.plan(zones, w, 0, base, False)[3])

    def seat_spots(self, bottom_top, lowest, theirs, side, split=False):
        """Panel rects for the other seats, keyed by seat (`theirs(seat)`: its zones):
        those at the sides `side` wide down to `bottom_top`, the seats across the top 150 high, or
        taller where a seat's zones do not fit in that, or, for a game whose rows read
        apart (ROWS_APART), do not lie apart in it where a taller panel lays them apart
        (all alike, down to `lowest` at most: the shared zones and the anchor's own rows
        keep the least room they take under them); with four or more others, the seats across the top share the width
        between the side columns alike or, `split`, each as wide as leaves the tallest
        shortest (see shares)."""
        tw = self.b.table_w
        n = self.view.players
        others = [(self.anchor + i) % n for i in range(1, n)]
        spots = self.spots()
        side_y = TOP + 6 if len(others) > 3 else 86
        side_h = max(150, bottom_top - side_y - 12)
        wide = len(others) > 2
        rects = {"left": (12, side_y, side, side_h), "right": (tw - side - 12, side_y, side, side_h),
                 "top": (tw / 2 - 170, TOP + 6, 340, 150),
                 "topleft": (tw * (0.27 if wide else 0.3) - 170, TOP + 6, 340, 150),
                 "topright": (tw * (0.73 if wide else 0.7) - 170, TOP + 6, 340, 150)}
        if len(others) in (1, 3):   # one seat across: as wide as the side panels leave
            rects["top"] = (side + 22, TOP + 6, tw - 2 * side - 44, 150)
        if len(others) >= 4:        # between the side panels
            tops = [(seat, spot) for seat, spot in zip(others, spots) if spot.startswith("top")]
            across = tw - 2 * side - 44
            parts = [across / len(tops)] * len(tops)
            if split:
                parts = self.shares([(seat, theirs(seat)) for seat, _ in tops], across)
            x = side + 22
            for (_, spot), part in zip(tops, parts):
                rects[spot] = (x, TOP + 6, part - 8, 150)
                x += part
        top_h = 150
        tallest = lowest - TOP - 24
        for seat, spot in zip(others, spots):
            def fits(height, zones=theirs(seat), w=rects[spot][2], apart=False):
                plan = self.plan(zones, w - 16, height - SEAT_TOP - 6, self.sizes.mini, True, spare=False)
                return plan[4] and (self.roomy(plan, self.sizes.mini) if apart else
                                    plan[1][0] >= int(self.sizes.mini[0] * SEAT_LEAST))
            if spot.startswith("top") and self.presenter.ROWS_APART and top_h < tallest and fits(tallest, apart=True):
                fits = functools.partial(fits, apart=True)      # as tall as lays its rows apart
            if spot.startswith("top") and top_h < tallest and not fits(top_h):
                low, high = top_h, top_h + 10 * math.ceil((tallest - top_h) / 10)   # the least height, by halves
                while high - low > 10:
                    middle = low + 10 * ((high - low) // 20)
                    low, high = (low, middle) if fits(middle) else (middle, high)
                top_h = high
        for spot in spots:
            if spot.startswith("top"):
                rects[spot] = rects[spot][:3] + (top_h,)
        return {seat: rects[spot] for seat, spot in zip(others, spots)}

    def shares(self, seats, across):
        """The widths of seats side by side `across` wide: alike, else, where that makes
        the tallest seat's cards (see tall) take less height, a twentieth of the width
        moved at a time from the seat whose cards take the least height to the one whose
        take the most (the fewest moves that leave the tallest shortest), none left
        too narrow for its name plate to show its name whole (PLATE_ROOM). `seats`: each
        seat with its zones."""
        seats, zoned = [seat for seat, _ in seats], [zones for _, zones in seats]
        size = (int(self.sizes.mini[0] * SEAT_LEAST), int(self.sizes.mini[1] * SEAT_LEAST))
        parts = [across / len(seats)] * len(seats)
        heights = [self.tall(zones, part - 16, size) for zones, part in zip(zoned, parts)]
        best = (max(heights), parts)
        narrowest = [PLATE_ROOM + self.measure(self.names[seat], BODY) for seat in seats]
        for _ in range(8):
            most, least = heights.index(max(heights)), heights.index(min(heights))
            if most == least or parts[least] - across / 20 < narrowest[least]:
                break
            parts = list(parts)
            parts[most] += across / 20
            parts[least] -= across / 20
            heights = [self.tall(zones, part - 16, size) for zones, part in zip(zoned, parts)]
            if max(heights) < best[0]:
                best = (max(heights), parts)
        return best[1]

    def tall(self, zones, w, size, fan=True):
        """The least height `zones` (another seat's, `fan`) take laid out as plan lays
        them `w` wide with cards at `size` (endless where no way fits them)."""
        zones, captions = self.captions(zones, w)
        return min((sum(heights) for tight in self.tights for light in (False, True)
                    for _, heights, whole in self.ways(zones, w, size, fan, tight, captions[light]) if whole),
                   default=math.inf)

    def field(self, zones, cells, box):
        """A field of lanes, one column each, three rows (the presenter says which zone
        goes in which lane, row and half of the lane), and between the last two a band
        where the lane's result is written, over none of its cards. A caption wider than
        its lane (or half lane) goes onto lines that fit it, never into the next lane's,
        the cards of every row starting as far below their captions."""
        x0, y0, w, h = box
        lanes = sorted({cells[z.key][0] for z in zones})
        col_w = w / max(1, len(lanes))
        cell_h = (h - RESULT_H) / 3
        room = {z.key: col_w / (2 if cells[z.key][1] == 1 else 1) - 20 for z in zones}      # the cards'
        lines = {z.key: self.caption_lines(colon_parts(cells[z.key][3]), room[z.key] + 6) for z in zones}
        extra = (max(map(len, lines.values()), default=1) - 1) * self.pitch    # a caption too wide: two lines
        centre = self.sizes.centre
        scale = min(1.0, (cell_h - 20 - extra) / centre[1], (col_w / 2 - 14) / centre[0])
        size = (int(centre[0] * scale), int(centre[1] * scale))
        out = []
        for i, lane in enumerate(lanes):
            cx = x0 + i * col_w
            self.b.areas.append((cx + 4, y0, col_w - 8, h))
            self.b.lanes.append(lane)
            self.b.results.append((cx + 6, y0 + 2 * cell_h, col_w - 12, RESULT_H))
            for zone in zones:
                zlane, row, half, caption = cells[zone.key]
                if zlane != lane:
                    continue
                y = y0 + row * cell_h + (RESULT_H if row == 2 else 0)
                x = cx + 10 + half * col_w / 2
                self.b.labels += [(line, (x, y + 2 + k * self.pitch)) for k, line in enumerate(lines[zone.key])]
                out += self.cards_at(zone, (x, y + 18 + extra, room[zone.key], size[1]), size, as_row=True)
        return out

    def zone_width(self, zone, size, limit, fan, tight=EDGED):
        """The width a zone takes in a line of `flow` (`fan`: another seat's zones, whose
        cards overlap: face-down ones closely, face-up ones down to their index strip;
        `tight`: how closely (TIGHTS; at TIGHT a row's cards overlap down to their index
        strip too; at SQUEEZED they lie apart, a row too wide for `limit` squeezed into it:
        only the rows that must overlap, as little as they must))."""
        n = len(zone.cards)
        if zone.kind in ("pile", "stack"):
            return size[0]
        if fan:
            return min(limit, size[0] + max(0, min(n, 14) - 1) * self.fan_step(zone, size, tight))
        step = size[0] * (0.45 if zone.kind == "hand" else 1.0) + self.gap(zone)
        if tight == TIGHT and zone.kind != "hand":
            step = self.corner(zone, size) + 4
        return min(limit, max(size[0], size[0] + (n - 1) * step))

    def fan_step(self, zone, size, tight):
        """How far apart another seat's cards lie: face-down ones each showing an edge
        (FAN_EDGE of a card, a blind pick to come or not: a pick never moves the seat's
        corner, walkA16 #4), or, where
        the plan has room (`tight` APART), over up to two cards' width, so that a few show
        each card (half a card apart); face-up ones side by side (`tight` TIGHT:
        overlapping down to their index strips)."""
        if all(c is None for c in zone.cards):
            if tight == APART:
                return size[0] * max(FAN_EDGE, min(0.5, 1 / max(1, min(len(zone.cards), 14) - 1)))
            return size[0] * FAN_EDGE
        return self.corner(zone, size) if tight == TIGHT else size[0] + self.gap(zone)

    def gap(self, zone):
        """How far apart a row's cards lie side by side: ROW_GAP, and room for two
        cards' edges more in a row that holds another's cards, outlined, so that no
        outline runs into the next (walkA16 #11: the purple frames of Sam's two 4s in
        Ines's assignment ran one into the other)."""
        edge = max(2, round(EDGE * self.scale)) / self.scale
        return ROW_GAP + (2 * math.ceil(edge) if zone.key in self.outlined else 0)

    def corner(self, zone, size):
        """How much of each card of `zone` at `size` an overlapping row leaves in sight:
        its index strip and a little more, wider on small standard cards, whose rank and
        suit never shrink under the smallest text (sprites.cards.index_width)."""
        s = self.scale
        widest = max([card_sprites.index_width(c.rank, size[0] * s, size[1] * s) / s
                      for c in zone.cards if c is not None and c.family == "standard"], default=0)
        return max(size[0] * (self.sizes.index + 0.04), widest + 2)

    def captions(self, zones, w):
        """The `zones` plan lays out (an empty place only where no other of its name is
        laid), and their captions by key, by whether they are light and by whether their
        name's words go apart (see caption)."""
        names = [z.name for z in zones]
        zones = [z for z in zones if z.cards or z.kind == "pile" or names.count(z.name) == 1]
        return zones, {light: {apart: {zone.key: self.caption(zone, w, apart, light) for zone in zones}
                               for apart in (False, True)} for light in (False, True)}

    def caption(self, zone, w, apart=False, light=False):
        """A zone's caption, as the parts a line may break between: its name, each word of
        its tag (whose the cards are), the last with how many cards a pile, a stack or
        another seat's hand holds (an empty one shows its empty place); the name's words
        apart where it is wider than `w` (the width it is laid out in), or `apart`.
        `light`: a zone that lies beside the one it goes with (goes_with) and has a tag
        says its tag alone ('from Lena and Sam' beside an assignment)."""
        tag = self.presenter.zone_tag(zone, self.view, self.names).split()
        name = zone.name.split(" ") if apart or self.measure(zone.name, READ) > w else [zone.name]
        if light and tag and self.presenter.goes_with(zone.key) is not None:
            name = []
        parts = name + tag
        if zone.count and (zone.kind in ("pile", "stack") or zone.kind == "hand" and zone.owner != self.anchor):
            parts[-1] += f" ({zone.count})"
        return tuple(parts)

    def flow(self, zones, box, base, fan=False, centred=False):
        """Lay zones out left to right inside `box`, wrapping lines, overlapping the cards
        of a row down to their index strips, then shrinking them, until everything fits;
        every caption is whole, on a second or third line over its cards where it is
        wider than they are (see plan). Returns the placed cards."""
        x0, y0, w, h = box
        lines, size, tight, heights, _ = self.plan(zones, w, h, base, fan)
        out = []
        y = y0 + (max(0, (h - sum(heights)) / 2) if centred else 0)
        for (line, used), line_h in zip(lines, heights):
            x = x0 + ((w - used) / 2 if centred else 0)
            top = y + line_h - size[1] - 3 - self.under(line)     # the line's cards, under its tallest caption
            for zone, zw, words in line:
                if zone is not None:            # (None: room left under the zone the next one goes with)
                    lift = 2 * pile_depth(zone.cards) if zone.kind in ("pile", "stack") else 0   # over its edges
                    for k, part in enumerate(words):    # each caption right over its cards
                        self.b.labels.append((part, (x, top - lift - (len(words) - k) * self.pitch)))
                    if words:                   # its count, if any, ends its last line
                        self.b.counted[len(self.b.labels) - 1] = (zone.key, zone.count)
                    out += self.cards_at(zone, (x, top, zw, size[1]), size, fan, tight=tight)
                x += zw + GAP
            y += line_h
        return out

    def plan(self, zones, w, h, base, fan, spare=True):
        """laid, kept for the layout's many tries (the ways of seating the others plan the
        same seat's zones in the same room again and again)."""
        key = (tuple(map(id, zones)), w, h, base, fan, spare)
        if key not in self.planned:
            self.planned[key] = self.laid(zones, w, h, base, fan, spare)
        return self.planned[key]

    def laid(self, zones, w, h, base, fan, spare=True):
        """How `flow` lays `zones` out within `w` by `h`: (the lines of (zone, its width,
        its caption's lines) with the width each line uses, the cards' size, whether a
        row's cards overlap down to their index strips, each line's height, whether it
        all fits). The largest cards that fit, each caption whole on one line, else on
        two or three, its name kept on one where it can (CAPTION_LINES; a line is as tall
        as its tallest caption), the rows' cards overlapping where they must, then, with
        cards at SEAT_LEAST of their size or smaller, the same with light captions (see
        caption) before smaller cards (for a game whose rows read apart, the presenter's
        ROWS_APART, first each size down to SEAT_LEAST with no card overlapping, and at
        each size only the rows too wide for their line overlapping before all do); a zone that
        goes with the one before it (the presenter's `goes_with`: Deadline's extra credit
        with its assignment) beside it or right under it (see wrapped). Where nothing
        fits, the same without the empty places (an empty slot and its caption: `spare`),
        else the smallest of these; without them too where that keeps another seat's
        (`fan`) cards larger, under SEAT_LEAST of their size, or as large with light
        captions."""
        zones, captions = self.captions(zones, w)
        filled = [z for z in zones if z.cards or z.kind == "pile"]
        tries = [(scale, light, tight) for scale in SCALES for light in (False, True)
                 for tight in self.tights if scale <= SEAT_LEAST or not light]
        if self.presenter.ROWS_APART:       # apart down to SEAT_LEAST before overlapping at all
            tries = [(scale, False, tight) for scale in SCALES if scale >= SEAT_LEAST
                     for tight in (APART, EDGED)] + tries
        for scale, light, tight in tries:
            size = (int(base[0] * scale), int(base[1] * scale))
            for lines, heights, whole in self.ways(zones, w, size, fan, tight, captions[light]):
                if whole and sum(heights) <= h:
                    # another seat's cards small, or light captions: without its empty places?
                    if fan and spare and (scale < SEAT_LEAST or light):
                        roomier = (self.plan(filled, w, h, base, fan, spare=False)
                                   if filled and len(filled) < len(zones) else None)
                        if roomier is not None and roomier[4] and roomier[1][0] >= size[0] + (not light):
                            return roomier[:4] + (False,)
                    return lines, size, tight, heights, True
        if spare and filled and len(filled) < len(zones):    # a crowded seat's empty places make room for its cards
            return self.plan(filled, w, h, base, fan)[:4] + (False,)
        return lines, size, tight, heights, False

    def ways(self, zones, w, size, fan, tight, captions):
        """Each way plan tries to lay `zones` out `w` wide with cards at `size` (`tight`:
        a row's overlapping), as (lines, each line's height, whether every caption is
        whole in the lines it may take and, for a game whose rows read apart (ROWS_APART),
        APART or EDGED, every row's cards lie apart, none wider than `w` (squeezed into it, they
        would overlap: Theo's four cards at full size half over one another in a side
        column at 960x600, where they lay apart smaller) (see captioned): each caption in
        one line, else two or three (CAPTION_LINES); the last one tried is plan's way where
        none fits. `captions`: each zone's caption by its key, by whether its name's words
        go apart."""
        cards = [self.zone_width(zone, size, w, fan, tight) for zone in zones]
        rows_apart = not (self.presenter.ROWS_APART and tight in (APART, EDGED) and any(
            self.zone_width(zone, size, math.inf, fan, tight) > w for zone in zones if any(zone.cards)))
        tried = None
        for most, apart in CAPTION_LINES:
            said = captions[apart]
            widths = [(zone, min(w, max(width, self.caption_width(said[zone.key], most) + 4)))
                      for zone, width in zip(zones, cards)]
            if widths == tried:             # no caption narrower in more lines
                continue
            tried = widths
            lines, heights = self.captioned(self.wrapped(widths, w), w, size, said)
            yield lines, heights, rows_apart and all(len(words) <= most for line, _ in lines for _, _, words in line)

    def captioned(self, lines, w, size, captions):
        """The `lines` of wrapped with each zone's caption in the lines it takes over its
        cards (within its width and CAPTION_SPILL of the gap after it, never past `w`:
        walkA15 #19, 'Face-up cards' run on into the next caption's 'cards'), and each line's
        height (its cards at `size` under its tallest caption); `captions`: each zone's
        caption by its key (see caption)."""
        out, heights = [], []
        for line, used in lines:
            at, entries, most = 0, [], 1
            for zone, zw in line:
                words = [] if zone is None else self.caption_lines(captions[zone.key], min(zw + CAPTION_SPILL, w - at))
                most = max(most, len(words))
                entries.append((zone, zw, words))
                at += zw + GAP
            out.append((entries, used))
            heights.append(size[1] + 3 + most * self.pitch + self.under(entries))
        return out, heights

    def under(self, line):
        """The room a line of `flow` leaves under its cards over the next line's captions:
        PICK_ROOM under a fan to pick from blind (its cards outlined), else none."""
        return PICK_ROOM if any(zone is not None and zone.key in self.pick_zones for zone, *_ in line) else 0

    def caption_lines(self, parts, width):
        """A caption's `parts` (see caption) in as few lines as hold them within `width`
        (a part wider than `width` alone on its line)."""
        lines = []
        for part in parts:
            if lines and self.measure(f"{lines[-1]} {part}", READ) <= width:
                lines[-1] += f" {part}"
            else:
                lines.append(part)
        return lines

    def caption_width(self, parts, most):
        """The narrowest width that holds a caption's `parts` in `most` lines (caption_lines),
        or in as few as they go in (each part whole on a line)."""
        key = (parts, most)
        if key not in self.narrowest:
            spans = sorted({self.measure(" ".join(parts[i:j]), READ) for i in range(len(parts))
                            for j in range(i + 1, len(parts) + 1)})
            widest = max(self.measure(part, READ) for part in parts)
            self.narrowest[key] = next(span for span in spans
                                       if span >= widest and len(self.caption_lines(parts, span)) <= most)
        return self.narrowest[key]

    def wrapped(self, widths, w):
        """`widths` ((zone, its width), in order) in lines no wider than `w`: [(the
        line's (zone, width), the width it uses)]. A zone that goes with the one before
        it (goes_with) never starts a line alone away from it: both go to the
        next line, or, too wide for one together, the one right under the other (a
        line's entry (None, width) is room left empty)."""
        lines, line, used = [], [], 0
        for zone, zw in widths:
            if line and used + GAP + zw > w:
                first, first_w = line[-1]
                at = used - first_w                 # where the zone it may go with lies on its line
                with_it = self.presenter.goes_with(zone.key) == first.key
                others = any(z is not None for z, _ in line[:-1])
                if with_it and others and first_w + GAP + zw <= w:      # both to the next line
                    lines.append((line[:-1], at - GAP))
                    line, used = [(first, first_w)], first_w
                elif with_it and at and at + zw <= w:                     # right under it
                    lines.append((line, used))
                    line, used = [(None, at - GAP)], at - GAP
                elif with_it and others:                                  # it alone, the other under it
                    lines += [(line[:-1], at - GAP), ([(first, first_w)], first_w)]
                    line, used = [], 0
                else:
                    lines.append((line, used))
                    line, used = [], 0
            used += (GAP if line else 0) + zw
            line.append((zone, zw))
        if line:
            lines.append((line, used))
        return lines

    def cards_at(self, zone, box, size, fan=False, as_row=False, tight=EDGED):
        """A zone's cards in its box: a pile, a fanned hand or a row (a slot when empty)."""
        self.b.boxes[zone.key] = box
        cards = zone.cards
        if not cards:
            self.b.slots.append(pygame.Rect(int(box[0]), int(box[1]), size[0], size[1]))
            return []
        if as_row:
            return self.row(zone, box, size)
        if zone.kind in ("pile", "stack"):
            return self.pile(zone, cards, box, size)
        if fan:
            return self.fan(zone, box, size, spread=self.fan_step(zone, size, tight), cap=14)
        return self.row(zone, box, size)

    def pile(self, zone, cards, box, size):
        """A pile (see pile_cards), kept on the board with its cards."""
        rect = pygame.Rect(int(box[0]), int(box[1]), size[0], size[1])
        self.b.piles[zone.key] = (rect, list(cards))
        return pile_cards(zone.key, cards, rect)

    def hand(self, zone, box):
        """The viewer's hand over the width of its box: side by side while they fit, then
        overlapping, the cards shrinking, then going into two or three rows, rather than
        overlapping so much that their index corners are covered; in the order of the
        Settings in every game ('As dealt': as the game holds it, cards taken in after the
        deal at the end, as they came)."""
        shown = zone.cards
        order = hand_order(shown, self.order, lambda card: self.presenter.strength(card, self.view))
        cards = [shown[i] for i in order]
        n = len(cards)
        base = self.sizes.hand

        def scale(rows):
            per = max(1, math.ceil(n / rows))
            fits = (box[2] - per) / (base[0] * (1 + self.sizes.index * (per - 1)))  # a pixel to spare per card
            return min(1.0, fits, 1 / rows)
        rows = max((1, 2, 3), key=lambda r: (scale(r), -r))
        size = self.b.hand_size = (int(base[0] * scale(rows)), int(base[1] * scale(rows)))
        per = max(1, math.ceil(n / rows))
        out = []
        for r in range(rows):
            y = box[1] + base[1] - (rows - r) * size[1]
            row = self.fan(zone, (box[0], y, box[2], size[1]), size, spread=size[0] + 6,
                           cards=cards[r * per:(r + 1) * per])
            for p in row:
                p.index = order[p.index + r * per]
            out += row
        return out

    def fan(self, zone, box, size, spread, cap=None, cards=None):
        """A hand (or `cards` of it), overlapped left to right (at most `cap` cards drawn)."""
        cards = zone.cards if cards is None else cards
        x, y, w, h = box
        shown = cards if cap is None or len(cards) <= cap else cards[:cap]
        n = len(shown)
        step = spread if n <= 1 else min(spread, (w - size[0]) / (n - 1))
        total = size[0] + step * max(0, n - 1)
        start = x + (w - total) / 2 if cap is None else x
        out = []
        for i, card in enumerate(shown):
            lift = 0 if cap is not None else min(size[1] / 12, abs(i - (n - 1) / 2) ** 2 * 0.25 * min(1, 10 / n))
            rect = pygame.Rect(int(start + i * step), int(y + lift), size[0], size[1])
            out.append(Placed(rect, card, zone.key, i, card is not None))
        return out

    def row(self, zone, box, size):
        """Cards side by side (overlapping when the row is full)."""
        cards = zone.cards
        x, y, w, h = box
        n = len(cards)
        step = size[0] + self.gap(zone)
        step = step if n <= 1 else min(step, (w - size[0]) / (n - 1))
        return [Placed(pygame.Rect(int(x + i * step), int(y), size[0], size[1]), card, zone.key, i,
                       card is not None) for i, card in enumerate(cards)]


def colon_parts(caption):
    """A caption's parts to go onto lines: up to its colon, and after ('Lane 1: Theo's
    closed card' -> 'Lane 1:', 'Theo's closed card')."""
    head, colon, rest = caption.partition(": ")
    return (f"{head}:", rest) if colon and rest else (caption,)


def card_at(board, pos):
    """The topmost clickable card under a logical point, or None."""
    for p in reversed(board.placed):
        if p.rect.collidepoint(pos) and p.index >= 0:
            return p
    return None


def blind_pick(placed, board):
    """Is `placed` a face-down card of another seat's fan a blind pick may take?"""
    return placed.raised and not placed.face_up and placed.index >= 0 and placed.zone != board.hand_key


def shown_part(placed, board):
    """What shows of a card of a fan to pick from blind (see blind_pick): its rect up to
    the next card of its fan lying over it, which is where a click takes it; the card's
    whole rect for any other card."""
    if not blind_pick(placed, board):
        return placed.rect
    later = board.placed[board.placed.index(placed) + 1:]
    over = [p.rect.left for p in later if p.zone == placed.zone and p.rect.colliderect(placed.rect)
            and p.rect.left > placed.rect.left]
    return placed.rect.clip(pygame.Rect(placed.rect.left, placed.rect.top, min(over) - placed.rect.left,
                                        placed.rect.h)) if over else placed.rect


def hover_rect(placed, board):
    """Where the card under the pointer is drawn whole: raised if it is in your hand; a
    card of your hand under your name plate rises no further than to the plate's foot
    (never over your name or your count). A card of a fan to pick from blind is marked
    where it lies, on what shows of it (shown_part: its click target, never over the
    next card nor its seat's captions)."""
    if blind_pick(placed, board):
        return shown_part(placed, board)
    lift = LIFT if placed.zone == board.hand_key else 0
    if lift and placed.zone == board.hand_key and board.own_plate is not None:
        x, y, w = board.own_plate
        if placed.rect.left < x + w and placed.rect.right > x:
            lift = max(0, min(lift, placed.rect.top - (y + (PLATE_H + AVATAR) // 2)))
    return placed.rect.move(0, -lift)


def cards_over(board, placed, rect):
    """The cards of the fan of `placed` that lie over it, lifted to `rect`, and those over
    them, in their order: drawn over the lifted card, so that it shows its own index
    strip and, above them, its top, and every card of the fan keeps its strip in sight
    (walkD15 #9: the lifted 6 of spades hid the 6 of hearts beside it entirely)."""
    later = board.placed[board.placed.index(placed) + 1:] if placed in board.placed else []
    over, rects = [], [rect]
    for p in later:
        if p.zone == placed.zone and p.rect.collidelist(rects) >= 0:
            over.append(p)
            rects.append(p.rect)
    return over


def lifted(pointer, board, focused=None):
    """The card drawn whole over the others, as [(placed card, logical rect)]: the one
    being dragged (`pointer`: scenes/table/state.Pointer), where it is, else the one
    under the pointer, else the card where the keyboard rests (`focused`: a placed card,
    or None), so that a card walked to by keys in a tight fan is seen and named as one
    under the pointer is (where it is drawn: hover_rect); [] when none."""
    if pointer.drag_pos is not None:
        r = pointer.press[0].rect
        return [(pointer.press[0], r.move(pointer.drag_pos[0] - r.centerx, pointer.drag_pos[1] - r.centery))]
    if pointer.hovered is not None and pointer.press is None:
        return [(pointer.hovered, hover_rect(pointer.hovered, board))]
    if focused is not None and pointer.press is None:
        return [(focused, hover_rect(focused, board))]
    return []
