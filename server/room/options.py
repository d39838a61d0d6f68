"""A table's options: the game's Options struct, checked key by key."""

from __future__ import annotations

from typing import Any

import msgspec

from server.games.base import Game, IllegalIntent


def make_options(game: Game, raw: dict[str, Any]) -> msgspec.Struct:
    names = {f.encode_name for f in msgspec.structs.fields(game.Options)}
    for key in raw:
        if key not in names:
            raise _unknown(game, key, names)
    try:
        return msgspec.convert(raw, game.Options)
    except msgspec.ValidationError as e:
        raise IllegalIntent("bad_option", f"Bad option value: {e}") from None


def with_option(game: Game, options: msgspec.Struct, key: str, value: Any) -> msgspec.Struct:
    """``options`` with one option changed, validated against the game's Options."""
    raw = msgspec.to_builtins(options)
    raw[key] = value
    return make_options(game, raw)


def _unknown(game: Game, key: str, names: set[str]) -> IllegalIntent:
    known = ", ".join(sorted(names)) or "none"
    return IllegalIntent("unknown_option", f"{game.name} has no option {key!r} (options: {known}).")
