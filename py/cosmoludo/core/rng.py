"""Seeded randomness owned by a game state, identical on CPython 3.11 and Pyodide 3.14."""
from __future__ import annotations

from typing import Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """SplitMix64: tiny, fast in pure Python, and defined only by integer arithmetic.

    We do not use the `random` module so that a seed pins the same shuffles in every
    Python version, and so that the whole generator state is one integer that a
    clone copies for free.
    """

    __slots__ = ("state", "draws")

    def __init__(self, seed: int | str = 0) -> None:
        if isinstance(seed, str):
            acc = 0
            for ch in seed.encode("utf-8"):
                acc = _mix((acc * 131 + ch) & _MASK)
            seed = acc
        self.state = _mix(int(seed) & _MASK)
        self.draws = 0  # how many numbers were drawn: a state change that undo must respect

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x}, draws={self.draws})"

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        self.draws += 1
        return _mix(self.state)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = _MASK - (_MASK % n)
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in [lo, hi], both ends included (a die: randint(1, 6))."""
        return lo + self.below(hi - lo + 1)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher–Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> "Rng":
        """An independent generator derived from this one (for bots and determinisations)."""
        return Rng(self.next64())

    def copy(self) -> "Rng":
        r = Rng.__new__(Rng)
        r.state = self.state
        r.draws = self.draws
        return r
