"""Galaxy Trucker (base game): three flights of real-time building, ship check, crew, flight and scoring.

The turn structure is core.flow: building is one timed ask of every seat (time only as the "t" carried by each
action, the hourglass as actions), the check, crew placement and every flight decision are asks. The adventure
cards' effects are small functions in flight.py. See docs/galaxy-trucker/design.md.
"""
from __future__ import annotations

import copy
from typing import Any, ClassVar

from ...core.flow import MAX_CLOCK_STEP, Ask, FlowState, Kind, Reason
from ...core.options import read_options
from ...core.rng import Rng
from ...core.squaregrid import SIDE_NAMES
from ...core.state import Action, listed
from ...core.text import P, both
from . import ext_choice, ext_machinations, ext_roads
from .data import (
    CARD_NAMES,
    CARDS,
    CARDS_BY_LEVEL,
    CLASSES,
    FLIGHTS,
    GLASS_MS,
    KIND_NAMES,
    PEEKABLE,
    PILES,
    POOL,
    SIDE_WORDS,
    START_TILES,
    TILES,
    TRACK,
    cell_of,
    kname,
)
from .ext_five_cards import KINDS as FIVE_KINDS
from .flight import FLIGHT_KINDS, FLIGHT_STEPS, start_flight
from .ship import Ship
from .words import GOODS_WORDS, en_n, en_names, feminine, fr_n, fr_names, good

Cell = tuple[int, int]

#: What the page needs to draw any component: its kind and its connectors N E S W at rotation 0.
TILE_TABLE = {str(t.id): {"kind": t.kind, "conn": "".join(map(str, t.conn))} for t in TILES.values()}


#: The game's options, declared as data in options.json beside this module (the catalog's shape); the Rough
#: Roads level is bounded by the cards whose text is known (ext_roads.MAX_LEVEL).
OPTIONS = read_options(__package__, max_of={"routes": ext_roads.MAX_LEVEL})

RULINGS = (
    {"fr": "Abandon : les marchandises sont vendues à moitié prix, arrondi au supérieur.",
     "en": "Giving up: goods sell at half price, rounded up."},
    {"fr": "Quand le sablier s'écoule sur « Départ », le composant en main retourne face visible au centre ; les "
           "joueurs qui n'ont pas fini prennent les tuiles d'ordre restantes, dans l'ordre où ils les prennent.",
     "en": "When the hourglass runs out on « Start », a component in hand goes back face up; players who had not "
           "finished take the remaining order tiles, in the order they take them."},
    {"fr": "Le dernier composant posé peut être repris tant qu'on n'a pas pris le suivant (il est soudé ensuite).",
     "en": "The last component placed may be picked up again until the next one is taken (then it is welded)."},
    {"fr": "Les piles de cartes 1 à 3 se regardent une à la fois, par un seul joueur à la fois, main vide et avec "
           "au moins un composant posé ; la pile 4 reste secrète.",
     "en": "Card piles 1 to 3 are looked at one at a time, by one player at a time, with an empty hand and at least "
           "one component placed; pile 4 stays secret."},
    {"fr": "Chaque capsule de batterie dépensée vient de la batterie que son propriétaire choisit ; les marchandises "
           "perdues sont les plus chères d'abord, de la soute de son choix (puis des capsules de batterie, de la "
           "batterie de son choix, quand il n'a plus de marchandises).",
     "en": "Each battery cell spent comes from the battery its owner chooses; goods lost are the most valuable first, "
           "from the hold of the owner's choice (then battery cells, from the battery of their choice, once no goods "
           "are left)."},
    {"fr": "Les crédits peuvent devenir négatifs (composants perdus).",
     "en": "Credits may go below zero (lost components)."},
    {"fr": "L'alien marron (violet) ajoute 2 dès que la force des réacteurs (lasers) sans lui est au-dessus de "
           "zéro : un seul laser simple tourné sur le côté (½) avec un alien violet fait 2½.",
     "en": "The brown (purple) alien adds 2 whenever engine (cannon) strength without it is above zero: a single "
           "side-facing single cannon (½) with a purple alien makes 2½."},
)


# ---- building ------------------------------------------------------------------------------------------------
class Build(Kind):
    """Every seat builds at once; each action carries the clock "t"; the hourglass flips and runs out as actions."""

    label = ("construire votre vaisseau", "build your ship")
    timed = True

    def actions(self, g: GalaxyTruckerRules, ask: Ask, seat: int) -> list[Action]:
        return g.build_actions(seat, g.clock)

    def waiting(self, g: GalaxyTruckerRules, ask: Ask) -> list[int]:
        if g.glass is None:
            return [s for s in range(g.players) if g.order[s] is None]
        return list(range(g.players))

    def accepts(self, g: GalaxyTruckerRules, ask: Ask, seat: int, action: Action) -> bool:
        t = action.get("t")
        if not isinstance(t, int) or isinstance(t, bool) or t < g.clock or t > g.clock + MAX_CLOCK_STEP:
            return False
        return listed(action, g.build_actions(seat, t))  # typed: true is not the rotation 1

    def apply(self, g: GalaxyTruckerRules, ask: Ask, seat: int, action: Action) -> bool:
        g.build_apply(seat, action)
        return g.build_over

    def why(self, g: GalaxyTruckerRules, ask: Ask, seat: int, action: Action) -> Reason | None:
        return g.build_why(seat, action)

    def public(self, g: GalaxyTruckerRules, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"kind": ask.kind, "seats": self.waiting(g, ask)}


class LateOrder(Kind):
    """After the run-out, the seats that had not finished take the remaining order tiles."""

    label = ("prendre une tuile d'ordre", "take an order tile")

    def waiting(self, g: GalaxyTruckerRules, ask: Ask) -> list[int]:
        return [s for s in ask.seats if g.order[s] is None]

    def actions(self, g: GalaxyTruckerRules, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "finish", "order": k} for k in g.free_orders()]

    def apply(self, g: GalaxyTruckerRules, ask: Ask, seat: int, action: Action) -> bool:
        g.take_order(seat, action["order"])
        return not self.waiting(g, ask)


class Fix(Kind):
    """Ship check: every seat with a faulty ship removes components (or keeps one piece) until it is sound."""

    label = ("réparer votre vaisseau", "fix your ship")

    def waiting(self, g: GalaxyTruckerRules, ask: Ask) -> list[int]:
        return [s for s in ask.seats if g.needs_fix(s)]

    def actions(self, g: GalaxyTruckerRules, ask: Ask, seat: int) -> list[Action]:
        ship = g.ships[seat]
        parts = ship.parts()
        if len(parts) > 1:
            return [{"type": "keep", "cell": list(p[0])} for p in parts]
        return [{"type": "remove", "cell": list(c)} for c in ship.error_cells()]

    def apply(self, g: GalaxyTruckerRules, ask: Ask, seat: int, action: Action) -> bool:
        ship = g.ships[seat]
        cell = cell_of(action["cell"])
        assert cell is not None
        if action["type"] == "keep":
            part = next(p for p in ship.parts() if p[0] == cell)
            n = ship.keep_part(part)
            g.emit(f"{P(seat)} garde une partie de son vaisseau ; {fr_n(n, 'composant perdu', 'composants perdus')}.",
                   f"{P(seat)} keeps one piece of the ship; {en_n(n, 'component', 'components')} lost.")
        else:
            tile = ship.tiles[cell][0]
            ship.destroy(cell)
            fr, en = kname(tile)
            g.emit(f"{P(seat)} retire {'une' if feminine(tile) else 'un'} {fr} en défaut (composant perdu).",
                   f"{P(seat)} removes a faulty {en} (component lost).")
        return not self.waiting(g, ask)

    def why(self, g: GalaxyTruckerRules, ask: Ask, seat: int, action: Action) -> Reason | None:
        if len(g.ships[seat].parts()) > 1:
            return ("Votre vaisseau est en morceaux : choisissez la partie à garder.",
                    "Your ship is in pieces: choose the piece to keep.")
        return ("Retirez un composant en défaut (jointure illégale, réacteur ou laser mal placé).",
                "Remove a faulty component (illegal joint, misplaced engine or cannon).")


class Crew(Kind):
    """Crew placement, everyone at once: aliens where a life support allows, then humans everywhere else."""

    label = ("placer votre équipage", "place your crew")

    def waiting(self, g: GalaxyTruckerRules, ask: Ask) -> list[int]:
        done = ask.data.setdefault("done", [])
        return [s for s in ask.seats if s not in done and g.ships[s].alien_choices()]

    def actions(self, g: GalaxyTruckerRules, ask: Ask, seat: int) -> list[Action]:
        out: list[Action] = [{"type": "alien", "cell": list(c), "colour": col}
                             for c, col in g.ships[seat].alien_choices()]
        out.append({"type": "crew_done"})
        return out

    def apply(self, g: GalaxyTruckerRules, ask: Ask, seat: int, action: Action) -> bool:
        if action["type"] == "crew_done":
            ask.data["done"].append(seat)
        else:
            cell = cell_of(action["cell"])
            assert cell is not None
            g.ships[seat].alien[cell] = action["colour"]
            col = {"brown": ("marron", "brown"), "purple": ("violet", "purple")}[action["colour"]]
            g.emit(f"{P(seat)} embarque un alien {col[0]}.", f"{P(seat)} takes a {col[1]} alien aboard.")
        return not self.waiting(g, ask)


# ---- the game --------------------------------------------------------------------------------------------------
# may_end_without_winner: Mauvaises Machinations, whoever cannot repay the loans loses.
class GalaxyTruckerRules(FlowState, game_id="galaxy-trucker", title=both("Galaxy Trucker", "Galaxy Trucker"),
                         players=(2, 4), options_spec=OPTIONS, rulings=RULINGS, helpers=(ext_choice.HELPER,),
                         may_end_without_winner=True, rules_version=3, replays_rules=(1, 2)):
    # Rules v2: an alien's bonus from any strength above zero (v1: at least 1), DECISIONS Galaxy Trucker 5. A v1
    # save replays under v1 (`Ship.alien_from_one`): a legal reading then, and a game in progress is kept.
    # Rules v3: between two flights every seat answers « continue » to the results (`Results`) before the next
    # building starts; v1 and v2 saves, whose logs have no such answers, replay without that step.

    KINDS: ClassVar[dict[str, Kind]] = {}
    STEPS: ClassVar[dict[str, Any]] = {}
    # Set by the expansion's modules when the game starts (ext_machinations.start, ext_roads.start / lift-off):
    loans: list[int]  # loans taken, per seat (Mauvaises Machinations)
    rough_deck: list[str]  # the Rough Roads cards not drawn yet
    rough: list[str]  # the Rough Roads cards in force this flight
    passed: list[str]  # Déjà vu: the adventure cards passed face down this flight
    replayed: bool  # Déjà vu: the passed cards are being flown again

    @classmethod
    def catalog_tables(cls) -> dict[str, Any]:
        """The components (TILE_TABLE) and their kinds' names, the adventure cards (a view names the card in play
        and the pile looked at by their ids), their types' names, the ship's sides and the goods' colours (one good:
        « une marchandise verte », words.py) in words, for web/games/galaxy-trucker.js: sent once with the catalog,
        never in a view."""
        return {"tiles": TILE_TABLE, "kinds": {k: {"fr": fr, "en": en} for k, (fr, en) in KIND_NAMES.items()},
                "cards": {cid: dict(card) for cid, card in CARDS.items()},
                "card_names": {k: {"fr": fr, "en": en} for k, (fr, en) in CARD_NAMES.items()},
                "sides": {side: {"fr": fr, "en": en} for side, (fr, en) in zip(SIDE_NAMES, SIDE_WORDS, strict=True)},
                "goods": {x: both(*good(x)) for x in GOODS_WORDS}}

    def _setup(self) -> None:
        n = self.players
        self.credits = [0] * n
        self.flight_i = -1
        self.over = False
        self.winners: list[int] = []
        self.level_decks = {lvl: list(CARDS_BY_LEVEL[lvl]) for lvl in (1, 2, 3)}
        for lvl in (1, 2, 3):
            self.rng.shuffle(self.level_decks[lvl])
        self.ships: list[Ship] = []
        self.scores: list[list[dict[str, int]]] = []  # per flight, per seat: the credit lines
        ext_roads.setup(self)
        ext_machinations.setup(self)
        self.phase = "start_flight"
        self.run()

    # ---- the flight's parameters --------------------------------------------------------------------------
    @property
    def flight(self) -> Any:
        return FLIGHTS[self.flight_i]

    def class_name(self) -> str:
        name = self.flight.ship_class
        return self.options.get("classe3", "III") if name == "III" else name

    def card_now(self) -> dict[str, Any]:
        """The adventure card being resolved (a decision about a card is open only while one is)."""
        assert self.card is not None, "no adventure card is being resolved"
        return CARDS[self.card]

    def order_of(self, seat: int) -> int:
        """`seat`'s order tile (1 leads), known once building is over."""
        tile = self.order[seat]
        assert tile is not None, f"seat {seat} has no order tile yet"
        return tile

    # ---- steps ---------------------------------------------------------------------------------------------
    def step_start_flight(self) -> None:
        self.flight_i += 1
        n = self.players
        f = self.flight
        self.ships = [Ship(CLASSES[self.class_name()], START_TILES[s]) for s in range(n)]
        for ship in self.ships:
            ship.alien_from_one = self.rules == 1
        self.facedown = list(POOL)
        self.faceup: list[int] = []
        self.hand: list[int | None] = [None] * n
        self.hand_from: list[str] = [""] * n
        self.last: list[Cell | None] = [None] * n  # the last placed component, not welded yet
        self.last_from: list[str] = [""] * n
        self.peek: list[int | None] = [None] * n
        self.seen: list[list[int]] = [[] for _ in range(n)]  # card piles each seat has looked at
        self.order: list[int | None] = [None] * n
        self.piles = [[self.level_decks[lvl].pop() for lvl in f.pile] for _ in range(PILES)]
        self.build_over = False
        self.t0 = self.clock
        self.glass: dict[str, int] | None = None if self.options.get("detendu") else {"circle": 0, "since": self.clock}
        # flight state (set when the flight starts)
        self.pos: list[int] = [0] * n
        self.out: list[bool] = [False] * n  # gave up this flight
        self.earned: list[int] = [0] * n  # credits earned from cards this flight
        self.deck: list[str] = []
        self.card: str | None = None
        self.last_card: str | None = None  # the card drawn last this flight (kept in view once resolved)
        self.cur: dict[str, Any] = {}
        self.emit(f"Vol {f.number} : construction des vaisseaux de classe {self.class_name()}.",
                  f"Flight {f.number}: building class {self.class_name()} ships.")
        ext_roads.draw(self)
        self.ask("build", list(range(n)))
        self.phase = "after_build"

    def step_after_build(self) -> None:
        late = [s for s in range(self.players) if self.order[s] is None]
        self.phase = "check"
        if late:
            self.ask("late_order", late)

    def step_check(self) -> None:
        for s, ship in enumerate(self.ships):
            if ship.aside:
                n = len(ship.aside)
                self.emit(f"{P(s)} perd {fr_n(n, 'composant mis', 'composants mis')} de côté.",
                          f"{P(s)} loses {en_n(n, 'component', 'components')} set aside.")
                ship.lost.extend(ship.aside)
                ship.aside.clear()
        self.phase = "crew"
        if any(self.needs_fix(s) for s in range(self.players)):
            self.ask("fix", list(range(self.players)))

    def step_crew(self) -> None:
        self.phase = "launch"
        self.ask("crew", list(range(self.players)))

    def step_launch(self) -> None:
        for ship in self.ships:
            ship.fill()
        start_flight(self)

    # ---- building: what may be done at time t ---------------------------------------------------------------
    def glass_expires(self) -> int | None:
        return None if self.glass is None else self.glass["since"] + GLASS_MS

    def glass_last(self) -> bool:
        return self.glass is not None and self.glass["circle"] == self.flight.runs - 1

    def free_orders(self) -> list[int]:
        taken = {o for o in self.order if o is not None}
        return [k for k in range(1, self.players + 1) if k not in taken]

    def placed(self, seat: int) -> int:
        """Components placed besides the starting cabin."""
        return len(self.ships[seat].tiles) - (1 if self.ships[seat].cls.start is not None else 0)

    def build_actions(self, seat: int, t: int) -> list[Action]:
        out: list[Action] = []
        exp = self.glass_expires()
        if self.glass is not None and exp is not None and t >= exp:
            if self.glass_last():
                return [{"type": "time_up", "t": t}]
            nxt = self.glass["circle"] + 1
            if nxt < self.flight.runs - 1 or self.order[seat] is not None:
                out.append({"type": "flip", "t": t})
        if self.order[seat] is not None:
            # A finished seat stays in the race against the clock (it may turn the hourglass once it runs out):
            # meanwhile it can only let time pass.
            return out or [{"type": "wait", "t": t}]
        ship = self.ships[seat]
        hand = self.hand[seat]
        if self.peek[seat] is not None:
            out.append({"type": "unpeek", "t": t})
            return out
        if hand is not None:
            for cell, rot in ship.placements(hand):
                out.append({"type": "place", "cell": list(cell), "rot": rot, "t": t})
            if self.hand_from[seat] != "aside":
                out.append({"type": "return", "t": t})
            if len(ship.aside) < ship.cls.aside:
                out.append({"type": "aside", "t": t})
            return out
        if self.facedown:
            out.append({"type": "take", "t": t})
        for tile in self.faceup:
            out.append({"type": "take_up", "tile": tile, "t": t})
        for tile in ship.aside:
            out.append({"type": "take_aside", "tile": tile, "t": t})
        if self.last[seat] is not None:
            out.append({"type": "lift", "t": t})
        if self.placed(seat) >= 1:
            busy = {p for p in self.peek if p is not None}
            for i in range(PEEKABLE):
                if i not in busy:
                    out.append({"type": "peek", "pile": i, "t": t})
        for k in self.free_orders():
            out.append({"type": "finish", "order": k, "t": t})
        return out

    def build_why(self, seat: int, action: Action) -> Reason | None:
        typ = action.get("type")
        t = action["t"]
        exp = self.glass_expires()
        if typ in ("flip", "time_up"):
            if self.glass is None:
                return ("Pas de sablier en mode détendu.", "No hourglass in relaxed mode.")
            if exp is not None and t < exp:
                return (f"Le sablier n'est pas encore écoulé (encore {(exp - t + 999) // 1000} s).",
                        f"The hourglass has not run out yet ({(exp - t + 999) // 1000} s left).")
            if typ == "flip" and self.glass_last():
                return ("Le sablier est sur « Départ » : la construction est finie.",
                        "The hourglass is on « Start »: building is over.")
            if typ == "flip":
                return ("Seul un joueur qui a fini peut retourner le sablier sur « Départ ».",
                        "Only a player who has finished may turn the hourglass onto « Start ».")
            return ("Le sablier n'est pas sur « Départ ».", "The hourglass is not on « Start ».")
        if self.glass_last() and exp is not None and t >= exp:
            return ("Le sablier est écoulé sur « Départ » : la construction est finie.",
                    "The hourglass has run out on « Start »: building is over.")
        if self.order[seat] is not None:
            return ("Vous avez fini votre vaisseau.", "You have finished your ship.")
        if typ == "wait":
            return ("Attendre n'a de sens qu'une fois votre vaisseau fini.",
                    "Waiting only makes sense once your ship is finished.")
        hand = self.hand[seat]
        ship = self.ships[seat]
        if self.peek[seat] is not None and typ != "unpeek":
            return ("Reposez d'abord la pile de cartes que vous regardez.",
                    "First put back the card pile you are looking at.")
        if typ in ("take", "take_up", "take_aside", "peek", "finish", "lift") and hand is not None:
            return ("Vous avez déjà un composant en main : posez-le, rendez-le ou mettez-le de côté.",
                    "You already hold a component: place it, return it or set it aside.")
        if typ in ("place", "return", "aside") and hand is None:
            return ("Vous n'avez pas de composant en main.", "You hold no component.")
        if typ == "take":
            return ("Il n'y a plus de composant face cachée.", "No face-down component is left.")
        if typ == "take_up":
            return ("Ce composant n'est pas face visible au centre.", "That component is not face up in the middle.")
        if typ == "take_aside":
            return ("Ce composant n'est pas dans vos composants mis de côté.",
                    "That component is not among those you set aside.")
        if typ == "lift":
            return ("Le dernier composant posé est déjà soudé.", "The last component placed is already welded.")
        if typ == "return":
            return ("Un composant mis de côté ne retourne pas au centre.",
                    "A component set aside cannot go back to the middle.")
        if typ == "aside":
            return (f"Vous avez déjà {ship.cls.aside} composants de côté.",
                    f"You already have {ship.cls.aside} components set aside.")
        if typ == "unpeek":
            return ("Vous ne regardez aucune pile.", "You are not looking at any pile.")
        if typ == "peek":
            pile = action.get("pile")
            if self.placed(seat) < 1:
                return ("Posez d'abord au moins un composant.", "First place at least one component.")
            if pile == PEEKABLE:
                return ("La quatrième pile reste secrète.", "The fourth pile stays secret.")
            if pile in self.peek:
                return ("Un autre joueur regarde cette pile.", "Another player is looking at that pile.")
            return ("Pile inconnue.", "Unknown pile.")
        if typ == "finish":
            return ("Cette tuile d'ordre est déjà prise.", "That order tile is taken.")
        if typ == "place":
            cell = cell_of(action.get("cell"))
            rot = action.get("rot")
            if cell is None or rot not in (0, 1, 2, 3):
                return ("Case ou rotation mal formée.", "Malformed cell or rotation.")
            if cell not in ship.cls.cells:
                return ("Cette case n'est pas sur votre plateau.", "That cell is not on your board.")
            if cell in ship.tiles:
                return ("Cette case est occupée.", "That cell is taken.")
            return ("Le composant doit être relié au vaisseau par au moins un connecteur compatible.",
                    "The component must join the ship through at least one matching connector.")
        return None

    def build_apply(self, seat: int, a: Action) -> None:
        typ = a["type"]
        ship = self.ships[seat]
        if typ == "flip":
            assert self.glass is not None
            self.glass = {"circle": self.glass["circle"] + 1, "since": a["t"]}
            last = self.glass_last()
            self.emit(f"{P(seat)} retourne le sablier" + (" sur « Départ »." if last else "."),
                      f"{P(seat)} turns the hourglass" + (" onto « Start »." if last else "."))
            return
        if typ == "wait":
            return
        if typ == "time_up":
            self.emit("Le sablier est écoulé : fin de la construction.", "The hourglass has run out: building ends.")
            for s in range(self.players):
                if self.hand[s] is not None:
                    self.faceup.append(self.hand[s])  # type: ignore[arg-type]
                    self.hand[s] = None
                self.peek[s] = None
                self.last[s] = None
            self.build_over = True
            return
        if typ in ("take", "take_up", "take_aside", "peek", "finish"):
            self.last[seat] = None  # the previous component is welded
        if typ == "take":
            drawn = self.facedown.pop(self.rng.below(len(self.facedown)))
            self.hand[seat], self.hand_from[seat] = drawn, "pile"
            fr, en = kname(drawn)
            self.emit(f"{P(seat)} pioche : {fr}.", f"{P(seat)} draws: {en}.")
        elif typ == "take_up":
            self.faceup.remove(a["tile"])
            self.hand[seat], self.hand_from[seat] = a["tile"], "up"
        elif typ == "take_aside":
            ship.aside.remove(a["tile"])
            self.hand[seat], self.hand_from[seat] = a["tile"], "aside"
        elif typ == "place":
            cell = (a["cell"][0], a["cell"][1])
            tile = self.hand[seat]
            assert tile is not None
            ship.put(cell, tile, a["rot"])
            self.hand[seat] = None
            self.last[seat], self.last_from[seat] = cell, self.hand_from[seat]
        elif typ == "lift":
            lifted = self.last[seat]
            assert lifted is not None
            self.hand[seat], self.hand_from[seat] = ship.take_off(lifted), self.last_from[seat]
            self.last[seat] = None
        elif typ == "return":
            self.faceup.append(self.hand[seat])  # type: ignore[arg-type]
            self.hand[seat] = None
        elif typ == "aside":
            ship.aside.append(self.hand[seat])  # type: ignore[arg-type]
            self.hand[seat] = None
        elif typ == "peek":
            self.peek[seat] = a["pile"]
            if a["pile"] not in self.seen[seat]:
                self.seen[seat].append(a["pile"])
            self.emit(f"{P(seat)} regarde la pile de cartes {a['pile'] + 1}.",
                      f"{P(seat)} looks at card pile {a['pile'] + 1}.")
        elif typ == "unpeek":
            self.peek[seat] = None
        elif typ == "finish":
            self.take_order(seat, a["order"])
            if all(o is not None for o in self.order):
                self.build_over = True

    def take_order(self, seat: int, k: int) -> None:
        self.order[seat] = k
        self.emit(f"{P(seat)} a fini et prend la tuile d'ordre {k}.", f"{P(seat)} has finished and takes order tile {k}.")

    def needs_fix(self, seat: int) -> bool:
        ship = self.ships[seat]
        return len(ship.parts()) > 1 or bool(ship.errors())

    # ---- the end -------------------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.over

    def result(self) -> dict[str, Any] | None:
        if not self.over:
            return None
        return {"winners": list(self.winners), "scores": {str(s): c for s, c in enumerate(self.credits)}}

    def step_end(self) -> None:
        losers = ext_machinations.repay_all(self)
        ranked = [s for s in range(self.players) if s not in losers]
        self.over = True
        if not ranked:
            self.winners = []
            self.emit("Fin de la partie : personne ne gagne.", "Game over: nobody wins.")
            return
        best = max(self.credits[s] for s in ranked)
        self.winners = [s for s in ranked if self.credits[s] == best]
        names = [P(s) for s in self.winners]
        one = len(names) == 1
        self.emit(f"Fin de la partie : {fr_names(names)} {'gagne' if one else 'gagnent'} avec "
                  f"{fr_n(best, 'crédit', 'crédits')}.",
                  f"Game over: {en_names(names)} {'wins' if one else 'win'} with {en_n(best, 'credit', 'credits')}.")

    def _due(self) -> dict[str, Any] | None:
        """While building, the last hourglass's run-out: « time_up » once the clock reaches its end (the page sends
        it at its own clock reading, in "t")."""
        if not (self.asks and self.asks[0].kind == "build" and self.glass_last()):
            return None
        return {"action": {"type": "time_up"}, "at": self.glass_expires()}

    # ---- views ---------------------------------------------------------------------------------------------
    def _view(self, seat: int | None) -> dict[str, Any]:
        n = self.players
        v: dict[str, Any] = {
            "phase": self.phase,
            "flight": self.flight.number,
            "ship_class": self.class_name(),
            "clock": self.clock,
            "credits": list(self.credits),
            "ships": [s.view() for s in self.ships],
            "asks": self.asks_public(seat),
            "scores": copy.deepcopy(self.scores),
        }
        building = bool(self.asks) and self.asks[0].kind == "build"
        v["building"] = {
            "facedown": len(self.facedown),
            "faceup": list(self.faceup),
            "hand": list(self.hand),
            "last": [list(c) if c else None for c in self.last],
            "peek": list(self.peek),
            "order": list(self.order),
            "glass": None if self.glass is None else {
                "circle": self.glass["circle"], "since": self.glass["since"], "runs": self.flight.runs,
                "expires": self.glass["since"] + GLASS_MS},
            "piles": [len(p) for p in self.piles],
        } if building or self.phase in ("after_build", "check", "crew") else None
        looking = self.peek[seat] if seat is not None and 0 <= seat < n else None
        if looking is not None and building:
            v["pile_seen"] = {"pile": looking, "cards": list(self.piles[looking])}
        v["track"] = {"spaces": TRACK, "pos": list(self.pos), "out": list(self.out),
                      "order": self.flight_order() if self.deck or self.card else []}
        v["card"] = self.card
        v["last_card"] = self.last_card
        v["cards_left"] = len(self.deck)
        v["cur"] = copy.deepcopy(self.cur)
        v["summary"] = [self.summary(s) for s in range(n)]
        if ext_roads.level(self):
            v["rough_roads"] = ext_roads.view(self)
        if ext_machinations.active(self):
            v["loans"] = ext_machinations.view(self)
        return v

    def summary(self, seat: int) -> dict[str, Any]:
        ship = self.ships[seat]
        _free, doubles = ship.engine_parts()
        _cfree, cdoubles = ship.cannon_parts()
        return {"engine": [ship.engine_strength(0), ship.engine_strength(doubles)],
                "cannon": [ship.cannon_strength(0), ship.cannon_strength(len(cdoubles))],
                "crew": ship.crew_total(), "batteries": ship.batteries(), "exposed": ship.exposed(),
                "goods": "".join(ship.all_goods()), "errors": [list(c) for c in ship.error_cells()],
                "faults": ship.faults()}

    def flight_order(self) -> list[int]:
        """Flying seats, the leader (furthest ahead) first."""
        return sorted((s for s in range(self.players) if not self.out[s]), key=lambda s: -self.pos[s])

    # ---- search support ------------------------------------------------------------------------------------
    def clone(self) -> GalaxyTruckerRules:
        c = type(self).__new__(type(self))
        d = dict(self.__dict__)
        for k in ("history", "revealing", "log", "rng", "ships", "asks"):
            d.pop(k)
        c.__dict__.update(copy.deepcopy(d))
        c.ships = [s.clone() for s in self.ships]
        c.rng = self.rng.copy()
        c.history = list(self.history)
        c.revealing = list(self.revealing)
        c.log = list(self.log)
        self.copy_flow_into(c)
        return c

    def determinize(self, seat: int, rng: Rng) -> GalaxyTruckerRules:
        """A copy in which the unseen cards (piles `seat` has not looked at, the flight deck, the level decks) are
        shuffled among themselves; the face-down components are drawn at random anyway."""
        c = self.clone()
        c.rng = rng.fork()
        hidden = [i for i in range(PILES) if i not in self.seen[seat]] if self.piles else []
        for lvl in (1, 2, 3):
            pool = list(c.level_decks[lvl])
            slots: list[tuple[int, int]] = []
            for i in hidden:
                for j, cid in enumerate(c.piles[i]):
                    if cid.startswith(f"L{lvl}-"):
                        pool.append(cid)
                        slots.append((i, j))
            rng.shuffle(pool)
            for i, j in slots:
                c.piles[i][j] = pool.pop()
            c.level_decks[lvl] = pool
        rng.shuffle(c.deck)
        return c


GalaxyTruckerRules.KINDS = {"build": Build(), "late_order": LateOrder(), "fix": Fix(), "crew": Crew(), **FLIGHT_KINDS,
                            **FIVE_KINDS}
GalaxyTruckerRules.STEPS = {
    "start_flight": GalaxyTruckerRules.step_start_flight,
    "after_build": GalaxyTruckerRules.step_after_build,
    "check": GalaxyTruckerRules.step_check,
    "crew": GalaxyTruckerRules.step_crew,
    "launch": GalaxyTruckerRules.step_launch,
    "end": GalaxyTruckerRules.step_end,
    **FLIGHT_STEPS,
}

__all__ = ["OPTIONS", "RULINGS", "TILE_TABLE", "GalaxyTruckerRules"]
