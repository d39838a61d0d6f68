"""Make the string table of compact patches (protocol/compact.py) from real games.

    python -m server.strings [--seeds 4]    # writes protocol/strings.json

It lives with the games it plays, not in the protocol: the protocol knows no game, and
loads the table this writes without knowing how it was made.

Plays random games of every game of the hall (2 seats and the most, with default
options and with every yes/no option on), makes each audience's patches as the room
does, and counts the strings in their ops: path steps, map keys and string values
(the envelope and the op codes have forms of their own). The most frequent come
first (each game weighs the same), so the names met on every move get one-byte
indices. Strings seen only once are left out.

The file is committed: the served client is built with it, and a client names the
table it holds by its id (`hello.compact`). Making it again after a game's views
change is worth it but never required: a string not in the table goes as itself.
A test (tests/test_compact.py) fails when the table no longer covers most of what
a game's patches say.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
from collections import Counter
from typing import Any

import msgspec

from protocol.compact import TABLE_FILE, table_id
from protocol.patch import diff
from server import games
from server.games.base import audience_views

MAX = 2048  # strings at most: indices past 255 already cost a byte more
_decode = msgspec.msgpack.Decoder().decode


def count_strings(tree: Any, into: Counter[str]) -> None:
    t = type(tree)
    if t is str:
        into[tree] += 1
    elif t is dict:
        for k, v in tree.items():
            into[k] += 1
            count_strings(v, into)
    elif t is list:
        for v in tree:
            count_strings(v, into)


def option_sets(game: Any) -> list[Any]:
    """The default options, and every yes/no option turned on (the expansions)."""
    default = game.Options()
    flags = {
        f.name: True
        for f in msgspec.structs.fields(game.Options)
        if f.type is bool or getattr(f.type, "__origin__", None) is bool
    }
    sets = [default]
    if flags:
        with contextlib.suppress(Exception):
            sets.append(msgspec.structs.replace(default, **flags))
    return sets


def count_ops(ops: list[Any], into: Counter[str]) -> None:
    """The strings of a patch's ops that the table can stand for (not the op codes)."""
    for op in ops:
        count_strings(op[1:], into)


def patches(name: str, seats: int, options: Any, seed: int) -> list[Any]:
    """The ops of every audience's patches along one random game, as the room makes them."""
    game = games.get(name)
    state = game.setup(seats, options, seed)
    audiences: list[int | None] = [*range(seats), None]
    views = audience_views(game, state, audiences)
    pick = random.Random(seed)
    out: list[Any] = []
    while game.result(state) is None:
        movers = [a for a in sorted(game.active(state)) if views[a]["legal"]]
        if not movers:
            break
        seat = pick.choice(movers)
        intent = msgspec.convert(pick.choice(views[seat]["legal"]), game.Intent)
        state = game.apply(state, seat, intent)
        after = audience_views(game, state, audiences)
        memo: dict[Any, Any] = {}
        out.extend(op for a in audiences for op in diff(views[a], after[a], memo))
        views = after
    return out


def build(seeds: int) -> list[str]:
    weights: dict[str, float] = {}
    seen: Counter[str] = Counter()
    for name in games.names():
        game = games.get(name)
        counts: Counter[str] = Counter()
        for options in option_sets(game):
            for seats in sorted({game.min_seats, max(2, game.min_seats), game.max_seats}):
                for seed in range(1, seeds + 1):
                    count_ops(patches(name, seats, options, seed), counts)
        total = sum(counts.values()) or 1
        for s, n in counts.items():
            weights[s] = weights.get(s, 0.0) + n / total
            seen[s] += n
        print(f"{name}: {len(counts)} strings", file=sys.stderr)
    kept = [s for s in weights if seen[s] > 1]
    kept.sort(key=lambda s: (-weights[s], s))
    return kept[:MAX]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=4, help="random games per setting")
    args = parser.parse_args(argv)
    strings = build(args.seeds)
    TABLE_FILE.write_text(
        json.dumps({"id": table_id(strings), "strings": strings}, ensure_ascii=False, indent=0)
        + "\n"
    )
    print(f"wrote {TABLE_FILE}: {len(strings)} strings, id {table_id(strings)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
