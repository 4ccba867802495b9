"""Galaxy Trucker « La grosse extension », Nouvelles Technologies: one test per new component kind, the text's worked
examples (stasis wake-up, cannon booster in the combat zone), cyan aliens' pure rules.

The printed connectors and amounts of the 42 tiles are not known (see the audit), so these tests weld test-only
tiles (ids ≥ 9000, universal connectors unless the rule needs otherwise) made from the kinds' capabilities.
"""
from __future__ import annotations

import itertools

import pytest

from cosmoludo.core.squaregrid import E, N, S, W
from cosmoludo.games.galaxy_trucker import ext_tech as xt
from cosmoludo.games.galaxy_trucker.data import KINDS, TILES, Tile
from cosmoludo.games.galaxy_trucker.ship import Ship

_ids = itertools.count(9000)
START = (7, 7)


@pytest.fixture
def tile(monkeypatch):
    """tile(kind, conn="3333", **amounts) → a test tile id registered in TILES for this test only."""
    def make(kind: str, conn: str = "3333", **amounts) -> int:
        tid = next(_ids)
        if kind in xt.TECH_KINDS:
            t = xt.make_tile(tid, kind, conn, **amounts)
        else:
            t = Tile(tid, kind, tuple(int(c) for c in conn), KINDS[kind])  # type: ignore[arg-type]
        monkeypatch.setitem(TILES, tid, t)
        return tid
    return make


def ship() -> Ship:
    return Ship.of_class("III", 31)  # the blue starting cabin: four universal connectors


def test_every_new_kind_is_named_and_per_tile_amounts_are_never_guessed():
    assert set(xt.TECH_KIND_NAMES) == set(xt.TECH_KINDS) and len(xt.TECH_KINDS) == 12
    assert not set(xt.TECH_KINDS) & set(KINDS)
    with pytest.raises(ValueError):
        xt.tile_caps("mixed_cargo")  # how many containers, how many for red: per printed tile
    with pytest.raises(ValueError):
        xt.tile_caps("luxury_cabin", crew=2)  # not a per-tile amount
    assert xt.tile_caps("mixed_cargo", cargo=3, red_slots=1) == {"cargo": 3, "red": True, "red_slots": 1}


def test_tech_json_kinds_and_the_printed_tiles_left_empty():
    """The 42 printed tiles are not in the text: none is loaded, and an entry must give every per-tile amount."""
    assert xt.TECH_TILES == {}
    got = xt.tiles_from([{"id": 500, "kind": "mixed_cargo", "conn": "0123", "cargo": 3, "red_slots": 1}])
    assert got[500].caps == {"cargo": 3, "red": True, "red_slots": 1} and got[500].conn == (0, 1, 2, 3)
    for bad in ({"id": 1, "kind": "fusion_furnace", "conn": "3333"},  # a base game id
                {"id": 501, "kind": "battery_cargo", "conn": "3333", "battery": 2},  # cargo missing
                {"id": 502, "kind": "warp_drive", "conn": "3333"}):  # not a kind of the text
        with pytest.raises((ValueError, KeyError)):
            xt.tiles_from([bad])


def test_186_components_and_25_removed_per_missing_player():
    assert xt.POOL_WITH_TECH == 144 + 42
    assert [xt.removed_components(p) for p in (5, 4, 3, 2)] == [0, 25, 50, 75]
    assert [xt.pool_size(p) for p in (5, 4, 3, 2)] == [186, 161, 136, 111]
    with pytest.raises(ValueError):
        xt.removed_components(6)


def test_luxury_cabin_one_astronaut_never_an_alien_never_refilled_and_pays_per_flight(tile):
    s = ship()
    lux = (7, 8)
    s.put(lux, tile("luxury_cabin"), 0)
    s.put((7, 9), tile("life_support_brown"), 0)
    s.put((6, 8), tile("life_support_cyan"), 0)
    assert not s.supports(lux, "brown") and not s.supports(lux, "cyan")
    assert s.alien_choices() == [] and xt.cyan_choices(s) == []
    xt.fill(s)
    assert s.crew[lux] == 1 and s.crew[START] == 2 and s.crew_total() == 3
    assert [xt.luxury_pay(s, f) for f in (1, 2, 3)] == [1, 2, 3]
    s.crew[lux] = 0  # its astronaut abandoned
    assert xt.luxury_pay(s, 3) == 0 and xt.wake_room(s, lux) == 0


def _stasis_example_ship(tile) -> tuple[Ship, dict, tuple, tuple, tuple]:
    """The text's example: 2 humans, 2 aliens, a stasis chamber with 4 humans."""
    s = ship()
    brown_cabin, purple_cabin, chamber = (7, 8), (6, 7), (8, 7)
    s.put(brown_cabin, tile("cabin"), 0)
    s.put((7, 9), tile("life_support_brown"), 0)
    s.put(purple_cabin, tile("cabin"), 0)
    s.put((5, 7), tile("life_support_purple"), 0)
    s.put(chamber, tile("stasis_chamber"), 0)
    s.alien[brown_cabin] = "brown"
    s.alien[purple_cabin] = "purple"
    sleepers = xt.fill(s)
    return s, sleepers, brown_cabin, purple_cabin, chamber


def test_stasis_chamber_the_texts_example(tile):
    s, sleepers, brown_cabin, purple_cabin, chamber = _stasis_example_ship(tile)
    assert sleepers == {chamber: 4} and s.humans() == 2 and s.crew_total() == 4  # sleepers are not crew
    assert chamber not in s.cabins()  # not a cabin
    # abandoned ship asking 2 crew: 1 alien and 1 human; then wake 3 (1 for the human, 2 where the alien was)
    del s.alien[brown_cabin]
    s.crew[START] -= 1
    assert s.crew_total() == 2
    assert xt.wake_room(s, purple_cabin) == 0  # still holds its alien
    assert xt.wake(s, sleepers, [(chamber, START, 1), (chamber, brown_cabin, 2)]) is None
    assert s.crew_total() == 5 and s.humans() == 4 and list(s.alien.values()) == ["purple"]
    assert sleepers[chamber] == 1
    # later slavers take 5 crew: every awake human and the alien; nobody left to wake the last sleeper
    s.crew = {c: 0 for c in s.crew}
    del s.alien[purple_cabin]
    assert xt.must_give_up(s)
    before = (dict(s.crew), dict(sleepers))
    why = xt.wake(s, sleepers, [(chamber, START, 1)])
    assert why and "hibernation" in why[0] and "hibernating" in why[1]
    assert (dict(s.crew), dict(sleepers)) == before  # a refused wake-up changes nothing


def test_stasis_wake_up_refusals_change_nothing(tile):
    s, sleepers, _brown, _purple, chamber = _stasis_example_ship(tile)
    lux = (8, 8)
    s.put(lux, tile("luxury_cabin"), 0)
    s.crew[START] = 0  # room for 2 in the starting cabin
    before = (dict(s.crew), dict(sleepers))
    assert xt.wake(s, sleepers, [(chamber, START, 3)]) is not None  # a cabin takes 2 humans
    assert xt.wake(s, sleepers, [(chamber, lux, 1)]) is not None  # never into a luxury cabin
    assert xt.wake(s, sleepers, [(chamber, START, 1), (chamber, START, 2)]) is not None
    assert xt.wake(s, sleepers, [((9, 9), START, 1)]) is not None  # no such chamber
    assert (dict(s.crew), dict(sleepers)) == before


@pytest.mark.parametrize("printed,rot,strength", [
    ((N, E), 0, 1.5), ((N, E), 1, 1.0), ((N, E), 3, 1.5), ((N, S), 0, 1.5), ((N, S), 1, 1.0), ((E, W), 0, 1.0),
    ((E, W), 1, 1.5)])
def test_bidirectional_cannon_counts_each_barrel_as_a_single_laser(tile, printed, rot, strength):
    s = ship()
    cell = (6, 7)
    smooth = "".join("0" if side in printed else "3" for side in range(4))
    c = tile("cannon_bidirectional", smooth, barrels=list(printed))
    s.put(cell, c, rot)
    s.put((9, 9), tile("battery3"), 0)  # (not joined: batteries work anywhere)
    xt.fill(s)
    assert xt.cannon_strength(s) == (0.0, 0)  # needs one battery cell…
    assert xt.cannon_strength(s, powered=[cell]) == (strength, 1)  # …which fires both barrels


def test_bidirectional_cannon_both_barrels_need_an_empty_cell(tile):
    s = ship()
    cell = (6, 7)
    s.put(cell, tile("cannon_bidirectional", "0030", barrels=[E, W]), 0)  # barrels E and W, no barrel N
    s.put((5, 7), tile("structural", "0000"), 0)  # in front of the tile but of no barrel
    assert xt.errors(s) == []
    s.put((6, 6), tile("structural", "0000"), 0)
    assert xt.errors(s) == [{"why": "cannon_blocked", "cells": [cell, (6, 6)]}]
    s.put((6, 8), tile("structural", "0000"), 0)
    assert len(xt.errors(s)) == 2


def test_engine_and_cannon_is_both_with_both_restrictions(tile):
    s = ship()
    cell = (6, 8)
    ec = tile("engine_cannon", "0303")  # barrel N and exhaust S: both smooth
    s.put((6, 7), tile("structural"), 0)
    s.put(cell, ec, 0)
    assert s.engine_parts() == (1, 0) and s.cannon_parts() == (1.0, []) and xt.cannon_strength(s) == (1.0, 0)
    assert xt.errors(s) == []
    s.put((5, 8), tile("structural", "0000"), 0)
    s.put((7, 8), tile("structural", "0003"), 0)
    assert {e["why"] for e in xt.errors(s)} == {"cannon_blocked", "engine_blocked"}
    s2 = ship()
    s2.put((6, 7), ec, 1)  # the engine must point to the rear, so the laser to the front
    assert {e["why"] for e in xt.errors(s2)} == {"engine_dir"}


def test_mixed_cargo_red_only_in_its_marked_containers(tile):
    s = ship()
    mixed, plain, battery_cargo = (7, 8), (7, 6), (6, 7)
    s.put(mixed, tile("mixed_cargo", cargo=3, red_slots=1), 0)
    s.put(plain, tile("cargo3"), 0)
    s.put(battery_cargo, tile("battery_cargo", battery=2, cargo=1), 0)
    assert xt.may_hold(s, mixed, "R") and not xt.may_hold(s, plain, "R") and not xt.may_hold(s, battery_cargo, "R")
    s.goods[mixed] = ["R"]
    assert not xt.may_hold(s, mixed, "R") and xt.may_hold(s, mixed, "Y")
    s.goods[mixed] = ["R", "Y", "B"]
    assert not xt.may_hold(s, mixed, "G")  # full


def test_battery_and_cargo_counts_as_both(tile):
    s = ship()
    bc = (6, 7)
    s.put(bc, tile("battery_cargo", battery=2, cargo=2), 0)
    xt.fill(s)
    assert s.charge[bc] == 2 and s.batteries() == 2 and bc in s.holds()
    assert xt.may_hold(s, bc, "Y")
    s.goods[bc] = ["Y", "G"]
    assert not xt.may_hold(s, bc, "B") and s.charge[bc] == 2


def test_shield_booster_works_only_joined_to_a_shield(tile):
    s = ship()
    s.put((6, 7), tile("shield"), 0)  # covers N and E
    s.put((8, 7), tile("shield"), 2)  # covers S and W
    assert xt.boosted_shield_sides(s) == set()
    s.put((9, 9), tile("shield_booster"), 0)  # not joined to any shield: a structural module
    assert xt.boosted_shield_sides(s) == set()
    s.put((6, 8), tile("shield_booster"), 0)  # joined to the front shield only
    assert s.shield_sides() == {N, E, S, W} and xt.boosted_shield_sides(s) == {N, E}


def _booster_example(tile) -> tuple[Ship, dict[str, tuple[int, int]]]:
    """The text's combat-zone example: a double cannon and a single cannon facing front, a single cannon facing a
    side, one cannon booster joined to the three; the front single cannon alone joins them to the ship."""
    s = ship()
    cells = {"single": (6, 7), "booster": (6, 8), "double": (6, 9), "side": (5, 8)}
    s.put(cells["single"], tile("cannon_single", "0333"), 0)
    s.put(cells["booster"], tile("cannon_booster"), 0)
    s.put(cells["double"], tile("cannon_double", "0333"), 0)
    s.put(cells["side"], tile("cannon_single", "0333"), 3)  # barrel to the left
    s.put((8, 7), tile("battery2"), 0)
    xt.fill(s)
    s.charge[(8, 7)] = 1  # « Le dernier joueur n'a que 1 capsule verte »
    return s, cells


def test_cannon_booster_the_texts_combat_zone_example(tile):
    s, c = _booster_example(tile)
    assert xt.errors(s) == []
    assert xt.boost_targets(s, c["booster"]) == sorted([c["single"], c["double"], c["side"]])
    assert xt.cannon_strength(s, powered=[c["double"]]) == (3.5, 1)  # still the weakest (4)
    assert xt.cannon_strength(s, boosts={c["booster"]: c["side"]}) == (3.0, 1)  # +1.5, double left off
    with pytest.raises(ValueError):
        xt.cannon_strength(s, boosts={c["booster"]: c["double"]})  # a double must be switched on to be amplified
    assert xt.cannon_strength(s, powered=[c["double"]], boosts={c["booster"]: c["double"]}) == (6.5, 2)  # 2 cells
    assert xt.cannon_strength(s, boosts={c["booster"]: c["single"]}) == (4.5, 1)
    # the amplified cannon falls apart: the booster and the two other cannons are cut off (4 components)
    xt.spend_boosts(s, {c["booster"]: c["single"]})
    parts = sorted(s.parts(), key=len)
    assert parts == [[START, (8, 7)], sorted([c["booster"], c["double"], c["side"]])]
    s.keep_part([START, (8, 7)])
    assert len(s.lost) == 4


def test_cannon_booster_limits_and_bidirectional_bonus(tile):
    s = ship()
    b1, b2, bi = (6, 7), (7, 8), (6, 8)
    s.put(b1, tile("cannon_booster"), 0)
    s.put(b2, tile("cannon_booster"), 0)
    s.put(bi, tile("cannon_bidirectional", "3003", barrels=[E, S]), 3)  # barrels N and E once turned
    assert xt.errors(s) == []
    assert xt.boost_bonus(s, bi) == 3.0  # +3 when either barrel points to the front
    with pytest.raises(ValueError):
        xt.cannon_strength(s, powered=[bi], boosts={b1: bi, b2: bi})  # one cannon amplified by two boosters
    assert xt.cannon_strength(s, powered=[bi], boosts={b1: bi}) == (4.5, 2)
    s.alien[START] = "purple"  # (a test shortcut: the purple alien's +2, or +3 with a cyan Manager)
    assert xt.cannon_strength(s, powered=[bi], boosts={b1: bi})[0] == 6.5
    assert xt.cannon_strength(s, powered=[bi], boosts={b1: bi}, alien_bonus=3)[0] == 7.5
    assert xt.cannon_strength(s) == (0.0, 0)  # no bonus under strength 1
    with pytest.raises(ValueError):
        xt.cannon_strength(s, boosts={START: bi})  # not a booster


def test_engine_booster_hyperspace_costs_and_destroys_the_engine(tile):
    s = ship()
    booster, single, double = (6, 7), (6, 6), (6, 8)
    s.put(booster, tile("engine_booster"), 0)
    s.put(single, tile("engine_single", "3303"), 0)
    s.put(double, tile("engine_double", "3303"), 0)
    s.put((8, 7), tile("battery2"), 0)
    s.put((9, 9), tile("engine_booster"), 0)  # joined to no engine: does nothing
    xt.fill(s)
    assert xt.hyperspace_options(s) == [(booster, single, 1), (booster, double, 2)]
    s.charge[(8, 7)] = 1
    before = (dict(s.tiles), dict(s.charge))
    why = xt.jump(s, booster, double)  # 1 for the booster + 1 to switch the double engine on
    assert why is not None and "capsules" in why[0] and (dict(s.tiles), dict(s.charge)) == before
    assert xt.jump(s, (9, 9), single) is not None
    assert xt.jump(s, booster, single) is None
    assert single not in s.tiles and s.lost and s.batteries() == 0


def test_fusion_furnace_refills_a_joined_battery(tile):
    s = ship()
    furnace, bat, far = (6, 7), (6, 8), (8, 8)
    s.put(furnace, tile("fusion_furnace"), 0)
    s.put(bat, tile("battery3"), 0)
    s.put((7, 8), tile("structural"), 0)
    s.put(far, tile("battery2"), 0)  # joined to the ship, not to the furnace
    xt.fill(s)
    assert xt.furnace_targets(s) == []  # full batteries: nothing to refill
    s.charge[bat] = 0
    s.charge[far] = 0
    assert xt.furnace_targets(s) == [(furnace, bat)]
    assert xt.burn(s, furnace, bat) == 3 and s.charge[bat] == 3
    with pytest.raises(ValueError):
        xt.burn(s, furnace, far)
    lone = ship()
    lone.put((6, 7), tile("fusion_furnace"), 0)
    assert xt.furnace_targets(lone) == []


def test_indestructible_plate_only_on_its_plated_sides(tile):
    s = ship()
    cell = (6, 7)
    s.put(cell, tile("indestructible_plate", "0030", plated=[N, E, W]), 1)  # connector now W, plated N E S
    assert [xt.plated(s, cell, side) for side in (N, E, S, W)] == [True, True, True, False]


def test_cyan_life_support_one_cyan_alien_in_an_ordinary_cabin(tile):
    s = ship()
    cabin, other, ls = (6, 7), (7, 8), (6, 8)
    s.put(cabin, tile("cabin"), 0)
    s.put(ls, tile("life_support_cyan"), 0)
    s.put(other, tile("cabin"), 0)
    s.put((5, 8), tile("stasis_chamber"), 0)
    s.put((6, 9), tile("luxury_cabin"), 0)
    assert xt.cyan_choices(s) == [cabin, other]  # not the starting cabin, not the luxury cabin
    s.alien[cabin] = "cyan"
    assert xt.cyan_choices(s) == []  # one cyan alien per ship
    assert s.alien_choices() == []  # cyan life support does not take a brown or purple alien
    s.destroy(ls)
    assert "cyan" not in s.alien.values()


def test_specialisations_chosen_highest_order_tile_first_and_their_payouts(tile):
    assert set(xt.SPECIALISATIONS) == {"lawyer", "manager", "merchant", "techie", "diplomat"}
    assert xt.specialisation_order({0: 2, 1: 4, 2: 1, 3: 3}) == [1, 3, 0, 2]
    s = ship()
    assert xt.manager_pay(s) == 0 and xt.alien_bonus(s, "manager") == 2
    s.alien[(1, 1)] = "cyan"  # (test shortcut: only the alien table matters here)
    assert xt.manager_pay(s) == 1 and xt.alien_bonus(s, "manager") == 3 and xt.alien_bonus(s, "merchant") == 2
    s.alien[(1, 2)] = "brown"
    assert xt.manager_pay(s) == 3
    s.alien[(1, 3)] = "purple"
    assert xt.manager_pay(s) == 6
    # the Merchant example: giving up with 2 red, 3 yellow, 1 green (19): 10 (half rounded up) + 5
    goods = ["R", "R", "Y", "Y", "Y", "G"]
    assert -(-sum({"R": 4, "Y": 3, "G": 2}[g] for g in goods) // 2) + xt.merchant_extra(goods) == 15


def _defence_ship(tile) -> Ship:
    s = ship()
    s.put((6, 8), tile("indestructible_plate", "0030", plated=[N, E, W]), 0)
    s.put((7, 6), tile("cannon_bidirectional", "0330", barrels=[N, W]), 0)
    s.put((8, 7), tile("shield"), 0)  # covers N and E
    s.put((8, 8), tile("shield_booster"), 0)
    s.put((9, 7), tile("battery3"), 0)
    xt.fill(s)
    return s


@pytest.mark.parametrize("size,side,number,cell,options", [
    ("small", N, 8, (6, 8), [("plated", 0)]),  # the plate's plated front
    ("heavy", N, 8, (6, 8), [("plated", 0)]),  # any size
    ("small", E, 6, (6, 8), [("plated", 0)]),
    ("big", W, 7, (7, 6), [("cannon", 1)]),  # the bidirectional cannon's left barrel
    ("big", N, 6, (7, 6), [("cannon", 1), ("boosted_shield", 2)]),  # its front barrel, or the boosted shield
    ("big", W, 9, (9, 7), []),  # two rows away: no cannon
    ("light", E, 8, (8, 8), [("shield", 1)]),
    ("heavy", E, 8, (8, 8), [("boosted_shield", 2)]),  # a boosted shield stops a heavy shot…
    ("big", E, 7, (7, 7), [("boosted_shield", 2)]),  # …and a large meteor
    ("heavy", S, 7, (9, 7), []),  # the rear is not shielded
    ("small", S, 7, (9, 7), []),
    ("small", N, 3, None, [("miss", 0)]),
])
def test_projectiles_meet_plates_bidirectional_cannons_and_boosted_shields(tile, size, side, number, cell, options):
    s = _defence_ship(tile)
    assert xt.defences(s, size, side, number) == (cell, options)


def test_a_boosted_shield_needs_two_battery_tokens(tile):
    s = _defence_ship(tile)
    s.charge[(9, 7)] = 1
    assert xt.defences(s, "heavy", E, 8) == ((8, 8), [])
    assert xt.defences(s, "light", E, 8) == ((8, 8), [("shield", 1)])


def test_techie_first_battery_use_of_each_card_is_free_with_one_token_aboard():
    assert xt.techie_cost(3, 5, True) == 2  # three double cannons for two tokens
    assert xt.techie_cost(1, 1, True) == 0  # the example: the double engine on, the token kept
    assert xt.techie_cost(1, 0, True) is None  # no power out of nothing
    assert xt.techie_cost(2, 1, True) == 1 and xt.techie_cost(2, 1, False) is None
    assert xt.techie_cost(0, 0, True) == 0


def test_a_lost_stasis_chamber_takes_its_sleepers(tile):
    s, sleepers, _brown, _purple, chamber = _stasis_example_ship(tile)
    assert xt.prune_sleepers(s, sleepers) == 0
    s.destroy(chamber)
    assert xt.prune_sleepers(s, sleepers) == 4 and sleepers == {}


def test_engine_strength_with_engine_and_cannon_and_the_managers_bonus(tile):
    s = ship()
    s.put((7, 8), tile("engine_cannon", "0303"), 0)
    s.put((7, 6), tile("engine_double", "3303"), 0)
    assert xt.engine_strength(s) == 1 and xt.engine_strength(s, powered=1) == 3
    s.alien[START] = "brown"  # (test shortcut for the alien table)
    assert xt.engine_strength(s, 1) == 5 and xt.engine_strength(s, 1, alien_bonus=3) == 6
    assert xt.engine_strength(s, 1) == s.engine_strength(1)  # the same as the base game without a Manager


def test_hyperspace_lasts_the_current_and_the_next_card():
    assert [xt.in_hyperspace(3, c) for c in range(2, 7)] == [False, True, True, False, False]
    assert not xt.in_hyperspace(None, 3)
    assert xt.jump_gives_up(7, 8) and not xt.jump_gives_up(6, 8)


def test_each_fusion_furnace_burns_one_good_per_gain(tile):
    s = ship()
    f1, f2, b1, b2 = (6, 7), (8, 7), (6, 8), (8, 8)
    s.put(f1, tile("fusion_furnace"), 0)
    s.put(f2, tile("fusion_furnace"), 0)
    s.put(b1, tile("battery2"), 0)
    s.put(b2, tile("battery_cargo", battery=3, cargo=1), 0)
    s.put((7, 8), tile("structural"), 0)
    xt.fill(s)
    s.charge[b1] = 0
    s.charge[b2] = 1
    before = dict(s.charge)
    assert xt.burn_all(s, [(f1, b1), (f1, b1)]) is not None  # one furnace, two goods
    assert xt.burn_all(s, [(f1, b2)]) is not None  # not joined
    assert dict(s.charge) == before
    assert xt.burn_all(s, [(f1, b1), (f2, b2)]) is None
    assert s.charge == {b1: 2, b2: 3}


def test_specialisation_cards_unique_and_only_with_the_cyan_alien_aboard():
    assert xt.spec_choice_refusal([], "techie") is None
    assert xt.spec_choice_refusal(["techie"], "techie") is not None
    assert xt.spec_choice_refusal([], "pilot") is not None
    s = ship()
    assert xt.active_spec(s, "diplomat") is None
    s.alien[START] = "cyan"  # (test shortcut)
    assert xt.active_spec(s, "diplomat") == "diplomat"
