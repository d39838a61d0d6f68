"""The AI players seated at a table.

When an AI seat is to move, the table schedules a `bot_move` in its own mailbox after
a short pause (so people can follow), tagged with the version it was scheduled at: if
anything happened meanwhile, the move is stale and dropped, and the newer change
schedules its own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from server.ai import GreedyPolicy
from server.games.base import Game
from server.room.table import Table


class Bots:
    def __init__(
        self, room_id: str, table: Table, delay: float, submit: Callable[[int], None]
    ) -> None:
        self.table = table
        self.delay = delay
        self._submit = submit
        # Seeded per table, so a table with bots replays the same way in tests.
        self._policy = GreedyPolicy(int.from_bytes(room_id.encode(), "big") & 0xFFFFFFFF)

    def schedule(self, game: Game, state: Any, version: int) -> None:
        """If an AI seat is to move, queue its move for after the pause."""
        if self.table.status != "playing" or game.result(state) is not None:
            return
        if any(self.table.is_bot(s) for s in game.active(state)):
            asyncio.get_running_loop().call_later(self.delay, self._submit, version)

    def choose(self, game: Game, state: Any) -> tuple[int, Any] | None:
        """The first active AI seat and the intent it plays, if any."""
        for seat in sorted(game.active(state)):
            if self.table.is_bot(seat):
                intent = self._policy.choose(game, state, seat)
                return None if intent is None else (seat, intent)
        return None
