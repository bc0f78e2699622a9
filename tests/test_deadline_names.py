"""Deadline names each assignment whole and as it stood (issue #37, the walk: a run that
another student's extra credit completed read 'Ace-2-4 of diamonds', 'Ines extended their
6-7-8 of hearts with 6 of hearts', and the scores showed 'Midterm run: completed' over A 2
4): a run is named with the extra credit on it, in order; a move names the assignment as
it stood before it. Played with seeded games of four Medium computers."""
import random
import re

from game import registry
from game.bots import make_bot
from scenes.table.presenters import presenter_for

NAMES = ["Maya", "Theo", "Ines", "Sam"]
ORDER = ["Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King", "Ace"]
RUN = re.compile(r"((?:Ace|King|Queen|Jack|\d+)(?:-(?:Ace|King|Queen|Jack|\d+))+) of (\w+)( and (?:a|two) Jokers?)?")
MOVES = (re.compile(r"extended (?:their|\w+'s) (?P<named>.+) with (?P<card>.+)$"),
         re.compile(r"played (?P<card>.+?) as extra credit on (?:their|\w+'s) (?P<named>.+)$"))


def finished(seed):
    """A seeded game of four Medium computers, played to its end."""
    state = registry.new_game("deadline", players=4, seed=seed)
    bots = [make_bot("medium", "deadline") for _ in range(4)]
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
    return state


def consecutive(run, jokers=0):
    """Are a run's ranks ('Ace-2-3') in order with no gap (an Ace low or high), but those
    its `jokers` stand in for?"""
    ranks = run.split("-")
    starts = [i for i, rank in enumerate(ORDER) if rank == ranks[0]]
    for i in starts:
        span = ORDER[i:i + len(ranks) + jokers]
        if all(rank in span for rank in ranks) and [r for r in span if r in ranks] == ranks:
            return True
    return False


def whole_runs(words):
    """Each run named in `words` with the Jokers standing in it: [(ranks, jokers)]."""
    return [(m.group(1), 0 if not m.group(3) else 2 if "two" in m.group(3) else 1) for m in RUN.finditer(words)]


def test_every_run_the_log_and_panel_name_is_whole_and_a_move_names_it_as_it_stood():
    presenter = presenter_for(registry.GAMES["deadline"])
    moves, helped = 0, 0
    for seed in range(4):
        state = finished(seed)
        view = state.view(0)
        zones = {z.key: z for z in view.zones}
        lines = presenter.log_lines([e.for_seat(0) for e in state.events], NAMES, zones, keep=10 ** 6)
        runs = [run for line in lines for run in whole_runs(line)]
        runs += [run for a in view.facts["assignments"] for run in whole_runs(presenter.assignment_shape(a, NAMES))]
        assert runs and all(consecutive(*run) for run in runs), [run for run in runs if not consecutive(*run)]
        for part in (part for line in lines for part in line.split(", ")):
            for m in filter(None, (move.search(part) for move in MOVES)):
                moves += 1
                named = RUN.match(m["named"])
                if named and m["card"].endswith(named.group(2)):    # a run: the card moved is not in it yet
                    assert m["card"].split(" of ")[0] not in named.group(1).split("-"), part
        helped += sum(1 for a in view.facts["assignments"] if any(who != a["owner"] for who, _ in a["extra_credit"]))
    assert moves > 10 and helped


def test_a_joker_moved_is_a_joker_in_every_line_never_a_bare_joker():
    """Four Medium computers' semesters, each seat's log: every Joker a move names is 'a
    Joker' ('Ada took a Joker blind from your hand', 'Maya drew 5 cards: ..., a Joker,
    ...'), never a bare 'Joker' as if it were someone's name (the frames of the Deadline
    lesson: 'Ada took Joker blind from your hand')."""
    presenter = presenter_for(registry.GAMES["deadline"])
    named = 0
    for seed in range(3):
        state = finished(seed)
        for seat in range(4):
            zones = {z.key: z for z in state.view(seat).zones}
            lines = presenter.log_lines([e.for_seat(seat) for e in state.events], NAMES, zones, keep=10 ** 6)
            moved = [line for line in lines if re.search(r"\b(took|drew|received|dealt)\b.*Joker", line)]
            named += len(moved)
            bare = [line for line in moved if re.search(r"(?<!a )(?<!two )\bJoker\b(?!s)", line)
                    and not re.search(r"'s Joker|your Joker|their Joker", line)]
            assert not bare, bare[:3]
    assert named >= 3, named
