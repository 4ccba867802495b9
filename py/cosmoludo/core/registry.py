"""The registry of game classes: each game registers itself (games/__init__.py); tools find it here by id.

Core never imports a game: the arrow goes the other way. `cosmoludo.games` registers every playable game when
it is imported, so whatever starts a game by its id (`new_game`, `bots.random_playouts`) imports it first.
"""
from __future__ import annotations

from typing import Any, TypeVar

from .errors import BadSetup
from .options import normalize
from .state import GameState

#: Every registered game class by its id, in the order of registration (the catalog's order).
GAMES: dict[str, type[GameState]] = {}

G = TypeVar("G", bound=type[GameState])


def register(cls: G) -> G:
    """Add a game class to the registry (once per id)."""
    if not cls.game_id:
        raise ValueError(f"{cls.__name__} has no game_id")
    if GAMES.get(cls.game_id, cls) is not cls:
        raise ValueError(f"two games registered as {cls.game_id!r}")
    GAMES[cls.game_id] = cls
    return cls


def game_class(game_id: Any) -> type[GameState]:
    cls = GAMES.get(game_id) if isinstance(game_id, str) else None
    if cls is None:
        raise BadSetup(f"Jeu inconnu : {game_id!r}.", f"Unknown game: {game_id!r}.")
    return cls


def new_game(game_id: str, players: int, options: dict[str, Any] | None = None,
             seed: int | str = 0, rules: int | None = None) -> GameState:
    """A new game under the current rules, or (`rules`: one of the class's `replays_rules`) an old save's."""
    cls = game_class(game_id)
    if rules is not None and rules != cls.rules_version and rules not in cls.replays_rules:
        raise BadSetup(f"{cls.title['fr']} ne se joue plus selon les règles v{rules}.",
                       f"{cls.title['en']} is no longer played by rules v{rules}.")
    if not isinstance(players, int) or isinstance(players, bool) or not (
            cls.min_players <= players <= cls.max_players):
        raise BadSetup(f"{cls.title['fr']} se joue de {cls.min_players} à {cls.max_players} joueurs.",
                       f"{cls.title['en']} is for {cls.min_players} to {cls.max_players} players.")
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise BadSetup("La graine doit être un entier ou un texte.", "The seed must be an integer or a string.")
    return cls(players, normalize(cls.options_spec, options, players), seed, rules)


__all__ = ["GAMES", "game_class", "new_game", "register"]
