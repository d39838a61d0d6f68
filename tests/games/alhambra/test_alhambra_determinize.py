"""The AI's own deals of what a seat cannot see (``determinize``, README "What a seat
cannot see"): the money deck with its scoring cards, the bag, Dirk's drawn tiles."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import msgspec

from server.games.alhambra.data import PILES, SCORING_1, SCORING_2, TILE_IDS, TILE_TYPE, all_coins
from server.games.alhambra.game import Alhambra
from server.games.alhambra.state import Entry, State
from server.games.base import audience_view


def _encode(state: State) -> bytes:
    return msgspec.msgpack.encode(state)


def _windows(s: State) -> dict[int, tuple[int, int]]:
    """Where each scoring card may lie in the fresh deck, counted from the top (R-3.8)."""
    n = len(all_coins(s.seats)) - sum(len(h) for h in s.hands)
    return {
        SCORING_1: (n // PILES, 2 * n // PILES),
        SCORING_2: (3 * n // PILES + 1, 4 * n // PILES + 1),
    }


def test_hands_stay_and_the_deck_is_dealt_anew_with_its_scoring_cards_in_their_windows(
    game: Alhambra, fresh: Callable[..., State]
) -> None:
    s = fresh(4, seed=3)
    drawn = len(all_coins(4)) - sum(len(h) for h in s.hands) + 2 - len(s.deck)
    windows = _windows(s)
    places: dict[int, set[int]] = {SCORING_1: set(), SCORING_2: set()}
    for k in range(60):
        copy = game.determinize(s, 1, random.Random(k))
        assert audience_view(game, copy, 1) == audience_view(game, s, 1)
        assert copy.hands == s.hands  # every hand is known from the log
        assert Counter(copy.deck) == Counter(s.deck)
        assert Counter(copy.bag) == Counter(s.bag)
        top_down = copy.deck[::-1]
        for card, (low, high) in windows.items():
            at = top_down.index(card) + drawn
            assert low <= at <= high
            places[card].add(at)
    assert all(len(p) > 5 for p in places.values())


def test_the_deal_reads_no_hidden_order(game: Alhambra, fresh: Callable[..., State]) -> None:
    """Reorder the deck's coins, move a scoring card inside its window, reverse the bag
    and swap a tile Dirk drew for one of its type from the bag: the same deals."""
    s = fresh(2, seed=5)
    other = msgspec.msgpack.decode(_encode(s), type=State)
    top_down = [c for c in other.deck if c not in (SCORING_1, SCORING_2)]  # coins reversed
    drawn = len(all_coins(2)) - sum(len(h) for h in s.hands) + 2 - len(s.deck)
    (low1, _), (_, high2) = _windows(s)[SCORING_1], _windows(s)[SCORING_2]
    top_down.insert(low1 - drawn, SCORING_1)
    top_down.insert(high2 - drawn, SCORING_2)
    other.deck = top_down[::-1]
    other.bag.reverse()
    mine = other.dirk[0]
    swap = next(i for i, t in enumerate(other.bag) if TILE_TYPE[t] == TILE_TYPE[mine])
    other.dirk[0], other.bag[swap] = other.bag[swap], mine
    assert audience_view(game, other, 0) == audience_view(game, s, 0)
    for k in range(5):
        assert _encode(game.determinize(s, 0, random.Random(k))) == _encode(
            game.determinize(other, 0, random.Random(k))
        )


def test_dirk_keeps_his_counts_and_the_tiles_he_was_given(
    game: Alhambra, fresh: Callable[..., State]
) -> None:
    s = fresh(2, seed=6)
    gift = s.bag.pop()
    s.dirk.append(gift)
    s.log.append(Entry("gift", {"seat": 0, "tile": TILE_IDS[gift]}))
    kinds = Counter(TILE_TYPE[t] for t in s.dirk)
    drawn = set()
    for k in range(20):
        copy = game.determinize(s, 1, random.Random(k))
        assert audience_view(game, copy, 1) == audience_view(game, s, 1)
        assert gift in copy.dirk
        assert Counter(TILE_TYPE[t] for t in copy.dirk) == kinds
        drawn.add(tuple(sorted(copy.dirk)))
    assert len(drawn) > 1
