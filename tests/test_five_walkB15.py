"""5 possessions where walker B of wave 15 stumbled (issue #37), each with real events
(the rulings: docs/rulings/play_design.md)."""
from tests.test_ui_play import app, click_widget, open_setup  # noqa: F401


def test_the_sudden_death_switch_says_what_off_means_as_well_as_on(app):  # noqa: F811
    """walkB15 #1: Setup's note under 'Sudden death', with the switch Off as it starts,
    says what Off means (a tie at 100 is played out in pairs of possessions; sudden death
    only after 5 level pairs, as the Rules say) beside what On means (the walk: 'A tie at
    100 is settled by sudden death straight away' under Off, read as sudden death still
    happening)."""
    open_setup(app, "five_possessions")
    setup = app.scene
    switch = next(w for w in setup.widgets if getattr(w, "option", None) and w.option.id == "pd.sudden_death")
    assert switch.label == "Off"
    note = " ".join(next(lines for option, _, lines in setup.option_rows if option.id == "pd.sudden_death"))
    assert "pairs of possessions" in note and "straight away" not in note, note
    click_widget(app, lambda w: w is switch)
    note = " ".join(next(lines for option, _, lines in app.scene.option_rows if option.id == "pd.sudden_death"))
    assert "straight away" in note and "pairs of possessions" not in note, note


def test_the_rules_say_the_table_calls_a_card_by_its_side_colour_and_number(app):  # noqa: F811
    """walkB15 #2: the rules page, as a player opens it, says how the table names a card
    (its side, colour and number: 'Defense purple 6', the words of every prompt and of
    the Moves) and that neither that number nor the formation's name printed on the card
    ('Cover 2') counts in this game; it no longer says the number is 'not used' (the walk:
    the number called unused, yet every prompt named the card by it, and the printed
    name never used)."""
    from game import registry
    app.scene.go("rules", rules_game="five_possessions", return_to="menu")
    app.frame()
    words = " ".join(line[0] for line in app.scene.lines)
    assert "The table calls each card by its side, colour and number: Defense purple 6." in words, words
    assert "is not used in this game" not in words
    deck = registry.GAMES["five_possessions"].load_deck()
    cover = next(c for c in deck.cards if c.formation.startswith("Cover 2"))
    assert cover.spoken == "Defense purple 6" and "(Cover 2) and the small word under the name (run, pass or special: the kind of play) never count" in words
