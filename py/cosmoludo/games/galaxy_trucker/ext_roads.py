"""Galaxy Trucker « La grosse extension », Routes Rugueuses (option `routes`, the difficulty level).

The text: before each flight, before building, draw as many Rough Roads cards as the difficulty level, face up;
they are the special rules of that flight; the previous flight's cards are discarded. The 25 cards' own texts are
not in the expansion text (audit Q9): only the annex notes. The cards whose notes give the whole rule are
implemented below; the others are listed as missing (`MISSING`, the rules page), never invented. The level cannot
be higher than the implemented cards allow for three flights (`MAX_LEVEL`): the text gives no rule for running out.

Hooks: `flight.LIFT_OFF_HOOKS` (Tough Trip's extra cards), `flight.CARD_END_HOOKS` and `flight.DECK_END_HOOKS`
(Déjà vu), `flight.CARD_HOOKS` (Remorseless Fate's combat zone and sabotage), `flight.CELL_COST_HOOKS` (Bum Batteries),
`flight_core.AFTER_CARD_HOOKS` and `FALL_HOOKS` (Space Junk).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core.text import P
from .data import CARDS
from .flight_cards import CARD_HOOKS
from .flight_core import (
    AFTER_CARD_HOOKS,
    CARD_END_HOOKS,
    CELL_COST_HOOKS,
    DECK_END_HOOKS,
    FALL_HOOKS,
    LIFT_OFF_HOOKS,
    combat_lines,
    destroy,
    projectiles,
    roll,
)
from .words import en_n, fr_n

if TYPE_CHECKING:
    from .rules import GalaxyTruckerRules as G

#: The implemented Rough Roads cards: id → (French, English) name.
ROUGH_ROADS: dict[str, tuple[str, str]] = {
    "tough_trip": ("Dur voyage", "Tough Trip"),
    "deja_vu": ("Déjà vu", "Déjà vu"),
    "remorseless_fate": ("Destin sans remords", "Remorseless Fate"),
    "bum_batteries": ("Batteries sans valeur", "Bum Batteries"),
    "space_junk": ("Ordure de l'espace", "Space Junk"),
}
#: Cards the text names with only part of their rule (or none): left out, listed on the rules page.
MISSING: tuple[tuple[str, str], ...] = (
    ("Rude concurrence", "Stiff Competition"), ("Envie de réacteur", "Engine Envy"),
    ("Psychose cosmique", "Cosmic Psychosis"),
    ("Fatigue du métal", "Metal Fatigue"),
    ("Inversion météorique", "Meteoric Inversion"), ("Projectiles perçants", "Piercing Projectiles"),
    ("Vaisseau des syndicats", "Union Ship"), ("Marchandises explosives", "Explosive Goods"),
    ("Batteries explosives", "Explosive Batteries"), ("Marchandises infectées", "Infected Goods"),
    ("Saut périlleux", "Sommersault"), ("Connecteurs défectueux", "Defective Connectors"),
    ("Sur commande", "Made to Order"), ("Zone en angle mort", "Dead Zone"), ("Méchante surprise", "Nasty Surprise"),
)
MAX_LEVEL = len(ROUGH_ROADS) // 3
#: Tough Trip: level III cards added to the flight's adventure cards, per flight number.
TOUGH_TRIP = {1: 2, 2: 3, 3: 4}
OPPORTUNITIES = ("planets", "abandonedship", "abandonedstation", "smugglers", "slavers", "pirates")


def level(g: G) -> int:
    return int(g.options.get("routes", 0) or 0)


def active(g: G, cid: str) -> bool:
    return cid in getattr(g, "rough", [])


# ---- drawing the cards ------------------------------------------------------------------------------------------
def setup(g: G) -> None:
    """Shuffle the Rough Roads cards (at the start of the game)."""
    g.rough_deck = sorted(ROUGH_ROADS) if level(g) else []
    g.rng.shuffle(g.rough_deck)
    g.rough = []


def draw(g: G) -> None:
    """At the start of a flight, before building: the previous cards are discarded, `level` new ones drawn."""
    g.rough = [g.rough_deck.pop() for _ in range(min(level(g), len(g.rough_deck)))]
    g.passed = []  # Déjà vu: the cards passed face down this flight
    g.replayed = False
    if g.rough:
        fr = ", ".join(ROUGH_ROADS[c][0] for c in g.rough)
        en = ", ".join(ROUGH_ROADS[c][1] for c in g.rough)
        g.emit(f"Routes Rugueuses pour ce vol : {fr}.", f"Rough Roads for this flight: {en}.")


def view(g: G) -> list[dict[str, str]]:
    return [{"id": c, "fr": ROUGH_ROADS[c][0], "en": ROUGH_ROADS[c][1]} for c in g.rough]


# ---- Tough Trip -------------------------------------------------------------------------------------------------
def tough_trip(g: G) -> list[str]:
    """« Pour le vol 1, ajoutez 2 cartes de niveau III. Pour le vol 2, 3. Pour le vol 3, 4. »"""
    if not active(g, "tough_trip"):
        return []
    n = min(TOUGH_TRIP[g.flight.number], len(g.level_decks[3]))
    extra = [g.level_decks[3].pop() for _ in range(n)]
    g.emit(f"Dur voyage : {fr_n(n, 'carte', 'cartes')} de niveau III en plus.",
           f"Tough Trip: {n} more level III {'card' if n == 1 else 'cards'}.")
    return extra


# ---- Déjà vu ----------------------------------------------------------------------------------------------------
def used(card: dict[str, Any], cur: dict[str, Any]) -> bool:
    """Whether somebody used the card's opportunity: a planet landed on, an abandoned ship / station taken, an
    enemy defeated. Every other card (meteors, open space, combat zone, special events, an opportunity nobody
    used, an enemy nobody defeated) is passed face down."""
    if card["type"] == "planets":
        return bool(cur.get("landed")) or bool(cur.get("second"))
    if card["type"] in ("abandonedship", "abandonedstation"):
        return "taker" in cur or bool(cur.get("takers"))
    if card["type"] in ("smugglers", "slavers", "pirates"):
        return bool(cur.get("beaten")) or bool(cur.get("wins"))
    return False


def deja_vu_card_end(g: G) -> None:
    if active(g, "deja_vu") and g.card is not None and not g.replayed and not used(CARDS[g.card], g.cur):
        g.passed.append(g.card)


def deja_vu_deck_end(g: G) -> None:
    """After the last card, the face-down pile becomes the remaining adventure cards, not shuffled (its top, the
    last card passed, first); the second time through they are discarded."""
    if active(g, "deja_vu") and not g.replayed and not g.deck and g.passed:
        g.replayed = True
        g.deck = list(reversed(g.passed))
        g.passed = []
        g.emit(f"Déjà vu : {fr_n(len(g.deck), 'carte', 'cartes')} à traverser une seconde fois.",
               f"Déjà vu: {en_n(len(g.deck), 'card', 'cards')} to go through a second time.")


# ---- Remorseless Fate -------------------------------------------------------------------------------------------
def spared(g: G, vals: dict[str, float]) -> int:
    """The one ship a « lowest number » card spares: the highest number; ties, the rearmost of them."""
    order = g.flight_order()
    top = max(vals[str(s)] for s in order)
    return [s for s in order if vals[str(s)] == top][-1]


def fate_combatzone(g: G, card: dict[str, Any]) -> None:
    """Combat Zone under Remorseless Fate: each line hits every ship except the one with the highest number;
    each shot is rolled once for all the ships hit."""
    combat_lines(g, card, _all_but_strongest)


def _all_but_strongest(g: G, line: dict[str, Any], vals: dict[str, float]) -> list[tuple[int, int]]:
    keep = spared(g, vals)
    g.emit(f"Destin sans remords : tous sauf {P(keep)} subissent la ligne.",
           f"Remorseless Fate: everybody but {P(keep)} suffers the line.")
    return [(s, 0) for s in g.flight_order() if s != keep]


def fate_sabotage(g: G, card: dict[str, Any]) -> None:
    """Sabotage under Remorseless Fate: every ship except the one with the most crew (ties: only the rearmost
    avoids it); 3 rolls, each for every ship not hit yet."""
    order = g.flight_order()
    if len(order) >= 2:
        keep = spared(g, {str(s): g.ships[s].crew_total() for s in order})
        targets = [s for s in order if s != keep]
        for _ in range(3):
            if not targets:
                break
            col, row = roll(g), roll(g)
            g.emit(f"Sabotage : colonne {col}, rangée {row}.", f"Sabotage: column {col}, row {row}.")
            for t in list(targets):
                if (row, col) in g.ships[t].tiles:
                    destroy(g, t, (row, col))
                    targets.remove(t)
    g.phase = "card_end"


FATE_FNS: dict[str, Callable[[Any, dict[str, Any]], None]] = {"combatzone": fate_combatzone,
                                                               "sabotage": fate_sabotage}


def card_fn(g: G, kind: str) -> Callable[[Any, dict[str, Any]], None] | None:
    return FATE_FNS.get(kind) if active(g, "remorseless_fate") else None


# ---- Bum Batteries ----------------------------------------------------------------------------------------------
def bum_batteries(g: G) -> int:
    """« Utiliser un bouclier, un réacteur double ou un laser double coûte 2 capsules vertes au lieu de 1. »"""
    return 2 if active(g, "bum_batteries") else 1


# ---- Space Junk -------------------------------------------------------------------------------------------------
def junk_fell(g: G, seat: int, n: int) -> None:
    """Components that fall off a ship (not those destroyed or abandoned) go to its « special discard pile »."""
    if active(g, "space_junk") and n:
        piles = g.cur.setdefault("fallen", {})
        piles[str(seat)] = piles.get(str(seat), 0) + n


def space_junk(g: G) -> bool:
    """Once the card is completely resolved (days lost included): each component fallen off the leader's ship is
    a large meteor from the front, one roll (the column) per component, hitting every ship behind the leader; then
    the second ship's fallen components (those fallen in the barrage included) hit every ship behind it, and so
    on; the last ship rolls nothing. False while a question (a cannon, a piece to keep) is open."""
    cur = g.cur
    if not active(g, "space_junk") or not (cur.get("fallen") or "junk" in cur):
        return True
    st = cur.setdefault("junk", {"order": g.flight_order(), "k": 0})
    piles = cur.setdefault("fallen", {})
    order = st["order"]
    while st["k"] < len(order):
        s = order[st["k"]]
        if "junk_shots" not in cur:
            behind = [o for o in order[st["k"] + 1:] if not g.out[o]]
            n = piles.pop(str(s), 0)
            if not n or not behind:
                st["k"] += 1
                continue
            g.emit(f"Ordure de l'espace : {fr_n(n, 'composant tombé', 'composants tombés')} du vaisseau de {P(s)} "
                   f"frappe{'nt' if n > 1 else ''} les vaisseaux derrière lui.",
                   f"Space Junk: {en_n(n, 'component', 'components')} fallen off {P(s)}'s ship hit"
                   f"{'' if n > 1 else 's'} the ships behind it.")
            cur["junk_shots"] = {"list": ["big:N"] * n, "targets": behind, "i": 0, "ti": 0, "roll": None}
        if not projectiles(g, "junk_shots"):
            return False
        del cur["junk_shots"]
        st["k"] += 1
    cur.pop("junk")
    cur.pop("fallen", None)
    return True


CARD_HOOKS.insert(0, card_fn)  # before the five-player rules: Remorseless Fate hits everybody anyway
LIFT_OFF_HOOKS.append(tough_trip)
AFTER_CARD_HOOKS.append(space_junk)
FALL_HOOKS.append(junk_fell)
CARD_END_HOOKS.append(deja_vu_card_end)
DECK_END_HOOKS.append(deja_vu_deck_end)
CELL_COST_HOOKS.append(bum_batteries)
