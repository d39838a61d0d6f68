"""The fairy of Princess & Dragon (README §18.8): where it may go, and the points it
brings (1 at the start of its player's turn, 3 when its follower's feature scores)."""

from __future__ import annotations

from typing import Any

from .board import Feature, keypos, poskey
from .expansions import weight
from .state import Fairy, State, log
from .tiles import STRIDE, TYPES


def _follower_mode(state: State) -> bool:
    return state.options.fairy_on == "follower"


def with_fairy(state: State, node: int) -> bool:
    """Whether the follower (not a builder or pig) on ``node`` stands with the fairy:
    on the fairy's tile, or, in "follower" mode, the very follower it stands beside."""
    board = state.board
    if state.fairy < 0 or weight(board, node) == 0:
        return False
    if _follower_mode(state):
        return node == state.fairy_node
    return board.pos.get(state.fairy) == node // STRIDE


def moves(state: State, seat: int) -> list[Fairy]:
    """Where the seat may move the fairy: a tile holding one of his followers (or beside
    one of them), other than where it stands now; in board order."""
    board = state.board
    out: list[Fairy] = []
    seen: set[int] = set()
    for node in sorted(board.meeples):
        if board.meeples[node] != seat or weight(board, node) == 0:
            continue
        i = node // STRIDE
        p = board.tiles[i]
        if _follower_mode(state):
            if node != state.fairy_node:
                out.append(Fairy(p.x, p.y, TYPES[p.t].seg_ids[node % STRIDE]))
        elif i not in seen and poskey(p.x, p.y) != state.fairy:
            seen.add(i)
            out.append(Fairy(p.x, p.y))
    return out


def target(state: State, seat: int, intent: Fairy) -> tuple[int, int] | None:
    """The (poskey, node) a fairy intent moves to, or None when it is not a move of
    ``moves`` (node -1 in "tile" mode)."""
    if intent not in moves(state, seat):
        return None
    key = poskey(intent.x, intent.y)
    if not _follower_mode(state):
        return key, -1
    i = state.board.pos[key]
    assert intent.feature is not None  # moves() lists a feature in follower mode
    return key, i * STRIDE + TYPES[state.board.tiles[i].t].local[intent.feature]


def move(state: State, seat: int, key: int, node: int) -> None:
    state.fairy, state.fairy_node = key, node
    x, y = keypos(key)
    log(state, "fairy_moved", seat=seat, x=x, y=y)


def where(state: State) -> dict[str, Any] | None:
    """The view's ``fairy``."""
    if state.fairy < 0:
        return None
    x, y = keypos(state.fairy)
    out: dict[str, Any] = {"x": x, "y": y}
    if _follower_mode(state):
        out["feature"] = (
            state.board.anchor(state.fairy_node)["feature"] if state.fairy_node >= 0 else None
        )
    return out


def _pay(state: State, seat: int, points: int, final: bool, anchor: dict[str, Any]) -> None:
    state.scores[seat] += points
    log(state, "score", kind="fairy", seats=[seat], points=points, final=final, **anchor)


def holders(state: State) -> list[int]:
    """The seats with a follower standing with the fairy (one in "follower" mode)."""
    board = state.board
    return sorted({board.meeples[n] for n in board.meeples if with_fairy(state, n)})


def turn_point(state: State) -> None:
    """README §18.8 (b): 1 point to the player whose turn begins, if the fairy stands
    with one of his followers."""
    seat = state.turn
    if seat in holders(state):
        x, y = keypos(state.fairy)
        _pay(state, seat, 1, False, {"x": x, "y": y})


def bonus(state: State, feature: Feature, root: int, final: bool) -> None:
    """README §18.8 (c): 3 points to the owner of a follower with the fairy in a feature
    being scored, whether or not he wins it."""
    seats = sorted({state.board.meeples[n] for n in feature.meeples if with_fairy(state, n)})
    for seat in seats:
        _pay(state, seat, 3, final, dict(state.board.anchor(root)))
