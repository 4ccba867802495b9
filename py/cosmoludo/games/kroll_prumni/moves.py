"""Kroll & Prumni: what one ship may do in its player's phase and doing it — movement, fighter recovery, fire,
hyperspace — with the refusals' reasons. The class below the rules (rules.py): the turn, production, colonisation
and repairs stand above it."""
from __future__ import annotations

from typing import Any

from ...core import hexgrid as hx
from ...core.flow import FlowState, Reason
from ...core.hexgrid import Hex
from ...core.state import Action, listed
from . import geometry as geo
from . import why
from .data import FIRE, LAUNCH_MOVE, MAP, TYPES, GameMap
from .pieces import NAMES, Ship, company_fr, e_fr, hx_json, ship_en, the_ship_fr


class KrollMoves(FlowState):
    """The ships on the map and their orders; the state's fields are set up by the rules (`_setup`)."""

    gm: GameMap = MAP
    _occ: dict[Hex, int] | None = None
    ships: dict[int, Ship]
    absent: str | None

    # ---- where the ships are -------------------------------------------------------------------------------------
    def touch(self) -> None:
        """Ships have moved, come or gone: forget the cached occupancy (every change of position calls this)."""
        self._occ = None

    def occupancy(self) -> dict[Hex, int]:
        """Hex → the ship standing on it (fixed bases included; a fighter produced on its planet stands over
        the planet's base and is the one listed). Cached until `touch`: callers must not change it."""
        if self._occ is not None:
            return self._occ
        occ: dict[Hex, int] = {}
        types, directions = TYPES, hx.DIRECTIONS
        for s in self.ships.values():  # s.on_map() and s.cells(), inlined: rebuilt after every move of a replay
            h = s.head
            if h is None or s.carried_by is not None:
                continue
            if s.kind == "fixed":
                occ.setdefault(h, s.id)  # a fixed base is one hex
                continue
            occ[h] = s.id
            if types[s.kind].hexes == 2:
                dq, dr = directions[s.heading]  # type: ignore[index]
                occ[Hex(h[0] - dq, h[1] - dr)] = s.id  # geometry.tail_of
        self._occ = occ
        return occ

    def blocked(self, kind: str) -> frozenset[Hex]:
        return self.gm.blocked(self.absent, TYPES[kind].margin)

    def take_off(self, s: Ship) -> frozenset[Hex]:
        """The launch platform under a new two-hex ship's head (Kroll 6: it may rest on one), which its tail
        covers as the ship leaves it but where no move ends (platforms are for take-off only); empty for any
        other ship."""
        return frozenset((s.head,)) if s.head in self.gm.platforms else frozenset()

    def fighter_starts(self, s: Ship) -> tuple[Hex, ...] | None:
        """Where fighter `s` moves from: its own hex, or its carrier's two when aboard (None: the carrier is off
        the map, in hyperspace)."""
        if s.carried_by is None:
            return s.cells()
        carrier = self.ships[s.carried_by]
        return carrier.cells() if carrier.on_map() else None

    def move_allowance(self, s: Ship) -> int:
        return LAUNCH_MOVE if (s.kind == "fighter" and (s.launched or s.carried_by is not None)) else s.type.move

    # ---- movement ----------------------------------------------------------------------------------------------
    #: While a view is drawn (rules.view), a ship's destinations and targets are computed once: the legal actions
    #: and the selection both need them. None the rest of the time.
    _memo: dict[tuple[str, int], Any] | None = None

    def destinations(self, s: Ship, occ: dict[Hex, int] | None = None) -> dict[tuple[Hex, int | None], Any]:
        """Where `s` may move now: (head, heading) → route (two-hex ship) or (hex, None) → steps (fighter)."""
        memo = self._memo
        if memo is None:
            return self._destinations(s, occ)
        got = memo.get(("dest", s.id))
        if got is None:
            got = memo[("dest", s.id)] = self._destinations(s, occ)
        return got  # type: ignore[no-any-return]

    def _destinations(self, s: Ship, occ: dict[Hex, int] | None = None) -> dict[tuple[Hex, int | None], Any]:
        if s.moved or s.hyper or s.kind == "fixed" or s.exited or s.entered:
            return {}
        if occ is None:
            occ = self.occupancy()
        blocked = self.blocked(s.kind)
        if s.kind == "fighter":
            starts = self.fighter_starts(s)
            if starts is None:
                return {}
            reach = geo.fighter_moves(self.gm, blocked, starts, self.move_allowance(s))
            return {(h, None): k for h, k in reach.items() if k > 0 and h not in occ}
        assert s.head is not None and s.heading is not None
        lift = self.take_off(s)
        moves = geo.two_hex_moves(self.gm, blocked, s.head, s.heading, s.type.move, s.type.turns, passable=lift)
        own = set(s.cells())
        out: dict[tuple[Hex, int | None], Any] = {}
        for (h, d), route in moves.items():
            t = geo.tail_of(h, d)
            if (h in occ and h not in own) or (t in occ and t not in own) or h in lift or t in lift:
                continue
            out[(h, d)] = route
        return out

    def can_move_to(self, s: Ship, h: Hex, d: int | None) -> bool:
        """Whether (h, d) is one of `destinations(s)`, searched for alone (the search stops once it is found)."""
        if s.moved or s.hyper or s.kind == "fixed" or s.exited or s.entered:
            return False
        occ = self.occupancy()
        blocked = self.blocked(s.kind)
        if s.kind == "fighter":
            if d is not None or h in occ:
                return False
            starts = self.fighter_starts(s)
            if starts is None:
                return False
            return geo.fighter_reaches(self.gm, blocked, starts, self.move_allowance(s), h)
        assert s.head is not None and s.heading is not None
        if d is None or not 0 <= d < 6:
            return False
        t = geo.tail_of(h, d)
        own = s.cells()
        lift = self.take_off(s)
        if (h in occ and h not in own) or (t in occ and t not in own) or h in lift or t in lift:
            return False
        found = geo.two_hex_moves(self.gm, blocked, s.head, s.heading, s.type.move, s.type.turns,
                                  stop=lambda hh, tt: hh == h and tt == t, passable=lift)
        return (h, d) in found

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
        if s.head is None or hx.distance(s.head, t.head) > s.type.range + 2:  # type: ignore[arg-type]
            return None  # every hex of either is within 1 of its head: no pair of hexes within range
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
        memo = self._memo
        if memo is None:
            return self._targets(s)
        got = memo.get(("targets", s.id))
        if got is None:
            got = memo[("targets", s.id)] = self._targets(s)
        return got  # type: ignore[no-any-return]

    def _targets(self, s: Ship) -> list[tuple[int, int, int]]:
        if not self.can_fire(s):
            return []
        out = []
        for t in self.ships.values():
            got = self.aim(s, t)
            if got is not None:
                out.append((t.id, got[0], got[1]))
        return out

    def aim(self, s: Ship, t: Ship) -> tuple[int, int] | None:
        """(distance, roll needed) for `s`, which may fire, firing at `t` now; None when `t` is not its target."""
        if t.seat == s.seat or (s.kind == "mobile" and t.id in s.targets):
            return None
        return self.need(s, t)

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
        return [s.id for s in self.ships.values() if s.seat == seat and s.kind != "fixed" and self.has_actions(s, occ)]

    def has_actions(self, s: Ship, occ: dict[Hex, int] | None = None) -> bool:
        """Whether `ship_actions(s)` lists anything, found without listing it all."""
        occ = self.occupancy() if occ is None else occ
        if s.hyper:
            return self.exits_any(s, occ)
        return (self.has_move(s, occ) or self.can_fire(s) and any(self.aim(s, t) is not None for t in self.ships.values())
                or bool(self.boardings(s)) or self.can_enter(s, occ))

    def exits_any(self, s: Ship, occ: dict[Hex, int]) -> bool:
        return bool(self.exits(s, occ)) if not s.entered else False

    def has_move(self, s: Ship, occ: dict[Hex, int]) -> bool:
        """Whether `s` has at least one destination (the same rules as `destinations`, stopping at the first)."""
        if s.moved or s.hyper or s.kind == "fixed" or s.exited or s.entered:
            return False
        blocked = self.blocked(s.kind)
        if s.kind == "fighter":
            starts = self.fighter_starts(s)
            if starts is None:
                return False
            return geo.fighter_any(self.gm, blocked, starts, self.move_allowance(s), lambda h: h not in occ)
        assert s.head is not None and s.heading is not None
        me = s.id
        lift = self.take_off(s)

        def free(h: Hex, t: Hex) -> bool:
            return occ.get(h, me) == me and occ.get(t, me) == me and h not in lift and t not in lift

        found = geo.two_hex_moves(self.gm, blocked, s.head, s.heading, s.type.move, s.type.turns, stop=free,
                                  passable=lift)
        return any(free(h, geo.tail_of(h, d)) for h, d in found)

    def order_listed(self, seat: int, sel: int | None, action: Action) -> bool:
        """Whether `action` is one of the orders listed now (kinds.Orders.actions, JSON types included: see
        state.listed), found without listing them: the one listed order it could be is built and compared.

        A replay checks every action of a save this way: listing every ship's every move for each of a thousand
        actions was most of the time a save took to open."""
        t = action.get("type")
        if sel is None:
            if t == "end":
                return listed(action, [{"type": "end"}])
            sid = action.get("ship")
            if t != "select" or type(sid) is not int:
                return False
            s = self.ships.get(sid)
            if s is None or s.seat != seat or s.kind == "fixed" or not self.has_actions(s):
                return False
            return listed(action, [{"type": "select", "ship": sid}])
        if t == "deselect":
            return listed(action, [{"type": "deselect"}])
        return listed(action, self._order_like(self.ships[sel], action))

    def _order_like(self, s: Ship, action: Action) -> list[Action]:
        """The orders of `ship_actions(s)` that `action` could be (at most one): those of its type and values."""
        t = action.get("type")
        if s.hyper:
            if t != "exit":
                return []
            h, d = _hex(action.get("to")), action.get("dir")
            if h is None or type(d) is not int or (h, d) not in self.exits(s):
                return []
            return [{"type": "exit", "to": [h[0], h[1]], "dir": d}]
        if t == "move":
            h, d = _hex(action.get("to")), action.get("dir")
            if h is None or (d is not None and type(d) is not int) or not self.can_move_to(s, h, d):
                return []
            a: Action = {"type": "move", "to": [h[0], h[1]]}
            if d is not None:
                a["dir"] = d
            return [a]
        if t == "board":
            c = action.get("ship")
            return [{"type": "board", "ship": c}] if type(c) is int and c in self.boardings(s) else []
        if t == "fire":
            tid = action.get("target")
            tg = self.ships.get(tid) if type(tid) is int else None
            if tg is None or not self.can_fire(s) or self.aim(s, tg) is None:
                return []
            return [{"type": "fire", "target": tid}]
        if t == "hyper":
            return [{"type": "hyper"}] if self.can_enter(s) else []
        return []

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
            self.emit(f"{company_fr(s.seat)} lance {the_ship_fr(s)} depuis {the_ship_fr(carrier)}.",
                      f"{NAMES[s.seat]['en']} launches {ship_en(s)} from {ship_en(carrier)}.")
        s.head = to
        if d is not None:
            s.heading = d
        for fid in s.cargo:
            f = self.ships[fid]
            f.head, f.heading = s.head, None
        s.moved = True
        s.acted = True
        self.emit(f"{company_fr(s.seat)} déplace {the_ship_fr(s)}.", f"{NAMES[s.seat]['en']} moves {ship_en(s)}.",
                  move={"ship": s.id, "from": hx_json(src), "to": hx_json(to)})

    def _board(self, f: Ship, c: Ship) -> None:
        self.touch()
        f.carried_by = c.id
        c.cargo.append(f.id)
        f.head, f.heading = c.head, None
        f.moved = True
        f.acted = True
        f.launched = True
        self.emit(f"{the_ship_fr(f)} rejoint {the_ship_fr(c)}.", f"{ship_en(f)} boards {ship_en(c)}.")

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
        self.emit(f"{the_ship_fr(s)} tire sur {the_ship_fr(t)} à {d} case{'s' if d > 1 else ''} : il faut {n}, "
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
        self.emit(f"{the_ship_fr(t)} est détruit{e_fr(t)}.", f"{ship_en(t)} is destroyed.", destroyed=t.id)

    def _enter(self, s: Ship) -> None:
        self.touch()
        s.head = None
        s.hyper = True
        s.entered = True
        s.moved = True
        s.acted = True
        for fid in s.cargo:
            self.ships[fid].head = None
        self.emit(f"{the_ship_fr(s)} passe dans l'hyperespace.", f"{ship_en(s)} enters hyperspace.")

    def _exit(self, s: Ship, h: Hex, d: int) -> None:
        self.touch()
        s.head, s.heading = h, d
        s.hyper = False
        s.exited = True
        s.moved = True
        s.acted = True
        for fid in s.cargo:
            self.ships[fid].head = h
        self.emit(f"{the_ship_fr(s)} sort de l'hyperespace.", f"{ship_en(s)} leaves hyperspace.",
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
            return why.why_move(self, s, _hex(action.get("to")), action.get("dir"))
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
            if tg is None:
                return ("Cette cible n'existe pas.", "There is no such target.")
            return why.why_fire(self, s, tg)
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
            return why.why_hyper(self, s)
        if t == "exit":
            if s.entered:
                return ("Un vaisseau ne ressort de l'hyperespace qu'au tour suivant.",
                        "A ship comes out of hyperspace on a later turn only.")
            return why.why_exit(self, s, _hex(action.get("to")), action.get("dir"))
        if t == "board":
            return why.why_board(self, s, action.get("ship"))
        return None



def _hex(value: Any) -> Hex | None:
    """The hex of an action's [q, r] (two whole numbers, JSON's own: no true/false, no 1.0), else None."""
    if type(value) is not list or len(value) != 2 or type(value[0]) is not int or type(value[1]) is not int:
        return None
    return Hex(value[0], value[1])
