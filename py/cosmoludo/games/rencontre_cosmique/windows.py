"""Edicts and powers at the moments their texts allow: the windows asked of every seat."""
from __future__ import annotations

import itertools
from typing import Any, ClassVar

from ...core.state import Action
from ...core.text import P
from .data import POWER_BY_ID
from .power_entry import _cen, _cfr
from .powers import ANNOUNCED, LENDERS, POWERS, ZAPPABLE_AT
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
            for pw in sorted(set(self.powers[s] + self.lent_powers(s)) - {""}):
                if pw in ZAPPABLE_AT.get(moment, ()) and self.power_on(s, pw) and (
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
        self._discarded(seat, [card])

    def _power_actions(self, seat: int, moment: str) -> list[Action]:
        """Optional powers its owner may announce at this moment (powers.py: each entry's `announce`)."""
        acts: list[Action] = []
        if self.defence is None:
            return acts
        own = self.powers[seat]
        lent = any(p in LENDERS for p in own)  # else only its own powers can be on (table.py: `power_on`)
        for pw, power in ANNOUNCED:
            if (lent or pw in own) and self.power_on(seat, pw) and [seat, pw] not in self.used:
                assert power.announce is not None
                acts += power.announce(self, seat, moment)
        return acts

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
        """An announced power takes effect (powers.py: its entry's `effect`)."""
        effect = POWERS[action["power"]].effect
        assert effect is not None
        effect(self, seat, action)
