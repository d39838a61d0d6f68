"""Ratings: the fold of a game's rating log through OpenSkill's Plackett-Luce model."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from server.accounts import Accounts
from server.broker import MemoryBroker
from server.broker.sqlite import SqliteBroker
from server.ratings import Ladder, RatedGame, RatedSeat, Ratings, places


def game(table: str, *seats: tuple[str, int], ended: float = 1.0) -> RatedGame:
    return RatedGame(
        table=table,
        game_id="g-" + table,
        ended=ended,
        seats=[RatedSeat(who, who.title(), place) for who, place in seats],
    )


def test_the_ratings_are_the_librarys_for_the_same_results() -> None:
    ladder = Ladder(PlackettLuce())
    ladder.fold(game("t1", ("ada", 1), ("ben", 2), ("cem", 3)))
    ladder.fold(game("t2", ("cem", 1), ("ada", 1), ("ben", 3)))  # a tie for first

    model = PlackettLuce()
    ada, ben, cem = model.rating(), model.rating(), model.rating()
    [[ada], [ben], [cem]] = model.rate([[ada], [ben], [cem]], ranks=[1, 2, 3])
    [[cem], [ada], [ben]] = model.rate([[cem], [ada], [ben]], ranks=[1, 1, 3])
    for who, expected in (("ada", ada), ("ben", ben), ("cem", cem)):
        s = ladder.standings[who]
        assert (s.mu, s.sigma) == pytest.approx((expected.mu, expected.sigma))
        assert s.rating == pytest.approx(expected.ordinal())
    assert [ladder.standings[w].wins for w in ("ada", "ben", "cem")] == [2, 0, 1]
    assert [ladder.standings[w].games for w in ("ada", "ben", "cem")] == [2, 2, 2]


def test_a_resigned_player_is_placed_last() -> None:
    assert places([1, 2, 3], [True, False, False]) == [4, 2, 3]
    assert places([2, 1, 1], [False, True, True]) == [2, 3, 3]
    assert places([1, 2], [True, True]) == [1, 1]


def test_a_table_is_rated_once_even_when_its_line_comes_twice() -> None:
    ladder = Ladder(PlackettLuce())
    ladder.fold(game("t1", ("ada", 1), ("ben", 2)))
    once = ladder.standings["ada"].mu
    ladder.fold(game("t1", ("ada", 1), ("ben", 2)))
    assert ladder.standings["ada"].games == 1 and ladder.standings["ada"].mu == once


def test_two_seats_of_one_ai_level_give_the_level_their_mean() -> None:
    ladder = Ladder(PlackettLuce())
    ladder.fold(game("t1", ("ada", 2), ("ai:strong", 1), ("ai:strong", 3)))
    model = PlackettLuce()
    [[_], [first], [third]] = model.rate(
        [[model.rating()], [model.rating()], [model.rating()]], ranks=[2, 1, 3]
    )
    strong = ladder.standings["ai:strong"]
    assert strong.mu == pytest.approx((first.mu + third.mu) / 2)
    assert strong.sigma == pytest.approx((first.sigma + third.sigma) / 2)
    assert (strong.games, strong.wins, strong.ai) == (1, 1, True)
    assert not ladder.standings["ada"].ai


def test_the_ranking_is_by_rating_then_games_then_name() -> None:
    ladder = Ladder(PlackettLuce())
    ladder.fold(game("t1", ("ada", 1), ("ben", 2)))
    ladder.fold(game("t2", ("cem", 1), ("dan", 1)))  # equal: cem and dan tie
    ladder.fold(game("t3", ("eva", 1), ("fay", 1)))
    ladder.fold(game("t4", ("eva", 1), ("fay", 1)))
    order = [s.who for s in ladder.best_first()]
    assert order[0] == "ada" and order[-1] == "ben"
    ratings = [s.rating for s in ladder.best_first()]
    assert ratings == sorted(ratings, reverse=True)
    # cem and dan have the same figure and games: by name; eva and fay likewise.
    assert order.index("cem") + 1 == order.index("dan")
    assert order.index("eva") + 1 == order.index("fay")


def test_a_new_player_is_provisional_for_five_games() -> None:
    ladder = Ladder(PlackettLuce())
    for n in range(5):
        assert all(s.provisional for s in ladder.standings.values())
        ladder.fold(game(f"t{n}", ("ada", 1), ("ben", 2), ended=float(n)))
    ada = ladder.standings["ada"]
    assert not ada.provisional and ada.last == 4.0
    assert [when for when, _ in ada.history] == [0.0, 1.0, 2.0, 3.0, 4.0]
    assert [r for _, r in ada.history] == sorted(r for _, r in ada.history)


async def test_every_process_folds_the_same_ranking_from_the_log() -> None:
    broker = MemoryBroker()
    here, there = Ratings(broker, Accounts(broker)), Ratings(broker, Accounts(broker))
    await here.record("carcassonne", game("t1", ("ada", 1), ("ben", 2)))
    first = await here.ladder("carcassonne")
    await there.record("carcassonne", game("t2", ("ben", 1), ("ada", 2)))
    await there.record("carcassonne", game("t1", ("ada", 1), ("ben", 2)))  # again
    a, b = await here.ladder("carcassonne"), await there.ladder("carcassonne")
    assert first is a and a.read == 3
    assert {w: (s.mu, s.games) for w, s in a.standings.items()} == {
        w: (s.mu, s.games) for w, s in b.standings.items()
    }
    assert a.standings["ada"].games == 2
    assert (await here.ladder("stone_age")).standings == {}


async def test_ratings_come_back_after_a_restart(tmp_path) -> None:
    broker = SqliteBroker(tmp_path)
    await Ratings(broker, Accounts(broker)).record(
        "kingsburg", game("t1", ("ada", 1), ("ai:greedy", 2))
    )
    before = (await Ratings(broker, Accounts(broker)).ladder("kingsburg")).standings["ada"].mu
    await broker.close()
    again = SqliteBroker(tmp_path)
    try:
        after = (await Ratings(again, Accounts(again)).ladder("kingsburg")).standings
        assert after["ada"].mu == before and after["ai:greedy"].games == 1
    finally:
        await again.close()
