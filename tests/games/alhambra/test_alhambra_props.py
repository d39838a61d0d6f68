"""Random legal games (hypothesis): invariants after every step, replay,
``legal`` agreeing with ``apply``, and hidden information (non-interference)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.games.alhambra import board
from server.games.alhambra.data import SCORING_1, SCORING_2, all_coins
from server.games.alhambra.game import Alhambra, grid_of
from server.games.alhambra.state import Options, State
from server.games.base import audience_view

Playout = Callable[..., tuple[State, list[tuple[int, Any]]]]
SETTINGS = settings(
    deadline=None, max_examples=35, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def check_invariants(s: State) -> None:
    coins = s.display + s.discard + [c for c in s.deck if c > 0] + [c for h in s.hands for c in h]
    assert Counter(coins) == Counter(all_coins(s.seats))  # coins are conserved
    cards = [c for c in s.deck if c < 0]
    assert sorted(cards) == sorted([SCORING_1, SCORING_2][s.rounds :]) or s.phase in (
        "leftover",
        "over",
    )
    tiles = (
        s.bag
        + [t for t in s.market if t >= 0]
        + s.bought
        + s.dirk
        + s.removed
        + [p.tile for city in s.cities for p in city]
        + [t for r in s.reserves for t in r]
        + [t for r in s.leftovers for t in r]
    )
    assert sorted(tiles) == list(range(54))  # tiles are conserved
    for seat in range(s.seats):
        assert board.legal_alhambra(grid_of(s, seat))  # every alhambra keeps the rules
    if s.seats > 2:
        assert s.dirk == []
    assert all(h == sorted(h) for h in s.hands)


@SETTINGS
@given(seats=st.integers(2, 6), seed=st.integers(0, 2**62), pick=st.integers(0, 2**32))
def test_random_games_keep_the_invariants_and_replay(
    game: Alhambra, playout: Playout, seats: int, seed: int, pick: int
) -> None:
    final, steps = playout(game, seats, seed, pick, each=lambda s, _seat, _i: check_invariants(s))
    result = game.result(final)
    assert result is not None and final.phase == "over" and final.rounds == 3
    assert final.bag == [] or all(t < 0 for t in final.market)
    # The breakdown per scoring round adds up to the final scores, for every audience.
    brk = audience_view(game, final, None)["breakdown"]
    assert len(brk["categories"]) == 6 and len(brk["seats"]) == seats
    assert [sum(row) for row in brk["seats"]] == result.scores
    for seat in range(seats):
        assert audience_view(game, final, seat)["breakdown"] == brk
    again = game.setup(seats, Options(), seed)
    for seat, intent in steps:
        wire = msgspec.convert(msgspec.to_builtins(intent), game.Intent)
        again = game.apply(again, seat, wire)
    assert msgspec.msgpack.encode(again) == msgspec.msgpack.encode(final)


@settings(
    deadline=None, max_examples=12, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    seats=st.integers(2, 6),
    seed=st.integers(0, 2**62),
    maximal=st.booleans(),
    optional=st.booleans(),
)
def test_every_listed_intent_is_accepted(
    game: Alhambra,
    clone: Callable[[State], State],
    seats: int,
    seed: int,
    maximal: bool,
    optional: bool,
) -> None:
    """``legal`` agrees with ``apply`` (with every combination of the options)."""
    rng = random.Random(seed)
    s = game.setup(seats, Options(maximal, optional), seed)
    step = 0
    while game.result(s) is None:
        seat = rng.choice(sorted(game.active(s)))
        moves = game.legal(s, seat)
        assert moves
        if step % 6 == 0:
            for other in range(seats):
                if other not in game.active(s):
                    assert game.legal(s, other) == []
            for intent in moves:
                game.apply(clone(s), seat, intent)  # raises if refused
        s = game.apply(s, seat, rng.choice(moves))
        step += 1


def views(game: Alhambra, s: State) -> dict[Any, Any]:
    return {a: audience_view(game, s, a) for a in [*range(s.seats), None]}


@SETTINGS
@given(seats=st.integers(2, 6), seed=st.integers(0, 2**62), at=st.integers(0, 400))
def test_hidden_information_does_not_reach_a_view(
    game: Alhambra, clone: Callable[[State], State], seats: int, seed: int, at: int
) -> None:
    """States that differ only in another seat's coins (same number) or in the
    order of the deck or the bag give every other audience the same view."""
    rng = random.Random(seed)
    s = game.setup(seats, Options(), seed)
    for _ in range(at):
        if game.result(s) is not None:
            break
        seat = rng.choice(sorted(game.active(s)))
        s = game.apply(s, seat, rng.choice(game.legal(s, seat)))
    base = views(game, s)
    # the deck and the bag in another order: nobody sees a difference
    t = clone(s)
    rng.shuffle(t.deck)
    rng.shuffle(t.bag)
    assert views(game, t) == base
    # another seat's coins swapped with coins of the deck (same count)
    owner = rng.randrange(seats)
    t = clone(s)
    pool = [c for c in t.deck if c > 0]
    if pool and t.hands[owner]:
        k = min(len(pool), len(t.hands[owner]))
        out = t.hands[owner][:k]
        new = pool[:k]
        for c in new:
            t.deck.remove(c)
        t.deck.extend(out)
        t.hands[owner] = sorted(t.hands[owner][k:] + new)
        changed = views(game, t)
        for a, v in base.items():
            if a != owner:
                assert changed[a] == v, f"seat {owner}'s coins reach {a}'s view"
        assert None in changed and changed[None]["hand"] is None
        if sorted(new) != sorted(out):
            assert changed[owner]["hand"] != base[owner]["hand"]
