"""Learn to play: every mode's tutorial plays through the real engine, the coach refuses
wrong moves kindly, and broken tutorial files give errors naming the file and the step."""
import os
import re

import pytest

from game import registry, resources, tutorial
from game.cards import RANK_WORDS
from game.final_count.rules import best_total, reachable_totals

MODES = list(registry.GAMES)
LESSONS = [(game_id, None) for game_id in MODES] + [
    (game_id, chapter) for game_id in MODES for chapter in tutorial.chapters(game_id)]


@pytest.fixture(scope="module", params=LESSONS, ids=lambda lesson: ".".join(filter(None, lesson)))
def lesson(request):
    return tutorial.load(*request.param)


def test_every_house_rule_a_lesson_teaches_has_its_chapter():
    assert ("four_downs", "pd.knocking") in LESSONS and ("final_count", "final_count.hit_goal") in LESSONS


def test_tutorial_plays_to_its_end_showing_every_rule_it_claims(lesson):
    state = tutorial.rehearse(lesson)
    assert lesson.covers, "a tutorial shows at least one rule"
    learner_moves = sum(cue.learner for cue in lesson.cues)
    # a lesson keeps to what a newcomer needs: Deadline's semester, the longest, has 6
    # rotations and 6 exchanges, and every one of them is the learner's to play
    assert 3 <= learner_moves <= 36, "a lesson keeps to what a newcomer needs"
    others = set(range(len(lesson.names))) - {lesson.learner}
    assert {cue.by for cue in lesson.cues if not cue.learner and not cue.coach} == others
    assert all(cue.learner for cue in lesson.cues if cue.by == lesson.learner), \
        "every move of the learner's is the learner's to make, never the coach's"
    assert all(cue.point for cue in lesson.stops), "every stop has its bubble"
    assert state.history, "the script made moves"


def test_the_rules_met_name_no_rule_by_a_number_the_lesson_never_said(lesson):
    """The end's "Rules you met" speaks the lesson's words: a rule it calls by its
    rulebook number ("rule 1") is one the coach named so."""
    said = " ".join([lesson.intro, lesson.end] + [" ".join((cue.say, cue.after, cue.point, *cue.reasons))
                                                  for cue in lesson.cues]).lower()
    numbered = {(cover.rule, number) for cover in lesson.covers
                for number in re.findall(r"\brule (\d+)", cover.rule.lower())}
    assert not [(rule, n) for rule, n in numbered if f"rule {n}" not in said], \
        "the summary names a rule by a number the lesson never said"


def test_tutorial_rule_lines_quote_the_rulebook(lesson):
    sections = tutorial.rulebook_sections(lesson.game_id)
    cited = list(lesson.covers) + list(lesson.later)
    assert cited
    for rule in cited:
        assert rule.section in sections
        assert len(rule.cites.split()) >= 3, f"{rule.rule!r} cites too little to check"
        assert tutorial.plain(rule.cites) in tutorial.plain(sections[rule.section]), rule


def test_tutorial_teaches_the_game_as_setup_plays_it_and_a_chapter_its_house_rule(lesson):
    info = registry.GAMES[lesson.game_id]
    for option in info.options:
        if option.id == info.player_option:
            continue
        wanted = option.default if option.id != lesson.chapter else lesson.options[option.id]
        assert lesson.rules[option.id] == wanted
    if lesson.chapter:
        assert lesson.rules[lesson.chapter] != info.option(lesson.chapter).default
        assert info.option(lesson.chapter).label in lesson.intro, "the chapter uses Setup's name for its rule"


def test_tutorial_progress_counts_every_stop_once(lesson):
    coach = tutorial.Coach(lesson)
    total = len(lesson.stops)
    marks = []
    while not coach.finished:
        if coach.cue.stop:
            marks.append(coach.progress())
        if coach.explaining():
            coach.next()
        else:
            coach.submit(coach.scripted_action() or tutorial.find(coach.state, coach.cue.moves[0]))
    assert marks == [(n, total) for n in range(1, total + 1)]


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
        if coach.explaining():
            assert coach.cue.say in coach.text() and coach.bubble() == (coach.cue.point, coach.cue.anchor)
            assert all(said in coach.text() for said in news), "the learner hears what happened"
            wrong = coach.submit(state.legal_actions()[0]) if state.legal_actions() else None
            assert wrong is None or (not wrong.accepted and "Next" in wrong.text)
            coach.next()
            news = []
            continue
        if not coach.learner_to_act():
            assert coach.highlights() == ((), ())
            action = coach.scripted_action()
            assert action in state.legal_actions()
            reply = coach.submit(action)
            assert reply.accepted
            news.append(reply.text)
            continue
        if not coach.cue.say:                  # a turn that ends by itself, as in a real game
            assert [a.kind for a in state.legal_actions()] == ["end_turn"]
            news += [coach.submit(state.legal_actions()[0]).text]
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
            assert not reply.accepted and coach.cue.reason(other[0]) and coach.cue.reason(other[0]) in reply.text
            assert coach.cue.say not in reply.text, "the reply does not repeat what the panel says"
            refused_legal += 1
        wrong = registry.Action("no_such_move")
        reply = coach.submit(wrong)
        assert not reply.accepted and state.why_illegal(wrong) in reply.text
        refused_illegal += 1
        assert state.to_dict() == before
        reply = coach.submit(tutorial.find(state, coach.cue.moves[0]))
        assert reply.accepted
        news = [reply.text]
    assert refused_legal and refused_illegal
    met = [(c.section, c.rule) for c in lesson.covers]
    assert coach.rules_met() == list(dict.fromkeys(met)), "each rule met is listed once"
    summary = coach.summary()
    assert all(c.rule in summary for c in lesson.covers)
    assert all(f"{later.rule} (Rules: {later.section})" in summary for later in lesson.later)
    assert all(f"{c.rule} (Rules: {c.section})" in summary for c in lesson.covers)     # walkD17 #16
    assert not coach.submit(registry.Action("end_turn")).accepted


def test_every_move_off_the_script_gets_its_reason_in_the_game_s_terms(lesson):
    """At every step of the learner's, every legal move the lesson does not want is
    refused with the step's own reason, one that speaks of the game (never only "not the
    lesson's plan"), and every illegal one with the engine's reason; nothing changes."""
    coach = tutorial.Coach(lesson)
    tried = 0
    while not coach.finished:
        cue, state = coach.cue, coach.state
        if cue.coach:
            coach.next()
            continue
        if not cue.learner:
            coach.submit(coach.scripted_action())
            continue
        before = state.to_dict()
        where = f"{lesson.path} step {cue.number}"
        for action in state.legal_actions():
            if any(move.matches(action) for move in cue.moves):
                continue
            reply = coach.submit(action)
            where = f"{lesson.path} step {cue.number}: {tutorial.action_text(action)}"
            why = cue.reason(action)
            assert not reply.accepted and why and reply.text.endswith(why), where
            assert not tutorial.NOT_A_REASON.search(reply.text), f"{where}: {reply.text!r} is no reason"
            assert why not in cue.say, f"{where}: the reason says more than the instruction"
            tried += 1
        for wrong in (registry.Action("no_such_move"), registry.Action(cue.moves[0].kind)):
            if wrong not in state.legal_actions():
                reply = coach.submit(wrong)
                assert not reply.accepted and state.why_illegal(wrong) in reply.text, where
        assert state.to_dict() == before and coach.cue is cue
        coach.submit(tutorial.find(state, cue.moves[0]))
    assert tried


def test_every_card_another_moves_into_or_out_of_the_learner_s_hand_is_said(lesson):
    """The lessons never play ahead of the learner: a card that joins or leaves the
    learner's hand while another player moves (an exchange, a swap, a refill) is named in
    the coach's words by the learner's next move (or the coach's words read before it,
    with Next)."""
    coach = tutorial.Coach(lesson)
    hand = f"hand:{lesson.learner}"
    unsaid = {}
    while not coach.finished:
        cue = coach.cue
        if (cue.learner or cue.coach) and cue.stop:
            said = {name for _, names, _ in mentions(" ".join(coach.paragraphs()), coach.state.deck)
                    for name in names}
            unsaid = {card: step for card, step in unsaid.items() if card.name not in said}
            missing = [f"{card.spoken} (step {step})" for card, step in unsaid.items()]
            assert cue.coach or not missing, f"{lesson.path}: step {cue.number}: nothing says {', '.join(missing)}"
        if cue.coach:
            coach.next()
            continue
        start = len(coach.state.events)
        coach.submit(coach.scripted_action() or tutorial.find(coach.state, cue.moves[0]))
        if not cue.learner:
            for event in coach.state.events[start:]:
                if event.kind == "move" and hand in (event.src, event.dst):
                    unsaid.update({card: cue.number for card in event.cards})
    assert not unsaid, f"{lesson.path}: the end says nothing of {', '.join(c.spoken for c in unsaid)}"


def first_call(lesson):
    """The first step at which the learner may call (Final Count)."""
    coach = tutorial.Coach(lesson)
    while not (coach.cue.learner and any(a.kind == "call" for a in coach.state.legal_actions())):
        coach.next() if coach.explaining() else coach.submit(
            coach.scripted_action() or tutorial.find(coach.state, coach.cue.moves[0]))
    return coach.cue.number


@pytest.mark.parametrize("game_id,said,by", [
    ("deadline", "an ace counts 1 point, and in a run it is low only", lambda lesson: len(lesson.cues)),
    ("deadline", "extra credit never changes your score or completes your assignment",
     lambda lesson: next(c.number for c in lesson.cues if c.learner and c.moves[0].kind == "extend")),
    ("ktu", "only all four in one play do that", lambda lesson: len(lesson.cues)),
    ("final_count", "the highest count wins it and scores that many points", first_call),
])
def test_a_lesson_tells_what_the_first_real_turns_need(game_id, said, by):
    """What a newcomer needs in the first turns of a real game is said in the lesson, by
    the step that needs it: Deadline's Ace (1 point, low only) and that Extra Credit never
    completes another's assignment; that KTU's four of a kind burns only played together
    (docs/rulings/ktu.md A13); what winning a Final Count hand scores, before the first call."""
    lesson = tutorial.load(game_id)
    coach = tutorial.Coach(lesson)
    heard = ""
    while not coach.finished and coach.cue.number <= by(lesson):
        if coach.cue.stop:
            heard += " " + " ".join(coach.paragraphs()).lower()
        coach.next() if coach.explaining() else coach.submit(
            coach.scripted_action() or tutorial.find(coach.state, coach.cue.moves[0]))
    heard += " " + " ".join(coach.paragraphs()).lower()
    assert said in " ".join(heard.split()), f"{game_id}: not said by step {by(lesson)}: {said!r}"


def test_four_downs_lesson_tells_the_deck_as_it_is():
    """What 4 downs' coach says of the deck is what the deck holds: its count, the cards of
    each colour, how the numbers fall within a side and colour (at most once each: 28
    cards, not 32) and its example."""
    lesson = tutorial.load("four_downs")
    deck = lesson.new_state().deck.cards
    words = " ".join(cue.say for cue in lesson.cues if cue.coach)
    numbers = {}
    for card in deck:
        numbers.setdefault((card.side, card.color), []).append(card.value)
    claims = 0
    for count in re.findall(r"deck has (\d+) cards", words):
        assert int(count) == len(deck)
        claims += 1
    for count in re.findall(r"(\d+) of each colou?r", words):
        assert all(sum(n for (_, colour), ns in numbers.items() for n in [len(ns)] if colour == c) == int(count)
                   for c in {colour for _, colour in numbers})
        claims += 1
    if re.search(r"every number appears", words):
        assert all(sorted(ns) == [4, 5, 6, 7] for ns in numbers.values()), "not every number is in every side and colour"
    if re.search(r"no number appears twice", words):
        assert all(len(set(ns)) == len(ns) for ns in numbers.values())
        claims += 1
    for side, colour, listed in re.findall(r"the (offense|defense) (\w+) cards, for instance, are only ([\d, and]+\d)",
                                           words):
        assert sorted(numbers[(side, colour)]) == [int(n) for n in re.findall(r"\d", listed)]
        claims += 1
    assert claims == 4


def test_tutorial_refusal_gives_the_engine_reason():
    lesson = tutorial.load("final_card_down")
    coach = tutorial.Coach(lesson)
    six = next(c for c in coach.state.hands[0] if c.name == "6/green/diamonds")
    reply = coach.submit(registry.Action("play", (six,)))
    assert not reply.accepted and "press Next" in reply.text, "the coach's own words come first"
    coach.next()
    reply = coach.submit(registry.Action("play", (six,)))
    assert not reply.accepted
    assert "does not match the 5 red hearts" in reply.text
    assert coach.index == 1


# ---- the validator ----------------------------------------------------------------------

FCD = tutorial.path_for("final_card_down")


def broken(tmp_path, old, new, count=1, source=FCD):
    """A copy of a tutorial (Final Card-Down's by default) with `old` replaced by `new`;
    its path."""
    with open(source, encoding="utf-8") as handle:
        text = handle.read()
    assert text.count(old) >= count, old
    path = tmp_path / os.path.basename(source)
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return str(path)


def error(path, game_id="final_card_down", chapter=None):
    with pytest.raises(tutorial.TutorialError) as info:
        tutorial.load(game_id, chapter, path=path)
    message = str(info.value)
    assert message.startswith(path + ": ")
    return message


def test_tutorial_validator_names_the_step_and_the_engine_reason(tmp_path):
    path = broken(tmp_path, "expect: [play 5/blue/clubs]", "expect: [play 6/green/diamonds]")
    assert error(path) == (f"{path}: step 2: expected action 'play 6/green/diamonds' is not "
                           "legal here (6 green diamonds does not match the 5 red hearts on "
                           "the pile (value, suit or the colour red); a 0 matches anything)")


def test_tutorial_validator_names_a_computer_move_that_is_not_legal(tmp_path):
    path = broken(tmp_path, "do: [play 8/blue/spades, end_turn]", "do: [draw, draw]")
    assert "step 4: expected action 'draw' is not legal here (you may draw only one card" \
        in error(path)


def test_tutorial_validator_names_the_wrong_player(tmp_path):
    path = broken(tmp_path, "  - by: Ada\n    do: [play 8/blue/spades",
                  "  - by: Ben\n    do: [play 8/blue/spades")
    assert "step 4: it is Ada's move here, not Ben's" in error(path)


def test_tutorial_validator_catches_a_rule_that_does_not_happen(tmp_path):
    path = broken(tmp_path, "event: skip,", "event: declare,")
    assert ("step 15: covered rule 'A: the next player is skipped': no 'declare' event"
            in error(path))
    path = broken(tmp_path, "refuses: play 0/green/hearts", "refuses: play 2/red/spades")
    message = error(path)
    assert "step 10: covered rule" in message and "'play 2/red/spades' is legal here" in message


@pytest.mark.parametrize("old,new,expected", [
    ("expect: [play 5/blue/clubs]", "expect: [play 5/blue/clovers]",
     "step 2: expected action 'play 5/blue/clovers' is not legal here"),
    ("  - by: Ada\n", "  - by: Eve\n", "step 4: by: 'Eve' is neither one of the players"),
    ("highlight: [5/blue/clubs]", "highlight: [5/blue/clover]",
     "step 2: highlight '5/blue/clover' is neither a card name"),
    ("highlight: [5/blue/clubs]", "highlight: [7/purple/clubs]",
     "step 2: highlight '7/purple/clubs' is no card You can see here"),
    ("highlight: [button:draw]", "highlight: [button:end_turn]",
     "step 25: highlight button 'end_turn' is no move the player has here"),
    ("section: Special cards", "section: Specials", "'Specials' is not a section of"),
    ("    expect: [end_turn]\n", "    expect: [end_turn]\n    do: [end_turn]\n",
     "step 3: the learner's step lists its move(s) under 'expect': every move of the learner's is the "
     "learner's to make"),
    ("    expect: [end_turn]\n", "    do: [end_turn]\n",
     "step 3: the learner's step lists its move(s) under 'expect': every move of the learner's is the "
     "learner's to make"),
    # every refusal has its reason, in the game's terms
    ("    why: Stacking your 2 passes the penalty on, and it grows.\n", "",
     "step 10: why: the rules also allow 'draw' here: say why not, in the game's terms"),
    ("    why: Stacking your 2 passes the penalty on, and it grows.\n",
     "    why: Stacking your 2 is the lesson's plan.\n",
     "step 10: why: \"Stacking your 2 is the lesson's plan.\" gives the lesson as the reason; give it in "
     "the game's terms"),
    ("  - by: Ada\n    do: [play 8/blue/spades", "  - by: Ada\n    expect: [play 8/blue/spades",
     "step 4: a computer player's step lists its move(s) under 'do'"),
    ("seed: 17", "seed: seventeen", "seed: expected a whole number"),
    ("learner: You", "learner: Zoe", "learner: 'Zoe' is not one of the players"),
    ("players: [You, Ada, Ben]", "players: [You, Ada, Coach]", "'coach' is the coach's own name"),
    ("     5/red/hearts,", "     5/red/hearts, 5/red/hearts, 5/red/hearts,",
     "deals[0]: card '5/red/hearts' is named more times than the hex800 deck has copies"),
    ("intro: >-", "introduction: >-", "missing key(s) intro; unknown key(s) introduction"),
    ("version: 1", "version: [", "is not valid YAML"),
    # the coach's words: the bubble, where it points, the Next steps, the turns that end themselves
    ('    point: "Same value as the 5 on the pile: play this 5."\n', "",
     "step 2: point: the coach's bubble for this step is missing"),
    ("point: \"A 0 matches anything: play it.\"", "point: \"" + "A 0 matches anything. " * 8 + "\"",
     "step 21: point: a bubble holds one short idea"),
    ("    at: zone:hand:0\n", "    at: zone:hand:7\n", "step 1: at 'zone:hand:7': no zone 'hand:7' here"),
    ("    at: zone:hand:0\n", "    at: zone:hand:0@9\n", "step 1: at 'zone:hand:0@9': the zone holds 7 cards"),
    ("    at: zone:hand:0\n", "    at: 7/purple/clubs\n", "step 1: at '7/purple/clubs' is no card the learner"),
    ("    at: zone:hand:0\n", "    at: pile\n", "step 1: at 'pile' is neither a card name"),
    ("    at: zone:hand:0\n", "    at: zone:hand:0\n    expect: [draw]\n", "the coach's step has no expect"),
    ("    at: zone:hand:0\n", "    at: zone:hand:0\n    reveal: -1\n", "step 1: reveal: expected a whole number"),
    ("  - by: You\n    expect: [end_turn]\n", "  - by: You\n    expect: [draw]\n",
     "step 3: say: expected a non-empty text (only a step that just ends the turn"),
    # the rule lines quote the rulebook; a lesson plays the game as Setup does
    ('cites: "A: the next player is skipped."', 'cites: "A: the next player is skipped twice."',
     "step 15: rule 'A: the next player is skipped': 'A: the next player is skipped twice.' is not in the words"),
    ("section: The deal,", "section: The dealing,", "later[0]: rule"),
    ("options: {fcd.players: 3}", "options: {fcd.players: 3, fcd.play_after_draw: any}",
     "options: fcd.play_after_draw: a lesson plays the game as Setup does by default (Play after drawing: "
     "Not allowed); a house rule gets a chapter of its own"),
    ("options: {fcd.players: 3}", "options: {fcd.players: 3}\nchapters: [fcd.players]",
     "chapters: 'fcd.players' is not a house rule of Final Card-Down"),
    ("options: {fcd.players: 3}", "options: {fcd.players: 3}\nchapters: [fcd.play_after_draw]",
     "chapters: fcd.play_after_draw: no chapter file"),
    ("options: {fcd.players: 3}", "options: {fcd.players: 3}\nchapter: fcd.play_after_draw",
     "chapter: fcd.play_after_draw: the chapter's options must switch its house rule on"),
])
def test_tutorial_validator_rejects_broken_files(tmp_path, old, new, expected):
    assert expected in error(broken(tmp_path, old, new))


def test_tutorial_validator_keeps_a_chapter_to_its_house_rule(tmp_path):
    knocking = tutorial.path_for("four_downs", "pd.knocking")
    path = broken(tmp_path, "chapter: pd.knocking", "chapter: pd.eight_for_two", source=knocking)
    assert "options: pd.knocking: a lesson plays the game as Setup does" in error(path, "four_downs", "pd.knocking")
    path = broken(tmp_path, "chapter: pd.knocking\n", "", source=knocking)
    assert "options: pd.knocking: a lesson plays the game as Setup does" in error(path, "four_downs", "pd.knocking")
    path = broken(tmp_path, "chapters: [pd.knocking]\n", "", source=tutorial.path_for("four_downs"))
    assert "chapter: expected 'pd.knocking', found None" in error(path, "four_downs", "pd.knocking")


def test_tutorial_validator_lets_a_turn_end_by_itself_only_when_nothing_else_is_left(tmp_path):
    path = broken(tmp_path, "    say: End your turn (calling now would be too early).\n    point: \"End your turn.\"\n",
                  "", source=tutorial.path_for("final_count"))
    assert "step 4: a step without say only ends a turn when nothing else is left" in error(path, "final_count")


def test_a_rule_is_never_shown_by_a_deal_the_table_did_not_tell(tmp_path):
    """The table opens on the deal done: a Joker turned up and put under the draw pile
    at the deal was never seen, so no step shows that rule by it (the lesson may name it
    among the rules of a real game); a note the top bar tells (Hit Goal's goal) is seen."""
    joker = ('    shows:\n      - {rule: a Joker turned up goes to the bottom, section: In the app, event: move,\n'
             '         cards: [JK], detail: bottom, cites: "A Joker turned up to start the discard pile goes '
             'to the bottom of the draw pile."}\n')
    path = broken(tmp_path, "     7H,                    # the first discard\n", "     JK, 7H,\n",
                  source=tutorial.path_for("deadline"))
    path = broken(tmp_path, "    highlight: [7H, button:draw]\n    shows:\n",
                  "    highlight: [7H, button:draw]\n" + joker, source=path)
    assert ("step 1: covered rule 'a Joker turned up goes to the bottom': no 'move' event with detail "
            "'bottom' moving JK happens here") in error(path, "deadline")
    goal = tutorial.load("final_count", "final_count.hit_goal").cues[0].shows[0]
    assert (goal.cue, goal.event) == (1, "goal")


def test_tutorial_breaks_when_a_rule_it_shows_changes(monkeypatch):
    from game.ktu import rules
    monkeypatch.setattr(rules, "BURNING", frozenset())
    with pytest.raises(tutorial.TutorialError) as info:
        tutorial.load("ktu")
    assert ("ktu/tutorial.yaml: step 11: covered rule '10 removes the play ground and you play "
            "again': no 'burn' event happens here") in str(info.value)


@pytest.mark.parametrize("old,new,expected", [
    ("seat: Ada, cites", "seat: Zed, cites", "seat: 'Zed' is not one of the players"),
    ("seat: Ada, cites", "seat: Ben, cites", "step 15: covered rule 'A: the next player "
                                             "is skipped': no 'skip' event for Ben happens"),
    ("seat: Ada, cites", "seat: Ada, cards: [9/red/hearts], cites", "moving 9/red/hearts happens"),
    ("seat: Ada, cites", "seat: Ada, cards: [Z/red/hearts], cites", "cards: 'Z/red/hearts' is not a card"),
    ("seat: Ada, cites", "seat: Ada, allows: draw, cites", "expected exactly one of event, allows, refuses"),
    ("refuses: end_turn, cites", "refuses: end_turn, detail: 3, cites",
     "detail, seat and cards belong with event"),
    ('seat: Ada, cites: "A: the next player is skipped."}', "seat: Ada}", "cites: expected a non-empty text"),
])
def test_tutorial_validator_checks_what_a_rule_claims(tmp_path, old, new, expected):
    assert expected in error(broken(tmp_path, old, new))


def test_tutorial_coach_speaks_of_the_computer_players_by_name():
    coach = tutorial.Coach(tutorial.load("final_count"))
    coach.next()
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
    assert error(path).endswith("step 2: why.A/red/questions: no other move of 'A/red/questions' is "
                                "allowed here"), "a reason for a move the coach accepts is never given"
    path = broken(tmp_path, "      A/red/questions: >-\n", "      other: >-\n", source=path)
    message = error(path)
    assert "(when the learner plays 'play A/red/questions' at step 2)" in message
    assert message.startswith(f"{path}: step ")
    lesson = tutorial.parse(path, resources.read_yaml(path), "final_card_down")
    coach = tutorial.Coach(lesson)
    coach.next()
    ace = tutorial.find(coach.state, lesson.cues[1].moves[1])
    assert coach.submit(ace).accepted and coach.index == 2


# ---- what the learner may know ----------------------------------------------------------

COLOURS = "red|blue|green|yellow|purple|orange"
SUITS = "hearts|diamonds|clubs|spades|questions"
OWNER = re.compile(r"(\w+)'s\s*$|\b(his|her|your)\s*$", re.IGNORECASE)


def mentions(text, deck):
    """The cards `text` names, as [(the words, the names of the cards they may mean, the
    words before them)]: a card's spoken name, a hex card with its value in words ('the F
    (fifteen) green hearts'), a formation card by colour and number ('blue 5',
    'defense blue 5')."""
    cards = [copies[0] if isinstance(copies, (list, tuple)) else copies for copies in deck.by_name.values()]
    found = []
    lower = text.lower()
    for card in cards if cards[0].side is None else ():     # formation cards: by colour and number below
        for match in re.finditer(r"\b" + re.escape(card.spoken.lower()) + r"\b", lower):
            found.append((match.group(0), {card.name}, lower[:match.start()]))
    if cards[0].family == "hex":
        pattern = rf"\b([0-9a-f]) \([a-z]+\) ({COLOURS}) ({SUITS})\b"
        for match in re.finditer(pattern, lower):
            names = {c.name for c in cards if (c.rank.lower(), c.color, c.suit) == match.groups()}
            found.append((match.group(0), names, lower[:match.start()]))
    if cards[0].side is not None:
        for match in re.finditer(rf"\b(?:(offense|defense) )?({COLOURS}) ([4-7])\b", lower):
            side, colour, number = match.groups()
            names = {c.name for c in cards if c.color == colour and c.value == int(number)
                     and side in (None, c.side)}
            found.append((match.group(0), names, lower[:match.start()]))
    return found


class Learner:
    """What the learner has seen of a lesson so far: the cards (by id) seen face up, and
    for each the seats it was seen with."""

    def __init__(self, lesson, state):
        self.lesson, self.state = lesson, state
        self.known = {}         # card id -> the seats it was seen with
        self.events = 0
        self.look()

    def look(self):
        """Take in the learner's view and the events since the last look."""
        seat = self.lesson.learner
        for zone in self.state.view(seat).zones:
            for card in zone.cards:
                if card is not None:
                    self.known.setdefault(card.id, set()).add(zone.owner)
        for event in self.state.events_for(seat, self.events):
            zones = [z for z in (event.src, event.dst) if z and z.rpartition(":")[2].isdigit()]
            for card in event.cards:
                if card is not None:
                    self.known.setdefault(card.id, set()).update(
                        {event.seat} | {int(z.rpartition(":")[2]) for z in zones})
        self.events = len(self.state.events)

    def hidden_numbers(self):
        """{player's name: numbers the learner cannot know about that player}: a score
        the learner's view does not show as it is, and in Final Count the count with a
        hand still hidden."""
        view = self.state.view(self.lesson.learner)
        scores = self.state.scores()
        hidden = {}
        for seat, name in enumerate(self.lesson.names):
            if seat == self.lesson.learner:
                continue
            numbers = {scores[seat]} - {view.scores[seat]}
            hand = next((z for z in view.zones if z.key == f"hand:{seat}"), None)
            if self.lesson.game_id == "final_count" and None in hand.cards:
                whole = best_total(reachable_totals(self.state.hands[seat] + self.state.tables[seat]
                                                    + self.state.board))
                numbers |= {whole} - {view.facts["showing"][seat]["best"]}
            hidden[name] = numbers - {None}
        return hidden

    def hidden_cards(self, seat):
        """Are any of `seat`'s hand cards hidden from the learner now?"""
        view = self.state.view(self.lesson.learner)
        hand = next((z for z in view.zones if z.key == f"hand:{seat}"), None)
        return hand is not None and None in hand.cards

    def check(self, text, where):
        """Fail if `text` names a card the learner has not seen (or not with the player it
        names), or a number about a player that only hidden cards tell."""
        deck = self.state.deck
        names = self.lesson.names
        for words, meant, before in mentions(text, deck):
            seen = [card_id for card_id in self.known if deck[card_id].name in meant]
            assert seen, f"{where}: {words!r} is a card the learner has not seen: {text!r}"
            owner = OWNER.search(before)
            if owner:
                who = owner.group(1) or owner.group(2)
                if who.lower() in ("his", "her"):
                    said = [n for n in names if n != "You" and n.lower() in before]
                    if not said:
                        continue
                    who = max(said, key=lambda n: before.rfind(n.lower()))
                seat = (self.lesson.learner if who.lower() in ("your", "you")
                        else next((i for i, n in enumerate(names) if n.lower() == who.lower()), None))
                if seat is not None:
                    assert any(seat in self.known[c] for c in seen), \
                        f"{where}: the learner has not seen {who}'s {words!r}: {text!r}"
        for sentence in re.split(r"(?<=[.:;!?])\s+", text):
            for seat, name in enumerate(names):
                lacks = re.search(rf"\b{name}\b (?:had|has|held|holds) no\b|\b{name}\b matched neither\b",
                                  sentence, re.I)
                assert seat == self.lesson.learner or not lacks or not self.hidden_cards(seat), \
                    f"{where}: {sentence!r} tells what {name}'s hidden hand lacks (walkC16 #1)"
            for name, numbers in self.hidden_numbers().items():
                if name.lower() in sentence.lower():
                    said = {int(n) for n in re.findall(r"(?<![\w-])-?\d+\b", sentence)}
                    assert not said & numbers, \
                        f"{where}: {sentence!r} tells {name}'s {sorted(said & numbers)}, hidden from the learner"


def test_tutorial_coach_never_tells_what_the_learner_cannot_see(lesson):
    coach = tutorial.Coach(lesson)
    learner = Learner(lesson, coach.state)
    learner.check(lesson.intro, "intro")
    while not coach.finished:
        cue = coach.cue
        where = f"{lesson.path}: step {cue.number}"
        learner.look()
        for text in (cue.say, cue.point, *cue.reasons) if cue.learner or cue.coach else ():
            learner.check(text, where)
        if cue.coach:
            coach.next()
            continue
        action = coach.scripted_action() or tutorial.find(coach.state, cue.moves[0])
        reply = coach.submit(action)
        assert reply.accepted
        learner.look()
        if coach.index > cue.number - 1:       # the step is done: what is said after it
            learner.check(cue.after if cue.learner else cue.say, where)
    learner.check(lesson.end, "end")


@pytest.mark.parametrize("game_id,step,said", [
    ("ktu", 10, "Ben's 4 of spades would beat a 3, but not the 5 under it, so he played the 9."),
    ("final_count", 22, "Ada counts 59 and Ben 43. Call now."),
    ("five_possessions", 26, "Your defense blue 7 is a wall against Ben's offense blue 5."),
    ("deadline", 3, "Ada holds the 2 of spades."),
    ("final_card_down", 8, "Ada had no 2, so she drew two cards for each 2 waiting."),
])
def test_the_check_of_what_the_learner_may_know_catches_a_hidden_fact(game_id, step, said):
    lesson = tutorial.load(game_id)
    coach = tutorial.Coach(lesson)
    while coach.index < step - 1:
        if coach.explaining():
            coach.next()
        else:
            coach.submit(coach.scripted_action() or tutorial.find(coach.state, coach.cue.moves[0]))
    learner = Learner(lesson, coach.state)
    learner.check(coach.cue.say if coach.cue.stop else lesson.intro, "the lesson's own words")
    with pytest.raises(AssertionError):
        learner.check(said, "a hidden fact")


def test_the_end_s_rules_still_to_meet_name_none_the_lesson_taught(lesson):
    """The end card's 'In a real game you will also meet' (the tutorial's `later`) names
    no rule a step shows, nor one its words tell (five words running of the rule or of
    the rulebook's words it cites, said by a step) (walk C14: Deadline's end listed 'the
    ace is low only in runs' which step 9 had taught)."""
    def words(text):
        return re.findall(r"[a-z0-9']+", tutorial.plain(text))

    said = [words(part) for cue in lesson.cues for part in (cue.say, cue.point, *cue.reasons, cue.after) if part]
    runs = {tuple(ws[i:i + 5]) for ws in said for i in range(len(ws) - 4)}
    shown = {(c.section, tutorial.plain(c.cites)) for c in lesson.covers} | {c.rule for c in lesson.covers}
    taught = []
    for later in lesson.later:
        if (later.section, tutorial.plain(later.cites)) in shown or later.rule in shown:
            taught.append(f"{later.rule}: a step shows it")
        for what in (later.rule, later.cites):
            ws = words(what)
            told = [" ".join(ws[i:i + 5]) for i in range(len(ws) - 4) if tuple(ws[i:i + 5]) in runs]
            if told:
                taught.append(f"{later.rule}: a step says '{told[0]}'")
    assert not taught, taught


def refusals(game_id):
    """Every legal move the lesson of `game_id` refuses, with the step and the coach's
    reply: [(step number, the action tried, the reply's text)], the script played on."""
    coach = tutorial.Coach(tutorial.load(game_id))
    found = []
    while not coach.finished:
        cue, state = coach.cue, coach.state
        if cue.coach:
            coach.next()
            continue
        if cue.learner:
            found += [(cue.number, action, coach.submit(action).text) for action in state.legal_actions()
                      if not any(move.matches(action) for move in cue.moves)]
        coach.submit(coach.scripted_action() or tutorial.find(state, cue.moves[0]))
    return found


def named(card, text):
    """Do the coach's words `text` name `card` as a lesson names it: by its spoken name,
    or, a formation card, by its colour and number ('the blue 5'), or else by its rank after
    'the' or 'your' ('the 7', 'your King') or in the plural ('your three 9s')?"""
    if card.spoken.lower() in text.lower():
        return True
    if card.family == "formation":
        return re.search(rf"\b{card.color} {card.rank}\b", text) is not None
    rank = re.escape(RANK_WORDS.get(card.rank, card.rank) if card.family == "standard" else card.rank)
    return re.search(rf"\b(?:[Tt]he|[Yy]our) {rank}\b|\b{rank}s\b", text) is not None


def test_a_wrong_card_put_in_a_place_is_refused_naming_the_card_wanted_and_the_card_tried(lesson):
    """At every step of the learner's that puts a card in a place (a lane), another card
    the rules allow there or elsewhere (a legal move of other cards than the lesson wants
    now) is refused with words that name the card the lesson wants and the card tried:
    'The blue 7 goes in lane 1, not the green 5', never only a lane's reason (walkC16 #10,
    steps 3-5 of 5 possessions; steps 26-28 still said 'no lane is better than another for
    this card ... put it in the marked lane' beside another card put in the marked lane,
    and line 2's 'spend your weakest one there' beside a 6 put in an open lane)."""
    presenter = registry.HOMES[lesson.game_id].presenter(registry.GAMES[lesson.game_id])
    coach = tutorial.Coach(lesson)
    unnamed = []
    while not coach.finished:
        cue, state = coach.cue, coach.state
        if cue.coach:
            coach.next()
            continue
        wanted = [tutorial.find(state, move) for move in cue.moves] if cue.learner else []
        cards = [card for action in wanted if action.kind in presenter.LANE_ARGS for card in action.cards]
        sets = {frozenset(card.name for card in action.cards) for action in wanted}
        for action in state.legal_actions() if cards else ():
            if action.kind in presenter.LANE_ARGS and {card.name for card in action.cards} not in sets:
                reply = coach.submit(action).text
                if not (any(named(card, reply) for card in cards) and all(named(card, reply) for card in action.cards)):
                    unnamed.append(f"step {cue.number}: {tutorial.action_text(action)}: {reply}")
        coach.submit(coach.scripted_action() or tutorial.find(state, cue.moves[0]))
    assert not unnamed, f"{len(unnamed)}:\n" + "\n".join(unnamed[:6])


DEADLINE_MOVES = {"submit": "submit", "cancel_group": "taking", "extra_credit": "extra credit"}


def test_deadline_s_refusals_give_the_reason_of_the_move_tried():
    """Deadline's lesson: a refused Submit, Take it back or Extra Credit is answered with
    the reason for that move, never one about another (walkC15 #8: Submit of a 2-card run
    was answered 'taking the group back only starts it again', the same words as Take it
    back)."""
    checked = 0
    for number, action, reply in refusals("deadline"):
        word = DEADLINE_MOVES.get(action.kind)
        if word is None:
            continue
        checked += 1
        assert word in reply.lower(), f"step {number}: {tutorial.action_text(action)}: {reply!r}"
        others = [w for kind, w in DEADLINE_MOVES.items() if kind != action.kind and w != "submit"]
        assert not [w for w in others if w in reply.lower()], \
            f"step {number}: {tutorial.action_text(action)} is answered of another move: {reply!r}"
    assert checked


def test_final_card_down_s_refusal_of_a_card_speaks_of_that_card():
    """Final Card-Down's lesson: every card played off the script is named in the coach's
    reply, with what that card does when it is special (walkC15 #2: the 0 tried instead of
    the D got a reason about the D alone; walkC15 #1: the 2 tried at the first turn was
    told to be kept for its 'power', which the lesson had not said)."""
    does = {"2": "draw two", "A": "miss", "D": "colour in force", "0": "matches anything"}
    checked = 0
    for number, action, reply in refusals("final_card_down"):
        if action.kind != "play":
            continue
        card = action.cards[0]
        checked += 1
        where = f"step {number}: {tutorial.action_text(action)}: {reply!r}"
        assert re.search(rf"\b{card.rank}\b", reply), where
        assert card.rank not in does or does[card.rank] in reply, where
        assert "power" not in reply, where
    assert checked


def test_the_rules_still_to_meet_name_the_moment_of_the_game_they_come_in(lesson):
    """The end's rules still to meet each name the part of the game they come in (its
    rulebook section), never the rulebook's section about the app (walkC15 #12: Deadline's
    '... goes to the bottom of the draw pile (In the app)' read as a stray tag)."""
    assert not [later.rule for later in lesson.later if later.section == "In the app"]


def test_final_count_s_face_up_card_refused_for_a_blind_pick_gets_the_honest_reason():
    """Final Count's lesson, the blind pick from Ben: a face-up card taken instead is
    answered honestly, a sure swap against a gamble, the deal stacked for the lesson; never
    that a hidden card is worth more (walkC15 #14)."""
    blind = {cue.number for cue in tutorial.load("final_count").cues if cue.learner and cue.moves[0].kind == "pick"}
    replies = [reply for number, action, reply in refusals("final_count") if number in blind and action.kind == "take"]
    assert replies and all("stacked" in reply and "gamble" in reply for reply in replies), replies
