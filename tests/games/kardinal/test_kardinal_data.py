"""The board file against the counts of README §2, the catalogue and the options check."""

from __future__ import annotations

import json
from collections import Counter

import msgspec
import pytest

from server.games import names
from server.games.base import IllegalIntent
from server.games.kardinal.board import PACKAGE_DIR, Board, compile_board, load
from server.games.kardinal.game import Kardinal, KardinalOptions


def test_registered(game: Kardinal) -> None:
    assert "kardinal" in names()
    assert game.name == "kardinal"
    assert (game.min_seats, game.max_seats) == (3, 5)


def test_countries_and_colours(board: Board) -> None:
    raw = board.raw
    colours = {c["id"]: c["colour"] for c in raw["countries"]}
    assert sorted(colours) == sorted(
        [
            "frankreich",
            "franken",
            "aragon",
            "bayern",
            "burgund",
            "england",
            "schwaben",
            "lothringen",
            "italien",
        ]
    )
    by_colour = Counter(colours.values())
    assert by_colour == {"purple": 1, "red": 2, "green": 2, "orange": 2, "yellow": 2}
    assert colours["frankreich"] == "purple"
    assert colours["franken"] == colours["aragon"] == "red"
    assert colours["bayern"] == colours["burgund"] == "green"
    assert colours["england"] == colours["schwaben"] == "orange"
    assert colours["lothringen"] == colours["italien"] == "yellow"


def test_cloister_spaces(board: Board) -> None:
    assert len(board.spaces) == 50
    per_country = {board.countries[k]: len(spaces) for k, spaces in enumerate(board.country_spaces)}
    assert per_country["frankreich"] == 8
    assert per_country["schwaben"] == 4
    assert sum(per_country.values()) == 50


def test_cards(board: Board) -> None:
    counts = dict(zip(board.cards, board.card_counts, strict=True))
    assert counts == {
        "franken_aragon": 13,
        "bayern_burgund": 12,
        "lothringen_italien": 11,
        "england_schwaben": 10,
        "frankreich": 9,
    }
    named = {
        board.cards[t]: {board.countries[k] for k in ks}
        for t, ks in enumerate(board.card_countries)
    }
    assert named["frankreich"] == {"frankreich"}
    assert named["franken_aragon"] == {"franken", "aragon"}
    assert named["england_schwaben"] == {"england", "schwaben"}
    assert board.removal == {3: 2, 4: 1, 5: 0}
    assert [board.deck_size(n) for n in (3, 4, 5)] == [45, 50, 55]


def test_pieces(board: Board) -> None:
    assert (board.cloisters_per_player, board.cardinals_per_player) == (20, 8)


def test_alliances(board: Board) -> None:
    assert len(board.alliances) == 15
    assert [n for n, _, _ in board.alliances] == list(range(1, 16))
    pairs = {frozenset((board.countries[a], board.countries[b])) for _, a, b in board.alliances}
    assert len(pairs) == 15
    assert frozenset(("england", "frankreich")) in pairs
    # at least one triangle of mutually allied countries (README §11.2)
    triangles = [
        (a, b, c)
        for a in board.countries
        for b in board.countries
        for c in board.countries
        if a < b < c and {frozenset((a, b)), frozenset((b, c)), frozenset((a, c))} <= pairs
    ]
    assert triangles


def test_roads(board: Board) -> None:
    raw = board.raw
    for road in raw["roads"]:
        assert road["a"] in board.space_index and road["b"] in board.space_index
        crosses = (
            board.space_country[board.space_index[road["a"]]]
            != board.space_country[board.space_index[road["b"]]]
        )
        assert road["cross_border"] == crosses
    assert any(r["cross_border"] for r in raw["roads"])
    # roads are symmetric in the compiled board
    for a, links in enumerate(board.neighbours):
        for b in links:
            assert a in board.neighbours[b]


@pytest.mark.parametrize(("seats", "pile"), [(3, 34), (4, 36), (5, 38)])
def test_setup_sizes(game: Kardinal, seats: int, pile: int) -> None:
    s = game.setup(seats, KardinalOptions(), 7)
    assert len(s.deck) == pile
    assert len(s.display) == 2
    assert all(len(h) == 3 for h in s.hands)
    assert s.supply_cloisters == [20] * seats and s.supply_cardinals == [8] * seats
    every = Counter(s.deck) + Counter(s.display) + sum((Counter(h) for h in s.hands), Counter())
    removed = {3: 2, 4: 1, 5: 0}[seats]
    assert sorted(every.values()) == sorted(n - removed for n in (13, 12, 11, 10, 9))


def test_catalogue(game: Kardinal, board: Board) -> None:
    cat = game.catalogue()
    assert cat == json.loads((PACKAGE_DIR / "map.json").read_text(encoding="utf-8"))
    assert len(cat["cloister_spaces"]) == 50
    cat["countries"].clear()  # the client gets a copy, not the board itself
    assert len(load().raw["countries"]) == 9
    msgspec.json.encode(game.catalogue())


def test_broken_board_is_refused(board: Board) -> None:
    raw = json.loads(json.dumps(board.raw))
    raw["countries"][0]["cloister_space_count"] += 1
    with pytest.raises(ValueError):
        compile_board(raw)


def test_check_options(game: Kardinal) -> None:
    for seats in (2, 6):
        with pytest.raises(IllegalIntent) as e:
            game.check_options(KardinalOptions(), seats)
        assert e.value.code == "bad_option"
    for bad in ("../map.json", "/etc/passwd", "missing.json", "board.py"):
        with pytest.raises(IllegalIntent):
            game.check_options(KardinalOptions(map_file=bad), 4)
    with pytest.raises(IllegalIntent):
        game.check_options(KardinalOptions(exchange_max_cards=4), 4)
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"exchange_max_cards": 0}, KardinalOptions)
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"end_of_game": "never"}, KardinalOptions)
    game.check_options(msgspec.convert({"exchange_max_cards": 3}, KardinalOptions), 3)
