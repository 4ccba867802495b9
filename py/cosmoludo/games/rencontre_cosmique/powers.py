"""The alien powers as a table, one entry a power as the rulebook gives each power one card: the moments it acts
and what it changes. The duel and the windows ask this table instead of naming powers:
- the duel's arithmetic (what a token is worth, how many go on the cone, how a side's total is made, a card turned at
  the resolution, tokens annihilated) and the order the duel cards are laid in (an Oracle waits, a Laser goes first,
  and what each does once a card is laid) are read by the duel (duel.py);
- a power announced in a window offers its announcements (`announce`) and, once the Zaps have answered, takes effect
  (`effect`) through the windows (windows.py); a power acting by itself at a moment may be zapped there (`zappable_at`);
  a power answering its own question (the Clone's « take it back »...) names that answer (`uses`), which a Zap may
  stop first (kinds.py).

This module stands below every chapter: its hooks receive the game state (`g`) and import nothing of the rules.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...core.state import Action
from ...core.text import P
from .data import BY_ID, HAND_SIZE, QUESTIONS, fact_answer, is_duel_card

#: The moments of a turn a power may act at (the windows' names, and the duel's own steps).
MOMENTS = ("start", "defender", "aim", "pre_cards", "cards", "sealed", "revealed", "resolve", "settle",
           "consolation", "after_cards", "after_duel", "lose", "discard", "deal")


@dataclass(frozen=True)
class Power:
    """One alien power: when it acts (`moments`) and what it changes (`changes`), plus its duel arithmetic."""

    moments: tuple[str, ...]
    changes: str
    #: What one of its owner's tokens counts for in a duel total (None: one).
    token_value: int | None = None
    #: The most tokens its owner puts on the cone when attacking or backing the attack (None: the usual four).
    offence_cone: int | None = None
    #: How its owner's total is made from the card's value and the side's tokens (None: their sum).
    total: Callable[[int, int], int] | None = None
    #: At the resolution, when its owner's card is a compromise and the other's is not: what it does then.
    on_compromise: Callable[[Any, int, int], None] | None = None
    #: Its owner winning a duel sends the losers' tokens out of the game instead of into the Black Hole.
    annihilates: bool = False
    #: The moments it acts by itself (no announcement), where a Zap may stop it.
    zappable_at: tuple[str, ...] = ()
    #: An announced power: what its owner may announce at a window's moment (`g, seat, moment`; its owner holds
    #: it, unused this turn, with a defence known), and what the announcement does once no Zap stopped it.
    announce: Callable[[Any, int, str], list[Action]] | None = None
    effect: Callable[[Any, int, Action], None] | None = None
    #: The answer to its own question that uses it, so that a Zap may stop it first (the Clone's "clone"...).
    uses: str | None = None
    #: Laying the duel cards: its owner waits for its opponent's card (the Oracle), or its opponent waits for its
    #: owner's (the Laser; the offence first when both have it; its owner never waits because of its own Oracle).
    seals_second: bool = False
    seals_first: bool = False
    #: A card was laid: what it does when its owner's opponent laid first (`g, owner, sealer`; the Oracle sees it
    #: face up) or when its owner laid first (`g, owner, opponent`; the Laser picks the opponent's card).
    on_opponent_seal: Callable[[Any, int, int], None] | None = None
    on_own_seal: Callable[[Any, int, int], None] | None = None
    #: After the duel, before the laid cards go to the discard: its question to a main player (`g, seat`; the
    #: Clone may take its card back).
    after_duel: Callable[[Any, int], None] | None = None
    #: Once the laid cards are in the discard: its question to a main player (`g, seat, played`: the card each
    #: main player laid; the Voleur may pocket its opponent's).
    after_cards: Callable[[Any, int, dict[int, str]], None] | None = None
    #: Its owner, the offence, may start another duel after any duel (the Machine), not only after a first success.
    goes_on: bool = False
    #: Its owner loses tokens (`g, seat, k, vide`): True when the power takes them over (the Zombie's rise) instead
    #: of their going to the Black Hole or out of the game.
    on_lose: Callable[[Any, int, int, bool], bool] | None = None
    #: Before each turn, what it asks of its owner (`g, seat`; the Escamoteur makes something vanish).
    at_turn_start: Callable[[Any, int], None] | None = None
    #: Another player's cards went to the discard (`g, seat, cards`; the Vulch may collect the edicts).
    on_discard: Callable[[Any, int, list[str]], None] | None = None


def _cfr(card: str) -> str:
    return BY_ID[card].name["fr"]


def _cen(card: str) -> str:
    return BY_ID[card].name["en"]


def _main(g: Any, seat: int) -> bool:
    return seat in (g.offence, g.defence)


def _others(g: Any, seat: int) -> list[int]:
    """The main players other than `seat`."""
    return [t for t in (g.offence, g.defence) if t != seat]


# ---- announced at the defender's and the pre-cards windows ------------------------------------------------------
def _chercheur_offers(g: Any, seat: int, moment: str) -> list[Action]:
    if moment not in ("defender", "pre_cards") or not g.involved(seat):
        return []
    return [{"type": "power", "power": "chercheur", "seat": t, "question": q}
            for t in _others(g, seat) for q in QUESTIONS]


def _chercheur(g: Any, seat: int, action: Action) -> None:
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


def _echangeur_offers(g: Any, seat: int, moment: str) -> list[Action]:
    ok = moment in ("defender", "pre_cards") and _main(g, seat)
    return [{"type": "power", "power": "echangeur"}] if ok else []


def _echangeur(g: Any, seat: int, action: Action) -> None:
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


def _esprit_offers(g: Any, seat: int, moment: str) -> list[Action]:
    if moment not in ("defender", "pre_cards"):
        return []  # anyone at the table: a main player looks at its opponent's hand
    return [{"type": "power", "power": "esprit", "seat": t} for t in _others(g, seat)]


def _esprit(g: Any, seat: int, action: Action) -> None:
    t = action["seat"]
    cards = sorted(g.hands[t])
    g._cards_seen(t, g.hidden_cards(t), [seat], whole=True)
    g.emit(f"L'Esprit {P(seat)} regarde la main de {P(t)}.", f"The Mind {P(seat)} looks at {P(t)}'s hand.")
    g.emit(f"Main de {P(t)} : {', '.join(_cfr(c) for c in cards) or 'vide'}.",
           f"{P(t)}'s hand: {', '.join(_cen(c) for c in cards) or 'empty'}.", to=[seat])


def _philantrope_offers(g: Any, seat: int, moment: str) -> list[Action]:
    if moment not in ("defender", "pre_cards") or not g.involved(seat):
        return []
    return [{"type": "power", "power": "philantrope", "card": c, "to": t}
            for c in sorted(set(g.hands[seat])) for t in _others(g, seat)]


def _philantrope(g: Any, seat: int, action: Action) -> None:
    c, t = action["card"], action["to"]
    if c in g.hands[seat]:
        g.hands[seat].remove(c)
        g.hands[t].append(c)
        g._cards_out(seat, [c], [t])
        g._cards_in(t, [c], [seat])
        g.emit(f"Le Philantrope {P(seat)} donne une carte à {P(t)}.",
               f"The Philanthropist {P(seat)} gives {P(t)} a card.")
        g.emit(f"Carte donnée : {_cfr(c)}.", f"Card given: {_cen(c)}.", to=[seat, t])


def _mutant_offers(g: Any, seat: int, moment: str) -> list[Action]:
    ok = moment in ("defender", "pre_cards") and _main(g, seat) and len(g.hands[seat]) < HAND_SIZE
    return [{"type": "power", "power": "mutant"}] if ok else []


def _mutant(g: Any, seat: int, action: Action) -> None:
    g.queue.insert(0, {"seat": seat, "kind": "mutant"})


# ---- announced once the cards are laid ----------------------------------------------------------------------------
def _sorcier_offers(g: Any, seat: int, moment: str) -> list[Action]:
    return [{"type": "power", "power": "sorcier"}] if moment == "sealed" and _main(g, seat) else []


def _sorcier(g: Any, seat: int, action: Action) -> None:
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
    g.emit(f"Le Sorcier {P(seat)} intervertit les deux cartes posées.",
           f"The Sorcerer {P(seat)} swaps the two laid cards.")


def _amibe_offers(g: Any, seat: int, moment: str) -> list[Action]:
    return [{"type": "power", "power": "amibe"}] if moment == "sealed" and _main(g, seat) else []


def _amibe(g: Any, seat: int, action: Action) -> None:
    g.queue.insert(0, {"seat": seat, "kind": "amibe"})


# ---- announced once the cards are turned over ---------------------------------------------------------------------
def _chronos_offers(g: Any, seat: int, moment: str) -> list[Action]:
    ok = moment == "revealed" and _main(g, seat) and not g.chronos_used
    return [{"type": "power", "power": "chronos"}] if ok else []


def _chronos(g: Any, seat: int, action: Action) -> None:
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


# ---- laying the duel cards ----------------------------------------------------------------------------------------
def _oracle_sees(g: Any, seat: int, sealer: int) -> None:
    """Its opponent laid first: that card is played face up."""
    if g.sealed[seat] is not None:
        return
    g._note_use(seat, "oracle")
    card = g.sealed[sealer]
    g.reveal()
    g._cards_out(sealer, [card], None)
    g.oracle_shown.append(sealer)
    g.emit(f"Face à l'Oracle, {P(sealer)} joue face visible : {_cfr(card)}.",
           f"Facing the Oracle, {P(sealer)} plays face up: {_cen(card)}.")


def _laser_forces(g: Any, seat: int, o: int) -> None:
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


# ---- after the duel -------------------------------------------------------------------------------------------------
def _clone_asks(g: Any, seat: int) -> None:
    """The Clone may take its own card back before the discard."""
    if g.sealed[seat] is not None and g.asked(seat, "clone"):
        g._push(seat, "clone", veiled=g.veiled(seat, "clone"))


def _voleur_asks(g: Any, seat: int, played: dict[int, str]) -> None:
    """The Voleur may take the card its opponent played."""
    o = g.opponent_of(seat)
    if o in played and g.asked(seat, "voleur"):
        g._push(seat, "voleur", card=played[o], veiled=g.veiled(seat, "voleur"))


# ---- tokens lost, cards discarded -----------------------------------------------------------------------------------
def _zombie_rises(g: Any, seat: int, k: int, vide: bool) -> bool:
    """The lost tokens wait in limbo while the Zombie (or a veiled seat) says where they rise again."""
    if not (g.asked(seat, "zombie") and g.bases(seat)):
        return False
    g.limbo[seat] += k
    g.queue.insert(0, {"seat": seat, "kind": "zombie", "left": k, "vide": vide, "veiled": g.veiled(seat, "zombie")})
    return True


def _vulch_offer(g: Any, seat: int, cards: list[str]) -> None:
    """A Vulch may collect edicts that another player plays or discards."""
    edicts = [c for c in cards if BY_ID[c].kind == "edit"]
    if not edicts:
        return
    order = g.priority() if g.defence is not None else g.seats_from_left_of(seat)
    g.queue[0:0] = [{"seat": v, "kind": "vulch", "cards": list(edicts), "veiled": g.veiled(v, "vulch")}
                    for v in order if v != seat and g.asked(v, "vulch")]


def _empathe(g: Any, seat: int, other: int) -> None:
    g.effective[other] = "compromis"
    g._note_use(seat, "empathe")
    g.emit(f"L'Empathe {P(seat)} change la carte de {P(other)} en compromis.",
           f"The Empath {P(seat)} turns {P(other)}'s card into a compromise.")


POWERS: dict[str, Power] = {
    "amibe": Power(("sealed",), "moves its tokens in or out of the duel once the cards are laid",
                   announce=_amibe_offers, effect=_amibe),
    "chercheur": Power(("defender", "pre_cards"), "asks a main player a question about its hand or its card",
                       announce=_chercheur_offers, effect=_chercheur),
    "chronos": Power(("revealed",), "both cards go back to the hands and are played again, once a duel",
                     announce=_chronos_offers, effect=_chronos),
    "clone": Power(("after_duel",), "takes its played duel card back into its hand", uses="clone",
                   after_duel=_clone_asks),
    "comedien": Power(("defender",), "plays the part of one of its roles for the duel"),
    "echangeur": Power(("defender", "pre_cards"), "swaps hands with its opponent",
                       announce=_echangeur_offers, effect=_echangeur),
    "empathe": Power(("resolve",), "its compromise turns the other's attack into a compromise",
                     on_compromise=_empathe, zappable_at=("revealed",)),
    "escamoteur": Power(("start",), "makes one thing vanish for the turn",
                        at_turn_start=lambda g, seat: g._push(seat, "escamote")),
    "esprit": Power(("defender", "pre_cards"), "looks at a main player's hand",
                    announce=_esprit_offers, effect=_esprit),
    "insecte": Power(("pre_cards",), "sees the opponent's hidden powers", zappable_at=("pre_cards",)),
    "laser": Power(("cards",), "the opponent plays its card first, face up, and must play the one it is shown",
                   zappable_at=("pre_cards",), seals_first=True, on_own_seal=_laser_forces),
    "machine": Power(("after_duel",), "may start another duel after any duel", uses="second_duel", goes_on=True),
    "macron": Power(("aim", "resolve"), "one token on the cone when attacking, each token counts four",
                    token_value=4, offence_cone=1, zappable_at=("pre_cards", "revealed")),
    "mutant": Power(("defender", "pre_cards"), "fills its hand up to eight cards",
                    announce=_mutant_offers, effect=_mutant),
    "oracle": Power(("cards",), "the opponent plays its card first, face up",
                    zappable_at=("pre_cards",), seals_second=True, on_opponent_seal=_oracle_sees),
    "philantrope": Power(("defender", "pre_cards"), "gives a card to a main player",
                         announce=_philantrope_offers, effect=_philantrope),
    "sorcier": Power(("sealed",), "swaps the two laid cards", announce=_sorcier_offers, effect=_sorcier),
    "vide": Power(("settle",), "the losers' tokens leave the game for good", annihilates=True,
                  zappable_at=("revealed",)),
    "virus": Power(("resolve",), "multiplies card and tokens instead of adding them",
                   total=lambda card, tokens: card * tokens, zappable_at=("revealed",)),
    "voleur": Power(("after_cards",), "pockets the card its opponent played", uses="steal",
                    after_cards=_voleur_asks),
    "vulch": Power(("discard",), "collects the edicts others play or discard", uses="vulch_take",
                   on_discard=_vulch_offer),
    "zombie": Power(("lose", "deal"), "its lost tokens rise again on its bases", uses="zombie_place",
                    on_lose=_zombie_rises),
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
