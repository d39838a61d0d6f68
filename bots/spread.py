"""A load generator spread over several OS processes, and the check of whether the
generator itself was the limit.

One Python process driving thousands of websocket clients can use most of a core, and
then the latency it measures is partly its own. `Spread` starts N worker processes
(the "spawn" context: the parent may have a running event loop and threads, which a
forked child would inherit half-alive), gives each a `Link` back to the parent, and
gathers what they send: one message of a kind from every worker ("ready", "result",
...), with "progress" messages handed to a callback as they come. A worker that raises
sends its traceback instead, and the parent raises it.

Each worker measures its own CPU time (``time.process_time`` over its measured
window): that is exact for the processes we start, whereas ``RUSAGE_CHILDREN`` would
also count the hall's own server processes when a benchmark starts those, and is only
known once a child has been waited for.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import queue
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Event
from typing import Any, Generic, TypeVar

BOUND_PCT = 80.0  # % of one core: past this a generator process may be what sets the pace
POLL = 0.5  # seconds between looks at the workers while waiting for a message
JOIN_TIMEOUT = 10.0  # seconds a finished worker may take to close its sockets and exit

Job = TypeVar("Job")
Message = tuple[int, str, Any]  # (worker index, kind, payload)


class WorkerFailed(RuntimeError):
    """A worker raised, exited without answering, or did not answer in time."""


@dataclass(frozen=True)
class Link:
    """A worker's end: its index, the queue to the parent, and the parent's start signal."""

    index: int
    messages: Queue[Message]
    start: Event

    def send(self, kind: str, payload: Any = None) -> None:
        self.messages.put((self.index, kind, payload))

    def wait_start(self, timeout: float) -> bool:
        """Block until the parent says go (False when it never did)."""
        return self.start.wait(timeout)


def _worker_main(target: Callable[[Link, Any], None], link: Link, job: Any) -> None:
    try:
        target(link, job)
    except BaseException:
        link.send("failed", traceback.format_exc())


class Spread(Generic[Job]):
    """N worker processes running ``target(link, job)``, one job each.

    Use as ``async with``: leaving waits for the workers to exit, and ends those that do
    not within a few seconds (only these processes, by their own handles)."""

    def __init__(
        self,
        target: Callable[[Link, Job], None],
        jobs: list[Job],
        on_progress: Callable[[int, Any], None] | None = None,
    ) -> None:
        context = multiprocessing.get_context("spawn")
        self._messages: Queue[Message] = context.Queue()
        self._start = context.Event()
        self._on_progress = on_progress
        self._received: dict[str, dict[int, Any]] = {}
        self._procs: list[BaseProcess] = [
            context.Process(
                target=_worker_main,
                args=(target, Link(i, self._messages, self._start), job),
                name=f"load-{i}",
                daemon=True,  # never outlive the parent, whatever happens to it
            )
            for i, job in enumerate(jobs)
        ]

    @property
    def pids(self) -> list[int | None]:
        return [p.pid for p in self._procs]

    async def __aenter__(self) -> Spread[Job]:
        for p in self._procs:
            p.start()
        return self

    async def __aexit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        # After a failure the others are ended at once: their figures are of no use, and
        # a worker still waiting for the start must not begin a run nobody reads.
        await asyncio.to_thread(self._join, 0.0 if kind is not None else JOIN_TIMEOUT)

    def _join(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        for p in self._procs:
            p.join(max(0.0, deadline - time.monotonic()))
        for p in self._procs:
            if p.is_alive():
                p.terminate()
                p.join(2.0)
        self._messages.close()  # the parent only read from it: nothing to flush

    def go(self) -> None:
        """Tell every worker waiting in `Link.wait_start` to begin."""
        self._start.set()

    async def gather(self, kind: str, timeout: float) -> list[Any]:
        """One ``kind`` message from every worker, in worker order."""
        deadline = time.monotonic() + timeout
        box = self._received.setdefault(kind, {})
        silent: set[int] = set()  # gone and not heard from in the last poll
        while len(box) < len(self._procs):
            if time.monotonic() > deadline:
                raise WorkerFailed(f"no {kind!r} from every load process in {timeout:.0f} s")
            try:
                message = await asyncio.to_thread(self._messages.get, True, POLL)
            except queue.Empty:
                silent = self._check_alive(box, silent)
                continue
            self._take(message)
        return [box[i] for i in range(len(self._procs))]

    def _take(self, message: Message) -> None:
        index, kind, payload = message
        if kind == "failed":
            raise WorkerFailed(f"load process {index} failed:\n{payload}")
        if kind == "progress":
            if self._on_progress is not None:
                self._on_progress(index, payload)
            return
        self._received.setdefault(kind, {})[index] = payload

    def _check_alive(self, box: dict[int, Any], silent: set[int]) -> set[int]:
        """Workers that exited without sending what is awaited. A worker's last messages
        are in the pipe before it exits, so one more empty poll makes sure of it."""
        gone = {i for i, p in enumerate(self._procs) if i not in box and p.exitcode is not None}
        dead = gone & silent
        if dead:
            codes = ", ".join(f"{i}: exit {self._procs[i].exitcode}" for i in sorted(dead))
            raise WorkerFailed(f"load processes exited without answering ({codes})")
        return gone


def available_cores() -> int:
    with contextlib.suppress(AttributeError, OSError):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def generator_bound(per_proc_pct: list[float], cores: int | None = None) -> str | None:
    """Why the figures may measure the load generator rather than the hall, or None.

    A generator process near a full core delays its own reading and sending, and that
    delay is counted as the hall's latency; so does a machine whose cores are all taken
    by the generator."""
    if not per_proc_pct:
        return None
    cores = cores or available_cores()
    busiest, total = max(per_proc_pct), sum(per_proc_pct)
    many = len(per_proc_pct) > 1
    if busiest >= BOUND_PCT:
        who = "a load process" if many else "the load process"
        advice = (
            "spread the clients over more --procs"
            if len(per_proc_pct) < cores
            else "use fewer tables, or a machine with more cores"
        )
        return (
            f"{who} used {busiest:.0f} % of a core: the figures may be generator-bound ({advice})"
        )
    if total >= BOUND_PCT * cores:
        return (
            f"the load processes used {total:.0f} % of {cores} cores: the figures may be "
            "generator-bound (the machine has no core left for the hall)"
        )
    return None
