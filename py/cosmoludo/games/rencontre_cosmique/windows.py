"""Edicts and powers at the moments their texts allow: the windows asked of every seat."""
from __future__ import annotations

import itertools
from typing import Any, ClassVar

from ...core.state import Action
from ...core.text import P
from .data import (
    HAND_SIZE,
    POWER_BY_ID,
    QUESTIONS,
    fact_answer,
    is_duel_card,
)
from .table import _cen, _cfr
from .view import Views


class Windows(Views):
    """Edicts and powers played in the windows of a turn."""

    # ---- windows: edicts and powers at the moments their texts allow -------------------
    #: When each edict may be played ("new_hand": while dealing with edicts before drawing a new hand;
    #: "defender": once the defence is known, before its new-hand check).
    EDICT_MOMENTS: ClassVar[dict[str, tuple[str, ...]]] = {
        "moebius": ("start", "new_hand"),
        "peste": ("start", "new_hand", "defender", "pre_cards", "sealed", "revealed", "consolation"),
        "champ_de_force": ("pre_cards", "sealed"),  # alliances sealed, up to the moment the cards turn over
        "controle_emotionnel": ("revealed",),
        "gaz_stellaire": ("consolation",),
        "zap": ("pre_cards", "revealed"),
    }
    #: Powers that act by themselves at a moment, so that a Zap may stop them there.
    ZAPPABLE_AT: ClassVar[dict[str, tuple[str, ...]]] = {
        "pre_cards": ("oracle", "laser", "macron", "insecte"),
        "revealed": ("virus", "macron", "vide", "empathe"),
    }

    def _open_window(self, moment: str) -> None:
        """Every player is asked, holder or not: who is asked must not tell who holds an edict."""
        for s in self.priority():
            self._push(s, "window", moment=moment)

    def _window_actions(self, seat: int, moment: str) -> list[Action]:
        return self._edict_actions(seat, moment) + self._power_actions(seat, moment)

    def _edict_actions(self, seat: int, moment: str) -> list[Action]:
        acts: list[Action] = []
        if self.gone("edits"):
            return acts
        for card in sorted(set(self.hands[seat])):
            if moment not in self.EDICT_MOMENTS.get(card, ()):
                continue
            if card == "moebius":
                if seat == self.offence and not self.gone("trou_noir"):
                    acts.append({"type": "edict", "card": card})
            elif card == "peste":
                acts += [{"type": "edict", "card": card, "victim": v} for v in range(self.players)
                         if not self.eliminated[v]]
            elif card == "champ_de_force":
                allies = sorted(a for side in ("offence", "defence") for a in self.allies[side]
                                if self.oval[a] or self.ring[a])
                acts += [{"type": "edict", "card": card, "allies": list(sub)}
                         for r in range(1, len(allies) + 1) for sub in itertools.combinations(allies, r)]
            elif card == "controle_emotionnel":
                if self.revealed and not self.deal:
                    acts.append({"type": "edict", "card": card})
            elif card == "gaz_stellaire":
                if self.consolation_due is not None:
                    acts.append({"type": "edict", "card": card})
            elif card == "zap":
                for t, pw in self.zap_targets(moment):
                    if t != seat:
                        acts.append({"type": "edict", "card": card, "target": t, "power": pw})
        return acts

    def zap_targets(self, moment: str) -> list[tuple[int, str]]:
        """Powers about to act at this moment (a declared optional power is zapped when announced)."""
        out = []
        involved = [s for s in range(self.players) if s in (self.offence, self.defence)
                    or self.oval[s] or self.ring[s]]
        for s in involved:
            for pw in sorted(set(self.powers[s] + [self.role[s] or ""] + self.copied_powers(s)) - {""}):
                if pw in self.ZAPPABLE_AT.get(moment, ()) and self.power_on(s, pw) and (
                        not self.hidden_powers or pw in self.shown_powers[s] or pw == self.role[s]):
                    out.append((s, pw))
        return out

    def _play_edict(self, seat: int, action: Action) -> None:
        card = action["card"]
        self.hands[seat].remove(card)
        self._cards_out(seat, [card], None)
        (self.out_of_game if self.gone("defausse") else self.discard).append(card)
        self.reveal()
        self.emit(f"{P(seat)} joue l'édit {_cfr(card)}.", f"{P(seat)} plays the edict {_cen(card)}.")
        effects: list[dict[str, Any]] = []
        if card == "moebius":
            for s in self.priority():
                if self.trou_noir[s] and self.bases(s):
                    effects.append({"seat": s, "kind": "place", "origins": [None] * self.trou_noir[s],
                                    "src": "trou_noir"})
        elif card == "peste":
            v = action["victim"]
            self.emit(f"La Peste frappe {P(v)}.", f"The Plague strikes {P(v)}.")
            if self.bases(v):
                effects.append({"seat": v, "kind": "lose", "left": 3, "why": "peste"})
            effects.append({"seat": v, "kind": "peste_cards", "due": ["attaque", "compromis", "edit"]})
        elif card == "champ_de_force":
            for a in action["allies"]:
                for side in ("offence", "defence"):
                    if a in self.allies[side]:
                        self.allies[side].remove(a)
                cone = self.oval if self.oval[a] else self.ring
                self.emit(f"Le Champ de Force renvoie {P(a)} chez lui.", f"The Force Field sends {P(a)} home.")
                effects.append({"seat": a, "kind": "place", "origins": [list(o) if o else None for o in cone[a]],
                                "cone": True, "side": "offence" if cone is self.oval else "defence"})
        elif card == "controle_emotionnel":
            self.effective = [("compromis" if c is not None else None) for c in self.effective]
            self.emit("Les deux cartes deviennent des compromis.", "Both cards become compromises.")
        elif card == "gaz_stellaire":
            self.gassed = True
        elif card == "zap":
            t, pw = action["target"], action["power"]
            self.zapped.append([t, pw])
            self.emit(f"Zap ! Le pouvoir {POWER_BY_ID[pw].name['fr']} de {P(t)} est suspendu pour ce duel.",
                      f"Zap! {P(t)}'s power {POWER_BY_ID[pw].name['en']} is suspended for this duel.")
        self.queue[0:0] = effects
        self._vulch_offer(seat, [card])

    def _power_actions(self, seat: int, moment: str) -> list[Action]:
        """Optional powers its owner may announce at this moment."""
        acts: list[Action] = []
        if self.defence is None:
            return acts
        main = seat in (self.offence, self.defence)
        mains = [self.offence, self.defence]

        def ready(pw: str) -> bool:
            return self.power_on(seat, pw) and [seat, pw] not in self.used

        if moment in ("defender", "pre_cards"):
            if self.involved(seat) and ready("chercheur"):
                acts += [{"type": "power", "power": "chercheur", "seat": t, "question": q}
                         for t in mains if t != seat for q in QUESTIONS]
            if main and ready("echangeur"):
                acts.append({"type": "power", "power": "echangeur"})
            if ready("esprit"):  # anyone at the table: a main player looks at its opponent's hand
                acts += [{"type": "power", "power": "esprit", "seat": t} for t in mains if t != seat]
            if self.involved(seat) and ready("philantrope"):
                acts += [{"type": "power", "power": "philantrope", "card": c, "to": t}
                         for c in sorted(set(self.hands[seat])) for t in mains if t != seat]
            if main and ready("mutant") and len(self.hands[seat]) < HAND_SIZE:
                acts.append({"type": "power", "power": "mutant"})
        elif moment == "sealed":
            if main and ready("sorcier"):
                acts.append({"type": "power", "power": "sorcier"})
            if main and ready("amibe"):
                acts.append({"type": "power", "power": "amibe"})
        elif moment == "revealed" and main and ready("chronos") and not self.chronos_used:
            acts.append({"type": "power", "power": "chronos"})
        return acts

    #: Answers to a power's own question that use the power, hence may meet a Zap (the Machine's only when
    #: the second duel is the Machine's doing).
    USES: ClassVar[dict[str, str]] = {"clone": "clone", "steal": "voleur", "vulch_take": "vulch", "zombie_place": "zombie",
                            "second_duel": "machine"}

    def _use_power(self, seat: int, action: Action, then: Action | None = None) -> None:
        """An optional power is announced: others may answer with a Zap before it takes effect.

        `then`: the answer to the power's own question (a Clone taking its card back...), applied after the
        Zaps, or replaced by « pass » if the power was zapped.
        """
        pw = action["power"]
        self.used.append([seat, pw])
        self.reveal()
        self._note_use(seat, pw)
        self.emit(f"{P(seat)} utilise son pouvoir : {POWER_BY_ID[pw].name['fr']}.",
                  f"{P(seat)} uses their power: {POWER_BY_ID[pw].name['en']}.")
        items: list[dict[str, Any]] = [{"seat": z, "kind": "zap_react", "target": seat, "power": pw}
                                       for z in self.priority() if z != seat]
        items.append({"seat": seat, "kind": "auto", "action": dict(action),
                      **({"then": dict(then)} if then is not None else {})})
        self.queue[0:0] = items

    def _power_effect(self, seat: int, action: Action) -> None:
        pw = action["power"]
        opp = self.opponent_of(seat)
        if pw == "chercheur":
            t, qid = action["seat"], action["question"]
            q = QUESTIONS[qid]
            self.emit(f"Le Chercheur {P(seat)} demande à {P(t)} : « {q['fr']} »",
                      f"The Seeker {P(seat)} asks {P(t)}: “{q['en']}”")
            if q["kind"] == "fact":
                yes = fact_answer(qid, self.hands[t])
                if yes and qid in ("a_compromis", "a_zap"):
                    self._cards_seen(t, ["compromis" if qid == "a_compromis" else "zap"], None)
                self.emit(f"{P(t)} répond : {'oui' if yes else 'non'}.", f"{P(t)} answers: {'yes' if yes else 'no'}.")
            else:
                self.queue.insert(0, {"seat": t, "kind": "question", "question": qid})
        elif pw == "echangeur":
            assert opp is not None
            self.hands[seat], self.hands[opp] = self.hands[opp], self.hands[seat]
            for v in range(self.players):  # everybody saw the hands change places
                self.known[v][seat], self.known[v][opp] = self.known[v][opp], self.known[v][seat]
            self.known[seat][opp], self.known[opp][seat] = {}, {}
            self.known[seat][seat], self.known[opp][opp] = {}, {}
            self._cards_seen(opp, self.hands[opp], [seat], whole=True)  # its own former hand
            self._cards_seen(seat, self.hands[seat], [opp], whole=True)
            self.emit(f"L'Échangeur {P(seat)} échange sa main avec celle de {P(opp)}.",
                      f"The Trader {P(seat)} swaps hands with {P(opp)}.")
        elif pw == "esprit":
            t = action["seat"]
            cards = sorted(self.hands[t])
            self._cards_seen(t, self.hidden_cards(t), [seat], whole=True)
            self.emit(f"L'Esprit {P(seat)} regarde la main de {P(t)}.", f"The Mind {P(seat)} looks at {P(t)}'s hand.")
            self.emit(f"Main de {P(t)} : {', '.join(_cfr(c) for c in cards) or 'vide'}.",
                      f"{P(t)}'s hand: {', '.join(_cen(c) for c in cards) or 'empty'}.", to=[seat])
        elif pw == "philantrope":
            c, t = action["card"], action["to"]
            if c in self.hands[seat]:
                self.hands[seat].remove(c)
                self.hands[t].append(c)
                self._cards_out(seat, [c], [t])
                self._cards_in(t, [c], [seat])
                self.emit(f"Le Philantrope {P(seat)} donne une carte à {P(t)}.",
                          f"The Philanthropist {P(seat)} gives {P(t)} a card.")
                self.emit(f"Carte donnée : {_cfr(c)}.", f"Card given: {_cen(c)}.", to=[seat, t])
        elif pw == "mutant":
            self.queue.insert(0, {"seat": seat, "kind": "mutant"})
        elif pw == "sorcier":
            assert opp is not None
            mine, theirs = self.sealed[seat], self.sealed[opp]
            assert mine is not None and theirs is not None
            self.sealed[seat], self.sealed[opp] = theirs, mine
            shown = [s for s in self.oracle_shown if s in (seat, opp)]  # a face-up card stays face up
            self.oracle_shown = [s for s in self.oracle_shown if s not in (seat, opp)] + [
                opp if s == seat else seat for s in shown]
            for a, b, c in ((seat, opp, mine), (opp, seat, theirs)):  # each now sees the card laid for it
                if b not in self.oracle_shown:
                    self._cards_out(a, [c], [b])
                    self._cards_in(b, [c], [a])
            self.emit(f"Le Sorcier {P(seat)} intervertit les deux cartes posées.",
                      f"The Sorcerer {P(seat)} swaps the two laid cards.")
        elif pw == "amibe":
            self.queue.insert(0, {"seat": seat, "kind": "amibe"})
        elif pw == "chronos":
            assert opp is not None
            self.chronos_used = True
            mine, theirs = self.sealed[seat], self.sealed[opp]
            assert mine is not None and theirs is not None
            self.hands[seat].append(mine)
            self._cards_in(seat, [mine], None)
            if any(is_duel_card(c) for c in self.hands[opp]):
                self.set_aside.append([opp, theirs])
            else:
                self.hands[opp].append(theirs)  # their last duel card stays available
                self._cards_in(opp, [theirs], None)
            self.sealed = [None] * self.players
            self.effective = [None] * self.players
            self.revealed = False
            self.oracle_shown = []
            self.queue = [q for q in self.queue if q["kind"] != "window"]
            self.emit("Voyage dans le temps ! Les deux joueurs rejouent une carte ; ce résultat sera définitif.",
                      "Time travel! Both players play a card again; this outcome will stand.")
            self.phase = "cards_check"

    def _amibe_actions(self, seat: int) -> list[Action]:
        assert self.target is not None
        tgt = list(self.target)
        acts: list[Action] = []
        if seat == self.offence:
            if len(self.oval[seat]) < (1 if self.power_on(seat, "macron") else 99):
                acts += [{"type": "amibe_add", "from": list(pl)} for pl in self.bases(seat)]
            if self.oval[seat]:
                acts += [{"type": "amibe_remove", "to": list(pl)} for pl in self._place_dests(seat, self.oval[seat])]
        else:
            ts, tp = self.target
            acts += [{"type": "amibe_add", "from": list(pl)} for pl in self.bases(seat) if list(pl) != tgt]
            if self.planets[ts][tp][seat]:
                acts += [{"type": "amibe_remove", "to": list(pl)} for pl in self.bases(seat) if list(pl) != tgt]
        return acts + [{"type": "amibe_done"}]
