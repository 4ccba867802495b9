"""Les Cochons de l'Espace: one test per phase rule, card and option."""
from __future__ import annotations

from collections import Counter

import pytest

from cochons_helpers import Dice, check, galaxy, new, play_random, scene
from cosmoludo import IllegalAction
from cosmoludo.core.hexgrid import ORIGIN, distance, neighbors, rim
from cosmoludo.core.rng import Rng
from cosmoludo.games.cochons_espace.board import key, unkey
from cosmoludo.games.cochons_espace.data import RECIPES, TILES, deck_cards, galaxy_tiles


def hexes_in_a_row(g, n):
    """A path of n hexes, each adjacent to the previous one and farther from the first."""
    start = min(g.tiles, key=lambda k: (-distance(unkey(k), ORIGIN), k))
    path = [start]
    while len(path) < n:
        far = [k for k in g.adj[path[-1]] if distance(unkey(k), unkey(start)) == len(path)]
        path.append(min(far))
    return path


def at_voyage(g, seat, left=3, board=None, hands=None):
    g.asks = []
    if board is not None:
        scene(g, board, hands)
    g.ask("voyage", seat, left=left)
    g.phase = "combats"


# ---- setup and galaxy ---------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_full_setup_material_and_galaxy_size(players):
    g = galaxy(players, seed=players)
    assert len(set(g.clans)) == players and len(set(g.recipes)) == players
    assert all(sorted(m) == [2, 2, 3, 3, 4] for m in g.markers_left)
    assert all(len(h) == 6 for h in g.hands)
    counts = Counter((TILES[t].face, TILES[t].colour, TILES[t].back) for t in g.tiles.values())
    n = {3: 3, 4: 4, 5: 6, 6: 7}[players]
    for c in ("rouge", "jaune", "bleu"):
        assert counts[("planete", c, c)] == n and counts[("double", c, c)] == 1
        assert counts[("asteroide", None, c)] == 1
    assert counts[("asteroide", None, "noir")] == {3: 1, 4: 1, 5: 2, 6: 3}[players]
    assert len(g.tiles) == len(galaxy_tiles(players)) == {3: 16, 4: 19, 5: 26, 6: 30}[players]
    # Successive complete circles round the first hex.
    radii = sorted(distance(unkey(k), ORIGIN) for k in g.tiles)
    for r in range(max(radii)):
        assert radii.count(r) == (1 if r == 0 else 6 * r)
    check(g)


def test_blind_laying_names_only_the_family():
    g = new(3, 1)
    acts = g.legal_actions(g.to_move()[0])
    assert all(set(a) == {"type", "family", "at"} for a in acts)
    assert {a["at"] for a in acts} == {"0,0"}  # the first hex is the centre
    s = g.to_move()[0]
    g.apply(s, acts[0])
    assert g.view(None)["hexes"][0]["face"] is not None  # turned over once laid
    assert sorted(a["at"] for a in g.legal_actions(g.to_move()[0]) if a["family"] == "noir") == \
        sorted(key(h) for h in [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)])


def test_lay_all_then_turn_all_and_exploration_keep_faces_hidden():
    g = new(3, 2, pose="tout_puis_retourner")
    rng = Rng(2)
    while g.phase == "build":
        g.apply(g.to_move()[0], rng.choice(g.legal_actions(g.to_move()[0])))
        if g.phase == "build":
            assert all(h["face"] is None for h in g.view(0)["hexes"])
    assert all(h["face"] is not None for h in g.view(0)["hexes"])
    g = galaxy(3, seed=2, pose="exploration")
    v = g.view(0)["hexes"]
    occupied = {k for k in g.stacks}
    assert all((h["face"] is not None) == (h["at"] in occupied or g.face_up[h["at"]]) for h in v)
    assert any(h["face"] is None for h in v)


def test_look_before_laying_shows_the_hex_to_its_layer_only():
    g = new(3, 3, pose="regarder")
    s = g.to_move()[0]
    g.apply(s, {"type": "draw_hex", "family": "rouge"})
    assert g.view(s)["asks"][0]["drawn"] is not None
    other = (s + 1) % 3
    assert g.view(other)["asks"][0]["drawn"] is None
    assert g.legal_actions(s) == [{"type": "lay", "at": "0,0"}]


def test_simplified_rule_material():
    g = galaxy(4, seed=5, regle="simplifiee")
    assert all(len(h) == 4 for h in g.hands)
    deck = Counter(deck_cards(True))
    assert sum(deck.values()) == 45 and deck["deplacement_planetes"] == 8 and deck["extra_mouve"] == 3
    assert deck["transporteur"] == 2 and deck["fusee_dorsale"] == 1 and deck["bottes_reaction"] == 1
    assert all(r is not None for r in g.view(0)["recipes"])  # recipes face up
    g2 = new(4, 5, regle="simplifiee")
    assert all("tile" in a for a in g2.legal_actions(g2.to_move()[0]))  # hexes chosen face up


def test_full_rule_recipes_are_secret():
    g = galaxy(3, seed=6)
    v = g.view(1)["recipes"]
    assert v[1] == RECIPES[g.recipes[1]] and v[0] is None and v[2] is None


def test_starting_gorets_on_the_rim_with_a_gap():
    g = galaxy(3, seed=7)
    edge = {key(h) for h in rim(unkey(k) for k in g.tiles)}
    homes = {s: g.hexes_of(s) for s in range(3)}
    for s in range(3):
        assert len(homes[s]) == 1 and homes[s][0] in edge and g.mine(homes[s][0], s)["g"] == 5
    for a in range(3):
        for b in range(a + 1, 3):
            assert homes[b][0] not in g.adj[homes[a][0]]


def test_reverse_placement_places_from_the_last_player():
    g = new(4, 8, placement_inverse=True)
    rng = Rng(8)
    while g.phase == "build":
        g.apply(g.to_move()[0], rng.choice(g.legal_actions(g.to_move()[0])))
    assert [a.seats[0] for a in g.asks if a.kind == "start"] == g.order[::-1]


# ---- the turn ------------------------------------------------------------------------------------
def test_order_of_play_by_troops_gros_gruik_counts_two():
    g = galaxy(3, seed=9)
    ks = sorted(g.tiles)
    scene(g, {ks[0]: [(0, 3, 0)], ks[5]: [(1, 1, 2)], ks[9]: [(2, 5, 0)]})
    g.asks, g.turn, g.phase = [], 2, "order"
    g.rng = Dice([2, 5])  # seats 1 and 2 tie at 5: seat 2 rolls higher
    g.pr = None
    g._step_order()
    assert g.order == [2, 1, 0]


def test_voyage_markers_come_back_after_all_five():
    g = galaxy(3, seed=10)
    g.markers_left[0] = [3]
    g.markers_revealed({0: {"type": "marker", "n": 3}, 1: {"type": "marker", "n": 4}, 2: {"type": "marker", "n": 2}})
    assert sorted(g.markers_left[0]) == [2, 2, 3, 3, 4]
    assert sorted(g.markers_left[1]) == [2, 2, 3, 3]
    from cosmoludo.core.flow import Ask
    from cosmoludo.games.cochons_espace.kinds import Markers
    assert {a["n"] for a in Markers().choices(g, Ask("markers", [1]), 1)} == {2, 3}


def test_voyages_adjacent_only_and_once_per_troop():
    g = galaxy(3, seed=11)
    a, b, _c = hexes_in_a_row(g, 3)
    at_voyage(g, 0, 3, {a: [(0, 4, 1)]}, {})
    acts = g.legal_actions(0)
    assert {x["to"] for x in acts if x["type"] == "go"} == set(g.adj[a])
    g.apply(0, {"type": "go", "from": a, "to": b})
    g.apply(0, {"type": "take", "g": 2, "gg": 1})
    assert g.mine(b, 0)["g"] == 2 and g.mine(a, 0)["g"] == 2
    # The troops that moved may not move again this turn.
    assert not any(x.get("from") == b for x in g.legal_actions(0))


def test_defenders_are_blocked_by_as_many_attackers():
    g = galaxy(3, seed=12)
    a, _b = hexes_in_a_row(g, 2)
    at_voyage(g, 0, 3, {a: [(0, 5, 0), (1, 3, 0)]}, {})
    assert g.movable(a, 0) == (2, 0)


def test_range_cards():
    g = galaxy(4, seed=13)
    path = hexes_in_a_row(g, 5)
    at_voyage(g, 0, 3, {path[0]: [(0, 3, 0)]}, {0: ["transporteur", "fusee", "teleporteur"]})
    acts = g.legal_actions(0)
    reach = {card: {x["to"] for x in acts if x.get("card") == card} for card in ("transporteur", "fusee", "teleporteur")}
    assert path[2] in reach["transporteur"] and path[3] not in reach["transporteur"]
    assert path[4] in reach["fusee"]
    assert reach["teleporteur"] == set(g.tiles) - {path[0]}
    g.apply(0, {"type": "go", "from": path[0], "to": path[2], "card": "transporteur"})
    g.apply(0, {"type": "take", "g": 3, "gg": 0})
    assert "transporteur" in g.discard and g.mine(path[2], 0)["g"] == 3


def test_jet_boots_leave_troops_on_three_planets():
    g = galaxy(4, seed=14)
    p = hexes_in_a_row(g, 4)
    at_voyage(g, 0, 1, {p[0]: [(0, 6, 0)]}, {0: ["bottes_reaction"]})
    g.apply(0, {"type": "go", "from": p[0], "to": p[1], "card": "bottes_reaction"})
    g.apply(0, {"type": "take", "g": 6, "gg": 0})
    g.apply(0, {"type": "on", "to": p[2]})
    g.apply(0, {"type": "take", "g": 4, "gg": 0})
    g.apply(0, {"type": "on", "to": p[3]})
    g.apply(0, {"type": "take", "g": 2, "gg": 0})
    assert [g.mine(k, 0)["g"] for k in p[1:]] == [2, 2, 2]
    assert g.legal_actions(0) == [{"type": "end"}]


def test_fete_du_gland_protects_a_planet_from_other_players():
    g = galaxy(3, seed=15)
    a, b = hexes_in_a_row(g, 2)
    at_voyage(g, 1, 3, {a: [(0, 2, 0)], b: [(1, 2, 0)]}, {1: ["fete_gland"]})
    g.apply(1, {"type": "play", "card": "fete_gland"})
    g.apply(1, {"type": "target", "value": b})
    g.asks = []
    g.ask("voyage", 0, left=2)
    assert b not in {x["to"] for x in g.legal_actions(0) if x["type"] == "go"}


def test_fete_du_gland_forbids_attacks_not_landings():
    """« ne peut être attaquée par des troupes d'un autre joueur »: the owner (here an ally of the card's player)
    still reinforces it, and once it is empty anybody may land; the Extra-Cochons still attack it."""
    g = galaxy(3, seed=15)
    a, b, c = hexes_in_a_row(g, 3)
    at_voyage(g, 1, 3, {a: [(0, 2, 0)], b: [(2, 2, 0)], c: [(2, 1, 0)]}, {1: ["fete_gland"]})
    g.apply(1, {"type": "play", "card": "fete_gland"})
    g.apply(1, {"type": "target", "value": b})
    assert g.fete == {b: 1}
    g.asks = []
    g.ask("voyage", 2, left=2)
    assert {"type": "go", "from": c, "to": b} in g.legal_actions(2)  # its owner reinforces it
    g.asks = []
    g.ask("voyage", 0, left=2)
    assert b not in {x["to"] for x in g.legal_actions(0) if x["type"] == "go"}  # an attack: refused
    scene(g, {a: [(0, 2, 0)]})
    g.fete = {b: 1}
    assert {"type": "go", "from": a, "to": b} in g.legal_actions(0)  # empty now: landing is no attack


def test_extra_mouve_after_another_player():
    g = galaxy(3, seed=16)
    a, _b = hexes_in_a_row(g, 2)
    g.asks = []
    scene(g, {a: [(2, 3, 0)]}, {2: ["extra_mouve"]})
    g.ask("window", [0, 1, 2], seq="2B", after=0)
    g.phase = "combats"
    g.apply(0, {"type": "pass"})
    g.apply(1, {"type": "pass"})
    g.apply(2, {"type": "play", "card": "extra_mouve"})
    assert g.asks[0].kind == "voyage" and g.asks[0].data["left"] == 1 and g.to_move() == [2]


def _fight(g, order, board, hands, rolls, ec=None):
    g.asks = []
    g.order = list(order)
    scene(g, board, hands, ec)
    g.rng = Dice(rolls)
    g.phase, g.cursor = "combat_turn", 0
    g.run()


def test_disintegration_at_technology_six_destroys_everybody():
    g = galaxy(3, seed=17)
    k = sorted(g.tiles)[3]
    _fight(g, [0, 1, 2], {k: [(0, 3, 0), (1, 3, 0), (2, 2, 0)]},
           {0: ["base_groin_noir"], 1: ["bunker_kosto"]}, [])
    g.apply(0, {"type": "card", "card": "base_groin_noir"})
    g.apply(1, {"type": "card", "card": "bunker_kosto"})
    assert k not in g.stacks  # the third player's waiting troops too
    check(g)


def test_a_tie_kills_nobody_and_flight_waits_for_round_two():
    g = galaxy(3, seed=18)
    a, b = hexes_in_a_row(g, 2)
    _fight(g, [0, 1, 2], {a: [(0, 2, 0), (1, 2, 0)], b: [(0, 1, 0)]}, {}, [4, 4])
    # Round 1: 4 + 1 against 4 + 1: nobody dies; flight is offered only from round 2.
    assert g.combat["log"] == [[1, [4], 5, [4], 5]]
    assert g.mine(a, 0)["g"] == 2 and g.mine(a, 1)["g"] == 2
    assert g.asks[0].kind == "flee" and g.to_move() == [0] and g.combat["round"] == 2


def test_once_one_side_flees_the_other_is_not_asked_to_flee_or_fight():
    """« jusqu'à ce que l'un des joueurs soit éliminé ou décide de s'enfuir »: from round 2 both sides are asked
    at once; when the defender flees, the combat is over and the attacker's question lapses."""
    g = galaxy(3, seed=18)
    a, b = hexes_in_a_row(g, 2)
    # Both sides have a refuge next to the fight (b for the defender, a third hex for the attacker).
    refuge = next(k for k in sorted(g.adj[a]) if k != b)
    _fight(g, [0, 1, 2], {a: [(0, 3, 0), (1, 3, 0)], b: [(0, 1, 0)], refuge: [(1, 1, 0)]}, {}, [4, 4])
    assert g.combat["round"] == 2
    assert [(x.kind, x.seats) for x in g.asks[:2]] == [("flee", [0]), ("flee", [1])]
    g.apply(0, {"type": "flee", "to": b})
    assert g.mine(b, 0)["g"] == 4 and g.mine(a, 1)["g"] == 3
    assert not any(x.kind == "flee" for x in g.asks) and g.to_move() != [1]
    assert g.combat is None and g.owner(a) == 1
    check(g)


def test_heuristic_games_never_ask_the_side_left_alone_to_flee():
    """The issue's repro: 4 players, 4 turns, every seat heuristic, seeds 0–3 (10 flights, 6 of them followed by
    « fuir ou combattre ? » offered to the side left alone before the fix)."""
    from cosmoludo import games

    flights = stale = 0
    for s in range(4):
        g = games.new_game("cochons-de-l-espace", players=4, options={"limite_tours": 4}, seed=s)
        rng = Rng(s)
        while not g.is_over():
            ask = g.asks[0] if g.asks else None
            if ask is not None and ask.kind == "flee":
                assert g.combat is not None
                if g.side("d") is None or g.side("a") is None:
                    stale += 1
            seat = g.to_move()[0]
            action = g.heuristic_action(seat, rng)
            flights += action["type"] == "flee"
            g.apply(seat, action)
    assert flights >= 5 and stale == 0


def test_gros_gruik_rolls_a_d8_and_dies_last():
    g = galaxy(3, seed=19)
    k = sorted(g.tiles)[2]
    _fight(g, [0, 1, 2], {k: [(0, 1, 1), (1, 3, 0)]}, {}, [1, 6, 1, 6, 1, 6])
    assert True
    assert g.mine(k, 1) is not None and g.mine(k, 0) is None
    assert g.reserve[0] == [20, 3]


def test_extra_cochons_arrival_table_and_placement():
    g = galaxy(3, seed=20)
    ast = [k for k in sorted(g.tiles) if g.is_asteroid(k)]
    g.asks, g.stacks = [], {}
    g.rng = Dice([3, 6])  # pirates, 1D6 = 6: four pirates
    g.phase = "ec_arrival"
    g.run()
    assert g.asks[0].kind == "ec_place" and g.asks[0].data == {"ec": "pirates", "n": 4}
    assert {x["at"] for x in g.legal_actions(g.asks[0].seats[0])} == set(ast)
    g.apply(g.asks[0].seats[0], {"type": "ec_place", "at": ast[0]})
    assert g.ec_at(ast[0])["g"] == 4
    # Pirates are at most 4 on one hex; another type never shares it.
    assert ast[0] not in g.ec_places("pirates", 2) and ast[0] not in g.ec_places("porcophages", 1)
    g.rng = Dice([1])
    g.asks, g.phase = [], "ec_arrival"
    g.run()
    assert g.phase != "ec_arrival" and not any(a.kind == "ec_place" for a in g.asks)


def test_acorn_worm_devours_an_empty_planet_and_at_most_three():
    g = galaxy(3, seed=21)
    planets = [k for k in sorted(g.tiles) if g.is_planet(k)]
    for k in planets[:3]:
        g.devour(k)
    assert all(g.is_asteroid(k) for k in planets[:3])
    g.devour(planets[3])
    assert g.is_planet(planets[3]) and len(g.devoured) == 3
    g.asks, g.rng, g.phase = [], Dice([8]), "ec_arrival"
    g.run()
    assert not any(a.kind == "ec_place" for a in g.asks)  # no Ver after the third planet


def test_porcophages_grow_when_they_kill_a_goret():
    g = galaxy(3, seed=22)
    k = sorted(g.tiles)[1]
    g.adj[k] = [n for n in g.adj[k]]
    _fight(g, [0, 1, 2], {k: [(0, 3, 0)]}, {}, [1, 8, 1, 8, 1, 8], ec={k: ("porcophages", 1)})
    # Porcophage 8 against the Gorets' 1 + 2: a Goret dies and the pack grows, at most to three.
    assert any("Porcophage de plus" in e["fr"] for e in g.log)
    assert g.mine(k, 0) is None and g.ec_at(k)["g"] == 3


def test_elimination_and_reentry():
    g = galaxy(3, seed=23)
    k = min(g.tiles)
    scene(g, {k: [(0, 1, 0)], sorted(g.tiles)[5]: [(1, 5, 0)], sorted(g.tiles)[9]: [(2, 5, 0)]})
    g.markers_left[0] = [2]
    g.check_eliminations()
    assert g.eliminated[0] and not g.hexes_of(0)
    g.asks, g.phase = [], "place"
    g.run()
    assert g.asks[0].kind == "start" and g.to_move() == [0]
    spots = {a["at"] for a in g.legal_actions(0)}
    edge = {k for k in g.rim_hexes() if k not in g.stacks}
    assert spots == edge  # any empty edge hex, next to other players or not
    spot = min(spots)
    g.apply(0, {"type": "start", "at": spot})
    assert g.mine(spot, 0)["g"] == 5 and sorted(g.markers_left[0]) == [2, 2, 3, 3, 4]


def test_a_pluie_de_cailloux_in_2b_eliminates_at_once_and_the_clan_sits_out_the_turn():
    """« éliminé dès qu'il n'a plus qu'une seule troupe » (l. 520): not at the end of 3A but as the card hits.
    Its voyages lapse, it is asked at no card window, it swaps nothing; it keeps its cards."""
    g = galaxy(3, seed=23)
    g.turn = 2
    tiles = sorted(g.tiles)
    k, a, b = tiles[0], tiles[5], tiles[9]
    scene(g, {k: [(0, 3, 0)], a: [(1, 5, 0)], b: [(2, 5, 0)]}, {1: ["pluie_cailloux"], 0: ["extra_mouve", "jaret"], 2: ["transporteur"]})
    g.coalitions = [[0, 2]]
    g.asks = []
    g.order = [1, 0, 2]
    g.marker = [3, 3, 3]
    g.phase = "voyages"
    g.run()
    assert g.asks[0].kind == "window"
    g.rng = Dice([5, 6, 1])  # two of the three Gorets die: one troop left
    for s in g.to_move():
        g.apply(s, {"type": "play", "card": "pluie_cailloux"} if s == 1 else {"type": "pass"})
    g.apply(1, {"type": "target", "value": k})
    assert g.eliminated[0] and g.out_this_turn(0) and not g.hexes_of(0)
    assert g.reserve[0] == [20, 3] and sorted(g.hands[0]) == ["extra_mouve", "jaret"]
    assert any("est éliminé" in line["fr"] for line in g.log[-3:])
    seen = []
    while g.seq not in ("4A", "4B", "4C") and not g.is_over():  # its vote aside
        seat = g.to_move()[0]
        seen.append((g.asks[0].kind, seat))
        assert 0 not in g.to_move()
        legal = g.legal_actions(seat)
        g.apply(seat, next((x for x in legal if x["type"] in ("end", "pass", "done", "stay")), legal[0]))
    assert ("voyage", 1) in seen and ("voyage", 2) in seen and not any(s == 0 for _, s in seen)
    assert not g.can_trade(2) and not g.can_trade(0)
    why = g.why_no_trade(2, {"type": "offer", "to": 0, "card": "transporteur"})
    assert why is not None and "éliminé" in why[0] and "eliminated" in why[1]
    why = g.why_no_trade(0, {"type": "offer", "to": 2, "card": "jaret"})
    assert why is not None and "éliminé" in why[0] and "eliminated" in why[1]
    check(g)


def test_a_famine_that_leaves_one_troop_eliminates_the_clan():
    g = powered("hylocherus")
    k, far = min(g.tiles), max(g.tiles)
    scene(g, {k: [(1, 2, 1)], far: [(0, 2, 0), (2, 2, 0)]})
    g.rng = Dice([5, 1, 6])
    use_at_window(g, "2B", 0, "hylo_famine", [k])
    assert g.eliminated[1] and g.mine(k, 1) is None and g.reserve[1] == [20, 3]
    assert not g.eliminated[0] and not g.eliminated[2]
    check(g)


def test_a_lost_round_that_leaves_one_troop_on_the_board_ends_the_fight():
    g = galaxy(3, seed=19)
    k, far = sorted(g.tiles)[2], max(g.tiles)
    # Seat 0 has two troops on the whole board: the first round it loses eliminates it at once.
    # (Round 2's dice would give it the round: it is never fought.)
    _fight(g, [0, 1, 2], {k: [(0, 2, 0), (1, 3, 0)], far: [(2, 2, 0)]}, {}, [1, 6, 6, 1])
    assert g.eliminated[0] and g.mine(k, 0) is None and g.combat is None
    assert g.mine(k, 1)["g"] == 3 and sum(line["fr"].startswith("Round ") for line in g.log) == 1
    assert not any(a.kind in ("flee", "force") for a in g.asks)
    check(g)


def _alive_with_one_troop(g):
    return [s for s in range(g.players) if not g.eliminated[s] and sum(g.troop_count(s)) <= 1]


@pytest.mark.parametrize("players,seed,options", [
    (3, 2100080, {"galaxie": "galette", "pose": "exploration", "placement_inverse": True, "pouvoirs": False,
                  "limite_tours": 5}),
    (5, 1100082, {"galaxie": "libre", "pouvoirs": True, "limite_tours": 6}),
])
def test_no_clan_with_one_troop_ever_acts(players, seed, options):
    """The issue's repros (seed 2100080: a Pluie de Cailloux in turn 1, 2B, left seat 0 one Goret and it travelled
    on; seed 1100082: a famine left seat 0 one troop and it played Extra-Mouve, travelled and swapped cards),
    played by the random bot (`choose_action` « aleatoire », bot seed 0: the first game's Pluie is action 27), the
    heuristic and plain random play, and a few more seeds: after every action no clan still in play has one troop
    or none, and a clan eliminated this turn is asked nothing but its vote and its Porc Royal duties."""
    from cosmoludo import games
    from cosmoludo.core.bots import choose_action, random_action
    from cosmoludo.games.cochons_espace.kinds import OUT_STILL_ASKED

    eliminations = 0
    for s in (seed, seed + 1, seed + 2):
        for bot in ("aleatoire", "facile", "random"):
            g = games.new_game("cochons-de-l-espace", players, {"regle": "complete", **options}, s)
            rng = Rng(s)
            while not g.is_over():
                seat = g.to_move()[0]
                if bot == "random":
                    action = random_action(g, seat, rng)
                else:
                    action = choose_action(g, seat, bot, seed=0)
                before = sum(g.eliminated)
                g.apply(seat, action)
                eliminations += sum(g.eliminated) > before
                if g.turn >= 1:
                    assert not _alive_with_one_troop(g), (s, bot, len(g.history))
                if g.asks:
                    for t in g.to_move():
                        assert not g.out_this_turn(t) or g.asks[0].kind in OUT_STILL_ASKED, (s, bot, len(g.history))
            if s == 2100080 and bot == "aleatoire":
                assert [x for x in g.log if "Pluie de Cailloux Spatiaux en" in x["fr"]]
    assert eliminations >= 3


def test_the_first_repro_eliminates_seat_0_as_the_pluie_de_cailloux_falls():
    from cosmoludo import games
    from cosmoludo.core.bots import choose_action

    opts = {"regle": "complete", "galaxie": "galette", "pose": "exploration", "placement_inverse": True,
            "pouvoirs": False, "limite_tours": 5}
    g = games.new_game("cochons-de-l-espace", 3, opts, 2100080)
    while len(g.history) < 27:
        seat = g.to_move()[0]
        g.apply(seat, choose_action(g, seat, "aleatoire", seed=0))
    assert g.turn == 1 and g.seq == "2B" and "Pluie de Cailloux Spatiaux en" in g.log[-2]["fr"]
    assert g.eliminated[0] and g.troop_count(0) == (0, 0) and "{P0} est éliminé" in g.log[-1]["fr"]


def test_cannot_win_on_turn_one_and_ties_go_by_order():
    g = galaxy(3, seed=24)
    g.asks = []
    g.production = [dict(RECIPES[g.recipes[s]]) for s in range(3)]
    g.stacks = {}
    for s in range(3):  # give each player exactly its recipe's planets
        need = dict(RECIPES[g.recipes[s]])
        for k in sorted(g.tiles):
            c = g.colour(k)
            if c and need.get(c, 0) > 0 and k not in g.stacks and g.face(k) == "planete":
                g.stacks[k] = [{"s": s, "ec": None, "g": 1, "gg": 0, "mg": 0, "mgg": 0}]
                need[c] -= 1
    g.turn, g.phase = 1, "production"
    g._step_production()
    assert g.winner is None
    g.turn, g.phase = 2, "production"
    g._step_production()
    if any(g.meets_recipe(s) for s in range(3)):
        assert g.winner == next(s for s in g.order if g.meets_recipe(s))


def test_one_gros_gruik_transformation_from_new_colonists_not_on_turn_one():
    g = galaxy(3, seed=25)
    k = g.hexes_of(0)[0]
    g.asks = []
    g.colonists[0] = 4
    g.turn = 1
    g.ask("settle", 0)
    assert {"type": "promote"} not in g.legal_actions(0)
    g.turn = 2
    assert {"type": "promote"} in g.legal_actions(0)
    g.apply(0, {"type": "promote"})
    assert {"type": "promote"} not in g.legal_actions(0)
    g.apply(0, {"type": "put_gg", "at": k})
    g.apply(0, {"type": "put", "at": k, "n": 2})
    assert g.mine(k, 0)["gg"] == 1 and g.mine(k, 0)["g"] == 7
    check(g)


def test_coalition_card_swap_is_one_for_one_and_accepted():
    g = galaxy(3, seed=26)
    g.asks = []
    g.coalitions = [[0, 1]]
    scene(g, {}, {0: ["jaret"], 1: ["fusee"], 2: ["colons"]})
    scene(g, {k: [(s, 5, 0)] for s, k in enumerate(sorted(g.tiles)[:3])})
    g.ask("swap", 0)
    acts = g.legal_actions(0)
    assert {"type": "offer", "to": 1, "card": "jaret"} in acts and not any(a.get("to") == 2 for a in acts)
    g.apply(0, {"type": "offer", "to": 1, "card": "jaret"})
    g.apply(1, {"type": "accept", "card": "fusee"})
    assert g.hands[0] == ["fusee"] and g.hands[1] == ["jaret"]


# ---- event cards ---------------------------------------------------------------------------------
def window(g, seq, seat, card, targets=(), others_pass=True):
    g.ask("window", list(g.order), seq=seq, at=0)
    for s in list(g.to_move()):
        g.apply(s, {"type": "play", "card": card} if s == seat else {"type": "pass"})
    for t in targets:
        g.apply(seat, {"type": "target", "value": t})


def card_game(seed=30, players=3):
    g = galaxy(players, seed=seed)
    g.asks = []
    g.phase = "over_test"
    g.STEPS = {**g.STEPS, "over_test": lambda self: self.ask("window", list(self.order), seq="none")}
    return g


def test_colons_and_sourdokoko():
    g = card_game()
    g.turn = 2
    scene(g, {min(g.tiles): [(0, 2, 0)]}, {0: ["colons", "sourdokoko"]})
    window(g, "1B", 0, "colons")
    assert g.colonists[0] == 2
    window(g, "1B", 0, "sourdokoko")
    assert g.imp_pending[0]


def test_deplacement_de_planetes_moves_the_troops_along():
    g = card_game()
    a, b = min(g.tiles), sorted(g.tiles)[7]
    ta, tb = g.tiles[a], g.tiles[b]
    scene(g, {a: [(0, 2, 0)]}, {0: ["deplacement_planetes"]})
    window(g, "2B", 0, "deplacement_planetes", [a, b])
    assert g.tiles[a] == tb and g.tiles[b] == ta and g.mine(b, 0)["g"] == 2 and a not in g.stacks


def test_gorruption():
    g = card_game()
    k = min(g.tiles)
    scene(g, {k: [(1, 1, 0)], sorted(g.tiles)[4]: [(0, 3, 0)]}, {0: ["gorruption"]})
    g.rng = Dice([4])
    window(g, "2B", 0, "gorruption", [k])
    assert g.owner(k) == 0 and g.mine(k, 0)["g"] == 1 and g.reserve[1][0] == 20
    check(g)


def test_yodo_lardo_outside_combat():
    g = card_game()
    k = min(g.tiles)
    scene(g, {k: [(0, 2, 0)]}, {0: ["yodo_lardo"]})
    window(g, "2B", 0, "yodo_lardo", [k])
    assert g.mine(k, 0)["g"] == 1 and g.mine(k, 0)["gg"] == 1
    check(g)


def test_pluie_de_cailloux():
    g = card_game()
    k = min(g.tiles)
    scene(g, {k: [(1, 3, 1)]}, {0: ["pluie_cailloux"]})
    g.rng = Dice([5, 1, 6, 2])
    window(g, "2B", 0, "pluie_cailloux", [k])
    assert g.mine(k, 1)["g"] == 1 and g.mine(k, 1)["gg"] == 1


def test_fremono_adds_a_planet():
    g = card_game()
    n = len(g.tiles)
    scene(g, {}, {0: ["fremono"]})
    g.rng = Dice([5])
    g.ask("window", list(g.order), seq="2B")
    for s in list(g.to_move()):
        g.apply(s, {"type": "play", "card": "fremono"} if s == 0 else {"type": "pass"})
    spot = g.legal_actions(0)[0]["value"]
    g.apply(0, {"type": "target", "value": spot})
    assert len(g.tiles) == n + 1 and g.colour(spot) == "bleu" and g.adj[spot]
    check(g)


def test_van_soulo_rallies_pirates():
    g = card_game()
    k = next(k for k in sorted(g.tiles) if g.is_asteroid(k))
    scene(g, {}, {0: ["van_soulo"]}, ec={k: ("pirates", 3)})
    window(g, "2B", 0, "van_soulo", [k])
    assert g.mine(k, 0)["g"] == 3 and g.ec_at(k) is None
    check(g)


def test_cho_boko_controls_the_extra_cochons():
    g = galaxy(3, seed=31)
    k = next(k for k in sorted(g.tiles) if g.is_asteroid(k))
    g.asks, g.turn, g.pr = [], 2, 1
    scene(g, {}, {2: ["cho_boko"]}, ec={k: ("pirates", 2)})
    g.phase = "after_reorg"
    g.run()
    for s in list(g.to_move()):
        g.apply(s, {"type": "play", "card": "cho_boko"} if s == 2 else {"type": "pass"})
    assert g.asks[0].kind == "ec_move" and g.to_move() == [2]


@pytest.mark.parametrize("card,gain", [("baron_harkonono", 2), ("buena_larda", 2), ("combinat", 1),
                                       ("mentoto", 1), ("muado_dibo", 1)])
def test_governor_cards(card, gain):
    g = card_game()
    scene(g, {}, {0: [card]})
    g.gov[0][0] = 3
    window(g, "4C", 0, card)
    assert g.held(0) == 3 + gain


def test_election_cards_erreur_delit_pionce_rififi_glandenbourg_maitre():
    g = card_game()
    scene(g, {}, {0: ["erreur_vote", "delit_sale_gueule", "pionce_senat", "rififi_senat",
                      "glandenbourg_contrebande", "maitre_seance"]})
    g.gov[1][1], g.gov[2][2], g.gov[0][0] = 6, 5, 2
    window(g, "4C", 0, "erreur_vote", [1])
    assert g.held(1) == 3 and g.held(0) == 5
    window(g, "4C", 0, "pionce_senat", [2])
    assert g.held(2) == 3
    window(g, "4C", 0, "delit_sale_gueule", [2])
    assert 2 in g.barred
    g.votes = {"1": 1}
    window(g, "4C", 0, "rififi_senat", [1])
    assert g.held(1) == 1 and g.votes == {}
    g.rng = Dice([6])
    window(g, "4C", 0, "glandenbourg_contrebande")
    assert g.held(0) == 8  # 5 + half of 5 rounded up
    window(g, "4C", 0, "maitre_seance")
    assert g.caller == 0
    check(g)


def test_barred_player_cannot_be_voted_for_and_must_vote_for_another():
    g = card_game()
    g.barred = [1]
    g.ask("vote", 1)
    assert all(a["for"] != 1 for a in g.legal_actions(1))


def test_piga_looks_and_swaps_two_cards():
    g = card_game()
    scene(g, {}, {0: ["piga", "jaret", "fusee"], 1: ["colons", "baron_harkonono"]})
    window(g, "2B", 0, "piga", [1])
    assert any("Colons" in e["fr"] and e["to"] == [0] for e in g.log)
    g.apply(0, {"type": "swap", "mine": "jaret", "theirs": "colons"})
    g.apply(0, {"type": "swap", "mine": "fusee", "theirs": "baron_harkonono"})
    assert sorted(g.hands[0]) == ["baron_harkonono", "colons"] and sorted(g.hands[1]) == ["fusee", "jaret"]


@pytest.mark.parametrize("card", ["gros_laches", "gros_traitre", "jaret", "force_gruik", "sauve_qui_peut"])
def test_combat_event_cards(card):
    g = galaxy(3, seed=40)
    a, b = hexes_in_a_row(g, 2)
    c = next(n for n in sorted(g.adj[a]) if n != b)
    rolls = {"gros_laches": [], "gros_traitre": [1, 2, 3, 4], "jaret": [1, 6, 6],
             "force_gruik": [6, 1, 1], "sauve_qui_peut": []}[card]
    _fight(g, [0, 1, 2], {a: [(0, 4, 0), (1, 3, 0)], b: [(0, 1, 0)], c: [(1, 1, 0)]}, {1: [card]}, rolls)
    assert g.combat["hex"] == a and g.combat["d"] == 0 and g.combat["a"] == 1
    g.apply(1, {"type": "card", "card": card})
    if card == "gros_laches":  # half the defender's troops (2 of 4) fall back to its planet b
        assert g.mine(b, 0)["g"] == 3
    elif card == "gros_traitre":  # 1, 2, 3 kill Gorets, 4 does not
        assert any("Gros Traître : 3 Gorets trahissent." in e["fr"] for e in g.log)
    elif card == "jaret":
        assert g.combat["log"][0][3] == [6, 6]
    elif card == "force_gruik":
        assert g.asks[0].kind == "force" and g.to_move() == [1]
        g.apply(1, {"type": "reroll", "die": "d"})
        assert g.combat["log"][0][1] == [1]
    elif card == "sauve_qui_peut":
        assert g.asks[0].kind == "flee" and g.asks[0].data["before"]
        g.apply(1, {"type": "flee", "to": c})
        assert g.mine(a, 1) is None and g.mine(c, 1)["g"] == 4


def test_random_full_game_with_every_check():
    g = new(4, 99, limite_tours=5)
    play_random(g, Rng(99))
    assert g.is_over()


def test_refusals_explain_themselves():
    g = galaxy(3, seed=41)
    s = g.to_move()[0]
    with pytest.raises(IllegalAction) as e:
        g.apply(s, {"type": "go", "from": "0,0", "to": "9,9"})
    assert e.value.fr and e.value.en


# ---- clan powers (optional rule) --------------------------------------------------------------------
def powered(clan, seat=0, seed=50, players=3):
    g = galaxy(players, seed=seed, pouvoirs=True)
    other = g.clans.index(clan) if clan in g.clans else None
    if other is not None:
        g.clans[other] = g.clans[seat]
    g.clans[seat] = clan
    g.asks, g.turn = [], 2
    g.phase = "over_test"
    g.STEPS = {**g.STEPS, "over_test": lambda self: self.ask("window", list(self.order), seq="none")}
    return g


def use_at_window(g, seq, seat, pid, targets=()):
    g.ask("window", list(g.order), seq=seq, at=0)
    for s in list(g.to_move()):
        g.apply(s, {"type": "power", "power": pid} if s == seat else {"type": "pass"})
    for t in targets:
        g.apply(seat, {"type": "target", "value": t})


def test_powers_never_on_turn_one_and_once_per_turn():
    g = powered("hylocherus")
    scene(g, {}, {1: ["jaret"]})
    g.turn = 1
    assert not g.power_ok(0, "hylo_steal")
    g.turn = 2
    use_at_window(g, "2B", 0, "hylo_steal", [1])
    assert g.hands[0] == ["jaret"] and not g.power_ok(0, "hylo_steal")


def test_porcus_eight_cards_extra_governor_and_bar():
    g = powered("porcus")
    g.hands = [[] for _ in range(3)]
    g.coalitions = []
    g.phase = "deal"
    g._step_deal()
    assert len(g.hands[0]) == 8 and len(g.hands[1]) == 6
    g.production = [{"rouge": 1, "jaune": 1, "bleu": 0} for _ in range(3)]
    g.asks, g.phase = [], "governors"
    g._step_governors()
    assert g.held(0) == 3 and g.held(1) == 2
    g.run()
    assert g.asks[0].kind == "porcus_bar"
    g.apply(0, {"type": "bar", "seat": 1})
    assert 1 in g.barred and g.porcus_last["0"] == [2, 1]
    g.turn, g.barred = 3, []
    assert 1 not in g.power_targets(0, "porcus_bar", [])  # never the same player two turns running


def test_hylocherus_famine_and_flight_before_the_first_round():
    g = powered("hylocherus")
    k, far = min(g.tiles), max(g.tiles)
    scene(g, {k: [(1, 2, 1)], far: [(0, 2, 0), (1, 2, 0), (2, 2, 0)]})
    g.rng = Dice([5, 1, 6])
    use_at_window(g, "2B", 0, "hylo_famine", [k])
    assert g.mine(k, 1)["g"] == 1 and g.mine(k, 1)["gg"] == 0
    g2 = powered("hylocherus", seed=51)
    a, b = hexes_in_a_row(g2, 2)
    _fight(g2, [1, 0, 2], {a: [(1, 3, 0), (0, 2, 0)], b: [(0, 1, 0)]}, {}, [])
    assert g2.asks[0].kind == "flee" and g2.asks[0].data["before"] and g2.to_move() == [0]
    g2.apply(0, {"type": "flee", "to": b})
    assert g2.mine(b, 0)["g"] == 3 and "hylo_flee" in g2.power_used[0]


def test_phacocherus_wins_a_tie_assassinates_and_moves_again():
    g = powered("phacocherus")
    k = min(g.tiles)
    _fight(g, [0, 1, 2], {k: [(1, 2, 0), (0, 2, 0)]}, {}, [3, 3])
    assert "phaco_ties" in g.power_used[0]
    g = powered("phacocherus", seed=52)
    g.gov[1][1] = 5
    g.rng = Dice([4])
    use_at_window(g, "4C", 0, "phaco_assassin", [1])
    assert g.held(1) == 3
    g = powered("phacocherus", seed=53)
    a, b = hexes_in_a_row(g, 2)
    at_voyage(g, 0, 2, {a: [(0, 3, 0)]}, {})
    g.apply(0, {"type": "go", "from": a, "to": b})
    g.apply(0, {"type": "take", "g": 3, "gg": 0})
    assert not any(x.get("from") == b for x in g.legal_actions(0))
    g.apply(0, {"type": "power", "power": "phaco_again"})
    g.apply(0, {"type": "target", "value": b})
    assert any(x.get("from") == b for x in g.legal_actions(0))


def test_babiroussa_convert_ban_and_recover():
    g = powered("babiroussa")
    a, b = min(g.tiles), sorted(g.tiles)[5]
    scene(g, {a: [(1, 3, 1)], b: [(0, 1, 0)]})
    g.rng = Dice([5, 6, 2])
    use_at_window(g, "2B", 0, "babi_convert", [a, b])
    assert g.mine(b, 0)["g"] == 3 and g.mine(a, 1)["g"] == 1 and g.mine(a, 1)["gg"] == 1
    check(g)
    g = powered("babiroussa", seed=54)
    x, y = hexes_in_a_row(g, 2)
    scene(g, {x: [(1, 2, 0)]})
    use_at_window(g, "2B", 0, "babi_ban", [y, 1])
    g.ask("voyage", 1, at=0, left=1)
    assert y not in {v["to"] for v in g.legal_actions(1) if v["type"] == "go"}
    g = powered("babiroussa", seed=55)
    scene(g, {x: [(0, 2, 0)]})
    g.killed[0] = 1
    g.reserve[0][0] -= 0
    g.ask("reorg", 0, at=0)
    g.apply(0, {"type": "power", "power": "babi_recover"})
    g.apply(0, {"type": "target", "value": x})
    assert g.mine(x, 0)["g"] == 3
    check(g)


def test_babiroussa_converts_the_troops_of_one_other_clan_chosen_on_the_hex():
    """« convertir les troupes d'un autre clan »: where two clans stand (a fight to come), the Babiroussa choose one."""
    g = powered("babiroussa")
    a, b = min(g.tiles), sorted(g.tiles)[5]
    scene(g, {a: [(1, 2, 0), (2, 3, 1)], b: [(0, 1, 0)]})
    g.rng = Dice([6, 5, 1])
    g.ask("window", list(g.order), seq="2B", at=0)
    for s in list(g.to_move()):
        g.apply(s, {"type": "power", "power": "babi_convert"} if s == 0 else {"type": "pass"})
    g.apply(0, {"type": "target", "value": a})
    assert g.legal_actions(0) == [{"type": "target", "value": 1}, {"type": "target", "value": 2}]
    g.apply(0, {"type": "target", "value": 2})
    g.apply(0, {"type": "target", "value": b})
    assert g.mine(b, 0)["g"] == 3  # two of seat 2's three Gorets, on 6 and 5
    assert g.mine(a, 1)["g"] == 2  # the other clan untouched
    assert g.mine(a, 2)["g"] == 1 and g.mine(a, 2)["gg"] == 1  # never a Gros Gruik
    check(g)


def test_scrofa_swap_adjacent_extra_move_and_far_reorganisation():
    g = powered("scrofa")
    a, b = hexes_in_a_row(g, 2)
    ta, tb = g.tiles[a], g.tiles[b]
    use_at_window(g, "2B", 0, "scrofa_swap", [a, b])
    assert (g.tiles[a], g.tiles[b]) == (tb, ta)
    g = powered("scrofa", seed=56)
    scene(g, {a: [(0, 2, 0)]})
    use_at_window(g, "2B", 0, "scrofa_move")
    assert g.asks[0].kind == "voyage" and g.asks[0].data["left"] == 1
    g = powered("scrofa", seed=57)
    p = hexes_in_a_row(g, 4)
    scene(g, {p[0]: [(0, 2, 0)], p[3]: [(0, 1, 0)]})
    g.ask("reorg", 0, at=0)
    far = {"type": "go", "from": p[0], "to": p[3], "power": "scrofa_far"}
    assert far in g.legal_actions(0)
    g.apply(0, far)
    g.apply(0, {"type": "take", "g": 2, "gg": 0})
    assert g.mine(p[3], 0)["g"] == 3


def test_pecari_reroll_technology_and_teleport():
    g = powered("pecari")
    k = min(g.tiles)
    _fight(g, [0, 1, 2], {k: [(1, 2, 0), (0, 2, 0)]}, {0: ["base_groin_noir"], 1: ["bunker_kosto"]}, [2, 1, 6])
    g.apply(1, {"type": "card", "card": "bunker_kosto"})
    g.apply(0, {"type": "card", "card": "base_groin_noir"})
    assert g.asks[0].kind == "tech"
    g.apply(0, {"type": "tech", "change": -1})  # 6 - 1 = 5: no disintegration
    assert g.combat["tech"] == 5 and k in g.stacks
    assert g.asks[0].kind == "force" and g.asks[0].data.get("power") == "pecari_reroll"
    g.apply(0, {"type": "reroll", "die": "a"})
    assert any(e["fr"].startswith("Round 1 : défense 7 (2), attaque 11 (6)") for e in g.log)
    g = powered("pecari", seed=58)
    a = min(g.tiles)
    at_voyage(g, 0, 1, {a: [(0, 2, 0)]}, {})
    far = max(g.tiles, key=lambda k: distance(unkey(k), unkey(a)))
    g.apply(0, {"type": "go", "from": a, "to": far, "card": "pecari_teleport"})
    assert "pecari_teleport" in g.power_used[0]


# ---- galaxy shapes (optional rules) -------------------------------------------------------------------
def test_twin_galaxies_sun_passage_and_edge_to_edge():
    g = galaxy(4, seed=60, galaxie="jumelles")
    groups = Counter(g.group.values())
    assert groups["S"] == 1 and groups["P"] == 3 and abs(groups["A"] - groups["B"]) <= 1
    assert len(g.tiles) == len(galaxy_tiles(4)) + 1  # the sun is laid too
    sun = g.twin["sun"]
    assert g.face(sun) == "soleil" and not g.landable(sun)
    # The twins do not touch: only the range cards cross (the passage is two hexes from each twin).
    a_side = {k for k, grp in g.group.items() if grp == "A"}
    assert not any(n in a_side for k, grp in g.group.items() if grp in ("B", "P") for n in g.adj[k])
    # Every edge hex of a twin touches every other edge hex of that twin.
    edge_a = g.edges()[0]
    assert all(set(edge_a) - {k} <= set(g.adj[k]) for k in edge_a)
    k = min(edge_a, key=lambda e: distance(unkey(e), unkey(g.twin["passage"][0])))
    at_voyage(g, 0, 1, {k: [(0, 2, 0)]}, {0: ["fusee"]})
    assert any(x.get("card") == "fusee" and g.group[x["to"]] == "P" for x in g.legal_actions(0))
    assert not any(x["to"] == sun for x in g.legal_actions(0) if x["type"] == "go")


def _fremono_at(g, spot, roll=5):
    g.asks, g.turn = [], 2
    g.phase = "over_test"
    g.STEPS = {**g.STEPS, "over_test": lambda self: self.ask("window", list(self.order), seq="none")}
    scene(g, {}, {0: ["fremono"]})
    g.rng = Dice([roll])
    g.ask("window", list(g.order), seq="2B", at=0)
    for s in list(g.to_move()):
        g.apply(s, {"type": "play", "card": "fremono"} if s == 0 else {"type": "pass"})
    assert {"type": "target", "value": spot} in g.legal_actions(0)
    g.apply(0, {"type": "target", "value": spot})


@pytest.mark.parametrize("twin", ["A", "B"])
def test_twin_galaxies_a_fremono_planet_joins_the_twin_it_touches(twin):
    g = galaxy(4, seed=60, galaxie="jumelles")
    other = "B" if twin == "A" else "A"
    side = {k for k, grp in g.group.items() if grp == twin}
    spots = [s for s in g.fremono_slots() if any(n in side for n in rebuilt_neighbours(s))]
    spot = max(spots, key=lambda s: sum(n in side for n in rebuilt_neighbours(s)))
    _fremono_at(g, spot)
    assert g.colour(spot) == "bleu" and g.group[spot] == twin
    edge = g.edges()["AB".index(twin)]
    assert spot in edge  # a new outer hex: on its twin's edge …
    assert set(edge) - {spot} <= set(g.adj[spot])  # … touching every other edge hex of that twin (« bord en bord »)
    assert not any(g.group[n] == other for n in g.adj[spot])  # and nothing of the other twin
    assert all(spot in g.adj[k] for k in edge if k != spot)
    check(g)


def test_fremono_never_lands_against_the_sun_alone():
    g = galaxy(4, seed=60, galaxie="jumelles")
    sun = g.twin["sun"]
    beside_sun = {key(n) for n in neighbors(unkey(sun))} - set(g.tiles)
    lone = [s for s in beside_sun if all(key(n) == sun or key(n) not in g.tiles for n in neighbors(unkey(s)))]
    assert lone, "the reconstruction leaves cells touching the sun alone"
    assert not set(lone) & set(g.fremono_slots())
    assert g.fremono_slots() and all(s not in g.tiles for s in g.fremono_slots())


def rebuilt_neighbours(k):
    return [key(n) for n in neighbors(unkey(k))]


def test_pancake_galaxy_is_three_hexes_thick():
    g = galaxy(6, seed=61, galaxie="galette")
    assert {unkey(k).r for k in g.tiles} == {-1, 0, 1}
    assert len(g.tiles) == 30


def test_free_galaxy_is_connected_and_edges_touch():
    from cosmoludo.core.hexgrid import connected

    g = galaxy(5, seed=62, galaxie="libre")
    assert len(connected(unkey(k) for k in g.tiles)) == 1
    edge = g.edges()[0]
    assert all(set(edge) - {k} <= set(g.adj[k]) for k in edge)


def test_a_save_of_the_first_rules_is_refused():
    """Rules v2 (a flight ends the combat, eliminations at once) ask other decisions than v1: a v1 log would
    replay into another game, so it is refused with the reason."""
    from cosmoludo import games
    from cosmoludo.core.errors import InvalidSave

    g = new(3, 5)
    save = g.to_save()
    assert save["rules"] == 2
    save["rules"] = 1
    with pytest.raises(InvalidSave) as err:
        games.load(save)
    assert "version antérieure des règles" in err.value.fr and "earlier version of the rules" in err.value.en
