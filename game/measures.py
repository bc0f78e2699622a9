"""What a game declares for the designers' balance report (`main.py report`).

Each game's `State.MEASURES` (beside its rules) is a `Measures`: how a finished game is
read from its event log and history, in the game's own words. The report plays games,
then reads each with `game.report.measures.measure(game_id, state, seat_actions)` and
aggregates what it returns. A game reads what its events, its final state and the
actions each seat chose tell.

A `Measures` lists:
- `first_kinds`: the action kinds that open play; the seat that chooses the first of them
  is the game's first player (None: the first action of any kind);
- `seat_actions`: {measure name: action kinds}, counted per seat ("using a rule");
- `seat_events`: {measure name: event kinds}, counted per seat of the event;
- `seat`: a function (final state) -> {measure: [number per seat]}, beyond counts;
- `game`: a function (final state) -> ({measure: number}, {tally: {label: count}});
- `curve_events`: event kinds after which every seat's score is read (a score curve
  over hands, or over a one-hand game's phases); empty: no curve;
- `curve_label`: what one step of the curve is, in the game's words;
- `curve_step`: a function (the detail of the curve event) -> the step it opens, in
  words (None: steps are numbered);
- `hand_events`: event kinds that each end a hand (or a possession); empty: one hand;
- `no_winner`: {event kind: how the game ended without a winner};
- `limits`: {event kind: the safeguard that ended the game};
- `safeguards`: a function (final state) -> [each safeguard reached while the game
  went on, in words];
- `places`: a function (final state) -> the seats in their finishing order, first place
  first, for a game that ranks every seat by more than the scores (KTU's Play to the
  last: the order players went out), or None; otherwise places follow the scores.
"""
from typing import Callable, NamedTuple
class Measures(NamedTuple):
    """One game's declarations for the report (see the module docstring)."""

    first_kinds: tuple = None
    seat_actions: dict = {}
    seat_events: dict = {}
    seat: Callable = None
    game: Callable = None
    curve_events: frozenset = frozenset()
    curve_label: str = "hand"
    curve_step: Callable = None
    hand_events: frozenset = frozenset()
    no_winner: dict = {}
    limits: dict = {}
    safeguards: Callable = None
    places: Callable = None


def events_reached(words_by_kind, unless_option=None):
    """A `safeguards` function: the words of every listed event kind the game emitted;
    none when the option (key, value) `unless_option` is in force."""
    def reached(state):
        if unless_option and state.options.get(unless_option[0]) == unless_option[1]:
            return []
        kinds = {event.kind for event in state.events}
        return [words for kind, words in words_by_kind.items() if kind in kinds]
    return reached
