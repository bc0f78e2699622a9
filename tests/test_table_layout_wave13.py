"""Table layout moments of wave 13 (issue #37), each played with real events at the table
at 1280x720 and 960x600: the card lifted where the pointer or the keyboard rests never
covers the person's name plate; the enlarged copy of a card never covers a card, a pile,
a caption or a name plate; a fan of another seat's cards to pick from blind gives each
card a click target as wide as what shows of it, its outline inside it, and never covers
that seat's captions; the game's title stays on one line beside a long prompt."""
import pygame
import pytest

from scenes.table import draw, intents
from scenes.table.layout import card_at, lifted
from sprites import text as text_module
from tests.helpers import spied
from tests.test_table_moments_games import played
from tests.test_ui_play import card_point, click_at, new_app

SIZES = ((1280, 720), (960, 600))


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def sized_app(request):
    a = new_app(request.param)
    yield a
    pygame.quit()


def hover(app, point):
    """Move the pointer to a logical point and let the app handle it."""
    pos = app.screen.pixel(point)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame()


def own_plate(table):
    """The rect of the person's own name plate, as drawn."""
    board, plates = table.board, table.plates(table.model.view)
    seat = table.model.looking.viewer if table.model.looking.viewer is not None else 0
    return draw.plate_rect(table.app.screen, board.plates[seat], *plates[seat])


@pytest.mark.parametrize("game_id,players", [("final_card_down", 4), ("deadline", 4)])
def test_a_lifted_card_of_the_hand_never_covers_the_persons_name_plate(sized_app, game_id, players):
    """Final Card-Down and Deadline with four: at Maya's turns the pointer rests on each
    card of her hand in turn, and the keyboard walks them: the card drawn lifted and whole
    lies clear of her name plate, its name and its count (the walk: 'Dora (you) 7 cards'
    lost its count, 'Maya (you)' was hidden under the lifted 8 of diamonds)."""
    app, checked, covered = sized_app, [], []

    def look(table):
        if len(checked) >= 3:
            return False
        plate = own_plate(table)
        for p in list(table.board.hand_cards()):
            hover(app, card_point(table, p.card) if p.face_up else p.rect.center)
            for placed, rect in lifted(table.pointer, table.board):
                if rect.colliderect(plate):
                    covered.append(("pointer", placed.card.spoken, tuple(rect), tuple(plate)))
        hover(app, (table.board.table_w / 2, 200))
        app.keyboard = True
        for k in range(len(table.board.hand_cards())):
            table.set_focus(k)
            focus = table.focus_item()
            for placed, rect in lifted(table.pointer, table.board, focus):
                if rect.colliderect(plate):
                    covered.append(("keyboard", placed.card.spoken, tuple(rect), tuple(plate)))
        app.keyboard = False
        checked.append(table.model.prompt())
        return False
    for _ in played(app, game_id, players, 7, 4, pick=look, limit=3000):
        if len(checked) >= 3:
            break
    assert len(checked) >= 3, checked
    assert not covered, covered[:3]


def enlarged_clear(table, box, placed, backs=True):
    """What the enlarged copy at `box` of the card `placed` covers that it must not: any
    other card on the table (a pile's edges too; without `backs`, a face-up one), a
    caption, a name plate."""
    board, screen = table.board, table.app.screen
    cards = [(f"card {p.zone} {p.index}", p.rect) for p in board.placed if p is not placed and (backs or p.face_up)]
    captions = [(f"caption {r}", r) for r in draw.caption_rects(screen, board)]
    plates = [(f"plate {r}", r) for r in draw.plate_rects(screen, board, table.plates(table.model.view))]
    return [what for what, rect in cards + captions + plates if box.colliderect(rect)]


def test_the_enlarged_copy_of_a_card_chosen_for_a_swap_covers_no_card_pile_caption_or_plate(sized_app, monkeypatch):
    """Final Count with three: Maya clicks the card of hers to swap, the pointer still on
    it: its enlarged copy covers no card, no pile (its edges too), no caption and no name
    plate (the walk: the 2 of spades, enlarged at the left edge, covered the Draw Pile)."""
    app, seen, covered = sized_app, [], []
    found = spied(monkeypatch, draw, "enlarged")        # ((screen, placed, ...), its box)

    def swap(table):
        """Click the card of a swap and look at its enlarged copy; then decline."""
        model = table.model
        swaps = [a for a in model.legal if a.kind in ("swap_board", "swap_opp") and a.cards]
        if not swaps:
            return False
        click_at(app, card_point(table, swaps[0].cards[0]))
        found.clear()
        table.invalidate()
        app.frame()
        assert any(box is not None for _, box in found), "no card shown enlarged"
        covered.extend((args[1].card.spoken, what) for args, box in found if box is not None
                       for what in enlarged_clear(table, box, args[1]))
        seen.append(model.prompt())
        table.act(intents.Choose(next(a for a in model.legal if a.kind == "decline")))
        return True
    for _ in played(app, "final_count", 3, 4242, 4, pick=swap):
        if len(seen) >= 3:
            break
    assert len(seen) >= 3, seen
    assert not covered, covered[:4]


def test_the_enlarged_copy_of_a_card_picked_in_five_possessions_covers_no_card_caption_or_plate(sized_app,
                                                                                             monkeypatch):
    """5 possessions against a computer: a card of the line clicked, the pointer still on
    it: its enlarged copy, where the table shows one, covers no face-up card, no caption
    and no name plate (the lead's look: it covered the person's 'Cards not in play' pile
    and its caption); where the table has no place clear of every card, it may lie over
    a pile's backs, which show nothing to read, never over the side panel's log and keys
    (walkD14 #14)."""
    from tests.test_table_moments_pd import five_possessions_reveals
    app, covered, checked = sized_app, [], 0
    found = spied(monkeypatch, draw, "enlarged")        # ((screen, placed, ...), its box)
    for table in five_possessions_reveals(app, 4242, frames=6000):
        model = table.model
        if not (model.my_turn() and model.settled() and not table.busy() and not model.ui.selection):
            continue
        card = next((p for p in table.board.hand_cards() if p.raised), None)
        if card is None:
            continue
        click_at(app, card.rect.center)
        found.clear()
        table.invalidate()
        app.frame()
        for args, box in found:
            if box is not None:
                covered += [(args[1].card.spoken, what) for what in enlarged_clear(table, box, args[1], backs=False)]
                assert box.right <= table.board.table_w, box
        checked += 1
        if checked >= 4:
            break
    assert checked >= 4
    assert not covered, covered[:4]


def test_a_fan_to_pick_from_blind_gives_each_card_the_target_it_outlines(sized_app):
    """Deadline with four, at Maya's exchanges: each card of the seat's fan she takes from
    blind, under the pointer or where the keyboard rests, is outlined only where a click
    takes it (every point of its outline's inside is its click target, a bubble's ring's
    too), and lies clear of that seat's captions ('Hand (7)'; 'Exchange card' under the
    fan a few units clear of its outlines) (the walks: the outline reached over the next
    card, a click in its middle took the neighbour; the lifted card hid 'Hand (7)'; the
    'Exchange card' caption squeezed under the fan)."""
    app, checked, wrong = sized_app, [], []

    def look(table):
        model = table.model
        picks = [p for p in table.board.placed if p.raised and not p.face_up and p.index >= 0]
        if not picks or model.view.facts.get("step") != "exchange":
            return False
        captions = [r.inflate(0, -4) for r in draw.caption_rects(app.screen, table.board)]    # their ink
        zone = picks[0].zone
        x, y, w, h = table.board.boxes[zone]
        seat_captions = [r for r in captions if r.colliderect(pygame.Rect(int(x), int(y) - 60, int(w), int(h) + 120))]
        for p in picks:
            below = [r for r in seat_captions if r.top > p.rect.centery]
            if p.rect.inflate(14, 14).collidelist(below) >= 0:        # its outline, and a little room
                wrong.append(("caption under", p.index, tuple(p.rect)))
            hover(app, (p.rect.x + 2, p.rect.centery))
            for placed, rect in lifted(table.pointer, table.board):
                for point in (rect.topleft, (rect.right - 1, rect.top), (rect.left, rect.bottom - 1),
                              (rect.right - 1, rect.bottom - 1), rect.center):
                    if card_at(table.board, point) is not placed:
                        wrong.append(("pointer", placed.index, point))
                if rect.collidelist(seat_captions) >= 0:
                    wrong.append(("caption", placed.index, tuple(rect)))
            target = table.board.anchor_rect(f"zone:{p.zone}@{p.index}")      # where a bubble's ring goes
            if any(card_at(table.board, point) is not p for point in (target.topleft, (target.right - 1, target.top),
                                                                      (target.right - 1, target.bottom - 1))):
                wrong.append(("ring", p.index, tuple(target)))
        hover(app, (table.board.table_w / 2, 200))
        app.keyboard = True
        for k, item in enumerate(table.laid.cards):
            if item in picks:
                table.set_focus(k)
                for placed, rect in lifted(table.pointer, table.board, table.focus_item()):
                    if any(card_at(table.board, point) is not placed for point in (rect.topleft, rect.center,
                                                                                    (rect.right - 1, rect.top))):
                        wrong.append(("keyboard", placed.index, tuple(rect)))
        app.keyboard = False
        checked.append(len(picks))
        return False
    for _ in played(app, "deadline", 4, 7, 4, limit=6000):
        table = app.scene
        if getattr(table, "model", None) is not None and table.model.my_turn() and table.model.settled():
            look(table)
        if len(checked) >= 2:
            break
    assert checked, "no exchange reached"
    assert not wrong, wrong[:4]


def test_the_games_title_stays_on_one_line_beside_a_long_prompt(sized_app, monkeypatch):
    """Final Count with three: beside every prompt of Maya's turns (the die's long ones
    among them, on two lines), the top bar writes 'Final Count' on one line (the walk:
    'Final' over 'Count')."""
    app, split, long = sized_app, [], []
    lines = []
    real_render = text_module.render
    monkeypatch.setattr(text_module, "render", lambda w, px, colour: lines.append(w) or real_render(w, px, colour))
    real_bar = draw.top_bar

    def bar(screen, title, words, right):
        lines.clear()
        result = real_bar(screen, title, words, right)
        if title not in lines:
            split.append((title, lines[:3]))
        if len(draw.bar_lines(screen, words, right - 36 - screen.text_width(title, text_module.HEADING))[1]) == 2:
            long.append(words)          # a prompt on two lines beside the whole title (the walk's case)
        return result
    monkeypatch.setattr(draw, "top_bar", bar)
    for table in played(app, "final_count", 3, 4242, 4, limit=8000):
        table.invalidate()
        if long:
            break
    assert long, "no long prompt"
    assert not split, split[:3]
