"""The six clans' powers (optional rule « Les pouvoirs des clans »): each power once per turn, never on the
first turn. Powers used at a window are answered like cards (`{"type": "power", "power": id}`); the others
come up where they apply (a combat, one's own voyages or reorganisation, the start of the vote)."""
from __future__ import annotations

from typing import Any

from ...core.state import Action
from ...core.text import P, n_noun
from .data import GORET

#: power id → (clan, French name, English name)
POWERS: dict[str, tuple[str, str, str]] = {
    "porcus_cards": ("porcus", "8 cartes au lieu de 6", "8 cards instead of 6"),
    "porcus_bar": ("porcus", "Empêcher un joueur d'être candidat", "Bar a player from standing"),
    "porcus_governor": ("porcus", "1 gouverneur de plus par tour", "1 more governor each turn"),
    "hylo_steal": ("hylocherus", "Piocher une carte dans la main d'un joueur", "Draw a card from a player's hand"),
    "hylo_famine": ("hylocherus", "Famine de glands", "Acorn famine"),
    "hylo_flee": ("hylocherus", "Fuir avant le premier round", "Flee before the first round"),
    "phaco_ties": ("phacocherus", "Gagner les égalités au combat", "Win ties in combat"),
    "phaco_assassin": ("phacocherus", "Assassiner des gouverneurs", "Assassinate governors"),
    "phaco_again": ("phacocherus", "Des troupes qui viennent de voyager repartent", "Troops that just moved move again"),
    "babi_convert": ("babiroussa", "Convertir des Gorets", "Convert Piglets"),
    "babi_ban": ("babiroussa", "Interdire à un joueur de débarquer sur une planète", "Forbid a player to land on a planet"),
    "babi_recover": ("babiroussa", "Récupérer un Goret tué", "Recover a killed Piglet"),
    "scrofa_swap": ("scrofa", "Intervertir deux planètes adjacentes", "Swap two adjacent planets"),
    "scrofa_move": ("scrofa", "Un Extra-Mouve gratuit", "A free Extra-Move"),
    "scrofa_far": ("scrofa", "Réorganiser sans tenir compte des distances", "Reorganise whatever the distance"),
    "pecari_reroll": ("pecari", "Relancer un dé de combat", "Reroll a combat die"),
    "pecari_tech": ("pecari", "±1 au niveau de technologie", "±1 to the technology level"),
    "pecari_teleport": ("pecari", "Une téléportation gratuite", "A free teleportation"),
}

#: Powers used at the card windows of each sequence.
WINDOW_POWERS = {
    "2B": ("hylo_steal", "hylo_famine", "babi_convert", "babi_ban", "scrofa_swap", "scrofa_move"),
    "3A": ("hylo_steal", "hylo_famine", "babi_convert", "scrofa_swap"),
    "4C": ("hylo_steal", "phaco_assassin"),
}


class Powers:
    """Mixin of CochonsEspace."""

    def power_ok(self: Any, seat: int, pid: str) -> bool:
        """Whether `seat` may use power `pid` now: the option is on, its clan's, not turn 1, not used yet, and the
        clan not eliminated this turn."""
        return (self.powers_on and self.turn > 1 and POWERS[pid][0] == self.clans[seat]
                and pid not in self.power_used[seat] and not self.out_this_turn(seat))

    def use_power(self: Any, seat: int, pid: str) -> None:
        self.power_used[seat].append(pid)
        self.reveal()
        self.emit(f"{P(seat)} utilise son pouvoir : {POWERS[pid][1]}.", f"{P(seat)} uses their power: {POWERS[pid][2]}.")

    def window_powers(self: Any, seat: int, seq: str) -> list[Action]:
        return [{"type": "power", "power": p} for p in WINDOW_POWERS.get(seq, ()) if self.power_usable(seat, p)]

    def power_usable(self: Any, seat: int, pid: str) -> bool:
        """Its clan's, unused this turn, and something to use it on."""
        if not self.power_ok(seat, pid):
            return False
        t = self.power_targets(seat, pid, [])
        return t is None or bool(t)

    def start_power(self: Any, seat: int, pid: str, at: int = 0) -> int:
        """Use a power that may need targets (asked in front, at `at`); returns the next index."""
        self.use_power(seat, pid)
        data: dict[str, Any] = {"card": pid, "seq": "", "picks": [], "power": True}
        if self.card_targets(seat, pid, [], data) is None:
            self.card_effect(seat, pid, [], data)
            return at
        self.ask("target", seat, at=at, **data)
        return at + 1

    def convertible(self: Any, seat: int, k: str) -> list[int]:
        """The other clans with Gorets on `k` (Babiroussa's conversion: never Gros Gruiks, never Extra-Cochons)."""
        return sorted(e["s"] for e in self.stacks.get(k, []) if e["s"] >= 0 and e["s"] != seat and e["g"] > 0)

    def power_targets(self: Any, seat: int, pid: str, picks: list[Any]) -> list[Any] | None:
        n = len(picks)
        others = [s for s in self.order if s != seat]
        if pid == "hylo_steal":
            return [s for s in others if self.hands[s]] if n == 0 else None
        if pid == "hylo_famine":
            return sorted(self.stacks) if n == 0 else None
        if pid == "phaco_assassin":
            return [s for s in others if self.held(s) > 0] if n == 0 else None
        if pid == "phaco_again":
            if n:
                return None
            return [k for k in self.hexes_of(seat) if (e := self.mine(k, seat)) and e["mg"] + e["mgg"] > 0]
        if pid == "babi_convert":
            # « convertir les troupes d'un autre clan »: a hex, the clan when several have Gorets there, a hex of one's own.
            if n == 0:
                return [k for k in sorted(self.stacks) if self.convertible(seat, k)] if self.hexes_of(seat) else []
            if n == 1:
                clans = self.convertible(seat, picks[0])
                return clans if len(clans) > 1 else self.hexes_of(seat)
            return self.hexes_of(seat) if n == 2 and isinstance(picks[1], int) else None
        if pid == "babi_ban":
            if n == 0:
                return sorted(self.tiles)
            return others if n == 1 else None
        if pid == "babi_recover":
            if n or self.killed[seat] <= 0 or self.reserve[seat][0] <= 0:
                return [] if not n else None
            return self.hexes_of(seat)
        if pid == "scrofa_swap":
            if n == 0:
                return [k for k in sorted(self.tiles) if self.landable(k)]
            return [k for k in self.adj[picks[0]] if self.landable(k)] if n == 1 else None
        if pid == "porcus_bar":
            last = self.porcus_last.get(str(seat))
            return [s for s in others if s not in self.barred and last != [self.turn - 1, s]] if n == 0 else None
        return None

    def power_effect(self: Any, seat: int, pid: str, picks: list[Any]) -> None:
        rng = self.rng
        if pid == "hylo_steal":
            t = picks[0]
            card = self.hands[t][rng.below(len(self.hands[t]))]
            self.hands[t].remove(card)
            self.hands[seat].append(card)
            self.emit(f"{P(seat)} pioche une carte dans la main de {P(t)}.",
                      f"{P(seat)} draws a card from {P(t)}'s hand.")
        elif pid == "hylo_famine":
            k = picks[0]
            dead = 0
            for e in list(self.stacks.get(k, [])):
                # One die per troop: a Goret dies on 5 or 6, a Gros Gruik on 6.
                dg = sum(1 for _ in range(e["g"]) if rng.randint(1, 6) >= 5)
                dgg = sum(1 for _ in range(e["gg"]) if rng.randint(1, 6) == 6)
                self.kill(k, e, dg, dgg)
                dead += dg + dgg
            self.tidy(k)
            self.emit(f"Famine de glands en {k} : {dead} troupe(s) éliminée(s).",
                      f"Acorn famine at {k}: {dead} troop(s) eliminated.")
            self.check_eliminations()
        elif pid == "phaco_assassin":
            t = picks[0]
            d = rng.randint(1, 6)
            n = 0 if d == 1 else 1 if d <= 3 else 2
            lost = self.lose_governors(t, n)
            self.emit(f"Assassinat ({d}) : {P(t)} perd {lost} gouverneur(s).",
                      f"Assassination ({d}): {P(t)} loses {lost} governor(s).")
        elif pid == "phaco_again":
            e = self.mine(picks[0], seat)
            e["mg"] = e["mgg"] = 0
            self.emit(f"Les troupes de {P(seat)} en {picks[0]} peuvent voyager à nouveau.",
                      f"{P(seat)}'s troops at {picks[0]} may travel again.")
        elif pid == "babi_convert":
            k, dest = picks[0], picks[-1]
            clans = [picks[1]] if len(picks) == 3 else self.convertible(seat, k)[:1]
            won = 0
            e = self.mine(k, clans[0]) if clans else None
            if e is not None:
                # One die per Goret of that clan (trying them all: a failed die costs nothing); 5 or 6 converts.
                n = sum(1 for _ in range(e["g"]) if rng.randint(1, 6) >= 5)
                won = min(n, self.reserve[seat][0])
                self.kill(k, e, won, 0)
            self.tidy(k)
            self.reserve[seat][0] -= won
            self.add_troops(dest, seat, won, 0)
            fr, en = n_noun(won, GORET)
            self.emit(f"Conversion en {k} : {fr} rejoi{'gnent' if won > 1 else 'nt'} {P(seat)} en {dest}.",
                      f"Conversion at {k}: {en} join{'' if won > 1 else 's'} {P(seat)} at {dest}.")
            self.check_eliminations()
        elif pid == "babi_ban":
            k, t = picks
            self.banned.setdefault(k, []).append(t)
            self.emit(f"{P(t)} ne peut plus débarquer en {k} ce tour-ci.", f"{P(t)} may not land at {k} this turn.")
        elif pid == "babi_recover":
            self.reserve[seat][0] -= 1
            self.killed[seat] -= 1
            self.add_troops(picks[0], seat, 1, 0)
            self.emit(f"{P(seat)} récupère un Goret tué en {picks[0]}.", f"{P(seat)} recovers a killed Piglet at {picks[0]}.")
        elif pid == "scrofa_swap":
            self.swap_hexes(picks[0], picks[1])
        elif pid == "scrofa_move":
            self.ask("voyage", seat, at=0, left=1)
        elif pid == "porcus_bar":
            t = picks[0]
            self.barred.append(t)
            self.porcus_last[str(seat)] = [self.turn, t]
            self.emit(f"{P(t)} ne peut pas être candidat à cette élection.", f"{P(t)} may not stand in this election.")
