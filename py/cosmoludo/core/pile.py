"""Draw piles: draw from the top, and when the pile runs out shuffle the discard in as a new one."""
from __future__ import annotations

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


__all__ = ["draw"]
