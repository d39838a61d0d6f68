"""The hall's AI players: greedy where a game can value a position, random elsewhere."""

from __future__ import annotations

from typing import Any

import msgspec

from server import games
from server.ai import GreedyPolicy, RandomPolicy
from tests.support.toy import Countdown


class ValuedCountdown(Countdown):
    """Countdown whose value is the seat's score: taking the last tokens is best."""

    def value(self, state: Any, seat: int) -> float:
        return float(state.scores[seat])


def test_without_a_value_the_choice_is_any_legal_intent() -> None:
    game = Countdown()
    state = game.setup(2, game.Options(pile=12), 1)
    picks = {GreedyPolicy(seed).choose(game, state, 0).n for seed in range(40)}
    assert picks == {take.n for take in game.legal(state, 0)}


def test_the_greedy_player_takes_what_the_value_prefers_and_leaves_the_state_alone() -> None:
    game = ValuedCountdown()
    state = game.setup(2, game.Options(pile=3), 1)
    before = msgspec.msgpack.encode(state)
    for seed in range(10):
        assert GreedyPolicy(seed).choose(game, state, 0).n == 3  # takes the last three
    assert msgspec.msgpack.encode(state) == before
    state.pile = 5  # no move wins at once: every move is as good, any may come
    assert {GreedyPolicy(seed).choose(game, state, 0).n for seed in range(40)} == {1, 2, 3}


def test_nobody_to_move_means_no_choice() -> None:
    game = ValuedCountdown()
    state = game.setup(2, game.Options(pile=3), 1)
    assert GreedyPolicy(0).choose(game, state, 1) is None


def test_the_greedy_carcassonne_player_beats_the_random_one() -> None:
    game = games.get("carcassonne")
    wins = 0
    for k in range(6):
        state = game.setup(2, game.Options(), k)
        greedy = k % 2
        players = {greedy: GreedyPolicy(k), 1 - greedy: RandomPolicy(k)}
        while game.result(state) is None:
            seat = next(iter(game.active(state)))
            before = msgspec.msgpack.encode(state)
            assert game.value(state, seat) is not None
            assert msgspec.msgpack.encode(state) == before  # value looks, never touches
            state = game.apply(state, seat, players[seat].choose(game, state, seat))
        wins += state.scores[greedy] > state.scores[1 - greedy]
    assert wins >= 5
