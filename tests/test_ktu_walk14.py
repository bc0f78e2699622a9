"""KTU where the newcomer walk of wave 14 stumbled (issue #37, walker D, played wholly
from the keyboard at 1152x720), played with real events at the table."""
import re

import pygame

from scenes.screens.scoring import ScoringScene
from scenes.table.scene import TableScene
from tests.test_ui_play import app, new_app, play_through, press, settle  # noqa: F401
from tests.test_ui_saves import start_game


def test_as_dealt_the_hand_shows_in_the_order_it_was_dealt(app):  # noqa: F811
    """Settings 'Sort your hand: As dealt' (the default) holds in KTU as in every game:
    the hand shows left to right in the order the log tells it was dealt (the walk, D14
    #13: the log said '10 of spades, 5 of hearts, 7 of hearts, ...' while the hand showed
    J, 5, 5, 6, 7, 8, 10)."""
    assert app.settings.hand_order == "dealt"
    start_game(app, "ktu", 4, {0}, 645395663)
    table = app.scene
    settle(app)
    assert isinstance(table, TableScene)
    dealt = next(line for line in table.model.log_lines() if line.startswith("Maya was dealt") and "face down" not in line)
    shown = [p.card.spoken for p in sorted(table.board.hand_cards(), key=lambda p: p.rect.x)]
    assert dealt == f"Maya was dealt {len(shown)} cards: {', '.join(shown)}", (dealt, shown)


def test_the_results_say_of_the_cards_still_held_how_many_are_in_hand_and_face_up(app):  # noqa: F811
    """KTU played to its end at the table: the results screen's 'Still held' says how
    many of those cards were in hand and how many lay face up, so its numbers are those
    the table's plates told ('19 in hand'); the walk, D14 #16: the table said 'Ines 19 in
    hand', the results 'Still held: 22 cards' (her 3 face-up cards silently added)."""
    session, _ = play_through(app, "ktu", 3, humans={0}, seed=3)
    scoring = app.scene
    assert isinstance(scoring, ScoringScene) and not scoring.interim
    state, both = session.state, 0
    for plate in scoring.plates():
        seat = plate.seat
        held = [caption for caption, *_ in plate.groups if caption.startswith("Still held")]
        hand, up = len(state.hands[seat]), len(state.faceup[seat])
        if not hand + up:
            assert not held, held
            continue
        words = held[0]
        said = [re.search(rf"(\d+) (?:cards? )?{where}", words) for where in ("in hand", "face up")]
        assert [int(found.group(1)) if found else 0 for found in said] == [hand, up], (words, hand, up)
        both += bool(hand and up)
    assert both, "no player ended holding cards both in hand and face up"


def test_enter_on_a_hinted_card_of_several_picks_them_and_the_next_enter_confirms():
    """KTU by keys at 1152x720: after H hints the face-up cards to choose (three cards),
    Enter on the hinted card picks the three (shown picked, the top bar counting them '3
    of 3 chosen') and leaves the keyboard on Choose face-up cards; only the next Enter
    chooses them (the walk, D14 #12: one Enter chose all three and confirmed them at
    once, and 'Choose face-up cards' was never pressed nor '3 of 3 chosen' seen)."""
    a = new_app(size=(1152, 720))
    try:
        hinted_several(a)
    finally:
        pygame.quit()


def hint_asked(a):
    """KTU with four, deal 645395663, by keys: H pressed at the face-up choice, the hint
    come; (session, table)."""
    a.keyboard = True
    session = start_game(a, "ktu", 4, {0}, 645395663)
    table = a.scene
    settle(a)
    press(a, pygame.K_h)
    for _ in range(200):
        if table.model.ui.hint is not None:
            break
        a.frame()
    return session, table


def hinted_several(a):
    """The test above, in the app `a`."""
    session, table = hint_asked(a)
    model = table.model
    hint = model.ui.hint
    assert hint is not None and hint.kind == "choose_faceup" and len(hint.cards) == 3, hint
    assert "Enter: pick the hint's 3 cards" in table.keys_named(), table.keys_named()     # walkD16 #11
    before = len(session.submitted)
    press(a, pygame.K_RETURN)
    assert len(session.submitted) == before, session.submitted[before:]
    assert sorted(c.name for c in model.ui.selection) == sorted(c.name for c in hint.cards)
    assert all(p.selected for p in table.board.hand_cards() if p.card.name in {c.name for c in hint.cards})
    assert "(3 of 3 chosen)" in model.prompt(), model.prompt()
    ringed = table.focus_item()
    assert ringed in table.laid.widgets and hint in ringed.actions and ringed.label.startswith("Choose face-up"), ringed
    press(a, pygame.K_RETURN)
    assert session.submitted[before:] == [(0, hint)]


def test_the_enlarged_card_never_covers_the_side_panel():
    """KTU by keys at 1152x720 against three computers, three deals (the walk's first):
    at each of Maya's turns H gives the hint (its words on the table), then the ring walks
    her hand; each card's enlarged copy lies on the table, never over the side panel's log
    or its key legend (the walk, D14 #14: the 9 of hearts' copy covered half the Moves log
    and the legend), and one is shown for every card."""
    shown = []
    for deal in (645395663, 12, 34):
        a = new_app(size=(1152, 720))
        try:
            shown += walked_enlarged(a, deal)
        finally:
            pygame.quit()
    assert len(shown) > 60, len(shown)
    over = [(name, box, right) for name, box, right in shown if box is None or box.right > right]
    assert not over, over


def walked_enlarged(a, deal):
    """The test above, in the app `a` for `deal`: [(card's name, where its copy lay or
    None, where the table ends)] for every card of the hand the ring went to."""
    import random
    from scenes.table import draw
    from tests.test_ui_play import choose, perform
    a.keyboard = True
    boxes, real = [], draw.enlarged

    def enlarged(screen, placed, *args, **kwargs):
        box = real(screen, placed, *args, **kwargs)
        boxes.append((placed.card.name, box))
        return box
    draw.enlarged = enlarged
    shown = []
    try:
        session = start_game(a, "ktu", 4, {0}, deal)
        rng = random.Random(deal)
        for _ in range(60):
            settle(a)
            table = a.scene
            if not isinstance(table, TableScene) or session.state.is_over:
                break
            press(a, pygame.K_h)
            for _ in range(60):
                if table.model.ui.hint is not None:
                    break
                a.frame()
            for _ in table.board.hand_cards():
                boxes.clear()
                press(a, pygame.K_RIGHT)
                item = table.focus_item()
                if item in table.laid.cards and item.face_up and boxes:
                    shown.append((*boxes[-1], table.board.table_w))
            perform(a, choose(session.state.legal_actions(), rng))
    finally:
        draw.enlarged = real
    return shown


def test_while_the_face_up_cards_turn_over_the_top_bar_no_longer_says_the_last_choosers_turn():
    """KTU by keys at the normal pace, Maya's face-up cards chosen (H, Enter, Enter):
    the computers choose theirs, then everyone's turn over and play begins, as one
    change; whenever the top bar names Sam as the one to choose (the last chooser: 'Sam
    is choosing face-up cards'), his chosen cards are not yet chosen or still on their
    way, never lying in his place while the others' turn over (the walk, D14 #12: 'Choosing face-up cards (3 of 4 players done) · Sam's
    turn' over Sam's face-up cards already shown and Ines's still face down)."""
    a = new_app(size=(1152, 720), speed="normal")
    try:
        _, table = hint_asked(a)
        model = table.model
        press(a, pygame.K_RETURN)
        press(a, pygame.K_RETURN)
        said = []
        for _ in range(600):
            a.frame()
            if "Sam" in model.prompt():      # 'Sam's turn', or 'Sam is choosing face-up cards'
                lying = [p for p in table.board.placed if p.zone == "faceup:3" and p.face_up]
                said.append(not lying or "faceup:3" in table.motion.hidden())
            if model.view.facts["step"] == "play" and model.settled() and model.my_turn():
                break
        assert said and all(said), said
        assert model.prompt().startswith("Turn 1")
    finally:
        pygame.quit()
