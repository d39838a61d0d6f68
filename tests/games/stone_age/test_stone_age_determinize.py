"""The AI's own deals of what a seat cannot see (``determinize``, README "What a seat
cannot see"): the deck, other seats' face-down extra cards, the tiles below the tops."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import msgspec

from server.games.base import audience_view
from server.games.stone_age.game import StoneAge
from server.games.stone_age.state import State


def _encode(state: State) -> bytes:
    return msgspec.msgpack.encode(state)


def _with_extra_cards(fresh: Callable[..., State], **options: bool) -> State:
    """A new game in which each seat drew a card face down (C15) and bought another."""
    s = fresh(3, seed=4, **options)
    for p in s.players:
        p.extra.append(s.deck.pop(0))
        p.cards.append(s.deck.pop(0))
    return s


def test_what_the_seat_knows_stays_and_the_rest_is_dealt_anew(
    game: StoneAge, fresh: Callable[..., State]
) -> None:
    s = _with_extra_cards(fresh, hidden_cards=True)
    seen = audience_view(game, s, 0)
    extras, decks = set(), set()
    for k in range(20):
        copy = game.determinize(s, 0, random.Random(k))
        assert audience_view(game, copy, 0) == seen
        assert copy.players[0].extra == s.players[0].extra  # its own, seen
        assert [p.cards for p in copy.players] == [p.cards for p in s.players]  # bought
        assert copy.slots == s.slots
        assert [st[0] for st in copy.stacks] == [st[0] for st in s.stacks]  # the tops
        assert [len(st) for st in copy.stacks] == [len(st) for st in s.stacks]
        assert len(copy.box) == len(s.box)
        assert Counter(copy.deck + copy.players[1].extra + copy.players[2].extra) == Counter(
            s.deck + s.players[1].extra + s.players[2].extra
        )
        extras.add(copy.players[1].extra[0])
        decks.add(tuple(copy.deck))
    assert len(extras) > 1 and len(decks) > 1


def test_the_deal_reads_no_hidden_card_or_tile(game: StoneAge, fresh: Callable[..., State]) -> None:
    """Swap what the seat cannot see (another seat's extra card with a deck card, tiles
    between stacks below their tops and the box): the same deals come out."""
    s = _with_extra_cards(fresh)
    other = msgspec.msgpack.decode(_encode(s), type=State)
    other.players[1].extra[0], other.deck[3] = other.deck[3], other.players[1].extra[0]
    other.deck.reverse()
    other.stacks[0][1], other.stacks[2][3] = other.stacks[2][3], other.stacks[0][1]
    other.stacks[1][2], other.box[0] = other.box[0], other.stacks[1][2]
    assert audience_view(game, other, 0) == audience_view(game, s, 0)
    for k in range(5):
        assert _encode(game.determinize(s, 0, random.Random(k))) == _encode(
            game.determinize(other, 0, random.Random(k))
        )


def test_after_the_end_every_card_is_shown_and_stays(
    game: StoneAge, playout: Callable[..., tuple[State, list[object]]]
) -> None:
    for seed in range(6):
        s, _ = playout(game, 3, seed, seed)
        copy = game.determinize(s, 0, random.Random(1))
        assert audience_view(game, copy, 0) == audience_view(game, s, 0)
        assert [p.extra for p in copy.players] == [p.extra for p in s.players]
