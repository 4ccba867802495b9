"""Les Cochons de l'Espace bots: the heuristic plays legal, sensible moves; ISMCTS plays from its own view."""
from __future__ import annotations

import json

import pytest

from cochons_helpers import check, new
from cosmoludo.core import bots
from cosmoludo.core.rng import Rng
from cosmoludo.games.cochons_espace.bot import heuristic_action
from game_helpers import turns


@pytest.mark.parametrize("players,rule", [(3, "complete"), (6, "complete"), (4, "simplifiee")])
def test_heuristic_plays_legal_moves_to_the_end(players, rule):
    for k in range(2):
        g = new(players, 70 + k, regle=rule, limite_tours=6)
        rng = Rng(k)
        while not g.is_over():
            seat = g.to_move()[0]
            g.apply(seat, heuristic_action(g, seat, rng))  # refuses anything illegal
            check(g)


@pytest.mark.parametrize("rule", ["complete", "simplifiee"])
def test_heuristic_beats_two_random_bots_in_three_player_games(rule):
    games, wins = 24, 0
    for k in range(games):
        g = new(3, 500 + k, regle=rule, limite_tours=8)
        g.quiet = True
        rng = Rng(k)
        hero = k % 3
        while not g.is_over():
            s = g.to_move()[0]
            acts = g.legal_actions(s)
            g.step(s, heuristic_action(g, s, rng) if s == hero else acts[rng.below(len(acts))])
        wins += hero in g.result()["winners"]
    assert wins / games >= 0.7


def test_ismcts_chooses_legal_actions_from_its_view():
    g = new(3, 5, limite_tours=4)
    rng = Rng(5)
    for i, seat, legal in turns(g, 400):
        if len(legal) > 1 and i % 25 == 0:
            a = bots.choose_action(g, seat, "normal", seed=1, budget=(8, None))
            assert a in legal
        else:
            a = legal[rng.below(len(legal))]
        g.apply(seat, a)


def test_determinize_keeps_what_the_seat_knows():
    g = new(4, 11, limite_tours=3)
    rng = Rng(11)
    for _ in range(300):
        s = g.to_move()[0]
        g.apply(s, rng.choice(g.legal_actions(s)))
    for seat in range(4):
        d = g.determinize(seat, Rng(seat))
        mine = g.view(seat)
        again = d.view(seat)
        for field in ("hands", "recipes", "hexes", "reserve", "order"):
            assert json.dumps(mine[field], sort_keys=True) == json.dumps(again[field], sort_keys=True), field


def test_a_seat_view_does_not_change_when_others_secrets_do():
    g = new(3, 12)
    rng = Rng(12)
    for _ in range(120):
        s = g.to_move()[0]
        g.apply(s, rng.choice(g.legal_actions(s)))
    before = g.view(0)
    g.hands[1], g.hands[2] = g.hands[2], g.hands[1]
    g.recipes[1], g.recipes[2] = g.recipes[2], g.recipes[1]
    after = g.view(0)
    for field in ("hands", "recipes"):
        b = before[field]
        a = after[field]
        if field == "hands":
            b = [h["cards"] for h in b]
            a = [h["cards"] for h in a]
        assert a == b


def test_determinize_deals_unseen_hexes_again():
    from cochons_helpers import galaxy

    g = galaxy(4, seed=13, pose="exploration")
    down = [k for k in g.tiles if not g.face_up[k]]
    assert down
    changed = False
    for i in range(10):
        d = g.determinize(0, Rng(i))
        assert sorted(d.tiles.values()) == sorted(g.tiles.values())
        assert all(d.tiles[k] == g.tiles[k] for k in g.tiles if g.face_up[k])
        changed |= any(d.tiles[k] != g.tiles[k] for k in down)
    assert changed
