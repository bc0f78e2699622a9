"""Table layout moments of wave 13 (issue #37), each played with real events at the table
at 1280x720 and 960x600: the card lifted where the pointer or the keyboard rests never
covers the person's name plate; the enlarged copy of a card never covers a card, a pile,
a caption or a name plate; a fan of another seat's cards to pick from blind gives each
card a click target as wide as what shows of it, its outline inside it, and never covers
that seat's captions; the game's title stays on one line beside a long prompt."""
import pygame
import pytest

from scenes.table import draw
from scenes.table.layout import lifted
from sprites import text as text_module
from tests.test_table_moments_games import played
from tests.test_ui_play import card_point, new_app

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
        if draw.bar_cut(screen, words, right - 36 - screen.text_width(title, text_module.HEADING),
                        draw.BAR_SIZES[:2]):
            long.append(words)
        return result
    monkeypatch.setattr(draw, "top_bar", bar)
    for table in played(app, "final_count", 3, 4242, 4, limit=8000):
        table.invalidate()
        if long:
            break
    assert long, "no long prompt"
    assert not split, split[:3]
