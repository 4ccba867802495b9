"""Galaxy Trucker's flight: the steps (lift-off, drawing a card, resolving it, landing and scoring) and the
decisions (the kinds at the bottom).

A card's effect (`flight_cards.py`) is a function `fn(g)` called whenever no decision is open; it keeps its
progress in `g.cur` (JSON-safe), asks what it needs (in flight order, leader first) and returns; once done it sets
`g.phase = "card_end"`. The shared pieces (moving, losses, projectiles, the Combat Zone's lines) are in
`flight_core.py`; this module re-exports them for the expansion modules and the tests.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.flow import Ask, Kind, Reason
from ...core.state import Action
from ...core.text import P
from . import ext_five, ext_machinations
from .data import CARD_NAMES, CARDS, GOODS_VALUE
from .flight_cards import CARD_FNS, CARD_HOOKS

if TYPE_CHECKING:
    from .rules import GalaxyTruckerRules as G

from .flight_core import (
    AFTER_CARD_HOOKS,
    CARD_END_HOOKS,
    CELL_COST_HOOKS,
    DECK_END_HOOKS,
    FALL_HOOKS,
    LIFT_OFF_HOOKS,
    LINE_WORDS,
    _cell,
    _charged,
    _drain_forced,
    _goods_words,
    _lose_forced,
    _lose_one,
    destroy,
    forced_give_ups,
    give_up,
    line_values,
    lose_goods,
    loss_options,
    move,
    pay,
    projectiles,
)
from .words import en_n, fr_n, fr_num, good


# ---- the track -------------------------------------------------------------------------------------------------
def start_flight(g: G) -> None:
    f = g.flight
    n = g.players
    by_order = sorted(range(n), key=g.order_of)
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


# ---- steps -----------------------------------------------------------------------------------------------------
def step_next_card(g: G) -> None:
    forced_give_ups(g)
    if not g.deck:
        for hook in DECK_END_HOOKS:
            hook(g)
    if not g.flight_order() or not g.deck:
        g.phase = "landing"
        return
    g.phase = "draw"
    g.ask("ready", g.flight_order())


def step_draw(g: G) -> None:
    if not g.flight_order():
        g.phase = "landing"
        return
    cid = g.deck.pop(0)
    g.card = cid
    g.last_card = cid
    g.cur = {"i": 0}
    g.reveal()
    fr, en = CARD_NAMES[CARDS[cid]["type"]]
    g.emit(f"Carte aventure : {fr}.", f"Adventure card: {en}.", card=cid)
    g.phase = "resolve"


def step_resolve(g: G) -> None:
    assert g.card is not None
    kind = CARDS[g.card]["type"]
    fn = next((f for hook in CARD_HOOKS if (f := hook(g, kind)) is not None), CARD_FNS[kind])
    fn(g, CARDS[g.card])


def step_card_end(g: G) -> None:
    for after in AFTER_CARD_HOOKS:
        if not after(g):
            return
    for hook in CARD_END_HOOKS:
        hook(g)
    g.card = None
    g.cur = {}
    g.phase = "next_card"


def step_landing(g: G) -> None:
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
        lent = ext_machinations.debts(g, s)  # Mauvaises Machinations: no debts, a loan pays for them
        if lent:
            line["loan"] = lent
    g.scores.append(lines)
    g.card = None
    g.cur = {}
    g.deck = []
    g.phase = "end" if g.flight_i == 2 else "start_flight"
    if g.phase == "start_flight" and g.rules >= 3:
        # Rules v3: the next building (and its hourglass) waits until every seat has read this flight's results.
        g.ask("results", list(range(g.players)))



# ---- decisions -----------------------------------------------------------------------------------------------
class Ready(Kind):
    """Before each card, every flying seat goes on or gives up."""

    label = ("continuer ou abandonner", "go on or give up")

    def waiting(self, g: G, ask: Ask) -> list[int]:
        done = ask.data.setdefault("done", [])
        return [s for s in ask.seats if s not in done and not g.out[s]]

    def actions(self, g: G, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "go"}, {"type": "give_up"}]

    def apply(self, g: G, ask: Ask, seat: int, action: Action) -> bool:
        ask.data["done"].append(seat)
        if action["type"] == "give_up":
            give_up(g, seat, "choix", "by choice")
        return not self.waiting(g, ask)


class Results(Kind):
    """Between two flights (rules v3), every seat reads the flight's credits and goes on; the next building starts
    once all have (a bot answers at once, the page waits for each human at the device)."""

    label = ("lire les résultats du vol", "read the flight's results")

    def waiting(self, g: G, ask: Ask) -> list[int]:
        done = ask.data.setdefault("done", [])
        return [s for s in ask.seats if s not in done]

    def actions(self, g: G, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "continue"}]

    def apply(self, g: G, ask: Ask, seat: int, action: Action) -> bool:
        ask.data["done"].append(seat)
        return not self.waiting(g, ask)


class Power(Kind):
    """How many double engines / cannons to switch on (1 battery each)."""

    label = ("choisir combien de batteries utiliser", "choose how many batteries to use")

    def actions(self, g: G, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "power", "n": k} for k in range(ask.data["max"] + 1)]

    def apply(self, g: G, ask: Ask, seat: int, action: Action) -> bool:
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

    def public(self, g: G, ask: Ask, viewer: int | None) -> dict[str, Any]:
        ship = g.ships[ask.seats[0]]
        strength = ship.engine_strength if ask.data["what"] == "engine" else ship.cannon_strength
        return {"kind": ask.kind, "seats": list(ask.seats), **ask.data,
                "strengths": [strength(k) for k in range(ask.data["max"] + 1)]}


class Defend(Kind):
    """A shield against a small meteor or a light shot, or a double cannon against a large meteor: 1 battery."""

    label = ("vous défendre ou non", "defend yourself or not")

    def actions(self, g: G, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "defend", "use": True}, {"type": "defend", "use": False}]

    def apply(self, g: G, ask: Ask, seat: int, action: Action) -> bool:
        if action["use"]:
            n = ask.data.get("cost", 1)
            g.emit(f"{P(seat)} se défend ({n} batterie{'s' if n > 1 else ''}).",
                   f"{P(seat)} defends ({n} battery cell{'s' if n > 1 else ''}).")
            pay(g, seat, n)
        else:
            destroy(g, seat, _cell(ask.data["cell"]))  # a split queues "keep" behind this ask, which now closes
        return True

    def public(self, g: G, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"kind": ask.kind, "seats": list(ask.seats), **ask.data}


class Keep(Kind):
    """A ship broken in pieces: its owner keeps one, the rest is lost."""

    label = ("choisir la partie du vaisseau à garder", "choose the piece of the ship to keep")

    def actions(self, g: G, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "keep", "cell": list(p[0])} for p in g.ships[seat].parts()]

    def apply(self, g: G, ask: Ask, seat: int, action: Action) -> bool:
        ship = g.ships[seat]
        cell = _cell(action["cell"])
        part = next(p for p in ship.parts() if p[0] == cell)
        n = ship.keep_part(part)
        for hook in FALL_HOOKS:
            hook(g, seat, n)
        g.emit(f"{P(seat)} garde une partie du vaisseau ; {fr_n(n, 'composant perdu', 'composants perdus')}.",
               f"{P(seat)} keeps one piece of the ship; {en_n(n, 'component', 'components')} lost.")
        return True

    def public(self, g: G, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"kind": ask.kind, "seats": list(ask.seats), "parts": [[list(c) for c in p]
                                                                     for p in g.ships[ask.seats[0]].parts()]}


class Accept(Kind):
    label = ("accepter ou refuser", "accept or decline")

    def actions(self, g: G, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "accept"}, {"type": "decline"}]

    def apply(self, g: G, ask: Ask, seat: int, action: Action) -> bool:
        g.cur["answer"] = action["type"] == "accept"
        return True

    def public(self, g: G, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"kind": ask.kind, "seats": list(ask.seats), **ask.data}


class Planet(Kind):
    label = ("choisir une planète ou passer", "choose a planet or pass")

    def actions(self, g: G, ask: Ask, seat: int) -> list[Action]:
        card = g.card_now()
        taken = g.cur.get("landed", {})
        out: list[Action] = [{"type": "land", "planet": i} for i in range(len(card["planets"]))
                             if str(i) not in taken]
        out.append({"type": "pass"})
        return out

    def apply(self, g: G, ask: Ask, seat: int, action: Action) -> bool:
        if action["type"] == "land":
            g.cur.setdefault("landed", {})[str(action["planet"])] = seat
            goods = g.card_now()["planets"][action["planet"]]
            fr, en = _goods_words(goods)
            g.emit(f"{P(seat)} se pose sur la planète {action['planet'] + 1} ({fr}).",
                   f"{P(seat)} lands on planet {action['planet'] + 1} ({en}).")
        return True

    def why(self, g: G, ask: Ask, seat: int, action: Action) -> Reason | None:
        if action.get("type") == "land":
            return ("Cette planète est déjà prise ou n'existe pas.", "That planet is taken or does not exist.")
        return None


class LoseCrew(Kind):
    label = ("choisir qui quitte le vaisseau", "choose who leaves the ship")

    def actions(self, g: G, ask: Ask, seat: int) -> list[Action]:
        ship = g.ships[seat]
        return [{"type": "crew", "cell": list(c)} for c in ship.cabins() if ship.crew.get(c, 0) or c in ship.alien]

    def apply(self, g: G, ask: Ask, seat: int, action: Action) -> bool:
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

    def public(self, g: G, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"kind": ask.kind, "seats": list(ask.seats), **ask.data}


class Load(Kind):
    """Goods gained: store them one by one (drop goods already aboard to make room), then done."""

    label = ("ranger vos marchandises", "stow your goods")

    def actions(self, g: G, ask: Ask, seat: int) -> list[Action]:
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

    def apply(self, g: G, ask: Ask, seat: int, action: Action) -> bool:
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

    def public(self, g: G, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"kind": ask.kind, "seats": list(ask.seats), **ask.data}


class Drain(Kind):
    """Battery cells to pay: the battery each one comes from."""

    label = ("choisir la batterie à utiliser", "choose the battery to use")

    def actions(self, g: G, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "drain", "cell": list(c)} for c in _charged(g.ships[seat])]

    def apply(self, g: G, ask: Ask, seat: int, action: Action) -> bool:
        ship = g.ships[seat]
        ship.charge[_cell(action["cell"])] -= 1
        ask.data["n"] = _drain_forced(ship, ask.data["n"] - 1)
        return ask.data["n"] <= 0

    def why(self, g: G, ask: Ask, seat: int, action: Action) -> Reason | None:
        if action.get("type") == "drain":
            return ("Choisissez une batterie qui a encore des capsules.", "Choose a battery that still has cells.")
        return None

    def public(self, g: G, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"kind": ask.kind, "seats": list(ask.seats), **ask.data}


class LoseGoods(Kind):
    """Goods taken (Smugglers, Combat Zone): the most valuable first, then battery cells; which hold or battery."""

    label = ("choisir les marchandises perdues", "choose the goods you lose")

    def actions(self, g: G, ask: Ask, seat: int) -> list[Action]:
        return loss_options(g.ships[seat])

    def apply(self, g: G, ask: Ask, seat: int, action: Action) -> bool:
        _lose_one(g, seat, action)
        ask.data["n"] = _lose_forced(g, seat, ask.data["n"] - 1)
        return ask.data["n"] <= 0

    def why(self, g: G, ask: Ask, seat: int, action: Action) -> Reason | None:
        if action.get("type") == "lose_good":
            return ("Perdez une des marchandises les plus chères à bord, d'une soute qui en contient.",
                    "Lose one of the most valuable goods aboard, from a hold that has it.")
        if action.get("type") == "lose_battery":
            if g.ships[seat].all_goods():
                return ("Les marchandises partent avant les batteries.", "Goods go before battery cells.")
            return ("Choisissez une batterie qui a encore des capsules.", "Choose a battery that still has cells.")
        return None

    def public(self, g: G, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"kind": ask.kind, "seats": list(ask.seats), **ask.data}


FLIGHT_KINDS: dict[str, Kind] = {"ready": Ready(), "results": Results(), "power": Power(), "defend": Defend(), "keep": Keep(),
                                 "accept": Accept(), "planet": Planet(), "lose_crew": LoseCrew(), "load": Load(),
                                 "drain": Drain(), "lose_goods": LoseGoods()}
FLIGHT_STEPS = {"next_card": step_next_card, "draw": step_draw, "resolve": step_resolve, "card_end": step_card_end,
                "landing": step_landing}

__all__ = ["CARDS", "CARD_END_HOOKS", "CARD_FNS", "CARD_HOOKS", "CELL_COST_HOOKS", "DECK_END_HOOKS", "FLIGHT_KINDS",
           "FLIGHT_STEPS", "LIFT_OFF_HOOKS", "LINE_WORDS", "forced_give_ups", "line_values", "lose_goods", "loss_options", "move", "pay", "projectiles", "start_flight"]