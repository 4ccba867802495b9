"""Hexagon geometry in axial coordinates: neighbours, distance, rings, lines of sight, rotation, maps from data.

A hex is a `Hex(q, r)` (a tuple, so it is hashable, ordered, and JSON-encodes as `[q, r]`); the third cube
coordinate is `s = -q - r`. The six directions are numbered 0–5 going round one way, so direction d + 1 is the
next one round and d + 3 the opposite: a ship's heading is one of these numbers. How hexes are drawn (pointy
or flat top) is the page's business; nothing here depends on it except the offset conversions, which say
which layout they read.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple


class Hex(NamedTuple):
    """One hexagon, in axial coordinates."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"


#: The six unit steps, in order round the hexagon: DIRECTIONS[(d + 1) % 6] is next to DIRECTIONS[d].
DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))
ORIGIN = Hex(0, 0)


def add(a: tuple[int, int], b: tuple[int, int]) -> Hex:
    return Hex(a[0] + b[0], a[1] + b[1])


def sub(a: tuple[int, int], b: tuple[int, int]) -> Hex:
    return Hex(a[0] - b[0], a[1] - b[1])


def scale(a: tuple[int, int], k: int) -> Hex:
    return Hex(a[0] * k, a[1] * k)


def neighbor(h: tuple[int, int], d: int) -> Hex:
    """The hex next to `h` in direction `d` (any integer: taken modulo 6)."""
    step = DIRECTIONS[d % 6]
    return Hex(h[0] + step[0], h[1] + step[1])


def neighbors(h: tuple[int, int]) -> list[Hex]:
    q, r = h
    return [Hex(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def direction_to(a: tuple[int, int], b: tuple[int, int]) -> int | None:
    """The direction from `a` to an adjacent `b`, or None when they are not neighbours."""
    d = (b[0] - a[0], b[1] - a[1])
    for i, step in enumerate(DIRECTIONS):
        if step == d:
            return i
    return None


def turn(d: int, k: int) -> int:
    """Direction `d` turned by `k` sixths of a turn (negative: the other way)."""
    return (d + k) % 6


def ring(center: tuple[int, int], radius: int) -> list[Hex]:
    """The hexes at exactly `radius` from `center`, going round from direction 4 × radius (radius 0: the centre)."""
    if radius == 0:
        return [Hex(*center)]
    out = []
    h = add(center, scale(DIRECTIONS[4], radius))
    for d in range(6):
        for _ in range(radius):
            out.append(h)
            h = neighbor(h, d)
    return out


def spiral(center: tuple[int, int], radius: int) -> list[Hex]:
    """The centre, then each complete circle round it out to `radius`: the order of successive-circle placement."""
    out: list[Hex] = []
    for k in range(radius + 1):
        out.extend(ring(center, k))
    return out


def circles_for(n: int) -> int:
    """How many complete circles round a centre hold at least `n` hexes (1 hex: 0 circles, 7: 1, 19: 2…)."""
    k, total = 0, 1
    while total < n:
        k += 1
        total += 6 * k
    return k


def rotate(h: tuple[int, int], k: int, center: tuple[int, int] = ORIGIN) -> Hex:
    """`h` turned round `center` by `k` sixths of a turn, in the direction that takes DIRECTIONS[d] to DIRECTIONS[d+1]."""
    q, r = h[0] - center[0], h[1] - center[1]
    for _ in range(k % 6):
        q, r = q + r, -q  # one sixth round: DIRECTIONS[d] becomes DIRECTIONS[d + 1]
    return Hex(q + center[0], r + center[1])


def reflect_q(h: tuple[int, int]) -> Hex:
    """The mirror image of `h` across the line through the origin along the q axis (s and r swap)."""
    q, r = h
    return Hex(q, -q - r)


# ---- lines ---------------------------------------------------------------------------------
def _round(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


_NUDGE = 1e-6


def line_steps(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[Hex, ...]]:
    """The hexes a straight line from the centre of `a` to the centre of `b` crosses, `a` and `b` included.

    Each step is one hex, or two when the line runs exactly along the edge between them (then it touches
    both, and the game's own rule says whether either or both block it). Computed by sampling the line at
    every hex-width with the end points nudged a hair to each side of the edge.
    """
    n = distance(a, b)
    if n == 0:
        return [(Hex(*a),)]
    out: list[tuple[Hex, ...]] = []
    for i in range(n + 1):
        t = i / n
        fq = a[0] + (b[0] - a[0]) * t
        fr = a[1] + (b[1] - a[1]) * t
        one = _round(fq + _NUDGE, fr + _NUDGE)
        two = _round(fq - _NUDGE, fr - _NUDGE)
        # The nudge along (+1, +1) leaves s−ε·2: it separates lines along any edge direction except
        # those parallel to it; the second pair of nudges catches those.
        three = _round(fq + _NUDGE, fr - 2 * _NUDGE)
        four = _round(fq - _NUDGE, fr + 2 * _NUDGE)
        cells = sorted({one, two, three, four})
        out.append(tuple(cells))
    return out


def line(a: tuple[int, int], b: tuple[int, int]) -> list[Hex]:
    """One hex per step from `a` to `b` (on an edge, the first of the two in coordinate order)."""
    return [step[0] for step in line_steps(a, b)]


def visible(a: tuple[int, int], b: tuple[int, int], blocks: Callable[[Hex], bool],
            edge_rule: str = "both") -> bool:
    """Whether a line from `a` to `b` is free of blocking hexes (the end points themselves never block).

    `edge_rule` settles a line that runs along the edge between two hexes: "both" (blocked only when both
    block: the line can slip between them), or "either" (blocked when one does).
    """
    for step in line_steps(a, b)[1:-1]:
        hits = [blocks(h) for h in step]
        if (all(hits) if edge_rule == "both" else any(hits)):
            return False
    return True


# ---- regions ---------------------------------------------------------------------------------
def rim(cells: Iterable[tuple[int, int]]) -> list[Hex]:
    """The cells of a region that touch its outside (at least one neighbour is not in the region), sorted."""
    region = {Hex(*c) for c in cells}
    return sorted(h for h in region if any(n not in region for n in neighbors(h)))


def flood(start: Iterable[tuple[int, int]], passable: Callable[[Hex], bool],
          max_steps: int | None = None) -> dict[Hex, int]:
    """Every hex reachable from `start` through passable hexes, with its number of steps (breadth first)."""
    seen: dict[Hex, int] = {}
    frontier = []
    for s in start:
        h = Hex(*s)
        seen[h] = 0
        frontier.append(h)
    steps = 0
    while frontier and (max_steps is None or steps < max_steps):
        steps += 1
        nxt = []
        for h in frontier:
            for n in neighbors(h):
                if n not in seen and passable(n):
                    seen[n] = steps
                    nxt.append(n)
        frontier = nxt
    return seen


def connected(cells: Iterable[tuple[int, int]]) -> list[list[Hex]]:
    """The region split into its connected parts (each sorted; parts in order of their smallest hex)."""
    region = {Hex(*c) for c in cells}
    parts: list[list[Hex]] = []
    left = set(region)
    while left:
        part = flood([min(left)], left.__contains__)
        left -= set(part)
        parts.append(sorted(part))
    return sorted(parts)


def circle_slots(placed: Iterable[tuple[int, int]], center: tuple[int, int] = ORIGIN) -> list[Hex]:
    """Where the next hex may go when a board grows in successive complete circles round `center`.

    Nothing placed: the centre. Otherwise the empty hexes of the innermost circle that is not yet complete
    (every hex of circle k touches circle k − 1, so each of them is joined to the board by a side). Sorted.
    """
    have = {Hex(*c) for c in placed}
    if not have:
        return [Hex(*center)]
    k = 0
    while True:
        empty = [h for h in ring(center, k) if h not in have]
        if empty:
            return sorted(empty)
        k += 1


def adjacent_slots(placed: Iterable[tuple[int, int]]) -> list[Hex]:
    """The empty hexes touching a board by a side (free placement: the board only has to stay in one piece)."""
    have = {Hex(*c) for c in placed}
    return sorted({n for h in have for n in neighbors(h) if n not in have})


def band_slots(placed: Iterable[tuple[int, int]], rows: Iterable[int] = (-1, 0, 1),
               first: tuple[int, int] = ORIGIN) -> list[Hex]:
    """Where the next hex may go on a board laid as a band (rows `rows` only, e.g. three hexes thick),
    growing side by side from `first`. Sorted."""
    allowed = set(rows)
    have = {Hex(*c) for c in placed}
    if not have:
        return [Hex(*first)]
    return [h for h in adjacent_slots(have) if h[1] in allowed]


# ---- maps drawn as rows ----------------------------------------------------------------------
def from_offset(col: int, row: int, odd_rows_right: bool = True) -> Hex:
    """Axial coordinates of a cell of a pointy-top map drawn as rows ("odd-r": odd rows shifted right)."""
    shift = (row - (row & 1)) // 2 if odd_rows_right else (row + (row & 1)) // 2
    return Hex(col - shift, row)


def to_offset(h: tuple[int, int], odd_rows_right: bool = True) -> tuple[int, int]:
    """(col, row) of a hex on a pointy-top map drawn as rows; the inverse of `from_offset`."""
    q, r = h
    shift = (r - (r & 1)) // 2 if odd_rows_right else (r + (r & 1)) // 2
    return (q + shift, r)


def parse_rows(rows: Iterable[str], odd_rows_right: bool = True) -> Iterator[tuple[Hex, str]]:
    """The cells of a map written as rows of whitespace-separated tokens ("." for no cell), with their token.

    Row 0 is the top row; column 0 the leftmost token. A plain data file of such rows is a map a player can
    read and correct.
    """
    for row, text in enumerate(rows):
        for col, token in enumerate(text.split()):
            if token != ".":
                yield from_offset(col, row, odd_rows_right), token


__all__ = ["DIRECTIONS", "ORIGIN", "Hex", "add", "adjacent_slots", "band_slots", "circle_slots", "circles_for", "connected", "direction_to", "distance", "flood",
           "from_offset", "line", "line_steps", "neighbor", "neighbors", "parse_rows", "reflect_q", "rim", "ring",
           "rotate", "scale", "spiral", "sub", "to_offset", "turn", "visible"]
