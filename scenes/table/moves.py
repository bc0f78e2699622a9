"""What the legal moves mean at the table: which of them a card, a picked set of cards, a
lane or a face-down card stands for, which cards a move may take (to be marked), and
what the action buttons offer.

Pure functions over the legal actions, a view and its game's presenter: no pygame, no
geometry and no state (the input, the layout and the model of the table read them).
"""
from collections import Counter

from game import registry
from game.presenter import card_name


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


def complete(legal, selection):
    """Do the cards picked make a move that takes no more (the count the move asks is
    reached: KTU's three face-up cards)? Then the keyboard goes to the button that makes
    it, and, for a move of several, a card more is refused (walkD16 #4: '4 of 3 chosen')."""
    if not selection or not actions_for_selection(legal, selection):
        return False
    want = Counter(c.name for c in selection)
    return not any(len(a.cards) > len(selection) and Counter(c.name for c in a.cards) >= want for a in legal)


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
    """Are `actions` (a card's moves) all placings in a lane? The person then chooses the
    lane, even where the rules leave the card one: a card never jumps into a lane nobody
    chose (the lanes it may go to are lit, the others say why not)."""
    return bool(actions) and all(a.kind in presenter.LANE_ARGS for a in actions)


class Click:
    """What a click on a face-up card means: `play` (the actions to choose from, with a
    title; to be confirmed first when `aside`), `toggle` (add it to or take it from the
    selection), or `refuse` (why not)."""

    def __init__(self, what, actions=(), words="", aside=False):
        self.what, self.actions, self.words, self.aside = what, list(actions), words, aside


def click_card(legal, card, selection, presenter, why_illegal, view=None, names=()):
    """The meaning of a click on face-up `card` at the table `view` shows (`names`: the
    seats' names); `why_illegal(action)` is the rules' reason. A card that only a move
    aside from the step in hand takes (the presenter's `step_kinds`) is played only once
    confirmed; a card more than a move of several takes is refused (see `complete`)."""
    fits = actions_with(legal, card)
    kinds = presenter.step_kinds(view) if view is not None else None
    if kinds is not None and fits and not any(a.kind in kinds for a in fits):
        return Click("play", fits, presenter.aside_title(card, fits), aside=True)
    if not fits:
        if selection:
            return Click("refuse", words="That card cannot go with your selection")
        kinds = [a.kind for a in legal if a.cards]
        if not kinds:
            return Click("refuse", words=no_card_now(presenter, view, names))
        kind = max(set(kinds), key=kinds.count)
        return Click("refuse", words=why_illegal(registry.Action(kind, (card,))))
    several = [a for a in fits if len(a.cards) > 1 or a.kind in presenter.PICK_THEN_PLAY]
    if len(selection) > 1 and complete(legal, selection) and not any(same_card(c, card) for c in selection):
        return Click("refuse", words=f"{len(selection)} cards are picked, as many as the move takes: "
                                     "put one back first")
    if not selection and not several:
        singles = [a for a in fits if len(a.cards) == 1]
        return Click("play", singles, play_title(card, singles, presenter))
    return Click("toggle")


def no_card_now(presenter, view, names):
    """Why a card clicked is not played where no move takes a card, and what to do instead,
    in the game's words (walkC16 #2): none of your cards fits (the presenter's no_fit), or
    what the turn asks first ('draw a card from the draw pile, or take the top discard';
    a sentence of its own where it names a player first or has a colon of its own: 'No card
    is played now. Theo knocked: call ... or fold ...', walkC17 #7, never 'theo knocked:')."""
    if view is None:
        return "No card is played now"
    stuck = presenter.no_fit(view, names)
    if stuck:
        return stuck
    doing = presenter.instruction(view, names, 0)
    if not doing:
        return "No card is played now"
    if ":" in doing or doing.split()[0].rstrip("'s,:") in names:    # a sentence of its own: a name keeps its capital
        return f"No card is played now. {doing}"
    return f"No card is played now: {doing[0].lower()}{doing[1:]}"


def play_title(card, actions, presenter):
    """The title of the choice a click on `card` opens between `actions`: the move
    ('Lay down 7 of clubs'), or, where they are moves of different kinds, the question
    ('7 of clubs: lay down or extra credit?'), never one of them named as if chosen."""
    kinds = list(dict.fromkeys(presenter.kind_label(a.kind) for a in actions))
    if len(kinds) == 1:
        return f"{kinds[0]} {card_name(card)}"
    said = [kind[0].lower() + kind[1:] for kind in kinds]
    return f"{card_name(card)}: {', '.join(said[:-1])} or {said[-1]}?"


def hidden_fits(legal, placed, zone, view, presenter):
    """The blind plays or picks that point at face-down card `placed` (of `zone`) at the
    table `view` shows."""
    return [a for a in legal if not a.cards and a.arg is not None
            and presenter.picks(a, zone, placed.index, view.seat, view)]


def card_to_play(legal, view, presenter, names):
    """Is a card to be played now with the moves `legal`: one of them takes a card, or
    none of the cards fits where the game plays one (the presenter's `no_fit`: Final
    Card-Down's 'No card fits ...: draw a card')? Only then are the hand's cards no move
    takes greyed as unplayable; never at a step that plays no card (walkB15 #16: Final
    Count's cards greyed while only Roll and Call were offered)."""
    if any(a.cards for a in legal):
        return True
    return bool(legal) and not any(a.kind in presenter.PLAYS for a in legal) and bool(presenter.no_fit(view, names))


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
                fits = [a for a in blind if card is None and presenter.picks(a, zone, i, view.seat, view)]
                if fits:
                    picks[(zone.key, i)] = fits
    return cards, picks


def pick_of(action, view, presenter):
    """The face-down card a blind pick `action` points at, as (zone key, position), or None."""
    if action is None or action.cards or action.arg is None:
        return None
    return next(((z.key, i) for z in view.zones if z.kind != "pile" for i, c in enumerate(z.cards)
                 if c is None and presenter.picks(action, z, i, view.seat, view)), None)


def button_entries(legal, selection, presenter, names, view=None):
    """The action buttons: [(label, what, actions, title, enabled)] where `what` is
    `choose` (one of the actions, through a dialog with `title` when several), `submit`
    (the one action), `clear` (the selection) or `why` (a move of kind `title` the cards
    picked do not make: pressed, it says the rules' reason). Where cards are picked and
    then played (a several-card move, or a kind the presenter always picks first), the
    buttons for the picked cards and Clear selection stay in their places, switched off
    while they have nothing to do, so nothing moves between picking and confirming. A
    move of the presenter's BOLD kinds (a knock, a fold) comes before the others, above
    them: the bottom place, where Continue lies while an outcome is held, is the other
    move's, so a click meant for Continue never lands on a knock or a fold; the keyboard
    starts on the other move all the same (see input.main_focus)."""
    entries = []
    picking = [a.kind for a in legal if len(a.cards) > 1 or (a.cards and a.kind in presenter.PICK_THEN_PLAY)]
    matching = {}
    for a in actions_for_selection(legal, selection) if selection else ():
        matching.setdefault(a.kind, []).append(a)
    for kind in dict.fromkeys(picking + list(matching)):
        acts = matching.get(kind, [])
        label = presenter.selection_label(kind, acts, len(selection)) if acts else presenter.kind_label(kind)
        entries.append((label, "choose", acts, label, True) if acts else (label, "why", [], kind, False))
    if picking or selection:
        entries.append(("Clear selection", "clear", [], "", bool(selection)))
    groups = {}
    for a in legal:
        if not a.cards:
            groups.setdefault(a.kind, []).append(a)
    for kind, acts in sorted(groups.items(), key=lambda group: group[0] not in presenter.BOLD):   # a bold one first
        if len(acts) <= 3:
            entries += [(presenter.action_label(a, names, view=view), "submit", [a], "", True) for a in acts]
        else:
            title = presenter.group_label(kind, names, view)
            entries.append((title + "...", "choose", acts, title, True))
    return entries
