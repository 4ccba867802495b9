"""Combats (sequence 3A, and the Extra-Cochons' in 3C): cards face down, reveal, rounds, flight, the
disintegration of over-armed fights, Porcophages' pack growth and the Ver des Glands' meal."""
from __future__ import annotations

from typing import Any, ClassVar

from ...core.flow import Ask
from ...core.state import Action
from ...core.text import P, n_nouns
from .board import Entry, troops
from .data import CARDS, EC_BAND, EC_MAX_STACK, EC_NAMES, EC_TOKENS, GORET, GROS_GRUIK, TROUPE
from .kinds import Do

#: Event cards that may be laid face down in a combat (sequence 3A).
COMBAT_EVENTS = ("force_gruik", "gros_laches", "gros_traitre", "jaret", "sauve_qui_peut", "yodo_lardo",
                 "gorruption", "pluie_cailloux")


def _who(e: Entry) -> tuple[str, str, bool]:
    """A side of a fight as the subject of a sentence: a seat, « les Pirates » or « le Ver des Glands », and
    whether its verb takes the plural."""
    if e["s"] < 0:
        fr, en = EC_NAMES[e["ec"]]
        band = EC_BAND[e["ec"]]
        return f"{'les' if band else 'le'} {fr}", f"the {en}", band
    return P(e["s"]), P(e["s"]), False


class Flee(Do):
    """« Fuir ou combattre ? »: asked of one side of the fight in progress, and only while the fight goes on.

    From round 2 both sides are asked at once; once one side has fled (or is gone) the combat is over
    (« jusqu'à ce que l'un des joueurs soit éliminé ou décide de s'enfuir »), so the other side's question lapses."""

    def waiting(self, g: Any, ask: Ask) -> list[int]:
        if g.combat is None or g.side("d") is None or g.side("a") is None or not g.flight_hexes(ask.data["side"]):
            return []
        return super().waiting(g, ask)


class Combat:
    """Mixin of CochonsEspace: one fight at a time in `self.combat`, run by the fight_* steps."""

    combat: dict[str, Any] | None
    stacks: dict[str, list[Entry]]
    phase: str
    simple: bool

    # ---- entering and leaving a fight ----------------------------------------------------------
    def start_fight(self: Any, k: str, upto: Entry | None) -> None:
        st = self.stacks[k]
        self.combat = {"hex": k, "upto": None if upto is None else upto["s"], "back": self.phase,
                       "cards": {"d": [], "a": []}, "round": 0, "dice": None, "jaret": {"d": False, "a": False},
                       "force": {"d": False, "a": False}, "bonus": {"d": 0, "a": 0}, "tech": 0,
                       "d": st[0]["s"], "a": st[1]["s"], "d_ec": st[0]["ec"], "a_ec": st[1]["ec"],
                       "log": []}
        dfr, den, _ = _who(st[0])
        afr, aen, band = _who(st[1])
        self.emit(f"Combat en {k} : {afr} attaque{'nt' if band else ''} {dfr}.",
                  f"Combat at {k}: {aen} attack{'' if band else 's'} {den}.")
        self.phase = "fight_cards"

    def side(self: Any, which: str) -> Entry | None:
        """The defender ("d") or the attacker ("a") of the current fight, if still on the hex."""
        c = self.combat
        st = self.stacks.get(c["hex"], [])
        for e in st:
            if e["s"] == c[which] and e["ec"] == c[which + "_ec"]:
                return e
        return None

    def _step_fight_cards(self: Any) -> None:
        c = self.combat
        for which in ("d", "a"):  # the defender lays its cards face down first
            s = c[which]
            if s >= 0 and self.hands[s]:
                self.ask("combat_cards", s, side=which)
        self.phase = "fight_reveal"

    def combat_card_options(self: Any, seat: int) -> list[str]:
        hand = set(self.hands[seat])
        ok = [x for x in hand if CARDS[x].kind == "combat"]
        if not self.simple:
            ok += [x for x in hand if x in COMBAT_EVENTS]
        return sorted(ok)

    def _acts_combat_cards(self: Any, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "done"}] + [{"type": "card", "card": x} for x in self.combat_card_options(seat)]

    def _do_combat_cards(self: Any, ask: Ask, seat: int, a: Action) -> bool:
        if a["type"] == "done":
            return True
        self.hands[seat].remove(a["card"])
        self.combat["cards"][ask.data["side"]].append(a["card"])
        self.emit(f"{P(seat)} pose une carte face cachée.", f"{P(seat)} lays a card face down.")
        return not self.hands[seat]

    def _pub_combat_cards(self: Any, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"side": ask.data["side"]}

    def _step_fight_reveal(self: Any) -> None:
        c = self.combat
        cards = c["cards"]
        if cards["d"] or cards["a"]:
            self.reveal()
            for which in ("d", "a"):
                if cards[which]:
                    s = c[which]
                    names = ", ".join(CARDS[x].name[0] for x in cards[which])
                    names_en = ", ".join(CARDS[x].name[1] for x in cards[which])
                    self.emit(f"{P(s)} révèle : {names}.", f"{P(s)} reveals: {names_en}.")
        tech = sum(CARDS[x].tech for w in ("d", "a") for x in cards[w] if CARDS[x].kind == "combat")
        c["tech"] = tech
        c["bonus"] = {"d": sum(CARDS[x].defence for x in cards["d"] if CARDS[x].kind == "combat"),
                      "a": sum(CARDS[x].attack for x in cards["a"] if CARDS[x].kind == "combat")}
        c["jaret"] = {w: "jaret" in cards[w] for w in ("d", "a")}
        c["force"] = {w: "force_gruik" in cards[w] for w in ("d", "a")}
        for which in ("d", "a"):  # Pécari Banzaï: ±1 to the technology total, announced before the resolution
            s = c[which]
            if s >= 0 and tech > 0 and self.power_ok(s, "pecari_tech"):
                self.ask("tech", s)
        self.phase = "fight_apply"

    def _acts_tech(self: Any, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "tech", "change": 0}, {"type": "tech", "change": -1}, {"type": "tech", "change": 1}]

    def _do_tech(self: Any, ask: Ask, seat: int, a: Action) -> bool:
        if a["change"]:
            self.use_power(seat, "pecari_tech")
            self.combat["tech"] += a["change"]
            self.emit(f"Technologie totale : {self.combat['tech']}.", f"Technology total: {self.combat['tech']}.")
        return True

    def _step_fight_apply(self: Any) -> None:
        c = self.combat
        k = c["hex"]
        cards = c["cards"]
        tech = c["tech"]
        if tech >= 6:
            self.emit(f"Surarmement : technologie {tech}, toutes les troupes en {k} sont désintégrées !",
                      f"Over-armament: technology {tech}, every troop at {k} is disintegrated!")
            for e in list(self.stacks.get(k, [])):
                self.kill(k, e, e["g"], e["gg"])
            self.tidy(k)
            self.check_eliminations()
            self.phase = "fight_end"
            return
        for which in ("d", "a"):
            other = "a" if which == "d" else "d"
            for x in cards[which]:
                self.combat_event(which, other, x)
        self.check_eliminations()  # Gros Traître, Gorruption, Pluie de Cailloux may have killed
        for which in ("d", "a"):
            if self.side(which) is None or not self.flight_hexes(which):
                continue
            if "sauve_qui_peut" in cards[which]:
                self.ask("flee", c[which], side=which, before=True)
            elif c[which] >= 0 and self.power_ok(c[which], "hylo_flee"):
                self.ask("flee", c[which], side=which, before=True, power="hylo_flee")
        c["round"] = 1
        self.phase = "fight_round"

    def combat_event(self: Any, which: str, other: str, x: str) -> None:
        """The effect of an event card revealed in a combat (by the side `which` against `other`)."""
        c = self.combat
        k = c["hex"]
        me, foe = self.side(which), self.side(other)
        s = c[which]
        rng = self.rng
        if x == "gros_laches" and foe is not None:
            n = (troops(foe) + 1) // 2
            dest = self.flight_hexes(other)
            if dest and foe["s"] >= 0:
                g = min(n, foe["g"])
                gg = n - g
                foe["g"] -= g
                foe["gg"] -= gg
                self.add_troops(dest[0], foe["s"], g, gg)
                fr, en = n_nouns([(n, TROUPE)])
                self.emit(f"Gros Lâches : {fr} de {P(foe['s'])} se repli{'ent' if n > 1 else 'e'} en {dest[0]}.",
                          f"Big Cowards: {en} of {P(foe['s'])} fall{'' if n > 1 else 's'} back to {dest[0]}.")
            else:
                self.emit("Gros Lâches : les troupes ennemies n'ont nulle part où se replier.",
                          "Big Cowards: the enemy troops have nowhere to fall back to.")
        elif x == "gros_traitre" and foe is not None:
            dg = sum(1 for _ in range(foe["g"]) if rng.randint(1, 6) <= 3)
            dgg = sum(1 for _ in range(foe["gg"]) if rng.randint(1, 6) <= 2)
            self.kill(k, foe, dg, dgg)
            fr, en = n_nouns([(dg, GORET), (dgg, GROS_GRUIK)])
            if dg + dgg == 0:
                fr, en = "aucun Goret ne trahit", "no Piglet betrays"
            else:
                one = dg + dgg == 1
                fr, en = f"{fr} trahi{'t' if one else 'ssent'}", f"{en} betray{'s' if one else ''}"
            self.emit(f"Gros Traître : {fr}.", f"Big Traitor: {en}.")
        elif x == "gorruption" and foe is not None and me is not None:
            if foe["s"] >= 0 and foe["g"] == 1 and foe["gg"] == 0 and self.reserve[s][0] > 0:
                d = rng.randint(1, 6)
                if d <= 4:
                    self.kill(k, foe, 1, 0)
                    self.reserve[s][0] -= 1
                    me["g"] += 1
                    self.emit(f"Gorruption ({d}) : le Goret ennemi passe chez {P(s)}.",
                              f"Gorruption ({d}): the enemy Piglet joins {P(s)}.")
                else:
                    self.emit(f"Gorruption ({d}) : le Goret résiste.", f"Gorruption ({d}): the Piglet resists.")
            else:
                self.emit("Gorruption sans effet : il n'y a pas un seul Goret ennemi.",
                          "Gorruption has no effect: there is not a single enemy Piglet.")
        elif x == "pluie_cailloux":
            self.meteor_shower(k)
        elif x == "yodo_lardo" and me is not None and me["g"] > 0 and self.reserve[s][1] > 0:
            me["g"] -= 1
            self.reserve[s][0] += 1
            self.reserve[s][1] -= 1
            me["gg"] += 1
            self.emit(f"Maître Yodo Lardo : un Goret de {P(s)} devient Gros Gruik.",
                      f"Master Yodo Lardo: a Piglet of {P(s)} becomes a Big Gruik.")
        self.tidy(k)

    def meteor_shower(self: Any, k: str) -> None:
        dead = 0
        for e in list(self.stacks.get(k, [])):
            dg = sum(1 for _ in range(e["g"]) if self.rng.randint(1, 6) >= 5)
            dgg = sum(1 for _ in range(e["gg"]) if self.rng.randint(1, 6) >= 5)
            self.kill(k, e, dg, dgg)
            dead += dg + dgg
        self.tidy(k)
        self.reveal()
        fr, en = n_nouns([(dead, TROUPE)])
        self.emit(f"Pluie de Cailloux Spatiaux en {k} : {fr} éliminée{'s' if dead > 1 else ''}.",
                  f"Space Pebble Shower at {k}: {en} eliminated.")

    # ---- flight -----------------------------------------------------------------------------
    def flight_hexes(self: Any, which: str) -> list[str]:
        c = self.combat
        s = c[which]
        if s < 0:
            return []  # Extra-Cochons never flee
        return [d for d in self.adj[c["hex"]] if self.mine(d, s) is not None]

    def _acts_flee(self: Any, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "fight"}] + [{"type": "flee", "to": d} for d in self.flight_hexes(ask.data["side"])]

    def _do_flee(self: Any, ask: Ask, seat: int, a: Action) -> bool:
        if a["type"] == "fight":
            return True
        which = ask.data["side"]
        e = self.side(which)
        k = self.combat["hex"]
        if ask.data.get("power"):
            self.use_power(seat, ask.data["power"])
        if e is not None:
            g, gg = e["g"], e["gg"]
            self.stacks[k].remove(e)
            self.tidy(k)
            self.add_troops(a["to"], seat, g, gg)
            self.emit(f"{P(seat)} fuit de {k} vers {a['to']}.", f"{P(seat)} flees from {k} to {a['to']}.")
        return True

    # ---- rounds ------------------------------------------------------------------------------
    def _step_fight_round(self: Any) -> None:
        c = self.combat
        d, a = self.side("d"), self.side("a")
        if d is None or a is None:
            self.phase = "fight_end"
            return
        if c["round"] >= 2:
            for which in ("d", "a"):
                if c[which] >= 0 and self.flight_hexes(which):
                    self.ask("flee", c[which], side=which, before=False)
        self.phase = "fight_roll"

    def die_of(self: Any, which: str) -> list[int]:
        """The dice a side rolls: its sizes (6 or 8), two D6 with Jaret, D6+D8 for the Ver des Glands."""
        c = self.combat
        e = self.side(which)
        assert e is not None
        if e["s"] < 0:
            return {"pirates": [6], "porcophages": [8], "ver": [6, 8]}[e["ec"]]
        if c["jaret"][which]:
            return [6, 6]
        return [8] if e["gg"] > 0 else [6]

    def strength(self: Any, which: str) -> int:
        """Everything but the dice: +1 per troop beyond the first, plus the combat cards' bonus."""
        c = self.combat
        e = self.side(which)
        assert e is not None
        extra = 0 if e["ec"] == "ver" else troops(e) - 1
        return extra + c["bonus"][which]

    def _step_fight_roll(self: Any) -> None:
        c = self.combat
        if self.side("d") is None or self.side("a") is None:
            self.phase = "fight_end"
            return
        c["dice"] = {w: [self.rng.randint(1, n) for n in self.die_of(w)] for w in ("d", "a")}
        self.reveal()
        for which in ("d", "a"):
            if c["force"][which]:
                self.ask("force", c[which], side=which)
            elif c[which] >= 0 and self.power_ok(c[which], "pecari_reroll"):
                self.ask("force", c[which], side=which, power="pecari_reroll")
        self.phase = "fight_hit"

    def _acts_force(self: Any, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "keep"}, {"type": "reroll", "die": "d"}, {"type": "reroll", "die": "a"}]

    def _do_force(self: Any, ask: Ask, seat: int, a: Action) -> bool:
        if a["type"] == "reroll":
            c = self.combat
            w = a["die"]
            c["dice"][w] = [self.rng.randint(1, n) for n in self.die_of(w)]
            if ask.data.get("power"):
                self.use_power(seat, ask.data["power"])
            else:
                c["force"][ask.data["side"]] = False
            self.reveal()
            self.emit(f"Force Gruik : {P(seat)} fait relancer un dé.", f"Gruik Force: {P(seat)} has a die rerolled.")
        return True

    def _step_fight_hit(self: Any) -> None:
        c = self.combat
        k = c["hex"]
        d, a = self.side("d"), self.side("a")
        if d is None or a is None:
            self.phase = "fight_end"
            return
        sd = sum(c["dice"]["d"]) + self.strength("d")
        sa = sum(c["dice"]["a"]) + self.strength("a")
        c["log"].append([c["round"], c["dice"]["d"], sd, c["dice"]["a"], sa])
        self.emit(f"Round {c['round']} : défense {sd} ({'+'.join(map(str, c['dice']['d']))}), "
                  f"attaque {sa} ({'+'.join(map(str, c['dice']['a']))}).",
                  f"Round {c['round']}: defence {sd}, attack {sa}.")
        if sd == sa:  # Phacochérus: a tie goes their way, once per turn
            for which, e, other in (("d", d, a), ("a", a, d)):
                if e["s"] >= 0 and self.power_ok(e["s"], "phaco_ties"):
                    self.use_power(e["s"], "phaco_ties")
                    self.lose_one(k, other, e)
                    break
        else:
            loser, winner = (d, a) if sa > sd else (a, d)
            self.lose_one(k, loser, winner)
        c["round"] += 1
        self.tidy(k)
        self.check_eliminations()  # a clan down to its last troop on the board leaves the fight at once
        self.phase = "fight_round"

    def lose_one(self: Any, k: str, loser: Entry, winner: Entry) -> None:
        """The loser of a round loses one troop: a Goret while it has one (Gros Gruiks go last)."""
        goret = loser["g"] > 0
        self.kill(k, loser, 1 if goret else 0, 0 if goret else 1)
        if (winner["ec"] == "porcophages" and goret and loser["s"] >= 0
                and winner["g"] < EC_MAX_STACK["porcophages"]
                and self.ec_count("porcophages") < EC_TOKENS["porcophages"]):
            winner["g"] += 1
            self.emit("L'odeur du sang attire un Porcophage de plus.", "The smell of blood draws one more Porcophage.")

    def _step_fight_end(self: Any) -> None:
        c = self.combat
        k = c["hex"]
        for which in ("d", "a"):
            self.discard.extend(c["cards"][which])
            c["cards"][which] = []
        self.tidy(k)
        a = self.side("a")
        d = self.side("d")
        if a is not None and d is None:
            fr, en, band = _who(a)
            self.emit(f"{fr} l'emporte{'nt' if band else ''} en {k}.", f"{en} win{'' if band else 's'} at {k}.")
            if a["ec"] == "ver":
                self.devour(k)
        elif d is not None and a is None:
            fr, en, band = _who(d)
            self.emit(f"{fr} tien{'nent' if band else 't'} {k}.", f"{en} hold{'' if band else 's'} {k}.")
        upto = c["upto"]
        back = c["back"]
        self.combat = None
        st = self.stacks.get(k, [])
        if len(st) > 1:
            idx = [i for i, e in enumerate(st) if upto is not None and e["s"] == upto]
            if upto is None or (idx and idx[0] > 0):
                self.start_fight(k, upto=st[idx[0]] if idx else None)
                self.combat["back"] = back
                return
        self.phase = back

    def combat_public(self: Any, viewer: int | None) -> dict[str, Any] | None:
        c = self.combat
        if c is None:
            return None
        revealed = self.phase not in ("fight_cards",) and not any(
            a.kind == "combat_cards" for a in self.asks)
        cards = {w: (list(c["cards"][w]) if revealed or viewer == c[w] else None) for w in ("d", "a")}
        odds = base = None
        if self.side("d") is not None and self.side("a") is not None:
            # What each side rolls and adds: with the cards once they are revealed (`odds`); before, without any
            # card (`base`: public, since troops are), for the page to weigh each card a seat may lay.
            spec = {w: {"dice": self.die_of(w), "plus": self.strength(w)} for w in ("d", "a")}
            odds, base = (spec, None) if revealed else (None, spec)
        return {"hex": c["hex"], "defender": c["d"], "attacker": c["a"], "defender_ec": c["d_ec"], "odds": odds,
                "base": base,
                "attacker_ec": c["a_ec"], "round": c["round"], "dice": c["dice"], "tech": c["tech"],
                "bonus": dict(c["bonus"]), "cards": cards,
                "card_counts": {w: len(c["cards"][w]) for w in ("d", "a")}, "rounds": [list(r) for r in c["log"]]}

    COMBAT_KINDS: ClassVar = {
        "combat_cards": Do("combat_cards", "poser des cartes face cachée ou finir", "lay cards face down or finish"),
        "flee": Flee("flee", "fuir ou combattre", "flee or fight"),
        "force": Do("force", "faire relancer un dé ou garder", "have a die rerolled or keep"),
        "tech": Do("tech", "modifier le niveau de technologie ou non", "change the technology level or not"),
    }
    COMBAT_STEPS: ClassVar = {
        "fight_cards": _step_fight_cards, "fight_reveal": _step_fight_reveal, "fight_apply": _step_fight_apply, "fight_round": _step_fight_round,
        "fight_roll": _step_fight_roll, "fight_hit": _step_fight_hit, "fight_end": _step_fight_end,
    }
