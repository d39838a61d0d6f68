"""The AI's own deals of what a seat cannot see (``determinize``, README "What a seat
cannot see"): the enemy cards of the years not fought yet, and future dice."""

from __future__ import annotations

import random
from collections.abc import Callable

import msgspec

from server.games.base import audience_view
from server.games.kingsburg.data import YEARS, enemies_of_year
from server.games.kingsburg.game import Kingsburg
from server.games.kingsburg.state import State


def _encode(state: State) -> bytes:
    return msgspec.msgpack.encode(state)


def _enemies(game: Kingsburg, s: State, seat: int) -> list[set[str]]:
    """The cards each year held over a few deals."""
    out: list[set[str]] = [set() for _ in range(YEARS)]
    for k in range(40):
        copy = game.determinize(s, seat, random.Random(k))
        assert audience_view(game, copy, seat) == audience_view(game, s, seat)
        assert copy.rng != s.rng
        for year, enemy in enumerate(copy.enemies):
            assert enemy in enemies_of_year(year + 1)
            out[year].add(enemy)
    return out


def test_fought_years_stay_and_the_others_are_drawn_anew(
    game: Kingsburg, fresh: Callable[..., State], drive: Callable[..., State]
) -> None:
    s = drive(fresh(3, seed=2), lambda s: len(s.battles) == 2 and s.year == 3)
    seen = _enemies(game, s, 0)
    assert seen[:2] == [{s.enemies[0]}, {s.enemies[1]}]
    assert all(len(cards) > 1 for cards in seen[2:])


def test_a_seat_that_peeked_keeps_the_years_enemy(
    game: Kingsburg, fresh: Callable[..., State]
) -> None:
    s = fresh(3, seed=3)
    s.players[1].peek = True
    assert _enemies(game, s, 1)[0] == {s.enemies[0]}
    assert len(_enemies(game, s, 0)[0]) > 1  # the others did not see it


def test_the_deal_reads_no_hidden_enemy(game: Kingsburg, fresh: Callable[..., State]) -> None:
    s = fresh(2, seed=4)
    other = msgspec.msgpack.decode(_encode(s), type=State)
    other.enemies = [
        next(e for e in enemies_of_year(y + 1) if e != s.enemies[y]) for y in range(YEARS)
    ]
    assert audience_view(game, other, 0) == audience_view(game, s, 0)
    for k in range(5):
        assert _encode(game.determinize(s, 0, random.Random(k))) == _encode(
            game.determinize(other, 0, random.Random(k))
        )
