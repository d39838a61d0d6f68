"""Table: the benchmark-only game of the side-by-side run (not a game of the hall).

The same state on every framework: a list of placed tiles (x, y, rotation, kind), four
scores and the turn. Each move appends a tile, bumps the mover's score and passes the
turn; the game ends after 72 moves. The tile a move places is chosen by the client
(the generator sends the same tiles to every framework); ``legal`` lists the next tile
of a fixed sequence so that random bots and the contract checks can play it too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import msgspec

from server.games.base import Game, IllegalIntent, Result
from server.games.logview import LogView

MOVES = 72
SEATS = 4
KINDS = "ABCDEFGHIJKLMNOPQRSTUVWX"  # 24 tile kinds, as in Carcassonne's base set


class TableOptions(msgspec.Struct, kw_only=True):
    moves: int = MOVES


class Place(msgspec.Struct, tag="place", tag_field="t"):
    x: int
    y: int
    r: int
    kind: str


class Tile(msgspec.Struct, array_like=True):
    x: int
    y: int
    r: int
    kind: str


class TableState(msgspec.Struct):
    moves: int
    tiles: list[Tile]
    scores: list[int]
    turn: int


def tile_for(n: int) -> Place:
    """The n-th tile of the sequence the generator plays (same formula in load.js)."""
    return Place(x=n % 9 - 4, y=n // 9 - 4, r=n % 4, kind=KINDS[n % len(KINDS)])


class Table(Game):
    name: ClassVar[str] = "bench_table"
    min_seats: ClassVar[int] = SEATS
    max_seats: ClassVar[int] = SEATS
    Options: ClassVar[type[TableOptions]] = TableOptions
    Intent: ClassVar[Any] = Place
    State: ClassVar[type[TableState]] = TableState

    def setup(self, seats: int, options: Any, seed: int) -> TableState:
        return TableState(moves=max(1, options.moves), tiles=[], scores=[0] * seats, turn=0)

    def apply(self, state: TableState, seat: int, intent: Any) -> TableState:
        if len(state.tiles) >= state.moves:
            raise IllegalIntent("game_over", "The game is over.")
        if seat != state.turn:
            raise IllegalIntent("not_your_turn", "It is not your turn.")
        if not (0 <= intent.r < 4 and intent.kind in KINDS and len(intent.kind) == 1):
            raise IllegalIntent("illegal_placement", "That is not a tile of this game.")
        state.tiles.append(Tile(intent.x, intent.y, intent.r, intent.kind))
        state.scores[seat] += 1
        state.turn = (state.turn + 1) % len(state.scores)
        return state

    def view(self, state: TableState, seat: int | None) -> dict[str, Any]:
        return self.views(state, [seat])[seat]

    def views(
        self, state: TableState, seats: Sequence[int | None]
    ) -> dict[int | None, dict[str, Any]]:
        # Written as the hall's games are (server/games/parts.py): every audience sees
        # the same, so it is built once and shared by identity, and the tiles' list only
        # grows, so each tile's wire form is made once and the next view's list begins
        # with the very items of this one (the diff passes over them at once).
        public = {
            "tiles": _TILES(state.tiles, None),
            "scores": list(state.scores),
            "turn": state.turn,
            "log": _NO_LOG,
        }
        return {seat: dict(public) for seat in seats}

    def legal(self, state: TableState, seat: int) -> list[Any]:
        if len(state.tiles) >= state.moves or seat != state.turn:
            return []
        return [tile_for(len(state.tiles))]

    def active(self, state: TableState) -> frozenset[int]:
        return frozenset() if len(state.tiles) >= state.moves else frozenset({state.turn})

    def result(self, state: TableState) -> Result | None:
        if len(state.tiles) < state.moves:
            return None
        return Result.from_keys(state.scores, state.scores)


def _tile_view(tile: Tile, seat: int | None) -> list[Any]:
    return [tile.x, tile.y, tile.r, tile.kind]


_TILES = LogView(_tile_view)
_NO_LOG: list[Any] = []

game = Table()
