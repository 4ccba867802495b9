"""Rencontre Cosmique fuzzing: seeded playouts to the end with invariants after every action, save/replay, refusals."""
from __future__ import annotations

import json
import os

import pytest

from cosmoludo import IllegalAction
from cosmoludo.core.options import normalize
from cosmoludo.core.rng import Rng
from cosmoludo.games.rencontre_cosmique import RencontreCosmique
from game_helpers import fingerprint, play_out
from invariants_rencontre import rencontre_cosmique as check

OPTION_SETS = [{}, {"pouvoirs": False}, {"nb_pouvoirs": 2, "pouvoirs_caches": True},
               {"deux_sur_trois": True, "rotation": True}, {"nb_pouvoirs": 3, "rotation": True, "pouvoirs_caches": True},
               {"nb_pouvoirs": 2, "rotation": True, "pouvoirs_bonus": True}]


def new(players: int, seed: int, options: dict | None = None) -> RencontreCosmique:
    return RencontreCosmique(players, normalize(RencontreCosmique.options_spec, options or {}, players), seed)


def replay(state: RencontreCosmique) -> RencontreCosmique:
    """What games.load does: a fresh game from the same setup, every logged action applied with checks."""
    save = json.loads(json.dumps(state.to_save()))
    again = RencontreCosmique(save["players"], normalize(RencontreCosmique.options_spec, save["options"],
                                                         save["players"]), save["seed"])
    for seat, action in save["actions"]:
        again.apply(seat, action)
    return again


def mover_action(state, rng: Rng):
    """Mostly the playout policy, sometimes a uniformly random legal action (reaches odd corners)."""
    seat = state.to_move()[rng.below(len(state.to_move()))]
    if rng.below(5) == 0:
        return seat, rng.choice(state.legal_actions(seat))
    return seat, state.rollout_action(seat, rng)


def play(state, rng: Rng, checked: bool, max_steps: int = 30_000, invariants: bool | None = None) -> int:
    """Play to the end: `checked` goes through apply's legality checks; invariants follow every action
    (by default exactly when checked)."""
    invariants = checked if invariants is None else invariants
    return play_out(state, lambda s: mover_action(s, rng), check if invariants else None, max_steps, checked)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_invariants_after_every_action(players):
    for k in range(40):
        seed = 9000 * players + k
        state = new(players, seed, OPTION_SETS[k % len(OPTION_SETS)])
        play(state, Rng(seed), checked=True)
        assert state.result()["winners"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_random_games_end(players):
    # 150 games per player count by default (500 with COSMOLUDO_SLOW=1), every variant in turn, invariants after
    # every action.
    for k in range(500 if os.environ.get("COSMOLUDO_SLOW") == "1" else 150):
        seed = 70_000 * players + k
        state = new(players, seed, OPTION_SETS[k % len(OPTION_SETS)])
        state.quiet = True
        # Random play can drain every token into the Trou Noir: such games are long, not stuck.
        play(state, Rng(seed), checked=False, max_steps=200_000, invariants=True)
        assert state.result()["winners"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_save_replays_bit_for_bit(players):
    for k in range(6):
        seed = 555 * players + k
        state = new(players, seed, OPTION_SETS[k % len(OPTION_SETS)])
        play(state, Rng(seed), checked=False)
        assert fingerprint(replay(state)) == fingerprint(state)
        # ... and mid-game too (a sealed card on the table, a deal under way, an alliance pending).
        half = new(players, seed, OPTION_SETS[k % len(OPTION_SETS)])
        for seat, action in state.history[: len(state.history) // 2]:
            half.apply(seat, action)
        assert fingerprint(replay(half)) == fingerprint(half)


GARBAGE = [None, 3, "play", [], {}, {"type": 7}, {"type": "play"}, {"type": "play", "card": "attaque_99"},
           {"type": "play", "card": "zap"}, {"type": "aim", "planet": [9, 9]}, {"type": "aim", "planet": "x"},
           {"type": "send", "from": [0, 7]}, {"type": "send_done"}, {"type": "ally", "side": "offence"},
           {"type": "invite", "seats": [0, 1, 2, 3]}, {"type": "deal_accept"}, {"type": "deal_propose"},
           {"type": "timeout"}, {"type": "retrieve", "planet": [3, 3]}, {"type": "new_hand"},
           {"type": "reward", "kind": "token", "planet": [0, 0]}, {"type": "second_duel"}]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(players):
    rng = Rng(players)
    for k in range(3):
        state = new(players, 321 + k)
        steps = 0
        while not state.is_over() and steps < 400:
            movers = state.to_move()
            seat = movers[0]
            legal = state.legal_actions(seat)
            before = fingerprint(state) if steps % 10 == 0 else None
            tries = [(seat, g) for g in GARBAGE if g not in legal]
            tries += [(o, legal[0]) for o in range(players) if o not in movers]
            tries += [(99, legal[0]), (-1, legal[0]), (True, legal[0])]
            for s, a in tries:
                with pytest.raises(IllegalAction) as err:
                    state.apply(s, a)
                assert err.value.fr.strip() and err.value.en.strip()
            if before is not None:
                assert fingerprint(state) == before
            state.apply(seat, state.rollout_action(seat, rng))
            steps += 1
