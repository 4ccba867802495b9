"""Kroll & Prumni's geometry on the map: two-hex ships, where a ship may move this turn, lines of fire.

Pure functions of the map, the absent colour and an occupancy: the rules module calls them, the tests call them on
hand-made maps.
"""
from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

from ...core import hexgrid as hx
from ...core.hexgrid import DIRECTIONS, Hex
from .data import TYPES, GameMap

#: How a line of fire running exactly along the edge between two hexes is settled: it is blocked only when BOTH
#: hexes block it (the line slips between a planet and empty space). One rule, used everywhere (ruling R6). A line
#: through a corner crosses the inside of two of the three hexes there: they block it; the third, only touched,
#: does not.
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
                  turns: int, stop: Callable[[Hex, Hex], bool] | None = None,
                  passable: frozenset[Hex] = frozenset()) -> dict[tuple[Hex, int], Route]:
    """Every position a two-hex ship may end in (its start excluded), with one route to it.

    The ship moves head first along its heading; with `turns` = 1 it may change heading once — at the start, in
    the middle or at the end of its move — pivoting on its head (the pivot costs no movement); with `turns` = 0
    (a mobile base) it keeps its heading but may slide in a straight line in any of the six directions. Every
    position on the way must be on the map and clear of `blocked`; ships on the way do not matter here. The tail
    may cover the hexes of `passable` (the launch platform a new ship's head starts on, Kroll 6: the tail follows
    the head off it), and the head may pivot where it starts on one; the head never enters them. The caller
    drops the positions that end on them.
    With `stop` (head, tail → bool), the search ends at the first position it accepts (« is there any move? »).
    """
    adj = gm.adj
    out: dict[tuple[Hex, int], Route] = {}

    def tail_ok(h: Hex, d: int) -> Hex | None:
        """The tail of a ship whose head `h` (on the map, clear) points along `d`, when it is on the map and clear."""
        t = adj[h][(d + 3) % 6]
        return t if t is not None and (t not in blocked or t in passable) else None

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
                if h is None or t is None or h in blocked or (t in blocked and t not in passable):
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
        if turns < 1 or (h in blocked and h not in passable):  # a new ship pivots on a head resting on a platform
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
# The exact geometry. Hexes are pointy-topped; with the x axis scaled by 2/√3 and the y axis by 2 (an affine map:
# it keeps straight lines, segments, insides and edges), the centre of hex (q, r) is the integer point
# (2q + r, 3r) and its hexagon is { (X, Y) : |X − cx| ≤ 1 and |X − cx| ± (Y − cy) ≤ 2 }, with integer corners: every
# question below is settled in integers, no float.
#: The hexagon's six sides as a·(p − centre) ≤ b, each with the hex beyond it (axial offset).
_SIDES: tuple[tuple[int, int, int, int, int], ...] = (
    (1, 0, 1, 1, 0), (-1, 0, 1, -1, 0), (1, 1, 2, 0, 1), (1, -1, 2, 1, -1), (-1, 1, 2, -1, 1), (-1, -1, 2, 0, -1))


def _meets(cx: int, cy: int, dx: int, dy: int) -> tuple[int, int, int, int, int] | None:
    """How the segment from (0, 0) to (dx, dy) (scaled coordinates) meets the hexagon centred on (cx, cy): None
    when it misses it or only touches one of its points (a corner), else (enters, per, leaves, per, side) — the
    segment is inside the closed hexagon for t in [enters/per, leaves/per] (t = 0 at its start, 1 at its end),
    and `side` is -1 when it crosses the inside, or the index in _SIDES of the side it runs along."""
    lo_n, lo_d, hi_n, hi_d = 0, 1, 1, 1  # t ≥ lo_n/lo_d, t ≤ hi_n/hi_d (denominators > 0)
    along = -1
    for i, (ax, ay, b, _, _) in enumerate(_SIDES):
        num = b + ax * cx + ay * cy   # a·(t·d − c) ≤ b  ⇔  t·(a·d) ≤ b + a·c
        den = ax * dx + ay * dy
        if den == 0:
            if num < 0:
                return None
            if num == 0:
                along = i
        elif den > 0:
            if num * hi_d < hi_n * den:
                hi_n, hi_d = num, den
        elif -num * lo_d > lo_n * -den:
            lo_n, lo_d = -num, -den
    if lo_n * hi_d >= hi_n * lo_d:  # empty, or a single point
        return None
    return lo_n, lo_d, hi_n, hi_d, along


def exact_line(dq: int, dr: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """What can block the straight line from the centre of hex (0, 0) to the centre of hex (dq, dr), in order from
    its start, its two end hexes left out: a hex alone when the line crosses its inside; the two hexes of an edge
    when the line runs along it (then it touches both, crosses neither, and EDGE_RULE settles it). A hex the line
    only touches at a corner is not listed: the line slips past it (the two hexes it crosses on either side of
    that corner are listed)."""
    dx, dy = 2 * dq + dr, 3 * dr
    ds = -dq - dr
    found: list[tuple[int, int, tuple[tuple[int, int], ...]]] = []  # entry t as num, den; the step
    # Every hex the segment touches has each cube coordinate between those of its ends (a point of the hexagon
    # is within 2/3 of its centre in each, and the segment's points lie between its ends); a centre farther from
    # the line than a corner is (3·cross² > 4·|d|², in scaled coordinates) cannot meet it.
    reach = 4 * (3 * dx * dx + dy * dy)
    for q in range(min(0, dq), max(0, dq) + 1):
        for r in range(min(0, dr), max(0, dr) + 1):
            if not min(0, ds) <= -q - r <= max(0, ds) or (q, r) == (0, 0) or (q, r) == (dq, dr):
                continue
            cx, cy = 2 * q + r, 3 * r
            cross = dx * cy - dy * cx
            if 3 * cross * cross > reach:
                continue
            got = _meets(cx, cy, dx, dy)
            if got is None:
                continue
            lo_n, lo_d, _, _, side = got
            if side < 0:
                found.append((lo_n, lo_d, ((q, r),)))
            else:
                _, _, _, oq, or_ = _SIDES[side]
                other = (q + oq, r + or_)
                if (q, r) < other:  # the hex beyond the edge finds the same edge: list the pair once
                    found.append((lo_n, lo_d, ((q, r), other)))
    found.sort(key=lambda f: (Fraction(f[0], f[1]), f[2]))
    return tuple(step for _, _, step in found)


#: Each line by offset from its start, as (the hexes that block it alone, the pairs of hexes that block it together):
#: a line only depends on where its end lies from its start (a translation by whole hexes maps hexes onto hexes),
#: so the fire rules compute each offset's line once instead of at every shot considered.
Line = tuple[tuple[tuple[int, int], ...], tuple[tuple[tuple[int, int], tuple[int, int]], ...]]
_LINES: dict[tuple[int, int], Line] = {}


def _line_between(dq: int, dr: int) -> Line:
    got = _LINES.get((dq, dr))
    if got is None:
        steps = exact_line(dq, dr)
        if EDGE_RULE == "both":
            got = (tuple(st[0] for st in steps if len(st) == 1), tuple((st[0], st[1]) for st in steps if len(st) == 2))
        else:
            got = (tuple(h for st in steps for h in st), ())
        _LINES[(dq, dr)] = got
    return got


def clear_line(a: Hex, b: Hex, obstacles: frozenset[Hex] | set[Hex]) -> bool:
    """Whether the straight line from the centre of `a` to the centre of `b` crosses no obstacle (planets and
    asteroid barriers present this turn, giant planets): no obstacle hex has a point of the line inside it, and
    the line runs along no edge between two obstacles (EDGE_RULE; it slips past a single one, or through a corner).
    The end hexes never block. Ships never block. Exact: see exact_line."""
    q, r = a
    alone, pairs = _line_between(b[0] - q, b[1] - r)
    for x, y in alone:
        if (q + x, r + y) in obstacles:
            return False
    for (x, y), (u, v) in pairs:
        if (q + x, r + y) in obstacles and (q + u, r + v) in obstacles:
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
