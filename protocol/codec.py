"""Encoders and decoders for both framings of the wire: MessagePack (binary frames)
and JSON (text frames). Decoders are built once; msgspec validates while it decodes,
so a message that decodes is well-typed."""

from __future__ import annotations

from typing import Any

import msgspec

from protocol.messages import ClientMessage, ServerMessage

_mp_client = msgspec.msgpack.Decoder(ClientMessage)  # type: ignore[var-annotated]
_js_client = msgspec.json.Decoder(ClientMessage)  # type: ignore[var-annotated]
_mp_server = msgspec.msgpack.Decoder(ServerMessage)  # type: ignore[var-annotated]
_js_server = msgspec.json.Decoder(ServerMessage)  # type: ignore[var-annotated]
_mp_enc = msgspec.msgpack.Encoder()
_js_enc = msgspec.json.Encoder()


def decode_client(data: bytes | str) -> Any:
    """A client message from one frame; raises msgspec.DecodeError /
    msgspec.ValidationError with a readable reason on a bad frame."""
    if isinstance(data, str):
        return _js_client.decode(data)
    return _mp_client.decode(data)


def decode_server(data: bytes | str) -> Any:
    if isinstance(data, str):
        return _js_server.decode(data)
    return _mp_server.decode(data)


class Converter:
    """``msgspec.convert`` to one type, which may be a union.

    msgspec keeps what it works out about a type (its fields, a tagged union's table of
    tags) on the type itself; a union has nowhere to keep it, so each ``convert`` to a
    union works it out afresh: some 4 µs for a Carcassonne intent, 9 µs for a client
    message, against a few tenths through a struct (an open msgspec issue, "Support
    prepared TypeInfo for msgspec.convert", asks for a converter made once). This one
    converts through a struct of one field of that type, built once, named ``field``: a
    validation error gives its path from there (``at `$.intent.x```, where an `act`
    message has its intent)."""

    __slots__ = ("_box", "_field")

    def __init__(self, target: Any, field: str) -> None:
        self._box = msgspec.defstruct("Boxed", [(field, target)])
        self._field = field

    def __call__(self, obj: Any) -> Any:
        return getattr(msgspec.convert({self._field: obj}, self._box), self._field)


def encode_msgpack(obj: Any) -> bytes:
    return _mp_enc.encode(obj)


def encode_json(obj: Any) -> str:
    return _js_enc.encode(obj).decode()
