"""What the bots know of Play Design's 5 possessions (docs/rulings/play_design.md, section 4).

Medium arranges its lines by dot counts: on offense it sets its cards with the most
dots of their own colour (a purple card's purple and blue) in the lanes where they are
open and gives up its weakest closed; on defense it sets its strongest cards (most dots
whatever the colour) opposite open lanes.
Scores are yards scored: higher is better.
"""
import math

from game.play_design.rules import COLORS, key_count
from game.presenter import plural

SPREAD = 30          # yards that make a clear lead, for evaluate


def _boxes(card):
    """The four boxes under a card's dots added up: its dots that count against an offense
    card of each colour."""
    return sum(key_count(card, color) for color in COLORS)


def _defense_strength(card):
    return _boxes(card) / len(COLORS)


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
        if offense:
            own = key_count(card, card.color)
            return own if _opens(card, lanes[lane]) else -own
        strength = _defense_strength(card)
        return strength if lanes[lane]["live"] else -strength

    best = max(legal, key=value)
    card, lane = best.cards[0], best.arg
    if offense:
        return best, _offense_reason(card, _opens(card, lanes[lane]))
    if lanes[lane]["live"]:
        return best, (f"an open lane, where a tie goes to you, so your card with the most dots that count goes "
                      f"there (its four boxes under the dots add up to {_boxes(card)}, the most in your hand)")
    return best, f"{_defense_reason(False)}, so your weakest card goes there"


def _opens(card, lane):
    """Is an offense card set in `lane` (its facts) open there (rule 1 and rule 2)?"""
    return lane["live"] and card.color != lane["color"]


def _dots(card):
    """The dots an offense card is compared by, in the table's words: '4 blue dots', '4
    purple and blue dots' (a purple card counts its blue dots as purple)."""
    return plural(key_count(card, card.color), f"{_counted(card.color)} dot")


def _counted(colour):
    """The colours of the dots counted against an offense card of `colour`, on both cards."""
    return "purple and blue" if colour == "purple" else colour


def _offense_reason(card, opens):
    """Why an offense card goes where it goes, in players' words (the hint's label names
    the card and the lane): open there, your card's dots of its own colour against the
    same dots on the defense card (never the card's number), or closed there (none can
    be open), the weakest card given up; one sentence, no colon in it (the hint's 'Hint:
    <move>: <why>' has its own)."""
    if opens:
        return (f"an open lane, where {_counted(card.color)} dots are counted, your card's "
                f"{key_count(card, card.color)} against those of the defense card opposite; only more "
                "dots win the lane (the card's number does not count)")
    return f"none can be open, so your weakest card, with {_dots(card)}, goes closed and is never compared"


def _defense_reason(live):
    """What a defense card does in a lane (the offense card's colour, unseen, decides
    which dots count)."""
    if live:
        return ("an open lane, where the offense card is counted against yours by the dots "
                "of its own colour, and a tie goes to you")
    return "a closed lane, where nothing is compared"


def why(view, action):
    """What `action` does, in the game's terms (open or closed, which dots are counted):
    Hint's reason for any move (Hard's where it is not Medium's)."""
    facts = view.facts
    if facts["step"] == "choose":
        return ("only the offense scores touchdowns" if action.arg == "offense"
                else "the defense scores 20 yards for every drive it stops")
    card, info = action.cards[0], facts["lanes"][action.arg]
    if view.seat != facts["offense"]:
        return _defense_reason(info["live"])
    if _opens(card, info):
        return _offense_reason(card, True)
    why_closed = (f"an offense card of the colour that won this lane ({card.color})" if info["live"]
                  else "a closed lane")
    return f"{why_closed}, so it goes closed and is never compared, and the defense card opposite is removed unseen"


PLAYED_OUT = "possession"          # how far Hard's playouts go (stop_playout), for its hints


def stop_playout(state):
    """A playout ends with its possession: the next one starts from fresh stacks."""
    return state.drive.table == "possession"


def evaluate(state):
    """Yards scored against the opponent's, squashed to 0..1 (a score is 20 yards)."""
    a, b = state.yards
    lead = 0.5 * math.tanh((a - b) / SPREAD)
    return [0.5 + lead, 0.5 - lead]
