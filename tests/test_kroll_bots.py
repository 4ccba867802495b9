"""Kroll & Prumni bots: the heuristic colonises and beats random play; ISMCTS answers legally within its budget;
the determinisation only reshuffles the discs not yet seen."""
from __future__ import annotations

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
        a = choose_action(g, seat, "normal", 1, budget=(30, 0.5))
        assert a in legal
        g.step(seat, a)
        seen += len(legal) > 1


def test_the_heuristic_focuses_fire_by_hit_chance_and_brings_damaged_ships_to_be_repaired():
    from cosmoludo.core.hexgrid import Hex
    from cosmoludo.core.rng import Rng
    from kroll_helpers import axial_map, begin, do, position, put

    E = 0
    rng = Rng(1)
    # Fire: a colonisator at 2 (needs 4) rather than a fighter at 7 (needs 6).
    g = position(axial_map(30, 15))
    cr = put(g, 0, "cruiser", Hex(5, 7), E)
    put(g, 1, "fighter", Hex(12, 6))
    col = put(g, 1, "colonisator", Hex(7, 8), E)
    assert g.heuristic_action(0, rng) == {"type": "select", "ship": cr.id}
    do(g, 0, {"type": "select", "ship": cr.id})
    assert g.heuristic_action(0, rng) == {"type": "fire", "target": col.id}
    # Repairs: a damaged cruiser next to an undamaged mobile base stays still; one far away heads for the base.
    g = position(axial_map(30, 15))
    put(g, 0, "mobile", Hex(6, 7), E)
    still = put(g, 0, "cruiser", Hex(6, 6), E, hits=1)
    far = put(g, 0, "cruiser", Hex(12, 7), 3, hits=1)  # heading west, 5 hexes from the base
    begin(g)
    assert g.heuristic_action(0, rng) == {"type": "select", "ship": far.id}
    do(g, 0, {"type": "select", "ship": far.id})
    a = g.heuristic_action(0, rng)
    assert a["type"] == "move"
    do(g, 0, a)
    assert g._at_base(far)
    if g.asks[0].data["sel"] is not None:
        do(g, 0, {"type": "deselect"})
    assert g.heuristic_action(0, rng) == {"type": "end"}  # the still one is left alone
    do(g, 0, {"type": "end"})
    assert still.hits == 0 and far.hits == 1
