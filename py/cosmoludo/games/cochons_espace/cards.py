"""Event cards played outside combats: windows (every seat asked), targets step by step, each card's effect."""
from __future__ import annotations

from typing import Any, ClassVar

from ...core.flow import Ask
from ...core.hexgrid import adjacent_slots
from ...core.state import Action
from ...core.text import P, adj_fr, n_noun
from .board import key, unkey
from .data import CARDS, COLOUR_NAMES, COLOURS, GORET, GOUVERNEUR, GOVERNOR_CARDS, spare_planets
from .kinds import Do
from .powers import POWERS

#: Which event cards a window of each sequence offers (the range cards are used on one's own voyage).
WINDOW_CARDS = {
    "1B": ("colons", "sourdokoko"),
    "2B": ("extra_mouve", "fete_gland", "deplacement_planetes", "gorruption", "yodo_lardo", "pluie_cailloux",
           "fremono", "van_soulo"),
    "3A": ("deplacement_planetes", "gorruption", "yodo_lardo", "pluie_cailloux"),
    "3B": ("deplacement_planetes",),
    "3C": ("cho_boko",),
    "4C": ("baron_harkonono", "erreur_vote", "delit_sale_gueule", "glandenbourg_contrebande", "combinat",
           "mentoto", "maitre_seance", "muado_dibo", "pionce_senat", "buena_larda", "rififi_senat"),
}


class CardPlay:
    """Mixin of CochonsEspace: what each event card needs and does."""

    hands: list[list[str]]
    votes: dict[str, int]
    caller: int | None

    # ---- windows ----------------------------------------------------------------------------
    def window_plays(self: Any, seat: int, seq: str) -> list[Action]:
        if self.simple and seq != "2B":
            return []
        allowed = WINDOW_CARDS.get(seq, ()) if not self.simple else ("extra_mouve", "deplacement_planetes")
        out = []
        for c in sorted(set(self.hands[seat])):
            if (c in allowed or (c == "piga" and not self.simple)) and self.card_playable(seat, c, seq):
                out.append({"type": "play", "card": c})
        return out

    def window_resolve(self: Any, ask: Ask, answers: dict[int, Action]) -> None:
        at = 0
        for s in self.order:
            a = answers.get(s)
            if self.out_this_turn(s):
                continue  # eliminated by a play before its own: what it sealed stays in its hand
            if a is not None and a["type"] == "power":
                if self.power_usable(s, a["power"]):
                    at = self.start_power(s, a["power"], at=at)
                continue
            if a is None or a["type"] != "play":
                continue
            c = a["card"]
            if c in self.hands[s] and self.card_playable(s, c, ask.data["seq"]):
                at = self.play_card(s, c, ask.data["seq"], at=at)

    # ---- playing ----------------------------------------------------------------------------
    def card_playable(self: Any, seat: int, c: str, seq: str) -> bool:
        if c in ("colons", "sourdokoko"):
            return self.turn > 1 and (c == "colons" or not self.imp[seat] and not self.imp_pending[seat])
        if c == "cho_boko":
            return not self.used_cho and any(self.ec_at(k) for k in self.stacks)
        if c == "extra_mouve":
            return True
        if c == "maitre_seance":
            return True
        if c in GOVERNOR_CARDS or c == "glandenbourg_contrebande":
            return True
        if c == "fremono":
            return bool(self.fremono_slots())
        return bool(self.card_targets(seat, c, []))

    def play_card(self: Any, seat: int, c: str, seq: str, at: int = 0) -> int:
        """Play `c` from `seat`'s hand: its targets are asked in front (at `at`); returns the next index."""
        self.hands[seat].remove(c)
        self.discard.append(c)
        self.reveal()
        self.emit(f"{P(seat)} joue {CARDS[c].name[0]}.", f"{P(seat)} plays {CARDS[c].name[1]}.")
        data: dict[str, Any] = {"card": c, "seq": seq, "picks": []}
        if c == "fremono":
            d = self.rng.randint(1, 6)
            colour = COLOURS[(d - 1) // 2]
            data["colour"] = colour
            self.emit(f"Les Frémono ({d}) découvrent une planète {adj_fr(colour, True)}.",
                      f"The Fremono ({d}) discover a {COLOUR_NAMES[colour][1]} planet.")
            if not spare_planets(colour, set(self.tiles.values())):
                self.emit("Il ne reste aucune planète de cette couleur.", "No planet of that colour is left.")
                return at
        if self.card_targets(seat, c, [], data) is None:
            self.card_effect(seat, c, [], data)
            return at
        self.ask("target", seat, at=at, **data)
        return at + 1

    def fremono_slots(self: Any) -> list[str]:
        """Where Les Frémono's planet may go: an empty cell « adjacente à une autre planète » — touching a hex of
        the galaxy other than the sun (the sun is no planet)."""
        ground = [unkey(k) for k in self.tiles if self.tiles[k] != "S"]
        return [key(h) for h in adjacent_slots(ground) if key(h) not in self.tiles]

    def card_targets(self: Any, seat: int, c: str, picks: list[Any], data: dict[str, Any] | None = None) -> list[Any] | None:
        """The choices for the next target of card `c` (None: nothing more to choose)."""
        if c in POWERS:
            return self.power_targets(seat, c, picks)
        n = len(picks)
        others = [s for s in self.order if s != seat]
        if c == "fete_gland":
            return self.landable_hexes() if n == 0 else None
        if c == "deplacement_planetes":
            tiles = self.landable_hexes()
            if n == 0:
                return tiles if len(tiles) > 1 else []
            return [k for k in tiles if k != picks[0]] if n == 1 else None
        if c == "gorruption":
            if n:
                return None
            if self.reserve[seat][0] <= 0:
                return []
            out = []
            for k, st in sorted(self.stacks.items()):
                foes = [e for e in st if e["s"] >= 0 and e["s"] != seat]
                if sum(e["g"] + e["gg"] for e in foes) == 1 and foes[0]["g"] == 1:
                    out.append(k)
            return out
        if c == "yodo_lardo":
            if n:
                return None
            return [k for k in self.hexes_of(seat) if self.mine(k, seat)["g"] > 0] if self.reserve[seat][1] else []
        if c == "pluie_cailloux":
            return sorted(self.stacks) if n == 0 else None
        if c == "van_soulo":
            if n:
                return None
            if self.reserve[seat][0] <= 0:
                return []
            return [k for k in sorted(self.stacks) if (e := self.ec_at(k)) is not None and e["ec"] == "pirates"]
        if c == "fremono":
            return self.fremono_slots() if n == 0 else None
        if c in ("erreur_vote", "pionce_senat", "rififi_senat"):
            return [s for s in others if self.held(s) > 0] if n == 0 else None
        if c == "delit_sale_gueule":
            return [s for s in others if s not in self.barred] if n == 0 else None
        if c == "piga":
            return [s for s in others if self.hands[s]] if n == 0 else None
        return None

    def _acts_target(self: Any, ask: Ask, seat: int) -> list[Action]:
        opts = self.card_targets(seat, ask.data["card"], ask.data["picks"], ask.data) or []
        return [{"type": "target", "value": v} for v in opts]

    def _do_target(self: Any, ask: Ask, seat: int, a: Action) -> bool:
        d = ask.data
        d["picks"].append(a["value"])
        if self.card_targets(seat, d["card"], d["picks"], d) is not None:
            return False
        self.card_effect(seat, d["card"], d["picks"], d)
        return True

    def _pub_target(self: Any, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"card": ask.data["card"], "picks": list(ask.data["picks"])}

    # ---- effects ------------------------------------------------------------------------------
    def gain_governors(self: Any, seat: int, n: int) -> int:
        """`seat` receives n governors of its clan (within its stock); they join its vote if it has voted."""
        n = max(0, min(n, self.gov_free(seat)))
        dest = self.votes.get(str(seat), seat)
        self.gov[dest][seat] += n
        return n

    def lose_governors(self: Any, holder: int, n: int) -> int:
        """`holder` loses n of the governors in front of it (its own first); they go back to their clans."""
        lost = 0
        for clan in [holder] + [c for c in range(self.players) if c != holder]:
            take = min(n - lost, self.gov[holder][clan])
            self.gov[holder][clan] -= take
            lost += take
        return lost

    def card_effect(self: Any, seat: int, c: str, picks: list[Any], data: dict[str, Any]) -> None:
        if c in POWERS:
            self.power_effect(seat, c, picks)
            return
        if c == "colons":
            self.colonists[seat] += 2
        elif c == "sourdokoko":
            self.imp_pending[seat] = True
        elif c == "extra_mouve":
            self.ask("voyage", seat, at=0, left=1)
        elif c == "fete_gland":
            self.fete[picks[0]] = seat
            self.emit(f"Fête du Gland en {picks[0]} : aucun autre joueur ne peut l'attaquer ce tour-ci.",
                      f"Acorn Festival at {picks[0]}: no other player may attack it this turn.")
        elif c == "deplacement_planetes":
            self.swap_hexes(picks[0], picks[1])
        elif c == "gorruption":
            k = picks[0]
            foe = next(e for e in self.stacks[k] if e["s"] >= 0 and e["s"] != seat)
            d = self.rng.randint(1, 6)
            if d <= 4:
                self.kill(k, foe, 1, 0)
                self.reserve[seat][0] -= 1
                if self.mine(k, seat) is not None:
                    self.mine(k, seat)["g"] += 1
                else:
                    foe["s"], foe["g"] = seat, 1
                self.tidy(k)
                self.emit(f"Gorruption ({d}) : le Goret de {k} passe chez {P(seat)}.",
                          f"Gorruption ({d}): the Piglet at {k} joins {P(seat)}.")
            else:
                self.emit(f"Gorruption ({d}) : le Goret résiste.", f"Gorruption ({d}): the Piglet resists.")
            self.check_eliminations()
        elif c == "yodo_lardo":
            e = self.mine(picks[0], seat)
            e["g"] -= 1
            e["gg"] += 1
            self.reserve[seat][0] += 1
            self.reserve[seat][1] -= 1
            self.emit(f"Maître Yodo Lardo : un Goret de {P(seat)} devient Gros Gruik en {picks[0]}.",
                      f"Master Yodo Lardo: a Piglet of {P(seat)} becomes a Big Gruik at {picks[0]}.")
        elif c == "pluie_cailloux":
            self.meteor_shower(picks[0])
            self.check_eliminations()
        elif c == "van_soulo":
            k = picks[0]
            e = self.ec_at(k)
            n = min(e["g"], self.reserve[seat][0])
            self.reserve[seat][0] -= n
            mine = self.mine(k, seat)
            if mine is not None:
                mine["g"] += n
                self.stacks[k].remove(e)
            else:
                e.update({"s": seat, "ec": None, "g": n, "gg": 0, "mg": 0, "mgg": 0})
            self.tidy(k)
            fr, en = n_noun(n, GORET)
            self.emit(f"Van Soulo : {'les Pirates' if n > 1 else 'le Pirate'} de {k} devien{'nent' if n > 1 else 't'} "
                      f"{fr} de {P(seat)}.",
                      f"Van Soulo: the {'Pirates' if n > 1 else 'Pirate'} at {k} become{'' if n > 1 else 's'} {en} of "
                      f"{P(seat)}.")
        elif c == "fremono":
            t = spare_planets(data["colour"], set(self.tiles.values()))[0]
            self.tiles[picks[0]] = t
            self.face_up[picks[0]] = True
            self.box.remove(t)
            if self.layout == "jumelles":
                self.join_twin(picks[0])
            self.rebuild_adjacency()
            self.emit(f"Une planète {adj_fr(data['colour'], True)} apparaît en {picks[0]}.",
                      f"A {COLOUR_NAMES[data['colour']][1]} planet appears at {picks[0]}.")
        elif c == "cho_boko":
            self.used_cho = True
            self.cho = seat
        elif c in GOVERNOR_CARDS:
            n = self.gain_governors(seat, GOVERNOR_CARDS[c])
            fr, en = n_noun(n, GOUVERNEUR)
            self.emit(f"{P(seat)} reçoit {fr}.", f"{P(seat)} receives {en}.")
        elif c == "glandenbourg_contrebande":
            d = self.rng.randint(1, 6)
            held = self.held(seat)
            half = (held + 1) // 2
            if d <= 3:
                n = self.lose_governors(seat, half)
                fr, en = n_noun(n, GOUVERNEUR)
                self.emit(f"Glandenbourg de contrebande ({d}) : {P(seat)} perd {fr} empoisonné{'s' if n > 1 else ''}.",
                          f"Smuggled Glandenbourg ({d}): {P(seat)} loses {en.replace(' ', ' poisoned ', 1)}.")
            else:
                n = self.gain_governors(seat, half)
                fr, en = n_noun(n, GOUVERNEUR)
                self.emit(f"Glandenbourg de contrebande ({d}) : {P(seat)} gagne {fr}.",
                          f"Smuggled Glandenbourg ({d}): {P(seat)} gains {en}.")
        elif c == "erreur_vote":
            t = picks[0]
            n = self.held(t) // 2
            dest = self.votes.get(str(seat), seat)
            moved = 0
            for clan in [t] + [x for x in range(self.players) if x != t]:
                take = min(n - moved, self.gov[t][clan])
                self.gov[t][clan] -= take
                self.gov[dest][clan] += take
                moved += take
            fr, en = n_noun(moved, GOUVERNEUR)
            self.emit(f"Erreur de vote : {fr} de {P(t)} vote{'nt' if moved > 1 else ''} avec {P(seat)}.",
                      f"Voting Error: {en} of {P(t)} vote{'s' if moved == 1 else ''} with {P(seat)}.")
        elif c == "delit_sale_gueule":
            t = picks[0]
            self.barred.append(t)
            for v, cand in list(self.votes.items()):
                if cand == t:
                    vi = int(v)
                    self.gov[vi][vi] += self.gov[t][vi] if vi != t else 0
                    if vi != t:
                        self.gov[t][vi] = 0
                    del self.votes[v]
            self.emit(f"Délit de Sale Gueule : {P(t)} ne peut pas être candidat.",
                      f"Ugly Mug Offence: {P(t)} may not stand.")
        elif c == "pionce_senat":
            n = self.lose_governors(picks[0], 2)
            fr, en = n_noun(n, GOUVERNEUR)
            self.emit(f"Pionce au Sénat Porc : {P(picks[0])} perd {fr}.", f"Nap in the Pig Senate: {P(picks[0])} loses {en}.")
        elif c == "rififi_senat":
            t = picks[0]
            n = self.lose_governors(t, (self.held(t) + 1) // 2)
            # the election starts again: every vote is undone, each clan's governors go back in front of it
            for v, cand in self.votes.items():
                vi = int(v)
                if cand != vi:
                    self.gov[vi][vi] += self.gov[cand][vi]
                    self.gov[cand][vi] = 0
            self.votes = {}
            fr, en = n_noun(n, GOUVERNEUR)
            self.emit(f"Rififi au Sénat Porc : {P(t)} perd {fr} et l'élection recommence.",
                      f"Ruckus in the Pig Senate: {P(t)} loses {en} and the election starts again.")
        elif c == "maitre_seance":
            self.caller = seat
            self.emit(f"{P(seat)} décide désormais de l'ordre de vote.", f"{P(seat)} now decides the voting order.")
        elif c == "piga":
            t = picks[0]
            self.emit(f"Main de {P(t)} : {', '.join(CARDS[x].name[0] for x in sorted(self.hands[t]))}.",
                      f"{P(t)}'s hand: {', '.join(CARDS[x].name[1] for x in sorted(self.hands[t]))}.", to=[seat])
            if self.hands[seat]:
                self.ask("piga", seat, at=0, other=t, swaps=0)

    def swap_hexes(self: Any, a: str, b: str) -> None:
        """Two hexes change places; the troops (and Extra-Cochons) on them go along."""
        t = self.tiles
        t[a], t[b] = t[b], t[a]
        fu = self.face_up
        fu[a], fu[b] = fu.get(b, True), fu.get(a, True)
        da, db = a in self.devoured, b in self.devoured
        self.devoured = [k for k in self.devoured if k not in (a, b)] + ([b] if da else []) + ([a] if db else [])
        sa, sb = self.stacks.pop(a, None), self.stacks.pop(b, None)
        if sa:
            self.stacks[b] = sa
        if sb:
            self.stacks[a] = sb
        fa, fb = self.fete.pop(a, None), self.fete.pop(b, None)
        if fa is not None:
            self.fete[b] = fa
        if fb is not None:
            self.fete[a] = fb
        self.emit(f"Les planètes {a} et {b} échangent leur place.", f"Planets {a} and {b} swap places.")

    def _acts_piga(self: Any, ask: Ask, seat: int) -> list[Action]:
        t = ask.data["other"]
        acts: list[Action] = [{"type": "done"}]
        if ask.data["swaps"] < 2:
            acts += [{"type": "swap", "mine": m, "theirs": x} for m in sorted(set(self.hands[seat]))
                     for x in sorted(set(self.hands[t]))]
        return acts

    def _do_piga(self: Any, ask: Ask, seat: int, a: Action) -> bool:
        if a["type"] == "done":
            return True
        t = ask.data["other"]
        self.hands[seat].remove(a["mine"])
        self.hands[t].remove(a["theirs"])
        self.hands[seat].append(a["theirs"])
        self.hands[t].append(a["mine"])
        ask.data["swaps"] += 1
        self.emit(f"{P(seat)} échange une carte avec {P(t)}.", f"{P(seat)} swaps a card with {P(t)}.")
        return ask.data["swaps"] >= 2 or not self.hands[seat]

    CARD_KINDS: ClassVar = {
        "target": Do("target", "choisir la cible de la carte", "choose the card's target", skip_empty=True),
        "piga": Do("piga", "échanger des cartes ou finir", "swap cards or finish"),
    }
