"""Every choice is visible and clicked where it lies: Deadline's blind pick by clicking
one of the other student's cards (each lifts under the pointer; the keyboard and the hint
go to the same card), every card a step may take marked wherever it lies, a hand with
nothing to play dimmed, a lane clicked with no card picked answered, buttons that say
what they do."""
import random

import pygame

from scenes.table.layout import lifted
from scenes.table.session import Seat, Session, inline
from scenes.table.intents import Choose, Continue
from tests.test_ui_play import app, choose, click_at, click_widget, press  # noqa: F401


def open_table(a, game_id, names, seed, humans=(0,)):
    """The table of a new game of `game_id` (people at `humans`, computers elsewhere)."""
    seats = [Seat(n, i in humans) for i, n in enumerate(names)]
    session = Session(game_id, seats, {}, seed, executor=inline)
    a.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
    a.frame()
    return a.scene, session


def play_until(a, table, ready, rng, limit=5000):
    """Play the person's moves at random (the computers answering) until `ready()`."""
    for _ in range(limit):
        if table.model.my_turn() and not table.busy() and ready():
            return
        if table.model.hold.wait:
            table.act(Continue())
        elif table.model.my_turn() and not table.busy():
            table.act(Choose(choose(table.model.session.legal_actions(), rng)))
        a.frame()
    raise AssertionError("never got there")


def point(a, logical):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a.screen.pixel(logical), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    a.frame()


def exchange(a):
    table, session = open_table(a, "deadline", ["Maya", "Theo", "Sam", "Kofi"], 5)
    play_until(a, table, lambda: session.view(0).facts.get("exchange"), random.Random(1))
    return table, session


def test_followable_deadline_blind_pick_by_clicking_the_other_students_card(app):
    table, session = exchange(app)
    source = session.view(0).facts["exchange"]["from"]
    picks = [p for p in table.board.placed if p.zone == f"hand:{source}"]
    assert len(picks) == 7 and all(p.raised and not p.face_up for p in picks)      # each marked
    assert all(b.rect.left - a.rect.left >= 4 for a, b in zip(picks, picks[1:]))   # each shows a strip, the fan
    # in its place as before the pick (walkA16 #4: spread for the pick, it moved the seat's corner)
    target = picks[4]
    spot = (target.rect.left + 4, target.rect.centery)        # on its strip that shows
    point(app, spot)
    assert table.pointer.hovered is target                    # it is marked under the pointer,
    marked = [rect for placed, rect in lifted(table.pointer, table.board) if placed is target]
    assert marked and marked[0].collidepoint(spot) and target.rect.contains(marked[0])   # where it shows (wave 13)
    moves = len(session.moves())
    click_at(app, spot)
    assert session.moves()[moves].kind == "take" and session.moves()[moves].arg == 4
    assert "Take from" not in (table.model.ui.message or "")   # taken at once, no choice opened
    assert table.model.ui.dialog is None


def test_followable_the_keyboard_and_the_hint_go_to_the_same_card(app):
    table, session = exchange(app)
    items = table.laid.cards + table.widgets
    first = items[table.pointer.focus]
    assert getattr(first, "raised", False) and not first.face_up          # the keyboard starts on a pick
    press(app, pygame.K_h)
    for _ in range(5):
        app.frame()
    hint = table.model.ui.hint
    assert hint is not None and hint.kind == "take"
    marked = [p for p in table.board.placed if p.hinted]
    assert len(marked) == 1 and marked[0].index == hint.arg
    items = table.laid.cards + table.widgets
    assert items[table.pointer.focus] is marked[0]                     # the keyboard went there too
    words = table.model.presenter.action_label(hint, table.model.names, view=table.model.view)
    assert words == f"Take from {table.model.names[(0 - 1) % 4]}'s hand: card {hint.arg + 1}"
    moves = len(session.moves())
    press(app, pygame.K_RETURN)
    assert session.moves()[moves] == hint


def test_followable_ktu_cards_are_picked_then_played_and_the_buttons_stay_in_place(app):
    from tests.test_ktu import new
    state = new(hands={0: ["8S", "8H", "4S", "5S"]}, players=3)
    seats = [Seat(n, i == 0) for i, n in enumerate(["Maya", "Theo", "Ines"])]
    session = Session("ktu", seats, {}, 7, state=state, executor=inline)
    app.scene.go("table", session=session, viewer=None, events_seen=session.event_count(), curtains=[])
    app.frame()
    table = app.scene
    places = {w.label.split(" ")[0]: w.rect for w in table.widgets if getattr(w, "actions", None) is not None}
    assert not next(w for w in table.widgets if w.label == "Play").enabled
    four = next(p for p in table.board.placed if p.card is not None and p.card.name == "4S")
    moves = len(session.moves())
    click_at(app, (four.rect.left + 4, four.rect.top + 20))              # a single card: picked, not played
    assert [c.name for c in table.model.ui.selection] == ["4S"] and len(session.moves()) == moves
    now = {w.label.split(" ")[0]: w.rect for w in table.widgets if getattr(w, "actions", None) is not None}
    assert now == places                                                  # nothing moved
    click_widget(app, lambda w: w.label == "Play 1 card")
    assert session.moves()[-1].cards[0].name == "4S"


def test_followable_a_lane_clicked_with_no_card_picked_says_pick_one(app):
    table, session = open_table(app, "five_possessions", ["Maya", "Theo"], 4242)
    play_until(app, table, lambda: any(a.kind == "place" for a in session.legal_actions()), random.Random(2))
    area = table.board.areas[0]
    click_at(app, (area[0] + area[2] / 2, area[1] + area[3] / 2))
    assert table.model.ui.message == "Pick a card of your hand first, then click its lane"
    card = next(p for p in table.board.placed if p.zone == table.board.hand_key)
    click_at(app, (card.rect.left + 4, card.rect.top + 20))
    assert table.model.ui.message.startswith("Click a lane for")


def test_followable_no_card_fits_the_hand_is_dimmed_and_the_prompt_says_draw(app):
    table, session = open_table(app, "final_card_down", ["Maya", "Theo"], 3)

    def stuck():
        legal = session.legal_actions()
        return not any(a.kind == "play" for a in legal) and session.view(0).facts["draws_this_turn"] == 0
    play_until(app, table, stuck, random.Random(3))
    words = table.model.presenter.prompt(table.model.view, 0, table.model.names, 0, [True, False], table.model.legal)
    assert ("No card fits the " in words and words.endswith(": draw a card")) or "and hold no 2: draw" in words
    hand = [p for p in table.board.placed if p.zone == table.board.hand_key]
    assert hand and all(p.dimmed for p in hand)


def test_followable_final_counts_targets_are_marked_and_your_cards_never_move_aside(app):
    table, session = open_table(app, "final_count", ["Maya", "Theo"], 8)
    rng = random.Random(8)
    mine = None
    for _ in range(300):
        play_until(app, table, lambda: True, rng)
        rects = [p.rect for p in table.board.placed if p.zone == "table:0"]
        mine = rects if mine is None else mine
        legal = session.legal_actions()
        if any(a.cards and a.kind == "take" for a in legal):
            marked = {(p.zone, p.card.name) for p in table.board.placed if p.raised and p.card is not None}
            wanted = {(z.key, c.name) for z in table.model.view.zones for c in z.cards
                      for a in legal for d in a.cards if c is d}
            assert wanted and wanted <= marked                            # every card a step may take
            break
        table.act(Choose(choose(legal, rng)))
    assert "drawn" not in [p.zone for p in table.board.placed if p.rect.bottom > table.board.hand_top - 120]


def test_followable_extra_credit_while_building_is_played_only_once_confirmed(app):
    table, session = open_table(app, "deadline", ["Maya", "Theo", "Ines"], 2)

    def aside():
        if not session.view(0).facts["building"] or session.current_player != 0:
            return None
        legal = session.legal_actions()
        for p in table.board.placed:
            fits = [a for a in legal if any(c is p.card for c in a.cards)]
            if p.zone == table.board.hand_key and fits and all(a.kind == "extra_credit" for a in fits):
                return p
        return None
    play_until(app, table, lambda: aside() is not None, random.Random(6), limit=60000)
    card = aside()
    assert not card.raised and card.dimmed                                # not a card for the group
    moves = len(session.moves())
    click_at(app, (card.rect.left + 4, card.rect.top + 20))
    assert len(session.moves()) == moves                                  # not played yet
    assert table.model.ui.dialog.title.endswith("cannot join the assignment being built: play it as extra credit?")


def test_followable_a_ds_colours_say_they_choose_the_colour_in_force(app):
    """Final Card-Down, a D clicked while it is not the last card: the choice says what is
    chosen ('Play D purple spades: choose the colour in force') and each option the colour
    it puts in force ('Red in force'), the words the rules and the panel use (the walk:
    'Play (red)' never said what the colour was for)."""
    for seed in range(1, 20):
        table, session = open_table(app, "final_card_down", ["Maya", "Theo"], seed)
        if session.current_player == 0 and any(a.kind == "play" and a.cards[0].rank == "D"
                                               for a in session.legal_actions()):
            break
    else:
        raise AssertionError("no deal where Maya may play a D at once")
    d = next(p for p in table.board.placed if p.zone == table.board.hand_key and p.card.rank == "D" and p.raised)
    click_at(app, d.rect.center)
    dialog = table.model.ui.dialog
    assert dialog is not None and dialog.title.endswith(": choose the colour in force"), dialog
    labels = [label for label, _ in dialog.options]
    assert labels and all(label.endswith(" in force") and label.split()[0].lower() == action.arg
                          for label, (_, action) in zip(labels, dialog.options)), labels


def test_followable_a_choice_lies_beside_the_cards_it_is_chosen_against():
    """A choice's dialog is the table's, and never covers what is chosen against: a D's
    colours lie beside the discard pile, off every face-up card, caption and name plate
    (the walk: the colours covered the very pile whose colour they change), at both
    sizes; its options still answer where they lie."""
    from tests.test_final_card_down import new
    from tests.test_followable_words import open_state
    from tests.test_ui_play import new_app
    from scenes.table import draw
    for size in ((1280, 720), (1600, 1000)):
        a = new_app(size)
        state = new({0: ["D/purple/spades", "5/blue/clubs", "7/green/hearts"]}, first="5/red/spades")
        table, session = open_state(a, state, {0})
        d = next(p for p in table.board.placed if p.zone == table.board.hand_key and p.card.name == "D/purple/spades")
        click_at(a, d.rect.center)
        assert table.model.ui.dialog is not None
        box = pygame.Rect(*map(round, table.laid.dialog_rect))
        read = [p.rect for p in table.board.placed if p.face_up] + draw.readable(a.screen, table.board,
                                                                                 table.plates(table.model.view))
        assert box.collidelist(read) < 0, (size, box, [r for r in read if box.colliderect(r)])
        click_widget(a, lambda w: w.label == "Blue in force")
        assert state.discard[-1].name == "D/purple/spades" and state.color == "blue"
        pygame.quit()


def test_followable_a_card_walked_to_by_keys_is_lifted_and_named_as_under_the_pointer(app, monkeypatch):
    """Final Count, a 5 rolled and a swap with an opponent begun: the keyboard walks onto
    an opponent's Cards on Table, fanned tight; the card where it rests is drawn whole and
    enlarged with its spoken name, as one under the pointer is (the walk: by keys the 7 of
    clubs could not be told from the Queen of diamonds)."""
    from scenes.table import draw
    from tests.helpers import spied
    enlarged = spied(monkeypatch, draw, "enlarged")
    table, session = open_table(app, "final_count", ["Maya", "Theo", "Ines"], 8)

    play_until(app, table, lambda: any(a.kind == "swap_opp" for a in session.legal_actions()), random.Random(3))
    table.act(Choose(next(a for a in table.model.session.legal_actions() if a.kind == "swap_opp")))
    for _ in range(30):
        app.frame()
    for _ in range(40):
        enlarged.clear()
        press(app, pygame.K_RIGHT)
        focus = table.focus_item()
        if getattr(focus, "zone", "").startswith("table:") and focus.zone != "table:0":
            break
    else:
        raise AssertionError("the keyboard never reached an opponent's Cards on Table")
    shown = [args[1] for args, _ in enlarged]
    assert any(p.zone == focus.zone and p.card is focus.card for p in shown), [p.card for p in shown]
