"""Les Cochons de l'Espace: coalition card swaps « à n'importe quel moment du jeu » (rulebook, Coalition
politique): after the deal, at every card window, during one's own voyages and reorganisation; one card for one
card, the ally accepts or refuses; never on turn 1, never outside a coalition."""
from __future__ import annotations

import json

import pytest

from cochons_helpers import check, galaxy, replay, scene
from cosmoludo import IllegalAction
from cosmoludo.core.rng import Rng
from cosmoludo.games.cochons_espace.admin import SWAP_OFFERS
from game_helpers import fingerprint

TRADE = {"type": "trade"}


def allied(hands, seed=26, turn=2, **options):
    """Turn `turn` of a 3-player game where seats 0 and 1 voted alike (a coalition) and seat 2 alone."""
    g = galaxy(3, seed=seed, **options)
    g.asks, g.turn = [], turn
    g.coalitions = [[0, 1], [2]]
    scene(g, {k: [(s, 5, 0)] for s, k in enumerate(sorted(g.tiles)[:3])}, hands)
    g.phase = "idle_test"
    g.STEPS = {**g.STEPS, "idle_test": lambda self: self.ask("window", list(self.order), seq="none")}
    return g


def open_window(g, seq):
    g.ask("window", list(g.order), seq=seq, at=0)


def refused(g, seat, action):
    before = fingerprint(g)
    with pytest.raises(IllegalAction) as e:
        g.apply(seat, action)
    assert e.value.fr and e.value.en
    assert fingerprint(g) == before, "a refused action changed the game"
    return e.value


@pytest.mark.parametrize("seq", ["1B", "2B", "3A", "3C", "4C"])
def test_a_window_offers_trade_to_coalition_members_only(seq):
    g = allied({0: ["jaret"], 1: ["fusee"], 2: ["colons"]})
    open_window(g, seq)
    assert TRADE in g.legal_actions(0) and TRADE in g.legal_actions(1)
    assert TRADE not in g.legal_actions(2)
    err = refused(g, 2, TRADE)
    assert "coalition" in err.fr and "coalition" in err.en


def test_trade_at_a_window_swaps_then_the_window_goes_on_with_the_sealed_answers_kept():
    g = allied({0: ["jaret", "fete_gland"], 1: ["fusee"], 2: ["colons"]})
    open_window(g, "2B")
    g.apply(2, {"type": "pass"})  # sealed before the trade
    g.apply(0, TRADE)
    assert g.asks[0].kind == "swap" and g.to_move() == [0]
    assert {"type": "offer", "to": 1, "card": "jaret"} in g.legal_actions(0)
    assert not any(a.get("to") == 2 for a in g.legal_actions(0))
    g.apply(0, {"type": "offer", "to": 1, "card": "jaret"})
    assert g.asks[0].kind == "swap_reply" and g.to_move() == [1]
    # The ally sees the card offered; the third player does not.
    mine = g.view(1)["asks"][0]
    assert mine["kind"] == "swap_reply" and mine["card"] == "jaret" and mine["by"] == 0
    assert g.view(2)["asks"][0]["card"] is None
    g.apply(1, {"type": "accept", "card": "fusee"})
    assert sorted(g.hands[0]) == ["fete_gland", "fusee"] and g.hands[1] == ["jaret"]
    assert g.asks[0].kind == "swap"  # more offers, or done
    g.apply(0, {"type": "done"})
    w = g.asks[0]
    assert w.kind == "window" and w.data["seq"] == "2B"
    assert sorted(g.to_move()) == [0, 1] and w.data["sealed"] == {"2": {"type": "pass"}}
    g.apply(0, {"type": "pass"})
    g.apply(1, {"type": "pass"})
    assert all(a is not w for a in g.asks), "the window closed once everyone answered"
    check(g)


def test_a_refused_swap_changes_no_hand():
    g = allied({0: ["jaret"], 1: ["fusee"], 2: []})
    open_window(g, "4C")
    g.apply(0, TRADE)
    g.apply(0, {"type": "offer", "to": 1, "card": "jaret"})
    g.apply(1, {"type": "refuse"})
    assert g.hands[0] == ["jaret"] and g.hands[1] == ["fusee"]
    assert g.log[-1]["fr"] == "{P1} refuse l'échange." and g.log[-1]["en"] == "{P1} refuses the swap."
    g.apply(0, {"type": "done"})
    assert g.asks[0].kind == "window"


def test_the_swap_is_one_for_one_whatever_the_hands():
    g = allied({0: ["jaret", "fusee", "colons"], 1: ["transporteur"], 2: []})
    open_window(g, "1B")
    g.apply(0, TRADE)
    g.apply(0, {"type": "offer", "to": 1, "card": "colons"})
    assert g.legal_actions(1) == [{"type": "refuse"}, {"type": "accept", "card": "transporteur"}]
    g.apply(1, {"type": "accept", "card": "transporteur"})
    assert len(g.hands[0]) == 3 and len(g.hands[1]) == 1
    assert sorted(g.hands[0]) == ["fusee", "jaret", "transporteur"] and g.hands[1] == ["colons"]


def test_a_card_already_sealed_for_play_cannot_be_given():
    g = allied({0: ["jaret"], 1: ["fete_gland", "fusee"], 2: []})
    open_window(g, "2B")
    g.apply(1, {"type": "play", "card": "fete_gland"})  # sealed, not yet revealed
    g.apply(0, TRADE)
    g.apply(0, {"type": "offer", "to": 1, "card": "jaret"})
    assert g.legal_actions(1) == [{"type": "refuse"}, {"type": "accept", "card": "fusee"}]
    refused(g, 1, {"type": "accept", "card": "fete_gland"})


def test_no_trade_on_turn_one_nor_in_the_simplified_rule():
    g = allied({0: ["jaret"], 1: ["fusee"], 2: []}, turn=1)
    open_window(g, "2B")
    assert TRADE not in g.legal_actions(0)
    assert "premier tour" in refused(g, 0, TRADE).fr
    s = allied({0: ["extra_mouve"], 1: ["extra_mouve"], 2: []}, regle="simplifiee")
    open_window(s, "2B")
    assert TRADE not in s.legal_actions(0)
    assert "simplifiée" in refused(s, 0, TRADE).fr


def test_nothing_to_swap_means_no_trade_and_the_window_is_a_plain_pass():
    """What lets the page pass for a player away from the device (hot seat): « pass » alone."""
    g = allied({0: ["jaret"], 1: [], 2: []})
    open_window(g, "3C")
    assert g.legal_actions(0) == [{"type": "pass"}]  # the ally holds nothing
    assert g.legal_actions(1) == [{"type": "pass"}]  # nothing to give
    assert "allié" in refused(g, 0, TRADE).fr


def test_offers_per_turn_are_capped_and_the_cap_resets_next_turn():
    g = allied({0: ["jaret"], 1: ["fusee"], 2: []})
    open_window(g, "2B")
    g.apply(0, TRADE)
    for _ in range(SWAP_OFFERS):
        g.apply(0, {"type": "offer", "to": 1, "card": g.hands[0][0]})
        g.apply(1, {"type": "refuse"})
    assert g.legal_actions(0) == [{"type": "done"}]
    err = refused(g, 0, {"type": "offer", "to": 1, "card": "jaret"})
    assert str(SWAP_OFFERS) in err.fr
    g.apply(0, {"type": "done"})
    assert TRADE not in g.legal_actions(0)
    g.swaps_made = [0, 0, 0]  # what the next turn's start does
    assert TRADE in g.legal_actions(0)


def test_offer_to_a_player_outside_the_coalition_is_refused_with_a_reason():
    g = allied({0: ["jaret"], 1: ["fusee"], 2: ["colons"]})
    open_window(g, "2B")
    g.apply(0, TRADE)
    err = refused(g, 0, {"type": "offer", "to": 2, "card": "jaret"})
    assert "coalition" in err.fr


def test_trade_during_ones_own_voyages_keeps_the_voyages_left():
    g = allied({0: ["jaret"], 1: ["fusee"], 2: []})
    g.ask("voyage", 0, left=2)
    assert TRADE in g.legal_actions(0)
    g.apply(0, TRADE)
    g.apply(0, {"type": "offer", "to": 1, "card": "jaret"})
    g.apply(1, {"type": "accept", "card": "fusee"})
    g.apply(0, {"type": "done"})
    assert g.asks[0].kind == "voyage" and g.asks[0].data["left"] == 2
    # The card just received is usable on this very voyage (Fusée: range 4).
    assert any(a.get("card") == "fusee" for a in g.legal_actions(0))


def test_trade_during_reorganisation():
    g = allied({0: ["jaret"], 1: ["fusee"], 2: ["colons"]})
    g.ask("reorg", 1)
    assert TRADE in g.legal_actions(1)
    g.apply(1, TRADE)
    g.apply(1, {"type": "offer", "to": 0, "card": "fusee"})
    g.apply(0, {"type": "accept", "card": "jaret"})
    g.apply(1, {"type": "done"})
    assert g.asks[0].kind == "reorg" and g.hands[1] == ["jaret"]
    g.ask("reorg", 2, at=0)
    assert TRADE not in g.legal_actions(2)
    refused(g, 2, TRADE)


def test_the_swap_after_the_deal_is_asked_only_of_who_can_trade():
    g = allied({0: ["jaret"], 1: ["fusee"], 2: ["colons"]})
    g.asks = []
    g.phase = "deal"
    g.hand_size = 1
    g._step_deal()
    assert [a.seats for a in g.asks if a.kind == "swap"] == [[s] for s in g.order if s in (0, 1)]


def test_a_natural_game_with_trades_replays_to_the_same_state():
    """Random play with trades taken whenever offered (the swaps after the deal answered at random, so that some
    offers are left for the rest of the turn): every state checked, the save replays identically."""
    for seed in (31, 32, 33):
        g = galaxy(3, seed=seed)
        rng = Rng(seed)
        trades = 0
        for _ in range(1500):
            if g.is_over():
                break
            seat = g.to_move()[0]
            legal = g.legal_actions(seat)
            if TRADE in legal:
                trades += 1
                a = TRADE
            elif g.seq != "1A" and any(x["type"] == "offer" for x in legal):
                a = next(x for x in legal if x["type"] == "offer")
            elif any(x["type"] == "accept" for x in legal):
                a = next(x for x in legal if x["type"] == "accept")
            else:
                a = rng.choice(legal)
            g.apply(seat, a)
            check(g)
        if trades:
            break
    assert trades, "no trade offered in three seeded games"
    again = replay(g)
    assert fingerprint(again) == fingerprint(g)
    assert json.dumps(g.to_save())


def test_the_heuristic_bot_accepts_a_better_card_and_refuses_a_worse_one():
    from cosmoludo.games.cochons_espace.bot import heuristic_action

    g = allied({0: ["destroyer_cochon_noir", "super_couenne"], 1: ["super_couenne", "char_krabouille"], 2: []})
    g.ask("swap", 0, at=0)
    g.apply(0, {"type": "offer", "to": 1, "card": "destroyer_cochon_noir"})
    assert heuristic_action(g, 1, Rng(1)) == {"type": "accept", "card": "super_couenne"}  # its least worth card
    g.apply(1, {"type": "refuse"})
    g.apply(0, {"type": "offer", "to": 1, "card": "super_couenne"})
    assert heuristic_action(g, 1, Rng(1)) == {"type": "refuse"}
