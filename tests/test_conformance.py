"""One conformance test over every registered game: a game is checked the moment it registers.

Seeded play (mostly the game's playout policy, sometimes any legal action, any waiting seat) to the end with the
game's invariants after every action; saves replay to the same state, from the end and from the middle; refused
actions say why in French and English and change nothing; a clone shares nothing with its original; a
determinized copy keeps what its seat sees. A game plugs its invariants into `invariants.INVARIANTS`.
"""
from __future__ import annotations

import json
from typing import Any

import pytest

from cosmoludo import IllegalAction, games
from cosmoludo.core.rng import Rng
from game_helpers import fingerprint, seen_by
from invariants import INVARIANTS

#: Actions no game takes (a game that accepts one of them has a hole in its checks).
GARBAGE: list[Any] = [None, 3, "pass", [], {}, {"type": 7}, {"type": None}, {"type": "no_such_action"},
                      {"type": ["pass"]}]
#: Values put in place of a legal action's field, to make near-miss actions.
WRONG_VALUES: list[Any] = [None, -1, 999, "??", True, [99, 99], {"x": 1}]
#: The most actions of one conformance game before it counts as stuck.
MAX_STEPS = 20_000


def option_sets(cls: type) -> list[dict[str, Any]]:
    """The default options, and every yes/no option turned the other way (and each number at its top)."""
    flipped = {o.id: not o.default for o in cls.options_spec if o.type == "bool"}
    flipped.update({o.id: o.max for o in cls.options_spec if o.type == "int" and o.max is not None})
    return [{}, flipped] if flipped else [{}]


CASES = [(gid, players, opts) for gid, cls in games.GAMES.items()
         for players in range(cls.min_players, cls.max_players + 1) for opts in option_sets(cls)]


def near_misses(legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Legal actions with one field changed to a wrong value, where the result is not itself legal."""
    out = []
    for action in legal[:3]:
        for key in action:
            if key in ("type", "t"):  # "t": a clock reading, any later one is legal
                continue
            out += [{**action, key: v} for v in WRONG_VALUES]
        out.append({**action, "extra": 1})
    return [a for a in out if a not in legal]


def assert_refused(state, seat: Any, action: Any) -> None:
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, action)
    assert err.value.fr.strip() and err.value.en.strip(), "every refusal explains itself in both languages"


@pytest.mark.parametrize(("game_id", "players", "options"), CASES,
                         ids=[f"{g}-{p}-{'flipped' if o else 'default'}" for g, p, o in CASES])
def test_game_conforms(game_id, players, options):
    check = INVARIANTS.get(game_id, lambda state: None)
    seed = 31 * players + len(options)
    rng = Rng(f"conformance:{game_id}:{seed}")
    state = games.new_game(game_id, players, options, seed)
    check(state)
    stale: list[Any] = []
    steps = 0
    while not state.is_over():
        movers = state.to_move()
        assert movers, "a game that goes on has somebody to move"
        seat = movers[rng.below(len(movers))]
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} is to move with nothing to play"
        probe = steps % (20 if steps < 200 else 400) == 0  # often early, then now and then: games run long
        if probe:
            before = fingerprint(state)
            json.dumps(state.view(seat))  # JSON-safe
            tries = [(seat, g) for g in GARBAGE] + [(seat, a) for a in near_misses(legal)]
            tries += [(seat, a) for a in stale[-4:] if a not in legal]
            tries += [(o, legal[0]) for o in range(players) if o not in movers]
            tries += [(players, legal[0]), (-1, legal[0]), (True, legal[0]), ("0", legal[0]), (None, legal[0])]
            for s, a in tries:
                assert_refused(state, s, a)
            assert fingerprint(state) == before, "a refused action changed the game"
            # A clone is equal and shares nothing: play on it, the original does not move, and back.
            twin = state.clone()
            assert fingerprint(twin) == before
            for _ in range(5):
                if twin.is_over():
                    break
                s = twin.to_move()[0]
                twin.apply(s, rng.choice(twin.legal_actions(s)))
            assert fingerprint(state) == before, "playing on a clone changed its original"
            kept = state.clone()
            # A determinized copy keeps everything its seat sees, and the same choices.
            d = state.determinize(seat, rng.fork())
            assert seen_by(d, seat) == seen_by(state, seat), "determinize changed what its seat sees"
            assert d.legal_actions(seat) == legal
        stale.extend(legal[:2])
        action = state.rollout_action(seat, rng) if rng.below(4) else rng.choice(legal)
        assert action in legal or state._is_legal(seat, action), "the playout policy plays a legal action"
        state.apply(seat, action)
        check(state)
        if probe:
            assert fingerprint(kept) == before, "playing on an original changed its clone"
        steps += 1
        assert steps < MAX_STEPS, "the game does not end"
        if steps == 60:
            # A save made mid-game replays to the same state.
            again = games.load(json.loads(json.dumps(state.to_save())))
            assert fingerprint(again) == fingerprint(state)
    res = state.result()
    assert res is not None and (res["winners"] or state.may_end_without_winner), "a finished game has winners"
    assert state.to_move() == [] and all(state.legal_actions(s) == [] for s in range(players))
    for s in range(players):
        assert_refused(state, s, {"type": "pass"})
    again = games.load(json.loads(json.dumps(state.to_save())))
    assert fingerprint(again) == fingerprint(state), "the save replays to the same game"


def test_every_registered_game_is_in_the_catalog_and_conformance():
    ids = [g["id"] for g in games.catalog() if g["available"]]
    assert ids == list(games.GAMES) and {gid for gid, _, _ in CASES} == set(ids)


def test_every_registered_game_has_its_invariants():
    assert set(INVARIANTS) == set(games.GAMES)
