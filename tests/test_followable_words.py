"""Every event says what it means, with its cause and its size, played at the table:
penalty draws, two players skipped, a failed blind card, extra credit on whose
assignment, a card taken from your hand, 5 possessions' dots and drives, Undo's words."""
import random
import re

import pygame

from scenes.table.session import Seat, Session, inline
from scenes.table.scene import TableScene
from scenes.table.intents import Choose, Continue
from tests.test_ktu import blind_position, new, play
from tests.test_ui_play import app, choose, click_at, click_widget, press, settle  # noqa: F401
from tests.test_ui_saves import start_game

NAMES = ["Maya", "Theo", "Ines", "Kofi"]


def open_state(a, state, humans):
    """The table of a game already begun (`state`), people at `humans`."""
    seats = [Seat(NAMES[i], i in humans) for i in range(state.players)]
    session = Session(state.game_id, seats, dict(state.options), state.chance.seed, state=state, executor=inline)
    a.scene.go("table", session=session, viewer=None, events_seen=session.event_count(), curtains=[])
    a.frame()
    return a.scene, session


def play_until(a, table, found, rng, limit=20000):
    """Play the person's moves at random (the computers answering, and at the next hand's
    table too) until `found()`."""
    for _ in range(limit):
        if found():
            return
        if a.scene is not table:
            scene = a.scene
            if isinstance(scene, TableScene):       # the next hand's table
                table = scene
                continue
            if not getattr(scene, "interim", False):
                raise AssertionError("the game ended first")
            scene.next_hand()
        elif table.model.hold.wait:
            table.act(Continue())
        elif table.model.my_turn() and not table.busy():
            table.act(Choose(choose(table.model.session.legal_actions(), rng)))
        a.frame()
    raise AssertionError("never found")


def test_followable_penalty_draws_are_told_with_their_cause(app):
    start_game(app, "final_card_down", 3, {0}, 5)
    table = app.scene
    play_until(app, table, lambda: any(re.search(r"drew \d cards for (a 2|\w+ 2s)", line)
                                       for line in table.model.log_lines()), random.Random(5))
    line = next(line for line in table.model.log_lines() if " 2" in line and "drew" in line and "for" in line)
    count = int(re.search(r"drew (\d) cards", line).group(1))
    twos = {2: "a 2", 4: "two 2s", 6: "three 2s", 8: "four 2s"}[count]
    assert f"drew {count} cards for {twos}" in line
    assert "drew a card, drew a card" not in " ".join(table.model.log_lines())


def test_followable_a_pair_of_8s_names_both_players_skipped(app):
    state = new(hands={0: ["8S", "8H", "4S", "5S"]}, players=4)
    table, session = open_state(app, state, {0})
    for name in ("8S", "8H"):
        placed = next(p for p in table.board.placed if p.card is not None and p.card.name == name)
        click_at(app, (placed.rect.left + 4, placed.rect.top + 20))
    assert [c.name for c in table.model.ui.selection] == ["8S", "8H"]
    click_widget(app, lambda w: w.label == "Play 2 cards")
    assert "Theo and Ines are skipped by the 8s" in table.model.log_lines()
    assert any(words == "Theo and Ines are skipped by the 8s" for words, *_ in table.motion.toasts) or \
        table.app.settings.animation_speed == "instant"


def blind_failing(app):
    """KTU at the fast pace: Kofi (a person) turns over his 4 of hearts blind on Theo's 8 of
    hearts, which it does not beat; the table just after the click."""
    app.settings.animation_speed = "fast"

    def last(state):
        play(state, 0, "2C")
        play(state, 1, "8H")
    table, session = open_state(app, blind_position(last), {3})
    blind = next(p for p in table.board.placed if p.zone == "facedown:3" and p.raised)
    click_at(app, (blind.rect.left + 4, blind.rect.centery))
    return table


def test_followable_a_failed_blind_card_says_what_it_did_not_beat_and_waits(app):
    table = blind_failing(app)
    words = "4 of hearts does not beat the 8 of hearts: Kofi must pick up the play ground with it (3 cards)"
    assert table.model.hold.outcome.words == words
    for _ in range(120):
        app.frame()
    assert table.model.hold.waiting                         # readable at Fast: it waits for a key
    press(app, pygame.K_SPACE)
    assert not table.model.hold.outcomes
    for _ in range(60):
        app.frame()
    log = table.model.log_lines()
    assert ("Kofi turned over the 4 of hearts blind: it does not beat the 8 of hearts, so Kofi must pick up the "
            "play ground with it (3 cards)") in log                       # the same count as the outcome's
    assert not any("played 4 of hearts blind" in line or "Kofi picked up the play ground" in line for line in log), log


def under_a_three(last_seven=False):
    """Three players; Ines (seat 2) has only her face-down 4H KD 9S, and Maya's 9 of
    hearts (or 7 of hearts) lies under Theo's 3 of diamonds when her turn comes."""
    from tests.test_ktu import new
    top = "7H" if last_seven else "9H"
    state = new(hands={0: ["KC", top, "10D", "4C"], 1: ["AC", "3D", "6D", "7C"], 2: ["5S", "5H", "5D", "5C"]},
                faceup={2: ["JS", "JH", "JD"]}, facedown={2: ["4H", "KD", "9S"]}, players=3)
    for seat, *cards in ((0, "KC"), (1, "AC"), (2, "5S", "5H", "5D", "5C"), (2, "JS", "JH", "JD"), (0, "10D"),
                         (0, top), (1, "3D")):
        play(state, seat, *cards)
    return state


def test_followable_a_failed_blind_card_says_why_under_3s_and_after_a_7(app):
    """A blind card that fails says what it did not beat where the card lies out of sight
    under 3s ('(under the 3)', as your own prompt does), and after a 7 that the card had to
    be lower (the walk: 'Blind 9 of clubs does not beat the 7 of clubs' read as wrong, a 9
    being higher); the callout, the outcome held and the log alike."""
    app.settings.animation_speed = "fast"
    for seven, card, why in ((False, "9 of spades", "does not beat the 9 of hearts (under the 3)"),
                             (True, "9 of spades", "is not lower than the 7 of hearts (under the 3)")):
        state = under_a_three(seven)
        table, session = open_state(app, state, {2})
        settle(app)
        index = [c.name for c in state.facedown[2]].index("9S")
        table.act(Choose(next(a for a in session.legal_actions() if a.kind == "play_blind" and a.arg == index)))
        assert table.model.hold.outcome.words == f"{card[0].upper()}{card[1:]} {why}: Ines must pick up the play ground with it (3 cards)"
        table.act(Continue())
        settle(app)
        assert f"Ines turned over the {card} blind: it {why}, so Ines must pick up the play ground with it (3 cards)" in \
            table.model.log_lines(), table.model.log_lines()


def test_followable_extra_credit_names_whose_assignment_and_a_computers_exam_its_cards(app):
    session = start_game(app, "deadline", 3, {0}, 4)
    table = app.scene
    computers = "|".join(session.name(seat) for seat in (1, 2))
    laid = re.compile(rf"({computers}) laid down [^,]+ \(")            # a computer's cards named

    def found():
        log = " ".join(table.model.log_lines())
        return "as extra credit on " in log and laid.search(log)
    play_until(app, table, found, random.Random(4))
    log = " ".join(table.model.log_lines())
    assert re.search(r"as extra credit on (their|\w+'s) ", log)
    assert "assignment being built" not in log and "group of" not in log


def test_followable_a_card_taken_from_your_hand_is_said_where_you_look(app):
    start_game(app, "deadline", 3, {0}, 5)
    table = app.scene
    play_until(app, table, lambda: "blind from" in table.model.ui.message, random.Random(1))
    assert re.match(r"\w+ took .+ blind from your hand", table.model.ui.message), table.model.ui.message


def test_followable_five_possessions_counts_dots_in_words_and_announces_drives(app):
    start_game(app, "five_possessions", 2, {0}, 4242)
    table = app.scene
    play_until(app, table, lambda: any(("Touchdown!" in line or "Drive stopped" in line)
                                       for line in table.model.log_lines()), random.Random(3))
    log = table.model.log_lines()
    lanes = [line for line in log if line.startswith("Lane ")]
    assert lanes and not any(re.search(r"\b1 \w+ dots\b", line) for line in lanes)
    assert all(re.search(r"(\d+ (\w+ )?dots?|holds the lane)", line) for line in lanes)
    counted = [line for line in lanes if "count as purple" in line]
    assert all(re.search(r"count as purple \(\d+ purple, \d+ blue\)", line) for line in counted)


def test_followable_five_possessions_says_a_cards_dots_as_they_are(app):
    """5 possessions' log (N7): a card's dots of a colour it does not have are never
    called that colour: 2 blue dots under a purple offense card are '2 dots that count as
    purple (2 blue)', as the table says them elsewhere, never '2 purple dots'."""
    start_game(app, "five_possessions", 2, {0}, 4242)
    table = app.scene
    cards = table.model.presenter.by_name.values()
    said = re.compile(r"(\w+ \w+ \d+) (?:has|with) (\d+) (\w+) dots?\b")
    blue_only = re.compile(r"(\w+ \w+ \d+) (?:has|with) (\d+) dots? that count as purple \((\d+) blue\)")

    def wrong():
        found = []
        for line in table.model.log_lines():
            for spoken, count, colour in said.findall(line):
                card = next(c for c in cards if c.spoken == spoken)
                if dict(card.dots).get(colour, 0) != int(count):
                    found.append(line)
        return found

    play_until(app, table, lambda: wrong() or any(blue_only.search(line) for line in table.model.log_lines()),
               random.Random(3))
    assert not wrong(), wrong()[:2]


def test_followable_undo_names_the_move_and_says_why_it_is_refused(app):
    session = start_game(app, "final_card_down", 2, {0}, 12)
    table = app.scene
    settle(app)
    legal = session.legal_actions()
    play_move = next((a for a in legal if a.kind == "play"), None)
    assert play_move is not None
    app.settings.undo = "casual"
    table.act(Choose(play_move))
    press(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert table.model.ui.message.startswith(f"Taken back: your play of the {play_move.cards[0].spoken}")
    app.settings.undo = "mine"
    draw = next(a for a in session.legal_actions() if a.kind == "draw")
    table.act(Choose(draw))
    while session.current_player != 0:
        app.frame()
    press(app, pygame.K_z, pygame.KMOD_LCTRL)
    words = table.model.ui.message
    assert re.fullmatch(r"Nothing to take back: (a new card came to light|"
                        r"what was drawn, dealt or rolled since cannot be put back) \((Maya|Theo) .+\)", words), words


def test_followable_zones_read_in_lower_case_and_a_blind_take_names_whose_hand(app):
    session = start_game(app, "deadline", 4, {0}, 5)
    table = app.scene
    play_until(app, table, lambda: table.model.my_turn() and table.model.view.facts.get("exchange"),
               random.Random(1))
    assert any(w.label == f"Take from {session.name(3)}'s hand..." for w in table.widgets)
    log = " ".join(table.model.log_lines())
    assert "'s Hand" not in log and "the Discard pile" not in log


def test_followable_undo_names_a_swap_with_what_it_traded_and_an_end_of_turn(app):
    app.settings.undo = "casual"
    session = start_game(app, "final_count", 2, {0}, 8)
    table = app.scene
    swaps = {"swap_board": "the Board", "swap_opp": "an opponent's card", "swap_draw": "the drawn card"}
    play_until(app, table, lambda: table.model.my_turn() and not table.busy() and
               any(a.kind in swaps for a in session.legal_actions()), random.Random(2))
    swap = next(a for a in session.legal_actions() if a.kind in swaps)
    table.act(Choose(swap))
    press(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert table.model.ui.message.startswith(
        f"Taken back: your swap of the {swap.cards[0].spoken} with {swaps[swap.kind]}")
    play_until(app, table, lambda: table.model.my_turn() and not table.busy() and
               any(a.kind == "end_turn" for a in session.legal_actions()), random.Random(2))
    table.act(Choose(next(a for a in session.legal_actions() if a.kind == "end_turn")))
    while not table.model.my_turn() or table.busy():
        if table.model.hold.wait:
            table.act(Continue())
        app.frame()
    press(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert table.model.ui.message.startswith("Taken back: ")
    assert "your end turn" not in table.model.ui.message


def test_followable_the_2s_waiting_count_up_while_the_penalty_is_drawn(app):
    from tests.helpers import act
    from tests.test_final_card_down import new as new_fcd
    state = new_fcd({0: ["2/blue/clubs"]}, first="2/red/hearts", players=2)
    act(state, "play 2/blue/clubs")
    act(state, "end turn")
    table, session = open_state(app, state, {1})
    settle(app)

    def owed():
        model = table.model
        return dict((label, value) for label, value, _ in model.presenter.side_facts(model.view, model.names))
    assert owed()["2s waiting"] == "two, play a 2 or draw 4 cards"

    def make(kind):
        table.act(Choose(next(a for a in session.legal_actions() if a.kind == kind)))
        settle(app)
    for drawn in (1, 2, 3, 4):
        make("draw")
        assert owed()["2s waiting"] == f"two, {drawn} of 4 cards drawn"
        so_far = "4" if drawn == 4 else f"{drawn} of 4"
        assert table.model.log_lines()[-1].startswith(f"Theo drew {so_far} cards for two 2s"), \
            "the log says the penalty as the panel does, while it is drawn"
    make("end_turn")
    assert any(line.startswith("Theo drew 4 cards for two 2s") for line in table.model.log_lines())


def test_followable_a_final_count_swap_names_both_cards_and_whose_they_were(app):
    session = start_game(app, "final_count", 3, {0}, 4)
    table = app.scene
    names = "|".join(session.name(seat) for seat in range(3))
    card = r"(Ace|King|Queen|Jack|\d+) of \w+"
    with_opponent = re.compile(rf"({names}) rolled 5, swapped their {card} for (({names})'s {card}|"
                               rf"the {card}, picked blind from ({names})'s hand)")
    unseen = re.compile(rf"(Theo|Ines) rolled 4, drew a card, swapped the drawn {card} for a card from their "
                        "hand, which went on top of the Draw Pile")    # a face-down card is not named

    def log():
        return " ".join(app.scene.model.log_lines()) if isinstance(app.scene, TableScene) else ""
    play_until(app, table, lambda: with_opponent.search(log()) and unseen.search(log()), random.Random(1))
    log = log()
    assert " moved " not in log and "let the" not in log        # no swap told in one direction only
    assert "a hidden card" not in log


def test_followable_a_failed_blind_card_lies_face_up_on_the_pile_while_its_outcome_is_read(app):
    """KTU, a blind card that does not beat the pile (A19 of docs/rulings/ktu.md: revealed to
    everyone): while its outcome waits to be read it lies face up on the pile it did not
    beat, and the pile goes into the hand only once it is read; every other seat is told
    the card itself (the walk: a computer's failed King was face up in no frame, the pile
    already gone when its words were held)."""
    app.settings.animation_speed = "fast"

    def last(state):
        play(state, 0, "2C")
        play(state, 1, "8H")
    state = blind_position(last)
    table, session = open_state(app, state, {3})
    blind = next(p for p in table.board.placed if p.zone == "facedown:3" and p.raised)
    click_at(app, (blind.rect.left + 4, blind.rect.centery))
    for _ in range(120):
        app.frame()
    assert table.model.hold.waiting
    on_pile = [p.card.name for p in table.board.placed if p.zone == "pile" and p.face_up]
    assert on_pile[-1:] == ["4H"], on_pile
    pile = next(z for z in table.model.view.zones if z.key == "pile")
    assert [c.name for c in pile.cards] == ["2C", "8H", "4H"]
    assert not [p for p in table.board.placed if p.zone == "hand:3"]
    assert "Kofi picked up the play ground (3 cards)" not in table.model.log_lines()
    press(app, pygame.K_SPACE)
    for _ in range(120):
        app.frame()
    assert sorted(p.card.name for p in table.board.placed if p.zone == "hand:3") == ["2C", "4H", "8H"]
    for seat in (0, 1, 2):                       # what each other seat is told of it
        told = [e for e in session.events_for(seat) if e.src == "facedown:3"]
        assert [(e.kind, e.dst) for e in told] == [("reveal", None), ("move", "pile")], told
        assert all([c.name for c in e.cards] == ["4H"] for e in told), told


def test_followable_ktus_score_screen_counts_turns_as_the_table_did(app):
    """The score screen's 'Turns played' is the table's count (a burn's play again is the
    same turn, A15/A24 as the table tells them), never the engine's raw one (the walk: the
    top bar ended at Turn 40 and the score screen said 43)."""
    seats = [Seat(name, False, "easy") for name in NAMES]
    session = Session("ktu", seats, {}, 2, executor=inline)
    rng = random.Random(2)
    while not session.is_over:
        session.submit(rng.choice(session.legal_actions()))
    app.scene.go("table", session=session, viewer=None, events_seen=session.event_count(), curtains=[])
    app.frame()
    counted = app.scene.model.view.facts["turn_no"]
    assert counted < session.view(None).facts["turn_no"] < 500, "a game with a play again, ended by a player"
    app.scene.go("scoring", session=session, interim=False)
    app.frame()
    assert f"Turns played: {counted}" in app.scene.notes(), app.scene.notes()


def test_followable_deadlines_new_draw_pile_is_said_as_its_rules_say_shuffled():
    """Deadline's discards become a new draw pile shuffled (its rules), Final Card-Down's
    turned over without shuffling (A-rules of its own): the log says each game's way (the
    walk: Deadline's log said 'turned over', so the new pile's order seemed known)."""
    from game import registry
    from scenes.table.presenters import presenter_for
    from tests.test_deadline_names import finished
    presenter = presenter_for(registry.GAMES["deadline"])
    with open(registry.GAMES["deadline"].rulebook(), encoding="utf-8") as book:
        assert "shuffled into a new draw pile" in book.read()
    state = next(s for s in map(finished, range(40)) if any(e.kind == "recycle" for e in s.events))
    view = state.view(0)
    lines = presenter.log_lines([e.for_seat(0) for e in state.events], NAMES, {z.key: z for z in view.zones},
                                keep=10 ** 6)
    assert "The discards but the top one were shuffled into a new draw pile" in lines
    assert not any("turned over to draw from" in line for line in lines)
    fcd = presenter_for(registry.GAMES["final_card_down"])
    assert fcd.event_line(registry.Event("recycle", 0, detail=5), NAMES, {}) == \
        "The discard pile was turned over to draw from"


def test_followable_the_scores_wait_with_the_move_an_outcome_holds(app):
    """KTU, Ines's blind 9 of spades fails and is read on the pile before the pile goes to
    her hand: while it waits, the panel's scores stay as they stood (her cards left not yet
    counting the pile she has not picked up; the walk: 'You 4' beside a plate of 0 cards),
    and count it once she reads on."""
    app.settings.animation_speed = "fast"
    state = under_a_three()
    table, session = open_state(app, state, {2})
    settle(app)
    before = table.model.panel_view().scores
    index = [c.name for c in state.facedown[2]].index("9S")
    table.act(Choose(next(a for a in session.legal_actions() if a.kind == "play_blind" and a.arg == index)))
    held = 0
    for _ in range(200):
        app.frame()
        if table.model.hold.wait:
            held += 1
            assert table.model.panel_view().scores[2] == before[2], (table.model.panel_view().scores, before)
        if held > 20:
            break
    assert held > 20
    table.act(Continue())
    settle(app)
    assert table.model.panel_view().scores[2] == session.view(None).scores[2] != before[2]
