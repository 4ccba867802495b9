"""Galaxy Trucker's adventure cards, base rules: one small effect function per card type (see `flight.py` for how
they run). Expansion modules register in `CARD_HOOKS` the effect to use instead under their rules."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core.text import P
from .flight_core import (
    LINE_WORDS,
    ask_lose_crew,
    combat_lines,
    declare,
    destroy,
    earn,
    fight_in_order,
    give_up,
    lose_days_in_order,
    move,
    projectiles,
    roll,
    weakest,
)
from .words import en_n, fr_n

if TYPE_CHECKING:
    from .rules import GalaxyTruckerRules as G


def openspace(g: G, card: dict[str, Any]) -> None:
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


def stardust(g: G, card: dict[str, Any]) -> None:
    for s in sorted(g.flight_order(), key=lambda s: g.pos[s]):
        n = g.ships[s].exposed()
        if n:
            move(g, s, -n)
    g.phase = "card_end"


def epidemic(g: G, card: dict[str, Any]) -> None:
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


def sabotage(g: G, card: dict[str, Any]) -> None:
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


def abandoned(g: G, card: dict[str, Any]) -> None:
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


def planets(g: G, card: dict[str, Any]) -> None:
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


def enemies(g: G, card: dict[str, Any]) -> None:
    cur = g.cur
    cur.setdefault("order", g.flight_order())
    losers = cur.setdefault("losers", [])

    def beaten(s: int) -> None:
        cur["beaten"] = True
        cur["winner"] = s
        g.ask("accept", s, offer=card["id"])

    if not fight_in_order(g, card, lambda: not cur.get("beaten"), beaten):
        return
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


def meteoric(g: G, card: dict[str, Any]) -> None:
    g.cur.setdefault("shots", {"list": card["meteors"], "targets": g.flight_order(), "i": 0, "ti": 0, "roll": None})
    if projectiles(g, "shots"):
        g.phase = "card_end"


def combatzone(g: G, card: dict[str, Any]) -> None:
    """Combat Zone: each line hits the ship with the lowest number."""
    combat_lines(g, card, _weakest_only)


def _weakest_only(g: G, line: dict[str, Any], vals: dict[str, float]) -> list[tuple[int, int]]:
    t = weakest(g, vals)
    words = LINE_WORDS[line["fewest"]]
    g.emit(f"Zone de combat : {P(t)} a {words[0]}.", f"Combat zone: {P(t)} has {words[1]}.")
    return [(t, 0)]


#: Expansion modules register here a function (game, card type) → the effect to use instead of the standard one,
#: or None (ext_five_cards: the five-player rules).
CARD_HOOKS: list[Callable[[Any, str], Callable[[Any, dict[str, Any]], None] | None]] = []

CARD_FNS: dict[str, Callable[[Any, dict[str, Any]], None]] = {
    "openspace": openspace, "stardust": stardust, "epidemic": epidemic, "sabotage": sabotage,
    "abandonedship": abandoned, "abandonedstation": abandoned, "planets": planets,
    "smugglers": enemies, "slavers": enemies, "pirates": enemies, "meteoric": meteoric, "combatzone": combatzone,
}
