"""Moments of the wave-17 newcomer walk (issue #37), each played at the real screens."""
from game import registry
from tests.test_ui_play import app, click_widget, open_setup  # noqa: F401


def open_table(app, game_id, seats, seed=5):
    """The table of a new game of `game_id` (deal number `seed`) with `seats`, in `app`."""
    from scenes.table.session import Session, inline
    session = Session(game_id, seats, {}, seed, executor=inline)
    app.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
    app.frame()
    return app.scene, session


def test_an_on_off_house_rule_s_words_on_the_rules_page_say_they_tell_what_on_does(app):  # noqa: F811
    """walkB17 #1: KTU's Rules page from Setup read 'Equal ranks: Off (as by default)'
    over 'a card of the same value may be played on the top card ...', which, read as
    written, says the rule is what Off does ('Play to the last: Off' over 'the game goes on
    after the first player goes out'). Every game's on/off house rule: its words start 'On:'."""
    checked = 0
    for game_id, info in registry.GAMES.items():
        switches = [o for o in info.options if set(o.values) == {"off", "on"}]
        if not switches:
            continue
        open_setup(app, game_id)
        click_widget(app, lambda w: w.label == "Rules")
        page = [line[0] for line in app.scene.lines]
        for option in switches:
            at = next(i for i, line in enumerate(page) if line.startswith(f"{option.label}: "))
            assert page[at + 1].startswith("On: "), (game_id, page[at:at + 3])
            checked += 1
        app.scene.go("menu")
        app.frame()
    assert checked >= 10, checked


def test_a_cancelled_assignment_is_crossed_out_within_its_cards_and_its_givers_card_still_counts(monkeypatch):
    """walkA17 #5: Deadline's grading screen (five students, deal 3, graded; Maya's Joker
    cancelled her three Aces, on which Theo played his Ace as extra credit) at 1280x800
    and 960x600: a cancelled assignment's own cards are dimmed and crossed out, each
    within what shows of it, no red line reaching past the group into the next (the walk:
    one slanted line across the cancelled 6s ran on into the next group's 10 of clubs);
    the other student's card on it, which still scores for its giver, is not dimmed; and
    felt shows between two groups of a plate however crowded, their outlines included (the
    walk: the last 6's frame touched the 10's)."""
    import pygame
    from sprites import palette, spread
    from tests.test_deadline_five_students import graded_semester, open_results
    from tests.test_ui_play import new_app
    state = graded_semester(3)
    for size in ((1280, 800), (960, 600)):
        a = new_app(size)
        scene = open_results(a, state)
        rows, real = [], spread.row

        def row(surface, cards, x, y, w, h, *args, **kwargs):
            taken = real(surface, cards, x, y, w, h, *args, **kwargs)
            rows.append((x, y, w, h, len(cards), set(kwargs.get("marked", ())), kwargs.get("struck", False), taken))
            return taken
        monkeypatch.setattr(spread, "row", row)
        scene.draw(a.screen)
        monkeypatch.undo()
        surface = a.screen.surface

        def red(x, y):
            return sum(abs(c - o) for c, o in zip(surface.get_at((x, y))[:3], palette.DANGER)) < 60

        def brightness(x0, x1, y, h):
            return sum(sum(surface.get_at((x, y + r))[:3]) for x in range(x0, x1, 2) for r in range(4, h - 4, 3))\
                / (len(range(x0, x1, 2)) * len(range(4, h - 4, 3)))
        struck = [r for r in rows if r[6]]
        assert any(r[5] for r in struck), struck         # the cancelled Aces hold Theo's Ace
        for x, y, w, h, n, marked, _, taken in struck:
            step = (taken - w) / (n - 1) if n > 1 else 0
            after = min([r[0] for r in rows if r[1] == y and r[0] > x] + [x + taken + 12])   # the felt to the next
            before = max([r[0] + r[7] for r in rows if r[1] == y and r[0] < x] + [x - 12])
            outside = [(c, r) for c in list(range(before, x)) + list(range(x + taken, after))
                       for r in range(y, y + h) if red(c, r)]
            assert not outside, (size, outside[:5])
            seen = [(round(x + i * step), round(x + i * step + (w if i == n - 1 else min(w, step)))) for i in range(n)]
            lit = [brightness(l, r, y, h) for l, r in seen]
            for i in marked:
                assert all(lit[i] > lit[j] + 60 for j in range(n) if j not in marked), (size, lit, marked)
        by_plate = {}
        for x, y, w, h, n, marked, _, taken in rows:      # each group: its edges, and whether its ends are outlined
            by_plate.setdefault(y, []).append((x, x + taken, spread.edge_width(w), 0 in marked, n - 1 in marked))
        for y, groups in by_plate.items():
            groups.sort()
            for (_, right, edge, _, framed), (left, _, _, framing, _) in zip(groups, groups[1:]):
                assert left - right >= edge * (framed + framing) + 2, (size, y, groups)
        pygame.quit()


def test_4_downs_panel_says_who_wins_a_down_once_its_last_card_is_down_never_so_far():
    """walkC17 #6: 4 downs, three players: with every card of a down on the table (the
    last one landed, the down's outcome not yet told), the side panel said 'Winning so
    far: Theo (Defense purple 6)' beside 'Theo wins down 4 and the hand'. Through games of
    Easy computers, each position where one card of a down is still to come is shown as
    the table shows it once that card has landed: the panel names who wins the down
    ('Wins the down'), never 'so far', and it is the seat the game then says won."""
    import random
    from game.bots import make_bot
    from scenes.table.presenters import presenter_for
    presenter = presenter_for(registry.game_info("four_downs"))
    names = ["Maya", "Theo", "Ines"]
    checked = 0
    for seed in range(3):
        state = registry.new_game("four_downs", players=3, seed=seed)
        bots, rng = [make_bot("easy", "four_downs") for _ in range(3)], random.Random(seed)
        while not state.is_over and checked < 40 * (seed + 1):
            seat = state.current_player
            action = bots[seat].choose(state.view(seat), state.legal_actions(), rng)
            view = state.view(0)
            played = {z.owner for z in view.zones if z.key.startswith("played:") and z.cards}
            last = (view.facts["step"] == "follow" and action.cards and
                    len(played) + 1 == sum(1 for s in range(3) if not view.facts["folded"][s]
                                           and not view.facts["out"][s]))
            state.apply(action)
            if not last:
                continue
            zones = tuple(z._replace(cards=(action.cards[0],)) if z.key == f"played:{seat}" else z
                          for z in view.zones)
            landed = view._replace(zones=zones)
            facts = dict((label, value) for label, value, _ in presenter.readouts(landed, names))
            assert "Winning so far" not in facts, facts
            winner = state.view(0).facts["last_round"]["winner"]
            assert facts["Wins the down"].startswith(f"{names[winner]} ("), (facts, names[winner])
            checked += 1
    assert checked >= 40, checked


def test_a_lesson_that_speaks_of_a_house_rule_s_lesson_names_the_button_that_opens_it():
    """walkC17 #4: 4 downs' lesson ended 'Knocking is a house rule (Setup calls it
    Knocking): its chapter teaches it.' beside a button 'House rule: Knocking': a newcomer
    has met no 'chapter'. Every lesson whose end speaks of a house rule's own lesson names
    its button as the screen shows it, and no end says 'chapter'."""
    from game import tutorial
    from scenes.table.lesson import chapter_button
    named = 0
    for game_id in registry.GAMES:
        lesson = tutorial.load(game_id)
        assert "chapter" not in lesson.end.lower(), (game_id, lesson.end)
        for option in lesson.chapters:
            label = registry.GAMES[game_id].option(option).label
            if label in lesson.end:
                assert f'"{chapter_button(game_id, option)}"' in lesson.end, (game_id, lesson.end)
                named += 1
    assert named, "some lesson's end speaks of a house rule's lesson"


def test_deadline_lesson_s_rules_met_say_sets_and_runs_alike_complete_and_stay_incomplete():
    """walkA17 #2: the Deadline lesson's 'Rules you met' said 'a run of 3 or more of your
    cards is a completed assignment' and 'a set of exactly 2 cards is an incomplete
    assignment', where the learner had just completed three 9s (a set) and watched Ben's
    Jack-Queen of hearts (a run of 2) go down incomplete: read alone, sets never complete
    and runs of 2 do not exist. Each of the two rules names sets and runs alike (the
    rulebook: 'An assignment with 3 or more of your own cards is completed. One with
    exactly 2 is incomplete.')."""
    from game import tutorial
    lesson = tutorial.load("deadline")
    rules = {c.rule for c in lesson.covers if "complete" in c.rule and c.section == "Assignments"}
    assert len(rules) == 2, rules
    assert all("set or run" in rule for rule in rules), rules


def test_a_blind_take_in_the_deadline_lesson_gives_the_lesson_s_reason_not_a_use_that_never_comes():
    """walkA17 #1: at each exchange the Deadline lesson said 'Take a card from Ben, blind:
    the marked one, which the turns that follow need', and none of the four cards taken
    so was ever used (two went back to Ada, two stayed in hand and cost points at the end).
    Each blind take the learner is asked for says that any one would do, and promises no
    use of the marked one."""
    from game import tutorial
    lesson = tutorial.load("deadline")
    takes = [cue for cue in lesson.cues if cue.learner and cue.moves and cue.moves[0].kind == "take"]
    assert len(takes) >= 4, len(takes)
    for cue in takes:
        assert "turns that follow" not in cue.say and "any one" in cue.say, cue.say


def test_a_ringed_next_hand_is_taken_by_the_first_enter_once_the_scores_are_read(app):  # noqa: F811
    """walkC17 #8: 4 downs from the keyboard: a key at the table opened the scores between
    hands with the ring on Next hand, and the first Enter, a while later, did nothing (two
    screenshots 2.5 s apart alike); only a second Enter dealt the next hand. With the ring
    in sight, an Enter once the screen has stood a moment takes its button; one typed as
    the screen opens still only shows the ring (see the end screen's test)."""
    import pygame
    from scenes.screens.scoring import CLICKED_THROUGH
    from scenes.table.scene import TableScene
    from tests.test_ui_play import FRAME, press
    from tests.test_ui_screens_dressed import show_scores
    press(app, pygame.K_TAB)                    # a keyboard player: the ring is shown
    show_scores(app, "four_downs", interim=True)
    scores = app.scene
    assert app.keyboard and scores.widgets[scores.focus % len(scores.widgets)].label == "Next hand"
    for _ in range(int(CLICKED_THROUGH / FRAME) + 30):
        app.frame()
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, TableScene), app.scene


def test_a_card_clicked_at_a_knock_is_refused_naming_the_knocker_with_his_capital():
    """walkC17 #7: 4 downs with knocking, Theo's knock waiting for Maya's answer, a card of
    hers taken by the keyboard: 'No card is played now: theo knocked: call (play on for 70
    yards) or fold (lose 60 yards now)', the name in lower case and two colons in a row.
    Where the prompt starts with a name (or has a colon of its own) it stands as a
    sentence of its own after the refusal, the name as the table writes it."""
    import random
    from game.bots import make_bot
    from scenes.table.moves import no_card_now
    from scenes.table.presenters import presenter_for
    names = ["Maya", "Theo", "Ines"]
    presenter = presenter_for(registry.game_info("four_downs"))
    checked = 0
    for seed in range(6):
        state = registry.new_game("four_downs", players=3, seed=seed, options={"pd.knocking": "on"})
        bots, rng = [make_bot("easy", "four_downs") for _ in range(3)], random.Random(seed)
        while not state.is_over and checked <= seed:
            seat = state.current_player
            view = state.view(seat)
            if view.facts["step"] == "respond":
                said = no_card_now(presenter, view, names)
                knocker = names[view.facts["last_knocker"]]
                assert said.startswith(f"No card is played now. {knocker} knocked: "), said
                assert knocker.lower() not in said, said
                checked += 1
            state.apply(bots[seat].choose(view, state.legal_actions(), rng))
    assert checked >= 3, checked


def test_the_side_panel_cuts_other_students_lists_before_the_words_on_your_own_joker():
    """walkA17 #6: Deadline, five students at the Final Exam, 1280x800: the side panel cut
    'Your Joker: cancels 1 card of your extra credit (1 point) while you hold it: your
    score leaves...' to make room, beside 'Ines: two 10s + Sam's 10 and Theo's 10; two
    Queens + ...' in four lines. Through a semester of five Medium computers seen from
    Maya's seat, wherever the panel is short of room by a line or more, a readout that
    speaks to her ('Your ...') stays whole while any other still takes two lines or more."""
    import random
    import pygame
    from game.bots import make_bot
    from scenes.table.presenters import presenter_for
    from scenes.widgets import ui
    names = ["Maya", "Theo", "Ines", "Sam", "Lena"]
    presenter = presenter_for(registry.game_info("deadline"))
    screen = ui.Screen(pygame.Surface((1280, 800)))
    checked, seed = 0, 0
    while checked < 5 and seed < 30:
        seed += 1
        state = registry.new_game("deadline", players=5, seed=seed)
        bots, rng = [make_bot("medium", "deadline") for _ in range(5)], random.Random(seed)
        checked += semester_checked(state, bots, rng, presenter, names, screen)
    assert checked >= 5, checked


def semester_checked(state, bots, rng, presenter, names, screen):
    """The positions of a semester played out where the side panel is checked (see above)."""
    from scenes.table import draw
    from scenes.table.draw import LOG_LINE, shortened
    checked = 0
    while not state.is_over:
        view = state.view(0)
        facts = [f"{label}: {value}" for label, value, _ in presenter.readouts(view, names)]
        if any(words.startswith("Your ") for words in facts):
            whole = [screen.wrap(words, draw.READ, draw.PANEL_W - 50) for words in facts]
            others = sum(len(lines) - 1 for lines, words in zip(whole, facts) if not words.startswith("Your "))
            if others >= 2:
                room = sum(LOG_LINE * len(lines) + 3 for lines in whole) - LOG_LINE * others
                for words, lines, shown in zip(facts, whole, shortened(screen, facts, room)):
                    if words.startswith("Your "):
                        assert shown == lines, (words, shown)
                checked += 1
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
    return checked


def test_a_placing_taken_back_is_said_as_a_placing(app):  # noqa: F811
    """walkD17 #3: 5 possessions, Ctrl+Z after placing a card: 'Taken back: your place of
    the Offense green 7 (lane 1)', the button's verb read as a noun (a place, a seat).
    Now 'Taken back: your placing of the ... (lane N)'."""
    import random
    import pygame
    from scenes.table.intents import Choose
    from tests.test_followable_words import play_until
    from tests.test_ui_play import press
    from tests.test_ui_saves import start_game
    app.settings.undo = "casual"
    session = start_game(app, "five_possessions", 2, {0}, 4)
    table = app.scene
    play_until(app, table, lambda: table.model.my_turn() and not table.busy() and
               any(a.kind == "place" for a in session.legal_actions()), random.Random(2))
    place = next(a for a in session.legal_actions() if a.kind == "place")
    table.act(Choose(place))
    press(app, pygame.K_z, pygame.KMOD_LCTRL)
    said = table.model.ui.message
    assert said.startswith(f"Taken back: your placing of the {place.cards[0].spoken} (lane {place.arg + 1})"), said


def test_every_move_taken_back_is_said_in_players_words_never_a_button_s_label_pasted_in():
    """walkB17 #2 and walkD17 #3: 'Taken back: your choose face-up cards of the 6 of
    spades, ...' (KTU) and 'your place of the Offense green 7' (5 possessions): a button's
    verb pasted in where a noun belongs. For every game's moves played by Medium computers,
    the words of each move taken back start 'your' and a noun, never a verb of a button."""
    import random
    from game.bots import make_bot
    from scenes.table.presenters import presenter_for
    verbs = {"choose", "place", "take", "give", "submit", "keep", "lay", "to", "play blind", "finish"}
    kinds = set()
    for game_id, info in registry.GAMES.items():
        presenter = presenter_for(info)
        players = max(2, info.min_players)
        state = registry.new_game(game_id, players=players, seed=3)
        bots, rng = [make_bot("medium", game_id) for _ in range(players)], random.Random(3)
        names = ["Maya", "Theo", "Ines", "Sam", "Lena", "Kofi"][:players]
        for _ in range(300):
            if state.is_over:
                break
            seat = state.current_player
            action = bots[seat].choose(state.view(seat), state.legal_actions(), rng)
            words = presenter.taken_back(action, names, view=state.view(seat))
            second = words.split(" ")[1] if words.startswith("your ") else ""
            assert second not in verbs and not words.startswith("your play blind"), (game_id, action.kind, words)
            kinds.add((game_id, action.kind))
            state.apply(action)
    assert {("ktu", "choose_faceup"), ("five_possessions", "place")} <= kinds, kinds


def test_play_design_rules_say_what_every_word_on_a_card_is_and_5_possessions_end_as_played():
    """walkD17 #7, #8, #9: 5 possessions' Rules said 'First to 100 wins' (and 'Be the first
    to score 100 yards') where the game went on past Maya's 100 into a tie-break; 'A coin
    toss replaces "pick high card"' named a rule the page never told; and the small word
    under a card's formation name (run, pass, special) was nowhere explained. Both Play
    Design rulebooks say what that word is, 5 possessions' never says the first to 100
    wins, and its coin toss says what it replaces."""
    from game.tutorial import rulebook_sections
    five = open(registry.GAMES["five_possessions"].rulebook(), encoding="utf-8").read()
    assert "First to 100 wins" not in five and "Be the first to score 100" not in five
    assert '"pick high card"' not in five and "high card choosing" in five
    for game_id in ("five_possessions", "four_downs"):
        text = open(registry.GAMES[game_id].rulebook(), encoding="utf-8").read()
        assert "run, pass or special" in text, game_id
        assert rulebook_sections(game_id), game_id


def test_final_card_down_lesson_s_words_after_the_0_stay_true_while_the_others_play_on():
    """walkC17 #1: after the learner's 0 green hearts the coach said 'Green is in force
    now.', and the line stayed at the top of the coach's words while Ada's F green and
    Ben's B yellow were played: beside 'Colour in force: yellow' it read as stale. The
    words after a learner's move that changes the colour tell what that move did, true
    however the table goes on."""
    from game import tutorial
    lesson = tutorial.load("final_card_down")
    afters = [cue.after for cue in lesson.cues if cue.learner and cue.after and "in force" in cue.after]
    assert afters, "the lesson says what the 0 put in force"
    assert not [words for words in afters if "now" in words.split()[-1] or " now" in words], afters


def test_cards_seen_as_they_are_dealt_are_counted_before_they_are_named(app):  # noqa: F811
    """walkC17 #2: Final Card-Down's log at the deal, 'Maya was dealt 7 cards' over 'Theo
    was dealt 7 blue diamonds, A red questions, ...': a hand whose first card is a number
    read as seven cards. Every game's deal at the table, from the first seat: the seat's
    own dealt cards are counted first ('Maya was dealt 7 cards: 7 blue diamonds, ...')."""
    import re
    from scenes.table.session import Seat
    from tests.test_ui_play import settle
    for game_id in ("final_card_down", "ktu", "final_count", "four_downs"):
        seats = [Seat("Maya"), Seat("Theo", False, "easy"), Seat("Ines", False, "easy")]
        table, _ = open_table(app, game_id, seats)
        settle(app)
        lines = [line for line in table.model.log_lines() if line.startswith("Maya was dealt")
                 and "face down" not in line]
        assert lines and all(re.match(r"Maya was dealt (\d+ cards: |a card|[^,]+$)", line) for line in lines), \
            (game_id, lines)
        assert game_id == "final_count" or any(re.match(r"Maya was dealt \d+ cards: ", line) for line in lines), \
            (game_id, lines)      # Final Count deals one card at a time
        app.scene.go("menu")
        app.frame()


def test_5_possessions_lesson_counts_a_card_s_dots_as_the_card_shows_them():
    """walkD17 #1: step 22 of the 5 possessions lesson said 'Your defense green 5 has dots
    of two colours, 4 green and 3 blue', and the card shows a purple dot too (its purple
    box reads 4). Wherever the lesson counts the dots of one of the learner's cards ('N
    green, M blue ...'), it names every colour that counts, each with the card's number."""
    import re
    from game import tutorial
    deck = registry.GAMES["five_possessions"].load_deck()
    lesson = tutorial.load("five_possessions")
    checked = 0
    for cue in lesson.cues:
        found = re.search(r"Your defense (\w+) (\d) has (.*?)\.", cue.say or "")
        if not found or "dots" not in found.group(3):
            continue
        colour, number = found.group(1), found.group(2)
        card = deck.by_name[f"W:D{colour[0].upper()}{number}"][0]
        said = {c: int(n) for n, c in re.findall(r"(\d+) (blue|green|orange|purple)", found.group(3))}
        assert said == {c: n for c, n in card.dots if n and c != "yellow"}, (cue.say, card.dots)
        checked += 1
    assert checked, "the lesson counts some card's dots"


def test_a_lesson_dealt_from_a_small_deck_says_so_at_its_start():
    """walkC17 #9: the Final Card-Down lesson's table showed 'Draw pile (6)', empty by step
    7, where the menu says '800-card hex deck', and the coach never said why. Every lesson
    that deals only the cards it needs (full_deck: false) says so in its first words, and
    that a real game uses the whole deck."""
    from game import tutorial
    small = [game_id for game_id in registry.GAMES if not tutorial.load(game_id).full_deck]
    assert small, "some lesson deals a small deck"
    for game_id in small:
        intro = tutorial.load(game_id).intro
        assert "only the cards it needs" in intro and "a real game uses the whole" in intro, (game_id, intro)


def test_a_card_that_may_go_on_two_assignments_asks_where_with_its_options_written_alike(app):  # noqa: F811
    """walkA17 #3: the Deadline lesson at the Final Exam, the 9 of hearts clicked: a box
    headed 'Extend 9 of hearts' (as if the 9 were extended) offered 'Extend (your
    4-5-6-7 of hearts + Ada's 8)' in smaller letters than 'Extend (your two 9s + Ada's 9)',
    which read as the more important one. The box asks 'Add the 9 of hearts to which
    assignment?' and its options are written at one size."""
    from tests.test_ui_lesson_honest import to_stop
    from tests.test_ui_play import click_at
    from tests.test_ui_tutorial import open_lesson
    scene = open_lesson(app, "deadline")
    to_stop(app, scene, lambda c: c.learner_to_act() and c.cue.moves[0].kind == "extend")
    nine = next(p for p in scene.board.placed if p.zone == scene.board.hand_key and p.card and p.card.name == "9H")
    click_at(app, nine.rect.center)
    app.frame()
    dialog = scene.model.ui.dialog
    assert dialog is not None and dialog.title == "Add the 9 of hearts to which assignment?", dialog
    options = [w for w in scene.widgets if getattr(w, "actions", None)]
    assert len(options) == 2, [w.label for w in scene.widgets]
    assert len({w.label_lines(app.screen)[1] for w in options}) == 1, [(w.label, w.label_lines(app.screen))
                                                                        for w in options]


def test_a_pass_and_play_game_continued_tells_each_person_what_came_since_their_own_last_turn():
    """walkA17 #9: Deadline in pass-and-play, Esc to the menu, then Continue: two hand-overs
    later 'Pass to Theo' said 'Since the deal:' over 26 lines, every move from the deal on,
    though Theo had played since. KTU with three people, several turns each, then the table
    opened again on the game as Continue opens it: each hand-over says 'Since X's last
    turn:', and tells no move from before X's own last one."""
    import random
    from scenes import config
    from scenes.table import intents
    from scenes.table.director import Director
    from scenes.table.model import TableModel
    from scenes.table.presenters import presenter_for
    from scenes.table.session import Seat, Session, inline
    from tests.test_table_model import frame
    session = Session("ktu", [Seat("Maya"), Seat("Theo"), Seat("Ines")], {}, 5, executor=inline)
    settings = config.Settings(animation_speed="instant")

    def model_at(seen):
        return TableModel(session, Director(), presenter_for(session.info), settings, events_seen=seen, curtains=[])
    model, rng = model_at(0), random.Random(5)
    while session.event_count() < 60:
        frame(model)
        if model.looking.curtain is not None:
            model.do(intents.Ready())
        elif model.my_turn() and model.settled():
            model.do(intents.Choose(rng.choice(session.legal_actions())))
    continued, told = model_at(session.event_count()), 0
    while told < 3 and not session.is_over:
        frame(continued)
        if continued.looking.curtain is not None:
            person = continued.looking.curtain
            heading, lines = continued.curtain_words()
            assert heading == f"Since {session.name(person)}'s last turn:", (heading, lines[:3])
            assert not [line for line in lines if " was dealt " in line], lines
            told += 1
            continued.do(intents.Ready())
        elif continued.my_turn() and continued.settled():
            continued.do(intents.Choose(rng.choice(session.legal_actions())))
    assert told == 3, told


def test_every_formation_name_is_written_on_a_compact_card_where_the_others_are():
    """walkD17 #6: 5 possessions at 960x600, the lanes' compact cards: 'Power I', 'Punt'
    and 'Shotgun' showed their names, and the Offense green 5 alone, the I-Formation (one
    hyphened word, too wide for one line), showed none, its field drawn larger: it looked
    another kind of card. At every compact width where the short names ('Shotgun', 'Power
    I') are written, every formation's name is written, parted between words or after a
    hyphen, its letters as tall, narrower where they must be."""
    import pygame
    from sprites import formation_faces
    from sprites.card_draw import width
    deck = registry.GAMES["five_possessions"].load_deck()
    names = sorted({cards[0].formation.split(" (")[0] for cards in deck.by_name.values()})
    assert "I-Formation" in names
    surface = pygame.Surface((400, 200), pygame.SRCALPHA)
    short = max(width(name, formation_faces.MIN) for name in names if len(name) <= 7)
    for w in range(short, 2 * short):           # 'Shotgun' and 'Power I' written whole at the smallest text
        rect = pygame.Rect(0, 0, w, 120)
        unwritten = [name for name in names if formation_faces._compact_name(surface, name, (0, 0, 0), rect) == 0]
        assert not unwritten, (w, unwritten)


def test_behind_the_curtain_the_first_enter_takes_ready_after_the_mouse(app):  # noqa: F811
    """walkB17 #3 and walkC17 #3: pass-and-play, the move before made with the mouse: on
    'Pass to Maya. Ready?' the first Enter only drew the ring on Ready and a second was
    needed; the screen names no key, so the first looked ignored. Behind the curtain,
    whose one call is Ready, the first Enter takes it."""
    import pygame
    from scenes.table.intents import Choose
    from scenes.table.session import Seat
    from tests.test_ui_play import click_at, press, settle
    table, session = open_table(app, "ktu", [Seat("Maya"), Seat("Theo")])
    passed = 0
    for _ in range(400):
        settle(app)
        if table.model.looking.curtain is not None:
            click_at(app, (5, 5))               # the mouse: no ring shown
            assert not app.keyboard
            press(app, pygame.K_RETURN)
            assert table.model.looking.curtain is None, "one Enter passes the curtain"
            passed += 1
            if passed == 3:
                break
        elif table.model.my_turn() and not table.busy():
            table.act(Choose(session.legal_actions()[0]))
    assert passed == 3, passed


def test_the_hit_goal_lesson_points_at_what_the_table_shows_and_names_its_rule_once():
    """walkB17 #8 and #9: the Hit Goal lesson's first step said 'The goal is 64, as the top
    bar said and the panel shows ... (the die still shows the last one)' where the top bar
    never said 64 and no die stood on the table; its words 'On the goal: 64' pointed at the
    Scores row 'You 0', not at the panel's goal; and 'Hit Goal is a house rule (Setup calls
    it Hit Goal)' named it twice, as Knocking's lesson did. The goal's steps point at the
    panel's goal, and speak of no top bar or die; no lesson says 'Setup calls it'."""
    from game import tutorial
    lesson = tutorial.load("final_count", "final_count.hit_goal")
    goal = [cue for cue in lesson.cues if "goal" in (cue.point or "").lower() and "64" in (cue.point or "")]
    assert len(goal) >= 2, [cue.point for cue in lesson.cues]
    for cue in goal:
        assert cue.at == "fact:Goal", (cue.number, cue.at)
        assert "top bar" not in cue.say and "die still shows" not in cue.say, cue.say
    for game_id in registry.GAMES:
        for chapter in (None, *tutorial.load(game_id).chapters):
            assert "Setup calls it" not in tutorial.load(game_id, chapter).intro, (game_id, chapter)


def test_4_downs_rules_say_plainly_how_the_next_hand_is_dealt():
    """walkD17 #12: 4 downs' 'What the app decided' said 'The next hand is dealt for its
    dealer, person or computer, as Next hand leaves the scores between hands, whoever
    won.', which a newcomer could not parse. It says that the scores show between hands
    and that their Next hand button deals the next hand."""
    text = open(registry.GAMES["four_downs"].rulebook(), encoding="utf-8").read()
    assert "as Next hand leaves the scores" not in text
    assert "Between hands the scores are shown. The Next hand button there deals the next hand" in text


def test_an_undo_refused_for_a_card_come_to_light_names_the_line_that_showed_it(app):  # noqa: F811
    """walkB17 #5: KTU against one computer, Undo right after the face-up cards were chosen:
    'Nothing to take back: a new card came to light (Theo chose 3 cards for their face-up
    cards)', a choice kept secret, where the card came to light in the next line, 'Theo's
    face-up cards turned over: ...'. The refusal names the line that showed the card."""
    import pygame
    from scenes.table.intents import Choose
    from scenes.table.session import Seat
    from tests.test_ui_play import press, settle
    app.settings.undo = "mine"
    table, session = open_table(app, "ktu", [Seat("Maya"), Seat("Theo", False, "easy")])
    settle(app)
    choose = next(a for a in session.legal_actions() if a.kind == "choose_faceup")
    table.act(Choose(choose))
    settle(app)
    press(app, pygame.K_z, pygame.KMOD_LCTRL)
    words = table.model.ui.message
    assert words.startswith("Nothing to take back: a new card came to light (") and "turned over" in words, words


def test_a_callout_at_the_game_s_end_keeps_off_the_note_on_the_table(monkeypatch):
    """walkA17 #7: Deadline, five students, the Final graded: 'Lena's exam graded: 3
    points' lay over the red note 'Game over: the cards only their owner saw are face up
    now.', hiding its first words. Played to its end at the normal pace from the last
    exam: whenever a callout and a note stand on the table together, the callout keeps off
    the note."""
    import random
    import pygame
    from game.bots import make_bot
    from scenes.table import draw
    from scenes.table.intents import Choose, Continue
    from tests.test_deadline_five_students import open_at
    from tests.test_ui_play import new_app
    state = registry.new_game("deadline", players=5, seed=3)
    bots, rng = [make_bot("medium", "deadline") for _ in range(5)], random.Random(3)
    while not (state.view(0).facts["step"] == "exam" and state.current_player == 0
               and state.view(0).facts.get("exam") == "final"):
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
    a = new_app((1280, 800), speed="normal")
    table = open_at(a, state)
    seen, real = [], draw.callout

    def callout(screen, board, call, *args, **kwargs):
        where = real(screen, board, call, *args, **kwargs)
        message = table.model.ui.message
        if message:
            seen.append((call.words, message, pygame.Rect(where).colliderect(
                draw.message_box(screen, board, message, table.pointer.message_spot))))
        return where
    monkeypatch.setattr(draw, "callout", callout)
    for _ in range(20000):
        if table.model.my_turn() and table.model.settled() and not table.busy():
            table.act(Choose(bots[0].choose(state.view(0), table.model.session.legal_actions(), rng)))
        if table.model.hold.wait and table.model.settled():
            table.act(Continue())
        if a.scene is not table:
            break
        a.frame()
    assert seen, "a callout stood beside a note"
    assert not [s for s in seen if s[2]], [s for s in seen if s[2]][:3]


def test_5_possessions_results_say_the_cards_beside_the_scores_are_the_last_line_s(app):  # noqa: F811
    """walkD17 #4: the end of a 5 possessions game showed each player's cards under 'Lane
    1: closed card, not compared', 'Lane 3: won, 1 dot to 0', and nothing said they were
    the game's last line. The results screen says so, under the scores, in words drawn."""
    from tests.test_ui_screens_dressed import show_scores
    show_scores(app, "five_possessions", players=2)
    lines = app.scene.presenter.summary_lines(app.scene.view, [p.name for p in app.scene.plates()])
    assert lines[0].startswith("Beside each score: the cards that player set in the game's last line"), lines


def test_the_lesson_s_end_says_which_rules_section_tells_each_rule_to_come(app):  # noqa: F811
    """walkD17 #16: the 5 possessions lesson's end listed rules to come as '... (The end)'
    and '... (Sudden death)', section names a newcomer read as part of the rule. Played to
    its end, the lesson says each is a section of the Rules page: '(Rules: The end)'."""
    from game import tutorial
    from scenes.table.intents import Choose, Pressed
    from tests.test_ui_tutorial import open_lesson, wait_for_learner
    scene = open_lesson(app, "five_possessions")
    coach = scene.model.director.coach
    wait_for_learner(app)
    while not scene.model.over:
        if coach.explaining():
            scene.act(Pressed("next"))
        else:
            scene.act(Choose(tutorial.find(scene.model.session.state, coach.cue.moves[0])))
        wait_for_learner(app)
    end = scene.model.director.end(scene.model.seen)
    assert end.later and all("(Rules: " in item for item in end.later), end.later


def test_5_possessions_rules_name_every_place_the_table_shows():
    """walkD17 #13: 5 possessions' table shows 'Cards not in play' and 'Line cards' beside
    'Stack' and 'Removed', and neither the rules nor the lesson said what they are. The
    Rules page names every place of a player's cards the table captions."""
    text = open(registry.GAMES["five_possessions"].rulebook(), encoding="utf-8").read()
    state = registry.new_game("five_possessions", players=2, seed=1)
    names = {zone.name for zone in state.view(0).zones if zone.owner is not None and not zone.key.startswith("line")}
    assert names and all(name in text for name in names), [name for name in names if name not in text]


def test_ktu_played_to_the_last_never_says_the_one_left_holding_cards_went_out():
    """walkB17 #6: KTU with Play to the last, the results: '3rd Theo: Went out 3rd, 18
    cards left', where Theo was the last left holding cards. Games of Medium computers
    played to the end: a player still holding cards is told by the cards held, never as
    gone out; every player out of cards is."""
    import random
    from game.bots import make_bot
    from scenes.table.presenters import presenter_for
    presenter = presenter_for(registry.game_info("ktu"))
    names = ["Maya", "Theo", "Ines"]
    held = 0
    for seed in range(3):
        state = registry.new_game("ktu", players=3, seed=seed, options={"ktu.play_to_last": "on"})
        bots, rng = [make_bot("medium", "ktu") for _ in range(3)], random.Random(seed)
        while not state.is_over:
            seat = state.current_player
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
        view = state.view(None)
        for seat in range(3):
            caption = presenter.score_cards(view, seat, names)[0][0]
            said = " ".join([caption, presenter.breakdown(view, seat, names)])
            assert ("ent out" in said) == (view.scores[seat] == 0), (seed, seat, view.scores, said)
            held += view.scores[seat] > 0
    assert held >= 3, held


def test_an_undo_refused_in_4_downs_names_the_card_another_showed_not_your_own_win(app):  # noqa: F811
    """walkC17 #13: 4 downs, Undo after the down: 'Nothing to take back: a new card
    came to light (Maya won down 1)', naming her own win, where the cards that came to
    light were the computers'. Maya leads, the others play on, Ctrl+Z: the refusal names
    a line of another player's."""
    import pygame
    from scenes.table.intents import Choose, Continue
    from scenes.table.session import Seat
    from tests.test_ui_play import press, settle
    app.settings.undo = "mine"
    table, session = open_table(app, "four_downs",
                                [Seat("Maya"), Seat("Theo", False, "easy"), Seat("Ines", False, "easy")])
    checked = 0
    for _ in range(60):
        settle(app)
        if table.model.hold.wait:
            table.act(Continue())
            continue
        if not table.model.my_turn():
            continue
        if len(session.moves()) > 3 and session.moves()[-1].kind == "play":
            press(app, pygame.K_z, pygame.KMOD_LCTRL)
            words = table.model.ui.message
            if "came to light" in words:
                assert "(Maya " not in words and "(Maya's " not in words, words
                checked = 1
                break
        table.act(Choose(session.legal_actions()[0]))
    assert checked, "an undo was refused for a card come to light"


def test_a_take_back_never_offers_only_a_turn_end_the_table_makes_again(app):  # noqa: F811
    """walkC17 #11: Final Card-Down in pass-and-play, Maya drew for Theo's 2s (the draw
    cannot be put back) and her turn ended by itself: 'Take back Maya's move' was offered
    behind the curtain, took back only that End turn, and once Maya pressed Ready her turn
    ended again and the curtain came back for Theo. Such an End turn is no move to take
    back: nothing is offered, and Undo says why."""
    from scenes.table.intents import Choose, Ready, Undo
    from scenes.table.session import Seat
    from tests.test_ui_play import settle
    checked = 0
    for seed in range(1, 30):
        table, session = open_table(app, "final_card_down", [Seat("Maya"), Seat("Theo")], seed)
        drew = False
        for _ in range(300):
            settle(app)
            model = table.model
            if model.looking.curtain is not None:
                if drew and model.looking.curtain == 1:
                    assert table.curtain_taker() is None and not model.can_undo()
                    table.act(Undo())
                    assert model.ui.message.startswith("Nothing to take back"), model.ui.message
                    assert session.current_player == 1
                    checked += 1
                    break
                table.act(Ready())
            elif model.my_turn() and not table.busy():
                legal = session.legal_actions()
                forced = (session.current_player == 0 and session.state.view(0).facts.get("active_twos")
                          and all(a.kind == "draw" for a in legal))
                drew = drew or bool(forced)
                table.act(Choose(legal[0] if forced else next((a for a in legal if a.kind == "play"), legal[0])))
        if checked:
            break
    assert checked, "Maya drew for 2s in some game"
