"""Galaxy Trucker « La grosse extension », Routes Rugueuses (option `routes`): the cards drawn before each flight
and the implemented cards' rules (the annex notes that give the whole rule)."""
from __future__ import annotations

import json
import random

import pytest

from cosmoludo.games.galaxy_trucker import GalaxyTrucker
from cosmoludo.games.galaxy_trucker import ext_roads as rr
from cosmoludo.games.galaxy_trucker import flight_cards as fcards
from cosmoludo.games.galaxy_trucker import flight_core as fcore
from cosmoludo.games.galaxy_trucker.bot import play_game
from cosmoludo.games.galaxy_trucker.data import CARDS
from cosmoludo.games.galaxy_trucker.rules import OPTIONS
from galaxy_helpers import flight_game, go, new
from test_galaxy_fuzz import fuzz_game


def rolls(monkeypatch, *values):
    seq = list(values)
    monkeypatch.setattr(fcore, "roll", lambda g: seq.pop(0))  # projectiles
    monkeypatch.setattr(fcards, "roll", lambda g: seq.pop(0))  # sabotage
    monkeypatch.setattr(rr, "roll", lambda g: seq.pop(0))


def finish_and_launch(g):
    for s in range(g.players):
        g.apply(s, {"type": "finish", "order": s + 1, "t": 0})
    while g.asks and g.asks[0].kind == "crew":
        g.apply(g.to_move()[0], {"type": "crew_done"})
    assert g.asks[0].kind == "ready"


def test_the_option_a_level_limited_by_the_known_cards():
    opt = next(o for o in OPTIONS if o.id == "routes")
    assert opt.type == "int" and opt.default == 0 and opt.min == 0 and opt.max == rr.MAX_LEVEL == 1 and len(rr.ROUGH_ROADS) == 5
    assert len(rr.ROUGH_ROADS) + len(rr.MISSING) <= 25  # the box has 25 cards; the rest are not even named
    assert all(fr and en for fr, en in list(rr.ROUGH_ROADS.values()) + list(rr.MISSING))


def test_cards_drawn_before_building_each_flight_and_discarded_after():
    g = new(2, seed=3, detendu=True, routes=1)
    drawn = [list(g.rough)]
    assert len(drawn[0]) == 1 and g.asks[0].kind == "build"
    assert g.view(0)["rough_roads"] == rr.view(g)
    assert "rough_roads" not in new(2, seed=3).view(0)  # without the option, the view is unchanged
    for _ in range(2):
        finish_and_launch(g)
        while g.deck or g.card:
            go(g) if g.asks[0].kind == "ready" else g.apply(g.to_move()[0], g.legal_actions(g.to_move()[0])[-1])
        assert g.asks[0].kind == "results"  # the results of the flight first (rules v3), then the next building
        for seat in (0, 1):
            g.apply(seat, {"type": "continue"})
        assert g.asks[0].kind == "build"
        drawn.append(list(g.rough))
    cards = [c for d in drawn for c in d]
    assert len(set(cards)) == 3 and set(cards) <= set(rr.ROUGH_ROADS)  # three flights, three different cards


def test_tough_trip_adds_two_three_four_level_three_cards():
    g = new(2, seed=5, detendu=True, routes=1)
    g.rough = ["tough_trip"]
    level3 = len(g.level_decks[3])
    finish_and_launch(g)
    assert len(g.deck) == 8 + 2 and len(g.level_decks[3]) == level3 - 2
    assert sum(c.startswith("L3-") for c in g.deck) == 2  # flight I has only level I cards of its own
    assert rr.TOUGH_TRIP == {1: 2, 2: 3, 3: 4}


def pass_all(g):
    while g.asks and g.asks[0].kind == "planet":
        g.apply(g.to_move()[0], {"type": "pass"})


def test_deja_vu_the_cards_passed_face_down_come_back_once():
    # L1-10 planets (seat 0 lands: used), L1-05 stardust (passed), L1-11 planets (nobody lands: passed)
    g = flight_game({0: [((7, 8), 24, 0)]}, ["L1-10", "L1-05", "L1-11"], filler=False, routes=1)
    g.rough = ["deja_vu"]
    go(g)
    g.apply(0, {"type": "land", "planet": 2})
    g.apply(1, {"type": "pass"})
    g.apply(0, {"type": "done"})
    go(g)  # stardust
    go(g)
    pass_all(g)
    # the last card was played: the face-down pile (stardust, then the planets nobody landed on) becomes the
    # deck, not shuffled, its top (the last passed) first
    assert g.replayed and g.deck == ["L1-11", "L1-05"] and g.passed == []
    go(g)
    assert g.card == "L1-11"
    pass_all(g)
    go(g)
    assert g.card is None and not g.deck and len(g.scores) == 1  # then discarded: the flight lands


@pytest.mark.parametrize("card,expected", [
    ({"type": "planets"}, False), ({"type": "openspace"}, False), ({"type": "combatzone"}, False),
    ({"type": "meteoric"}, False), ({"type": "epidemic"}, False), ({"type": "sabotage"}, False),
    ({"type": "stardust"}, False),
])
def test_deja_vu_cards_passed_through(card, expected):
    assert rr.used(card, {}) is expected


def test_deja_vu_opportunities_used():
    assert rr.used(CARDS["L1-10"], {"landed": {"0": 1}})
    assert rr.used(CARDS["L1-08"], {"taker": 0}) and rr.used(CARDS["L1-08"], {"takers": [1]})
    assert rr.used(CARDS["L1-15"], {"beaten": True}) and rr.used(CARDS["L1-15"], {"wins": [2]})
    assert not rr.used(CARDS["L1-15"], {"losers": [0]})  # an enemy nobody defeated is passed


def test_remorseless_fate_combat_zone_hits_everybody_but_the_highest():
    g = flight_game({0: [((7, 8), 35, 0)], 1: [], 2: [((7, 8), 36, 0)]}, ["L1-20"], players=3, routes=1)
    g.rough = ["remorseless_fate"]
    # crew 4, 2, 4: the highest is seats 0 and 2, the rearmost (seat 2) is spared; seats 0 and 1 lose 3 days
    go(g)
    assert g.pos == [-3, -6, -4]  # the rearmost first: seat 1 -2 → -6 (-4 taken), seat 0 0 → -3
    # line 2, engines (all 0): the rearmost, now seat 1 (-6), is spared; 2 crew lost by seat 2 then seat 0
    assert g.asks[0].kind == "lose_crew" and sorted(a.seats[0] for a in g.asks if a.kind == "lose_crew") == [0, 2]


def test_remorseless_fate_sabotage_everybody_but_the_most_crew(monkeypatch):
    g = flight_game({0: [((7, 8), 35, 0)], 1: [((7, 8), 36, 0)]}, ["L3-45"], players=3, routes=1)
    g.rough = ["remorseless_fate"]
    # crew 4, 4, 2: seat 1 (the rearmost of the 4s) is spared; seats 0 and 2 take every roll until hit
    rolls(monkeypatch, 8, 7, 7, 7, 5, 5)  # (column, row): seat 0's cabin; seat 2's starting cabin; (unused)
    go(g)
    assert g.ships[0].lost == [35] and g.ships[2].lost == [33] and g.ships[1].lost == []


@pytest.mark.parametrize("seed", [31])
def test_fuzz_with_rough_roads_and_the_save_replays(seed):
    g = fuzz_game(3, seed, {"routes": 1, "cinq": False})
    h = GalaxyTrucker(3, g.options, seed)
    for s, a in g.to_save()["actions"]:
        h.apply(s, a)
    assert json.dumps([h.view(s) for s in range(3)], sort_keys=True) == json.dumps(
        [g.view(s) for s in range(3)], sort_keys=True)


def test_bots_to_the_end_with_every_module_on():
    g = GalaxyTrucker(4, {"detendu": False, "classe3": "III", "cinq": True, "routes": 1}, 41)
    play_game(g, random.Random(41))
    assert g.is_over() and len(g.scores) == 3


def test_bum_batteries_a_double_engine_costs_two_cells():
    # double engine 86 and a 2-cell battery: one use, for both cells
    g = flight_game({0: [((7, 6), 86, 0), ((8, 7), 9, 0)], 1: [((7, 6), 65, 0)]}, ["L1-01"], routes=1)
    g.rough = ["bum_batteries"]
    go(g)
    assert g.asks[0].kind == "power" and g.asks[0].data["cost"] == 2
    assert g.legal_actions(0) == [{"type": "power", "n": 0}, {"type": "power", "n": 1}]
    g.apply(0, {"type": "power", "n": 1})
    assert g.pos[0] == 2 and g.ships[0].batteries() == 0


def test_bum_batteries_one_cell_left_powers_nothing():
    g = flight_game({0: [((7, 6), 86, 0), ((8, 7), 9, 0)], 1: [((7, 6), 65, 0)]}, ["L1-01"], routes=1)
    g.rough = ["bum_batteries"]
    g.ships[0].charge[(8, 7)] = 1
    go(g)
    assert g.pos[0] == 0 and g.ships[0].batteries() == 1  # not asked: the double engine cannot be switched on
    assert g.out[0] is True  # engine strength 0 in open space: gives up


def test_bum_batteries_a_shield_costs_two_cells(monkeypatch):
    shielded = [((6, 7), 116, 0), ((7, 8), 9, 0)]  # shield covering N and E; 2-cell battery at the E
    g = flight_game({0: shielded, 1: [((7, 6), 65, 0)]}, ["L1-18", "L1-18"], routes=1)
    g.rough = ["bum_batteries"]
    rolls(monkeypatch, 8, 12, 2, 2, 8, 12, 2, 2)
    go(g)
    # front, column 8: the battery's exposed N; the shield for 2 cells
    assert g.asks[0].kind == "defend" and g.asks[0].data["cost"] == 2
    g.apply(0, {"type": "defend", "use": True})
    assert g.ships[0].batteries() == 0 and (7, 8) in g.ships[0].tiles
    go(g)
    # the same meteor again, no cells left: not asked, destroyed
    assert (7, 8) not in g.ships[0].tiles


def test_space_junk_fallen_components_hit_the_ships_behind_as_large_meteors(monkeypatch):
    # Sabotage hits the leader (fewest crew) in its starting cabin: it keeps its engine, three components fall.
    # Once the card is over they are three large meteors from the front (one column roll each) at every ship
    # behind; the second ship's fallen component (fallen in that barrage) then hits the ship behind it.
    around = [((7, 6), 64, 0), ((7, 8), 77, 0), ((6, 7), 88, 0), ((8, 7), 9, 0)]
    g = flight_game({0: around, 1: [((7, 6), 65, 0), ((7, 8), 35, 0)], 2: [((7, 8), 36, 0)]}, ["L3-45"],
                    players=3, routes=1)
    g.rough = ["space_junk"]
    start = [g.ships[s].tiles[(7, 7)][0] for s in range(3)]
    rolls(monkeypatch, 7, 7,  # sabotage: column 7, row 7
          7, 2, 2,  # the leader's three components: column 7 (both starting cabins), then two misses
          8)  # the second ship's fallen engine: column 8, the third ship's cabin
    go(g)
    assert g.asks[0].kind == "keep" and g.to_move() == [0]
    g.apply(0, {"type": "keep", "cell": [7, 6]})  # the card is over: the junk flies
    assert g.ships[1].lost == [start[1]] and g.asks[0].kind == "keep" and g.to_move() == [1]
    assert g.ships[2].tiles  # not hit yet: the roll reaches it once seat 1 has answered
    g.apply(1, {"type": "keep", "cell": [7, 8]})  # its engine falls: space junk too
    assert g.ships[1].lost == [start[1], 65]
    assert g.ships[2].lost == [start[2], 36] and not g.ships[2].tiles
    assert g.ships[0].lost[0] == start[0] and sorted(g.ships[0].lost[1:]) == [9, 77, 88]
    assert g.card is None and "fallen" not in g.cur and "junk" not in g.cur
    assert any("Ordure de l'espace" in e["fr"] for e in g.log)


def test_space_junk_only_fallen_components_never_destroyed_ones(monkeypatch):
    # Sabotage destroys the leader's lone engine: nothing falls, so no junk (no more rolls are made)
    g = flight_game({0: [((7, 6), 64, 0)], 1: [((7, 8), 35, 0)]}, ["L3-45"], routes=1)
    g.rough = ["space_junk"]
    rolls(monkeypatch, 6, 7)
    go(g)
    assert g.ships[0].lost == [64] and g.ships[1].lost == [] and g.asks[0].kind == "ready"


def test_space_junk_the_last_ship_rolls_nothing(monkeypatch):
    # the rear ship's components fall: nobody is behind it, no roll
    around = [((7, 6), 64, 0), ((7, 8), 77, 0), ((6, 7), 88, 0), ((8, 7), 9, 0)]
    g = flight_game({0: [((7, 8), 35, 0)], 1: around}, ["L3-45"], routes=1)
    g.rough = ["space_junk"]
    rolls(monkeypatch, 7, 7)  # nothing more: another roll would fail (the list is empty)
    go(g)
    g.apply(1, {"type": "keep", "cell": [7, 6]})
    assert len(g.ships[1].lost) == 4 and g.ships[0].lost == [] and g.asks[0].kind == "ready"


def test_fuzz_with_space_junk_in_force_and_the_save_replays():
    seed = next(s for s in range(200) if new(3, seed=s, detendu=False, routes=1).rough == ["space_junk"])
    g = fuzz_game(3, seed, {"routes": 1, "cinq": False})
    assert any("Ordure de l'espace" in e["fr"] for e in g.log)  # the junk flew at least once
    h = GalaxyTrucker(3, g.options, seed)
    for s, a in g.to_save()["actions"]:
        h.apply(s, a)
    assert json.dumps([h.view(s) for s in range(3)], sort_keys=True) == json.dumps(
        [g.view(s) for s in range(3)], sort_keys=True)
