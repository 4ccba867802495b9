"""The decisions asked of a seat (the queue), and the phases that are decisions: legal actions,
refusals, effects; the loop that runs the turn's steps between them."""
from __future__ import annotations

import itertools
from typing import Any

from ...core.state import Action
from ...core.text import P
from .data import (
    BY_ID,
    ESCAMOTABLE,
    HAND_SIZE,
    PLANETS_PER_SYSTEM,
    POWER_BY_ID,
    is_duel_card,
)
from .duel import Duel
from .table import _cen, _cfr, _pl


class Decisions(Duel):
    """Every queued decision, and the cards and deal phases."""

    def _setup(self) -> None:
        super()._setup()
        self._advance()

    def _to_move(self) -> list[int]:
        if self.queue:
            return [self.queue[0]["seat"]]
        if self.phase == "cards":
            return self.may_seal()
        if self.phase == "deal":
            assert self.deal is not None
            return [self.deal["turn"]]
        return []

    def _advance(self) -> None:
        """Run the automatic steps of the turn until somebody has a decision to make."""
        while not self.over:
            if self.queue:
                q = self.queue[0]
                if q["kind"] == "auto":  # an announced power takes effect (unless zapped meanwhile)
                    self.queue.pop(0)
                    zapped = [q["seat"], q["action"]["power"]] in self.zapped
                    if "then" in q:  # a power answering its own question: that question goes on
                        own = self.queue[0] if self.queue else None
                        if own is not None and own["seat"] == q["seat"] and own["kind"] in (
                                "clone", "voleur", "vulch", "zombie", "second_duel"):
                            self._apply_queue(q["seat"], own, {"type": "pass"} if zapped else q["then"])
                    elif not zapped:
                        self._power_effect(q["seat"], q["action"])
                    continue
                if not self._queue_actions(q):
                    self.queue.pop(0)  # nothing left to decide there (a card or a base went away meanwhile)
                    continue
                return
            step = getattr(self, "_phase_" + self.phase)
            if step() is False:
                return

    # ---- decisions --------------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[Action]:
        if self.queue:
            return self._queue_actions(self.queue[0])
        if self.phase == "cards":
            return [{"type": "play", "card": c} for c in self.playable_cards(seat)]
        if self.phase == "deal":
            return self._deal_actions(seat)
        return []

    def _queue_actions(self, q: dict[str, Any]) -> list[Action]:
        seat, kind = q["seat"], q["kind"]
        if kind == "new_hand":
            keep = [{"type": "vulch_keep"}] if self.hands[seat] and self.power_on(seat, "vulch") else []
            return [{"type": "new_hand"}] + keep + self._edict_actions(seat, "new_hand")
        if kind == "window":
            return self._window_actions(seat, q["moment"]) + [{"type": "pass"}]
        if kind == "escamote":
            left = [k for k in ESCAMOTABLE if k not in self.escamote_used] or list(ESCAMOTABLE)
            return [{"type": "escamote", "item": k} for k in left]
        if kind == "free_aim":
            off = self.offence
            return [{"type": "aim", "planet": [sys, p], "defender": sys} for sys in range(self.players)
                    if sys != off and not self.eliminated[sys] for p in range(PLANETS_PER_SYSTEM)] + \
                self.home_duel_choices()
        if kind == "role":
            return [{"type": "role", "power": p} for p in self.roles[seat] if p != self.last_role[seat]]
        if kind == "drop_power":
            return [{"type": "drop_power", "power": p} for p in sorted(set(self.powers[seat]))]
        if kind == "rotate":
            return [{"type": "keep_powers"}] + ([{"type": "rotate_power", "power": p} for p in q["powers"]]
                                                 if self.power_pool else [])
        if kind == "question":
            return [{"type": "answer", "yes": True}, {"type": "answer", "yes": False}]
        if kind == "zap_react":
            if "zap" not in self.hands[seat] or [q["target"], q["power"]] in self.zapped or self.gone("edits"):
                return [{"type": "pass"}]
            return [{"type": "edict", "card": "zap", "target": q["target"], "power": q["power"]}, {"type": "pass"}]
        if kind == "zombie":
            rise = self.bases(seat) if self.power_on(seat, "zombie") else []
            return [{"type": "zombie_place", "planet": list(pl)} for pl in rise] + [{"type": "pass"}]
        if kind == "mutant":
            if len(self.hands[seat]) >= HAND_SIZE:
                return []
            acts = [{"type": "mutant_take", "from": o} for o in range(self.players) if o != seat and self.hands[o]]
            if (self.deck or self.discard) and not self.gone("pioche"):
                acts.append({"type": "mutant_take", "from": "deck"})
            return acts + [{"type": "mutant_done"}]
        if kind == "amibe":
            return self._amibe_actions(seat)
        if kind == "clone":
            return ([{"type": "clone"}] if self.power_on(seat, "clone") else []) + [{"type": "pass"}]
        if kind == "voleur":
            if q["card"] not in self.discard:
                return []
            return ([{"type": "steal"}] if self.power_on(seat, "voleur") else []) + [{"type": "pass"}]
        if kind == "vulch":
            left = sorted({c for c in q["cards"] if c in self.discard})
            if not left:
                return []
            takes = left if self.power_on(seat, "vulch") else []
            return [{"type": "vulch_take", "card": c} for c in takes] + [{"type": "pass"}]
        if kind == "peste_cards":
            return [{"type": "discard", "card": c} for c in sorted(set(self.hands[seat]))
                    if BY_ID[c].kind in q["due"]]
        if kind == "retrieve":
            bases = self.bases(seat)
            acts: list[Action] = [{"type": "retrieve", "planet": list(pl)} for pl in bases]
            if not bases:
                acts.append({"type": "retrieve", "planet": None})
            return acts + [{"type": "pass"}]
        if kind == "own_colour":
            return [{"type": "redraw"}] + self.home_duel_choices()
        if kind == "aim":
            return self.aim_choices()
        if kind == "send":
            acts = []
            if q["sent"] < self.cone_limit(seat, q["side"]):
                acts = [{"type": "send", "from": list(pl)} for pl in self.bases(seat)]
            if q["sent"] >= 1 or not acts:
                acts.append({"type": "send_done"})
            return acts
        if kind == "invite":
            cands = [s for s in self.candidates()]
            return [{"type": "invite", "seats": list(sub)}
                    for r in range(len(cands) + 1) for sub in itertools.combinations(cands, r)]
        if kind == "answer":
            acts = []
            if self.tokens_on_bases(seat):
                for side in ("offence", "defence"):
                    if seat in self.invited[side]:
                        acts.append({"type": "ally", "side": side})
            return acts + [{"type": "decline"}]
        if kind == "reward":
            return self._reward_choices(seat)
        if kind == "place":
            if not q["origins"]:
                return []
            origins = [tuple(o) if o else None for o in q["origins"]]
            return [{"type": "place", "planet": list(pl)} for pl in self._place_dests(seat, origins)]
        if kind == "lose":
            return [{"type": "lose", "planet": list(pl)} for pl in self.bases(seat)]
        if kind == "establish":
            acts = [{"type": "establish", "from": list(pl)} for pl in self.bases(seat) if list(pl) != q["planet"]]
            if q["sent"] >= 1 or not acts:
                acts.append({"type": "establish_done"})
            return acts
        if kind == "second_duel":
            if q.get("veiled"):
                return ([{"type": "second_duel"}] if self.power_on(seat, "machine") else []) + [{"type": "pass"}]
            return [{"type": "second_duel"}, {"type": "end_turn"}]
        return []

    def _why_illegal(self, seat: int, action: Action) -> tuple[str, str] | None:
        kind = action.get("type")
        if self.queue:
            q = self.queue[0]
            if q["kind"] == "send" and kind == "send_done":
                return ("Engagez au moins un pion.", "Commit at least one token.")
            if q["kind"] == "send" and kind == "send":
                if q["sent"] >= self.cone_limit(seat, q["side"]):
                    return ("Quatre pions au plus sur le cône.", "At most four tokens on the cone.")
                return ("Vous n'avez pas de pion sur cette planète.", "You have no token on that planet.")
            if kind == "aim":
                pl = action.get("planet")
                if isinstance(pl, list) and len(pl) == 2 and pl[0] == self.offence:
                    return ("Vous ne pouvez pas attaquer une planète de votre propre système sans base adverse.",
                            "You cannot attack a planet of your own system without an opposing base.")
                return ("Visez une planète du système du joueur défensif.", "Aim at a planet of the defence's system.")
            if kind == "ally":
                return ("Vous n'avez pas été invité de ce côté, ou n'avez aucun pion disponible.",
                        "You were not invited to that side, or have no token available.")
            return ("Ce n'est pas la décision attendue maintenant : choisissez parmi ce qui vous est proposé.",
                    "That is not the decision expected now: choose among what you are offered.")
        if self.phase == "cards" and kind == "play":
            card = action.get("card")
            if card in self.duel_cards(seat):
                if self.gone("compromis" if card == "compromis" else "attaques"):
                    return ("Cette carte a été escamotée pour ce tour.", "That card has vanished for this turn.")
                return ("Vous avez répondu au Chercheur : cette carte ne tient pas votre parole.",
                        "You answered the Seeker: that card breaks your word.")
            if action.get("card") in self.hands[seat] and not is_duel_card(action["card"]):
                return ("Un édit ne se joue pas comme carte de duel.", "An edict cannot be played as a duel card.")
            return ("Vous n'avez pas cette carte de duel.", "You do not hold that duel card.")
        if self.phase == "deal" and kind == "deal_propose":
            return ("Un marché ne peut pas échanger rien contre rien : il y faut une base ou au moins une carte.",
                    "A deal cannot trade nothing for nothing: it needs a base or at least one card.")
        return None

    def _apply(self, seat: int, action: Action) -> None:
        kind = action["type"]
        if self.queue:
            q = self.queue[0]
            self._apply_queue(seat, q, action)
        elif self.phase == "cards":
            self.sealed[seat] = action["card"]
            self.hands[seat].remove(action["card"])
            self.emit(f"{P(seat)} pose une carte de duel face cachée.", f"{P(seat)} lays a duel card face down.")
            self.emit(f"Vous jouez {_cfr(action['card'])}.", f"You play {_cen(action['card'])}.", to=[seat])
            d = self.defence
            assert d is not None
            self._after_seal(seat)
            if self.sealed[self.offence] is not None and self.sealed[d] is not None:
                self.phase = "window_sealed"
        elif self.phase == "deal":
            self._apply_deal(seat, action)
        else:  # pragma: no cover - legality is checked before
            raise AssertionError(kind)
        self._advance()

    def _apply_queue(self, seat: int, q: dict[str, Any], action: Action) -> None:
        kind = action["type"]
        done = True
        pw = self.USES.get(kind) if kind != "second_duel" or q.get("machine") else None
        if pw is not None and [seat, pw] not in self.used and not self.gone("edits"):
            self._use_power(seat, {"type": "power", "power": pw}, then=action)  # a Zap may answer first
            return
        if kind == "edict":
            self._play_edict(seat, action)
            done = q["kind"] == "zap_react"
            if done:
                self.queue.remove(q)
                done = False
        elif kind == "pass" and q["kind"] == "zombie":
            left = q["left"]
            self.limbo[seat] -= left
            q["left"] = 0
            self._lose_now(seat, left, q["vide"])
        elif kind == "zombie_place":
            s_, p_ = action["planet"]
            self.limbo[seat] -= 1
            self.planets[s_][p_][seat] += 1
            self._note_use(seat, "zombie")
            q["left"] -= 1
            self.emit(f"Le Zombie {P(seat)} se relève : un pion revient sur une base.",
                      f"The Zombie {P(seat)} rises again: a token returns to a base.")
            done = q["left"] <= 0
        elif kind == "mutant_take":
            src = action["from"]
            if src == "deck":
                self._draw(seat, 1)
                self.emit(f"Le Mutant {P(seat)} pioche une carte.", f"The Mutant {P(seat)} draws a card.")
            else:
                self._take_random(src, seat, 1)
            done = len(self.hands[seat]) >= HAND_SIZE
        elif kind == "mutant_done":
            pass
        elif kind == "amibe_add":
            s_, p_ = action["from"]
            self.planets[s_][p_][seat] -= 1
            if seat == self.offence:
                self.oval[seat].append((s_, p_))
            else:
                assert self.target is not None
                self.planets[self.target[0]][self.target[1]][seat] += 1
            self.emit(f"L'Amibe {P(seat)} suinte : un pion de plus dans le duel.",
                      f"The Amoeba {P(seat)} oozes: one more token in the duel.")
            done = False
        elif kind == "amibe_remove":
            s_, p_ = action["to"]
            if seat == self.offence:
                self.oval[seat].pop()
            else:
                assert self.target is not None
                self.planets[self.target[0]][self.target[1]][seat] -= 1
            self.planets[s_][p_][seat] += 1
            self.emit(f"L'Amibe {P(seat)} se rétracte : un pion de moins dans le duel.",
                      f"The Amoeba {P(seat)} shrinks: one token fewer in the duel.")
            done = False
        elif kind == "amibe_done":
            pass
        elif kind == "clone":
            card = self.sealed[seat]
            assert card is not None
            self.sealed[seat] = None
            self.hands[seat].append(card)
            self._cards_in(seat, [card], None)
            self._note_use(seat, "clone")
            self.emit(f"Le Clone {P(seat)} reprend sa carte {_cfr(card)}.", f"The Clone {P(seat)} takes back their {_cen(card)}.")
        elif kind == "steal":
            card = q["card"]
            idx = len(self.discard) - 1 - self.discard[::-1].index(card)
            self.discard.pop(idx)
            self.hands[seat].append(card)
            self._cards_in(seat, [card], None)
            self._note_use(seat, "voleur")
            self.emit(f"Le Voleur {P(seat)} empoche la carte jouée par son adversaire : {_cfr(card)}.",
                      f"The Thief {P(seat)} pockets the card its opponent played: {_cen(card)}.")
        elif kind == "power":
            self._use_power(seat, action)
            done = False
        elif kind == "discard" and q["kind"] == "peste_cards":
            self._discard_cards(seat, [action["card"]])
            q["due"].remove(BY_ID[action["card"]].kind)
            self.emit(f"La Peste coûte à {P(seat)} : {_cfr(action['card'])}.",
                      f"The Plague costs {P(seat)}: {_cen(action['card'])}.")
            self._vulch_offer(seat, [action["card"]])
            done = not q["due"] or not self._queue_actions(q)
        elif kind == "vulch_take":
            card = action["card"]
            idx = len(self.discard) - 1 - self.discard[::-1].index(card)
            self.discard.pop(idx)
            self.hands[seat].append(card)
            self._cards_in(seat, [card], None)
            self._note_use(seat, "vulch")
            q["cards"].remove(card)
            self.emit(f"Le Vulch {P(seat)} récupère {_cfr(card)}.", f"The Vulch {P(seat)} collects {_cen(card)}.")
            done = not q["cards"]
        elif kind in ("new_hand", "vulch_keep"):
            self._new_hand(seat, keep_edicts=kind == "vulch_keep")
        elif kind == "retrieve":
            self.trou_noir[seat] -= 1
            if action["planet"] is None:
                self.oval[seat].append(None)
                self.emit(f"{P(seat)} sort un pion du Trou Noir et le pose sur le cône.",
                          f"{P(seat)} takes a token out of the Black Hole onto the cone.")
            else:
                s, p = action["planet"]
                self.planets[s][p][seat] += 1
                self.emit(f"{P(seat)} sort un pion du Trou Noir.", f"{P(seat)} takes a token out of the Black Hole.")
        elif kind == "pass":
            if q["kind"] == "second_duel":  # a veiled Machine question let go
                self.phase = "end_turn"
        elif kind == "redraw":
            disc = self._draw_disc()
            if disc == seat:
                self.emit(f"{P(seat)} tire encore sa propre couleur.", f"{P(seat)} draws their own colour again.")
                done = False
            else:
                self.defence = disc
                self.emit(f"La tasse désigne {P(disc)}.", f"The cup points at {P(disc)}.")
        elif kind == "aim":
            s, p = action["planet"]
            if "defender" in action:
                self.defence = action["defender"]
            self.target = (s, p)
            self.emit(f"{P(seat)} pointe le cône vers {_pl(self.target)[0]} (défense : {P(self.defence)}).",
                      f"{P(seat)} aims the cone at {_pl(self.target)[1]} (defence: {P(self.defence)}).")
        elif kind == "send":
            s, p = action["from"]
            self.planets[s][p][seat] -= 1
            cone = self.oval if q["side"] == "offence" else self.ring
            cone[seat].append((s, p))
            q["sent"] += 1
            done = False
        elif kind == "send_done":
            cone = self.oval if q["side"] == "offence" else self.ring
            if seat == self.offence:
                self.emit(f"{P(seat)} engage {len(cone[seat])} pion(s) sur le cône.",
                          f"{P(seat)} commits {len(cone[seat])} token(s) to the cone.")
            else:
                side = "l'attaque" if q["side"] == "offence" else "la défense"
                side_en = "the offence" if q["side"] == "offence" else "the defence"
                self.emit(f"{P(seat)} rejoint {side} avec {len(cone[seat])} pion(s).",
                          f"{P(seat)} joins {side_en} with {len(cone[seat])} token(s).")
        elif kind == "invite":
            self.invited[q["side"]] = list(action["seats"])
            who = ", ".join(P(s) for s in action["seats"]) or "personne"
            who_en = ", ".join(P(s) for s in action["seats"]) or "nobody"
            self.emit(f"{P(seat)} invite : {who}.", f"{P(seat)} invites: {who_en}.")
        elif kind == "ally":
            self.allies[action["side"]].append(seat)
            self.queue[0] = {"seat": seat, "kind": "send", "side": action["side"], "sent": 0}
            done = False
        elif kind == "decline":
            self.emit(f"{P(seat)} reste à l'écart du duel.", f"{P(seat)} stays out of the duel.")
        elif kind == "reward":
            if action["kind"] == "card":
                self._draw(seat, 1)
                self.emit(f"{P(seat)} prend une carte en récompense.", f"{P(seat)} takes a card as a reward.")
            else:
                s, p = action["planet"]
                self.trou_noir[seat] -= 1
                self.planets[s][p][seat] += 1
                self.emit(f"{P(seat)} reprend un pion du Trou Noir en récompense.",
                          f"{P(seat)} takes a token back from the Black Hole as a reward.")
            q["left"] -= 1
            if q["left"] <= 0 or not self._reward_choices(seat):
                self.queue[0] = self._ring_home(seat)
            done = False
        elif kind == "place":
            s, p = action["planet"]
            cone = self.oval if q.get("side") == "offence" else self.ring
            if q.get("cone"):
                cone[seat].pop()
            elif q.get("src") == "trou_noir":
                self.trou_noir[seat] -= 1
            q["origins"].pop()
            self.planets[s][p][seat] += 1
            done = not q["origins"]
        elif kind == "lose":
            s, p = action["planet"]
            self.planets[s][p][seat] -= 1
            self.limbo[seat] += 1  # until all are chosen: a Zombie then decides about them at once
            q["lost"] = q.get("lost", 0) + 1
            q["left"] -= 1
            done = q["left"] <= 0 or not self.bases(seat)
            if done:
                self.limbo[seat] -= q["lost"]
                self._lose(seat, q["lost"], q.get("vide", False))
        elif kind == "establish":
            s, p = action["from"]
            ts, tp = q["planet"]
            self.planets[s][p][seat] -= 1
            self.planets[ts][tp][seat] += 1
            q["sent"] += 1
            done = False
        elif kind == "establish_done":
            self.emit(f"{P(seat)} établit une base sur {_pl(tuple(q['planet']))[0]} ({q['sent']} pion(s)).",  # type: ignore[arg-type]
                      f"{P(seat)} sets up a base on {_pl(tuple(q['planet']))[1]} ({q['sent']} token(s)).")  # type: ignore[arg-type]
        elif kind == "second_duel":
            if q.get("machine"):
                self._note_use(seat, "machine")
            self.emit(f"{P(seat)} organise un nouveau duel.", f"{P(seat)} starts another duel.")
        elif kind == "escamote":
            item = action["item"]
            if len(self.escamote_used) >= len(ESCAMOTABLE):
                self.escamote_used = []
            self.escamote_used.append(item)
            self.escamote = item
            self._note_use(seat, "escamoteur")
            self.emit(f"L'Escamoteur {P(seat)} fait disparaître pour ce tour : {ESCAMOTABLE[item]['fr']}",
                      f"The Conjurer {P(seat)} makes this vanish for the turn: {ESCAMOTABLE[item]['en']}")
        elif kind == "role":
            self.role[seat] = self.last_role[seat] = action["power"]
            self._note_use(seat, "comedien")
            self.reveal()
            self.emit(f"Le Comédien {P(seat)} joue le rôle : {POWER_BY_ID[action['power']].name['fr']}.",
                      f"The Actor {P(seat)} plays the part of: {POWER_BY_ID[action['power']].name['en']}.")
        elif kind == "drop_power":
            self.powers[seat].remove(action["power"])
            self.power_pool.insert(0, action["power"])
            if action["power"] == "comedien" and "comedien" not in self.powers[seat]:
                self._return_roles(seat)
            self.emit(f"{P(seat)} rejette un de ses trois pouvoirs.", f"{P(seat)} drops one of their three powers.")
            self._announce_powers(seat)
        elif kind == "rotate_power":
            old = action["power"]
            new = self._draw_power()
            if new is not None:
                i = self.powers[seat].index(old)
                self.powers[seat][i] = new
                self.power_pool.insert(0, old)
                if old == "comedien" and "comedien" not in self.powers[seat]:
                    self._return_roles(seat)
                if new == "comedien" and not self.roles[seat]:
                    self._give_roles(seat)
                if old in self.shown_powers[seat]:
                    self.shown_powers[seat].remove(old)
                self.reveal()
                self.emit(f"{P(seat)} remplace son pouvoir {POWER_BY_ID[old].name['fr']}.",
                          f"{P(seat)} replaces their power {POWER_BY_ID[old].name['en']}.")
                self._announce_powers(seat)
            q["powers"].remove(old)
            done = not q["powers"]
        elif kind == "keep_powers":
            pass
        elif kind == "answer":
            self.commitments.append([seat, q["question"], action["yes"]])
            self.emit(f"{P(seat)} répond : {'oui' if action['yes'] else 'non'} (et s'y tiendra).",
                      f"{P(seat)} answers: {'yes' if action['yes'] else 'no'} (and will stick to it).")
        elif kind == "end_turn":
            self.phase = "end_turn"
        if done:  # effects may have queued decisions in front of it (a Zombie rising, a Vulch)
            for i, item in enumerate(self.queue):
                if item is q:
                    self.queue.pop(i)
                    break
