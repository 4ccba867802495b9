"""Galaxy Trucker « La grosse extension », Cinquième Roue: the five-player rules of the adventure cards and of the
end of a flight, used in a four-player game by the « 4 = 5 » variant (option `cinq`).

The expansion text (« Cartes aventure pour cinq joueurs », « Fin de voyage à cinq joueurs », « Variante : 4 = 5 »):
a reward open to a limited number of players may be claimed by one more player, reduced by 1 credit or 1 good; a
penalty hitting one player (the lowest number) or a group (the losers against an enemy) hits the next player or
group too, reduced by 1 (1 good, 1 flight day, 1 crew member, 1 heavy shot, 1 sabotage try). The rules hold for the
whole flight, even once players have given up. A five-player game itself needs the Nouvelles Technologies tiles,
whose printed data is not known (audit Q1): only the four-player variant is offered.

The landing calls `finish_rewards` / `best_looking_seats` here; the card effects are in `ext_five_cards.py`, which
the flight calls through its `CARD_HOOKS`; `flight.py` keeps the standard rules.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import GalaxyTruckerRules as G

def five(g: G) -> bool:
    """Whether the five-player rules are in force (the « 4 = 5 » variant)."""
    return bool(g.options.get("cinq"))


# ---- the end of the flight --------------------------------------------------------------------------------------
def finish_rewards(g: G, rewards: tuple[int, ...] | list[int], finishers: list[int]) -> list[int]:
    """The finish bonus of each finisher, in finishing order. Five-player rules: « il y a deux prix pour la
    première place » — the two ships furthest ahead each get the first bonus, the third the second bonus, and so
    on."""
    table = list(rewards)
    if five(g):
        table = [table[0], *table]
    return [table[i] if i < len(table) else 0 for i in range(len(finishers))]


def best_looking_seats(g: G, finishers: list[int]) -> set[int]:
    """The finishers paid the best-looking bonus (fewest exposed connectors; ties all paid). Five-player rules: it
    goes to at least 2 players — if a single ship has the fewest, every ship with the second fewest is paid
    too."""
    if not finishers:
        return set()
    exposed = {s: g.ships[s].exposed() for s in finishers}
    low = min(exposed.values())
    paid = {s for s, e in exposed.items() if e == low}
    if five(g) and len(paid) == 1 and len(exposed) > 1:
        second = min(e for e in exposed.values() if e != low)
        paid |= {s for s, e in exposed.items() if e == second}
    return paid
