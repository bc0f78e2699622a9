"""A finished game read through its `Measures` (see `game.measures`), for the report."""
from game import registry
from game.measures import Measures


def measures_for(game_id):
    """The game's `Measures` (an empty declaration for a game that declares none)."""
    return registry.game_info(game_id).state_class().MEASURES or Measures()


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
