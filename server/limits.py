"""What one process of the hall allows each client, and how long it waits."""

from __future__ import annotations

import ipaddress

import msgspec


class Limits(msgspec.Struct):
    frame_bytes: int = 64 * 1024
    rate: float = 20.0  # messages per second, sustained
    burst: float = 40.0
    send_queue: int = 512  # frames waiting for a slow reader before it is dropped
    bot_delay: float = 0.8  # seconds an AI player waits, so people can follow
    empty_grace: float = 60.0  # seconds an empty table waits for someone to come back
    lease_ttl: float = 3.0  # seconds a room's owner may go silent before another takes over
    # seconds a message forwarded to a table's owner waits for its answer; then it is
    # refused with `unavailable` (the table is moving) and is never applied (waiting.py)
    answer_within: float = 2.0
    ai_budget: float = 1.0  # seconds a strong AI player searches per decision
    ai_workers: int = 0  # processes AI decisions run in; 0: one less than the cores
    away_grace: float = 60.0  # seconds a player may be away on their turn before the AI
    abandon_after: float = 3600.0  # seconds a running game waits when every person is away
    open_tables: int = 5  # tables waiting for players one person may host at once; 0: any
    # ... and all the people of one address together (a school or a club shares one
    # address, a flood from one machine is cut short); 0: any
    open_tables_per_address: int = 20
    # Loopback visitors are not counted by address: behind a proxy on the same machine
    # every visitor comes from loopback, and so do local load tests. Tests of the cap
    # turn this on.
    cap_loopback: bool = False
    # failed sign-ins from one address within 15 minutes, over all names, before that
    # address is refused (the account's own count, five, stands apart); 0: not counted by
    # address. A school behind one address may want more. Loopback is not counted,
    # unless `cap_loopback`.
    signin_failures_per_address: int = 20
    # days a guest's session lasts without a visit (an account's lasts SESSION_TTL): a
    # school whose computers are shared may want guests forgotten by the next day. Less
    # than the longest wait at a turn-based table loses a guest their seat there.
    guest_session_days: float = 90.0
    # at least these seconds between full collections, made only when a closed connection
    # left a cycle the hall could not break (collector.py); 0: no collector task at all
    # (no sweep, no young passes on a timer: Python's own automatic passes instead)
    gc_every: float = 60.0
    hall_password: str | None = None  # asked of every visitor in `hello` when set
    # "required": a guest may watch, but playing (create, sit, chat) needs an account
    accounts: str = "optional"
    # Web Push (push.py): off, the hall gives no key and keeps no subscriptions
    push: bool = True
    # who runs the hall, for the push services (the VAPID `sub` claim): mailto: or https:
    push_contact: str = "mailto:admin@localhost"
    push_timeout: float = 10.0  # seconds one post to a push service may take
    # Tests only: push endpoints may be plain http to a loopback address (a test's own
    # push service); otherwise an endpoint is https, and never to the hall's own network.
    push_loopback: bool = False

    def counted_address(self, address: str) -> str:
        """The address a visitor is counted by (open tables, failed sign-ins): "" for
        none, which loopback is unless `cap_loopback`."""
        if address and not self.cap_loopback and _loopback(address):
            return ""
        return address


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False
