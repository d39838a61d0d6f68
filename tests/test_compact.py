"""Compact patches (protocol/compact.py): the same message in fewer bytes, decoded back
exactly; sent only to a connection that named the hall's string table."""

from __future__ import annotations

import itertools
import json
import random
import statistics
from collections import Counter
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from protocol import compact
from protocol.codegen import COMPACT_VECTORS
from server import games
from server.strings import count_ops, patches
from tests.conftest import running_server
from tests.support.tables import open_table, play_first_legal

_enc = msgspec.msgpack.encode

# Strings of the table and others, so that trees mix known and unknown names.
_names = st.one_of(st.sampled_from(compact.STRINGS[:300] or ["x"]), st.text(max_size=12))
_leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**64 - 1),
    st.floats(allow_nan=False),
    _names,
)
_trees = st.recursive(
    _leaves,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6),
        st.dictionaries(_names, inner, max_size=6),
        # Lists of maps with the same keys: what the records form is for.
        st.lists(_names, min_size=1, max_size=4, unique=True).flatmap(
            lambda keys: st.lists(st.fixed_dictionaries({k: inner for k in keys}), max_size=5)
        ),
    ),
    max_leaves=40,
)


_steps = st.one_of(_names, st.integers(min_value=0, max_value=300))
_ops = st.one_of(
    st.tuples(st.just("s"), st.lists(_steps, max_size=4), _trees),
    st.tuples(st.just("a"), st.lists(_steps, max_size=4), st.lists(_trees, max_size=3)),
    st.tuples(st.just("d"), st.lists(_steps, min_size=1, max_size=4)),
).map(list)
_patches = st.builds(
    lambda room, v, ops: {"t": "patch", "room": room, "v": v, "ops": ops},
    st.text(alphabet="0123456789abcdef", min_size=8, max_size=8),
    st.integers(min_value=0, max_value=10**6),
    st.lists(_ops, max_size=6),
)


@settings(max_examples=300, deadline=None)
@given(_trees)
def test_decoding_gives_back_exactly_the_plain_tree(tree: Any) -> None:
    # A message is a map: the trees are what a message's fields hold.
    packed = compact.compact({"tree": tree})
    # Equal encodings: `True` stays `True`, `1.0` stays a float, keys keep their order.
    assert _enc(compact.decode(packed)) == _enc({"tree": tree})
    assert len(packed) <= len(_enc({"tree": tree}))


@settings(max_examples=300, deadline=None)
@given(_patches)
def test_a_patch_decodes_to_itself_and_is_never_longer(patch: Any) -> None:
    plain = _enc(patch)
    packed = compact.compact_message(plain)
    assert compact.compact(patch) == packed
    assert _enc(compact.decode(packed)) == plain
    assert len(packed) <= len(plain)


def test_the_shared_vectors_decode_to_their_plain_messages() -> None:
    vectors = json.loads(COMPACT_VECTORS.read_text())
    assert len(vectors) > 5
    for case in vectors:
        assert compact.decode(bytes.fromhex(case["compact"])) == case["plain"]
        assert compact.compact(case["plain"]).hex() == case["compact"]


def test_an_index_outside_the_table_is_refused() -> None:
    with pytest.raises(IndexError):
        compact.decode(bytes([0x81, 0xCD, 0xEA, 0x60, 0x01]))  # {60000: 1}


def test_the_table_is_named_by_its_content() -> None:
    # The file's id must be the hash of its strings (a table edited by hand is not).
    stored = json.loads(compact.TABLE_FILE.read_text())
    assert compact.table_id(stored["strings"]) == stored["id"]
    assert stored["id"] == compact.ID
    assert len(set(compact.STRINGS)) == len(compact.STRINGS)


@pytest.mark.parametrize("name", ["carcassonne", "stone_age", "alhambra", "kingsburg", "kardinal"])
def test_the_table_still_knows_what_each_game_says(name: str) -> None:
    """Games whose views changed since the table was made lose compactness: make it
    again with `python -m server.strings`."""
    counts: Counter[str] = Counter()
    game = games.get(name)
    count_ops(patches(name, game.max_seats, game.Options(), seed=9001), counts)
    known = sum(n for s, n in counts.items() if s in compact._KEYS)
    assert known / sum(counts.values()) >= 0.97


def test_a_carcassonne_seat_patch_is_half_its_plain_size() -> None:
    """The issue's byte target: the mean seat patch of random 4-seat games at most
    150 bytes (about 290 plain)."""
    from bench.move_cost import StubBroker, run
    from server.room.ledger import Ledger

    game = games.get("carcassonne")
    plain, packed = [], []
    for seed in (11, 12, 13):
        ledger = Ledger("9f86d081", game, StubBroker(False), "test")  # type: ignore[arg-type]
        ledger.begin(game.setup(4, game.Options(), seed), 0, [0, 1, 2, 3, None])
        pick = random.Random(seed)
        while game.result(ledger.state) is None:
            movers = [a for a in sorted(game.active(ledger.state)) if ledger.views[a]["legal"]]
            seat = pick.choice(movers)
            intent = msgspec.convert(pick.choice(ledger.views[seat]["legal"]), game.Intent)
            state = game.apply(ledger.state, seat, intent)
            changes = ledger.changes(state)
            run(ledger.accept(state, changes, b"x"))
            for c in changes:
                if c.audience is not None:
                    plain.append(len(c.patch))
                    packed.append(len(compact.compact_message(c.patch)))
    assert statistics.fmean(plain) > 250
    assert statistics.fmean(packed) <= 150


@pytest.mark.parametrize("name", ["carcassonne", "stone_age", "kardinal"])
def test_the_ledger_makes_the_same_compact_patches_as_the_plain_ones_give(name: str) -> None:
    """In one process the ledger makes compact patches from the diffs' ops, reusing
    what it made of the parts they share; they must be the very bytes a process makes
    from the published plain patch. Audiences given the very same ops share one
    encoding of them, plain and compact (ledger._same_ops), and audiences whose patches
    come out the same bytes one compact form; that each audience's patch
    still turns its own view into the next, tests/test_view_parts.py checks."""
    from bench.move_cost import StubBroker, run
    from server.room.ledger import Ledger

    game = games.get(name)
    ledger = Ledger("9f86d081", game, StubBroker(False), "test")  # type: ignore[arg-type]
    ledger.begin(game.setup(3, game.Options(), 5), 0, [0, 1, 2, None])
    pick = random.Random(5)
    moves = shared = alike = 0
    while game.result(ledger.state) is None and moves < 150:
        movers = [a for a in sorted(game.active(ledger.state)) if ledger.views[a]["legal"]]
        seat = pick.choice(movers)
        intent = msgspec.convert(pick.choice(ledger.views[seat]["legal"]), game.Intent)
        state = game.apply(ledger.state, seat, intent)
        changes = ledger.changes(state, compact=True)
        for c in changes:
            assert c.compact == compact.compact_message(c.patch), (moves, c.audience)
            assert _enc(compact.decode(c.compact)) == c.patch
        for a, b in zip(changes, changes[1:], strict=False):
            if a.patch is b.patch:
                shared += 1
                assert a.compact is b.compact
        for a, b in itertools.combinations(changes, 2):
            if a.patch == b.patch:  # alike bytes, from the same ops or not
                alike += 1
                assert a.compact is b.compact  # made once for both
        run(ledger.accept(state, changes, b"x"))
        moves += 1
    assert moves > 50
    if name != "kardinal":  # where every seat sees its own hand, no two share ops
        assert shared > moves // 3
    assert alike > moves  # yet most audiences' patches come out alike, hands or not


def test_a_decoded_patch_made_compact_leaves_nothing_kept() -> None:
    """What a shared hall's hub decodes is new objects, never met again: keeping their
    compact forms would only hold them in memory."""
    plain = _enc(
        {"t": "patch", "room": "r", "v": 1, "ops": [["a", ["log"], [{"code": "x"}, {"code": "y"}]]]}
    )
    made, rows = len(compact._MADE), len(compact._ROWS)
    packed = compact.compact_message(plain)
    assert (len(compact._MADE), len(compact._ROWS)) == (made, rows)
    assert _enc(compact.decode(packed)) == plain


def test_alike_patches_arriving_apart_are_made_compact_once() -> None:
    """A hub of a shared hall gets a move's patch once per audience channel, mostly the
    same bytes: the compact form is made for the first and given to the others; the
    forms kept are bounded."""
    ops = [["s", ["turn"], 2], ["a", ["log"], [{"code": "drew_hidden", "args": {"seat": 1}}]]]
    first = _enc({"t": "patch", "room": "r", "v": 9, "ops": ops})
    again = bytes(bytearray(first))  # the same bytes, another object (another channel)
    other = _enc({"t": "patch", "room": "r", "v": 9, "ops": ops[:1]})
    assert again is not first
    packed = compact.compact_message(first)
    assert compact.compact_message(again) is packed
    assert compact.compact_message(other) is not packed
    assert _enc(compact.decode(compact.compact_message(other))) == other
    for v in range(3 * compact._LATELY_KEPT):
        compact.compact_message(_enc({"t": "patch", "room": "r", "v": v, "ops": ops}))
    assert len(compact._LATELY) <= compact._LATELY_KEPT


def test_a_patch_published_in_one_process_carries_its_compact_form() -> None:
    from server.keys import split_published, with_compact, with_version

    assert split_published(with_version(7, b"plain")) == (7, b"plain", None)
    assert split_published(with_compact(7, b"plain", b"short")) == (7, b"plain", b"short")
    assert split_published(with_compact(2**40, b"", b"s")) == (2**40, b"", b"s")


def test_the_table_game_of_the_side_by_side_run_is_under_fifty_bytes_a_client() -> None:
    """make bench-peers' table game: a move's patches, seats' and spectators', at most
    50 bytes a client in compact form (the issue's target; about 90 plain)."""
    from bench.peers.tablegame import Table, tile_for
    from protocol.messages import Patch
    from protocol.patch import diff
    from server.games.base import audience_view

    game = Table()
    state = game.setup(4, game.Options(), 1)
    audiences: list[int | None] = [0, 1, 2, 3, None]
    views = {a: audience_view(game, state, a) for a in audiences}
    plain = packed = 0
    for n in range(72):
        state = game.apply(state, state.turn, tile_for(n))
        for a in audiences:
            new = audience_view(game, state, a)
            message = _enc(Patch(room="9f86d081", v=n + 1, ops=diff(views[a], new)))
            clients = 4 if a is None else 1  # 4 seats, and 4 spectators share one patch
            plain += clients * len(message)
            packed += clients * len(compact.compact_message(message))
            views[a] = new
    assert plain / (72 * 8) > 80
    assert packed / (72 * 8) <= 50


async def test_a_client_that_asks_gets_compact_patches_that_decode_to_the_plain_ones() -> None:
    async with running_server() as srv:
        room, (a, b), watcher = await open_table(srv, "carcassonne", players=2)
        fan = await srv.client("fan", compact=True)
        assert fan.compact
        # Counted: from now on the tables of this process make compact patches along.
        assert srv.hall.metrics.compact_clients == 1
        assert "spieltisch_compact_connections 1" in srv.hall.metrics.render()
        await fan.send({"t": "enter", "room": room})
        await fan.expect("snapshot", room=room)
        await play_first_legal(room, [a, b], [a, b, watcher, fan], 12)
        # The same views, whichever form carried them, and fewer bytes compact.
        assert fan.view(room) == watcher.view(room)
        assert _enc(fan.view(room)) == _enc(watcher.view(room))
        assert not fan.gaps and not watcher.gaps
        assert len(fan.patch_bytes) == len(watcher.patch_bytes) == 12
        assert sum(fan.patch_bytes) < 0.7 * sum(watcher.patch_bytes)


@pytest.mark.parametrize("how", ["another table", "json"])
async def test_patches_stay_plain_without_the_halls_table(how: str) -> None:
    async with running_server() as srv:
        c = await srv.client(None, use_json=how == "json")
        table = "000000000000" if how == "another table" else compact.ID
        await c.send({"t": "hello", "name": "old", "lang": "en", "compact": table})
        welcome = await c.expect("welcome")
        assert welcome["compact"] is False
