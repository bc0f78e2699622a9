"""The table's buttons: where each lies, what it says, and the intent its press means.

Every button carries its intent (scenes/table/intents.py), handed to `act` (the model's
`do`) when it is pressed: the top bar's (Menu, Rules, the director's, Undo, Hint), the
action column (a director's own buttons, then a button per move or group of moves),
a choice's options, Ready behind the curtain, Continue while an outcome is held, and the
choices over the table once a director's work is done.
"""
from functools import partial

from scenes.table import intents
from scenes.table.layout import curtain_plan, dialog_places
from scenes.widgets import ui
from sprites.text import BODY, HEADING, READ

ROW = 44                # from one button of the action column to the next
COLUMN_W = 186          # the action column's buttons' width
TOP_Y, TOP_H = 12, 34   # the top bar's buttons


def action_buttons(entries, right, bottom, hint, own, act):
    """The buttons of `entries` (scenes/table/moves.button_entries) in a column, bottom
    right of the table, under a director's `own` buttons [(key, label)], which are
    marked (and `own`: the person's controls, as the moves' are); the hinted move's
    button is marked."""
    buttons = []
    y = bottom - 18 - ROW * (len(entries) + len(own))
    for key, label in own:
        button = ui.Button((right - 196, y, COLUMN_W, 38), label, partial(act, intents.Pressed(key)), primary=True,
                           size=READ, key=key)
        button.marked = button.own = True
        buttons.append(button)
        y += ROW
    for label, what, actions, title, enabled in entries:
        button = ui.Button((right - 196, y, COLUMN_W, 38), label,
                           partial(act, intents.Entry(what, tuple(actions), title)),
                           enabled=enabled, primary=bool(actions), size=READ)
        if what == "why":           # switched off, pressed: it says why
            button.on_refused = button.on_click
        button.actions = actions
        button.marked = hint is not None and hint in actions
        buttons.append(button)
        y += ROW
    return buttons


def alike(screen, options):
    """A choice's options written at one size: where one's label takes the smaller size
    to fit (see ui.Button.label_lines), all of them (walkA17 #3: 'Extend (your two 9s +
    Ada's 9)' larger than 'Extend (your 4-5-6-7 of hearts + Ada's 8)' beside it read as the
    more important one)."""
    if any(button.label_lines(screen)[1] != button.size for button in options):
        for button in options:
            button.size = ui.LABEL_SMALL


def dialog_buttons(options, width, height, cards, swatch, hint, act):
    """A choice's options (`options`: [(label, action)]) in one or two columns, and Cancel,
    on a `width` x `height` table off its `cards` ([(rect, read)]) where it can be: (the
    choice's rect, its buttons); `swatch(action)` is the colour an option shows beside
    its words, or None; the `hint`'s option is marked (the keyboard starts there)."""
    rect, rects, cancel_rect = dialog_places(len(options), width, height, cards)
    buttons = []
    for place, (label, action) in zip(rects, options):
        button = ui.Button(place, label, partial(act, intents.Choose(action)), size=READ)
        button.actions = [action]
        button.swatch = swatch(action)
        button.marked = hint is not None and action == hint
        buttons.append(button)
    return rect, buttons + [ui.Button(cancel_rect, "Cancel", partial(act, intents.Close()), size=BODY)]


def top_buttons(screen, right, extra, undo, can_undo, hint, thinking, act):
    """The top bar's buttons, right to left from `right`: Menu, Rules, the director's
    `extra` [(label, key)], then Undo (when `undo`: greyed unless the person `can_undo`
    now, and pressed greyed it says why) and Hint (when `hint`; switched off while a
    computer player is `thinking`); and where the top bar's words must end."""
    top = []
    x = right + 10
    for label, intent in (("Menu", intents.Back()), ("Rules", intents.Rules()),
                          *((label, intents.Pressed(key)) for label, key in extra)):
        w = screen.text_width(label, READ) + 28
        x -= w + 8
        top.append(ui.Button((x, TOP_Y, w, TOP_H), label, partial(act, intent), size=READ))
    if undo:
        w = screen.text_width("Undo", READ) + 28
        x -= w + 8
        button = ui.Button((x, TOP_Y, w, TOP_H), "Undo", partial(act, intents.Undo()), size=READ,
                           enabled=can_undo)
        button.on_refused = button.on_click
        top.append(button)
    if hint:
        w = screen.text_width("Hint", READ) + 28
        x -= w + 8
        top.append(ui.Button((x, TOP_Y, w, TOP_H), "Hint", partial(act, intents.Hint()), size=READ,
                             enabled=not thinking))
    return top, x - 12


def take_back_label(screen, taker):
    """The curtain's take-back button's words and width (`taker`: the name of the one
    who passed the device, or None: no such button)."""
    if taker is None:
        return None, None
    label = f"Take back {taker}'s move"
    return label, screen.text_width(label, BODY) + 28


def curtain_buttons(screen, taker, since, act):
    """Ready, and the move the person who passed the device may still take back (`taker`:
    their name, or None), where the curtain's plan puts them over its `since` lines."""
    label, w = take_back_label(screen, taker)
    plan = curtain_plan(screen, since, w)
    buttons = [ui.Button(plan.ready, "Ready", partial(act, intents.Ready()), primary=True, size=HEADING)]
    if label is not None:
        buttons.append(ui.Button(plan.take_back, label, partial(act, intents.Undo()), size=BODY))
    return buttons


def continue_button(right, bottom, act):
    """Continue, bottom right of the table, while an outcome waits to be read."""
    return ui.Button((right - 196, bottom - 62, COLUMN_W, 38), "Continue", partial(act, intents.Continue()),
                     primary=True, size=BODY)


def end_buttons(rects, choices, act):
    """The choices over the table once the director's work is done, at `rects`
    (`choices`: [(label, key, primary)])."""
    return [ui.Button(rect, label, partial(act, intents.Pressed(key)), primary=primary,
                      size=BODY if len(label) < 18 else READ)
            for rect, (label, key, primary) in zip(rects, choices)]
