"""The sounds: every cue is a real recording the app ships (sprites/sounds, made by
tools/make_sounds.py), played at the volume Settings chooses, never while sound is off;
the table sounds the person's turn once another has moved, a refused move, and a hand or
game won by the person."""
import os
import wave

import pygame
import pytest
import yaml

from game import registry
from game.core import Action, Event
from scenes import config
from scenes.screens.settings import SettingsScene
from scenes.table.intents import Choose
from scenes.table.motion import Motion
from scenes.table.presenters import presenter_for
from sprites import sound
from tests.test_ui_play import app, click_widget, settle  # noqa: F401
from tests.test_ui_saves import start_game


class Heard:
    """Stands in for the app's Sounds: notes every cue played."""

    def __init__(self):
        self.names = []
        self.enabled, self.volume = True, 1.0

    def play(self, name):
        assert name in sound.NAMES, name
        self.names.append(name)


def test_every_sound_is_a_real_recording_the_app_ships():
    for name in sound.NAMES:
        with wave.open(sound.path(name)) as handle:
            seconds = handle.getnframes() / handle.getframerate()
            assert handle.getnchannels() == 1 and handle.getsampwidth() == 2
            samples = handle.readframes(handle.getnframes())
        assert 0.1 <= seconds <= 3, (name, seconds)
        loudest = max(abs(int.from_bytes(samples[i:i + 2], "little", signed=True)) for i in range(0, len(samples), 2))
        assert 0.3 * 32767 < loudest < 32767, (name, loudest)      # heard, never clipped
    assert os.path.isfile(os.path.join(os.path.dirname(sound.path("deal")), "SOURCE.md"))


def test_a_sound_plays_at_the_volume_and_not_at_all_while_off():
    heard = sound.Sounds(True, 0.5)
    heard.play("turn")
    assert heard._ready                 # SDL's dummy audio driver (tests/conftest.py) is a device
    assert heard._sounds["turn"].get_volume() == pytest.approx(0.5, abs=0.01)
    heard.volume = 0.25
    heard.play("turn")
    assert heard._sounds["turn"].get_volume() == pytest.approx(0.25, abs=0.01)
    silent = sound.Sounds(False, 1.0)
    silent.play("deal")
    assert silent._sounds == {} and silent._ready is None         # not even the mixer started
    with pytest.raises(ValueError):
        heard.play("trumpet")
    pygame.mixer.quit()


def test_the_sound_setting_steps_through_off_and_the_volumes(app, user_home):
    app.settings.sound, app.settings.volume = True, 1.0         # the defaults (the fixture is silent)
    click_widget(app, lambda w: w.label == "Settings")
    assert isinstance(app.scene, SettingsScene)
    seen = []
    for _ in range(5):
        click_widget(app, lambda w: w.key == "Sound")
        button = next(w for w in app.scene.widgets if w.key == "Sound")
        seen.append((button.label, app.settings.sound, app.settings.volume, app.sounds.enabled, app.sounds.volume))
    assert seen == [("Off", False, 1.0, False, 1.0), ("25%", True, 0.25, True, 0.25), ("50%", True, 0.5, True, 0.5),
                    ("75%", True, 0.75, True, 0.75), ("100%", True, 1.0, True, 1.0)]
    click_widget(app, lambda w: w.key == "Sound")
    click_widget(app, lambda w: w.key == "Sound")
    saved = yaml.safe_load((user_home / "config" / "settings.yaml").read_text())
    assert saved["sound"] is True and saved["volume"] == 0.25
    pygame.quit()
    from scenes import app as app_module
    again = app_module.App(size=(1280, 720))
    assert again.sounds.enabled and again.sounds.volume == 0.25


@pytest.mark.parametrize("value", ["1.5", "loud", "-0.1"])
def test_a_volume_out_of_range_is_refused_by_name(tmp_path, value):
    from game import resources
    text = open(resources.path("config", "app.yaml")).read().replace("volume: 1.0", f"volume: {value}")
    path = tmp_path / "app.yaml"
    path.write_text(text)
    with pytest.raises(ValueError) as info:
        config.load(str(path))
    assert str(path) in str(info.value) and "settings.volume:" in str(info.value)


def test_the_table_sounds_your_turn_after_another_moved_and_a_refused_move(app):
    heard = Heard()
    app.sounds = heard
    session = start_game(app, "final_card_down", 2, {0}, 12)
    settle(app)
    table = app.scene
    assert "turn" not in heard.names            # the first turn: nobody moved before it
    table.act(Choose(Action("end_turn")))       # nothing played or drawn yet: refused
    assert heard.names[-1] == "refused" and table.model.my_turn()
    table.act(Choose(next(a for a in session.legal_actions() if a.kind == "draw")))
    for _ in range(200):
        app.frame()
        if table.model.my_turn() and not table.busy() and session.current_player == 0 and "turn" in heard.names:
            break
    assert heard.names.count("turn") == 1 and heard.names[-1] == "turn"      # after the computer's move
    for _ in range(30):
        app.frame()
    assert heard.names.count("turn") == 1                                    # once


def test_a_hand_or_game_won_by_the_person_is_sounded_once():
    presenter = presenter_for(registry.GAMES["four_downs"])
    heard = Heard()
    words = lambda event: ""     # noqa: E731
    Motion().start([Event("hand_over", 0, detail=1)], 0, presenter, words, {}, [{}], 0.2, heard.play)
    Motion().start([Event("hand_over", 1, detail=1)], 0, presenter, words, {}, [{}], 0.2, heard.play)
    assert heard.names == ["won_hand"]
    Motion().start([Event("hand_over", 0, detail=2), Event("game_over", None, detail={"winners": [0]})], 0,
                   presenter, words, {}, [{}], 0.2, heard.play)
    assert heard.names == ["won_hand", "won_game"]
    Motion().start([Event("game_over", None, detail={"winners": [1]})], 0, presenter, words, {}, [{}], 0.2, heard.play)
    assert heard.names == ["won_hand", "won_game"]
    possessions = presenter_for(registry.GAMES["five_possessions"])
    Motion().start([Event("drive", 0, detail="touchdown")], 0, possessions, words, {}, [{}], 0.2, heard.play)
    assert heard.names[-1] == "won_hand"
