"""Porco Crasso's seeded games are pinned: a change made for speed (rules.py's hot path, the core's flow, the Rng)
must play the same games. Each game plays random legal actions drawn from a seeded Rng, as the throughput probe
does (`bots.random_playouts`); the digest covers every legal-action list, the save, the final views and the result.
If a rules change is meant to change the game, the digest changes with it and the commit says why."""
from __future__ import annotations

import hashlib
import json
from typing import Any

from cosmoludo import games
from cosmoludo.core.rng import Rng

#: (players, options, seed) of the pinned games: the base game, the extension, both variants in a match.
GAMES: list[tuple[int, dict[str, Any], int]] = [
    (3, {}, 1), (2, {}, 2), (4, {}, 3),
    (3, {"coquettruie": True}, 4), (2, {"coquettruie": True}, 5),
    (3, {"coquettruie": True, "cochonpetition": True}, 6), (4, {"chronoboue": True, "cochonpetition": True}, 7),
]
#: Recorded on main at 77ccadd (before the hot-path work of branch h14ratio) and unchanged by it: the games played
#: quietly (`step`, no log: the playouts' path) and checked (`apply`, with the log and every seat's final view).
DIGEST_QUIET = "cecdc9f9b4015f573079c746f7b4bf2338d1023bf5768257cb453413ba8f2577"
#: The logged digest was re-recorded when the card table left the view for the catalog (branch h16tables): it is
#: 77ccadd's digest with the views' "cards" key dropped, so the games themselves are unchanged; and again when every
#: view gained its "decision" (issue 30): with that key dropped, the digest is still the one before.
DIGEST_LOGGED = "6179ee9f16d356bd8f24ffc71ac73516d12c799c8c95f5168ac9f7627e049124"


def _digest(quiet: bool) -> str:
    h = hashlib.sha256()
    for players, options, seed in GAMES:
        state = games.new_game("porco-crasso", players, options, seed=seed)
        state.quiet = quiet
        rng = Rng(seed)
        for _ in range(4000):
            if state.is_over():
                break
            seat = state.to_move()[0]
            acts = state.legal_actions(seat)
            h.update(json.dumps([seat, acts], sort_keys=True).encode())
            action = acts[rng.below(len(acts))]
            if quiet:
                state.step(seat, action)
            else:
                state.apply(seat, action)
        views = [state.view(s) for s in (None, *range(players))] if not quiet else []
        h.update(json.dumps([state.to_save(), state.result(), views], sort_keys=True).encode())
    return h.hexdigest()


def test_quiet_games_are_pinned() -> None:
    assert _digest(quiet=True) == DIGEST_QUIET


def test_logged_games_are_pinned() -> None:
    assert _digest(quiet=False) == DIGEST_LOGGED
