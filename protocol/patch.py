"""The patch format of protocol/README.md: ``diff(a, b) -> ops`` and ``apply(tree, ops)``.

Trees are plain MessagePack-able values: dicts with str keys, lists, str, int, float,
bool, None. Ops, applied in order:

    ["s", path, value]   set: add a key, replace a value, or replace the root
    ["d", path]          delete a key, or the list element at that index
    ["a", path, values]  append: extend the list at path

Patches are small where it matters: an unchanged subtree yields no op, an append to a
list is one ``a`` op, a changed scalar is one ``s`` op; where element-wise ops would
outweigh the list itself (a card taken from the middle of a hand), the list is set
whole.
"""

from __future__ import annotations

from operator import is_
from typing import Any

import msgspec

Path = list[str | int]
Op = list[Any]

_encode = msgspec.msgpack.Encoder().encode


class PatchError(ValueError):
    """An op does not fit the tree it is applied to."""


def same(a: Any, b: Any) -> bool:
    """Equality that also tells ``1`` from ``True`` and ``1.0``, as the wire does.

    Python's ``==`` is fast but type-blind (``True == 1 == 1.0``). When it says two
    containers are equal, equal encodings settle it in one C-speed pass; only when the
    encodings differ (a type, or merely the order of keys) is the tree walked."""
    if a is b:
        return True
    t = type(a)
    if t is not type(b):
        return False
    if t is dict or t is list:
        return bool(a == b) and (_encode(a) == _encode(b) or equal(a, b))
    if t is float:
        return bool(a == b) or (a != a and b != b)  # NaN equals NaN here
    return bool(a == b)


def equal(a: Any, b: Any) -> bool:
    """Structural equality as the wire sees it: types matter, key order does not,
    and NaN equals NaN."""
    t = type(a)
    if t is not type(b):
        return False
    if t is dict:
        return a.keys() == b.keys() and all(equal(v, b[k]) for k, v in a.items())
    if t is list:
        return len(a) == len(b) and all(equal(x, y) for x, y in zip(a, b, strict=True))
    if t is float:
        return bool(a == b) or (a != a and b != b)
    return bool(a == b)


def diff(a: Any, b: Any) -> list[Op]:
    """The ops that turn ``a`` into ``b``; empty when they are the same."""
    ops: list[Op] = []
    if not same(a, b):
        _diff(a, b, [], ops)
    return ops


def _diff(a: Any, b: Any, path: Path, ops: list[Op]) -> None:
    # Precondition: not same(a, b).
    ta = type(a)
    if ta is dict and type(b) is dict:
        for k in a:
            if k not in b:
                ops.append(["d", [*path, k]])
        for k, vb in b.items():
            if k in a:
                va = a[k]
                if not same(va, vb):
                    _diff(va, vb, [*path, k], ops)
            else:
                ops.append(["s", [*path, k], vb])
        return
    if ta is list and type(b) is list:
        sub: list[Op] = []
        na, nb = len(a), len(b)
        # Views share unchanged elements with the view before (a log's entries, say):
        # a prefix of the very same objects is skipped at C speed.
        if not all(map(is_, a, b)):
            for i in range(min(na, nb)):
                if not same(a[i], b[i]):
                    _diff(a[i], b[i], [*path, i], sub)
        if nb > na:
            sub.append(["a", list(path), b[na:]])
        else:
            # Delete from the end so the indexes still to delete stay valid.
            for i in range(na - 1, nb - 1, -1):
                sub.append(["d", [*path, i]])
        whole: Op = ["s", list(path), b]
        if len(sub) > 1 and len(_encode(sub)) > len(_encode(whole)):
            ops.append(whole)
        else:
            ops.extend(sub)
        return
    ops.append(["s", list(path), b])


def apply(tree: Any, ops: list[Op]) -> Any:
    """Apply ``ops`` in order and return the new root. Containers of ``tree`` are
    changed in place (the root itself is replaced by a set on the empty path); values
    taken from ``ops`` are inserted as they are, not copied."""
    for op in ops:
        if not isinstance(op, list) or not op or op[0] not in ("s", "d", "a"):
            raise PatchError(f"not an op: {op!r}")
        kind, path = op[0], op[1] if len(op) > 1 else None
        if not isinstance(path, list):
            raise PatchError(f"op without a path: {op!r}")
        if kind == "s":
            if len(op) != 3:
                raise PatchError(f"set needs a value: {op!r}")
            if not path:
                tree = op[2]
                continue
            parent = _walk(tree, path[:-1])
            key = path[-1]
            if (
                isinstance(parent, dict)
                and isinstance(key, str)
                or isinstance(parent, list)
                and _is_index(key)
                and 0 <= key < len(parent)
            ):
                parent[key] = op[2]
            else:
                raise PatchError(f"cannot set {path!r}")
        elif kind == "d":
            if not path:
                raise PatchError("cannot delete the root")
            parent = _walk(tree, path[:-1])
            key = path[-1]
            if (
                isinstance(parent, dict)
                and isinstance(key, str)
                and key in parent
                or isinstance(parent, list)
                and _is_index(key)
                and 0 <= key < len(parent)
            ):
                del parent[key]
            else:
                raise PatchError(f"cannot delete {path!r}")
        else:
            target = _walk(tree, path)
            if len(op) != 3 or not isinstance(target, list) or not isinstance(op[2], list):
                raise PatchError(f"cannot append at {path!r}")
            target.extend(op[2])
    return tree


def _is_index(key: Any) -> bool:
    return type(key) is int


def _walk(tree: Any, path: list[Any]) -> Any:
    node = tree
    for key in path:
        if (
            isinstance(node, dict)
            and isinstance(key, str)
            and key in node
            or isinstance(node, list)
            and _is_index(key)
            and 0 <= key < len(node)
        ):
            node = node[key]
        else:
            raise PatchError(f"no such path {path!r}")
    return node
