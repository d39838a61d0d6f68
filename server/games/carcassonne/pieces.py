"""Pieces leaving the board before their feature is scored: eaten by the dragon or
removed by the princess (README §18.5, §18.7), and the builders and pigs left without
a follower of their owner by that (README §18.9)."""

from __future__ import annotations

from .expansions import BUILDER, FOLLOWER, PIECE_NAMES, PIG, holds_follower
from .state import State, log, stock


def take_back(state: State, node: int) -> tuple[int, int]:
    """Return the piece on ``node`` to its owner's supply: (seat, piece)."""
    board = state.board
    seat = board.meeples.pop(node)
    piece = board.pieces.pop(node, FOLLOWER)
    stock(state, piece)[seat] += 1
    board.feature(node)[1].meeples.remove(node)
    if state.fairy_node == node:
        state.fairy_node = -1  # the fairy stays on the tile, beside nobody (§18.8)
    return seat, piece


def log_piece(state: State, code: str, node: int, seat: int, piece: int) -> None:
    log(state, code, seat=seat, **state.board.anchor(node), piece=PIECE_NAMES[piece])


def release_orphans(state: State, roots: set[int]) -> None:
    """README §18.9 (the printed rule of §16.3): a builder, or a pig, whose owner no
    longer has a follower in its feature goes home (log ``piece_returned``)."""
    board = state.board
    for root in sorted({board.find(r) for r in roots}):
        feature = board.features[root]
        for node in list(feature.meeples):
            piece = board.pieces.get(node, FOLLOWER)
            if piece in (BUILDER, PIG) and not holds_follower(board, feature, board.meeples[node]):
                seat, _ = take_back(state, node)
                log_piece(state, "piece_returned", node, seat, piece)
