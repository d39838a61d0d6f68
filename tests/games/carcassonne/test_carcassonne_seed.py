"""The worked examples of the Brettspielwelt help page (README §13.10, §13.11, §13.16),
on hand-built boards."""

from __future__ import annotations

from server.games.carcassonne import Pass, Place
from server.games.carcassonne.tiles import CITY

RED, YELLOW, BLUE = 0, 1, 2

# A plain city of 7 tiles (14 points) held by red 2, yellow 2, blue 1. Five caps and a
# band are claimed while still apart; two three-sided tiles join them at the end.
CITY_14 = [
    ("base.road_straight", 1, 0, 0),  # red
    ("base.road_straight", 2, 0, 0),  # yellow
    ("base.road_straight", 3, 0, 0),  # blue
    ("base.city1", 1, -1, 2, "c1"),  # red knight
    ("base.city1", 3, -1, 2, "c1"),  # yellow knight
    ("base.monastery", 2, -1, 0),  # blue
    ("base.city2_opposite", 2, -2, 0, "c1"),  # red knight
    ("base.monastery", 2, -3, 0),  # yellow
    ("base.city1", 3, -3, 0, "c1"),  # blue knight
    ("base.road_straight", 4, 0, 0),  # red
    ("base.city1", 1, -3, 0, "c1"),  # yellow knight
    ("base.city3", 1, -2, 1),  # blue joins red, red, yellow
    ("base.city3", 3, -2, 3),  # red joins in yellow and blue: complete
]


def test_fourteen_point_city_shared_by_the_tied_majority(build, scored, game) -> None:
    state = build(CITY_14[:-1], seats=3, extra=["base.city3", "base.road_straight"])
    assert state.supply == [5, 5, 6]
    assert state.scores == [0, 0, 0]
    before = state.scores[:]
    # The last tile completes the city.
    build_last = CITY_14[-1]
    seat = state.turn
    assert seat == RED
    game.apply(state, seat, Place(*build_last[1:4]))
    # Nobody may claim the joined city (it is occupied), and red has meeples left.
    assert "c1" not in [getattr(i, "feature", None) for i in game.legal(state, seat)]
    game.apply(state, seat, Pass())
    cities = scored(state, "city")
    assert len(cities) == 1
    assert cities[0]["points"] == 14 and sorted(cities[0]["seats"]) == [RED, YELLOW]
    assert state.scores == [before[0] + 14, before[1] + 14, before[2]]
    assert state.supply == [7, 7, 7]
    assert state.board.meeples == {}


# The help page's farm board: a field band of three two-cap tiles between five completed
# two-tile cities, one more cap left open; a second field above, cut off from the band,
# borders two of the five cities.
FARM = [
    ("base.city1", 0, -1, 2, "f1"),  # red farmer, upper field
    ("base.city1_city1_opposite", 0, -2, 0, "f1"),  # yellow farmer, band (city 1 done)
    ("base.city1", 1, -1, 2),  # red
    ("base.city1", 0, -3, 0),  # yellow: city 2
    ("base.city1", 1, -3, 0),  # red
    ("base.city1", 2, -3, 0),  # yellow
    ("base.city1_city1_opposite", 2, -2, 0, "f1"),  # red farmer, band: city 3
    ("base.city1_city1_opposite", 1, -2, 0),  # yellow joins the band: cities 4 and 5
]
JOIN_FIELDS = [
    ("base.monastery", -1, -2, 0),
    ("base.monastery", -1, -1, 0),
]


def _completed_cities(state) -> int:
    return sum(1 for f in state.board.features.values() if f.kind == CITY and f.open == 0)


def test_farm_one_field_red_two_yellow_one_red_scores_15(build, points_by_kind) -> None:
    state = build(FARM + JOIN_FIELDS)
    assert state.phase == 2  # over: the pile ran out
    assert _completed_cities(state) == 5
    assert points_by_kind(state, "field") == [15, 0]
    assert state.scores == [15, 0]


def test_farm_cut_field_both_score_15_and_red_is_paid_once(build, points_by_kind) -> None:
    state = build(FARM)
    assert state.phase == 2
    assert _completed_cities(state) == 5
    # Band: red 1, yellow 1, five cities; upper field: red alone, two of those cities.
    assert points_by_kind(state, "field") == [15, 15]
    assert state.scores == [15, 15]


def test_old_farm_rule_red_20_yellow_12(build, points_by_kind) -> None:
    state = build(FARM, old=True)
    assert points_by_kind(state, "field") == [0, 0]
    assert points_by_kind(state, "farm_city") == [20, 12]
    assert state.scores == [20, 12]


def test_old_farm_rule_on_one_field(build, points_by_kind) -> None:
    state = build(FARM + JOIN_FIELDS, old=True)
    assert points_by_kind(state, "farm_city") == [20, 0]
