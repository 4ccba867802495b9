"""Random-play fuzzing of every game: invariants after every action, save/replay, illegal input."""
from __future__ import annotations

import itertools
import json

import pytest

from cosmoludo import IllegalAction, games
from cosmoludo.core.bots import random_action
from cosmoludo.core.rng import Rng
from game_helpers import fingerprint, first_seat_at_random, play_out
from invariants import INVARIANTS

PORCO_OPTIONS = [dict(zip(("coquettruie", "chronoboue", "cochonpetition"), bits))
                 for bits in itertools.product((False, True), repeat=3)]


def play_random(state, rng: Rng, check=None) -> int:
    return play_out(state, first_seat_at_random(rng), check)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", PORCO_OPTIONS, ids=lambda o: "+".join(k for k, v in o.items() if v) or "base")
def test_porco_random_games_keep_invariants_and_replay(players, options):
    # 3 player counts x 8 option sets x 45 games = 1,080 complete games per run.
    check = INVARIANTS["porco-crasso"]
    for k in range(45):
        seed = 1000 * players + 17 * k
        state = games.new_game("porco-crasso", players, options, seed)
        play_random(state, Rng(seed), check)
        res = state.result()
        assert res is not None and res["winners"]
        # The save replays to the same state, bit for bit, through a JSON round trip.
        again = games.load(json.loads(json.dumps(state.to_save())))
        assert fingerprint(again) == fingerprint(state)


GARBAGE = [None, 3, "play", [], {}, {"type": 7}, {"type": "play"}, {"type": "play", "card": "licorne"},
           {"type": "play", "card": "boue", "seat": 9, "pig": 0}, {"type": "play", "card": "boue", "seat": 0, "pig": -1},
           {"type": "play", "card": "boue", "seat": "0", "pig": "0"}, {"type": "draw", "extra": 1},
           {"type": "react", "card": "super_gadoue", "pig": 0}, {"type": "pass"}, {"type": "next_game"},
           {"type": "stuck"}, {"type": "discard", "card": None}, {"type": "discard"}]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_illegal_actions_are_refused_and_change_nothing(players):
    rng = Rng(players)
    for k in range(6):
        state = games.new_game("porco-crasso", players, {"coquettruie": k % 2 == 0, "cochonpetition": k == 4}, 77 + k)
        stale: list = []
        while not state.is_over():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            before = fingerprint(state)
            others = [s for s in range(players) if s not in state.to_move()]
            tries = [(seat, g) for g in GARBAGE if g not in legal]
            tries += [(o, legal[0]) for o in others]  # the wrong seat
            tries += [(seat, a) for a in stale[-3:] if a not in legal]  # stale actions of earlier turns
            tries += [(99, legal[0]), (-1, legal[0]), (True, legal[0]), ("0", legal[0])]
            for s, a in tries:
                with pytest.raises(IllegalAction) as err:
                    state.apply(s, a)
                assert err.value.fr.strip() and err.value.en.strip(), "every refusal explains itself"
            assert fingerprint(state) == before
            stale.extend(legal)
            state.apply(seat, random_action(state, seat, rng))
        before = fingerprint(state)
        with pytest.raises(IllegalAction):
            state.apply(0, {"type": "draw"})
        assert fingerprint(state) == before
