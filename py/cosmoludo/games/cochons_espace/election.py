"""Les Cochons de l'Espace — Phase 4: production and victory, governors, the election; eliminations and the end of the turn."""

from typing import Any

from ...core.flow import Ask
from ...core.state import Action
from ...core.text import P, adj_fr
from .data import (
    COLOURS,
    GOVERNORS,
)


class Election:
    """Mixin of CochonsEspaceRules."""

    # ---- 4A production and victory, 4B governors, 4C election -----------------------------------
    def _step_production(self: Any) -> None:
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
            self.emit(f"{P(s)} produit des glands : " + ", ".join(
                f"{p[c]} {adj_fr(c, False, p[c] > 1)}" for c in COLOURS) + ".",
                f"{P(s)} produces acorns: {p['rouge']} red, {p['jaune']} yellow, {p['bleu']} blue.")
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

    def _step_governors(self: Any) -> None:
        self.seq = "4B"
        self.gov = [[0] * self.players for _ in range(self.players)]
        for s in range(self.players):
            bonus = 1 if self.power_ok(s, "porcus_governor") else 0
            self.gov[s][s] = min(GOVERNORS, sum(self.production[s].values()) + bonus)
        self.votes = dict[str, int]()
        self.barred = list[int]()
        self.caller = self.pr if self.pr is not None else self.order[0]
        self.emit("Gouverneurs : " + ", ".join(f"{P(s)} {self.gov[s][s]}" for s in self.order) + ".",
                  "Governors: " + ", ".join(f"{P(s)} {self.gov[s][s]}" for s in self.order) + ".")
        self.phase = "election"

    def held(self: Any, s: int) -> int:
        return sum(self.gov[s])

    def gov_free(self: Any, clan: int) -> int:
        return GOVERNORS - sum(self.gov[h][clan] for h in range(self.players))

    def _step_election(self: Any) -> None:
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

    def _acts_porcus_bar(self: Any, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "pass"}] + [{"type": "bar", "seat": t} for t in self.power_targets(seat, "porcus_bar", []) or []]

    def _do_porcus_bar(self: Any, ask: Ask, seat: int, a: Action) -> bool:
        if a["type"] == "bar":
            self.use_power(seat, "porcus_bar")
            self.power_effect(seat, "porcus_bar", [a["seat"]])
        return True

    def _acts_call(self: Any, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "call", "voter": s} for s in self.order if str(s) not in self.votes]

    def _do_call(self: Any, ask: Ask, seat: int, a: Action) -> bool:
        self.emit(f"{P(seat)} appelle {P(a['voter'])} à voter.", f"{P(seat)} calls {P(a['voter'])} to vote.")
        self.ask("vote", a["voter"], at=1)
        return True

    def _acts_vote(self: Any, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "vote", "for": c} for c in self.order if c not in self.barred
                and not (c == seat and seat in self.barred)]

    def _do_vote(self: Any, ask: Ask, seat: int, a: Action) -> bool:
        c = a["for"]
        self.votes[str(seat)] = c
        if c != seat:
            self.gov[c][seat] += self.gov[seat][seat]
            self.gov[seat][seat] = 0
        self.emit(f"{P(seat)} vote pour {P(c)}.", f"{P(seat)} votes for {P(c)}.")
        return True

    def _step_tally(self: Any) -> None:
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
    def check_eliminations(self: Any) -> None:
        """« Un joueur est éliminé dès qu'il n'a plus qu'une seule troupe sur le plateau (ou plus aucune) »:
        called after every step that removes troops (a combat round, a disintegration, an event card or a power
        that kills, the Sourdokoko's leaving). Its last troop leaves the board; it keeps its cards and sits out the
        rest of the turn (`out_this_turn`); it comes back next turn with 5 Gorets and its five voyage markers."""
        if self.simple:
            return
        count = [0] * self.players
        for st in self.stacks.values():
            for e in st:
                if e["s"] >= 0:
                    count[e["s"]] += e["g"] + e["gg"]
        for s in range(self.players):
            if count[s] > 1 or self.eliminated[s]:
                continue
            for k in list(self.stacks):
                e = self.mine(k, s)
                if e is not None:
                    self.kill(k, e, e["g"], e["gg"])
                    self.tidy(k)
            self.eliminated[s] = True
            self.eliminated_on[s] = self.turn
            self.emit(f"{P(s)} est éliminé ; il reviendra au tour suivant avec 5 Gorets.",
                      f"{P(s)} is eliminated; they come back next turn with 5 Piglets.")

    def out_this_turn(self: Any, seat: int) -> bool:
        """Eliminated during this turn: until it comes back next turn, the clan travels, plays, uses powers and
        swaps no more (its Porc Royal duties and its vote aside)."""
        return bool(self.eliminated[seat]) and self.eliminated_on[seat] == self.turn

    def _step_end_turn(self: Any) -> None:
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

    def _step_over(self: Any) -> None:  # pragma: no cover - is_over stops the loop first
        pass
