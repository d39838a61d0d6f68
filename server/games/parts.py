"""Parts of views built once per change of what they show, shared by identity.

The room builds every audience's view after every move and diffs it with the view
before (protocol/patch.py). A part that is the very same object in both is passed over
at once, and one that is the very same object in every audience's view is diffed once
(the ledger's diffs share a memo). So a game whose views are made of parts kept from one
version to the next, and from one audience to the next, costs in proportion to what a
move changed, not to the size of the game.

A part is kept per live state (a table's state object, changed in place by its moves)
under a name, with a *key*: a value that determines the part, usually the encoded state
fields it is built from (`key(...)`: MessagePack in C, far cheaper than building and
diffing the part). The part is built again only when its key differs from the one it
was built with. Parts are shared, so they are never changed once built.

A test compares these views with views built afresh at every step of random games
(tests/test_view_parts.py), so a key that misses a field the part reads shows up there.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Generic, TypeVar

import msgspec

from server.games.logview import ByIdentity

T = TypeVar("T")

key = msgspec.msgpack.Encoder().encode


class Shelf:
    """The parts kept for one state."""

    __slots__ = ("_parts",)

    def __init__(self) -> None:
        self._parts: dict[Any, tuple[Any, Any]] = {}

    def part(self, name: Any, key: Any, make: Callable[..., T], *args: Any) -> T:
        """The part ``name``, built by ``make(*args)`` unless it was built with an
        equal ``key``."""
        hit = self._parts.get(name)
        if hit is not None and hit[0] == key:
            value: T = hit[1]
            return value
        made = make(*args)
        self._parts[name] = (key, made)
        return made


class Parts:
    """The shelves of the live states of one game, at most ``size`` of them, the
    newest kept: those of the tables being played."""

    def __init__(self, size: int = 2048) -> None:
        self._shelves: ByIdentity[Shelf] = ByIdentity(size)

    def of(self, state: object) -> Shelf:
        return self._shelves.get(state, None, Shelf)


_MISSING = object()
_MEMOS: weakref.WeakSet[Memo[Any]] = weakref.WeakSet()


def forget() -> None:
    """Empty every memo: a benchmark that plays the same games twice measures the
    second as cold as the first."""
    for memo in _MEMOS:
        memo.clear()


class Memo(Generic[T]):
    """Values of a pure function of a few state fields, by those fields' content (a
    hashable key): shared by every state that has them, a table's or one of the AI's
    copies, at most ``size`` of them, the most recently used kept. For what a game works
    out again and again although its inputs rarely change (a seat's options to rebuild
    its city, while its city and reserve stay as they are). Values are shared: tuples,
    or never changed."""

    def __init__(self, size: int = 4096) -> None:
        self._size = size
        self._cache: OrderedDict[Any, Any] = OrderedDict()
        _MEMOS.add(self)

    def get(self, key: Any, make: Callable[..., T], *args: Any) -> T:
        cache = self._cache
        value = cache.get(key, _MISSING)
        if value is not _MISSING:
            cache.move_to_end(key)
            return value  # type: ignore[no-any-return]
        value = cache[key] = make(*args)
        if len(cache) > self._size:
            cache.popitem(last=False)
        return value  # type: ignore[no-any-return]

    def clear(self) -> None:
        self._cache.clear()
