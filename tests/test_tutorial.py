"""Learn to play: every mode's tutorial plays through the real engine, the coach refuses
wrong moves kindly, and broken tutorial files give errors naming the file and the step."""
import re

import pytest

import game
from game import resources, tutorial

MODES = list(game.GAMES)


@pytest.fixture(scope="module", params=MODES)
def lesson(request):
    return tutorial.load(request.param)


def test_tutorial_plays_to_its_end_showing_every_rule_it_claims(lesson):
    state = tutorial.rehearse(lesson)
    assert lesson.covers, "a tutorial shows at least one rule"
    learner_moves = sum(cue.learner for cue in lesson.cues)
    assert 10 <= learner_moves <= 40
    assert {cue.by for cue in lesson.cues if not cue.learner} == \
        set(range(len(lesson.names))) - {lesson.learner}
    assert state.history, "the script made moves"


def test_tutorial_coverage_block_at_the_top_lists_every_rule_shown(lesson):
    with open(lesson.path, encoding="utf-8") as handle:
        header = []
        for line in handle:
            if not line.startswith("#"):
                break
            header.append(line.rstrip())
    for cover in lesson.covers:
        assert any(cover.rule in line and line.endswith(f"step {cover.cue}") for line in header), \
            f"{lesson.path}: the coverage comment does not list {cover.rule!r} at step {cover.cue}"
    listed = [line for line in header if re.search(r" step \d+$", line)]
    assert len(listed) == len({(cover.rule, cover.cue) for cover in lesson.covers})


def test_tutorial_coach_accepts_the_script_and_refuses_other_moves(lesson):
    coach = tutorial.Coach(lesson)
    refused_legal = refused_illegal = 0
    news = []
    while not coach.finished:
        state = coach.state
        if not coach.learner_to_act():
            assert coach.highlights() == ((), ())
            action = coach.scripted_action()
            assert action in state.legal_actions()
            reply = coach.submit(action)
            assert reply.accepted
            news.append(reply.text)
            continue
        assert all(said in coach.text() for said in news), "the learner hears what happened"
        assert coach.cue.say in coach.text()
        cards, buttons = coach.highlights()
        seen = [c.name for z in state.view(lesson.learner).zones for c in z.cards
                if c is not None]
        assert all(name in seen for name in cards), "the learner sees every highlighted card"
        before = state.to_dict()
        other = [a for a in state.legal_actions()
                 if not any(m.matches(a) for m in coach.cue.moves)]
        if other:
            reply = coach.submit(other[0])
            assert not reply.accepted and "not the lesson's plan" in reply.text
            assert coach.cue.say in reply.text and coach.cue.why in reply.text
            refused_legal += 1
        wrong = game.Action("no_such_move")
        reply = coach.submit(wrong)
        assert not reply.accepted and state.why_illegal(wrong) in reply.text
        refused_illegal += 1
        assert state.to_dict() == before
        reply = coach.submit(tutorial.find(state, coach.cue.moves[0]))
        assert reply.accepted
        news = [reply.text]
    assert refused_legal and refused_illegal
    assert coach.rules_met() == [(c.section, c.rule) for c in lesson.covers]
    summary = coach.summary()
    assert all(c.rule in summary for c in lesson.covers)
    assert not coach.submit(game.Action("end_turn")).accepted


def test_tutorial_refusal_gives_the_engine_reason():
    lesson = tutorial.load("final_card_down")
    coach = tutorial.Coach(lesson)
    six = next(c for c in coach.state.hands[0] if c.name == "6/green/diamonds")
    reply = coach.submit(game.Action("play", (six,)))
    assert not reply.accepted
    assert "does not match the 5 red hearts" in reply.text
    assert coach.index == 0


# ---- the validator ----------------------------------------------------------------------

FCD = tutorial.path_for("final_card_down")


def broken(tmp_path, old, new, count=1):
    """A copy of the Final Card-Down tutorial with `old` replaced by `new`; its path."""
    with open(FCD, encoding="utf-8") as handle:
        text = handle.read()
    assert text.count(old) >= count, old
    path = tmp_path / "final_card_down.yaml"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return str(path)


def error(path):
    with pytest.raises(tutorial.TutorialError) as info:
        tutorial.load("final_card_down", path)
    message = str(info.value)
    assert message.startswith(path + ": ")
    return message


def test_tutorial_validator_names_the_step_and_the_engine_reason(tmp_path):
    path = broken(tmp_path, "expect: [play 5/blue/clubs]", "expect: [play 6/green/diamonds]")
    assert error(path) == (f"{path}: step 1: expected action 'play 6/green/diamonds' is not "
                           "legal here (6 green diamonds does not match the 5 red hearts on "
                           "the pile (value, suit or the colour red); a 0 matches anything)")


def test_tutorial_validator_names_a_computer_move_that_is_not_legal(tmp_path):
    path = broken(tmp_path, "do: [play 8/blue/spades, end_turn]", "do: [draw, draw]")
    assert "step 3: expected action 'draw' is not legal here (you may draw only one card" \
        in error(path)


def test_tutorial_validator_names_the_wrong_player(tmp_path):
    path = broken(tmp_path, "  - by: Ada\n    do: [play 8/blue/spades",
                  "  - by: Ben\n    do: [play 8/blue/spades")
    assert "step 3: it is Ada's move here, not Ben's" in error(path)


def test_tutorial_validator_catches_a_rule_that_does_not_happen(tmp_path):
    path = broken(tmp_path, "event: skip,", "event: declare,")
    assert ("step 14: covered rule 'A: the next player is skipped': no 'declare' event"
            in error(path))
    path = broken(tmp_path, "refuses: play 0/green/hearts", "refuses: play 2/red/spades")
    message = error(path)
    assert "step 9: covered rule" in message and "'play 2/red/spades' is legal here" in message


@pytest.mark.parametrize("old,new,expected", [
    ("expect: [play 5/blue/clubs]", "expect: [play 5/blue/clovers]",
     "step 1: expected action 'play 5/blue/clovers' is not legal here"),
    ("  - by: Ada\n", "  - by: Eve\n", "step 3: by: 'Eve' is not one of the players"),
    ("highlight: [5/blue/clubs]", "highlight: [5/blue/clover]",
     "step 1: highlight '5/blue/clover' is neither a card name"),
    ("highlight: [5/blue/clubs]", "highlight: [7/purple/clubs]",
     "step 1: highlight '7/purple/clubs' is no card You can see here"),
    ("highlight: [button:end_turn]", "highlight: [button:draw]",
     "step 2: highlight button 'draw' is no move the player has here"),
    ("section: Special cards", "section: Specials", "'Specials' is not a section of"),
    ("    expect: [end_turn]\n", "    do: [end_turn]\n",
     "step 2: the learner's step lists its move(s) under 'expect', not 'do'"),
    ("seed: 17", "seed: seventeen", "seed: expected a whole number"),
    ("learner: You", "learner: Zoe", "learner: 'Zoe' is not one of the players"),
    ("     5/red/hearts,", "     5/red/hearts, 5/red/hearts, 5/red/hearts,",
     "deals[0]: card '5/red/hearts' is named more times than the hex800 deck has copies"),
    ("intro: >-", "introduction: >-", "missing key(s) intro; unknown key(s) introduction"),
    ("version: 1", "version: [", "is not valid YAML"),
])
def test_tutorial_validator_rejects_broken_files(tmp_path, old, new, expected):
    assert expected in error(broken(tmp_path, old, new))


def test_tutorial_breaks_when_a_rule_it_shows_changes(monkeypatch):
    import game.ktu
    monkeypatch.setattr(game.ktu.State, "_burns", lambda state, count: False)
    with pytest.raises(tutorial.TutorialError) as info:
        tutorial.load("ktu")
    assert ("ktu.yaml: step 10: covered rule '10 removes the play ground and you play "
            "again': no 'burn' event happens here") in str(info.value)


@pytest.mark.parametrize("old,new,expected", [
    ("seat: Ada}", "seat: Zed}", "seat: 'Zed' is not one of the players"),
    ("seat: Ada}", "seat: Ben}", "step 14: covered rule 'A: the next player "
                                                "is skipped': no 'skip' event for Ben happens"),
    ("seat: Ada}", "seat: Ada, cards: [9/red/hearts]}", "moving 9/red/hearts happens"),
    ("seat: Ada}", "seat: Ada, cards: [Z/red/hearts]}", "cards: 'Z/red/hearts' is not a card"),
    ("seat: Ada}", "seat: Ada, allows: draw}", "expected exactly one of event, allows, refuses"),
    ("refuses: end_turn}", "refuses: end_turn, detail: 3}",
     "detail, seat and cards belong with event"),
])
def test_tutorial_validator_checks_what_a_rule_claims(tmp_path, old, new, expected):
    assert expected in error(broken(tmp_path, old, new))


def test_tutorial_coach_speaks_of_the_computer_players_by_name():
    coach = tutorial.Coach(tutorial.load("final_count"))
    for _ in range(3):
        coach.submit(tutorial.find(coach.state, coach.cue.moves[0]))
    assert not coach.learner_to_act()
    assert coach.text().endswith("Ben plays next.")
    reply = coach.submit(coach.scripted_action())
    assert reply == (True, "")
    coach.submit(coach.scripted_action())
    reply = coach.submit(coach.scripted_action())
    assert reply.accepted and reply.text.startswith("Ben rolled a 2")


def test_tutorial_validator_plays_every_move_the_coach_accepts(tmp_path):
    path = broken(tmp_path, "expect: [play 5/blue/clubs]",
                  "expect: [play 5/blue/clubs, play A/red/questions]")
    message = error(path)
    assert "(when the learner plays 'play A/red/questions' at step 1)" in message
    assert message.startswith(f"{path}: step ")
    lesson = tutorial.parse(path, resources.read_yaml(path), "final_card_down")
    coach = tutorial.Coach(lesson)
    ace = tutorial.find(coach.state, lesson.cues[0].moves[1])
    assert coach.submit(ace).accepted and coach.index == 1
