"""bench.floor: the stack's own cost of a move, no game. Its server is checked over
real websockets (every connection of a table gets each move's frame, the mover its
`ok`, both ways of writing, and the Node server alike); the command runs for real (a few tables, the Node
clients, a second or two a run) and its tables are read back."""

from __future__ import annotations

import asyncio

import pytest
from websockets.asyncio.client import connect

from bench import floor
from tests.support.commands import rows, run_module


@pytest.mark.parametrize(
    ("direct", "node"),
    [(True, False), (False, False), (True, True)],
    ids=["direct", "asgi", "node"],
)
async def test_a_move_reaches_every_connection_of_its_table_and_no_other(
    direct: bool, node: bool
) -> None:
    server = await asyncio.to_thread(floor.FloorServer, 40, direct, "auto", node)
    try:
        url = f"ws://127.0.0.1:{server.port}/floor"
        table = [await connect(f"{url}/a") for _ in range(3)]
        elsewhere = await connect(f"{url}/b")
        for n in (1, 2):
            await table[1].send(b"move")
            for ws in table:
                frame = await asyncio.wait_for(ws.recv(), 5)
                assert isinstance(frame, bytes) and len(frame) == 40
                assert int.from_bytes(frame[:4], "big") == n  # the table's move number
            assert await asyncio.wait_for(table[1].recv(), 5) == b"k"  # the mover's ok
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(elsewhere.recv(), 0.3)
        for ws in [*table, elsewhere]:
            await ws.close()
    finally:
        server.stop()


async def run(*argv: str, timeout: float = 120) -> tuple[int, str, str]:
    return await run_module("bench.floor", *argv, timeout=timeout)


async def test_the_command_runs_each_number_of_spectators_and_fits_a_line() -> None:
    # Some 80 moves a run: the server's CPU is read in clock ticks of 10 ms.
    argv = ["--spectators", "0", "2", "--rooms", "4", "--duration", "2", "--interval", "0.1"]
    code, out, err = await run(*argv)
    assert code == 0, err[-2000:]
    assert "run 2 of 2" in err  # progress, on stderr
    runs = rows(out, "round")
    assert [r[1] for r in runs] == ["4", "6"]  # connections a table: 4 seats, + 0 or 2
    assert all(float(r[2]) > 0 and float(r[3]) > 0 and r[-1] == "0" for r in runs)
    (what, once, each, at8), (kernel, *_) = rows(out, "server CPU")
    assert (what, kernel) == ("all", "of which kernel")
    (x0, y0), (x1, y1) = ((int(r[1]), float(r[3])) for r in runs)
    assert float(each) == pytest.approx((y1 - y0) / (x1 - x0), abs=0.6)
    assert float(at8) == pytest.approx(float(once) + 8 * float(each), abs=1.5)
    assert "a server that plays no game takes" in out


async def test_one_number_of_spectators_is_refused() -> None:
    code, out, err = await run("--spectators", "4", "4", timeout=30)
    assert code == 2 and "two different numbers" in err and out == ""
