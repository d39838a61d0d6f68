"""bench.split: the hub's CPU a move, split by a line through runs with different
numbers of spectators. The fit is checked on known points; the command runs for real
(a few tables, the Node clients, a second or two a run) and its tables are read back."""

from __future__ import annotations

import pytest

from bench import split
from tests.support.commands import rows, run_module


def test_the_fit_gives_back_a_line_it_was_given() -> None:
    once, each = split.fit([(4, 300 + 4 * 12.5), (8, 300 + 8 * 12.5), (16, 300 + 16 * 12.5)])
    assert once == pytest.approx(300) and each == pytest.approx(12.5)


def test_the_fit_goes_between_noisy_points() -> None:
    # Two runs at each number, one 10 above the line and one 10 below.
    points = [(x, 200 + 10 * x + d) for x in (4, 8, 16) for d in (10, -10)]
    once, each = split.fit(points)
    assert once == pytest.approx(200) and each == pytest.approx(10)


def test_the_fit_needs_two_numbers_of_connections() -> None:
    with pytest.raises(ValueError, match="two different"):
        split.fit([(8, 400.0), (8, 420.0)])


async def run(*argv: str, timeout: float = 120) -> tuple[int, str, str]:
    return await run_module("bench.split", *argv, timeout=timeout)


async def test_the_command_runs_each_number_of_spectators_and_fits_a_line() -> None:
    # Some 80 moves a run: the hub's CPU is read in clock ticks of 10 ms.
    argv = ["--game", "kingsburg", "--spectators", "0", "2", "--rooms", "4"]
    code, out, err = await run(*argv, "--duration", "2", "--interval", "0.1")
    assert code == 0, err[-2000:]
    assert "run 2 of 2" in err  # progress, on stderr
    runs = rows(out, "round")
    assert [r[1] for r in runs] == ["4", "6"]  # connections a table: 4 seats, + 0 or 2
    assert all(float(r[3]) > 0 and r[-1] == "0" for r in runs)  # CPU measured, no errors
    (game, once, each, kernel, at8, left) = rows(out, "game")[0]
    assert game == "kingsburg"
    # Two runs: the line goes through both points.
    (x0, y0), (x1, y1) = ((int(r[1]), float(r[3])) for r in runs)
    assert float(each) == pytest.approx((y1 - y0) / (x1 - x0), abs=0.6)
    assert float(at8) == pytest.approx(float(once) + 8 * float(each), abs=1.5)
    assert float(left) == pytest.approx(100 - 8 * float(each), abs=1.5)


async def test_with_the_floor_each_game_is_told_its_own_part() -> None:
    argv = ["--game", "kingsburg", "--spectators", "0", "2", "--rooms", "4", "--floor"]
    code, out, err = await run(*argv, "--duration", "2", "--interval", "0.1")
    assert code == 0, err[-2000:]
    assert "run 4 of 4" in err  # the floor's two runs, then the game's
    fits = {r[0]: r for r in rows(out, "game")}
    assert set(fits) == {split.FLOOR, "kingsburg"}
    ((game, at8, floor_at8, own, ratio, beyond, beyond_ratio),) = rows(
        out, "game | at 8 connections µs"
    )
    assert game == "kingsburg"
    assert float(at8) == pytest.approx(float(fits["kingsburg"][4]), abs=1)
    assert float(floor_at8) == pytest.approx(float(fits[split.FLOOR][4]), abs=1)
    assert float(own) == pytest.approx(float(at8) - float(floor_at8), abs=1)
    # The ratio is of the unrounded parts, printed to 0.01; the parts are printed whole
    # (each within 0.5): with the short runs here the floor's line at 8 connections may
    # be a few µs, where a rounded part moves the ratio far. So: ratio × floor = own,
    # within what the roundings allow.
    r, o, f = float(ratio), float(own), float(floor_at8)
    assert abs(r * f - o) <= 0.5 * abs(r) + 0.005 * abs(f) + 0.51, (r, o, f)
    assert beyond == beyond_ratio == ""  # no null game ran


def test_each_game_is_told_its_part_beyond_the_null_game() -> None:
    fits = [
        (split.FLOOR, 70.0, 10.0, 5.0, 150.0),
        ("null", 200.0, 10.0, 5.0, 300.0),
        ("carcassonne", 260.0, 15.0, 8.0, 420.0),
    ]
    table = {r[0]: r[1:] for r in rows(split.own_parts(fits), "game | at 8 connections µs")}
    assert table == {
        "null": ["300", "150", "150", "1.00", "", ""],
        "carcassonne": ["420", "150", "270", "1.80", "120", "0.80"],
    }


async def test_one_number_of_spectators_is_refused() -> None:
    code, out, err = await run("--spectators", "4", "4", timeout=30)
    assert code == 2 and "two different numbers" in err and out == ""


def test_the_null_game_takes_turns_and_shows_every_audience_the_same() -> None:
    from bench.nullgame import Step, game
    from server.games.base import IllegalIntent, audience_views

    state = game.setup(4, game.Options(), 1)
    for seat in (0, 1, 2, 3, 0):
        assert game.legal(state, seat) == [Step()] and game.active(state) == {seat}
        assert game.legal(state, (seat + 1) % 4) == []
        state = game.apply(state, seat, Step())
    with pytest.raises(IllegalIntent):
        game.apply(state, 0, Step())
    views = audience_views(game, state, [0, 1, None])
    assert views[0]["moves"] == 5 and views[0]["turn"] == 1
    assert {k: v for k, v in views[0].items() if k not in ("you", "legal")} == {
        k: v for k, v in views[None].items() if k not in ("you", "legal")
    }
    assert game.result(state) is None


async def test_the_null_game_is_played_by_a_hub_of_its_own() -> None:
    argv = ["--game", "null", "--spectators", "0", "2", "--rooms", "4"]
    code, out, err = await run(*argv, "--duration", "2", "--interval", "0.1")
    assert code == 0, err[-2000:]
    runs = rows(out, "round")
    assert all(float(r[3]) > 0 and r[-1] == "0" for r in runs)  # moves made, no errors
    assert rows(out, "game")[0][0] == "null"
