"""A Rencontre Cosmique bot that plays like a sensible person: expected totals, useful alliances, safe deals."""
from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from ...core.state import Action
from .data import BASES_TO_WIN, BY_ID, attack_value
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
    virus = state.power_on(seat, "virus")

    def total(c: str) -> int:
        return attack_value(c) * mine if virus else attack_value(c) + mine

    tie_ok = seat == d
    winning = [c for c in attacks if total(c) > need or (tie_ok and total(c) == need)]
    if opp_card == "compromis" and attacks:
        return {"type": "play", "card": attacks[0]}
    if winning:
        return {"type": "play", "card": winning[0]}
    if "compromis" in cards and (not attacks or state.planets[state.target[0]][state.target[1]][seat] > 0
                                 or seat == off):
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
            if card == "zap" and a["target"] in (off, d) and seat in (off, d) and a["power"] in (
                    "virus", "vide", "macron", "oracle", "laser"):
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
            pw = a["power"]
            if pw in ("esprit", "mutant", "amibe"):
                return a
            if pw == "echangeur":
                o = state.opponent_of(seat)
                if o is not None and len(state.hands[o]) > len(state.hands[seat]) + 1:
                    return a
            if pw == "philantrope":
                weakest = min(state.hands[seat], key=lambda c: attack_value(c) if BY_ID[c].kind == "attaque" else 99)
                if a["card"] == weakest and BY_ID[weakest].kind == "attaque" and attack_value(weakest) <= 6 and (
                        a["to"] != seat):
                    return a
            if pw == "chronos" and None not in (state.effective[off], state.effective[d]) and (
                    "compromis" not in (state.effective[off], state.effective[d])):
                to, td = state.totals()
                if (seat == off and to <= td) or (seat == d and td < to):
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
    if kind in ("place", "zombie"):
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
    if kind == "new_hand":
        return {"type": "vulch_keep"} if {"type": "vulch_keep"} in legal else {"type": "new_hand"}
    if kind in ("clone", "voleur", "vulch"):
        return legal[0]
    if kind == "zap_react":
        zap = [a for a in legal if a["type"] == "edict"]
        return zap[0] if zap and seat in (state.offence, state.defence) else {"type": "pass"}
    if kind == "mutant":
        takes = [a for a in legal if a["type"] == "mutant_take"]
        return max(takes, key=lambda a: len(state.hands[a["from"]]) if isinstance(a["from"], int) else 0) \
            if takes else legal[-1]
    if kind == "peste_cards":
        return min(legal, key=lambda a: attack_value(a["card"]) if BY_ID[a["card"]].kind == "attaque" else 0)
    if kind == "question":
        return legal[rng.below(len(legal))]
    return random_rollout_action(state, seat, rng)


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
