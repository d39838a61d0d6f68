"""The expansions' rules of the README on hand-built tile sequences: Inns & Cathedrals
(``erweiterung``, README §14), King & Robber Baron (``koenig``, README §15) and Traders
& Builders (``haendler``, README §16)."""

from __future__ import annotations

import pytest

from server.games.base import IllegalIntent
from server.games.carcassonne import Meeple, Options, Pass, Place
from server.games.carcassonne.tiles import TYPES
from tests.support.rules import refused

RED, YELLOW = 0, 1
OVER = 2


def entries(state, code: str) -> list[dict]:
    return [e.args for e in state.log if e.code == code]


# -- §14.1 / §15.1 / §1.1 setup ---------------------------------------------------------


@pytest.mark.parametrize(
    ("opts", "tiles"),
    [
        (Options(), 71),
        (Options(erweiterung=True), 71 + 18),
        (Options(koenig=True), 71 + 5),
        (Options(haendler=True), 71 + 24),
        (Options(drache=True), 71 + 30),
        (
            Options(erweiterung=True, koenig=True, haendler=True, drache=True, fluss=True),
            71 + 18 + 5 + 24 + 30 + 11,
        ),
    ],
)
def test_each_option_shuffles_in_its_tiles(game, opts, tiles) -> None:
    state = game.setup(3, opts, 5)
    drawn = [state.drawn, *state.pile, *state.set_aside]
    assert len(drawn) == tiles
    sets = {TYPES[t].set for t in drawn}
    assert ("inns_cathedrals" in sets) == opts.erweiterung
    assert ("king_robber_baron" in sets) == opts.koenig
    assert ("traders_builders" in sets) == opts.haendler
    assert ("princess_dragon" in sets) == opts.drache


def test_six_players_only_with_inns_and_cathedrals(game) -> None:
    assert game.max_seats == 6 and game.min_seats == 2
    with pytest.raises(IllegalIntent) as err:
        game.check_options(Options(), 6)
    assert err.value.code == "bad_option"
    with pytest.raises(IllegalIntent):
        game.check_options(Options(koenig=True, fluss=True), 6)
    game.check_options(Options(), 5)
    game.check_options(Options(erweiterung=True), 6)
    state = game.setup(6, Options(erweiterung=True), 1)
    view = game.view(state, None)
    assert view["large"] == [1] * 6 and view["meeples"] == [7] * 6


def test_view_keys_only_for_options_that_are_on(game) -> None:
    base = game.view(game.setup(2, Options(), 3), None)
    assert not {"large", "king", "robber", "goods", "builders", "pigs", "extra"} & set(base)
    both = game.view(game.setup(2, Options(erweiterung=True, koenig=True), 3), None)
    assert both["large"] == [1, 1]
    assert both["king"] is None and both["robber"] is None
    assert not {"goods", "builders", "pigs", "extra"} & set(both)
    tb = game.view(game.setup(2, Options(haendler=True), 3), None)
    assert tb["goods"] == [{"wine": 0, "grain": 0, "cloth": 0}] * 2
    assert (tb["builders"], tb["pigs"], tb["extra"]) == ([1, 1], [1, 1], False)
    assert not {"large", "king", "robber"} & set(tb)


# -- §14.2 inns ----------------------------------------------------------------------------

INN_ROAD = [
    ("ic.road_straight_inn", 1, 0, 0, "r1"),  # red thief on the inn's road
    ("base.crossroads3", 2, 0, 0),
]


def test_completed_inn_road_scores_two_per_tile(build, scored) -> None:
    state = build(
        [*INN_ROAD, ("base.crossroads3", -1, 0, 0)], extra=["base.city1"], erweiterung=True
    )
    (road,) = scored(state, "road")
    assert (road["seats"], road["points"], road.get("inn")) == ([RED], 8, True)
    assert state.scores == [8, 0]


def test_incomplete_inn_road_scores_nothing_at_the_end(build, scored) -> None:
    state = build(INN_ROAD, erweiterung=True)
    assert state.phase == OVER
    (road,) = scored(state, "road")
    assert (road["seats"], road["points"], road["final"], road["inn"]) == ([RED], 0, True, True)
    assert state.scores == [0, 0]


def test_two_inns_do_not_multiply(build, scored) -> None:
    state = build(
        [
            ("ic.road_straight_inn", 1, 0, 0, "r1"),
            ("ic.road_curve_inn", 2, 0, 0),  # a second inn on the same road
            ("base.crossroads3", 2, -1, 2),
            ("base.crossroads3", -1, 0, 0),  # closes a road of 5 tiles
        ],
        extra=["base.city1"],
        erweiterung=True,
    )
    (road,) = scored(state, "road")
    assert (road["seats"], road["points"]) == ([RED], 10)


# -- §14.3 cathedrals ------------------------------------------------------------------

CATHEDRAL = [
    ("ic.cathedral", 0, 1, 0, "c1"),  # red knight; joins the start tile's city
    ("base.city1", 0, 2, 2),
    ("base.city1", 1, 1, 3),
]


def test_completed_cathedral_city_scores_three_per_tile(build, scored) -> None:
    state = build([*CATHEDRAL, ("base.city1", -1, 1, 1)], extra=["base.city1"], erweiterung=True)
    (city,) = scored(state, "city")
    assert (city["seats"], city["points"], city["cathedral"]) == ([RED], 15, True)


def test_incomplete_cathedral_city_scores_nothing_at_the_end(build, scored) -> None:
    state = build(CATHEDRAL, erweiterung=True)
    assert state.phase == OVER
    (city,) = scored(state, "city")
    assert (city["points"], city["final"], city["cathedral"]) == (0, True, True)
    assert state.scores == [0, 0]


# -- §14.4 the large follower ---------------------------------------------------------


# A city of 5 tiles: red's large follower on the band north of the start tile, a
# yellow knight on a cap that the fifth tile joins in.
LARGE_CITY = [
    ("base.city2_opposite", 0, 1, 1, "c1", "large"),
    ("base.road_straight", 1, 0, 0),
    ("base.city2_adjacent", 0, 2, 2),
    ("base.city1", 1, 1, 0, "c1"),  # yellow
    ("base.city2_adjacent", 1, 2, 3),  # closes the city
]


def test_large_follower_counts_two(game, build, scored) -> None:
    state = build(LARGE_CITY, extra=["base.city1"], erweiterung=True)
    (city,) = scored(state, "city")
    assert (city["seats"], city["points"]) == ([RED], 10)  # 2 against 1; points not doubled
    assert state.large == [1, 1] and state.supply == [7, 7]  # both came home
    assert game.view(state, None)["large"] == [1, 1]


# A road of 8 tiles: red's large thief against two yellow thieves.
LARGE_ROAD = [
    ("base.road_straight", 1, 0, 0, "r1", "large"),
    ("base.monastery", 0, -1, 0),
    ("base.monastery", 1, -1, 0),
    ("base.monastery", 2, -1, 0),
    ("base.monastery", 3, -1, 0),
    ("base.road_straight", 3, 0, 0, "r1"),  # yellow
    ("base.monastery", -1, -1, 0),
    ("base.monastery", -2, -1, 0),
    ("base.monastery", 4, -1, 0),
    ("base.road_straight", -2, 0, 0, "r1"),  # yellow
    ("base.road_straight", 2, 0, 0),  # joins the east part: 2 against 1
    ("base.road_straight", -1, 0, 0),  # joins the west part: 2 against 2
    ("base.monastery_road", 4, 0, 1),
]


def test_large_follower_ties_with_two_followers(game, build, scored) -> None:
    state = build(LARGE_ROAD, extra=["base.monastery_road", "base.city1"], erweiterung=True)
    game.apply(state, YELLOW, Place(-3, 0, 3))
    game.apply(state, YELLOW, Pass())
    (road,) = scored(state, "road")
    assert (sorted(road["seats"]), road["points"]) == ([RED, YELLOW], 8)


def test_large_follower_on_the_board_shows_in_the_view(game, build) -> None:
    state = build(LARGE_ROAD[:6], extra=["base.city1"], erweiterung=True)
    tiles = game.view(state, None)["tiles"]
    assert tiles[1]["meeples"] == [{"seat": RED, "feature": "r1", "piece": "large"}]
    assert tiles[6]["meeples"] == [{"seat": YELLOW, "feature": "r1"}]
    placed = entries(state, "meeple_placed")
    assert placed[0]["piece"] == "large" and "piece" not in placed[1]


# Red's large farmer north of the road, a yellow farmer south of it; the monastery at the
# road's end joins the two fields; then yellow closes the start tile's city.
LARGE_FARM = [
    ("base.road_straight", 1, 0, 0, "f1", "large"),
    ("base.road_straight", -1, 0, 0, "f2"),
    ("base.monastery_road", 2, 0, 1),
    ("base.city1", 0, 1, 2),
]


@pytest.mark.parametrize(("old", "points"), [(False, 3), (True, 4)])
def test_large_farmer_counts_two_under_both_farm_rules(build, scored, old, points) -> None:
    state = build(LARGE_FARM, erweiterung=True, old=old)
    assert state.phase == OVER
    farms = scored(state, "farm_city" if old else "field")
    assert [(f["seats"], f["points"]) for f in farms] == [([RED], points)]
    assert state.scores == [points, 0]  # the city and the road were nobody's


def test_meeple_pieces_are_checked(game, build) -> None:
    state = game.setup_fixed(2, Options(erweiterung=True), ["base.city1", "base.city1"])
    game.apply(state, RED, Place(0, -1, 2))
    legal = game.legal(state, RED)
    assert legal == [
        Meeple("c1"),
        Meeple("c1", "large"),
        Meeple("f1"),
        Meeple("f1", "large"),
        Pass(),
    ]
    refused(game, state, RED, Meeple("c1", "builder"), "bad_piece")
    refused(game, state, RED, Meeple("c1", "dragon"), "bad_piece")
    game.apply(state, RED, Meeple("c1", "large"))
    game.apply(state, YELLOW, Place(-1, -1, 2))
    game.apply(state, YELLOW, Pass())
    assert not state.large[RED]


def test_large_follower_needs_inns_and_cathedrals(game) -> None:
    state = game.setup_fixed(2, None, ["base.city1"])
    game.apply(state, RED, Place(0, -1, 2))
    assert Meeple("c1", "large") not in game.legal(state, RED)
    refused(game, state, RED, Meeple("c1", "large"), "bad_piece")


def test_only_one_large_follower(game) -> None:
    order = ["base.city1", "base.city1", "base.city1"]
    state = game.setup_fixed(2, Options(erweiterung=True), order)
    game.apply(state, RED, Place(0, -1, 2))
    game.apply(state, RED, Meeple("c1", "large"))
    game.apply(state, YELLOW, Place(1, -1, 2))
    game.apply(state, YELLOW, Pass())
    game.apply(state, RED, Place(-1, -1, 2))
    assert Meeple("c1", "large") not in game.legal(state, RED)
    assert Meeple("c1") in game.legal(state, RED)
    refused(game, state, RED, Meeple("c1", "large"), "no_large_follower")


# -- §15 King and Robber Baron ------------------------------------------------------------


def test_king_and_robber_first_and_strictly_larger_and_end_scoring(game, build, scored):
    state = build(
        [
            ("base.city1", 0, 1, 2),  # red closes the start city (2 tiles, nobody's)
            ("base.crossroads3", 1, 0, 0),
            ("base.crossroads3", 2, 0, 0),  # red closes a road of 2 tiles
            ("base.crossroads3", -1, 0, 0),  # yellow closes a road of 3 tiles
        ],
        koenig=True,
    )
    assert entries(state, "king_taken") == [{"seat": RED, "size": 2}]
    assert entries(state, "robber_taken") == [{"seat": RED, "size": 2}, {"seat": YELLOW, "size": 3}]
    assert (state.king, state.king_size, state.robber, state.robber_size) == (RED, 2, YELLOW, 3)
    # The end: one completed city on the board, two completed roads, none occupied.
    assert [(s["seats"], s["points"]) for s in scored(state, "king")] == [([RED], 1)]
    assert [(s["seats"], s["points"]) for s in scored(state, "robber")] == [([YELLOW], 2)]
    assert state.scores == [1, 2]
    view = game.view(state, None)
    assert view["king"] == {"seat": RED, "size": 2}
    assert view["robber"] == {"seat": YELLOW, "size": 3}


def test_equal_size_does_not_take_the_king(build, scored) -> None:
    state = build(
        [
            ("base.city1", 0, 1, 2),  # red: 2 tiles
            ("base.road_straight", 1, 0, 0),
            ("base.city1", 1, -1, 2),
            ("base.city1", 1, -2, 0),  # yellow: 2 tiles as well
        ],
        koenig=True,
    )
    assert entries(state, "king_taken") == [{"seat": RED, "size": 2}]
    assert [(s["seats"], s["points"]) for s in scored(state, "king")] == [([RED], 2)]


def test_the_largest_of_two_cities_closed_at_once_is_compared(build) -> None:
    state = build(
        [
            ("base.city1", 0, 1, 2),  # red: King with 2 tiles
            ("base.road_straight", 1, 0, 0),
            ("base.monastery", 0, -1, 0),
            ("base.monastery", 0, -2, 0),
            ("base.monastery", 0, -3, 0),
            ("base.monastery", 0, -4, 0),
            ("base.city2_opposite", 1, -3, 1),
            ("base.city1", 1, -4, 0),
            ("base.city1", 1, -1, 2),
            ("base.city1_city1_opposite", 1, -2, 0),  # yellow closes 2 and 3 tiles
        ],
        extra=["base.city1"],
        koenig=True,
    )
    assert entries(state, "king_taken") == [{"seat": RED, "size": 2}, {"seat": YELLOW, "size": 3}]


def test_king_counts_cathedral_cities_and_robber_inn_roads(build, scored) -> None:
    state = build(
        [*INN_ROAD, ("base.crossroads3", -1, 0, 0)],
        erweiterung=True,
        koenig=True,
    )
    assert entries(state, "robber_taken") == [{"seat": RED, "size": 4}]
    assert [(s["seats"], s["points"]) for s in scored(state, "robber")] == [([RED], 1)]
    assert state.scores == [8 + 1, 0]


# -- §16 Traders & Builders ---------------------------------------------------------------


def test_goods_go_to_the_completing_player_not_the_owner(build, scored) -> None:
    state = build(
        [
            ("tb.city2_opposite_wine", 0, 1, 1, "c1"),  # red knight in a wine city
            ("base.city1", 0, 2, 2),  # yellow completes it
        ],
        haendler=True,
    )
    assert entries(state, "goods_taken") == [{"seat": YELLOW, "wine": 1, "grain": 0, "cloth": 0}]
    assert [(c["seats"], c["points"]) for c in scored(state, "city")] == [([RED], 6)]
    goods = scored(state, "goods")
    assert [(g["seats"], g["points"], g["good"]) for g in goods] == [([YELLOW], 10, "wine")]
    assert state.scores == [6, 10]


def test_goods_majorities_tie_and_all_score(game, build, scored) -> None:
    state = build(
        [
            ("tb.city2_opposite_wine", 0, 1, 1),
            ("base.city1", 0, 2, 2),  # yellow: 1 wine
            ("tb.city2_adjacent_wine", 1, 1, 1),
            ("base.city1", 1, 2, 2),
            ("base.city1", 2, 1, 3),  # red: 1 wine
        ],
        haendler=True,
    )
    goods = scored(state, "goods")
    assert [(g["seats"], g["points"], g["good"]) for g in goods] == [([RED, YELLOW], 10, "wine")]
    assert state.scores == [10, 10]
    assert game.view(state, None)["goods"] == [{"wine": 1, "grain": 0, "cloth": 0}] * 2


BUILDER_ROAD = [
    ("base.road_straight", 1, 0, 0, "r1"),  # red thief
    ("base.monastery", 0, -1, 0),
    ("base.road_straight", 2, 0, 0, "r1", "builder"),  # red builder beside it
    ("base.monastery", 1, -1, 0),
]


def test_builder_gives_one_extra_tile_and_no_third(game, build, step) -> None:
    state = build(BUILDER_ROAD, extra=["base.road_straight"] * 3, haendler=True)
    assert game.view(state, None)["builders"] == [0, 1]
    step(state, ("base.road_straight", 3, 0, 0))  # red extends the builder's road
    assert state.turn == RED and game.view(state, None)["extra"] is True
    assert entries(state, "builder_turn") == [{"seat": RED}]
    step(state, ("base.road_straight", 4, 0, 0))  # the extra tile extends it again
    assert state.turn == YELLOW and game.view(state, None)["extra"] is False
    assert entries(state, "builder_turn") == [{"seat": RED}]


def test_builder_returns_when_its_road_is_scored(game, build, scored) -> None:
    state = build(
        [
            ("base.road_straight", 1, 0, 0, "r1"),
            ("base.crossroads3", -1, 0, 0),
            ("base.road_straight", 2, 0, 0, "r1", "builder"),
            ("base.monastery", 0, -1, 0),
            ("base.crossroads3", 3, 0, 0),  # red closes the road: 5 tiles
        ],
        extra=["base.monastery", "base.monastery"],
        haendler=True,
    )
    assert [(r["seats"], r["points"]) for r in scored(state, "road")] == [([RED], 5)]
    assert state.builders == [1, 1] and state.supply == [7, 7]
    # The closing tile extended the builder's road: red still takes the extra tile.
    assert state.turn == RED and state.extra


def test_builder_and_pig_need_a_follower_of_their_owner(game) -> None:
    order = ["base.road_straight", "base.road_straight", "base.road_straight"]
    state = game.setup_fixed(2, Options(haendler=True), order)
    game.apply(state, RED, Place(1, 0, 0))
    legal = game.legal(state, RED)
    assert Meeple("r1", "builder") not in legal and Meeple("f1", "pig") not in legal
    refused(game, state, RED, Meeple("r1", "builder"), "builder_needs_follower")
    refused(game, state, RED, Meeple("f1", "pig"), "pig_needs_farmer")
    game.apply(state, RED, Meeple("f1"))  # a farmer north of the road
    game.apply(state, YELLOW, Place(2, 0, 0))
    # Yellow has no follower there: the road and the field are red's.
    refused(game, state, YELLOW, Meeple("r1", "builder"), "builder_needs_follower")
    refused(game, state, YELLOW, Meeple("f1", "pig"), "pig_needs_farmer")
    refused(game, state, YELLOW, Meeple("f1"), "feature_occupied")
    game.apply(state, YELLOW, Pass())
    game.apply(state, RED, Place(-1, 0, 0))
    legal = game.legal(state, RED)
    assert Meeple("f1", "pig") in legal and Meeple("r1", "builder") not in legal
    refused(game, state, RED, Meeple("r1", "builder"), "builder_needs_follower")  # no thief
    refused(game, state, RED, Meeple("f1", "builder"), "builder_needs_follower")  # a field


def test_builder_and_pig_need_traders_and_builders(game) -> None:
    state = game.setup_fixed(2, Options(erweiterung=True), ["base.road_straight"])
    game.apply(state, RED, Place(1, 0, 0))
    refused(game, state, RED, Meeple("r1", "builder"), "bad_piece")
    refused(game, state, RED, Meeple("f1", "pig"), "bad_piece")


# Red's farmer north of the road beside the start tile's city, and (optionally) his pig
# on the same field; yellow closes the city; red's second farmer on the field beyond it.
def pig_steps(pig: bool) -> list:
    return [
        ("base.road_straight", 1, 0, 0, "f1"),
        ("base.city1", 0, 1, 2),  # yellow closes the start city
        ("base.road_straight", -1, 0, 0, *(("f1", "pig") if pig else ())),
        ("base.road_straight", 2, 0, 0),
        ("base.road_straight", 0, 2, 0, "f2"),  # a second field of red's beside the city
    ]


@pytest.mark.parametrize(("pig", "points"), [(False, 3), (True, 4)])
def test_pig_pays_one_more_per_city_once(build, scored, pig, points) -> None:
    state = build(pig_steps(pig), haendler=True)
    assert state.phase == OVER
    fields = scored(state, "field")
    # One city, two fields of red's beside it: paid once, 4 with the pig.
    assert [(f["seats"], f["points"], f["cities"]) for f in fields] == [([RED], points, 1)]
    assert state.scores == [points, 0]


@pytest.mark.parametrize(("pig_old", "points"), [(False, 4), (True, 5)])
def test_pig_under_the_old_farm_rule(build, scored, pig_old, points) -> None:
    state = build(pig_steps(True), haendler=True, old=True, pig_old=pig_old)
    farms = scored(state, "farm_city")
    assert [(f["seats"], f["points"]) for f in farms] == [([RED], points)]


def test_pig_on_the_board_shows_in_the_view(game, build) -> None:
    state = build(pig_steps(True)[:3], extra=["base.road_straight"], haendler=True)
    tiles = game.view(state, None)["tiles"]
    assert tiles[3]["meeples"] == [{"seat": RED, "feature": "f1", "piece": "pig"}]
    assert game.view(state, None)["pigs"] == [0, 1]


# -- the AI's measure counts what the expansions add ------------------------------------


def test_value_counts_inns_titles_and_goods(game, build) -> None:
    inn = build(INN_ROAD, extra=["base.city1"], erweiterung=True)
    assert game.value(inn, RED) == 0.0  # an open inn road is worth nothing at the end
    plain = build([("base.road_straight", 1, 0, 0, "r1")], extra=["base.city1"])
    assert game.value(plain, RED) == 2.0
    king = build([("base.city1", 0, 1, 2)], extra=["base.city1"], koenig=True)
    assert game.value(king, RED) == 1.0 and game.value(king, YELLOW) == -1.0
    goods = build(
        [("tb.city2_opposite_wine", 0, 1, 1, "c1"), ("base.city1", 0, 2, 2)],
        extra=["base.city1"],
        haendler=True,
    )
    assert game.value(goods, YELLOW) == 10.0 - 6.0
    assert game.result(goods) is None  # value looked at a copy
