"""Kroll & Prumni views: a golden playthrough (a leak of hidden information would show as a diff) and a leak test:
reshuffling the discs a seat has not seen never changes its view."""
from __future__ import annotations

import json
from pathlib import Path

from cosmoludo.core.bots import random_action
from cosmoludo.core.rng import Rng
from cosmoludo.games.kroll_prumni import KrollPrumni
from game_helpers import seen_by

GOLDEN = Path(__file__).parent / "golden" / "kroll-et-prumni-2p-seed31.json"


def compact(view: dict) -> dict:
    v = dict(view)
    v["log"] = v["log"][-3:]
    # Long lists kept short: how many, and the first few (the rules tests pin their contents).
    v["legal_actions"] = [len(v["legal_actions"]), v["legal_actions"][:4]]
    if "selected" in v:
        sel = dict(v["selected"])
        sel["moves"] = [len(sel["moves"]), [m["to"] for m in sel["moves"][:4]]]
        sel["exits"] = len(sel["exits"])
        if "tree" in sel:
            sel["tree"] = len(sel["tree"])
        v["selected"] = sel
    return v


def test_golden_playthrough(golden):
    state = KrollPrumni(2, {}, 31)
    rng = Rng(31)
    got = []
    for _ in range(14):
        seat = state.to_move()[0]
        action = random_action(state, seat, rng)
        state.apply(seat, action)
        got.append({"seat": seat, "action": action,
                    "views": {str(s): compact(state.view(s)) for s in (None, 0, 1)}})
    golden(GOLDEN, got)


def test_views_depend_only_on_what_the_seat_knows():
    rng = Rng(5)
    for g in range(2):
        state = KrollPrumni(2, {"turns": 8}, 600 + g)
        steps = 0
        while not state.is_over() and steps < 200:
            for seat in (0, 1) if steps % 4 == 0 else ():
                assert seen_by(state.determinize(seat, rng), seat) == seen_by(state, seat)
            text = json.dumps(state.view(0))
            assert "discs" not in text and '"seed"' not in text
            seat = state.to_move()[0]
            state.apply(seat, random_action(state, seat, rng))
            steps += 1
