"""The board file against every fact the seed page (the Japanese post "王と枢機卿のルール・
インストラクション") states about the map, one check per statement, and the README's table
of which parts of the board are verified and which are stand-ins.

Each statement has an id; the README's "Board data" table names the same ids in its
"checked by" column, so a statement dropped from here or from there fails below.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from itertools import combinations
from pathlib import Path

import pytest

from server.games.kardinal.board import PACKAGE_DIR, Board

README = PACKAGE_DIR / "README.md"


def _colours(board: Board) -> dict[str, str]:
    return {c["id"]: c["colour"] for c in board.raw["countries"]}


def _allied(board: Board) -> set[frozenset[str]]:
    return {frozenset((board.countries[a], board.countries[b])) for _, a, b in board.alliances}


def _border_pairs(board: Board) -> set[frozenset[str]]:
    """Pairs of countries joined by a road between their spaces (land or sea)."""
    out: set[frozenset[str]] = set()
    for a, links in enumerate(board.neighbours):
        for b in links:
            ca, cb = board.space_country[a], board.space_country[b]
            if ca != cb:
                out.add(frozenset((board.countries[ca], board.countries[cb])))
    return out


def colour_list(board: Board) -> None:
    """The seed's list of colours and countries: purple Frankreich, red Franken/Aragon,
    green Bayern/Burgund, orange England/Schwaben, yellow Lothringen/Italien."""
    by_colour: dict[str, set[str]] = {}
    for country, colour in _colours(board).items():
        by_colour.setdefault(colour, set()).add(country)
    assert by_colour == {
        "purple": {"frankreich"},
        "red": {"franken", "aragon"},
        "green": {"bayern", "burgund"},
        "orange": {"england", "schwaben"},
        "yellow": {"lothringen", "italien"},
    }
    names = {c["id"]: c["name_de"] for c in board.raw["countries"]}
    assert names["frankreich"] == "Frankreich" and names["lothringen"] == "Lothringen"


def one_purple(board: Board) -> None:
    """Only one country is purple; every other colour has two countries."""
    assert sorted(Counter(_colours(board).values()).values()) == [1, 2, 2, 2, 2]
    assert [k for k, c in _colours(board).items() if c == "purple"] == ["frankreich"]


def either_country(board: Board) -> None:
    """A card of a colour with two countries places a piece in either of them; the
    log lines the seed quotes name the cards 'England / Schwaben', 'Franken / Aragon',
    'Lothringen / Italien'."""
    colours = _colours(board)
    for card in board.raw["card_types"]:
        assert set(card["countries"]) == {k for k, c in colours.items() if c == card["colour"]}
    labels = {c["label"] for c in board.raw["card_types"]}
    assert {"England / Schwaben", "Franken / Aragon", "Lothringen / Italien"} <= labels


def cloister_pictures(board: Board) -> None:
    """Cloisters go on the places of the map with a cloister drawn, one per place: every
    space lies in exactly one country and every country has spaces."""
    assert len(set(board.spaces)) == len(board.spaces)
    listed = [s for c in board.raw["countries"] for s in c["cloister_spaces"]]
    assert sorted(listed) == sorted(board.spaces)
    assert all(board.country_spaces[k] for k in range(len(board.countries)))


def coat_of_arms(board: Board) -> None:
    """Cardinals go into the circle with a country's coat of arms: one per country, so a
    country is listed once (the engine keeps its cardinals per country)."""
    ids = [c["id"] for c in board.raw["countries"]]
    assert len(ids) == len(set(ids)) == 9


def fifteen_alliances(board: Board) -> None:
    """Alliances are pairs of countries joined by a line and a square, 15 pairs, looked
    at one after the other."""
    assert len(board.alliances) == 15
    assert [n for n, _, _ in board.alliances] == list(range(1, 16))
    assert all(a != b for _, a, b in board.alliances)
    assert len(_allied(board)) == 15  # no pair twice


def france_england(board: Board) -> None:
    """The seed's alliance example is France and England (red scores 9)."""
    assert frozenset(("frankreich", "england")) in _allied(board)


def triangle(board: Board) -> None:
    """Players look for places where the alliances of three countries form a triangle."""
    allied = _allied(board)
    found = [
        t
        for t in combinations(board.countries, 3)
        if all(frozenset(p) in allied for p in combinations(t, 2))
    ]
    assert found


def not_joined(board: Board) -> None:
    """Surprising places are not joined: some countries next to each other (a road
    crosses their border) have no alliance."""
    assert _border_pairs(board) - _allied(board)


def chains_across_borders(board: Board) -> None:
    """Chains of 4 or more connected cloisters score whatever the countries: roads cross
    borders, and a road-connected run of 4 spaces over two countries exists."""
    assert _border_pairs(board)
    for a, links in enumerate(board.neighbours):
        for b in links:
            if board.space_country[a] == board.space_country[b]:
                continue
            # a border road, with a further space on each side
            left = [x for x in board.neighbours[a] if x != b]
            right = [x for x in board.neighbours[b] if x not in (a, *left)]
            if left and right:
                return
    raise AssertionError("no run of 4 spaces across a border")


STATEMENTS: dict[str, Callable[[Board], None]] = {
    "seed-colours": colour_list,
    "seed-one-purple": one_purple,
    "seed-either-country": either_country,
    "seed-cloister-places": cloister_pictures,
    "seed-coat-of-arms": coat_of_arms,
    "seed-15-alliances": fifteen_alliances,
    "seed-france-england": france_england,
    "seed-triangle": triangle,
    "seed-not-joined": not_joined,
    "seed-chains-across-borders": chains_across_borders,
}


@pytest.mark.parametrize("statement", list(STATEMENTS))
def test_map_agrees_with_the_seed(board: Board, statement: str) -> None:
    STATEMENTS[statement](board)


def _board_table(readme: Path) -> list[dict[str, str]]:
    """The rows of the table under "## Board data", by column heading."""
    text = readme.read_text(encoding="utf-8")
    section = text.split("## Board data", 1)[1].split("\n## ", 1)[0]
    lines = [ln for ln in section.splitlines() if ln.startswith("|")]
    head = [c.strip() for c in lines[0].strip("|").split("|")]
    rows = []
    for ln in lines[2:]:
        cells = [c.strip() for c in ln.strip("|").split("|")]
        rows.append(dict(zip(head, cells, strict=True)))
    return rows


def test_readme_table_names_each_seed_statement_and_each_stand_in(board: Board) -> None:
    rows = _board_table(README)
    assert rows, "README: no table under 'Board data'"
    assert {"part", "status", "checked by"} <= set(rows[0])
    named = {m for r in rows for m in re.findall(r"seed-[a-z0-9-]+", r["checked by"])}
    assert named == set(STATEMENTS)
    status = {r["part"]: r["status"] for r in rows}
    assert set(status.values()) <= {"verified (seed)", "verified", "inferred", "stand-in"}
    # What map.json itself marks as reconstructed is a stand-in in the table as well.
    raw = board.raw
    assert {s["provenance"] for s in raw["cloister_spaces"]} == {"reconstructed"}
    assert {r["provenance"] for r in raw["roads"]} == {"reconstructed"}
    assert status["names and positions of the cloister spaces"] == "stand-in"
    assert status["roads and sea lanes"] == "stand-in"
    verified_pairs = [a["countries"] for a in raw["alliances"] if a["provenance"] == "verified"]
    assert sorted(map(sorted, verified_pairs)) == [["england", "frankreich"]]
    assert status["alliance England–Frankreich"] == "verified (seed)"
    assert status["the other 14 alliance pairs and the numbering"] == "stand-in"
    counts = {c["id"]: c["cloister_space_count_provenance"] for c in raw["countries"]}
    assert {k for k, v in counts.items() if v == "verified"} == {"frankreich", "schwaben"}
    assert status["cloister spaces of Frankreich (8) and Schwaben (4)"] == "verified"
    assert status["cloister spaces of the other seven countries"] == "inferred"
