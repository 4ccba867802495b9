"""Galaxy Trucker (base game). Not yet in the start screen's GAMES: the engine is tested on its own until the
page plays a game end to end."""
