"""The app at a table where a hard computer player is thinking, for the tests that end
the app meanwhile (tests/test_bots.py): `python3 -m tests.hard_thinking_app`.

It plays as `main.py` does (`scenes.app.play`, with the worker processes started after
the first frame), a KTU table whose first seat is a hard computer player thinking for
ten seconds of one core's search. Once it thinks on its workers, it prints `thinking`
and their process ids; a line `quit` on its standard input then closes the window as a
person would (a QUIT event).
"""
import sys
import threading
import time

import pygame

from game.bots import workers
from scenes import app as app_module
from scenes.table.session import Seat, Session


def watch(app, session):
    """Say when the computer thinks on the workers, then wait for `quit`."""
    while True:
        pool = workers.current()
        if session.thinking() is not None and pool is not None and pool.searching():
            break
        time.sleep(0.02)
    print("thinking", *pool.pids(), flush=True)
    if sys.stdin.readline().strip() == "quit":
        pygame.event.post(pygame.event.Event(pygame.QUIT))


def main():
    app = app_module.App(size=(960, 600))
    app.settings.thinking_time = 10.0
    app.settings.cores = 2
    session = Session("ktu", [Seat("Theo", False, "hard"), Seat("Maya", True),
                              Seat("Ines", False, "medium")], {}, seed=3)
    app.scene.persist = {"session": session, "viewer": None, "events_seen": 0, "curtains": []}
    app.switch("table")
    threading.Thread(target=watch, args=(app, session), daemon=True).start()
    return app_module.play(app)


if __name__ == "__main__":
    sys.exit(main())
