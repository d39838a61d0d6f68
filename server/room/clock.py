"""A table's turn clock, kept by the server (clients only draw it).

With ``/option clock SECONDS`` every seat has a bank of time. It starts at two moves'
worth; each time a seat's turn comes, one move's worth is added, up to three moves'
worth, so a quick player saves a cushion but cannot hoard. While a seat is on turn its
bank runs down; when it is empty the AI makes that move for the seat (the player
plays on at their next decision). When every person at the table is away, the clocks
stop. Times are wall-clock seconds, so a successor process can carry a clock on from
the table's stored meta after a failover.

A turn-based table (``/option pace turn_based``) plays over days: an hour to 14 days
per move (a day unless said), the same banks, and its clocks never stop, neither when
everyone is away (nobody is expected to sit and wait) nor for an outage of the server
(a deadline is a date on the calendar, not a span of the server's life). When a seat's
time runs out, the table's ``out_of_time`` says what happens: the AI makes that move
(``ai_move``, the default), or the player is dropped and the AI plays the seat to the end
(``drop``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import msgspec

from server.games.base import IllegalIntent

MIN_SECONDS = 0.1  # tests run clocks of fractions of a second
MAX_SECONDS = 3600.0
START_MOVES = 2.0  # a bank starts with this many moves' worth
CAP_MOVES = 3.0  # and never holds more
TURN_MIN_SECONDS = 3600.0  # a turn-based table: an hour per move at least ...
TURN_MAX_SECONDS = 14 * 86400.0  # ... and 14 days at most
TURN_DEFAULT_SECONDS = 86400.0  # a day, unless the host says otherwise

Pace = Literal["realtime", "turn_based"]
OutOfTime = Literal["ai_move", "drop"]
PACES: tuple[Pace, ...] = ("realtime", "turn_based")
OUT_OF_TIME: tuple[OutOfTime, ...] = ("ai_move", "drop")


def clock_seconds(value: Any, pace: Pace = "realtime") -> float:
    """The ``clock`` option checked: seconds per move, 0 (or false) for none. A
    turn-based table always has a clock (false or 0 gives it the default)."""
    turn_based = pace == "turn_based"
    low, high = (TURN_MIN_SECONDS, TURN_MAX_SECONDS) if turn_based else (MIN_SECONDS, MAX_SECONDS)
    bounds: dict[str, Any] = {"clock_min": low, "clock_max": high}  # a refusal's args
    if turn_based:
        bounds["days_max"] = round(TURN_MAX_SECONDS / 86400)
    if value is False or value is None:
        value = 0
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise IllegalIntent("bad_option", "The clock is a number of seconds per move.", bounds)
    if value == 0:
        return TURN_DEFAULT_SECONDS if turn_based else 0.0
    if not low <= value <= high:
        none = "" if turn_based else "0 (none) or "
        raise IllegalIntent(
            "bad_option",
            f"The clock is {none}{low:g} to {high:g} seconds per move.",
            bounds,
        )
    return float(value)


def _one_of(value: Any, allowed: Sequence[str], option: str) -> Any:
    if value not in allowed:
        choices = " or ".join(f"`{a}`" for a in allowed)
        raise IllegalIntent("bad_option", f"`{option}` is {choices}.", {"option": option})
    return value


def pace_of(value: Any) -> Pace:
    pace: Pace = _one_of(value, PACES, "pace")
    return pace


def out_of_time_of(value: Any) -> OutOfTime:
    out: OutOfTime = _one_of(value, OUT_OF_TIME, "out_of_time")
    return out


class Clock(msgspec.Struct, kw_only=True):
    per_move: float = 0.0  # 0: no clock
    banks: list[float] = msgspec.field(default_factory=list)  # seconds left per seat
    running: dict[int, float] = msgspec.field(default_factory=dict)  # seat -> since (wall)
    paused: bool = False
    # When the table last wrote its meta (wall time): a successor after an outage charges
    # the running seats up to here only, so the outage is nobody's thinking time.
    seen: float = 0.0
    pace: Pace = "realtime"
    out_of_time: OutOfTime = "ai_move"  # what a turn-based seat out of time gets

    @property
    def on(self) -> bool:
        return self.per_move > 0 and bool(self.banks)

    @property
    def turn_based(self) -> bool:
        return self.pace == "turn_based"

    def set_pace(self, pace: Pace) -> None:
        """Change the pace; a clock the new pace cannot have becomes its default."""
        self.pace = pace
        low, high = (TURN_MIN_SECONDS, TURN_MAX_SECONDS) if self.turn_based else (0.0, MAX_SECONDS)
        if not low <= self.per_move <= high:
            self.per_move = TURN_DEFAULT_SECONDS if self.turn_based else 0.0

    def keep_for(self, base: float) -> float:
        """How long a table's stored meta and state outlive their last write: ``base``,
        and at a turn-based table also the longest a move may take (a full bank), so
        that a table nobody touches for days is still there when its deadline comes."""
        return base + CAP_MOVES * self.per_move if self.turn_based else base

    def start(self, seats: int, active: frozenset[int], now: float) -> list[int]:
        """The banks at the start; the seats on turn (as ``turns``)."""
        if self.per_move <= 0:
            return []
        self.banks = [START_MOVES * self.per_move] * seats
        self.running = {}
        return self.turns(active, now)

    def turns(self, active: frozenset[int], now: float) -> list[int]:
        """After a move: the seats that came on turn get their move's worth and run;
        the seats no longer on turn stop (charged for the time they took). Returns
        the seats that came on turn."""
        came: list[int] = []
        if not self.on:
            return came
        for seat in list(self.running):
            if seat not in active:
                self._charge(seat, now)
                del self.running[seat]
        for seat in active:
            if seat not in self.running:
                cap = CAP_MOVES * self.per_move
                self.banks[seat] = min(cap, self.banks[seat] + self.per_move)
                self.running[seat] = now
                came.append(seat)
        return sorted(came)

    def due(self, seat: int) -> float | None:
        """When a running seat's bank empties (wall time); None if it does not run."""
        since = self.running.get(seat)
        if not self.on or self.paused or since is None:
            return None
        return since + self.banks[seat]

    def left(self, seat: int, now: float) -> float:
        """Seconds left in a seat's bank now."""
        if not self.on:
            return 0.0
        since = self.running.get(seat)
        spent = 0.0 if since is None or self.paused else now - since
        return max(0.0, self.banks[seat] - spent)

    def deadline(self) -> float | None:
        """When the first running seat's bank empties (wall time), if any runs."""
        if not self.on or self.paused or not self.running:
            return None
        return min(since + self.banks[seat] for seat, since in self.running.items())

    def expired(self, now: float) -> list[int]:
        return [s for s in sorted(self.running) if not self.paused and self.left(s, now) <= 0]

    def pause(self, now: float) -> None:
        if self.on and not self.paused:
            for seat in self.running:
                self._charge(seat, now)
                self.running[seat] = now
            self.paused = True

    def resume(self, now: float) -> None:
        if self.on and self.paused:
            for seat in self.running:
                self.running[seat] = now
            self.paused = False

    def after_outage(self) -> None:
        """Taken over after the owner stopped: charge the running seats up to when the
        table was last seen alive, and stop the clocks there. They run again once a
        person is back at the table (room.join), as after everyone went away. A
        turn-based clock runs on: its deadlines are dates, the outage is nobody's
        excuse, and a deadline that passed meanwhile is acted on now (room/actor.py)."""
        if self.on and not self.paused and self.seen and not self.turn_based:
            self.pause(self.seen)

    def _charge(self, seat: int, now: float) -> None:
        since = self.running[seat]
        if not self.paused:
            self.banks[seat] = max(0.0, self.banks[seat] - (now - since))
