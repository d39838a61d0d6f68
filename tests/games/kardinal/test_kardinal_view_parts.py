"""The views share what a move left unchanged by identity (server/games/parts.py): the
room's diff passes over the very same object at once, and compares anew whatever was
rebuilt. That the content is right is tests/test_view_parts.py's part; here, that the
parts a move did not touch are not rebuilt."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from server.games.kardinal.game import _SHOWN, Kardinal, KardinalState

# Every key of the public view that is a list or a map.
KEPT = ("display", "discard", "hands", "cloisters", "cardinals", "supply", "breakdown", "scores")
AUDIENCES: list[int | None] = [0, 1, 2, 3, None]


def _check_kept(before: Any, after: Any, where: str) -> None:
    """Equal content must be the very same object, down through maps and lists."""
    if before == after:
        assert before is after, where
    elif type(before) is dict and type(after) is dict:
        for k, v in after.items():
            if k in before:
                _check_kept(before[k], v, f"{where}.{k}")
    elif type(before) is list and type(after) is list and len(before) == len(after):
        for i, (a, b) in enumerate(zip(before, after, strict=True)):
            _check_kept(a, b, f"{where}[{i}]")


@pytest.mark.parametrize("seed", [1, 2])
def test_unchanged_parts_are_the_same_objects(
    game: Kardinal,
    fresh: Callable[..., KardinalState],
    playout: Callable[..., Any],
    seed: int,
) -> None:
    # Emptied when full: start empty, so that it is not emptied between two audiences.
    _SHOWN.clear()
    state = fresh(seats=4, seed=seed)
    held = [game.views(state, AUDIENCES)]

    def step(state: KardinalState, seat: int, intent: Any) -> None:
        views = game.views(state, AUDIENCES)
        before = held[0]
        for a in AUDIENCES:
            for k in KEPT:
                _check_kept(before[a][k], views[a][k], f"{a}:{k}")
                assert views[a][k] is views[0][k], (a, k)  # one part for every audience
            if a is not None:
                _check_kept(before[a]["hand"], views[a]["hand"], f"{a}:hand")
        # An entry every audience sees is the very same map in every audience's log.
        public = [id(e) for e in views[None]["log"]]
        for a in AUDIENCES[:-1]:
            mine = {id(e) for e in views[a]["log"]}
            assert sum(i in mine for i in public) == len(public) - sum(
                e["code"] == "drew_hidden" and e["args"]["seat"] == a for e in views[None]["log"]
            )
        held[0] = views

    playout(game, state, seed, step)
