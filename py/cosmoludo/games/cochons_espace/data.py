"""Les Cochons de l'Espace: the material as data — hexes, cards, recipes, colonist tokens, Extra-Cochons.

Everything here is copied from the rulebook's material list and annexes (seeds/000_…); the one
reconstruction (the six Sacred Recipes, DECISIONS.md §2) is marked as such. A player holding the box can
correct this file without touching the rules.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...core.text import Noun

COLOURS = ("rouge", "jaune", "bleu")
COLOUR_NAMES = {"rouge": ("rouge", "red"), "jaune": ("jaune", "yellow"), "bleu": ("bleu", "blue")}
FAMILIES = ("rouge", "jaune", "bleu", "noir")


# ---- hexes ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Tile:
    id: str
    back: str   # family: rouge / jaune / bleu / noir / soleil
    face: str   # planete / double / asteroide / soleil
    colour: str | None  # the acorn colour of a planet or double planet


def _tiles() -> dict[str, Tile]:
    out: dict[str, Tile] = {}
    for c, k in (("rouge", "r"), ("jaune", "j"), ("bleu", "b")):
        for i in range(1, 9):
            out[f"{k}{i}"] = Tile(f"{k}{i}", c, "planete", c)   # 8 planet faces
        out[f"{k}D"] = Tile(f"{k}D", c, "double", c)           # 1 double planet
        out[f"{k}A"] = Tile(f"{k}A", c, "asteroide", None)     # 1 asteroid
    for i in range(1, 7):
        out[f"nA{i}"] = Tile(f"nA{i}", "noir", "asteroide", None)  # 6 black-back asteroids
    out["S"] = Tile("S", "soleil", "soleil", None)
    return out


TILES: dict[str, Tile] = _tiles()
assert len(TILES) == 37

#: Hexes of each galaxy size (« Taille du plateau de jeu »): planets per colour; the three doubles;
#: asteroids by family back. The same counts serve the simplified rule.
GALAXY_SIZE: dict[int, dict[str, object]] = {
    3: {"planets": 3, "asteroids": {"rouge": 1, "jaune": 1, "bleu": 1, "noir": 1}},
    4: {"planets": 4, "asteroids": {"rouge": 1, "jaune": 1, "bleu": 1, "noir": 1}},
    5: {"planets": 6, "asteroids": {"rouge": 1, "jaune": 1, "bleu": 1, "noir": 2}},
    6: {"planets": 7, "asteroids": {"rouge": 1, "jaune": 1, "bleu": 1, "noir": 3}},
}


def galaxy_tiles(players: int) -> list[str]:
    """The tile ids that make the galaxy for `players` (before shuffling into family piles)."""
    size = GALAXY_SIZE[players]
    n = size["planets"]
    ast = size["asteroids"]
    assert isinstance(n, int) and isinstance(ast, dict)
    out: list[str] = []
    for c, k in (("rouge", "r"), ("jaune", "j"), ("bleu", "b")):
        out += [f"{k}{i}" for i in range(1, n + 1)] + [f"{k}D"]
        out += [f"{k}A"] * ast[c]
    out += [f"nA{i}" for i in range(1, ast["noir"] + 1)]
    return out


def spare_planets(colour: str, used: set[str]) -> list[str]:
    """Planet faces of `colour` still in the box (for Les Frémono)."""
    k = {"rouge": "r", "jaune": "j", "bleu": "b"}[colour]
    return [f"{k}{i}" for i in range(1, 9) if f"{k}{i}" not in used]


# ---- clans, stock ----------------------------------------------------------------------------
CLANS = ("porcus", "hylocherus", "phacocherus", "babiroussa", "scrofa", "pecari")
CLAN_NAMES = {
    "porcus": ("Porcus", "Porcus"), "hylocherus": ("Hylochérus", "Hylocherus"),
    "phacocherus": ("Phacochérus", "Phacocherus"), "babiroussa": ("Babiroussa", "Babirusa"),
    "scrofa": ("Scrofa", "Scrofa"), "pecari": ("Pécari Banzaï", "Peccary Banzai"),
}
GORETS, GROS_GRUIKS, GOVERNORS = 20, 3, 10
START_GORETS = 5
VOYAGE_MARKERS = (2, 2, 3, 3, 4)

# ---- Sacred Recipes (reconstruction, DECISIONS.md §2) -----------------------------------------
RECIPES: tuple[dict[str, int], ...] = (
    {"rouge": 3, "jaune": 2, "bleu": 1},
    {"rouge": 3, "bleu": 2, "jaune": 1},
    {"jaune": 3, "rouge": 2, "bleu": 1},
    {"jaune": 3, "bleu": 2, "rouge": 1},
    {"bleu": 3, "rouge": 2, "jaune": 1},
    {"bleu": 3, "jaune": 2, "rouge": 1},
)

# ---- colonist tokens (« 5 pions avec le chiffre 1, 4 avec 2, 3 avec 3 ») and draws per player count --
COLONIST_TOKENS = (1,) * 5 + (2,) * 4 + (3,) * 3
COLONIST_DRAW = {3: 5, 4: 6, 5: 7, 6: 9}

# ---- Extra-Cochons (rules section governs the annex: DECISIONS.md §4–6) ------------------------
EC_KINDS = ("pirates", "porcophages", "ver")
EC_NAMES = {"pirates": ("Pirates", "Pirates"), "porcophages": ("Porcophages", "Porcophages"),
            "ver": ("Ver des Glands", "Acorn Worm")}
#: Which Extra-Cochons go as a band (« les Pirates attaquent ») and which alone (« le Ver des Glands attaque »).
EC_BAND = {"pirates": True, "porcophages": True, "ver": False}
#: One token of each kind of Extra-Cochons, for counts (« 1 Pirate arrive », « 3 Pirates arrivent »).
EC_NOUNS = {"pirates": Noun("Pirate", "m", "Pirate"), "porcophages": Noun("Porcophage", "m", "Porcophage"),
            "ver": Noun("Ver des Glands", "m", "Acorn Worm", "Vers des Glands", "Acorn Worms")}
#: The troops, with their gender and plurals beside their names (« 2 Gorets et 1 Gros Gruik »).
GORET = Noun("Goret", "m", "Piglet")
GROS_GRUIK = Noun("Gros Gruik", "m", "Big Gruik", "Gros Gruiks", "Big Gruiks")
TROUPE = Noun("troupe", "f", "troop")
GOUVERNEUR = Noun("gouverneur", "m", "governor")
COLON = Noun("colon", "m", "settler")
EC_MOVE = {"pirates": 3, "porcophages": 2, "ver": 1}
EC_MAX_STACK = {"pirates": 4, "porcophages": 3, "ver": 1}
EC_TOKENS = {"pirates": 6, "porcophages": 6, "ver": 6}
MAX_DEVOURED = 3


def ec_arrival(d8: int) -> str | None:
    return (None, None, "pirates", "pirates", "porcophages", "porcophages", "ver", "ver")[d8 - 1]


def pirate_count(d6: int) -> int:
    return 2 if d6 <= 2 else 3 if d6 <= 4 else 4


# ---- cards ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Card:
    id: str
    name: tuple[str, str]  # (fr, en)
    count: int
    kind: str  # "combat" | "event"
    attack: int = 0
    tech: int = 0
    defence: int = 0
    sequences: tuple[str, ...] = ()  # event cards: where they may be played ("*": any time)
    text: tuple[str, str] = ("", "")
    simplified: int = 0  # copies used by the simplified rule (all combat cards; listed events)
    extra: dict[str, int] = field(default_factory=dict)


def _c(cid: str, fr: str, en: str, n: int, att: int, tech: int, dfn: int) -> Card:
    return Card(cid, (fr, en), n, "combat", att, tech, dfn, ("3A",), simplified=n)


# Annex 3, combat cards: count, title, attack bonus, technology, defence bonus. The annex lists
# « Porcherie Blindée 0 1 2 » twice (one copy each): two copies in all, 30 combat cards.
COMBAT_CARDS: tuple[Card, ...] = (
    _c("base_groin_noir", "Base du Groin Noir", "Black Snout Base", 1, 4, 3, 3),
    _c("bombarde_boum", "Bombarde à Boum", "Boom Bombard", 2, 1, 2, 2),
    _c("bunker_kosto", "Bunker Kosto", "Kosto Bunker", 2, 0, 3, 4),
    _c("cannon_casse_groin", "Cannon Casse-Groin", "Snout-Breaker Cannon", 1, 3, 3, 0),
    _c("canoniere_karnage", "Canonière Karnage", "Karnage Gunboat", 1, 2, 2, 2),
    _c("char_krabouille", "Char d'Assaut Krabouille", "Krabouille Assault Tank", 3, 3, 2, 2),
    _c("chateau_porc", "Château-Porc", "Pig Castle", 1, 0, 2, 3),
    _c("destroyer_cochon_noir", "Destroyer de Cochon Noir", "Black Pig Destroyer", 1, 4, 3, 3),
    _c("fusee_groin_chercheur", "Fusée à Groin Chercheur", "Snout-Seeking Rocket", 1, 2, 1, 0),
    _c("jamboneuse", "Jamboneuse", "Ham Slicer", 1, 1, 1, 1),
    _c("lardoneuse", "Lardoneuse", "Bacon Slicer", 1, 1, 1, 1),
    _c("goret_santonium", "Le Goret Santonium", "The Santonium Piglet", 1, 2, 2, 2),
    _c("missile_eklatou", "Missile Eklatou", "Eklatou Missile", 1, 3, 2, 0),
    _c("petaudiere_paf_paf", "Pétaudière Paf Paf", "Paf Paf Bedlam", 1, 1, 1, 1),
    _c("piege_jambon", "Piège à Jambon", "Ham Trap", 1, 0, 2, 3),
    _c("porcherie_blindee", "Porcherie Blindée", "Armoured Pigsty", 2, 0, 1, 2),
    _c("porcheresse_volante", "Porcheresse Volante", "Flying Pigtress", 1, 1, 2, 2),
    _c("robot_auto_boum", "Robot Auto-Boum", "Self-Boom Robot", 1, 2, 1, 0),
    _c("robot_kastagne", "Robot Kastagne", "Kastagne Robot", 1, 2, 2, 1),
    _c("super_couenne", "Super Couenne", "Super Rind", 2, 0, 1, 1),
    _c("torpille_moulinette", "Torpille Moulinette", "Mincer Torpedo", 2, 1, 1, 0),
    _c("tromblon_pif_paf", "Tromblon Pif Paf", "Pif Paf Blunderbuss", 1, 1, 1, 1),
    _c("vibro_massue", "Vibro-Massue de Groin Groin", "Groin Groin's Vibro-Club", 1, 2, 2, 1),
)


def _e(cid: str, fr: str, en: str, n: int, seqs: tuple[str, ...], tfr: str, ten: str, simplified: int = 0) -> Card:
    return Card(cid, (fr, en), n, "event", sequences=seqs, text=(tfr, ten), simplified=simplified)


EVENT_CARDS: tuple[Card, ...] = (
    _e("baron_harkonono", "Baron Harkonono", "Baron Harkonono", 1, ("4C",),
       "Vous recevez deux gouverneurs supplémentaires.", "You receive two extra governors."),
    _e("bottes_reaction", "Bottes à Réaction", "Jet Boots", 1, ("2B",),
       "Un voyage de 3 planètes en laissant des troupes sur chacune.",
       "A voyage of 3 planets, leaving troops on each of them.", simplified=1),
    _e("cho_boko", "Cho Boko l'Extra-Cochon", "Cho Boko the Extra-Pig", 1, ("3C",),
       "Vous contrôlez le groupe d'Extra-Cochons de votre choix à la place du Porc Royal.",
       "You control the Extra-Pig group of your choice instead of the Royal Pig."),
    _e("colons", "Colons", "Settlers", 5, ("1B",),
       "2 Gorets clandestins rejoignent vos rangs à l'arrivée des colons.",
       "2 stowaway Piglets join you when the settlers arrive."),
    _e("erreur_vote", "Erreur de vote", "Voting Error", 1, ("4C",),
       "La moitié des gouverneurs d'un joueur vous reviennent.", "Half of a player's governors come to you."),
    _e("extra_mouve", "Extra-Mouve", "Extra-Move", 3, ("2B",),
       "Un voyage supplémentaire, pendant votre tour ou après le joueur de votre choix.",
       "One extra voyage, during your turn or after the player of your choice.", simplified=3),
    _e("force_gruik", "Force Gruik", "The Gruik Force", 1, ("3A",),
       "Lors d'un combat, faites relancer le dé de votre choix.", "In a combat, have the die of your choice rerolled."),
    _e("gorruption", "Gorruption", "Gorruption", 1, ("2B", "3A"),
       "Sur une planète où il y a un seul Goret ennemi : 1D6, de 1 à 4 il devient à vous.",
       "On a planet with a single enemy Piglet: 1D6, on 1 to 4 it becomes yours."),
    _e("delit_sale_gueule", "Délit de Sale Gueule", "Ugly Mug Offence", 1, ("4C",),
       "Le joueur de votre choix ne peut pas être candidat ; personne ne peut voter pour lui.",
       "The player of your choice may not stand; nobody may vote for them."),
    _e("deplacement_planetes", "Déplacement de planètes", "Planet Shift", 8, ("2B", "3A", "3B"),
       "Échangez la position de deux planètes ; les troupes restent dessus.",
       "Swap the places of two planets; the troops stay on them.", simplified=8),
    _e("fete_gland", "Fête du Gland", "Acorn Festival", 1, ("2B",),
       "La planète de votre choix ne peut pas être attaquée par un autre joueur ce tour-ci.",
       "The planet of your choice cannot be attacked by another player this turn."),
    _e("fusee", "Fusée", "Rocket", 1, ("2B",), "Un voyage de 4 planètes.", "A voyage of 4 planets."),
    _e("fusee_dorsale", "Fusée Dorsale", "Back Rocket", 1, ("2B",), "Un voyage de 3 planètes.",
       "A voyage of 3 planets.", simplified=1),
    _e("glandenbourg_contrebande", "Glandenbourg de contrebande", "Smuggled Glandenbourg", 1, ("4C",),
       "1D6 : de 1 à 3 vous perdez la moitié de vos gouverneurs, de 4 à 6 vous en gagnez autant.",
       "1D6: on 1 to 3 you lose half your governors, on 4 to 6 you gain as many."),
    _e("gros_laches", "Gros Lâches", "Big Cowards", 2, ("3A",),
       "La moitié des troupes ennemies se replient avant le combat.",
       "Half the enemy troops fall back before the combat."),
    _e("gros_traitre", "Gros Traître", "Big Traitor", 2, ("3A",),
       "1D6 par troupe ennemie : éliminée de 1 à 3 (Goret) ou de 1 à 2 (Gros Gruik).",
       "1D6 per enemy troop: eliminated on 1–3 (Piglet) or 1–2 (Big Gruik)."),
    _e("jaret", "Jaret Pied de Porc", "Jaret Pig's Trotter", 1, ("3A",),
       "Lors d'un combat, vous jetez 2D6 à la place du dé prévu.", "In a combat, roll 2D6 instead of your die."),
    _e("combinat", "Le Combinat des Honnêtes Cochons", "The Honest Pigs' Combine", 1, ("4C",),
       "Vous recevez 1 gouverneur supplémentaire.", "You receive 1 extra governor."),
    _e("fremono", "Les Frémono", "The Fremono", 1, ("2B",),
       "1D6 : une nouvelle planète (1–2 rouge, 3–4 jaune, 5–6 bleue), posée où vous voulez.",
       "1D6: a new planet (1–2 red, 3–4 yellow, 5–6 blue), placed where you like."),
    _e("mentoto", "Les Mentoto", "The Mentoto", 1, ("4C",),
       "Vous recevez 1 gouverneur supplémentaire.", "You receive 1 extra governor."),
    _e("sourdokoko", "Les Sourdokoko de la force impériale", "The Imperial Sourdokoko", 1, ("1B",),
       "L'Empereur vous prête un Gros Gruik pour vos combats pendant 1 tour.",
       "The Emperor lends you a Big Gruik for your combats for 1 turn."),
    _e("maitre_seance", "Maître de séance", "Chair of the Session", 1, ("4C",),
       "Vous décidez de l'ordre de vote à la place du Porc Royal.",
       "You decide the voting order instead of the Royal Pig."),
    _e("yodo_lardo", "Maître Yodo Lardo", "Master Yodo Lardo", 2, ("2B", "3A"),
       "Transformez un de vos Gorets en Gros Gruik.", "Turn one of your Piglets into a Big Gruik."),
    _e("muado_dibo", "Muado Dibo", "Muado Dibo", 1, ("4C",),
       "Vous recevez 1 gouverneur supplémentaire.", "You receive 1 extra governor."),
    _e("pionce_senat", "Pionce au Sénat Porc", "Nap in the Pig Senate", 1, ("4C",),
       "Le joueur de votre choix perd deux gouverneurs.", "The player of your choice loses two governors."),
    _e("pluie_cailloux", "Pluie de Cailloux Spatiaux", "Space Pebble Shower", 1, ("2B", "3A"),
       "1D6 par troupe présente sur la planète choisie : éliminée sur 5 ou 6.",
       "1D6 per troop on the chosen planet: eliminated on 5 or 6."),
    _e("buena_larda", "Révérende Mère Buena Larda", "Reverend Mother Buena Larda", 1, ("4C",),
       "Vous recevez 2 gouverneurs supplémentaires.", "You receive 2 extra governors."),
    _e("sauve_qui_peut", "Sauve qui peut !!!", "Every Pig for Itself!!!", 1, ("3A",),
       "Vous pouvez vous replier avant le combat.", "You may fall back before the combat."),
    _e("piga", "Séduction de la princesse Piga", "Seduction of Princess Piga", 1, ("*",),
       "Regardez la main d'un joueur ; échangez 2 de vos cartes contre 2 des siennes.",
       "Look at a player's hand; swap 2 of your cards for 2 of theirs."),
    _e("rififi_senat", "Rififi au Sénat Porc", "Ruckus in the Pig Senate", 1, ("4C",),
       "On recommence l'élection ; le joueur de votre choix perd la moitié de ses gouverneurs.",
       "The election starts again; the player of your choice loses half their governors."),
    _e("teleporteur", "Téléporteur de Mr Scoto", "Mr Scoto's Teleporter", 1, ("2B",),
       "Un voyage vers la planète de votre choix, sans tenir compte des distances.",
       "A voyage to the planet of your choice, whatever the distance."),
    _e("transporteur", "Transporteur", "Transporter", 2, ("2B",), "Un voyage de 2 planètes.",
       "A voyage of 2 planets.", simplified=2),
    _e("van_soulo", "Van Soulo", "Van Soulo", 1, ("2B",),
       "Le groupe de Pirates de votre choix devient des Gorets de votre couleur.",
       "The Pirate group of your choice becomes Piglets of your colour."),
)

CARDS: dict[str, Card] = {c.id: c for c in COMBAT_CARDS + EVENT_CARDS}
assert sum(c.count for c in COMBAT_CARDS) == 30
assert sum(c.count for c in EVENT_CARDS) == 50

#: Voyage range of the « vaisseau » cards (a voyage of that many planets).
RANGE_CARDS = {"transporteur": 2, "fusee_dorsale": 3, "fusee": 4, "teleporteur": 99, "bottes_reaction": 3}
GOVERNOR_CARDS = {"baron_harkonono": 2, "buena_larda": 2, "combinat": 1, "mentoto": 1, "muado_dibo": 1}


def deck_cards(simplified: bool) -> list[str]:
    """Every card of the deck, one entry per copy (sorted: the deal shuffles it)."""
    out: list[str] = []
    for c in COMBAT_CARDS + EVENT_CARDS:
        out += [c.id] * (c.simplified if simplified else c.count)
    return sorted(out)


def card_table() -> dict[str, dict[str, object]]:
    """What the page shows of each card."""
    return {c.id: {"name": {"fr": c.name[0], "en": c.name[1]}, "kind": c.kind, "attack": c.attack,
                   "tech": c.tech, "defence": c.defence, "sequences": list(c.sequences),
                   "text": {"fr": c.text[0], "en": c.text[1]}} for c in CARDS.values()}
