"""4 downs where the newcomer walks of wave 14 stumbled (issue #37), played with real
events at the table against a computer (the rulings: docs/rulings/play_design.md)."""
import random
import re

from game import registry
from scenes.table import intents
from scenes.table.scene import TableScene
from scenes.table.session import Seat, Session, inline
from tests.test_ui_play import app, choose, click_widget  # noqa: F401

PRESSED = re.compile(r"\bpress(?:es)? ")


def four_downs_hands(a, seed, frames=20000):
    """4 downs at the instant pace, Maya against Theo (a computer), played by random legal
    moves, each outcome read; yields (the scene, the labels of the buttons it offers) at
    every frame, the scores between hands left by their own button."""
    seats = [Seat("Maya"), Seat("Theo", False, "easy")]
    session = Session("four_downs", seats, {}, seed, executor=inline)
    a.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
    a.frame()
    rng = random.Random(seed)
    for _ in range(frames):
        scene = a.scene
        top = list(getattr(getattr(scene, "laid", None), "top", []))
        labels = {getattr(w, "label", None) for w in scene.widgets + top}
        yield scene, labels
        if session.is_over:
            return
        if getattr(scene, "interim", False):
            click_widget(a, lambda w: w.label == "Next hand")
            continue
        if isinstance(scene, TableScene):
            model = scene.model
            if model.hold.wait and model.settled():
                scene.act(intents.Continue())
            elif model.my_turn() and model.settled() and not scene.busy():
                scene.act(intents.Choose(choose(session.legal_actions(), rng)))
        a.frame()


def test_the_rules_page_names_only_buttons_the_hand_end_offers(app):  # noqa: F811
    """Against a computer, hands played to their end: every button the Rules page tells the
    person to press is one the table or the scores between hands offered, and the page
    names the scores screen's own (the walk: 'The hand winner deals the next hand (press
    Deal)' while the hand-over screen offered 'Next hand' and the computer that won dealt
    by itself)."""
    with open(registry.game_info("four_downs").rulebook(), encoding="utf-8") as book:
        rules = book.read()
    pressed = [m.end() for m in PRESSED.finditer(rules)]
    assert pressed, rules
    seen, between = set(), set()

    def unnamed():      # where the page says press, the words that follow name no button offered
        return [rules[at:at + 20] for at in pressed if not any(label and rules.startswith(label, at) for label in seen)]
    for scene, labels in four_downs_hands(app, 7):
        seen |= labels
        if getattr(scene, "interim", False):
            between |= labels
        if between and not unnamed():
            break
    assert not unnamed(), (unnamed(), seen)
    assert between and all(f"press {label}" in rules for label in between if label), (between, rules)


def test_the_scores_between_hands_say_what_each_player_lost_in_that_hand(app, monkeypatch):  # noqa: F811
    """Against a computer, hands played to their end: on the scores between hands, under
    each player's yards lost in all, the yards lost in the hand just ended, as the yards
    moved since the scores before it (the walk: '30 yards lost, folded' and '70 yards lost'
    were game totals; nothing said what that hand cost)."""
    from tests.test_table_moments_pd import drawn_words
    drawn = drawn_words(monkeypatch)
    before, checked, lost = None, 0, 0
    names = ["Maya", "Theo"]
    for scene, _ in four_downs_hands(app, 7):
        if not getattr(scene, "interim", False):
            continue
        yards = list(scene.session.state.scores())
        before = before or [0] * len(yards)
        drawn.clear()
        scene.dirty = True
        app.frame()
        for seat, name in enumerate(names):
            plate = next(p for p in scene.plates() if p.name == name)
            assert plate.points == yards[seat] - before[seat], (name, plate, yards, before)
            assert f"lost {yards[seat] - before[seat]} this hand" in drawn, (name, drawn)
            lost += plate.points > 0
        before = yards
        checked += 1
        if checked >= 3 and lost >= 2:
            break
    assert checked >= 3 and lost >= 2, (checked, lost)
