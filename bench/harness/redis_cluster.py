"""A real Redis Cluster for the tests and the benchmark: three masters and three
replicas (``redis-server --cluster-enabled yes``) on free loopback ports, joined with
``redis-cli --cluster create``, and killed at the end (or one node on purpose, to test
a failover).

Nothing is persisted: a master killed here is replaced by its replica, not restarted,
so its disk would not be read again; what keeps an acknowledged write is its replica's
copy (the cluster broker waits for it, server/broker/cluster.py). A node timeout of
one second makes a failover take about three seconds."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time

NODE_TIMEOUT_MS = 1000


def _free_port() -> int:
    # A cluster node also listens on its port + 10000 (the cluster bus): pick ports
    # whose bus port is free too.
    while True:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if port + 10000 > 65535:
            continue
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port + 10000))
            except OSError:
                continue
        return port


def _ask(port: int, *command: str) -> str:
    """One command through redis-cli (tests only: slow, but has no dependencies)."""
    done = subprocess.run(
        ["redis-cli", "-h", "127.0.0.1", "-p", str(port), *command],
        capture_output=True,
        text=True,
        timeout=5,
    )
    return done.stdout


def missing() -> str | None:
    """Why no cluster can be started here, or None."""
    for binary in ("redis-server", "redis-cli"):
        if shutil.which(binary) is None:
            return f"{binary} is not installed (apt-get install redis-server)"
    return None


class RedisCluster:
    def __init__(self, masters: int = 3, replicas: int = 1) -> None:
        why = missing()
        if why is not None:
            raise RuntimeError(why)
        self.dir = tempfile.mkdtemp(prefix="spieltisch-cluster-")
        self.ports = [_free_port() for _ in range(masters * (1 + replicas))]
        self.procs: dict[int, subprocess.Popen[bytes]] = {}
        try:
            for i, port in enumerate(self.ports):
                self.ports[i] = self._start_somewhere(port)
            subprocess.run(
                [
                    "redis-cli",
                    "--cluster",
                    "create",
                    *(f"127.0.0.1:{p}" for p in self.ports),
                    "--cluster-replicas",
                    str(replicas),
                    "--cluster-yes",
                ],
                check=True,
                capture_output=True,
                timeout=30,
            )
            self._wait_ok()
        except BaseException:
            self.stop()
            raise
        self.url = f"redis://127.0.0.1:{self.ports[0]}"

    def _start_somewhere(self, port: int, tries: int = 5) -> int:
        """Start a node on ``port``, or on another free one if that was taken meanwhile:
        between choosing a port and the node's binding it (and its bus port), another
        process's connection may take either (tests run side by side), and the node
        exits at once."""
        for _ in range(tries):
            if self._start(port):
                return port
            port = _free_port()
        raise RuntimeError("redis-server did not start")

    def _start(self, port: int) -> bool:
        self.procs[port] = proc = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(port),
                "--bind",
                "127.0.0.1",
                "--cluster-enabled",
                "yes",
                "--cluster-config-file",
                f"nodes-{port}.conf",
                "--cluster-node-timeout",
                str(NODE_TIMEOUT_MS),
                # The other shards serve on while one fails over (README: running it
                # for a club).
                "--cluster-require-full-coverage",
                "no",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                self.dir,
                "--logfile",
                f"redis-{port}.log",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                with socket.create_connection(("127.0.0.1", port), 0.2) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return True
            except OSError:
                time.sleep(0.05)
        proc.kill()
        proc.wait()
        del self.procs[port]
        return False

    def _wait_ok(self, timeout: float = 20) -> None:
        """Until every node says the cluster is ok and every replica has its master's
        data (a replica that never synced would not take over)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if all(self._ready(p) for p in self.ports):
                return
            time.sleep(0.1)
        raise RuntimeError("the cluster did not become ok")

    def _ready(self, port: int) -> bool:
        if "cluster_state:ok" not in _ask(port, "cluster", "info"):
            return False
        replication = _ask(port, "info", "replication")
        return "role:master" in replication or "master_link_status:up" in replication

    def live_url(self) -> str:
        """A URL of a node that is up (``url`` names the first, which may be killed)."""
        port = next(p for p, proc in self.procs.items() if proc.poll() is None)
        return f"redis://127.0.0.1:{port}"

    def masters(self) -> list[int]:
        """The ports of the live masters."""
        return [
            p
            for p, proc in self.procs.items()
            if proc.poll() is None and "role:master" in _ask(p, "info", "replication")
        ]

    def master_of(self, key: str, timeout: float = 10) -> int:
        """The port of the master that holds ``key``'s slot now. Asked again while no
        master claims it: with a node timeout of a second, a node slowed down by a busy
        machine can be failed over on its own, and a promotion read half before and half
        after (the old master a replica already, the new one not yet listed) finds none."""
        slot = int(_ask(self.ports[0], "cluster", "keyslot", key).strip())
        deadline = time.monotonic() + timeout
        while True:
            for p in self.masters():
                for line in _ask(p, "cluster", "nodes").splitlines():
                    parts = line.split()
                    if "myself" in parts[2] and "master" in parts[2]:
                        for span in parts[8:]:
                            lo, _, hi = span.partition("-")
                            if lo.isdigit() and int(lo) <= slot <= int(hi or lo):
                                return p
            if time.monotonic() > deadline:
                raise LookupError(key)
            time.sleep(0.1)

    def bus_publishes(self) -> tuple[int, int]:
        """The published messages the live nodes have received over the cluster bus so
        far, ordinary and sharded (``CLUSTER INFO``): an ordinary ``PUBLISH`` reaches
        every other node, a sharded one only the other nodes of its shard."""
        plain = sharded = 0
        for p, proc in self.procs.items():
            if proc.poll() is not None:
                continue
            for line in _ask(p, "cluster", "info").splitlines():
                name, _, value = line.strip().partition(":")
                if name == "cluster_stats_messages_publish_received":
                    plain += int(value)
                elif name == "cluster_stats_messages_publishshard_received":
                    sharded += int(value)
        return plain, sharded

    def replica_of(self, master: int) -> int:
        """The port of a live replica of the master ``master``."""
        master_id = _ask(master, "cluster", "myid").strip()
        for line in _ask(master, "cluster", "nodes").splitlines():
            parts = line.split()
            if parts[3] == master_id and "fail" not in parts[2]:
                return int(parts[1].split("@")[0].rsplit(":", 1)[1])
        raise LookupError(master)

    def kill(self, port: int) -> None:
        """SIGKILL one node."""
        self.procs[port].kill()
        self.procs[port].wait(5)

    def wait_failover(self, port: int, timeout: float = 15) -> None:
        """Until a replica has taken over the killed master ``port``'s slots: every
        live node sees all slots served again."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            alive = [p for p, proc in self.procs.items() if proc.poll() is None and p != port]
            if all(self._served_without(p, port) for p in alive):
                return
            time.sleep(0.1)
        raise RuntimeError("no replica took over")

    def _served_without(self, port: int, dead: int) -> bool:
        """``port`` knows ``dead`` has failed (not only suspects it) and sees every
        slot served."""
        for line in _ask(port, "cluster", "nodes").splitlines():
            parts = line.split()
            if f":{dead}@" in parts[1] and "fail" not in parts[2].split(","):
                return False
        return "cluster_slots_ok:16384" in _ask(port, "cluster", "info")

    def stop(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.kill()
                proc.wait(5)
        shutil.rmtree(self.dir, ignore_errors=True)
