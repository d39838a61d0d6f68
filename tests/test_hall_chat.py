"""The hall's meeting place over real websockets: its chat (limits, history, across
processes on Redis and across a restart), who is here and where they sit or watch,
and guests who share a name told apart, without a token or session id ever shown."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from bench.harness.redis_server import RedisServer
from protocol import messages as m
from protocol.tags import VECTORS, player_tag
from server import present
from tests.conftest import TEST_LIMITS, running_server
from tests.support.client import Client
from tests.support.processes import ServerProcess

People = dict[str, dict[str, Any]]


class InHall:
    """One client's hall: who is here, as `present` and `present_changes` tell it."""

    def __init__(self, client: Client) -> None:
        self.c = client
        self.people: People = {}

    async def join(self) -> list[dict[str, Any]]:
        """Send `hall`: the chat's recent lines (and who is here, kept)."""
        await self.c.send({"t": "hall"})
        log = await self.c.expect("hall_chat_log")
        listed = await self.c.expect("present")
        self.people = {p["player"]: p for p in listed["people"]}
        return list(log["lines"])

    async def until(self, ok: Callable[[People], bool], timeout: float = 8.0) -> People:
        """Apply `present_changes` until ``ok`` holds for who is here."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not ok(self.people):
            left = deadline - loop.time()
            if left <= 0:
                raise TimeoutError(f"who is here never fit: {self.people}")
            changes = await self.c.expect("present_changes", timeout=left)
            for gone in changes["gone"]:
                self.people.pop(gone, None)
            for p in changes["people"]:
                self.people[p["player"]] = p
        return self.people


def names(people: People) -> set[str]:
    return {p["name"] for p in people.values()}


async def say(c: Client, text: str, shown: str | None = None) -> dict[str, Any]:
    """Say ``text`` in the hall: the line the sender hears back (``shown``, cleaned)."""
    await c.send({"t": "hall_chat", "text": text})
    return await c.expect("hall_chat", text=text if shown is None else shown)


def said(lines: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(line["from"], line["text"]) for line in lines]


async def test_the_hall_chat_reaches_everyone_listening_and_newcomers_get_its_history(
    server,
) -> None:
    anna, bert = await server.client("anna"), await server.client("bert")
    assert await InHall(anna).join() == []
    await InHall(bert).join()

    line = await say(anna, "  hello hall\x07 ", "hello hall")
    assert (line["from"], line["text"], line["player"]) == ("anna", "hello hall", anna.player)
    assert line["account"] is False and line["tag"] == player_tag(anna.player or "")
    assert isinstance(line["at"], float)
    heard = await bert.expect("hall_chat", text="hello hall")
    assert heard == line

    # Someone who was not listening hears nothing; whoever comes later gets the history.
    quiet = await server.client("quiet")
    await say(bert, "hi anna")
    await quiet.drain(0.2)
    assert not [msg for msg in quiet.inbox if msg["t"] == "hall_chat"]
    assert said(await InHall(quiet).join()) == [("anna", "hello hall"), ("bert", "hi anna")]

    # The hall keeps its last HALL_CHAT_KEEP lines, as a table does.
    talkers = [await server.client(f"t{i}") for i in range(m.HALL_CHAT_KEEP // 5 + 1)]
    n = 0
    for t in talkers:
        for _ in range(5):  # each within the hall's rate
            await t.send({"t": "hall_chat", "text": f"line {n}"})
            n += 1
    await anna.expect("hall_chat", text=f"line {n - 1}")
    late = await InHall(await server.client("late")).join()
    assert len(late) == m.HALL_CHAT_KEEP
    assert late[-1]["text"] == f"line {n - 1}" and late[0]["text"] == f"line {n - 100}"


async def test_bad_lines_are_refused_with_stable_codes_and_the_hall_chat_has_a_rate(
    server,
) -> None:
    anna = await server.client("anna")
    await InHall(anna).join()
    for text, code in [("", "bad_message"), (" \x00\t ", "bad_message"), ("x" * 501, "too_large")]:
        await anna.send({"t": "hall_chat", "text": text, "id": 7})
        error = await anna.expect("error", ref=7)
        assert error["code"] == code
    await anna.send({"t": "hall_chat", "id": 8})  # no text at all
    assert (await anna.expect("error", ref=8))["code"] == "bad_message"
    await say(anna, "x" * 500)  # the longest line there may be

    # A burst of five lines goes through (one is said already); the next is too fast.
    for i in range(4):
        await say(anna, f"burst {i}")
    await anna.send({"t": "hall_chat", "text": "one too many", "id": 9})
    error = await anna.expect("error", ref=9)
    assert error["code"] == "rate_limited" and error["args"] == {"per_second": 1.0}
    await asyncio.sleep(1.1)
    await say(anna, "after a breath")
    # Before hello, nothing.
    stranger = await server.client(None)
    await stranger.send({"t": "hall_chat", "text": "hi", "id": 1})
    assert (await stranger.expect("error", ref=1))["code"] == "bad_message"


async def test_at_a_hall_that_asks_for_accounts_guests_read_the_hall_chat_but_do_not_speak() -> (
    None
):
    limits = msgspec.structs.replace(TEST_LIMITS, accounts="required")
    async with running_server(limits) as srv:
        ada = await srv.client("Ada")
        await ada.send({"t": "register", "name": "Ada", "password": "correct horse"})
        await ada.expect("welcome", account="Ada")
        await InHall(ada).join()
        guest = await srv.client("guest")
        await InHall(guest).join()
        await guest.send({"t": "hall_chat", "text": "may I?", "id": 3})
        assert (await guest.expect("error", ref=3))["code"] == "account_required"
        line = await say(ada, "welcome, everyone")
        assert line["account"] is True and line["tag"] is None
        assert (await guest.expect("hall_chat"))["text"] == "welcome, everyone"


async def test_who_is_here_and_where_they_sit_or_watch(server) -> None:
    anna, bert = await server.client("anna"), await server.client("bert")
    hall = InHall(bert)
    await hall.join()
    await hall.until(lambda p: names(p) == {"anna", "bert"})

    await anna.send({"t": "create", "game": "countdown", "options": {}})
    room = (await anna.expect("room"))["room"]
    await bert.send({"t": "enter", "room": room})
    await bert.expect("room", room=room)
    here = await hall.until(
        lambda p: bool(p[anna.player]["places"]) and bool(p[bert.player]["places"])  # type: ignore[index]
    )
    assert here[anna.player]["places"] == [{"room": room, "game": "countdown", "seated": True}]  # type: ignore[index]
    assert here[bert.player]["places"] == [{"room": room, "game": "countdown", "seated": False}]  # type: ignore[index]

    # A private table's people are nobody else's business.
    await anna.send({"t": "create", "game": "countdown", "options": {"private": True}})
    secret = (await anna.expect("room", private=True))["room"]
    await asyncio.sleep(present.EVERY * 2.5)
    assert [p["room"] for p in hall.people[anna.player]["places"]] == [room]  # type: ignore[index]
    assert secret not in str(hall.people)

    # Gone: a dropped connection leaves the list (told as a change, not a whole list).
    await anna.close()
    await hall.until(lambda p: anna.player not in p)
    assert not [msg for msg in bert.inbox if msg["t"] == "present"][1:]

    # Two connections of one player are one person.
    bert2 = await server.client("bert", token=bert.token)
    await asyncio.sleep(present.EVERY * 2.5)
    assert list(hall.people) == [bert.player]
    await bert2.close()


async def test_a_hall_nobody_listens_to_does_not_look_and_the_first_listener_gets_a_fresh_list(
    server,
) -> None:
    # Nobody listens: a hall of one process does not walk its connections every
    # second (at 2,000 connections that was some 8 ms a second for nobody).
    anna = await server.client("anna")
    await asyncio.sleep(present.EVERY * 1.5)
    assert server.hall.presence.people == {}
    # Whoever listens first is told everyone at once, with who came a moment ago.
    bert = await server.client("bert")
    hall = InHall(bert)
    await hall.join()
    assert names(hall.people) == {"anna", "bert"}
    await anna.close()
    await hall.until(lambda p: anna.player not in p)


async def test_guests_who_share_a_name_are_told_apart_and_no_token_is_ever_shown(server) -> None:
    ben1, ben2 = await server.client("Ben"), await server.client("Ben")
    ada = await server.client("Ada")
    await ada.send({"t": "register", "name": "Ada", "password": "correct horse"})
    await ada.expect("welcome", account="Ada")
    watcher = await server.client("watcher")
    hall = InHall(watcher)
    await hall.join()
    here = await hall.until(lambda p: len(p) == 4)
    bens = [p for p in here.values() if p["name"] == "Ben"]
    assert len(bens) == 2 and bens[0]["tag"] != bens[1]["tag"]
    assert {b["tag"] for b in bens} == {
        player_tag(ben1.player or ""),
        player_tag(ben2.player or ""),
    }
    assert all(len(b["tag"]) == 4 and b["account"] is False for b in bens)
    ada_here = here[ada.player]  # type: ignore[index]
    assert ada_here["account"] is True and ada_here["tag"] is None

    # The tag is stable: the same guest coming back has the same one.
    await InHall(ben1).join()
    await say(ben1, "it is me")
    back = await server.client("Ben", token=ben1.token)
    assert back.player == ben1.player
    await InHall(back).join()
    await say(back, "me again")
    lines = await InHall(await server.client("late")).join()
    assert lines[0]["tag"] == lines[1]["tag"] == player_tag(ben1.player or "")

    # Nothing the watcher was sent holds anyone's token (a session's id).
    seen = msgspec.json.encode(watcher.inbox).decode()
    for c in (ben1, ben2, ada, back):
        assert c.token and c.token not in seen
        assert c.token[:8] not in seen


async def test_recent_games_mark_account_holders_and_tag_guests(server) -> None:
    ada = await server.client("Ada")
    await ada.send({"t": "register", "name": "Ada", "password": "correct horse"})
    await ada.expect("welcome", account="Ada")
    ben1, ben2 = await server.client("Ben"), await server.client("Ben")
    players = [
        m.PlayerResult(player=p, name=n, bot=False, score=10 - i, rank=i + 1)
        for i, (p, n) in enumerate(
            [(ada.player, "Ada"), (ben1.player, "Ben"), (ben2.player, "Ben")]
        )
    ]
    players.append(m.PlayerResult(player="bot-x-1", name="AI 1", bot=True, score=0, rank=4))
    summary = m.GameSummary(
        id="g1", game="countdown", options={}, players=players, moves=3, started=1.0, ended=2.0
    )
    await server.hall.broker.archive(
        "g1", msgspec.msgpack.encode(summary), b"", 2.0, [p.player for p in players]
    )
    await ben1.send({"t": "history"})
    listed = (await ben1.expect("history"))["games"][0]["players"]
    assert [(p["account"], p["tag"]) for p in listed] == [
        (True, None),
        (False, player_tag(ben1.player or "")),
        (False, player_tag(ben2.player or "")),
        (False, None),
    ]


def test_the_tag_is_the_one_the_client_computes_and_never_the_id_itself() -> None:
    for player, tag in VECTORS.items():
        assert player_tag(player) == tag
        assert len(tag) == 4 and tag not in player.upper()


@pytest.mark.redis
async def test_on_redis_two_processes_share_the_hall_chat_and_who_is_here() -> None:
    redis = RedisServer()
    one, two = ServerProcess(redis.url), ServerProcess(redis.url)
    clients: list[Client] = []
    try:
        anna = await Client.open(one.url, "anna")
        bert = await Client.open(two.url, "bert")
        clients += [anna, bert]
        anna_hall, bert_hall = InHall(anna), InHall(bert)
        await anna_hall.join()
        await bert_hall.join()
        # Each sees the other, served by the other process.
        await anna_hall.until(lambda p: names(p) == {"anna", "bert"})
        await bert_hall.until(lambda p: names(p) == {"anna", "bert"})

        await say(anna, "from process one")
        assert (await bert.expect("hall_chat"))["text"] == "from process one"
        await say(bert, "from process two")
        assert (await anna.expect("hall_chat"))["text"] == "from process two"

        # Bert sits at Anna's table, owned by process one; process two says where he is.
        await anna.send({"t": "create", "game": "countdown", "options": {}})
        room = (await anna.expect("room"))["room"]
        await bert.send({"t": "sit", "room": room, "seat": 1})
        await bert.expect("room", you=1)
        # Process two learns the seat from the table's own news, a moment after Bert's
        # answer: until then it may say he is watching.
        seated = [{"room": room, "game": "countdown", "seated": True}]
        await anna_hall.until(lambda p: p[bert.player]["places"] == seated)  # type: ignore[index]

        # A newcomer on either process has the conversation; Bert leaves, and is gone.
        late = await Client.open(one.url, "late")
        clients.append(late)
        lines = await InHall(late).join()
        assert said(lines) == [("anna", "from process one"), ("bert", "from process two")]
        await bert.close()
        await anna_hall.until(lambda p: names(p) == {"anna", "late"})
    finally:
        for c in clients:
            await c.close()
        one.stop()
        two.stop()
        redis.stop()


async def test_a_hall_with_a_data_directory_keeps_the_hall_chat_across_a_restart(tmp_path) -> None:
    data = str(tmp_path)
    first = ServerProcess(data=data)
    try:
        anna = await Client.open(first.url, "anna")
        await InHall(anna).join()
        for text in ("before", "the", "restart"):
            await say(anna, text)  # acknowledged: kept on disk
        await anna.close()
        first.kill()
    finally:
        first.stop()
    second = ServerProcess(data=data, port=first.port)
    try:
        back = await Client.open(second.url, "anna", token=anna.token)
        lines = await InHall(back).join()
        assert said(lines) == [("anna", "before"), ("anna", "the"), ("anna", "restart")]
        await back.close()
    finally:
        second.stop()


async def test_a_crowd_arriving_is_told_as_a_few_changes_not_a_list_per_newcomer(server) -> None:
    watcher = await server.client("watcher")
    hall = InHall(watcher)
    await hall.join()
    loop = asyncio.get_running_loop()
    began = loop.time()
    for i in range(40):
        await server.client(f"guest {i}")
    await hall.until(lambda p: len(p) == 41, timeout=15)
    took = loop.time() - began
    told = [msg for msg in watcher.inbox if msg["t"] in ("present", "present_changes")]
    # One whole list (on `hall`), then at most one change a second.
    assert [msg["t"] for msg in told].count("present") == 1
    assert len(told) - 1 <= took / present.EVERY + 2
    assert sum(len(msg["people"]) for msg in told[1:]) >= 40


async def test_a_tables_chat_names_its_speakers_so_two_guests_of_one_name_are_told_apart(
    server,
) -> None:
    ben1, ben2 = await server.client("Ben"), await server.client("Ben")
    await ben1.send({"t": "create", "game": "countdown", "options": {}})
    room = (await ben1.expect("room"))["room"]
    await ben2.send({"t": "enter", "room": room})
    await ben2.expect("room", room=room)
    for c, text in ((ben1, "I am Ben"), (ben2, "so am I")):
        await c.send({"t": "chat", "room": room, "text": text})
    one = await ben2.expect("chat", text="I am Ben")
    two = await ben2.expect("chat", text="so am I")
    assert (one["player"], one["account"], one["tag"]) == (
        ben1.player,
        False,
        player_tag(ben1.player or ""),
    )
    assert two["player"] == ben2.player and two["tag"] != one["tag"]
    # The kept lines say it too.
    late = await server.client("late")
    await late.send({"t": "enter", "room": room})
    log = await late.expect("chat_log", room=room)
    assert [(line["player"], line["tag"]) for line in log["lines"]] == [
        (one["player"], one["tag"]),
        (two["player"], two["tag"]),
    ]
