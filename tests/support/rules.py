"""Helpers for the games' rule tests."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from server.games.base import Game, IllegalIntent


def refused(game: Game, state: Any, seat: int, intent: Any, code: str) -> IllegalIntent:
    """``intent`` is refused with ``code`` and a reason for a person, and the state is
    left exactly as it was (the contract of ``Game.apply``)."""
    before = msgspec.msgpack.encode(state)
    with pytest.raises(IllegalIntent) as err:
        game.apply(state, seat, intent)
    assert err.value.code == code, err.value.message
    assert err.value.message
    assert msgspec.msgpack.encode(state) == before
    return err.value
