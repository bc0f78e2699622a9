"""4 downs where walker B of wave 15 stumbled (issue #37): the game's words, each met in
a real game (the rulings: docs/rulings/play_design.md)."""
from game import registry
from scenes.table.presenters import presenter_for

NAMES = ["Maya", "Theo"]


def test_once_the_last_down_is_led_the_stake_no_longer_says_who_may_not_knock():
    """walkB15 #12: 4 downs for two with Knocking on (the walk's deal), Maya knocking in
    down 1: while the last down is followed, and so while its end is held to be read as
    the hand ends, the side panel's Stake says the stake alone, with no 'Maya knocked
    last, so may not knock again until another player does' (no knock is left in that
    hand: a knock comes before a lead, 3.2); before the last lead it still says so (the
    walk: 'Hand 1 is over' in the top bar, the ban beside it, read as holding in hand 2)."""
    state = registry.new_game("four_downs", players=2, seed=206064695, options={"pd.knocking": "on"})
    presenter = presenter_for(registry.GAMES["four_downs"])
    knocked, said = False, {}
    for _ in range(200):
        view = state.view(0)
        facts = view.facts
        if facts["step"] == "deal" and knocked and said:
            break
        stake = dict((label, value) for label, value, _ in presenter.side_facts(view, NAMES)).get("Stake")
        if stake and facts["last_knocker"] is not None:
            said[(facts["round"], facts["step"])] = stake
        legal = state.legal_actions()
        kinds = {a.kind for a in legal}
        if "knock" in kinds and not knocked:
            action, knocked = next(a for a in legal if a.kind == "knock"), True
        else:
            action = next((a for a in legal if a.kind == "call"), None) or next(
                a for a in legal if a.kind not in ("knock", "fold"))
        state.apply(action)
    last = facts["rounds"]
    assert said[(last, "follow")] == "20 yards", said
    assert "may not knock again" in said[(1, "follow")], said


def test_a_card_too_small_for_its_field_shows_what_its_game_counts(monkeypatch):
    """walkB15 #14: a formation card drawn at its smallest (Theo's played card at
    960x600) shows under its badge what the game counts and nothing else: in 4 downs the
    number, drawn large, and no four boxes (they are not used there); in 5 possessions
    the four boxes, no number (the walk: '3 3 / 0 4' the biggest thing on Theo's
    Defense purple 7, bigger than the 7 that decides the down, read as its value)."""
    from sprites import card_draw, formation_faces
    deck = registry.GAMES["four_downs"].load_deck()
    card = next(c for c in deck.cards if c.spoken == "Defense purple 7")
    w, h = 40 * card_draw.SS, 56 * card_draw.SS               # under TINY_H: the smallest face
    assert h < formation_faces.TINY_H
    real = formation_faces.render
    for numbered in (True, False):
        tallies, numbers = [], []
        monkeypatch.setattr(formation_faces, "_tally", lambda *args, **kwargs: tallies.append(args))
        monkeypatch.setattr(formation_faces, "render",
                            lambda words, px, colour: numbers.append((words, px)) or real(words, px, colour))
        formation_faces.face(card, w, h, False, numbered)
        numbers = [(words, px) for words, px in numbers if words not in ("OFF", "DEF")]     # the badge's aside
        if numbered:
            assert not tallies and [words for words, _ in numbers] == ["7"], numbers
            assert numbers[0][1] >= h * 0.35, (numbers, h)
        else:
            assert tallies and not numbers, numbers


def test_the_scores_say_a_down_won_was_followed_by_a_fold_and_at_whose_knock():
    """walkB15 #13: 4 downs for two with Knocking on, Theo knocking before a down and Maya
    folding: the scores between hands, under Maya's card of the last down, say she then
    folded and at whose knock ('Won down 1, then folded at Theo's knock'), not only 'Won
    down 1' under the player who lost the hand (the walk: 'Won down 3' under Maya, the
    loser, read as a contradiction, nothing saying Theo knocked and she folded)."""
    from scenes.screens.scoring import ScoringScene
    from scenes.table.session import Seat, Session
    from tests.test_ui_play import new_app
    import pygame
    state = registry.new_game("four_downs", players=2, seed=206064695, options={"pd.knocking": "on"})
    for _ in range(200):
        facts = state.view(None).facts
        legal = state.legal_actions()
        kinds = {a.kind for a in legal}
        if facts["step"] == "deal" and facts["hand"] == 1 and any(facts["folded"]):
            break
        if "knock" in kinds and state.current_player == 1 and facts["round"] > 1:
            action = next(a for a in legal if a.kind == "knock")
        elif "fold" in kinds:
            action = next(a for a in legal if a.kind == "fold")
        else:
            action = next(a for a in legal if a.kind not in ("knock", "fold"))
        state.apply(action)
    view = state.view(None)
    assert view.facts["folded"][0] and view.facts["last_knocker"] == 1, view.facts
    a = new_app((1280, 800))
    session = Session("four_downs", [Seat("Maya"), Seat("Theo", False, "easy")], {"pd.knocking": "on"},
                      206064695, state=state)
    a.scene.go("scoring", session=session, interim=True)
    a.frame()
    assert isinstance(a.scene, ScoringScene)
    maya = next(plate for plate in a.scene.plates() if plate.name == "Maya")
    captions = [caption for caption, *_ in maya.groups]
    assert len(captions) == 1 and captions[0].endswith("down " + str(view.facts["last_round"]["round"])
                                                       + ", then folded at Theo's knock"), captions
    pygame.quit()


def test_a_click_meant_for_continue_never_lands_on_a_knock_or_a_fold(monkeypatch):
    """walkB15 #13: Knocking on, the computers pass until Sam knocks at down 2, just after
    down 1's outcome is held with its Continue. Maya clicks Continue, and when she is asked
    to answer the knock she clicks again at the same spot, as she had been clicking all
    game: the button there is Call, never Fold (the walk: Fold lay exactly where Continue
    had been, and one stray click folded the hand); nor is Knock ever there."""
    import pygame
    from scenes.table import intents
    from tests.test_four_walk12 import HANDS, first_of, scripted_table
    from tests.test_ui_play import click_at
    a = scripted_table(monkeypatch, ["pass", "pass", "pass", "pass", "pass", "pass", "knock"], then=("pass", "call"),
                       knocking="on")
    spots, under = [], {}
    try:
        for _ in range(3000):
            table = a.scene
            model = table.model
            buttons = {w.label: w.rect for w in table.laid.widgets if getattr(w, "actions", None) or w.label == "Continue"}
            if model.hold.wait and model.settled() and "Continue" in buttons:
                spots.append(buttons["Continue"].center)
                click_at(a, spots[-1])
                continue
            if model.my_turn() and model.settled() and not table.busy() and not table.laid.cover:
                kinds = {a.kind for a in model.legal}
                if kinds & {"knock", "fold"}:
                    under[frozenset(kinds)] = [label for label, rect in buttons.items()
                                               if any(rect.collidepoint(spot) for spot in spots)]
                if "fold" in kinds:
                    break
                table.act(intents.Choose(first_of(model.legal, ["pass", "play"])))
            a.frame()
        assert spots and under[frozenset({"call", "fold"})] == ["Call"], (spots, under)
        assert not [labels for labels in under.values() if {"Knock", "Fold"} & set(labels)], under
    finally:
        pygame.quit()
