"""One hash of Rencontre Cosmique's behaviour over seeded games, to show a refactoring changes no rule.

Plays N seeded games (every option set, 2-4 players; mostly the playout policy, sometimes a uniformly random
legal action) and hashes, at every step: each seat's legal actions, the movers' views and the spectator's, and
the refusal reasons of probe actions (another seat's move, every power announced, the mover's actions from a
seat that is not to move). Run it before and after a change: the same hash means the same rules.

    PYTHONPATH=py nice -n 19 python scripts/rencontre_fingerprint.py [games=30]
"""
from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

from cosmoludo import IllegalAction
from cosmoludo.core.options import normalize
from cosmoludo.core.rng import Rng
from cosmoludo.games.rencontre_cosmique import RencontreCosmique
from cosmoludo.games.rencontre_cosmique.data import POWER_BY_ID

OPTION_SETS = [{}, {"pouvoirs": False}, {"nb_pouvoirs": 2, "pouvoirs_caches": True},
               {"deux_sur_trois": True, "rotation": True}, {"nb_pouvoirs": 3, "rotation": True, "pouvoirs_caches": True},
               {"nb_pouvoirs": 2, "rotation": True, "pouvoirs_bonus": True}]
PROBES = [{"type": "power", "power": pw} for pw in sorted(POWER_BY_ID)] + [
    {"type": "clone"}, {"type": "steal"}, {"type": "vulch_take"}, {"type": "second_duel"}, {"type": "pass"}]


def refusal(state: RencontreCosmique, seat: int, action: dict) -> object:
    try:
        state.check(seat, action)
    except IllegalAction as e:
        return [e.fr, e.en]
    return "ok"


def game(players: int, seed: int, options: dict, h: Any, max_steps: int = 500) -> int:
    state = RencontreCosmique(players, normalize(RencontreCosmique.options_spec, options, players), seed)
    rng = Rng(seed)
    steps = 0
    while not state.is_over() and steps < max_steps:
        movers = state.to_move()
        rec: list[object] = [movers, [state.legal_actions(s) for s in range(players)],
                             [state.view(s) for s in [None, *movers]]]
        seat = movers[rng.below(len(movers))]
        rec.append([refusal(state, seat, p) for p in PROBES])
        others = [s for s in range(players) if s not in movers]
        if others:
            rec.append([refusal(state, others[0], a) for a in state.legal_actions(seat)[:3]])
        h.update(json.dumps(rec, sort_keys=True).encode())
        action = rng.choice(state.legal_actions(seat)) if rng.below(5) == 0 else state.rollout_action(seat, rng)
        state.apply(seat, action)
        steps += 1
    h.update(json.dumps([state.view(None), state.result() if state.is_over() else None], sort_keys=True).encode())
    return steps


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    h = hashlib.sha256()
    total = 0
    for k in range(n):
        players = 2 + k % 3
        total += game(players, 500 + k, OPTION_SETS[k % len(OPTION_SETS)], h)
    print(f"{n} games, {total} steps: {h.hexdigest()}")


if __name__ == "__main__":
    main()
