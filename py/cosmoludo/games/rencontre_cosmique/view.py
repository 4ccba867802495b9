"""What each seat of Rencontre Cosmique sees: the one place hidden cards and veiled powers are removed."""
from __future__ import annotations

from typing import Any

from .data import COLOUR_NAMES, ESCAMOTABLE_NAMES, QUESTIONS, WORDS, card_table, power_table
from .powers import HOLDS_ROLES
from .table import DEAL_SECONDS, MAX_DEAL_PROPOSALS, Table


class Views(Table):
    """The view of a seat (or of a spectator)."""

    @classmethod
    def catalog_tables(cls) -> dict[str, Any]:
        """The cards' and powers' names and texts, the Chercheur's questions, the colours' names, the words the log
        and the page both say (data.WORDS) and the short names of what the Escamoteur makes vanish: the page's words
        for what a view names by id (web/games/rencontre-cosmique.js), sent once with the catalog."""
        return {"cards": card_table(), "power_texts": power_table(),
                "questions": {q: {"fr": d["fr"], "en": d["en"]} for q, d in QUESTIONS.items()},
                "colour_names": {c: dict(n) for c, n in COLOUR_NAMES.items()},
                "words": {w: dict(text) for w, text in WORDS.items()},
                "escamotable": {item: dict(name) for item, name in ESCAMOTABLE_NAMES.items()}}

    # ---- what each seat sees ----------------------------------------------------
    def _view(self, seat: int | None) -> dict[str, Any]:
        deal = None
        if self.deal is not None:
            st = self.deal["standing"]
            deal = {"turn": self.deal["turn"], "proposals": self.deal["proposals"],
                    "max_proposals": MAX_DEAL_PROPOSALS, "clock_seconds": DEAL_SECONDS,
                    "standing": None if st is None else {
                        "by": st["by"], "give_base": st["give_base"], "ask_base": st["ask_base"],
                        "give_cards": list(st["give_cards"]) if seat in (self.offence, self.defence) else None,
                        "give_cards_count": len(st["give_cards"]), "ask_cards": st["ask_cards"],
                        "zombie_return": st.get("zombie_return", 0)},
                    "draft": dict(self.deal["draft"], give_cards=list(self.deal["draft"]["give_cards"]))
                    if seat == self.deal["turn"] else None}
        pending = None
        if self.queue:
            q = self.queue[0]
            pending = {k: v for k, v in q.items() if k in ("seat", "kind", "side", "sent", "left", "planet")}
            if q.get("veiled"):  # asked to holders and non-holders alike: shown as the window it is
                pending = {"seat": q["seat"], "kind": "window", "moment": q["kind"],
                           **({"left": q["left"]} if "left" in q else {})}
            elif q["kind"] == "window":
                pending["moment"] = q["moment"]
        # Whose roles `seat` may see: a power holding roles (powers.py: the Comédien) known to be there.
        roles_seen = [bool(HOLDS_ROLES.intersection(self.known_powers(s, seat))) for s in range(self.players)]
        return {
            "phase": self.phase,
            "colours": list(self.colours),
            "planets": [[list(pl) for pl in sys] for sys in self.planets],
            "trou_noir": list(self.trou_noir),
            # Tokens on their way out (taken off the planets while the loser, a Zombie or a Zap decides): still
            # this colour's, in no other place, so every count adds up to 20 at every step.
            "being_lost": list(self.limbo),
            "removed": list(self.removed),
            "eliminated": list(self.eliminated),
            "offence": self.offence,
            "defence": self.defence,
            "target": list(self.target) if self.target else None,
            "duel_no": self.duel_no,
            "oval": [len(t) for t in self.oval],
            "ring": [len(t) for t in self.ring],
            "invited": {k: list(v) for k, v in self.invited.items()},
            "allies": {k: list(v) for k, v in self.allies.items()},
            "sealed": [None if c is None else (c if (self.revealed or s == seat or s in self.oracle_shown) else "hidden")
                       for s, c in enumerate(self.sealed)],
            "revealed": self.revealed,
            "totals": list(self.last_totals) if self.last_totals else None,
            "cup": {"count": len(self.cup), "aside": list(self.aside)},
            "deck_count": len(self.deck),
            "discard": list(self.discard),
            "hands": [{"count": len(h), "cards": sorted(h) if s == seat else None} for s, h in enumerate(self.hands)],
            "powers": [{"powers": self.known_powers(s, seat), "count": len(self.powers[s]),
                        "active": self.has_power_use(s)} for s in range(self.players)],
            # A hidden Comédien's roles count as still in the box: taking them must not show there is one.
            "power_pool_count": len(self.power_pool) + sum(len(self.roles[s]) for s in range(self.players)
                                                           if not roles_seen[s]),
            "roles": [list(self.roles[s]) if (not self.hidden_powers or s == seat or roles_seen[s]) else None
                      for s in range(self.players)],
            "role": list(self.role),
            "escamote": self.escamote,
            "escamote_used": list(self.escamote_used),
            "out_of_game": list(self.out_of_game),
            "foreign_bases": [self.foreign_bases(s) for s in range(self.players)],
            "deal": deal,
            "pending": pending,
        }
