"""What accounts and ratings cost: sign-ins a second, and a game's rating.

    python -m bench.accounts [--signins 40] [--games 200]

Sign-ins run through the hall's own Accounts (argon2id with argon2-cffi's defaults,
hashed in threads) on the embedded broker: one after another, then several at once,
as a crowd arriving at a club's evening would. Each hash is mostly the memory-hard
function's own time, which is the point of it: it is what a guessed password costs an
attacker too. Failed sign-ins are measured without the hall's one-second pause.

A game's rating is done once, when the game is archived, never on a move: the table
shows what writing its line and folding it into the ranking cost, beside what a
move of the same game costs in the room (`bench.move_cost`'s figures), to show it is
a small part of even one move.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import sys
import time

from argon2 import PasswordHasher

from bench.harness.printing import Table
from server.accounts import AccountError, Accounts
from server.broker import MemoryBroker
from server.ratings import RatedGame, RatedSeat, Ratings

PASSWORD = "correct horse battery"


async def signins(n: int, together: int) -> dict[str, float]:
    hall = Accounts(MemoryBroker(), failure_delay=0.0)
    await hall.register("Ada", PASSWORD, "p1")
    right: list[float] = []
    wrong: list[float] = []

    async def one(password: str, into: list[float], address: str) -> None:
        t0 = time.perf_counter()
        with contextlib.suppress(AccountError):  # a wrong one is refused: timed alike
            await hall.sign_in("Ada", password, address)
        into.append(time.perf_counter() - t0)

    t0 = time.perf_counter()
    for start in range(0, n, together):
        batch = range(start, min(n, start + together))
        await asyncio.gather(*(one(PASSWORD, right, f"a{i}") for i in batch))
    wall = time.perf_counter() - t0
    # A few wrong ones, each from its own address so that no limit refuses them early.
    for i in range(4):
        await one("not the password", wrong, f"w{i}")
    return {
        "together": together,
        "per_s": n / wall,
        "ms": statistics.median(right) * 1000,
        "wrong_ms": statistics.median(wrong) * 1000,
    }


async def rating(games: int, seats: int) -> dict[str, float]:
    broker = MemoryBroker()
    ratings = Ratings(broker, Accounts(broker))
    players = [f"p{i}" for i in range(20)] + ["ai:strong", "ai:greedy"]
    pick = random.Random(1)
    write: list[float] = []
    fold: list[float] = []
    for g in range(games):
        who = pick.sample(players, seats)
        places = [pick.randint(1, seats) for _ in who]
        line = RatedGame(
            table=f"t{g}",
            game_id=f"g{g}",
            ended=float(g),
            seats=[RatedSeat(w, w, p) for w, p in zip(who, places, strict=True)],
        )
        t0 = time.perf_counter()
        await ratings.record("carcassonne", line)
        t1 = time.perf_counter()
        await ratings.ladder("carcassonne")
        t2 = time.perf_counter()
        write.append(t1 - t0)
        fold.append(t2 - t1)
    return {
        "seats": seats,
        "write_us": statistics.median(write) * 1e6,
        "fold_us": statistics.median(fold) * 1e6,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--signins", type=int, default=40, help="right sign-ins per row")
    parser.add_argument("--games", type=int, default=200, help="games rated per row")
    args = parser.parse_args(argv)
    hasher = PasswordHasher()
    print(
        f"argon2id: memory {hasher.memory_cost} KiB, {hasher.time_cost} passes, "
        f"{hasher.parallelism} lanes\n"
    )
    rows = [asyncio.run(signins(args.signins, k)) for k in (1, 2, 4)]
    print(
        Table(
            [
                ("at once", "{together:.0f}"),
                ("sign-ins/s", "{per_s:.1f}"),
                ("ms each (median)", "{ms:.0f}"),
                ("ms a wrong one (median)", "{wrong_ms:.0f}"),
            ]
        )(rows)
    )
    print()
    rated = [asyncio.run(rating(args.games, seats)) for seats in (2, 5)]
    print(
        Table(
            [
                ("seats", "{seats:.0f}"),
                ("write its line µs", "{write_us:.1f}"),
                ("fold it µs", "{fold_us:.1f}"),
            ]
        )(rated)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
