"""The app's own events, which wake its loop while it waits (scenes/app.py): a computer
player has done thinking (BOT_DONE), the network has news (NET_EVENT); and `threads`,
the executor the app gives its sessions, which thinks on a worker thread and wakes the
window when it is done."""
import threading

import pygame

BOT_DONE = pygame.USEREVENT + 7   # posted by the worker thread to wake the app
NET_EVENT = pygame.USEREVENT + 8  # posted by the network thread (scenes/network/net.py) to wake the app


def threads(work):
    """Run `work` on a worker thread, then wake the app."""
    def run():
        work()
        try:
            pygame.event.post(pygame.event.Event(BOT_DONE))
        except pygame.error:     # the window closed while it thought: nobody to wake
            pass
    threading.Thread(target=run, daemon=True, name="bot").start()
