"""Kroll & Prumni's geometry on the map: two-hex ships, where a ship may move this turn, lines of fire.

Pure functions of the map, the absent colour and an occupancy: the rules module calls them, the tests call them on
hand-made maps.
"""
from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from typing import Any

from ...core import hexgrid as hx
from ...core.hexgrid import DIRECTIONS, Hex
from .data import TYPES, GameMap

#: How a line of fire running exactly along the edge between two hexes is settled: it is blocked only when BOTH
#: hexes block it (the line slips between a planet and empty space). One rule, used everywhere.
EDGE_RULE = "both"


def tail_of(head: Hex, heading: int) -> Hex:
    """The tail of a two-hex ship whose head is `head` and points along `heading`."""
    dq, dr = DIRECTIONS[heading]
    return Hex(head[0] - dq, head[1] - dr)


def cells_of(kind: str, head: Hex, heading: int | None) -> tuple[Hex, ...]:
    if TYPES[kind].hexes == 2:
        assert heading is not None
        return (head, tail_of(head, heading))
    return (head,)


def step(h: Hex, d: int, k: int = 1) -> Hex:
    dq, dr = DIRECTIONS[d]
    return Hex(h[0] + dq * k, h[1] + dr * k)


# ---- movement ----------------------------------------------------------------------------------------------
#: A destination of a move: (head, heading), with the path that reaches it as (heading before the turn, hexes
#: moved before the turn, heading after it, hexes moved after it).
Route = tuple[int, int, int, int]


def two_hex_moves(gm: GameMap, blocked: frozenset[Hex], head: Hex, heading: int, allowance: int,
                  turns: int, stop: Callable[[Hex, Hex], bool] | None = None) -> dict[tuple[Hex, int], Route]:
    """Every position a two-hex ship may end in (its start excluded), with one route to it.

    The ship moves head first along its heading; with `turns` = 1 it may change heading once — at the start, in
    the middle or at the end of its move — pivoting on its head (the pivot costs no movement); with `turns` = 0
    (a mobile base) it keeps its heading but may slide in a straight line in any of the six directions. Every
    position on the way must be on the map and clear of `blocked`; ships on the way do not matter here.
    With `stop` (head, tail → bool), the search ends at the first position it accepts (« is there any move? »).
    """
    adj = gm.adj
    out: dict[tuple[Hex, int], Route] = {}

    def tail_ok(h: Hex, d: int) -> Hex | None:
        """The tail of a ship whose head `h` (on the map, clear) points along `d`, when it is on the map and clear."""
        t = adj[h][(d + 3) % 6]
        return t if t is not None and t not in blocked else None

    if turns == 0:
        tail0 = adj[head][(heading + 3) % 6]
        if tail0 is None:
            return out
        for d in range(6):
            h: Hex | None = head
            t: Hex | None = tail0
            for k in range(1, allowance + 1):
                h = adj[h][d]  # type: ignore[index]
                t = adj[t][d]  # type: ignore[index]
                if h is None or t is None or h in blocked or t in blocked:
                    break
                out.setdefault((h, heading), (d, k, d, 0))
                if stop is not None and stop(h, t):
                    return {(h, heading): (d, k, d, 0)}
        return out
    # Straight run before the turn.
    run = [head]
    h = head
    for _ in range(allowance):
        nxt = adj[h][heading]
        if nxt is None or nxt in blocked or tail_ok(nxt, heading) is None:
            break
        h = nxt
        run.append(h)
    for a, h in enumerate(run):
        if a:
            out.setdefault((h, heading), (heading, a, heading, 0))
            if stop is not None and stop(h, adj[h][(heading + 3) % 6]):  # type: ignore[arg-type]
                return {(h, heading): (heading, a, heading, 0)}
        if turns < 1 or h in blocked:
            continue
        for d in range(6):
            if d == heading:
                continue
            t = tail_ok(h, d)
            if t is None:
                continue
            out.setdefault((h, d), (heading, a, d, 0))
            if stop is not None and stop(h, t):
                return {(h, d): (heading, a, d, 0)}
            g = h
            for b in range(1, allowance - a + 1):
                nxt = adj[g][d]
                if nxt is None or nxt in blocked:
                    break
                t = tail_ok(nxt, d)
                if t is None:
                    break
                g = nxt
                out.setdefault((g, d), (heading, a, d, b))
                if stop is not None and stop(g, t):
                    return {(g, d): (heading, a, d, b)}
    return out


def fighter_moves(gm: GameMap, blocked: frozenset[Hex], starts: Iterable[Hex], allowance: int) -> dict[Hex, int]:
    """Hexes a fighter reaches from `starts` in at most `allowance` steps, changing heading at will, through
    hexes on the map and clear of `blocked` (its start may be its planet or a platform: it only leaves it)."""
    nbrs = gm.nbrs
    seen: dict[Hex, int] = {}
    frontier = []
    for s in starts:
        seen[s] = 0
        frontier.append(s)
    for k in range(1, allowance + 1):
        nxt = []
        for h in frontier:
            for n in nbrs[h]:
                if n not in seen and n not in blocked:
                    seen[n] = k
                    nxt.append(n)
        if not nxt:
            break
        frontier = nxt
    return seen


def fighter_reaches(gm: GameMap, blocked: frozenset[Hex], starts: Iterable[Hex], allowance: int, target: Hex) -> bool:
    """Whether `target` is among the hexes `fighter_moves` finds, its starts aside (k > 0), searched for alone: a
    best-first search towards it (A*, the hex distance left as its estimate), which leaves out every hex too far
    from `target` to reach it with the steps left and stops once it is met."""
    nbrs = gm.nbrs
    seen = set(starts)
    if target in seen or target in blocked:
        return False
    tq, tr = target
    best = dict.fromkeys(seen, 0)  # hex → fewest steps found to it
    heap: list[tuple[int, int, Hex]] = []  # (steps + estimate, -steps, hex): the deepest first among equals
    for h in seen:
        if h in nbrs and hx.distance(h, target) <= allowance:
            heap.append((hx.distance(h, target), 0, h))
    heapq.heapify(heap)
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        _, minus, h = pop(heap)
        if -minus > best[h]:
            continue  # reached in fewer steps since
        k = 1 - minus
        for n in nbrs[h]:
            if n == target:
                return True  # within the allowance: h's estimate (1) fitted in it
            if n in blocked or best.get(n, allowance + 1) <= k:
                continue
            dq, dr = n[0] - tq, n[1] - tr  # hx.distance(n, target), inlined: the search's inner loop
            f = k + ((abs(dq) + abs(dr) + abs(dq + dr)) >> 1)
            if f <= allowance:
                best[n] = k
                push(heap, (f, -k, n))
    return False


def fighter_any(gm: GameMap, blocked: frozenset[Hex], starts: Iterable[Hex], allowance: int,
                free: Callable[[Hex], bool]) -> bool:
    """Whether a fighter from `starts` reaches, within `allowance`, some hex where `free` says it may end."""
    nbrs = gm.nbrs
    seen = set(starts)
    frontier = list(seen)
    for _ in range(allowance):
        nxt = []
        for h in frontier:
            for n in nbrs[h]:
                if n not in seen and n not in blocked:
                    if free(n):
                        return True
                    seen.add(n)
                    nxt.append(n)
        if not nxt:
            return False
        frontier = nxt
    return False


def fighter_paths(gm: GameMap, blocked: frozenset[Hex], starts: Iterable[Hex], allowance: int) -> dict[Hex, Hex | None]:
    """One breadth-first tree from `starts` (hex → the hex it is reached from): every shortest path at once."""
    nbrs = gm.nbrs
    prev: dict[Hex, Hex | None] = {s: None for s in starts}
    frontier = list(prev)
    for _ in range(allowance):
        nxt = []
        for h in frontier:
            for n in nbrs[h]:
                if n not in prev and n not in blocked:
                    prev[n] = h
                    nxt.append(n)
        frontier = nxt
    return prev


def view_path(selected: dict[str, Any], ship: dict[str, Any], move: dict[str, Any]) -> list[list[int]]:
    """The path to one destination of a selection view (rules.selection_view), start first, decoded as the page
    draws it (pathOf in web/games/kroll-et-prumni.js): a fighter's through the view's "tree", a two-hex ship's
    straight from its head (`ship` as in the view's "ships"), turning after `move["turn"]` hexes."""
    to = Hex(*move["to"])
    if move.get("dir") is None:
        tree = selected["tree"]
        back = [to]
        while f"{back[-1][0]},{back[-1][1]}" in tree:
            back.append(step(back[-1], tree[f"{back[-1][0]},{back[-1][1]}"]))
        return [[h[0], h[1]] for h in reversed(back)]
    path = [Hex(*ship["head"])]

    def walk(goal: Hex) -> None:
        n = hx.distance(path[-1], goal)
        if n:
            d = DIRECTIONS.index(Hex((goal[0] - path[-1][0]) // n, (goal[1] - path[-1][1]) // n))
            for _ in range(n):
                path.append(step(path[-1], d))

    if move["turn"] is not None:
        walk(step(path[0], ship["heading"], move["turn"]))
    walk(to)
    return [[h[0], h[1]] for h in path]


# ---- line of fire ----------------------------------------------------------------------------------------------
#: The hexes a line crosses between its end points, by offset from its start: a line only depends on where its end
#: lies from its start (core.hexgrid.line_steps is translation-invariant; tests/test_kroll_rules.py checks it on
#: the map), so the fire rules compute each offset's line once instead of at every shot considered.
_LINES: dict[tuple[int, int], tuple[tuple[tuple[int, int], ...], ...]] = {}


def _line_between(dq: int, dr: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    got = _LINES.get((dq, dr))
    if got is None:
        got = tuple(tuple((h.q, h.r) for h in step) for step in hx.line_steps((0, 0), (dq, dr))[1:-1])
        _LINES[(dq, dr)] = got
    return got


def clear_line(a: Hex, b: Hex, obstacles: frozenset[Hex] | set[Hex]) -> bool:
    """Whether the straight line from the centre of `a` to the centre of `b` crosses no obstacle (planets and
    asteroid barriers present this turn, giant planets). Ships never block. Along an edge: EDGE_RULE (the same
    answer as core.hexgrid.visible, from the cached line of that offset)."""
    q, r = a
    both = EDGE_RULE == "both"
    for step in _line_between(b[0] - q, b[1] - r):
        hits = [(q + x, r + y) in obstacles for x, y in step]
        if all(hits) if both else any(hits):
            return False
    return True


def best_shot(shooter_cells: Iterable[Hex], target_cells: Iterable[Hex], reach: int,
              obstacles: frozenset[Hex] | set[Hex]) -> tuple[int, Hex, Hex] | None:
    """The shortest distance from a hex of the shooter to a hex of the target with a clear line of fire, within
    `reach`, with those two hexes (None: no shot). A two-hex ship may shoot from either hex and be hit on either."""
    pairs = sorted((hx.distance(s, t), s, t) for s in shooter_cells for t in target_cells)
    for d, s, t in pairs:
        if d > reach:
            return None
        if clear_line(s, t, obstacles):
            return d, s, t
    return None


def adjacent_cells(gm: GameMap, cells: Iterable[Hex]) -> set[Hex]:
    own = set(cells)
    out: set[Hex] = set()
    for c in own:
        for n in hx.neighbors(c):
            if n not in own:
                out.add(n)
    return out


def is_free(cells: Iterable[Hex], occupied: Callable[[Hex], bool]) -> bool:
    return not any(occupied(c) for c in cells)
