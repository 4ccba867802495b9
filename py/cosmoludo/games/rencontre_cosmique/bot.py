"""A Rencontre Cosmique bot that plays like a sensible person: expected totals, useful alliances, safe deals."""
from __future__ import annotations

import math
from typing import Any

from ...core.rng import Rng
from ...core.state import Action
from .data import BASES_TO_WIN, BY_ID, attack_value
from .powers import BOT_ZAPS, POWER_KINDS, POWERS, TOTAL
from .question import Question
from .rules import RencontreRules

#: What a player expects an unknown duel card to be worth (the deck's mean attack, compromises aside).
EXPECTED_ATTACK = 10


def progress(state: RencontreRules, seat: int) -> float:
    """How close `seat` is to winning, in [0, 1]: foreign bases first, then tokens still in play."""
    if state.eliminated[seat]:
        return 0.0
    bases = min(state.foreign_bases(seat), BASES_TO_WIN) / BASES_TO_WIN
    tokens = state.tokens_on_bases(seat) / 20
    return 0.85 * bases + 0.15 * tokens


#: The powers' columns, in alphabetical order of the power table's keys (a power is named only in its entry).
EVAL_POWERS: tuple[str, ...] = tuple(sorted(POWERS))

#: The score of a position for the search (`evaluation`): each seat still in gets w·x, and the shares of the win are
#: the softmax of those scores over the seats (a conditional logit). The weights, one row per table size, were fitted
#: by maximum likelihood on the turn starts of 1 000 / 2 000 / 600 games of « facile » against itself (2 / 3 / 4 players,
#: seeds 100 000 on; 75 % to fit, 25 % to test): on the test turns the fit predicts the winner much better than
#: progress cubed did (mean log-loss 0.59 / 0.90 / 1.07 against 0.76 / 1.05 / 1.20; even odds give 0.69 / 1.10 / 1.39).
#: The features: at least 1, 2, 3, 4 foreign bases; home bases; tokens on bases (/20); cards in hand; attack cards;
#: best attack (/10); best three attacks (/30); compromises; edicts; offence now; offence next; then the power held
#: (EVAL_POWERS' order).
EVAL_WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (0.537, 0.435, 0.793, 0.713, -0.055, 1.029, -0.111, -0.046, 0.096, 0.569, -0.168, 0.103, 0.118, -0.118,
        -0.113, -0.025, -0.397, 0.505, 0.0, -0.322, 0.583, 0.0, -0.271, -0.449, -0.255, 0.108, 0.836, -0.588, 0.575,
        0.078, -0.551, 0.18, 0.848, -0.227, -0.399, -0.115),
    3: (0.382, 0.518, 0.843, 0.705, 0.175, 0.487, -0.086, -0.044, -0.008, 0.745, -0.086, 0.043, 0.36, 0.181,
        -1.503, -0.438, 0.187, 0.557, 0.0, 0.13, 0.468, 0.0, -0.445, -0.273, 0.316, 0.494, 0.434, -0.195, 0.179,
        0.013, -0.192, -0.175, 1.041, -0.191, -0.226, -0.181),
    4: (0.582, 0.733, 0.993, 0.673, 0.169, 0.755, -0.09, -0.037, 0.065, 0.662, -0.093, 0.04, 0.468, 0.27,
        -1.189, -0.301, 0.055, 0.593, 0.0, -0.023, 0.351, 0.0, -0.335, -0.218, 0.254, 0.707, 0.248, 0.196, 0.452,
        -0.581, -0.146, -0.184, 0.948, -0.24, -0.261, -0.328),
}


def eval_features(state: RencontreRules, seat: int) -> list[float]:
    """What `evaluation` weighs for one seat (EVAL_WEIGHTS' order)."""
    fb = state.foreign_bases(seat)
    hand = state.hands[seat]
    attacks = sorted((attack_value(c) for c in hand if BY_ID[c].kind == "attaque"), reverse=True)
    dist = (seat - state.offence) % state.players
    x = [float(fb >= 1), float(fb >= 2), float(fb >= 3), float(fb >= 4), float(state.home_bases(seat)),
         state.tokens_on_bases(seat) / 20, float(len(hand)), float(len(attacks)), (attacks[0] if attacks else 0) / 10,
         sum(attacks[:3]) / 30, float(hand.count("compromis")), float(sum(BY_ID[c].kind == "edit" for c in hand)),
         float(dist == 0), float(dist == 1)]
    held = state.powers[seat]
    return x + [float(pw in held) for pw in EVAL_POWERS]


def evaluation(state: RencontreRules) -> list[float]:
    """Each seat's share of the win in a position, as the fitted model above predicts it (eliminated seats: 0)."""
    weights = EVAL_WEIGHTS[min(max(state.players, 2), 4)]
    scores: list[float | None] = [None if state.eliminated[s] else
                                  sum(w * v for w, v in zip(weights, eval_features(state, s)))
                                  for s in range(state.players)]
    top = max(v for v in scores if v is not None)
    odds = [0.0 if v is None else math.exp(v - top) for v in scores]
    total = sum(odds)
    return [o / total for o in odds]


def leader(state: RencontreRules, seat: int) -> int | None:
    others = [s for s in range(state.players) if s != seat and not state.eliminated[s]]
    return max(others, key=lambda s: (state.foreign_bases(s), -s)) if others else None


def _planet_tokens(state: RencontreRules, seat: int, a: Action, key: str) -> int:
    pl = a.get(key)
    return state.planets[pl[0]][pl[1]][seat] if isinstance(pl, list) else 0


def _pick_card(state: RencontreRules, seat: int, legal: list[Action]) -> Action:
    """The smallest attack that should win against an average card, else the compromise or the weakest."""
    off, d = state.offence, state.defence
    assert d is not None
    mine_side = "offence" if seat == off else "defence"
    theirs_side = "defence" if seat == off else "offence"
    mine, theirs = state.side_total(mine_side), state.side_total(theirs_side)
    opp = d if seat == off else off
    opp_card = state.sealed[opp] if opp in state.oracle_shown else None
    need = theirs + (attack_value(opp_card) if opp_card and opp_card != "compromis" else EXPECTED_ATTACK)
    cards = [a["card"] for a in legal]
    attacks = sorted((c for c in cards if BY_ID[c].kind == "attaque"), key=attack_value)
    made = next((total for pw, total in TOTAL if state.power_on(seat, pw)), None)  # powers.py: the Virus multiplies

    def total(c: str) -> int:
        return made(attack_value(c), mine) if made is not None else attack_value(c) + mine

    tie_ok = seat == d
    winning = [c for c in attacks if total(c) > need or (tie_ok and total(c) == need)]
    if opp_card == "compromis" and attacks:
        return {"type": "play", "card": attacks[0]}
    if winning:
        return {"type": "play", "card": winning[0]}
    target = state.target
    assert target is not None  # the cards are laid once the cone aims at a planet
    if "compromis" in cards and (not attacks or state.planets[target[0]][target[1]][seat] > 0 or seat == off):
        return {"type": "play", "card": "compromis"}
    return {"type": "play", "card": (attacks or cards)[0]}


def _deal_choice(state: RencontreRules, seat: int, legal: list[Action], rng: Rng) -> Action:
    deal = state.deal
    assert deal is not None
    other = state.deal_partner(seat)
    mine, theirs = state.foreign_bases(seat), state.foreign_bases(other)
    st = deal["standing"]
    if st is not None:
        gets_base = st["give_base"] is not None
        gives_base = st["ask_base"] is not None
        # Never hand a fifth base to the opponent unless we reach five together.
        if gives_base and theirs + 1 >= BASES_TO_WIN and not (gets_base and mine + 1 >= BASES_TO_WIN):
            return {"type": "timeout"}
        if gets_base or not gives_base:
            return {"type": "deal_accept"}
    t = deal["draft"]
    if t["give_base"] is None and theirs + 1 < BASES_TO_WIN:
        gb = [a for a in legal if a["type"] == "deal_give_base" and a["planet"] is not None]
        if gb:  # a base in the partner's own system is not a foreign base for them: the cheapest gift
            return max(gb, key=lambda a: (a["planet"][0] == other, a["planet"][0] != seat))
    if t["ask_base"] is None:
        ab = [a for a in legal if a["type"] == "deal_ask_base" and a["planet"] is not None
              and a["planet"][0] != seat]
        if ab:
            return ab[rng.below(len(ab))]
    if {"type": "deal_propose"} in legal:
        return {"type": "deal_propose"}
    return {"type": "timeout"}


def _window_choice(state: RencontreRules, seat: int, legal: list[Action], moment: str) -> Action:
    off, d = state.offence, state.defence
    lead = leader(state, seat)
    for a in legal:
        if a["type"] == "edict":
            card = a["card"]
            if card == "moebius" and state.trou_noir[seat] >= 3:
                return a
            if card == "peste" and a["victim"] == lead and lead is not None and state.foreign_bases(lead) >= 3:
                return a
            if card == "zap" and a["target"] in (off, d) and seat in (off, d) and a["power"] in BOT_ZAPS:
                return a
            if card == "gaz_stellaire" and state.consolation_due and state.consolation_due[1] == seat:
                return a
            if card == "controle_emotionnel" and seat in (off, d) and state.last_totals is None:
                return a
            if card == "champ_de_force" and seat in (off, d):
                side = "defence" if seat == off else "offence"
                if a["allies"] and all(x in state.allies[side] for x in a["allies"]):
                    return a
        elif a["type"] == "power":
            wants = POWERS[a["power"]].bot_wants  # powers.py: when the heuristic announces each power
            if wants is not None and wants(state, seat, a):
                return a
    return {"type": "pass"}


def heuristic_action(state: RencontreRules, seat: int, rng: Rng) -> Action:
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    q: dict[str, Any] | None = state.queue[0] if state.queue else None
    kind = q["kind"] if q else state.phase
    if kind == "cards":
        return _pick_card(state, seat, legal)
    if kind == "deal":
        return _deal_choice(state, seat, legal, rng)
    if kind == "window":
        assert q is not None
        return _window_choice(state, seat, legal, q["moment"])
    if kind == "retrieve":
        homes = [a for a in legal if a["type"] == "retrieve" and a["planet"] and a["planet"][0] == seat]
        return min(homes or legal, key=lambda a: _planet_tokens(state, seat, a, "planet"))
    own = POWER_KINDS.get(kind)  # powers.py: a power's own question may know its best answer
    if own is not None and isinstance(own, Question):
        best = own.bot_answer(state, q, seat, legal, rng)  # type: ignore[arg-type]
        if best is not None:
            return best
    if kind == "place":
        places = [a for a in legal if "planet" in a]
        return min(places or legal, key=lambda a: (_planet_tokens(state, seat, a, "planet"), a["planet"][0] != seat))
    if kind == "reward":
        tok = [a for a in legal if a["kind"] == "token"]
        return tok[0] if tok else legal[0]
    if kind == "lose":
        return max(legal, key=lambda a: _planet_tokens(state, seat, a, "planet"))
    if kind == "own_colour":
        aims = [a for a in legal if a["type"] == "aim"]
        weak = [a for a in aims if state.planets[a["planet"][0]][a["planet"][1]][a["defender"]] <= 1]
        return weak[0] if weak else {"type": "redraw"}
    if kind == "aim":
        def score(a: Action) -> tuple[int, int]:
            s_, p_ = a["planet"]
            assert state.defence is not None
            return (state.planets[s_][p_][seat] > 0, state.planets[s_][p_][state.defence])
        return min(legal, key=score)
    if kind in ("send", "establish"):
        sent = q["sent"] if q else 0
        want = 3 if kind == "send" and seat == state.offence else (2 if kind == "send" else 1)
        done = [a for a in legal if a["type"].endswith("_done")]
        if sent >= want and done:
            return done[0]
        spare = [a for a in legal if "from" in a and _planet_tokens(state, seat, a, "from") >= 2]
        if spare:
            return max(spare, key=lambda a: (_planet_tokens(state, seat, a, "from"), a["from"][0] == seat))
        return done[0] if done else legal[0]
    if kind == "invite":
        safe = [a for a in legal if not any(state.foreign_bases(s) >= BASES_TO_WIN - 1 for s in a["seats"])]
        return max(safe or legal, key=lambda a: len(a["seats"]))
    if kind == "answer":
        assert state.target is not None
        ts, tp = state.target
        joins = {a["side"]: a for a in legal if a["type"] == "ally"}
        off_strength = state.side_total("offence")
        def_strength = state.side_total("defence")
        if "offence" in joins and state.planets[ts][tp][seat] == 0 and off_strength + 2 > def_strength:
            return joins["offence"]
        if "defence" in joins and def_strength + 2 >= off_strength:
            return joins["defence"]
        return {"type": "decline"}
    if kind == "second_duel":
        good = [c for c in state.hands[seat] if c == "compromis" or (BY_ID[c].kind == "attaque" and attack_value(c) >= 10)]
        stop = {"type": "end_turn"} if {"type": "end_turn"} in legal else {"type": "pass"}
        return {"type": "second_duel"} if good else stop
    if kind == "new_hand":  # a power's answer that keeps the edicts (powers.py: the Vulch's), else a new hand
        keep = [a for a in legal if a["type"] not in ("new_hand", "edict")]
        return keep[0] if keep else {"type": "new_hand"}
    if kind == "zap_react":
        zap = [a for a in legal if a["type"] == "edict"]
        return zap[0] if zap and seat in (state.offence, state.defence) else {"type": "pass"}
    if kind == "peste_cards":
        return min(legal, key=lambda a: attack_value(a["card"]) if BY_ID[a["card"]].kind == "attaque" else 0)
    return random_rollout_action(state, seat, rng)


#: « fort » (search.py `level_action`): search iterations per decision, a fixed count (bench reports its time).
FORT_ITERATIONS = 100
#: Decisions « fort » leaves to the heuristic: which token to send, lose or take back (a third of its decisions).
ROUTINE = frozenset({"send", "establish", "retrieve", "lose"})

#: ISMCTS (`core.bots.ismcts`) starts from the heuristic's choice, worth this many visits: a search of a
#: few dozen playouts in a game with many options per decision rarely has better evidence than that.
PRIOR_VISITS = 8


def random_rollout_action(state: RencontreRules, seat: int, rng: Rng) -> Action:
    """A random player who does not throw its empire away: used by search playouts and fuzzing.

    Pure random play empties the board into the Trou Noir (it skips retrievals and strips
    its own bases), so games would never end; this policy keeps every choice random except
    those self-destructive ones.
    """
    acts = state._legal_actions(seat)
    if len(acts) == 1:
        return acts[0]
    kind = state.queue[0]["kind"] if state.queue else state.phase
    if kind == "retrieve":
        good = [a for a in acts if a["type"] == "retrieve"]
        return rng.choice(good) if good else acts[0]
    if kind in ("send", "establish", "lose"):
        key = "from" if kind != "lose" else "planet"
        done = [a for a in acts if a["type"].endswith("_done")]
        if done and rng.below(3) == 0:
            return done[0]
        spare = [a for a in acts if key in a and state.planets[a[key][0]][a[key][1]][seat] >= 2]
        if spare:
            return rng.choice(spare)
        if done:
            return done[0]
        return rng.choice(acts)
    if kind == "deal":
        assert state.deal is not None
        if state.deal["standing"] is not None and rng.below(2) == 0:
            return {"type": "deal_accept"}
        if rng.below(6) == 0:
            return {"type": "timeout"}
        propose = [a for a in acts if a["type"] == "deal_propose"]
        if propose and rng.below(2) == 0:
            return propose[0]
        edits = [a for a in acts if a["type"] in ("deal_give_base", "deal_ask_base", "deal_ask_cards",
                                                  "deal_give_card") and a.get("planet", 1) is not None]
        return rng.choice(edits or acts)
    return rng.choice(acts)
