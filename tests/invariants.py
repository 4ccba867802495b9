"""Invariants checked after every action of the fuzz tests, one function per game."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from cochons_helpers import check as cochons_de_l_espace
from cosmoludo.games.porco_crasso.cards import PIG_CARDS, deck_cards
from cosmoludo.games.porco_crasso.rules import BARR, COQ, PARA, PORCH
from galaxy_helpers import invariants as galaxy_trucker
from invariants_kroll import kroll_et_prumni
from invariants_rencontre import rencontre_cosmique


def porco_crasso(state: Any) -> None:
    # Every deck card is somewhere, exactly once: deck, discard, hands, on a pig, or waiting after an Oiseau.
    where: Counter[str] = Counter(state.deck) + Counter(state.discard) + Counter(state.oiseau_left)
    for hand in state.hands:
        where += Counter(hand)
    for pigs in state.pigs:
        for p in pigs:
            for flag, card in ((PORCH, "porcherie"), (PARA, "paratonnerre"), (BARR, "barricade"), (COQ, "coquettruie")):
                if p[flag]:
                    where[card] += 1
            # Stacking rules hold on the table.
            assert not p[PARA] or p[PORCH], "a Paratonnerre without a Porcherie"
            assert not p[BARR] or p[PORCH], "a Barricade without a Porcherie"
    assert where == Counter(deck_cards(state.extension)), "cards were created or lost"
    assert sum(len(p) for p in state.pigs) <= PIG_CARDS
    if state.phase not in ("over", "between_games"):
        # Only the seat whose pig just changed is checked for a win after a card: no other seat may be left
        # meeting a win condition unnoticed.
        assert all(state.wins_with(s) is None for s in range(state.players)), "a win went unnoticed"
        for s in range(state.players):
            if not state.in_game[s]:
                assert not state.hands[s] and not state.pigs[s], "a seat sitting out holds nothing"
            elif s == state.current:
                assert len(state.hands[s]) <= state.hand_size
            else:  # everybody else always holds a full hand (a reaction draws its replacement at once)
                assert len(state.hands[s]) == state.hand_size or not (state.deck or state.discard), (
                    f"seat {s} holds {len(state.hands[s])} cards")
    listed_places(state)
    if state.is_over():
        res = state.result()
        assert res["winners"], "a finished game has a winner"
        if state.match is None:
            w = res["winners"][0]
            assert state.wins_with(w) is not None, "the winner meets a win condition"


def listed_places(state: Any) -> None:
    """In every seat's view (and a spectator's), every card is in exactly one listed place: the deck, the discard,
    a hand (the rest of a hand after an Oiseau de bon augure included) or on a pig; what a seat may not see stays
    a count. Checked after every action, also while an answer to a card is pending."""
    total = len(deck_cards(state.extension))
    for seat in (None, *range(state.players)):
        v = state._view(seat)
        on_pigs = sum(p[k] for pigs in v["pigs"] for p in pigs
                      for k in ("porcherie", "paratonnerre", "barricade", "coquettruie"))
        listed = v["deck_count"] + v["discard_count"] + sum(h["count"] for h in v["hands"]) + on_pigs
        assert listed == total, f"seat {seat} sees {listed} cards in listed places, not {total}"
        for s, h in enumerate(v["hands"]):
            assert (h["cards"] is not None) == (s == seat), "a hand is seen by its owner alone"
            if h["cards"] is not None:
                assert len(h["cards"]) <= h["count"]
        bird = v["oiseau"]
        if bird is not None:
            owner = bird["seat"]
            assert (bird["left"] is not None) == (seat == owner), "the rest of a Bird's hand is its owner's alone"
            assert bird["count"] == v["hands"][owner]["count"] - len(state.hands[owner])
            if bird["left"] is not None:
                assert len(bird["left"]) == bird["count"]


#: Each game's invariants by id; the conformance test (test_conformance.py) checks them for every registered game.
INVARIANTS: dict[str, Callable[[Any], None]] = {"porco-crasso": porco_crasso, "rencontre-cosmique": rencontre_cosmique,
                                                "kroll-et-prumni": kroll_et_prumni,
                                                "cochons-de-l-espace": cochons_de_l_espace,
                                                "galaxy-trucker": galaxy_trucker}
