"""What a game declares for the designers' balance report (`main.py report`).

Each game's `State.MEASURES` (beside its rules) is a `Measures`: how a finished game is
read from its event log and history, in the game's own words. The report plays games,
then calls `measure(game_id, state, seat_actions)` and aggregates what it returns. A
game reads what its events, its final state and the actions each seat chose tell.

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

import game


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


def measures_for(game_id):
    """The game's `Measures` (an empty declaration for a game that declares none)."""
    return game.game_info(game_id).state_class().MEASURES or Measures()


def hands(game_id, state):
    """How many hands (or possessions) the game played: 1 for a one-hand game."""
    kinds = measures_for(game_id).hand_events
    return sum(event.kind in kinds for event in state.events) if kinds else 1


def measure(game_id, state, seat_actions):
    """Read a finished (or stopped) game: (seat measures {name: [number per seat]}, game
    measures {name: number}, tallies {name: {label: count}}, ending words or None,
    safeguards reached [words]). `seat_actions[seat]` counts the action kinds it chose."""
    declared = measures_for(game_id)
    n = state.players
    per_seat = {name: [sum(seat_actions[s].get(kind, 0) for kind in kinds) for s in range(n)]
                for name, kinds in declared.seat_actions.items()}
    for name, kinds in declared.seat_events.items():
        counts = [0] * n
        for event in state.events:
            if event.kind in kinds and isinstance(event.seat, int):
                counts[event.seat] += 1
        per_seat[name] = counts
    if declared.seat:
        per_seat.update(declared.seat(state))
    numbers, tallies = declared.game(state) if declared.game else ({}, {})
    kinds = {event.kind for event in state.events}
    ending = None
    for kind, words in {**declared.no_winner, **declared.limits}.items():
        if kind in kinds:
            ending = ("limit" if kind in declared.limits else "no_winner", words)
    reached = declared.safeguards(state) if declared.safeguards else []
    return per_seat, numbers, tallies, ending, reached
