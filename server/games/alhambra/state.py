"""Options, intents and the state of an Alhambra game (all msgspec Structs). Rule
numbers R-x.y and decisions Dn are those of this package's README.md."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from server.games.described import words
from server.games.rng import Rng


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    #: R-5.1.2 / D1: a take of money may not stop while another display coin still fits.
    take_money_must_be_maximal: Annotated[
        bool,
        words(
            "Taking money: take as many cards as still fit",
            "お金を取るとき: 収まる限りのカードを取る",
        ),
    ] = True
    #: R-5.4.2 / D5: after an exact purchase the player may end the action phase.
    extra_action_optional: Annotated[
        bool,
        words(
            "After an exact purchase, the extra action may be declined",
            "ぴったり支払った後の追加アクションを省略できる",
        ),
    ] = False


# --- intents -------------------------------------------------------------------------


class Take(msgspec.Struct, tag="take", tag_field="t", frozen=True):
    """Take money: indices into the display (R-5.1)."""

    coins: list[int]


class Buy(msgspec.Struct, tag="buy", tag_field="t", frozen=True):
    """Buy the tile of market slot ``slot`` (0..3 = yellow, orange, blue, green)
    with coins of that slot's currency, given by their values (R-5.2)."""

    slot: int
    values: list[int]


class Build(msgspec.Struct, tag="build", tag_field="t", frozen=True):
    """Redesign: a reserve tile onto an empty cell (R-5.3.1)."""

    tile: str
    x: int
    y: int


class Unbuild(msgspec.Struct, tag="unbuild", tag_field="t", frozen=True):
    """Redesign: the tile on (x, y) back to the reserve (R-5.3.2)."""

    x: int
    y: int


class Swap(msgspec.Struct, tag="swap", tag_field="t", frozen=True):
    """Redesign: a reserve tile replaces the tile on (x, y), which goes to the reserve (R-5.3.3)."""

    tile: str
    x: int
    y: int


class Place(msgspec.Struct, tag="place", tag_field="t", frozen=True):
    """A tile bought this turn (or a leftover tile at the end) onto (x, y) (R-6.1a, R-11.3)."""

    tile: str
    x: int
    y: int


class Reserve(msgspec.Struct, tag="reserve", tag_field="t", frozen=True):
    """A tile bought this turn (or a leftover tile) into the reserve (R-6.1b)."""

    tile: str


class GiveDirk(msgspec.Struct, tag="dirk", tag_field="t", frozen=True):
    """Two-player game: give a tile bought this turn to Dirk (R-12.6)."""

    tile: str


class Done(msgspec.Struct, tag="done", tag_field="t", frozen=True):
    """End the action phase instead of taking the extra action (only with
    ``extra_action_optional``)."""


class Pass(msgspec.Struct, tag="pass", tag_field="t", frozen=True):
    """No action is possible at the start of the turn (R-5.5.1)."""


Intent = Take | Buy | Build | Unbuild | Swap | Place | Reserve | GiveDirk | Done | Pass


# --- state ---------------------------------------------------------------------------


class Placed(msgspec.Struct, array_like=True):
    x: int
    y: int
    tile: int


class Entry(msgspec.Struct, array_like=True):
    code: str
    args: dict[str, Any]


class State(msgspec.Struct):
    seats: int
    options: Options
    rng: Rng
    #: Building tiles, drawn from the end.
    bag: list[int]
    #: Money deck, top = last element; may hold the scoring cards SCORING_1/2.
    deck: list[int]
    discard: list[int]
    display: list[int]
    #: Tile per market slot, -1 = empty.
    market: list[int]
    #: Each seat's coins, kept sorted.
    hands: list[list[int]]
    #: Each seat's alhambra without the fountain (always at the origin).
    cities: list[list[Placed]]
    reserves: list[list[int]]
    dirk: list[int]
    #: Leftover tiles that went to nobody (R-11.2).
    removed: list[int]
    scores: list[int]
    dirk_score: int
    turn: int
    #: "action", "placement", "leftover" or "over".
    phase: str
    #: In an extra action after an exact purchase.
    extra: bool
    bought: list[int]
    leftovers: list[list[int]]
    #: Scoring rounds resolved so far (0..3).
    rounds: int
    turns: int
    log: list[Entry]
