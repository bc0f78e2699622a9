"""Confusing moments of issue #37 in the card games at the table, each played with real
events from stacked decks: KTU's play again (A11, A15 of docs/rulings/ktu.md) said in
the top bar and the log."""
from scenes.table import intents
from tests.test_ktu import new, play_action
from tests.test_table_moments_games import model_at


def test_a_player_who_plays_again_is_told_so_in_the_top_bar_and_the_log():
    """KTU with three: Theo's two 8s skip Ines and Maya (A11), so Theo plays again: the
    callout, the log and the top bar say so, and the turn number stays; then Theo's 10
    burns the pile (A15): the log and the top bar say he plays again."""
    state = new(hands={0: ["4S"], 1: ["8D", "8S", "10C", "9H"]}, players=3)
    model = model_at(state, speed="normal")
    model.do(intents.Choose(play_action(state, "4S")))
    turn = model.prompt().split("  ·  ")[0]
    model.submit(play_action(state, "8D", "8S"), by_person=False)
    assert state.current_player == 1
    calls = [call.words for call, _ in model.timeline.callouts]
    assert "Ines and Maya are skipped: Theo plays again" in calls, calls
    assert model.log_lines()[-1] == "Ines and Maya are skipped by the 8s: Theo plays again", model.log_lines()
    assert model.prompt() == f"{turn}  ·  Theo plays again: everyone else is skipped", model.prompt()
    model.submit(play_action(state, "10C"), by_person=False)
    model.skip()
    assert model.log_lines()[-1].startswith("Theo played 10 of clubs") and model.log_lines()[-1].endswith(
        "burned the pile and plays again"), model.log_lines()
    assert model.prompt() == f"{turn}  ·  Theo burned the pile and plays again", model.prompt()


def test_you_are_told_you_play_again_after_your_8_skips_everyone_else():
    """KTU with two: Maya's 8 skips Theo (A11), so she plays again, and must beat the 8:
    the top bar says so first."""
    state = new(hands={0: ["8D", "9H", "5C"]}, players=2)
    model = model_at(state)
    model.do(intents.Choose(play_action(state, "8D")))
    assert model.my_turn()
    assert model.prompt().startswith("Turn 1  ·  You play again: everyone else is skipped. Beat the 8 of diamonds"), \
        model.prompt()
    assert model.log_lines()[-1] == "Theo is skipped by the 8: Maya plays again", model.log_lines()
