"""The view: what each audience sees, and the end-of-game refill corner cases."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from server.games.alhambra.data import TILE_IDS, coin
from server.games.alhambra.game import Alhambra
from server.games.alhambra.state import Buy, Place, Reserve, State, Take
from server.games.base import IllegalIntent, audience_view

Fresh = Callable[..., State]


def test_each_seat_sees_its_own_coins_and_only_counts_of_the_others(
    game: Alhambra, fresh: Fresh
) -> None:
    s = fresh(4, 3)
    for seat in range(4):
        v = game.view(s, seat)
        assert v["hand"] == [
            {"c": ["yellow", "orange", "blue", "green"][c // 10], "v": c % 10}
            for c in s.hands[seat]
        ]
        assert v["hand_counts"] == [len(h) for h in s.hands]
        assert v["dirk"] is None and v["dirk_score"] is None
        assert len(v["display"]) == 4 and len(v["market"]) == 4
        assert v["bag"] == len(s.bag) and v["deck"] == len(s.deck)
    spectator = audience_view(game, s, None)
    assert spectator["hand"] is None and spectator["legal"] == []
    text = json.dumps(spectator)
    assert "bag_order" not in text and json.loads(text) == spectator


def test_two_player_view_shows_dirk_per_type_only(game: Alhambra, fresh: Fresh) -> None:
    s = fresh(2, 5)
    v = game.view(s, 0)
    assert sum(v["dirk"]) == 6 and len(v["dirk"]) == 6
    assert not any(TILE_IDS[t] in json.dumps(v) for t in s.dirk)  # which tiles: hidden
    assert v["dirk_score"] == 0


def test_view_is_deterministic(game: Alhambra, fresh: Fresh) -> None:
    a, b = fresh(3, 9), fresh(3, 9)
    assert json.dumps(game.view(a, 1)) == json.dumps(game.view(b, 1))


def test_identical_coins_on_offer_give_one_take(game: Alhambra, fresh: Fresh) -> None:
    s = fresh(3)
    s.display = [coin(0, 7), coin(0, 7), coin(1, 8), coin(2, 9)]
    takes = [i for i in game.legal(s, s.turn) if isinstance(i, Take)]
    assert takes == [Take([0]), Take([2]), Take([3])]


def test_a_bag_that_empties_with_a_full_market_does_not_end_the_game(
    game: Alhambra, fresh: Fresh
) -> None:
    s = fresh(3)
    seat = s.turn
    s.removed.extend(s.bag[:-1])  # one tile left in the bag
    s.bag = [s.bag[-1]]
    s.removed.append(s.market[2])  # slot 2 emptied (as if bought)
    s.market[2] = -1
    s.display = [coin(3, 9)]
    game.apply(s, seat, Take([0]))
    assert s.bag == [] and -1 not in s.market and s.phase == "action"


def test_refill_goes_left_to_right_so_leftovers_sit_left(
    game: Alhambra, fresh: Fresh, take_out: Any
) -> None:
    s = fresh(3)
    seat = s.turn
    rich = (seat + 1) % 3
    last = s.bag[-1]
    s.removed.extend(s.bag[:-1])
    s.bag = [last]
    s.removed.extend([s.market[1], s.market[3]])
    s.market[1] = s.market[3] = -1
    for h in s.hands:
        h[:] = []
    s.hands[rich] = [coin(1, 1)]  # orange: slot 1 takes the last tile from the bag
    s.display = [coin(3, 9)]
    game.apply(s, seat, Take([0]))
    assert s.phase == "leftover" and s.leftovers[rich] == [last]
    assert game.active(s) == {rich}
    moves = game.legal(s, rich)
    assert Reserve(TILE_IDS[last]) in moves
    try:
        game.apply(s, rich, Place(TILE_IDS[s.removed[0]], 1, 0))
    except IllegalIntent as e:
        assert e.code == "not_pending"
    else:
        raise AssertionError("a tile that is not the seat's leftover was placed")
    game.apply(s, rich, Reserve(TILE_IDS[last]))
    assert s.phase == "over"


def test_leftover_recipients_act_at_the_same_time(game: Alhambra, fresh: Fresh) -> None:
    s = fresh(3)
    seat = s.turn
    a, b = (seat + 1) % 3, (seat + 2) % 3
    s.removed.extend(s.bag)
    s.bag = []
    for h in s.hands:
        h[:] = []
    s.hands[seat] = [coin(0, 9)]
    s.hands[a] = [coin(1, 2)]
    s.hands[b] = [coin(2, 3), coin(3, 1)]
    market = list(s.market)
    game.apply(s, seat, Buy(0, [9]))
    game.apply(s, seat, Reserve(TILE_IDS[market[0]]))
    assert s.phase == "leftover"
    assert s.leftovers[a] == [market[1]] and s.leftovers[b] == [market[2], market[3]]
    assert game.active(s) == {a, b}
    game.apply(s, b, Reserve(TILE_IDS[market[3]]))
    game.apply(s, a, Reserve(TILE_IDS[market[1]]))
    assert game.active(s) == {b}
    game.apply(s, b, Reserve(TILE_IDS[market[2]]))
    assert game.result(s) is not None


def test_a_take_leaves_the_other_parts_of_the_views_the_same_objects(
    game: Alhambra, fresh: Fresh
) -> None:
    """The room diffs each view with the one before and passes over a part that is
    the very same object at once: a take of money changes the display, a hand and
    the counts, and every other part of every view stays the object it was."""
    s = fresh(4, 3)
    seat = s.turn
    before = game.views(s, [0, 1, 2, 3, None])
    take = next(i for i in game.legal(s, seat) if isinstance(i, Take))
    s = game.apply(s, seat, take)
    after = game.views(s, [0, 1, 2, 3, None])
    changed = {"display", "hand_counts", "turn", "log", "deck", "discard"}
    for audience, view in after.items():
        for k, v in view.items():
            mine = k == "hand" and audience == seat
            if k not in changed and not mine and isinstance(v, list):
                assert v is before[audience][k], (audience, k)
    assert after[seat]["hand"] is not before[seat]["hand"]
    # Shared by the audiences, too.
    assert all(view["market"] is after[None]["market"] for view in after.values())
