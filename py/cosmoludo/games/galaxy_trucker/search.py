"""Galaxy Trucker as registered: the rules with the bots' hooks (the page's real-time bots, the heuristic level).

This module stands above both the rules and the bot, so neither imports the other's way back.
"""
from __future__ import annotations

from ...core.rng import Rng
from ...core.state import Action
from . import bot
from .rules import GalaxyTruckerRules


class GalaxyTrucker(GalaxyTruckerRules):
    """A game of Galaxy Trucker (base game): three flights, 2 to 4 seats."""

    def bot_action(self, seat: int, level: str, seed: int, t: int | None) -> Action | None:
        """The page's real-time bots (see bot.bot_action): building at the page's clock `t`."""
        return bot.bot_action(self, seat, level, seed, t)

    def bot_game(self, levels: list[str], seed: int, budget: tuple[int, float | None] | None = None) -> int:
        """Play to the end with bots of `levels` per seat (match.play_game, `simulate`): see bot.play_levels."""
        return bot.play_levels(self, levels, seed, budget)

    def heuristic_action(self, seat: int, rng: Rng) -> Action:
        return bot.heuristic_action(self, seat, rng)


__all__ = ["GalaxyTrucker"]
