"""A Kroll & Prumni bot that plays like a sensible admiral: it colonises, screens its colonisators with its warships,
focuses its fire where the hit chance and the prize are best, and sends damaged ships to a mobile base to be
repaired. It works one ship at a time, like the page: pick a ship that has something worth doing, do it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import hexgrid as hx
from ...core.hexgrid import Hex
from ...core.rng import Rng
from ...core.state import Action
from . import geometry as geo
from .data import TYPES

if TYPE_CHECKING:
    from .rules import KrollPrumniRules as KrollPrumni
    from .rules import Ship

#: What destroying (or damaging) a ship is worth to the bot.
VALUE = {"colonisator": 6.0, "fixed": 5.0, "cruiser": 3.0, "mobile": 3.0, "fighter": 1.0}
#: A short ISMCTS lends the heuristic's choice this many extra visits (see core.bots.ismcts).
PRIOR_VISITS = 150


def fire_value(g: KrollPrumni, target: Ship, need: int) -> float:
    chance = (7 - need) / 6
    left = TYPES[target.kind].threshold - target.hits
    prize = VALUE[target.kind] * (2.0 if left == 1 else 1.0 / left ** 0.5)
    return chance * prize


def free_planets(g: KrollPrumni) -> list[Hex]:
    return [p for p in g.gm.planets if g.base_at(p) is None]


_CENTRES: dict[int, tuple[int, int]] = {}


def own_frame(g: KrollPrumni, seat: int, h: Hex, d: int | None = None) -> tuple[int, int, int]:
    """A hex (and heading) as `seat` sees the map: yellow as it is, red turned half round the map's centre. Equal
    scores are settled by the larger of these, so that both companies settle them alike (with the first in list
    order, red won 15 of 20 heuristic-against-heuristic games on the symmetric map)."""
    key = id(g.gm)
    c = _CENTRES.get(key)
    if c is None:
        qs = [x.q for x in g.gm.cells]
        rs = [x.r for x in g.gm.cells]
        c = _CENTRES[key] = (min(qs) + max(qs), min(rs) + max(rs))
    if seat == 0:
        return (h[0], h[1], -1 if d is None else d)
    return (c[0] - h[0], c[1] - h[1], -1 if d is None else (d + 3) % 6)


class Ctx:
    """What the bot looks up for one seat in one position, computed once: distance fields over the map (the
    distance from every hex to the nearest goal of a kind) and the danger of every hex."""

    def __init__(self, g: KrollPrumni, seat: int) -> None:
        self.g, self.seat = g, seat
        cells = list(g.gm.cells)
        self.cells = cells
        foes = [e for e in g.ships.values() if e.seat != seat and e.on_map()]
        own = [o for o in g.ships.values() if o.seat == seat and o.on_map()]
        self.free = free_planets(g)
        present_free = {p for p in self.free if g.gm.planets[p] != g.absent}
        # Hex → the free present planets it touches (a colonisator docks when both its hexes touch the same one).
        self.touching: dict[Hex, set[Hex]] = {}
        for p in present_free:
            for n in hx.neighbors(p):
                self.touching.setdefault(n, set()).add(p)
        bases = [b for b in own if b.kind == "mobile" and b.hits == 0]
        self.base_cells = [c for b in bases for c in b.cells()]
        self.near_base = {n for c in self.base_cells for n in hx.neighbors(c)} - set(self.base_cells)
        self.prey = [c for e in foes if e.kind in ("colonisator", "fixed", "cruiser") for c in e.cells()]
        self.any_prey = [c for e in foes if e.kind in ("colonisator", "cruiser", "fixed", "mobile")
                         for c in e.cells()] or [c for e in foes for c in e.cells()]
        self.own_cols = [c for o in own if o.kind == "colonisator" for c in o.cells()]
        guns = [(e.cells(), e.type.range + (e.type.move if e.kind != "mobile" else 0), 1.0 if e.kind != "fighter"
                 else 0.3) for e in foes if e.kind in ("mobile", "cruiser", "fighter")]
        self.danger: dict[Hex, float] = {}
        for h in cells:
            d = 0.0
            for ecells, reach, w in guns:
                if any(hx.distance(h, x) <= reach for x in ecells):
                    d += w
            self.danger[h] = d
        self._fields: dict[str, dict[Hex, int]] = {}

    def field(self, name: str) -> dict[Hex, int]:
        got = self._fields.get(name)
        if got is None:
            goals = {"free": self.free, "bases": self.base_cells, "prey": self.prey, "any_prey": self.any_prey,
                     "own_cols": self.own_cols}[name]
            got = {h: (min(hx.distance(h, x) for x in goals) if goals else 0) for h in self.cells}
            self._fields[name] = got
        return got

    def near(self, name: str, cells: tuple[Hex, ...]) -> int:
        f = self.field(name)
        return min(f.get(c, 99) for c in cells)

    def risk(self, cells: tuple[Hex, ...]) -> float:
        return max(self.danger.get(c, 0.0) for c in cells)

    def docks(self, cells: tuple[Hex, ...]) -> bool:
        sets = [self.touching.get(c) for c in cells]
        return all(sets) and bool(set.intersection(*sets))  # type: ignore[arg-type]


_CACHE: dict[str, Any] = {"key": None, "ctx": None}


def context(g: KrollPrumni, seat: int) -> Ctx:
    """The Ctx of this position (reused while only the selection changes: ships, hits and the disc are the key)."""
    key = (id(g), seat, g.absent, tuple((s.id, s.head, s.heading, s.hits, s.carried_by, s.hyper)
                                        for s in g.ships.values()))
    if _CACHE["key"] != key:
        _CACHE["key"], _CACHE["ctx"] = key, Ctx(g, seat)
    ctx: Ctx = _CACHE["ctx"]
    return ctx


def move_score(g: KrollPrumni, s: Ship, cells: tuple[Hex, ...], ctx: Ctx | None = None) -> float:
    """How good it is for ship `s` to stand on `cells` at the end of its move (higher is better)."""
    c = ctx if ctx is not None else context(g, s.seat)
    if s.kind == "colonisator":
        if s.hits and c.base_cells:
            return (20.0 if any(x in c.near_base for x in cells) else 0.0) - c.near("bases", cells)
        if c.docks(cells):
            return 100.0 - c.risk(cells)
        return -2.0 * c.near("free", cells) - 1.5 * c.risk(cells)
    if s.kind in ("cruiser", "mobile"):
        if s.hits and s.kind == "cruiser" and c.base_cells:
            return (20.0 if any(x in c.near_base for x in cells) else 0.0) - c.near("bases", cells)
        want = s.type.range // 2 if s.kind == "cruiser" else s.type.range - 3
        score = -abs(c.near("prey", cells) - want) if c.prey else -c.near("free", cells) * 0.5
        if c.own_cols:
            score -= 0.5 * max(0, c.near("own_cols", cells) - 3)  # screen the colonisators
        if s.kind == "mobile":
            score -= 0.7 * c.risk(cells)
        return score
    # Fighters: close in on the best prey (a hit needs point-blank range).
    if not c.any_prey:
        return -c.near("free", cells) * 0.3
    return -abs(c.near("any_prey", cells) - 1) - 0.2 * c.risk(cells)


def plan(g: KrollPrumni, s: Ship) -> tuple[float, Action] | None:
    """The best thing for ship `s` to do now with its value, or None when it had better do nothing."""
    best: tuple[float, Action] | None = None
    for tid, _, need in g.targets(s):
        v = fire_value(g, g.ships[tid], need)
        if v >= 0.15 and (best is None or v + 10 > best[0]):
            best = (v + 10, {"type": "fire", "target": tid})
    if best is not None:
        return best
    if s.kind in ("cruiser", "colonisator") and s.id in g.repair_start and s.hits and not s.acted:
        return None  # stay still for the repair
    ctx = context(g, s.seat)
    if s.hyper:
        exits = g.exits(s)
        if not exits:
            return None
        eh, ed = max(exits, key=lambda x: (move_score(g, s, geo.cells_of(s.kind, x[0], x[1]), ctx),
                                           own_frame(g, s.seat, x[0], x[1])))
        return (1.0, {"type": "exit", "to": [eh[0], eh[1]], "dir": ed})
    dests = g.destinations(s)
    if not dests and not g.boardings(s):
        return None
    here = s.cells() if s.carried_by is None else g.ships[s.carried_by].cells()
    stay = move_score(g, s, here, ctx) if s.carried_by is None else None
    best_move: tuple[float, Action] | None = None
    best_key: tuple[float, tuple[int, int, int]] | None = None
    for (h, d) in dests:
        cells = geo.cells_of(s.kind, h, d)
        v = move_score(g, s, cells, ctx)
        k = (v, own_frame(g, s.seat, h, d))
        if best_key is None or k > best_key:
            a: Action = {"type": "move", "to": [h[0], h[1]]}
            if d is not None:
                a["dir"] = d
            best_move, best_key = (v, a), k
    if best_move is None:
        return None
    if s.carried_by is not None:
        # A carried fighter leaves only when an enemy is close enough to be worth it.
        if best_move[0] < -2:
            return None
        return (best_move[0], best_move[1])
    if stay is not None and best_move[0] <= stay + 0.25:
        return None
    return best_move


def order_action(g: KrollPrumni, seat: int, legal: list[Action]) -> Action:
    ask = g.asks[0]
    sel = ask.data.get("sel")
    if sel is not None:
        got = plan(g, g.ships[sel])
        if got is not None and got[1] in legal:
            return got[1]
        return {"type": "deselect"}
    best: tuple[float, int] | None = None
    for a in legal:
        if a["type"] != "select":
            continue
        s = g.ships[a["ship"]]
        got = plan(g, s)
        if got is None:
            continue
        # Fire first (the best shot), then colonisators, then the rest in a fixed order.
        prio = got[0] + (5.0 if s.kind == "colonisator" else 0.0) + (2.0 if s.kind == "mobile" else 0.0)
        if best is None or prio > best[0]:
            best = (prio, s.id)
    if best is None:
        return {"type": "end"}
    return {"type": "select", "ship": best[1]}


def produce_action(g: KrollPrumni, seat: int, legal: list[Action]) -> Action:
    options = {a["option"] for a in legal}
    cols = sum(1 for s in g.ships.values() if s.seat == seat and s.kind == "colonisator")
    if "colonisator" in options and cols < 3 and free_planets(g):
        return {"type": "produce", "option": "colonisator"}
    if "cruiser" in options and (g.turn % 2 == 0 or "fighters" not in options):
        return {"type": "produce", "option": "cruiser"}
    if "fighters" in options:
        return {"type": "produce", "option": "fighters"}
    return legal[0]


def place_action(g: KrollPrumni, seat: int, legal: list[Action]) -> Action:
    goals = free_planets(g) or list(g.gm.planets)

    def score(a: Action) -> tuple[float, tuple[int, int, int]]:
        if "on" in a:
            head = g.ships[a["on"]].head
            assert head is not None
            return 1000.0, own_frame(g, seat, head)  # fighters ride on the new cruiser
        h = Hex(*a["to"])
        return -min(hx.distance(h, p) for p in goals), own_frame(g, seat, h, a.get("dir"))

    return max(legal, key=score)


def heuristic_action(g: Any, seat: int, rng: Rng) -> Action:
    legal = g.legal_actions(seat)
    kind = g.asks[0].kind
    if kind == "produce":
        return produce_action(g, seat, legal)
    if kind == "place":
        return place_action(g, seat, legal)
    return order_action(g, seat, legal)


def progress(g: KrollPrumni, seat: int) -> float:
    """A rough standing in [0, 1]: planets and their health first, then the fleet."""
    planets = sum(4 - b.hits for b in g.ships.values() if b.kind == "fixed" and b.seat == seat) / 32
    fleet = sum(VALUE[s.kind] * (1 - s.hits / TYPES[s.kind].threshold) for s in g.ships.values()
                if s.seat == seat and s.kind != "fixed") / 80
    return min(1.0, 0.8 * planets + 0.2 * min(fleet, 1.0))
