"""Helpers for Rencontre Cosmique scenario tests: arrange a position by hand, then play through the contract."""
from __future__ import annotations

from collections import Counter

from cosmoludo.core.options import normalize
from cosmoludo.games.rencontre_cosmique import RencontreCosmique
from cosmoludo.games.rencontre_cosmique.data import deck_cards, is_duel_card
from invariants_rencontre import rencontre_cosmique as check

ROUGE, BLEU, JAUNE, VERT = range(4)


def no_edicts(state) -> None:
    """Swap every edict in the hands for a duel card of the deck (scenarios add the edicts they need)."""
    for h in state.hands:
        for i, c in enumerate(h):
            if not is_duel_card(c):
                j = next(k for k, x in enumerate(state.deck) if is_duel_card(x))
                h[i], state.deck[j] = state.deck[j], c


def pass_windows(state) -> None:
    while state.queue and state.queue[0]["kind"] == "window":
        state.apply(state.to_move()[0], {"type": "pass"})


def new(players: int = 4, seed: int = 1, powers: dict[int, list[str]] | None = None, **options) -> RencontreCosmique:
    opts = {"pouvoirs": False, **options}
    state = RencontreCosmique(players, normalize(RencontreCosmique.options_spec, opts, players), seed)
    state.queue = [q for q in state.queue if q["kind"] != "window"]
    no_edicts(state)
    state._advance()
    if powers:
        for s, p in powers.items():
            state.powers[s] = list(p)
    return state


def set_hands(state, hands: dict[int, list[str]]) -> None:
    """Give these hands, taking the cards from the deck or from other hands (refilled from the deck)."""
    pool = list(state.deck)
    for s in hands:
        pool.extend(state.hands[s])
        state.hands[s] = []
    wanted = Counter()
    for h in hands.values():
        wanted.update(h)
    for s, h in hands.items():
        for c in h:
            if c in pool:
                pool.remove(c)
            else:
                owner = next(o for o in range(state.players) if o not in hands and c in state.hands[o])
                state.hands[owner].remove(c)
                # a duel card, so that no edict the scenario did not ask for turns up in a hand
                spare = next((x for x in pool if x not in wanted and is_duel_card(x)),
                             next(x for x in pool if x not in wanted))
                pool.remove(spare)
                state.hands[owner].append(spare)
            state.hands[s].append(c)
    state.deck = sorted(pool)
    assert Counter(deck_cards()) == Counter(state.deck) + Counter(state.discard) + sum(
        (Counter(h) for h in state.hands), Counter()) + Counter(c for c in state.sealed if c)
    check(state)


def move(state, seat: int, frm: tuple[int, int], to: tuple[int, int], k: int = 1) -> None:
    state.planets[frm[0]][frm[1]][seat] -= k
    state.planets[to[0]][to[1]][seat] += k


def arrange_duel(state, offence: int, defence: int, target: tuple[int, int], oval: dict[int, int],
                 ring: dict[int, int], defender_tokens: int, hands: dict[int, list[str]]) -> None:
    """Put the game at the sealed-card step of a duel: tokens on the cone come from their home planets."""
    state.queue = []
    state._reset_duel()
    state.offence, state.defence, state.target = offence, defence, target
    state.duel_no = 1
    sys, p = target
    state.planets[sys][p][defence] = defender_tokens
    state.planets[defence][(p + 1) % 5][defence] += 4 - defender_tokens if sys == defence else 0
    for cone, spec in ((state.oval, oval), (state.ring, ring)):
        for s, k in spec.items():
            for i in range(k):
                home = (s, i % 5 if (s, i % 5) != target else (i + 1) % 5)
                state.planets[home[0]][home[1]][s] -= 1
                cone[s].append(home)
    state.allies = {"offence": [s for s in oval if s != offence], "defence": list(ring)}
    set_hands(state, hands)
    state.phase = "cards"
    check(state)


def auto_pass(state) -> None:
    """Answer « pass » for seats that are asked but can do nothing (the page does the same for them)."""
    while state.queue and state.queue[0]["kind"] in ("window", "zap_react") and state.legal_actions(
            state.to_move()[0]) == [{"type": "pass"}]:
        state.apply(state.to_move()[0], {"type": "pass"})
        check(state)


def act(state, seat: int, action: dict) -> None:
    auto_pass(state)
    assert action in state.legal_actions(seat), (action, state.legal_actions(seat)[:8], state.queue[:1])
    state.apply(seat, action)
    check(state)
    auto_pass(state)
