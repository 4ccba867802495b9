"""Les Cochons de l'Espace — Sequences 2B (voyages), 3A/3B (combats, reorganisation) and 3C (the Extra-Cochons move and fight)."""

from typing import Any

from ...core.flow import Ask
from ...core.hexgrid import distance
from ...core.state import Action
from ...core.text import P, n_nouns
from .board import troops, unkey
from .cards import WINDOW_CARDS
from .data import (
    CARDS,
    EC_BAND,
    EC_MAX_STACK,
    EC_MOVE,
    EC_NAMES,
    GORET,
    GROS_GRUIK,
    MAX_DEVOURED,
    RANGE_CARDS,
)


class Voyages:
    """Mixin of CochonsEspaceRules."""

    # ---- 2B voyages ------------------------------------------------------------------------
    def _step_voyages(self: Any) -> None:
        self.seq = "2B"
        self.ask("window", list(self.order), seq="2B")
        for s in self.order:
            n = 3 if self.simple else (self.marker[s] or 0)
            self.ask("voyage", s, left=n)
            self.ask("window", list(self.order), seq="2B", after=s)
        self.phase = "combats"

    def movable(self: Any, k: str, seat: int) -> tuple[int, int]:
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

    def destinations(self: Any, k: str, seat: int, reach: int) -> list[str]:
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
            if d in self.fete and self.fete[d] != seat and any(e["s"] != seat for e in self.stacks.get(d, ())):
                continue  # Fête du Gland: no other player attacks it (landing on an empty or one's own hex is no attack)
            if seat in self.banned.get(d, ()):
                continue
            out.append(d)
        return sorted(out)

    def _acts_voyage(self: Any, ask: Ask, seat: int) -> list[Action]:
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
        if self.can_trade(seat):
            acts.append({"type": "trade"})
        return acts

    def _do_voyage(self: Any, ask: Ask, seat: int, a: Action) -> bool:
        t = a["type"]
        if t == "end":
            return True
        if t == "trade":
            self.start_trade(seat)
            return False
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

    def _pub_voyage(self: Any, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"left": ask.data["left"]}

    def _acts_take(self: Any, ask: Ask, seat: int) -> list[Action]:
        mg, mgg = self.movable(ask.data["frm"], seat)
        return [{"type": "take", "g": g, "gg": gg} for g in range(mg + 1) for gg in range(mgg + 1) if g + gg > 0]

    def _do_take(self: Any, ask: Ask, seat: int, a: Action) -> bool:
        frm, to = ask.data["frm"], ask.data["to"]
        g, gg = a["g"], a["gg"]
        e = self.mine(frm, seat)
        assert e is not None
        e["g"] -= g
        e["gg"] -= gg
        self.tidy(frm)
        self.land(to, seat, g, gg, moved=True)
        fr, en = n_nouns([(g, GORET), (gg, GROS_GRUIK)])
        self.emit(f"{P(seat)} voyage de {frm} à {to} avec {fr}.", f"{P(seat)} travels from {frm} to {to} with {en}.")
        if ask.data.get("boots") and ask.data["hops"] < 3:
            self.ask("boots", seat, at=1, at_hex=to, hops=ask.data["hops"])
        return True

    def land(self: Any, k: str, seat: int, g: int, gg: int, moved: bool) -> None:
        self.add_troops(k, seat, g, gg, moved=moved)
        self.flip(k)

    def _acts_boots(self: Any, ask: Ask, seat: int) -> list[Action]:
        k = ask.data["at_hex"]
        e = self.mine(k, seat)
        acts: list[Action] = [{"type": "stop"}]
        if e is None or e["mg"] + e["mgg"] == 0:
            return acts
        return acts + [{"type": "on", "to": d} for d in self.destinations(k, seat, 1)]

    def _do_boots(self: Any, ask: Ask, seat: int, a: Action) -> bool:
        if a["type"] == "stop":
            return True
        k = ask.data["at_hex"]
        self.ask("boots_take", seat, at=1, frm=k, to=a["to"], hops=ask.data["hops"] + 1)
        return True

    def _acts_boots_take(self: Any, ask: Ask, seat: int) -> list[Action]:
        e = self.mine(ask.data["frm"], seat)
        mg, mgg = (e["mg"], e["mgg"]) if e else (0, 0)
        return [{"type": "take", "g": g, "gg": gg} for g in range(mg + 1) for gg in range(mgg + 1) if g + gg > 0]

    def _do_boots_take(self: Any, ask: Ask, seat: int, a: Action) -> bool:
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
    def _step_combats(self: Any) -> None:
        self.seq = "3A"
        for st in self.stacks.values():
            for e in st:
                e["mg"] = e["mgg"] = 0
        if not self.simple:
            self.ask("window", list(self.order), seq="3A")
        self.cursor = 0
        self.phase = "combat_turn"

    def _step_combat_turn(self: Any) -> None:
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

    def _step_reorg(self: Any) -> None:
        self.seq = "3B"
        for s in self.order:
            self.ask("reorg", s)
        self.phase = "after_reorg"

    def _step_after_reorg(self: Any) -> None:
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

    def _acts_reorg(self: Any, ask: Ask, seat: int) -> list[Action]:
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
        if self.can_trade(seat):
            acts.append({"type": "trade"})
        return acts

    def _do_reorg(self: Any, ask: Ask, seat: int, a: Action) -> bool:
        if a["type"] == "end":
            return True
        if a["type"] == "trade":
            self.start_trade(seat)
            return False
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
    def _step_ec_move(self: Any) -> None:
        self.seq = "3C"
        ctrl = self.cho if self.used_cho else self.pr
        assert ctrl is not None
        if any(self.ec_at(k) for k in self.stacks):
            self.ask("ec_move", ctrl)
            self.phase = "ec_fight"
        else:
            self.phase = "production"

    def ec_destinations(self: Any, k: str) -> list[str]:
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

    def _acts_ec_move(self: Any, ask: Ask, seat: int) -> list[Action]:
        acts: list[Action] = [{"type": "stay"}]
        for k in sorted(self.stacks):
            if self.ec_at(k) is not None and len(self.stacks[k]) == 1:
                acts += [{"type": "ec_go", "from": k, "to": d} for d in self.ec_destinations(k)]
        return acts

    def _do_ec_move(self: Any, ask: Ask, seat: int, a: Action) -> bool:
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
        self.emit(f"{P(seat)} déplace {'les' if EC_BAND[kind] else 'le'} {EC_NAMES[kind][0]} de {frm} à {to}.",
                  f"{P(seat)} moves the {EC_NAMES[kind][1]} from {frm} to {to}.")
        if other is not None and other["ec"] == kind:
            other["g"] += e["g"]
        elif kind == "ver" and to not in self.stacks:
            self.devour(to)
        else:
            self.stack(to).append(e)
        return True

    def _step_ec_fight(self: Any) -> None:
        for k in sorted(self.stacks):
            if len(self.stacks[k]) > 1:
                self.start_fight(k, upto=None)
                return
        self.check_eliminations()
        self.phase = "production"

    def devour(self: Any, k: str) -> None:
        if self.is_planet(k) and len(self.devoured) < MAX_DEVOURED:
            self.devoured.append(k)
            self.emit(f"Le Ver des Glands dévore la planète {k} : elle devient un astéroïde.",
                      f"The Acorn Worm devours planet {k}: it becomes an asteroid.")
        e = self.ec_at(k)
        if e is not None and e["ec"] == "ver":
            self.stacks[k].remove(e)
            self.tidy(k)
