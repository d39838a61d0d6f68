"""The princess of Princess & Dragon (README §18.7): a princess city segment joining a
city with knights makes the player send one of them home."""

from __future__ import annotations

from .expansions import weight
from .pieces import release_orphans, take_back
from .state import MEEPLE, Princess, State, log
from .tiles import STRIDE, TYPES


def victims(state: State) -> list[int]:
    """The knights (followers of any colour, large ones too; not builders) the player
    must choose from in this deployment step, in node order; empty when the princess
    has nothing to do."""
    if not state.options.drache or state.phase != MEEPLE:
        return []
    board = state.board
    i = len(board.tiles) - 1
    out: set[int] = set()
    for local in TYPES[board.tiles[i].t].princess:
        feature = board.feature(i * STRIDE + local)[1]
        out.update(n for n in feature.meeples if weight(board, n) > 0)
    return sorted(out)


def node_of(state: State, intent: Princess) -> int:
    """The node a princess intent names, or -1 when it names no knight she may send
    home."""
    board = state.board
    for node in victims(state):
        p = board.tiles[node // STRIDE]
        if (p.x, p.y, TYPES[p.t].seg_ids[node % STRIDE]) == (intent.x, intent.y, intent.feature):
            return node
    return -1


def intents(state: State) -> list[Princess]:
    board = state.board
    out = []
    for node in victims(state):
        p = board.tiles[node // STRIDE]
        out.append(Princess(p.x, p.y, TYPES[p.t].seg_ids[node % STRIDE]))
    return out


def remove(state: State, seat: int, node: int) -> None:
    root = state.board.find(node)
    anchor = state.board.anchor(node)
    victim, _ = take_back(state, node)
    log(state, "princess", seat=seat, victim=victim, **anchor)
    release_orphans(state, {root})
