"""Whole games between bots, for the command line, the benchmark and the tests."""
from __future__ import annotations

from typing import Any

from . import games
from .core.bots import choose_action


def play_game(game_id: str, players: int, options: dict[str, Any], seed: int,
              levels: list[str], budget: tuple[int, float | None] | None = None) -> tuple[Any, int]:
    """One game with a bot per seat; returns the final state and its number of actions."""
    state = games.new_game(game_id, players, options, seed)
    state.quiet = True
    own = getattr(state, "bot_game", None)
    if own is not None:  # a game whose bots play in (simulated) real time runs its own loop (Galaxy Trucker)
        return state, own(levels, seed, budget)
    steps = 0
    while not state.is_over():
        seat = state.to_move()[0]
        action = choose_action(state, seat, levels[seat % len(levels)], seed=seed, budget=budget)
        state.step(seat, action)
        steps += 1
    return state, steps


__all__ = ["play_game"]
