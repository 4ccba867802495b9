"""The turn of Rencontre Cosmique phase by phase, up to the duel, and its end (win check, next player)."""
from __future__ import annotations

from typing import Any

from ...core.text import P
from .data import BASES_TO_WIN
from .deal import Deals
from .powers import AT_TURN_START, BEFORE_DUEL


class Turn(Deals):
    """Phases 1 to 4 of a turn and the end of a turn."""

    # ---- turn structure ---------------------------------------------------------
    def is_over(self) -> bool:
        return self.over

    def result(self) -> dict[str, Any] | None:
        if not self.over:
            return None
        return {"winners": list(self.winners),
                "scores": {str(s): self.foreign_bases(s) for s in range(self.players)}}

    # Phase 1: new cards when the offence holds no duel card (first duel of the turn only).
    def _phase_start_turn(self) -> None:
        self.duel_no = 0
        self.success = False
        self.escamote = None
        self.emit(f"Tour de {P(self.offence)}.", f"{P(self.offence)}'s turn.")
        for e in range(self.players):  # powers.py: before each turn the Escamoteur makes something vanish
            for pw, ask in AT_TURN_START:
                if self.power_on(e, pw):
                    ask(self, e)
        self.phase = "start_duel"

    def _phase_start_duel(self) -> None:
        self._reset_duel()
        self.duel_no += 1
        off = self.offence
        if self.duel_no > 1 and not self.has_duel_card(off):
            self.emit(f"{P(off)} n'a plus de carte de duel : fin du tour.", f"{P(off)} has no duel card left: end of turn.")
            self.phase = "end_turn"
            return
        self._before_duel(off)  # « avant chaque duel »: the offence's role is named before anything else
        if self.duel_no == 1 and self._needs_new_hand(off):
            self._push(off, "new_hand")
        self.phase = "after_new_hand"

    def _phase_after_new_hand(self) -> bool | None:
        off = self.offence
        if not self.has_duel_card(off):
            if self._needs_new_hand(off) and self._duel_card_available():
                self._push(off, "new_hand")  # a hand of edicts only: deal with them and draw again
                return None
            self.emit(f"{P(off)} ne peut pas obtenir de carte de duel : fin du tour.",
                      f"{P(off)} cannot get a duel card: end of turn.")
            self.phase = "end_turn"
            return None
        if self._rehand_vanished(off):
            return True  # its vanished cards thrown away: look again
        self.phase = "retrieve"
        return None

    # Phase 2: one token back from the Trou Noir.
    def _phase_retrieve(self) -> None:
        if self.trou_noir[self.offence] > 0 and not self.gone("trou_noir"):  # nothing comes out of a vanished one
            self._push(self.offence, "retrieve")
        self.phase = "window_start"

    def _phase_window_start(self) -> None:
        if self.gone("cone"):
            self.emit("Le cône a disparu : pas de duel ce tour-ci.", "The cone has vanished: no duel this turn.")
            self.phase = "end_turn"
            return
        self._open_window("start")
        self.phase = "destiny"

    # Phase 3: the destiny cup (two players: no cup, the offence chooses).
    def _phase_destiny(self) -> None:
        off = self.offence
        if self.players == 2:  # a game started with two (ruling: not one where only two are left)
            self.defence = self.seats_from_left_of(off)[0]
            self.phase = "window_defender"
            return
        if self.gone("tasse"):
            self._push(off, "free_aim")
            self.phase = "window_defender"
            return
        disc = self._draw_disc()
        if disc == off:
            self.emit(f"{P(off)} tire un disque de sa propre couleur.", f"{P(off)} draws a disc of their own colour.")
            self._push(off, "own_colour")
            self.phase = "window_defender"
            return
        self.defence = disc
        self.emit(f"La tasse désigne {P(disc)} : le duel aura lieu dans son système.",
                  f"The cup points at {P(disc)}: the duel takes place in their system.")
        self.phase = "window_defender"

    def _draw_disc(self) -> int:
        if len(self.cup) <= 1:  # the last disc is never drawn
            self.cup.extend(self.aside)
            self.aside = []
            self.rng.shuffle(self.cup)
            self.emit("Les disques retournent dans la tasse, qui est secouée.",
                      "The discs go back into the cup, which is shaken.")
        disc = self.cup.pop(self.rng.below(len(self.cup)))
        self.aside.append(disc)
        self.reveal()
        return disc

    def _before_duel(self, seat: int) -> None:
        """« Avant chaque duel »: what a main player's powers ask first (powers.py: a Comédien names its role)."""
        for ask in BEFORE_DUEL:
            ask(self, seat)

    def _phase_window_defender(self) -> None:
        """The defence is known: it names its Comédien role, then powers « before the cards » may act already,
        before its new-hand check (the rulebook's Philantrope hands the defence a card right after the cup)."""
        assert self.defence is not None
        self._before_duel(self.defence)
        self._open_window("defender")
        self.phase = "defender_hand"

    # Phase 4: the defence draws a new hand if it holds no duel card.
    def _phase_defender_hand(self) -> bool | None:
        d = self.defence
        assert d is not None
        if self._rehand_vanished(d) or self._defence_redraws():
            return True  # look again once the new hand is drawn
        self.phase = "aim"
        return None

    def _defence_redraws(self) -> bool:
        """At any moment of a duel before the cards are laid, a defence without a duel card draws a new hand
        (again while it draws edicts only and a duel card is left somewhere)."""
        d = self.defence
        assert d is not None
        if self._needs_new_hand(d) and self._duel_card_available():
            self._push(d, "new_hand")
            return True
        return False

    def _check_win(self) -> bool:
        winners = [s for s in range(self.players) if not self.eliminated[s] and self.foreign_bases(s) >= BASES_TO_WIN]
        if not winners:
            alive = [s for s in range(self.players) if not self.eliminated[s]]
            if len(alive) == 1:
                winners = alive
        if winners:
            self.winners = winners
            self.over = True
            self.queue = []
            names = " et ".join(P(s) for s in winners)
            names_en = " and ".join(P(s) for s in winners)
            one = len(winners) == 1
            if self.foreign_bases(winners[0]) >= BASES_TO_WIN:
                self.emit(f"{names} {'gagne' if one else 'gagnent'} avec cinq bases étrangères !",
                          f"{names_en} {'wins' if one else 'win'} with five foreign bases!")
            else:
                self.emit(f"Plus personne d'autre en jeu : {names} gagne !", f"Nobody else is left: {names_en} wins!")
            return True
        return False

    def _phase_end_turn(self) -> None:
        self._send_everyone_home()  # a token retrieved onto the cone of a duel that never came goes back
        self._reset_duel()
        self.offence = self.seats_from_left_of(self.offence)[0]
        self.phase = "start_turn"
        self.turns_since_rotation += 1
        alive = [s for s in range(self.players) if not self.eliminated[s]]
        # A full round: as many turns since the last rotation as there are players still in the game.
        if self.options.get("rotation") and self.options["pouvoirs"] and self.turns_since_rotation >= len(alive):
            self.turns_since_rotation = 0
            # A full round is over: each player keeps their powers or draws new ones.
            for s in [self.offence] + self.seats_from_left_of(self.offence):
                if self.powers[s]:
                    self._push(s, "rotate", powers=sorted(set(self.powers[s])))
