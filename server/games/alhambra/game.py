"""Alhambra (Dirk Henn, Queen Games 2003) as played on Brettspielwelt, with the
two-player rules ("Dirk"). Rule numbers R-x.y and decisions D1..D13 are those of this
package's README.md."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any, ClassVar

import msgspec

from server.games.alhambra import board
from server.games.alhambra.data import (
    COIN_VALUES,
    CURRENCIES,
    DATA,
    DIRK_AFTER_1,
    DIRK_DIVISOR_2,
    DIRK_SETUP,
    DISPLAY_SIZE,
    FOUNTAIN,
    PILES,
    POINTS,
    SCORING_1,
    SCORING_2,
    SLOTS,
    START_MONEY,
    TAKE_LIMIT,
    TILE_COST,
    TILE_IDS,
    TILE_INDEX,
    TILE_TYPE,
    TILE_WALLS,
    TYPES,
    all_coins,
    coin,
    currency_of,
    value_of,
)
from server.games.alhambra.state import (
    Build,
    Buy,
    Done,
    Entry,
    GiveDirk,
    Intent,
    Pass,
    Place,
    Placed,
    Reserve,
    Swap,
    Take,
    Unbuild,
)
from server.games.alhambra.state import Options as GameOptions
from server.games.alhambra.state import State as GameState
from server.games.base import Game, IllegalIntent, Result, lead
from server.games.logview import LogView
from server.games.parts import Memo, Parts, Shelf, key
from server.games.rng import Rng


def _coin_view(c: int) -> dict[str, Any]:
    return {"c": CURRENCIES[currency_of(c)], "v": value_of(c)}


def _coin_shown(c: int) -> dict[str, Any]:
    """A coin in a view: one map per coin, shared by every view (views are never
    changed once built), so the diff passes over an unchanged coin by identity."""
    shown = _COINS.get(c)
    if shown is None:
        shown = _COINS[c] = _coin_view(c)
    return shown


_COINS: dict[int, dict[str, Any]] = {}


def grid_of(state: GameState, seat: int) -> board.Grid:
    grid: board.Grid = {(0, 0): FOUNTAIN}
    for p in state.cities[seat]:
        grid[(p.x, p.y)] = p.tile
    return grid


def _tile(tile_id: str) -> int:
    index = TILE_INDEX.get(tile_id)
    if index is None:
        raise IllegalIntent("unknown_tile", f"There is no building tile called {tile_id!r}.")
    return index


_PLACE_MESSAGES = {
    "cell_taken": "That cell already holds a tile.",
    "not_adjacent": "A tile must touch the alhambra along a side, not only at a corner.",
    "walls_mismatch": "Touching sides must both have a wall or both be open.",
    "not_walkable": "The tile must be reachable from the fountain through an open side.",
    "hole": "The alhambra may not enclose an empty space.",
    "no_tile": "There is no tile on that cell.",
    "fountain": "The fountain never moves.",
}


def _refuse(code: str) -> IllegalIntent:
    return IllegalIntent(code, _PLACE_MESSAGES[code])


def _minimal_payments(values: list[int], price: int) -> list[list[int]]:
    """Every multiset of ``values`` (coin values of one currency) that pays at least
    ``price`` and has no superfluous coin, largest coins first (R-14.10)."""
    counts = [values.count(v) for v in range(10)]
    out: list[list[int]] = []
    if sum(values) >= price:
        _walk(counts, price, 9, 0, [], out)
    return out


def _walk(
    counts: list[int], price: int, v: int, total: int, chosen: list[int], out: list[list[int]]
) -> None:
    # A function of its own, not nested: a nested function that calls itself is a
    # reference cycle, which the hall leaves to reference counting (collector.py).
    if total >= price:
        if total - chosen[-1] < price:
            out.append(list(chosen))
        return
    if v == 0:
        return
    # Take k coins of value v (k from the most down to none), then smaller values.
    for k in range(counts[v], -1, -1):
        chosen.extend([v] * k)
        if k and total + k * v >= price and total + (k - 1) * v >= price:
            # k - 1 coins already pay: more coins of v would be superfluous.
            del chosen[len(chosen) - k :]
            continue
        _walk(counts, price, v - 1, total + k * v, chosen, out)
        if k:
            del chosen[len(chosen) - k :]


_TAKE_MESSAGES = {
    "no_money": "There is no money on offer.",
    "bad_coins": "Choose one or more different coins on offer.",
    "too_much_money": "Several coins may be taken only if they add up to 5 or less.",
    "take_more": "Another coin on offer still fits within 5: take it too.",
}


def take_code(display: list[int], picks: Sequence[int], maximal: bool) -> str | None:
    """R-5.1: why taking the display coins at ``picks`` is illegal, or None."""
    if not display:
        return "no_money"
    n = len(display)
    if not picks or len(set(picks)) != len(picks) or any(not 0 <= i < n for i in picks):
        return "bad_coins"
    total = sum(display[i] % 10 for i in picks)
    if len(picks) > 1 and total > TAKE_LIMIT:
        return "too_much_money"
    if maximal:
        for i, c in enumerate(display):
            if i not in picks and total + c % 10 <= TAKE_LIMIT:
                return "take_more"
    return None


class Alhambra(Game):
    name: ClassVar[str] = "alhambra"
    # A seat sees its own hand.
    own_keys: ClassVar[frozenset[str] | None] = frozenset({"hand"})
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 6
    Options: ClassVar[type[msgspec.Struct]] = GameOptions
    Intent: ClassVar[Any] = Intent
    State: ClassVar[type[msgspec.Struct]] = GameState

    # --- setup ---------------------------------------------------------------------

    def setup(self, seats: int, options: GameOptions, seed: int) -> GameState:
        if not self.min_seats <= seats <= self.max_seats:
            raise IllegalIntent("bad_option", "Alhambra is played by 2 to 6 players.")
        rng = Rng.from_seed(seed)
        bag = list(range(len(TILE_IDS)))
        rng.shuffle(bag)
        log: list[Entry] = []
        dirk: list[int] = []
        if seats == 2:
            dirk = [bag.pop() for _ in range(DIRK_SETUP)]
            log.append(Entry("dirk_draw", {"n": DIRK_SETUP, "round": 0}))
        coins = all_coins(seats)
        rng.shuffle(coins)  # the top of the deck is the end of the list
        hands: list[list[int]] = []
        for seat in range(seats):
            hand: list[int] = []
            while sum(value_of(c) for c in hand) < START_MONEY:
                hand.append(coins.pop())
            hands.append(sorted(hand))
            log.append(Entry("start_money", {"seat": seat, "coins": [_coin_view(c) for c in hand]}))
        start = min(  # D2
            range(seats), key=lambda s: (len(hands[s]), sum(value_of(c) for c in hands[s]), s)
        )
        log.append(Entry("start_player", {"seat": start}))
        top_down = coins[::-1]  # D3
        n = len(top_down)
        piles = [top_down[(i * n) // PILES : ((i + 1) * n) // PILES] for i in range(PILES)]
        piles[1].insert(rng.below(len(piles[1]) + 1), SCORING_1)
        piles[3].insert(rng.below(len(piles[3]) + 1), SCORING_2)
        deck = [c for pile in piles for c in pile][::-1]
        state = GameState(
            seats=seats,
            options=options,
            rng=rng,
            bag=bag,
            deck=deck,
            discard=[],
            display=[],
            market=[-1] * SLOTS,
            hands=hands,
            cities=[[] for _ in range(seats)],
            reserves=[[] for _ in range(seats)],
            dirk=dirk,
            removed=[],
            scores=[0] * seats,
            dirk_score=0,
            turn=start,
            phase="action",
            extra=False,
            bought=[],
            leftovers=[[] for _ in range(seats)],
            rounds=0,
            turns=0,
            log=log,
        )
        self._refill_display(state)
        for k in range(SLOTS):
            state.market[k] = state.bag.pop()
        return state

    def check_options(self, options: Any, seats: int) -> None:
        if not self.min_seats <= seats <= self.max_seats:
            raise IllegalIntent("bad_option", "Alhambra is played by 2 to 6 players.")

    # --- who acts --------------------------------------------------------------------

    def active(self, state: GameState) -> frozenset[int]:
        if state.phase == "over":
            return frozenset()
        if state.phase == "leftover":
            return frozenset(s for s in range(state.seats) if state.leftovers[s])
        return frozenset((state.turn,))

    def result(self, state: GameState) -> Result | None:
        if state.phase != "over":
            return None
        return Result.from_keys(state.scores, list(state.scores))  # D10

    # --- checks shared by apply and legal ----------------------------------------------

    def _take_error(self, state: GameState, picks: list[int]) -> IllegalIntent | None:
        code = take_code(state.display, picks, state.options.take_money_must_be_maximal)
        return None if code is None else IllegalIntent(code, _TAKE_MESSAGES[code])

    def _buy_error(
        self, state: GameState, seat: int, slot: int, values: list[int]
    ) -> IllegalIntent | None:
        if not 0 <= slot < SLOTS:
            return IllegalIntent("bad_slot", "The market has slots 0 to 3.")
        tile = state.market[slot]
        if tile < 0:
            return IllegalIntent("empty_slot", "That market slot is empty.")
        if not values or any(v not in COIN_VALUES for v in values):
            return IllegalIntent("bad_payment", "Pay with one or more coins of values 1 to 9.")
        hand = [value_of(c) for c in state.hands[seat] if currency_of(c) == slot]
        for v in set(values):
            if values.count(v) > hand.count(v):
                return IllegalIntent(
                    "coins_not_in_hand",
                    f"You do not hold these {CURRENCIES[slot]} coins; this slot takes only "
                    f"{CURRENCIES[slot]}.",
                )
        if sum(values) < TILE_COST[tile]:
            return IllegalIntent("not_enough", "The coins do not reach the price of the building.")
        return None

    def _can_redesign(self, state: GameState, seat: int) -> bool:
        grid = grid_of(state, seat)
        cells = board.frontier(grid)
        for tile in state.reserves[seat]:
            if board.placements(grid, tile, cells):
                return True
            if any(board.swap_error(grid, tile, (p.x, p.y)) is None for p in state.cities[seat]):
                return True
        return bool(board.removable(grid))

    def _can_act(self, state: GameState, seat: int) -> bool:
        if state.display:
            return True
        for slot, tile in enumerate(state.market):
            if tile >= 0:
                money = sum(value_of(c) for c in state.hands[seat] if currency_of(c) == slot)
                if money >= TILE_COST[tile]:
                    return True
        return self._can_redesign(state, seat)

    # --- apply -----------------------------------------------------------------------

    def apply(self, state: GameState, seat: int, intent: Any) -> GameState:
        if state.phase == "over":
            raise IllegalIntent("game_over", "The game is over.")
        if seat not in self.active(state):
            raise IllegalIntent("not_your_turn", "It is not your turn.")
        if state.phase == "action":
            self._apply_action(state, seat, intent)
        elif state.phase == "placement":
            self._apply_placement(state, seat, intent, state.bought, gift=state.seats == 2)
            if not state.bought:
                self._end_turn(state)
        else:
            self._apply_placement(state, seat, intent, state.leftovers[seat], gift=False)
            if not any(state.leftovers):
                self._final(state)
        return state

    def _apply_action(self, state: GameState, seat: int, intent: Any) -> None:
        if isinstance(intent, Take):
            err = self._take_error(state, list(intent.coins))
            if err:
                raise err
            taken = [state.display[i] for i in intent.coins]
            for i in sorted(intent.coins, reverse=True):
                del state.display[i]
            state.hands[seat] = sorted(state.hands[seat] + taken)
            state.log.append(Entry("take", {"seat": seat, "coins": [_coin_view(c) for c in taken]}))
            self._end_actions(state)
        elif isinstance(intent, Buy):
            values = list(intent.values)
            err = self._buy_error(state, seat, intent.slot, values)
            if err:
                raise err
            tile = state.market[intent.slot]
            hand = state.hands[seat]
            paid = [coin(intent.slot, v) for v in sorted(values, reverse=True)]
            for c in paid:
                hand.remove(c)
            state.discard.extend(paid)
            state.market[intent.slot] = -1
            state.bought.append(tile)
            exact = sum(values) == TILE_COST[tile]
            state.log.append(
                Entry(
                    "buy",
                    {
                        "seat": seat,
                        "tile": TILE_IDS[tile],
                        "slot": intent.slot,
                        "coins": [_coin_view(c) for c in paid],
                        "exact": exact,
                    },
                )
            )
            if exact and self._can_act(state, seat):
                state.extra = True
            else:
                self._end_actions(state)
        elif isinstance(intent, Build):
            tile = _tile(intent.tile)
            if tile not in state.reserves[seat]:
                raise IllegalIntent("not_in_reserve", "That tile is not in your reserve.")
            grid = grid_of(state, seat)
            # A city is a legal alhambra before every move (each move keeps it one), and
            # there the local checks answer as the whole-city ones do (the board's tests
            # check that they agree on random alhambras), as for the legal list: the
            # flood fill of the whole city made a move cost more the larger it grew.
            code = board.placement_error(grid, tile, (intent.x, intent.y), fast=True)
            if code:
                raise _refuse(code)
            state.reserves[seat].remove(tile)
            state.cities[seat].append(Placed(intent.x, intent.y, tile))
            state.log.append(
                Entry("build", {"seat": seat, "tile": intent.tile, "x": intent.x, "y": intent.y})
            )
            self._end_actions(state)
        elif isinstance(intent, Unbuild):
            grid = grid_of(state, seat)
            code = board.removal_error(grid, (intent.x, intent.y), fast=True)  # as for Build
            if code:
                raise _refuse(code)
            city = state.cities[seat]
            i = next(i for i, p in enumerate(city) if (p.x, p.y) == (intent.x, intent.y))
            tile = city.pop(i).tile
            state.reserves[seat].append(tile)
            state.log.append(
                Entry(
                    "unbuild", {"seat": seat, "tile": TILE_IDS[tile], "x": intent.x, "y": intent.y}
                )
            )
            self._end_actions(state)
        elif isinstance(intent, Swap):
            tile = _tile(intent.tile)
            if tile not in state.reserves[seat]:
                raise IllegalIntent("not_in_reserve", "That tile is not in your reserve.")
            grid = grid_of(state, seat)
            code = board.swap_error(grid, tile, (intent.x, intent.y))
            if code:
                raise _refuse(code)
            city = state.cities[seat]
            i = next(i for i, p in enumerate(city) if (p.x, p.y) == (intent.x, intent.y))
            old = city[i].tile
            city[i] = Placed(intent.x, intent.y, tile)
            state.reserves[seat].remove(tile)
            state.reserves[seat].append(old)
            state.log.append(
                Entry(
                    "swap",
                    {
                        "seat": seat,
                        "tile": intent.tile,
                        "old": TILE_IDS[old],
                        "x": intent.x,
                        "y": intent.y,
                    },
                )
            )
            self._end_actions(state)
        elif isinstance(intent, Done):
            if not (state.extra and state.options.extra_action_optional):
                raise IllegalIntent(
                    "not_allowed",
                    "Only an extra action may be skipped, and only if the table allows it.",
                )
            self._end_actions(state)
        elif isinstance(intent, Pass):
            if state.extra or self._can_act(state, seat):
                raise IllegalIntent("must_act", "You can still take money, buy or redesign.")
            state.log.append(Entry("pass", {"seat": seat}))
            self._end_actions(state)
        else:
            raise IllegalIntent("wrong_phase", "Choose an action: take money, buy or redesign.")

    def _apply_placement(
        self, state: GameState, seat: int, intent: Any, pending: list[int], gift: bool
    ) -> None:
        if not isinstance(intent, Place | Reserve | GiveDirk):
            raise IllegalIntent(
                "wrong_phase", "Place your new buildings or put them in the reserve."
            )
        tile = _tile(intent.tile)
        if tile not in pending:
            raise IllegalIntent("not_pending", "That tile is not waiting to be placed by you.")
        if isinstance(intent, Place):
            code = board.placement_error(
                grid_of(state, seat), tile, (intent.x, intent.y), fast=True
            )
            if code:
                raise _refuse(code)
            pending.remove(tile)
            state.cities[seat].append(Placed(intent.x, intent.y, tile))
            state.log.append(
                Entry("place", {"seat": seat, "tile": intent.tile, "x": intent.x, "y": intent.y})
            )
        elif isinstance(intent, Reserve):
            pending.remove(tile)
            state.reserves[seat].append(tile)
            state.log.append(Entry("reserve", {"seat": seat, "tile": intent.tile}))
        else:
            if not gift:
                raise IllegalIntent(
                    "no_gift", "Only a tile bought this turn in a two-player game can go to Dirk."
                )
            pending.remove(tile)
            state.dirk.append(tile)
            state.log.append(Entry("gift", {"seat": seat, "tile": intent.tile}))

    # --- turn flow -------------------------------------------------------------------

    def _end_actions(self, state: GameState) -> None:
        state.extra = False
        if state.bought:
            state.phase = "placement"
        else:
            self._end_turn(state)

    def _refill_display(self, state: GameState) -> list[int]:
        """R-8.3: the scoring cards revealed, in order."""
        revealed: list[int] = []
        while len(state.display) < DISPLAY_SIZE:
            if not state.deck:
                if not state.discard:
                    break
                state.deck = state.discard
                state.discard = []
                state.rng.shuffle(state.deck)
                state.log.append(Entry("reshuffle", {"n": len(state.deck)}))
            card = state.deck.pop()
            if card in (SCORING_1, SCORING_2):
                revealed.append(card)
            else:
                state.display.append(card)
        return revealed

    def _end_turn(self, state: GameState) -> None:
        """R-8.1 steps 2 to 6."""
        state.phase = "action"
        state.turns += 1
        for k in range(SLOTS):
            if state.market[k] < 0:
                if not state.bag:
                    self._end_game(state)  # D4
                    return
                state.market[k] = state.bag.pop()
        for card in self._refill_display(state):
            rnd = 1 if card == SCORING_1 else 2
            self._score(state, rnd)
            if state.seats == 2:  # D11, D13
                n = (
                    min(DIRK_AFTER_1, len(state.bag))
                    if rnd == 1
                    else len(state.bag) // DIRK_DIVISOR_2
                )
                state.dirk.extend(state.bag.pop() for _ in range(n))
                state.log.append(Entry("dirk_draw", {"n": n, "round": rnd}))
        state.turn = (state.turn + 1) % state.seats

    def _end_game(self, state: GameState) -> None:
        """R-11.2: leftover market tiles to the richest in the slot's currency."""
        state.phase = "leftover"
        state.log.append(Entry("game_end", {}))
        for k in range(SLOTS):
            tile = state.market[k]
            if tile < 0:
                continue
            state.market[k] = -1
            sums = [sum(value_of(c) for c in hand if currency_of(c) == k) for hand in state.hands]
            best = max(sums)
            if best > 0 and sums.count(best) == 1:
                winner = sums.index(best)
                state.leftovers[winner].append(tile)
                state.log.append(
                    Entry("leftover", {"tile": TILE_IDS[tile], "slot": k, "seat": winner})
                )
            else:
                state.removed.append(tile)
                state.log.append(
                    Entry("leftover", {"tile": TILE_IDS[tile], "slot": k, "seat": None})
                )
        if not any(state.leftovers):
            self._final(state)

    def _final(self, state: GameState) -> None:
        self._score(state, 3)
        state.phase = "over"
        state.log.append(Entry("game_over", {"scores": list(state.scores)}))

    def value(self, state: GameState, seat: int) -> float:
        """The seat's lead if the next scoring came now (majorities and walls as they
        stand): for the hall's AI."""
        rnd = min(3, state.rounds + 1)
        _, _, points = self._round_points(state, rnd)
        return lead([state.scores[s] + points[s] for s in range(state.seats)], seat)

    def determinize(self, state: GameState, seat: int, rng: random.Random) -> GameState:
        """A copy ``seat`` cannot tell from ``state``: what it cannot see dealt anew
        (README, "What a seat cannot see").

        Every hand is known from the log (starting hands, takes from the display and
        payments are public, R-13.1), and so is the discard pile; they stay. Hidden are
        the order of the money deck with the scoring cards in it, the order of the tile
        bag, and which tiles Dirk drew (only his counts per type are shown; tiles given
        to him were named). Each pool is sorted, so the real order is forgotten, then
        shuffled with ``rng``. A scoring card still in the deck goes to a uniform place
        of its window (README R-3.8: the second or the fourth fifth of the deck), less
        the cards already drawn. The dice generator (it shuffles the discard when the
        deck runs out) is seeded afresh."""
        s = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=GameState)
        s.deck = _redeal_deck(s, rng)
        _redeal_tiles(s, rng)
        s.rng = Rng.from_seed(rng.getrandbits(64))
        return s

    def _score(self, state: GameState, rnd: int) -> None:
        """R-9 (README §9): majorities per building type (Dirk takes part) and the longest wall."""
        buildings, walls, points = self._round_points(state, rnd)
        for s in range(state.seats):
            state.scores[s] += points[s]
        args: dict[str, Any] = {
            "round": rnd,
            "points": points,
            "buildings": [buildings[s] for s in range(state.seats)],
            "walls": walls,
        }
        if state.seats == 2:
            state.dirk_score += sum(buildings[2])
            args["dirk"] = sum(buildings[2])
        state.rounds = rnd
        state.log.append(Entry("scoring", args))

    def _round_points(
        self, state: GameState, rnd: int
    ) -> tuple[list[list[int]], list[int], list[int]]:
        """What scoring round ``rnd`` gives: building points per seat (and Dirk's, last,
        with two seats), longest walls, and each seat's total."""
        counts = [[0] * len(TYPES) for _ in range(state.seats)]
        for seat, city in enumerate(state.cities):
            for p in city:
                counts[seat][TILE_TYPE[p.tile]] += 1
        if state.seats == 2:
            dirk = [0] * len(TYPES)
            for t in state.dirk:
                dirk[TILE_TYPE[t]] += 1
            counts.append(dirk)
        buildings = majority_points(counts, rnd)
        walls = [board.longest_wall(grid_of(state, s)) for s in range(state.seats)]
        points = [sum(buildings[s]) + walls[s] for s in range(state.seats)]
        return buildings, walls, points

    # --- legal -----------------------------------------------------------------------

    def legal(self, state: GameState, seat: int) -> list[Any]:
        # Each part is a pure function of a few fields, worked out once per content of
        # them (server/games/parts.py): a seat's options to rebuild its city stay the
        # same while its city and reserve do, turn after turn and in the AI's copies.
        if seat not in self.active(state):
            return []
        if state.phase in ("placement", "leftover"):
            gift = state.phase == "placement" and state.seats == 2
            pending = state.bought if state.phase == "placement" else state.leftovers[seat]
            city = state.cities[seat]
            return list(
                _MEMO.get(
                    (b"place", key((city, pending)), gift), _legal_placement, city, pending, gift
                )
            )
        out: list[Any] = []
        maximal = state.options.take_money_must_be_maximal
        display = tuple(state.display)
        out.extend(_MEMO.get((b"take", display, maximal), _legal_takes, display, maximal))
        # The hand's values by currency, in one pass (a hand grows long late in a game).
        by_currency: list[list[int]] = [[] for _ in state.market]
        for c in state.hands[seat]:
            by_currency[currency_of(c)].append(value_of(c))
        for slot, tile in enumerate(state.market):
            if tile < 0:
                continue
            hand = tuple(by_currency[slot])
            price = TILE_COST[tile]
            out.extend(_MEMO.get((b"buy", slot, hand, price), _legal_buys, slot, hand, price))
        city, reserve = state.cities[seat], state.reserves[seat]
        out.extend(_MEMO.get((b"redesign", key((city, reserve))), _legal_redesign, city, reserve))
        if state.extra and state.options.extra_action_optional:
            out.append(Done())
        if not out:
            out.append(Pass())
        return out

    # --- view ------------------------------------------------------------------------

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return self.views(state, [seat])[seat]

    def views(
        self, state: GameState, seats: Sequence[int | None]
    ) -> dict[int | None, dict[str, Any]]:
        # Every part of the view is built once per change of what it shows and shared
        # by identity, between audiences and from one version to the next
        # (server/games/parts.py): a move changes a few of them, and the diff passes
        # over the rest at once.
        shelf = _PARTS.of(state)
        public = _public_view(state, shelf)
        log = _LOG(state.log, None)
        breakdown = _breakdown(state) if state.phase == "over" else None
        views: dict[int | None, dict[str, Any]] = {}
        for seat in seats:
            view = views[seat] = dict(public)
            if seat is not None:
                hand = state.hands[seat]
                view["hand"] = shelf.part(("hand", seat), key(hand), _coins_shown, hand)
            view["log"] = log
            if breakdown is not None:
                view["breakdown"] = breakdown
        return views

    def catalogue(self) -> dict[str, Any]:
        return {
            "tiles": [dict(t) for t in DATA["tiles"]],
            "types": [dict(t) for t in DATA["types"]],
            "currencies": list(CURRENCIES),
            "slots": list(CURRENCIES),
            "points": {k: [list(p) for p in v] for k, v in DATA["points"].items()},
        }


def _redeal_deck(state: GameState, rng: random.Random) -> list[int]:
    """The money deck dealt anew (top = end, as in the state): its coins shuffled, and
    each scoring card still in it at a uniform place of where it may lie."""
    top_down = state.deck[::-1]
    coins = sorted(c for c in top_down if c not in (SCORING_1, SCORING_2))
    rng.shuffle(coins)
    scoring = [c for c in (SCORING_1, SCORING_2) if c in top_down]
    if not scoring:
        return coins[::-1]
    # Where setup put them, counted from the top of the whole first deck of
    # n coins and two scoring cards: SCORING_1 into the second fifth, SCORING_2 into
    # the fourth (one further down for SCORING_1 above it). While a scoring card is
    # in the deck, the deck was never reshuffled, so ``drawn`` cards left its top.
    n = len(all_coins(state.seats)) - sum(
        len(e.args["coins"]) for e in state.log if e.code == "start_money"
    )
    drawn = n + 2 - len(top_down)
    windows = {
        SCORING_1: ((1 * n) // PILES, (2 * n) // PILES),
        SCORING_2: ((3 * n) // PILES + 1, (4 * n) // PILES + 1),
    }
    free = list(range(len(top_down)))
    by_place: dict[int, int] = {}
    for card in scoring:
        low, high = windows[card]
        fits = [i for i in free if low <= i + drawn <= high]
        # ``fits`` is empty only for a deck that setup did not make (a test's surgery):
        # then anywhere will do.
        at = rng.choice(fits or free)
        free.remove(at)
        by_place[at] = card
    dealt = iter(coins)
    top_down = [by_place[i] if i in by_place else next(dealt) for i in range(len(top_down))]
    return top_down[::-1]


def _redeal_tiles(state: GameState, rng: random.Random) -> None:
    """The bag dealt anew with Dirk's drawn tiles: the tiles he was given (named in the
    log) stay his, and for each tile he drew he gets one of its type from the pool."""
    given = Counter(TILE_INDEX[e.args["tile"]] for e in state.log if e.code == "gift")
    known: list[int] = []
    drawn: list[int] = []
    for t in state.dirk:
        if given[t] > 0:
            given[t] -= 1
            known.append(t)
        else:
            drawn.append(t)
    pool = sorted(state.bag + drawn)
    rng.shuffle(pool)
    dirk = list(known)
    for kind in sorted(TILE_TYPE[t] for t in drawn):
        pick = next(i for i, t in enumerate(pool) if TILE_TYPE[t] == kind)
        dirk.append(pool.pop(pick))
    state.dirk = dirk
    state.bag = pool


def majority_points(counts: list[list[int]], rnd: int) -> list[list[int]]:
    """R-9.2: points per participant and type; ``counts[participant][type]``.
    Count 0 is never ranked (D9); a tied block shares its places, rounded down."""
    out = [[0] * len(TYPES) for _ in counts]
    for t in range(len(TYPES)):
        table = POINTS[rnd - 1][t]
        ranked = sorted({c[t] for c in counts if c[t] > 0}, reverse=True)
        place = 0
        for level in ranked:
            block = [p for p, c in enumerate(counts) if c[t] == level]
            pot = sum(table[place + i] for i in range(len(block)) if place + i < len(table))
            for p in block:
                out[p][t] = pot // len(block)
            place += len(block)
    return out


# --- legal, part by part (legal() keeps them in _MEMO) --------------------------------


def _city_grid(city: list[Placed]) -> board.Grid:
    grid: board.Grid = {(0, 0): FOUNTAIN}
    for p in city:
        grid[(p.x, p.y)] = p.tile
    return grid


def _legal_takes(display: tuple[int, ...], maximal: bool) -> tuple[Take, ...]:
    out: list[Take] = []
    seen: set[tuple[int, ...]] = set()
    n = len(display)
    shown = list(display)
    for size in range(1, n + 1):
        for picks in combinations(range(n), size):
            k = tuple(sorted(display[i] for i in picks))
            if k in seen or take_code(shown, picks, maximal) is not None:
                continue
            seen.add(k)
            out.append(Take(list(picks)))
    return tuple(out)


def _legal_buys(slot: int, hand: tuple[int, ...], price: int) -> tuple[Buy, ...]:
    return tuple(Buy(slot, pay) for pay in _minimal_payments(list(hand), price))


def _legal_redesign(city: list[Placed], reserve: list[int]) -> tuple[Any, ...]:
    out: list[Any] = []
    free, taken, unbuilds = _sites(city)
    for tile in reserve:
        tile_id, w = TILE_IDS[tile], TILE_WALLS[tile]
        out.extend(Build(tile_id, x, y) for x, y, sides, walled in free if w & sides == walled)
        # ``taken`` is in the grid's order: the city's, after the fountain.
        out.extend(Swap(tile_id, x, y) for x, y, sides, walled in taken if w & sides == walled)
    out.extend(unbuilds)
    return tuple(out)


def _legal_placement(city: list[Placed], pending: list[int], gift: bool) -> tuple[Any, ...]:
    out: list[Any] = []
    free = _sites(city)[0]
    for tile in pending:
        tile_id, w = TILE_IDS[tile], TILE_WALLS[tile]
        out.extend(Place(tile_id, x, y) for x, y, sides, walled in free if w & sides == walled)
        out.append(Reserve(tile_id))
        if gift:
            out.append(GiveDirk(tile_id))
    return tuple(out)


def _sites(city: list[Placed]) -> tuple[Any, ...]:
    """What a city offers every tile (board.sites) and the tiles that may leave it, once
    per content of the city: a seat's action and the placing of what it bought, and the
    AI's copies, ask for the same city."""
    return _SITES.get(key(city), _city_sites, city)


def _city_sites(city: list[Placed]) -> tuple[Any, ...]:
    grid = _city_grid(city)
    # A city grows by a tile at its end (built or placed): its sites are those of the
    # city before, looked at again around the new tile, when they are still known.
    before = _SITES.peek(key(city[:-1])) if city else None
    if before is None or len(grid) != len(city) + 1:
        free, taken = board.sites(grid)
    else:
        free, taken = board.sites_after(grid, (city[-1].x, city[-1].y), before)
    unbuilds = tuple(Unbuild(x, y) for x, y in board.removable(grid, taken))
    return tuple(free), tuple(taken), unbuilds


class _Kept(Memo[tuple[Any, ...]]):
    """A memo whose values may be looked at without making them."""

    def peek(self, key: Any) -> tuple[Any, ...] | None:
        return self._cache.get(key)


# What each city offers, by its content (``key(city)``).
_SITES = _Kept(4096)
_MEMO: Memo[tuple[Any, ...]] = Memo(8192)


# Every audience sees the whole log.
_LOG = LogView(lambda e, seat: {"code": e.code, "args": dict(e.args)})
_PARTS = Parts()


def _public_view(state: GameState, shelf: Shelf) -> dict[str, Any]:
    """The keys of the view that every audience sees alike, but the log; ``hand`` is
    None (the spectators'), each seat's view puts its own in place."""
    dirk: list[int] | None = None
    if state.seats == 2:
        dirk = _kept(shelf, "dirk", _dirk_counts(state.dirk))
    cities = [
        shelf.part(("city", s), key(city), _city_view, city) for s, city in enumerate(state.cities)
    ]
    return {
        "phase": state.phase,
        "turn": state.turn,
        "extra": state.extra,
        "round": state.rounds,
        "market": shelf.part("market", key(state.market), _market_view, state.market),
        "display": shelf.part("display", key(state.display), _coins_shown, state.display),
        "hand_counts": _kept(shelf, "hand_counts", [len(h) for h in state.hands]),
        "alhambras": _kept(shelf, "alhambras", [tiles for tiles, _ in cities]),
        "reserves": _tile_rows(shelf, "reserves", state.reserves),
        "walls": _kept(shelf, "walls", [wall for _, wall in cities]),
        "bought": shelf.part("bought", key(state.bought), _tile_ids, state.bought),
        "leftovers": _tile_rows(shelf, "leftovers", state.leftovers),
        "dirk": dirk,
        "dirk_score": state.dirk_score if state.seats == 2 else None,
        "bag": len(state.bag),
        "deck": len(state.deck),
        "discard": len(state.discard),
        "scores": _kept(shelf, "scores", list(state.scores)),
        "hand": None,
    }


def _kept(shelf: Shelf, name: str, fresh: list[Any]) -> list[Any]:
    """``fresh``, or the equal list kept under ``name`` before: a small list that is
    cheaper to build than a key, compared by content (its items are ints, strings or
    parts kept by identity, so ``==`` means the same wire form). The list is its own
    key, never changed once kept."""
    return shelf.part(name, fresh, _itself, fresh)


def _itself(value: list[Any]) -> list[Any]:
    return value


def _tile_rows(shelf: Shelf, name: str, rows: list[list[int]]) -> list[list[str]]:
    """One list of tile ids per seat (reserves, leftovers), each kept while that seat's
    row stays, and the list of them while every row does."""
    shown = [shelf.part((name, s), key(row), _tile_ids, row) for s, row in enumerate(rows)]
    return _kept(shelf, name, shown)


def _tile_ids(tiles: list[int]) -> list[str]:
    return [TILE_IDS[t] for t in tiles]


def _market_view(market: list[int]) -> list[str | None]:
    return [TILE_IDS[t] if t >= 0 else None for t in market]


def _coins_shown(coins: list[int]) -> list[dict[str, Any]]:
    return [_coin_shown(c) for c in coins]


def _dirk_counts(dirk: list[int]) -> list[int]:
    """Dirk's tiles per building type: which tiles they are is hidden."""
    counts = [0] * len(TYPES)
    for t in dirk:
        counts[TILE_TYPE[t]] += 1
    return counts


def _city_view(city: list[Placed]) -> tuple[list[list[Any]], int]:
    """A seat's alhambra as the view shows it, and its longest wall."""
    grid = _city_grid(city)
    return [_cell(p.x, p.y, p.tile) for p in city], board.longest_wall(grid)


def _cell(x: int, y: int, tile: int) -> list[Any]:
    """A placed tile as the view shows it, ``[x, y, tile id]``: one list per placing,
    shared by every view, so the diff passes over the tiles that stayed by identity."""
    shown = _CELLS.get((x, y, tile))
    if shown is None:
        shown = _CELLS[(x, y, tile)] = [x, y, TILE_IDS[tile]]
    return shown


_CELLS: dict[tuple[int, int, int], list[Any]] = {}


def _breakdown(state: GameState) -> dict[str, Any]:
    """The view's ``breakdown`` once the game is over: per scoring round, the points
    for buildings (majorities) and for the longest wall, from the log's ``scoring``."""
    categories = [f"{part}_{rnd}" for rnd in (1, 2, 3) for part in ("buildings", "wall")]
    rows = [[0] * len(categories) for _ in range(state.seats)]
    for e in state.log:
        if e.code != "scoring":
            continue
        base = 2 * (int(e.args["round"]) - 1)
        for seat in range(state.seats):
            rows[seat][base] += sum(e.args["buildings"][seat])
            rows[seat][base + 1] += e.args["walls"][seat]
    return {"categories": categories, "seats": rows}
