"""The deal, when both sides of a duel compromise: terms, proposals, the clock, the penalty."""
from __future__ import annotations

from typing import Any

from ...core.state import Action
from ...core.text import P, n_noun
from .data import CARTE, DEAL_PENALTY, WORDS
from .power_entry import _cen, _cfr
from .powers import ANNIHILATE, DEAL_TERMS
from .table import MAX_DEAL_PROPOSALS, Planet, _pl
from .windows import Windows


def _words(word: str, **values: Any) -> tuple[str, str]:
    """WORDS[word] in French and in English, filled in; a value given as a (fr, en) pair is said in each language."""
    fr, en = ({k: v[i] if isinstance(v, tuple) else v for k, v in values.items()} for i in (0, 1))
    return WORDS[word]["fr"].format(**fr), WORDS[word]["en"].format(**en)


def _cards_words(word: str, n: int, **values: Any) -> tuple[str, str]:
    """A count of cards in words: WORDS[word] for one card, WORDS[word + "s"] for more."""
    return _words(word if n == 1 else word + "s", n=n, **values)


class Deals(Windows):
    """A deal between the two sides of a duel."""

    # The deal (both compromise).
    def _start_deal(self) -> None:
        off, d = self.offence, self.defence
        assert d is not None
        self.emit("Deux compromis : les alliés rentrent chez eux et un marché se négocie.",
                  "Two compromises: the allies go home and a deal is negotiated.")
        for s in range(self.players):
            if s == off:
                continue
            for cone in (self.oval, self.ring):
                if cone[s]:
                    self._push(s, "place", origins=[list(o) if o else None for o in cone[s]], cone=True,
                               side="offence" if cone is self.oval else "defence")
        # The offence's own tokens go back to where they came from.
        for o in self.oval[off]:
            if o is not None:
                self.planets[o[0]][o[1]][off] += 1
            else:
                self.trou_noir[off] += 1
        self.oval[off] = []
        self.deal = {"turn": off, "standing": None, "draft": self._empty_terms(), "proposals": 0}
        self.phase = "deal"

    @staticmethod
    def _empty_terms() -> dict[str, Any]:
        """The usual terms, and the powers' own (powers.py: `deal_term`, the Zombie's tokens handed back)."""
        return {"give_base": None, "ask_base": None, "give_cards": [], "ask_cards": 0,
                **{term.key: 0 for term in DEAL_TERMS}}

    def deal_partner(self, seat: int) -> int:
        assert self.defence is not None
        return self.defence if seat == self.offence else self.offence

    def give_base_choices(self, giver: int, receiver: int) -> list[Planet]:
        """A base may be offered only where the giver has one and the receiver none."""
        return [pl for pl in self.bases(giver) if self.planets[pl[0]][pl[1]][receiver] == 0]

    def _terms_valid(self, seat: int, t: dict[str, Any]) -> bool:
        # A base or a card must change hands: a power's own terms (the Zombie's tokens) come on top, never alone.
        something = (t["give_base"] is not None or t["ask_base"] is not None or t["give_cards"]
                     or t["ask_cards"] > 0)
        return bool(something)

    def _deal_actions(self, seat: int) -> list[Action]:
        deal = self.deal
        assert deal is not None
        other = self.deal_partner(seat)
        acts: list[Action] = [{"type": "timeout"}]
        if deal["standing"] is not None:
            acts.append({"type": "deal_accept"})
        if deal["proposals"] >= MAX_DEAL_PROPOSALS:
            return acts
        t = deal["draft"]
        for pl in self.give_base_choices(seat, other):
            if self.tokens_on_bases(other) and list(pl) != t["give_base"]:
                acts.append({"type": "deal_give_base", "planet": list(pl)})
        for pl in self.give_base_choices(other, seat):
            if list(pl) != t["ask_base"]:
                acts.append({"type": "deal_ask_base", "planet": list(pl)})
        if t["give_base"] is not None:
            acts.append({"type": "deal_give_base", "planet": None})
        if t["ask_base"] is not None:
            acts.append({"type": "deal_ask_base", "planet": None})
        left = list(self.hands[seat])
        for c in t["give_cards"]:
            left.remove(c)
        for c in sorted(set(left)):
            acts.append({"type": "deal_give_card", "card": c})
        for c in sorted(set(t["give_cards"])):
            acts.append({"type": "deal_keep_card", "card": c})
        for k in range(len(self.hands[other]) + 1):
            if k != t["ask_cards"]:
                acts.append({"type": "deal_ask_cards", "n": k})
        for term in DEAL_TERMS:
            acts += term.offers(self, seat, t)
        if self._terms_valid(seat, t):
            acts.append({"type": "deal_propose"})
        return acts

    def _apply_deal(self, seat: int, action: Action) -> None:
        deal = self.deal
        assert deal is not None
        kind = action["type"]
        t = deal["draft"]
        if kind == "timeout":
            self.emit("La minute est écoulée sans marché : chacun perd trois pions.",
                      "The minute is up without a deal: each side loses three tokens.")
            self.outcome = "no_deal"
            for s in (self.offence, self.defence):
                assert s is not None
                if self.tokens_on_bases(s):
                    partner = self.deal_partner(s)
                    annihilator = next((pw for pw in ANNIHILATE if self.power_on(partner, pw)), None)
                    if annihilator is not None:  # the Void acts (and shows itself) on the tokens lost without a deal
                        self._note_use(partner, annihilator)
                    self._push(s, "lose", left=DEAL_PENALTY, why="deal", annihilate=annihilator is not None)
            self.deal = None
            self.phase = "after_duel"
        elif kind == "deal_accept":
            proposer = self.deal_partner(seat)
            self._execute_deal(proposer, seat, deal["standing"])
        elif kind == "deal_propose":
            for term in DEAL_TERMS:
                term.proposed(self, t)
            deal["standing"] = {**t, "give_cards": list(t["give_cards"]), "by": seat}
            deal["proposals"] += 1
            deal["draft"] = self._empty_terms()
            deal["turn"] = self.deal_partner(seat)
            self.emit(f"{P(seat)} propose un marché : {self._terms_text(seat, deal['standing'])[0]}",
                      f"{P(seat)} proposes a deal: {self._terms_text(seat, deal['standing'])[1]}")
            if t["give_cards"]:
                self._cards_seen(seat, t["give_cards"], [self.deal_partner(seat)])
                many = len(t["give_cards"]) > 1
                self.emit(f"{'Cartes offertes' if many else 'Carte offerte'} : {', '.join(_cfr(c) for c in t['give_cards'])}.",
                          f"{'Cards' if many else 'Card'} offered: {', '.join(_cen(c) for c in t['give_cards'])}.",
                          to=[seat, self.deal_partner(seat)])
        elif kind == "deal_give_base":
            t["give_base"] = action["planet"]
        elif kind == "deal_ask_base":
            t["ask_base"] = action["planet"]
        elif kind == "deal_give_card":
            t["give_cards"].append(action["card"])
            t["give_cards"].sort()
        elif kind == "deal_keep_card":
            t["give_cards"].remove(action["card"])
        elif kind == "deal_ask_cards":
            t["ask_cards"] = action["n"]
        else:  # a power's own term (powers.py)
            t[next(term.key for term in DEAL_TERMS if term.action == kind)] = action["n"]

    def _terms_text(self, seat: int, t: dict[str, Any]) -> tuple[str, str]:
        other = self.deal_partner(seat)
        parts: list[tuple[str, str]] = []
        if t["give_base"] is not None:
            parts.append(_words("deal_base", to=P(other), planet=_pl(tuple(t["give_base"]))))  # type: ignore[arg-type]
        if t["ask_base"] is not None:
            parts.append(_words("deal_base", to=P(seat), planet=_pl(tuple(t["ask_base"]))))  # type: ignore[arg-type]
        if t["give_cards"]:
            parts.append(_cards_words("deal_chosen_card", len(t["give_cards"]), giver=P(seat), to=P(other)))
        for term in DEAL_TERMS:
            words = term.text(self, seat, t)
            if words is not None:
                parts.append(words)
        if t["ask_cards"]:
            parts.append(_cards_words("deal_random_card", t["ask_cards"], giver=P(other), to=P(seat)))
        return " ; ".join(fr for fr, _ in parts) + ".", "; ".join(en for _, en in parts) + "."

    def _execute_deal(self, proposer: int, accepter: int, t: dict[str, Any]) -> None:
        self.emit(f"{P(accepter)} accepte : marché conclu.", f"{P(accepter)} accepts: deal made.")
        self.deal = None
        self.outcome = "deal"
        if t["give_cards"]:
            for c in t["give_cards"]:
                self.hands[proposer].remove(c)
                self.hands[accepter].append(c)
            self._cards_out(proposer, t["give_cards"], [accepter])
            self._cards_in(accepter, t["give_cards"], [proposer])
            fr, en = n_noun(len(t["give_cards"]), CARTE)
            self.emit(f"{P(proposer)} donne {fr} à {P(accepter)}.", f"{P(proposer)} gives {en} to {P(accepter)}.")
        if t["ask_cards"]:
            self._take_random(accepter, proposer, t["ask_cards"])
        for term in DEAL_TERMS:
            term.made(self, proposer, accepter, t)
        new_bases = {accepter: t["give_base"], proposer: t["ask_base"]}
        for receiver in (self.offence, self.defence):  # the offence sets up first
            planet = new_bases.get(receiver)  # type: ignore[arg-type]
            if planet is not None and receiver is not None and self.tokens_on_bases(receiver):
                self._push(receiver, "establish", planet=list(planet), sent=0)
        self.phase = "after_duel"
