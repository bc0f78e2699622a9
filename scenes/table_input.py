"""From a click or a key to what the player means: which legal actions a card stands
for, what the buttons offer, and how the keyboard walks the table.

Pure functions over the legal actions and the board (no drawing, no state changes), and
TableInput, which reads one mouse or key event against the table as laid out (`Laid`)
and its interaction state (scenes/table_state.py) and returns the intents it means:
play these actions, toggle a card, pick a lane, refuse with words, press a button,
scroll the log, move the keyboard, hover, grab, drag or drop a card, undo, ask for a
hint, close a choice, leave, go on from an outcome held on the table. It changes nothing: the controller (scenes/table.py)
carries the intents out.
"""
from collections import Counter
from dataclasses import dataclass
from typing import NamedTuple

import pygame

from game import registry
from scenes import ui
from game.presenter import card_name
from scenes.table_layout import dialog_places

ACTIVATE = (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)
WALK = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB) + ACTIVATE
LIFT = 14       # how far a card of your hand under the pointer rises (others show whole in place)
DRAG = 8        # how far the pointer moves with a card held before it is a drag


def same_card(a, b):
    """Two cards are the same for a move: the same card, or interchangeable copies."""
    return a is b or (a is not None and b is not None and a.name == b.name)


def actions_with(legal, card):
    """The legal actions that use `card` (or an interchangeable copy of it)."""
    return [a for a in legal if any(same_card(c, card) for c in a.cards)]


def actions_for_selection(legal, selection):
    """The legal actions whose cards are exactly the selected ones (by face)."""
    want = Counter(c.name for c in selection)
    return [a for a in legal if a.cards and Counter(c.name for c in a.cards) == want]


def card_at(board, pos):
    """The topmost clickable card under a logical point, or None."""
    for p in reversed(board.placed):
        if p.rect.collidepoint(pos) and p.index >= 0:
            return p
    return None


def lane_fits(legal, lane, card, presenter):
    """The legal moves that put `card` in field lane `lane`."""
    return [a for a in legal if a.kind in presenter.LANE_ARGS and a.arg == lane
            and any(same_card(c, card) for c in a.cards)]


def open_lanes(legal, selection, presenter):
    """The lanes the one picked card may go in (none unless exactly one card is picked)."""
    if len(selection) != 1:
        return frozenset()
    return frozenset(a.arg for a in legal if a.kind in presenter.LANE_ARGS
                     and any(same_card(c, selection[0]) for c in a.cards))


def needs_lane(actions, presenter):
    """Do `actions` (a card's moves) differ only by the lane they put it in?"""
    return len(actions) > 1 and all(a.kind in presenter.LANE_ARGS for a in actions)


class Click:
    """What a click on a face-up card means: `play` (the actions to choose from, with a
    title; to be confirmed first when `aside`), `toggle` (add it to or take it from the
    selection), or `refuse` (why not)."""

    def __init__(self, what, actions=(), words="", aside=False):
        self.what, self.actions, self.words, self.aside = what, list(actions), words, aside


def click_card(legal, card, selection, presenter, why_illegal, view=None):
    """The meaning of a click on face-up `card` at the table `view` shows;
    `why_illegal(action)` is the rules' reason. A card that only a move aside from the
    step in hand takes (the presenter's `step_kinds`) is played only once confirmed."""
    fits = actions_with(legal, card)
    kinds = presenter.step_kinds(view) if view is not None else None
    if kinds is not None and fits and not any(a.kind in kinds for a in fits):
        return Click("play", fits, presenter.aside_title(card, fits), aside=True)
    if not fits:
        if selection:
            return Click("refuse", words="That card cannot go with your selection")
        kinds = [a.kind for a in legal if a.cards]
        if not kinds:
            return Click("refuse", words="No card is played now: choose one of the buttons")
        kind = max(set(kinds), key=kinds.count)
        return Click("refuse", words=why_illegal(registry.Action(kind, (card,))))
    several = [a for a in fits if len(a.cards) > 1 or a.kind in presenter.PICK_THEN_PLAY]
    if not selection and not several:
        singles = [a for a in fits if len(a.cards) == 1]
        return Click("play", singles, f"{presenter.kind_label(singles[0].kind)} {card_name(card)}")
    return Click("toggle")


def hidden_fits(legal, placed, owner, view, presenter):
    """The blind plays or picks that point at face-down card `placed` (its zone owned by
    `owner`) at the table `view` shows."""
    return [a for a in legal if not a.cards and a.arg is not None
            and presenter.picks(a, owner, placed.index, view.seat, view)]


def choosable(legal, view, presenter):
    """What the moves `legal` may take at the table `view` shows, to be marked: the face-up
    cards (those of the step in hand, where the presenter says which: `step_kinds`), as
    {(zone key, card name)}, and the face-down cards a blind pick points at, as
    {(zone key, position): the picks}."""
    where = {id(c): z.key for z in view.zones for c in z.cards if c is not None}
    kinds = presenter.step_kinds(view)
    cards = {(where[id(c)], c.name) for a in legal for c in a.cards
             if id(c) in where and (kinds is None or a.kind in kinds)}
    blind = [a for a in legal if not a.cards and a.arg is not None]
    picks = {}
    if blind:
        for zone in view.zones:
            if zone.kind == "pile":
                continue
            for i, card in enumerate(zone.cards):
                fits = [a for a in blind if card is None and presenter.picks(a, zone.owner, i, view.seat, view)]
                if fits:
                    picks[(zone.key, i)] = fits
    return cards, picks


def pick_of(action, view, presenter):
    """The face-down card a blind pick `action` points at, as (zone key, position), or None."""
    if action is None or action.cards or action.arg is None:
        return None
    return next(((z.key, i) for z in view.zones if z.kind != "pile" for i, c in enumerate(z.cards)
                 if c is None and presenter.picks(action, z.owner, i, view.seat, view)), None)


def button_entries(legal, selection, presenter, names, view=None):
    """The action buttons: [(label, what, actions, title, enabled)] where `what` is
    `choose` (one of the actions, through a dialog with `title` when several), `submit`
    (the one action) or `clear` (the selection). Where cards are picked and then played
    (a several-card move, or a kind the presenter always picks first), the buttons for
    the picked cards and Clear selection stay in their places, switched off while they
    have nothing to do, so nothing moves between picking and confirming."""
    entries = []
    picking = [a.kind for a in legal if len(a.cards) > 1 or (a.cards and a.kind in presenter.PICK_THEN_PLAY)]
    matching = {}
    for a in actions_for_selection(legal, selection) if selection else ():
        matching.setdefault(a.kind, []).append(a)
    for kind in dict.fromkeys(picking + list(matching)):
        acts = matching.get(kind, [])
        label = presenter.selection_label(kind, acts, len(selection)) if acts else presenter.kind_label(kind)
        entries.append((label, "choose", acts, label, bool(acts)))
    if picking or selection:
        entries.append(("Clear selection", "clear", [], "", bool(selection)))
    groups = {}
    for a in legal:
        if not a.cards:
            groups.setdefault(a.kind, []).append(a)
    for kind, acts in groups.items():
        if len(acts) <= 3:
            entries += [(presenter.action_label(a, names, view=view), "submit", [a], "", True) for a in acts]
        else:
            title = presenter.group_label(kind, names, view)
            entries.append((title + "...", "choose", acts, title, True))
    return entries


def action_buttons(entries, right, bottom, run, hint, own=()):
    """The buttons of `entries` (from button_entries) in a column, bottom right of the
    table, under a director's `own` buttons [(key, label, what a press does)], which
    are marked; a press calls `run(what, actions, title)`; the hinted move's button is
    marked."""
    buttons = []
    y = bottom - 18 - 44 * (len(entries) + len(own))
    for key, label, press in own:
        button = ui.Button((right - 196, y, 186, 38), label, press, primary=True, size=18, key=key)
        button.marked = True
        buttons.append(button)
        y += 44
    for label, what, actions, title, enabled in entries:
        button = ui.Button((right - 196, y, 186, 38), label,
                           lambda what=what, actions=actions, title=title: run(what, actions, title),
                           enabled=enabled, primary=bool(actions), size=18)
        button.actions = actions
        button.marked = hint is not None and hint in actions
        buttons.append(button)
        y += 44
    return buttons


def dialog_buttons(options, lw, lh, submit, cancel, swatch):
    """A dialog's choices (`options`: [(label, action)]) in one or two columns, and Cancel:
    (the dialog's rect, its buttons); a choice calls `submit(action)`, Cancel `cancel()`;
    `swatch(action)` is the colour a choice shows beside its words, or None."""
    rect, rects, cancel_rect = dialog_places(len(options), lw, lh)
    buttons = []
    for place, (label, action) in zip(rects, options):
        button = ui.Button(place, label, lambda a=action: submit(a), size=18)
        button.actions = [action]
        button.swatch = swatch(action)
        buttons.append(button)
    return rect, buttons + [ui.Button(cancel_rect, "Cancel", cancel, size=18)]


def is_undo(event):
    """Is this key press Undo (Ctrl+Z, or Cmd+Z on a Mac)?"""
    return event.key == pygame.K_z and bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))


def walk(items, focus, key, mod):
    """The keyboard focus after an arrow or Tab among `items` (from `focus`), passing over
    buttons that are switched off."""
    back = key in (pygame.K_LEFT, pygame.K_UP) or (key == pygame.K_TAB and mod & pygame.KMOD_SHIFT)
    for _ in range(len(items)):
        focus = (focus + (-1 if back else 1)) % len(items)
        if getattr(items[focus], "enabled", True):
            break
    return focus


def main_focus(laid, dialog_default=0):
    """Where the keyboard starts after a change: on a choice, its marked option (a lesson's
    coach) or `dialog_default`; behind the curtain, Ready; on the table, a marked card or
    button (a hint, a lesson's coach), else a card you may play, else the first action
    button, else your first card, else Hint or Rules (never Menu or Undo)."""
    cards, widgets = laid.cards, laid.widgets
    if laid.cover == "dialog":
        return next((i for i, w in enumerate(widgets) if w.marked), dialog_default)
    marked = [i for i, p in enumerate(cards) if p.hinted] + [
        len(cards) + i for i, w in enumerate(widgets) if getattr(w, "marked", False)]
    if laid.cover:
        return 0
    if marked:
        return marked[0]
    first = next((i for i, p in enumerate(cards) if p.raised), None)
    if first is None and any(getattr(w, "actions", None) for w in widgets):
        first = len(cards)
    if first is None and not cards:
        first = next((len(cards) + i for i, w in enumerate(widgets)
                      if getattr(w, "label", None) in ("Hint", "Rules", "Ready")), 0)
    return first if first is not None else 0


class Laid(NamedTuple):
    """The table as the last layout left it, as the input reads it."""

    board: object           # the Board (scenes/table_layout.py)
    cards: list             # the cards the keyboard walks, before the widgets
    widgets: list           # the buttons the keyboard walks: the action buttons and the top ones,
                            # a choice's options, Ready, or what covers the table
    top: list               # the top bar's buttons (clicked before anything else)
    cover: str              # what covers the table: "", "curtain", "dialog", "hold" (an outcome waits
                            # to be read) or "over"
    legal: tuple            # the moves the person may make now
    playing: bool           # may the person at the screen play now?
    view: object            # the view drawn
    viewer: object          # whose view it is (None: everyone's)
    presenter: object
    why_illegal: object     # why_illegal(action): the rules' reason
    dialog_rect: tuple      # where a choice open lies (None without one)
    title_right: float      # where the top bar's words must end
    bubble: tuple = None    # a director's bubble, placed (table_draw.Bubble)


# ---- intents: what an event means, for the controller to carry out ---------------------------------
@dataclass(frozen=True)
class Play:
    """Make one of `actions` (a choice titled `title` when there are several, or when it
    must be `confirmed`, opening on the option whose argument is `default`)."""
    actions: tuple
    title: str = ""
    default: object = None
    confirmed: bool = False


@dataclass(frozen=True)
class Toggle:
    """Add `card` to the selection, or take it out."""
    card: object


@dataclass(frozen=True)
class PickLane:
    """Pick `card` alone and ask for the lane it goes in."""
    card: object


@dataclass(frozen=True)
class Refuse:
    """Say why not, in `words`, clear of `card` (the card refused, if any)."""
    words: str
    card: object = None


@dataclass(frozen=True)
class Press:
    """Press `button` (the keyboard going to item `focus` first, unless None)."""
    button: object
    focus: int = None


@dataclass(frozen=True)
class Scroll:
    """Scroll the log back (positive) or forward (negative) by `entries`."""
    entries: int


@dataclass(frozen=True)
class Focus:
    """The keyboard goes to item `index` (cards, then widgets)."""
    index: int


@dataclass(frozen=True)
class Hover:
    """The card under the pointer is now `placed` (None: none)."""
    placed: object


@dataclass(frozen=True)
class HoverButton:
    """The button under the pointer is now `button` (None: none)."""
    button: object


@dataclass(frozen=True)
class Tip:
    """The log entry cut short under the pointer is now `tip`: (rect, full words) or None."""
    tip: object


@dataclass(frozen=True)
class Grab:
    """The button went down on card `placed` at logical point `pos`."""
    placed: object
    pos: tuple


@dataclass(frozen=True)
class Drag:
    """The card held is dragged to logical point `pos`."""
    pos: tuple


@dataclass(frozen=True)
class Drop:
    """The card held is let go (what it means follows as its own intent)."""


@dataclass(frozen=True)
class Undo:
    """Take back a move, as the Undo setting allows."""


@dataclass(frozen=True)
class Hint:
    """Ask for a hint."""


@dataclass(frozen=True)
class Close:
    """Close the choice open."""


@dataclass(frozen=True)
class Back:
    """Leave the table (Esc)."""


@dataclass(frozen=True)
class Continue:
    """Go on from the outcome held on the table (any key or click while it waits);
    `by_click`: a click on the felt, not a key or the Continue button."""
    by_click: bool = False


class TableInput:
    """Reads the table's mouse and key events: `read(...)` gives the intents an event
    means. It keeps nothing and changes nothing."""

    def read(self, event, pos, laid, state, tips=()):
        """The intents of `event` (`pos`: its logical point, for the mouse) on the table as
        `laid` out, with interaction `state` and the log's entries cut short `tips`
        [(rect, words)]; [] when it means nothing here."""
        if event.type == pygame.MOUSEWHEEL:
            return [Scroll(3 * event.y)]
        if event.type == pygame.MOUSEMOTION:
            return self.moved(pos, laid, state, tips)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.pressed(pos, laid, state)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and state.press is not None:
            return self.released(pos, laid, state)
        if event.type == pygame.KEYDOWN:
            return self.key(event, laid, state)
        return []

    # ---- the mouse -------------------------------------------------------------------------
    def moved(self, pos, laid, state, tips):
        """The pointer moved: a log entry's tip, the card held dragged or the card under it
        lifted, the button under it lit (each only when it changes)."""
        intents = []
        tip = next((t for t in tips if pygame.Rect(t[0]).collidepoint(pos)), None)
        if tip != state.log_tip:
            intents.append(Tip(tip))
        if not laid.cover and state.press is not None:
            start = state.press[1]
            if state.drag_pos is not None or abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > DRAG:
                intents.append(Drag(pos))
        elif laid.cover in ("", "hold"):
            under = self.card_under(pos, laid, state)
            hovered = under if under is not None and (under.face_up or under.raised) else None
            if hovered is not state.hovered:
                intents.append(Hover(hovered))
        button = next((w for w in laid.widgets if w.hit(pos)), None)
        if button is not state.hover_button:
            intents.append(HoverButton(button))
        return intents

    def pressed(self, pos, laid, state):
        """The button went down: on a button (the top ones first), a card (held until it is
        let go), or a lane for the card picked; anywhere else while an outcome is held:
        Continue."""
        for button in laid.top if laid.cover in ("", "hold") else ():
            if button.hit(pos):
                return [Press(button)]
        for i, button in enumerate(laid.widgets):
            if button.hit(pos):
                return [Press(button, i if laid.cover in ("curtain", "dialog") else None)]
        if laid.cover == "hold":
            return [Continue(by_click=True)]
        if laid.cover:
            return []
        placed = self.card_under(pos, laid, state)
        if placed is not None:
            return [Grab(placed, pos)]
        lane = laid.board.lane_at(pos)
        if lane is not None and laid.playing:
            if state.selection:
                return self.click_lane(lane, state.selection[0], laid)
            if any(a.kind in laid.presenter.LANE_ARGS for a in laid.legal):
                return [Refuse("Pick a card of your line first, then click its lane")]
        return []

    def released(self, pos, laid, state):
        """The button let go of a held card: a click where it was pressed, a drop elsewhere
        (on a lane: into that lane; anywhere off the hand: as a click on the card)."""
        placed = state.press[0]
        if state.drag_pos is None:
            return [Drop()] + self.click_card(placed, laid, state)
        board = laid.board
        lane = board.lane_at(pos)
        if lane is not None and placed.face_up and laid.playing:
            return [Drop()] + self.click_lane(lane, placed.card, laid)
        if placed.zone != board.hand_key or not pygame.Rect(
                *map(int, board.boxes[placed.zone])).inflate(0, 40).collidepoint(pos):
            return [Drop()] + self.click_card(placed, laid, state)
        return [Drop()]

    @staticmethod
    def card_under(pos, laid, state):
        """The card a click at `pos` means: the topmost one where it lies, else the lifted
        card above its place."""
        placed = card_at(laid.board, pos)
        if placed is None and state.hovered is not None and hover_rect(state.hovered, laid.board).collidepoint(pos):
            return state.hovered
        return placed

    # ---- clicks on the table ---------------------------------------------------------------
    def click_card(self, placed, laid, state):
        """A click on a card: play it, select it, or say why it cannot be played."""
        if not laid.playing:
            return []
        if placed.card is None:
            return self.click_hidden(placed, laid)
        click = click_card(laid.legal, placed.card, state.selection, laid.presenter, laid.why_illegal, laid.view)
        if click.what == "refuse":
            return [Refuse(click.words, placed.card)]
        if click.what == "play" and needs_lane(click.actions, laid.presenter):
            return [PickLane(placed.card)]
        if click.what == "play":
            return [Play(tuple(click.actions), click.words, getattr(placed.card, "color", None), click.aside)]
        return [Toggle(placed.card)]

    @staticmethod
    def click_lane(lane, card, laid):
        """A click on a lane of the field (or a card dropped there): put `card` in it."""
        fits = lane_fits(laid.legal, lane, card, laid.presenter)
        if fits:
            return [Play((fits[0],))]
        kind = next((a.kind for a in laid.legal if a.kind in laid.presenter.LANE_ARGS), None)
        why = laid.why_illegal(registry.Action(kind, (card,), lane)) if kind else ""
        return [Refuse(why or f"{card_name(card)} cannot go in that lane", card)]

    @staticmethod
    def click_hidden(placed, laid):
        """A click on a face-down card: a blind play or pick by position, if one fits."""
        owner = next((z.owner for z in laid.view.zones if z.key == placed.zone), None)
        fits = hidden_fits(laid.legal, placed, owner, laid.view, laid.presenter)
        if fits:
            return [Play(tuple(fits), "Choose")]
        return [Refuse("That card is face down", placed.card)]

    # ---- the keyboard ------------------------------------------------------------------------
    def key(self, event, laid, state):
        """A key: Undo, Esc out of a choice (else off the table), the log's pages, any
        other key Continue while an outcome is held; Hint, walking the cards and buttons
        and taking the one marked."""
        if laid.cover == "dialog":
            items, focus = laid.widgets, state.dialog.focus
        else:
            items, focus = laid.cards + laid.widgets, state.focus
        if is_undo(event):
            return [Undo()]
        if event.key == pygame.K_ESCAPE:
            return [Close()] if laid.cover == "dialog" else [Back()]
        if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            return [Scroll(5 if event.key == pygame.K_PAGEUP else -5)]
        if laid.cover == "hold":
            return [Continue()]
        if event.key == pygame.K_h and laid.cover != "curtain" and laid.playing:
            return [Hint()]
        if event.key not in WALK or not items:
            return []
        if event.key not in ACTIVATE:
            return [Focus(walk(items, focus, event.key, event.mod))]
        item = items[focus % len(items)]
        if item in laid.cards:
            return self.click_card(item, laid, state)
        return [Press(item)]


def hover_rect(placed, board):
    """Where the card under the pointer is drawn whole: raised if it is in your hand or a
    face-down card a pick may take."""
    lift = LIFT if placed.zone == board.hand_key or (placed.raised and not placed.face_up) else 0
    return placed.rect.move(0, -lift)


def lifted(state, board):
    """The card drawn whole over the others, as [(placed card, logical rect)]: the one
    being dragged, where it is, else the one under the pointer; [] when none."""
    if state.drag_pos is not None:
        r = state.press[0].rect
        return [(state.press[0], r.move(state.drag_pos[0] - r.centerx, state.drag_pos[1] - r.centery))]
    if state.hovered is not None and state.press is None:
        return [(state.hovered, hover_rect(state.hovered, board))]
    return []
