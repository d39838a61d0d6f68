"""A guest's tag: four characters that tell apart guests who share a name.

Guests choose their names freely, so two may both be "Ben"; an account's name is its
own. The tag is made from the player id, which is public already (it names a seat in
`room.seats`), never from the session's token: it tells nobody anything they could
not see, and it is the same for the same player wherever a name is listed. The
client makes the same tag from a seat's player id (client/src/ui/names.ts, checked
against the same vectors), so a table's seats need no tag on the wire.
"""

from __future__ import annotations

from functools import lru_cache

# Crockford's base 32 without the letters people misread (no I, L, O, U).
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
TAG_LEN = 4
_FNV_OFFSET = 0x811C9DC5
_FNV_PRIME = 0x01000193


@lru_cache(maxsize=1 << 14)  # the people of a busy hall, looked at every second
def player_tag(player: str) -> str:
    """FNV-1a (32 bits) of the id's UTF-8 bytes, its low 20 bits in base 32."""
    h = _FNV_OFFSET
    for byte in player.encode():
        h = ((h ^ byte) * _FNV_PRIME) & 0xFFFFFFFF
    return "".join(ALPHABET[(h >> (5 * i)) & 31] for i in range(TAG_LEN))


def tag_of(player: str, account: bool, bot: bool = False) -> str | None:
    """A guest's tag; None for an account holder and an AI player."""
    return None if account or bot else player_tag(player)


# Shared with the client's test (client/test/names.test.ts): id -> tag.
VECTORS = {"p3fa2c1d09e4b": "5VWX", "p000000000000": "ZYK6", "": "5E7S", "pé": "QR37"}
