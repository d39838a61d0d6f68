"""Brokers: ``memory`` (embedded) and ``redis`` (a hall shared by many processes)."""

from __future__ import annotations

from server.broker.base import (
    TICKET_OPEN,
    Broker,
    BrokerUnavailable,
    Handler,
    LeaseLost,
    Stored,
    Ticket,
    TicketClosed,
)
from server.broker.memory import MemoryBroker

__all__ = [
    "Broker",
    "BrokerUnavailable",
    "Handler",
    "LeaseLost",
    "MemoryBroker",
    "Stored",
    "TICKET_OPEN",
    "Ticket",
    "TicketClosed",
    "make_broker",
]


def make_broker(redis_url: str | None) -> Broker:
    if redis_url is None:
        return MemoryBroker()
    from server.broker.redis import RedisBroker  # only a Redis hall needs redis-py

    return RedisBroker(redis_url)
