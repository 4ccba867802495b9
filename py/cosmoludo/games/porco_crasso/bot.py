"""A Porco Crasso bot that plays like a sensible person: look one card ahead with a static evaluation."""
from __future__ import annotations

from typing import cast

from ...core.rng import Rng
from ...core.state import Action
from . import playout
from .rules import BARR, COQ, DIRTY, OISEAU_PHASE, PARA, PLAY_PHASE, PORCH, REACT_PHASE, PorcoCrassoRules

KEEP = playout.KEEP  # how much a card in hand is worth keeping (used when choosing what to discard)


def progress(state: PorcoCrassoRules, seat: int) -> float:
    """How close `seat` is to winning, in [0, 1], with protection counted as half a step."""
    pigs = state.pigs[seat]
    if not pigs:
        return 0.0
    dirt = 0.0
    for p in pigs:
        if p[COQ]:
            continue
        if p[DIRTY]:
            dirt += 0.7 + 0.12 * p[PORCH] + 0.12 * p[BARR] + 0.06 * p[PARA]
        else:
            dirt += 0.05 * p[PORCH]
    coq = sum(1 for p in pigs if p[COQ]) * 0.9 if state.extension else 0.0
    n = len(pigs)
    return max(dirt, coq) / n


def evaluate(state: PorcoCrassoRules, seat: int) -> float:
    """Own progress against the best opponent's; a won game is worth everything."""
    if state.game_winner is not None:
        return 10.0 if state.game_winner == seat else -10.0
    mine = progress(state, seat)
    others = [progress(state, s) for s in state.opponents(seat)]
    best = max(others) if others else 0.0
    # A very close opponent is a threat worth more than the average.
    return mine - best - 0.2 * sum(others) / max(1, len(others))


def _after(state: PorcoCrassoRules, seat: int, action: Action) -> PorcoCrassoRules:
    """The position after `action`, assuming nobody reacts (opponents' hands are not ours to see)."""
    c = cast(PorcoCrassoRules, state.clone())
    c.quiet = True
    c.step(seat, action)
    while c.stage() == REACT_PHASE:
        c.step(c.to_move()[0], {"type": "pass"})
    return c


def heuristic_action(state: PorcoCrassoRules, seat: int, rng: Rng) -> Action:
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if state.stage() == REACT_PHASE:
        # Always save a pig; against Pluie save the best-protected one first.
        reacts = [a for a in legal if a["type"] == "react"]
        if reacts:
            return max(reacts, key=lambda a: sum(state.pigs[seat][a["pig"]][k] for k in (PORCH, PARA)))
        return legal[0]
    scores = score_actions(state, seat, legal, rng)
    return legal[max(range(len(legal)), key=scores.__getitem__)]


def _dirty_count(pigs: list[list[bool]]) -> int:
    return sum(1 for p in pigs if p[DIRTY] and not p[COQ])


def quick_score(state: PorcoCrassoRules, seat: int, action: Action) -> float:
    """What a sensible person thinks of `action` at a glance, without playing it out (no copy of the state).

    The playout policy of the search: one plain pass over the pigs the card touches, so a playout costs
    little more than a random one but looks like a game between people trying to win."""
    kind = action["type"]
    if kind == "react":
        return 10.0
    if kind != "play":
        return -1.0 - KEEP.get(action.get("card", ""), 0.1) if kind == "discard" else 0.0
    card = action["card"]
    pigs = state.pigs
    if card == "oiseau":
        return 2.5
    if card == "pluie":
        # Rain washes every exposed pig, one's own included: worth it when others lose more.
        mine = len(state._rain_exposed(seat))
        theirs = max((len(state._rain_exposed(s)) for s in state.opponents(seat)), default=0)
        return 2.0 * (theirs - mine) - 0.5
    ts, ti = action["seat"], action["pig"]
    pig = pigs[ts][ti]
    if ts == seat:
        own = pigs[seat]
        if card == "boue":
            # The last clean pig wins the game.
            left = sum(1 for p in own if not p[DIRTY] and not p[COQ])
            return 20.0 if left == 1 and not any(p[COQ] for p in own) else 5.0 + 0.5 * pig[PORCH]
        if card == "porcherie":
            return 2.0 + 1.5 * pig[DIRTY]
        if card == "barricade":
            return 3.5
        if card == "paratonnerre":
            return 1.0 + 1.0 * pig[DIRTY]
        if card == "coquettruie":
            covered = sum(1 for p in own if p[COQ])
            return 20.0 if covered == len(own) - 1 else 0.5 + covered - 0.8 * pig[DIRTY]
        if card == "sauve_qui_porc":
            return 0.5 + 2.0 * pig[DIRTY]  # a dirty pig shows again
        return 0.0
    threat = _dirty_count(pigs[ts]) / max(1, len(pigs[ts]))
    if card == "decrassage":
        return 3.0 + 3.0 * threat
    if card == "foudre":
        return 1.5 + 2.0 * pig[DIRTY] + threat
    if card == "coquettruie":
        return 1.0 + 2.5 * pig[DIRTY] + threat
    if card == "sauve_qui_porc":
        covered = sum(1 for p in pigs[ts] if p[COQ])
        return 1.0 + 1.5 * covered - 1.0 * pig[DIRTY]
    return 0.0


def rollout_action(state: PorcoCrassoRules, seat: int, rng: Rng) -> Action:
    """The playout policy: the best action at a glance (`quick_score`), now and then another one."""
    acts = state._legal_actions(seat)
    if len(acts) == 1 or rng.below(8) == 0:
        return acts[rng.below(len(acts))]
    best, best_score = acts[0], -1e9
    for a in acts:
        score = quick_score(state, seat, a) + rng.below(64) * 0.01
        if score > best_score:
            best, best_score = a, score
    return best


def score_actions(state: PorcoCrassoRules, seat: int, legal: list[Action], rng: Rng) -> list[float]:
    """One-card look-ahead: the static evaluation after each action, less what the card was worth keeping."""
    hand = state.oiseau_left if state.oiseau_left and state.phase == "oiseau" else state.hands[seat]
    base = evaluate(state, seat)
    scores = []
    for a in legal:
        if a["type"] == "play":
            score = evaluate(_after(state, seat, a), seat)
            # Cards that go on the table cost nothing; keep the ones that are worth more later.
            score -= 0.02 * KEEP.get(a["card"], 0.1)
            if a["card"] == "oiseau":
                score += 0.05 * (len(hand) - 1)
        elif a["type"] == "discard":
            score = base - 0.1 * KEEP.get(a["card"], 0.1) - 0.02
        else:
            score = base
        scores.append(score + rng.below(1000) * 1e-7)  # break ties without always picking the first
    return scores


# ---- « normal »: the same one-card look-ahead, with weights tuned by play --------------------------------
#: An evaluation's weights. `dirty` is what a dirty pig counts for by itself, `sty`, `barricade` and `rod` what
#: each protection adds over it, `pepere` a bonus for the three at once; `clean_sty` and `clean_rod` what a clean
#: pig's protections are worth (the sty keeps the next Boue from the rain); `exposed` a penalty for the square of
#: the dirty pigs left in the open (one Pluie washes them all); `finish` a push towards the last clean pigs
#: (finish / (clean pigs + 1)); `best` and `mean` weigh the leading and the average opponent. Then, per card, what
#: it is worth keeping (`keep_<card>`), charged `play_cost` times when it is played and `discard_cost` times,
#: plus `discard`, when it is thrown away; `keep_decrassage_threat` and `keep_pluie_threat` add to the keep value
#: of those two cards in proportion to the leading opponent's share of dirty pigs.
Weights = dict[str, float]

FACILE_LIKE: Weights = {
    "dirty": 0.7, "sty": 0.12, "barricade": 0.12, "rod": 0.06, "pepere": 0.0, "clean_sty": 0.05, "clean_rod": 0.0,
    "exposed": 0.0, "finish": 0.0, "best": 1.0, "mean": 0.2, "play_cost": 0.02, "discard_cost": 0.1, "discard": 0.02,
    "keep_decrassage_threat": 0.0, "keep_pluie_threat": 0.0, **{f"keep_{c}": v for c, v in KEEP.items()}}


#: « normal »: the evaluation of « facile » with a dirty pig alone worth half as much, so that protecting dirt and
#: undoing the others' protected dirt come first (found by hill-climbing against « facile » on seeded deals).
NORMAL: Weights = {
    "dirty": 0.352, "sty": 0.12, "barricade": 0.12, "rod": 0.06, "pepere": 0.002, "clean_sty": 0.05,
    "clean_rod": 0.0, "finish": 0.0, "best": 1.0, "mean": 0.2, "play_cost": 0.02, "discard_cost": 0.1,
    "discard": 0.031, "keep_decrassage_threat": 0.0, "keep_pluie_threat": 0.0, "exposed": 0.017,
    "keep_super_gadoue": 0.5, "keep_rouge_a_levres": 0.4, "keep_boue": 0.309, "keep_barricade": 0.3,
    "keep_porcherie": 0.311, "keep_oiseau": 0.3, "keep_paratonnerre": 0.2, "keep_coquettruie": 0.25,
    "keep_decrassage": 0.25, "keep_foudre": 0.15, "keep_sauve_qui_porc": 0.192, "keep_pluie": 0.156}

#: The levels this module plays with weights (the page's « normal »; « fort » searches: `search_action`).
LEVEL_WEIGHTS: dict[str, Weights] = {"normal": NORMAL}


def standing(state: PorcoCrassoRules, seat: int, w: Weights) -> float:
    """How well `seat` stands under the weights `w`: its pigs' dirt and protection, per pig, and the finish."""
    pigs = state.pigs[seat]
    if not pigs:
        return 0.0
    total = 0.0
    clean = exposed = 0
    for p in pigs:
        if p[COQ]:
            continue  # the base game has none; with the extension the coquettruie race is `progress`'s
        if p[DIRTY]:
            total += w["dirty"] + w["sty"] * p[PORCH] + w["barricade"] * p[BARR] + w["rod"] * p[PARA]
            if p[PORCH] and p[BARR] and p[PARA]:
                total += w["pepere"]
            if not p[PORCH]:
                exposed += 1
        else:
            clean += 1
            total += w["clean_sty"] * p[PORCH] + w["clean_rod"] * p[PARA]
    own = (total - w["exposed"] * exposed * exposed) / len(pigs) + w["finish"] / (clean + 1)
    if state.extension:  # the other way to win: every pig under a Coquettruie
        own = max(own, sum(0.9 for p in pigs if p[COQ]) / len(pigs))
    return own


def weighted_evaluation(state: PorcoCrassoRules, seat: int, w: Weights) -> float:
    """`seat`'s standing against the leading opponent's and the average opponent's; a won game outweighs all."""
    if state.game_winner is not None:
        return 10.0 if state.game_winner == seat else -10.0
    others = [standing(state, s, w) for s in state.opponents(seat)]
    if not others:
        return standing(state, seat, w)
    return standing(state, seat, w) - w["best"] * max(others) - w["mean"] * sum(others) / len(others)


def weighted_action(state: PorcoCrassoRules, seat: int, rng: Rng, w: Weights) -> Action:
    """The one-card look-ahead of « facile » (`score_actions`) under the weights `w`, which also price the cards
    kept in hand. Reactions are the heuristic's (a pig saved is always worth the card)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1 or state.stage() == REACT_PHASE:
        return heuristic_action(state, seat, rng)
    hand = state.oiseau_left if state.oiseau_left and state.phase == "oiseau" else state.hands[seat]
    base = weighted_evaluation(state, seat, w)
    threat = max((_dirty_count(state.pigs[s]) / max(1, len(state.pigs[s])) for s in state.opponents(seat)),
                 default=0.0)
    best, best_score = legal[0], -1e9
    for a in legal:
        kind, card = a["type"], a.get("card", "")
        keep = w.get(f"keep_{card}", 0.1)
        if card == "decrassage":
            keep += w["keep_decrassage_threat"] * threat
        elif card == "pluie":
            keep += w["keep_pluie_threat"] * threat
        if kind == "play":
            score = weighted_evaluation(_after(state, seat, a), seat, w) - w["play_cost"] * keep
            if card == "oiseau":
                score += 0.05 * (len(hand) - 1)
        elif kind == "discard":
            score = base - w["discard_cost"] * keep - w["discard"]
        else:
            score = base
        score += rng.below(1000) * 1e-7  # break ties without always picking the first
        if score > best_score:
            best, best_score = a, score
    return best


# ---- « fort »: every move played out to the end, many times ------------------------------------------------
#: Playouts per decision of « fort » (a fixed count, not a clock: the same seed always gives the same move), with
#: up to 3 players in the game; with 4, whose playouts are longer, two thirds of it (a decision stays under
#: 0.5 s natively, the extension and Chronoboue included).
FORT_PLAYOUTS = 600


def fort_playouts(state: PorcoCrassoRules) -> int:
    return FORT_PLAYOUTS if sum(state.in_game) <= 3 else FORT_PLAYOUTS * 2 // 3


def search_action(state: PorcoCrassoRules, seat: int, rng: Rng, playouts: int) -> Action:
    """« fort »: on its own turn (and through an Oiseau de bon augure), each move is played in deals of the
    cards it cannot see and the game on to its end between « facile » players (playout.search, the playouts on
    the fast copy of the rules in playout.py); the move that wins most often is played. Answers to a card and
    single choices are « facile »'s."""
    legal = state.legal_actions(seat)
    if (len(legal) == 1 or state.asks or seat != state.current
            or state.phase not in (PLAY_PHASE, OISEAU_PHASE)):
        return heuristic_action(state, seat, rng)
    return playout.search(state, seat, legal, playouts, rng)
