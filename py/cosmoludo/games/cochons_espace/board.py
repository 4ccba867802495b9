"""The galaxy and the troops on it: hexes by key, adjacency, stacks in arrival order, stock counters."""
from __future__ import annotations

from typing import Any

from ...core.hexgrid import Hex, neighbors, rim
from .data import TILES

Entry = dict[str, Any]  # {"s": seat (-1: Extra-Cochons), "ec": kind or None, "g", "gg", "mg", "mgg"}


def key(h: tuple[int, int]) -> str:
    return f"{h[0]},{h[1]}"


def unkey(k: str) -> Hex:
    q, r = k.split(",")
    return Hex(int(q), int(r))


def troops(e: Entry) -> int:
    return int(e["g"] + e["gg"])


def entry(seat: int, g: int = 0, gg: int = 0, ec: str | None = None) -> Entry:
    return {"s": seat, "ec": ec, "g": g, "gg": gg, "mg": 0, "mgg": 0}


class Board:
    """Mixin: the galaxy (`tiles`, `face_up`, `devoured`) and the stacks on it."""

    tiles: dict[str, str]
    face_up: dict[str, bool]
    devoured: list[str]
    stacks: dict[str, list[Entry]]
    adj: dict[str, list[str]]
    reserve: list[list[int]]
    imp: list[bool]
    killed: list[int]
    players: int

    def rebuild_adjacency(self) -> None:
        """Hexes touching by a side are adjacent (the galaxy is built side to side). In the twin and free
        galaxies every hex of an outer edge also touches every other hex of that edge (« de bord en bord »)."""
        tiles = self.tiles
        adj = {k: {key(n) for n in neighbors(unkey(k)) if key(n) in tiles} for k in tiles}
        layout = getattr(self, "layout", "cercles")
        if layout in ("jumelles", "libre"):
            for edge in self.edges():
                for k in edge:
                    adj[k] |= set(edge) - {k}
        self.adj = {k: sorted(v) for k, v in adj.items()}

    def edges(self) -> list[list[str]]:
        """The outer edges whose hexes all touch (one per twin galaxy, or the whole free galaxy)."""
        group: dict[str, str] = getattr(self, "group", {})
        if getattr(self, "layout", "") == "jumelles":
            return [[key(h) for h in rim(unkey(k) for k, grp in group.items() if grp == g)] for g in ("A", "B")]
        return [[key(h) for h in rim(unkey(k) for k in self.tiles if TILES[self.tiles[k]].face != "soleil")]]

    def rim_hexes(self) -> list[str]:
        """The hexes on the galaxy's edge (for the twin galaxies: each twin's edge)."""
        if getattr(self, "layout", "") == "jumelles":
            return sorted(k for e in self.edges() for k in e)
        return [key(h) for h in rim(unkey(k) for k in self.tiles)]

    def face(self, k: str) -> str:
        return "asteroide" if k in self.devoured else TILES[self.tiles[k]].face

    def colour(self, k: str) -> str | None:
        return None if k in self.devoured else TILES[self.tiles[k]].colour

    def is_planet(self, k: str) -> bool:
        return self.face(k) in ("planete", "double")

    def is_asteroid(self, k: str) -> bool:
        return self.face(k) == "asteroide"

    # ---- stacks ------------------------------------------------------------------------
    def stack(self, k: str) -> list[Entry]:
        return self.stacks.setdefault(k, [])

    def owner(self, k: str) -> int | None:
        """The seat holding the hex: the first to land there that still has troops (None: EC or nobody)."""
        st = self.stacks.get(k)
        if not st:
            return None
        s = st[0]["s"]
        return None if s < 0 else int(s)

    def ec_at(self, k: str) -> Entry | None:
        for e in self.stacks.get(k, ()):
            if e["s"] < 0:
                return e
        return None

    def mine(self, k: str, seat: int) -> Entry | None:
        for e in self.stacks.get(k, ()):
            if e["s"] == seat:
                return e
        return None

    def hexes_of(self, seat: int) -> list[str]:
        return sorted(k for k, st in self.stacks.items() if any(e["s"] == seat for e in st))

    def troop_count(self, seat: int) -> tuple[int, int]:
        g = gg = 0
        for st in self.stacks.values():
            for e in st:
                if e["s"] == seat:
                    g += e["g"]
                    gg += e["gg"]
        return g, gg

    def strength_order_value(self, seat: int) -> int:
        """Troops for the order of play: a Goret counts 1, a Gros Gruik 2."""
        g, gg = self.troop_count(seat)
        return g + 2 * gg

    def add_troops(self, k: str, seat: int, g: int, gg: int, moved: bool = False) -> None:
        """Troops land on `k`: with the seat's own entry there, or as a new arrival at the top of the pile."""
        if g == 0 and gg == 0:
            return
        e = self.mine(k, seat)
        if e is None:
            e = entry(seat)
            self.stack(k).append(e)
        e["g"] += g
        e["gg"] += gg
        if moved:
            e["mg"] += g
            e["mgg"] += gg

    def tidy(self, k: str) -> None:
        """Drop empty entries (a seat or an EC group with no troops left)."""
        st = self.stacks.get(k)
        if st is None:
            return
        st[:] = [e for e in st if troops(e) > 0]
        for e in st:
            e["mg"] = min(e["mg"], e["g"])
            e["mgg"] = min(e["mgg"], e["gg"])
        if not st:
            del self.stacks[k]

    def kill(self, k: str, e: Entry, gorets: int, gros: int) -> None:
        """Troops die: a seat's return to its reserve (a dead loaned Sourdokoko goes back to the Emperor)."""
        gorets, gros = min(gorets, e["g"]), min(gros, e["gg"])
        e["g"] -= gorets
        e["gg"] -= gros
        if e["s"] >= 0:
            s = e["s"]
            self.reserve[s][0] += gorets
            self.killed[s] += gorets
            if gros and self.imp[s]:
                self.imp[s] = False
                gros -= 1
            self.reserve[s][1] += gros

    def hop_distances(self, start: str, limit: int, passable: Any = None) -> dict[str, int]:
        """Hexes within `limit` steps of `start` across the galaxy (any hex may be crossed)."""
        seen = {start: 0}
        frontier = [start]
        d = 0
        adj = self.adj
        while frontier and d < limit:
            d += 1
            nxt = []
            for k in frontier:
                for n in adj[k]:
                    if n not in seen:
                        seen[n] = d
                        nxt.append(n)
            frontier = nxt
        return seen
