"""Web Push: telling a player's devices that it is their turn, or that a game of theirs
ended, even with every tab of the hall closed.

A browser subscribes a device (``push_subscribe``) with the hall's public VAPID key
(vapid.py) and gives the hall where its push service takes pushes for that device and
the keys to encrypt them with. The hall keeps the subscriptions per player in the
broker (a directory per player, keyed by endpoint), so every process of a shared hall
sends to the same devices. A push is a small JSON document, encrypted for the device
(RFC 8291, ``aes128gcm``) and signed with the VAPID key, posted by pywebpush.

pywebpush is synchronous: each post runs on a small thread pool of its own, never on
the event loop, and with a timeout, so a slow push service delays nobody. When a push
service answers that a subscription is gone (404, 410) it is forgotten.

Who calls ``notify``: the hall, for ``game_over`` (each person who played a finished
game, once it is archived); the tables, for ``your_turn``.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import socket
import time
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import msgspec
import requests
from cryptography.hazmat.primitives.asymmetric import ec
from pywebpush import WebPushException, webpush

from protocol import messages as m
from server.broker import Broker, BrokerUnavailable
from server.games.base import IllegalIntent
from server.limits import Limits
from server.tasks import Spawn
from server.vapid import VapidKey, load_or_make, unb64url

if TYPE_CHECKING:
    from server.archive import Record

log = logging.getLogger("spieltisch.push")

TOPICS = m.PUSH_TOPICS
ENDPOINT_MAX = 2048  # characters; real push services' endpoints are a few hundred
SEND_THREADS = 4  # posts at once; more wait their turn in the pool's queue
# How long a push service keeps a push for a device that is offline (the TTL header):
# a day, after which "your turn" is likely stale.
KEEP_FOR = 24 * 3600
# What the push service answers when a subscription no longer exists.
GONE = (404, 410)


def told_key(game_id: str) -> str:
    """Set once a finished game's players were told it ended, so that they are told once."""
    return f"push:told:{game_id}"


def subs_dir(player: str) -> str:
    """The directory of a player's subscriptions: endpoint -> Subscribed."""
    return f"push:subs:{player}"


async def devices_of(broker: Broker, player: str) -> list[Subscribed]:
    """A player's push subscriptions, one per device."""
    return [_decode_sub(v) for v in (await broker.dir_all(subs_dir(player))).values()]


async def forget_devices(broker: Broker, player: str) -> None:
    """Every push subscription of a player (whose account is deleted)."""
    name = subs_dir(player)
    for endpoint in await broker.dir_all(name):
        await broker.dir_delete(name, endpoint)


class Subscribed(msgspec.Struct):
    """One device of a player, as the hall keeps it."""

    endpoint: str
    p256dh: str
    auth: str
    topics: list[str]
    lang: str = "en"
    at: float = 0.0  # when it was subscribed: the oldest goes first past PUSH_DEVICES


class Notice(msgspec.Struct, kw_only=True):
    """What a push is about; ``notify`` words it in each device's language."""

    room: str  # the table
    game: str  # the game's name (``carcassonne``)
    game_id: str = ""  # for game_over: the archived game, to replay
    place: int = 0  # for game_over: the player's place (0: the game was abandoned)
    seats: int = 0  # for game_over: how many seats the table had


class Push(msgspec.Struct, kw_only=True):
    """The push's payload, as the service worker reads it (client/public/sw.js)."""

    topic: str
    title: str
    body: str
    url: str  # what a click on the notification opens
    tag: str  # a newer notification with the same tag replaces the older one


_encode_sub = msgspec.msgpack.Encoder().encode
_decode_sub = msgspec.msgpack.Decoder(Subscribed).decode
_encode_push = msgspec.json.Encoder().encode

# Game names in both languages (as the client's i18n has them): a push is shown by the
# device alone, with no page of the hall to word it.
GAME_NAMES = {
    "carcassonne": ("Carcassonne", "カルカソンヌ"),
    "stone_age": ("Stone Age", "ストーンエイジ"),
    "alhambra": ("Alhambra", "アルハンブラ"),
    "kingsburg": ("Kingsburg", "キングスブルグ"),
    "kardinal": ("Kardinal & König", "枢機卿と王"),
}


def words(topic: str, notice: Notice, lang: str) -> Push:
    """The push for one device: its title and text in the device's language."""
    ja = lang == "ja"
    names = GAME_NAMES.get(notice.game)
    game = names[ja] if names else notice.game.replace("_", " ")
    if topic == "your_turn":
        return Push(
            topic=topic,
            title=f"{game}: あなたの番です" if ja else f"{game}: your turn",
            body=f"テーブル {notice.room} であなたの手番です。"
            if ja
            else f"It is your turn at table {notice.room}.",
            url=f"/?t={notice.room}",
            tag=f"turn-{notice.room}",
        )
    if notice.place:
        body = (
            f"{notice.seats}人中{notice.place}位でした。"
            if ja
            else f"You placed {notice.place} of {notice.seats}."
        )
    else:
        body = "ゲームは途中で終わりました。" if ja else "The game stopped before its end."
    return Push(
        topic=topic,
        title=f"{game}: ゲーム終了" if ja else f"{game}: game over",
        body=body,
        url=f"/#replay/{notice.game_id}" if notice.game_id else f"/?t={notice.room}",
        tag=f"over-{notice.room}",
    )


def check_endpoint(endpoint: str, loopback: bool = False) -> None:
    """A push service's URL: https, to a named host or a public address. ``loopback``
    (tests) also lets http to a loopback address through, and nothing else."""
    if len(endpoint) > ENDPOINT_MAX:
        raise IllegalIntent(
            "bad_subscription", f"A push endpoint is at most {ENDPOINT_MAX} characters."
        )
    try:
        url = urlsplit(endpoint)
        host = url.hostname or ""
        url.port  # noqa: B018 -- a port that is no number raises here
    except ValueError:
        raise IllegalIntent("bad_subscription", "The push endpoint is not a URL.") from None
    if not host or url.username is not None or url.password is not None:
        raise IllegalIntent("bad_subscription", "The push endpoint is not a push service's URL.")
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        address = None
    if loopback and address is not None and address.is_loopback and url.scheme in ("http", "https"):
        return
    if url.scheme != "https":
        raise IllegalIntent("bad_subscription", "A push endpoint is an https URL.")
    # The hall posts to whatever endpoint it is given: never to its own network.
    if address is not None and not address.is_global:
        raise IllegalIntent("bad_subscription", "The push endpoint is not a push service's URL.")
    if host == "localhost" or host.endswith((".localhost", ".local", ".internal")):
        raise IllegalIntent("bad_subscription", "The push endpoint is not a push service's URL.")


class PrivateAddress(Exception):
    """A push endpoint's name leads to an address of the hall's own network."""


def resolves_public(endpoint: str, loopback: bool = False) -> bool:
    """Whether every address the endpoint's host name has is a public one: a name given
    as a push service must not lead the hall to post into its own network. (Checked
    just before the post, in the pool's thread; a name that cannot be resolved is left
    for the post to fail on.) ``loopback`` (tests) lets loopback addresses through."""
    host = urlsplit(endpoint).hostname or ""
    try:
        found = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        return True
    for info in found:
        try:
            address = ipaddress.ip_address(str(info[4][0]).split("%", 1)[0])
        except ValueError:
            return False
        if not (address.is_global or (loopback and address.is_loopback)):
            return False
    return True


def check_keys(keys: m.PushKeys) -> None:
    try:
        point = unb64url(keys.p256dh)
        auth = unb64url(keys.auth)
    except ValueError:
        raise IllegalIntent(
            "bad_subscription", "The subscription's keys are not base64url."
        ) from None
    if len(auth) != 16:
        raise IllegalIntent("bad_subscription", "The subscription's auth secret is not 16 bytes.")
    try:
        if len(point) != 65:
            raise ValueError
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        raise IllegalIntent(
            "bad_subscription", "The subscription's p256dh is not a P-256 public key."
        ) from None


def check_topics(topics: Iterable[str]) -> list[str]:
    chosen: list[str] = []
    for topic in topics:
        if topic not in TOPICS:
            raise IllegalIntent(
                "bad_subscription",
                f"There is no push topic {topic!r}.",
                {"topic": str(topic)[:40]},
            )
        if topic not in chosen:
            chosen.append(topic)
    return chosen


class Pusher:
    def __init__(self, broker: Broker, limits: Limits, spawn: Spawn) -> None:
        self.broker = broker
        self.limits = limits
        self.spawn = spawn
        self.key: VapidKey | None = None  # None: this hall sends no pushes
        self.pool: ThreadPoolExecutor | None = None

    async def start(self) -> None:
        if not self.limits.push:
            return
        self.key = await load_or_make(self.broker)
        self.pool = ThreadPoolExecutor(SEND_THREADS, thread_name_prefix="push")

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)

    @property
    def public_key(self) -> str | None:
        return None if self.key is None else self.key.public

    # --- subscriptions -------------------------------------------------------------

    async def subscribe(
        self, player: str, sub: m.PushSubscription, topics: list[str], lang: str
    ) -> list[str]:
        """Keep ``sub`` for ``player`` with these topics (checked first: a refusal
        changes nothing); returns the topics kept."""
        if self.key is None:
            raise IllegalIntent("push_off", "This hall sends no pushes.")
        check_endpoint(sub.endpoint, self.limits.push_loopback)
        check_keys(sub.keys)
        chosen = check_topics(topics)
        name = subs_dir(player)
        kept = await self.broker.dir_all(name)
        if sub.endpoint not in kept and len(kept) >= m.PUSH_DEVICES:
            oldest = min(kept, key=lambda e: _decode_sub(kept[e]).at)
            await self.broker.dir_delete(name, oldest)
        entry = Subscribed(
            endpoint=sub.endpoint,
            p256dh=sub.keys.p256dh,
            auth=sub.keys.auth,
            topics=chosen,
            lang=lang,
            at=time.time(),
        )
        await self.broker.dir_put(name, {sub.endpoint: _encode_sub(entry)})
        return chosen

    async def unsubscribe(self, player: str, endpoint: str) -> None:
        await self.broker.dir_delete(subs_dir(player), endpoint)

    async def devices(self, player: str) -> list[Subscribed]:
        """The player's subscriptions."""
        return await devices_of(self.broker, player)

    # --- sending -------------------------------------------------------------------

    def notify(self, player: str, topic: str, notice: Notice) -> None:
        """Tell ``player``'s devices that chose ``topic`` about ``notice``, in the
        background: it returns at once, and never raises."""
        if self.key is not None:
            self.spawn(self.send(player, topic, notice))

    async def game_over(self, record: Record) -> None:
        """Tell each person who played a finished game that it ended (their place),
        once whichever process asks: the owner that archived it may have died before
        telling them, and the next one tells them then (room/actor.py)."""
        if self.key is None or not await self.broker.put_new(told_key(record.id), b"1"):
            return
        seats = len(record.players)
        for p in record.players:
            if p.bot:
                continue
            notice = Notice(
                room=record.table,
                game=record.game,
                game_id=record.id,
                place=0 if record.abandoned else p.rank,
                seats=seats,
            )
            self.notify(p.player, "game_over", notice)

    async def send(self, player: str, topic: str, notice: Notice) -> int:
        """``notify``, awaited: how many devices took the push."""
        if self.key is None:
            return 0
        try:
            devices = [d for d in await self.devices(player) if topic in d.topics]
        except BrokerUnavailable:
            log.warning('{"event": "push.unavailable", "player": "%s"}', player)
            return 0
        sent = await asyncio.gather(*(self._post(player, d, topic, notice) for d in devices))
        return sum(sent)

    async def _post(self, player: str, device: Subscribed, topic: str, notice: Notice) -> bool:
        key, pool = self.key, self.pool
        assert key is not None and pool is not None
        data = _encode_push(words(topic, notice, device.lang)).decode()
        info = {"endpoint": device.endpoint, "keys": {"p256dh": device.p256dh, "auth": device.auth}}
        headers = {
            "Urgency": "high" if topic == "your_turn" else "normal",
            # A push service keeps only the newest push of a topic for an offline device.
            "Topic": f"{topic.replace('_', '')[:8]}{notice.room}"[:32],
        }

        loopback = self.limits.push_loopback

        def post() -> None:
            if not resolves_public(device.endpoint, loopback):
                raise PrivateAddress(device.endpoint)
            webpush(
                info,
                data,
                vapid_private_key=key.signer,
                # A new dict each time: pywebpush writes the audience and expiry into it.
                vapid_claims={"sub": self.limits.push_contact},
                timeout=self.limits.push_timeout,
                ttl=KEEP_FOR,
                headers=dict(headers),
            )

        try:
            await asyncio.get_running_loop().run_in_executor(pool, post)
        except WebPushException as e:
            status = None if e.response is None else e.response.status_code
            if status in GONE:
                # The device unsubscribed, or the browser dropped the subscription.
                with contextlib.suppress(BrokerUnavailable):
                    await self.broker.dir_delete(subs_dir(player), device.endpoint)
                log.info('{"event": "push.gone", "player": "%s", "status": %d}', player, status)
            else:
                log.warning(
                    '{"event": "push.refused", "player": "%s", "status": %s}', player, status
                )
            return False
        except PrivateAddress:
            # Kept: the name may point elsewhere later; nothing was posted.
            log.warning('{"event": "push.private_address", "player": "%s"}', player)
            return False
        except (requests.RequestException, OSError, RuntimeError) as e:
            # RuntimeError: the pool was shut down (the hall is closing).
            log.warning(
                '{"event": "push.failed", "player": "%s", "why": "%s"}', player, type(e).__name__
            )
            return False
        return True
