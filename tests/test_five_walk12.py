"""5 possessions where the newcomer walk of wave 12 stumbled (issue #37), played with
real events at the table against a computer: the piles under the lanes keep their faces
through a line's reveal, ..."""
import pygame
import pytest

from tests.test_table_moments_pd import five_possessions_reveals
from tests.test_ui_play import app, click_at, new_app, press  # noqa: F401


def test_the_piles_under_the_lanes_keep_their_faces_and_backs_through_a_reveal(app):  # noqa: F811
    """Against a computer (Maya, the white deck, looking), several possessions at the normal
    pace: a Won pile is face up at every frame (the rules: 'Won (face up ...)'); in a Used
    up pile Maya's own cards stay face up once seen, and a face-down card there shows
    Theo's black back (the walk: during a line's reveal with a closed lane, and until a
    stopped drive was read, Maya's piles turned over and showed Theo's back)."""
    hidden_won, wrong_back, turned = [], [], []
    last = {}                                 # pile key -> its cards the frame before
    piles_seen = revealed = 0
    for table in five_possessions_reveals(app, 4242, frames=6000):
        model = table.model
        view = model.view
        revealed += model.timeline.revealing() is not None
        for zone in view.zones:
            if not zone.key.startswith(("open:", "closed:")) or not zone.count:
                last.pop(zone.key, None)
                continue
            piles_seen += 1
            down = None in zone.cards
            if down and zone.key.startswith("open:"):
                hidden_won.append((zone.key, zone.count, model.timeline.revealing()))
            if down and model.presenter.back_of(view, zone.key) != "black":
                wrong_back.append((zone.key, model.presenter.back_of(view, zone.key)))
            was = last.get(zone.key, ())
            if len(was) == zone.count and any(old is not None and old.back == "white" and now is None
                                              for old, now in zip(was, zone.cards)):
                turned.append((zone.key, was, model.timeline.revealing()))
            last[zone.key] = zone.cards
    assert piles_seen > 500 and revealed > 100, (piles_seen, revealed)
    assert not hidden_won, hidden_won[:5]
    assert not wrong_back, wrong_back[:5]
    assert not turned, turned[:5]


def test_the_side_panel_tells_a_lanes_new_state_only_once_its_result_has_been_called_out(app):  # noqa: F811
    """Against a computer at the normal pace, while lines are revealed lane by lane: a lane
    whose state in the side panel ('Lane 2: open, but a blue offense card here goes
    closed') differs from the state before the line has had its result called out and
    told in the log: no callout of that lane is still to show or showing (the walk: as lane
    2's defense card turned over, the panel already said who won it, before the callout
    and the log)."""
    early, checked = [], 0
    for table in five_possessions_reveals(app, 4242, frames=5000):
        model = table.model
        before = model.before_reveal
        if before is None:
            continue
        told = model.session.events_since(0)[:model.told()]
        start = max(k for k, event in enumerate(told) if event.kind == "phase")
        lanes_told = {event.detail["lane"] for event in told[start:] if event.kind == "lane"}
        calling = " ".join(call.words for call, _ in model.timeline.callouts)
        panel = dict((label, value) for label, value, _ in model.presenter.readouts(model.panel_view(), model.names))
        was = dict((label, value) for label, value, _ in model.presenter.readouts(before, model.names))
        for k in range(4):
            label = f"Lane {k + 1}"
            checked += 1
            if panel.get(label) != was.get(label) and (k not in lanes_told or f"{label}: " in calling):
                early.append((label, panel.get(label), model.timeline.revealing(), sorted(lanes_told)))
    assert checked > 200, checked
    assert not early, early[:4]


def test_a_card_with_one_lane_left_waits_for_its_lane_like_every_other(app):  # noqa: F811
    """Against a computer at 1280x720: a card of Maya's line that the rules leave one lane
    (the last card of a line, or the only lane that keeps the line's open cards), clicked,
    is not set at once (the walk: it jumped into a lane nobody chose, with no word): it is
    picked, the note asks for its lane, only that lane is lit and the button names it
    ('Place in lane 4'); its lane's number then sets it there."""
    from scenes.table import moves
    checked = 0
    for table in five_possessions_reveals(app, 4242, frames=8000):
        model = table.model
        if not (model.my_turn() and model.settled() and not table.busy() and not model.ui.selection):
            continue
        lone = [(p, lanes) for p in table.board.hand_cards() if p.raised
                for lanes in [moves.open_lanes(model.legal, [p.card], model.presenter)] if len(lanes) == 1]
        if not lone:
            continue
        placed, lanes = lone[0]
        (lane,) = lanes
        history = len(model.session.state.history)
        click_at(app, placed.rect.center)
        assert len(model.session.state.history) == history, "the card was set at once"
        assert [c.name for c in model.ui.selection] == [placed.card.name]
        assert "lane" in model.ui.message.lower(), model.ui.message
        assert moves.open_lanes(model.legal, model.ui.selection, model.presenter) == {lane}
        labels = [w.label for w in table.widgets if getattr(w, "label", None)]
        assert f"Place in lane {lane + 1}" in labels, labels
        press(app, pygame.K_1 + table.board.lanes.index(lane))
        assert len(model.session.state.history) == history + 1
        assert model.session.state.history[-1].arg == lane
        checked += 1
        if checked >= 3:
            break
    assert checked >= 3, checked


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)])
def test_the_set_prompt_counts_the_open_cards_still_to_set_and_keeps_the_title_whole(size):
    """Against a computer, at each of Maya's offense turns: the prompt says how many cards
    must still go open, counting those she has set open already ('1 more must go open'; once
    every card that can go open is set, 'the rest go closed'), never the line's whole count
    after one went open (the walk: '1 must go open' with that card set); and the top bar
    holds the prompt beside the game's title in one line (the walk: the title broke into
    two lines whenever the prompt was long)."""
    from scenes.table import draw
    a = new_app(size=size)
    try:
        said, checked = set(), 0
        for table in five_possessions_reveals(a, 4242, frames=20000):
            model = table.model
            state = model.session.state
            if not (model.my_turn() and model.settled() and not table.busy()
                    and state.step == "offense_set" and model.ui.selection == []):
                continue
            prompt = model.presenter.instruction(model.view, model.names, model.ui.selection)
            lanes = [k for k in range(4) if state.line_cards[0][k]]
            set_open = sum(1 for k in lanes if state.live[k] and state.line_cards[0][k][0].color != state.restriction[k])
            still = state.max_open - set_open
            every = all(state.live) and not any(state.restriction)
            if every:
                assert prompt.endswith("; every lane is open)"), prompt
            elif state.max_open and still <= 0:
                assert "must go open" not in prompt and prompt.endswith("set: the rest go closed)"), prompt
                said.add("rest")
            elif set_open:
                assert f"; {still} more must go open: " in prompt, prompt
                said.add("more")
            words = model.prompt()
            x = 18 + a.screen.text_width(model.title(), draw.HEADING) + 18
            assert not draw.bar_cut(a.screen, words, table.laid.title_right - x, draw.BAR_SIZES[:2]), words
            checked += 1
            if said == {"rest", "more"} and checked > 20:
                break
        assert said == {"rest", "more"}, (said, checked)
    finally:
        pygame.quit()


def test_a_score_of_100_in_the_first_possession_of_a_pair_says_why_play_goes_on():
    """Theo on offense in possession 9 at 80 yards each, his drive stopped: Maya reaches
    100 yards and the game goes on (the rules: the pair is finished first), and the table
    says why where it happens, in the log and as a callout after the drive's end: Theo can
    still catch up (the walk: 'Maya has 100 yards in all', then possession 10 began without
    a word). With a lead over 20 the game ends, and nothing is said of catching up."""
    from game import registry
    from scenes.table.presenters import presenter_for
    from tests.test_five_possessions import STOP_DEFENSE, STOP_OFFENSE, _at_possession, new, set_line
    names = ["Maya", "Theo"]
    presenter = presenter_for(registry.GAMES["five_possessions"])
    for score, over in (([80, 80], False), ([80, 60], True)):
        state = _at_possession(new(STOP_OFFENSE, STOP_DEFENSE, toss=1), 9, score)
        start = len(state.events)
        set_line(state, STOP_OFFENSE[0], STOP_DEFENSE[0])
        assert state.is_over == over
        events = [event.for_seat(0) for event in state.events[start:]]
        log = presenter.log_lines(events, names, {})
        calls = [call.words for call in presenter.callouts(events, state.view(0), names)]
        said = [line for line in log + calls if "catch up" in line]
        if over:
            assert not said, said
            continue
        assert ("Not over yet: Theo can still catch up on offense in the next possession (the game ends only "
                "once both have had as many possessions, or at a lead over 20)") in log, log     # walkD17 #5
        drive = next(k for k, words in enumerate(calls) if words.startswith("Drive stopped"))
        assert "Not over yet: Theo can still catch up" in calls[drive + 1:], calls


def test_the_rules_page_says_what_the_boxes_are_and_prints_no_markdown_marks(app, tmp_path):  # noqa: F811
    """5 possessions' rules page, as a player opens it: no '**' printed around 'Won' and
    'Used up' (the walk read the marks); the four boxes under the dots are explained, the
    purple one adding the blue dots, the yellow dots never count, and the number not used
    is the corner's; a Used up pile is face down to the other coach only (its owner sees
    it). A rulebook written with emphasis the page does not draw is refused, naming the
    file and the line."""
    from scenes.screens.rules import RulebookError, check
    from game import registry
    app.scene.go("rules", rules_game="five_possessions", return_to="menu")
    app.frame()
    words = " ".join(line[0] for line in app.scene.lines)
    assert "**" not in words and '"Won" (face up' in words, words
    for said in ("The yellow dots never count.",
                 "The four small boxes under the dots say how many of the card's dots count against an offense "
                 "card of each colour: blue, green, orange, purple. The purple box adds the blue dots to the "
                 "purple ones",
                 "The number (in the card's top corner), the formation's name printed under it (Cover 2) and "
                 "the small word under the name (run, pass or special: the kind of play) never count in this game.",
                 '"Used up" (face down to the other coach, face up to their owner'):
        assert said in words, (said, words)
    assert "The card numbers are not used" not in words
    path = tmp_path / "rulebook.md"
    path.write_text("# After each line\n- Two piles: **Won** and **Used up**.\n", encoding="utf-8")
    with pytest.raises(RulebookError, match=rf"^{path}, line 2: \*\* and __ are not drawn on the rules page"):
        check(str(path), registry.GAMES["five_possessions"].load_deck())


def test_the_menu_and_setup_say_defense_as_the_game_does(app):  # noqa: F811
    """The menu tile's line and Setup's subtitle for 5 possessions say 'defense', as the
    game, its rules and the table do (the walk: 'beat the defence's dots')."""
    from game import registry
    info = registry.GAMES["five_possessions"]
    assert "defense's dots" in info.description and "defence" not in info.description.lower()
    assert not any("defence" in text.lower() for text in
                   (open(info.rulebook(), encoding="utf-8").read(), registry.GAMES["four_downs"].description))


def test_the_defense_hint_says_which_dots_make_a_card_the_strongest(app):  # noqa: F811
    """Against a computer, H at Maya's defense turn, for an open lane: the hint says the card
    has the most dots that count, its four boxes added up (the number on the card's face;
    every card has 11 dots, so 'the card with the most dots', the walk's words, told
    nothing), and that no card in her hand adds up to more."""
    from sprites.formation_faces import tally
    from tests.test_hint_words import hinted
    checked = 0
    for table in five_possessions_reveals(app, 4242, frames=20000):
        model = table.model
        if not (model.my_turn() and model.settled() and not table.busy() and model.ui.hint is None
                and model.view.facts["step"] == "defense_set" and not model.ui.selection):
            continue
        hinted(app, table)
        hint, words = model.ui.hint, model.ui.message
        if hint is None or not model.view.facts["lanes"][hint.arg]["live"]:
            continue
        total = sum(tally(hint.cards[0]).values())
        hand = [c for z in model.view.zones if z.key == "hand:0" for c in z.cards]
        assert f"your card with the most dots that count goes there (its four boxes under the dots add up to {total}, " \
               "the most in your hand)" in words, words
        assert all(sum(tally(card).values()) <= total for card in hand), hand
        checked += 1
        if checked >= 2:
            break
    assert checked >= 2, checked


def keys_picked(a):
    """5 possessions against a computer: the table each time Maya has just picked a card of
    her line by keys (Right until the ring is on it, Enter) while some lanes are dead."""
    for table in five_possessions_reveals(a, 4242, frames=8000):
        model = table.model
        if not (model.presenter.dead_lanes(model.view) and model.my_turn() and model.settled()
                and not table.busy() and not model.ui.selection):
            continue
        for _ in range(30):
            laid = table.laid
            items = laid.cards + laid.widgets
            focus = table.pointer.focus
            item = items[focus % len(items)] if focus is not None and items else None
            if item in laid.cards and item.zone == laid.board.hand_key and item.face_up and item.raised:
                press(a, pygame.K_RETURN)
                yield table
                break
            press(a, pygame.K_RIGHT)


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)])
def test_the_note_asking_for_a_lane_never_covers_the_lanes_captions(size):
    """Against a computer, by keys: a card of Maya's line picked while some lanes are dead,
    the note 'Press a lane's number for ...' lies clear of every lane's caption ('Lane 2,
    closed: your line'), which holds the number it asks for, and of the words on the dead
    lanes it may go to (the walk: the note lay over her line's captions)."""
    from scenes.table import draw
    a = new_app(size=size)
    try:
        checked = 0
        for table in keys_picked(a):
            a.frame()
            board, words, model = table.laid.board, table.model.ui.message, table.model
            if not words or not model.ui.selection:
                continue
            assert words.startswith("Press a lane's number"), words
            note = draw.message_box(a.screen, board, words, table.pointer.message_spot)
            lanes = [pygame.Rect(*map(int, area)) for area in board.areas]
            captions = [r for r in draw.caption_rects(a.screen, board) if r.collidelist(lanes) >= 0]
            dead = draw.dead_label_rects(a.screen, board, table.open_lanes() & model.presenter.dead_lanes(model.view))
            assert captions and note.collidelist(captions + dead) < 0, (words, note, captions)
            checked += 1
            if checked >= 6:
                break
        assert checked >= 6, checked
    finally:
        pygame.quit()


def test_the_next_possession_is_told_with_its_start_not_after_its_cards_have_flown(app):  # noqa: F811
    """Against a computer at the fast pace, frame by frame: once the table has told the
    next possession's start (the log: 'Possession 2: Theo on offense'), the top bar and
    the panel say that possession, its offense and its open lanes, while its cards still
    fly (walk 12: for seconds the bar still said
    'Possession 1, line 4 of 4 · You on offense' and the panel the last line's lanes,
    over lanes cleared and a hand already drawn)."""
    import random
    from scenes.table.intents import Choose, Continue
    from tests.test_followable_choices import open_table
    app.settings.animation_speed = "fast"
    table, session = open_table(app, "five_possessions", ["Maya", "Theo"], 3)
    rng, stale, checked = random.Random(3), [], 0
    for _ in range(6000):
        if session.is_over or checked > 40:
            break
        model = table.model
        first = model.scores_from
        begun = [e.detail for e in session.events_since(first)[:max(0, model.told() - first)] if e.kind == "possession"]
        if begun and begun[-1] > 1 and table.motion.flights:
            checked += 1
            panel = model.panel_view()
            if panel.facts["possession"] != begun[-1]:
                stale.append((begun[-1], panel.facts["possession"]))
        if model.hold.wait:
            table.act(Continue())
        elif model.my_turn() and not table.busy():
            table.act(Choose(rng.choice(session.legal_actions())))
        app.frame()
    assert checked > 40 and not stale, (checked, stale[:3])
