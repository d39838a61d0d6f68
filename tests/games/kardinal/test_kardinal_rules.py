"""The rules of the README one by one, on rigged positions."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from server.games.base import audience_view
from server.games.kardinal import board as board_module
from server.games.kardinal import scoring
from server.games.kardinal.board import Board
from server.games.kardinal.game import (
    Draw,
    End,
    Exchange,
    Kardinal,
    KardinalOptions,
    KardinalState,
    Pass,
    Place,
)
from tests.support.rules import refused as refuse

RED, GREEN, YELLOW, ORANGE, PURPLE = (
    "franken_aragon",
    "bayern_burgund",
    "lothringen_italien",
    "england_schwaben",
    "frankreich",
)


def cloister(cards: list[str], space: str) -> Place:
    return Place(cards=cards, piece="cloister", space=space)


def cardinal(cards: list[str], country: str) -> Place:
    return Place(cards=cards, piece="cardinal", country=country)


def free_space(s: KardinalState, board: Board, country: str, nth: int = 0) -> str:
    k = board.country_index[country]
    return [board.spaces[i] for i in board.country_spaces[k] if s.cloisters[i] < 0][nth]


def new_turn(s: KardinalState, seat: int) -> None:
    s.turn, s.phase = seat, "act"
    s.turn_country, s.turn_country_was_empty, s.turn_pieces = -1, False, 0


def total_cards(s: KardinalState) -> Counter[int]:
    c = Counter(s.deck) + Counter(s.display) + Counter(s.discard)
    for h in s.hands:
        c += Counter(h)
    return c


# ---------------------------------------------------------------- scoring examples


@pytest.mark.parametrize(
    ("counts", "points"),
    [
        ([4, 3, 1], [8, 4, 3]),  # the Japanese post's example (README §10.3)
        ([3, 3, 1], [7, 7, 3]),
        ([4, 2, 2, 1], [9, 4, 4, 2]),
        ([2, 2, 2], [6, 6, 6]),
        ([0, 2, 0], [0, 2, 0]),
        ([3, 2, 2, 1, 0], [8, 3, 3, 2, 0]),
        ([0, 0, 0], [0, 0, 0]),
    ],
)
def test_cloister_points(counts: list[int], points: list[int]) -> None:
    assert scoring.cloister_points(counts) == points


def test_alliance_example_of_the_seed() -> None:
    """README §11.3: the alliance example of the Japanese post."""
    # Frankreich: red 3, green 2, yellow 0; England: red 2, green 0, yellow 2
    assert scoring.alliance_points([3, 2, 0], [2, 0, 2]) == [9, 0, 0]
    assert scoring.alliance_points([3, 2, 0], [0, 0, 0]) == [0, 0, 0]
    assert scoring.alliance_points([1, 0, 2], [2, 0, 0]) == [0, 0, 0]
    assert scoring.alliance_points([1, 1, 0], [1, 1, 0]) == [4, 4, 0]


# ---------------------------------------------------------------- placement


def test_first_piece_in_an_empty_country_is_one_cloister(
    game: Kardinal, fresh: Callable[..., KardinalState], rig: Any, board: Board
) -> None:
    s = fresh(3)
    rig(s, 0, [PURPLE, PURPLE, PURPLE])
    refuse(game, s, 0, cardinal([PURPLE], "frankreich"), "cardinal_limit")
    assert not [i for i in game.legal(s, 0) if isinstance(i, Place) and i.piece == "cardinal"]
    game.apply(s, 0, cloister([PURPLE], free_space(s, board, "frankreich")))
    # no second piece: the country was empty when the turn began
    assert s.phase == "draw"
    assert not [i for i in game.legal(s, 0) if isinstance(i, Place)]
    refuse(game, s, 0, cloister([PURPLE], free_space(s, board, "frankreich")), "wrong_phase")
    # the next turn may add two pieces there
    new_turn(s, 0)
    game.apply(s, 0, cloister([PURPLE], free_space(s, board, "frankreich")))
    assert s.phase == "more"
    game.apply(s, 0, cardinal([PURPLE], "frankreich"))
    assert s.cardinals[board.country_index["frankreich"]][0] == 1


def test_cardinal_limit_of_the_seed(
    game: Kardinal, fresh: Callable[..., KardinalState], rig: Any, put: Any, board: Board
) -> None:
    """README §6.5: the cardinal-limit example of the Japanese post."""
    s = fresh(3)
    put(s, "frankreich", 0, 2)
    put(s, "frankreich", 1, 1)
    put(s, "frankreich", 2, 1)
    rig(s, 1, [PURPLE, PURPLE, RED])
    # red 2, green 1, yellow 1: two cardinals, whoever owns them
    game.apply(s, 1, cardinal([PURPLE], "frankreich"))
    game.apply(s, 1, cardinal([PURPLE], "frankreich"))
    k = board.country_index["frankreich"]
    assert sum(s.cardinals[k]) == 2
    rig(s, 2, [PURPLE, PURPLE, PURPLE])
    new_turn(s, 2)
    refuse(game, s, 2, cardinal([PURPLE], "frankreich"), "cardinal_limit")
    # a second cloister of yellow does not raise the limit (the largest count is still 2)
    game.apply(s, 2, cloister([PURPLE], free_space(s, board, "frankreich")))
    refuse(game, s, 2, cardinal([PURPLE], "frankreich"), "cardinal_limit")
    # red's third cloister raises it to 3, and red may use it at once (cloister first)
    rig(s, 0, [PURPLE, PURPLE, PURPLE])
    new_turn(s, 0)
    refuse(game, s, 0, cardinal([PURPLE], "frankreich"), "cardinal_limit")
    game.apply(s, 0, cloister([PURPLE], free_space(s, board, "frankreich")))
    game.apply(s, 0, cardinal([PURPLE], "frankreich"))
    assert s.cardinals[k] == [1, 2, 0]


def test_cardinal_without_own_cloister(
    game: Kardinal, fresh: Callable[..., KardinalState], rig: Any, put: Any, board: Board
) -> None:
    s = fresh(3)
    put(s, "schwaben", 1, 2)
    rig(s, 0, [ORANGE, RED, RED])
    game.apply(s, 0, cardinal([ORANGE], "schwaben"))
    assert s.cardinals[board.country_index["schwaben"]] == [1, 0, 0]


def test_one_country_and_two_pieces(
    game: Kardinal, fresh: Callable[..., KardinalState], rig: Any, put: Any, board: Board
) -> None:
    s = fresh(3)
    put(s, "franken", 1, 1)
    put(s, "aragon", 1, 1)
    rig(s, 0, [RED, RED, RED])
    game.apply(s, 0, cloister([RED], free_space(s, board, "franken")))
    refuse(game, s, 0, cloister([RED], free_space(s, board, "aragon")), "one_country")
    assert {i.country for i in game.legal(s, 0) if isinstance(i, Place)} == {"franken"}
    game.apply(s, 0, cloister([RED], free_space(s, board, "franken")))
    assert s.turn_pieces == 2 and s.phase == "draw"
    assert len(s.hands[0]) == 1
    refuse(game, s, 0, cloister([RED], free_space(s, board, "franken")), "wrong_phase")


def test_space_card_and_supply_checks(
    game: Kardinal, fresh: Callable[..., KardinalState], rig: Any, put: Any, board: Board
) -> None:
    s = fresh(3)
    put(s, "italien", 1, 1)
    taken = [board.spaces[i] for i, o in enumerate(s.cloisters) if o == 1][0]
    rig(s, 0, [YELLOW, PURPLE, ORANGE])
    refuse(game, s, 0, cloister([YELLOW], taken), "space_taken")
    refuse(game, s, 0, cloister([PURPLE], free_space(s, board, "italien")), "card_does_not_fit")
    refuse(game, s, 0, cloister([GREEN], free_space(s, board, "italien")), "card_not_in_hand")
    refuse(game, s, 0, cloister(["joker"], free_space(s, board, "italien")), "unknown_card")
    refuse(game, s, 0, cloister([YELLOW], "atlantis-1"), "unknown_space")
    refuse(game, s, 0, cardinal([YELLOW], "atlantis"), "unknown_country")
    refuse(game, s, 0, Place(cards=[YELLOW], piece="cardinal", space=taken), "illegal_placement")
    refuse(
        game,
        s,
        0,
        Place(
            cards=[YELLOW],
            piece="cloister",
            country="lothringen",
            space=free_space(s, board, "italien"),
        ),
        "wrong_country",
    )
    refuse(game, s, 0, Place(cards=[], piece="cloister", space=taken), "bad_cards")
    s.supply_cloisters[0] = 0
    refuse(game, s, 0, cloister([YELLOW], free_space(s, board, "italien")), "no_pieces_left")
    s.supply_cardinals[0] = 0
    refuse(game, s, 0, cardinal([YELLOW], "italien"), "no_pieces_left")
    assert not [i for i in game.legal(s, 0) if isinstance(i, Place)]
    assert all(isinstance(i, Exchange) for i in game.legal(s, 0))


def test_turn_and_end_codes(
    game: Kardinal, fresh: Callable[..., KardinalState], rig: Any, board: Board
) -> None:
    s = fresh(4)
    other = (s.turn + 1) % 4
    refuse(game, s, other, Exchange(cards=[board.cards[s.hands[other][0]]]), "not_your_turn")
    assert game.legal(s, other) == []
    refuse(game, s, s.turn, End(), "wrong_phase")
    refuse(game, s, s.turn, Draw(source="deck"), "wrong_phase")
    s.phase = "over"
    refuse(game, s, s.turn, Pass(), "game_over")
    assert game.active(s) == frozenset()


def test_full_country_takes_no_cloister(
    game: Kardinal, fresh: Callable[..., KardinalState], rig: Any, put: Any, board: Board
) -> None:
    s = fresh(3)
    put(s, "schwaben", 1, 4)
    rig(s, 0, [ORANGE, ORANGE, RED])
    places = [i for i in game.legal(s, 0) if isinstance(i, Place) and i.country == "schwaben"]
    assert places and all(i.piece == "cardinal" for i in places)


# ---------------------------------------------------------------- jokers


def test_joker_of_the_seed_red_green_green(
    game: Kardinal, fresh: Callable[..., KardinalState], rig: Any, put: Any, board: Board
) -> None:
    """README §5.3: the joker example of the Japanese post."""
    s = fresh(3)
    put(s, "franken", 2, 1)
    rig(s, 0, [RED, GREEN, GREEN])
    game.apply(s, 0, cloister([RED], free_space(s, board, "franken")))
    game.apply(s, 0, cloister([GREEN, GREEN], free_space(s, board, "franken")))
    k = board.country_index["franken"]
    assert [s.cloisters[i] for i in board.country_spaces[k]].count(0) == 2
    assert s.hands[0] == [] and s.phase == "draw"
    assert Counter(s.discard) == {board.card_index[RED]: 1, board.card_index[GREEN]: 2}


def test_joker_rules(
    game: Kardinal, fresh: Callable[..., KardinalState], rig: Any, put: Any, board: Board
) -> None:
    s = fresh(3)
    put(s, "bayern", 1, 1)
    rig(s, 0, [GREEN, GREEN, RED])
    refuse(game, s, 0, cloister([GREEN, GREEN], free_space(s, board, "bayern")), "joker_own_colour")
    refuse(game, s, 0, cloister([GREEN, RED], free_space(s, board, "frankreich")), "bad_cards")
    refuse(
        game, s, 0, cloister([GREEN, GREEN, RED], free_space(s, board, "frankreich")), "bad_cards"
    )
    jokers = [i for i in game.legal(s, 0) if isinstance(i, Place) and len(i.cards) == 2]
    assert {i.country for i in jokers} == set(board.countries) - {"bayern", "burgund"}
    game.apply(s, 0, cloister([GREEN, GREEN], free_space(s, board, "frankreich")))
    assert s.hands[0] == [board.card_index[RED]]

    s = fresh(3, joker_allows_own_colour=True)
    put(s, "bayern", 1, 1)
    rig(s, 0, [GREEN, GREEN, RED])
    jokers = [i for i in game.legal(s, 0) if isinstance(i, Place) and len(i.cards) == 2]
    assert {i.country for i in jokers} == set(board.countries)
    game.apply(s, 0, cloister([GREEN, GREEN], free_space(s, board, "bayern")))
    assert s.hands[0] == [board.card_index[RED]]


# ---------------------------------------------------------------- refill and exchange


def test_refill_from_display_and_deck(
    game: Kardinal, fresh: Callable[..., KardinalState], rig: Any, put: Any, board: Board
) -> None:
    s = fresh(3)
    put(s, "frankreich", 1, 1)
    rig(s, 0, [PURPLE, PURPLE, RED])
    start = total_cards(s)
    game.apply(s, 0, cloister([PURPLE], free_space(s, board, "frankreich")))
    game.apply(s, 0, cardinal([PURPLE], "frankreich"))
    deck = len(s.deck)
    shown = board.cards[s.display[0]]
    game.apply(s, 0, Draw(source="display", card=shown))
    assert len(s.display) == 2 and len(s.deck) == deck - 1
    codes = [e["code"] for e in game.view(s, 2)["log"][-2:]]
    assert codes == ["took_display", "revealed"]
    assert game.view(s, 2)["log"][-2]["args"] == {"seat": 0, "card": shown}
    refuse(game, s, 0, Draw(source="display", card="joker"), "not_in_display")
    refuse(game, s, 0, Draw(source="deck", card=RED), "bad_intent")
    game.apply(s, 0, Draw(source="deck"))
    mine = game.view(s, 0)["log"][-1]
    theirs = game.view(s, 1)["log"][-1]
    spectators = game.view(s, None)["log"][-1]
    assert mine["code"] == "drew_card" and mine["args"]["card"] in board.cards
    assert theirs == spectators == {"code": "drew_hidden", "args": {"seat": 0}}
    # the hand is full again: the next player's turn
    assert len(s.hands[0]) == 3 and s.turn == 1 and s.phase == "act"
    assert total_cards(s) == start


def test_end_stops_placing(
    game: Kardinal, fresh: Callable[..., KardinalState], rig: Any, put: Any, board: Board
) -> None:
    s = fresh(3)
    put(s, "england", 1, 1)
    rig(s, 0, [ORANGE, ORANGE, RED])
    game.apply(s, 0, cloister([ORANGE], free_space(s, board, "england")))
    assert End() in game.legal(s, 0) and Draw(source="deck") in game.legal(s, 0)
    game.apply(s, 0, End())
    assert s.phase == "draw"
    assert all(isinstance(i, Draw) for i in game.legal(s, 0))


def test_exchange_one_card(
    game: Kardinal, fresh: Callable[..., KardinalState], rig: Any, put: Any, board: Board
) -> None:
    s = fresh(3)
    rig(s, 0, [ORANGE, ORANGE, RED])
    exchanges = [i for i in game.legal(s, 0) if isinstance(i, Exchange)]
    assert {tuple(i.cards) for i in exchanges} == {(RED,), (ORANGE,)} and len(exchanges) == 2
    refuse(game, s, 0, Exchange(cards=[ORANGE, RED]), "exchange_limit")
    refuse(game, s, 0, Exchange(cards=[]), "exchange_limit")
    refuse(game, s, 0, Exchange(cards=[PURPLE]), "card_not_in_hand")
    game.apply(s, 0, Exchange(cards=[RED]))
    assert s.discard == [board.card_index[RED]] and s.phase == "draw"
    assert game.view(s, 1)["log"][-1] == {"code": "exchanged", "args": {"seat": 0, "cards": [RED]}}
    game.apply(s, 0, Draw(source="deck"))
    assert s.turn == 1
    # no exchange after a placement
    put(s, "england", 2, 1)
    rig(s, 1, [ORANGE, ORANGE, RED])
    game.apply(s, 1, cloister([ORANGE], free_space(s, board, "england")))
    refuse(game, s, 1, Exchange(cards=[RED]), "wrong_phase")


def test_exchange_max_cards_option(
    game: Kardinal, fresh: Callable[..., KardinalState], rig: Any, board: Board
) -> None:
    s = fresh(4, exchange_max_cards=3)
    rig(s, 0, [ORANGE, ORANGE, RED])
    exchanges = [sorted(i.cards) for i in game.legal(s, 0) if isinstance(i, Exchange)]
    # every distinct multiset of 1 to 3 hand cards, once
    assert sorted(exchanges) == sorted(
        [[ORANGE], [RED], [ORANGE, ORANGE], [ORANGE, RED], [ORANGE, ORANGE, RED]]
    )
    game.apply(s, 0, Exchange(cards=[RED, ORANGE, ORANGE]))
    assert s.hands[0] == [] and len(s.discard) == 3
    for _ in range(3):
        game.apply(s, 0, Draw(source="deck"))
    assert len(s.hands[0]) == 3 and s.turn == 1


# ---------------------------------------------------------------- interim scoring


def drain_deck(s: KardinalState, keep: int) -> None:
    """Move all but ``keep`` deck cards to the discard pile (cards stay conserved)."""
    s.discard.extend(s.deck[: len(s.deck) - keep])
    del s.deck[: len(s.deck) - keep]


def test_interim_scoring_and_reshuffle(
    game: Kardinal, fresh: Callable[..., KardinalState], rig: Any, put: Any, board: Board
) -> None:
    s = fresh(3)
    put(s, "frankreich", 0, 4)
    put(s, "frankreich", 1, 3)
    put(s, "frankreich", 2, 1)
    put(s, "england", 2, 1)
    s.cardinals[board.country_index["frankreich"]][1] = 2  # not scored in the interim
    rig(s, 1, [RED, RED, GREEN])
    drain_deck(s, 1)
    before = total_cards(s)
    game.apply(s, 1, Exchange(cards=[GREEN]))
    discarded = len(s.discard)
    game.apply(s, 1, Draw(source="deck"))
    assert s.exhaustions == 1 and not s.ending
    assert s.scores == [8, 4, 3 + 1]
    assert [b[0] for b in s.breakdown] == s.scores
    assert len(s.deck) == discarded and s.discard == []
    assert total_cards(s) == before
    codes = [e["code"] for e in game.view(s, None)["log"]]
    assert codes.index("interim_scoring") < codes.index("reshuffled")
    assert s.turn == 2 and s.phase == "act"


def test_interim_in_the_middle_of_a_refill(
    game: Kardinal, fresh: Callable[..., KardinalState], rig: Any, board: Board
) -> None:
    s = fresh(4, exchange_max_cards=2)
    rig(s, 0, [RED, RED, GREEN])
    drain_deck(s, 1)
    game.apply(s, 0, Exchange(cards=[RED, RED]))
    # the last deck card replaces a display card: the scoring happens at once
    game.apply(s, 0, Draw(source="display", card=board.cards[s.display[0]]))
    assert s.exhaustions == 1 and len(s.display) == 2
    assert s.turn == 0 and s.phase == "draw"
    game.apply(s, 0, Draw(source="deck"))
    assert s.turn == 1


# ---------------------------------------------------------------- end of game


def trigger_end(game: Kardinal, s: KardinalState, rig: Any, seat: int) -> None:
    s.exhaustions = 1
    rig(s, seat, [RED, RED, GREEN])
    drain_deck(s, 1)
    new_turn(s, seat)
    game.apply(s, seat, Exchange(cards=[GREEN]))
    game.apply(s, seat, Draw(source="deck"))


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_end_completes_the_round(
    game: Kardinal, fresh: Callable[..., KardinalState], rig: Any, playout: Any, seats: int
) -> None:
    for offset in range(seats):
        s = fresh(seats, seed=offset, end_of_game="complete_round")
        seat = (s.start + offset) % seats
        trigger_end(game, s, rig, seat)
        assert s.ending and s.last_seat == (s.start - 1) % seats
        turns = s.turns
        seen: list[int] = []
        playout(game, s, offset, lambda _s, who, _i, seen=seen: seen.append(who))
        # every player had the same number of turns: the round ends before the start player
        assert s.turns - turns == seats - 1 - offset
        if seen:
            assert seen[-1] == (s.start - 1) % seats
        assert s.deck == [] and s.phase == "over"
        assert game.result(s) is not None


def test_end_after_current_turn(
    game: Kardinal, fresh: Callable[..., KardinalState], rig: Any
) -> None:
    s = fresh(4, end_of_game="after_current_turn")
    seat = (s.start + 1) % 4
    trigger_end(game, s, rig, seat)
    assert s.phase == "over" and s.last_seat == seat
    assert game.result(s) is not None


def test_the_game_ends_when_the_second_deck_runs_out(
    game: Kardinal, fresh: Callable[..., KardinalState], rig: Any, put: Any, board: Board
) -> None:
    """The seed page: the final scoring comes when the new deck runs out as well, and
    the game is over. That is the default (README §9.3): even with the hand still short
    and face-up cards to take, nothing more is played."""
    assert KardinalOptions().end_of_game == "after_current_turn"
    s = fresh(4)
    seat = (s.start + 1) % 4
    s.exhaustions = 1
    put(s, "franken", (seat + 1) % 4, 1)
    rig(s, seat, [RED, RED, GREEN])
    drain_deck(s, 1)
    new_turn(s, seat)
    game.apply(s, seat, cloister([RED], free_space(s, board, "franken")))
    game.apply(s, seat, cloister([RED], free_space(s, board, "franken")))
    assert s.phase == "draw" and len(s.hands[seat]) == 1
    game.apply(s, seat, Draw(source="deck"))
    assert s.deck == [] and len(s.display) == 2 and len(s.hands[seat]) == 2
    assert s.phase == "over" and s.last_seat == seat
    result = game.result(s)
    assert result is not None and result.scores == s.scores
    log = game.view(s, None)["log"]
    codes = [e["code"] for e in log]
    assert codes.index("end_triggered") < codes.index("final_scoring") < codes.index("game_over")
    assert game.legal(s, seat) == []
    refuse(game, s, seat, Draw(source="display", card=board.cards[s.display[0]]), "game_over")


def test_the_round_completed_is_an_option(
    game: Kardinal, fresh: Callable[..., KardinalState], rig: Any, put: Any, board: Board
) -> None:
    """With ``end_of_game: complete_round`` the same turn goes on: the player still
    takes face-up cards, and the others play up to the player before the start player."""
    s = fresh(4, end_of_game="complete_round")
    seat = s.start
    s.exhaustions = 1
    put(s, "franken", (seat + 1) % 4, 1)
    rig(s, seat, [RED, RED, GREEN])
    drain_deck(s, 1)
    new_turn(s, seat)
    game.apply(s, seat, cloister([RED], free_space(s, board, "franken")))
    game.apply(s, seat, cloister([RED], free_space(s, board, "franken")))
    game.apply(s, seat, Draw(source="deck"))
    assert s.ending and s.phase == "draw" and s.turn == seat
    assert s.last_seat == (s.start - 1) % 4
    game.apply(s, seat, Draw(source="display", card=board.cards[s.display[0]]))
    assert s.turn == (seat + 1) % 4 and s.phase == "act"


def test_last_round_draws_only_from_the_display_and_may_pass(
    game: Kardinal, fresh: Callable[..., KardinalState], rig: Any, board: Board
) -> None:
    s = fresh(4, end_of_game="complete_round")
    trigger_end(game, s, rig, s.start)
    seat = s.turn
    assert not any(isinstance(i, Draw) and i.source == "deck" for i in game.legal(s, seat))
    # a player with no card and nothing to draw passes
    s.discard.extend(s.hands[seat] + s.display)
    s.hands[seat], s.display = [], []
    assert game.legal(s, seat) == [Pass()]
    refuse(game, s, seat, Exchange(cards=[RED]), "card_not_in_hand")
    game.apply(s, seat, Pass())
    assert s.turn == (seat + 1) % 4
    assert game.view(s, None)["log"][-1] == {"code": "passed", "args": {"seat": seat}}
    # with cards but nothing to draw, an exchange is impossible but placing is not
    other = s.turn
    s.discard.extend(s.hands[other])
    s.discard.remove(board.card_index[PURPLE])
    s.hands[other] = [board.card_index[PURPLE]]
    assert s.deck == [] and s.display == []
    refuse(game, s, other, Exchange(cards=[PURPLE]), "cannot_exchange")
    refuse(game, s, other, Pass(), "cannot_pass")
    assert all(isinstance(i, Place) for i in game.legal(s, other))


def test_final_scoring(
    game: Kardinal, fresh: Callable[..., KardinalState], rig: Any, put: Any, board: Board
) -> None:
    s = fresh(3, end_of_game="after_current_turn")
    put(s, "frankreich", 0, 4)
    put(s, "frankreich", 1, 3)
    put(s, "frankreich", 2, 1)
    put(s, "england", 0, 2)
    put(s, "england", 2, 2)
    fr, en = board.country_index["frankreich"], board.country_index["england"]
    s.cardinals[fr] = [3, 2, 0]
    s.cardinals[en] = [2, 0, 2]
    trigger_end(game, s, rig, 1)
    b = s.breakdown
    # cloisters: Frankreich 8/4/3, England 4/0/4
    assert [x[1] for x in b] == [12, 4, 7]
    # alliances: only England-Frankreich has cardinals on both sides: red 9 (README §11.3)
    assert [x[2] for x in b] == [9, 0, 0]
    assert s.scores == [sum(x) for x in b]
    assert game.result(s) is not None
    log = game.view(s, None)["log"]
    alliance = [e for e in log if e["code"] == "scored_alliance"]
    assert alliance == [
        {
            "code": "scored_alliance",
            "args": {"number": 1, "countries": ["england", "frankreich"], "points": [9, 0, 0]},
        }
    ]
    assert log[-1]["code"] == "game_over"


# ---------------------------------------------------------------- chains


def simple_path(board: Board, length: int) -> list[int]:
    def extend(path: list[int]) -> list[int] | None:
        if len(path) == length:
            return path
        for n in board.neighbours[path[-1]]:
            if n not in path:
                found = extend([*path, n])
                if found:
                    return found
        return None

    for start in range(len(board.spaces)):
        found = extend([start])
        if found:
            return found
    raise AssertionError("no path")


def star(board: Board) -> list[int]:
    for centre, links in enumerate(board.neighbours):
        if len(links) >= 3:
            leaves = list(links[:3])
            # a real star: the leaves are not joined to each other
            if all(b not in board.neighbours[a] for a in leaves for b in leaves):
                return [centre, *leaves]
    raise AssertionError("no star on the board")


def test_chains(board: Board) -> None:
    owner = [-1] * len(board.spaces)
    path = simple_path(board, 5)
    for i in path[:3]:
        owner[i] = 0
    assert scoring.chains(owner, board.neighbours, 0, "component") == []
    owner[path[3]] = 0
    assert scoring.chains(owner, board.neighbours, 0, "component") == [4]
    # another player's cloister breaks the chain
    owner[path[2]] = 1
    assert scoring.chains(owner, board.neighbours, 0, "component") == []
    owner[path[2]] = 0
    owner[path[4]] = 0
    assert scoring.chains(owner, board.neighbours, 0, "longest_path") == [5]


def test_chain_mode_option(board: Board) -> None:
    owner = [-1] * len(board.spaces)
    for i in star(board):
        owner[i] = 2
    assert scoring.chains(owner, board.neighbours, 2, "component") == [4]
    # a star's longest simple path is leaf-centre-leaf: 3 cloisters, no score
    assert scoring.chains(owner, board.neighbours, 2, "longest_path") == []
    assert scoring.longest_path(star(board), board.neighbours) == 3


@pytest.mark.parametrize(("mode", "points"), [("component", 4), ("longest_path", 0)])
def test_chains_in_the_final_scoring(
    game: Kardinal,
    fresh: Callable[..., KardinalState],
    rig: Any,
    board: Board,
    mode: str,
    points: int,
) -> None:
    s = fresh(3, end_of_game="after_current_turn", chain_mode=mode)
    for i in star(board):
        s.cloisters[i] = 2
        s.supply_cloisters[2] -= 1
    trigger_end(game, s, rig, 0)
    assert s.breakdown[2][3] == points


# ---------------------------------------------------------------- winner and options


def test_tie_is_shared(game: Kardinal, fresh: Callable[..., KardinalState]) -> None:
    s = fresh(4, tie_break="shared")
    s.phase = "over"
    s.scores = [30, 41, 41, 12]
    result = game.result(s)
    assert result is not None and result.ranks == [3, 1, 1, 4]


def test_map_file_option(
    game: Kardinal, board: Board, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = json.loads(json.dumps(board.raw))
    # a "verified" board with one more cloister space in Schwaben
    schwaben = next(c for c in raw["countries"] if c["id"] == "schwaben")
    schwaben["cloister_spaces"].append("schwaben-5")
    schwaben["cloister_space_count"] = 5
    raw["cloister_spaces"].append({"id": "schwaben-5", "country": "schwaben", "x": 0, "y": 0})
    raw["roads"].append(
        {"a": "schwaben-4", "b": "schwaben-5", "kind": "land", "cross_border": False}
    )
    for name in ("map.json", "verified-board.json"):
        (tmp_path / name).write_text(json.dumps(raw if name != "map.json" else board.raw))
    monkeypatch.setattr(board_module, "PACKAGE_DIR", tmp_path)
    board_module.load.cache_clear()
    try:
        options = KardinalOptions(map_file="verified-board.json")
        game.check_options(options, 3)
        s = game.setup(3, options, 1)
        assert len(s.cloisters) == 51
        view = audience_view(game, s, s.turn)
        assert view["legal"]
    finally:
        board_module.load.cache_clear()


def test_log_in_the_style_of_the_seed(
    game: Kardinal, fresh: Callable[..., KardinalState], rig: Any, put: Any, board: Board
) -> None:
    """The browser's log lines, as the Japanese post quotes them (README, "The view")."""
    s = fresh(4)
    put(s, "schwaben", 2, 1)
    rig(s, 1, [ORANGE, ORANGE, GREEN])
    space = free_space(s, board, "schwaben")
    game.apply(s, 1, cloister([ORANGE], space))
    entry = {
        "code": "placed",
        "args": {
            "seat": 1,
            "cards": [ORANGE],
            "piece": "cloister",
            "country": "schwaben",
            "space": space,
        },
    }
    for audience in (None, 0, 1, 2, 3):
        assert game.view(s, audience)["log"][-1] == entry
    # drawing ends placing: the hand is full again and the turn has passed on
    game.apply(s, 1, Draw(source="display", card=board.cards[s.display[0]]))
    assert s.turn == 2 and s.phase == "act"
    refuse(game, s, 1, cardinal([ORANGE], "schwaben"), "not_your_turn")


def test_view_shape(game: Kardinal, fresh: Callable[..., KardinalState], board: Board) -> None:
    s = fresh(5, seed=3)
    seat = s.turn
    mine = audience_view(game, s, seat)
    spectators = audience_view(game, s, None)
    assert mine["hands"] == [3] * 5 and mine["deck"] == 38 and len(mine["display"]) == 2
    assert mine["hand"] == [board.cards[t] for t in s.hands[seat]]
    assert "hand" not in spectators and spectators["legal"] == []
    assert mine["legal"] and mine["active"] == [seat]
    assert mine["scores"] == [0] * 5 and mine["result"] is None
    assert set(mine["cardinals"]) == set(board.countries)
    assert mine["cloisters"] == {}
    assert mine["supply"][0] == {"cloisters": 20, "cardinals": 8}
    assert mine["log"] == [{"code": "start", "args": {"seat": s.start}}]


def test_a_draw_ends_placing(
    game: Kardinal, fresh: Callable[..., KardinalState], rig: Any, put: Any, board: Board
) -> None:
    s = fresh(3)
    put(s, "franken", 1, 1)
    rig(s, 0, [GREEN, GREEN, RED])
    game.apply(s, 0, cloister([GREEN, GREEN], free_space(s, board, "franken")))
    assert s.phase == "more"
    assert [i.country for i in game.legal(s, 0) if isinstance(i, Place)] != []
    game.apply(s, 0, Draw(source="deck"))
    assert s.phase == "draw" and len(s.hands[0]) == 2
    refuse(game, s, 0, cloister([RED], free_space(s, board, "franken")), "wrong_phase")
