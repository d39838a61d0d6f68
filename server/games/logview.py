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

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

Convert = Callable[[Any, "int | None"], "dict[str, Any] | None"]


class _Built:
    __slots__ = ("log", "consumed", "last", "out")

    def __init__(self, log: list[Any]) -> None:
        self.log = log  # held, so its id cannot be reused while this is cached
        self.consumed = 0
        self.last: Any = None
        self.out: list[dict[str, Any]] = []


class LogView:
    """``view(log, seat)``: the converted entries an audience may see, as a new list.

    ``convert(entry, seat)`` gives an entry's map for that audience, or None to leave
    it out. Results are cached per (log object, audience), at most ``size`` of them;
    the cache holds the newest logs, those of the rooms being played."""

    def __init__(self, convert: Convert, size: int = 4096) -> None:
        self._convert = convert
        self._size = size
        self._cache: OrderedDict[tuple[int, int | None], _Built] = OrderedDict()

    def __call__(self, log: list[Any], seat: int | None) -> list[dict[str, Any]]:
        key = (id(log), seat)
        built = self._cache.get(key)
        if (
            built is None
            or built.log is not log
            or built.consumed > len(log)
            or (built.consumed and log[built.consumed - 1] is not built.last)
        ):
            built = _Built(log)
            self._cache[key] = built
            if len(self._cache) > self._size:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        convert, out = self._convert, built.out
        for entry in log[built.consumed :]:
            item = convert(entry, seat)
            if item is not None:
                out.append(item)
        if len(log) > built.consumed:
            built.consumed = len(log)
            built.last = log[-1]
        # A copy: the room keeps the previous view, which must not grow with the log.
        return list(out)
