"""Les Cochons de l'Espace: random games with invariants after every action, replay, refusals."""
from __future__ import annotations

import os

import pytest

from cochons_helpers import new, play_random, replay
from cosmoludo import IllegalAction
from cosmoludo.core.rng import Rng
from game_helpers import fingerprint

CONFIGS = [
    {"regle": "simplifiee"},
    {"regle": "complete"},
    {"regle": "complete", "pose": "regarder"},
    {"regle": "complete", "pose": "tout_puis_retourner"},
    {"regle": "complete", "pose": "exploration"},
    {"regle": "complete", "placement_inverse": True},
    {"regle": "complete", "pouvoirs": True},
    {"regle": "complete", "galaxie": "jumelles"},
    {"regle": "complete", "galaxie": "galette"},
    {"regle": "complete", "galaxie": "libre"},
]


def _ids(o: dict) -> str:
    return "+".join(f"{k}={v}" for k, v in o.items())


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("options", CONFIGS, ids=_ids)
def test_random_games_keep_invariants_and_replay(players, options):
    for k in range(2):
        seed = 100 * players + k
        g = new(players, seed, limite_tours=6, **options)
        play_random(g, Rng(seed))
        assert g.is_over()
        assert fingerprint(replay(g)) == fingerprint(g)


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("COSMOLUDO_SLOW") != "1", reason="long run: COSMOLUDO_SLOW=1")
@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("options", CONFIGS, ids=_ids)
def test_many_random_games(players, options):
    # COSMOLUDO_FUZZ_GAMES runs a reduced slice (the default is the 300 per count and option).
    for k in range(int(os.environ.get("COSMOLUDO_FUZZ_GAMES", "300"))):
        seed = 10_000 * players + k
        g = new(players, seed, limite_tours=8, **options)
        play_random(g, Rng(seed))


GARBAGE = [None, 3, "go", [], {}, {"type": 7}, {"type": "go"}, {"type": "go", "from": "9,9", "to": "0,0"},
           {"type": "take", "g": 99, "gg": 0}, {"type": "take", "g": -1, "gg": 0}, {"type": "lay", "at": "5,5"},
           {"type": "vote", "for": 9}, {"type": "play", "card": "licorne"}, {"type": "marker", "n": 7},
           {"type": "card", "card": "jaret"}, {"type": "give", "value": 4, "to": 0}, {"type": "trade"},
           {"type": "offer", "to": 1, "card": "licorne"}, {"type": "accept", "card": "licorne"}]


@pytest.mark.parametrize("rule", ["simplifiee", "complete"])
def test_illegal_actions_are_refused_and_change_nothing(rule):
    rng = Rng(3)
    g = new(3, 7, regle=rule, limite_tours=3)
    steps = 0
    while not g.is_over():
        seat = g.to_move()[0]
        legal = g.legal_actions(seat)
        if steps % 7 == 0:
            before = fingerprint(g)
            others = [s for s in range(3) if s not in g.to_move()]
            tries = [(seat, x) for x in GARBAGE if x not in legal] + [(o, legal[0]) for o in others]
            tries += [(9, legal[0]), (True, legal[0])]
            for s, a in tries:
                with pytest.raises(IllegalAction) as err:
                    g.apply(s, a)
                assert err.value.fr.strip() and err.value.en.strip()
            assert fingerprint(g) == before
        g.apply(seat, rng.choice(legal))
        steps += 1
