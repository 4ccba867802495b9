"""Kroll & Prumni (new version, Eurogames 1989): the rules engine.

A turn: the next colour disc is revealed (its colour's planets and asteroids are absent for the turn), both
players roll for the initiative, then each player in turn produces, moves and fires, and finally colonises and
repairs; after both, planets are counted. Built on core/flow.py: each open decision is one ask.

The many small decisions of a player's phase keep the lists short: the player picks one of its ships, then one
thing for it to do (a destination among the highlighted hexes, a target, a launch, hyperspace), or ends the
phase. Nothing random happens until a missile is fired, so every move is undoable until then.
"""
from __future__ import annotations

from typing import Any, ClassVar

from ...core import hexgrid as hx
from ...core.flow import Ask, FlowState, Kind, Reason
from ...core.hexgrid import Hex
from ...core.options import Option
from ...core.state import Action
from . import geometry as geo
from .data import DISCS, FIRE, FLEET, LAUNCH_MOVE, MAP, SEATS, TYPES, GameMap

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


def as_hex(v: Any) -> Hex | None:
    if isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        return Hex(v[0], v[1])
    return None


# ---- the decisions ---------------------------------------------------------------------------------------------
class Produce(Kind):
    label = ("choisir la production de votre planète mère", "choose what your home planet produces")

    def actions(self, g: Any, ask: Ask, seat: int) -> list[Action]:
        opts = [{"type": "produce", "option": o} for o in PRODUCTION if g.can_produce(seat, o)]
        return opts or [{"type": "produce", "option": "none"}]

    def apply(self, g: Any, ask: Ask, seat: int, action: Action) -> bool:
        g.start_production(seat, action["option"])
        return True

    def why(self, g: Any, ask: Ask, seat: int, action: Action) -> Reason | None:
        o = action.get("option")
        if action.get("type") == "produce" and isinstance(o, str) and o in PRODUCTION:
            return ("Plus de pions de ce type en réserve, ou aucune rampe de lancement libre pour lui.",
                    "No counter of that type left in stock, or no free launch platform for it.")
        return None

    def public(self, g: Any, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"kind": ask.kind, "seats": ask.seats}


class Place(Kind):
    label = ("placer le vaisseau produit sur une rampe de lancement", "place the new ship on a launch platform")

    def actions(self, g: Any, ask: Ask, seat: int) -> list[Action]:
        return g.placements(seat, ask.data["items"][0])

    def apply(self, g: Any, ask: Ask, seat: int, action: Action) -> bool:
        g.place(seat, ask.data["items"].pop(0), action)
        while ask.data["items"] and not g.placements(seat, ask.data["items"][0]):
            g.emit("Plus de place sur les rampes : un vaisseau produit en moins.",
                   "No room left on the launch platforms: one ship fewer.")
            ask.data["items"].pop(0)
        return not ask.data["items"]

    def why(self, g: Any, ask: Ask, seat: int, action: Action) -> Reason | None:
        if action.get("type") == "place":
            return (("Un vaisseau de deux cases pose son arrière sur une rampe libre et sa tête sur une case libre ; "
                    "un chasseur va sur une rampe libre ou sur un croiseur qui a de la place."),
                    ("A two-hex ship puts its rear on a free platform and its head on a free hex; a fighter goes on "
                    "a free platform or on a cruiser with room."))
        return None

    def public(self, g: Any, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"kind": ask.kind, "seats": ask.seats, "items": list(ask.data["items"])}


class Orders(Kind):
    """Moves and fire: pick a ship, then one thing for it; or end the phase."""

    label = ("choisir un vaisseau puis son mouvement ou son tir", "pick a ship, then its move or its fire")

    def actions(self, g: Any, ask: Ask, seat: int) -> list[Action]:
        sel = ask.data.get("sel")
        if sel is None:
            out: list[Action] = [{"type": "select", "ship": sid} for sid in g.ready_ships(seat)]
            out.append({"type": "end"})
            return out
        return g.ship_actions(g.ships[sel]) + [{"type": "deselect"}]

    def apply(self, g: Any, ask: Ask, seat: int, action: Action) -> bool:
        t = action["type"]
        if t == "end":
            g.end_orders(seat)
            return True
        if t == "select":
            ask.data["sel"] = action["ship"]
            return False
        if t == "deselect":
            ask.data["sel"] = None
            return False
        ship = g.ships[ask.data["sel"]]
        g.carry_out(ship, action)
        if ship.id not in g.ships or not g.ship_actions(ship):
            ask.data["sel"] = None
        return False

    def why(self, g: Any, ask: Ask, seat: int, action: Action) -> Reason | None:
        return g.why_order(seat, ask.data.get("sel"), action)

    def public(self, g: Any, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"kind": ask.kind, "seats": ask.seats, "sel": ask.data.get("sel")}


# ---- the game ----------------------------------------------------------------------------------------------------
class KrollPrumniRules(FlowState):
    """The rules; the registered class (search.py) adds the bots' hooks."""

    game_id = "kroll-et-prumni"
    title: ClassVar[dict[str, str]] = {"fr": "Kroll & Prumni", "en": "Kroll & Prumni"}
    min_players = 2
    max_players = 2
    rules_version = 1
    options_spec = (
        Option("turns", "int", 18, {"fr": "Nombre de tours", "en": "Number of turns"},
               {"fr": "18 dans la règle ; moins pour une partie courte.",
                "en": "18 in the rules; fewer for a short game."}, min=1, max=18),
    )
    rulings: ClassVar[tuple[dict[str, str], ...]] = (
        {"fr": "La carte est une reconstruction (le kit n'en contient pas) : fichier map.txt, remplaçable.",
         "en": "The map is a reconstruction (the kit has none): file map.txt, replaceable."},
        {"fr": "La table de tirs est une reconstruction de la fiche illisible : fichier fire-table.txt, remplaçable.",
         "en": "The fire table is reconstructed from the garbled sheet: file fire-table.txt, replaceable."},
        {"fr": "La répartition des 50 pions par type est une reconstruction : fichier fleet.txt.",
         "en": "How the 50 counters divide between types is a reconstruction: file fleet.txt."},
        {"fr": "Un tir touche si le dé fait au moins le chiffre de la table, plus 1 par explosion sur le tireur.",
         "en": "A shot hits when the die is at least the table's number, plus 1 per explosion on the shooter."},
        {"fr": "Distance et ligne de tir se mesurent de la case du tireur à celle de la cible qui donnent le "
               "meilleur tir (tête ou arrière d'un vaisseau de deux cases).",
         "en": "Range and line of fire run between the hexes of shooter and target that give the best shot "
               "(head or tail of a two-hex ship)."},
        {"fr": "Une ligne de tir qui longe le bord commun de deux cases n'est coupée que si les deux bloquent.",
         "en": "A line of fire running along the edge between two hexes is blocked only if both hexes block."},
        {"fr": "Un vaisseau tire tous ses missiles avant son mouvement ou tous après, jamais de part et d'autre.",
         "en": "A ship fires all its missiles before its move or all after it, never some of each."},
        {"fr": "Le changement de cap d'un croiseur ou d'un colonisator ne coûte pas de case ; tout angle est permis.",
         "en": "A cruiser's or colonisator's heading change costs no hex; any angle is allowed."},
        {"fr": "Les marges de gravité ne valent que pour les 12 petites planètes ; les planètes géantes et leurs "
               "rampes sont interdites d'accès, les rampes servent seulement au décollage.",
         "en": "Gravity margins apply to the 12 small planets only; giant planets and their platforms may not be "
               "entered, platforms are for take-off only."},
        {"fr": "Réparation : le vaisseau est adjacent à une base mobile intacte au début et à la fin de la phase "
               "de son joueur, sans avoir bougé ni tiré.",
         "en": "Repair: the ship is next to an undamaged mobile base at the start and the end of its player's "
               "phase, and neither moved nor fired."},
        {"fr": "Un chasseur produit par une base fixe reste sur sa planète tant qu'il ne bouge pas ; la planète ne "
               "produit pas s'il y est encore, et il ne craint pas sa réapparition.",
         "en": "A fighter produced by a fixed base stays on its planet until it moves; the planet does not produce "
               "while it is still there, and its reappearance does not harm it."},
        {"fr": "Un pion détruit retourne dans la réserve de son joueur (sauf les bases mobiles, jamais produites) ; "
               "les 25 pions explosion ne limitent pas les coups au but.",
         "en": "A destroyed counter goes back to its owner's stock (mobile bases are never produced); the 25 "
               "explosion markers do not limit hits."},
        {"fr": "L'ordre des disques n'est jamais affiché : seul le disque du tour l'est (la règle interdit de le noter).",
         "en": "The disc order is never shown: only the current disc is (the rules forbid writing it down)."},
    )

    gm: GameMap = MAP
    _occ: dict[Hex, int] | None = None

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

    def touch(self) -> None:
        """Ships have moved, come or gone: forget the cached occupancy (every change of position calls this)."""
        self._occ = None

    def occupancy(self) -> dict[Hex, int]:
        """Hex → the ship standing on it (fixed bases included; a fighter produced on its planet stands over
        the planet's base and is the one listed). Cached until `touch`: callers must not change it."""
        if self._occ is not None:
            return self._occ
        occ: dict[Hex, int] = {}
        for s in self.ships.values():
            if s.on_map():
                for c in s.cells():
                    if s.kind != "fixed" or c not in occ:
                        occ[c] = s.id
        self._occ = occ
        return occ

    def base_at(self, h: Hex) -> Ship | None:
        for s in self.ships.values():
            if s.kind == "fixed" and s.head == h:
                return s
        return None

    def planets_of(self, seat: int) -> int:
        return sum(1 for s in self.ships.values() if s.kind == "fixed" and s.seat == seat)

    def blocked(self, kind: str) -> frozenset[Hex]:
        return self.gm.blocked(self.absent, TYPES[kind].margin)

    def move_allowance(self, s: Ship) -> int:
        return LAUNCH_MOVE if (s.kind == "fighter" and (s.launched or s.carried_by is not None)) else s.type.move

    # ---- movement ----------------------------------------------------------------------------------------------
    def destinations(self, s: Ship, occ: dict[Hex, int] | None = None) -> dict[tuple[Hex, int | None], Any]:
        """Where `s` may move now: (head, heading) → route (two-hex ship) or (hex, None) → steps (fighter)."""
        if s.moved or s.hyper or s.kind == "fixed" or s.exited or s.entered:
            return {}
        if occ is None:
            occ = self.occupancy()
        blocked = self.blocked(s.kind)
        if s.kind == "fighter":
            if s.carried_by is not None:
                carrier = self.ships[s.carried_by]
                if not carrier.on_map():
                    return {}
                starts = carrier.cells()
            else:
                starts = s.cells()
            reach = geo.fighter_moves(self.gm, blocked, starts, self.move_allowance(s))
            return {(h, None): k for h, k in reach.items() if k > 0 and h not in occ}
        assert s.head is not None and s.heading is not None
        moves = geo.two_hex_moves(self.gm, blocked, s.head, s.heading, s.type.move, s.type.turns)
        own = set(s.cells())
        out: dict[tuple[Hex, int | None], Any] = {}
        for (h, d), route in moves.items():
            t = geo.tail_of(h, d)
            if (h in occ and h not in own) or (t in occ and t not in own):
                continue
            out[(h, d)] = route
        return out

    def boardings(self, s: Ship) -> list[int]:
        """Own cruisers with room that fighter `s` reaches within 6 hexes (recovery), when it has not moved."""
        if s.kind != "fighter" or s.moved or s.carried_by is not None or not s.on_map():
            return []
        reach = None
        out = []
        for c in self.ships.values():
            if c.kind == "cruiser" and c.seat == s.seat and c.on_map() and len(c.cargo) < 2:
                if reach is None:
                    # Ships never block the way: the cruiser's own hexes are reached like any other.
                    reach = geo.fighter_moves(self.gm, self.blocked("fighter"), s.cells(), LAUNCH_MOVE)
                if any(cc in reach for cc in c.cells()):
                    out.append(c.id)
        return out

    # ---- fire ----------------------------------------------------------------------------------------------------
    def can_fire(self, s: Ship) -> bool:
        if s.kind not in FIRE or not s.on_map() or s.exited:
            return False
        if s.moved and s.fired_first:
            return False
        if s.kind == "mobile":
            return True
        return s.fired < s.type.missiles

    def need(self, s: Ship, t: Ship) -> tuple[int, int] | None:
        """(distance, roll needed) for `s` firing at `t`, or None when it cannot (range, line, chance)."""
        if t.seat == s.seat or not t.on_map():
            return None
        if t.kind == "fixed" and self.gm.planets.get(t.head) == self.absent:  # type: ignore[arg-type]
            return None
        shot = geo.best_shot(s.cells(), t.cells(), s.type.range, self.gm.obstacles(self.absent))
        if shot is None:
            return None
        d = shot[0]
        n = FIRE[s.kind][t.kind][d - 1] + s.hits
        if n > 6:
            return None
        return d, n

    def targets(self, s: Ship) -> list[tuple[int, int, int]]:
        """(target id, distance, roll needed) for every ship `s` may fire at now."""
        if not self.can_fire(s):
            return []
        out = []
        for t in self.ships.values():
            if t.seat == s.seat or (s.kind == "mobile" and t.id in s.targets):
                continue
            got = self.need(s, t)
            if got is not None:
                out.append((t.id, got[0], got[1]))
        return out

    # ---- hyperspace ------------------------------------------------------------------------------------------------
    def hyper_clear(self, cells: tuple[Hex, ...], me: int, occ: dict[Hex, int]) -> bool:
        """No other ship, present planet or asteroid barrier next to these hexes."""
        obstacles = self.gm.obstacles(self.absent)
        for n in geo.adjacent_cells(self.gm, cells):
            if n in obstacles:
                return False
            o = occ.get(n)
            if o is not None and o != me:
                return False
        return True

    def can_enter(self, s: Ship, occ: dict[Hex, int] | None = None) -> bool:
        if not s.type.hyper or not s.on_map() or s.hits or s.moved or s.exited:
            return False
        return self.hyper_clear(s.cells(), s.id, self.occupancy() if occ is None else occ)

    def exits(self, s: Ship, occ: dict[Hex, int] | None = None) -> list[tuple[Hex, int]]:
        """Where a ship in hyperspace may come out (head, heading): two free hexes clear of the bodies and their
        gravity margins, with no ship, present planet or asteroid next to either."""
        if not s.hyper or s.entered:
            return []
        occ = self.occupancy() if occ is None else occ
        cells = self.gm.cells
        bad = set(self.blocked(s.kind)) | self.gm.crowded(self.absent)
        for h in occ:
            bad.add(h)
            bad.update(hx.neighbors(h))
        out = []
        for h in sorted(cells):
            if h in bad:
                continue
            for d in range(6):
                t = geo.tail_of(h, d)
                if t in cells and t not in bad:
                    out.append((h, d))
        return out

    # ---- one ship's options ------------------------------------------------------------------------------------------
    def ship_actions(self, s: Ship, occ: dict[Hex, int] | None = None) -> list[Action]:
        occ = self.occupancy() if occ is None else occ
        out: list[Action] = []
        if s.hyper:
            out.extend({"type": "exit", "to": [h[0], h[1]], "dir": d} for h, d in self.exits(s, occ))
            return out
        for (h, d) in self.destinations(s, occ):
            a: Action = {"type": "move", "to": [h[0], h[1]]}
            if d is not None:
                a["dir"] = d
            out.append(a)
        out.extend({"type": "board", "ship": c} for c in self.boardings(s))
        out.extend({"type": "fire", "target": t} for t, _, _ in self.targets(s))
        if self.can_enter(s, occ):
            out.append({"type": "hyper"})
        return out

    def ready_ships(self, seat: int) -> list[int]:
        """The ships of `seat` that still have something to do in this phase (the ones offered for selection)."""
        occ = self.occupancy()
        out = []
        for s in self.ships.values():
            if s.seat != seat or s.kind == "fixed":
                continue
            if s.hyper:
                if not s.entered and self.exits_any(s, occ):
                    out.append(s.id)
                continue
            if self.has_move(s, occ) or self.targets(s) or self.boardings(s) or self.can_enter(s, occ):
                out.append(s.id)
        return out

    def exits_any(self, s: Ship, occ: dict[Hex, int]) -> bool:
        return bool(self.exits(s, occ)) if not s.entered else False

    def has_move(self, s: Ship, occ: dict[Hex, int]) -> bool:
        """Whether `s` has at least one destination (the same rules as `destinations`, stopping at the first)."""
        if s.moved or s.hyper or s.kind == "fixed" or s.exited or s.entered:
            return False
        blocked = self.blocked(s.kind)
        if s.kind == "fighter":
            if s.carried_by is not None:
                carrier = self.ships[s.carried_by]
                if not carrier.on_map():
                    return False
                starts = carrier.cells()
            else:
                starts = s.cells()
            return geo.fighter_any(self.gm, blocked, starts, self.move_allowance(s), lambda h: h not in occ)
        assert s.head is not None and s.heading is not None
        me = s.id

        def free(h: Hex, t: Hex) -> bool:
            return occ.get(h, me) == me and occ.get(t, me) == me

        found = geo.two_hex_moves(self.gm, blocked, s.head, s.heading, s.type.move, s.type.turns, stop=free)
        return any(free(h, geo.tail_of(h, d)) for h, d in found)

    # ---- carrying out orders ---------------------------------------------------------------------------------------
    def carry_out(self, s: Ship, action: Action) -> None:
        t = action["type"]
        if t == "move":
            self._move(s, Hex(*action["to"]), action.get("dir"))
        elif t == "board":
            self._board(s, self.ships[action["ship"]])
        elif t == "fire":
            self._fire(s, self.ships[action["target"]])
        elif t == "hyper":
            self._enter(s)
        elif t == "exit":
            self._exit(s, Hex(*action["to"]), action["dir"])

    def _move(self, s: Ship, to: Hex, d: int | None) -> None:
        self.touch()
        src = s.head
        if s.carried_by is not None:  # a launch
            carrier = self.ships[s.carried_by]
            carrier.cargo.remove(s.id)
            s.carried_by = None
            s.launched = True
            self.emit(f"{P(s.seat)} lance le {ship_fr(s)} depuis le {ship_fr(carrier)}.",
                      f"{NAMES[s.seat]['en']} launches {ship_en(s)} from {ship_en(carrier)}.")
        s.head = to
        if d is not None:
            s.heading = d
        for fid in s.cargo:
            f = self.ships[fid]
            f.head, f.heading = s.head, None
        s.moved = True
        s.acted = True
        self.emit(f"{P(s.seat)} déplace le {ship_fr(s)}.", f"{NAMES[s.seat]['en']} moves {ship_en(s)}.",
                  move={"ship": s.id, "from": hx_json(src), "to": hx_json(to)})

    def _board(self, f: Ship, c: Ship) -> None:
        self.touch()
        f.carried_by = c.id
        c.cargo.append(f.id)
        f.head, f.heading = c.head, None
        f.moved = True
        f.acted = True
        f.launched = True
        self.emit(f"Le {ship_fr(f)} rejoint le {ship_fr(c)}.", f"{ship_en(f)} boards {ship_en(c)}.")

    def _fire(self, s: Ship, t: Ship) -> None:
        got = self.need(s, t)
        assert got is not None
        d, n = got
        roll = self.rng.randint(1, 6)
        self.reveal()
        s.fired += 1
        s.acted = True
        if not s.moved:
            s.fired_first = True
        if s.kind == "mobile":
            s.targets.append(t.id)
        hit = roll >= n
        self.emit(f"Le {ship_fr(s)} tire sur le {ship_fr(t)} à {d} case{'s' if d > 1 else ''} : il faut {n}, "
                  f"le dé fait {roll} — {'touché' if hit else 'manqué'}.",
                  f"{ship_en(s)} fires at {ship_en(t)} at {d} hex{'es' if d > 1 else ''}: needs {n}, rolls "
                  f"{roll} — {'hit' if hit else 'miss'}.",
                  fire={"ship": s.id, "target": t.id, "roll": roll, "need": n, "hit": hit})
        if hit:
            t.hits += 1
            if t.hits >= t.type.threshold:
                self.destroy(t)

    def destroy(self, t: Ship) -> None:
        """Remove a ship (its counter goes back to the stock) and the fighters it carries."""
        self.touch()
        for fid in list(t.cargo):
            self.destroy(self.ships[fid])
        if t.carried_by is not None and t.carried_by in self.ships:
            c = self.ships[t.carried_by]
            if t.id in c.cargo:
                c.cargo.remove(t.id)
        del self.ships[t.id]
        self.emit(f"Le {ship_fr(t)} est détruit.", f"{ship_en(t)} is destroyed.", destroyed=t.id)

    def _enter(self, s: Ship) -> None:
        self.touch()
        s.head = None
        s.hyper = True
        s.entered = True
        s.moved = True
        s.acted = True
        for fid in s.cargo:
            self.ships[fid].head = None
        self.emit(f"Le {ship_fr(s)} passe dans l'hyperespace.", f"{ship_en(s)} enters hyperspace.")

    def _exit(self, s: Ship, h: Hex, d: int) -> None:
        self.touch()
        s.head, s.heading = h, d
        s.hyper = False
        s.exited = True
        s.moved = True
        s.acted = True
        for fid in s.cargo:
            self.ships[fid].head = h
        self.emit(f"Le {ship_fr(s)} sort de l'hyperespace.", f"{ship_en(s)} leaves hyperspace.",
                  move={"ship": s.id, "from": None, "to": hx_json(h)})

    # ---- refusals ---------------------------------------------------------------------------------------------------
    def why_order(self, seat: int, sel: Any, action: Action) -> Reason | None:
        t = action.get("type")
        if t == "select":
            sid = action.get("ship")
            s = self.ships.get(sid) if isinstance(sid, int) else None
            if s is None:
                return ("Ce vaisseau n'existe pas.", "There is no such ship.")
            if s.seat != seat:
                return ("Ce vaisseau n'est pas à vous : on ne bouge jamais les pions adverses.",
                        "That ship is not yours: you never move your opponent's counters.")
            if sel is not None:
                return ("Un vaisseau est déjà choisi : relâchez-le d'abord.", "A ship is already picked: release it first.")
            return ("Ce vaisseau n'a plus rien à faire dans ce tour.", "That ship has nothing left to do this turn.")
        if t in ("move", "fire", "board", "hyper", "exit") and sel is None:
            return ("Choisissez d'abord un vaisseau.", "Pick a ship first.")
        if sel is None or sel not in self.ships:
            return None
        s = self.ships[sel]
        if t == "move":
            if s.moved:
                return ("Ce vaisseau a déjà bougé dans ce tour.", "That ship has already moved this turn.")
            if s.entered or s.exited:
                return ("Un vaisseau qui entre dans l'hyperespace ou en sort ne bouge pas dans ce tour.",
                        "A ship entering or leaving hyperspace does not move this turn.")
            return (("Case hors de portée : trop loin, virage en trop, planète, astéroïdes, marge de gravité, bord "
                    "de la carte ou case occupée à l'arrivée."),
                    ("Out of reach: too far, one turn too many, a planet, asteroids, a gravity margin, the map's edge "
                    "or an occupied hex at the end."))
        if t == "fire":
            tid = action.get("target")
            tg = self.ships.get(tid) if isinstance(tid, int) else None
            if tg is not None and tg.seat == s.seat:
                return ("Il est interdit de tirer sur ses propres pions.", "You may not fire at your own counters.")
            if not self.can_fire(s):
                if s.kind not in ("mobile", "cruiser", "fighter"):
                    return ("Ce vaisseau ne tire pas.", "That ship does not fire.")
                if s.exited:
                    return ("Un croiseur ne tire pas quand il sort de l'hyperespace.",
                            "A cruiser does not fire as it leaves hyperspace.")
                if s.moved and s.fired_first:
                    return ("Ce vaisseau a tiré avant de bouger : il ne tire plus après.",
                            "That ship fired before moving: it does not fire after.")
                return ("Ce vaisseau a tiré tous ses missiles.", "That ship has fired all its missiles.")
            if tg is not None and tg.kind == "fixed" and self.gm.planets.get(tg.head) == self.absent:  # type: ignore[arg-type]
                return ("Sa planète est absente ce tour : la base fixe ne peut pas être attaquée.",
                        "Its planet is absent this turn: the fixed base cannot be attacked.")
            if s.kind == "mobile" and tg is not None and tg.id in s.targets:
                return ("La base mobile tire un seul missile sur chaque vaisseau.",
                        "A mobile base fires one missile at each ship.")
            return (("Cible hors de portée, sans ligne de tir (planète ou astéroïdes entre les deux) ou sans chance "
                    "de toucher."), ("Target out of range, no line of fire (a planet or asteroids in between) or "
                    "no chance to hit."))
        if t == "hyper":
            if not s.type.hyper:
                return ("Seuls les croiseurs et les colonisators voyagent dans l'hyperespace.",
                        "Only cruisers and colonisators travel through hyperspace.")
            if s.hits:
                return ("Un vaisseau touché par un missile ne peut pas passer dans l'hyperespace.",
                        "A ship hit by a missile cannot enter hyperspace.")
            if s.moved or s.exited:
                return ("Un vaisseau qui a bougé, ou qui sort de l'hyperespace, n'y entre pas dans ce tour.",
                        "A ship that has moved, or has just left hyperspace, does not enter it this turn.")
            return ("Il ne doit y avoir ni vaisseau, ni planète, ni astéroïdes à côté de lui.",
                    "There must be no ship, planet or asteroid next to it.")
        if t == "exit":
            if s.entered:
                return ("Un vaisseau ne ressort de l'hyperespace qu'au tour suivant.",
                        "A ship comes out of hyperspace on a later turn only.")
            return ("Sortie impossible ici : il faut deux cases libres, loin de tout vaisseau, planète ou astéroïde.",
                    "It cannot come out here: it needs two free hexes with no ship, planet or asteroid next to them.")
        if t == "board":
            return (("Ce chasseur ne peut pas rejoindre ce croiseur (6 cases au plus, 2 chasseurs par croiseur, "
                    "chasseur qui n'a pas encore bougé)."),
                    ("That fighter cannot board that cruiser (6 hexes at most, 2 fighters per cruiser, a fighter "
                    "that has not moved yet)."))
        return None

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
        blocked = self.blocked(kind)
        for tail in self.free_platforms(seat, occ):
            for d in range(6):
                head = geo.step(tail, d)
                if head in self.gm.cells and head not in blocked and head not in occ:
                    out.append({"type": "place", "to": [head[0], head[1]], "dir": d})
        return out

    def can_produce(self, seat: int, option: str) -> bool:
        return bool(self.placements(seat, PRODUCTION[option][0]))

    def start_production(self, seat: int, option: str) -> None:
        if option == "none":
            self.emit(f"{P(seat)} ne peut rien produire.", f"{NAMES[seat]['en']} cannot produce anything.")
            return
        fr = {"cruiser": "un croiseur et 2 chasseurs", "colonisator": "un colonisator", "fighters": "5 chasseurs"}
        en = {"cruiser": "a cruiser and 2 fighters", "colonisator": "a colonisator", "fighters": "5 fighters"}
        self.emit(f"{P(seat)} produit {fr[option]}.", f"{NAMES[seat]['en']} produces {en[option]}.")
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
        self.emit(f"{P(seat)} place un {TYPES[kind].fr} sur sa rampe de lancement.",
                  f"{NAMES[seat]['en']} places a {TYPES[kind].en} on its launch platform.")
        del s

    # ---- steps of the turn ---------------------------------------------------------------------------------------------
    def _step_disc(self) -> None:
        self.turn += 1
        before = self.absent
        self.absent = self.discs[(self.turn - 1) % len(self.discs)]
        self.reveal()
        self.emit(f"Tour {self.turn} : disque {COLOUR_FR[self.absent]} — les planètes et astéroïdes "
                  f"{COLOUR_FR[self.absent]}s disparaissent pour ce tour.",
                  f"Turn {self.turn}: {COLOUR_EN[self.absent]} disc — {COLOUR_EN[self.absent]} planets and "
                  f"asteroids vanish for this turn.", disc=self.absent)
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
                self.emit(f"Les astres {COLOUR_FR[colour]}s réapparaissent sur le {ship_fr(s)}.",
                          f"The {COLOUR_EN[colour]} bodies reappear on {ship_en(s)}.")
                self.destroy(s)

    def _step_initiative(self) -> None:
        while True:
            a, b = self.rng.randint(1, 6), self.rng.randint(1, 6)
            self.emit(f"Initiative : {P(0)} {a}, {P(1)} {b}.", f"Initiative: {NAMES[0]['en']} {a}, {NAMES[1]['en']} {b}.")
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
            self.emit(f"La base fixe n° {b.id} produit le {ship_fr(f)}.", f"Fixed base #{b.id} produces {ship_en(f)}.")

    def end_orders(self, seat: int) -> None:
        """The end of a player's moves and fire: colonisation, then repairs."""
        gm = self.gm
        for c in sorted((s for s in self.ships.values() if s.seat == seat and s.kind == "colonisator"),
                        key=lambda s: s.id):
            if c.hits or not c.on_map():
                continue
            near = [geo.adjacent_cells(gm, (x,)) for x in c.cells()]
            for p, colour in sorted(gm.planets.items()):
                if colour == self.absent or self.base_at(p) is not None:
                    continue
                if all(p in n for n in near) and self.stock(seat, "fixed") > 0:
                    self._new_ship(seat, "fixed", p, None)
                    self.emit(f"{P(seat)} colonise la planète {COLOUR_FR[colour]} en {list(p)}.",
                              f"{NAMES[seat]['en']} colonises the {COLOUR_EN[colour]} planet at {list(p)}.",
                              colonise=[p[0], p[1]])
        for sid in sorted(self.repair_start):
            s = self.ships.get(sid)
            if s is not None and not s.acted and s.hits and s.on_map() and self._at_base(s):
                s.hits -= 1
                self.emit(f"Le {ship_fr(s)} est réparé d'une explosion.", f"{ship_en(s)} is repaired by one explosion.")
        for s in self.ships.values():
            if s.seat == seat and s.kind in ("mobile", "fixed") and s.hits:
                s.hits -= 1
                self.emit(f"La {ship_fr(s)} se répare d'une explosion.", f"{ship_en(s)} repairs one explosion.")

    def _step_count(self) -> None:
        counts = [self.planets_of(s) for s in range(SEATS)]
        self.emit(f"Fin du tour {self.turn} : planètes {counts[0]} – {counts[1]}.",
                  f"End of turn {self.turn}: planets {counts[0]} – {counts[1]}.")
        if max(counts) >= PLANETS_TO_WIN:
            self.winner = [counts.index(max(counts))]
            self.scores = counts
            self.emit(f"{P(self.winner[0])} contrôle {max(counts)} planètes et gagne.",
                      f"{NAMES[self.winner[0]]['en']} controls {max(counts)} planets and wins.")
            self.phase = "over"
            return
        if self.turn >= self.max_turns:
            self.scores = [sum(4 - s.hits for s in self.ships.values() if s.kind == "fixed" and s.seat == seat)
                           for seat in range(SEATS)]
            top = max(self.scores)
            self.winner = [s for s in range(SEATS) if self.scores[s] == top]
            self.emit(f"Fin de la partie : {self.scores[0]} points contre {self.scores[1]}.",
                      f"Game over: {self.scores[0]} points to {self.scores[1]}.")
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
            "names": [dict(n) for n in NAMES],
            "ships": [self.ship_view(s) for s in sorted(self.ships.values(), key=lambda s: s.id)],
            "planets": [self.planets_of(s) for s in range(SEATS)],
            "stock": [{k: self.stock(s, k) for k in FLEET} for s in range(SEATS)],
            "asks": self.asks_public(seat),
            "scores": list(self.scores),
            "map": self.map_view(),
        }
        if ask is not None and ask.kind == "orders" and seat in ask.seats:
            sel = ask.data.get("sel")
            if sel is not None and sel in self.ships:
                v["selected"] = self.selection_view(self.ships[sel])
        return v

    def map_view(self) -> dict[str, Any]:
        """The map for the page: every hex with its terrain token (see map.txt), and the mobile bases' headings."""
        return {"cells": [[h[0], h[1], tok] for h, tok in sorted(self.gm.cells.items())]}

    def selection_view(self, s: Ship) -> dict[str, Any]:
        """What the page highlights for the picked ship: destinations with their path, targets with the roll."""
        occ = self.occupancy()
        moves: list[dict[str, Any]] = []
        tree: dict[Hex, Hex | None] | None = None
        for (h, d), route in self.destinations(s, occ).items():
            if d is None:
                if tree is None:
                    starts = self.ships[s.carried_by].cells() if s.carried_by is not None else s.cells()
                    tree = geo.fighter_paths(self.gm, self.blocked("fighter"), starts, self.move_allowance(s))
                path = [[x[0], x[1]] for x in geo.path_in(tree, h)]
                moves.append({"to": [h[0], h[1]], "dir": None, "path": path, "turn": None})
            else:
                assert s.head is not None and s.heading is not None
                cells = geo.route_cells(s.head, s.heading, route, mobile=s.kind == "mobile")
                turned = None if route[0] == route[2] or s.kind == "mobile" else route[1]
                moves.append({"to": [h[0], h[1]], "dir": d, "path": [[c[0][0], c[0][1]] for c in cells],
                              "turn": turned})
        obstacles = self.gm.obstacles(self.absent)
        targets = []
        for t, dist, n in self.targets(s):
            shot = geo.best_shot(s.cells(), self.ships[t].cells(), s.type.range, obstacles)
            assert shot is not None
            targets.append({"ship": t, "distance": dist, "need": n, "chance": (7 - n) / 6,
                            "line": [hx_json(c) for c in hx.line(shot[1], shot[2])]})
        return {"ship": s.id, "moves": moves, "targets": targets, "range": s.type.range if self.can_fire(s) else 0,
                "hyper": self.can_enter(s, occ), "exits": [[h[0], h[1], d] for h, d in self.exits(s, occ)],
                "boardings": self.boardings(s)}

__all__ = ["KrollPrumniRules", "Ship"]
