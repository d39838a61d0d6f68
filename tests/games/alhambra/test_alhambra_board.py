"""Building rules on hand-built alhambras: placement (R-7.2), holes (R-7.3),
walkability (R-7.4), removal (R-7.5), swaps (R-7.6) and the longest wall (R-9.3)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from server.games.alhambra import board
from server.games.alhambra.data import FOUNTAIN, TILE_IDS, TILE_INDEX

T = TILE_INDEX
OPEN = [t for t in TILE_IDS if t.endswith("_none")]


def grid(*cells: tuple[int, int, str]) -> board.Grid:
    g: board.Grid = {(0, 0): FOUNTAIN}
    for x, y, tile_id in cells:
        g[(x, y)] = T[tile_id]
    return g


def err(g: board.Grid, tile_id: str, x: int, y: int) -> str | None:
    """The full check, and the fast one of the legal list must agree."""
    full = board.placement_error(g, T[tile_id], (x, y))
    fast = board.placement_error(g, T[tile_id], (x, y), fast=True)
    assert full == fast
    return full


def test_placement_next_to_the_fountain_needs_an_open_side_towards_it() -> None:
    g = grid()
    assert err(g, "garden_10_none", 1, 0) is None
    assert err(g, "pavilion_07_E", 1, 0) is None  # its wall faces away
    assert err(g, "seraglio_07_W", 1, 0) == "walls_mismatch"
    assert err(g, "pavilion_06_N", 0, -1) == "walls_mismatch"
    assert err(g, "pavilion_06_N", 0, 1) is None


def test_placement_needs_an_empty_cell_touching_along_a_side() -> None:
    g = grid()
    assert err(g, "garden_10_none", 0, 0) == "cell_taken"
    assert err(g, "garden_10_none", 1, 1) == "not_adjacent"  # corner only, R-7.2.2
    assert err(g, "garden_10_none", 2, 0) == "not_adjacent"


def test_walls_must_match_on_every_touching_side() -> None:
    g = grid((1, 0, "pavilion_07_E"), (0, 1, "garden_10_none"))
    # (1, 1) touches (1, 0) (open N side) and (0, 1) (open E side)
    assert err(g, "tower_11_none", 1, 1) is None
    assert err(g, "seraglio_07_W", 1, 1) == "walls_mismatch"
    assert err(g, "seraglio_08_S", 1, 1) == "walls_mismatch"


def test_a_tile_touching_only_wall_to_wall_is_not_walkable() -> None:
    g = grid((1, 0, "pavilion_07_E"))
    assert err(g, "chambers_09_W", 2, 0) == "not_walkable"
    assert err(g, "garden_10_none", 2, 0) == "walls_mismatch"
    g2 = grid((1, 0, "pavilion_07_E"), (1, 1, "garden_10_none"), (2, 1, "garden_11_none"))
    # now the same tile also touches (2, 1) through its open north side
    assert err(g2, "chambers_09_W", 2, 0) is None


def test_closing_a_ring_makes_a_hole_of_two_cells() -> None:
    ring = [(1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2), (0, 3), (2, 3)]
    g = grid(*[(x, y, OPEN[i]) for i, (x, y) in enumerate(ring)])
    assert board.legal_alhambra(g)
    assert err(g, OPEN[8], 1, 3) == "hole"  # would enclose (1, 1) and (1, 2)
    assert err(g, OPEN[8], 3, 0) is None
    assert err(g, OPEN[8], 1, 2) == "hole"  # (1, 1) would be closed in
    assert err(g, OPEN[8], 1, 1) is None  # the notch may be filled from the bottom


def test_a_cell_closed_on_its_four_sides_is_a_hole_even_with_an_empty_diagonal() -> None:
    cells = [(1, 0), (2, 0), (2, 1), (0, 1), (0, 2)]
    g = grid(*[(x, y, OPEN[i]) for i, (x, y) in enumerate(cells)])
    assert board.legal_alhambra(g)
    # (1, 2) would close (1, 1) on all four sides; (2, 2) stays empty (R-7.1.4, D7)
    assert err(g, OPEN[5], 1, 2) == "hole"
    g[(1, 2)] = T[OPEN[5]]
    assert board.has_hole(g) and not board.legal_alhambra(g)


def test_global_hole_test_and_walkability() -> None:
    assert not board.has_hole(grid())
    g = grid((1, 0, "pavilion_07_E"), (2, 0, "chambers_09_W"))
    assert not board.walkable(g) and board.reachable(g) == {(0, 0), (1, 0)}
    assert board.matching(g) and not board.legal_alhambra(g)
    assert not board.matching(grid((1, 0, "seraglio_07_W")))


def test_removal_must_keep_every_tile_walkable_and_no_hole() -> None:
    g = grid((1, 0, "garden_10_none"), (2, 0, "garden_11_none"))
    for fast in (False, True):
        assert board.removal_error(g, (1, 0), fast) == "not_walkable"
        assert board.removal_error(g, (2, 0), fast) is None
        assert board.removal_error(g, (0, 0), fast) == "fountain"
        assert board.removal_error(g, (5, 5), fast) == "no_tile"
    # a full 3x3 block with the fountain in a corner: the centre cannot leave
    cells = [(x, y) for x in range(3) for y in range(3) if (x, y) != (0, 0)]
    full = grid(*[(x, y, OPEN[i]) for i, (x, y) in enumerate(cells)])
    assert board.legal_alhambra(full)
    assert board.removal_error(full, (1, 1)) == "hole"
    assert board.removal_error(full, (1, 1), fast=True) == "hole"
    assert board.removal_error(full, (2, 2)) is None


def test_swap_keeps_the_cell_and_must_match_its_neighbours() -> None:
    g = grid((1, 0, "garden_10_none"), (1, 1, "garden_11_none"))
    assert board.swap_error(g, T["tower_11_none"], (1, 0)) is None
    assert board.swap_error(g, T["pavilion_07_E"], (1, 0)) is None  # E faces empty
    assert board.swap_error(g, T["seraglio_07_W"], (1, 0)) == "walls_mismatch"
    assert board.swap_error(g, T["pavilion_06_N"], (1, 0)) == "walls_mismatch"
    assert board.swap_error(g, T["tower_11_none"], (0, 0)) == "fountain"
    assert board.swap_error(g, T["tower_11_none"], (3, 3)) == "no_tile"


def test_longest_wall_of_one_tile_turns_corners() -> None:
    assert board.longest_wall(grid((0, 1, "pavilion_02_NEW"))) == 3
    assert board.longest_wall(grid()) == 0


def test_separate_walls_do_not_add_up() -> None:
    g = grid((0, 1, "pavilion_06_N"), (0, -1, "seraglio_08_S"))
    assert board.legal_alhambra(g)
    assert board.longest_wall(g) == 1


def test_walls_between_two_tiles_are_not_outer_walls() -> None:
    g = grid(
        (1, 0, "pavilion_07_E"),
        (1, 1, "garden_10_none"),
        (2, 1, "garden_11_none"),
        (2, 0, "chambers_09_W"),
    )
    assert board.legal_alhambra(g)
    assert board.longest_wall(g) == 0


def test_a_closed_ring_scores_every_segment() -> None:
    ring = grid(
        (-1, 1, "pavilion_05_NW"),
        (0, 1, "pavilion_06_N"),
        (1, 1, "seraglio_04_NE"),
        (1, 0, "pavilion_07_E"),
        (1, -1, "pavilion_04_ES"),
        (0, -1, "seraglio_08_S"),
        (-1, -1, "pavilion_03_SW"),
        (-1, 0, "seraglio_07_W"),
    )
    assert board.legal_alhambra(ring)
    assert board.longest_wall(ring) == 12  # D8
    # replacing one wall tile by an open one opens the ring: 11 segments in one path
    ring[(0, 1)] = T["garden_10_none"]
    assert board.longest_wall(ring) == 11


def test_wall_around_an_inside_corner_is_continuous() -> None:
    # An L: walls along the west of (0, 1)... and the north of (-1, 0) meet at (0, 1).
    g = grid((0, 1, "seraglio_07_W"), (-1, 0, "pavilion_06_N"))
    assert board.legal_alhambra(g)
    # W side of (0,1) is (0,1)-(0,2); N side of (-1,0) is (-1,1)-(0,1): they share (0,1)
    assert board.longest_wall(g) == 2


@settings(deadline=None, max_examples=30)
@given(seed=st.integers(0, 2**32), size=st.integers(3, 40))
def test_random_alhambras_keep_the_rules_and_fast_checks_agree(seed: int, size: int) -> None:
    """Grow an alhambra with random legal placements (the legal list uses the local
    hole test); the full tests of R-7.3.1 / R-7.5 must agree at every step."""
    rng = random.Random(seed)
    tiles = list(range(len(TILE_IDS)))
    rng.shuffle(tiles)
    g: board.Grid = {(0, 0): FOUNTAIN}
    for tile in tiles[:size]:
        for c in board.frontier(g):
            assert board.placement_error(g, tile, c) == board.placement_error(g, tile, c, True)
        cells = board.placements(g, tile)
        if not cells:
            continue
        g[rng.choice(cells)] = tile
        assert board.legal_alhambra(g)
        for c in list(g):
            assert board.removal_error(g, c) == board.removal_error(g, c, fast=True)
        assert board.removable(g) == [c for c in list(g) if board.removal_error(g, c) is None]
        for c in list(g):
            if board.swap_error(g, tiles[-1], c) is None:
                old = g[c]
                g[c] = tiles[-1]
                assert board.legal_alhambra(g)
                g[c] = old


@settings(deadline=None, max_examples=30)
@given(seed=st.integers(0, 2**32), size=st.integers(3, 40))
def test_sites_answer_as_the_checks_for_every_tile(seed: int, size: int) -> None:
    """board.sites, worked out once per alhambra for every tile at once, gives the
    cells and swaps that the per-tile checks give, in the same order; and so does
    board.sites_after, from the sites before the last tile."""
    rng = random.Random(seed)
    tiles = list(range(len(TILE_IDS)))
    rng.shuffle(tiles)
    g: board.Grid = {(0, 0): FOUNTAIN}
    for tile in tiles[:size]:
        free, taken = board.sites(g)
        assert board.removable(g, taken) == [
            c for c in list(g) if board.removal_error(g, c) is None
        ]
        for t in range(len(TILE_IDS)):
            w = board.walls(t)
            assert [(x, y) for x, y, sides, walled in free if w & sides == walled] == (
                board.placements(g, t)
            )
            assert [(x, y) for x, y, sides, walled in taken if w & sides == walled] == [
                c for c in g if board.swap_error(g, t, c) is None
            ]
        cells = board.placements(g, tile)
        if cells:
            c = rng.choice(cells)
            g[c] = tile
            # Worked out again around the new tile only, as the legal list does.
            assert board.sites_after(g, c, (free, taken)) == board.sites(g)
