"""The rules of the README on hand-built tile sequences: every case of README §13 that
the base game and the River can meet, placement and meeple legality, end scoring."""

from __future__ import annotations

import msgspec
import pytest

from server.games.carcassonne import Meeple, Options, Pass, Place
from server.games.carcassonne.board import Board
from server.games.carcassonne.tiles import BY_ID, STRIDE
from tests.support.rules import refused

RED, YELLOW = 0, 1
OVER = 2


def features(intents: list) -> list[str]:
    return [i.feature for i in intents if isinstance(i, Meeple)]


# -- setup and placement --------------------------------------------------------------


def test_setup_places_the_start_tile_and_deals_71_tiles(game) -> None:
    state = game.setup(4, Options(), 7)
    view = game.view(state, None)
    assert view["tiles"] == [
        {"x": 0, "y": 0, "r": 0, "tile": "base.city1_road_straight", "meeples": []}
    ]
    assert view["tiles_left"] == 71
    assert view["meeples"] == [7, 7, 7, 7]
    assert view["phase"] == "place" and view["drawn"] is not None
    drawn = [state.drawn, *state.pile]
    assert len(drawn) == 71
    for t in BY_ID.values():
        if t.set == "base":
            assert drawn.count(t.index) == t.count - t.start_copies


def test_placement_must_touch_and_match(game, build) -> None:
    state = game.setup_fixed(2, None, ["base.city1", "base.road_straight"])
    refused(game, state, RED, Place(0, 0, 0), "illegal_placement")  # taken
    refused(game, state, RED, Place(1, 1, 0), "illegal_placement")  # diagonal only
    refused(game, state, RED, Place(5, 0, 0), "illegal_placement")  # far away
    refused(game, state, RED, Place(0, 10**12, 2), "illegal_placement")  # off any board
    refused(game, state, RED, Place(-(10**12), 1, 2), "illegal_placement")
    refused(game, state, RED, Place(0, 1, 0), "illegal_placement")  # field against city
    refused(game, state, RED, Place(0, 1, 4), "illegal_placement")  # no such rotation
    refused(game, state, YELLOW, Place(0, 1, 2), "not_your_turn")
    refused(game, state, RED, Pass(), "wrong_phase")
    refused(game, state, RED, Meeple("c1"), "wrong_phase")
    legal = game.legal(state, RED)
    assert Place(0, 1, 2) in legal and Place(0, 1, 0) not in legal
    assert game.legal(state, YELLOW) == []
    game.apply(state, RED, Place(0, 1, 2))
    refused(game, state, RED, Place(0, -1, 0), "wrong_phase")
    refused(game, state, RED, Meeple("r1"), "unknown_feature")
    refused(game, state, YELLOW, Pass(), "not_your_turn")


def test_rivers_are_never_claimable(game) -> None:
    state = game.setup_fixed(2, Options(fluss=True), ["river.straight", "river.lake"])
    game.apply(state, RED, Place(1, 0, 0))
    assert features(game.legal(state, RED)) == ["f1", "f2"]


# -- §13.1 one tile completes two features --------------------------------------------


TWO_CITIES = [
    ("base.road_straight", 1, 0, 0),
    ("base.city1", 1, -1, 2, "c1"),  # yellow knight
    ("base.monastery", 0, -1, 0),
    ("base.monastery", 0, -2, 0),
    ("base.monastery", 0, -3, 0),
    ("base.road_straight", 2, 0, 0),
    ("base.city1", 1, -3, 0, "c1"),  # red knight
    ("base.city1_city1_opposite", 1, -2, 0),  # yellow closes both caps
]


@pytest.mark.parametrize("two", [2, 4])
def test_one_tile_completes_two_cities(build, scored, two) -> None:
    state = build(TWO_CITIES, extra=["base.road_straight"], two_tile_city_points=two)
    cities = scored(state, "city")
    assert sorted((c["seats"], c["points"]) for c in cities) == [([RED], two), ([YELLOW], two)]
    assert state.scores == [two, two]
    assert state.supply == [7, 7]


def test_one_tile_completes_a_city_and_a_road(build, scored) -> None:
    state = build(
        [
            ("base.city1", 0, 1, 2),  # closes the start city, unclaimed
            ("base.crossroads4", 1, 0, 0, "r4"),  # yellow thief on the west arm
            ("base.city1", -1, 1, 2, "c1"),  # red knight
            ("base.city1_crossroads3", -1, 0, 0),  # yellow ends the road, closes the cap
        ],
        extra=["base.road_straight"],
    )
    kinds = {c["kind"]: (c["seats"], c["points"]) for c in scored(state)}
    assert kinds == {"city": ([RED], 2), "road": ([YELLOW], 3)}
    assert state.supply == [7, 7]


# -- §13.2 / §13.5 / §13.15 ----------------------------------------------------------


def test_segments_of_one_tile_are_separate_and_start_tile_scores(game, scored) -> None:
    state = game.setup_fixed(2, None, ["base.city1_city1_opposite", "base.crossroads3"])
    game.apply(state, RED, Place(0, 1, 0))
    # The two caps are two cities; the south cap joins the unclaimed start city.
    assert features(game.legal(state, RED)) == ["c1", "c2", "f1"]
    game.apply(state, RED, Meeple("c2"))
    # The knight on the completing tile scored and came home in the same turn.
    (city,) = scored(state, "city")
    assert (city["seats"], city["points"], city["final"]) == ([RED], 2, False)
    # The log points at one segment of the scored city.
    assert (city["x"], city["y"], city["feature"]) in {(0, 0, "c1"), (0, 1, "c2")}
    assert state.scores == [2, 0] and state.supply == [7, 7]
    north_cap = state.board.feature(1 * STRIDE + 0)[1]  # tile 1, segment c1
    assert north_cap.open == 1
    # A crossing's three roads are three roads.
    game.apply(state, YELLOW, Place(1, 0, 2))
    assert {"r1", "r2", "r3"} <= set(features(game.legal(state, YELLOW)))


# -- §13.3 a feature through one tile twice counts it once -------------------------------


def test_city_through_both_caps_of_a_tile_counts_it_once(build, scored) -> None:
    state = build(
        [
            ("base.road_straight", 1, 0, 0),
            ("base.road_straight", 2, 0, 0),
            ("base.city2_adjacent", 1, -1, 2, "c1"),  # red
            ("base.city2_adjacent", 2, -1, 3),
            ("base.city2_adjacent", 1, -2, 1),
            ("base.city1_city1_adjacent", 2, -2, 0),  # both caps close the ring
        ],
        extra=["base.road_straight"],
    )
    assert [(c["seats"], c["points"]) for c in scored(state, "city")] == [([RED], 8)]


# -- §13.4 road loops -------------------------------------------------------------


def test_road_loop_is_complete_when_closed(build, scored) -> None:
    state = build(
        [
            ("base.road_straight", 1, 0, 0),
            ("base.road_straight", 2, 0, 0),
            ("base.road_curve", 1, -1, 3, "r1"),  # red
            ("base.road_curve", 2, -1, 0),
            ("base.road_curve", 1, -2, 2),
            ("base.road_curve", 2, -2, 1),
        ],
        extra=["base.road_straight"],
    )
    assert [(c["seats"], c["points"]) for c in scored(state, "road")] == [([RED], 4)]
    assert state.supply == [7, 7]


# -- §13.6 followers come back only after scoring ----------------------------------------

SEVEN_MEEPLES = [
    ("base.monastery", 0, -1, 0, "m"),
    ("base.road_straight", 1, 0, 0),
    ("base.monastery", 1, -1, 0, "m"),
    ("base.road_straight", 2, 0, 0),
    ("base.monastery", 2, -1, 0, "m"),
    ("base.road_straight", 3, 0, 0),
    ("base.monastery", 3, -1, 0, "m"),
    ("base.road_straight", 4, 0, 0),
    ("base.city1", 4, -1, 2, "c1"),
    ("base.road_straight", 5, 0, 0),
    ("base.city1", 5, -1, 2, "c1"),
    ("base.road_straight", 6, 0, 0),
    ("base.city1", 6, -1, 2, "c1"),
    ("base.road_straight", 7, 0, 0),
]


def test_empty_supply_cannot_claim_on_the_completing_tile(game, build, scored) -> None:
    state = build(SEVEN_MEEPLES, extra=["base.city1", "base.road_straight"])
    assert state.supply == [0, 7]
    game.apply(state, RED, Place(4, -2, 0))
    assert game.legal(state, RED) == [Pass()]
    refused(game, state, RED, Meeple("f1"), "no_meeples")
    game.apply(state, RED, Pass())
    assert [c["points"] for c in scored(state, "city")] == [2]
    assert state.supply == [1, 7]


# -- §13.7 ties, minorities and one's own follower ----------------------------------------


def test_own_follower_blocks_the_feature_too(game, build) -> None:
    state = build(
        [("base.road_straight", 1, 0, 0, "r1"), ("base.road_straight", -1, 0, 0)],
        extra=["base.road_straight", "base.road_straight"],
    )
    game.apply(state, RED, Place(2, 0, 0))
    assert features(game.legal(state, RED)) == ["f1", "f2"]
    refused(game, state, RED, Meeple("r1"), "feature_occupied")


def test_tied_thieves_both_score_in_full(build, scored) -> None:
    state = build(
        [
            ("base.monastery", 0, -1, 0),
            ("base.crossroads4", 1, 0, 0, "r4"),  # yellow: the arm towards the start
            ("base.crossroads3", -1, -1, 1, "r3"),  # red: a separate arm, north
            ("base.road_curve", -1, 0, 3),  # yellow joins both: complete, 4 tiles
        ],
        extra=["base.road_straight"],
    )
    roads = scored(state, "road")
    assert [(sorted(r["seats"]), r["points"]) for r in roads] == [([RED, YELLOW], 4)]
    assert state.scores == [4, 4] and state.supply == [7, 7]


# -- §13.8 / §13.12 completion without followers still feeds farms -------------------------


def test_unclaimed_completed_city_pays_the_farmer(build, points_by_kind) -> None:
    state = build([("base.city1", 0, 1, 2, "f1")])  # closes the start city; red farmer
    assert state.phase == OVER
    assert points_by_kind(state, "city") == [0, 0]
    assert points_by_kind(state, "field") == [3, 0]


def test_incomplete_city_does_not_pay_farmers(build, points_by_kind) -> None:
    state = build([("base.city1_city1_opposite", 0, 1, 0, "f1")])
    # The south cap closed the start city; the north cap is still open.
    assert points_by_kind(state, "field") == [3, 0]


# -- §13.9 fields touching at a corner are not connected -----------------------------------


def test_fields_meeting_at_a_corner_are_separate() -> None:
    board = Board()
    mon = BY_ID["base.monastery"]
    a = board.place(mon.index, 0, 0, 0)
    b = board.place(mon.index, 1, 1, 0)
    field_a, field_b = a * STRIDE, b * STRIDE
    assert board.find(field_a) != board.find(field_b)
    board.place(mon.index, 1, 0, 0)
    assert board.find(field_a) == board.find(field_b)


# -- §13.13 an incomplete monastery counts diagonal neighbours ------------------------------


def test_incomplete_monastery_counts_its_block(build, scored) -> None:
    state = build(
        [
            ("base.monastery", 0, -1, 0, "m"),
            ("base.road_straight", 1, 0, 0),
            ("base.monastery", 1, -1, 0),
        ]
    )
    assert state.phase == OVER
    mon = scored(state, "monastery")
    assert [(m["seats"], m["points"], m["final"]) for m in mon] == [([RED], 4, True)]


def test_completed_monastery_scores_nine(build, scored) -> None:
    around = [
        ("base.road_straight", 1, 0, 0),
        ("base.road_straight", -1, 0, 0),
        ("base.monastery", -1, -1, 0),
        ("base.road_curve", 1, -1, 3),
        ("base.road_straight", -1, -2, 0),
        ("base.road_curve", 0, -2, 0),
        ("base.road_straight", 1, -2, 1),
    ]
    state = build([("base.monastery", 0, -1, 0, "m"), *around], extra=["base.road_straight"])
    mon = scored(state, "monastery")
    assert [(m["seats"], m["points"], m["final"]) for m in mon] == [([RED], 9, False)]
    assert state.supply[RED] == 7


# -- end scoring of cities and roads --------------------------------------------------------


def test_incomplete_city_and_road_at_the_end(build, scored) -> None:
    state = build(
        [
            ("base.city2_opposite_shield", 0, 1, 1, "c1"),  # red: start city + band + shield
            ("base.road_straight", 1, 0, 0, "r1"),  # yellow: road of 2 tiles
        ]
    )
    final = {c["kind"]: (c["seats"], c["points"]) for c in scored(state) if c["final"]}
    assert final == {"city": ([RED], 3), "road": ([YELLOW], 2)}


def test_incomplete_two_tile_city_is_worth_two_under_every_rule(build, scored) -> None:
    for two in (2, 4):
        state = build([("base.city2_opposite", 0, 1, 1, "c1")], two_tile_city_points=two)
        assert [c["points"] for c in scored(state, "city")] == [2]


# -- §13.14 unplaceable tiles ------------------------------------------------------------


def test_unplaceable_tile_is_removed_and_another_drawn(game, build) -> None:
    state = build([("base.city1", 0, 1, 2)], extra=["base.city4_shield", "base.road_straight"])
    assert state.removed == [BY_ID["base.city4_shield"].index]
    assert state.drawn == BY_ID["base.road_straight"].index
    assert state.turn == YELLOW
    view = game.view(state, None)
    assert view["removed"] == ["base.city4_shield"]
    assert view["tiles_left"] == 1
    assert {"code": "tile_removed", "args": {"seat": YELLOW, "tile": "base.city4_shield"}} in view[
        "log"
    ]


def test_removing_the_last_tile_ends_the_game(game, build) -> None:
    state = build([("base.city1", 0, 1, 2)], extra=["base.city4_shield"])
    assert state.phase == OVER and game.result(state) is not None
    assert game.active(state) == frozenset()
    refused(game, state, YELLOW, Place(1, 0, 0), "game_over")


def test_game_ends_with_final_scoring_once(game, build) -> None:
    state = build([("base.road_straight", 1, 0, 0, "r1")])
    codes = [e.code for e in state.log]
    assert codes.count("final_scoring") == 1 and codes[-1] == "game_end"
    result = game.result(state)
    assert result is not None and result.scores == [2, 0] and result.ranks == [1, 2]


# -- River ------------------------------------------------------------------------------


def test_river_setup_source_first_lake_last(game) -> None:
    for seed in range(5):
        state = game.setup(3, Options(fluss=True), seed)
        assert game.view(state, None)["tiles"][0]["tile"] == "river.source"
        order = [state.drawn, *state.pile[::-1]]
        roles = [BY_ID_INDEX[t].river_role for t in order]
        assert roles[:10] == ["course"] * 10 and roles[10] == "lake"
        assert all(r is None for r in roles[11:]) and len(order) == 82
    shuffled = game.setup(3, Options(fluss=True, river_start_tile="shuffle"), 1)
    assert len(shuffled.pile) + 1 == 83


def test_river_tile_only_at_the_open_end(game) -> None:
    state = game.setup_fixed(2, Options(fluss=True), ["river.straight", "river.lake"])
    # Its sides would match north of the source, but the river must continue.
    refused(game, state, RED, Place(0, 1, 0), "illegal_placement")
    assert game.legal(state, RED) == [Place(1, 0, 0), Place(1, 0, 2)]
    game.apply(state, RED, Place(1, 0, 0))
    game.apply(state, RED, Pass())
    assert game.legal(state, YELLOW) == [Place(2, 0, 0)]


def test_river_no_u_turn(game) -> None:
    order = ["river.curve", "river.curve", "river.curve_city", "river.lake"]
    state = game.setup_fixed(2, Options(fluss=True), order)
    game.apply(state, RED, Place(1, 0, 0))  # enters from the west, turns right (south)
    game.apply(state, RED, Pass())
    assert game.legal(state, YELLOW) == [Place(1, -1, 2)]  # left only
    refused(game, state, YELLOW, Place(1, -1, 1), "illegal_placement")  # right again
    game.apply(state, YELLOW, Place(1, -1, 2))  # left: flows east again
    game.apply(state, YELLOW, Pass())
    # Flowing east after a left turn: another left (north) is refused, right is fine.
    assert game.legal(state, RED) == [Place(2, -1, 1)]
    refused(game, state, RED, Place(2, -1, 2), "illegal_placement")


def test_river_curves_apart_may_turn_the_same_way(game) -> None:
    order = ["river.curve", "river.straight", "river.curve", "river.lake"]
    state = game.setup_fixed(2, Options(fluss=True), order)
    for seat, place in ((RED, Place(1, 0, 0)), (YELLOW, Place(1, -1, 1))):
        game.apply(state, seat, place)
        game.apply(state, seat, Pass())
    # Flowing south: a right turn (west) and a left turn (east) are both allowed.
    assert sorted((p.x, p.y, p.r) for p in game.legal(state, RED)) == [(1, -2, 1), (1, -2, 2)]


def test_lake_closes_the_river_then_base_tiles_follow(game) -> None:
    state = game.setup_fixed(2, Options(fluss=True), ["river.lake", "base.city1"])
    game.apply(state, RED, Place(1, 0, 0))
    game.apply(state, RED, Pass())
    assert state.river_end == -1
    legal = game.legal(state, YELLOW)
    assert legal and all(isinstance(p, Place) for p in legal)


BY_ID_INDEX = {t.index: t for t in BY_ID.values()}


# -- options ------------------------------------------------------------------------------


def test_options_by_bsw_names_and_unknown_ones_refused(game) -> None:
    opts = msgspec.convert({"fluss": True, "old": True}, game.Options)
    assert opts == Options(fluss=True, old=True, two_tile_city_points=2)
    assert msgspec.convert({}, game.Options) == Options()
    assert msgspec.convert({"drache": True}, game.Options) == Options(drache=True)
    for bad in (
        {"dragon": True},
        {"two_tile_city_points": 3},
        {"river_start_tile": "x"},
        {"dragon_timing": "never"},
        {"fairy_on": "meeple"},
    ):
        with pytest.raises(msgspec.ValidationError):
            msgspec.convert(bad, game.Options)


def test_intents_decode_from_plain_maps(game) -> None:
    assert msgspec.convert({"t": "place", "x": 1, "y": -2, "r": 3}, game.Intent) == Place(1, -2, 3)
    assert msgspec.convert({"t": "meeple", "feature": "c1"}, game.Intent) == Meeple("c1")
    assert msgspec.convert({"t": "pass"}, game.Intent) == Pass()
    large = msgspec.convert({"t": "meeple", "feature": "c1", "piece": "large"}, game.Intent)
    assert large == Meeple("c1", "large")
    # The default piece stays off the wire: base-game intents and logs are unchanged.
    assert msgspec.to_builtins(Meeple("c1")) == {"t": "meeple", "feature": "c1"}
    assert msgspec.to_builtins(large) == {"t": "meeple", "feature": "c1", "piece": "large"}


def test_river_tile_that_fits_nowhere_is_removed(build, game) -> None:
    # The river winds back towards the source: the open end (-1, 0) has the source's
    # field to its east, so a straight river with a road across cannot go there.
    spiral = [
        ("river.curve_city", 1, 0, 2),  # left, north
        ("river.straight", 1, 1, 1),
        ("river.curve", 1, 2, 0),  # left, west
        ("river.straight_monastery_road", 0, 2, 2),
        ("river.curve", -1, 2, 3),  # left, south
        ("river.straight_city_road", -1, 1, 3),
    ]
    state = build(spiral, extra=["river.straight_bridge", "river.curve", "river.lake"], fluss=True)
    assert [BY_ID_INDEX[t].id for t in state.removed] == ["river.straight_bridge"]
    assert BY_ID_INDEX[state.drawn].id == "river.curve"
    assert game.legal(state, state.turn) == [Place(-1, 0, 1)]  # turning west, away
