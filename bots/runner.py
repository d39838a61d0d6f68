"""The load generators' event loop: uvloop's where it is installed, as the hub's.

A generator that reads thousands of patches a second is limited by its own CPU per
message before the hub is; uvloop's loop and transports, in C, leave more of it for
the clients' own work (decoding, applying the patches)."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run(main: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(main)``, on uvloop's loop where it is installed."""
    try:
        import uvloop
    except ImportError:  # a platform without it (Windows)
        return asyncio.run(main)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(main)
