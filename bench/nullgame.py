"""A game that does next to nothing, and a hub that plays it: what a move costs the
hall when the rules and views cost nothing, the glue alone.

    python -m bench.split --floor --game null

`bench.hub` and `bench.split` start this module instead of ``python -m server`` for
``--game null``: the same hub with one more game, which the hall itself never lists.
Four seats take turns; each move adds one to a counter. Its view is the counter and
whose turn it is, the same for every audience; the seat on turn has one legal intent.
Set beside `bench.floor` (a server with no hall at all) and a real game's line, it
splits the hall's own part of a move into the way a move travels through the hall
(this) and the game's rules, views and diffs (the rest).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, ClassVar

import msgspec

from server import games
from server.games.base import Game, IllegalIntent, Result

NAME = "null"


class NullOptions(msgspec.Struct, kw_only=True):
    pass


class Step(msgspec.Struct, tag="step", tag_field="t"):
    pass


class NullState(msgspec.Struct):
    seats: int
    moves: int = 0
    turn: int = 0


class Null(Game):
    name: ClassVar[str] = NAME
    own_keys: ClassVar[frozenset[str] | None] = frozenset()
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    Options: ClassVar[type[msgspec.Struct]] = NullOptions
    Intent: ClassVar[Any] = Step
    State: ClassVar[type[msgspec.Struct]] = NullState

    def setup(self, seats: int, options: Any, seed: int) -> NullState:
        return NullState(seats)

    def apply(self, state: NullState, seat: int, intent: Any) -> NullState:
        if seat != state.turn:
            raise IllegalIntent("not_your_turn", "It is not your turn.")
        state.moves += 1
        state.turn = (state.turn + 1) % state.seats
        return state

    def view(self, state: NullState, seat: int | None) -> dict[str, Any]:
        return {"moves": state.moves, "turn": state.turn}

    def views(
        self, state: NullState, seats: Sequence[int | None]
    ) -> dict[int | None, dict[str, Any]]:
        shared = self.view(state, None)
        return {seat: dict(shared) for seat in seats}

    def legal(self, state: NullState, seat: int) -> list[Any]:
        return [Step()] if seat == state.turn else []

    def active(self, state: NullState) -> frozenset[int]:
        return frozenset({state.turn})

    def result(self, state: NullState) -> Result | None:
        return None  # it never ends: a benchmark stops it


game = Null()


def main() -> int:
    """The hub (``python -m server``'s arguments), with the null game among its games."""
    from server.__main__ import main as serve

    games.register(game)
    return serve()


if __name__ == "__main__":
    sys.exit(main())
