"""Countdown: a tiny test-only game for the platform's own tests.

A pile of tokens; players take 1 to 3 in turn; whoever takes the last one scores 10.
Each seat also holds a secret number that only it may see, so the tests can check that
hidden information stays hidden from the other seats and from spectators."""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from server.games.base import Game, IllegalIntent, Result
from server.games.rng import Rng


class Options(msgspec.Struct, kw_only=True):
    pile: int = 12
    secret: bool = True


class Take(msgspec.Struct, tag="take", tag_field="t"):
    n: int


class State(msgspec.Struct):
    seats: int
    pile: int
    turn: int
    scores: list[int]
    secrets: list[int]
    log: list[dict[str, Any]]
    rng: Rng


class Countdown(Game):
    name: ClassVar[str] = "countdown"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 3
    Options: ClassVar[type[msgspec.Struct]] = Options
    Intent: ClassVar[Any] = Take
    State: ClassVar[type[msgspec.Struct]] = State

    def setup(self, seats: int, options: Any, seed: int) -> State:
        rng = Rng.from_seed(seed)
        secrets = [rng.randint(1, 1000) if options.secret else 0 for _ in range(seats)]
        return State(seats, options.pile, 0, [0] * seats, secrets, [], rng)

    def apply(self, state: State, seat: int, intent: Any) -> State:
        if state.pile == 0:
            raise IllegalIntent("game_over", "The game is over.")
        if seat != state.turn:
            raise IllegalIntent("not_your_turn", "It is not your turn.")
        if not 1 <= intent.n <= min(3, state.pile):
            raise IllegalIntent("illegal_take", f"Take 1 to {min(3, state.pile)} tokens.")
        state.pile -= intent.n
        state.log.append({"code": "took", "args": {"seat": seat, "n": intent.n}})
        if state.pile == 0:
            state.scores[seat] += 10
        else:
            state.turn = (state.turn + 1) % state.seats
        return state

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "pile": state.pile,
            "turn": state.turn,
            "scores": list(state.scores),
            "log": [dict(e) for e in state.log],
        }
        if seat is not None:
            view["secret"] = state.secrets[seat]
        return view

    def legal(self, state: State, seat: int) -> list[Any]:
        if state.pile == 0 or seat != state.turn:
            return []
        return [Take(n) for n in range(1, min(3, state.pile) + 1)]

    def active(self, state: State) -> frozenset[int]:
        return frozenset() if state.pile == 0 else frozenset({state.turn})

    def result(self, state: State) -> Result | None:
        if state.pile:
            return None
        return Result.from_keys(state.scores, state.scores)


game = Countdown()
