"""Final Count where walker B of wave 15 stumbled (issue #37), as a player meets it (the
rulings: docs/rulings/final_count.md)."""
from tests.test_ui_play import app, open_setup  # noqa: F401


def test_setup_and_the_rules_say_alike_when_the_hit_goal_is_rolled(app):  # noqa: F811
    """walkB15 #9: Setup's note under Hit Goal and the rules page (its Hit Goal section
    and its House rules) all say the goal is rolled after the deal (A4: after the deal,
    before the first turn), none 'before each hand' (the walk: Setup and House rules said
    before the hand, the Hit Goal section after the deal)."""
    open_setup(app, "final_count")
    note = " ".join(next(lines for option, _, lines in app.scene.option_rows if option.id == "final_count.hit_goal"))
    app.scene.go("rules", rules_game="final_count", return_to="menu")
    app.frame()
    words = " ".join(line[0] for line in app.scene.lines)
    assert note.startswith("After each deal, two die rolls set a goal"), note
    assert "the die is rolled twice after the deal" in words and "after each deal, two die rolls set a goal" in words
    assert "before each hand" not in note + words, (note, words)
