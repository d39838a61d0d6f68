"""Random legal games of Kingsburg: invariants after every step, replay, hidden
information, and legal agreeing with apply."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.games.base import audience_view
from server.games.kingsburg.data import BUILDINGS, ENEMIES, left_neighbour
from server.games.kingsburg.game import Kingsburg
from server.games.kingsburg.state import Options, State

Playout = Callable[..., tuple[State, list[tuple[int, Any]]]]

options_strategy = st.builds(
    Options,
    plus2_limit=st.sampled_from(["per_group", "per_season"]),
    aid_die=st.sampled_from(["like_colored", "needs_colored"]),
    plus2_aid_die=st.sampled_from(["never", "with_colored"]),
    envoy_neutral=st.booleans(),
    plus2_supply=st.sampled_from([0, 0, 3, 20]),
    soldier_cap=st.sampled_from([0, 0, 2, 9]),
)


def check_invariants(s: State) -> None:
    for p in s.players:
        assert min(p.gold, p.wood, p.stone, p.plus2, p.soldiers) >= 0, p
        assert len(set(p.buildings)) == len(p.buildings)
        for b in p.buildings:
            # Built only when its row unlocked it (and a destruction never leaves a gap).
            left = left_neighbour(b)
            assert left is None or left in p.buildings, p.buildings
        assert sum(p.white) <= 2
        # The King's aid die is one of this spring's white dice, or there is none.
        assert p.aid_die == -1 or (s.phase == 2 and p.white[p.aid_die])
        if s.options.soldier_cap:
            assert p.soldiers <= s.options.soldier_cap
    if s.options.plus2_supply:
        assert sum(p.plus2 for p in s.players) <= s.options.plus2_supply
    # One player (or neutral block) per advisor a season; only the Envoy doubles up.
    plain = Counter(g.advisor for g in s.board if not g.envoy)
    assert all(n == 1 for n in plain.values()), s.board
    assert all(1 <= g.advisor <= 18 for g in s.board)
    assert sum(g.envoy for g in s.board) <= 1
    if not s.options.envoy_neutral:
        # R11.1.3: nobody joins the neutral dice, not even with the Envoy.
        neutral = {g.advisor for g in s.board if g.seat < 0}
        assert not any(g.seat >= 0 and g.advisor in neutral for g in s.board), s.board
    if s.seats == 2 and s.step in ("reroll", "influence", "help", "build"):
        assert 2 <= sum(g.seat < 0 for g in s.board) <= 3
    assert 1 <= s.year <= 5 and 1 <= s.phase <= 8


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seats=st.integers(min_value=2, max_value=5),
    seed=st.integers(min_value=0, max_value=2**62),
    choice_seed=st.integers(min_value=0, max_value=1000),
    options=options_strategy,
    eager=st.booleans(),
)
def test_random_games_keep_the_invariants_and_replay(
    game: Kingsburg,
    playout: Playout,
    seats: int,
    seed: int,
    choice_seed: int,
    options: Options,
    eager: bool,
) -> None:
    def each(s: State, seat: int, intent: Any) -> None:
        check_invariants(s)

    final, steps = playout(seats, seed, choice_seed, options=options, each=each, eager=eager)
    result = game.result(final)
    assert result is not None and min(result.ranks) == 1
    assert final.year == 5 and len(final.battles) == 5
    assert [b.enemy for b in final.battles] == final.enemies
    assert [ENEMIES[e]["year"] for e in final.enemies] == [1, 2, 3, 4, 5]
    # The breakdown by source adds up to the final scores, the same for every audience.
    brk = audience_view(game, final, None)["breakdown"]
    assert brk["categories"] == ["buildings", "advisors", "battles", "other"]
    assert [sum(row) for row in brk["seats"]] == result.scores
    assert [row[0] for row in brk["seats"]] == [
        sum(BUILDINGS[b]["vp"] for b in p.buildings) for p in final.players
    ]
    for seat in range(seats):
        assert audience_view(game, final, seat)["breakdown"] == brk
    # Replaying the log (intents as they travel on the wire) rebuilds the same state.
    again = game.setup(seats, options, seed)
    for seat, intent in steps:
        wire = msgspec.convert(msgspec.to_builtins(intent), game.Intent)
        again = game.apply(again, seat, wire)
    assert msgspec.msgpack.encode(again) == msgspec.msgpack.encode(final)
    decoded = msgspec.msgpack.decode(msgspec.msgpack.encode(final), type=game.State)
    assert decoded == final


def test_building_vp_follow_built_and_destroyed_buildings(
    game: Kingsburg, playout: Playout
) -> None:
    """Every VP change is accounted for by a logged event."""
    for seed in range(8):
        final, _ = playout(2 + seed % 4, seed, seed, eager=True)
        for seat in range(final.seats):
            built = sum(
                BUILDINGS[e.args["building"]]["vp"]
                for e in final.log
                if e.code == "build" and e.args["seat"] == seat
            )
            lost = sum(
                BUILDINGS[b]["vp"]
                for e in final.log
                if e.code == "penalty" and e.args["seat"] == seat
                for b in e.args["destroyed"]
            )
            owned = sum(BUILDINGS[b]["vp"] for b in final.players[seat].buildings)
            assert built - lost == owned


def alternatives(s: State) -> list[list[str]]:
    """Enemy decks differing from ``s.enemies`` in any card not yet revealed."""
    out = []
    for year in range(len(s.battles) + 1, 6):
        for card in ENEMIES:
            if ENEMIES[card]["year"] == year and card != s.enemies[year - 1]:
                deck = list(s.enemies)
                deck[year - 1] = card
                out.append(deck)
    return out


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seats=st.integers(min_value=2, max_value=5),
    seed=st.integers(min_value=0, max_value=2**62),
)
def test_views_do_not_depend_on_unseen_enemy_cards(
    game: Kingsburg, clone: Callable[[State], State], seats: int, seed: int
) -> None:
    pick = random.Random(seed)
    s = game.setup(seats, Options(), seed)
    checked = peeked = 0
    step = 0
    while game.result(s) is None:
        if step % 5 == 0:
            decks = alternatives(s)
            sample = pick.sample(decks, min(4, len(decks)))
            for audience in [None, *range(seats)]:
                if audience is not None and s.players[audience].peek:
                    peeked += 1
                    continue
                mine = audience_view(game, s, audience)
                for deck in sample:
                    other = clone(s)
                    other.enemies = deck
                    assert audience_view(game, other, audience) == mine
                    checked += 1
        seat = pick.choice(sorted(game.active(s)))
        s = game.apply(s, seat, pick.choice(game.legal(s, seat)))
        step += 1
    assert checked > 0


def test_a_peeking_seat_sees_the_card_of_the_year(game: Kingsburg) -> None:
    seen = 0
    for seed in range(12):
        pick = random.Random(seed)
        s = game.setup(3, Options(), seed)
        while game.result(s) is None:
            for seat in range(3):
                view = game.view(s, seat)
                fought = len(s.battles) >= s.year
                if s.players[seat].peek or fought:
                    assert view["enemy"]["id"] == s.enemies[s.year - 1]
                    seen += s.players[seat].peek and not fought
                else:
                    assert "enemy" not in view
            seat = pick.choice(sorted(game.active(s)))
            s = game.apply(s, seat, pick.choice(game.legal(s, seat)))
    assert seen > 0


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seats=st.integers(min_value=2, max_value=5),
    seed=st.integers(min_value=0, max_value=2**62),
    options=options_strategy,
)
def test_every_listed_intent_is_accepted(
    game: Kingsburg,
    clone: Callable[[State], State],
    seats: int,
    seed: int,
    options: Options,
) -> None:
    pick = random.Random(seed)
    s = game.setup(seats, options, seed)
    while game.result(s) is None:
        active = sorted(game.active(s))
        assert active
        for seat in active:
            legal = game.legal(s, seat)
            assert legal
            for intent in legal:
                game.apply(clone(s), seat, intent)
        for seat in range(seats):
            if seat not in active:
                assert game.legal(s, seat) == []
        seat = pick.choice(active)
        s = game.apply(s, seat, pick.choice(game.legal(s, seat)))
