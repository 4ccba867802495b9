"""Rencontre Cosmique: every token is in one listed place of every view, at every step — those being lost too.

Tokens taken off the planets while their loser chooses them (a failed deal, the Plague), or while a Zombie (or a
Zap against it) decides about them, are shown in the view's per-seat `being_lost` count until they reach the
Black Hole, the Void or a base again.
"""
from __future__ import annotations

import pytest

from cosmoludo import games
from cosmoludo.core.rng import Rng
from cosmoludo.games.rencontre_cosmique.data import PLANETS_PER_SYSTEM, TOKENS_PER_PLANET
from rencontre_helpers import BLEU, JAUNE, ROUGE, VERT, act, arrange_duel, new

TARGET = (JAUNE, 2)
TOKENS_PER_COLOUR = PLANETS_PER_SYSTEM * TOKENS_PER_PLANET  # 20


def listed(view: dict, colour: int) -> int:
    """How many of `colour`'s tokens the view lists, wherever they are."""
    on_planets = sum(pl[colour] for system in view["planets"] for pl in system)
    return (on_planets + view["oval"][colour] + view["ring"][colour] + view["trou_noir"][colour]
            + view["removed"][colour] + view["being_lost"][colour])


def check_every_view(state) -> None:
    for seat in [None, *range(state.players)]:
        v = state.view(seat)
        for colour in range(state.players):
            assert listed(v, colour) == TOKENS_PER_COLOUR, (seat, colour, v["being_lost"])


def duel(powers, vert_card, jaune_card, oval, ring):
    s = new(4, 1, powers=powers)
    arrange_duel(s, VERT, JAUNE, TARGET, oval=oval, ring=ring, defender_tokens=2,
                 hands={VERT: [vert_card, "attaque_6", "attaque_8", "compromis"],
                        JAUNE: [jaune_card, "attaque_4", "attaque_15", "compromis"]})
    return s


def test_tokens_a_zombie_decides_about_are_being_lost_in_every_view():
    s = duel({JAUNE: ["vide"], BLEU: ["zombie"]}, "attaque_10", "attaque_10", oval={VERT: 3, BLEU: 1},
             ring={ROUGE: 2})
    act(s, VERT, {"type": "play", "card": "attaque_10"})
    act(s, JAUNE, {"type": "play", "card": "attaque_10"})
    assert s.to_move() == [BLEU] and s.queue[0]["kind"] == "zombie"
    for seat in [None, ROUGE, BLEU, JAUNE, VERT]:
        v = s.view(seat)
        assert v["being_lost"][BLEU] == 1 and v["oval"][BLEU] == 0  # off the cone, not yet anywhere else
        assert v["being_lost"][VERT] == 0  # the Void annihilated Vert's at once
    check_every_view(s)
    act(s, BLEU, {"type": "zombie_place", "planet": [BLEU, 2]})
    assert s.view(None)["being_lost"] == [0, 0, 0, 0]
    check_every_view(s)


def test_tokens_chosen_after_a_failed_deal_are_being_lost_until_all_are_chosen():
    s = duel({VERT: ["zombie"]}, "compromis", "compromis", oval={VERT: 1}, ring={})
    act(s, VERT, {"type": "play", "card": "compromis"})
    act(s, JAUNE, {"type": "play", "card": "compromis"})
    act(s, VERT, {"type": "timeout"})
    for k in (1, 2, 3):
        act(s, VERT, {"type": "lose", "planet": [VERT, 0]})
        assert s.view(JAUNE)["being_lost"][VERT] == k
        check_every_view(s)
    assert s.queue[0]["kind"] == "zombie"  # the Zombie decides about the three at once
    for k in (2, 1, 0):
        act(s, VERT, {"type": "zombie_place", "planet": [VERT, 4]})
        assert s.view(None)["being_lost"][VERT] == k
        check_every_view(s)


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_every_token_is_listed_in_every_view_at_every_step(players, seed):
    """Seeded random games with powers, checked after every action (not only at quiet points)."""
    state = games.new_game("rencontre-cosmique", players, {}, seed)
    rng = Rng(seed)
    for _ in range(600):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        check_every_view(state)
    assert len(state.history) > 100
