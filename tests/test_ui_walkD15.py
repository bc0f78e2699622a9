"""Keyboard-only moments of walk D, wave 15, each played by keys at the screen it happened on."""
import re

import pygame
import pytest

from game import registry, tutorial
from scenes.screens.rules import RulesScene
from tests.test_ui_play import app, press  # noqa: F401


def words_of_press(app, monkeypatch, key):
    """The words the app draws in the frame a press of `key` makes (none if it draws nothing)."""
    words = []
    real = app.screen.text
    monkeypatch.setattr(app.screen, "text", lambda w, *a, **k: words.append(w) or real(w, *a, **k))
    press(app, key)
    monkeypatch.setattr(app.screen, "text", real)
    return words


def test_the_right_arrow_on_the_rules_page_shows_the_next_game_at_once(app, monkeypatch):
    """Rules by keys: the right arrow draws the next game's rules in the same frame, and the
    page says the left and right arrows change game (walkD15 #20: the page kept the old game
    until the next key, then jumped)."""
    ids = list(registry.GAMES)
    app.scene.go("rules", rules_game=ids[0], return_to="menu")
    app.frame()
    assert isinstance(app.scene, RulesScene)
    words = words_of_press(app, monkeypatch, pygame.K_RIGHT)
    assert f"Rules: {registry.GAMES[ids[1]].title}" in words
    assert any("left and right arrows" in w.lower() for w in words), words
    words = words_of_press(app, monkeypatch, pygame.K_LEFT)
    assert f"Rules: {registry.GAMES[ids[0]].title}" in words


def coach_said(scene):
    """The coach's words in its panel and its bubble's words, as the table shows them now."""
    side = scene.model.director.side(scene.model.seen)
    bubble = scene.laid.bubble
    return list(side.paragraphs) + [side.reply] + ([" ".join(bubble.lines)] if bubble is not None else [])


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_a_lesson_played_by_keys_never_says_click(app, game_id):
    """Every lesson, its learner on the keyboard: at every stop neither the coach's panel nor
    its bubble names a click (walkD15 #21: 5 possessions' coach said 'click a card, then a
    lane' and its bubble 'Click your blue 5, then lane 1.' while the learner used keys)."""
    from scenes.table.lesson import start
    from tests.test_ui_lesson_honest import to_stop
    start(app.scene, game_id)
    app.frame()
    scene = app.scene
    press(app, pygame.K_TAB)                        # the learner turns to the keyboard
    assert scene.model.keys
    said = []
    to_stop(app, scene, lambda coach: said.extend(coach_said(scene)) or coach.finished or scene.model.over)
    clicks = [w for w in said if re.search(r"\bclick", w, re.I)]
    assert said and not clicks, clicks


def test_five_possessions_lesson_by_keys_sends_the_picked_card_to_its_lane_s_number(app):
    """5 possessions' lesson by keys: the coach's card picked with Enter, the bubble says
    the key that puts it in its lane, as the table's own strip does (walkD15 #21: 'Now click
    lane 1.' beside the strip's 'Press a lane's number ...')."""
    from scenes.table.lesson import start
    from tests.test_ui_lesson_honest import to_stop
    start(app.scene, "five_possessions")
    app.frame()
    scene = app.scene
    press(app, pygame.K_TAB)
    coach = to_stop(app, scene, lambda c: c.learner_to_act() and c.cue.moves[0].kind == "place")
    action = tutorial.find(coach.state, coach.cue.moves[0])
    assert scene.focus_item().card.name == action.cards[0].name     # the keys start on the coach's card
    press(app, pygame.K_RETURN)
    app.frame()
    assert [c.name for c in scene.model.ui.selection] == [action.cards[0].name]
    bubble = scene.laid.bubble
    assert bubble is not None and " ".join(bubble.lines) == f"Now press {action.arg + 1} for lane {action.arg + 1}."


def key_to(app, predicate, limit=40):
    """Tab until the keys rest on the widget `predicate` picks."""
    for _ in range(limit):
        scene = app.scene
        here = scene.widgets[scene.focus % len(scene.widgets)]
        if predicate(here) and app.ring_was_shown:
            return here
        press(app, pygame.K_TAB)
    raise AssertionError("the keys never reached the widget")


def open_setup_by_keys(app, game_id):
    from scenes.screens.setup import SetupScene
    app.scene.go("setup", game_id=game_id)
    app.frame()
    assert isinstance(app.scene, SetupScene)
    return app.scene


def test_setup_others_play_there_and_back_keeps_who_plays(app):
    """Setup by keys: 'At this computer' pressed to 'From their own computers' and back
    leaves every seat as it was (walkD15 #18: Theo, a computer, came back a person, and
    Start would have begun pass-and-play)."""
    setup = open_setup_by_keys(app, "final_card_down")
    before = [(s.human, s.level) for s in setup.seats]
    assert not any(human for human, _ in before[1:])
    key_to(app, lambda w: w.key == "where")
    press(app, pygame.K_RETURN)
    assert setup.hosted
    press(app, pygame.K_RETURN)
    assert not setup.hosted
    assert [(s.human, s.level) for s in setup.seats] == before
    assert [setup.kind_words(i) for i in range(1, setup.count())] == \
        [f"Computer ({level})" for _, level in before[1:]]


def test_esc_in_the_deal_number_puts_back_what_it_held(app, monkeypatch):
    """Setup by keys: a deal number typed, then Esc, leaves the deal random as it was; a
    number emptied with Backspace is random again, as the line under the field says while
    it is typed in (walkD15 #19: Esc kept the 42 and nothing said how to get 'random' back)."""
    setup = open_setup_by_keys(app, "final_card_down")
    key_to(app, lambda w: w.key == "deal")
    assert "Enter: done · Esc: as it was · emptied: random" in words_of_press(app, monkeypatch, pygame.K_RETURN)
    for digit in "42":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(digit), mod=0, unicode=digit, scancode=0))
    app.frame()
    assert setup.deal == "42"
    press(app, pygame.K_ESCAPE)
    assert setup.editing is None and setup.deal == ""
    assert setup.widgets[setup.focus].label == "random"
    press(app, pygame.K_RETURN)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord("7"), mod=0, unicode="7", scancode=0))
    press(app, pygame.K_RETURN)
    assert setup.deal == "7"
    press(app, pygame.K_RETURN)
    press(app, pygame.K_BACKSPACE)
    press(app, pygame.K_RETURN)
    assert setup.deal == "" and setup.widgets[setup.focus].label == "random"


def test_the_keys_leave_a_button_that_switches_off_under_them(app):
    """Setup of Deadline by keys: '+' pressed up to the most students switches off, and the
    keys go to the nearest button that works ('-'), so the next Enter does something
    (walkD15 #23: the ring stayed on the greyed-out '+'; the same rule as a screen's start,
    walkD15 #1)."""
    setup = open_setup_by_keys(app, "deadline")
    key_to(app, lambda w: w.key == "more")
    while setup.count() < setup.info.max_players:
        press(app, pygame.K_RETURN)
    here = setup.widgets[setup.focus]
    assert here.enabled and here.key == "fewer", here.label
    press(app, pygame.K_RETURN)
    assert setup.count() == setup.info.max_players - 1


def test_a_card_that_cannot_be_played_keeps_its_grey_wash_under_the_keys(app, monkeypatch):
    """Final Card-Down by keys, the keys on a card of the hand that cannot be played: it
    keeps the grey wash of the others that cannot, and its enlarged copy has no gold frame
    (the frame of a card that can be played) (walkD15 #22: the focused card lost its wash
    and its preview was framed gold like the playable one's)."""
    from scenes.table import draw
    from sprites import palette
    from tests.test_ui_scenes import start_fcd
    table = start_fcd(app, {0})
    press(app, pygame.K_TAB)
    hand = table.laid.board.hand_cards()
    assert any(p.dimmed for p in hand) and any(not p.dimmed for p in hand)
    for _ in range(len(hand) + 1):
        if getattr(table.focus_item(), "dimmed", False):
            break
        press(app, pygame.K_RIGHT)
    focused = table.focus_item()
    assert focused.dimmed
    washes, frames = [], []
    tint, outline = draw.card_sprites.tint, draw.card_sprites.outline
    monkeypatch.setattr(draw.card_sprites, "tint", lambda w, h, colour, alpha: washes.append((w, h, colour))
                        or tint(w, h, colour, alpha))
    monkeypatch.setattr(draw.card_sprites, "outline", lambda w, h, colour, width: frames.append((w, h, colour))
                        or outline(w, h, colour, width))
    table.static.stale = lambda *a: True            # the whole table drawn anew
    table.dirty = True
    app.frame()
    size = app.screen.rect(focused.rect).size
    dim = [w for w in washes if w[2] == (0, 0, 0) and (w[0], w[1]) == size]
    assert len(dim) == sum(p.dimmed for p in hand), (len(dim), sum(p.dimmed for p in hand))
    assert not [f for f in frames if f[2] == palette.GOLD and f[1] > size[1]], "a gold frame round the preview"


def finish_games(folders, kinds):
    """Finish a game of each of `kinds` (game ids) by random moves, kept in the statistics
    and the records."""
    import random
    from scenes.table.session import Seat, Session
    for n, game_id in enumerate(kinds):
        session = Session(game_id, [Seat("Maya", True), Seat("Theo", False, "medium")], {}, n + 1, folders)
        rng = random.Random(n)
        while not session.state.is_over:
            session.submit(rng.choice(session.state.legal_actions()))


def open_statistics_by_keys(app):
    from scenes.screens.statistics import StatisticsScene
    key_to(app, lambda w: getattr(w, "label", "") == "Statistics")
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, StatisticsScene)
    return app.scene


def test_statistics_reach_every_recent_game_by_keys_and_say_kinds_of_game(user_home, monkeypatch):
    """Statistics after seven games of two kinds: the line beside 'Next' counts kinds of
    game, not games, and the seventh, oldest record is reached by keys through 'Older games'
    and opens (walkD15 #14: '1 of the 5 games played here' after 7 games, and 'the newest 6
    of 7' with no way to the 7th)."""
    from scenes.screens.replay import ReplayScene
    from tests.test_ui_play import new_app
    from game import saves
    finish_games(saves.Folders(), ["final_card_down"] * 6 + ["ktu"])
    app = new_app()
    try:
        stats = open_statistics_by_keys(app)
        words = words_of_press(app, monkeypatch, pygame.K_TAB)
        assert "1 of the 2 kinds of game played here" in words, words
        oldest = saves.list_records(app.folders)[-1]
        key_to(app, lambda w: w.label == "Older games")
        press(app, pygame.K_RETURN)
        here = key_to(app, lambda w: getattr(w, "path", None) == oldest)
        assert here in stats.widgets
        press(app, pygame.K_RETURN)
        assert isinstance(app.scene, ReplayScene)
    finally:
        pygame.quit()


def test_esc_from_a_replay_comes_back_onto_the_game_it_opened(user_home):
    """Statistics by keys: a record opened, then Esc out of its replay: the keys rest on
    that record again, the same game's statistics shown (walkD15 #16: they rested on
    'Next: Deadline' at the top)."""
    from tests.test_ui_play import new_app
    from game import saves
    finish_games(saves.Folders(), ["final_card_down", "ktu", "final_card_down"])
    app = new_app()
    try:
        stats = open_statistics_by_keys(app)
        ktu = next(p for p in saves.list_records(app.folders) if p.endswith("ktu.json"))
        key_to(app, lambda w: w.label.startswith("Next:"))
        press(app, pygame.K_RETURN)
        shown = stats.game_id
        key_to(app, lambda w: getattr(w, "path", None) == ktu)
        press(app, pygame.K_RETURN)
        press(app, pygame.K_ESCAPE)
        stats = app.scene
        here = stats.widgets[stats.focus]
        assert getattr(here, "path", None) == ktu and stats.game_id == shown
    finally:
        pygame.quit()


def test_a_replay_by_keys_names_its_keys_and_what_the_first_player_does(app, monkeypatch):
    """A KTU game's replay opened by keys: the side panel names the keys that step it, and
    at the deal the top line says Maya is choosing face-up cards, not 'Maya to play'
    (walkD15 #15: no key legend; Right was found by chance)."""
    import random
    from game import saves
    from scenes.table import draw
    from scenes.table.session import Seat, Session
    session = Session("ktu", [Seat("Maya", True), Seat("Theo", False, "easy")], {}, 5)
    rng = random.Random(1)
    while not session.state.is_over:
        session.submit(rng.choice(session.state.legal_actions()))
    record = saves.read_record(saves.write_record(app.folders, session.state, session.saved_seats()))
    press(app, pygame.K_TAB)                        # the keyboard in use
    app.scene.persist = {"record": record}
    app.switch("replay")
    named = []
    real = draw.side_panel
    monkeypatch.setattr(draw, "side_panel", lambda *a, **k: named.append(k.get("keys", ())) or real(*a, **k))
    app.scene.dirty = True
    app.frame()
    assert named and any("Right" in key for key in named[-1]) and any("Esc" in key for key in named[-1]), named
    assert "Maya is choosing face-up cards" in app.scene.top_words()
    assert "Maya to play" not in app.scene.top_words()


def test_between_possessions_the_top_line_never_says_your_turn_with_nothing_to_do(app):
    """5 possessions against a computer at the normal pace, to the second possession: while
    the next possession's cards are dealt (the drive over, nothing to do yet), the top line
    says where the game stands but nobody's turn; 'Your turn' stands no longer than a
    card's flight where the person cannot move (walkD15 #13: 'Possession 3, line 1 of 4 ·
    Your turn' for seconds over closed, empty lanes, no card in hand, no button)."""
    from tests.test_table_moments_pd import five_possessions_reveals
    idle, longest, possession = 0, 0, 1
    for table in five_possessions_reveals(app, 4242, frames=3400):
        model = table.model
        can = model.my_turn() and model.settled() and bool(model.offering())
        idle = idle + 1 if "Your turn" in model.prompt() and not can else 0
        longest = max(longest, idle)
        possession = model.view.facts.get("possession") or possession
        if possession >= 2 and table.board.hand_cards() and can:
            break
    assert possession >= 2
    assert longest <= 80, longest


def test_a_callout_never_covers_a_lane_s_result_already_told(app, monkeypatch):
    """5 possessions against a computer at the normal pace, lines revealed lane by lane:
    the next lane's callout never lies over the result written on a lane already told
    (walkD15 #11: 'Lane 2: Theo wins ...' over lane 1's caption, of which only '...purple+blue
    dots each' showed)."""
    from scenes.table import draw
    from tests.test_table_moments_pd import five_possessions_reveals
    real, covered, checked = draw.callout, [], []
    tables = []

    def spy(screen, board, call, *args, **kwargs):
        box = real(screen, board, call, *args, **kwargs)
        areas = dict(zip(board.lanes, board.results))
        told = [pygame.Rect(*map(int, areas[o.lane])) for o in tables[-1].held_outcomes() if o.lane in areas]
        checked.append(bool(told))
        if pygame.Rect(box).collidelist(told) >= 0:
            covered.append(call.words)
        return box
    monkeypatch.setattr(draw, "callout", spy)
    for table in five_possessions_reveals(app, 4242, frames=2300):
        tables[:] = [table]
    assert sum(checked) > 20
    assert not covered, sorted(set(covered))[:3]


def test_a_five_possessions_hint_says_why_in_one_clause_not_a_chain_of_colons():
    """5 possessions played by random moves, at each offense and defense turn: every hint
    the table can say (Medium's move and reason, and the reason for every other move, as
    Hard gives it) is 'Hint: <the move>: <why>', the why itself a sentence with no further
    colon (walkD15 #12: 'Place Defense green 4 (lane 1): an open lane: the offense card there
    is counted ...: its four boxes under the dots add up to 10', three lines of colons)."""
    import random
    from game.five_possessions import bots
    from scenes.table.hinting import hint_words
    from scenes.table.presenters import presenter_for
    state = registry.new_game("five_possessions", players=2, seed=4242)
    presenter, names = presenter_for(state.info), ["Maya", "Theo"]
    rng, said, steps = random.Random(4242), [], set()
    while not state.is_over and len(said) < 400:
        legal = state.legal_actions()
        view = state.view(state.current_player)
        if view.facts["step"] in ("offense_set", "defense_set"):
            steps.add(view.facts["step"])
            best, reason = bots.medium(view, legal, rng)
            said.append(hint_words(presenter, best, names, view, reason))
            said += [hint_words(presenter, action, names, view, bots.why(view, action)) for action in legal]
        state.apply(rng.choice(legal))
    assert steps == {"offense_set", "defense_set"} and len(said) > 100
    chained = sorted({words for words in said if words.count(":") > 2})
    assert not chained, chained[:4]
