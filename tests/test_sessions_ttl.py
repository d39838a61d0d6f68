"""A session lasts as long as a turn-based table may wait for its player: a guest has
no other way back to their seat (unless the hall forgets guests sooner, on purpose)."""

from __future__ import annotations

import pytest

from server import games
from server.__main__ import main
from server.accounts import Accounts
from server.broker import MemoryBroker
from server.room.clock import TURN_MAX_SECONDS
from server.sessions import SESSION_TTL, Sessions
from tests.test_accounts import QUICK


def test_a_session_outlasts_the_longest_wait_of_a_turn_based_seat() -> None:
    # Between two of a player's moves each other seat may take the longest turn, and
    # the player's own turn may come at the end of it.
    longest = max(games.get(name).max_seats for name in games.names()) * TURN_MAX_SECONDS
    assert longest <= SESSION_TTL


async def test_a_guest_who_comes_back_within_the_time_keeps_their_player() -> None:
    now = [0.0]
    broker = MemoryBroker(clock=lambda: now[0])
    sessions = Sessions(broker, Accounts(broker))
    token, guest = await sessions.resume_or_create(None, "Kim", "en")
    # Away for 80 days (others moving at a turn-based table), then back: the same player,
    # and the time starts again from this visit.
    now[0] += 80 * 86400
    again, back = await sessions.resume_or_create(token, "Kim", "en")
    assert (again, back.id) == (token, guest.id)
    now[0] += SESSION_TTL - 1
    assert (await sessions.find(token)) is not None
    now[0] += 2
    assert (await sessions.find(token)) is None
    _, stranger = await sessions.resume_or_create(token, "Kim", "en")
    assert stranger.id != guest.id


async def test_a_hall_may_forget_guests_sooner_than_accounts() -> None:
    """`--guest-session-days 1` (a school's shared computers): a guest's session is
    forgotten a day after their last visit; a signed-in player's lasts as long as ever."""
    now = [0.0]
    broker = MemoryBroker(clock=lambda: now[0])
    accounts = Accounts(broker, QUICK, failure_delay=0)
    sessions = Sessions(broker, accounts, guest_ttl=86400)
    guest_token, _ = await sessions.resume_or_create(None, "Kim", "en")
    ada = await accounts.register("Ada", "correct horse", "p-ada")
    ada_token, _ = await sessions.sign_in(None, ada, "en")
    now[0] += 86400 - 1
    assert await sessions.find(guest_token) is not None
    now[0] += 2
    assert await sessions.find(guest_token) is None
    now[0] += SESSION_TTL - 86400 - 2
    assert await sessions.find(ada_token) is not None
    now[0] += 2
    assert await sessions.find(ada_token) is None


def test_a_guest_session_of_no_time_is_refused(capsys: pytest.CaptureFixture[str]) -> None:

    with pytest.raises(SystemExit) as refused:
        main(["--guest-session-days", "0"])
    assert refused.value.code == 2
    assert "--guest-session-days must be more than 0" in capsys.readouterr().err
