"""Leftovers of the wave 15 walks at the table (issue #37), each played with real events at
the sizes the walkers saw them: a callout clear of every card, every seat's count legible
with five and six players, a lifted card in a big fan leaving its neighbours' corners, the
cards picked told apart from the keyboard's ring, the end's face-up cards said, cards not
yet to be moved shown as they are, and formation names printed at the small size."""
import pygame
import pytest

from scenes.table import draw, intents
from scenes.table.session import Seat, Session, inline
from tests.test_ui_play import new_app

NAMES = ["Maya", "Theo", "Ines", "Kofi", "Sam", "Lena"]


def table_for(state, size, speed="instant"):
    """The app at `size` playing `state` (a game already begun), Maya a person, everyone
    else a computer."""
    a = new_app(size, speed=speed)
    seats = [Seat(NAMES[i], i == 0, "easy") for i in range(state.players)]
    session = Session(state.game_id, seats, dict(state.options), state.chance.seed, state=state, executor=inline)
    a.scene.go("table", session=session, viewer=0, events_seen=session.event_count(), curtains=[])
    a.frame()
    return a


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_the_draw_back_callout_covers_no_card(size, monkeypatch):
    """walkA15 #18: Deadline with four at the normal pace, everyone lays down at the
    Midterm (Maya her 8-9-10 of diamonds, Theo two Queens, Ines the 9-10 of hearts, Kofi
    the 6-7 of clubs) and the draw-back follows: its callout ('Midterm assignments stay
    and count at the Final: everyone drew back to 7') lies over no card on the table, face
    down or up, going onto more lines where one long line finds no clear place (the walk
    at 960x600: the banner across Theo's hand and his assignment)."""
    from tests.test_deadline import game_at_midterm
    state = game_at_midterm({0: ["8D", "9D", "10D", "2H", "6S"], 1: ["QC", "QH", "3S", "4C", "7H"],
                             2: ["9H", "10H", "4D", "5S", "2C"], 3: ["5C", "6C", "7C", "JS", "3D"]})
    a = table_for(state, size, speed="normal")
    table, model = a.scene, a.scene.model
    hand = {c.name: c for c in state.hands[0]}
    for name in ("8D", "9D", "10D"):
        table.act(intents.Choose(next(x for x in model.legal if x.kind == "group" and x.cards[0] is hand[name])))
    table.act(intents.Choose(next(x for x in model.legal if x.kind == "submit")))
    table.act(intents.Choose(next(x for x in model.legal if x.kind == "finish_exam")))
    shown = []
    real = draw.callout
    monkeypatch.setattr(draw, "callout", lambda *args, **kw: shown.append((args[2].words, real(*args, **kw)))
                        or shown[-1][1])
    for _ in range(4000):
        a.frame()
        if shown and shown[-1][0].startswith("Midterm assignments stay"):
            break
    else:
        raise AssertionError("no callout of the draw-back")
    for _ in range(20):
        a.frame()
    box = shown[-1][1]
    cards = [p for p in table.laid.board.placed if p.rect.colliderect(box)]
    assert not cards, (box, [(p.zone, p.face_up) for p in cards])
    pygame.quit()
