"""The decision kinds of the game: each dispatches to the state's `_acts_<kind>` / `_do_<kind>` methods,
and one sealed kind serves both the voyage-marker choice and the card windows."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.flow import Ask, Kind, Sealed
from ...core.state import Action
from ...core.text import P

if TYPE_CHECKING:
    from .rules import CochonsEspaceRules as G

#: What a clan eliminated this turn is still asked: its Porc Royal duties, its vote (with no governor of its own)
#: and its return (« start », « settle »). Anything else asked of it lapses: voyages, reorganisation, combat
#: choices, cards' targets, powers, card swaps.
OUT_STILL_ASKED = frozenset({"give", "ec_place", "ec_move", "call", "vote", "start", "settle"})


class Do(Kind):
    """One seat decides; the state lists the answers and carries them out."""

    def __init__(self, name: str, fr: str, en: str, skip_empty: bool = False) -> None:
        self.name = name
        self.label = (fr, en)
        self.skip_empty = skip_empty

    def waiting(self, g: G, ask: Ask) -> list[int]:
        """A card's target that vanished meanwhile (another card played first): the card has no effect. A clan
        eliminated this turn is asked nothing more but its duties (OUT_STILL_ASKED)."""
        if self.name not in OUT_STILL_ASKED and g.out_this_turn(ask.seats[0]):
            return []
        if self.skip_empty and not self.actions(g, ask, ask.seats[0]):
            return []
        return ask.seats

    def why(self, g: G, ask: Ask, seat: int, action: Action) -> tuple[str, str] | None:
        if action.get("type") in ("trade", "offer") and seat in ask.seats:
            return g.why_no_trade(seat, action)
        return None

    def skip(self, g: G, ask: Ask) -> None:
        if not self.skip_empty:
            return
        s = ask.seats[0]
        if g.out_this_turn(s):
            g.emit(f"{P(s)} est éliminé : sa carte est sans effet.", f"{P(s)} is eliminated: their card has no effect.")
        else:
            g.emit("La carte n'a plus de cible : elle est sans effet.", "The card has no target left: it has no effect.")

    def actions(self, g: G, ask: Ask, seat: int) -> list[Action]:
        return list(getattr(g, f"_acts_{self.name}")(ask, seat))

    def apply(self, g: G, ask: Ask, seat: int, action: Action) -> bool:
        return bool(getattr(g, f"_do_{self.name}")(ask, seat, action))

    def public(self, g: G, ask: Ask, viewer: int | None) -> dict[str, Any]:
        out = {"kind": ask.kind, "seats": list(ask.seats)}
        pub = getattr(g, f"_pub_{self.name}", None)
        if pub is not None:
            out.update(pub(ask, viewer))
        return out


class Window(Sealed):
    """A moment where cards may be played: every seat is asked, holder or not, and answers unseen by the
    others (« passer » or the card it plays); the plays then run in the order of play. A seat of a coalition may
    also break off to swap cards with its allies (« trade ») before it answers."""

    label = ("jouer une carte ou passer", "play a card or pass")
    reaction = True

    def waiting(self, g: G, ask: Ask) -> list[int]:
        """Every seat that has not answered, but a clan eliminated this turn (it plays nothing until it is back)."""
        sealed = ask.data.get("sealed", {})
        return [s for s in ask.seats if str(s) not in sealed and not g.out_this_turn(s)]

    def choices(self, g: G, ask: Ask, seat: int) -> list[Action]:
        acts = [{"type": "pass"}] + g.window_plays(seat, ask.data["seq"]) + g.window_powers(seat, ask.data["seq"])
        if g.can_trade(seat):
            acts.append({"type": "trade"})
        return acts

    def why(self, g: G, ask: Ask, seat: int, action: Action) -> tuple[str, str] | None:
        if action.get("type") == "trade" and seat in self.waiting(g, ask):
            return g.why_no_trade(seat, action)
        return None

    def apply(self, g: G, ask: Ask, seat: int, action: Action) -> bool:
        """« trade » is no sealed answer: the seat swaps cards with its allies first, then answers the window."""
        if action["type"] == "trade":
            g.start_trade(seat)
            return False
        ask.data.setdefault("sealed", {})[str(seat)] = action
        if self.waiting(g, ask):
            return False
        self.skip(g, ask)
        return True

    def skip(self, g: G, ask: Ask) -> None:
        """Everybody still in the turn has answered (maybe nobody is left): the plays run."""
        self.reveal(g, ask, {int(s): a for s, a in ask.data.get("sealed", {}).items()})

    def reveal(self, g: G, ask: Ask, answers: dict[int, Action]) -> None:
        g.window_resolve(ask, answers)

    def public(self, g: G, ask: Ask, viewer: int | None) -> dict[str, Any]:
        out = super().public(g, ask, viewer)
        out["seq"] = ask.data["seq"]
        return out


class Markers(Sealed):
    """2A: each seat picks a voyage marker in secret; all are shown together."""

    label = ("choisir votre marqueur de voyages", "choose your voyage marker")

    def choices(self, g: G, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "marker", "n": n} for n in sorted(set(g.markers_left[seat]))]

    def reveal(self, g: G, ask: Ask, answers: dict[int, Action]) -> None:
        g.markers_revealed(answers)
