"""The broker: everything rooms and hubs share, behind one small interface.

Its implementations keep the same contract (tests/test_broker_contract.py runs against
each): ``memory`` for a single process, ``sqlite`` for one that keeps its tables,
``redis`` for a hall served by many, ``cluster`` for the same on a Redis Cluster.

- pub/sub: fire-and-forget fan-out of encoded messages on named channels;
- room logs: an append-only, durable list of entries per room, read back in order;
- keys with an expiry: sessions, the lobby directory, the latest views; keys claimed
  once (accounts) and counters that expire (sign-in attempts);
- leases: one owner at a time per key, held while renewed;
- tickets: one answer per message forwarded to a table's owner, whoever settles
  it first (the owner applying or refusing it, or its asker giving up waiting);
- the archive: every finished game's summary and record, kept for good.

``shared``: other processes use the same broker. ``durable``: what is written
survives a restart of the process (Redis, SQLite), so the hall keeps a table's meta
and saved states in it and brings its tables back when it starts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple, Protocol

Handler = Callable[[bytes], None]


class BrokerUnavailable(Exception):
    """The broker cannot be reached; nothing was done."""


class LeaseLost(Exception):
    """A fenced write was refused: the writer no longer holds the lease."""


class TicketClosed(Exception):
    """A commit named a ticket that is no longer open: the message it stands for was
    answered already (withdrawn by its asker, refused, or applied); nothing was done."""


# An open ticket's value: the message waits for its answer. Whoever settles it first
# (the owner applying or refusing the message, the asker withdrawing it) decides.
TICKET_OPEN = b"w"


class Ticket(NamedTuple):
    """A forwarded message's ticket, settled by the commit that applies it: ``key``
    takes ``value`` (it must be open), and ``data`` is published on ``channel`` (the
    answer to the process that forwarded the message), a channel of the table's own
    (its hash tag: on a Redis Cluster the commit publishes it from the table's shard)."""

    key: str
    value: bytes
    channel: str
    data: bytes


class Stored(NamedTuple):
    """One audience's share of a published change (see ``Broker.commit``)."""

    channel: str
    data: bytes
    key: str
    value: bytes
    backlog: str
    keep: int
    # What this process's own subscribers get instead of ``data``, when not empty: the
    # same patch with its compact form along, made where the diffs were, so that they
    # need not make it from ``data`` (other processes do; it is not stored).
    local: bytes = b""


class Broker(Protocol):
    # True when other processes share this broker: rooms then keep what a process
    # serving a newcomer needs (meta, latest views, backlogs) in the broker itself.
    shared: bool
    # True when what is written survives this process (see the module's docstring).
    durable: bool

    async def publish(self, channel: str, data: bytes) -> None: ...

    async def commit(
        self,
        log: str,
        entry: bytes,
        lease: str,
        owner: str,
        items: Sequence[Stored],
        ticket: Ticket | None = None,
    ) -> int:
        """A room's accepted change, in one atomic step and one round trip: only while
        ``owner`` holds ``lease`` (else LeaseLost, and nothing is done: the fence that
        keeps a process that lost its lease, paused or cut off, from ever writing after
        its successor), and only while ``ticket`` (if any) is open (else TicketClosed,
        and nothing is done), append
        ``entry`` to ``log``, then for each item in turn set ``key`` to ``value``
        (unless ``value`` is empty), append ``data`` to the capped list ``backlog``
        and publish ``data`` on ``channel`` (``local`` to this process's own
        subscribers, when an item has one); last, settle the ticket and publish its
        answer. Returns the entry's index."""
        ...

    async def forward(self, channel: str, data: bytes, ticket: str, ttl: float) -> None:
        """Open ``ticket`` (it expires after ``ttl`` seconds, and an expired ticket is
        closed) and publish ``data`` on ``channel``, in one round trip."""
        ...

    async def settle(self, ticket: str, value: bytes) -> bytes | None:
        """Close an open ticket: it holds ``value`` from now on (for the rest of its
        time), or, with an empty ``value``, is withdrawn. None when this call closed it;
        else what the ticket holds (empty: withdrawn or expired) and nothing changes."""
        ...

    async def subscribe(self, channel: str, handler: Handler) -> None:
        """Call ``handler(data)`` for every message published on ``channel`` from now on."""
        ...

    async def unsubscribe(self, channel: str, handler: Handler) -> None: ...

    async def append(self, log: str, entry: bytes) -> int:
        """Append to a room log; returns the entry's index (0-based)."""
        ...

    async def read_log(self, log: str, start: int = 0) -> list[bytes]: ...

    async def delete_log(self, log: str) -> None: ...

    async def put(self, key: str, value: bytes, ttl: float | None = None) -> None: ...

    async def get(self, key: str) -> bytes | None: ...

    async def delete(self, key: str) -> None: ...

    async def keys(self, prefix: str) -> list[str]:
        """The names of the keys set with `put` or `put_new` that begin with ``prefix``
        (and have not expired), in no order. A scan of the whole store: for whoever runs
        the hall (the admin tool's list of accounts) and the hall's one sweep of old
        sessions (sessions.py), never on a player's path."""
        ...

    async def put_new(self, key: str, value: bytes) -> bool:
        """Set ``key`` to ``value`` for good, only if it holds nothing: True if this call
        set it. The one way to claim a name that every process sees alike (an account)."""
        ...

    async def count(self, key: str, ttl: float, add: int = 1) -> int:
        """Add ``add`` to the counter ``key`` and return it (``add=0`` reads it); the
        counter is gone ``ttl`` seconds after it was made. Counters are not kept on disk (they limit
        attempts: a restart may forget them)."""
        ...

    async def dir_put(self, name: str, entries: Mapping[str, bytes]) -> None:
        """A directory is a map of keys to values that can be read whole (the lobby);
        set these entries of it, in one round trip."""
        ...

    async def dir_delete(self, name: str, key: str) -> None: ...

    async def dir_all(self, name: str) -> dict[str, bytes]: ...

    async def push_capped(self, key: str, value: bytes, keep: int) -> None:
        """Append to a list that keeps only its last ``keep`` values (a backlog, a
        table's chat); ``delete`` removes the list."""
        ...

    async def recent(self, key: str) -> list[bytes]: ...

    async def replace_recent(self, key: str, old: bytes, new: bytes) -> bool:
        """In a capped list, the first value equal to ``old`` becomes ``new`` where it
        stands (a line of a deleted account's, renamed); False when none is ``old`` any
        more. Atomic: a value pushed meanwhile is neither lost nor replaced."""
        ...

    async def acquire(self, key: str, owner: str, ttl: float) -> bool:
        """Take the lease ``key`` for ``owner`` unless someone else holds it; renewing
        a lease you hold is acquiring it again."""
        ...

    async def acquire_many(self, keys: Sequence[str], owner: str, ttl: float) -> list[bool]:
        """``acquire`` for many leases in one round trip (a process renews the leases
        of all its rooms at once: one by one, hundreds of them could outlast the TTL)."""
        ...

    async def release(self, key: str, owner: str) -> None: ...

    async def archive(
        self,
        game_id: str,
        summary: bytes,
        record: bytes,
        ended: float,
        players: Sequence[str],
        listed: bool = True,
    ) -> None:
        """Keep a finished game for good: its summary (listed) and its whole record
        (read one at a time), findable by when it ended and by each player's id. A game
        not ``listed`` (a private table's) is in its players' lists only."""
        ...

    async def archived(self, game_id: str) -> bytes | None:
        """A finished game's record, or None."""
        ...

    async def archive_list(self, limit: int, player: str | None = None) -> list[bytes]:
        """The summaries of the newest ``limit`` finished games (of ``player``'s)."""
        ...

    def on_reconnect(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` after pub/sub is back from an outage: messages published
        meanwhile are lost, so subscribers should catch up from elsewhere."""
        ...

    async def close(self) -> None: ...
