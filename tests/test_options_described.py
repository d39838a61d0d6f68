"""A game's options described for people (labels and choices in both languages, an
integer's bounds), and refusals that name the option and what it takes."""

from __future__ import annotations

import msgspec

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


def test_each_dependency_names_a_yes_no_option_of_its_own_game() -> None:
    """``requires`` names options a client hides the dependent one behind: each must be
    a real, visible yes/no option of the same game, and not the option itself."""
    for name in games.names():
        described = {s.key: s for s in describe(games.get(name).Options)}
        for s in described.values():
            for parent in s.requires or []:
                assert parent in described, f"{name}.{s.key} requires unknown {parent!r}"
                assert parent != s.key, f"{name}.{s.key} requires itself"
                assert described[parent].kind == "bool", f"{name}.{s.key}: {parent} is no yes/no"
                assert not described[parent].hidden, f"{name}.{s.key}: {parent} is not offered"


def test_carcassonne_names_the_expansion_each_sub_option_belongs_to() -> None:
    assert spec("carcassonne", "river_start_tile").requires == ["fluss"]
    assert spec("carcassonne", "pig_old").requires == ["old", "haendler"]
    assert spec("carcassonne", "dragon_timing").requires == ["drache"]
    assert spec("carcassonne", "fairy_on").requires == ["drache"]
    assert spec("carcassonne", "fluss").requires is None
    # Served with the rest of the description, and left out where there is none.
    served = msgspec.to_builtins(describe(games.get("carcassonne").Options))
    assert next(o for o in served if o["key"] == "fairy_on")["requires"] == ["drache"]
    assert "requires" not in next(o for o in served if o["key"] == "drache")
