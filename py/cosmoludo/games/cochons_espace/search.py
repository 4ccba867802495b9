"""Les Cochons de l'Espace as registered: the rules with the bots' hooks that need the heuristic.

This module stands above both the rules and the bot, so neither imports the other's way back.
"""
from __future__ import annotations

from ...core.rng import Rng
from ...core.state import Action
from . import bot
from .rules import CochonsEspaceRules


class CochonsEspace(CochonsEspaceRules):
    """A game of Les Cochons de l'Espace."""

    def heuristic_action(self, seat: int, rng: Rng) -> Action:
        """The « facile » level: the clan's heuristic (bot.py)."""
        return bot.heuristic_action(self, seat, rng)

    def rollout_action(self, seat: int, rng: Rng) -> Action:
        """Playout policy: the heuristic half of the time, else any legal action."""
        if rng.below(2):
            return bot.heuristic_action(self, seat, rng)
        acts = self.legal_actions(seat)
        return acts[rng.below(len(acts))]
