"""Galaxy Trucker « La grosse extension », Cinquième Roue: the five-player rules, played by four with the « 4 = 5 »
variant (option `cinq`): the rules of the text and its worked examples."""
from __future__ import annotations

import json
import random

import pytest

from cosmoludo.games.galaxy_trucker import GalaxyTrucker
from cosmoludo.games.galaxy_trucker import ext_five_cards as cards5
from cosmoludo.games.galaxy_trucker import flight as fl
from cosmoludo.games.galaxy_trucker import flight_cards as fcards
from cosmoludo.games.galaxy_trucker import flight_core as fcore
from cosmoludo.games.galaxy_trucker.bot import play_game
from cosmoludo.games.galaxy_trucker.rules import OPTIONS
from galaxy_helpers import flight_game, go
from test_galaxy_build import refused
from test_galaxy_fuzz import fuzz_game

# The flight is one Epidemic (nobody moves). Exposed connectors of these class-I ships: two engines 2, one engine 3, the starting cabin alone 4, a cabin 6.
TWO_ENGINES = [((7, 6), 64, 0), ((7, 8), 77, 0)]
ONE_ENGINE = [((7, 6), 65, 0)]
CABIN = [((7, 8), 35, 0)]
LOOKS = {0: TWO_ENGINES, 1: ONE_ENGINE, 3: CABIN}


def landed(**options):
    g = flight_game(LOOKS, ["L2-25"], players=4, filler=False, **options)
    assert [g.ships[s].exposed() for s in range(4)] == [2, 3, 4, 6]
    go(g)
    return g.scores[-1]


def test_the_option_is_offered_to_four_players_only():
    opt = next(o for o in OPTIONS if o.id == "cinq")
    assert opt.default is False and opt.players == (4,)
    assert opt.label["fr"] and opt.label["en"]


def test_two_first_prizes_and_the_next_prizes_move_down_one_place():
    five = landed(cinq=True)
    assert [line["finish"] for line in five] == [4, 4, 3, 2]
    standard = landed()
    assert [line["finish"] for line in standard] == [4, 3, 2, 1]


def test_best_looking_goes_to_at_least_two_players():
    five = landed(cinq=True)
    assert [line["best_looking"] for line in five] == [2, 2, 0, 0]  # one has the fewest: the second fewest too
    standard = landed()
    assert [line["best_looking"] for line in standard] == [2, 0, 0, 0]


def test_best_looking_ties_for_the_fewest_are_all_paid_and_nobody_else():
    g = flight_game({0: TWO_ENGINES, 1: [((7, 6), 65, 0), ((7, 8), 78, 0)], 3: CABIN}, ["L2-25"], players=4, filler=False,
                    cinq=True)
    assert [g.ships[s].exposed() for s in range(4)] == [2, 2, 4, 6]
    go(g)
    assert [line["best_looking"] for line in g.scores[-1]] == [2, 2, 0, 0]


# ---- the adventure cards ------------------------------------------------------------------------------------------
def rolls(monkeypatch, *values):
    seq = list(values)
    monkeypatch.setattr(fcore, "roll", lambda g: seq.pop(0))  # projectiles
    monkeypatch.setattr(fcards, "roll", lambda g: seq.pop(0))  # sabotage
    monkeypatch.setattr(cards5, "roll", lambda g: seq.pop(0))


def test_planets_the_texts_example_one_second_landing_with_one_good_fewer():
    # L2-33: planets RRRY, RRGG, RBBBB; 4 days. The text's example, its first four players.
    g = flight_game({}, ["L2-33"], players=4, cinq=True)
    go(g)
    assert g.asks[0].kind == "planet5" and g.to_move() == [0]
    g.apply(0, {"type": "land", "planet": 0})
    g.apply(1, {"type": "land", "planet": 1})
    acts = g.legal_actions(2)
    assert {"type": "land", "planet": 0, "leave": "R"} in acts and {"type": "land", "planet": 1, "leave": "G"} in acts
    g.apply(2, {"type": "land", "planet": 0, "leave": "R"})  # 2 red and 1 yellow
    # the option is used: the fourth player may only land on the free planet
    assert g.legal_actions(3) == [{"type": "land", "planet": 2}, {"type": "pass"}]
    refused(g, 3, {"type": "land", "planet": 0, "leave": "R"}, "plus personne")
    g.apply(3, {"type": "land", "planet": 2})
    offered = {}
    while g.asks and g.asks[0].kind == "load":
        s = g.to_move()[0]
        offered[s] = g.asks[0].data["goods"]
        g.apply(s, {"type": "done"})
    assert offered == {0: "RRRY", 1: "RRGG", 2: "RRY", 3: "RBBBB"}
    # every ship that landed loses 4 days, the rearmost first
    assert g.pos == [-4, -6, -8, -10]


def test_planets_standard_rules_without_the_option():
    g = flight_game({}, ["L2-33"], players=4)
    go(g)
    assert g.asks[0].kind == "planet"
    g.apply(0, {"type": "land", "planet": 0})
    assert {"type": "land", "planet": 0} not in g.legal_actions(1)


def test_abandoned_ship_used_twice_the_second_gets_one_credit_fewer_both_lose_days():
    g = flight_game({}, ["L1-08"], players=4, cinq=True)  # give 2 crew → 3 credits, 1 day
    go(g)
    g.apply(0, {"type": "accept"})
    g.apply(0, {"type": "crew", "cell": [7, 7]})
    g.apply(0, {"type": "crew", "cell": [7, 7]})
    assert g.credits[0] == 3 and g.to_move() == [1] and g.asks[0].kind == "accept_second"
    g.apply(1, {"type": "decline"})
    assert g.legal_actions(2) == [{"type": "accept"}, {"type": "decline"}]
    g.apply(2, {"type": "accept"})
    g.apply(2, {"type": "crew", "cell": [7, 7]})
    g.apply(2, {"type": "crew", "cell": [7, 7]})
    assert g.credits[2] == 2 and g.credits[1] == 0
    # nobody else: seat 3 is not asked; both takers lose 1 day, the rearmost first
    assert g.pos == [-1, -2, -5, -6]
    assert g.asks[0].kind == "ready"


def test_abandoned_station_used_twice_the_second_leaves_one_good_of_its_choice(monkeypatch):
    monkeypatch.setitem(fl.CARDS["L1-06"], "crew", 2)  # the mechanism with the starting crew (the card asks 5)
    g = flight_game({}, ["L1-06"], players=4, cinq=True)  # goods Y G, 1 day
    go(g)
    g.apply(0, {"type": "accept"})
    assert g.asks[0].kind == "load" and g.asks[0].data["goods"] == "YG"
    g.apply(0, {"type": "done"})
    assert g.legal_actions(1) == [{"type": "accept", "leave": "Y"}, {"type": "accept", "leave": "G"},
                                  {"type": "decline"}]
    refused(g, 1, {"type": "accept"}, "choisissez")
    g.apply(1, {"type": "accept", "leave": "Y"})
    assert g.asks[0].kind == "load" and g.asks[0].data["goods"] == "G"
    g.apply(1, {"type": "done"})
    assert g.pos == [-1, -3, -4, -6] and g.asks[0].kind == "ready"


def test_pirates_the_texts_example_defeated_twice(monkeypatch):
    # L2-34: heavy front, light front, heavy front; 7 credits, 2 days. The example's strengths, scaled down
    # (strength 1): seats 0 and 2 lose (no cannon), seats 1 and 3 win (two cannons: 2).
    monkeypatch.setitem(fl.CARDS["L2-34"], "strength", 1)
    g = flight_game({0: [((6, 7), 35, 0)], 1: [((6, 7), 88, 0), ((7, 6), 95, 0)],
                     2: [((6, 7), 36, 0)], 3: [((6, 7), 89, 0), ((7, 6), 96, 0)]}, ["L2-34"], players=4, cinq=True)
    rolls(monkeypatch, 7, 6, 7)
    go(g)
    assert g.asks[0].kind == "accept" and g.to_move() == [1]
    g.apply(1, {"type": "decline"})  # does not want to lose days
    assert g.asks[0].kind == "accept_second" and g.to_move() == [3]
    g.apply(3, {"type": "accept"})
    assert g.credits == [0, 0, 0, 6] and g.pos == [0, -2, -4, -8]
    # the first heavy shot (column 7) hits the leader only; the light one (column 6) misses; the last heavy shot
    # (column 7) hits both losers
    assert g.ships[0].lost == [35, 31]
    assert g.ships[2].lost == [36] and (7, 7) in g.ships[2].tiles


def test_an_enemy_defeated_once_does_less_damage_smugglers_one_good_fewer(monkeypatch):
    monkeypatch.setitem(fl.CARDS["L1-14"], "strength", 3)  # smugglers taking 2 goods; beaten by 4
    strong = [((6, 7), 123, 0), ((7, 6), 95, 0), ((7, 8), 107, 0), ((8, 7), 9, 0)]  # 1 + 1 + 2 powered
    g = flight_game({0: [((7, 8), 24, 0)], 1: strong, 2: [((7, 8), 16, 0)]}, ["L1-14"], players=4, cinq=True)
    g.ships[0].goods[(7, 8)] = ["B", "Y"]
    g.ships[2].goods[(7, 8)] = ["B", "Y"]
    go(g)
    assert g.ships[0].goods[(7, 8)] == []  # defeated before anybody beat them: loses both
    g.apply(1, {"type": "power", "n": 1})
    assert g.asks[0].kind == "accept"
    g.apply(1, {"type": "decline"})
    assert g.ships[2].goods[(7, 8)] == ["B"]  # defeated once: one good fewer (the most valuable taken)


def test_combat_zone_hits_the_two_lowest_the_second_reduced_by_one(monkeypatch):
    g = flight_game({0: [((7, 8), 35, 0)], 1: [((7, 8), 36, 0)], 2: [], 3: [((7, 8), 37, 0)]}, ["L1-20"],
                    players=4, cinq=True)
    # line 1, fewest crew → 3 days: seat 2 (2 crew) loses 3, the second fewest ties 4 crew: the one furthest
    # ahead (seat 0) loses 2, the rearmost first
    go(g)
    assert g.pos[2] == -8 and g.pos[0] == -3  # -4 → -8 (the space -6 is taken), 0 → -3 (-2 taken)
    # line 2, fewest engines → 2 crew: all 0; the furthest ahead first: seat 1 (now leader) 2, seat 0 1
    assert g.asks[0].kind == "lose_crew" and g.to_move() == [1] and g.asks[0].data["n"] == 2
    g.apply(1, {"type": "crew", "cell": [7, 8]})
    g.apply(1, {"type": "crew", "cell": [7, 8]})
    assert g.asks[0].kind == "lose_crew" and g.to_move() == [0] and g.asks[0].data["n"] == 1
    rolls(monkeypatch, 6, 8)
    g.apply(0, {"type": "crew", "cell": [7, 8]})
    # line 3, fewest cannons → light then heavy shot from the rear: all 0, seat 1 (leader) then seat 0; the light
    # shot (column 6) misses, the heavy one (column 8) hits seat 1's cabin; seat 0 ignores the first heavy shot
    assert g.ships[1].lost == [36] and (7, 8) in g.ships[0].tiles


def test_sabotage_two_fewest_crew_three_tries_and_two_tries(monkeypatch):
    g = flight_game({0: [((7, 8), 35, 0)], 1: [((7, 8), 36, 0)], 2: [((7, 8), 37, 0)]}, ["L3-45"], players=4,
                    cinq=True)
    # crew 4, 4, 4, 2: seat 3 (3 tries), then the furthest ahead of the 4s, seat 0 (2 tries)
    rolls(monkeypatch, 5, 5, 8, 7, 7, 7)  # (column, row): miss both; seat 0's cabin; seat 3's starting cabin
    go(g)
    assert g.ships[0].lost == [35] and g.ships[3].lost == [34]
    assert g.ships[1].lost == [] and g.ships[2].lost == []


def test_sabotage_a_second_ship_out_of_tries_is_left_alone(monkeypatch):
    g = flight_game({0: [((7, 8), 35, 0)], 1: [((7, 8), 36, 0)], 2: [((7, 8), 37, 0)]}, ["L3-45"], players=4,
                    cinq=True)
    rolls(monkeypatch, 5, 5, 6, 6, 8, 7)  # two misses; the third try (7, 8) is only against seat 3: nothing there
    go(g)
    assert all(ship.lost == [] for ship in g.ships)


def test_with_two_ships_left_the_standard_rules_hit_one_ship():
    g = flight_game({}, ["L1-20"], players=4, cinq=True)
    g.out[2] = g.out[3] = True
    go(g)
    # fewest crew: 2 and 2 → only the leader loses 3 days
    assert g.pos[:2] == [-4, -2]  # 0 → -4 (the space -2 is taken); the second ship does not move



@pytest.mark.parametrize("seed", [11, 12, 13])
def test_fuzz_with_the_five_player_rules_and_the_save_replays(seed):
    g = fuzz_game(4, seed, {"cinq": True})
    h = GalaxyTrucker(4, g.options, seed)
    for s, a in g.to_save()["actions"]:
        h.apply(s, a)
    assert json.dumps([h.view(s) for s in range(4)], sort_keys=True) == json.dumps(
        [g.view(s) for s in range(4)], sort_keys=True)


def test_slavers_defeated_once_take_one_crew_member_fewer_and_the_second_winner_one_credit_fewer(monkeypatch):
    monkeypatch.setitem(fl.CARDS["L1-16"], "strength", 1)  # slavers: 3 crew, 5 credits, 1 day; beaten by 2
    g = flight_game({1: [((6, 7), 88, 0), ((7, 6), 95, 0)], 2: [((7, 8), 35, 0)],
                     3: [((6, 7), 89, 0), ((7, 6), 96, 0)]}, ["L1-16"], players=4, cinq=True)
    go(g)
    # seat 0 loses before anybody beat them: 3 crew asked (it has 2)
    assert g.asks[0].kind == "lose_crew" and g.to_move() == [0] and g.asks[0].data["n"] == 2
    g.apply(0, {"type": "crew", "cell": [7, 7]})
    g.apply(0, {"type": "crew", "cell": [7, 7]})
    g.apply(1, {"type": "accept"})
    assert g.credits[1] == 5
    # seat 2 loses after the first defeat: 2 crew instead of 3
    assert g.asks[0].kind == "lose_crew" and g.to_move() == [2] and g.asks[0].data["n"] == 2
    g.apply(2, {"type": "crew", "cell": [7, 8]})
    g.apply(2, {"type": "crew", "cell": [7, 8]})
    g.apply(3, {"type": "accept"})
    assert g.credits[3] == 4
    assert g.pos == [0, -3, -4, -7]  # both winners lose 1 day, the rearmost first


@pytest.mark.parametrize("seed", [21, 22])
def test_bots_play_a_game_to_the_end_with_the_five_player_rules(seed):
    g = GalaxyTrucker(4, {"detendu": False, "classe3": "III", "cinq": True}, seed)
    play_game(g, random.Random(seed))
    assert g.is_over() and len(g.scores) == 3


def test_combat_zone_goods_the_two_lowest_choose_their_holds_the_second_loses_one_fewer():
    # L3-60, line 1: fewest crew → 4 goods. Crew 4, 4, 2, 2: seat 2 (ahead of seat 3) loses 4, seat 3 loses 3.
    g = flight_game({0: [((7, 6), 65, 0), ((7, 8), 35, 0)], 1: [((7, 6), 64, 0), ((7, 8), 36, 0)],
                     2: [((7, 8), 24, 0), ((8, 7), 22, 0)], 3: [((7, 8), 23, 0), ((6, 7), 19, 0)]},
                    ["L3-60"], players=4, cinq=True)
    g.ships[2].goods = {(7, 8): ["Y"], (8, 7): ["Y", "B"]}
    g.ships[3].goods = {(7, 8): ["Y", "B"], (6, 7): ["Y", "G"]}
    go(g)
    # two yellow goods in two holds: each owner chooses (the base rule), one after the other
    assert [(a.kind, a.seats, a.data["n"]) for a in g.asks[:2]] == [("lose_goods", [2], 4), ("lose_goods", [3], 3)]
    g.apply(2, {"type": "lose_good", "good": "Y", "cell": [7, 8]})
    assert g.ships[2].all_goods() == []
    g.apply(3, {"type": "lose_good", "good": "Y", "cell": [6, 7]})
    assert g.ships[3].all_goods() == ["B"]  # Y, Y, G: one fewer than the full penalty
    assert g.asks[0].kind != "lose_goods"
