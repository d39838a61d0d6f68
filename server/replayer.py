"""Replays of archived games, built away from the event loop.

Rebuilding a long game's views move by move takes a good part of a second (Stone Age
runs to hundreds of moves, each with a view and a diff); on the event loop that would
stall every table of the process. So replays are built in a worker process, one at a
time, and the last few are kept, encoded once for every connection that asks. Their
players are marked (account holders, guests' tags) as they were when the replay was
built. When an account is deleted, in whichever process of the hall, the kept replays
go (`forget`): its finished games name it no more, and neither may a replay kept from
before.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor

from protocol import messages as m
from server import archive
from server.broker import Broker
from server.connection import Frame
from server.games.base import IllegalIntent
from server.workers import pool as process_pool

KEEP = 16  # replays kept, encoded


class Replayer:
    def __init__(
        self, broker: Broker, mark: Callable[[list[m.GameSummary]], Awaitable[None]]
    ) -> None:
        """``mark`` marks a finished game's account holders and guests' tags, as in
        `history` (server/holders.py)."""
        self.broker = broker
        self.mark = mark
        self._kept: OrderedDict[tuple[str, int | None], Frame] = OrderedDict()
        self._building: dict[tuple[str, int | None], asyncio.Future[Frame]] = {}
        self._pool: ProcessPoolExecutor | None = None
        self._forgotten = 0  # accounts deleted since this process started

    def forget(self) -> None:
        """An account was deleted: what is kept may name it, and so may what is being
        built from a record read before (it goes to those who asked, and is not kept)."""
        self._kept.clear()
        self._forgotten += 1

    async def get(self, game_id: str, seat: int | None) -> Frame:
        key = (game_id, seat)
        frame = self._kept.get(key)
        if frame is not None:
            self._kept.move_to_end(key)
            return frame
        building = self._building.get(key)
        if building is not None:
            return await asyncio.shield(building)
        future: asyncio.Future[Frame] = asyncio.get_running_loop().create_future()
        self._building[key] = future
        forgotten = self._forgotten
        try:
            frame = await self._build(game_id, seat)
        except BaseException as e:
            future.set_exception(e)
            future.exception()  # retrieved: waiters get it, nobody else must
            raise
        finally:
            del self._building[key]
        future.set_result(frame)
        if forgotten == self._forgotten:
            self._kept[key] = frame
            while len(self._kept) > KEEP:
                self._kept.popitem(last=False)
        return frame

    async def _build(self, game_id: str, seat: int | None) -> Frame:
        raw = await self.broker.archived(game_id)
        if raw is None:
            raise IllegalIntent("unknown_game", f"The hall has no finished game {game_id!r}.")
        if seat is not None:
            seats = len(archive.decode_record(raw).players)
            if not 0 <= seat < seats:
                raise IllegalIntent(
                    "bad_message",
                    f"There is no seat {seat + 1}; that game had seats 1 to {seats}.",
                    {"seat": seat + 1, "seats": seats},
                )
        built = await asyncio.get_running_loop().run_in_executor(
            self._executor(), archive.replay, raw, seat
        )
        await self.mark([built.summary])
        return Frame(built.message())

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = process_pool(1, ["server.games", "server.archive"])
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
