"""5 possessions' lesson where walker C of wave 16 stumbled (issue #37), each played at
the real table."""
from game import tutorial
from scenes.table.intents import Choose, Pressed
from tests.test_ui_lesson_honest import to_stop
from tests.test_ui_play import app, card_point, click_at  # noqa: F401
from tests.test_ui_tutorial import open_lesson, wait_for_learner


def lane_point(scene, lane):
    """A point in `lane`'s column of the board, at its top."""
    area = scene.board.areas[scene.board.lanes.index(lane)]
    return area[0] + area[2] / 2, area[1] + 12


def short(card):
    """A card as the coach names it mid-sentence: 'blue 5' for 'Offense blue 5'."""
    return card.spoken.split(" ", 1)[1]


def test_another_card_in_the_marked_lane_is_refused_naming_the_card_not_the_lane(app):  # noqa: F811
    """walkC16 #10: in line 1, another card clicked into the lane the coach names (the
    green 7 into lane 1, where the blue 5 goes) is refused with words that name the card
    the coach wants and the one tried ('the blue 5, not the green 7'), not only the lane
    (the walk: 'no lane is better than another for this card ... put it there', though
    the lane was the one marked); the same card in another lane still hears of the lane."""
    scene = open_lesson(app, "five_possessions")
    coach = to_stop(app, scene, lambda c: c.learner_to_act() and c.cue.moves[0].kind == "place")
    tried = 0
    while coach.index < 5:                                  # steps 3 to 5: the blue 5, green 7, orange 7
        wanted = coach.cue.moves[0]
        lane = int(wanted.arg)
        hand = {p.card.name: p.card for p in scene.board.hand_cards()}
        mine = hand[wanted.names[0]]
        for name, card in hand.items():
            if name == mine.name:
                continue
            click_at(app, card_point(scene, card))
            click_at(app, lane_point(scene, lane))
            reply = scene.model.director.reply
            assert short(mine) in reply and short(card) in reply, (coach.cue.number, reply)
            assert coach.cue.moves[0] is wanted, "refused"
            tried += 1
        click_at(app, card_point(scene, mine))
        click_at(app, lane_point(scene, (lane + 1) % 4))
        said = scene.model.director.reply
        assert "lane" in said and short(mine) in said, (coach.cue.number, said, scene.model.ui.message)
        click_at(app, card_point(scene, mine))
        click_at(app, lane_point(scene, lane))
        wait_for_learner(app)
    assert tried == 3 + 2 + 1


def test_a_card_refused_by_a_line_rule_says_the_rule_in_words_not_its_number(app):  # noqa: F811
    """walkC16 #11: line 2, the green 6 clicked into the green lane 2 is refused with the
    rule in words and no rule number the table never showed (the walk: '... still open
    there (rule 1), and you must open 2 cards in this line')."""
    scene = open_lesson(app, "five_possessions")
    to_stop(app, scene, lambda c: c.learner_to_act() and c.cue.moves[0].names == ("W:OG6",))
    green = next(p.card for p in scene.board.hand_cards() if p.card.name == "W:OG6")
    click_at(app, card_point(scene, green))
    click_at(app, lane_point(scene, 1))
    said = scene.model.ui.message + " " + scene.model.director.reply
    assert "still open there" in said, said
    assert "rule 1" not in said.lower() and "(rule" not in said.lower(), said


def test_the_coach_tells_the_touchdown_beside_it_not_that_ben_is_playing(app):  # noqa: F811
    """walkC16 #12: line 4, once Ben's cards are turned and the touchdown stands on the
    table to be read (Continue), the coach's panel tells it (lane 3 won, touchdown, 20
    yards), never 'Ben is playing.' (the walk: the stale words beside the touchdown)."""
    from tests.test_ui_tutorial import MAX_STEPS
    scene = open_lesson(app, "five_possessions")
    model = scene.model
    coach = to_stop(app, scene, lambda c: c.learner_to_act() and c.cue.moves[0].names == ("W:OG5",))
    app.settings.animation_speed = "normal"          # the table's pace: the touchdown held to be read
    click_at(app, card_point(scene, next(p.card for p in scene.board.hand_cards() if p.card.name == "W:OG5")))
    click_at(app, lane_point(scene, 2))
    for _ in range(MAX_STEPS * 10):
        if model.hold.waiting and model.offering():
            break
        app.frame()
    else:
        raise AssertionError("the touchdown was never held to be read")
    said = " ".join(model.director.side(model.seen).paragraphs)
    assert "Ben is playing" not in said and "touchdown" in said, said
    assert coach.state.scores()[0] == 20



def test_the_dot_rule_says_from_the_first_that_purple_is_its_exception(app):  # noqa: F811
    """walkC16 #16: where the coach first says which dots count (those of the offense
    card's colour), it says purple is the exception to come; the exception, when it comes,
    is the one announced (the walk: the rule stated with no exception at step 2, then
    'a purple card counts purple and blue dots together' at step 13, read as a misreading
    of the first)."""
    from tests.test_ui_lesson_honest import stops_with_panel
    first = purple = None
    for coach, _ in stops_with_panel(app, "five_possessions"):
        words = " ".join(coach.paragraphs())
        if first is None and "What counts is the dots" in words:
            first = words
        if purple is None and "counts purple and blue" in words:
            purple = coach.index
            break
    assert first is not None and purple is not None
    assert "purple" in first and "exception" in first, first


def test_another_card_in_the_marked_lane_is_refused_naming_both_cards_after_line_1(app):  # noqa: F811
    """The same, at every place the learner puts a card after line 1 (walkC16 #10's gap left
    at steps 26-28, the defense: the green 5 clicked into lane 1, where the blue 7 goes, was
    told 'no lane is better than another for this card ... put it in the marked lane'; and
    in lines 2 and 3, 'spend your weakest one there' beside a 6 put in): the reply names
    the card the coach wants and the one tried."""
    scene = open_lesson(app, "five_possessions")
    coach = to_stop(app, scene, lambda c: c.learner_to_act() and c.cue.number > 5 and c.cue.moves[0].kind == "place")
    tried = {}
    while not scene.model.over and not coach.finished:
        if not (coach.learner_to_act() and coach.cue.moves[0].kind == "place"):
            scene.act(Pressed("next") if coach.explaining() else
                      Choose(tutorial.find(scene.model.session.state, coach.cue.moves[0])))
            wait_for_learner(app)
            continue
        wanted = coach.cue.moves[0]
        lane = int(wanted.arg)
        hand = {p.card.name: p.card for p in scene.board.hand_cards()}
        mine = hand[wanted.names[0]]
        for name, card in hand.items():
            if name == mine.name or tutorial.find(scene.model.session.state, tutorial.Move(
                    "place", (name,), str(lane), "")) is None:
                continue
            click_at(app, card_point(scene, card))
            click_at(app, lane_point(scene, lane))
            reply = scene.model.director.reply
            assert short(mine) in reply and short(card) in reply, (coach.cue.number, reply)
            assert coach.cue.moves[0] is wanted, "refused"
            tried[coach.cue.number] = tried.get(coach.cue.number, 0) + 1
        click_at(app, card_point(scene, mine))
        click_at(app, lane_point(scene, lane))
        wait_for_learner(app)
    assert {number: tried.get(number) for number in (26, 27, 28)} == {26: 3, 27: 2, 28: 1}, tried
    assert {12, 13, 17, 18} <= set(tried), tried
