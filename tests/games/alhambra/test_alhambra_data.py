"""data.json against the counts of the README's rules (R-1.1 to R-1.5, R-9.2.5, R-12.1)."""

from __future__ import annotations

import json
from collections import Counter

from server.games.alhambra.data import (
    CURRENCIES,
    POINTS,
    TILE_COST,
    TILE_IDS,
    TILE_TYPE,
    TILE_WALLS,
    TYPES,
    all_coins,
    currency_of,
    value_of,
)
from server.games.alhambra.game import Alhambra


def test_54_tiles_in_six_types_with_the_printed_counts_and_prices() -> None:
    assert len(TILE_IDS) == 54 == len(set(TILE_IDS))
    counts = Counter(TYPES[t] for t in TILE_TYPE)
    assert counts == {
        "pavilion": 7,
        "seraglio": 7,
        "arcades": 9,
        "chambers": 9,
        "garden": 11,
        "tower": 11,
    }
    ranges = {"pavilion": (2, 8), "seraglio": (3, 9), "arcades": (4, 10)}
    ranges |= {"chambers": (5, 11), "garden": (6, 12), "tower": (7, 13)}
    for ty, (lo, hi) in ranges.items():
        costs = [TILE_COST[i] for i in range(54) if TYPES[TILE_TYPE[i]] == ty]
        assert min(costs) == lo and max(costs) == hi


def test_wall_distribution_and_self_describing_ids() -> None:
    by_walls = Counter(bin(w).count("1") for w in TILE_WALLS)
    assert by_walls == {0: 10, 1: 16, 2: 20, 3: 8}
    for i, tile_id in enumerate(TILE_IDS):
        ty, cost, sides = tile_id.split("_")
        assert ty == TYPES[TILE_TYPE[i]] and int(cost) == TILE_COST[i]
        expected = "".join(
            s for s, bit in zip("NESW", (1, 2, 4, 8), strict=True) if TILE_WALLS[i] & bit
        )
        assert sides == (expected or "none")


# The README's tile table: per type, each tile's price and walled sides.
TILE_TABLE = {
    "pavilion": "2 NEW, 3 SW, 4 ES, 5 NW, 6 N, 7 E, 8 none",
    "seraglio": "3 ESW, 4 NE, 5 SW, 6 ES, 7 W, 8 S, 9 none",
    "arcades": "4 NES, 5 NW, 6 NE, 6 SW, 7 ES, 8 E, 8 N, 9 none, 10 none",
    "chambers": "5 NSW, 6 ES, 7 NE, 7 SW, 8 NW, 9 S, 9 W, 10 none, 11 none",
    "garden": "6 ESW, 7 NSW, 8 NE, 8 NW, 8 SW, 9 E, 10 none, 10 N, 10 W, 11 none, 12 S",
    "tower": "7 NEW, 8 NES, 9 ES, 9 NE, 9 NW, 10 W, 11 none, 11 N, 11 S, 12 none, 13 E",
}


def test_every_tile_as_in_the_readme_table() -> None:
    expected = [
        f"{ty}_{int(cost):02d}_{sides}"
        for ty, row in TILE_TABLE.items()
        for cost, sides in (item.split() for item in row.split(", "))
    ]
    assert list(TILE_IDS) == expected
    for i in range(len(TILE_IDS)):
        _, cost, sides = expected[i].split("_")
        assert TILE_COST[i] == int(cost)
        walls = sum(bit for s, bit in zip("NESW", (1, 2, 4, 8), strict=True) if s in sides)
        assert TILE_WALLS[i] == (0 if sides == "none" else walls)


def test_coins_108_or_72_in_four_currencies() -> None:
    for seats, n, total in ((2, 72, 360), (3, 108, 540), (6, 108, 540)):
        coins = all_coins(seats)
        assert len(coins) == n and sum(value_of(c) for c in coins) == total
        per = Counter(currency_of(c) for c in coins)
        assert sorted(per) == [0, 1, 2, 3] and set(per.values()) == {n // 4}
    assert CURRENCIES == ("yellow", "orange", "blue", "green")


def test_scoring_tables() -> None:
    assert POINTS[0] == ((1,), (2,), (3,), (4,), (5,), (6,))
    assert POINTS[1][5] == (13, 6) and POINTS[1][0] == (8, 1)
    assert POINTS[2][4] == (20, 12, 5) and POINTS[2][1] == (17, 9, 2)


def test_catalogue_is_plain_and_complete() -> None:
    cat = Alhambra().catalogue()
    assert len(cat["tiles"]) == 54 and cat["slots"] == list(CURRENCIES)
    assert json.loads(json.dumps(cat)) == cat
