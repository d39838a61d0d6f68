"""The table before and around the game: seats, host, options, who is here.

Rules of the table, as on Brettspielwelt: anyone may sit while the game has not
started; the host (who opened the table, or the next person present when the host
leaves) changes the options, seats AI players and starts the game,
and the seats close up in order. Leaving a table that has not started gives the seat
back; a dropped connection keeps it, so a reload does not cost the seat.

In a running game, as on Board Game Arena: a player who leaves on purpose is replaced
by the AI at once (and takes the seat back if they return); one whose connection
dropped keeps the seat for the away grace, or, at a table with a clock, for as long as
their time lasts. While nobody who plays is here, the AI waits too. When every person
has left or resigned, the game stops and is archived as abandoned (room/actor.py).

A turn-based table (room/clock.py) expects nobody to be there: people come and go over
days, so there is no away grace, the AI and the clocks do not wait for anyone, and the
game is not abandoned for being empty, only when every person left or resigned.
"""

from __future__ import annotations

import time
from typing import Any

import msgspec

from protocol.messages import KeptSeat, LobbySeat, RoomSummary, SeatInfo, Status
from server.ai import LEVELS
from server.events import RoomInfo
from server.games.base import Game, IllegalIntent
from server.room.clock import Clock, clock_seconds, out_of_time_of, pace_of
from server.room.options import with_option
from server.room.pace import AUTO, ai_pace, factors
from server.room.privacy import Lock
from server.room.record import RoomMeta, Seat

DEFAULT_LEVEL = "strong"  # a bot seated without a level
AI_LOG_RANGES = 200  # ranges of AI-written log entries kept per audience


class Table:
    def __init__(self, room_id: str, game: Game, options: msgspec.Struct, host: str) -> None:
        self.id = room_id
        self.game = game
        self.options = options
        self.host: str | None = host
        self.status: Status = "waiting"
        self.seats: list[Seat | None] = [None] * game.max_seats
        self.present: dict[str, int] = {}  # player id -> connections at the table
        self.bots = 0  # AI players seated so far: numbers their names
        self.thinking: set[int] = set()  # AI seats choosing their move now
        self.away: dict[str, float] = {}  # seated people gone from a running game -> since
        self.clock = Clock()
        self.started = 0.0  # when the game started (Unix seconds), for the archive
        self.created = time.time()  # when the table was opened, for the lobby
        # The host's name while they sit nowhere (the opener's, given by the room).
        self.host_name: str | None = None
        self.timed_out: set[int] = set()  # seats whose time ran out: the AI makes this move
        self.lock = Lock()  # public until the host makes it private
        self.rated = True  # its game counts for the ratings (ratings.py) unless the host says
        # A rematch's seats kept for the players of the game before (until they sit or
        # decline), and, at a finished table, the rematch its players opened.
        self.kept: dict[int, Seat] = {}
        self.rematch: str | None = None
        self.abandoned = False  # finished because every person left or resigned
        self.ai_pace = AUTO  # how fast its AI players play (room/pace.py)
        # Per audience (seat, -1 for watchers): [start, end) ranges of its view's log
        # that the AI wrote while playing a person's seat, for the log to mark them.
        self.ai_log: dict[int, list[list[int]]] = {}
        self.address = ""  # where its opener came from, for the per-address cap

    # --- reading ----------------------------------------------------------------------

    def seat_of(self, player_id: str) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat is not None and seat.player == player_id:
                return i
        return None

    def people(self) -> set[str]:
        """Every person the table names: those seated, those a rematch kept a seat for,
        and the host."""
        named = {s.player for s in self.seats if s is not None and not s.bot}
        named.update(s.player for s in self.kept.values())
        if self.host is not None:
            named.add(self.host)
        return named

    def is_bot(self, seat: int) -> bool:
        s = self.seats[seat]
        return s is not None and s.bot

    def plays_ai(self, seat: int) -> bool:
        """Whether the AI moves for this seat: an AI player's, or a stand-in's (for an
        absent player, or for one move whose time ran out)."""
        s = self.seats[seat]
        return s is not None and (s.bot or s.standin or seat in self.timed_out)

    def everyone_left(self) -> bool:
        """Every person who sits at the running game has left it or resigned: the game
        is abandoned (room/actor.py), rather than played on by the AI for nobody."""
        people = [s for s in self.seats if s is not None and not s.bot]
        return bool(people) and all(s.left or s.resigned for s in people)

    def everyone_away(self) -> bool:
        """No person who sits at the running game is here (the clocks stop, the AI
        waits, and after the hall's wait the game is abandoned). Never at a turn-based
        table, where nobody is expected to be there."""
        if self.clock.turn_based:
            return False
        people = [s.player for s in self.seats if s is not None and not s.bot]
        return bool(people) and all(p not in self.present for p in people)

    def ai_level(self, seat: int) -> str:
        """An AI player's own level; a stand-in plays at the table's: the level of its
        first AI player, or the default."""
        s = self.seats[seat]
        if s is not None and s.bot and s.level:
            return s.level
        return next((t.level for t in self.seats if t and t.bot and t.level), DEFAULT_LEVEL)

    def away_for(self, seat: int, now: float) -> float | None:
        """How long the person in ``seat`` has been gone, or None if here (or an AI)."""
        s = self.seats[seat]
        if s is None or s.bot or s.player not in self.away:
            return None
        return now - self.away[s.player]

    def due(self) -> list[tuple[int, str, float, float]]:
        """At a running turn-based table, the persons whose move it is: (seat, player,
        deadline, since) each, the deadline first."""
        clock = self.clock
        if self.status != "playing" or not clock.turn_based or not clock.on:
            return []
        found = []
        for seat, since in clock.running.items():
            taken = self.seats[seat]
            deadline = clock.due(seat)
            if taken is None or self.plays_ai(seat) or deadline is None:
                continue
            found.append((seat, taken.player, deadline, since))
        return sorted(found, key=lambda d: (d[2], d[0]))

    def info(self) -> RoomInfo:
        seated = {s.player for s in self.seats if s is not None}
        now = time.time()
        clock = self.clock
        return RoomInfo(
            room=self.id,
            game=self.game.name,
            options=self.options_shown(),
            status=self.status,
            host=self.host,
            seats=[
                None
                if s is None
                else SeatInfo(
                    player=s.player,
                    name=s.name,
                    bot=s.bot,
                    online=s.bot or s.player in self.present,
                    level=s.level,
                    thinking=i in self.thinking,
                    away_since=None if s.bot else self.away.get(s.player),
                    standin=s.standin or i in self.timed_out,
                    resigned=s.resigned,
                    left=s.left,
                    ai_moves=s.ai_moves,
                    clock=round(clock.left(i, now), 2) if clock.on else None,
                    clock_running=clock.on and not clock.paused and i in clock.running,
                )
                for i, s in enumerate(self.seats)
            ],
            watchers=sum(1 for p in self.present if p not in seated),
            lock=self.lock,
            kept=[
                None if (k := self.kept.get(i)) is None else KeptSeat(player=k.player, name=k.name)
                for i in range(len(self.seats))
            ]
            if self.kept
            else [],
            rematch=self.rematch,
            abandoned=self.abandoned,
            ai_log=self.ai_log,
        )

    def options_shown(self) -> dict[str, Any]:
        """The game's options, the table's clock when there is one, its pace and what
        happens out of time when it is turn-based, and `rated: false` at a table whose
        game is not rated."""
        shown: dict[str, Any] = msgspec.to_builtins(self.options)
        if self.clock.per_move > 0:
            shown["clock"] = self.clock.per_move
        if self.clock.turn_based:
            shown["pace"] = self.clock.pace
            shown["out_of_time"] = self.clock.out_of_time
        if not self.rated:
            shown["rated"] = False
        if self.ai_pace != AUTO:
            shown["ai_pace"] = self.ai_pace
        return shown

    def note_ai_log(self, before: dict[int, int], after: dict[int, int]) -> None:
        """The AI moved for a person: each audience's log grew from ``before`` to
        ``after`` entries. Ranges that touch are joined; the oldest go past a cap."""
        for audience, end in after.items():
            start = before.get(audience, end)
            if end <= start:
                continue
            ranges = self.ai_log.setdefault(audience, [])
            if ranges and ranges[-1][1] == start:
                ranges[-1][1] = end
            else:
                ranges.append([start, end])
                del ranges[:-AI_LOG_RANGES]

    def pace(self) -> tuple[float, float]:
        """The AI's (pause factor, search factor) at this table now."""
        return factors(self.ai_pace, (s.level for s in self.seats if s is not None and s.bot))

    def summary(self) -> RoomSummary:
        info = self.info()
        private = self.lock.private
        return RoomSummary(
            room=self.id,
            game=self.game.name,
            status=self.status,
            seats=len(self.seats),
            seated=sum(1 for s in self.seats if s is not None),
            watchers=info.watchers,
            options=info.options,
            # A private table is shown locked, without who is at it.
            players=[]
            if private
            else [
                None
                if s is None
                else LobbySeat(player=s.player, name=s.name, bot=s.bot, level=s.level, left=s.left)
                for s in self.seats
            ],
            host=None if private else self.host,
            host_name=None if private else self._host_name(),
            created=self.created,
            private=private,
            password=self.lock.has_password,
        )

    def _host_name(self) -> str | None:
        i = self.seat_of(self.host) if self.host is not None else None
        taken = self.seats[i] if i is not None else None
        return taken.name if taken is not None else self.host_name

    def meta(self) -> RoomMeta:
        if self.clock.on:
            self.clock.seen = time.time()
        return RoomMeta(
            game=self.game.name,
            options=msgspec.to_builtins(self.options),
            host=self.host,
            status=self.status,
            seats=list(self.seats),
            bots=self.bots,
            clock=self.clock,
            started=self.started,
            created=self.created,
            host_name=self.host_name,
            lock=self.lock,
            address=self.address,
            rated=self.rated,
            kept=dict(self.kept),
            rematch=self.rematch,
            abandoned=self.abandoned,
            ai_pace=self.ai_pace,
            ai_log=self.ai_log,
        )

    def restore(self, meta: RoomMeta) -> None:
        self.host = meta.host
        self.seats = list(meta.seats)
        self.bots = meta.bots
        self.status = meta.status
        self.clock = meta.clock
        self.started = meta.started
        self.created = meta.created or self.created
        self.host_name = meta.host_name
        self.lock = meta.lock
        self.address = meta.address
        self.rated = meta.rated
        self.kept = dict(meta.kept)
        self.rematch = meta.rematch
        self.abandoned = meta.abandoned
        self.ai_pace = meta.ai_pace
        self.ai_log = {k: [list(r) for r in v] for k, v in meta.ai_log.items()}
        if self.status == "playing":
            # The time the table was down is nobody's: its clocks stop where they were
            # last seen and run again when someone comes back.
            self.clock.after_outage()
            # A new owner knows nobody yet: every person counts as away from now until
            # their process answers the census (server/leases.py), so that the grace
            # for someone who really is gone starts again here rather than never.
            now = time.time()
            self.away = {s.player: now for s in self.seats if s is not None and not s.bot}

    # --- presence: changes nothing the game sees ------------------------------------

    def rename(self, player_id: str, name: str) -> bool:
        """The player's seat takes the name they go by now; True if it changed."""
        i = self.seat_of(player_id)
        seat = self.seats[i] if i is not None else None
        if seat is None or seat.bot or not name or seat.name == name:
            return False
        seat.name = name
        return True

    def forget(self, player_id: str, name: str) -> bool:
        """A deleted account: nobody will come back as this player (`_gone_for_good`),
        a seat a rematch kept for it is free, and once the game has started its seat is
        called ``name`` (as its finished games call it). True if anything changed."""
        touched = (
            self._release(player_id) is not None
            or self.seat_of(player_id) is not None
            or (self.host == player_id and self.status == "waiting")
        )
        self.rename(player_id, name)
        self._gone_for_good(player_id)
        return touched

    def join(self, player_id: str) -> bool:
        """Count one more connection of a player; True if the player just arrived. A
        player back at a running game takes their seat over from a stand-in (a pending
        AI decision for them may still land first: they take over at their next)."""
        self.present[player_id] = self.present.get(player_id, 0) + 1
        if self.present[player_id] > 1:
            return False
        self.away.pop(player_id, None)
        if self.host is None and self.status == "waiting":
            # Its host left with nobody else there, or deleted their account: whoever
            # comes first hosts it, or nobody could change its options.
            self.host = player_id
        i = self.seat_of(player_id)
        seat = self.seats[i] if i is not None else None
        if seat is not None and seat.standin and not seat.resigned:
            seat.standin = seat.left = False
        return True

    def part(self, player_id: str, keep_seat: bool) -> bool:
        """Count one connection less; True if the player has left. ``keep_seat`` is
        false for a `leave` (on purpose) rather than a dropped connection: before the
        start the seat is given back; in a running game the AI takes it at once."""
        n = self.present.get(player_id, 0) - 1
        if n > 0:
            self.present[player_id] = n
            return False
        self.present.pop(player_id, None)
        if self.status == "playing" and self.seat_of(player_id) is not None:
            self.away[player_id] = time.time()
        if not keep_seat:
            self._gone_for_good(player_id)
        return True

    def _gone_for_good(self, player_id: str) -> None:
        """The player will not come back (a `leave`, a deleted account): before the
        start their seat is free and the host passes on to someone here; in a running
        game the AI plays their seat from now on."""
        i = self.seat_of(player_id)
        if self.status == "playing":
            seat = self.seats[i] if i is not None else None
            if seat is not None and not seat.resigned:
                seat.left = seat.standin = True
        elif self.status == "waiting":
            if i is not None:
                self.seats[i] = None
            if self.host == player_id:
                self.host = next((p for p in self.present if p != player_id), None)
                self.host_name = None  # known again once the new host sits

    def empty(self) -> bool:
        return not self.present

    # --- before the start: each raises IllegalIntent or changes the table -----------

    def waiting(self) -> None:
        if self.status != "waiting":
            raise IllegalIntent("already_started", "The game has already started.")

    def host_only(self, player_id: str, what: str) -> None:
        if player_id != self.host:
            raise IllegalIntent("not_host", f"Only the host may {what}.")

    def sit(self, player_id: str, name: str, want: int | None) -> int | None:
        """Seat a player (at the first free seat if none is named); the seat taken,
        or None when the player already sits there (or names no seat and has one)."""
        self.waiting()
        if want is None and self.seat_of(player_id) is not None:
            return None  # any seat will do, and the one you have is one
        if want is None:
            want = self.kept_for(player_id)
        want = self._free_seat(want)
        kept = self.kept.get(want)
        if kept is not None and kept.player != player_id:
            raise IllegalIntent(
                "seat_taken",
                f"Seat {want + 1} is kept for {kept.name}.",
                {"seat": want + 1, "name": kept.name},
            )
        taken = self.seats[want]
        if taken is not None:
            if taken.player == player_id:
                return None
            raise IllegalIntent(
                "seat_taken",
                f"Seat {want + 1} is taken by {taken.name}.",
                {"seat": want + 1, "name": taken.name},
            )
        mine = self.seat_of(player_id)
        if mine is not None:
            self.seats[mine] = None
        self._release(player_id)
        self.seats[want] = Seat(player=player_id, name=name)
        return want

    def kept_for(self, player_id: str) -> int | None:
        for i, seat in self.kept.items():
            if seat.player == player_id:
                return i
        return None

    def _release(self, player_id: str) -> int | None:
        """A kept seat is theirs no longer (they sat, or declined)."""
        i = self.kept_for(player_id)
        if i is not None:
            del self.kept[i]
        return i

    def stand(self, player_id: str) -> int:
        """Give one's seat back; or decline the seat a rematch kept for one."""
        self.waiting()
        mine = self.seat_of(player_id)
        if mine is None:
            declined = self._release(player_id)
            if declined is not None:
                return declined
            raise IllegalIntent("not_seated", "You are not sitting at this table.")
        self.seats[mine] = None
        return mine

    def set_option(self, player_id: str, key: str, value: Any) -> None:
        self.host_only(player_id, "change the options")
        if key == "ai_pace" and self.status == "playing":
            # The host may find the AI slow (or too quick to follow) mid-game.
            self.ai_pace = ai_pace(value)
            return
        self.waiting()
        if key == "ai_pace":
            self.ai_pace = ai_pace(value)
            return
        if key == "clock":
            self.set_clock(value)
            return
        if key == "pace":
            self.clock.set_pace(pace_of(value))
            return
        if key == "out_of_time":
            self.clock.out_of_time = out_of_time_of(value)
            return
        if key == "private":
            self.lock.set_private(value)
            return
        if key == "password":
            self.lock.set_password(value)
            return
        if key == "rated":
            self.set_rated(value)
            return
        self.options = with_option(self.game, self.options, key, value)

    def set_rated(self, value: Any) -> None:
        if not isinstance(value, bool):
            raise IllegalIntent("bad_option", "`rated` is true or false.", {"option": "rated"})
        self.rated = value

    def set_clock(self, value: Any) -> None:
        self.clock.per_move = clock_seconds(value, self.clock.pace)

    def add_bot(self, player_id: str, want: int | None, level: str | None) -> int:
        self.host_only(player_id, "add an AI player")
        self.waiting()
        level = level or DEFAULT_LEVEL
        if level not in LEVELS:
            raise IllegalIntent(
                "bad_option",
                f"There is no AI level {level!r}; levels: {', '.join(LEVELS)}.",
                {"level": level, "levels": ", ".join(LEVELS)},
            )
        want = self._free_seat(want)
        if self.seats[want] is not None or want in self.kept:
            raise IllegalIntent("seat_taken", f"Seat {want + 1} is taken.", {"seat": want + 1})
        self.bots += 1
        self.seats[want] = Seat(
            player=f"bot-{self.id}-{self.bots}", name=f"AI {self.bots}", bot=True, level=level
        )
        return want

    def hand_to_ai(self, player_id: str, seat: int | None) -> int:
        """During a game: the host hands the seat of a player who is away to the AI."""
        self.host_only(player_id, "hand a seat to the AI")
        if seat is None or not 0 <= seat < len(self.seats) or self.seats[seat] is None:
            raise IllegalIntent(
                "bad_message",
                f"Name the seat of an away player, 1 to {len(self.seats)}: /bot SEAT.",
                {"away_seats": len(self.seats)},
            )
        taken = self.seats[seat]
        assert taken is not None
        if taken.bot or taken.standin:
            raise IllegalIntent(
                "seat_taken", f"The AI already plays seat {seat + 1}.", {"ai_seat": seat + 1}
            )
        if taken.player not in self.away:
            raise IllegalIntent(
                "seat_taken",
                f"{taken.name} is here and plays seat {seat + 1}.",
                {"seat": seat + 1, "player": taken.name},
            )
        taken.standin = True
        return seat

    def resign(self, player_id: str) -> int:
        if self.status == "waiting":
            raise IllegalIntent("not_started", "The game has not started yet.")
        if self.status == "finished":
            raise IllegalIntent("game_over", "The game is over.")
        seat = self.seat_of(player_id)
        if seat is None:
            raise IllegalIntent("not_seated", "Only a seated player may resign; you are watching.")
        taken = self.seats[seat]
        assert taken is not None
        if taken.resigned:
            raise IllegalIntent("bad_message", "You have already resigned.", {"resigned": True})
        taken.resigned = taken.standin = True
        return seat

    def close_up(self, player_id: str) -> list[Seat]:
        """Check the table may start; the seated players in seat order."""
        self.waiting()
        if self.seat_of(player_id) is None:
            raise IllegalIntent("not_seated", "Sit down first; only a seated player may start.")
        # The host says when: nobody starts a table under them (a host who left handed
        # the table on to someone still there).
        if self.host is not None and player_id != self.host:
            raise IllegalIntent("not_host", "Only the host may start the game.")
        seated = [s for s in self.seats if s is not None]
        if len(seated) < self.game.min_seats:
            raise IllegalIntent(
                "not_enough_players",
                f"{self.game.name} needs at least {self.game.min_seats} players; "
                f"{len(seated)} seated.",
                {"min": self.game.min_seats, "seated": len(seated)},
            )
        self.game.check_options(self.options, len(seated))
        return seated

    def _free_seat(self, want: int | None) -> int:
        if want is None:
            free = [i for i, s in enumerate(self.seats) if s is None and i not in self.kept]
            if not free:
                raise IllegalIntent("room_full", "Every seat at this table is taken.")
            return free[0]
        if not 0 <= want < len(self.seats):
            # People count seats from 1 (the players panel, `/join 2`): so do refusals.
            seats = len(self.seats)
            raise IllegalIntent(
                "bad_message",
                f"There is no seat {want + 1}; seats are 1 to {seats}.",
                {"seat": want + 1, "seats": seats},
            )
        return want
