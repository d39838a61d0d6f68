"""The board of Kardinal & König, read from a map file inside this package.

The printed board is only partly known (see the ``provenance`` block of ``map.json``), so
nothing about it lives in the code: a verified board file with the same schema can be
dropped next to ``map.json`` and chosen with the ``map_file`` option.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

PACKAGE_DIR = Path(__file__).parent
DEFAULT_MAP = "map.json"
_FILE_NAME = re.compile(r"^[A-Za-z0-9_-]+\.json$")


@dataclass(frozen=True)
class Board:
    """The map compiled into index tables; the state refers to everything by index."""

    raw: dict[str, Any]
    countries: tuple[str, ...]
    country_index: dict[str, int]
    country_spaces: tuple[tuple[int, ...], ...]
    country_card: tuple[int, ...]
    spaces: tuple[str, ...]
    space_index: dict[str, int]
    space_country: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]
    alliances: tuple[tuple[int, int, int], ...]  # (number, country a, country b), by number
    cards: tuple[str, ...]
    card_index: dict[str, int]
    card_counts: tuple[int, ...]
    card_countries: tuple[tuple[int, ...], ...]
    removal: dict[int, int]  # seats -> cards removed per card type
    cloisters_per_player: int
    cardinals_per_player: int

    def deck_size(self, seats: int) -> int:
        return sum(self.card_counts) - len(self.cards) * self.removal[seats]


def valid_map_name(name: str) -> bool:
    """Only plain file names inside this package: an option must never reach other paths."""
    return bool(_FILE_NAME.match(name)) and (PACKAGE_DIR / name).is_file()


@lru_cache(maxsize=8)
def load(name: str = DEFAULT_MAP) -> Board:
    if not valid_map_name(name):
        raise ValueError(f"no map file {name!r} in the kardinal package")
    raw = json.loads((PACKAGE_DIR / name).read_text(encoding="utf-8"))
    return compile_board(raw)


def compile_board(raw: dict[str, Any]) -> Board:
    """Index the map and check that it hangs together; a broken file fails loudly here."""
    cards = tuple(c["id"] for c in raw["card_types"])
    card_index = {c: i for i, c in enumerate(cards)}
    countries = tuple(c["id"] for c in raw["countries"])
    country_index = {c: i for i, c in enumerate(countries)}
    spaces = tuple(s["id"] for s in raw["cloister_spaces"])
    space_index = {s: i for i, s in enumerate(spaces)}
    if len(set(cards)) != len(cards) or len(set(countries)) != len(countries):
        raise ValueError("duplicate card type or country id")
    if len(space_index) != len(spaces):
        raise ValueError("duplicate cloister space id")

    space_country = tuple(country_index[s["country"]] for s in raw["cloister_spaces"])
    country_spaces = tuple(
        tuple(i for i, c in enumerate(space_country) if c == k) for k in range(len(countries))
    )
    for k, country in enumerate(raw["countries"]):
        listed = {space_index[s] for s in country["cloister_spaces"]}
        if listed != set(country_spaces[k]) or len(listed) != country["cloister_space_count"]:
            raise ValueError(f"cloister spaces of {country['id']} disagree")

    card_countries = tuple(
        tuple(country_index[c] for c in card["countries"]) for card in raw["card_types"]
    )
    country_card = tuple(card_index[c["card_type"]] for c in raw["countries"])
    for k, t in enumerate(country_card):
        if k not in card_countries[t]:
            raise ValueError(f"card type {cards[t]} does not name {countries[k]}")
    if sorted(k for names in card_countries for k in names) != list(range(len(countries))):
        raise ValueError("every country must appear on exactly one card type")

    links: list[set[int]] = [set() for _ in spaces]
    for road in raw["roads"]:
        a, b = space_index[road["a"]], space_index[road["b"]]
        if a == b:
            raise ValueError("a road must join two spaces")
        links[a].add(b)
        links[b].add(a)

    alliances = tuple(
        sorted(
            (a["number"], country_index[a["countries"][0]], country_index[a["countries"][1]])
            for a in raw["alliances"]
        )
    )
    pieces = raw["pieces_per_player"]
    return Board(
        raw=raw,
        countries=countries,
        country_index=country_index,
        country_spaces=country_spaces,
        country_card=country_card,
        spaces=spaces,
        space_index=space_index,
        space_country=space_country,
        neighbours=tuple(tuple(sorted(n)) for n in links),
        alliances=alliances,
        cards=cards,
        card_index=card_index,
        card_counts=tuple(c["count"] for c in raw["card_types"]),
        card_countries=card_countries,
        removal={int(k): v for k, v in raw["deck_removal_per_card_type_by_player_count"].items()},
        cloisters_per_player=pieces["cloisters"],
        cardinals_per_player=pieces["cardinals"],
    )
