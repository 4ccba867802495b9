"""Kroll & Prumni as registered: the rules with the bots' hooks (copies, the disc-order determinization,
playouts, the heuristic). This module stands above both the rules and the bot, so neither imports the other."""
from __future__ import annotations

from ...core.rng import Rng
from ...core.state import Action
from . import bot
from .data import SEATS
from .rules import KrollPrumniRules


class KrollPrumni(KrollPrumniRules):
    """A game of Kroll & Prumni (new version, 1989) for two players."""

    playout_cap = 10  # short playouts, then the standing estimate: a turn is dozens of small decisions
    prior_visits = bot.PRIOR_VISITS

    def heuristic_action(self, seat: int, rng: Rng) -> Action:
        return bot.heuristic_action(self, seat, rng)

    def rollout_action(self, seat: int, rng: Rng) -> Action:
        """Playout policy: random, but a phase ends soon (a random walk among ship picks would go on and on)."""
        acts = self._legal_actions(seat)
        if self.asks and self.asks[0].kind == "orders":
            if {"type": "end"} in acts and rng.below(2) == 0:
                return {"type": "end"}
            useful = [a for a in acts if a["type"] in ("fire", "move", "select")]
            if useful:
                return useful[rng.below(len(useful))]
        return acts[rng.below(len(acts))]

    def progress(self, seat: int) -> float:
        return bot.progress(self, seat)

    def estimate_outcome(self) -> list[float]:
        p = [bot.progress(self, s) + 0.01 for s in range(SEATS)]
        total = sum(p)
        return [x / total for x in p]

    def clone(self) -> KrollPrumni:
        c = type(self).__new__(type(self))
        c.__dict__.update(self.__dict__)
        c.rng = self.rng.copy()
        c.history = list(self.history)
        c.revealing = list(self.revealing)
        c.log = list(self.log)
        c.options = dict(self.options)
        c.discs = list(self.discs)
        c.order = list(self.order)
        c.ships = {k: s.copy() for k, s in self.ships.items()}
        c.scores = list(self.scores)
        c.winner = None if self.winner is None else list(self.winner)
        c.repair_start = set(self.repair_start)
        self.copy_flow_into(c)
        return c

    def determinize(self, seat: int, rng: Rng) -> KrollPrumni:
        """The discs not yet turned over in the first round of six are unknown: shuffle them again."""
        c = self.clone()
        c.history, c.revealing, c.log = [], [], []
        c.rng = rng.fork()
        seen = min(self.turn, len(self.discs))
        rest = c.discs[seen:]
        rng.shuffle(rest)
        c.discs[seen:] = rest
        return c
