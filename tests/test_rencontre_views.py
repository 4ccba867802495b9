"""Rencontre Cosmique hidden information: views never show other hands, sealed cards or hidden powers."""
from __future__ import annotations

import json

import pytest

from cosmoludo.core.rng import Rng
from game_helpers import seen_by
from invariants_rencontre import rencontre_cosmique as check
from test_rencontre_fuzz import new


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
                assert seen_by(other, seat) == seen_by(state, seat)
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


#: Powers that act only when their owner decides to: with them hidden, nothing may single their owner out.
SILENT_POWERS = ["amibe", "chercheur", "chronos", "clone", "echangeur", "esprit", "machine", "mutant", "philantrope",
                 "sorcier", "voleur", "vulch", "zombie"]


def _twins(players: int, seed: int, observer: int, rng: Rng):
    """Two hidden-power games alike in all but the others' (silent) powers, dealt differently."""
    from cosmoludo.games.rencontre_cosmique.data import POWERS

    games = [new(players, seed, {"pouvoirs_caches": True}) for _ in range(2)]
    mine = rng.choice([p.id for p in POWERS if p.id not in ("insecte", "comedien", "escamoteur")])
    for g in games:
        left = [p for p in SILENT_POWERS if p != mine]
        rng.shuffle(left)
        for s in range(players):
            g.powers[s] = [mine] if s == observer else [left.pop()]
        g.power_pool = sorted(left)
        g.roles = [[] for _ in range(players)]
        g.queue = [q for q in g.queue if q["kind"] != "escamote"]  # dealt before we chose the powers
        g._advance()
    return games


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hidden_powers_unused_leave_no_trace(players):
    """Redealing the others' hidden powers changes neither whose turn it is nor what the observer (or a
    spectator) sees, as long as nobody uses them: an owner's own question (Zombie, Clone, Voleur, Vulch,
    Machine...) is asked to every seat that might hold the power."""
    rng = Rng(1000 + players)
    asked_veiled = 0
    for g in range(3):
        observer = g % players
        a, b = _twins(players, 4000 + 10 * players + g, observer, rng)
        assert a.powers != b.powers
        steps = 0
        while not a.is_over() and steps < 1500:
            assert a.to_move() == b.to_move()
            for seat in (observer, None):
                assert a.view(seat) == b.view(seat), (steps, seat)
            seat = a.to_move()[0]
            if a.queue and a.queue[0].get("veiled"):
                asked_veiled += 1
            la, lb = a.legal_actions(seat), b.legal_actions(seat)
            both = [x for x in la if x in lb]
            assert both, (la, lb)
            choice = a.rollout_action(seat, rng)
            if choice not in both:
                choice = both[-1] if {"type": "pass"} in both else rng.choice(both)
            a.apply(seat, choice)
            b.apply(seat, choice)
            check(a)
            check(b)
            steps += 1
    assert asked_veiled > 0
