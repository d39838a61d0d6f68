"""What the hall shows of its players: a game's ranking, and a player's profile.

Both are read over HTTP (``GET /api/leaderboard/<game>``, ``GET /api/players/<name>``)
as JSON. A profile shows what the hall shows anyway (ratings, games at tables that
were not private); the player themself, naming their session's token, sees their
private tables' games too, and may download everything the hall keeps of them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec

from protocol.messages import GameSummary
from server import archive, games
from server.accounts import Account, Accounts
from server.broker import Broker
from server.chatlines import said_by
from server.push import devices_of
from server.ratings import Ratings, Standing, places
from server.room.record import FORMER
from server.sessions import signed_in

RECENT = 20  # games a profile lists
COUNTED = 500  # finished games a profile counts per player, newest first
EVERY = 1 << 30  # "all of a player's games", for forgetting them


def winners(game: GameSummary) -> set[str]:
    """Who won a finished game as the ratings count it: the best place, where a seat
    that resigned or left comes last whatever its score. An abandoned game: nobody."""
    if game.abandoned:
        return set()
    ranks = places([p.rank for p in game.players], [p.resigned or p.left for p in game.players])
    best = min(ranks, default=0)
    return {p.player for p, r in zip(game.players, ranks, strict=True) if r == best}


def standing_json(s: Standing) -> dict[str, Any]:
    return {
        "player": None if s.ai else s.who,
        "name": s.name,
        "rating": round(s.rating, 2),
        "games": s.games,
        "wins": s.wins,
        "ai": s.ai,
        "provisional": s.provisional,
        "last": s.last,
    }


class Profiles:
    def __init__(self, broker: Broker, accounts: Accounts, ratings: Ratings) -> None:
        self.broker = broker
        self.accounts = accounts
        self.ratings = ratings

    async def leaderboard(self, game: str) -> dict[str, Any] | None:
        if game not in games.names():
            return None
        ladder = await self.ratings.ladder(game)
        gone = await self.ratings.forgotten()
        shown = [s for s in ladder.best_first() if s.who not in gone]
        return {"game": game, "players": [standing_json(s) for s in shown]}

    async def profile(self, name: str, own: bool) -> dict[str, Any] | None:
        """A signed-in player's profile; ``own``: asked by the player themself."""
        account = await self.accounts.find(name)
        if account is None:
            return None
        summaries = [
            archive.decode_summary(raw)
            for raw in await self.broker.archive_list(COUNTED, account.player)
        ]
        shown = [s for s in summaries if own or not s.private]
        played: Counter[str] = Counter()
        won: Counter[str] = Counter()
        for s in shown:
            played[s.game] += 1
            won[s.game] += account.player in winners(s)
        standings = await self.ratings.of(account.player, games.names())
        per_game = {
            game: {
                "played": played[game],
                "won": won[game],
                "rating": None if game not in standings else standing_json(standings[game]),
                "history": [] if game not in standings else standings[game].history,
            }
            for game in sorted(set(played) | set(standings), key=lambda g: -played[g])
        }
        return {
            "name": account.name,
            "player": account.player,
            "since": account.created,
            "games": per_game,
            "favourites": [g for g, _ in played.most_common(3)],
            "recent": [msgspec.to_builtins(s) for s in shown[:RECENT]],
        }

    async def forget(self, account: Account) -> int:
        """A deleted account: called FORMER in every game it played (the games stay,
        they are the other players' too), and out of the rankings. How many games."""
        await self.ratings.forget(account.player)
        raws = await self.broker.archive_list(EVERY, account.player)
        for raw in raws:
            game_id = archive.decode_summary(raw).id
            data = await self.broker.archived(game_id)
            if data is None:
                continue
            record = archive.decode_record(data)
            for p in record.players:
                if p.player == account.player:
                    p.name = FORMER
            summary, data = archive.encode(record)
            players = [p.player for p in record.players if p.player]
            await self.broker.archive(
                record.id, summary, data, record.ended, players, listed=not record.private
            )
        return len(raws)

    async def export(self, account: Account) -> dict[str, Any]:
        """Everything the hall keeps of a player, for them to take away (never the hash)."""
        summaries = await self.broker.archive_list(COUNTED, account.player)
        standings = await self.ratings.of(account.player, games.names())
        said = await said_by(self.broker, account.player)
        devices = await devices_of(self.broker, account.player)
        sessions = await signed_in(self.broker, account)
        return {
            "account": {"name": account.name, "player": account.player, "since": account.created},
            "ratings": {
                game: {**standing_json(s), "history": s.history} for game, s in standings.items()
            },
            "games": [msgspec.to_builtins(archive.decode_summary(raw)) for raw in summaries],
            # The lines the hall keeps for newcomers (room null: said in the hall).
            "chat": [{"room": s.room, "text": s.line.text, "at": s.line.at} for s in said],
            # Where pushes go: each device's push service address and what it wants
            # told (not its keys, which only encrypt for it).
            "devices": [
                {"endpoint": d.endpoint, "topics": d.topics, "lang": d.lang, "since": d.at}
                for d in devices
            ],
            # Where the account is signed in: each session's language (its token is the
            # credential itself, so it is never shown, not even to its owner).
            "sessions": [{"lang": p.lang} for p in sessions],
        }
