"""Hand-made positions for Kroll & Prumni's tests: a small map written as rows, ships put where a test wants."""
from __future__ import annotations

from typing import Any

from cosmoludo.core import hexgrid as hx
from cosmoludo.core.flow import Ask
from cosmoludo.core.hexgrid import Hex
from cosmoludo.games.kroll_prumni import KrollPrumni
from cosmoludo.games.kroll_prumni.data import GameMap
from cosmoludo.games.kroll_prumni.rules import Ship


def small_map(rows: list[str]) -> GameMap:
    """A map from rows of tokens (pointy-top, odd rows shifted right: core.hexgrid's "odd-r")."""
    return GameMap(dict(hx.parse_rows(rows)), [])


def axial_map(width: int = 20, height: int = 15, tokens: dict[Hex, str] | None = None) -> GameMap:
    """An empty map `width` × `height` (odd-r rows) with tokens at axial hexes."""
    rows = [["-"] * width for _ in range(height)]
    for h, tok in (tokens or {}).items():
        col, row = hx.to_offset(h)
        rows[row][col] = tok
    return small_map([" ".join(r) for r in rows])


def open_map(width: int = 20, height: int = 15, **tokens: Any) -> GameMap:
    """An empty map `width` × `height`, with tokens put on some hexes: P_y=[(col,row), …] style keywords
    (the keyword is the token with its underscore removed: P_y → Py)."""
    rows = [["-"] * width for _ in range(height)]
    for key, where in tokens.items():
        for col, row in where:
            rows[row][col] = key.replace("_", "")
    return small_map([" ".join(r) for r in rows])


def at(col: int, row: int) -> Hex:
    return hx.from_offset(col, row)


def position(gm: GameMap, absent: str | None = None, seat: int = 0, seed: int = 1) -> KrollPrumni:
    """A game on `gm` with no ship yet, in `seat`'s moves-and-fire phase of turn 1."""
    g = KrollPrumni(2, {}, seed)
    g.gm = gm
    g.ships = {}
    g.next_id = 1
    g.absent = absent
    g.order = [seat, 1 - seat]
    g.current = 0
    g.asks = [Ask("orders", [seat], {"sel": None})]
    g.phase = "player_end"
    return g


def begin(g: KrollPrumni, seat: int = 0) -> None:
    """Start `seat`'s moves and fire again (a new phase: ships fresh, repairs noted)."""
    g.order = [seat, 1 - seat]
    g.asks = [Ask("orders", [seat], {"sel": None})]
    g.begin_phase(seat)


def put(g: KrollPrumni, seat: int, kind: str, head: Hex, heading: int | None = None, hits: int = 0) -> Ship:
    s = g._new_ship(seat, kind, head, heading)
    s.hits = hits
    return s


def carry(g: KrollPrumni, cruiser: Ship) -> Ship:
    f = g._new_ship(cruiser.seat, "fighter", cruiser.head, None)
    f.carried_by = cruiser.id
    cruiser.cargo.append(f.id)
    g.touch()
    return f


def do(g: KrollPrumni, seat: int, *actions: dict[str, Any]) -> None:
    for a in actions:
        g.apply(seat, a)
