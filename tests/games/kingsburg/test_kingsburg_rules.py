"""The rules of Kingsburg, example by example (R numbers are the rules of the README)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from server.games.kingsburg import rules
from server.games.kingsburg.game import Kingsburg
from server.games.kingsburg.state import (
    Build,
    Choice,
    Goods,
    Group,
    Help,
    Influence,
    Pass,
    Recruit,
    RerollAll,
    RerollOne,
    State,
    TownHall,
)
from tests.support.rules import refused

Make = Callable[..., State]


def advisors_in(legal: list[Any]) -> set[int]:
    return {i.advisor for i in legal if isinstance(i, Influence)}


# ---- R11: two-player neutral blocks --------------------------------------------------


def test_neutral_blocks_examples_of_r11() -> None:
    assert rules.neutral_blocks([2, 3, 4], [4, 5]) == [4, 5, 9]
    assert rules.neutral_blocks([1, 2, 3], [3, 3]) == [3, 6]
    assert rules.neutral_blocks([6, 6, 6], [1, 2]) == [3, 18]


def test_two_player_seasons_block_the_advisors_of_the_neutral_dice(
    game: Kingsburg, fresh: Make, drive: Make
) -> None:
    for seed in range(6):
        s = drive(fresh(2, seed=seed), lambda s: s.step == "influence", seed)
        neutral = [e for e in s.log if e.code == "neutral"][-1].args
        blocked = rules.neutral_blocks(neutral["three"], neutral["two"])
        assert sorted(g.advisor for g in s.board if g.seat == -1) == blocked
        assert 2 <= len(blocked) <= 3
        assert not advisors_in(game.legal(s, s.turn)) & set(blocked)


def test_no_neutral_blocks_with_three_players(fresh: Make, drive: Make) -> None:
    s = drive(fresh(3), lambda s: s.step == "influence")
    assert all(g.seat >= 0 for g in s.board)


# ---- R4: turn order ----------------------------------------------------------------------


def test_turn_order_lowest_total_first_ties_keep_previous_order() -> None:
    # totals are per seat: seats 0 and 1 tie on 5, and seat 1 was ahead of seat 0.
    assert rules.turn_order([1, 2, 0], [5, 5, 9]) == [1, 0, 2]
    assert rules.turn_order([2, 0, 1], [7, 7, 5]) == [2, 0, 1]
    assert rules.turn_order([0, 1, 2, 3], [9, 9, 9, 9]) == [0, 1, 2, 3]
    assert rules.turn_order([3, 1, 0, 2], [12, 4, 12, 4]) == [3, 1, 0, 2]
    assert rules.turn_order([0, 1, 2, 3], [12, 4, 12, 4]) == [1, 3, 0, 2]


def test_turn_order_in_the_game_follows_the_totals(game: Kingsburg, fresh: Make) -> None:
    s = fresh(4, seed=3)
    before = list(s.order)
    for p in s.players:
        p.dice, p.white, p.used = [3, 3, 3], [False] * 3, [False] * 3
    s.players[before[3]].dice = [1, 1, 1]
    game._begin_influence(s)
    assert s.order == [before[3], before[0], before[1], before[2]]
    assert s.turn == before[3]


# ---- R5.1: which advisors are reachable -------------------------------------------------


def test_reachable_advisors_from_dice_tokens_and_market() -> None:
    plain = rules.reachable([1, 2, 3], [False] * 3)
    assert plain == {1, 2, 3, 4, 5, 6}
    with_token = rules.reachable([1, 2, 3], [False] * 3, plus2_tokens=1)
    assert with_token == set(range(1, 9))
    assert rules.reachable([6, 6, 6], [False] * 3) == {6, 12, 18}
    assert rules.reachable([6, 6, 6], [False] * 3, market=True) == {5, 6, 7, 11, 12, 13, 17, 18}
    # A white die never acts alone (R14.1).
    assert rules.reachable([1, 1, 6], [False, False, True]) == {1, 2, 7, 8}


def test_market_example_of_r6(game: Kingsburg, influencing: Make) -> None:
    s = influencing([4, 5, 1], buildings=["inn", "market"])
    seat = s.turn
    reach = {
        i.advisor for i in game.legal(s, seat) if isinstance(i, Influence) and i.dice == [0, 1]
    }
    assert reach == {8, 9, 10}


def test_legal_influences_are_the_reachable_free_advisors(
    game: Kingsburg, influencing: Make
) -> None:
    s = influencing([2, 5, 6, 3], white=1, occupied=(7, 11), plus2=1)
    seat = s.turn
    expect = rules.reachable([2, 5, 6, 3], [False, False, False, True], plus2_tokens=1) - {7, 11}
    assert advisors_in(game.legal(s, seat)) == expect
    for intent in game.legal(s, seat):
        if isinstance(intent, Influence):
            assert intent.advisor not in (7, 11)


def test_refused_influences(game: Kingsburg, influencing: Make) -> None:
    s = influencing([1, 2, 3], white=1, occupied=(5,))
    seat = s.turn
    refused(game, s, seat, Influence(advisor=3, dice=[2]), "no_colored_die")
    refused(game, s, seat, Influence(advisor=4, dice=[0, 1]), "wrong_advisor")
    refused(game, s, seat, Influence(advisor=5, dice=[0, 1]), "wrong_advisor")
    refused(game, s, seat, Influence(advisor=5, dice=[1, 2]), "advisor_occupied")
    refused(game, s, seat, Influence(advisor=5, dice=[1, 2], envoy=True), "no_envoy")
    refused(game, s, seat, Influence(advisor=3, dice=[0], plus2=True), "no_plus2")
    refused(game, s, seat, Influence(advisor=0, dice=[0], market=-1), "no_market")
    refused(game, s, seat, Influence(advisor=2, dice=[0, 0]), "bad_dice")
    s.players[seat].buildings = ["inn", "market"]
    # R14.4: a single 1 with the Market's -1 would be advisor 0.
    refused(game, s, seat, Influence(advisor=0, dice=[0], market=-1), "wrong_advisor")
    assert 0 not in advisors_in(game.legal(s, seat))


def test_white_die_and_token_join_a_colored_die(game: Kingsburg, influencing: Make) -> None:
    s = influencing([1, 2, 3], white=1, plus2=1)
    seat = s.turn
    game.apply(s, seat, Influence(advisor=6, dice=[0, 2], plus2=True))
    p = s.players[seat]
    assert p.plus2 == 0 and p.used == [True, False, True]
    assert s.board[-1].advisor == 6 and s.board[-1].dice == [1, 3]


def test_plus2_per_season_option(game: Kingsburg, influencing: Make) -> None:
    s = influencing([1, 2, 3], plus2=2)
    s.options.plus2_limit = "per_season"
    seat = s.turn
    game.apply(s, seat, Influence(advisor=3, dice=[0], plus2=True))
    assert s.turn == seat
    refused(game, s, seat, Influence(advisor=4, dice=[1], plus2=True), "plus2_used")
    assert not any(i.plus2 for i in game.legal(s, seat) if isinstance(i, Influence))
    s2 = influencing([1, 2, 3], plus2=2)
    seat = s2.turn
    game.apply(s2, seat, Influence(advisor=3, dice=[0], plus2=True))
    game.apply(s2, seat, Influence(advisor=4, dice=[1], plus2=True))
    assert s2.players[seat].plus2 == 0


def test_envoy_joins_an_occupied_advisor(game: Kingsburg, influencing: Make) -> None:
    s = influencing([2, 3, 4])
    seat = s.turn
    other = (seat + 1) % s.seats
    s.board = [Group(advisor=5, seat=other, dice=[5])]
    s.envoy = seat
    assert 5 in advisors_in(game.legal(s, seat))
    refused(game, s, seat, Influence(advisor=4, dice=[2], envoy=True), "envoy_not_needed")
    game.apply(s, seat, Influence(advisor=5, dice=[0, 1], envoy=True))
    assert s.envoy == -1
    assert [(g.advisor, g.seat) for g in s.board] == [(5, other), (5, seat)]
    # Both groups are helped.
    game.apply(s, seat, Pass())
    assert {e.args["seat"] for e in s.log if e.code == "help" and e.args["advisor"] == 5} == {
        seat,
        other,
    }


def test_passing_is_final_for_the_season(game: Kingsburg, fresh: Make, drive: Make) -> None:
    s = drive(fresh(3, seed=4), lambda s: s.step == "influence")
    first = s.turn
    game.apply(s, first, Pass())
    assert s.players[first].passed
    while s.step == "influence":
        assert s.turn != first
        game.apply(s, s.turn, Pass())


# ---- R5.2: help -----------------------------------------------------------------------


def helped(game: Kingsburg, s: State, seat: int, advisor: int) -> State:
    """Put one group of ``seat`` on ``advisor`` and start the help step."""
    s.board = [Group(advisor=advisor, seat=seat, dice=[advisor])]
    for p in s.players:
        p.passed = True
    game._start_help(s)
    return s


def test_stable_adds_a_soldier_to_the_sergeant(game: Kingsburg, influencing: Make) -> None:
    s = influencing([1, 1, 1])
    seat = s.turn
    s.players[seat].buildings = ["guard_tower", "palisade", "stable"]
    helped(game, s, seat, 5)
    assert s.players[seat].soldiers == 2


def test_general_peeks_and_gives_soldiers(game: Kingsburg, influencing: Make) -> None:
    s = influencing([1, 1, 1])
    seat = s.turn
    helped(game, s, seat, 10)
    assert s.players[seat].soldiers == 2 and s.players[seat].peek
    assert game.view(s, seat)["enemy"]["id"] == s.enemies[0]
    others = [o for o in range(s.seats) if o != seat]
    assert all("enemy" not in game.view(s, o) for o in others)
    assert "enemy" not in game.view(s, None)


def test_alchemist_trades_or_declines(game: Kingsburg, influencing: Make) -> None:
    s = influencing([1, 1, 1])
    seat = s.turn
    p = s.players[seat]
    p.gold = 1
    helped(game, s, seat, 6)
    assert s.choices[seat] is not None
    legal = game.legal(s, seat)
    assert Pass() in legal and Help(option=0) in legal and Help(option=1) not in legal
    refused(game, s, seat, Help(option=1), "cannot_afford")
    game.apply(s, seat, Help(option=0))
    assert (p.gold, p.wood, p.stone) == (0, 1, 1)
    # Nothing to trade: no choice is asked.
    s2 = influencing([1, 1, 1])
    helped(game, s2, s2.turn, 6)
    assert not any(s2.choices)


def test_smuggler_may_take_the_score_below_zero(game: Kingsburg, influencing: Make) -> None:
    s = influencing([1, 1, 1])
    seat = s.turn
    helped(game, s, seat, 14)
    refused(game, s, seat, Help(option=0, gold=1), "bad_goods")
    game.apply(s, seat, Help(option=0, gold=1, stone=2))
    p = s.players[seat]
    assert (p.vp, p.gold, p.stone) == (-1, 1, 2)


def test_help_in_advisor_order(game: Kingsburg, fresh: Make) -> None:
    s = fresh(3, seed=1)
    s.choices = [None] * 3
    a, b = s.order[0], s.order[1]
    s.board = [Group(advisor=14, seat=a, dice=[6, 6, 2]), Group(advisor=4, seat=b, dice=[4])]
    game._start_help(s)
    assert s.choices[b] is not None and s.choices[b].advisor == 4
    assert s.choices[a] is None
    game.apply(s, b, Help(option=1))
    assert s.choices[a] is not None and s.choices[a].advisor == 14


# ---- R5.3: building -----------------------------------------------------------------


def building(game: Kingsburg, fresh: Make, drive: Make, **goods: int) -> tuple[State, int]:
    s = drive(fresh(3, seed=2), lambda s: s.step == "influence")
    for p in s.players:
        p.passed = True
        p.gold = p.wood = p.stone = 0
    seat = s.order[0]
    for k, v in goods.items():
        setattr(s.players[seat], k, v)
    game._start_help(s)
    return s, seat


def test_barricade_and_blacksmith_costs(game: Kingsburg, fresh: Make, drive: Make) -> None:
    assert rules.build_cost("barricade", []) == [0, 1, 0]
    assert rules.build_cost("blacksmith", []) == [1, 2, 0]
    s, seat = building(game, fresh, drive, wood=1)
    assert game.legal(s, seat) == [Build(building="barricade"), Pass()]
    game.apply(s, seat, Build(building="barricade"))
    p = s.players[seat]
    assert p.buildings == ["barricade"] and p.wood == 0
    assert p.vp == 1  # Barricade 0 VP, then the King's reward for the most buildings
    s, seat = building(game, fresh, drive, gold=1, wood=2, stone=1)
    refused(game, s, seat, Build(building="blacksmith"), "not_buildable")
    p = s.players[seat]
    p.buildings = ["guard_tower"]
    p.vp = 1
    game.apply(s, seat, Build(building="blacksmith"))
    assert (p.gold, p.wood, p.stone) == (0, 0, 1)
    assert p.vp == 1 + 2 + 1  # Guard Tower, Blacksmith, the King's reward


def test_farms_with_the_crane(game: Kingsburg, fresh: Make, drive: Make) -> None:
    assert rules.build_cost("farms", []) == [2, 3, 1]
    assert rules.build_cost("farms", ["barricade", "crane"]) == [1, 3, 1]
    assert rules.build_cost("market", ["barricade", "crane"]) == [2, 2, 0]
    assert rules.build_cost("fortress", ["crane"]) == [2, 0, 2]
    assert rules.build_cost("embassy", ["crane"]) == [1, 2, 2]
    s, seat = building(game, fresh, drive, gold=1, wood=3, stone=1)
    p = s.players[seat]
    p.buildings = ["inn", "market"]
    refused(game, s, seat, Build(building="farms"), "cannot_afford")
    p.buildings = ["inn", "market", "barricade", "crane"]
    game.apply(s, seat, Build(building="farms"))
    assert (p.gold, p.wood, p.stone) == (0, 0, 0)
    # Farms give a white die from the next productive season on.
    assert s.phase == 4 and p.white == [False, False, False, True]


def test_rows_unlock_left_to_right(game: Kingsburg, fresh: Make, drive: Make) -> None:
    s, seat = building(game, fresh, drive, gold=9, wood=9, stone=9)
    built = {b.building for b in game.legal(s, seat) if isinstance(b, Build)}
    assert built == {"statue", "inn", "guard_tower", "palisade", "barricade"}
    refused(game, s, seat, Build(building="chapel"), "not_buildable")
    s.players[seat].buildings = ["statue"]
    refused(game, s, seat, Build(building="statue"), "already_built")
    assert "chapel" in {b.building for b in game.legal(s, seat) if isinstance(b, Build)}


def test_envoy_builds_twice_along_a_row(game: Kingsburg, fresh: Make, drive: Make) -> None:
    s, seat = building(game, fresh, drive, gold=5, wood=0, stone=1)
    s.envoy = seat
    assert Build(building="statue", envoy=True) in game.legal(s, seat)
    game.apply(s, seat, Build(building="statue", envoy=True))
    assert s.turn == seat and s.envoy == -1
    game.apply(s, seat, Build(building="chapel"))
    p = s.players[seat]
    assert p.buildings == ["statue", "chapel"] and p.gold == 0 and p.stone == 0
    assert p.vp == 3 + 5 + 1  # Statue, Chapel, the King's reward
    assert s.phase == 4


def test_envoy_is_kept_when_no_second_building_is_affordable(
    game: Kingsburg, fresh: Make, drive: Make
) -> None:
    # Gold for the Statue and nothing more: the Envoy's double build would waste it.
    s, seat = building(game, fresh, drive, gold=2, wood=0, stone=1)
    s.envoy = seat
    offered = game.legal(s, seat)
    assert Build(building="statue") in offered
    assert Build(building="statue", envoy=True) not in offered
    refused(game, s, seat, Build(building="statue", envoy=True), "no_second_build")
    assert s.envoy == seat
    game.apply(s, seat, Build(building="statue"))
    assert s.envoy == seat  # kept for a later season


# ---- R4.3: re-rolls ---------------------------------------------------------------------


def test_statue_then_chapel(game: Kingsburg, fresh: Make, rng_giving: Callable[[int], Any]) -> None:
    s = fresh(2, seed=5)
    p = s.players[0]
    p.buildings = ["statue", "chapel"]
    p.dice, p.white, p.used = [2, 2, 2, 2], [False, False, False, True], [False] * 4
    s.step = "reroll"
    s.choices = [None, None]
    s.choices = [Choice(kind="reroll"), None]
    s.rng = rng_giving(1)
    legal = game.legal(s, 0)
    assert RerollOne(die=0) in legal and RerollOne(die=3) in legal
    assert RerollAll() not in legal  # total 8
    game.apply(s, 0, RerollOne(die=3))
    assert p.statue_used and p.dice == [2, 2, 2, 1]
    # R4.3.3: the total is now 7, so the Chapel may re-roll everything.
    assert game.legal(s, 0) == [RerollAll(), Pass()]
    game.apply(s, 0, RerollAll())
    assert p.chapel_used and len(p.dice) == 4
    assert s.choices[0] is None
    assert s.step == "influence"


# ---- R3, R7, R8: the King -------------------------------------------------------------


def test_first_year_every_player_takes_a_good(game: Kingsburg, fresh: Make) -> None:
    s = fresh(4)
    assert s.step == "aid" and game.active(s) == frozenset(range(4))
    assert len(game.legal(s, 0)) == 3
    refused(game, s, 0, Goods(gold=2), "bad_goods")
    for seat, good in enumerate(["gold", "wood", "stone", "gold"]):
        game.apply(s, seat, Goods(**{good: 1}))
    assert [p.goods_total() for p in s.players] == [1, 1, 1, 1]
    assert s.phase == 2 and all(len(p.dice) == 3 for p in s.players)


def test_aid_die_goes_to_the_fewest_buildings_then_fewest_goods(
    game: Kingsburg, fresh: Make
) -> None:
    s = fresh(3)
    s.choices = [None] * 3
    s.players[0].buildings = ["inn"]
    s.players[1].gold = 2
    game._start_year(s)
    assert s.aid_seat == 2
    assert [len(p.dice) for p in s.players] == [3, 3, 4]
    s = fresh(3)
    s.choices = [None] * 3
    s.players[0].buildings = ["inn"]
    s.players[1].gold = s.players[2].wood = 1
    game._start_year(s)
    assert s.aid_seat == -1
    assert game.active(s) == frozenset({1, 2})


def test_kings_reward_to_every_player_with_the_most_buildings(game: Kingsburg, fresh: Make) -> None:
    s = fresh(3)
    s.players[0].buildings = ["inn", "statue"]
    s.players[2].buildings = ["barricade", "crane"]
    game._kings_reward(s)
    assert [p.vp for p in s.players] == [1, 0, 1]


def test_envoy_goes_to_the_single_weakest(game: Kingsburg, fresh: Make) -> None:
    s = fresh(3)
    s.envoy = 0
    s.players[0].buildings = ["inn"]
    s.players[1].gold = 1
    game._kings_envoy(s)
    assert s.envoy == 2
    s.players[2].gold = 1
    game._kings_envoy(s)
    assert s.envoy == -1


# ---- R5.4: end of season -------------------------------------------------------------


def test_inn_token_pays_the_town_hall_at_the_end_of_summer(game: Kingsburg, fresh: Make) -> None:
    s = fresh(2)
    s.choices = [None, None]
    s.phase = 4
    p = s.players[0]
    p.buildings = ["inn", "barricade", "crane", "town_hall", "embassy"]
    game._end_season(s)
    assert p.plus2 == 1 and p.vp == 1
    assert game.legal(s, 0) == [TownHall(pay="plus2"), Pass()]
    game.apply(s, 0, TownHall(pay="plus2"))
    assert p.plus2 == 0 and p.vp == 2
    assert s.phase == 6 and s.envoy in (-1, 1)


# ---- R9: recruiting ---------------------------------------------------------------------


def test_recruit_costs_two_goods_or_one_with_barracks(game: Kingsburg, fresh: Make) -> None:
    s = fresh(2)
    s.choices = [None, None]
    s.order = [0, 1]
    for p in s.players:
        p.gold, p.wood = 2, 1
    s.players[1].buildings = ["guard_tower", "blacksmith", "barracks"]
    game._start_recruit(s)
    assert s.turn == 0
    assert max(r.soldiers for r in game.legal(s, 0) if isinstance(r, Recruit)) == 1
    refused(game, s, 0, Recruit(soldiers=1, gold=3), "bad_goods")
    refused(game, s, 0, Recruit(soldiers=1, wood=2), "cannot_afford")
    game.apply(s, 0, Recruit(soldiers=1, gold=1, wood=1))
    assert s.turn == 1 and s.players[0].soldiers == 1
    assert max(r.soldiers for r in game.legal(s, 1) if isinstance(r, Recruit)) == 3
    game.apply(s, 1, Recruit(soldiers=3, gold=2, wood=1))
    recruits = [(e.args["seat"], e.args["soldiers"]) for e in s.log if e.code == "recruit"]
    assert recruits == [(0, 1), (1, 3)]
    # The winter followed: soldiers fought (3 + 2 buildings for seat 1), then went home.
    die = s.battles[0].die
    assert s.battles[0].combat == [1 + die, 5 + die]


def test_soldier_cap_option(game: Kingsburg, fresh: Make) -> None:
    s = fresh(2, soldier_cap=2)
    s.choices = [None, None]
    for p in s.players:
        p.gold = 9
        p.soldiers = 1
    game._start_recruit(s)
    seat = s.turn
    assert [r.soldiers for r in game.legal(s, seat) if isinstance(r, Recruit)] == [1]
    refused(game, s, seat, Recruit(soldiers=2, gold=4), "soldier_cap")


# ---- R10: the battle ---------------------------------------------------------------------


def test_combat_values_and_outcomes() -> None:
    assert rules.combat_value(3, [], 4, "orcs") == 7
    assert rules.combat_value(0, ["guard_tower", "blacksmith", "wizards_guild"], 1, "orcs") == 5
    assert rules.combat_value(0, ["palisade"], 0, "zombies") == 2
    assert rules.combat_value(0, ["palisade"], 0, "orcs") == 1
    assert rules.combat_value(0, ["church"], 0, "demons") == 1
    assert rules.combat_value(0, ["barricade"], 0, "goblins") == 1
    assert rules.combat_value(2, ["farms"], 1, "orcs") == 2
    assert rules.outcome(5, 5, []) == "draw"
    assert rules.outcome(5, 5, ["stone_wall"]) == "win"
    assert rules.outcome(4, 5, ["stone_wall"]) == "loss"
    assert rules.outcome(6, 5, []) == "win"


def test_strongest_bonus_only_for_a_winner() -> None:
    _, results, strongest = rules.battle([5, 5, 1], [[], [], []], 1, "y1_zombies_4")
    assert results == ["win", "win", "loss"] and strongest == [True, True, False]
    # The strongest only draws: nobody gets the bonus.
    _, results, strongest = rules.battle([3, 1], [[], []], 1, "y1_zombies_4")
    assert results == ["draw", "loss"] and strongest == [False, False]


def test_goblins_strength_three_battle(
    game: Kingsburg, fresh: Make, rng_giving: Callable[[int], Any]
) -> None:
    s = fresh(3)
    s.choices = [None] * 3
    s.enemies[0] = "y1_goblins_3"
    s.rng = rng_giving(1)
    a, b, c = s.players
    a.soldiers, a.buildings, a.vp = 2, ["barricade"], 0  # 2 + 1 + die 1 = 4: win
    b.soldiers, b.buildings, b.vp, b.gold = 0, ["guard_tower", "inn"], 1, 1  # 0 + 1 + 1 = 2
    c.soldiers, c.buildings = 1, ["barricade"]  # 1 + 1 + 1 = 3: draw
    game._start_recruit(s)  # nobody can pay for a soldier: straight to the battle
    fought = s.battles[0]
    assert fought.die == 1 and fought.combat == [4, 2, 3]
    assert fought.outcome == ["win", "loss", "draw"]
    assert (a.stone, a.vp) == (1, 1)  # reward + strongest
    assert (b.gold, b.buildings, b.vp) == (0, ["guard_tower"], 1)  # inn: column 1, row 2
    assert c.goods_total() == 0 and c.vp == 0
    assert s.year == 2 and all(p.soldiers == 0 for p in s.players)


def test_penalty_goods_of_choice(
    game: Kingsburg, fresh: Make, rng_giving: Callable[[int], Any]
) -> None:
    s = fresh(2)
    s.choices = [None, None]
    s.enemies[0] = "y1_orcs_3"  # penalty: 2 goods of choice, 1 VP
    s.rng = rng_giving(1)
    p, q = s.players
    p.gold, p.wood = 2, 2
    q.wood = 1
    game._winter(s)
    assert q.wood == 0 and q.vp == -1
    assert game.active(s) == frozenset({0})
    refused(game, s, 0, Goods(stone=2), "cannot_afford")
    refused(game, s, 0, Goods(gold=1), "bad_goods")
    game.apply(s, 0, Goods(gold=1, wood=1))
    assert (p.gold, p.wood, p.vp) == (1, 1, -1)
    assert s.year == 2


def test_fortress_gives_a_point_for_a_win(
    game: Kingsburg, fresh: Make, rng_giving: Callable[[int], Any]
) -> None:
    s = fresh(2)
    s.choices = [None, None]
    s.enemies[0] = "y1_zombies_4"
    s.rng = rng_giving(6)
    s.players[0].buildings = ["palisade", "stable", "stone_wall", "fortress"]
    game._winter(s)
    # 6 + palisade 2 (zombies) + wall 1 + fortress 1 = 10; reward 1 + fortress 1 + strongest 1
    assert s.battles[0].combat == [10, 6]
    assert s.players[0].vp == 3 and s.players[1].vp == 1


# ---- R10.7.2: which building burns ---------------------------------------------------------


def test_destruction_order() -> None:
    assert rules.building_to_destroy([]) is None
    assert rules.building_to_destroy(["inn", "market", "barricade", "crane"]) == "market"
    assert rules.building_to_destroy(["statue", "chapel", "inn", "market", "farms"]) == "farms"
    assert (
        rules.building_to_destroy(["statue", "chapel", "church", "inn", "market", "farms"])
        == "church"
    )
    assert rules.building_to_destroy(["guard_tower", "palisade", "barricade"]) == "guard_tower"


# ---- R12: the end ---------------------------------------------------------------------------


def test_tie_breaks(game: Kingsburg, fresh: Make) -> None:
    s = fresh(4)
    s.step = "over"
    vps = [10, 10, 10, 8]
    goods = [3, 3, 2, 9]
    builds = [["inn"], ["inn", "statue"], ["inn", "statue", "chapel"], []]
    for p, v, g, b in zip(s.players, vps, goods, builds, strict=True):
        p.vp, p.gold, p.buildings = v, g, b
    assert game.result(s).ranks == [2, 1, 3, 4]
    s.players[0].buildings = ["inn", "statue"]
    assert game.result(s).ranks == [1, 1, 3, 4]


def test_cathedral_scores_goods_at_the_end(game: Kingsburg, fresh: Make) -> None:
    s = fresh(2)
    s.year = 5
    p = s.players[0]
    p.buildings = ["statue", "chapel", "church", "cathedral"]
    p.gold, p.wood, p.stone = 3, 2, 2
    game._end_year(s)
    assert p.vp == 3 and p.goods_total() == 7
    assert game.result(s) is not None


# ---- refusals and timing ------------------------------------------------------------------


def test_wrong_seat_wrong_step_and_game_over(game: Kingsburg, fresh: Make, playout: Any) -> None:
    s = fresh(3)
    s.choices[1] = None
    refused(game, s, 1, Goods(gold=1), "not_your_turn")
    refused(game, s, 0, Pass(), "wrong_step")
    refused(game, s, 0, Build(building="statue"), "wrong_step")
    final, _ = playout(2, 3)
    refused(game, final, 0, Pass(), "game_over")


def test_advisor_help_without_an_option_to_decline(game: Kingsburg, influencing: Make) -> None:
    s = influencing([1, 1, 1])
    seat = s.turn
    helped(game, s, seat, 4)
    assert game.legal(s, seat) == [Help(option=0), Help(option=1)]
    refused(game, s, seat, Pass(), "must_choose")
    refused(game, s, seat, Help(option=2), "bad_option")
    refused(game, s, seat, Help(option=0, wood=1), "bad_goods")
    game.apply(s, seat, Help(option=1))
    assert s.players[seat].wood == 1


def test_envoy_twice_on_one_advisor_both_groups_helped_in_turn_order(
    game: Kingsburg, fresh: Make
) -> None:
    s = fresh(3, seed=2)
    s.choices = [None] * 3
    a, b = s.order[0], s.order[2]
    s.board = [
        Group(advisor=8, seat=b, dice=[4, 4]),
        Group(advisor=8, seat=a, dice=[6, 2], envoy=True),
    ]
    game._start_help(s)
    helps = [e.args["seat"] for e in s.log if e.code == "help"]
    assert helps == [a, b]
    assert s.players[a].gold == s.players[b].gold == 2


def test_market_once_a_season(game: Kingsburg, influencing: Make) -> None:
    s = influencing([3, 4, 5], buildings=["inn", "market"])
    seat = s.turn
    game.apply(s, seat, Influence(advisor=4, dice=[0], market=1))
    refused(game, s, seat, Influence(advisor=5, dice=[1], market=1), "market_used")
    assert all(i.market == 0 for i in game.legal(s, seat) if isinstance(i, Influence))


def test_merchants_guild_inn_and_the_aid_die_timing(game: Kingsburg, fresh: Make) -> None:
    s = fresh(2)
    s.choices = [None, None]
    p = s.players[0]
    p.buildings = ["inn", "market", "farms", "merchants_guild"]
    s.aid_seat = 0
    game._start_season(s, "spring")
    assert p.gold == 1 and len(p.dice) == 5 and sum(p.white) == 2
    s.choices = [None, None]
    # Nobody influences, nobody can build: the game runs on to summer's roll.
    game._start_help(s)
    assert s.phase == 4 and s.aid_seat == -1
    assert p.plus2 == 0  # the Inn gives its token at the end of summer only
    assert p.gold == 2 and len(p.dice) == 4


def test_unused_envoy_returns_at_the_next_envoy_phase(game: Kingsburg, fresh: Make) -> None:
    s = fresh(3)
    s.envoy = 1
    for p in s.players:
        p.buildings = ["inn"]
    game._kings_envoy(s)
    assert s.envoy == -1
    assert [e.code for e in s.log[-2:]] == ["envoy_returned", "envoy_none"]


def test_peek_lasts_until_the_winter(
    game: Kingsburg, fresh: Make, rng_giving: Callable[[int], Any]
) -> None:
    s = fresh(2)
    s.choices = [None, None]
    s.players[0].peek = True
    assert game.view(s, 0)["enemy"]["id"] == s.enemies[0]
    assert "enemy" not in game.view(s, 1)
    s.rng = rng_giving(6)
    game._winter(s)
    # Fought: the card is public, and next year's stays hidden from everyone.
    assert game.view(s, 1)["battles"][0]["enemy"] == s.enemies[0]
    assert not s.players[0].peek
    assert all("enemy" not in game.view(s, seat) for seat in (0, 1, None))
