"""The screens around the table dressed like it (#36 point 6): the menu fans each game's
own cards, the scoring screen gives every player a plate with the cards that made the
score and celebrates the winner for a moment, the rules show the cards they speak of
(the `[cards: ...]` markup, refused naming the file and line when it is bad); each draws
at 1280 x 800 and 960 x 600 with no text under the floors, and idles without drawing."""
import random

import pygame
import pytest

from game import registry
from game.core import SharedAct
from scenes.screens import celebration, dressing, rules
from scenes.screens import menu as menu_module
from scenes.screens.menu import MenuScene
from scenes.screens.rules import RulebookError, RulesScene, check, parse
from scenes.screens.scoring import ScoringScene
from scenes.table.scene import TableScene
from scenes.screens.setup import SetupScene
from scenes.table.session import Seat, Session
from sprites import spread, text
from tests.test_deadline import SUBMIT, act, auto_exam, first_half, midterm_deck, second_half
from tests.test_ui_play import click_widget, new_app, press

NAMES = ("Maya", "Theo", "Kofi", "Ines", "Ravi", "Lena")
# The least pixel size of text a player reads, by window size.
FLOORS = {(1280, 800): 16, (960, 600): 13}


@pytest.fixture
def app():
    a = new_app((1280, 800))
    yield a
    pygame.quit()


def played(game_id, players, seed, hand_only=False):
    """A game played by random legal moves to its end (or, with `hand_only`, to the end
    of its first hand when it has hands)."""
    state = registry.new_game(game_id, players=players, seed=seed)
    rng = random.Random(seed)
    moves = 0
    while not state.is_over:
        legal = state.legal_actions()
        if hand_only and moves > 5 and all(a.kind == SharedAct.DEAL for a in legal):
            break
        state.apply(rng.choice(legal))
        moves += 1
    return state


def show_scores(a, game_id, players=None, seed=11, interim=False):
    info = registry.GAMES[game_id]
    players = players or min(4, info.max_players)
    state = played(game_id, players, seed, hand_only=interim)
    seats = [Seat(NAMES[i], human=i == 0) for i in range(players)]
    session = Session(game_id, seats, {}, seed, state=state)
    a.scene.go("scoring", session=session, interim=interim and not state.is_over)
    a.frame()
    assert isinstance(a.scene, ScoringScene)
    return state


@pytest.fixture
def spied(monkeypatch):
    """Every line of text drawn (words, pixel size) and every card row and fan drawn."""
    seen = {"text": [], "rows": [], "fans": [], "marked": []}
    render, row, fan = text.render, spread.row, spread.fan

    def spy_render(words, px, colour):
        seen["text"].append((words, int(px)))
        return render(words, px, colour)

    def spy_row(surface, cards, *args, **kwargs):
        seen["rows"].append(list(cards))
        seen["marked"].append((list(cards), list(kwargs.get("marked", ()))))
        return row(surface, cards, *args, **kwargs)

    def spy_fan(cards, *args, **kwargs):
        seen["fans"].append(list(cards))
        return fan(cards, *args, **kwargs)

    monkeypatch.setattr(text, "render", spy_render)
    monkeypatch.setattr(spread, "row", spy_row)
    monkeypatch.setattr(spread, "fan", spy_fan)
    return seen


def drawn(a, seen):
    """Draw the scene afresh; what it drew."""
    for key in seen:
        seen[key].clear()
    a.scene.dirty = True
    a.frame()
    return seen


@pytest.mark.parametrize("size", list(FLOORS))
def test_every_dressed_screen_draws_at_both_sizes_with_no_text_under_the_floor(size, spied):
    a = new_app(size)
    try:
        pages = [("menu", drawn(a, spied)["text"][:])]
        for game_id in registry.GAMES:
            a.scene.go("rules", rules_game=game_id, return_to="menu")
            a.frame()
            while True:                         # every line of the page, scrolled through
                pages.append((f"rules {game_id}", drawn(a, spied)["text"][:]))
                if a.scene.scroll_y >= a.scene.max_scroll():
                    break
                press(a, pygame.K_PAGEDOWN)
            show_scores(a, game_id)
            pages.append((f"scores {game_id}", drawn(a, spied)["text"][:]))
            show_scores(a, game_id, interim=True)
            pages.append((f"hand over {game_id}", drawn(a, spied)["text"][:]))
        floor = FLOORS[size]
        for page, lines in pages:
            assert lines, page
            small = [(words, px) for words, px in lines if words.strip() and px < floor]
            assert not small, f"{page} at {size}: {small[:5]}"
    finally:
        pygame.quit()


def test_the_menu_fans_each_game_own_cards_beside_its_name_and_player_count(app, spied):
    assert isinstance(app.scene, MenuScene)
    seen = drawn(app, spied)
    assert len(seen["fans"]) == len(registry.GAMES)
    words = [w for w, _ in seen["text"]]
    for fan, (game_id, info) in zip(seen["fans"], registry.GAMES.items()):
        deck = info.load_deck()
        assert len(fan) >= 4
        assert all(card.name in deck.by_name and card.family == deck[0].family for card in fan), game_id
        assert info.title in words
        players = [w for w in words if w.endswith("players")]
        assert any(str(info.max_players) in w for w in players)
    hex_fan = seen["fans"][list(registry.GAMES).index("final_card_down")]
    assert {"0", "2", "A", "D"} <= {card.rank for card in hex_fan}      # its special cards
    sides = {card.side for card in seen["fans"][list(registry.GAMES).index("four_downs")]}
    assert sides == {"offense", "defense"}


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1280, 1024)])
def test_the_menu_fills_a_taller_window_with_larger_tiles_and_no_band_of_empty_felt(size):
    """The tiles take the room a window gives them (up to a size that still looks like
    tiles), so no wide band of felt lies under the doors."""
    a = new_app(size)
    try:
        menu = a.scene
        screen = a.screen
        tiles = [w for w in menu.widgets if hasattr(w, "info")]
        empty = screen.lh - menu.doors_bottom
        assert empty <= menu_module.BELOW + 70 or tiles[0].rect[3] == menu_module.TALL_TILE_H, (size, empty)
        if size[1] > 720:
            assert tiles[0].rect[3] > tiles_at_720()          # a taller window, taller tiles
    finally:
        pygame.quit()


def tiles_at_720():
    a = new_app((1280, 720))
    try:
        return next(w for w in a.scene.widgets if hasattr(w, "info")).rect[3]
    finally:
        pygame.quit()


def test_the_menu_is_reached_by_keyboard_as_before_every_game_in_order_then_the_doors(app):
    games = list(registry.GAMES)
    app.scene.focus = 0
    press(app, pygame.K_TAB)                             # the ring shown where the keys rest
    assert app.scene.focus == 0
    for i in range(1, len(games) + 1):
        press(app, pygame.K_TAB)
        assert app.scene.focus == i                      # Tab: each tile in turn, then the doors
    assert app.scene.widgets[app.scene.focus].label == "Statistics"
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, SetupScene) and app.scene.persist["game_id"] == games[-1]
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def scored_cards(game_id, state, seat):
    """The cards that made `seat`'s score, from the engine's own facts and zones."""
    view = state.view(None)
    facts = view.facts

    def names(zone_keys):
        return [c.name for key in zone_keys for c in view.zone(key).cards]
    if game_id == "final_count":
        return facts["last_hand"]["seats"][seat]["cards"]
    if game_id == "deadline":             # its assignments whole (others' extra credit in them), its extra credit on others'
        laid = [n for a in facts["assignments"] if a["owner"] == seat
                for n in a["cards"] + [name for _, name in a["extra_credit"]]]
        given = [n for a in facts["assignments"] for who, n in a["extra_credit"] if who == seat]
        return laid + given + names([f"hand:{seat}"])
    if game_id == "ktu":
        if seat in facts["finished"]:
            return []
        return names([f"hand:{seat}", f"faceup:{seat}"]) + [c.name for c in state.facedown[seat]]   # shown at the end
    if game_id == "four_downs":
        return [name for who, name in facts["last_round"]["plays"] if who == seat]
    if game_id == "five_possessions":
        return names([z.key for z in view.zones if z.key.startswith(f"line:{seat}:")])
    return names([f"hand:{seat}"])


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_the_scoring_screen_lists_every_player_with_their_cards_and_names_the_winner(app, spied, game_id):
    state = show_scores(app, game_id)
    seen = drawn(app, spied)
    words = [w for w, _ in seen["text"]]
    scene = app.scene
    plates = scene.plates()
    assert sorted(p.seat for p in plates) == list(range(state.players))
    for plate in plates:
        assert plate.name in words and str(plate.score) in words
        cards = [c for _, group, *_ in plate.groups for c in group]
        expected = scored_cards(game_id, state, plate.seat)
        if game_id == "deadline":          # a run's cards lie in its order, not as laid
            assert sorted(c.name for c in cards) == sorted(expected), plate.name
            for caption, group, *_ in plate.groups:
                if " run: " in caption:
                    values = [c.value for c in group]
                    assert values == sorted(values) or state.view(None).facts["ace_high"], (caption, values)
        else:
            assert [c and c.name for c in cards] == expected, plate.name
        for _, group, *_ in plate.groups:
            if group:
                assert group in seen["rows"]                   # drawn, as the table draws them
    winners = [NAMES[w] for w in state.winners()]
    assert all(name in scene.headline() for name in winners)
    assert ("Winner" in words) == bool(winners)
    assert [p.name for p in plates if p.won] == [NAMES[w] for w in sorted(state.winners(),
                                                 key=lambda w: [p.seat for p in plates].index(w))]


@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1280, 800), (1600, 1000), (1920, 1200)])
def test_no_word_on_the_deadline_score_screen_with_4_or_5_players_is_cut(spied, size, players):
    """Every plate's words and every caption over its cards drawn whole (wrapped at
    spaces, never dropped, no word broken), no caption or line shortened with an
    ellipsis, and every plate and the lines under them above the buttons, with 4 and 5
    players at every size from the smallest the app supports (960x600) to 1600x1000 and
    larger; deal 5 gives a plate seven groups of cards, and deal 3 with five had the
    last plate under the buttons at 1280x720 (its captions in three lines where two held
    them, the score column wider than its score)."""
    a = new_app(size)
    try:
        for seed in (11, 5, 20, 3):
            show_scores(a, "deadline", players=players, seed=seed)
            words = [w for w, _ in drawn(a, spied)["text"]]
            assert not [w for w in words if w.endswith("...")], seed
            drawn_words = {word for line in words for word in line.split()}
            for plate in a.scene.plates():
                left = plate.how
                for line in words:
                    if left and line and left.startswith(line):
                        left = left[len(line):].lstrip()
                assert plate.how and not left, (seed, plate.name, plate.how, left)
                for caption, *_ in plate.groups:
                    assert set(caption.split()) <= drawn_words, (seed, plate.name, caption)
            assert_notes_whole_above_the_buttons(a.scene, words)
    finally:
        pygame.quit()


def assert_notes_whole_above_the_buttons(scene, words):
    """Every line under the plates drawn whole (wrapped at spaces, in order), and the last
    of them above the buttons."""
    for note in scene.notes():
        left = note
        for line in words:
            if line and left.startswith(line):
                left = left[len(line):].lstrip()
        assert not left, (note, left)
    screen = scene.app.screen
    rects = scene.plate_rects(screen)
    lines = sum(len(screen.wrap(note, dressing.BODY, min(1180, screen.lw - 60) - 48)) for note in scene.notes())
    bottom = rects[-1][1] + rects[-1][3] + 16 + 22 * lines
    assert bottom <= min(w.rect[1] for w in scene.widgets), (bottom, scene.notes())


def test_final_count_plates_say_each_count_and_the_hand_over_screen_shows_the_hands(app, spied):
    state = show_scores(app, "final_count", players=3, interim=True)
    assert app.scene.interim
    seen = drawn(app, spied)
    words = [w for w, _ in seen["text"]]
    for row in state.view(None).facts["last_hand"]["seats"]:
        said = "Bust" if row["bust"] else f"Count {row['best']}"
        assert any(w.startswith(said) for w in words), said
    assert "Next hand" in words


def test_four_downs_hand_over_lights_the_plate_of_who_won_the_hand(app, spied):
    state = show_scores(app, "four_downs", players=3, interim=True)
    assert app.scene.interim
    winner = state.view(None).facts["hand_winner"]
    lit = [p.name for p in app.scene.plates() if p.won_hand]
    assert lit == [NAMES[winner]]
    assert "Won the hand" in [w for w, _ in drawn(app, spied)["text"]]


def test_the_winner_is_celebrated_for_a_moment_then_nothing_is_drawn(spied):
    a = new_app((1280, 800), speed="normal")
    try:
        assert show_scores(a, "final_count", players=3, seed=12).winners() == [0]     # the person won
        scene = a.scene
        assert scene.busy() and scene.celebration.running
        frames, moving = a.frames, 0
        while scene.busy():
            a.frame()
            moving += 1
            assert moving <= celebration.SECONDS * 60 + 2
        assert a.frames > frames
        idle = a.frames
        for _ in range(30):
            a.frame()
        assert a.frames == idle                 # idle: not one more frame drawn
        show_scores(a, "final_count", players=3, seed=12, interim=True)
        assert not a.scene.busy()               # a hand's end is not celebrated
    finally:
        pygame.quit()
    b = new_app((1280, 800), speed="instant")
    try:
        show_scores(b, "final_count", players=3, seed=12)
        assert not b.scene.busy()               # Instant: no celebration at all
    finally:
        pygame.quit()


def test_only_a_person_winning_is_celebrated(spied):
    """The flakes burst for a winning person, never for a computer that beat the people
    (the walk: confetti rained over 'Theo wins!' after Maya lost to a computer)."""
    a = new_app((1280, 800), speed="normal")
    seen = set()
    try:
        for seed in range(11, 40):
            state = show_scores(a, "final_count", players=3, seed=seed)
            person_won = 0 in state.winners()
            assert a.scene.busy() == person_won, (seed, state.winners())
            seen.add(person_won)
            if seen == {True, False}:
                break
    finally:
        pygame.quit()
    assert seen == {True, False}


def write(tmp_path, body):
    page = tmp_path / "rulebook.md"
    page.write_text(body, encoding="utf-8")
    return str(page)


def test_the_rules_markup_names_cards_by_name_or_rank(tmp_path):
    deck = registry.GAMES["final_card_down"].load_deck()
    path = write(tmp_path, "# Special cards\n- 0 matches anything.\n  [cards: 0 2/red/hearts D]\n")
    blocks = parse(path, deck)
    assert blocks[:2] == [("h", "Special cards"), ("li", "0 matches anything.")]
    kind, cards = blocks[2]
    assert kind == "cards" and [c.name for c in cards] == ["0/red/hearts", "2/red/hearts", "D/red/hearts"]
    assert parse(path)[2] == ("cards", ["0", "2/red/hearts", "D"])


@pytest.mark.parametrize("line, problem", [
    ("[cards: 0 Z]", "'Z' is no card of the hex800 deck"),
    ("[cards 0 2]", "a line of cards is written [cards: NAME NAME ...]"),
    ("[cards: ]", "names no card"),
    ("[cards: 0 1 2 3 4 5 6 7 8]", "9 cards on one line; at most 8"),
])
def test_bad_rules_markup_names_the_file_and_the_line(tmp_path, line, problem):
    deck = registry.GAMES["final_card_down"].load_deck()
    path = write(tmp_path, f"# The cards\n- Some words.\n{line}\n")
    with pytest.raises(RulebookError) as error:
        check(path, deck)
    assert str(error.value).startswith(f"{path}, line 3: ") and problem in str(error.value)


def test_every_shipped_rulebook_shows_cards_and_its_markup_is_good():
    for game_id in registry.SHIPPED:
        info = registry.GAMES[game_id]
        check(info.rulebook(), info.load_deck())
        assert any(block[0] == "cards" for block in parse(info.rulebook(), info.load_deck())), game_id


def test_every_rulebook_speaks_of_the_game_never_of_source_texts_a_player_never_saw():
    """A player has only the Rules page: it never speaks of 'the rules text', 'the texts',
    'the original text', 'copies of the rules' or 'a ruling' (the walk: 'If several copies
    of the rules disagree, ...', 'Part of the original text is missing', 'This is a ruling
    made for the app' left newcomers asking which texts), nor of clicks ('a swap is two
    clicks', read by a player at the keyboard)."""
    import re
    sources = re.compile(r"rules? texts?|\bthe texts\b|original text|copies of the rules|\bruling"
                         r"|\bclicks?\b", re.I)   # nor an input only the mouse gives: keys play as well
    said = {game_id: sources.findall(open(registry.GAMES[game_id].rulebook(), encoding="utf-8").read())
            for game_id in registry.SHIPPED}
    assert not any(said.values()), said


def test_the_rules_page_draws_its_cards_and_shows_bad_markup_in_their_place(app, spied, tmp_path,
                                                                          monkeypatch):
    app.scene.go("rules", rules_game="final_card_down", return_to="menu")
    app.frame()
    seen = drawn(app, spied)
    assert isinstance(app.scene, RulesScene)
    assert [c.name for c in seen["rows"][0]] == ["7/blue/hearts", "3/red/diamonds", "9/green/clubs",
                                                 "E/yellow/spades", "F/purple/questions"]
    path = write(tmp_path, "# The cards\n- The special cards.\n[cards: A D]\n[cards: 0 Q]\n")
    monkeypatch.setattr(registry.GameInfo, "rulebook", lambda self: path)
    app.scene.switch(1)
    app.scene.switch(-1)
    seen = drawn(app, spied)
    assert [c.rank for c in seen["rows"][0]] == ["A", "D"]
    shown = " ".join(line[0] for line in app.scene.lines if line[2] == rules.BAD)
    with pytest.raises(RulebookError) as error:
        check(path, registry.GAMES["final_card_down"].load_deck())
    assert shown == str(error.value) and shown.startswith(f"{path}, line 4: 'Q' is no card")
    said = [w for w, _ in seen["text"]]
    assert all(line[0] in said for line in app.scene.lines if line[2] == rules.BAD)     # drawn, not only laid


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)])
def test_players_sharing_a_place_are_told_it_goes_by_the_scores(spied, size):
    """Final Count between hands: two players on 0 points share 2nd whatever their
    hands' counts; each plate says whom it shares the place with and on what score."""
    a = new_app(size)
    try:
        show_scores(a, "final_count", players=3, interim=True)
        plates = a.scene.plates()
        shared = [p for p in plates if not p.won and [q.place for q in plates].count(p.place) > 1]
        assert len(shared) >= 2, [(p.name, p.place, p.score) for p in plates]
        lines = " ".join(w for w, _ in drawn(a, spied)["text"])
        for plate in shared:
            others = [q.name for q in shared if q.place == plate.place and q is not plate]
            said = f"Shares {plate.place} with {' and '.join(others)}: both have {plate.score} points"
            assert plate.how == said
            assert said in lines, said
    finally:
        pygame.quit()


def rules_page_words(a, spied, game_id, options=None):
    """Every line of text the Rules page of `game_id` draws, scrolled through; set up with
    house rules `options` when given."""
    setup = {"game_id": game_id, "options": options} if options else None
    a.scene.go("rules", rules_game=game_id, return_to="menu", setup=setup)
    a.frame()
    words = []
    while True:
        words += [w for w, _ in drawn(a, spied)["text"]]
        if a.scene.scroll_y >= a.scene.max_scroll():
            return words
        press(a, pygame.K_PAGEDOWN)


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_the_rules_page_names_each_house_rule_and_its_setting_as_setup_does(app, spied, game_id):  # noqa: F811
    """The Rules page's house rules read as Setup shows them: each rule's label and its
    setting in words ('First player: First seat (as by default)', 'Players: 4'), and
    '(house rule in force)' for one set up otherwise; never an option's file code
    ('ktu.four_in_a_row', 'seat0', '"per_play"', '(text)')."""
    info = registry.GAMES[game_id]
    words = rules_page_words(app, spied, game_id)
    page = " ".join(words)
    for option in info.options:
        head = f"{option.label}: {option.word(option.default)}"
        assert (head if option.id == info.player_option else f"{head} (as by default)") in words, head
        assert option.id not in page, option.id
        for value in option.values:
            code = str(value)
            assert f'"{code}"' not in page and f"({code})" not in page, code
            if "_" in code or any(c.isdigit() for c in code) and not code.isdigit():
                assert code not in page, code
    changed = {o.id: o.values[1] for o in info.options if o.id != info.player_option}
    if changed:
        words = rules_page_words(app, spied, game_id, {**info.default_options(), **changed})
        for option_id, value in changed.items():
            option = info.option(option_id)
            assert f"{option.label}: {option.word(value)} (house rule in force)" in words


def setup_pieces(a, monkeypatch):
    """Every line of text the scene draws outside its buttons, and every button, as pixel
    rects: [(what, rect)] of each kind, from one fresh frame."""
    from scenes.widgets import ui
    texts, real = [], ui.Screen.text

    def text_spy(screen, words, size, colour, pos, anchor="topleft", width=None):
        drawn_w = real(screen, words, size, colour, pos, anchor, width)
        rect = pygame.Rect(0, 0, screen.px(drawn_w), screen.text_px(size))
        setattr(rect, anchor, screen.pixel(pos))
        texts.append((words, rect))
        return drawn_w
    monkeypatch.setattr(ui.Screen, "text", text_spy)
    a.scene.dirty = True
    a.frame()
    monkeypatch.setattr(ui.Screen, "text", real)
    buttons = [(w.label, a.screen.rect(w.rect)) for w in a.scene.widgets]
    texts = [(words, r) for words, r in texts if words.strip() and not any(b.contains(r) for _, b in buttons)]
    return texts, buttons


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_nothing_on_the_setup_screen_overlaps_with_the_most_players_and_hosting(game_id, monkeypatch):
    """Setup at 1280x720 with the most players the game takes, at this computer and
    hosting: no line of text, no button and no house rule's help runs into another (the
    walk: KTU's 'At this computer' under Back, a rule's second help line on the next)."""
    from tests.test_ui_play import click_widget
    a = new_app((1280, 720))
    try:
        a.scene.go("setup", game_id=game_id)
        a.frame()
        while any(w.key == "more" and w.enabled for w in a.scene.widgets):
            click_widget(a, lambda w: w.key == "more")
        for hosted in (False, True):
            if hosted:
                click_widget(a, lambda w: w.key == "where")
            texts, buttons = setup_pieces(a, monkeypatch)
            pieces = texts + buttons
            clashes = [(one, other) for i, (one, r) in enumerate(pieces) for other, q in pieces[i + 1:]
                       if r.colliderect(q)]
            assert not clashes, (game_id, hosted, clashes[:4])
            assert all(a.screen.surface.get_rect().contains(r) for _, r in pieces), game_id
    finally:
        pygame.quit()


@pytest.mark.parametrize("game_id", ["four_downs", "final_count"])
def test_between_hands_the_places_are_said_to_go_by_the_games_scores_and_each_plate_reads_as_sentences(
        spied, game_id):
    """The scores between hands (the walk: 4 downs' '20 yards lost Shares 2nd with Ines'
    read as one broken sentence; Final Count's 1st row had '+0 this hand' above the gold
    'Won the hand' row with nothing saying the places are the game's): the line under the
    title says the places go by the game's scores so far, and a plate's readouts are
    sentences apart ('10 yards lost. Shares 2nd with Kofi: both have 10 yards lost')."""
    a = new_app((1280, 720))
    try:
        show_scores(a, game_id, players=3, seed=1, interim=True)
        plates = a.scene.plates()
        lines = [w for w, _ in drawn(a, spied)["text"]]
        unit = a.scene.presenter.score_words()
        assert any(f"places by the game's scores so far: {unit}" in line for line in lines), lines[:3]
        shared = [p for p in plates if "Shares" in p.how]
        assert shared, [(p.name, p.place, p.how) for p in plates]
        for plate in shared:
            head, _, tail = plate.how.rpartition("Shares")
            scored = f"{plate.score} {a.scene.presenter.SCORE_UNIT}"
            assert head in ("", f"{scored}. "), plate.how
            assert tail.endswith(f"have {scored}") == (head == ""), plate.how     # the score said once
            assert plate.how in " ".join(lines), plate.how                          # drawn whole
    finally:
        pygame.quit()


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_the_rules_pages_title_and_its_scroll_hint_never_meet(game_id, monkeypatch):
    """At 1280x720 the Rules page's title ('Rules: Play Design - 5 possessions') and the
    'Scroll with the mouse wheel...' and 'The left and right arrows: another game' hints lie apart, and neither meets a
    button (the walk: the title's last letters over the hint)."""
    a = new_app((1280, 720))
    try:
        a.scene.go("rules", rules_game=game_id, return_to="menu")
        a.frame()
        texts, buttons = setup_pieces(a, monkeypatch)
        title = next(r for words, r in texts if words.startswith("Rules: "))
        hint = [r for words, r in texts if words.startswith(("Scroll with", "The left and right arrows"))]
        assert len(hint) == 2
        assert all(not title.colliderect(r) for r in hint)
        assert all(not r.colliderect(b) for r in hint + [title] for _, b in buttons)
    finally:
        pygame.quit()


def gap_filled_by_extra_credit(players):
    """Deadline from a stacked deck (issue #37, the walk): Maya lays the Ace-2 of diamonds
    at the Midterm, Sam plays the 3 of diamonds on it as extra credit, and at the Final
    Maya extends it with the 4: three cards of her own complete the run (A13 of
    docs/rulings/deadline.md), Sam's 3 lies in its gap and scores for Sam (A14)."""
    deck, floaters = midterm_deck({0: ["AD", "2D"], 1: ["3D"]}, "10C", ["4D"], n=players)
    state = registry.new_game("deadline", players=players, seed=5, deck=deck)
    first_half(state, floaters)
    for name in ("AD", "2D"):
        act(state, "group", name)
    state.apply(SUBMIT)
    auto_exam(state, {"4D"})
    act(state, "extra_credit", "3D", 0)
    while state.step == "exam":
        auto_exam(state)
    second_half(state, {0: {"4D"}})
    act(state, "extend", "4D", 0)
    while not state.is_over:
        auto_exam(state)
    return state


@pytest.mark.parametrize("players", [4, 5])
def test_a_run_another_students_extra_credit_fills_is_drawn_whole_on_the_scores(spied, players):
    """Deadline's scores (issue #37: 'Midterm run: completed' over Ace-2-4 of diamonds,
    the 3 that fills it in its giver's row only): the run is drawn whole in its order
    with Sam's 3 in it, outlined, and the line under the plates says whose it is; the
    3 still counts in Sam's extra credit given; nothing on the screen is cut, with 4
    and 5 players from 960x600 to 1600x1000."""
    for size in ((960, 600), (1280, 720), (1600, 1000)):
        a = new_app(size)
        try:
            state = gap_filled_by_extra_credit(players)
            assert state.assignments[0].completed and state.assignments[0].owner == 0
            seats = [Seat(name, human=i == 0) for i, name in enumerate(("Maya", "Sam", "Kofi", "Ines", "Ravi")[:players])]
            a.scene.go("scoring", session=Session("deadline", seats, {}, 5, state=state), interim=False)
            a.frame()
            seen = drawn(a, spied)
            words = [w for w, _ in seen["text"]]
            run = [(cards, marked) for cards, marked in seen["marked"] if [c.name for c in cards][:2] == ["AD", "2D"]]
            assert [([c.name for c in cards], marked) for cards, marked in run] == [(["AD", "2D", "3D", "4D"], [2])]
            maya = next(p for p in a.scene.plates() if p.name == "Maya")
            assert ("Midterm run: completed", run[0][0], (None, None, "Sam", None)) in maya.groups
            sam = next(p for p in a.scene.plates() if p.name == "Sam")
            assert [[c.name for c in cards] for caption, cards, *_ in sam.groups
                    if caption == "Extra credit given"] == [["3D"]]
            legend = a.scene.notes()
            assert legend == ["Outlined: another student's extra credit, 1 point for them, nothing for the owner: "
                              "Sam's 3 of diamonds in Maya's Midterm run"]
            assert_notes_whole_above_the_buttons(a.scene, words)
            assert not [w for w in words if w.endswith("...")], size
            drawn_words = {word for line in words for word in line.split()}
            for plate in a.scene.plates():
                for caption, *_ in plate.groups:
                    assert set(caption.split()) <= drawn_words, (size, plate.name, caption)
        finally:
            pygame.quit()


def test_a_key_typed_as_the_end_screen_opens_never_plays_again_unseen(app):
    """The end screen's first Enter or Space only shows the ring on Play again (and says
    what Enter does there); the next one takes it. The walk (walkD14 #5): keys typed at the table
    as the game ended went on past its end, and the next Enter, landing on the end screen's
    Play again, dealt a new game before its results were ever read."""
    state = show_scores(app, "final_card_down")
    assert state.is_over
    end = app.scene
    for key in (pygame.K_RETURN, pygame.K_SPACE):
        end.ring_shown = False
        press(app, key)
        assert app.scene is end and app.keyboard, key
        assert end.widgets[end.focus % len(end.widgets)].label == "Play again: new cards"
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, TableScene) and app.scene.model.session.seed != end.session.seed


def test_the_scores_between_hands_are_left_for_the_menu_by_esc_or_its_menu_button(app):
    """Between two hands, Esc leaves for the menu, as at the table (the game stays saved:
    Continue takes it up), and a Menu button beside Next hand says so; Next hand (Enter,
    once shown) goes on (walkD14 #11: Esc there dealt the next hand, and nothing led
    to the menu)."""
    show_scores(app, "four_downs", interim=True)
    scene = app.scene
    assert [w.label for w in scene.widgets] == ["Next hand", "Menu"]
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    show_scores(app, "four_downs", interim=True)
    click_widget(app, lambda w: w.label == "Menu")
    assert isinstance(app.scene, MenuScene)
