"""Random legal games with hypothesis: invariants after every step, replay, views
that do not depend on the face-down order, and ``legal`` against ``apply``."""

from __future__ import annotations

from typing import Any

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.games.base import IllegalIntent, audience_view
from server.games.carcassonne import Dragon, Fairy, Meeple, Options, Pass, Place, Princess, State
from server.games.carcassonne.tiles import TYPES
from server.games.rng import Rng

MEEPLES = 7
OVER, DRAGON = 2, 3

options = st.builds(
    Options,
    old=st.booleans(),
    fluss=st.booleans(),
    two_tile_city_points=st.sampled_from([2, 4]),
    river_start_tile=st.sampled_from(["remove", "shuffle"]),
    erweiterung=st.booleans(),
    koenig=st.booleans(),
    haendler=st.booleans(),
    pig_old=st.booleans(),
    drache=st.booleans(),
    dragon_timing=st.sampled_from(["before_scoring", "after_scoring"]),
    fairy_on=st.sampled_from(["tile", "follower"]),
)
seeds = st.integers(min_value=0, max_value=2**63 - 1)
seat_counts = st.integers(min_value=2, max_value=6)
PIECES = ("follower", "large", "builder", "pig", "dragon")


def playable(seats: int, opts: Options) -> Options:
    """A sixth seat needs erweiterung (README §1.1): switch it on for six."""
    return msgspec.structs.replace(opts, erweiterung=opts.erweiterung or seats == 6)


FAST = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def clone(state: State) -> State:
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)


def dealt(opts: Options) -> int:
    """Tiles that are drawn in a game: all but the start tile (or the river source)."""
    base = 71 + (1 if opts.fluss and opts.river_start_tile == "shuffle" else 0)
    expansions = 18 * opts.erweiterung + 5 * opts.koenig + 24 * opts.haendler + 30 * opts.drache
    return base + (11 if opts.fluss else 0) + expansions


def check_invariants(game: Any, state: State, before: list[int]) -> None:
    # Pieces are conserved, per kind: follower, large follower, builder, pig.
    on_board = [[0] * state.seats for _ in range(4)]
    for node, seat in state.board.meeples.items():
        on_board[state.board.pieces.get(node, 0)][seat] += 1
    opts = state.options
    stocks = (state.supply, state.large, state.builders, state.pigs)
    boxes = (MEEPLES, int(opts.erweiterung), int(opts.haendler), int(opts.haendler))
    for placed, stock, box in zip(on_board, stocks, boxes, strict=True):
        if box == 0:
            assert not stock and not any(placed)
        else:
            assert [a + b for a, b in zip(placed, stock, strict=True)] == [box] * state.seats
    assert all(a >= b for a, b in zip(state.scores, before, strict=True))
    # Every point in the score came with a log entry that says who scored what.
    logged = [0] * state.seats
    for e in state.log:
        if e.code == "score":
            for s in e.args["seats"]:
                logged[s] += e.args["points"]
    assert logged == state.scores
    if state.phase != OVER:
        # README §18.5: during the dragon's walk the steering seat acts.
        (actor,) = game.active(state)
        assert actor == state.turn or state.phase == DRAGON
        assert game.legal(state, actor)
    if opts.drache:
        # README §18.8: the fairy in follower mode stands beside one of its follower's
        # pieces or beside nobody; the dragon is on a tile or off the board.
        assert state.fairy_node < 0 or state.fairy_node in state.board.meeples
        assert state.dragon < 0 or state.dragon in state.board.pos
        assert state.fairy < 0 or state.fairy in state.board.pos


def random_game(game: Any, seats: int, opts: Options, seed: int) -> tuple[State, list]:
    opts = playable(seats, opts)
    game.check_options(opts, seats)
    state = game.setup(seats, opts, seed)
    rng = Rng.from_seed(seed ^ 0x5EED)
    history: list[tuple[int, Any]] = []
    steps = 0
    while game.result(state) is None:
        before = list(state.scores)
        (seat,) = game.active(state)
        intent = rng.choice(game.legal(state, seat))
        state = game.apply(state, seat, intent)
        history.append((seat, intent))
        check_invariants(game, state, before)
        steps += 1
        assert steps <= 2 * 160 + 6 * 12  # two intents a tile, six steps a dragon tile
    # README §16.3: a turn holds at most two tiles (the builder's extra one).
    run, last = 0, -1
    for e in state.log:
        if e.code == "tile_placed":
            run = run + 1 if e.args["seat"] == last else 1
            last = e.args["seat"]
            assert run <= (2 if opts.haendler else 1)
    return state, history


@settings(FAST, max_examples=50)
@given(seats=seat_counts, opts=options, seed=seeds)
def test_random_games_keep_the_invariants_and_replay(game, seats, opts, seed) -> None:
    state, history = random_game(game, seats, opts, seed)
    opts = state.options
    placed = len(state.board.tiles) - 1
    assert placed + len(state.removed) + len(state.set_aside) == dealt(opts)
    assert not state.pile and state.drawn == -1
    codes = [e.code for e in state.log]
    assert codes.count("final_scoring") == 1 and codes[-1] == "game_end"
    assert codes.count("tile_removed") == len(state.removed)
    result = game.result(state)
    assert result is not None and result.scores == state.scores
    assert min(result.ranks) == 1
    # The breakdown by category adds up to the final scores, the same for every audience.
    brk = audience_view(game, state, None)["breakdown"]
    assert all(len(row) == len(brk["categories"]) for row in brk["seats"])
    assert [sum(row) for row in brk["seats"]] == result.scores
    for seat in range(seats):
        assert audience_view(game, state, seat)["breakdown"] == brk
    again = game.setup(seats, opts, seed)
    for seat, intent in history:
        wire = msgspec.convert(msgspec.to_builtins(intent), game.Intent)
        again = game.apply(again, seat, wire)
    encoded = msgspec.msgpack.encode(state)
    assert msgspec.msgpack.encode(again) == encoded
    assert msgspec.msgpack.encode(clone(state)) == encoded


def advance(game: Any, state: State, rng: Rng, intents: int) -> State:
    for _ in range(intents):
        if game.result(state) is not None:
            break
        (seat,) = game.active(state)
        state = game.apply(state, seat, rng.choice(game.legal(state, seat)))
    return state


@settings(FAST, max_examples=50)
@given(
    seats=seat_counts,
    opts=options,
    seed=seeds,
    steps=st.integers(min_value=0, max_value=140),
    order=st.randoms(use_true_random=False),
)
def test_views_do_not_depend_on_the_face_down_order(game, seats, opts, seed, steps, order):
    opts = playable(seats, opts)
    state = advance(game, game.setup(seats, opts, seed), Rng.from_seed(seed), steps)
    other = clone(state)
    order.shuffle(other.pile)
    for audience in [*range(seats), None]:
        assert audience_view(game, state, audience) == audience_view(game, other, audience)
    view = game.view(state, None)
    assert "pile" not in view and view["tiles_left"] == len(state.pile) + (state.drawn >= 0)
    assert msgspec.msgpack.decode(msgspec.msgpack.encode(view)) == view


def accepted(game: Any, state: State, seat: int, intent: Any) -> bool:
    try:
        game.apply(clone(state), seat, intent)
    except IllegalIntent:
        return False
    return True


@settings(FAST, max_examples=40)
@given(
    seats=seat_counts,
    opts=options,
    seed=seeds,
    steps=st.integers(min_value=0, max_value=40),
)
def test_legal_agrees_with_apply_by_brute_force(game, seats, opts, seed, steps) -> None:
    opts = playable(seats, opts)
    state = advance(game, game.setup(seats, opts, seed), Rng.from_seed(seed), steps)
    if game.result(state) is not None:
        return
    (seat,) = game.active(state)
    for other in range(seats):
        if other != seat:
            assert game.legal(state, other) == []
    legal = game.legal(state, seat)
    xs = [p.x for p in state.board.tiles]
    ys = [p.y for p in state.board.tiles]
    if state.phase == DRAGON:
        tried_steps = [
            Dragon(x, y)
            for x in range(min(xs) - 1, max(xs) + 2)
            for y in range(min(ys) - 1, max(ys) + 2)
        ]
        ok_steps = [i for i in tried_steps if accepted(game, state, seat, i)]
        assert sorted(ok_steps, key=lambda d: (d.x, d.y)) == sorted(legal, key=lambda d: (d.x, d.y))
        return
    if state.phase == 0:
        xs = [p.x for p in state.board.tiles]
        ys = [p.y for p in state.board.tiles]
        tried = [
            Place(x, y, r)
            for x in range(min(xs) - 2, max(xs) + 3)
            for y in range(min(ys) - 2, max(ys) + 3)
            for r in range(4)
        ]
        ok = [i for i in tried if accepted(game, state, seat, i)]
        assert sorted(ok, key=lambda p: (p.x, p.y, p.r)) == sorted(
            legal, key=lambda p: (p.x, p.y, p.r)
        )
        # Now place one and check the meeple step the same way.
        state = game.apply(state, seat, legal[Rng.from_seed(seed).below(len(legal))])
        legal = game.legal(state, seat)
    tile = TYPES[state.board.tiles[-1].t]
    tried = [Meeple(sid, p) for sid in (*tile.seg_ids, "x9", "river") for p in PIECES] + [Pass()]
    if not opts.drache:
        ok = [i for i in tried if accepted(game, state, seat, i)]
        assert ok == legal
        assert legal[-1] == Pass()
        return
    # README §18.6 to §18.8: portal deployments, fairy moves and the princess reach
    # every placed tile.
    for p in state.board.tiles:
        tt = TYPES[p.t]
        tried.append(Fairy(p.x, p.y))
        for sid in tt.seg_ids:
            tried += [Meeple(sid, piece, p.x, p.y) for piece in PIECES]
            tried += [Fairy(p.x, p.y, sid), Princess(p.x, p.y, sid)]
    ok = {msgspec.msgpack.encode(i) for i in tried if accepted(game, state, seat, i)}
    # The intents naming the tile just placed by its square are its plain ones again.
    plain = {msgspec.msgpack.encode(i) for i in legal}
    last = state.board.tiles[-1]
    named = {
        msgspec.msgpack.encode(Meeple(i.feature, i.piece, last.x, last.y))
        for i in legal
        if isinstance(i, Meeple) and i.x is None
    }
    assert ok == plain | named
    assert len(plain) == len(legal)
    assert legal[-1] == Pass() or all(isinstance(i, Princess) for i in legal)


def test_random_games_are_fast_enough(game) -> None:
    """Tens of random games per second is the target; a test only guards against a
    slowdown by an order of magnitude on a busy machine."""
    import time

    start = time.perf_counter()
    for seed in range(10):
        random_game_plain(game, 2 + seed % 4, Options(fluss=bool(seed % 2)), seed)
    assert time.perf_counter() - start < 10.0


def random_game_plain(game: Any, seats: int, opts: Options, seed: int) -> State:
    state = game.setup(seats, opts, seed)
    rng = Rng.from_seed(seed)
    while game.result(state) is None:
        state = game.apply(state, state.turn, rng.choice(game.legal(state, state.turn)))
    return state


@settings(FAST, max_examples=20)
@given(
    seats=seat_counts,
    opts=options,
    seed=seeds,
    steps=st.integers(min_value=60, max_value=170),
)
def test_every_listed_intent_is_accepted_late_in_the_game(game, seats, opts, seed, steps):
    opts = playable(seats, opts)
    state = advance(game, game.setup(seats, opts, seed), Rng.from_seed(seed), steps)
    for _ in range(2):  # the place step, then the meeple step (or dragon steps)
        if game.result(state) is not None:
            return
        (seat,) = game.active(state)
        legal = game.legal(state, seat)
        assert legal
        assert all(accepted(game, state, seat, i) for i in legal)
        state = game.apply(state, seat, legal[-1])
