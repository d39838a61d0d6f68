"""Garbage on one connection while another table plays: nothing leaks across."""

from __future__ import annotations

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.harness.frames import CLIENT_TYPES, FIELDS
from tests.support.tables import open_table

values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(2**63), max_value=2**64 - 1),
        st.floats(),
        st.text(max_size=10),
        st.binary(max_size=10),
    ),
    lambda c: st.one_of(
        st.lists(c, max_size=4), st.dictionaries(st.text(max_size=6), c, max_size=4)
    ),
    max_leaves=12,
)
# Fields drawn from more than any value: a table id is mostly a short string, a game
# sometimes one the hall has.
drawn_as = {
    "room": st.one_of(st.text(max_size=8), values),
    "game": st.one_of(st.sampled_from(["countdown", "carcassonne"]), values),
}
# Every message type of the protocol and one it does not have, with any of the fields
# any message has (bench/harness/frames.py reads both from protocol/messages.py).
shaped = st.fixed_dictionaries(
    {"t": st.sampled_from(CLIENT_TYPES)},
    optional={name: drawn_as.get(name, values) for name in FIELDS},
)
frames = st.one_of(
    st.binary(max_size=200),
    st.text(max_size=200),
    values.map(msgspec.msgpack.encode),
    shaped.map(msgspec.msgpack.encode),
    shaped.map(lambda d: msgspec.json.encode(d).decode()),
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(batch=st.lists(frames, min_size=1, max_size=8))
async def test_fuzz_does_not_disturb_a_game(server, batch) -> None:
    # One server, one table and the same two fuzzing sockets for every example, so
    # whatever earlier garbage did is still there when the next batch arrives.
    if not hasattr(server, "fuzz"):
        table = await open_table(server, options={"pile": 100000})
        server.fuzz = (
            table,
            await server.client("fuzz", use_json=None),
            await server.client(None, use_json=None),
        )
    (room, (a, b), spectator), fuzzer, raw = server.fuzz
    for frame in batch:
        await fuzzer.send_raw(frame)
        await raw.send_raw(frame)
    # Each connection still answers, in order, after whatever it was sent.
    for c in (fuzzer, raw):
        await c.send({"t": "ping", "id": 99})
        await c.expect("pong", id=99)
        c.pending.clear()
    # The game goes on exactly as if nothing happened.
    mover = a if a.view(room)["legal"] else b
    v = mover.version(room)
    await mover.send({"t": "act", "room": room, "v": v, "intent": mover.view(room)["legal"][0]})
    for c in (a, b, spectator):
        await c.expect("patch", room=room, v=v + 1)
    assert server.hall.rooms[room].version == v + 1
    if v % 25 == 0:
        for c in (a, b, spectator):
            assert c.view(room) == (await c.resync(room))["view"]
