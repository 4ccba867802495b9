"""Rencontre Cosmique hidden information: views never show other hands, sealed cards or hidden powers."""
from __future__ import annotations

import json

import pytest
from invariants_rencontre import rencontre_cosmique as check
from test_rencontre_fuzz import new

from cosmoludo.core.rng import Rng


def _without_log(view: dict) -> dict:
    v = dict(view)
    v.pop("log")
    v.pop("can_undo")
    return v


@pytest.mark.parametrize("players,options", [(2, {}), (3, {"pouvoirs_caches": True, "nb_pouvoirs": 2}),
                                             (4, {"pouvoirs_caches": True, "rotation": True})])
def test_views_depend_only_on_what_the_seat_knows(players, options):
    """Redealing what a seat cannot know (hands, sealed cards, deck, hidden powers) leaves its view unchanged."""
    rng = Rng(players)
    for g in range(2):
        state = new(players, 40 + g, options)
        steps = 0
        while not state.is_over() and steps < 600:
            for seat in range(players):
                other = state.determinize(seat, rng)
                check(other)
                assert _without_log(other.view(seat)) == _without_log(state.view(seat))
            seat = state.to_move()[0]
            state.apply(seat, state.rollout_action(seat, rng))
            steps += 1


def test_determinize_really_redeals_and_plays_on():
    state = new(4, 7, {"pouvoirs_caches": True})
    d = state.determinize(0, Rng(1))
    assert d.hands[0] == state.hands[0]
    assert any(d.hands[s] != state.hands[s] for s in (1, 2, 3)) or d.deck != state.deck
    rng = Rng(2)
    while not d.is_over():
        seat = d.to_move()[0]
        d.step(seat, d.rollout_action(seat, rng))


def test_other_hands_sealed_cards_and_deck_never_in_a_view():
    state = new(3, 3)
    rng = Rng(3)
    seen_sealed = False
    for _ in range(400):
        if state.is_over():
            break
        for seat in (None, 0, 1, 2):
            v = state.view(seat)
            for s, h in enumerate(v["hands"]):
                assert (h["cards"] is not None) == (s == seat)
            for s, c in enumerate(v["sealed"]):
                if c is not None and not v["revealed"] and s != seat and s not in state.oracle_shown:
                    assert c == "hidden"
                    seen_sealed = True
            assert "deck" not in v
            assert '"seed"' not in json.dumps(v) and "rng" not in json.dumps(v)
        seat = state.to_move()[0]
        state.apply(seat, state.rollout_action(seat, rng))
    assert seen_sealed


def test_hidden_powers_stay_hidden_until_used():
    state = new(3, 5, {"pouvoirs_caches": True})
    for seat in range(3):
        v = state.view(seat)
        for s in range(3):
            shown = v["powers"][s]["powers"]
            assert shown == (state.powers[s] if s == seat else [])
            assert v["powers"][s]["count"] == 1
    text = json.dumps([line for line in state.view(1)["log"]])
    for p in state.powers[0] + state.powers[2]:
        from cosmoludo.games.rencontre_cosmique.data import POWER_BY_ID
        assert POWER_BY_ID[p].name["fr"] not in text


def test_private_log_lines_reach_only_their_audience():
    state = new(3, 9)
    rng = Rng(9)
    for _ in range(300):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, state.rollout_action(seat, rng))
    for e in state.log:
        if e["to"] is not None:
            for seat in range(3):
                visible = e["fr"] in [x["fr"] for x in state.view(seat)["log"]]
                if seat in e["to"]:
                    assert visible
