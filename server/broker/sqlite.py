"""The durable embedded broker: one process, and everything it must not forget kept in a
SQLite database (Python's own ``sqlite3``, WAL mode) in the hall's data directory.

Reads are served from memory, as by the memory broker this builds on; the database is
read once, when the process starts. Every write goes to memory at once and to the
database before the call returns: a move is acknowledged (published to anyone) only
once it is committed to the database's log (WAL), where it survives the process being
killed. The loop commits each write itself, in a transaction that writes the log and
waits for no sync. A checkpointer thread syncs the log every second (a power cut takes
back at most about the last second) and now and then copies it into the database
file, off the moves' path (see ``_write``).

Kept: room logs, keys (sessions, tables' meta and saved states, with their expiry),
directories (the lobby), the archive of finished games and the capped lists named in
KEPT_LISTS (tables' and the hall's chat). Not kept: pub/sub, leases (one process owns everything) and
the capped backlogs of patches (a client coming back after a restart gets a snapshot).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import sqlite3
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from server.broker.base import BrokerUnavailable
from server.broker.memory import Archived, MemoryBroker

FILE_NAME = "hall.sqlite3"
LOCK_NAME = "hall.lock"  # held by the process that serves the directory (hold_directory)
APPLICATION_ID = 0x5350_5454  # "SPTT": marks the file as this hall's (PRAGMA application_id)
SCHEMA_VERSION = 1
BATCH = 1024  # writes committed in one transaction at most
SYNC_EVERY = 1.0  # seconds between syncs of the log: the most a power cut may take back
# Seconds between checkpoints. Rare on purpose: the first commit after a checkpoint
# that caught up starts the log over and syncs its header, a sync a batch then waits for.
CHECKPOINT_EVERY = 30.0
# Bytes the log file keeps when it starts over: a busy hall writes some 4 MB of it a
# second (a page per table per commit), and an idle one need not keep that much.
LOG_KEEPS = 16 * 1024 * 1024
RETRY = 0.001  # seconds before the loop tries again to commit while the checkpointer writes

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
Batch = list[tuple[list[Op], "asyncio.Future[None]"]]


class DataError(Exception):
    """The data directory holds something this hall cannot use; it must not start."""


class DirectoryInUse(DataError):
    """Another process, a running hall, holds the data directory (hold_directory)."""


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
        # NORMAL: a commit is written to the log (WAL) but not synced, so an
        # acknowledged move survives the process dying however it dies (the log is in
        # the system's hands); the checkpointer syncs the log every SYNC_EVERY
        # seconds, the most of it that a power cut may take back. Syncing each commit
        # (FULL) put the disk's slowest syncs, tens or hundreds of milliseconds on a
        # shared machine, into the moves' tail.
        db.execute("PRAGMA synchronous = NORMAL")
        # Checkpoints are the checkpointer thread's, never a commit's.
        db.execute("PRAGMA wal_autocheckpoint = 0")
    except sqlite3.DatabaseError as e:
        raise DataError(f"{path}: not a usable database ({e})") from None
    return db


def hold_directory(directory: str | Path) -> int:
    """Hold the data directory for this process, or DataError when another process
    holds it: a hall reads its database once and then serves from memory, so a second
    hall, or a tool writing beside a running one, would go unseen and be overwritten.
    Returns the lock's file descriptor; the lock lasts until it is closed or the process
    ends (however it ends: the system lets go of it)."""
    folder = Path(directory)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(folder / LOCK_NAME, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    except OSError as e:
        raise DataError(f"{folder}: cannot use it as the data directory ({e})") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise DirectoryInUse(f"{folder}: a hall is running on this data directory") from None
    return fd


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
        # The first commit into an empty log writes its header and syncs it: let that
        # be now, at the start, rather than the first move's on the loop.
        self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        self._staged: Batch = []  # writes waiting while the checkpointer writes
        self._flush_soon = False  # a _flush of the staged writes is scheduled
        self._committed_count = 0  # transactions committed
        # Held while writing to the database: by the loop (never waiting for it) or by
        # the checkpointer starting the log over.
        self._writing = threading.Lock()
        self._closing = threading.Event()
        self._checkpointer = threading.Thread(
            target=self._checkpoint_loop, name="sqlite-checkpoint", daemon=True
        )
        self._checkpointer.start()

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
        """Commit ``ops`` before returning. At synchronous NORMAL a COMMIT writes the
        log and waits for no sync (see ``open_database``), a fraction of a millisecond,
        so the loop commits each write itself, at once, as the memory broker stores
        it: no thread stands between a move and its answer (handing writes to a
        writer thread and back made every move wait for that thread to be scheduled
        and to get the interpreter from the busy loop, most of the tail), and the move
        does not wait for the rest of the loop's turn either. The one commit that
        would sync, the first into a log started over after a checkpoint, is the
        checkpointer's own, made holding ``_writing``: while it does, writes are staged
        and committed together a moment later, in order, and the loop goes on."""
        if not self._staged and self._writing.acquire(blocking=False):
            try:
                error = self._commit([ops])
            finally:
                self._writing.release()
            if error is not None:
                raise error
            return
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._staged.append((ops, future))
        if not self._flush_soon:
            self._flush_soon = True
            loop.call_later(RETRY, self._flush, loop)
        await future

    def _commit(self, batch: list[list[Op]]) -> BrokerUnavailable | None:
        """One transaction of these writes (the caller holds ``_writing``)."""
        try:
            self._db.execute("BEGIN")
            for ops in batch:
                for sql, params in ops:
                    self._db.execute(sql, params)
            self._db.execute("COMMIT")
        except sqlite3.Error as e:
            with contextlib.suppress(sqlite3.Error):
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
            return BrokerUnavailable(f"{self.path}: {e}")
        self._committed_count += 1
        return None

    def _flush(self, loop: asyncio.AbstractEventLoop) -> None:
        """On the event loop: commit what was staged while the checkpointer wrote, in
        one transaction, once it is done; until then, try again a moment later."""
        if not self._writing.acquire(blocking=False):
            loop.call_later(RETRY, self._flush, loop)
            return
        try:
            batch, self._staged = self._staged[:BATCH], self._staged[BATCH:]
            error = self._commit([ops for ops, _ in batch])
        finally:
            self._writing.release()
        for _, future in batch:
            if future.done():  # its writer was cancelled; the write stands or fails alike
                continue
            if error is None:
                future.set_result(None)
            else:
                future.set_exception(error)
        if self._staged:  # more than BATCH were staged
            loop.call_soon(self._flush, loop)
        else:
            self._flush_soon = False

    def _checkpoint_loop(self) -> None:
        """The checkpointer thread, on a connection of its own. Every SYNC_EVERY
        seconds in which something was committed, it syncs the log, so a commit is on
        disk within that time even after a power cut (a commit itself is not synced).
        Every CHECKPOINT_EVERY seconds it copies the log into the database file (a
        checkpoint, which syncs both) and starts the log over, so that it does not
        grow: the first commit into a log started over syncs the log's new header, and
        it is the checkpointer's own, a write of the schema version (unchanged), not a
        move's."""
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        log_fd: int | None = None
        synced = 0
        checkpointed, copied = time.monotonic(), 0
        try:
            db.execute("PRAGMA busy_timeout = 1000")
            db.execute("PRAGMA synchronous = NORMAL")
            # Applied by the connection that starts the log over: this one.
            db.execute(f"PRAGMA journal_size_limit = {LOG_KEEPS}")
            while not self._closing.wait(SYNC_EVERY):
                count = self._committed_count
                with contextlib.suppress(OSError, sqlite3.Error):
                    if time.monotonic() - checkpointed >= CHECKPOINT_EVERY and count != copied:
                        checkpointed = time.monotonic()
                        # While the loop waits: a commit of its in between could be
                        # the one that starts the log over, and sync on the loop.
                        with self._writing:
                            count = self._committed_count
                            db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                        synced = copied = count
                    elif count != synced:
                        if log_fd is None:
                            # Opened once: the log is the same file for as long as
                            # the hall's connection is open.
                            log_fd = os.open(f"{self.path}-wal", os.O_RDWR)
                        os.fsync(log_fd)
                        synced = count
        finally:
            if log_fd is not None:
                os.close(log_fd)
            db.close()

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

    async def replace_recent(self, key: str, old: bytes, new: bytes) -> bool:
        if not await super().replace_recent(key, old, new):
            return False
        if key.startswith(KEPT_LISTS):
            try:
                await self._write(
                    [
                        (
                            "UPDATE lists SET value = ? WHERE key = ? AND seq = (SELECT seq "
                            "FROM lists WHERE key = ? AND value = ? ORDER BY seq LIMIT 1)",
                            (new, key, key, old),
                        )
                    ]
                )
            except BrokerUnavailable:
                await super().replace_recent(key, new, old)  # not on disk: as it was
                raise
        return True

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
        while self._staged or self._flush_soon:
            await asyncio.sleep(RETRY)  # what was written before goes in first
        if self._checkpointer.is_alive():
            self._closing.set()
            await asyncio.get_running_loop().run_in_executor(None, self._checkpointer.join)
        self._db.close()  # the last connection: it checkpoints the log into the file
