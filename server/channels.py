"""A process's subscriptions to broker channels.

One handler per channel, however many connections or tables of this process need
it: the broker delivers each message once, and the handler fans it out here.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from server.broker import Broker, Handler


class Channels:
    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        self._handlers: dict[str, Handler] = {}

    async def subscribe(self, name: str, room_id: str, on: Callable[[str, bytes], None]) -> None:
        """Call ``on(room_id, data)`` for each message on ``name``, unless subscribed."""
        if name in self._handlers:
            return

        def handler(data: bytes) -> None:
            on(room_id, data)

        self._handlers[name] = handler
        await self.broker.subscribe(name, handler)

    def unsubscribe(self, name: str) -> Coroutine[Any, Any, None]:
        """Stop hearing ``name``: forgotten here at once, so that a `subscribe` made
        before the returned coroutine has run subscribes anew (the broker counts the
        two handlers apart), rather than finding the channel still here and then
        losing it."""
        handler = self._handlers.pop(name, None)
        return self._drop(name, handler)

    async def _drop(self, name: str, handler: Handler | None) -> None:
        if handler is not None:
            await self.broker.unsubscribe(name, handler)
