"""Hidden information: golden view files and a leak test that resamples what a seat cannot know."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from cosmoludo import games
from cosmoludo.core.bots import random_action
from cosmoludo.core.rng import Rng
from game_helpers import seen_by, turns

GOLDEN = Path(__file__).parent / "golden"


def _compact(view: dict) -> dict:
    """A view with only the newest log lines (the file stays small)."""
    v = dict(view)
    v["log"] = v["log"][-3:]
    return v


def playthrough(game: str, players: int, seed: int, options: dict, steps: int) -> list:
    """Every seat's view (and a spectator's) after each of the first `steps` actions of a seeded game."""
    state = games.new_game(game, players, options, seed)
    rng = Rng(seed)
    record = []
    for _, seat, legal in turns(state, steps):
        action = rng.choice(legal)
        state.apply(seat, action)
        record.append({"seat": seat, "action": action,
                       "views": {str(s): _compact(state.view(s)) for s in [None, *range(players)]}})
    return record


CASES = [("porco-crasso", 2, 11, {}), ("porco-crasso", 3, 12, {"coquettruie": True}),
         ("porco-crasso", 4, 13, {"coquettruie": True, "chronoboue": True}),
         ("rencontre-cosmique", 2, 21, {}), ("rencontre-cosmique", 3, 22, {"pouvoirs_caches": True}),
         ("rencontre-cosmique", 4, 23, {"nb_pouvoirs": 2})]


@pytest.mark.parametrize("game,players,seed,options", CASES)
def test_golden_playthrough(game, players, seed, options, golden):
    path = GOLDEN / f"{game}-{players}p-seed{seed}.json"
    got = playthrough(game, players, seed, options, 30)
    golden(path, got)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_depend_only_on_what_the_seat_knows(players):
    """Redealing the unseen cards (other hands, deck order) must not change a seat's view."""
    rng = Rng(players * 7)
    for g in range(4):
        state = games.new_game("porco-crasso", players, {"coquettruie": g % 2 == 1}, 500 + g)
        while not state.is_over():
            for seat in range(players):
                other = state.determinize(seat, rng)
                assert seen_by(other, seat) == seen_by(state, seat)
                # ... and the other seats' hands really were redealt somewhere along the way.
            seat = state.to_move()[0]
            state.apply(seat, random_action(state, seat, rng))


def test_other_hands_and_deck_never_in_a_view():
    state = games.new_game("porco-crasso", 3, {"coquettruie": True}, 3)
    for seat in (None, 0, 1, 2):
        v = state.view(seat)
        for s, h in enumerate(v["hands"]):
            assert h["count"] == 3
            assert (h["cards"] is not None) == (s == seat)
        assert "deck" not in v and isinstance(v["deck_count"], int)
        text = json.dumps(v)
        assert "rng" not in text and '"seed"' not in text


def test_log_of_a_stuck_hand_is_public_but_draws_are_not():
    state = games.new_game("porco-crasso", 2, {}, 4)
    state.hands[0] = ["paratonnerre", "paratonnerre", "paratonnerre"]
    state.apply(0, {"type": "stuck"})
    for seat in (None, 0, 1):
        assert any("Paratonnerre" in line["fr"] for line in state.view(seat)["log"])
    # The three cards drawn afterwards are named nowhere in the log.
    assert all(line["fr"].count("Boue") == 0 or "montre" not in line["fr"] for line in state.view(1)["log"])
