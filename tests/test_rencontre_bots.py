"""Rencontre Cosmique bots: the heuristic plays legal, sensible moves; ISMCTS plays from its own view."""
from __future__ import annotations

import pytest

from cosmoludo.core import bots
from cosmoludo.core.rng import Rng
from cosmoludo.games.rencontre_cosmique.bot import heuristic_action
from game_helpers import turns
from invariants_rencontre import rencontre_cosmique as check
from test_rencontre_fuzz import new


@pytest.mark.parametrize("players,options", [(2, {}), (3, {"nb_pouvoirs": 2}), (4, {"pouvoirs_caches": True}),
                                             (3, {"deux_sur_trois": True, "rotation": True})])
def test_heuristic_plays_legal_moves_to_the_end(players, options):
    for g in range(4):
        state = new(players, 60 + g, options)
        rng = Rng(g)
        steps = 0
        while not state.is_over():
            seat = state.to_move()[0]
            action = heuristic_action(state, seat, rng)
            state.apply(seat, action)  # refuses anything illegal
            check(state)
            steps += 1
            assert steps < 20_000


@pytest.mark.parametrize("players,threshold", [(2, 0.75), (4, 0.4)])
def test_heuristic_beats_the_playout_policy(players, threshold):
    wins = 0.0
    games = 30
    for g in range(games):
        state = new(players, 900 + g)
        state.quiet = True
        rng = Rng(g)
        hero = g % players
        while not state.is_over():
            seat = state.to_move()[0]
            a = heuristic_action(state, seat, rng) if seat == hero else state.rollout_action(seat, rng)
            state.step(seat, a)
        res = state.result()
        if hero in res["winners"]:
            wins += 1 / len(res["winners"])
    assert wins / games >= threshold


def test_ismcts_chooses_legal_actions_from_its_view():
    state = new(3, 5)
    rng = Rng(5)
    for _, seat, legal in turns(state, 60):
        a = bots.choose_action(state, seat, "normal", seed=1, budget=(20, None)) if len(legal) > 1 else legal[0]
        assert a in legal
        state.apply(seat, a if rng.below(2) else state.rollout_action(seat, rng))


def test_ismcts_leans_on_the_heuristic_until_the_search_knows_better():
    state = new(2, 11)
    rng = Rng(11)
    asked = agree = 0
    while asked < 25 and not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            a = bots.choose_action(state, seat, "normal", seed=asked, budget=(3, None))
            assert a in legal
            agree += a == heuristic_action(state, seat, Rng(0))
            asked += 1
        state.apply(seat, state.rollout_action(seat, rng))
    assert asked == 25 and agree >= 20  # three playouts are no evidence against the heuristic's choice
