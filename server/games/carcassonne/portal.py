"""The magic portal of Princess & Dragon (README §18.6): a follower may go on any
placed tile, onto a feature nobody holds that is not completed."""

from __future__ import annotations

from .board import Board
from .expansions import FOLLOWER, LARGE, PIECE_NAMES
from .state import Meeple, State
from .tiles import CITY, MONASTERY, ROAD, STRIDE, TYPES


def completed(board: Board, node: int) -> bool:
    """Whether the feature of ``node`` is completed (a field never is)."""
    feature = board.feature(node)[1]
    if feature.kind in (CITY, ROAD):
        return feature.open == 0
    if feature.kind == MONASTERY:
        return board.block_count(node // STRIDE) == 9
    return False


def refusal(state: State, node: int, piece: int) -> tuple[str, str] | None:
    """Why ``piece`` may not go through the portal onto ``node``, or None."""
    board = state.board
    if piece not in (FOLLOWER, LARGE):
        return ("portal_target", "Only a follower goes through the magic portal.")
    if board.feature(node)[1].meeples:
        return ("feature_occupied", "A meeple already stands on this connected feature.")
    if completed(board, node):
        return ("feature_completed", "The magic portal cannot reach a completed feature.")
    return None


def targets(state: State, pieces: list[int]) -> list[Meeple]:
    """Every portal deployment onto an earlier tile, in board and segment order."""
    board = state.board
    out: list[Meeple] = []
    pieces = [p for p in pieces if p in (FOLLOWER, LARGE)]
    if not pieces:
        return out
    for i, p in enumerate(board.tiles[:-1]):
        tt = TYPES[p.t]
        for local, sid in enumerate(tt.seg_ids):
            node = i * STRIDE + local
            if refusal(state, node, FOLLOWER) is None:
                out += [Meeple(sid, PIECE_NAMES[k], p.x, p.y) for k in pieces]
    return out
