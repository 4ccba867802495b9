"""The alien powers as a table, one entry a power as the rulebook gives each power one card: the moments it acts
and what it changes, and below, one section a power holding all it does. The rest of the rules ask this table
instead of naming powers:
- the duel's arithmetic (what a token is worth, how many go on the cone, how a side's total is made, a card turned at
  the resolution, tokens annihilated) and the order the duel cards are laid in (an Oracle waits, a Laser goes first,
  and what each does once a card is laid) are read by the duel (duel.py);
- a power announced in a window offers its announcements (`announce`) and, once the Zaps have answered, takes effect
  (`effect`) through the windows (windows.py); a power acting by itself at a moment may be zapped there (`zappable_at`);
- a power's own questions (`kinds`: the Clone's « take it back », the Zombie's rise...) join the questions of the turn
  (kinds.py); the answer that uses the power (`uses`) may be stopped by a Zap first;
- who holds which power (dealt, lost, lent by a role or a copy, seen, veiled) is asked of the entries by the table
  (table.py), and the deal's terms by the deal (deal.py).

The shape of an entry is in power_entry.py. This module stands below every chapter: its hooks receive the game state
(`g`) and import nothing of the rules.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core.flow import Kind
from ...core.rng import Rng
from ...core.state import Action
from ...core.text import P, n_noun
from .asks import Q
from .data import (
    BY_ID,
    ESCAMOTABLE,
    HAND_SIZE,
    PION,
    POWER_BY_ID,
    QUESTIONS,
    attack_value,
    fact_answer,
    is_duel_card,
)
from .power_entry import MOMENTS, DealTerm, Power, _cen, _cfr, _main, _others, _take_from_discard
from .question import Question

if TYPE_CHECKING:
    from .rules import RencontreRules as G

class Own(Question):
    """A power's own question, asked of its owner (or, with hidden powers, of a veiled seat): the answer its entry's
    `uses` names uses the power, so that a Zap may stop it first. The heuristic bot uses it when it may."""

    power = ""

    def used_power(self, q: Q, action: Action) -> str | None:
        return self.power if action["type"] == POWERS[self.power].uses else None

    def bot_answer(self, g: G, q: Q, seat: int, legal: list[Action], rng: Rng) -> Action | None:
        return legal[0]


def _always(g: G, seat: int, action: Action) -> bool:
    """The heuristic bot announces the power whenever it may."""
    return True


# ---- Amibe: moves its tokens in or out of the duel once the cards are laid -------------------------------------------
def _amibe_offers(g: G, seat: int, moment: str) -> list[Action]:
    return [{"type": "power", "power": "amibe"}] if moment == "sealed" and _main(g, seat) else []


def _amibe(g: G, seat: int, action: Action) -> None:
    g.queue.insert(0, {"seat": seat, "kind": "amibe"})


class Amibe(Question):
    """One token at a time in or out of the duel, then « done »."""

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        assert g.target is not None
        tgt = list(g.target)
        acts: list[Action] = []
        if seat == g.offence:
            limit = next((n for pw, n in OFFENCE_CONE if g.power_on(seat, pw)), 99)  # a Macron: one token
            if len(g.oval[seat]) < limit:
                acts += [{"type": "amibe_add", "from": list(pl)} for pl in g.bases(seat)]
            if g.oval[seat]:
                acts += [{"type": "amibe_remove", "to": list(pl)} for pl in g._place_dests(seat, g.oval[seat])]
        else:
            ts, tp = g.target
            acts += [{"type": "amibe_add", "from": list(pl)} for pl in g.bases(seat) if list(pl) != tgt]
            if g.planets[ts][tp][seat]:
                acts += [{"type": "amibe_remove", "to": list(pl)} for pl in g.bases(seat) if list(pl) != tgt]
        return acts + [{"type": "amibe_done"}]

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
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


# ---- Chercheur: asks a main player a question about its hand or its card ---------------------------------------------
def _chercheur_offers(g: G, seat: int, moment: str) -> list[Action]:
    if moment not in ("defender", "pre_cards") or not g.involved(seat):
        return []
    return [{"type": "power", "power": "chercheur", "seat": t, "question": q}
            for t in _others(g, seat) for q in QUESTIONS]


def _chercheur(g: G, seat: int, action: Action) -> None:
    t, qid = action["seat"], action["question"]
    q = QUESTIONS[qid]
    g.emit(f"Le Chercheur {P(seat)} demande à {P(t)} : « {q['fr']} »",
           f"The Seeker {P(seat)} asks {P(t)}: “{q['en']}”")
    if q["kind"] == "fact":
        yes = fact_answer(qid, g.hands[t])
        if yes and qid in ("a_compromis", "a_zap"):
            g._cards_seen(t, ["compromis" if qid == "a_compromis" else "zap"], None)
        g.emit(f"{P(t)} répond : {'oui' if yes else 'non'}.", f"{P(t)} answers: {'yes' if yes else 'no'}.")
    else:
        g.queue.insert(0, {"seat": t, "kind": "question", "question": qid})


class Promise(Question):
    """The Chercheur's question about a future card: yes or no, and the answer binds (Table.playable_cards)."""

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        return [{"type": "answer", "yes": True}, {"type": "answer", "yes": False}]

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
        g.commitments.append([seat, q["question"], action["yes"]])
        g.emit(f"{P(seat)} répond : {'oui' if action['yes'] else 'non'} (et s'y tiendra).",
               f"{P(seat)} answers: {'yes' if action['yes'] else 'no'} (and will stick to it).")
        return True

    def bot_answer(self, g: G, q: Q, seat: int, legal: list[Action], rng: Rng) -> Action | None:
        return legal[rng.below(len(legal))]


# ---- Chronos: both cards go back to the hands and are played again, once a duel --------------------------------------
def _chronos_offers(g: G, seat: int, moment: str) -> list[Action]:
    ok = moment == "revealed" and _main(g, seat) and not g.chronos_used
    return [{"type": "power", "power": "chronos"}] if ok else []


def _chronos(g: G, seat: int, action: Action) -> None:
    opp = g.opponent_of(seat)
    assert opp is not None
    g.chronos_used = True
    mine, theirs = g.sealed[seat], g.sealed[opp]
    assert mine is not None and theirs is not None
    g.hands[seat].append(mine)
    g._cards_in(seat, [mine], None)
    if any(is_duel_card(c) for c in g.hands[opp]):
        g.set_aside.append([opp, theirs])
    else:
        g.hands[opp].append(theirs)  # their last duel card stays available
        g._cards_in(opp, [theirs], None)
    g.sealed = [None] * g.players
    g.effective = [None] * g.players
    g.revealed = False
    g.oracle_shown = []
    g.queue = [q for q in g.queue if q["kind"] != "window"]
    g.emit("Voyage dans le temps ! Les deux joueurs rejouent une carte ; ce résultat sera définitif.",
           "Time travel! Both players play a card again; this outcome will stand.")
    g.phase = "cards_check"


def _chronos_wanted(g: G, seat: int, action: Action) -> bool:
    """Two attacks turned over, and its owner's side losing: play them again."""
    off, d = g.offence, g.defence
    assert d is not None, "a duel has a defence"
    if None in (g.effective[off], g.effective[d]) or "compromis" in (g.effective[off], g.effective[d]):
        return False
    to, td = g.totals()
    return bool((seat == off and to <= td) or (seat == d and td < to))


# ---- Clone: takes its played duel card back into its hand ------------------------------------------------------------
def _clone_asks(g: G, seat: int) -> None:
    """After the duel, the Clone may take its own card back before the discard."""
    if g.sealed[seat] is not None and g.asked(seat, "clone"):
        g._push(seat, "clone", veiled=g.veiled(seat, "clone"))


class Clone(Own):
    power = "clone"

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        return ([{"type": "clone"}] if g.power_on(seat, "clone") else []) + [{"type": "pass"}]

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
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


# ---- Comédien: plays the part of one of its roles for the duel -------------------------------------------------------
def _give_roles(g: G, seat: int) -> None:
    """The Comédien takes as many other powers as there are players: its roles (once: they stay while it does)."""
    if not g.roles[seat]:
        g.roles[seat] = [x for x in (g._draw_power() for _ in range(g.players)) if x is not None]


def _return_roles(g: G, seat: int) -> None:
    """A seat that no longer has the Comédien puts its roles back in the box."""
    if "comedien" not in g.powers[seat]:
        g.power_pool[0:0] = g.roles[seat]
        g.roles[seat] = []
        g.role[seat] = g.last_role[seat] = None


def _ask_role(g: G, seat: int) -> None:
    """« Avant chaque duel », a Comédien that is a main player names the role it plays in it."""
    if g.roles[seat] and g.power_on(seat, "comedien") and g.role[seat] is None:
        g._push(seat, "role")


def _plays_role(g: G, seat: int, power: str) -> bool:
    return power == g.role[seat]


class Role(Question):
    """The Comédien chooses the part it plays in this duel (not the one it played last)."""

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        return [{"type": "role", "power": p} for p in g.roles[seat] if p != g.last_role[seat]]

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
        g.role[seat] = g.last_role[seat] = action["power"]
        g._note_use(seat, "comedien")
        g.reveal()
        g.emit(f"Le Comédien {P(seat)} joue le rôle : {POWER_BY_ID[action['power']].name['fr']}.",
               f"The Actor {P(seat)} plays the part of: {POWER_BY_ID[action['power']].name['en']}.")
        return True


# ---- Échangeur: swaps hands with its opponent ------------------------------------------------------------------------
def _echangeur_offers(g: G, seat: int, moment: str) -> list[Action]:
    ok = moment in ("defender", "pre_cards") and _main(g, seat)
    return [{"type": "power", "power": "echangeur"}] if ok else []


def _echangeur(g: G, seat: int, action: Action) -> None:
    opp = g.opponent_of(seat)
    assert opp is not None
    g.hands[seat], g.hands[opp] = g.hands[opp], g.hands[seat]
    for v in range(g.players):  # everybody saw the hands change places
        g.known[v][seat], g.known[v][opp] = g.known[v][opp], g.known[v][seat]
    g.known[seat][opp], g.known[opp][seat] = {}, {}
    g.known[seat][seat], g.known[opp][opp] = {}, {}
    g._cards_seen(opp, g.hands[opp], [seat], whole=True)  # its own former hand
    g._cards_seen(seat, g.hands[seat], [opp], whole=True)
    g.emit(f"L'Échangeur {P(seat)} échange sa main avec celle de {P(opp)}.",
           f"The Trader {P(seat)} swaps hands with {P(opp)}.")


def _echangeur_wanted(g: G, seat: int, action: Action) -> bool:
    """The opponent holds at least two cards more."""
    o = g.opponent_of(seat)
    return o is not None and len(g.hands[o]) > len(g.hands[seat]) + 1


# ---- Empathe: its compromise turns the other's attack into a compromise ----------------------------------------------
def _empathe(g: G, seat: int, other: int) -> None:
    g.effective[other] = "compromis"
    g._note_use(seat, "empathe")
    g.emit(f"L'Empathe {P(seat)} change la carte de {P(other)} en compromis.",
           f"The Empath {P(seat)} turns {P(other)}'s card into a compromise.")


# ---- Escamoteur: makes one thing vanish for the turn -----------------------------------------------------------------
class Escamote(Question):
    """Before each turn: one thing vanishes, each in turn until all have (then the list comes back)."""

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        left = [k for k in ESCAMOTABLE if k not in g.escamote_used] or list(ESCAMOTABLE)
        return [{"type": "escamote", "item": k} for k in left]

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
        item = action["item"]
        if len(g.escamote_used) >= len(ESCAMOTABLE):
            g.escamote_used = []
        g.escamote_used.append(item)
        g.escamote = item
        g._note_use(seat, "escamoteur")
        g.emit(f"L'Escamoteur {P(seat)} fait disparaître pour ce tour : {ESCAMOTABLE[item]['fr']}",
               f"The Conjurer {P(seat)} makes this vanish for the turn: {ESCAMOTABLE[item]['en']}")
        return True


# ---- Esprit: looks at a main player's hand ---------------------------------------------------------------------------
def _esprit_offers(g: G, seat: int, moment: str) -> list[Action]:
    if moment not in ("defender", "pre_cards"):
        return []  # anyone at the table: a main player looks at its opponent's hand
    return [{"type": "power", "power": "esprit", "seat": t} for t in _others(g, seat)]


def _esprit(g: G, seat: int, action: Action) -> None:
    t = action["seat"]
    cards = sorted(g.hands[t])
    g._cards_seen(t, g.hidden_cards(t), [seat], whole=True)
    g.emit(f"L'Esprit {P(seat)} regarde la main de {P(t)}.", f"The Mind {P(seat)} looks at {P(t)}'s hand.")
    g.emit(f"Main de {P(t)} : {', '.join(_cfr(c) for c in cards) or 'vide'}.",
           f"{P(t)}'s hand: {', '.join(_cen(c) for c in cards) or 'empty'}.", to=[seat])


# ---- Insecte: copies, hence sees, its opponent's powers for the duel -------------------------------------------------
def copied_powers(g: G, seat: int) -> list[str]:
    """The Insecte, as a main player, has its opponent's power(s) for the duel, usable or not."""
    opp = g.opponent_of(seat)
    if (opp is None or "insecte" not in g.powers[seat] or not g.has_power_use(seat)
            or [seat, "insecte"] in g.zapped):
        return []
    return [p for p in g.powers[opp] + [g.role[opp] or ""] if p and p != "insecte"]


def _insecte_copies(g: G, seat: int, power: str) -> bool:
    return power != "insecte" and power in copied_powers(g, seat)


def _insecte_shows(g: G, seat: int, power: str) -> bool:
    """A copy in use shows both ends: the Insecte and its opponent's power."""
    opp = g.opponent_of(seat)
    if opp is not None and power in g.powers[opp]:
        g._note_use(opp, power)
    return True


def _insecte_sees(g: G, viewer: int | None, seat: int) -> bool:
    """An Insecte facing `seat` in a duel copies, hence knows, its powers."""
    return viewer is not None and g.opponent_of(viewer) == seat and bool(copied_powers(g, viewer))


def _insecte_veils(g: G, seat: int, power: str) -> bool:
    """Hidden as long as either side of the copy is unseen."""
    opp = g.opponent_of(seat)
    if opp is None or [seat, "insecte"] in g.zapped or not g._might_own(seat, "insecte"):
        return False
    if not g._might_own(opp, power):
        return False
    return not ("insecte" in g.shown_powers[seat] and (power in g.shown_powers[opp] or power == g.role[opp]))


# ---- Laser: the opponent plays its card first, face up, and must play the one it is shown ---------------------------
def _laser_forces(g: G, seat: int, o: int) -> None:
    """It laid first: the card its opponent must play is drawn at random from that opponent's duel cards."""
    if g.sealed[o] is not None:
        return
    playable = g.playable_cards(o, commitments=False)
    duel = [c for c in g.hands[o] if c in playable]
    g._note_use(seat, "laser")
    if duel:
        card = duel[g.rng.below(len(duel))]
        g.hands[o].remove(card)
        g.sealed[o] = card
        g.emit(f"Le Laser {P(seat)} tire au hasard la carte que {P(o)} doit jouer.",
               f"The Laser {P(seat)} draws at random the card {P(o)} must play.")
        g.emit(f"Votre carte imposée : {_cfr(card)}.", f"Your forced card: {_cen(card)}.", to=[o])
        g._after_seal(o)


# ---- Mutant: fills its hand up to eight cards ------------------------------------------------------------------------
def _mutant_offers(g: G, seat: int, moment: str) -> list[Action]:
    ok = moment in ("defender", "pre_cards") and _main(g, seat) and len(g.hands[seat]) < HAND_SIZE
    return [{"type": "power", "power": "mutant"}] if ok else []


def _mutant(g: G, seat: int, action: Action) -> None:
    g.queue.insert(0, {"seat": seat, "kind": "mutant"})


class Mutant(Question):
    """One card at a time, from another player's hand at random or from the deck, up to eight (or « done »)."""

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        if len(g.hands[seat]) >= HAND_SIZE:
            return []
        acts: list[Action] = [{"type": "mutant_take", "from": o} for o in range(g.players)
                              if o != seat and g.hands[o]]
        if (g.deck or g.discard) and not g.gone("pioche"):
            acts.append({"type": "mutant_take", "from": "deck"})
        return acts + [{"type": "mutant_done"}]

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
        if action["type"] == "mutant_done":
            return True
        src = action["from"]
        if src == "deck":
            g._draw(seat, 1)
            g.emit(f"Le Mutant {P(seat)} pioche une carte.", f"The Mutant {P(seat)} draws a card.")
        else:
            g._take_random(src, seat, 1)
        return len(g.hands[seat]) >= HAND_SIZE

    def bot_answer(self, g: G, q: Q, seat: int, legal: list[Action], rng: Rng) -> Action | None:
        """From the fullest hand, else « done »."""
        takes = [a for a in legal if a["type"] == "mutant_take"]
        return max(takes, key=lambda a: len(g.hands[a["from"]]) if isinstance(a["from"], int) else 0) \
            if takes else legal[-1]


# ---- Oracle: the opponent plays its card first, face up --------------------------------------------------------------
def _oracle_sees(g: G, seat: int, sealer: int) -> None:
    """Its opponent laid first: that card is played face up."""
    if g.sealed[seat] is not None:
        return
    g._note_use(seat, "oracle")
    card = g.sealed[sealer]
    assert card is not None, "the Oracle sees a card laid"
    g.reveal()
    g._cards_out(sealer, [card], None)
    g.oracle_shown.append(sealer)
    g.emit(f"Face à l'Oracle, {P(sealer)} joue face visible : {_cfr(card)}.",
           f"Facing the Oracle, {P(sealer)} plays face up: {_cen(card)}.")


# ---- Philantrope: gives a card to a main player ----------------------------------------------------------------------
def _philantrope_offers(g: G, seat: int, moment: str) -> list[Action]:
    if moment not in ("defender", "pre_cards") or not g.involved(seat):
        return []
    return [{"type": "power", "power": "philantrope", "card": c, "to": t}
            for c in sorted(set(g.hands[seat])) for t in _others(g, seat)]


def _philantrope(g: G, seat: int, action: Action) -> None:
    c, t = action["card"], action["to"]
    if c in g.hands[seat]:
        g.hands[seat].remove(c)
        g.hands[t].append(c)
        g._cards_out(seat, [c], [t])
        g._cards_in(t, [c], [seat])
        g.emit(f"Le Philantrope {P(seat)} donne une carte à {P(t)}.",
               f"The Philanthropist {P(seat)} gives {P(t)} a card.")
        g.emit(f"Carte donnée : {_cfr(c)}.", f"Card given: {_cen(c)}.", to=[seat, t])


def _philantrope_wanted(g: G, seat: int, action: Action) -> bool:
    """Its weakest card, a small attack, to another player."""
    weakest = min(g.hands[seat], key=lambda c: attack_value(c) if BY_ID[c].kind == "attaque" else 99)
    return bool(action["card"] == weakest and BY_ID[weakest].kind == "attaque" and attack_value(weakest) <= 6
                and action["to"] != seat)


# ---- Sorcier: swaps the two laid cards -------------------------------------------------------------------------------
def _sorcier_offers(g: G, seat: int, moment: str) -> list[Action]:
    return [{"type": "power", "power": "sorcier"}] if moment == "sealed" and _main(g, seat) else []


def _sorcier(g: G, seat: int, action: Action) -> None:
    opp = g.opponent_of(seat)
    assert opp is not None
    mine, theirs = g.sealed[seat], g.sealed[opp]
    assert mine is not None and theirs is not None
    g.sealed[seat], g.sealed[opp] = theirs, mine
    shown = [s for s in g.oracle_shown if s in (seat, opp)]  # a face-up card stays face up
    g.oracle_shown = [s for s in g.oracle_shown if s not in (seat, opp)] + [opp if s == seat else seat for s in shown]
    for a, b, c in ((seat, opp, mine), (opp, seat, theirs)):  # each now sees the card laid for it
        if b not in g.oracle_shown:
            g._cards_out(a, [c], [b])
            g._cards_in(b, [c], [a])
            g.sealed_seen[b] = [a]  # a knows the card b's is now
    g.emit(f"Le Sorcier {P(seat)} intervertit les deux cartes posées.",
           f"The Sorcerer {P(seat)} swaps the two laid cards.")


# ---- Voleur: pockets the card its opponent played --------------------------------------------------------------------
def _voleur_asks(g: G, seat: int, played: dict[int, str]) -> None:
    """Once the laid cards are in the discard, the Voleur may take the card its opponent played."""
    o = g.opponent_of(seat)
    if o in played and g.asked(seat, "voleur"):
        g._push(seat, "voleur", card=played[o], veiled=g.veiled(seat, "voleur"))


class Voleur(Own):
    power = "voleur"

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        if q["card"] not in g.discard:
            return []
        return ([{"type": "steal"}] if g.power_on(seat, "voleur") else []) + [{"type": "pass"}]

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
        if action["type"] == "steal":
            card = q["card"]
            _take_from_discard(g, seat, card)
            g._note_use(seat, "voleur")
            g.emit(f"Le Voleur {P(seat)} empoche la carte jouée par son adversaire : {_cfr(card)}.",
                   f"The Thief {P(seat)} pockets the card its opponent played: {_cen(card)}.")
        return True


# ---- Vulch: collects the edicts others play or discard, keeps its own ------------------------------------------------
def _vulch_offer(g: G, seat: int, cards: list[str]) -> None:
    """A Vulch may collect edicts that another player plays or discards."""
    edicts = [c for c in cards if BY_ID[c].kind == "edit"]
    if not edicts:
        return
    order = g.priority() if g.defence is not None else g.seats_from_left_of(seat)
    g.queue[0:0] = [{"seat": v, "kind": "vulch", "cards": list(edicts), "veiled": g.veiled(v, "vulch")}
                    for v in order if v != seat and g.asked(v, "vulch")]


def _vulch_keep_offer(g: G, seat: int) -> list[Action]:
    return [{"type": "vulch_keep"}] if g.hands[seat] and g.power_on(seat, "vulch") else []


def _vulch_keeps(g: G, seat: int, cards: list[str]) -> list[str]:
    """Its power is optional: taking a new hand, the Vulch may keep its edicts, and shows them."""
    if not (g.power_on(seat, "vulch") and cards):
        return cards
    g._note_use(seat, "vulch")
    g.reveal()
    g._cards_seen(seat, cards, None, whole=True)
    g.emit(f"Le Vulch {P(seat)} garde ses édits et les montre : {', '.join(_cfr(c) for c in cards)}.",
           f"The Vulch {P(seat)} keeps and shows their edicts: {', '.join(_cen(c) for c in cards)}.")
    return []


class Vulch(Own):
    power = "vulch"

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        left = sorted({c for c in q["cards"] if c in g.discard})
        if not left:
            return []
        takes = left if g.power_on(seat, "vulch") else []
        return [{"type": "vulch_take", "card": c} for c in takes] + [{"type": "pass"}]

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
        if action["type"] == "pass":
            return True
        card = action["card"]
        _take_from_discard(g, seat, card)
        g._note_use(seat, "vulch")
        q["cards"].remove(card)
        g.emit(f"Le Vulch {P(seat)} récupère {_cfr(card)}.", f"The Vulch {P(seat)} collects {_cen(card)}.")
        return not q["cards"]


# ---- Zombie: its lost tokens rise again on its bases; in a deal it may hand tokens back ------------------------------
def _zombie_rises(g: G, seat: int, k: int, vide: bool) -> bool:
    """The lost tokens wait in limbo while the Zombie (or a veiled seat) says where they rise again."""
    if not (g.asked(seat, "zombie") and g.bases(seat)):
        return False
    g.limbo[seat] += k
    g.queue.insert(0, {"seat": seat, "kind": "zombie", "left": k, "annihilate": vide,
                       "veiled": g.veiled(seat, "zombie")})
    return True


class Zombie(Own):
    """One token at a time back on a base, or « pass »: the rest are lost the usual way."""

    power = "zombie"

    def actions(self, g: G, q: Any, seat: int) -> list[Action]:
        rise = g.bases(seat) if g.power_on(seat, "zombie") else []
        return [{"type": "zombie_place", "planet": list(pl)} for pl in rise] + [{"type": "pass"}]

    def answer(self, g: G, q: Q, seat: int, action: Action) -> bool:
        if action["type"] == "pass":
            left = q["left"]
            g.limbo[seat] -= left
            q["left"] = 0
            g._lose_now(seat, left, q["annihilate"])
            return True
        s_, p_ = action["planet"]
        g.limbo[seat] -= 1
        g.planets[s_][p_][seat] += 1
        g._note_use(seat, "zombie")
        q["left"] -= 1
        g.emit(f"Le Zombie {P(seat)} se relève : un pion revient sur une base.",
               f"The Zombie {P(seat)} rises again: a token returns to a base.")
        return bool(q["left"] <= 0)

    def bot_answer(self, g: G, q: Q, seat: int, legal: list[Action], rng: Rng) -> Action | None:
        """Where it has the fewest tokens, at home first."""
        places = [a for a in legal if "planet" in a]
        return min(places or legal, key=lambda a: (g.planets[a["planet"][0]][a["planet"][1]][seat],
                                                   a["planet"][0] != seat))


def _deal_zombie(g: G) -> int | None:
    """A Zombie in the deal may hand its partner's tokens back from the Trou Noir as part of the terms."""
    for s in (g.offence, g.defence):
        if s is not None and g.power_on(s, "zombie"):
            return s
    return None


def _zombie_return_offers(g: G, seat: int, t: dict[str, Any]) -> list[Action]:
    z = _deal_zombie(g)
    if z is None or "zombie" not in g.known_powers(z, seat) + copied_powers(g, z):
        return []
    back = (g.trou_noir[g.deal_partner(z)] if g.bases(g.deal_partner(z)) and not g.gone("trou_noir") else 0)
    return [{"type": "deal_zombie_return", "n": k} for k in range(back + 1) if k != t["zombie_return"]]


def _zombie_return_proposed(g: G, t: dict[str, Any]) -> None:
    if t["zombie_return"]:
        z = _deal_zombie(g)
        if z is not None:
            g._note_use(z, "zombie")


def _zombie_return_text(g: G, seat: int, t: dict[str, Any]) -> tuple[str, str] | None:
    z = _deal_zombie(g) if t.get("zombie_return") else None
    if z is None:
        return None
    fr, en = n_noun(t["zombie_return"], PION)
    return (f"le Zombie {P(z)} rend {fr} du Trou Noir à {P(g.deal_partner(z))}",
            f"the Zombie {P(z)} returns {en} from the Black Hole to {P(g.deal_partner(z))}")


def _zombie_return_made(g: G, proposer: int, accepter: int, t: dict[str, Any]) -> None:
    z = _deal_zombie(g)
    if t.get("zombie_return") and z is not None:
        other = g.deal_partner(z)
        k = min(t["zombie_return"], g.trou_noir[other])
        if k and g.bases(other):
            g._note_use(z, "zombie")
            g._push(other, "place", origins=[None] * k, src="trou_noir")


ZOMBIE_RETURN = DealTerm("zombie_return", "deal_zombie_return", _zombie_return_offers, _zombie_return_proposed,
                         _zombie_return_text, _zombie_return_made)


POWERS: dict[str, Power] = {
    "amibe": Power(("sealed",), "moves its tokens in or out of the duel once the cards are laid",
                   announce=_amibe_offers, effect=_amibe, kinds={"amibe": Amibe()}, bot_wants=_always),
    "chercheur": Power(("defender", "pre_cards"), "asks a main player a question about its hand or its card",
                       announce=_chercheur_offers, effect=_chercheur, kinds={"question": Promise()}),
    "chronos": Power(("revealed",), "both cards go back to the hands and are played again, once a duel",
                     announce=_chronos_offers, effect=_chronos, bot_wants=_chronos_wanted),
    "clone": Power(("after_duel",), "takes its played duel card back into its hand", uses="clone",
                   after_duel=_clone_asks, kinds={"clone": Clone()}),
    "comedien": Power(("defender",), "plays the part of one of its roles for the duel", kinds={"role": Role()},
                      before_duel=_ask_role, on_gain=_give_roles, on_loss=_return_roles,
                      lends=lambda g, seat, power: power == g.role[seat] and g.power_on(seat, "comedien"),
                      lent=lambda g, seat: [g.role[seat] or ""], shows_lent=_plays_role, holds_roles=True),
    "echangeur": Power(("defender", "pre_cards"), "swaps hands with its opponent",
                       announce=_echangeur_offers, effect=_echangeur, bot_wants=_echangeur_wanted),
    "empathe": Power(("resolve",), "its compromise turns the other's attack into a compromise",
                     on_compromise=_empathe, zappable_at=("revealed",)),
    "escamoteur": Power(("start",), "makes one thing vanish for the turn", kinds={"escamote": Escamote()},
                        at_turn_start=lambda g, seat: g._push(seat, "escamote"), vanishes=False),
    "esprit": Power(("defender", "pre_cards"), "looks at a main player's hand",
                    announce=_esprit_offers, effect=_esprit, bot_wants=_always),
    "insecte": Power(("pre_cards",), "sees the opponent's hidden powers", zappable_at=("pre_cards",),
                     not_with="oracle", lends=_insecte_copies, lent=copied_powers, shows_lent=_insecte_shows,
                     sees_powers=_insecte_sees, veils=_insecte_veils),
    "laser": Power(("cards",), "the opponent plays its card first, face up, and must play the one it is shown",
                   zappable_at=("pre_cards",), seals_first=True, on_own_seal=_laser_forces, bot_zaps=True),
    "machine": Power(("after_duel",), "may start another duel after any duel", uses="second_duel", goes_on=True),
    "macron": Power(("aim", "resolve"), "one token on the cone when attacking, each token counts four",
                    token_value=4, offence_cone=1, zappable_at=("pre_cards", "revealed"), bot_zaps=True),
    "mutant": Power(("defender", "pre_cards"), "fills its hand up to eight cards",
                    announce=_mutant_offers, effect=_mutant, kinds={"mutant": Mutant()}, bot_wants=_always),
    "oracle": Power(("cards",), "the opponent plays its card first, face up",
                    zappable_at=("pre_cards",), seals_second=True, on_opponent_seal=_oracle_sees, bot_zaps=True),
    "philantrope": Power(("defender", "pre_cards"), "gives a card to a main player",
                         announce=_philantrope_offers, effect=_philantrope, bot_wants=_philantrope_wanted),
    "sorcier": Power(("sealed",), "swaps the two laid cards", announce=_sorcier_offers, effect=_sorcier),
    "vide": Power(("settle",), "the losers' tokens leave the game for good", annihilates=True,
                  zappable_at=("revealed",), bot_zaps=True),
    "virus": Power(("resolve",), "multiplies card and tokens instead of adding them",
                   total=lambda card, tokens: card * tokens, zappable_at=("revealed",), bot_zaps=True),
    "voleur": Power(("after_cards",), "pockets the card its opponent played", uses="steal",
                    after_cards=_voleur_asks, kinds={"voleur": Voleur()}),
    "vulch": Power(("discard",), "collects the edicts others play or discard", uses="vulch_take",
                   on_discard=_vulch_offer, kinds={"vulch": Vulch()},
                   new_hand_offers=_vulch_keep_offer, new_hand_keeps=_vulch_keeps),
    "zombie": Power(("lose", "deal"), "its lost tokens rise again on its bases", uses="zombie_place",
                    on_lose=_zombie_rises, kinds={"zombie": Zombie()}, deal_term=ZOMBIE_RETURN),
}

#: Powers whose every effect is implemented; only these are dealt.
IMPLEMENTED_POWERS: frozenset[str] = frozenset(POWERS)
#: Powers of the rulebook that this engine does not apply yet, so they are never dealt.
MISSING_POWERS: frozenset[str] = frozenset()

#: The entries the duel reads, each in the order of the table: (power, what it sets).
TOKEN_VALUE: list[tuple[str, int]] = [(k, p.token_value) for k, p in POWERS.items() if p.token_value is not None]
OFFENCE_CONE: list[tuple[str, int]] = [(k, p.offence_cone) for k, p in POWERS.items() if p.offence_cone is not None]
TOTAL: list[tuple[str, Callable[[int, int], int]]] = [(k, p.total) for k, p in POWERS.items() if p.total is not None]
ON_COMPROMISE: list[tuple[str, Callable[[Any, int, int], None]]] = [
    (k, p.on_compromise) for k, p in POWERS.items() if p.on_compromise is not None]
ANNIHILATE: list[str] = [k for k, p in POWERS.items() if p.annihilates]
#: Powers that act by themselves at a moment, so that a Zap may stop them there: {moment: powers}.
ZAPPABLE_AT: dict[str, tuple[str, ...]] = {
    m: tuple(k for k, p in POWERS.items() if m in p.zappable_at) for m in MOMENTS
    if any(m in p.zappable_at for p in POWERS.values())}
#: The announced powers, in the order their announcements are offered at a window (a seat's legal actions keep the
#: order they have always had, on which seeded bots and saves rely).
ANNOUNCED: list[tuple[str, Power]] = [(k, POWERS[k]) for k in (
    "chercheur", "echangeur", "esprit", "philantrope", "mutant", "sorcier", "amibe", "chronos")]
assert {k for k, _ in ANNOUNCED} == {k for k, p in POWERS.items() if p.announce is not None}
#: The answers to a power's own question that use that power, so a Zap may stop it first: {answer: power}.
USES: dict[str, str] = {p.uses: k for k, p in POWERS.items() if p.uses is not None}
#: The powers' own questions, by the name the queue gives them (kinds.py adds them to the turn's).
POWER_KINDS: dict[str, Kind] = {name: kind for p in POWERS.values() for name, kind in p.kinds.items()}
#: Powers that change the order the duel cards are laid in: those that wait first (their use shows at once).
SEAL_ORDER: list[str] = sorted((k for k, p in POWERS.items() if p.seals_first or p.seals_second),
                               key=lambda k: POWERS[k].seals_first)
SEALS_FIRST: list[str] = [k for k in SEAL_ORDER if POWERS[k].seals_first]
SEALS_SECOND: list[str] = [k for k in SEAL_ORDER if POWERS[k].seals_second]
ON_OPPONENT_SEAL: list[tuple[str, Callable[[Any, int, int], None]]] = [
    (k, p.on_opponent_seal) for k, p in POWERS.items() if p.on_opponent_seal is not None]
ON_OWN_SEAL: list[tuple[str, Callable[[Any, int, int], None]]] = [
    (k, p.on_own_seal) for k, p in POWERS.items() if p.on_own_seal is not None]
AFTER_DUEL: list[Callable[[Any, int], None]] = [p.after_duel for p in POWERS.values() if p.after_duel is not None]
AFTER_CARDS: list[Callable[[Any, int, dict[int, str]], None]] = [
    p.after_cards for p in POWERS.values() if p.after_cards is not None]
GOES_ON: list[str] = [k for k, p in POWERS.items() if p.goes_on]
ON_LOSE: list[Callable[[Any, int, int, bool], bool]] = [p.on_lose for p in POWERS.values() if p.on_lose is not None]
ON_DISCARD: list[Callable[[Any, int, list[str]], None]] = [
    p.on_discard for p in POWERS.values() if p.on_discard is not None]
AT_TURN_START: list[tuple[str, Callable[[Any, int], None]]] = [
    (k, p.at_turn_start) for k, p in POWERS.items() if p.at_turn_start is not None]
BEFORE_DUEL: list[Callable[[Any, int], None]] = [p.before_duel for p in POWERS.values() if p.before_duel is not None]
NEW_HAND_OFFERS: list[Callable[[Any, int], list[Action]]] = [
    p.new_hand_offers for p in POWERS.values() if p.new_hand_offers is not None]
NEW_HAND_KEEPS: list[Callable[[Any, int, list[str]], list[str]]] = [
    p.new_hand_keeps for p in POWERS.values() if p.new_hand_keeps is not None]
#: Pairs never dealt in the same game: (the power dealt again, the power that rules it out).
NOT_WITH: list[tuple[str, str]] = [(k, p.not_with) for k, p in POWERS.items() if p.not_with is not None]
#: Powers the Escamoteur's vanishing of the powers does not stop.
STAYS: frozenset[str] = frozenset(k for k, p in POWERS.items() if not p.vanishes)
LENDS: list[Callable[[Any, int, str], bool]] = [p.lends for p in POWERS.values() if p.lends is not None]
LENT: list[Callable[[Any, int], list[str]]] = [p.lent for p in POWERS.values() if p.lent is not None]
#: The powers that lend others (a Comédien's role, an Insecte's copy). Each lends only to a seat holding it
#: (the Comédien's role needs the Comédien on, the Insecte's copy "insecte" in the seat's powers), so a seat
#: holding none of them has no lent power: `power_on` answers such a seat without asking LENDS.
LENDERS: frozenset[str] = frozenset(k for k, p in POWERS.items() if p.lends is not None)
SHOWS_LENT: list[tuple[str, Callable[[Any, int, str], bool]]] = [
    (k, p.shows_lent) for k, p in POWERS.items() if p.shows_lent is not None]
SEES_POWERS: list[Callable[[Any, int | None, int], bool]] = [
    p.sees_powers for p in POWERS.values() if p.sees_powers is not None]
VEILS: list[Callable[[Any, int, str], bool]] = [p.veils for p in POWERS.values() if p.veils is not None]
DEAL_TERMS: list[DealTerm] = [p.deal_term for p in POWERS.values() if p.deal_term is not None]
#: Powers whose owner holds others aside as its roles (the Comédien).
HOLDS_ROLES: frozenset[str] = frozenset(k for k, p in POWERS.items() if p.holds_roles)
#: Powers a heuristic main player zaps on its opponent.
BOT_ZAPS: frozenset[str] = frozenset(k for k, p in POWERS.items() if p.bot_zaps)


def on_gain(g: Any, seat: int, powers: list[str]) -> None:
    """`seat` gained these powers (dealt, drawn at a rotation): what each does then (the Comédien's roles). `g` is
    Any: the table's set-up calls it before the game's class is whole (table.py)."""
    for pw in powers:
        hook = POWERS[pw].on_gain
        if hook is not None:
            hook(g, seat)


def on_loss(g: G, seat: int, power: str) -> None:
    """`seat` gave a copy of `power` back to the box (dropped, rotated away)."""
    hook = POWERS[power].on_loss
    if hook is not None:
        hook(g, seat)
