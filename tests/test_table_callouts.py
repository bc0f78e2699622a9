"""Events the table calls out (#36 point 4): a large, short callout held on the table
for its time at the animation speed, skipped by a key or a click, absent at Instant;
5 possessions revealing a line lane by lane, the offense card before the defense card;
and what the table shows between moves (#37): a down's cards gone once it is read, a
line's likewise, why a down was won, a burn's play again, the caller bonus, the die.

The model of the table is stepped alone (a real session, computers thinking inline) as
tests/test_table_model.py does; the key and the click go through the real scene."""
import random

import pygame
import pytest

from scenes.table import intents
from scenes.table.scene import TableScene
from scenes.table.session import Seat, Session, inline
from tests.test_table_model import DT, frame, model_of, until
from tests.test_ui_play import app, press  # noqa: F401
from tests.test_ui_saves import start_game


def play_until(model, ready, rng, limit=20000):
    """The person's random moves (the computers answering) until `ready()`; every
    callout and outcome is let go on its own (a frame at a time) or read (Continue)."""
    for _ in range(limit):
        if ready():
            return
        if model.hold.waiting and model.settled():
            model.do(intents.Continue())
        elif model.my_turn() and model.settled() and model.legal:
            model.do(intents.Choose(rng.choice(model.legal)))
        frame(model)
    raise AssertionError("the game never got there")


def computer_game(game_id, speed, players=2, seed=5):
    """A model of `game_id`: the person in seat 0 (Maya), computers in the others."""
    seats = [Seat("Maya")] + [Seat(name, False, "easy") for name in ("Theo", "Ines", "Sam")[:players - 1]]
    return model_of(game_id, seats, seed, speed=speed)


# ---- the callout: held, skipped, absent at Instant ----------------------------------------------
def test_a_callout_is_held_for_its_time_at_the_default_speed_and_play_waits_for_it():
    model = computer_game("ktu", "normal")
    play_until(model, lambda: model.timeline.callout is not None, random.Random(5))
    call, events = model.timeline.callout, model.session.event_count()
    assert call.words and call.seconds > 0.5
    held = 0.0
    while model.timeline.callout is call:
        assert model.session.event_count() == events         # nobody moves while it is held
        frame(model)
        held += DT
    assert call.seconds - 2 * DT <= held <= call.seconds + 2 * DT


def test_instant_calls_nothing_out_where_the_default_speed_does():
    called = []
    for speed in ("normal", "instant"):
        model = computer_game("final_card_down", speed, seed=3)
        rng, seen = random.Random(3), []
        play_until(model, lambda: seen.extend(c for c, _ in model.timeline.callouts) or model.leaving is not None,
                   rng)
        called.append(seen)
    assert called[0] and called[1] == []


def play_at_the_table(a, table, rng, ready, limit=20000):
    """The person's random moves at the app's table (the computers answering, each
    outcome read once it has landed) until `ready()`."""
    for _ in range(limit):
        model = table.model
        if ready():
            return table
        if model.hold.waiting and model.settled():
            table.act(intents.Continue())
        elif model.my_turn() and model.settled() and model.legal:
            table.act(intents.Choose(rng.choice(model.legal)))
        a.frame()
    raise AssertionError("the game never got there")


def held_at_the_table(a, game_id, deal):
    """A game at the app's table at the default speed, played at random until a
    callout is held on it."""
    a.settings.animation_speed = "normal"
    start_game(a, game_id, 2, {0}, deal)
    table = a.scene
    assert isinstance(table, TableScene)
    return play_at_the_table(a, table, random.Random(deal), lambda: table.model.timeline.callout is not None)


def test_a_key_skips_what_is_called_out_and_does_nothing_else(app):
    table = held_at_the_table(app, "ktu", 5)
    model, events = table.model, table.model.session.event_count()
    selection, hold = list(model.ui.selection), list(model.hold.outcomes)
    press(app, pygame.K_RETURN)
    assert not model.timeline.callouts and not table.motion.flights
    assert model.session.event_count() == events or not model.my_turn()    # the key made no move of its own
    assert model.ui.selection == selection and model.hold.outcomes == hold


def test_a_click_skips_what_is_called_out_and_then_does_what_it_does_on_the_table(app, monkeypatch):
    table = held_at_the_table(app, "final_card_down", 3)
    hand = table.laid.board.boxes[table.laid.board.hand_key]
    point = (hand[0] + 20, hand[1] + 30)                          # on a card of the hand
    acted = []
    real_act = table.act
    monkeypatch.setattr(table, "act", lambda intent: acted.append(intent) or real_act(intent))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.screen.pixel(point), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=app.screen.pixel(point), button=1))
    app.frame()
    assert not table.model.timeline.callouts
    assert isinstance(acted[0], intents.Skip)
    card_intents = (intents.Grab, intents.Toggle, intents.PickLane, intents.Refuse, intents.Choose)
    assert acted[1:] and isinstance(acted[1], card_intents), acted    # then the click on the card, read


def test_a_callout_never_covers_the_hand_or_the_buttons(app):
    table = held_at_the_table(app, "ktu", 5)
    board = table.laid.board
    keep_clear = [w.rect for w in table.laid.widgets] + [board.boxes[board.hand_key]]
    from scenes.table import draw
    box = draw.callout(app.screen, board, table.model.timeline.callout, 0.5, keep_clear)
    assert box.collidelist([pygame.Rect(*map(int, r)) for r in keep_clear]) == -1


def test_a_callout_stands_by_the_cards_it_speaks_of_not_over_them():
    """Two Played slots in the top row (4 downs with a seat out): the down's callout
    stands by them, not over the cards it compares; with no room by them, over them."""
    from scenes.table.layout import callout_box
    bounds = (20, 56, 940, 700)
    played = [pygame.Rect(212, 113, 58, 80), pygame.Rect(612, 113, 58, 80)]
    anchor = played[0].union(played[1])
    box = callout_box((660, 50), anchor, bounds, keep_clear=[pygame.Rect(20, 640, 900, 120)])
    assert box.collidelist(played) == -1 and bounds[1] <= box.top
    crowded = callout_box((660, 50), anchor, bounds,
                          keep_clear=[pygame.Rect(20, 56, 940, 57), pygame.Rect(20, 193, 940, 600)])
    assert crowded.colliderect(anchor)                   # nowhere else clear: where it happened


SIZES = [(1280, 720), (1600, 1000)]
COVERS = ([("four_downs", n, size) for n in (2, 3, 4) for size in SIZES]
          + [("five_possessions", 2, size) for size in SIZES]
          + [(game_id, n, (1280, 720)) for game_id, n in (("ktu", 4), ("final_card_down", 4), ("final_count", 4))])


def plates_and_captions(a, screen, board, session):
    """What draw.readable keeps clear, named: each seat's plate as drawn, each caption."""
    from scenes.table import draw
    model = a.scene.model
    plates = draw.plate_words(model.view, model.names, [s.human for s in session.seats], 0, None,
                              model.presenter.statuses(model.view))
    shown = {model.names[seat]: draw.plate_rect(screen, spot, *plates[seat]) for seat, spot in board.plates.items()}
    captions = {words: pygame.Rect(int(x), int(y), int(screen.text_width(words, draw.READ)), 14)
                for words, (x, y) in board.labels}
    return list(shown.items()) + list(captions.items())


def played_spying(monkeypatch, game_id, players, size, seed, frames, enough, name, said, below=False):
    """A game against computers at the normal pace, with `draw.<name>` (which draws a box
    of words on the table and returns it) spied: `said(app, screen, *args)` gives the
    words drawn and the board, or (None, None) for a box not on the table (`below`: only
    boxes reaching under the top bar count). Played until `enough` different words were
    drawn; returns the session, the words seen, and (words, what) for each plate or
    caption a box covered."""
    from scenes.table import draw
    from tests.test_table_moments_pd import played
    from tests.test_ui_play import new_app
    a = new_app(size=size)
    covered, seen = [], set()
    real = getattr(draw, name)

    def spy(screen, *args, **kwargs):
        drawn = real(screen, *args, **kwargs)
        box = pygame.Rect(drawn)
        words, board = said(a, screen, *args)
        if words is not None and (not below or box.bottom > draw.TOP):
            seen.add(words)
            covered.extend((words, what) for what, rect in plates_and_captions(a, screen, board, a.scene.model.session)
                           if box.colliderect(rect))
        return drawn
    monkeypatch.setattr(draw, name, spy)
    try:
        a.settings.animation_speed = "normal"
        session = start_game(a, game_id, players, {0}, seed)
        for _ in played(a, session, random.Random(seed), frames=frames):
            if len(seen) >= enough:
                break
        return session, seen, covered
    finally:
        pygame.quit()


@pytest.mark.parametrize("game_id, players, size", COVERS)
def test_a_callout_never_covers_a_name_plate_or_a_caption(game_id, players, size, monkeypatch):
    """A game against computers at the normal pace (4 downs with 2, 3 and 4 players and
    5 possessions at 1280x720 and 1600x1000, KTU, Final Card-Down and Final Count at
    1280x720; Deadline calls out only an exam's grade, hours of frames away): every
    callout held on the table stands clear of every seat's name plate and every
    caption ('Played', 'Hand', 'Lane 1: Theo'), as drawn: a down's callout named
    the down's winner over both opponents' plates."""
    session, seen, covered = played_spying(monkeypatch, game_id, players, size, 4242, 6000, 8, "callout",
                                           lambda a, screen, board, call, *args: (call.words, board))
    assert len(seen) >= 8 or session.is_over and seen, seen
    assert not covered, covered[:4]


NOTES = ([(game_id, players, (1280, 720)) for game_id, players in
          (("final_card_down", 4), ("deadline", 3), ("ktu", 4), ("final_count", 4), ("four_downs", 4),
           ("five_possessions", 2))] + [("five_possessions", 2, (1600, 1000))])


@pytest.mark.parametrize("game_id, players, size", NOTES)
def test_a_note_keeps_to_the_callouts_rule_off_plates_and_captions(game_id, players, size, monkeypatch):
    """Every mode against computers at the normal pace (N3): a note of a move shown under
    the top bar while the person is to play ('Maya won the toss', 'Ben picked up the
    pile (1 card)', 'You have 40 yards in all') keeps to the callouts' one rule: it never
    covers a seat's name plate or a caption, as drawn (it stood over the other player's
    plate)."""
    def under_the_bar(a, screen, words, words_at, right, cover, *args):
        return (words, a.scene.board) if isinstance(a.scene, TableScene) else (None, None)
    session, seen, covered = played_spying(monkeypatch, game_id, players, size, 2, 4000, 6, "toast_box",
                                           under_the_bar, below=True)
    assert seen or game_id != "five_possessions", "no note under the bar"   # elsewhere notes fit in the bar
    assert not covered, covered[:4]


# ---- 5 possessions: lane by lane, offense then defense -----------------------------------------
def test_five_possessions_last_line_says_game_over_only_once_it_is_told():
    model = computer_game("five_possessions", "normal", seed=4)
    play_until(model, lambda: model.session.is_over and model.timeline.revealing() is not None
               or model.session.is_over and model.settled(), random.Random(4))
    assert model.timeline.revealing() is not None, "the game ended without a line told lane by lane"
    while model.timeline.revealing() is not None:
        assert not model.view.is_over and "Game over" not in model.prompt()   # the last lane not yet told
        frame(model)
    assert model.view.is_over


def test_five_possessions_reveals_lane_by_lane_offense_card_then_defense_card():
    model = computer_game("five_possessions", "normal", seed=4)
    play_until(model, lambda: model.timeline.revealing() is not None, random.Random(4))
    viewer, before_scores = model.looking.viewer, model.view.scores
    steps = []
    while model.timeline.revealing() is not None:
        lane, turned = step = model.timeline.revealing()
        if not steps or steps[-1] != step:
            steps.append(step)
        for zone in model.view.zones:
            parts = zone.key.split(":")
            if parts[0] != "line" or zone.owner == viewer or not zone.cards:
                continue
            k, face_up = int(parts[2]), zone.cards[0] is not None
            if k > lane or k == lane and turned is not None and zone.key not in turned:
                assert not face_up, f"{zone.key} shown at step {step}"    # later: still face down
        assert model.view.scores == before_scores                        # the panel tells no result ahead
        assert not any(line.startswith(f"Lane {k + 1}:") for k in range(lane + 1, 4) for line in model.log_lines())
        frame(model)
    assert model.shown_step is None                                      # told: the line whole
    assert [z for z in model.view.zones if z.key.startswith("line:")] == [
        z for z in model.whole.zones if z.key.startswith("line:")]
    lanes = [lane for lane, _ in steps]
    assert lanes == sorted(lanes) and len(set(lanes)) >= 2               # lane by lane, in order
    opened = 0
    for lane in set(lanes):
        mine = [turned for k, turned in steps if k == lane]
        if len(mine) == 2:                                               # an open lane: two steps
            (offense,), whole = mine
            assert whole is None and offense == f"line:{model.whole.facts['offense']}:{lane}"   # offense first
            opened += 1
    assert opened


# ---- between moves (#37) --------------------------------------------------------------------------
def test_four_downs_the_last_downs_cards_leave_the_played_slots_when_the_next_down_starts():
    model = computer_game("four_downs", "normal", players=3, seed=5)
    play_until(model, lambda: model.hold.waiting and any("down" in o.words for o in model.hold.outcomes),
               random.Random(5))
    played = {z.key: z.count for z in model.view.zones if z.key.startswith("played:")}
    assert sum(played.values()) == 3                           # the down's cards, while its outcome is read
    until(model, model.settled)
    model.do(intents.Continue())
    assert not any(z.cards for z in model.view.zones if z.key.startswith("played:"))
    assert model.view.facts["step"] in ("lead", "knock")       # the next down starts on a clear table


def test_four_downs_says_why_a_down_was_won():
    model = computer_game("four_downs", "normal", players=3, seed=5)
    play_until(model, lambda: model.hold.waiting and any("down" in o.words for o in model.hold.outcomes),
               random.Random(5))
    last = model.view.facts["last_round"]
    lead, winner = last["plays"][0], last["winner"]
    words = model.hold.outcome.words
    lead_name = model.presenter.by_name[lead[1]].spoken
    if winner == lead[0]:
        assert words.startswith(f"Nothing meets {lead_name}")
    else:
        card = model.presenter.by_name[dict(last["plays"])[winner]].spoken
        assert words.startswith(f"{card} meets {lead_name}")
    assert words.endswith(f"{model.names[winner]} wins down 1")
    called = [c.words for c, _ in model.timeline.callouts if c.words.endswith("wins down 1")]
    assert called                                                                 # called out over the cards too
    if winner != lead[0]:
        assert called[0].startswith(words.split(":")[0])


def test_five_possessions_the_last_lines_cards_leave_the_lanes_when_the_next_line_is_set():
    model = computer_game("five_possessions", "normal", seed=4)
    play_until(model, lambda: model.hold.waiting and any(o.lane is not None for o in model.hold.outcomes),
               random.Random(4))
    assert any(z.cards for z in model.view.zones if z.key.startswith("line:"))
    until(model, model.settled)
    model.do(intents.Continue())
    assert not any(z.cards for z in model.view.zones if z.key.startswith("line:"))
    opened = sum(z.count for z in model.view.zones if z.key.startswith(("open:", "closed:", "box:")))
    assert opened > 0                                          # where the rules put them next


def test_ktu_after_a_burn_the_table_says_you_play_again_and_the_turn_stays():
    """KTU against computers: your burn is called out ('Maya plays again') on the same
    turn, and once the table has shown it the top bar's prompt says you burned the pile
    and play again (A15 of docs/rulings/ktu.md); after your next play it no longer does."""
    for seed in range(40):
        model = computer_game("ktu", "normal", seed=seed)
        rng = random.Random(seed)
        for _ in range(3000):
            if model.leaving is not None:
                break
            if model.hold.waiting and model.settled():
                model.do(intents.Continue())
            elif model.my_turn() and model.settled() and model.legal:
                turn = model.presenter.context(model.view, model.names)
                model.do(intents.Choose(rng.choice(model.legal)))
                burned = [e for e in model.session.events_since(0)[-12:] if e.kind == "burn" and e.seat == 0]
                if burned and model.session.current_player == 0 and not model.session.is_over:
                    assert model.presenter.context(model.view, model.names) == turn     # the same turn
                    words = [c.words for c, _ in model.timeline.callouts]
                    assert any("Maya plays again" in w for w in words), words
                    until(model, lambda: model.settled() and not model.hold.waiting)
                    assert "You burned the play ground: play again" in model.prompt(), model.prompt()
                    model.do(intents.Choose(rng.choice(model.legal)))
                    until(model, model.settled)
                    assert model.session.is_over or "burned" not in model.prompt(), model.prompt()
                    return
                assert "burned" not in model.prompt()
            frame(model)
    raise AssertionError("the person never burned the pile")


def test_final_count_names_the_caller_bonus_and_its_die_shows_the_headers_face():
    faces = []
    for seed in range(8, 40):
        model = computer_game("final_count", "normal", players=2, seed=seed)

        def hand_scored():
            die = model.view.facts["die"]
            faces.append((model.presenter.die_face(model.view, 6 if die != 6 else 5), die))
            return model.hold.waiting and model.hold.outcome is not None and "is over" in model.hold.outcome.words
        play_until(model, hand_scored, random.Random(seed))
        assert model.presenter.die_face(model.view, 4) is None     # a hand scored: no last face left over
        rows = model.view.facts["last_hand"]["seats"]
        bonus = [r for r in rows if r.get("bonus")]
        if bonus:
            row = bonus[0]
            why = f"+{row['bonus']} bonus: {model.names[model.view.facts['last_hand']['caller']]} called and lost"
            assert f"+{row['points']} (count {row['best']}, {why})" in model.hold.outcome.words
            stamps = [c.words for c, _ in model.timeline.callouts]
            assert why in stamps
            assert not any(model.view.scores) and any(model.whole.scores)   # the panel waits for the count-up
            until(model, lambda: not model.timeline.hiding_scores())
            assert model.view.scores == model.whole.scores
            break
    else:
        raise AssertionError("no hand with a caller bonus")
    assert all(face == die for face, die in faces)            # never another face than the header's


def test_final_counts_hands_turn_over_with_a_flip_before_their_counts_count_up(app):
    app.settings.animation_speed = "normal"
    session = start_game(app, "final_count", 2, {0}, 8)
    table = app.scene
    play_at_the_table(app, table, random.Random(8), lambda: any(e.kind == "score" for e in session.events_since(0)))
    other = [p for p in table.board.placed if p.zone == "hand:1"]
    flips = [f for f in table.motion.flights if f.flip and f.zone == "hand:1"]
    assert other and len(flips) == len(other)                       # the other's hand turns over
    assert table.model.timeline.callout is None                     # its count waits for the flip
    while table.motion.flights:
        app.frame()
    call = table.model.timeline.callout
    assert call is not None and call.count is not None and "{n}" in call.words     # then counts up




def test_a_d_ends_the_turn_at_once_with_no_end_turn_button_while_its_colour_is_called_out(app):
    """Final Card-Down at the app's table: after a D (its colour called out for a while),
    the person's turn ends as after any other card, not once the callout has gone, and no
    End turn button shows, nor 'End your turn' in the top bar, for a turn that ends by
    itself."""
    app.settings.animation_speed = "normal"
    start_game(app, "final_card_down", 3, {0}, 7)
    table = app.scene
    model = table.model

    def a_d_playable():
        return model.my_turn() and model.settled() and any(
            a.kind == "play" and a.cards[0].rank == "D" for a in model.legal)
    play_at_the_table(app, table, random.Random(7), a_d_playable)
    table.act(intents.Choose(next(a for a in model.legal if a.kind == "play" and a.cards[0].rank == "D")))
    shown = []
    for _ in range(400):
        if model.session.current_player != 0:
            break
        app.frame()
        shown += [getattr(w, "label", "") for w in table.widgets] + [model.prompt()]
    assert model.session.current_player != 0
    assert any("declared" in call.words for call, _ in model.timeline.callouts)    # still called out
    assert "End turn" not in shown and not [words for words in shown if "End your turn" in words]


# ---- the callout's place: off the cards it speaks of (#37) ----------------------------------------
def callouts_over_cards(monkeypatch, game_id, size, seed, state=None, frames=6000):
    """A game against computers at the normal pace (from `state` when given, Maya to play),
    every callout drawn spied: for each, (its words, whether it covers a face-up card or
    caption of a zone it speaks of, whether it covers any face-up card, whether some place
    of its size on the table stood clear of the hand, the buttons, the plates, the
    captions and every face-up card)."""
    from scenes.table import draw
    from scenes.table.layout import CAPTION
    from tests.test_table_moments_pd import played
    from tests.test_ui_play import new_app
    a = new_app(size=size)
    seen = []
    real = draw.callout

    def spy(screen, board, call, progress, keep_clear=(), keep_read=(), avoid=(), *rest):
        box = pygame.Rect(real(screen, board, call, progress, keep_clear, keep_read, avoid, *rest))
        faces = [p.rect for p in board.placed if p.face_up]
        mine = [p.rect for p in board.placed if p.face_up and p.zone in call.at]
        captions = [pygame.Rect(int(x), int(y), int(screen.text_width(words, draw.READ)), draw.READ)
                    for words, (x, y) in board.labels]
        told = mine + [c for c in captions if any(c.bottom <= r.top + 2 and r.top - c.bottom < 3 * CAPTION
                                                  and c.left < r.right and r.left < c.right for r in mine)]
        blocked = [pygame.Rect(r) for r in list(keep_clear) + list(keep_read)] + faces
        w, h = box.w, box.h + draw.RISE
        clear = any(pygame.Rect(x, y, w, h).collidelist(blocked) < 0
                    for x in range(20, int(board.table_w - 20 - w) + 1, 8)
                    for y in range(draw.TOP + 6, int(board.height - 6 - h) + 1, 8))
        seen.append((call.words, box.collidelist(told) >= 0, box.collidelist(faces) >= 0, clear))
        return box
    monkeypatch.setattr(draw, "callout", spy)
    try:
        a.settings.animation_speed = "normal"
        if state is None:
            session = start_game(a, game_id, 2, {0}, seed)
        else:
            seats = [Seat("Maya")] + [Seat(n, False, "easy") for n in ("Theo", "Ines", "Sam")[:state.players - 1]]
            session = Session(game_id, seats, {}, state.chance.seed, state=state, executor=inline)
            a.scene.go("table", session=session, viewer=None, events_seen=session.event_count(), curtains=[])
            a.frame()
        for _ in played(a, session, random.Random(seed), frames=frames):
            pass
        for _ in range(900):                        # the game's last callouts (the grades) after its end
            a.frame()
        return seen
    finally:
        pygame.quit()


def deadline_at_the_final(seed):
    """Deadline with four played by random moves up to the Final Exam, a computer to sit it."""
    from game.registry import new_game
    state = new_game("deadline", seed=seed)
    rng = random.Random(seed)
    while not (state.step == "exam" and state.rotation > 3 and state.current_player != 0):
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game_id, size", [("deadline", (1280, 720)), ("deadline", (1600, 1000)),
                                           ("five_possessions", (1280, 720)), ("five_possessions", (1600, 1000))])
def test_a_callout_keeps_off_the_face_up_cards_it_speaks_of_and_off_all_where_it_can(game_id, size, monkeypatch):
    """The table's rule for a callout's place: Deadline's grades at the Final ('Ines's
    exam graded' stood over her assignments) and 5 possessions' lanes and drives ('Drive
    stopped' stood over the line) never cover a face-up card (or its caption) of the
    zones they speak of, and cover no face-up card at all wherever a place of their size
    stood clear of the hand, the buttons, the plates, the captions and every face-up card."""
    state = deadline_at_the_final(3) if game_id == "deadline" else None
    seen = callouts_over_cards(monkeypatch, game_id, size, 3, state)
    graded = [words for words, *_ in seen if "graded" in words or "Drive" in words or "Touchdown" in words]
    assert graded, seen[:6]
    assert not [words for words, told, *_ in seen if told], seen
    assert not [words for words, _, over, clear in seen if over and clear], seen


def test_a_banner_on_two_lines_breaks_where_its_words_part(app):  # noqa: F811
    """A hand's outcome too long for one line is broken after a comma or colon or before a
    bracket where both lines fit, each a part of its own (the walk, wave 14: 'Hand 1 is over:
    Theo +63 (count 53, +10 for winning the hand' / 'Maya called)', the second line read as
    a remark of its own); words with no such break are wrapped."""
    from scenes.table.draw import two_lines
    screen = app.screen
    words = "Hand 1 is over: Theo +63 (count 53, +10 bonus: Maya called and lost)"
    width = screen.text_width(words, 19) * 0.7
    first, second = two_lines(screen, words, 19, width)
    assert f"{first} {second}" == words
    assert first[-1] in ",:" or second.startswith("("), (first, second)
    assert max(screen.text_width(line, 19) for line in (first, second)) <= width
    plain = "one two three four five six seven eight nine ten eleven twelve"
    assert " ".join(two_lines(screen, plain, 19, screen.text_width(plain, 19) * 0.6)) == plain


@pytest.mark.parametrize("game_id", ["final_count", "four_downs"])
def test_while_a_hand_s_end_is_read_the_top_bar_says_the_hand_is_over(app, game_id):  # noqa: F811
    """Against a computer at the normal pace, played by random moves: while a hand's end
    waits on the table to be read, the top bar says that hand is over (as the banner and
    the scores screen do), never the round it ended in (walkB14 #2: 'Hand 1:
    final round (Maya called) · Read what happened' over a hand already scored)."""
    import random
    from game.core import SharedEvent
    from tests.test_table_moments_pd import played
    from tests.test_ui_saves import start_game
    app.settings.animation_speed = "normal"
    session = start_game(app, game_id, 2, {0}, 5)
    seen, count, ended = 0, session.event_count(), False
    for table in played(app, session, random.Random(5), frames=20000):
        model = table.model
        ended = ended or any(e.kind == SharedEvent.HAND_OVER for e in session.events_since(count))
        count = session.event_count()
        if not model.hold.outcomes:
            ended = False           # a hand's end is held from the change that ends it on
        if model.hold.waiting and model.settled() and ended:
            bar = model.prompt()
            assert bar.startswith(model.presenter.hand_over(model.view)), bar
            seen += 1
            if seen >= 2:
                break
    assert seen >= 2, seen
