"""The games of the collection: their registration, the catalog, loading saves, undo by replay."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.bots import LEVELS
from ..core.errors import BadSetup, CosmoludoError, IllegalAction, InvalidSave
from ..core.registry import GAMES, game_class, new_game, register
from ..core.state import SAVE_FORMAT, SAVE_VERSION, GameState
from .cochons_espace import CochonsEspace
from .galaxy_trucker import GalaxyTrucker
from .kroll_prumni import KrollPrumni
from .porco_crasso import PorcoCrasso
from .rencontre_cosmique import RencontreCosmique

# Registration, last: core finds the games by id in its registry, never by importing this package.
register(PorcoCrasso)
register(RencontreCosmique)
register(CochonsEspace)
register(KrollPrumni)
register(GalaxyTrucker)

MAX_SAVE_ACTIONS = 100_000


def catalog() -> list[dict[str, Any]]:
    """Every playable game with its player counts, options, bot levels and static tables (`catalog_tables`)."""
    out = []
    for cls in GAMES.values():
        out.append({
            "id": cls.game_id,
            "title": dict(cls.title),
            "min_players": cls.min_players,
            "max_players": cls.max_players,
            "options": [o.describe() for o in cls.options_spec],
            "bots": [dict(level) for level in LEVELS],
            "rules_version": cls.rules_version,
            "rulings": [dict(r) for r in cls.rulings],
            "helpers": [dict(h) for h in cls.helpers],
            "tables": cls.catalog_tables(),
            "available": True,
        })
    return out


def load(save: Any, each: Callable[[int, GameState], None] | None = None) -> GameState:
    """Replay a save; raise InvalidSave with a reason a player can read.

    `each(i, state)`, when given, is called with the fresh state (i = 0) and after each action i (a replay keeps
    copies of some of them)."""
    if not isinstance(save, dict):
        raise InvalidSave("Ce fichier n'est pas une sauvegarde Cosmoludo.", "This is not a Cosmoludo save.")
    if save.get("format") != SAVE_FORMAT:
        raise InvalidSave("Ce fichier n'est pas une sauvegarde Cosmoludo.", "This is not a Cosmoludo save.")
    version = save.get("version")
    if not isinstance(version, int) or version < 1:
        raise InvalidSave("Version de sauvegarde illisible.", "Unreadable save version.")
    if version > SAVE_VERSION:
        raise InvalidSave("Cette sauvegarde vient d'une version plus récente de Cosmoludo.",
                          "This save comes from a newer version of Cosmoludo.")
    try:
        cls = game_class(save.get("game"))
    except BadSetup as e:
        raise InvalidSave(e.fr, e.en) from None
    rules = save.get("rules", 1)
    if not isinstance(rules, int) or isinstance(rules, bool) or rules > cls.rules_version:
        raise InvalidSave("Cette sauvegarde suit des règles d'une version plus récente.",
                          "This save follows rules from a newer version.")
    if rules < cls.rules_version and rules not in cls.replays_rules:
        # Its actions would replay under rules that have changed since: not the game that was played. (A game that
        # kept an earlier version's behaviour lists it in `replays_rules`: such a save replays under its own rules.)
        raise InvalidSave(f"Cette partie suit une version antérieure des règles de {cls.title['fr']} "
                          f"(v{rules}, aujourd'hui v{cls.rules_version}) : elle ne peut pas être reprise.",
                          f"This game follows an earlier version of the rules of {cls.title['en']} "
                          f"(v{rules}, now v{cls.rules_version}): it cannot be resumed.")
    actions = save.get("actions")
    if not isinstance(actions, list) or len(actions) > MAX_SAVE_ACTIONS:
        raise InvalidSave("La liste des actions de la sauvegarde est abîmée.", "The save's action list is damaged.")
    players: Any = save.get("players")  # whatever the file holds: new_game checks it (BadSetup)
    try:
        state = new_game(cls.game_id, players, save.get("options"), save.get("seed", 0), rules)
    except BadSetup as e:
        raise InvalidSave(f"Sauvegarde abîmée : {e.fr}", f"Damaged save: {e.en}") from None
    if each is not None:
        each(0, state)
    for i, entry in enumerate(actions):
        if not isinstance(entry, list) or len(entry) != 2:
            raise InvalidSave(f"Action n° {i + 1} abîmée.", f"Action #{i + 1} is damaged.")
        try:
            state.apply(entry[0], entry[1])
        except CosmoludoError as e:
            raise InvalidSave(f"L'action n° {i + 1} ne se rejoue pas : {e.fr}",
                              f"Action #{i + 1} does not replay: {e.en}") from None
        if each is not None:
            each(i + 1, state)
    return state


def undo(state: GameState, seat: int) -> GameState:
    """The state as it was before `seat`'s last action, rebuilt by replaying the log."""
    if not state.can_undo(seat):
        raise IllegalAction("Impossible d'annuler : votre dernière action a révélé quelque chose "
                            "ou un autre joueur a joué depuis.",
                            "Cannot undo: your last action revealed something or another player has acted since.")
    save = state.to_save()
    save["actions"] = save["actions"][:-1]
    return load(save)


__all__ = ["GAMES", "catalog", "game_class", "load", "new_game", "undo"]
