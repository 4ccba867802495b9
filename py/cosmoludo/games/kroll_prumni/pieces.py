"""Kroll & Prumni: the pieces — a ship counter (on the map, carried or in hyperspace), the two companies' names,
the production options, the engine's rulings and how a ship or a hex is written in the log and the views."""
from __future__ import annotations

from typing import Any

from ...core.hexgrid import Hex
from . import geometry as geo
from .data import TYPES

NAMES = ({"fr": "INTERSTELLAR C°", "en": "INTERSTELLAR C°"}, {"fr": "INTERGALACTIC Trust", "en": "INTERGALACTIC Trust"})
COLOUR_FR = {"y": "jaune", "r": "rouge", "b": "bleu"}
COLOUR_EN = {"y": "yellow", "r": "red", "b": "blue"}
PLANETS_TO_WIN = 8
PRODUCTION = {  # option → the counters it places on the launch platforms
    "cruiser": ("cruiser", "fighter", "fighter"),
    "colonisator": ("colonisator",),
    "fighters": ("fighter",) * 5,
}

#: How this engine settles what the kit leaves open or garbles (R1–R17 of docs/kroll-et-prumni/rules-audit.md),
#: shown on the rules page.
RULINGS: tuple[dict[str, str], ...] = (
    {"fr": "La carte est une reconstruction (le kit n'en contient pas) : fichier map.txt, remplaçable.",
     "en": "The map is a reconstruction (the kit has none): file map.txt, replaceable."},
    {"fr": "La table de tirs est une reconstruction de la fiche illisible : fichier fire-table.txt, remplaçable.",
     "en": "The fire table is reconstructed from the garbled sheet: file fire-table.txt, replaceable."},
    {"fr": "La répartition des 50 pions par type est une reconstruction : fichier fleet.txt.",
     "en": "How the 50 counters divide between types is a reconstruction: file fleet.txt."},
    {"fr": "Un tir touche si le dé fait au moins le chiffre de la table, plus 1 par explosion sur le tireur.",
     "en": "A shot hits when the die is at least the table's number, plus 1 per explosion on the shooter."},
    {"fr": "Distance et ligne de tir se mesurent de la case du tireur à celle de la cible qui donnent le "
           "meilleur tir (tête ou arrière d'un vaisseau de deux cases).",
     "en": "Range and line of fire run between the hexes of shooter and target that give the best shot "
           "(head or tail of a two-hex ship)."},
    {"fr": "Une planète ou un astéroïde coupe la ligne de tir qui passe par l'intérieur de sa case ; une ligne qui "
           "longe le bord commun de deux cases n'est coupée que si les deux bloquent, et une ligne qui passe par un "
           "coin d'une case sans y entrer n'est pas coupée par elle.",
     "en": "A planet or asteroid blocks a line of fire that passes through the inside of its hex; a line running "
           "along the edge between two hexes is blocked only if both hexes block, and a line passing through a "
           "hex's corner without entering it is not blocked by that hex."},
    {"fr": "Un vaisseau tire tous ses missiles avant son mouvement ou tous après, jamais de part et d'autre.",
     "en": "A ship fires all its missiles before its move or all after it, never some of each."},
    {"fr": "Le changement de cap d'un croiseur ou d'un colonisator ne coûte pas de case ; tout angle est permis.",
     "en": "A cruiser's or colonisator's heading change costs no hex; any angle is allowed."},
    {"fr": "Les marges de gravité ne valent que pour les 12 petites planètes ; les planètes géantes et leurs "
           "rampes sont interdites d'accès, les rampes servent seulement au décollage.",
     "en": "Gravity margins apply to the 12 small planets only; giant planets and their platforms may not be "
           "entered, platforms are for take-off only."},
    {"fr": "Réparation : le vaisseau est adjacent à une base mobile intacte au début et à la fin de la phase "
           "de son joueur, sans avoir bougé ni tiré.",
     "en": "Repair: the ship is next to an undamaged mobile base at the start and the end of its player's "
           "phase, and neither moved nor fired."},
    {"fr": "Un chasseur produit par une base fixe reste sur sa planète tant qu'il ne bouge pas ; la planète ne "
           "produit pas s'il y est encore, et il ne craint pas sa réapparition.",
     "en": "A fighter produced by a fixed base stays on its planet until it moves; the planet does not produce "
           "while it is still there, and its reappearance does not harm it."},
    {"fr": "Un pion détruit retourne dans la réserve de son joueur (sauf les bases mobiles, jamais produites) ; "
           "les 25 pions explosion ne limitent pas les coups au but.",
     "en": "A destroyed counter goes back to its owner's stock (mobile bases are never produced); the 25 "
           "explosion markers do not limit hits."},
    {"fr": "L'ordre des disques n'est jamais affiché : seul le disque du tour l'est (la règle interdit de le noter) ; "
           "le journal ne nomme jamais la couleur d'un disque.",
     "en": "The disc order is never shown: only the current disc is (the rules forbid writing it down); the log "
           "never names a disc's colour."},
    {"fr": "La planète mère produit à chaque tour (fiche de jeu) : on choisit l'une des trois options, et rien "
           "seulement quand aucune n'a de place ou de pion en réserve.",
     "en": "The home planet produces every turn (play sheet): one of the three options is chosen, and nothing "
           "only when none has room or counters in stock."},
    {"fr": "La réparation au contact d'une base mobile vaut pour les croiseurs et colonisators ; les bases se "
           "réparent seules (« Autorep » sur la fiche), les chasseurs sont détruits au premier coup.",
     "en": "Repair next to a mobile base is for cruisers and colonisators; bases repair themselves (« Autorep » "
           "on the sheet), fighters die at the first hit."},
    {"fr": "Un colonisator n'est pas consommé : il bâtit une base sur chaque planète qu'il colonise, "
           "éventuellement plusieurs au fil des tours.",
     "en": "A colonisator is not used up: it builds a base on each planet it colonises, possibly several over "
           "the turns."},
    {"fr": "Égalité de points après le dernier tour : les deux joueurs gagnent ensemble.",
     "en": "Equal points after the last turn: both players win together."},
    {"fr": "Seul l'arrière d'un nouveau vaisseau de deux cases doit reposer sur une rampe de lancement : sa tête peut "
           "occuper une autre rampe libre, pointée vers une case où il peut avancer ; en partant, l'arrière suit la "
           "tête sur cette rampe, et aucun mouvement ne finit sur une rampe.",
     "en": "Only the rear of a new two-hex ship must rest on a launch platform: its head may take another free "
           "platform, pointing at a hex it may move on to; as it leaves, the rear follows the head over that "
           "platform, and no move ends on a platform."},
)


def company_fr(seat: int) -> str:
    """A company's French name: Kroll's log names the two companies, not the players (no seat placeholder)."""
    return NAMES[seat]["fr"]


class Ship:
    """One counter on the map, carried, or in hyperspace (`head` None and `hyper` True)."""

    __slots__ = (
        "acted",
        "cargo",
        "carried_by",
        "entered",
        "exited",
        "fired",
        "fired_first",
        "head",
        "heading",
        "hits",
        "hyper",
        "id",
        "kind",
        "launched",
        "moved",
        "seat",
        "targets",
    )

    def __init__(self, sid: int, seat: int, kind: str, head: Hex | None, heading: int | None) -> None:
        self.id, self.seat, self.kind, self.head, self.heading = sid, seat, kind, head, heading
        self.hits = 0
        self.carried_by: int | None = None
        self.cargo: list[int] = []
        self.hyper = False
        self.reset()

    def reset(self) -> None:
        """What a ship has done in its player's current phase."""
        self.moved = False        # it has moved (or cannot move any more this phase)
        self.fired = 0            # missiles fired
        self.fired_first = False  # it fired before moving: its fire is over once it moves
        self.targets: list[int] = []  # a mobile base fires once on each ship in range
        self.launched = False     # a fighter launched from or recovered by a cruiser this turn (6 hexes)
        self.acted = False        # it moved or fired (no repair this turn)
        self.entered = False      # it entered hyperspace this phase
        self.exited = False       # it came out of hyperspace this phase

    def copy(self) -> Ship:
        c = Ship.__new__(Ship)
        for k in Ship.__slots__:
            setattr(c, k, getattr(self, k))
        c.cargo = list(self.cargo)
        c.targets = list(self.targets)
        return c

    @property
    def type(self) -> Any:
        return TYPES[self.kind]

    def cells(self) -> tuple[Hex, ...]:
        if self.head is None:
            return ()
        return geo.cells_of(self.kind, self.head, self.heading)

    def on_map(self) -> bool:
        return self.head is not None and self.carried_by is None


def ship_fr(s: Ship) -> str:
    return f"{TYPES[s.kind].fr} n° {s.id} ({'jaune' if s.seat == 0 else 'rouge'})"


def the_ship_fr(s: Ship) -> str:
    """« le croiseur n° 3 (jaune) », « la base mobile n° 4 (rouge) »: the article agrees with the type's gender."""
    return f"{'la' if TYPES[s.kind].gender == 'f' else 'le'} {ship_fr(s)}"


def e_fr(s: Ship) -> str:
    """The feminine ending of a French participle or adjective agreeing with the ship (« détruit·e »)."""
    return "e" if TYPES[s.kind].gender == "f" else ""


def ship_en(s: Ship) -> str:
    return f"{TYPES[s.kind].en} #{s.id} ({'yellow' if s.seat == 0 else 'red'})"


def hx_json(h: Hex | None) -> list[int] | None:
    return None if h is None else [h[0], h[1]]

