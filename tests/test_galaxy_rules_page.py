"""Galaxy Trucker's rules page (web/rules/galaxy-trucker.js) names, in French and in English, every Rough Roads
card in play and every card or module the expansion names but the app leaves out, with why."""
from __future__ import annotations

from pathlib import Path

from cosmoludo.games.galaxy_trucker import ext_roads as rr

PAGE = (Path(__file__).resolve().parents[1] / "web" / "rules" / "galaxy-trucker.js").read_text(encoding="utf-8")
FR, EN = PAGE.split("\n  en: {", 1)


def test_every_rough_roads_card_in_play_is_described_in_both_languages():
    for fr, en in rr.ROUGH_ROADS.values():
        assert fr in FR and en in EN, (fr, en)


def test_every_missing_rough_roads_card_is_listed_in_both_languages():
    for fr, en in rr.MISSING:
        fr_word, en_word = fr.split()[-1], en.split()[-1]  # « Marchandises et Batteries explosives » share a line
        assert fr_word in FR and en_word in EN, (fr, en)
    assert "Ce qui manque, et pourquoi" in FR and "What is missing, and why" in EN
    assert "5 cartes non nommées" in FR and "5 unnamed cards" in EN
    assert len(rr.ROUGH_ROADS) + len(rr.MISSING) + 5 == 25  # the box: 25 cards, 20 named


def test_the_missing_modules_and_bonus_cards_are_listed_with_why():
    for fr in ("Nouvelles Technologies", "IA et IIA", "Mauvaises Machinations", "Essai de système", "Embouteillage",
               "Embuscade", "Bureaucratie", "Racketteur robotisé", "Billards de l'espace", "Brocante",
               "Dépôt des étoiles", "Variante handicaps", "Pour les indécis", "pas dans le texte"):
        assert fr in FR, fr
    for en in ("New Technologies", "IA and IIA", "Evil Machinations", "System Test", "Traffic Jam", "Ambush",
               "Bureaucracy", "Robosmokeys", "Space Billiards", "Junkyard", "Star Depot", "handicap variant",
               "For the undecided", "not in the text"):
        assert en in EN, en


def test_the_alien_bonus_counts_from_any_strength_above_zero():
    """DECISIONS Galaxy Trucker 5: the page, the catalog's ruling and the engine say the same (½ + 2 = 2½)."""
    from cosmoludo.games.galaxy_trucker.rules import RULINGS

    assert "au-dessus de zéro" in FR and "2½" in FR and "above zero" in EN and "2½" in EN
    assert "force est d'au moins 1" not in FR and "strength is at least 1" not in EN
    alien = [r for r in RULINGS if "alien" in r["fr"]]
    assert len(alien) == 1 and "au-dessus de zéro" in alien[0]["fr"] and "above zero" in alien[0]["en"]
