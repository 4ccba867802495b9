"""Galaxy Trucker: the building phase in real time (actions carry the clock), the hourglass, the ship check, crew."""
from __future__ import annotations

import json
import random

import pytest

from cosmoludo.core.errors import IllegalAction
from cosmoludo.games import load
from cosmoludo.games.galaxy_trucker import GalaxyTrucker
from cosmoludo.games.galaxy_trucker.data import GLASS_MS, POOL
from galaxy_helpers import new


def snap(g: GalaxyTrucker) -> str:
    return json.dumps([g.view(s) for s in range(g.players)] + [g.view(None)], sort_keys=True)


def refused(g: GalaxyTrucker, seat: int, action: dict, word: str) -> None:
    before = snap(g)
    with pytest.raises(IllegalAction) as e:
        g.apply(seat, action)
    assert word in e.value.fr, (e.value.fr, e.value.en)
    assert e.value.en
    assert snap(g) == before


def take_placeable(g: GalaxyTrucker, seat: int, t: int) -> tuple[int, list]:
    """Take face-down components (returning them face up) until one can be placed; return it and a placement."""
    while True:
        g.apply(seat, {"type": "take", "t": t})
        tile = g.hand[seat]
        opts = g.ships[seat].placements(tile)
        if opts:
            cell, rot = opts[0]
            return tile, [list(cell), rot]
        g.apply(seat, {"type": "return", "t": t})


def test_every_seat_builds_at_once_from_its_starting_cabin():
    g = new(3)
    assert g.to_move() == [0, 1, 2]
    assert all(len(s.tiles) == 1 and s.tiles[(7, 7)][0] == 31 + i for i, s in enumerate(g.ships))
    assert len(g.facedown) == len(POOL) == 140 and g.faceup == []
    assert g.ships[0].cls.name == "I"
    assert all(len(p) == 2 for p in g.piles) and len(g.piles) == 4


def test_actions_carry_the_clock_and_time_never_goes_back():
    g = new(2)
    refused(g, 0, {"type": "take"}, "horloge")
    g.apply(0, {"type": "take", "t": 1000})
    assert g.clock == 1000
    refused(g, 1, {"type": "take", "t": 999}, "arrière")
    g.apply(1, {"type": "take", "t": 1000})


def test_take_place_return_and_set_aside():
    g = new(2, seed=3)
    refused(g, 0, {"type": "place", "cell": [6, 7], "rot": 0, "t": 0}, "pas de composant")
    g.apply(0, {"type": "take", "t": 10})
    tile = g.hand[0]
    refused(g, 0, {"type": "take", "t": 10}, "déjà un composant")
    refused(g, 0, {"type": "place", "cell": [1, 1], "rot": 0, "t": 10}, "pas sur votre plateau")
    refused(g, 0, {"type": "place", "cell": [7, 7], "rot": 0, "t": 10}, "occupée")
    g.apply(0, {"type": "return", "t": 20})
    assert g.faceup == [tile] and g.hand[0] is None
    # the other seat may take it face up
    g.apply(1, {"type": "take_up", "tile": tile, "t": 30})
    assert g.hand[1] == tile and g.faceup == []
    refused(g, 0, {"type": "take_up", "tile": tile, "t": 30}, "pas face visible")
    g.apply(1, {"type": "aside", "t": 40})
    assert g.ships[1].aside == [tile]
    for _ in range(1):
        g.apply(1, {"type": "take", "t": 40})
        g.apply(1, {"type": "aside", "t": 40})
    assert len(g.ships[1].aside) == 2
    g.apply(1, {"type": "take", "t": 40})
    refused(g, 1, {"type": "aside", "t": 40}, "déjà 2 composants de côté")
    g.apply(1, {"type": "return", "t": 40})
    g.apply(1, {"type": "take_aside", "tile": tile, "t": 50})
    refused(g, 1, {"type": "return", "t": 50}, "mis de côté ne retourne pas")
    g.apply(1, {"type": "aside", "t": 50})  # back aside is fine


def test_the_last_component_may_be_lifted_until_the_next_is_taken():
    g = new(2, seed=4)
    tile, (cell, rot) = take_placeable(g, 0, 0)
    g.apply(0, {"type": "place", "cell": cell, "rot": rot, "t": 0})
    assert g.ships[0].tiles[tuple(cell)] == (tile, rot)
    g.apply(0, {"type": "lift", "t": 0})
    assert g.hand[0] == tile and tuple(cell) not in g.ships[0].tiles
    g.apply(0, {"type": "place", "cell": cell, "rot": rot, "t": 0})
    g.apply(0, {"type": "take", "t": 0})
    g.apply(0, {"type": "return", "t": 0})
    refused(g, 0, {"type": "lift", "t": 0}, "soudé")


def test_peeking_at_card_piles():
    g = new(3, seed=5)
    refused(g, 0, {"type": "peek", "pile": 0, "t": 0}, "au moins un composant")
    _, (cell, rot) = take_placeable(g, 0, 0)
    g.apply(0, {"type": "place", "cell": cell, "rot": rot, "t": 0})
    _, (cell, rot) = take_placeable(g, 1, 0)
    refused(g, 1, {"type": "peek", "pile": 0, "t": 0}, "déjà un composant")
    g.apply(1, {"type": "place", "cell": cell, "rot": rot, "t": 0})
    refused(g, 0, {"type": "peek", "pile": 3, "t": 0}, "secrète")
    g.apply(0, {"type": "peek", "pile": 1, "t": 0})
    v0, v1 = g.view(0), g.view(1)
    assert v0["pile_seen"] == {"pile": 1, "cards": g.piles[1]} and "pile_seen" not in v1
    refused(g, 1, {"type": "peek", "pile": 1, "t": 0}, "Un autre joueur")
    refused(g, 0, {"type": "take", "t": 0}, "Reposez")
    g.apply(1, {"type": "peek", "pile": 2, "t": 0})
    g.apply(0, {"type": "unpeek", "t": 0})
    g.apply(0, {"type": "peek", "pile": 0, "t": 0})
    assert g.seen[0] == [1, 0] and g.seen[1] == [2]


def test_views_hide_the_face_down_pile_and_unpeeked_piles():
    g = new(3, seed=6)
    for seat in (0, 1, 2, None):
        text = json.dumps(g.view(seat))
        assert "facedown\": 140" in text
        for pile in g.piles:
            for cid in pile:
                assert cid not in text


def test_the_hourglass_flips_and_runs_out_as_actions():
    g = new(2, seed=7)  # flight I: 2 runs, the second circle is « Start »
    refused(g, 0, {"type": "flip", "t": GLASS_MS - 1}, "pas encore écoulé")
    refused(g, 0, {"type": "flip", "t": GLASS_MS}, "Seul un joueur qui a fini")
    g.apply(1, {"type": "finish", "order": 1, "t": 5000})
    refused(g, 1, {"type": "take", "t": 6000}, "avez fini")
    refused(g, 0, {"type": "finish", "order": 1, "t": 6000}, "déjà prise")
    g.apply(1, {"type": "flip", "t": GLASS_MS + 100})
    assert g.glass == {"circle": 1, "since": GLASS_MS + 100}
    g.apply(0, {"type": "take", "t": GLASS_MS + 200})
    end = 2 * GLASS_MS + 100
    refused(g, 0, {"type": "return", "t": end}, "écoulé")
    refused(g, 0, {"type": "time_up", "t": end - 1}, "pas encore écoulé")
    held = g.hand[0]
    g.apply(0, {"type": "time_up", "t": end})
    assert held in g.faceup
    # seat 0 had not finished: it takes the remaining order tile
    assert g.asks[0].kind == "late_order" and g.to_move() == [0]
    g.apply(0, {"type": "finish", "order": 2})
    assert g.order == [2, 1]


def test_building_ends_when_everybody_has_finished_and_relaxed_has_no_hourglass():
    g = new(2, seed=8, detendu=True)
    assert g.glass is None
    refused(g, 0, {"type": "flip", "t": 10 ** 6}, "détendu")
    g.apply(0, {"type": "finish", "order": 2, "t": 10 ** 6})
    assert g.to_move() == [1]  # a finished seat has nothing to do without an hourglass
    g.apply(1, {"type": "finish", "order": 1, "t": 10 ** 6})
    assert g.phase != "after_build" and g.order == [2, 1]
    assert not g.asks or g.asks[0].kind != "build"


def test_a_save_taken_mid_build_replays_to_the_same_views():
    from cosmoludo.games.galaxy_trucker.bot import build_step

    g = new(3, seed=9)
    rnd = random.Random(1)
    t = 0
    for i in range(60):
        seat = i % 3
        t += 300
        a = build_step(g, seat, t, rnd)
        if a is not None:
            g.apply(seat, a)
    assert g.asks[0].kind == "build"
    save = json.loads(json.dumps(g.to_save()))
    h = GalaxyTrucker(3, g.options, 9)
    for seat, action in save["actions"]:
        h.apply(seat, action)
    assert snap(h) == snap(g)
    assert h.clock == g.clock


def test_a_save_loads_through_the_registry():
    g = new(2, seed=13)
    g.apply(0, {"type": "take", "t": 500})
    h = load(json.loads(json.dumps(g.to_save())))
    assert snap(h) == snap(g)


def _finish_build(g: GalaxyTrucker) -> None:
    for s in range(g.players):
        g.apply(s, {"type": "finish", "order": s + 1, "t": g.clock})


def test_the_ship_check_removes_faulty_components_and_keeps_one_piece():
    g = new(2, seed=10, detendu=True)
    ship = g.ships[0]
    ship.put((7, 6), 64, 0)   # engine, fine
    ship.put((8, 7), 49, 0)   # joined to the start by its N single
    ship.put((8, 6), 52, 0)   # joined to (8,7) by its E universal, but behind the engine (and a bad joint)
    ship.put((7, 8), 64, 2)   # an engine upside down (its old E universal now on W joins the start)
    _finish_build(g)
    assert g.asks[0].kind == "fix" and g.to_move() == [0]
    acts = g.legal_actions(0)
    assert acts == [{"type": "remove", "cell": list(c)} for c in ((7, 6), (7, 8), (8, 6))]
    refused(g, 0, {"type": "remove", "cell": [7, 7]}, "défaut")
    g.apply(0, {"type": "remove", "cell": [7, 8]})
    g.apply(0, {"type": "remove", "cell": [7, 6]})  # the engine goes: nothing is wrong any more
    assert sorted(ship.lost) == [64, 64] and not ship.errors()
    assert g.asks[0].kind != "fix"


def test_a_ship_in_pieces_at_the_check_keeps_the_piece_its_owner_chooses():
    g = new(2, seed=10, detendu=True)
    ship = g.ships[0]
    ship.put((8, 7), 49, 0)   # joined to the start
    ship.put((8, 8), 64, 1)   # an engine turned: wrong direction; its W is the old S (smooth) vs universal: bad
    ship.put((9, 8), 52, 0)   # its N double joins the engine's S (the engine's old E universal)
    _finish_build(g)
    assert g.legal_actions(0) == [{"type": "keep", "cell": [7, 7]}, {"type": "keep", "cell": [8, 8]}]
    while g.asks and g.asks[0].kind == "fix":
        acts = g.legal_actions(0)
        if acts[0]["type"] == "keep":
            assert len(acts) == len(ship.parts()) >= 2
            g.apply(0, next(a for a in acts if tuple(a["cell"]) in ship.parts()[0]))
        else:
            g.apply(0, acts[-1])
    assert len(ship.parts()) == 1 and not ship.errors() and (7, 7) in ship.tiles


def test_crew_placement_aliens_with_life_support_then_humans_and_batteries():
    g = new(2, seed=11, detendu=True)
    ship = g.ships[1]
    ship.put((7, 8), 38, 0)    # cabin
    ship.put((7, 9), 119, 0)   # brown life support joined to it
    ship.put((6, 7), 1, 3)     # battery (2): its W universal turned onto S joins the start
    _finish_build(g)
    assert g.asks[0].kind == "crew" and g.to_move() == [1]
    assert g.legal_actions(1) == [{"type": "alien", "cell": [7, 8], "colour": "brown"}, {"type": "crew_done"}]
    g.apply(1, {"type": "alien", "cell": [7, 8], "colour": "brown"})
    assert g.phase not in ("crew",) or not g.asks or g.asks[0].kind != "crew"
    assert ship.alien == {(7, 8): "brown"} and ship.crew[(7, 7)] == 2 and ship.crew[(7, 8)] == 0
    assert ship.charge == {(6, 7): 2} and g.ships[0].crew == {(7, 7): 2}


def test_the_page_bots_answer_at_the_page_clock_for_every_level():
    g = new(3, seed=12)
    for level in ("aleatoire", "facile", "normal"):
        a = g.bot_action(1, level, 3, 2500)
        assert a is not None and a["t"] == 2500
        g.apply(1, a)
    with pytest.raises(IllegalAction):
        g2 = new(2, seed=12, detendu=True)
        g2.apply(0, {"type": "finish", "order": 1, "t": 0})
        g2.bot_action(0, "facile", 0, 0)  # a finished seat without an hourglass has nothing to play


def test_the_view_gives_each_fault_with_its_reason():
    """Issue 32: the page's fault frame can say what is wrong: each seat's summary lists its faults, with the cells
    and a French and English reason, beside the bare `errors` cells."""
    g = new(2)
    ship = g.ships[0]
    start = next(iter(ship.tiles))
    cell = (start[0], start[1] + 1)
    ship.put(cell, 64, 2)  # an engine upside down, east of the starting cabin
    summary = g.view(1)["summary"][0]
    assert list(cell) in summary["errors"]
    fault = next(f for f in summary["faults"] if f["why"] == "engine_dir")
    assert fault == {"why": "engine_dir", "cells": [list(cell)], "fr": "Réacteur simple non tourné vers l'arrière.",
                     "en": "Single engine not facing the rear."}
    assert g.view(1)["summary"][1]["faults"] == []
