"""Kroll & Prumni: the decisions (production, placing the new ships, orders); each dispatches to the state."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.flow import Ask, Kind, Reason
from ...core.state import Action
from .pieces import PRODUCTION
from .why import why_place, why_produce

if TYPE_CHECKING:
    from .rules import KrollPrumniRules as G

class Produce(Kind):
    label = ("choisir la production de votre planète mère", "choose what your home planet produces")

    def actions(self, g: G, ask: Ask, seat: int) -> list[Action]:
        opts = [{"type": "produce", "option": o} for o in PRODUCTION if g.can_produce(seat, o)]
        return opts or [{"type": "produce", "option": "none"}]

    def apply(self, g: G, ask: Ask, seat: int, action: Action) -> bool:
        g.start_production(seat, action["option"])
        return True

    def why(self, g: G, ask: Ask, seat: int, action: Action) -> Reason | None:
        o = action.get("option")
        if action.get("type") == "produce" and isinstance(o, str) and o in PRODUCTION:
            return why_produce(g, seat, o, PRODUCTION[o])
        return None

    def public(self, g: G, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"kind": ask.kind, "seats": ask.seats}


class Place(Kind):
    label = ("placer le vaisseau produit sur une rampe de lancement", "place the new ship on a launch platform")

    def actions(self, g: G, ask: Ask, seat: int) -> list[Action]:
        return g.placements(seat, ask.data["items"][0])

    def apply(self, g: G, ask: Ask, seat: int, action: Action) -> bool:
        g.place(seat, ask.data["items"].pop(0), action)
        while ask.data["items"] and not g.placements(seat, ask.data["items"][0]):
            g.emit("Plus de place sur les rampes : un vaisseau produit en moins.",
                   "No room left on the launch platforms: one ship fewer.")
            ask.data["items"].pop(0)
        return not ask.data["items"]

    def why(self, g: G, ask: Ask, seat: int, action: Action) -> Reason | None:
        if action.get("type") == "place":
            return why_place(g, seat, ask.data["items"][0], action)
        return None

    def public(self, g: G, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"kind": ask.kind, "seats": ask.seats, "items": list(ask.data["items"])}


class Orders(Kind):
    """Moves and fire: pick a ship, then one thing for it; or end the phase."""

    label = ("choisir un vaisseau puis son mouvement ou son tir", "pick a ship, then its move or its fire")

    def actions(self, g: G, ask: Ask, seat: int) -> list[Action]:
        sel = ask.data.get("sel")
        if sel is None:
            out: list[Action] = [{"type": "select", "ship": sid} for sid in g.ready_ships(seat)]
            out.append({"type": "end"})
            return out
        return g.ship_actions(g.ships[sel]) + [{"type": "deselect"}]

    def apply(self, g: G, ask: Ask, seat: int, action: Action) -> bool:
        t = action["type"]
        if t == "end":
            g.end_orders(seat)
            return True
        if t == "select":
            ask.data["sel"] = action["ship"]
            return False
        if t == "deselect":
            ask.data["sel"] = None
            return False
        ship = g.ships[ask.data["sel"]]
        g.carry_out(ship, action)
        if ship.id not in g.ships or not g.has_actions(ship):
            ask.data["sel"] = None
        return False

    def accepts(self, g: G, ask: Ask, seat: int, action: Action) -> bool:
        return g.order_listed(seat, ask.data.get("sel"), action)  # type: ignore[no-any-return]

    def why(self, g: G, ask: Ask, seat: int, action: Action) -> Reason | None:
        return g.why_order(seat, ask.data.get("sel"), action)

    def public(self, g: G, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"kind": ask.kind, "seats": ask.seats, "sel": ask.data.get("sel")}

