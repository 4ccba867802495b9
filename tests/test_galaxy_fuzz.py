"""Galaxy Trucker fuzz: random games (random legal building with simulated time, or the building bot; random or
heuristic flight choices) with invariants after every action; saves replay to the same views; garbage changes
nothing. The default run is small (5 games); COSMOLUDO_SLOW=1 plays 200 more (about 50 s of CPU)."""
from __future__ import annotations

import json
import os
import random

import pytest

from cosmoludo.core.errors import IllegalAction
from cosmoludo.games.galaxy_trucker import GalaxyTrucker
from cosmoludo.games.galaxy_trucker.bot import build_step, flight_step
from galaxy_helpers import building, invariants, new, random_step

GARBAGE = [{"type": "place", "cell": [0, 0], "rot": 0, "t": 10 ** 9}, {"type": "take"}, {"type": "flip", "t": -1},
           {"type": "power", "n": 99}, {"type": "keep", "cell": "x"}, {"type": "land", "planet": 7},
           {"type": "store", "good": "Z", "cell": [1, 2]}, {"type": 3}, {}]


def fuzz_game(players: int, seed: int, options: dict, check_every: int = 1) -> GalaxyTrucker:
    rnd = random.Random(seed)
    g = new(players, seed=seed, **options)
    smart = [rnd.random() < 0.5 for _ in range(players)]  # some seats use the building bot, some build at random
    n = 0
    while not g.is_over():
        n += 1
        assert n < 40_000, "the game does not end"
        if building(g):
            seat = rnd.choice(g.to_move())
            t = g.clock + rnd.choice((100, 400, 900, 2500))
            action = build_step(g, seat, t, rnd) if smart[seat] else None
            if action is None:
                step = random_step(g, rnd)
                if step is None:
                    g.clock = t if not g.build_actions(seat, t) else g.clock  # time passes
                    continue
                seat, action = step
        else:
            seat = rnd.choice(g.to_move())
            action = flight_step(g, seat, rnd) if smart[seat] and rnd.random() < 0.7 else random_step(g, rnd)[1]
            if action not in g.legal_actions(seat):
                seat, action = random_step(g, rnd)
        if n % 97 == 0:  # garbage and wrong seats change nothing
            before = json.dumps(g.view(None), sort_keys=True)
            for bad in GARBAGE:
                with pytest.raises(IllegalAction):
                    g.apply(seat, bad)
            others = [s for s in range(players) if s not in g.to_move()]
            if others:
                with pytest.raises(IllegalAction):
                    g.apply(others[0], action)
            assert json.dumps(g.view(None), sort_keys=True) == before
        g.apply(seat, action)
        if n % check_every == 0:
            invariants(g)
            json.dumps(g.view(seat))
    # the end: three flights scored, the winners have the most credits (among those who repaid their loans:
    # Mauvaises Machinations; a loan brings 10 credits, each repaid costs 12)
    assert len(g.scores) == 3
    res = g.result()
    assert res is not None
    ranked = [s for s in range(players) if not g.loans[s]]
    best = max((g.credits[s] for s in ranked), default=None)
    assert res["winners"] == [s for s in ranked if g.credits[s] == best]
    lent = [sum(f[s].get("loan", 0) for f in g.scores) for s in range(players)]
    repaid = [lent[s] // 10 - g.loans[s] for s in range(players)]
    assert g.credits == [sum(f[s]["total"] for f in g.scores) + lent[s] - 12 * repaid[s] for s in range(players)]
    return g


CASES = [(2, 1, {}), (3, 2, {}), (4, 3, {}), (2, 4, {"detendu": True}), (4, 5, {"classe3": "IIIA"}),
         (4, 6, {"cinq": True, "routes": 1, "machinations": True})]  # every offered module of the expansion


@pytest.mark.parametrize("players,seed,options", CASES)
def test_fuzz_small(players, seed, options):
    g = fuzz_game(players, seed, options)
    # the save replays to the same state
    h = GalaxyTrucker(players, g.options, seed)
    for s, a in g.to_save()["actions"]:
        h.apply(s, a)
    assert json.dumps([h.view(s) for s in range(players)], sort_keys=True) == json.dumps(
        [g.view(s) for s in range(players)], sort_keys=True)


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("COSMOLUDO_SLOW") != "1", reason="long fuzz: COSMOLUDO_SLOW=1")
@pytest.mark.parametrize("batch", range(10))
def test_fuzz_200_games(batch):
    for i in range(20):
        seed = 1000 + batch * 20 + i
        rnd = random.Random(seed)
        players = rnd.choice((2, 3, 4))
        options = {"detendu": rnd.random() < 0.2, "classe3": rnd.choice(("III", "IIIA")),
                   "cinq": players == 4 and rnd.random() < 0.5, "routes": rnd.choice((0, 1)),
                   "machinations": rnd.random() < 0.5}
        fuzz_game(players, seed, options, check_every=3)
