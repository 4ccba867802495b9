"""Kroll & Prumni: random games (shortened with the « turns » option) with the invariants checked after every
action; saves replay; 20 full games with COSMOLUDO_SLOW=1."""
from __future__ import annotations

import json
import os

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
@pytest.mark.skipif(os.environ.get("COSMOLUDO_SLOW") != "1", reason="long fuzz: COSMOLUDO_SLOW=1")
def test_random_full_games_keep_the_invariants():
    for k in range(20):
        play(9_000 + k, 18)


def mirrored(g: KrollPrumni, seats: bool = False) -> KrollPrumni:
    """The same position turned half round the map's centre, each company in the other's place (the reconstructed
    map is point-symmetric: tests/test_kroll_rules.py checks it)."""
    from cosmoludo.core.hexgrid import Hex

    cells = list(g.gm.cells)
    cq = min(h.q for h in cells) + max(h.q for h in cells)
    cr = min(h.r for h in cells) + max(h.r for h in cells)
    c = g.clone()
    for s in c.ships.values():
        s.seat = 1 - s.seat
        if s.head is not None:
            s.head = Hex(cq - s.head.q, cr - s.head.r)
        if s.heading is not None:
            s.heading = (s.heading + 3) % 6
    if seats:
        c.order = [1 - x for x in g.order]
        for ask in c.asks:
            ask.seats = [1 - x for x in ask.seats]
    c.touch()
    return c


def test_the_rules_and_the_heuristic_favour_neither_company():
    """Turned half round the symmetric map with the companies swapped, every ship has the mirrored destinations,
    targets (with the same roll), boardings, hyperspace exits; and the heuristic makes the mirrored choice (its
    ties once went by list order, and red won 15 of 20 heuristic games)."""
    from cosmoludo.core.hexgrid import Hex

    def turn(g: KrollPrumni, h: Hex) -> Hex:
        cells = list(g.gm.cells)
        return Hex(min(x.q for x in cells) + max(x.q for x in cells) - h.q,
                   min(x.r for x in cells) + max(x.r for x in cells) - h.r)

    def turned_action(g: KrollPrumni, a: dict) -> dict:
        a = dict(a)
        if "to" in a:
            a["to"] = list(turn(g, Hex(*a["to"])))
        if a.get("dir") is not None:
            a["dir"] = (a["dir"] + 3) % 6
        return a

    checked = chosen = 0
    for k in range(3):
        g = KrollPrumni(2, {"turns": 6}, 300 + k)
        rng = Rng(k)
        steps = 0
        while not g.is_over() and steps < 500:
            seat = g.to_move()[0]
            if steps % 30 == 0:
                c = mirrored(g, seats=True)
                assert turned_action(g, g.heuristic_action(seat, Rng(1))) == c.heuristic_action(1 - seat, Rng(1))
                chosen += 1
                if g.asks[0].kind == "orders":
                    for s in g.ships.values():
                        t = c.ships[s.id]
                        assert {(turn(g, h), None if d is None else (d + 3) % 6) for h, d in g.destinations(s)} == set(
                            c.destinations(t))
                        assert sorted(g.targets(s)) == sorted(c.targets(t))
                        assert g.boardings(s) == c.boardings(t) and g.can_enter(s) == c.can_enter(t)
                        assert {(turn(g, h), (d + 3) % 6) for h, d in g.exits(s)} == set(c.exits(t))
                        checked += 1
            g.step(seat, busy_choice(g.legal_actions(seat), rng))
            steps += 1
    assert checked > 200 and chosen > 20
