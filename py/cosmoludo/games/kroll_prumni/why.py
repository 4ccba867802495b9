"""Kroll & Prumni: why a move, a shot or a placement is refused — the one rule that applies, named with the hex,
the planet or the ship concerned. Runs only when an action is refused (never on the legal-move path): it may
search the whole map."""
from __future__ import annotations

import heapq
from typing import Any

from ...core import hexgrid as hx
from ...core.flow import Reason
from ...core.hexgrid import Hex
from . import geometry as geo
from .data import FIRE, LAUNCH_MOVE, TYPES
from .pieces import NAMES, Ship, ship_en, ship_fr

#: A colour as it agrees with « planète » and « barrière » (feminine).
COLOUR_F_FR = {"y": "jaune", "r": "rouge", "b": "bleue"}
COLOUR_EN = {"y": "yellow", "r": "red", "b": "blue"}


def _cap(words: str) -> str:
    """An English sentence starts with a capital (ship_en names start in lower case: « fighter #3 (red) »)."""
    return words[:1].upper() + words[1:]


def at(h: Hex) -> str:
    """A hex as the log writes it."""
    return f"[{h[0]}, {h[1]}]"


def body(g: Any, h: Hex, margin: int) -> Reason | None:
    """What forbids a ship keeping `margin` free hexes from the planets to stand on `h` this turn, or None."""
    gm = g.gm
    if h in gm.giant:
        seat = gm.giant[h]
        return (f"la planète géante de {NAMES[seat]['fr']} en {at(h)}", f"{NAMES[seat]['en']}'s giant planet at {at(h)}")
    if h in gm.platforms:
        return (f"une rampe de lancement en {at(h)} (elle sert seulement au décollage)",
                f"a launch platform at {at(h)} (for take-off only)")
    colour = gm.planets.get(h)
    if colour is not None and colour != g.absent:
        return (f"la planète {COLOUR_F_FR[colour]} en {at(h)}", f"the {COLOUR_EN[colour]} planet at {at(h)}")
    colour = gm.asteroids.get(h)
    if colour is not None and colour != g.absent:
        return (f"la barrière d'astéroïdes {COLOUR_F_FR[colour]} en {at(h)}",
                f"the {COLOUR_EN[colour]} asteroid barrier at {at(h)}")
    near = sorted((hx.distance(h, p), p) for p in gm.present_planets(g.absent) if hx.distance(h, p) <= margin)
    if near:
        p = near[0][1]
        c = gm.planets[p]
        hexes_fr = "case" if margin == 1 else "cases"
        hexes_en = "hex" if margin == 1 else "hexes"
        return (f"la marge de gravité ({margin} {hexes_fr}) de la planète {COLOUR_F_FR[c]} en {at(p)}, en {at(h)}",
                f"the gravity margin ({margin} {hexes_en}) of the {COLOUR_EN[c]} planet at {at(p)}, at {at(h)}")
    return None


def _occupant(g: Any, h: Hex, me: Ship) -> Ship | None:
    o = g.occupancy().get(h)
    if o is None or o == me.id or o in me.cargo:
        return None
    return g.ships[o]  # type: ignore[no-any-return]


def _two_hex_cost(g: Any, s: Ship, goal: tuple[Hex, int], turns: int) -> int | None:
    """The fewest hexes a two-hex ship needs to reach `goal` (head, heading) with at most `turns` heading changes
    (pivots on the head), every position on the way on the map and clear of the bodies; no move limit."""
    gm = g.gm
    adj = gm.adj
    blocked = g.blocked(s.kind)
    lift = g.take_off(s)
    assert s.head is not None and s.heading is not None
    start: tuple[Hex, int, int] = (s.head, s.heading, 0)
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        cost, state = heapq.heappop(heap)
        h, d, k = state
        if best.get(state, cost) < cost:
            continue
        if (h, d) == goal:
            return cost
        nxt: list[tuple[int, tuple[Hex, int, int]]] = []
        ahead = adj[h][d]
        if ahead is not None and ahead not in blocked:
            nxt.append((cost + 1, (ahead, d, k)))
        if k < turns and (h not in blocked or h in lift):
            for e in range(6):
                t = adj[h][(e + 3) % 6]
                if e != d and t is not None and (t not in blocked or t in lift):
                    nxt.append((cost, (h, e, k + 1)))
        for c, st in nxt:
            if c < best.get(st, 1 << 30):
                best[st] = c
                heapq.heappush(heap, (c, st))
    return None


def _slide_block(g: Any, s: Ship, to: Hex) -> Reason | None:
    """A mobile base slides straight without turning: why it cannot slide to `to`, or None."""
    assert s.head is not None and s.heading is not None
    n = hx.distance(s.head, to)
    dq, dr = to[0] - s.head[0], to[1] - s.head[1]
    if (dq // n, dr // n) not in [tuple(x) for x in hx.DIRECTIONS] or dq % n or dr % n:
        return ("La base mobile glisse en ligne droite seulement, dans l'une des six directions.",
                "A mobile base slides in a straight line only, along one of the six directions.")
    d = [tuple(x) for x in hx.DIRECTIONS].index((dq // n, dr // n))
    h, t = s.head, geo.tail_of(s.head, s.heading)
    for _ in range(n):
        h, t = geo.step(h, d), geo.step(t, d)
        for c in (h, t):
            if c not in g.gm.cells:
                return ("La base mobile sortirait de la carte en chemin.", "The mobile base would leave the map on the way.")
            why = body(g, c, s.type.margin)
            if why is not None and not (c in g.take_off(s) and c == t):
                return (f"Le chemin passe sur {why[0]}.", f"The way crosses {why[1]}.")
    return None


def why_move(g: Any, s: Ship, to: Hex | None, d: Any) -> Reason:
    """The rule that forbids `s` to move to `to` (heading `d` for a two-hex ship)."""
    if s.kind == "fixed":
        return ("Une base fixe ne bouge jamais.", "A fixed base never moves.")
    if s.hyper:
        return ("Ce vaisseau est dans l'hyperespace : il en sort, il ne se déplace pas.",
                "That ship is in hyperspace: it comes out, it does not move.")
    if to is None:
        return ("Destination illisible : il faut une case [q, r].", "Unreadable destination: a hex [q, r] is needed.")
    if to not in g.gm.cells:
        return (f"La case {at(to)} est hors de la carte.", f"Hex {at(to)} is off the map.")
    if s.kind == "fighter":
        return _why_fighter(g, s, to, d)
    assert s.head is not None and s.heading is not None
    if type(d) is not int or not 0 <= d < 6:
        return ("Un vaisseau de deux cases a besoin d'un cap d'arrivée (0 à 5).",
                "A two-hex ship needs a heading to end with (0 to 5).")
    tail = geo.tail_of(to, d)
    if tail not in g.gm.cells:
        return (f"Son arrière serait hors de la carte, en {at(tail)}.", f"Its tail would be off the map, at {at(tail)}.")
    lift = g.take_off(s)
    for c, fr, en in ((to, "Sa tête serait sur", "Its head would be on"), (tail, "Son arrière serait sur",
                                                                              "Its tail would be on")):
        if c in lift:
            return (f"{fr} la rampe de lancement en {at(c)} : elle sert seulement au décollage.",
                    f"{en} the launch platform at {at(c)}: it is for take-off only.")
        why = body(g, c, s.type.margin)
        if why is not None:
            return (f"{fr} {why[0]}.", f"{en} {why[1]}.")
        o = _occupant(g, c, s)
        if o is not None:
            return (f"{fr} la case {at(c)}, occupée par le {ship_fr(o)}.",
                    f"{en} hex {at(c)}, taken by {ship_en(o)}.")
    if (to, d) == (s.head, s.heading):
        return ("Le vaisseau est déjà là.", "The ship is already there.")
    allowance = s.type.move
    if s.kind == "mobile":
        if d != s.heading:
            return ("La base mobile ne change jamais de cap : elle glisse en gardant le sien.",
                    "A mobile base never changes heading: it slides keeping its own.")
        slide = _slide_block(g, s, to)
        if slide is not None:
            return slide
        n = hx.distance(s.head, to)
        return _too_far(n, allowance)
    cost = _two_hex_cost(g, s, (to, d), s.type.turns)
    if cost is not None:
        if cost > allowance:
            return _too_far(cost, allowance)
        return ("Ce vaisseau ne peut pas finir son mouvement ainsi.", "That ship cannot end its move so.")
    for turns in range(s.type.turns + 1, 7):
        more = _two_hex_cost(g, s, (to, d), turns)
        if more is not None:
            far = "" if more <= allowance else f", et {more} cases pour {allowance} permises"
            far_en = "" if more <= allowance else f", and {more} hexes against the {allowance} allowed"
            return ((f"Il faudrait {turns} changements de cap{far} ; un seul changement de cap est permis par "
                    "mouvement."), (f"It would need {turns} heading changes{far_en}; one heading change only is allowed "
                    "per move."))
    return ("Aucun chemin n'y mène : planètes, astéroïdes, marges de gravité ou rampes barrent toutes les routes.",
            "No way leads there: planets, asteroids, gravity margins or platforms bar every route.")


def _too_far(need: int, allowance: int) -> Reason:
    return (f"Trop loin : il faut {need} cases, ce vaisseau en parcourt {allowance} au plus.",
            f"Too far: it needs {need} hexes, this ship moves {allowance} at most.")


def _why_fighter(g: Any, s: Ship, to: Hex, d: Any) -> Reason:
    if d is not None:
        return ("Un chasseur n'a pas de cap à choisir : seulement une case.", "A fighter takes no heading: a hex only.")
    why = body(g, to, 0)
    if why is not None:
        return (f"La case est sur {why[0]}.", f"The hex is on {why[1]}.")
    if s.carried_by is not None:
        carrier = g.ships[s.carried_by]
        if not carrier.on_map():
            return ("Son croiseur est dans l'hyperespace : le chasseur ne sort pas.",
                    "Its cruiser is in hyperspace: the fighter cannot get out.")
        starts = carrier.cells()
    else:
        starts = s.cells()
    o = _occupant(g, to, s)
    if o is not None:
        return (f"La case {at(to)} est occupée par le {ship_fr(o)}.", f"Hex {at(to)} is taken by {ship_en(o)}.")
    if to in starts:
        return ("Le chasseur est déjà là.", "The fighter is already there.")
    reach = geo.fighter_moves(g.gm, g.blocked("fighter"), starts, len(g.gm.cells))
    if to not in reach:
        return ("Aucun chemin n'y mène : planètes, astéroïdes ou rampes l'entourent.",
                "No way leads there: planets, asteroids or platforms surround it.")
    allowance = g.move_allowance(s)
    return ((f"Trop loin : il faut {reach[to]} cases en contournant les astres, ce chasseur en parcourt {allowance} "
            "au plus."), f"Too far: it needs {reach[to]} hexes around the bodies, this fighter moves {allowance} at most.")


def _line_block(g: Any, a: Hex, b: Hex) -> Reason | None:
    """The first obstacle that cuts the line of fire from `a` to `b`, named."""
    obstacles = g.gm.obstacles(g.absent)
    for st in geo.exact_line(b[0] - a[0], b[1] - a[1]):
        cells = [Hex(a[0] + x, a[1] + y) for x, y in st]
        if all(c in obstacles for c in cells):
            return body(g, cells[0], 0)
    return None


def why_fire(g: Any, s: Ship, t: Ship) -> Reason:
    """Why `s`, which may fire now, cannot fire at `t` (another player's ship)."""
    if not t.on_map():
        where = ("dans l'hyperespace", "in hyperspace") if t.hyper else ("à bord d'un croiseur", "aboard a cruiser")
        return (f"Le {ship_fr(t)} n'est pas visible : il est {where[0]}.",
                f"{_cap(ship_en(t))} cannot be seen: it is {where[1]}.")
    pairs = sorted((hx.distance(a, b), a, b) for a in s.cells() for b in t.cells())
    reach = s.type.range
    if pairs[0][0] > reach:
        return (f"Hors de portée : le {ship_fr(t)} est à {pairs[0][0]} cases, la portée est de {reach}.",
                f"Out of range: {ship_en(t)} is {pairs[0][0]} hexes away, the range is {reach}.")
    shot = geo.best_shot(s.cells(), t.cells(), reach, g.gm.obstacles(g.absent))
    if shot is None:
        why = _line_block(g, pairs[0][1], pairs[0][2])
        if why is None:
            return ("Pas de ligne de tir dégagée vers cette cible.", "No clear line of fire to that target.")
        return (f"Pas de ligne de tir : elle traverse {why[0]}.", f"No line of fire: it crosses {why[1]}.")
    dist = shot[0]
    base = FIRE[s.kind][t.kind][dist - 1]
    return ((f"Aucune chance de toucher : à {dist} cases il faut {base} au dé, plus {s.hits} par explosion sur le "
            f"tireur, soit {base + s.hits}."), (f"No chance to hit: at {dist} hexes it needs {base} on the die, plus "
            f"{s.hits} for the explosions on the shooter, so {base + s.hits}."))


def why_produce(g: Any, seat: int, option: str, items: tuple[str, ...]) -> Reason:
    """Why production `option` (its counters `items`) is refused to `seat`."""
    kind = items[0]
    ty = TYPES[kind]
    if g.stock(seat, kind) <= 0:
        return (f"Plus aucun {ty.fr} en réserve.", f"No {ty.en} left in stock.")
    occ = g.occupancy()
    if not g.free_platforms(seat, occ):
        return ("Toutes vos rampes de lancement sont occupées.", "All your launch platforms are taken.")
    return (f"Aucune rampe libre n'a devant elle une case libre où poser la tête d'un {ty.fr}.",
            f"No free platform has a free hex ahead of it for the head of a {ty.en}.")


def why_place(g: Any, seat: int, kind: str, action: dict[str, Any]) -> Reason:
    """Why placing the new `kind` as `action` says is refused."""
    gm = g.gm
    ty = TYPES[kind]
    occ = g.occupancy()
    if "on" in action:
        c = g.ships.get(action["on"]) if type(action["on"]) is int else None
        if kind != "fighter":
            return (f"Seul un chasseur se pose sur un croiseur, pas un {ty.fr}.", f"Only a fighter goes on a cruiser, not a {ty.en}.")
        if c is None or c.kind != "cruiser" or c.seat != seat:
            return ("Un chasseur produit se pose sur un de vos croiseurs.", "A new fighter goes on one of your cruisers.")
        if len(c.cargo) >= 2:
            return (f"Le {ship_fr(c)} porte déjà deux chasseurs.", f"{_cap(ship_en(c))} already carries two fighters.")
        return (f"Le {ship_fr(c)} n'est pas sur une de vos rampes de lancement.",
                f"{_cap(ship_en(c))} is not on one of your launch platforms.")
    to = action.get("to")
    h = Hex(to[0], to[1]) if type(to) is list and len(to) == 2 and all(type(x) is int for x in to) else None
    if h is None:
        return ("Il faut une case [q, r].", "A hex [q, r] is needed.")
    if kind == "fighter":
        if gm.platforms.get(h) != seat:
            return (f"La case {at(h)} n'est pas une de vos rampes de lancement.", f"Hex {at(h)} is not one of your launch platforms.")
        return (f"La rampe {at(h)} est occupée par le {ship_fr(g.ships[occ[h]])}.",
                f"Platform {at(h)} is taken by {ship_en(g.ships[occ[h]])}.")
    d = action.get("dir")
    if type(d) is not int or not 0 <= d < 6:
        return ("Il faut un cap (0 à 5).", "A heading (0 to 5) is needed.")
    tail = geo.tail_of(h, d)
    if gm.platforms.get(tail) != seat:
        return (f"L'arrière, en {at(tail)}, doit reposer sur une de vos rampes de lancement.",
                f"The tail, at {at(tail)}, must rest on one of your launch platforms.")
    for c, fr, en in ((tail, "La rampe", "Platform"), (h, "La case de tête", "The head's hex")):
        if c in occ:
            return (f"{fr} {at(c)} est occupée par le {ship_fr(g.ships[occ[c]])}.",
                    f"{en} {at(c)} is taken by {ship_en(g.ships[occ[c]])}.")
    if h not in gm.cells:
        return (f"Sa tête serait hors de la carte, en {at(h)}.", f"Its head would be off the map, at {at(h)}.")
    if gm.platforms.get(h) not in (None, seat):
        return (f"Sa tête serait sur une rampe adverse, en {at(h)}.", f"Its head would be on an enemy platform, at {at(h)}.")
    why = body(g, h, ty.margin) if h not in gm.platforms else None
    if why is not None:
        return (f"Sa tête serait sur {why[0]}.", f"Its head would be on {why[1]}.")
    ahead = geo.step(h, d)
    if ahead not in gm.cells:
        return ("Tournée vers le bord de la carte, sa tête sur une rampe, il ne pourrait jamais décoller.",
                "Facing the map's edge, its head on a platform, it could never take off.")
    why = body(g, ahead, ty.margin)
    if why is None:
        return ("Ce vaisseau ne peut pas être placé ainsi.", "That ship cannot be placed so.")
    return (f"Tourné vers {why[0]}, sa tête sur une rampe, il ne pourrait jamais décoller.",
            f"Facing {why[1]}, its head on a platform, it could never take off.")


def _next_to(g: Any, cells: tuple[Hex, ...], me: Ship) -> Reason | None:
    """The first present body or other ship next to `cells` (a ship entering or leaving hyperspace needs none)."""
    obstacles = g.gm.obstacles(g.absent)
    occ = g.occupancy()
    for n in sorted(geo.adjacent_cells(g.gm, cells)):
        if n in obstacles:
            return body(g, n, 0)
        o = occ.get(n)
        if o is not None and o != me.id and o not in me.cargo:
            other = g.ships[o]
            return (f"le {ship_fr(other)} en {at(n)}", f"{ship_en(other)} at {at(n)}")
    return None


def why_hyper(g: Any, s: Ship) -> Reason:
    """Why `s` (which may travel through hyperspace, undamaged, not moved) cannot enter it here."""
    near = _next_to(g, s.cells(), s)
    if near is None:
        return ("Ce vaisseau ne peut pas passer dans l'hyperespace maintenant.", "That ship cannot enter hyperspace now.")
    return (f"Pour passer dans l'hyperespace, rien ne doit être à côté de lui : il y a {near[0]}.",
            f"To enter hyperspace nothing may be next to it: there is {near[1]}.")


def why_exit(g: Any, s: Ship, to: Hex | None, d: Any) -> Reason:
    """Why `s`, in hyperspace, cannot come out at `to` heading `d`."""
    if not s.hyper:
        return ("Ce vaisseau n'est pas dans l'hyperespace.", "That ship is not in hyperspace.")
    if to is None or type(d) is not int or not 0 <= d < 6:
        return ("Il faut une case [q, r] et un cap (0 à 5).", "A hex [q, r] and a heading (0 to 5) are needed.")
    cells = (to, geo.tail_of(to, d))
    for c in cells:
        if c not in g.gm.cells:
            return (f"La case {at(c)} est hors de la carte.", f"Hex {at(c)} is off the map.")
        why = body(g, c, s.type.margin)
        if why is not None:
            return (f"Il sortirait sur {why[0]}.", f"It would come out on {why[1]}.")
        o = _occupant(g, c, s)
        if o is not None:
            return (f"La case {at(c)} est occupée par le {ship_fr(o)}.", f"Hex {at(c)} is taken by {ship_en(o)}.")
    near = _next_to(g, cells, s)
    if near is not None:
        return (f"Pour sortir de l'hyperespace, rien ne doit être à côté de lui : il y aurait {near[0]}.",
                f"To come out of hyperspace nothing may be next to it: there would be {near[1]}.")
    return ("Sortie impossible ici.", "It cannot come out here.")


def why_board(g: Any, f: Ship, cid: Any) -> Reason:
    """Why fighter `f` cannot board cruiser `cid`."""
    if f.kind != "fighter":
        return ("Seul un chasseur rejoint un croiseur.", "Only a fighter boards a cruiser.")
    if f.carried_by is not None:
        return ("Ce chasseur est déjà à bord d'un croiseur.", "That fighter is already aboard a cruiser.")
    if f.moved:
        return ("Ce chasseur a déjà bougé dans ce tour : il rejoint un croiseur au lieu de bouger.",
                "That fighter has already moved this turn: boarding a cruiser is its move.")
    c = g.ships.get(cid) if type(cid) is int else None
    if c is None or c.kind != "cruiser" or c.seat != f.seat:
        return ("Un chasseur rejoint un de vos croiseurs.", "A fighter boards one of your cruisers.")
    if not c.on_map():
        return (f"Le {ship_fr(c)} est dans l'hyperespace.", f"{_cap(ship_en(c))} is in hyperspace.")
    if len(c.cargo) >= 2:
        return (f"Le {ship_fr(c)} porte déjà deux chasseurs.", f"{_cap(ship_en(c))} already carries two fighters.")
    reach = geo.fighter_moves(g.gm, g.blocked("fighter"), f.cells(), len(g.gm.cells))
    steps = [reach[x] for x in c.cells() if x in reach]
    if not steps:
        return ("Aucun chemin ne mène à ce croiseur.", "No way leads to that cruiser.")
    n = min(steps)
    return ((f"Trop loin : le {ship_fr(c)} est à {n} cases, un chasseur rejoint un croiseur à {LAUNCH_MOVE} cases au "
            "plus."), (f"Too far: {ship_en(c)} is {n} hexes away, a fighter boards a cruiser {LAUNCH_MOVE} hexes away "
            "at most."))
