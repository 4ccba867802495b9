"""Kroll & Prumni's material: the ship types (from the rules), and three plain data files a player can correct —
the map (map.txt), the missile fire table (fire-table.txt) and each player's stock of counters (fleet.txt). The
map and the fire table are reconstructions (see shared/rules/DECISIONS.md and the rules page)."""
from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources

from ...core import hexgrid as hx
from ...core.hexgrid import Hex

SEATS = 2
COLOURS = ("y", "r", "b")  # yellow, red, blue: planets, asteroids and the colour discs
DISCS = ("y", "y", "r", "r", "b", "b")
HEADINGS = {"E": 0, "NE": 1, "NW": 2, "W": 3, "SW": 4, "SE": 5}  # hexgrid's directions, pointy-top drawing


@dataclass(frozen=True)
class ShipType:
    """What the rules say about one type of counter (the sheet's « caractéristiques des pions »)."""

    id: str
    hexes: int          # 2: head and tail (cruiser, colonisator, mobile base); 1: fighter, fixed base
    move: int           # hexes per turn
    turns: int          # heading changes per move (-1: any number; 0: never)
    range: int          # missile range (0: does not fire)
    missiles: int       # missiles per turn (-1: one on each ship in range)
    threshold: int      # destroyed at this many explosions
    margin: int         # free hexes it must keep from a present planet
    hyper: bool         # may travel through hyperspace
    carries: int        # fighters it may carry
    fr: str
    en: str
    gender: str = "m"   # the French name's gender (« la base mobile », « le croiseur »)


TYPES: dict[str, ShipType] = {t.id: t for t in (
    ShipType("mobile", 2, 3, 0, 10, -1, 5, 2, False, 0, "base mobile", "mobile base", "f"),
    ShipType("cruiser", 2, 9, 1, 8, 2, 3, 1, True, 2, "croiseur", "cruiser"),
    ShipType("colonisator", 2, 6, 1, 0, 0, 3, 0, True, 0, "colonisator", "colonisator"),
    ShipType("fighter", 1, 12, -1, 4, 1, 1, 0, False, 0, "chasseur", "fighter"),
    ShipType("fixed", 1, 0, 0, 0, 0, 5, 0, False, 0, "base fixe", "fixed base", "f"),
)}
SHOOTERS = ("mobile", "cruiser", "fighter")
#: The move limit of a fighter launched from or recovered by a cruiser in this turn.
LAUNCH_MOVE = 6
#: How many hexes a mobile base starts from the roofs of its giant planet.
ORBIT = 3


def _lines(name: str) -> list[str]:
    text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    return [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]


@dataclass
class GameMap:
    """The map: every hexagon's terrain, and the sets the rules ask about, for each colour that may be absent."""

    cells: dict[Hex, str]
    bases: list[tuple[int, Hex, int]]  # seat, head, heading
    rows: list[list[str]] = field(default_factory=list)
    giant: dict[Hex, int] = field(default_factory=dict)        # construction hex → seat
    platforms: dict[Hex, int] = field(default_factory=dict)    # launch platform → seat
    planets: dict[Hex, str] = field(default_factory=dict)      # small planet → colour
    asteroids: dict[Hex, str] = field(default_factory=dict)    # asteroid barrier hex → colour
    nbrs: dict[Hex, tuple[Hex, ...]] = field(default_factory=dict)
    adj: dict[Hex, tuple[Hex | None, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for h, tok in self.cells.items():
            if tok[0] == "G":
                self.giant[h] = int(tok[1])
            elif tok[0] == "L":
                self.platforms[h] = int(tok[1])
            elif tok[0] == "P":
                self.planets[h] = tok[1]
            elif tok[0] == "A":
                self.asteroids[h] = tok[1]
        self.nbrs = {h: tuple(n for n in hx.neighbors(h) if n in self.cells) for h in self.cells}
        # hex → its neighbour in each direction (None off the map): steps without making new hexes.
        self.adj = {h: tuple(n if n in self.cells else None for n in hx.neighbors(h)) for h in self.cells}
        self._blocked: dict[tuple[str | None, int] | tuple[str, str | None] | tuple[str, str | None, int],
                           frozenset[Hex]] = {}
        self._obstacles: dict[str | None, frozenset[Hex]] = {}

    def present_planets(self, absent: str | None) -> list[Hex]:
        return [h for h, c in self.planets.items() if c != absent]

    def obstacles(self, absent: str | None) -> frozenset[Hex]:
        """Present planets, present asteroids and the giant planets: what a ship may not pass or be next to
        when it enters or leaves hyperspace; the same hexes block a line of fire."""
        got = self._obstacles.get(absent)
        if got is None:
            got = frozenset(self.giant) | {h for h, c in self.planets.items() if c != absent} | {
                h for h, c in self.asteroids.items() if c != absent}
            self._obstacles[absent] = got
        return got

    def crowded(self, absent: str | None) -> frozenset[Hex]:
        """Present obstacles and every hex next to one: where no part of a ship may be as it enters or leaves
        hyperspace."""
        key = ("crowded", absent)
        got = self._blocked.get(key)
        if got is None:
            obstacles = self.obstacles(absent)
            got = frozenset(obstacles | {n for h in obstacles for n in hx.neighbors(h)})
            self._blocked[key] = got
        return got

    def blocked(self, absent: str | None, margin: int, platforms: bool = True) -> frozenset[Hex]:
        """The hexes where no part of a ship keeping `margin` free hexes from the planets may be, this turn:
        the giant planets, every launch platform (take-off only; left out with `platforms` False), present
        planets and asteroids, and the hexes within `margin` of a present small planet."""
        key = (absent, margin) if platforms else ("bodies", absent, margin)
        got = self._blocked.get(key)
        if got is None:
            out = set(self.obstacles(absent)) | (set(self.platforms) if platforms else set())
            for p in self.present_planets(absent):
                for h in hx.spiral(p, margin):
                    out.add(h)
            got = frozenset(out)
            self._blocked[key] = got
        return got


def load_map(name: str = "map.txt") -> GameMap:
    grid: list[str] = []
    bases: list[tuple[int, Hex, int]] = []
    for ln in _lines(name):
        parts = ln.split()
        if parts[0] == "base":
            seat, col, row, heading = int(parts[1]), int(parts[2]), int(parts[3]), HEADINGS[parts[4]]
            bases.append((seat, hx.from_offset(col, row, odd_rows_right=False), heading))
        else:
            grid.append(ln)
    cells = dict(hx.parse_rows(grid, odd_rows_right=False))
    gm = GameMap(cells, bases, rows=[ln.split() for ln in grid])
    return gm


def load_fire_table(name: str = "fire-table.txt") -> dict[str, dict[str, tuple[int, ...]]]:
    """shooter → target → the minimum roll at distance 1, 2, … (index 0 is distance 1)."""
    out: dict[str, dict[str, tuple[int, ...]]] = {s: {} for s in SHOOTERS}
    for ln in _lines(name):
        shooter, target, *cells = ln.split()
        out[shooter][target] = tuple(int(c) for c in cells)
    return out


def load_fleet(name: str = "fleet.txt") -> dict[str, int]:
    out: dict[str, int] = {}
    for ln in _lines(name):
        kind, count = ln.split()
        out[kind] = int(count)
    return out


MAP = load_map()
FIRE = load_fire_table()
FLEET = load_fleet()


def check_data(gm: GameMap, fire: dict[str, dict[str, tuple[int, ...]]], fleet: dict[str, int]) -> list[str]:
    """What is wrong with the data files (empty when they are usable): a corrected file is checked here."""
    errors = []
    for s in SHOOTERS:
        for t in TYPES:
            row = fire.get(s, {}).get(t)
            if row is None:
                errors.append(f"fire table: no line for {s} → {t}")
            elif len(row) != TYPES[s].range or not all(1 <= v <= 6 for v in row):
                errors.append(f"fire table: {s} → {t} needs {TYPES[s].range} values from 1 to 6")
    for t in TYPES:
        if fleet.get(t, 0) < (2 if t == "mobile" else 1):
            errors.append(f"fleet: too few {t}")
    for seat in range(SEATS):
        if sum(1 for v in gm.giant.values() if v == seat) == 0:
            errors.append(f"map: no giant planet for seat {seat}")
        if sum(1 for v in gm.platforms.values() if v == seat) == 0:
            errors.append(f"map: no launch platform for seat {seat}")
        if sum(1 for s, _, _ in gm.bases if s == seat) != 2:
            errors.append(f"map: seat {seat} needs two mobile base lines")
    return errors
