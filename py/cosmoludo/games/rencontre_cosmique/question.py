"""The shape every question of Rencontre Cosmique shares: a core/flow.py kind asked of one seat (`q["seat"]`), which
may also be answered, where its actions list them, with an edict, an announced power, or an answer that uses a power
(a Zap may stop that power first).

This module stands below the power table (powers.py), whose own questions are written on it, and below the turn's
questions (kinds.py): it imports nothing of the rules.
"""
from __future__ import annotations

from typing import Any

from ...core.flow import Kind
from ...core.rng import Rng
from ...core.state import Action
from .asks import Q

Reason = tuple[str, str]

#: The refusal of an answer that does not fit the question, when nothing more precise is known.
NOT_NOW: Reason = ("Ce n'est pas la décision attendue maintenant : choisissez parmi ce qui vous est proposé.",
                   "That is not the decision expected now: choose among what you are offered.")
#: The refusal of the contract (core/state.py) for a standing decision that has no better reason.
NOT_ALLOWED: Reason = ("Cette action n'est pas permise maintenant.", "That action is not allowed now.")


class Question(Kind):
    """A question asked of one seat (`q["seat"]`)."""

    label = ("choisir parmi ce qui vous est proposé", "choose among what you are offered")

    def waiting(self, g: Any, ask: Any) -> list[int]:
        return [ask["seat"]]

    def open(self, g: Any, ask: Any) -> bool:
        """A question left with no answer (a card or a base went away meanwhile) is dropped."""
        return bool(self.actions(g, ask, ask["seat"]))

    def why(self, g: Any, ask: Any, seat: int, action: Action) -> Reason | None:
        kind = action.get("type")
        if kind == "aim":
            pl = action.get("planet")
            if isinstance(pl, list) and len(pl) == 2 and pl[0] == g.offence:
                return ("Vous ne pouvez pas attaquer une planète de votre propre système sans base adverse.",
                        "You cannot attack a planet of your own system without an opposing base.")
            return ("Visez une planète du système du joueur défensif.", "Aim at a planet of the defence's system.")
        if kind == "ally":
            return ("Vous n'avez pas été invité de ce côté, ou n'avez aucun pion disponible.",
                    "You were not invited to that side, or have no token available.")
        return NOT_NOW

    def used_power(self, q: Q, action: Action) -> str | None:
        """The power this answer uses, so that a Zap may stop it first (a power's own question says: the Clone's
        « take it back »...); None for an ordinary answer."""
        return None

    def apply(self, g: Any, ask: Any, seat: int, action: Action) -> bool:
        q: Q = ask
        kind = action["type"]
        pw = self.used_power(q, action)
        if pw is not None and [seat, pw] not in g.used and not g.gone("edits"):
            g._use_power(seat, {"type": "power", "power": pw}, then=action)  # a Zap may answer first
            return False
        if kind == "edict":
            g._play_edict(seat, action)
            if q["kind"] == "zap_react":
                g.queue.remove(q)
            return False
        if kind == "power":
            g._use_power(seat, action)
            return False
        return self.answer(g, q, seat, action)

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
        """The kind's own answer (« pass » by default: settled, nothing else happens)."""
        return True

    def bot_answer(self, g: Any, q: Q, seat: int, legal: list[Action], rng: Rng) -> Action | None:
        """The heuristic bot's answer (bot.py) where the kind knows better than a sensible random one (None)."""
        return None
