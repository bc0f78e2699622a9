"""The confusing moments of walk 15 (issue #37) in Deadline, KTU and Final Card-Down,
and the rules of presentation they showed for every game, played with real events."""
import pygame
import pytest

from game import registry
from tests.test_ui_play import click_widget, new_app


def drawn_texts(a, monkeypatch):
    """Every line of text one fresh frame of the scene draws, in order."""
    from scenes.widgets import ui
    texts, real = [], ui.Screen.text

    def spy(screen, words, size, colour, pos, anchor="topleft", width=None):
        texts.append(words)
        return real(screen, words, size, colour, pos, anchor, width)
    monkeypatch.setattr(ui.Screen, "text", spy)
    a.scene.dirty = True
    a.frame()
    monkeypatch.setattr(ui.Screen, "text", real)
    return texts


def note_under(a, monkeypatch, option):
    """The note Setup draws under a house rule's label, in one line."""
    texts = drawn_texts(a, monkeypatch)
    where = texts.index(option.label)
    lines = []
    for words in texts[where + 1:]:
        if words in {o.label for o in a.scene.info.options} or words == "Deal number":
            break
        lines.append(words)
    return " ".join(lines)


@pytest.mark.parametrize("game_id", registry.SHIPPED)
def test_each_setup_switch_says_what_its_current_choice_means(game_id, monkeypatch):
    """Setup at 1280x720, each house rule switched through its choices with the mouse:
    the note under it says what the choice it now shows means, a different note for each
    choice (walkA15 #2: 'Ace high [Off]' over 'The ace ranks above the king only (Q K A)
    and is worth 11.' read as the rule in force, though the ace was low)."""
    a = new_app((1280, 720))
    try:
        a.scene.go("setup", game_id=game_id)
        a.frame()
        info = a.scene.info
        for option in info.options:
            if option.id == info.player_option:
                continue
            notes = []
            for _ in option.values:
                value = a.scene.options[option.id]
                note = note_under(a, monkeypatch, option)
                assert note == option.note(value), (option.id, value, note)
                notes.append(note)
                click_widget(a, lambda w, o=option: w.key == o.id)
            assert len(set(notes)) == len(option.values), (option.id, notes)
    finally:
        pygame.quit()


def test_deadline_ace_high_off_says_the_ace_is_low(monkeypatch):
    """Deadline's Setup as it opens: Ace high is Off, and the note under it says the ace
    is low and worth 1, as the Rules page does; switched On it says the ace is high and
    worth 11 (walkA15 #2)."""
    a = new_app((1280, 720))
    try:
        a.scene.go("setup", game_id="deadline")
        a.frame()
        option = a.scene.info.option("deadline.ace_high")
        off = note_under(a, monkeypatch, option)
        assert "low" in off and "worth 1" in off and "11" not in off, off
        click_widget(a, lambda w: w.key == "deadline.ace_high")
        on = note_under(a, monkeypatch, option)
        assert "above the king" in on and "11" in on, on
    finally:
        pygame.quit()


def test_the_panel_says_a_joker_with_no_assignment_to_cancel_cancels_extra_credit():
    """Maya holds a Joker at the Midterm with nothing laid down yet: the panel beside the
    scores says what it will cancel at grading, her lowest completed assignment and, with
    none, a card of her extra credit (A17 of docs/rulings/deadline.md), so the results'
    '1 of 2 cancelled by a Joker' beside her extra credit is no surprise (walkD15 #6: the
    panel only spoke of assignments)."""
    from tests.test_deadline import game_at_midterm
    from tests.test_table_moments_games import model_at
    state = game_at_midterm({0: ["3C", "9D", "KS", "JK"]})
    model = model_at(state)
    facts = {label: value for label, value, _ in model.presenter.side_facts(model.view, model.names)}
    said = facts.get("Your Joker", "")
    assert said.startswith("cancels nothing yet") and "a card you added to another student's" in said, facts


def at_my_turn(a, state):
    """The table of `state` (Maya a person, the others computers), run to Maya's turn."""
    from tests.test_deadline_walk14 import open_at
    table = open_at(a, state)
    for _ in range(300):
        if table.model.my_turn() and table.model.settled() and not table.busy():
            break
        a.frame()
    assert table.model.my_turn()
    return table


def rings(table):
    """Everything ringed at the table: the keyboard's ring, the hint's or coach's marks on
    cards not picked yet and on buttons (each once)."""
    from scenes.table import input as table_input
    laid = table.laid
    ringed = [table_input.focused(laid, table.pointer)]
    ringed += [p for p in laid.board.placed if p.hinted and not p.selected]
    ringed += [w for w in laid.widgets if getattr(w, "marked", False)]
    return {id(item): item for item in ringed if item is not None}


def test_a_hint_for_a_blind_take_rings_one_card_and_no_button_beside_it():
    """Deadline with three students, the first exchange, by keys: Maya presses H. The
    hint rings one card of Ines's hand, the keyboard on it (Enter takes it); the button
    that opens the same take is not ringed too (walkD15 #4: a white ring on Ines's card and
    the hint's pink ring on 'Take from Ines's hand...': which one does Enter act on? and
    'card 7' was a count nobody had told of): the hint names it 'the 7th card from the
    left'. The table's rule: one ring at a time."""
    from game import registry
    from tests.test_deadline import pass_turn
    from tests.test_ui_play import press
    a = new_app((1280, 800))
    try:
        a.keyboard = True
        state = registry.new_game("deadline", players=3, seed=254208688)
        while state.step != "exchange":
            pass_turn(state)
        table = at_my_turn(a, state)
        press(a, pygame.K_h)
        for _ in range(20):
            a.frame()
        assert table.model.ui.hint is not None
        ringed = list(rings(table).values())
        assert len(ringed) == 1, [getattr(item, "label", None) or (item.zone, item.index) for item in ringed]
        assert ringed[0].zone == "hand:2"
        from game.presenter import ordinal
        said = table.model.ui.message
        assert f"Take from Ines's hand: the {ordinal(ringed[0].index + 1)} card from the left" in said, said
    finally:
        pygame.quit()


def test_once_a_blind_exchange_is_told_the_top_bar_and_plates_say_what_the_table_shows():
    """Deadline with three students at the Fast pace, the first half's last exchange:
    Maya takes a card blind from Ines, Theo from Maya, Ines from Theo, and the cards
    taken join the hands. Frame by frame: once the log tells what came after Ines's take,
    the top bar no longer says it is Ines's turn, and once it tells a card joining a hand, that seat's
    plate counts it, as the hand drawn does (walkA15 #1: 'exchange 3 of 3 · Ines's turn'
    and 'Maya (you) 6 in hand' over seven cards, for two seconds after Ines had taken).
    The table's rule: a top bar or a plate never runs behind what the table has told."""
    from game.core import Action
    from scenes.table import intents
    from tests.test_deadline import pass_turn
    a = new_app((1280, 800), speed="fast")
    try:
        state = registry.new_game("deadline", players=3, seed=886580473)
        while not (state.step == "exchange" and state.rotation == 3):
            state.apply(Action("take", (), 0)) if state.step == "exchange" else pass_turn(state)
        table = at_my_turn(a, state)
        model = table.model
        start = model.session.event_count()
        model.do(intents.Choose(next(x for x in model.legal if x.kind == "take")))
        seen = []
        for _ in range(400):
            a.frame()
            events = model.session.events_since(0)
            told = events[:model.told()]
            prompt = model.prompt()
            words = prompt[0] if isinstance(prompt, tuple) else str(prompt)
            plates = table.plates(model.view)
            took = next((k for k, e in enumerate(told) if k >= start and e.seat == 2 and e.src == "hand:1"), None)
            if took is not None and len(told) > took + 1:
                assert "Ines's turn" not in words, (words, told[took + 1:])
            for seat in range(3):
                joined = any(e.src == f"pending:{seat}" and e.dst == f"hand:{seat}" for e in told[start:])
                if joined and plates[seat][1].endswith("in hand"):
                    seen.append(seat)
                    assert plates[seat][1] == "7 in hand", (seat, plates[seat], words)
            if model.settled() and model.session.state.step == "exam":
                break
        assert set(seen) == {0, 1, 2}
    finally:
        pygame.quit()


def test_the_exam_prompt_says_a_set_sharing_cards_with_two_runs_leaves_them_both_out():
    """Deadline, Maya's exam holding the 3 and 4 of diamonds, the 3 and 2 of spades and the
    Jacks of diamonds and clubs: two 3s would take the 3 of diamonds from 3-4 of diamonds
    and the 3 of spades from 2-3 of spades, so the top bar says either two 3s, or both
    runs, and names both 3s they share (walkA15 #3: 'either two 3s or 3-4 of diamonds
    (both need the 3 of diamonds: lay one), two Jacks and 2-3 of spades' read as if two
    3s and 2-3 of spades could both be laid)."""
    from tests.test_deadline import game_at_midterm
    from tests.test_table_moments_games import model_at
    state = game_at_midterm({0: ["3D", "4D", "JD", "3S", "JC", "2S"]})
    model = model_at(state)
    prompt = model.prompt()
    prompt = prompt[0] if isinstance(prompt, tuple) else str(prompt)
    assert "either two 3s, or 3-4 of diamonds and 2-3 of spades" in prompt, prompt
    assert "the 3 of diamonds and the 3 of spades" in prompt, prompt
    assert "two Jacks" in prompt and prompt.count("2-3 of spades") == 1, prompt


@pytest.mark.parametrize("players, seed", [(3, 24), (3, 26)])
def test_the_results_share_the_overlap_of_a_plates_cards_among_its_groups(players, seed, monkeypatch):
    """A whole Deadline semester played to its results at 1280x800: on each plate, a group
    of four or five cards never lies squeezed to its cards' corners (under half a card
    apart) while another group's cards lie a whole card apart under a long caption: the
    overlap is shared out, captions wrapping to two lines where that gives the cards room
    (walkA15 #4: 8-9-10-J-Q of spades in one card's width, the 9, 10 and Jack slivers,
    beside two-card groups lying apart)."""
    from scenes.screens import dressing
    from tests.test_ui_screens_dressed import show_scores
    rows, real = [], dressing.row

    def spy(screen, cards, pos, card_w, card_h, room, *args, **kwargs):
        rows.append((pos[1], len(cards), card_w, room))
        return real(screen, cards, pos, card_w, card_h, room, *args, **kwargs)
    monkeypatch.setattr(dressing, "row", spy)
    a = new_app((1280, 800))
    try:
        show_scores(a, "deadline", players=players, seed=seed)
        rows.clear()
        a.scene.dirty = True
        a.frame()
        plates = {}
        for y, count, card_w, room in rows:
            if count > 1:
                plates.setdefault(y, []).append((room - card_w) / (count - 1) / card_w)
        assert plates
        for y, steps in plates.items():
            assert not (min(steps) < 0.5 and max(steps) >= 1.0), (y, [round(s, 2) for s in steps])
    finally:
        pygame.quit()


def ktu_hint(state):
    """H pressed at Maya's turn at the KTU table of `state`: the hint's words."""
    from tests.test_ui_play import press
    a = new_app((1280, 800))
    a.settings.thinking_time, a.settings.cores = 0.05, 1
    try:
        table = at_my_turn(a, state)
        press(a, pygame.K_h)
        for _ in range(600):
            if table.model.ui.hint is not None:
                break
            a.frame()
        return table.model.ui.message
    finally:
        pygame.quit()


def test_a_ktu_hint_between_wild_cards_never_says_no_other_card_plays():
    """KTU with three, random legal moves up to a turn where only Maya's 2s and 3 play:
    H hints one of them and never says 'no other card of yours plays' (walkA15 #7: that
    reason, with a 2 that played too, was false and made Maya doubt her 2 was allowed)."""
    import random
    state = registry.new_game("ktu", players=3, seed=2)
    rng = random.Random(2)

    def wild_only():
        plays = {a.cards[0].rank for a in state.legal_actions() if a.kind == "play"}
        return state.current_player == 0 and plays == {"2", "3"}
    while not wild_only():
        state.apply(rng.choice(state.legal_actions()))
    said = ktu_hint(state)
    assert said.startswith("Hint: Play"), said
    assert "no other card" not in said, said


def test_a_ktu_hint_for_the_last_face_down_card_never_says_any_one_will_do():
    """KTU, Maya's hand and face-up cards gone, one face-down card left: H says it is her
    last card, played blind, not 'any one is as good as another' (walkA15 #10: 'any one'
    when there was only one)."""
    import random
    state = registry.new_game("ktu", players=3, seed=3)
    rng = random.Random(3)          # random legal moves up to Maya's last face-down card
    while not (state.current_player == 0 and [a.kind for a in state.legal_actions()].count("play_blind") == 1):
        state.apply(rng.choice(state.legal_actions()))
    said = ktu_hint(state)
    assert said.startswith("Hint: Play blind") and "any one" not in said and "last" in said, said


def test_after_a_burn_the_hand_closes_up_for_the_next_play():
    """KTU with three at 1280x800, random legal moves up to Maya's turn holding four 5s:
    she picks the four 5s and plays them; they burn the pile and she plays again. Her hand
    lies closed up for that play, no four-card hole where the 5s were (walkD15 #8: the
    hand drawn in two clumps either side of the hole, read as cards missing). The table's
    rule: a hand keeps its holes only while cards go one by one to the person's own
    places (an assignment being built, lanes), never once they went to the pile."""
    import random
    from tests.test_deadline_walk14 import xs
    from tests.test_ui_play import card_point, click_at, click_widget
    state = registry.new_game("ktu", players=3, seed=2)
    rng = random.Random(2)
    while not (state.current_player == 0 and any(a.kind == "play" and len(a.cards) == 4
                                                 for a in state.legal_actions())):
        state.apply(rng.choice(state.legal_actions()))
    four = next(a for a in state.legal_actions() if a.kind == "play" and len(a.cards) == 4)
    a = new_app((1280, 800), speed="fast")
    try:
        table = at_my_turn(a, state)
        for card in four.cards:
            click_at(a, card_point(table, card))
        click_widget(a, lambda w: four in (getattr(w, "actions", None) or ()))
        for _ in range(1200):
            a.frame()
            if table.model.my_turn() and table.model.settled() and not table.busy():
                break
        assert table.model.my_turn() and not table.model.session.state.pile, "no burn, or not Maya's play again"
        row = sorted(xs(table).values())
        steps = [b - a for a, b in zip(row, row[1:])]
        assert max(steps) - min(steps) <= 2, ("a hole in the hand", row)
    finally:
        pygame.quit()


def test_the_assignment_being_built_lies_in_run_order_as_the_top_bar_names_it():
    """Deadline, Maya's Midterm at 960x600 by mouse: she clicks the 6 of diamonds, then
    the 5, into the assignment being built; it lies 5 then 6 of diamonds, left to right,
    as the top bar calls it '5-6 of diamonds' and the laid assignments lie (walkA15 #5:
    the slot showed 6 then 5)."""
    from tests.test_deadline import game_at_midterm
    from tests.test_ui_play import card_point, click_at
    state = game_at_midterm({0: ["6D", "5D", "9C", "KS"]})
    a = new_app((960, 600))
    try:
        table = at_my_turn(a, state)
        hand = {c.name: c for c in state.hands[0]}
        for name in ("6D", "5D"):
            click_at(a, card_point(table, hand[name]))
            for _ in range(100):
                if table.model.settled() and not table.busy():
                    break
                a.frame()
        built = sorted((p for p in table.board.placed if p.zone == "group"), key=lambda p: p.rect.x)
        assert [p.card.name for p in built] == ["5D", "6D"], [p.card.name for p in built]
    finally:
        pygame.quit()


def test_the_keyboards_ring_on_a_card_that_cannot_be_played_keeps_it_greyed(monkeypatch):
    """Final Card-Down at 1280x800 by keys, Maya's first turn: the ring on a card she may
    not play (greyed) keeps its grey wash as it is drawn whole over its neighbours, and
    its enlarged view is not framed in the gold of a card that plays (walkD15 #22: with
    the ring it was drawn bright, its preview framed like the playable 0's)."""
    from scenes.table import draw
    from sprites import palette
    drawn = []          # ("tint" or "outline", w, h, colour), in the order drawn
    real_tint, real_outline = draw.card_sprites.tint, draw.card_sprites.outline
    monkeypatch.setattr(draw.card_sprites, "tint", lambda w, h, colour, alpha: drawn.append(("tint", w, h, colour))
                        or real_tint(w, h, colour, alpha))
    monkeypatch.setattr(draw.card_sprites, "outline", lambda w, h, colour, width: drawn.append(
        ("outline", w, h, colour)) or real_outline(w, h, colour, width))
    a = new_app((1280, 800))
    try:
        a.keyboard = True
        for seed in range(1, 40):
            table = at_my_turn(a, registry.new_game("final_card_down", players=3, seed=seed))
            greyed = [i for i, p in enumerate(table.laid.cards) if p.dimmed]
            if greyed:
                break
        table.pointer.focus = greyed[0]
        placed = table.laid.cards[greyed[0]]
        drawn.clear()
        table.dirty = True
        a.frame()
        w, h = a.screen.rect(placed.rect).size
        ring = max(k for k, d in enumerate(drawn) if d[0] == "outline" and d[3] == palette.FOCUS)
        assert drawn[ring - 1] == ("tint", w, h, (0, 0, 0)), drawn      # washed grey under the ring
        assert not [d for d in drawn if d[3] == palette.GOLD and d[2] > h + 4], drawn
    finally:
        pygame.quit()


def test_the_log_tells_an_assignment_when_it_is_laid_down_not_each_card_taken_back():
    """Deadline, Maya's Midterm by mouse: she clicks the 4 of diamonds into the assignment
    being built, takes it back, clicks the 4 of diamonds and the 4 of spades in, takes them
    back, then builds the two 4s again and submits them. The Moves log says only that she
    laid down two 4s: it tells the cards put in no more than those taken back, never 'took
    back 4 of diamonds, took back 4 of spades, 4 of diamonds' (walkA15 #13: laying cards in
    wrote nothing, taking them back did, and the log alone could not say what was laid)."""
    from tests.test_deadline import game_at_midterm
    from tests.test_ui_play import card_point, click_at, click_widget
    state = game_at_midterm({0: ["4D", "4S", "9C", "KH"]})
    a = new_app((1280, 800))
    try:
        table = at_my_turn(a, state)
        hand = {c.name: c for c in state.hands[0]}
        before = len(table.model.log_lines())

        def step():
            for _ in range(100):
                if table.model.settled() and not table.busy():
                    break
                a.frame()

        def kind(name):
            return lambda w: any(x.kind == name for x in getattr(w, "actions", None) or ())
        for names in (["4D"], ["4D", "4S"]):
            for name in names:
                click_at(a, card_point(table, hand[name]))
                step()
            click_widget(a, kind("cancel_group"))
            step()
        for name in ("4D", "4S"):
            click_at(a, card_point(table, hand[name]))
            step()
        click_widget(a, kind("submit"))
        step()
        lines = table.model.log_lines()[before:]
        assert not [line for line in lines if "took back" in line], lines
        assert any("laid down two 4s" in line for line in lines), lines
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1280, 800), (960, 600), (1152, 720)])
def test_a_choice_opened_after_a_hint_leaves_the_hints_words_in_sight(size):
    """Deadline at 1280x800, the Midterm, Kofi (the person) holding the 7 and 8 of clubs
    after Theo laid two 7s: H hints, then a click on the 7 of clubs opens the choice 'lay
    down or extra credit?'; the hint's words lie clear of the choice, not cut under it
    (walkA15 #15: 'Hint: Extend your two 4s with the 4 of clubs: one card fewer left in
    your...' hidden under '4 of clubs: lay down or extend?'). The table's rule: a message
    lies clear of a choice open."""
    from scenes.table import draw
    from tests.test_deadline import auto_exam, game_at_midterm, held
    from tests.test_deadline_walk14 import open_at
    from tests.test_ui_play import card_point, click_at, press
    state = game_at_midterm({1: ["7S", "7H"], 3: ["7C", "8C"]})
    for _ in range(3):
        auto_exam(state)
    a = new_app(size)
    a.settings.thinking_time, a.settings.cores = 0.05, 1
    try:
        table = open_at(a, state, humans=(3,))
        for _ in range(300):
            if table.model.my_turn() and table.model.settled() and not table.busy():
                break
            a.frame()
        press(a, pygame.K_h)
        for _ in range(600):
            if table.model.ui.hint is not None:
                break
            a.frame()
        click_at(a, card_point(table, held(state, 3, "7C")))
        for _ in range(5):
            a.frame()
        assert table.laid.cover == "dialog" and table.model.ui.message.startswith("Hint"), table.model.ui.message
        screen, board, message = a.screen, table.laid.board, table.model.ui.message
        x, y = table.pointer.message_spot
        box = pygame.Rect(int(x), int(y), int(draw.message_width(screen, board, message)),
                          int(draw.message_height(screen, board, message)))
        assert not box.colliderect(pygame.Rect(*map(int, table.laid.dialog_rect))), (box, table.laid.dialog_rect)
    finally:
        pygame.quit()


def test_a_line_of_draws_in_the_log_appears_whole_never_counting_up():
    """Deadline at the Fast pace: Maya finishes her Midterm, the others sit theirs and
    everyone draws back to 7, card by card. Frame by frame, each student's line of the
    draw-back in the Moves log says one count of cards from the moment it shows, never
    'Ines drew 4 cards' turning into 'Ines drew 6 cards' as the cards land (walkA15 #14:
    the number changing under the eyes made Maya unsure which was true)."""
    import re
    from tests.test_deadline import game_at_midterm
    from tests.test_ui_play import click_widget
    state = game_at_midterm({1: ["5C", "6C", "7C", "8C"], 2: ["2H", "2S", "QH", "QS"], 3: ["4D", "4S", "4H"]})
    a = new_app((1280, 800), speed="fast")
    try:
        table = at_my_turn(a, state)
        model = table.model
        before = len(model.log_lines())
        click_widget(a, lambda w: any(x.kind == "finish_exam" for x in getattr(w, "actions", None) or ()))
        counts = {}
        for _ in range(1500):
            a.frame()
            for line in model.log_lines()[before - 2:]:
                for n in re.findall(r"drew (a card|\d+ cards)", line):
                    counts.setdefault(line.split()[0], set()).add(n)
            if model.session.state.step != "exam" and model.settled() and model.my_turn():
                break
        assert counts, "no draw-back line"
        assert all(len(ns) == 1 for ns in counts.values()), counts
    finally:
        pygame.quit()
