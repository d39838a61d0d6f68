"""Stone Age as played on Board Game Arena: the rules as a pure state machine.

A round: every player places people (phase "place"), then each player in turn
resolves their spaces one by one in the order they choose (phase "resolve"), then
everyone feeds (phase "feed"). Decisions inside phases 2 and 3 (tools after a roll,
paying for a building or card, picking a die, covering a food shortfall) are held in
``State.pending``; steps that leave nothing to decide happen at once.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import msgspec

from server.games.base import Game, IllegalIntent, Result, lead
from server.games.logview import LogView
from server.games.parts import Parts, Shelf, key
from server.games.rng import Rng
from server.games.stone_age import payments
from server.games.stone_age.data import (
    BUILDINGS,
    CARD_SLOTS,
    CARDS,
    DATA,
    DICE_REWARDS,
    DIVISOR,
    GATHER,
    GOODS,
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    MAX_TOOL_VALUE,
    MAX_TOOLS,
    RESOURCE_AREA_CAPACITY,
    RESOURCES,
    ROUND_LIMIT,
    STACK_SIZE,
    STACKS,
    START_FOOD,
    START_PEOPLE,
    STARVING_PENALTY,
    VILLAGE,
    all_building_tiles,
    all_cards,
    building_payment_problem,
    building_points,
    resource_areas_players_limit,
    spaces,
    village_limit,
)
from server.games.stone_age.scoring import breakdown, tiebreak_key
from server.games.stone_age.state import (
    Build,
    BuyCard,
    Decline,
    Entry,
    Feed,
    Intent,
    Pending,
    PickDie,
    Place,
    Player,
    Resolve,
    Starve,
    TakeResources,
    UseTools,
    amounts,
)
from server.games.stone_age.state import (
    Options as GameOptions,
)
from server.games.stone_age.state import (
    State as GameState,
)


def _log(s: GameState, code: str, **args: Any) -> None:
    s.log.append(Entry(code=code, args=args))


def _seat_order(s: GameState, first: int) -> list[int]:
    return [(first + i) % s.seats for i in range(s.seats)]


def _res_dict(pay: list[int]) -> dict[str, int]:
    return {r: n for r, n in zip(RESOURCES, pay, strict=True) if n}


def _check_amounts(pay: list[int], held: list[int]) -> None:
    if any(n < 0 for n in pay):
        raise IllegalIntent("bad_payment", "Amounts of resources cannot be negative.")
    if any(n > h for n, h in zip(pay, held, strict=True)):
        raise IllegalIntent("cannot_afford", "You do not have those resources.")


# ---- effects (called only once an intent has been validated) --------------------


def _gain_tool(p: Player) -> bool:
    """One tool acquisition: a new tile of 1, else raise a lowest tile (an unused
    one when there is a choice, which is never worse for its owner)."""
    if len(p.tools) < MAX_TOOLS:
        p.tools.append(1)
        p.tools_used.append(False)
        return True
    low = min(p.tools)
    if low >= MAX_TOOL_VALUE:
        return False
    candidates = [i for i, v in enumerate(p.tools) if v == low]
    unused = [i for i in candidates if not p.tools_used[i]]
    p.tools[(unused or candidates)[0]] += 1
    return True


def _gain_agriculture(p: Player) -> bool:
    if p.agriculture >= MAX_AGRICULTURE:
        return False
    p.agriculture += 1
    return True


def _has_tools(p: Player) -> bool:
    return bool(p.one_use) or not all(p.tools_used)


def _roll(s: GameState, seat: int, space: str, good: int, dice_count: int) -> None:
    dice = [s.rng.die() for _ in range(dice_count)]
    _log(s, "roll", seat=seat, space=space, good=GOODS[good], dice=list(dice))
    s.pending = Pending(kind="gather", seat=seat, space=space, good=good, dice=dice)
    if not _has_tools(s.players[seat]):
        _finish_gather(s, [], [])


def _finish_gather(s: GameState, tools: list[int], one_use: list[int]) -> None:
    pend = s.pending
    assert pend is not None
    p = s.players[pend.seat]
    bonus = sum(p.tools[i] for i in tools) + sum(one_use)
    for i in tools:
        p.tools_used[i] = True
    for v in one_use:
        p.one_use.remove(v)
    total = sum(pend.dice) + bonus
    amount = total // DIVISOR[pend.good]
    if pend.good == 0:
        p.food += amount
    else:
        p.res[pend.good - 1] += amount
    if tools or one_use:
        _log(s, "tools", seat=pend.seat, tools=[p.tools[i] for i in tools], one_use=one_use)
    _log(s, "gain", seat=pend.seat, good=GOODS[pend.good], amount=amount, total=total)
    s.pending = None


def _card_effect(s: GameState, seat: int, card: str) -> None:
    p = s.players[seat]
    top = CARDS[card]["top"]
    kind = top["type"]
    if kind == "food":
        p.food += top["amount"]
    elif kind == "resources":
        for r, n in top["gain"].items():
            p.res[RESOURCES.index(r)] += n
    elif kind == "points":
        p.score += top["amount"]
        p.card_points += top["amount"]
    elif kind == "agriculture":
        _gain_agriculture(p)
    elif kind == "tool":
        _gain_tool(p)
    elif kind == "one_use_tool":
        p.one_use.append(top["value"])
    elif kind == "extra_card":
        if s.deck:
            p.extra.append(s.deck.pop(0))
            _log(s, "extra_card", seat=seat)
    elif kind == "any_two":
        if s.options.any_two_resources == "immediate":
            s.pending = Pending(kind="any_two", seat=seat)
        else:
            p.any_two += 1
    elif kind == "roll":
        good = GOODS.index(top["resource"])
        _roll(s, seat, CARDS[card]["id"], good, 2)
    elif kind == "dice":
        dice = sorted(s.rng.die() for _ in range(s.seats))
        _log(s, "dice_for_everyone", seat=seat, dice=list(dice))
        s.pending = Pending(kind="dice", seat=seat, dice=dice, order=_seat_order(s, seat))
        _auto_dice(s)


def _take_die(s: GameState, seat: int, face: int) -> None:
    pend = s.pending
    assert pend is not None
    pend.dice.remove(face)
    pend.order.pop(0)
    p = s.players[seat]
    reward = DICE_REWARDS[face]
    if reward == "tool":
        got = _gain_tool(p)
    elif reward == "agriculture":
        got = _gain_agriculture(p)
    else:
        p.res[RESOURCES.index(reward)] += 1
        got = True
    _log(s, "die", seat=seat, face=face, reward=reward if got else "")


def _auto_dice(s: GameState) -> None:
    """Give out dice while nobody has a choice (one die left, or all alike)."""
    pend = s.pending
    assert pend is not None and pend.kind == "dice"
    while pend.order and len(set(pend.dice)) == 1:
        _take_die(s, pend.order[0], pend.dice[0])
    if not pend.order:
        s.pending = None


# ---- the phases -----------------------------------------------------------------


def _placement_problem(s: GameState, seat: int, space: str, n: int) -> str | None:
    p = s.players[seat]
    here = s.board.get(space)
    if here is None:
        return "There is no such space on this board."
    if n < 1:
        return "Place at least one person."
    if n > p.home:
        return "You do not have that many people left to place."
    if here[seat]:
        return "You already placed people there this round."
    occupied = sum(here)
    if space == "hunting_grounds":
        return None
    if space in GATHER:
        if occupied + n > RESOURCE_AREA_CAPACITY:
            return "There is not enough room there."
        if sum(1 for c in here if c) >= resource_areas_players_limit(s.seats):
            return "With this many players no further player may use this area this round."
        return None
    if occupied:
        return "That space is taken."
    if space in VILLAGE:
        need = 2 if space == "hut" else 1
        if n != need:
            return f"This space takes exactly {need} of your people."
        used = sum(1 for v in VILLAGE if sum(s.board[v]))
        if used >= village_limit(s.seats):
            return (
                "With this many players only two of tool maker, hut and field are used per round."
            )
        return None
    if n != 1:
        return "A card or building takes exactly one person."
    if space in CARD_SLOTS:
        if s.slots[CARD_SLOTS.index(space)] is None:
            return "There is no card on that space."
        return None
    if not s.stacks[int(space.rsplit("_", 1)[1]) - 1]:
        return "That building stack is empty."
    return None


def _placements(s: GameState, seat: int) -> list[Place]:
    p = s.players[seat]
    out: list[Place] = []
    if p.home == 0:
        return out
    for space, here in s.board.items():
        if here[seat]:
            continue
        if space == "hunting_grounds":
            counts: range | list[int] = range(1, p.home + 1)
        elif space in GATHER:
            counts = range(1, min(p.home, RESOURCE_AREA_CAPACITY - sum(here)) + 1)
        else:
            counts = [2] if space == "hut" else [1]
        # One check for the space: within these counts (no more than the people at home,
        # nor than the room left in a resource area) the rules take all or none of them.
        if counts and _placement_problem(s, seat, space, counts[0]) is None:
            out.extend(Place(space=space, people=n) for n in counts)
    return out


def _can_place(s: GameState, seat: int) -> bool:
    p = s.players[seat]
    if p.home == 0:
        return False
    if not s.board["hunting_grounds"][seat]:
        return True
    return bool(_placements(s, seat))


def _start_round(s: GameState) -> None:
    s.phase = "place"
    for p in s.players:
        p.home = p.people
        p.tools_used = [False] * len(p.tools)
    s.turn = s.start
    _log(s, "round", round=s.round, start=s.start)


def _after_placement(s: GameState) -> None:
    for i in range(1, s.seats + 1):
        seat = (s.turn + i) % s.seats
        if _can_place(s, seat):
            s.turn = seat
            return
    s.phase = "resolve"
    _next_resolver(s, first=True)


def _has_people_out(s: GameState, seat: int) -> bool:
    return any(here[seat] for here in s.board.values())


def _next_resolver(s: GameState, first: bool = False) -> None:
    order = _seat_order(s, s.start)
    rest = order if first else order[order.index(s.turn) + 1 :]
    for seat in rest:
        if _has_people_out(s, seat):
            s.turn = seat
            return
    _feed_from(s, 0)


def _after_resolution_step(s: GameState) -> None:
    if s.pending is None and s.phase == "resolve" and not _has_people_out(s, s.turn):
        _next_resolver(s)


def _food_needed(s: GameState, p: Player) -> int:
    if s.options.agriculture_surplus_kept:
        return p.people
    return max(0, p.people - p.agriculture)


def _feed_from(s: GameState, index: int) -> None:
    """Feed the players from position ``index`` of the turn order on, stopping at
    the first one who has a choice to make."""
    s.phase = "feed"
    order = _seat_order(s, s.start)
    for seat in order[index:]:
        s.turn = seat
        p = s.players[seat]
        if s.options.agriculture_surplus_kept:
            p.food += p.agriculture
        need = _food_needed(s, p)
        if p.food >= need:
            p.food -= need
            _log(s, "feed", seat=seat, food=need)
            continue
        short = need - p.food
        _log(s, "feed", seat=seat, food=p.food, short=short)
        p.food = 0
        if sum(p.res) + 2 * p.any_two >= short:
            s.pending = Pending(kind="feed", seat=seat, shortfall=short)
            return
        p.score -= STARVING_PENALTY
        p.hunger += STARVING_PENALTY
        _log(s, "starve", seat=seat, points=STARVING_PENALTY)
    _end_round(s)


def _continue_feeding(s: GameState, seat: int) -> None:
    s.pending = None
    order = _seat_order(s, s.start)
    _feed_from(s, order.index(seat) + 1)


def _end_round(s: GameState) -> None:
    left = [c for c in s.slots if c is not None]
    refilled = 0  # the cards really laid out: fewer than the gaps when the deck runs dry
    while len(left) < 4 and s.deck:
        left.append(s.deck.pop(0))
        refilled += 1
    short_of_cards = len(left) < 4
    s.slots = [*left, *([None] * (4 - len(left)))]
    if refilled:
        _log(s, "refill", cards=refilled, deck=len(s.deck))
    if short_of_cards:
        s.end = "cards"
    elif any(not stack for stack in s.stacks):
        s.end = "buildings"
    elif s.round >= ROUND_LIMIT:
        s.end = "round_limit"
    if s.end:
        s.phase = "over"
        s.turn = -1
        totals = [breakdown(p)["total"] for p in s.players]
        _log(s, "game_end", reason=s.end, scores=totals)
        return
    s.start = (s.start + 1) % s.seats
    s.round += 1
    _start_round(s)


# The rows of the view's ``breakdown`` once the game is over: the running score's
# parts, then the final scoring's (README, "View").
BREAKDOWN = (
    "huts",
    "card_points",
    "hunger",
    "culture",
    "farmer",
    "tool_maker",
    "hut_builder",
    "shaman",
    "resources",
)


def _breakdown_row(p: Player, parts: dict[str, Any]) -> list[int]:
    m = parts["multipliers"]
    other = p.score - p.hut_points - p.card_points + p.hunger  # 0 unless a source is missed
    return [
        p.hut_points + other,
        p.card_points,
        -p.hunger,
        parts["culture"],
        m["farmer"],
        m["tool_maker"],
        m["hut_builder"],
        m["shaman"],
        parts["resources"],
    ]


# ---- the game -------------------------------------------------------------------


class StoneAge(Game):
    name: ClassVar[str] = "stone_age"
    # With hidden cards, a seat's own row in `players` shows what the others' rows hide.
    own_keys: ClassVar[frozenset[str] | None] = frozenset({"players"})
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    Options: ClassVar[type[msgspec.Struct]] = GameOptions
    Intent: ClassVar[Any] = Intent
    State: ClassVar[type[msgspec.Struct]] = GameState

    # -- setup

    def setup(self, seats: int, options: Any, seed: int) -> GameState:
        if not self.min_seats <= seats <= self.max_seats:
            raise IllegalIntent("bad_option", "Stone Age is played by 2 to 4 players.")
        if options is None:
            options = GameOptions()
        rng = Rng.from_seed(seed)
        deck = all_cards()
        rng.shuffle(deck)
        slots: list[str | None] = [deck.pop(0) for _ in range(4)]
        tiles = all_building_tiles()
        rng.shuffle(tiles)
        stacks = [tiles[i * STACK_SIZE : (i + 1) * STACK_SIZE] for i in range(STACKS)]
        box = [t for stack in stacks[seats:] for t in stack]
        start = rng.below(seats)
        players = [
            Player(people=START_PEOPLE, home=START_PEOPLE, food=START_FOOD, res=[0, 0, 0, 0])
            for _ in range(seats)
        ]
        s = GameState(
            seats=seats,
            options=options,
            rng=rng,
            phase="place",
            round=1,
            start=start,
            turn=start,
            players=players,
            board={space: [0] * seats for space in spaces(seats)},
            slots=slots,
            deck=deck,
            stacks=stacks[:seats],
            box=box,
        )
        _start_round(s)
        return s

    # -- who acts, and what may they do

    def active(self, state: GameState) -> frozenset[int]:
        if state.phase == "over":
            return frozenset()
        pend = state.pending
        if pend is not None:
            return frozenset({pend.order[0] if pend.kind == "dice" else pend.seat})
        return frozenset({state.turn})

    def legal(self, state: GameState, seat: int) -> list[Any]:
        s = state
        if s.phase == "over" or seat not in self.active(s):
            return []
        p = s.players[seat]
        out: list[Any] = []
        pend = s.pending
        if pend is None:
            if s.phase == "place":
                out.extend(_placements(s, seat))
            else:
                out.extend(Resolve(space=sp) for sp, here in s.board.items() if here[seat])
        elif pend.kind == "gather":
            out.extend(
                UseTools(tools=t, one_use=o)
                for t, o in payments.tool_choices(p.tools, p.tools_used, p.one_use)
            )
        elif pend.kind == "building":
            tile = s.stacks[int(pend.space.rsplit("_", 1)[1]) - 1][0]
            out.extend(_pay(Build, pay) for pay in payments.building_payments(tile, p.res))
            out.append(Decline())
        elif pend.kind == "card":
            cost = CARD_SLOTS.index(pend.space) + 1
            out.extend(_pay(BuyCard, pay) for pay in payments.any_payments(p.res, cost))
            out.append(Decline())
        elif pend.kind == "any_two":
            out.extend(_pay(TakeResources, list(c)) for c in payments.compositions(2))
        elif pend.kind == "dice":
            out.extend(PickDie(face=f) for f in sorted(set(pend.dice)))
        elif pend.kind == "feed":
            out.extend(_pay(Feed, pay) for pay in payments.any_payments(p.res, pend.shortfall))
            out.append(Starve())
        if p.any_two and (pend is None or pend.kind != "any_two"):
            out.extend(_pay(TakeResources, list(c)) for c in payments.compositions(2))
        return out

    # -- apply

    def apply(self, state: GameState, seat: int, intent: Any) -> GameState:
        s = state
        if s.phase == "over":
            raise IllegalIntent("game_over", "The game is over.")
        if not 0 <= seat < s.seats or seat not in self.active(s):
            raise IllegalIntent("not_your_turn", "It is not your turn.")
        pend = s.pending
        p = s.players[seat]
        if isinstance(intent, TakeResources):
            self._take_resources(s, seat, intent)
        elif isinstance(intent, Place):
            if s.phase != "place":
                raise IllegalIntent("wrong_phase", "People are placed only in the first phase.")
            problem = _placement_problem(s, seat, intent.space, intent.people)
            if problem is not None:
                raise IllegalIntent("illegal_placement", problem)
            s.board[intent.space][seat] += intent.people
            p.home -= intent.people
            _log(s, "place", seat=seat, space=intent.space, people=intent.people)
            _after_placement(s)
        elif isinstance(intent, Resolve):
            if s.phase != "resolve" or pend is not None:
                raise IllegalIntent("wrong_phase", "You cannot resolve a space now.")
            if not s.board.get(intent.space, [0] * s.seats)[seat]:
                raise IllegalIntent("not_placed", "You have no people on that space.")
            self._resolve(s, seat, intent.space)
        elif isinstance(intent, UseTools):
            if pend is None or pend.kind != "gather":
                raise IllegalIntent("wrong_phase", "There is no roll to add tools to.")
            self._check_tools(p, intent)
            _finish_gather(s, sorted(intent.tools), list(intent.one_use))
        elif isinstance(intent, Build):
            if pend is None or pend.kind != "building":
                raise IllegalIntent("wrong_phase", "You are not buying a building now.")
            pay = amounts(intent)
            _check_amounts(pay, p.res)
            stack = s.stacks[int(pend.space.rsplit("_", 1)[1]) - 1]
            tile = stack[0]
            problem = building_payment_problem(tile, pay)
            if problem is not None:
                raise IllegalIntent("bad_payment", problem)
            points = building_points(tile, pay)
            for i, n in enumerate(pay):
                p.res[i] -= n
            p.score += points
            p.hut_points += points
            p.buildings.append(stack.pop(0))
            _log(s, "build", seat=seat, building=tile, pay=_res_dict(pay), points=points)
            s.pending = None
        elif isinstance(intent, BuyCard):
            if pend is None or pend.kind != "card":
                raise IllegalIntent("wrong_phase", "You are not buying a card now.")
            slot = CARD_SLOTS.index(pend.space)
            pay = amounts(intent)
            _check_amounts(pay, p.res)
            if sum(pay) != slot + 1:
                raise IllegalIntent("bad_payment", f"This card costs exactly {slot + 1} resources.")
            card = s.slots[slot]
            assert card is not None
            for i, n in enumerate(pay):
                p.res[i] -= n
            s.slots[slot] = None
            p.cards.append(card)
            _log(s, "buy_card", seat=seat, card=card, slot=slot + 1, pay=_res_dict(pay))
            s.pending = None
            _card_effect(s, seat, card)
        elif isinstance(intent, Decline):
            if pend is None or pend.kind not in ("building", "card"):
                raise IllegalIntent("wrong_phase", "There is nothing to decline.")
            _log(s, "decline", seat=seat, space=pend.space)
            s.pending = None
        elif isinstance(intent, PickDie):
            if pend is None or pend.kind != "dice":
                raise IllegalIntent("wrong_phase", "There are no dice to pick.")
            if intent.face not in pend.dice:
                raise IllegalIntent("bad_die", "No remaining die shows that face.")
            _take_die(s, seat, intent.face)
            _auto_dice(s)
        elif isinstance(intent, Feed):
            if pend is None or pend.kind != "feed":
                raise IllegalIntent("wrong_phase", "You are not feeding now.")
            pay = amounts(intent)
            _check_amounts(pay, p.res)
            if sum(pay) != pend.shortfall:
                raise IllegalIntent(
                    "bad_payment", f"Cover exactly the {pend.shortfall} missing food."
                )
            for i, n in enumerate(pay):
                p.res[i] -= n
            _log(s, "feed_resources", seat=seat, pay=_res_dict(pay))
            _continue_feeding(s, seat)
        elif isinstance(intent, Starve):
            if pend is None or pend.kind != "feed":
                raise IllegalIntent("wrong_phase", "You are not feeding now.")
            p.score -= STARVING_PENALTY
            p.hunger += STARVING_PENALTY
            _log(s, "starve", seat=seat, points=STARVING_PENALTY)
            _continue_feeding(s, seat)
        else:
            raise IllegalIntent("bad_intent", "Stone Age does not know that intent.")
        _after_resolution_step(s)
        return s

    def _take_resources(self, s: GameState, seat: int, intent: TakeResources) -> None:
        pend = s.pending
        p = s.players[seat]
        gain = amounts(intent)
        if pend is not None and pend.kind == "any_two" and pend.seat == seat:
            token = False
        elif p.any_two:
            token = True
        else:
            raise IllegalIntent("wrong_phase", "You have no resources to choose.")
        if any(n < 0 for n in gain) or sum(gain) != 2:
            raise IllegalIntent("bad_payment", "Choose exactly two resources.")
        for i, n in enumerate(gain):
            p.res[i] += n
        if token:
            p.any_two -= 1
        else:
            s.pending = None
        _log(s, "take_resources", seat=seat, gain=_res_dict(gain))

    def _check_tools(self, p: Player, intent: UseTools) -> None:
        if len(set(intent.tools)) != len(intent.tools):
            raise IllegalIntent("bad_tools", "Each tool adds its value once.")
        for i in intent.tools:
            if not 0 <= i < len(p.tools):
                raise IllegalIntent("bad_tools", "You have no such tool.")
            if p.tools_used[i]:
                raise IllegalIntent("bad_tools", "That tool was already used this round.")
        held = list(p.one_use)
        for v in intent.one_use:
            if v not in held:
                raise IllegalIntent("bad_tools", "You do not hold that one-use tool.")
            held.remove(v)

    def _resolve(self, s: GameState, seat: int, space: str) -> None:
        p = s.players[seat]
        n = s.board[space][seat]
        s.board[space][seat] = 0
        _log(s, "resolve", seat=seat, space=space)
        if space in GATHER:
            _roll(s, seat, space, GATHER.index(space), n)
        elif space == "tool_maker":
            _gain_tool(p)
            _log(s, "tools_now", seat=seat, tools=list(p.tools))
        elif space == "hut":
            if p.people < MAX_PEOPLE:
                p.people += 1
            _log(s, "people_now", seat=seat, people=p.people)
        elif space == "field":
            _gain_agriculture(p)
            _log(s, "agriculture_now", seat=seat, agriculture=p.agriculture)
        elif space in CARD_SLOTS:
            s.pending = Pending(kind="card", seat=seat, space=space)
        else:
            s.pending = Pending(kind="building", seat=seat, space=space)

    # -- what each audience sees

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return self.views(state, [seat])[seat]

    def views(
        self, state: GameState, seats: Sequence[int | None]
    ) -> dict[int | None, dict[str, Any]]:
        # Built of parts kept while what they show stays the same, and shared by every
        # audience that sees them alike (server/games/parts.py): the board and the rest
        # of the table, and each player's part in its two forms (as its own seat sees
        # it, and as the others do).
        s = state
        over = s.phase == "over"
        shelf = _PARTS.of(s)
        hidden = s.options.hidden_cards
        keys = [key(p) for p in s.players]
        # As the other seats and the spectators see each player (as itself, once over).
        others = [
            shelf.part(
                ("player", i, over), keys[i], _player_view, p, over or not hidden, over, shelf, i
            )
            for i, p in enumerate(s.players)
        ]
        # The list itself kept too: a move that changed no player (a die picked that
        # gave nothing, a decline) leaves it the same object for every audience.
        players_key = tuple(keys)
        # (Names that cannot equal one another: ("players", False) would be ("players", 0).)
        others = shelf.part(("others", over), players_key, list, others)
        common: dict[str, Any] = {
            "phase": s.phase,
            "round": s.round,
            "start": s.start,
            "turn": s.turn,
            "board": shelf.part("board", key(s.board), _board_view, s.board, shelf),
            "display": shelf.part("display", key(s.slots), list, s.slots),
            "deck": len(s.deck),
            "stacks": shelf.part("stacks", key(s.stacks), _stacks_view, s.stacks),
            "players": others,
            "pending": shelf.part("pending", key(s.pending), _pending_view, s.pending),
        }
        if over:
            parts = [breakdown(p) for p in s.players]
            common["final"] = parts
            common["end"] = s.end
            common["scores"] = [b["total"] for b in parts]
            common["breakdown"] = {
                "categories": list(BREAKDOWN),
                "seats": [_breakdown_row(p, b) for p, b in zip(s.players, parts, strict=True)],
            }
        else:
            # Most moves score nothing: the same list while no score changed.
            scores = tuple(p.score for p in s.players)
            common["scores"] = shelf.part("scores", scores, list, scores)
        common["log"] = _LOG(s.log, None)
        views: dict[int | None, dict[str, Any]] = {}
        for seat in seats:
            view = views[seat] = dict(common)
            if over or seat is None or not 0 <= seat < len(s.players):
                continue
            p = s.players[seat]
            if not p.extra and not (hidden and p.cards):
                # The seat sees itself as the others do (no card hidden from them):
                # it shares their list, and the diff of it is made once for all.
                continue
            mine = shelf.part(
                ("player", seat, True), keys[seat], _player_view, p, True, True, shelf, seat
            )
            view["players"] = shelf.part(
                ("with own", seat), players_key, _with_own, others, seat, mine
            )
        return views

    def value(self, state: GameState, seat: int) -> float:
        """The seat's lead in final points if the game ended now (culture sets,
        multipliers and resources counted), with what produces later weighed in
        (people, fields, tools, food): for the hall's AI."""
        return lead(
            [
                breakdown(p)["total"]
                + 4 * p.people
                + 3 * p.agriculture
                + 2 * sum(p.tools)
                + p.food // 2
                for p in state.players
            ],
            seat,
        )

    def determinize(self, state: GameState, seat: int, rng: random.Random) -> GameState:
        """A copy ``seat`` cannot tell from ``state``: what it cannot see dealt anew.

        Hidden from a seat (README, "What a seat cannot see"): the order of the
        civilization deck, the cards other seats drew face down with C15 (``extra``;
        bought cards stay, the log names them), the building tiles under each stack's
        top and those left in the box (which tiles are where below the tops is unknown,
        so stacks and box share one pool), and future dice. Each pool is sorted, so the
        real order is forgotten, shuffled with ``rng`` and dealt back into the same
        places with the same sizes; the dice generator is seeded afresh. Once the game
        is over every player's cards are shown, so the extra cards stay."""
        s = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=GameState)
        others = [p for i, p in enumerate(s.players) if i != seat and s.phase != "over"]
        _redeal(rng, [s.deck, *(p.extra for p in others)])
        _redeal(rng, [*(stack[1:] for stack in s.stacks), s.box], [*s.stacks, s.box])
        s.rng = Rng.from_seed(rng.getrandbits(64))
        return s

    def result(self, state: GameState) -> Result | None:
        if state.phase != "over":
            return None
        totals = [breakdown(p)["total"] for p in state.players]
        keys = [
            tiebreak_key(p, t, state.options.tiebreak)
            for p, t in zip(state.players, totals, strict=True)
        ]
        return Result.from_keys(totals, keys)

    def catalogue(self) -> dict[str, Any] | None:
        return {
            "resources": list(RESOURCES),
            "goods": list(GOODS),
            "divisors": list(DIVISOR),
            "buildings": [dict(b) for b in DATA["buildings"]],
            "cards": [dict(c) for c in DATA["cards"]],
            "dice_rewards": {str(k): v for k, v in DICE_REWARDS.items()},
            "spaces": {
                "gather": list(GATHER),
                "village": list(VILLAGE),
                "cards": list(CARD_SLOTS),
                "resource_area_capacity": RESOURCE_AREA_CAPACITY,
            },
        }


def _redeal(
    rng: random.Random, places: list[list[str]], into: list[list[str]] | None = None
) -> None:
    """Shuffle the items of ``places`` together and deal them back, each place keeping
    its size. Sorted first: the result depends on which items are hidden, not on how
    they lay. ``into`` (same length) are the lists to refill when a place is a slice:
    each gets its place's new items at its end (a stack keeps its visible top)."""
    pool = sorted(item for place in places for item in place)
    rng.shuffle(pool)
    at = 0
    for i, place in enumerate(places):
        n = len(place)
        target = place if into is None else into[i]
        target[len(target) - n :] = pool[at : at + n]
        at += n


def _copy_args(args: dict[str, Any]) -> dict[str, Any]:
    return {
        k: list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v
        for k, v in args.items()
    }


def _pay(cls: Any, pay: list[int]) -> Any:
    return cls(**dict(zip(RESOURCES, pay, strict=True)))


__all__ = ["BUILDINGS", "StoneAge"]


def _player_view(
    p: Player, sees_cards: bool, sees_extra: bool, shelf: Shelf, i: int
) -> dict[str, Any]:
    """A player's part of the view: its cards (drawn face down with C15: ``extra``) as
    far as the audience may see them. Built again whenever anything of the player
    changed (food, people at home), so its lists are parts of their own, kept while
    their fields stay: the diff passes over them by identity."""
    shown = shelf.part(
        ("cards", i, sees_cards, sees_extra),
        # What the audience sees of them: the cards drawn face down with C15 (which
        # change the player's key) leave the others' part as it was.
        key((p.cards if sees_cards else None, p.extra if sees_extra else None)),
        _shown_cards,
        p,
        sees_cards,
        sees_extra,
    )
    return {
        "people": p.people,
        "home": p.home,
        "food": p.food,
        **{r: n for r, n in zip(RESOURCES, p.res, strict=True)},
        "tools": shelf.part(("tools", i), key((p.tools, p.tools_used)), _tools_view, p),
        "one_use": shelf.part(("one_use", i), key(p.one_use), list, p.one_use),
        "agriculture": p.agriculture,
        "score": p.score,
        "buildings": shelf.part(("buildings", i), key(p.buildings), list, p.buildings),
        "cards": shown,
        "hidden_cards": len(p.cards) + len(p.extra) - len(shown),
        "any_two": p.any_two,
    }


def _shown_cards(p: Player, sees_cards: bool, sees_extra: bool) -> list[str]:
    return (p.cards if sees_cards else []) + (p.extra if sees_extra else [])


def _tools_view(p: Player) -> list[dict[str, Any]]:
    return [_tool(v, u) for v, u in zip(p.tools, p.tools_used, strict=True)]


def _tool(value: int, used: bool) -> dict[str, Any]:
    """A tool tile's map: there are only a few (values 1 to 4, used or not), each made
    once and shared by every view of every table (never changed once made)."""
    made = _TOOLS.get((value, used))
    if made is None:
        made = _TOOLS[(value, used)] = {"value": value, "used": used}
    return made


_TOOLS: dict[tuple[int, bool], dict[str, Any]] = {}


def _with_own(others: list[Any], seat: int, mine: Any) -> list[Any]:
    """The players as ``seat`` sees them: the others' list with its own part in it."""
    return [mine if i == seat else p for i, p in enumerate(others)]


def _board_view(board: dict[str, list[int]], shelf: Shelf) -> dict[str, list[int]]:
    return {s: shelf.part(("space", s), tuple(here), list, here) for s, here in board.items()}


def _stacks_view(stacks: list[list[str]]) -> list[dict[str, Any]]:
    return [{"top": st[0] if st else None, "left": len(st)} for st in stacks]


def _pending_view(pend: Pending | None) -> dict[str, Any] | None:
    if pend is None:
        return None
    pending: dict[str, Any] = {"kind": pend.kind, "seat": pend.seat}
    if pend.space:
        pending["space"] = pend.space
    if pend.kind == "gather":
        pending["good"] = GOODS[pend.good]
        pending["divisor"] = DIVISOR[pend.good]
    if pend.kind in ("gather", "dice"):
        pending["dice"] = list(pend.dice)
    if pend.kind == "dice":
        pending["order"] = list(pend.order)
    if pend.kind == "feed":
        pending["shortfall"] = pend.shortfall
    return pending


# Every audience sees the whole log.
_LOG = LogView(lambda e, seat: {"code": e.code, "args": _copy_args(e.args)})
_PARTS = Parts()
