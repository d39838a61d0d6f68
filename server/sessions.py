"""Who is who: a secret session token names a player for as long as it is used.

The token is the only credential (128+ bits from ``secrets``); the player id is public
(other people see it in a table's seats) and is not derived from the token."""

from __future__ import annotations

import secrets

import msgspec

from protocol.messages import NAME_MAX
from server.broker import Broker


class Player(msgspec.Struct):
    id: str
    name: str
    lang: str = "en"
    bot: bool = False


SESSION_TTL = 7 * 24 * 3600.0  # a week without a visit forgets the session


class Sessions:
    """Tokens live in the broker, so a client may come back through any process."""

    def __init__(self, broker: Broker) -> None:
        self.broker = broker

    async def resume_or_create(self, token: str | None, name: str, lang: str) -> tuple[str, Player]:
        raw = await self.broker.get(f"session:{token}") if token else None
        if raw is None:
            token = secrets.token_urlsafe(24)  # 192 bits
            player = Player(id="p" + secrets.token_hex(6), name=name, lang=lang)
        else:
            player = msgspec.msgpack.decode(raw, type=Player)
            player.name = name
            player.lang = lang
        assert token is not None
        await self.broker.put(f"session:{token}", msgspec.msgpack.encode(player), ttl=SESSION_TTL)
        return token, player

    @staticmethod
    def placeholder(player_id: str | None) -> Player:
        """A stand-in for a player known only by id (a table's host after a takeover)."""
        return Player(id=player_id or "nobody", name="")


def clean_name(raw: str) -> str | None:
    """A display name: printable, trimmed, 1 to NAME_MAX characters; None if unusable."""
    name = "".join(ch for ch in raw if ch.isprintable()).strip()
    if not name or len(name) > NAME_MAX:
        return None
    return name
