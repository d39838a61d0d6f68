"""Messages this process forwarded to a table's owner, each until it is answered.

A client at a table another process owns sends its messages there over the table's
inbox channel (inbox.py). Each one gets exactly one answer, applied or refused, within
``Limits.answer_within`` seconds, even when the owner has just died:

- The message has a ticket in the broker, open while it waits. The owner closes it
  when it applies the message (for a move, in the same atomic step as its log entry) or
  refuses it, and only then answers; at the deadline this process withdraws the ticket
  if it is still open and answers `unavailable`: from then on nobody can apply the
  message. Whoever closes the ticket first decides, so an answer is never contradicted
  by what happens after it.
- When a process takes the table over (this one, or another: its census call), the
  messages still waiting are sent again, to the new owner, which applies them at once:
  a move made while its table changes hands lands without a resend. A resend of a move
  that was applied already is known by the table's receipts (room/receipts.py).
- A message that has waited HURRY seconds may be waiting for a dead owner: this process
  then tries for the table's lease every few tenths of a second (leases.py), so that
  it takes the table over as soon as the dead owner's lease runs out.
- What waits is bounded, per connection and in all; past that a message is refused
  with `unavailable` at once.
- The answers come on the table's own channel for this process (keys.answers_channel:
  on a Redis Cluster, the table's shard alone carries them). This process listens to it
  from before its first message to the table is sent until nothing waits for the table
  and none of its connections is there any more (`left`): a player's moves do not
  subscribe and unsubscribe each time.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import Counter
from collections.abc import Callable, Container
from dataclasses import dataclass, field
from typing import Any

import msgspec

from protocol import messages as m
from server.broker import Broker, BrokerUnavailable
from server.channels import Channels
from server.connection import Connection
from server.inbox import APPLIED, Command, Reply
from server.keys import answers_channel, inbox_channel, ticket_key
from server.limits import Limits
from server.room.answer import MOVED
from server.tasks import Spawn

WAITING_MAX = 4096  # messages waiting for an owner's answer, in all
WAITING_PER_CONNECTION = 32  # ... and from one connection (a burst of its rate limit fits)
HURRY = 0.3  # seconds without an answer before this process tries for the table itself
# How long a ticket outlives its deadline, so that the asker still reads an outcome
# decided just before it; also how long it is waited out when the broker cannot be
# reached at the deadline (then nobody can apply the message any more either).
TICKET_SLACK = 1.0
UNREACHABLE = "The hall's storage is unreachable; try again."

_encode = msgspec.msgpack.Encoder().encode


@dataclass(eq=False)
class Pending:
    ticket: str
    room: str
    cid: int
    ref: int | None
    data: bytes  # the encoded Command, sent again to a new owner
    timers: list[asyncio.TimerHandle] = field(default_factory=list)
    # Set once its ticket is open (or failed to open), and when, after that.
    sent: asyncio.Event = field(default_factory=asyncio.Event)
    opened: float = 0.0


class Waiting:
    def __init__(
        self,
        broker: Broker,
        limits: Limits,
        node: str,
        spawn: Spawn,
        channels: Channels,
        connection: Callable[[int], Connection | None],
    ) -> None:
        """``node`` is this process, ``connection`` finds one of its connections by id;
        ``channels`` are its subscriptions, where it hears the answers."""
        self.broker = broker
        self.limits = limits
        self.node = node
        self.spawn = spawn
        self.channels = channels
        self.connection = connection
        # The tables where this process has connections (the fan-out's members, given
        # once it is built: `bind`): their answers' channels are kept while they last.
        self.present: Container[str] = ()
        self._listening: set[str] = set()  # tables whose answers' channel we hear
        # Told of a table whose owner is slow to answer (leases.py, which uses this part
        # in turn: it is bound once both are built).
        self.hurry: Callable[[str], None] | None = None
        self._by_ticket: dict[str, Pending] = {}
        self._by_room: dict[str, dict[str, Pending]] = {}  # in the order they were sent
        self._per_conn: Counter[int] = Counter()
        # What is on its way to each table's inbox, sent one after the other: sent at
        # once, each on its own, two messages could overtake each other on their way
        # through the broker's connections.
        self._outbox: dict[str, list[tuple[Pending, bool]]] = {}

    def bind(self, hurry: Callable[[str], None], present: Container[str]) -> None:
        """Tell ``hurry`` the table of a message that has waited HURRY seconds;
        ``present`` holds the tables where this process has connections."""
        self.hurry = hurry
        self.present = present

    def __len__(self) -> int:
        return len(self._by_ticket)

    def waits_for(self, room_id: str) -> bool:
        return bool(self._by_room.get(room_id))

    # --- sending ------------------------------------------------------------------------

    def forward(self, room_id: str, kind: str, conn: Connection, msg: Any) -> None:
        """Send a client's message to the owner of ``room_id``, and wait for its answer."""
        if (
            len(self._by_ticket) >= WAITING_MAX
            or self._per_conn[conn.cid] >= WAITING_PER_CONNECTION
        ):
            conn.error(
                msg.id, "unavailable", "Too many messages are waiting for tables; try again."
            )
            return
        ticket = secrets.token_hex(8)
        command = Command(
            kind=kind,
            node=self.node,
            conn=conn.cid,
            ref=msg.id,
            player=conn.player,
            msg=msgspec.to_builtins(msg),
            ticket=ticket,
        )
        pending = Pending(ticket, room_id, conn.cid, msg.id, _encode(command))
        # Known before it is sent: the owner may answer before the send returns.
        self._by_ticket[ticket] = pending
        self._by_room.setdefault(room_id, {})[ticket] = pending
        self._per_conn[conn.cid] += 1
        loop = asyncio.get_running_loop()
        pending.timers += [
            loop.call_later(self.limits.answer_within, self._deadline, ticket),
            loop.call_later(HURRY, self._suspect, ticket),
        ]
        self._post(pending, True)

    def reforward(self, room_id: str) -> None:
        """The table has a new owner: send it what still waits, in the order it came."""
        for pending in list(self._by_room.get(room_id, {}).values()):
            self._post(pending, False)

    def _post(self, pending: Pending, first: bool) -> None:
        box = self._outbox.get(pending.room)
        if box is not None:
            box.append((pending, first))
            return
        self._outbox[pending.room] = [(pending, first)]
        self.spawn(self._send(pending.room))

    async def _send(self, room_id: str) -> None:
        box = self._outbox[room_id]
        ttl = self.limits.answer_within + TICKET_SLACK
        broker = self.broker
        try:
            while box:
                pending, first = box.pop(0)
                try:
                    if pending.ticket not in self._by_ticket:
                        continue  # answered meanwhile
                    if first:
                        await self._listen(room_id)  # before the owner can answer
                        key = ticket_key(room_id, pending.ticket)
                        await broker.forward(inbox_channel(room_id), pending.data, key, ttl)
                        pending.opened = time.monotonic()
                    else:
                        await broker.publish(inbox_channel(room_id), pending.data)
                except BrokerUnavailable:
                    if first:  # nothing was opened or sent: nobody can apply it
                        self._refuse(pending.ticket, UNREACHABLE)
                    # else the deadline answers it
                finally:
                    if first:
                        pending.sent.set()
        finally:
            del self._outbox[room_id]

    def _suspect(self, ticket: str) -> None:
        pending = self._by_ticket.get(ticket)
        if pending is not None and self.hurry is not None:
            self.hurry(pending.room)

    # --- the answers' channel -------------------------------------------------------------

    async def _listen(self, room_id: str) -> None:
        if room_id not in self._listening:
            self._listening.add(room_id)
            # A failure leaves the handler with the broker, which subscribes it anew
            # once it reconnects; meanwhile the message is refused as unreachable.
            await self.channels.subscribe(
                answers_channel(room_id, self.node), room_id, self._on_reply
            )

    def left(self, room_id: str) -> None:
        """The last connection of this process at the table has left it."""
        self._quiet(room_id)

    def _quiet(self, room_id: str) -> None:
        """Stop hearing the table's answers once nothing here waits for them."""
        if (
            room_id in self._listening
            and room_id not in self._by_room
            and room_id not in self.present
        ):
            self._listening.discard(room_id)
            self.spawn(self.channels.unsubscribe(answers_channel(room_id, self.node)))

    def _on_reply(self, room_id: str, data: bytes) -> None:
        reply = msgspec.msgpack.decode(data, type=Reply)
        if reply.ticket is not None:
            self.answered(reply)

    # --- answering ----------------------------------------------------------------------

    def answered(self, reply: Reply) -> None:
        """The owner's answer (it closed the ticket first)."""
        assert reply.ticket is not None
        if reply.code is None:
            self._apply(reply.ticket, reply.v, reply.again)
        else:
            pending = self._finish(reply.ticket)
            conn = self._conn(pending)
            if pending is not None and conn is not None:
                conn.error(pending.ref, reply.code, reply.message, reply.args)

    def _apply(self, ticket: str, v: int | None, again: bool) -> None:
        pending = self._finish(ticket)
        conn = self._conn(pending)
        if pending is not None and conn is not None and pending.ref is not None:
            conn.send(m.Ok(ref=pending.ref, room=pending.room, v=v, again=again))

    def _refuse(self, ticket: str, message: str) -> None:
        pending = self._finish(ticket)
        conn = self._conn(pending)
        if pending is not None and conn is not None:
            conn.error(pending.ref, "unavailable", message)

    def gone(self, room_id: str) -> None:
        """The table has closed: what waits for it is refused at once."""
        for pending in list(self._by_room.get(room_id, {}).values()):
            self._finish(pending.ticket)
            conn = self._conn(pending)
            if conn is not None:
                conn.error(pending.ref, "unknown_room", f"There is no table {room_id!r}.")

    def _deadline(self, ticket: str) -> None:
        pending = self._by_ticket.get(ticket)
        if pending is not None:
            self.spawn(self._withdraw(pending))

    async def _withdraw(self, pending: Pending) -> None:
        """No answer in time: withdraw the ticket, unless an owner closed it first."""
        await pending.sent.wait()  # a ticket still being opened cannot be withdrawn yet
        if pending.ticket not in self._by_ticket:
            return  # refused as it was sent, or answered meanwhile
        try:
            held = await self.broker.settle(ticket_key(pending.room, pending.ticket), b"")
        except BrokerUnavailable:
            # Nobody can apply it once its ticket has expired: wait that out.
            left = pending.opened + self.limits.answer_within + TICKET_SLACK
            await asyncio.sleep(max(0.0, left - time.monotonic()) + 0.05)
            held = b""
        if held is not None and held.startswith(APPLIED):
            self._apply(pending.ticket, int(held[len(APPLIED) :]), False)  # its answer is late
        else:
            # Withdrawn (or refused, or taken by an owner that died before answering):
            # it is not applied, and now never will be.
            self._refuse(pending.ticket, MOVED)

    def _finish(self, ticket: str) -> Pending | None:
        pending = self._by_ticket.pop(ticket, None)
        if pending is None:
            return None  # answered already
        for timer in pending.timers:
            timer.cancel()
        room = self._by_room.get(pending.room)
        if room is not None:
            room.pop(ticket, None)
            if not room:
                del self._by_room[pending.room]
                self._quiet(pending.room)
        self._per_conn[pending.cid] -= 1
        if self._per_conn[pending.cid] <= 0:
            del self._per_conn[pending.cid]
        return pending

    def _conn(self, pending: Pending | None) -> Connection | None:
        return None if pending is None else self.connection(pending.cid)
