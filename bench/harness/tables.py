"""Opening a table through the wire, as people do: the host creates it (and sits in
seat 0), the players sit in the next seats, the host seats AI players after them, the
spectators enter, and the host starts it; then everyone holds the table's view. Each
step waits for the hall's answer. It takes either client (`clients.Client` or
`peer.Peer`): both answer `ask` and `until_view`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol


class TableClient(Protocol):
    room: str
    v: int
    view: Any

    async def ask(
        self,
        msg: dict[str, Any],
        t: str,
        where: Callable[[dict[str, Any]], bool] | None = None,
        timeout: float = 30.0,
        **match: Any,
    ) -> dict[str, Any]: ...

    async def until_view(self, timeout: float = 30.0) -> None: ...


def seat_taken(seat: int, bot: bool = False) -> Callable[[dict[str, Any]], bool]:
    """A `room` message in which ``seat`` is taken (by an AI player, with ``bot``)."""

    def taken(msg: dict[str, Any]) -> bool:
        seats = msg.get("seats") or []
        held: dict[str, Any] | None = seats[seat] if seat < len(seats) else None
        return held is not None and (not bot or bool(held.get("bot")))

    return taken


def opened(msg: dict[str, Any]) -> bool:
    """The `room` that answers `create`: a new table, waiting, with the sender in seat
    0. A connection that has just left a table may still get that table's `room`
    announcements, which must not be taken for the answer."""
    return msg.get("status") == "waiting" and msg.get("you") == 0


async def open_table(
    host: TableClient,
    game: str,
    players: Sequence[TableClient] = (),
    bots: Sequence[str] = (),
    watchers: Sequence[TableClient] = (),
    options: dict[str, Any] | None = None,
    start: bool = True,
) -> str:
    """A new table of ``game``, its id: ``host`` in seat 0, ``players`` in seats 1, 2,
    ..., an AI player of each level of ``bots`` in the seats after them, ``watchers``
    entered; then, unless ``start`` is False, started (`start_table`)."""
    create: dict[str, Any] = {"t": "create", "game": game}
    if options is not None:
        create["options"] = options
    room: str = (await host.ask(create, "room", where=opened))["room"]
    for seat, p in enumerate(players, 1):
        await p.ask({"t": "sit", "room": room, "seat": seat}, "room", room=room, you=seat)
    for seat, level in enumerate(bots, 1 + len(players)):
        bot = {"t": "bot", "room": room, "seat": seat, "level": level}
        await host.ask(bot, "room", where=seat_taken(seat, bot=True), room=room)
    for w in watchers:
        await w.ask({"t": "enter", "room": room}, "room", room=room)
    if start:
        await start_table(host, [host, *players, *watchers], room)
    return room


async def start_table(host: TableClient, everyone: Sequence[TableClient], room: str) -> None:
    """The host starts ``room``; until each of ``everyone`` holds its first view."""
    for c in everyone:
        c.room, c.v, c.view = room, -1, None
    await host.ask({"t": "start", "room": room}, "snapshot", room=room)
    for c in everyone:
        if c is not host:
            await c.until_view()
