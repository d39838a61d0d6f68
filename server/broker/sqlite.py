"""The durable embedded broker: one process, and everything it must not forget kept in a
SQLite database (Python's own ``sqlite3``, WAL mode) in the hall's data directory.

Reads are served from memory, as by the memory broker this builds on; the database is
read once, when the process starts. Every write goes to memory at once and to the
database through one writer thread, and the call returns only once the write is
committed: a move is acknowledged (published to anyone) only after it is on disk.
The writer commits whatever has queued up meanwhile in one transaction (group
commit), so a busy hall pays one sync for many tables' moves, and the event loop
never waits on the disk.

Kept: room logs, keys (sessions, tables' meta and saved states, with their expiry),
directories (the lobby), the archive of finished games and the capped lists named in
KEPT_LISTS (tables' and the hall's chat). Not kept: pub/sub, leases (one process owns everything) and
the capped backlogs of patches (a client coming back after a restart gets a snapshot).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import queue
import sqlite3
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from server.broker.base import BrokerUnavailable
from server.broker.memory import Archived, MemoryBroker

FILE_NAME = "hall.sqlite3"
APPLICATION_ID = 0x5350_5454  # "SPTT": marks the file as this hall's (PRAGMA application_id)
SCHEMA_VERSION = 1
BATCH = 1024  # writes committed in one transaction at most

_SCHEMA = """
CREATE TABLE logs (log TEXT NOT NULL, idx INTEGER NOT NULL, entry BLOB NOT NULL,
                   PRIMARY KEY (log, idx)) WITHOUT ROWID;
CREATE TABLE keys (key TEXT PRIMARY KEY, value BLOB NOT NULL, expires REAL) WITHOUT ROWID;
CREATE TABLE dirs (name TEXT NOT NULL, key TEXT NOT NULL, value BLOB NOT NULL,
                   PRIMARY KEY (name, key)) WITHOUT ROWID;
CREATE TABLE archive (id TEXT PRIMARY KEY, ended REAL NOT NULL, players TEXT NOT NULL,
                      summary BLOB NOT NULL, record BLOB NOT NULL);
CREATE INDEX archive_ended ON archive (ended);
"""
# Added after schema 1 was first written; created in older files of schema 1 too (a
# table more changes nothing an older hall reads), so the version stays 1.
_LISTS = """
CREATE TABLE IF NOT EXISTS lists (key TEXT NOT NULL, seq INTEGER NOT NULL,
                                  value BLOB NOT NULL, PRIMARY KEY (key, seq)) WITHOUT ROWID;
"""
# Also added later the same way: archive.listed (0: a private table's game, listed only
# for its players).
# Capped lists kept on disk, by the start of their key: a table's chat (keys.chat_key)
# and the hall's (keys.HALL_CHAT), one write per line said. The backlogs of patches are not: they would cost a write per
# audience on every move, and after a restart a client is sent a snapshot instead.
KEPT_LISTS = ("chat:", "hallchat")

Op = tuple[str, tuple[Any, ...]]


class DataError(Exception):
    """The data directory holds something this hall cannot use; it must not start."""


def open_database(path: Path) -> sqlite3.Connection:
    """Open (or create) the hall's database, refusing a file that is not one."""
    fresh = not path.exists() or path.stat().st_size == 0
    try:
        db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        if fresh:
            db.executescript(
                f"PRAGMA application_id = {APPLICATION_ID};"
                f"PRAGMA user_version = {SCHEMA_VERSION};" + _SCHEMA
            )
        app_id = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if app_id != APPLICATION_ID:
            raise DataError(
                f"{path}: a SQLite database of something else (application id {app_id:#x}), "
                "not this hall's; move it away or choose another --data directory"
            )
        if version != SCHEMA_VERSION:
            raise DataError(
                f"{path}: written by another version of the hall (schema {version}, "
                f"this one reads {SCHEMA_VERSION})"
            )
        check = db.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise DataError(f"{path}: the database is damaged ({check})")
        db.executescript(_LISTS)
        columns = {row[1] for row in db.execute("PRAGMA table_info(archive)")}
        if "listed" not in columns:
            db.execute("ALTER TABLE archive ADD COLUMN listed INTEGER NOT NULL DEFAULT 1")
        db.execute("PRAGMA journal_mode = WAL")
        # FULL: a commit is synced to disk, so an acknowledged move survives a power
        # cut too; the writer's group commit keeps that to one sync per batch.
        db.execute("PRAGMA synchronous = FULL")
    except sqlite3.DatabaseError as e:
        raise DataError(f"{path}: not a usable database ({e})") from None
    return db


class SqliteBroker(MemoryBroker):
    durable = True

    def __init__(self, directory: str | Path) -> None:
        super().__init__()
        self._seq: dict[str, int] = {}  # a kept list's last row number on disk
        folder = Path(directory)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise DataError(f"{folder}: cannot use it as the data directory ({e})") from None
        self.path = folder / FILE_NAME
        self._db = open_database(self.path)
        self._load()
        self._queue: queue.SimpleQueue[tuple[list[Op], concurrent.futures.Future[None]] | None]
        self._queue = queue.SimpleQueue()
        self._writer = threading.Thread(target=self._write_loop, name="sqlite-writer", daemon=True)
        self._writer.start()

    # --- start: everything back into memory -------------------------------------------

    def _load(self) -> None:
        db = self._db
        for log, entry in db.execute("SELECT log, entry FROM logs ORDER BY log, idx"):
            self._logs[log].append(entry)
        wall, mono = time.time(), self._clock()
        for key, value, expires in db.execute("SELECT key, value, expires FROM keys"):
            if expires is None:
                self._keys[key] = (value, None)
            elif expires > wall:
                self._keys[key] = (value, mono + (expires - wall))
        db.execute("DELETE FROM keys WHERE expires IS NOT NULL AND expires <= ?", (wall,))
        for name, key, value in db.execute("SELECT name, key, value FROM dirs"):
            self._dirs[name][key] = value
        for key, seq, value in db.execute("SELECT key, seq, value FROM lists ORDER BY key, seq"):
            self._lists[key].append(value)
            self._seq[key] = seq
        for game_id, ended, players, summary, record, listed in db.execute(
            "SELECT id, ended, players, summary, record, listed FROM archive"
        ):
            self._archive[game_id] = Archived(
                summary, record, ended, tuple(players.split()), bool(listed)
            )

    # --- the writer -------------------------------------------------------------------

    async def _write(self, ops: list[Op]) -> None:
        """Queue ``ops`` for the writer and wait until they are committed."""
        future: concurrent.futures.Future[None] = concurrent.futures.Future()
        self._queue.put((ops, future))
        await asyncio.wrap_future(future)

    def _write_loop(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            stop = False
            while len(batch) < BATCH:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stop = True
                    break
                batch.append(item)
            try:
                self._db.execute("BEGIN")
                for ops, _ in batch:
                    for sql, params in ops:
                        self._db.execute(sql, params)
                self._db.execute("COMMIT")
            except sqlite3.Error as e:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                for _, future in batch:
                    future.set_exception(BrokerUnavailable(f"{self.path}: {e}"))
            else:
                for _, future in batch:
                    future.set_result(None)
            if stop:
                return

    # --- writes: memory at once, the database before returning -------------------------

    async def append(self, log: str, entry: bytes) -> int:
        index = await super().append(log, entry)
        try:
            await self._write([("INSERT INTO logs VALUES (?, ?, ?)", (log, index, entry))])
        except BrokerUnavailable:
            self._logs[log].pop()  # not on disk: it did not happen
            raise
        return index

    async def delete_log(self, log: str) -> None:
        await super().delete_log(log)
        await self._write([("DELETE FROM logs WHERE log = ?", (log,))])

    async def put(self, key: str, value: bytes, ttl: float | None = None) -> None:
        await super().put(key, value, ttl)
        expires = None if ttl is None else time.time() + ttl
        await self._write([("REPLACE INTO keys VALUES (?, ?, ?)", (key, value, expires))])

    async def delete(self, key: str) -> None:
        await super().delete(key)
        self._seq.pop(key, None)
        await self._write(
            [
                ("DELETE FROM keys WHERE key = ?", (key,)),
                ("DELETE FROM lists WHERE key = ?", (key,)),
            ]
        )

    async def push_capped(self, key: str, value: bytes, keep: int) -> None:
        await super().push_capped(key, value, keep)
        if not key.startswith(KEPT_LISTS):
            return
        seq = self._seq[key] = self._seq.get(key, 0) + 1
        try:
            await self._write(
                [
                    ("INSERT INTO lists VALUES (?, ?, ?)", (key, seq, value)),
                    ("DELETE FROM lists WHERE key = ? AND seq <= ?", (key, seq - keep)),
                ]
            )
        except BrokerUnavailable:
            self._lists[key].pop()  # not on disk: it was not said
            raise

    async def dir_put(self, name: str, entries: Mapping[str, bytes]) -> None:
        await super().dir_put(name, entries)
        await self._write(
            [("REPLACE INTO dirs VALUES (?, ?, ?)", (name, k, v)) for k, v in entries.items()]
        )

    async def dir_delete(self, name: str, key: str) -> None:
        await super().dir_delete(name, key)
        await self._write([("DELETE FROM dirs WHERE name = ? AND key = ?", (name, key))])

    async def archive(
        self,
        game_id: str,
        summary: bytes,
        record: bytes,
        ended: float,
        players: Sequence[str],
        listed: bool = True,
    ) -> None:
        await super().archive(game_id, summary, record, ended, players, listed)
        await self._write(
            [
                (
                    "REPLACE INTO archive (id, ended, players, summary, record, listed) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, ended, " ".join(sorted(set(players))), summary, record, listed),
                )
            ]
        )

    async def close(self) -> None:
        await super().close()
        if self._writer.is_alive():
            self._queue.put(None)
            await asyncio.get_running_loop().run_in_executor(None, self._writer.join)
        self._db.close()
