"""5 possessions names the piles of used offense cards under each lane as its rules do,
'Won' and 'Used up', never with the words of the lanes ('open', 'closed'): played with
real events at the table (issue #37)."""
import re

from game import registry
from tests.test_table_moments_pd import drawn_words, five_possessions_reveals
from tests.test_ui_play import app  # noqa: F401


def test_the_piles_under_a_lane_are_named_won_and_used_up_as_in_the_rules(app, monkeypatch):  # noqa: F811
    """Against a computer at 1280x720, once some lane holds a won card and some lane a used
    one: the table's captions say 'Won (n)' and 'Used up (n)' with the piles' counts, no
    caption says 'Open (n)' or 'Closed (n)', and the in-app rules say what each pile is."""
    drawn = drawn_words(monkeypatch)
    piles = {}
    for table in five_possessions_reveals(app, 4242, frames=8000):
        zones = {z.key: z for z in table.model.panel_view().zones}
        won = sum(zones[f"open:{k}"].count for k in range(4))
        used = sum(zones[f"closed:{k}"].count for k in range(4))
        if won and used and table.model.settled() and not table.busy():
            piles = {k: z.count for k, z in zones.items() if k.startswith(("open:", "closed:")) and z.count}
            break
    assert piles, "no position with both piles"
    drawn.clear()
    app.scene.invalidate()
    app.frame()
    words = " ".join(drawn)
    for key, count in piles.items():
        name = "Won" if key.startswith("open:") else "Used up"
        assert f"{name} ({count})" in words, (key, count, words)
    assert not re.search(r"\b(Open|Closed) \(\d+\)", words), words
    with open(registry.game_info("five_possessions").rulebook(), encoding="utf-8") as book:
        rules = book.read()
    assert "**Won** (face up: the cards that won the lane" in rules
    assert "**Used up** (face down: cards that lost their lane or were set closed)" in rules
