"""Kroll & Prumni: the pieces — a ship counter (on the map, carried or in hyperspace), the two companies' names,
the production options and how a ship or a hex is written in the log and the views."""
from __future__ import annotations

from typing import Any

from ...core.hexgrid import Hex
from . import geometry as geo
from .data import TYPES

NAMES = ({"fr": "INTERSTELLAR C°", "en": "INTERSTELLAR C°"}, {"fr": "INTERGALACTIC Trust", "en": "INTERGALACTIC Trust"})
COLOUR_FR = {"y": "jaune", "r": "rouge", "b": "bleu"}
COLOUR_EN = {"y": "yellow", "r": "red", "b": "blue"}
PLANETS_TO_WIN = 8
PRODUCTION = {  # option → the counters it places on the launch platforms
    "cruiser": ("cruiser", "fighter", "fighter"),
    "colonisator": ("colonisator",),
    "fighters": ("fighter",) * 5,
}


def P(seat: int) -> str:
    return NAMES[seat]["fr"]


class Ship:
    """One counter on the map, carried, or in hyperspace (`head` None and `hyper` True)."""

    __slots__ = (
        "acted",
        "cargo",
        "carried_by",
        "entered",
        "exited",
        "fired",
        "fired_first",
        "head",
        "heading",
        "hits",
        "hyper",
        "id",
        "kind",
        "launched",
        "moved",
        "seat",
        "targets",
    )

    def __init__(self, sid: int, seat: int, kind: str, head: Hex | None, heading: int | None) -> None:
        self.id, self.seat, self.kind, self.head, self.heading = sid, seat, kind, head, heading
        self.hits = 0
        self.carried_by: int | None = None
        self.cargo: list[int] = []
        self.hyper = False
        self.reset()

    def reset(self) -> None:
        """What a ship has done in its player's current phase."""
        self.moved = False        # it has moved (or cannot move any more this phase)
        self.fired = 0            # missiles fired
        self.fired_first = False  # it fired before moving: its fire is over once it moves
        self.targets: list[int] = []  # a mobile base fires once on each ship in range
        self.launched = False     # a fighter launched from or recovered by a cruiser this turn (6 hexes)
        self.acted = False        # it moved or fired (no repair this turn)
        self.entered = False      # it entered hyperspace this phase
        self.exited = False       # it came out of hyperspace this phase

    def copy(self) -> Ship:
        c = Ship.__new__(Ship)
        for k in Ship.__slots__:
            setattr(c, k, getattr(self, k))
        c.cargo = list(self.cargo)
        c.targets = list(self.targets)
        return c

    @property
    def type(self) -> Any:
        return TYPES[self.kind]

    def cells(self) -> tuple[Hex, ...]:
        if self.head is None:
            return ()
        return geo.cells_of(self.kind, self.head, self.heading)

    def on_map(self) -> bool:
        return self.head is not None and self.carried_by is None


def ship_fr(s: Ship) -> str:
    return f"{TYPES[s.kind].fr} n° {s.id} ({'jaune' if s.seat == 0 else 'rouge'})"


def ship_en(s: Ship) -> str:
    return f"{TYPES[s.kind].en} #{s.id} ({'yellow' if s.seat == 0 else 'red'})"


def hx_json(h: Hex | None) -> list[int] | None:
    return None if h is None else [h[0], h[1]]

