"""Kroll & Prumni's invariants, checked after every action of its fuzz and of the conformance test."""
from __future__ import annotations

from collections import Counter
from typing import Any

from cosmoludo.core import hexgrid as hx
from cosmoludo.games.kroll_prumni.data import FLEET, TYPES

PLANETS_TO_WIN = 8


def kroll_et_prumni(g: Any) -> None:
    gm = g.gm
    cached = g.occupancy()
    g.touch()
    assert g.occupancy() == cached, "the cached occupancy is stale"
    per: Counter[tuple[int, str]] = Counter((s.seat, s.kind) for s in g.ships.values())
    for (seat, kind), n in per.items():
        assert n <= FLEET[kind], f"seat {seat} has {n} {kind}, stock {FLEET[kind]}"
    seen: dict[Any, Any] = {}
    for s in g.ships.values():
        assert 0 <= s.hits < TYPES[s.kind].threshold, "a living ship at or above its destruction threshold"
        if s.carried_by is not None:
            c = g.ships[s.carried_by]
            assert c.kind == "cruiser" and c.seat == s.seat and s.id in c.cargo and s.kind == "fighter"
            assert s.head == c.head
            continue
        assert len(s.cargo) <= TYPES[s.kind].carries
        if s.hyper:
            assert s.head is None and TYPES[s.kind].hyper and s.hits == 0
            continue
        cells = s.cells()
        for c in cells:
            assert c in gm.cells, "a ship off the map"
            assert c not in gm.giant, "a ship on a giant planet"
            if c in gm.asteroids:
                assert gm.asteroids[c] == g.absent, "a ship on present asteroids"
            if c in gm.planets and gm.planets[c] != g.absent and s.kind != "fixed":
                base = g.base_at(c)
                assert s.kind == "fighter" and base is not None and base.seat == s.seat, "a ship on a present planet"
            other = seen.get(c)
            if other is not None:
                kinds = {other.kind, s.kind}
                assert kinds == {"fixed", "fighter"} and other.seat == s.seat, "two ships on one hex"
            seen[c] = s
        margin = TYPES[s.kind].margin
        if margin:
            for c in cells:
                for p in gm.present_planets(g.absent):
                    assert hx.distance(c, p) > margin, "a ship inside a planet's gravity margin"
        if s.kind == "fixed":
            assert cells[0] in gm.planets
    if g.is_over():
        res = g.result()
        assert res["winners"]
        counts = [g.planets_of(s) for s in range(2)]
        if max(counts) >= PLANETS_TO_WIN:
            assert res["winners"] == [counts.index(max(counts))]
        else:
            assert g.turn == g.max_turns
            scores = [sum(4 - b.hits for b in g.ships.values() if b.kind == "fixed" and b.seat == s) for s in range(2)]
            assert res["winners"] == [s for s in range(2) if scores[s] == max(scores)]
