"""What the expansions add to the base game: the pieces besides the ordinary
follower, which tile sets each option shuffles in, the goods of a city, and the
King's and Robber Baron's end count.

README §14 (Inns & Cathedrals, ``erweiterung``), §15 (King & Robber Baron,
``koenig``) and §16 (Traders & Builders, ``haendler``); Princess & Dragon (``drache``,
§18) adds only tiles here, its figures have modules of their own. Kept out of ``engine.py`` so
the turn flow reads as the base game.
"""

from __future__ import annotations

from typing import Any

from .board import Board, Feature
from .tiles import STRIDE, TYPES

# Pieces. An ordinary follower is the default and has no entry in ``Board.pieces``.
FOLLOWER, LARGE, BUILDER, PIG = 0, 1, 2, 3
PIECE_NAMES = ("follower", "large", "builder", "pig")
# The option that puts each piece in the box (the ordinary follower is always there).
PIECE_OPTION = {"large": "erweiterung", "builder": "haendler", "pig": "haendler"}
# A builder or pig never counts for a majority (README §16.3, §16.4).
_WEIGHT = (1, 2, 0, 0)

GOODS = ("wine", "grain", "cloth")

# Tile sets per option, in the order they are added to the pile (README §14.1, §15.1,
# §16.1, §18.1).
OPTION_SETS = (
    ("erweiterung", "inns_cathedrals"),
    ("koenig", "king_robber_baron"),
    ("haendler", "traders_builders"),
    ("drache", "princess_dragon"),
)


def tile_sets(options: Any) -> tuple[str, ...]:
    """The tile sets (besides the River) a game with ``options`` shuffles into the pile."""
    return ("base", *(s for name, s in OPTION_SETS if getattr(options, name)))


def piece_of(options: Any, name: str) -> int:
    """The piece an intent names, or -1 when it is unknown or its expansion is off."""
    if name not in PIECE_NAMES:
        return -1
    option = PIECE_OPTION.get(name)
    if option is not None and not getattr(options, option):
        return -1
    return PIECE_NAMES.index(name)


def weight(board: Board, node: int) -> int:
    """How many followers the piece on ``node`` counts as for a majority (README §14.4:
    the large follower counts 2, in every feature and farm)."""
    return _WEIGHT[board.pieces.get(node, FOLLOWER)]


def holds_follower(board: Board, feature: Feature, seat: int) -> bool:
    """Whether ``seat`` has a follower (ordinary or large) on the feature: what a
    builder or a pig needs beside it (README §16.3, §16.4)."""
    return any(board.meeples[n] == seat and weight(board, n) > 0 for n in feature.meeples)


def piece_seats(board: Board, feature: Feature, piece: int) -> set[int]:
    """The seats with a piece of this kind on the feature."""
    return {board.meeples[n] for n in feature.meeples if board.pieces.get(n) == piece}


def city_goods(board: Board, root: int) -> list[int]:
    """The goods symbols of the city ``root``, per kind of GOODS (README §16.2)."""
    out = [0, 0, 0]
    for i in set(board.features[root].tiles):
        for local, good in TYPES[board.tiles[i].t].goods:
            if board.find(i * STRIDE + local) == root:
                out[GOODS.index(good)] += 1
    return out


def completed_count(board: Board, kind: int) -> int:
    """Completed features of ``kind`` (city or road) on the board, occupied or not."""
    return sum(1 for f in board.features.values() if f.kind == kind and f.open == 0)
