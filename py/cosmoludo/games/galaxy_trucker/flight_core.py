"""Galaxy Trucker's flight, the shared pieces: the track (moving, giving up), paying battery cells, losing crew,
goods and components, projectiles, and the Combat Zone's line loop (`combat_lines`) that the base game and the
expansion's variants (five players, Remorseless Fate) share. The card effects are in `flight_cards.py`, the steps
and the decisions in `flight.py`.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core.squaregrid import SIDE_NAMES
from ...core.state import Action
from ...core.text import P
from .data import GOODS_VALUE, SIDE_WORDS, TRACK
from .words import a_component, en_n, fr_n, fr_num, good, goods_words

if TYPE_CHECKING:
    from .rules import GalaxyTruckerRules as G

Cell = tuple[int, int]
SIDE_OF = {name: i for i, name in enumerate(SIDE_NAMES)}


def _cell(v: list[int]) -> Cell:
    return (v[0], v[1])


def _goods_words(goods: str) -> tuple[str, str]:
    return goods_words(goods)


#: Expansion modules' hooks (ext_roads): extra adventure cards at lift-off; after each card; when the deck is
#: empty (it may refill it).
LIFT_OFF_HOOKS: list[Callable[[Any], list[str]]] = []
#: Battery cells one use costs (a shield, a double engine or cannon): 1, or more under a module's rule (ext_roads).
CELL_COST_HOOKS: list[Callable[[Any], int]] = []
CARD_END_HOOKS: list[Callable[[Any], None]] = []
#: Once a card's effect is over, before CARD_END_HOOKS: more that may ask questions (ext_roads: Space Junk). Each
#: returns False while a question is open (the card's end then runs again once it is answered), True once done.
AFTER_CARD_HOOKS: list[Callable[[Any], bool]] = []
#: Told (game, seat, how many) whenever components fall off a ship (the pieces its owner did not keep).
FALL_HOOKS: list[Callable[[Any, int, int], None]] = []
DECK_END_HOOKS: list[Callable[[Any], None]] = []



def move(g: G, seat: int, n: int) -> None:
    """Move `seat` n spaces (back if negative); spaces occupied by other flying ships are not counted."""
    if n == 0 or g.out[seat]:
        return
    step = 1 if n > 0 else -1
    taken = {g.pos[o] % TRACK for o in range(g.players) if o != seat and not g.out[o]}
    p = g.pos[seat]
    for _ in range(abs(n)):
        p += step
        while p % TRACK in taken:
            p += step
    g.pos[seat] = p
    if n > 0:
        g.emit(f"{P(seat)} avance de {fr_n(n, 'jour', 'jours')} de vol.",
               f"{P(seat)} moves {en_n(n, 'flight day', 'flight days')} ahead.")
    else:
        g.emit(f"{P(seat)} perd {fr_n(-n, 'jour', 'jours')} de vol.", f"{P(seat)} loses {en_n(-n, 'flight day', 'flight days')}.")


def earn(g: G, seat: int, n: int) -> None:
    """Credits earned from a card during the flight (kept even when giving up)."""
    g.credits[seat] += n
    g.earned[seat] += n


def give_up(g: G, seat: int, fr: str, en: str) -> None:
    if g.out[seat]:
        return
    g.out[seat] = True
    g.emit(f"{P(seat)} abandonne le vol ({fr}).", f"{P(seat)} gives up the flight ({en}).")


def forced_give_ups(g: G) -> None:
    for s in g.flight_order():
        if g.ships[s].humans() == 0:
            give_up(g, s, "plus d'humain à bord", "no human left aboard")
    flying = g.flight_order()
    for s in flying:
        if any(g.pos[o] - g.pos[s] >= TRACK for o in flying if o != s):
            give_up(g, s, "dépassé d'un tour", "lapped")


def roll(g: G) -> int:
    return g.rng.randint(1, 6) + g.rng.randint(1, 6)



# ---- shared pieces of card effects ------------------------------------------------------------------------------
def declare(g: G, seat: int, what: str) -> bool:
    """Make sure `seat`'s engine/cannon strength for this card is in g.cur["vals"]; False if it was asked."""
    vals = g.cur.setdefault("vals", {})
    if str(seat) in vals:
        return True
    ship = g.ships[seat]
    cost = cell_cost(g)
    k = min(ship.powerable(what), ship.batteries() // cost)
    if k == 0:
        vals[str(seat)] = ship.engine_strength(0) if what == "engine" else ship.cannon_strength(0)
        return True
    g.ask("power", seat, what=what, max=k, **({"cost": cost} if cost > 1 else {}))
    return False


def cell_cost(g: G) -> int:
    return max([1, *(hook(g) for hook in CELL_COST_HOOKS)])


def pay(g: G, seat: int, n: int) -> None:
    """`seat` pays n battery cells; its owner chooses the battery each comes from (asked, in front of every other
    decision, only when there is a choice: one battery left with charge, or every cell spent, asks nothing)."""
    n = _drain_forced(g.ships[seat], n)
    if n > 0:
        g.ask("drain", seat, at=0, n=n)


def _charged(ship: Any) -> list[Cell]:
    return [c for c in sorted(ship.charge) if ship.charge[c] > 0]


def _drain_forced(ship: Any, n: int) -> int:
    """Spend the cells no choice is left about; return how many are still to choose."""
    while n > 0:
        full = _charged(ship)
        if not full:
            return 0
        if len(full) > 1 and n < sum(ship.charge[c] for c in full):
            return n
        ship.charge[full[0]] -= 1
        n -= 1
    return 0


def loss_options(ship: Any) -> list[Action]:
    """What may go next when goods are lost: one of the most valuable goods aboard (from the hold of one's
    choice); with no goods left, a battery cell (from the battery of one's choice)."""
    goods = sorted({(GOODS_VALUE[x], c, x) for c in ship.holds() for x in ship.goods.get(c, [])})
    if goods:
        top = goods[-1][0]
        return [{"type": "lose_good", "cell": list(c), "good": x} for v, c, x in goods if v == top]
    return [{"type": "lose_battery", "cell": list(c)} for c in _charged(ship)]


def _lose_one(g: G, seat: int, a: Action) -> None:
    ship = g.ships[seat]
    c = _cell(a["cell"])
    if a["type"] == "lose_good":
        ship.goods[c].remove(a["good"])
        x = good(a["good"])
        g.emit(f"{P(seat)} perd une marchandise {x[0]}.", f"{P(seat)} loses a {x[1]} good.")
    else:
        ship.charge[c] -= 1
        g.emit(f"{P(seat)} perd une capsule de batterie.", f"{P(seat)} loses a battery cell.")


def _lose_forced(g: G, seat: int, n: int) -> int:
    """Lose what no choice is left about; return how many are still to choose."""
    ship = g.ships[seat]
    while n > 0:
        opts = loss_options(ship)
        if not opts:
            return 0
        if len(opts) > 1 and not (opts[0]["type"] == "lose_battery" and n >= ship.batteries()):
            return n
        _lose_one(g, seat, opts[0])
        n -= 1
    return 0


def lose_goods(g: G, seat: int, n: int) -> None:
    """Lose n goods, the most valuable first, then battery cells once there are no goods; the owner chooses the
    hold (among goods of the same value) or the battery when there is a choice."""
    n = _lose_forced(g, seat, n)
    if n > 0:
        g.ask("lose_goods", seat, n=n)


def ask_lose_crew(g: G, seat: int, n: int) -> None:
    n = min(n, g.ships[seat].crew_total())
    if n > 0:
        g.ask("lose_crew", seat, n=n)


def destroy(g: G, seat: int, cell: Cell) -> None:
    ship = g.ships[seat]
    fr, en = a_component(ship.tiles[cell][0])
    ship.destroy(cell)
    g.emit(f"{P(seat)} perd {fr} en {cell[0]}-{cell[1]}.", f"{P(seat)} loses {en} at {cell[0]}-{cell[1]}.")
    if len(ship.parts()) > 1:
        g.ask("keep", seat)


def projectiles(g: G, key: str) -> bool:
    """Resolve g.cur[key] = {"list": ["big:N", …], "targets": [seats], "i", "ti", "roll"}; True once done.

    One roll per projectile for every target (the expansion's general principle). A shield, or a double
    cannon against a large meteor, is a question; the rest happens at once."""
    st = g.cur[key]
    while st["i"] < len(st["list"]):
        size, side_name = st["list"][st["i"]].split(":")
        side = SIDE_OF[side_name]
        if st["roll"] is None:
            st["roll"] = roll(g)
            fr_side, en_side = SIDE_WORDS[side]
            what = {"small": ("Petit météorite", "Small meteor"), "big": ("Gros météorite", "Large meteor"),
                    "light": ("Tir léger", "Light shot"), "heavy": ("Tir lourd", "Heavy shot")}[size]
            g.emit(f"{what[0]} venant de {fr_side}, ligne {st['roll']}.",
                   f"{what[1]} from {en_side}, line {st['roll']}.")
        while st["ti"] < len(st["targets"]):
            s = st["targets"][st["ti"]]
            st["ti"] += 1
            if g.out[s] or st.get("skip", {}).get(str(s)) == st["i"]:  # skip: a reduced penalty (ext_five)
                continue
            if hit(g, s, size, side, st["roll"]):
                return False
        st["i"] += 1
        st["ti"] = 0
        st["roll"] = None
    return True


def hit(g: G, seat: int, size: str, side: int, number: int) -> bool:
    """One projectile against one ship; True if a question was asked (the effect then waits for it)."""
    ship = g.ships[seat]
    cell = ship.first_hit(side, number)
    if cell is None:
        return False
    if size == "small" and ship.conn[cell][side] == 0:
        g.emit(f"Le météorite rebondit sur le vaisseau de {P(seat)}.", f"The meteor bounces off {P(seat)}'s ship.")
        return False
    cost = cell_cost(g)
    more = {"cost": cost} if cost > 1 else {}
    if size in ("small", "light") and side in ship.shield_sides() and ship.batteries() >= cost:
        g.ask("defend", seat, how="shield", cell=list(cell), size=size, **more)
        return True
    if size == "big":
        cannons = ship.cannons_against(side, number)
        if any(not ship.caps(c).get("powered") for c in cannons):
            g.emit(f"{P(seat)} pulvérise le gros météorite.", f"{P(seat)} shoots the large meteor down.")
            return False
        if cannons and ship.batteries() >= cost:
            g.ask("defend", seat, how="cannon", cell=list(cell), size=size, **more)
            return True
    destroy(g, seat, cell)
    return bool(g.asks)


def weakest(g: G, vals: dict[str, float]) -> int:
    """The seat with the lowest value; ties hit the one furthest ahead."""
    order = g.flight_order()
    low = min(vals[str(s)] for s in order)
    return next(s for s in order if vals[str(s)] == low)


def lose_days_in_order(g: G, seats: list[int], days: int) -> None:
    """Days are lost starting with the ship furthest behind."""
    for s in sorted(seats, key=lambda s: g.pos[s]):
        move(g, s, -days)


LINE_WORDS = {"crew": ("le moins d'équipage", "the fewest crew"),
              "engines": ("la plus faible force de réacteurs", "the weakest engines"),
              "cannons": ("la plus faible force de lasers", "the weakest cannons")}


def line_values(g: G, line: dict[str, Any]) -> list[int] | None:
    """A Combat Zone line's number for every ship still in the race, in `g.cur["vals"]`: the crew counted, or the
    engine / cannon strength each player declares; the flight order, or None while a declaration is awaited."""
    order = g.flight_order()
    if line["fewest"] == "crew":
        g.cur["vals"] = {str(s): g.ships[s].crew_total() for s in order}
        return order
    for s in order:
        if not declare(g, s, "engine" if line["fewest"] == "engines" else "cannon"):
            return None
    return order


#: Whom a Combat Zone line hits: (game, line, every flying ship's number) → [(seat, reduction)], in the order the
#: penalty is dealt; each ship suffers the penalty reduced by its `reduction` (a shots line: its first heavy shot
#: ignored). The function also says in the log whom the line hits.
PickTargets = Callable[[Any, dict[str, Any], dict[str, float]], list[tuple[int, int]]]


def first_heavy(shots: list[str]) -> int | None:
    """Index of the first heavy shot of a list (the one a reduced penalty ignores)."""
    return next((i for i, x in enumerate(shots) if x.startswith("heavy:")), None)


def combat_lines(g: G, card: dict[str, Any], pick_targets: PickTargets) -> None:
    """The Combat Zone's three lines in turn: every ship's number (crew counted, or engine / cannon strength
    declared), the ships `pick_targets` chooses, their penalty (flight days lost from the rearmost ship on, goods,
    crew, shots rolled once for all of them). Alone in the race: nothing (the expansion's example)."""
    cur = g.cur
    if len(g.flight_order()) < 2:
        g.phase = "card_end"
        return
    lines = card["lines"]
    while cur.setdefault("line", 0) < len(lines):
        line = lines[cur["line"]]
        if "targets" not in cur:
            order = line_values(g, line)
            if order is None:
                return
            if len(order) < 2:
                cur["line"] = len(lines)
                break
            hits = pick_targets(g, line, cur["vals"])
            cur["targets"] = [s for s, _ in hits]
            value = line["value"]
            if line["penalty"] == "days":
                for s, r in sorted(hits, key=lambda h: g.pos[h[0]]):
                    move(g, s, -(value - r))
            elif line["penalty"] == "goods":
                for s, r in hits:
                    lose_goods(g, s, value - r)
                if g.asks:
                    return
            elif line["penalty"] == "crew":
                for s, r in hits:
                    ask_lose_crew(g, s, value - r)
                if g.asks:
                    return
            else:
                shots: dict[str, Any] = {"list": value, "targets": cur["targets"], "i": 0, "ti": 0, "roll": None}
                skip = {str(s): first_heavy(value) for s, r in hits if r}
                if skip:
                    shots["skip"] = skip
                cur["shots"] = shots
        if "shots" in cur and not projectiles(g, "shots"):
            return
        cur.pop("shots", None)
        cur.pop("targets", None)
        cur.pop("vals", None)
        cur["line"] += 1
    g.phase = "card_end"


def fight_in_order(g: G, card: dict[str, Any], fighting: Callable[[], bool], on_win: Callable[[int], None],
                   cut: Callable[[], int] = lambda: 0) -> bool:
    """Smugglers, slavers and pirates attack the ships in flight order while `fighting()`: a ship stronger than
    the enemy beats it (`on_win(seat)` asks what follows), an equal one holds it off, a weaker one suffers the
    penalty less `cut()` (its first heavy shot skipped when cut). False while a question waits, True once done."""
    cur = g.cur
    order = cur["order"]
    losers: list[int] = cur.setdefault("losers", [])
    strength = card["strength"]
    while cur["i"] < len(order) and fighting():
        s = order[cur["i"]]
        if g.out[s]:
            cur["i"] += 1
            continue
        if not declare(g, s, "cannon"):
            return False
        v = cur["vals"][str(s)]
        cur["i"] += 1
        if v > strength:
            g.emit(f"{P(s)} bat l'ennemi ({fr_num(v)} contre {strength}).",
                   f"{P(s)} defeats the enemy ({v:g} against {strength}).")
            on_win(s)
            return False
        if v == strength:
            g.emit(f"{P(s)} tient l'ennemi en respect ({fr_num(v)}) : l'ennemi passe au suivant.",
                   f"{P(s)} holds the enemy off ({v:g}): it moves on.")
            continue
        g.emit(f"{P(s)} perd le combat ({fr_num(v)} contre {strength}).",
               f"{P(s)} is defeated ({v:g} against {strength}).")
        less = cut()
        if card["type"] == "smugglers":
            lose_goods(g, s, card["lose_goods"] - less)
            if g.asks:  # the owner chooses the hold or battery
                return False
        elif card["type"] == "slavers":
            ask_lose_crew(g, s, card["lose_crew"] - less)
            if g.asks:
                return False
        else:
            losers.append(s)
            if less:
                cur.setdefault("skip", {})[str(s)] = first_heavy(card["shots"])
    return True
