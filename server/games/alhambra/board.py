"""Geometry of one alhambra: placement, removal and swap checks, holes,
walkability and the longest outer wall (README §2, §7 and R-9.3; rule numbers R-x.y
are those of the README).

An alhambra is handled here as a dict ``(x, y) -> tile`` (tile index, or
:data:`FOUNTAIN` at ``(0, 0)``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from server.games.alhambra.data import FOUNTAIN, OPPOSITE, SIDES, STEP, TILE_WALLS, E, N, S, W

Cell = tuple[int, int]
Grid = dict[Cell, int]


def walls(tile: int) -> int:
    return 0 if tile == FOUNTAIN else TILE_WALLS[tile]


def _ring(c: Cell) -> list[Cell]:
    """The 8 cells around ``c`` in circular order NW, N, NE, E, SE, S, SW, W."""
    x, y = c
    return [
        (x - 1, y + 1),
        (x, y + 1),
        (x + 1, y + 1),
        (x + 1, y),
        (x + 1, y - 1),
        (x, y - 1),
        (x - 1, y - 1),
        (x - 1, y),
    ]


def has_hole(grid: Grid) -> bool:
    """R-7.3.1: flood-fill the empty cells of the bounding box grown by one."""
    xs = [x for x, _ in grid]
    ys = [y for _, y in grid]
    x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    seen = {(x0, y0)}
    todo = [(x0, y0)]
    while todo:
        x, y = todo.pop()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if x0 <= nx <= x1 and y0 <= ny <= y1 and (nx, ny) not in grid and (nx, ny) not in seen:
                seen.add((nx, ny))
                todo.append((nx, ny))
    empty = (x1 - x0 + 1) * (y1 - y0 + 1) - len(grid)
    return len(seen) != empty


def makes_hole_local(grid: Grid, c: Cell) -> bool:
    """R-7.3.2: placing on ``c`` makes a hole iff the occupied cells around it do
    not form one unbroken run (valid when the alhambra was legal before)."""
    marks = [cell in grid for cell in _ring(c)]
    changes = sum(1 for i in range(8) if marks[i] != marks[i - 1])
    return changes != 2


def reachable(grid: Grid) -> set[Cell]:
    """R-7.4.1: the tiles reachable from the fountain across open edges."""
    start = (0, 0)
    seen = {start}
    todo = deque([start])
    while todo:
        c = todo.popleft()
        w = walls(grid[c])
        for _, bit, dx, dy in SIDES:
            n = (c[0] + dx, c[1] + dy)
            if n in seen or n not in grid or w & bit or walls(grid[n]) & OPPOSITE[bit]:
                continue
            seen.add(n)
            todo.append(n)
    return seen


def walkable(grid: Grid) -> bool:
    return len(reachable(grid)) == len(grid)


def matching(grid: Grid) -> bool:
    """R-7.1.2: every shared edge is walled on both sides or on neither."""
    for (x, y), t in grid.items():
        w = walls(t)
        for _, bit, dx, dy in SIDES:
            n = grid.get((x + dx, y + dy))
            if n is not None and bool(w & bit) != bool(walls(n) & OPPOSITE[bit]):
                return False
    return True


def legal_alhambra(grid: Grid) -> bool:
    """Every invariant of R-7.1 (the fountain at the origin, matching, walkable, no hole)."""
    return grid.get((0, 0)) == FOUNTAIN and matching(grid) and walkable(grid) and not has_hole(grid)


def _contact(grid: Grid, tile: int, c: Cell) -> str | None:
    """R-7.2.2 to R-7.2.4 for ``tile`` on the empty cell ``c``: None or an error code."""
    w = walls(tile)
    touching = opened = False
    for _, bit, dx, dy in SIDES:
        n = grid.get((c[0] + dx, c[1] + dy))
        if n is None:
            continue
        touching = True
        mine = bool(w & bit)
        if mine != bool(walls(n) & OPPOSITE[bit]):
            return "walls_mismatch"
        if not mine:
            opened = True
    if not touching:
        return "not_adjacent"
    if not opened:
        return "not_walkable"
    return None


def placement_error(grid: Grid, tile: int, c: Cell, fast: bool = False) -> str | None:
    """Why ``tile`` may not go on ``c`` (R-7.2), or None when it may. The full hole
    test is used unless ``fast`` (then the local test of R-7.3.2)."""
    if c in grid:
        return "cell_taken"
    err = _contact(grid, tile, c)
    if err is not None:
        return err
    if fast:
        return "hole" if makes_hole_local(grid, c) else None
    grid[c] = tile
    try:
        return "hole" if has_hole(grid) else None
    finally:
        del grid[c]


def frontier(grid: Grid) -> list[Cell]:
    """The empty cells with an occupied orthogonal neighbour, in a fixed order."""
    out: set[Cell] = set()
    for x, y in grid:
        out.update(((x, y + 1), (x + 1, y), (x, y - 1), (x - 1, y)))
    out.difference_update(grid)
    return sorted(out)


def placements(grid: Grid, tile: int, cells: list[Cell] | None = None) -> list[Cell]:
    """Every cell where ``tile`` may be placed (``cells``: the frontier, if known)."""
    if cells is None:
        cells = frontier(grid)
    return [c for c in cells if placement_error(grid, tile, c, fast=True) is None]


# Where any tile may go, for every kind of tile at once: ``(x, y, sides, walled)``, a
# tile with walls ``w`` fits iff ``w & sides == walled``.
Site = tuple[int, int, int, int]


def sites(grid: Grid) -> tuple[list[Site], list[Site]]:
    """The cells a tile may be placed on (the local checks of :func:`placements`, in
    the frontier's order) and the tiles a reserve tile may replace (:func:`swap_error`,
    in the grid's order), each with the sides it touches (``sides``) and those of them
    walled on the other side (``walled``): a tile fits iff its walls on ``sides`` are
    exactly ``walled``. What a cell needs is worked out once for every tile that may
    go there (the legal list tries each tile of a reserve on each cell), with the
    checks written out: the legal list asks this for every new city."""
    wall = _walls_of(grid)
    free: list[Site] = []
    for x, y in frontier(grid):
        site = _free_site(wall, x, y)
        if site is not None:
            free.append(site)
    taken = [(x, y, *_needs(wall, x, y)) for (x, y), t in grid.items() if t != FOUNTAIN]
    return free, taken


def sites_after(
    grid: Grid, c: Cell, before: tuple[Sequence[Site], Sequence[Site]]
) -> tuple[list[Site], list[Site]]:
    """:func:`sites` of ``grid`` from ``before``, the sites of ``grid`` without its
    last tile, the one on ``c``: only the cells around ``c`` are looked at again. A
    free cell's answer depends on the 8 cells around it, a tile's on its 4
    neighbours, so the others' stay (a city grows a tile a turn, and its legal list
    was worked out the turn before)."""
    cx, cy = c
    wall = _walls_of(grid)
    free = [s for s in before[0] if abs(s[0] - cx) > 1 or abs(s[1] - cy) > 1]
    for x in (cx - 1, cx, cx + 1):
        for y in (cy - 1, cy, cy + 1):
            if (x, y) not in wall:
                site = _free_site(wall, x, y)
                if site is not None:
                    free.append(site)
    # The frontier's order (cells are unique, so the sites sort by their cells).
    free.sort()
    taken = [
        (x, y, *_needs(wall, x, y)) if abs(x - cx) + abs(y - cy) == 1 else (x, y, sides, walled)
        for x, y, sides, walled in before[1]
    ]
    taken.append((cx, cy, *_needs(wall, cx, cy)))
    return free, taken


def _walls_of(grid: Grid) -> dict[Cell, int]:
    return {c: walls(t) for c, t in grid.items()}


def _free_site(wall: dict[Cell, int], x: int, y: int) -> Site | None:
    """The empty cell ``(x, y)`` as a site, or None when no tile may go there:
    touching along a side, one touching side open (so walls that match make the tile
    walkable), and no hole (makes_hole_local), whatever the tile."""
    sides, walled = _needs(wall, x, y)
    if not sides or not sides & ~walled:
        return None
    ring = (
        ((x - 1, y + 1) in wall)
        | (sides & N) << 1  # N is bit 0 of sides: ring bit 1
        | ((x + 1, y + 1) in wall) << 2
        | (sides & E) << 2  # E is bit 1: ring bit 3
        | ((x + 1, y - 1) in wall) << 4
        | (sides & S) << 3  # S is bit 2: ring bit 5
        | ((x - 1, y - 1) in wall) << 6
        | (sides & W) << 4  # W is bit 3: ring bit 7
    )
    return (x, y, sides, walled) if _ONE_RUN[ring] else None


def _needs(wall: dict[Cell, int], x: int, y: int) -> tuple[int, int]:
    """The sides of ``(x, y)`` with a tile beyond (``wall``: walls by cell), and those
    of them it faces a wall on."""
    sides = walled = 0
    n = wall.get((x, y + 1))
    if n is not None:
        sides = N
        if n & S:
            walled = N
    n = wall.get((x + 1, y))
    if n is not None:
        sides |= E
        if n & W:
            walled |= E
    n = wall.get((x, y - 1))
    if n is not None:
        sides |= S
        if n & N:
            walled |= S
    n = wall.get((x - 1, y))
    if n is not None:
        sides |= W
        if n & E:
            walled |= W
    return sides, walled


# By the occupied cells around an empty one (bit i: the i-th cell of _ring): whether
# they form one unbroken run (makes_hole_local's test, for every ring at once).
_ONE_RUN = [
    sum(1 for i in range(8) if (r >> i & 1) != (r >> (i - 1) % 8 & 1)) == 2 for r in range(256)
]


def removal_error(grid: Grid, c: Cell, fast: bool = False) -> str | None:
    """R-7.5: why the tile on ``c`` may not go to the reserve, or None."""
    if c not in grid:
        return "no_tile"
    if grid[c] == FOUNTAIN:
        return "fountain"
    tile = grid.pop(c)
    try:
        if fast:
            # the vacated cell must touch the outside directly.
            if all((c[0] + dx, c[1] + dy) in grid for _, _, dx, dy in SIDES):
                return "hole"
        elif has_hole(grid):
            return "hole"
        if not walkable(grid):
            return "not_walkable"
        return None
    finally:
        grid[c] = tile


def swap_error(grid: Grid, tile: int, c: Cell) -> str | None:
    """R-7.6: why ``tile`` may not replace the tile on ``c``, or None."""
    if c not in grid:
        return "no_tile"
    if grid[c] == FOUNTAIN:
        return "fountain"
    w = walls(tile)
    for _, bit, dx, dy in SIDES:
        n = grid.get((c[0] + dx, c[1] + dy))
        if n is not None and bool(w & bit) != bool(walls(n) & OPPOSITE[bit]):
            return "walls_mismatch"
    return None


def outer_walls(grid: Grid) -> list[tuple[Cell, Cell]]:
    """R-9.3.2: the wall sides that face an empty cell, as lattice segments."""
    segs: list[tuple[Cell, Cell]] = []
    for (x, y), t in grid.items():
        w = walls(t)
        if not w:
            continue
        for bit, (dx, dy) in STEP.items():
            if w & bit and (x + dx, y + dy) not in grid:
                if bit == 1:  # N
                    segs.append(((x, y + 1), (x + 1, y + 1)))
                elif bit == 2:  # E
                    segs.append(((x + 1, y), (x + 1, y + 1)))
                elif bit == 4:  # S
                    segs.append(((x, y), (x + 1, y)))
                else:  # W
                    segs.append(((x, y), (x, y + 1)))
    return segs


def longest_wall(grid: Grid) -> int:
    """R-9.3.4: the number of segments in the largest connected set of outer wall
    segments (each is a simple path or a cycle, R-7.7.2)."""
    parent: dict[Cell, Cell] = {}

    def find(p: Cell) -> Cell:
        while parent.setdefault(p, p) != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    segs = outer_walls(grid)
    for a, b in segs:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
    sizes: dict[Cell, int] = {}
    for a, _ in segs:
        r = find(a)
        sizes[r] = sizes.get(r, 0) + 1
    return max(sizes.values(), default=0)


def removable(grid: Grid, taken: Sequence[Site] | None = None) -> list[Cell]:
    """Every tile that may go to the reserve (R-7.5.2), in the grid's order: not the
    fountain, an empty orthogonal neighbour, and not a cut vertex of the graph of
    open edges (so every other tile stays walkable). Given a legal alhambra, and
    ``taken`` of its :func:`sites` if known (what each tile touches)."""
    if taken is None:
        taken = sites(grid)[1]
    # The open edges of each tile (the walls on its side and on the other match, in
    # a legal alhambra, but both are read).
    adj: dict[Cell, list[Cell]] = {}
    around_fountain = {c: walls(grid[c]) for c in ((0, 1), (1, 0), (0, -1), (-1, 0)) if c in grid}
    for x, y, sides, walled in [(0, 0, *_needs(around_fountain, 0, 0)), *taken]:
        opened = sides & ~walled & ~walls(grid[(x, y)])
        around = adj[(x, y)] = []
        if opened & N:
            around.append((x, y + 1))
        if opened & E:
            around.append((x + 1, y))
        if opened & S:
            around.append((x, y - 1))
        if opened & W:
            around.append((x - 1, y))
    # Tarjan from the fountain: low-link values find the cut vertices.
    order: dict[Cell, int] = {(0, 0): 0}
    low: dict[Cell, int] = {(0, 0): 0}
    cut: set[Cell] = set()
    _low_links((0, 0), None, adj, order, low, cut)
    return [(x, y) for x, y, sides, _ in taken if sides != N | E | S | W and (x, y) not in cut]


def _low_links(
    c: Cell,
    parent: Cell | None,
    adj: dict[Cell, list[Cell]],
    order: dict[Cell, int],
    low: dict[Cell, int],
    cut: set[Cell],
) -> None:
    """Tarjan's depth-first search below ``c`` (``order`` and ``low`` set for it): the
    tiles below it get their order and low link, and the cut vertices go to ``cut``.
    Recursive, a call per tile (an alhambra has at most 55 of them, far below Python's
    limit), at module level, so no function holds itself in a cycle (collector.py)."""
    mine = low[c]
    for n in adj[c]:
        if n == parent:
            continue
        seen = order.get(n)
        if seen is not None:
            if seen < mine:
                mine = seen
            continue
        order[n] = low[n] = len(order)
        _low_links(n, c, adj, order, low, cut)
        below = low[n]
        if below < mine:
            mine = below
        if below >= order[c]:
            cut.add(c)
    low[c] = mine
