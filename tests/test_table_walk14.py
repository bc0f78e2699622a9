"""Walk 14's moments at the table (issue #37): a hinted card whose move asks a further
choice asks it (the hint's option marked, the keyboard on it), a card that matches
nothing is refused for the game's reason, a first game's tip points only at a card the
person may play now, the keys' line names Enter by the move it makes, and every back of
a deck looks alike at every size."""
import random

import pygame
import pytest

from scenes.table import input as table_input
from scenes.table.lesson import TIP_TURNS, FirstGameDirector
from scenes.table.moves import actions_with
from scenes.table.session import Seat, Session, inline
from sprites import cards as card_sprites
from tests.test_table_keys import hinted_turn, on_hinted_card, ringed
from tests.test_ui_play import app, card_point, choose, click_at, perform, press, settle  # noqa: F401
from tests.test_ui_saves import start_game


def asks_after_the_card(table, hint):
    """Is the ring on the hinted card, and does that card's move ask a further choice
    (several moves take it, the hint's among them)?"""
    if not on_hinted_card(table, hint):
        return False
    fits = actions_with(table.model.legal, ringed(table).card)
    return len(fits) > 1 and hint in fits and not table.model.presenter.no_difference(fits, table.model.view)


@pytest.mark.parametrize("game_id, seed", [("final_card_down", 5), ("deadline", 37024415)])
def test_enter_on_a_hinted_card_that_asks_a_choice_opens_it_on_the_hints_option(app, game_id, seed):  # noqa: F811
    """Walk D14 #3: after H ('Play D green clubs (red): ... calls red'), Enter on the
    hinted D played it and declared red at once, while a D picked otherwise asks the
    colour. Enter on a hinted card makes its move as Enter without a hint does: where
    that asks a choice, the choice opens, the hint's option marked and the keyboard on
    it, and the next Enter makes the hinted move (Deadline: a card that may go on
    several assignments)."""
    table = hinted_turn(app, game_id, seed, asks_after_the_card)
    model = table.model
    session, hint = model.session, model.ui.hint
    before = len(session.submitted)
    press(app, pygame.K_RETURN)
    assert len(session.submitted) == before, "nothing chosen for the person"
    assert model.ui.dialog is not None and table.laid.cover == "dialog"
    item = ringed(table)
    assert getattr(item, "actions", None) == [hint] and item.marked, (item.label, hint)
    assert [w for w in table.laid.widgets if getattr(w, "marked", False)] == [item]
    press(app, pygame.K_RETURN)
    assert session.submitted[before:before + 1] == [(0, hint)]


def test_a_d_that_matches_nothing_is_refused_for_the_games_reason(app):  # noqa: F811
    """Walk C14 #1: a click on a greyed D that matches nothing on the 8 yellow clubs said
    'A D must declare a colour, and only a D declares one', an inner check, not why it
    cannot be played. A card of the hand that no move takes is refused for the game's
    reason, as the lesson taught it: it matches neither the value, the suit nor the
    colour in force (or 2s are waiting, or only the card drawn may be played); a D too."""
    app.settings.animation_speed = "instant"
    start_game(app, "final_card_down", 4, {0}, 926492774)
    table, rng = app.scene, random.Random(926492774)
    refused = set()
    for _ in range(80):
        settle(app)
        if app.scene is not table or len(refused) >= 2:
            break
        model = table.model
        hand = next(z for z in model.view.zones if z.key == table.board.hand_key)
        for card in hand.cards:
            if card.rank == "D" and not actions_with(model.legal, card) and card.name not in refused:
                click_at(app, card_point(table, card))
                words = model.ui.message
                assert "declare" not in words and card.spoken in words and "match" in words, words
                refused.add(card.name)
                settle(app)
        perform(app, choose(model.session.state.legal_actions(), rng))
    assert refused, "no D refused"


def test_the_keys_line_names_enter_by_the_move_it_makes(app):  # noqa: F811
    """Walk D14 #6: at Deadline's discard step the top line said 'Discard a card' while
    the keys' line said 'Enter: play', and a newcomer wondered whether Enter laid the card
    down or discarded it. Enter on a card is named by the presenter's word for the move
    it makes, as the move's button says it: 'Enter: discard'."""
    app.keyboard = True
    app.settings.animation_speed = "instant"
    session = start_game(app, "deadline", 3, {0}, 4242)
    table = app.scene
    settle(app)
    model = table.model
    perform(app, next(a for a in model.legal if a.kind == "draw"))
    settle(app)
    assert model.my_turn() and any(a.kind == "discard" for a in model.legal)
    press(app, pygame.K_TAB)
    named = 0
    for _ in range(len(table.laid.cards)):
        item = ringed(table)
        fits = actions_with(model.legal, item.card) if item in table.laid.cards and item.face_up else []
        legend = table_input.key_legend(table.laid, table.pointer, model.can_undo())
        if fits and {a.kind for a in fits} == {"discard"}:
            assert "Enter: discard" in legend and "Enter: play" not in legend, legend
            named += 1
        press(app, pygame.K_RIGHT)
    assert named, "no card to discard was ringed"
    assert session.state.current_player == 0


@pytest.mark.parametrize("game_id, seed", [(g, s) for g in ("final_card_down", "ktu") for s in range(1, 7)])

def test_a_first_games_tip_points_only_at_a_card_the_person_may_play_now(app, game_id, seed):  # noqa: F811
    """Walk C14 #2: the first turns' tip 'A D (thirteen) lets you choose the colour in
    force' pointed at a D greyed out, not playable then, and read as 'play this'. A tip
    points at a card of the hand a move takes now, or waits for a turn where one does
    (each tip still once)."""
    seats = [Seat("Maya", True), Seat("Theo", False, "easy"), Seat("Ines", False, "easy"), Seat("Sam", False, "easy")]
    session = Session(game_id, seats, {}, seed, executor=inline)
    app.scene.go("table", session=session, director=FirstGameDirector(), viewer=None, events_seen=0, curtains=[])
    app.frame()
    table, rng = app.scene, random.Random(seed)
    shown, turns = [], 0
    for _ in range(400):
        settle(app)
        if app.scene is not table or session.is_over or turns > TIP_TURNS:
            break
        bubble = table.laid.bubble
        if bubble is not None:
            words = " ".join(bubble.lines)
            tipped = [p for p in table.board.hand_cards() if p.rect == bubble.target]
            assert tipped and table.model.presenter.tip(tipped[0].card) == words, words
            assert actions_with(table.model.legal, tipped[0].card), (words, tipped[0].card.spoken)
            shown.append(words)
        before = session.current_player
        perform(app, choose(session.state.legal_actions(), rng))
        turns += session.current_player != before
    assert len(shown) == len(set(shown)), "each tip once"


@pytest.mark.parametrize("family, colour", [("hex", None), ("standard", None), ("formation", "white"),
                                            ("formation", "black")])
def test_every_back_of_a_deck_looks_alike_at_every_size(app, family, colour):  # noqa: F811
    """walkA14 #1: Final Card-Down's draw pile showed a big 'F' on its top back, the
    backs of a hand (smaller) none, and a newcomer read it as 'the next card is an F'.
    A back is drawn alike at every size: the draw pile's back, brought down to a hand's
    size, is the hand's back (no letter that only the larger one shows)."""
    small = card_sprites.back(family, colour, 48, 72)
    large = pygame.transform.smoothscale(card_sprites.back(family, colour, 144, 216), small.get_size())
    w, h = small.get_size()
    worst = 0.0
    for y0 in range(h // 4, 3 * h // 4, 6):         # the middle of the back, in patches of 6 x 6
        for x0 in range(w // 4, 3 * w // 4, 6):
            diff = [abs(a - b) for x in range(x0, x0 + 6) for y in range(y0, y0 + 6)
                    for a, b in zip(small.get_at((x, y))[:3], large.get_at((x, y))[:3])]
            worst = max(worst, sum(diff) / len(diff))
    assert worst < 20, worst        # measured: 10-14 alike; 26 with the words PLAY DESIGN, 30 with an F
