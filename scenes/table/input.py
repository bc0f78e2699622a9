"""From a click or a key to what the person means at the table.

TableInput reads one mouse or key event against the table as laid out (`Laid`) and where
the pointer and the keyboard are (scenes/table/state.Pointer), and returns the intents it
means (scenes/table/intents.py): play these moves, toggle a card, pick a lane, refuse
with words, press a button, scroll the log, move the keyboard, hover, grab, drag or drop
a card, undo, ask for a hint, close a choice, leave, go on from an outcome held on the
table. It changes nothing: the scene keeps the pointer's intents and hands the others to
the model of the table. What a card or a lane stands for is read from the legal moves
(scenes/table/moves.py); where the keyboard starts after a change is `main_focus`.
"""
from collections import Counter
from typing import NamedTuple

import pygame

from game import registry
from game.presenter import card_name
from scenes.table.intents import (Back, Close, Continue, Drag, Drop, Focus, Grab, Hint, Hover, HoverButton, Play,
                                  PickLane, Press, Refuse, Scroll, Skip, Toggle, Undo)
from scenes.table.layout import card_at, hover_rect
from scenes.table.moves import actions_for_selection, click_card, complete, hidden_fits, lane_fits, needs_lane

ACTIVATE = (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)
WALK = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB) + ACTIVATE
DRAG = 8        # how far the pointer moves with a card held before it is a drag


def is_undo(event):
    """Is this key press Undo (Ctrl+Z, or Cmd+Z on a Mac)?"""
    return event.key == pygame.K_z and bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))


def walk(items, focus, key, mod):
    """The keyboard focus after an arrow or Tab among `items` (from `focus`), passing over
    buttons that are switched off."""
    back = key in (pygame.K_LEFT, pygame.K_UP) or (key == pygame.K_TAB and mod & pygame.KMOD_SHIFT)
    if focus is None:               # resting: the first step lands on the first (or last) item
        focus = 0 if back else -1
    for _ in range(len(items)):
        focus = (focus + (-1 if back else 1)) % len(items)
        if getattr(items[focus], "enabled", True):
            break
    return focus


def main_focus(laid, dialog_default=0, bold=frozenset()):
    """Where the keyboard starts after a change: on a choice, its marked option (a lesson's
    coach) or `dialog_default`; behind the curtain, Ready; on the table, once the cards of
    a hinted move of several are all picked, the button that makes it; else a marked card
    or button (a hint, a lesson's coach: Enter on a hint's card makes the hinted move);
    else, where the cards picked make a move that takes no more (moves.complete), the
    button that makes it; else a card you may play, else the first action
    button but those whose moves are all of the `bold` kinds (the presenter's BOLD: a
    knock, a fold), else your first card, else Hint; else None: the keyboard rests on
    nothing (never on Rules, Menu or Undo, which a stray Enter would take). While nothing
    may be played (another's turn) it rests on nothing either: a ring on a card then
    read as 'this can be played now' (the first arrow lands on the first card)."""
    cards, widgets = laid.cards, laid.widgets
    if laid.cover == "dialog":
        return next((i for i, w in enumerate(widgets) if w.marked), dialog_default)
    marked = [i for i, p in enumerate(cards) if p.hinted] + [
        len(cards) + i for i, w in enumerate(widgets) if getattr(w, "marked", False)]
    if laid.cover:
        return 0

    def making(moves):
        """The buttons that make any of `moves`."""
        return [len(cards) + i for i, w in enumerate(widgets) if any(a in moves for a in getattr(w, "actions", None) or ())]
    confirm = making([laid.hint]) if len(laid.selection) > 1 and laid.hint is not None else []
    if confirm:
        return confirm[0]       # the hint's cards all picked: the button that makes their move
    if marked:
        return marked[0]        # a hint's card first: Enter there makes the hinted move (take_hint)
    done = making(actions_for_selection(laid.legal, laid.selection) if complete(laid.legal, laid.selection) else [])
    if done:
        return done[0]          # the cards picked make a move that takes no more: its button (walkD16 #4)
    if not laid.playing:
        return None
    first = next((i for i, p in enumerate(cards) if p.raised), None)
    actions = [i for i, w in enumerate(widgets) if getattr(w, "actions", None)]
    if first is None and actions:
        first = len(cards) + next((i for i in actions if any(a.kind not in bold for a in widgets[i].actions)),
                                  actions[0])
    if first is None and not cards:
        return next((len(cards) + i for i, w in enumerate(widgets) if getattr(w, "label", None) == "Hint"), None)
    return first if first is not None else 0


class Laid(NamedTuple):
    """The table as the last layout left it, as the input reads it."""

    board: object           # the Board (scenes/table/layout.py)
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
    bubble: tuple = None    # a director's bubble, placed (scenes/table/draw.Bubble)
    selection: tuple = ()   # the cards picked for a several-card move
    targets: tuple = ()     # the rects the person is told to click (kept in sight)
    hint: object = None     # the move a hint marks
    just_placed: object = None  # the lane the person's last move has just put a card in (None: another move)
    names: tuple = ()       # the seats' names


class TableInput:
    """Reads the table's mouse and key events: `read(...)` gives the intents an event
    means. It keeps nothing and changes nothing."""

    def read(self, event, pos, laid, pointer, calling=False, ring=True):
        """The intents of `event` (`pos`: its logical point, for the mouse) on the table as
        `laid` out, with the `pointer` where it is; [] when it means nothing here. While a
        callout is held on the table (`calling`), a key (but Esc) or a click skips it and
        means nothing else (a key or click on the felt must not go on past results unread),
        but H then also asks for the hint, and the person's own controls are theirs as
        always: a click on the hand (which no callout covers), on an action button or on a
        card they may take, or a key with the keyboard's ring on one, then does what it
        does there (a card taken while 'Burned! Maya plays again' is called out, Take the
        pile pressed while 'Sam is skipped' is, or a lesson's Next, is not lost). `ring`:
        the keyboard's ring was shown before this event (a first arrow or Tab shows it
        where the keyboard rests, never past it)."""
        if calling and event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE:
            mine = event.key == pygame.K_h or is_control(focused(laid, pointer), laid)
            return [Skip()] + (self.key(event, laid, pointer, ring) if mine else [])
        if calling and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hand = laid.board.boxes.get(laid.board.hand_key)
            on_hand = hand is not None and pygame.Rect(*map(int, hand)).collidepoint(pos)
            under = next((w for w in laid.widgets if w.hit(pos)), None) or self.card_under(pos, laid, pointer)
            mine = on_hand or is_control(under, laid)
            return [Skip()] + (self.read(event, pos, laid, pointer) if mine else [])
        if event.type == pygame.MOUSEWHEEL:
            return [Scroll(3 * event.y)]
        if event.type == pygame.MOUSEMOTION:
            return self.moved(pos, laid, pointer)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.pressed(pos, laid, pointer)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and pointer.press is not None:
            return self.released(pos, laid, pointer)
        if event.type == pygame.KEYDOWN:
            return self.key(event, laid, pointer, ring)
        return []

    # ---- the mouse -------------------------------------------------------------------------
    def moved(self, pos, laid, pointer):
        """The pointer moved: the card held dragged or the card under it lifted, the
        button under it lit (each only when it changes)."""
        intents = []
        if not laid.cover and pointer.press is not None:
            start = pointer.press[1]
            if pointer.drag_pos is not None or abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > DRAG:
                intents.append(Drag(pos))
        elif laid.cover in ("", "hold"):
            under = self.card_under(pos, laid, pointer)
            hovered = under if under is not None and (under.face_up or under.raised) else None
            if hovered is not pointer.hovered:
                intents.append(Hover(hovered))
        button = next((w for w in laid.widgets if w.hit(pos)), None)
        if button is not pointer.hover_button:
            intents.append(HoverButton(button))
        return intents

    def pressed(self, pos, laid, pointer):
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
        placed = self.card_under(pos, laid, pointer)
        if placed is not None:
            return [Grab(placed, pos)]
        lane = laid.board.lane_at(pos)
        if lane is not None and laid.playing:
            if laid.selection:
                return self.click_lane(lane, laid.selection[0], laid)
            if any(a.kind in laid.presenter.LANE_ARGS for a in laid.legal):
                return [Refuse("Pick a card of your hand first, then click its lane")]
        return []

    def released(self, pos, laid, pointer):
        """The button let go of a held card: a click where it was pressed, a drop elsewhere
        (on a lane: into that lane; anywhere off the hand: as a click on the card)."""
        placed = pointer.press[0]
        if pointer.drag_pos is None:
            return [Drop()] + self.click_card(placed, laid, pointer)
        board = laid.board
        lane = board.lane_at(pos)
        if lane is not None and placed.face_up and laid.playing:
            return [Drop()] + self.click_lane(lane, placed.card, laid)
        if placed.zone != board.hand_key or not pygame.Rect(
                *map(int, board.boxes[placed.zone])).inflate(0, 40).collidepoint(pos):
            return [Drop()] + self.click_card(placed, laid, pointer)
        return [Drop()]

    @staticmethod
    def card_under(pos, laid, pointer):
        """The card a click at `pos` means: the topmost one where it lies, else the lifted
        card above its place."""
        placed = card_at(laid.board, pos)
        hovered = pointer.hovered
        if placed is None and hovered is not None and hover_rect(hovered, laid.board).collidepoint(pos):
            return hovered
        return placed

    # ---- clicks on the table ---------------------------------------------------------------
    def click_card(self, placed, laid, pointer):
        """A click on a card: play it, select it, or say why it cannot be played; a click
        on a pile a move takes from (the presenter's PILE_MOVES) makes that move."""
        if not laid.playing:
            return []
        pile = laid.presenter.PILE_MOVES.get(placed.zone)
        taking = [a for a in laid.legal if pile and not a.cards and (a.kind, a.arg) == pile]
        if taking:              # a pile a move takes from: that move, as its button makes it
            return [Play(tuple(taking))]
        if placed.card is None:
            return self.click_hidden(placed, laid)
        click = click_card(laid.legal, placed.card, laid.selection, laid.presenter, laid.why_illegal, laid.view,
                           laid.names)
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
    def take_hint(placed, laid):
        """Enter on a card of the hinted move makes the hinted move, as Enter on a card
        makes its move without a hint (one path, one ring: never a card picked and a
        move's button marked beside it): at once, unless the card's move asks a further
        choice (a D's colour, which assignment a card goes on): that choice opens as it
        does without the hint, the hint's option marked and the keyboard on it, and
        nothing is chosen for the person (a card for a lane goes in the lane the hint
        names). A move of several cards, picked then confirmed, is only picked: the
        hint's cards not picked yet are (shown picked, the top bar counting them), and the
        keyboard goes to the button that confirms them (see main_focus), so the next Enter
        makes it. [] when the card is no hint's, or cards other than the hint's were
        picked since."""
        hint = laid.hint
        if hint is None or hint not in laid.legal or not placed.face_up or not any(
                c is not None and c.name == placed.card.name for c in hint.cards):
            return []
        want, picked = Counter(c.name for c in hint.cards if c is not None), Counter(c.name for c in laid.selection)
        if not picked <= want:
            return []
        if sum(want.values()) < 2:
            click = click_card(laid.legal, placed.card, (), laid.presenter, laid.why_illegal, laid.view, laid.names)
            if click.what == "play" and len(click.actions) > 1 and hint in click.actions and not needs_lane(
                    click.actions, laid.presenter):
                return [Play(tuple(click.actions), click.words, hint.arg, click.aside)]
            return [Play((hint,))]
        if picked == want:
            return [Play((hint,))]
        rest, picks = list((want - picked).elements()), []
        for other in laid.cards:
            if other.face_up and other.card.name in rest and not any(c is other.card for c in laid.selection):
                rest.remove(other.card.name)
                picks.append(Toggle(other.card))
        return picks

    def lane_key(self, number, laid, pointer, ring=True):
        """A lane's number pressed (`number` 0 for the leftmost): the card picked goes in
        it, else the card of the hand under the keyboard's ring (shown before: `ring`);
        the number of the lane the person's last move has just filled is that move, done
        (Enter on a hinted card places it at once, and the number the hint named may
        follow as it does a card picked): nothing more, and no error."""
        lanes = laid.board.lanes
        if number >= len(lanes):
            return []
        if laid.selection:
            return self.click_lane(lanes[number], laid.selection[0], laid)
        if laid.just_placed == lanes[number]:
            return []
        item = focused(laid, pointer) if ring else None
        if in_hand(item, laid) and lane_card(item, laid):
            return self.click_lane(lanes[number], item.card, laid)
        if any(a.kind in laid.presenter.LANE_ARGS for a in laid.legal):
            return [Refuse("Pick a card of your hand first, then press its lane's number")]
        return []

    @staticmethod
    def click_hidden(placed, laid):
        """A click on a face-down card: a blind play or pick by position, if one fits."""
        zone = next((z for z in laid.view.zones if z.key == placed.zone), None)
        fits = hidden_fits(laid.legal, placed, zone, laid.view, laid.presenter) if zone is not None else []
        if fits:
            return [Play(tuple(fits), "Choose")]
        if laid.playing and any(not a.cards and a.arg is not None for a in laid.legal):
            return [Refuse("That card is face down and not one to take: click one of the outlined cards", placed.card)]
        return [Refuse("That card is face down", placed.card)]

    # ---- the keyboard ------------------------------------------------------------------------
    def key(self, event, laid, pointer, ring=True):
        """A key: Undo, Esc out of a choice (else off the table), the log's pages, any
        other key Continue while an outcome is held; Hint, a lane's number, walking the
        cards and buttons and taking the one marked (the first step, an Enter too, before
        the ring was shown, shows it where the keyboard rests: the first Enter after the
        mouse never plays unseen)."""
        items, focus = walked(laid, pointer)
        if is_undo(event):
            return [Undo()]
        if event.key == pygame.K_ESCAPE:
            return [Close()] if laid.cover == "dialog" else [Back()]
        if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            return [Scroll(5 if event.key == pygame.K_PAGEUP else -5)]
        if laid.cover == "hold":
            return [Continue()]
        if event.key == pygame.K_h and laid.cover != "curtain" and (laid.playing or hint_shown(laid)):
            return [Hint()]         # H is the Hint button's key, live as the button is (while the deal flies too)
        if pygame.K_1 <= event.key <= pygame.K_9 and not laid.cover and laid.playing:
            return self.lane_key(event.key - pygame.K_1, laid, pointer, ring)
        if event.key not in WALK or not items:
            return []
        if not ring and focus is not None and not (laid.cover == "curtain" and event.key in ACTIVATE and
                                                   getattr(items[focus % len(items)], "primary", False)):
            return [Focus(focus)]   # Enter too: nothing is taken where no ring was shown (as on every screen),
            # but behind the curtain, whose one call is Ready (walkB17 #3, walkC17 #3: the first Enter seemed lost)
        if event.key not in ACTIVATE:
            return [Focus(walk(items, focus, event.key, event.mod))]
        if focus is None:
            return []
        item = items[focus % len(items)]
        if item in laid.cards:
            return self.take_hint(item, laid) or self.click_card(item, laid, pointer)
        return [Press(item)]


def key_legend(laid, pointer, undo):
    """The keys that work now at the table as `laid` out, named for a person using the
    keyboard: ['Arrows, Tab: move', 'Enter: play', 'H: hint', ...]; Enter for what it does
    where the keyboard rests (a card played, picked or put back, a button's label), the
    lanes' numbers while a card picked, or the one the keyboard is on, may go in a lane,
    Ctrl+Z only while something can be taken back (`undo`)."""
    if laid.cover == "dialog":
        return ["Arrows, Tab: move", "Enter: choose", "Esc: cancel"]
    if laid.cover == "hold":
        return ["Any key: go on", "Esc: menu"]
    if laid.cover:
        return []
    items, focus = walked(laid, pointer)
    named = ["Arrows, Tab: move"] if items else []
    enter = enter_words(focused(laid, pointer), laid, pointer)
    named += [f"Enter: {enter}"] if enter else []
    if laid.playing or hint_shown(laid):
        named.append("H: hint")
    lanes = laid.board.lanes
    on_card = laid.selection or in_hand(focused(laid, pointer), laid) and lane_card(focused(laid, pointer), laid)
    if laid.playing and on_card and lanes and any(a.kind in laid.presenter.LANE_ARGS for a in laid.legal):
        named.append(f"1-{min(len(lanes), 9)}: lane")
    if undo:
        named.append("Ctrl+Z: undo")
    return named + ["Esc: menu"]


def enter_words(item, laid, pointer):
    """What Enter does on `item` (the card or button the keyboard is on), in a word or a
    button's label: a move by the presenter's word for its kind, as its button says it
    ('play', 'discard', 'lay down', 'play blind'; 'choose' where a choice between kinds
    opens), 'pick', 'put back' (a card picked, as a click does: walkD16 #4), 'pick the
    hint's 3 cards' (Enter on a card of a hinted move of several), 'Draw'; '' where it
    does nothing."""
    if item is None:
        return ""
    if item not in laid.cards:
        return item.label
    reader = TableInput()
    intents = reader.take_hint(item, laid) or reader.click_card(item, laid, pointer)
    kind = type(intents[0]) if intents else None
    if kind is Toggle and len(intents) > 1:
        return f"pick the hint's {len(intents)} cards"      # all at once (walkD16 #11: it said 'pick')
    if kind is Toggle:
        return "put back" if intents == [Toggle(item.card)] and any(c is item.card for c in laid.selection) else "pick"
    if kind is PickLane:
        return "pick"
    if kind is Play:
        said = list(dict.fromkeys(laid.presenter.kind_label(a.kind) for a in intents[0].actions))
        return said[0][0].lower() + said[0][1:] if len(said) == 1 else "choose"
    return ""


def walked(laid, pointer):
    """(the items the keyboard walks, the index it is on): a choice's options while one is
    open, else the cards then the buttons."""
    if laid.cover == "dialog":
        return laid.widgets, pointer.dialog_focus
    return laid.cards + laid.widgets, pointer.focus


def focused(laid, pointer):
    """The card or button the keyboard is on (None while it rests on nothing)."""
    items, focus = walked(laid, pointer)
    return items[focus % len(items)] if items and focus is not None else None


def in_hand(item, laid):
    """Is `item` a card of the person's hand as `laid` out?"""
    return item in laid.cards and item.zone == laid.board.hand_key


def lane_card(item, laid):
    """Is `item` (a placed card) face up and one a move of the person's puts in a lane?"""
    return item.face_up and any(a.kind in laid.presenter.LANE_ARGS and any(c is item.card for c in a.cards)
                                for a in laid.legal)


def is_control(item, laid):
    """Is `item` one of the person's own controls: a card of their hand, a card they may
    take (raised), a live action button, or one of the director's own (a lesson's Next)?"""
    if item is None:
        return False
    if item in laid.cards:
        return in_hand(item, laid) or item.raised
    return (bool(getattr(item, "actions", None)) or getattr(item, "own", False)) and getattr(item, "enabled", True)


def hint_shown(laid):
    """Is the top bar's Hint button shown and live on the table as `laid` out?"""
    return any(w.label == "Hint" and w.enabled for w in laid.top)
