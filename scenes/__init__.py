"""The app's scenes: Menu, Setup, Table, Scoring, Rules, Settings, driven by `app.run`.

Scenes show a game and submit the actions a player chooses; only `game/` changes a
game's state. Nothing here initialises pygame at import time.
"""
