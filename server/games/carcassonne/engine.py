"""Carcassonne as played on Brettspielwelt: base game, River (``fluss``), old farmers (``old``).

A turn is two intents, as on BSW: ``place`` the drawn tile, then ``meeple`` on one
segment of it or ``pass``. Completed features are scored after the second intent,
then the next seat draws; tiles that fit nowhere are removed with a log entry.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

import msgspec

from server.games.base import Game, IllegalIntent, Result, lead
from server.games.logview import ByIdentity, LogView
from server.games.rng import Rng

from . import tiles as catalogue_data
from .board import DELTA, LIMIT, Board, Feature, Placed, keypos, poskey
from .tiles import BY_ID, CITY, FIELD, KIND_NAMES, LAKE, ROAD, SOURCE, START, STRIDE, TYPES

MEEPLES = 7
PLACE, MEEPLE, OVER = 0, 1, 2
PHASE_NAMES = ("place", "meeple", "over")


class Options(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    old: bool = False  # BSW /option old: first-edition farmer scoring
    fluss: bool = False  # BSW /option fluss: the River
    two_tile_city_points: Literal[2, 4] = 2  # README §7.1: BSW scores a two-tile city 2
    river_start_tile: Literal["remove", "shuffle"] = "remove"  # README §12.1


class Place(msgspec.Struct, tag="place", tag_field="t"):
    x: int
    y: int
    r: int


class Meeple(msgspec.Struct, tag="meeple", tag_field="t"):
    feature: str


class Pass(msgspec.Struct, tag="pass", tag_field="t"):
    pass


Intent = Place | Meeple | Pass


class Entry(msgspec.Struct, array_like=True):
    code: str
    args: dict[str, Any]


class State(msgspec.Struct):
    seats: int
    options: Options
    rng: Rng
    pile: list[int]  # face-down tile types; the next draw is the last element
    drawn: int  # type of the drawn tile in the place phase, else -1
    turn: int
    phase: int
    board: Board
    supply: list[int]
    scores: list[int]
    log: list[Entry]
    removed: list[int]
    river_end: int = -1  # poskey the open river end faces, -1 when there is none
    river_dir: int = 0  # direction the river flows into river_end
    river_turn: int = 0  # turn of the last river tile: 0 straight, 1 right, 3 left


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


def _log(state: State, code: str, **args: Any) -> None:
    state.log.append(Entry(code, args))


# Aliases: inside the class body, State and Options name the class attributes.
GameState = State
GameOptions = Options


class Carcassonne(Game):
    name: ClassVar[str] = "carcassonne"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 5
    Options: ClassVar[type[msgspec.Struct]] = Options
    Intent: ClassVar[Any] = Intent
    State: ClassVar[type[msgspec.Struct]] = State

    # -- setup -------------------------------------------------------------------

    def setup(self, seats: int, options: Any, seed: int) -> GameState:
        opts: GameOptions = options if options is not None else GameOptions()
        rng = Rng.from_seed(seed)
        base = []
        for t in TYPES:
            if t.set != "base":
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
            raise IllegalIntent("bad_option", "Carcassonne is played by 2 to 5 players.")
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
        )
        start = SOURCE if opts.fluss else START
        state.board.place(start.index, 0, 0, 0)
        if opts.fluss:
            state.river_dir = start.rot[0].river_sides[0]
            state.river_end = poskey(0, 0) + DELTA[state.river_dir]
        _log(state, "game_start", tile=start.id, seat=first)
        self._draw(state)
        return state

    # -- the contract ------------------------------------------------------------

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
        if state.supply[seat] > 0:
            board = state.board
            i = len(board.tiles) - 1
            tt = TYPES[board.tiles[i].t]
            for local, sid in enumerate(tt.seg_ids):
                if not board.feature(i * STRIDE + local)[1].meeples:
                    out.append(Meeple(sid))
        out.append(Pass())
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
            node = self._check_meeple(state, seat, intent)
            self._do_meeple(state, seat, node)
            self._finish_turn(state)
        elif isinstance(intent, Pass):
            if state.phase != MEEPLE:
                raise IllegalIntent("wrong_phase", "Place the drawn tile first.")
            _log(state, "meeple_skipped", seat=seat)
            self._finish_turn(state)
        else:
            raise IllegalIntent("bad_intent", "Carcassonne knows place, meeple and pass.")
        return state

    def value(self, state: GameState, seat: int) -> float:
        """The seat's lead if the game ended now (every unfinished feature and farm
        scored as at the end): what a follower on a growing city is worth shows."""
        if state.phase != OVER:
            state = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=GameState)
            self._final_scoring(state)
        return lead(state.scores, seat)

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

    def _check_meeple(self, state: GameState, seat: int, intent: Meeple) -> int:
        if state.phase != MEEPLE:
            raise IllegalIntent("wrong_phase", "Place the drawn tile first.")
        board = state.board
        i = len(board.tiles) - 1
        tt = TYPES[board.tiles[i].t]
        local = tt.local.get(intent.feature)
        if local is None:
            raise IllegalIntent(
                "unknown_feature",
                "The tile you placed has no city, road, field or monastery of that id.",
            )
        if state.supply[seat] <= 0:
            raise IllegalIntent("no_meeples", "You have no meeple left in your supply.")
        node = i * STRIDE + local
        if board.feature(node)[1].meeples:
            raise IllegalIntent(
                "feature_occupied", "A meeple already stands on this connected feature."
            )
        return node

    # -- effects -----------------------------------------------------------------

    def _do_place(self, state: GameState, intent: Place) -> None:
        t = state.drawn
        key = poskey(intent.x, intent.y)
        river = _is_river(t)
        turn = _river_turn(state, t, intent.r) if river else 0
        state.board.place(t, intent.x, intent.y, intent.r)
        if river:
            entry = (state.river_dir + 2) % 4
            outs = [s for s in TYPES[t].rot[intent.r].river_sides if s != entry]
            if outs:
                state.river_dir = outs[0]
                state.river_end = key + DELTA[outs[0]]
                state.river_turn = turn
            else:
                state.river_end = -1
        _log(
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

    def _do_meeple(self, state: GameState, seat: int, node: int) -> None:
        board = state.board
        board.meeples[node] = seat
        board.feature(node)[1].meeples.append(node)
        state.supply[seat] -= 1
        kind = TYPES[board.tiles[node // STRIDE].t].kinds[node % STRIDE]
        _log(state, "meeple_placed", seat=seat, kind=KIND_NAMES[kind], **board.anchor(node))

    def _finish_turn(self, state: GameState) -> None:
        self._score_completed(state)
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
            _log(state, "tile_removed", seat=state.turn, tile=TYPES[t].id)
        state.drawn = -1
        self._final_scoring(state)

    # -- scoring -----------------------------------------------------------------

    def _owners(self, state: GameState, feature: Feature) -> list[int]:
        counts = [0] * state.seats
        for node in feature.meeples:
            counts[state.board.meeples[node]] += 1
        best = max(counts)
        return [s for s, c in enumerate(counts) if c == best] if best > 0 else []

    def _award(
        self, state: GameState, kind: str, root: int, owners: list[int], points: int, final: bool
    ) -> None:
        for s in owners:
            state.scores[s] += points
        _log(
            state,
            "score",
            kind=kind,
            seats=owners,
            points=points,
            final=final,
            **state.board.anchor(root),
        )

    def _city_points(self, state: GameState, feature: Feature) -> int:
        n = len(set(feature.tiles))
        if n == 2 and state.options.two_tile_city_points == 2:
            return 2
        return 2 * (n + feature.shields)

    def _score_completed(self, state: GameState) -> None:
        """Score every feature the last tile completed and send its followers home."""
        board = state.board
        i = len(board.tiles) - 1
        tt = TYPES[board.tiles[i].t]
        done: set[int] = set()
        for local, kind in enumerate(tt.kinds):
            if kind not in (CITY, ROAD):
                continue
            root, feature = board.feature(i * STRIDE + local)
            if root in done or feature.open != 0:
                continue
            done.add(root)
            if not feature.meeples:
                continue
            points = self._city_points(state, feature) if kind == CITY else len(set(feature.tiles))
            self._award(state, KIND_NAMES[kind], root, self._owners(state, feature), points, False)
            self._return(state, feature)
        p = board.tiles[i]
        key = poskey(p.x, p.y)
        for d in (0, *_AROUND_SORTED):
            j = board.pos.get(key + d)
            if j is None:
                continue
            node = board.monastery_node(j)
            if node < 0:
                continue
            feature = board.features[node]
            if feature.meeples and board.block_count(j) == 9:
                self._award(state, "monastery", node, self._owners(state, feature), 9, False)
                self._return(state, feature)

    def _return(self, state: GameState, feature: Feature) -> None:
        for node in feature.meeples:
            state.supply[state.board.meeples.pop(node)] += 1
        feature.meeples = []

    def _final_scoring(self, state: GameState) -> None:
        board = state.board
        _log(state, "final_scoring")
        roots: list[int] = []
        seen: set[int] = set()
        for node in sorted(board.meeples):
            root = board.find(node)
            if root not in seen:
                seen.add(root)
                roots.append(root)
        fields: list[int] = []
        for root in roots:
            feature = board.features[root]
            kind = feature.kind
            if kind == FIELD:
                fields.append(root)
                continue
            if kind == CITY:
                points = len(set(feature.tiles)) + feature.shields
            elif kind == ROAD:
                points = len(set(feature.tiles))
            else:
                points = board.block_count(root // STRIDE)
            self._award(state, KIND_NAMES[kind], root, self._owners(state, feature), points, True)
        if state.options.old:
            self._farms_old(state, fields)
        else:
            self._farms(state, fields)
        state.phase = OVER
        _log(state, "game_end", scores=list(state.scores))

    def _completed_cities(self, state: GameState, field: Feature) -> list[int]:
        board = state.board
        out: list[int] = []
        for node in field.cities:
            root = board.find(node)
            if board.features[root].open == 0 and root not in out:
                out.append(root)
        return out

    def _farms(self, state: GameState, fields: list[int]) -> None:
        """BSW rule: the owners of a field score 3 per completed city beside it, and a
        player is paid for each city at most once, however many fields he owns."""
        paid: list[set[int]] = [set() for _ in range(state.seats)]
        for root in fields:
            feature = state.board.features[root]
            cities = self._completed_cities(state, feature)
            for seat in self._owners(state, feature):
                new = [c for c in cities if c not in paid[seat]]
                if not new:
                    continue
                paid[seat].update(new)
                state.scores[seat] += 3 * len(new)
                _log(
                    state,
                    "score",
                    kind="field",
                    seats=[seat],
                    points=3 * len(new),
                    final=True,
                    cities=len(new),
                    **state.board.anchor(root),
                )

    def _farms_old(self, state: GameState, fields: list[int]) -> None:
        """Option ``old``: per completed city, the players with the most farmers summed
        over all fields beside it score 4."""
        board = state.board
        beside: dict[int, list[int]] = {}
        for root in fields:
            for city in self._completed_cities(state, board.features[root]):
                beside.setdefault(city, []).append(root)
        for city, around in beside.items():
            counts = [0] * state.seats
            for root in around:
                for node in board.features[root].meeples:
                    counts[board.meeples[node]] += 1
            best = max(counts)
            owners = [s for s, c in enumerate(counts) if c == best]
            self._award(state, "farm_city", city, owners, 4, True)

    # -- views -------------------------------------------------------------------

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        board = state.board
        on_tile: dict[int, list[dict[str, Any]]] = {}
        for node in sorted(board.meeples):
            i, local = divmod(node, STRIDE)
            on_tile.setdefault(i, []).append(
                {"seat": board.meeples[node], "feature": TYPES[board.tiles[i].t].seg_ids[local]}
            )
        tiles = _TILES(board.tiles, on_tile)
        last = board.tiles[-1]
        return {
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


_AROUND_SORTED = tuple(
    dx * DELTA[1] + dy * DELTA[0] for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy
)
