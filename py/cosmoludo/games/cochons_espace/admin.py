"""Les Cochons de l'Espace — Phase 1 and 2A: cards, coalition swaps, colonists, order of play, placement, Extra-Cochons arrival, voyage markers."""

from typing import Any

from ...core.flow import Ask
from ...core.pile import draw as pile_draw
from ...core.state import Action
from ...core.text import P, n_noun
from .board import entry
from .data import (
    COLON,
    COLONIST_DRAW,
    COLONIST_TOKENS,
    EC_BAND,
    EC_MAX_STACK,
    EC_NAMES,
    EC_NOUNS,
    EC_TOKENS,
    GORET,
    MAX_DEVOURED,
    TILES,
    VOYAGE_MARKERS,
    ec_arrival,
    pirate_count,
)

#: Swap offers a seat may make each turn (a ruling: the rulebook sets no number; it keeps a game finite).
SWAP_OFFERS = 3


class Admin:
    """Mixin of CochonsEspaceRules."""

    # ---- the turn --------------------------------------------------------------------------
    def _step_turn(self: Any) -> None:
        self.seq = "1A"
        self.turn += 1
        self.emit(f"— Tour {self.turn} —", f"— Turn {self.turn} —")
        self.fete = dict[str, int]()
        self.banned = dict[str, list[int]]()
        self.power_used = [list[str]() for _ in range(self.players)]
        self.killed = [0] * self.players
        self.promoted = [False] * self.players
        self.swaps_made = [0] * self.players
        self.used_cho = False
        if self.turn > 1:
            for s in self.order:
                self.ask("discard", s)
        self.phase = "deal"

    def _acts_discard(self: Any, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "keep"}] + [{"type": "discard", "card": c} for c in sorted(set(self.hands[seat]))]

    def _do_discard(self: Any, ask: Ask, seat: int, a: Action) -> bool:
        if a["type"] == "keep":
            return True
        self.hands[seat].remove(a["card"])
        self.discard.append(a["card"])
        self.emit(f"{P(seat)} défausse une carte.", f"{P(seat)} discards a card.")
        return not self.hands[seat]

    def _step_deal(self: Any) -> None:
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
                if self.can_trade(s):
                    self.ask("swap", s)
        if self.simple:
            self.phase = "voyages"
        else:
            self.phase = "colonists_draw" if self.turn > 1 and self.pr is not None else "order"

    def allies(self: Any, seat: int) -> list[int]:
        for group in self.coalitions:
            if seat in group:
                return [s for s in group if s != seat]
        return []

    # ---- coalition card swaps « à n'importe quel moment du jeu » -------------------------------
    # Offered after the deal (1A), as a « trade » answer of every card window (1B, 2B, 3A, 3C, 4C) and
    # during one's own voyages and reorganisation; one card for one card, the ally accepts or refuses.
    def tradable(self: Any, seat: int) -> list[str]:
        """The cards `seat` may give: its hand but a card it has already sealed in the open window (none while
        it sits out the turn of its elimination)."""
        if self.out_this_turn(seat):
            return []
        hand = list(self.hands[seat])
        for a in self.asks:
            if a.kind == "window":
                mine = a.data.get("sealed", {}).get(str(seat))
                if mine is not None and mine.get("type") == "play" and mine["card"] in hand:
                    hand.remove(mine["card"])
        return sorted(set(hand))

    def can_trade(self: Any, seat: int) -> bool:
        """A coalition (full rule, from turn 2), offers left this turn, a card to give and an ally holding one
        (a clan eliminated this turn has none to give nor take: `tradable`)."""
        return (not self.simple and self.turn > 1 and self.swaps_made[seat] < SWAP_OFFERS
                and bool(self.tradable(seat))
                and any(self.tradable(s) for s in self.allies(seat)))

    def why_no_trade(self: Any, seat: int, a: Action) -> tuple[str, str] | None:
        """Why a « trade » or an « offer » is refused (None: no reason of the swaps' own)."""
        if self.simple:
            return ("La règle simplifiée n'a pas de coalitions : pas d'échange de cartes.",
                    "The simplified rule has no coalitions: no card swaps.")
        if self.turn <= 1:
            return "Pas d'échange de cartes au premier tour.", "No card swaps on the first turn."
        if self.out_this_turn(seat):
            return ("Votre clan est éliminé : il n'échange plus de cartes avant son retour au tour suivant.",
                    "Your clan is eliminated: it swaps no cards until it comes back next turn.")
        allies = self.allies(seat)
        if not allies or (a["type"] == "offer" and a.get("to") not in allies):
            return ("On n'échange des cartes qu'entre joueurs d'une même coalition (le même vote au tour précédent).",
                    "Cards are swapped only inside a coalition (the same vote last turn).")
        if self.swaps_made[seat] >= SWAP_OFFERS:
            return (f"Vous avez déjà proposé {SWAP_OFFERS} échanges ce tour-ci.",
                    f"You have already offered {SWAP_OFFERS} swaps this turn.")
        if not self.tradable(seat) or (a["type"] == "offer" and a.get("card") not in self.tradable(seat)):
            return ("Vous n'avez pas cette carte à échanger (une carte déjà jouée face cachée ne s'échange pas).",
                    "You have no such card to swap (a card already played face down is not swapped).")
        if a["type"] == "offer" and self.out_this_turn(a["to"]):
            return ("Cet allié est éliminé : il n'échange plus de cartes ce tour-ci.",
                    "That ally is eliminated: it swaps no cards this turn.")
        if not any(self.tradable(t) for t in allies) or (a["type"] == "offer" and not self.tradable(a["to"])):
            return "Votre allié n'a pas de carte à échanger.", "Your ally has no card to swap."
        return None

    def start_trade(self: Any, seat: int) -> None:
        """A seat breaks off (a window, its voyages, its reorganisation) to offer swaps: asked in front."""
        self.ask("swap", seat, at=0)

    def _acts_swap(self: Any, ask: Ask, seat: int) -> list[Action]:
        acts: list[Action] = [{"type": "done"}]
        if self.swaps_made[seat] < SWAP_OFFERS:
            acts += [{"type": "offer", "to": s, "card": c} for s in self.allies(seat) if self.tradable(s)
                     for c in self.tradable(seat)]
        return acts

    def _do_swap(self: Any, ask: Ask, seat: int, a: Action) -> bool:
        if a["type"] == "done":
            return True
        self.swaps_made[seat] += 1
        self.emit(f"{P(seat)} propose un échange de carte à {P(a['to'])}.",
                  f"{P(seat)} offers {P(a['to'])} a card swap.")
        self.ask("swap_reply", a["to"], at=0, by=seat, card=a["card"])
        return False

    def _acts_swap_reply(self: Any, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "refuse"}] + [{"type": "accept", "card": c} for c in self.tradable(seat)]

    def _do_swap_reply(self: Any, ask: Ask, seat: int, a: Action) -> bool:
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

    def _pub_swap_reply(self: Any, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"by": ask.data["by"], "card": ask.data["card"] if viewer in (ask.seats[0], ask.data["by"]) else None}

    # ---- 1B colonists ----------------------------------------------------------------------
    def _step_colonists_draw(self: Any) -> None:
        self.seq = "1B"
        bag = list(COLONIST_TOKENS)
        self.rng.shuffle(bag)
        self.tokens = sorted(bag[:COLONIST_DRAW[self.players]])
        self.given = [list[int]() for _ in range(self.players)]
        self.reveal()
        assert self.pr is not None
        self.emit(f"Le Porc Royal {P(self.pr)} tire {len(self.tokens)} pions colons.",
                  f"The Royal Pig {P(self.pr)} draws {len(self.tokens)} settler tokens.")
        self.emit(f"Pions colons : {', '.join(map(str, self.tokens))}.", f"Settler tokens: "
                  f"{', '.join(map(str, self.tokens))}.", to=[self.pr])
        self.ask("give", self.pr)
        self.ask("window", list(self.order), seq="1B")
        self.phase = "colonists_in"

    def _acts_give(self: Any, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "give", "value": v, "to": s} for v in sorted(set(self.tokens))
                for s in self.order if len(self.given[s]) < 2]

    def _do_give(self: Any, ask: Ask, seat: int, a: Action) -> bool:
        self.tokens.remove(a["value"])
        self.given[a["to"]].append(a["value"])
        self.emit(f"Le Porc Royal donne un pion colon à {P(a['to'])}.", f"The Royal Pig gives {P(a['to'])} a settler token.")
        return not self.tokens

    def _step_colonists_in(self: Any) -> None:
        for s in range(self.players):
            if self.given[s]:
                self.colonists[s] += sum(self.given[s])
                fr, en = n_noun(sum(self.given[s]), COLON)
                self.emit(f"{P(s)} reçoit {fr}.", f"{P(s)} receives {en}.", to=[s])
        self.given = [list[int]() for _ in range(self.players)]
        self.phase = "order"

    # ---- 1C order of play --------------------------------------------------------------------
    def _step_order(self: Any) -> None:
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

    def rank_by_d6(self: Any, seats: list[int]) -> list[int]:
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
    def _step_place(self: Any) -> None:
        self.seq = "E" if self.simple else "1D"
        for s in self.order:
            if self.eliminated[s]:
                self.ask("start", s)
        for s in self.order:
            if self.colonists[s] or self.new_gg[s] or self.imp_pending[s] or self.eliminated[s]:
                self.ask("settle", s)
        self.phase = "ec_arrival" if not self.simple else "end_turn"

    def _settle_hexes(self: Any, seat: int) -> list[str]:
        return self.hexes_of(seat)

    def _acts_settle(self: Any, ask: Ask, seat: int) -> list[Action]:
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

    def _do_settle(self: Any, ask: Ask, seat: int, a: Action) -> bool:
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
            fr, en = n_noun(m, GORET)
            self.emit(f"{P(seat)} place {fr} en {k}.", f"{P(seat)} places {en} at {k}.")
        return self.colonists[seat] == 0 and self.new_gg[seat] == 0 and not self.imp_pending[seat]

    def _pub_settle(self: Any, ask: Ask, viewer: int | None) -> dict[str, Any]:
        s = ask.seats[0]
        return {"gorets": self.colonists[s], "gros": self.new_gg[s] + (1 if self.imp_pending[s] else 0)}

    # ---- 1E Extra-Cochons arrival -------------------------------------------------------------
    def _step_ec_arrival(self: Any) -> None:
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
        fr, en = n_noun(n, EC_NOUNS[kind])
        self.emit(f"Extra-Cochons : {d8} au D8, {fr} arrive{'nt' if n > 1 else ''}.",
                  f"Extra-Pigs: {d8} on the D8, {en} arrive{'' if n > 1 else 's'}.")
        self.phase = "markers"
        if n <= 0:
            return
        if not self.ec_places(kind, n):
            self.emit("Aucune place libre : ils sont éliminés.", "No free place: they are eliminated.")
            return
        self.ask("ec_place", roller, ec=kind, n=n)

    def ec_places(self: Any, kind: str, n: int) -> list[str]:
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

    def _acts_ec_place(self: Any, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "ec_place", "at": k} for k in self.ec_places(ask.data["ec"], ask.data["n"])]

    def _do_ec_place(self: Any, ask: Ask, seat: int, a: Action) -> bool:
        k, kind, n = a["at"], ask.data["ec"], ask.data["n"]
        self.flip(k)
        e = self.ec_at(k)
        if e is None:
            self.stack(k).append(entry(-1, n, 0, kind))
        else:
            e["g"] += n
        self.emit(f"{P(seat)} place {'les' if EC_BAND[kind] else 'le'} {EC_NAMES[kind][0]} en {k}.",
                  f"{P(seat)} places the {EC_NAMES[kind][1]} at {k}.")
        return True

    # ---- 2A voyage markers -----------------------------------------------------------------
    def _step_markers(self: Any) -> None:
        self.seq = "2A"
        self.ask("markers", list(self.order))
        self.phase = "voyages"

    def markers_revealed(self: Any, answers: dict[int, Action]) -> None:
        self.reveal()
        for s, a in answers.items():
            n = a["n"]
            self.marker[s] = n
            self.markers_left[s].remove(n)
            if not self.markers_left[s]:
                self.markers_left[s] = list(VOYAGE_MARKERS)
        self.emit("Voyages : " + ", ".join(f"{P(s)} {self.marker[s]}" for s in self.order) + ".",
                  "Voyages: " + ", ".join(f"{P(s)} {self.marker[s]}" for s in self.order) + ".")
