"""bench.patch_sizes compares our patches with RFC 6902 ones, each applied back: its
applier must not be fooled by views that share a part in two places."""

from __future__ import annotations

from bench.patch_sizes import apply_json_patch, json_patch, one_game


def test_a_part_shared_in_two_places_is_set_in_one() -> None:
    coin = {"c": "orange", "v": 4}
    old = {"display": [coin, coin]}  # one map, twice: as a view may share it
    new = {"display": [{"c": "orange", "v": 4}, {"c": "orange", "v": 6}]}
    ops = json_patch(old, new)
    assert apply_json_patch(old, ops) == new
    assert old == {"display": [coin, coin]} and coin["v"] == 4  # the old view untouched


def test_a_whole_alhambra_game_is_measured() -> None:
    # Seed 1 shows the same coin twice on the display at change 172 (the copy the
    # applier made kept them one map, and the measurement stopped there).
    sizes = one_game("alhambra", 4, 1)
    assert len(sizes["seat"]["patch"]) > 172
    assert all(n > 0 for n in sizes["spectators"]["compact"])
