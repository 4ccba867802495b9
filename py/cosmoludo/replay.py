"""A replay: a save's action log applied again, to step through the game one action at a time.

Nothing is stored twice: the replay keeps the save's actions and, every CHECKPOINT_EVERY actions, a copy of the
state met while the save was checked (one pass). Showing action i takes the nearest copy at or before i (or the
position shown last, when it is on the way) and applies the few actions between.

A finished game replays with everything revealed: it may be seen through any seat's eyes. An unfinished one
replays only from the spectator's view, so that a hot-seat game's secrets stay secret.
"""
from __future__ import annotations

from typing import Any

from . import games
from .core.errors import IllegalAction
from .core.rng import Rng
from .core.state import GameState

#: Actions between two kept copies of the state (at most that many actions are applied to show any position;
#: a copy costs about twenty actions replayed, so ten copies for a thousand actions add a fifth to the opening).
CHECKPOINT_EVERY = 100


class Replay:
    """One save opened for replay (validated: every action replays, or InvalidSave says which one does not)."""

    def __init__(self, save: Any) -> None:
        self.checkpoints: list[GameState] = []

        def keep(i: int, state: GameState) -> None:
            if i % CHECKPOINT_EVERY == 0:
                self.checkpoints.append(state.clone())

        final = games.load(save, keep)
        self.actions: list[list[Any]] = [[s, a] for s, a in final.history]
        self.total = len(self.actions)
        self.over = final.is_over()
        self.players = final.players
        self.game_id = final.game_id
        self.current = final  # the position shown last, and its index
        self.index = self.total

    def summary(self) -> dict[str, Any]:
        return {"game": self.game_id, "players": self.players, "actions": self.total, "over": self.over,
                # Whose eyes the replay may be seen through: every seat once the game is over, else none.
                "seats": list(range(self.players)) if self.over else []}

    def state_at(self, index: int) -> GameState:
        """The state after the first `index` actions."""
        if not 0 <= index <= self.total:
            raise IllegalAction(f"Il n'y a pas d'action n° {index} dans cette partie (0 à {self.total}).",
                                f"There is no action #{index} in this game (0 to {self.total}).")
        base = index // CHECKPOINT_EVERY * CHECKPOINT_EVERY
        if not base <= self.index <= index:
            self.current = self.checkpoints[base // CHECKPOINT_EVERY].clone()
            self.index = base
        state = self.current
        while self.index < index:
            seat, action = self.actions[self.index]
            state.step(seat, action)  # checked when the replay was opened
            self.index += 1
        return state

    def view(self, index: int, seat: int | None) -> dict[str, Any]:
        """What `seat` sees after `index` actions (None: the spectator), with nothing to play."""
        if seat is not None and not self.over:
            raise IllegalAction("Une partie en cours se revoit en spectateur : ses secrets restent cachés.",
                                "A game still in progress is replayed as a spectator: its secrets stay hidden.")
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.players):
            raise IllegalAction(f"Place inconnue : {seat!r}.", f"Unknown seat: {seat!r}.")
        v = self.state_at(index).view(seat)
        v["legal_actions"] = []
        v["can_undo"] = False
        v["replay"] = {"index": index, "total": self.total, "last": self.actions[index - 1][0] if index else None}
        return v


def replay_save(game: str, players: int, seed: int, actions: int | None = None) -> dict[str, Any]:
    """A seeded random game's save cut at `actions` actions (or whole: without `actions`, or when it ends before);
    the benchmark's replays and the tests' games."""
    state = games.new_game(game, players, {}, seed)
    state.quiet = True
    rng = Rng(seed)
    while not state.is_over() and (actions is None or len(state.history) < actions):
        seat = state.to_move()[0]
        state.step(seat, rng.choice(state.legal_actions(seat)))
    return state.to_save()


#: The replays `python -m cosmoludo bench` (native and --browser) opens: (game, players, seed, actions).
#: Rencontre's 1,000 actions are the issue's target (≤ 300 ms in the page).
REPLAYS = [("rencontre-cosmique", 3, 1, 1000), ("porco-crasso", 4, 1, 1000)]


__all__ = ["CHECKPOINT_EVERY", "REPLAYS", "Replay", "replay_save"]
