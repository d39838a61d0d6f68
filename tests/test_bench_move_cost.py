"""bench.move_cost measures what the hub does with a move, fan-out to sockets included."""

from __future__ import annotations

from bench import move_cost
from server import wire


def test_the_fan_out_writes_each_audience_its_frame_on_real_sockets() -> None:
    sockets = move_cost.Sockets(seats=2, watchers=3)
    try:
        sockets.send(None, b"\x81\xa1t\xa5patch")
        for _, theirs in sockets.ends[None]:
            assert theirs.recv(100) == wire.frame(b"\x81\xa1t\xa5patch")
        for seat in (0, 1):
            sockets.send(seat, b"x" * 300)
            ((_, theirs),) = sockets.ends[seat]
            assert theirs.recv(1000) == wire.frame(b"x" * 300)
    finally:
        sockets.close()


def test_every_part_of_a_move_is_timed() -> None:
    row = move_cost.measure("carcassonne", 2, [1], shared=True, watchers=2)
    assert row["moves"] > 20
    for part in ("apply", "views", "diffs", "compact", "fan-out"):
        assert row["us"][part] > 0, part
    assert row["total_cpu"] > row["us"]["fan-out"]
    assert row["early_cpu"] > 0 and row["late_cpu"] > 0
    assert row["seat_bytes"] > 0 and row["spectator_bytes"] > 0
    assert 0 < row["seat_compact"] < row["seat_bytes"]
    assert 0 < row["spectator_compact"] < row["spectator_bytes"]


def test_games_played_together_take_turns_and_play_the_same_moves() -> None:
    order: list[int] = []
    real = move_cost._moves

    def noted(name, seats, seed, shared, clock, watchers):  # type: ignore[no-untyped-def]
        moves = real(name, seats, seed, shared, clock, watchers)
        while True:
            try:
                next(moves)
            except StopIteration as done:
                return done.value
            order.append(seed)
            yield

    alone = [move_cost.play("kardinal", 3, s, False, None, 1) for s in (1, 2, 3)]
    move_cost._moves = noted  # type: ignore[assignment]
    try:
        together = move_cost.play_together("kardinal", 3, [1, 2, 3], False, None, 1)
    finally:
        move_cost._moves = real  # type: ignore[assignment]
    # The same games, move for move, whether played alone or at once...
    assert [r["moves"] for r in together] == [r["moves"] for r in alone]
    assert [r["seat_bytes"] for r in together] == [r["seat_bytes"] for r in alone]
    # ...and at once they take turns: a move of each before anyone's second.
    assert order[:6] == [1, 2, 3, 1, 2, 3]
    assert len(order) == sum(r["moves"] for r in alone)


def test_thirds_split_a_game_in_order_and_none_is_empty() -> None:
    assert move_cost.third([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], 0) == [1.0, 2.0]
    assert move_cost.third([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], 2) == [5.0, 6.0]
    assert move_cost.third([7.0], 0) == [7.0] and move_cost.third([7.0], 2) == [7.0]
