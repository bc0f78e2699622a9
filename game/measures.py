"""What each game declares for the designers' balance report (`main.py report`).

`MEASURES` maps a registry id to a `Measures`: how a finished game is read from its
event log and history, in the game's own words. The report plays games, then calls
`measure(game_id, start, state, seat_actions)` and aggregates what it returns. The
rules modules are not touched: everything here is read from the events a game already
emits, its final state and the actions each seat chose.

A `Measures` lists:
- `first_kinds`: the action kinds that open play; the seat that chooses the first of them
  is the game's first player (None: the first action of any kind);
- `seat_actions`: {measure name: action kinds}, counted per seat ("using a rule");
- `seat_events`: {measure name: event kinds}, counted per seat of the event;
- `dealt`: a function (starting state) -> {feature: [bool per seat]} ("holding a card");
- `seat`: a function (final state) -> {measure: [number per seat]}, beyond counts;
- `game`: a function (final state) -> ({measure: number}, {tally: {label: count}});
- `curve_events`: event kinds after which every seat's score is read (a score curve
  over hands, or over a one-hand game's phases); empty: no curve;
- `curve_label`: what one step of the curve is, in the game's words;
- `hand_events`: event kinds that each end a hand (or a possession); empty: one hand;
- `no_winner`: {event kind: how the game ended without a winner};
- `limits`: {event kind: the safeguard that ended the game};
- `safeguards`: a function (final state) -> [each safeguard reached while the game
  went on, in words].
"""
from collections import Counter
from typing import Callable, NamedTuple


class Measures(NamedTuple):
    """One game's declarations for the report (see the module docstring)."""

    first_kinds: tuple = None
    seat_actions: dict = {}
    seat_events: dict = {}
    dealt: Callable = None
    seat: Callable = None
    game: Callable = None
    curve_events: frozenset = frozenset()
    curve_label: str = "hand"
    hand_events: frozenset = frozenset()
    no_winner: dict = {}
    limits: dict = {}
    safeguards: Callable = None


def _moves(state, src_prefix, dst):
    """The cards moved from a zone starting with `src_prefix` to zone `dst`, in order."""
    return [(event.seat, card) for event in state.events
            if event.kind == "move" and event.dst == dst and event.src
            and event.src.startswith(src_prefix) for card in event.cards]


def _dealt_ranks(ranks, zones):
    """A `dealt` function: for each (feature, rank), whether each seat's starting cards in
    the named zones (attribute names of the state) hold a card of that rank."""
    def dealt(state):
        return {feature: [any(card.rank == rank for zone in zones
                              for card in getattr(state, zone)[seat])
                          for seat in range(state.players)]
                for feature, rank in ranks.items()}
    return dealt


def _fcd_game(state):
    """Final Card-Down: 2-stacks (a 2 answered by another 2), their longest run, colour
    declarations and recycles of the discard pile."""
    stacks = longest = run = 0
    for event in state.events:
        if event.kind == "move" and event.dst == "discard" and event.src.startswith("hand:"):
            if event.cards[0].rank == "2":
                run += 1
                if run == 2:
                    stacks += 1
                longest = max(longest, run)
            else:
                run = 0
        elif event.kind == "move" and event.src == "draw" and event.dst.startswith("hand:"):
            run = 0
    declared = Counter(event.detail for event in state.events if event.kind == "declare")
    recycles = sum(event.kind == "recycle" for event in state.events)
    return ({"2-stacks": stacks, "longest 2-stack": longest,
             "colours declared": sum(declared.values()), "recycles": recycles},
            {"declared colour": dict(declared)})


def _ktu_game(state):
    """KTU: burns, pick-ups and the size of the piles picked up."""
    picked = [event.detail for event in state.events if event.kind == "pick_up"]
    burns = sum(event.kind == "burn" for event in state.events)
    return ({"burns": burns, "pick-ups": len(picked),
             "cards picked up": sum(picked)}, {})


def _deadline_game(state):
    """Deadline: exam results (assignments laid down at each exam, extra credit)."""
    exams = Counter(a.exam for a in state.assignments)
    extra = sum(len(a.extras) for a in state.assignments)
    return ({"Midterm assignments": exams.get("midterm", 0),
             "Final Exam assignments": exams.get("final", 0),
             "extra credit cards": extra},
            {"assignments per student": dict(Counter(
                str(sum(a.owner == s for a in state.assignments)) for s in range(state.players)))})


def _deadline_seat(state):
    """Deadline: each student's assignments and the extra credit they played."""
    return {"assignments": [sum(a.owner == s for a in state.assignments)
                            for s in range(state.players)],
            "extra credit played": [sum(seat == s for a in state.assignments
                                        for seat, _ in a.extras)
                                    for s in range(state.players)]}


def _events_reached(words_by_kind, unless_option=None):
    """A `safeguards` function: the words of every listed event kind the game emitted;
    none when the option (key, value) `unless_option` is in force."""
    def reached(state):
        if unless_option and state.options.get(unless_option[0]) == unless_option[1]:
            return []
        kinds = {event.kind for event in state.events}
        return [words for kind, words in words_by_kind.items() if kind in kinds]
    return reached


def _final_count_game(state):
    """Final Count: calls, hands nobody called, die faces rolled."""
    rolls = Counter(str(event.detail) for event in state.events
                    if event.kind == "roll" and isinstance(event.detail, int))
    return ({"calls": sum(event.kind == "call" for event in state.events),
             "hands nobody called": sum(event.kind == "exhausted" for event in state.events)},
            {"die face": dict(rolls)})


def _four_downs_game(state):
    """4 downs: knocks and folds."""
    return ({"knocks": sum(event.kind == "knock" for event in state.events),
             "folds": sum(event.kind == "fold" for event in state.events)}, {})


def _five_possessions_game(state):
    """5 possessions: lanes opened and won, dots margins of the opened lanes."""
    lanes = [event.detail for event in state.events if event.kind == "lane"]
    opened = [lane for lane in lanes if lane.get("open")]
    margins = [lane["offense_dots"] - lane["defense_dots"] for lane in opened]
    return ({"lanes opened": len(opened),
             "mean dots margin": sum(margins) / len(margins) if margins else 0.0,
             "offense lanes won": sum(lane["won"] for lane in opened)},
            {"dots margin": dict(Counter(str(m) for m in margins))})


MEASURES = {
    "final_card_down": Measures(
        seat_events={"colours declared": ("declare",), "skipped": ("skip",)},
        dealt=_dealt_ranks({"dealt a D": "D", "dealt a 0": "0", "dealt a 2": "2",
                            "dealt an A": "A"}, ("hands",)),
        game=_fcd_game,
        no_winner={"blocked": "no winner: nothing left to draw (A18)"},
        limits={"turn_limit": "turn limit of 2000 turns (A22)"}),
    "deadline": Measures(
        dealt=_dealt_ranks({"dealt a joker": "JK"}, ("hands",)),
        seat=_deadline_seat,
        game=_deadline_game,
        curve_events=frozenset({"phase"}), curve_label="phase of the semester"),
    "ktu": Measures(
        first_kinds=("play", "play_blind", "pick_up"),
        seat_actions={"pick-ups": ("pick_up",), "blind plays": ("play_blind",)},
        seat_events={"burns": ("burn",), "skipped": ("skip",), "blind fails": ("blind_fail",)},
        dealt=_dealt_ranks({"dealt a 10": "10", "dealt a 2": "2"}, ("hands", "facedown")),
        game=_ktu_game,
        limits={"turn_limit": "turn limit of 500 turns (A24)"}),
    "final_count": Measures(
        first_kinds=("roll", "call"),
        seat_actions={"swaps": ("swap_draw", "swap_opp", "swap_board"), "calls": ("call",),
                      "rolls declined": ("decline",)},
        game=_final_count_game,
        curve_events=frozenset({"hand_over", "game_over"}),
        hand_events=frozenset({"hand_over", "game_over"}),
        safeguards=_events_reached(
            {"exhausted": "a hand nobody called (the Draw Pile ran out, A18)"})),
    "four_downs": Measures(
        first_kinds=("play",),
        seat_actions={"knocks": ("knock",), "folds": ("fold",)},
        seat_events={"downs won": ("round_won",)},
        game=_four_downs_game,
        curve_events=frozenset({"hand_over", "game_over"}),
        hand_events=frozenset({"hand_over"})),
    "five_possessions": Measures(
        first_kinds=("choose",),
        seat_events={"lanes won": ("lane",)},
        game=_five_possessions_game,
        curve_events=frozenset({"score"}), curve_label="possession",
        hand_events=frozenset({"possession"}),
        safeguards=_events_reached({"sudden_death": "sudden death after 5 tied pairs (A23)"},
                                   unless_option=("pd.sudden_death", "on"))),
}


def measures_for(game_id):
    """The game's `Measures` (an empty declaration for a game that declares none)."""
    return MEASURES.get(game_id, Measures())


def starting_features(game_id, state):
    """{feature: [bool per seat]} from the game's starting position."""
    declared = measures_for(game_id).dealt
    return declared(state) if declared else {}


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
