"""Galaxy Trucker bots: a cheap building policy (one action per call, well under a millisecond or two, so the page's
worker is never held while a human places a component) and flight heuristics.

`build_step(g, seat, t, rnd)` answers one building action at clock `t` (the page's worker calls it for one bot at
a time, at the bot's pace). `flight_step(g, seat, rnd)` answers any other decision.
"""
from __future__ import annotations

import random
from typing import Any

from ...core import squaregrid as sg
from ...core.squaregrid import BAD, JOINED, N, S
from ...core.state import Action
from .data import CARDS, GOODS_VALUE, TILES
from .ext_five_cards import KINDS as FIVE_KINDS
from .ext_five_cards import bot_answer as five_bot_answer
from .ship import Ship

Cell = tuple[int, int]


def _count(ship: Ship, cap: str) -> int:
    return sum(1 for t, _ in ship.tiles.values() if TILES[t].caps.get(cap))


def placement_score(ship: Ship, tile: int, cell: Cell, rot: int) -> float | None:
    """How much `tile` at (cell, rot) helps the ship; None if it would make an error found at the check."""
    t = TILES[tile]
    caps = t.caps
    conn = sg.rotate(t.conn, rot)
    joined = 0
    for side in range(4):
        other = sg.neighbor(cell, side)
        oc = ship.conn.get(other)
        if oc is None:
            continue
        j = sg._JOINT[conn[side]][oc[(side + 2) % 4]]
        if j == BAD:
            return None
        if j == JOINED:
            joined += 1
        ocaps = ship.caps(other)
        orot = ship.tiles[other][1]
        if ocaps.get("engine") and side == N:  # we would sit behind an engine
            return None
        if ocaps.get("cannon") and sg.turn(N, orot) == (side + 2) % 4:  # in front of its barrel
            return None
    if caps.get("engine"):
        if rot != 0 or sg.neighbor(cell, S) in ship.tiles:
            return None
        if sg.neighbor(cell, S) in ship.cls.cells:
            score = 2.0  # a cell behind lost for good
        else:
            score = 3.0
        score = score * caps["engine"] / (1 + 0.35 * _count(ship, "engine"))
    elif caps.get("cannon"):
        front = sg.neighbor(cell, sg.turn(N, rot))
        if front in ship.tiles:
            return None
        score = (3.0 if rot == 0 else 1.2) * caps["cannon"] / (1 + 0.35 * _count(ship, "cannon"))
    elif caps.get("crew"):
        score = 3.0 / (1 + 0.3 * _count(ship, "crew"))
    elif caps.get("battery"):
        need = sum(1 for t2, _ in ship.tiles.values() if TILES[t2].caps.get("powered"))
        score = (1.0 + 0.8 * need) * caps["battery"] / 3 / (1 + 0.4 * _count(ship, "battery"))
    elif caps.get("shield"):
        sides = {sg.turn(x, rot) for x in caps["shield"]}
        new = len(sides - ship.shield_sides())
        score = 1.5 * new
    elif caps.get("cargo"):
        score = 0.8 * caps["cargo"] / (1 + 0.3 * _count(ship, "cargo")) + (0.5 if caps.get("red") else 0)
    elif caps.get("life_support"):
        cabins = [o for o in sg.neighbors(cell) if o in ship.tiles and ship.caps(o).get("aliens")]
        have = any(TILES[t2].caps.get("life_support") == caps["life_support"] for t2, _ in ship.tiles.values())
        score = 2.0 if cabins and not have else 0.3
    else:
        score = 0.6
    # connectors left open, and how well it is held
    exposed = sum(1 for side in range(4) if conn[side] and sg.neighbor(cell, side) not in ship.tiles)
    return score + 0.3 * joined - 0.25 * exposed


def best_placement(ship: Ship, tile: int) -> tuple[float, Cell, int] | None:
    best = None
    for cell, rot in ship.placements(tile):
        sc = placement_score(ship, tile, cell, rot)
        if sc is not None and (best is None or sc > best[0]):
            best = (sc, cell, rot)
    return best


def build_step(g: Any, seat: int, t: int, rnd: random.Random) -> Action | None:
    """One building action for `seat` at clock `t` (None: nothing worth doing now)."""
    acts = g.build_actions(seat, t)
    if not acts:
        return None
    types = {a["type"]: a for a in acts}
    if "time_up" in types:
        return types["time_up"]
    if "flip" in types:
        return types["flip"]
    if g.order[seat] is not None:
        return None
    if "unpeek" in types:
        return types["unpeek"]
    ship: Ship = g.ships[seat]
    hand = g.hand[seat]
    glass = g.glass
    late = glass is not None and g.glass_last() and glass["since"] + 90_000 - t < 8_000
    if hand is not None:
        best = best_placement(ship, hand)
        keen = 0.4 if len(g.facedown) > 40 else 0.05
        if best is not None and best[0] > keen:
            return {"type": "place", "cell": list(best[1]), "rot": best[2], "t": t}
        if "aside" in types and best is not None and best[0] > 0.2 and not late:
            return types["aside"]
        if "return" in types:
            return types["return"]
        if best is not None:
            return {"type": "place", "cell": list(best[1]), "rot": best[2], "t": t}
        return types.get("aside")
    free = [c for c in ship.cls.cells if c not in ship.tiles]
    full = len(ship.tiles) >= 0.8 * len(ship.cls.cells)
    keen = 0.4 if len(g.facedown) > 40 else 0.05  # less choosy once the pile runs low
    if late or full or not free or not any(ship.can_join(c, (3, 3, 3, 3)) for c in free) or (
            "take" not in types and not g.faceup and not ship.aside):
        finish = [a for a in acts if a["type"] == "finish"]
        return finish[0] if finish else None
    for tile in list(ship.aside):
        b = best_placement(ship, tile)
        if b is not None and b[0] > keen:
            return {"type": "take_aside", "tile": tile, "t": t}
    # a useful face-up component: the latest ones and a few others, to stay cheap
    extra = 4 if "take" in types else 10
    ups = g.faceup[-6:] + (rnd.sample(g.faceup[:-6], min(extra, len(g.faceup) - 6)) if len(g.faceup) > 6 else [])
    want = 1.5 if "take" in types else keen
    best_up = None
    for tile in ups:
        b = best_placement(ship, tile)
        if b is not None and b[0] > want and (best_up is None or b[0] > best_up[0]):
            best_up = (b[0], tile)
    if best_up is not None:
        return {"type": "take_up", "tile": best_up[1], "t": t}
    if "take" in types:
        return types["take"]
    if g.faceup and not late and rnd.random() < 0.8:
        return None  # wait: others may return something useful
    finish = [a for a in acts if a["type"] == "finish"]
    return finish[0] if finish else None


# ---- flight ------------------------------------------------------------------------------------------------------
def flight_step(g: Any, seat: int, rnd: random.Random) -> Action:
    """A heuristic answer to the open flight / check / crew decision."""
    acts = g.legal_actions(seat)
    ask = g.asks[0]
    kind = ask.kind
    ship: Ship = g.ships[seat]
    if kind in ("ready",):
        return {"type": "go"}
    if kind == "crew":
        aliens = [a for a in acts if a["type"] == "alien"]
        free, _ = ship.engine_parts()
        cfree, cd = ship.cannon_parts()
        for a in aliens:
            if a["colour"] == "brown" and free + _ >= 1:
                return a
            if a["colour"] == "purple" and cfree + len(cd) >= 1:
                return a
        return {"type": "crew_done"}
    if kind == "fix":
        # keep the biggest piece; remove the error cell whose loss costs least (structure, then the cheapest)
        if acts[0]["type"] == "keep":
            return max(acts, key=lambda a: len(next(p for p in ship.parts() if list(p[0]) == a["cell"])))
        return min(acts, key=lambda a: _worth(ship, (a["cell"][0], a["cell"][1])))
    if kind == "keep":
        parts = ship.parts()

        def value(a: Action) -> tuple[int, int]:
            part = next(p for p in parts if list(p[0]) == a["cell"])
            humans = sum(ship.crew.get(c, 0) for c in part)
            return (humans > 0, len(part))
        return max(acts, key=value)
    if kind == "power":
        return _power(g, seat, ask, acts)
    if kind == "defend":
        return {"type": "defend", "use": True}
    if kind == "accept":
        return _accept(g, seat, ask)
    if kind in FIVE_KINDS:  # the expansion's five-player rules (ext_five_cards)
        return five_bot_answer(g, seat, ask, acts)
    if kind == "planet":
        lands = [a for a in acts if a["type"] == "land"]
        if not lands or not ship.holds():
            return {"type": "pass"}
        card = CARDS[g.card]
        return max(lands, key=lambda a: sum(GOODS_VALUE[x] for x in card["planets"][a["planet"]]))
    if kind == "lose_crew":
        # lose humans from the fullest cabin first, aliens last
        humans = [a for a in acts if ship.crew.get((a["cell"][0], a["cell"][1]), 0)]
        pool = humans if humans and ship.humans() > 1 else acts
        return max(pool, key=lambda a: ship.crew.get((a["cell"][0], a["cell"][1]), 0))
    if kind == "load":
        stores = [a for a in acts if a["type"] == "store"]
        if stores:
            return max(stores, key=lambda a: GOODS_VALUE[a["good"]])
        # drop a cheaper good aboard to make room for a better one
        pending = ask.data["goods"]
        if pending:
            top = max(GOODS_VALUE[x] for x in pending)
            drops = [a for a in acts if a["type"] == "drop" and GOODS_VALUE[a["good"]] < top
                     and ship.may_hold((a["cell"][0], a["cell"][1]), max(pending, key=lambda x: GOODS_VALUE[x]))]
            if drops:
                return min(drops, key=lambda a: GOODS_VALUE[a["good"]])
        return {"type": "done"}
    if kind == "late_order":
        return acts[0]
    return rnd.choice(acts)


def random_build_step(g: Any, seat: int, t: int, rnd: random.Random) -> Action | None:
    """The « aléatoire » builder: any legal action, placing what it holds most of the time (for comparisons)."""
    acts = [a for a in g.build_actions(seat, t) if a["type"] != "wait"]
    if not acts:
        return None
    for typ in ("time_up", "flip", "unpeek"):
        hit = [a for a in acts if a["type"] == typ]
        if hit:
            return hit[0]
    places = [a for a in acts if a["type"] == "place"]
    if places and rnd.random() < 0.8:
        return rnd.choice(places)
    finish = [a for a in acts if a["type"] == "finish"]
    if finish and rnd.random() < 0.02:
        return finish[0]
    takes = [a for a in acts if a["type"] == "take"]
    if takes and rnd.random() < 0.7:
        return takes[0]
    others = [a for a in acts if a["type"] != "finish"] or acts
    return rnd.choice(others)


def random_flight_step(g: Any, seat: int, rnd: random.Random) -> Action:
    acts = [a for a in g.legal_actions(seat) if a["type"] != "give_up"] or g.legal_actions(seat)
    return rnd.choice(acts)


def play_game(g: Any, rnd: random.Random, pace: int = 700, max_actions: int = 50_000,
              builders: list[Any] | None = None, fliers: list[Any] | None = None) -> int:
    """Play `g` to its end with bots: building in simulated real time (each bot acts every `pace` ms of the
    shared clock), every other decision at once. `builders[s](g, s, t, rnd)` and `fliers[s](g, s, rnd)` choose
    for seat s (default: build_step and flight_step). Returns the number of actions."""
    n = 0
    nxt = [0] * g.players
    build = builders or [build_step] * g.players
    fly = fliers or [flight_step] * g.players
    while not g.is_over():
        assert n < max_actions, "the game does not end"
        ask = g.asks[0]
        if ask.kind == "build":
            seats = g.to_move()
            seat = min(seats, key=lambda s: (nxt[s], s))
            t = max(g.clock, nxt[seat])
            act = build[seat](g, seat, t, rnd)
            nxt[seat] = t + pace
            if act is None:
                continue
            g.apply(seat, act)
        else:
            seat = g.to_move()[0]
            g.apply(seat, fly[seat](g, seat, rnd))
        n += 1
    return n


def bot_action(g: Any, seat: int, level: str, seed: int, t: int | None) -> Action | None:
    """The page's bots: « aléatoire » builds and flies at random; every other level uses the building policy and
    the flight heuristics (a search would not keep pace with the hourglass). Building needs the clock `t`."""
    from ...core.errors import IllegalAction

    if seat not in g.to_move():
        raise IllegalAction("Ce bot n'a rien à jouer maintenant.", "This bot has nothing to play now.")
    rnd = random.Random(f"{seed}:{g.seed}:{len(g.history)}:{seat}")
    if g.asks[0].kind == "build":
        when = g.clock if t is None else max(g.clock, t)
        return (random_build_step if level == "aleatoire" else build_step)(g, seat, when, rnd)
    if level == "aleatoire":
        return random_flight_step(g, seat, rnd)
    return flight_step(g, seat, rnd)


def heuristic_action(state: Any, seat: int, rng: Any) -> Action:
    """core.bots' « facile » level outside real time (building at the state's own clock)."""
    rnd = random.Random(rng.below(2 ** 31))
    if state.asks[0].kind == "build":
        act = build_step(state, seat, state.clock, rnd)
        return act if act is not None else state.legal_actions(seat)[-1]
    return flight_step(state, seat, rnd)


def _worth(ship: Ship, cell: Cell) -> float:
    caps = ship.caps(cell)
    if caps.get("start"):
        return 100.0
    return (caps.get("engine", 0) * 3 + caps.get("cannon", 0) * 2 + caps.get("crew", 0) + caps.get("battery", 0)
            + caps.get("cargo", 0) * 0.5 + (2 if caps.get("shield") else 0))


def _power(g: Any, seat: int, ask: Any, acts: list[Action]) -> Action:
    ship: Ship = g.ships[seat]
    card = CARDS[g.card] if g.card else {}
    top = ask.data["max"]
    if ask.data["what"] == "cannon" and "strength" in card:
        # the fewest batteries that beat the enemy, else none
        for k in range(top + 1):
            if ship.cannon_strength(k) > card["strength"]:
                return {"type": "power", "n": k}
        return {"type": "power", "n": 0}
    if ask.data["what"] == "engine" and card.get("type") == "openspace":
        return {"type": "power", "n": top if ship.batteries() > 2 else min(top, 1)}
    # combat zone: a little effort not to be the weakest
    return {"type": "power", "n": min(top, 1)}


def _accept(g: Any, seat: int, ask: Any) -> Action:
    ship: Ship = g.ships[seat]
    card = CARDS[ask.data["offer"]]
    if card["type"] == "abandonedship":
        ok = ship.humans() - card["crew"] >= 2 and card["credits"] >= 2 * card["days"]
    elif card["type"] == "abandonedstation" or card["type"] == "smugglers":
        ok = bool(ship.holds())
    else:
        ok = True
    return {"type": "accept" if ok else "decline"}


__all__ = [
    "best_placement",
    "bot_action",
    "build_step",
    "flight_step",
    "heuristic_action",
    "placement_score",
    "play_game",
    "random_build_step",
    "random_flight_step",
]
