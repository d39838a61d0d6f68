"""The three readings the seed page settles (README R5.1.3.1, R5.1.3.2, R11.1.3,
"Rule decisions"): the King's aid die used like the player's own dice, no "+2" token
with it, no Envoy on a neutrally blocked advisor; each other reading as an option."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from server import games
from server.games.base import IllegalIntent
from server.games.described import describe
from server.games.kingsburg.game import Kingsburg
from server.games.kingsburg.state import Choice, Group, Influence, Options, RerollOne, State
from server.room.options import make_options
from tests.support.rules import refused

Make = Callable[..., State]

# Three dice of the player's colour, the King's aid die (index 3) and, with the Farms,
# a white die (index 4).
AID = 3


def influences(game: Kingsburg, s: State) -> list[Influence]:
    return [i for i in game.legal(s, s.turn) if isinstance(i, Influence)]


# ---- R5.1.3.1: the King's aid die ------------------------------------------------------


def test_the_aid_die_influences_alone_by_default(game: Kingsburg, influencing: Make) -> None:
    s = influencing([1, 2, 3, 5], white=1, aid_die=AID)
    seat = s.turn
    assert Influence(advisor=5, dice=[AID]) in influences(game, s)
    game.apply(s, seat, Influence(advisor=5, dice=[AID]))
    assert s.board[-1].advisor == 5 and s.board[-1].seat == seat
    assert s.players[seat].used == [False, False, False, True]


def test_the_aid_die_keeps_a_player_in_the_season_after_his_own_dice(
    game: Kingsburg, influencing: Make
) -> None:
    # His own dice are placed; the aid die alone still reaches a free advisor, so he is
    # asked (not passed for him, R5.1.2).
    s = influencing([1, 2, 3, 4], white=1, aid_die=AID, used=[True, True, True, False])
    assert influences(game, s) == [Influence(advisor=4, dice=[AID])]


def test_the_aid_die_with_the_farms_die_needs_no_colored_die(
    game: Kingsburg, influencing: Make
) -> None:
    s = influencing([1, 2, 3, 4, 6], white=2, aid_die=AID, used=[True, True, True, False, False])
    seat = s.turn
    assert {(i.advisor, tuple(i.dice)) for i in influences(game, s)} == {(4, (3,)), (10, (3, 4))}
    # The Farms die is white: never alone.
    refused(game, s, seat, Influence(advisor=6, dice=[4]), "no_colored_die")


def test_option_needs_colored_the_aid_die_only_beside_an_own_die(
    game: Kingsburg, influencing: Make
) -> None:
    s = influencing([1, 2, 3, 5], white=1, aid_die=AID)
    s.options.aid_die = "needs_colored"
    seat = s.turn
    assert all(i.dice != [AID] for i in influences(game, s))
    refused(game, s, seat, Influence(advisor=5, dice=[AID]), "no_colored_die")
    game.apply(s, seat, Influence(advisor=6, dice=[0, AID]))
    assert s.board[-1].dice == [1, 5]


def test_the_aid_die_is_the_first_white_die_of_spring_and_in_the_view(
    game: Kingsburg, fresh: Make
) -> None:
    s = fresh(3, seed=3)
    s.choices = [None] * 3
    seat = s.order[0]
    s.aid_seat = seat
    s.players[seat].buildings = ["inn", "market", "farms"]
    game._start_season(s, "spring")
    p = s.players[seat]
    assert p.white == [False, False, False, True, True] and p.aid_die == AID
    assert all(o.aid_die == -1 for i, o in enumerate(s.players) if i != seat)
    view = game.view(s, None)
    assert view["players"][seat]["aid_die"] == AID
    assert [v["aid_die"] for i, v in enumerate(view["players"]) if i != seat] == [None, None]
    game._start_season(s, "summer")
    assert p.aid_die == -1 and p.white == [False, False, False, True]


def test_the_statue_lists_the_aid_die_apart_from_the_farms_die(
    game: Kingsburg, influencing: Make
) -> None:
    s = influencing([2, 2, 2, 2, 2], white=2, aid_die=AID)
    seat = s.turn
    p = s.players[seat]
    p.buildings = ["statue"]
    s.step = "reroll"
    s.choices[seat] = Choice(kind="reroll")
    rerolls = [i.die for i in game.legal(s, seat) if isinstance(i, RerollOne)]
    assert rerolls == [0, AID, AID + 1]


# ---- R5.1.3.2: a "+2" token and the aid die ------------------------------------------


def test_no_plus2_token_with_the_aid_die_by_default(game: Kingsburg, influencing: Make) -> None:
    s = influencing([1, 2, 3, 4], white=1, aid_die=AID, plus2=1)
    seat = s.turn
    assert not any(i.plus2 and AID in i.dice for i in influences(game, s))
    refused(game, s, seat, Influence(advisor=6, dice=[AID], plus2=True), "plus2_aid_die")
    refused(game, s, seat, Influence(advisor=7, dice=[0, AID], plus2=True), "plus2_aid_die")
    # The token still goes with the player's own dice.
    game.apply(s, seat, Influence(advisor=5, dice=[0, 1], plus2=True))
    assert s.players[seat].plus2 == 0


def test_option_with_colored_a_token_beside_the_aid_die_and_an_own_die(
    game: Kingsburg, influencing: Make
) -> None:
    s = influencing([1, 2, 3, 4], white=1, aid_die=AID, plus2=1)
    s.options.plus2_aid_die = "with_colored"
    seat = s.turn
    listed = influences(game, s)
    assert Influence(advisor=7, dice=[0, AID], plus2=True) in listed
    # Never with the aid die as the group's only die.
    assert not any(i.plus2 and i.dice == [AID] for i in listed)
    refused(game, s, seat, Influence(advisor=6, dice=[AID], plus2=True), "plus2_aid_die")
    game.apply(s, seat, Influence(advisor=7, dice=[0, AID], plus2=True))
    assert s.board[-1].plus2 and s.players[seat].plus2 == 0


# ---- R11.1.3: the Envoy and the neutral dice of two players --------------------------


def test_the_envoy_does_not_reach_a_neutral_block_by_default(
    game: Kingsburg, influencing: Make
) -> None:
    s = influencing([2, 3, 4], seats=2, occupied=(5,))
    seat = s.turn
    s.envoy = seat
    assert 5 not in {i.advisor for i in influences(game, s)}
    refused(game, s, seat, Influence(advisor=5, dice=[0, 1], envoy=True), "advisor_blocked")
    # A player's group still takes the Envoy beside it.
    s.board.append(Group(advisor=7, seat=1 - seat, dice=[7]))
    assert Influence(advisor=7, dice=[1, 2], envoy=True) in influences(game, s)


def test_option_envoy_neutral_joins_a_neutral_block(game: Kingsburg, influencing: Make) -> None:
    s = influencing([2, 3, 4], seats=2, occupied=(5,))
    s.options.envoy_neutral = True
    seat = s.turn
    s.envoy = seat
    assert Influence(advisor=5, dice=[0, 1], envoy=True) in influences(game, s)
    game.apply(s, seat, Influence(advisor=5, dice=[0, 1], envoy=True))
    assert [(g.advisor, g.seat) for g in s.board] == [(5, -1), (5, seat)] and s.envoy == -1


# ---- the options -------------------------------------------------------------------


def test_the_defaults_follow_the_seed_page() -> None:
    o = Options()
    assert (o.aid_die, o.plus2_aid_die, o.envoy_neutral) == ("like_colored", "never", False)


@pytest.mark.parametrize(
    "raw",
    [{"aid_die": "sometimes"}, {"plus2_aid_die": "always"}, {"envoy_neutral": "yes"}],
)
def test_a_bad_value_is_refused(raw: dict[str, Any]) -> None:
    with pytest.raises(IllegalIntent) as err:
        make_options(games.get("kingsburg"), raw)
    assert err.value.code == "bad_option"
    assert next(iter(raw)) in err.value.message


def test_the_options_are_labelled_in_both_languages() -> None:
    specs = {s.key: s for s in describe(Options)}
    for key in ("aid_die", "plus2_aid_die", "envoy_neutral"):
        spec = specs[key]
        assert not spec.hidden
        assert spec.label["en"] != key and spec.label["ja"] != spec.label["en"]
        for c in spec.choices or []:
            assert c.label["en"] and c.label["ja"] and c.label["ja"] != c.label["en"]
    assert [c.value for c in specs["aid_die"].choices or []] == ["like_colored", "needs_colored"]
    assert specs["envoy_neutral"].kind == "bool"
