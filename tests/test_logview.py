"""LogView: each entry converted once, every view a list of its own."""

from __future__ import annotations

from typing import Any

from server.games.logview import LogView


def test_entries_are_converted_once_and_shared() -> None:
    calls: list[Any] = []

    def convert(entry: str, seat: int | None) -> dict[str, Any]:
        calls.append(entry)
        return {"code": entry}

    view = LogView(convert)
    log = ["a", "b"]
    first = view(log, None)
    log.append("c")
    second = view(log, None)
    assert [e["code"] for e in second] == ["a", "b", "c"]
    assert calls == ["a", "b", "c"]
    assert first[0] is second[0]
    # The earlier view did not grow with the log.
    assert [e["code"] for e in first] == ["a", "b"]


def test_audiences_are_kept_apart_and_may_leave_entries_out() -> None:
    view = LogView(lambda e, seat: None if e[1] not in (None, seat) else {"code": e[0]})
    log = [("all", None), ("mine", 0), ("yours", 1)]
    assert [e["code"] for e in view(log, 0)] == ["all", "mine"]
    assert [e["code"] for e in view(log, 1)] == ["all", "yours"]
    assert [e["code"] for e in view(log, None)] == ["all"]


def test_a_log_that_was_not_only_appended_to_is_built_again() -> None:
    view = LogView(lambda e, seat: {"code": e})
    log = ["a", "b", "c"]
    view(log, None)
    del log[1:]
    assert [e["code"] for e in view(log, None)] == ["a"]
    log[0] = "z"
    log.append("y")
    assert [e["code"] for e in view(log, None)] == ["z", "y"]


def test_the_cache_is_bounded() -> None:
    view = LogView(lambda e, seat: {"code": e}, size=3)
    logs = [[str(i)] for i in range(10)]
    for log in logs:
        view(log, None)
    assert len(view._cache) == 3  # the oldest logs were let go
    assert [e["code"] for e in view(logs[0], None)] == ["0"]


def test_entries_of_objects_no_longer_used_go() -> None:
    # A closed table's state must not be held: entries unused for `idle` seconds go,
    # and so do the least recently used past `size`.
    import time as _time

    from server.games.logview import ByIdentity

    cache: ByIdentity[int] = ByIdentity(size=3, idle=0.05)
    old, live = [1], [2]
    cache.get(old, "p", lambda: 1)
    cache.get(live, "p", lambda: 2)
    _time.sleep(0.03)
    assert cache.get(live, "p", lambda: 99) == 2  # used again: kept, fresh
    _time.sleep(0.03)
    cache.get([3], "p", lambda: 3)
    assert len(cache) == 2  # `old` was idle too long
    assert cache.get(live, "p", lambda: 99) == 2
    for n in range(4, 8):
        cache.get([n], "p", lambda n=n: n)  # type: ignore[misc]
    assert len(cache) == 3


def test_a_grown_hint_is_used_once_and_then_let_go() -> None:
    # Hints held until their diff and never after: the soak (bench/soak.py) saw the
    # hall keep each finished game's converted log for good while they were kept.
    from protocol import patch

    view = LogView(lambda e, seat: {"code": e})
    before_games = len(patch._GROWN)
    for game in range(50):
        log = [f"{game}-start"]
        old = view(log, None)
        for move in range(20):
            log.append(f"{game}-{move}")
            new = view(log, None)
            assert any(hint[1] is new for hint in patch._GROWN.values())
            ops = patch.diff({"log": old}, {"log": new})
            assert ops == [["a", ["log"], [{"code": f"{game}-{move}"}]]]
            assert not any(new in (hint[0], hint[1]) for hint in patch._GROWN.values())
            old = new
    assert len(patch._GROWN) <= before_games
