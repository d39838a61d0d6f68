"""The dragon of Princess & Dragon (README §18.3 to §18.5): the volcano that puts it
on the board, the dragon tiles set aside until then, and its walk of six steps."""

from __future__ import annotations

from .board import DELTA, keypos
from .pieces import log_piece, release_orphans, take_back
from .state import DRAGON, DRAGON_STEPS, State, log
from .tiles import STRIDE, TYPES


def set_aside(state: State, t: int) -> bool:
    """README §18.4: a dragon tile drawn while the dragon is off the board waits
    beside the pile (public: the log names it, the view counts them)."""
    if not (state.options.drache and TYPES[t].dragon and state.dragon < 0):
        return False
    state.set_aside.append(t)
    log(state, "set_aside", tile=TYPES[t].id)
    return True


def erupt(state: State, key: int) -> None:
    """README §18.3: a volcano was placed at ``key``: the dragon flies there; after the
    first one the tiles set aside go back into the face-down land tiles, shuffled."""
    state.dragon = key
    x, y = keypos(key)
    log(state, "dragon_placed", seat=state.turn, x=x, y=y)
    if not state.set_aside:
        return
    # Only land tiles are left by now (the river comes first), but keep any river tile
    # on top where it was so the River's order is never touched.
    river = [t for t in state.pile if TYPES[t].river_role]
    land = [t for t in state.pile if not TYPES[t].river_role] + state.set_aside
    state.rng.shuffle(land)
    log(state, "reshuffled", count=len(state.set_aside))
    state.pile = land + river
    state.set_aside = []


def due(state: State) -> bool:
    """Whether the tile just placed makes the dragon walk (README §18.5)."""
    board = state.board
    return state.options.drache and state.dragon >= 0 and TYPES[board.tiles[-1].t].dragon


def steps(state: State) -> list[int]:
    """The squares the dragon may enter next: placed, orthogonal, not yet visited on
    this walk, not the fairy's (README §18.5), in the order N, E, S, W."""
    pos, here = state.board.pos, state.dragon
    return [
        k
        for k in (here + d for d in DELTA)
        if k in pos and k not in state.walk and k != state.fairy
    ]


def steerer(state: State) -> int:
    """The seat that moves the dragon next: the player of the turn, then seat order."""
    return (state.turn + len(state.walk) - 1) % state.seats


def start(state: State) -> bool:
    """Begin a walk; False (and nothing changes) when the dragon cannot move at all."""
    state.walk = [state.dragon]
    state.walk_left = DRAGON_STEPS
    if steps(state):
        state.phase = DRAGON
        return True
    stop(state)
    return False


def stop(state: State) -> None:
    state.walk = []
    state.walk_left = 0


def step(state: State, key: int) -> bool:
    """Move the dragon onto ``key`` (a square of ``steps``) and eat what stands there;
    True when the walk is over."""
    seat = steerer(state)
    state.dragon = key
    state.walk.append(key)
    state.walk_left -= 1
    x, y = keypos(key)
    log(state, "dragon_moved", seat=seat, x=x, y=y)
    eat(state, state.board.pos[key])
    if state.walk_left > 0 and steps(state):
        return False
    stop(state)
    return True


def eat(state: State, i: int) -> None:
    """Every piece on tile ``i`` goes home, farmers included (README §18.5, §18.9)."""
    board = state.board
    nodes = [n for n in sorted(board.meeples) if n // STRIDE == i]
    roots = set()
    for node in nodes:
        roots.add(board.find(node))
        seat, piece = take_back(state, node)
        log_piece(state, "eaten", node, seat, piece)
    release_orphans(state, roots)
