"""The AI players seated at a table.

When an AI seat is to move (an AI player's, or a person's whom the AI stands in for), the table schedules a `bot_move` in its own mailbox after
a short pause (so people can follow), tagged with the version it was scheduled at. The
decision itself is made away from the table's actor (server/ai/thinker.py): the seat is
marked as thinking, and the chosen intent comes back through the mailbox as a
`bot_play`. If anything happened at the table meanwhile, the decision is stale: it is
dropped, and the newer position is decided anew.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from server.ai import policy
from server.ai.thinker import Thinker
from server.games.base import Game
from server.room.table import Table

log = logging.getLogger("spieltisch.room")

INLINE_BUDGET = 0.05  # seconds a strong decision may take when made in place (no thinker)


class Bots:
    def __init__(
        self,
        room_id: str,
        table: Table,
        delay: float,
        submit: Callable[[str, Any], None],
        thinker: Thinker | None = None,
    ) -> None:
        self.table = table
        self.delay = delay
        self.thinker = thinker
        self._submit = submit
        # Seeded per table and decision, so a table with bots replays the same way.
        self._seed = int.from_bytes(room_id.encode(), "big") & 0xFFFFFFFF
        self._decisions = 0
        self._task: asyncio.Task[None] | None = None

    @property
    def busy(self) -> bool:
        return self._task is not None and not self._task.done()

    def schedule(self, game: Game, state: Any, version: int) -> None:
        """If an AI seat is to move, queue its move for after the pause."""
        table = self.table
        if table.status != "playing" or not any(table.plays_ai(s) for s in game.active(state)):
            return  # (looked at first: after most moves, a person is to move)
        if game.result(state) is not None:
            return
        if table.everyone_away():
            # Nobody who plays is here: the AI waits for them rather than playing the
            # game out for nobody (a person's return schedules it again; room/actor.py).
            return
        pause = self.delay * table.pace()[0]
        asyncio.get_running_loop().call_later(pause, self._submit, "bot_move", version)

    def think(self, game: Game, state: Any, version: int) -> bool:
        """Start the decision of the first active AI seat; True if the seat now shows
        that it is thinking (a random player's choice is instant: it shows nothing, and
        costs the table no announcements)."""
        seat = next((s for s in sorted(game.active(state)) if self.table.plays_ai(s)), None)
        if seat is None or self.busy:
            return False
        level = self.table.ai_level(seat)
        seed = (self._seed + 7919 * self._decisions) & 0xFFFFFFFF
        self._decisions += 1
        self._task = asyncio.get_running_loop().create_task(
            self._think(game, state, seat, level, seed, version)
        )
        if level == "random":
            return False
        self.table.thinking.add(seat)
        return True

    async def _think(
        self, game: Game, state: Any, seat: int, level: str, seed: int, version: int
    ) -> None:
        intent = None
        try:
            search = self.table.pace()[1]
            if self.thinker is None:
                intent = policy(level, seed, INLINE_BUDGET * search).choose(game, state, seat)
            else:
                budget = self.thinker.budget * search
                intent = await self.thinker.decide(game, state, seat, level, seed, budget)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("AI player at seat %s failed to decide", seat)
        self._submit("bot_play", (version, seat, intent))

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def detach(self) -> None:
        """The table has closed: whatever comes late goes nowhere."""
        self._submit = _nowhere


def _nowhere(kind: str, payload: Any) -> None:
    pass
