"""Rules of play on crafted states: setup, money, buying and extra actions,
redesign, placement, scorings, the end of the game and the two-player rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from server.games.alhambra.data import (
    SCORING_1,
    SCORING_2,
    TILE_IDS,
    TILE_INDEX,
    TYPES,
    coin,
    value_of,
)
from server.games.alhambra.game import Alhambra, majority_points
from server.games.alhambra.state import (
    Build,
    Buy,
    Done,
    GiveDirk,
    Pass,
    Place,
    Reserve,
    State,
    Swap,
    Take,
    Unbuild,
)
from server.games.base import IllegalIntent

Y, OR, B, G = 0, 1, 2, 3
Fresh = Callable[..., State]
Build_ = Callable[[State, int, list[tuple[int, int, str]]], None]


def expect(game: Alhambra, state: State, seat: int, intent: Any, code: str) -> None:
    import msgspec

    before = msgspec.msgpack.encode(state)
    with pytest.raises(IllegalIntent) as info:
        game.apply(state, seat, intent)
    assert info.value.code == code
    assert msgspec.msgpack.encode(state) == before


def put_in_market(
    state: State, take_out: Callable[[State, int], None], slot: int, tile_id: str
) -> int:
    t = TILE_INDEX[tile_id]
    if state.market[slot] == t:
        return t
    take_out(state, t)
    state.bag.append(state.market[slot])
    state.market[slot] = t
    return t


# --- setup ---------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_setup(fresh: Fresh, seats: int) -> None:
    for seed in range(12):
        s = fresh(seats, seed)
        hands = s.hands
        assert all(sum(value_of(c) for c in h) >= 20 for h in hands)
        key = [(len(h), sum(value_of(c) for c in h), i) for i, h in enumerate(hands)]
        assert s.turn == min(key)[2]
        assert len(s.display) == 4 and -1 not in s.market
        assert len(s.dirk) == (6 if seats == 2 else 0)
        assert len(s.bag) == 54 - 4 - len(s.dirk)
        assert sorted(c for c in s.deck if c < 0) == [SCORING_2, SCORING_1]
        coins = [c for c in s.deck if c > 0] + s.display + [c for h in hands for c in h]
        assert len(coins) == (72 if seats == 2 else 108)
        # the deck below the starting money, top first, cut in five piles
        top_down = s.display + s.deck[::-1]
        n = len(top_down) - 2
        p1, p2 = top_down.index(SCORING_1), top_down.index(SCORING_2) - 1
        assert n // 5 <= p1 <= 2 * n // 5
        assert 3 * n // 5 <= p2 <= 4 * n // 5


def test_setup_is_deterministic_and_seeds_differ(fresh: Fresh) -> None:
    a, b, c = fresh(4, 7), fresh(4, 7), fresh(4, 8)
    assert a == b and a != c


# --- money -----------------------------------------------------------------------------


def takes(game: Alhambra, s: State) -> set[tuple[int, ...]]:
    return {
        tuple(sorted(s.display[i] for i in t.coins))
        for t in game.legal(s, s.turn)
        if isinstance(t, Take)
    }


def test_bsw_example_of_maximal_takes(game: Alhambra, fresh: Fresh) -> None:
    s = fresh(3)
    s.display = [coin(B, 7), coin(Y, 3), coin(Y, 4), coin(G, 1)]
    assert takes(game, s) == {
        (coin(B, 7),),
        (coin(Y, 3), coin(G, 1)),
        (coin(Y, 4), coin(G, 1)),
    }
    expect(game, s, s.turn, Take([1]), "take_more")
    expect(game, s, s.turn, Take([3]), "take_more")
    expect(game, s, s.turn, Take([1, 2]), "too_much_money")
    expect(game, s, s.turn, Take([0, 3]), "too_much_money")
    expect(game, s, s.turn, Take([]), "bad_coins")
    expect(game, s, s.turn, Take([4]), "bad_coins")
    expect(game, s, s.turn, Take([1, 1]), "bad_coins")


def test_without_the_bsw_flag_any_take_up_to_five_is_legal(game: Alhambra, fresh: Fresh) -> None:
    s = fresh(3, take_money_must_be_maximal=False)
    s.display = [coin(B, 7), coin(Y, 3), coin(Y, 4), coin(G, 1)]
    assert takes(game, s) == {
        (coin(B, 7),),
        (coin(Y, 3),),
        (coin(Y, 4),),
        (coin(G, 1),),
        (coin(Y, 3), coin(G, 1)),
        (coin(Y, 4), coin(G, 1)),
    }


def test_taking_money_fills_the_hand_and_ends_the_turn(game: Alhambra, fresh: Fresh) -> None:
    s = fresh(3)
    s.display = [coin(B, 2), coin(Y, 2), coin(OR, 1), coin(G, 9)]
    seat = s.turn
    hand = list(s.hands[seat])
    deck = len(s.deck)
    game.apply(s, seat, Take([0, 1, 2]))
    assert sorted(s.hands[seat]) == sorted(hand + [coin(B, 2), coin(Y, 2), coin(OR, 1)])
    assert s.turn == (seat + 1) % 3 and s.phase == "action"
    assert len(s.display) == 4 and s.display[0] == coin(G, 9)  # refilled at the end of turn
    assert len(s.deck) < deck


def test_display_refill_reshuffles_the_discard_pile(game: Alhambra, fresh: Fresh) -> None:
    s = fresh(3)
    s.deck = []
    s.discard = [coin(Y, 1), coin(Y, 2), coin(OR, 3)]
    s.display = [coin(G, 1)]
    game.apply(s, s.turn, Take([0]))
    assert sorted(s.display) == sorted([coin(Y, 1), coin(Y, 2), coin(OR, 3)])  # only three left
    assert s.deck == [] and s.discard == []
    assert any(e.code == "reshuffle" for e in s.log)


# --- buying ----------------------------------------------------------------------------


def test_buy_is_paid_in_the_currency_of_the_slot(
    game: Alhambra, fresh: Fresh, take_out: Any
) -> None:
    s = fresh(3)
    seat = s.turn
    t = put_in_market(s, take_out, 2, "garden_08_NE")  # blue slot, price 8
    s.hands[seat] = sorted([coin(Y, 9), coin(B, 5), coin(B, 2), coin(B, 6)])
    expect(game, s, seat, Buy(2, [9]), "coins_not_in_hand")  # yellow 9 does not pay blue
    expect(game, s, seat, Buy(2, [5, 2]), "not_enough")
    expect(game, s, seat, Buy(2, [5, 5]), "coins_not_in_hand")
    expect(game, s, seat, Buy(2, []), "bad_payment")
    expect(game, s, seat, Buy(2, [0]), "bad_payment")
    expect(game, s, seat, Buy(7, [5]), "bad_slot")
    buys = [i for i in game.legal(s, seat) if isinstance(i, Buy) and i.slot == 2]
    assert sorted(sorted(b.values) for b in buys) == [[2, 6], [5, 6]]
    # overpaying (5 + 6 = 11 for 8) is legal but not exact: the action phase ends
    game.apply(s, seat, Buy(2, [5, 6]))
    assert s.hands[seat] == sorted([coin(Y, 9), coin(B, 2)])
    assert s.discard[-2:] == [coin(B, 6), coin(B, 5)]
    assert s.bought == [t] and s.market[2] == -1 and s.phase == "placement" and not s.extra
    expect(game, s, seat, Take([0]), "wrong_phase")


def test_exact_payment_gives_another_action_again_and_again(
    game: Alhambra, fresh: Fresh, take_out: Any
) -> None:
    s = fresh(3)
    seat = s.turn
    a = put_in_market(s, take_out, 0, "pavilion_02_NEW")
    b = put_in_market(s, take_out, 1, "seraglio_03_ESW")
    s.hands[seat] = sorted([coin(Y, 2), coin(OR, 1), coin(OR, 2), coin(G, 1)])
    s.display = [coin(G, 9)]
    game.apply(s, seat, Buy(0, [2]))
    assert s.extra and s.phase == "action" and game.active(s) == {seat}
    game.apply(s, seat, Buy(1, [1, 2]))
    assert s.extra and s.bought == [a, b] and s.market[:2] == [-1, -1]
    # bought tiles are not in the reserve: no redesign with them
    expect(game, s, seat, Build(TILE_IDS[a], 0, 1), "not_in_reserve")
    game.apply(s, seat, Take([0]))  # the extra action, which ends the action phase
    assert s.phase == "placement" and not s.extra
    moves = game.legal(s, seat)
    assert Reserve(TILE_IDS[a]) in moves and Place(TILE_IDS[a], 0, 1) in moves
    assert not any(isinstance(m, GiveDirk) for m in moves)  # three players: no Dirk
    expect(game, s, seat, GiveDirk(TILE_IDS[a]), "no_gift")
    expect(game, s, seat, Place(TILE_IDS[a], 0, -1), "walls_mismatch")
    game.apply(s, seat, Place(TILE_IDS[a], 0, 1))
    assert game.active(s) == {seat} and s.phase == "placement"
    game.apply(s, seat, Reserve(TILE_IDS[b]))
    assert s.reserves[seat] == [b] and [p.tile for p in s.cities[seat]] == [a]
    assert s.phase == "action" and s.turn == (seat + 1) % 3
    assert -1 not in s.market  # refilled at the end of the turn


def test_an_extra_action_without_any_possibility_ends_the_action_phase(
    game: Alhambra, fresh: Fresh, take_out: Any
) -> None:
    s = fresh(3)
    seat = s.turn
    put_in_market(s, take_out, 0, "pavilion_02_NEW")
    s.hands[seat] = [coin(Y, 2)]
    s.display = []
    s.deck = []
    game.apply(s, seat, Buy(0, [2]))
    assert s.phase == "placement" and not s.extra


def test_optional_extra_action(game: Alhambra, fresh: Fresh, take_out: Any) -> None:
    for optional in (False, True):
        s = fresh(3, extra_action_optional=optional)
        seat = s.turn
        put_in_market(s, take_out, 0, "pavilion_02_NEW")
        s.hands[seat] = [coin(Y, 2)]
        expect(game, s, seat, Done(), "not_allowed")
        game.apply(s, seat, Buy(0, [2]))
        assert s.extra
        if optional:
            assert Done() in game.legal(s, seat)
            game.apply(s, seat, Done())
            assert s.phase == "placement"
        else:
            assert Done() not in game.legal(s, seat)
            expect(game, s, seat, Done(), "not_allowed")


def test_pass_only_without_any_action(game: Alhambra, fresh: Fresh) -> None:
    s = fresh(3)
    seat = s.turn
    expect(game, s, seat, Pass(), "must_act")
    s.display, s.deck, s.discard = [], [], []
    s.hands[seat] = [coin(Y, 1)]
    assert game.legal(s, seat) == [Pass()]
    game.apply(s, seat, Pass())
    assert s.turn == (seat + 1) % 3


def test_wrong_seat_is_refused(game: Alhambra, fresh: Fresh) -> None:
    s = fresh(3)
    other = (s.turn + 1) % 3
    assert game.legal(s, other) == []
    expect(game, s, other, game.legal(s, s.turn)[0], "not_your_turn")


# --- redesign --------------------------------------------------------------------------


def test_redesign_actions(game: Alhambra, fresh: Fresh, build: Build_, take_out: Any) -> None:
    s = fresh(3)
    seat = s.turn
    build(s, seat, [(1, 0, "garden_10_none"), (2, 0, "garden_11_none")])
    w = TILE_INDEX["pavilion_07_E"]
    take_out(s, w)
    s.reserves[seat] = [w]
    moves = game.legal(s, seat)
    assert Unbuild(2, 0) in moves and Unbuild(1, 0) not in moves
    assert Swap("pavilion_07_E", 2, 0) in moves and Swap("pavilion_07_E", 1, 0) not in moves
    assert Build("pavilion_07_E", 1, 1) in moves and Build("pavilion_07_E", -1, 0) not in moves
    expect(game, s, seat, Unbuild(1, 0), "not_walkable")
    expect(game, s, seat, Unbuild(0, 0), "fountain")
    expect(game, s, seat, Unbuild(5, 5), "no_tile")
    expect(game, s, seat, Swap("pavilion_07_E", 1, 0), "walls_mismatch")
    expect(game, s, seat, Swap("pavilion_07_E", 0, 0), "fountain")
    expect(game, s, seat, Build("pavilion_07_E", -1, 0), "walls_mismatch")
    expect(game, s, seat, Build("pavilion_07_E", 3, 3), "not_adjacent")
    expect(game, s, seat, Build("garden_10_none", 0, 1), "not_in_reserve")
    expect(game, s, seat, Build("nothing", 0, 1), "unknown_tile")
    game.apply(s, seat, Swap("pavilion_07_E", 2, 0))
    assert [p.tile for p in s.cities[seat]] == [TILE_INDEX["garden_10_none"], w]
    assert s.reserves[seat] == [TILE_INDEX["garden_11_none"]]
    assert s.turn != seat  # a redesign ends the action phase


# --- scoring ---------------------------------------------------------------------------

GARDEN, TOWER = TYPES.index("garden"), TYPES.index("tower")


def counts(*per: dict[int, int]) -> list[list[int]]:
    return [[p.get(t, 0) for t in range(6)] for p in per]


def test_seed_example_round_one_garden_tie() -> None:
    """R-9.2.4: the Brettspielwelt page's first tie example."""
    pts = majority_points(counts({GARDEN: 3}, {GARDEN: 3}, {GARDEN: 1}), 1)
    assert [p[GARDEN] for p in pts] == [2, 2, 0]  # 5 / 2 = 2 each


def test_seed_example_round_two_tower_tie_of_three() -> None:
    """R-9.2.4: the Brettspielwelt page's second tie example."""
    pts = majority_points(counts({TOWER: 2}, {TOWER: 2}, {TOWER: 2}, {TOWER: 1}), 2)
    assert [p[TOWER] for p in pts] == [6, 6, 6, 0]  # (13 + 6) / 3 = 6 each


def test_majorities_places_after_a_tie_and_zero_counts() -> None:
    pts = majority_points(counts({TOWER: 4}, {TOWER: 2}, {TOWER: 2}, {}, {TOWER: 1}), 3)
    # 1st 21; 2nd and 3rd shared (13 + 6) // 2 = 9; the one tower is 4th: nothing
    assert [p[TOWER] for p in pts] == [21, 9, 9, 0, 0]
    pts = majority_points(counts({GARDEN: 1}, {}), 3)
    assert [p[GARDEN] for p in pts] == [20, 0]  # count 0 is never ranked (D9)
    pts = majority_points(counts({GARDEN: 2}, {GARDEN: 2}, {GARDEN: 2}, {GARDEN: 2}), 3)
    assert [p[GARDEN] for p in pts] == [9, 9, 9, 9]  # (20 + 12 + 5 + 0) // 4


def test_a_scoring_card_scores_after_the_turn(game: Alhambra, fresh: Fresh, build: Build_) -> None:
    s = fresh(3)
    seat = s.turn
    other = (seat + 1) % 3
    build(s, seat, [(0, 1, "pavilion_02_NEW"), (1, 0, "garden_10_none")])
    build(s, other, [(1, 0, "garden_11_none"), (-1, 0, "tower_12_none")])
    s.display = [coin(Y, 9)]
    s.deck.append(SCORING_1)  # the next card drawn
    before = list(s.scores)
    game.apply(s, seat, Take([0]))
    assert s.rounds == 1
    gained = [a - b for a, b in zip(s.scores, before, strict=True)]
    # pavilion 1 + garden tie (5 // 2 = 2) + wall 3; other: garden 2 + tower 6
    expected = [0, 0, 0]
    expected[seat] = 1 + 2 + 3
    expected[other] = 2 + 6
    assert gained == expected
    assert len(s.display) == 4 and SCORING_1 not in s.display
    entry = next(e for e in s.log if e.code == "scoring")
    assert entry.args["round"] == 1 and entry.args["walls"][seat] == 3


# --- end of game -----------------------------------------------------------------------


def test_end_of_game_gives_leftovers_to_the_richest(
    game: Alhambra, fresh: Fresh, take_out: Any
) -> None:
    s = fresh(3)
    seat = s.turn
    a, b = (seat + 1) % 3, (seat + 2) % 3
    put_in_market(s, take_out, 0, "pavilion_02_NEW")
    orange = put_in_market(s, take_out, 1, "garden_10_none")
    blue = put_in_market(s, take_out, 2, "tower_12_none")
    green = put_in_market(s, take_out, 3, "chambers_10_none")
    s.removed.extend(s.bag)
    s.bag = []
    s.hands[seat] = sorted([coin(Y, 5), coin(OR, 4), coin(B, 3)])
    s.hands[a] = sorted([coin(OR, 2), coin(OR, 3), coin(B, 3)])
    s.hands[b] = sorted([coin(OR, 1), coin(B, 1), coin(B, 2)])
    game.apply(s, seat, Buy(0, [5]))  # not exact: straight to the placement
    game.apply(s, seat, Place("pavilion_02_NEW", 0, 1))
    # orange: a has 5 (> 4 > 1); blue: seat and b tie at 3; green: nobody has any
    assert s.phase == "leftover" and s.leftovers[a] == [orange]
    assert blue in s.removed and green in s.removed
    assert game.active(s) == {a} and game.result(s) is None
    assert game.legal(s, a)[-1] == Reserve(TILE_IDS[orange])
    assert not any(isinstance(m, GiveDirk) for m in game.legal(s, a))
    expect(game, s, seat, Reserve(TILE_IDS[orange]), "not_your_turn")
    game.apply(s, a, Place(TILE_IDS[orange], 1, 0))
    assert s.phase == "over" and s.rounds == 3
    result = game.result(s)
    assert result is not None
    # round 3: pavilion 16 + wall 3 for seat; garden 20 for a
    assert s.scores[seat] == 19 and s.scores[a] == 20 and s.scores[b] == 0
    assert result.ranks[a] == 1 and result.ranks[seat] == 2
    expect(game, s, a, Reserve(TILE_IDS[orange]), "game_over")


def test_leftover_to_nobody_ends_the_game_at_once(game: Alhambra, fresh: Fresh) -> None:
    s = fresh(3)
    for h in s.hands:
        h[:] = []
    s.removed.extend(s.bag)
    s.bag = []
    s.display = [coin(OR, 9)]
    s.removed.append(s.market[1])
    s.market[1] = -1  # as if bought earlier: the orange 9 will not win a tile
    game.apply(s, s.turn, Take([0]))
    assert len(s.removed) == 54 and all(
        e.args["seat"] is None for e in s.log if e.code == "leftover"
    )
    assert s.phase == "over" and game.result(s) is not None


# --- two players: Dirk -----------------------------------------------------------------


def test_dirk_takes_six_tiles_after_scoring_one_and_a_third_after_two(
    game: Alhambra, fresh: Fresh
) -> None:
    s = fresh(2)
    assert len(s.dirk) == 6
    s.display = [coin(Y, 9)]
    s.deck.append(SCORING_1)
    bag = len(s.bag)
    game.apply(s, s.turn, Take([0]))
    assert s.rounds == 1 and len(s.dirk) == 12 and len(s.bag) == bag - 6
    s.display = [coin(Y, 9)]
    s.deck.append(SCORING_2)
    bag = len(s.bag)
    game.apply(s, s.turn, Take([0]))
    assert s.rounds == 2 and len(s.dirk) == 12 + bag // 3 and len(s.bag) == bag - bag // 3


def test_dirk_takes_what_is_left_when_fewer_than_six(game: Alhambra, fresh: Fresh) -> None:
    s = fresh(2)
    s.removed.extend(s.bag[3:])
    del s.bag[3:]
    s.display = [coin(Y, 9)]
    s.deck.append(SCORING_1)
    game.apply(s, s.turn, Take([0]))
    assert len(s.dirk) == 9 and s.bag == []


def test_gift_to_dirk_and_dirk_in_the_majorities(
    game: Alhambra, fresh: Fresh, take_out: Any, build: Build_
) -> None:
    s = fresh(2)
    seat = s.turn
    other = 1 - seat
    t = put_in_market(s, take_out, 0, "tower_07_NEW")
    s.hands[seat] = [coin(Y, 9)]
    game.apply(s, seat, Buy(0, [9]))
    assert GiveDirk("tower_07_NEW") in game.legal(s, seat)
    game.apply(s, seat, GiveDirk("tower_07_NEW"))
    assert t in s.dirk and s.phase == "action" and s.turn == other
    view = game.view(s, other)
    assert view["dirk"][TOWER] == sum(1 for d in s.dirk if TILE_IDS[d].startswith("tower_"))
    assert sum(view["dirk"]) == 7
    # Dirk with the most towers pushes a player with one tower to second place
    for d in list(s.dirk):
        s.dirk.remove(d)
        s.removed.append(d)
    s.dirk = [TILE_INDEX["tower_08_NES"], TILE_INDEX["tower_09_ES"]]
    build(s, other, [(1, 0, "tower_11_none")])
    s.display = [coin(Y, 9)]
    s.deck.append(SCORING_2)
    before = list(s.scores)
    s.rounds = 1
    game.apply(s, other, Take([0]))
    assert s.scores[other] - before[other] == 6  # second place in round 2
    assert s.dirk_score == 13
