"""Geometry of one alhambra: placement, removal and swap checks, holes,
walkability and the longest outer wall (README §2, §7 and R-9.3; rule numbers R-x.y
are those of the README).

An alhambra is handled here as a dict ``(x, y) -> tile`` (tile index, or
:data:`FOUNTAIN` at ``(0, 0)``).
"""

from __future__ import annotations

from collections import deque

from server.games.alhambra.data import FOUNTAIN, OPPOSITE, SIDES, STEP, TILE_WALLS

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
        for _, _, dx, dy in SIDES:
            n = (x + dx, y + dy)
            if n not in grid:
                out.add(n)
    return sorted(out)


def placements(grid: Grid, tile: int, cells: list[Cell] | None = None) -> list[Cell]:
    """Every cell where ``tile`` may be placed (``cells``: the frontier, if known)."""
    if cells is None:
        cells = frontier(grid)
    return [c for c in cells if placement_error(grid, tile, c, fast=True) is None]


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


def removable(grid: Grid) -> list[Cell]:
    """Every tile that may go to the reserve (R-7.5.2), in the grid's order: not the
    fountain, an empty orthogonal neighbour, and not a cut vertex of the graph of
    open edges (so every other tile stays walkable). Given a legal alhambra."""
    adj: dict[Cell, list[Cell]] = {}
    for c, t in grid.items():
        w = walls(t)
        adj[c] = [
            n
            for _, bit, dx, dy in SIDES
            if (n := (c[0] + dx, c[1] + dy)) in grid
            and not w & bit
            and not walls(grid[n]) & OPPOSITE[bit]
        ]
    # Iterative Tarjan from the fountain: low-link values find the cut vertices.
    order: dict[Cell, int] = {(0, 0): 0}
    low: dict[Cell, int] = {(0, 0): 0}
    cut: set[Cell] = set()
    stack: list[tuple[Cell, Cell | None, int]] = [((0, 0), None, 0)]
    while stack:
        c, parent, i = stack.pop()
        if i < len(adj[c]):
            stack.append((c, parent, i + 1))
            n = adj[c][i]
            if n == parent:
                continue
            if n in order:
                low[c] = min(low[c], order[n])
            else:
                order[n] = low[n] = len(order)
                stack.append((n, c, 0))
        elif parent is not None:
            low[parent] = min(low[parent], low[c])
            if low[c] >= order[parent]:
                cut.add(parent)
    return [
        c
        for c in grid
        if grid[c] != FOUNTAIN
        and c not in cut
        and any((c[0] + dx, c[1] + dy) not in grid for _, _, dx, dy in SIDES)
    ]
