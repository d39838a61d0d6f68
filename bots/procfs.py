"""What /proc tells of a process on this machine: its CPU time, split into user and
system (the kernel's work for it: its socket calls above all), its resident memory, and
the processes it started. The load bots report a local server's CPU and memory from
here (``--server-pid``), and the benchmarks their own servers'. Linux only; reading a
process that has gone raises OSError."""

from __future__ import annotations

import contextlib
import os
import time


def cpu_split(pid: int) -> tuple[float, float]:
    """(user, system) CPU seconds a process has used so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def rss_mb(pid: int) -> float:
    """A process's resident memory (VmRSS), in MB."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def usage(pid: int) -> tuple[float, float]:
    """(CPU seconds used so far, resident MB) of a process."""
    return sum(cpu_split(pid)), rss_mb(pid)


def descendants(pid: int) -> list[int]:
    """The processes started by ``pid``, and by them."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError), open(f"/proc/{entry}/stat") as f:
                parents[int(entry)] = int(f.read().rsplit(")", 1)[1].split()[1])
    found: list[int] = []
    todo = [pid]
    while todo:
        parent = todo.pop()
        kids = [p for p, pp in parents.items() if pp == parent]
        found += kids
        todo += kids
    return found


Reading = tuple[float, float, float]  # (user s, system s, resident MB), summed


class Meter:
    """Some processes' CPU over a window (from `begin` to `end`) and their resident
    memory at its end, summed over those that can be read: one that has gone (a
    server killed on purpose) counts no more. ``measured`` is False when none could
    be read at either end."""

    def __init__(self, *pids: int) -> None:
        self.pids = pids
        self.before: Reading | None = None
        self.after: Reading | None = None
        self.t0 = 0.0
        self.elapsed = 0.0

    def read(self) -> Reading | None:
        user = system = rss = 0.0
        seen = False
        for pid in self.pids:
            try:
                u, s = cpu_split(pid)
                rss += rss_mb(pid)
            except OSError:
                continue
            user, system, seen = user + u, system + s, True
        return (user, system, rss) if seen else None

    def begin(self) -> None:
        self.before = self.read()
        self.t0 = time.perf_counter()

    def end(self) -> None:
        self.after = self.read()
        self.elapsed = time.perf_counter() - self.t0

    @property
    def measured(self) -> bool:
        return self.before is not None and self.after is not None and self.elapsed > 0

    @property
    def cpu(self) -> float:
        """CPU seconds over the window, user and system."""
        return self.user + self.system

    @property
    def user(self) -> float:
        return self._delta(0)

    @property
    def system(self) -> float:
        """The kernel's part of the CPU seconds over the window."""
        return self._delta(1)

    @property
    def cpu_pct(self) -> float:
        """CPU over the window, in % of one core."""
        return 100 * self.cpu / self.elapsed if self.elapsed > 0 else float("nan")

    @property
    def rss_mb(self) -> float:
        """Resident memory at the window's end."""
        return self.after[2] if self.after is not None else float("nan")

    def _delta(self, i: int) -> float:
        if self.before is None or self.after is None:
            return float("nan")
        return self.after[i] - self.before[i]
