"""Les Cochons de l'Espace: options, rulings, setup and the dispatch of the turn; the phases live in their rooms
(galaxy, admin, voyages, election, view), mixed into `CochonsEspaceRules`."""
from __future__ import annotations

from typing import Any, ClassVar

from ...core.flow import FlowState
from ...core.options import read_options
from ...core.text import both
from .admin import Admin
from .board import Board
from .cards import CardPlay
from .combat import Combat
from .data import (
    CLANS,
    COLOURS,
    FAMILIES,
    GORETS,
    GROS_GRUIKS,
    RECIPES,
    TILES,
    VOYAGE_MARKERS,
    deck_cards,
    galaxy_tiles,
)
from .election import Election
from .galaxy import Galaxy
from .kinds import Do, Markers, Window
from .powers import Powers
from .view import View
from .voyages import Voyages

#: The game's options, declared as data in options.json beside this module (the catalog's shape).
OPTIONS = read_options(__package__)

RULINGS = (
    {"fr": "Recettes Sacrées (reconstruction) : les six permutations de 3, 2, 1 glands sur rouge, jaune, bleu.",
     "en": "Sacred Recipes (reconstruction): the six permutations of 3, 2, 1 acorns over red, yellow, blue."},
    {"fr": "Arrivée des Extra-Cochons : 1D8, 1–2 rien, 3–4 Pirates, 5–6 Porcophages, 7–8 Ver des Glands.",
     "en": "Extra-Pigs arrival: 1D8, 1–2 none, 3–4 Pirates, 5–6 Porcophages, 7–8 Acorn Worm."},
    {"fr": "Porcophages : 1 à l'arrivée, 1D8 +1 par Porcophage au-delà du premier, +1 par Goret tué (3 au plus).",
     "en": "Porcophages: 1 on arrival, 1D8 +1 per Porcophage beyond the first, +1 per Piglet killed (3 at most)."},
    {"fr": "Ver des Glands : trois planètes dévorées au plus par partie ; ensuite il n'apparaît plus.",
     "en": "Acorn Worm: three planets devoured at most per game; after that it no longer appears."},
    {"fr": "Gorets de départ : sur un hexagone libre du bord, à deux cases au moins des autres joueurs "
           "(sinon sur n'importe quel hexagone libre du bord, sinon n'importe où de libre).",
     "en": "Starting Piglets: on a free rim hex at least two hexes from the other players "
           "(else any free rim hex, else any free hex)."},
    {"fr": "Un joueur qui vote donne ses propres gouverneurs ; les gouverneurs reviennent à leur clan après "
           "l'élection et chaque tour en redonne un par marqueur de production (10 par clan au plus).",
     "en": "A voter gives their own governors; governors go back to their clan after the election and each "
           "turn gives one per production marker (10 per clan at most)."},
    {"fr": "Les cartes « à tout moment » d'une séquence se jouent aux fenêtres : chaque joueur est sollicité, "
           "qu'il ait une carte ou non ; les cartes jouées s'exécutent dans l'ordre de jeu.",
     "en": "Cards playable « at any time » of a sequence are played at windows: every player is asked, card "
           "or not; the cards played run in the order of play."},
    {"fr": "Échanges de cartes d'une coalition, à tout moment : après la donne, à chaque fenêtre de cartes, pendant "
           "ses propres voyages et sa réorganisation ; une carte contre une carte, l'allié accepte ou refuse ; "
           "3 propositions au plus par joueur et par tour.",
     "en": "Coalition card swaps, at any time: after the deal, at every card window, during one's own voyages and "
           "reorganisation; one card for one card, the ally accepts or refuses; at most 3 offers per player per turn."},
    {"fr": "Règle simplifiée : les nouvelles troupes se placent sur des planètes où l'on a déjà des troupes ; "
           "le premier joueur est tiré au dé.",
     "en": "Simplified rules: new troops go on planets where one already has troops; the first player is "
           "chosen by die."},
    {"fr": "Extra-Cochons arrivés sur des cochons (astéroïde) : le combat a lieu à la fin de la séquence 3A.",
     "en": "Extra-Pigs arriving on pigs (asteroid): the combat is fought at the end of sequence 3A."},
    {"fr": "Combat multiple : au tour d'un joueur, les combats de chaque planète qu'il attaque sont livrés dans "
           "l'ordre d'arrivée jusqu'au sien (un Extra-Mouve peut avoir fait arriver un autre joueur avant lui).",
     "en": "Multiple combat: at a player's turn, the fights on each planet it attacks are fought in order of "
           "arrival up to its own (an Extra-Move may have brought another player there first)."},
    {"fr": "Gros Lâches : les troupes qui se replient (Gorets d'abord) vont sur une planète voisine de leur clan, "
           "sinon elles restent. Erreur de vote : la moitié arrondie à l'inférieur.",
     "en": "Big Cowards: the retreating troops (Piglets first) go to a neighbouring planet of their clan, else they "
           "stay. Voting Error: half rounded down."},
    {"fr": "Cho Boko : son joueur déplace un groupe d'Extra-Cochons à la place du Porc Royal ce tour-ci. "
           "Sourdokoko : le Gros Gruik prêté se place avec les colons et repart à la fin du tour (s'il a survécu).",
     "en": "Cho Boko: its player moves one Extra-Pig group instead of the Royal Pig this turn. Sourdokoko: the "
           "loaned Big Gruik is placed with the settlers and leaves at the end of the turn (if it survived)."},
    {"fr": "Galaxies jumelles (reconstruction, l'illustration manque) : le soleil entre les deux, la galaxie de "
           "passage (3 hexagones) à côté du soleil, à deux cases de chaque galaxie ; une planète des Frémono rejoint la "
           "galaxie qu'elle touche (et ses liaisons de bord en bord), jamais posée contre le seul soleil. Galaxie "
           "galette : une bande plate de trois hexagones d'épaisseur.",
     "en": "Twin galaxies (reconstruction, the illustration is missing): the sun between them, the passage galaxy "
           "(3 hexes) beside the sun, two hexes from each twin; a Fremono planet joins the galaxy it touches (and its "
           "edge-to-edge links), never laid against the sun alone. Pancake galaxy: a flat band three hexes thick."},
    {"fr": "Élimination : dès qu'un clan n'a plus qu'une troupe sur le plateau (ou aucune), après un round de "
           "combat, une carte ou un pouvoir qui tue, sa dernière troupe quitte le plateau. Il garde ses cartes mais, "
           "jusqu'à la fin du tour, ne voyage plus, ne joue ni carte ni pouvoir et n'échange pas de cartes (il vote "
           "encore et, Porc Royal, en remplit la charge) ; au tour suivant il revient avec 5 Gorets et ses cinq "
           "marqueurs de voyage.",
     "en": "Elimination: as soon as a clan has one troop left on the board (or none), after a combat round, a card or "
           "a power that kills, its last troop leaves the board. It keeps its cards but, until the end of the turn, "
           "travels no more, plays no card or power and swaps no cards (it still votes and, as Royal Pig, does its "
           "duties); next turn it comes back with 5 Piglets and its five voyage markers."},
    {"fr": "Les cartes de voyage (Transporteur, Fusées, Téléporteur) comptent les cases à travers l'espace vide "
           "aussi ; le soleil n'est jamais une destination.",
     "en": "Voyage cards (Transporter, Rockets, Teleporter) count hexes across empty space too; the sun is never a "
           "destination."},
)


class CochonsEspaceRules(Galaxy, Admin, Voyages, Election, View, Board, Combat, CardPlay, Powers, FlowState,
                         game_id="cochons-de-l-espace", title=both("Les Cochons de l'Espace", "Space Pigs"),
                         players=(3, 6), options_spec=OPTIONS, rules_version=2, rulings=RULINGS):
    """A game of Les Cochons de l'Espace."""

    # ---- setup ----------------------------------------------------------------------------
    def _setup(self) -> None:
        o = self.options
        self.simple: bool = o.get("regle", "complete") == "simplifiee"
        self.pose: str = "visible" if self.simple else o.get("pose", "aveugle")
        self.max_turns: int = o.get("limite_tours", 0)
        n, rng = self.players, self.rng
        clans = list(CLANS)
        rng.shuffle(clans)
        self.clans = clans[:n]
        recipes = list(range(len(RECIPES)))
        rng.shuffle(recipes)
        self.recipes = recipes[:n]
        self.reserve = [[GORETS, GROS_GRUIKS] for _ in range(n)]
        self.imp = [False] * n
        self.hand_size = 4 if self.simple else 6
        deck = deck_cards(self.simple)
        self.out = [] if not self.simple else [c for c in deck_cards(False)]
        if self.simple:
            for c in deck:
                self.out.remove(c)
        rng.shuffle(deck)
        self.deck: list[str] = deck
        self.discard: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(n)]
        # First player: 1D6 each, the highest starts (ties roll again).
        tied = list(range(n))
        while len(tied) > 1:
            rolls = {s: rng.randint(1, 6) for s in tied}
            top = max(rolls.values())
            tied = [s for s in tied if rolls[s] == top]
        self.first = tied[0]
        self.order = [(self.first + i) % n for i in range(n)]
        # Galaxy: the chosen hexes in four family piles (the simplified rule lays them face up).
        self.tiles: dict[str, str] = {}
        self.face_up: dict[str, bool] = {}
        self.devoured: list[str] = []
        self.stacks = {}
        self.adj: dict[str, list[str]] = {}
        self.piles: dict[str, list[str]] = {f: [] for f in FAMILIES}
        for t in galaxy_tiles(n):
            self.piles[TILES[t].back].append(t)
        for f in FAMILIES:
            rng.shuffle(self.piles[f])
        self.box = sorted(set(TILES) - set(galaxy_tiles(n)) - {"S"})  # hexes left in the box (Les Frémono)
        self.drawn: str | None = None  # « regarder avant de poser »: the hex in hand
        self.layout: str = "cercles" if self.simple else o.get("galaxie", "cercles")
        self.group: dict[str, str] = {}  # twin galaxies: hex → "A", "B", "P" (passage) or "S" (the sun)
        if self.layout == "jumelles":
            self._twin_setup()
        self.placer = 0  # how many hexes were laid
        self.turn = 0
        self.pr: int | None = None
        self.markers_left = [list(VOYAGE_MARKERS) for _ in range(n)]
        self.marker: list[int | None] = [None] * n
        self.colonists = [0] * n
        self.new_gg = [0] * n
        self.promoted = [False] * n
        self.imp_pending = [False] * n
        self.tokens: list[int] = []
        self.given: list[list[int]] = [[] for _ in range(n)]
        self.production = [dict.fromkeys(COLOURS, 0) for _ in range(n)]
        self.gov = [[0] * n for _ in range(n)]  # gov[holder][clan colour]
        self.votes: dict[str, int] = {}
        self.barred: list[int] = []
        self.caller: int | None = None
        self.coalitions: list[list[int]] = []
        self.swaps_made = [0] * n
        self.fete: dict[str, int] = {}
        self.eliminated = [False] * n
        self.eliminated_on = [0] * n  # the turn of the last elimination (the clan sits out the rest of it)
        self.winner: int | None = None
        self.win_how = ""
        self.combat: dict[str, Any] | None = None
        self.used_cho = False
        self.cursor = 0  # whose turn within a sequence (index into order)
        self.seq = ""  # the sequence being played (1A … 4C; A … E in the simplified rule), for the page
        self.powers_on: bool = bool(o.get("pouvoirs")) and not self.simple
        self.power_used: list[list[str]] = [[] for _ in range(n)]
        self.killed = [0] * n  # Gorets killed this turn (Babiroussa)
        self.banned: dict[str, list[int]] = {}  # hex → players forbidden to land there this turn (Babiroussa)
        self.porcus_last: dict[str, list[int]] = {}  # [turn, player] the Porcus barred last
        self.porcus_asked = 0
        self.phase = "build"
        self.run()

    # ---- small helpers ---------------------------------------------------------------------
    def order_index(self, seat: int) -> int:
        return self.order.index(seat)

    def recipe(self, seat: int) -> dict[str, int]:
        return RECIPES[self.recipes[seat]]

    def meets_recipe(self, seat: int) -> bool:
        prod = self.production[seat]
        return all(prod[c] >= k for c, k in self.recipe(seat).items())

    def missing(self, seat: int) -> int:
        prod = self.production[seat]
        return sum(max(0, k - prod[c]) for c, k in self.recipe(seat).items())

    def current_production(self, seat: int) -> dict[str, int]:
        """The acorns `seat`'s planets would produce now (the planets it holds alone)."""
        prod = dict.fromkeys(COLOURS, 0)
        for k, st in self.stacks.items():
            if len(st) == 1 and st[0]["s"] == seat:
                c = self.colour(k)
                if c is not None:
                    prod[c] += 2 if self.face(k) == "double" else 1
        return prod

    def ec_count(self, kind: str) -> int:
        return sum(e["g"] for st in self.stacks.values() for e in st if e["ec"] == kind)

    # ---- contract ---------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> dict[str, Any] | None:
        if not self.is_over():
            return None
        return {"winners": [self.winner], "how": self.win_how,
                "scores": {str(s): sum(self.production[s].values()) for s in range(self.players)}}


    # ---- search support ---------------------------------------------------------------------
    playout_cap = 40
    #: The search lends the heuristic's choice this many visits (see core.bots.ismcts).
    prior_visits = 8

    def estimate_outcome(self) -> list[float]:
        """A truncated playout scores each seat by how little its recipe still lacks."""
        score = []
        for s in range(self.players):
            prod = self.current_production(s)
            lack = sum(max(0, k - prod[c]) for c, k in self.recipe(s).items())
            score.append((6 - lack) ** 2 + 0.1)
        total = sum(score)
        return [x / total for x in score]

    KINDS: ClassVar = {
        "lay": Do("lay", "poser un hexagone", "lay a hex"),
        "start": Do("start", "placer vos Gorets de départ", "place your starting Piglets"),
        "discard": Do("discard", "défausser ou garder vos cartes", "discard or keep your cards"),
        "swap": Do("swap", "proposer un échange ou terminer", "offer a swap or finish"),
        "swap_reply": Do("swap_reply", "accepter ou refuser l'échange", "accept or refuse the swap"),
        "give": Do("give", "distribuer les pions colons", "hand out the settler tokens"),
        "settle": Do("settle", "placer vos nouvelles troupes", "place your new troops"),
        "ec_place": Do("ec_place", "placer les Extra-Cochons", "place the Extra-Pigs"),
        "markers": Markers(),
        "voyage": Do("voyage", "voyager ou finir vos voyages", "travel or end your voyages"),
        "take": Do("take", "choisir les troupes qui voyagent", "choose the travelling troops"),
        "boots": Do("boots", "continuer ou s'arrêter", "go on or stop"),
        "boots_take": Do("boots_take", "choisir les troupes qui continuent", "choose the troops going on"),
        "reorg": Do("reorg", "réorganiser vos troupes ou finir", "reorganise your troops or finish"),
        "ec_move": Do("ec_move", "déplacer un groupe d'Extra-Cochons", "move one Extra-Pig group"),
        "call": Do("call", "appeler le prochain votant", "call the next voter"),
        "vote": Do("vote", "voter", "vote"),
        "porcus_bar": Do("porcus_bar", "écarter un candidat ou passer", "bar a candidate or pass"),
        "window": Window(),
        **Combat.COMBAT_KINDS,
        **CardPlay.CARD_KINDS,
    }
    STEPS: ClassVar = {
        "build": Galaxy._step_build, "turn": Admin._step_turn, "deal": Admin._step_deal, "colonists_draw": Admin._step_colonists_draw,
        "colonists_in": Admin._step_colonists_in, "order": Admin._step_order, "place": Admin._step_place,
        "ec_arrival": Admin._step_ec_arrival, "markers": Admin._step_markers, "voyages": Voyages._step_voyages,
        "combats": Voyages._step_combats, "combat_turn": Voyages._step_combat_turn, "reorg": Voyages._step_reorg,
        "after_reorg": Voyages._step_after_reorg, "ec_move": Voyages._step_ec_move, "ec_fight": Voyages._step_ec_fight,
        "production": Election._step_production, "governors": Election._step_governors, "election": Election._step_election,
        "tally": Election._step_tally, "end_turn": Election._step_end_turn, "over": Election._step_over,
        **Combat.COMBAT_STEPS,
    }
