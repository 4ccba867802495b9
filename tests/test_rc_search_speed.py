"""Rencontre Cosmique's search copies: the fast copy (search.py `_copy`) is a true deep copy."""
from __future__ import annotations

import copy
from typing import Any

from cosmoludo.core.rng import Rng
from test_rencontre_fuzz import new

SKIP = ("history", "revealing", "log", "rng")


def _containers(state: Any) -> list[tuple[str, Any]]:
    """Every list and dict of the state's data, with where it was found."""
    out: list[tuple[str, Any]] = []

    def walk(v: Any, path: str) -> None:
        if isinstance(v, (list, dict)):
            out.append((path, v))
        if isinstance(v, (list, dict, tuple)):
            for k, x in (v.items() if isinstance(v, dict) else enumerate(v)):
                walk(x, f"{path}.{k}")

    for k, v in state.__dict__.items():
        if k not in SKIP:
            walk(v, k)
    return out


def _same(a: Any, b: Any) -> bool:
    """Equal and of the same types all the way down."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return bool(a == b)


def _positions(players: int, seed: int, options: dict[str, Any] | None = None):
    state = new(players, seed, options or {})
    state.quiet = True
    rng = Rng(seed)
    while not state.is_over():
        yield state
        seat = state.to_move()[0]
        state.step(seat, state.heuristic_action(seat, rng))


def test_state_shares_no_container_and_clone_equals_deepcopy():
    for players, seed, options in ((2, 1, {}), (3, 2, {"nb_pouvoirs": 2}), (4, 3, {"pouvoirs_caches": True})):
        for k, state in enumerate(_positions(players, seed, options)):
            if k % 3:
                continue
            found = _containers(state)
            assert len({id(v) for _, v in found}) == len(found), "two places share one container: the copy would split them"
            c = state.clone()
            deep = copy.deepcopy({n: v for n, v in state.__dict__.items() if n not in SKIP})
            mine = {n: v for n, v in c.__dict__.items() if n not in SKIP}
            assert _same(mine, deep)
            assert not {id(v) for _, v in _containers(c)} & {id(v) for _, v in found}

