"""Galaxy Trucker « La grosse extension » — Nouvelles Technologies: the new component kinds and their rules.

Not offered yet (issue 20): this module is tested but the new-game dialog does not show the option, and the flight
engine does not call it yet. Every kind is a row of capabilities, like data.KINDS; the functions below compute what
the expansion text says each capability does on a Ship (base ship.py is left as it is: its methods stay right for
ships without the new components).

What the text does NOT give (see docs/galaxy-trucker/extension-rules-audit.md, « Questions »): how many of each new
kind are among the 42 components, their connectors, and some per-tile amounts (the two barrel sides of a
bidirectional cannon, the containers of a mixed hold or of a battery + cargo, the plated sides of an indestructible
plate). Those are per-tile data (`tile_caps`), never guessed here: until the material is known, the 42 tiles are
not in tiles.json.

Capabilities added by this module:
  luxury: a cabin for 1 human, never an alien, never refilled once emptied; pays 1/2/3 per occupied one at finish
  stasis: humans hibernating (4), not crew, not a cabin
  barrels: the sides (rotation 0) of the barrels of a cannon with several barrels (one battery fires them all)
  red_slots: how many of a hold's containers may take red goods (the others: any non-red good)
  booster: "shield" | "cannon" | "engine" — works only joined to that kind of component
  furnace: refills a joined battery for one good, when goods are gained
  plated: sides (rotation 0) a meteor or a shot cannot destroy
  life_support "cyan": a cyan alien (one per ship) with a specialisation card
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...core import squaregrid as sg
from ...core.squaregrid import Cell, N
from .data import TILES, Tile, _load
from .ship import Ship

_DATA = _load("tech.json")
#: The new kinds → capabilities (tech.json). None: an amount the text leaves to the printed tile (given per tile).
TECH_KINDS: dict[str, dict[str, Any]] = {k: dict(v["caps"]) for k, v in _DATA["kinds"].items()}
TECH_KIND_NAMES: dict[str, tuple[str, str]] = {k: (v["fr"], v["en"]) for k, v in _DATA["kinds"].items()}

#: The five cyan specialisation cards.
SPECIALISATIONS: dict[str, tuple[str, str]] = {
    "lawyer": ("Avocat", "Lawyer"),
    "manager": ("Directeur", "Manager"),
    "merchant": ("Négociant", "Merchant"),
    "techie": ("Technicien", "Techie"),
    "diplomat": ("Diplomate", "Diplomat"),
}

#: Components in the pile with the expansion, and how many go back to the box per player fewer than five.
POOL_WITH_TECH = 186
REMOVED_PER_MISSING_PLAYER = 25
LUXURY_PAY = (1, 2, 3)  # per occupied luxury cabin, flights I, II, III


def tile_caps(kind: str, **amounts: Any) -> dict[str, Any]:
    """The capabilities of one printed tile of a new kind: the kind's row with the tile's own amounts filled in.
    Refuses a missing or an unknown amount (no default is ever guessed)."""
    caps = dict(TECH_KINDS[kind])
    for k, v in amounts.items():
        if k not in caps or caps[k] is not None:
            raise ValueError(f"{kind}: {k} is not a per-tile amount")
        caps[k] = tuple(v) if isinstance(v, list) else v
    missing = [k for k, v in caps.items() if v is None]
    if missing:
        raise ValueError(f"{kind}: missing per-tile amounts {missing}")
    return caps


def make_tile(tid: int, kind: str, conn: str, **amounts: Any) -> Tile:
    """A Tile of a new kind (connectors N E S W at rotation 0, as tiles.json)."""
    c = tuple(int(ch) for ch in conn)
    assert len(c) == 4
    return Tile(tid, kind, c, tile_caps(kind, **amounts))  # type: ignore[arg-type]


def tiles_from(entries: Iterable[Mapping[str, Any]]) -> dict[int, Tile]:
    """Tiles of tech.json's format: {"id", "kind", "conn", and the kind's per-tile amounts}; refuses an id of the
    base game, an unknown kind, a missing amount."""
    out: dict[int, Tile] = {}
    for e in entries:
        tid = int(e["id"])
        if tid in TILES or tid in out:
            raise ValueError(f"tile {tid}: id already used")
        amounts = {k: v for k, v in e.items() if k not in ("id", "kind", "conn")}
        out[tid] = make_tile(tid, str(e["kind"]), str(e["conn"]), **amounts)
    return out


#: The printed tiles of the expansion — empty: the text does not give them (audit Q1).
TECH_TILES: dict[int, Tile] = tiles_from(_DATA["tiles"])


def removed_components(players: int) -> int:
    """Components put back in the box unseen (the same ones for the three flights): 25 per player fewer than 5."""
    if not 2 <= players <= 5:
        raise ValueError("2 to 5 players")
    return REMOVED_PER_MISSING_PLAYER * (5 - players)


def pool_size(players: int) -> int:
    return POOL_WITH_TECH - removed_components(players)


# ---- helpers ----------------------------------------------------------------------------
def _caps(ship: Ship, cell: Cell) -> dict[str, Any]:
    return TILES[ship.tiles[cell][0]].caps


def _joined(ship: Ship, cell: Cell) -> list[Cell]:
    return sg.joined_neighbors(ship.conn, cell)


def barrels(caps: Mapping[str, Any], rot: int) -> list[int]:
    """The sides the barrels of a cannon point to once turned `rot` (one barrel N for an ordinary cannon)."""
    if not caps.get("cannon"):
        return []
    return [sg.turn(s, rot) for s in (caps.get("barrels") or (N,))]


def cannon_unit(caps: Mapping[str, Any], rot: int) -> float:
    """The strength of one cannon component: an ordinary one full to the front, half otherwise; a bidirectional
    one counts each barrel as a single laser (1 to the front, 0.5 otherwise, so 1.5 at most)."""
    c = caps.get("cannon")
    if not c:
        return 0.0
    if caps.get("barrels"):
        return sum(1.0 if b == N else 0.5 for b in barrels(caps, rot))
    return float(c) if rot == 0 else c / 2


def errors(ship: Ship) -> list[dict[str, Any]]:
    """The ship check with the new components: ship.errors() plus the cell in front of every other barrel of a
    bidirectional cannon must be empty (an engine + cannon is both an engine and a cannon: ship.errors covers
    it)."""
    multi = {c for c, (t, _) in ship.tiles.items() if TILES[t].caps.get("cannon") and TILES[t].caps.get("barrels")}
    out = [e for e in ship.errors() if not (e["why"] == "cannon_blocked" and e["cells"][0] in multi)]
    for cell in sorted(multi):
        t, rot = ship.tiles[cell]
        for b in barrels(TILES[t].caps, rot):
            front = sg.neighbor(cell, b)
            if front in ship.tiles:
                out.append({"why": "cannon_blocked", "cells": [cell, front]})
    return out


# ---- crew: luxury cabins, stasis ---------------------------------------------------------
def awake_humans(ship: Ship) -> int:
    return ship.humans()


def fill(ship: Ship) -> dict[Cell, int]:
    """Crew placement with the new components: ship.fill() (a luxury cabin gets its 1 human, the battery of a
    battery + cargo its cells) and 4 hibernating humans per stasis chamber, returned as {chamber: sleepers}."""
    ship.fill()
    return {c: int(_caps(ship, c)["stasis"]) for c in sorted(ship.tiles) if _caps(ship, c).get("stasis")}


def wake_room(ship: Ship, cabin: Cell) -> int:
    """Humans that may be woken into `cabin`: a cabin (starting cabin included) without an alien, up to 2 humans;
    never a luxury cabin (an empty one stays empty)."""
    if cabin not in ship.tiles:
        return 0
    caps = _caps(ship, cabin)
    if not caps.get("crew") or caps.get("luxury") or cabin in ship.alien:
        return 0
    return max(0, int(caps["crew"]) - ship.crew.get(cabin, 0))


def wake(ship: Ship, sleepers: dict[Cell, int], moves: Iterable[tuple[Cell, Cell, int]]) -> tuple[str, str] | None:
    """Wake hibernating humans: each move (chamber, cabin, n). Allowed only while at least one human is awake.
    Returns the French/English reason of a refusal (and changes nothing), or None once done."""
    moves = list(moves)
    if awake_humans(ship) < 1:
        return ("Aucun humain réveillé : personne ne peut réveiller l'équipage en hibernation.",
                "No human is awake: nobody can wake the hibernating crew.")
    taken: dict[Cell, int] = {}
    put: dict[Cell, int] = {}
    for chamber, cabin, n in moves:
        if n < 1:
            return ("Nombre d'astronautes invalide.", "Invalid number of astronauts.")
        taken[chamber] = taken.get(chamber, 0) + n
        put[cabin] = put.get(cabin, 0) + n
    for chamber, n in taken.items():
        if n > sleepers.get(chamber, 0):
            return ("Pas assez d'astronautes en hibernation dans cette chambre de stase.",
                    "Not enough hibernating astronauts in this stasis chamber.")
    for cabin, n in put.items():
        if n > wake_room(ship, cabin):
            return ("Pas de place pour eux dans cette cabine (jamais une cabine de luxe).",
                    "No room for them in this cabin (never a luxury cabin).")
    for chamber, n in taken.items():
        sleepers[chamber] -= n
    for cabin, n in put.items():
        ship.crew[cabin] = ship.crew.get(cabin, 0) + n
    return None


def must_give_up(ship: Ship) -> bool:
    """No awake human: the flight is over for this ship (hibernating humans do not fly it, aliens do not wake
    them)."""
    return awake_humans(ship) < 1


def prune_sleepers(ship: Ship, sleepers: dict[Cell, int]) -> int:
    """A stasis chamber destroyed or fallen off takes its sleepers with it; returns how many were lost."""
    gone = [c for c in sleepers if c not in ship.tiles]
    return sum(sleepers.pop(c) for c in gone)


def luxury_pay(ship: Ship, flight: int) -> int:
    """At the finish: 1/2/3 credits (flight I/II/III) per luxury cabin still holding its astronaut."""
    n = sum(1 for c, k in ship.crew.items() if k and c in ship.tiles and _caps(ship, c).get("luxury"))
    return n * LUXURY_PAY[flight - 1]


# ---- cargo: mixed holds, battery + cargo ---------------------------------------------------
def may_hold(ship: Ship, cell: Cell, good: str) -> bool:
    """Whether one more `good` fits in the hold at `cell`: a free container, and a red good only in a
    container marked for it (all of a special hold's, `red_slots` of a mixed hold's)."""
    caps = _caps(ship, cell)
    held = ship.goods.get(cell, [])
    if not caps.get("cargo") or len(held) >= int(caps["cargo"]):
        return False
    if good != "R":
        return True
    if not caps.get("red"):
        return False
    slots = caps.get("red_slots")
    return slots is None or held.count("R") < int(slots)


# ---- shields, plates -----------------------------------------------------------------------
def boosted_shield_sides(ship: Ship) -> set[int]:
    """Sides covered by a shield generator joined to a shield booster: there a shield (2 battery cells: the
    shield and the booster) also stops a large meteor or a heavy shot."""
    out: set[int] = set()
    for cell, (t, rot) in ship.tiles.items():
        sides = TILES[t].caps.get("shield")
        if sides and any(_caps(ship, o).get("booster") == "shield" for o in _joined(ship, cell)):
            out.update(sg.turn(s, rot) for s in sides)
    return out


def plated(ship: Ship, cell: Cell, side: int) -> bool:
    """Whether a meteor or a shot coming from `side` onto the component at `cell` meets a plated side (no effect).
    A side with a connector is never plated; sabotage and explosions are not stopped (callers' concern)."""
    t, rot = ship.tiles[cell]
    sides = TILES[t].caps.get("plated")
    if not sides:
        return False
    return side in {sg.turn(s, rot) for s in sides} and ship.conn[cell][side] == 0


def cannons_against(ship: Ship, side: int, number: int) -> list[Cell]:
    """Cannons that can shoot a large meteor from `side` on line `number` — as Ship.cannons_against, but any barrel
    of a bidirectional cannon pointing that way counts (the text: better protection against large meteors)."""
    lines = set(ship.lines(side, number))
    if side != N:
        lines |= {x + d for x in lines for d in (-1, 1)}
    out = []
    for cell, (t, rot) in sorted(ship.tiles.items()):
        if side in barrels(TILES[t].caps, rot) and (cell[1] if side in (N, sg.S) else cell[0]) in lines:
            out.append(cell)
    return out


def defences(ship: Ship, size: str, side: int, number: int) -> tuple[Cell | None, list[tuple[str, int]]]:
    """What a projectile (`size`: small / big meteor, light / heavy shot) from `side` on line `number` meets, and
    how it may be stopped with the new components: (cell hit or None, options as (how, battery cells)).
    how: "miss" (nothing on the line), "plated" (a plated side: no effect), "bounce" (small meteor on a smooth
    side), "shot_down" (a cannon needing no battery), "cannon" (a powered one), "shield", "boosted_shield".
    No option: the component is destroyed."""
    cell = ship.first_hit(side, number)
    if cell is None:
        return None, [("miss", 0)]
    if plated(ship, cell, side):
        return cell, [("plated", 0)]
    if size == "small" and ship.conn[cell][side] == 0:
        return cell, [("bounce", 0)]
    out: list[tuple[str, int]] = []
    if size == "big":
        guns = cannons_against(ship, side, number)
        if any(not _caps(ship, c).get("powered") for c in guns):
            return cell, [("shot_down", 0)]
        if guns and ship.batteries() >= 1:
            out.append(("cannon", 1))
    if size in ("small", "light") and side in ship.shield_sides() and ship.batteries() >= 1:
        out.append(("shield", 1))
    if size in ("big", "heavy") and side in boosted_shield_sides(ship) and ship.batteries() >= 2:
        out.append(("boosted_shield", 2))
    return cell, out


def techie_cost(uses: int, batteries: int, free_left: bool) -> int | None:
    """Battery cells paid for `uses` battery uses with the Techie (first use of each card free while `free_left`,
    only if at least one token is aboard). None: not affordable."""
    if uses <= 0:
        return 0
    pay = uses - 1 if free_left and batteries >= 1 else uses
    return pay if pay <= batteries else None


# ---- cannons: bidirectional, booster -------------------------------------------------------
def cannons(ship: Ship) -> list[tuple[Cell, float, bool]]:
    """Every cannon component: (cell, strength, needs a battery)."""
    out = []
    for cell, (t, rot) in sorted(ship.tiles.items()):
        caps = TILES[t].caps
        if caps.get("cannon"):
            out.append((cell, cannon_unit(caps, rot), bool(caps.get("powered"))))
    return out


def boost_bonus(ship: Ship, cannon: Cell) -> float:
    """+3 for a cannon pointing to the front (for a bidirectional one: if either barrel does), +1.5 otherwise —
    the same for a double cannon as for a single one."""
    t, rot = ship.tiles[cannon]
    return 3.0 if N in barrels(TILES[t].caps, rot) else 1.5


def boost_targets(ship: Ship, booster: Cell) -> list[Cell]:
    """The cannons a cannon booster could amplify (joined to it); nothing for a booster joined to none."""
    if _caps(ship, booster).get("booster") != "cannon":
        return []
    return sorted(c for c in _joined(ship, booster) if _caps(ship, c).get("cannon"))


def cannon_strength(ship: Ship, powered: Iterable[Cell] = (), boosts: Mapping[Cell, Cell] | None = None,
                    alien_bonus: int = 2) -> tuple[float, int]:
    """Cannon strength and battery cells spent for a choice: `powered` the powered cannons switched on (1 cell
    each), `boosts` {booster: cannon amplified} (1 cell each; one cannon per booster; a powered cannon only if it
    is switched on). The purple alien's bonus (`alien_bonus`: 2, or 3 with a Manager) only if strength is above 0.
    Raises ValueError for an illegal choice."""
    boosts = dict(boosts or {})
    on = set(powered)
    total = 0.0
    for cell, v, needs in cannons(ship):
        if needs and cell not in on:
            continue
        total += v
    for c in on:
        if c not in ship.tiles or not _caps(ship, c).get("cannon") or not _caps(ship, c).get("powered"):
            raise ValueError("not a powered cannon")
    if len(set(boosts.values())) != len(boosts):
        raise ValueError("one cannon amplified twice")
    for booster, c in boosts.items():
        if c not in boost_targets(ship, booster):
            raise ValueError("cannon not joined to that booster")
        if _caps(ship, c).get("powered") and c not in on:
            raise ValueError("a powered cannon must be switched on to be amplified")
        total += boost_bonus(ship, c)
    if ship.alien_helps(total, "purple"):
        total += alien_bonus
    return total, len(on) + len(boosts)


def engine_strength(ship: Ship, powered: int = 0, alien_bonus: int = 2) -> int:
    """Engine strength as Ship.engine_strength (an engine + cannon counts as a single engine), with the brown
    alien's bonus `alien_bonus` (2, or 3 with a cyan Manager) if the strength is above 0."""
    free, doubles = ship.engine_parts()
    v = free + 2 * min(powered, doubles)
    if ship.alien_helps(v, "brown"):
        v += alien_bonus
    return v


def spend_boosts(ship: Ship, boosts: Mapping[Cell, Cell]) -> None:
    """After the strength is counted: every amplified cannon falls apart (to the lost pile — base destroy, so an
    engine + cannon loses its engine too)."""
    for c in sorted(set(boosts.values())):
        ship.destroy(c)


# ---- engines: hyperspace -------------------------------------------------------------------
def hyperspace_options(ship: Ship) -> list[tuple[Cell, Cell, int]]:
    """(engine booster, engine joined to it, battery cells it costs: 1, plus 1 for a powered engine)."""
    out = []
    for cell in sorted(ship.tiles):
        if _caps(ship, cell).get("booster") != "engine":
            continue
        for e in sorted(_joined(ship, cell)):
            caps = _caps(ship, e)
            if caps.get("engine"):
                out.append((cell, e, 2 if caps.get("powered") else 1))
    return out


def jump(ship: Ship, booster: Cell, engine: Cell) -> tuple[str, str] | None:
    """Jump to hyperspace: pay the cells, the amplified engine is destroyed. Returns a refusal or None."""
    for b, e, cost in hyperspace_options(ship):
        if (b, e) == (booster, engine):
            if ship.batteries() < cost:
                return ("Pas assez de capsules vertes.", "Not enough battery tokens.")
            ship.spend_batteries(cost)
            ship.destroy(engine)
            return None
    return ("Ce réacteur n'est pas relié à ce booster de réacteur.", "That engine is not joined to that engine booster.")


def in_hyperspace(jumped_on: int | None, card: int) -> bool:
    """Whether a ship that jumped during card number `jumped_on` is out of the race for card number `card`: the
    rest of that card and the whole next one; back in play once the next card has been resolved."""
    return jumped_on is not None and jumped_on <= card <= jumped_on + 1


def jump_gives_up(card: int, cards_in_flight: int) -> bool:
    """Jumping on the flight's last card misses the destination: as giving up (cards numbered from 0)."""
    return card == cards_in_flight - 1


# ---- fusion furnace --------------------------------------------------------------------------
def furnace_targets(ship: Ship) -> list[tuple[Cell, Cell]]:
    """(furnace, battery joined to it and not full) — a battery part of a battery + cargo counts."""
    out = []
    for cell in sorted(ship.tiles):
        if not _caps(ship, cell).get("furnace"):
            continue
        for b in sorted(_joined(ship, cell)):
            cap = _caps(ship, b).get("battery")
            if cap and ship.charge.get(b, 0) < int(cap):
                out.append((cell, b))
    return out


def burn(ship: Ship, furnace: Cell, battery: Cell) -> int:
    """Refill `battery` completely (one good goes to the bank: the caller removes it). Returns cells added."""
    if (furnace, battery) not in furnace_targets(ship):
        raise ValueError("no such furnace / battery pair")
    cap = int(_caps(ship, battery)["battery"])
    added = cap - ship.charge.get(battery, 0)
    ship.charge[battery] = cap
    return added


def burn_all(ship: Ship, plan: Iterable[tuple[Cell, Cell]]) -> tuple[str, str] | None:
    """The furnaces' burns after one gain of goods: each furnace burns at most one good, into a joined battery
    that is not full (the caller returns one good to the bank per burn). A refusal changes nothing."""
    plan = list(plan)
    furnaces = [f for f, _ in plan]
    if len(set(furnaces)) != len(furnaces):
        return ("Chaque four à fusion ne brûle qu'un bloc à chaque gain de marchandises.",
                "Each fusion furnace burns only one good each time goods are gained.")
    targets = set(furnace_targets(ship))
    if any(p not in targets for p in plan) or len({b for _, b in plan}) != len(plan):
        return ("Ce four à fusion n'est pas relié à une batterie à recharger.",
                "That fusion furnace is not joined to a battery to refill.")
    for f, b in plan:
        burn(ship, f, b)
    return None


# ---- cyan aliens ------------------------------------------------------------------------------
def cyan_choices(ship: Ship) -> list[Cell]:
    """Cabins that may take the (one) cyan alien: ordinary cabins joined to cyan life support."""
    if "cyan" in ship.alien.values():
        return []
    return [c for c in ship.cabins() if c not in ship.alien and ship.supports(c, "cyan")]


def specialisation_order(order_tiles: Mapping[int, int]) -> list[int]:
    """Seats choosing a specialisation card: highest order-tile number first."""
    return sorted(order_tiles, key=lambda s: -order_tiles[s])


def spec_choice_refusal(taken: Iterable[str], spec: str) -> tuple[str, str] | None:
    """A seat choosing a specialisation card (in specialisation_order): one of the five, not already taken."""
    if spec not in SPECIALISATIONS:
        return ("Pas une carte spécialisation.", "Not a specialisation card.")
    if spec in set(taken):
        return ("Cette spécialisation est déjà prise.", "That specialisation is already taken.")
    return None


def active_spec(ship: Ship, spec: str | None) -> str | None:
    """A specialisation works only while the cyan alien is aboard."""
    return spec if spec and "cyan" in ship.alien.values() else None


def alien_bonus(ship: Ship, spec: str | None) -> int:
    """The bonus of a brown or purple alien: 2, or 3 with a cyan Manager on board."""
    return 3 if spec == "manager" and "cyan" in ship.alien.values() else 2


def manager_pay(ship: Ship) -> int:
    """At the finish (not when giving up), with the Manager on board: 1 / 3 / 6 credits for 1 / 2 / 3 species."""
    if "cyan" not in ship.alien.values():
        return 0
    return {1: 1, 2: 3, 3: 6}[len(set(ship.alien.values()))]


def merchant_extra(goods: Iterable[str]) -> int:
    """The Merchant's +1 credit per red or yellow good sold (not halved when giving up)."""
    return sum(1 for g in goods if g in ("R", "Y"))


__all__ = [
    "LUXURY_PAY",
    "POOL_WITH_TECH",
    "REMOVED_PER_MISSING_PLAYER",
    "SPECIALISATIONS",
    "TECH_KINDS",
    "TECH_KIND_NAMES",
    "TECH_TILES",
    "active_spec",
    "alien_bonus",
    "barrels",
    "boost_bonus",
    "boost_targets",
    "boosted_shield_sides",
    "burn",
    "burn_all",
    "cannon_strength",
    "cannon_unit",
    "cannons",
    "cannons_against",
    "cyan_choices",
    "defences",
    "engine_strength",
    "errors",
    "fill",
    "furnace_targets",
    "hyperspace_options",
    "in_hyperspace",
    "jump",
    "jump_gives_up",
    "make_tile",
    "manager_pay",
    "may_hold",
    "merchant_extra",
    "must_give_up",
    "plated",
    "pool_size",
    "prune_sleepers",
    "removed_components",
    "spec_choice_refusal",
    "specialisation_order",
    "spend_boosts",
    "techie_cost",
    "tile_caps",
    "tiles_from",
    "wake",
    "wake_room",
]
