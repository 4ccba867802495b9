"""Draw piles with reshuffle (core/pile.py) and the name placeholder (core/text.py)."""
from __future__ import annotations

from cosmoludo.core.pile import draw, redeal
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


def test_redeal_keeps_one_hand_and_every_size_and_depends_only_on_the_hidden_cards():
    hands = [["a", "b"], ["c", "d", "e"], ["f"]]
    deck = ["g", "h", "i"]
    new_deck = redeal(hands, deck, 0, Rng(3))
    assert hands[0] == ["a", "b"] and [len(h) for h in hands] == [2, 3, 1] and len(new_deck) == 3
    assert sorted(hands[1] + hands[2] + new_deck) == ["c", "d", "e", "f", "g", "h", "i"]
    # The same hidden cards elsewhere (another deal seat 0 cannot tell apart) are dealt alike.
    other = [["a", "b"], ["i", "h", "g"], ["e"]]
    assert redeal(other, ["f", "d", "c"], 0, Rng(3)) == new_deck and other == hands


def test_redeal_deals_the_seats_given_in_their_order():
    hands = [["a", "b"], ["c", "d", "e"], ["f"], []]
    pool = sorted(["c", "d", "e", "f", "g", "h"])
    Rng(5).shuffle(pool)  # what redeal shuffles: the hidden cards, sorted
    new_deck = redeal(hands, ["g", "h"], 0, Rng(5), order=(2, 1))
    # Seat 2 is dealt first, then seat 1; seat 3 (out of the deal) and seat 0 keep their hands.
    assert hands == [["a", "b"], pool[1:4], pool[:1], []] and new_deck == pool[4:]
