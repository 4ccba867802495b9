"""Galaxy Trucker: component data, ship classes, connector legality, ship check errors, strengths, projectiles."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from cosmoludo.core.squaregrid import E, N, S, W
from cosmoludo.games.galaxy_trucker import ext_tech
from cosmoludo.games.galaxy_trucker.data import CARDS, CARDS_BY_LEVEL, CLASSES, POOL, TILES
from cosmoludo.games.galaxy_trucker.ship import Ship


def test_the_144_components_by_kind():
    counts = Counter(t.kind for t in TILES.values())
    assert len(TILES) == 144 and len(POOL) == 140
    assert counts == {
        "starting_cabin": 4, "cabin": 16, "engine_single": 19, "engine_double": 7, "cannon_single": 23,
        "cannon_double": 8, "shield": 8, "battery2": 9, "battery3": 6, "cargo2": 9, "cargo3": 6,
        "special_cargo1": 6, "special_cargo2": 3, "structural": 8, "life_support_brown": 6,
        "life_support_purple": 6}
    # cannons never have a connector on their barrel side, engines none on their exhaust side
    for t in TILES.values():
        if t.caps.get("cannon"):
            assert t.conn[N] == 0, t
        if t.caps.get("engine"):
            assert t.conn[S] == 0, t


def test_ship_classes_have_the_printed_cell_counts():
    assert {k: len(c.cells) for k, c in CLASSES.items()} == {"I": 18, "II": 27, "III": 36, "IIIA": 36}
    for c in CLASSES.values():
        assert c.start == (7, 7) and c.start in c.cells and c.aside == 2
    assert (5, 7) in CLASSES["I"].cells and (5, 6) not in CLASSES["I"].cells and (9, 7) not in CLASSES["I"].cells
    assert CLASSES["IIIA"].insurable is False and CLASSES["III"].insurable is True


def test_the_60_cards():
    assert len(CARDS) == 60 and all(len(CARDS_BY_LEVEL[lv]) == 20 for lv in (1, 2, 3))
    per = Counter((c["level"], c["type"]) for c in CARDS.values())
    assert per[(1, "openspace")] == 4 and per[(2, "epidemic")] == 1 and per[(3, "sabotage")] == 1
    assert per[(3, "stardust")] == 0 and per[(1, "meteoric")] == 3


# A few tiles by id: 31 start (all universal); 35 cabin N2 E1 S2 W1; 49 structural N1 E3 S0 W3;
# 64 engine single E3; 88 cannon single S1; 115 shield N1 E2 S1 W2; 81 engine double N1.
CONNECTOR_CASES = [
    # (tile, rot, cell relative to the start, legal placement?)
    (35, 0, (6, 7), True),    # cabin's S double meets the start's universal
    (88, 0, (6, 7), True),    # cannon's S single meets universal
    (64, 0, (6, 7), False),   # engine's S is smooth against universal: no legal joint at all
    (64, 0, (7, 6), True),    # engine's E universal meets the start's W universal
    (64, 1, (7, 6), False),   # turned: E side is now its N (smooth) — W gets what was S (smooth)
    (49, 0, (8, 7), True),    # structural's N single meets universal
]


@pytest.mark.parametrize("tile,rot,cell,ok", CONNECTOR_CASES)
def test_connector_legality_at_placement(tile, rot, cell, ok):
    s = Ship.of_class("I", 31)
    assert s.can_place(cell, tile, rot) is ok


def test_placement_table_between_two_real_tiles():
    """East of structural 49 (its E is universal): cabin 35 (N2 E1 S2 W1) joins in every rotation (its W is
    single or double); engine 64 turned so that its smooth N faces west makes a bad joint."""
    s = Ship.of_class("II", 31)
    s.put((7, 8), 49, 0)  # E of the start: its W universal joins the start
    for rot in range(4):
        t = s.clone()
        t.put((7, 9), 35, rot)
        assert [e for e in t.errors() if e["why"] == "joint"] == [], rot
        assert (7, 9) in t.parts()[0]
    t = s.clone()
    t.put((7, 9), 64, 3)  # engine turned: its W is what was its N (smooth) against a universal
    assert {"why": "joint", "cells": [(7, 8), (7, 9)]} in t.errors()
    assert t.parts() == [[(7, 7), (7, 8)], [(7, 9)]]


def test_engine_and_cannon_errors():
    s = Ship.of_class("I", 31)
    s.put((7, 6), 64, 0)          # engine W of the start, facing the rear: fine
    assert s.errors() == []
    s.put((8, 6), 49, 0)          # a component behind the engine
    assert {"why": "engine_blocked", "cells": [(7, 6), (8, 6)]} in s.errors()
    t = Ship.of_class("I", 31)
    t.put((7, 8), 64, 2)          # engine upside down
    assert {"why": "engine_dir", "cells": [(7, 8)]} in t.errors()
    u = Ship.of_class("I", 31)
    u.put((8, 7), 88, 2)          # cannon turned to the rear, its barrel S at (9,7) — not a cell of class I
    assert u.errors() == []
    u.put((6, 7), 88, 0)          # cannon pointing front, (5,7) empty
    u.put((5, 7), 49, 2)          # now something sits in front of the barrel
    assert {"why": "cannon_blocked", "cells": [(6, 7), (5, 7)]} in u.errors()
    assert u.error_cells() == [(5, 7), (6, 7)]


def test_parts_and_keeping_one():
    s = Ship.of_class("I", 31)
    s.put((7, 8), 49, 1)  # structural turned: W = what was S (smooth) → bad joint, not connected
    s.put((7, 9), 49, 0)  # its W universal joins (7,8)'s E (what was N: single) → a second piece
    parts = s.parts()
    assert parts == [[(7, 8), (7, 9)], [(7, 7)]]
    assert s.keep_part(parts[1]) == 2 and s.lost == [49, 49] and list(s.tiles) == [(7, 7)]


def test_strengths_batteries_and_aliens():
    s = Ship.of_class("II", 31)
    s.put((7, 6), 64, 0)   # single engine
    s.put((7, 8), 86, 0)   # double engine (W universal)
    s.put((6, 7), 88, 0)   # single cannon front (S single to the start)
    s.put((8, 7), 123, 2)  # double cannon facing the rear (its N single... turned: S side holds the old N)
    s.put((7, 5), 77, 0)   # another single engine (W universal, E smooth against engine 64's W smooth: open)
    assert s.engine_parts() == (2, 1)
    assert s.engine_strength(0) == 2 and s.engine_strength(1) == 4 and s.engine_strength(5) == 4
    assert s.cannon_parts() == (1.0, [1.0])
    assert s.cannon_strength(0) == 1 and s.cannon_strength(1) == 2
    s.alien[(6, 6)] = "brown"  # (a cabin is not needed for the arithmetic)
    assert s.engine_strength(0) == 4
    s.alien[(6, 8)] = "purple"
    assert s.cannon_strength(0) == 3
    t = Ship.of_class("I", 31)
    t.alien[(6, 6)] = "brown"
    assert t.engine_strength(0) == 0  # +2 only when engine strength is above zero
    t.put((6, 7), 88, 1)  # a cannon to the side: ½
    assert t.cannon_strength() == 0.5
    t.alien[(6, 8)] = "purple"
    assert t.cannon_strength() == 2.5  # « au-dessus de zéro » (DECISIONS Galaxy Trucker 5): ½ + 2


def test_an_alien_adds_its_bonus_to_any_strength_above_zero():
    """DECISIONS Galaxy Trucker 5 (rulebook 004, l. 537–538: « au-dessus de zéro »): ½ + 2, never 0 + 2."""
    t = Ship.of_class("I", 31)
    t.alien[(6, 6)] = "brown"
    t.alien[(6, 8)] = "purple"
    assert t.engine_strength(0) == 0 and t.cannon_strength(0) == 0  # nothing to add the bonus to
    assert ext_tech.cannon_strength(t) == (0, 0) and ext_tech.engine_strength(t) == 0
    t.put((6, 7), 88, 1)  # a single cannon to the side: ½
    assert t.cannon_strength(0) == 2.5 and ext_tech.cannon_strength(t) == (2.5, 0)
    assert ext_tech.cannon_strength(t, alien_bonus=3) == (3.5, 0)  # with a Manager
    t.put((7, 8), 86, 0)  # a double engine: 0 unless a battery switches it on
    assert t.engine_strength(0) == 0 and t.engine_strength(1) == 4
    assert ext_tech.engine_strength(t, 0) == 0 and ext_tech.engine_strength(t, 1) == 4
    # Rules v1 (old saves replay as they were played): at least 1.
    t.alien_from_one = True
    assert t.cannon_strength(0) == 0.5 and ext_tech.cannon_strength(t) == (0.5, 0)
    assert t.engine_strength(1) == 4
    assert t.clone().alien_from_one and not Ship.of_class("I", 31).alien_from_one


def test_aliens_need_a_joined_life_support_and_never_in_the_start_cabin():
    s = Ship.of_class("II", 31)
    s.put((7, 8), 38, 0)    # cabin: W double joins universal
    s.put((7, 9), 119, 0)   # brown life support: W universal joins the cabin's E single
    s.put((7, 6), 138, 0)   # purple life support W of the start: E smooth vs universal — bad joint
    assert s.supports((7, 8), "brown") and not s.supports((7, 8), "purple")
    assert not s.supports((7, 7), "brown")
    assert s.alien_choices() == [((7, 8), "brown")]
    s.alien[(7, 8)] = "brown"
    s.fill()
    assert s.crew == {(7, 7): 2, (7, 8): 0} and s.crew_total() == 3 and s.humans() == 2
    s.destroy((7, 9))  # the life support goes: the alien goes with it
    assert s.alien == {} and s.crew_total() == 2


def test_shields_cover_two_sides_turning_with_the_tile():
    s = Ship.of_class("I", 31)
    s.put((6, 7), 115, 0)
    assert s.shield_sides() == {N, E}
    s.put((8, 7), 115, 2)
    assert s.shield_sides() == {N, E, S, W}


def test_projectiles_meet_the_first_component_of_the_row_or_column():
    s = Ship.of_class("I", 31)
    s.put((6, 7), 88, 0)
    s.put((7, 8), 49, 0)
    assert s.first_hit(N, 7) == (6, 7) and s.first_hit(S, 7) == (7, 7)
    assert s.first_hit(E, 7) == (7, 8) and s.first_hit(W, 7) == (7, 7)
    assert s.first_hit(N, 8) == (7, 8) and s.first_hit(N, 9) is None and s.first_hit(N, 2) is None
    assert s.cannons_against(N, 7) == [(6, 7)] and s.cannons_against(N, 8) == []
    t = Ship.of_class("I", 31)
    t.put((7, 8), 88, 1)  # pointing right, row 7
    assert t.cannons_against(E, 7) == [(7, 8)] and t.cannons_against(E, 8) == [(7, 8)]
    assert t.cannons_against(E, 9) == [] and t.cannons_against(W, 7) == []


def test_exposed_connectors():
    s = Ship.of_class("I", 31)
    assert s.exposed() == 4
    s.put((6, 7), 88, 0)  # cannon S single joins; its other sides are smooth
    assert s.exposed() == 3


def _full_ship() -> Ship:
    s = Ship.of_class("III", 31)
    pool = list(POOL)
    used: set[int] = set()
    rnd = random.Random(4)
    rnd.shuffle(pool)
    for _ in range(3):
        for t in pool:
            opts = s.placements(t) if t not in used else []
            if opts:
                cell, rot = opts[rnd.randrange(len(opts))]
                s.put(cell, t, rot)
                used.add(t)
    return s


def test_validation_and_strength_of_a_full_ship_are_pure():
    """The checks the bench times (`python -m cosmoludo bench`: ship check per ship) read the ship and never change
    it: asked twice, they answer the same, and the ship is the same."""
    s = _full_ship()
    assert len(s.tiles) >= 20
    before = dict(s.tiles)

    def answers() -> list:
        return [s.errors(), s.parts(), s.exposed(), s.engine_strength(2), s.cannon_strength(2), s.crew_total(),
                s.shield_sides()]

    assert answers() == answers()
    assert s.tiles == before


def test_the_remembered_checks_follow_every_change_and_never_leak_between_clones():
    """errors, parts, exposed, engines, cannons and shields are remembered per layout: every put / take_off / destroy
    / keep_part answers afresh, a clone shares them only until one of the two changes, and what a caller gets may be
    changed without touching what the ship remembers."""
    def fresh(ship: Ship) -> list:
        copy = Ship.of_class(ship.cls.name)
        for cell, (t, r) in ship.tiles.items():
            copy.put(cell, t, r)
        copy.alien = dict(ship.alien)
        return answers(copy)

    def answers(ship: Ship) -> list:
        return [ship.errors(), ship.parts(), ship.exposed(), ship.engine_parts(), ship.cannon_parts(),
                ship.shield_sides(), ship.engine_strength(1), ship.cannon_strength(1)]

    s = _full_ship()
    assert answers(s) == fresh(s)
    c = s.clone()
    rnd = random.Random(5)
    for _ in range(12):
        cell = rnd.choice(sorted(x for x in s.tiles if x != (7, 7)))
        s.destroy(cell)
        assert answers(s) == fresh(s)
        assert answers(c) == fresh(c) and cell in c.tiles
    s.parts()[0].clear()
    s.errors().clear()
    s.cannon_parts()[1].clear()
    s.shield_sides().clear()
    assert answers(s) == fresh(s)
    s.keep_part(s.parts()[-1])
    assert answers(s) == fresh(s)
    t = c.clone()
    t.put(*next((cell, 49, 0) for cell in sorted(t.cls.cells) if cell not in t.tiles))
    assert answers(t) == fresh(t) and answers(c) == fresh(c)


def test_each_fault_says_what_is_wrong_in_french_and_english():
    """Issue 32: a fault frame says the fault — the view's summary carries each with its reason."""
    s = Ship.of_class("I", 31)
    s.put((7, 6), 64, 0)
    s.put((8, 6), 49, 0)          # behind the engine, and joined to nothing
    got = {f["why"]: f for f in s.faults()}
    assert got["engine_blocked"] == {
        "why": "engine_blocked", "cells": [[7, 6], [8, 6]],
        "fr": "Réacteur simple bouché : un module structurel juste derrière sa tuyère.",
        "en": "Single engine blocked: a structural module right behind its exhaust."}
    assert got["apart"]["cells"] == [[8, 6]]
    assert got["apart"]["fr"] == "Pièce non reliée : le vaisseau est en 2 morceaux, il n'en gardera qu'un."
    assert got["joint"]["fr"] == ("Connecteurs incompatibles entre un réacteur simple et un module structurel "
                                  "(un connecteur contre un côté lisse).")
    t = Ship.of_class("I", 31)
    t.put((7, 8), 64, 2)
    assert t.faults() == [{"why": "engine_dir", "cells": [[7, 8]], "fr": "Réacteur simple non tourné vers l'arrière.",
                           "en": "Single engine not facing the rear."}]
    u = Ship.of_class("I", 31)
    u.put((6, 7), 88, 0)
    u.put((5, 7), 49, 2)
    cannon = next(f for f in u.faults() if f["why"] == "cannon_blocked")
    assert cannon["fr"] == "Laser simple pointé vers un module structurel, juste devant son canon."
    assert cannon["en"] == "Single cannon pointing at a structural module, right in front of its barrel."
    assert Ship.of_class("I", 31).faults() == []
