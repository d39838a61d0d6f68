"""The wire form of a game's log, each entry converted once.

A game's log only grows, and every view of every audience carries all of it: late in a
Stone Age game that is some 700 entries, rebuilt as fresh maps for five audiences after
every intent, and then compared one by one by the room's diff. Converting each entry
once and handing every later view the same map objects makes both cheap: the view
copies a list of references, and the diff skips a shared prefix by identity.

This relies on two promises that every game's log keeps: an entry is never changed once
it is logged, and the log is only appended to. A test compares these views with ones
built afresh at every step of random games.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from protocol.patch import grown

T = TypeVar("T")
Item = TypeVar("Item")


class ByIdentity(Generic[T]):
    """What was built for a live object (a state's list), at most ``size`` of them, the
    most recently used kept: those of the rooms being played. ``get(obj, part, make)``
    gives the entry for ``(obj, part)``, made by ``make()`` when there is none. The
    object is held by its entry, so its id cannot be reused by another while the entry
    lives; an entry unused for ``idle`` seconds goes, so that the states of tables that
    closed (or wait for a long time) are not held on to. The soak (bench/soak.py) saw
    a hall grow by some 0.6 MB per finished game while they were kept by count alone."""

    def __init__(self, size: int = 4096, idle: float = 300.0) -> None:
        self._size = size
        self._idle = idle
        self._cache: OrderedDict[tuple[int, Any], tuple[object, T, float]] = OrderedDict()

    def get(self, obj: object, part: Any, make: Callable[[], T]) -> T:
        key = (id(obj), part)
        now = time.monotonic()
        cache = self._cache
        hit = cache.get(key)
        if hit is not None and hit[0] is obj:
            cache[key] = (obj, hit[1], now)
            cache.move_to_end(key)
            return hit[1]
        value = make()
        cache[key] = (obj, value, now)
        cache.move_to_end(key)
        # The least recently used come first: drop them while too many or too old.
        while cache and (
            len(cache) > self._size or next(iter(cache.values()))[2] < now - self._idle
        ):
            cache.popitem(last=False)
        return value

    def __len__(self) -> int:
        return len(self._cache)


class _Built(Generic[Item]):
    __slots__ = ("consumed", "last", "out", "shown")

    def __init__(self) -> None:
        self.consumed = 0
        self.last: Any = None
        self.out: list[Item] = []
        self.shown: list[Item] | None = None  # the copy last handed out


class LogView(Generic[Item]):
    """``view(log, seat)``: the converted entries an audience may see, as a list that
    must not be changed (the same list again while the log has not grown).

    ``convert(entry, seat)`` gives an entry's wire form for that audience (a game's log
    entry: a map), or None to leave it out. Results are cached per (log object,
    audience), at most ``size`` of them."""

    def __init__(self, convert: Callable[[Any, int | None], Item | None], size: int = 4096) -> None:
        self._convert = convert
        self._cache: ByIdentity[_Built[Item]] = ByIdentity(size)

    def __call__(self, log: list[Any], seat: int | None) -> list[Item]:
        built: _Built[Item] = self._cache.get(log, seat, _Built)
        if built.consumed > len(log) or (
            built.consumed and log[built.consumed - 1] is not built.last
        ):
            # Not only appended to since: start again.
            built.consumed, built.last, built.out, built.shown = 0, None, [], None
        convert, out = self._convert, built.out
        for entry in log[built.consumed :]:
            item = convert(entry, seat)
            if item is not None:
                out.append(item)
        if len(log) > built.consumed:
            built.consumed = len(log)
            built.last = log[-1]
        shown = built.shown
        if shown is None or len(shown) != len(out):
            # A copy: the room keeps the previous view, which must not grow with the
            # log. While nothing is added, every view gets the same copy (views are
            # never changed once built), which the diff passes over by identity; a new
            # copy begins with the items of the one before, and the diff is told so.
            fresh = list(out)
            if shown is not None:
                grown(fresh, shown)
            shown = built.shown = fresh
        return shown
