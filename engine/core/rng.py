"""Seeded randomness that gives the same numbers in CPython and in Pyodide.

`random.Random` is not used: its seeding and its `randrange`/`shuffle` algorithms
have changed between Python versions, and the browser runs a newer Python than CI.

The algorithm is SplitMix64 (Steele, Lea, Flood 2014), fixed here and pinned by
known-answer tests:

    state = (state + 0x9E3779B97F4A7C15) mod 2**64
    z = state
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 mod 2**64
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB mod 2**64
    output z ^ (z >> 31)

`below(n)` uses rejection sampling, so it is unbiased; `shuffle` is Fisher-Yates
from the last index down. The state is one 64-bit integer, written to JSON as
16 hex digits (JSON numbers above 2**53 lose precision in JavaScript).
"""

from __future__ import annotations

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None):
        self.state = (state if state is not None else seed * GOLDEN) & MASK

    def next64(self) -> int:
        self.state = (self.state + GOLDEN) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def to_json(self) -> str:
        return f"{self.state:016x}"

    @classmethod
    def from_json(cls, text: str | None) -> "Rng":
        """The generator of a loaded position: its 16 hex digits (the schema checks the format),
        or a generator seeded with 0 when a hand-written position leaves it out."""
        return cls(0) if text is None else cls(state=int(text, 16))
