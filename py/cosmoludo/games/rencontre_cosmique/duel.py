"""The duel: aim, alliances, cards laid and revealed, totals, rewards, consolation, what follows it."""
from __future__ import annotations

from typing import Any

from ...core.state import Action
from ...core.text import P
from .data import (
    MAX_TOKENS_ON_CONE,
    PLANETS_PER_SYSTEM,
    attack_value,
)
from .power_entry import _cen, _cfr
from .powers import (
    AFTER_CARDS,
    AFTER_DUEL,
    ANNIHILATE,
    GOES_ON,
    OFFENCE_CONE,
    ON_COMPROMISE,
    ON_OPPONENT_SEAL,
    ON_OWN_SEAL,
    SEAL_ORDER,
    SEALS_FIRST,
    SEALS_SECOND,
    TOKEN_VALUE,
    TOTAL,
)
from .table import _pl
from .turn import Turn


class Duel(Turn):
    """Phases 5 to 9 of a turn: from aiming the cone to what follows the duel."""

    # Phase 5: aim the cone.
    def _phase_aim(self) -> None:
        if self.target is None:
            self._push(self.offence, "aim")
        self.phase = "launch"

    def aim_choices(self) -> list[Action]:
        off, d = self.offence, self.defence
        assert d is not None
        acts: list[Action] = [{"type": "aim", "planet": [d, p]} for p in range(PLANETS_PER_SYSTEM)]
        if self.players == 2:
            # Two players: also a planet of your own system where the opponent has a base.
            acts += [{"type": "aim", "planet": [off, p]} for p in range(PLANETS_PER_SYSTEM)
                     if self.planets[off][p][d] > 0]
        return acts

    def home_duel_choices(self) -> list[Action]:
        """After drawing your own colour: a foreign base in your own system (planet and its owner)."""
        off = self.offence
        return [{"type": "aim", "planet": [off, p], "defender": s}
                for p in range(PLANETS_PER_SYSTEM) for s in range(self.players)
                if s != off and not self.eliminated[s] and self.planets[off][p][s] > 0]

    # Phase 6: tokens on the cone.
    def _phase_launch(self) -> None:
        self._push(self.offence, "send", side="offence", sent=len(self.oval[self.offence]))
        self.phase = "invite_offence"

    def cone_limit(self, seat: int, side: str) -> int:
        """Four tokens at most; a power may set fewer when attacking or backing the attack (powers.py: the Macron
        commits one; defending allies: four)."""
        if side == "offence":
            for pw, limit in OFFENCE_CONE:
                if self.power_on(seat, pw):
                    return limit
        return MAX_TOKENS_ON_CONE

    def token_value(self, seat: int) -> int:
        """What a token counts for in a total: one, or its power's value (powers.py: a Macron's four; never for
        consolations or rewards)."""
        for pw, value in TOKEN_VALUE:
            if self.power_on(seat, pw):
                return value
        return 1

    def _note_macrons(self) -> None:
        """The powers that made a token worth more were used by every seat with tokens in the duel."""
        for s in range(self.players):
            for pw, _ in TOKEN_VALUE:
                if (self.oval[s] or self.ring[s] or s == self.defence) and self.power_on(s, pw):
                    self._note_use(s, pw)

    # Phases 7–9: alliances.
    def _alliances_possible(self) -> bool:
        return self.players > 2 and len(self.candidates()) > 0 and not self.gone("alliances")

    def candidates(self) -> list[int]:
        return [s for s in self.seats_from_left_of(self.offence) if s != self.defence]

    def _phase_invite_offence(self) -> None:
        if self._alliances_possible():
            self._push(self.offence, "invite", side="offence")
        self.phase = "invite_defence"

    def _phase_invite_defence(self) -> None:
        if self._alliances_possible():
            assert self.defence is not None
            self._push(self.defence, "invite", side="defence")
        self.phase = "answers"

    def _phase_answers(self) -> None:
        for s in self.candidates():
            if s in self.invited["offence"] or s in self.invited["defence"]:
                self._push(s, "answer")
        self.phase = "window_pre_cards"

    def _phase_window_pre_cards(self) -> None:
        self._open_window("pre_cards")
        self.phase = "cards_check"

    # Phase 10: sealed duel cards.
    def _phase_cards_check(self) -> bool | None:
        off, d = self.offence, self.defence
        assert d is not None
        if self.gone("pioche") and not self.has_duel_card(d) and self.has_duel_card(off):
            self.emit(f"Sans pioche ni carte de duel, {P(d)} laisse l'attaque se poser.",
                      f"With no deck and no duel card, {P(d)} lets the offence land.")
            self._settle("offence", None)
            return None
        if self._rehand_vanished(off) or self._rehand_vanished(d):
            return True  # vanished cards thrown away: look again
        if self.has_duel_card(off) and self._defence_redraws():
            return None
        if not self.playable_cards(off) or not self.playable_cards(d):
            who = off if not self.playable_cards(off) else d
            self.emit(f"{P(who)} n'a aucune carte de duel à jouer : le duel n'a pas lieu.",
                      f"{P(who)} has no duel card to play: the duel does not happen.")
            self._send_everyone_home()
            self.outcome = "aborted"
            self.phase = "after_duel"
            return None
        for s in (off, d):  # the order of play shows an Oracle or a Laser at once
            for pw in SEAL_ORDER:
                if self.power_on(s, pw):
                    self._note_use(s, pw)
        self.phase = "cards"
        return None

    def _seals(self, seat: int, powers: list[str]) -> bool:
        return any(self.power_on(seat, pw) for pw in powers)

    def may_seal(self) -> list[int]:
        """Who may lay a card now (powers.py: the Oracle waits for its opponent, the Laser's opponent for the
        Laser)."""
        off, d = self.offence, self.defence
        assert d is not None
        out = []
        for s in (off, d):
            if self.sealed[s] is not None:
                continue
            o = d if s == off else off
            if self.sealed[o] is None:
                if self._seals(s, SEALS_SECOND) and not self._seals(s, SEALS_FIRST):
                    continue
                if self._seals(o, SEALS_FIRST) and not (self._seals(s, SEALS_FIRST) and s == off):
                    continue
            out.append(s)
        if not out:  # powers that both say "after you" (several powers each): the offence goes first
            out = [s for s in (off, d) if self.sealed[s] is None][:1]
        return out

    def _after_seal(self, seat: int) -> None:
        """A card was laid: the powers that act on it (powers.py: an Oracle opposite sees it face up, a Laser that
        laid it picks the opponent's)."""
        self.sealed_seen[seat] = []  # a new card: only its owner knows it
        o = self.opponent_of(seat)
        assert o is not None
        for pw, hook in ON_OPPONENT_SEAL:
            if self.power_on(o, pw):
                hook(self, o, seat)
        for pw, hook in ON_OWN_SEAL:
            if self.power_on(seat, pw):
                hook(self, seat, o)

    def _phase_window_sealed(self) -> None:
        self._open_window("sealed")
        self.phase = "reveal"

    # Phase 11: resolution.
    def _phase_reveal(self) -> None:
        off, d = self.offence, self.defence
        assert d is not None
        self.revealed = True
        self.reveal()
        co, cd = self.sealed[off], self.sealed[d]
        assert co is not None and cd is not None
        for s, c in ((off, co), (d, cd)):
            if s not in self.oracle_shown:
                self._cards_out(s, [c], None)
        self.emit(f"Les cartes sont retournées : {P(off)} {_cfr(co)}, {P(d)} {_cfr(cd)}.",
                  f"The cards are turned over: {P(off)} {_cen(co)}, {P(d)} {_cen(cd)}.")
        self.effective = list(self.sealed)
        self.phase = "window_revealed"

    def _phase_window_revealed(self) -> None:
        self._open_window("revealed")
        self.phase = "resolve"

    def side_total(self, side: str) -> int:
        """Tokens on one side of the duel (allies included)."""
        assert self.target is not None and self.defence is not None
        if side == "offence":
            return sum(len(t) * self.token_value(s) for s, t in enumerate(self.oval))
        sys, p = self.target
        return (self.planets[sys][p][self.defence] * self.token_value(self.defence)
                + sum(len(t) * self.token_value(s) for s, t in enumerate(self.ring)))

    def totals(self) -> tuple[int, int]:
        off, d = self.offence, self.defence
        assert d is not None
        co, cd = self.effective[off], self.effective[d]
        assert co is not None and cd is not None
        out = []
        for seat, card, side in ((off, co, "offence"), (d, cd, "defence")):
            tokens = self.side_total(side)
            made = next(((pw, total) for pw, total in TOTAL if self.power_on(seat, pw)), None)
            if made is not None:  # the Virus multiplies, even when adding would be better
                self._note_use(seat, made[0])
                out.append(made[1](attack_value(card), tokens))
            else:
                out.append(attack_value(card) + tokens)
        return out[0], out[1]

    def _phase_resolve(self) -> None:
        off, d = self.offence, self.defence
        assert d is not None and self.target is not None
        co, cd = self.effective[off], self.effective[d]
        assert co is not None and cd is not None
        for seat, other in ((off, d), (d, off)):
            for pw, turn in ON_COMPROMISE:  # the Empathe
                if self.effective[seat] == "compromis" and self.effective[other] != "compromis" and self.power_on(
                        seat, pw):
                    turn(self, seat, other)
        co, cd = self.effective[off], self.effective[d]
        comp_o, comp_d = co == "compromis", cd == "compromis"
        if comp_o and comp_d:
            self._start_deal()
            return
        if comp_o or comp_d:
            winner = "defence" if comp_o else "offence"
            self.emit("Un compromis face à une attaque : l'attaque l'emporte.",
                      "A compromise against an attack: the attack wins.")
            self._settle(winner, consolation=off if comp_o else d)
            return
        to, td = self.totals()
        self._note_macrons()
        self.last_totals = [to, td]
        winner = "offence" if to > td else "defence"
        self.emit(f"Totaux : {P(off)} {to}, {P(d)} {td}.", f"Totals: {P(off)} {to}, {P(d)} {td}.")
        self._settle(winner, consolation=None)

    def _settle(self, winner: str, consolation: int | None) -> None:
        """Move the tokens of a won or lost duel, then rewards and consolation."""
        off, d = self.offence, self.defence
        assert d is not None and self.target is not None
        sys, p = self.target
        winner_main = off if winner == "offence" else d
        annihilator = next((pw for pw in ANNIHILATE if self.power_on(winner_main, pw)), None)  # the Vide
        vide = annihilator is not None
        if annihilator is not None:
            self._note_use(winner_main, annihilator)
        lost_main = 0
        if winner == "offence":
            self.outcome = "offence"
            self.emit(f"{P(off)} gagne le duel et s'installe sur {_pl(self.target)[0]}.",
                      f"{P(off)} wins the duel and lands on {_pl(self.target)[1]}.")
            for s in range(self.players):
                if self.oval[s]:
                    self.planets[sys][p][s] += len(self.oval[s])
                    self.oval[s] = []
            lost_main = self.planets[sys][p][d]
            self.planets[sys][p][d] = 0
            self._lose(d, lost_main, vide)
            for s in range(self.players):
                k = len(self.ring[s])
                self.ring[s] = []
                self._lose(s, k, vide)
        else:
            self.outcome = "defence"
            self.emit(f"{P(d)} repousse l'attaque.", f"{P(d)} repels the attack.")
            lost_main = len(self.oval[off])
            for s in [off] + [x for x in range(self.players) if x != off]:
                k = len(self.oval[s])
                self.oval[s] = []
                self._lose(s, k, vide)
            for s in self.seats_from_left_of(off):
                if self.ring[s] and self._reward_choices(s):
                    self._push(s, "reward", left=len(self.ring[s]))
                elif self.ring[s]:  # nothing to take (no deck, no token in the Trou Noir): straight home
                    self.queue.append(self._ring_home(s))
        self.phase = "after_duel"
        if consolation is not None:
            self.consolation_due = (consolation, off if consolation == d else d, lost_main)
            self.phase = "window_consolation"

    def _reward_choices(self, seat: int) -> list[Action]:
        """A card (unless the deck has vanished) or a token back from the Trou Noir, per ring token."""
        acts: list[Action] = [] if self.gone("pioche") else [{"type": "reward", "kind": "card"}]
        if self.trou_noir[seat] > 0 and not self.gone("trou_noir"):
            acts += [{"type": "reward", "kind": "token", "planet": list(pl)}
                     for pl in self._place_dests(seat, self.ring[seat])]
        return acts

    def _ring_home(self, seat: int) -> dict[str, Any]:
        """A defending ally's tokens leave the ring for bases of its choice."""
        return {"seat": seat, "kind": "place", "origins": [list(o) if o else None for o in self.ring[seat]],
                "cone": True, "side": "defence"}

    def _phase_window_consolation(self) -> None:
        self._open_window("consolation")
        self.phase = "consolation"

    def _phase_consolation(self) -> None:
        """The compromiser must take one random card of the winner per token lost."""
        self.phase = "after_duel"
        assert self.consolation_due is not None
        taker, giver, k = self.consolation_due
        self.consolation_due = None
        if self.gassed:
            self.emit(f"Le Gaz Stellaire prive {P(taker)} de sa consolation.",
                      f"The Stellar Gas denies {P(taker)} their consolation.")
            return
        if k > 0:
            self._take_random(giver, taker, k)
        else:
            self.emit(f"{P(taker)} n'a perdu aucun pion : pas de consolation.",
                      f"{P(taker)} lost no token: no consolation.")

    # After the duel: cards to the discard, winner check, second duel.
    def _phase_after_duel(self) -> None:
        off, d = self.offence, self.defence
        for s in (off, d):  # powers.py: the Clone may take its own card back before the discard
            for ask in AFTER_DUEL:
                if s is not None:
                    ask(self, s)
        self.phase = "after_clone"

    def _phase_after_clone(self) -> None:
        off, d = self.offence, self.defence
        played: dict[int, str] = {}
        for s in (off, d):
            if s is not None and self.sealed[s] is not None:
                played[s] = self.sealed[s]  # type: ignore[assignment]
                (self.out_of_game if self.gone("defausse") else self.discard).append(self.sealed[s])  # type: ignore[arg-type]
                self.sealed[s] = None
        for s in (off, d):  # powers.py: the Voleur may take the card its opponent played
            for ask_ in AFTER_CARDS:
                if s is not None:
                    ask_(self, s, played)
        self.phase = "after_cards"

    def _phase_after_cards(self) -> None:
        off = self.offence
        self.last_outcome = self.outcome
        for s, c in self.set_aside:
            self.hands[s].append(c)
            self._cards_in(s, [c], None)
            self.emit(f"{P(s)} reprend la carte mise de côté.", f"{P(s)} takes back the card set aside.")
        self.set_aside = []
        self._send_everyone_home()  # nothing should be left; a safety net for aborted duels
        if self._check_win():
            return
        if self.outcome in ("offence", "deal"):
            self.success = True
        else:
            self.success = False
        if self.has_duel_card(off) and not self.eliminated[off]:
            if self.success and self.duel_no == 1:
                self._push(off, "second_duel")
                self.phase = "start_duel"
                return
            for pw in GOES_ON:  # powers.py: the Machine may go on (veiled: « pass » ends the turn)
                if self.asked(off, pw):
                    self._push(off, "second_duel", power=pw, veiled=self.veiled(off, pw))
                    self.phase = "start_duel"
                    return
        self.phase = "end_turn"
