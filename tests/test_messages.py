"""Every message of the protocol (protocol/README.md), both framings, and the generated
TypeScript."""

from __future__ import annotations

import msgspec
import pytest

from protocol import codec, codegen
from protocol import messages as m

CLIENT_SAMPLES = [
    {"t": "hello", "name": "Anna", "token": None, "lang": "ja"},
    {"t": "rooms"},
    {"t": "register", "name": "Anna", "password": "correct horse"},
    {"t": "login", "name": "anna", "password": "correct horse"},
    {"t": "logout", "everywhere": True},
    {"t": "rematch", "room": "r1", "rotate": True},
    {"t": "delete_account", "password": "correct horse"},
    {"t": "password", "old": "correct horse", "new": "battery staple"},
    {"t": "create", "game": "carcassonne", "options": {"fluss": True}},
    {"t": "enter", "room": "r1"},
    {"t": "sit", "room": "r1", "seat": None},
    {"t": "stand", "room": "r1"},
    {"t": "option", "room": "r1", "key": "fluss", "value": True},
    {"t": "bot", "room": "r1", "seat": 2},
    {"t": "start", "room": "r1"},
    {"t": "act", "room": "r1", "v": 3, "intent": {"t": "place", "x": 0, "y": 1, "r": 2}},
    {"t": "chat", "room": "r1", "text": "gg"},
    {"t": "resync", "room": "r1"},
    {"t": "resign", "room": "r1"},
    {"t": "leave", "room": "r1"},
    {"t": "history", "mine": True, "limit": 5},
    {"t": "replay", "game": "0123456789ab", "seat": None},
    {"t": "ping", "id": 7},
    {"t": "hall"},
    {"t": "hall_chat", "text": "hello hall"},
    {"t": "turns"},
    {"t": "push_key"},
    {
        "t": "push_subscribe",
        "subscription": {
            "endpoint": "https://hall.example/push/x",
            "keys": {"p256dh": "B", "auth": "A"},
        },
        "topics": ["your_turn"],
        "lang": "ja",
    },
    {"t": "push_unsubscribe", "endpoint": "https://hall.example/push/x"},
]


def test_every_client_message_has_a_sample() -> None:
    tags = {msgspec.inspect.type_info(c).tag for c in m.CLIENT_MESSAGES}
    assert tags == {s["t"] for s in CLIENT_SAMPLES}


@pytest.mark.parametrize("sample", CLIENT_SAMPLES, ids=lambda s: s["t"])
def test_client_messages_decode_from_both_framings(sample) -> None:
    a = codec.decode_client(msgspec.msgpack.encode(sample))
    b = codec.decode_client(msgspec.json.encode(sample).decode())
    assert a == b
    assert msgspec.msgpack.decode(codec.encode_msgpack(a))["t"] == sample["t"]


@pytest.mark.parametrize(
    "bad",
    [
        {"t": "hello"},
        {"t": "nope"},
        {"t": "act", "room": "r", "v": "3", "intent": {}},
        {"t": "sit", "room": 5},
        {"room": "r"},
        [1, 2, 3],
    ],
)
def test_wrong_shapes_are_refused(bad) -> None:
    with pytest.raises(msgspec.ValidationError):
        codec.decode_client(msgspec.msgpack.encode(bad))


SUMMARY = m.GameSummary(
    id="g1",
    game="g",
    options={},
    players=[m.PlayerResult(player="p1", name="Anna", bot=False, score=3, rank=1)],
    moves=4,
    started=1.0,
    ended=2.0,
)


def test_server_messages_round_trip() -> None:
    samples = [
        m.Welcome(token="t", player="p1", name="Anna"),
        m.RoomList(
            rooms=[
                m.RoomSummary(
                    room="r", game="g", status="waiting", seats=5, seated=1, watchers=0, options={}
                )
            ]
        ),
        m.Room(
            room="r",
            game="g",
            options={"old": False},
            status="playing",
            host="p1",
            seats=[m.SeatInfo(player="p1", name="Anna", bot=False, online=True), None],
            you=0,
            watchers=3,
        ),
        m.Snapshot(room="r", v=1, view={"log": []}),
        m.Patch(room="r", v=2, ops=[["s", ["a"], 1]]),
        m.ChatLine(room="r", from_="Anna", text="hi", at=1.5),
        m.ChatLog(room="r", lines=[m.ChatEntry(from_="Anna", text="hi", at=1.5)]),
        m.HistoryList(games=[SUMMARY], mine=False),
        m.ReplayData(summary=SUMMARY, seat=None, view={"log": []}, patches=[[["s", ["a"], 1]]]),
        m.Error(ref=None, code="bad_message", message="?"),
        m.Pong(id=None),
        m.SignedOut(everywhere=True),
        m.HallChatLine(player="p1", from_="Ben", account=False, tag="5VWX", text="hi", at=1.5),
        m.HallChatLog(
            lines=[m.HallChatEntry(player="p1", from_="Ben", account=True, text="hi", at=1.5)]
        ),
        m.Present(
            people=[
                m.Person(
                    player="p1",
                    name="Ben",
                    account=False,
                    tag="5VWX",
                    places=[m.Place(room="r1", game="alhambra", seated=True)],
                )
            ]
        ),
        m.PresentChanges(people=[], gone=["p2"]),
        m.TurnList(
            rooms=[
                m.TurnRoom(
                    room="r1", game="carcassonne", deadline=2.5, since=1.5, opponents=["Ben"]
                )
            ]
        ),
        m.Ok(ref=7, room="r", v=3, again=True),
        m.RoomChanges(
            rooms=[
                m.RoomSummary(
                    room="r",
                    game="g",
                    status="waiting",
                    seats=5,
                    seated=1,
                    watchers=0,
                    options={},
                    private=True,
                )
            ],
            gone=["q"],
            total=7,
        ),
        m.PushKeyAnswer(key="BPub"),
        m.PushTopics(endpoint="https://hall.example/push/x", topics=["game_over"]),
    ]
    assert {type(s) for s in samples} == set(m.SERVER_MESSAGES)
    for s in samples:
        assert codec.decode_server(codec.encode_msgpack(s)) == s
        assert codec.decode_server(codec.encode_json(s)) == s
    assert msgspec.msgpack.decode(codec.encode_msgpack(samples[5]))["from"] == "Anna"


def test_generated_typescript_is_current() -> None:
    assert codegen.main(["--check"]) == 0, "run: python -m protocol.codegen"
    text = codegen.render()
    for cls in (*m.CLIENT_MESSAGES, *m.SERVER_MESSAGES):
        assert f"export interface {cls.__name__} " in text
    assert "  from: string;" in text
