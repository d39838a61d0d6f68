"""A table's turn clock, kept by the server (clients only draw it).

With ``/option clock SECONDS`` every seat has a bank of time. It starts at two moves'
worth; each time a seat's turn comes, one move's worth is added, up to three moves'
worth, so a quick player saves a cushion but cannot hoard. While a seat is on turn its
bank runs down; when it is empty the AI makes that move for the seat (the player
plays on at their next decision). When every person at the table is away, the clocks
stop. Times are wall-clock seconds, so a successor process can carry a clock on from
the table's stored meta after a failover.
"""

from __future__ import annotations

from typing import Any

import msgspec

from server.games.base import IllegalIntent

MIN_SECONDS = 0.1  # tests run clocks of fractions of a second
MAX_SECONDS = 3600.0
START_MOVES = 2.0  # a bank starts with this many moves' worth
CAP_MOVES = 3.0  # and never holds more
_RANGE = {"clock_min": MIN_SECONDS, "clock_max": MAX_SECONDS}  # a refusal's args


def clock_seconds(value: Any) -> float:
    """The ``clock`` option checked: seconds per move, 0 (or false) for none."""
    if value is False or value is None:
        return 0.0
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise IllegalIntent("bad_option", "The clock is a number of seconds per move.", _RANGE)
    if value != 0 and not MIN_SECONDS <= value <= MAX_SECONDS:
        raise IllegalIntent(
            "bad_option",
            f"The clock is 0 (none) or {MIN_SECONDS:g} to {MAX_SECONDS:g} seconds per move.",
            _RANGE,
        )
    return float(value)


class Clock(msgspec.Struct, kw_only=True):
    per_move: float = 0.0  # 0: no clock
    banks: list[float] = msgspec.field(default_factory=list)  # seconds left per seat
    running: dict[int, float] = msgspec.field(default_factory=dict)  # seat -> since (wall)
    paused: bool = False
    # When the table last wrote its meta (wall time): a successor after an outage charges
    # the running seats up to here only, so the outage is nobody's thinking time.
    seen: float = 0.0

    @property
    def on(self) -> bool:
        return self.per_move > 0 and bool(self.banks)

    def start(self, seats: int, active: frozenset[int], now: float) -> None:
        if self.per_move <= 0:
            return
        self.banks = [START_MOVES * self.per_move] * seats
        self.running = {}
        self.turns(active, now)

    def turns(self, active: frozenset[int], now: float) -> None:
        """After a move: the seats that came on turn get their move's worth and run;
        the seats no longer on turn stop (charged for the time they took)."""
        if not self.on:
            return
        for seat in list(self.running):
            if seat not in active:
                self._charge(seat, now)
                del self.running[seat]
        for seat in active:
            if seat not in self.running:
                cap = CAP_MOVES * self.per_move
                self.banks[seat] = min(cap, self.banks[seat] + self.per_move)
                self.running[seat] = now

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
        person is back at the table (room.join), as after everyone went away."""
        if self.on and not self.paused and self.seen:
            self.pause(self.seen)

    def _charge(self, seat: int, now: float) -> None:
        since = self.running[seat]
        if not self.paused:
            self.banks[seat] = max(0.0, self.banks[seat] - (now - since))
