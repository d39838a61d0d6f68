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


class RedisServer:
    def __init__(self, port: int | None = None, persist: bool = False) -> None:
        if port is None:
            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                port = s.getsockname()[1]
        self.port = port
        self.persist = persist
        self.dir = tempfile.mkdtemp(prefix="spieltisch-redis-")
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.start()

    def start(self) -> None:
        """Start (or start again, on the same port and data) the server."""
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
        self._wait()

    def _wait(self) -> None:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), 0.2) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def kill(self) -> None:
        """SIGKILL: an outage. Its data stays for ``start()`` (all of it if persisted)."""
        self.proc.kill()
        self.proc.wait(5)

    def stop(self) -> None:
        self.kill()
        shutil.rmtree(self.dir, ignore_errors=True)
