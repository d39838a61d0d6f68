"""AI decisions away from the event loop.

A strong player searches for a second or so; on the hub's event loop that would stall
every other table of the process. So decisions run in worker processes, at most as
many at once as there are workers (the others wait their turn), each within the
budget. A random player's choice costs nothing and is made in place.

Workers are started by a fork server (not by forking the hub itself, whose event loop
and sockets a child must not inherit) when the first decision is asked for; a game is
named to a worker by its class, so games registered at run time (the tests' toy game)
work as well as the built-in ones.
"""

from __future__ import annotations

import asyncio
import importlib
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import msgspec

from server.ai import policy
from server.ai.policies import RandomPolicy
from server.games.base import Game, read_intent
from server.workers import pool as process_pool

_encode = msgspec.msgpack.Encoder().encode


def default_workers() -> int:
    """One core is left to the event loop."""
    return max(1, (os.cpu_count() or 2) - 1)


class Thinker:
    def __init__(self, workers: int | None = None, budget: float = 1.0) -> None:
        self.workers = workers or default_workers()
        self.budget = budget
        self._slots: asyncio.Semaphore | None = None
        self._pool: ProcessPoolExecutor | None = None

    async def decide(
        self,
        game: Game,
        state: Any,
        seat: int,
        level: str,
        seed: int,
        budget: float | None = None,
    ) -> Any | None:
        """The intent an AI player of ``level`` plays at ``seat``, or None; a strong one
        searches for ``budget`` seconds (the thinker's own budget if not given)."""
        if level == "random":
            return RandomPolicy(seed).choose(game, state, seat)
        data = _encode(state)  # now: the actor's state changes after we return
        cls = type(game)
        async with self._semaphore():
            raw = await asyncio.get_running_loop().run_in_executor(
                self._executor(),
                decide_in_worker,
                cls.__module__,
                cls.__qualname__,
                data,
                seat,
                level,
                seed,
                self.budget if budget is None else budget,
            )
        if raw is None:
            return None
        return read_intent(game, msgspec.msgpack.decode(raw))

    def warm(self) -> None:
        """Start the workers now (a table with AI players has started), so the first
        decision does not wait for a process to start and import the games."""
        if self._pool is None:
            for _ in range(self.workers):
                self._executor().submit(_ready)

    def _semaphore(self) -> asyncio.Semaphore:
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.workers)
        return self._slots

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = process_pool(self.workers, ["server.games", "server.ai"])
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


_games: dict[tuple[str, str], Game] = {}


def _ready() -> None:
    """Nothing: submitted to start a worker."""


def decide_in_worker(
    module: str, qualname: str, data: bytes, seat: int, level: str, seed: int, budget: float
) -> bytes | None:
    """In a worker process: decode the state and decide."""
    game = _games.get((module, qualname))
    if game is None:
        game = _games[(module, qualname)] = getattr(importlib.import_module(module), qualname)()
    state = msgspec.msgpack.decode(data, type=game.State)
    intent = policy(level, seed, budget).choose(game, state, seat)
    return None if intent is None else _encode(intent)
