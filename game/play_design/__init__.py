"""Play Design's shared home: what its two games, 4 downs and 5 possessions, share: the
formation cards' pure rules (`rules`) and the presenter's part (`presenter`). Each game
has its own home beside it; this one is no game and is not registered."""
