"""Galaxy Trucker « La grosse extension », Mauvaises Machinations (option `machinations`): loans and debts — the
only part of the module the text gives in full (its 24 cards are missing, listed on the rules page)."""
from __future__ import annotations

import json
import random

from cosmoludo.games.galaxy_trucker import GalaxyTrucker
from cosmoludo.games.galaxy_trucker import ext_machinations as mm
from cosmoludo.games.galaxy_trucker import flight_cards as fcards
from cosmoludo.games.galaxy_trucker.bot import play_game
from cosmoludo.games.galaxy_trucker.rules import OPTIONS
from galaxy_helpers import flight_game, go, new
from test_galaxy_fuzz import fuzz_game

AROUND = [((7, 6), 64, 0), ((7, 8), 77, 0), ((6, 7), 88, 0), ((8, 7), 9, 0)]


def test_the_option_says_the_cards_are_missing():
    opt = next(o for o in OPTIONS if o.id == "machinations")
    assert opt.type == "bool" and opt.default is False and opt.players is None
    assert "24 cartes manquent" in opt.label["fr"] and "24 cards are missing" in opt.label["en"]
    assert mm.LOAN == 10 and mm.REPAY == 12


def lose_four_components(monkeypatch, **options):
    """Sabotage destroys seat 0's starting cabin; it keeps its engine, three components fall: 4 lost, no human
    left, no credits: -4 at the end of the flight."""
    seq = [7, 7]
    monkeypatch.setattr(fcards, "roll", lambda g: seq.pop(0))
    g = flight_game({0: AROUND, 1: [((7, 6), 65, 0), ((7, 8), 35, 0)]}, ["L3-45"], filler=False, **options)
    go(g)
    g.apply(0, {"type": "keep", "cell": [7, 6]})
    assert g.scores[0][0]["lost"] == -4 and g.scores[0][0]["total"] == -4
    return g


def test_without_the_module_credits_go_below_zero(monkeypatch):
    g = lose_four_components(monkeypatch)
    assert g.credits[0] == -4 and "loan" not in g.scores[0][0] and "loans" not in g.view(0)


def test_debts_a_loan_of_ten_pays_for_the_lost_components(monkeypatch):
    g = lose_four_components(monkeypatch, machinations=True)
    assert g.credits[0] == 6 and g.loans == [1, 0]
    assert g.scores[0][0]["loan"] == 10 and "loan" not in g.scores[0][1]
    assert g.view(1)["loans"] == [1, 0]
    assert any("emprunt" in e["fr"] and "loan" in e["en"] for e in g.log)


def test_as_many_loans_as_needed():
    g = new(2, machinations=True)
    g.credits = [-21, -20]
    assert mm.debts(g, 0) == 30 and mm.debts(g, 1) == 20
    assert g.credits == [9, 0] and g.loans == [3, 2]
    assert mm.debts(g, 1) == 0  # zero credits: nothing owed


def test_every_loan_repaid_twelve_at_the_end_or_the_player_loses():
    g = new(3, machinations=True)
    g.credits, g.loans = [15, 23, 8], [1, 2, 0]
    g.step_end()
    # seat 0 repays 12 → 3; seat 1 owes 24 with 23: loses, though it has the most credits; seat 2 owes nothing
    assert g.credits == [3, 23, 8] and g.loans == [0, 2, 0]
    assert g.winners == [2] and g.is_over()
    assert any("ne peut pas rembourser" in e["fr"] and "cannot repay" in e["en"] for e in g.log)


def test_nobody_wins_when_nobody_can_repay():
    g = new(2, machinations=True)
    g.credits, g.loans = [5, 11], [1, 1]
    g.step_end()
    assert g.winners == [] and g.is_over()


def test_fuzz_with_loans_and_the_save_replays():
    seed = 17
    g = fuzz_game(2, seed, {"machinations": True, "routes": 1, "cinq": False})
    assert any(line.get("loan") for f in g.scores for line in f)  # a loan was taken
    assert min(g.credits) >= 0 or any("ne peut pas rembourser" in e["fr"] for e in g.log)
    h = GalaxyTrucker(2, g.options, seed)
    for s, a in g.to_save()["actions"]:
        h.apply(s, a)
    assert json.dumps([h.view(s) for s in range(2)], sort_keys=True) == json.dumps(
        [g.view(s) for s in range(2)], sort_keys=True)


def test_bots_to_the_end_with_every_offered_module_on():
    g = GalaxyTrucker(4, {"detendu": False, "classe3": "IIIA", "cinq": True, "routes": 1, "machinations": True}, 43)
    play_game(g, random.Random(43))
    assert g.is_over() and len(g.scores) == 3 and all(line.get("loan", 10) % 10 == 0 for f in g.scores for line in f)
