"""Deadline never counts another student's extra credit as the owner's cards (A14 of docs/rulings/deadline.md: it
scores 1 for the one who played it and changes neither the owner's value nor whether the
assignment is complete). The walk: 'Maya: three 5s', then 'four 5s', in the panel and
'extra credit on Maya's three 5s' in the log, for Maya's own two 5s, an incomplete pair at
grading. Played with seeded games of four Medium computers (tests/test_deadline_names)."""
import re

from game import registry
from scenes.table.presenters import presenter_for
from tests.test_deadline_names import NAMES, finished

COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
SET = re.compile(r"^(two|three|four|five|six) (\w+)s\b")


def test_the_panel_and_the_log_count_an_owners_own_cards_and_say_whose_the_extra_credit_is():
    presenter = presenter_for(registry.GAMES["deadline"])
    helped = 0
    for seed in range(4):
        state = finished(seed)
        view = state.view(0)
        panel = dict((label, value) for label, value, _ in presenter.side_facts(view, NAMES))
        for owner, name in enumerate(NAMES):
            sets = [a for a in view.facts["assignments"] if a["owner"] == owner and a["kind"] == "set"]
            said = panel.get(name, "").split("; ")
            for a, words in zip([a for a in view.facts["assignments"] if a["owner"] == owner], said):
                if a not in sets:
                    continue
                own = sum(1 for card in a["cards"] if card != "JK")
                m = SET.match(words)
                assert m is None or COUNTS[m.group(1)] == own, (name, a, words)
                for seat, _ in a["extra_credit"]:
                    helped += 1
                    assert f"{NAMES[seat]}'s" in words, (name, a, words)
        zones = {z.key: z for z in view.zones}
        given = {}                  # (owner, rank of a set) -> extra credit told on it so far
        for line in presenter.log_lines([e.for_seat(0) for e in state.events], NAMES, zones, keep=10 ** 6):
            for m in re.finditer(r"played (\w+) of \w+ as extra credit on (\w+)'s (?:two|three|four|five) (\w+?)s\b"
                                 r"([^,]*)", line):
                key = (m.group(2), m.group(3))
                assert (" + " in m.group(4)) == bool(given.get(key)), (line, key, given.get(key))
                given[key] = given.get(key, 0) + 1
    assert helped > 5


def test_the_lessons_learner_is_your_within_the_panels_line():
    """In the lesson the learner is called You: the extra credit they gave reads 'your King'
    within a line of the panel, as another's reads 'Ada's 8' ('10-Jack-Queen of clubs +
    Your King': walkC16 #5). Seeded games of four Medium computers, the first seat named
    You."""
    presenter = presenter_for(registry.GAMES["deadline"])
    names = ["You", *NAMES[1:]]
    given = 0
    for seed in range(4):
        view = finished(seed).view(0)
        for label, value, _ in presenter.side_facts(view, names):
            assert " Your " not in f" {value} ", (label, value)
            given += " your " in f" {value} "
    assert given, "no extra credit of the first seat was said in the panel"


def test_take_it_back_taken_back_is_said_in_words_not_its_buttons_label():
    """Undo of Deadline's Take it back (the assignment being built back into the hand)
    names what it did, never 'your take it back', the button's label pasted in (found
    checking walkD16 #3's undo words)."""
    from game.deadline.rules import CANCEL_GROUP
    words = presenter_for(registry.GAMES["deadline"]).taken_back(CANCEL_GROUP, NAMES)
    assert words == "your taking back of the assignment being built", words
