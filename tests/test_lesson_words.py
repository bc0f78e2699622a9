"""The lessons' words at the table: every card that joins the learner's hand is named,
the coach says nothing the table has not shown yet, an off-script blind pick gets the
lesson's real reason, the learner called You is written small within a sentence, and
the coach's bubble points at the lane it calls "here". Each lesson is played at the
table as a learner plays it (walk 12's moments 1, 2, 6, 10 and 12 of #37)."""
import pygame
import pytest

from game import tutorial
from game.presenter import agree
from scenes.table.intents import Choose, Continue, Pressed
from tests.test_ui_play import app, new_app, perform  # noqa: F401
from tests.test_ui_tutorial import open_lesson, wait_for_learner

MAX_FRAMES = 3000


@pytest.fixture
def paced():
    """The app with animations at the normal speed: outcomes wait on the table to be read."""
    a = new_app(speed="normal")
    yield a
    pygame.quit()


def learner_steps(a, game_id):
    """Open `game_id`'s lesson and yield its scene at each of the learner's steps as it
    waits (Next pressed on the coach's words); the script's move is made for a step the
    caller did not take."""
    scene = open_lesson(a, game_id)
    coach = scene.model.director.coach
    wait_for_learner(a)
    while not scene.model.over:
        if coach.explaining():
            scene.act(Pressed("next"))
        else:
            index = coach.index
            yield scene
            if coach.index == index:
                scene.act(Choose(tutorial.find(scene.model.session.state, coach.cue.moves[0])))
        wait_for_learner(a)


def play_to(a, game_id, number):
    """Open `game_id`'s lesson and play it until the learner's step `number` waits."""
    return next(scene for scene in learner_steps(a, game_id) if scene.model.director.coach.cue.number >= number)


def said(scene):
    """The coach's words in its panel now."""
    return " ".join(scene.model.director.side(scene.model.seen).paragraphs)


def test_every_card_the_learner_draws_from_the_deck_is_named(app):  # noqa: F811
    """KTU's lesson: after each move of the learner's that refills the hand from the stock,
    the coach names every card drawn (the 8 of spades and the Jack of hearts after the two
    4s, the 6 of hearts after the 5 of clubs): the lesson has no log to name them."""
    drawn_after, drawn, number = {}, [], None
    for scene in learner_steps(app, "ktu"):
        if drawn:                                   # the coach's words by the learner's next move
            drawn_after[number] = (drawn, said(scene))
        coach, session = scene.model.director.coach, scene.model.session
        number, start = coach.cue.number, session.event_count()
        scene.act(Choose(tutorial.find(session.state, coach.cue.moves[0])))
        drawn = [card for event in session.events_since(start)
                 if event.src == "draw" and event.dst == "hand:0" for card in event.cards]
    assert {number: [c.name for c in cards] for number, (cards, _) in drawn_after.items()} == \
        {5: ["8S", "JH"], 8: ["6H"]}
    for number, (cards, words) in drawn_after.items():
        for card in cards:
            assert scene.model.presenter.card_words(card.name) in words, (number, card.name, words)


def test_a_failed_blind_card_is_told_as_the_table_holds_it(paced):
    """KTU's lesson, the learner's blind 5 of hearts fails on the 5 of spades: while it
    still lies on the play ground, held to be read with Continue, the coach does not say
    the pile was picked up, and the table's words write the learner small within the
    sentence ("...: you must pick up the pile with it")."""
    scene = play_to(paced, "ktu", 24)
    scene.act(Choose(tutorial.find(scene.model.session.state, scene.model.director.coach.cue.moves[0])))
    for _ in range(MAX_FRAMES):
        if scene.model.hold.waiting:
            break
        paced.frame()
    assert scene.model.hold.waiting, "the failed blind card waits on the table to be read"
    pile = [p.card.name for p in scene.board.placed if p.zone == "pile" and p.face_up]
    assert pile[-1] == "5H", "the 5 of hearts still lies on the play ground"
    held = set()
    for _ in range(300):
        assert scene.model.hold.waiting
        held.add(said(scene))
        paced.frame()
    assert any("It was the 5 of hearts" in words for words in held), held
    assert not [words for words in held if "you picked up" in words.lower()]
    failed = [e for e in scene.model.session.events_for(0) if e.kind == "blind_fail"]
    caption = scene.model.outcome_words(failed[-1])
    assert ": you must pick up the play ground with it" in caption, caption
    scene.act(Continue())
    wait_for_learner(paced)
    assert "you picked up" not in said(scene).lower()


def test_the_name_you_is_written_small_within_a_sentence():
    """A learner called You keeps the capital opening a sentence and is 'you' after a word
    or a colon; the verb after it agrees either way."""
    assert agree("Ada takes a card blind from You") == "Ada takes a card blind from you"
    assert (agree("5 of hearts does not beat the 5 of spades: You picks up the play ground with it (2 cards)")
            == "5 of hearts does not beat the 5 of spades: you pick up the play ground with it (2 cards)")
    assert agree("You took your card. Ada and You win") == "You took your card. Ada and you win"
    assert agree("Touchdown! You scores 20 yards") == "Touchdown! You score 20 yards"
    assert agree("Theo showed their cards; You passed") == "Theo showed their cards; You passed"
    assert agree("Youssef took a card from You") == "Youssef took a card from you"


def test_the_top_bar_says_who_takes_from_you_in_small_letters(app):  # noqa: F811
    """Deadline's lesson, the first exchange: while Ada takes a card blind from the learner,
    the top bar says so with 'you' written small ('Ada takes a card blind from you')."""
    scene = play_to(app, "deadline", 6)
    coach = scene.model.director.coach
    scene.act(Choose(tutorial.find(scene.model.session.state, coach.cue.moves[0])))
    bars = set()
    for _ in range(MAX_FRAMES):
        bars.add(scene.model.prompt())
        if coach.cue.number > 7:
            break
        app.frame()
    taking = [bar for bar in bars if "takes a card blind from" in bar]
    assert any("Ada takes a card blind from you" in bar for bar in taking), bars
    assert not [bar for bar in bars if "from You" in bar]


def test_an_other_blind_pick_gets_the_lesson_s_real_reason(app):  # noqa: F811
    """Deadline's lesson, at every exchange: the coach asks for the marked card of Ben's,
    its bubble points at that card, and another of Ben's cards, clicked, is refused with
    the reason that holds (the deal is stacked and what follows needs the marked card),
    never with one that argues for the refused card ("any card is as good as another")."""
    exchanges = 0
    for scene in learner_steps(app, "deadline"):
        coach = scene.model.director.coach
        wanted = tutorial.find(scene.model.session.state, coach.cue.moves[0])
        if wanted.kind == "take":
            exchanges += 1
            assert "marked" in coach.cue.say, coach.cue.say
            assert scene.laid.bubble is not None
            assert coach.cue.anchor == f"zone:hand:2@{wanted.arg}"
            other = next(a for a in scene.model.legal if a.kind == "take" and a != wanted)
            before = scene.model.session.state.to_dict()
            perform(app, other)
            reply = scene.model.director.reply
            assert scene.model.session.state.to_dict() == before
            assert "marked card" in reply and "stacked" in reply, reply
            assert "as good as another" not in reply.split(";")[-1], reply
    assert exchanges == 6


def test_the_bubble_saying_here_points_at_the_lane(app):  # noqa: F811
    """5 possessions' lesson, the green 6: the bubble that says 'Your green 6 goes here'
    points at lane 3 (its arrow reaching that lane), not at the card in the hand."""
    scene = play_to(app, "five_possessions", 13)
    bubble = scene.laid.bubble
    assert bubble is not None and " ".join(bubble.lines).endswith("goes here.")
    lane = scene.board.anchor_rect("lane:2")
    assert lane is not None and bubble.target == lane
    assert bubble.tip is not None and lane.inflate(24, 24).collidepoint(bubble.tip)
    six = next(p for p in scene.board.hand_cards() if p.card.name == "W:OG6")
    assert not six.rect.colliderect(bubble.box), "the green 6 to pick stays in sight"


def test_no_callout_lies_on_the_table_when_the_coach_asks_for_the_first_draw_after_the_midterm(paced):
    """Deadline's lesson after the Midterm: everyone draws back to 7 and the table calls out
    that Midterm assignments stay and count at the Final. The coach reads that with the
    learner (Next comes once the callout has gone), so when it asks for the second half's
    first draw, no callout lies over the draw pile it names."""
    scene = play_to(paced, "deadline", 32)
    coach = scene.model.director.coach
    model = scene.model
    scene.act(Choose(tutorial.find(model.session.state, coach.cue.moves[0])))      # Finish exam
    asked = 0
    for _ in range(20 * MAX_FRAMES):
        if coach.explaining() and model.seen.settled() and any(w.label == "Next" for w in scene.widgets):
            scene.act(Pressed("next"))
        if coach.learner_to_act() and coach.cue.say.startswith("The second half"):
            if model.my_turn() and model.settled(calling=False) and not scene.motion.flights and model.legal:
                assert model.timeline.callout is None, model.timeline.callout.words
                asked += 1
                if asked > 60:
                    break
        paced.frame()
    assert asked > 60, "the coach asked for the second half's first draw"
    draw = next(w for w in scene.widgets if w.label == "Draw (draw pile)")
    assert draw.marked


def test_the_step_number_goes_with_the_words_it_numbers(paced):
    """KTU's lesson at the normal pace, frame by frame: while the coach's panel still says
    a step's words (the table telling the move), it is numbered as that step, never as the
    next one (the walk: 'step 4 of 13' over step 3's words)."""
    scene = open_lesson(paced, "ktu")
    director = scene.model.director
    shown, ahead = None, []
    for _ in range(MAX_FRAMES):
        if scene.model.over:
            break
        panel = director.side(scene.model.seen)
        now = (" ".join(panel.paragraphs), panel.progress and panel.progress[0])
        if shown is not None and now[0] == shown[0] and now[1] != shown[1]:
            ahead.append((shown, now[1]))               # the same words, numbered anew
        shown = now
        if scene.model.hold.wait:
            scene.act(Continue())
        elif director.coach.explaining() and not scene.motion.flights:
            scene.act(Pressed("next"))
        elif director.coach.learner_to_act() and scene.model.my_turn() and not scene.busy():
            scene.act(Choose(tutorial.find(scene.model.session.state, director.coach.cue.moves[0])))
        paced.frame()
    assert scene.model.over
    assert not ahead, [(words[:60], was, then) for (words, was), then in ahead]


def flying_home(scene):
    """The names of the cards flying into the learner's hand now."""
    home = f"hand:{scene.model.director.coach.tutorial.learner}"
    return {flight.card.name for flight in scene.motion.flights if flight.zone == home and flight.card is not None}


def test_the_coach_tells_the_cards_that_come_to_you_as_they_fly(paced):
    """walkC16 #4, Deadline's lesson played at the table's pace: after the Midterm (Ben
    finishes his exam and everyone draws back up to 7) and at the last exchange (Ben takes
    his card, and the 5 of diamonds comes to you), while those cards fly into your hand
    the coach tells them ('drew back up to 7', 'the 5 of diamonds'), never an older moment
    ('Ben plays next.' beside the six cards coming, the walk's 3 seconds)."""
    drawn_back = {"9H", "10D", "JD", "QD", "KC", "5C"}
    scene = play_to(paced, "deadline", 32)
    model, coach = scene.model, scene.model.director.coach
    scene.act(Choose(tutorial.find(model.session.state, coach.cue.moves[0])))      # Finish exam
    seen = {"drawn back": [], "5D": []}
    for _ in range(40 * MAX_FRAMES):
        if coach.finished or coach.cue.number > 60:
            break
        flying, words = flying_home(scene), said(scene)
        if flying & drawn_back and coach.index <= 38:
            seen["drawn back"].append(words)
        if "5D" in flying:
            seen["5D"].append(words)
        if model.hold.waiting:
            scene.act(Continue())
        elif coach.explaining() and model.seen.told() and any(w.label == "Next" for w in scene.widgets):
            scene.act(Pressed("next"))
        elif coach.learner_to_act() and model.my_turn() and not scene.busy():
            scene.act(Choose(tutorial.find(model.session.state, coach.cue.moves[0])))
        paced.frame()
    assert seen["drawn back"] and seen["5D"], "the cards were seen flying into your hand"
    told = {"drawn back": "drew back up to 7 cards", "5D": "You got the 5 of diamonds from Ben"}
    for cards, frames in seen.items():
        late = [words[-80:] for words in frames if told[cards] not in words or words.endswith("plays next.")]
        assert not late, f"{cards}: {len(late)} of {len(frames)} frames: {late[0]!r}"


def test_four_downs_lesson_end_names_the_two_decks_a_real_game_s_log_names_first():
    """A real game of 4 downs says at its first line which deck was shuffled (white or
    black); the lesson's end lists the two decks among what a real game brings, so the
    newcomer is not left wondering about a deck never seen (walkC14 #9)."""
    from game import registry
    from scenes.table.presenters import presenter_for
    lesson = tutorial.load("four_downs")
    assert any("white" in item.rule and "black" in item.rule for item in lesson.later)
    state = registry.new_game("four_downs", players=3, seed=1)
    presenter = presenter_for(registry.GAMES["four_downs"])
    first = presenter.log_lines(state.events_for(0), ["Maya", "Theo", "Ines"], {})[0]
    assert "shuffled the white deck" in first, first
