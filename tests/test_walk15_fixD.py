"""The confusing moments of walk 15 (issue #37) in Deadline, KTU and Final Card-Down,
and the rules of presentation they showed for every game, played with real events."""
import pygame
import pytest

from game import registry
from tests.test_ui_play import click_widget, new_app


def drawn_texts(a, monkeypatch):
    """Every line of text one fresh frame of the scene draws, in order."""
    from scenes.widgets import ui
    texts, real = [], ui.Screen.text

    def spy(screen, words, size, colour, pos, anchor="topleft", width=None):
        texts.append(words)
        return real(screen, words, size, colour, pos, anchor, width)
    monkeypatch.setattr(ui.Screen, "text", spy)
    a.scene.dirty = True
    a.frame()
    monkeypatch.setattr(ui.Screen, "text", real)
    return texts


def note_under(a, monkeypatch, option):
    """The note Setup draws under a house rule's label, in one line."""
    texts = drawn_texts(a, monkeypatch)
    where = texts.index(option.label)
    lines = []
    for words in texts[where + 1:]:
        if words in {o.label for o in a.scene.info.options} or words == "Deal number":
            break
        lines.append(words)
    return " ".join(lines)


@pytest.mark.parametrize("game_id", registry.SHIPPED)
def test_each_setup_switch_says_what_its_current_choice_means(game_id, monkeypatch):
    """Setup at 1280x720, each house rule switched through its choices with the mouse:
    the note under it says what the choice it now shows means, a different note for each
    choice (walkA15 #2: 'Ace high [Off]' over 'The ace ranks above the king only (Q K A)
    and is worth 11.' read as the rule in force, though the ace was low)."""
    a = new_app((1280, 720))
    try:
        a.scene.go("setup", game_id=game_id)
        a.frame()
        info = a.scene.info
        for option in info.options:
            if option.id == info.player_option:
                continue
            notes = []
            for _ in option.values:
                value = a.scene.options[option.id]
                note = note_under(a, monkeypatch, option)
                assert note == option.note(value), (option.id, value, note)
                notes.append(note)
                click_widget(a, lambda w, o=option: w.key == o.id)
            assert len(set(notes)) == len(option.values), (option.id, notes)
    finally:
        pygame.quit()


def test_deadline_ace_high_off_says_the_ace_is_low(monkeypatch):
    """Deadline's Setup as it opens: Ace high is Off, and the note under it says the ace
    is low and worth 1, as the Rules page does; switched On it says the ace is high and
    worth 11 (walkA15 #2)."""
    a = new_app((1280, 720))
    try:
        a.scene.go("setup", game_id="deadline")
        a.frame()
        option = a.scene.info.option("deadline.ace_high")
        off = note_under(a, monkeypatch, option)
        assert "low" in off and "worth 1" in off and "11" not in off, off
        click_widget(a, lambda w: w.key == "deadline.ace_high")
        on = note_under(a, monkeypatch, option)
        assert "above the king" in on and "11" in on, on
    finally:
        pygame.quit()


def test_the_panel_says_a_joker_with_no_assignment_to_cancel_cancels_extra_credit():
    """Maya holds a Joker at the Midterm with nothing laid down yet: the panel beside the
    scores says what it will cancel at grading, her lowest completed assignment and, with
    none, a card of her extra credit (A17), so the results' '1 of 2 cancelled by a Joker'
    beside her extra credit is no surprise (walkD15 #6: the panel only spoke of
    assignments)."""
    from tests.test_deadline import game_at_midterm
    from tests.test_table_moments_games import model_at
    state = game_at_midterm({0: ["3C", "9D", "KS", "JK"]})
    model = model_at(state)
    facts = {label: value for label, value, _ in model.presenter.side_facts(model.view, model.names)}
    said = facts.get("Your Joker", "")
    assert said.startswith("cancels nothing yet") and "extra credit" in said, facts
