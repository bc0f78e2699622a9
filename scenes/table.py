"""The table: any game drawn from one seat's view, with its legal moves and the curtain.

The seat whose cards are shown (the viewer) sits at the bottom; the others sit around
the table; shared zones lie in the middle. Legal cards are raised and outlined, the
rest dimmed. A click on a card plays it when one action fits; several-card actions
work by selecting cards and pressing the button that appears; actions without cards
are buttons; choices between arguments are small dialogs. With two or more people at
the table, a curtain hides everything whenever control passes to another person.
"""
import math
import random

import pygame

import game
from scenes import present, ui
from scenes.base import Scene
from scenes.session import BOT_DONE
from sprites import cards as card_sprites
from sprites import die as die_sprite
from sprites import felt, palette

HAND = (92, 128)        # the viewer's hand, logical size
OWN = (66, 92)          # the viewer's other zones
CENTRE = (80, 112)      # shared zones (shrinks to fit)
MINI = (46, 64)         # other seats' zones
PANEL_W = 260           # the right-hand panel (facts, scores, log)
TOP = 56                # height of the top bar

# Where other seats sit, clockwise from the viewer's left, by how many there are.
SPOTS = {0: [], 1: ["top"], 2: ["topleft", "topright"], 3: ["left", "top", "right"],
         4: ["left", "topleft", "topright", "right"],
         5: ["left", "topleft", "top", "topright", "right"]}


def _ease(t):
    return 1 - (1 - t) ** 3


class Placed:
    """A card drawn on the table this frame, with what a click on it means."""

    __slots__ = ("rect", "card", "zone", "index", "face_up", "raised", "dimmed", "selected", "hinted")

    def __init__(self, rect, card, zone, index, face_up):
        self.rect = rect
        self.card = card
        self.zone = zone
        self.index = index
        self.face_up = face_up
        self.raised = self.dimmed = self.selected = self.hinted = False


class Flight:
    """One card sliding from one place to another (and flipping if it is revealed)."""

    def __init__(self, card, start, end, delay, duration, zone, flip):
        self.card = card
        self.start = start
        self.end = end
        self.delay = delay
        self.duration = duration
        self.zone = zone
        self.flip = flip
        self.t = -delay

    def done(self):
        return self.t >= self.duration


class TableScene(Scene):
    """Plays a Session: shows the viewer's table, submits the chosen actions."""

    def startup(self, persist):
        self.session = persist["session"]
        self.state = self.session.state
        self.viewer = persist.get("viewer")
        self.anchor = persist.get("anchor", self.viewer if self.viewer is not None else
                                  (self.session.humans() or [0])[0])
        self.curtain = None
        self.curtains = persist.setdefault("curtains", [])
        self.selection = []
        self.hint = None
        self.dialog = None
        self.message = ""
        self.message_time = 0.0
        self.flights = []
        self.toasts = []
        self.pending = list(self.state.events[persist.get("events_seen", 0):])
        self.bot_wait = 0.0
        self.end_wait = 0.0
        self.rolling = 0.0
        self.die_value = None
        self.placed = []
        self.zone_boxes = {}
        self.focus_cards = []
        self.family, self.back_colour = self._deck_look()
        self.version = 0
        self.static = None
        self.static_key = None
        super().startup(persist)
        self._decide_view()

    def cleanup(self):
        self.persist.update(viewer=self.viewer, anchor=self.anchor, events_seen=len(self.state.events))
        return self.persist

    def _deck_look(self):
        deck = self.session.info.load_deck()
        first = deck[0]
        return first.family, first.back

    def _back_of(self, zone_key):
        """The back a hidden card of this zone shows: its owner's deck where each seat
        has its own (facts['backs']), else the deck of this hand (facts['back'])."""
        facts = self.current_view.facts
        backs = facts.get("backs")
        owner = self.zone_owners.get(zone_key)
        if backs and owner is not None:
            return backs[owner]
        return facts.get("back") or self.back_colour

    # ---- who sees what ------------------------------------------------------------------
    def _decide_view(self):
        """Choose the viewer; raise the curtain when control passes to another person."""
        humans = self.session.humans()
        current = self.state.current_player
        if len(humans) <= 1:
            seen = (self.viewer, self.anchor)
            self.viewer = humans[0] if humans else None
            self.anchor = humans[0] if humans else 0
            if (self.viewer, self.anchor) != seen:
                self.layout()
            return
        if self.state.is_over:
            self.viewer = None
            return
        if self.session.is_human(current):
            if current != self.viewer and self.curtain is None:
                self.viewer = None
                self.curtain = current
                self.curtains.append(current)
                self.anchor = current
                self.layout()
        elif self.viewer is not None:
            self.viewer = None
            self.layout()

    def ready(self):
        """The next person has the device: drop the curtain."""
        if self.curtain is None:
            return
        self.viewer = self.curtain
        self.anchor = self.curtain
        self.curtain = None
        self.layout()
        self.dirty = True

    def view(self):
        """The view being drawn: the viewer's, or the public one."""
        return self.state.view(self.viewer)

    # ---- actions ----------------------------------------------------------------------------
    def my_turn(self):
        """Can the person at the device act now?"""
        current = self.state.current_player
        return (current is not None and current == self.viewer and self.curtain is None
                and self.session.is_human(current) and not self.state.is_over)

    def legal(self):
        return self.state.legal_actions() if self.my_turn() else ()

    def submit(self, action):
        """Send one action to the session and start animating what it caused."""
        before = {id(p.card): p.rect for p in self.placed if p.card is not None}
        anchors = dict(self.zone_boxes)
        try:
            events = self.session.submit(action)
        except game.IllegalAction as error:
            self.say(str(error))
            return
        self.selection = []
        self.hint = None
        self.dialog = None
        self.message = ""
        for widget in self.widgets:
            widget.marked = False
        self.pending.extend(events)
        self._start_animations(before, anchors)
        self.layout()
        if self.session.problem:
            self.say(self.session.problem)
            self.app.notice(self.session.problem)
            self.session.problem = None

    def say(self, words):
        """Show a short message above the hand (an illegal move's reason, for instance)."""
        self.message = words[0].upper() + words[1:] if words else ""
        self.message_time = 4.0
        self.dirty = True

    def click_card(self, placed):
        """A click on a card: play it, select it, or say why it cannot be played."""
        legal = self.legal()
        if not self.my_turn() or placed.card is None:
            return self._click_hidden(placed, legal)
        card = placed.card
        fits = present.actions_with(legal, card)
        if not fits:
            if self.selection:
                self.say("That card cannot go with your selection")
                return
            kinds = [a.kind for a in legal if a.cards]
            kind = max(set(kinds), key=kinds.count) if kinds else "play"
            self.say(self.session.why_illegal(game.Action(kind, (card,))))
            return
        singles = [a for a in fits if len(a.cards) == 1]
        several = [a for a in fits if len(a.cards) > 1]
        if not self.selection and not several:
            self.choose(singles, f"{present.kind_label(singles[0].kind)} {present.card_name(card)}",
                        default=getattr(card, "color", None))
            return
        if any(c is card for c in self.selection):
            self.selection = [c for c in self.selection if c is not card]
        else:
            self.selection.append(card)
        self.layout()

    def _click_hidden(self, placed, legal):
        """A click on a face-down card: a blind play or pick by position, if one fits."""
        if not self.my_turn():
            return
        fits = [a for a in legal if not a.cards and a.arg is not None
                and (a.arg == placed.index or str(a.arg).endswith(f":{placed.index}"))
                and self._zone_matches(a, placed.zone)]
        if len(fits) == 1:
            self.submit(fits[0])
        elif fits:
            self.choose(fits, "Choose")
        else:
            self.say("That card is face down")

    def _zone_matches(self, action, zone_key):
        if isinstance(action.arg, str) and ":" in action.arg:
            seat = action.arg.split(":")[0]
            return zone_key.endswith(f":{seat}")
        owner = zone_key.rpartition(":")[2]
        return owner == str(self.viewer) or ":" not in zone_key

    def choose(self, actions, title, default=None):
        """Submit the only action, or open a dialog to choose one of several."""
        if len(actions) == 1:
            self.submit(actions[0])
            return
        names = [s.name for s in self.session.seats]
        options = [(present.action_label(a, names, with_cards=False), a) for a in actions]
        focus = next((i for i, (_, a) in enumerate(options) if a.arg == default), 0)
        self.dialog = {"title": title, "options": options, "focus": focus}
        self.layout()

    # ---- layout ----------------------------------------------------------------------------
    def layout(self):
        screen = self.app.screen
        lw, lh = screen.lw, screen.lh
        self.version += 1
        tw = lw - PANEL_W - 20
        self.widgets = []
        self.buttons_top = []
        x = tw + 10
        for label, action in (("Menu", self.back), ("Rules", self.show_rules)):
            w = screen.text_width(label, 18) + 28
            x -= w + 8
            self.buttons_top.append(ui.Button((x, 12, w, 34), label, action, size=18))
        if self.my_turn() and self.session.humans():
            w = 74
            x -= w + 8
            self.buttons_top.append(ui.Button((x, 12, w, 34), "Hint", self.ask_hint, size=18,
                                              enabled=not self.session.busy()))
        self.title_right = x - 12
        self.action_buttons = self._action_buttons(tw, lh)
        self.dialog_buttons = self._dialog_buttons(lw, lh) if self.dialog else []
        if self.curtain is not None:
            self.widgets = [ui.Button((lw / 2 - 90, lh / 2 + 30, 180, 52), "Ready", self.ready,
                                      primary=True, size=24)]
        elif self.dialog:
            self.widgets = self.dialog_buttons
        else:
            self.widgets = self.action_buttons + self.buttons_top
        self._place_cards(tw, lh)
        self.dirty = True

    def _action_buttons(self, tw, lh):
        legal = self.legal()
        if not legal:
            return []
        names = [s.name for s in self.session.seats]
        entries = []
        if self.selection:
            fits = present.actions_for_selection(legal, self.selection)
            by_kind = {}
            for a in fits:
                by_kind.setdefault(a.kind, []).append(a)
            for kind, acts in by_kind.items():
                label = f"{present.kind_label(kind)} ({len(self.selection)})"
                entries.append((label, lambda acts=acts, label=label: self.choose(acts, label), acts))
            entries.append(("Clear selection", self.clear_selection, []))
        groups = {}
        for a in legal:
            if not a.cards:
                groups.setdefault(a.kind, []).append(a)
        for kind, acts in groups.items():
            if len(acts) <= 3:
                for a in acts:
                    label = present.action_label(a, names)
                    entries.append((label, lambda a=a: self.submit(a), [a]))
            else:
                label = present.kind_label(kind) + "..."
                entries.append((label, lambda acts=acts, kind=kind: self.choose(acts, present.kind_label(kind)),
                                acts))
        buttons = []
        y = lh - 18
        for label, action, acts in reversed(entries):
            y -= 44
            button = ui.Button((tw - 196, y, 186, 38), label, action, primary=bool(acts), size=18)
            button.actions = acts
            button.marked = self.hint is not None and self.hint in acts
            buttons.append(button)
        buttons.reverse()
        return buttons

    def _dialog_buttons(self, lw, lh):
        options = self.dialog["options"]
        cols = 1 if len(options) <= 6 else 2
        rows = math.ceil(len(options) / cols)
        bw, bh = 260, 40
        width = cols * bw + (cols - 1) * 12 + 40
        height = rows * (bh + 10) + 110
        x0, y0 = lw / 2 - width / 2, lh / 2 - height / 2
        self.dialog["rect"] = (x0, y0, width, height)
        buttons = []
        for i, (label, action) in enumerate(options):
            col, row = divmod(i, rows)
            rect = (x0 + 20 + col * (bw + 12), y0 + 60 + row * (bh + 10), bw, bh)
            button = ui.Button(rect, label, lambda a=action: self.submit(a), size=18)
            button.actions = [action]
            button.swatch = action.arg if action.arg in palette.HEX else None
            buttons.append(button)
        cancel = ui.Button((lw / 2 - 70, y0 + height - 48, 140, 36), "Cancel", self.close_dialog, size=18)
        self.focus = self.dialog.get("focus", 0)
        return buttons + [cancel]

    def close_dialog(self):
        self.dialog = None
        self.layout()

    def clear_selection(self):
        self.selection = []
        self.layout()

    def _seat_spots(self, tw, lh, bottom_top):
        """Panel rects for the other seats, keyed by seat."""
        n = self.state.players
        others = [(self.anchor + i) % n for i in range(1, n)]
        spots = SPOTS.get(len(others), SPOTS[5])
        side_h = max(150, bottom_top - 90 - 8)
        rects = {"left": (12, 86, 200, side_h), "right": (tw - 212, 86, 200, side_h),
                 "top": (tw / 2 - 170, TOP + 6, 340, 150),
                 "topleft": (tw * 0.27 - 170 if len(others) > 2 else tw * 0.3 - 170, TOP + 6, 340, 150),
                 "topright": (tw * 0.73 - 170 if len(others) > 2 else tw * 0.7 - 170, TOP + 6, 340, 150)}
        if len(others) == 5:
            rects["topleft"] = (222, TOP + 6, (tw - 444) / 3 - 8, 150)
            rects["top"] = (222 + (tw - 444) / 3, TOP + 6, (tw - 444) / 3 - 8, 150)
            rects["topright"] = (222 + 2 * (tw - 444) / 3, TOP + 6, (tw - 444) / 3 - 8, 150)
        return {seat: (spot, rects[spot]) for seat, spot in zip(others, spots)}

    def _place_cards(self, tw, lh):
        """Work out where every card goes this frame (also the hit-test targets)."""
        view = self.view()
        self.current_view = view
        self.zone_owners = {z.key: z.owner for z in view.zones}
        legal = self.legal()
        playable = {c.name for a in legal for c in a.cards}
        hinted = {c.name for c in self.hint.cards} if self.hint is not None else set()
        hidden = self._in_flight()
        self.slots = []
        self.lanes = []
        placed, boxes, labels = [], {}, []
        owner = self._owners(view)
        field = [z for z in view.zones if self._lane(z) is not None]
        zones = [z for z in view.zones if self._lane(z) is None]
        mine = [z for z in zones if owner[z.key] == self.anchor]
        hand = next((z for z in mine if z.kind == "hand"), None)
        own_rows = [z for z in mine if z is not hand]
        hand_box = (20, lh - HAND[1] - 14, tw - 240, HAND[1])
        if field:
            zones = [z for z in zones if z not in own_rows]
            own_rows, field_side = [], own_rows
        own_h = 0
        if own_rows:
            own_h = min(OWN[1] + 22, 1000) if len(own_rows) <= 4 else 2 * (OWN[1] * 0.72 + 22)
        own_top = lh - HAND[1] - 62 - own_h
        if hand is not None:
            boxes[hand.key] = hand_box
            placed += self._fan(hand, hand_box, HAND, hidden, spread=HAND[0] * 0.72)
        if own_rows:
            placed += self._flow(own_rows, (340, own_top, tw - 560, own_h), OWN, hidden, boxes, labels)
        self.seat_panels = {}
        for seat, (spot, rect) in self._seat_spots(tw, lh, own_top).items():
            x, y, w, h = rect
            theirs = [z for z in zones if owner[z.key] == seat]
            used = self._flow(theirs, (x + 8, y + 34, w - 16, h - 40), MINI, hidden, boxes, labels, fan=True)
            placed += used
            self.seat_panels[seat] = rect
        shared = [z for z in zones if owner[z.key] is None or
                  (owner[z.key] not in self.seat_panels and owner[z.key] != self.anchor)]
        if field:
            shared += field_side
        n_others = len(self.seat_panels)
        left = 222 if n_others > 2 else 20
        top = TOP + 164 if n_others else TOP + 20
        centre = (left, top, tw - 2 * left, own_top - top - 10)
        if field:
            split = centre[2] * 0.28 if shared else 0
            placed += self._flow(shared, (left, top, split - 10, centre[3]), CENTRE, hidden, boxes, labels,
                                 centred=True)
            placed += self._field(field, (left + split, top - 4, centre[2] - split, centre[3] + 4), hidden,
                                  boxes, labels)
        else:
            placed += self._flow(shared, centre, CENTRE, hidden, boxes, labels, centred=True)
        hand_key = hand.key if hand else None
        for p in placed:
            if p.card is not None and p.face_up and playable:
                if p.card.name in playable:
                    p.raised = p.zone == hand_key
                elif p.zone == hand_key:
                    p.dimmed = True
            p.selected = p.card is not None and any(c is p.card for c in self.selection)
            p.hinted = p.card is not None and p.card.name in hinted
            if p.raised or p.selected:
                p.rect = p.rect.move(0, -16 if p.selected else -10)
        self.placed = placed
        self.zone_boxes = boxes
        self.labels = labels
        self.focus_cards = [p for p in placed if p.zone == hand_key or
                            (p.card is not None and p.card.name in playable)]
        self.hand_key = hand_key

    def _owners(self, view):
        """Each zone's seat for layout: extra credit lies with the assignment it extends."""
        owner = {z.key: z.owner for z in view.zones}
        for z in view.zones:
            kind, _, k = z.key.partition(":")
            if kind == "extra" and f"assignment:{k}" in owner:
                owner[z.key] = owner[f"assignment:{k}"]
        return owner

    @staticmethod
    def _lane(zone):
        """The lane of a football zone ('line:<seat>:<lane>', 'open:<lane>', 'closed:<lane>')."""
        parts = zone.key.split(":")
        if parts[0] == "line" and len(parts) == 3 or parts[0] in ("open", "closed") and len(parts) == 2:
            return int(parts[-1])
        return None

    def _field(self, zones, box, hidden, boxes, labels):
        """The football field: one column per lane; the other coach's line at the top,
        the lane's open and closed cards in the middle, the viewer's line at the bottom."""
        x0, y0, w, h = box
        lanes = sorted({self._lane(z) for z in zones})
        rows = {"line:other": (0, 0), "open": (1, 0), "closed": (1, 1), "line:mine": (2, 0)}
        col_w = w / max(1, len(lanes))
        cell_h = h / 3
        scale = min(1.0, (cell_h - 20) / CENTRE[1], (col_w / 2 - 14) / CENTRE[0])
        size = (int(CENTRE[0] * scale), int(CENTRE[1] * scale))
        out = []
        for i, lane in enumerate(lanes):
            cx = x0 + i * col_w
            area = self.app.screen.rect((cx + 4, y0, col_w - 8, h))
            self.lanes.append(area)
            for zone in zones:
                if self._lane(zone) != lane:
                    continue
                kind = zone.key.split(":")[0]
                if kind == "line":
                    kind = "line:mine" if int(zone.key.split(":")[1]) == self.anchor else "line:other"
                row, half = rows[kind]
                y = y0 + row * cell_h
                x = cx + 10 + half * col_w / 2
                cards = self._shown(zone, hidden)
                if kind in ("open", "closed"):
                    caption = f"{kind.capitalize()} ({zone.count})"
                elif kind == "line:mine":
                    caption = f"Lane {lane + 1}: your line"
                else:
                    caption = f"Lane {lane + 1}: {self.session.name(int(zone.key.split(':')[1]))}"
                labels.append((caption, (x, y + 2)))
                zbox = (x, y + 18, col_w / (2 if kind in ("open", "closed") else 1) - 20, size[1])
                boxes[zone.key] = zbox
                if not cards:
                    self.slots.append(pygame.Rect(int(x), int(y + 18), size[0], size[1]))
                out += self._row(zone, zbox, size, hidden)
        return out

    def _zone_width(self, zone, size, hidden, limit, fan):
        n = len(self._shown(zone, hidden))
        if zone.kind in ("pile", "stack"):
            return size[0]
        if zone.kind == "hand" and fan:
            return min(limit, size[0] + max(0, min(n, 14) - 1) * size[0] * 0.3)
        step = size[0] * (0.45 if zone.kind == "hand" else 1.0) + 4
        return min(limit, max(size[0], size[0] + (n - 1) * step))

    def _flow(self, zones, box, base, hidden, boxes, labels, fan=False, centred=False):
        """Lay zones out left to right inside `box`, wrapping lines, shrinking the
        cards until everything fits; returns the placed cards."""
        x0, y0, w, h = box
        names = [z.name for z in zones]
        zones = [z for z in zones if z.cards or z.kind == "pile" or names.count(z.name) == 1]
        for scale in (1.0, 0.86, 0.74, 0.64, 0.55, 0.47, 0.4):
            size = (int(base[0] * scale), int(base[1] * scale))
            lines, line, used = [], [], 0
            for zone in zones:
                zw = max(self._zone_width(zone, size, hidden, w, fan),
                         min(w, self.app.screen.text_width(self._caption(zone), 14) + 4))
                if line and used + 16 + zw > w:
                    lines.append((line, used))
                    line, used = [], 0
                used += (16 if line else 0) + zw
                line.append((zone, zw))
            if line:
                lines.append((line, used))
            line_h = size[1] + 20
            if len(lines) * line_h <= h:
                break
        out = []
        y = y0 + (max(0, (h - len(lines) * line_h) / 2) if centred else 0)
        for line, used in lines:
            x = x0 + ((w - used) / 2 if centred else 0)
            for zone, zw in line:
                labels.append((self._caption(zone), (x, y)))
                zbox = (x, y + 17, zw, size[1])
                boxes[zone.key] = zbox
                cards = self._shown(zone, hidden)
                if not cards:
                    self.slots.append(pygame.Rect(int(x), int(y + 17), size[0], size[1]))
                elif zone.kind in ("pile", "stack"):
                    out += self._pile(zone, cards, zbox, size)
                elif zone.kind == "hand" and fan:
                    out += self._fan(zone, zbox, size, hidden, spread=size[0] * 0.3, cap=14)
                else:
                    out += self._row(zone, zbox, size, hidden)
                x += zw + 16
            y += line_h
        return out

    def _caption(self, zone):
        if zone.kind in ("pile", "stack") or zone.kind == "hand" and zone.owner != self.anchor:
            return f"{zone.name} ({zone.count})"
        return zone.name

    def _pile(self, zone, cards, box, size):
        """A pile: its top card over a few edges that show its thickness."""
        x, y = box[0], box[1]
        rect = pygame.Rect(int(x), int(y), size[0], size[1])
        out = []
        depth = min(4, len(cards) // 10)
        for i in range(depth):
            out.append(Placed(rect.move(-(depth - i) * 2, -(depth - i) * 2), None, zone.key, -1, False))
        top = cards[-1]
        out.append(Placed(rect.copy(), top, zone.key, len(cards) - 1, top is not None))
        return out

    def _fan(self, zone, box, size, hidden, spread, cap=None):
        """A hand, overlapped left to right (at most `cap` cards drawn)."""
        cards = self._shown(zone, hidden)
        x, y, w, h = box
        shown = cards if cap is None or len(cards) <= cap else cards[:cap]
        n = len(shown)
        step = spread if n <= 1 else min(spread, (w - size[0]) / (n - 1))
        total = size[0] + step * max(0, n - 1)
        start = x + (w - total) / 2 if cap is None else x
        out = []
        for i, card in enumerate(shown):
            lift = 0 if cap is not None else abs(i - (n - 1) / 2) ** 2 * 0.25 * min(1, 10 / max(n, 1))
            rect = pygame.Rect(int(start + i * step), int(y + lift), size[0], size[1])
            out.append(Placed(rect, card, zone.key, i, card is not None))
        return out

    def _row(self, zone, box, size, hidden):
        """Cards side by side (overlapping when the row is full)."""
        cards = self._shown(zone, hidden)
        x, y, w, h = box
        n = len(cards)
        step = size[0] + 4 if n <= 1 else min(size[0] + 4, (w - size[0]) / (n - 1))
        return [Placed(pygame.Rect(int(x + i * step), int(y), size[0], size[1]), card, zone.key, i,
                       card is not None) for i, card in enumerate(cards)]

    def _shown(self, zone, hidden):
        """A zone's cards minus those still flying towards it."""
        ids, count = hidden.get(zone.key, (set(), 0))
        cards = [c for c in zone.cards if c is None or id(c) not in ids]
        if count:
            nones = [i for i, c in enumerate(cards) if c is None][-count:]
            drop = set(nones)
            cards = [c for i, c in enumerate(cards) if i not in drop]
        return cards

    def _in_flight(self):
        hidden = {}
        for f in self.flights:
            ids, count = hidden.get(f.zone, (set(), 0))
            if f.card is not None:
                ids = ids | {id(f.card)}
            else:
                count += 1
            hidden[f.zone] = (ids, count)
        return hidden

    # ---- animation ----------------------------------------------------------------------------
    def _start_animations(self, before=None, anchors=None):
        """Turn pending events into card flights, toasts, sounds and a die roll."""
        if self.curtain is not None:
            return
        before = before or {}
        anchors = anchors or dict(self.zone_boxes)
        events, self.pending = self.pending, []
        duration = self.app.settings.move_seconds
        if len(events) > 40:
            duration *= 0.4
        self.layout()
        delay = 0.0
        seen_by = self.viewer
        sounds = set()
        for raw in events:
            event = raw.for_seat(seen_by)
            if event.kind == "move" and event.cards and duration > 0:
                n = len(event.cards)
                stagger = min(duration * 0.35, 1.2 / n)
                for i, card in enumerate(event.cards):
                    start = before.get(id(card)) if card is not None else None
                    if start is None:
                        start = self._anchor_rect(anchors, event.src) or self._anchor_rect(self.zone_boxes, event.src)
                    flip = card is not None and id(card) not in before
                    self.flights.append(Flight(card, start, None, delay + i * stagger, duration, event.dst, flip))
                delay += stagger * (n - 1) + duration * 0.6
                sounds.add("deal" if event.src == "draw" else "play")
            elif event.kind == "roll":
                self.die_value = event.detail
                self.rolling = max(0.5, duration * 3) if duration else 0
                sounds.add("die")
            elif event.kind == "recycle":
                sounds.add("shuffle")
            if event.kind in ("declare", "skip", "recycle", "burn", "out", "pick_up", "call", "knock",
                              "fold", "score", "blind_fail", "goal", "toss"):
                names = [s.name for s in self.session.seats]
                line = present.event_line(event, names, self._zone_names())
                if line:
                    self.toasts.append([line, 1.6 + delay])
        for name in sounds:
            self.app.sounds.play(name)
        self.toasts = self.toasts[-3:]
        self.layout()

    def _zone_names(self):
        return {z.key: z.name for z in self.current_view.zones} if hasattr(self, "current_view") else {}

    def _anchor_rect(self, boxes, key):
        box = boxes.get(key)
        if box is None:
            return None
        x, y, w, h = box
        return pygame.Rect(int(x + w / 2 - CENTRE[0] / 2), int(y + h / 2 - CENTRE[1] / 2), *CENTRE)

    def _target(self, flight):
        for p in self.placed:
            if flight.card is not None and p.card is flight.card:
                return p.rect
        box = self.zone_boxes.get(flight.zone)
        if box is None:
            return flight.start
        x, y, w, h = box
        size = HAND if flight.zone == self.hand_key else (box[2], box[3]) if box[3] < 100 else CENTRE
        size = (min(size[0], int(w)) or CENTRE[0], min(size[1], int(h)) or CENTRE[1])
        return pygame.Rect(int(x + w - size[0]) if w > size[0] * 2 else int(x), int(y), *size)

    def busy(self):
        return bool(self.flights or self.toasts or self.rolling > 0 or self.message_time > 0
                    or self.bot_wait > 0 or self.end_wait > 0)

    def update(self, dt):
        if self.curtain is None and self.pending:
            self._start_animations()
        landed = False
        for f in self.flights:
            f.t += dt
            landed = landed or f.done()
        if self.flights:
            self.flights = [f for f in self.flights if not f.done()]
            if landed:
                self.layout()
            self.dirty = True
        for toast in self.toasts:
            toast[1] -= dt
        if self.toasts:
            self.toasts = [t for t in self.toasts if t[1] > 0]
            self.dirty = True
        if self.rolling > 0:
            self.rolling = max(0.0, self.rolling - dt)
            self.dirty = True
        if self.message_time > 0:
            self.message_time = max(0.0, self.message_time - dt)
            if self.message_time == 0:
                self.message = ""
                self.dirty = True
        self._advance(dt)

    def _advance(self, dt):
        """Move the game on when nothing is animating: the curtain, computer turns, the end."""
        if self.flights or self.pending or self.rolling > 0 or self.dialog:
            return
        result = self.session.poll_bot()
        if result is not None:
            purpose, seat, action, reason = result
            if purpose == "move":
                self.submit(action)
                return
            self.hint = action
            names = [s.name for s in self.session.seats]
            label = present.action_label(action, names, with_cards=True)
            self.say(f"Hint: {label}" + (f": {reason}" if reason else ""))
            self.layout()
        if self.state.is_over or self._hand_over():
            if self.end_wait <= 0:
                self.end_wait = 0.6 if self.app.settings.move_seconds else 0.01
                return
            self.end_wait -= dt
            if self.end_wait <= 0:
                hands = sum(1 for e in self.state.events if e.kind == present.HAND_END)
                self.go("scoring", interim=not self.state.is_over, hands_seen=hands,
                        scores_due=False)
            return
        self._decide_view()
        if self.curtain is not None:
            return
        current = self.state.current_player
        if current is None:
            return
        if not self.session.is_human(current):
            if self.session.busy():
                return
            if self.bot_wait <= 0 and not getattr(self, "_bot_armed", False):
                self.bot_wait = self.app.settings.move_seconds * 1.5
                self._bot_armed = True
                return
            self.bot_wait = max(0.0, self.bot_wait - dt)
            if self.bot_wait <= 0:
                self._bot_armed = False
                self.session.start_bot(self.app.settings.thinking_time)
                self.layout()
            return
        legal = self.state.legal_actions()
        if len(legal) == 1 and legal[0].kind == "end_turn" and current == self.viewer:
            self.submit(legal[0])

    def _hand_over(self):
        """Has a hand just ended (the game asks for the scores before the next deal)?
        Also true for a game continued from a save made at that moment."""
        count = sum(1 for e in self.state.events if e.kind == present.HAND_END)
        return count > self.persist.get("hands_seen", 0) or self.persist.get("scores_due", False)

    # ---- input ----------------------------------------------------------------------------
    def handle_event(self, event):
        if event.type == BOT_DONE:
            self.dirty = True
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pos = self.app.screen.logical(event.pos)
            if self.click(pos):
                return
            if self.curtain is None and not self.dialog:
                for p in reversed(self.placed):
                    if p.rect.collidepoint(pos) and p.index >= 0:
                        self.click_card(p)
                        self.dirty = True
                        return
            return
        super().handle_event(event)

    def click(self, pos):
        if self.curtain is None and not self.dialog:
            for button in self.buttons_top:
                if button.hit(pos):
                    button.activate()
                    return True
        return super().click(pos)

    def key(self, event):
        if event.key == pygame.K_ESCAPE and self.dialog:
            self.close_dialog()
            return
        if event.key == pygame.K_h and self.curtain is None and self.my_turn():
            self.ask_hint()
            return
        if self.curtain is None and not self.dialog and self.focus_cards and event.key in (
                pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB,
                pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self._table_key(event)
            return
        super().key(event)

    def _table_key(self, event):
        """Keyboard on the table: arrows walk the cards, Up/Down/Tab go to the buttons."""
        items = self.focus_cards + self.widgets
        self.focus_item = getattr(self, "focus_item", 0) % len(items)
        k = event.key
        if k in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            item = items[self.focus_item]
            if isinstance(item, Placed):
                self.click_card(item)
            else:
                item.activate()
        else:
            back = k in (pygame.K_LEFT, pygame.K_UP) or (k == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            self.focus_item = (self.focus_item + (-1 if back else 1)) % len(items)
        self.dirty = True

    def back(self):
        self.go("menu", session=None)

    def show_rules(self):
        self.go("rules", rules_game=self.session.game_id, return_to="table")

    def ask_hint(self):
        """Ask the strongest computer player for a suggestion."""
        if self.my_turn() and not self.session.busy():
            self.session.start_hint(self.app.settings.thinking_time)
            self.say("Thinking about a hint...")
            self.layout()

    # ---- drawing ------------------------------------------------------------------------------
    def draw(self, screen):
        surf = screen.surface
        if self.curtain is not None:
            surf.blit(felt.image(*surf.get_size()), (0, 0))
            self._draw_curtain(screen)
            return
        key = (self.version, getattr(self, "focus_item", 0), self.app.keyboard, self.session.thinking(),
               surf.get_size(), self.app.settings.colourblind)
        if key != self.static_key:
            self.static_key = key
            self._draw_static(screen)
        surf.blit(self.static, (0, 0))
        for button in self.buttons_top:
            button.draw(screen, focused=self._focused(button), hovered=button is self.hover)
        self._draw_flights(screen)
        self._draw_die(screen)
        self._draw_messages(screen)
        for widget in self.widgets if not self.dialog else []:
            widget.draw(screen, focused=self._focused(widget), hovered=widget is self.hover)
        if self.dialog:
            self._draw_dialog(screen)

    def _draw_static(self, screen):
        """Draw what changes only with the layout (felt, seats, cards, panels) once, into
        a cached surface; frames then blit it and draw only what moves on top."""
        surf = screen.surface
        if self.static is None or self.static.get_size() != surf.get_size():
            self.static = pygame.Surface(surf.get_size()).convert()
        screen.surface = self.static
        try:
            self.static.blit(felt.image(*surf.get_size()), (0, 0))
            self._draw_top(screen)
            self._draw_seats(screen)
            self._draw_cards(screen)
            self._draw_side(screen)
        finally:
            screen.surface = surf

    def _focused(self, item):
        if not self.app.keyboard:
            return False
        items = self.focus_cards + self.widgets
        if not items:
            return False
        return items[getattr(self, "focus_item", 0) % len(items)] is item

    def _draw_top(self, screen):
        view = self.current_view
        screen.panel((0, 0, screen.lw, TOP - 6), alpha=170, edge=None, radius=0)
        info = self.session.info
        screen.text(info.title, 24, palette.TEXT, (18, 10))
        x = 18 + screen.text_width(info.title, 24) + 18
        current = view.current_player
        phase = str(view.facts.get("phase", ""))
        turn = "" if current is None else (
            "Your turn" if current == self.viewer else f"{self.session.name(current)}'s turn")
        words = "  ·  ".join(w for w in (phase, turn) if w)
        self.top_text_end = x + screen.text(words, 20, palette.GOLD, (x, 14), width=max(40, self.title_right - x))

    def _plate(self, screen, seat, x, y, w):
        """A seat's name plate: name, card count, turn marker, thinking mark."""
        view = self.current_view
        current = view.current_player == seat
        fill = (64, 52, 14) if current else palette.PANEL
        edge = palette.GOLD if current else palette.PANEL_EDGE
        screen.panel((x, y, w, 28), fill=fill, alpha=230, edge=edge, radius=8)
        count = sum(z.count for z in view.zones if z.owner == seat and z.kind == "hand")
        name = self.session.name(seat)
        if not self.session.seats[seat].human:
            name += " (computer)"
        if seat == self.viewer:
            name += " (you)"
        right = f"{count} card" + ("" if count == 1 else "s")
        if self.session.thinking() == seat:
            right = "thinking..."
        rw = screen.text_width(right, 16)
        screen.text(name, 18, palette.GOLD if current else palette.TEXT, (x + 10, y + 6), width=w - rw - 28)
        screen.text(right, 16, palette.TEXT_DIM, (x + w - 10, y + 7), "topright")

    def _draw_seats(self, screen):
        for area in self.lanes:
            pygame.draw.rect(screen.surface, (30, 104, 62), area, border_radius=screen.px(8))
            for k in range(1, 3):
                y = area.top + area.h * k // 3 - screen.px(2)
                pygame.draw.line(screen.surface, (210, 230, 210), (area.left + screen.px(6), y),
                                 (area.right - screen.px(6), y), max(1, screen.px(1)))
        for seat, rect in self.seat_panels.items():
            x, y, w, h = rect
            screen.panel(rect, alpha=90, edge=None, radius=12)
            self._plate(screen, seat, x, y, w)
        hand_y = screen.lh - HAND[1] - 14
        self._plate(screen, self.anchor, 20, hand_y - 40, 300)
        for label in self.labels:
            words, pos = label[0], label[1]
            anchor = label[2] if len(label) > 2 else "topleft"
            screen.text(words, 15, palette.TEXT_DIM, pos, anchor)

    def _draw_cards(self, screen):
        surf = screen.surface
        cb = self.app.settings.colourblind
        for slot in self.slots:
            r = screen.rect(slot)
            pygame.draw.rect(surf, palette.FELT_LIGHT, r, max(1, screen.px(2)), border_radius=screen.px(6))
        for p in self.placed:
            r = screen.rect(p.rect)
            card = p.card if p.face_up else None
            img, pad = card_sprites.shadowed(card, r.w, r.h, cb, self.family, self._back_of(p.zone))
            surf.blit(img, (r.x - pad, r.y - pad))
            width = max(2, screen.px(3))
            if p.hinted:
                surf.blit(card_sprites.outline(r.w, r.h, palette.HINT, width), (r.x - width, r.y - width))
            elif p.selected:
                surf.blit(card_sprites.outline(r.w, r.h, palette.SELECT, width), (r.x - width, r.y - width))
            elif p.raised:
                surf.blit(card_sprites.outline(r.w, r.h, palette.GOLD, width), (r.x - width, r.y - width))
            if p.dimmed:
                surf.blit(card_sprites.tint(r.w, r.h, (0, 0, 0), 110), r)
            if self._focused(p):
                w2 = max(2, screen.px(4))
                surf.blit(card_sprites.outline(r.w, r.h, palette.SELECT, w2), (r.x - w2, r.y - w2))

    def _draw_flights(self, screen):
        surf = screen.surface
        cb = self.app.settings.colourblind
        for f in self.flights:
            if f.t < 0:
                continue
            end = self._target(f)
            t = _ease(min(1.0, f.t / f.duration)) if f.duration else 1.0
            x = f.start.x + (end.x - f.start.x) * t
            y = f.start.y + (end.y - f.start.y) * t
            w = f.start.w + (end.w - f.start.w) * t
            h = f.start.h + (end.h - f.start.h) * t
            face = f.card is not None and (not f.flip or t >= 0.5)
            squeeze = abs(1 - 2 * t) if f.flip else 1.0
            r = screen.rect((x, y, w, h))
            img = card_sprites.image(f.card if face else None, r.w, r.h, cb, self.family,
                                     self._back_of(f.zone))
            if squeeze < 1:
                img = pygame.transform.smoothscale(img, (max(1, int(r.w * squeeze)), r.h))
            surf.blit(card_sprites.shadow(r.w, r.h), r.move(-screen.px(4), screen.px(6)))
            surf.blit(img, img.get_rect(center=r.center))

    def _draw_die(self, screen):
        if self.die_value is None:
            return
        tw = screen.lw - PANEL_W - 20
        rect = pygame.Rect(0, 0, screen.px(54), screen.px(54))
        rect.center = screen.pixel((tw - 60, TOP + 190))
        if self.rolling > 0:
            value = random.Random(int(self.rolling * 40)).randint(1, 6)
            die_sprite.DieSprite(value, rect).draw(screen.surface, angle=self.rolling * 900 % 360)
        else:
            die_sprite.DieSprite(self.die_value, rect).draw(screen.surface)

    def _draw_messages(self, screen):
        tw = screen.lw - PANEL_W - 20
        y = screen.lh - HAND[1] - 92
        if self.message:
            width = min(tw - 80, screen.text_width(self.message, 18) + 40)
            screen.panel((tw / 2 - width / 2, y, width, 32), fill=(70, 22, 18), alpha=230, edge=palette.DANGER)
            screen.text(self.message, 18, palette.TEXT, (tw / 2, y + 16), "center", width=width - 20)
        if self.toasts:
            words = self.toasts[-1][0]
            x = self.top_text_end + 16
            width = min(self.title_right - x - 8, screen.text_width(words, 18) + 30)
            if width > 60:
                screen.panel((x, 10, width, 32), fill=(20, 20, 24), alpha=230, edge=palette.GOLD)
                screen.text(words, 18, palette.TEXT, (x + 15, 26), "midleft", width=width - 30)

    def _draw_side(self, screen):
        view = self.current_view
        x = screen.lw - PANEL_W - 10
        y = TOP + 4
        h = screen.lh - y - 10
        screen.panel((x, y, PANEL_W, h), alpha=200)
        names = [s.name for s in self.session.seats]
        cy = y + 12
        screen.text("Scores", 18, palette.GOLD, (x + 14, cy))
        cy += 26
        for seat, score in enumerate(view.scores):
            if score is None:   # hidden from this seat: show what it can see instead
                held = sum(z.count for z in view.zones if z.owner == seat and z.kind == "hand")
                score = f"{held} cards"
            colour = palette.GOLD if seat == view.current_player else palette.TEXT
            screen.text(names[seat], 16, colour, (x + 14, cy), width=PANEL_W - 80)
            screen.text(str(score), 16, colour, (x + PANEL_W - 14, cy), "topright")
            cy += 21
        cy += 8
        colour = view.facts.get("color")
        for label, value in present.fact_lines(view.facts, names)[:7]:
            screen.text(f"{label}: {value}", 16, palette.TEXT, (x + 14, cy), width=PANEL_W - 50)
            if label == "Colour in force" and colour in palette.HEX:
                pygame.draw.circle(screen.surface, palette.hex_colour(colour),
                                   screen.pixel((x + PANEL_W - 22, cy + 8)), screen.px(8))
            cy += 21
        cy += 8
        screen.text(f"Deal number {self.session.seed}", 15, palette.TEXT_DIM, (x + 14, cy))
        cy += 28
        screen.text("Since your last move" if self.viewer is not None else "Latest moves", 18, palette.GOLD,
                    (x + 14, cy))
        cy += 26
        lines = self._log_lines()
        room = int((y + h - cy - 8) // 19)
        for line in lines[-room:] if room > 0 else []:
            for part in screen.wrap(line, 15, PANEL_W - 28)[:2]:
                if cy > y + h - 22:
                    break
                screen.text(part, 15, palette.TEXT, (x + 14, cy))
                cy += 18

    def _log_lines(self):
        seat = self.viewer
        since = self.session.last_played.get(seat, 0) if seat is not None else max(0, len(self.state.events) - 30)
        names = [s.name for s in self.session.seats]
        zone_names = self._zone_names()
        lines = []
        for event in self.state.events_for(seat, since):
            line = present.event_line(event, names, zone_names)
            if line:
                lines.append(line)
        return lines[-40:]

    def _draw_curtain(self, screen):
        screen.panel((0, 0, screen.lw, screen.lh), fill=(12, 30, 22), alpha=255, edge=None, radius=0)
        name = self.session.name(self.curtain)
        screen.text(f"Pass to {name}. Ready?", 44, palette.TEXT, (screen.lw / 2, screen.lh / 2 - 40), "center")
        screen.text("Only " + name + " should look at the screen now.", 20, palette.TEXT_DIM,
                    (screen.lw / 2, screen.lh / 2 + 4), "center")
        self.draw_widgets(screen)

    def _draw_dialog(self, screen):
        screen.panel((0, 0, screen.lw, screen.lh), fill=(0, 0, 0), alpha=120, edge=None, radius=0)
        rect = self.dialog["rect"]
        screen.panel(rect, alpha=245, edge=palette.GOLD, radius=14)
        screen.text(self.dialog["title"], 22, palette.GOLD, (rect[0] + rect[2] / 2, rect[1] + 18), "midtop",
                    width=rect[2] - 30)
        for i, button in enumerate(self.widgets):
            button.draw(screen, focused=i == self.focus % len(self.widgets) and self.app.keyboard or
                        (i == self.focus % len(self.widgets)), hovered=button is self.hover)
            swatch = getattr(button, "swatch", None)
            if swatch:
                r = screen.rect(button.rect)
                pygame.draw.circle(screen.surface, palette.hex_colour(swatch),
                                   (r.x + screen.px(22), r.centery), screen.px(10))
                if self.app.settings.colourblind:
                    screen.text(palette.colour_letter(swatch), 14, palette.TEXT,
                                (button.rect.x + 22, button.rect.centery), "center")
