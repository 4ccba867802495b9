"""Draw piles with reshuffle (core/pile.py) and the name placeholder (core/text.py)."""
from __future__ import annotations

from cosmoludo.core.pile import draw
from cosmoludo.core.rng import Rng
from cosmoludo.core.text import P, both


def test_draw_takes_from_the_top_and_reshuffles_the_discard():
    deck, discard = [1, 2, 3], [7, 8, 9]
    got, reshuffled = draw(deck, discard, Rng(1), 2)
    assert got == [3, 2] and deck == [1] and not reshuffled
    got, reshuffled = draw(deck, discard, Rng(1), 3)
    assert got[0] == 1 and sorted(got[1:] + deck) == [7, 8, 9] and reshuffled and discard == []
    got, reshuffled = draw(deck, discard, Rng(1), 5)
    assert len(got) == 1 and deck == [] and not reshuffled  # both empty: fewer come back
    assert draw([], [4], Rng(1), 1, reshuffle=False) == ([], False)


def test_the_same_seed_deals_the_same_cards():
    a = draw([], list(range(20)), Rng("s"), 20)[0]
    b = draw([], list(range(20)), Rng("s"), 20)[0]
    assert a == b and sorted(a) == list(range(20))


def test_placeholders_and_bilingual_pairs():
    assert P(0) == "{P0}" and P(5) == "{P5}"
    assert both("oui", "yes") == {"fr": "oui", "en": "yes"}
