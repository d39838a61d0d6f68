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


def encode_msgpack(obj: Any) -> bytes:
    return _mp_enc.encode(obj)


def encode_json(obj: Any) -> str:
    return _js_enc.encode(obj).decode()
