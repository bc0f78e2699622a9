"""Deadline with five students at 960x600, where walker A of wave 16 was confused
(issue #37), played at the real table from stacked decks (tests/test_deadline's
helpers; the rulings cited: docs/rulings/deadline.md)."""
import pygame
import pytest

from game import registry
from scenes.table.layout import CAPTION, EDGE, SEAT_LEAST
from scenes.table.session import Seat, Session, inline
from tests.test_deadline import auto_exam, first_half, held, midterm_deck
from tests.test_ui_play import new_app

NAMES = ["Maya", "Theo", "Ines", "Sam", "Lena"]


@pytest.fixture
def small_app():
    a = new_app((960, 600))
    yield a
    pygame.quit()


def five_at_midterm(midterm):
    """A game of five students at the Midterm, each seat holding `midterm[seat]` (filled
    to 7)."""
    deck, floaters = midterm_deck(midterm, "10C", n=5)
    state = registry.new_game("deadline", players=5, seed=5, deck=deck)
    first_half(state, floaters)
    return state


def extra_credit(state, name):
    """The current student plays the card `name` as extra credit where it fits."""
    card = held(state, state.current_player, name)
    state.apply(next(a for a in state.legal_actions() if a.kind == "extra_credit" and a.cards[0] is card))


def walk_a16_midterm():
    """The walk's Midterm (walkA16 #11): Maya lays two 10s, two 2s and the 7-8 of diamonds,
    Theo the 6-7 of hearts and his 10 and 2 on Maya's; Ines lays two 4s and two Aces, on
    which Sam plays his two 4s and his Ace, and Lena her Ace."""
    state = five_at_midterm({0: ["10D", "10S", "2S", "2D", "7D", "8D"], 1: ["6H", "7H", "10H", "2C"],
                             2: ["4C", "4D", "AC", "AH"], 3: ["4S", "4H", "AS"], 4: ["AD", "5D"]})
    for _ in range(5):
        seat = state.current_player
        if seat == 1:
            for name in ("10H", "2C"):
                extra_credit(state, name)
        for name in {3: ("4S", "4H", "AS"), 4: ("AD",)}.get(seat, ()):
            extra_credit(state, name)
        auto_exam(state)
    return state


def captions(board):
    """The captions on the table, each as its lines' words (a caption's lines lie one
    under another at the same x)."""
    out, last = [], None
    for words, (x, y) in board.labels:
        if last is not None and x == last[0] and 0 < y - last[1] < 2 * CAPTION:
            out[-1].append(words)
        else:
            out.append([words])
        last = (x, y)
    return out


def open_at(a, state, humans=(0,)):
    """The table of `state`, a game already begun, in `a` (people at `humans`), settled
    where the person is to act."""
    seats = [Seat(NAMES[i], i in humans, "easy") for i in range(state.players)]
    session = Session(state.game_id, seats, dict(state.options), state.chance.seed, state=state, executor=inline)
    a.scene.go("table", session=session, viewer=None, events_seen=session.event_count(), curtains=[])
    a.frame()
    table = a.scene
    for _ in range(3000):
        if table.model.my_turn() and table.model.settled() and not table.busy():
            break
        a.frame()
    return table


def test_every_assignments_cards_lie_apart_and_readable_with_five_at_960x600(small_app):
    """walkA16 #11: five students at 960x600, after the Midterm where Sam and Lena played
    three cards of extra credit on Ines's two 4s and two Aces: at Maya's turn every card of
    every assignment on the table lies apart from the next, an outlined card's frame
    touching neither the card nor the frame beside it; none is smaller than another
    seat's cards keep while the table has room (SEAT_LEAST), and no caption over them
    takes more than two lines (the walk: Ines's four 4s and four Aces 15 pixels wide, their
    purple frames one into another under three-line captions, while Theo's 6-7 of hearts
    two seats left were drawn twice as big)."""
    state = walk_a16_midterm()
    table = open_at(small_app, state)
    board, view = table.board, table.model.view
    assert table.model.my_turn() and len(view.facts["assignments"]) == 6
    least = int(table.model.presenter.sizes.mini[0] * SEAT_LEAST)
    screen, edge = small_app.screen, max(2, small_app.screen.px(EDGE))

    def drawn(p):
        """Where a card is drawn, in pixels, with its outline where it has one."""
        r = screen.rect(p.rect)
        return r.inflate(2 * edge, 2 * edge) if (p.zone, p.card.name) in board.others else r
    crowded, small = [], []
    for a in view.facts["assignments"]:
        key = f"assignment:{a['index']}"
        cards = sorted((p for p in board.placed if p.zone == key), key=lambda p: p.rect.x)
        assert len(cards) == len(a["cards"]) + len(a["extra_credit"]), (key, cards)
        crowded += [(NAMES[a["owner"]], p.card.spoken, q.card.spoken) for p, q in zip(cards, cards[1:])
                    if drawn(p).colliderect(drawn(q))]
        small += [(NAMES[a["owner"]], p.card.spoken, p.rect.w) for p in cards if p.rect.w < least]
    assert not crowded and not small, (crowded, small)
    tall = [said for said in captions(board) if said[0].startswith("Assignment") and len(said) > 2]
    assert not tall, tall


def test_a_caption_over_cards_still_flying_there_has_their_place_drawn_under_it(monkeypatch):
    """walkA16 #12: five students at 960x600 at the normal pace, the Midterm from Theo's
    exam on (Maya's done): while the cards of a place are all still in the air (Ines's
    first card flying face down into 'Assignment being built', an assignment just
    submitted flying to its place), every caption on the table has that place's outline
    or its cards under it (the walk: under Ines's 'Hand (5)', 'Assignment being built'
    floated with nothing under it)."""
    from scenes.table import draw
    from tests.helpers import spied
    state = five_at_midterm({0: ["10D", "10S", "2S", "2D", "7D", "8D"], 1: ["6H", "7H", "10H", "2C"],
                             2: ["4C", "4D", "AC", "AH"], 3: ["4S", "4H", "AS"], 4: ["AD", "5D"]})
    auto_exam(state)            # Maya's
    a = new_app((960, 600), speed="normal")
    drawn = spied(monkeypatch, draw, "grounded")        # ((board, flying), (placed, slots))
    table = open_at(a, state)
    pygame.quit()
    assert table.model.my_turn() and len(state.assignments) > 3
    floating, flying = [], set()
    for (board, in_air), (placed, slots) in drawn:
        for zone, box in board.boxes.items():
            if zone == board.hand_key or zone in board.piles:
                continue
            box = pygame.Rect(*map(int, box))
            flying.update([zone] if in_air.get(zone) else [])
            if not any(p.zone == zone for p in placed) and box.collidelist(slots) < 0:
                floating.append((zone, tuple(box)))
    assert "group" in flying and any(zone.startswith("assignment") for zone in flying), flying
    assert not floating, sorted(set(floating))[:6]


def graded_semester(seed):
    """A semester of five Medium computers' moves from deal number `seed`, graded."""
    import random
    from game.bots import make_bot
    state = registry.new_game("deadline", players=5, seed=seed)
    bots, rng = [make_bot("medium", "deadline") for _ in range(5)], random.Random(seed)
    while not state.is_over:
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
    return state


def open_results(a, state):
    """The grading screen of `state` (Maya the person) in `a`."""
    seats = [Seat(NAMES[i], i == 0, "medium") for i in range(state.players)]
    session = Session(state.game_id, seats, dict(state.options), state.chance.seed, state=state, executor=inline)
    a.scene.go("scoring", session=session, interim=False)
    a.frame()
    a.frame()
    return a.scene


def headings(monkeypatch, a, scene):
    """Each heading over a plate's cards as drawn: [its lines], plate by plate, left to right."""
    from scenes.screens import dressing
    from scenes.screens.scoring import CAPTION_LINE
    from scenes.widgets import ui
    from sprites import palette
    drawn = []
    real = ui.Screen.text

    def text(screen, words, size, colour, pos, *args, **kwargs):
        if size == dressing.BODY and colour == palette.TEXT:
            drawn.append((words, pos))
        return real(screen, words, size, colour, pos, *args, **kwargs)
    monkeypatch.setattr(ui.Screen, "text", text)
    scene.draw(a.screen)
    monkeypatch.undo()
    out, last = [], None
    for words, (x, y) in drawn:
        if last is not None and x == last[0] and abs(y - last[1] - CAPTION_LINE) < 1:
            out[-1].append(words)
        else:
            out.append([words])
        last = (x, y)
    return out


def test_the_grading_screens_headings_read_in_two_lines_with_five_at_960x600(small_app, monkeypatch):
    """walkA16 #15: a semester of five students graded at 960x600, where Theo laid five
    assignments, gave extra credit and kept a card (seven groups of cards on his plate):
    every heading over a plate's cards reads whole in at most two lines ('Midterm set:
    incomplete', 'Extra credit given'), every word of it (the walk: 'Midterm / set: /
    incomplete', 'Extra / credit / given', 'Left / in / hand' over stacks of 20-pixel
    cards)."""
    state = graded_semester(241)
    scene = open_results(small_app, state)
    theo = next(p for p in scene.plates() if p.name == "Theo")
    assert len(theo.groups) == 7, [caption for caption, *_ in theo.groups]
    said = headings(monkeypatch, small_app, scene)
    captions = [caption for plate in scene.plates() for caption, *_ in plate.groups]
    assert [" ".join(lines) for lines in said] == captions, (said, captions)
    assert all(len(lines) <= 2 for lines in said), [lines for lines in said if len(lines) > 2]


def test_the_assignment_a_joker_cancelled_is_marked_at_its_cards_on_the_grading_screen(small_app, monkeypatch):
    """walkA16 #15: a semester of five students graded at 960x600, where Maya's and Ines's
    Jokers, left in their hands, cancelled each her lowest completed assignment (A17): on
    the grading screen that assignment's heading says so ('Midterm run: completed,
    cancelled by a Joker') and its cards are drawn struck out, as are the cards of extra
    credit a Joker cancelled, and no other card (the walk: Maya's 'Final Exam run:
    completed' looked like any other completed run while the line beside it said '1
    assignment completed: 0 (7 cancelled by a Joker)')."""
    from sprites import spread
    state = graded_semester(241)
    scene = open_results(small_app, state)
    view, grades = scene.view, scene.view.facts["grades"]
    cancelled = {NAMES[seat] for seat, grade in enumerate(grades) if grade["cancelled"]}
    assert cancelled == {"Maya", "Ines"}, cancelled
    struck = {}                 # each assignment the Jokers cancelled: its cards' names, by its owner
    for seat, grade in enumerate(grades):
        completed = sorted((a for a in view.facts["assignments"] if a["owner"] == seat and a["completed"]),
                           key=lambda a: a["value"])
        for a in completed[:len(grade["cancelled"])]:
            struck.setdefault(NAMES[seat], []).append(sorted(a["cards"] + [name for _, name in a["extra_credit"]]))
    drawn = []
    real = spread.row

    def row(surface, cards, *args, **kwargs):
        drawn.append((sorted(c.name for c in cards), kwargs.get("struck", False)))
        return real(surface, cards, *args, **kwargs)
    monkeypatch.setattr(spread, "row", row)
    scene.draw(small_app.screen)
    for plate in scene.plates():
        for caption, cards, *_ in plate.groups:
            names = sorted(c.name for c in cards)
            cancelled_here = names in struck.get(plate.name, []) or caption.startswith("Cancelled by")
            assert (names, cancelled_here) in drawn, (plate.name, caption, names, drawn)
            if names in struck.get(plate.name, []):
                assert caption.endswith(": completed, cancelled by a Joker"), caption
    assert sum(marked for _, marked in drawn) >= 2, drawn


def test_outlined_cards_on_the_grading_screen_keep_their_frames_apart(small_app, monkeypatch):
    """walkA16 #15: a semester of five students graded at 960x600, with cards of other
    students' extra credit outlined in many assignments (Sam's two Kings, Theo's 9 of
    diamonds beside his 9s): where two cards of a group lie side by side and one is
    outlined, felt shows between its frame and the next card or frame; where the next
    card lies over an outlined one, its frame stops there, along no part of the next
    card's top (the walk: 'each assignment is a stack of ~20 px cards whose purple frames
    touch')."""
    from sprites import palette, spread
    state = graded_semester(241)
    scene = open_results(small_app, state)
    rows = []
    real = spread.row

    def row(surface, cards, x, y, w, h, *args, **kwargs):
        taken = real(surface, cards, x, y, w, h, *args, **kwargs)
        rows.append((len(cards), x, y, w, h, set(kwargs.get("marked", ())), taken))
        return taken
    monkeypatch.setattr(spread, "row", row)
    scene.draw(small_app.screen)
    surface = small_app.screen.surface

    def purple(x, y):
        return sum(abs(c - o) for c, o in zip(surface.get_at((x, y))[:3], palette.OTHERS)) < 60
    touching, running, apart = [], [], 0
    for n, x, y, w, h, marked, taken in rows:
        step = (taken - w) / (n - 1) if n > 1 else 0
        for i in range(n - 1):
            left, right = round(x + i * step), round(x + (i + 1) * step)
            if i not in marked and i + 1 not in marked:
                continue
            if right >= left + w:
                apart += 1
                if all(purple(c, y + h // 2) for c in range(left + w, right)):
                    touching.append((x, y, i))
            elif i + 1 not in marked and any(purple(c, r) for c in range(right + 2, left + w + 3)
                                             for r in range(y - 3, y)):
                running.append((x, y, i))
    assert apart and not touching and not running, (apart, touching, running)


def test_every_assignment_lies_apart_with_five_at_960x600_where_its_seat_has_room():
    """walkA16 #11, the table's rule through whole semesters: five Medium computers' moves
    seen from Maya's seat at 960x600, every third position up to the Final Exam: no card
    of another student's assignment lies over the next where its cards, at the least size
    another seat's cards keep (SEAT_LEAST), would lie apart across its seat's panel, and
    none is smaller than that (Theo's four cards at their full size half over one another
    in his side column, where they lay apart smaller; the walk: Ines's four 4s a strip
    each)."""
    import random
    from game.bots import make_bot
    from scenes.table.layout import lay_out
    from scenes.table.presenters import presenter_for
    from scenes.widgets import ui
    presenter = presenter_for(registry.game_info("deadline"))
    screen = ui.Screen(pygame.Surface((960, 600)))
    least = int(presenter.sizes.mini[0] * SEAT_LEAST)
    checked, squeezed = 0, []
    for seed in (241, 5):
        state = registry.new_game("deadline", players=5, seed=seed)
        bots, rng = [make_bot("medium", "deadline") for _ in range(5)], random.Random(seed)
        while not state.is_over and state.view(0).facts["exam"] != "final":
            seat = state.current_player
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
            if len(state.history) % 3:
                continue
            view = presenter.arranged(state.view(0), lambda: state.events)
            board = lay_out(view, presenter, 0, NAMES, (screen.lw, screen.lh), screen.text_width, scale=screen.s)
            for a in view.facts["assignments"]:
                if a["owner"] == 0:
                    continue
                rects = sorted((p.rect for p in board.placed if p.zone == f"assignment:{a['index']}"),
                               key=lambda r: r.x)
                room = board.seat_panels[a["owner"]][2] - 16
                if len(rects) * (least + 10) - 10 > room:       # (outlined cards 10 apart)
                    continue
                checked += 1
                if any(r.colliderect(q) for r, q in zip(rects, rects[1:])) or min(r.w for r in rects) < least:
                    squeezed.append((seed, len(state.history), NAMES[a["owner"]], [tuple(r) for r in rects]))
    assert checked > 100 and not squeezed, (checked, squeezed[:3])
