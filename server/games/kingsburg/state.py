"""The schema of Kingsburg: options, state and the intents a client may send. Rule
numbers (R2.3, ...) are the rules in this package's README.md."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from server.games.described import words
from server.games.rng import Rng


class Options(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    #: R5.1.3.2: "per_group" (printed rules, BSW): at most one "+2" token in each dice
    #: group; "per_season" (designer clarification): one token for influencing a season.
    plus2_limit: Annotated[
        Literal["per_group", "per_season"],
        words(
            "+2 tokens",
            "+2トークン",
            choices={
                "per_group": ("at most one per group of dice", "ダイスのグループごとに1枚まで"),
                "per_season": ("at most one per season", "季節ごとに1枚まで"),
            },
        ),
    ] = "per_group"
    #: R5.1.3.1: the King's aid die. "like_colored" (the seed page): it is used like
    #: the player's own dice, alone or with others; "needs_colored" (the printed rules,
    #: the designer's clarifications): like any white die, only in a group that holds
    #: a die of the player's colour.
    aid_die: Annotated[
        Literal["like_colored", "needs_colored"],
        words(
            "The King's aid die",
            "王の援助のサイコロ",
            choices={
                "like_colored": (
                    "used like your own dice, alone too (Brettspielwelt)",
                    "自分のサイコロと同様に使える・単独でも可（Brettspielwelt）",
                ),
                "needs_colored": (
                    "only with a die of your colour (printed rules)",
                    "自分の色のサイコロと一緒にのみ使える（原版ルール）",
                ),
            },
        ),
    ] = "like_colored"
    #: R5.1.3.2: a "+2" token in a group that holds the King's aid die. "never" (the
    #: seed page: not "with the King's brown die"); "with_colored" (the printed rules,
    #: the designer's clarifications): allowed when the group holds a die of the
    #: player's colour. A token never goes with the aid die as the group's only die.
    plus2_aid_die: Annotated[
        Literal["never", "with_colored"],
        words(
            "+2 token with the King's aid die",
            "王の援助のサイコロと+2トークン",
            choices={
                "never": ("never together (Brettspielwelt)", "一緒には使えない（Brettspielwelt）"),
                "with_colored": (
                    "together when a die of your colour is in the group (printed rules)",
                    "自分の色のサイコロも含むグループなら使える（原版ルール）",
                ),
            },
        ),
    ] = "never"
    #: R11.1.3: two players; whether the King's Envoy reaches an advisor the neutral
    #: dice block. False (the seed page: blocked advisors "cannot be used this
    #: season"); True (the printed rules: only the Envoy reaches them).
    envoy_neutral: Annotated[
        bool,
        words(
            "The Envoy may join an advisor the neutral dice block (2 players, printed rules)",
            "伝令で中立のサイコロが塞いだ助言者にも働きかけられる（2人・原版ルール）",
        ),
    ] = False
    #: R2.3: how many "+2" tokens the supply holds; 0 = unlimited (the box has 20).
    plus2_supply: Annotated[
        int,
        words("+2 tokens in the supply (0: no limit)", "+2トークンの数（0: 無制限）", ge=0, le=20),
    ] = 0
    #: R10.3: the most soldiers a player may have; 0 = no cap.
    soldier_cap: Annotated[
        int,
        words(
            "Most soldiers a player may have (0: no limit)", "兵士の上限（0: 無制限）", ge=0, le=20
        ),
    ] = 0


class Player(msgspec.Struct):
    gold: int = 0
    wood: int = 0
    stone: int = 0
    plus2: int = 0
    soldiers: int = 0
    vp: int = 0
    #: ``vp`` by where it came from (the view's ``breakdown``), in the order of
    #: ``VP_SOURCES``: buildings, advisors, battles, other. Empty until the first point.
    vp_by: list[int] = []
    #: Owned buildings, in the order they were built.
    buildings: list[str] = []
    #: This season's dice: values, which are white (aid / Farms) and which are spent.
    dice: list[int] = []
    white: list[bool] = []
    used: list[bool] = []
    #: Which of ``dice`` is the King's aid die (spring only, R3), else -1.
    aid_die: int = -1
    passed: bool = False
    market_used: bool = False
    plus2_used: bool = False
    statue_used: bool = False
    chapel_used: bool = False
    #: May see this year's enemy card (advisors 10 and 17).
    peek: bool = False

    def goods(self) -> list[int]:
        return [self.gold, self.wood, self.stone]

    def goods_total(self) -> int:
        return self.gold + self.wood + self.stone


class Group(msgspec.Struct):
    """Dice on an advisor. ``seat`` -1 is a neutral block of the two-player game."""

    advisor: int
    seat: int
    dice: list[int]
    plus2: bool = False
    market: int = 0
    envoy: bool = False


class Choice(msgspec.Struct):
    """A decision a seat owes before the game goes on.

    kind: "aid_good" (take ``n`` goods of choice), "reroll" (Statue / Chapel),
    "help" (the help of ``advisor``), "town_hall", "reward" (take ``n`` goods of
    choice), "penalty" (give back ``n`` goods of choice).
    """

    kind: str
    n: int = 0
    advisor: int = 0


class Battle(msgspec.Struct):
    """The winter of the current year, once fought (public)."""

    enemy: str
    die: int
    combat: list[int]
    outcome: list[str]  # "win" | "draw" | "loss" per seat


class Entry(msgspec.Struct):
    code: str
    args: dict[str, Any]


class State(msgspec.Struct):
    seats: int
    options: Options
    rng: Rng
    #: This game's five enemy cards, year I first (hidden until each winter).
    enemies: list[str]
    players: list[Player]
    year: int = 1
    phase: int = 1
    #: "aid" | "reroll" | "influence" | "help" | "build" | "town_hall" | "recruit"
    #: | "battle" | "over"
    step: str = "aid"
    order: list[int] = []
    #: The seat to act in a step played in turn order, else -1.
    turn: int = -1
    #: Buildings the seat to act may still build this step (2 after using the Envoy).
    builds_left: int = 0
    choices: list[Choice | None] = []
    board: list[Group] = []
    #: Help still to resolve: (advisor, seat) pairs, in resolution order.
    help_queue: list[list[int]] = []
    aid_seat: int = -1
    envoy: int = -1
    battles: list[Battle] = []
    log: list[Entry] = []


# ---- intents -------------------------------------------------------------------


class Goods(msgspec.Struct, tag="goods", tag_field="t", kw_only=True):
    """Goods of your choice: taken (King's aid, a battle reward) or given back
    (a battle penalty "goods of choice")."""

    gold: int = 0
    wood: int = 0
    stone: int = 0


class RerollOne(msgspec.Struct, tag="reroll_one", tag_field="t"):
    """Statue: all your dice show the same number; roll die ``die`` again."""

    die: int


class RerollAll(msgspec.Struct, tag="reroll_all", tag_field="t"):
    """Chapel: your dice total 7 or less; roll them all again."""


class Influence(msgspec.Struct, tag="influence", tag_field="t", kw_only=True):
    """Put the dice ``dice`` (indexes into your dice) on advisor ``advisor``, with an
    optional "+2" token, the Market's +1/-1, or the King's Envoy (occupied advisor)."""

    advisor: int
    dice: list[int]
    plus2: bool = False
    market: int = 0
    envoy: bool = False


class Help(msgspec.Struct, tag="help", tag_field="t", kw_only=True):
    """Take the help of the advisor being resolved: its option ``option`` and, when it
    gives goods of choice, this mix of them."""

    option: int = 0
    gold: int = 0
    wood: int = 0
    stone: int = 0


class Build(msgspec.Struct, tag="build", tag_field="t", kw_only=True):
    """Build ``building``; ``envoy`` spends the King's Envoy to build a second one."""

    building: str
    envoy: bool = False


class TownHall(msgspec.Struct, tag="town_hall", tag_field="t"):
    """Give back one ``pay`` ("gold", "wood", "stone" or "plus2") for 1 VP."""

    pay: str


class Recruit(msgspec.Struct, tag="recruit", tag_field="t", kw_only=True):
    """Recruit ``soldiers``, paying with this mix of goods."""

    soldiers: int
    gold: int = 0
    wood: int = 0
    stone: int = 0


class Pass(msgspec.Struct, tag="pass", tag_field="t"):
    """Do nothing (more) in this step: stop influencing, keep the dice, decline the
    Alchemist or the Town Hall, build nothing, recruit nobody."""


Intent = Goods | RerollOne | RerollAll | Influence | Help | Build | TownHall | Recruit | Pass
