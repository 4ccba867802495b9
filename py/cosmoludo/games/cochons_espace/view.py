"""Les Cochons de l'Espace — What a seat sees, clones and determinizations for the search."""

from typing import Any

from ...core.flow import copy_json
from ...core.rng import Rng
from .data import (
    CLAN_NAMES,
    EC_NAMES,
    FAMILIES,
    RECIPES,
    TILES,
    card_table,
)

_SHARED = frozenset({"adj", "asks", "rng", "options", "history", "revealing", "log"})
_LOGS = frozenset({"history", "revealing", "log"})


class View:
    """Mixin of CochonsEspaceRules."""

    @classmethod
    def catalog_tables(cls) -> dict[str, Any]:
        """The cards' names, values and texts, the clans' and the Extra-Cochons' names (web/games/cochons-de-l-espace.js),
        sent once with the catalog."""
        return {"cards": card_table(),
                "clan_names": {k: {"fr": fr, "en": en} for k, (fr, en) in CLAN_NAMES.items()},
                "extra_pig_names": {k: {"fr": fr, "en": en} for k, (fr, en) in EC_NAMES.items()}}

    def _view(self: Any, seat: int | None) -> dict[str, Any]:
        hexes = []
        for k in sorted(self.tiles):
            up = self.face_up.get(k, True)
            t = TILES[self.tiles[k]]
            hexes.append({"at": k, "back": t.back, "face": self.face(k) if up else None,
                          "colour": self.colour(k) if up else None,
                          "troops": [{"seat": e["s"], "ec": e["ec"], "g": e["g"], "gg": e["gg"]}
                                     for e in self.stacks.get(k, [])]})
        return {
            "phase": self.phase, "sequence": self.seq, "turn": self.turn, "rule": "simplifiee" if self.simple else "complete",
            "hexes": hexes, "slots": self.slots() if self.phase == "build" else [], "layout": self.layout,
            "groups": dict(self.group),
            "piles": {f: len(p) for f, p in self.piles.items()},
            "order": list(self.order), "first": self.first, "porc_royal": self.pr,
            "clans": list(self.clans),
            "recipes": [RECIPES[self.recipes[s]] if (self.simple or s == seat or self.is_over()) else None
                        for s in range(self.players)],
            "reserve": [list(r) for r in self.reserve], "sourdokoko": list(self.imp),
            "hands": [{"count": len(h), "cards": sorted(h) if s == seat else None} for s, h in enumerate(self.hands)],
            "deck_count": len(self.deck), "discard_count": len(self.discard),
            "markers_left": [sorted(m) for m in self.markers_left], "marker": list(self.marker),
            "production": [dict(p) for p in self.production],
            "governors": [self.held(s) for s in range(self.players)],
            "votes": dict(self.votes), "barred": list(self.barred), "coalitions": [list(g) for g in self.coalitions],
            "eliminated": list(self.eliminated), "powers": self.powers_on,
            "powers_used": [list(u) for u in self.power_used], "devoured": list(self.devoured), "fete": dict(self.fete),
            "combat": self.combat_public(seat),
            "asks": self.asks_public(seat),
        }

    def clone(self: Any, keep_logs: bool = True) -> Any:
        cls: Any = type(self)
        c = cls.__new__(cls)
        d = c.__dict__
        skip = _SHARED if keep_logs else _SHARED | _LOGS
        for k, v in self.__dict__.items():
            if k not in skip:
                d[k] = copy_json(v) if isinstance(v, (dict, list)) else v
        c.rng = self.rng.copy()
        c.asks = [a.copy() for a in self.asks]
        c.adj = self.adj  # rebuilt, never changed in place
        c.options = self.options
        if keep_logs:
            c.history, c.revealing, c.log = list(self.history), list(self.revealing), list(self.log)
        else:
            c.history, c.revealing, c.log = [], [], []
        return c

    def determinize(self: Any, seat: int, rng: Rng) -> Any:
        """Other hands, the deck order and unseen recipes are unknown to `seat`: deal them again."""
        c = self.clone(keep_logs=False)
        c.rng = rng.fork()
        pool = list(c.deck)
        for s in range(self.players):
            if s != seat:
                pool.extend(c.hands[s])
        pool.sort()
        rng.shuffle(pool)
        for s in range(self.players):
            if s != seat:
                k = len(c.hands[s])
                c.hands[s], pool = pool[:k], pool[k:]
        c.deck = pool
        # Hexes not yet seen: the family piles and the face-down hexes, dealt again within each family.
        layer = self.asks[0].seats[0] if self.asks and self.asks[0].kind == "lay" else None
        for f in FAMILIES:
            down = [h for h in sorted(c.tiles) if not c.face_up.get(h, True) and TILES[c.tiles[h]].back == f]
            unseen: list[str] = [c.tiles[h] for h in down] + list(c.piles[f])
            drawn = c.drawn
            held = drawn is not None and layer != seat and TILES[drawn].back == f
            if drawn is not None and held:
                unseen.append(drawn)
            rng.shuffle(unseen)
            for h in down:
                c.tiles[h] = unseen.pop()
            if held:
                c.drawn = unseen.pop()
            c.piles[f] = unseen
        if not self.simple:
            free = [r for r in range(len(RECIPES)) if r != self.recipes[seat]]
            rng.shuffle(free)
            for s in range(self.players):
                if s != seat:
                    c.recipes[s] = free.pop()
        return c
