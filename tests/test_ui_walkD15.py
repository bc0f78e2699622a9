"""Keyboard-only moments of walk D, wave 15, each played by keys at the screen it happened on."""
import pygame

from game import registry
from scenes.screens.rules import RulesScene
from tests.test_ui_play import app, press  # noqa: F401


def words_of_press(app, monkeypatch, key):
    """The words the app draws in the frame a press of `key` makes (none if it draws nothing)."""
    words = []
    real = app.screen.text
    monkeypatch.setattr(app.screen, "text", lambda w, *a, **k: words.append(w) or real(w, *a, **k))
    press(app, key)
    monkeypatch.setattr(app.screen, "text", real)
    return words


def test_the_right_arrow_on_the_rules_page_shows_the_next_game_at_once(app, monkeypatch):
    """Rules by keys: the right arrow draws the next game's rules in the same frame, and the
    page says the left and right arrows change game (walkD15 #20: the page kept the old game
    until the next key, then jumped)."""
    ids = list(registry.GAMES)
    app.scene.go("rules", rules_game=ids[0], return_to="menu")
    app.frame()
    assert isinstance(app.scene, RulesScene)
    words = words_of_press(app, monkeypatch, pygame.K_RIGHT)
    assert f"Rules: {registry.GAMES[ids[1]].title}" in words
    assert any("left and right arrows" in w.lower() for w in words), words
    words = words_of_press(app, monkeypatch, pygame.K_LEFT)
    assert f"Rules: {registry.GAMES[ids[0]].title}" in words
