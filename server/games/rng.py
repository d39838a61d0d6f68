"""A small deterministic random generator that lives inside a game's state.

Python's ``random.Random`` keeps 2.5 KB of state that does not round-trip through
MessagePack; a game needs its dice and shuffles to replay exactly from its log and to
survive a rebuild in another process, so the generator is a plain Struct with one int.
The algorithm is SplitMix64: tiny, fast in pure Python and statistically good enough
for dice and shuffles.
"""

from __future__ import annotations

from typing import TypeVar

import msgspec

_MASK = (1 << 64) - 1
T = TypeVar("T")


class Rng(msgspec.Struct):
    s: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(s=seed & _MASK)

    def next64(self) -> int:
        self.s = (self.s + 0x9E3779B97F4A7C15) & _MASK
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in [0, n), by rejection so no value is favoured."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _MASK - (_MASK + 1) % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def randint(self, a: int, b: int) -> int:
        """A uniform int in [a, b], both ends included."""
        return a + self.below(b - a + 1)

    def die(self, sides: int = 6) -> int:
        return 1 + self.below(sides)

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]
