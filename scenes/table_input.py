"""From a click or a key to the candidate actions: which legal actions a card stands
for, what the buttons offer, and how the keyboard walks the table.

Pure functions over the legal actions and the board (no drawing, no state changes),
and TableInput: the pointer (hover, drag and drop), the log's scrolling and tips and
the keyboard focus of one table, turning its mouse and key events into the
controller's calls (scenes/table.py submits the actions found).
"""
from collections import Counter

import pygame

import game
from scenes import ui
from scenes.base import Scene
from scenes.presenters.default import card_name
from scenes.table_layout import dialog_places
from sprites import palette

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
    title), `toggle` (add it to or take it from the selection), or `refuse` (why not)."""

    def __init__(self, what, actions=(), words=""):
        self.what, self.actions, self.words = what, list(actions), words


def click_card(legal, card, selection, presenter, why_illegal):
    """The meaning of a click on face-up `card`; `why_illegal(action)` is the rules' reason."""
    fits = actions_with(legal, card)
    if not fits:
        if selection:
            return Click("refuse", words="That card cannot go with your selection")
        kinds = [a.kind for a in legal if a.cards]
        if not kinds:
            return Click("refuse", words="No card is played now: choose one of the buttons")
        kind = max(set(kinds), key=kinds.count)
        return Click("refuse", words=why_illegal(game.Action(kind, (card,))))
    several = [a for a in fits if len(a.cards) > 1]
    if not selection and not several:
        singles = [a for a in fits if len(a.cards) == 1]
        return Click("play", singles, f"{presenter.kind_label(singles[0].kind)} {card_name(card)}")
    return Click("toggle")


def hidden_fits(legal, placed, owner, viewer, presenter):
    """The blind plays or picks that point at face-down card `placed` (its zone owned by `owner`)."""
    return [a for a in legal if not a.cards and a.arg is not None
            and presenter.picks(a, owner, placed.index, viewer)]


def button_entries(legal, selection, presenter, names):
    """The action buttons: [(label, what, actions, title)] where `what` is `choose` (one of
    the actions, through a dialog with `title` when several), `submit` (the one action)
    or `clear` (the selection)."""
    entries = []
    if selection:
        by_kind = {}
        for a in actions_for_selection(legal, selection):
            by_kind.setdefault(a.kind, []).append(a)
        for kind, acts in by_kind.items():
            label = f"{presenter.kind_label(kind)} ({len(selection)})"
            entries.append((label, "choose", acts, label))
        entries.append(("Clear selection", "clear", [], ""))
    groups = {}
    for a in legal:
        if not a.cards:
            groups.setdefault(a.kind, []).append(a)
    for kind, acts in groups.items():
        if len(acts) <= 3:
            entries += [(presenter.action_label(a, names), "submit", [a], "") for a in acts]
        else:
            title = presenter.kind_label(kind)
            entries.append((title + "...", "choose", acts, title))
    return entries


def action_buttons(entries, right, bottom, run, hint):
    """The buttons of `entries` (from button_entries) in a column, bottom right of the
    table; a press calls `run(what, actions, title)`; the hinted move's button is marked."""
    buttons = []
    y = bottom - 18 - 44 * len(entries)
    for label, what, actions, title in entries:
        button = ui.Button((right - 196, y, 186, 38), label,
                           lambda what=what, actions=actions, title=title: run(what, actions, title),
                           primary=bool(actions), size=18)
        button.actions = actions
        button.marked = hint is not None and hint in actions
        buttons.append(button)
        y += 44
    return buttons


def dialog_buttons(options, lw, lh, submit, cancel):
    """A dialog's choices (`options`: [(label, action)]) in one or two columns, and Cancel:
    (the dialog's rect, its buttons); a choice calls `submit(action)`, Cancel `cancel()`."""
    rect, rects, cancel_rect = dialog_places(len(options), lw, lh)
    buttons = []
    for place, (label, action) in zip(rects, options):
        button = ui.Button(place, label, lambda a=action: submit(a), size=18)
        button.actions = [action]
        button.swatch = action.arg if action.arg in palette.HEX else None
        buttons.append(button)
    return rect, buttons + [ui.Button(cancel_rect, "Cancel", cancel, size=18)]


def is_undo(event):
    """Is this key press Undo (Ctrl+Z, or Cmd+Z on a Mac)?"""
    return event.key == pygame.K_z and bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))


def walk(count, focus, key, mod):
    """The keyboard focus after an arrow or Tab among `count` items (from `focus`)."""
    back = key in (pygame.K_LEFT, pygame.K_UP) or (key == pygame.K_TAB and mod & pygame.KMOD_SHIFT)
    return (focus + (-1 if back else 1)) % count


class TableInput:
    """The table's pointer, log scrolling and keyboard focus: turns mouse and key events
    into the controller's calls (`table` is the TableScene, whose hooks it calls)."""

    def __init__(self, table):
        self.table = table
        self.hovered = None     # the placed card under the pointer, drawn lifted and whole
        self.press = None       # (placed card, logical point) while the button is held on a card
        self.drag_pos = None    # where a card being dragged is
        self.log_scroll = 0     # log entries scrolled back from the newest
        self.log_tips = []      # the log entries cut short: (rect, full words)
        self.log_tip = None     # the one under the mouse
        self.focus_item = 0     # where the keyboard is among the table's cards and buttons
        self.refocus = True     # the keyboard goes back to the main action at the next layout

    def reset(self):
        """The game changed: the log back to the newest, the keyboard to the main action."""
        self.log_scroll = 0
        self.refocus = True

    def laid_out(self):
        """The table was laid out again: find the lifted card on the new board and, after
        a change, put the keyboard on the main action."""
        table = self.table
        if self.hovered is not None:
            self.hovered = next((p for p in table.board.placed if p.face_up and p.card is self.hovered.card),
                                None)
        if self.refocus and not table.dialog:
            self.refocus = False
            self.focus_item = self.main_focus()
            table.focus = max(0, self.focus_item - len(table.focus_cards))

    # ---- the mouse -------------------------------------------------------------------------
    def handle_event(self, event):
        """A mouse or key event on the table; False when the scene's own handling follows."""
        table = self.table
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_log(3 * event.y)
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover_log(table.app.screen.logical(event.pos))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pos = table.app.screen.logical(event.pos)
            if self.click(pos) or table.curtain is not None or table.dialog:
                return True
            placed = self.card_under(pos)
            if placed is not None:
                self.press = (placed, pos)
            elif table.selection and table.my_turn():
                lane = table.board.lane_at(pos)
                if lane is not None:
                    self.click_lane(lane, table.selection[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            self.release(table.app.screen.logical(event.pos))
            return True
        if event.type == pygame.MOUSEMOTION and table.curtain is None and not table.dialog:
            self.pointer(table.app.screen.logical(event.pos))
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        return False

    def click(self, pos):
        """A click on a button (the top ones first, unless the curtain or a dialog hides
        them); True when one took it."""
        table = self.table
        if table.curtain is None and not table.dialog:
            for button in table.buttons_top:
                if button.hit(pos):
                    button.activate()
                    return True
        return Scene.click(table, pos)

    def card_under(self, pos):
        """The card a click at `pos` means: the topmost one where it lies, else the lifted
        card above its place."""
        placed = card_at(self.table.board, pos)
        if placed is None and self.hovered is not None and self.hover_rect().collidepoint(pos):
            return self.hovered
        return placed

    def hover_rect(self):
        """Where the card under the pointer is drawn whole: raised if it is in your hand."""
        lift = LIFT if self.hovered.zone == self.table.board.hand_key else 0
        return self.hovered.rect.move(0, -lift)

    def lifted(self):
        """The card drawn whole over the others, as [(placed card, logical rect)]: the one
        being dragged, where it is, else the one under the pointer; [] when none."""
        if self.drag_pos is not None:
            r = self.press[0].rect
            return [(self.press[0], r.move(self.drag_pos[0] - r.centerx, self.drag_pos[1] - r.centery))]
        if self.hovered is not None and self.press is None:
            return [(self.hovered, self.hover_rect())]
        return []

    def pointer(self, pos):
        """The pointer moved: drag the held card, or lift the card under it (a redraw only
        when that card changes)."""
        if self.press is not None:
            placed, start = self.press
            if self.drag_pos is not None or abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > DRAG:
                self.drag_pos = pos
                self.table.dirty = True
            return
        under = self.card_under(pos)
        hovered = under if under is not None and under.face_up else None
        if hovered is not self.hovered:
            self.hovered = hovered
            self.table.dirty = True

    def release(self, pos):
        """The button let go of a held card: a click where it was pressed, a drop elsewhere
        (on a lane: into that lane; anywhere off the hand: as a click on the card)."""
        table = self.table
        placed, start = self.press
        dragged = self.drag_pos is not None
        self.press = self.drag_pos = None
        table.dirty = True
        if not dragged:
            self.click_card(placed)
            return
        lane = table.board.lane_at(pos)
        if lane is not None and placed.face_up and table.my_turn():
            self.click_lane(lane, placed.card)
        elif placed.zone != table.board.hand_key or not pygame.Rect(
                *map(int, table.board.boxes[placed.zone])).inflate(0, 40).collidepoint(pos):
            self.click_card(placed)

    # ---- clicks on the table ---------------------------------------------------------------
    def click_card(self, placed):
        """A click on a card: play it, select it, or say why it cannot be played."""
        table = self.table
        if not table.my_turn():
            return
        if placed.card is None:
            self.click_hidden(placed)
            return
        click = click_card(table.legal_now, placed.card, table.selection, table.presenter,
                           table.session.why_illegal)
        if click.what == "refuse":
            table.say(click.words)
        elif click.what == "play" and needs_lane(click.actions, table.presenter):
            table.selection = [placed.card]
            table.say(f"Click a lane for {card_name(placed.card)}")
            table.layout()
        elif click.what == "play":
            table.choose(click.actions, click.words, default=getattr(placed.card, "color", None))
        else:
            if any(c is placed.card for c in table.selection):
                table.selection = [c for c in table.selection if c is not placed.card]
            else:
                table.selection.append(placed.card)
            table.layout()

    def click_lane(self, lane, card):
        """A click on a lane of the field (or a card dropped there): put `card` in it."""
        table = self.table
        fits = lane_fits(table.legal_now, lane, card, table.presenter)
        if fits:
            table.submit(fits[0])
        else:
            table.say(f"{card_name(card)} cannot go in that lane")

    def click_hidden(self, placed):
        """A click on a face-down card: a blind play or pick by position, if one fits."""
        table = self.table
        owner = next((z.owner for z in table.current_view.zones if z.key == placed.zone), None)
        fits = hidden_fits(table.legal_now, placed, owner, table.viewer, table.presenter)
        if fits:
            table.choose(fits, "Choose")
        else:
            table.say("That card is face down")

    def run_entry(self, what, actions, title):
        """An action button pressed: submit its move, choose among its moves, or clear."""
        if what == "submit":
            self.table.submit(actions[0])
        elif what == "choose":
            self.table.choose(actions, title)
        else:
            self.table.clear_selection()

    # ---- the log -----------------------------------------------------------------------------
    def scroll_log(self, entries):
        """Scroll the log back (positive) or forward (negative) by a number of entries."""
        self.log_scroll = max(0, self.log_scroll + entries)
        self.log_tip = None
        self.table.dirty = True

    def hover_log(self, pos):
        """Show the full words of a log entry cut short while the mouse is over it."""
        tip = next((t for t in self.log_tips if pygame.Rect(t[0]).collidepoint(pos)), None)
        if tip != self.log_tip:
            self.log_tip = tip
            self.table.dirty = True

    # ---- the keyboard ------------------------------------------------------------------------
    def key(self, event):
        """A key on the table: Undo, Esc out of a dialog, the log's pages, Hint, walking the
        cards and buttons; False for the scene's own keys."""
        table = self.table
        if is_undo(event):
            table.take_back()
        elif event.key == pygame.K_ESCAPE and table.dialog:
            table.close_dialog()
        elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_log(5 if event.key == pygame.K_PAGEUP else -5)
        elif event.key == pygame.K_h and table.curtain is None and table.my_turn():
            table.ask_hint()
        elif (table.curtain is None and not table.dialog and (table.focus_cards or table.widgets)
              and event.key in WALK):
            self.table_key(event)
        else:
            return False
        return True

    def table_key(self, event):
        """Keyboard on the table: arrows walk the cards, Up/Down/Tab go to the buttons."""
        table = self.table
        items = table.focus_cards + table.widgets
        self.focus_item %= len(items)
        if event.key in ACTIVATE:
            item = items[self.focus_item]
            if item in table.focus_cards:
                self.click_card(item)
            else:
                item.activate()
        else:
            self.focus_item = walk(len(items), self.focus_item, event.key, event.mod)
        table.dirty = True

    def focused(self, item):
        """Is `item` (a placed card or a widget) where the keyboard is?"""
        items = self.table.focus_cards + self.table.widgets
        return bool(self.table.app.keyboard and items) and items[self.focus_item % len(items)] is item

    def main_focus(self):
        """Where the keyboard starts after a change: a marked card or button (a hint, a
        lesson's coach), else a card you may play, else the first action button, else your
        first card, else Hint or Rules (never Menu or Undo)."""
        cards = self.table.focus_cards
        widgets = self.table.widgets
        marked = [i for i, p in enumerate(cards) if p.hinted] + [
            len(cards) + i for i, w in enumerate(widgets) if getattr(w, "marked", False)]
        if marked:
            return marked[0]
        first = next((i for i, p in enumerate(cards) if p.raised), None)
        if first is None and any(getattr(w, "actions", None) for w in widgets):
            first = len(cards)
        if first is None and not cards:
            first = next((len(cards) + i for i, w in enumerate(widgets)
                          if getattr(w, "label", None) in ("Hint", "Rules", "Ready")), 0)
        return first if first is not None else 0
