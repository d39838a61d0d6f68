"""The lobby stays usable when the hall is large: a bounded list, filtered by game and
status, and updates that carry only what changed."""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec

from protocol.messages import LOBBY_MAX
from tests.conftest import TEST_LIMITS, running_server

# Many tables from few people: the caps on open tables are not what this tests.
LIMITS = msgspec.structs.replace(TEST_LIMITS, open_tables=0, open_tables_per_address=0)


async def open_table(srv: Any, game: str = "countdown") -> str:
    """A table opened by someone new (a host hears of every table they are at)."""
    host = await srv.client("host")
    await host.send({"t": "create", "game": game})
    room: str = (await host.expect("room"))["room"]
    await asyncio.sleep(0.002)  # distinct opening times: a stable order
    return room


async def heard(client: Any, quiet: float = 0.5) -> list[str]:
    """The kinds of message the client is sent until it is quiet for ``quiet``."""
    kinds = [m["t"] for m in client.pending]
    client.pending.clear()
    while True:
        try:
            kinds.append((await client._read(quiet))["t"])
        except TimeoutError:
            return kinds


async def test_the_list_is_bounded_and_filtered() -> None:
    async with running_server(LIMITS) as srv:
        opened = [await open_table(srv, g) for g in ["countdown"] * 5 + ["carcassonne"] * 2]
        lobby = await srv.client("lobby")

        await lobby.send({"t": "rooms", "limit": 3})
        listed = await lobby.expect("room_list")
        assert [r["room"] for r in listed["rooms"]] == opened[::-1][:3]  # the newest first
        assert listed["total"] == 7

        await lobby.send({"t": "rooms", "game": "countdown", "limit": 2})
        listed = await lobby.expect("room_list")
        assert [r["room"] for r in listed["rooms"]] == [opened[4], opened[3]]
        assert listed["total"] == 5

        await lobby.send({"t": "rooms", "status": "playing"})
        listed = await lobby.expect("room_list")
        assert listed == {"t": "room_list", "rooms": [], "total": 0}

        for bad in (0, LOBBY_MAX + 1):
            await lobby.send({"t": "rooms", "limit": bad, "id": 5})
            err = await lobby.expect("error")
            assert err["code"] == "bad_message" and err["ref"] == 5


async def test_changes_carry_only_what_changed() -> None:
    async with running_server(LIMITS) as srv:
        first = [await open_table(srv) for _ in range(2)]
        lobby = await srv.client("lobby")
        await lobby.send({"t": "rooms", "game": "countdown", "limit": 2, "changes": True})
        assert (await lobby.expect("room_list"))["total"] == 2
        whole = await srv.client("whole")  # an older client: whole lists, bounded too
        await whole.send({"t": "rooms", "limit": 2})
        await whole.expect("room_list")

        # A table of another game: not in the filtered list, so nothing is sent.
        await open_table(srv, "carcassonne")
        listed = await whole.expect("room_list")
        assert len(listed["rooms"]) == 2 and listed["total"] == 3
        assert await heard(lobby) == []

        # A new table pushes the oldest out of the two shown.
        newest = await open_table(srv)
        changes = await lobby.expect("room_changes")
        assert [r["room"] for r in changes["rooms"]] == [newest]
        assert changes["gone"] == [first[0]] and changes["total"] == 3

        # A seat taken: that one table comes again, alone.
        guest = await srv.client("guest")
        await guest.send({"t": "sit", "room": first[1], "seat": 1})
        await guest.expect("room", you=1)
        changes = await lobby.expect("room_changes")
        assert [r["room"] for r in changes["rooms"]] == [first[1]]
        assert changes["rooms"][0]["seated"] == 2 and changes["gone"] == []

        # Entering a table leaves the lobby: nothing more is sent.
        await lobby.send({"t": "enter", "room": newest})
        await lobby.expect("room")
        await open_table(srv)
        assert "room_changes" not in await heard(lobby)
