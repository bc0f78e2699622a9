"""The Hint in players' words, in every mode: seeded games are played and, at every turn
of the person (seat 0), the hint is asked as the table says it (scenes/table/hinting.py's
`hint_words`) from each computer level, and for every legal move (any of them can be the
strongest player's suggestion). No hint speaks in codes (a card's file code, an internal
id, a zero-based seat or position, a word the table does not use), and none says the move
twice: the reason says why, in the game's terms, never the move's cards or verb again.
Hard, where its search chose another move than Medium's, says what its move does in the
game's terms too (only where the game has no reason to give, plainly that the computer's
tries of the rest of the game, hand or possession favour it), never how it searched nor
its deals or counts (wave 14, D14 #15: 'it did best when the rest of the game was played
out many ways' spoke of the computer's method, not a reason the person can use). At the real table, H from the keyboard says the same."""
import random
import re

import pygame
import pytest

from game import registry
from game.bots import LEVELS, make_bot
from game.bots.base import action_key, knowledge
from game.bots.hard import searched
from scenes.table.hinting import hint_words
from scenes.table.intents import Choose, Continue
from scenes.table.presenters import presenter_for
from scenes.table.session import Seat, Session, inline
from tests.test_table_words import NAMES, codes_of, house_rules, problems
from tests.test_ui_play import choose, new_app, press

ZERO_BASED = re.compile(r"\b(seat|card|lane|player) 0\b")
# Words a game's table never says, which a hint once did: Final Count's 'Swap opp' (the
# table says an opponent's card, by whose it is), Deadline's 'group' (the table builds an
# assignment), Final Card-Down's 'cards owed' (the table says the 2s waiting and the cards
# to draw), KTU's 'x2' counts.
NOT_THE_TABLES = {"final_count": re.compile(r"\bopp\b|\bswap (board|draw)\b", re.I),
                  "deadline": re.compile(r"\bgroup\b", re.I),
                  "final_card_down": re.compile(r"\bowed\b", re.I)}
COUNTED = re.compile(r"\bx\d+\b")
# The search's own terms, which a hint once gave as Hard's reason ('tried in 1,212 possible
# deals of the cards you cannot see, it did best of your moves: 60 out of 100'), and its
# method ('it did best when the rest of the game was played out many ways', wave 14).
SEARCH_TALK = re.compile(r"possible deals|cards you cannot see|out of 100|\btried in\b|\d,\d{3}|"
                         r"iterations?|playouts?|simulat|\bsearch|played out|many ways|did best", re.I)
TURNS = 160            # the person's turns asked per game at most


def faults(game_id, words, label, reason, action, codes):
    """What is wrong with a hint's `words` ('' when nothing is)."""
    why = [problems(words, codes)]
    for pattern in (ZERO_BASED, COUNTED, SEARCH_TALK, NOT_THE_TABLES.get(game_id)):
        found = pattern and pattern.search(words)
        if found:
            why.append(found.group(0))
    if reason:
        said = reason.lower()
        why += [f"names {card.spoken} again" for card in action.cards if card.spoken.lower() in said]
        if said.split()[0] == label.lower().split()[0]:
            why.append(f"says '{said.split()[0]}' again")
    return ", ".join(w for w in why if w)


def turns(game_id, seed, **levels):
    """The person's turns (seat 0) of the seeded game `seed` of `game_id`, random moves
    between them: (presenter, names, view, legal actions, rng, bots) at each, the bots
    one per level (Hard on a fixed number of iterations)."""
    info = registry.GAMES[game_id]
    presenter = presenter_for(info)
    options = house_rules(info, seed)
    players = options.get(info.player_option, info.default_players) if info.player_option else info.default_players
    names = NAMES[:players]
    state = registry.new_game(game_id, players=players, seed=seed, options=options)
    bots = {level: make_bot(level, game_id, options=options, iterations=6) for level in LEVELS}
    rng, turn = random.Random(seed), 0
    while not state.is_over and turn < TURNS:
        legal = state.legal_actions()
        if state.current_player == 0:
            turn += 1
            yield presenter, names, state.view(0), legal, rng, bots
        state.apply(legal[rng.randrange(len(legal))])


def asked(game_id, seed):
    """Every hint the person could be given in the seeded game `seed` of `game_id`: at each
    of their turns, each level's suggestion with its reason, and each legal move's label
    with the reason Medium gives it where Medium would choose it too."""
    for presenter, names, view, legal, rng, bots in turns(game_id, seed):
        for bot in bots.values():
            action = bot.choose(view, legal, rng)
            yield action, presenter, names, view, bot.explain(view, legal, action)
        for action in {action_key(a): a for a in legal}.values():
            yield action, presenter, names, view, bots["medium"].explain(view, legal, action)


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_every_hint_at_every_turn_says_the_move_once_and_why_in_the_tables_words(game_id):
    codes = codes_of(registry.GAMES[game_id])
    bad, reasons = {}, 0
    for seed in range(2):
        for action, presenter, names, view, reason in asked(game_id, seed):
            words = hint_words(presenter, action, names, view, reason)
            label = presenter.action_label(action, names, with_cards=True, view=view)
            assert words == f"Hint: {label}" + (f": {reason}" if reason else "")
            reasons += bool(reason)
            fault = faults(game_id, words, label, reason, action, codes)
            if fault:
                bad.setdefault(fault, words)
    assert reasons > 10, reasons
    assert not bad, "\n".join(f"{words!r}: {fault}" for fault, words in bad.items())


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_hard_says_what_any_move_of_its_choice_does_in_the_games_terms(game_id):
    """Hard's hint where its search chose another move than Medium's (about 1 hint in 8-10
    in the walk): the reason is what the move does in the game (the game's `why`: the count
    it reaches, the cards it keeps, what it leaves the next player, the lane or down it
    plays for), and only where the game has none, plainly that the computer's tries of
    the rest of the game (or of the hand or possession, where its playouts stop) favour
    it; never how it searched nor its deals or counts ('tried in 1,212 possible deals ... 60 out of 100'). Any legal move
    can be the search's choice, so every one is asked: each has a reason in the table's
    words."""
    codes = codes_of(registry.GAMES[game_id])
    know = knowledge(game_id)
    bad, differed = {}, 0
    for seed in range(8):           # two games, and more until Hard has differed
        if seed >= 2 and differed:
            break
        for presenter, names, view, legal, rng, bots in turns(game_id, seed):
            hard, medium = bots["hard"], bots["medium"]
            chosen = action_key(hard.choose(view, legal, rng))
            moves = {action_key(a): a for a in legal}
            medium_key = action_key(medium.choose(view, legal, random.Random(0)))
            for key, action in moves.items():
                reason = hard.explain(view, legal, action)
                words = hint_words(presenter, action, names, view, reason)
                label = presenter.action_label(action, names, with_cards=True, view=view)
                fault = faults(game_id, words, label, reason, action, codes)
                if len(moves) > 1 and not reason:
                    fault = "no reason"
                if key == chosen and key != medium_key:
                    differed += 1
                    if reason != (know.why(view, action) or searched(know)):
                        fault = fault or "not the move's why (else, plainly, the computer's tries)"
                if fault:
                    bad.setdefault(fault, words)
    assert differed, "Hard never chose another move than Medium's here"
    assert not bad, "\n".join(f"{words!r}: {fault}" for fault, words in bad.items())


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_at_the_table_the_h_key_hints_in_the_tables_words(game_id):
    """The real table, from the keyboard: a seeded game of each mode where, at each of the
    person's turns, H asks the strongest computer player; the hint it says is judged as
    above (its label is the hinted move's, the rest its reason)."""
    a = new_app()
    a.settings.thinking_time, a.settings.cores = 0.05, 1
    try:
        info = registry.GAMES[game_id]
        seats = [Seat(NAMES[i], i == 0, "easy") for i in range(info.default_players)]
        session = Session(game_id, seats, info.default_options(), 3, executor=inline)
        a.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
        a.frame()
        table, rng, said, codes = a.scene, random.Random(3), [], codes_of(info)
        for _ in range(20000):
            if a.scene is not table or len(said) == 12:
                break
            model = table.model
            if model.my_turn() and not table.busy():
                press(a, pygame.K_h)
                for _ in range(30):
                    if model.ui.hint is not None:
                        break
                    a.frame()
                words, action = model.ui.message, model.ui.hint
                label = model.presenter.action_label(action, model.names, with_cards=True, view=model.view)
                assert words.startswith(f"Hint: {label}"), (words, label)
                said.append(words)
                reason = words[len(f"Hint: {label}: "):]
                assert not faults(game_id, words, label, reason, action, codes), (words, faults(
                    game_id, words, label, reason, action, codes))
                table.act(Choose(choose(session.legal_actions(), rng)))
            if model.hold.wait:
                table.act(Continue())
            a.frame()
        assert len(said) >= 4, said
    finally:
        pygame.quit()


def person_first(game_id):
    """A session of `game_id`, the person in the first seat against Easy computers, on the
    first deal (of 40) where the person plays first; in a game where the first seat never
    does (Final Count: its dealer), the last deal tried."""
    info = registry.GAMES[game_id]
    for seed in range(40):
        seats = [Seat(NAMES[i], i == 0, "easy") for i in range(info.default_players)]
        session = Session(game_id, seats, info.default_options(), seed, executor=inline)
        if session.current_player == 0:
            break
    return session


@pytest.mark.parametrize("game_id", ["ktu", "four_downs"])
def test_h_while_the_deal_flies_asks_the_hint_as_the_hint_button_does(game_id):
    """H is the Hint button's key: pressed while the opening deal still flies on the
    person's first turn (the button shown and live), it asks the hint as a click would,
    and the hint comes (the walk found it dropped in KTU and 4 downs)."""
    a = new_app(speed="normal")
    a.settings.thinking_time, a.settings.cores = 0.05, 1
    try:
        session = person_first(game_id)
        a.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
        a.frame()
        model = a.scene.model
        assert model.my_turn() and model.timeline.unlanded() > 0, "the deal should still fly"
        press(a, pygame.K_h)
        for _ in range(600):
            if model.ui.hint is not None:
                break
            a.frame()
        assert model.ui.hint is not None and model.ui.message.startswith("Hint: "), model.ui.message
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)])
def test_five_possessions_offense_hint_and_prompt_say_plainly_what_is_compared(size, monkeypatch):
    """5 possessions against a computer, from line 2 of the person's offense on (a lane
    won by a colour): the top bar's prompt says, whole, how many cards must go open and
    what an open lane takes ('any colour but the one that won it', not the walk's 'in an
    open lane, not in the colour that won it'); H's hint for an open lane says whose dots
    are counted against whose, and that the dots count, not the card's number (not the
    walk's 'compared with the defense card opposite: 4 blue dots')."""
    from game.play_design.rules import key_count
    from tests.test_table_moments_pd import drawn_words, five_possessions_reveals
    a = new_app(size=size)
    try:
        drawn = drawn_words(monkeypatch)
        prompts, hints = [], []
        for table in five_possessions_reveals(a, 4242, frames=30000):
            model = table.model
            facts = model.view.facts
            if not (model.my_turn() and model.settled() and facts["step"] == "offense_set"
                    and facts["line"] > 1 and model.ui.hint is None
                    and any(lane["color"] for lane in facts["lanes"] if lane["live"])):
                if hints and prompts:
                    break
                continue
            drawn.clear()
            table.invalidate()
            a.frame()
            prompt = model.presenter.instruction(model.view, model.names, model.ui.selection)
            assert ("an open lane takes any colour but its winner's" in prompt
                    and re.search(r"; (\d|both|all \d|the last one)( more)? must go open", prompt)
                    or prompt.endswith("set: the rest go closed)")), prompt
            assert prompt in " ".join(drawn), drawn
            prompts.append(prompt)
            hinted(a, table)
            words, card, lane = model.ui.message, model.ui.hint.cards[0], model.ui.hint.arg
            if facts["lanes"][lane]["live"] and card.color != facts["lanes"][lane]["color"]:
                counted = "purple and blue dots" if card.color == "purple" else f"{card.color} dots"
                assert (f": an open lane, where {counted} are counted, your card's {key_count(card, card.color)} "
                        "against those of the defense card opposite; only more dots win the lane "
                        "(the card's number does not count)") in words, words
                assert words in " ".join(drawn), drawn[-6:]
                hints.append(words)
        assert prompts and hints, (prompts, hints)
    finally:
        pygame.quit()


def hinted(a, table):
    """Press H at the table, wait for the hint and draw it."""
    press(a, pygame.K_h)
    for _ in range(200):
        if table.model.ui.hint is not None:
            break
        a.frame()
    table.invalidate()
    a.frame()


@pytest.mark.parametrize("game_id, unit", [("final_count", "hand"), ("four_downs", "hand"),
                                           ("five_possessions", "possession"), ("ktu", "game"),
                                           ("deadline", "game"), ("final_card_down", "game")])
def test_hards_reason_is_the_games_else_plainly_the_computers_tries_as_far_as_they_went(game_id, unit):
    """Where Hard's search chose another move than Medium's, its hint gives the game's
    reason for the move (a reason the person can use), never how the computer found it
    (wave 14, D14 #15: 'it did best when the rest of the game was played out many
    ways'); only a move the game has no reason for is said plainly to be the computer's
    tries' choice, as far as they went: Final Count's and 4 downs' playouts stop at the
    hand's end and 5 possessions' at the possession's end ('the computer's tries of the
    rest of the hand favour it'); the others play to the game's end."""
    know = knowledge(game_id)
    assert (getattr(know, "stop_playout", None) is not None) == (unit != "game")
    assert searched(know) == f"the computer's tries of the rest of the {unit} favour it"
    told = None
    for seed in range(6):
        for presenter, names, view, legal, rng, bots in turns(game_id, seed):
            hard = bots["hard"]
            chosen = hard.choose(view, legal, rng)
            if action_key(chosen) != action_key(bots["medium"].choose(view, legal, random.Random(0))):
                told = hard.explain(view, legal, chosen)
                why = know.why(view, chosen)
                break
        if told:
            break
    assert told, "Hard never differed from Medium"
    assert told == (why or searched(know)) and "played out" not in told, told
