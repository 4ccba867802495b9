"""A square grid of tiles with connectors on their four sides, and rotation (ship boards).

Cells are `(row, col)`, rows growing downwards. Sides: `N=0, E=1, S=2, W=3` (clockwise). A tile's connectors
are four small integers, one per side, given at rotation 0; a rotation `r` (0..3) turns the tile `r` quarter
turns clockwise, so the connector printed on side `s` ends on side `(s + r) % 4`.

Connector kinds (the usual « tuyaux » of a spaceship board): `SMOOTH` (no connector), `SINGLE`, `DOUBLE`,
`UNIVERSAL`. Two touching sides form a joint that is `OPEN` (both smooth: touching, not joined), `JOINED`
(single–single, double–double, universal–anything but smooth) or `BAD` (a connector against a smooth side, or
single against double).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

Cell = tuple[int, int]

N, E, S, W = 0, 1, 2, 3
SIDES = (N, E, S, W)
#: (d_row, d_col) of the neighbour across each side.
STEP: tuple[Cell, ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))
SIDE_NAMES = ("N", "E", "S", "W")

SMOOTH, SINGLE, DOUBLE, UNIVERSAL = 0, 1, 2, 3
OPEN, JOINED, BAD = "open", "joined", "bad"

# The joint table, indexed [a][b] for connectors a and b that touch.
_JOINT = (
    (OPEN, BAD, BAD, BAD),
    (BAD, JOINED, BAD, JOINED),
    (BAD, BAD, JOINED, JOINED),
    (BAD, JOINED, JOINED, JOINED),
)
#: Whether connectors a and b join, flattened: `_JOINS[4 * a + b]`.
_JOINS = tuple(_JOINT[a][b] == JOINED for a in range(4) for b in range(4))
#: Whether connectors a and b make a bad joint, flattened the same way.
_BADS = tuple(_JOINT[a][b] == BAD for a in range(4) for b in range(4))
#: Per cell, its four neighbours (N, E, S, W), computed once: the hot loops below read this table.
_AROUND: dict[Cell, tuple[Cell, Cell, Cell, Cell]] = {}


def around(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The neighbours of `cell` across N, E, S and W (a shared table: each cell's tuple is built once)."""
    got = _AROUND.get(cell)
    if got is None:
        r, c = cell
        got = _AROUND[cell] = ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1))
    return got


def opposite(side: int) -> int:
    return (side + 2) % 4


def turn(side: int, r: int) -> int:
    """The side where printed side `side` lies once the tile is turned `r` quarter turns clockwise."""
    return (side + r) % 4


def neighbor(cell: Cell, side: int) -> Cell:
    dr, dc = STEP[side]
    return (cell[0] + dr, cell[1] + dc)


def neighbors(cell: Cell) -> list[Cell]:
    return [neighbor(cell, s) for s in SIDES]


def rotate(connectors: Sequence[int], r: int) -> tuple[int, int, int, int]:
    """The connectors (N, E, S, W) of a tile printed with `connectors` and turned `r` quarter turns clockwise."""
    r %= 4
    c = connectors
    return (c[(0 - r) % 4], c[(1 - r) % 4], c[(2 - r) % 4], c[(3 - r) % 4])


def joint(a: int, b: int) -> str:
    """How two touching connectors meet: OPEN, JOINED or BAD."""
    return _JOINT[a][b]


def side_joint(cell: Cell, side: int, conn: Callable[[Cell], Sequence[int] | None]) -> str | None:
    """The joint on `side` of `cell` given `conn(cell)` (rotated connectors, None: empty); None if no neighbour."""
    mine = conn(cell)
    other = conn(neighbor(cell, side))
    if mine is None or other is None:
        return None
    return _JOINT[mine[side]][other[opposite(side)]]


def exposed(cells: Mapping[Cell, Sequence[int]]) -> int:
    """How many connectors of the tiles in `cells` (cell → rotated connectors) face no tile."""
    n = 0
    table = _AROUND
    for cell, conn in cells.items():
        nb = table.get(cell) or around(cell)
        for side in SIDES:
            if conn[side] and nb[side] not in cells:
                n += 1
    return n


def bad_joints(cells: Mapping[Cell, Sequence[int]]) -> list[tuple[Cell, Cell]]:
    """Every pair of touching tiles whose joint is BAD (each pair once, the north/west one first)."""
    out = []
    table, bads, get = _AROUND, _BADS, cells.get
    for cell, conn in cells.items():
        nb = table.get(cell) or around(cell)
        east = nb[E]
        oc = get(east)
        if oc is not None and bads[4 * conn[E] + oc[W]]:
            out.append((cell, east))
        south = nb[S]
        oc = get(south)
        if oc is not None and bads[4 * conn[S] + oc[N]]:
            out.append((cell, south))
    return out


def joined_neighbors(cells: Mapping[Cell, Sequence[int]], cell: Cell) -> list[Cell]:
    """The tiles joined to `cell` by a legal connection."""
    conn = cells[cell]
    nb = _AROUND.get(cell) or around(cell)
    out = []
    for side in SIDES:
        other = nb[side]
        oc = cells.get(other)
        if oc is not None and _JOINS[4 * conn[side] + oc[(side + 2) & 3]]:
            out.append(other)
    return out


def _grow(cells: Mapping[Cell, Sequence[int]], seen: set[Cell], todo: list[Cell]) -> None:
    """Add to `seen` every tile joined through legal joints to the tiles of `todo` (already in `seen`)."""
    table, joins, get = _AROUND, _JOINS, cells.get
    while todo:
        c = todo.pop()
        conn = cells[c]
        nb = table.get(c) or around(c)
        for side in SIDES:
            a = conn[side]
            if not a:
                continue
            o = nb[side]
            if o in seen:
                continue
            oc = get(o)
            if oc is not None and joins[4 * a + oc[(side + 2) & 3]]:
                seen.add(o)
                todo.append(o)


def flood(cells: Mapping[Cell, Sequence[int]], start: Iterable[Cell]) -> set[Cell]:
    """Every tile reachable from `start` through legal joints."""
    seen = {c for c in start if c in cells}
    _grow(cells, seen, list(seen))
    return seen


def parts(cells: Mapping[Cell, Sequence[int]]) -> list[list[Cell]]:
    """The pieces of a ship: tiles grouped by legal joints, each sorted, largest piece first (then by cell)."""
    out = []
    done: set[Cell] = set()
    for first in sorted(cells):  # each piece is found from its smallest cell
        if first in done:
            continue
        piece = {first}
        _grow(cells, piece, [first])
        done |= piece
        out.append(sorted(piece))
    if len(out) > 1:
        out.sort(key=lambda p: (-len(p), p[0]))
    return out


def ray(cells: Iterable[Cell], side: int, line: int) -> list[Cell]:
    """The tiles met by a projectile coming from `side` along row (from E/W) or column (from N/S) `line`,
    in the order it meets them."""
    if side in (N, S):
        hit = [c for c in cells if c[1] == line]
        hit.sort(key=lambda c: c[0], reverse=side == S)
    else:
        hit = [c for c in cells if c[0] == line]
        hit.sort(key=lambda c: c[1], reverse=side == E)
    return hit


def parse_rows(rows: Iterable[str], first_row: int = 0, first_col: int = 0) -> list[Cell]:
    """Cells marked by any character but '.' or a space in a picture of the grid (one string per row)."""
    out = []
    for i, line in enumerate(rows):
        for j, ch in enumerate(line):
            if ch not in ". ":
                out.append((first_row + i, first_col + j))
    return out


__all__ = [
    "BAD",
    "DOUBLE",
    "JOINED",
    "OPEN",
    "SIDES",
    "SIDE_NAMES",
    "SINGLE",
    "SMOOTH",
    "STEP",
    "UNIVERSAL",
    "Cell",
    "E",
    "N",
    "S",
    "W",
    "around",
    "bad_joints",
    "exposed",
    "flood",
    "joined_neighbors",
    "joint",
    "neighbor",
    "neighbors",
    "opposite",
    "parse_rows",
    "parts",
    "ray",
    "rotate",
    "side_joint",
    "turn",
]
