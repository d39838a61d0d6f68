"""Server processes of a benchmark's own, each on a free loopback port: started, waited
for until they answer, read from /proc, and stopped with whatever they started.

`Process` runs any command that serves on the port it is given; `HallServer` is
``python -m server``. Both are context managers: leaving stops the process and removes
its log, when a temporary one was kept."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any, Self

from bots import procfs
from server.__main__ import HALL_PASSWORD_ENV

ROOT = Path(__file__).resolve().parents[2]
_METRIC = re.compile(r"^([a-z_]+)(\{[^}]*\})? (\S+)$")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Process:
    """``cmd``, serving on 127.0.0.1:``port``: ready once ``health`` answers over HTTP
    (or, with none, once the port takes a connection), within ``timeout`` seconds (else
    RuntimeError, naming it ``name``).
    ``started_in`` is the seconds from starting it to its first answer.

    Its output is discarded, or with ``log`` kept: True, in a temporary file (to count
    tracebacks in); a path, appended to that file."""

    def __init__(
        self,
        cmd: Sequence[str],
        port: int,
        *,
        health: str | None = None,
        timeout: float = 60.0,
        log: bool | str = False,
        cwd: Path | str | None = None,
        env: dict[str, str] | None = None,
        name: str = "the server",
    ) -> None:
        self.port = port
        self.http = f"http://127.0.0.1:{port}"
        self.log: IO[bytes] | None = None
        self.temporary = log is True
        if log is True:
            self.log = tempfile.NamedTemporaryFile(  # noqa: SIM115 (kept open for the process)
                prefix="bench-server-", suffix=".log", delete=False
            )
        elif log:
            self.log = open(log, "ab")  # noqa: SIM115
        out: Any = self.log if self.log is not None else subprocess.DEVNULL
        t0 = time.perf_counter()
        self.proc = subprocess.Popen(
            list(cmd), cwd=cwd or ROOT, env=env, stdout=out, stderr=subprocess.STDOUT
        )
        deadline = time.monotonic() + timeout
        while not self._answers(health):
            if self.proc.poll() is not None:
                said = f": {self.output()[-2000:]}" if self.log is not None else ""
                self.stop()
                raise RuntimeError(f"{name} exited at its start{said}")
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"{name} did not answer within {timeout:g} s")
            time.sleep(0.02)
        self.started_in = time.perf_counter() - t0

    def _answers(self, health: str | None) -> bool:
        try:
            if health is None:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
            else:
                with urllib.request.urlopen(self.http + health, timeout=1):
                    pass
        except OSError:
            return False
        return True

    @property
    def pid(self) -> int:
        return self.proc.pid

    def usage(self) -> tuple[float, float]:
        """(CPU seconds used so far, resident MB)."""
        return procfs.usage(self.pid)

    def rss_mb(self) -> float:
        """Its resident memory (VmRSS), in MB; NaN once it has gone."""
        try:
            return procfs.rss_mb(self.pid)
        except OSError:
            return float("nan")

    def cpu_s(self) -> float:
        """CPU seconds used so far; NaN once it has gone."""
        try:
            return sum(procfs.cpu_split(self.pid))
        except OSError:
            return float("nan")

    def output(self) -> str:
        """What it has printed so far, when its log is kept (the process writes the file
        itself)."""
        if self.log is None:
            return ""
        return Path(self.log.name).read_text(errors="replace")

    def kill(self) -> None:
        """SIGKILL, as a crash would end it."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        """Terminate it (kill it after 10 s), and whatever it started (a server's AI
        workers leave with it by themselves, but none must linger)."""
        if self.proc.poll() is None:
            children = procfs.descendants(self.pid)
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
            for pid in children:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGTERM)
        if self.log is not None:
            self.log.close()

    def remove_log(self) -> None:
        if self.temporary and self.log is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.log.name)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
        self.remove_log()


class HallServer(Process):
    """``python -m server`` on a free loopback port (or ``port``, to start again where
    one listened): keeping nothing (``data=":memory:"``) or its tables in ``data``, or
    one process of a hall on ``redis`` (or ``redis_cluster``, a node of a Redis Cluster).
    ``checkout`` runs another checkout's server
    (a directory of its sources) instead of this one's; ``module`` another module that
    runs the same server (bench/nullgame.py). A hall password set for the
    operator's own server does not lock the benchmark out."""

    def __init__(
        self,
        *,
        data: str = ":memory:",
        redis: str | None = None,
        redis_cluster: str | None = None,
        lease_ttl: float | None = None,
        loop: str | None = None,
        extra: Sequence[str] = (),
        port: int | None = None,
        log: bool | str = False,
        timeout: float = 60.0,
        checkout: str | None = None,
        module: str = "server",
    ) -> None:
        port = port or free_port()
        cmd = [sys.executable, "-m", module, "--host", "127.0.0.1", "--port", str(port)]
        cmd += ["--log-level", "warning"]
        if redis_cluster is not None:
            cmd += ["--redis-cluster", redis_cluster]
        else:
            cmd += ["--redis", redis] if redis is not None else ["--data", data]
        if lease_ttl is not None:
            cmd += ["--lease-ttl", f"{lease_ttl:g}"]
        if loop is not None:
            cmd += ["--loop", loop]
        env = {k: v for k, v in os.environ.items() if k != HALL_PASSWORD_ENV}
        if checkout is not None:
            env["PYTHONPATH"] = checkout
        self.url = f"ws://127.0.0.1:{port}/ws"
        super().__init__(
            [*cmd, *extra],
            port,
            health="/healthz",
            timeout=timeout,
            log=log,
            cwd=checkout,
            env=env,
        )

    def metrics(self) -> dict[str, float]:
        """Its /metrics by name and labels, e.g. ``spieltisch_rooms{status="waiting"}``."""
        with urllib.request.urlopen(self.http + "/metrics", timeout=10) as r:
            text = r.read().decode()
        out: dict[str, float] = {}
        for line in text.splitlines():
            match = _METRIC.match(line)
            if match:
                out[match.group(1) + (match.group(2) or "")] = float(match.group(3))
        return out

    async def ametrics(self) -> dict[str, float]:
        """/metrics without stalling the clients that share this event loop."""
        return await asyncio.to_thread(self.metrics)

    def tracebacks(self) -> int:
        """Tracebacks it printed (with ``log``): each begins with a line "Traceback (most
        recent call last):" (chained ones count once each)."""
        return sum(1 for line in self.output().splitlines() if line.startswith("Traceback"))

    def traceback_errors(self) -> Counter[str]:
        """The error that ended each traceback, by its type (``UnicodeDecodeError``)."""
        out = self.output().splitlines()
        found: Counter[str] = Counter()
        for i, line in enumerate(out):
            if line.startswith("Traceback"):
                end = _frames_end(out, i)
                if end < len(out):
                    found[out[end].split(":", 1)[0]] += 1
        return found

    def first_traceback(self, lines: int = 8) -> str:
        """The end of the first traceback it printed: the frames nearest the error, and
        the error itself."""
        out = self.output().splitlines()
        start = next((i for i, line in enumerate(out) if line.startswith("Traceback")), None)
        if start is None:
            return ""
        end = _frames_end(out, start)
        return "\n".join(out[max(start + 1, end - lines + 1) : end + 1])


def _frames_end(out: list[str], start: int) -> int:
    """The traceback's frames are indented; the error is the first line that is not."""
    end = start + 1
    while end < len(out) and (out[end].startswith(" ") or not out[end]):
        end += 1
    return end
