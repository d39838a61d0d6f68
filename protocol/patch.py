"""The patch format of protocol/README.md: ``diff(a, b) -> ops`` and ``apply(tree, ops)``.

Trees are plain MessagePack-able values: dicts with str keys, lists, str, int, float,
bool, None. Ops, applied in order:

    ["s", path, value]   set: add a key, replace a value, or replace the root
    ["d", path]          delete a key, or the list element at that index
    ["a", path, values]  append: extend the list at path

Patches are small where it matters: an unchanged subtree yields no op, an append to a
list is one ``a`` op, a changed scalar is one ``s`` op, one item taken out of a list
whose other items are the very same objects is one ``d`` op; where element-wise ops
would outweigh the list itself, the list is set whole.
"""

from __future__ import annotations

from itertools import islice
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
    encodings differ (a type, or merely the order of keys) is the tree walked. Views
    share unchanged parts by identity (a log's entries, a board built once): two
    containers whose items are the very same objects are the same without encoding."""
    if a is b:
        return True
    t = type(a)
    if t is not type(b):
        return False
    if t is list:
        if len(a) != len(b):
            return False
        if all(map(is_, a, b)):
            return True
        return bool(a == b) and (_encode(a) == _encode(b) or equal(a, b))
    if t is dict:
        if len(a) != len(b):
            return False
        if a.keys() == b.keys() and all(map(is_, a.values(), map(b.__getitem__, a))):
            return True
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


def diff(a: Any, b: Any, memo: dict[Any, Any] | None = None) -> list[Op]:
    """The ops that turn ``a`` into ``b``; empty when they are the same.

    ``memo``, a dict shared by the diffs of several audiences' views of one change,
    while all their trees live: a value of a view's own key that an earlier view had
    before and has now as well, the very same objects (a board built once for every
    audience), gives the ops worked out for that view."""
    ops: list[Op] = []
    if type(a) is dict and type(b) is dict:
        # Two views: walked key by key, where parts shared with the view before are
        # passed over by identity (comparing them whole first would encode them whole).
        if a is b:
            pass
        elif memo is None:
            _diff(a, b, [], ops)
        else:
            _diff_view(a, b, ops, memo)
    elif not same(a, b):
        _diff(a, b, [], ops)
    return ops


def _diff_view(a: dict[str, Any], b: dict[str, Any], ops: list[Op], memo: dict[Any, Any]) -> None:
    if a.keys() != b.keys():  # (compared in C: a view's keys seldom change)
        for k in a:
            if k not in b:
                ops.append(["d", [k]])
    for k, vb in b.items():
        va = a.get(k, _MISSING)
        if va is not vb:
            _diff_key(k, va, vb, ops, memo)


def diff_shared(
    a: dict[str, Any], b: dict[str, Any], own: frozenset[str], memo: dict[Any, Any]
) -> list[Op]:
    """The ops of two views' keys that are not in ``own``: the part of a change that
    every audience's view has alike, worked out once for all of them."""
    ops: list[Op] = []
    if a.keys() != b.keys():
        for k in a:
            if k not in b and k not in own:
                ops.append(["d", [k]])
    for k, vb in b.items():
        va = a.get(k, _MISSING)
        if va is not vb and k not in own:
            _diff_key(k, va, vb, ops, memo)
    return ops


def diff_own(
    a: dict[str, Any],
    b: dict[str, Any],
    own: frozenset[str],
    memo: dict[Any, Any],
    interned: frozenset[str] = frozenset(),
) -> list[Op]:
    """The ops of two views' keys in ``own``: an audience's own part of a change
    (its hand, its legal intents). The keys in ``interned`` hold lists whose equal
    items are the very same objects (a seat's legal intents, each offered as the map
    it was offered as before): they are compared by identity alone."""
    ops: list[Op] = []
    for k in own:
        va = a.get(k, _MISSING)
        vb = b.get(k, _MISSING)
        if va is vb:
            continue
        if vb is _MISSING:
            ops.append(["d", [k]])
        elif k in interned and type(va) is list and type(vb) is list:
            _diff_interned(k, va, vb, ops)
        else:
            _diff_key(k, va, vb, ops, memo)
    return ops


def _diff_interned(k: str, a: list[Any], b: list[Any], ops: list[Op]) -> None:
    """A list whose equal items are the very same objects: one item taken out is one
    ``d``, items added at the end one ``a``, anything else the list set whole (two
    different items are two different things, never one changed into the other)."""
    na, nb = len(a), len(b)
    if nb > na:
        if all(map(is_, a, b)):
            ops.append(["a", [k], b[na:]])
            return
    elif na == nb + 1:
        i = _taken_out(a, b)
        if i is not None:
            ops.append(["d", [k, i]])
            return
    elif na == nb and all(map(is_, a, b)):
        return
    ops.append(["s", [k], b])


def _taken_out(a: list[Any], b: list[Any]) -> int | None:
    """The index of the one item ``b`` (one shorter) lacks, when its other items are
    ``a``'s very same objects in order; else None."""
    nb = len(b)
    i = next((j for j, (x, y) in enumerate(zip(a, b, strict=False)) if x is not y), nb)
    return i if all(map(is_, islice(a, i + 1, None), islice(b, i, None))) else None


def _diff_key(k: str, va: Any, vb: Any, ops: list[Op], memo: dict[Any, Any]) -> None:
    """The ops of one key of a view whose value is not the very same object."""
    if va is _MISSING:
        ops.append(["s", [k], vb])
        return
    tb = type(vb)
    if tb is not list and tb is not dict:
        # A scalar: set when it changed (nothing to share between audiences).
        if not same(va, vb):
            ops.append(["s", [k], vb])
        return
    seen = memo.get(k)
    if seen is not None and seen[0] is va and seen[1] is vb:
        ops.extend(seen[2])
        return
    sub: list[Op] = []
    if tb is list and type(va) is list and len(va) == len(vb) <= _PER_SEAT:
        _diff_row(va, vb, k, sub, memo)
    elif not same(va, vb):
        _diff(va, vb, [k], sub)
    if seen is None:
        memo[k] = (va, vb, sub)
    ops.extend(sub)


def _diff_row(a: list[Any], b: list[Any], k: str, ops: list[Op], memo: dict[Any, Any]) -> None:
    """`_diff` of two lists of one length, one item per seat, say, through the memo:
    the audiences' views may differ in one item (a seat's own hand) and share the rest."""
    sub: list[Op] = []
    for i, (ai, bi) in enumerate(zip(a, b, strict=True)):
        if ai is bi:
            continue
        place = (k, i)
        seen = memo.get(place)
        if seen is not None and seen[0] is ai and seen[1] is bi:
            sub.extend(seen[2])
            continue
        mine: list[Op] = []
        if not same(ai, bi):
            _diff(ai, bi, [k, i], mine)
        if seen is None:
            memo[place] = (ai, bi, mine)
        sub.extend(mine)
    whole: Op = ["s", [k], b]
    if len(sub) > 1 and len(_encode(sub)) > len(_encode(whole)):
        ops.append(whole)
    else:
        ops.extend(sub)


_MISSING = object()
# Lists no longer than this, compared item by item through the memo.
_PER_SEAT = 8


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
                if va is not vb and not same(va, vb):
                    _diff(va, vb, [*path, k], ops)
            else:
                ops.append(["s", [*path, k], vb])
        return
    if ta is list and type(b) is list:
        sub: list[Op] = []
        na, nb = len(a), len(b)
        # Views share unchanged elements with the view before (a log's entries, say):
        # a prefix of the very same objects is skipped at C speed, or at once when the
        # list's builder told so (`grown`).
        hint = _GROWN.pop(id(b), None) if _GROWN else None
        if na == nb + 1:
            # One item taken out (a card played from a hand, a move no longer offered),
            # the others the very same objects: one op, rather than every later item
            # compared with the one it moved onto.
            i = _taken_out(a, b)
            if i is not None:
                ops.append(["d", [*path, i]])
                return
        if hint is not None and hint[1] is b and hint[0] is a:
            pass
        elif not all(map(is_, a, b)):
            for i in range(min(na, nb)):
                ai, bi = a[i], b[i]
                if ai is not bi and not same(ai, bi):
                    _diff(ai, bi, [*path, i], sub)
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


# Lists known to begin with the very items of another: id(longer) -> (shorter, longer).
# Both are held, so neither id can be reused while its entry lives.
_GROWN: dict[int, tuple[list[Any], list[Any]]] = {}
# Hints wait only from a view's building to its diff, so few are ever waiting; the
# bound is for lists that are never diffed (each hint holds two lists, and what they
# hold: a game's whole converted log). Held until the diff used to be for good, and
# the hall grew by half a megabyte with every game played (bench/soak.py).
_GROWN_KEPT = 1_024


def grown(longer: list[Any], shorter: list[Any]) -> None:
    """Tell `diff` that ``longer`` begins with the very items of ``shorter`` (a copy of
    it, appended to), so that it need not compare them one by one: a view's log, late in
    a game, is a thousand entries long and grows by one or two. What was told of
    ``shorter`` itself is forgotten (a builder tells of each list it hands out, and the
    one before it is in no view any more). Neither list may be changed afterwards."""
    if len(_GROWN) >= _GROWN_KEPT:
        _GROWN.clear()
    _GROWN.pop(id(shorter), None)
    _GROWN[id(longer)] = (shorter, longer)


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
