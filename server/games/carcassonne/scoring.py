"""Scoring: completed features during the game, and the end of the game (features
left open, farms, the King and Robber Baron, goods, the fairy's bonus). README §5 to §9,
§14 to §16, §18.8.
Every point added here comes with a ``score`` log entry that says who scored what."""

from __future__ import annotations

from . import fairy
from .board import DELTA, Feature, poskey
from .expansions import (
    FOLLOWER,
    GOODS,
    PIG,
    city_goods,
    completed_count,
    piece_seats,
    weight,
)
from .state import OVER, State, log, stock
from .tiles import CITY, FIELD, KIND_NAMES, MONASTERY, ROAD, STRIDE, TYPES


def owners_of(state: State, feature: Feature) -> list[int]:
    """README §6: the seats with the most followers on the feature, a large follower
    counting 2 and a builder or pig 0 (§14.4, §16); none if nobody has one there."""
    counts = [0] * state.seats
    board = state.board
    for node in feature.meeples:
        counts[board.meeples[node]] += weight(board, node)
    best = max(counts)
    return [s for s, c in enumerate(counts) if c == best] if best > 0 else []


def award(
    state: State,
    kind: str,
    root: int,
    owners: list[int],
    points: int,
    final: bool,
    **marks: bool,
) -> None:
    """Pay ``points`` to each owner, and log it where the feature ``root`` lies."""
    for s in owners:
        state.scores[s] += points
    log(
        state,
        "score",
        kind=kind,
        seats=owners,
        points=points,
        final=final,
        **state.board.anchor(root),
        **marks,
    )


def marks_of(state: State, kind: int, root: int) -> dict[str, bool]:
    """README §14.2, §14.3: whether a road has an inn, a city a cathedral, as
    ``score`` log args (empty for the many features without)."""
    if kind == ROAD and state.board.marked(root, "inns"):
        return {"inn": True}
    if kind == CITY and state.board.marked(root, "cathedrals"):
        return {"cathedral": True}
    return {}


def completed_points(state: State, kind: int, feature: Feature, marks: dict[str, bool]) -> int:
    """README §7.1, §7.2, §14.2, §14.3: a completed city or road."""
    n = len(set(feature.tiles))
    if kind == ROAD:
        return 2 * n if marks else n
    if marks:
        return 3 * (n + feature.shields)
    if n == 2 and state.options.two_tile_city_points == 2:
        return 2
    return 2 * (n + feature.shields)


def score_completed(state: State) -> None:
    """Score every feature the last tile completed and send its followers home."""
    board = state.board
    i = len(board.tiles) - 1
    tt = TYPES[board.tiles[i].t]
    done: set[int] = set()
    largest = [0, 0]  # per kind (CITY, ROAD): the largest this placement completed
    for local, kind in enumerate(tt.kinds):
        if kind not in (CITY, ROAD):
            continue
        root, feature = board.feature(i * STRIDE + local)
        if root in done or feature.open != 0:
            continue
        done.add(root)
        largest[kind] = max(largest[kind], len(set(feature.tiles)))
        if kind == CITY and state.options.haendler:
            take_goods(state, root)
        if not feature.meeples:
            continue
        marks = marks_of(state, kind, root)
        points = completed_points(state, kind, feature, marks)
        owners = owners_of(state, feature)
        award(state, KIND_NAMES[kind], root, owners, points, False, **marks)
        if state.options.drache:
            fairy.bonus(state, feature, root, False)  # README §18.8 (c)
        send_home(state, feature)
    if state.options.koenig:
        update_titles(state, largest[CITY], largest[ROAD])
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
            award(state, "monastery", node, owners_of(state, feature), 9, False)
            if state.options.drache:
                fairy.bonus(state, feature, node, False)
            send_home(state, feature)


def update_titles(state: State, city: int, road: int) -> None:
    """README §15.2, §15.3: the completing player takes the King (Robber Baron)
    with the first completed city (road), and later with a strictly larger one."""
    seat = state.turn
    if city > state.king_size:
        state.king, state.king_size = seat, city
        log(state, "king_taken", seat=seat, size=city)
    if road > state.robber_size:
        state.robber, state.robber_size = seat, road
        log(state, "robber_taken", seat=seat, size=road)


def final_titles(state: State) -> None:
    """README §15.4: 1 point per completed city (road) on the board."""
    for kind, code, holder in ((CITY, "king", state.king), (ROAD, "robber", state.robber)):
        if holder < 0:
            continue
        count = completed_count(state.board, kind)
        state.scores[holder] += count
        log(state, "score", kind=code, seats=[holder], points=count, final=True, count=count)


def take_goods(state: State, root: int) -> None:
    """README §16.2: the completing player takes the city's goods, whoever owns it."""
    goods = city_goods(state.board, root)
    if not any(goods):
        return
    seat = state.turn
    for k, n in enumerate(goods):
        state.goods[seat][k] += n
    log(state, "goods_taken", seat=seat, **dict(zip(GOODS, goods, strict=True)))


def final_goods(state: State) -> None:
    """README §16.2: 10 points to each player with the most of a good (at least 1)."""
    for k, good in enumerate(GOODS):
        counts = [g[k] for g in state.goods]
        best = max(counts)
        if best == 0:
            continue
        seats = [s for s, c in enumerate(counts) if c == best]
        for s in seats:
            state.scores[s] += 10
        log(state, "score", kind="goods", seats=seats, points=10, final=True, good=good)


def send_home(state: State, feature: Feature) -> None:
    board = state.board
    for node in feature.meeples:
        seat = board.meeples.pop(node)
        stock(state, board.pieces.pop(node, FOLLOWER))[seat] += 1
        if state.fairy_node == node:
            state.fairy_node = -1  # the fairy stays on its tile (README §18.8)
    feature.meeples = []


def final_scoring(state: State) -> None:
    board = state.board
    log(state, "final_scoring")
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
        marks = marks_of(state, kind, root) if kind != MONASTERY else {}
        if marks:
            points = 0  # README §14.2, §14.3: an unfinished inn road or cathedral city
        elif kind == CITY:
            points = len(set(feature.tiles)) + feature.shields
        elif kind == ROAD:
            points = len(set(feature.tiles))
        else:
            points = board.block_count(root // STRIDE)
        owners = owners_of(state, feature)
        award(state, KIND_NAMES[kind], root, owners, points, True, **marks)
    if state.options.drache:
        for root in roots:  # README §18.8 (c): every feature scored at the end, farms too
            fairy.bonus(state, board.features[root], root, True)
    if state.options.old:
        farms_old(state, fields)
    else:
        farms(state, fields)
    if state.options.koenig:
        final_titles(state)
    if state.options.haendler:
        final_goods(state)
    state.phase = OVER
    log(state, "game_end", scores=list(state.scores))


def completed_cities(state: State, field: Feature) -> list[int]:
    board = state.board
    out: list[int] = []
    for node in field.cities:
        root = board.find(node)
        if board.features[root].open == 0 and root not in out:
            out.append(root)
    return out


def farms(state: State, fields: list[int]) -> None:
    """BSW rule: the owners of a field score 3 per completed city beside it, and a
    player is paid for each city at most once, however many fields he owns."""
    paid: list[set[int]] = [set() for _ in range(state.seats)]
    with_pig = pig_cities(state, fields)
    for root in fields:
        feature = state.board.features[root]
        cities = completed_cities(state, feature)
        for seat in owners_of(state, feature):
            new = [c for c in cities if c not in paid[seat]]
            if not new:
                continue
            paid[seat].update(new)
            pig = sum(1 for c in new if c in with_pig[seat])
            points = 3 * len(new) + pig
            state.scores[seat] += points
            log(
                state,
                "score",
                kind="field",
                seats=[seat],
                points=points,
                final=True,
                cities=len(new),
                **state.board.anchor(root),
                **({"pig": pig} if pig else {}),
            )


def pig_cities(state: State, fields: list[int]) -> list[set[int]]:
    """README §16.4: per seat, the completed cities beside a field he owns that holds
    his pig; each pays him 4 instead of 3, however many fields he is paid through."""
    out: list[set[int]] = [set() for _ in range(state.seats)]
    if not state.options.haendler:
        return out
    board = state.board
    for root in fields:
        feature = board.features[root]
        pigs = piece_seats(board, feature, PIG)
        for seat in pigs.intersection(owners_of(state, feature)):
            out[seat].update(completed_cities(state, feature))
    return out


def farms_old(state: State, fields: list[int]) -> None:
    """Option ``old``: per completed city, the players with the most farmers summed
    over all fields beside it score 4."""
    board = state.board
    beside: dict[int, list[int]] = {}
    for root in fields:
        for city in completed_cities(state, board.features[root]):
            beside.setdefault(city, []).append(root)
    for city, around in beside.items():
        counts = [0] * state.seats
        for root in around:
            for node in board.features[root].meeples:
                counts[board.meeples[node]] += weight(board, node)
        best = max(counts)
        owners = [s for s, c in enumerate(counts) if c == best]
        pigs: set[int] = set()
        if state.options.haendler and state.options.pig_old:
            for root in around:
                pigs |= piece_seats(board, board.features[root], PIG)
        plain = [s for s in owners if s not in pigs]
        if plain:
            award(state, "farm_city", city, plain, 4, True)
        with_pig = [s for s in owners if s in pigs]
        if with_pig:  # README §16.5, option pig_old
            award(state, "farm_city", city, with_pig, 5, True, pig=True)


_AROUND_SORTED = tuple(
    dx * DELTA[1] + dy * DELTA[0] for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy
)
