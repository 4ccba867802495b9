"""Galaxy Trucker « La grosse extension », Cinquième Roue: the adventure cards under the five-player rules (see
`ext_five.py`; « Cartes aventure pour cinq joueurs »). Registered into the flight through `flight.CARD_HOOKS`; used
only when the option `cinq` is on."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core.flow import Ask, Kind, Reason
from ...core.state import Action
from ...core.text import P
from .data import CARDS, GOODS_VALUE
from .ext_five import five
from .flight import Planet
from .flight_cards import CARD_HOOKS
from .flight_core import (
    LINE_WORDS,
    _goods_words,
    ask_lose_crew,
    combat_lines,
    destroy,
    earn,
    fight_in_order,
    lose_days_in_order,
    projectiles,
    roll,
)

if TYPE_CHECKING:
    from .rules import GalaxyTruckerRules as G


# ---- shared pieces ----------------------------------------------------------------------------------------------
def two_weakest(g: G, vals: dict[str, float]) -> list[int]:
    """The ships penalised by a « lowest number » line: the lowest, then the second lowest — ties count the ship
    furthest ahead as the weaker. With only 2 ships left in the flight, only the lowest (standard rules); the
    caller has already dealt with a lone ship."""
    order = g.flight_order()
    ranked = sorted(order, key=lambda s: (vals[str(s)], order.index(s)))
    return ranked[:2] if len(order) >= 3 else ranked[:1]


def _second_offer(g: G, seat: int, card: dict[str, Any], goods: str = "") -> None:
    """Ask the second player to an opportunity or a reward: take it (reduced) or decline."""
    g.ask("accept_second", seat, offer=card["id"], goods=goods)


def _without(goods: str, leave: str | None) -> str:
    return goods.replace(leave, "", 1) if leave else goods


# ---- the cards --------------------------------------------------------------------------------------------------
def planets(g: G, card: dict[str, Any]) -> None:
    """Planets: one player may land on a planet that already has a ship, taking one good fewer (chosen); then
    nobody else may. Every ship that landed loses the days, the rearmost first."""
    cur = g.cur
    order = cur.setdefault("order", g.flight_order())
    landed = cur.setdefault("landed", {})
    while cur["i"] < len(order):
        s = order[cur["i"]]
        cur["i"] += 1
        if not g.out[s] and (len(landed) < len(card["planets"]) or "second" not in cur):
            g.ask("planet5", s)
            return
    if not cur.get("loaded"):
        cur["loaded"] = True
        second = cur.get("second")
        for s in order:
            for k, who in landed.items():
                if who == s:
                    g.ask("load", s, goods=card["planets"][int(k)])
            if second and second["seat"] == s:
                g.ask("load", s, goods=_without(card["planets"][second["planet"]], second["leave"]))
        if g.asks:
            return
    seats = [s for s in landed.values() if not g.out[s]]
    if cur.get("second") and not g.out[cur["second"]["seat"]]:
        seats.append(cur["second"]["seat"])
    lose_days_in_order(g, seats, card["days"])
    g.phase = "card_end"


def abandoned(g: G, card: dict[str, Any]) -> None:
    """Abandoned Ship / Station used twice: the second player meets the same condition (has, or gives up, the
    crew) and gets 1 credit / 1 good (chosen) fewer; both lose the days, the rearmost first."""
    cur = g.cur
    order = cur.setdefault("order", g.flight_order())
    takers: list[int] = cur.setdefault("takers", [])
    while cur["i"] < len(order) and len(takers) < 2:
        s = order[cur["i"]]
        if "answer" in cur:
            ans = cur.pop("answer")
            leave = cur.pop("leave", None)
            cur["i"] += 1
            if ans:
                takers.append(s)
                reduced = 1 if len(takers) == 2 else 0
                if card["type"] == "abandonedship":
                    n = card["credits"] - reduced
                    earn(g, s, n)
                    g.emit(f"{P(s)} récupère le vaisseau abandonné : +{n} crédits.",
                           f"{P(s)} salvages the abandoned ship: +{n} credits.")
                    ask_lose_crew(g, s, card["crew"])
                else:
                    g.ask("load", s, goods=_without(card["goods"], leave))
                if g.asks:
                    return
            continue
        if not g.out[s] and g.ships[s].crew_total() >= card["crew"]:
            if takers:
                _second_offer(g, s, card, "" if card["type"] == "abandonedship" else card["goods"])
            else:
                g.ask("accept", s, offer=card["id"])
            return
        cur["i"] += 1
    lose_days_in_order(g, [s for s in takers if not g.out[s]], card["days"])
    g.phase = "card_end"


def enemies(g: G, card: dict[str, Any]) -> None:
    """Enemies must be defeated twice: a defeated enemy goes on attacking in order until defeated again (or every
    ship was attacked). The second winner gets 1 credit / 1 good (chosen) fewer; once defeated, slavers take 1
    crew fewer, smugglers 1 good fewer, pirates skip their first heavy shot. Winners who take the reward lose the
    days, the rearmost first."""
    cur = g.cur
    cur.setdefault("order", g.flight_order())
    wins: list[int] = cur.setdefault("wins", [])
    losers: list[int] = cur.setdefault("losers", [])
    takes: list[int] = cur.setdefault("takes", [])
    if "answer" in cur:
        s = wins[-1]
        leave = cur.pop("leave", None)
        if cur.pop("answer"):
            takes.append(s)
            if card["type"] == "smugglers":
                g.ask("load", s, goods=_without(card["goods"], leave))
            else:
                n = card["credits"] - (len(wins) - 1)
                earn(g, s, n)
                g.emit(f"{P(s)} prend la récompense : +{n} crédits.", f"{P(s)} takes the reward: +{n} credits.")
            if g.asks:
                return

    def beaten(s: int) -> None:
        wins.append(s)
        if len(wins) == 1:
            g.ask("accept", s, offer=card["id"])
        else:
            _second_offer(g, s, card, card["goods"] if card["type"] == "smugglers" else "")

    if not fight_in_order(g, card, lambda: len(wins) < 2, beaten, cut=lambda: 1 if wins else 0):
        return
    if not cur.get("days_done"):
        cur["days_done"] = True
        lose_days_in_order(g, [s for s in takes if not g.out[s]], card["days"])
    if losers:
        cur.setdefault("shots", {"list": card["shots"], "targets": losers, "i": 0, "ti": 0, "roll": None,
                                 "skip": cur.get("skip", {})})
        if not projectiles(g, "shots"):
            return
    g.phase = "card_end"


def combatzone(g: G, card: dict[str, Any]) -> None:
    """Combat Zone: each line hits the two ships with the lowest number; the second suffers the penalty reduced
    by 1 (1 day, 1 crew member, 1 good fewer; its first heavy shot ignored). With 2 ships left, only the lowest;
    with 1, nothing."""
    combat_lines(g, card, _two_weakest_hits)


def _two_weakest_hits(g: G, line: dict[str, Any], vals: dict[str, float]) -> list[tuple[int, int]]:
    targets = two_weakest(g, vals)
    words = LINE_WORDS[line["fewest"]]
    for rank, t in enumerate(targets):
        fr, en = ("", "") if rank == 0 else (" (pénalité réduite de 1)", " (penalty reduced by 1)")
        g.emit(f"Zone de combat : {P(t)} a {words[0]}{fr}.", f"Combat zone: {P(t)} has {words[1]}{en}.")
    return [(t, rank) for rank, t in enumerate(targets)]


def sabotage(g: G, card: dict[str, Any]) -> None:
    """Sabotage: the two ships with the fewest crew; the saboteurs have 3 tries against the lowest, 2 against
    the second. Each roll applies to both while they are still targets; a ship hit is left alone, the other goes
    on rolling. With 2 ships left, only the lowest (standard)."""
    order = g.flight_order()
    if len(order) >= 2:
        targets = two_weakest(g, {str(s): g.ships[s].crew_total() for s in order})
        tries = {t: 3 - rank for rank, t in enumerate(targets)}
        for k in range(3):
            aim = [t for t in targets if tries[t] > k]
            if not aim:
                break
            col, row = roll(g), roll(g)
            for t in aim:
                g.emit(f"Sabotage contre {P(t)} : colonne {col}, rangée {row}.",
                       f"Sabotage against {P(t)}: column {col}, row {row}.")
                if (row, col) in g.ships[t].tiles:
                    destroy(g, t, (row, col))
                    targets = [x for x in targets if x != t]
    g.phase = "card_end"


CARD_FNS: dict[str, Callable[[Any, dict[str, Any]], None]] = {
    "planets": planets, "abandonedship": abandoned, "abandonedstation": abandoned,
    "smugglers": enemies, "slavers": enemies, "pirates": enemies, "combatzone": combatzone, "sabotage": sabotage,
}


def card_fn(g: G, kind: str) -> Callable[[Any, dict[str, Any]], None] | None:
    """The five-player effect of a card type, when the five-player rules are in force (else None: standard)."""
    return CARD_FNS.get(kind) if five(g) else None


# ---- decisions --------------------------------------------------------------------------------------------------
class Planet5(Planet):
    """Choose a free planet, or (once per card) a planet that already has a ship, leaving one of its goods."""

    def actions(self, g: G, ask: Ask, seat: int) -> list[Action]:
        card = g.card_now()
        taken = g.cur.get("landed", {})
        out: list[Action] = [{"type": "land", "planet": i} for i in range(len(card["planets"]))
                             if str(i) not in taken]
        if "second" not in g.cur:
            for k in sorted(taken, key=int):
                for x in sorted(set(card["planets"][int(k)]), key=lambda x: -GOODS_VALUE[x]):
                    out.append({"type": "land", "planet": int(k), "leave": x})
        out.append({"type": "pass"})
        return out

    def apply(self, g: G, ask: Ask, seat: int, action: Action) -> bool:
        if action["type"] == "land" and "leave" in action:
            g.cur["second"] = {"planet": action["planet"], "seat": seat, "leave": action["leave"]}
            goods = _without(g.card_now()["planets"][action["planet"]], action["leave"])
            fr, en = _goods_words(goods)
            g.emit(f"{P(seat)} se pose aussi sur la planète {action['planet'] + 1} ({fr}).",
                   f"{P(seat)} also lands on planet {action['planet'] + 1} ({en}).")
            return True
        return super().apply(g, ask, seat, action)

    def why(self, g: G, ask: Ask, seat: int, action: Action) -> Reason | None:
        if action.get("type") == "land" and "leave" in action:
            if "second" in g.cur:
                return ("Un joueur s'est déjà posé sur une planète occupée : plus personne ne peut le faire.",
                        "A player already landed on an occupied planet: nobody else may.")
            return ("Seule une planète occupée se partage, en laissant une marchandise qu'elle offre.",
                    "Only an occupied planet is shared, leaving one of the goods it offers.")
        return super().why(g, ask, seat, action)


class AcceptSecond(Kind):
    """The second player to an opportunity or a reward: take it reduced by 1 (1 credit, or 1 good of one's
    choice) or decline."""

    label = ("prendre la récompense réduite ou refuser", "take the reduced reward or decline")

    def actions(self, g: G, ask: Ask, seat: int) -> list[Action]:
        goods = ask.data.get("goods", "")
        if goods:
            out: list[Action] = [{"type": "accept", "leave": x}
                                 for x in sorted(set(goods), key=lambda x: -GOODS_VALUE[x])]
        else:
            out = [{"type": "accept"}]
        return [*out, {"type": "decline"}]

    def apply(self, g: G, ask: Ask, seat: int, action: Action) -> bool:
        g.cur["answer"] = action["type"] == "accept"
        if action.get("leave"):
            g.cur["leave"] = action["leave"]
        return True

    def why(self, g: G, ask: Ask, seat: int, action: Action) -> Reason | None:
        if action.get("type") == "accept":
            return ("Le second joueur reçoit une marchandise de moins : choisissez celle que vous laissez.",
                    "The second player gets one good fewer: choose the one you leave.")
        return None

    def public(self, g: G, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"kind": ask.kind, "seats": list(ask.seats), **ask.data}


KINDS: dict[str, Kind] = {"planet5": Planet5(), "accept_second": AcceptSecond()}


CARD_HOOKS.append(card_fn)


# ---- the bots' answers ------------------------------------------------------------------------------------------
def bot_answer(g: G, seat: int, ask: Ask, acts: list[Action]) -> Action:
    """A heuristic answer to a five-player decision: land where the goods are worth most (pass without holds);
    take a reduced reward under the same conditions as the full one, leaving the cheapest good."""
    ship = g.ships[seat]
    if ask.kind == "planet5":
        lands = [a for a in acts if a["type"] == "land"]
        if not lands or not ship.holds():
            return {"type": "pass"}
        planets = g.card_now()["planets"]
        return max(lands, key=lambda a: sum(GOODS_VALUE[x] for x in _without(planets[a["planet"]], a.get("leave"))))
    card = CARDS[ask.data["offer"]]
    if card["type"] == "abandonedship":
        ok = ship.humans() - card["crew"] >= 2 and card["credits"] - 1 >= 2 * card["days"]
    elif card["type"] in ("abandonedstation", "smugglers"):
        ok = bool(ship.holds())
    else:
        ok = True
    takes = [a for a in acts if a["type"] == "accept"]
    if not ok:
        return {"type": "decline"}
    return min(takes, key=lambda a: GOODS_VALUE[a["leave"]] if a.get("leave") else 0)
