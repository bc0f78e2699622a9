"""4 downs' lesson where walker C of wave 16 stumbled (issue #37), played at the real
table."""
from tests.test_ui_lesson_honest import stops_with_panel
from tests.test_ui_play import app  # noqa: F401


def test_the_coach_s_words_on_a_card_taking_over_agree_with_the_panel(app):  # noqa: F811
    """walkC16 #9: where the panel keeps 'Lead card: Offense blue 5 (You)' and adds
    'Winning so far: Ada', the coach says Ada is winning the down so far, in the panel's
    words, and never that her card 'takes over the lead' (the walk: two meanings of lead
    on one screen: does Ada now lead, or only win this down?)."""
    seen = 0
    for coach, rows in stops_with_panel(app, "four_downs"):
        words = " ".join(coach.paragraphs())
        facts = " ".join(map(str, rows))
        if "Winning so far" in facts and "Lead card" in facts:
            assert "over the lead" not in words, words
            seen += 1
            if coach.cue.coach:
                assert "winning so far" in words.lower(), words
    assert seen
