"""Words for the table: action labels, card names, log lines and public facts.

Pure functions (no pygame), so they are easy to test: they turn actions, events and
facts into the short phrases a player reads.
"""
from collections import Counter

KIND_LABELS = {
    "draw": "Draw", "end_turn": "End turn", "pick_up": "Take the pile", "roll": "Roll",
    "call": "Call", "knock": "Knock", "fold": "Fold", "pass": "Pass", "deal": "Deal",
    "keep": "Keep", "discard": "Discard", "to_board": "To the board", "return": "Return",
    "decline": "Decline", "submit": "Submit", "cancel_group": "Cancel group",
    "finish_exam": "Finish exam", "play": "Play", "take": "Take", "give": "Give",
    "pick": "Pick", "choose_faceup": "Choose face-up cards", "play_blind": "Play blind",
}

# Events that end a hand: the table then shows the scores before the next deal.
HAND_END = "hand_over"   # every game with several hands ends each one with this event

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def ordinal(n):
    """1st, 2nd, 3rd, 4th ..."""
    return ORDINALS.get(n if n < 20 else n % 10, f"{n}th") if n % 100 not in (11, 12, 13) else f"{n}th"


def card_name(card):
    """A card as a player says it: '10 of hearts', 'Joker', '7 red hearts', 'Offense blue 4'."""
    return "a hidden card" if card is None else card.spoken


def cards_phrase(cards):
    """Several cards in words ('2 hidden cards' when none is visible)."""
    if not cards:
        return ""
    if all(c is None for c in cards):
        return "a card" if len(cards) == 1 else f"{len(cards)} cards"
    return ", ".join(card_name(c) for c in cards)


def kind_label(kind):
    """The button text for an action kind."""
    return KIND_LABELS.get(kind, kind.replace("_", " ").capitalize())


SEAT_ARGS = {"give", "target", "opponent", "ask"}
POSITION_ARGS = {"take", "play_blind", "pick", "swap"}
LANE_ARGS = {"place", "lane"}


def arg_label(arg, names, kind=""):
    """An action's argument in words: a seat's name, a colour, a position."""
    if isinstance(arg, int) and not isinstance(arg, bool):
        if kind in SEAT_ARGS and 0 <= arg < len(names):
            return names[arg]
        if kind in POSITION_ARGS:
            return f"card {arg + 1}"
        if kind in LANE_ARGS:
            return f"line {arg + 1}"
    if isinstance(arg, str) and ":" in arg:
        seat, _, pos = arg.partition(":")
        if seat.isdigit() and int(seat) < len(names):
            return f"{names[int(seat)]}, card {int(pos) + 1}" if pos.isdigit() else f"{names[int(seat)]} {pos}"
    if isinstance(arg, str):
        return arg.replace("_", " ")
    return str(arg)


def action_label(action, names, with_cards=False):
    """A button or dialog label for one action."""
    words = kind_label(action.kind)
    if with_cards and action.cards:
        words += " " + cards_phrase(action.cards)
    if action.arg is not None:
        words += f" ({arg_label(action.arg, names, action.kind)})"
    return words


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


# Log lines for the games' own events: (who, detail) -> text, or None for no line.
EVENT_WORDS = {
    "choose": lambda who, d: f"{who} chose {d}",
    "toss": lambda who, d: f"{who} won the toss" + (" for sudden death" if d == "sudden death" else ""),
    "possession": lambda who, d: f"Possession {d}: {who} on offense",
    "reveal": lambda who, d: (f"{who} revealed lane {d + 1}" if isinstance(d, int)
                              else f"{who} turned over {d}" if d else f"{who} showed their cards"),
    "score": lambda who, d: f"{who}'s score: {d}",
    "tie_break": lambda who, d: "Tied: a pair of possessions decides",
    "sudden_death": lambda who, d: "Still tied: sudden death",
    "pass": lambda who, d: f"{who} passed",
    "call": lambda who, d: f"{who} called" + (f" at stake {d}" if isinstance(d, int)
                                               else f" at the {d} of the turn" if d else ""),
    "shuffle": lambda who, d: f"{who} shuffled the {d} deck" if d else f"{who} shuffled",
    "round_won": lambda who, d: f"{who} won down {d}",
    "knock": lambda who, d: f"{who} knocked: the stake is {d}",
    "fold": lambda who, d: f"{who} folded and loses {d} yards",
    "out": lambda who, d: f"{who} is out of the game",
    "hand": lambda who, d: f"Hand {d}: {who} deals",
    "goal": lambda who, d: f"The goal is {d}",
    "exhausted": lambda who, d: "The draw pile is empty: the hand ends",
    "collect": lambda who, d: f"{who} takes the cards back",
    "decline": lambda who, d: f"{who} let the {d} go",
    "blind_fail": lambda who, d: f"{who}'s blind {d} failed: they pick up the pile",
    "pick_up": lambda who, d: f"{who} picked up the pile ({d} cards)",
    "burn": lambda who, d: f"{who} burned the pile",
    "turn_limit": lambda who, d: "The turn limit ends the game",
    "blocked": lambda who, d: f"{who} cannot draw: nothing is left, the game ends",
    "finish_exam": lambda who, d: f"{who} finished the exam",
}


def event_line(event, names, zone_names):
    """One log line for an event as a seat saw it, or None for events not worth a line."""
    who = names[event.seat] if isinstance(event.seat, int) and 0 <= event.seat < len(names) else ""
    kind, detail = event.kind, event.detail
    if kind == "move":
        src = zone_names.get(event.src, event.src or "")
        dst = zone_names.get(event.dst, event.dst or "")
        what = cards_phrase(event.cards)
        if event.src == "draw" and all(c is None for c in event.cards):
            return f"{who} drew {what}" if who else f"{what} dealt to {dst}"
        if event.src and event.src.startswith("hand") and event.dst in ("discard", "pile"):
            return f"{who} played {what}"
        subject = f"{who}: " if who else ""
        return f"{subject}{what}, {src} to {dst}"
    if kind == "turn":
        return None
    if kind == "declare":
        return f"{who} declared {detail}"
    if kind == "skip":
        return f"{who} is skipped"
    if kind == "roll":
        return f"{who} rolled {detail}" if who else f"Die roll: {detail}"
    if kind == "recycle":
        return "The discard pile was turned over to draw from"
    if kind == "phase":
        return f"Now: {detail}" if detail else None
    if kind == "game_over":
        return "Game over"
    if kind == HAND_END:
        return f"{who} won the hand" if who else "The hand is over"
    if kind == "lane" and isinstance(detail, dict):
        lane = detail["lane"] + 1
        if not detail.get("open"):
            return f"Lane {lane}: closed card, {who} holds the lane"
        return (f"Lane {lane}: {detail['offense']} {detail['offense_dots']} dots against "
                f"{detail['defense']} {detail['defense_dots']}: {who} wins it")
    phrase = EVENT_WORDS.get(kind)
    if phrase is not None:
        line = phrase(who or "Everyone", detail)
        return line[0].upper() + line[1:] if line else None
    words = kind.replace("_", " ")
    if who:
        words = f"{who}: {words}"
    if detail is not None and not isinstance(detail, (list, dict, tuple)):
        words += f" ({detail})"
    return words[0].upper() + words[1:]


SKIP_FACTS = {"phase", "winners", "winner", "step", "stage", "table"}
# Facts whose value is a seat: shown as the player's name.
SEAT_FACTS = {"dealer", "caller", "leader", "offense", "defense", "lead_seat", "chooser",
              "last_knocker", "hand_winner", "first_player"}
FACT_LABELS = {
    "color": "Colour in force", "cards_owed": "Cards owed", "active_twos": "Active 2s",
    "turn": "Turn", "turn_no": "Turn", "hand": "Hand", "die": "Die", "target": "Target",
}


def fact_lines(facts, names):
    """The public facts worth showing, as (label, value) pairs."""
    lines = []
    for key, value in facts.items():
        if key in SKIP_FACTS or value is None or value is False or (
                value == 0 and key not in SEAT_FACTS and key != "die"):
            continue
        if isinstance(value, (dict, list, tuple, set)) or key.startswith("_"):
            continue
        if key in ("played_this_turn", "draws_this_turn", "skip_pending", "blocked"):
            continue
        label = FACT_LABELS.get(key, key.replace("_", " ").capitalize())
        if value is True:
            value = "yes"
        if key in SEAT_FACTS:
            if not (isinstance(value, int) and 0 <= value < len(names)):
                continue
            value = names[value]
        lines.append((label, str(value)))
    return lines
