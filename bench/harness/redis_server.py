"""A real redis-server for the tests: started on a free loopback port in a temporary
directory, and killed at the end (or on purpose, to test faults). It persists nothing
unless asked to; with ``persist=True`` it keeps an append-only file synced on every
write, as a production Redis should, so that ``kill()`` then ``start()`` is an outage
that loses nothing."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time

from bench.harness.servers import free_port


class RedisServer:
    def __init__(self, port: int | None = None, persist: bool = False) -> None:
        self.persist = persist
        self.dir = tempfile.mkdtemp(prefix="spieltisch-redis-")
        # A port chosen here may be taken by another process's connection before the
        # server binds it (tests run side by side): the server exits, and another is
        # chosen. A port given is kept.
        for _ in range(5 if port is None else 1):
            self.port = port if port is not None else free_port()
            self.url = f"redis://127.0.0.1:{self.port}/0"
            if self._started():
                return
        raise RuntimeError("redis-server did not start")

    def start(self) -> None:
        """Start (or start again, on the same port and data) the server."""
        if not self._started():
            raise RuntimeError("redis-server did not start")

    def _started(self) -> bool:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is not installed (apt-get install redis-server)")
        aof = ["--appendonly", "yes", "--appendfsync", "always"] if self.persist else []
        self.proc = subprocess.Popen(
            [
                binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                *aof,
                "--dir",
                self.dir,
                "--protected-mode",
                "yes",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and self.proc.poll() is None:
            try:
                with socket.create_connection(("127.0.0.1", self.port), 0.2) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return True
            except OSError:
                time.sleep(0.05)
        self.proc.kill()
        self.proc.wait(5)
        return False

    def kill(self) -> None:
        """SIGKILL: an outage. Its data stays for ``start()`` (all of it if persisted)."""
        self.proc.kill()
        self.proc.wait(5)

    def stop(self) -> None:
        self.kill()
        shutil.rmtree(self.dir, ignore_errors=True)
