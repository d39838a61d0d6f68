"""A hall's background tasks: started by any part of it, cancelled when it closes.

Each part that starts one is given ``Tasks.spawn`` (a ``Spawn``), not the tasks."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine
from typing import Any

Spawn = Callable[[Coroutine[Any, Any, Any]], None]


class Tasks:
    def __init__(self) -> None:
        self._running: set[asyncio.Task[Any]] = set()

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        """Run a coroutine in the background, cancelled when the hall closes."""
        task = asyncio.get_running_loop().create_task(coro)
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def cancel(self) -> None:
        """Cancel every task still running, and wait for each to end."""
        for task in list(self._running):
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
