"""The host chooses how fast the table's AI players play: the pause before each AI move
and a strong player's search scale with the pace; `auto` (the default) is fast unless
an AI player is strong. Over real websockets, with a one-second hall pause."""

from __future__ import annotations

import time
from typing import Any

import msgspec

from server.room.pace import factors
from tests.conftest import TEST_LIMITS, running_server
from tests.support.client import Client

LIMITS = msgspec.structs.replace(TEST_LIMITS, bot_delay=1.0)


async def _table_with_ai(srv: Any, level: str, options: dict[str, Any]) -> tuple[str, Client]:
    host = await srv.client("host")
    await host.send({"t": "create", "game": "countdown", "options": {"pile": 30, **options}})
    room = (await host.expect("room"))["room"]
    await host.send({"t": "bot", "room": room, "seat": 1, "level": level})
    while (await host.expect("room", room=room))["seats"][1] is None:
        pass
    return room, host


async def _ai_answer_time(host: Client, room: str) -> float:
    """Seconds from the person's move to the AI's."""
    if not host.view(room)["legal"]:
        await host.expect("patch", room=room, v=host.version(room) + 1, timeout=10)
    v = host.version(room)
    await host.send({"t": "act", "room": room, "v": v, "intent": {"t": "take", "n": 1}})
    await host.expect("patch", room=room, v=v + 1)
    started = time.monotonic()
    await host.expect("patch", room=room, v=v + 2, timeout=10)
    return time.monotonic() - started


def test_auto_is_fast_below_strong_and_normal_with_a_strong_player() -> None:
    assert factors("auto", ["random", "greedy"]) == factors("fast", [])
    assert factors("auto", ["greedy", "strong"]) == factors("normal", [])
    assert factors("thorough", ["random"])[1] > factors("normal", [])[1]


async def test_the_pace_sets_the_pause_before_an_ai_move_and_the_host_may_change_it() -> None:
    async with running_server(LIMITS) as srv:
        room, host = await _table_with_ai(srv, "random", {})
        await host.send({"t": "start", "room": room})
        await host.expect("snapshot", room=room)
        # auto, with a random AI player: fast, a quarter of the hall's second.
        assert await _ai_answer_time(host, room) < 0.8
        # The host asks for the normal pace during the game: the whole second.
        await host.send({"t": "option", "room": room, "key": "ai_pace", "value": "normal"})
        while (await host.expect("room", room=room))["options"].get("ai_pace") != "normal":
            pass
        assert await _ai_answer_time(host, room) >= 0.95


async def test_bad_paces_and_other_peoples_are_refused() -> None:
    async with running_server(LIMITS) as srv:
        host = await srv.client("host")
        await host.send(
            {"t": "create", "game": "countdown", "options": {"ai_pace": "warp"}, "id": 1}
        )
        assert (await host.expect("error", ref=1))["code"] == "bad_option"
        room, host = await _table_with_ai(srv, "random", {"ai_pace": "thorough"})
        guest = await srv.client("guest")
        await guest.send({"t": "enter", "room": room})
        listed = await guest.expect("room", room=room)
        assert listed["options"]["ai_pace"] == "thorough"
        await guest.send({"t": "option", "room": room, "key": "ai_pace", "value": "fast", "id": 2})
        assert (await guest.expect("error", ref=2))["code"] == "not_host"
        await host.send({"t": "option", "room": room, "key": "ai_pace", "value": 3, "id": 3})
        assert (await host.expect("error", ref=3))["code"] == "bad_option"
