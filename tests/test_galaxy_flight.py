"""Galaxy Trucker: the flight — the track, every card type with its parameters, meteors and shots per side, row
and column, epidemic, stardust, ship splitting, giving up, and the scoring."""
from __future__ import annotations

from typing import Any

import pytest

from cosmoludo.core.squaregrid import E, N, S, W
from cosmoludo.games.galaxy_trucker import flight as fl
from cosmoludo.games.galaxy_trucker import flight_cards as fcards
from cosmoludo.games.galaxy_trucker import flight_core as fcore
from galaxy_helpers import flight_game, go

# Small ships of class I. Tiles: 64/65 engine (E universal), 77/78 engine (W universal), 86 double engine (E, W
# universal), 88/89 cannon (S single), 123 double cannon (S single), 95 cannon (E universal), 116 shield
# (S single, W universal), 35 cabin (N2 E1 S2 W1), 9 battery2 (N2 E2 S2 W3), 24 cargo2 (N3 W3), 57 red cargo1.
FAST = [((7, 6), 64, 0), ((7, 8), 77, 0), ((6, 7), 88, 0), ((8, 7), 9, 0)]   # 2 engines, 1 cannon, battery
SLOW = [((7, 6), 65, 0)]                                                         # 1 engine


def rolls(monkeypatch, *values):
    seq = list(values)
    monkeypatch.setattr(fcore, "roll", lambda g: seq.pop(0))  # projectiles
    monkeypatch.setattr(fcards, "roll", lambda g: seq.pop(0))  # sabotage


def test_start_positions_gaps_and_the_flight_order():
    g = flight_game({0: FAST, 1: SLOW}, ["L1-01"], players=2)
    assert g.pos == [0, -2] and g.flight_order() == [0, 1]
    g3 = flight_game({}, ["L1-05"], players=3)
    assert g3.pos == [0, -2, -4]


def test_moving_skips_occupied_spaces_and_a_lapped_ship_gives_up():
    g = flight_game({0: FAST, 1: SLOW}, ["L1-01"], players=2)
    fl.move(g, 1, 2)  # from -2: -1, then 0 is taken (skipped) → 1
    assert g.pos[1] == 1
    fl.move(g, 1, -1)  # back: 0 is taken → -1
    assert g.pos[1] == -1
    g.pos[0] = 39
    fl.forced_give_ups(g)
    assert g.out == [False, True]


def test_open_space_moves_by_engine_strength_with_batteries_and_no_engine_gives_up():
    g = flight_game({0: [((7, 6), 86, 0), ((8, 7), 9, 0)], 1: []}, ["L1-01", "L1-02"])
    go(g)
    assert g.asks[0].kind == "power" and g.legal_actions(0) == [{"type": "power", "n": k} for k in range(2)]
    g.apply(0, {"type": "power", "n": 1})  # the double engine: 2, one battery spent
    assert g.pos[0] == 2 and g.ships[0].batteries() == 1
    assert g.out[1] is True  # no engine at all: gives up
    assert g.asks[0].kind == "ready" and g.to_move() == [0]


def test_stardust_costs_a_day_per_exposed_connector_rear_first():
    g = flight_game({0: FAST, 1: SLOW}, ["L1-05"])
    e0, e1 = g.ships[0].exposed(), g.ships[1].exposed()
    go(g)
    assert e0 > 0 and e1 > 0
    assert g.pos[1] < -2 and g.pos[0] < 0


def test_epidemic_hits_occupied_cabins_joined_to_another_occupied_cabin():
    g = flight_game({0: [((7, 8), 35, 0), ((6, 7), 35 + 1, 0)], 1: SLOW}, ["L2-25"])
    ship = g.ships[0]
    assert ship.crew_total() == 6
    go(g)
    assert ship.crew == {(6, 7): 1, (7, 7): 1, (7, 8): 1}
    assert g.ships[1].crew_total() == 2  # alone in its cabin


def test_sabotage_hits_the_fewest_crew_ties_to_the_leader(monkeypatch):
    g = flight_game({0: FAST, 1: SLOW}, ["L3-45"])
    rolls(monkeypatch, 2, 2, 6, 7)  # first try misses (2,2), second hits column 6 row 7
    go(g)
    assert (7, 6) not in g.ships[0].tiles and g.ships[0].lost == [64]
    assert g.ships[1].lost == []


def test_abandoned_ship_first_to_accept_gives_crew_for_credits_and_days():
    g = flight_game({0: FAST, 1: SLOW + [((7, 8), 35, 0)]}, ["L1-08"])  # give 2 crew → 3 credits, 1 day
    go(g)
    assert g.asks[0].kind == "accept" and g.to_move() == [0]
    g.apply(0, {"type": "decline"})
    assert g.to_move() == [1]
    g.apply(1, {"type": "accept"})
    assert g.asks[0].kind == "lose_crew"
    g.apply(1, {"type": "crew", "cell": [7, 8]})
    g.apply(1, {"type": "crew", "cell": [7, 8]})
    assert g.credits[1] == 3 and g.ships[1].crew_total() == 2 and g.pos[1] == -3


def test_abandoned_station_needs_the_crew_and_gives_goods():
    g = flight_game({0: FAST, 1: SLOW + [((7, 8), 24, 0), ((6, 7), 35, 0), ((8, 7), 36, 0)]}, ["L1-06"])
    # needs 5 crew: only seat 1 (6 crew) is asked
    go(g)
    assert g.to_move() == [1]
    g.apply(1, {"type": "accept"})
    assert g.asks[0].kind == "load"
    acts = g.legal_actions(1)
    assert {"type": "store", "good": "Y", "cell": [7, 8]} in acts
    g.apply(1, {"type": "store", "good": "Y", "cell": [7, 8]})
    g.apply(1, {"type": "store", "good": "G", "cell": [7, 8]})
    assert g.ships[1].goods[(7, 8)] == ["Y", "G"] and g.pos[1] == -3


def test_planets_leader_chooses_first_then_days_lost_from_the_rear():
    cargo = [((7, 8), 24, 0)]
    g = flight_game({0: FAST[:1] + cargo, 1: SLOW + cargo[:0] + [((7, 8), 25, 0)]}, ["L1-10"])
    go(g)
    assert g.asks[0].kind == "planet" and g.to_move() == [0]
    g.apply(0, {"type": "land", "planet": 2})  # 1 yellow
    assert {"type": "land", "planet": 2} not in g.legal_actions(1)
    g.apply(1, {"type": "land", "planet": 1})  # 1 red 2 blue: the red cannot go in an ordinary hold
    g.apply(0, {"type": "store", "good": "Y", "cell": [7, 8]})
    acts = g.legal_actions(1)
    assert all(a.get("good") != "R" for a in acts if a["type"] == "store")
    g.apply(1, {"type": "store", "good": "B", "cell": [7, 8]})
    g.apply(1, {"type": "done"})
    assert g.ships[1].goods[(7, 8)] == ["B"]
    assert g.pos == [-2, -4]  # the rear ship first: -2 → -4, then the leader 0 → -2


def test_smugglers_beat_or_take_the_most_valuable_goods():
    g = flight_game({0: FAST, 1: SLOW + [((7, 8), 24, 0)]}, ["L1-14"])  # strength 4
    g.ships[1].goods[(7, 8)] = ["B", "Y"]
    go(g)
    # seat 0: cannon 1 < 4 → loses 2 goods (it has none, then batteries); seat 1: 0 < 4 → loses Y then B
    assert g.ships[1].goods[(7, 8)] == []
    assert g.ships[0].batteries() == 0


def test_slavers_defeat_takes_crew():
    strong = [((6, 7), 123, 0), ((7, 6), 95, 0), ((7, 8), 107, 0), ((8, 7), 9, 0)]
    g = flight_game({0: strong, 1: SLOW + [((7, 8), 35, 0)]}, ["L1-16"])  # strength 6; lose 3 crew
    go(g)
    # seat 0: 1 + 1 + 2 (powered) = 4 < 6 → defeated, loses 3 crew of its 2
    assert g.asks[0].kind == "power" and g.legal_actions(0)[-1] == {"type": "power", "n": 1}
    g.apply(0, {"type": "power", "n": 1})
    assert g.asks[0].kind == "lose_crew" and g.asks[0].data["n"] == 2
    g.apply(0, {"type": "crew", "cell": [7, 7]})
    g.apply(0, {"type": "crew", "cell": [7, 7]})
    assert g.ships[0].crew_total() == 0
    # seat 1: no cannon → defeated, loses 3 of its 4
    assert g.asks[0].kind == "lose_crew" and g.to_move() == [1] and g.asks[0].data["n"] == 3
    for _ in range(3):
        g.apply(1, {"type": "crew", "cell": [7, 8] if g.ships[1].crew[(7, 8)] else [7, 7]})
    assert g.ships[1].crew_total() == 1
    # no human left on seat 0's ship: it gives up before the next card
    assert g.out == [True, False] and g.asks[0].kind == "ready" and g.to_move() == [1]


def test_beating_an_enemy_the_reward_is_optional_and_costs_days(monkeypatch):
    monkeypatch.setitem(fl.CARDS["L1-15"], "strength", 3)  # the mechanism, against a weaker pirate
    strong = [((6, 7), 123, 0), ((7, 6), 95, 0), ((7, 8), 107, 0), ((8, 7), 9, 0)]
    g = flight_game({0: strong, 1: SLOW}, ["L1-15", "L1-15"])
    go(g)
    g.apply(0, {"type": "power", "n": 1})  # 4 > 3
    assert g.asks[0].kind == "accept"
    g.apply(0, {"type": "accept"})
    assert g.credits[0] == 4 and g.pos[0] == -1
    # a tie: nothing happens and the enemy moves on
    go(g)
    g.apply(0, {"type": "power", "n": 0})  # 2 < 3: defeated (no batteries left anyway after the first)
    assert g.credits[0] == 4


def test_pirates_shoot_every_defeated_ship_with_one_roll_per_shot(monkeypatch):
    g = flight_game({0: FAST, 1: SLOW}, ["L1-15"])  # strength 5; light front, heavy front, light front
    rolls(monkeypatch, 7, 6, 2)
    go(g)
    # column 7: seat 0's cannon at (6,7) is hit by the light shot (no shield); seat 1's start cabin too;
    # the heavy shot on column 6: both engines at (7,6); the last shot (column 2) misses
    assert g.ships[0].lost == [88, 64] and sorted(g.ships[0].tiles) == [(7, 7), (7, 8), (8, 7)]
    assert g.ships[1].tiles == {} and g.ships[1].lost == [32, 65]
    assert g.out == [False, True]


@pytest.mark.parametrize("rules", [2, 1])
def test_a_purple_alien_turns_a_side_cannon_of_half_into_two_and_a_half(monkeypatch, rules):
    """DECISIONS Galaxy Trucker 5: the bonus from any cannon strength above zero; rules v1 (old saves) needed 1."""
    monkeypatch.setitem(fl.CARDS["L1-15"], "strength", 2)
    side_cannon = [((7, 6), 65, 0), ((8, 7), 95, 3)]  # an engine, a single cannon turned to the left (½)
    g = flight_game({0: side_cannon, 1: SLOW}, ["L1-15"])
    ship = g.ships[0]
    ship.alien[(6, 6)] = "purple"  # (a cabin is not needed for the arithmetic)
    ship.alien_from_one = rules == 1
    assert ship.cannon_parts() == (0.5, [])
    go(g)
    if rules == 2:
        assert ship.cannon_strength() == 2.5  # 2½ > 2: the pirates are beaten, the reward offered
        assert g.asks[0].kind == "accept" and g.to_move() == [0] and ship.lost == []
    else:
        assert ship.cannon_strength() == 0.5  # ½ < 2: defeated, shot (the start cabin goes: the ship splits)
        assert g.asks[0].kind == "keep" and ship.lost == [31]


def test_a_new_galaxy_trucker_game_follows_rules_v3_and_a_v1_save_replays_under_v1():
    from cosmoludo import games

    g = games.new_game("galaxy-trucker", 2, {}, 3)
    assert g.rules == 3 and g.to_save()["rules"] == 3 and not any(s.alien_from_one for s in g.ships)
    old = games.new_game("galaxy-trucker", 2, {}, 3, rules=1)
    assert all(s.alien_from_one for s in old.ships)
    save = old.to_save()
    assert save["rules"] == 1 and games.load(save).ships[0].alien_from_one


@pytest.mark.parametrize("side,line,cell", [(N, 7, (6, 7)), (S, 7, (8, 7)), (W, 7, (7, 6)), (E, 7, (7, 8)),
                                            (N, 6, (7, 6)), (W, 8, (8, 7)), (N, 9, None), (E, 5, None)])
def test_projectiles_find_the_first_component_per_side_row_and_column(side, line, cell):
    g = flight_game({0: FAST, 1: SLOW}, ["L1-17"])
    assert g.ships[0].first_hit(side, line) == cell


def test_shields_save_exposed_connectors_from_small_meteors_for_a_battery(monkeypatch):
    shielded = [((6, 7), 116, 0), ((7, 8), 9, 0)]  # shield N of the start covering N and E; battery E
    g = flight_game({0: shielded, 1: SLOW}, ["L1-18"])  # small front, rear, left, right
    ship = g.ships[0]
    assert ship.shield_sides() == {N, E}
    rolls(monkeypatch, 8, 9, 6, 5)
    go(g)
    # front, column 8: the battery's N (double) is exposed; the shield covers the front: defend for a battery
    assert g.asks[0].kind == "defend" and g.to_move() == [0]
    g.apply(0, {"type": "defend", "use": True})
    assert ship.batteries() == 1 and (7, 8) in ship.tiles
    # rear column 9: nothing; left row 6: the shield's W universal, no shield on the left → destroyed; right row 5
    assert (6, 7) not in ship.tiles and ship.lost == [116]
    assert g.asks[0].kind == "ready"


def test_a_small_meteor_on_a_smooth_side_bounces(monkeypatch):
    g = flight_game({0: FAST, 1: SLOW}, ["L1-17"])  # big front, small left, small right
    rolls(monkeypatch, 9, 8, 8)  # big front column 9: nothing there; small left/right on row 8: battery
    go(g)
    # battery (8,7): W universal exposed → destroyed by the small meteor from the left
    assert (8, 7) not in g.ships[0].tiles


def test_large_meteors_are_shot_by_a_cannon_in_the_column(monkeypatch):
    g = flight_game({0: FAST, 1: SLOW}, ["L1-19"])  # big front, small front, big front
    rolls(monkeypatch, 7, 8, 6)
    go(g)
    ship = g.ships[0]
    assert (6, 7) in ship.tiles  # the cannon at (6,7) shot the first big meteor (column 7)
    assert (7, 8) in ship.tiles  # the small one on column 8 meets the engine's N side: smooth → bounces
    assert (7, 6) not in ship.tiles  # column 6: no cannon there → the engine is destroyed
    assert (7, 7) not in g.ships[1].tiles  # seat 1: column 7 hits its cabin: it had no cannon


def test_a_destroyed_component_can_split_the_ship_and_the_owner_keeps_a_piece(monkeypatch):
    chain = [((7, 8), 86, 0), ((7, 9), 77, 0)]  # double engine E of the start, an engine E of it
    g = flight_game({0: chain, 1: SLOW}, ["L1-19"])
    rolls(monkeypatch, 8, 2, 2)
    go(g)
    # column 8: the double engine is hit (no cannon) → (7,9) is cut off: keep a piece
    assert g.asks[0].kind == "keep" and g.to_move() == [0]
    g.apply(0, {"type": "keep", "cell": [7, 9]})
    assert list(g.ships[0].tiles) == [(7, 9)] and g.ships[0].humans() == 0
    # no humans left: giving up is forced before the next card
    assert g.out[0] is True


def test_combat_zone_lines_hit_the_weakest_ties_to_the_leader(monkeypatch):
    g = flight_game({0: FAST, 1: SLOW + [((7, 8), 35, 0)]}, ["L1-20"])
    g.ships[0].crew[(7, 7)] = 2
    rolls(monkeypatch, 7, 12)
    go(g)
    # line 1, fewest crew (seat 0: 2, seat 1: 4) → seat 0 loses 3 days: 0 → -1, (-2 taken), -3, -4
    assert g.pos[0] == -4
    # line 2, fewest engines (seat 1: 1 < 2) → seat 1 loses 2 crew
    assert g.asks[0].kind == "lose_crew" and g.to_move() == [1] and g.asks[0].data["n"] == 2
    g.apply(1, {"type": "crew", "cell": [7, 8]})
    g.apply(1, {"type": "crew", "cell": [7, 8]})
    # line 3, fewest cannons (seat 1: 0) → light then heavy from the rear: column 7 hits its cabin (7,7)
    # (the light one: no shield), then column 12 misses
    assert (7, 7) not in g.ships[1].tiles
    assert g.asks[0].kind == "keep"  # the engine (7,6) and the cabin (7,8) are now apart
    g.apply(1, {"type": "keep", "cell": [7, 6]})
    assert g.ships[1].lost == [32, 35]
    assert g.out == [False, True]  # no human left


def test_combat_zone_ties_hit_the_ship_furthest_ahead():
    g = flight_game({0: SLOW, 1: SLOW[:0] + [((7, 6), 64, 0)]}, ["L1-20"])
    go(g)
    # fewest crew: 2 and 2 → the leader (seat 0) loses 3 days
    assert g.pos[0] == -4 and g.pos[1] == -2


def test_giving_up_sells_goods_at_half_price_rounded_up_and_no_finish_reward():
    g = flight_game({0: FAST, 1: SLOW + [((7, 8), 57, 0)]}, ["L1-05"], filler=False)
    g.ships[1].goods[(7, 8)] = ["R"]  # 4 → 2 after giving up; 3 would give 2
    g.apply(0, {"type": "go"})
    g.apply(1, {"type": "give_up"})
    # the deck is empty after stardust: landing
    line0, line1 = g.scores[0]
    assert line1["finish"] == 0 and line1["best_looking"] == 0 and line1["goods"] == 2
    assert line0["finish"] == 4 and line0["best_looking"] == 2
    assert g.credits == [line0["total"], line1["total"]]


# ---- which battery pays, which hold loses ------------------------------------------------------------------------
TWO_BATTERIES = [((7, 6), 86, 0), ((8, 7), 9, 0), ((7, 8), 10, 0)]  # double engine; battery2 S; battery3 E


def test_the_player_chooses_the_battery_a_cost_is_paid_from():
    from cosmoludo.games.galaxy_trucker.data import TILES

    assert TILES[10].kind == "battery3"
    g = flight_game({0: TWO_BATTERIES, 1: SLOW}, ["L1-01"])
    go(g)
    g.apply(0, {"type": "power", "n": 1})
    # two batteries with charge: the owner is asked which one pays, before the card goes on
    assert g.asks[0].kind == "drain" and g.to_move() == [0] and g.asks[0].data["n"] == 1
    assert g.legal_actions(0) == [{"type": "drain", "cell": [7, 8]}, {"type": "drain", "cell": [8, 7]}]
    before = dict(g.ships[0].charge)
    g.apply(0, {"type": "drain", "cell": [8, 7]})
    assert g.ships[0].charge == {**before, (8, 7): 1}
    assert g.pos[0] > 0  # the card went on: the leader moved by 1 + 2


def test_no_battery_question_without_a_choice():
    g = flight_game({0: [((7, 6), 86, 0), ((8, 7), 9, 0)], 1: SLOW}, ["L1-01"])
    go(g)
    g.apply(0, {"type": "power", "n": 1})  # one battery only: taken from it at once
    assert g.ships[0].charge == {(8, 7): 1} and g.asks[0].kind == "ready"


def test_a_refused_battery_changes_nothing_and_says_why():
    from cosmoludo.core.errors import IllegalAction

    g = flight_game({0: TWO_BATTERIES, 1: SLOW}, ["L1-01"])
    go(g)
    g.apply(0, {"type": "power", "n": 1})
    before = g.to_save()
    with pytest.raises(IllegalAction) as e:
        g.apply(0, {"type": "drain", "cell": [7, 7]})  # the starting cabin is no battery
    assert "batterie" in e.value.fr and "battery" in e.value.en
    assert g.to_save() == before


def test_smugglers_the_player_chooses_the_hold_among_the_most_valuable_goods():
    holds = SLOW + [((7, 8), 24, 0), ((8, 7), 9, 0)]  # cargo2 E, battery2 S
    g = flight_game({0: FAST, 1: holds}, ["L1-14"])  # strength 4, lose 2 goods
    g.ships[0].goods.clear()
    ship = g.ships[1]
    ship.goods[(7, 8)] = ["Y", "B"]
    go(g)
    # seat 0 (no goods, one battery): its 2 battery cells go without a question
    assert g.ships[0].batteries() == 0
    # seat 1: the yellow first (one choice: no question), then the blue, then the battery cells
    assert ship.goods[(7, 8)] == [] and ship.batteries() == 2


def test_lose_goods_asks_which_hold_when_goods_of_the_same_value_are_in_two():
    from cosmoludo.core.errors import IllegalAction

    holds = SLOW + [((7, 8), 24, 0), ((6, 7), 16, 3), ((8, 7), 9, 0)]
    g = flight_game({0: FAST, 1: holds}, ["L1-14"])
    ship = g.ships[1]
    assert not ship.errors()
    ship.goods[(7, 8)] = ["Y", "B"]
    ship.goods[(6, 7)] = ["Y"]
    go(g)
    assert g.asks[0].kind == "lose_goods" and g.to_move() == [1] and g.asks[0].data["n"] == 2
    assert g.legal_actions(1) == [{"type": "lose_good", "cell": [6, 7], "good": "Y"},
                                  {"type": "lose_good", "cell": [7, 8], "good": "Y"}]
    with pytest.raises(IllegalAction) as e:
        g.apply(1, {"type": "lose_good", "cell": [7, 8], "good": "B"})  # a cheaper good first: refused
    assert "chères" in e.value.fr
    g.apply(1, {"type": "lose_good", "cell": [6, 7], "good": "Y"})
    # the second yellow has no choice left: it goes at once, and the card is over
    assert ship.goods == {(7, 8): ["B"], (6, 7): []}
    assert g.asks[0].kind == "ready"


def test_lose_goods_then_the_battery_of_ones_choice():
    holds = SLOW + [((7, 8), 10, 0), ((8, 7), 9, 0)]  # battery3 E, battery2 S: 5 cells, lose 2
    g = flight_game({0: FAST, 1: holds}, ["L1-14"])
    go(g)
    ship = g.ships[1]
    assert g.asks[0].kind == "lose_goods" and g.legal_actions(1) == [
        {"type": "lose_battery", "cell": [7, 8]}, {"type": "lose_battery", "cell": [8, 7]}]
    g.apply(1, {"type": "lose_battery", "cell": [8, 7]})
    g.apply(1, {"type": "lose_battery", "cell": [8, 7]})
    assert ship.charge == {(7, 8): 3, (8, 7): 0} and g.asks[0].kind == "ready"


def test_voluntary_giving_up_is_offered_before_each_card_only():
    """« avant que la carte aventure soit révélée »: the ready question, asked before each card, is the only
    decision that offers it; no question asked while a card is being resolved does."""
    import random

    from cosmoludo.games.galaxy_trucker.bot import flight_step

    g = flight_game({0: TWO_BATTERIES, 1: SLOW + [((7, 8), 35, 0)]}, ["L1-14", "L1-20", "L1-01", "L1-16"])
    rnd = random.Random(0)
    seen = set()
    while not g.is_over() and g.flight_i == 0:
        ask = g.asks[0]
        for s in g.to_move():
            gives = [a for a in g.legal_actions(s) if a["type"] == "give_up"]
            seen.add(ask.kind)
            if ask.kind == "ready":
                assert gives and g.card is None
            else:
                assert not gives, ask.kind
        seat = g.to_move()[0]
        g.apply(seat, flight_step(g, seat, rnd))
    assert {"ready", "power"} <= seen


def test_log_lines_agree_in_number():
    from cosmoludo.games.galaxy_trucker.words import a_component, en_n, fr_n, fr_names

    assert fr_n(1, "jour", "jours") == "1 jour" and fr_n(0, "crédit", "crédits") == "0 crédit"
    assert fr_n(3, "jour", "jours") == "3 jours" and en_n(0, "day", "days") == "0 days"
    assert fr_names(["A", "B", "C"]) == "A, B et C"
    assert a_component(1) == ("une batterie (2)", "a battery (2)")
    assert a_component(64)[0] == "un réacteur simple"
    from cosmoludo.games.galaxy_trucker.words import fr_num, goods_words

    assert goods_words("BRBG") == ("1 rouge, 1 verte, 2 bleues", "1 red, 1 green, 2 blue")
    assert fr_num(1.5) == "1,5" and fr_num(2.0) == "2"
    g = flight_game({0: FAST, 1: SLOW}, ["L1-01"], filler=False)
    g.credits = [5, 5]
    g.phase = "end"
    g.step_end()
    assert g.log[-1]["fr"] == "Fin de la partie : {P0} et {P1} gagnent avec 5 crédits."
    assert g.log[-1]["en"] == "Game over: {P0} and {P1} win with 5 credits."
    fl.move(g, 1, 1)
    assert g.log[-1]["fr"] == "{P1} avance de 1 jour de vol." and g.log[-1]["en"] == "{P1} moves 1 flight day ahead."
    text = " ".join(e["fr"] + " " + e["en"] for e in g.log)
    assert "(s)" not in text and "(e)" not in text


# ---- between two flights (rules v3) ---------------------------------------------------------------------------------
def test_the_results_wait_for_every_seat_before_the_next_building():
    g = flight_game({0: FAST, 1: SLOW}, ["L1-05"], filler=False)
    go(g)  # the only card: the flight lands
    assert len(g.scores) == 1 and g.flight_i == 0
    # the results are shown: every seat is asked to go on, and nothing of flight II has started (no hourglass)
    assert g.asks[0].kind == "results" and sorted(g.to_move()) == [0, 1]
    assert g.legal_actions(0) == [{"type": "continue"}] == g.legal_actions(1)
    assert g.view(0)["asks"][0] == {"kind": "results", "seats": [0, 1]}
    g.apply(1, {"type": "continue"})
    assert g.asks[0].kind == "results" and g.to_move() == [0] and g.flight_i == 0
    g.apply(0, {"type": "continue"})
    assert g.flight_i == 1 and g.asks[0].kind == "build"
    assert g.view(0)["scores"] == g.scores and len(g.scores) == 1


def played_to_flight_two(rules: int | None) -> Any:
    """A two-seat game played by the bots until flight II's building begins (`rules`: an older version's)."""
    import random

    from cosmoludo import games
    from cosmoludo.games.galaxy_trucker.bot import build_step, flight_step, play_game

    g = games.new_game("galaxy-trucker", 2, {"detendu": True}, 4, rules=rules)

    class Stop(Exception):
        pass

    def builder(g: Any, seat: int, t: int, rnd: random.Random) -> Any:
        if g.flight_i == 1:
            raise Stop
        return build_step(g, seat, t, rnd)

    try:
        play_game(g, random.Random(4), builders=[builder, builder], fliers=[flight_step, flight_step])
    except Stop:
        return g
    raise AssertionError("the game never reached flight II")


def test_the_results_step_replays_from_its_save_and_old_saves_go_on_without_it():
    from cosmoludo import games

    g = played_to_flight_two(None)
    save = g.to_save()
    assert save["rules"] == 3
    answers = [i for i, (_, a) in enumerate(save["actions"]) if a == {"type": "continue"}]
    assert len(answers) == 2 and answers[1] == answers[0] + 1  # both seats, once, right after the landing
    again = games.load(save)
    assert again.view(0) == g.view(0) and again.flight_i == 1
    # a v2 save (played before this step existed): its first flight lands straight into flight II's building,
    # and it still loads and replays as it was played
    old = played_to_flight_two(2)
    old_save = old.to_save()
    assert old_save["rules"] == 2 and {"type": "continue"} not in [a for _, a in old_save["actions"]]
    assert len(old.scores) == 1 and old.asks[0].kind == "build"
    reloaded = games.load(old_save)
    assert reloaded.rules == 2 and reloaded.view(0) == old.view(0)


def test_the_last_card_resolved_stays_in_view_until_the_next_is_drawn():
    g = flight_game({0: FAST, 1: SLOW}, ["L1-05"])
    assert g.view(0)["last_card"] is None
    go(g)  # stardust, then the Open Space filler's « ready »
    v = g.view(0)
    assert v["card"] is None and v["last_card"] == "L1-05" and g.asks[0].kind == "ready"
