"""Where a table lives in the broker: the names of its keys and channels.

Every process of a hall derives the same names from a table's id, so none of them has
to ask another where something is. A published patch and a stored view carry the
table's version in front (8 bytes), so a reader can order them without decoding.

Every key and channel of one table carries the table's id as a hash tag, ``{id}``: on a
Redis Cluster they all live on the one shard that owns that slot, so a table's commit
script touches a single shard and its patches go out as sharded pub/sub from there
(server/broker/cluster.py), as do the owner's answers to the messages other processes
forward to it (a channel per table and asking process). The hall-wide channels (the
lobby's, the hall chat's, who is present, sign-outs) share the tag ``{hall}``: every
process hears them, and as sharded channels of one shard they reach that shard's nodes
and the processes, not every node of a cluster as ordinary pub/sub would (each
message is small, and comes per lobby change or line said). Hall-wide keys have no
tag: they are spread by their own names. Other brokers ignore the braces.
"""

from __future__ import annotations

import struct

Audience = int | None  # a seat, or None for the spectators

VERSION = struct.Struct(">Q")

HALL = "{hall}"  # the hash tag of the hall-wide channels
LOBBY = "lobby:" + HALL  # channel: something in the lobby directory changed
DIRECTORY = "rooms"  # the lobby directory: table id -> its entry (server/lobby.py)
# The running turn-based tables of a shared hall (id -> nothing): taken over when their
# owner dies even with nobody at them, for their deadlines (server/leases.py).
TURN_BASED = "turn_based"


def _who(audience: Audience) -> str:
    return "spec" if audience is None else str(audience)


def tag(room: str) -> str:
    """The table's hash tag: the part of a key's name a Redis Cluster hashes."""
    return "{" + room + "}"


def tagged(name: str) -> str | None:
    """The hash tag of a key or channel name (what is between its first ``{`` and the
    next ``}``), or None when it has none: as Redis Cluster reads it."""
    start = name.find("{")
    if start < 0:
        return None
    end = name.find("}", start + 1)
    if end <= start + 1:
        return None
    return name[start + 1 : end]


def log_key(room: str) -> str:
    """The table's log: its start record, then every accepted move."""
    return f"log:{tag(room)}"


def meta_key(room: str) -> str:
    """Seats, host, options and status: what a successor needs besides the log."""
    return f"meta:{tag(room)}"


def state_key(room: str) -> str:
    """A saved state every few moves, so a takeover replays little of the log."""
    return f"state:{tag(room)}"


def view_key(room: str, audience: Audience) -> str:
    return f"view:{tag(room)}:{_who(audience)}"


def backlog_key(room: str, audience: Audience) -> str:
    return f"backlog:{tag(room)}:{_who(audience)}"


CHAT_KEEP = 100  # lines a table's chat keeps, sent as `chat_log` to whoever enters


def chat_key(room: str) -> str:
    """The table's recent chat: a capped list of encoded ChatEvents, oldest first."""
    return f"chat:{tag(room)}"


def lease_key(room: str) -> str:
    return f"lease:{tag(room)}"


def ticket_key(room: str, ticket: str) -> str:
    """One forwarded message's ticket: open while it waits, then its outcome
    (server/waiting.py). The table's commit closes it, so it lives with the table."""
    return f"ticket:{tag(room)}:{ticket}"


def channel(room: str, audience: Audience) -> str:
    """One audience's patches."""
    return f"room:{tag(room)}:{_who(audience)}"


def events_channel(room: str) -> str:
    """Seat changes, chat and census calls: for every member of the table."""
    return f"room:{tag(room)}:events"


def inbox_channel(room: str) -> str:
    """Commands for the table from clients of processes that do not own it."""
    return f"room:{tag(room)}:inbox"


def answers_channel(room: str, node: str) -> str:
    """The table owner's answers to the messages process ``node`` forwarded to it: on
    the table's shard, so that an answer (one for most moves of a hall of several
    processes) reaches the shard's nodes only, not every node of a cluster."""
    return f"room:{tag(room)}:to:{node}"


def with_version(v: int, data: bytes) -> bytes:
    return VERSION.pack(v) + data


# Set in the version of a published patch that carries its compact form too.
_COMPACT_FOLLOWS = 1 << 63
_LENGTH = struct.Struct(">I")


def with_compact(v: int, plain: bytes, compact: bytes) -> bytes:
    """A patch published within one process with its compact form along, made where
    the audiences' diffs were (with what they share made compact once)."""
    return VERSION.pack(v | _COMPACT_FOLLOWS) + _LENGTH.pack(len(plain)) + plain + compact


def split_published(data: bytes) -> tuple[int, bytes, bytes | None]:
    """A published patch is its version and the encoded `patch` message, so a hub can
    drop what a connection already has without decoding the patch; and, within one
    process, the compact form of the message (else None)."""
    v = VERSION.unpack_from(data)[0]
    if not v & _COMPACT_FOLLOWS:
        return v, data[VERSION.size :], None
    start = VERSION.size + _LENGTH.size
    end = start + _LENGTH.unpack_from(data, VERSION.size)[0]
    return v & ~_COMPACT_FOLLOWS, data[start:end], data[end:]


# The hall's meeting place (hallchat.py, present.py): hall-wide, one of each.
HALL_CHAT = "hallchat"  # capped list: the hall's recent chat, encoded HallChatEntries
HALL_CHAT_CHANNEL = "hallchat:" + HALL  # channel: a line said in the hall
PRESENT = "present"  # directory: process id -> who is connected there
PRESENT_CHANNEL = "present:" + HALL  # channel: some process's people changed
SIGNED_OUT_CHANNEL = "signedout:" + HALL  # channel: an account's sessions stopped working
