"""Galaxy Trucker's flight: the track, the adventure cards as small effect functions, projectiles, scoring.

A card's effect is a function `fn(g)` called whenever no decision is open; it keeps its progress in `g.cur`
(JSON-safe), asks what it needs (in flight order, leader first) and returns; once done it sets
`g.phase = "card_end"`. The decisions are the kinds at the bottom.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.flow import Ask, Kind, Reason
from ...core.squaregrid import SIDE_NAMES
from ...core.state import Action
from ...core.text import P
from . import ext_five
from .data import CARD_NAMES, CARDS, GOODS_VALUE, SIDE_WORDS, TRACK
from .words import a_component, en_n, fr_n, fr_num, good, goods_words

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
DECK_END_HOOKS: list[Callable[[Any], None]] = []


# ---- the track -------------------------------------------------------------------------------------------------
def start_flight(g: Any) -> None:
    f = g.flight
    n = g.players
    by_order = sorted(range(n), key=lambda s: g.order[s])
    for i, s in enumerate(by_order):
        g.pos[s] = -i * f.gap
    g.out = [False] * n
    deck = [c for p in g.piles for c in p]
    for extra in LIFT_OFF_HOOKS:
        deck += extra(g)
    g.rng.shuffle(deck)
    g.deck = deck
    g.piles = []
    g.emit(f"Décollage ! {len(deck)} cartes aventure.", f"Lift-off! {len(deck)} adventure cards.")
    g.phase = "next_card"


def move(g: Any, seat: int, n: int) -> None:
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


def earn(g: Any, seat: int, n: int) -> None:
    """Credits earned from a card during the flight (kept even when giving up)."""
    g.credits[seat] += n
    g.earned[seat] += n


def give_up(g: Any, seat: int, fr: str, en: str) -> None:
    if g.out[seat]:
        return
    g.out[seat] = True
    g.emit(f"{P(seat)} abandonne le vol ({fr}).", f"{P(seat)} gives up the flight ({en}).")


def forced_give_ups(g: Any) -> None:
    for s in g.flight_order():
        if g.ships[s].humans() == 0:
            give_up(g, s, "plus d'humain à bord", "no human left aboard")
    flying = g.flight_order()
    for s in flying:
        if any(g.pos[o] - g.pos[s] >= TRACK for o in flying if o != s):
            give_up(g, s, "dépassé d'un tour", "lapped")


def roll(g: Any) -> int:
    return g.rng.randint(1, 6) + g.rng.randint(1, 6)


# ---- steps -----------------------------------------------------------------------------------------------------
def step_next_card(g: Any) -> None:
    forced_give_ups(g)
    if not g.deck:
        for hook in DECK_END_HOOKS:
            hook(g)
    if not g.flight_order() or not g.deck:
        g.phase = "landing"
        return
    g.phase = "draw"
    g.ask("ready", g.flight_order())


def step_draw(g: Any) -> None:
    if not g.flight_order():
        g.phase = "landing"
        return
    cid = g.deck.pop(0)
    g.card = cid
    g.cur = {"i": 0}
    g.reveal()
    fr, en = CARD_NAMES[CARDS[cid]["type"]]
    g.emit(f"Carte aventure : {fr}.", f"Adventure card: {en}.", card=cid)
    g.phase = "resolve"


def step_resolve(g: Any) -> None:
    assert g.card is not None
    kind = CARDS[g.card]["type"]
    fn = next((f for hook in CARD_HOOKS if (f := hook(g, kind)) is not None), CARD_FNS[kind])
    fn(g, CARDS[g.card])


def step_card_end(g: Any) -> None:
    for hook in CARD_END_HOOKS:
        hook(g)
    g.card = None
    g.cur = {}
    g.phase = "next_card"


def step_landing(g: Any) -> None:
    f = g.flight
    finishers = g.flight_order()
    lines: list[dict[str, int]] = []
    rewards = ext_five.finish_rewards(g, f.rewards, finishers)
    looking = ext_five.best_looking_seats(g, finishers)
    for s in range(g.players):
        ship = g.ships[s]
        value = sum(GOODS_VALUE[x] for x in ship.all_goods())
        line = {"cards": g.earned[s], "finish": 0, "best_looking": 0, "goods": 0, "lost": -len(ship.lost)}
        if s in finishers:
            line["finish"] = rewards[finishers.index(s)]
            line["best_looking"] = f.best_looking if s in looking else 0
            line["goods"] = value
        else:
            line["goods"] = (value + 1) // 2
        total = sum(line.values())
        line["total"] = total
        g.credits[s] += total - g.earned[s]
        lines.append(line)
        g.emit(f"{P(s)} : {total:+d} {'crédit' if abs(total) < 2 else 'crédits'} (cartes {line['cards']}, arrivée {line['finish']}, plus beau vaisseau {line['best_looking']}, "
               f"marchandises {line['goods']}, composants perdus {line['lost']}).",
               f"{P(s)}: {total:+d} {'credit' if abs(total) == 1 else 'credits'} (cards {line['cards']}, finish {line['finish']}, best-looking {line['best_looking']}, "
               f"goods {line['goods']}, lost components {line['lost']}).")
    g.scores.append(lines)
    g.card = None
    g.cur = {}
    g.deck = []
    g.phase = "end" if g.flight_i == 2 else "start_flight"


# ---- shared pieces of card effects ------------------------------------------------------------------------------
def declare(g: Any, seat: int, what: str) -> bool:
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


def cell_cost(g: Any) -> int:
    return max([1, *(hook(g) for hook in CELL_COST_HOOKS)])


def pay(g: Any, seat: int, n: int) -> None:
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


def _lose_one(g: Any, seat: int, a: Action) -> None:
    ship = g.ships[seat]
    c = _cell(a["cell"])
    if a["type"] == "lose_good":
        ship.goods[c].remove(a["good"])
        x = good(a["good"])
        g.emit(f"{P(seat)} perd une marchandise {x[0]}.", f"{P(seat)} loses a {x[1]} good.")
    else:
        ship.charge[c] -= 1
        g.emit(f"{P(seat)} perd une capsule de batterie.", f"{P(seat)} loses a battery cell.")


def _lose_forced(g: Any, seat: int, n: int) -> int:
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


def lose_goods(g: Any, seat: int, n: int) -> None:
    """Lose n goods, the most valuable first, then battery cells once there are no goods; the owner chooses the
    hold (among goods of the same value) or the battery when there is a choice."""
    n = _lose_forced(g, seat, n)
    if n > 0:
        g.ask("lose_goods", seat, n=n)


def ask_lose_crew(g: Any, seat: int, n: int) -> None:
    n = min(n, g.ships[seat].crew_total())
    if n > 0:
        g.ask("lose_crew", seat, n=n)


def destroy(g: Any, seat: int, cell: Cell) -> None:
    ship = g.ships[seat]
    fr, en = a_component(ship.tiles[cell][0])
    ship.destroy(cell)
    g.emit(f"{P(seat)} perd {fr} en {cell[0]}-{cell[1]}.", f"{P(seat)} loses {en} at {cell[0]}-{cell[1]}.")
    if len(ship.parts()) > 1:
        g.ask("keep", seat)


def projectiles(g: Any, key: str) -> bool:
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


def hit(g: Any, seat: int, size: str, side: int, number: int) -> bool:
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


def weakest(g: Any, vals: dict[str, float]) -> int:
    """The seat with the lowest value; ties hit the one furthest ahead."""
    order = g.flight_order()
    low = min(vals[str(s)] for s in order)
    return next(s for s in order if vals[str(s)] == low)


def lose_days_in_order(g: Any, seats: list[int], days: int) -> None:
    """Days are lost starting with the ship furthest behind."""
    for s in sorted(seats, key=lambda s: g.pos[s]):
        move(g, s, -days)


# ---- the cards -------------------------------------------------------------------------------------------------
def openspace(g: Any, card: dict[str, Any]) -> None:
    cur = g.cur
    order = cur.setdefault("order", g.flight_order())
    while cur["i"] < len(order):
        s = order[cur["i"]]
        if g.out[s]:
            cur["i"] += 1
            continue
        if not declare(g, s, "engine"):
            return
        v = cur["vals"][str(s)]
        cur["i"] += 1
        if v == 0:
            give_up(g, s, "pas de force de réacteurs", "no engine strength")
        else:
            move(g, s, v)
    g.phase = "card_end"


def stardust(g: Any, card: dict[str, Any]) -> None:
    for s in sorted(g.flight_order(), key=lambda s: g.pos[s]):
        n = g.ships[s].exposed()
        if n:
            move(g, s, -n)
    g.phase = "card_end"


def epidemic(g: Any, card: dict[str, Any]) -> None:
    from ...core import squaregrid as sg

    for s in g.flight_order():
        ship = g.ships[s]
        occupied = {c for c in ship.cabins() if ship.crew.get(c, 0) or c in ship.alien}
        sick = [c for c in sorted(occupied) if any(o in occupied for o in sg.joined_neighbors(ship.conn, c))]
        for c in sick:
            if ship.crew.get(c, 0):
                ship.crew[c] -= 1
            else:
                del ship.alien[c]
        if sick:
            g.emit(f"Épidémie : {P(s)} perd {fr_n(len(sick), 'membre', 'membres')} d'équipage.",
                   f"Epidemic: {P(s)} loses {en_n(len(sick), 'crew member', 'crew members')}.")
    g.phase = "card_end"


def sabotage(g: Any, card: dict[str, Any]) -> None:
    order = g.flight_order()
    if len(order) >= 2:
        target = weakest(g, {str(s): g.ships[s].crew_total() for s in order})
        ship = g.ships[target]
        for _ in range(3):
            col, row = roll(g), roll(g)
            g.emit(f"Sabotage contre {P(target)} : colonne {col}, rangée {row}.",
                   f"Sabotage against {P(target)}: column {col}, row {row}.")
            if (row, col) in ship.tiles:
                destroy(g, target, (row, col))
                break
    g.phase = "card_end"


def abandoned(g: Any, card: dict[str, Any]) -> None:
    """Abandoned Ship / Station: the first player in order who accepts (and has the crew) takes it."""
    cur = g.cur
    order = cur.setdefault("order", g.flight_order())
    if "taker" not in cur:
        while cur["i"] < len(order):
            s = order[cur["i"]]
            if "answer" in cur:
                ans = cur.pop("answer")
                cur["i"] += 1
                if ans:
                    cur["taker"] = s
                    break
                continue
            if not g.out[s] and g.ships[s].crew_total() >= card["crew"]:
                g.ask("accept", s, offer=card["id"])
                return
            cur["i"] += 1
        else:
            g.phase = "card_end"
            return
        s = cur["taker"]
        if card["type"] == "abandonedship":
            earn(g, s, card["credits"])
            g.emit(f"{P(s)} récupère le vaisseau abandonné : +{fr_n(card['credits'], 'crédit', 'crédits')}.",
                   f"{P(s)} salvages the abandoned ship: +{en_n(card['credits'], 'credit', 'credits')}.")
            ask_lose_crew(g, s, card["crew"])
        else:
            g.ask("load", s, goods=card["goods"])
        if g.asks:
            return
    move(g, cur["taker"], -card["days"])
    g.phase = "card_end"


def planets(g: Any, card: dict[str, Any]) -> None:
    cur = g.cur
    order = cur.setdefault("order", g.flight_order())
    landed = cur.setdefault("landed", {})
    if cur["i"] < len(order):
        while cur["i"] < len(order):
            s = order[cur["i"]]
            cur["i"] += 1
            if not g.out[s] and len(landed) < len(card["planets"]):
                g.ask("planet", s)
                return
    if not cur.get("loaded"):
        cur["loaded"] = True
        for s in order:
            for k, who in landed.items():
                if who == s:
                    g.ask("load", s, goods=card["planets"][int(k)])
        if g.asks:
            return
    lose_days_in_order(g, [s for s in landed.values() if not g.out[s]], card["days"])
    g.phase = "card_end"


def enemies(g: Any, card: dict[str, Any]) -> None:
    cur = g.cur
    order = cur.setdefault("order", g.flight_order())
    losers = cur.setdefault("losers", [])
    while cur["i"] < len(order) and not cur.get("beaten"):
        s = order[cur["i"]]
        if g.out[s]:
            cur["i"] += 1
            continue
        if not declare(g, s, "cannon"):
            return
        v = cur["vals"][str(s)]
        cur["i"] += 1
        if v > card["strength"]:
            cur["beaten"] = True
            cur["winner"] = s
            g.emit(f"{P(s)} bat l'ennemi ({fr_num(v)} contre {card['strength']}).",
                   f"{P(s)} defeats the enemy ({v:g} against {card['strength']}).")
            g.ask("accept", s, offer=card["id"])
            return
        if v == card["strength"]:
            g.emit(f"{P(s)} tient l'ennemi en respect ({fr_num(v)}) : l'ennemi passe au suivant.",
                   f"{P(s)} holds the enemy off ({v:g}): it moves on.")
            continue
        g.emit(f"{P(s)} perd le combat ({fr_num(v)} contre {card['strength']}).",
               f"{P(s)} is defeated ({v:g} against {card['strength']}).")
        if card["type"] == "smugglers":
            lose_goods(g, s, card["lose_goods"])
            if g.asks:
                return
        elif card["type"] == "slavers":
            ask_lose_crew(g, s, card["lose_crew"])
            if g.asks:
                return
        else:
            losers.append(s)
    if cur.get("beaten") and "reward" not in cur:
        cur["reward"] = cur.pop("answer", False)
        s = cur["winner"]
        if cur["reward"]:
            if card["type"] == "smugglers":
                g.ask("load", s, goods=card["goods"])
                return
            earn(g, s, card["credits"])
            g.emit(f"{P(s)} prend la récompense : +{fr_n(card['credits'], 'crédit', 'crédits')}.",
                   f"{P(s)} takes the reward: +{en_n(card['credits'], 'credit', 'credits')}.")
    if cur.get("reward") and not cur.get("days_done"):
        cur["days_done"] = True
        move(g, cur["winner"], -card["days"])
    if losers:
        cur.setdefault("shots", {"list": card["shots"], "targets": losers, "i": 0, "ti": 0, "roll": None})
        if not projectiles(g, "shots"):
            return
    g.phase = "card_end"


def meteoric(g: Any, card: dict[str, Any]) -> None:
    g.cur.setdefault("shots", {"list": card["meteors"], "targets": g.flight_order(), "i": 0, "ti": 0, "roll": None})
    if projectiles(g, "shots"):
        g.phase = "card_end"


LINE_WORDS = {"crew": ("le moins d'équipage", "the fewest crew"),
              "engines": ("la plus faible force de réacteurs", "the weakest engines"),
              "cannons": ("la plus faible force de lasers", "the weakest cannons")}


def line_values(g: Any, line: dict[str, Any]) -> list[int] | None:
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


def combatzone(g: Any, card: dict[str, Any]) -> None:
    cur = g.cur
    if len(g.flight_order()) < 2:  # alone in the race: nobody is the weakest (the expansion's example)
        g.phase = "card_end"
        return
    lines = card["lines"]
    while cur.setdefault("line", 0) < len(lines):
        line = lines[cur["line"]]
        if "target" not in cur:
            order = line_values(g, line)
            if order is None:
                return
            if len(order) < 2:
                cur["line"] = len(lines)
                break
            t = weakest(g, cur["vals"])
            cur["target"] = t
            words = LINE_WORDS[line["fewest"]]
            g.emit(f"Zone de combat : {P(t)} a {words[0]}.", f"Combat zone: {P(t)} has {words[1]}.")
            if line["penalty"] == "days":
                move(g, t, -line["value"])
            elif line["penalty"] == "goods":
                lose_goods(g, t, line["value"])
                if g.asks:
                    return
            elif line["penalty"] == "crew":
                ask_lose_crew(g, t, line["value"])
                if g.asks:
                    return
            else:
                cur["shots"] = {"list": line["value"], "targets": [t], "i": 0, "ti": 0, "roll": None}
        if "shots" in cur and not projectiles(g, "shots"):
            return
        cur.pop("shots", None)
        cur.pop("target", None)
        cur.pop("vals", None)
        cur["line"] += 1
    g.phase = "card_end"


#: Expansion modules register here a function (game, card type) → the effect to use instead of the standard one,
#: or None (ext_five_cards: the five-player rules).
CARD_HOOKS: list[Callable[[Any, str], Callable[[Any, dict[str, Any]], None] | None]] = []

CARD_FNS: dict[str, Callable[[Any, dict[str, Any]], None]] = {
    "openspace": openspace, "stardust": stardust, "epidemic": epidemic, "sabotage": sabotage,
    "abandonedship": abandoned, "abandonedstation": abandoned, "planets": planets,
    "smugglers": enemies, "slavers": enemies, "pirates": enemies, "meteoric": meteoric, "combatzone": combatzone,
}


# ---- decisions -----------------------------------------------------------------------------------------------
class Ready(Kind):
    """Before each card, every flying seat goes on or gives up."""

    label = ("continuer ou abandonner", "go on or give up")

    def waiting(self, g: Any, ask: Ask) -> list[int]:
        done = ask.data.setdefault("done", [])
        return [s for s in ask.seats if s not in done and not g.out[s]]

    def actions(self, g: Any, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "go"}, {"type": "give_up"}]

    def apply(self, g: Any, ask: Ask, seat: int, action: Action) -> bool:
        ask.data["done"].append(seat)
        if action["type"] == "give_up":
            give_up(g, seat, "choix", "by choice")
        return not self.waiting(g, ask)


class Power(Kind):
    """How many double engines / cannons to switch on (1 battery each)."""

    label = ("choisir combien de batteries utiliser", "choose how many batteries to use")

    def actions(self, g: Any, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "power", "n": k} for k in range(ask.data["max"] + 1)]

    def apply(self, g: Any, ask: Ask, seat: int, action: Action) -> bool:
        ship = g.ships[seat]
        k = action["n"]
        n = k * ask.data.get("cost", 1)
        v = ship.engine_strength(k) if ask.data["what"] == "engine" else ship.cannon_strength(k)
        g.cur.setdefault("vals", {})[str(seat)] = v
        what = ("réacteurs", "engine") if ask.data["what"] == "engine" else ("lasers", "cannon")
        cells = (f"{n} batterie" if n < 2 else f"{n} batteries", f"{n} battery cell" if n == 1 else f"{n} battery cells")
        g.emit(f"{P(seat)} : force de {what[0]} {fr_num(v)} ({cells[0]}).", f"{P(seat)}: {what[1]} strength {v:g} ({cells[1]}).")
        pay(g, seat, n)
        return True

    def public(self, g: Any, ask: Ask, viewer: int | None) -> dict[str, Any]:
        ship = g.ships[ask.seats[0]]
        strength = ship.engine_strength if ask.data["what"] == "engine" else ship.cannon_strength
        return {"kind": ask.kind, "seats": list(ask.seats), **ask.data,
                "strengths": [strength(k) for k in range(ask.data["max"] + 1)]}


class Defend(Kind):
    """A shield against a small meteor or a light shot, or a double cannon against a large meteor: 1 battery."""

    label = ("vous défendre ou non", "defend yourself or not")

    def actions(self, g: Any, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "defend", "use": True}, {"type": "defend", "use": False}]

    def apply(self, g: Any, ask: Ask, seat: int, action: Action) -> bool:
        if action["use"]:
            n = ask.data.get("cost", 1)
            g.emit(f"{P(seat)} se défend ({n} batterie{'s' if n > 1 else ''}).",
                   f"{P(seat)} defends ({n} battery cell{'s' if n > 1 else ''}).")
            pay(g, seat, n)
        else:
            destroy(g, seat, _cell(ask.data["cell"]))  # a split queues "keep" behind this ask, which now closes
        return True

    def public(self, g: Any, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"kind": ask.kind, "seats": list(ask.seats), **ask.data}


class Keep(Kind):
    """A ship broken in pieces: its owner keeps one, the rest is lost."""

    label = ("choisir la partie du vaisseau à garder", "choose the piece of the ship to keep")

    def actions(self, g: Any, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "keep", "cell": list(p[0])} for p in g.ships[seat].parts()]

    def apply(self, g: Any, ask: Ask, seat: int, action: Action) -> bool:
        ship = g.ships[seat]
        cell = _cell(action["cell"])
        part = next(p for p in ship.parts() if p[0] == cell)
        n = ship.keep_part(part)
        g.emit(f"{P(seat)} garde une partie du vaisseau ; {fr_n(n, 'composant perdu', 'composants perdus')}.",
               f"{P(seat)} keeps one piece of the ship; {en_n(n, 'component', 'components')} lost.")
        return True

    def public(self, g: Any, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"kind": ask.kind, "seats": list(ask.seats), "parts": [[list(c) for c in p]
                                                                     for p in g.ships[ask.seats[0]].parts()]}


class Accept(Kind):
    label = ("accepter ou refuser", "accept or decline")

    def actions(self, g: Any, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "accept"}, {"type": "decline"}]

    def apply(self, g: Any, ask: Ask, seat: int, action: Action) -> bool:
        g.cur["answer"] = action["type"] == "accept"
        return True

    def public(self, g: Any, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"kind": ask.kind, "seats": list(ask.seats), **ask.data}


class Planet(Kind):
    label = ("choisir une planète ou passer", "choose a planet or pass")

    def actions(self, g: Any, ask: Ask, seat: int) -> list[Action]:
        card = CARDS[g.card]
        taken = g.cur.get("landed", {})
        out: list[Action] = [{"type": "land", "planet": i} for i in range(len(card["planets"]))
                             if str(i) not in taken]
        out.append({"type": "pass"})
        return out

    def apply(self, g: Any, ask: Ask, seat: int, action: Action) -> bool:
        if action["type"] == "land":
            g.cur.setdefault("landed", {})[str(action["planet"])] = seat
            goods = CARDS[g.card]["planets"][action["planet"]]
            fr, en = _goods_words(goods)
            g.emit(f"{P(seat)} se pose sur la planète {action['planet'] + 1} ({fr}).",
                   f"{P(seat)} lands on planet {action['planet'] + 1} ({en}).")
        return True

    def why(self, g: Any, ask: Ask, seat: int, action: Action) -> Reason | None:
        if action.get("type") == "land":
            return ("Cette planète est déjà prise ou n'existe pas.", "That planet is taken or does not exist.")
        return None


class LoseCrew(Kind):
    label = ("choisir qui quitte le vaisseau", "choose who leaves the ship")

    def actions(self, g: Any, ask: Ask, seat: int) -> list[Action]:
        ship = g.ships[seat]
        return [{"type": "crew", "cell": list(c)} for c in ship.cabins() if ship.crew.get(c, 0) or c in ship.alien]

    def apply(self, g: Any, ask: Ask, seat: int, action: Action) -> bool:
        ship = g.ships[seat]
        c = _cell(action["cell"])
        if ship.crew.get(c, 0):
            ship.crew[c] -= 1
            g.emit(f"{P(seat)} perd un astronaute.", f"{P(seat)} loses an astronaut.")
        else:
            del ship.alien[c]
            g.emit(f"{P(seat)} perd un alien.", f"{P(seat)} loses an alien.")
        ask.data["n"] -= 1
        return ask.data["n"] <= 0 or ship.crew_total() == 0

    def public(self, g: Any, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"kind": ask.kind, "seats": list(ask.seats), **ask.data}


class Load(Kind):
    """Goods gained: store them one by one (drop goods already aboard to make room), then done."""

    label = ("ranger vos marchandises", "stow your goods")

    def actions(self, g: Any, ask: Ask, seat: int) -> list[Action]:
        ship = g.ships[seat]
        out: list[Action] = []
        for x in sorted(set(ask.data["goods"]), key=lambda x: -GOODS_VALUE[x]):
            for c in ship.holds():
                if ship.room(c) > 0 and ship.may_hold(c, x):
                    out.append({"type": "store", "good": x, "cell": list(c)})
        for c in ship.holds():
            for x in sorted(set(ship.goods.get(c, []))):
                out.append({"type": "drop", "good": x, "cell": list(c)})
        out.append({"type": "done"})
        return out

    def apply(self, g: Any, ask: Ask, seat: int, action: Action) -> bool:
        ship = g.ships[seat]
        if action["type"] == "done":
            if ask.data["goods"]:
                fr, en = _goods_words(ask.data["goods"])
                g.emit(f"{P(seat)} laisse : {fr}.", f"{P(seat)} leaves behind: {en}.")
            return True
        c = _cell(action["cell"])
        x = action["good"]
        if action["type"] == "drop":
            ship.goods[c].remove(x)
            return False
        ship.goods.setdefault(c, []).append(x)
        ask.data["goods"] = ask.data["goods"].replace(x, "", 1)
        fr, en = good(x)
        g.emit(f"{P(seat)} charge une marchandise {fr}.", f"{P(seat)} loads a {en} good.")
        return not ask.data["goods"]

    def public(self, g: Any, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"kind": ask.kind, "seats": list(ask.seats), **ask.data}


class Drain(Kind):
    """Battery cells to pay: the battery each one comes from."""

    label = ("choisir la batterie à utiliser", "choose the battery to use")

    def actions(self, g: Any, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "drain", "cell": list(c)} for c in _charged(g.ships[seat])]

    def apply(self, g: Any, ask: Ask, seat: int, action: Action) -> bool:
        ship = g.ships[seat]
        ship.charge[_cell(action["cell"])] -= 1
        ask.data["n"] = _drain_forced(ship, ask.data["n"] - 1)
        return ask.data["n"] <= 0

    def why(self, g: Any, ask: Ask, seat: int, action: Action) -> Reason | None:
        if action.get("type") == "drain":
            return ("Choisissez une batterie qui a encore des capsules.", "Choose a battery that still has cells.")
        return None

    def public(self, g: Any, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"kind": ask.kind, "seats": list(ask.seats), **ask.data}


class LoseGoods(Kind):
    """Goods taken (Smugglers, Combat Zone): the most valuable first, then battery cells; which hold or battery."""

    label = ("choisir les marchandises perdues", "choose the goods you lose")

    def actions(self, g: Any, ask: Ask, seat: int) -> list[Action]:
        return loss_options(g.ships[seat])

    def apply(self, g: Any, ask: Ask, seat: int, action: Action) -> bool:
        _lose_one(g, seat, action)
        ask.data["n"] = _lose_forced(g, seat, ask.data["n"] - 1)
        return ask.data["n"] <= 0

    def why(self, g: Any, ask: Ask, seat: int, action: Action) -> Reason | None:
        if action.get("type") == "lose_good":
            return ("Perdez une des marchandises les plus chères à bord, d'une soute qui en contient.",
                    "Lose one of the most valuable goods aboard, from a hold that has it.")
        if action.get("type") == "lose_battery":
            if g.ships[seat].all_goods():
                return ("Les marchandises partent avant les batteries.", "Goods go before battery cells.")
            return ("Choisissez une batterie qui a encore des capsules.", "Choose a battery that still has cells.")
        return None

    def public(self, g: Any, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"kind": ask.kind, "seats": list(ask.seats), **ask.data}


FLIGHT_KINDS: dict[str, Kind] = {"ready": Ready(), "power": Power(), "defend": Defend(), "keep": Keep(),
                                 "accept": Accept(), "planet": Planet(), "lose_crew": LoseCrew(), "load": Load(),
                                 "drain": Drain(), "lose_goods": LoseGoods()}
FLIGHT_STEPS = {"next_card": step_next_card, "draw": step_draw, "resolve": step_resolve, "card_end": step_card_end,
                "landing": step_landing}

__all__ = ["CARD_END_HOOKS", "CARD_FNS", "CARD_HOOKS", "DECK_END_HOOKS", "FLIGHT_KINDS", "FLIGHT_STEPS", "LIFT_OFF_HOOKS",
           "LINE_WORDS", "line_values", "lose_goods", "loss_options", "move", "pay", "projectiles", "start_flight"]
