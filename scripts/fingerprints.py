"""One hash per game of its behaviour over seeded games, to show that a refactoring changes no rule.

For each of the five games, plays a fixed list of seeded games (several player counts and option sets; each
seat's move is the game's playout policy, or one time in five a uniformly random legal action, all drawn from
fixed seeds) and hashes the whole trajectory: at every step who is to move, the mover's legal actions, the
action played, and every seat's view and the spectator's (every `VIEW_EVERY` steps for the games whose views
are costly); at the end, the save, every view and the result. The same hash before and after a change means the
same rules on those games. tests/test_fingerprints.py checks the hashes against tests/golden/fingerprints.json.

    PYTHONPATH=py python scripts/fingerprints.py            # print {game: hash}
    PYTHONPATH=py python scripts/fingerprints.py --write    # rewrite tests/golden/fingerprints.json
    PYTHONPATH=py python scripts/fingerprints.py --games 20 # a longer run (not the committed figures)
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

from cosmoludo import games
from cosmoludo.core.rng import Rng

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden" / "fingerprints.json"

#: Per game: (players, options) of the seeded games, played in turn (game k uses SETUPS[k % len]).
SETUPS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "porco-crasso": [(2, {}), (3, {"coquettruie": True}), (4, {"chronoboue": True}),
                     (3, {"cochonpetition": True, "coquettruie": True})],
    "rencontre-cosmique": [(2, {}), (3, {"pouvoirs": False}), (4, {"nb_pouvoirs": 2, "pouvoirs_caches": True}),
                           (3, {"deux_sur_trois": True, "rotation": True}),
                           (4, {"nb_pouvoirs": 2, "rotation": True, "pouvoirs_bonus": True})],
    "cochons-de-l-espace": [(3, {"regle": "simplifiee"}), (4, {}), (3, {"pose": "exploration", "pouvoirs": True}),
                            (5, {"galaxie": "jumelles", "placement_inverse": True, "limite_tours": 8}),
                            (6, {"pose": "tout_puis_retourner", "galaxie": "galette", "limite_tours": 6})],
    "kroll-et-prumni": [(2, {}), (2, {"turns": 6})],
    "galaxy-trucker": [(2, {"detendu": True}), (3, {}), (4, {"cinq": True, "classe3": "IIIA"}),
                       (3, {"routes": 1, "machinations": True})],
}
#: Seeded games per game in the committed fingerprints (kept small: the test runs them all in a few seconds).
GAMES_PER = {"porco-crasso": 4, "rencontre-cosmique": 5, "cochons-de-l-espace": 5, "kroll-et-prumni": 2,
             "galaxy-trucker": 4}
#: Every how many steps all the views are hashed (1: every step).
VIEW_EVERY = {"galaxy-trucker": 5, "cochons-de-l-espace": 3, "rencontre-cosmique": 2}
#: The bot hook that plays four moves in five (Galaxy Trucker's playout policy gives up at the first flight card:
#: its « facile » bot flies the whole game).
POLICY = {"galaxy-trucker": "heuristic_action"}
#: Actions a random pick avoids while another is legal (a random give-up would end most games at once).
AVOID = {"give_up"}
MAX_STEPS = 400


def _dump(x: Any) -> bytes:
    return json.dumps(x, sort_keys=True, ensure_ascii=False, default=repr).encode()


def play(game_id: str, players: int, options: dict[str, Any], seed: int, h: Any) -> int:
    """Play one seeded game, feeding its trajectory to the hash `h`; return its number of steps."""
    state = games.new_game(game_id, players, options, seed)
    rng = Rng(seed * 7919 + 1)
    every = VIEW_EVERY.get(game_id, 1)
    policy = getattr(state, POLICY.get(game_id, "rollout_action"))
    steps = 0
    while not state.is_over() and steps < MAX_STEPS:
        movers = state.to_move()
        seat = movers[rng.below(len(movers))]
        legal = state.legal_actions(seat)
        rec: list[Any] = [movers, legal]
        if steps % every == 0:
            rec.append([state.view(s) for s in [None, *range(players)]])
        if rng.below(5) == 0:
            action = rng.choice([a for a in legal if a.get("type") not in AVOID] or legal)
        else:
            action = policy(seat, rng)
        rec.append([seat, action])
        h.update(_dump(rec))
        state.apply(seat, action)
        steps += 1
    h.update(_dump([state.to_save(), [state.view(s) for s in [None, *range(players)]],
                    state.result() if state.is_over() else None]))
    return steps


def fingerprint(game_id: str, n: int | None = None) -> tuple[str, int]:
    """The hash of `n` seeded games of `game_id` (by default GAMES_PER) and their total number of steps."""
    h = hashlib.sha256()
    setups = SETUPS[game_id]
    total = 0
    for k in range(GAMES_PER[game_id] if n is None else n):
        players, options = setups[k % len(setups)]
        total += play(game_id, players, options, 1000 + k, h)
    return h.hexdigest(), total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=None, help="seeded games per game (default: GAMES_PER)")
    parser.add_argument("--write", action="store_true", help=f"write the hashes to {GOLDEN.name}")
    parser.add_argument("only", nargs="*", help="game ids (default: all five)")
    args = parser.parse_args(argv)
    out: dict[str, str] = {}
    for game_id in args.only or list(SETUPS):
        t0 = time.perf_counter()
        out[game_id], steps = fingerprint(game_id, args.games)
        print(f"{game_id}: {out[game_id]}  ({steps} steps, {time.perf_counter() - t0:.1f} s)", file=sys.stderr)
    if args.write:
        if args.games is not None or args.only:
            parser.error("--write records the default run only (no --games, no game ids)")
        GOLDEN.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(json.dumps(out, indent=1, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
