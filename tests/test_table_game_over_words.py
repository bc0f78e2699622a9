"""The game's end at the table: from the moment the table tells that the game is over (its
winner's callout), the top bar says so and names the winner, as it does once everything
has landed; never the bare turn number under 'Maya wins the game!' (walkA15 #9).

A real seeded KTU game is played at the table to its end at the normal pace, and the top
bar is read at every frame."""
from tests.test_table_hand_end import to_the_end
from tests.test_ui_play import app  # noqa: F401


def test_the_top_bar_names_the_winner_while_the_win_is_told(app):  # noqa: F811
    """walkA15 #9: KTU, three players. While the table tells the last move and the win
    ('Maya wins the game!'), every frame whose table shows the game over has a top bar
    saying 'Game over: <winner> wins' (after the turn number, as once all has
    landed), not 'Turn 56' alone."""
    told_over, bare = 0, []
    for table in to_the_end(app, "ktu", 3, 515, 30000):
        model = table.model
        if not model.panel_view().is_over:
            continue
        told_over += 1
        words = model.prompt()
        if "Game over: " not in words or "win" not in words:
            bare.append(words)
    assert told_over, "the game's end was never told"
    assert not bare, bare[:3]
