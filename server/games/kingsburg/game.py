"""Kingsburg as played on Brettspielwelt: the rules as a pure state machine.

A year runs its eight phases (R2.4). Everything that leaves nothing to decide happens
at once inside ``apply`` (dice rolls, the King's reward, the Envoy, the battle's
arithmetic); the game stops only where a player decides. Decisions made in turn order
(influence, build, recruit) use ``State.turn``; decisions several players make at the
same time (the King's aid good, Statue/Chapel re-rolls, the Town Hall, battle goods)
and the help of one advisor are held in ``State.choices``, one per seat. Rule
numbers (R2.4, R5.1.2, ...) are the rules in this package's README.md.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

import msgspec

from server.games.base import Game, IllegalIntent, Result, lead
from server.games.kingsburg import outlook, rules
from server.games.kingsburg.data import (
    ADVISOR_COUNT,
    ADVISORS,
    BUILDING_IDS,
    BUILDINGS,
    CHAPEL_LIMIT,
    COLORED_DICE,
    DATA,
    ENEMIES,
    GOODS,
    PHASE_NAMES,
    SEASON_PHASE,
    STABLE_ADVISORS,
    YEARS,
    enemies_of_year,
    strength_range,
)
from server.games.kingsburg.state import (
    Battle,
    Build,
    Choice,
    Entry,
    Goods,
    Group,
    Help,
    Influence,
    Intent,
    Pass,
    Player,
    Recruit,
    RerollAll,
    RerollOne,
    TownHall,
)
from server.games.kingsburg.state import Options as KOptions
from server.games.kingsburg.state import State as KState
from server.games.logview import LogView
from server.games.parts import Parts, Shelf, key
from server.games.rng import Rng

SEQUENTIAL = frozenset({"influence", "build", "recruit"})


def _log(s: KState, code: str, **args: Any) -> None:
    s.log.append(Entry(code=code, args=args))


def _goods(p: Player) -> list[int]:
    return [p.gold, p.wood, p.stone]


def _add_goods(p: Player, amounts: list[int], sign: int = 1) -> None:
    p.gold += sign * amounts[0]
    p.wood += sign * amounts[1]
    p.stone += sign * amounts[2]


def _goods_args(amounts: list[int]) -> dict[str, int]:
    return {g: n for g, n in zip(GOODS, amounts, strict=True) if n}


def _plus2_room(s: KState) -> int:
    """How many "+2" tokens the supply can still give (R2.3)."""
    if s.options.plus2_supply <= 0:
        return 1 << 30
    return max(0, s.options.plus2_supply - sum(p.plus2 for p in s.players))


def _gain_plus2(s: KState, p: Player, n: int) -> int:
    got = min(n, _plus2_room(s))
    p.plus2 += got
    return got


def _gain_soldiers(s: KState, p: Player, n: int) -> int:
    cap = s.options.soldier_cap
    got = n if cap <= 0 else max(0, min(n, cap - p.soldiers))
    p.soldiers += got
    return got


# Where victory points come from (the view's ``breakdown``, README "The view"):
# the printed points of buildings (lost with a destroyed building), advisors' gifts
# and prices, battles (rewards, Fortress, strongest army, penalties), and the rest
# (the King's reward, Embassy, Town Hall, Cathedral).
VP_SOURCES = ("buildings", "advisors", "battles", "other")
BUILDINGS_VP, ADVISORS_VP, BATTLES_VP, OTHER_VP = range(4)


def _vp(p: Player, source: int, n: int) -> None:
    if not n:
        return
    if not p.vp_by:
        p.vp_by = [0] * len(VP_SOURCES)
    p.vp += n
    p.vp_by[source] += n


def _die_kind(p: Player, i: int) -> str:
    """What die ``i`` is for the rules: "aid" (the King's aid die, R5.1.3.1),
    "white" (the Farms die) or "colored"."""
    if i == p.aid_die:
        return "aid"
    return "white" if p.white[i] else "colored"


def _fail(code: str, message: str) -> IllegalIntent:
    return IllegalIntent(code, message)


class Kingsburg(Game):
    name: ClassVar[str] = "kingsburg"
    # The year's enemy, before it is fought, is shown only to a seat that peeked.
    own_keys: ClassVar[frozenset[str] | None] = frozenset({"enemy"})
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 5
    Options: ClassVar[type[KOptions]] = KOptions
    Intent: ClassVar[Any] = Intent
    State: ClassVar[type[KState]] = KState

    # ---- contract ------------------------------------------------------------------

    def setup(self, seats: int, options: KOptions, seed: int) -> KState:
        if not self.min_seats <= seats <= self.max_seats:
            raise IllegalIntent("bad_option", "Kingsburg is played by 2 to 5 players.")
        rng = Rng.from_seed(seed)
        # R2.2: one face-down card per year, drawn before anything else uses the
        # generator, so no later roll depends on which cards were drawn.
        enemies = [rng.choice(enemies_of_year(year)) for year in range(1, YEARS + 1)]
        order = list(range(seats))
        rng.shuffle(order)
        s = KState(
            seats=seats,
            options=options,
            rng=rng,
            enemies=enemies,
            players=[Player() for _ in range(seats)],
            order=order,
            choices=[None] * seats,
        )
        _log(s, "start", order=list(order))
        self._start_year(s)
        return s

    def check_options(self, options: KOptions, seats: int) -> None:
        if options.plus2_supply < 0 or options.soldier_cap < 0:
            raise IllegalIntent("bad_option", "Limits are 0 (none) or a positive number.")

    def active(self, state: KState) -> frozenset[int]:
        if state.step == "over":
            return frozenset()
        if state.step in SEQUENTIAL:
            return frozenset({state.turn}) if state.turn >= 0 else frozenset()
        return frozenset(i for i, c in enumerate(state.choices) if c is not None)

    def value(self, state: KState, seat: int) -> float:
        """The seat's lead in victory points, with what turns into points later
        weighed in (``outlook.py``: help owed by advisors, this year's battle, goods,
        tokens, buildings): for the hall's AI."""
        return lead([outlook.measure(state, s) for s in range(state.seats)], seat)

    def determinize(self, state: KState, seat: int, rng: random.Random) -> KState:
        """A copy ``seat`` cannot tell from ``state``: what it cannot see dealt anew
        (README, "What a seat cannot see").

        Hidden: the enemy card of each year not fought yet (the year's own once the
        seat has peeked at it stays: it saw it), and future dice. Each year's card was
        drawn on its own from that year's cards (R2.2), so a year's card is drawn anew
        from them, in a fixed order so the real card plays no part; the dice generator
        is seeded afresh."""
        s = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=KState)
        seen = len(s.battles)  # years fought: their cards are public
        if 0 <= seat < s.seats and s.players[seat].peek:
            seen = max(seen, s.year)
        for year in range(seen + 1, YEARS + 1):
            s.enemies[year - 1] = rng.choice(sorted(enemies_of_year(year)))
        s.rng = Rng.from_seed(rng.getrandbits(64))
        return s

    def result(self, state: KState) -> Result | None:
        if state.step != "over":
            return None
        scores = [p.vp for p in state.players]
        keys = [rules.tiebreak_key(p.vp, sum(_goods(p)), len(p.buildings)) for p in state.players]
        return Result.from_keys(scores, keys)

    def catalogue(self) -> dict[str, Any] | None:
        return {
            "advisors": DATA["advisors"],
            "buildings": DATA["buildings"],
            "enemies": DATA["enemies"],
            "strength_range_by_year": DATA["strength_range_by_year"],
        }

    # ---- legal -----------------------------------------------------------------------

    def legal(self, state: KState, seat: int) -> list[Any]:
        s = state
        if s.step == "over" or seat not in self.active(s):
            return []
        p = s.players[seat]
        if s.step == "influence":
            return [*self._influences(s, seat), Pass()]
        if s.step == "build":
            return self._builds(s, seat)
        if s.step == "recruit":
            return [*self._recruits(s, seat), Pass()]
        choice = s.choices[seat]
        assert choice is not None
        if choice.kind in ("aid_good", "reward"):
            return [Goods(gold=g, wood=w, stone=t) for g, w, t in rules.splits(choice.n)]
        if choice.kind == "penalty":
            return [Goods(gold=g, wood=w, stone=t) for g, w, t in rules.splits(choice.n, _goods(p))]
        if choice.kind == "reroll":
            out: list[Any] = []
            statue, chapel = self._rerolls(p)
            if statue:
                # Every die shows the same number: only the die's kind can matter
                # (colour, the King's aid die, another white die).
                seen: set[str] = set()
                for i in range(len(p.dice)):
                    kind = _die_kind(p, i)
                    if kind not in seen:
                        seen.add(kind)
                        out.append(RerollOne(die=i))
            if chapel:
                out.append(RerollAll())
            return [*out, Pass()]
        if choice.kind == "help":
            return self._helps(s, seat, choice.advisor)
        if choice.kind == "town_hall":
            pays = [g for g, n in zip(GOODS, _goods(p), strict=True) if n > 0]
            if p.plus2 > 0:
                pays.append("plus2")
            return [*(TownHall(pay=x) for x in pays), Pass()]
        return []

    def _influences(self, s: KState, seat: int) -> list[Influence]:
        return list(self._each_influence(s, seat))

    def _each_influence(self, s: KState, seat: int) -> Iterator[Influence]:
        p = s.players[seat]
        free = [i for i, u in enumerate(p.used) if not u]
        occupied = {g.advisor for g in s.board}
        # R11.1.3: advisors out of reach this season even with the Envoy.
        blocked = set() if s.options.envoy_neutral else {g.advisor for g in s.board if g.seat < 0}
        tokens = (False, True) if self._may_plus2(s, p) else (False,)
        may_market = "market" in p.buildings and not p.market_used
        envoy = s.envoy == seat
        # What the rules see of a die: its kind and its number. Groups of the same kinds
        # and numbers (two 3s of the player's colour: the first or the second) are
        # refused, reach advisors and are offered alike, so only the first is offered.
        looks = {i: (_die_kind(p, i), p.dice[i]) for i in free}
        kinds: set[tuple[tuple[str, int], ...]] = set()
        for mask in range(1, 1 << len(free)):
            chosen = [free[k] for k in range(len(free)) if mask >> k & 1]
            kind = tuple(sorted(looks[i] for i in chosen))
            if kind in kinds:
                continue
            kinds.add(kind)
            if self._group_refusal(s, p, chosen, False):
                continue
            pips = sum(p.dice[i] for i in chosen)
            for token in tokens:
                if token and self._group_refusal(s, p, chosen, True):
                    continue
                for advisor, market in rules.targets(pips, token, may_market):
                    taken = advisor in occupied
                    if taken and (not envoy or advisor in blocked):
                        continue
                    yield Influence(
                        advisor=advisor, dice=chosen, plus2=token, market=market, envoy=taken
                    )

    def _builds(self, s: KState, seat: int) -> list[Any]:
        p = s.players[seat]
        out: list[Any] = []
        for b in self._buildable(p):
            out.append(Build(building=b))
            if s.envoy == seat and s.builds_left == 1 and self._second_build(p, b):
                out.append(Build(building=b, envoy=True))
        return [*out, Pass()]

    def _second_build(self, p: Player, b: str) -> bool:
        """Some building is still affordable after ``b``: what the Envoy's double
        build needs (spent without one, the Envoy would be wasted)."""
        after = Player(gold=p.gold, wood=p.wood, stone=p.stone, buildings=[*p.buildings, b])
        _add_goods(after, rules.build_cost(b, p.buildings), -1)
        return bool(self._buildable(after))

    def _recruits(self, s: KState, seat: int) -> list[Recruit]:
        p = s.players[seat]
        cost = self._soldier_cost(p)
        most = self._max_recruits(s, p)
        out = []
        for n in range(1, most + 1):
            have = _goods(p)
            pay = [0, 0, 0]
            for _ in range(n * cost):
                k = max(range(3), key=lambda i: have[i] - pay[i])
                pay[k] += 1
            out.append(Recruit(soldiers=n, gold=pay[0], wood=pay[1], stone=pay[2]))
        return out

    def _helps(self, s: KState, seat: int, advisor: int) -> list[Any]:
        p = s.players[seat]
        a = ADVISORS[advisor]
        out: list[Any] = []
        for idx, opt in enumerate(a["options"]):
            if not self._can_pay(p, opt.get("pay", {})):
                continue
            n = int(opt["gain"].get("any_goods", 0))
            for g, w, t in rules.splits(n):
                out.append(Help(option=idx, gold=g, wood=w, stone=t))
        if a["choose"] == "one_or_none":
            out.append(Pass())
        return out

    # ---- apply -----------------------------------------------------------------------

    def apply(self, state: KState, seat: int, intent: Any) -> KState:
        s = state
        if s.step == "over":
            raise _fail("game_over", "The game is over.")
        if not 0 <= seat < s.seats or seat not in self.active(s):
            raise _fail("not_your_turn", "It is not your turn.")
        if s.step == "influence":
            if isinstance(intent, Influence):
                self._influence(s, seat, intent)
            elif isinstance(intent, Pass):
                s.players[seat].passed = True
                _log(s, "pass", seat=seat, forced=False)
                self._next_influencer(s, seat)
            else:
                raise self._wrong_step(s)
            return s
        if s.step == "build":
            if isinstance(intent, Build):
                self._build(s, seat, intent)
            elif isinstance(intent, Pass):
                self._next_builder(s, seat)
            else:
                raise self._wrong_step(s)
            return s
        if s.step == "recruit":
            if isinstance(intent, Recruit):
                self._recruit(s, seat, intent)
            elif isinstance(intent, Pass):
                self._next_recruiter(s, seat)
            else:
                raise self._wrong_step(s)
            return s
        choice = s.choices[seat]
        assert choice is not None
        if choice.kind in ("aid_good", "reward", "penalty") and isinstance(intent, Goods):
            self._choose_goods(s, seat, choice, intent)
        elif choice.kind == "reroll" and isinstance(intent, RerollOne | RerollAll | Pass):
            self._reroll(s, seat, intent)
        elif choice.kind == "help" and isinstance(intent, Help | Pass):
            self._help(s, seat, choice.advisor, intent)
            return s
        elif choice.kind == "town_hall" and isinstance(intent, TownHall | Pass):
            self._town_hall(s, seat, intent)
        else:
            raise self._wrong_step(s)
        if not any(s.choices):
            self._after_choices(s)
        return s

    def _wrong_step(self, s: KState) -> IllegalIntent:
        return _fail("wrong_step", f"That move is not possible now (step: {s.step}).")

    # ---- the steps of a year -------------------------------------------------------

    def _start_year(self, s: KState) -> None:
        s.phase = 1
        s.step = "aid"
        _log(s, "year", year=s.year)
        s.aid_seat = -1
        # R3: lowest building count, then fewest goods; a tie left takes a good.
        tied = self._fewest(s, list(range(s.seats)))
        if len(tied) == 1:
            s.aid_seat = tied[0]
            _log(s, "aid_die", seat=tied[0])
            self._start_season(s, "spring")
            return
        for seat in tied:
            s.choices[seat] = Choice(kind="aid_good", n=1)
        _log(s, "aid_goods", seats=sorted(tied))

    def _fewest(self, s: KState, seats: list[int]) -> list[int]:
        """Seats with the fewest buildings, and among those the fewest goods."""
        low = min(len(s.players[i].buildings) for i in seats)
        seats = [i for i in seats if len(s.players[i].buildings) == low]
        if len(seats) == 1:
            return seats
        least = min(s.players[i].goods_total() for i in seats)
        return [i for i in seats if s.players[i].goods_total() == least]

    def _after_choices(self, s: KState) -> None:
        if s.step == "aid":
            self._start_season(s, "spring")
        elif s.step == "reroll":
            self._begin_influence(s)
        elif s.step == "town_hall":
            self._finish_season(s)
        elif s.step == "battle":
            self._end_year(s)

    def _start_season(self, s: KState, season: str) -> None:
        s.phase = SEASON_PHASE[season]
        s.board = []
        _log(s, "season", season=season)
        if s.seats == 2:
            self._neutral_blocks(s)
        for seat in s.order:
            p = s.players[seat]
            if "merchants_guild" in p.buildings:
                p.gold += 1
                _log(s, "merchants_guild", seat=seat)
        for seat in range(s.seats):
            p = s.players[seat]
            white = int(season == "spring" and s.aid_seat == seat) + int("farms" in p.buildings)
            p.dice = [s.rng.die() for _ in range(COLORED_DICE + white)]
            p.white = [False] * COLORED_DICE + [True] * white
            # The aid die is the first white one, before a Farms die.
            p.aid_die = COLORED_DICE if season == "spring" and s.aid_seat == seat else -1
            p.used = [False] * len(p.dice)
            p.passed = p.market_used = p.plus2_used = False
            p.statue_used = p.chapel_used = False
            _log(s, "roll", seat=seat, dice=list(p.dice), white=white)
        s.step = "reroll"
        for seat in range(s.seats):
            if any(self._rerolls(s.players[seat])):
                s.choices[seat] = Choice(kind="reroll")
        if not any(s.choices):
            self._begin_influence(s)

    def _neutral_blocks(self, s: KState) -> None:
        three = [s.rng.die() for _ in range(3)]
        two = [s.rng.die() for _ in range(2)]
        s.board.append(Group(advisor=sum(three), seat=-1, dice=three))
        if sum(two) != sum(three):
            s.board.append(Group(advisor=sum(two), seat=-1, dice=two))
        else:
            for v in sorted(set(two)):
                s.board.append(Group(advisor=v, seat=-1, dice=[v]))
        _log(s, "neutral", three=three, two=two, advisors=rules.neutral_blocks(three, two))

    def _rerolls(self, p: Player) -> tuple[bool, bool]:
        statue = "statue" in p.buildings and not p.statue_used and len(set(p.dice)) == 1
        chapel = "chapel" in p.buildings and not p.chapel_used and sum(p.dice) <= CHAPEL_LIMIT
        return statue, chapel

    def _reroll(self, s: KState, seat: int, intent: Any) -> None:
        p = s.players[seat]
        statue, chapel = self._rerolls(p)
        if isinstance(intent, Pass):
            s.choices[seat] = None
            return
        if isinstance(intent, RerollOne):
            if not statue:
                raise _fail("cannot_reroll", "The Statue re-rolls only when all dice match.")
            if not 0 <= intent.die < len(p.dice):
                raise _fail("bad_dice", "There is no such die.")
            p.dice[intent.die] = s.rng.die()
            p.statue_used = True
            _log(s, "statue", seat=seat, dice=list(p.dice))
        else:
            if not chapel:
                raise _fail("cannot_reroll", "The Chapel re-rolls only a total of 7 or less.")
            p.dice = [s.rng.die() for _ in p.dice]
            p.chapel_used = True
            _log(s, "chapel", seat=seat, dice=list(p.dice))
        if not any(self._rerolls(p)):
            s.choices[seat] = None

    def _begin_influence(self, s: KState) -> None:
        totals = [sum(p.dice) for p in s.players]
        s.order = rules.turn_order(s.order, totals)
        _log(s, "turn_order", order=list(s.order), totals=totals)
        s.step = "influence"
        s.turn = -1
        self._next_influencer(s, None)

    def _next_influencer(self, s: KState, after: int | None) -> None:
        start = 0 if after is None else s.order.index(after) + 1
        for k in range(s.seats):
            seat = s.order[(start + k) % s.seats]
            p = s.players[seat]
            if p.passed:
                continue
            if next(self._each_influence(s, seat), None) is None:
                # R5.1.2: no group of dice may influence, or none reaches a free advisor.
                p.passed = True
                _log(s, "pass", seat=seat, forced=True)
                continue
            s.turn = seat
            return
        s.turn = -1
        self._start_help(s)

    def _group_refusal(self, s: KState, p: Player, dice: list[int], plus2: bool) -> str | None:
        """R5.1.3.1-2: why these dice (and a "+2" token) may not form a group, or None."""
        return rules.group_refusal(
            colored=any(not p.white[i] for i in dice),
            aid=p.aid_die in dice,
            plus2=plus2,
            aid_die=s.options.aid_die,
            plus2_aid_die=s.options.plus2_aid_die,
        )

    def _may_plus2(self, s: KState, p: Player) -> bool:
        if p.plus2 <= 0:
            return False
        return not (s.options.plus2_limit == "per_season" and p.plus2_used)

    def _influence(self, s: KState, seat: int, it: Influence) -> None:
        p = s.players[seat]
        dice = it.dice
        if not dice or len(set(dice)) != len(dice) or any(not 0 <= i < len(p.dice) for i in dice):
            raise _fail("bad_dice", "Choose one or more of your dice, each once.")
        if any(p.used[i] for i in dice):
            raise _fail("bad_dice", "A die already placed this season cannot be used again.")
        refusal = self._group_refusal(s, p, dice, it.plus2)
        if refusal == "no_colored_die":
            raise _fail(refusal, "A group needs at least one die of your colour.")
        if refusal == "plus2_aid_die":
            raise _fail(
                refusal,
                "A +2 token may not go with the King's aid die."
                if s.options.plus2_aid_die == "never"
                else "A +2 token may go with the King's aid die only beside a die of your colour.",
            )
        if it.plus2 and p.plus2 <= 0:
            raise _fail("no_plus2", "You have no +2 token.")
        if it.plus2 and not self._may_plus2(s, p):
            raise _fail("plus2_used", "You already used a +2 token to influence this season.")
        if it.market not in (-1, 0, 1):
            raise _fail("bad_market", "The Market changes a total by 1 at most.")
        if it.market and "market" not in p.buildings:
            raise _fail("no_market", "You need the Market to change a total.")
        if it.market and p.market_used:
            raise _fail("market_used", "The Market works once a season.")
        total = sum(p.dice[i] for i in dice) + 2 * it.plus2 + it.market
        if total != it.advisor or not 1 <= total <= ADVISOR_COUNT:
            raise _fail("wrong_advisor", f"These dice reach advisor {total}, not {it.advisor}.")
        occupied = any(g.advisor == total for g in s.board)
        if it.envoy and s.envoy != seat:
            raise _fail("no_envoy", "You do not hold the King's Envoy.")
        if occupied and not it.envoy:
            raise _fail("advisor_occupied", "Someone already influenced this advisor.")
        if (
            it.envoy
            and not s.options.envoy_neutral
            and any(g.advisor == total and g.seat < 0 for g in s.board)
        ):
            raise _fail(
                "advisor_blocked",
                "The neutral dice block this advisor for the season, for the Envoy too.",
            )
        if it.envoy and not occupied:
            raise _fail("envoy_not_needed", "The Envoy is only for an occupied advisor.")
        for i in dice:
            p.used[i] = True
        if it.plus2:
            p.plus2 -= 1
            p.plus2_used = True
        if it.market:
            p.market_used = True
        if it.envoy:
            s.envoy = -1
        s.board.append(
            Group(
                advisor=total,
                seat=seat,
                dice=[p.dice[i] for i in dice],
                plus2=it.plus2,
                market=it.market,
                envoy=it.envoy,
            )
        )
        _log(s, "influence", seat=seat, advisor=total, envoy=it.envoy)
        self._next_influencer(s, seat)

    # ---- help ------------------------------------------------------------------------

    def _start_help(self, s: KState) -> None:
        s.step = "help"
        rank = {seat: i for i, seat in enumerate(s.order)}
        groups = sorted(
            (g for g in s.board if g.seat >= 0), key=lambda g: (g.advisor, rank[g.seat])
        )
        s.help_queue = [[g.advisor, g.seat] for g in groups]
        self._run_help(s)

    def _needs_choice(self, p: Player, advisor: int) -> bool:
        a = ADVISORS[advisor]
        if a["choose"] == "one_or_none":
            return p.goods_total() > 0
        return len(a["options"]) > 1 or "any_goods" in a["options"][0]["gain"]

    def _run_help(self, s: KState) -> None:
        while s.help_queue:
            advisor, seat = s.help_queue[0]
            p = s.players[seat]
            if self._needs_choice(p, advisor):
                s.choices[seat] = Choice(kind="help", advisor=advisor)
                return
            s.help_queue.pop(0)
            if ADVISORS[advisor]["choose"] == "one_or_none":
                _log(s, "help_none", seat=seat, advisor=advisor)
            else:
                self._give_help(s, seat, advisor, 0, [0, 0, 0])
        # R5.2.9: the dice go home; the spring aid die goes back to the supply.
        for p in s.players:
            p.dice, p.white, p.used = [], [], []
            p.aid_die = -1
        if s.phase == SEASON_PHASE["spring"]:
            s.aid_seat = -1
        s.board = [g for g in s.board if g.seat < 0]
        self._start_build(s)

    def _can_pay(self, p: Player, pay: dict[str, int]) -> bool:
        return all(getattr(p, g) >= int(pay.get(g, 0)) for g in GOODS)

    def _help(self, s: KState, seat: int, advisor: int, it: Any) -> None:
        a = ADVISORS[advisor]
        p = s.players[seat]
        if isinstance(it, Pass):
            if a["choose"] != "one_or_none":
                raise _fail("must_choose", "This advisor's help must be taken.")
            _log(s, "help_none", seat=seat, advisor=advisor)
        else:
            if not 0 <= it.option < len(a["options"]):
                raise _fail("bad_option", "This advisor has no such option.")
            opt = a["options"][it.option]
            if not self._can_pay(p, opt.get("pay", {})):
                raise _fail("cannot_afford", "You do not have the good to give back.")
            mix = [it.gold, it.wood, it.stone]
            n = int(opt["gain"].get("any_goods", 0))
            if min(mix) < 0 or sum(mix) != n:
                raise _fail("bad_goods", f"Choose exactly {n} goods of choice.")
            self._give_help(s, seat, advisor, it.option, mix)
        s.choices[seat] = None
        s.help_queue.pop(0)
        self._run_help(s)

    def _give_help(self, s: KState, seat: int, advisor: int, option: int, mix: list[int]) -> None:
        a = ADVISORS[advisor]
        opt = a["options"][option]
        p = s.players[seat]
        pay = opt.get("pay", {})
        gain = opt["gain"]
        got: dict[str, Any] = {}
        paid = [int(pay.get(g, 0)) for g in GOODS]
        _add_goods(p, paid, -1)
        if pay.get("vp"):
            _vp(p, ADVISORS_VP, -int(pay["vp"]))
            got["vp_paid"] = int(pay["vp"])
        fixed = [int(gain.get(g, 0)) for g in GOODS]
        total = [f + m for f, m in zip(fixed, mix, strict=True)]
        _add_goods(p, total)
        got.update(_goods_args(total))
        if any(paid):
            got["paid"] = _goods_args(paid)
        if gain.get("plus2"):
            got["plus2"] = _gain_plus2(s, p, int(gain["plus2"]))
        if gain.get("vp"):
            _vp(p, ADVISORS_VP, int(gain["vp"]))
            got["vp"] = int(gain["vp"])
        if gain.get("soldiers"):
            n = int(gain["soldiers"]) + int(advisor in STABLE_ADVISORS and "stable" in p.buildings)
            got["soldiers"] = _gain_soldiers(s, p, n)
        if gain.get("peek_enemy"):
            p.peek = True
            got["peek"] = True
        _log(s, "help", seat=seat, advisor=advisor, **got)

    # ---- build -----------------------------------------------------------------------

    def _buildable(self, p: Player) -> list[str]:
        have = _goods(p)
        return [
            b
            for b in BUILDING_IDS
            if rules.may_build(b, p.buildings)
            and all(c <= h for c, h in zip(rules.build_cost(b, p.buildings), have, strict=True))
        ]

    def _start_build(self, s: KState) -> None:
        s.step = "build"
        s.turn = -1
        self._next_builder(s, None)

    def _next_builder(self, s: KState, after: int | None) -> None:
        start = 0 if after is None else s.order.index(after) + 1
        for seat in s.order[start:]:
            if self._buildable(s.players[seat]):
                s.turn = seat
                s.builds_left = 1
                return
        s.turn = -1
        s.builds_left = 0
        self._end_season(s)

    def _build(self, s: KState, seat: int, it: Build) -> None:
        p = s.players[seat]
        if it.building not in BUILDINGS:
            raise _fail("unknown_building", "There is no such building.")
        if it.building in p.buildings:
            raise _fail("already_built", "You already own this building.")
        if not rules.may_build(it.building, p.buildings):
            raise _fail("not_buildable", "Build the buildings to its left in its row first.")
        cost = rules.build_cost(it.building, p.buildings)
        if any(c > h for c, h in zip(cost, _goods(p), strict=True)):
            raise _fail("cannot_afford", "You do not have the goods this building costs.")
        if it.envoy and s.envoy != seat:
            raise _fail("no_envoy", "You do not hold the King's Envoy.")
        if it.envoy and s.builds_left != 1:
            raise _fail("envoy_used", "The Envoy gives one second building a step.")
        if it.envoy and not self._second_build(p, it.building):
            raise _fail(
                "no_second_build",
                "After this building you could afford no other: keep the Envoy.",
            )
        _add_goods(p, cost, -1)
        p.buildings.append(it.building)
        _vp(p, BUILDINGS_VP, int(BUILDINGS[it.building]["vp"]))
        if it.envoy:
            s.envoy = -1
            s.builds_left += 1
        s.builds_left -= 1
        _log(s, "build", seat=seat, building=it.building, envoy=it.envoy, **_goods_args(cost))
        if s.builds_left > 0 and self._buildable(p):
            return
        self._next_builder(s, seat)

    # ---- end of season and the event phases -------------------------------------------

    def _end_season(self, s: KState) -> None:
        s.step = "town_hall"
        for seat in s.order:
            p = s.players[seat]
            if s.phase == SEASON_PHASE["summer"] and "inn" in p.buildings:
                _log(s, "inn", seat=seat, plus2=_gain_plus2(s, p, 1))
            if "embassy" in p.buildings:
                _vp(p, OTHER_VP, 1)
                _log(s, "embassy", seat=seat)
            if "town_hall" in p.buildings and (p.goods_total() > 0 or p.plus2 > 0):
                s.choices[seat] = Choice(kind="town_hall")
        if not any(s.choices):
            self._finish_season(s)

    def _town_hall(self, s: KState, seat: int, it: Any) -> None:
        p = s.players[seat]
        if isinstance(it, TownHall):
            if it.pay not in (*GOODS, "plus2"):
                raise _fail("bad_goods", "Pay with gold, wood, stone or a +2 token.")
            if getattr(p, it.pay) <= 0:
                raise _fail("cannot_afford", f"You have no {it.pay}.")
            setattr(p, it.pay, getattr(p, it.pay) - 1)
            _vp(p, OTHER_VP, 1)
            _log(s, "town_hall", seat=seat, pay=it.pay)
        s.choices[seat] = None

    def _finish_season(self, s: KState) -> None:
        s.board = []
        if s.phase == SEASON_PHASE["spring"]:
            self._kings_reward(s)
            self._start_season(s, "summer")
        elif s.phase == SEASON_PHASE["summer"]:
            self._kings_envoy(s)
            self._start_season(s, "autumn")
        else:
            self._start_recruit(s)

    def _kings_reward(self, s: KState) -> None:
        s.phase = 3
        most = max(len(p.buildings) for p in s.players)
        seats = [i for i, p in enumerate(s.players) if len(p.buildings) == most]
        for i in seats:
            _vp(s.players[i], OTHER_VP, 1)
        _log(s, "kings_reward", seats=seats)

    def _kings_envoy(self, s: KState) -> None:
        s.phase = 5
        if s.envoy >= 0:
            _log(s, "envoy_returned", seat=s.envoy)
        s.envoy = -1
        tied = self._fewest(s, list(range(s.seats)))
        if len(tied) == 1:
            s.envoy = tied[0]
            _log(s, "envoy", seat=tied[0])
        else:
            _log(s, "envoy_none")

    # ---- recruit and battle ----------------------------------------------------------

    def _soldier_cost(self, p: Player) -> int:
        return 1 if "barracks" in p.buildings else 2

    def _max_recruits(self, s: KState, p: Player) -> int:
        n = p.goods_total() // self._soldier_cost(p)
        if s.options.soldier_cap > 0:
            n = min(n, max(0, s.options.soldier_cap - p.soldiers))
        return n

    def _start_recruit(self, s: KState) -> None:
        s.phase = 7
        s.step = "recruit"
        s.turn = -1
        self._next_recruiter(s, None)

    def _next_recruiter(self, s: KState, after: int | None) -> None:
        start = 0 if after is None else s.order.index(after) + 1
        for seat in s.order[start:]:
            if self._max_recruits(s, s.players[seat]) > 0:
                s.turn = seat
                return
        s.turn = -1
        self._winter(s)

    def _recruit(self, s: KState, seat: int, it: Recruit) -> None:
        p = s.players[seat]
        mix = [it.gold, it.wood, it.stone]
        if it.soldiers < 1:
            raise _fail("bad_soldiers", "Recruit one soldier or more (or pass).")
        if s.options.soldier_cap > 0 and p.soldiers + it.soldiers > s.options.soldier_cap:
            raise _fail("soldier_cap", f"At most {s.options.soldier_cap} soldiers.")
        cost = it.soldiers * self._soldier_cost(p)
        if min(mix) < 0 or sum(mix) != cost:
            raise _fail("bad_goods", f"{it.soldiers} soldiers cost exactly {cost} goods.")
        if any(m > h for m, h in zip(mix, _goods(p), strict=True)):
            raise _fail("cannot_afford", "You do not have these goods.")
        _add_goods(p, mix, -1)
        p.soldiers += it.soldiers
        _log(s, "recruit", seat=seat, soldiers=it.soldiers, **_goods_args(mix))
        self._next_recruiter(s, seat)

    def _winter(self, s: KState) -> None:
        s.phase = 8
        s.step = "battle"
        enemy = s.enemies[s.year - 1]
        card = ENEMIES[enemy]
        _log(s, "enemy", enemy=enemy)
        die = s.rng.die()
        _log(s, "kings_die", seat=s.order[0], die=die)
        values, outcomes, strongest = rules.battle(
            [p.soldiers for p in s.players], [p.buildings for p in s.players], die, enemy
        )
        s.battles.append(Battle(enemy=enemy, die=die, combat=values, outcome=outcomes))
        for seat in s.order:
            p = s.players[seat]
            result = outcomes[seat]
            _log(s, f"battle_{result}", seat=seat, combat=values[seat])
            if result == "win":
                self._reward(s, seat, card["reward"])
                if "fortress" in p.buildings:
                    _vp(p, BATTLES_VP, 1)
                    _log(s, "fortress", seat=seat)
                if strongest[seat]:
                    _vp(p, BATTLES_VP, 1)
                    _log(s, "strongest", seat=seat)
            elif result == "loss":
                self._penalty(s, seat, card["penalty"])
        if not any(s.choices):
            self._end_year(s)

    def _reward(self, s: KState, seat: int, reward: dict[str, int]) -> None:
        p = s.players[seat]
        fixed = [int(reward.get(g, 0)) for g in GOODS]
        _add_goods(p, fixed)
        _vp(p, BATTLES_VP, int(reward.get("vp", 0)))
        _log(s, "reward", seat=seat, vp=int(reward.get("vp", 0)), **_goods_args(fixed))
        if reward.get("any_goods"):
            s.choices[seat] = Choice(kind="reward", n=int(reward["any_goods"]))

    def _penalty(self, s: KState, seat: int, penalty: dict[str, int]) -> None:
        """R10.7, in its order: gold, wood, stone, goods of choice, buildings, VP. A
        choice of goods is made after the rest; it touches only goods, so the end
        result is the same as choosing in between."""
        p = s.players[seat]
        lost = [min(int(penalty.get(g, 0)), h) for g, h in zip(GOODS, _goods(p), strict=True)]
        _add_goods(p, lost, -1)
        n = int(penalty.get("any_goods", 0))
        if n:
            have = _goods(p)
            if sum(have) <= n or sum(1 for h in have if h) == 1:
                take = [min(h, n) for h in have]
                _add_goods(p, take, -1)
                lost = [a + b for a, b in zip(lost, take, strict=True)]
            else:
                s.choices[seat] = Choice(kind="penalty", n=n)
        destroyed = []
        for _ in range(int(penalty.get("buildings", 0))):
            b = rules.building_to_destroy(p.buildings)
            if b is None:
                break
            p.buildings.remove(b)
            _vp(p, BUILDINGS_VP, -int(BUILDINGS[b]["vp"]))
            destroyed.append(b)
        _vp(p, BATTLES_VP, -int(penalty.get("vp", 0)))
        _log(
            s,
            "penalty",
            seat=seat,
            vp=int(penalty.get("vp", 0)),
            destroyed=destroyed,
            **_goods_args(lost),
        )

    def _choose_goods(self, s: KState, seat: int, choice: Choice, it: Goods) -> None:
        p = s.players[seat]
        mix = [it.gold, it.wood, it.stone]
        if min(mix) < 0 or sum(mix) != choice.n:
            raise _fail("bad_goods", f"Choose exactly {choice.n} goods.")
        if choice.kind == "penalty":
            if any(m > h for m, h in zip(mix, _goods(p), strict=True)):
                raise _fail("cannot_afford", "You do not have these goods.")
            _add_goods(p, mix, -1)
            _log(s, "penalty_goods", seat=seat, **_goods_args(mix))
        else:
            _add_goods(p, mix)
            code = "aid_goods_taken" if choice.kind == "aid_good" else "reward_goods"
            _log(s, code, seat=seat, **_goods_args(mix))
        s.choices[seat] = None

    def _end_year(self, s: KState) -> None:
        for p in s.players:
            p.soldiers = 0
            p.peek = False
        if s.year < YEARS:
            s.year += 1
            self._start_year(s)
            return
        for seat in s.order:
            p = s.players[seat]
            if "cathedral" in p.buildings:
                bonus = p.goods_total() // 2
                _vp(p, OTHER_VP, bonus)
                _log(s, "cathedral", seat=seat, vp=bonus)
        s.step = "over"
        s.turn = -1
        _log(s, "game_over", scores=[p.vp for p in s.players])

    # ---- view --------------------------------------------------------------------------

    def view(self, state: KState, seat: int | None) -> dict[str, Any]:
        return self.views(state, [seat])[seat]

    def views(self, state: KState, seats: Sequence[int | None]) -> dict[int | None, dict[str, Any]]:
        # Built of parts kept while what they show stays the same, and shared by every
        # audience (server/games/parts.py): the table, each advisor's dice, each player,
        # each of their lists. A part the move left alone is the very object of the
        # version before, so the room's diff passes over it at once instead of
        # comparing and encoding it again.
        s = state
        shelf = _PARTS.of(s)
        common: dict[str, Any] = dict(
            shelf.part(
                "table",
                key((s.year, s.phase, s.step, s.order, s.turn, s.builds_left, s.envoy, s.aid_seat)),
                _table_view,
                s,
                shelf,
            )
        )
        common["board"] = shelf.part("board", key(s.board), _board_view, s.board, shelf)
        common["choices"] = shelf.part("choices", key(s.choices), _choices_view, s.choices, shelf)
        common["players"] = _players_view(s.players, shelf)
        common["battles"] = shelf.part("battles", key(s.battles), _battles_view, s.battles, shelf)
        # Points change on a few moves of a season: the list stays while they do not.
        vps = tuple(p.vp for p in s.players)
        scores: list[int] = shelf.part("scores", vps, list, vps)
        breakdown = (
            {
                "categories": list(VP_SOURCES),
                "seats": [list(p.vp_by) or [0] * len(VP_SOURCES) for p in s.players],
            }
            if s.step == "over"
            else None
        )
        log = _LOG(s.log, None)
        # The year's enemy: everyone sees it once fought; before that only a seat
        # that peeked (advisors 10 and 17). The rest of the deck is in no view.
        fought = len(s.battles) >= s.year
        enemy = s.enemies[s.year - 1]
        views: dict[int | None, dict[str, Any]] = {}
        for seat in seats:
            out = views[seat] = dict(common)
            if fought or (seat is not None and 0 <= seat < s.seats and s.players[seat].peek):
                out["enemy"] = shelf.part("enemy", enemy, _enemy_view, enemy)
            out["scores"] = scores
            if breakdown is not None:
                out["breakdown"] = breakdown
            out["log"] = log
        return views


def _table_view(s: KState, shelf: Shelf) -> dict[str, Any]:
    # Rebuilt whenever the turn passes; its two lists are kept apart, as they change
    # far less often (the order once a season, the strength once a year).
    return {
        "year": s.year,
        "phase": s.phase,
        "phase_name": PHASE_NAMES[s.phase],
        "step": s.step,
        "order": shelf.part("order", key(s.order), list, s.order),
        "turn": s.turn if s.turn >= 0 else None,
        "builds_left": s.builds_left,
        "enemy_strength": shelf.part("enemy_strength", s.year, strength_range, s.year),
        "envoy": s.envoy if s.envoy >= 0 else None,
        "aid": s.aid_seat if s.aid_seat >= 0 else None,
    }


def _board_view(board: list[Group], shelf: Shelf) -> list[dict[str, Any]]:
    return [shelf.part(("group", i), key(g), _group_view, g) for i, g in enumerate(board)]


def _group_view(g: Group) -> dict[str, Any]:
    return {
        "advisor": g.advisor,
        "seat": g.seat if g.seat >= 0 else None,
        "dice": list(g.dice),
        "plus2": g.plus2,
        "market": g.market,
        "envoy": g.envoy,
    }


def _choices_view(choices: list[Choice | None], shelf: Shelf) -> list[dict[str, Any] | None]:
    # One seat's choice comes or goes at a time: the others' maps stay as they were.
    return [
        None if c is None else shelf.part(("choice", i), key(c), _choice_view, c)
        for i, c in enumerate(choices)
    ]


def _choice_view(c: Choice) -> dict[str, Any]:
    return {"kind": c.kind, "n": c.n, "advisor": c.advisor}


def _players_view(players: list[Player], shelf: Shelf) -> list[dict[str, Any]]:
    # Nearly every move changes some player, seldom all: each player's map is a part
    # of its own, and the list is kept while it would hold the very same maps. Keyed
    # by their ids, which no other map can take while the kept list holds them.
    row = [
        shelf.part(("player", i), key(p), _player_view, p, i, shelf) for i, p in enumerate(players)
    ]
    return shelf.part("players", tuple(map(id, row)), list, row)


def _player_view(p: Player, seat: int, shelf: Shelf) -> dict[str, Any]:
    # A move changes a field or two of a player: the lists it did not touch (the
    # buildings while dice are placed, the dice while they are used) stay the same.
    return {
        "gold": p.gold,
        "wood": p.wood,
        "stone": p.stone,
        "plus2": p.plus2,
        "soldiers": p.soldiers,
        "vp": p.vp,
        "buildings": shelf.part(("buildings", seat), key(p.buildings), list, p.buildings),
        "dice": shelf.part(("dice", seat), key(p.dice), list, p.dice),
        "white": shelf.part(("white", seat), key(p.white), list, p.white),
        "aid_die": p.aid_die if p.aid_die >= 0 else None,
        "used": shelf.part(("used", seat), key(p.used), list, p.used),
        "passed": p.passed,
        "market_used": p.market_used,
        "statue_used": p.statue_used,
        "chapel_used": p.chapel_used,
        "peek": p.peek,
    }


def _battles_view(battles: list[Battle], shelf: Shelf) -> list[dict[str, Any]]:
    # A year's battle is fought once: the years before keep their maps.
    return [
        shelf.part(("battle", year), key(b), _battle_view, year, b)
        for year, b in enumerate(battles, start=1)
    ]


def _battle_view(year: int, b: Battle) -> dict[str, Any]:
    return {
        "year": year,
        "enemy": b.enemy,
        "die": b.die,
        "combat": list(b.combat),
        "outcome": list(b.outcome),
    }


def _enemy_view(enemy: str) -> dict[str, Any]:
    card = ENEMIES[enemy]
    return {
        "id": card["id"],
        "strength": card["strength"],
        "type": card["type"],
        "reward": dict(card["reward"]),
        "penalty": dict(card["penalty"]),
    }


_PARTS = Parts()


# Every audience sees the whole log.
_LOG = LogView(lambda e, seat: {"code": e.code, "args": msgspec.to_builtins(e.args)})
