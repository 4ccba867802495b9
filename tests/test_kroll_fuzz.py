"""Kroll & Prumni: random games (shortened with the « turns » option) with the invariants checked after every
action; saves replay; a longer run under the `slow` marker."""
from __future__ import annotations

import json

import pytest

from cosmoludo.core.rng import Rng
from cosmoludo.games.kroll_prumni import KrollPrumni
from invariants_kroll import kroll_et_prumni as kroll_invariants


def play(seed: int, turns: int, check: bool = True) -> KrollPrumni:
    g = KrollPrumni(2, {"turns": turns}, seed)
    rng = Rng(seed)
    steps = 0
    while not g.is_over():
        seat = g.to_move()[0]
        acts = g.legal_actions(seat)
        assert acts, "a seat to move with nothing to play"
        g.step(seat, acts[rng.below(len(acts))])
        if check:
            kroll_invariants(g)
        steps += 1
        assert steps < 20_000, "the game does not end"
    return g


def test_random_short_games_keep_the_invariants_and_replay():
    for k in range(300):
        g = play(7_000 + k, 1 + k % 2)
        if k % 25 == 0:  # the save, checked action by action, replays to the same views
            again = KrollPrumni(2, {"turns": g.max_turns}, g.seed)
            for s, a in json.loads(json.dumps(g.history)):
                again.apply(s, a)
            assert json.dumps([again.view(0), again.view(1)], sort_keys=True) == json.dumps(
                [g.view(0), g.view(1)], sort_keys=True)


@pytest.mark.slow
def test_random_full_games_keep_the_invariants():
    for k in range(20):
        play(9_000 + k, 18)
