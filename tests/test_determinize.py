"""``Game.determinize``, checked for every game of the hall at random mid-game positions
and for several seats (the one to move and others): the seat cannot tell the copy from
the position, the position is left alone, the copy plays on to the end, the copy
depends only on what the seat sees and on the generator (so the strong AI, which
searches such copies, cannot read the real hidden parts), and something is dealt anew.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import msgspec
import pytest

from server import games
from server.games.base import Game, audience_view

SEEDS = (1, 2, 3)
# Where to stop the random game, as a share of its length: early, middle, late.
STOPS = (0.15, 0.5, 0.85)
# Random moves a copy plays on for at most (every game here ends well before).
PLAY_ON = 5000


def hall_games() -> list[str]:
    """The registered games that are the hall's own (the tests register a toy game
    too, which keeps a secret the default determinize does not re-deal)."""
    return [n for n in games.names() if type(games.get(n)).__module__.startswith("server.games.")]


def _options(name: str) -> list[Any]:
    """The default options, and those that hide more where a game has such an option."""
    game = games.get(name)
    out = [game.Options()]
    if name == "stone_age":
        out.append(game.Options(hidden_cards=True))
    if name == "carcassonne":  # the River is a pile of its own, dealt in its place
        out.append(game.Options(fluss=True))
    return out


@functools.cache
def positions(name: str) -> list[tuple[int, bytes]]:
    """Random legal games stopped early, midway and late: (seats, encoded state), for
    the fewest and the most seats and a count between, with each option set."""
    game = games.get(name)
    counts = sorted({game.min_seats, (game.min_seats + game.max_seats) // 2, game.max_seats})
    out: list[tuple[int, bytes]] = []
    for options in _options(name):
        for seed in SEEDS:
            seats = counts[seed % len(counts)]
            pick = random.Random(seed)
            state = game.setup(seats, options, seed)
            trail: list[bytes] = []
            while game.result(state) is None:
                trail.append(msgspec.msgpack.encode(state))
                movers = [s for s in sorted(game.active(state)) if game.legal(state, s)]
                seat = pick.choice(movers)
                state = game.apply(state, seat, pick.choice(game.legal(state, seat)))
            out.extend((seats, trail[int(share * len(trail))]) for share in STOPS)
    return out


def cases(name: str) -> list[tuple[Game, Any, int]]:
    """(game, state, seat) for every position and seat: the seat to move and the others."""
    game = games.get(name)
    return [
        (game, msgspec.msgpack.decode(data, type=game.State), seat)
        for seats, data in positions(name)
        for seat in range(seats)
    ]


def encode(state: Any) -> bytes:
    return msgspec.msgpack.encode(state)


@pytest.mark.parametrize("name", hall_games())
def test_the_seat_cannot_tell_the_copy_and_the_position_is_left_alone(name: str) -> None:
    for game, state, seat in cases(name):
        before = encode(state)
        seen = audience_view(game, state, seat)
        public = audience_view(game, state, None)
        for k in (0, 1):
            copy = game.determinize(state, seat, random.Random(k))
            assert encode(state) == before  # (b)
            assert copy is not state
            assert audience_view(game, copy, seat) == seen  # (a), legal included
            # What spectators see is public, so a re-deal keeps it too.
            assert audience_view(game, copy, None) == public


@pytest.mark.parametrize("name", hall_games())
def test_the_copy_plays_on_to_the_end(name: str) -> None:
    for i, (game, state, seat) in enumerate(cases(name)):
        copy = game.determinize(state, seat, random.Random(i))
        pick = random.Random(i)
        for _ in range(PLAY_ON):  # (c)
            if game.result(copy) is not None:
                break
            movers = [s for s in sorted(game.active(copy)) if game.legal(copy, s)]
            assert movers, f"{name}: the copy is stuck"
            mover = pick.choice(movers)
            copy = game.apply(copy, mover, pick.choice(game.legal(copy, mover)))
        assert game.result(copy) is not None


@pytest.mark.parametrize("name", hall_games())
def test_the_copy_depends_only_on_what_the_seat_sees(name: str) -> None:
    """(d) Re-deal once (``other`` is a position the seat cannot tell from the real
    one); a re-deal of either with the same generator gives the same copy. This cannot
    see a hidden part that determinize forgets to re-deal (both would keep it): each
    game's own tests swap its hidden parts by hand and check the deals stay equal."""
    for game, state, seat in cases(name):
        other = game.determinize(state, seat, random.Random(1))
        assert encode(game.determinize(state, seat, random.Random(7))) == encode(
            game.determinize(other, seat, random.Random(7))
        )


@pytest.mark.parametrize("name", hall_games())
def test_something_is_dealt_anew(name: str) -> None:
    """(e) At some position, some re-deal differs from the real one in more than the
    dice generator: the game hides cards or piles and determinize re-deals them."""
    game = games.get(name)
    if type(game).determinize is Game.determinize:
        pytest.skip(f"{name} keeps the default: its only secret is future dice")
    differs = 0
    for game, state, seat in cases(name):
        for k in range(4):
            copy = game.determinize(state, seat, random.Random(k))
            if hasattr(copy, "rng"):
                assert copy.rng != state.rng  # future dice are always re-seeded
                copy.rng = state.rng
            differs += encode(copy) != encode(state)
    assert differs
