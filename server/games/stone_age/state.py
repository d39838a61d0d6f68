"""The schema of Stone Age: options, state and the intents a client may send."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from server.games.described import words
from server.games.rng import Rng


class Options(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    #: V1 (README §12, printed rule): feeding first yields food equal to agriculture,
    #: and a surplus stays in stock. Off = Board Game Arena: agriculture only lowers
    #: the need.
    agriculture_surplus_kept: Annotated[
        bool,
        words(
            "Feeding: surplus food from agriculture stays in stock (printed rules)",
            "食料供給: 農業で余った食料を蓄えに残す（印刷されたルール）",
        ),
    ] = False
    #: V2: "sequential" (BGA: agriculture, then tools, then people) or "sum"
    #: (printed rule: agriculture + tools + people).
    tiebreak: Annotated[
        Literal["sequential", "sum"],
        words(
            "Tie-break",
            "同点の決め方",
            choices={
                "sequential": (
                    "agriculture, then tools, then people (Board Game Arena)",
                    "農業、次に道具、次に人数（Board Game Arena）",
                ),
                "sum": (
                    "agriculture + tools + people (printed rules)",
                    "農業＋道具＋人数の合計（印刷されたルール）",
                ),
            },
        ),
    ] = "sequential"
    #: V3: card C04's two resources are taken at once ("immediate") or kept and
    #: taken at any later moment when its owner acts ("any_time", printed rule).
    any_two_resources: Annotated[
        Literal["immediate", "any_time"],
        words(
            "The card with two resources of your choice",
            "好きな資源2つのカード",
            choices={
                "immediate": ("taken at once", "すぐに受け取る"),
                "any_time": (
                    "taken later, at any time (printed rules)",
                    "後の好きな時に受け取る（印刷されたルール）",
                ),
            },
        ),
    ] = "immediate"
    #: V4 (README §12, printed rule): every player's civilization cards are hidden
    #: from the others.
    hidden_cards: Annotated[
        bool,
        words(
            "Civilization cards are hidden from the others (printed rules)",
            "文明カードを他のプレイヤーに見せない（印刷されたルール）",
        ),
    ] = False


class Player(msgspec.Struct):
    people: int
    home: int
    food: int
    res: list[int]
    tools: list[int] = []
    tools_used: list[bool] = []
    one_use: list[int] = []
    agriculture: int = 0
    score: int = 0
    #: Cards bought from the display (public), and cards drawn with C15 (owner only).
    cards: list[str] = []
    extra: list[str] = []
    buildings: list[str] = []
    #: Option "any_time": C04 effects not taken yet.
    any_two: int = 0
    #: Where ``score`` came from (the view's ``breakdown``): huts built, the points
    #: on civilization cards' tops, and the hunger penalties (a positive number).
    hut_points: int = 0
    card_points: int = 0
    hunger: int = 0


class Pending(msgspec.Struct):
    """A decision being made inside the resolution or the feeding.

    kind: "gather" (dice rolled, choose tools), "building", "card", "any_two",
    "dice" (dice for everyone: pickers in ``order``), "feed" (``shortfall`` to cover).
    """

    kind: str
    seat: int
    space: str = ""
    good: int = 0
    dice: list[int] = []
    order: list[int] = []
    shortfall: int = 0


class Entry(msgspec.Struct):
    code: str
    args: dict[str, Any]


class State(msgspec.Struct):
    seats: int
    options: Options
    rng: Rng
    phase: str  # "place" | "resolve" | "feed" | "over"
    round: int
    start: int
    turn: int
    players: list[Player]
    board: dict[str, list[int]]
    slots: list[str | None]
    deck: list[str]
    stacks: list[list[str]]
    box: list[str]
    log: list[Entry] = []
    pending: Pending | None = None
    end: str = ""


# ---- intents -------------------------------------------------------------------


class Place(msgspec.Struct, tag="place", tag_field="t"):
    """Phase 1: put ``people`` of your unplaced people on ``space``."""

    space: str
    people: int = 1


class Resolve(msgspec.Struct, tag="resolve", tag_field="t"):
    """Phase 2: resolve your people on ``space`` next."""

    space: str


class UseTools(msgspec.Struct, tag="use_tools", tag_field="t"):
    """After a gathering roll: add these permanent tools (indexes) and one-use
    tools (values), then take the goods."""

    tools: list[int] = []
    one_use: list[int] = []


class Build(msgspec.Struct, tag="build", tag_field="t", kw_only=True):
    wood: int = 0
    brick: int = 0
    stone: int = 0
    gold: int = 0


class BuyCard(msgspec.Struct, tag="buy_card", tag_field="t", kw_only=True):
    wood: int = 0
    brick: int = 0
    stone: int = 0
    gold: int = 0


class Decline(msgspec.Struct, tag="decline", tag_field="t"):
    """Leave the building or civilization card you resolve where it is."""


class PickDie(msgspec.Struct, tag="pick_die", tag_field="t"):
    face: int


class TakeResources(msgspec.Struct, tag="take_resources", tag_field="t", kw_only=True):
    """Card C04: two resources of your choice."""

    wood: int = 0
    brick: int = 0
    stone: int = 0
    gold: int = 0


class Feed(msgspec.Struct, tag="feed", tag_field="t", kw_only=True):
    """Phase 3: cover the food shortfall with these resources (one each)."""

    wood: int = 0
    brick: int = 0
    stone: int = 0
    gold: int = 0


class Starve(msgspec.Struct, tag="starve", tag_field="t"):
    """Phase 3: lose 10 points instead of covering the shortfall."""


Intent = (
    Place | Resolve | UseTools | Build | BuyCard | Decline | PickDie | TakeResources | Feed | Starve
)

Payment = Build | BuyCard | TakeResources | Feed


def amounts(p: Payment) -> list[int]:
    return [p.wood, p.brick, p.stone, p.gold]
