"""Card Table's games, pure Python (never pygame), in floors that import only downward:

- the kernel: cards and decks (`cards`), the state every game shares (`core`), where
  the read-only files lie (`resources`), and the bases a game's home builds on (`home`,
  `presenter`, `measures`, `knowledge`);
- each game's home (`game/<game id>/`: see `game.home`), and Play Design's shared one;
- the registry (`registry`): the games the app ships, one line each, and the calls that
  create and load states;
- the services that go through the registry: the lessons (`tutorial`), the undo
  timeline (`undo`), simulation (`simulate`), the computer players (`bots`), the saves
  (`saves`), the balance reports (`report`), tournaments between computer levels
  (`tournament`) and play across computers (`net`).

This package runs nothing on import: `import game.core` loads the kernel alone.
"""
