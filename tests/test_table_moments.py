"""The last confusing moments of issue #37, each played with real events at the table
(the model stepped alone, or the app under a hidden window): the table's own rules of
presentation first, then each game's moments (the rulings cited: docs/rulings/final_card_down.md, docs/rulings/deadline.md, docs/rulings/ktu.md)."""
import math
import random
import re

import pygame

from game import registry
from game.core import SharedEvent
from scenes.table import draw as table_draw
from scenes.table import intents
from scenes.table.layout import CAPTION, PANEL_W, TOP, lay_out
from scenes.table.motion import Motion
from scenes.table.presenters import presenter_for
from scenes.table.session import Seat, Session, inline
from scenes.widgets import ui
from sprites import palette
from sprites import text as text_module
from tests.test_table_model import model_of, until
from tests.test_table_words import spy  # noqa: F401
from tests.test_ui_play import app, choose, click_at, new_app, perform, press, settle  # noqa: F401
from tests.test_ui_saves import start_game


def test_a_name_typed_in_small_letters_opens_its_log_lines_as_typed_and_its_turn_stays_one_entry():
    """A player called 'theo' is 'theo' in every line, first word or not, so a turn's
    events join into one entry ('theo drew a card, played ...'), as a capitalised
    name's do."""
    model = model_of("final_card_down", [Seat("maya"), Seat("theo", False, "easy")], 3)
    rng = random.Random(3)
    for _ in range(6):
        until(model, model.my_turn)
        model.do(intents.Choose(rng.choice(model.legal)))
    until(model, model.my_turn)
    lines = model.log_lines()
    theirs = [line for line in lines if line.lower().startswith("theo ")]
    assert theirs and all(line.startswith("theo ") for line in theirs)
    assert not any(line.startswith(("Theo", "Maya")) for line in lines)
    # no entry of theo's follows another of theo's: a turn is one entry
    assert not any(a.startswith("theo ") and b.startswith("theo ") for a, b in zip(lines, lines[1:]))


def positions(game_id, players, seeds):
    """Every position of games of random legal moves, one game per seed, move by move
    (each game's last position is over)."""
    for seed in seeds:
        state = registry.new_game(game_id, players, seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            yield state


def played_until(game_id, players, seed, found):
    """A game of random legal moves, as [(action, its events)], until `found(moves)`
    (the state then; None if the game ended first)."""
    state = registry.new_game(game_id, players, seed)
    rng, moves = random.Random(seed), []
    while not state.is_over:
        told = len(state.events)
        action = rng.choice(state.legal_actions())
        state.apply(action)
        moves.append((action, state.events[told:]))
        if found(moves):
            return state, moves
    return None, moves


def test_a_note_in_the_top_bar_ends_when_the_next_move_begins():
    """Final Card-Down: 'Theo declared purple' is not still shown over the next player's
    card (the next move's flight has begun: the note speaks of a move that is over)."""
    def declared_then_played(moves):
        kinds = [{e.kind for e in events} for _, events in moves]
        return (SharedEvent.MOVE in kinds[-1] and "declare" in next(
            (k for k in reversed(kinds[:-1]) if SharedEvent.MOVE in k), ()))
    state = None
    for seed in range(40):
        state, moves = played_until("final_card_down", 3, seed, declared_then_played)
        if state is not None:
            break
    assert state is not None, "no game had a D followed by a card"
    start = max(i for i, (_, events) in enumerate(moves[:-1]) if any(e.kind == "declare" for e in events))
    presenter = presenter_for(registry.game_info("final_card_down"))
    names = ["Maya", "Theo", "Ines"]

    def words(event):
        return presenter.event_line(event, names, {})
    motion = Motion()
    for _, events in moves[start:-1]:                   # the D and its colour, then the turn's end
        motion.start(events, 0, presenter, words, {}, [], 0.5, lambda sound: None)
        motion.update(0.2)
    assert "declared" in motion.toast()
    motion.start(moves[-1][1], 0, presenter, words, {}, [], 0.5, lambda sound: None)   # the next card
    motion.update(0.01)
    assert motion.toast() is None or "declared" not in motion.toast()


def test_a_note_too_long_for_beside_the_bar_lies_under_it_at_your_turn(app):
    """A note that does not fit beside the top bar's words covers them only when the
    person is not to play; at their turn it lies under the bar, off the instruction."""
    screen = app.screen
    words_at, right = (200, 700), 760
    note = "Theo declared purple after Ines played the blue B and Kofi was skipped"
    words = pygame.Rect(words_at[0], 0, words_at[1] - words_at[0], TOP - 6)
    over = pygame.Rect(table_draw.toast_box(screen, note, words_at, right, True))
    under = pygame.Rect(table_draw.toast_box(screen, note, words_at, right, False))
    assert words.colliderect(over)
    assert not words.colliderect(under) and under.top >= TOP - 6


def test_at_your_turn_a_note_never_covers_the_instruction(app, monkeypatch):
    """KTU against computers: a note still shown when your turn comes (a pick-up of the
    pile; Final Card-Down's skips and colours are called out on the table instead) lies
    beside the top bar's words or under the bar, never over the instruction."""
    app.settings.animation_speed = "normal"
    covering, shown = [], []
    real_toast = table_draw.toast

    def toast(screen, motion, words_at, right, *args, **kwargs):
        table = app.scene
        panels = []
        real_panel = screen.panel
        monkeypatch.setattr(screen, "panel", lambda rect, **kw: panels.append(rect) or real_panel(rect, **kw))
        try:
            real_toast(screen, motion, words_at, right, *args, **kwargs)
        finally:
            monkeypatch.setattr(screen, "panel", real_panel)
        if panels and table.model.my_turn():
            shown.append(words_at)
            words = pygame.Rect(words_at[0], 0, words_at[1] - words_at[0], TOP - 6)
            covering.extend((words_at, rect) for rect in panels if words.colliderect(pygame.Rect(rect)))
    monkeypatch.setattr(table_draw, "toast", toast)
    for deal in range(4240, 4250):
        session = start_game(app, "ktu", 4, {0}, deal)
        rng = random.Random(deal)
        for _ in range(6000):
            if session.is_over or len(shown) > 20:
                break
            table = app.scene
            if table.model.my_turn() and not table.busy():
                perform(app, choose(session.legal_actions(), rng))
            app.frame()
        if shown:
            break
        app.scene.go("menu")
        app.frame()
    assert shown, "no note was shown at your turn"
    assert not covering, f"notes over the instruction: {covering[:3]}"


def test_every_readout_of_the_side_panel_is_drawn_whole(app, monkeypatch):
    """Deadline, far into the semester: a student's assignments ('two Jacks; two 2s;
    three 7s ...') are longer than the panel is wide; they are drawn whole, on as many
    lines as they take, never cut with an ellipsis."""
    screen = app.screen
    presenter = presenter_for(registry.game_info("deadline"))
    names = ["Maya", "Theo", "Ines", "Kofi"]

    def long_readout(moves):
        view = state.view(0)
        return [f"{label}: {value}" for label, value, _ in presenter.readouts(view, names)
                if label in names and screen.text_width(f"{label}: {value}", text_module.READ) > PANEL_W - 50]
    for seed in range(30):
        state = registry.new_game("deadline", 4, seed)
        rng = random.Random(seed)
        while not state.is_over and not long_readout(None) and state.current_player is not None:
            state.apply(rng.choice(state.legal_actions()))
        if long_readout(None):
            break
    readouts = long_readout(None)
    assert readouts, "no readout grew longer than the panel"
    drawn = []
    real = text_module.render
    monkeypatch.setattr(text_module, "render", lambda words, px, colour: drawn.append(words) or real(words, px, colour))
    seats = [Seat(names[i], i == 0) for i in range(4)]
    session = Session("deadline", seats, {}, state.chance.seed, state=state, executor=inline)
    app.scene.go("table", session=session, viewer=0, events_seen=session.event_count(), curtains=[])
    app.frame()
    app.scene.invalidate()
    app.frame()
    for words in readouts:
        lines = screen.wrap(words, text_module.READ, PANEL_W - 50)
        assert len(lines) > 1 and all(line in drawn for line in lines), (words, lines)
    assert not any(words.endswith("...") for words in drawn if words.split(":")[0] in names)


def test_a_card_coming_into_the_hand_never_moves_the_card_under_the_pointer(app):
    """Deadline, the hand sorted by rank: with the pointer resting on a card of your hand,
    taking a card (a re-sort, a card more) leaves that card where it was, under the
    pointer, so the next click takes the card you were pointing at."""
    app.settings.hand_order = "rank"
    session = start_game(app, "deadline", 3, {0}, 4242)
    rng = random.Random(5)
    for _ in range(4000):
        table = app.scene
        if table.model.my_turn() and not table.busy() and not table.motion.flights:
            if any(a.kind == "draw" for a in session.legal_actions()):
                break
            table.act(intents.Choose(choose(session.legal_actions(), rng)))
        app.frame()
    table = app.scene
    hand = table.board.hand_cards()
    pointed = hand[len(hand) // 2]
    point = (pointed.rect.x + 6, pointed.rect.bottom - 10)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.screen.pixel(point), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.frame()
    assert table.pointer.hovered.card is pointed.card
    before = pointed.rect.x
    table.act(intents.Choose(next(a for a in session.legal_actions() if a.kind == "draw")))
    for _ in range(60):
        app.frame()
    assert len(table.board.hand_cards()) == len(hand) + 1
    now = next(p for p in table.board.hand_cards() if p.card is pointed.card)
    assert now.rect.x == before
    assert table.pointer.hovered is not None and table.pointer.hovered.card is pointed.card


def test_from_the_keyboard_a_lane_is_chosen_by_its_number_and_nothing_says_click(app):
    """5 possessions against a computer, played from the keyboard alone: Enter on a card
    asks for its lane's number, a digit puts it there, and neither the top bar nor a
    message ever tells the person to click."""
    session = start_game(app, "five_possessions", 2, {0}, 4242)
    table = app.scene
    said, laned = [], 0
    for _ in range(600):
        if session.is_over or laned >= 4 or app.scene is not table:
            break
        if table.model.hold.wait:
            press(app, pygame.K_SPACE)
        elif table.model.my_turn() and table.model.settled():
            said += [table.model.prompt(), table.model.ui.message]
            if table.model.ui.selection:
                before = len(session.submitted)
                for digit in range(pygame.K_1, pygame.K_6):
                    press(app, digit)
                    said.append(table.model.ui.message)
                    if len(session.submitted) > before:
                        laned += 1
                        break
            else:
                press(app, pygame.K_RETURN)
                said.append(table.model.ui.message)
        app.frame()
    assert laned >= 4, "\n".join(said[-14:])
    assert any("lane's number" in words for words in said)
    assert not any("click" in words.lower() for words in said), [w for w in said if "lick" in w][:3]


def test_going_out_with_a_d_asks_for_no_colour_and_the_result_shows_none(app):
    """Final Card-Down: a D that is your last card goes out at once; no colour is asked
    for (it could have no effect, A19), and the scores after it say nothing of a colour in
    force."""
    from tests.test_final_card_down import card, new
    from tests.test_followable_words import open_state
    state = new(hands={0: ["D/blue/clubs"]}, first="5/blue/hearts", players=2)
    state.hands[0] = [card(state, 0, "D/blue/clubs")]
    table, session = open_state(app, state, {0})
    settle(app)
    [placed] = [p for p in table.board.hand_cards()]
    click_at(app, placed.rect.center)
    assert table.model.ui.dialog is None
    assert session.is_over and list(session.state.winners()) == [0]
    assert session.submitted[-1][1].arg == "blue"             # the D's own colour, as A6's default
    for _ in range(400):
        if app.scene is not table:
            break
        if table.model.hold.wait:
            press(app, pygame.K_SPACE)
        app.frame()
    scoring = app.scene
    assert type(scoring).__name__ == "ScoringScene"
    assert not any("colour" in line.lower() for line in scoring.notes())


def test_at_the_midterm_the_prompt_says_why_there_is_no_finish_yet_or_offers_it():
    """Deadline against computers: at every turn of your exam (no group being built),
    the top bar either names the sets and runs still in your hand (so
    there is no Finish exam yet, A11) or, when Finish exam is among your moves, says to
    press it."""
    model = model_of("deadline", [Seat("Maya"), Seat("Theo", False, "easy"), Seat("Ines", False, "easy")], 11)
    rng = random.Random(11)
    seen = {"why": 0, "finish": 0}
    while not model.session.is_over and model.leaving is None and min(seen.values()) < 2:
        until(model, lambda: model.my_turn() or model.leaving is not None or model.session.is_over)
        if model.leaving is not None or model.session.is_over:
            break
        view = model.view
        if view.facts["step"] == "exam" and not view.facts["building"]:
            prompt = model.prompt()
            if any(a.kind == "finish_exam" for a in model.legal):
                assert "press Finish exam" in prompt, prompt
                seen["finish"] += 1
            else:
                assert "Still to lay down" in prompt and "Finish exam comes once no set or run" in prompt, prompt
                seen["why"] += 1
        model.do(intents.Choose(choose(model.legal, rng)))
    assert min(seen.values()) >= 1, seen


def test_ktu_sorted_by_rank_puts_the_jacks_at_the_weak_end():
    """KTU's hand sorted by rank follows KTU's rank order (J Q K A 2 ... 10, A6): the Jacks,
    the weakest, at the left, the 10s at the right."""
    state = registry.new_game("ktu", 2, 3)          # Maya's hand: K, J, 7, Q, 8, Q, 2
    view = state.view(0)
    presenter = presenter_for(registry.game_info("ktu"))
    board = lay_out(view, presenter, 0, ["Maya", "Theo"], (1280, 720), lambda words, px: len(words) * px / 2,
                    order="rank")
    ranks = [p.card.rank for p in sorted(board.hand_cards(), key=lambda p: p.rect.x)]
    order = view.facts["rank_order"].split()
    assert ranks == sorted(ranks, key=order.index) and ranks[0] == "J"


def test_after_a_hint_enter_makes_the_hinted_move(app):
    """KTU from the keyboard: H for a hint, and Enter on the hinted card makes the hinted
    move, all its cards (it never puts the card back); a move of several cards, picked
    then confirmed, the first Enter picks them all and the second makes it (wave 14)."""
    app.settings.thinking_time = 0.1
    session = start_game(app, "ktu", 2, {0}, 4242)
    table = app.scene
    for _ in range(300):
        if table.model.my_turn() and table.model.settled():
            break
        app.frame()
    press(app, pygame.K_h)
    for _ in range(30):
        app.frame()
    hint = table.model.ui.hint
    assert hint is not None and hint.cards
    before = len(session.submitted)
    press(app, pygame.K_RETURN)
    if len(hint.cards) > 1:
        assert len(session.submitted) == before and len(table.model.ui.selection) == len(hint.cards)
        press(app, pygame.K_RETURN)
    assert len(session.submitted) == before + 1 and session.submitted[before] == (0, hint)


def test_on_a_six_final_count_says_a_swap_with_the_board_leaves_your_count():
    """Final Count against a computer: whenever your die shows 6, the top bar says that a
    swap with the Board never changes your own count (everyone counts the Board)."""
    sixes = 0
    for seed in range(1, 8):
        model = model_of("final_count", [Seat("Maya"), Seat("Theo", False, "easy")], seed)
        rng = random.Random(seed)
        while sixes < 2 and not model.session.is_over and model.leaving is None:
            until(model, lambda: model.my_turn() or model.leaving is not None or model.session.is_over)
            if model.leaving is not None or model.session.is_over:
                break
            if model.view.facts["die"] == 6 and model.view.facts["step"] in ("action", "target"):
                assert "your own count stays the same" in model.prompt(), model.prompt()
                sixes += 1
            model.do(intents.Choose(rng.choice([a for a in model.legal if a.kind != "call"] or model.legal)))
        if sixes >= 2:
            break
    assert sixes >= 2


def test_at_a_knock_prompt_the_log_already_tells_every_move_before_it(app):
    """4 downs with knocking, against computers at the normal pace: whenever the person
    is asked to knock or pass (or to call or fold), the log already tells every move made
    before, the computer's pass or call just before included."""
    from scenes.table.session import Seat as TableSeat
    seats = [TableSeat("Maya")] + [TableSeat(name, False, "easy") for name in ("Theo", "Ines", "Kofi")]
    app.settings.animation_speed = "normal"
    session = Session("four_downs", seats, {"pd.knocking": "on"}, 4242, executor=inline)
    app.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
    app.frame()
    table = app.scene
    rng = random.Random(1)
    asked, behind = 0, []
    for _ in range(4000):
        model = table.model
        if model.hold.wait and model.settled():
            table.act(intents.Continue())
        if model.my_turn() and model.settled() and model.view.facts["step"] in ("knock", "respond"):
            asked += 1
            if model.told() < session.event_count():
                behind.append(model.log_lines()[-1:])
        if model.my_turn() and model.settled() and not table.busy():
            table.act(intents.Choose(choose(session.legal_actions(), rng)))
        app.frame()
    assert asked > 5 and not behind, behind[:3]


def test_after_a_fold_by_keyboard_the_keyboard_rests_on_nothing_that_leaves(app):
    """4 downs with knocking, from the keyboard: after Enter on Fold, with nothing left
    for the person to do, the keyboard rests on no button (not on Rules, Menu or Undo,
    which a stray Enter would take), and the next arrow walks on from the first item."""
    seats = [Seat("Maya")] + [Seat(name, False, "easy") for name in ("Theo", "Ines", "Kofi")]
    session = Session("four_downs", seats, {"pd.knocking": "on"}, 4242, executor=inline)
    app.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
    app.frame()
    table = app.scene
    rng = random.Random(1)
    for _ in range(6000):
        model = table.model
        if model.hold.wait and model.settled():
            table.act(intents.Continue())
        if model.my_turn() and model.settled() and not table.busy():
            if any(a.kind == "fold" for a in model.legal):
                break
            table.act(intents.Choose(choose(session.legal_actions(), rng)))
        app.frame()
    press(app, pygame.K_TAB)                                # the keyboard in use
    items = table.laid.cards + table.laid.widgets
    table.pointer.focus = next(k for k, w in enumerate(items) if getattr(w, "label", "") == "Fold")
    press(app, pygame.K_RETURN)
    assert session.submitted[-1][1].kind == "fold"
    for _ in range(5):
        app.frame()
    assert not table.model.my_turn()
    assert table.focus_item() is None
    before = len(session.submitted)
    press(app, pygame.K_RETURN)                             # a stray Enter takes nothing
    assert isinstance(app.scene, type(table)) and len(session.submitted) == before
    press(app, pygame.K_RIGHT)
    assert table.focus_item() is (table.laid.cards + table.laid.widgets)[0]


def test_a_note_ends_when_the_next_action_is_told_even_without_cards():
    """4 downs: 'Ines called at stake 30' is not still in the top bar once the next
    action, a pass (no card moves), is told."""
    def called_then_passed(moves):
        return len(moves) > 1 and moves[-2][0].kind == "call" and moves[-1][0].kind == "pass"
    state = None
    for seed in range(40):
        state = registry.new_game("four_downs", 4, seed, {"pd.knocking": "on"})
        rng, moves = random.Random(seed), []
        while not state.is_over and not called_then_passed(moves):
            told = len(state.events)
            action = rng.choice(state.legal_actions())
            state.apply(action)
            moves.append((action, state.events[told:]))
        if called_then_passed(moves):
            break
    assert called_then_passed(moves)
    presenter = presenter_for(registry.game_info("four_downs"))
    names = ["Maya", "Theo", "Ines", "Kofi"]

    def words(event):
        return presenter.event_line(event, names, {})
    motion = Motion()
    motion.start(moves[-2][1], 0, presenter, words, {}, [], 0.5, lambda sound: None)
    motion.update(0.2)
    assert "called" in motion.toast()
    motion.start(moves[-1][1], 0, presenter, words, {}, [], 0.5, lambda sound: None)
    motion.update(0.01)
    assert motion.toast() is None


def test_five_possessions_marks_a_closed_lane_on_the_table_and_says_why_a_card_was_closed():
    """5 possessions against a computer: once a lane is closed, its captions on the table
    say so ('Lane 3, closed: Theo'), and a lane held because the offense card was closed
    says that card was never compared, and when a card is closed."""
    model = model_of("five_possessions", [Seat("Maya"), Seat("Theo", False, "easy")], 3)
    rng = random.Random(3)
    while not model.session.is_over and model.leaving is None:
        until(model, lambda: model.my_turn() or model.leaving is not None or model.session.is_over)
        closed = [k for k, lane in enumerate(model.view.facts["lanes"]) if not lane.get("live")]
        if closed:
            break
        model.do(intents.Choose(choose(model.legal, rng)))
    assert closed
    cells = model.presenter.field(model.view, 0, model.names)
    captions = {caption for lane, _, _, caption in cells.values() if lane == closed[0]}
    assert f"Lane {closed[0] + 1}, closed: your line" in captions
    held = model.presenter.lane_words({"lane": closed[0], "open": False, "won": False}, "Theo")
    assert "never compared" in held and "in a closed lane" in held


def test_five_possessions_marks_dead_lanes_apart_when_a_card_is_picked(spy):  # noqa: F811
    """5 possessions against a computer: with a card picked, a lane where it would be used
    up unseen (no longer live while setting offense; opposite a closed offense card while
    setting defense) is edged apart and says so, the live ones in gold."""
    a = new_app(size=(1280, 800))
    try:
        session = start_game(a, "five_possessions", 2, {0}, 3)
        rng = random.Random(3)
        for _ in range(400):
            settle(a)
            model = a.scene.model
            if model.my_turn() and model.presenter.dead_lanes(model.view):
                break
            perform(a, choose(session.legal_actions(), rng))
        view = model.view
        dead = model.presenter.dead_lanes(view)
        assert view.facts["step"] == "offense_set"
        assert dead == {k for k, lane in enumerate(view.facts["lanes"]) if not lane.get("live")}
        spy.clear()
        a.frame()
        assert not any(words.startswith("Dead lane") for words in spy)
        hand = [c for z in view.zones if z.key == "hand:0" for c in z.cards]
        a.scene.act(intents.Toggle(hand[0]))
        a.scene.dirty = True
        a.frame()
        assert any(words.startswith("Dead lane") for words in spy)
        board = a.scene.laid.board
        surface = pygame.display.get_surface()
        for lane, area in zip(board.lanes, board.areas):
            edge = surface.get_at(a.screen.rect(area).inflate(2, 2).midtop)[:3]
            assert (edge == palette.DEAD_LANE) == (lane in dead), (lane, edge)
        field = [pygame.Rect(a.screen.rect(area)) for area in board.areas]
        for words, (x, y) in board.labels:                  # the lanes' row lines never cross a caption
            label = a.screen.rect((x, y, a.screen.text_width(words, text_module.READ), text_module.READ))
            if any(f.contains(label) for f in field):
                crossed = [(px, py) for px in range(label.left, label.right) for py in range(label.top, label.bottom)
                           if surface.get_at((px, py))[:3] == (210, 230, 210)]
                assert not crossed, (words, crossed[:3])
    finally:
        pygame.quit()


def test_deadlines_score_explanation_adds_up_and_names_the_jokers_cancellation():
    """Deadline played to its end: each student's explanation on the scoring screen is a
    sum whose terms add up to the score, and a Joker's cancellation (of an assignment or
    of extra credit) is named with what it cancelled (A17)."""
    presenter = presenter_for(registry.game_info("deadline"))
    names = ["Maya", "Theo", "Ines"]
    named = 0
    for state in positions("deadline", 3, range(3, 15)):
        if not state.is_over:
            continue
        view = state.view(0)
        for seat, grade in enumerate(view.facts["grades"]):
            words = presenter.breakdown(view, seat, names)
            terms = re.sub(r"\([^)]*\)", "", words.split("; total")[0])      # what is cancelled counts 0
            counted = sum(int(n) for n in re.findall(r"(?:: |\+ )([+-]?\d+)", terms))
            assert counted == view.scores[seat] and words.endswith(f"total {view.scores[seat]}"), words
            if grade["cancelled"] or grade["extra_cancelled"]:
                assert "cancelled by a Joker" in words or "cancelled by 2 Jokers" in words, words
                named += 1
        assert not any(line.startswith(("Leader", "Exchange", "Next exam"))
                       for line in presenter.summary_lines(view, names))
    assert named


def test_deadlines_extra_credit_on_a_run_lies_in_run_order():
    """Deadline played on: extra credit on a run lies on the table in the run's order,
    within the run, not in the order it was played (5 4 8 9 10 no more), nor after the
    run's own cards (3 4 5 | 2 6, walk 13)."""
    presenter = presenter_for(registry.game_info("deadline"))
    names = ["Maya", "Theo", "Ines"]
    ordered = 0
    for state in positions("deadline", 3, range(3, 40)):
        table = state.view(0).facts["assignments"]
        runs = [k for k, a in enumerate(table) if a["kind"] == "run" and len(a["extra_credit"]) > 1]
        view = presenter.arranged(state.view(0), lambda: state.events)
        board = lay_out(view, presenter, 0, names, (1280, 720), lambda words, px: len(words) * px / 2)
        for k in runs:
            cards = [p.card for p in sorted(board.placed, key=lambda p: p.rect.x) if p.zone == f"assignment:{k}"]
            assert [c.value for c in cards] == sorted(c.value for c in cards)
            assert {c.name for c in cards} >= {name for _, name in table[k]["extra_credit"]}
            ordered += 1
        if ordered > 5:
            break
    assert ordered


def test_deadlines_next_exam_reads_as_the_top_bar_counts():
    """Deadline against computers: the panel's next exam is told in the top bar's terms
    (the half it ends), never by a rotation number the top bar does not use."""
    model = model_of("deadline", [Seat("Maya"), Seat("Theo", False, "easy"), Seat("Ines", False, "easy")], 3)
    rng = random.Random(3)
    halves = set()
    while not model.session.is_over and model.leaving is None:
        until(model, lambda: model.my_turn() or model.leaving is not None or model.session.is_over)
        if model.leaving is not None or model.session.is_over:
            break
        side = dict((label, value) for label, value, _ in model.presenter.readouts(model.view, model.names))
        prompt = model.prompt()
        if "Next exam" in side:
            half = "first half" if prompt.startswith("First half") else "second half"
            assert side["Next exam"].endswith(f"at the end of the {half}"), (side, prompt)
            halves.add(half)
        model.do(intents.Choose(choose(model.legal, rng)))
    assert halves == {"first half", "second half"}


def test_a_game_played_at_one_computer_is_not_offered_for_hosting(app):
    """Two people passing one computer, the game left unfinished: the menu offers
    Continue, and no 'Host it for the others' (nobody played elsewhere); a hosted game's
    save keeps who played at another computer, and only that one is offered."""
    session = Session("ktu", [Seat("Maya"), Seat("Theo"), Seat("Ines", False, "easy")], {}, 7, app.folders,
                      executor=inline)
    for _ in range(5):
        session.submit(session.legal_actions()[0])
    app.switch("menu")
    labels = [w.label for w in app.scene.widgets]
    assert "Continue" in labels and "Host it for the others" not in labels
    hosted = Session("ktu", [Seat("Maya"), Seat("Theo", remote=True), Seat("Ines", False, "easy")], {}, 7,
                     app.folders, executor=inline)
    hosted.submit(hosted.legal_actions()[0])
    app.switch("menu")
    assert "Host it for the others" in [w.label for w in app.scene.widgets]


def test_the_side_panels_scores_line_reads_as_a_sentence(app, monkeypatch):
    """Deadline at the table: the line under Scores opens with a capital, as the sentence
    after it does ('Points, higher is better. So far: ...')."""
    drawn = []
    real = text_module.render
    monkeypatch.setattr(text_module, "render", lambda words, px, colour: drawn.append(words) or real(words, px, colour))
    start_game(app, "deadline", 3, {0}, 4242)
    app.scene.invalidate()
    app.frame()
    assert any(words.startswith("Points, higher is better.") for words in drawn), [w for w in drawn if "better" in w]


def test_deadlines_extra_credit_says_whose_it_is_at_a_crowded_final_without_overflow():
    """Deadline with 5 players at 960x600, played to the Final: each assignment with
    extra credit at another seat says whose the extra credit is ('with Theodora's extra
    credit', whole in its caption, where no more than two gave them; never 'from
    Theodora', walk 13) and every card stays inside its seat's panel."""
    screen = ui.Screen(pygame.Surface((960, 600)))
    presenter = presenter_for(registry.game_info("deadline"))
    names = ["Maya", "Theodora", "Ines", "Kofi", "Sam"]
    tagged = 0
    for state in positions("deadline", 5, range(4)):
        view = state.view(0)
        table = view.facts["assignments"]
        if view.facts["step"] != "exam" or not any(a["extra_credit"] for a in table):
            continue
        view = presenter.arranged(view, lambda: state.events)
        board = lay_out(view, presenter, 0, names, (screen.lw, screen.lh), screen.text_width, scale=screen.s)
        owner = presenter.owners(view)
        captions = {}           # each assignment's caption, its lines joined
        for key, (bx, by, _, _) in board.boxes.items():
            captions[key] = " ".join(words for words, (x, y) in sorted(board.labels, key=lambda label: label[1][1])
                                     if round(x) == round(bx) and by - 3 * CAPTION <= y < by)
        where = f"move {len(state.history)}"
        for p in board.placed:
            if owner.get(p.zone) in board.seat_panels:
                assert pygame.Rect(*map(int, board.seat_panels[owner[p.zone]])).contains(p.rect), \
                    f"{where}: a card of {p.zone} leaves its seat's panel"
        for k, assignment in enumerate(table):
            givers = list(dict.fromkeys(f"{names[who]}'s" for who, _ in assignment["extra_credit"]))
            if assignment["owner"] == 0 or not givers or len(givers) > 2:
                continue
            whose = f"with {' and '.join(givers)} extra credit"
            assert captions.get(f"assignment:{k}", "").endswith(whose), f"{where}: {whose} not on the table"
            tagged += 1
    assert tagged > 50


def test_deadlines_assignments_at_the_final_show_every_cards_rank_and_suit():
    """Deadline played to the Final at 960x600 (5 players) and 1280x800 (3): no card drawn
    later covers the corner where a face-up card shows its rank and suit, however small
    the cards of a crowded seat are drawn (the index's type never shrinks under the
    smallest text, so it takes more of a small card than of a large one)."""
    from sprites import cards as card_sprites
    presenter = presenter_for(registry.game_info("deadline"))
    checked = 0
    for window, players in (((960, 600), 5), ((1280, 800), 3)):
        screen = ui.Screen(pygame.Surface(window))
        names = ["Maya", "Theodora", "Ines", "Kofi", "Sam"][:players]
        for state in positions("deadline", players, range(3)):
            view = state.view(0)
            if view.facts["step"] != "exam" or view.facts["exam"] != "final":
                continue
            view = presenter.arranged(view, lambda: state.events)
            board = lay_out(view, presenter, 0, names, (screen.lw, screen.lh), screen.text_width, scale=screen.s)
            drawn = [(p, screen.rect(p.rect)) for p in board.placed]
            for i, (p, r) in enumerate(drawn):
                if not p.face_up or not p.zone.startswith(("assignment", "extra")):
                    continue
                corner = pygame.Rect(r.x, r.y, math.ceil(card_sprites.index_width(p.card.rank, r.w, r.h)), r.h // 2)
                over = [q for q, qr in drawn[i + 1:] if qr.colliderect(corner)]
                assert not over, (f"{window}, move {len(state.history)}: the corner of the {p.card.spoken} "
                                  f"is covered by a card of {over[0].zone}")
                checked += 1
    assert checked > 500


def test_a_computer_whose_card_is_played_is_never_said_to_be_thinking():
    """Final Card-Down, Maya against two computers, on the model alone: after a computer's
    card has landed, its turn (End turn its only move left) ends at once, and the top bar
    never says 'Theo is thinking...' beside the card Theo played (walkC15 #5: 'Theo is
    thinking...' while Moves already listed 'Theo played F blue clubs')."""
    from tests.test_table_model import frame
    model = model_of("final_card_down", [Seat("Maya"), Seat("Theo", False, "easy"), Seat("Ines", False, "easy")], 5)
    rng = random.Random(5)
    seen, ended = [], 0
    for _ in range(3000):
        if model.session.is_over or ended >= 8:
            break
        legal = model.session.legal_actions()
        current = model.session.current_player
        if current in (1, 2) and [a.kind for a in legal] == ["end_turn"]:
            ended += 1
            if "is thinking" in model.prompt():
                seen.append(model.prompt())
        if model.my_turn() and model.settled() and model.legal:
            model.submit(choose(model.legal, rng))
        frame(model)
    assert ended
    assert not seen, seen[:3]


def test_final_card_down_s_empty_draw_pile_says_where_a_draw_comes_from():
    """Final Card-Down's lesson, the draw pile run out and Draw still offered: the side
    panel says what a draw does now, the discard pile turned over; while the draw pile
    holds cards it says nothing of it (walkC15 #4: an empty draw pile, 'or draw one' in
    the top bar, and nothing said where the card would come from)."""
    from game import tutorial
    lesson = tutorial.load("final_card_down")
    coach = tutorial.Coach(lesson)
    presenter = presenter_for(registry.GAMES["final_card_down"])
    said = {}
    while not coach.finished:
        view = coach.state.view(lesson.learner)
        empty = view.zone("draw").count == 0
        labels = [label for label, *_ in presenter.side_facts(view, list(lesson.names))]
        said[empty] = said.get(empty, True) and ("Draw pile" in labels) == empty
        if coach.explaining():
            coach.next()
        else:
            coach.submit(coach.scripted_action() or tutorial.find(coach.state, coach.cue.moves[0]))
    assert said == {True: True, False: True}, said
