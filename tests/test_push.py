"""Web Push (server/push.py): a device subscribed over the wire gets its pushes from a
push service of the test's own on a loopback port, encrypted so that only the device's
keys open them (RFC 8291, `aes128gcm`), and signed with the hall's VAPID key; a device
the push service says is gone is forgotten; what the hall cannot use is refused."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import http_ece
import msgspec
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from bench.harness.redis_server import RedisServer
from server.broker import MemoryBroker
from server.broker.redis import RedisBroker
from server.broker.sqlite import SqliteBroker
from server.push import Notice, check_endpoint
from server.vapid import load_or_make
from tests.conftest import TEST_LIMITS, RunningServer, running_server
from tests.support.client import Client

PUSH_LIMITS = msgspec.structs.replace(TEST_LIMITS, push_loopback=True, push_timeout=5.0)


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class PushService:
    """A push service on a loopback port: it keeps what it is posted, and answers each
    path with the status the test chose (201 unless told)."""

    port: int = 0
    got: asyncio.Queue[Received] = field(default_factory=asyncio.Queue)
    status: dict[str, int] = field(default_factory=dict)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            _, path, _ = lines[0].split(" ", 2)
            headers = {}
            for line in lines[1:]:
                if ":" in line:
                    k, v = line.split(":", 1)
                    headers[k.strip().lower()] = v.strip()
            body = await reader.readexactly(int(headers.get("content-length", "0")))
            await self.got.put(Received(path, headers, body))
            code = self.status.get(path, 201)
            writer.write(
                f"HTTP/1.1 {code} X\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".encode()
            )
            await writer.drain()
        finally:
            writer.close()

    async def next(self, timeout: float = 10.0) -> Received:
        return await asyncio.wait_for(self.got.get(), timeout)


@contextlib.asynccontextmanager
async def push_service() -> AsyncIterator[PushService]:
    service = PushService()
    server = await asyncio.start_server(service.handle, "127.0.0.1", 0)
    service.port = server.sockets[0].getsockname()[1]
    try:
        yield service
    finally:
        server.close()
        await server.wait_closed()


class Device:
    """A browser's side of a subscription: its P-256 key pair and auth secret."""

    def __init__(self, endpoint: str) -> None:
        self.endpoint = endpoint
        self.private = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        point = self.private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.subscription = {
            "endpoint": endpoint,
            "keys": {"p256dh": b64url(point), "auth": b64url(self.auth)},
        }

    def open(self, body: bytes) -> dict[str, Any]:
        """The push, decrypted with this device's keys, as the browser does."""
        plain = http_ece.decrypt(
            body, private_key=self.private, auth_secret=self.auth, version="aes128gcm"
        )
        out: dict[str, Any] = json.loads(plain)
        return out


async def subscribe(
    c: Client, device: Device, topics: list[str], lang: str = "en"
) -> dict[str, Any]:
    await c.send(
        {
            "t": "push_subscribe",
            "subscription": device.subscription,
            "topics": topics,
            "lang": lang,
        }
    )
    return await c.expect("push_topics")


@pytest.fixture
async def hall() -> AsyncIterator[RunningServer]:
    async with running_server(PUSH_LIMITS) as s:
        yield s


async def test_a_push_reaches_the_right_device_and_only_its_keys_open_it(hall) -> None:
    async with push_service() as service:
        anna, bob = await hall.client("anna"), await hall.client("bob")
        await anna.send({"t": "push_key"})
        key = (await anna.expect("push_key"))["key"]
        assert len(base64.urlsafe_b64decode(key + "==")) == 65  # a P-256 point
        phone, laptop = Device(service.url("/anna")), Device(service.url("/bob"))
        answer = await subscribe(anna, phone, ["your_turn", "game_over"])
        assert answer == {
            "t": "push_topics",
            "endpoint": phone.endpoint,
            "topics": ["your_turn", "game_over"],
        }
        await subscribe(bob, laptop, ["your_turn"], lang="ja")

        sent = await hall.hall.pusher.send(
            anna.player, "your_turn", Notice(room="r1", game="carcassonne")
        )
        assert sent == 1
        got = await service.next()
        assert got.path == "/anna"
        assert got.headers["content-encoding"] == "aes128gcm"
        # Signed with the hall's key, the one browsers are given (RFC 8292).
        assert got.headers["authorization"].startswith("vapid t=")
        assert f"k={key}" in got.headers["authorization"]
        push = phone.open(got.body)
        assert push["title"] == "Carcassonne: your turn"
        assert push["url"] == "/?t=r1"
        with pytest.raises(Exception):  # noqa: B017 -- any failure to decrypt will do
            laptop.open(got.body)  # another device's keys do not open it
        assert service.got.empty()

        # Bob's device is worded in his language.
        await hall.hall.pusher.send(bob.player, "your_turn", Notice(room="r2", game="kingsburg"))
        got = await service.next()
        assert got.path == "/bob"
        assert laptop.open(got.body)["title"] == "キングスブルグ: あなたの番です"


async def test_only_the_topics_a_device_chose_are_pushed_to_it(hall) -> None:
    async with push_service() as service:
        bob = await hall.client("bob")
        await subscribe(bob, Device(service.url("/bob")), ["game_over"])
        pusher = hall.hall.pusher
        assert await pusher.send(bob.player, "your_turn", Notice(room="r", game="alhambra")) == 0
        await subscribe(bob, Device(service.url("/bob")), [])  # the same device, told nothing
        assert await pusher.send(bob.player, "game_over", Notice(room="r", game="alhambra")) == 0
        assert service.got.empty()


async def test_a_device_the_push_service_calls_gone_is_forgotten(hall) -> None:
    async with push_service() as service:
        anna = await hall.client("anna")
        gone, kept = Device(service.url("/gone")), Device(service.url("/kept"))
        service.status["/gone"] = 410
        service.status["/missing"] = 404
        missing = Device(service.url("/missing"))
        for d in (gone, kept, missing):
            await subscribe(anna, d, ["your_turn"])
        pusher = hall.hall.pusher
        assert len(await pusher.devices(anna.player)) == 3
        sent = await pusher.send(anna.player, "your_turn", Notice(room="r", game="kardinal"))
        assert sent == 1
        assert [d.endpoint for d in await pusher.devices(anna.player)] == [kept.endpoint]


async def test_a_server_error_of_the_push_service_keeps_the_device(hall) -> None:
    async with push_service() as service:
        anna = await hall.client("anna")
        service.status["/busy"] = 503
        await subscribe(anna, Device(service.url("/busy")), ["your_turn"])
        pusher = hall.hall.pusher
        assert await pusher.send(anna.player, "your_turn", Notice(room="r", game="kardinal")) == 0
        assert len(await pusher.devices(anna.player)) == 1


async def test_unsubscribing_stops_the_pushes(hall) -> None:
    async with push_service() as service:
        anna = await hall.client("anna")
        device = Device(service.url("/anna"))
        await subscribe(anna, device, ["your_turn"])
        await anna.send({"t": "push_unsubscribe", "endpoint": device.endpoint})
        assert (await anna.expect("push_topics"))["topics"] == []
        assert await hall.hall.pusher.devices(anna.player) == []


async def test_a_player_keeps_ten_devices_the_newest(hall) -> None:
    anna = await hall.client("anna")
    devices = [Device(f"http://127.0.0.1:9/{i}") for i in range(11)]
    for d in devices:
        await subscribe(anna, d, ["your_turn"])
    kept = {d.endpoint for d in await hall.hall.pusher.devices(anna.player)}
    assert kept == {d.endpoint for d in devices[1:]}


async def test_when_a_game_ends_each_person_who_played_is_told_their_place(hall) -> None:
    async with push_service() as service:
        host = await hall.client("host")
        guest = await hall.client("guest")
        host_phone, guest_phone = Device(service.url("/host")), Device(service.url("/guest"))
        await subscribe(host, host_phone, ["game_over"])
        await subscribe(guest, guest_phone, ["game_over"], lang="ja")
        await host.send({"t": "create", "game": "countdown", "options": {"pile": 3}})
        room = (await host.expect("room"))["room"]
        await guest.send({"t": "sit", "room": room, "seat": 1})
        await guest.expect("room", you=1)
        await host.send({"t": "start", "room": room})
        await host.expect("snapshot", room=room)
        await host.send({"t": "act", "room": room, "v": 0, "intent": {"t": "take", "n": 3}})
        pushes = {}
        for _ in range(2):
            got = await service.next()
            pushes[got.path] = got
        assert set(pushes) == {"/host", "/guest"}
        won = host_phone.open(pushes["/host"].body)
        assert won["topic"] == "game_over"
        assert won["title"] == "countdown: game over"
        assert won["body"] == "You placed 1 of 2."
        assert won["url"].startswith("/#replay/")
        lost = guest_phone.open(pushes["/guest"].body)
        assert lost["body"] == "2人中2位でした。"


async def test_bad_subscriptions_are_refused_and_change_nothing(hall) -> None:
    anna = await hall.client("anna")
    good = Device("https://hall.example/push/abc").subscription
    cases: list[tuple[dict[str, Any], list[str]]] = [
        ({**good, "endpoint": "http://hall.example/push/abc"}, ["your_turn"]),
        ({**good, "endpoint": "https://192.0.2.7/abc"}, ["your_turn"]),
        ({**good, "endpoint": "https://localhost/abc"}, ["your_turn"]),
        ({**good, "endpoint": "not a url"}, ["your_turn"]),
        ({**good, "endpoint": "https://hall.example:notaport/"}, ["your_turn"]),
        ({**good, "keys": {"p256dh": good["keys"]["p256dh"], "auth": "AAAA"}}, ["your_turn"]),
        (
            {
                **good,
                "keys": {"p256dh": b64url(b"\x04" + b"\x01" * 64), "auth": good["keys"]["auth"]},
            },
            ["your_turn"],
        ),
        ({**good, "keys": {"p256dh": "!!!", "auth": good["keys"]["auth"]}}, ["your_turn"]),
        (good, ["your_turn", "everything"]),
    ]
    for i, (sub, topics) in enumerate(cases):
        await anna.send({"t": "push_subscribe", "id": i, "subscription": sub, "topics": topics})
        err = await anna.expect("error", ref=i)
        assert err["code"] == "bad_subscription", (sub, err)
    assert err["args"] == {"topic": "everything"}
    await anna.send({"t": "push_subscribe", "id": 99, "subscription": {"endpoint": "x"}})
    assert (await anna.expect("error", ref=99))["code"] == "bad_message"
    assert await hall.hall.pusher.devices(anna.player) == []


def test_an_endpoint_on_loopback_is_refused_outside_tests() -> None:
    with pytest.raises(Exception, match="https"):
        check_endpoint("http://127.0.0.1:9/x")
    with pytest.raises(Exception, match="push service"):
        check_endpoint("https://127.0.0.1:9/x")
    check_endpoint("http://127.0.0.1:9/x", loopback=True)
    check_endpoint("https://hall.example/fcm/send/abc")


async def test_a_hall_without_pushes_gives_no_key_and_refuses_subscriptions() -> None:
    limits = msgspec.structs.replace(PUSH_LIMITS, push=False)
    async with running_server(limits) as hall:
        anna = await hall.client("anna")
        await anna.send({"t": "push_key"})
        assert (await anna.expect("push_key"))["key"] is None
        sub = Device("https://hall.example/push/abc").subscription
        await anna.send(
            {"t": "push_subscribe", "id": 1, "subscription": sub, "topics": ["your_turn"]}
        )
        assert (await anna.expect("error", ref=1))["code"] == "push_off"


async def test_the_vapid_key_and_subscriptions_survive_a_restart_with_a_data_directory(
    tmp_path,
) -> None:
    broker = SqliteBroker(tmp_path)
    async with running_server(PUSH_LIMITS, broker=broker) as hall:
        anna = await hall.client("anna")
        await anna.send({"t": "push_key"})
        key = (await anna.expect("push_key"))["key"]
        await subscribe(anna, Device("https://hall.example/push/anna"), ["your_turn"])
        token, player = anna.token, anna.player
    again = SqliteBroker(tmp_path)
    async with running_server(PUSH_LIMITS, broker=again) as hall:
        anna = await hall.client("anna", token=token)
        assert anna.player == player
        await anna.send({"t": "push_key"})
        assert (await anna.expect("push_key"))["key"] == key
        kept = await hall.hall.pusher.devices(player)
        assert [d.endpoint for d in kept] == ["https://hall.example/push/anna"]


async def test_without_a_data_directory_each_process_makes_its_own_key() -> None:
    one, two = MemoryBroker(), MemoryBroker()
    first = await load_or_make(one)
    assert (await load_or_make(one)).public == first.public  # kept for the process
    assert (await load_or_make(two)).public != first.public


async def test_a_deleted_account_gets_no_more_pushes(hall) -> None:
    from argon2 import PasswordHasher

    # A cheap hash: the test is about the pushes, not the password.
    hall.hall.accounts.hasher = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)
    anna = await hall.client("anna")
    await anna.send({"t": "register", "name": "Anna", "password": "correct horse"})
    await anna.expect("welcome", account="Anna")
    await subscribe(anna, Device("https://hall.example/push/anna"), ["game_over"])
    assert len(await hall.hall.pusher.devices(anna.player)) == 1
    await anna.send({"t": "delete_account", "password": "correct horse"})
    await anna.expect("signed_out")
    assert await hall.hall.pusher.devices(anna.player) == []


@pytest.mark.redis
async def test_on_redis_every_process_signs_with_one_key_and_sees_the_devices() -> None:
    redis = RedisServer(persist=False)
    try:
        async with (
            running_server(PUSH_LIMITS, broker=RedisBroker(redis.url)) as one,
            running_server(PUSH_LIMITS, broker=RedisBroker(redis.url)) as two,
        ):
            anna = await one.client("anna")
            await anna.send({"t": "push_key"})
            key = (await anna.expect("push_key"))["key"]
            await subscribe(anna, Device("https://hall.example/push/anna"), ["your_turn"])
            assert two.hall.pusher.public_key == key
            kept = await two.hall.pusher.devices(anna.player)
            assert [d.endpoint for d in kept] == ["https://hall.example/push/anna"]
    finally:
        redis.stop()


def test_a_push_service_name_that_leads_into_the_halls_network_is_not_posted_to(
    monkeypatch,
) -> None:
    import socket

    from server import push

    def addresses(*found: str):
        return lambda host, *a, **k: [
            (socket.AF_INET, socket.SOCK_STREAM, 6, "", (x, 443)) for x in found
        ]

    monkeypatch.setattr(push.socket, "getaddrinfo", addresses("10.1.2.3"))
    assert not push.resolves_public("https://hall.example/push/x")
    monkeypatch.setattr(push.socket, "getaddrinfo", addresses("8.8.8.8", "127.0.0.1"))
    assert not push.resolves_public("https://hall.example/push/x")
    monkeypatch.setattr(push.socket, "getaddrinfo", addresses("8.8.8.8"))
    assert push.resolves_public("https://hall.example/push/x")


async def test_a_device_whose_service_resolves_privately_gets_nothing_and_is_kept(
    hall, monkeypatch
) -> None:
    from server import push

    async with push_service() as service:
        anna = await hall.client("anna")
        await subscribe(anna, Device(service.url("/anna")), ["your_turn"])
        pusher = hall.hall.pusher
        # The name now leads into a private network: nothing is posted.
        monkeypatch.setattr(
            push.socket,
            "getaddrinfo",
            lambda *a, **k: [(2, 1, 6, "", ("10.1.2.3", service.port))],
        )
        assert await pusher.send(anna.player, "your_turn", Notice(room="r", game="kardinal")) == 0
        assert service.got.empty()
        assert len(await pusher.devices(anna.player)) == 1


async def test_at_a_turn_based_table_each_person_is_told_when_it_is_their_move(hall) -> None:
    async with push_service() as service:
        host = await hall.client("host")
        guest = await hall.client("guest")
        host_phone, guest_phone = Device(service.url("/host")), Device(service.url("/guest"))
        await subscribe(host, host_phone, ["your_turn"])
        await subscribe(guest, guest_phone, ["your_turn"])
        options = {"pile": 9, "pace": "turn_based"}
        await host.send({"t": "create", "game": "countdown", "options": options})
        room = (await host.expect("room"))["room"]
        await guest.send({"t": "sit", "room": room, "seat": 1})
        await guest.expect("room", you=1)
        await host.send({"t": "start", "room": room})
        await host.expect("snapshot", room=room)
        first = await service.next()  # the game starts with the host's move
        assert first.path == "/host"
        told = host_phone.open(first.body)
        assert told["topic"] == "your_turn" and room in told["url"]
        await host.send({"t": "act", "room": room, "v": 0, "intent": {"t": "take", "n": 1}})
        second = await service.next()
        assert second.path == "/guest"
        assert guest_phone.open(second.body)["topic"] == "your_turn"


async def test_a_players_export_lists_their_devices_without_their_keys(hall) -> None:
    import httpx

    anna = await hall.client("anna")
    await anna.send({"t": "register", "name": "Anna", "password": "correct horse"})
    anna.token = (await anna.expect("welcome"))["token"]
    phone = Device("http://127.0.0.1:9/anna-phone")  # nothing is sent to it here
    await subscribe(anna, phone, ["game_over"], lang="ja")
    async with httpx.AsyncClient() as http:
        url = f"{hall.http}/api/players/Anna/export"
        got = await http.get(url, headers={"Authorization": f"Bearer {anna.token}"})
    assert got.status_code == 200
    [device] = got.json()["devices"]
    assert (device["endpoint"], device["topics"], device["lang"]) == (
        phone.endpoint,
        ["game_over"],
        "ja",
    )
    assert device["since"] > 0
    keys = phone.subscription["keys"]
    assert keys["p256dh"] not in got.text and keys["auth"] not in got.text
