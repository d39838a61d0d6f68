"""What the hall's AI reads of Kardinal & König: its measure of a position (``value``)
and its own deals of what it cannot see (``determinize``)."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import msgspec

from server.games.base import audience_view
from server.games.kardinal.board import Board
from server.games.kardinal.game import Draw, Exchange, Kardinal, KardinalState, _known_cards


def _encode(state: KardinalState) -> bytes:
    return msgspec.msgpack.encode(state)


def _mid_game(game: Kardinal, seed: int, moves: int = 45) -> KardinalState:
    state = game.setup(3, game.Options(), seed)
    pick = random.Random(seed)
    for _ in range(moves):
        (seat,) = game.active(state)
        state = game.apply(state, seat, pick.choice(game.legal(state, seat)))
    assert game.result(state) is None
    return state


# --- value --------------------------------------------------------------------------


def test_the_value_is_finite_pure_and_differs_between_seats(game: Kardinal) -> None:
    for seed in range(3):
        state = _mid_game(game, seed)
        before = _encode(state)
        values = [game.value(state, seat) for seat in range(state.seats)]
        assert _encode(state) == before
        assert all(math.isfinite(v) for v in values)
        assert len(set(values)) > 1


def test_the_value_counts_the_scorings_still_to_come(
    game: Kardinal, fresh: Callable[..., KardinalState], put: Callable[..., None]
) -> None:
    """Two cloisters alone in a country: 2 points at the interim scoring and 2 more at
    the final one; once the interim scoring is past, only the final one is to come."""
    state = fresh(3)
    put(state, "bayern", 0, 2)
    assert game.value(state, 0) == 4.0
    assert game.value(state, 1) == -4.0
    state.exhaustions = 1
    assert game.value(state, 0) == 2.0
    state.hands[1].pop()  # a card fewer in hand counts a little
    assert game.value(state, 1) == -2.0 - 0.5


def test_the_value_of_a_finished_game_is_the_final_lead(game: Kardinal) -> None:
    state = game.setup(3, game.Options(), 4)
    pick = random.Random(4)
    while game.result(state) is None:
        (seat,) = game.active(state)
        state = game.apply(state, seat, pick.choice(game.legal(state, seat)))
    for seat in range(3):
        best_other = max(s for i, s in enumerate(state.scores) if i != seat)
        assert game.value(state, seat) == state.scores[seat] - best_other


# --- determinize --------------------------------------------------------------------


def test_a_card_taken_from_the_display_stays_in_the_takers_hand(
    game: Kardinal, fresh: Callable[..., KardinalState], board: Board
) -> None:
    state = fresh(3, seed=2)
    state.turn = 1
    state = game.apply(state, 1, Exchange(cards=[board.cards[state.hands[1][0]]]))
    taken = state.display[0]
    state = game.apply(state, 1, Draw(source="display", card=board.cards[taken]))
    hands = set()
    for k in range(30):
        copy = game.determinize(state, 0, random.Random(k))
        assert audience_view(game, copy, 0) == audience_view(game, state, 0)
        assert taken in copy.hands[1]
        assert copy.hands[0] == state.hands[0]  # the seat's own hand is its own
        hands.add(tuple(copy.hands[1]))
    assert len(hands) > 1  # its two other cards came from the deck: dealt anew


def test_the_deal_reads_no_hidden_card(game: Kardinal, board: Board) -> None:
    """Swap a card of another hand with a different one of the deck: the seat cannot
    tell the two positions apart, and its deals of them are the same."""
    state = _mid_game(game, 5)
    other = msgspec.msgpack.decode(_encode(state), type=KardinalState)
    # A card seat 2 drew from the deck (not one it took from the display: that is public).
    hand, known = other.hands[2], _known_cards(state, board)[2]
    card = next(t for t in sorted(set(hand)) if hand.count(t) > known[t])
    i = next(i for i, t in enumerate(other.deck) if t != card)
    hand.remove(card)
    hand.append(other.deck[i])
    hand.sort()
    other.deck[i] = card
    other.deck.reverse()
    assert audience_view(game, other, 0) == audience_view(game, state, 0)
    for k in range(5):
        assert _encode(game.determinize(state, 0, random.Random(k))) == _encode(
            game.determinize(other, 0, random.Random(k))
        )


def test_the_copy_keeps_no_note_of_the_other_seats_own_draws(game: Kardinal) -> None:
    state = _mid_game(game, 6)
    copy = game.determinize(state, 0, random.Random(1))
    secret: list[dict[str, Any]] = [e.args for e in copy.log if e.only not in (-1, 0)]
    assert secret and all("card" not in args for args in secret)
    mine = Counter(e.code for e in copy.log if e.only == 0)
    assert mine == Counter(e.code for e in state.log if e.only == 0)
