"""Real server processes for the multi-process and restart tests: `python -m server`
started as a subprocess on a loopback port, sharing one Redis or keeping a data
directory."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Registers the test-only game, then serves exactly as `python -m server` does.
_LAUNCH = "from server import games; from tests.support import toy; games.register(toy.game); from server.__main__ import main; raise SystemExit(main())"


class ServerProcess:
    """With ``redis_url``, one process of a hall on Redis (``redis_cluster``: on a Redis
    Cluster, any node's URL); without, a hall of its own
    that keeps its tables in ``data`` (``:memory:`` by default). ``port`` starts it
    where an earlier process listened (a restart)."""

    def __init__(
        self,
        redis_url: str | None = None,
        lease_ttl: float = 1.0,
        data: str = ":memory:",
        port: int | None = None,
        answer_within: float | None = None,
        redis_cluster: str | None = None,
    ) -> None:
        if port is None:
            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                port = s.getsockname()[1]
        self.port = port
        where = ["--redis", redis_url] if redis_url else ["--data", data]
        if redis_cluster:
            where = ["--redis-cluster", redis_cluster]
        if answer_within is not None:
            where += ["--answer-within", str(answer_within)]
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-c",
                _LAUNCH,
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                *where,
                "--lease-ttl",
                str(lease_ttl),
                "--bot-delay",
                "0",
                "--ai-budget",
                "0.02",
                "--log-level",
                "warning",
            ],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.DEVNULL,
            stderr=open(os.environ.get("SPIELTISCH_SERVER_LOG", os.devnull), "ab"),  # noqa: SIM115
        )
        self.url = f"ws://127.0.0.1:{self.port}/ws"
        self.http = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server process exited ({self.proc.returncode})")
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the server process did not start")

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(5)

    def pause(self) -> None:
        self.proc.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        self.proc.send_signal(signal.SIGCONT)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGCONT)
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
