"""Galaxy Trucker's hidden information: golden view files per player count (the face-down pile is a count, card
piles are shown only to the seat looking at them) and a leak test (redealing what a seat cannot know never changes
its view)."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cosmoludo.core.rng import Rng
from cosmoludo.games.galaxy_trucker import GalaxyTrucker
from cosmoludo.games.galaxy_trucker.bot import flight_step
from game_helpers import seen_by

GOLDEN = Path(__file__).parent / "golden"


def _compact(view: dict) -> dict:
    v = dict(view)
    v["ships"] = [{k: x for k, x in ship.items() if k != "cells"} for ship in v["ships"]]
    v["log"] = v["log"][-3:]
    return v


def simple_build(acts: list, rnd: random.Random) -> dict:
    """A fixed building policy for these files (independent of the bot's tuning): place where possible, else
    return what is held, else draw."""
    for typ in ("place", "return", "take"):
        found = [a for a in acts if a["type"] == typ]
        if found:
            return found[rnd.randrange(len(found))] if typ == "place" else found[0]
    return acts[0]


def steps(players: int, seed: int, n: int):
    """(state, seat, action) of the first `n` actions of a seeded bot game (the clock advancing 400 ms a step)."""
    g = GalaxyTrucker(players, {"detendu": False, "classe3": "III"}, seed)
    rnd = random.Random(seed)
    t = 0
    done = 0
    while done < n and not g.is_over():
        if g.asks[0].kind == "build":
            seat = done % players
            t += 400
            acts = g.build_actions(seat, t)
            looks = [a for a in acts if a["type"] in ("peek", "unpeek")]
            # after placing, each seat looks at a card pile once and puts it back
            action = looks[0] if looks and (g.peek[seat] is not None or not g.seen[seat]) else simple_build(
                acts, rnd)
            if action is None:
                continue
        else:
            seat = g.to_move()[0]
            action = flight_step(g, seat, rnd)
        g.apply(seat, action)
        done += 1
        yield g, seat, action


@pytest.mark.parametrize("players,seed", [(2, 31), (3, 32), (4, 33)])
def test_golden_building_views(players, seed, golden):
    path = GOLDEN / f"galaxy-trucker-{players}p-seed{seed}.json"
    got = [{"seat": seat, "action": action,
            "views": {str(s): _compact(g.view(s)) for s in [None, *range(players)]}}
           for g, seat, action in steps(players, seed, 16)]
    golden(path, got)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_depend_only_on_what_the_seat_knows(players):
    rng = Rng(players)
    for g, _, _ in steps(players, 40 + players, 60):
        for seat in range(players):
            assert seen_by(g.determinize(seat, rng), seat) == seen_by(g, seat)
    # the piles a seat has not seen are never in its view
    for seat in range(players):
        text = json.dumps(g.view(seat))
        for i, pile in enumerate(g.piles):
            if i not in g.seen[seat] or g.peek[seat] != i:
                assert all(f'"{cid}"' not in text for cid in pile if all(cid not in p for j, p in enumerate(g.piles)
                                                                          if j == g.peek[seat]))
