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
    from .rules import KrollPrumni, Ship

#: What destroying (or damaging) a ship is worth to the bot.
VALUE = {"colonisator": 6.0, "fixed": 5.0, "cruiser": 3.0, "mobile": 3.0, "fighter": 1.0}
#: A short ISMCTS lends the heuristic's choice this many extra visits (see core.bots.ismcts).
PRIOR_VISITS = 40


def fire_value(g: KrollPrumni, target: Ship, need: int) -> float:
    chance = (7 - need) / 6
    left = TYPES[target.kind].threshold - target.hits
    prize = VALUE[target.kind] * (2.0 if left == 1 else 1.0 / left ** 0.5)
    return chance * prize


def free_planets(g: KrollPrumni) -> list[Hex]:
    return [p for p in g.gm.planets if g.base_at(p) is None]


def danger(g: KrollPrumni, cells: tuple[Hex, ...], seat: int) -> float:
    """How many enemy guns can reach these hexes next turn (ranges plus a move; lines of fire ignored)."""
    d = 0.0
    for e in g.ships.values():
        if e.seat == seat or not e.on_map() or e.kind not in ("mobile", "cruiser", "fighter"):
            continue
        reach = e.type.range + (e.type.move if e.kind != "mobile" else 0)
        if any(hx.distance(c, x) <= reach for c in cells for x in e.cells()):
            d += 1.0 if e.kind != "fighter" else 0.3
    return d


def dock_planets(g: KrollPrumni, cells: tuple[Hex, ...]) -> list[Hex]:
    """Free, present planets both hexes of a colonisator at `cells` touch."""
    near = [set(hx.neighbors(c)) for c in cells]
    return [p for p in free_planets(g) if g.gm.planets[p] != g.absent and all(p in n for n in near)]


def nearest(cells: tuple[Hex, ...], goals: list[Hex]) -> int:
    if not goals:
        return 0
    return min(hx.distance(c, p) for c in cells for p in goals)


def own_bases(g: KrollPrumni, seat: int) -> list[Ship]:
    return [b for b in g.ships.values() if b.kind == "mobile" and b.seat == seat and b.on_map() and b.hits == 0]


def next_to_base(g: KrollPrumni, cells: tuple[Hex, ...], seat: int) -> bool:
    near = geo.adjacent_cells(g.gm, cells)
    return any(c in near for b in own_bases(g, seat) for c in b.cells())


def enemies(g: KrollPrumni, seat: int, kinds: tuple[str, ...] | None = None) -> list[Hex]:
    return [c for e in g.ships.values() if e.seat != seat and e.on_map() and (kinds is None or e.kind in kinds)
            for c in e.cells()]


def move_score(g: KrollPrumni, s: Ship, cells: tuple[Hex, ...]) -> float:
    """How good it is for ship `s` to stand on `cells` at the end of its move (higher is better)."""
    seat = s.seat
    if s.kind == "colonisator":
        if s.hits:
            return (20.0 if next_to_base(g, cells, seat) else 0.0) - nearest(cells, [c for b in own_bases(g, seat)
                                                                                    for c in b.cells()])
        if dock_planets(g, cells):
            return 100.0 - danger(g, cells, seat)
        goals = [p for p in free_planets(g)]
        return -2.0 * nearest(cells, goals) - 1.5 * danger(g, cells, seat)
    if s.kind in ("cruiser", "mobile"):
        if s.hits and s.kind == "cruiser" and own_bases(g, seat):
            return (20.0 if next_to_base(g, cells, seat) else 0.0) - nearest(cells, [c for b in own_bases(g, seat)
                                                                                    for c in b.cells()])
        prey = enemies(g, seat, ("colonisator", "fixed", "cruiser"))
        own_cols = [c for o in g.ships.values() if o.seat == seat and o.kind == "colonisator" and o.on_map()
                    for c in o.cells()]
        want = s.type.range // 2 if s.kind == "cruiser" else s.type.range - 3
        d_prey = nearest(cells, prey) if prey else 0
        score = -abs(d_prey - want) if prey else -nearest(cells, free_planets(g)) * 0.5
        if own_cols:
            score -= 0.5 * max(0, nearest(cells, own_cols) - 3)  # screen the colonisators
        if s.kind == "mobile":
            score -= 0.7 * danger(g, cells, seat)
        return score
    # Fighters: close in on the best prey (a hit needs point-blank range).
    prey = enemies(g, seat, ("colonisator", "cruiser", "fixed", "mobile")) or enemies(g, seat)
    if not prey:
        return -nearest(cells, free_planets(g)) * 0.3
    return -abs(nearest(cells, prey) - 1) - 0.2 * danger(g, cells, seat)


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
    if s.hyper:
        exits = g.exits(s)
        if not exits:
            return None
        h, d = min(exits, key=lambda x: -move_score(g, s, geo.cells_of(s.kind, x[0], x[1])))
        return (1.0, {"type": "exit", "to": [h[0], h[1]], "dir": d})
    dests = g.destinations(s)
    if not dests and not g.boardings(s):
        return None
    here = s.cells() if s.carried_by is None else g.ships[s.carried_by].cells()
    stay = move_score(g, s, here) if s.carried_by is None else None
    best_move: tuple[float, Action] | None = None
    for (h, d) in dests:
        cells = geo.cells_of(s.kind, h, d)
        v = move_score(g, s, cells)
        if best_move is None or v > best_move[0]:
            a: Action = {"type": "move", "to": [h[0], h[1]]}
            if d is not None:
                a["dir"] = d
            best_move = (v, a)
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

    def score(a: Action) -> float:
        if "on" in a:
            return 1000.0  # fighters ride on the new cruiser
        h = Hex(*a["to"])
        return -nearest((h,), goals)

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
