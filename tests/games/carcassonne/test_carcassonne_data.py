"""The tile data: the counts and pictures of README §1.3, edges that agree with the features, the
precomputed rotation tables, and the catalogue the client draws from."""

from __future__ import annotations

import json

import pytest

from server.games.carcassonne import tiles
from server.games.carcassonne.tiles import BY_ID, FITS, HALF_EDGES, SIDES, TYPES


def test_counts_of_the_rules() -> None:
    base = [t for t in TYPES if t.set == "base"]
    river = [t for t in TYPES if t.set == "river"]
    assert sum(t.count for t in base) == 72
    assert sum(t.start_copies for t in base) == 1
    assert BY_ID["base.city1_road_straight"].start_copies == 1
    assert sum(t.count for t in river) == 12
    roles = [t.river_role for t in river for _ in range(t.count)]
    assert roles.count("source") == 1 and roles.count("lake") == 1 and roles.count("course") == 10
    assert sum(t.count for t in base if t.raw["monastery"]) == 6
    assert sum(c["shield"] for t in base for c in t.raw["cities"] for _ in range(t.count)) == 10


@pytest.mark.parametrize("tile", TYPES, ids=lambda t: t.id)
def test_edges_agree_with_features(tile) -> None:
    raw = tile.raw
    for kind, key in (("city", "cities"), ("road", "roads"), ("river", "rivers")):
        listed = sorted(s for seg in raw[key] for s in seg["edges"])
        assert listed == sorted(s for s in SIDES if raw["edges"][s] == kind), kind
    halves = [h for f in raw["fields"] for h in f["half_edges"]]
    assert len(halves) == len(set(halves))
    expected = {
        HALF_EDGES[2 * i + k]
        for i, s in enumerate(SIDES)
        if raw["edges"][s] != "city"
        for k in (0, 1)
    }
    assert set(halves) == expected
    city_ids = {c["id"] for c in raw["cities"]}
    for f in raw["fields"]:
        assert set(f["cities"]) <= city_ids


# README §1.3, one row per tile type: copies, sides N E S W (C city, R road, F field,
# V river), monastery, and the number of cities, shields, roads and fields.
TABLE = {
    "base.monastery": (4, "FFFF", True, 0, 0, 0, 1),
    "base.monastery_road": (2, "FFRF", True, 0, 0, 1, 1),
    "base.city1_road_straight": (4, "CRFR", False, 1, 0, 1, 2),
    "base.city4_shield": (1, "CCCC", False, 1, 1, 0, 0),
    "base.city3_road_shield": (2, "CCRC", False, 1, 1, 1, 2),
    "base.city3_road": (1, "CCRC", False, 1, 0, 1, 2),
    "base.city2_opposite_shield": (2, "FCFC", False, 1, 1, 0, 2),
    "base.city2_opposite": (1, "FCFC", False, 1, 0, 0, 2),
    "base.city2_adjacent": (3, "CFFC", False, 1, 0, 0, 1),
    "base.city2_adjacent_shield": (2, "CFFC", False, 1, 1, 0, 1),
    "base.city2_adjacent_road_curve": (3, "CRRC", False, 1, 0, 1, 2),
    "base.city2_adjacent_road_curve_shield": (2, "CRRC", False, 1, 1, 1, 2),
    "base.city3": (3, "CCFC", False, 1, 0, 0, 1),
    "base.city3_shield": (1, "CCFC", False, 1, 1, 0, 1),
    "base.city1_road_curve_es": (3, "CRRF", False, 1, 0, 1, 2),
    "base.city1_crossroads3": (3, "CRRR", False, 1, 0, 3, 3),
    "base.city1_road_curve_sw": (3, "CFRR", False, 1, 0, 1, 2),
    "base.city1": (5, "CFFF", False, 1, 0, 0, 1),
    "base.city1_city1_opposite": (3, "CFCF", False, 2, 0, 0, 1),
    "base.city1_city1_adjacent": (2, "CFFC", False, 2, 0, 0, 1),
    "base.crossroads4": (1, "RRRR", False, 0, 0, 4, 4),
    "base.crossroads3": (4, "FRRR", False, 0, 0, 3, 3),
    "base.road_curve": (9, "FFRR", False, 0, 0, 1, 2),
    "base.road_straight": (8, "FRFR", False, 0, 0, 1, 2),
    "river.source": (1, "FVFF", False, 0, 0, 0, 1),
    "river.lake": (1, "FFFV", False, 0, 0, 0, 1),
    "river.straight_two_cities": (1, "CVCV", False, 2, 0, 0, 2),
    "river.straight_city_road": (1, "CVRV", False, 1, 0, 1, 4),
    "river.straight_monastery_road": (1, "FVRV", True, 0, 0, 1, 3),
    "river.straight_bridge": (1, "VRVR", False, 0, 0, 1, 4),
    "river.straight": (2, "FVFV", False, 0, 0, 0, 2),
    "river.curve_city": (1, "CVVC", False, 1, 0, 0, 2),
    "river.curve_road_curve": (1, "RRVV", False, 0, 0, 1, 3),
    "river.curve": (2, "FFVV", False, 0, 0, 0, 2),
}
LETTER = {"city": "C", "road": "R", "field": "F", "river": "V"}


def test_every_tile_type_as_in_the_readme() -> None:
    assert len({t.id for t in TYPES}) == len(TYPES)
    assert [t.id for t in TYPES] == list(TABLE)
    for t in TYPES:
        raw = t.raw
        row = (
            t.count,
            "".join(LETTER[raw["edges"][s]] for s in SIDES),
            raw["monastery"],
            len(raw["cities"]),
            sum(c["shield"] for c in raw["cities"]),
            len(raw["roads"]),
            len(raw["fields"]),
        )
        assert row == TABLE[t.id], t.id
        assert t.set == t.id.split(".")[0]
    assert {t.id for t in TYPES if t.set == "base"} == {i for i in TABLE if i.startswith("base.")}
    assert len([t for t in TYPES if t.set == "base"]) == 24
    assert len([t for t in TYPES if t.set == "river"]) == 10


def test_segment_ids_are_unique_on_each_tile() -> None:
    for t in TYPES:
        raw = t.raw
        ids = [seg["id"] for key in ("cities", "roads", "fields") for seg in raw[key]]
        assert len(ids) == len(set(ids)), t.id
        assert list(t.seg_ids) == ids + (["m"] if raw["monastery"] else []), t.id


@pytest.mark.parametrize("tile", TYPES, ids=lambda t: t.id)
def test_rotation_tables(tile) -> None:
    for r in range(4):
        rot = tile.rot[r]
        for s in range(4):
            assert rot.edges[(s + r) % 4] == tile.edges[s]
        for local, halves in enumerate(tile.seg_halves):
            for h in halves:
                assert rot.half_field[(h + 2 * r) % 8] == local
        for pattern in range(0, tiles.PATTERNS, 7):
            need = [(pattern // 5**s) % 5 for s in range(4)]
            ok = all(c in (0, rot.edges[s]) for s, c in enumerate(need))
            assert (r in FITS[tile.index][pattern]) == ok


def test_catalogue_is_plain_data_with_a_spot_per_segment(game) -> None:
    cat = game.catalogue()
    assert json.loads(json.dumps(cat)) == cat
    assert [t["id"] for t in cat["tiles"]] == [t.id for t in TYPES]
    for entry, tile in zip(cat["tiles"], TYPES, strict=True):
        spots = entry["spots"]
        assert list(spots) == list(tile.seg_ids)
        points = list(spots.values())
        for u, v in points:
            assert 0.0 <= u <= 1.0 and 0.0 <= v <= 1.0
        for i, p in enumerate(points):
            for q in points[i + 1 :]:
                assert (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 > 0.01, entry["id"]
        assert len(entry["edges"]) == 4
