"""A table actor's mailbox: commands in the order they came, and one reader.

An `asyncio.Queue` would do, at a price paid on every move: each `get` makes a future
and each asks the running loop for itself (on Python 3.11 a `getpid` system call
every time). One reader that waits only when the box is empty needs neither: the
box keeps its loop, and a future is made only to wait on an empty box.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Generic, TypeVar

T = TypeVar("T")


class Mailbox(Generic[T]):
    __slots__ = ("_items", "_loop", "_waiter")

    def __init__(self) -> None:
        self._items: deque[T] = deque()
        self._loop = asyncio.get_running_loop()
        self._waiter: asyncio.Future[None] | None = None

    def put(self, item: T) -> None:
        self._items.append(item)
        waiter = self._waiter
        if waiter is not None:
            self._waiter = None
            if not waiter.done():
                waiter.set_result(None)

    async def get(self) -> T:
        """The oldest item, waiting for one while the box is empty (one reader only)."""
        while not self._items:
            self._waiter = self._loop.create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        return self._items.popleft()

    def take(self) -> T | None:
        """The oldest item without waiting, or None when the box is empty."""
        return self._items.popleft() if self._items else None

    def __len__(self) -> int:
        return len(self._items)
