"""Galaxy Trucker bots: a cheap building policy (one action per call, well under a millisecond or two, so the page's
worker is never held while a human places a component) and flight heuristics.

`build_step(g, seat, t, rnd)` answers one building action at clock `t` (the page's worker calls it for one bot at
a time, at the bot's pace). `flight_step(g, seat, rnd)` answers any other decision.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...core import squaregrid as sg
from ...core.squaregrid import BAD, JOINED, N, S
from ...core.state import Action
from .data import CARDS, GOODS_VALUE, TILES
from .ext_five_cards import KINDS as FIVE_KINDS
from .ext_five_cards import bot_answer as five_bot_answer
from .ship import Ship

if TYPE_CHECKING:
    from .rules import GalaxyTruckerRules as G

Cell = tuple[int, int]

#: How long (ms of the game clock) a bot with nothing to take waits for another seat's returns after the last action.
IDLE_MS = 6_000


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
    # how well it is held, and its connectors left open: one facing the board's edge stays exposed for good (stardust,
    # small meteors, the best-looking ship), one facing a free cell of the board is where the ship grows next
    off = sum(1 for side in range(4) if conn[side] and sg.neighbor(cell, side) not in ship.cls.cells)
    return score + 0.3 * joined - 0.6 * off


def open_cells(ship: Ship) -> list[Cell]:
    """The free cells of the board some component could still be welded to without an error at the check: a
    neighbour's connector faces the cell, and the cell is neither behind an engine's exhaust nor in front of a
    cannon's barrel. None left: the ship is closed (every connector faces the edge, an exhaust or a smooth side)."""
    out = []
    for cell in sorted(ship.cls.cells):
        if cell in ship.tiles:
            continue
        joins = False
        for side in range(4):
            other = sg.neighbor(cell, side)
            oc = ship.conn.get(other)
            if oc is None:
                continue
            back = (side + 2) % 4  # the other component's side facing this cell
            ocaps = ship.caps(other)
            orot = ship.tiles[other][1]
            if ocaps.get("engine") and sg.turn(S, orot) == back or ocaps.get("cannon") and sg.turn(N, orot) == back:
                break
            joins = joins or oc[back] != sg.SMOOTH
        else:
            if joins:
                out.append(cell)
    return out


def blocked_cells(ship: Ship) -> set[Cell]:
    """Free cells that can never take a component: behind an engine's exhaust or in front of a cannon's barrel."""
    out = set()
    for cell, (tile, rot) in ship.tiles.items():
        caps = TILES[tile].caps
        if caps.get("engine"):
            out.add(sg.neighbor(cell, sg.turn(S, rot)))
        if caps.get("cannon"):
            out.add(sg.neighbor(cell, sg.turn(N, rot)))
    return out


def reachable(ship: Ship) -> int:
    """How many free cells of the board the ship can still grow into: the open cells and every free cell joined to
    them through free cells (a later component may bring the connector), blocked cells left out."""
    cells = ship.cls.cells
    blocked = blocked_cells(ship)
    todo = [c for c in open_cells(ship) if c not in blocked]
    seen = set(todo)
    while todo:
        c = todo.pop()
        for o in sg.neighbors(c):
            if o in cells and o not in seen and o not in ship.tiles and o not in blocked:
                seen.add(o)
                todo.append(o)
    return len(seen)


#: The share of the board's cells at which a bot calls its ship finished.
FULL = 0.9
#: A set-aside component is welded before finishing when its best placement scores above this (else it is lost).
ASIDE_FLOOR = -1.0
#: What a free cell of the board cut off from the ship costs (the component it could have held).
CUT_OFF = 0.8
#: Placements whose cut-off cells are counted exactly (the best ones by the cheap score).
RERANK = 4


def best_placement(ship: Ship, tile: int, rerank: int = RERANK) -> tuple[float, Cell, int] | None:
    """The best (score, cell, rotation) for `tile`, None if it fits nowhere without an error. The cheap score ranks
    every placement; the best `rerank` are charged for the free cells they cut off from the ship."""
    scored = []
    for cell, rot in ship.placements(tile):
        sc = placement_score(ship, tile, cell, rot)
        if sc is not None:
            scored.append((sc, cell, rot))
    if not scored:
        return None
    scored.sort(key=lambda x: -x[0])
    if not rerank:
        return scored[0]
    before = reachable(ship)
    best = None
    for sc, cell, rot in scored[:rerank]:
        ship.put(cell, tile, rot)
        lost = before - 1 - reachable(ship)
        ship.take_off(cell)
        sc -= CUT_OFF * max(0, lost)
        if best is None or sc > best[0]:
            best = (sc, cell, rot)
    return best


def build_step(g: G, seat: int, t: int, rnd: random.Random, careful: bool = True) -> Action | None:
    """One building action for `seat` at clock `t` (None: nothing worth doing now). `careful=False` is the beginner
    (« facile »): it places where a component looks useful without counting the cells it cuts off from the ship,
    glances only at the latest components returned face up, and forgets what it set aside."""
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
    rerank = RERANK if careful else 0
    if hand is not None:
        best = best_placement(ship, hand, rerank)
        if g.hand_from[seat] == "aside":  # it cannot go back to the middle: placed, or set aside again
            if best is not None:
                return {"type": "place", "cell": list(best[1]), "rot": best[2], "t": t}
            return types.get("aside")
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
    full = len(ship.tiles) >= FULL * len(ship.cls.cells)
    keen = 0.4 if len(g.facedown) > 40 else 0.05  # less choosy once the pile runs low
    if late or full or not free or not open_cells(ship) or (
            "take" not in types and not g.faceup and not ship.aside):
        # Before finishing, weld what was set aside (it would be lost, a credit each) wherever it fits soundly.
        for tile in list(ship.aside) if careful else []:
            b = best_placement(ship, tile)
            if b is not None and b[0] > ASIDE_FLOOR:
                return {"type": "take_aside", "tile": tile, "t": t}
        finish = [a for a in acts if a["type"] == "finish"]
        return finish[0] if finish else None
    for tile in list(ship.aside):
        b = best_placement(ship, tile, rerank)
        if b is not None and b[0] > keen:
            return {"type": "take_aside", "tile": tile, "t": t}
    # a useful face-up component: the latest ones and a few others, to stay cheap
    extra = 4 if "take" in types else 10
    ups = g.faceup[-6:] + (rnd.sample(g.faceup[:-6], min(extra, len(g.faceup) - 6)) if len(g.faceup) > 6 else [])
    if not careful:
        ups = g.faceup[-2:]
    want = 1.5 if "take" in types else keen
    best_up = None
    for tile in ups:
        b = best_placement(ship, tile, rerank)
        if b is not None and b[0] > want and (best_up is None or b[0] > best_up[0]):
            best_up = (b[0], tile)
    if best_up is not None:
        return {"type": "take_up", "tile": best_up[1], "t": t}
    if "take" in types:
        return types["take"]
    # The pile is empty and nothing face up fits: wait while another seat still builds (it may return something
    # useful), but only while somebody has acted lately: the page asks again with the same seed (the number of
    # actions) as long as nobody acts, so waiting on a random draw could last for ever.
    others = any(g.order[s] is None for s in range(g.players) if s != seat)
    if g.faceup and not late and others and t - g.clock < IDLE_MS:
        return None
    finish = [a for a in acts if a["type"] == "finish"]
    return finish[0] if finish else None


# ---- flight ------------------------------------------------------------------------------------------------------
def flight_step(g: G, seat: int, rnd: random.Random) -> Action:
    """A heuristic answer to the open flight / check / crew decision."""
    acts = g.legal_actions(seat)
    ask = g.asks[0]
    kind = ask.kind
    ship: Ship = g.ships[seat]
    if kind in ("ready",):
        return {"type": "go"}
    if kind == "results":
        return {"type": "continue"}
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
        card = g.card_now()
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
    if kind == "drain" or kind == "lose_goods" and acts[0]["type"] == "lose_battery":
        # battery cells from the fullest battery (the others stay spread over the ship, against meteors)
        return max(acts, key=lambda a: ship.charge.get((a["cell"][0], a["cell"][1]), 0))
    if kind == "lose_goods":
        # a good from the fullest hold: it makes room in one place for the next load
        return max(acts, key=lambda a: len(ship.goods.get((a["cell"][0], a["cell"][1]), [])))
    if kind == "late_order":
        return acts[0]
    return rnd.choice(acts)


# ---- « fort »: a lookahead over the flight ---------------------------------------------------------------------
#: Determinised copies per option, the time cap (s) and the most options worth trying (more: the heuristic answers).
LOOKAHEAD_SAMPLES = 12
LOOKAHEAD_SECONDS = 0.8
LOOKAHEAD_OPTIONS = 8


def flight_playout(g: G, flight: int, rnd: random.Random, max_actions: int = 2_000) -> None:
    """Play the « facile » flight heuristics for every seat until the flight `flight` has landed (or the game ends)."""
    n = 0
    while not g.is_over() and g.flight_i == flight and g.asks and g.asks[0].kind != "build" and n < max_actions:
        seat = g.to_move()[0]
        g.step(seat, flight_step(g, seat, rnd))
        n += 1


def flight_value(g: G, seat: int) -> float:
    """Credits ahead of the best other seat (what winning is about)."""
    others = [c for s, c in enumerate(g.credits) if s != seat]
    return g.credits[seat] - (max(others) if others else 0)


def lookahead_step(g: G, seat: int, rnd: random.Random, samples: int = LOOKAHEAD_SAMPLES,
                   seconds: float | None = LOOKAHEAD_SECONDS) -> Action:
    """The « fort » flight decision: every option is tried on the same determinised copies (the unseen cards
    shuffled, the same dice for every option: common random numbers), each followed by a « facile » playout to the
    flight's landing; the option ahead on average wins, ties going to the heuristic's choice."""
    import time

    from ...core.rng import Rng

    acts = g.legal_actions(seat)
    usual = flight_step(g, seat, rnd)
    if len(acts) < 2 or len(acts) > LOOKAHEAD_OPTIONS or g.asks[0].kind not in LOOKAHEAD_KINDS:
        return usual
    flight = g.flight_i
    totals = [0.0] * len(acts)
    deadline = None if seconds is None else time.perf_counter() + seconds
    base = rnd.getrandbits(32)
    for i in range(samples):
        if deadline is not None and i >= 2 and time.perf_counter() > deadline:
            break
        d = g.determinize(seat, Rng(f"{base}:{i}"))
        d.quiet = True
        values = []
        for a in acts:
            if deadline is not None and i >= 2 and time.perf_counter() > deadline:
                break  # out of time: this copy is left out (every option must be weighed on the same copies)
            c = d.clone()
            c.step(seat, a)
            flight_playout(c, flight, random.Random(f"{base}:{i}"))
            values.append(flight_value(c, seat))
        if len(values) < len(acts):
            break
        totals = [x + v for x, v in zip(totals, values, strict=True)]
    best = max(range(len(acts)), key=lambda j: (totals[j], acts[j] == usual))
    return acts[best]


#: The flight decisions the lookahead weighs (the others: the heuristic's answer is as good and cheaper).
LOOKAHEAD_KINDS = frozenset({"ready", "power", "defend", "accept", "planet", "lose_crew", "keep", "crew", "load",
                             "drain", "lose_goods"})


def random_build_step(g: G, seat: int, t: int, rnd: random.Random) -> Action | None:
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


def random_flight_step(g: G, seat: int, rnd: random.Random) -> Action:
    acts = [a for a in g.legal_actions(seat) if a["type"] != "give_up"] or g.legal_actions(seat)
    return rnd.choice(acts)


def play_game(g: G, rnd: random.Random, pace: int = 700, max_actions: int = 50_000,
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


# ---- the levels ------------------------------------------------------------------------------------------------
#: The flight lookahead per level: determinised copies, and the time cap (s) that cuts it short in a slow page
#: (core.bots' budgets: 0.18 s for « normal », 0.9 s for « fort »). « facile » answers by the heuristics alone.
LEVEL_LOOKAHEAD: dict[str, tuple[int, float]] = {"normal": (4, 0.18), "fort": (LOOKAHEAD_SAMPLES, LOOKAHEAD_SECONDS)}


def beginner_build_step(g: G, seat: int, t: int, rnd: random.Random) -> Action | None:
    """The « facile » builder: the building policy without its care (see `build_step`, `careful=False`)."""
    return build_step(g, seat, t, rnd, careful=False)


def level_builder(level: str) -> Any:
    """The building policy of a level: `(g, seat, t, rnd) -> action or None`."""
    return {"aleatoire": random_build_step, "facile": beginner_build_step}.get(level, build_step)


def level_flier(level: str, samples: int | None = None, seconds: float | None = None) -> Any:
    """The flight policy of a level: `(g, seat, rnd) -> action`. `samples` overrides the level's lookahead copies;
    `seconds` is its time cap (None: none, so that a measure repeats)."""
    if level == "aleatoire":
        return random_flight_step
    if level not in LEVEL_LOOKAHEAD:
        return flight_step
    n = samples if samples else LEVEL_LOOKAHEAD[level][0]

    def fly(g: G, seat: int, rnd: random.Random) -> Action:
        return lookahead_step(g, seat, rnd, samples=n, seconds=seconds)
    return fly


def play_levels(g: G, levels: list[str], seed: int, budget: tuple[int, float | None] | None = None) -> int:
    """A whole game between bots of `levels` (per seat, as `python -m cosmoludo simulate`): building in simulated
    real time (`play_game`), the lookahead without its time cap (the figure repeats); `budget[0]`, when given,
    replaces the lookahead's number of copies. Returns the number of actions."""
    samples = budget[0] if budget else None
    seats = range(g.players)
    return play_game(g, random.Random(seed), builders=[level_builder(levels[s % len(levels)]) for s in seats],
                     fliers=[level_flier(levels[s % len(levels)], samples) for s in seats])


def bot_action(g: G, seat: int, level: str, seed: int, t: int | None) -> Action | None:
    """The page's bots: « aléatoire » builds and flies at random; « facile » builds as a beginner (`build_step`,
    careless) and flies by the heuristics; « normal » and « fort » build with the building policy (a search would
    not keep pace with the hourglass) and weigh their flight decisions by a lookahead (`lookahead_step`), « fort »
    over three times as many copies. Building needs the clock `t`."""
    from ...core.errors import IllegalAction

    if seat not in g.to_move():
        raise IllegalAction("Ce bot n'a rien à jouer maintenant.", "This bot has nothing to play now.")
    rnd = random.Random(f"{seed}:{g.seed}:{len(g.history)}:{seat}")
    if g.asks[0].kind == "build":
        when = g.clock if t is None else max(g.clock, t)
        return level_builder(level)(g, seat, when, rnd)  # type: ignore[no-any-return]
    if level in LEVEL_LOOKAHEAD:
        samples, seconds = LEVEL_LOOKAHEAD[level]
        return lookahead_step(g, seat, rnd, samples=samples, seconds=seconds)
    return level_flier(level)(g, seat, rnd)  # type: ignore[no-any-return]


def heuristic_action(state: Any, seat: int, rng: Any) -> Action:
    """core.bots' « facile » level outside real time (the beginner building at the state's own clock)."""
    rnd = random.Random(rng.below(2 ** 31))
    if state.asks[0].kind == "build":
        act = beginner_build_step(state, seat, state.clock, rnd)
        return act if act is not None else state.legal_actions(seat)[-1]
    return flight_step(state, seat, rnd)


def _worth(ship: Ship, cell: Cell) -> float:
    caps = ship.caps(cell)
    if caps.get("start"):
        return 100.0
    return (caps.get("engine", 0) * 3 + caps.get("cannon", 0) * 2 + caps.get("crew", 0) + caps.get("battery", 0)
            + caps.get("cargo", 0) * 0.5 + (2 if caps.get("shield") else 0))


def _power(g: G, seat: int, ask: Any, acts: list[Action]) -> Action:
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


def _accept(g: G, seat: int, ask: Any) -> Action:
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
    "LEVEL_LOOKAHEAD",
    "beginner_build_step",
    "best_placement",
    "bot_action",
    "build_step",
    "flight_step",
    "heuristic_action",
    "level_builder",
    "level_flier",
    "lookahead_step",
    "placement_score",
    "play_game",
    "play_levels",
    "random_build_step",
    "random_flight_step",
]
