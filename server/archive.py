"""Finished games, kept for good: the record of each, its summary for the lists, and the
replay of a record (views rebuilt from its log: the games are deterministic).

A record is what ``GET /api/archive/<id>.json`` downloads; its format is in
protocol/README.md ("Archived games") and ``python -m server.replay FILE`` checks
that one replays to its recorded result.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

from protocol import messages as m
from protocol.patch import diff
from server import games
from server.games.base import Game, Result, audience_view, read_intent
from server.room.record import LogAct, LogEntry, LogStart, Seat

FORMAT = "spieltisch.game/1"


class Record(msgspec.Struct, kw_only=True):
    """A finished game: everything needed to list it, replay it and check it."""

    format: str = FORMAT
    id: str
    table: str  # the table it was played at
    game: str
    options: dict[str, Any]
    players: list[m.PlayerResult]
    started: float
    ended: float
    log: list[LogEntry]  # the start record, then every move, as the table logged them
    private: bool = False  # played at a private table: listed only to its players
    rated: bool = True  # its table counted it for the ratings (if its players were signed in)
    abandoned: bool = False  # every person left before the end: no result, not rated

    def summary(self) -> m.GameSummary:
        return m.GameSummary(
            id=self.id,
            game=self.game,
            options=self.options,
            players=self.players,
            moves=len(self.log) - 1,
            started=self.started,
            ended=self.ended,
            private=self.private,
            abandoned=self.abandoned,
        )


_decode_record = msgspec.msgpack.Decoder(Record).decode
_decode_summary = msgspec.msgpack.Decoder(m.GameSummary).decode
_decode_entry = msgspec.msgpack.Decoder(LogEntry).decode  # type: ignore[arg-type]
_encode = msgspec.msgpack.Encoder().encode


def game_id(table: str, start: LogStart) -> str:
    """A finished game's id, the same whichever process archives it (and however often:
    a successor that is not sure the game was archived archives it again, in place)."""
    return hashlib.sha256(f"{table}:{start.seed}".encode()).hexdigest()[:12]


def abandoned_result(game: Game, state: Any, seats: int) -> Result:
    """An abandoned game's scores where it stopped (as everyone saw them), and no
    places: rank 0 for every seat."""
    shown = audience_view(game, state, None).get("scores")
    scores = [int(x) for x in shown] if isinstance(shown, list) else []
    if len(scores) != seats:
        scores = [0] * seats
    return Result(scores=scores, ranks=[0] * seats)


def make_record(
    table: str,
    game: Game,
    options: dict[str, Any],
    seats: list[Seat | None],
    result: Result,
    started: float,
    ended: float,
    entries: list[bytes],
    private: bool = False,
    rated: bool = True,
    abandoned: bool = False,
) -> Record:
    log = [_public(_decode_entry(e)) for e in entries]
    start = log[0]
    assert isinstance(start, LogStart)
    players = [
        m.PlayerResult(
            player=s.player if s else "",
            name=s.name if s else "",
            bot=bool(s and s.bot),
            level=s.level if s else None,
            resigned=bool(s and s.resigned),
            score=result.scores[i],
            rank=result.ranks[i],
            left=bool(s and s.left),
            ai_finished=bool(s and not s.bot and s.standin) and not abandoned,
            ai_moves=s.ai_moves if s else 0,
        )
        for i, s in enumerate(seats)
    ]
    return Record(
        id=game_id(table, start),
        table=table,
        game=game.name,
        options=options,
        players=players,
        started=started,
        ended=ended,
        log=log,
        private=private,
        rated=rated and not abandoned,
        abandoned=abandoned,
    )


def _public(entry: LogEntry) -> LogEntry:
    """A log entry as a record shows it: without the sender's message id and version,
    which only tell resends apart while the table runs (room/receipts.py)."""
    if isinstance(entry, LogAct) and (entry.ref is not None or entry.sent_v is not None):
        return msgspec.structs.replace(entry, ref=None, sent_v=None)
    return entry


def encode(record: Record) -> tuple[bytes, bytes]:
    """(summary, record) as the broker keeps them."""
    return _encode(record.summary()), _encode(record)


def decode_record(raw: bytes) -> Record:
    return _decode_record(raw)


def decode_summary(raw: bytes) -> m.GameSummary:
    return _decode_summary(raw)


def to_json(record: Record) -> bytes:
    return msgspec.json.format(msgspec.json.encode(record), indent=1)


def from_json(data: bytes) -> Record:
    record = msgspec.json.decode(data, type=Record)
    if record.format != FORMAT:
        raise ValueError(f"not a game record of this hall (format {record.format!r})")
    return record


def _start(record: Record) -> tuple[Game, LogStart]:
    game = games.get(record.game)
    start = record.log[0] if record.log else None
    if not isinstance(start, LogStart):
        raise ValueError("a game's log begins with its start record")
    return game, start


def _moves(record: Record) -> list[LogAct]:
    moves = record.log[1:]
    if not all(isinstance(e, LogAct) for e in moves):
        raise ValueError("a game's log has one start record, then moves")
    return moves  # type: ignore[return-value]


def final_result(record: Record) -> Result | None:
    """Replay the record's log: the result the game comes to."""
    game, start = _start(record)
    state = game.setup(start.seats, msgspec.convert(start.options, game.Options), start.seed)
    for move in _moves(record):
        state = game.apply(state, move.seat, read_intent(game, move.intent))
    return game.result(state)


class Replay(msgspec.Struct, frozen=True):
    """A `replay` message built but for its summary's marks: the views and patches
    already encoded (the heavy part, made in a worker), the summary as a value, so that
    the hall marks its account holders (server/holders.py) and encodes the message
    without decoding the rest (`message`)."""

    summary: m.GameSummary
    seat: int | None
    view: bytes
    patches: bytes
    by_ai: list[int]
    ai_log: list[list[int]]

    def message(self) -> bytes:
        raw_view: Any = msgspec.Raw(self.view)  # encoded as they are
        raw_patches: Any = msgspec.Raw(self.patches)
        return _encode(
            m.ReplayData(
                summary=self.summary,
                seat=self.seat,
                view=raw_view,
                patches=raw_patches,
                by_ai=self.by_ai,
                ai_log=self.ai_log,
            )
        )


def replay(raw: bytes, seat: int | None) -> Replay:
    """The `replay` message of an archived record for one audience: the view at the
    start and each move's patch. Heavy for a long game: run it in a worker."""
    record = _decode_record(raw)
    game, start = _start(record)
    state = game.setup(start.seats, msgspec.convert(start.options, game.Options), start.seed)
    first = before = audience_view(game, state, seat)
    patches = []
    by_ai: list[int] = []  # the moves the AI made for a person
    ai_log: list[list[int]] = []  # and the entries of this audience's log they wrote
    for k, move in enumerate(_moves(record), start=1):
        state = game.apply(state, move.seat, read_intent(game, move.intent))
        view = audience_view(game, state, seat)
        patches.append(diff(before, view))
        if move.by == "ai":
            by_ai.append(k)
            grew_from, grew_to = len(before.get("log") or ()), len(view.get("log") or ())
            if grew_to > grew_from:
                if ai_log and ai_log[-1][1] == grew_from:
                    ai_log[-1][1] = grew_to
                else:
                    ai_log.append([grew_from, grew_to])
        before = view
    return Replay(
        summary=record.summary(),
        seat=seat,
        view=_encode(first),
        patches=_encode(patches),
        by_ai=by_ai,
        ai_log=ai_log,
    )
