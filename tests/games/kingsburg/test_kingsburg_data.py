"""The package's data file against the counts of the rules and the component tables
of the README."""

from __future__ import annotations

from collections import Counter

from server.games.kingsburg.data import (
    ADVISORS,
    BUILDINGS,
    DATA,
    ENEMIES,
    SHEET,
    enemies_of_year,
    strength_range,
)


def test_eighteen_advisors_numbered_one_to_eighteen() -> None:
    assert sorted(ADVISORS) == list(range(1, 19))
    assert {n for n, a in ADVISORS.items() if a["gives_soldiers"]} == {5, 10, 18}
    assert {n for n, a in ADVISORS.items() if a["choose"] == "one_or_none"} == {6}
    peeks = {
        n for n, a in ADVISORS.items() if any(o["gain"].get("peek_enemy") for o in a["options"])
    }
    assert peeks == {10, 17}


def test_province_sheet_is_five_rows_of_four() -> None:
    assert len(BUILDINGS) == 20
    assert set(SHEET) == {(r, c) for r in range(1, 6) for c in range(1, 5)}
    assert [SHEET[(r, 1)] for r in range(1, 6)] == [
        "statue",
        "inn",
        "guard_tower",
        "palisade",
        "barricade",
    ]


def test_twenty_five_enemies_five_a_year_within_the_year_range() -> None:
    assert len(ENEMIES) == 25
    assert Counter(c["year"] for c in ENEMIES.values()) == {y: 5 for y in range(1, 6)}
    for year in range(1, 6):
        lo, hi = strength_range(year)
        assert all(lo <= ENEMIES[c]["strength"] <= hi for c in enemies_of_year(year))
        assert {ENEMIES[c]["strength"] for c in enemies_of_year(year)} >= {lo, hi}
    assert all(c["type"] in DATA["enemy_types"] for c in ENEMIES.values())


def _terms(amounts: dict[str, object]) -> str:
    return " ".join(f"{k}{'' if v is True else v}" for k, v in sorted(amounts.items()))


def _option(option: dict[str, dict[str, object]]) -> str:
    gain = _terms(option["gain"])
    return f"{_terms(option['pay'])} -> {gain}" if "pay" in option else gain


# The README's advisor table: number -> (id, options, "|" between alternatives).
ADVISOR_TABLE = {
    1: ("jester", "vp1"),
    2: ("squire", "gold1"),
    3: ("architect", "wood1"),
    4: ("merchant", "gold1 | wood1"),
    5: ("sergeant", "soldiers1"),
    6: (
        "alchemist",
        "gold1 -> stone1 wood1 | wood1 -> gold1 stone1 | stone1 -> gold1 wood1",
    ),
    7: ("astronomer", "any_goods1 plus21"),
    8: ("treasurer", "gold2"),
    9: ("master_hunter", "gold1 wood1 | stone1 wood1"),
    10: ("general", "peek_enemy soldiers2"),
    11: ("swordsmith", "stone1 wood1 | gold1 stone1"),
    12: ("duchess", "any_goods2 plus21"),
    13: ("champion", "stone3"),
    14: ("smuggler", "vp1 -> any_goods3"),
    15: ("inventor", "gold1 stone1 wood1"),
    16: ("wizard", "gold4"),
    17: ("queen", "any_goods2 peek_enemy vp3"),
    18: ("king", "gold1 soldiers1 stone1 wood1"),
}

# The README's building table: id -> (row, column, gold, wood, stone, VP, defence, bonus).
BUILDING_TABLE = {
    "statue": (1, 1, 2, 0, 0, 3, 0, {}),
    "chapel": (1, 2, 3, 0, 1, 5, 0, {}),
    "church": (1, 3, 3, 1, 2, 7, 0, {"demons": 1}),
    "cathedral": (1, 4, 5, 0, 3, 9, 0, {}),
    "inn": (2, 1, 1, 1, 0, 0, 0, {}),
    "market": (2, 2, 2, 2, 0, 1, 0, {}),
    "farms": (2, 3, 2, 3, 1, 2, -1, {}),
    "merchants_guild": (2, 4, 3, 1, 2, 4, 0, {}),
    "guard_tower": (3, 1, 1, 0, 1, 1, 1, {}),
    "blacksmith": (3, 2, 1, 2, 0, 2, 1, {}),
    "barracks": (3, 3, 2, 2, 1, 4, 0, {}),
    "wizards_guild": (3, 4, 3, 2, 2, 6, 2, {}),
    "palisade": (4, 1, 0, 2, 0, 0, 1, {"zombies": 1}),
    "stable": (4, 2, 1, 1, 1, 2, 0, {}),
    "stone_wall": (4, 3, 2, 0, 2, 2, 1, {}),
    "fortress": (4, 4, 3, 0, 2, 4, 1, {}),
    "barricade": (5, 1, 0, 1, 0, 0, 0, {"goblins": 1}),
    "crane": (5, 2, 0, 1, 1, 1, 0, {}),
    "town_hall": (5, 3, 2, 1, 1, 2, 0, {}),
    "embassy": (5, 4, 2, 2, 2, 4, 0, {}),
}

# The README's enemy table: id -> (year, strength, type, reward, penalty).
ENEMY_TABLE = {
    "y1_barbarians_2": (1, 2, "barbarians", "gold1", "any_goods1 buildings1"),
    "y1_goblins_2": (1, 2, "goblins", "wood1", "buildings1 stone1 vp1 wood1"),
    "y1_goblins_3": (1, 3, "goblins", "stone1", "buildings1 gold1"),
    "y1_orcs_3": (1, 3, "orcs", "gold1", "any_goods2 vp1"),
    "y1_zombies_4": (1, 4, "zombies", "vp1", "vp2"),
    "y2_goblins_3": (2, 3, "goblins", "wood1", "buildings1 stone2 vp1 wood2"),
    "y2_goblins_4": (2, 4, "goblins", "stone1", "buildings1 gold2"),
    "y2_orcs_4": (2, 4, "orcs", "gold1", "any_goods2 buildings1"),
    "y2_barbarians_5": (2, 5, "barbarians", "gold1", "any_goods2 vp1"),
    "y2_zombies_5": (2, 5, "zombies", "vp1", "vp2"),
    "y3_goblins_4": (3, 4, "goblins", "wood1", "buildings1 stone3 vp1 wood3"),
    "y3_goblins_5": (3, 5, "goblins", "stone1", "buildings1 gold3"),
    "y3_orcs_5": (3, 5, "orcs", "gold1", "any_goods2 buildings1"),
    "y3_zombies_6": (3, 6, "zombies", "vp1", "vp2"),
    "y3_demons_6": (3, 6, "demons", "vp1", "gold2 stone1 vp1 wood1"),
    "y4_goblins_5": (4, 5, "goblins", "wood1", "buildings1 stone4 vp1 wood4"),
    "y4_goblins_6": (4, 6, "goblins", "stone1", "buildings1 gold4"),
    "y4_demons_6": (4, 6, "demons", "gold1 vp1", "any_goods4 vp1"),
    "y4_orcs_7": (4, 7, "orcs", "any_goods1", "any_goods2 buildings1"),
    "y4_zombies_7": (4, 7, "zombies", "vp1", "vp2"),
    "y5_barbarians_7": (5, 7, "barbarians", "vp1", "vp8"),
    "y5_barbarians_8": (5, 8, "barbarians", "vp1", "buildings1"),
    "y5_demons_8": (5, 8, "demons", "vp2", "buildings1 vp2"),
    "y5_demons_9": (5, 9, "demons", "vp2", "buildings1"),
    "y5_dragons_9": (5, 9, "dragons", "vp3", "vp5"),
}


def test_advisors_as_in_the_readme() -> None:
    assert len(DATA["advisors"]) == len({a["id"] for a in DATA["advisors"]}) == 18
    for number, (ident, options) in ADVISOR_TABLE.items():
        a = ADVISORS[number]
        assert a["id"] == ident
        assert " | ".join(_option(o) for o in a["options"]) == options, ident


def test_buildings_as_in_the_readme() -> None:
    assert [b["id"] for b in DATA["buildings"]] == list(BUILDING_TABLE)
    for ident, (row, col, gold, wood, stone, vp, combat, vs) in BUILDING_TABLE.items():
        b = BUILDINGS[ident]
        assert (b["row"], b["column"], b["vp"]) == (row, col, vp), ident
        assert b["cost"] == {"gold": gold, "wood": wood, "stone": stone}, ident
        assert (b["combat"], b["combat_vs"]) == (combat, vs), ident


def test_enemies_as_in_the_readme() -> None:
    assert [c["id"] for c in DATA["enemies"]] == list(ENEMY_TABLE)
    for ident, (year, strength, kind, reward, penalty) in ENEMY_TABLE.items():
        c = ENEMIES[ident]
        assert (c["year"], c["strength"], c["type"]) == (year, strength, kind), ident
        assert (_terms(c["reward"]), _terms(c["penalty"])) == (reward, penalty), ident
    assert DATA["strength_range_by_year"] == {
        "1": [2, 4],
        "2": [3, 5],
        "3": [4, 6],
        "4": [5, 7],
        "5": [7, 9],
    }
