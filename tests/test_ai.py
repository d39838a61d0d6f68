"""The hall's AI players: random, greedy where a game can value a position, and the
strong search that sees only its own seat's view."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import msgspec
import pytest

from server import games
from server.ai import LEVELS, GreedyPolicy, RandomPolicy, SearchPolicy, policy
from server.ai.thinker import Thinker
from server.games.base import audience_view
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


@pytest.mark.parametrize("name", ["carcassonne", "kingsburg"])
def test_the_greedy_player_beats_the_random_one(name: str) -> None:
    """Kingsburg's measure sees help owed by advisors and the coming battle; with VP
    alone its greedy player could not tell one placement of its dice from another."""
    game = games.get(name)
    wins = 0
    for k in range(6):
        state = game.setup(2, game.Options(), k)
        greedy = k % 2
        players = {greedy: GreedyPolicy(k), 1 - greedy: RandomPolicy(k)}
        while game.result(state) is None:
            seat = min(game.active(state))
            before = msgspec.msgpack.encode(state)
            assert game.value(state, seat) is not None
            assert msgspec.msgpack.encode(state) == before  # value looks, never touches
            state = game.apply(state, seat, players[seat].choose(game, state, seat))
        wins += game.result(state).ranks[greedy] == 1
    assert wins >= 5


# --- levels and the strong player -------------------------------------------------


def test_the_strong_player_finds_the_winning_take() -> None:
    game = ValuedCountdown()
    state = game.setup(2, game.Options(pile=3), 1)
    for seed in range(5):
        assert SearchPolicy(seed, iterations=200).choose(game, state, 0).n == 3


def test_the_search_stops_once_its_choice_is_settled() -> None:
    game = ValuedCountdown()
    state = game.setup(2, game.Options(pile=3), 1)
    for seed in range(5):
        player = SearchPolicy(seed, iterations=20_000)
        assert player.choose(game, state, 0).n == 3
        assert player.last_iterations < 20_000  # the winning take was clear long before
    state.pile = 30  # no take stands out at once: close choices use the whole count
    player = SearchPolicy(0, iterations=64)
    player.choose(game, state, 0)
    assert player.last_iterations == 64


def test_the_strong_player_plays_a_game_without_a_measure_to_its_end() -> None:
    game = Countdown()  # no value: the search plays each line out to the end
    state = game.setup(3, game.Options(pile=10), 2)
    players = [SearchPolicy(s, iterations=50) for s in range(3)]
    while game.result(state) is None:
        seat = min(game.active(state))
        state = game.apply(state, seat, players[seat].choose(game, state, seat))
    assert game.result(state) is not None


def test_a_level_names_its_player_and_an_unknown_level_is_refused() -> None:
    assert isinstance(policy("random", 1), RandomPolicy)
    assert isinstance(policy("greedy", 1), GreedyPolicy)
    assert isinstance(policy("strong", 1, budget=0.1), SearchPolicy)
    assert set(LEVELS) == {"random", "greedy", "strong"}
    with pytest.raises(ValueError, match="random, greedy, strong"):
        policy("expert", 1)


def _mid_game(name: str, seed: int, moves: int) -> tuple[Any, Any]:
    game = games.get(name)
    state = game.setup(game.min_seats, game.Options(), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.result(state) is not None:
            break
        seat = min(game.active(state))
        state = game.apply(state, seat, rng.choice(game.legal(state, seat)))
    return game, state


@pytest.mark.parametrize("name", ["stone_age", "alhambra", "kingsburg", "carcassonne", "kardinal"])
def test_the_strong_choice_does_not_depend_on_how_the_hidden_parts_lie(name: str) -> None:
    """Re-deal what the seat cannot see, consistently with its view: the search (with a
    fixed seed and a fixed number of iterations) chooses the same, so it cannot be
    reading the real hidden parts."""
    for seed in (3, 4):
        game, state = _mid_game(name, seed, 12)
        if game.result(state) is not None:
            continue
        seat = min(game.active(state))
        redealt = game.determinize(state, seat, random.Random(99))
        assert audience_view(game, redealt, seat) == audience_view(game, state, seat)
        a = SearchPolicy(7, iterations=40).choose(game, state, seat)
        b = SearchPolicy(7, iterations=40).choose(game, redealt, seat)
        assert msgspec.msgpack.encode(a) == msgspec.msgpack.encode(b)


async def test_a_decision_runs_in_a_worker_while_the_event_loop_goes_on() -> None:
    game, state = _mid_game("kingsburg", 5, 10)
    seat = min(game.active(state))
    thinker = Thinker(workers=1, budget=0.4)
    try:
        await thinker.decide(game, state, seat, "greedy", 1)  # the worker starts
        ticks = 0

        async def tick() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        ticker = asyncio.create_task(tick())
        intent = await thinker.decide(game, state, seat, "strong", 1)
        ticker.cancel()
        assert intent in game.legal(state, seat)
        # A search of 0.4 s on the loop itself would have let it tick about once.
        assert ticks >= 10
    finally:
        thinker.close()


ALL_OPTIONS: dict[str, dict[str, Any]] = {
    "carcassonne": {
        "fluss": True,
        "erweiterung": True,
        "haendler": True,
        "koenig": True,
        "drache": True,
    },
    "stone_age": {},
    "alhambra": {},
    "kingsburg": {},
    "kardinal": {},
}


@pytest.mark.parametrize("name", sorted(ALL_OPTIONS))
def test_the_ai_plays_every_game_to_its_end_at_the_most_seats(name: str) -> None:
    """Greedy players at every seat finish a game at the game's largest table, with
    its options on; a strong player (a short search) takes a seat for the first moves."""
    game = games.get(name)
    seats = game.max_seats
    options = msgspec.convert(ALL_OPTIONS[name], game.Options)
    game.check_options(options, seats)
    state = game.setup(seats, options, 11)
    players: list[Any] = [GreedyPolicy(s) for s in range(seats)]
    strong = SearchPolicy(5, iterations=8)
    for move in range(5_000):
        if game.result(state) is not None:
            break
        seat = min(game.active(state))
        player = strong if move < 20 and seat == 0 else players[seat]
        intent = player.choose(game, state, seat)
        assert intent is not None, f"seat {seat} has no move"
        state = game.apply(state, seat, intent)
    assert game.result(state) is not None
