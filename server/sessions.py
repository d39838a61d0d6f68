"""Who is who: a secret session token names a player for as long as it is used.

The token is the only credential (128+ bits from ``secrets``); the player id is public
(other people see it in a table's seats) and is not derived from the token."""

from __future__ import annotations

import secrets

import msgspec

NAME_MAX = 24


class Player(msgspec.Struct):
    id: str
    name: str
    lang: str = "en"
    bot: bool = False


class Sessions:
    def __init__(self) -> None:
        self._by_token: dict[str, Player] = {}
        self.players: dict[str, Player] = {}

    def resume_or_create(self, token: str | None, name: str, lang: str) -> tuple[str, Player]:
        player = self._by_token.get(token) if token else None
        if player is None:
            token = secrets.token_urlsafe(24)  # 192 bits
            player = Player(id="p" + secrets.token_hex(6), name=name, lang=lang)
            self._by_token[token] = player
            self.players[player.id] = player
        else:
            player.name = name
            player.lang = lang
        assert token is not None
        return token, player


def clean_name(raw: str) -> str | None:
    """A display name: printable, trimmed, 1 to NAME_MAX characters; None if unusable."""
    name = "".join(ch for ch in raw if ch.isprintable()).strip()
    if not name or len(name) > NAME_MAX:
        return None
    return name
