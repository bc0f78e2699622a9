"""The last confusing moments of issue #37 in Play Design's two modes, each played with
real events at the table (the app under a hidden window, or the model stepped alone):
the table's own rules of presentation first (the panel and the hand say nothing the
table has not shown), then each mode's words (the rulings cited: docs/rulings/play_design.md)."""
import random

import pytest

from game.cards import with_article
from scenes.table import draw as table_draw
from scenes.table import intents
from scenes.table.session import Seat, Session, inline
from tests.test_ui_play import app, choose  # noqa: F401


def four_downs_at_the_table(a, seed=4242):
    """4 downs at the normal pace, Maya against three computers, the table open."""
    a.settings.animation_speed = "normal"
    seats = [Seat("Maya")] + [Seat(name, False, "easy") for name in ("Theo", "Ines", "Kofi")]
    session = Session("four_downs", seats, {}, seed, executor=inline)
    a.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
    a.frame()
    return session


def drawn_words(monkeypatch):
    """Every line of text drawn from now on, in order (the list grows as frames are drawn)."""
    from sprites import text as text_module
    drawn = []
    real = text_module.render
    monkeypatch.setattr(text_module, "render", lambda words, px, colour: drawn.append(words) or real(words, px, colour))
    return drawn


def test_the_side_panel_never_names_a_card_still_face_down_in_flight(app, monkeypatch):  # noqa: F811
    """4 downs against computers: while a computer's card flies face down to its Played
    slot, the side panel does not name it (as Theo's, or as the lead): it tells the
    table as it stood before, and names the card once it has landed face up."""
    seen, named_early = [], []
    real = table_draw.side_panel

    def side_panel(screen, view, presenter, names, *args, **kwargs):
        words = " ".join(f"{label}: {value}" for label, value, _ in presenter.readouts(view, names))
        for flight in app.scene.motion.flights:
            progress = flight.progress()
            face_down = flight.flip and (progress is None or progress < 0.5)
            if face_down and flight.card is not None and flight.zone.startswith("played:"):
                seen.append(flight.card.spoken)
                if flight.card.spoken in words:
                    named_early.append((flight.card.spoken, words))
        return real(screen, view, presenter, names, *args, **kwargs)
    monkeypatch.setattr(table_draw, "side_panel", side_panel)
    session = four_downs_at_the_table(app)
    for _ in played(app, session, random.Random(1), frames=3000):
        if len(seen) > 12:
            break
    assert len(seen) > 12, "too few cards seen in flight"
    assert not named_early, named_early[:3]


def played(a, session, rng, frames=4000):
    """The table of `session` (the app's scene) at every frame, the person playing random
    legal moves by `rng` once everything has landed, the computers answering, each
    outcome read (Continue) once it has, and the scores between hands left by Next hand;
    until the game ends or the table is left otherwise."""
    from scenes.table.scene import TableScene
    from tests.test_ui_play import click_widget
    table = a.scene
    for _ in range(frames):
        if a.scene is not table and getattr(a.scene, "interim", False):
            click_widget(a, lambda w: w.label == "Next hand")
            table = a.scene
        if session.is_over or not isinstance(a.scene, TableScene) or a.scene is not table:
            return
        model = table.model
        if model.hold.wait and model.settled():
            table.act(intents.Continue())
        elif model.my_turn() and model.settled() and not table.busy():
            table.act(intents.Choose(choose(session.legal_actions(), rng)))
        a.frame()
        yield table


def five_possessions_reveals(a, seed, frames=4000):
    """5 possessions at the normal pace, Maya against a computer, played by random legal
    moves; yields the table at every frame."""
    from tests.test_ui_saves import start_game
    a.settings.animation_speed = "normal"
    session = start_game(a, "five_possessions", 2, {0}, seed)
    yield from played(a, session, random.Random(seed), frames)


def test_during_a_reveal_the_hand_holds_no_card_of_the_next_line(app):  # noqa: F811
    """5 possessions against a computer: while a line is revealed lane by lane, and while
    its outcome waits to be read, the hand stays as the line left it (empty: every card
    was set) and no card flies into it, and the stacks the cards will come from show them
    face down; the next line's cards come into the hand once the reveal is over and read."""
    during, after, early = 0, 0, []
    revealing = False
    for table in five_possessions_reveals(app, 4242):
        model = table.model
        hand = [p.card for p in table.board.hand_cards()]
        flying = [f for f in table.motion.flights if f.zone == table.board.hand_key]
        if model.timeline.revealing() is not None or model.hold.wait:
            revealing = True
            during += 1
            stacked = [p.card.spoken for p in table.board.placed if p.zone.startswith("stack:") and p.face_up]
            if hand or flying or stacked:
                early.append((model.timeline.revealing(), [c.spoken for c in hand], len(flying), stacked))
        elif revealing and hand:
            revealing = False
            after += 1
        if after >= 3:
            break
    assert during > 50 and after >= 3, (during, after)
    assert not early, early[:3]


def test_each_compared_lane_is_called_out_with_its_lane_its_winner_and_why():
    """5 possessions against a computer, a possession and more played at the normal pace:
    every open lane's comparison is called out with the lane, the winner by name and why
    (the dots of both coaches, a tie going to the defense), and where a purple offense
    card counts blue dots the callout and the words left on the lane say that blue
    counts as purple."""
    from tests.test_table_callouts import computer_game, play_until
    model = computer_game("five_possessions", "normal", seed=4242)
    names = model.names
    said, lanes = [], []

    def look():
        call = model.timeline.callout
        if call is not None and (not said or said[-1] != call.words):
            said.append(call.words)
        return model.session.is_over or len(lanes_of(model)) >= 24 and not model.timeline.callouts
    play_until(model, look, random.Random(4242))
    lanes = lanes_of(model)
    assert len(lanes) >= 24
    blue, at = 0, 0
    for event in lanes:                                     # called out in the order played
        detail = event.detail
        k, winner = detail["lane"] + 1, names[event.seat]
        at = next((n for n in range(at, len(said)) if said[n].startswith(f"Lane {k}: ") and " wins" in said[n]), None)
        assert at is not None and said[at].startswith(f"Lane {k}: {winner} wins"), (detail, said[-6:])
        told = [said[at]]
        at += 1
        offense = model.presenter.by_name[detail["offense"]]
        defense = model.presenter.by_name[detail["defense"]]
        counted_blue = detail["color"] == "purple" and (dict(offense.dots).get("blue") or dict(defense.dots).get("blue"))
        if detail["offense_dots"] == detail["defense_dots"]:
            assert any("a tie goes to the defense" in words for words in told), told
        else:
            loser = names[1 - event.seat]
            assert any(f"{loser}'s {min(detail['offense_dots'], detail['defense_dots'])}" in words
                       for words in told), told
        if counted_blue:
            blue += 1
            assert any("blue counts as purple" in words for words in told), told
            assert "purple+blue dots" in model.presenter.outcome_line(event, model.view, names, {})
    assert blue


def lanes_of(model):
    """The open lanes compared so far in the model's game (their 'lane' events)."""
    return [e for e in model.session.events_since(0) if e.kind == "lane" and e.detail.get("open")]


def test_the_panel_says_what_an_open_lane_is_and_why_a_colour_goes_closed_there(app, monkeypatch):  # noqa: F811
    """5 possessions at 1280x720, a lane won by a blue card: the side panel says, whole
    and in words, what open means (an offense card set there is compared) and that a blue
    offense card set there goes closed because blue won it; never the bare 'open, not blue'."""
    drawn = drawn_words(monkeypatch)
    coloured = None
    for table in five_possessions_reveals(app, 4242, frames=6000):
        lanes = table.model.panel_view().facts["lanes"]
        coloured = next((lane["color"] for lane in lanes if lane.get("live") and lane.get("color")), None)
        if coloured and table.model.my_turn() and table.model.settled():
            break
    assert coloured
    drawn.clear()
    app.scene.invalidate()
    app.frame()
    panel = " ".join(drawn)
    assert "open, not" not in panel
    assert f"{with_article(coloured)} card goes closed ({coloured} won it)" in panel
    assert "an offense card in an open lane is compared" in panel


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)])
def test_the_panel_says_with_what_an_open_lanes_card_is_compared(size, monkeypatch):
    """5 possessions, the first line, every lane open: the side panel says of each lane,
    whole, that an offense card set there is compared with the defense card opposite it
    (not only 'is compared', which leaves the newcomer asking: with what?)."""
    import pygame

    from tests.test_ui_play import new_app
    a = new_app(size=size)
    try:
        drawn = drawn_words(monkeypatch)
        for table in five_possessions_reveals(a, 4242, frames=2000):
            if table.model.my_turn() and table.model.settled():
                break
        assert all(lane.get("live") for lane in table.model.panel_view().facts["lanes"])
        drawn.clear()
        table.invalidate()
        a.frame()
        panel = " ".join(drawn)
        assert "an offense card in an open lane is compared with the defense card opposite it" in panel, drawn
    finally:
        pygame.quit()


def test_four_downs_says_on_the_enlarged_card_and_in_its_rules_that_the_dots_do_not_count(app, monkeypatch):  # noqa: F811
    """4 downs at 1280x720: a card of the hand under the pointer, shown enlarged, says
    under it, whole, what counts of it (side, colour, the number in the corner) and that
    the dots and the small numbers are for 5 possessions; the in-app rules say so too."""
    import pygame

    from game import registry
    from sprites import text as text_module
    from tests.test_ui_play import settle
    drawn = drawn_words(monkeypatch)
    four_downs_at_the_table(app)
    settle(app)
    table = app.scene
    placed = table.board.hand_cards()[1]
    drawn.clear()
    point = app.screen.pixel((placed.rect.centerx, placed.rect.y + 20))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame()
    note = table.model.presenter.card_note(placed.card)
    lines = app.screen.wrap(note, text_module.READ, table.model.presenter.zoom_size()[0] - 16)
    assert "dots" in note and "5 possessions" in note and all(line in drawn for line in lines), drawn[-8:]
    with open(registry.game_info("four_downs").rulebook(), encoding="utf-8") as book:
        rules = book.read()
    assert "four small numbers under them" in rules and "5 possessions" in rules


def test_five_possessions_lesson_and_rules_say_the_engines_target_and_every_game_reaches_it():
    """The lesson and the in-app rules say the game is to 100 yards at 20 a possession,
    so 5 possessions won (the name), and the lesson's last words count from its own last
    score, all from the engine's numbers; and no game ends before someone has 100 (docs/rulings/play_design.md,
    section 4.1, 4: the end check)."""
    import re

    import yaml

    from game import registry
    from game.five_possessions import rules
    info = registry.game_info("five_possessions")
    with open(info.rulebook(), encoding="utf-8") as book:
        aim = book.read().split("# The cards")[0]
    with open("game/five_possessions/tutorial.yaml", encoding="utf-8") as lesson_file:
        lesson = yaml.safe_load(lesson_file)
    needed = rules.WIN_AT // rules.SCORE
    for words in (aim, lesson["intro"]):
        assert f"{rules.WIN_AT} yards" in words and f"{rules.SCORE} yards" in words, words
        assert f"{needed} possessions won" in words, words
    lead = int(re.search(r"You lead (\d+) to 0", lesson["end"]).group(1))
    scored = [shown["detail"] for step in lesson["steps"] for shown in step.get("shows", ())
              if shown.get("event") == "score"]
    assert scored and scored[-1] == lead
    assert f"{(rules.WIN_AT - lead) // rules.SCORE} more possessions won make your {rules.WIN_AT} yards" in lesson["end"]
    for seed in range(60):
        state = registry.new_game("five_possessions", 2, seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        assert max(state.scores()) >= rules.WIN_AT and state.possession >= needed, (seed, state.scores())


def test_from_the_keyboard_hint_then_enter_places_the_hinted_card_even_after_a_stray_pick(app):  # noqa: F811
    """5 possessions from the keyboard alone: with a card of the line already picked
    (Enter on it), H then Enter places the hinted card where the hint says: the hint puts
    back the cards picked before it (else Enter picked the hinted card beside the stray
    one and put it back, for ever: the newcomer's loop), and Enter on the hinted card
    makes the hinted move at once, as Enter on a card does without a hint (walk D13, D6:
    before, it only picked the card and a second Enter placed it)."""
    import pygame

    from tests.test_ui_play import press, settle
    from tests.test_ui_saves import start_game
    session = start_game(app, "five_possessions", 2, {0}, 4242)
    table = app.scene
    stray, placed = 0, 0
    for _ in range(200):
        settle(app)
        model = table.model
        if app.scene is not table or session.is_over or placed >= 4:
            break
        if model.hold.wait or not model.my_turn() or not any(a.kind == "place" for a in model.legal):
            press(app, pygame.K_RETURN)
            continue
        if len(table.board.hand_cards()) > 1:
            press(app, pygame.K_RIGHT)                      # off the first card (a hint's, often)
        press(app, pygame.K_RETURN)                         # a card picked by hand
        picked = list(model.ui.selection)
        if not picked:                                      # the card's only lane: it was placed
            continue
        press(app, pygame.K_h)
        for _ in range(200):
            if model.ui.hint is not None:
                break
            app.frame()
        hint = model.ui.hint
        stray += any(card is not hint.cards[0] for card in picked)
        before = len(session.submitted)
        press(app, pygame.K_RETURN)
        assert len(session.submitted) == before + 1 and session.submitted[-1][1] == hint, (
            [c.spoken for c in picked], hint, [c.spoken for c in model.ui.selection])
        placed += 1
    assert placed >= 4 and stray


def test_while_a_possessions_end_waits_to_be_read_the_table_stays_as_that_possession_left_it(app):  # noqa: F811
    """5 possessions against a computer: while 'Drive stopped' or 'Touchdown!' waits for
    Continue, the panel still tells the possession that ended (its number, its offense),
    the hand holds none of the next possession's cards and the lanes keep their open and
    closed cards; the next possession comes once the outcome is read."""
    ends, kept, wrong = set(), 0, []
    for table in five_possessions_reveals(app, 4242, frames=20000):
        model = table.model
        events = model.session.events_since(0)
        drives = [k for k, event in enumerate(events) if event.kind == "drive"]
        starts = [event for event in events[:drives[-1]] if event.kind == "possession"] if drives else []
        last_lane = max((k for k, event in enumerate(events) if event.kind == "lane"), default=-1)
        if not (model.hold.wait and model.settled() and drives and last_lane < drives[-1]
                and any(event.kind == "possession" for event in events[drives[-1]:])):
            continue
        ends.add(len(drives))
        facts, hand = model.panel_view().facts, [p.card.spoken for p in table.board.hand_cards()]
        if (facts["possession"], facts["offense"]) != (len(starts), starts[-1].seat) or hand:
            wrong.append((facts["possession"], facts["offense"], len(starts), starts[-1].seat, hand))
        kept += any(z.count for z in model.view.zones if z.key.startswith(("open:", "closed:")))
    assert len(ends) >= 3 and kept, (ends, kept)
    assert not wrong, wrong[:3]


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)])
def test_four_downs_a_hand_won_on_its_last_down_says_why_that_down_was_won(size, monkeypatch):
    """4 downs against three computers: when the 4th down decides the hand, the words left
    on the table while it waits to be read say why that down was won and that it won the
    hand, whole ('Theo wins the hand!' never replaces 'Nothing meets ...': the banner
    shows one outcome, so it says both)."""
    import pygame

    from tests.test_ui_play import new_app
    a = new_app(size=size)
    try:
        drawn = drawn_words(monkeypatch)
        session = four_downs_at_the_table(a)
        names, ends, last_seen = a.scene.model.names, [], None
        for table in played(a, session, random.Random(3), frames=20000):
            model = table.model
            banner = model.hold.outcome
            if not (model.hold.wait and model.settled() and banner is not None
                    and any(o.words.endswith("and the hand") or "won the hand" in o.words
                            for o in model.hold.outcomes)) or banner is last_seen:
                continue
            last_seen = banner
            last = model.view.facts["last_round"]
            lead_seat, lead = last["plays"][0]
            lead_name = model.presenter.by_name[lead].spoken
            winner = names[last["winner"]]
            assert banner.words.endswith(f"{winner} wins down {last['round']} and the hand"), banner.words
            if last["winner"] == lead_seat:
                assert banner.words.startswith(f"Nothing meets {lead_name} (no "), banner.words
            else:
                card = model.presenter.by_name[dict(last["plays"])[last["winner"]]].spoken
                assert banner.words.startswith(f"{card} meets {lead_name}"), banner.words
            drawn.clear()
            table.invalidate()
            a.frame()
            assert banner.words in " ".join(drawn), (banner.words, drawn[-12:])
            ends.append(banner.words)
            if len(ends) >= 3 and any(w.startswith("Nothing meets") for w in ends):
                break
        assert len(ends) >= 3 and any(w.startswith("Nothing meets") for w in ends), ends
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)])
def test_five_possessions_hints_speak_the_tables_words(size, monkeypatch):
    """5 possessions against a computer, H on the person's offense and defense turns: the
    hint's reason says, whole on the table, what the table says of a lane (open, compared
    with the defense card opposite it; closed, never compared) and which dots count by
    their colour; never 'key dots where it opens', words the table never explains."""
    import pygame

    from tests.test_hint_words import hinted
    from tests.test_ui_play import new_app
    a = new_app(size=size)
    try:
        drawn = drawn_words(monkeypatch)
        hints, sides = [], set()
        for table in five_possessions_reveals(a, 4242, frames=20000):
            model = table.model
            step = model.view.facts["step"]
            if not (model.my_turn() and model.settled() and step in ("offense_set", "defense_set")
                    and step not in sides and model.ui.hint is None):
                if len(sides) == 2:
                    break
                continue
            drawn.clear()
            hinted(a, table)
            words = model.ui.message
            assert words.startswith("Hint: ") and "key dots" not in words and "where it opens" not in words, words
            if step == "offense_set":
                assert ("against those of the defense card opposite" in words
                        or "goes closed and is never compared" in words), words
                assert f"{hint_card(model).color} dot" in words or "purple and blue dot" in words, words
            else:
                assert ("an open lane, where the offense card is counted against yours" in words
                        or "an open lane, where a tie goes to you" in words
                        or "a closed lane, where nothing is compared" in words), words
            assert words in " ".join(drawn), drawn[-6:]
            sides.add(step)
            hints.append(words)
        assert sides == {"offense_set", "defense_set"}, hints
    finally:
        pygame.quit()


def hint_card(model):
    """The card the hint shown would place."""
    return model.ui.hint.cards[0]


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)])
def test_four_downs_says_what_the_white_and_black_decks_are_where_they_are_named(size, monkeypatch):
    """4 downs against three computers: the log's shuffle of each hand names its deck and
    says, whole on the panel, what the white and black decks are (the same 28 cards, other
    backs), at the first hand (white) and the second (black); the in-app rules say so
    where they list the cards (A12 of docs/rulings/play_design.md)."""
    import pygame

    from game import registry
    from tests.test_ui_play import new_app
    a = new_app(size=size)
    try:
        drawn = drawn_words(monkeypatch)
        session = four_downs_at_the_table(a)
        told = {}
        for table in played(a, session, random.Random(3), frames=20000):
            shuffles = [line for line in table.model.log_lines() if " shuffled the " in line]
            fresh = [line for line in shuffles if line not in told.values()]
            if not fresh or not table.model.settled():
                continue
            drawn.clear()
            table.invalidate()
            a.frame()
            deck = "black" if "shuffled the black deck" in fresh[-1] else "white"
            other = "white" if deck == "black" else "black"
            assert f"shuffled the {deck} deck (the same 28 cards as the {other} deck, {deck} backs)" in fresh[-1]
            assert fresh[-1] in " ".join(drawn), (fresh[-1], drawn[-12:])
            told[deck] = fresh[-1]
            if len(told) == 2:
                break
        assert set(told) == {"white", "black"}, told
    finally:
        pygame.quit()
    with open(registry.game_info("four_downs").rulebook(), encoding="utf-8") as book:
        cards = book.read().split("# The cards")[1].split("\n# ")[0]
    assert "a white one and a black one: the same cards, only the backs differ" in cards
    assert "dealt from them in turn (white, then black)" in cards


def test_four_downs_the_last_hand_of_a_game_says_why_its_last_down_was_won(app):  # noqa: F811
    """4 downs, Maya against a computer at the fast pace, played to the end: the words
    held on the table at the game's end say why the last down was won, and that it won
    the hand and the game (the top bar says the hand is over, as at every hand's end while
    its outcome waits to be read)."""
    from tests.test_ui_saves import start_game
    app.settings.animation_speed = "fast"
    session = start_game(app, "four_downs", 2, {0}, 7)
    table = app.scene
    for table in played(app, session, random.Random(7), frames=60000):
        if session.is_over:
            break
    model = table.model
    for _ in range(600):
        if model.hold.waiting:
            break
        app.frame()
    last = model.view.facts["last_round"]
    words = model.hold.outcome.words
    assert words.endswith(f"{model.names[last['winner']]} wins down {last['round']}, the hand and the game"), words
    assert " meets " in words, words
    assert model.prompt().startswith(model.presenter.hand_over(model.view)), model.prompt()   # the hand is over
