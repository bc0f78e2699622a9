"""Deadline's confusing moments of walk 13 (issue #37), each played with real events at
the table from stacked decks (tests/test_deadline's helpers; the rulings cited:
docs/rulings/deadline.md): the draw from an empty draw pile, whose extra credit a row is,
what an exam lets you do, the title of a card's choice between two kinds of move, what
the setup counts, and what a Joker in hand cancels in the score shown."""
from game import registry
from scenes.table import intents, moves
from scenes.table.presenters import presenter_for
from tests.test_deadline import auto_exam, first_half, game_at_midterm, held, midterm_deck, second_half
from tests.test_table_moments_games import model_at
from tests.test_table_words import spy  # noqa: F401
from tests.test_ui_play import app, open_setup  # noqa: F401

NAMES = ["Maya", "Theo", "Ines", "Kofi"]


def labels(model):
    """The action buttons' words at the table now."""
    return [label for label, *_ in moves.button_entries(model.legal, model.ui.selection, model.presenter,
                                                        model.names, model.view)]


def lay(model, names):
    """Maya builds an assignment of the cards `names` at her exam and submits it."""
    hand = {c.name: c for c in model.session.state.hands[0]}
    for name in names:
        model.do(intents.Choose(next(a for a in model.legal if a.kind == "group" and a.cards[0] is hand[name])))
    model.do(intents.Choose(next(a for a in model.legal if a.kind == "submit")))


def test_a_draw_from_the_empty_draw_pile_says_the_discards_make_a_new_one():
    """A6: the draw-back empties the draw pile; at the second half's first turn its place
    is an outline, yet drawing is offered (A10: the discards but the top one are shuffled
    into a new draw pile). The bar and the button say so where Maya decides."""
    hands = {0: ["KC", "KS", "KH", "KD", "2H", "3H", "4H"], 1: ["QC", "QS", "QH", "QD"], 2: ["JC", "JS"]}
    deck, x = midterm_deck(hands, "10C")
    state = registry.new_game("deadline", seed=5, deck=deck)
    first_half(state, x, turns=["stock"] * 12)       # the draw pile down to 13 cards
    for _ in range(4):              # 13 cards laid down at the Midterm, 13 drawn back
        auto_exam(state)
    assert state.step == "turn" and state.current_player == 0, (state.step, state.current_player)
    assert not state.draw_pile and len(state.discard) >= 2, (len(state.draw_pile), len(state.discard))
    model = model_at(state)
    assert model.my_turn()
    prompt = model.prompt()
    assert "shuffles the discards but the top one into a new draw pile" in prompt, prompt
    assert "Draw (new pile from the discards)" in labels(model), labels(model)
    model.do(intents.Choose(next(a for a in model.legal if a.arg == "stock")))
    assert len(model.session.state.hands[0]) == 8 and model.session.state.draw_pile


def midterm_with_extra_credit():
    """After the Midterm, where Theo laid 5-6 of clubs and Ines and Kofi played the 7 and 4 of clubs on it."""
    state = game_at_midterm({0: ["9D", "9S"], 1: ["5C", "6C"], 2: ["7C", "QH"], 3: ["4C", "KH"]})
    for _ in range(4):
        seat = state.current_player
        if seat == 2:
            state.apply(registry.Action("extra_credit", (held(state, 2, "7C"),), 1))
        if seat == 3:
            state.apply(registry.Action("extra_credit", (held(state, 3, "4C"),), 1))
        auto_exam(state)
    return state


def test_extra_credit_says_whose_extra_credit_it_is():
    """A7: Theo's run with Ines's 7 and Kofi's 4 in it is captioned 'Assignment with
    Ines's and Kofi's extra credit', never 'from Ines and Kofi' (the exchange takes cards
    'from' a hand)."""
    from scenes.table.layout import lay_out
    state = midterm_with_extra_credit()
    model = model_at(state)
    for size in ((1280, 720), (960, 600)):
        board = lay_out(model.view, model.presenter, 0, model.names, size, lambda words, px: len(words) * px * 0.5)
        said = " ".join(words for words, _ in board.labels)
        assert "from " not in said, said
        assert "Assignment with Ines's and Kofi's extra credit" in said, said


def test_the_exam_bar_says_exactly_what_this_exam_lets_you_do():
    """A9 and walk C's lesson: at the Midterm, once Maya's two 9s are laid, her 9 of
    hearts would extend them but must wait for the Final, and nobody's assignment takes
    extra credit yet: the bar offers Finish exam alone and says why the 9 waits, never
    'add extra credit'. At the Final Exam the same 9 extends her 9s: the bar says so, and
    never 'if you wish' while submitting is compulsory."""
    state = game_at_midterm({0: ["9D", "9S", "9H"]})
    model = model_at(state)
    lay(model, ["9D", "9S"])
    prompt = model.prompt()
    assert "extra credit" not in prompt and "if you wish" not in prompt, prompt
    assert "press Finish exam" in prompt and "extending your own assignments waits for the Final Exam" in prompt, prompt
    model.do(intents.Choose(next(a for a in model.legal if a.kind == "finish_exam")))
    for _ in range(3):
        auto_exam(state, keep=("9H",))
    second_half(state, keep={0: ["9H"]})
    model = model_at(state)
    hand = [c.name for c in state.hands[0]]
    assert model.my_turn() and "9H" in hand and not any(
        c.rank == "9" for c in state.hands[0] if c.name != "9H"), hand
    while "Still to lay down" in model.prompt():         # what the draw-back and exchanges brought
        model.do(intents.Choose(next(a for a in model.legal if a.kind == "group" and a.cards[0].name != "9H")))
        while any(a.kind == "group" for a in model.legal):
            model.do(intents.Choose(next(a for a in model.legal if a.kind == "group")))
        model.do(intents.Choose(next(a for a in model.legal if a.kind == "submit")))
    prompt = model.prompt()
    assert "Extend your own assignments" in prompt and "press Finish exam" in prompt, prompt
    assert "if you wish" not in prompt and "waits" not in prompt, prompt


def test_a_card_with_two_kinds_of_move_asks_which():
    """A10: at the Midterm Kofi's 7 of clubs may start an assignment (with his 8 of clubs)
    or go as extra credit on Theo's two 7s: the choice's title asks which, never 'Lay
    down 7 of clubs' over both."""
    state = game_at_midterm({1: ["7S", "7H"], 3: ["7C", "8C"]})
    for _ in range(3):
        auto_exam(state)
    model = model_at(state, humans=(3,))
    assert model.my_turn() and state.current_player == 3
    seven = held(state, 3, "7C")
    click = moves.click_card(model.legal, seven, (), model.presenter, state.why_illegal, model.view)
    assert {a.kind for a in click.actions} == {"group", "extra_credit"}
    model.do(intents.Play(tuple(click.actions), click.words))
    title = model.ui.dialog.title
    assert title == "7 of clubs: lay down or extra credit?", title


def test_deadline_setup_counts_students(app, spy):  # noqa: F811
    """A11: Deadline's Setup counts its students, as its Rules page does ('Students: the
    number of students'); another game's counts players."""
    open_setup(app, "deadline")
    app.frame()
    assert "Students" in spy and "Players" not in spy
    spy.clear()
    app.scene.go("menu")
    app.frame()
    open_setup(app, "ktu")
    app.frame()
    assert "Players" in spy and "Students" not in spy


def test_the_panel_says_what_a_joker_in_hand_cancels():
    """Walk 13 (moment 24 of walker A): Maya holds a Joker at the Midterm; once her 3-4-5 of clubs is laid, the score
    shown for her leaves it out (A17: a Joker in hand cancels the lowest completed
    assignment). The panel says so beside the scores, and before that that it cancels
    nothing yet."""
    state = game_at_midterm({0: ["3C", "4C", "5C", "JK"]})
    model = model_at(state)
    facts = {label: value for label, value, _ in model.presenter.side_facts(model.view, model.names)}
    assert facts.get("Your Joker", "").startswith("cancels nothing yet"), facts
    lay(model, ["3C", "4C", "5C"])
    facts = {label: value for label, value, _ in model.presenter.side_facts(model.view, model.names)}
    said = "cancels your 3-4-5 of clubs (5 points) while you hold it: your score leaves it out"
    assert facts.get("Your Joker") == said, facts


def test_assignments_lie_apart_at_1280x720_with_four_through_the_second_half():
    """A8: with four at 1280x720, through whole games of random moves up to the Final
    Exam, no card of an assignment lies more than half under the next one (walk 13: a
    Jack a strip under its Queen, three Kings strips under the fourth, while the seat had
    room for them apart): a seat's assignments are drawn smaller, down to the least size
    another seat's cards keep, before they overlap."""
    import pygame
    from scenes.table.layout import lay_out
    from scenes.widgets import ui
    from tests.test_table_moments import positions
    presenter = presenter_for(registry.game_info("deadline"))
    screen = ui.Screen(pygame.Surface((1280, 720)))
    checked, squeezed = 0, []
    for n, state in enumerate(positions("deadline", 4, range(2))):
        view = state.view(0)
        if n % 3 or view.facts["exam"] == "final" or view.is_over:
            continue
        view = presenter.arranged(view, lambda: state.events)
        board = lay_out(view, presenter, 0, NAMES, (screen.lw, screen.lh), screen.text_width, scale=screen.s)
        for a in view.facts["assignments"]:
            key = f"assignment:{a['index']}"
            rects = sorted((p.rect for p in board.placed if p.zone == key), key=lambda r: r.x)
            checked += 1
            if any(b.x - r.x < r.w / 2 for r, b in zip(rects, rects[1:])):
                squeezed.append((state.chance.seed, len(state.history), key, [r.w for r in rects]))
    assert checked > 100 and not squeezed, (checked, squeezed[:4])


def test_a_choice_between_laying_down_and_extending_says_where_the_card_goes():
    """Deadline played by random legal moves: wherever a card may either be laid down or
    extend an assignment (the choice a click on it opens), 'Lay down' says where: 'Add
    to the assignment being built (8 of clubs)' while one is being built, else 'Start a new
    assignment' (walkA14 #12: 'Lay down' beside 'Extend (...)' with 8 of clubs
    half-built, and the newcomer could not tell whether it would join the 8 or start anew)."""
    import random
    from game import registry
    from game.deadline.rules import Act
    from scenes.table.presenters import presenter_for
    presenter = presenter_for(registry.GAMES["deadline"])
    found = {True: 0, False: 0}
    for seed in range(40):
        state = registry.new_game("deadline", players=4, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and min(found.values()) < 3:
            legal = state.legal_actions()
            view = state.view(state.current_player)
            groups = {a.cards: a for a in legal if a.kind == Act.GROUP}
            if any(a.kind == Act.EXTEND and a.cards in groups for a in legal):
                label = presenter.action_label(next(iter(groups.values())), ["Maya", "Theo", "Ines", "Sam"], view=view)
                built = [c.spoken for c in view.zone("group").cards if c is not None]
                building = bool(view.facts["building"])
                if building:
                    assert label.startswith("Add to the assignment being built (") and all(b in label for b in built)
                else:
                    assert label == "Start a new assignment"
                found[building] += 1
            state.apply(rng.choice(legal))
        if min(found.values()) >= 3:
            break
    assert min(found.values()) >= 3, found


def test_the_corner_of_the_student_you_take_from_keeps_its_shape_as_an_exchange_begins():
    """walkA16 #4: four at 1280x800, a semester of Medium computers' moves seen from
    Maya's seat: through the rotations and exchanges, Sam's corner (on her right: every
    exchange she takes from him blind) changes its shape only as his cards outside his
    hand change, never as Maya's pick comes and goes (the walk: in rotations his Exchange card lay right of
    his hand and his assignments under it; when Maya was to take from him, his hand
    spread out for the pick, the Exchange card jumped under it and his assignments
    right)."""
    import random

    import pygame
    from game.bots import make_bot
    from scenes.table.layout import lay_out
    from scenes.widgets import ui
    presenter = presenter_for(registry.game_info("deadline"))
    screen = ui.Screen(pygame.Surface((1280, 800)))
    state = registry.new_game("deadline", players=4, seed=0)
    bots, rng = [make_bot("medium", "deadline") for _ in range(4)], random.Random(0)
    last, picks_seen, changed = None, 0, []
    while not state.is_over:
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
        view = presenter.arranged(state.view(0), lambda: state.events)
        if state.is_over or view.facts["step"] not in ("turn", "exchange"):
            last = None
            continue
        _, picks = moves.choosable(state.legal_actions() if state.current_player == 0 else [], view, presenter)
        picks_seen += any(zone == "hand:3" for zone, _ in picks)
        board = lay_out(view, presenter, 0, NAMES, (screen.lw, screen.lh), screen.text_width, picks=picks,
                        scale=screen.s)
        owner = presenter.owners(view)
        cards = {z.key: len(z.cards) for z in view.zones if owner[z.key] == 3 and z.key != "hand:3"}
        shape = {key: (int(x), int(y)) for key, (x, y, *_) in board.boxes.items() if key in cards or key == "hand:3"}
        if last is not None and last[0] == cards and last[1] != shape:
            changed.append((view.facts["step"], last[1], shape))
        last = (cards, shape)
    assert picks_seen >= 6 and not changed, (picks_seen, changed[:3])
