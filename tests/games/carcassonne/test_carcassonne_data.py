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
    "ic.cathedral": (2, "CCCC", False, 1, 0, 0, 0),
    "ic.monastery_two_roads": (1, "FRFR", True, 0, 0, 2, 2),
    "ic.four_city_caps": (1, "CCCC", False, 4, 0, 0, 1),
    "ic.three_city_caps": (1, "CCFC", False, 3, 0, 0, 1),
    "ic.two_city_caps_two_roads": (1, "CRCR", False, 2, 0, 2, 4),
    "ic.city2_adjacent_shield_city1": (1, "CFCC", False, 2, 1, 0, 1),
    "ic.city1_split_field": (1, "CFFF", False, 1, 0, 0, 2),
    "ic.city1_road_to_city": (1, "CFRF", False, 1, 0, 1, 2),
    "ic.city2_adjacent_road_to_city": (1, "CRFC", False, 1, 0, 1, 2),
    "ic.city2_opposite_shield_two_roads": (1, "RCRC", False, 1, 1, 2, 4),
    "ic.city2_adjacent_road_inn": (1, "CFRC", False, 1, 0, 1, 2),
    "ic.city1_road_curve_inn": (1, "CFRR", False, 1, 0, 1, 2),
    "ic.city2_adjacent_shield_road_curve_inn": (1, "CRRC", False, 1, 1, 1, 2),
    "ic.crossroads3_inn": (1, "FRRR", False, 0, 0, 3, 3),
    "ic.road_straight_inn": (1, "FRFR", False, 0, 0, 1, 2),
    "ic.road_curve_inn": (1, "FFRR", False, 0, 0, 1, 2),
    "ic.two_road_curves": (1, "RRRR", False, 0, 0, 2, 3),
    "tb.city2_adjacent_grain": (1, "CFFC", False, 1, 0, 0, 1),
    "tb.city2_adjacent_wine": (1, "CFFC", False, 1, 0, 0, 1),
    "tb.city2_opposite_cloth_city1": (1, "FCCC", False, 2, 0, 0, 2),
    "tb.city2_opposite_wine_city1": (1, "FCCC", False, 2, 0, 0, 2),
    "tb.city3_grain": (1, "CCFC", False, 1, 0, 0, 1),
    "tb.city2_adjacent_cloth_two_caps": (1, "CCCC", False, 3, 0, 0, 1),
    "tb.city2_adjacent_cloth_two_roads": (1, "CRRC", False, 1, 0, 2, 4),
    "tb.city2_adjacent_wine_two_roads": (1, "CRRC", False, 1, 0, 2, 3),
    "tb.city2_adjacent_cloth_road_cap": (1, "CRCC", False, 2, 0, 1, 2),
    "tb.city2_adjacent_grain_road_cap": (1, "CRCC", False, 2, 0, 1, 2),
    "tb.city2_adjacent_cloth_road": (1, "CRFC", False, 1, 0, 1, 2),
    "tb.city2_adjacent_wine_road_split": (1, "CRFC", False, 1, 0, 1, 3),
    "tb.city3_wine_road": (1, "CCRC", False, 1, 0, 1, 2),
    "tb.two_city2_adjacent_wine": (1, "CCCC", False, 2, 0, 0, 1),
    "tb.city2_opposite_wine": (1, "FCFC", False, 1, 0, 0, 2),
    "tb.city1_road": (1, "CRFF", False, 1, 0, 1, 2),
    "tb.city2_opposite_grain_road": (1, "FCRC", False, 1, 0, 1, 3),
    "tb.city2_opposite_wine_road": (1, "FCRC", False, 1, 0, 1, 3),
    "tb.city2_opposite_wine_two_roads": (1, "RCRC", False, 1, 0, 2, 4),
    "tb.monastery_three_roads": (1, "FRRR", True, 0, 0, 3, 3),
    "tb.city2_adjacent_grain_road": (1, "CFRC", False, 1, 0, 1, 2),
    "tb.city2_adjacent_grain_road_split": (1, "CFRC", False, 1, 0, 1, 3),
    "tb.city1_two_roads": (1, "CFRR", False, 1, 0, 2, 3),
    "tb.road_bridge": (1, "RRRR", False, 0, 0, 2, 4),
    "kr.monastery_city1": (1, "CFFF", True, 1, 0, 0, 1),
    "kr.city1_road": (1, "CFFR", False, 1, 0, 1, 2),
    "kr.city1_road_curve_road": (1, "CRRR", False, 1, 0, 2, 3),
    "kr.city2_adjacent_two_roads": (1, "CRRC", False, 1, 0, 2, 4),
    "kr.crossing_cities": (1, "CCCC", False, 2, 0, 0, 2),
    "pd.volcano": (1, "FFFF", False, 0, 0, 0, 1),
    "pd.two_road_curves_portal": (1, "RRRR", False, 0, 0, 2, 3),
    "pd.volcano_road": (1, "FFRF", False, 0, 0, 1, 1),
    "pd.city1_dragon": (1, "CFFF", False, 1, 0, 0, 1),
    "pd.city1_volcano": (1, "CFFF", False, 1, 0, 0, 1),
    "pd.monastery_three_roads_dragon": (1, "FRRR", True, 0, 0, 3, 3),
    "pd.crossroads3_dragon": (1, "FRRR", False, 0, 0, 3, 3),
    "pd.crossroads3_portal": (1, "FRRR", False, 0, 0, 3, 3),
    "pd.city1_crossroads3_princess": (1, "CRRR", False, 1, 0, 3, 3),
    "pd.city1_princess_city2_shield": (1, "CCCF", False, 2, 1, 0, 2),
    "pd.city3_princess": (1, "CCFC", False, 1, 0, 0, 1),
    "pd.city3_shield_portal": (1, "CCFC", False, 1, 1, 0, 1),
    "pd.city3_monastery_dragon": (1, "CCFC", True, 1, 0, 0, 1),
    "pd.road_curve_dragon": (2, "FFRR", False, 0, 0, 1, 2),
    "pd.road_curve_volcano": (1, "FFRR", False, 0, 0, 1, 2),
    "pd.road_straight_dragon": (1, "FRFR", False, 0, 0, 1, 2),
    "pd.road_straight_volcano": (1, "FRFR", False, 0, 0, 1, 2),
    "pd.city2_adjacent_princess_split": (1, "CFFC", False, 1, 0, 0, 2),
    "pd.city2_adjacent_dragon": (1, "CFFC", False, 1, 0, 0, 1),
    "pd.city2_adjacent_princess": (1, "CFFC", False, 1, 0, 0, 1),
    "pd.city1_city1_adjacent_volcano": (1, "CCFF", False, 2, 0, 0, 1),
    "pd.city2_opposite_shield_dragon": (1, "FCFC", False, 1, 1, 0, 2),
    "pd.city2_adjacent_road_curve_princess": (1, "CRRC", False, 1, 0, 1, 2),
    "pd.city2_adjacent_road_curve_portal": (1, "CRRC", False, 1, 0, 1, 2),
    "pd.city2_opposite_tunnel_dragon": (1, "RCRC", False, 1, 0, 1, 2),
    "pd.city1_road_curve_sw_dragon": (1, "CFRR", False, 1, 0, 1, 2),
    "pd.city1_road_curve_sw_portal": (1, "CFRR", False, 1, 0, 1, 2),
    "pd.city1_road_curve_es_dragon": (1, "CRRF", False, 1, 0, 1, 2),
    "pd.city1_road_curve_es_portal": (1, "CRRF", False, 1, 0, 1, 2),
}

# README §1.3 (expansion tiles): the marks a tile type carries, as "segment:mark" or a
# tile-wide mark; tile types not listed carry none.
MARKS = {
    "ic.cathedral": "c1:cathedral",
    "ic.city2_adjacent_road_inn": "r1:inn",
    "ic.city1_road_curve_inn": "r1:inn",
    "ic.city2_adjacent_shield_road_curve_inn": "r1:inn",
    "ic.crossroads3_inn": "r1:inn",
    "ic.road_straight_inn": "r1:inn",
    "ic.road_curve_inn": "r1:inn",
    "tb.city2_adjacent_grain": "c1:grain",
    "tb.city2_adjacent_wine": "c1:wine",
    "tb.city2_opposite_cloth_city1": "c1:cloth",
    "tb.city2_opposite_wine_city1": "c1:wine",
    "tb.city3_grain": "c1:grain",
    "tb.city2_adjacent_cloth_two_caps": "c1:cloth",
    "tb.city2_adjacent_cloth_two_roads": "c1:cloth",
    "tb.city2_adjacent_wine_two_roads": "c1:wine",
    "tb.city2_adjacent_cloth_road_cap": "c1:cloth",
    "tb.city2_adjacent_grain_road_cap": "c1:grain",
    "tb.city2_adjacent_cloth_road": "c1:cloth",
    "tb.city2_adjacent_wine_road_split": "c1:wine",
    "tb.city3_wine_road": "c1:wine",
    "tb.two_city2_adjacent_wine": "c1:wine",
    "tb.city2_opposite_wine": "c1:wine",
    "tb.city2_opposite_grain_road": "c1:grain",
    "tb.city2_opposite_wine_road": "c1:wine",
    "tb.city2_opposite_wine_two_roads": "c1:wine",
    "tb.city2_adjacent_grain_road": "c1:grain",
    "tb.city2_adjacent_grain_road_split": "c1:grain",
    "pd.volcano": "volcano",
    "pd.two_road_curves_portal": "magic_portal",
    "pd.volcano_road": "volcano",
    "pd.city1_dragon": "dragon",
    "pd.city1_volcano": "volcano",
    "pd.monastery_three_roads_dragon": "dragon",
    "pd.crossroads3_dragon": "dragon",
    "pd.crossroads3_portal": "magic_portal",
    "pd.city1_crossroads3_princess": "c1:princess",
    "pd.city1_princess_city2_shield": "c1:princess",
    "pd.city3_princess": "c1:princess",
    "pd.city3_shield_portal": "magic_portal",
    "pd.city3_monastery_dragon": "dragon",
    "pd.road_curve_dragon": "dragon",
    "pd.road_curve_volcano": "volcano",
    "pd.road_straight_dragon": "dragon",
    "pd.road_straight_volcano": "volcano",
    "pd.city2_adjacent_princess_split": "c1:princess",
    "pd.city2_adjacent_dragon": "dragon",
    "pd.city2_adjacent_princess": "c1:princess",
    "pd.city1_city1_adjacent_volcano": "volcano",
    "pd.city2_opposite_shield_dragon": "dragon",
    "pd.city2_adjacent_road_curve_princess": "c1:princess",
    "pd.city2_adjacent_road_curve_portal": "magic_portal",
    "pd.city2_opposite_tunnel_dragon": "r1:tunnel dragon",
    "pd.city1_road_curve_sw_dragon": "dragon",
    "pd.city1_road_curve_sw_portal": "magic_portal",
    "pd.city1_road_curve_es_dragon": "dragon",
    "pd.city1_road_curve_es_portal": "magic_portal",
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
    assert {t.id for t in TYPES if t.set == "base"} == {i for i in TABLE if i.startswith("base.")}
    assert len([t for t in TYPES if t.set == "base"]) == 24
    assert len([t for t in TYPES if t.set == "river"]) == 10
    sets = {"base": "base", "river": "river", "ic": "inns_cathedrals"}
    sets |= {"tb": "traders_builders", "kr": "king_robber_baron", "pd": "princess_dragon"}
    for t in TYPES:
        assert t.set == sets[t.id.split(".")[0]], t.id
        assert marks_of(t.raw) == MARKS.get(t.id, ""), t.id


def marks_of(raw: dict) -> str:
    out = []
    for c in raw["cities"]:
        out += [f"{c['id']}:{k}" for k in ("cathedral", "princess") if c.get(k)]
        out += [f"{c['id']}:{c['goods']}"] if c.get("goods") else []
    for r in raw["roads"]:
        out += [f"{r['id']}:{k}" for k in ("inn", "tunnel") if r.get(k)]
    out += [k for k in ("volcano", "dragon", "magic_portal") if raw.get(k)]
    return " ".join(out)


def test_counts_of_the_expansions() -> None:
    """README §1.3: tiles per set, and the marks the expansions' rules use."""

    def copies(s: str) -> int:
        return sum(t.count for t in TYPES if t.set == s)

    assert copies("inns_cathedrals") == 18
    assert copies("traders_builders") == 24
    assert copies("king_robber_baron") == 5
    assert copies("princess_dragon") == 30

    def marked(kind: str, key: str, value: object = True) -> int:
        return sum(t.count for t in TYPES for seg in t.raw[kind] if seg.get(key) == value)

    assert marked("roads", "inn") == 6
    assert marked("cities", "cathedral") == 2
    assert (marked("cities", "goods", "wine"), marked("cities", "goods", "grain")) == (9, 6)
    assert marked("cities", "goods", "cloth") == 5
    # Traders & Builders: 20 goods on 20 tiles, 4 tiles without.
    tb = [t for t in TYPES if t.set == "traders_builders"]
    assert sum(1 for t in tb if not any(c.get("goods") for c in t.raw["cities"])) == 4
    # The marks sit only on the tiles of their own expansion.
    for t in TYPES:
        if any(seg.get("inn") for seg in t.raw["roads"]) or any(
            c.get("cathedral") for c in t.raw["cities"]
        ):
            assert t.set == "inns_cathedrals", t.id
        if any(c.get("goods") for c in t.raw["cities"]):
            assert t.set == "traders_builders", t.id


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
