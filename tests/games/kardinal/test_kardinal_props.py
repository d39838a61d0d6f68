"""Random legal games: invariants after every step, replay, hidden information, legal vs apply."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from server.games.base import audience_view
from server.games.kardinal.board import Board
from server.games.kardinal.game import Kardinal, KardinalOptions, KardinalState
from server.games.rng import Rng

seats_st = st.integers(min_value=3, max_value=5)
seed_st = st.integers(min_value=0, max_value=2**63)
options_st = st.builds(
    KardinalOptions,
    joker_allows_own_colour=st.booleans(),
    exchange_max_cards=st.integers(min_value=1, max_value=3),
    end_of_game=st.sampled_from(["complete_round", "after_current_turn"]),
    chain_mode=st.sampled_from(["component", "longest_path"]),
)


def cards_of(s: KardinalState) -> Counter[int]:
    c = Counter(s.deck) + Counter(s.display) + Counter(s.discard)
    for h in s.hands:
        c += Counter(h)
    return c


def is_plain(tree: Any) -> bool:
    if isinstance(tree, dict):
        return all(isinstance(k, str) and is_plain(v) for k, v in tree.items())
    if isinstance(tree, list):
        return all(is_plain(v) for v in tree)
    return tree is None or isinstance(tree, (str, int, float, bool))


def check_invariants(s: KardinalState, board: Board, deck: Counter[int], before: list[int]) -> None:
    for seat in range(s.seats):
        assert s.supply_cloisters[seat] + s.cloisters.count(seat) == board.cloisters_per_player
        placed = sum(c[seat] for c in s.cardinals)
        assert s.supply_cardinals[seat] + placed == board.cardinals_per_player
        assert s.supply_cloisters[seat] >= 0 and s.supply_cardinals[seat] >= 0
        assert len(s.hands[seat]) <= 3
        assert s.hands[seat] == sorted(s.hands[seat])
    for k, spaces in enumerate(board.country_spaces):
        counts = [0] * s.seats
        for i in spaces:
            if s.cloisters[i] >= 0:
                counts[s.cloisters[i]] += 1
        assert sum(s.cardinals[k]) <= max(counts)
    assert cards_of(s) == deck
    assert len(s.display) <= 2
    assert all(a >= b for a, b in zip(s.scores, before, strict=True))
    assert s.scores == [sum(b) for b in s.breakdown]
    assert s.exhaustions <= 2 and (s.ending == (s.exhaustions == 2))
    if s.exhaustions == 0:
        assert s.scores == [0] * s.seats


@settings(deadline=None, max_examples=30)
@given(seats=seats_st, seed=seed_st, options=options_st, moves=seed_st)
def test_random_games_keep_the_invariants(
    game: Kardinal,
    board: Board,
    playout: Callable[..., list[tuple[int, Any]]],
    seats: int,
    seed: int,
    options: KardinalOptions,
    moves: int,
) -> None:
    s = game.setup(seats, options, seed)
    deck = cards_of(s)
    assert sum(deck.values()) == board.deck_size(seats)
    scores = [list(s.scores)]

    def step(state: KardinalState, seat: int, intent: Any) -> None:
        check_invariants(state, board, deck, scores[-1])
        scores.append(list(state.scores))

    log = playout(game, s, moves, step)
    assert s.phase == "over" and s.exhaustions == 2
    result = game.result(s)
    assert result is not None and result.scores == s.scores
    assert min(result.ranks) == 1
    # the breakdown per scoring kind adds up to the final scores, for every audience
    brk = audience_view(game, s, None)["breakdown"]
    assert brk["categories"] == ["interim", "cloisters", "alliances", "chains"]
    assert [sum(row) for row in brk["seats"]] == result.scores
    for seat in range(seats):
        assert audience_view(game, s, seat)["breakdown"] == brk
    # every seat had a turn in each round (the start player's turn opens each round)
    if options.end_of_game == "complete_round":
        assert s.turns % seats == 0
    # the state round-trips through MessagePack
    assert msgspec.msgpack.decode(msgspec.msgpack.encode(s), type=KardinalState) == s

    # replaying the log, sent over the wire as plain maps, rebuilds the same state
    again = game.setup(seats, options, seed)
    for seat, intent in log:
        wire = msgspec.msgpack.decode(msgspec.msgpack.encode(intent))
        again = game.apply(again, seat, msgspec.convert(wire, game.Intent))
    assert again == s


@settings(deadline=None, max_examples=12)
@given(seats=seats_st, seed=seed_st, moves=seed_st)
def test_legal_agrees_with_apply(
    game: Kardinal,
    clone: Callable[[KardinalState], KardinalState],
    playout: Callable[..., list[tuple[int, Any]]],
    seats: int,
    seed: int,
    moves: int,
) -> None:
    s = game.setup(seats, KardinalOptions(exchange_max_cards=3), seed)

    def step(state: KardinalState, seat: int, intent: Any) -> None:
        if game.result(state) is not None:
            return
        (active,) = game.active(state)
        for other in range(seats):
            if other != active:
                assert game.legal(state, other) == []
        for listed in game.legal(state, active):
            game.apply(clone(state), active, listed)

    playout(game, s, moves, step)


def scramble(s: KardinalState, seat: int | None, rng: Rng, board: Board) -> KardinalState:
    """Change everything ``seat`` may not see: the other hands (same sizes), the deck order,
    the cards named in other seats' private log entries."""
    out = msgspec.msgpack.decode(msgspec.msgpack.encode(s), type=KardinalState)
    kinds = len(board.cards)
    for other in range(out.seats):
        if other != seat:
            out.hands[other] = sorted(rng.below(kinds) for _ in out.hands[other])
    rng.shuffle(out.deck)
    for entry in out.log:
        if entry.only >= 0 and entry.only != seat:
            entry.args["card"] = board.cards[rng.below(kinds)]
    return out


@settings(deadline=None, max_examples=25)
@given(seats=seats_st, seed=seed_st, moves=seed_st, noise=seed_st)
def test_views_hide_hands_and_deck(
    game: Kardinal,
    board: Board,
    playout: Callable[..., list[tuple[int, Any]]],
    seats: int,
    seed: int,
    moves: int,
    noise: int,
) -> None:
    s = game.setup(seats, KardinalOptions(), seed)
    rng = Rng.from_seed(noise)
    steps = [0]

    def step(state: KardinalState, seat: int, intent: Any) -> None:
        steps[0] += 1
        if steps[0] % 7:
            return
        for audience in [None, *range(seats)]:
            view = audience_view(game, state, audience)
            assert is_plain(view)
            assert view == audience_view(game, scramble(state, audience, rng, board), audience)
            assert ("hand" in view) == (audience is not None)
            assert isinstance(view["deck"], int)
            for entry in view["log"]:
                if entry["code"] == "drew_card":
                    assert entry["args"]["seat"] == audience
            if audience is not None:
                assert view["hand"] == [board.cards[t] for t in state.hands[audience]]
        # a view is built the same way every time
        assert game.view(state, None) == game.view(state, None)

    playout(game, s, moves, step)
