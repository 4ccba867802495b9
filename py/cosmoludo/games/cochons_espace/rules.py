"""Les Cochons de l'Espace: setup, galaxy building, the turn phase by phase (simplified and full rules)."""
from __future__ import annotations

from typing import Any, ClassVar

from ...core.flow import Ask, FlowState, copy_json
from ...core.hexgrid import ORIGIN, adjacent_slots, band_slots, circle_slots, circles_for, distance
from ...core.options import Option
from ...core.pile import draw as pile_draw
from ...core.rng import Rng
from ...core.state import Action
from .board import Board, entry, key, troops, unkey
from .cards import WINDOW_CARDS, CardPlay
from .combat import Combat
from .data import (
    CARDS,
    CLAN_NAMES,
    CLANS,
    COLONIST_DRAW,
    COLONIST_TOKENS,
    COLOURS,
    EC_MAX_STACK,
    EC_MOVE,
    EC_NAMES,
    EC_TOKENS,
    FAMILIES,
    GORETS,
    GOVERNORS,
    GROS_GRUIKS,
    MAX_DEVOURED,
    RANGE_CARDS,
    RECIPES,
    START_GORETS,
    TILES,
    VOYAGE_MARKERS,
    card_table,
    deck_cards,
    ec_arrival,
    galaxy_tiles,
    pirate_count,
)
from .kinds import Do, Markers, Window
from .powers import Powers

OPTIONS = (
    Option("regle", "choice", "complete", {"fr": "Règle", "en": "Rules"},
           {"fr": "La règle simplifiée (jeu rapide) ou la règle complète (Porc Royal, Extra-Cochons, élections).",
            "en": "The simplified rules (quick game) or the full rules (Royal Pig, Extra-Pigs, elections)."},
           values=(("complete", {"fr": "Règle complète", "en": "Full rules"}),
                   ("simplifiee", {"fr": "Règle simplifiée (jeu rapide)", "en": "Simplified rules (quick game)"}))),
    Option("pose", "choice", "aveugle", {"fr": "Pose des hexagones", "en": "Laying the hexes"},
           {"fr": "Règle complète : comment les hexagones sont découverts.",
            "en": "Full rules: how the hexes are revealed."},
           values=(("aveugle", {"fr": "En aveugle, retourné une fois posé", "en": "Blind, turned once laid"}),
                   ("regarder", {"fr": "On regarde avant de poser", "en": "Look before laying"}),
                   ("tout_puis_retourner", {"fr": "Tout poser, puis tout retourner",
                                            "en": "Lay all, then turn all"}),
                   ("exploration", {"fr": "Exploration : retourné à l'arrivée des troupes",
                                    "en": "Exploration: turned when troops arrive"}))),
    Option("galaxie", "choice", "cercles", {"fr": "Forme de la galaxie", "en": "Galaxy shape"},
           {"fr": "Règle complète : cercles successifs, galaxies jumelles (reconstruction), galette ou liberté.",
            "en": "Full rules: successive circles, twin galaxies (reconstruction), pancake or free."},
           values=(("cercles", {"fr": "Cercles successifs", "en": "Successive circles"}),
                   ("jumelles", {"fr": "Galaxies jumelles", "en": "Twin galaxies"}),
                   ("galette", {"fr": "Galaxie galette (trois hexagones d'épaisseur)",
                                "en": "Pancake galaxy (three hexes thick)"}),
                   ("libre", {"fr": "Liberté !", "en": "Freedom!"}))),
    Option("placement_inverse", "bool", False, {"fr": "Placement inversé", "en": "Reverse placement"},
           {"fr": "Les Gorets de départ se placent du dernier au premier joueur.",
            "en": "Starting Piglets are placed from the last player to the first."}),
    Option("pouvoirs", "bool", False, {"fr": "Pouvoirs des clans", "en": "Clan powers"},
           {"fr": "Règle complète : chaque clan a trois pouvoirs, chacun une fois par tour (pas au premier tour).",
            "en": "Full rules: each clan has three powers, each once per turn (not on the first turn)."}),
    Option("limite_tours", "int", 0, {"fr": "Limite de tours (0 : aucune)", "en": "Turn limit (0: none)"},
           {"fr": "Option de cette version : après ce tour, le plus proche de sa Recette gagne.",
            "en": "This version's option: after this turn, the closest to their Recipe wins."}, min=0, max=30),
)

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
    {"fr": "Échanges de cartes d'une coalition : en phase 1A, une carte contre une carte, acceptée par les deux.",
     "en": "Coalition card swaps: in phase 1A, one card for one card, accepted by both."},
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
           "passage (3 hexagones) à côté du soleil, à deux cases de chaque galaxie. Galaxie galette : une bande plate "
           "de trois hexagones d'épaisseur.",
     "en": "Twin galaxies (reconstruction, the illustration is missing): the sun between them, the passage galaxy "
           "(3 hexes) beside the sun, two hexes from each twin. Pancake galaxy: a flat band three hexes thick."},
    {"fr": "Les cartes de voyage (Transporteur, Fusées, Téléporteur) comptent les cases à travers l'espace vide "
           "aussi ; le soleil n'est jamais une destination.",
     "en": "Voyage cards (Transporter, Rockets, Teleporter) count hexes across empty space too; the sun is never a "
           "destination."},
)

_PH = tuple(f"{{P{s}}}" for s in range(8))
_SHARED = frozenset({"adj", "asks", "rng", "options", "history", "revealing", "log"})
_LOGS = frozenset({"history", "revealing", "log"})


def P(seat: int) -> str:
    return _PH[seat]


class CochonsEspaceRules(Board, Combat, CardPlay, Powers, FlowState):
    """A game of Les Cochons de l'Espace."""

    game_id = "cochons-de-l-espace"
    title: ClassVar[dict[str, str]] = {"fr": "Les Cochons de l'Espace", "en": "Space Pigs"}
    min_players = 3
    max_players = 6
    options_spec = OPTIONS
    rules_version = 1
    rulings = RULINGS

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
        self.winner: int | None = None
        self.win_how = ""
        self.ec_seen = 0
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

    def clan_fr(self, seat: int) -> str:
        return CLAN_NAMES[self.clans[seat]][0]

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

    def visible_face(self, k: str, viewer: int | None) -> bool:
        return self.face_up.get(k, True)

    # ---- galaxy building -------------------------------------------------------------------
    def _step_build(self) -> None:
        total = sum(len(p) for p in self.piles.values())
        if total == 0 and self.drawn is None:
            if self.pose == "tout_puis_retourner":
                for k in self.tiles:
                    self.face_up[k] = True
                self.reveal()
                self.emit("Tous les hexagones sont retournés.", "Every hex is turned over.")
            self.rebuild_adjacency()
            self.phase = "start"
            seq = self.order[::-1] if self.options.get("placement_inverse") else list(self.order)
            for s in seq:
                self.ask("start", s)
            self.phase = "turn"
            return
        seat = self.order[self.placer % self.players]
        self.ask("lay", seat)

    def slots(self) -> list[str]:
        placed = [unkey(k) for k in self.tiles]
        if self.layout == "galette":
            return [key(h) for h in band_slots(placed)]
        if self.layout == "libre":
            return [key(h) for h in adjacent_slots(placed)] if placed else [key(ORIGIN)]
        if self.layout == "jumelles":
            return self._twin_slots()[1]
        return [key(h) for h in circle_slots(placed, ORIGIN)]

    # ---- twin galaxies (reconstruction: the rulebook's illustration 6 is missing) -------------------
    def _twin_setup(self) -> None:
        """Two centres, the sun between them, and three cells for the passage galaxy beside the sun (two
        hexes from each galaxy: only the range cards reach it). Each twin takes half the other hexes."""
        rest = len(galaxy_tiles(self.players)) - 3
        na, nb = (rest + 1) // 2, rest // 2
        ra, rb = circles_for(na), circles_for(nb)
        m = ra + 2
        self.twin: dict[str, Any] = {"na": na, "nb": nb, "a": [0, 0], "b": [ra + rb + 4, 0], "sun": key((m, 0)),
                     "passage": [key((m, -1)), key((m + 1, -1)), key((m + 1, -2))]}
        self.tiles[self.twin["sun"]] = "S"
        self.face_up[self.twin["sun"]] = True
        self.group[self.twin["sun"]] = "S"

    def _twin_slots(self) -> tuple[str, list[str]]:
        t = self.twin
        a = [unkey(k) for k, grp in self.group.items() if grp == "A"]
        b = [unkey(k) for k, grp in self.group.items() if grp == "B"]
        if len(a) < t["na"] and (len(a) <= len(b) or len(b) >= t["nb"]):
            return "A", [key(h) for h in circle_slots(a, tuple(t["a"]))]
        if len(b) < t["nb"]:
            return "B", [key(h) for h in circle_slots(b, tuple(t["b"]))]
        return "P", [k for k in t["passage"] if k not in self.tiles]

    def landable(self, k: str) -> bool:
        return self.face(k) != "soleil"

    def landable_hexes(self) -> list[str]:
        """Every hex but the sun, sorted."""
        return [k for k in sorted(self.tiles) if self.tiles[k] != "S"]

    def _acts_lay(self, ask: Ask, seat: int) -> list[Action]:
        slots = self.slots()
        if self.simple:
            kinds: dict[tuple[str, str | None], str] = {}
            for f in FAMILIES:
                for t in self.piles[f]:
                    tl = TILES[t]
                    kinds.setdefault((tl.face, tl.colour), t)
            reps = sorted(min(t for f in FAMILIES for t in self.piles[f]
                              if (TILES[t].face, TILES[t].colour) == fk) for fk in kinds)
            return [{"type": "lay", "tile": t, "at": s} for t in reps for s in slots]
        if self.drawn is not None:
            return [{"type": "lay", "at": s} for s in slots]
        if self.pose == "regarder":
            return [{"type": "draw_hex", "family": f} for f in FAMILIES if self.piles[f]]
        return [{"type": "lay", "family": f, "at": s} for f in FAMILIES if self.piles[f] for s in slots]

    def _do_lay(self, ask: Ask, seat: int, a: Action) -> bool:
        if a["type"] == "draw_hex":
            self.drawn = self.piles[a["family"]].pop()
            self.emit(f"{P(seat)} prend un hexagone de la famille {a['family']}.",
                      f"{P(seat)} takes a hex of the {a['family']} family.")
            self.emit(f"Vous avez tiré : {self._tile_fr(self.drawn)}.", f"You drew: {self._tile_en(self.drawn)}.",
                      to=[seat])
            self.reveal()
            return False
        if self.simple:
            t = a["tile"]
            self.piles[TILES[t].back].remove(t)
        elif self.drawn is not None:
            t, self.drawn = self.drawn, None
        else:
            t = self.piles[a["family"]].pop()
            self.reveal()
        k = a["at"]
        if self.layout == "jumelles":
            self.group[k] = self._twin_slots()[0]
        self.tiles[k] = t
        up = self.pose in ("visible", "aveugle", "regarder")
        self.face_up[k] = up
        self.placer += 1
        if up:
            self.emit(f"{P(seat)} pose {self._tile_fr(t)} en {k}.", f"{P(seat)} lays {self._tile_en(t)} at {k}.")
        else:
            self.emit(f"{P(seat)} pose un hexagone face cachée en {k}.", f"{P(seat)} lays a face-down hex at {k}.")
        return True

    def _pub_lay(self, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"drawn": self.drawn if viewer in ask.seats else None}

    @staticmethod
    def _tile_fr(t: str) -> str:
        tl = TILES[t]
        return {"planete": f"une planète {tl.colour}", "double": f"une planète double {tl.colour}",
                "asteroide": "un astéroïde", "soleil": "le soleil"}[tl.face]

    @staticmethod
    def _tile_en(t: str) -> str:
        tl = TILES[t]
        c = {"rouge": "red", "jaune": "yellow", "bleu": "blue", None: ""}[tl.colour]
        return {"planete": f"a {c} planet", "double": f"a {c} double planet",
                "asteroide": "an asteroid", "soleil": "the sun"}[tl.face]

    def flip(self, k: str) -> None:
        """Exploration: a hex is turned over when troops (or Extra-Cochons) arrive."""
        if not self.face_up.get(k, True):
            self.face_up[k] = True
            self.reveal()
            t = self.tiles[k]
            self.emit(f"L'hexagone {k} est découvert : {self._tile_fr(t)}.", f"Hex {k} is discovered: {self._tile_en(t)}.")

    # ---- starting Gorets -------------------------------------------------------------------
    def start_hexes(self, seat: int) -> list[str]:
        edge = [k for k in self.rim_hexes() if self.landable(k)]
        free = [k for k in edge if k not in self.stacks]
        if self.eliminated[seat]:
            # Back after an elimination: an empty hex of the edge, else the centre.
            centre = key(ORIGIN) if key(ORIGIN) in self.tiles and self.landable(key(ORIGIN)) else min(self.tiles)
            return free or [centre]
        others = [k for k in self.stacks if any(e["s"] >= 0 and e["s"] != seat for e in self.stacks[k])]
        spaced = [k for k in free if all(k != o and o not in self.adj[k] for o in others)]
        if spaced:
            return spaced
        if free:
            return free
        return sorted(k for k in self.tiles if k not in self.stacks and self.landable(k)) or \
            sorted(k for k in self.tiles if self.landable(k))

    def _acts_start(self, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "start", "at": k} for k in self.start_hexes(seat)]

    def _do_start(self, ask: Ask, seat: int, a: Action) -> bool:
        k = a["at"]
        n = min(START_GORETS, self.reserve[seat][0])
        self.reserve[seat][0] -= n
        self.add_troops(k, seat, n, 0)
        self.flip(k)
        self.emit(f"{P(seat)} pose {n} Gorets en {k}.", f"{P(seat)} places {n} Piglets at {k}.")
        if self.eliminated[seat]:
            self.eliminated[seat] = False
            self.markers_left[seat] = list(VOYAGE_MARKERS)
        return True

    # ---- the turn --------------------------------------------------------------------------
    def _step_turn(self) -> None:
        self.seq = "1A"
        self.turn += 1
        self.emit(f"— Tour {self.turn} —", f"— Turn {self.turn} —")
        self.fete = {}
        self.banned = {}
        self.power_used = [[] for _ in range(self.players)]
        self.killed = [0] * self.players
        self.promoted = [False] * self.players
        self.swaps_made = [0] * self.players
        self.used_cho = False
        if self.turn > 1:
            for s in self.order:
                self.ask("discard", s)
        self.phase = "deal"

    def _acts_discard(self, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "keep"}] + [{"type": "discard", "card": c} for c in sorted(set(self.hands[seat]))]

    def _do_discard(self, ask: Ask, seat: int, a: Action) -> bool:
        if a["type"] == "keep":
            return True
        self.hands[seat].remove(a["card"])
        self.discard.append(a["card"])
        self.emit(f"{P(seat)} défausse une carte.", f"{P(seat)} discards a card.")
        return not self.hands[seat]

    def _step_deal(self) -> None:
        for s in self.order:
            size = 8 if self.power_ok(s, "porcus_cards") else self.hand_size
            need = size - len(self.hands[s])
            if need > 0:
                got, _shuffled = pile_draw(self.deck, self.discard, self.rng, need)
                self.hands[s].extend(got)
                if got:
                    self.reveal()
        if not self.simple and self.turn > 1 and self.coalitions:
            for s in self.order:
                if self.allies(s):
                    self.ask("swap", s)
        if self.simple:
            self.phase = "voyages"
        else:
            self.phase = "colonists_draw" if self.turn > 1 and self.pr is not None else "order"

    def allies(self, seat: int) -> list[int]:
        for group in self.coalitions:
            if seat in group:
                return [s for s in group if s != seat]
        return []

    def _acts_swap(self, ask: Ask, seat: int) -> list[Action]:
        acts: list[Action] = [{"type": "done"}]
        if self.swaps_made[seat] < 3:
            acts += [{"type": "offer", "to": s, "card": c} for s in self.allies(seat) if self.hands[s]
                     for c in sorted(set(self.hands[seat]))]
        return acts

    def _do_swap(self, ask: Ask, seat: int, a: Action) -> bool:
        if a["type"] == "done":
            return True
        self.swaps_made[seat] += 1
        self.emit(f"{P(seat)} propose un échange de carte à {P(a['to'])}.",
                  f"{P(seat)} offers {P(a['to'])} a card swap.")
        self.ask("swap_reply", a["to"], at=0, by=seat, card=a["card"])
        return False

    def _acts_swap_reply(self, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "refuse"}] + [{"type": "accept", "card": c} for c in sorted(set(self.hands[seat]))]

    def _do_swap_reply(self, ask: Ask, seat: int, a: Action) -> bool:
        by, card = ask.data["by"], ask.data["card"]
        if a["type"] == "refuse" or card not in self.hands[by]:
            self.emit(f"{P(seat)} refuse l'échange.", f"{P(seat)} refuses the swap.")
            return True
        self.hands[by].remove(card)
        self.hands[seat].remove(a["card"])
        self.hands[by].append(a["card"])
        self.hands[seat].append(card)
        self.reveal()
        self.emit(f"{P(by)} et {P(seat)} échangent une carte.", f"{P(by)} and {P(seat)} swap a card.")
        return True

    def _pub_swap_reply(self, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"by": ask.data["by"], "card": ask.data["card"] if viewer in (ask.seats[0], ask.data["by"]) else None}

    # ---- 1B colonists ----------------------------------------------------------------------
    def _step_colonists_draw(self) -> None:
        self.seq = "1B"
        bag = list(COLONIST_TOKENS)
        self.rng.shuffle(bag)
        self.tokens = sorted(bag[:COLONIST_DRAW[self.players]])
        self.given = [[] for _ in range(self.players)]
        self.reveal()
        assert self.pr is not None
        self.emit(f"Le Porc Royal {P(self.pr)} tire {len(self.tokens)} pions colons.",
                  f"The Royal Pig {P(self.pr)} draws {len(self.tokens)} settler tokens.")
        self.emit(f"Pions colons : {', '.join(map(str, self.tokens))}.", f"Settler tokens: "
                  f"{', '.join(map(str, self.tokens))}.", to=[self.pr])
        self.ask("give", self.pr)
        self.ask("window", list(self.order), seq="1B")
        self.phase = "colonists_in"

    def _acts_give(self, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "give", "value": v, "to": s} for v in sorted(set(self.tokens))
                for s in self.order if len(self.given[s]) < 2]

    def _do_give(self, ask: Ask, seat: int, a: Action) -> bool:
        self.tokens.remove(a["value"])
        self.given[a["to"]].append(a["value"])
        self.emit(f"Le Porc Royal donne un pion colon à {P(a['to'])}.", f"The Royal Pig gives {P(a['to'])} a settler token.")
        return not self.tokens

    def _step_colonists_in(self) -> None:
        for s in range(self.players):
            if self.given[s]:
                self.colonists[s] += sum(self.given[s])
                self.emit(f"{P(s)} reçoit {sum(self.given[s])} colons.", f"{P(s)} receives {sum(self.given[s])} settlers.",
                          to=[s])
        self.given = [[] for _ in range(self.players)]
        self.phase = "order"

    # ---- 1C order of play --------------------------------------------------------------------
    def _step_order(self) -> None:
        self.seq = "1C"
        if self.turn > 1:
            value = {s: self.strength_order_value(s) for s in range(self.players)}
            tiebreak: dict[int, int] = {}
            groups: dict[int, list[int]] = {}
            for s in range(self.players):
                groups.setdefault(value[s], []).append(s)
            for group in groups.values():
                for rank, s in enumerate(self.rank_by_d6(group)):
                    tiebreak[s] = rank
            self.order = sorted(range(self.players), key=lambda s: (-value[s], tiebreak[s]))
            self.emit("Ordre de jeu : " + ", ".join(P(s) for s in self.order) + ".",
                      "Order of play: " + ", ".join(P(s) for s in self.order) + ".")
        self.phase = "place"
        self.cursor = 0

    def rank_by_d6(self, seats: list[int]) -> list[int]:
        """Tied seats each roll 1D6, highest first; seats still tied roll again among themselves."""
        if len(seats) <= 1:
            return list(seats)
        self.reveal()
        rolls = {s: self.rng.randint(1, 6) for s in seats}
        out: list[int] = []
        for v in sorted(set(rolls.values()), reverse=True):
            out += self.rank_by_d6([s for s in seats if rolls[s] == v])
        return out

    # ---- 1D placing colonists (and the simplified rule's phase E) --------------------------
    def _step_place(self) -> None:
        self.seq = "E" if self.simple else "1D"
        for s in self.order:
            if self.eliminated[s]:
                self.ask("start", s)
        for s in self.order:
            if self.colonists[s] or self.new_gg[s] or self.imp_pending[s] or self.eliminated[s]:
                self.ask("settle", s)
        self.phase = "ec_arrival" if not self.simple else "end_turn"

    def _settle_hexes(self, seat: int) -> list[str]:
        return self.hexes_of(seat)

    def _acts_settle(self, ask: Ask, seat: int) -> list[Action]:
        n, gg = self.colonists[seat], self.new_gg[seat] + (1 if self.imp_pending[seat] else 0)
        hexes = self._settle_hexes(seat)
        if not hexes or (n == 0 and gg == 0):
            return [{"type": "done"}]
        acts: list[Action] = []
        if gg:
            acts += [{"type": "put_gg", "at": k} for k in hexes]
        if n:
            acts += [{"type": "put", "at": k, "n": m} for k in hexes for m in sorted({1, n})]
            if (n >= 2 and not self.promoted[seat] and (self.turn > 1 or self.simple)
                    and self.reserve[seat][1] > 0):
                acts.append({"type": "promote"})
        return acts

    def _do_settle(self, ask: Ask, seat: int, a: Action) -> bool:
        t = a["type"]
        if t == "done":
            self.colonists[seat] = self.new_gg[seat] = 0
            self.imp_pending[seat] = False
            return True
        if t == "promote":
            self.colonists[seat] -= 2
            self.new_gg[seat] += 1
            self.promoted[seat] = True
            self.emit(f"{P(seat)} transforme deux nouveaux Gorets en un Gros Gruik.",
                      f"{P(seat)} turns two new Piglets into a Big Gruik.")
            return False
        k = a["at"]
        if t == "put_gg":
            if self.imp_pending[seat]:
                self.imp_pending[seat] = False
                self.imp[seat] = True
                self.add_troops(k, seat, 0, 1)
                self.emit(f"Le Sourdokoko de {P(seat)} rejoint {k}.", f"{P(seat)}'s Sourdokoko joins {k}.")
            else:
                self.new_gg[seat] -= 1
                if self.reserve[seat][1] > 0:
                    self.reserve[seat][1] -= 1
                    self.add_troops(k, seat, 0, 1)
                    self.emit(f"{P(seat)} place un Gros Gruik en {k}.", f"{P(seat)} places a Big Gruik at {k}.")
        else:
            m = min(a["n"], self.colonists[seat])
            self.colonists[seat] -= m
            m = min(m, self.reserve[seat][0])  # the clan's 20 Gorets are all there is
            self.reserve[seat][0] -= m
            self.add_troops(k, seat, m, 0)
            self.emit(f"{P(seat)} place {m} Goret(s) en {k}.", f"{P(seat)} places {m} Piglet(s) at {k}.")
        return self.colonists[seat] == 0 and self.new_gg[seat] == 0 and not self.imp_pending[seat]

    def _pub_settle(self, ask: Ask, viewer: int | None) -> dict[str, Any]:
        s = ask.seats[0]
        return {"gorets": self.colonists[s], "gros": self.new_gg[s] + (1 if self.imp_pending[s] else 0)}

    # ---- 1E Extra-Cochons arrival -------------------------------------------------------------
    def _step_ec_arrival(self) -> None:
        self.seq = "1E"
        roller = self.pr if self.pr is not None else self.order[0]
        d8 = self.rng.randint(1, 8)
        self.reveal()
        kind = ec_arrival(d8)
        if kind == "ver" and len(self.devoured) >= MAX_DEVOURED:
            kind = None
        if kind is None:
            self.emit(f"Extra-Cochons : {d8} au D8, aucun ce tour-ci.", f"Extra-Pigs: {d8} on the D8, none this turn.")
            self.phase = "markers"
            return
        n = pirate_count(self.rng.randint(1, 6)) if kind == "pirates" else 1
        n = min(n, EC_TOKENS[kind] - self.ec_count(kind))
        self.emit(f"Extra-Cochons : {d8} au D8, {n} {EC_NAMES[kind][0]} arrivent.",
                  f"Extra-Pigs: {d8} on the D8, {n} {EC_NAMES[kind][1]} arrive.")
        self.phase = "markers"
        if n <= 0:
            return
        if not self.ec_places(kind, n):
            self.emit("Aucune place libre : ils sont éliminés.", "No free place: they are eliminated.")
            return
        self.ask("ec_place", roller, ec=kind, n=n)

    def ec_places(self, kind: str, n: int) -> list[str]:
        out = []
        for k in sorted(self.tiles):
            e = self.ec_at(k)
            if e is None:
                if self.face_up.get(k, True):
                    if self.is_asteroid(k):
                        out.append(k)
                elif TILES[self.tiles[k]].back == "noir":
                    out.append(k)  # exploration: black-family hexes are asteroids, turned when EC land
            elif e["ec"] == kind and e["g"] + n <= EC_MAX_STACK[kind]:
                out.append(k)
        return out

    def _acts_ec_place(self, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "ec_place", "at": k} for k in self.ec_places(ask.data["ec"], ask.data["n"])]

    def _do_ec_place(self, ask: Ask, seat: int, a: Action) -> bool:
        k, kind, n = a["at"], ask.data["ec"], ask.data["n"]
        self.flip(k)
        e = self.ec_at(k)
        if e is None:
            self.stack(k).append(entry(-1, n, 0, kind))
        else:
            e["g"] += n
        self.emit(f"{P(seat)} place les {EC_NAMES[kind][0]} en {k}.", f"{P(seat)} places the {EC_NAMES[kind][1]} at {k}.")
        return True

    # ---- 2A voyage markers -----------------------------------------------------------------
    def _step_markers(self) -> None:
        self.seq = "2A"
        self.ask("markers", list(self.order))
        self.phase = "voyages"

    def markers_revealed(self, answers: dict[int, Action]) -> None:
        self.reveal()
        for s, a in answers.items():
            n = a["n"]
            self.marker[s] = n
            self.markers_left[s].remove(n)
            if not self.markers_left[s]:
                self.markers_left[s] = list(VOYAGE_MARKERS)
        self.emit("Voyages : " + ", ".join(f"{P(s)} {self.marker[s]}" for s in self.order) + ".",
                  "Voyages: " + ", ".join(f"{P(s)} {self.marker[s]}" for s in self.order) + ".")

    # ---- 2B voyages ------------------------------------------------------------------------
    def _step_voyages(self) -> None:
        self.seq = "2B"
        self.ask("window", list(self.order), seq="2B")
        for s in self.order:
            n = 3 if self.simple else (self.marker[s] or 0)
            self.ask("voyage", s, left=n)
            self.ask("window", list(self.order), seq="2B", after=s)
        self.phase = "combats"

    def movable(self, k: str, seat: int) -> tuple[int, int]:
        """Troops of `seat` on `k` free to leave: not yet moved this turn, and not blocked by attackers."""
        e = self.mine(k, seat)
        if e is None:
            return 0, 0
        g, gg = e["g"] - e["mg"], e["gg"] - e["mgg"]
        st = self.stacks[k]
        if st[0] is e:
            blocked = sum(troops(x) for x in st[1:])
            # the blocked troops are the Gorets first, the Gros Gruiks only when no Goret is left
            bg = min(blocked, e["g"])
            bgg = min(blocked - bg, e["gg"])
            g, gg = min(g, e["g"] - bg), min(gg, e["gg"] - bgg)
        return max(g, 0), max(gg, 0)

    def destinations(self, k: str, seat: int, reach: int) -> list[str]:
        """Where troops on `k` may land with a voyage of `reach` planets: adjacent hexes for a plain voyage;
        with a range card, every hex within that many hexes (across empty space too) or that many steps."""
        near = set(self.hop_distances(k, reach))
        if reach > 1:
            h = unkey(k)
            near |= {d for d in self.tiles if distance(h, unkey(d)) <= reach}
        out = []
        for d in sorted(near):
            if d == k or not self.landable(d):
                continue
            if d in self.fete and self.fete[d] != seat:
                continue
            if seat in self.banned.get(d, ()):
                continue
            out.append(d)
        return sorted(out)

    def _acts_voyage(self, ask: Ask, seat: int) -> list[Action]:
        acts: list[Action] = [{"type": "end"}]
        if ask.data["left"] <= 0:
            return acts
        hand = set(self.hands[seat])
        ranges = [(None, 1)] + [(c, r) for c, r in (("transporteur", 2), ("fusee_dorsale", 3), ("fusee", 4),
                                                    ("teleporteur", 99), ("bottes_reaction", 1)) if c in hand]
        if self.power_ok(seat, "pecari_teleport"):
            ranges.append(("pecari_teleport", 99))
        for k in self.hexes_of(seat):
            mg, mgg = self.movable(k, seat)
            if mg + mgg == 0:
                continue
            for card, reach in ranges:
                for d in self.destinations(k, seat, reach):
                    a: Action = {"type": "go", "from": k, "to": d}
                    if card:
                        a["card"] = card
                    acts.append(a)
        if self.simple:
            return acts
        if self.power_ok(seat, "phaco_again") and self.card_targets(seat, "phaco_again", []):
            acts.append({"type": "power", "power": "phaco_again"})
        for c in sorted(hand):
            if ("2B" in CARDS[c].sequences and c not in RANGE_CARDS and (c == "extra_mouve" or c in WINDOW_CARDS["2B"])
                    and self.card_playable(seat, c, "2B")):
                acts.append({"type": "play", "card": c})
        return acts

    def _do_voyage(self, ask: Ask, seat: int, a: Action) -> bool:
        t = a["type"]
        if t == "end":
            return True
        if t == "power":
            self.start_power(seat, a["power"], at=0)
            return False
        if t == "play":
            if a["card"] == "extra_mouve":  # during one's own voyages: one voyage more now
                self.hands[seat].remove("extra_mouve")
                self.discard.append("extra_mouve")
                ask.data["left"] += 1
                self.emit(f"{P(seat)} joue Extra-Mouve : un voyage de plus.", f"{P(seat)} plays Extra-Move: one more voyage.")
                return False
            self.play_card(seat, a["card"], "2B", at=0)
            return False
        ask.data["left"] -= 1
        card = a.get("card")
        if card == "pecari_teleport":
            self.use_power(seat, card)
        elif card:
            self.hands[seat].remove(card)
            self.discard.append(card)
            self.emit(f"{P(seat)} utilise {CARDS[card].name[0]}.", f"{P(seat)} uses {CARDS[card].name[1]}.")
        self.ask("take", seat, at=0, frm=a["from"], to=a["to"], boots=card == "bottes_reaction", hops=1)
        return False

    def _pub_voyage(self, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"left": ask.data["left"]}

    def _acts_take(self, ask: Ask, seat: int) -> list[Action]:
        mg, mgg = self.movable(ask.data["frm"], seat)
        return [{"type": "take", "g": g, "gg": gg} for g in range(mg + 1) for gg in range(mgg + 1) if g + gg > 0]

    def _do_take(self, ask: Ask, seat: int, a: Action) -> bool:
        frm, to = ask.data["frm"], ask.data["to"]
        g, gg = a["g"], a["gg"]
        e = self.mine(frm, seat)
        assert e is not None
        e["g"] -= g
        e["gg"] -= gg
        self.tidy(frm)
        self.land(to, seat, g, gg, moved=True)
        self.emit(f"{P(seat)} voyage de {frm} à {to} avec {g} Goret(s) et {gg} Gros Gruik(s).",
                  f"{P(seat)} travels from {frm} to {to} with {g} Piglet(s) and {gg} Big Gruik(s).")
        if ask.data.get("boots") and ask.data["hops"] < 3:
            self.ask("boots", seat, at=1, at_hex=to, hops=ask.data["hops"])
        return True

    def land(self, k: str, seat: int, g: int, gg: int, moved: bool) -> None:
        self.add_troops(k, seat, g, gg, moved=moved)
        self.flip(k)

    def _acts_boots(self, ask: Ask, seat: int) -> list[Action]:
        k = ask.data["at_hex"]
        e = self.mine(k, seat)
        acts: list[Action] = [{"type": "stop"}]
        if e is None or e["mg"] + e["mgg"] == 0:
            return acts
        return acts + [{"type": "on", "to": d} for d in self.destinations(k, seat, 1)]

    def _do_boots(self, ask: Ask, seat: int, a: Action) -> bool:
        if a["type"] == "stop":
            return True
        k = ask.data["at_hex"]
        self.ask("boots_take", seat, at=1, frm=k, to=a["to"], hops=ask.data["hops"] + 1)
        return True

    def _acts_boots_take(self, ask: Ask, seat: int) -> list[Action]:
        e = self.mine(ask.data["frm"], seat)
        mg, mgg = (e["mg"], e["mgg"]) if e else (0, 0)
        return [{"type": "take", "g": g, "gg": gg} for g in range(mg + 1) for gg in range(mgg + 1) if g + gg > 0]

    def _do_boots_take(self, ask: Ask, seat: int, a: Action) -> bool:
        frm, to = ask.data["frm"], ask.data["to"]
        e = self.mine(frm, seat)
        assert e is not None
        g, gg = a["g"], a["gg"]
        e["g"] -= g
        e["gg"] -= gg
        e["mg"] -= g
        e["mgg"] -= gg
        self.tidy(frm)
        self.land(to, seat, g, gg, moved=True)
        self.emit(f"{P(seat)} continue de {frm} à {to} (Bottes à Réaction).",
                  f"{P(seat)} goes on from {frm} to {to} (Jet Boots).")
        if ask.data["hops"] < 3:
            self.ask("boots", seat, at=1, at_hex=to, hops=ask.data["hops"])
        return True

    # ---- 3A combats, 3B reorganisation ---------------------------------------------------------
    def _step_combats(self) -> None:
        self.seq = "3A"
        for st in self.stacks.values():
            for e in st:
                e["mg"] = e["mgg"] = 0
        if not self.simple:
            self.ask("window", list(self.order), seq="3A")
        self.cursor = 0
        self.phase = "combat_turn"

    def _step_combat_turn(self) -> None:
        """Combats in the order of play: each player resolves every fight where it attacks (in the order of
        arrival on that hex); then whatever is left (Extra-Cochons that arrived on pigs)."""
        while self.cursor < self.players:
            seat = self.order[self.cursor]
            for k in sorted(self.stacks):
                st = self.stacks[k]
                idx = [i for i, e in enumerate(st) if e["s"] == seat]
                if idx and idx[0] > 0:
                    self.start_fight(k, upto=st[idx[0]])
                    return
            self.cursor += 1
        for k in sorted(self.stacks):
            if len(self.stacks[k]) > 1:
                self.start_fight(k, upto=None)
                return
        self.check_eliminations()
        self.cursor = 0
        self.phase = "reorg"

    def _step_reorg(self) -> None:
        self.seq = "3B"
        for s in self.order:
            self.ask("reorg", s)
        self.phase = "after_reorg"

    def _step_after_reorg(self) -> None:
        for st in self.stacks.values():
            for e in st:
                e["mg"] = e["mgg"] = 0
        if self.simple:
            self.phase = "production"
        elif self.turn > 1 and self.pr is not None:
            self.ask("window", list(self.order), seq="3C")
            self.phase = "ec_move"
        else:
            self.phase = "production"

    def _acts_reorg(self, ask: Ask, seat: int) -> list[Action]:
        acts: list[Action] = [{"type": "end"}]
        mine = self.hexes_of(seat)
        for k in mine:
            mg, mgg = self.movable(k, seat)
            if mg + mgg == 0:
                continue
            for d in self.adj[k]:
                if d in mine:
                    acts.append({"type": "go", "from": k, "to": d})
            if self.power_ok(seat, "scrofa_far"):
                acts += [{"type": "go", "from": k, "to": d, "power": "scrofa_far"} for d in mine
                         if d != k and d not in self.adj[k]]
        if not self.simple and "deplacement_planetes" in self.hands[seat] and len(self.tiles) > 1:
            acts.append({"type": "play", "card": "deplacement_planetes"})
        for p in ("babi_recover", "scrofa_swap"):
            if self.power_ok(seat, p) and self.card_targets(seat, p, []):
                acts.append({"type": "power", "power": p})
        return acts

    def _do_reorg(self, ask: Ask, seat: int, a: Action) -> bool:
        if a["type"] == "end":
            return True
        if a["type"] == "play":
            self.play_card(seat, a["card"], "3B", at=0)
            return False
        if a["type"] == "power":
            self.start_power(seat, a["power"], at=0)
            return False
        if a.get("power"):
            self.use_power(seat, a["power"])
        self.ask("take", seat, at=0, frm=a["from"], to=a["to"], boots=False, hops=1)
        return False

    # ---- 3C Extra-Cochons move and fight --------------------------------------------------------
    def _step_ec_move(self) -> None:
        self.seq = "3C"
        ctrl = self.cho if self.used_cho else self.pr
        assert ctrl is not None
        if any(self.ec_at(k) for k in self.stacks):
            self.ask("ec_move", ctrl)
            self.phase = "ec_fight"
        else:
            self.phase = "production"

    def ec_destinations(self, k: str) -> list[str]:
        e = self.ec_at(k)
        assert e is not None
        kind = e["ec"]
        out = []
        for d, dist in self.hop_distances(k, EC_MOVE[kind]).items():
            if dist == 0 or not self.landable(d):
                continue
            other = self.ec_at(d)
            if kind == "ver" and not self.is_planet(d):
                continue
            if other is not None and other["ec"] == kind and other["g"] + e["g"] > EC_MAX_STACK[kind]:
                continue
            out.append(d)
        return sorted(out)

    def _acts_ec_move(self, ask: Ask, seat: int) -> list[Action]:
        acts: list[Action] = [{"type": "stay"}]
        for k in sorted(self.stacks):
            if self.ec_at(k) is not None and len(self.stacks[k]) == 1:
                acts += [{"type": "ec_go", "from": k, "to": d} for d in self.ec_destinations(k)]
        return acts

    def _do_ec_move(self, ask: Ask, seat: int, a: Action) -> bool:
        if a["type"] == "stay":
            self.emit("Les Extra-Cochons ne bougent pas.", "The Extra-Pigs do not move.")
            return True
        frm, to = a["from"], a["to"]
        e = self.ec_at(frm)
        assert e is not None
        self.stacks[frm].remove(e)
        self.tidy(frm)
        self.flip(to)
        kind = e["ec"]
        other = self.ec_at(to)
        self.emit(f"{P(seat)} déplace les {EC_NAMES[kind][0]} de {frm} à {to}.",
                  f"{P(seat)} moves the {EC_NAMES[kind][1]} from {frm} to {to}.")
        if other is not None and other["ec"] == kind:
            other["g"] += e["g"]
        elif kind == "ver" and to not in self.stacks:
            self.devour(to)
        else:
            self.stack(to).append(e)
        return True

    def _step_ec_fight(self) -> None:
        for k in sorted(self.stacks):
            if len(self.stacks[k]) > 1:
                self.start_fight(k, upto=None)
                return
        self.check_eliminations()
        self.phase = "production"

    def devour(self, k: str) -> None:
        if self.is_planet(k) and len(self.devoured) < MAX_DEVOURED:
            self.devoured.append(k)
            self.emit(f"Le Ver des Glands dévore la planète {k} : elle devient un astéroïde.",
                      f"The Acorn Worm devours planet {k}: it becomes an asteroid.")
        e = self.ec_at(k)
        if e is not None and e["ec"] == "ver":
            self.stacks[k].remove(e)
            self.tidy(k)

    # ---- 4A production and victory, 4B governors, 4C election -----------------------------------
    def _step_production(self) -> None:
        self.seq = "4A"
        for s in range(self.players):
            self.production[s] = dict.fromkeys(COLOURS, 0)
        for k, st in self.stacks.items():
            if not st or st[0]["s"] < 0 or len(st) > 1:
                continue
            c = self.colour(k)
            if c is not None:
                self.production[st[0]["s"]][c] += 2 if self.face(k) == "double" else 1
        for s in self.order:
            p = self.production[s]
            self.emit(f"{P(s)} produit {p['rouge']} rouge, {p['jaune']} jaune, {p['bleu']} bleu.",
                      f"{P(s)} produces {p['rouge']} red, {p['jaune']} yellow, {p['bleu']} blue.")
        if self.turn > 1:
            for s in self.order:
                if self.meets_recipe(s):
                    self.winner, self.win_how = s, "recette"
                    self.reveal()
                    self.emit(f"{P(s)} réalise sa Recette Sacrée et gagne la partie !",
                              f"{P(s)} completes their Sacred Recipe and wins the game!")
                    self.phase = "over"
                    return
        if self.simple:
            for s in self.order:
                p = self.production[s]
                self.colonists[s] += sum(p.values())
            self.phase = "place"
            return
        self.phase = "governors"

    def _step_governors(self) -> None:
        self.seq = "4B"
        self.gov = [[0] * self.players for _ in range(self.players)]
        for s in range(self.players):
            bonus = 1 if self.power_ok(s, "porcus_governor") else 0
            self.gov[s][s] = min(GOVERNORS, sum(self.production[s].values()) + bonus)
        self.votes = {}
        self.barred = []
        self.caller = self.pr if self.pr is not None else self.order[0]
        self.emit("Gouverneurs : " + ", ".join(f"{P(s)} {self.gov[s][s]}" for s in self.order) + ".",
                  "Governors: " + ", ".join(f"{P(s)} {self.gov[s][s]}" for s in self.order) + ".")
        self.phase = "election"

    def held(self, s: int) -> int:
        return sum(self.gov[s])

    def gov_free(self, clan: int) -> int:
        return GOVERNORS - sum(self.gov[h][clan] for h in range(self.players))

    def _step_election(self) -> None:
        self.seq = "4C"
        if self.porcus_asked != self.turn and not self.votes:
            self.porcus_asked = self.turn
            for s in self.order:
                if self.power_ok(s, "porcus_bar") and self.power_targets(s, "porcus_bar", []):
                    self.ask("porcus_bar", s)
                    return
        left = [s for s in self.order if str(s) not in self.votes]
        self.ask("window", list(self.order), seq="4C")
        if left:
            self.ask("call", self.caller if self.caller is not None else self.order[0])
            return
        self.phase = "tally"

    def _acts_porcus_bar(self, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "pass"}] + [{"type": "bar", "seat": t} for t in self.power_targets(seat, "porcus_bar", []) or []]

    def _do_porcus_bar(self, ask: Ask, seat: int, a: Action) -> bool:
        if a["type"] == "bar":
            self.use_power(seat, "porcus_bar")
            self.power_effect(seat, "porcus_bar", [a["seat"]])
        return True

    def _acts_call(self, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "call", "voter": s} for s in self.order if str(s) not in self.votes]

    def _do_call(self, ask: Ask, seat: int, a: Action) -> bool:
        self.emit(f"{P(seat)} appelle {P(a['voter'])} à voter.", f"{P(seat)} calls {P(a['voter'])} to vote.")
        self.ask("vote", a["voter"], at=1)
        return True

    def _acts_vote(self, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "vote", "for": c} for c in self.order if c not in self.barred
                and not (c == seat and seat in self.barred)]

    def _do_vote(self, ask: Ask, seat: int, a: Action) -> bool:
        c = a["for"]
        self.votes[str(seat)] = c
        if c != seat:
            self.gov[c][seat] += self.gov[seat][seat]
            self.gov[seat][seat] = 0
        self.emit(f"{P(seat)} vote pour {P(c)}.", f"{P(seat)} votes for {P(c)}.")
        return True

    def _step_tally(self) -> None:
        best = max(self.order, key=lambda s: (self.held(s), -self.order_index(s)))
        self.emit(f"{P(best)} est élu Porc Royal avec {self.held(best)} voix.",
                  f"{P(best)} is elected Royal Pig with {self.held(best)} votes.")
        self.pr = best
        groups: dict[int, list[int]] = {}
        for v, c in self.votes.items():
            groups.setdefault(c, []).append(int(v))
        self.coalitions = [sorted(g) for g in groups.values() if len(g) > 1]
        self.gov = [[0] * self.players for _ in range(self.players)]
        self.phase = "end_turn"

    # ---- end of the turn -------------------------------------------------------------------
    def check_eliminations(self) -> None:
        if self.simple:
            return
        for s in range(self.players):
            if self.eliminated[s]:
                continue
            g, gg = self.troop_count(s)
            if g + gg <= 1:
                for k in list(self.stacks):
                    e = self.mine(k, s)
                    if e is not None:
                        self.kill(k, e, e["g"], e["gg"])
                        self.tidy(k)
                self.eliminated[s] = True
                self.emit(f"{P(s)} est éliminé ; il reviendra au tour suivant avec 5 Gorets.",
                          f"{P(s)} is eliminated; they come back next turn with 5 Piglets.")

    def _step_end_turn(self) -> None:
        for s in range(self.players):
            if self.imp[s]:
                for k in sorted(self.stacks):
                    e = self.mine(k, s)
                    if e is not None and e["gg"] > 0:
                        e["gg"] -= 1
                        self.tidy(k)
                        break
                self.imp[s] = False
                self.emit(f"Le Sourdokoko de {P(s)} retourne auprès de l'Empereur.",
                          f"{P(s)}'s Sourdokoko goes back to the Emperor.")
        self.check_eliminations()
        if self.max_turns and self.turn >= self.max_turns:
            best = min(self.order, key=lambda s: (self.missing(s), self.order_index(s)))
            self.winner, self.win_how = best, "limite"
            self.emit(f"Dernier tour : {P(best)}, le plus proche de sa Recette Sacrée, gagne.",
                      f"Last turn: {P(best)}, the closest to their Sacred Recipe, wins.")
            self.phase = "over"
            return
        self.phase = "turn"

    def _step_over(self) -> None:  # pragma: no cover - is_over stops the loop first
        pass

    # ---- contract ---------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> dict[str, Any] | None:
        if not self.is_over():
            return None
        return {"winners": [self.winner], "how": self.win_how,
                "scores": {str(s): sum(self.production[s].values()) for s in range(self.players)}}

    def _view(self, seat: int | None) -> dict[str, Any]:
        hexes = []
        for k in sorted(self.tiles):
            up = self.face_up.get(k, True)
            t = TILES[self.tiles[k]]
            hexes.append({"at": k, "back": t.back, "face": self.face(k) if up else None,
                          "colour": self.colour(k) if up else None,
                          "troops": [{"seat": e["s"], "ec": e["ec"], "g": e["g"], "gg": e["gg"]}
                                     for e in self.stacks.get(k, [])]})
        return {
            "phase": self.phase, "sequence": self.seq, "turn": self.turn, "rule": "simplifiee" if self.simple else "complete",
            "hexes": hexes, "slots": self.slots() if self.phase == "build" else [], "layout": self.layout,
            "groups": dict(self.group),
            "piles": {f: len(p) for f, p in self.piles.items()},
            "order": list(self.order), "first": self.first, "porc_royal": self.pr,
            "clans": list(self.clans),
            "recipes": [RECIPES[self.recipes[s]] if (self.simple or s == seat or self.is_over()) else None
                        for s in range(self.players)],
            "reserve": [list(r) for r in self.reserve], "sourdokoko": list(self.imp),
            "hands": [{"count": len(h), "cards": sorted(h) if s == seat else None} for s, h in enumerate(self.hands)],
            "deck_count": len(self.deck), "discard_count": len(self.discard),
            "markers_left": [sorted(m) for m in self.markers_left], "marker": list(self.marker),
            "production": [dict(p) for p in self.production],
            "governors": [self.held(s) for s in range(self.players)],
            "votes": dict(self.votes), "barred": list(self.barred), "coalitions": [list(g) for g in self.coalitions],
            "eliminated": list(self.eliminated), "powers": self.powers_on,
            "powers_used": [list(u) for u in self.power_used], "devoured": list(self.devoured), "fete": dict(self.fete),
            "combat": self.combat_public(seat),
            "asks": self.asks_public(seat),
            "cards": card_table(),
        }

    def clone(self, keep_logs: bool = True) -> CochonsEspaceRules:
        c = type(self).__new__(type(self))
        d = c.__dict__
        skip = _SHARED if keep_logs else _SHARED | _LOGS
        for k, v in self.__dict__.items():
            if k not in skip:
                d[k] = copy_json(v) if isinstance(v, (dict, list)) else v
        c.rng = self.rng.copy()
        c.asks = [a.copy() for a in self.asks]
        c.adj = self.adj  # rebuilt, never changed in place
        c.options = self.options
        if keep_logs:
            c.history, c.revealing, c.log = list(self.history), list(self.revealing), list(self.log)
        else:
            c.history, c.revealing, c.log = [], [], []
        return c

    def determinize(self, seat: int, rng: Rng) -> CochonsEspaceRules:
        """Other hands, the deck order and unseen recipes are unknown to `seat`: deal them again."""
        c = self.clone(keep_logs=False)
        c.rng = rng.fork()
        pool = list(c.deck)
        for s in range(self.players):
            if s != seat:
                pool.extend(c.hands[s])
        pool.sort()
        rng.shuffle(pool)
        for s in range(self.players):
            if s != seat:
                k = len(c.hands[s])
                c.hands[s], pool = pool[:k], pool[k:]
        c.deck = pool
        # Hexes not yet seen: the family piles and the face-down hexes, dealt again within each family.
        layer = self.asks[0].seats[0] if self.asks and self.asks[0].kind == "lay" else None
        for f in FAMILIES:
            down = [h for h in sorted(c.tiles) if not c.face_up.get(h, True) and TILES[c.tiles[h]].back == f]
            unseen: list[str] = [c.tiles[h] for h in down] + list(c.piles[f])
            drawn = c.drawn
            held = drawn is not None and layer != seat and TILES[drawn].back == f
            if drawn is not None and held:
                unseen.append(drawn)
            rng.shuffle(unseen)
            for h in down:
                c.tiles[h] = unseen.pop()
            if held:
                c.drawn = unseen.pop()
            c.piles[f] = unseen
        if not self.simple:
            free = [r for r in range(len(RECIPES)) if r != self.recipes[seat]]
            rng.shuffle(free)
            for s in range(self.players):
                if s != seat:
                    c.recipes[s] = free.pop()
        return c

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
        "build": _step_build, "turn": _step_turn, "deal": _step_deal, "colonists_draw": _step_colonists_draw,
        "colonists_in": _step_colonists_in, "order": _step_order, "place": _step_place,
        "ec_arrival": _step_ec_arrival, "markers": _step_markers, "voyages": _step_voyages,
        "combats": _step_combats, "combat_turn": _step_combat_turn, "reorg": _step_reorg,
        "after_reorg": _step_after_reorg, "ec_move": _step_ec_move, "ec_fight": _step_ec_fight,
        "production": _step_production, "governors": _step_governors, "election": _step_election,
        "tally": _step_tally, "end_turn": _step_end_turn, "over": _step_over,
        **Combat.COMBAT_STEPS,
    }
