"""Carcassonne as played on Brettspielwelt: base game, River (``fluss``), old farmers
(``old``), Inns & Cathedrals (``erweiterung``), King & Robber Baron (``koenig``) and
Traders & Builders (``haendler``).

A turn is two intents, as on BSW: ``place`` the drawn tile, then ``meeple`` on one
segment of it or ``pass``. Completed features are scored after the second intent,
then the next seat draws; tiles that fit nowhere are removed with a log entry.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import msgspec

from server.games.base import Game, IllegalIntent, Result, lead
from server.games.logview import ByIdentity, LogView
from server.games.rng import Rng

from . import scoring
from . import tiles as catalogue_data
from .board import DELTA, LIMIT, Board, Placed, keypos, poskey
from .expansions import (
    BUILDER,
    FOLLOWER,
    GOODS,
    LARGE,
    PIECE_NAMES,
    PIG,
    holds_follower,
    piece_of,
    piece_seats,
    tile_sets,
)
from .state import (
    MEEPLE,
    MEEPLES,
    OVER,
    PHASE_NAMES,
    PLACE,
    Intent,
    Meeple,
    Options,
    Pass,
    Place,
    State,
    log,
    stock,
)
from .tiles import (
    BY_ID,
    CITY,
    FIELD,
    KIND_NAMES,
    LAKE,
    ROAD,
    SOURCE,
    START,
    STRIDE,
    TYPES,
)


def _river_turn(state: State, t: int, r: int) -> int:
    """How a river tile at the open end bends the flow: 0, 1 (right) or 3 (left)."""
    entry = (state.river_dir + 2) % 4
    outs = [s for s in TYPES[t].rot[r].river_sides if s != entry]
    return (outs[0] - state.river_dir) % 4 if outs else 0


def _is_river(t: int) -> bool:
    return TYPES[t].river_role in ("course", "lake")


def placements(state: State, t: int) -> list[tuple[int, int]]:
    """Every legal (poskey, rotation) for tile type ``t``: the frontier, plus the
    River's rules (only at the open end, no immediate U-turn)."""
    board = state.board
    if not _is_river(t):
        return board.placements(t)
    key = state.river_end
    if key < 0:
        return []
    return [(key, r) for r in board.fits(t, key) if not _uturn(state, t, r)]


def _uturn(state: State, t: int, r: int) -> bool:
    turn = _river_turn(state, t, r)
    return turn != 0 and turn == state.river_turn


def _placeable(state: State, t: int) -> bool:
    if _is_river(t):
        return bool(placements(state, t))
    return state.board.placeable(t)


_NONE_LEFT = {
    FOLLOWER: ("no_meeples", "You have no meeple left in your supply."),
    LARGE: ("no_large_follower", "Your large follower is already out."),
    BUILDER: ("no_builder", "Your builder is already out."),
    PIG: ("no_pig", "Your pig is already out."),
}


def _refusal(state: State, seat: int, node: int, piece: int) -> tuple[str, str] | None:
    """Why ``piece`` may not go on ``node`` of the tile just placed (README §4.4,
    §14.4, §16.3, §16.4), or None; the supply is checked by the caller."""
    board = state.board
    feature = board.feature(node)[1]
    if piece in (FOLLOWER, LARGE):
        if feature.meeples:
            return ("feature_occupied", "A meeple already stands on this connected feature.")
        return None
    if piece == BUILDER:
        if feature.kind in (CITY, ROAD) and holds_follower(board, feature, seat):
            return None
        return (
            "builder_needs_follower",
            "The builder goes on a city or road that holds one of your followers.",
        )
    if feature.kind == FIELD and holds_follower(board, feature, seat):
        return None
    return ("pig_needs_farmer", "The pig goes on a field that holds one of your farmers.")


# Aliases: inside the class body, State and Options name the class attributes.
GameState = State
GameOptions = Options


class Carcassonne(Game):
    name: ClassVar[str] = "carcassonne"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 6  # 6 only with erweiterung (check_options, README §1.1)
    Options: ClassVar[type[msgspec.Struct]] = Options
    Intent: ClassVar[Any] = Intent
    State: ClassVar[type[msgspec.Struct]] = State

    # -- setup -------------------------------------------------------------------

    def setup(self, seats: int, options: Any, seed: int) -> GameState:
        opts: GameOptions = options if options is not None else GameOptions()
        rng = Rng.from_seed(seed)
        base = []
        sets = tile_sets(opts)
        for t in TYPES:
            if t.set not in sets:
                continue
            copies = t.count - t.start_copies
            if opts.fluss and opts.river_start_tile == "shuffle":
                copies = t.count
            base += [t.index] * copies
        rng.shuffle(base)
        order = base
        if opts.fluss:
            courses = [t.index for t in TYPES if t.river_role == "course" for _ in range(t.count)]
            rng.shuffle(courses)
            order = courses + [LAKE.index] + base
        first = rng.below(seats)
        return self._start(seats, opts, rng, order, first)

    def setup_fixed(
        self, seats: int, options: GameOptions | None, order: list[str], first: int = 0
    ) -> GameState:
        """A game whose face-down tiles come in exactly ``order`` (tile type ids): the
        hook the tests use to build boards by hand. The start tile (or the river
        source) is placed as usual."""
        opts = options if options is not None else GameOptions()
        return self._start(seats, opts, Rng.from_seed(0), [BY_ID[i].index for i in order], first)

    def _start(
        self, seats: int, opts: GameOptions, rng: Rng, order: list[int], first: int
    ) -> GameState:
        if not self.min_seats <= seats <= self.max_seats:
            raise IllegalIntent("bad_option", "Carcassonne is played by 2 to 6 players.")
        state = GameState(
            seats=seats,
            options=opts,
            rng=rng,
            pile=order[::-1],
            drawn=-1,
            turn=first,
            phase=PLACE,
            board=Board(),
            supply=[MEEPLES] * seats,
            scores=[0] * seats,
            log=[],
            removed=[],
            large=[1] * seats if opts.erweiterung else [],
        )
        if opts.haendler:
            state.builders, state.pigs = [1] * seats, [1] * seats
            state.goods = [[0, 0, 0] for _ in range(seats)]
        start = SOURCE if opts.fluss else START
        state.board.place(start.index, 0, 0, 0)
        if opts.fluss:
            state.river_dir = start.rot[0].river_sides[0]
            state.river_end = poskey(0, 0) + DELTA[state.river_dir]
        log(state, "game_start", tile=start.id, seat=first)
        self._draw(state)
        return state

    # -- the contract ------------------------------------------------------------

    def check_options(self, options: Any, seats: int) -> None:
        """README §1.1: a sixth player only with Inns & Cathedrals (its sixth colour).
        ``setup`` itself takes 2 to 6 seats with any options; the hall asks here first."""
        if seats > 5 and not options.erweiterung:
            raise IllegalIntent(
                "bad_option", "Six players need /option erweiterung; otherwise 2 to 5."
            )

    def active(self, state: GameState) -> frozenset[int]:
        return frozenset() if state.phase == OVER else frozenset((state.turn,))

    def result(self, state: GameState) -> Result | None:
        if state.phase != OVER:
            return None
        return Result.from_keys(state.scores, list(state.scores))

    def catalogue(self) -> dict[str, Any]:
        return catalogue_data.catalogue()

    def legal(self, state: GameState, seat: int) -> list[Any]:
        if state.phase == OVER or seat != state.turn:
            return []
        if state.phase == PLACE:
            out: list[Any] = []
            for key, r in sorted(placements(state, state.drawn)):
                x, y = keypos(key)
                out.append(Place(x, y, r))
            return out
        out = []
        pieces = self._in_supply(state, seat)
        if pieces:
            board = state.board
            i = len(board.tiles) - 1
            tt = TYPES[board.tiles[i].t]
            for local, sid in enumerate(tt.seg_ids):
                node = i * STRIDE + local
                out += [
                    Meeple(sid, PIECE_NAMES[p])
                    for p in pieces
                    if not _refusal(state, seat, node, p)
                ]
        out.append(Pass())
        return out

    def _in_supply(self, state: GameState, seat: int) -> list[int]:
        """The kinds of piece the seat could deploy now (README §4.2, §14.4, §16)."""
        out = []
        for piece in (FOLLOWER, LARGE, BUILDER, PIG):
            left = stock(state, piece)
            if left and left[seat] > 0:
                out.append(piece)
        return out

    def apply(self, state: GameState, seat: int, intent: Any) -> GameState:
        if state.phase == OVER:
            raise IllegalIntent("game_over", "The game is over.")
        if seat != state.turn:
            raise IllegalIntent("not_your_turn", "It is another player's turn.")
        if isinstance(intent, Place):
            self._check_place(state, intent)
            self._do_place(state, intent)
        elif isinstance(intent, Meeple):
            node, piece = self._check_meeple(state, seat, intent)
            self._do_meeple(state, seat, node, piece)
            self._finish_turn(state)
        elif isinstance(intent, Pass):
            if state.phase != MEEPLE:
                raise IllegalIntent("wrong_phase", "Place the drawn tile first.")
            log(state, "meeple_skipped", seat=seat)
            self._finish_turn(state)
        else:
            raise IllegalIntent("bad_intent", "Carcassonne knows place, meeple and pass.")
        return state

    def value(self, state: GameState, seat: int) -> float:
        """The seat's lead if the game ended now (every unfinished feature and farm
        scored as at the end): what a follower on a growing city is worth shows."""
        if state.phase != OVER:
            state = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=GameState)
            scoring.final_scoring(state)
        return lead(state.scores, seat)

    def determinize(self, state: GameState, seat: int, rng: random.Random) -> GameState:
        """Which tiles are still face down is public (every tile of the chosen sets,
        less those on the board, removed or drawn); only their order is hidden. So the
        copy deals the pile anew: the river's courses, the lake and the other tiles
        each in their own places, as the game stacks them, each group sorted first so
        that the real order is forgotten, then shuffled."""
        copy = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=GameState)
        groups: dict[str, list[int]] = {}
        for i, t in enumerate(copy.pile):
            groups.setdefault(TYPES[t].river_role or "land", []).append(i)
        for places in groups.values():
            tiles = sorted(copy.pile[i] for i in places)
            rng.shuffle(tiles)
            for i, t in zip(places, tiles, strict=True):
                copy.pile[i] = t
        copy.rng = Rng.from_seed(rng.getrandbits(64))
        return copy

    # -- checks ------------------------------------------------------------------

    def _check_place(self, state: GameState, intent: Place) -> None:
        if state.phase != PLACE:
            raise IllegalIntent("wrong_phase", "Put a meeple on the tile you placed, or pass.")
        if not 0 <= intent.r <= 3:
            raise IllegalIntent("illegal_placement", "The rotation must be 0, 1, 2 or 3.")
        if not (-LIMIT < intent.x < LIMIT and -LIMIT < intent.y < LIMIT):
            raise IllegalIntent("illegal_placement", "That square is far away from every tile.")
        board, t = state.board, state.drawn
        key = poskey(intent.x, intent.y)
        if key in board.pos:
            raise IllegalIntent("illegal_placement", "That square already holds a tile.")
        if key not in board.frontier:
            raise IllegalIntent(
                "illegal_placement", "A tile must touch a placed tile along a side."
            )
        if _is_river(t) and key != state.river_end:
            raise IllegalIntent(
                "illegal_placement", "A river tile must continue the open end of the river."
            )
        if intent.r not in board.fits(t, key):
            raise IllegalIntent(
                "illegal_placement",
                "Every side must match its neighbour: city to city, road to road, field to field.",
            )
        if _is_river(t) and _uturn(state, t, intent.r):
            raise IllegalIntent(
                "illegal_placement",
                "The river may not turn the same way twice in a row (no U-turn).",
            )

    def _check_meeple(self, state: GameState, seat: int, intent: Meeple) -> tuple[int, int]:
        if state.phase != MEEPLE:
            raise IllegalIntent("wrong_phase", "Place the drawn tile first.")
        piece = piece_of(state.options, intent.piece)
        if piece < 0:
            raise IllegalIntent(
                "bad_piece",
                "No such piece in this game: the large follower needs erweiterung, the builder "
                "and the pig haendler.",
            )
        board = state.board
        i = len(board.tiles) - 1
        tt = TYPES[board.tiles[i].t]
        local = tt.local.get(intent.feature)
        if local is None:
            raise IllegalIntent(
                "unknown_feature",
                "The tile you placed has no city, road, field or monastery of that id.",
            )
        if stock(state, piece)[seat] <= 0:
            raise IllegalIntent(*_NONE_LEFT[piece])
        node = i * STRIDE + local
        refusal = _refusal(state, seat, node, piece)
        if refusal:
            raise IllegalIntent(*refusal)
        return node, piece

    # -- effects -----------------------------------------------------------------

    def _do_place(self, state: GameState, intent: Place) -> None:
        t = state.drawn
        key = poskey(intent.x, intent.y)
        river = _is_river(t)
        turn = _river_turn(state, t, intent.r) if river else 0
        i = state.board.place(t, intent.x, intent.y, intent.r)
        if state.options.haendler and not state.extra:
            state.bonus = self._extends_builder(state, i)
        if river:
            entry = (state.river_dir + 2) % 4
            outs = [s for s in TYPES[t].rot[intent.r].river_sides if s != entry]
            if outs:
                state.river_dir = outs[0]
                state.river_end = key + DELTA[outs[0]]
                state.river_turn = turn
            else:
                state.river_end = -1
        log(
            state,
            "tile_placed",
            seat=state.turn,
            tile=TYPES[t].id,
            x=intent.x,
            y=intent.y,
            r=intent.r,
        )
        state.drawn = -1
        state.phase = MEEPLE

    def _extends_builder(self, state: GameState, i: int) -> bool:
        """README §16.3: whether tile ``i`` joins a city or road holding the builder of
        the player who placed it (the builder's own placement comes after the tile, so
        it never triggers in its own turn)."""
        board = state.board
        tt = TYPES[board.tiles[i].t]
        for local, kind in enumerate(tt.kinds):
            if kind in (CITY, ROAD):
                feature = board.feature(i * STRIDE + local)[1]
                if state.turn in piece_seats(board, feature, BUILDER):
                    return True
        return False

    def _do_meeple(self, state: GameState, seat: int, node: int, piece: int) -> None:
        board = state.board
        board.meeples[node] = seat
        board.feature(node)[1].meeples.append(node)
        extra: dict[str, Any] = {}
        stock(state, piece)[seat] -= 1
        if piece != FOLLOWER:
            board.pieces[node] = piece
            extra["piece"] = PIECE_NAMES[piece]
        kind = TYPES[board.tiles[node // STRIDE].t].kinds[node % STRIDE]
        log(state, "meeple_placed", seat=seat, kind=KIND_NAMES[kind], **board.anchor(node), **extra)

    def _finish_turn(self, state: GameState) -> None:
        scoring.score_completed(state)
        # README §16.3: the builder's extra tile, at most one per turn.
        state.extra, state.bonus = state.bonus, False
        if state.extra:
            log(state, "builder_turn", seat=state.turn)
        else:
            state.turn = (state.turn + 1) % state.seats
        self._draw(state)

    def _draw(self, state: GameState) -> None:
        while state.pile:
            t = state.pile.pop()
            if _placeable(state, t):
                state.drawn = t
                state.phase = PLACE
                return
            state.removed.append(t)
            log(state, "tile_removed", seat=state.turn, tile=TYPES[t].id)
        state.drawn = -1
        state.extra = False
        scoring.final_scoring(state)

    # -- views -------------------------------------------------------------------

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        board = state.board
        on_tile: dict[int, list[dict[str, Any]]] = {}
        for node in sorted(board.meeples):
            i, local = divmod(node, STRIDE)
            item = {"seat": board.meeples[node], "feature": TYPES[board.tiles[i].t].seg_ids[local]}
            piece = board.pieces.get(node)
            if piece is not None:
                item["piece"] = PIECE_NAMES[piece]
            on_tile.setdefault(i, []).append(item)
        tiles = _TILES(board.tiles, on_tile)
        last = board.tiles[-1]
        out: dict[str, Any] = {
            "phase": PHASE_NAMES[state.phase],
            "turn": state.turn,
            "tiles": tiles,
            "last": {"x": last.x, "y": last.y} if len(board.tiles) > 1 else None,
            "drawn": TYPES[state.drawn].id if state.drawn >= 0 else None,
            "tiles_left": len(state.pile) + (1 if state.drawn >= 0 else 0),
            "removed": [TYPES[t].id for t in state.removed],
            "meeples": list(state.supply),
            "scores": list(state.scores),
            "log": _LOG(state.log, None),
        }
        opts = state.options
        if opts.erweiterung:
            out["large"] = list(state.large)
        if opts.koenig:
            out["king"] = _title(state.king, state.king_size)
            out["robber"] = _title(state.robber, state.robber_size)
        if opts.haendler:
            out["goods"] = [dict(zip(GOODS, g, strict=True)) for g in state.goods]
            out["builders"] = list(state.builders)
            out["pigs"] = list(state.pigs)
            out["extra"] = state.extra
        return out


def _title(seat: int, size: int) -> dict[str, int] | None:
    return {"seat": seat, "size": size} if seat >= 0 else None


def _copy_args(args: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, list) else v for k, v in args.items()}


# Every audience sees the whole log.
_LOG = LogView(lambda e, seat: {"code": e.code, "args": _copy_args(e.args)})


class _TileViews:
    """The view's map of each placed tile, built again only when the tile's followers
    change. Like the log's entries (see logview.py), the maps are shared by every
    audience and by the next views, so the room's diff passes over them by identity.
    Cached per board (its tile list)."""

    def __init__(self) -> None:
        # per board: the tiles the maps were built from, and the maps
        self._cache: ByIdentity[tuple[list[Placed], list[dict[str, Any]]]] = ByIdentity()

    def __call__(
        self, tiles: list[Placed], on_tile: dict[int, list[dict[str, Any]]]
    ) -> list[dict[str, Any]]:
        placed, out = self._cache.get(tiles, None, lambda: ([], []))
        del placed[len(tiles) :], out[len(tiles) :]
        for i, p in enumerate(tiles):
            meeples = on_tile.get(i, [])
            if i < len(placed) and placed[i] is p and out[i]["meeples"] == meeples:
                continue
            item = {"x": p.x, "y": p.y, "r": p.r, "tile": TYPES[p.t].id, "meeples": meeples}
            if i < len(placed):
                placed[i], out[i] = p, item
            else:
                placed.append(p)
                out.append(item)
        return list(out)


_TILES = _TileViews()
