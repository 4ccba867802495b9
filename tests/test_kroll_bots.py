"""Kroll & Prumni bots: the heuristic colonises and beats random play; ISMCTS answers legally within its budget;
the determinisation only reshuffles the discs not yet seen."""
from __future__ import annotations

import time

from cosmoludo.core.bots import choose_action
from cosmoludo.games.kroll_prumni import KrollPrumni


def play(levels: list[str], seed: int, turns: int) -> KrollPrumni:
    g = KrollPrumni(2, {"turns": turns}, seed)
    g.quiet = True
    steps = 0
    while not g.is_over():
        seat = g.to_move()[0]
        g.step(seat, choose_action(g, seat, levels[seat], seed))
        steps += 1
        assert steps < 5000, "the bots never end their turn"
    return g


def test_the_heuristic_colonises_and_beats_random_play():
    for k in range(2):
        hero = k % 2
        levels = ["aleatoire", "aleatoire"]
        levels[hero] = "facile"
        g = play(levels, 40 + k, turns=6)
        assert g.planets_of(hero) >= 3
        assert g.result()["winners"] == [hero]


def test_ismcts_answers_a_legal_action_within_its_budget():
    g = KrollPrumni(2, {"turns": 4}, 3)
    seen = 0
    while not g.is_over() and seen < 6:
        seat = g.to_move()[0]
        legal = g.legal_actions(seat)
        t0 = time.perf_counter()
        a = choose_action(g, seat, "normal", 1, budget=(30, 0.5))
        assert time.perf_counter() - t0 < 2.0
        assert a in legal
        g.step(seat, a)
        seen += len(legal) > 1
