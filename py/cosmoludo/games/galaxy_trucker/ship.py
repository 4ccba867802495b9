"""A ship: components on a class's cells, what they hold, and every computation the rules ask of it.

Pure data and pure functions of it: placement legality while building, the errors found at the ship check,
the pieces a ship falls into, exposed connectors, crew, engine and cannon strength for a choice of powered
components, shields, and the component a meteor or a shot meets. Rules read component *capabilities*
(data.KINDS), never kind names, so expansion components combining capabilities need no new code here.
"""
from __future__ import annotations

from typing import Any

from ...core import squaregrid as sg
from ...core.squaregrid import Cell, N, S
from .data import CLASSES, TILES, ShipClass, kname
from .words import a_component, feminine

_JOINT = sg._JOINT  # the connector table, indexed [a][b]
_JOINS = sg._JOINS  # whether connectors a and b join, flattened: [4 * a + b]


class Ship:
    __slots__ = ("_memo", "alien", "alien_from_one", "aside", "charge", "cls", "conn", "crew", "goods", "lost", "tiles")

    def __init__(self, cls: ShipClass, start_tile: int | None = None) -> None:
        self.cls = cls
        self.tiles: dict[Cell, tuple[int, int]] = {}  # cell → (tile id, rotation)
        self.conn: dict[Cell, tuple[int, int, int, int]] = {}  # cell → connectors once rotated
        self.crew: dict[Cell, int] = {}  # humans per cabin
        self.alien: dict[Cell, str] = {}  # alien colour per cabin
        self.charge: dict[Cell, int] = {}  # battery cells left per battery
        self.goods: dict[Cell, list[str]] = {}  # goods per hold
        self.aside: list[int] = []  # components set aside while building
        self.lost: list[int] = []  # components lost (destroyed, fallen off, left aside)
        # What depends on the components alone (errors, pieces, exposed connectors, engines, cannons, shields),
        # computed once per layout: `put` and `take_off` (the only ways components change) start a new memo, so a
        # clone may share its original's memo until one of them changes.
        self._memo: dict[str, Any] = {}
        #: Rules v1 (old saves only): an alien's bonus needed a strength of at least 1, not just above zero.
        self.alien_from_one = False
        if start_tile is not None and cls.start is not None:
            self.put(cls.start, start_tile, 0)

    @classmethod
    def of_class(cls, name: str, start_tile: int | None = None) -> Ship:
        return cls(CLASSES[name], start_tile)

    def clone(self) -> Ship:
        s = Ship.__new__(Ship)
        s.cls = self.cls
        s.tiles = dict(self.tiles)
        s.conn = dict(self.conn)
        s.crew = dict(self.crew)
        s.alien = dict(self.alien)
        s.alien_from_one = self.alien_from_one
        s.charge = dict(self.charge)
        s.goods = {c: list(g) for c, g in self.goods.items()}
        s.aside = list(self.aside)
        s.lost = list(self.lost)
        s._memo = self._memo
        return s

    # ---- components ----------------------------------------------------------------
    def caps(self, cell: Cell) -> dict[str, Any]:
        return TILES[self.tiles[cell][0]].caps

    def put(self, cell: Cell, tile: int, rot: int) -> None:
        self.tiles[cell] = (tile, rot)
        self.conn[cell] = sg.rotate(TILES[tile].conn, rot)
        self._memo = {}

    def take_off(self, cell: Cell) -> int:
        """Remove the component at `cell` (its contents go with it); return its id. Not counted as lost."""
        tile, _ = self.tiles.pop(cell)
        del self.conn[cell]
        self._memo = {}
        self.crew.pop(cell, None)
        self.alien.pop(cell, None)
        self.charge.pop(cell, None)
        self.goods.pop(cell, None)
        return tile

    def destroy(self, cell: Cell) -> None:
        """A component lost in flight or at the check: it goes to the lost pile (then aliens lose support)."""
        self.lost.append(self.take_off(cell))
        self.check_aliens()

    def placements(self, tile: int) -> list[tuple[Cell, int]]:
        """Where `tile` may be welded now: an empty cell of the class joined to the ship by a legal connection."""
        conn0 = TILES[tile].conn
        turned = [sg.rotate(conn0, rot) for rot in range(4)]
        placed = self.conn
        out = []
        for cell in sorted(self.cls.cells):
            # a cell with no component beside it joins nothing: skipped without trying the four turns
            if cell in self.tiles or not any(n in placed for n in sg.around(cell)):
                continue
            for rot in range(4):
                if self.can_join(cell, turned[rot]):
                    out.append((cell, rot))
        return out

    def can_join(self, cell: Cell, conn: tuple[int, int, int, int]) -> bool:
        """Whether a tile with rotated connectors `conn` at `cell` has at least one legal connection to the ship."""
        get, joins = self.conn.get, _JOINS
        nb = sg.around(cell)
        for side in range(4):
            oc = get(nb[side])
            if oc is not None and joins[4 * conn[side] + oc[(side + 2) & 3]]:
                return True
        return False

    def can_place(self, cell: Cell, tile: int, rot: int) -> bool:
        if cell not in self.cls.cells or cell in self.tiles:
            return False
        if not self.tiles:  # a class without a starting cabin: the first component goes anywhere
            return True
        return self.can_join(cell, sg.rotate(TILES[tile].conn, rot))

    # ---- errors and pieces ---------------------------------------------------------
    def errors(self) -> list[dict[str, Any]]:
        """What the ship check refuses: bad joints, engines not facing the rear or with a component behind,
        cannons with a component in front of the barrel. Each error names the cells any of which may go."""
        got = self._memo.get("errors")
        if got is None:
            got = self._memo["errors"] = self._errors()
        return [{"why": e["why"], "cells": list(e["cells"])} for e in got]

    def _errors(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for a, b in sg.bad_joints(self.conn):
            out.append({"why": "joint", "cells": [a, b]})
        for cell, (tile, rot) in sorted(self.tiles.items()):
            caps = TILES[tile].caps
            if caps.get("engine"):
                exhaust = sg.turn(S, rot)
                if exhaust != S:
                    out.append({"why": "engine_dir", "cells": [cell]})
                else:
                    behind = sg.neighbor(cell, S)
                    if behind in self.tiles:
                        out.append({"why": "engine_blocked", "cells": [cell, behind]})
            if caps.get("cannon"):
                front = sg.neighbor(cell, sg.turn(N, rot))
                if front in self.tiles:
                    out.append({"why": "cannon_blocked", "cells": [cell, front]})
        return out

    def faults(self, errors: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
        """What the ship check finds wrong, said for the player: each of `errors` (default `self.errors()`) with
        its reason in French and English (`fr`, `en`), and, when the ship is in several pieces, one `apart`
        fault on the components outside its largest piece. Cells as [row, col] lists (the view's shape)."""
        out = []
        for e in self.errors() if errors is None else errors:
            fr, en = self._fault_words(e["why"], e["cells"])
            out.append({"why": e["why"], "cells": [list(c) for c in e["cells"]], "fr": fr, "en": en})
        parts = self.parts()
        if len(parts) > 1:
            big = max(parts, key=len)
            rest = sorted(c for p in parts if p is not big for c in p)
            n = len(parts)
            out.append({"why": "apart", "cells": [list(c) for c in rest],
                        "fr": f"Pièce non reliée : le vaisseau est en {n} morceaux, il n'en gardera qu'un.",
                        "en": f"Component not joined: the ship is in {n} pieces, it will keep one only."})
        return out

    def _fault_words(self, why: str, cells: list[Cell]) -> tuple[str, str]:
        def name(c: Cell) -> tuple[str, str]:
            return a_component(self.tiles[c][0])

        tile = self.tiles[cells[0]][0]
        first = kname(tile)
        e = "e" if feminine(tile) else ""
        if why == "engine_dir":
            return (f"{first[0].capitalize()} non tourné{e} vers l'arrière.", f"{first[1].capitalize()} not facing the rear.")
        if why == "engine_blocked":
            fr, en = name(cells[1])
            return (f"{first[0].capitalize()} bouché{e} : {fr} juste derrière sa tuyère.",
                    f"{first[1].capitalize()} blocked: {en} right behind its exhaust.")
        if why == "cannon_blocked":
            fr, en = name(cells[1])
            return (f"{first[0].capitalize()} pointé{e} vers {fr}, juste devant son canon.",
                    f"{first[1].capitalize()} pointing at {en}, right in front of its barrel.")
        if why == "joint":
            (fr_a, en_a), (fr_b, en_b) = name(cells[0]), name(cells[1])
            return (f"Connecteurs incompatibles entre {fr_a} et {fr_b} ({self._joint_words(cells)[0]}).",
                    f"Connectors that do not match between {en_a} and {en_b} ({self._joint_words(cells)[1]}).")
        return ("Défaut du vaisseau.", "Ship fault.")

    def _joint_words(self, cells: list[Cell]) -> tuple[str, str]:
        """How the connectors of two touching components clash: against a smooth side, or single against double."""
        a, b = cells
        side = next(sd for sd in sg.SIDES if sg.neighbor(a, sd) == b)
        x, y = self.conn[a][side], self.conn[b][sg.opposite(side)]
        if sg.SMOOTH in (x, y):
            return ("un connecteur contre un côté lisse", "a connector against a smooth side")
        return ("connecteur simple contre double", "single connector against double")

    def error_cells(self) -> list[Cell]:
        return sorted({c for e in self.errors() for c in e["cells"]})

    def parts(self) -> list[list[Cell]]:
        got = self._memo.get("parts")
        if got is None:
            got = self._memo["parts"] = sg.parts(self.conn)
        return [list(p) for p in got]

    def exposed(self) -> int:
        got = self._memo.get("exposed")
        if got is None:
            got = self._memo["exposed"] = sg.exposed(self.conn)
        return int(got)

    def keep_part(self, keep: list[Cell]) -> int:
        """Keep the piece `keep`; every other component falls off (lost). Returns how many fell."""
        kept = set(keep)
        gone = [c for c in self.tiles if c not in kept]
        for c in gone:
            self.lost.append(self.take_off(c))
        self.check_aliens()
        return len(gone)

    # ---- crew ----------------------------------------------------------------------
    def cabins(self) -> list[Cell]:
        return sorted(c for c, (t, _) in self.tiles.items() if TILES[t].caps.get("crew"))

    def supports(self, cabin: Cell, colour: str) -> bool:
        """Whether `cabin` may house an alien of `colour`: it takes aliens and is joined to matching life support."""
        caps = self.caps(cabin)
        if not caps.get("aliens"):
            return False
        for other in sg.joined_neighbors(self.conn, cabin):
            if self.caps(other).get("life_support") == colour:
                return True
        return False

    def check_aliens(self) -> None:
        """An alien whose life support is gone leaves the ship (it counts as lost crew)."""
        for cell, colour in list(self.alien.items()):
            if cell not in self.tiles or not self.supports(cell, colour):
                del self.alien[cell]

    def alien_choices(self) -> list[tuple[Cell, str]]:
        """Where an alien of which colour may go now (memoised with the aliens aboard: the crew question's seats are
        asked for it several times in every view)."""
        aboard = tuple(sorted(self.alien.items()))
        got = self._memo.get("alien_choices")
        if got is None or got[0] != aboard:
            got = self._memo["alien_choices"] = (aboard, tuple(self._alien_choices()))
        return list(got[1])

    def _alien_choices(self) -> list[tuple[Cell, str]]:
        have = set(self.alien.values())
        out = []
        for cabin in self.cabins():
            if cabin in self.alien:
                continue
            for colour in ("brown", "purple"):
                if colour not in have and self.supports(cabin, colour):
                    out.append((cabin, colour))
        return out

    def fill(self) -> None:
        """Crew placement done: 2 humans in every cabin without an alien; every battery full."""
        for cabin in self.cabins():
            if cabin in self.alien:
                self.crew[cabin] = 0
            else:
                self.crew[cabin] = self.caps(cabin)["crew"]
        for cell, (t, _) in self.tiles.items():
            b = TILES[t].caps.get("battery")
            if b:
                self.charge[cell] = b

    def humans(self) -> int:
        return sum(self.crew.values())

    def crew_total(self) -> int:
        return sum(self.crew.values()) + len(self.alien)

    # ---- strength ------------------------------------------------------------------
    def batteries(self) -> int:
        return sum(self.charge.values())

    def engine_parts(self) -> tuple[int, int]:
        """(strength of engines needing no battery, number of powered engines) — engines facing the rear."""
        got = self._memo.get("engines")
        if got is None:
            got = self._memo["engines"] = self._engine_parts()
        return got  # type: ignore[no-any-return]

    def _engine_parts(self) -> tuple[int, int]:
        free = doubles = 0
        for t, rot in self.tiles.values():
            caps = TILES[t].caps
            e = caps.get("engine")
            if e and rot == 0:
                if caps.get("powered"):
                    doubles += 1
                else:
                    free += e
        return free, doubles

    def alien_helps(self, strength: float, colour: str) -> bool:
        """Whether the alien of `colour` adds its bonus to `strength` (engines: brown, cannons: purple).

        The expansion's text (« au-dessus de zéro », DECISIONS Galaxy Trucker 5): any strength above zero, so a
        lone side-facing single cannon (½) with a purple alien makes 2½. Rules v1 asked for at least 1."""
        if strength >= 1 if self.alien_from_one else strength > 0:
            return colour in self.alien.values()
        return False

    def engine_strength(self, powered: int = 0) -> int:
        """Engine strength with `powered` double engines switched on (1 battery each); brown alien +2 if above 0."""
        free, doubles = self._memo.get("engines") or self.engine_parts()
        s = free + 2 * min(powered, doubles)
        if self.alien_helps(s, "brown"):
            s += 2
        return s

    def cannon_parts(self) -> tuple[float, list[float]]:
        """(strength of cannons needing no battery, the values of powered cannons best first)."""
        got = self._memo.get("cannons")
        if got is None:
            free, doubles = self._cannon_parts()
            got = self._memo["cannons"] = (free, tuple(doubles))
        return got[0], list(got[1])

    def _cannon_parts(self) -> tuple[float, list[float]]:
        free = 0.0
        doubles: list[float] = []
        for t, rot in self.tiles.values():
            caps = TILES[t].caps
            c = caps.get("cannon")
            if c:
                v = c if rot == 0 else c / 2
                if caps.get("powered"):
                    doubles.append(v)
                else:
                    free += v
        doubles.sort(reverse=True)
        return free, doubles

    def cannon_strength(self, powered: int = 0) -> float:
        """Cannon strength with the `powered` best double cannons switched on; purple alien +2 if above 0."""
        if "cannons" not in self._memo:
            self.cannon_parts()
        free, doubles = self._memo["cannons"]
        s = free + sum(doubles[:powered])
        if self.alien_helps(s, "purple"):
            s += 2
        return s

    def powerable(self, what: str) -> int:
        """How many double engines / cannons could be switched on now (one battery each)."""
        n = self.engine_parts()[1] if what == "engine" else len(self.cannon_parts()[1])
        return min(n, self.batteries())

    def spend_batteries(self, n: int) -> None:
        """Take `n` battery cells, from the fullest battery first (then the first cell)."""
        for _ in range(n):
            cell = max(sorted(self.charge), key=lambda c: self.charge[c])
            assert self.charge[cell] > 0
            self.charge[cell] -= 1

    def shield_sides(self) -> set[int]:
        got = self._memo.get("shields")
        if got is None:
            got = self._memo["shields"] = frozenset(self._shield_sides())
        return set(got)

    def _shield_sides(self) -> set[int]:
        out: set[int] = set()
        for t, rot in self.tiles.values():
            sides = TILES[t].caps.get("shield")
            if sides:
                out.update(sg.turn(s, rot) for s in sides)
        return out

    # ---- goods ---------------------------------------------------------------------
    def holds(self) -> list[Cell]:
        return sorted(c for c, (t, _) in self.tiles.items() if TILES[t].caps.get("cargo"))

    def room(self, cell: Cell) -> int:
        return int(self.caps(cell)["cargo"]) - len(self.goods.get(cell, []))

    def may_hold(self, cell: Cell, good: str) -> bool:
        return good != "R" or bool(self.caps(cell).get("red"))

    def all_goods(self) -> list[str]:
        return [g for gs in self.goods.values() for g in gs]

    # ---- projectiles -----------------------------------------------------------------
    def lines(self, side: int, number: int) -> tuple[int, ...]:
        """The rows (from E/W) or columns (from N/S) a dice `number` names on this class."""
        return (self.cls.cols if side in (N, S) else self.cls.rows).get(number, ())

    def first_hit(self, side: int, number: int) -> Cell | None:
        """The component a projectile from `side` along the line(s) named `number` meets first."""
        for line in self.lines(side, number):
            hit = sg.ray(self.tiles, side, line)
            if hit:
                return hit[0]
        return None

    def cannons_against(self, side: int, number: int) -> list[Cell]:
        """Cannons that can shoot a large meteor from `side` on line `number`: pointing that way in the same
        column (front), the same or an adjacent row (sides), the same or an adjacent column (rear)."""
        lines = set(self.lines(side, number))
        if side != N:
            lines |= {x + d for x in lines for d in (-1, 1)}
        out = []
        for cell, (t, rot) in sorted(self.tiles.items()):
            if (TILES[t].caps.get("cannon") and sg.turn(N, rot) == side
                    and (cell[1] if side in (N, S) else cell[0]) in lines):
                out.append(cell)
        return out

    # ---- views ---------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        return {
            "class": self.cls.name,
            "cells": [list(c) for c in sorted(self.cls.cells)],
            "tiles": [[c[0], c[1], t, r] for c, (t, r) in sorted(self.tiles.items())],
            "crew": [[c[0], c[1], n] for c, n in sorted(self.crew.items()) if n],
            "aliens": [[c[0], c[1], a] for c, a in sorted(self.alien.items())],
            "charge": [[c[0], c[1], n] for c, n in sorted(self.charge.items())],
            "goods": [[c[0], c[1], "".join(g)] for c, g in sorted(self.goods.items()) if g],
            "aside": list(self.aside),
            "lost": len(self.lost),
        }


__all__ = ["Ship"]
