"""A short load run of the bots against the real server on a free loopback port: the
consistency check passes, a corrupted view is caught, and the report's counts add up
with each other and with the server's own metrics."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

import pytest

import bots.load
from bots.__main__ import main
from bots.load import Config, LoadRun, RemoteRefused, check_url
from bots.report import exit_status, render
from tests.support.commands import run_module

ROOMS, SEATS, SPECTATORS = 3, 4, 2


async def run_bots(url: str, **kw: Any) -> dict[str, Any]:
    settings: dict[str, Any] = {
        "game": "carcassonne",
        "rooms": ROOMS,
        "seats": SEATS,
        "spectators": SPECTATORS,
        "think": 0.05,
        "duration": 3.0,
        "grace": 5.0,
        "seed": 7,
    }
    config = Config(url=url, **(settings | kw))
    return await LoadRun(config, progress=None).run()


async def test_a_short_load_run_is_consistent_and_its_counts_add_up(server: Any) -> None:
    r = await run_bots(server.url, server_pid=os.getpid())  # the server runs in this process
    per_table = SEATS + SPECTATORS
    c, mv, d, k = r["connections"], r["moves"], r["deliveries"], r["consistency"]

    assert c["planned"] == c["opened"] == c["held"] == ROOMS * per_table
    assert c["dropped"] == c["failed"] == 0
    assert r["tables"]["started"] == r["tables"]["opened"] >= ROOMS

    # Every intent sent has exactly one fate.
    assert mv["sent"] > 0
    assert mv["sent"] == mv["accepted"] + mv["refused"] + mv["lost"] + mv["unanswered"]
    # Only the bots move, so the versions the server reports are their accepted intents,
    # and the server's own count of accepted intents agrees.
    assert mv["accepted"] <= mv["server_versions"] <= mv["accepted"] + mv["unanswered"]
    assert server.hall.metrics.intents_accepted == mv["server_versions"]
    # Every refusal the server counted reached a bot, by the same code.
    assert r["errors"] == {c: n for c, n in server.hall.metrics.errors.items() if n}

    # Each accepted change reached every connection of its table as one patch.
    assert d["gaps"] == d["bad"] == 0
    assert d["patches"] == d["expected"] == mv["server_versions"] * per_table
    assert 0 < r["latency_ms"]["samples"] <= mv["accepted"]
    lat = r["latency_ms"]
    assert lat["p50"] <= lat["p95"] <= lat["p99"] <= lat["max"]
    assert r["bytes"]["per_patch"] > 0

    # Every connection's patched view equals the snapshot it was then sent.
    assert k["checked"] == k["matched"] == r["tables"]["started"] * per_table
    assert k["mismatched"] == k["unchecked"] == 0 and k["examples"] == []
    assert exit_status(r) == 0
    assert "MISMATCHED" not in render(r)
    assert r["server"] is not None and r["server"]["rss_mb"] > 0


async def test_bots_that_ask_for_compact_patches_see_the_same_views_in_fewer_bytes(
    server: Any,
) -> None:
    plain = await run_bots(server.url, duration=2.0)
    packed = await run_bots(server.url, duration=2.0, compact=True)
    for r in (plain, packed):
        k = r["consistency"]
        assert r["deliveries"]["gaps"] == r["deliveries"]["bad"] == 0
        assert k["checked"] == k["matched"] > 0 and k["mismatched"] == 0
    assert packed["bytes"]["per_patch"] < 0.7 * plain["bytes"]["per_patch"]


async def test_tables_whose_game_ends_are_checked_and_opened_again(server: Any) -> None:
    # Countdown (the platform's test game) ends after a few moves, and each seat sees a
    # secret of its own, so the seats' views differ from each other and the spectators'.
    r = await run_bots(
        server.url, game="countdown", rooms=2, seats=2, spectators=2, think=0.01, duration=2.0
    )
    t, mv, d, k = r["tables"], r["moves"], r["deliveries"], r["consistency"]
    assert t["finished"] >= 2 and t["started"] >= t["finished"]
    assert t["opened"] - t["started"] <= 2  # only tables still opening at the stop
    # Each table that started was checked once: when its game ended, or at the stop.
    assert k["checked"] == k["matched"] == t["started"] * 4
    assert mv["sent"] == mv["accepted"] + mv["refused"] + mv["lost"] + mv["unanswered"]
    assert server.hall.metrics.intents_accepted == mv["server_versions"] >= mv["accepted"]
    assert d["gaps"] == 0 and d["patches"] == d["expected"]
    assert exit_status(r) == 0


async def test_a_view_that_went_wrong_is_reported(
    server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_apply = bots.load.apply

    def corrupting_apply(tree: Any, ops: list[Any]) -> Any:
        tree = real_apply(tree, ops)
        if tree.get("you") == 1:  # one seat's bot miscounts its scores
            tree["scores"] = [s + 1 for s in tree["scores"]]
        return tree

    monkeypatch.setattr(bots.load, "apply", corrupting_apply)
    r = await run_bots(server.url)
    k = r["consistency"]
    assert k["mismatched"] == r["tables"]["started"] > 0
    assert k["matched"] + k["mismatched"] == k["checked"]
    assert k["examples"] and k["examples"][0]["where"] == ["scores", 0]
    assert exit_status(r) == 1
    assert "MISMATCHED" in render(r)


async def test_a_run_where_no_table_could_open_fails(server: Any) -> None:
    r = await run_bots(server.url, game="no_such_game", rooms=2, duration=2.0)
    assert r["tables"]["started"] == 0
    assert r["tables"]["setup_failures"] == {"bad_message": 2}
    assert "no_such_game" in r["tables"]["setup_refusal"]
    assert r["consistency"]["checked"] == 0
    assert exit_status(r) == 1
    assert "refused a table" in render(r)


def test_the_bots_talk_to_loopback_unless_told_otherwise(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for url in ("ws://127.0.0.1:8000/ws", "ws://localhost/ws", "ws://[::1]:8000/ws"):
        check_url(url, allow_remote=False)
    for url in ("ws://192.0.2.10:8000/ws", "wss://hall.example/ws"):
        with pytest.raises(RemoteRefused):
            check_url(url, allow_remote=False)
        check_url(url, allow_remote=True)
    with pytest.raises(ValueError):
        check_url("http://127.0.0.1:8000/ws", allow_remote=False)
    assert main(["load", "--url", "ws://192.0.2.10:8000/ws", "--duration", "1"]) == 2
    assert "--allow-remote" in capsys.readouterr().err


async def test_the_command_line_writes_the_report(server: Any, tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    argv = ["--url", server.url, "--rooms", "2", "--spectators", "1", "--think", "0.05"]
    code, stdout, stderr = await run_module(
        "bots", "load", *argv, "--duration", "2", "--json", str(out), timeout=20
    )
    assert code == 0, stderr[-2000:]
    report = json.loads(out.read_text())
    assert report["connections"]["held"] == 2 * (4 + 1)
    assert report["consistency"]["matched"] == report["consistency"]["checked"] > 0
    assert stdout.strip() == render(report)


def test_the_load_generators_run_on_uvloop_where_it_is_installed() -> None:
    from bots import runner

    async def which() -> str:
        await asyncio.sleep(0)
        return type(asyncio.get_running_loop()).__module__

    try:
        import uvloop  # noqa: F401
    except ImportError:
        assert runner.run(which()).startswith("asyncio")
    else:
        assert runner.run(which()).startswith("uvloop")
