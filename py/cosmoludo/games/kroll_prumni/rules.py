"""Kroll & Prumni (new version, Eurogames 1989): the rules engine.

A turn: the next colour disc is revealed (its colour's planets and asteroids are absent for the turn), both
players roll for the initiative, then each player in turn produces, moves and fires, and finally colonises and
repairs; after both, planets are counted. Built on core/flow.py: each open decision is one ask.

The many small decisions of a player's phase keep the lists short: the player picks one of its ships, then one
thing for it to do (a destination among the highlighted hexes, a target, a launch, hyperspace), or ends the
phase. Nothing random happens until a missile is fired, so every move is undoable until then.

The rooms: pieces.py (a ship counter, names), kinds.py (the decisions), moves.py (one ship's orders: movement,
recovery, fire, hyperspace, refusals), this file (setup, production, the steps of the turn, victory, views).
"""
from __future__ import annotations

from typing import Any, ClassVar

from ...core import hexgrid as hx
from ...core.hexgrid import Hex
from ...core.options import read_options
from ...core.state import Action
from ...core.text import adj_fr, both
from . import geometry as geo
from .data import DISCS, FLEET, SEATS, TYPES
from .kinds import Orders, Place, Produce
from .moves import KrollMoves
from .pieces import (
    COLOUR_EN,
    COLOUR_FR,
    NAMES,
    PLANETS_TO_WIN,
    PRODUCTION,
    RULINGS,
    Ship,
    company_fr,
    e_fr,
    hx_json,
    ship_en,
    the_ship_fr,
)

#: The game's options, declared as data in options.json beside this module (the catalog's shape).
OPTIONS = read_options(__package__)


class KrollPrumniRules(KrollMoves, game_id="kroll-et-prumni", title=both("Kroll & Prumni", "Kroll & Prumni"),
                       players=(2, 2), options_spec=OPTIONS, rulings=RULINGS):
    """The rules; the registered class (search.py) adds the bots' hooks."""

    # ---- setup -----------------------------------------------------------------------------------------------
    def _setup(self) -> None:
        self.max_turns: int = self.options.get("turns", 18)
        self.discs = list(DISCS)
        self.rng.shuffle(self.discs)
        self.turn = 0
        self.absent: str | None = None
        self.order: list[int] = [0, 1]
        self.current = 0  # index in `order` of the player whose phase it is
        self.ships: dict[int, Ship] = {}
        self.next_id = 1
        self.winner: list[int] | None = None
        self.scores: list[int] = [0, 0]
        self.repair_start: set[int] = set()
        for seat, head, heading in self.gm.bases:
            self._new_ship(seat, "mobile", head, heading)
        self.phase = "disc"
        self.run()

    def _new_ship(self, seat: int, kind: str, head: Hex | None, heading: int | None) -> Ship:
        s = Ship(self.next_id, seat, kind, head, heading)
        self.ships[s.id] = s
        self.next_id += 1
        self.touch()
        return s

    # ---- queries ---------------------------------------------------------------------------------------------
    def stock(self, seat: int, kind: str) -> int:
        return FLEET[kind] - sum(1 for s in self.ships.values() if s.seat == seat and s.kind == kind)

    def base_at(self, h: Hex) -> Ship | None:
        for s in self.ships.values():
            if s.kind == "fixed" and s.head == h:
                return s
        return None

    def planets_of(self, seat: int) -> int:
        return sum(1 for s in self.ships.values() if s.kind == "fixed" and s.seat == seat)

    # ---- production --------------------------------------------------------------------------------------------------
    def free_platforms(self, seat: int, occ: dict[Hex, int]) -> list[Hex]:
        return sorted(h for h, s in self.gm.platforms.items() if s == seat and h not in occ)

    def placements(self, seat: int, kind: str, occ: dict[Hex, int] | None = None) -> list[Action]:
        occ = self.occupancy() if occ is None else occ
        out: list[Action] = []
        if self.stock(seat, kind) <= 0:
            return out
        if kind == "fighter":
            out.extend({"type": "place", "to": [h[0], h[1]]} for h in self.free_platforms(seat, occ))
            for c in self.ships.values():
                if (c.seat == seat and c.kind == "cruiser" and c.on_map() and len(c.cargo) < 2
                        and any(x in self.gm.platforms for x in c.cells())):
                    out.append({"type": "place", "on": c.id})
            return out
        # The rear rests on a free platform (« c'est l'arrière du vaisseau qui doit reposer sur l'aire de
        # lancement »); the head on a free hex a ship may be on, or on another free platform of the same planet,
        # which it then occupies (shared/rules/DECISIONS.md, Kroll 6), pointing at a hex it may move on to: a ship
        # moves head first, and one that faces a platform or the giant planet could never take off.
        blocked = self.blocked(kind)
        bodies = self.gm.blocked(self.absent, TYPES[kind].margin, platforms=False)
        free = self.free_platforms(seat, occ)
        cells = self.gm.cells
        for tail in free:
            for d in range(6):
                head = geo.step(tail, d)
                if head not in cells or head in occ:
                    continue
                if head in blocked:
                    ahead = geo.step(head, d)
                    if head not in free or head in bodies or ahead not in cells or ahead in blocked:
                        continue
                out.append({"type": "place", "to": [head[0], head[1]], "dir": d})
        return out

    def can_produce(self, seat: int, option: str) -> bool:
        return bool(self.placements(seat, PRODUCTION[option][0]))

    def start_production(self, seat: int, option: str) -> None:
        if option == "none":
            self.emit(f"{company_fr(seat)} ne peut rien produire.", f"{NAMES[seat]['en']} cannot produce anything.")
            return
        fr = {"cruiser": "un croiseur et 2 chasseurs", "colonisator": "un colonisator", "fighters": "5 chasseurs"}
        en = {"cruiser": "a cruiser and 2 fighters", "colonisator": "a colonisator", "fighters": "5 fighters"}
        self.emit(f"{company_fr(seat)} produit {fr[option]}.", f"{NAMES[seat]['en']} produces {en[option]}.")
        self.ask("place", seat, at=1, items=list(PRODUCTION[option]))

    def place(self, seat: int, kind: str, action: Action) -> None:
        if "on" in action:
            c = self.ships[action["on"]]
            s = self._new_ship(seat, kind, c.head, None)
            s.carried_by = c.id
            c.cargo.append(s.id)
            self.touch()
            return
        s = self._new_ship(seat, kind, Hex(*action["to"]), action.get("dir"))
        self.emit(f"{company_fr(seat)} place un {TYPES[kind].fr} sur sa rampe de lancement.",
                  f"{NAMES[seat]['en']} places a {TYPES[kind].en} on its launch platform.")
        del s

    # ---- steps of the turn ---------------------------------------------------------------------------------------------
    def _step_disc(self) -> None:
        self.turn += 1
        before = self.absent
        self.absent = self.discs[(self.turn - 1) % len(self.discs)]
        self.reveal()
        # The colour is not written in the log: the page shows the current disc only, and a log line would still
        # list the past order turns later (the rules forbid writing it down).
        self.emit(f"Tour {self.turn} : un nouveau disque est retourné ; ses planètes et astéroïdes disparaissent "
                  "pour ce tour.", f"Turn {self.turn}: a new disc is turned over; its planets and asteroids vanish "
                  "for this turn.")
        if before is not None and before != self.absent:
            self._reappear(before)
        self.phase = "initiative"

    def _reappear(self, colour: str) -> None:
        """Planets and asteroids of `colour` come back: ships on them or too close to them are destroyed."""
        gm = self.gm
        back_planets = [h for h, c in gm.planets.items() if c == colour]
        back = set(back_planets) | {h for h, c in gm.asteroids.items() if c == colour}
        for s in list(self.ships.values()):
            if s.id not in self.ships or not s.on_map() or s.kind == "fixed":
                continue
            cells = s.cells()
            if s.kind == "fighter" and cells[0] in gm.planets:
                base = self.base_at(cells[0])
                if base is not None and base.seat == s.seat:
                    continue  # a fighter waiting on its own planet's base
            hit = any(c in back for c in cells) or any(
                hx.distance(c, p) <= s.type.margin for c in cells for p in back_planets)
            if hit:
                # No colour named: it would tell the previous disc in the log for the rest of the game.
                self.emit(f"Des astres réapparaissent sur {the_ship_fr(s)} ou tout contre {'elle' if e_fr(s) else 'lui'}.",
                          f"Bodies reappear on or right next to {ship_en(s)}.")
                self.destroy(s)

    def _step_initiative(self) -> None:
        while True:
            a, b = self.rng.randint(1, 6), self.rng.randint(1, 6)
            self.emit(f"Initiative : {company_fr(0)} {a}, {company_fr(1)} {b}.", f"Initiative: {NAMES[0]['en']} {a}, {NAMES[1]['en']} {b}.")
            if a != b:
                break
        self.order = [0, 1] if a > b else [1, 0]
        self.current = 0
        self.phase = "player"

    def _step_player(self) -> None:
        seat = self.order[self.current]
        self.begin_phase(seat)
        self.planet_fighters(seat)  # at the same moment as the home planet's production
        self.ask("produce", seat)
        self.ask("orders", seat, sel=None)
        self.phase = "player_end"

    def begin_phase(self, seat: int) -> None:
        """A player's phase starts: its ships have done nothing yet; note the damaged ones next to a base."""
        self.repair_start = set()
        for s in self.ships.values():
            if s.seat == seat:
                s.reset()
                if s.hits and s.on_map() and s.kind in ("cruiser", "colonisator") and self._at_base(s):
                    self.repair_start.add(s.id)

    def _at_base(self, s: Ship) -> bool:
        near = geo.adjacent_cells(self.gm, s.cells())
        for b in self.ships.values():
            if (b.kind == "mobile" and b.seat == s.seat and b.hits == 0 and b.on_map()
                    and any(c in near for c in b.cells())):
                return True
        return False

    def _step_player_end(self) -> None:
        self.current += 1
        self.phase = "player" if self.current < SEATS else "count"

    def planet_fighters(self, seat: int) -> None:
        occ = dict(self.occupancy())
        for b in sorted((s for s in self.ships.values() if s.kind == "fixed" and s.seat == seat), key=lambda s: s.id):
            h = b.head
            assert h is not None
            if b.hits or self.gm.planets[h] == self.absent or occ.get(h, b.id) != b.id:
                continue
            if self.stock(seat, "fighter") <= 0:
                break
            f = self._new_ship(seat, "fighter", h, None)
            occ[h] = f.id
            self.emit(f"La base fixe n° {b.id} produit {the_ship_fr(f)}.", f"Fixed base #{b.id} produces {ship_en(f)}.")

    def colony_sites(self, cells: tuple[Hex, ...] | list[Hex]) -> list[Hex]:
        """The present free planets (no base on them) that every cell of a colonisator at `cells` touches: where it
        founds a fixed base at the end of its player's orders (rulebook: « colonisation »), in the map's order."""
        gm = self.gm
        near = [geo.adjacent_cells(gm, (x,)) for x in cells]
        return [p for p, colour in sorted(gm.planets.items())
                if colour != self.absent and self.base_at(p) is None and all(p in n for n in near)]

    def end_orders(self, seat: int) -> None:
        """The end of a player's moves and fire: colonisation, then repairs."""
        gm = self.gm
        for c in sorted((s for s in self.ships.values() if s.seat == seat and s.kind == "colonisator"),
                        key=lambda s: s.id):
            if c.hits or not c.on_map():
                continue
            for p in self.colony_sites(c.cells()):
                colour = gm.planets[p]
                if self.stock(seat, "fixed") > 0:
                    self._new_ship(seat, "fixed", p, None)
                    self.emit(f"{company_fr(seat)} colonise la planète {adj_fr(COLOUR_FR[colour], True)} en {list(p)}.",
                              f"{NAMES[seat]['en']} colonises the {COLOUR_EN[colour]} planet at {list(p)}.",
                              colonise=[p[0], p[1]])
        for sid in sorted(self.repair_start):
            s = self.ships.get(sid)
            if s is not None and not s.acted and s.hits and s.on_map() and self._at_base(s):
                s.hits -= 1
                self.emit(f"{the_ship_fr(s)} est réparé{e_fr(s)} d'une explosion.", f"{ship_en(s)} is repaired by one explosion.")
        for s in self.ships.values():
            if s.seat == seat and s.kind in ("mobile", "fixed") and s.hits:
                s.hits -= 1
                self.emit(f"{the_ship_fr(s)} se répare d'une explosion.", f"{ship_en(s)} repairs one explosion.")

    def _step_count(self) -> None:
        counts = [self.planets_of(s) for s in range(SEATS)]
        self.emit(f"Fin du tour {self.turn} : planètes {counts[0]} – {counts[1]}.",
                  f"End of turn {self.turn}: planets {counts[0]} – {counts[1]}.")
        if max(counts) >= PLANETS_TO_WIN:
            self.winner = [counts.index(max(counts))]
            self.scores = counts
            self.emit(f"{company_fr(self.winner[0])} contrôle {max(counts)} planètes et gagne.",
                      f"{NAMES[self.winner[0]]['en']} controls {max(counts)} planets and wins.")
            self.phase = "over"
            return
        if self.turn >= self.max_turns:
            self.scores = [sum(4 - s.hits for s in self.ships.values() if s.kind == "fixed" and s.seat == seat)
                           for seat in range(SEATS)]
            top = max(self.scores)
            self.winner = [s for s in range(SEATS) if self.scores[s] == top]
            a, b = self.scores
            self.emit(f"Fin de la partie : {a} point{'s' if a > 1 else ''} contre {b}.",
                      f"Game over: {a} point{'' if a == 1 else 's'} to {b}.")
            self.phase = "over"
            return
        self.phase = "disc"

    def _step_over(self) -> None:
        pass

    KINDS: ClassVar = {"produce": Produce(), "place": Place(), "orders": Orders()}
    STEPS: ClassVar = {"disc": _step_disc, "initiative": _step_initiative, "player": _step_player,
                       "player_end": _step_player_end, "count": _step_count,
                       "over": _step_over}

    # ---- contract -------------------------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> dict[str, Any] | None:
        if not self.is_over():
            return None
        return {"winners": list(self.winner or []), "scores": {str(s): self.scores[s] for s in range(SEATS)}}

    # ---- view -------------------------------------------------------------------------------------------------------
    def view(self, seat: int | None = None, log_from: int | None = None) -> dict[str, Any]:
        self._memo = {}  # see KrollMoves._memo: nothing changes while a view is drawn
        try:
            return super().view(seat, log_from)
        finally:
            self._memo = None

    def ship_view(self, s: Ship) -> dict[str, Any]:
        return {"id": s.id, "seat": s.seat, "kind": s.kind, "head": hx_json(s.head), "heading": s.heading,
                "cells": [hx_json(c) for c in s.cells()] if s.on_map() else [], "hits": s.hits,
                "carried_by": s.carried_by, "cargo": list(s.cargo), "hyper": s.hyper,
                "moved": s.moved, "fired": s.fired, "exited": s.exited, "entered": s.entered}

    def _view(self, seat: int | None) -> dict[str, Any]:
        ask = self.asks[0] if self.asks else None
        me = self.order[self.current] if self.current < SEATS else None
        v: dict[str, Any] = {
            "turn": self.turn, "max_turns": self.max_turns, "absent": self.absent,
            "order": list(self.order), "current": me,
            "ships": [self.ship_view(s) for s in sorted(self.ships.values(), key=lambda s: s.id)],
            "planets": [self.planets_of(s) for s in range(SEATS)],
            "stock": [{k: self.stock(s, k) for k in FLEET} for s in range(SEATS)],
            "asks": self.asks_public(seat),
            "scores": list(self.scores),
        }
        if self.is_over():
            # What the scores count: the planets when a company reached PLANETS_TO_WIN, else the fixed bases.
            v["ended_on"] = "planets" if max(v["planets"]) >= PLANETS_TO_WIN else "bases"
        if ask is not None and ask.kind == "orders" and seat in ask.seats:
            sel = ask.data.get("sel")
            if sel is not None and sel in self.ships:
                v["selected"] = self.selection_view(self.ships[sel])
        return v

    @classmethod
    def catalog_tables(cls) -> dict[str, Any]:
        """For the page (web/games/kroll-et-prumni.js), sent once with the catalog: the map (every hex with its terrain
        token, see map.txt), the companies' and the ship kinds' names."""
        return {"map": {"cells": [[h[0], h[1], tok] for h, tok in sorted(cls.gm.cells.items())]},
                "companies": [dict(n) for n in NAMES],
                "ship_kinds": {k: {"fr": t.fr, "en": t.en} for k, t in TYPES.items()}}

    def selection_view(self, s: Ship) -> dict[str, Any]:
        """What the page highlights for the picked ship: destinations with the way there, targets with the roll.

        Compact, as it is sent at every click: a two-hex ship's destination is {"to", "dir", "turn"}, its path being
        straight from the ship's head, turning (pivoting on the head) after `turn` hexes when `turn` is not None (a
        mobile base slides straight); a fighter's destination is {"to"}, its path found in "tree", one breadth-first
        tree of shortest ways from the fighter's start: "q,r" → the direction (core.hexgrid.DIRECTIONS) of the hex it
        is reached from (the start itself is not in it). web/games/kroll-et-prumni.js draws the paths from these."""
        occ = self.occupancy()
        moves: list[dict[str, Any]] = []
        tree: dict[Hex, Hex | None] | None = None
        # A sound colonisator's destinations that would found a base there (the planets each one colonises).
        colonising = s.kind == "colonisator" and not s.hits and self.stock(s.seat, "fixed") > 0
        for (h, d), route in self.destinations(s, occ).items():
            if d is None:
                if tree is None:
                    starts = self.ships[s.carried_by].cells() if s.carried_by is not None else s.cells()
                    tree = geo.fighter_paths(self.gm, self.blocked("fighter"), starts, self.move_allowance(s))
                moves.append({"to": [h[0], h[1]]})
            else:
                turned = None if route[0] == route[2] or s.kind == "mobile" else route[1]
                move: dict[str, Any] = {"to": [h[0], h[1]], "dir": d, "turn": turned}
                if colonising:
                    sites = self.colony_sites((h, geo.tail_of(h, d)))
                    if sites:
                        move["colonises"] = [[p[0], p[1]] for p in sites]
                moves.append(move)
        obstacles = self.gm.obstacles(self.absent)
        targets = []
        for t, dist, n in self.targets(s):
            shot = geo.best_shot(s.cells(), self.ships[t].cells(), s.type.range, obstacles)
            assert shot is not None
            targets.append({"ship": t, "distance": dist, "need": n, "chance": (7 - n) / 6,
                            "line": [hx_json(c) for c in hx.line(shot[1], shot[2])]})
        out = {"ship": s.id, "moves": moves, "targets": targets, "range": s.type.range if self.can_fire(s) else 0,
               "hyper": self.can_enter(s, occ), "exits": [[h[0], h[1], d] for h, d in self.exits(s, occ)],
               "boardings": self.boardings(s)}
        if tree is not None:
            back = {(step[0], step[1]): i for i, step in enumerate(hx.DIRECTIONS)}
            out["tree"] = {f"{h[0]},{h[1]}": back[(p[0] - h[0], p[1] - h[1])]
                           for h, p in tree.items() if p is not None}
        return out

__all__ = ["KrollPrumniRules", "Ship"]
