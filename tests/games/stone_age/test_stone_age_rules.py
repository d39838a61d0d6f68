"""The worked points of the README's rules and the BGA help page, one rule at a time."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from server.games.stone_age import payments
from server.games.stone_age.data import CARDS
from server.games.stone_age.game import StoneAge, _feed_from, _gain_tool
from server.games.stone_age.scoring import breakdown, culture_points
from server.games.stone_age.state import (
    Build,
    BuyCard,
    Decline,
    Feed,
    Pending,
    PickDie,
    Place,
    Player,
    Resolve,
    Starve,
    State,
    TakeResources,
    UseTools,
)
from tests.support.rules import refused

Make = Callable[..., State]


def last(state: State, code: str) -> dict[str, Any]:
    for entry in reversed(state.log):
        if entry.code == code:
            return entry.args
    raise AssertionError(f"no {code} in the log")


# ---- setup ------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_setup(game: StoneAge, fresh: Make, seats: int) -> None:
    s = fresh(seats, seed=seats)
    assert len(s.stacks) == seats and all(len(st) == 7 for st in s.stacks)
    assert len(s.box) == 7 * (4 - seats)
    assert all(c is not None for c in s.slots) and len(s.deck) == 32
    for p in s.players:
        assert (p.people, p.food, p.res, p.tools, p.agriculture, p.score) == (
            5,
            12,
            [0] * 4,
            [],
            0,
            0,
        )
    assert s.phase == "place" and game.active(s) == {s.start}
    assert sorted(k for k in s.board if k.startswith("building_")) == [
        f"building_{i + 1}" for i in range(seats)
    ]


# ---- phase 1 ----------------------------------------------------------------------


def test_two_players_one_player_per_resource_area(game: StoneAge, fresh: Make) -> None:
    s = fresh(2)
    a, b = s.start, 1 - s.start
    game.apply(s, a, Place(space="forest", people=2))
    assert Place(space="forest", people=1) not in game.legal(s, b)
    refused(game, s, b, Place(space="forest", people=1), "illegal_placement")
    game.apply(s, b, Place(space="quarry", people=1))
    refused(game, s, a, Place(space="quarry", people=1), "illegal_placement")


def test_three_players_two_players_per_resource_area(game: StoneAge, fresh: Make) -> None:
    s = fresh(3)
    order = [(s.start + i) % 3 for i in range(3)]
    game.apply(s, order[0], Place(space="river", people=1))
    game.apply(s, order[1], Place(space="river", people=1))
    refused(game, s, order[2], Place(space="river", people=1), "illegal_placement")
    assert not any(isinstance(i, Place) and i.space == "river" for i in game.legal(s, order[2]))


def test_four_players_fill_a_resource_area_to_seven(game: StoneAge, fresh: Make) -> None:
    s = fresh(4)
    order = [(s.start + i) % 4 for i in range(4)]
    game.apply(s, order[0], Place(space="clay_pit", people=3))
    game.apply(s, order[1], Place(space="clay_pit", people=2))
    game.apply(s, order[2], Place(space="clay_pit", people=1))
    refused(game, s, order[3], Place(space="clay_pit", people=2), "illegal_placement")
    game.apply(s, order[3], Place(space="clay_pit", people=1))
    assert sum(s.board["clay_pit"]) == 7


@pytest.mark.parametrize("seats,third_allowed", [(2, False), (3, False), (4, True)])
def test_village_spaces_per_round(
    game: StoneAge, fresh: Make, seats: int, third_allowed: bool
) -> None:
    s = fresh(seats)
    order = [(s.start + i) % seats for i in range(seats)]
    game.apply(s, order[0], Place(space="tool_maker", people=1))
    game.apply(s, order[1], Place(space="field", people=1))
    nxt = order[2 % seats]
    hut = Place(space="hut", people=2)
    assert (hut in game.legal(s, nxt)) == third_allowed
    if third_allowed:
        game.apply(s, nxt, hut)
    else:
        refused(game, s, nxt, hut, "illegal_placement")


def test_hut_takes_exactly_two_and_spaces_take_one(game: StoneAge, fresh: Make) -> None:
    s = fresh(4)
    a = s.start
    refused(game, s, a, Place(space="hut", people=1), "illegal_placement")
    refused(game, s, a, Place(space="field", people=2), "illegal_placement")
    refused(game, s, a, Place(space="card_1", people=2), "illegal_placement")
    refused(game, s, a, Place(space="hunting_grounds", people=6), "illegal_placement")
    refused(game, s, a, Place(space="moon", people=1), "illegal_placement")


def test_no_second_visit_even_to_the_hunting_grounds(game: StoneAge, fresh: Make) -> None:
    s = fresh(2)
    a, b = s.start, 1 - s.start
    game.apply(s, a, Place(space="hunting_grounds", people=1))
    game.apply(s, b, Place(space="hunting_grounds", people=1))
    refused(game, s, a, Place(space="hunting_grounds", people=1), "illegal_placement")
    assert all(i.space != "hunting_grounds" for i in game.legal(s, a))


def test_out_of_turn_and_wrong_phase(game: StoneAge, fresh: Make) -> None:
    s = fresh(2)
    refused(game, s, 1 - s.start, Place(space="field", people=1), "not_your_turn")
    refused(game, s, s.start, Resolve(space="field"), "wrong_phase")
    refused(game, s, s.start, Starve(), "wrong_phase")


def test_players_out_of_people_are_skipped(game: StoneAge, fresh: Make) -> None:
    s = fresh(2)
    a, b = s.start, 1 - s.start
    game.apply(s, a, Place(space="hunting_grounds", people=5))
    # a has nobody left: b places all the rest in a row.
    game.apply(s, b, Place(space="forest", people=2))
    assert game.active(s) == {b}
    game.apply(s, b, Place(space="card_1", people=1))
    assert game.active(s) == {b}
    game.apply(s, b, Place(space="card_2", people=1))
    game.apply(s, b, Place(space="card_3", people=1))
    assert s.phase == "resolve" and game.active(s) == {a}


def test_people_with_no_legal_space_stay_home(game: StoneAge, fresh: Make) -> None:
    s = fresh(2)
    a, b = s.start, 1 - s.start
    s.players[b].people = s.players[b].home = 10
    # a closes the four resource areas to b (one player each with two players).
    for area, other in zip(
        ("forest", "clay_pit", "quarry", "river"),
        ("hunting_grounds", "tool_maker", "field", "card_1"),
        strict=True,
    ):
        game.apply(s, a, Place(space=area, people=1))
        game.apply(s, b, Place(space=other, people=1))
    game.apply(s, a, Place(space="hunting_grounds", people=1))
    for space in ("card_2", "card_3", "card_4", "building_1", "building_2"):
        assert game.active(s) == {b}
        game.apply(s, b, Place(space=space, people=1))
    # One person left: the hut is closed (two village spaces used) and takes two.
    assert s.phase == "resolve" and s.players[b].home == 1


# ---- phase 2: gathering and tools ---------------------------------------------


@pytest.mark.parametrize("good,expected", [(0, 6), (1, 4), (2, 3), (3, 2), (4, 2)])
def test_dice_are_divided_by_the_goods_value(
    game: StoneAge, resolving: Make, good: int, expected: int
) -> None:
    s = resolving(pending=Pending(kind="gather", seat=0, good=good, dice=[6, 5, 1]))
    game.apply(s, 0, UseTools())
    assert last(s, "gain")["amount"] == expected
    if good:
        assert s.players[0].res[good - 1] == expected


def test_tools_are_added_after_the_roll(game: StoneAge, resolving: Make) -> None:
    # The help page's example: 13 on wood gives 4; a tool of 2 makes it 15, 5 wood.
    s = resolving(pending=Pending(kind="gather", seat=0, good=1, dice=[6, 4, 3]))
    p = s.players[0]
    p.tools, p.tools_used = [2, 1, 1], [False, False, False]
    choices = game.legal(s, 0)
    assert UseTools(tools=[0]) in choices and UseTools(tools=[1, 2]) in choices
    assert UseTools(tools=[2]) not in choices  # same as [1]: listed once
    game.apply(s, 0, UseTools(tools=[0]))
    assert p.res[0] == 5 and p.tools_used == [True, False, False]
    # The used tool cannot serve again this round.
    s.pending = Pending(kind="gather", seat=0, good=1, dice=[1])
    refused(game, s, 0, UseTools(tools=[0]), "bad_tools")
    game.apply(s, 0, UseTools(tools=[1, 2]))
    assert p.res[0] == 6


def test_one_use_tools_are_spent(game: StoneAge, resolving: Make) -> None:
    s = resolving(pending=Pending(kind="gather", seat=0, good=4, dice=[5, 4]))
    p = s.players[0]
    p.one_use = [3, 2]
    refused(game, s, 0, UseTools(one_use=[4]), "bad_tools")
    game.apply(s, 0, UseTools(one_use=[3]))
    assert p.res[3] == 2 and p.one_use == [2]


def test_no_tools_means_no_question(game: StoneAge, fresh: Make) -> None:
    s = fresh(2)
    a, b = s.start, 1 - s.start
    game.apply(s, a, Place(space="forest", people=3))
    game.apply(s, b, Place(space="hunting_grounds", people=5))
    game.apply(s, a, Place(space="hunting_grounds", people=2))
    game.apply(s, a, Resolve(space="forest"))
    roll = last(s, "roll")
    assert len(roll["dice"]) == 3 and s.pending is None
    assert s.players[a].res[0] == sum(roll["dice"]) // 3


def test_tool_progression_up_to_level_four() -> None:
    p = Player(people=5, home=5, food=12, res=[0] * 4)
    seen = []
    for _ in range(13):
        _gain_tool(p)
        seen.append(sorted(p.tools, reverse=True))
    assert seen[:4] == [[1], [1, 1], [1, 1, 1], [2, 1, 1]]
    assert seen[6] == [3, 2, 2] and seen[9] == [4, 3, 3]
    assert seen[11] == seen[12] == [4, 4, 4]
    assert all(sum(t) == min(k + 1, 12) for k, t in enumerate(seen))


def test_upgrade_prefers_an_unused_lowest_tool() -> None:
    p = Player(
        people=5, home=5, food=12, res=[0] * 4, tools=[2, 1, 1], tools_used=[False, True, False]
    )
    _gain_tool(p)
    assert p.tools == [2, 1, 2] and p.tools_used == [False, True, False]


def test_village_spaces(game: StoneAge, resolving: Make) -> None:
    s = resolving()
    for space in ("tool_maker", "hut", "field"):
        s.board[space][0] = 2 if space == "hut" else 1
    game.apply(s, 0, Resolve(space="tool_maker"))
    game.apply(s, 0, Resolve(space="hut"))
    game.apply(s, 0, Resolve(space="field"))
    p = s.players[0]
    assert (p.tools, p.people, p.agriculture) == ([1], 6, 1)


def test_caps_give_nothing(game: StoneAge, resolving: Make) -> None:
    s = resolving()
    p = s.players[0]
    p.people, p.agriculture, p.tools, p.tools_used = 10, 10, [4, 4, 4], [False] * 3
    for space in ("tool_maker", "hut", "field"):
        s.board[space][0] = 2 if space == "hut" else 1
        game.apply(s, 0, Resolve(space=space))
    assert (p.tools, p.people, p.agriculture) == ([4, 4, 4], 10, 10)


# ---- phase 2: buildings ---------------------------------------------------------


def building_state(resolving: Make, tile: str, res: list[int]) -> State:
    s = resolving(pending=Pending(kind="building", seat=0, space="building_1"))
    s.stacks[0][0] = tile
    s.players[0].res = list(res)
    return s


def test_fixed_building(game: StoneAge, resolving: Make) -> None:
    s = building_state(resolving, "BLD_SSG", [1, 0, 2, 1])
    assert game.legal(s, 0) == [Build(stone=2, gold=1), Decline()]
    refused(game, s, 0, Build(wood=1, stone=1, gold=1), "bad_payment")
    left = len(s.stacks[0])
    game.apply(s, 0, Build(stone=2, gold=1))
    p = s.players[0]
    assert p.score == 16 and p.res == [1, 0, 0, 0] and p.buildings == ["BLD_SSG"]
    assert len(s.stacks[0]) == left - 1


def test_building_that_cannot_be_paid_is_declined(game: StoneAge, resolving: Make) -> None:
    s = building_state(resolving, "BLD_WWB", [1, 1, 0, 0])
    assert game.legal(s, 0) == [Decline()]
    refused(game, s, 0, Build(wood=2, brick=1), "cannot_afford")
    game.apply(s, 0, Decline())
    assert s.stacks[0][0] == "BLD_WWB" and s.players[0].res == [1, 1, 0, 0]


@pytest.mark.parametrize(
    "tile,pay,points",
    [
        ("BLD_5R2K", [1, 0, 4, 0], 23),
        ("BLD_5R2K", [0, 2, 0, 3], 26),
        ("BLD_4R1K", [0, 0, 0, 4], 24),
        ("BLD_4R4K", [1, 1, 1, 1], 18),
        ("BLD_5R4K", [2, 1, 1, 1], 21),
        ("BLD_ANY_1_7", [0, 0, 0, 7], 42),
        ("BLD_ANY_1_7", [1, 0, 0, 0], 3),
    ],
)
def test_variable_buildings_score_what_was_paid(
    game: StoneAge, resolving: Make, tile: str, pay: list[int], points: int
) -> None:
    s = building_state(resolving, tile, [9, 9, 9, 9])
    game.apply(s, 0, Build(wood=pay[0], brick=pay[1], stone=pay[2], gold=pay[3]))
    assert s.players[0].score == points


@pytest.mark.parametrize(
    "tile,pay",
    [
        ("BLD_5R2K", [1, 1, 3, 0]),
        ("BLD_5R2K", [0, 0, 5, 0]),
        ("BLD_4R3K", [2, 1, 1, 1]),
        ("BLD_ANY_1_7", [0, 0, 0, 0]),
        ("BLD_ANY_1_7", [2, 2, 2, 2]),
    ],
)
def test_variable_buildings_refuse_the_wrong_mix(
    game: StoneAge, resolving: Make, tile: str, pay: list[int]
) -> None:
    s = building_state(resolving, tile, [9, 9, 9, 9])
    refused(game, s, 0, Build(wood=pay[0], brick=pay[1], stone=pay[2], gold=pay[3]), "bad_payment")


def test_variable_building_payments_offered_are_valid(game: StoneAge, resolving: Make) -> None:
    for tile in ("BLD_4R1K", "BLD_4R2K", "BLD_5R3K", "BLD_ANY_1_7"):
        s = building_state(resolving, tile, [3, 0, 2, 4])
        builds = [i for i in game.legal(s, 0) if isinstance(i, Build)]
        assert builds, tile
        for b in builds:
            game.apply(resolving_copy := building_state(resolving, tile, [3, 0, 2, 4]), 0, b)
            assert resolving_copy.players[0].buildings == [tile]


# ---- phase 2: civilization cards ------------------------------------------------


def card_state(
    resolving: Make, card: str, slot: int, res: list[int], seats: int = 2, **opts: Any
) -> State:
    s = resolving(seats=seats, pending=Pending(kind="card", seat=0, space=f"card_{slot}"), **opts)
    s.slots[slot - 1] = card
    s.players[0].res = list(res)
    return s


def test_card_costs_its_slot_number(game: StoneAge, resolving: Make) -> None:
    s = card_state(resolving, "C05", 3, [2, 2, 0, 0])
    refused(game, s, 0, BuyCard(wood=2), "bad_payment")
    refused(game, s, 0, BuyCard(gold=3), "cannot_afford")
    assert all(
        sum([i.wood, i.brick, i.stone, i.gold]) == 3
        for i in game.legal(s, 0)
        if isinstance(i, BuyCard)
    )
    game.apply(s, 0, BuyCard(wood=2, brick=1))
    p = s.players[0]
    assert p.cards == ["C05"] and p.score == 3 and p.res == [0, 1, 0, 0] and s.slots[2] is None


@pytest.mark.parametrize(
    "card,check",
    [
        ("C07", lambda p: p.food == 19),
        ("C11", lambda p: p.res == [0, 0, 2, 0]),
        ("C09", lambda p: p.agriculture == 1),
        ("C01", lambda p: p.tools == [1]),
        ("C24", lambda p: p.one_use == [4]),
    ],
)
def test_card_top_effects(game: StoneAge, resolving: Make, card: str, check: Any) -> None:
    s = card_state(resolving, card, 1, [1, 0, 0, 0])
    game.apply(s, 0, BuyCard(wood=1))
    assert check(s.players[0])


def test_roll_for_a_resource_card_takes_tools(game: StoneAge, resolving: Make) -> None:
    s = card_state(resolving, "C02", 1, [1, 0, 0, 0])
    s.players[0].tools, s.players[0].tools_used = [3], [False]
    game.apply(s, 0, BuyCard(wood=1))
    assert s.pending is not None and s.pending.kind == "gather" and len(s.pending.dice) == 2
    dice = list(s.pending.dice)
    game.apply(s, 0, UseTools(tools=[0]))
    assert s.players[0].res[3] == (sum(dice) + 3) // 6


def test_extra_card_is_seen_by_its_owner_only(game: StoneAge, resolving: Make) -> None:
    s = card_state(resolving, "C15", 1, [1, 0, 0, 0])
    top = s.deck[0]
    game.apply(s, 0, BuyCard(wood=1))
    assert s.players[0].extra == [top]
    assert top in game.view(s, 0)["players"][0]["cards"]
    for audience in (1, None):
        mine = game.view(s, audience)["players"][0]
        assert mine["cards"] == ["C15"] and mine["hidden_cards"] == 1
        assert top not in str(game.view(s, audience))


def test_any_two_resources_immediately(game: StoneAge, resolving: Make) -> None:
    s = card_state(resolving, "C04", 1, [1, 0, 0, 0])
    game.apply(s, 0, BuyCard(wood=1))
    assert game.active(s) == {0} and len(game.legal(s, 0)) == 10
    refused(game, s, 0, TakeResources(gold=3), "bad_payment")
    game.apply(s, 0, TakeResources(gold=2))
    assert s.players[0].res == [0, 0, 0, 2] and s.pending is None


def test_any_two_resources_any_time_variant(game: StoneAge, resolving: Make) -> None:
    s = card_state(resolving, "C04", 1, [1, 0, 0, 0], any_two_resources="any_time")
    game.apply(s, 0, BuyCard(wood=1))
    p = s.players[0]
    assert p.any_two == 1 and p.res == [0, 0, 0, 0]
    assert TakeResources(stone=1, gold=1) in game.legal(s, 0)
    game.apply(s, 0, TakeResources(stone=1, gold=1))
    assert p.any_two == 0 and p.res == [0, 0, 1, 1]
    refused(game, s, 0, TakeResources(stone=1, gold=1), "wrong_phase")


def test_dice_for_everyone(game: StoneAge, resolving: Make) -> None:
    for seed in range(50):
        s = card_state(resolving, "C08", 1, [1, 0, 0, 0], seats=4)
        s.rng.s = seed
        game.apply(s, 0, BuyCard(wood=1))
        dice = last(s, "dice_for_everyone")["dice"]
        if len(set(dice)) < 3:
            continue
        before = [list(p.res) + [p.agriculture, len(p.tools)] for p in s.players]
        picks = []
        while s.pending is not None:
            (seat,) = game.active(s)
            face = max(s.pending.dice)
            picks.append(seat)
            game.apply(s, seat, PickDie(face=face))
        got = [e.args for e in s.log if e.code == "die"]
        assert [g["seat"] for g in got] == [0, 1, 2, 3]
        assert sorted(g["face"] for g in got) == sorted(dice)
        assert picks[0] == 0
        for g in got:
            p = s.players[g["seat"]]
            after = list(p.res) + [p.agriculture, len(p.tools)]
            gained = [x - y for x, y in zip(after, before[g["seat"]], strict=True)]
            assert sum(gained) == 1 and gained[[1, 2, 3, 4, 6, 5][g["face"] - 1] - 1] == 1
        return
    raise AssertionError("no seed gave three different faces")


def test_dice_for_everyone_capped_reward_is_lost(game: StoneAge, resolving: Make) -> None:
    s = resolving(seats=2, pending=Pending(kind="dice", seat=0, dice=[6, 6], order=[0, 1]))
    s.players[1].agriculture = 10
    refused(game, s, 1, PickDie(face=6), "not_your_turn")
    refused(game, s, 0, PickDie(face=5), "bad_die")
    game.apply(s, 0, PickDie(face=6))
    assert s.pending is None
    assert (s.players[0].agriculture, s.players[1].agriculture) == (1, 10)


# ---- phase 3: feeding -------------------------------------------------------------


def feeding(
    resolving: Make, food: int, res: list[int], agriculture: int = 0, people: int = 5, **opts: Any
) -> State:
    s = resolving(**opts)
    s.board["hunting_grounds"][0] = 0
    p = s.players[0]
    p.food, p.res, p.agriculture, p.people = food, list(res), agriculture, people
    s.players[1].food = 100
    _feed_from(s, 0)
    return s


def test_enough_food_is_eaten(resolving: Make) -> None:
    s = feeding(resolving, food=7, res=[3, 0, 0, 0], agriculture=1)
    assert s.players[0].food == 3 and s.players[0].res == [3, 0, 0, 0]


def test_shortfall_paid_with_resources(game: StoneAge, resolving: Make) -> None:
    s = feeding(resolving, food=2, res=[1, 1, 1, 0], agriculture=1)
    assert s.pending is not None and s.pending.shortfall == 2 and s.players[0].food == 0
    assert Starve() in game.legal(s, 0)
    refused(game, s, 0, Feed(wood=1), "bad_payment")
    game.apply(s, 0, Feed(wood=1, stone=1))
    p = s.players[0]
    assert p.res == [0, 1, 0, 0] and p.score == 0 and p.food == 0


def test_unlisted_payments_are_accepted(game: StoneAge, resolving: Make) -> None:
    """The board's payment window reaches every payment by its rule, also those that
    ``legal`` leaves out where it lists only a few (README, "Intents"): the building
    of 1 to 7 of any and a feeding shortfall of 5 out of 3 of each resource."""
    held = [3, 3, 3, 3]
    ways = [
        list(c)
        for n in range(1, 8)
        for c in payments.compositions(n)
        if all(x <= h for x, h in zip(c, held, strict=True))
    ]
    listed = game.legal(building_state(resolving, "BLD_ANY_1_7", held), 0)
    assert len([i for i in listed if isinstance(i, Build)]) < len(ways)
    for pay in ways:
        s = building_state(resolving, "BLD_ANY_1_7", held)
        game.apply(s, 0, Build(wood=pay[0], brick=pay[1], stone=pay[2], gold=pay[3]))
        assert s.players[0].buildings == ["BLD_ANY_1_7"]
    short = [list(c) for c in payments.compositions(5) if all(x <= 3 for x in c)]
    s = feeding(resolving, food=0, res=held)
    assert len([i for i in game.legal(s, 0) if isinstance(i, Feed)]) < len(short)
    for pay in short:
        s = feeding(resolving, food=0, res=held)
        game.apply(s, 0, Feed(wood=pay[0], brick=pay[1], stone=pay[2], gold=pay[3]))
        assert s.players[0].score == 0 and sum(s.players[0].res) == 7


def test_shortfall_with_the_penalty_keeps_resources(game: StoneAge, resolving: Make) -> None:
    s = feeding(resolving, food=2, res=[1, 1, 1, 0], agriculture=1)
    game.apply(s, 0, Starve())
    p = s.players[0]
    assert p.res == [1, 1, 1, 0] and p.score == -10 and p.food == 0


def test_too_few_resources_means_the_penalty(resolving: Make) -> None:
    s = feeding(resolving, food=1, res=[1, 0, 0, 0])
    p = s.players[0]
    assert p.score == -10 and p.food == 0 and p.res == [1, 0, 0, 0]


def test_bga_agriculture_surplus_is_lost(resolving: Make) -> None:
    s = feeding(resolving, food=0, res=[0] * 4, agriculture=7, people=5)
    assert s.players[0].food == 0 and s.players[0].score == 0


def test_printed_rule_keeps_the_agriculture_surplus(resolving: Make) -> None:
    s = feeding(
        resolving, food=0, res=[0] * 4, agriculture=7, people=5, agriculture_surplus_kept=True
    )
    assert s.players[0].food == 2 and s.players[0].score == 0


# ---- end and scoring ----------------------------------------------------------


def finish_round(game: StoneAge, s: State) -> None:
    """Play the rest of the round: everyone hunts with everything, declines all."""
    r = s.round
    while s.round == r and s.phase != "over":
        (seat,) = game.active(s)
        moves = game.legal(s, seat)
        pick = next(
            (m for m in moves if isinstance(m, Place) and m.space == "hunting_grounds"),
            next((m for m in moves if isinstance(m, (Decline, Starve))), moves[0]),
        )
        game.apply(s, seat, pick)


def test_last_building_ends_the_game_after_the_round(game: StoneAge, fresh: Make) -> None:
    s = fresh(2)
    a, b = s.start, 1 - s.start
    s.stacks[0] = ["BLD_ANY_1_7"]
    s.players[a].res = [1, 0, 0, 0]
    game.apply(s, a, Place(space="building_1", people=1))
    game.apply(s, b, Place(space="hunting_grounds", people=5))
    game.apply(s, a, Place(space="hunting_grounds", people=4))
    game.apply(s, a, Resolve(space="building_1"))
    game.apply(s, a, Build(wood=1))
    assert s.stacks[0] == [] and s.phase == "resolve"
    finish_round(game, s)
    assert s.phase == "over" and s.end == "buildings"
    assert [e.code for e in s.log].count("feed") == 2
    assert game.result(s) is not None


def test_cards_end_the_game_when_the_display_cannot_be_filled(game: StoneAge, fresh: Make) -> None:
    s = fresh(2)
    s.deck = s.deck[:1]
    finish_round(game, s)  # nobody bought a card: no refill, no end
    assert s.phase == "place" and s.round == 2
    s.slots[1] = None
    s.slots[3] = None
    finish_round(game, s)
    assert s.phase == "over" and s.end == "cards"


def test_refill_logs_the_cards_really_laid_out(game: StoneAge, fresh: Make) -> None:
    """With 3 cards left for 4 gaps, the 3 are laid out, the log says 3 (not 4) and
    the game ends for want of cards: log and board agree."""
    s = fresh(2)
    rest = s.deck[:3]
    s.deck = list(rest)
    s.slots = [None] * 4
    finish_round(game, s)
    assert last(s, "refill") == {"cards": 3, "deck": 0}
    assert s.slots == [*rest, None]
    assert s.phase == "over" and s.end == "cards"
    view = game.view(s, None)
    assert [c for c in view["display"] if c is not None] == rest


def test_refill_slides_cards_to_the_cheap_end(game: StoneAge, fresh: Make) -> None:
    s = fresh(2)
    c1, c2, c3, c4 = s.slots
    nxt = s.deck[:2]
    s.slots[0] = s.slots[2] = None
    finish_round(game, s)
    assert s.slots == [c2, c4, *nxt]


def test_culture_sets() -> None:
    assert culture_points(["C01", "C02", "C03"]) == 5  # art twice, medicine: 2² + 1²
    culture = [c for c in CARDS if "culture" in CARDS[c]["bottom"]]
    assert culture_points(culture) == 128
    assert culture_points(culture[::2]) == 64
    assert culture_points(["C17", "C18"]) == 0


@pytest.mark.parametrize(
    "cards,figure",
    [
        (["C17", "C21"], "farmer"),  # 1 + 2 farmers
        (["C22", "C26"], "tool_maker"),  # 2 + 2
        (["C31"], "hut_builder"),  # 3
        (["C35", "C32"], "shaman"),  # 2 + 1
    ],
)
def test_multipliers(cards: list[str], figure: str) -> None:
    p = Player(
        people=7,
        home=0,
        food=0,
        res=[1, 0, 0, 2],
        agriculture=4,
        tools=[3, 2, 2],
        tools_used=[False] * 3,
    )
    p.buildings = ["BLD_WWB", "BLD_WWS"]
    p.cards = cards
    p.score = 20
    b = breakdown(p)
    count = sum(CARDS[c]["bottom"]["count"] for c in cards)
    measure = {"farmer": 4, "tool_maker": 7, "hut_builder": 2, "shaman": 7}[figure]
    assert b["multipliers"][figure] == count * measure
    assert sum(b["multipliers"].values()) == count * measure
    assert b["total"] == 20 + 3 + count * measure


def over_state(fresh: Make, tiebreak: str) -> State:
    s = fresh(3, tiebreak=tiebreak)
    s.phase = "over"
    for p in s.players:
        p.score, p.cards, p.res = 30, [], [0] * 4
    # Equal scores; A: agriculture 3; B: agriculture 2, tools 5; C: agriculture 2, tools 2, people 9.
    a, b, c = s.players
    a.agriculture, a.tools, a.people = 3, [1], 5
    b.agriculture, b.tools, b.people = 2, [2, 2, 1], 5
    c.agriculture, c.tools, c.people = 2, [1, 1], 9
    return s


def test_tiebreak_sequential(game: StoneAge, fresh: Make) -> None:
    r = game.result(over_state(fresh, "sequential"))
    assert r is not None and r.scores == [30, 30, 30] and r.ranks == [1, 2, 3]


def test_tiebreak_sum(game: StoneAge, fresh: Make) -> None:
    # Sums: A 3+1+5 = 9, B 2+5+5 = 12, C 2+2+9 = 13.
    r = game.result(over_state(fresh, "sum"))
    assert r is not None and r.ranks == [3, 2, 1]


def test_full_tie_shares_the_place(game: StoneAge, fresh: Make) -> None:
    s = over_state(fresh, "sequential")
    s.players[1].agriculture, s.players[1].tools, s.players[1].people = 3, [1], 5
    r = game.result(s)
    assert r is not None and r.ranks == [1, 1, 3]


def test_game_over_refuses_everything(game: StoneAge, fresh: Make) -> None:
    s = over_state(fresh, "sequential")
    refused(game, s, 0, Starve(), "game_over")
    assert game.active(s) == frozenset() and game.legal(s, 0) == []
