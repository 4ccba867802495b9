"""Rencontre Cosmique's decisions, one handler per kind of question (core/flow.py): the answers a seat may give
(`actions`), what an answer does (`answer`: True when the question is settled) and why one is refused.

Every question may also be answered, where its actions list them, with an edict, an announced power or a power's
own answer that a Zap may stop first (powers.py: `USES`): `Question.apply` deals with those before the kind's own answer.
"""
from __future__ import annotations

import itertools
from typing import Any

from ...core.flow import Kind
from ...core.state import Action
from ...core.text import P
from .asks import Q
from .data import BY_ID, ESCAMOTABLE, HAND_SIZE, PLANETS_PER_SYSTEM, POWER_BY_ID, is_duel_card
from .powers import USES
from .table import _cen, _cfr, _pl

Reason = tuple[str, str]

#: The refusal of an answer that does not fit the question, when nothing more precise is known.
NOT_NOW: Reason = ("Ce n'est pas la décision attendue maintenant : choisissez parmi ce qui vous est proposé.",
                   "That is not the decision expected now: choose among what you are offered.")
#: The refusal of the contract (core/state.py) for a standing decision that has no better reason.
NOT_ALLOWED: Reason = ("Cette action n'est pas permise maintenant.", "That action is not allowed now.")


def _take_from_discard(g: Any, seat: int, card: str) -> None:
    """The last copy of `card` in the discard pile goes to `seat`'s hand (a Voleur, a Vulch)."""
    idx = len(g.discard) - 1 - g.discard[::-1].index(card)
    g.discard.pop(idx)
    g.hands[seat].append(card)
    g._cards_in(seat, [card], None)


class Question(Kind):
    """A question asked of one seat (`q["seat"]`)."""

    label = ("choisir parmi ce qui vous est proposé", "choose among what you are offered")

    def waiting(self, g: Any, ask: Any) -> list[int]:
        return [ask["seat"]]

    def open(self, g: Any, ask: Any) -> bool:
        """A question left with no answer (a card or a base went away meanwhile) is dropped."""
        return bool(self.actions(g, ask, ask["seat"]))

    def why(self, g: Any, ask: Any, seat: int, action: Action) -> Reason | None:
        kind = action.get("type")
        if kind == "aim":
            pl = action.get("planet")
            if isinstance(pl, list) and len(pl) == 2 and pl[0] == g.offence:
                return ("Vous ne pouvez pas attaquer une planète de votre propre système sans base adverse.",
                        "You cannot attack a planet of your own system without an opposing base.")
            return ("Visez une planète du système du joueur défensif.", "Aim at a planet of the defence's system.")
        if kind == "ally":
            return ("Vous n'avez pas été invité de ce côté, ou n'avez aucun pion disponible.",
                    "You were not invited to that side, or have no token available.")
        return NOT_NOW

    def apply(self, g: Any, ask: Any, seat: int, action: Action) -> bool:
        q: Q = ask
        kind = action["type"]
        pw = USES.get(kind) if kind != "second_duel" or q.get("machine") else None
        if pw is not None and [seat, pw] not in g.used and not g.gone("edits"):
            g._use_power(seat, {"type": "power", "power": pw}, then=action)  # a Zap may answer first
            return False
        if kind == "edict":
            g._play_edict(seat, action)
            if q["kind"] == "zap_react":
                g.queue.remove(q)
            return False
        if kind == "power":
            g._use_power(seat, action)
            return False
        return self.answer(g, q, seat, action)

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
        """The kind's own answer (« pass » by default: settled, nothing else happens)."""
        return True


class NewHand(Question):
    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        keep = [{"type": "vulch_keep"}] if g.hands[seat] and g.power_on(seat, "vulch") else []
        return [{"type": "new_hand"}] + keep + g._edict_actions(seat, "new_hand")

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
        g._new_hand(seat, keep_edicts=action["type"] == "vulch_keep")
        return True


class Window(Question):
    """A moment where edicts and powers may be played: asked of every seat, holder or not."""

    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        return g._window_actions(seat, q["moment"]) + [{"type": "pass"}]


class Escamote(Question):
    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        left = [k for k in ESCAMOTABLE if k not in g.escamote_used] or list(ESCAMOTABLE)
        return [{"type": "escamote", "item": k} for k in left]

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
        item = action["item"]
        if len(g.escamote_used) >= len(ESCAMOTABLE):
            g.escamote_used = []
        g.escamote_used.append(item)
        g.escamote = item
        g._note_use(seat, "escamoteur")
        g.emit(f"L'Escamoteur {P(seat)} fait disparaître pour ce tour : {ESCAMOTABLE[item]['fr']}",
               f"The Conjurer {P(seat)} makes this vanish for the turn: {ESCAMOTABLE[item]['en']}")
        return True


def _aim(g: Any, seat: int, action: Action) -> bool:
    s, p = action["planet"]
    if "defender" in action:
        g.defence = action["defender"]
    g.target = (s, p)
    g.emit(f"{P(seat)} pointe le cône vers {_pl(g.target)[0]} (défense : {P(g.defence)}).",
           f"{P(seat)} aims the cone at {_pl(g.target)[1]} (defence: {P(g.defence)}).")
    return True


class FreeAim(Question):
    """The Macron... any planet of any system: the offence chooses the defence too."""

    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        off = g.offence
        return [{"type": "aim", "planet": [sys, p], "defender": sys} for sys in range(g.players)
                if sys != off and not g.eliminated[sys] for p in range(PLANETS_PER_SYSTEM)] + g.home_duel_choices()

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
        return _aim(g, seat, action)


class Aim(Question):
    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        return list(g.aim_choices())

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
        return _aim(g, seat, action)


class OwnColour(Question):
    """The offence drew its own colour: draw again, or fight at home against a foreign base."""

    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        return [{"type": "redraw"}] + g.home_duel_choices()

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
        if action["type"] == "aim":
            return _aim(g, seat, action)
        disc = g._draw_disc()
        if disc == seat:
            g.emit(f"{P(seat)} tire encore sa propre couleur.", f"{P(seat)} draws their own colour again.")
            return False
        g.defence = disc
        g.emit(f"La tasse désigne {P(disc)}.", f"The cup points at {P(disc)}.")
        return True


class Role(Question):
    """The Comédien chooses the part it plays in this duel."""

    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        return [{"type": "role", "power": p} for p in g.roles[seat] if p != g.last_role[seat]]

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
        g.role[seat] = g.last_role[seat] = action["power"]
        g._note_use(seat, "comedien")
        g.reveal()
        g.emit(f"Le Comédien {P(seat)} joue le rôle : {POWER_BY_ID[action['power']].name['fr']}.",
               f"The Actor {P(seat)} plays the part of: {POWER_BY_ID[action['power']].name['en']}.")
        return True


class DropPower(Question):
    """Two powers out of three: one is dropped."""

    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        return [{"type": "drop_power", "power": p} for p in sorted(set(g.powers[seat]))]

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
        g.powers[seat].remove(action["power"])
        g.power_pool.insert(0, action["power"])
        if action["power"] == "comedien" and "comedien" not in g.powers[seat]:
            g._return_roles(seat)
        g.emit(f"{P(seat)} rejette un de ses trois pouvoirs.", f"{P(seat)} drops one of their three powers.")
        g._announce_powers(seat)
        return True


class Rotate(Question):
    """Power rotation after a full round: keep the powers, or replace them one by one."""

    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        return [{"type": "keep_powers"}] + ([{"type": "rotate_power", "power": p} for p in q["powers"]]
                                            if g.power_pool else [])

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
        if action["type"] == "keep_powers":
            return True
        old = action["power"]
        new = g._draw_power()
        if new is not None:
            i = g.powers[seat].index(old)
            g.powers[seat][i] = new
            g.power_pool.insert(0, old)
            if old == "comedien" and "comedien" not in g.powers[seat]:
                g._return_roles(seat)
            if new == "comedien" and not g.roles[seat]:
                g._give_roles(seat)
            if old in g.shown_powers[seat]:
                g.shown_powers[seat].remove(old)
            g.reveal()
            g.emit(f"{P(seat)} remplace son pouvoir {POWER_BY_ID[old].name['fr']}.",
                   f"{P(seat)} replaces their power {POWER_BY_ID[old].name['en']}.")
            g._announce_powers(seat)
        q["powers"].remove(old)
        return not q["powers"]


class Question_(Question):
    """The Chercheur's question about a future card: yes or no, and the answer binds."""

    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        return [{"type": "answer", "yes": True}, {"type": "answer", "yes": False}]

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
        g.commitments.append([seat, q["question"], action["yes"]])
        g.emit(f"{P(seat)} répond : {'oui' if action['yes'] else 'non'} (et s'y tiendra).",
               f"{P(seat)} answers: {'yes' if action['yes'] else 'no'} (and will stick to it).")
        return True


class ZapReact(Question):
    """A power was announced: each other seat may answer it with a Zap."""

    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        if "zap" not in g.hands[seat] or [q["target"], q["power"]] in g.zapped or g.gone("edits"):
            return [{"type": "pass"}]
        return [{"type": "edict", "card": "zap", "target": q["target"], "power": q["power"]}, {"type": "pass"}]


class Zombie(Question):
    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        rise = g.bases(seat) if g.power_on(seat, "zombie") else []
        return [{"type": "zombie_place", "planet": list(pl)} for pl in rise] + [{"type": "pass"}]

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
        if action["type"] == "pass":
            left = q["left"]
            g.limbo[seat] -= left
            q["left"] = 0
            g._lose_now(seat, left, q["vide"])
            return True
        s_, p_ = action["planet"]
        g.limbo[seat] -= 1
        g.planets[s_][p_][seat] += 1
        g._note_use(seat, "zombie")
        q["left"] -= 1
        g.emit(f"Le Zombie {P(seat)} se relève : un pion revient sur une base.",
               f"The Zombie {P(seat)} rises again: a token returns to a base.")
        return bool(q["left"] <= 0)


class Mutant(Question):
    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        if len(g.hands[seat]) >= HAND_SIZE:
            return []
        acts: list[Action] = [{"type": "mutant_take", "from": o} for o in range(g.players)
                              if o != seat and g.hands[o]]
        if (g.deck or g.discard) and not g.gone("pioche"):
            acts.append({"type": "mutant_take", "from": "deck"})
        return acts + [{"type": "mutant_done"}]

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
        if action["type"] == "mutant_done":
            return True
        src = action["from"]
        if src == "deck":
            g._draw(seat, 1)
            g.emit(f"Le Mutant {P(seat)} pioche une carte.", f"The Mutant {P(seat)} draws a card.")
        else:
            g._take_random(src, seat, 1)
        return len(g.hands[seat]) >= HAND_SIZE


class Amibe(Question):
    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        return list(g._amibe_actions(seat))

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
        kind = action["type"]
        if kind == "amibe_add":
            s_, p_ = action["from"]
            g.planets[s_][p_][seat] -= 1
            if seat == g.offence:
                g.oval[seat].append((s_, p_))
            else:
                assert g.target is not None
                g.planets[g.target[0]][g.target[1]][seat] += 1
            g.emit(f"L'Amibe {P(seat)} suinte : un pion de plus dans le duel.",
                   f"The Amoeba {P(seat)} oozes: one more token in the duel.")
            return False
        if kind == "amibe_remove":
            s_, p_ = action["to"]
            if seat == g.offence:
                g.oval[seat].pop()
            else:
                assert g.target is not None
                g.planets[g.target[0]][g.target[1]][seat] -= 1
            g.planets[s_][p_][seat] += 1
            g.emit(f"L'Amibe {P(seat)} se rétracte : un pion de moins dans le duel.",
                   f"The Amoeba {P(seat)} shrinks: one token fewer in the duel.")
            return False
        return True  # amibe_done


class Clone(Question):
    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        return ([{"type": "clone"}] if g.power_on(seat, "clone") else []) + [{"type": "pass"}]

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
        if action["type"] == "clone":
            card = g.sealed[seat]
            assert card is not None
            g.sealed[seat] = None
            g.hands[seat].append(card)
            g._cards_in(seat, [card], None)
            g._note_use(seat, "clone")
            g.emit(f"Le Clone {P(seat)} reprend sa carte {_cfr(card)}.",
                   f"The Clone {P(seat)} takes back their {_cen(card)}.")
        return True


class Voleur(Question):
    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        if q["card"] not in g.discard:
            return []
        return ([{"type": "steal"}] if g.power_on(seat, "voleur") else []) + [{"type": "pass"}]

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
        if action["type"] == "steal":
            card = q["card"]
            _take_from_discard(g, seat, card)
            g._note_use(seat, "voleur")
            g.emit(f"Le Voleur {P(seat)} empoche la carte jouée par son adversaire : {_cfr(card)}.",
                   f"The Thief {P(seat)} pockets the card its opponent played: {_cen(card)}.")
        return True


class Vulch(Question):
    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        left = sorted({c for c in q["cards"] if c in g.discard})
        if not left:
            return []
        takes = left if g.power_on(seat, "vulch") else []
        return [{"type": "vulch_take", "card": c} for c in takes] + [{"type": "pass"}]

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
        if action["type"] == "pass":
            return True
        card = action["card"]
        _take_from_discard(g, seat, card)
        g._note_use(seat, "vulch")
        q["cards"].remove(card)
        g.emit(f"Le Vulch {P(seat)} récupère {_cfr(card)}.", f"The Vulch {P(seat)} collects {_cen(card)}.")
        return not q["cards"]


class PesteCards(Question):
    """The Plague: one card of each kind still due goes to the discard."""

    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        return [{"type": "discard", "card": c} for c in sorted(set(g.hands[seat])) if BY_ID[c].kind in q["due"]]

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
        g._discard_cards(seat, [action["card"]])
        q["due"].remove(BY_ID[action["card"]].kind)
        g.emit(f"La Peste coûte à {P(seat)} : {_cfr(action['card'])}.",
               f"The Plague costs {P(seat)}: {_cen(action['card'])}.")
        g._discarded(seat, [action["card"]])
        return not q["due"] or not self.actions(g, q, seat)


class Retrieve(Question):
    """Phase 2: one token out of the Black Hole."""

    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        bases = g.bases(seat)
        acts: list[Action] = [{"type": "retrieve", "planet": list(pl)} for pl in bases]
        if not bases:
            acts.append({"type": "retrieve", "planet": None})
        return acts + [{"type": "pass"}]

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
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

    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        acts: list[Action] = []
        if q["sent"] < g.cone_limit(seat, q["side"]):
            acts = [{"type": "send", "from": list(pl)} for pl in g.bases(seat)]
        if q["sent"] >= 1 or not acts:
            acts.append({"type": "send_done"})
        return acts

    def why(self, g: Any, ask: Any, seat: int, action: Action) -> Reason | None:
        kind = action.get("type")
        if kind == "send_done":
            return ("Engagez au moins un pion.", "Commit at least one token.")
        if kind == "send":
            if ask["sent"] >= g.cone_limit(seat, ask["side"]):
                return ("Quatre pions au plus sur le cône.", "At most four tokens on the cone.")
            return ("Vous n'avez pas de pion sur cette planète.", "You have no token on that planet.")
        return super().why(g, ask, seat, action)

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
        cone = g.oval if q["side"] == "offence" else g.ring
        if action["type"] == "send":
            s, p = action["from"]
            g.planets[s][p][seat] -= 1
            cone[seat].append((s, p))
            q["sent"] += 1
            return False
        if seat == g.offence:
            g.emit(f"{P(seat)} engage {len(cone[seat])} pion(s) sur le cône.",
                   f"{P(seat)} commits {len(cone[seat])} token(s) to the cone.")
        else:
            side = "l'attaque" if q["side"] == "offence" else "la défense"
            side_en = "the offence" if q["side"] == "offence" else "the defence"
            g.emit(f"{P(seat)} rejoint {side} avec {len(cone[seat])} pion(s).",
                   f"{P(seat)} joins {side_en} with {len(cone[seat])} token(s).")
        return True


class Invite(Question):
    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        cands = list(g.candidates())
        return [{"type": "invite", "seats": list(sub)}
                for r in range(len(cands) + 1) for sub in itertools.combinations(cands, r)]

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
        g.invited[q["side"]] = list(action["seats"])
        who = ", ".join(P(s) for s in action["seats"]) or "personne"
        who_en = ", ".join(P(s) for s in action["seats"]) or "nobody"
        g.emit(f"{P(seat)} invite : {who}.", f"{P(seat)} invites: {who_en}.")
        return True


class Answer(Question):
    """An invited seat joins a side or stays out."""

    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        acts: list[Action] = []
        if g.tokens_on_bases(seat):
            for side in ("offence", "defence"):
                if seat in g.invited[side]:
                    acts.append({"type": "ally", "side": side})
        return acts + [{"type": "decline"}]

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
        if action["type"] == "decline":
            g.emit(f"{P(seat)} reste à l'écart du duel.", f"{P(seat)} stays out of the duel.")
            return True
        g.allies[action["side"]].append(seat)
        g.queue[0] = {"seat": seat, "kind": "send", "side": action["side"], "sent": 0}
        return False


class Reward(Question):
    """A defensive ally's reward, one card or one token at a time."""

    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        return list(g._reward_choices(seat))

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
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

    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        if not q["origins"]:
            return []
        origins = [tuple(o) if o else None for o in q["origins"]]
        return [{"type": "place", "planet": list(pl)} for pl in g._place_dests(seat, origins)]

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
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

    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        return [{"type": "lose", "planet": list(pl)} for pl in g.bases(seat)]

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
        s, p = action["planet"]
        g.planets[s][p][seat] -= 1
        g.limbo[seat] += 1  # until all are chosen: a Zombie then decides about them at once
        q["lost"] = q.get("lost", 0) + 1
        q["left"] -= 1
        done = bool(q["left"] <= 0 or not g.bases(seat))
        if done:
            g.limbo[seat] -= q["lost"]
            g._lose(seat, q["lost"], q.get("vide", False))
        return done


class Establish(Question):
    """A base set up on a planet from the seat's other bases, one token at a time."""

    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        acts: list[Action] = [{"type": "establish", "from": list(pl)} for pl in g.bases(seat)
                              if list(pl) != q["planet"]]
        if q["sent"] >= 1 or not acts:
            acts.append({"type": "establish_done"})
        return acts

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
        if action["type"] == "establish":
            s, p = action["from"]
            ts, tp = q["planet"]
            g.planets[s][p][seat] -= 1
            g.planets[ts][tp][seat] += 1
            q["sent"] += 1
            return False
        pl = (q["planet"][0], q["planet"][1])
        g.emit(f"{P(seat)} établit une base sur {_pl(pl)[0]} ({q['sent']} pion(s)).",
               f"{P(seat)} sets up a base on {_pl(pl)[1]} ({q['sent']} token(s)).")
        return True


class SecondDuel(Question):
    """After a first success, another duel (or the Machine's, asked of holders and the veiled alike)."""

    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        if q.get("veiled"):
            return ([{"type": "second_duel"}] if g.power_on(seat, "machine") else []) + [{"type": "pass"}]
        return [{"type": "second_duel"}, {"type": "end_turn"}]

    def answer(self, g: Any, q: Q, seat: int, action: Action) -> bool:
        kind = action["type"]
        if kind == "second_duel":
            if q.get("machine"):
                g._note_use(seat, "machine")
            g.emit(f"{P(seat)} organise un nouveau duel.", f"{P(seat)} starts another duel.")
        else:  # « end_turn », or a veiled Machine question let go
            g.phase = "end_turn"
        return True


class Auto(Question):
    """An announced power takes effect once the Zaps have answered (unless zapped meanwhile): nobody decides."""

    def waiting(self, g: Any, ask: Any) -> list[int]:
        return []

    def open(self, g: Any, ask: Any) -> bool:
        return False

    def actions(self, g: Any, q: Any, seat: int) -> list[Action]:
        return []

    def skip(self, g: Any, ask: Any) -> None:
        q: Q = ask
        zapped = [q["seat"], q["action"]["power"]] in g.zapped
        if "then" in q:  # a power answering its own question: that question goes on
            own = g.queue[0] if g.queue else None
            if own is not None and own["seat"] == q["seat"] and own["kind"] in (
                    "clone", "voleur", "vulch", "zombie", "second_duel"):
                then = {"type": "pass"} if zapped else q["then"]
                if KINDS[own["kind"]].apply(g, own, own["seat"], then):
                    g.queue.discard(own)
        elif not zapped:
            g._power_effect(q["seat"], q["action"])


class Cards(Kind):
    """Phase 10, standing: each main player lays a duel card face down."""

    label = ("poser une carte de duel", "lay a duel card")

    def waiting(self, g: Any, ask: Any) -> list[int]:
        return list(g.may_seal())

    def actions(self, g: Any, ask: Any, seat: int) -> list[Action]:
        return [{"type": "play", "card": c} for c in g.playable_cards(seat)]

    def why(self, g: Any, ask: Any, seat: int, action: Action) -> Reason | None:
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

    def apply(self, g: Any, ask: Any, seat: int, action: Action) -> bool:
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

    def waiting(self, g: Any, ask: Any) -> list[int]:
        return [g.deal["turn"]]

    def actions(self, g: Any, ask: Any, seat: int) -> list[Action]:
        return list(g._deal_actions(seat))

    def why(self, g: Any, ask: Any, seat: int, action: Action) -> Reason | None:
        if action.get("type") == "deal_propose":
            return ("Un marché ne peut pas échanger rien contre rien : il y faut une base ou au moins une carte.",
                    "A deal cannot trade nothing for nothing: it needs a base or at least one card.")
        return NOT_ALLOWED

    def apply(self, g: Any, ask: Any, seat: int, action: Action) -> bool:
        g._apply_deal(seat, action)
        return False


#: Every kind of question, by the name the queue gives it.
KINDS: dict[str, Kind] = {
    "new_hand": NewHand(), "window": Window(), "escamote": Escamote(), "free_aim": FreeAim(), "role": Role(),
    "drop_power": DropPower(), "rotate": Rotate(), "question": Question_(), "zap_react": ZapReact(),
    "zombie": Zombie(), "mutant": Mutant(), "amibe": Amibe(), "clone": Clone(), "voleur": Voleur(),
    "vulch": Vulch(), "peste_cards": PesteCards(), "retrieve": Retrieve(), "own_colour": OwnColour(),
    "aim": Aim(), "send": Send(), "invite": Invite(), "answer": Answer(), "reward": Reward(), "place": Place(),
    "lose": Lose(), "establish": Establish(), "second_duel": SecondDuel(), "auto": Auto(),
    "cards": Cards(), "deal": Deal(),
}
