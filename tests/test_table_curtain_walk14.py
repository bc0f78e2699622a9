"""Pass-and-play curtains (walkC14 #15 to #24): taking back another person's move from
behind the curtain never shows their hand to the one at the screen; the curtain tells
whole what happened since the person last looked (from the deal for their first turn),
its words whole and clear of its buttons at 1280x720 and 960x600."""
import random

import pygame
import pytest

from scenes.table import draw, intents
from scenes.table.scene import TableScene
from scenes.table.session import Seat
from scenes.widgets import ui
from tests.test_table_curtain_since import play_until
from tests.test_table_model import frame, model_of
from tests.test_ui_play import click_at, new_app
from tests.test_ui_saves import start_game

PEOPLE = [Seat("Maya"), Seat("Theo"), Seat("Ines")]


def test_taking_back_anothers_move_from_behind_the_curtain_shows_no_hand_until_they_come():
    """walkC14 #17: Deadline, Maya, Theo and Ines at one screen. On Ines's curtain, 'Take
    back Theo's move' takes it back, but nobody's hand is shown: the curtain is for Theo
    now; once he says Ready he sees his hand and is told what was taken back."""
    model = model_of("deadline", PEOPLE, 5)

    def seen(model):
        looking = model.looking
        return looking.shown not in (None, looking.curtain) and model.can_undo()
    assert play_until(model, random.Random(5), seen)
    looking = model.looking
    taker, ines = looking.shown, looking.curtain
    model.do(intents.Undo())
    frame(model)
    assert looking.viewer is None and looking.curtain == taker, (looking.viewer, looking.curtain)
    heading, lines = model.curtain_words(taker)
    assert any("taken back" in line for line in [heading] + lines), (heading, lines)
    model.do(intents.Ready())
    frame(model)
    assert looking.viewer == taker and looking.curtain is None and ines != taker
    assert model.ui.message.startswith("Taken back: "), model.ui.message


def test_the_curtain_tells_everything_since_the_person_last_looked_from_the_deal_on():
    """walkC14 #15, #16, #18, #24: the first curtain of each person says what happened
    since the deal; every later one tells every move since they last looked, the blind
    takes of an exchange and the exams' lay-downs among them (not the last four)."""
    model = model_of("deadline", PEOPLE, 5)
    firsts, told = {}, []

    def seen(model):
        person = model.looking.curtain
        heading, lines = model.curtain_words(person)
        if person not in firsts:
            firsts[person] = (heading, lines)
        told.append(lines)
        return len(firsts) == 3 and any(any("laid down" in line for line in lines) for lines in told[3:]) \
            and any(len(lines) > 4 for lines in told)
    assert play_until(model, random.Random(5), seen, limit=2000)
    names = [seat.name for seat in PEOPLE]
    for person, (heading, lines) in list(firsts.items())[1:]:
        assert heading == "Since the deal:", heading
        others = [n for n in names if n != names[person]]
        assert any(line.startswith(tuple(others)) for line in lines), lines
    assert any(any("blind from" in line for line in lines) for lines in told), told


def texts_drawn(monkeypatch):
    """Record each line of text the curtain draws (not its buttons' labels): (words as
    drawn, logical rect)."""
    drawn, on = [], []
    real, curtain = ui.Screen.text, draw.curtain

    def drawing(*args, **kwargs):
        on.append(True)
        try:
            return curtain(*args, **kwargs)
        finally:
            on.clear()

    def spy(screen, words, size, colour, pos, anchor="topleft", width=None):
        if not on:
            return real(screen, words, size, colour, pos, anchor, width)
        shown = words
        if width is not None and screen.text_width(words, size) > width:
            shown = words + " [cut]"
        w = real(screen, words, size, colour, pos, anchor, width)
        rect = pygame.Rect(0, 0, w, size * 1.15)
        setattr(rect, anchor, (round(pos[0]), round(pos[1])))
        drawn.append((shown, rect))
        return w
    monkeypatch.setattr(ui.Screen, "text", spy)
    monkeypatch.setattr(draw, "curtain", drawing)
    return drawn


@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
def test_the_curtain_s_words_are_whole_and_clear_of_its_buttons(monkeypatch, size):
    """walkC14 #20, #23: Deadline, three people at one screen, played through the window
    to past the Midterm: at every curtain, each line is whole (not cut short), inside the
    window, and no button lies over any of them."""
    a = new_app(size)
    try:
        start_game(a, "deadline", 3, {0, 1, 2}, 605687857)
        drawn = texts_drawn(monkeypatch)
        rng = random.Random(3)
        curtains = long = 0
        for _ in range(900):
            table = a.scene
            if not isinstance(table, TableScene):
                break
            model = table.model
            a.frame()
            if model.looking.curtain is not None:
                del drawn[:]
                table.draw(a.screen)
                buttons = [w.rect for w in table.laid.widgets]
                for words, rect in drawn:
                    assert not words.endswith("[cut]"), words
                    assert 0 <= rect.left and rect.right <= size[0] and rect.bottom <= size[1], (words, rect)
                    assert not any(rect.colliderect(b) for b in buttons), (words, rect, buttons)
                curtains += 1
                long += len(drawn) > 8
                if long >= 2 and curtains > 12:
                    break
                model.do(intents.Ready())
                continue
            if model.my_turn() and model.legal:
                model.do(intents.Choose(rng.choice(model.legal)))
            for _ in range(3):
                a.frame()
        assert curtains > 12 and long >= 2, (curtains, long)
    finally:
        pygame.quit()


def three_at_one_screen(a, until, frames):
    """Deadline, three people at one screen (deal 605687857), played by random legal moves,
    each curtain passed with Ready, until `until(model)` holds on a person's turn: the table."""
    start_game(a, "deadline", 3, {0, 1, 2}, 605687857)
    rng = random.Random(3)
    for _ in range(frames):
        table = a.scene
        model = table.model
        a.frame()
        if model.looking.curtain is not None:
            model.do(intents.Ready())
            continue
        if model.my_turn() and until(model):
            return table
        if model.my_turn() and model.legal:
            model.do(intents.Choose(rng.choice(model.legal)))
        for _ in range(3):
            a.frame()
    raise AssertionError("the turn looked for never came")


def test_another_students_exchange_card_is_not_outlined_and_a_click_on_it_takes_nothing():
    """walkC14 #19: Deadline, three people at one screen, in an exchange: the card the
    student to your right holds face down as their exchange card is not outlined as one
    to take, and a click on it takes nothing and says why; the cards of their hand are
    the ones outlined, and a click on one takes it."""
    a = new_app()
    try:
        def taken_beside(model):
            source = (model.view.facts.get("exchange") or {}).get("from")
            return source is not None and bool(model.view.zone(f"pending:{source}").cards)
        table = three_at_one_screen(a, taken_beside, 3000)
        model = table.model
        source = model.view.facts["exchange"]["from"]
        a.frame()
        placed = table.laid.board.placed
        held = [p for p in placed if p.zone == f"pending:{source}"]
        hand = [p for p in placed if p.zone == f"hand:{source}"]
        assert held and not any(p.raised for p in held)
        assert hand and all(p.raised for p in hand)
        before = model.session.state.to_dict()
        click_at(a, held[0].rect.center)
        for _ in range(3):
            a.frame()
        assert model.session.state.to_dict() == before
        assert model.ui.message == "That card is face down and not one to take: click one of the outlined cards", \
            model.ui.message
    finally:
        pygame.quit()


def test_a_moves_list_short_of_room_says_the_earlier_moves_above_and_scrolls_to_them(monkeypatch):
    """walkC14 #24: Deadline, three people at one screen, past the Midterm: Maya's Moves
    list, short of room, no longer reads as if the game began at its first line shown:
    its title says how many earlier entries lie above, and Page Up brings the earliest of
    them back (the log keeps the whole game)."""
    a = new_app()
    try:
        table = three_at_one_screen(a, lambda model: len(model.log_lines()) > 40, 4000)
        model = table.model
        entries = model.log_lines()
        drawn = []
        real = ui.Screen.text

        def spy(screen, words, *args, **kwargs):
            drawn.append(words)
            return real(screen, words, *args, **kwargs)
        monkeypatch.setattr(ui.Screen, "text", spy)
        table.layout()
        table.invalidate()
        table.draw(a.screen)
        above = [w for w in drawn if w.endswith(" earlier above")]
        assert above, drawn
        hidden = int(above[0].split()[0])
        assert entries[hidden - 1] not in drawn and entries[-1].split()[0] in " ".join(drawn)
        for _ in range(len(entries) // 5 + 1):
            model.do(intents.Scroll(5))
        del drawn[:]
        table.layout()
        table.invalidate()
        table.draw(a.screen)
        first = a.screen.wrap(entries[0], 19, 232)[0]
        assert first in drawn and not any(w.endswith(" earlier above") for w in drawn), drawn
    finally:
        pygame.quit()


def test_ktu_s_second_person_s_first_curtain_says_what_happened_since_the_deal():
    """walkC14 #15: KTU, Maya and Theo at one screen: Theo's first curtain, after Maya
    chose her face-up cards, says so under 'Since the deal:'."""
    model = model_of("ktu", [Seat("Maya"), Seat("Theo")], 5)
    firsts = {}

    def seen(model):
        person = model.looking.curtain
        firsts.setdefault(person, model.curtain_words(person))
        return len(firsts) == 2
    assert play_until(model, random.Random(5), seen)
    (_, (first, _)), (_, (heading, lines)) = firsts.items()
    assert first == "" and heading == "Since the deal:", (first, heading)
    assert any(line.startswith("Maya chose 3 cards") for line in lines), lines
