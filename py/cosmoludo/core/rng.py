"""Seeded randomness owned by a game state, identical on CPython 3.11 and Pyodide 3.14."""
from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
#: Seeds the engine makes stay below this: a save's seed is read by the page's JavaScript, whose numbers are exact up
#: to 2**53 only (web/exactjson.js keeps a larger one, but a save made here should not need it).
SEED_LIMIT = 1 << 53


def seed_within(n: int) -> int:
    """A seed derived from `n` (a sum, a product of seeds) brought within [0, SEED_LIMIT): unchanged below it."""
    return n % SEED_LIMIT
_GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


# Numbers are made BLOCK at a time: each one in its own 128-bit slot of one big integer, so a dozen big-integer
# operations replace a dozen per number. Every step keeps a slot below 2**128 (a 64-bit lane times a 64-bit
# constant), the shifts' spill from the slot above lands above bit 64 and is masked off, so each slot computes
# exactly _mix(state + k·GAMMA). In Pyodide, where 64-bit integer arithmetic is slow, a draw costs a fifth.
BLOCK = 32
_SLOT = 128
_ONES = sum(1 << (_SLOT * k) for k in range(BLOCK))
_LANES = _MASK * _ONES
_STEPS = sum(((k + 1) * _GAMMA) << (_SLOT * k) for k in range(BLOCK))
_UNPACK = struct.Struct("<" + "Q8x" * BLOCK).unpack  # the low 64 bits of each slot
_BLOCK_BYTES = BLOCK * _SLOT // 8


def _numbers_after(state: int) -> tuple[int, ...]:
    """The next BLOCK outputs of a SplitMix64 generator in `state`: _mix(state + k·GAMMA) for k = 1..BLOCK."""
    z = (state * _ONES + _STEPS) & _LANES
    z = ((z ^ (z >> 30)) & _LANES) * 0xBF58476D1CE4E5B9 & _LANES
    z = ((z ^ (z >> 27)) & _LANES) * 0x94D049BB133111EB & _LANES
    return _UNPACK(((z ^ (z >> 31)) & _LANES).to_bytes(_BLOCK_BYTES, "little"))


#: below(n)'s rejection limits for the small n that games draw from (a die, a hand, a deck): the largest
#: multiple of n that a 64-bit number stays under, so that r % n is unbiased.
_LIMITS = (0,) + tuple(_MASK - (_MASK % n) for n in range(1, 512))


class Rng:
    """SplitMix64: tiny, fast in pure Python, and defined only by integer arithmetic.

    We do not use the `random` module so that a seed pins the same shuffles in every
    Python version, and so that the whole generator state is one integer that a
    clone copies for free. Numbers are computed a block ahead (see _numbers_after); the
    state is still one integer, `state`, and copies share the block already computed.
    """

    __slots__ = ("_block", "_start", "_used", "draws")

    def __init__(self, seed: int | str = 0) -> None:
        if isinstance(seed, str):
            acc = 0
            for ch in seed.encode("utf-8"):
                acc = _mix((acc * 131 + ch) & _MASK)
            seed = acc
        self._start = _mix(int(seed) & _MASK)  # the state before the block's first number
        self._block: tuple[int, ...] = ()      # the next numbers from _start (made when first needed)
        self._used = 0                         # how many of them are drawn
        self.draws = 0  # how many numbers were drawn: a state change that undo must respect

    @property
    def state(self) -> int:
        """The generator's state: SplitMix64's counter after the last number drawn."""
        return (self._start + self._used * _GAMMA) & _MASK

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x}, draws={self.draws})"

    def next64(self) -> int:
        self.draws += 1
        used, block = self._used, self._block
        if used < len(block):
            self._used = used + 1
            return block[used]
        return self._next_block()

    def _next_block(self) -> int:
        """Start the next block (the current one is used up, or not made yet) and draw its first number."""
        self._start = start = (self._start + self._used * _GAMMA) & _MASK
        self._block = block = _numbers_after(start)
        self._used = 1
        return block[0]

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) without modulo bias."""
        if 0 < n < 512:
            limit = _LIMITS[n]
        elif 0 < n <= _MASK:
            limit = _MASK - (_MASK % n)
        else:
            raise ValueError("below() needs 0 < n < 2**64")
        while True:
            # next64(), inlined: games draw here for every shuffle and every random choice.
            self.draws += 1
            used, block = self._used, self._block
            if used < len(block):
                self._used = used + 1
                r = block[used]
            else:
                r = self._next_block()
            if r < limit:
                return r % n

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in [lo, hi], both ends included (a die: randint(1, 6))."""
        return lo + self.below(hi - lo + 1)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher–Yates in place: items[i] swaps with items[below(i + 1)], for i from the end down to 1.

        below() is inlined, with the block and counters kept in locals until the end: shuffling the deck
        is most of the numbers a card game draws.
        """
        block, used, draws = self._block, self._used, self.draws
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n < 512 else _MASK - (_MASK % n)
            while True:
                draws += 1
                if used < len(block):
                    r = block[used]
                    used += 1
                else:
                    self._used = used
                    r = self._next_block()
                    block, used = self._block, 1
                if r < limit:
                    break
            j = r % n
            items[i], items[j] = items[j], items[i]
        self._block, self._used, self.draws = block, used, draws

    def fork(self) -> Rng:
        """An independent generator derived from this one (for bots and determinisations)."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        r = Rng.__new__(Rng)
        r._start, r._block, r._used, r.draws = self._start, self._block, self._used, self.draws
        return r
