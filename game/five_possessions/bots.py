"""What the bots know of Play Design's 5 possessions (docs/rulings/play_design.md, section 4).

Medium arranges its lines by dot counts: on offense it sets its cards with the most
dots of their own colour (a purple card's purple and blue) in the lanes where they are
open and gives up its weakest closed; on defense it sets its strongest cards (most dots
whatever the colour) opposite open lanes.
Scores are yards scored: higher is better.
"""
import math

from game.play_design.rules import COLORS, key_count

SPREAD = 30          # yards that make a clear lead, for evaluate


def _defense_strength(card):
    return sum(key_count(card, color) for color in COLORS) / len(COLORS)


def medium(view, legal, rng):
    """(action, reason): strongest cards where they count, weakest where they do not."""
    facts = view.facts
    if facts["step"] == "choose":
        best = next((a for a in legal if a.arg == "offense"), legal[0])
        return best, "only the offense scores touchdowns"
    lanes = facts["lanes"]
    offense = view.seat == facts["offense"]

    def value(action):
        card, lane = action.cards[0], action.arg
        info = lanes[lane]
        if offense:
            opens = info["live"] and card.color != info["color"]
            own = key_count(card, card.color)
            return own if opens else -own
        strength = _defense_strength(card)
        return strength if info["live"] else -strength

    best = max(legal, key=value)
    card, lane = best.cards[0], best.arg
    if offense:
        return best, _offense_reason(card, value(best) > 0)
    if lanes[lane]["live"]:
        return best, "an open lane: compared with the offense card there, so your strongest dots go there"
    return best, "a closed lane: nothing is compared there, so your weakest card goes there"


def _offense_reason(card, opens):
    """Why an offense card goes where it goes, in the table's words (the hint's label
    names the card and the lane): open there and compared by its own colour's dots, or
    closed there (none can be open), the weakest card given up."""
    dots = key_count(card, card.color)
    counted = f"{dots} {card.color} and blue dots" if card.color == "purple" else f"{dots} {card.color} dots"
    if opens:
        return f"an open lane, so compared with the defense card opposite: {counted}"
    return f"none can be open: the weakest, {counted}, goes closed (never compared)"


def stop_playout(state):
    """A playout ends with its possession: the next one starts from fresh stacks."""
    return state.drive.table == "possession"


def evaluate(state):
    """Yards scored against the opponent's, squashed to 0..1 (a score is 20 yards)."""
    a, b = state.yards
    lead = 0.5 * math.tanh((a - b) / SPREAD)
    return [0.5 + lead, 0.5 - lead]
