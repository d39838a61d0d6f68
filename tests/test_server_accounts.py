"""Accounts over the wire: register, sign in on another device, sign out (here and
everywhere), change the password, and a hall that asks for accounts to play."""

from __future__ import annotations

import asyncio

import msgspec
import pytest
from argon2 import PasswordHasher

from tests.conftest import TEST_LIMITS, RunningServer, running_server

PASSWORD = "correct horse"


def quick(server: RunningServer) -> RunningServer:
    """Real argon2id with less memory and time, and no wait after a failed sign-in, so
    that the tests stay quick; the hall's own parameters are tested in test_accounts."""
    accounts = server.hall.accounts
    accounts.hasher = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)
    accounts.failure_delay = 0.0
    return server


@pytest.fixture
async def hall():
    async with running_server() as s:
        yield quick(s)


async def test_a_guest_claims_their_name_and_keeps_their_player_id(hall) -> None:
    ada = await hall.client("Ada")
    guest_token = ada.token
    await ada.send({"t": "register", "name": "Ada", "password": PASSWORD, "id": 1})
    welcome = await ada.expect("welcome")
    assert welcome["player"] == ada.player and welcome["account"] == "Ada"
    assert welcome["token"] != guest_token  # a new token at sign-in
    assert PASSWORD not in msgspec.json.encode(welcome).decode()
    # The new token comes back signed in; the guest's token is worth nothing now.
    again = await hall.client("whatever", token=welcome["token"])
    assert again.player == ada.player and again.welcome["account"] == "Ada"
    assert again.welcome["name"] == "Ada"  # a signed-in player's name is the account's
    stranger = await hall.client("Someone", token=guest_token)
    assert stranger.player != ada.player and stranger.welcome["account"] is None


async def test_signing_in_on_another_device_is_the_same_player(hall) -> None:
    ada = await hall.client("Ada")
    await ada.send({"t": "register", "name": "Ada", "password": PASSWORD})
    await ada.expect("welcome")
    phone = await hall.client("phone")
    await phone.send({"t": "login", "name": "ＡＤＡ", "password": PASSWORD, "id": 2})
    welcome = await phone.expect("welcome")
    assert (welcome["player"], welcome["name"], welcome["account"]) == (ada.player, "Ada", "Ada")
    # Now the phone acts as Ada: a table it opens is hosted by Ada's player id.
    await phone.send({"t": "create", "game": "countdown", "options": {}})
    room = await phone.expect("room")
    assert room["host"] == ada.player


async def test_signing_in_leaves_what_the_guest_had_entered(hall) -> None:
    host = await hall.client("Host")
    await host.send({"t": "create", "game": "countdown", "options": {}})
    room = (await host.expect("room"))["room"]
    ben = await hall.client("Ben")
    await ben.send({"t": "register", "name": "Ben", "password": PASSWORD})
    await ben.expect("welcome")
    guest = await hall.client("guest")
    await guest.send({"t": "enter", "room": room})
    await guest.expect("room")
    await guest.send({"t": "login", "name": "ben", "password": PASSWORD})
    await guest.expect("welcome")
    await guest.drain()
    assert len(hall.hall.fanout.members[room]) == 1  # the host's connection alone
    await host.send({"t": "chat", "room": room, "text": "anyone?"})
    await host.expect("chat")
    await guest.drain(0.3)
    assert not [m for m in guest.inbox if m["t"] == "chat"]


async def test_refusals_leave_the_connection_as_it_was(hall) -> None:
    ada = await hall.client("Ada")
    await ada.send({"t": "register", "name": "Ada", "password": PASSWORD})
    await ada.expect("welcome")
    other = await hall.client("Other")
    for msg, code in (
        ({"t": "register", "name": "ａｄａ", "password": PASSWORD}, "name_taken"),
        ({"t": "register", "name": "Otto", "password": "short"}, "bad_password"),
        ({"t": "login", "name": "Ada", "password": "not it at all"}, "bad_login"),
        ({"t": "login", "name": "Nobody", "password": PASSWORD}, "bad_login"),
        ({"t": "password", "old": PASSWORD, "new": "battery staple"}, "not_signed_in"),
    ):
        await other.send({**msg, "id": 9})
        err = await other.expect("error")
        assert (err["code"], err["ref"]) == (code, 9), err
    await other.send({"t": "ping", "id": 3})
    assert (await other.expect("pong"))["id"] == 3
    # Still the guest it was: its hello's name and id.
    await other.send({"t": "create", "game": "countdown", "options": {}})
    assert (await other.expect("room"))["host"] == other.player


async def test_failed_sign_ins_are_limited(hall) -> None:
    ada = await hall.client("Ada")
    await ada.send({"t": "register", "name": "Ada", "password": PASSWORD})
    await ada.expect("welcome")
    thief = await hall.client("Thief")
    codes = []
    for n in range(7):
        await thief.send({"t": "login", "name": "Ada", "password": f"guess {n}!", "id": n})
        codes.append((await thief.expect("error"))["code"])
    assert codes == ["bad_login"] * 5 + ["too_many_attempts"] * 2
    # The right password is refused too for now, from anywhere, and says for how long.
    phone = await hall.client("phone")
    await phone.send({"t": "login", "name": "Ada", "password": PASSWORD})
    err = await phone.expect("error")
    assert err["code"] == "too_many_attempts" and err["args"] == {"minutes": 15}


async def test_failed_sign_ins_from_loopback_shut_out_no_one_else(hall) -> None:
    """Behind a proxy on the same machine (no forwarded address) every visitor comes
    from loopback: the failures of many names there count per account, not against
    everyone (a club's typos must not close sign-ins); `cap_loopback` counts them."""
    ada = await hall.client("Ada")
    await ada.send({"t": "register", "name": "Ada", "password": PASSWORD})
    await ada.expect("welcome")
    typos = await hall.client("Typos")
    for n in range(hall.hall.limits.signin_failures_per_address + 2):
        await typos.send({"t": "login", "name": f"Member {n}", "password": "typo!!!!", "id": n})
        assert (await typos.expect("error", ref=n))["code"] == "bad_login"
    phone = await hall.client("phone")
    await phone.send({"t": "login", "name": "Ada", "password": PASSWORD})
    assert (await phone.expect("welcome"))["account"] == "Ada"


async def test_a_hall_counting_loopback_refuses_an_address_after_its_failures() -> None:
    limits = msgspec.structs.replace(TEST_LIMITS, cap_loopback=True, signin_failures_per_address=3)
    async with running_server(limits) as s:
        quick(s)
        ada = await s.client("Ada")
        await ada.send({"t": "register", "name": "Ada", "password": PASSWORD})
        await ada.expect("welcome")
        typos = await s.client("Typos")
        for n in range(3):
            await typos.send({"t": "login", "name": f"Member {n}", "password": "typo!!!!"})
            assert (await typos.expect("error"))["code"] == "bad_login"
        phone = await s.client("phone")
        await phone.send({"t": "login", "name": "Ada", "password": PASSWORD})
        assert (await phone.expect("error"))["code"] == "too_many_attempts"


async def test_a_guest_may_not_take_an_accounts_name(hall) -> None:
    ada = await hall.client("Ada")
    await ada.send({"t": "register", "name": "Ada", "password": PASSWORD})
    await ada.expect("welcome")
    guest = await hall.client(None)
    await guest.send({"t": "hello", "name": "ＡＤＡ", "id": 0})
    err = await guest.expect("error")
    assert err["code"] == "name_registered" and err["args"] == {"name": "Ada"}
    await guest.send({"t": "hello", "name": "Adam", "id": 0})
    assert (await guest.expect("welcome"))["name"] == "Adam"


async def test_a_guest_who_leaves_a_shared_device_cannot_be_taken_up_again(hall) -> None:
    """A guest's `logout` ("forget me here", on a school's or a club's computer): the
    token is worth nothing from then on, so the next person on the device, and anyone
    who copied it, comes in as a new guest, not as the old one."""
    kim = await hall.client("Kim")
    again = await hall.client("Kim", token=kim.token)  # the token works until then
    assert again.player == kim.player
    await kim.send({"t": "logout"})
    out = await kim.expect("signed_out")
    assert (out["everywhere"], out["elsewhere"]) == (False, False)
    nxt = await hall.client("Lee", token=kim.token)
    assert nxt.player != kim.player and nxt.token != kim.token


async def test_a_guest_who_leaves_a_shared_device_gives_up_their_seats(hall) -> None:
    """Nobody can come back as a guest who left the device, or who signed in to an
    account of another player: their seat at a table not yet started is free at once
    (a dropped connection's would be kept for them); an account's sign-out keeps its
    seat, since it may sign in again."""
    ada = await hall.client("Ada")
    kim = await hall.client("Kim")
    await ada.send({"t": "create", "game": "countdown", "options": {}})
    room = (await ada.expect("room"))["room"]
    await kim.send({"t": "sit", "room": room, "seat": 1})
    await kim.expect("room", you=1)
    while (await ada.expect("room"))["seats"][1] is None:
        pass
    await kim.send({"t": "logout"})
    await kim.expect("signed_out")
    while (await ada.expect("room"))["seats"][1] is not None:
        pass
    # A guest who signs in to an account of another player is that guest no more.
    ben = await hall.client("Ben")
    await ben.send({"t": "register", "name": "Ben", "password": PASSWORD})
    await ben.expect("welcome")
    lee = await hall.client("Lee")
    await lee.send({"t": "sit", "room": room, "seat": 1})
    await lee.expect("room", you=1)
    while (await ada.expect("room"))["seats"][1] is None:
        pass
    await lee.send({"t": "login", "name": "Ben", "password": PASSWORD})
    assert (await lee.expect("welcome"))["player"] == ben.player
    while (await ada.expect("room"))["seats"][1] is not None:
        pass
    # An account's sign-out: its seat stays.
    await ben.send({"t": "sit", "room": room, "seat": 1})
    await ben.expect("room", you=1)
    await ben.send({"t": "logout"})
    await ben.expect("signed_out")
    await ada.drain(0.3)  # what the table said meanwhile (Ben away)
    await ada.send({"t": "enter", "room": room})  # and how it stands now
    assert (await ada.expect("room"))["seats"][1]["player"] == ben.player


async def test_sign_out_and_sign_out_everywhere(hall) -> None:
    ada = await hall.client("Ada")
    await ada.send({"t": "register", "name": "Ada", "password": PASSWORD})
    laptop_token = (await ada.expect("welcome"))["token"]
    phone = await hall.client("phone")
    await phone.send({"t": "login", "name": "Ada", "password": PASSWORD})
    phone_token = (await phone.expect("welcome"))["token"]

    await phone.send({"t": "logout"})
    assert (await phone.expect("signed_out"))["everywhere"] is False
    await phone.send({"t": "rooms", "id": 4})
    assert (await phone.expect("error"))["code"] == "bad_message"  # hello first
    await phone.send({"t": "hello", "name": "Visitor"})
    assert (await phone.expect("welcome"))["account"] is None
    gone = await hall.client("Later", token=phone_token)
    assert gone.welcome["account"] is None and gone.player != ada.player
    tablet = await hall.client("tablet")
    await tablet.send({"t": "login", "name": "Ada", "password": PASSWORD})
    tablet_token = (await tablet.expect("welcome"))["token"]
    await tablet.close()
    # The laptop's session still works ...
    laptop = await hall.client("x", token=laptop_token)
    assert laptop.welcome["account"] == "Ada"
    # ... until Ada signs out everywhere: the laptop's line hears it is signed out, and
    # so does the first, still connected (a device left somewhere stops being Ada now,
    # not at its next hello).
    await laptop.send({"t": "logout", "everywhere": True})
    out = await laptop.expect("signed_out")
    assert (out["everywhere"], out.get("elsewhere", False)) == (True, False)
    there = await ada.expect("signed_out")
    assert (there["everywhere"], there["elsewhere"]) == (True, True)
    await ada.send({"t": "rooms", "id": 5})
    assert (await ada.expect("error"))["code"] == "bad_message"  # hello first
    stale = await hall.client(None)
    await stale.send({"t": "hello", "name": "Ada", "token": laptop_token, "id": 0})
    assert (await stale.expect("error"))["code"] == "name_registered"
    # A tablet signed in before and away then: its session is worth nothing, and the
    # hall dropped it then and there rather than keep it for its 90 days.
    kept = hall.hall.sessions.broker
    assert await kept.get(f"session:{tablet_token}") is None
    assert list(await kept.dir_all(f"sessions-of:{ada.player}")) == []
    tablet = await hall.client("tablet", token=tablet_token)
    assert tablet.welcome["account"] is None and tablet.token != tablet_token
    # The phone, a guest now, was not Ada's any more: it heard nothing.
    await phone.drain()
    assert not [msg for msg in phone.pending if msg["t"] == "signed_out"]


async def test_a_device_signed_out_elsewhere_leaves_its_table(hall) -> None:
    """Signed out from another device, a connection is no longer the player: it leaves
    the tables it was at as if it had dropped, and cannot move for them."""
    ada = await hall.client("Ada")
    await ada.send({"t": "register", "name": "Ada", "password": PASSWORD})
    await ada.expect("welcome")
    await ada.send({"t": "create", "game": "countdown", "options": {}})
    room = (await ada.expect("room"))["room"]
    laptop = await hall.client("laptop")
    await laptop.send({"t": "login", "name": "Ada", "password": PASSWORD})
    await laptop.expect("welcome")
    await laptop.send({"t": "enter", "room": room})
    await laptop.expect("room")
    assert len(hall.hall.fanout.members[room]) == 2
    await laptop.send({"t": "logout", "everywhere": True})
    await laptop.expect("signed_out")
    assert (await ada.expect("signed_out"))["elsewhere"] is True
    assert not hall.hall.fanout.members.get(room)
    await ada.send({"t": "chat", "room": room, "text": "still me?", "id": 2})
    assert (await ada.expect("error", ref=2))["code"] == "bad_message"


async def test_a_new_password_signs_the_other_devices_out(hall) -> None:
    ada = await hall.client("Ada")
    await ada.send({"t": "register", "name": "Ada", "password": PASSWORD})
    laptop = (await ada.expect("welcome"))["token"]
    phone = await hall.client("phone")
    await phone.send({"t": "login", "name": "Ada", "password": PASSWORD})
    await phone.expect("welcome")
    await phone.send({"t": "password", "old": PASSWORD, "new": "battery staple"})
    new_token = (await phone.expect("welcome"))["token"]
    back = await hall.client("x", token=new_token)
    assert back.welcome["account"] == "Ada"
    old = await hall.client("Ada's laptop", token=laptop)
    assert old.welcome["account"] is None and old.player != ada.player
    # The first line, still open under the old password, was signed out at once; the
    # phone that changed it stays signed in.
    assert (await ada.expect("signed_out"))["elsewhere"] is True
    # Of Ada's sessions only the new password's is kept.
    kept = hall.hall.sessions.broker
    assert list(await kept.dir_all(f"sessions-of:{ada.player}")) == [new_token]
    assert await kept.get(f"session:{laptop}") is None
    await phone.drain()
    assert not [msg for msg in phone.pending if msg["t"] == "signed_out"]
    other = await hall.client("Other")
    await other.send({"t": "login", "name": "Ada", "password": "battery staple"})
    assert (await other.expect("welcome"))["player"] == ada.player


async def test_a_hall_that_asks_for_accounts_lets_guests_watch_only() -> None:
    limits = msgspec.structs.replace(TEST_LIMITS, accounts="required")
    async with running_server(limits) as s:
        quick(s)
        guest = await s.client("Guest")
        for msg in (
            {"t": "create", "game": "countdown", "options": {}},
            {"t": "sit", "room": "r", "seat": None},
            {"t": "chat", "room": "r", "text": "hi"},
        ):
            await guest.send({**msg, "id": 7})
            assert (await guest.expect("error"))["code"] == "account_required"
        await guest.send({"t": "rooms"})
        await guest.expect("room_list")  # watching is open to all
        await guest.send({"t": "register", "name": "Member", "password": PASSWORD})
        await guest.expect("welcome")
        await guest.send({"t": "create", "game": "countdown", "options": {}})
        assert (await guest.expect("room"))["host"] == guest.player


async def test_accounts_come_back_after_a_restart(tmp_path) -> None:
    from server.broker.sqlite import SqliteBroker

    broker = SqliteBroker(tmp_path)
    async with running_server(broker=broker) as s:
        quick(s)
        ada = await s.client("Ada")
        await ada.send({"t": "register", "name": "Ada", "password": PASSWORD})
        token = (await ada.expect("welcome"))["token"]
    again = SqliteBroker(tmp_path)
    async with running_server(broker=again) as s:
        quick(s)
        back = await s.client("x", token=token)
        assert (back.player, back.welcome["account"]) == (ada.player, "Ada")
        phone = await s.client("phone")
        await phone.send({"t": "login", "name": "ada", "password": PASSWORD})
        assert (await phone.expect("welcome"))["player"] == ada.player


@pytest.mark.redis
async def test_two_processes_on_redis_know_the_same_accounts() -> None:
    from bench.harness.redis_server import RedisServer
    from server.broker.redis import RedisBroker

    redis = RedisServer()
    try:
        async with (
            running_server(broker=RedisBroker(redis.url)) as one,
            running_server(broker=RedisBroker(redis.url)) as two,
        ):
            quick(one), quick(two)
            ada = await one.client("Ada")
            await ada.send({"t": "register", "name": "Ada", "password": PASSWORD})
            token = (await ada.expect("welcome"))["token"]
            # The name is taken in every process, and the session resumes in any.
            rival = await two.client("Rival")
            await rival.send({"t": "register", "name": "ada", "password": PASSWORD, "id": 1})
            assert (await rival.expect("error"))["code"] == "name_taken"
            back = await two.client("x", token=token)
            assert (back.player, back.welcome["account"]) == (ada.player, "Ada")
            # A game played at a table of one process is rated alike in both.
            [ben] = await members(two, "Ben")
            await play_countdown(back, [ben])
            boards = [await leaderboard(hall) for hall in (one, two)]
            assert boards[0] == boards[1] and [p["name"] for p in boards[0]] == ["Ben", "Ada"]
            # Failed tries count in both processes together.
            for n, hall in enumerate([one, two] * 3):
                thief = await hall.client(f"Thief {n}")
                await thief.send({"t": "login", "name": "Ada", "password": "guess!!!"})
                code = (await thief.expect("error"))["code"]
                assert code == ("bad_login" if n < 5 else "too_many_attempts")
            # Signed out everywhere in one process, Ada's line in the other is too.
            await ada.send({"t": "logout", "everywhere": True})
            await ada.expect("signed_out")
            assert (await back.expect("signed_out"))["elsewhere"] is True
    finally:
        redis.stop()


async def members(hall: RunningServer, *names: str) -> list:
    clients = []
    for name in names:
        c = await hall.client(name)
        await c.send({"t": "register", "name": name, "password": PASSWORD})
        c.token = (await c.expect("welcome"))["token"]
        clients.append(c)
    return clients


async def play_countdown(
    host, others: list, bots: tuple[str, ...] = (), rated: bool | None = None
) -> str:
    """A countdown of 4 tokens: the host takes 1, the next seat takes 3 and wins."""
    options: dict = {"pile": 4} if rated is None else {"pile": 4, "rated": rated}
    await host.send({"t": "create", "game": "countdown", "options": options})
    room = (await host.expect("room"))["room"]
    for seat, c in enumerate(others, start=1):
        await c.send({"t": "sit", "room": room, "seat": seat})
        await c.expect("room", you=seat)
    for seat, level in enumerate(bots, start=1 + len(others)):
        await host.send({"t": "bot", "room": room, "seat": seat, "level": level})
        while (await host.expect("room"))["seats"][seat] is None:
            pass
    await host.send({"t": "start", "room": room})
    v = (await host.expect("snapshot", room=room))["v"]
    await host.send({"t": "act", "room": room, "v": v, "intent": {"t": "take", "n": 1}})
    await host.expect("patch", room=room, v=v + 1)
    if others:
        take = {"t": "take", "n": 3}
        await others[0].send({"t": "act", "room": room, "v": v + 1, "intent": take})
    else:  # against the AI: take all there is whenever it is the host's turn
        while host.view(room)["pile"]:
            if host.view(room)["legal"]:
                intent = host.view(room)["legal"][-1]
                await host.send(
                    {"t": "act", "room": room, "v": host.version(room), "intent": intent}
                )
            await host.reach(room, host.version(room) + 1)
    while (await host.expect("room"))["status"] != "finished":
        pass
    return room


async def leaderboard(hall: RunningServer, game: str = "countdown") -> list[dict]:
    import httpx

    async with httpx.AsyncClient() as http:
        for _ in range(50):  # the rating follows the archiving, just after the game
            got = (await http.get(f"{hall.http}/api/leaderboard/{game}")).json()["players"]
            if got:
                return got
            await asyncio.sleep(0.05)
    return []


async def test_a_game_between_signed_in_players_is_rated_as_the_library_rates_it(hall) -> None:
    from openskill.models import PlackettLuce

    ada, ben = await members(hall, "Ada", "Ben")
    await play_countdown(ada, [ben])
    board = await leaderboard(hall)
    model = PlackettLuce()
    [[loser], [winner]] = model.rate([[model.rating()], [model.rating()]], ranks=[2, 1])
    assert [(p["name"], p["games"], p["wins"], p["ai"]) for p in board] == [
        ("Ben", 1, 1, False),
        ("Ada", 1, 0, False),
    ]
    assert board[0]["rating"] == pytest.approx(winner.ordinal(), abs=0.01)
    assert board[1]["rating"] == pytest.approx(loser.ordinal(), abs=0.01)
    assert board[0]["provisional"] and board[0]["player"] == ben.player


async def test_a_table_with_a_guest_is_not_rated_and_the_ai_is_rated_by_level(hall) -> None:
    [ada] = await members(hall, "Ada")
    guest = await hall.client("Guest")
    await play_countdown(ada, [guest])
    await asyncio.sleep(0.3)
    assert await leaderboard(hall) == []
    await play_countdown(ada, [], bots=("random",))
    board = await leaderboard(hall)
    assert {(p["name"], p["ai"], p["games"]) for p in board} == {
        ("Ada", False, 1),
        ("random", True, 1),
    }


async def test_a_profile_shows_ratings_and_games_and_the_export_is_the_players_alone(hall) -> None:
    import httpx

    ada, ben = await members(hall, "Ada", "Ben")
    room = await play_countdown(ada, [ben])
    await leaderboard(hall)
    # What Ben said, kept for newcomers, is his to take away too (Ada's is not).
    for c, text in ((ben, "good game"), (ada, "thanks")):
        await c.send({"t": "chat", "room": room, "text": text})
        await c.expect("chat", room=room, text=text)
    await ben.send({"t": "hall", "on": True})
    await ben.expect("hall_chat_log")
    await ben.send({"t": "hall_chat", "text": "who plays next?"})
    await ben.expect("hall_chat")
    async with httpx.AsyncClient() as http:
        profile = (await http.get(f"{hall.http}/api/players/ben")).json()
        assert profile["name"] == "Ben" and profile["player"] == ben.player
        countdown = profile["games"]["countdown"]
        assert (countdown["played"], countdown["won"]) == (1, 1)
        assert countdown["rating"]["games"] == 1 and len(countdown["history"]) == 1
        assert profile["favourites"] == ["countdown"] and len(profile["recent"]) == 1
        assert (await http.get(f"{hall.http}/api/players/nobody")).status_code == 404
        url = f"{hall.http}/api/players/Ben/export"
        assert (await http.get(url)).status_code == 403
        as_ada = {"Authorization": f"Bearer {ada.token}"}
        assert (await http.get(url, headers=as_ada)).status_code == 403
        mine = await http.get(url, headers={"Authorization": f"Bearer {ben.token}"})
        assert mine.status_code == 200
        data = mine.json()
        assert data["account"]["name"] == "Ben" and len(data["games"]) == 1
        assert PASSWORD not in mine.text and "argon2" not in mine.text
        assert "countdown" in data["ratings"]
        said = [(line["room"], line["text"]) for line in data["chat"]]
        assert said == [(None, "who plays next?"), (room, "good game")]
        # Ben is signed in on this one browser: listed, without its token.
        assert data["sessions"] == [{"lang": "en"}]
        assert ben.token not in mine.text
        phone = await hall.client("phone")
        await phone.send({"t": "login", "name": "Ben", "password": PASSWORD})
        await phone.expect("welcome")
        again = (await http.get(url, headers={"Authorization": f"Bearer {ben.token}"})).json()
        assert again["sessions"] == [{"lang": "en"}, {"lang": "en"}]


async def test_a_table_opened_unrated_is_not_rated(hall) -> None:
    ada, ben = await members(hall, "Ada", "Ben")
    await ada.send({"t": "create", "game": "countdown", "options": {"rated": "no"}, "id": 1})
    assert (await ada.expect("error"))["code"] == "bad_option"
    await play_countdown(ada, [ben], rated=False)
    room = [m for m in ada.inbox if m["t"] == "room"][-1]
    assert room["options"]["rated"] is False
    await asyncio.sleep(0.3)
    assert await leaderboard(hall) == []
    await play_countdown(ada, [ben], rated=True)
    assert len(await leaderboard(hall)) == 2


async def test_a_game_ended_by_an_owner_that_died_is_archived_and_rated_once(
    tmp_path, monkeypatch
) -> None:
    """The owner dies after the game's last move, before archiving it: the next one
    archives and rates it, under the same id, and a third start adds nothing."""

    async def dies_first(self, result) -> None:  # the owner is gone before archiving
        pass

    await _owner_dies_then_two_starts(tmp_path, monkeypatch, dies_first, archived=0)


async def test_a_game_archived_by_an_owner_that_died_before_rating_it_is_rated_once(
    tmp_path, monkeypatch
) -> None:
    """The owner archives the game and dies before rating it (and telling its players):
    the next one rates it, and a third start rates it no more."""
    from server.room import Room

    archive_only = Room._archive

    async def dies_after_archiving(self, result) -> None:
        self.on_archived = None  # gone before what follows the archive
        await archive_only(self, result)

    await _owner_dies_then_two_starts(tmp_path, monkeypatch, dies_after_archiving, archived=1)


@pytest.mark.parametrize("step", ["append", "put"])
async def test_an_owner_that_dies_while_rating_a_game_loses_no_rating(
    tmp_path, monkeypatch, step: str
) -> None:
    """The owner's storage fails as it writes the game's rating down (``append``), or
    as it marks the game rated after writing it (``put``): the next start rates the
    game, and the standings count it once."""
    from server.broker import BrokerUnavailable
    from server.broker.sqlite import SqliteBroker
    from server.room import Room

    original = getattr(SqliteBroker, step)

    async def dies_there(self, key: str, value: bytes, *rest, **kw):
        if key.startswith(("rated:", "ratings:")):
            raise BrokerUnavailable("the owner is gone")
        return await original(self, key, value, *rest, **kw)

    await _owner_dies_then_two_starts(
        tmp_path,
        monkeypatch,
        Room._archive,
        archived=1,
        rated=int(step == "put"),
        patch=(step, dies_there),
    )


async def _owner_dies_then_two_starts(
    tmp_path, monkeypatch, archive, archived: int, rated: int = 0, patch=None
) -> None:
    """A rated game played to its end in a hall whose tables archive with ``archive``
    (leaving ``archived`` games archived and ``rated`` of them in the standings), and
    whose broker has ``patch`` (a method's name, and what it is instead), then the hall
    started twice on the same storage: each start finds the game archived and rated
    once."""
    from server.broker.sqlite import SqliteBroker
    from server.room import Room

    limits = msgspec.structs.replace(TEST_LIMITS, empty_grace=30.0)
    with monkeypatch.context() as patched:
        patched.setattr(Room, "_archive", archive)
        if patch is not None:
            patched.setattr(SqliteBroker, *patch)
        async with running_server(limits, broker=SqliteBroker(tmp_path)) as first:
            quick(first)
            ada, ben = await members(first, "Ada", "Ben")
            await play_countdown(ada, [ben])
            assert len(await first.hall.broker.archive_list(10)) == archived
            await asyncio.sleep(0.3)  # its rating, if any, is written after the archive
            assert len(await leaderboard(first)) == 2 * rated
    for _ in range(2):
        async with running_server(limits, broker=SqliteBroker(tmp_path)) as again:
            board = await leaderboard(again)  # waits for the start's check to rate it
            assert [(p["name"], p["games"]) for p in board] == [("Ben", 1), ("Ada", 1)]
            assert len(await again.hall.broker.archive_list(10)) == 1


async def test_a_deleted_account_leaves_its_games_as_a_former_player(hall) -> None:
    import httpx

    ada, ben = await members(hall, "Ada", "Ben")
    await play_countdown(ada, [ben])
    assert len(await leaderboard(hall)) == 2
    guest = await hall.client("Guest")
    await guest.send({"t": "delete_account", "password": PASSWORD, "id": 1})
    assert (await guest.expect("error"))["code"] == "not_signed_in"
    await ada.send({"t": "delete_account", "password": "not the one", "id": 2})
    assert (await ada.expect("error"))["code"] == "bad_login"
    phone = await hall.client("phone")
    await phone.send({"t": "login", "name": "Ada", "password": PASSWORD})
    phone_token = (await phone.expect("welcome"))["token"]
    laptop = await hall.client("laptop")  # signed in, then away when she deletes
    await laptop.send({"t": "login", "name": "Ada", "password": PASSWORD})
    laptop_token = (await laptop.expect("welcome"))["token"]
    await laptop.close()
    await ada.send({"t": "delete_account", "password": PASSWORD, "id": 3})
    assert (await ada.expect("signed_out"))["everywhere"] is True
    assert (await phone.expect("signed_out"))["elsewhere"] is True  # at once
    # Her sessions are gone, and so is her name: anyone may take it now. The hall keeps
    # none of them, neither the phone's (signed out there and then) nor the laptop's.
    kept = hall.hall.sessions.broker
    for token in (ada.token, phone_token, laptop_token):
        assert await kept.get(f"session:{token}") is None
    assert await kept.dir_all(f"sessions-of:{ada.player}") == {}
    back = await hall.client("Ada", token=laptop_token)
    assert back.player != ada.player and back.welcome["account"] is None
    async with httpx.AsyncClient() as http:
        assert (await http.get(f"{hall.http}/api/players/Ada")).status_code == 404
        board = (await http.get(f"{hall.http}/api/leaderboard/countdown")).json()["players"]
        assert [p["name"] for p in board] == ["Ben"]
        recent = (await http.get(f"{hall.http}/api/players/Ben")).json()["recent"]
        names = {p["player"]: p["name"] for p in recent[0]["players"]}
        assert names == {ada.player: "former player", ben.player: "Ben"}
    await ben.send({"t": "history", "limit": 10})
    [game] = (await ben.expect("history"))["games"]
    assert "Ada" not in {p["name"] for p in game["players"]}


async def test_a_deleted_account_gives_up_its_seats_and_its_name_at_open_tables(hall) -> None:
    """Ada deletes her account while she sits at a table that waits for its start and
    at a running game: the first gives her seat back, the second calls her seat a
    former player's, the AI plays it, and the game is archived under that name; what
    she said in the hall and at the table is a former player's too."""
    import httpx

    ada, ben = await members(hall, "Ada", "Ben")
    await ben.send({"t": "create", "game": "countdown", "options": {"pile": 4}})
    waiting = (await ben.expect("room"))["room"]
    await ada.send({"t": "sit", "room": waiting, "seat": 1})
    await ada.expect("room", room=waiting, you=1)
    while (await ben.expect("room", room=waiting))["seats"][1] is None:
        pass  # Ben sees her seated
    await ada.send({"t": "create", "game": "countdown", "options": {"pile": 9}})
    running = waiting
    while running == waiting:  # (the waiting table's news may come first)
        running = (await ada.expect("room"))["room"]
    await ben.send({"t": "sit", "room": running, "seat": 1})
    await ben.expect("room", room=running, you=1)
    await ada.send({"t": "start", "room": running})
    await ada.expect("snapshot", room=running)
    await ben.expect("snapshot", room=running)
    # She has said something in the hall and at the table.
    await ada.send({"t": "hall", "on": True})
    await ada.expect("hall_chat_log")
    await ada.send({"t": "hall_chat", "text": "evening all"})
    await ada.expect("hall_chat")
    await ada.send({"t": "chat", "room": running, "text": "good luck"})
    await ada.expect("chat", room=running)
    await ada.send({"t": "delete_account", "password": PASSWORD, "id": 3})
    await ada.expect("signed_out")
    while (await ben.expect("room", room=waiting))["seats"][1] is not None:
        pass  # her seat is free again
    while (await ben.expect("room", room=running))["seats"][0]["name"] != "former player":
        pass
    # The AI plays her seat; Ben takes what he can whenever it is his turn.
    while ben.view(running)["result"] is None:
        if ben.view(running)["legal"]:
            intent = ben.view(running)["legal"][-1]
            await ben.send(
                {"t": "act", "room": running, "v": ben.version(running), "intent": intent}
            )
        await ben.reach(running, ben.version(running) + 1)
    async with httpx.AsyncClient() as http:
        for _ in range(100):  # archived just after the last move
            recent = (await http.get(f"{hall.http}/api/players/Ben")).json()["recent"]
            if recent:
                break
            await asyncio.sleep(0.05)
    assert [p["name"] for p in recent[0]["players"]] == ["former player", "Ben"]
    # Someone who takes her name now: her lines are a former player's, not theirs.
    [new] = await members(hall, "Ada")
    await new.send({"t": "hall", "on": True})
    [line] = (await new.expect("hall_chat_log"))["lines"]
    assert (line["from"], line["account"], line["text"]) == ("former player", False, "evening all")
    await new.send({"t": "enter", "room": running})
    [said] = (await new.expect("chat_log", room=running))["lines"]
    assert (said["from"], said["account"], said["text"]) == ("former player", False, "good luck")


async def test_a_resigned_player_wins_nothing_even_with_the_best_score(hall) -> None:
    import httpx

    ada, ben = await members(hall, "Ada", "Ben")
    await ada.send({"t": "create", "game": "countdown", "options": {"pile": 1}})
    room = (await ada.expect("room"))["room"]
    await ben.send({"t": "sit", "room": room, "seat": 1})
    await ben.expect("room", you=1)
    await ada.send({"t": "start", "room": room})
    await ada.expect("snapshot", room=room)
    await ada.send({"t": "resign", "room": room})  # the AI takes the last token for her
    while (await ben.expect("room", room=room))["status"] != "finished":
        pass
    board = await leaderboard(hall)
    assert [(p["name"], p["wins"]) for p in board] == [("Ben", 1), ("Ada", 0)]
    async with httpx.AsyncClient() as http:
        for name, won in (("Ada", 0), ("Ben", 1)):
            profile = (await http.get(f"{hall.http}/api/players/{name}")).json()
            assert profile["games"]["countdown"]["won"] == won
            assert profile["games"]["countdown"]["rating"]["wins"] == won


async def test_a_hall_with_a_password_asks_for_it_on_every_player_endpoint() -> None:
    import httpx

    limits = msgspec.structs.replace(TEST_LIMITS, hall_password="door")
    async with running_server(limits) as s, httpx.AsyncClient() as http:
        for path in ("/api/leaderboard/countdown", "/api/players/Ada", "/api/players/Ada/export"):
            assert (await http.get(s.http + path)).status_code == 401, path
        board = await http.get(s.http + "/api/leaderboard/countdown?password=door")
        assert board.status_code == 200 and board.json()["players"] == []


async def test_the_end_of_a_deleted_account_does_not_sign_out_a_new_one_of_its_name(
    hall,
) -> None:
    """Word that the old Ada's account was deleted (or signed out everywhere), arriving
    late through another process, concerns her player id: a new account registered
    under her name since is another player, and stays signed in."""
    from server.accounts import Account
    from server.keys import SIGNED_OUT_CHANNEL
    from server.signin import ended_message

    ada = await hall.client("Ada")
    await ada.send({"t": "register", "name": "Ada", "password": PASSWORD})
    await ada.expect("welcome")
    for gone in (True, False):
        old = Account(name="Ada", player="p-old-ada", hash="", created=0, generation=9)
        await hall.hall.broker.publish(SIGNED_OUT_CHANNEL, ended_message(old, gone=gone))
    await ada.send({"t": "rooms", "id": 3})
    await ada.expect("room_list")
    await ada.drain(0.2)
    assert not [msg for msg in ada.pending if msg["t"] == "signed_out"]
    # Her own account's word still reaches her, from another device of hers.
    phone = await hall.client("phone")
    await phone.send({"t": "login", "name": "Ada", "password": PASSWORD})
    await phone.expect("welcome")
    await phone.send({"t": "logout", "everywhere": True})
    assert (await ada.expect("signed_out"))["elsewhere"] is True
