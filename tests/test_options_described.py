"""A game's options described for people (labels and choices in both languages, an
integer's bounds), and refusals that name the option and what it takes."""

from __future__ import annotations

from server import games
from server.games.base import IllegalIntent
from server.games.described import allowed, describe
from server.room.options import make_options


def spec(game: str, key: str):
    return next(s for s in describe(games.get(game).Options) if s.key == key)


def test_each_kind_of_option_is_described_with_what_it_takes() -> None:
    river = spec("carcassonne", "fluss")
    assert (river.kind, river.default, river.label) == (
        "bool",
        False,
        {"en": "River", "ja": "追加キット−川−"},
    )
    points = spec("carcassonne", "two_tile_city_points")
    assert points.kind == "choice" and [c.value for c in points.choices] == [2, 4]
    assert points.choices[0].label["ja"] == "2点（Brettspielwelt）"
    cap = spec("kingsburg", "soldier_cap")
    assert (cap.kind, cap.min, cap.max) == ("int", 0, 20)
    assert allowed(cap) == "a whole number from 0 to 20"
    assert spec("kardinal", "map_file").hidden  # the operator's, not the players'
    assert spec("kardinal", "tie_break").hidden  # one value: nothing to choose


def test_a_bad_value_is_refused_naming_the_option_and_its_values() -> None:
    for game, raw, words in [
        ("carcassonne", {"fluss": 3}, "true or false"),
        ("carcassonne", {"dragon_timing": "never"}, "'before_scoring' (before the tile's scoring)"),
        ("kingsburg", {"soldier_cap": 21}, "from 0 to 20"),
        ("kardinal", {"exchange_max_cards": 0}, "from 1 to 3"),
    ]:
        try:
            make_options(games.get(game), raw)
        except IllegalIntent as e:
            (key,) = raw
            assert e.code == "bad_option"
            assert key in e.message and words in e.message
            assert e.values == {"option": key, "value": raw[key]}
        else:
            raise AssertionError(f"{game} took {raw}")
