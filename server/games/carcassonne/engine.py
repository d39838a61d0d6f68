"""Carcassonne as played on Brettspielwelt: base game, River (``fluss``), old farmers
(``old``), Inns & Cathedrals (``erweiterung``), King & Robber Baron (``koenig``),
Traders & Builders (``haendler``) and Princess & Dragon (``drache``).

A turn is two intents, as on BSW: ``place`` the drawn tile, then ``meeple`` on one
segment of it or ``pass`` (with ``drache`` also ``princess`` or ``fairy``, and a
``meeple`` through a magic portal). Completed features are scored after the second
intent, then the next seat draws; tiles that fit nowhere are removed with a log entry.
A dragon tile adds the dragon's walk, one ``dragon`` intent per step (README §18.5).
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from typing import Any, ClassVar

import msgspec

from server.games.base import Game, IllegalIntent, Result, lead
from server.games.logview import ByIdentity, LogView
from server.games.parts import Parts, key
from server.games.rng import Rng

from . import dragon, fairy, portal, princess, scoring
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
    DRAGON,
    MEEPLE,
    MEEPLES,
    OVER,
    PHASE_NAMES,
    PLACE,
    Dragon,
    Fairy,
    Intent,
    Meeple,
    Options,
    Pass,
    Place,
    Princess,
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
    # Every audience sees the same table; only `legal` differs.
    own_keys: ClassVar[frozenset[str] | None] = frozenset()
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
        return frozenset() if state.phase == OVER else frozenset((self._actor(state),))

    @staticmethod
    def _actor(state: GameState) -> int:
        """The seat to act: the player of the turn, or whoever steers the dragon."""
        return dragon.steerer(state) if state.phase == DRAGON else state.turn

    def result(self, state: GameState) -> Result | None:
        if state.phase != OVER:
            return None
        return Result.from_keys(state.scores, list(state.scores))

    def catalogue(self) -> dict[str, Any]:
        return catalogue_data.catalogue()

    def legal(self, state: GameState, seat: int) -> list[Any]:
        if state.phase == OVER or seat != self._actor(state):
            return []
        if state.phase == DRAGON:
            return [Dragon(*keypos(k)) for k in dragon.steps(state)]
        if state.phase == PLACE:
            out: list[Any] = []
            for key, r in sorted(placements(state, state.drawn)):
                x, y = keypos(key)
                out.append(Place(x, y, r))
            return out
        if state.options.drache and princess.victims(state):
            return list(princess.intents(state))  # README §18.7: she must act
        out = []
        pieces = self._in_supply(state, seat)
        board = state.board
        i = len(board.tiles) - 1
        tt = TYPES[board.tiles[i].t]
        if pieces and not (state.options.drache and tt.volcano):
            for local, sid in enumerate(tt.seg_ids):
                node = i * STRIDE + local
                out += [
                    Meeple(sid, PIECE_NAMES[p])
                    for p in pieces
                    if not _refusal(state, seat, node, p)
                ]
        if state.options.drache:
            if tt.magic_portal:
                out += portal.targets(state, pieces)
            out += fairy.moves(state, seat)
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
        if seat != self._actor(state):
            raise IllegalIntent("not_your_turn", "It is another player's turn.")
        drache = state.options.drache
        if isinstance(intent, (Princess, Fairy, Dragon)) and not drache:
            raise IllegalIntent("bad_intent", "Princess, fairy and dragon need /option drache.")
        if isinstance(intent, Place):
            self._check_place(state, intent)
            self._do_place(state, intent)
        elif isinstance(intent, Dragon):
            self._dragon_step(state, intent)
        elif isinstance(intent, (Meeple, Pass, Fairy, Princess)):
            self._deploy(state, seat, intent)
        else:
            raise IllegalIntent("bad_intent", "Carcassonne knows place, meeple and pass.")
        return state

    def _deploy(
        self, state: GameState, seat: int, intent: Meeple | Pass | Fairy | Princess
    ) -> None:
        """The deployment step (README §2.4, §18.6 to §18.8), then what follows it."""
        if state.phase != MEEPLE:
            if state.phase == DRAGON:
                raise IllegalIntent("wrong_phase", "Move the dragon first.")
            raise IllegalIntent("wrong_phase", "Place the drawn tile first.")
        must = state.options.drache and bool(princess.victims(state))
        if isinstance(intent, Princess):
            node = princess.node_of(state, intent)
            if node < 0:
                raise IllegalIntent(
                    "princess_target",
                    "The princess sends home a knight of the city she joins, named by its "
                    "tile and segment; this tile's princess has none to send home.",
                )
            princess.remove(state, seat, node)
        elif must:
            raise IllegalIntent(
                "princess_required",
                "The princess joined a city with knights: remove one of them first.",
            )
        elif isinstance(intent, Meeple):
            node, piece = self._check_meeple(state, seat, intent)
            self._do_meeple(state, seat, node, piece)
        elif isinstance(intent, Fairy):
            target = fairy.target(state, seat, intent)
            if target is None:
                raise IllegalIntent(
                    "bad_fairy_move",
                    "The fairy goes to a tile with one of your followers (beside one of them "
                    "with fairy_on follower), and somewhere else than where it stands.",
                )
            fairy.move(state, seat, *target)
        else:
            log(state, "meeple_skipped", seat=seat)
        self._after_deployment(state)

    def value(self, state: GameState, seat: int) -> float:
        """The seat's lead if the game ended now (every unfinished feature and farm
        scored as at the end): what a follower on a growing city is worth shows. With
        ``drache`` that end scoring pays the fairy's 3 points (README §18.8) to the
        followers standing with it, so moving the fairy, and keeping the dragon off
        one's pieces, are valued like any deployment; the fairy's point at the start of
        its holder's next turn counts as pending too."""
        return lead(self._final_scores(state), seat)

    def values(self, state: GameState, seats: int) -> list[float | None]:
        """Every seat's lead from one end scoring (the costly part) instead of one each."""
        scores = self._final_scores(state)
        return [lead(scores, s) for s in range(seats)]

    def _final_scores(self, state: GameState) -> list[int]:
        """The scores if the game ended now, on a copy."""
        if state.phase == OVER:
            return list(state.scores)
        state = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=GameState)
        pending = fairy.holders(state) if state.options.drache else []
        scoring.final_scoring(state)
        for s in pending:
            state.scores[s] += 1
        return list(state.scores)

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
        piece = piece_of(state.options, intent.piece)
        if piece < 0:
            raise IllegalIntent(
                "bad_piece",
                "No such piece in this game: the large follower needs erweiterung, the builder "
                "and the pig haendler.",
            )
        board = state.board
        i = len(board.tiles) - 1
        last = board.tiles[i]
        through = self._portal_tile(state, intent)
        if through >= 0:
            i = through
        tt = TYPES[board.tiles[i].t]
        local = tt.local.get(intent.feature)
        if local is None:
            raise IllegalIntent(
                "unknown_feature",
                "The tile you placed has no city, road, field or monastery of that id.",
            )
        if through < 0 and state.options.drache and TYPES[last.t].volcano:
            raise IllegalIntent(
                "volcano_tile", "Nothing may be deployed on a volcano tile (the dragon is there)."
            )
        if stock(state, piece)[seat] <= 0:
            raise IllegalIntent(*_NONE_LEFT[piece])
        node = i * STRIDE + local
        if through >= 0:
            refusal = portal.refusal(state, node, piece)
        else:
            refusal = _refusal(state, seat, node, piece)
        if refusal:
            raise IllegalIntent(*refusal)
        return node, piece

    def _portal_tile(self, state: GameState, intent: Meeple) -> int:
        """The index of the tile a meeple intent reaches through a magic portal
        (README §18.6), or -1 for the tile just placed."""
        if intent.x is None and intent.y is None:
            return -1
        board = state.board
        last = board.tiles[-1]
        if (intent.x, intent.y) == (last.x, last.y):
            return -1
        if intent.x is None or intent.y is None:
            raise IllegalIntent("portal_target", "A portal target needs both x and y.")
        if not (state.options.drache and TYPES[last.t].magic_portal):
            raise IllegalIntent(
                "portal_target", "Only a tile with a magic portal sends a follower elsewhere."
            )
        i = board.pos.get(poskey(intent.x, intent.y)) if -LIMIT < intent.x < LIMIT else None
        if i is None or not -LIMIT < intent.y < LIMIT:
            raise IllegalIntent("portal_target", "No tile lies on that square.")
        return i

    def _dragon_step(self, state: GameState, intent: Dragon) -> None:
        if state.phase != DRAGON:
            raise IllegalIntent("wrong_phase", "The dragon is not moving now.")
        key = poskey(intent.x, intent.y) if -LIMIT < intent.x < LIMIT else -1
        if not -LIMIT < intent.y < LIMIT or key not in dragon.steps(state):
            raise IllegalIntent(
                "no_dragon_step",
                "The dragon steps onto a tile beside it that it has not visited on this "
                "walk and where the fairy is not.",
            )
        if dragon.step(state, key):
            state.phase = MEEPLE  # the turn goes on where the walk interrupted it
            if state.options.dragon_timing == "before_scoring":
                self._score_and_advance(state)
            else:
                self._advance(state)

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
        if state.options.drache and TYPES[t].volcano:
            dragon.erupt(state, key)  # README §18.3
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

    def _after_deployment(self, state: GameState) -> None:
        """README §18.5: a dragon tile makes the dragon walk before the scoring (or after
        it, with dragon_timing "after_scoring"); the walk's last step goes on from here."""
        before = state.options.dragon_timing == "before_scoring"
        if before and dragon.due(state) and dragon.start(state):
            return
        self._score_and_advance(state)

    def _score_and_advance(self, state: GameState) -> None:
        scoring.score_completed(state)
        after = state.options.dragon_timing == "after_scoring"
        if after and dragon.due(state) and dragon.start(state):
            return
        self._advance(state)

    def _advance(self, state: GameState) -> None:
        # README §16.3: the builder's extra tile, at most one per turn.
        state.extra, state.bonus = state.bonus, False
        if state.extra:
            log(state, "builder_turn", seat=state.turn)
            self._draw(state)
        else:
            state.turn = (state.turn + 1) % state.seats
            self._draw(state, new_turn=True)

    def _draw(self, state: GameState, new_turn: bool = False) -> None:
        while state.pile:
            t = state.pile.pop()
            if dragon.set_aside(state, t):
                continue
            if _placeable(state, t):
                state.drawn = t
                state.phase = PLACE
                if new_turn and state.options.drache:
                    fairy.turn_point(state)  # README §18.8 (b)
                return
            state.removed.append(t)
            log(state, "tile_removed", seat=state.turn, tile=TYPES[t].id)
        state.drawn = -1
        state.extra = False
        scoring.final_scoring(state)

    # -- views -------------------------------------------------------------------

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return self.views(state, [seat])[seat]

    def views(
        self, state: GameState, seats: Sequence[int | None]
    ) -> dict[int | None, dict[str, Any]]:
        # Every audience sees the same: built once per change of what it shows, and
        # shared by identity (server/games/parts.py); the tiles' maps besides are kept
        # from one view to the next (_TileViews).
        board = state.board
        public = _PARTS.of(state).part(
            "public",
            key(
                (
                    state.phase,
                    state.turn,
                    state.drawn,
                    len(state.pile),
                    state.removed,
                    state.supply,
                    state.scores,
                    board.tiles,
                    board.meeples,
                    board.pieces,
                    state.large,
                    state.king,
                    state.king_size,
                    state.robber,
                    state.robber_size,
                    state.goods,
                    state.builders,
                    state.pigs,
                    state.extra,
                    state.dragon,
                    state.fairy,
                    state.fairy_node,
                    state.walk,
                    state.walk_left,
                    state.set_aside,
                )
            ),
            _public_view,
            state,
        )
        log = _LOG(state.log, None)
        breakdown = _breakdown(state) if state.phase == OVER else None
        views: dict[int | None, dict[str, Any]] = {}
        for seat in seats:
            out = views[seat] = dict(public)
            out["log"] = log
            if breakdown is not None:
                out["breakdown"] = breakdown
        return views


def _public_view(state: GameState) -> dict[str, Any]:
    """The view but its log and breakdown (read off the log)."""
    board = state.board
    tiles = _TILES(board)
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
    if opts.drache:
        out["dragon"] = _square(state.dragon)
        out["fairy"] = fairy.where(state)
        out["dragon_walk"] = (
            {"steps_left": state.walk_left, "visited": [_square(k) for k in state.walk]}
            if state.phase == DRAGON
            else None
        )
        out["set_aside"] = len(state.set_aside)
    return out


# The view's ``breakdown`` (README, "View"): a ``score`` log entry's kind, and whether
# it is of the final scoring, to its row.
_DURING = {"road": "roads", "city": "cities", "monastery": "cloisters"}
_FINAL = {"road": "roads_final", "city": "cities_final", "monastery": "cloisters_final"}
_ALWAYS = {"field": "farms", "farm_city": "farms", "king": "king", "robber": "robber"}
_ALWAYS |= {"goods": "goods", "fairy": "fairy"}


def _breakdown(state: GameState) -> dict[str, Any]:
    """Every point of ``scores`` by where it came from, read off the log's ``score``
    entries (each point comes from exactly one): features completed during the game,
    the final scoring's unfinished ones and farms, then the expansions' rows."""
    opts = state.options
    categories = ["roads", "cities", "cloisters"]
    categories += ["fairy"] if opts.drache else []
    categories += ["roads_final", "cities_final", "cloisters_final", "farms"]
    categories += ["king", "robber"] if opts.koenig else []
    categories += ["goods"] if opts.haendler else []
    index = {c: i for i, c in enumerate(categories)}
    rows = [[0] * len(categories) for _ in range(state.seats)]
    for e in state.log:
        if e.code != "score":
            continue
        kind = e.args["kind"]
        row = _ALWAYS.get(kind) or (_FINAL if e.args.get("final") else _DURING)[kind]
        for seat in e.args["seats"]:
            rows[seat][index[row]] += e.args["points"]
    return {"categories": categories, "seats": rows}


def _square(key: int) -> dict[str, int] | None:
    if key < 0:
        return None
    x, y = keypos(key)
    return {"x": x, "y": y}


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
    Cached per board (its tile list). A move places a tile and adds or removes a few
    followers: only the new tiles and those whose followers differ from the last
    call's are built, found by comparing the board's followers with a copy of the
    last call's (in C; a loop over every follower of a late board in Python cost a
    move some 20 µs when many tables took turns)."""

    def __init__(self) -> None:
        self._cache: ByIdentity[_Built] = ByIdentity()

    def __call__(self, board: Board) -> list[dict[str, Any]]:
        tiles = board.tiles
        built = self._cache.get(tiles, None, _Built)
        placed, out = built.placed, built.out
        if len(placed) > len(tiles) or not all(map(operator.is_, placed, tiles)):
            # Not only appended to since: start again.
            placed.clear()
            out.clear()
            built.meeples, built.pieces = {}, {}
        meeples, pieces = board.meeples, board.pieces
        changed = meeples.items() ^ built.meeples.items()
        changed |= pieces.items() ^ built.pieces.items()
        if changed:
            for i in {node // STRIDE for node, _ in changed}:
                if i < len(placed):
                    out[i] = _tile_map(placed[i], _followers(board, i))
            built.meeples, built.pieces = dict(meeples), dict(pieces)
        for i in range(len(placed), len(tiles)):
            placed.append(tiles[i])
            out.append(_tile_map(tiles[i], _followers(board, i)))
        return list(out)


class _Built:
    __slots__ = ("meeples", "out", "pieces", "placed")

    def __init__(self) -> None:
        self.placed: list[Placed] = []
        self.out: list[dict[str, Any]] = []
        # the board's followers and their pieces when the maps were built
        self.meeples: dict[int, int] = {}
        self.pieces: dict[int, int] = {}


def _followers(board: Board, i: int) -> list[dict[str, Any]]:
    """The followers on the board's ``i``-th tile, by the node they stand on."""
    seg_ids = TYPES[board.tiles[i].t].seg_ids
    out = []
    for local, feature in enumerate(seg_ids):
        node = i * STRIDE + local
        seat = board.meeples.get(node)
        if seat is None:
            continue
        item = {"seat": seat, "feature": feature}
        piece = board.pieces.get(node)
        if piece is not None:
            item["piece"] = PIECE_NAMES[piece]
        out.append(item)
    return out


def _tile_map(p: Placed, meeples: list[dict[str, Any]]) -> dict[str, Any]:
    return {"x": p.x, "y": p.y, "r": p.r, "tile": TYPES[p.t].id, "meeples": meeples}


_TILES = _TileViews()
_PARTS = Parts()
