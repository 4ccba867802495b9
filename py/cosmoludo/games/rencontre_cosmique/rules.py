"""Rencontre Cosmique: the game's rules, assembled from its chapters, each a class above the one before:
table.py (setup, state, shared moves) → view.py → windows.py (edicts, powers) → deal.py → turn.py → duel.py
→ decisions.py → this class."""
from __future__ import annotations

from ...core.text import both
from .data import RULINGS
from .decisions import Decisions
from .table import OPTIONS


class RencontreRules(Decisions, game_id="rencontre-cosmique", title=both("Rencontre Cosmique", "Cosmic Encounter"),
                     players=(2, 4), options_spec=OPTIONS, rules_version=2, rulings=RULINGS):
    """A game of Rencontre Cosmique for 2 to 4 players (seat i plays colour COLOURS[i]): the rules."""
