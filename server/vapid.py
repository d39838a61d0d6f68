"""The hall's VAPID key: the P-256 key pair it signs every Web Push with (RFC 8292).

A browser subscribes a device with the public key, and the push service then takes
pushes for that device only when they are signed with the matching private key. So the
key must stay the same for as long as the subscriptions live: it is made once, at the
first start, and kept in the broker, where every process of the hall finds it (in the
SQLite database of the data directory, or in Redis). With the memory broker it lasts as
long as the process, and so do the subscriptions made with it.
"""

from __future__ import annotations

import base64
import logging

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid

from server.broker import Broker

log = logging.getLogger("spieltisch.push")

VAPID_KEY = "push:vapid"  # the private key, as a raw 32-byte scalar


def b64url(data: bytes) -> str:
    """Unpadded base64url, as Web Push writes keys."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    """The bytes of unpadded (or padded) base64url; ValueError when it is not."""
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class VapidKey:
    """The key pair, with what pywebpush signs with and what browsers are given."""

    def __init__(self, private: ec.EllipticCurvePrivateKey) -> None:
        self.signer = Vapid(private)
        point = private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.public = b64url(point)  # the browser's `applicationServerKey`

    @classmethod
    def from_raw(cls, raw: bytes) -> VapidKey:
        return cls(ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1()))


def _raw(private: ec.EllipticCurvePrivateKey) -> bytes:
    return private.private_numbers().private_value.to_bytes(32, "big")


async def load_or_make(broker: Broker) -> VapidKey:
    """The hall's key: the one kept in the broker, or a new one kept there now. Two
    processes starting at once agree: only the first one's key is kept (``put_new``),
    and the other reads it back."""
    raw = await broker.get(VAPID_KEY)
    if raw is None:
        made = ec.generate_private_key(ec.SECP256R1())
        if await broker.put_new(VAPID_KEY, _raw(made)):
            kept = "kept in the hall's storage" if broker.durable else "for this process only"
            log.info('{"event": "push.vapid_made", "kept": "%s"}', kept)
            return VapidKey(made)
        raw = await broker.get(VAPID_KEY)
        assert raw is not None  # put_new refused: someone else's key is there
    return VapidKey.from_raw(raw)
