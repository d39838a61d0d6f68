"""The parts of Kingsburg's views that a move leaves alone are the very objects of the
view before, so the room's diff passes over them by identity; and an influence is
offered once for each look of a group of dice (their kinds and numbers)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from server.games.base import audience_views
from server.games.kingsburg.game import Kingsburg, _die_kind
from server.games.kingsburg.state import Influence, Options


def _rebuilt(a: Any, b: Any, path: tuple[Any, ...], out: list[tuple[Any, ...]]) -> None:
    """Into ``out``, the paths of the lists and maps of ``b`` equal to ``a``'s there
    but built anew."""
    if type(a) is not type(b) or type(b) not in (dict, list):
        return
    if a is not b and a == b:
        out.append(path)
        return
    if type(b) is dict:
        for k in b.keys() & a.keys():
            _rebuilt(a[k], b[k], (*path, k), out)
    elif len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _rebuilt(x, y, (*path, i), out)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_what_a_move_leaves_alone_is_the_same_object(game: Kingsburg, seed: int) -> None:
    pick = random.Random(seed)
    seats = 2 + seed % 4
    state = game.setup(seats, Options(), seed)
    audiences: list[int | None] = [*range(seats), None]
    views = audience_views(game, state, audiences)
    while game.result(state) is None:
        seat = min(game.active(state))
        state = game.apply(state, seat, pick.choice(game.legal(state, seat)))
        after = audience_views(game, state, audiences)
        for a in audiences:
            rebuilt: list[tuple[Any, ...]] = []
            for k, v in after[a].items():
                # `legal` is the room's (server/games/base.py), not the game's.
                if k != "legal" and k in views[a]:
                    _rebuilt(views[a][k], v, (k,), rebuilt)
            assert not rebuilt, (a, rebuilt)
        views = after


@pytest.mark.parametrize("seed", [5, 6])
def test_an_influence_is_offered_once_for_each_look_of_a_group(game: Kingsburg, seed: int) -> None:
    pick = random.Random(seed)
    state = game.setup(4, Options(), seed)
    offered = 0
    while game.result(state) is None:
        if state.step == "influence":
            p = state.players[state.turn]
            looks = [
                (tuple(sorted((_die_kind(p, i), p.dice[i]) for i in it.dice)), it.plus2, it.market)
                for it in game.legal(state, state.turn)
                if isinstance(it, Influence)
            ]
            assert len(looks) == len(set(looks))
            offered += len(looks)
        seat = min(game.active(state))
        state = game.apply(state, seat, pick.choice(game.legal(state, seat)))
    assert offered > 0
