"""Rencontre Cosmique's decisions, one handler per kind of question (core/flow.py): the answers a seat may give
(`actions`), what an answer does (`answer`: True when the question is settled) and why one is refused.

Every question may also be answered, where its actions list them, with an edict, an announced power or an answer
that uses a power, which a Zap may stop first: `Question.apply` (question.py) deals with those before the kind's own
answer. The powers' own questions are in their entries (powers.py: `kinds`); KINDS lists them with the turn's.
"""
from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from ...core.flow import Kind
from ...core.state import Action
from ...core.text import P, n_noun
from .asks import Q
from .data import BY_ID, PION, PLANETS_PER_SYSTEM, POWER_BY_ID, is_duel_card
from .power_entry import _cen, _cfr
from .powers import NEW_HAND_OFFERS, POWER_KINDS, on_gain, on_loss
from .question import NOT_ALLOWED, NOT_NOW, Question, Reason
from .table import _pl

__all__ = ["KINDS", "NOT_ALLOWED", "NOT_NOW", "Question", "Reason"]

if TYPE_CHECKING:
    from .rules import RencontreRules as G

class NewHand(Question):
    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        keep = [a for offers in NEW_HAND_OFFERS for a in offers(g, seat)]  # powers.py: a Vulch keeps its edicts
        return [{"type": "new_hand"}] + keep + g._edict_actions(seat, "new_hand")

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
        g._new_hand(seat, keep_edicts=action["type"] != "new_hand")  # a power's answer that keeps them
        return True


class Window(Question):
    """A moment where edicts and powers may be played: asked of every seat, holder or not."""

    reaction = True

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        return g._window_actions(seat, q["moment"]) + [{"type": "pass"}]


def _aim(g: G, seat: int, action: Action) -> bool:
    s, p = action["planet"]
    if "defender" in action:
        g.defence = action["defender"]
    g.target = (s, p)
    d = g.defence
    assert d is not None, "the cone points at a defence"
    g.emit(f"{P(seat)} pointe le cône vers {_pl(g.target)[0]} (défense : {P(d)}).",
           f"{P(seat)} aims the cone at {_pl(g.target)[1]} (defence: {P(d)}).")
    return True


class FreeAim(Question):
    """The Macron... any planet of any system: the offence chooses the defence too."""

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        off = g.offence
        return [{"type": "aim", "planet": [sys, p], "defender": sys} for sys in range(g.players)
                if sys != off and not g.eliminated[sys] for p in range(PLANETS_PER_SYSTEM)] + g.home_duel_choices()

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
        return _aim(g, seat, action)


class Aim(Question):
    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        return list(g.aim_choices())

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
        return _aim(g, seat, action)


class OwnColour(Question):
    """The offence drew its own colour: draw again, or fight at home against a foreign base."""

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        return [{"type": "redraw"}] + g.home_duel_choices()

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
        if action["type"] == "aim":
            return _aim(g, seat, action)
        disc = g._draw_disc()
        if disc == seat:
            g.emit(f"{P(seat)} tire encore sa propre couleur.", f"{P(seat)} draws their own colour again.")
            return False
        g.defence = disc
        g.emit(f"La tasse désigne {P(disc)}.", f"The cup points at {P(disc)}.")
        return True


class DropPower(Question):
    """Two powers out of three: one is dropped."""

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        return [{"type": "drop_power", "power": p} for p in sorted(set(g.powers[seat]))]

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
        g.powers[seat].remove(action["power"])
        g.power_pool.insert(0, action["power"])
        on_loss(g, seat, action["power"])
        g.emit(f"{P(seat)} rejette un de ses trois pouvoirs.", f"{P(seat)} drops one of their three powers.")
        g._announce_powers(seat)
        return True


class Rotate(Question):
    """Power rotation after a full round: keep the powers, or replace them one by one."""

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        return [{"type": "keep_powers"}] + ([{"type": "rotate_power", "power": p} for p in q["powers"]]
                                            if g.power_pool else [])

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
        if action["type"] == "keep_powers":
            return True
        old = action["power"]
        new = g._draw_power()
        if new is not None:
            i = g.powers[seat].index(old)
            g.powers[seat][i] = new
            g.power_pool.insert(0, old)
            on_loss(g, seat, old)  # powers.py: a Comédien's roles go back, or come with a new one
            on_gain(g, seat, [new])
            if old in g.shown_powers[seat]:
                g.shown_powers[seat].remove(old)
            g.reveal()
            g.emit(f"{P(seat)} remplace son pouvoir {POWER_BY_ID[old].name['fr']}.",
                   f"{P(seat)} replaces their power {POWER_BY_ID[old].name['en']}.")
            g._announce_powers(seat)
        q["powers"].remove(old)
        return not q["powers"]


class ZapReact(Question):
    """A power was announced: each other seat may answer it with a Zap."""

    reaction = True

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        if "zap" not in g.hands[seat] or [q["target"], q["power"]] in g.zapped or g.gone("edits"):
            return [{"type": "pass"}]
        return [{"type": "edict", "card": "zap", "target": q["target"], "power": q["power"]}, {"type": "pass"}]


class PesteCards(Question):
    """The Plague: one card of each kind still due goes to the discard."""

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        return [{"type": "discard", "card": c} for c in sorted(set(g.hands[seat])) if BY_ID[c].kind in q["due"]]

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
        g._discard_cards(seat, [action["card"]])
        q["due"].remove(BY_ID[action["card"]].kind)
        g.emit(f"La Peste coûte à {P(seat)} : {_cfr(action['card'])}.",
               f"The Plague costs {P(seat)}: {_cen(action['card'])}.")
        g._discarded(seat, [action["card"]])
        return not q["due"] or not self.actions(g, q, seat)


class Retrieve(Question):
    """Phase 2: one token out of the Black Hole."""

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        bases = g.bases(seat)
        acts: list[Action] = [{"type": "retrieve", "planet": list(pl)} for pl in bases]
        if not bases:
            acts.append({"type": "retrieve", "planet": None})
        return acts + [{"type": "pass"}]

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
        if action["type"] == "pass":
            return True
        g.trou_noir[seat] -= 1
        if action["planet"] is None:
            g.oval[seat].append(None)
            g.emit(f"{P(seat)} sort un pion du Trou Noir et le pose sur le cône.",
                   f"{P(seat)} takes a token out of the Black Hole onto the cone.")
        else:
            s, p = action["planet"]
            g.planets[s][p][seat] += 1
            g.emit(f"{P(seat)} sort un pion du Trou Noir.", f"{P(seat)} takes a token out of the Black Hole.")
        return True


class Send(Question):
    """Tokens onto the cone, one at a time, then « done »."""

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        acts: list[Action] = []
        if q["sent"] < g.cone_limit(seat, q["side"]):
            acts = [{"type": "send", "from": list(pl)} for pl in g.bases(seat)]
        if q["sent"] >= 1 or not acts:
            acts.append({"type": "send_done"})
        return acts

    def why(self, g: G, ask: Any, seat: int, action: Action) -> Reason | None:
        kind = action.get("type")
        if kind == "send_done":
            return ("Engagez au moins un pion.", "Commit at least one token.")
        if kind == "send":
            if ask["sent"] >= g.cone_limit(seat, ask["side"]):
                return ("Quatre pions au plus sur le cône.", "At most four tokens on the cone.")
            return ("Vous n'avez pas de pion sur cette planète.", "You have no token on that planet.")
        return super().why(g, ask, seat, action)

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
        cone = g.oval if q["side"] == "offence" else g.ring
        if action["type"] == "send":
            s, p = action["from"]
            g.planets[s][p][seat] -= 1
            cone[seat].append((s, p))
            q["sent"] += 1
            return False
        fr, en = n_noun(len(cone[seat]), PION)
        if seat == g.offence:
            g.emit(f"{P(seat)} engage {fr} sur le cône.", f"{P(seat)} commits {en} to the cone.")
        else:
            side = "l'attaque" if q["side"] == "offence" else "la défense"
            side_en = "the offence" if q["side"] == "offence" else "the defence"
            g.emit(f"{P(seat)} rejoint {side} avec {fr}.", f"{P(seat)} joins {side_en} with {en}.")
        return True


class Invite(Question):
    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        cands = list(g.candidates())
        return [{"type": "invite", "seats": list(sub)}
                for r in range(len(cands) + 1) for sub in itertools.combinations(cands, r)]

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
        g.invited[q["side"]] = list(action["seats"])
        who = ", ".join(P(s) for s in action["seats"]) or "personne"
        who_en = ", ".join(P(s) for s in action["seats"]) or "nobody"
        g.emit(f"{P(seat)} invite : {who}.", f"{P(seat)} invites: {who_en}.")
        return True


class Answer(Question):
    """An invited seat joins a side or stays out."""

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        acts: list[Action] = []
        if g.tokens_on_bases(seat):
            for side in ("offence", "defence"):
                if seat in g.invited[side]:
                    acts.append({"type": "ally", "side": side})
        return acts + [{"type": "decline"}]

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
        if action["type"] == "decline":
            g.emit(f"{P(seat)} reste à l'écart du duel.", f"{P(seat)} stays out of the duel.")
            return True
        g.allies[action["side"]].append(seat)
        g.queue[0] = {"seat": seat, "kind": "send", "side": action["side"], "sent": 0}
        return False


class Reward(Question):
    """A defensive ally's reward, one card or one token at a time."""

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        return list(g._reward_choices(seat))

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
        if action["kind"] == "card":
            g._draw(seat, 1)
            g.emit(f"{P(seat)} prend une carte en récompense.", f"{P(seat)} takes a card as a reward.")
        else:
            s, p = action["planet"]
            g.trou_noir[seat] -= 1
            g.planets[s][p][seat] += 1
            g.emit(f"{P(seat)} reprend un pion du Trou Noir en récompense.",
                   f"{P(seat)} takes a token back from the Black Hole as a reward.")
        q["left"] -= 1
        if q["left"] <= 0 or not g._reward_choices(seat):
            g.queue[0] = g._ring_home(seat)
        return False


class Place(Question):
    """Tokens coming home (a cone, the Black Hole) are placed one at a time."""

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        if not q["origins"]:
            return []
        origins = [tuple(o) if o else None for o in q["origins"]]
        return [{"type": "place", "planet": list(pl)} for pl in g._place_dests(seat, origins)]

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
        s, p = action["planet"]
        cone = g.oval if q.get("side") == "offence" else g.ring
        if q.get("cone"):
            cone[seat].pop()
        elif q.get("src") == "trou_noir":
            g.trou_noir[seat] -= 1
        q["origins"].pop()
        g.planets[s][p][seat] += 1
        return not q["origins"]


class Lose(Question):
    """Tokens lost one base at a time (the Plague): a Zombie then decides about them at once."""

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        return [{"type": "lose", "planet": list(pl)} for pl in g.bases(seat)]

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
        s, p = action["planet"]
        g.planets[s][p][seat] -= 1
        g.limbo[seat] += 1  # until all are chosen: a Zombie then decides about them at once
        q["lost"] = q.get("lost", 0) + 1
        q["left"] -= 1
        done = bool(q["left"] <= 0 or not g.bases(seat))
        if done:
            g.limbo[seat] -= q["lost"]
            g._lose(seat, q["lost"], q.get("annihilate", False))
        return done


class Establish(Question):
    """A base set up on a planet from the seat's other bases, one token at a time."""

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        acts: list[Action] = [{"type": "establish", "from": list(pl)} for pl in g.bases(seat)
                              if list(pl) != q["planet"]]
        if q["sent"] >= 1 or not acts:
            acts.append({"type": "establish_done"})
        return acts

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
        if action["type"] == "establish":
            s, p = action["from"]
            ts, tp = q["planet"]
            g.planets[s][p][seat] -= 1
            g.planets[ts][tp][seat] += 1
            q["sent"] += 1
            return False
        pl = (q["planet"][0], q["planet"][1])
        fr, en = n_noun(q["sent"], PION)
        g.emit(f"{P(seat)} établit une base sur {_pl(pl)[0]} ({fr}).", f"{P(seat)} sets up a base on {_pl(pl)[1]} ({en}).")
        return True


class SecondDuel(Question):
    """After a first success, another duel; or one a power offers after any duel (`q["power"]`, powers.py:
    `goes_on`, the Machine), asked of holders and the veiled alike: the answer uses that power."""

    def used_power(self, q: Q, action: Action) -> str | None:
        return q.get("power") if action["type"] == "second_duel" else None

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        if q.get("veiled"):
            return ([{"type": "second_duel"}] if g.power_on(seat, q["power"]) else []) + [{"type": "pass"}]
        return [{"type": "second_duel"}, {"type": "end_turn"}]

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
        kind = action["type"]
        if kind == "second_duel":
            if q.get("power"):
                g._note_use(seat, q["power"])
            g.emit(f"{P(seat)} organise un nouveau duel.", f"{P(seat)} starts another duel.")
        else:  # « end_turn », or a veiled Machine question let go
            g.phase = "end_turn"
        return True


class Auto(Question):
    """An announced power takes effect once the Zaps have answered (unless zapped meanwhile): nobody decides."""

    def waiting(self, g: G, ask: Any) -> list[int]:
        return []

    def open(self, g: G, ask: Any) -> bool:
        return False

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        return []

    def skip(self, g: G, ask: Any) -> None:
        q: Q = ask
        zapped = [q["seat"], q["action"]["power"]] in g.zapped
        if "then" in q:  # a power answering its own question: that question goes on
            own = g.queue[0] if g.queue else None
            handler = KINDS[own["kind"]] if own is not None else None
            if (own is not None and own["seat"] == q["seat"] and isinstance(handler, Question)
                    and handler.used_power(own, q["then"]) == q["action"]["power"]):
                then = {"type": "pass"} if zapped else q["then"]
                if handler.apply(g, own, own["seat"], then):
                    g.queue.discard(own)
        elif not zapped:
            g._power_effect(q["seat"], q["action"])


class Cards(Kind):
    """Phase 10, standing: each main player lays a duel card face down."""

    label = ("poser une carte de duel", "lay a duel card")

    def waiting(self, g: G, ask: Any) -> list[int]:
        return list(g.may_seal())

    def actions(self, g: G, ask: Any, seat: int) -> list[Action]:
        return [{"type": "play", "card": c} for c in g.playable_cards(seat)]

    def why(self, g: G, ask: Any, seat: int, action: Action) -> Reason | None:
        if action.get("type") != "play":
            return NOT_ALLOWED
        card = action.get("card")
        if card in g.duel_cards(seat):
            if g.gone("compromis" if card == "compromis" else "attaques"):
                return ("Cette carte a été escamotée pour ce tour.", "That card has vanished for this turn.")
            return ("Vous avez répondu au Chercheur : cette carte ne tient pas votre parole.",
                    "You answered the Seeker: that card breaks your word.")
        if isinstance(card, str) and card in g.hands[seat] and not is_duel_card(card):
            return ("Un édit ne se joue pas comme carte de duel.", "An edict cannot be played as a duel card.")
        return ("Vous n'avez pas cette carte de duel.", "You do not hold that duel card.")

    def apply(self, g: G, ask: Any, seat: int, action: Action) -> bool:
        g.sealed[seat] = action["card"]
        g.hands[seat].remove(action["card"])
        g.emit(f"{P(seat)} pose une carte de duel face cachée.", f"{P(seat)} lays a duel card face down.")
        g.emit(f"Vous jouez {_cfr(action['card'])}.", f"You play {_cen(action['card'])}.", to=[seat])
        d = g.defence
        assert d is not None
        g._after_seal(seat)
        if g.sealed[g.offence] is not None and g.sealed[d] is not None:
            g.phase = "window_sealed"
        return False


class Deal(Kind):
    """Phase « deal », standing: the two compromisers take turns at the terms (deal.py)."""

    label = ("négocier le marché", "negotiate the deal")

    def waiting(self, g: G, ask: Any) -> list[int]:
        assert g.deal is not None, "a deal is being made"
        return [g.deal["turn"]]

    def actions(self, g: G, ask: Any, seat: int) -> list[Action]:
        return list(g._deal_actions(seat))

    def why(self, g: G, ask: Any, seat: int, action: Action) -> Reason | None:
        if action.get("type") == "deal_propose":
            return ("Un marché ne peut pas échanger rien contre rien : il y faut une base ou au moins une carte.",
                    "A deal cannot trade nothing for nothing: it needs a base or at least one card.")
        return NOT_ALLOWED

    def apply(self, g: G, ask: Any, seat: int, action: Action) -> bool:
        g._apply_deal(seat, action)
        return False


_TURN_KINDS: dict[str, Kind] = {
    "new_hand": NewHand(), "window": Window(), "free_aim": FreeAim(), "drop_power": DropPower(), "rotate": Rotate(),
    "zap_react": ZapReact(), "peste_cards": PesteCards(), "retrieve": Retrieve(), "own_colour": OwnColour(),
    "aim": Aim(), "send": Send(), "invite": Invite(), "answer": Answer(), "reward": Reward(), "place": Place(),
    "lose": Lose(), "establish": Establish(), "second_duel": SecondDuel(), "auto": Auto(),
    "cards": Cards(), "deal": Deal(),
}
assert not set(_TURN_KINDS) & set(POWER_KINDS)
#: Every kind of question, by the name the queue gives it: the turn's, and each power's own (powers.py).
KINDS: dict[str, Kind] = {**_TURN_KINDS, **POWER_KINDS}
