"""Malformed frames for the hub: the vocabulary of the client messages, taken from
protocol/messages.py, and a generator of bad frames of every kind built on plain
`random`, for `python -m bench.fuzz`, which sends a hundred thousand of them.

The hypothesis fuzz test (tests/test_server_fuzz.py) draws its own frames with
hypothesis strategies (shrinking needs them), over the same message types and fields
from here, so that a message added to the protocol is fuzzed by both without a list to
keep up to date.
"""

from __future__ import annotations

import json
import random
import string
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from protocol import messages as m


def _client_structs() -> dict[str, msgspec.inspect.StructType]:
    found: dict[str, msgspec.inspect.StructType] = {}
    for cls in typing.get_args(m.ClientMessage):
        info = msgspec.inspect.type_info(cls)
        assert isinstance(info, msgspec.inspect.StructType) and isinstance(info.tag, str)
        found[info.tag] = info
    return found


def _unwrap(t: msgspec.inspect.Type) -> msgspec.inspect.Type:
    """A field's type without its documentation (``Annotated[..., doc(...)]``)."""
    while isinstance(t, msgspec.inspect.Metadata):
        t = t.type
    return t


CLIENT_STRUCTS = _client_structs()
# Every client message's `t`, and one the protocol does not have.
CLIENT_TYPES: list[str] = [*CLIENT_STRUCTS, "bogus"]
# Every field any client message has (the envelope's `id` included).
FIELDS: list[str] = sorted({f.encode_name for s in CLIENT_STRUCTS.values() for f in s.fields})
# The fields each message must have, for frames that leave one out.
REQUIRED: dict[str, list[str]] = {
    t: [f.encode_name for f in s.fields if f.required] for t, s in CLIENT_STRUCTS.items()
}

FRAME_LIMIT = 64 * 1024  # the hall's frame limit (server/limits.py): past it, `too_large`
SOCKET_LIMIT = 1 << 20  # past this the websocket server closes the connection (code 1009)
CHAT_MAX = 500  # characters of a chat line (server/dispatch.py)
GAMES = ["carcassonne", "stone_age", "alhambra", "kingsburg", "kardinal"]

# How often each kind of frame is made, out of their sum. `huge` frames close the
# connection by design, so they are rare: each costs a reconnection.
WEIGHTS: dict[str, float] = {
    "bytes": 8,  # random bytes in a binary frame
    "text": 5,  # random text in a text frame
    "value": 7,  # MessagePack of a random value, of any shape
    "shaped": 12,  # a map with a message's `t` and random fields (the hypothesis test's)
    "typed": 18,  # one message of the protocol, each field of the right type or not
    "semantic": 14,  # well-typed messages that make no sense (seats, rooms, intents)
    "truncated": 7,  # a message's MessagePack cut short
    "bad_utf8": 4,  # MessagePack strings that are not UTF-8
    "deep": 4,  # nesting hundreds to thousands of levels deep, at the root or in a field
    "json": 10,  # JSON text frames: messages, broken JSON, other roots, huge numbers
    "chat_long": 4,  # chat lines over the chat limit, or nothing but unprintables
    "large": 2,  # frames over the hall's frame limit (64 KiB) but under 1 MiB
    "huge": 0.05,  # frames over 1 MiB: the websocket server closes the connection
}

_PRINTABLE = string.ascii_letters + string.digits + string.punctuation + " äöüßé日本語"


@dataclass
class Made:
    """One bad frame: what kind it is, and whether the hall is documented to close the
    connection on it (a websocket message over 1 MiB) rather than answer it."""

    kind: str
    data: bytes | str
    closes: bool = False


@dataclass
class FrameMaker:
    """Makes bad frames. ``rooms`` are table ids the frames may name (a real table
    draws a command further in than an unknown id), ``intents`` moves of the games as
    `legal` lists them, to be sent broken."""

    rng: random.Random
    rooms: list[str] = field(default_factory=list)
    intents: list[dict[str, Any]] = field(default_factory=list)
    weights: dict[str, float] = field(default_factory=lambda: dict(WEIGHTS))

    def make(self) -> Made:
        kinds = list(self.weights)
        kind = self.rng.choices(kinds, [self.weights[k] for k in kinds])[0]
        made: Callable[[], bytes | str] = getattr(self, f"_{kind}")
        data = made()
        return Made(kind, data, closes=len(data) > SOCKET_LIMIT)

    # --- values -----------------------------------------------------------------------

    def text(self, most: int = 12) -> str:
        n = self.rng.randint(0, most)
        return "".join(self.rng.choice(_PRINTABLE) for _ in range(n))

    def scalar(self) -> Any:
        r = self.rng
        return r.choice(
            [
                None,
                r.random() < 0.5,
                r.randint(-10, 10),
                r.choice([-(2**63), 2**63 - 1, 2**64 - 1, -1, 0, 2**31]),
                r.uniform(-1e6, 1e6),
                r.choice([float("nan"), float("inf"), -float("inf"), -0.0, 1e308]),
                self.text(),
                r.randbytes(r.randint(0, 10)),
                "",
            ]
        )

    def value(self, depth: int = 3) -> Any:
        """Any value MessagePack can carry, a few levels deep (like the hypothesis
        test's ``values``)."""
        r = self.rng
        if depth <= 0 or r.random() < 0.5:
            return self.scalar()
        if r.random() < 0.5:
            return [self.value(depth - 1) for _ in range(r.randint(0, 4))]
        return {self.text(6): self.value(depth - 1) for _ in range(r.randint(0, 4))}

    def room(self) -> Any:
        r = self.rng
        if self.rooms and r.random() < 0.6:
            return r.choice(self.rooms)
        return r.choice([r.randbytes(4).hex(), "", "x" * r.randint(1, 300), self.text()])

    def intent(self) -> Any:
        """A move as a game lists it, broken in one way or another."""
        r = self.rng
        if not self.intents or r.random() < 0.2:
            return self.value()
        intent = dict(r.choice(self.intents))
        key = r.choice(list(intent)) if intent else "t"
        how = r.randrange(5)
        if how == 0:
            intent.pop(key, None)  # a field left out
        elif how == 1:
            intent[key] = self.scalar()  # of the wrong type
        elif how == 2:
            intent[key] = r.choice([-1, 10**6, 2**63 - 1, -(2**63)])  # out of range
        elif how == 3:
            intent[self.text(6)] = self.value()  # a field no intent has
        else:
            intent["t"] = r.choice([self.text(), "place", "pass", "", 7])
        return intent

    def right(self, t: msgspec.inspect.Type, name: str) -> Any:
        """A value of the type the protocol gives a field (checked further in)."""
        r = self.rng
        t = _unwrap(t)
        if name == "room":
            return self.room()
        if name == "intent":
            return self.intent()
        if name == "game":
            return r.choice([*GAMES, "countdown", self.text(), r.randbytes(6).hex()])
        if isinstance(t, msgspec.inspect.UnionType):
            return self.right(r.choice(t.types), name)
        if isinstance(t, msgspec.inspect.LiteralType):
            return r.choice(t.values)
        if isinstance(t, msgspec.inspect.BoolType):
            return r.random() < 0.5
        if isinstance(t, msgspec.inspect.IntType):
            return r.choice([-1, 0, 1, 2, 3, 5, 6, 7, 99, 100, 101, 500, 501, 2**40, -(2**63)])
        if isinstance(t, msgspec.inspect.StrType):
            return r.choice([self.text(), self.text(40), "", " \t", "\x00\x07", "x" * 30])
        if isinstance(t, msgspec.inspect.DictType):
            return {self.text(8): self.value() for _ in range(r.randint(0, 4))}
        if isinstance(t, msgspec.inspect.NoneType):
            return None
        return self.value()  # Any

    def wrong(self, t: msgspec.inspect.Type) -> Any:
        """A value that is not of the field's type (for an ``Any`` field: any value)."""
        t = _unwrap(t)
        for _ in range(20):
            v = self.value(2)
            if not _fits(v, t):
                return v
        return self.value(2)

    def typed(self) -> dict[Any, Any]:
        """One message of the protocol with every field of the right type or not, a
        required one left out now and then, and fields the message does not have."""
        r = self.rng
        tag = r.choice(CLIENT_TYPES)
        msg: dict[Any, Any] = {"t": tag}
        info = CLIENT_STRUCTS.get(tag)
        for f in info.fields if info is not None else ():
            roll = r.random()
            if roll < 0.1 and f.required or roll < 0.3 and not f.required:
                continue  # left out
            msg[f.encode_name] = self.wrong(f.type) if roll > 0.75 else self.right(f.type, f.name)
        if r.random() < 0.15:
            msg[self.text(6)] = self.value()
        if r.random() < 0.05:
            msg["t"] = r.choice([7, None, ["hello"], {"t": "hello"}, tag.upper(), tag + " "])
        return msg

    # --- the kinds of frame ----------------------------------------------------------

    def _bytes(self) -> bytes:
        return self.rng.randbytes(self.rng.randint(0, 300))

    def _text(self) -> str:
        r = self.rng
        return "".join(
            chr(r.choice([r.randint(32, 126), r.randint(0, 0xD7FF)]))
            for _ in range(r.randint(0, 200))
        )

    def _value(self) -> bytes:
        return msgspec.msgpack.encode(self.value())

    def _shaped(self) -> bytes | str:
        msg: dict[str, Any] = {"t": self.rng.choice(CLIENT_TYPES)}
        for name in self.rng.sample(FIELDS, self.rng.randint(0, 5)):
            msg[name] = self.room() if name == "room" else self.value()
        return self._encode(msg)

    def _typed(self) -> bytes | str:
        return self._encode(self.typed())

    def _semantic(self) -> bytes | str:
        r = self.rng
        room = self.room()
        choices: list[dict[str, Any]] = [
            {"t": "hello", "name": r.choice(["", " ", "x" * 25, "\u200b" * 3, "ok"])},
            {"t": "hello", "name": "again", "token": r.choice(["", "x" * 500, self.text()])},
            {"t": "sit", "room": room, "seat": r.choice([-1, 6, 99, 2**62, None])},
            {
                "t": "bot",
                "room": room,
                "seat": r.choice([-1, 0, 9]),
                "level": r.choice(["genius", "", None, "random"]),
            },
            {
                "t": "option",
                "room": room,
                "key": r.choice(["fluss", "clock", "nope", ""]),
                "value": self.value(),
            },
            {"t": "act", "room": room, "v": r.choice([-1, 0, 2**62]), "intent": self.intent()},
            {"t": "enter", "room": room, "v": r.choice([-5, 0, 10**9, None])},
            {"t": "resync", "room": room},
            {"t": "resign", "room": room},
            {"t": "start", "room": room},
            {"t": "stand", "room": room},
            {"t": "leave", "room": room},
            {"t": "chat", "room": room, "text": r.choice(["", "   ", "\x00\x01", "hi"])},
            {
                "t": "create",
                "game": r.choice([*GAMES, "nope"]),
                "options": {self.text(6): self.value()},
            },
            {
                "t": "rooms",
                "limit": r.choice([0, -1, 1, 10**6]),
                "game": r.choice([None, "nope", *GAMES]),
            },
            {"t": "history", "limit": r.choice([0, -1, 1, 101, 10**9]), "mine": r.random() < 0.5},
            {
                "t": "replay",
                "game": r.choice(["", "x" * 40, r.randbytes(6).hex()]),
                "seat": r.choice([None, -1, 9]),
            },
        ]
        msg = r.choice(choices)
        if r.random() < 0.7:
            msg["id"] = r.randint(0, 2**31)
        return self._encode(msg)

    def _truncated(self) -> bytes:
        whole = msgspec.msgpack.encode(self.typed())
        return whole[: self.rng.randint(0, max(0, len(whole) - 1))]

    def _bad_utf8(self) -> bytes:
        """A map whose `t` or another string holds bytes that are not UTF-8: built by
        hand, since an encoder never writes them."""
        r = self.rng
        bad = r.choice([b"\xed\xa0\x80", b"\xff", b"\xc3", b"ok\x80", b"\xf4\x90\x80\x80"])

        def s(raw: bytes) -> bytes:
            return bytes([0xA0 | len(raw)]) + raw

        tag = r.choice(CLIENT_TYPES).encode()
        where = r.randrange(4)
        if where == 0:
            return b"\x81" + s(b"t") + s(bad)
        if where == 1:
            return b"\x82" + s(b"t") + s(b"chat") + s(b"text") + s(bad)
        if where == 2:
            return b"\x82" + s(b"t") + s(tag) + s(bad) + b"\x01"  # a key
        return (
            b"\x84" + s(b"t") + s(b"act") + s(b"room") + s(b"abcd")
            + s(b"v") + b"\x00" + s(b"intent") + b"\x81" + s(b"t") + s(bad)
        )  # fmt: skip

    def _deep(self) -> bytes | str:
        r = self.rng
        depth = r.choice([r.randint(50, 400), r.randint(400, 3000), r.randint(3000, 20000)])
        as_json = r.random() < 0.4
        lists = r.random() < 0.5
        if as_json:
            inner = "[" * depth + "]" * depth if lists else '{"a":' * depth + "1" + "}" * depth
        else:
            inner_b = b"\x91" * depth + b"\xc0" if lists else b"\x81\xa1a" * depth + b"\x01"
        where = r.choice(["root", "intent", "options", "value"])
        if as_json:
            if where == "root":
                return inner
            head = {
                "intent": '{"t":"act","room":"abcd","v":0,"intent":{"t":',
                "options": '{"t":"create","game":"carcassonne","options":{"a":',
                "value": '{"t":"option","room":"abcd","key":"k","value":',
            }[where]
            return head + inner + ("}}" if where != "value" else "}")
        if where == "root":
            return inner_b
        head_b = {
            "intent": b"\x84\xa1t\xa3act\xa4room\xa4abcd\xa1v\x00\xa6intent\x81\xa1t",
            "options": b"\x83\xa1t\xa6create\xa4game\xabcarcassonne\xa7options\x81\xa1a",
            "value": b"\x84\xa1t\xa6option\xa4room\xa4abcd\xa3key\xa1k\xa5value",
        }[where]
        return head_b + inner_b

    def _json(self) -> str:
        r = self.rng
        how = r.randrange(6)
        if how == 0:
            return json.dumps(self.typed(), default=repr)
        if how == 1:
            whole = json.dumps(self.typed(), default=repr)
            return whole[: r.randint(0, max(0, len(whole) - 1))]  # cut short
        if how == 2:
            return r.choice(["[]", "1", '"hello"', "null", "true", "{}", "", " ", "\ufeff{}"])
        if how == 3:
            big = r.choice(["1" + "0" * 400, "1e400", "-1e400", "NaN", "Infinity", "0.1e-400"])
            return (
                '{"t":"act","room":"abcd","v":' + big + ',"intent":{"t":"pass"},"id":' + big + "}"
            )
        if how == 4:
            # Escapes a decoder must refuse, or keep as they are: lone surrogates, NUL.
            return r.choice(
                [
                    '{"t":"hello","name":"\\ud800"}',
                    '{"t":"chat","room":"abcd","text":"\\udfff\\u0000"}',
                    '{"t":"he\\u006clo","name":"x"}',
                ]
            )
        return json.dumps({"t": r.choice(CLIENT_TYPES), "id": r.choice([1.5, "7", -1, 2**70])})

    def _chat_long(self) -> bytes | str:
        r = self.rng
        n = r.choice([CHAT_MAX + 1, r.randint(CHAT_MAX + 1, 5000), r.randint(5000, 60000)])
        text = r.choice(["x" * n, self.text(40) * (n // 20 + 1), "\x00" * n, "\u200b" * n])
        return self._encode(
            {"t": "chat", "room": self.room(), "text": text, "id": r.randint(0, 99)}
        )

    def _large(self) -> bytes | str:
        r = self.rng
        # Mostly just over the limit; now and then up to the websocket server's own.
        top = 2 * FRAME_LIMIT if r.random() < 0.9 else SOCKET_LIMIT
        n = r.randint(FRAME_LIMIT + 1, top)
        how = r.randrange(3)
        if how == 0:
            return r.randbytes(n)
        if how == 1:
            return self._encode({"t": "chat", "room": self.room(), "text": "y" * n})
        return "z" * n

    def _huge(self) -> bytes | str:
        n = self.rng.randint(SOCKET_LIMIT + 1, SOCKET_LIMIT + 64 * 1024)
        return self.rng.randbytes(n) if self.rng.random() < 0.5 else "h" * n

    def _encode(self, msg: dict[Any, Any]) -> bytes | str:
        """MessagePack mostly, JSON now and then (the hall takes both framings)."""
        if self.rng.random() < 0.2:
            try:
                return json.dumps(msg, default=repr, allow_nan=True)
            except (TypeError, ValueError):
                pass  # a key JSON cannot have: send it as MessagePack instead
        return msgspec.msgpack.encode(msg)


def _fits(v: Any, t: msgspec.inspect.Type) -> bool:
    """Whether a value would pass as the field's type (roughly: it decides whether a
    value is "wrong" for a field)."""
    t = _unwrap(t)
    if isinstance(t, msgspec.inspect.UnionType):
        return any(_fits(v, x) for x in t.types)
    if isinstance(t, msgspec.inspect.AnyType):
        return True
    if isinstance(t, msgspec.inspect.NoneType):
        return v is None
    if isinstance(t, msgspec.inspect.BoolType):
        return isinstance(v, bool)
    if isinstance(t, msgspec.inspect.IntType):
        return isinstance(v, int) and not isinstance(v, bool)
    if isinstance(t, msgspec.inspect.StrType):
        return isinstance(v, str)
    if isinstance(t, msgspec.inspect.LiteralType):
        return v in t.values
    if isinstance(t, msgspec.inspect.DictType):
        return isinstance(v, dict)
    return False
