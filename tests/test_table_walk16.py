"""Wave 16 moments at the real table (fixer F): the table's rules of presentation that the
walk found broken, played through the real events."""
import pygame
import pytest

from game import registry
from scenes.table.intents import Choose
from scenes.table.session import Seat, Session, inline
from tests.test_hint_words import person_first
from tests.test_table_moments_pd import drawn_words
from tests.test_table_words import NAMES
from tests.test_ui_play import FRAME, new_app, press


def person_to_play(a, game_id):
    """The table of a seeded `game_id` against computers where the person plays first,
    settled on their turn."""
    a.scene.go("table", session=person_first(game_id), viewer=None, events_seen=0, curtains=[])
    a.frame()
    table = a.scene
    for _ in range(600):
        if table.model.my_turn() and not table.busy():
            break
        a.frame()
    return table


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_a_hints_words_stay_as_long_as_its_marks(game_id, monkeypatch):
    """walkD16 #5, walkA16 #10: a hint's words went after 4 s while its marks stayed, so a
    long two-line hint (5 possessions, KTU's face-up choice) could not be read and only
    the marks were left. The table's rule, in every game: the words stay as long as the
    marks (still drawn, the table at rest, 15 s on), and go with them when the person
    makes a move."""
    a = new_app()
    a.settings.thinking_time, a.settings.cores = 0.05, 1
    try:
        table = person_to_play(a, game_id)
        model = table.model
        press(a, pygame.K_h)
        for _ in range(200):
            if model.ui.hint is not None:
                break
            a.frame()
        words = model.ui.message
        assert model.ui.hint is not None and words.startswith("Hint: "), words
        for _ in range(int(15 / FRAME)):
            a.frame()
        assert model.ui.hint is not None and model.ui.message == words, model.ui.message
        assert not table.busy(), "the table rests while the hint waits"
        drawn = drawn_words(monkeypatch)
        table.invalidate()
        a.frame()
        assert words.split()[-1] in " ".join(drawn), drawn
        table.act(Choose(model.ui.hint))
        a.frame()
        assert not model.ui.message.startswith("Hint: "), model.ui.message
    finally:
        pygame.quit()


def final_count_at(a, seed, moves):
    """Final Count with Hit Goal, Maya against two computers at the table, opened after
    `moves` of a seeded game played at random (and the next of them, to be made)."""
    import random
    from tests.test_ui_play import choose
    rng = random.Random(seed)
    seats = [Seat("Maya"), Seat("Theo", False, "easy"), Seat("Ines", False, "easy")]
    session = Session("final_count", seats, {"final_count.hit_goal": "on"}, seed, executor=inline)
    for _ in range(moves):
        session.submit(choose(session.legal_actions(), rng))
    a.scene.go("table", session=session, viewer=None, events_seen=session.event_count(), curtains=[])
    a.frame()
    table = a.scene
    for _ in range(300):
        if table.model.my_turn() and not table.busy():
            break
        a.frame()
    return table, choose(session.legal_actions(), rng)


def test_final_count_says_the_count_that_hits_the_goal_and_its_aces_as_one(monkeypatch):
    """walkB16 #7, #8: Final Count with Hit Goal, 3 players at 960x600: the side panel said
    'Your count: 31 of 75, aces as 1 or 11' over 'Goal: 21 (your count is on it now)',
    nothing saying an ace counted 1 makes the 21; the results row said 'Count 31, hit the
    goal' of a goal of 21. Seeded games (moves at random) opened at the table: Maya to
    roll or call, her count on the goal with an ace as 1 (not her best count): the
    panel's Goal line says how, drawn. Maya's last move of a hand that ends on the goal
    that way: the count counted up on the table, and the one in her results row, is the
    one that hit the goal, with its aces as 1."""
    from scenes.screens.scoring import ScoringScene
    from scenes.table import intents
    a = new_app(size=(960, 600))
    try:
        table, _ = final_count_at(a, 7, 78)
        model = table.model
        facts = model.view.facts
        mine, goal = facts["my_count"], facts["hit_goal"]
        assert goal in mine["totals"] and goal != mine["best"], (mine, goal)
        drawn = drawn_words(monkeypatch)
        table.invalidate()
        a.frame()
        said = dict((label, value) for label, value, _ in model.presenter.readouts(model.view, model.names))["Goal"]
        assert said == f"{goal} (your count is on it now with an ace as 1)", said
        assert " ".join(said.split()) in " ".join(" ".join(drawn).split()), drawn

        a.settings.animation_speed = "fast"         # the counts count up on the table
        table, last = final_count_at(a, 48, 5)
        model = table.model
        table.act(intents.Choose(last))
        counted = []
        for _ in range(3000):
            if isinstance(a.scene, ScoringScene):
                break
            if model.hold.wait and model.settled():
                table.act(intents.Continue())
            counted += [c.count for c, _ in model.timeline.callouts if c.count is not None and "hand:0" in c.at]
            a.frame()
        scene = a.scene
        row = scene.view.facts["last_hand"]["seats"][0]
        goal = scene.view.facts["last_hand"]["goal"]
        assert row["hit"] and row["best"] != goal, row
        assert set(counted) == {goal}, counted
        names = [s.name for s in scene.session.seats]
        words = scene.presenter.score_cards(scene.view, 0, names)[0][0]
        assert words.startswith(f"Count {goal} with an ace as 1, hit the goal"), words
        assert f"count {goal} with an ace as 1, hit the goal" in scene.presenter.breakdown(scene.view, 0, names)
    finally:
        pygame.quit()


def test_the_enlarged_card_keeps_apart_from_other_cards_and_their_words(monkeypatch):
    """walkD16 #13: 4 downs, 4 players at 960x600, the person's lead: the big copy of the
    focused card lay flush against Sam's hand, its gold edge over his first card and the
    H of 'Hand (4)'. The table's rule: the enlarged card keeps a gap from every other
    card and from what says who sits where (names, captions), checked on the first
    turn of several deals with each hand card focused by the keyboard."""
    from scenes.table import draw
    from scenes.table.draw import ZOOM_GAP
    shown = []
    real = draw.enlarged

    def spy(screen, placed, look, board, size, bottom, keep_clear=(), avoid=(), *rest, **kw):
        box = real(screen, placed, look, board, size, bottom, keep_clear, avoid, *rest, **kw)
        if box is not None:
            shown.append((placed, pygame.Rect(box), [pygame.Rect(r) for r in avoid]
                          + [pygame.Rect(p.rect) for p in board.placed if p is not placed]))
        return box
    monkeypatch.setattr(draw, "enlarged", spy)
    a = new_app(size=(960, 600))
    try:
        for seed in range(6):
            seats = [Seat("Maya"), Seat("Theo", False, "easy"), Seat("Ines", False, "easy"), Seat("Sam", False, "easy")]
            session = Session("four_downs", seats, {}, seed, executor=inline)
            a.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
            for _ in range(300):
                a.frame()
                if a.scene.model.my_turn() and not a.scene.busy():
                    break
            for _ in range(4):
                press(a, pygame.K_TAB)
                a.scene.invalidate()
                a.frame()
        assert shown
        close = [(placed.card.name, tuple(box), tuple(r)) for placed, box, others in shown
                 for r in others if box.inflate(ZOOM_GAP, ZOOM_GAP).colliderect(r)]
        assert not close, close[:4]
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
@pytest.mark.parametrize("count", [2, 3, 4])
def test_final_counts_die_lies_in_no_other_players_column(size, count):
    """walkD16 #12: Final Count, 4 players at 960x600: the person's die lay right under
    Sam's Cards on Table, in his column, and looked like his. At every size and count,
    the die (once the person has rolled it) lies by the piles, clear of every card and in
    no other player's column."""
    from scenes.table import draw
    from game.final_count.rules import Act
    a = new_app(size=size)
    try:
        seats = [Seat(n) if i == 0 else Seat(n, False, "easy") for i, n in enumerate(NAMES[:count])]
        for seed in range(40):
            session = Session("final_count", seats, {}, seed, executor=inline)
            if session.current_player == 0:
                break
        a.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
        a.frame()
        table = a.scene
        for _ in range(300):
            a.frame()
            if table.model.my_turn() and not table.busy():
                break
        table.act(Choose(next(m for m in session.legal_actions() if m.kind == Act.ROLL)))
        for _ in range(60):
            a.frame()
        board = table.laid.board
        die = draw.die_rect(board)
        assert die is not None and table.model.presenter.die_face(table.model.view, None) is not None
        others = {key: pygame.Rect(*map(int, box)) for key, box in board.boxes.items()
                  if key.startswith(("hand:", "table:")) and key not in board.own_zones}
        assert not [key for key, box in board.boxes.items() if die.colliderect(pygame.Rect(*map(int, box)))]
        assert not [key for key, box in others.items() if box.left < die.right and die.left < box.right], (
            die, others)
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_the_lane_numbers_prompt_covers_no_card_of_the_others(size):
    """walkB16 #4: 5 possessions at 960x600, from the keyboard: Tab to a hand card and
    Enter, and 'Press a lane's number for Offense orange 5 (1 is the leftmost)' lay over
    Theo's Stack and Line cards. A message lies clear of every card on the table (backs
    too) where a place can (here above Theo's piles, beside his name plate)."""
    from scenes.table import draw
    a = new_app(size=size)
    try:
        table = person_to_play(a, "five_possessions")
        model = table.model
        for _ in range(3000):
            if model.my_turn() and not table.busy():
                legal = model.session.legal_actions()
                if any(m.kind in model.presenter.LANE_ARGS for m in legal):
                    break
                table.act(Choose(legal[0]))
            a.frame()
        for _ in range(12):
            press(a, pygame.K_TAB)
            press(a, pygame.K_RETURN)
            if model.ui.message.startswith("Press a lane's number"):
                break
        assert model.ui.message.startswith("Press a lane's number"), model.ui.message
        table.invalidate()
        a.frame()
        board = table.laid.board
        box = draw.message_box(a.screen, board, model.ui.message, table.pointer.message_spot)
        under = [p.zone for p in board.placed if p.zone != board.hand_key and box.colliderect(p.rect)]
        assert not under, (box, under)
    finally:
        pygame.quit()
