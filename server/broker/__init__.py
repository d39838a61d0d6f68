"""Brokers: ``memory`` (embedded), ``redis`` (a hall shared by many processes) and
``cluster`` (the same on a Redis Cluster)."""

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


def make_broker(redis_url: str | None, cluster_url: str | None = None) -> Broker:
    """``cluster_url``: any node of a Redis Cluster; else ``redis_url``: one Redis;
    else a broker in this process."""
    if cluster_url is not None:
        from server.broker.cluster import ClusterBroker

        return ClusterBroker(cluster_url)
    if redis_url is None:
        return MemoryBroker()
    from server.broker.redis import RedisBroker  # only a Redis hall needs redis-py

    return RedisBroker(redis_url)
