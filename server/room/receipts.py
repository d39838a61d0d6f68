"""Which moves a table has applied, by the message that asked for them, so that a
resend is answered rather than applied again.

A client that got no answer to a move (its connection dropped, its table moved to
another process) sends the same message again, possibly through another process. The
table knows it by the sender's seat and message `id`, and tells a resend from a new
move that reuses an id (a reloaded page counts its ids from 1 again) by the `v` it was
chosen on and the intent itself: all four equal is the same message.

They are kept where the moves are, in the log (each entry names its sender's `id` and
`v`), so a process that takes the table over, or a hall restarted from its data
directory, knows them as well as the process that applied them. A table remembers the
last RECEIPTS moves of each seat: a resend is of a move that is still unanswered, one
of the seat's latest, and a table's memory stays bounded.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import msgspec

from server.room.record import LogAct, decode_log

RECEIPTS = 16  # moves remembered per seat
_encode = msgspec.msgpack.Encoder().encode


def fingerprint(sent_v: int | None, intent: Any) -> int:
    """What a resend has in common with the message it repeats, besides seat and id:
    the version it was chosen on and the intent as the log keeps it (builtins). Only
    ever compared within one process, so Python's own hash will do."""
    return hash((sent_v, _encode(intent)))


class Receipts:
    def __init__(self) -> None:
        # seat -> the sender's id -> (fingerprint, the version the move made)
        self._seats: dict[int, OrderedDict[int, tuple[int, int]]] = {}
        # False after a rebuild from a saved state: the moves before it are unread.
        self.complete = True

    def find(self, seat: int, ref: int, print_: int) -> int | None:
        """The version made by this very message, if the table applied it."""
        applied = self._seats.get(seat)
        got = applied.get(ref) if applied is not None else None
        return got[1] if got is not None and got[0] == print_ else None

    def note(self, seat: int, ref: int, print_: int, version: int) -> None:
        applied = self._seats.setdefault(seat, OrderedDict())
        applied.pop(ref, None)
        applied[ref] = (print_, version)
        if len(applied) > RECEIPTS:
            applied.popitem(last=False)

    def learn(self, entries: list[bytes], first: int) -> None:
        """Read the moves of log ``entries``, the first of which makes version
        ``first`` (a start record among them is skipped)."""
        for i, raw in enumerate(entries):
            entry = decode_log(raw)
            if isinstance(entry, LogAct) and entry.ref is not None:
                self.note(entry.seat, entry.ref, fingerprint(entry.sent_v, entry.intent), first + i)

    def relearn(self, log: list[bytes]) -> None:
        """Forget, and read the table's whole log (entry i makes version i)."""
        self._seats.clear()
        self.learn(log, 0)
        self.complete = True
