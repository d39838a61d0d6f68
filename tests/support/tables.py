"""Setting up tables through the wire, as people do."""

from __future__ import annotations

from typing import Any


async def open_table(
    srv: Any, game: str = "countdown", players: int = 2, options: dict[str, Any] | None = None
) -> tuple[str, list[Any], Any]:
    """Open a table of ``game``, seat ``players`` people, add a spectator, and start.
    Returns (room id, seated clients in seat order, spectator)."""
    host = await srv.client("host")
    await host.send({"t": "create", "game": game, "options": options or {}})
    room = (await host.expect("room"))["room"]
    seated = [host]
    for i in range(1, players):
        c = await srv.client(f"p{i}")
        await c.send({"t": "enter", "room": room})
        await c.expect("room")
        seated.append(c)
    for i, c in enumerate(seated):
        await c.send({"t": "sit", "room": room, "seat": i})
        await c.expect("room", you=i)
    spectator = await srv.client("watcher")
    await spectator.send({"t": "enter", "room": room})
    await spectator.expect("room")
    await host.send({"t": "start", "room": room})
    for c in [*seated, spectator]:
        await c.expect("snapshot", room=room)
    return room, seated, spectator
