"""Galaxy Trucker's data: component kinds as capabilities, the 144 tiles, ship classes, flights, the 60 cards.

The tables themselves live in three JSON files next to this module (tiles.json, classes.json, cards.json) so a
player owning the original material can correct them; this module turns them into read-only Python objects.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ...core.squaregrid import Cell, parse_rows


def _load(name: str) -> Any:
    """A data file of this package (read through importlib.resources: the page imports the engine from a zip)."""
    return json.loads(resources.files(__package__).joinpath(name).read_text(encoding="utf-8"))


#: Component kinds → capabilities. Every rule reads capabilities, never kind names, so an expansion component is
#: one more row combining them (engine + cannon, battery + cargo, plated sides, boosters, cyan life support…).
#:   crew: places for humans (2) · aliens: may house an alien · start: the starting cabin
#:   engine / cannon: strength at rotation 0 (exhaust S, barrel N) · powered: needs 1 battery per use
#:   shield: sides covered at rotation 0 · battery: cells · cargo: containers · red: may hold red goods
#:   life_support: alien colour supported
KINDS: dict[str, dict[str, Any]] = {
    "starting_cabin": {"crew": 2, "aliens": False, "start": True},
    "cabin": {"crew": 2, "aliens": True},
    "engine_single": {"engine": 1},
    "engine_double": {"engine": 2, "powered": True},
    "cannon_single": {"cannon": 1},
    "cannon_double": {"cannon": 2, "powered": True},
    "shield": {"shield": (0, 1), "powered": True},
    "battery2": {"battery": 2},
    "battery3": {"battery": 3},
    "cargo2": {"cargo": 2},
    "cargo3": {"cargo": 3},
    "special_cargo1": {"cargo": 1, "red": True},
    "special_cargo2": {"cargo": 2, "red": True},
    "structural": {},
    "life_support_brown": {"life_support": "brown"},
    "life_support_purple": {"life_support": "purple"},
}

KIND_NAMES: dict[str, tuple[str, str]] = {
    "starting_cabin": ("cabine de départ", "starting cabin"),
    "cabin": ("cabine", "cabin"),
    "engine_single": ("réacteur simple", "single engine"),
    "engine_double": ("réacteur double", "double engine"),
    "cannon_single": ("laser simple", "single cannon"),
    "cannon_double": ("laser double", "double cannon"),
    "shield": ("générateur de bouclier", "shield generator"),
    "battery2": ("batterie (2)", "battery (2)"),
    "battery3": ("batterie (3)", "battery (3)"),
    "cargo2": ("soute (2)", "cargo hold (2)"),
    "cargo3": ("soute (3)", "cargo hold (3)"),
    "special_cargo1": ("soute spéciale (1)", "special cargo hold (1)"),
    "special_cargo2": ("soute spéciale (2)", "special cargo hold (2)"),
    "structural": ("module structurel", "structural module"),
    "life_support_brown": ("support de vie marron", "brown life support"),
    "life_support_purple": ("support de vie violet", "purple life support"),
}


@dataclass(frozen=True, slots=True)
class Tile:
    id: int
    kind: str
    conn: tuple[int, int, int, int]  # N E S W at rotation 0
    caps: dict[str, Any]
    colour: str | None = None  # starting cabins


def _tiles() -> dict[int, Tile]:
    out = {}
    for t in _load("tiles.json")["tiles"]:
        conn = tuple(int(ch) for ch in t["conn"])
        assert len(conn) == 4
        out[t["id"]] = Tile(t["id"], t["kind"], conn, KINDS[t["kind"]], t.get("colour"))  # type: ignore[arg-type]
    return out


TILES: dict[int, Tile] = _tiles()


def kname(tile: int) -> tuple[str, str]:
    """The French and English name of a component's kind."""
    return KIND_NAMES[TILES[tile].kind]
#: The starting cabin of each seat (blue, green, yellow, red).
START_TILES = (31, 32, 33, 34)
SEAT_COLOURS = ("blue", "green", "yellow", "red")
#: Every component of the pile (starting cabins aside).
POOL = tuple(sorted(i for i, t in TILES.items() if t.kind != "starting_cabin"))


@dataclass(frozen=True, slots=True)
class ShipClass:
    """A ship board: its cells, the starting cell (None: none), the dice numbers naming its rows and columns."""

    name: str
    cells: frozenset[Cell]
    start: Cell | None
    rows: dict[int, tuple[int, ...]]  # dice value → rows it names
    cols: dict[int, tuple[int, ...]]  # dice value → columns it names
    insurable: bool
    aside: int


def _classes() -> dict[str, ShipClass]:
    out = {}
    for name, c in _load("classes.json")["classes"].items():
        cells = parse_rows(c["picture"], c["first_row"], c["first_col"])
        start = None
        for i, line in enumerate(c["picture"]):
            j = line.find("S")
            if j >= 0:
                start = (c["first_row"] + i, c["first_col"] + j)
        rows: dict[int, tuple[int, ...]] = {r: (r,) for r in range(2, 13)}  # base: the printed number is the row
        cols: dict[int, tuple[int, ...]] = {k: (k,) for k in range(2, 13)}
        out[name] = ShipClass(name, frozenset(cells), start, rows, cols, c["insurable"], c["aside"])
    return out


CLASSES: dict[str, ShipClass] = _classes()


@dataclass(frozen=True, slots=True)
class Flight:
    number: int
    ship_class: str
    pile: tuple[int, ...]  # levels of the cards of one pile
    runs: int  # hourglass runs (circles, the last being « Start »)
    gap: int  # start gap behind the previous ship
    rewards: tuple[int, ...]  # finish order rewards
    best_looking: int


FLIGHTS = (
    Flight(1, "I", (1, 1), 2, 2, (4, 3, 2, 1), 2),
    Flight(2, "II", (1, 2, 2), 3, 3, (8, 6, 4, 2), 4),
    Flight(3, "III", (1, 2, 3, 3), 4, 4, (12, 9, 6, 3), 6),
)
PILES = 4
PEEKABLE = 3  # piles 0, 1, 2 may be looked at; pile 3 stays secret
GLASS_MS = 90_000
TRACK = 40
GOODS_VALUE = {"R": 4, "Y": 3, "G": 2, "B": 1}
SIDE_WORDS = (("l'avant", "the front"), ("la droite", "the right"), ("l'arrière", "the rear"),
              ("la gauche", "the left"))

CARDS: dict[str, dict[str, Any]] = {c["id"]: c for c in _load("cards.json")["cards"]}
CARDS_BY_LEVEL: dict[int, tuple[str, ...]] = {
    lvl: tuple(i for i, c in CARDS.items() if c["level"] == lvl) for lvl in (1, 2, 3)}
CARD_NAMES: dict[str, tuple[str, str]] = {
    "openspace": ("Espace ouvert", "Open Space"),
    "stardust": ("Poussière stellaire", "Stardust"),
    "epidemic": ("Épidémie", "Epidemic"),
    "sabotage": ("Sabotage", "Sabotage"),
    "abandonedship": ("Vaisseau abandonné", "Abandoned Ship"),
    "abandonedstation": ("Station abandonnée", "Abandoned Station"),
    "planets": ("Planètes", "Planets"),
    "smugglers": ("Contrebandiers", "Smugglers"),
    "slavers": ("Esclavagistes", "Slavers"),
    "pirates": ("Pirates", "Pirates"),
    "meteoric": ("Pluie de météorites", "Meteor Swarm"),
    "combatzone": ("Zone de combat", "Combat Zone"),
}

def cell_of(v: Any) -> Cell | None:
    """A cell from an action's JSON ([row, col] of whole numbers), or None."""
    if isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        return (v[0], v[1])
    return None


__all__ = ["CARDS", "CARDS_BY_LEVEL", "CARD_NAMES", "CLASSES", "FLIGHTS", "GLASS_MS", "GOODS_VALUE",
           "KINDS", "KIND_NAMES", "PEEKABLE", "PILES", "POOL", "SEAT_COLOURS", "SIDE_WORDS", "START_TILES", "TILES",
           "TRACK", "Flight", "ShipClass", "Tile", "cell_of", "kname"]
