"""Kroll & Prumni: the kit's worked examples as scenarios, then one test per rule (movement, fire, hyperspace,
colonisation, repairs, production, the discs, victory, refusals, undo)."""
from __future__ import annotations

import itertools
import json

import pytest

from cosmoludo.core import hexgrid as hx
from cosmoludo.core.errors import IllegalAction
from cosmoludo.core.hexgrid import Hex
from cosmoludo.games.kroll_prumni import KrollPrumni
from cosmoludo.games.kroll_prumni import geometry as geo
from cosmoludo.games.kroll_prumni.data import FIRE, FLEET, MAP, TYPES, check_data
from kroll_helpers import axial_map, begin, carry, do, position, put

E, NE, NW, W, SW, SE = range(6)


def moves(g, ship):
    return {(tuple(a["to"]), a.get("dir")) for a in g.ship_actions(ship) if a["type"] == "move"}


def targets(g, ship):
    return {t: n for t, _, n in g.targets(ship)}


def snapshot(g) -> str:
    return json.dumps([g.view(0), g.view(1), g.history, g.rng.state], sort_keys=True)


# ---- the data files ----------------------------------------------------------------------------------------------
def test_data_files_are_complete_and_the_map_is_fair():
    assert check_data(MAP, FIRE, FLEET) == []
    assert sorted(MAP.planets.values()).count("y") == 4 and sorted(MAP.planets.values()).count("b") == 4
    assert len(MAP.planets) == 12
    # Point symmetry: half a turn round the centre takes every hex to one with the same terrain, seats swapped.
    hexes = list(MAP.cells)
    c2 = (min(h.q for h in hexes) + max(h.q for h in hexes), min(h.r for h in hexes) + max(h.r for h in hexes))
    swap = {"G0": "G1", "G1": "G0", "L0": "L1", "L1": "L0"}
    for h, tok in MAP.cells.items():
        assert MAP.cells[Hex(c2[0] - h.q, c2[1] - h.r)] == swap.get(tok, tok)
    # Mobile bases start in orbit three hexes from the roofs of their giant planet, clear of every planet.
    for seat, head, heading in MAP.bases:
        cells = geo.cells_of("mobile", head, heading)
        roofs = [h for h, s in MAP.giant.items() if s == seat]
        assert min(hx.distance(c, r) for c in cells for r in roofs) == 3
        assert all(hx.distance(c, p) > 2 for c in cells for p in MAP.planets)
    # The four worked examples of the rules hold in the reconstructed table.
    assert FIRE["cruiser"]["fighter"][2] == 4
    assert FIRE["fighter"]["colonisator"][2] == 6 and FIRE["fighter"]["colonisator"][0] == 5
    assert FIRE["cruiser"]["colonisator"][1] == 4


def test_a_new_game_sets_up_the_two_fleets():
    g = KrollPrumni(2, {}, seed=5)
    mobiles = [s for s in g.ships.values() if s.kind == "mobile"]
    assert sorted(s.seat for s in mobiles) == [0, 0, 1, 1] and len(g.ships) == 4
    assert g.turn == 1 and g.absent in "yrb"
    assert sorted(g.discs) == sorted("yyrrbb")
    v = g.view(0)
    assert "discs" not in json.dumps(v) and v["absent"] == g.absent  # only the current disc is shown
    first = g.order[0]
    assert g.to_move() == [first]
    assert {a["option"] for a in g.legal_actions(first)} == {"cruiser", "colonisator", "fighters"}


# ---- the kit's examples ------------------------------------------------------------------------------------------------
def test_example_cruiser_vs_fighter_at_three():
    """« un croiseur est à trois cases d'un chasseur : 4, 5 ou 6 ; une explosion : 5 ou 6 ; deux : seul un 6 »."""
    g = position(axial_map())
    cr = put(g, 0, "cruiser", Hex(5, 7), E)
    f = put(g, 1, "fighter", Hex(8, 7))
    assert g.need(cr, f) == (3, 4)
    cr.hits = 1
    assert g.need(cr, f) == (3, 5)
    cr.hits = 2
    assert g.need(cr, f) == (3, 6)
    assert g.selection_view(cr)["targets"][0]["chance"] == pytest.approx(1 / 6)


def example_fire_position(absent=None):
    """The example page's fire: a cruiser and two fighters on a colonisator; fighters A, B, C blocked."""
    gm = axial_map(tokens={Hex(10, 3): "Py", Hex(9, 3): "Ab", Hex(12, 5): "Ar", Hex(8, 5): "Pb"})
    g = position(gm, absent=absent)
    col = put(g, 1, "colonisator", Hex(10, 5), E)
    cr = put(g, 0, "cruiser", Hex(10, 7), E, hits=1)
    far = put(g, 0, "fighter", Hex(10, 8))
    near = put(g, 0, "fighter", Hex(11, 5))
    a = put(g, 0, "fighter", Hex(10, 1))   # behind the yellow planet and the blue asteroids
    b = put(g, 0, "fighter", Hex(14, 5))   # behind the red asteroids
    c = put(g, 0, "fighter", Hex(7, 5))    # behind the blue planet
    return g, col, cr, far, near, a, b, c


def test_example_combined_fire_on_the_colonisator():
    g, col, cr, far, near, a, b, c = example_fire_position()
    assert g.need(far, col) == (3, 6)    # « l'un des chasseurs est à 3 cases : il doit faire 6 »
    assert g.need(near, col) == (1, 5)   # « l'autre est à 1 case : avec 5 ou 6 »
    assert g.need(cr, col) == (2, 5)     # « le croiseur à 2 cases devrait faire 4 … endommagé … au moins 5 »
    cr.hits = 0
    assert g.need(cr, col) == (2, 4)
    for blocked in (a, b, c):             # « les chasseurs A, B et C ne peuvent pas tirer »
        assert g.need(blocked, col) is None
        assert col.id not in targets(g, blocked)


def test_lines_of_fire_open_when_their_colour_is_absent_and_ships_never_block():
    g, col, _cr, _far, _near, _a, b, c = example_fire_position(absent="r")
    assert g.need(b, col) == (4, 6)       # the red asteroids are gone this turn
    assert g.need(c, col) is None         # the blue planet is still there
    g, col, _cr, _far, _near, _a, _b, c = example_fire_position(absent="b")
    assert g.need(c, col) == (2, 6)
    # Ships are no obstacle: the far fighter's line runs through the cruiser's head at (10, 7).
    g, col, cr, far, *_ = example_fire_position()
    assert Hex(10, 7) in cr.cells() and Hex(10, 7) in hx.line(far.head, col.head)
    assert g.need(far, col) == (3, 6)


def test_example_cruiser_fighter_and_colonisator_moves():
    """The examples page, « Mouvement de croiseur, chasseur et colonisator »: a cruiser 9 hexes with one heading
    change at any moment, a colonisator 6 with one change, a fighter 12 with as many changes as it likes."""
    rock = {Hex(9, r): "Ab" for r in range(4, 11)}  # a barrier straight ahead of the three ships
    g = position(axial_map(30, 20, tokens=rock))
    cr = put(g, 0, "cruiser", Hex(4, 12), E)
    col = put(g, 0, "colonisator", Hex(4, 14), E)
    f = put(g, 0, "fighter", Hex(7, 7))
    m = moves(g, cr)
    assert ((4, 3), NW) in m                    # turn at the start: 9 hexes up-left
    assert ((8, 8), NW) in m                    # 4 ahead, turn, 4 up-left (turn in the middle)
    assert ((13, 12), NE) in m                  # 9 ahead, turn at the end
    assert not any(h == (10, 7) for h, _ in m)  # round the barrier would take two turns
    m = moves(g, col)
    assert ((10, 14), E) in m and ((11, 14), E) not in m and ((7, 11), NW) in m and ((8, 11), NW) not in m
    # The fighter goes round the barrier (several heading changes) to the hex behind it, 12 at most.
    reach = {Hex(*h) for h, _ in moves(g, f)}
    assert Hex(10, 7) in reach and Hex(9, 7) not in reach
    assert g.destinations(f)[(Hex(10, 7), None)] > hx.distance(f.head, Hex(10, 7))


def test_example_colonisator_docking():
    """« Le colonisator vient s'accoster à la planète : il n'est pas endommagé et ses 2 cases sont adjacentes »."""
    planet = Hex(5, 10)
    g = position(axial_map(tokens={planet: "Py"}))
    c = put(g, 0, "colonisator", Hex(6, 12), NW)
    assert ((6, 9), NW) in moves(g, c)
    do(g, 0, {"type": "select", "ship": c.id}, {"type": "move", "to": [6, 9], "dir": NW}, {"type": "end"})
    base = g.base_at(planet)
    assert base is not None and base.seat == 0 and g.planets_of(0) == 1
    # A damaged colonisator, or one with only one hex against the planet, builds nothing.
    for hits, head, heading in ((1, Hex(6, 9), NW), (0, Hex(6, 8), NW)):
        g = position(axial_map(tokens={planet: "Py"}))
        put(g, 0, "colonisator", head, heading, hits=hits)
        do(g, 0, {"type": "end"})
        assert g.base_at(planet) is None
    # Nor while its planet is absent.
    g = position(axial_map(tokens={planet: "Py"}), absent="y")
    put(g, 0, "colonisator", Hex(6, 9), NW)
    do(g, 0, {"type": "end"})
    assert g.base_at(planet) is None


def test_the_picked_colonisator_s_destinations_say_which_planets_they_colonise():
    """The page marks the destinations that colonise (a newcomer colonised 0–1 planets against the bot's 9): each
    move of a sound colonisator names the planets it would colonise there, exactly those that ending the orders
    there founds a base on; a damaged one, or one without a fixed base left in stock, names none."""
    planet, other = Hex(5, 10), Hex(9, 10)
    g = position(axial_map(tokens={planet: "Py", other: "Pr"}))
    c = put(g, 0, "colonisator", Hex(6, 12), NW)
    sel = g.selection_view(c)["moves"]
    assert {(tuple(m["to"]), m["dir"]) for m in sel if m.get("colonises")} >= {((6, 9), NW)}
    assert all(m.get("colonises") != [] for m in sel)  # absent when empty, never an empty list
    for m in sel:
        g2 = position(axial_map(tokens={planet: "Py", other: "Pr"}))
        c2 = put(g2, 0, "colonisator", Hex(6, 12), NW)
        do(g2, 0, {"type": "select", "ship": c2.id}, {"type": "move", "to": m["to"], "dir": m["dir"]}, {"type": "end"})
        built = sorted([p[0], p[1]] for p in (planet, other) if g2.base_at(p) is not None)
        assert built == sorted(m.get("colonises", [])), m
    damaged = put(g, 0, "colonisator", Hex(3, 3), E, hits=1)
    assert not any(m.get("colonises") for m in g.selection_view(damaged)["moves"])
    g.stock = lambda seat, kind: 0  # type: ignore[method-assign]  # no fixed base left to found
    assert not any(m.get("colonises") for m in g.selection_view(c)["moves"])


def test_example_fighter_launch_then_recovery():
    """« le croiseur bouge (1), puis lance un chasseur (2) qui peut parcourir 6 cases » ; « le chasseur est
    récupéré après avoir bougé de 6 cases (3) et avant que le croiseur ne bouge (4) : il peut encore bouger de 9 »."""
    g = position(axial_map(30, 15))
    cr = put(g, 0, "cruiser", Hex(2, 7), E)
    f = carry(g, cr)
    do(g, 0, {"type": "select", "ship": cr.id}, {"type": "move", "to": [8, 7], "dir": E})
    assert g.asks[0].data["sel"] is None  # nothing left for it to do: released
    assert g.ships[f.id].head == Hex(8, 7)  # carried along
    reach = {to for to, _ in moves(g, f)}
    assert reach and max(min(hx.distance(Hex(*h), c) for c in cr.cells()) for h in reach) == 6
    do(g, 0, {"type": "select", "ship": f.id}, {"type": "move", "to": [8, 1]})  # 6 hexes from the head
    assert f.carried_by is None and cr.cargo == [] and f.head == Hex(8, 1)
    assert not moves(g, f)  # its move is done
    # Recovery: a fighter 6 hexes from a cruiser boards it, then the cruiser still moves 9.
    g = position(axial_map(30, 15))
    cr = put(g, 0, "cruiser", Hex(2, 7), E)
    f = put(g, 0, "fighter", Hex(2, 1))
    far = put(g, 0, "fighter", Hex(2, 0))  # 7 hexes from the cruiser's head, 7 from its tail
    assert {"type": "board", "ship": cr.id} in g.ship_actions(f)
    assert {"type": "board", "ship": cr.id} not in g.ship_actions(far)
    do(g, 0, {"type": "select", "ship": f.id}, {"type": "board", "ship": cr.id})
    assert f.carried_by == cr.id and cr.cargo == [f.id]
    do(g, 0, {"type": "select", "ship": cr.id})
    assert ((11, 7), E) in moves(g, cr) and ((12, 7), E) not in moves(g, cr)
    do(g, 0, {"type": "move", "to": [11, 7], "dir": E})
    assert f.head == Hex(11, 7)


def test_a_cruiser_carries_two_fighters_and_a_fighter_may_not_board_a_full_one():
    g = position(axial_map())
    cr = put(g, 0, "cruiser", Hex(5, 7), E)
    carry(g, cr)
    carry(g, cr)
    f = put(g, 0, "fighter", Hex(5, 4))
    assert g.boardings(f) == []


def test_example_mobile_base_move():
    """« Les bases mobiles peuvent bouger de 3 cases au plus, dans n'importe quelle direction, sans changer ni de cap
    ni d'orientation »."""
    g = position(axial_map())
    b = put(g, 0, "mobile", Hex(6, 7), E)
    m = moves(g, b)
    assert len(m) == 18 and {d for _, d in m} == {E}
    assert all(1 <= hx.distance(Hex(*h), b.head) <= 3 for h, _ in m)
    assert ((9, 7), E) in m and ((6, 4), E) in m and ((3, 7), E) in m  # ahead, sideways, backwards
    # An asteroid two hexes ahead stops it after one.
    g = position(axial_map(tokens={Hex(8, 7): "Ay"}))
    b = put(g, 0, "mobile", Hex(6, 7), E)
    assert ((7, 7), E) in moves(g, b) and ((8, 7), E) not in moves(g, b) and ((9, 7), E) not in moves(g, b)


def test_example_repairs():
    """« Tous les vaisseaux adjacents à la base mobile pourront retirer une explosion à la fin du tour s'ils restent
    immobiles et ne tirent pas »."""
    g = position(axial_map())
    base = put(g, 0, "mobile", Hex(6, 7), E)
    still = put(g, 0, "cruiser", Hex(6, 6), E, hits=2)
    col = put(g, 0, "colonisator", Hex(7, 8), E, hits=1)
    mover = put(g, 0, "cruiser", Hex(4, 8), W, hits=1)      # head (4, 8), tail (5, 8): next to the base
    shooter = put(g, 0, "cruiser", Hex(7, 6), NW, hits=1)   # head (7, 6), tail (7, 7): next to the base
    enemy = put(g, 1, "fighter", Hex(10, 5))
    far = put(g, 0, "cruiser", Hex(12, 10), E, hits=1)
    begin(g)
    assert g.repair_start == {still.id, col.id, mover.id, shooter.id}  # « plusieurs vaisseaux en même temps »
    do(g, 0, {"type": "select", "ship": mover.id}, {"type": "move", "to": [2, 8], "dir": W})
    if g.asks[0].data["sel"] is not None:  # it could still fire: release it
        do(g, 0, {"type": "deselect"})
    do(g, 0, {"type": "select", "ship": shooter.id}, {"type": "fire", "target": enemy.id})
    assert shooter.fired == 1 and mover.moved
    do(g, 0, {"type": "deselect"}, {"type": "end"})  # the shooter has a missile left: release it
    assert still.hits == 1 and col.hits == 0 and far.hits == 1
    assert g.ships[mover.id].hits == 1
    assert shooter.hits == 1
    assert base.hits == 0


def test_damaged_bases_repair_themselves_but_nobody_else():
    g = position(axial_map())
    base = put(g, 0, "mobile", Hex(6, 7), E, hits=2)
    cr = put(g, 0, "cruiser", Hex(6, 6), E, hits=1)
    fixed = put(g, 0, "fixed", Hex(12, 3), None, hits=3)
    begin(g)
    assert g.repair_start == set()
    do(g, 0, {"type": "end"})
    assert base.hits == 1 and fixed.hits == 2 and cr.hits == 1


# ---- movement ----------------------------------------------------------------------------------------------------------
def test_cruiser_moves_nine_and_turns_once_pivoting_on_its_head():
    g = position(axial_map(30, 20))
    cr = put(g, 0, "cruiser", Hex(5, 10), E)
    m = moves(g, cr)
    assert ((14, 10), E) in m and ((15, 10), E) not in m            # 9 straight ahead, not 10
    assert ((5, 10), NE) in m                                       # a turn at the start, on the spot
    assert ((9, 6), NW) in m                                        # 4 ahead, turn, 4 up-left
    assert ((14, 10), SE) in m                                      # a turn at the end
    assert ((10, 5), E) not in m                                    # would need two turns
    assert all(hx.distance(Hex(*h), cr.head) <= 9 for h, _ in m)
    view = g.selection_view(cr)
    move = next(x for x in view["moves"] if x["to"] == [9, 6] and x["dir"] == NW)
    assert move["turn"] == 4
    path = geo.view_path(view, g.ship_view(cr), move)
    assert path == [[5, 10], [6, 10], [7, 10], [8, 10], [9, 10], [9, 9], [9, 8], [9, 7], [9, 6]]
    col = put(g, 0, "colonisator", Hex(5, 15), E)
    m = moves(g, col)
    assert ((11, 15), E) in m and ((12, 15), E) not in m


def test_fighters_move_twelve_with_any_turns_and_never_through_present_bodies():
    wall = {Hex(q, 8): "Ar" for q in range(20)}
    del wall[Hex(19, 8)]
    g = position(axial_map(30, 20, tokens=wall))
    f = put(g, 0, "fighter", Hex(10, 6))
    reach = {h for h, _ in moves(g, f)}
    assert Hex(10, 10) not in {Hex(*h) for h in reach}  # the barrier is in the way, the gap too far
    g = position(axial_map(30, 20, tokens=wall), absent="r")
    f = put(g, 0, "fighter", Hex(10, 6))
    reach = {Hex(*h) for h, _ in moves(g, f)}
    assert Hex(10, 10) in reach and Hex(10, 8) in reach  # red asteroids are absent this turn
    assert max(hx.distance(h, f.head) for h in reach) == 12


def test_ships_pass_through_ships_but_end_alone_and_stay_on_the_map():
    g = position(axial_map(20, 15))
    cr = put(g, 0, "cruiser", Hex(5, 7), E)
    put(g, 1, "fighter", Hex(7, 7))
    put(g, 0, "fighter", Hex(9, 7))
    m = moves(g, cr)
    assert ((11, 7), E) in m          # through both
    for head in ((7, 7), (8, 7), (9, 7), (10, 7)):
        assert (head, E) not in m     # head or tail on a ship
    assert all(Hex(*h) in g.gm.cells for h, _ in m)


def test_gravity_margins_keep_cruisers_one_hex_and_bases_two_hexes_from_planets():
    planet = Hex(10, 7)
    g = position(axial_map(tokens={planet: "Pb"}))
    cr = put(g, 0, "cruiser", Hex(5, 7), E)
    m = moves(g, cr)
    assert ((8, 7), E) in m and ((9, 7), E) not in m  # (9, 7) touches the planet
    col = put(g, 0, "colonisator", Hex(5, 5), E)
    fi = put(g, 0, "fighter", Hex(5, 3))
    assert ((9, 6), SE) in moves(g, col) or ((10, 6), E) in moves(g, col)  # colonisators may touch planets
    assert ((10, 6), None) in moves(g, fi)
    base = put(g, 0, "mobile", Hex(6, 11), E)
    bm = moves(g, base)
    assert ((8, 9), E) not in bm  # head two hexes from the planet: too close
    # Absent planets have no pull.
    g = position(axial_map(tokens={planet: "Pb"}), absent="b")
    cr = put(g, 0, "cruiser", Hex(5, 7), E)
    assert ((11, 7), E) in moves(g, cr)  # straight through the absent planet


# ---- fire ---------------------------------------------------------------------------------------------------------------
def test_fire_types_ranges_and_missiles():
    g = position(axial_map(30, 15))
    base = put(g, 0, "mobile", Hex(5, 7), E)
    cr = put(g, 0, "cruiser", Hex(5, 4), E)
    f = put(g, 0, "fighter", Hex(5, 10))
    col = put(g, 0, "colonisator", Hex(3, 12), E)
    e1 = put(g, 1, "fighter", Hex(15, 7))   # 10 from the base's head
    e2 = put(g, 1, "cruiser", Hex(13, 4), E)  # 8 from the cruiser's head (tail at 12, 4: 7)
    e3 = put(g, 1, "fighter", Hex(9, 10))   # 4 from the fighter
    assert e1.id in targets(g, base) and put(g, 1, "fighter", Hex(17, 7)).id not in targets(g, base)
    assert e2.id in targets(g, cr) and e3.id in targets(g, f)
    assert g.targets(col) == []
    # A cruiser fires two missiles, on one or two targets; a fighter one; a base one on each ship.
    do(g, 0, {"type": "select", "ship": cr.id}, {"type": "fire", "target": e2.id})
    if e2.id in g.ships:
        do(g, 0, {"type": "fire", "target": e2.id})
    assert cr.fired == 2 and g.targets(cr) == []
    if g.asks[0].data["sel"] is not None:
        do(g, 0, {"type": "deselect"})
    do(g, 0, {"type": "select", "ship": base.id}, {"type": "fire", "target": e1.id})
    assert e1.id not in targets(g, base)


def test_fire_before_or_after_the_move_never_both():
    g = position(axial_map(30, 15))
    cr = put(g, 0, "cruiser", Hex(5, 7), E)
    enemy = put(g, 1, "mobile", Hex(9, 7), E)
    do(g, 0, {"type": "select", "ship": cr.id}, {"type": "fire", "target": enemy.id})
    assert ((7, 7), E) in moves(g, cr)
    do(g, 0, {"type": "move", "to": [7, 7], "dir": E})
    assert cr.fired == 1 and g.targets(cr) == []  # one missile left, but its fire came before the move
    assert g.asks[0].data["sel"] is None
    g.asks[0].data["sel"] = cr.id
    with pytest.raises(IllegalAction) as e:
        g.apply(0, {"type": "fire", "target": enemy.id})
    assert "avant" in e.value.fr and "before" in e.value.en
    # Moving first, then firing, is fine.
    g = position(axial_map(30, 15))
    cr = put(g, 0, "cruiser", Hex(5, 7), E)
    enemy = put(g, 1, "mobile", Hex(12, 7), E)
    do(g, 0, {"type": "select", "ship": cr.id}, {"type": "move", "to": [7, 7], "dir": E})
    assert enemy.id in targets(g, cr)


def test_no_friendly_fire_and_fixed_bases_only_while_their_planet_is_present():
    planet = Hex(10, 7)
    g = position(axial_map(tokens={planet: "Py"}))
    cr = put(g, 0, "cruiser", Hex(6, 7), E)
    own = put(g, 0, "fighter", Hex(7, 5))
    fixed = put(g, 1, "fixed", planet)
    assert own.id not in targets(g, cr) and fixed.id in targets(g, cr)
    g.absent = "y"
    assert fixed.id not in targets(g, cr)
    do(g, 0, {"type": "select", "ship": cr.id})
    with pytest.raises(IllegalAction) as e:
        g.apply(0, {"type": "fire", "target": fixed.id})
    assert "absente" in e.value.fr and "absent" in e.value.en
    with pytest.raises(IllegalAction) as e:
        g.apply(0, {"type": "fire", "target": own.id})
    assert "propres" in e.value.fr


def test_destruction_thresholds_and_carried_fighters_die_with_their_cruiser():
    for kind, threshold in (("fighter", 1), ("cruiser", 3), ("colonisator", 3), ("mobile", 5), ("fixed", 5)):
        assert TYPES[kind].threshold == threshold
    g = position(axial_map())
    cr = put(g, 1, "cruiser", Hex(8, 7), E, hits=2)
    f1, f2 = carry(g, cr), carry(g, cr)
    base = put(g, 0, "mobile", Hex(6, 7), E)
    assert f1.id not in targets(g, base)  # carried fighters are not targets
    for seed in range(40):  # find a seed whose die hits (need 2 at distance 1)
        g.rng.__init__(seed)
        before = dict(g.ships)
        g.asks[0].data["sel"] = None
        base.targets = []
        do(g, 0, {"type": "select", "ship": base.id}, {"type": "fire", "target": cr.id})
        if cr.id not in g.ships:
            break
        g.ships = before
        g.touch()
        cr.hits = 2
    assert cr.id not in g.ships and f1.id not in g.ships and f2.id not in g.ships


# ---- hyperspace --------------------------------------------------------------------------------------------------------
def test_hyperspace_entry_exit_and_its_limits():
    g = position(axial_map(30, 15, tokens={Hex(20, 3): "Ay"}))
    cr = put(g, 0, "cruiser", Hex(5, 7), E)
    f = carry(g, cr)
    hurt = put(g, 0, "cruiser", Hex(5, 11), E, hits=1)
    near = put(g, 0, "colonisator", Hex(15, 7), E)
    put(g, 1, "fighter", Hex(16, 6))
    fi = put(g, 0, "fighter", Hex(10, 12))
    assert {"type": "hyper"} in g.ship_actions(cr)
    assert {"type": "hyper"} not in g.ship_actions(hurt)   # hit by a missile
    assert {"type": "hyper"} not in g.ship_actions(near)   # a ship next to it
    assert {"type": "hyper"} not in g.ship_actions(fi)     # fighters do not
    do(g, 0, {"type": "select", "ship": cr.id}, {"type": "hyper"})
    assert cr.hyper and cr.head is None and g.ships[f.id].head is None
    assert cr.id not in g.ready_ships(0)                    # not out again in the same turn
    begin(g)                                                # the next turn
    exits = g.exits(cr)
    assert exits and all(all(n not in g.occupancy() and n not in g.gm.obstacles(None)
                               for n in geo.adjacent_cells(g.gm, geo.cells_of("cruiser", h, d))) for h, d in exits)
    assert (Hex(20, 4), E) not in exits                     # next to the yellow asteroids
    do(g, 0, {"type": "select", "ship": cr.id}, {"type": "exit", "to": [10, 5], "dir": E})
    assert not cr.hyper and cr.head == Hex(10, 5) and cr.exited
    assert not moves(g, cr) and g.targets(cr) == [] and {"type": "hyper"} not in g.ship_actions(cr)
    # Its fighter may move 6 and fire at once.
    fm = moves(g, g.ships[f.id])
    assert fm and max(min(hx.distance(Hex(*h), c) for c in cr.cells()) for h, _ in fm) == 6


def test_a_cruiser_may_fire_before_entering_hyperspace_but_not_after_moving():
    g = position(axial_map(30, 15))
    cr = put(g, 0, "cruiser", Hex(5, 7), E)
    enemy = put(g, 1, "mobile", Hex(11, 7), E)
    do(g, 0, {"type": "select", "ship": cr.id}, {"type": "fire", "target": enemy.id})
    assert {"type": "hyper"} in g.ship_actions(cr)
    g = position(axial_map(30, 15))
    cr = put(g, 0, "cruiser", Hex(5, 7), E)
    do(g, 0, {"type": "select", "ship": cr.id}, {"type": "move", "to": [7, 7], "dir": E}, )
    assert {"type": "hyper"} not in g.ship_actions(cr)
    with pytest.raises(IllegalAction) as e:
        g.apply(0, {"type": "select", "ship": cr.id}) if g.asks[0].data["sel"] is None else g.apply(0, {"type": "hyper"})
    assert e.value.fr and e.value.en


# ---- the discs ----------------------------------------------------------------------------------------------------------
def test_reappearing_bodies_destroy_ships_on_or_too_close_to_them():
    planet, rock = Hex(10, 7), Hex(10, 3)
    g = position(axial_map(tokens={planet: "Py", rock: "Ay"}), absent="y")
    on_rock = put(g, 0, "fighter", rock)
    close_cruiser = put(g, 0, "cruiser", Hex(12, 7), E)       # tail (11, 7) touches the planet
    close_base = put(g, 1, "mobile", Hex(12, 8), E)           # tail (11, 8): two hexes away
    next_fighter = put(g, 1, "fighter", Hex(9, 7))           # fighters may be next to a planet
    own_planet_fighter = put(g, 1, "fighter", planet)
    put(g, 1, "fixed", planet)
    g.turn = 1
    g.discs = ["y", "r", "b", "y", "r", "b"]
    g._step_disc()
    assert g.absent == "r"
    for s in (on_rock, close_cruiser, close_base):
        assert s.id not in g.ships
    assert next_fighter.id in g.ships and own_planet_fighter.id in g.ships
    # After six discs the same order repeats.
    g.turn = 6
    g._step_disc()
    assert g.turn == 7 and g.absent == "y"


def test_the_disc_order_is_hidden_but_only_the_unseen_part_is_resampled():
    g = KrollPrumni(2, {}, seed=11)
    from cosmoludo.core.rng import Rng
    d = g.determinize(0, Rng(3))
    assert d.discs[0] == g.discs[0] and sorted(d.discs) == sorted(g.discs)
    assert any(g.determinize(0, Rng(k)).discs != g.discs for k in range(10))
    # Re-dealing what a seat cannot know never changes its view.
    assert json.dumps(d.view(0), sort_keys=True) == json.dumps(g.view(0) | {"log": d.view(0)["log"]},
                                                                sort_keys=True)


# ---- production -------------------------------------------------------------------------------------------------------
def test_production_puts_two_hex_ships_rear_on_a_platform_and_fighters_on_the_cruiser():
    g = KrollPrumni(2, {}, seed=2)
    seat = g.to_move()[0]
    do(g, seat, {"type": "produce", "option": "cruiser"})
    acts = g.legal_actions(seat)
    assert acts and all(a["type"] == "place" for a in acts)
    a = acts[0]
    do(g, seat, a)
    cr = max(g.ships.values(), key=lambda s: s.id)
    assert cr.kind == "cruiser" and geo.tail_of(cr.head, cr.heading) in g.gm.platforms
    assert g.gm.platforms[geo.tail_of(cr.head, cr.heading)] == seat
    assert {"type": "place", "on": cr.id} in g.legal_actions(seat)
    do(g, seat, {"type": "place", "on": cr.id}, {"type": "place", "on": cr.id})
    assert len(cr.cargo) == 2 and g.asks[0].kind == "orders"
    assert g.stock(seat, "cruiser") == FLEET["cruiser"] - 1 and g.stock(seat, "fighter") == FLEET["fighter"] - 2
    # Five fighters: one on each free platform.
    g = KrollPrumni(2, {}, seed=2)
    seat = g.to_move()[0]
    do(g, seat, {"type": "produce", "option": "fighters"})
    for _ in range(5):
        do(g, seat, g.legal_actions(seat)[0])
    assert g.asks[0].kind == "orders"
    assert sum(1 for s in g.ships.values() if s.kind == "fighter" and s.head in g.gm.platforms) == 5


def test_a_new_ships_head_may_rest_on_another_free_platform():
    """Only the rear must rest on a platform (« c'est l'arrière du vaisseau qui doit reposer sur l'aire de
    lancement »; shared/rules/DECISIONS.md, Kroll 6): with two free platforms side by side and every other hex
    round them taken, the cruiser goes on both, its two fighters on it; then its tail follows its head off the
    platform, and no move ends on a platform."""
    g = KrollPrumni(2, {}, seed=2)
    seat = g.to_move()[0]
    plats = sorted(h for h, s in g.gm.platforms.items() if s == seat)
    gm = g.gm
    # Two platforms side by side, p behind q, with open space for two hexes straight ahead of q.
    p, q = next((a, b) for a in plats for b in plats if b in hx.neighbors(a) and all(
        gm.cells.get(geo.step(b, hx.direction_to(a, b), k)) == "-" for k in (1, 2)))
    for h in plats:
        if h not in (p, q):
            put(g, seat, "fighter", h)
    round_them = sorted({n for x in (p, q) for n in hx.neighbors(x)
                         if n in g.gm.cells and n not in g.gm.platforms and n not in g.gm.giant})
    others = [put(g, 1 - seat, "fighter", n) for n in round_them]
    assert round_them and g.can_produce(seat, "cruiser") and g.can_produce(seat, "colonisator")
    # Both ways round, when the head points at open space (facing a platform or the giant planet, a ship that
    # moves head first could never take off).
    want = [(tuple(b), hx.direction_to(a, b)) for a, b in ((p, q), (q, p))
            if gm.cells.get(geo.step(b, hx.direction_to(a, b))) == "-"]
    assert (tuple(q), hx.direction_to(p, q)) in want
    assert sorted((tuple(a["to"]), a["dir"]) for a in g.placements(seat, "cruiser")) == sorted(want)
    do(g, seat, {"type": "produce", "option": "cruiser"},
       {"type": "place", "to": list(q), "dir": hx.direction_to(p, q)})
    cr = max(g.ships.values(), key=lambda s: s.id)
    assert cr.kind == "cruiser" and cr.cells() == (q, p)
    do(g, seat, {"type": "place", "on": cr.id}, {"type": "place", "on": cr.id})
    assert len(cr.cargo) == 2 and g.asks[0].kind == "orders"
    for s in others:
        del g.ships[s.id]
    g.touch()
    dests = g.destinations(cr)
    assert dests and not any({h, geo.tail_of(h, d)} & set(gm.platforms) for h, d in dests)  # take-off only
    off = geo.step(q, cr.heading, 2)
    assert (off, cr.heading) in dests  # two hexes on, the tail over the platform the head rested on
    assert (geo.step(q, cr.heading), cr.heading) not in dests  # one hex on: its tail would still be on it
    do(g, seat, {"type": "select", "ship": cr.id}, {"type": "move", "to": list(off), "dir": cr.heading})
    assert cr.cells() == (off, geo.step(q, cr.heading))


def test_a_colonised_planet_produces_a_fighter_when_present_and_undamaged():
    g = KrollPrumni(2, {}, seed=2)
    seat = g.to_move()[0]
    planets = sorted(g.gm.planets)
    present = [p for p in planets if g.gm.planets[p] != g.absent][:2]
    absent = next(p for p in planets if g.gm.planets[p] == g.absent)
    b1 = put(g, seat, "fixed", present[0])
    put(g, seat, "fixed", present[1], hits=1)
    put(g, seat, "fixed", absent)
    g.planet_fighters(seat)
    made = [s for s in g.ships.values() if s.kind == "fighter"]
    assert [s.head for s in made] == [b1.head]
    g.planet_fighters(seat)  # its fighter still sits there: no second one
    assert len([s for s in g.ships.values() if s.kind == "fighter"]) == 1


# ---- victory ----------------------------------------------------------------------------------------------------------
def test_eight_planets_win_at_the_end_of_a_turn():
    g = KrollPrumni(2, {}, seed=2)
    for p in sorted(g.gm.planets)[:8]:
        put(g, 1, "fixed", p)
    g.asks = []
    g._step_count()
    assert g.is_over() and g.result()["winners"] == [1]


def test_after_the_last_turn_fixed_bases_score_four_minus_their_explosions():
    g = KrollPrumni(2, {"turns": 3}, seed=2)
    ps = sorted(g.gm.planets)
    put(g, 0, "fixed", ps[0], hits=2)
    put(g, 0, "fixed", ps[1])
    put(g, 1, "fixed", ps[2])
    put(g, 1, "fixed", ps[3], hits=1)
    g.asks = []
    g.turn = 3
    g._step_count()
    assert g.result() == {"winners": [1], "scores": {"0": 6, "1": 7}}


# ---- refusals, undo, saves ---------------------------------------------------------------------------------------------
GARBAGE = [{"type": "select", "ship": 999}, {"type": "select", "ship": "1"}, {"type": "move", "to": [0, 0]},
           {"type": "fire", "target": 1}, {"type": "hyper"}, {"type": "exit", "to": [1, 1], "dir": 0},
           {"type": "board", "ship": 1}, {"type": "produce", "option": "dreadnought"}, {"type": "place"},
           {"type": "deselect"}, {"type": "select"}, {"type": "end", "x": 1}]


def test_refused_actions_say_why_and_change_nothing():
    g = KrollPrumni(2, {}, seed=4)
    seat = g.to_move()[0]
    for state_steps in range(3):
        before = snapshot(g)
        for a in GARBAGE:
            with pytest.raises(IllegalAction) as e:
                g.apply(seat, a)
            assert e.value.fr and e.value.en
            with pytest.raises(IllegalAction):
                g.apply(1 - seat, g.legal_actions(seat)[0])  # the wrong seat
            assert snapshot(g) == before
        do(g, seat, g.legal_actions(seat)[0])
    # Selecting an enemy ship is refused with the rule's reason.
    while g.asks[0].kind != "orders":
        do(g, seat, g.legal_actions(seat)[0])
    enemy = next(s for s in g.ships.values() if s.seat != seat)
    with pytest.raises(IllegalAction) as e:
        g.apply(seat, {"type": "select", "ship": enemy.id})
    assert "adverses" in e.value.fr and "opponent" in e.value.en


def test_moves_are_undoable_until_a_die_is_rolled():
    K = KrollPrumni
    g = position(axial_map(30, 15))
    cr = put(g, 0, "cruiser", Hex(5, 7), E)
    enemy = put(g, 1, "mobile", Hex(12, 7), E)
    do(g, 0, {"type": "select", "ship": cr.id}, {"type": "move", "to": [7, 7], "dir": E})
    assert g.can_undo(0) and not g.can_undo(1)
    do(g, 0, {"type": "fire", "target": enemy.id})
    assert not g.can_undo(0)  # the die has spoken
    # On a real game, undo replays the log without the last action.
    g = K(2, {}, seed=8)
    seat = g.to_move()[0]
    do(g, seat, {"type": "produce", "option": "colonisator"})
    assert g.can_undo(seat)
    again = K(2, {}, seed=8)
    for s, a in g.history[:-1]:
        again.apply(s, a)
    assert again.asks[0].kind == "produce"


def test_a_save_replays_to_the_same_state():
    from cosmoludo.core.rng import Rng
    g = KrollPrumni(2, {"turns": 2}, seed=21)
    rng = Rng(5)
    while not g.is_over():
        seat = g.to_move()[0]
        acts = g.legal_actions(seat)
        g.apply(seat, acts[rng.below(len(acts))])
    again = KrollPrumni(2, {"turns": 2}, seed=21)
    for s, a in json.loads(json.dumps(g.history)):
        again.apply(s, a)
    assert snapshot(again) == snapshot(g)


def test_the_quick_any_move_check_agrees_with_the_full_list_on_crowded_maps():
    from cosmoludo.tools.bench import kroll_full_fleet

    for k in range(6):
        g = kroll_full_fleet(k)
        for seat in (0, 1):
            g.begin_phase(seat)
            occ = g.occupancy()
            for s in g.ships.values():
                if s.seat == seat and s.kind != "fixed":
                    assert g.has_move(s, occ) == bool(g.destinations(s, occ)), (k, s.kind, s.head)


def test_a_fighter_path_shown_for_each_destination_is_a_shortest_way_round_obstacles():
    wall = {Hex(9, r): "Ab" for r in range(3, 12)}
    g = position(axial_map(tokens=wall))
    f = put(g, 0, "fighter", Hex(7, 7))
    reach = g.destinations(f)
    view = g.selection_view(f)
    assert len(view["moves"]) == len(reach)
    for m in view["moves"]:
        path = [Hex(*p) for p in geo.view_path(view, g.ship_view(f), m)]
        assert path[0] == f.head and path[-1] == Hex(*m["to"])
        assert len(path) - 1 == reach[(Hex(*m["to"]), None)] <= 12
        assert all(hx.distance(a, b) == 1 for a, b in itertools.pairwise(path))
        assert not any(p in g.gm.asteroids for p in path)


def test_each_two_hex_path_shown_is_a_legal_way_there_with_at_most_one_turn():
    """The compact selection view (no path lists) decodes to a path the ship may really take: from its head, one
    hex at a time, straight then turned once on its head, every position on the way (head and tail) on the map and
    clear, within its allowance."""
    from cosmoludo.tools.bench import kroll_full_fleet

    checked = 0
    for k in range(3):
        g = kroll_full_fleet(k)
        for seat in (0, 1):
            g.begin_phase(seat)
            for s in list(g.ships.values()):
                if s.seat != seat or s.kind not in ("cruiser", "colonisator", "mobile") or not s.on_map():
                    continue
                view = g.selection_view(s)
                assert "tree" not in view
                blocked = g.blocked(s.kind)
                for m in view["moves"]:
                    path = [Hex(*p) for p in geo.view_path(view, g.ship_view(s), m)]
                    assert path[0] == s.head and path[-1] == Hex(*m["to"])
                    assert all(hx.distance(a, b) == 1 for a, b in itertools.pairwise(path))
                    assert len(path) - 1 <= s.type.move
                    turn = len(path) if m["turn"] is None else m["turn"]
                    for i, h in enumerate(path):
                        heading = s.heading if s.kind == "mobile" or i < turn else m["dir"]
                        for c in (h, geo.tail_of(h, heading)):
                            assert c in g.gm.cells and c not in blocked, (s.kind, m, c)
                        if i and i <= turn and s.kind != "mobile":
                            assert h == geo.step(path[i - 1], s.heading)
                        elif i > turn:
                            assert h == geo.step(path[i - 1], m["dir"])
                    checked += 1
    assert checked > 100


def test_hyperspace_exits_are_exactly_the_clear_positions_on_a_crowded_map():
    from cosmoludo.tools.bench import kroll_full_fleet

    for k in range(3):
        g = kroll_full_fleet(k)
        cr = next(s for s in g.ships.values() if s.kind == "cruiser")
        cr.head, cr.hyper = None, True
        for fid in cr.cargo:
            g.ships[fid].head = None
        g.touch()
        occ = g.occupancy()
        blocked = g.blocked("cruiser")
        want = sorted((h, d) for h in g.gm.cells for d in range(6)
                      if geo.tail_of(h, d) in g.gm.cells
                      and not ({h, geo.tail_of(h, d)} & (set(blocked) | set(occ)))
                      and g.hyper_clear((h, geo.tail_of(h, d)), cr.id, occ))
        assert sorted(g.exits(cr)) == want


def reference_moves(gm, blocked, head, heading, allowance, turns, passable=frozenset()):
    """Two-hex moves by brute force from the rules' words: every route (straight a hexes, at most one pivot on
    the head, straight b more; or a mobile base's straight slide) whose every position is on the map and clear;
    the tail may cover the hexes of `passable`, the head only where it starts (a new ship's head on a platform)."""
    def fine(h, d):
        t = geo.tail_of(h, d)
        return (h in gm.cells and t in gm.cells and (h not in blocked or (h == head and h in passable))
                and (t not in blocked or t in passable))

    out = set()
    if turns == 0:
        for d in range(6):
            for k in range(1, allowance + 1):
                hs = [geo.step(head, d, i) for i in range(1, k + 1)]
                ts = [geo.step(geo.tail_of(head, heading), d, i) for i in range(1, k + 1)]
                if all(h in gm.cells and t in gm.cells and h not in blocked and (t not in blocked or t in passable)
                       for h, t in zip(hs, ts)):
                    out.add((hs[-1], heading))
        return out
    for d1 in range(6):
        for a in range(allowance + 1):
            for b in range(allowance - a + 1):
                if d1 == heading and b:
                    continue
                route = [(geo.step(head, heading, i), heading) for i in range(1, a + 1)]
                pivot = geo.step(head, heading, a)
                if d1 != heading:
                    route.append((pivot, d1))
                route += [(geo.step(pivot, d1, i), d1) for i in range(1, b + 1)]
                if route and all(fine(h, d) for h, d in route):
                    out.add(route[-1])
    return out


def test_two_hex_moves_match_a_brute_force_reading_of_the_rules():
    from cosmoludo.core.rng import Rng

    rng = Rng(12)
    cells = sorted(MAP.cells)
    for _ in range(150):
        blocked = frozenset(cells[rng.below(len(cells))] for _ in range(rng.below(90)))
        head, heading = cells[rng.below(len(cells))], rng.below(6)
        if geo.tail_of(head, heading) not in MAP.cells:
            continue
        for turns, allowance in ((1, 9), (1, 6), (0, 3)):
            got = set(geo.two_hex_moves(MAP, blocked, head, heading, allowance, turns))
            assert got == reference_moves(MAP, blocked, head, heading, allowance, turns)
            # A new ship whose head rests on a platform (Kroll 6): its tail may follow it over that hex.
            on = frozenset((head,))
            got = set(geo.two_hex_moves(MAP, blocked | on, head, heading, allowance, turns, passable=on))
            assert got == reference_moves(MAP, blocked | on, head, heading, allowance, turns, passable=on)


def test_the_log_never_names_a_disc_colour():
    """« Les joueurs n'ont pas le droit de noter par écrit l'ordre d'apparition des couleurs »: the page shows the
    current disc (view["absent"]); the log, which the page keeps for the whole game, says that a disc is turned
    over but never which, and a reappearance names no colour."""
    import re

    from cosmoludo.core.rng import Rng

    colour = re.compile(r"disque (jaune|rouge|bleu)|(yellow|red|blue) disc|astres (jaune|rouge|bleu)s|"
                        r"(yellow|red|blue) bodies|planètes et astéroïdes (jaune|rouge|bleu)s|(yellow|red|blue) planets")
    g = KrollPrumni(2, {"turns": 8}, seed=3)
    rng = Rng(3)
    turns_seen = set()
    while not g.is_over():
        for seat in (None, 0, 1):
            v = g.view(seat)
            assert v["absent"] == g.absent
            turned = [e for e in v["log"] if "un nouveau disque est retourné" in e["fr"]]
            assert len(turned) == g.turn and all("a new disc is turned over" in e["en"] for e in turned)
            assert not any(colour.search(e["fr"] + " " + e["en"]) for e in v["log"])
        turns_seen.add(g.turn)
        seat = g.to_move()[0]
        acts = g.legal_actions(seat)
        g.apply(seat, acts[rng.below(len(acts))])
    assert turns_seen == set(range(1, 9))


def test_fighters_carried_out_of_hyperspace_move_six_and_fire_at_once():
    """« Dès le retour d'un croiseur dans l'espace normal, les chasseurs éventuellement à bord peuvent se déplacer
    de 6 cases et tirer » — while the cruiser itself does not fire on its exit turn."""
    g = position(axial_map(30, 15))
    cr = put(g, 0, "cruiser", Hex(5, 7), E)
    f = carry(g, cr)
    enemy = put(g, 1, "fighter", Hex(20, 5))
    do(g, 0, {"type": "select", "ship": cr.id}, {"type": "hyper"})
    begin(g)
    do(g, 0, {"type": "select", "ship": cr.id}, {"type": "exit", "to": [16, 7], "dir": E})
    assert g.targets(cr) == []                      # the cruiser does not fire as it comes out
    if g.asks[0].data["sel"] is not None:
        do(g, 0, {"type": "deselect"})
    do(g, 0, {"type": "select", "ship": f.id}, {"type": "move", "to": [19, 5]})  # launched: 3 of its 6 hexes
    assert f.launched and f.carried_by is None
    assert targets(g, f) == {enemy.id: FIRE["fighter"]["fighter"][0]}
    do(g, 0, {"type": "fire", "target": enemy.id})
    assert f.fired == 1


def test_explosions_never_slow_a_move_in_normal_space():
    """« Les explosions n'influent en rien sur les mouvements en espace normal »."""
    for kind in ("cruiser", "colonisator", "mobile"):  # (a fighter dies at its first explosion)
        g = position(axial_map(30, 20, tokens={Hex(12, 9): "Pr", Hex(9, 6): "Ab"}))
        ship = put(g, 0, kind, Hex(8, 10), E)
        sound = moves(g, ship)
        ship.hits = TYPES[kind].threshold - 1
        assert moves(g, ship) == sound and sound


def test_launch_platforms_are_for_take_off_only_and_the_giant_planets_closed():
    """The terrain table: « Plateformes rouges — décollage uniquement », « Planète mère — interdit »."""
    g = KrollPrumni(2, {}, seed=2)
    seat = g.to_move()[0]
    do(g, seat, {"type": "produce", "option": "cruiser"})
    do(g, seat, g.legal_actions(seat)[0])
    cr = max(g.ships.values(), key=lambda s: s.id)
    for _ in range(2):  # its two fighters on free platforms, not aboard
        do(g, seat, next(a for a in g.legal_actions(seat) if "to" in a))
    assert g.asks[0].kind == "orders"
    fighters = [s for s in g.ships.values() if s.kind == "fighter" and s.seat == seat and s.carried_by is None]
    closed = set(g.gm.platforms) | set(g.gm.giant)
    for s in [cr, *fighters]:
        reach = g.destinations(s)
        assert reach, s.kind                       # it takes off
        for (h, d) in reach:
            cells = {h} if d is None else {h, geo.tail_of(h, d)}
            assert not cells & closed, (s.kind, h)  # and never lands on a platform or the giant planet


def test_equal_points_after_the_last_turn_share_the_victory():
    g = KrollPrumni(2, {"turns": 3}, seed=2)
    ps = sorted(g.gm.planets)
    put(g, 0, "fixed", ps[0], hits=1)
    put(g, 0, "fixed", ps[1], hits=1)
    put(g, 1, "fixed", ps[2], hits=2)
    put(g, 1, "fixed", ps[3])
    g.asks = []
    g.turn = 3
    g._step_count()
    assert g.result() == {"winners": [0, 1], "scores": {"0": 6, "1": 6}}


def test_a_colonisator_is_not_used_up_and_colonises_again():
    """« Un colonisator construit automatiquement une base fixe sur chaque planète qu'il colonise »."""
    first, second = Hex(5, 10), Hex(9, 10)
    g = position(axial_map(tokens={first: "Py", second: "Pr"}))
    c = put(g, 0, "colonisator", Hex(6, 9), NW)
    do(g, 0, {"type": "end"})
    assert g.base_at(first) is not None and c.id in g.ships
    begin(g)
    do(g, 0, {"type": "select", "ship": c.id}, {"type": "move", "to": [10, 9], "dir": E}, {"type": "end"})
    assert g.base_at(second) is not None and g.planets_of(0) == 2 and c.id in g.ships




# ---- lines of fire, against an exact reference ----------------------------------------------------------------
# The reference works in cube coordinates times 3 (integers: a hexagon's corners are at its centre plus (2, −1, −1)
# and the like), where the hexagon of a centre c is the set |Δq − Δr| ≤ 3, |Δr − Δs| ≤ 3, |Δs − Δq| ≤ 3 (the
# points nearer c than any other centre), and decides by separating axes: a segment misses the inside of a convex
# polygon exactly when, on one of the polygon's side normals or on the segment's own normal, their projections do
# not overlap. It shares nothing with geometry.py (axes scaled by 2/√3 and 2, clipping the segment side by side).
_CORNERS = ((2, -1, -1), (1, 1, -2), (-1, 2, -1), (-2, 1, 1), (-1, -1, 2), (1, -2, 1))  # in order round
_SIDE_NORMALS = (lambda p: p[0] - p[1], lambda p: p[1] - p[2], lambda p: p[2] - p[0])


def _dot(u, v):
    return u[0] * v[0] + u[1] * v[1] + u[2] * v[2]


def _reference_blockers(a, b, bodies_by_row):
    """The bodies (row → the q of each) whose inside the segment between the centres of `a` and `b` crosses, and
    the pairs of bodies along whose common edge it runs, `a` and `b` left out."""
    A = (3 * a[0], 3 * a[1], -3 * a[0] - 3 * a[1])
    B = (3 * b[0], 3 * b[1], -3 * b[0] - 3 * b[1])
    D = (B[0] - A[0], B[1] - A[1], B[2] - A[2])
    nrm = (D[1] - D[2], D[2] - D[0], D[0] - D[1])  # D × (1, 1, 1): constant along the segment's line
    g0 = _dot(nrm, A)
    half = max(abs(_dot(nrm, k)) for k in _CORNERS)
    along = sorted((_dot(D, A), _dot(D, B)))
    spans = [sorted((f(A), f(B))) for f in _SIDE_NORMALS]
    qs, rs = sorted((a[0], b[0])), sorted((a[1], b[1]))
    inside, edges = set(), set()
    n0, n1, n2 = nrm
    for row in range(rs[0] - 1, rs[1] + 2):
        for q in bodies_by_row.get(row, ()):
            if not qs[0] - 1 <= q <= qs[1] + 1 or (q, row) in (a, b):
                continue
            c = (3 * q, 3 * row, -3 * q - 3 * row)
            gc = n0 * c[0] + n1 * c[1] + n2 * c[2] - g0
            if abs(gc) > half:
                continue  # the whole hexagon on one side of the segment's line
            corners = [(c[0] + x, c[1] + y, c[2] + z) for x, y, z in _CORNERS]
            if abs(gc) < half:
                # The line crosses the inside; so does the segment unless a side normal separates them.
                if all(max(f(p) for p in corners) > lo and min(f(p) for p in corners) < hi
                       for f, (lo, hi) in zip(_SIDE_NORMALS, spans)):
                    inside.add((q, row))
                continue
            # The line only touches the hexagon: along one of its sides, or at a corner.
            for i in range(6):
                u, v = corners[i], corners[(i + 1) % 6]
                if _dot(nrm, u) == _dot(nrm, v) == g0:
                    lo, hi = sorted((_dot(D, u), _dot(D, v)))
                    if max(lo, along[0]) < min(hi, along[1]):
                        beyond = ((u[0] + v[0] - c[0]) // 3, (u[1] + v[1] - c[1]) // 3)
                        edges.add(frozenset(((q, row), beyond)))
    return inside, edges


def test_the_reference_for_lines_of_fire_on_lines_one_can_draw():
    """Straight along a row the line crosses each hex; towards (2, 2) it runs along the edge between (1, 0) and
    (0, 1), crosses (1, 1), then runs along the edge between (2, 1) and (1, 2); towards (4, 1) it crosses (1, 0),
    (2, 0), (2, 1), (3, 1) and passes through a corner of (1, 1) and one of (3, 0) without entering them."""
    every: dict[int, list[int]] = {}
    for q in range(-3, 8):
        for r in range(-3, 8):
            every.setdefault(r, []).append(q)
    assert _reference_blockers((0, 0), (3, 0), every) == ({(1, 0), (2, 0)}, set())
    assert _reference_blockers((0, 0), (2, 2), every) == (
        {(1, 1)}, {frozenset({(1, 0), (0, 1)}), frozenset({(2, 1), (1, 2)})})
    assert _reference_blockers((0, 0), (4, 1), every) == ({(1, 0), (2, 0), (2, 1), (3, 1)}, set())


def test_every_line_of_fire_between_the_maps_hexes_is_the_exact_one():
    """« on trace une ligne droite imaginaire depuis le centre de la case du tireur jusqu'au centre de la case de
    la cible. Si cette ligne traverse une barrière d'astéroïdes ou une planète, le tir est impossible »: every pair
    of hexes a ship may fire from or at (space, platforms, the small planets of fixed bases), for each disc. A body
    blocks when the line passes through its inside; a line along the edge of two hexes is cut only if both block
    (R6); a line through a corner slips past the hex it only touches there. The engine caches one line per offset:
    this walks every pair of the map, in both directions for the full map."""
    bodies = MAP.obstacles(None)
    ends = sorted(h for h in MAP.cells if h not in bodies or h in MAP.planets)
    by_row: dict[int, list[int]] = {}
    for h in bodies:
        by_row.setdefault(h.r, []).append(h.q)
    sets = [MAP.obstacles(absent) for absent in (None, "y", "r", "b")]
    geo._LINES.clear()
    checked = blocked = 0
    for i, a in enumerate(ends):
        for b in ends[i + 1:]:
            inside, edges = _reference_blockers(a, b, by_row)
            for k, obstacles in enumerate(sets):
                want = not any(h in obstacles for h in inside) and not any(
                    all(h in obstacles for h in e) for e in edges)
                assert geo.clear_line(a, b, obstacles) == want, (a, b, k, inside, edges)
                if k == 0:
                    assert geo.clear_line(b, a, obstacles) == want, (b, a)
                    blocked += not want
            checked += 1
    assert checked == len(ends) * (len(ends) - 1) // 2 > 60_000 and checked // 4 < blocked < checked
    # The two lines of issue 29: each crosses a corner of a body that the line sampled hex by hex missed.
    assert not geo.clear_line(Hex(16, 8), Hex(8, 10), {Hex(10, 10)})
    assert not geo.clear_line(Hex(4, 8), Hex(5, 11), {Hex(4, 10)})
    # Along an edge (R6), and through a corner.
    assert geo.clear_line(Hex(0, 0), Hex(1, 1), {Hex(1, 0)})
    assert not geo.clear_line(Hex(0, 0), Hex(1, 1), {Hex(1, 0), Hex(0, 1)})
    assert geo.clear_line(Hex(0, 0), Hex(4, 1), {Hex(1, 1), Hex(3, 0)})
    assert not geo.clear_line(Hex(0, 0), Hex(4, 1), {Hex(2, 0)})


# ---- a refusal names the rule that applies (issue 32) ----------------------------------------------------------------
def refused(g, seat, *actions):
    """Apply all but the last of `actions`, then the last, which must be refused: its (fr, en) reason."""
    do(g, seat, *actions[:-1])
    before = snapshot(g)
    with pytest.raises(IllegalAction) as e:
        g.apply(seat, actions[-1])
    assert snapshot(g) == before
    return e.value.fr, e.value.en


def order(g, ship, action):
    return refused(g, ship.seat, {"type": "select", "ship": ship.id}, action)


def test_a_move_off_the_map_says_so():
    g = position(axial_map())
    f = put(g, 0, "fighter", Hex(5, 7))
    assert order(g, f, {"type": "move", "to": [40, 7]}) == ("La case [40, 7] est hors de la carte.",
                                                             "Hex [40, 7] is off the map.")


def test_a_move_whose_tail_leaves_the_map_says_so():
    g = position(axial_map())
    cr = put(g, 0, "cruiser", Hex(5, 7), E)
    edge = hx.from_offset(0, 7)
    tail = geo.tail_of(edge, E)
    assert tail not in g.gm.cells
    assert order(g, cr, {"type": "move", "to": list(edge), "dir": E}) == (
        f"Son arrière serait hors de la carte, en [{tail[0]}, {tail[1]}].",
        f"Its tail would be off the map, at [{tail[0]}, {tail[1]}].")


def test_a_move_onto_a_ship_names_the_ship():
    g = position(axial_map())
    cr = put(g, 0, "cruiser", Hex(5, 7), E)
    enemy = put(g, 1, "fighter", Hex(9, 7))
    fr, en = order(g, cr, {"type": "move", "to": [10, 7], "dir": E})  # the tail on the fighter
    assert fr == f"Son arrière serait sur la case [9, 7], occupée par le {ship_fr_of(enemy)}."
    assert en == f"Its tail would be on hex [9, 7], taken by {ship_en_of(enemy)}."


def test_a_move_onto_a_planet_or_an_asteroid_names_it_and_its_colour():
    g = position(axial_map(tokens={Hex(10, 7): "Pb", Hex(10, 3): "Ar"}))
    f = put(g, 0, "fighter", Hex(5, 7))
    assert order(g, f, {"type": "move", "to": [10, 7]}) == ("La case est sur la planète bleue en [10, 7].",
                                                             "The hex is on the blue planet at [10, 7].")
    do(g, 0, {"type": "deselect"})
    assert order(g, f, {"type": "move", "to": [10, 3]}) == (
        "La case est sur la barrière d'astéroïdes rouge en [10, 3].",
        "The hex is on the red asteroid barrier at [10, 3].")


def test_a_move_into_a_gravity_margin_names_the_planet():
    g = position(axial_map(tokens={Hex(10, 7): "Pb"}))
    cr = put(g, 0, "cruiser", Hex(5, 7), E)
    assert order(g, cr, {"type": "move", "to": [9, 7], "dir": E}) == (
        "Sa tête serait sur la marge de gravité (1 case) de la planète bleue en [10, 7], en [9, 7].",
        "Its head would be on the gravity margin (1 hex) of the blue planet at [10, 7], at [9, 7].")
    base = put(g, 0, "mobile", Hex(6, 11), E)
    do(g, 0, {"type": "deselect"})
    fr, en = order(g, base, {"type": "move", "to": [8, 9], "dir": E})
    assert "marge de gravité (2 cases) de la planète bleue en [10, 7]" in fr
    assert "gravity margin (2 hexes) of the blue planet at [10, 7]" in en


def test_a_move_onto_a_launch_platform_says_it_is_for_take_off_only():
    g = position(axial_map(tokens={Hex(10, 7): "L1"}))
    f = put(g, 0, "fighter", Hex(5, 7))
    assert order(g, f, {"type": "move", "to": [10, 7]}) == (
        "La case est sur une rampe de lancement en [10, 7] (elle sert seulement au décollage).",
        "The hex is on a launch platform at [10, 7] (for take-off only).")


def test_a_move_too_far_gives_the_hexes_needed_and_the_allowance():
    g = position(axial_map())
    cr = put(g, 0, "cruiser", Hex(5, 7), E)
    assert ((14, 7), E) in moves(g, cr)
    assert order(g, cr, {"type": "move", "to": [15, 7], "dir": E}) == (
        "Trop loin : il faut 10 cases, ce vaisseau en parcourt 9 au plus.",
        "Too far: it needs 10 hexes, this ship moves 9 at most.")
    # A fighter's way is counted round the bodies.
    wall = {Hex(8, r): "Ay" for r in range(12)}
    g = position(axial_map(tokens=wall))
    f = put(g, 0, "fighter", Hex(5, 2))
    fr, en = order(g, f, {"type": "move", "to": [11, 2]})
    assert fr.startswith("Trop loin : il faut ") and fr.endswith("ce chasseur en parcourt 12 au plus.")
    need = int(fr.split("il faut ")[1].split()[0])
    assert need > 12 and f"it needs {need} hexes around the bodies" in en


def test_a_move_needing_a_second_turn_says_one_turn_only():
    g = position(axial_map())
    cr = put(g, 0, "cruiser", Hex(5, 7), E)
    assert ((7, 5), E) not in moves(g, cr) and ((7, 5), NE) in moves(g, cr)
    assert order(g, cr, {"type": "move", "to": [7, 5], "dir": E}) == (
        "Il faudrait 2 changements de cap ; un seul changement de cap est permis par mouvement.",
        "It would need 2 heading changes; one heading change only is allowed per move.")
    # Two turns and more hexes than allowed: both are said.
    do(g, 0, {"type": "deselect"})
    assert order(g, cr, {"type": "move", "to": [15, 6], "dir": W}) == (
        ("Il faudrait 2 changements de cap, et 10 cases pour 9 permises ; un seul changement de cap est permis par "
        "mouvement."), ("It would need 2 heading changes, and 10 hexes against the 9 allowed; one heading change only "
        "is allowed per move."))


def test_a_mobile_base_keeps_its_heading_and_slides_straight():
    g = position(axial_map())
    base = put(g, 0, "mobile", Hex(5, 7), E)
    assert order(g, base, {"type": "move", "to": [6, 6], "dir": NE}) == (
        "La base mobile ne change jamais de cap : elle glisse en gardant le sien.",
        "A mobile base never changes heading: it slides keeping its own.")
    do(g, 0, {"type": "deselect"})
    assert order(g, base, {"type": "move", "to": [7, 6], "dir": E})[1] == (
        "A mobile base slides in a straight line only, along one of the six directions.")


def test_a_move_walled_in_says_no_way_leads_there():
    ring = {n: "Ay" for n in hx.neighbors(Hex(12, 7))}
    g = position(axial_map(tokens=ring))
    f = put(g, 0, "fighter", Hex(5, 7))
    assert order(g, f, {"type": "move", "to": [12, 7]})[1] == (
        "No way leads there: planets, asteroids or platforms surround it.")


def test_fire_refusals_name_range_line_visibility_and_chance():
    g = position(axial_map(40, 15, tokens={Hex(8, 7): "Pr"}))
    cr = put(g, 0, "cruiser", Hex(5, 7), E)
    far = put(g, 1, "fighter", Hex(20, 7))
    assert order(g, cr, {"type": "fire", "target": far.id}) == (
        f"Hors de portée : le {ship_fr_of(far)} est à 15 cases, la portée est de 8.",
        f"Out of range: {ship_en_of(far)} is 15 hexes away, the range is 8.")
    do(g, 0, {"type": "deselect"})
    behind = put(g, 1, "fighter", Hex(11, 7))  # 6 hexes on, behind the red planet at (8, 7)
    fr, en = order(g, cr, {"type": "fire", "target": behind.id})
    assert fr == "Pas de ligne de tir : elle traverse la planète rouge en [8, 7]."
    assert en == "No line of fire: it crosses the red planet at [8, 7]."
    do(g, 0, {"type": "deselect"})
    gone = put(g, 1, "cruiser", Hex(8, 9), E)
    gone.head, gone.hyper = None, True
    g.touch()
    assert order(g, cr, {"type": "fire", "target": gone.id})[1] == f"{ship_en_of(gone).capitalize()} cannot be seen: it is in hyperspace."
    do(g, 0, {"type": "deselect"})
    cr.hits = 2
    near = put(g, 1, "fighter", Hex(5, 3))  # 4 hexes from either end: 5 on the die, +2
    assert order(g, cr, {"type": "fire", "target": near.id}) == (
        "Aucune chance de toucher : à 4 cases il faut 5 au dé, plus 2 par explosion sur le tireur, soit 7.",
        "No chance to hit: at 4 hexes it needs 5 on the die, plus 2 for the explosions on the shooter, so 7.")


def ship_fr_of(s):
    from cosmoludo.games.kroll_prumni.pieces import ship_fr
    return ship_fr(s)


def ship_en_of(s):
    from cosmoludo.games.kroll_prumni.pieces import ship_en
    return ship_en(s)


def test_production_refusals_say_stock_or_platforms():
    g = KrollPrumni(2, {}, seed=2)
    seat = g.to_move()[0]
    assert g.asks[0].kind == "produce"
    for _ in range(FLEET["colonisator"]):
        put(g, seat, "colonisator", None)
    assert refused(g, seat, {"type": "produce", "option": "colonisator"}) == (
        "Plus aucun colonisator en réserve.", "No colonisator left in stock.")
    for h, s in g.gm.platforms.items():
        if s == seat:
            put(g, seat, "fighter", h)
    assert refused(g, seat, {"type": "produce", "option": "fighters"}) == (
        "Toutes vos rampes de lancement sont occupées.", "All your launch platforms are taken.")


def test_placement_refusals_name_the_platform_and_the_ship_in_the_way():
    g = KrollPrumni(2, {}, seed=2)
    seat = g.to_move()[0]
    plats = sorted(h for h, s in g.gm.platforms.items() if s == seat)
    do(g, seat, {"type": "produce", "option": "cruiser"})
    a = g.legal_actions(seat)[0]
    head, d = Hex(*a["to"]), a["dir"]
    off = next(x for x in g.gm.cells if g.gm.cells[x] == "-" and geo.tail_of(x, E) not in g.gm.platforms)
    t = geo.tail_of(off, E)
    assert refused(g, seat, {"type": "place", "to": list(off), "dir": E}) == (
        f"L'arrière, en [{t[0]}, {t[1]}], doit reposer sur une de vos rampes de lancement.",
        f"The tail, at [{t[0]}, {t[1]}], must rest on one of your launch platforms.")
    blocker = put(g, 1 - seat, "fighter", head)
    fr, en = refused(g, seat, {"type": "place", "to": list(head), "dir": d})
    assert fr == f"La case de tête [{head[0]}, {head[1]}] est occupée par le {ship_fr_of(blocker)}."
    assert en == f"The head's hex [{head[0]}, {head[1]}] is taken by {ship_en_of(blocker)}."
    del g.ships[blocker.id]
    g.touch()
    do(g, seat, a)
    cr = max(g.ships.values(), key=lambda s: s.id)
    taken = next(p for p in plats if p not in cr.cells())
    other = put(g, seat, "fighter", taken)
    assert refused(g, seat, {"type": "place", "to": list(taken)}) == (
        f"La rampe [{taken[0]}, {taken[1]}] est occupée par le {ship_fr_of(other)}.",
        f"Platform [{taken[0]}, {taken[1]}] is taken by {ship_en_of(other)}.")


def test_the_refusals_distance_search_agrees_with_the_move_rules_on_a_crowded_map():
    """The refusal's own search (why._two_hex_cost, no move limit) finds within the allowance exactly the
    positions the move rules find (ships aside), so « too far » and « a second turn » are never said wrongly."""
    from cosmoludo.games.kroll_prumni import why
    from cosmoludo.tools.bench import kroll_full_fleet

    g = kroll_full_fleet(1)
    g.begin_phase(0)
    checked = 0
    for s in list(g.ships.values()):
        if s.kind not in ("cruiser", "colonisator") or not s.on_map() or checked >= 4:
            continue
        checked += 1
        legal = set(geo.two_hex_moves(g.gm, g.blocked(s.kind), s.head, s.heading, s.type.move, s.type.turns,
                                      passable=g.take_off(s)))
        near = {(h, d) for h in g.gm.cells if hx.distance(h, s.head) <= s.type.move + 1 for d in range(6)}
        found = set()
        for h, d in near - {(s.head, s.heading)}:
            cost = why._two_hex_cost(g, s, (h, d), s.type.turns)
            if cost is not None and cost <= s.type.move:
                found.add((h, d))
        assert found == legal, s
    assert checked == 4


def test_hyperspace_refusals_name_what_is_next_to_the_ship():
    g = position(axial_map(tokens={Hex(7, 6): "Ab"}))
    cr = put(g, 0, "cruiser", Hex(6, 7), E)
    assert order(g, cr, {"type": "hyper"}) == (
        ("Pour passer dans l'hyperespace, rien ne doit être à côté de lui : il y a la barrière d'astéroïdes bleue "
        "en [7, 6]."), "To enter hyperspace nothing may be next to it: there is the blue asteroid barrier at [7, 6].")
    g = position(axial_map())
    cr = put(g, 0, "cruiser", Hex(6, 7), E)
    other = put(g, 1, "fighter", Hex(7, 7))
    assert order(g, cr, {"type": "hyper"})[1] == (
        f"To enter hyperspace nothing may be next to it: there is {ship_en_of(other)} at [7, 7].")
    # Coming out next to a ship.
    g = position(axial_map())
    cr = put(g, 0, "cruiser", Hex(6, 7), E)
    cr.head, cr.hyper = None, True
    other = put(g, 1, "fighter", Hex(12, 7))
    assert order(g, cr, {"type": "exit", "to": [11, 7], "dir": E}) == (
        (f"Pour sortir de l'hyperespace, rien ne doit être à côté de lui : il y aurait le {ship_fr_of(other)} "
        "en [12, 7]."),
        f"To come out of hyperspace nothing may be next to it: there would be {ship_en_of(other)} at [12, 7].")


def test_a_fighter_too_far_from_its_cruiser_is_told_the_distance():
    g = position(axial_map())
    cr = put(g, 0, "cruiser", Hex(5, 7), E)
    f = put(g, 0, "fighter", Hex(13, 7))
    assert order(g, f, {"type": "board", "ship": cr.id}) == (
        f"Trop loin : le {ship_fr_of(cr)} est à 8 cases, un chasseur rejoint un croiseur à 6 cases au plus.",
        f"Too far: {ship_en_of(cr)} is 8 hexes away, a fighter boards a cruiser 6 hexes away at most.")
    carry(g, cr)
    carry(g, cr)
    do(g, 0, {"type": "deselect"})
    assert order(g, f, {"type": "board", "ship": cr.id})[1] == f"{ship_en_of(cr).capitalize()} already carries two fighters."
