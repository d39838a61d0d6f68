"""The game contract, checked for every registered game: random legal games end,
replay from the intent log, survive MessagePack, and give well-formed views."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol.patch import apply, diff, equal
from server import games
from server.games.base import Game, IllegalIntent, audience_view, encode_intent, read_intent
from server.games.playout import random_playout

MAX_STEPS = 20000
COMMON = {"game", "you", "active", "legal", "scores", "log", "result"}


def plain(tree: Any) -> bool:
    """A view is a plain tree: what MessagePack gives back is what went in."""
    return msgspec.msgpack.decode(msgspec.msgpack.encode(tree)) == tree and _no_tuples(tree)


def _no_tuples(tree: Any) -> bool:
    if isinstance(tree, tuple):
        return False
    if isinstance(tree, dict):
        return all(isinstance(k, str) and _no_tuples(v) for k, v in tree.items())
    if isinstance(tree, list):
        return all(_no_tuples(v) for v in tree)
    return True


def play(
    game: Game, seats: int, seed: int, check_every: int = 1
) -> tuple[Any, list[tuple[int, Any]]]:
    """A random legal game whose intents go through their wire form, with every
    audience's view checked (shape, plain tree, patchable, equal to a view built
    afresh from a copy of the state) every few steps."""
    first = game.setup(seats, game.Options(), seed)
    last_views = {a: audience_view(game, first, a) for a in [*range(seats), None]}
    count = 0

    def check(state: Any, seat: int, intent: Any) -> None:
        nonlocal count
        assert read_intent(game, msgspec.to_builtins(intent)) == intent
        count += 1
        if count % check_every:
            return
        for a in last_views:
            view = audience_view(game, state, a)
            assert view.keys() >= COMMON
            assert len(view["scores"]) == seats
            if a is None:
                assert view["legal"] == []
            assert plain(view)
            if a is not None:  # the AI's measure of a position only looks at it
                before = msgspec.msgpack.encode(state)
                game.value(state, a)
                assert msgspec.msgpack.encode(state) == before
            # Views reuse what they built before (the log's entries): never stale.
            copy = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=game.State)
            assert equal(audience_view(game, copy, a), view)
            wire = msgspec.msgpack.decode(msgspec.msgpack.encode(last_views[a]))
            assert apply(wire, diff(last_views[a], view)) == view
            last_views[a] = view

    return random_playout(game, seats, seed, choice_seed=seed, each=check, max_steps=MAX_STEPS)


def registered() -> list[str]:
    return games.names()


# Random games per game: Stone Age's are long (some 850 moves), three of them take as
# long as six of the others.
EXAMPLES = {"stone_age": 3}


@pytest.mark.parametrize("name", registered())
def test_random_games_end_and_replay(name: str) -> None:
    game = games.get(name)

    @settings(
        max_examples=EXAMPLES.get(name, 6),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(seed=st.integers(min_value=0, max_value=2**62), extra=st.integers(0, 10))
    def check(seed: int, extra: int) -> None:
        seats = game.min_seats + extra % (game.max_seats - game.min_seats + 1)
        state, history = play(game, seats, seed, check_every=7)
        result = game.result(state)
        assert result is not None and len(result.scores) == seats == len(result.ranks)
        assert min(result.ranks) == 1
        # The same seed and intents give the same state, and it survives MessagePack.
        again = game.setup(seats, game.Options(), seed)
        for seat, intent in history:
            again = game.apply(again, seat, intent)
        encoded = msgspec.msgpack.encode(state)
        assert msgspec.msgpack.encode(again) == encoded
        assert msgspec.msgpack.encode(msgspec.msgpack.decode(encoded, type=game.State)) == encoded

    check()


@pytest.mark.parametrize("name", registered())
def test_intents_are_read_as_msgspec_converts_them(name: str) -> None:
    """read_intent (through a struct, for speed) gives what msgspec.convert gives, and
    refuses what it refuses, with the same reason at the same place under `intent`."""
    game = games.get(name)
    state = game.setup(game.min_seats, game.Options(), 3)
    seat = next(s for s in sorted(game.active(state)) if game.legal(state, s))
    wire = msgspec.to_builtins(game.legal(state, seat)[0])
    assert read_intent(game, wire) == msgspec.convert(wire, game.Intent)
    bad = [
        {**wire, "t": "no such intent"},
        {k: v for k, v in wire.items() if k != "t"},
        [wire],
        7,
        *({**wire, k: "x" * 3} for k, v in wire.items() if k != "t" and type(v) is int),
    ]
    refused = 0
    for raw in bad:
        try:
            expected = msgspec.convert(raw, game.Intent)
        except msgspec.ValidationError as e:
            refused += 1
            with pytest.raises(msgspec.ValidationError) as read:
                read_intent(game, raw)
            reason, _, where = str(e).partition(" - at `$")
            assert str(read.value) == f"{reason} - at `$.intent{where or '`'}"
        else:  # a game whose intents are one struct, not a union tagged by `t`
            assert read_intent(game, raw) == expected
    assert refused >= 2


@pytest.mark.parametrize("name", registered())
def test_refusals_leave_the_state_untouched(name: str) -> None:
    game = games.get(name)
    state = game.setup(game.min_seats, game.Options(), 11)
    rng = random.Random(5)
    for _ in range(40):
        if game.result(state) is not None:
            break
        before = msgspec.msgpack.encode(state)
        idle = [s for s in range(game.min_seats) if s not in game.active(state)]
        for seat in idle:
            some = next(
                (game.legal(state, s) for s in game.active(state) if game.legal(state, s)), []
            )
            for intent in some[:3]:
                with pytest.raises(IllegalIntent):
                    game.apply(state, seat, intent)
                assert msgspec.msgpack.encode(state) == before
        mover = next(s for s in sorted(game.active(state)) if game.legal(state, s))
        state = game.apply(state, mover, rng.choice(game.legal(state, mover)))


# Values a mangled intent's field takes: wrong kinds, out of range, repeated items.
ODD_VALUES: list[Any] = [None, -1, 0, 1, 2, 99, 10**9, "x", True, [], [0], [0, 0], {}, 1.5]
MANGLED_STEPS = 250  # moves of each game whose intents are mangled (Stone Age's are long)


def mangled(wire: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal intent's wire form with one field changed: to an odd value, to its
    neighbours, or, for a list, with an item repeated, dropped or the order reversed."""
    out = dict(wire)
    fields = [k for k in out if k != "t"]
    if not fields:
        out["t"] = rng.choice(["pass", "place", "build", "take"])
        return out
    k = rng.choice(fields)
    value = out[k]
    choices = list(ODD_VALUES)
    if type(value) is int:
        choices += [value + 1, value - 1, -value]
    if type(value) is list and value:
        choices += [[*value, value[0]], value[1:], value[::-1]]
    out[k] = rng.choice(choices)
    return out


@pytest.mark.parametrize("name", registered())
def test_mangled_intents_are_refused_cleanly_or_taken(name: str) -> None:
    """What a client may send that is the right shape but not a listed move (a field
    changed, as a fuzzer or a hand-made client would): the game refuses it with an
    IllegalIntent and the state untouched, or takes it; never another exception, which
    the room can only log as a bug and refuse with no reason a player could act on."""
    game = games.get(name)
    rng = random.Random(name)
    seats = game.max_seats
    state = game.setup(seats, game.Options(), 17)
    for _ in range(MANGLED_STEPS):
        if game.result(state) is not None:
            break
        mover = rng.choice([s for s in sorted(game.active(state)) if game.legal(state, s)])
        legal = game.legal(state, mover)
        for intent in rng.sample(legal, min(3, len(legal))):
            raw = mangled(encode_intent(intent), rng)
            try:
                odd = read_intent(game, raw)
            except msgspec.ValidationError:
                continue  # refused as `bad_message` before the game sees it
            before = msgspec.msgpack.encode(state)
            try:
                game.apply(state, mover, odd)
            except IllegalIntent:
                assert msgspec.msgpack.encode(state) == before, raw
            except Exception as e:  # any other is what the test is for
                pytest.fail(f"{name}: {raw} raised {type(e).__name__}: {e}")
            # Taken or not, play goes on from the position before it.
            state = msgspec.msgpack.decode(before, type=game.State)
        state = game.apply(state, mover, rng.choice(legal))
