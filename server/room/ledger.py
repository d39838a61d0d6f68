"""A table's ledger: the game state, its version, and what each audience was shown.

A move is written down before anyone sees it: the log entry first (in a shared hall,
in the same atomic step as every audience's patch, backlog and stored view, fenced by
the table's lease), then the ledger keeps the new views. So a table rebuilt from the
log never lacks a move that someone saw, and a process that lost its lease writes
nothing. Each audience is a seat, or the spectators (None).
"""

from __future__ import annotations

import contextlib
import logging
from collections import deque
from collections.abc import Callable
from typing import Any, NamedTuple

import msgspec

from protocol.compact import compact_flat, compact_ops, compact_patch
from protocol.messages import Patch, Snapshot
from protocol.patch import diff, diff_own, diff_shared
from server.broker import Broker, BrokerUnavailable, Stored, Ticket
from server.games.base import INTERNED_KEYS, OWN_KEYS, Game, audience_views
from server.keys import (
    VERSION,
    Audience,
    backlog_key,
    channel,
    lease_key,
    log_key,
    state_key,
    view_key,
    with_compact,
    with_version,
)
from server.room.receipts import Receipts
from server.room.record import apply_logged, replay

log = logging.getLogger("spieltisch.room")

BACKLOG = 64  # patches kept per audience for clients that resume
# Versions between the views kept in a shared broker: a reader brings the stored view up
# to date from the backlog (remote.py). Storing every view would write a whole view per
# audience per move (tens of KB late in a game) for the rare newcomer on another process.
VIEW_EVERY = 8
STATE_EVERY = 25  # moves between saved states, so a takeover replays little
# Versions between the copies of the state a ledger keeps to undo a move whose commit
# failed (the same as STATE_EVERY, so that a durable hall saves the copy it has).
KEEP_EVERY = STATE_EVERY
META_TTL = 24 * 3600.0  # a table untouched for a day is forgotten
_encode = msgspec.msgpack.Encoder().encode


class Change(NamedTuple):
    """One audience's share of an accepted move."""

    audience: Audience
    view: dict[str, Any]
    patch: bytes  # the encoded `patch` message
    snapshot: bytes  # the `snapshot` at the new version when it is to be stored, or b""
    compact: bytes  # the patch in compact form, when some client here asked, or b""


def _sharing(view: dict[str, Any], encoded: dict[int, msgspec.Raw]) -> dict[str, Any]:
    """``view`` for encoding, its parts that other audiences' views share (the same
    objects: a board, the log) encoded once: the same bytes as ``view`` itself."""
    out: dict[str, Any] = {}
    for k, part in view.items():
        if type(part) is dict or type(part) is list:
            raw = encoded.get(id(part))
            if raw is None:
                raw = encoded[id(part)] = msgspec.Raw(_encode(part))
            out[k] = raw
        else:
            out[k] = part
    return out


# Hands a move's patch for one audience to this process's connections: (the
# audience's channel, table, version, the encoded `patch`, its compact form or b"").
Deliver = Callable[[str, str, int, bytes, bytes], None]


class Ledger:
    def __init__(
        self, room_id: str, game: Game, broker: Broker, node: str, deliver: Deliver | None = None
    ) -> None:
        """``deliver``, in a hall of one process, takes each audience's patch straight
        to the connections (fanout.py) instead of through the broker's pub/sub, where
        nobody else listens."""
        self.id = room_id
        self.game = game
        self.broker = broker
        self.node = node
        self.deliver = None if broker.shared else deliver
        # The keys in which audiences' views may differ, or None: any of them may.
        self._own = None if game.own_keys is None else game.own_keys | OWN_KEYS
        self._channels: dict[Audience, str] = {}  # each audience's channel, named once
        self.log_key = log_key(room_id)
        self.state: Any = None
        self.version = 0
        self.views: dict[Audience, dict[str, Any]] = {}
        # The state at version ``_kept_at``, encoded, and the log entries since: what
        # rollback() rebuilds the state from.
        self._kept = b""
        self._kept_at = -1
        self._since: list[bytes] = []
        self.backlog: dict[Audience, deque[tuple[int, bytes]]] = {}
        self._snapshots: dict[Audience, tuple[int, bytes]] = {}
        self.receipts = Receipts()  # the moves applied, by the message that asked
        self.keep = META_TTL  # how long a saved state outlives its write (a turn-based
        # table's is longer: room/clock.py, Clock.keep_for)

    def begin(self, state: Any, version: int, audiences: list[Audience]) -> None:
        """Start showing ``state``: every audience's view, and empty backlogs."""
        self.state = state
        self.version = version
        self.views = audience_views(self.game, state, audiences)
        self.backlog = {a: deque(maxlen=BACKLOG) for a in audiences}
        self._keep()

    # --- what a client is sent ------------------------------------------------------

    def snapshot(self, audience: Audience) -> bytes:
        """The encoded `snapshot` message for an audience at the current version."""
        cached = self._snapshots.get(audience)
        if cached is not None and cached[0] == self.version:
            return cached[1]
        data = _encode(Snapshot(room=self.id, v=self.version, view=self.views[audience]))
        self._snapshots[audience] = (self.version, data)
        return data

    def patches_since(self, audience: Audience, v: int) -> list[bytes] | None:
        """The encoded patches after version ``v``, or None when the backlog no longer
        reaches back that far (the caller sends a snapshot instead)."""
        if v == self.version:
            return []
        backlog = self.backlog.get(audience)
        if not backlog or v > self.version or backlog[0][0] > v + 1:
            return None
        return [data for (pv, data) in backlog if pv > v]

    # --- writing a move down --------------------------------------------------------

    async def append(self, entry: bytes) -> None:
        """Append a record to the log; in a shared hall, only while we hold the lease."""
        if self.broker.shared:
            await self.broker.commit(self.log_key, entry, lease_key(self.id), self.node, ())
        else:
            await self.broker.append(self.log_key, entry)

    def changes(self, state: Any, compact: bool = False) -> list[Change]:
        """Each audience's view of ``state`` and its patch to the next version (also in
        compact form with ``compact``, when some client of this process asked for it:
        made here, the parts the audiences share made compact once, it goes to this
        process's clients; other processes of a shared hall make it from the plain
        patch); the ledger itself is not touched until the move is in the log.

        A game that names the keys in which its audiences' views may differ
        (``Game.own_keys``) has the rest of the change diffed, encoded and made compact
        once for every audience; each audience adds the ops of its own keys."""
        v = self.version + 1
        keep = self.broker.shared and v % VIEW_EVERY == 0
        own = self._own
        room = self.id
        views = audience_views(self.game, state, list(self.views))
        memo: dict[Any, Any] = {}  # what the audiences' views share, diffed once
        encoded: dict[int, msgspec.Raw] = {}  # and encoded once
        # This move's distinct patches by the identities of the ops that tell them apart
        # (kept with them, so no id is reused meanwhile): audiences whose change is the
        # same ops (in Carcassonne, all but the seats whose `legal` changed) share the
        # bytes.
        made: dict[tuple[int, ...], tuple[list[Any], bytes, bytes]] = {}
        shorts: dict[bytes, bytes] = {}  # their compact forms, by their plain bytes
        shared: list[Any] = []
        flat: list[Any] | None = None  # the shared ops, compact
        if own is not None:
            first = next(iter(self.views))
            shared = diff_shared(self.views[first], views[first], own, memo)
        changes = []
        for audience, before in self.views.items():
            view = views[audience]
            if own is None:
                mine = ops = diff(before, view, memo)
            else:
                # Every audience has the shared ops: its own ones tell its patch apart
                # (none, for most audiences: the shared patch itself).
                mine = diff_own(before, view, own, memo, INTERNED_KEYS)
                ops = shared
            key = tuple(map(id, mine)) if mine else ()
            seen = made.get(key)
            if seen is None:
                if own is not None and mine:
                    ops = shared + mine
                patch = _encode(Patch(room=room, v=v, ops=ops))
                short = b""
                if compact:
                    # Audiences with ops of their own often still get the same bytes
                    # (Kardinal's log entries, each audience's own list): the compact
                    # form, a function of those bytes, is made once for them.
                    short = shorts.get(patch, b"")
                    if not short and own is None:
                        short = compact_patch(room, v, ops)
                    elif not short:
                        if flat is None:
                            flat = compact_ops(shared)
                        short = compact_flat(room, v, flat + compact_ops(mine) if mine else flat)
                    shorts[patch] = short
                made[key] = (mine, patch, short)
            else:
                patch, short = seen[1], seen[2]
            snapshot = (
                _encode(Snapshot(room=room, v=v, view=_sharing(view, encoded))) if keep else b""
            )
            changes.append(Change(audience, view, patch, snapshot, short))
        return changes

    async def commit(
        self, entry: bytes, changes: list[Change], ticket: Ticket | None = None
    ) -> None:
        """Append the move to the log. In a shared hall the same atomic step (one round
        trip) checks the lease, stores every audience's view and backlog and publishes
        the patches: a newcomer who reads a stored view drops the patch it then receives
        rather than missing it, and a process that lost its lease writes nothing. A move
        forwarded from another process comes with its ``ticket``, settled in that same
        step: it is applied only while its asker still waits (TicketClosed if not)."""
        if not self.broker.shared:
            # One process forwards nothing: there are no tickets.
            await self.broker.append(self.log_key, entry)
            return
        v = self.version + 1
        await self.broker.commit(
            self.log_key,
            entry,
            lease_key(self.id),
            self.node,
            [
                Stored(
                    channel(self.id, c.audience),
                    with_version(v, c.patch),
                    view_key(self.id, c.audience),
                    with_version(v, c.snapshot) if c.snapshot else b"",
                    backlog_key(self.id, c.audience),
                    BACKLOG,
                    with_compact(v, c.patch, c.compact) if c.compact else b"",
                )
                for c in changes
            ],
            ticket,
        )

    async def accept(self, state: Any, changes: list[Change], entry: bytes = b"") -> int:
        """The move is in the log (and, in a shared hall, published): keep its state,
        views and log ``entry``, and in a single process publish the patches. Returns
        patch bytes."""
        self.state = state
        self.version += 1
        v = self.version
        if entry and v % KEEP_EVERY:
            self._since.append(entry)
        else:
            self._keep()  # without its entry, the move could not be replayed
        sent = 0
        deliver = self.deliver
        for c in changes:
            self.views[c.audience] = c.view
            self.backlog[c.audience].append((v, c.patch))
            if c.snapshot:
                self._snapshots[c.audience] = (v, c.snapshot)
            sent += len(c.patch)
            if self.broker.shared:
                continue  # the commit published it
            name = self._channels.get(c.audience)
            if name is None:
                name = self._channels[c.audience] = channel(self.id, c.audience)
            if deliver is not None:
                deliver(name, self.id, v, c.patch, c.compact)
                continue
            # The move is in the log already: it stands even if a patch is lost.
            published = (
                with_compact(v, c.patch, c.compact) if c.compact else with_version(v, c.patch)
            )
            await self._publish_quietly(name, published)
        return sent

    async def save_state(self) -> None:
        """Every few moves in a durable broker, the state itself, for a quick takeover
        or restart."""
        if self.broker.durable and self.version % STATE_EVERY == 0:
            with contextlib.suppress(BrokerUnavailable):
                await self.broker.put(
                    state_key(self.id),
                    with_version(self.version, self._encoded()),
                    ttl=self.keep,
                )

    async def _publish_quietly(self, name: str, data: bytes) -> None:
        """Publish what clients can recover without: a lost patch shows up as a
        version gap and the client resyncs."""
        try:
            await self.broker.publish(name, data)
        except BrokerUnavailable:
            log.warning(
                '{"event": "room.publish_failed", "room": "%s", "channel": "%s"}', self.id, name
            )

    # --- undoing a move that did not make it ---------------------------------------

    def rollback(self) -> None:
        """Put the state back as it was at this version: a game may have changed it in
        place before the move's commit failed (or the game itself did). Rebuilt from the
        copy kept every KEEP_EVERY versions and the log entries since, as a takeover
        rebuilds a table (games are deterministic); rare, so a move need not copy the
        whole state before it is made."""
        state = msgspec.msgpack.decode(self._kept, type=self.game.State)
        for raw in self._since:
            state = apply_logged(self.game, state, raw)
        self.state = state

    def _keep(self) -> None:
        self._kept = _encode(self.state)
        self._kept_at = self.version
        self._since = []

    def _encoded(self) -> bytes:
        """The state, encoded (the kept copy when it is of this version)."""
        return self._kept if self._kept_at == self.version else _encode(self.state)

    # --- for other processes --------------------------------------------------------

    async def store_views(self) -> None:
        """Keep each audience's latest snapshot in the shared broker, so any process
        can serve a newcomer without asking the owner."""
        if not self.broker.shared:
            return
        for audience in self.views:
            await self.broker.put(
                view_key(self.id, audience), with_version(self.version, self.snapshot(audience))
            )

    def restore(self, entries: list[bytes], saved: bytes | None) -> None:
        """Rebuild the state from the latest saved state (if any) and the log entries
        after it, or from the whole log."""
        if saved is not None:
            self.version = VERSION.unpack_from(saved)[0]
            self.state = msgspec.msgpack.decode(saved[VERSION.size :], type=self.game.State)
            self.receipts.learn(entries, self.version + 1)
            self.receipts.complete = False  # the moves before the saved state: Room.recall
            for raw in entries:
                self.state = apply_logged(self.game, self.state, raw)
                self.version += 1
        elif entries:
            self.state, _, self.version = replay(self.game, entries)
            self.receipts.learn(entries, 0)
