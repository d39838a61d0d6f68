"""Which players are account holders: a finished game names its players by id and by
the name they had, and a guest's name may be anyone's, so lists of names mark the
account holders and give guests their tag (protocol/tags.py).

Looked up in the accounts and remembered for a minute by each process: a list of
twenty games names up to eighty players, and the answer rarely changes (a guest who
registers keeps their player id; their earlier games are marked within a minute).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from protocol import messages as m
from protocol.tags import tag_of
from server.accounts import Accounts

KEEP_FOR = 60.0  # seconds an answer is remembered
KEEP_AT_MOST = 10_000  # answers remembered at once; beyond, they are forgotten together


class Holders:
    def __init__(self, accounts: Accounts, clock: Callable[[], float] = time.monotonic) -> None:
        self.accounts = accounts
        self.clock = clock
        self._known: dict[str, tuple[bool, float]] = {}

    async def holders(self, players: Iterable[str]) -> set[str]:
        """Those of ``players`` who are account holders now."""
        now = self.clock()
        out: set[str] = set()
        for player in set(players):
            known = self._known.get(player)
            if known is None or known[1] < now:
                if len(self._known) >= KEEP_AT_MOST:
                    self._known.clear()
                holds = await self.accounts.of_player(player) is not None
                known = self._known[player] = (holds, now + KEEP_FOR)
            if known[0]:
                out.add(player)
        return out

    async def mark(self, games: list[m.GameSummary]) -> None:
        """Mark each finished game's players: account holders, and the guests' tags."""
        people = [p.player for g in games for p in g.players if not p.bot]
        holders = await self.holders(people)
        for g in games:
            for p in g.players:
                p.account = p.player in holders
                p.tag = tag_of(p.player, p.account, p.bot)
