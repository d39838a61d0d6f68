"""Princess & Dragon (``drache``, README §18) on hand-built tile sequences: the volcano,
the dragon tiles set aside, the dragon's walk, the magic portal, the princess and the
fairy, each with exact scores."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import msgspec
import pytest

from server.games.base import audience_view
from server.games.carcassonne import (
    Carcassonne,
    Dragon,
    Fairy,
    Meeple,
    Options,
    Pass,
    Place,
    Princess,
    State,
)
from server.games.carcassonne.tiles import TYPES
from server.games.rng import Rng
from tests.support.rules import refused

RED, YELLOW = 0, 1
OVER = 2


def entries(state: State, code: str) -> list[dict[str, Any]]:
    return [e.args for e in state.log if e.code == code]


def scores_of(state: State, kind: str) -> list[dict[str, Any]]:
    return [a for a in entries(state, "score") if a["kind"] == kind]


def start(game: Carcassonne, order: list[str], **options: Any) -> State:
    return game.setup_fixed(2, Options(drache=True, **options), order)


def play(game: Carcassonne, state: State, tile: str, x: int, y: int, r: int, deploy: Any = None):
    """The player of the turn places ``tile`` and deploys (``Pass`` by default)."""
    assert TYPES[state.drawn].id == tile
    seat = state.turn
    game.apply(state, seat, Place(x, y, r))
    game.apply(state, seat, deploy if deploy is not None else Pass())


def walk(game: Carcassonne, state: State, *squares: tuple[int, int]) -> list[int]:
    """The dragon's steps, each by the seat ``active`` names; returns those seats."""
    seats = []
    for x, y in squares:
        (seat,) = game.active(state)
        assert Dragon(x, y) in game.legal(state, seat)
        game.apply(state, seat, Dragon(x, y))
        seats.append(seat)
    return seats


# -- §18.1 setup and view -----------------------------------------------------------------


def test_view_keys_only_with_drache(game) -> None:
    base = game.view(game.setup(2, Options(), 3), None)
    assert not {"dragon", "fairy", "dragon_walk", "set_aside"} & set(base)
    state = game.setup(2, Options(drache=True), 3)
    view = game.view(state, None)
    assert (view["dragon"], view["fairy"], view["dragon_walk"]) == (None, None, None)
    assert view["set_aside"] == len(state.set_aside)


def test_drache_intents_are_refused_without_drache(game) -> None:
    state = game.setup_fixed(2, Options(), ["base.road_straight"])
    for intent in (Dragon(1, 0), Fairy(0, 0), Princess(0, 0, "c1")):
        refused(game, state, RED, intent, "bad_intent")
    game.apply(state, RED, Place(1, 0, 0))
    refused(game, state, RED, Meeple("c1", "follower", 0, 0), "portal_target")


# -- §18.3 / §18.4 volcano, tiles set aside, reshuffle --------------------------------------


def test_dragon_tiles_wait_for_the_volcano_then_are_shuffled_back(game) -> None:
    order = ["pd.road_straight_dragon", "pd.road_straight_volcano", "base.road_straight"]
    state = start(game, order)
    assert [a["tile"] for a in entries(state, "set_aside")] == ["pd.road_straight_dragon"]
    assert TYPES[state.drawn].id == "pd.road_straight_volcano"
    view = game.view(state, None)
    assert (view["set_aside"], view["tiles_left"], view["dragon"]) == (1, 2, None)
    game.apply(state, RED, Place(1, 0, 0))
    # No piece on a volcano tile (§18.3); the fairy could move, but nobody has a follower.
    assert game.legal(state, RED) == [Pass()]
    refused(game, state, RED, Meeple("r1"), "volcano_tile")
    refused(game, state, RED, Meeple("f1"), "volcano_tile")
    assert entries(state, "dragon_placed") == [{"seat": RED, "x": 1, "y": 0}]
    assert entries(state, "reshuffled") == [{"count": 1}]
    assert state.set_aside == []
    assert Counter(TYPES[t].id for t in state.pile) == Counter(
        ["base.road_straight", "pd.road_straight_dragon"]
    )
    view = game.view(state, None)
    assert (view["set_aside"], view["dragon"]) == (0, {"x": 1, "y": 0})
    game.apply(state, RED, Pass())
    assert state.turn == YELLOW and state.phase == 0


def test_a_later_volcano_moves_the_dragon_from_anywhere(game) -> None:
    order = ["pd.road_straight_volcano", "pd.volcano"]
    state = start(game, order)
    play(game, state, "pd.road_straight_volcano", 1, 0, 0)
    play(game, state, "pd.volcano", 0, -1, 0)
    assert [(a["x"], a["y"]) for a in entries(state, "dragon_placed")] == [(1, 0), (0, -1)]
    assert game.view(state, None)["dragon"] == {"x": 0, "y": -1}


def test_set_aside_tiles_are_never_placed_without_a_volcano(game) -> None:
    state = start(game, ["pd.road_straight_dragon", "base.road_straight"])
    play(game, state, "base.road_straight", 1, 0, 0)
    assert state.phase == OVER
    assert [TYPES[t].id for t in state.set_aside] == ["pd.road_straight_dragon"]


# -- §18.5 the dragon's walk --------------------------------------------------------------

# The road row of the start tile: red thief at (-1, 0), yellow farmer at (-2, 0), red
# builder at (1, 0), yellow pig at (2, 0), the volcano south of the start tile.
EATING = [
    ("base.road_straight", -1, 0, 0, Meeple("r1")),
    ("base.road_straight", -2, 0, 0, Meeple("f2")),
    ("base.road_straight", 1, 0, 0, Meeple("r1", "builder")),
    ("base.road_straight", 2, 0, 0, Meeple("f2", "pig")),
    ("pd.volcano", 0, -1, 0, None),
]


def test_the_dragon_eats_builder_pig_and_farmer_and_stops_early(game) -> None:
    order = [s[0] for s in EATING] + ["pd.road_straight_dragon"]
    state = start(game, order, haendler=True)
    for tile, x, y, r, deploy in EATING:
        play(game, state, tile, x, y, r, deploy)
    # Yellow places the dragon tile and a farmer on it; then the dragon walks.
    play(game, state, "pd.road_straight_dragon", 3, 0, 0, Meeple("f1"))
    assert state.phase == 3 and game.view(state, None)["phase"] == "dragon"
    assert game.active(state) == frozenset({YELLOW})  # the player of the turn first
    assert game.legal(state, YELLOW) == [Dragon(0, 0)]
    assert game.legal(state, RED) == []
    view = game.view(state, None)
    assert view["dragon_walk"] == {"steps_left": 6, "visited": [{"x": 0, "y": -1}]}
    refused(game, state, RED, Dragon(0, 0), "not_your_turn")
    refused(game, state, YELLOW, Dragon(1, -1), "no_dragon_step")  # no tile there
    refused(game, state, YELLOW, Pass(), "wrong_phase")
    refused(game, state, YELLOW, Place(4, 0, 0), "wrong_phase")
    assert walk(game, state, (0, 0)) == [YELLOW]
    refused(game, state, RED, Dragon(0, -1), "no_dragon_step")  # its start is visited
    assert walk(game, state, (1, 0), (2, 0), (3, 0)) == [RED, YELLOW, RED]
    # From (3, 0) every neighbour is empty or visited: the walk ends after 4 steps.
    assert state.walk == [] and state.walk_left == 0
    assert game.view(state, None)["dragon"] == {"x": 3, "y": 0}
    eaten = [(a["seat"], a["x"], a["y"], a["feature"], a["piece"]) for a in entries(state, "eaten")]
    assert eaten == [
        (RED, 1, 0, "r1", "builder"),
        (YELLOW, 2, 0, "f2", "pig"),
        (YELLOW, 3, 0, "f1", "follower"),
    ]
    assert (state.builders, state.pigs, state.supply) == ([1, 1], [1, 1], [6, 6])
    assert [(a["seat"], a["x"], a["y"]) for a in entries(state, "dragon_moved")] == [
        (YELLOW, 0, 0),
        (RED, 1, 0),
        (YELLOW, 2, 0),
        (RED, 3, 0),
    ]
    # The end: the road of 6 tiles pays red 6; the yellow farmer's field has no city.
    assert state.phase == OVER
    assert state.scores == [6, 0]


def test_eating_the_last_follower_sends_the_builder_and_pig_home(game) -> None:
    order = [s[0] for s in EATING] + ["pd.road_straight_dragon"]
    state = start(game, order, haendler=True)
    for tile, x, y, r, deploy in EATING:
        play(game, state, tile, x, y, r, deploy)
    play(game, state, "pd.road_straight_dragon", 3, 0, 0)
    walk(game, state, (0, 0), (-1, 0), (-2, 0))  # the red thief, then the yellow farmer
    returned = [(a["seat"], a["x"], a["y"], a["piece"]) for a in entries(state, "piece_returned")]
    assert returned == [(RED, 1, 0, "builder"), (YELLOW, 2, 0, "pig")]
    assert state.board.meeples == {}
    assert state.scores == [0, 0]


def test_the_dragon_never_enters_the_fairys_tile(game) -> None:
    order = [
        "pd.volcano",
        "base.road_straight",
        "base.road_straight",
        "base.road_straight",
        "pd.road_straight_dragon",
    ]
    state = start(game, order)
    play(game, state, "pd.volcano", 0, -1, 0)
    play(game, state, "base.road_straight", 1, 0, 0, Meeple("r1"))  # yellow thief
    play(game, state, "base.road_straight", -1, 0, 0, Meeple("f1"))  # red farmer
    play(game, state, "base.road_straight", 2, 0, 0, Fairy(1, 0))  # yellow's fairy
    assert game.view(state, None)["fairy"] == {"x": 1, "y": 0}
    play(game, state, "pd.road_straight_dragon", -2, 0, 0)
    walk(game, state, (0, 0))
    assert game.legal(state, YELLOW) == [Dragon(-1, 0)]  # not (1, 0): the fairy is there
    refused(game, state, YELLOW, Dragon(1, 0), "no_dragon_step")
    walk(game, state, (-1, 0), (-2, 0))
    assert state.phase == OVER  # stopped after 3 steps, then the pile was empty
    # Yellow's road of 5 tiles, +3 as the fairy stands with the thief (§18.8).
    assert [(a["seats"], a["points"]) for a in scores_of(state, "road")] == [([YELLOW], 5)]
    assert [(a["seats"], a["points"], a["final"]) for a in scores_of(state, "fairy")] == [
        ([YELLOW], 3, True)
    ]
    assert state.scores == [0, 8]


# A road closed by a dragon tile: red's thief at (1, 0) is on the dragon's way.
TIMING = [
    ("pd.volcano", 0, -1, 0, None),
    ("base.crossroads3", -1, 0, 0, None),
    ("base.road_straight", 1, 0, 0, Meeple("r1")),
    ("pd.crossroads3_dragon", 2, 0, 0, None),
]


@pytest.mark.parametrize(
    ("timing", "scores"), [("before_scoring", [0, 0]), ("after_scoring", [4, 0])]
)
def test_dragon_timing(game, timing, scores) -> None:
    state = start(game, [s[0] for s in TIMING], dragon_timing=timing)
    for tile, x, y, r, deploy in TIMING:
        play(game, state, tile, x, y, r, deploy)
    assert state.phase == 3
    walk(game, state, (0, 0), (1, 0), (2, 0))
    assert state.phase == OVER
    assert state.scores == scores
    assert len(entries(state, "eaten")) == (1 if timing == "before_scoring" else 0)


# -- §18.6 magic portal ---------------------------------------------------------------------


def test_the_magic_portal_reaches_a_free_unfinished_feature_elsewhere(game) -> None:
    state = start(game, ["base.city1", "base.road_straight", "pd.crossroads3_portal"])
    play(game, state, "base.city1", 0, 1, 2)  # closes a city of two tiles, unoccupied
    play(game, state, "base.road_straight", 1, 0, 0, Meeple("r1"))  # yellow thief
    game.apply(state, RED, Place(-1, 0, 0))
    legal = game.legal(state, RED)
    assert Meeple("f1", "follower", 0, 1) in legal
    assert Meeple("f2", "follower", 0, 0) in legal
    assert Meeple("c1", "follower", 0, 1) not in legal
    assert Meeple("r1", "follower", 1, 0) not in legal
    refused(game, state, RED, Meeple("c1", "follower", 0, 1), "feature_completed")
    refused(game, state, RED, Meeple("r1", "follower", 0, 0), "feature_occupied")
    refused(game, state, RED, Meeple("f1", "follower", 5, 5), "portal_target")
    refused(game, state, RED, Meeple("x9", "follower", 0, 1), "unknown_feature")
    wire = msgspec.json.encode(Meeple("f1", "follower", 0, 1))
    assert wire == b'{"t":"meeple","feature":"f1","x":0,"y":1}'
    assert msgspec.json.encode(Meeple("f1")) == b'{"t":"meeple","feature":"f1"}'
    game.apply(state, RED, msgspec.json.decode(wire, type=game.Intent))
    (placed,) = entries(state, "meeple_placed")[1:]
    assert (placed["x"], placed["y"], placed["feature"], placed["kind"]) == (0, 1, "f1", "field")
    # The end: yellow's road of 3 tiles; red's farmer beside the closed city: 3.
    assert state.phase == OVER
    assert state.scores == [3, 3]


def test_only_a_portal_tile_sends_a_follower_elsewhere(game) -> None:
    state = start(game, ["base.road_straight"])
    game.apply(state, RED, Place(1, 0, 0))
    refused(game, state, RED, Meeple("f1", "follower", 0, 0), "portal_target")
    game.apply(state, RED, Meeple("f1", "follower", 1, 0))  # its own square: a plain one
    assert entries(state, "meeple_placed")[0]["x"] == 1


# -- §18.7 princess -------------------------------------------------------------------------

PRINCESS = [
    ("base.city3", 0, 1, 2, Meeple("c1")),  # red knight
    ("base.road_straight", 1, 0, 0, None),
    ("base.city2_opposite", 1, 1, 0, Meeple("c1", "builder")),  # red builder
    ("pd.city3_princess", -1, 1, 0, None),
]


def test_the_princess_must_send_a_knight_home_and_the_builder_follows(game) -> None:
    state = start(game, [s[0] for s in PRINCESS], haendler=True)
    for tile, x, y, r, deploy in PRINCESS[:3]:
        play(game, state, tile, x, y, r, deploy)
    game.apply(state, YELLOW, Place(-1, 1, 0))
    assert game.legal(state, YELLOW) == [Princess(0, 1, "c1")]
    refused(game, state, YELLOW, Pass(), "princess_required")
    refused(game, state, YELLOW, Meeple("f1"), "princess_required")
    refused(game, state, YELLOW, Fairy(0, 1), "princess_required")
    refused(game, state, YELLOW, Princess(1, 1, "c1"), "princess_target")  # the builder
    game.apply(state, YELLOW, Princess(0, 1, "c1"))
    assert entries(state, "princess") == [
        {"seat": YELLOW, "victim": RED, "x": 0, "y": 1, "feature": "c1"}
    ]
    assert [(a["seat"], a["piece"]) for a in entries(state, "piece_returned")] == [(RED, "builder")]
    assert state.board.meeples == {}
    assert (state.supply, state.builders) == ([7, 7], [1, 1])
    assert state.phase == OVER and state.scores == [0, 0]


def test_a_princess_joining_an_empty_city_is_an_ordinary_tile(game) -> None:
    state = start(game, ["pd.city3_princess"])
    game.apply(state, RED, Place(0, 1, 2))
    legal = game.legal(state, RED)
    assert Meeple("c1") in legal and legal[-1] == Pass()
    refused(game, state, RED, Princess(0, 1, "c1"), "princess_target")
    game.apply(state, RED, Meeple("c1"))
    assert state.scores == [2, 0]  # two tiles, open: 2 at the end


def test_the_princess_may_take_a_large_follower_of_the_player_himself(game) -> None:
    state = start(game, ["base.city3", "pd.city3_princess"], erweiterung=True)
    play(game, state, "base.city3", 0, 1, 2, Meeple("c1", "large"))
    game.apply(state, YELLOW, Place(-1, 1, 0))
    game.apply(state, YELLOW, Princess(0, 1, "c1"))
    assert state.large == [1, 1]


# -- §18.8 fairy ----------------------------------------------------------------------------


def test_fairy_point_at_turn_start_and_three_on_scoring(game) -> None:
    order = ["base.road_straight"] * 4 + ["base.crossroads3"] * 2
    state = start(game, order)
    play(game, state, "base.road_straight", 1, 0, 0, Meeple("r1"))  # red thief
    play(game, state, "base.road_straight", 2, 0, 0)
    refused(game, state, RED, Fairy(1, 0), "wrong_phase")
    game.apply(state, RED, Place(3, 0, 0))
    refused(game, state, RED, Fairy(2, 0), "bad_fairy_move")  # no red follower there
    refused(game, state, RED, Fairy(1, 0, "r1"), "bad_fairy_move")  # tile mode: no feature
    game.apply(state, RED, Fairy(1, 0))
    assert entries(state, "fairy_moved") == [{"seat": RED, "x": 1, "y": 0}]
    assert scores_of(state, "fairy") == []  # yellow's turn: nothing
    play(game, state, "base.road_straight", -1, 0, 0)
    # Red's turn begins: the fairy stands with his thief.
    assert [(a["seats"], a["points"], a["final"]) for a in scores_of(state, "fairy")] == [
        ([RED], 1, False)
    ]
    assert state.scores == [1, 0]
    play(game, state, "base.crossroads3", 4, 0, 0)
    play(game, state, "base.crossroads3", -2, 0, 0)  # yellow closes the road of 7 tiles
    assert [(a["points"], a["final"]) for a in scores_of(state, "fairy")] == [
        (1, False),
        (3, False),
    ]
    assert state.phase == OVER
    assert state.scores == [1 + 7 + 3, 0]


def test_the_fairys_three_points_come_to_a_loser_too(game) -> None:
    order = ["base.road_curve", "base.road_curve", "base.road_straight", "base.road_straight"]
    order += ["base.road_curve", "base.crossroads3", "base.crossroads3"]
    state = start(game, order, erweiterung=True)
    play(game, state, "base.road_curve", 1, 0, 0, Meeple("r1", "large"))  # red, weighs 2
    play(game, state, "base.road_curve", 0, -1, 3, Meeple("r1"))  # yellow, another road
    play(game, state, "base.road_straight", -1, 0, 0)
    play(game, state, "base.road_straight", -2, 0, 0, Fairy(0, -1))
    play(game, state, "base.road_curve", 1, -1, 1)  # joins the two roads
    play(game, state, "base.crossroads3", -3, 0, 0)  # yellow: +1 as his turn began
    play(game, state, "base.crossroads3", 0, -2, 2)  # red closes the road of 8 tiles
    (road,) = scores_of(state, "road")
    assert (road["seats"], road["points"]) == ([RED], 8)
    fairy = [(a["seats"], a["points"]) for a in scores_of(state, "fairy")]
    assert fairy == [([YELLOW], 1), ([YELLOW], 3)]
    assert state.scores == [8, 4]


def test_fairy_beside_one_follower(game) -> None:
    state = start(game, ["base.road_straight"] * 3, fairy_on="follower")
    play(game, state, "base.road_straight", 1, 0, 0, Meeple("r1"))
    play(game, state, "base.road_straight", 2, 0, 0)
    game.apply(state, RED, Place(3, 0, 0))
    assert Fairy(1, 0, "r1") in game.legal(state, RED)
    refused(game, state, RED, Fairy(1, 0), "bad_fairy_move")
    game.apply(state, RED, Fairy(1, 0, "r1"))
    assert game.view(state, None)["fairy"] == {"x": 1, "y": 0, "feature": "r1"}
    # The end: the road of 4 tiles, +3 for the follower with the fairy.
    assert state.scores == [4 + 3, 0]


# -- §18.2 tunnel and the monastery inside a city ----------------------------------------


def test_the_tunnel_road_runs_under_the_city(game) -> None:
    order = [
        "pd.volcano",
        "pd.city2_opposite_tunnel_dragon",
        "base.crossroads3",
        "base.crossroads3",
    ]
    state = start(game, order)
    play(game, state, "pd.volcano", 0, -1, 0)
    play(game, state, "pd.city2_opposite_tunnel_dragon", 1, 0, 1)
    walk(game, state, (0, 0), (1, 0))
    play(game, state, "base.crossroads3", 2, 0, 0, Meeple("r3"))  # red thief, west road
    play(game, state, "base.crossroads3", -1, 0, 0)  # yellow closes it
    (road,) = scores_of(state, "road")
    assert (road["seats"], road["points"], road["final"]) == ([RED], 4, False)
    assert state.scores == [4, 0]


def test_monastery_inside_a_city(game) -> None:
    order = ["pd.volcano", "base.road_straight", "pd.city3_monastery_dragon", "base.city1"]
    state = start(game, order)
    play(game, state, "pd.volcano", 0, -1, 0)
    play(game, state, "base.road_straight", 1, 0, 0)
    play(game, state, "pd.city3_monastery_dragon", 0, 1, 2, Meeple("m"))  # red monk
    walk(game, state, (0, 0), (1, 0))
    play(game, state, "base.city1", 1, 1, 3, Meeple("c1"))  # yellow knight, same tile's city
    assert state.phase == OVER
    # Monastery: 4 tiles around it, itself included; city: 3 tiles.
    assert [(a["seats"], a["points"]) for a in scores_of(state, "monastery")] == [([RED], 4)]
    assert [(a["seats"], a["points"]) for a in scores_of(state, "city")] == [([YELLOW], 3)]
    assert state.scores == [4, 3]


# -- hidden information -----------------------------------------------------------------------


# Positions worth re-dealing: tiles set aside, the dragon walking, the fairy out.
WANTED = {
    "set_aside": lambda s: bool(s.set_aside) and len(s.board.tiles) >= 3,
    "walk": lambda s: s.phase == 3,
    "fairy": lambda s: s.fairy >= 0 and s.phase == 0,
}


def _mid_game(game: Carcassonne, seed: int, opts: Options, want: str) -> State:
    state = game.setup(3, opts, seed)
    rng = Rng.from_seed(seed)
    while not WANTED[want](state):
        (seat,) = game.active(state)
        state = game.apply(state, seat, rng.choice(game.legal(state, seat)))
        assert game.result(state) is None, "no such position in this game: pick another seed"
    return state


@pytest.mark.parametrize(("seed", "want"), [(1, "set_aside"), (2, "walk"), (3, "fairy")])
def test_determinize_keeps_the_view_and_forgets_the_order(game, seed, want) -> None:
    state = _mid_game(game, seed, Options(drache=True, fluss=seed == 2), want)
    other = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)
    random.Random(seed).shuffle(other.pile)
    a = game.determinize(state, 0, random.Random(5))
    b = game.determinize(other, 0, random.Random(5))
    assert msgspec.msgpack.encode(a) == msgspec.msgpack.encode(b)
    for seat in (0, 1, 2, None):
        assert audience_view(game, a, seat) == audience_view(game, state, seat)
    assert a.set_aside == state.set_aside
    assert sorted(a.pile) == sorted(state.pile)


def test_the_strong_choice_under_drache_ignores_the_real_order(game) -> None:
    """As tests/test_ai.py checks for the default options: the search, fixed seed and
    iterations, chooses the same on a re-dealt copy, so it reads nothing hidden."""
    from server.ai.search import SearchPolicy

    for seed, want in ((1, "set_aside"), (4, "walk"), (5, "fairy")):
        state = _mid_game(game, seed, Options(drache=True), want)
        (seat,) = game.active(state)
        redealt = game.determinize(state, seat, random.Random(99))
        assert audience_view(game, redealt, seat) == audience_view(game, state, seat)
        a = SearchPolicy(7, iterations=30).choose(game, state, seat)
        b = SearchPolicy(7, iterations=30).choose(game, redealt, seat)
        assert msgspec.msgpack.encode(a) == msgspec.msgpack.encode(b)
