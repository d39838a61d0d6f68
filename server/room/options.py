"""A table's options: the game's Options struct, checked key by key. A refusal names
the option and what it takes (``values``: the option's key, for a client to word it
with the option's own label and choices, see server/games/described.py)."""

from __future__ import annotations

import functools
import re
from typing import Any

import msgspec

from server.games.base import Game, IllegalIntent
from server.games.described import allowed, describe

_AT_KEY = re.compile(r"at `\$\.([A-Za-z_0-9]+)`")


def make_options(game: Game, raw: dict[str, Any], given: Any = None) -> msgspec.Struct:
    """The game's options from ``raw``; ``given`` (all of ``raw`` unless said) are the
    keys a person set: an option people are not offered (the operator's, or a choice of
    one) may be given only at its default, so that a client sending back every option
    `GET /api/games` lists still opens its table."""
    names = {f.encode_name for f in msgspec.structs.fields(game.Options)}
    hidden = _hidden(game.Options)
    for key in raw if given is None else given:
        if key not in names:
            raise _unknown(game, key, names)
        if key in hidden and raw[key] != hidden[key]:
            raise IllegalIntent(
                "bad_option",
                f"The option {key!r} is not one a table may set.",
                {"option": key},
            )
    try:
        return msgspec.convert(raw, game.Options)
    except msgspec.ValidationError as e:
        found = _AT_KEY.search(str(e))
        spec = next((s for s in describe(game.Options) if found and s.key == found[1]), None)
        if spec is None:
            raise IllegalIntent("bad_option", f"Bad option value: {e}") from None
        raise IllegalIntent(
            "bad_option",
            f"The option {spec.key!r} ({spec.label['en']}) takes {allowed(spec)}; "
            f"not {raw[spec.key]!r}.",
            {"option": spec.key, "value": raw[spec.key]},
        ) from None


def with_option(game: Game, options: msgspec.Struct, key: str, value: Any) -> msgspec.Struct:
    """``options`` with one option changed, validated against the game's Options."""
    raw = msgspec.to_builtins(options)
    raw[key] = value
    return make_options(game, raw, given=(key,))


@functools.cache
def _hidden(options: type[msgspec.Struct]) -> dict[str, Any]:
    """The options people are not offered, with their defaults."""
    return {spec.key: spec.default for spec in describe(options) if spec.hidden}


def _unknown(game: Game, key: str, names: set[str]) -> IllegalIntent:
    known = ", ".join(sorted(names)) or "none"
    return IllegalIntent("unknown_option", f"{game.name} has no option {key!r} (options: {known}).")
