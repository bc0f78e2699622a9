"""Moments of the wave-17 newcomer walk (issue #37), each played at the real screens."""
from game import registry
from tests.test_ui_play import app, click_widget, open_setup  # noqa: F401


def test_an_on_off_house_rule_s_words_on_the_rules_page_say_they_tell_what_on_does(app):  # noqa: F811
    """walkB17 #1: KTU's Rules page from Setup read 'Equal ranks: Off (as by default)'
    over 'a card of the same value may be played on the top card ...', which, read as
    written, says the rule is what Off does ('Play to the last: Off' over 'the game goes on
    after the first player goes out'). Every game's on/off house rule: its words start 'On:'."""
    checked = 0
    for game_id, info in registry.GAMES.items():
        switches = [o for o in info.options if set(o.values) == {"off", "on"}]
        if not switches:
            continue
        open_setup(app, game_id)
        click_widget(app, lambda w: w.label == "Rules")
        page = [line[0] for line in app.scene.lines]
        for option in switches:
            at = next(i for i, line in enumerate(page) if line.startswith(f"{option.label}: "))
            assert page[at + 1].startswith("On: "), (game_id, page[at:at + 3])
            checked += 1
        app.scene.go("menu")
        app.frame()
    assert checked >= 10, checked
