"""Deadline where walker C of wave 16 stumbled (issue #37): its lesson and pass-and-play,
played at the real table."""
from tests.test_ui_lesson_honest import stops_with_panel
from tests.test_ui_play import app  # noqa: F401


def test_the_joker_line_before_anything_is_laid_uses_only_words_already_taught(app):  # noqa: F811
    """walkC16 #15: at the lesson's first step the Scores panel's Joker line says what a
    Joker will cancel in words the lesson has taught (assignments, sets and runs), not
    'completed assignment' and 'extra credit' that come much later (the walk: jargon on
    the very first screen, the coach's words beside it silent on the Joker)."""
    for coach, rows in stops_with_panel(app, "deadline"):
        joker = next(row for row in rows if str(row).startswith("Your Joker"))
        break
    said = str(joker).lower()
    assert "assignment" in said and "another student" in said, said
    assert "completed" not in said and "extra credit" not in said, said
