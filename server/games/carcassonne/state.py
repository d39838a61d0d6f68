"""The data of a game of Carcassonne: options, intents, the state and its log entries,
and the supplies of pieces. Shared by the turn flow (``engine.py``) and the scoring
(``scoring.py``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from server.games.described import words
from server.games.rng import Rng

from .board import Board
from .expansions import BUILDER, FOLLOWER, LARGE

MEEPLES = 7
PLACE, MEEPLE, OVER, DRAGON = 0, 1, 2, 3
PHASE_NAMES = ("place", "meeple", "over", "dragon")
DRAGON_STEPS = 6  # README §18.5: always 6, whatever the number of players


class Options(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    # BSW /option old: first-edition farmer scoring
    old: Annotated[
        bool, words("Old farmer scoring (first edition)", "草原ポイントを旧ルールで計算")
    ] = False
    fluss: Annotated[bool, words("River", "追加キット−川−")] = False  # BSW /option fluss
    # README §7.1: BSW scores a two-tile city 2
    two_tile_city_points: Annotated[
        Literal[2, 4],
        words(
            "Points for a two-tile city",
            "2枚で完成した都市の得点",
            choices={2: ("2 (Brettspielwelt)", "2点（Brettspielwelt）"), 4: ("4", "4点")},
        ),
    ] = 2
    # README §12.1
    river_start_tile: Annotated[
        Literal["remove", "shuffle"],
        words(
            "The start tile, with the River",
            "川を使うときの開始タイル",
            choices={
                "remove": ("left out", "使わない"),
                "shuffle": ("shuffled into the pile", "山に混ぜる"),
            },
            requires=("fluss",),
        ),
    ] = "remove"
    # BSW /option erweiterung: Inns & Cathedrals, README §14
    erweiterung: Annotated[bool, words("Inns & Cathedrals", "追加キット−拡張−")] = False
    # BSW /option koenig: King & Robber Baron, README §15
    koenig: Annotated[bool, words("King & Robber Baron", "追加キット−王と斥候−")] = False
    # BSW /option haendler: Traders & Builders, README §16
    haendler: Annotated[bool, words("Traders & Builders", "追加キット−商人と建築士−")] = False
    # README §16.5: no source says what the pig does under ``old``; by default nothing,
    # True: +1 per city (5 instead of 4) where its owner wins the city's farmer sum.
    pig_old: Annotated[
        bool,
        words(
            "With old farmer scoring, the pig adds 1 per city",
            "旧ルールの草原得点で、豚は都市ごとに+1",
            requires=("old", "haendler"),
        ),
    ] = False
    # BSW /option drache: Princess & Dragon, README §18
    drache: Annotated[bool, words("Princess & Dragon", "追加キット−王女とドラゴン−")] = False
    # README §18.5: the dragon walks after the deployment and before the scoring (the
    # rules wiki's step 2b) or after the scoring (as some implementations do).
    dragon_timing: Annotated[
        Literal["before_scoring", "after_scoring"],
        words(
            "The dragon walks",
            "ドラゴンが動く時",
            choices={
                "before_scoring": ("before the tile's scoring", "得点計算の前"),
                "after_scoring": ("after the tile's scoring", "得点計算の後"),
            },
            requires=("drache",),
        ),
    ] = "before_scoring"
    # README §18.8: the fairy stands on a tile (first edition) or beside one follower.
    fairy_on: Annotated[
        Literal["tile", "follower"],
        words(
            "The fairy stands",
            "妖精の置き場所",
            choices={
                "tile": ("on a tile", "タイルの上"),
                "follower": ("beside one follower", "部下1人の隣"),
            },
            requires=("drache",),
        ),
    ] = "tile"


class Place(msgspec.Struct, tag="place", tag_field="t"):
    x: int
    y: int
    r: int


class Meeple(msgspec.Struct, tag="meeple", tag_field="t", omit_defaults=True):
    feature: str
    # "follower" or an expansion's piece ("large"); a plain str so that an unknown
    # piece is refused with a stable code (bad_piece) rather than by the decoder.
    # The default is left out of the wire form: base-game intents and logs stay as
    # they were.
    piece: str = "follower"
    # README §18.6: the tile a magic portal sends the follower to; None (left out of
    # the wire form) is the tile just placed.
    x: int | None = None
    y: int | None = None


class Pass(msgspec.Struct, tag="pass", tag_field="t"):
    pass


class Princess(msgspec.Struct, tag="princess", tag_field="t"):
    """README §18.7: remove the knight standing on this segment."""

    x: int
    y: int
    feature: str


class Fairy(msgspec.Struct, tag="fairy", tag_field="t", omit_defaults=True):
    """README §18.8: move the fairy to this tile (beside the follower on ``feature``
    when ``fairy_on`` is "follower")."""

    x: int
    y: int
    feature: str | None = None


class Dragon(msgspec.Struct, tag="dragon", tag_field="t"):
    """README §18.5: one step of the dragon, onto this tile."""

    x: int
    y: int


Intent = Place | Meeple | Pass | Princess | Fairy | Dragon


class Entry(msgspec.Struct, array_like=True):
    code: str
    args: dict[str, Any]


class State(msgspec.Struct):
    seats: int
    options: Options
    rng: Rng
    pile: list[int]  # face-down tile types; the next draw is the last element
    drawn: int  # type of the drawn tile in the place phase, else -1
    turn: int
    phase: int
    board: Board
    supply: list[int]
    scores: list[int]
    log: list[Entry]
    removed: list[int]
    river_end: int = -1  # poskey the open river end faces, -1 when there is none
    river_dir: int = 0  # direction the river flows into river_end
    river_turn: int = 0  # turn of the last river tile: 0 straight, 1 right, 3 left
    large: list[int] = msgspec.field(default_factory=list)  # erweiterung: per seat, 0 or 1
    king: int = -1  # koenig: the seat holding the King, -1 before the first city
    king_size: int = 0  # tiles of the city that won it
    robber: int = -1  # koenig: the seat holding the Robber Baron
    robber_size: int = 0
    builders: list[int] = msgspec.field(default_factory=list)  # haendler: per seat, 0 or 1
    pigs: list[int] = msgspec.field(default_factory=list)  # haendler: per seat, 0 or 1
    goods: list[list[int]] = msgspec.field(default_factory=list)  # per seat, per GOODS
    bonus: bool = False  # this turn's first tile extended the player's builder feature
    extra: bool = False  # the tile in play is the builder's extra tile
    # drache (README §18): where the dragon and the fairy stand (poskeys, -1 = off the
    # board); in fairy_on "follower" mode also the follower's node (-1 = none).
    dragon: int = -1
    fairy: int = -1
    fairy_node: int = -1
    set_aside: list[int] = msgspec.field(default_factory=list)  # dragon tiles, §18.4
    walk: list[int] = msgspec.field(default_factory=list)  # tiles the dragon visited
    walk_left: int = 0  # steps the dragon still has to go in phase DRAGON


def log(state: State, code: str, **args: Any) -> None:
    state.log.append(Entry(code, args))


def stock(state: State, piece: int) -> list[int]:
    """The per-seat supply of a kind of piece (empty when its expansion is off)."""
    if piece == FOLLOWER:
        return state.supply
    if piece == LARGE:
        return state.large
    return state.builders if piece == BUILDER else state.pigs
