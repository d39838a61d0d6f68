from __future__ import annotations

from collections import Counter

import msgspec
from hypothesis import given
from hypothesis import strategies as st

from server.games.rng import Rng


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_same_seed_same_sequence_and_it_survives_msgpack(seed) -> None:
    a, b = Rng.from_seed(seed), Rng.from_seed(seed)
    first = [a.below(1000) for _ in range(5)]
    assert first == [b.below(1000) for _ in range(5)]
    c = msgspec.msgpack.decode(msgspec.msgpack.encode(a), type=Rng)
    assert [a.die() for _ in range(5)] == [c.die() for _ in range(5)]


def test_dice_are_roughly_fair() -> None:
    rng = Rng.from_seed(42)
    counts = Counter(rng.die() for _ in range(60000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(9000 < n < 11000 for n in counts.values())


def test_shuffle_is_a_permutation() -> None:
    rng = Rng.from_seed(3)
    items = list(range(50))
    rng.shuffle(items)
    assert sorted(items) == list(range(50)) and items != list(range(50))
