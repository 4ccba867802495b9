"""Les Cochons de l'Espace: golden view files (a leak of hidden information is a diff) and a leak test."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from cochons_helpers import new
from cosmoludo.core.rng import Rng
from game_helpers import seen_by, turns

GOLDEN = Path(__file__).parent / "golden"


def _compact(view: dict) -> dict:
    v = dict(view)
    v["log"] = v["log"][-3:]
    return v


def playthrough(players: int, seed: int, options: dict, steps: int, every: int) -> list:
    g = new(players, seed, **options)
    rng = Rng(seed)
    record = []
    for i, seat, legal in turns(g, steps):
        action = rng.choice(legal)
        g.apply(seat, action)
        if i % every == every - 1:
            record.append({"step": i, "seat": seat, "action": action,
                           "views": {str(s): _compact(g.view(s)) for s in [None, *range(players)]}})
    return record


CASES = [(3, 31, {"regle": "complete"}), (4, 32, {"regle": "simplifiee"}), (5, 33, {"pose": "exploration", "pouvoirs": True})]


@pytest.mark.parametrize("players,seed,options", CASES)
def test_golden_playthrough(players, seed, options, golden):
    tag = "-".join(f"{k}-{v}" for k, v in options.items())
    path = GOLDEN / f"cochons-de-l-espace-{players}p-seed{seed}-{tag}.json"
    got = playthrough(players, seed, options, 240, 24)
    golden(path, got, indent=0)


@pytest.mark.parametrize("players,options", [(3, {}), (5, {"pose": "exploration"}), (4, {"regle": "simplifiee"})])
def test_resampling_what_a_seat_cannot_know_never_changes_its_view(players, options):
    g = new(players, 40 + players, limite_tours=4, **options)
    rng = Rng(players)
    step = 0
    while not g.is_over() and step < 1500:
        if step % 50 == 0:
            for seat in range(players):
                d = g.determinize(seat, Rng(step + seat))
                assert json.dumps(seen_by(d, seat), sort_keys=True) == json.dumps(seen_by(g, seat), sort_keys=True)
        s = g.to_move()[0]
        g.apply(s, rng.choice(g.legal_actions(s)))
        step += 1
