"""Kardinal & König as played in its browser version: the rules as a pure state machine.

A turn is several intents, as the browser's clicks are: ``place`` a piece paid with one
card or a joker pair, optionally ``place`` a second piece in the same country, then
``draw`` one card at a time (from the deck or the display) until the hand holds 3; or
``exchange`` cards instead of placing, then draw. ``end`` stops placing early when
nothing is left to draw, and ``pass`` exists only for a player with no move at all in
the last round. Section numbers (§) refer to the rules in this package's README.md.
"""

from __future__ import annotations

import bisect
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Annotated, Any, ClassVar, Literal

import msgspec

from server.games.base import Game, IllegalIntent, Result, lead
from server.games.described import words
from server.games.kardinal import scoring
from server.games.kardinal.board import DEFAULT_MAP, Board, load, valid_map_name
from server.games.logview import LogView
from server.games.parts import Parts, Shelf, key
from server.games.rng import Rng

HAND = 3
DISPLAY = 2
# What a card in hand is worth to the AI's measure of a position (``Kardinal.value``):
# it pays for a piece later, so a turn that spends cards shows a small cost, but far
# below what a piece placed now scores.
CARD_WORTH = 0.5

# breakdown columns per seat
INTERIM, CLOISTERS, ALLIANCES, CHAINS = range(4)


class KardinalOptions(msgspec.Struct, kw_only=True):
    joker_allows_own_colour: Annotated[
        bool,
        words(
            "A pair of cards may also pay for a country of its own colour",
            "2枚組で自分の色の国にも支払える",
        ),
    ] = False
    exchange_max_cards: Annotated[
        int, words("Cards one exchange may discard", "1回の交換で捨てられる枚数", ge=1, le=3)
    ] = 1
    # The seed page ends the game when the second deck runs out (README §9.3); the
    # value keeps its old name so that tables and records made before stay readable.
    end_of_game: Annotated[
        Literal["after_current_turn", "complete_round"],
        words(
            "When the second deck runs out",
            "2つめの山札が尽きたら",
            choices={
                "after_current_turn": ("the game ends there", "そこでゲーム終了"),
                "complete_round": (
                    "the round is played to its end",
                    "その周回を最後まで行う",
                ),
            },
        ),
    ] = "after_current_turn"
    chain_mode: Annotated[
        Literal["component", "longest_path"],
        words(
            "Chains of cloisters count",
            "修道院のつながりの数え方",
            choices={
                "component": ("the whole group", "グループ全体"),
                "longest_path": ("the longest path only", "最長の道筋だけ"),
            },
        ),
    ] = "component"
    tie_break: Annotated[Literal["shared"], words("Ties", "同点")] = "shared"
    map_file: Annotated[str, words("Board file", "盤面ファイル", hidden=True)] = DEFAULT_MAP


class Place(msgspec.Struct, tag="place", tag_field="t", kw_only=True):
    """Pay with ``cards`` (one card, or two of one type as a joker) for one piece.
    A cloister needs ``space``; a cardinal needs ``country``."""

    cards: list[str]
    piece: Literal["cloister", "cardinal"]
    country: str | None = None
    space: str | None = None


class Exchange(msgspec.Struct, tag="exchange", tag_field="t", kw_only=True):
    cards: list[str]


class Draw(msgspec.Struct, tag="draw", tag_field="t", kw_only=True):
    """One card: the top of the deck, or the display card of type ``card``."""

    source: Literal["deck", "display"]
    card: str | None = None


class End(msgspec.Struct, tag="end", tag_field="t"):
    """Place no further piece this turn (drawing does the same when a card can be drawn)."""


class Pass(msgspec.Struct, tag="pass", tag_field="t"):
    """Only when neither a placement nor an exchange is possible (README §4.3.4)."""


Intent = Place | Exchange | Draw | End | Pass


class LogEntry(msgspec.Struct):
    """``only`` >= 0: seen by that seat alone; ``hide`` >= 0: seen by all but that seat."""

    code: str
    args: dict[str, Any]
    only: int = -1
    hide: int = -1


class KardinalState(msgspec.Struct, kw_only=True):
    seats: int
    options: KardinalOptions
    rng: Rng
    start: int
    turn: int
    phase: str  # "act" | "more" (may place a second piece) | "draw" | "over"
    hands: list[list[int]]  # card types, kept sorted
    deck: list[int]  # the top is the end
    display: list[int]  # kept sorted
    discard: list[int]
    cloisters: list[int]  # owner per cloister space, -1 when free
    cardinals: list[list[int]]  # [country][seat]
    supply_cloisters: list[int]
    supply_cardinals: list[int]
    scores: list[int]
    breakdown: list[list[int]]  # [seat][INTERIM, CLOISTERS, ALLIANCES, CHAINS]
    exhaustions: int = 0
    ending: bool = False
    last_seat: int = -1
    turn_country: int = -1
    turn_country_was_empty: bool = False
    turn_pieces: int = 0
    turns: int = 0
    log: list[LogEntry] = []


def _board(state: KardinalState) -> Board:
    return load(state.options.map_file)


def _cloister_counts(state: KardinalState, board: Board, country: int) -> list[int]:
    counts = [0] * state.seats
    for space in board.country_spaces[country]:
        owner = state.cloisters[space]
        if owner >= 0:
            counts[owner] += 1
    return counts


def _cardinal_room(state: KardinalState, board: Board, country: int) -> int:
    """How many more cardinals the country takes (README §6.5)."""
    return max(_cloister_counts(state, board, country)) - sum(state.cardinals[country])


def _is_empty(state: KardinalState, board: Board, country: int) -> bool:
    return sum(state.cardinals[country]) == 0 and all(
        state.cloisters[s] < 0 for s in board.country_spaces[country]
    )


def _payments(hand: list[int], board: Board, own_colour: bool) -> list[tuple[int, list[int]]]:
    """Every (country, cards) a hand can pay for one piece: single cards, then jokers."""
    out: list[tuple[int, list[int]]] = []
    types = sorted(set(hand))
    for t in types:
        for country in board.card_countries[t]:
            out.append((country, [t]))
    for t in types:
        if hand.count(t) >= 2:
            for country in range(len(board.countries)):
                if own_colour or country not in board.card_countries[t]:
                    out.append((country, [t, t]))
    return out


def _can_draw(state: KardinalState) -> bool:
    return bool(state.deck or state.display)


def _ends_now(state: KardinalState) -> bool:
    """The second deck has run out and the game ends with it (README §9.3): the
    active player's refill stops there, as no card drawn now could change a score."""
    return state.ending and state.options.end_of_game == "after_current_turn"


def _picks(
    hand: list[int], limit: int, start: int = 0, chosen: tuple[int, ...] = ()
) -> Iterator[tuple[int, ...]]:
    """The non-empty choices of at most ``limit`` cards of ``hand``, each in hand order,
    depth first. (A function of its own: a nested one that calls itself is a reference
    cycle, which the hall leaves to reference counting alone, server/collector.py.)"""
    if chosen:
        yield chosen
    if len(chosen) == limit:
        return
    for i in range(start, len(hand)):
        yield from _picks(hand, limit, i + 1, (*chosen, hand[i]))


class Kardinal(Game):
    name: ClassVar[str] = "kardinal"
    # A seat sees its own hand, and the log tells each audience what it may know.
    own_keys: ClassVar[frozenset[str] | None] = frozenset({"hand", "log"})
    min_seats: ClassVar[int] = 3
    max_seats: ClassVar[int] = 5
    Options: ClassVar[type[KardinalOptions]] = KardinalOptions
    Intent: ClassVar[Any] = Intent
    State: ClassVar[type[KardinalState]] = KardinalState
    # At 2,400 iterations a decision, one strong player against two greedy ones won 8
    # of 12 games with 2 random moves past each new position, 11 of 12 with 8.
    search_rollout: ClassVar[int] = 8

    # ------------------------------------------------------------------ setup

    def check_options(self, options: KardinalOptions, seats: int) -> None:
        if not self.min_seats <= seats <= self.max_seats:
            raise IllegalIntent("bad_option", "Kardinal & König is played by 3 to 5 players.")
        if not 1 <= options.exchange_max_cards <= 3:
            raise IllegalIntent("bad_option", "An exchange discards 1 to 3 cards.")
        if not valid_map_name(options.map_file):
            raise IllegalIntent("bad_option", f"There is no board file {options.map_file!r}.")
        if seats not in load(options.map_file).removal:
            raise IllegalIntent("bad_option", "The board file has no deck for this many players.")

    def setup(self, seats: int, options: KardinalOptions, seed: int) -> KardinalState:
        self.check_options(options, seats)
        board = load(options.map_file)
        rng = Rng.from_seed(seed)
        start = rng.below(seats)
        removed = board.removal[seats]
        deck = [t for t, n in enumerate(board.card_counts) for _ in range(n - removed)]
        rng.shuffle(deck)
        hands = []
        for _ in range(seats):
            hands.append(sorted(deck.pop() for _ in range(HAND)))
        display = sorted(deck.pop() for _ in range(DISPLAY))
        return KardinalState(
            seats=seats,
            options=options,
            rng=rng,
            start=start,
            turn=start,
            phase="act",
            hands=hands,
            deck=deck,
            display=display,
            discard=[],
            cloisters=[-1] * len(board.spaces),
            cardinals=[[0] * seats for _ in board.countries],
            supply_cloisters=[board.cloisters_per_player] * seats,
            supply_cardinals=[board.cardinals_per_player] * seats,
            scores=[0] * seats,
            breakdown=[[0, 0, 0, 0] for _ in range(seats)],
            log=[LogEntry("start", {"seat": start})],
        )

    # ------------------------------------------------------------------ queries

    def active(self, state: KardinalState) -> frozenset[int]:
        return frozenset() if state.phase == "over" else frozenset((state.turn,))

    def result(self, state: KardinalState) -> Result | None:
        if state.phase != "over":
            return None
        return Result.from_keys(state.scores, list(state.scores))

    def value(self, state: KardinalState, seat: int) -> float:
        """The seat's lead if the scorings still to come were held now (the interim
        cloister scoring if the deck has not run out yet, then the final cloister,
        alliance and chain scorings: README §10 to §12), cards in hand counting a
        little (``CARD_WORTH``): for the hall's AI. Reads the state, never changes it."""
        if state.phase == "over":
            return lead(state.scores, seat)
        board = _board(state)
        projected = [float(p) for p in state.scores]
        # Cloister majorities score twice while the interim scoring is still to come.
        times = 2 if state.exhaustions == 0 else 1
        for country in range(len(board.countries)):
            points = scoring.cloister_points(_cloister_counts(state, board, country))
            for s, p in enumerate(points):
                projected[s] += times * p
        for _, a, b in board.alliances:
            points = scoring.alliance_points(state.cardinals[a], state.cardinals[b])
            for s, p in enumerate(points):
                projected[s] += p
        for s in range(state.seats):
            chains = scoring.chains(state.cloisters, board.neighbours, s, state.options.chain_mode)
            projected[s] += sum(chains) + CARD_WORTH * len(state.hands[s])
        return lead(projected, seat)

    def determinize(self, state: KardinalState, seat: int, rng: random.Random) -> KardinalState:
        """A copy ``seat`` cannot tell from ``state``: what it cannot see dealt anew
        (README, "What a seat cannot see").

        Hidden from a seat: the order of the deck and the cards the other seats drew
        from it. Public: the display, the discard pile, and a card another seat took
        from the display, which stays in its hand until that seat has paid or
        exchanged as many cards of its type (it might have held another such card).
        The deck and the hidden cards of the other hands form one pool, sorted so the
        real lie is forgotten, shuffled with ``rng`` and dealt back: each hand keeps its
        size and its known cards, the deck its size. The log's notes of the other
        seats' own draws (which name the card, for that seat alone) no longer name it,
        so the copy keeps nothing of the real deal; the dice generator (it shuffles the
        discard into the new deck) is seeded afresh."""
        s = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=KardinalState)
        board = _board(s)
        known = _known_cards(s, board)
        others = [o for o in range(s.seats) if o != seat]
        pool = list(s.deck)
        for o in others:
            hidden = Counter(s.hands[o]) - known[o]
            pool.extend(hidden.elements())
        pool.sort()
        rng.shuffle(pool)
        for o in others:
            mine = list(known[o].elements())
            n = len(s.hands[o]) - len(mine)
            s.hands[o] = sorted(mine + pool[:n])
            del pool[:n]
        s.deck = pool
        for e in s.log:
            if e.only >= 0 and e.only != seat and "card" in e.args:
                e.args = {k: v for k, v in e.args.items() if k != "card"}
        s.rng = Rng.from_seed(rng.getrandbits(64))
        return s

    def catalogue(self) -> dict[str, Any]:
        return self.catalogue_for(DEFAULT_MAP)

    def catalogue_for(self, map_file: str) -> dict[str, Any]:
        raw: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(load(map_file).raw))
        return raw

    def legal(self, state: KardinalState, seat: int) -> list[Any]:
        if state.phase == "over" or seat != state.turn:
            return []
        board = _board(state)
        if state.phase == "draw":
            return self._draws(state, board)
        if state.phase == "more":
            return [*self._placements(state, board), *self._draws(state, board), End()]
        moves: list[Any] = self._placements(state, board)
        moves += self._exchanges(state, board)
        if not moves:
            moves.append(Pass())
        return moves

    def _placements(self, state: KardinalState, board: Board) -> list[Place]:
        seat = state.turn
        hand = state.hands[seat]
        if state.phase == "more" and (state.turn_country_was_empty or state.turn_pieces >= 2):
            return []
        out = []
        for country, cards in _payments(hand, board, state.options.joker_allows_own_colour):
            if state.phase == "more" and country != state.turn_country:
                continue
            names = [board.cards[t] for t in cards]
            cname = board.countries[country]
            if state.supply_cloisters[seat] > 0:
                for space in board.country_spaces[country]:
                    if state.cloisters[space] < 0:
                        out.append(
                            Place(
                                cards=names,
                                piece="cloister",
                                country=cname,
                                space=board.spaces[space],
                            )
                        )
            if state.supply_cardinals[seat] > 0 and _cardinal_room(state, board, country) > 0:
                out.append(Place(cards=names, piece="cardinal", country=cname))
        return out

    def _exchanges(self, state: KardinalState, board: Board) -> list[Exchange]:
        if not _can_draw(state):
            return []
        hand = state.hands[state.turn]
        seen: set[tuple[int, ...]] = set()
        out = []
        for chosen in _picks(hand, min(state.options.exchange_max_cards, len(hand))):
            if chosen not in seen:
                seen.add(chosen)
                out.append(Exchange(cards=[board.cards[t] for t in chosen]))
        return out

    def _draws(self, state: KardinalState, board: Board) -> list[Draw]:
        out = [Draw(source="display", card=board.cards[t]) for t in sorted(set(state.display))]
        if state.deck:
            out.insert(0, Draw(source="deck"))
        return out

    # ------------------------------------------------------------------ apply

    def apply(self, state: KardinalState, seat: int, intent: Any) -> KardinalState:
        if state.phase == "over":
            raise IllegalIntent("game_over", "The game is over.")
        if seat != state.turn:
            raise IllegalIntent("not_your_turn", "It is not your turn.")
        board = _board(state)
        if isinstance(intent, Place):
            self._place(state, board, seat, intent)
        elif isinstance(intent, Draw):
            self._draw(state, board, seat, intent)
        elif isinstance(intent, Exchange):
            self._exchange(state, board, seat, intent)
        elif isinstance(intent, End):
            if state.phase != "more":
                raise IllegalIntent("wrong_phase", "You can only stop placing after a piece.")
            self._begin_refill(state, board)
        elif isinstance(intent, Pass):
            if state.phase != "act":
                raise IllegalIntent("wrong_phase", "You can only pass at the start of a turn.")
            if self._placements(state, board) or self._exchanges(state, board):
                raise IllegalIntent("cannot_pass", "You can still place a piece or exchange.")
            state.log.append(LogEntry("passed", {"seat": seat}))
            self._end_turn(state, board)
        else:
            raise IllegalIntent("bad_intent", "Kardinal & König does not know this move.")
        return state

    def _cards_from_hand(
        self, state: KardinalState, board: Board, seat: int, names: list[str]
    ) -> list[int]:
        cards = []
        for name in names:
            if name not in board.card_index:
                raise IllegalIntent("unknown_card", f"There is no card type {name!r}.")
            cards.append(board.card_index[name])
        hand = state.hands[seat]
        for t in set(cards):
            if cards.count(t) > hand.count(t):
                raise IllegalIntent(
                    "card_not_in_hand", f"You do not hold enough '{board.cards[t]}' cards."
                )
        return cards

    def _place(self, state: KardinalState, board: Board, seat: int, intent: Place) -> None:
        if state.phase not in ("act", "more"):
            raise IllegalIntent("wrong_phase", "Pieces are placed before you draw.")
        if state.phase == "more" and (state.turn_country_was_empty or state.turn_pieces >= 2):
            raise IllegalIntent(
                "no_second_piece",
                "A first piece in an empty country is the only piece of the turn."
                if state.turn_country_was_empty
                else "You may place at most two pieces in a turn.",
            )
        if len(intent.cards) not in (1, 2):
            raise IllegalIntent("bad_cards", "Pay a piece with one card or a pair of one type.")
        cards = self._cards_from_hand(state, board, seat, intent.cards)
        if len(cards) == 2 and cards[0] != cards[1]:
            raise IllegalIntent("bad_cards", "A joker is two cards of the same type.")

        space = -1
        if intent.piece == "cloister":
            if intent.space is None or intent.space not in board.space_index:
                raise IllegalIntent("unknown_space", "Choose a free cloister space.")
            space = board.space_index[intent.space]
            country = board.space_country[space]
            if intent.country is not None and intent.country != board.countries[country]:
                raise IllegalIntent("wrong_country", "That space lies in another country.")
        else:
            if intent.space is not None:
                raise IllegalIntent(
                    "illegal_placement", "A cardinal goes to a country's coat of arms, not a space."
                )
            if intent.country is None or intent.country not in board.country_index:
                raise IllegalIntent("unknown_country", "Choose a country for the cardinal.")
            country = board.country_index[intent.country]

        if len(cards) == 1:
            if country not in board.card_countries[cards[0]]:
                raise IllegalIntent(
                    "card_does_not_fit",
                    f"A '{board.cards[cards[0]]}' card does not allow {board.countries[country]}.",
                )
        elif (
            not state.options.joker_allows_own_colour and country in board.card_countries[cards[0]]
        ):
            raise IllegalIntent(
                "joker_own_colour", "A joker pair may not be used for a country of its own colour."
            )
        if state.phase == "more" and country != state.turn_country:
            raise IllegalIntent("one_country", "Both pieces of a turn go into the same country.")

        if intent.piece == "cloister":
            if state.supply_cloisters[seat] <= 0:
                raise IllegalIntent("no_pieces_left", "You have no cloister left.")
            if state.cloisters[space] >= 0:
                raise IllegalIntent("space_taken", "That cloister space is taken.")
        else:
            if state.supply_cardinals[seat] <= 0:
                raise IllegalIntent("no_pieces_left", "You have no cardinal left.")
            if _cardinal_room(state, board, country) <= 0:
                raise IllegalIntent(
                    "cardinal_limit",
                    "A country holds no more cardinals than the most cloisters one player has there.",
                )

        # every check passed: from here on the state changes
        if state.phase == "act":
            state.turn_country = country
            state.turn_country_was_empty = _is_empty(state, board, country)
            state.phase = "more"
        hand = state.hands[seat]
        for t in cards:
            hand.remove(t)
            state.discard.append(t)
        args: dict[str, Any] = {
            "seat": seat,
            "cards": [board.cards[t] for t in cards],
            "piece": intent.piece,
            "country": board.countries[country],
        }
        if intent.piece == "cloister":
            state.cloisters[space] = seat
            state.supply_cloisters[seat] -= 1
            args["space"] = board.spaces[space]
        else:
            state.cardinals[country][seat] += 1
            state.supply_cardinals[seat] -= 1
        state.log.append(LogEntry("placed", args))
        state.turn_pieces += 1
        if not self._placements(state, board):
            self._begin_refill(state, board)

    def _exchange(self, state: KardinalState, board: Board, seat: int, intent: Exchange) -> None:
        if state.phase != "act":
            raise IllegalIntent(
                "wrong_phase", "Exchange instead of placing, at the start of a turn."
            )
        if not 1 <= len(intent.cards) <= state.options.exchange_max_cards:
            raise IllegalIntent(
                "exchange_limit",
                f"Discard 1 to {state.options.exchange_max_cards} card(s) in an exchange.",
            )
        cards = self._cards_from_hand(state, board, seat, intent.cards)
        if not _can_draw(state):
            raise IllegalIntent("cannot_exchange", "No card is left to draw after an exchange.")
        for t in cards:
            state.hands[seat].remove(t)
            state.discard.append(t)
        state.log.append(
            LogEntry("exchanged", {"seat": seat, "cards": [board.cards[t] for t in cards]})
        )
        self._begin_refill(state, board)

    def _draw(self, state: KardinalState, board: Board, seat: int, intent: Draw) -> None:
        if state.phase not in ("more", "draw"):
            raise IllegalIntent("wrong_phase", "Draw after placing a piece or exchanging.")
        hand = state.hands[seat]
        if intent.source == "deck":
            if intent.card is not None:
                raise IllegalIntent("bad_intent", "The deck is face down: name no card.")
            if not state.deck:
                raise IllegalIntent("deck_empty", "The deck is empty.")
            t = state.deck.pop()
            bisect.insort(hand, t)
            state.log.append(
                LogEntry("drew_card", {"seat": seat, "card": board.cards[t]}, only=seat)
            )
            state.log.append(LogEntry("drew_hidden", {"seat": seat}, hide=seat))
            state.phase = "draw"
            self._after_deck_take(state, board)
        else:
            t = board.card_index.get(intent.card or "", -1)
            if t not in state.display:
                raise IllegalIntent("not_in_display", "That card is not in the display.")
            state.display.remove(t)
            bisect.insort(hand, t)
            state.log.append(LogEntry("took_display", {"seat": seat, "card": board.cards[t]}))
            state.phase = "draw"
            self._top_up_display(state, board)
        if len(hand) >= HAND or not _can_draw(state) or _ends_now(state):
            self._end_turn(state, board)

    # ------------------------------------------------------------------ flow

    def _begin_refill(self, state: KardinalState, board: Board) -> None:
        state.phase = "draw"
        if len(state.hands[state.turn]) >= HAND or not _can_draw(state):
            self._end_turn(state, board)

    def _top_up_display(self, state: KardinalState, board: Board) -> None:
        while len(state.display) < DISPLAY and state.deck:
            t = state.deck.pop()
            bisect.insort(state.display, t)
            state.log.append(LogEntry("revealed", {"card": board.cards[t]}))
            self._after_deck_take(state, board)

    def _after_deck_take(self, state: KardinalState, board: Board) -> None:
        """The last card has just left the deck: interim scoring and reshuffle the first
        time (README §8), the end of the game the second time (§9)."""
        if state.deck or state.ending:
            return
        state.exhaustions += 1
        if state.exhaustions == 1:
            state.log.append(LogEntry("interim_scoring", {}))
            self._score_cloisters(state, board, INTERIM, "interim")
            state.deck = state.discard
            state.discard = []
            state.rng.shuffle(state.deck)
            state.log.append(LogEntry("reshuffled", {"cards": len(state.deck)}))
            if not state.deck:  # nothing was discarded: the new deck is exhausted at once
                self._after_deck_take(state, board)
                return
            self._top_up_display(state, board)
        else:
            state.ending = True
            if state.options.end_of_game == "complete_round":
                state.last_seat = (state.start - 1) % state.seats
            else:
                state.last_seat = state.turn
            state.log.append(LogEntry("end_triggered", {"last_seat": state.last_seat}))

    def _end_turn(self, state: KardinalState, board: Board) -> None:
        state.turns += 1
        state.turn_country = -1
        state.turn_country_was_empty = False
        state.turn_pieces = 0
        if state.ending and state.turn == state.last_seat:
            self._final_scoring(state, board)
            return
        state.turn = (state.turn + 1) % state.seats
        state.phase = "act"

    # ------------------------------------------------------------------ scoring

    def _award(self, state: KardinalState, column: int, points: list[int]) -> None:
        for seat, p in enumerate(points):
            state.scores[seat] += p
            state.breakdown[seat][column] += p

    def _score_cloisters(self, state: KardinalState, board: Board, column: int, phase: str) -> None:
        for country in range(len(board.countries)):
            counts = _cloister_counts(state, board, country)
            points = scoring.cloister_points(counts)
            if any(points):
                self._award(state, column, points)
                state.log.append(
                    LogEntry(
                        "scored_cloisters",
                        {
                            "phase": phase,
                            "country": board.countries[country],
                            "cloisters": counts,
                            "points": points,
                        },
                    )
                )

    def _final_scoring(self, state: KardinalState, board: Board) -> None:
        state.phase = "over"
        state.log.append(LogEntry("final_scoring", {}))
        self._score_cloisters(state, board, CLOISTERS, "final")
        for number, a, b in board.alliances:
            points = scoring.alliance_points(state.cardinals[a], state.cardinals[b])
            if any(points):
                self._award(state, ALLIANCES, points)
                state.log.append(
                    LogEntry(
                        "scored_alliance",
                        {
                            "number": number,
                            "countries": [board.countries[a], board.countries[b]],
                            "points": points,
                        },
                    )
                )
        for seat in range(state.seats):
            lengths = scoring.chains(
                state.cloisters, board.neighbours, seat, state.options.chain_mode
            )
            if lengths:
                points = [0] * state.seats
                points[seat] = sum(lengths)
                self._award(state, CHAINS, points)
                state.log.append(
                    LogEntry(
                        "scored_chains", {"seat": seat, "chains": lengths, "points": sum(lengths)}
                    )
                )
        state.log.append(LogEntry("game_over", {"scores": list(state.scores)}))

    # ------------------------------------------------------------------ view

    def view(self, state: KardinalState, seat: int | None) -> dict[str, Any]:
        return self.views(state, [seat])[seat]

    def views(
        self, state: KardinalState, seats: Sequence[int | None]
    ) -> dict[int | None, dict[str, Any]]:
        # What every audience sees alike is built once per view, of parts kept while
        # what they show stays the same (server/games/parts.py). The public dict itself
        # is not kept: nearly every move changes a scalar of it (turn, phase, deck), so
        # a key over all of it would be encoded every move only to miss.
        shelf = _PARTS.of(state)
        board = _board(state)
        public = _public_view(state, board, shelf)
        cards = board.cards
        views: dict[int | None, dict[str, Any]] = {}
        for seat in seats:
            view = views[seat] = dict(public)
            if seat is not None:
                # A hand changes only on its seat's turn: the other seats' hands stay the
                # very same lists.
                hand = state.hands[seat]
                view["hand"] = shelf.part(("hand", seat), tuple(hand), _names, hand, cards)
            view["log"] = _LOG(state.log, seat)
        return views


def _public_view(state: KardinalState, board: Board, shelf: Shelf) -> dict[str, Any]:
    """The keys of the view that every audience sees alike (all but the hand and the log)."""
    cards = board.cards
    # The pieces and the points change only when a piece is placed or a scoring held:
    # on the other moves (draws, exchanges) one key over them all passes over the five
    # parts at once, instead of a key of each.
    cloisters, cardinals, supply, breakdown, scores = shelf.part(
        "pieces",
        key(
            (
                state.cloisters,
                state.cardinals,
                state.supply_cloisters,
                state.supply_cardinals,
                state.breakdown,
                state.scores,
            )
        ),
        _pieces_view,
        state,
        board,
        shelf,
    )
    sizes = tuple(map(len, state.hands))
    return {
        "seats": state.seats,
        "start": state.start,
        "turn": state.turn,
        "phase": state.phase,
        "deck": len(state.deck),
        "display": shelf.part("display", tuple(state.display), _names, state.display, cards),
        "discard": shelf.part("discard", key(state.discard), _discard_view, state.discard, cards),
        "hands": shelf.part("hands", sizes, list, sizes),
        "cloisters": cloisters,
        "cardinals": cardinals,
        "supply": supply,
        "turn_country": board.countries[state.turn_country] if state.turn_country >= 0 else None,
        "turn_pieces": state.turn_pieces,
        "exhaustions": state.exhaustions,
        "ending": state.ending,
        "last_seat": state.last_seat if state.ending else None,
        "breakdown": breakdown,
        "scores": scores,
    }


def _pieces_view(
    state: KardinalState, board: Board, shelf: Shelf
) -> tuple[dict[str, int], dict[str, list[int]], list[dict[str, int]], dict[str, Any], list[int]]:
    """The views of the pieces and points, each kept on its own: a placement changes the
    cloisters or the cardinals and one seat's supply, not both, nor the points."""
    return (
        shelf.part("cloisters", key(state.cloisters), _cloisters_view, state.cloisters, board),
        shelf.part(
            "cardinals", key(state.cardinals), _cardinals_view, state.cardinals, board, shelf
        ),
        shelf.part(
            "supply",
            key((state.supply_cloisters, state.supply_cardinals)),
            _supply_view,
            state.supply_cloisters,
            state.supply_cardinals,
            shelf,
        ),
        shelf.part("breakdown", key(state.breakdown), _breakdown_view, state.breakdown, shelf),
        shelf.part("scores", tuple(state.scores), list, state.scores),
    )


def _names(types: list[int], cards: tuple[str, ...]) -> list[str]:
    return [cards[t] for t in types]


def _discard_view(discard: list[int], cards: tuple[str, ...]) -> dict[str, int]:
    counts = [0] * len(cards)
    for t in discard:
        counts[t] += 1
    return {cards[t]: n for t, n in enumerate(counts)}


def _cloisters_view(cloisters: list[int], board: Board) -> dict[str, int]:
    return {board.spaces[i]: owner for i, owner in enumerate(cloisters) if owner >= 0}


def _cardinals_view(cardinals: list[list[int]], board: Board, shelf: Shelf) -> dict[str, list[int]]:
    # A piece goes to one country: the other countries' lists stay the very same.
    return {
        board.countries[k]: shelf.part(("cardinals", k), tuple(c), list, c)
        for k, c in enumerate(cardinals)
    }


def _supply_view(cloisters: list[int], cardinals: list[int], shelf: Shelf) -> list[dict[str, int]]:
    # A move spends the pieces of one seat: the other seats' maps stay the very same.
    return [
        shelf.part(("supply", s), (c, k), _supply_seat, c, k)
        for s, (c, k) in enumerate(zip(cloisters, cardinals, strict=True))
    ]


def _supply_seat(cloisters: int, cardinals: int) -> dict[str, int]:
    return {"cloisters": cloisters, "cardinals": cardinals}


# Shared by every breakdown view: never changed.
_CATEGORIES = ["interim", "cloisters", "alliances", "chains"]


def _breakdown_view(breakdown: list[list[int]], shelf: Shelf) -> dict[str, Any]:
    return {
        "categories": _CATEGORIES,
        "seats": [shelf.part(("breakdown", s), tuple(b), list, b) for s, b in enumerate(breakdown)],
    }


_PARTS = Parts()


def _known_cards(state: KardinalState, board: Board) -> list[Counter[int]]:
    """Per seat, the cards every seat knows it holds (from the public log): each card
    taken from the display, less a card of its type for each such card it paid or
    exchanged since (not knowing which of its cards went, count the known one gone)."""
    known: list[Counter[int]] = [Counter() for _ in range(state.seats)]
    for e in state.log:
        if e.only >= 0 or e.hide >= 0:
            continue
        if e.code == "took_display":
            known[e.args["seat"]][board.card_index[e.args["card"]]] += 1
        elif e.code in ("placed", "exchanged"):
            mine = known[e.args["seat"]]
            for name in e.args["cards"]:
                t = board.card_index[name]
                if mine[t] > 0:
                    mine[t] -= 1
    return known


def _log_entry(e: LogEntry, seat: int | None) -> dict[str, Any] | None:
    """An entry as an audience sees it; None for one meant for another seat (a hidden
    draw is told to its drawer only, and told as hidden to everyone else)."""
    if (e.only < 0 or e.only == seat) and (e.hide < 0 or e.hide != seat):
        hit = _SHOWN.get(id(e))
        if hit is not None and hit[0] is e:
            return hit[1]
        if len(_SHOWN) >= _SHOWN_KEPT:
            _SHOWN.clear()
        item = {"code": e.code, "args": e.args}
        _SHOWN[id(e)] = (e, item)
        return item
    return None


# Each entry's wire form, made once for all the audiences that see it: a move's new
# entries go to all five (the logs themselves differ, by the hidden draws), and as the
# very same map in each, its compact form is made once (protocol/compact.py keeps
# those by identity) and the diff of a log rebuilt whole meets the same objects. The
# entry is held with it, so its id is not reused while it is kept; entries are never
# changed once logged. Emptied when full: a miss costs only a map of equal content.
_SHOWN: dict[int, tuple[LogEntry, dict[str, Any]]] = {}
_SHOWN_KEPT = 4096


_LOG = LogView(_log_entry)
