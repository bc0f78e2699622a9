"""Play across computers: one host runs the game, screens elsewhere join it.

- `protocol`: the declared, versioned messages and their JSON form (size-limited);
- `host`: the host's side without input or output of its own (`HostTable`): who sits
  where, the join code, every message checked, each seat sent only its view;
- `client`: a joined screen's side (`ClientTable`): the seat's view, legal moves, log;
- `link`: the WebSocket server and client on an asyncio loop in a thread beside the
  caller (the window, or a headless command), handing messages over through queues;
- `discovery`: finding hosted games on the local network (mDNS/DNS-SD), behind a seam;
- `headless`: `main.py host` and `main.py join`, tables without a window.

Nothing here imports pygame; the host applies moves through the app's Session.
"""
