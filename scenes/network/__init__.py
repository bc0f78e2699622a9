"""The screens of play across computers: joining a game, the host's lobby, the network
pumped every frame (`net`), and the sessions and directors of a table played across
computers (`remote`)."""
