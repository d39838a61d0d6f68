"""python -m server.replay FILE: check that a game's record replays to its result.

FILE is a record as the hall exports it (``GET /api/archive/<id>.json``, the format in
protocol/README.md, "Archived games"). The game is played again from its start record,
move by move, and its result compared with the scores and places recorded. Exit 0 when
they agree, 1 when they do not, 2 when the file cannot be read as a record.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import msgspec

from server import archive
from server.games.base import IllegalIntent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m server.replay",
        description="Check that an exported game record replays to its recorded result.",
    )
    parser.add_argument("file", type=Path, help="a record downloaded from /api/archive/<id>.json")
    args = parser.parse_args(argv)
    try:
        record = archive.from_json(args.file.read_bytes())
    except OSError as e:
        print(f"{args.file}: cannot read it ({e.strerror})", file=sys.stderr)
        return 2
    except (msgspec.DecodeError, msgspec.ValidationError, ValueError) as e:
        print(f"{args.file}: not a game record ({e})", file=sys.stderr)
        return 2
    try:
        result = archive.final_result(record)
    except KeyError:
        print(f"{args.file}: this hall has no game {record.game!r}", file=sys.stderr)
        return 2
    except (IllegalIntent, ValueError, msgspec.ValidationError) as e:
        print(f"{args.file}: the log does not replay ({e})", file=sys.stderr)
        return 1
    recorded = ([p.score for p in record.players], [p.rank for p in record.players])
    moves = len(record.log) - 1
    if record.abandoned:
        if result is not None:
            print(f"{args.file}: recorded as abandoned, but the game ends after {moves} moves")
            return 1
        print(f"{args.file}: {record.game}, abandoned after {moves} moves; the log replays")
        return 0
    if result is None:
        print(f"{args.file}: after {moves} moves the {record.game} game is not over")
        return 1
    if (result.scores, result.ranks) != recorded:
        print(
            f"{args.file}: replayed to scores {result.scores}, places {result.ranks}; "
            f"recorded scores {recorded[0]}, places {recorded[1]}"
        )
        return 1
    print(f"{args.file}: {record.game}, {moves} moves, replays to the recorded result")
    print(f"  scores {result.scores}, places {result.ranks}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
