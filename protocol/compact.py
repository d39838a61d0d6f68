"""Compact patches: the same `patch` message in fewer bytes, for clients that ask.

A patch of a real game is mostly names: its envelope's keys, op codes and paths, the
keys of its maps ("meeples", "args"), log codes ("tile_placed"), tile and card names
("base.monastery_road"), and `legal` lists of maps that all have the same keys. The
compact form says the same with forms the plain protocol never uses, so a decoder
needs no other state than the string table:

- the message is the **array** ``[room, v, ops]`` (every plain message is a map), and
  ``ops`` is one flat array: for each op its integer code (0 for ``s``, 1 for ``d``,
  2 for ``a``), its path, and, but for ``d``, its value;
- a path of one step is that step alone, any other an array; a **path step** that is
  the table's string number ``i`` is the negative integer ``-1 - i`` (a list index is
  never negative): one byte for the first 32; the others only where the integer is
  no longer than the string;
- in values, a **map key** that is the table's string ``i`` is the integer ``i``
  (keys of views are always strings, so an integer key is always an index), where
  that is no longer than the string (a short string far down the table stays as it
  is), and a
  **string** of the table is extension type 1, its data ``i`` big-endian in one or two
  bytes (only where that is shorter than the string itself);
- a **list of two or more maps with the same keys in the same order** is extension
  type 2, its data the MessagePack array ``[keys, row, row, ...]``: the keys once (as
  map keys above), then each map's values in that order, each in compact form.

Decoding gives exactly the plain message. The table is ``protocol/strings.json``,
made by ``python -m server.strings`` from the strings of random games and named by
its ``id``, a hash of its content: a client names the table it holds in
`hello.compact`, and gets compact patches only when the hall has the very same one.
A string that is not in the table is simply written as itself, so an older table
costs bytes, never correctness.

Only `patch` messages are compacted (what every move sends to everyone); the form is
a pure function of the plain message, so it is made once per audience and version
and shared by every connection that asked for it (server/connection.py).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import msgspec

TABLE_FILE = Path(__file__).resolve().parent / "strings.json"
STRING = 1  # extension type: a string of the table, by index
RECORDS = 2  # extension type: a list of maps with the same keys

_encode = msgspec.msgpack.Encoder().encode
_decode_plain = msgspec.msgpack.Decoder().decode


def table_id(strings: list[str]) -> str:
    """The name of a table: the first 12 hex digits of the SHA-256 of its JSON."""
    data = json.dumps(strings, ensure_ascii=False, separators=(",", ":")).encode()
    return hashlib.sha256(data).hexdigest()[:12]


def _load() -> tuple[str, list[str]]:
    try:
        stored = json.loads(TABLE_FILE.read_text())
    except FileNotFoundError:
        return table_id([]), []
    strings = list(stored["strings"])
    return table_id(strings), strings


ID, STRINGS = _load()


def _index_bytes(i: int) -> bytes:
    return i.to_bytes(1 if i < 256 else 2, "big")


def _worth(s: str, i: int) -> bool:
    """An extension (3 bytes, 4 past index 255) is shorter than the string itself."""
    n = len(s.encode())
    plain = n + (1 if n < 32 else 2)
    return plain > (3 if i < 256 else 4)


def _str_size(s: str) -> int:
    n = len(s.encode())
    return n + (1 if n < 32 else 2 if n < 256 else 3)


def _int_size(i: int) -> int:
    """Bytes of the MessagePack integer ``i`` (of the table's range)."""
    if -32 <= i < 128:
        return 1
    return 2 if -128 <= i < 256 else 3


# A key or path step by its number only where that is no longer than the string (a
# short string far down the table, "m" say, is shorter as itself).
_KEYS: dict[str, int] = {s: i for i, s in enumerate(STRINGS) if _int_size(i) <= _str_size(s)}
_VALUES: dict[str, msgspec.msgpack.Ext] = {
    s: msgspec.msgpack.Ext(STRING, _index_bytes(i)) for i, s in enumerate(STRINGS) if _worth(s, i)
}


def _head(n: int) -> int:
    """Bytes of the header of a MessagePack array or map of ``n`` items."""
    return 1 if n < 16 else 3 if n < 1 << 16 else 5


def _records_pay(n: int, forms: list[Any], size: int) -> bool:
    """The records form of ``n`` maps with these keys (``size`` bytes of data) is
    shorter than the maps themselves: the keys written once instead of ``n`` times
    against the extension's header, the keys' array and a longer outer array."""
    keys = len(_encode(forms)) - _head(len(forms))
    ext = 3 if size < 1 << 8 else 4 if size < 1 << 16 else 6
    return (n - 1) * keys > ext + _head(len(forms)) + _head(n + 1) - _head(n)


# What was made compact lately, by the identity of the part it was made of: the hub's
# views are made of parts that are never changed once built (the diff itself relies on
# it: the very same object is the same part), and the same parts come again and again
# (a seat's legal intents are the same maps from one move to the next; a log entry goes
# to every audience). The part is kept with its compact form, so its id is not reused
# while the entry lasts; the map is emptied when it grows past its bound.
_MADE: dict[int, tuple[Any, Any]] = {}
_ROWS: dict[int, tuple[Any, list[Any], list[str]]] = {}  # with the map's keys
_KEPT = 50_000
# Off while a decoded message is made compact: its parts are new objects, never met again.
_keeping = True


def _compact(x: Any) -> Any:
    if not _keeping:
        return _make(x)
    hit = _MADE.get(id(x))
    if hit is not None and hit[0] is x:
        return hit[1]
    made = _make(x)
    if len(_MADE) > _KEPT:
        _MADE.clear()
    _MADE[id(x)] = (x, made)
    return made


def _row(e: dict[str, Any], names: list[str]) -> list[Any]:
    """A map's values in the order of ``names`` (its own), each compact."""
    hit = _ROWS.get(id(e)) if _keeping else None
    if hit is not None and hit[0] is e:
        return hit[1]  # (its own keys are ``names``: a view's maps never change)
    values = _VALUES
    row = []
    for k in names:
        v = e[k]
        tv = type(v)
        if tv is str:
            v = values.get(v, v)
        elif tv is dict or tv is list:
            v = _compact(v)
        row.append(v)
    if _keeping:
        if len(_ROWS) > _KEPT:
            _ROWS.clear()
        _ROWS[id(e)] = (e, row, names)
    return row


def _make(x: Any) -> Any:
    # Leaves are handled in the loops rather than by a call each: most of a patch is
    # leaves, and a call per leaf doubled the cost.
    keys, values = _KEYS, _VALUES
    t = type(x)
    if t is dict:
        out = {}
        for k, v in x.items():
            tv = type(v)
            if tv is str:
                v = values.get(v, v)
            elif tv is dict or tv is list:
                v = _compact(v)
            out[keys.get(k, k)] = v
        return out
    if t is list:
        if len(x) > 1 and type(x[0]) is dict and x[0]:
            names = list(x[0])
            # The same keys in the same order: decoding gives back the very maps. A
            # map met before (a legal intent offered again) is known with its keys.
            rows: list[Any] = [None]
            known = _ROWS if _keeping else {}
            for e in x:
                hit = known.get(id(e))
                if hit is not None and hit[0] is e:
                    if hit[2] != names:
                        break
                    rows.append(hit[1])
                elif type(e) is dict and list(e) == names:
                    rows.append(_row(e, names))
                else:
                    break
            else:
                forms = rows[0] = [keys.get(k, k) for k in names]
                data = _encode(rows)
                if _records_pay(len(x), forms, len(data)):
                    return msgspec.msgpack.Ext(RECORDS, data)
                return [dict(zip(forms, row, strict=True)) for row in rows[1:]]
        items = []
        for v in x:
            tv = type(v)
            if tv is str:
                v = values.get(v, v)
            elif tv is dict or tv is list:
                v = _compact(v)
            items.append(v)
        return items
    if t is str:
        return values.get(x, x)
    return x


CODES = {"s": 0, "d": 1, "a": 2}
_NAMES = {i: c for c, i in CODES.items()}
_STEPS: dict[str, int] = {
    s: -1 - i for i, s in enumerate(STRINGS) if _int_size(-1 - i) <= _str_size(s)
}


_PATHS: dict[tuple[Any, ...], Any] = {}  # paths met lately, in compact form
_PATHS_KEPT = 8192


def _path(path: list[Any]) -> Any:
    key = tuple(path)
    made = _PATHS.get(key)
    if made is None:
        if len(_PATHS) > _PATHS_KEPT:
            _PATHS.clear()
        steps = [_STEPS.get(p, p) if type(p) is str else p for p in path]
        made = _PATHS[key] = steps[0] if len(steps) == 1 else steps  # one step: bare
    return made


def compact_ops(ops: list[list[Any]]) -> list[Any]:
    """``ops`` as the flat array of a compact patch: ops made compact apart can be
    joined (a change's part that every audience has, and one audience's own)."""
    out: list[Any] = []
    for op in ops:
        out.append(CODES[op[0]])
        out.append(_path(op[1]))
        if len(op) > 2:
            value = op[2]
            tv = type(value)
            if tv is str:
                value = _VALUES.get(value, value)
            elif tv is dict or tv is list:
                value = _compact(value)  # once per part, whichever audience has it
            out.append(value)
    return out


def compact_flat(room: str, v: int, flat: list[Any]) -> bytes:
    """The compact `patch` message of ops already made compact (`compact_ops`)."""
    return _encode([room, v, flat])


def _patch(msg: dict[str, Any]) -> list[Any]:
    return [msg["room"], msg["v"], compact_ops(msg["ops"])]


def compact_patch(room: str, v: int, ops: list[list[Any]]) -> bytes:
    """The compact `patch` message of ``ops``, straight from the diff (the parts of the
    views in them made compact once, whichever audience's patch has them first)."""
    return compact_flat(room, v, compact_ops(ops))


def compact(obj: Any) -> bytes:
    """``obj`` in compact form: a `patch` message as ``[room, v, ops]``, any other tree
    with the table's keys and strings (what a patch's values are)."""
    if type(obj) is dict and obj.get("t") == "patch":
        return _encode(_patch(obj))
    return _encode(_compact(obj))


# The compact forms made lately, by their plain bytes: a move's patches to the
# audiences of a table are mostly the same bytes (all but the seats whose hand or
# `legal` changed), each reaching a hub of a shared hall on a channel of its own.
_LATELY: dict[bytes, bytes] = {}
_LATELY_KEPT = 256


def compact_message(plain: bytes) -> bytes:
    """The compact form of an encoded plain `patch` message (a hub of a shared hall
    makes it so, from what was published)."""
    global _keeping
    short = _LATELY.get(plain)
    if short is not None:
        return short
    _keeping = False
    try:
        short = _encode(_patch(_decode_plain(plain)))
    finally:
        _keeping = True
    if len(_LATELY) >= _LATELY_KEPT:
        _LATELY.clear()
    _LATELY[plain] = short
    return short


# --- decoding (what a client does; here for tests and the load generator) -----------


def _ext(code: int, data: memoryview) -> Any:
    if code == STRING:
        return STRINGS[int.from_bytes(data, "big")]
    if code == RECORDS:
        names, *rows = _decode_compact(bytes(data))
        keys = [STRINGS[k] if type(k) is int else k for k in names]
        return [dict(zip(keys, row, strict=True)) for row in rows]
    raise ValueError(f"unknown extension type {code}")


_decoder = msgspec.msgpack.Decoder(ext_hook=_ext)


def _keys(x: Any) -> Any:
    """Integer map keys back to the table's strings, all the way down."""
    t = type(x)
    if t is dict:
        return {(STRINGS[k] if type(k) is int else k): _keys(v) for k, v in x.items()}
    if t is list:
        return [_keys(v) for v in x]
    return x


def _decode_compact(data: bytes) -> Any:
    return _keys(_decoder.decode(data))


def decode(data: bytes) -> Any:
    """A message in either form, as the plain message (a plain one decodes as itself)."""
    tree = _decode_compact(data)
    if type(tree) is not list:
        return tree
    room, v, flat = tree
    ops = []
    i = 0
    while i < len(flat):
        name, path = _NAMES[flat[i]], flat[i + 1]
        steps = path if type(path) is list else [path]
        op = [name, [STRINGS[-1 - p] if type(p) is int and p < 0 else p for p in steps]]
        i += 2
        if name != "d":
            op.append(flat[i])
            i += 1
        ops.append(op)
    return {"t": "patch", "room": room, "v": v, "ops": ops}
