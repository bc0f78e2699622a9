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


def tables_along(game_id, players, size, seed=3, every=6, most=240):
    """The app at `size`, and the table opened afresh every `every` moves along a game of
    `game_id` with `players` played by random legal moves from deal `seed` (Maya a
    person, the others computers): yields the app at each."""
    import random
    from game import registry
    state = registry.new_game(game_id, players, seed)
    rng = random.Random(seed)
    a = table_for(state.clone(), size)
    for step in range(most):
        if state.is_over:
            break
        if step % every == 0:
            s = state.clone()
            seats = [Seat(NAMES[i], i == 0, "easy") for i in range(players)]
            session = Session(game_id, seats, dict(s.options), s.chance.seed, state=s, executor=inline)
            a.scene.go("table", session=session, viewer=0, events_seen=session.event_count(), curtains=[])
            a.frame()
            yield a
        state.apply(rng.choice(state.legal_actions()))
    pygame.quit()


@pytest.mark.parametrize("game_id, players", [("ktu", 5), ("final_card_down", 6)])
def test_every_seat_s_plate_shows_its_count_with_five_and_six_players_at_960x600(game_id, players, monkeypatch):
    """walkA15 #19: KTU with five and Final Card-Down with six at 960x600, along a game:
    every seat's name plate shows how many cards its hand holds, written at the plates'
    size inside the plate (the walk: 'Theo 4 in hand' beside 'Lena' with no count, and in
    Final Card-Down from turn 1 'Ines', 'Sam' and 'Lena' without theirs)."""
    from sprites.text import READ
    for a in tables_along(game_id, players, (960, 600)):
        table = a.scene
        written = []
        real = a.screen.text
        monkeypatch.setattr(a.screen, "text", lambda w, size, c, pos, *r, **k: written.append((w, size, pos)) or real(
            w, size, c, pos, *r, **k))
        table.invalidate()
        a.frame()
        monkeypatch.setattr(a.screen, "text", real)
        view, board = table.model.view, table.laid.board
        plates = table.plates(view)
        for seat, spot in board.plates.items():
            count = sum(z.count for z in view.zones if z.owner == seat and z.kind == "hand")
            rect = draw.plate_rect(a.screen, spot, *plates[seat]).inflate(2, 8)
            said = [w for w, size, (x, y) in written if size >= READ and rect.collidepoint(x - 1, y)
                    and w.split()[0] == str(count)]
            assert said, (table.model.prompt(), plates[seat], spot, [w for w, _, (x, y) in written
                                                                       if rect.collidepoint(x - 1, y)])


@pytest.mark.parametrize("game_id, players", [("ktu", 5), ("final_card_down", 6)])
def test_captions_side_by_side_stay_apart_with_five_and_six_players_at_960x600(game_id, players):
    """walkA15 #19: KTU with five and Final Card-Down with six at 960x600, along a game:
    two captions on one line keep at least two spaces' width between them, so one never
    reads on into the next (the walk: Sam's 'Face-up cards' and the 'cards' of his
    'Face-down cards' under 'Face-down' read 'Face-up cards cards')."""
    from sprites.text import READ
    for a in tables_along(game_id, players, (960, 600)):
        board = a.scene.laid.board
        spans = sorted((y, x, x + a.screen.text_width(w, READ), w) for w, (x, y) in board.labels)
        close = [(one[3], two[3]) for one, two in zip(spans, spans[1:])
                 if abs(one[0] - two[0]) < 2 and 0 <= two[1] - one[2] < 2 * a.screen.text_width(" ", READ) + 2]
        assert not close, close


def ring_colours(a, rect, reach=6):
    """The colours just outside logical `rect` on the screen: above its middle and left of
    it, up to `reach` pixels out."""
    r, surface = a.screen.rect(rect), a.screen.surface
    return [surface.get_at((r.centerx, r.top - d))[:3] for d in range(1, reach)] + [
        surface.get_at((r.left - d, r.centery))[:3] for d in range(1, reach)]


def test_cards_picked_by_keys_are_told_apart_from_the_keyboards_ring():
    """walkD15 #7: KTU at 1280x800 by keys, choosing the face-up cards: H, then Enter (the
    hinted three picked, the keyboard on 'Choose face-up cards (3)'): the picked cards'
    edge is not the colour of the keyboard's ring on the button, nor of its ring on a card,
    one ring for the keyboard everywhere (the walk: three blue outlines, the blue of the
    keyboard's ring on every other screen, while the keyboard was elsewhere)."""
    from scenes.table.input import focused
    from sprites import palette
    from tests.test_table_walkB15 import hinted
    from tests.test_ui_play import press, settle
    from tests.test_ui_saves import start_game
    a = new_app((1280, 800))
    start_game(a, "ktu", 2, {0}, 592449772)
    settle(a)
    table = a.scene
    hinted(a)
    press(a, pygame.K_RETURN)
    settle(a)
    for _ in range(5):
        a.frame()
    picked = [p for p in table.board.hand_cards() if p.selected]
    button = focused(table.laid, table.pointer)
    assert len(picked) == 3 and getattr(button, "label", "").startswith("Choose face-up cards"), button
    ring = set(ring_colours(a, button.rect)) - {palette.HINT}
    edges = {c for p in picked for c in ring_colours(a, p.rect, 3)}
    assert palette.FOCUS in ring and palette.FOCUS not in edges, (ring, edges)
    assert not ring & edges, (ring, edges)
    pygame.quit()


def strip_shown(a, placed, right):
    """How much of the index strip of `placed` (its left part up to `right`, its top
    quarter) shows on the screen as the card's own face (washed grey if dimmed): the
    share of its pixels."""
    from sprites import cards as card_sprites
    table = a.scene
    r = a.screen.rect(placed.rect)
    face = card_sprites.image(placed.card, r.w, r.h, False, table.model.presenter.family, None).copy()
    if placed.dimmed:                           # washed grey as the table draws a card that cannot be played
        face.blit(card_sprites.tint(r.w, r.h, (0, 0, 0), 110), (0, 0))
    band = pygame.Rect(r.x + 2, r.y + 3, a.screen.px(right - placed.rect.x) - 4, r.h // 4)
    same = sum(a.screen.surface.get_at((x, y))[:3] == face.get_at((x - r.x, y - r.y))[:3]
               for x in range(band.left, band.right) for y in range(band.top, band.bottom))
    return same / (band.w * band.h)


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_a_card_lifted_in_a_big_fan_leaves_every_neighbours_index_strip_in_sight(size):
    """walkD15 #9: KTU with two, Maya taking the pile until she holds eleven cards, fanned
    tight: the keyboard walks along her hand; at every card it rests on, lifted, every
    other card's index strip shows on the screen as that card's face (the walk: the
    focused, lifted 6 of spades hid the 6 of hearts beside it entirely)."""
    from tests.test_ktu import new
    from tests.test_ui_play import press, settle
    state = new(players=2)
    while len(state.hands[0]) < 11 or state.current_player != 0:
        legal = state.legal_actions()
        state.apply(next((x for x in legal if x.kind == ("pick_up" if state.current_player == 0 else "play")),
                         legal[0]))
    a = table_for(state, size)
    settle(a)
    table = a.scene
    fan = sorted(table.board.hand_cards(), key=lambda p: p.rect.x)
    assert len(fan) == 11 and fan[1].rect.x - fan[0].rect.x < fan[0].rect.w, [p.rect for p in fan]
    for _ in range(len(fan)):
        press(a, pygame.K_RIGHT)
        a.frame()
        up = table.focus_item()
        fan = sorted(table.board.hand_cards(), key=lambda p: p.rect.x)
        for p, after in zip(fan, fan[1:] + [None]):
            if p is up:
                continue
            right = after.rect.x if after is not None else p.rect.right
            assert strip_shown(a, p, right) > 0.8, (p.card.name, up.card.name)
    pygame.quit()


def test_cards_of_the_hand_are_not_greyed_while_no_card_is_to_be_played():
    """walkB15 #16: Final Count at 1280x800, the walk's deal, Maya's turn before rolling
    ('Roll the die, or call to end the hand'): her Cards in Hand (King and 5 of hearts)
    are drawn as they are, not washed grey as cards that cannot be played, since no card
    is played at this step; once the die lets her swap, they are lit as cards a move
    takes (the walk: grey while Roll and Call were offered, 'I thought the grey cards
    were face down or no longer mine'). Where a card is to be played and none fits
    (Final Card-Down, nothing on the pile's colour or value: draw), they are greyed."""
    from tests.test_ui_play import click_widget, settle
    from tests.test_ui_saves import start_game
    a = new_app((1280, 800))
    start_game(a, "final_count", 2, {0}, 606475527)
    settle(a)
    table = a.scene
    assert {x.kind for x in table.model.legal} == {"roll", "call"}, table.model.legal
    hand = table.board.hand_cards()
    assert len(hand) == 2 and not any(p.dimmed for p in hand), [(p.card.name, p.dimmed) for p in hand]
    assert all(strip_shown(a, p, p.rect.right) > 0.8 for p in hand)
    click_widget(a, lambda w: w.label == "Roll")
    settle(a)
    if any(x.cards for x in table.model.legal):
        assert all(p.raised and not p.dimmed for p in table.board.hand_cards())
    pygame.quit()


def test_cards_of_the_hand_are_greyed_where_a_card_is_to_be_played_and_none_fits():
    """walkB15 #16, the other side: Final Card-Down, Maya to play on a card none of hers
    matches ('No card fits ...: draw a card'): her cards are greyed as unplayable."""
    from tests.test_final_card_down import new as new_fcd
    from tests.test_ui_play import settle
    state = new_fcd(hands={0: ["3/blue/spades", "7/green/clubs", "9/yellow/diamonds", "4/purple/clubs",
                               "6/blue/diamonds", "8/green/spades", "1/yellow/clubs"]}, players=2)
    assert state.current_player == 0 and not any(x.cards for x in state.legal_actions())
    a = table_for(state, (1280, 800))
    settle(a)
    table = a.scene
    assert table.model.prompt().split("  ·  ")[-1].startswith("No card fits"), table.model.prompt()
    assert all(p.dimmed for p in table.board.hand_cards())
    pygame.quit()


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_the_hands_formation_cards_show_their_names_at_every_size(size, monkeypatch):
    """walkB15 #6b: 5 possessions at 960x600 (and 1280x720), the walk's deal, Maya setting
    her first line of defense: every card of her hand is drawn with its formation's name
    ('Goal Line', 'Field Goal Block', '5-2'), at least at the smallest text (the walk: at
    960x600 the hand's cards lost their printed names; only the big preview of the focused
    card told what it was)."""
    from sprites import cards as card_sprites
    from sprites import formation_faces
    from tests.test_table_walkB15 import defending
    a = defending(size)
    table = a.scene
    written = []
    real_label, real_render = formation_faces.label, formation_faces.render
    monkeypatch.setattr(card_sprites, "_CACHE", {})
    monkeypatch.setattr(formation_faces, "label", lambda surf, words, px, *r, **k: written.append(
        (words, px)) or real_label(surf, words, px, *r, **k))
    monkeypatch.setattr(formation_faces, "render", lambda words, px, *r: written.append(
        (words, px)) or real_render(words, px, *r))
    table.invalidate()
    a.frame()
    said = " ".join(words for words, px in written if px >= text_px_least())
    names = [p.card.formation.split(" (")[0] for p in table.board.hand_cards()]
    assert len(names) == 4 and all(name in said for name in names), (names, said)
    pygame.quit()


def text_px_least():
    """The smallest text a card's face writes, in the pixels it is drawn at."""
    from sprites import text
    from sprites.card_draw import SS
    return text.MIN_PX * SS
