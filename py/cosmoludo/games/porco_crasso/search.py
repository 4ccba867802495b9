"""Porco Crasso as registered: the rules with the bots' hooks (copies, determinization, playouts, heuristic).

This module stands above both the rules and the bot, so neither imports the other's way back.
"""
from __future__ import annotations

from ...core.pile import redeal
from ...core.rng import Rng
from ...core.state import Action
from . import bot
from .rules import PorcoCrassoRules


class PorcoCrasso(PorcoCrassoRules):
    """A game (or a Cochonpétition match) of Porco Crasso."""

    playout_cap = 40
    prior_visits = 25

    def heuristic_action(self, seat: int, rng: Rng) -> Action:
        return bot.heuristic_action(self, seat, rng)

    def playout_outcome(self) -> list[float] | None:
        """Search stops at the end of the current game (a match's later games are too far off)."""
        if self.game_winner is None:
            return None
        return [1.0 if s == self.game_winner else 0.0 for s in range(self.players)]

    def level_action(self, level: str, seat: int, rng: Rng) -> Action | None:
        """« normal » plays the three moves « facile » rates best out to the end of the game many times
        (bot.search_action); « fort » does the same with three times the playouts, a fourth or fifth move too when
        « facile » rates it within bot.FORT_CLOSE of its best (a decision's median 0.23 s natively in 2 players,
        0.35 s in 3). `python -m cosmoludo bench` reports both levels against « facile » and « fort » against
        « normal »; `ismcts` stays available to the tests."""
        if level == "fort":
            return bot.fort_action(self, seat, rng)
        if level == "normal":
            return bot.normal_action(self, seat, rng)
        return None

    def rollout_action(self, seat: int, rng: Rng) -> Action:
        """Playout policy: the heuristic's glance at each action (bot.rollout_action), with some noise."""
        return bot.rollout_action(self, seat, rng)

    def progress(self, seat: int) -> float:
        """Truncated playouts score each seat by its progress towards a win (none once out of the game)."""
        return bot.progress(self, seat) if self.in_game[seat] else 0.0

    def clone(self, keep_logs: bool = True) -> PorcoCrasso:
        c = type(self).__new__(type(self))
        c.__dict__.update(self.__dict__)
        c.rng = self.rng.copy()
        c.history = list(self.history) if keep_logs else []
        c.revealing = list(self.revealing) if keep_logs else []
        c.log = list(self.log) if keep_logs else []
        c.pigs = [[p[:] for p in pigs] for pigs in self.pigs]
        c.deck = list(self.deck)
        c.discard = list(self.discard)
        c.hands = [list(h) for h in self.hands]
        c.in_game = list(self.in_game)
        c.oiseau_left = list(self.oiseau_left)
        c.winners = list(self.winners)
        c.asks = [a.copy() for a in self.asks]
        if self.match is not None:
            m = self.match
            c.match = {**m, "seau": list(m["seau"]), "trophee": list(m["trophee"]),
                       "tokens": [list(t) for t in m["tokens"]]}
        return c

    def determinize(self, seat: int, rng: Rng) -> PorcoCrasso:
        """Other hands and the deck order are unknown to `seat`: deal them again from the same cards.

        The rest of another seat's hand after an Oiseau de bon augure is dealt again too (never with an Oiseau in
        it: the other Birds of that hand were discarded in sight of everybody)."""
        c = self.clone(keep_logs=False)
        c.rng = rng.fork()
        if c.oiseau_left and seat != c.current:
            hands = [*c.hands, c.oiseau_left]
            c.deck = redeal(hands, c.deck, seat, rng)
            c.hands, c.oiseau_left = hands[:-1], hands[-1]
            for k, card in enumerate(c.oiseau_left):
                if card == "oiseau":  # swap it with a card that may be there (from the deck or another hand)
                    for pool in (c.deck, *(h for s, h in enumerate(c.hands) if s != seat)):
                        j = next((j for j, x in enumerate(pool) if x != "oiseau"), None)
                        if j is not None:
                            c.oiseau_left[k], pool[j] = pool[j], card
                            break
        else:
            c.deck = redeal(c.hands, c.deck, seat, rng)
        return c
