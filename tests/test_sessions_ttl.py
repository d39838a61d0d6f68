"""A session lasts as long as a turn-based table may wait for its player: a guest has
no other way back to their seat."""

from __future__ import annotations

from server import games
from server.accounts import Accounts
from server.broker import MemoryBroker
from server.room.clock import TURN_MAX_SECONDS
from server.sessions import SESSION_TTL, Sessions


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
