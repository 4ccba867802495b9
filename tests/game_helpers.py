"""Helpers every game's tests share: what a state shows (its fingerprint, what a seat sees) and playing it out."""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from cosmoludo.core.bots import random_action
from cosmoludo.core.rng import Rng

Move = Callable[[Any], tuple[int, dict[str, Any]]]


def fingerprint(state: Any) -> str:
    """Everything observable: the save and every seat's view (and a spectator's)."""
    views = [state.view(s) for s in [None, *range(state.players)]]
    return json.dumps([state.to_save(), views], sort_keys=True)


def seen_by(state: Any, seat: int) -> dict[str, Any]:
    """What `seat` sees, less the log and undo (a search copy keeps no log)."""
    v = state.view(seat)
    for key in ("log", "can_undo"):
        v.pop(key)
    return v


def first_seat_at_random(rng: Rng) -> Move:
    """Moves for `play_out`: the first seat to move plays a uniformly random legal action."""
    def move(state: Any) -> tuple[int, dict[str, Any]]:
        seat = state.to_move()[0]
        return seat, random_action(state, seat, rng)
    return move


def play_out(state: Any, move: Move, check: Callable[[Any], None] | None = None, max_steps: int = 20_000,
             checked: bool = True) -> int:
    """Play `state` to its end, `move(state)` choosing each (seat, action), through apply's legality checks
    (`checked`) or straight through `step`; `check(state)` follows every action. Returns the number of actions."""
    steps = 0
    while not state.is_over():
        seat, action = move(state)
        if checked:
            state.apply(seat, action)
        else:
            state.step(seat, action)
        if check:
            check(state)
        steps += 1
        assert steps < max_steps, f"the game does not end ({getattr(state, 'phase', '?')})"
    return steps


def turns(state: Any, limit: int) -> Iterator[tuple[int, int, list[dict[str, Any]]]]:
    """The first `limit` turns of `state` (fewer if it ends): (turn number, the first seat to move, its legal
    actions), each before the caller plays that seat's action."""
    for i in range(limit):
        if state.is_over():
            return
        seat = state.to_move()[0]
        yield i, seat, state.legal_actions(seat)
