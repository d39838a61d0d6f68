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


async def played_by_the_ai(srv: Any, levels: tuple[str, ...] = ("random",)) -> tuple[str, Any, Any]:
    """Anna opens a Carcassonne table with AI players of ``levels`` in the next seats
    and the shortest clock, a watcher comes in, and Anna never moves: each time her
    time runs out the AI moves for her, so the AI plays every seat to the end (had she
    resigned, the game would stop as abandoned). Returns (room id, Anna, the watcher),
    once the watcher heard the game is over."""
    anna = await srv.client("anna")
    await anna.send({"t": "create", "game": "carcassonne", "options": {"clock": 0.1}})
    room = (await anna.expect("room"))["room"]
    await anna.send({"t": "sit", "room": room, "seat": 0})
    await anna.expect("room", you=0)
    for seat, level in enumerate(levels, start=1):
        await anna.send({"t": "bot", "room": room, "seat": seat, "level": level})
        while (await anna.expect("room"))["seats"][seat] is None:
            pass
    watcher = await srv.client("watcher")
    await watcher.send({"t": "enter", "room": room})
    await watcher.expect("room")
    await anna.send({"t": "start", "room": room})
    await anna.expect("snapshot", room=room)
    for _ in range(20000):
        msg = await watcher.recv(timeout=30)
        if msg["t"] == "room" and msg["status"] == "finished":
            return room, anna, watcher
    raise AssertionError("the game did not finish")


async def play_first_legal(room: str, players: list[Any], clients: list[Any], moves: int) -> None:
    """``moves`` moves at ``room``, each the first legal intent of a player who may
    move, and each waited for until every one of ``clients`` holds its patch."""
    for _ in range(moves):
        mover = next(c for c in players if c.view(room)["legal"])
        v = mover.version(room) + 1
        intent = mover.view(room)["legal"][0]
        await mover.send({"t": "act", "room": room, "v": v - 1, "intent": intent})
        for c in clients:
            while c.version(room) < v:
                await c.expect("patch", room=room)
