"""Invariants of Rencontre Cosmique, checked after every action of its fuzz tests."""
from __future__ import annotations

from collections import Counter
from typing import Any

from cosmoludo.games.rencontre_cosmique.data import TOKENS_PER_COLOUR, deck_cards, is_duel_card


def all_cards(state: Any) -> Counter:
    where: Counter[str] = Counter(state.deck) + Counter(state.discard)
    for hand in state.hands:
        where += Counter(hand)
    where += Counter(c for c in state.sealed if c is not None)
    where += Counter(state.extra_cards())
    return where


def rencontre_cosmique(state: Any) -> None:
    # Each colour's 20 tokens: on planets + on the cone + in the Trou Noir + removed for good (Vide).
    for s in range(state.players):
        assert state.token_total(s) == TOKENS_PER_COLOUR, f"seat {s} has {state.token_total(s)} tokens"
        assert state.trou_noir[s] >= 0 and state.removed[s] >= 0
        for sys in state.planets:
            for planet in sys:
                assert planet[s] >= 0
        assert len(state.oval[s]) + len(state.ring[s]) <= 4 + state.trou_noir[s] + 20, "cone overflow"
        assert not (state.oval[s] and state.ring[s]), "never on both sides"
    # The 54 cards are all somewhere, exactly once.
    assert all_cards(state) == Counter(deck_cards()), "cards were created or lost"
    for c in state.sealed:
        assert c is None or is_duel_card(c), "only duel cards are sealed"
    if state.deal is not None:
        t = state.deal["draft"]
        left = Counter(state.hands[state.deal["turn"]])
        assert not Counter(t["give_cards"]) - left, "a draft offers cards the proposer does not hold"
    if state.is_over():
        res = state.result()
        assert res["winners"]
        for w in res["winners"]:
            assert state.foreign_bases(w) >= 5 or sum(not e for e in state.eliminated) == 1
    # What a seat believes it knows of another's hidden cards is true.
    for v in range(state.players):
        for h in range(state.players):
            if v != h and state.known[v][h]:
                assert not Counter(state.known[v][h]) - Counter(state.hidden_cards(h)), (v, h, state.known[v][h])
