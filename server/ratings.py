"""Ratings and a ranking per game, with OpenSkill's Plackett-Luce model.

A rated game is one line of its game's rating log (``ratings:<game>`` in the broker):
who sat where and which place each took. The ranking is the fold of that log, in
order, through the model; every process folds the same log, so every process shows
the same ranking, and the log is the only thing written when a game ends. A game's
line may be written twice (its owner died before it stored that the game was over,
and the next owner archived it again, under the same id): the fold takes a game's
first line only, so a game is rated once whatever happens to the processes.

Who is rated: signed-in people by their player id, and the AI by level ("ai:strong"),
so a person can see how they stand against each level. Several AI seats of one level
in a game are rated as that many copies of the level, and the level then takes their
mean. A player who resigned, or left the game and did not come back, is placed last
(after every seat that did not); an absent person whose seat the AI finished keeps the
place the seat reached. An abandoned game (every person left) is not rated.

The figure shown is the conservative one, mu - 3 sigma (the library's ordinal): it
starts at 0 and grows as the games make the model surer. Fewer than ``PROVISIONAL``
rated games and the figure is marked provisional.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

import msgspec
from openskill.models import PlackettLuce

from server.accounts import Accounts
from server.archive import Record
from server.broker import Broker

PROVISIONAL = 5  # rated games before a figure counts as settled
FORGOTTEN = "ratings-forgotten"  # the player ids of deleted accounts
AI_PREFIX = "ai:"


class RatedSeat(msgspec.Struct, array_like=True):
    who: str  # a person's player id, or "ai:<level>"
    name: str  # the name shown then (a person's account name, an AI's level)
    place: int  # 1 = best; tied seats share a place; resigned seats come last


class RatedGame(msgspec.Struct):
    table: str
    game_id: str  # the archived game: rated once, whichever process wrote the line
    ended: float
    seats: list[RatedSeat]


class Standing(msgspec.Struct, kw_only=True):
    who: str
    name: str
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    last: float = 0.0  # when their last rated game ended
    # (when, conservative figure) after each rated game: the profile's chart.
    history: list[tuple[float, float]] = []

    @property
    def ai(self) -> bool:
        return self.who.startswith(AI_PREFIX)

    @property
    def rating(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL


def places(ranks: list[int], resigned: list[bool]) -> list[int]:
    """The places to rate by: the game's ranks, with every resigned seat last."""
    last = max((r for r, gone in zip(ranks, resigned, strict=True) if not gone), default=0) + 1
    return [last if gone else r for r, gone in zip(ranks, resigned, strict=True)]


class Ladder:
    """One game's standings: the fold of its rating log."""

    def __init__(self, model: PlackettLuce) -> None:
        self.model = model
        self.standings: dict[str, Standing] = {}
        self.rated: set[str] = set()  # the games folded: each once
        self.read = 0  # lines of the log folded so far
        self.lock = asyncio.Lock()

    def standing(self, who: str, name: str) -> Standing:
        s = self.standings.get(who)
        if s is None:
            s = self.standings[who] = Standing(
                who=who, name=name, mu=self.model.mu, sigma=self.model.sigma
            )
        return s

    def fold(self, game: RatedGame) -> None:
        if game.game_id in self.rated or len(game.seats) < 2:
            return
        self.rated.add(game.game_id)
        players = [self.standing(seat.who, seat.name) for seat in game.seats]
        teams = [[self.model.rating(mu=p.mu, sigma=p.sigma)] for p in players]
        rated = self.model.rate(teams, ranks=[seat.place for seat in game.seats])
        new: dict[str, list[tuple[float, float]]] = {}
        for seat, [after] in zip(game.seats, rated, strict=True):
            new.setdefault(seat.who, []).append((after.mu, after.sigma))
        best = min(seat.place for seat in game.seats)
        winners = {seat.who for seat in game.seats if seat.place == best}
        for seat in game.seats:
            s = self.standings[seat.who]
            if seat.who not in new:
                continue  # a second copy of an AI level, folded with the first
            copies = new.pop(seat.who)
            s.mu = sum(mu for mu, _ in copies) / len(copies)
            s.sigma = sum(sigma for _, sigma in copies) / len(copies)
            s.name = seat.name
            s.games += 1
            s.wins += seat.who in winners
            s.last = game.ended
            s.history.append((game.ended, s.rating))

    def best_first(self) -> list[Standing]:
        return sorted(self.standings.values(), key=lambda s: (-s.rating, -s.games, s.name))


_encode = msgspec.msgpack.Encoder().encode
_decode = msgspec.msgpack.Decoder(RatedGame).decode


def log_key(game: str) -> str:
    return f"ratings:{game}"


def rated_key(game_id: str) -> str:
    """Set when a finished game is rated, so that it is rated once."""
    return f"rated:{game_id}"


class Ratings:
    """Every game's ladder in this process, brought up to date from the broker's logs
    when asked (the logs are the truth; a ladder is a cache of their fold)."""

    def __init__(self, broker: Broker, accounts: Accounts) -> None:
        self.broker = broker
        self.accounts = accounts
        self.model = PlackettLuce()
        self.ladders: dict[str, Ladder] = {}

    async def forget(self, player: str) -> None:
        """A deleted account leaves the rankings (the games it played still count for
        the others' ratings: the fold goes on as it was)."""
        await self.broker.dir_put(FORGOTTEN, {player: b"1"})

    async def forgotten(self) -> set[str]:
        return set(await self.broker.dir_all(FORGOTTEN))

    async def record(self, game: str, rated: RatedGame) -> None:
        await self.broker.append(log_key(game), _encode(rated))

    async def rate(self, record: Record) -> RatedGame | None:
        """Rate a finished game, when it counts: its table was rated, at least one person
        played, and every person at the table was signed in (a table with a guest is
        unrated)."""
        people = [p for p in record.players if not p.bot]
        if not people or not record.rated:
            return None
        names = {}
        for p in people:
            account = await self.accounts.of_player(p.player)
            if account is None:
                return None
            names[p.player] = account.name
        ranks = places(
            [p.rank for p in record.players], [p.resigned or p.left for p in record.players]
        )
        seats = [
            RatedSeat(p.player, names[p.player], place)
            if not p.bot
            else RatedSeat(AI_PREFIX + (p.level or "strong"), p.level or "strong", place)
            for p, place in zip(record.players, ranks, strict=True)
        ]
        rated = RatedGame(table=record.table, game_id=record.id, ended=record.ended, seats=seats)
        # Whichever process rates it: the owner that archived the game may have died
        # before rating it, and the next one rates it then (room/actor.py). The line
        # goes in before the game is marked rated, so an owner that dies between the
        # two loses nothing; a second copy of the line (that, or two processes at
        # once) is passed over by the ladder, which takes each game once
        # (Ladder.fold). The mark only spares later starts writing it again.
        key = rated_key(record.id)
        if await self.broker.get(key) is not None:
            return None
        await self.record(record.game, rated)
        await self.broker.put(key, b"1")
        return rated

    async def ladder(self, game: str) -> Ladder:
        ladder = self.ladders.get(game)
        if ladder is None:
            ladder = self.ladders[game] = Ladder(self.model)
        async with ladder.lock:  # one reader folds at a time, each line once
            lines = await self.broker.read_log(log_key(game), ladder.read)
            for raw in lines:
                ladder.fold(_decode(raw))
            ladder.read += len(lines)
        return ladder

    async def of(self, who: str, games: Iterable[str]) -> dict[str, Standing]:
        """One player's standing in each of ``games`` where they have one."""
        out = {}
        for game in games:
            s = (await self.ladder(game)).standings.get(who)
            if s is not None:
                out[game] = s
        return out
