"""From a click or a key to the candidate actions: which legal actions a card stands
for, what the buttons offer, and how the keyboard walks the table.

Pure functions over the legal actions and the board (no drawing, no state changes):
the controller (scenes/table.py) submits what they find.
"""
from collections import Counter

import pygame

import game
from scenes import ui
from scenes.presenters.default import card_name

ACTIVATE = (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)
WALK = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB) + ACTIVATE


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
        kind = max(set(kinds), key=kinds.count) if kinds else "play"
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


def is_undo(event):
    """Is this key press Undo (Ctrl+Z, or Cmd+Z on a Mac)?"""
    return event.key == pygame.K_z and bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))


def walk(count, focus, key, mod):
    """The keyboard focus after an arrow or Tab among `count` items (from `focus`)."""
    back = key in (pygame.K_LEFT, pygame.K_UP) or (key == pygame.K_TAB and mod & pygame.KMOD_SHIFT)
    return (focus + (-1 if back else 1)) % count
