"""Draw piles: draw from the top, and when the pile runs out shuffle the discard in as a new one."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .rng import Rng

T = TypeVar("T")


def draw(deck: list[T], discard: list[T], rng: Rng, n: int = 1, reshuffle: bool = True) -> tuple[list[T], bool]:
    """Take up to `n` items from the end of `deck` (its top); returns (items drawn, whether a reshuffle happened).

    When `deck` runs out and `reshuffle` is on, the discard pile is shuffled and becomes the deck; fewer than
    `n` items come back only when both are empty. Both lists are changed in place, so the caller's own
    references stay valid.
    """
    out: list[T] = []
    reshuffled = False
    for _ in range(n):
        if not deck:
            if not reshuffle or not discard:
                break
            deck.extend(discard)
            discard.clear()
            rng.shuffle(deck)
            reshuffled = True
        out.append(deck.pop())
    return out, reshuffled


def redeal(hands: list[list[str]], deck: list[str], keep: int, rng: Rng,
           order: Sequence[int] | None = None) -> list[str]:
    """Deal every hand but `keep`'s, and the deck, again from the same cards: what seat `keep` cannot see, dealt
    anew for a bot's search. Each hand keeps its size; `hands` is changed in place; the new deck is returned.
    `order`: the seats dealt again, in the order they are dealt (by default every seat but `keep`, by number).

    The cards are sorted before the shuffle, so the new deal depends on which cards are hidden, not on where they
    were: two positions that look the same to `keep` are dealt alike.
    """
    seats = [s for s in range(len(hands)) if s != keep] if order is None else order
    pool = list(deck)
    for s in seats:
        pool.extend(hands[s])
    pool.sort()
    rng.shuffle(pool)
    for s in seats:
        k = len(hands[s])
        hands[s], pool = pool[:k], pool[k:]
    return pool


__all__ = ["draw", "redeal"]
