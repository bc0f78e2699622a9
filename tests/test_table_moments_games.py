"""More confusing moments of issue #37, each played with real events at the table (the
model stepped alone, or the app under a hidden window) from stacked decks or seeds:
Deadline's crowded seats, its Midterm prompt and its exchange's note, KTU's log of
shown cards and burns, Final Count's die and its enlarged card (the rulings cited:
docs/rulings/deadline.md, docs/rulings/ktu.md, docs/rulings/final_count.md)."""
import random
import re

import pygame

from game import registry
from scenes import config
from scenes.table import draw, intents
from scenes.table.layout import lay_out
from scenes.table.director import Director
from scenes.table.model import TableModel
from scenes.table.presenters import presenter_for
from scenes.table.session import Seat, Session, inline
from scenes.widgets import ui
from tests.helpers import spied
from tests.test_deadline import game_at_midterm
from tests.test_table_moments import positions
from tests.test_table_words import spy  # noqa: F401
from tests.test_ui_play import app, card_point, choose, click_at  # noqa: F401
from tests.test_ui_saves import start_game


def model_at(state, humans=(0,), speed="instant"):
    """The model of a table playing `state`, a game already begun (people at `humans`,
    computers elsewhere)."""
    names = ["Maya", "Theo", "Ines", "Kofi", "Sam"]
    seats = [Seat(names[i], i in humans, "easy") for i in range(state.players)]
    session = Session(state.game_id, seats, dict(state.options), state.chance.seed, state=state, executor=inline)
    return TableModel(session, Director(), presenter_for(session.info), config.Settings(animation_speed=speed),
                      events_seen=session.event_count())


def test_at_the_midterm_the_prompt_names_every_set_and_run_still_in_the_hand():
    """Deadline, Maya's Midterm (A11) with two Kings, the 4 and 5 of clubs and the 4 of
    diamonds: the top bar names all three groups that keep Finish exam away; once the
    Kings are laid down it names the other two; once none is left it offers Finish exam."""
    state = game_at_midterm({0: ["KC", "KS", "4C", "5C", "4D"]})
    model = model_at(state)
    assert model.my_turn() and model.view.facts["step"] == "exam"
    prompt = model.prompt()
    assert all(group in prompt for group in ("two Kings", "4-5 of clubs", "two 4s")), prompt
    assert "Finish exam comes once no set or run is left" in prompt
    hand = {c.name: c for c in state.hands[0]}
    for name in ("KC", "KS"):
        model.do(intents.Choose(next(a for a in model.legal if a.kind == "group" and a.cards[0] is hand[name])))
    model.do(intents.Choose(next(a for a in model.legal if a.kind == "submit")))
    prompt = model.prompt()
    assert "4-5 of clubs" in prompt and "two 4s" in prompt and "Kings" not in prompt, prompt
    for name in ("4C", "5C"):
        model.do(intents.Choose(next(a for a in model.legal if a.kind == "group" and a.cards[0] is hand[name])))
    model.do(intents.Choose(next(a for a in model.legal if a.kind == "submit")))
    assert any(a.kind == "finish_exam" for a in model.legal)
    assert "press Finish exam" in model.prompt(), model.prompt()


def played(app, game_id, players, deal, seed, pick=None, limit=20000, options=None):
    """A game at the table at the normal pace, Maya (seat 0) against computers (begun
    from Setup, or with `options`): each frame her move when it is hers (`pick(table)`'s,
    else one at random, never a call), outcomes held read as they land; yields the table
    after each frame."""
    app.settings.animation_speed = "normal"
    if options is None:
        start_game(app, game_id, players, {0}, deal)
    else:
        seats = [Seat("Maya")] + [Seat(name, False, "easy") for name in ("Theo", "Ines", "Kofi", "Sam")[:players - 1]]
        session = Session(game_id, seats, options, deal, executor=inline)
        app.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
        app.frame()
    table = app.scene
    rng = random.Random(seed)
    for _ in range(limit):
        if app.scene is not table:
            return
        model = table.model
        if model.hold.wait and model.settled():
            table.act(intents.Continue())
        if model.my_turn() and model.settled() and not table.busy() and not (pick and pick(table)):
            table.act(intents.Choose(choose([a for a in model.legal if a.kind != "call"] or model.legal, rng)))
        app.frame()
        yield table


def test_the_die_is_told_nowhere_before_it_stops_tumbling(app, spy):  # noqa: F811
    """Final Count against a computer at the normal pace: while the die tumbles (Maya's
    rolls and Theo's), neither the top bar nor the side panel names its face, and no move
    is offered; once it stops and what it brings has landed (a card drawn), the top bar
    says what the face shown means."""
    tumbling, told, rolls, was, stopped = [], [], 0, False, False
    for table in played(app, "final_count", 2, 4242, 4, limit=5000):
        model = table.model
        now = table.motion.rolling > 0
        if now:
            tumbling += [words for words in spy if re.search(r"Die shows \d|rolled \d:|^Die: \d", words)]
            assert not model.legal, "a move offered while the die tumbles"
            assert "The die is rolling..." in model.prompt() or "is rolling the die" in model.prompt()
        stopped = (stopped or was and not now and model.my_turn()) and not now
        if stopped and model.settled():
            told.append((model.prompt(), model.session.state.view(0).facts["die"]))
            stopped = False
        rolls += now and not was
        was = now
        spy.clear()
        if rolls >= 6:
            break
    assert rolls >= 6 and not tumbling, tumbling[:3]
    assert told and all(f"Die shows {die}" in prompt for prompt, die in told), told[:3]


def test_the_drawn_card_does_not_show_before_the_die_stops(app):
    """Final Count at the normal pace: while the die tumbles, the drawn card lies nowhere
    face up (on the table or in flight), else it gives the roll away; once the die stops
    and a 1 to 4 drew one, the roller sees it."""
    tumbling, seen, rolls, was = [], 0, 0, False
    for table in played(app, "final_count", 2, 4242, 4, limit=5000):
        model = table.model
        now = table.motion.rolling > 0
        if now:
            drawn = [card for z in model.view.zones if z.key == "drawn" for card in z.cards if card is not None]
            tumbling += drawn + [f.card for f in table.motion.flights if f.card is not None and f.progress() is not None]
        elif model.my_turn() and model.view.facts["die"] in (1, 2, 3, 4):
            seen += any(card is not None for z in model.view.zones if z.key == "drawn" for card in z.cards)
        rolls += now and not was
        was = now
        if rolls >= 8 and seen:
            break
    assert rolls >= 8 and seen and not tumbling, tumbling[:3]


def test_the_hit_goal_is_told_nowhere_before_its_die_stops(app, spy):  # noqa: F811
    """Final Count with the Hit Goal on, at the first hand: while the goal's die tumbles,
    neither a note in the top bar nor the panel tells the goal its rolls set; once the
    die stops, the note says it."""
    early, told, rolls, was = [], 0, 0, False
    for table in played(app, "final_count", 2, 4242, 4, limit=8000, options={"final_count.hit_goal": "on"}):
        motion = table.motion
        now = motion.rolling > 0
        if now and table.model.view.facts["step"] == "start":
            early += [words for words in spy if re.search(r"^Goal: \d", words)]
            early += [motion.toast()] if "Hit Goal" in (motion.toast() or "") else []
            rolls += not was
        elif "Hit Goal" in (motion.toast() or ""):
            told += 1
        was = now
        spy.clear()
        if rolls and told:
            break
    assert rolls and told and not early, early[:3]


def test_a_burns_line_is_in_the_log_while_burned_is_called_out(app):
    """KTU against computers at the normal pace: whenever 'Burned!' stands on the table
    (a 10, or four of a kind, A13-A14), the log already says who burned the pile, before
    any click; the log never lags the table's callouts."""
    shown, lagging = 0, []
    for table in played(app, "ktu", 3, 4242, 4, limit=8000):
        call = table.model.timeline.callout
        if call is not None and "urned!" in call.words:
            shown += 1
            burns = sum(1 for e in table.model.session.events_since(0)[:call.event + 1] if e.kind == "burn")
            logged = sum(line.count("burned the play ground") for line in table.log_lines())
            if logged < burns:
                lagging.append((call.words, table.log_lines()[-1]))
        if shown >= 40:
            break
    assert shown >= 40, "too few burns called out"
    assert not lagging, lagging[:3]


def test_ktus_face_up_cards_are_told_as_they_turn_over_and_yours_not_at_all(app):
    """KTU against computers at the normal pace: once everyone has chosen (A4), the log
    names each other player's face-up cards as they turn over on the table ('Theo's
    face-up cards turned over: ...'), says nothing of your own (you saw them as you
    laid them), and never 'showed their cards'; a choice not yet turned over says 'chose
    3 cards for their face-up cards', never that they were laid face up."""
    told = {}
    for table in played(app, "ktu", 3, 4242, 4, limit=3000):
        model = table.model
        for line in table.log_lines():
            if "face-up cards turned over" in line and line not in told:
                owner = next(k for k, name in enumerate(model.names) if line.startswith(name + "'s"))
                shown = [p for p in table.board.placed if p.zone == f"faceup:{owner}"]
                told[line] = (owner, [p.card.spoken for p in shown if p.face_up])
        if model.view.facts["step"] == "play" and model.settled():
            break
    lines = table.log_lines()
    assert not any("showed their cards" in line for line in lines), lines
    chose = [line for line in lines if "for their face-up cards" in line]     # chosen unseen: not 'laid face up'
    assert len(chose) == 3 and not any("face up" in line for line in lines), lines
    assert sorted(owner for owner, _ in told.values()) == [1, 2], lines
    for line, (owner, shown) in told.items():
        assert len(shown) == 3 and line.endswith(": " + ", ".join(shown)), (line, shown)


def test_a_note_of_the_exchange_ends_as_the_next_move_is_shown_and_never_covers_the_hand(app):
    """Deadline with five at the normal pace, through the first half's exchanges (A7)
    into the Midterm: the note 'Theo took ... blind from your hand' (said to Maya, her own
    hand hers: walkC16 #14) ends as the next move is shown (Ines's take), so it never
    stands over the Midterm; and no message ever lies over the hand."""
    notes, stale, over_hand = 0, [], []
    said_at = None
    for table in played(app, "deadline", 5, 4242, 1):
        model, session = table.model, table.model.session
        words = model.ui.message
        if "blind from your hand" in words:
            if said_at is None:
                said_at, notes = session.event_count(), notes + 1
            shown = session.event_count() - len(model.timeline.pending)
            later = [e for e in session.events_since(said_at)[:shown - said_at] if e.kind == "move"]
            if later:
                stale.append((words, later[0]))
        else:
            said_at = None
        if words:
            board, spot = table.board, table.pointer.message_spot
            box = pygame.Rect(*map(int, (*spot, draw.message_width(app.screen, board, words), 32)))
            if box.collidelist([p.rect for p in board.hand_cards()]) >= 0:
                over_hand.append(words)
        if model.view.facts["step"] == "exam" and model.my_turn() and model.settled():
            break
    assert model.view.facts["step"] == "exam", "never reached the Midterm"
    assert notes >= 3, "no exchange took a card of Maya's"
    assert not stale, stale[:2]
    assert not over_hand, over_hand[:2]
    assert "blind from your hand" not in model.ui.message


def test_the_enlarged_copy_of_a_card_chosen_for_a_swap_covers_nothing_needed(app, monkeypatch):
    """Final Count with three at 1280x720: Maya's die asks for a swap (5 or 6), she
    clicks the card of hers to swap and the pointer stays on it: its enlarged copy lies
    off the piles and the Board (with their captions), off every card she may take next
    and off the buttons."""
    covered = []
    shown = spied(monkeypatch, draw, "enlarged")

    def swap(table):
        """Click the card of a swap and look at its enlarged copy; then decline."""
        model = table.model
        swaps = [a for a in model.legal if a.kind in ("swap_board", "swap_opp") and a.cards]
        if not swaps:
            return False
        click_at(app, card_point(table, swaps[0].cards[0]))
        shown.clear()
        table.invalidate()
        app.frame()
        assert model.view.facts["step"] == "target" and shown, "the chosen card is not shown enlarged"
        (_, placed, *_), box = shown[-1]
        board = table.board
        owners = model.presenter.owners(model.view)
        needed = dict({key: pygame.Rect(int(x), int(y - 17), int(w), int(h + 17)) for key, (x, y, w, h)
                       in board.boxes.items() if owners.get(key, "") is None},
                      **{f"{p.zone} {p.index}": p.rect for p in board.placed if p.raised},
                      **{w.label: w.rect for w in table.laid.widgets})
        covered.append((placed.card.spoken, [what for what, rect in needed.items() if box.colliderect(rect)]))
        table.act(intents.Choose(next(a for a in model.legal if a.kind == "decline")))
        return True
    for _ in played(app, "final_count", 3, 4242, 4, pick=swap):
        if len(covered) >= 3:
            break
    assert len(covered) >= 3 and not any(what for _, what in covered), covered
