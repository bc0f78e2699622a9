"""5 possessions where the newcomer walk of wave 13 stumbled (issue #37), played with
real events at the table against a computer (the rulings: docs/rulings/play_design.md)."""
from game import registry
from tests.test_table_moments_pd import drawn_words, five_possessions_reveals
from tests.test_ui_play import app  # noqa: F401


def test_a_defense_card_set_opposite_a_closed_card_is_said_to_be_used_up_and_the_rules_say_why(app, monkeypatch):  # noqa: F811
    """Against a computer, Maya on defense with a closed lane holding an offense card: the
    prompt drawn says that a card she sets there is used up, never compared (the rulings,
    4.1 c-d: the defense sets a card opposite each offense card; for a closed card it is
    removed unrevealed); the Rules page says the same (the walk: the rules said 'removed
    unseen' while her card stood face up there, and she had to spend it without a word)."""
    drawn = drawn_words(monkeypatch)
    checked = 0
    for table in five_possessions_reveals(app, 4242, frames=12000):
        model = table.model
        view = model.view
        if not (model.my_turn() and model.settled() and view.facts["step"] == "defense_set"):
            continue
        closed = model.presenter.closed_to_set(view)
        if not closed:
            continue
        drawn.clear()
        table.invalidate()
        app.frame()
        words = " ".join(drawn)
        lane = min(closed) + 1
        assert f"{lane}" in words and "closed: a card set there is used up, never compared" in words, drawn
        checked += 1
        if checked >= 2:
            break
    assert checked >= 2, checked
    with open(registry.game_info("five_possessions").rulebook(), encoding="utf-8") as book:
        rules = book.read()
    assert "removed unseen" not in rules
    assert "The defense still sets a card opposite it" in rules and "never turned over" in rules
