"""Galaxy Trucker test helpers: random legal play with simulated time, and the invariants checked after every
action."""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from cosmoludo.core import squaregrid as sg
from cosmoludo.games.galaxy_trucker import GalaxyTrucker
from cosmoludo.games.galaxy_trucker.data import POOL, START_TILES, TILES, TRACK


def new(players: int = 3, seed: int = 1, **options: Any) -> GalaxyTrucker:
    opts = {"detendu": False, "classe3": "III", "cinq": False, "routes": 0, "machinations": False}
    opts.update(options)
    return GalaxyTrucker(players, opts, seed)


def building(g: GalaxyTrucker) -> bool:
    return bool(g.asks) and g.asks[0].kind == "build"


def random_step(g: GalaxyTrucker, rnd: random.Random) -> tuple[int, dict[str, Any]] | None:
    """One random legal action (building: a random seat at a slightly later clock). None: nothing to do now."""
    seats = g.to_move()
    if not seats:
        return None
    if building(g):
        seat = rnd.choice(seats)
        t = g.clock + rnd.choice((0, 200, 500, 1500, 4000))
        acts = g.build_actions(seat, t)
        if not acts:
            return None
        places = [a for a in acts if a["type"] == "place"]
        if places and rnd.random() < 0.8:
            return seat, rnd.choice(places)
        finish = [a for a in acts if a["type"] == "finish"]
        if finish and rnd.random() < 0.03:
            return seat, rnd.choice(finish)
        takes = [a for a in acts if a["type"] in ("take", "time_up", "flip", "unpeek")]
        if takes and rnd.random() < 0.7:
            return seat, rnd.choice(takes)
        return seat, rnd.choice(acts)
    seat = rnd.choice(seats)
    acts = g.legal_actions(seat)
    assert acts, (g.phase, g.asks)
    stay = [a for a in acts if a["type"] != "give_up"]
    if stay and rnd.random() < 0.97:
        acts = stay
    return seat, rnd.choice(acts)


def play(g: GalaxyTrucker, rnd: random.Random, check: bool = True, max_actions: int = 20_000) -> int:
    n = 0
    while not g.is_over():
        step = random_step(g, rnd)
        if step is None:
            if building(g):
                # time passes with nobody acting
                seat = g.to_move()[0]
                t = g.clock + 1000
                acts = g.build_actions(seat, t)
                if acts:
                    g.apply(seat, rnd.choice(acts))
                    n += 1
                else:
                    g.clock = t  # nobody may act: let time pass (only the test driver does this)
            continue
        seat, action = step
        g.apply(seat, action)
        n += 1
        if check:
            invariants(g)
        assert n < max_actions, "the game does not end"
    return n


def invariants(g: GalaxyTrucker) -> None:
    # every component in exactly one place
    where: Counter[int] = Counter()
    for s, ship in enumerate(g.ships):
        for t, _ in ship.tiles.values():
            where[t] += 1
        for t in ship.aside:
            where[t] += 1
        for t in ship.lost:
            where[t] += 1
        assert len(ship.aside) <= ship.cls.aside
        for c, n in ship.crew.items():
            caps = ship.caps(c)
            assert 0 <= n <= caps["crew"]
            if c in ship.alien:
                assert n == 0
        assert Counter(ship.alien.values())["brown"] <= 1 and Counter(ship.alien.values())["purple"] <= 1
        for c, n in ship.charge.items():
            assert 0 <= n <= ship.caps(c)["battery"]
        for c, goods in ship.goods.items():
            caps = ship.caps(c)
            assert len(goods) <= caps["cargo"]
            assert "R" not in goods or caps.get("red")
        for c in ship.tiles:
            assert c in ship.cls.cells
        # what the ship remembers of its checks is what a fresh computation gives
        assert ship.parts() == sg.parts(ship.conn) and ship.exposed() == sg.exposed(ship.conn)
        assert ship.errors() == ship._errors() and ship.engine_parts() == ship._engine_parts()
        assert ship.cannon_parts() == ship._cannon_parts() and ship.shield_sides() == ship._shield_sides()
    for t in g.facedown + g.faceup + [h for h in g.hand if h is not None]:
        where[t] += 1
    expected = Counter(POOL) + Counter(START_TILES[:g.players])
    assert where == expected, (where - expected, expected - where)
    assert all(TILES[t] for t in where)
    # the flight order is consistent with the positions: no two flying ships on one space
    flying = g.flight_order()
    spaces = [g.pos[s] % TRACK for s in flying]
    if g.deck or g.card:
        assert len(set(spaces)) == len(spaces), (g.pos, g.out)
        assert [g.pos[s] for s in flying] == sorted((g.pos[s] for s in flying), reverse=True)


def flight_game(ships: dict[int, list[tuple[tuple[int, int], int, int]]], cards: list[str], players: int = 2,
                seed: int = 1, filler: bool = True, **options: Any) -> GalaxyTrucker:
    """A flight-I game whose ships are built from `ships` (seat → [(cell, tile, rotation)]), seat s taking order
    tile s+1, with the flight deck `cards` (then an Open Space, unless not `filler`, so that the flight does not
    land at once); stops at the first card's « ready » question."""
    g = new(players, seed=seed, detendu=True, **options)
    used = {t for spec in ships.values() for _, t, _ in spec}
    g.facedown = [t for t in g.facedown if t not in used]
    for seat, spec in ships.items():
        for cell, tile, rot in spec:
            g.ships[seat].put(cell, tile, rot)
    for s in range(players):
        g.apply(s, {"type": "finish", "order": s + 1, "t": 0})
    assert not g.asks or g.asks[0].kind != "fix", [s.errors() for s in g.ships]
    while g.asks and g.asks[0].kind == "crew":
        seat = g.to_move()[0]
        g.apply(seat, {"type": "crew_done"})
    assert g.asks[0].kind == "ready"
    g.deck = list(cards) + (["L1-04"] if filler else [])
    return g


def go(g: GalaxyTrucker) -> None:
    """Every flying seat goes on to the next card."""
    assert g.asks[0].kind == "ready"
    for s in list(g.to_move()):
        g.apply(s, {"type": "go"})
