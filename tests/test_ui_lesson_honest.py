"""Lessons at the table that never play ahead of the learner nor hide why: the coach says
when a deal is stacked for the lesson, a refusal's reason is the honest one, a refusal's
note goes once the learner picks again, and the coach's words and the lesson's end wait
for the table (walk C, wave 13)."""
import re

import pygame
import pytest

from game import tutorial
from scenes.table.intents import Choose, Pressed
from tests.test_ui_play import app, card_point, click_at, perform  # noqa: F401
from tests.test_ui_tutorial import drawn, open_lesson, wait_for_learner, words_of  # noqa: F401

EQUAL = re.compile(r"as good|no lane is better", re.IGNORECASE)


def to_stop(a, scene, done):
    """Play the lesson (the coach's moves, Next) until `done(coach)` holds at a stop."""
    coach = scene.model.director.coach
    wait_for_learner(a)
    while not done(coach):
        assert not scene.model.over, "the lesson ended before the stop"
        if coach.explaining():
            scene.act(Pressed("next"))
        else:
            scene.act(Choose(tutorial.find(scene.model.session.state, coach.cue.moves[0])))
        wait_for_learner(a)
    return coach


def stops_with_panel(a, game_id):
    """Play the lesson of `game_id` through, the coach's moves and Next: yield (coach,
    the panel's fact rows) at each stop."""
    from scenes.table import coach_panel
    scene = open_lesson(a, game_id)
    model, coach = scene.model, scene.model.director.coach
    wait_for_learner(a)
    while not model.over:
        yield coach, [row[0] for row in coach_panel.facts_rows(model.panel_view(), model.presenter, model.names)]
        if coach.explaining():
            scene.act(Pressed("next"))
        elif coach.cue.moves:
            scene.act(Choose(tutorial.find(model.session.state, coach.cue.moves[0])))
        else:
            break
        wait_for_learner(a)


def at_pace(a, scene):
    """One frame of the open lesson at its pace: Next once the table is still and the
    coach explains; on the learner's turn, the coach's move."""
    model, coach = scene.model, scene.model.director.coach
    still = not scene.motion.flights and model.settled() and not model.marks.later
    if still and coach.explaining():
        scene.act(Pressed("next"))
    elif still and model.my_turn() and coach.learner_to_act() and coach.cue.stop:
        scene.act(Choose(tutorial.find(model.session.state, coach.cue.moves[0])))
    a.frame()


def through_with_continue(a, on_held):
    """Play the open lesson at its pace to its end, the coach's moves and Next, and
    Continue on each outcome held once it is offered (`on_held()` first)."""
    from tests.test_ui_tutorial import MAX_STEPS
    from tests.test_ui_play import click_widget
    scene = a.scene
    model, coach = scene.model, scene.model.director.coach
    for _ in range(MAX_STEPS * 10):
        if model.over:
            break
        if model.hold.waiting and model.offering():
            on_held()
            click_widget(a, lambda w: w.label == "Continue")
            continue
        still = (not scene.motion.flights and model.settled(calling=False) and not model.hold.held()
                 and not model.marks.later)
        if still and coach.explaining() and model.settled():
            click_widget(a, lambda w: w.label == "Next")
        elif still and model.my_turn() and coach.learner_to_act() and coach.cue.stop:
            scene.act(Choose(tutorial.find(model.session.state, coach.cue.moves[0])))
        a.frame()
    assert model.over, "the lesson did not end"


def other_of_kind(scene):
    """A legal move of the kind the coach wants, not the one it wants."""
    wanted = scene.model.director.coach.cue.moves
    return next((a for a in scene.model.legal if a.kind == wanted[0].kind
                 and not any(m.matches(a) for m in wanted)), None)


def test_ktu_s_other_blind_card_is_refused_with_the_honest_reason(app):  # noqa: F811
    """KTU's lesson, the first blind card: the learner's other face-down card is refused,
    and the reason is the deal stacked for the lesson (in a real game any card is as good),
    never "any one is as good a guess" alone."""
    scene = open_lesson(app, "ktu")
    to_stop(app, scene, lambda c: c.learner_to_act() and c.cue.moves[0].kind == "play_blind")
    other = other_of_kind(scene)
    perform(app, other)
    reply = scene.model.director.reply
    assert "stacked" in reply and "in a real game" in reply, reply


@pytest.mark.parametrize("game_id", ["ktu", "five_possessions", "final_count"])
def test_a_refusal_that_says_the_choices_are_equal_says_the_deal_is_stacked(app, game_id):  # noqa: F811
    """In KTU's, 5 possessions' and Final Count's lessons, every refusal of a move like the
    one the coach wants (another blind card, another lane) that says any choice is as good
    says why the lesson still wants its own: the deal is stacked (walkC15 #14: Final Count's
    blind pick said a hidden card was worth more than a face-up one, one-sided)."""
    scene = open_lesson(app, game_id)
    coach = scene.model.director.coach
    tried = 0
    while True:
        wait_for_learner(app)
        if scene.model.over:
            break
        if coach.explaining():
            scene.act(Pressed("next"))
            continue
        other = other_of_kind(scene)
        if other is not None and EQUAL.search(coach.cue.reason(other)):
            scene.act(Choose(other))
            assert "stacked" in scene.model.director.reply, (coach.cue.number, coach.cue.reason(other))
            tried += 1
        scene.act(Choose(tutorial.find(scene.model.session.state, coach.cue.moves[0])))
    assert tried


def test_five_possessions_defense_says_the_deal_is_stacked_before_the_learner_places(app):  # noqa: F811
    """5 possessions' lesson on defense: Ben's cards are face down and the coach suggests
    where each card goes; before the first one it says honestly that the deal is stacked
    (Ben's hidden cards are set for the lesson), so a lane that holds is not read as what
    placement wins; the learner places every card by their own clicks."""
    scene = open_lesson(app, "five_possessions")
    coach = to_stop(app, scene, lambda c: c.learner_to_act() and c.cue.moves[0].names[:1] == ("W:DB7",))
    words = " ".join(coach.paragraphs())
    assert "stacked" in words and "real game" in words, words


def test_ktu_s_refusal_note_goes_once_the_learner_picks_again(app):  # noqa: F811
    """KTU's lesson, face-up cards: a wrong three refused, the coach's red note says why;
    once the learner clicks the right 9s, the note is gone from the coach's panel (the
    right choice never looks refused too)."""
    scene = open_lesson(app, "ktu")
    coach = to_stop(app, scene, lambda c: c.learner_to_act())
    hand = {p.card.name: p.card for p in scene.board.hand_cards()}
    wrong = next(a for a in scene.model.legal if sorted(c.name for c in a.cards) == ["4D", "4H", "5C"])
    perform(app, wrong)
    model = scene.model
    assert model.director.side(model.seen).reply
    for name in ("9H", "9D", "9C"):
        click_at(app, card_point(scene, hand[name]))
    assert len(model.ui.selection) == 3 and coach.index == 1
    assert model.director.side(model.seen).reply == ""


SMALL_YOU = re.compile(r"(?<=[a-z] )You(?:r|rs)?\b|(?<=: )You(?:r|rs)?\b")


def test_final_count_s_banners_write_you_and_your_small_within_a_sentence(app, monkeypatch):  # noqa: F811
    """Final Count's lesson at the table: Ada's swap with the learner's card is said
    'Ada took your 10 of diamonds and gave you the 4 of clubs' (no 'their' beside the
    coach's 'her': walkC14 #7), never 'for Your'; no banner, callout or log line of the
    lesson writes You or Your big within a sentence."""
    from game.presenter import agree
    from scenes.table import draw as table_draw
    assert agree("Ada swapped their 4 of clubs for Your 10 of diamonds") == \
        "Ada swapped their 4 of clubs for your 10 of diamonds"
    said = []
    real = table_draw.callout_words
    monkeypatch.setattr(table_draw, "callout_words", lambda call, progress: said.append(real(call, progress))
                        or said[-1])
    scene = open_lesson(app, "final_count")
    model = scene.model
    while not model.over:
        to_stop(app, scene, lambda c: True)
        said.extend(model.log_lines())
        said.append(model.ui.message)
        if model.over:
            break
        coach = model.director.coach
        if coach.explaining():
            scene.act(Pressed("next"))
        else:
            scene.act(Choose(tutorial.find(model.session.state, coach.cue.moves[0])))
        for _ in range(40):
            app.frame()
            said.extend(model.ui.message for _ in (0,) if model.ui.message)
    assert "Ada took your 10 of diamonds and gave you the 4 of clubs" in said
    assert not [line for line in said if "swapped their" in line and "your" in line]
    assert not [line for line in said if SMALL_YOU.search(line)]


@pytest.mark.parametrize("game_id", ["deadline", "four_downs"])
def test_the_coach_s_ring_round_a_scores_row_covers_no_other_row(app, game_id):  # noqa: F811
    """Deadline's and 4 downs' lessons point at one row of the Scores (your grade, Ada's
    lead): the ring round it stays on that row, clear of the rows above and below."""
    import pygame
    from scenes.table import coach_panel
    scene = open_lesson(app, game_id)
    coach = to_stop(app, scene, lambda c: c.cue.at.startswith("score:"))
    scene.invalidate()
    app.frame()
    model = scene.model
    side = model.director.side(model.seen)
    rows = coach_panel.facts_rows(model.view, model.presenter, model.names)
    ring = pygame.Rect(scene.laid.bubble.target).inflate(10, 10)
    laid = [pygame.Rect(coach_panel.row_rect(app.screen, side.paragraphs, side.reply, rows, i))
            for i in range(len(rows)) if coach_panel.row_rect(app.screen, side.paragraphs, side.reply, rows, i)]
    [row] = [rect for rect in laid if rect.contains(pygame.Rect(scene.laid.bubble.target))]
    assert [rect for rect in laid if rect.colliderect(ring)] == [row], (coach.cue.at, ring, row)



def test_the_coach_never_says_a_player_plays_next_beside_that_player_s_move_made(app):  # noqa: F811
    """Final Count's lesson: Ada rolls a 5 and swaps, then ends her turn; beside the
    coach's words of her swap, it never says "Ada plays next." (she has played: it would
    read as a second turn). Who plays next is said only of another player's turn."""
    scene = open_lesson(app, "final_count")
    model = scene.model
    coach = model.director.coach
    seen = []
    while not model.over:
        app.frame()
        paragraphs = model.director.side(model.seen).paragraphs
        if len(paragraphs) > 1 and paragraphs[-1].endswith(" plays next."):
            who = paragraphs[-1][:-len(" plays next.")]
            seen.append(paragraphs[-2])
            assert not paragraphs[-2].startswith(who + " "), paragraphs
        if model.director.coach.finished or model.over:
            continue
        if not scene.motion.flights and model.settled() and (coach.explaining() or model.my_turn()):
            if coach.explaining():
                scene.act(Pressed("next"))
            else:
                scene.act(Choose(tutorial.find(model.session.state, coach.cue.moves[0])))
    assert seen


def test_five_possessions_line_4_says_the_last_card_goes_open_and_labels_a_closed_card(app, drawn):  # noqa: F811
    """5 possessions' lesson, line 4: the blue 4 set closed in lane 2, the green 5 to go.
    The top bar says 'the last one must go open' (never 'all 1'), and lane 2's caption
    says your card there is closed."""
    scene = open_lesson(app, "five_possessions")
    to_stop(app, scene, lambda c: c.learner_to_act() and c.cue.moves[0].names == ("W:OG5",))
    drawn.clear()
    scene.invalidate()
    app.frame()
    words = " ".join(words_of(drawn))
    assert "all 1" not in words and "the last one must go open" in words, words
    assert "Lane 2: your closed card" in words, words


def test_four_downs_panel_says_who_takes_the_down_once_ada_took_over_the_lead(app):  # noqa: F811
    """4 downs' lesson, step 4: Ada's defense blue 6 takes over your offense blue 5's
    lead; the panel beside the coach's words says the lead card is still yours but that
    Ada is winning the down ('Winning so far: Ada'), never only 'Lead: ... (You)'."""
    from scenes.table import coach_panel
    scene = open_lesson(app, "four_downs")
    to_stop(app, scene, lambda c: c.explaining() and "Ada is winning so far" in c.cue.say)
    model = scene.model
    rows = [row[0] for row in coach_panel.facts_rows(model.panel_view(), model.presenter, model.names)]
    assert "Winning so far: Ada (Defense blue 6)" in rows, rows
    assert not [row for row in rows if row.startswith("Lead:")], rows


@pytest.mark.parametrize("game_id", ["final_count"])
def test_a_lesson_whose_last_move_ends_a_hand_ends_once_the_hand_s_outcome_is_read(app, game_id):  # noqa: F811
    """Final Count's lesson at the normal pace, played through: the learner's call ends the
    hand, and the hands shown at its end stay on the table with the outcome until the
    learner goes on (Continue), as at a real hand's end; only then does the lesson's end
    cover the table (walkC13 #8: the box came as the last callout went, over hands
    never looked at)."""
    from tests.test_ui_tutorial import start
    from game.core import SharedEvent
    app.settings.animation_speed = "normal"
    start(app.scene, game_id, None)
    app.frame()
    scene = app.scene
    model, coach = scene.model, scene.model.director.coach
    read = []

    def held():
        shown = [p for p in scene.laid.board.placed if p.face_up and p.zone.startswith("hand:")
                 and not p.zone.endswith(":0")]
        if coach.finished:
            assert shown, "the hands shown at the end lie face up while the outcome is read"
            read.append(shown)
    through_with_continue(app, held)
    read = len(read)
    ended = [e for e in model.session.events_since(0) if e.kind == SharedEvent.HAND_OVER]
    assert ended and read == 1, (len(ended), read)


def test_five_possessions_bubble_goes_on_to_the_lane_once_the_card_is_picked(app):  # noqa: F811
    """5 possessions' lesson, the first card of the first line, by clicks: once the
    learner has picked the card the coach names, the bubble points at the lane it goes in
    ('Now click lane 1.'), its arrow at that lane's row for the learner; the lane the
    coach's refusal calls 'marked' is marked (walkC14 #10: the bubble stayed on
    the card, all four lanes lit alike, and the coach's 'the marked lane' sent the learner
    looking for a mark that was not there)."""
    from scenes.table.lesson import start as open_at
    open_at(app.scene, "five_possessions", None)
    app.frame()
    scene = app.scene
    coach = to_stop(app, scene, lambda c: c.learner_to_act() and c.cue.moves[0].kind == "place")
    action = tutorial.find(coach.state, coach.cue.moves[0])
    placed = next(p for p in scene.laid.board.hand_cards() if p.card.name == action.cards[0].name)
    click_at(app, placed.rect.center)
    app.frame()
    bubble = scene.laid.bubble
    lane = f"lane {action.arg + 1}"
    assert bubble is not None and " ".join(bubble.lines) == f"Now click {lane}.", bubble
    area = scene.laid.board.areas[scene.laid.board.lanes.index(action.arg)]
    import pygame
    assert pygame.Rect(*map(int, area)).colliderect(pygame.Rect(bubble.target)), (area, bubble.target)


def test_five_possessions_coach_panel_keeps_every_lane_s_state_beside_long_words(app, monkeypatch):  # noqa: F811
    """5 possessions' lesson played through: wherever the coach's panel shows the state of
    a lane, it shows all four (the general words on open and closed come after them, left
    out first where room is short; where not even the four fit beside the coach's words,
    none: never a part of them read as the whole), and at step 15, where the learner
    places cards by them, all four show (walkC14 #12: the long words pushed
    lanes 2 to 4 out there)."""
    from scenes.table import coach_panel
    from scenes.table.lesson import start as open_at
    shown = []
    real = coach_panel.panel

    def spy(screen, paragraphs, reply, rows, progress=None, keys=False, legend=()):
        kept = coach_panel._layout(screen, paragraphs, rows, keys)
        shown.append((progress, sorted(row[0].split(":")[0] for row, _ in kept if row[0].startswith("Lane "))))
        return real(screen, paragraphs, reply, rows, progress, keys, legend)
    monkeypatch.setattr(coach_panel, "panel", spy)
    open_at(app.scene, "five_possessions", None)
    app.frame()
    scene = app.scene
    to_stop(app, scene, lambda c: c.finished or scene.model.over)
    lanes = [s for _, s in shown if s]
    assert lanes and all(s == ["Lane 1", "Lane 2", "Lane 3", "Lane 4"] for s in lanes), \
        [s for s in lanes if len(s) != 4][:3]
    assert [s for step, s in shown if step and step[0] == 15][-1] == ["Lane 1", "Lane 2", "Lane 3", "Lane 4"]


@pytest.mark.parametrize("game_id", ["five_possessions", "four_downs"])
def test_beside_an_outcome_held_the_coach_never_says_who_plays_next(app, monkeypatch, game_id):  # noqa: F811
    """A lesson at the normal pace, played through with Continue on each outcome held: while
    an outcome waits on the table to be read (once the table has told it), the coach says
    something, never ending in who plays next (walkC14 #13: 'Ben plays next.' alone beside 'Touchdown! You score 20
    yards', the coach's account of it only after Continue)."""
    from scenes.table import coach_panel
    from scenes.table.lesson import start as open_at
    app.settings.animation_speed = "normal"
    said = []
    real = coach_panel.panel
    monkeypatch.setattr(coach_panel, "panel", lambda screen, paragraphs, *a, **k: said.append(
        (app.scene.model.hold.waiting and app.scene.model.seen.told(), list(paragraphs)))
        or real(screen, paragraphs, *a, **k))
    open_at(app.scene, game_id, None)
    app.frame()
    through_with_continue(app, app.frame)
    held = [words for waiting, words in said if waiting]
    assert held
    assert not [words for words in held if not words or words[-1].endswith("plays next.")], \
        [words for words in held if not words or words[-1].endswith("plays next.")][:2]


def test_four_downs_panel_names_a_down_s_winner_only_once_the_coach_has_said_it(app):  # noqa: F811
    """4 downs' lesson, played through: at every stop whose panel says 'Down won by: X',
    the coach's words at that stop or since the down's last card say that X won it
    (walkC14 #8: the panel named Ada one step before the coach explained why Ben's blue 7
    never wins and so Ada won)."""
    said, checked = [], 0
    for coach, rows in stops_with_panel(app, "four_downs"):
        said.append(f"{coach.cue.say} {coach.cue.after or ''}")
        won = [row.split(": ", 1)[1] for row in rows if row.startswith("Down won by: ")]
        if won:
            checked += 1
            told = " ".join(said[-3:])
            assert f"{won[0]} won" in told, (won, said[-3:])
    assert checked, "the lesson's panel named some down's winner"


@pytest.mark.parametrize("game_id,wanted,tried", [("deadline", "group 6H", "submit"),
                                                   ("final_count", "pick 2:1", "take 10D")])
def test_a_refusal_s_note_leaves_the_cards_on_the_table_in_sight(app, game_id, wanted, tried):  # noqa: F811
    """A lesson's refusal: the table's note lies clear of the face-up cards on the table
    where there is room for it: Deadline's Submit tried too soon, beside the assignment
    being built (walkC15 #9: 'Not this move' lay across the 4 and 5 of hearts being built);
    Final Count's face-up 10 taken instead of a blind pick, beside the cards on the table
    (walkC15 #15: the note hid the 9 of diamonds, the 10 of spades and the Queen of
    hearts)."""
    import pygame
    from scenes.table import draw as table_draw
    scene = open_lesson(app, game_id)
    to_stop(app, scene, lambda c: c.learner_to_act() and c.cue.moves[0].text == wanted)
    perform(app, next(a for a in scene.model.legal if tutorial.action_text(a) == tried))
    words = scene.model.ui.message
    assert words, f"{tried} is refused"
    board = scene.board
    box = pygame.Rect(*map(int, scene.pointer.message_spot), int(table_draw.message_width(app.screen, board, words)),
                      int(table_draw.message_height(app.screen, board, words)))
    covered = [p.card.name for p in board.placed if p.face_up and p.zone != board.hand_key and box.colliderect(p.rect)]
    assert not covered, f"the note covers {covered}"


def test_the_hand_stays_still_while_an_assignment_is_built_and_a_move_is_refused(app):  # noqa: F811
    """Deadline's lesson: the 4 and 5 of hearts clicked into the assignment being built,
    the learner presses Submit (refused: the run wants the 6): the refusal moves none of
    the cards left in the hand, so the card about to be clicked has not moved (walkC15 #9:
    after each refusal the hand slid left by a card's width). The hand closes up only
    while the pointer is off it (walkC16 #3), as it is on Submit before the click."""
    from tests.test_ui_play import click_widget
    scene = open_lesson(app, "deadline")
    to_stop(app, scene, lambda c: c.learner_to_act() and c.cue.moves[0].text == "group 4H")
    for name in ("4H", "5H"):
        perform(app, next(a for a in scene.model.legal if tutorial.action_text(a) == f"group {name}"))
        wait_for_learner(app)
    submit = next(w for w in scene.widgets if any(a.kind == "submit" for a in getattr(w, "actions", ())))
    pos = app.screen.pixel(submit.rect.center)      # the pointer on Submit, off the hand: it closes up there
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(5):
        app.frame()
    places = {p.card.name: p.rect.x for p in scene.board.hand_cards()}
    click_widget(app, lambda w: any(a.kind == "submit" for a in getattr(w, "actions", ())))
    for _ in range(5):
        app.frame()
    assert scene.model.director.reply, "Submit is refused"
    assert {p.card.name: p.rect.x for p in scene.board.hand_cards()} == places


def test_nobody_is_thinking_nor_plays_next_beside_their_move_made(app):  # noqa: F811
    """Final Card-Down's lesson at its pace: a computer player whose card is on the table
    and whose only move left is to end the turn ends it at once, so the top bar never says
    'Ben is thinking...' beside Ben's card played, and the coach never says 'Ben plays
    next.' once Ben's step has begun, but that he is playing (walkC15 #5: both stood beside
    Ben's B yellow hearts on the discard pile, in the lesson and in a real game)."""
    scene = open_lesson(app, "final_card_down")
    model, coach = scene.model, scene.model.director.coach
    thinking, ahead = [], []
    for _ in range(20000):
        if model.over:
            break
        legal = model.session.legal_actions()
        current = model.session.current_player
        words = model.prompt()
        if current is not None and "is thinking" in words and [a.kind for a in legal] == ["end_turn"]:
            thinking.append((coach.cue.number, words))
        side = model.director.side(model.seen)
        if side.paragraphs and side.paragraphs[-1] in [f"{name} plays next." for name in model.names] and coach.done:
            ahead.append((coach.cue.number, side.paragraphs[-1]))
        if coach.done and model.seen.told() and not side.paragraphs:
            ahead.append((coach.cue.number, "nothing said"))
        at_pace(app, scene)
    assert model.over
    assert not thinking, thinking[:3]
    assert not ahead, ahead[:3]


def test_five_possessions_panel_says_a_colour_goes_closed_only_once_the_coach_has_taught_it(app):  # noqa: F811
    """5 possessions' lesson, played through: at every stop whose panel says a lane is
    'open, but a green card goes closed', the coach has said by then that a lane won stays
    open but not to the colour that won it, that colour's card going closed there (walkC15
    #18: the panel said 'a green card goes closed (green won it)' two steps before the coach
    taught it)."""
    said, checked = [], 0
    for coach, rows in stops_with_panel(app, "five_possessions"):
        said.append(" ".join(coach.paragraphs()))
        for row in rows:
            found = re.search(r"open, but an? (\w+) card goes closed", row)
            if found:
                checked += 1
                told = " ".join(said)
                colour = found.group(1)
                assert re.search(rf"not (?:to )?{colour}|{colour} card goes closed", told), (coach.cue.number, row)
                assert "goes closed" in told, (coach.cue.number, row)
    assert checked


def test_the_coach_s_marks_never_wait_on_an_idle_app(app):  # noqa: F811
    """Deadline's lesson at Instant speed, to the second exchange: whenever the coach's
    marks wait for the table to tell its last change, the table counts as busy, so the app
    makes the next frame at once and does not nap until an event (walkC15 #7: the coach
    said 'Take ... the marked one' seconds before the mark and its bubble came)."""
    scene = open_lesson(app, "deadline")
    model, coach = scene.model, scene.model.director.coach
    idle = []
    for _ in range(3000):
        if coach.cue.number > 13:
            break
        if model.marks.later and not scene.busy():
            idle.append(coach.cue.number)
        at_pace(app, scene)
    assert coach.cue.number > 13
    assert not idle, idle
