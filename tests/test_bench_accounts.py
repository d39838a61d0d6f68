"""bench.accounts runs briefly and prints its two tables with real figures."""

from __future__ import annotations

from tests.support.commands import rows, run_module


async def test_the_accounts_benchmark_prints_sign_ins_and_ratings() -> None:
    code, out, err = await run_module("bench.accounts", "--signins", "2", "--games", "3")
    assert code == 0, err
    assert "argon2id: memory 65536 KiB" in out
    signins = rows(out, "at once")
    assert [r[0] for r in signins] == ["1", "2", "4"]
    assert all(float(r[1]) > 0 and float(r[2]) > 0 for r in signins)
    rated = rows(out, "seats")
    assert [r[0] for r in rated] == ["2", "5"]
    assert all(float(r[1]) > 0 and float(r[2]) > 0 for r in rated)
