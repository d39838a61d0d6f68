"""Random legal games: invariants after every step, replay, legal agrees with apply,
and no view leaks the hidden order of the decks."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from server.games.base import IllegalIntent, audience_view
from server.games.stone_age.data import CARDS as CARD_DATA
from server.games.stone_age.data import all_building_tiles, all_cards
from server.games.stone_age.game import StoneAge
from server.games.stone_age.state import (
    Build,
    BuyCard,
    Decline,
    Feed,
    Options,
    PickDie,
    Place,
    Resolve,
    Starve,
    State,
    TakeResources,
    UseTools,
)

OPTIONS = st.builds(
    Options,
    agriculture_surplus_kept=st.booleans(),
    tiebreak=st.sampled_from(["sequential", "sum"]),
    any_two_resources=st.sampled_from(["immediate", "any_time"]),
    hidden_cards=st.booleans(),
)
SEATS = st.integers(min_value=2, max_value=4)
SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
CARDS = Counter(all_cards())
TILES = Counter(all_building_tiles())


def check_invariants(s: State) -> None:
    for p in s.players:
        assert p.food >= 0 and min(p.res) >= 0 and p.home >= 0 and p.any_two >= 0
        assert 5 <= p.people <= 10 and p.home <= p.people
        assert 0 <= p.agriculture <= 10
        assert len(p.tools) <= 3 and all(1 <= t <= 4 for t in p.tools)
        assert len(p.tools_used) == len(p.tools)
        # Tiles stay as even as possible: the total equals the acquisitions.
        assert not p.tools or max(p.tools) - min(p.tools) <= 1
    cards = Counter(c for c in s.slots if c is not None) + Counter(s.deck)
    for p in s.players:
        cards += Counter(p.cards) + Counter(p.extra)
    assert cards == CARDS
    tiles = Counter(s.box) + Counter(t for stack in s.stacks for t in stack)
    for p in s.players:
        tiles += Counter(p.buildings)
    assert tiles == TILES
    for space, here in s.board.items():
        assert min(here) >= 0
        if space not in ("hunting_grounds",):
            assert sum(here) <= 7


def plain(tree: Any) -> bool:
    if isinstance(tree, dict):
        return all(isinstance(k, str) and plain(v) for k, v in tree.items())
    if isinstance(tree, list):
        return all(plain(v) for v in tree)
    return tree is None or isinstance(tree, (str, int, float, bool))


@settings(deadline=None, max_examples=30)
@given(seats=SEATS, seed=SEEDS, choices=SEEDS, options=OPTIONS)
def test_random_games_keep_the_invariants_and_replay(
    game: StoneAge,
    playout: Callable[..., Any],
    seats: int,
    seed: int,
    choices: int,
    options: Options,
) -> None:
    seen: dict[str, Any] = {"scores": [0] * seats, "log": 0}

    def each(s: State, seat: int, intent: Any) -> None:
        check_invariants(s)
        new = s.log[seen["log"] :]
        seen["log"] = len(s.log)
        for i, p in enumerate(s.players):
            # The running score moves only with buildings, 3-point cards and starving.
            mine = [e for e in new if e.args.get("seat") == i]
            expected = sum(e.args["points"] for e in mine if e.code == "build")
            expected += sum(
                CARD_DATA[e.args["card"]]["top"].get("amount", 0)
                for e in mine
                if e.code == "buy_card" and CARD_DATA[e.args["card"]]["top"]["type"] == "points"
            )
            expected -= sum(e.args["points"] for e in mine if e.code == "starve")
            assert p.score - seen["scores"][i] == expected
        seen["scores"] = [p.score for p in s.players]

    final, steps = playout(game, seats, seed, choices, options, each)
    result = game.result(final)
    assert result is not None and len(result.ranks) == seats and 1 in result.ranks
    assert final.end in ("cards", "buildings", "round_limit")
    view = audience_view(game, final, None)
    assert view["scores"] == result.scores
    # The breakdown: its rows add up to the final scores, the same for every audience.
    for p in final.players:
        assert p.score == p.hut_points + p.card_points - p.hunger
    brk = view["breakdown"]
    assert len(brk["seats"]) == seats
    assert all(len(row) == len(brk["categories"]) for row in brk["seats"])
    assert [sum(row) for row in brk["seats"]] == result.scores
    for seat in range(seats):
        assert audience_view(game, final, seat)["breakdown"] == brk

    again = game.setup(seats, options, seed)
    for seat, intent in steps:
        wire = msgspec.to_builtins(intent)
        again = game.apply(again, seat, msgspec.convert(wire, game.Intent))
    assert msgspec.msgpack.encode(again) == msgspec.msgpack.encode(final)


@settings(deadline=None, max_examples=10)
@given(seats=SEATS, seed=SEEDS, choices=SEEDS, options=OPTIONS)
def test_every_listed_intent_is_accepted(
    game: StoneAge,
    playout: Callable[..., Any],
    clone: Callable[[State], State],
    seats: int,
    seed: int,
    choices: int,
    options: Options,
) -> None:
    counter = {"n": 0}

    def each(s: State, seat: int, intent: Any) -> None:
        counter["n"] += 1
        if counter["n"] % 6 or game.result(s) is not None:
            return
        for who in game.active(s):
            for listed in game.legal(s, who):
                game.apply(clone(s), who, listed)
        assert msgspec.msgpack.decode(msgspec.msgpack.encode(s), type=State) == s

    playout(game, seats, seed, choices, options, each)


def shuffle_hidden(s: State, rng: random.Random) -> None:
    """Reorder what nobody may see: the deck, each stack below its top, the box."""
    rng.shuffle(s.deck)
    rng.shuffle(s.box)
    for stack in s.stacks:
        rest = stack[1:]
        rng.shuffle(rest)
        stack[1:] = rest


def views(game: StoneAge, s: State) -> list[dict[str, Any]]:
    return [audience_view(game, s, seat) for seat in [None, *range(s.seats)]]


@settings(deadline=None, max_examples=25)
@given(
    seats=SEATS,
    seed=SEEDS,
    choices=SEEDS,
    options=OPTIONS,
    cut=st.floats(min_value=0.0, max_value=1.0),
    mix=SEEDS,
)
def test_views_hold_no_hidden_order(
    game: StoneAge,
    playout: Callable[..., Any],
    clone: Callable[[State], State],
    seats: int,
    seed: int,
    choices: int,
    options: Options,
    cut: float,
    mix: int,
) -> None:
    final, steps = playout(game, seats, seed, choices, options)
    s = game.setup(seats, options, seed)
    for seat, intent in steps[: int(cut * (len(steps) - 1))]:
        s = game.apply(s, seat, intent)
    before = views(game, s)
    assert before == views(game, s)  # built deterministically
    assert all(plain(v) for v in before)
    other = clone(s)
    shuffle_hidden(other, random.Random(mix))
    assert views(game, other) == before
    # A card drawn with C15 is known to its owner only.
    owners = [i for i, p in enumerate(s.players) if p.extra]
    if owners and s.deck and s.phase != "over":
        owner = owners[0]
        swapped = clone(s)
        p = swapped.players[owner]
        p.extra[0], swapped.deck[0] = swapped.deck[0], p.extra[0]
        after = views(game, swapped)
        for audience, (v1, v2) in enumerate(zip(before, after, strict=True)):
            if audience - 1 != owner:
                assert v1 == v2


COUNT = st.integers(min_value=-1, max_value=8)
SPACE = st.sampled_from(
    [
        "hunting_grounds",
        "forest",
        "river",
        "hut",
        "field",
        "tool_maker",
        "card_1",
        "card_4",
        "building_1",
        "building_4",
        "nowhere",
    ]
)
PAY = {"wood": COUNT, "brick": COUNT, "stone": COUNT, "gold": COUNT}
ANY_INTENT = st.one_of(
    st.builds(Place, space=SPACE, people=COUNT),
    st.builds(Resolve, space=SPACE),
    st.builds(UseTools, tools=st.lists(COUNT, max_size=4), one_use=st.lists(COUNT, max_size=3)),
    st.builds(Build, **PAY),
    st.builds(BuyCard, **PAY),
    st.builds(Feed, **PAY),
    st.builds(TakeResources, **PAY),
    st.builds(PickDie, face=COUNT),
    st.just(Decline()),
    st.just(Starve()),
)


@settings(deadline=None, max_examples=25)
@given(
    seats=SEATS,
    seed=SEEDS,
    options=OPTIONS,
    cut=st.floats(min_value=0.0, max_value=1.0),
    seat=st.integers(min_value=0, max_value=3),
    attempts=st.lists(ANY_INTENT, min_size=1, max_size=20),
)
def test_refused_intents_change_nothing(
    game: StoneAge,
    playout: Callable[..., Any],
    clone: Callable[[State], State],
    seats: int,
    seed: int,
    options: Options,
    cut: float,
    seat: int,
    attempts: list[Any],
) -> None:
    _, steps = playout(game, seats, seed, seed, options)
    s = game.setup(seats, options, seed)
    for who, intent in steps[: int(cut * (len(steps) - 1))]:
        s = game.apply(s, who, intent)
    before = msgspec.msgpack.encode(s)
    for intent in attempts:
        trial = clone(s)
        try:
            game.apply(trial, seat % seats, intent)
        except IllegalIntent as refusal:
            assert refusal.code and refusal.message
            assert msgspec.msgpack.encode(trial) == before
        else:
            assert intent in game.legal(s, seat % seats) or isinstance(
                intent, (Build, BuyCard, Feed, UseTools)
            )
