"""Stone Age's views are built of parts kept while what they show stays the same: with
every option that changes what an audience sees, they still equal views built afresh,
and what did not change is the very same object in the next version."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from protocol.patch import same
from server.games.base import audience_view, audience_views
from server.games.stone_age.game import StoneAge
from server.games.stone_age.state import BuyCard, Options, Pending, State
from tests.test_view_parts import _check_every_move

Make = Callable[..., State]


def _fresh_copy(s: State) -> State:
    return msgspec.msgpack.decode(msgspec.msgpack.encode(s), type=State)


@pytest.mark.parametrize(
    ("seed", "seats", "options"),
    [
        (5, 4, Options(hidden_cards=True)),
        (6, 3, Options(any_two_resources="any_time", agriculture_surplus_kept=True)),
    ],
)
def test_kept_views_equal_fresh_ones_with_the_options(
    seed: int, seats: int, options: Options
) -> None:
    assert asyncio.run(_check_every_move("stone_age", seed, seats, options=options)) > 0


@pytest.mark.parametrize("hidden", [False, True])
def test_a_card_drawn_face_down_is_in_its_owners_view_only(
    game: StoneAge, resolving: Make, hidden: bool
) -> None:
    """All audiences' views built at once: the owner's list of players is its own, the
    others share one."""
    s = resolving(
        seats=3, pending=Pending(kind="card", seat=0, space="card_1"), hidden_cards=hidden
    )
    s.slots[0] = "C15"
    s.players[0].res = [1, 0, 0, 0]
    audiences: list[int | None] = [0, 1, 2, None]
    audience_views(game, s, audiences)  # parts kept from before the card
    game.apply(s, 0, BuyCard(wood=1))
    views = audience_views(game, s, audiences)
    fresh = _fresh_copy(s)
    for a in audiences:
        assert same(views[a], audience_view(game, fresh, a)), a
    assert s.players[0].extra[0] in views[0]["players"][0]["cards"]
    assert views[1]["players"] is views[None]["players"] is views[2]["players"]
    assert views[0]["players"][1] is views[None]["players"][1]


def test_what_did_not_change_is_the_same_object(game: StoneAge) -> None:
    """After every move of a random game, a player whose fields stayed is the same
    part, and so are a changed player's lists that stayed (its tools, cards)."""
    s = game.setup(4, Options(), 11)
    pick = random.Random(11)
    audiences: list[int | None] = [0, 1, 2, 3, None]
    before = audience_views(game, s, audiences)
    kept: dict[str, Any] = {}
    for _ in range(400):
        if game.result(s) is not None:
            break
        old = _fresh_copy(s)
        seat = min(game.active(s))
        s = game.apply(s, seat, pick.choice(game.legal(s, seat)))
        views = audience_views(game, s, audiences)
        for a in audiences:
            was, now = before[a], views[a]
            if old.players == s.players:
                assert now["players"] is was["players"]
            if [p.score for p in old.players] == [p.score for p in s.players]:
                assert now["scores"] is was["scores"]
            for i, (p, q) in enumerate(zip(old.players, s.players, strict=True)):
                if p == q:
                    assert now["players"][i] is was["players"][i]
                    continue
                for field, lists in [
                    ("tools", ("tools", "tools_used")),
                    ("one_use", ("one_use",)),
                    ("buildings", ("buildings",)),
                    ("cards", ("cards", "extra")),
                ]:
                    if all(getattr(p, f) == getattr(q, f) for f in lists):
                        kept[field] = kept.get(field, 0) + 1
                        assert now["players"][i][field] is was["players"][i][field]
        before = views
    assert kept.get("tools", 0) > 0 and kept.get("cards", 0) > 0
