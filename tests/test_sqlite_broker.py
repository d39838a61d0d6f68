"""The SQLite broker's writer: the loop commits each write at once without a sync, a
write acknowledged is never lost when the process is killed, and the checkpointer
syncs the log within about a second and copies it into the database file now and
then, off the commits' path."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from server.broker import sqlite as sqlite_broker
from server.broker.sqlite import FILE_NAME, SYNC_EVERY, SqliteBroker
from tests.support.processes import ROOT

ROOMS = 40

# A child process: ROOMS tables appending at once, as fast as their writes are
# answered, printing each entry once its append has returned (acknowledged).
WRITER = f"""
import asyncio, sys
from server.broker.sqlite import SqliteBroker

async def table(broker, n):
    i = 0
    while True:
        await broker.append(f"log:{{n}}", f"{{n}}:{{i}}".encode())
        print(f"{{n}}:{{i}}", flush=True)
        i += 1

async def main():
    broker = SqliteBroker(sys.argv[1])
    await asyncio.gather(*(table(broker, n) for n in range({ROOMS})))

asyncio.run(main())
"""


def test_every_acknowledged_write_survives_the_process_killed_mid_batch(tmp_path: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(tmp_path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    acked: list[str] = []
    assert child.stdout is not None
    try:
        while len(acked) < 3000:  # many batches in, writes still under way
            line = child.stdout.readline()
            assert line, "the writer stopped by itself"
            acked.append(line.strip())
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        child.stdout.close()
    with sqlite3.connect(tmp_path / FILE_NAME) as db:
        kept = {entry.decode() for (entry,) in db.execute("SELECT entry FROM logs")}
        # Each log is whole: its indexes run from 0 without a gap.
        for log, n, top in db.execute("SELECT log, COUNT(*), MAX(idx) FROM logs GROUP BY log"):
            assert n == top + 1, log
    assert set(acked) <= kept


async def test_a_write_is_committed_at_once_without_waiting_for_the_loop(
    tmp_path: Path,
) -> None:
    # As the memory broker stores it: the move's answer waits neither for another
    # thread nor for the rest of the loop's turn (other tables' moves).
    broker = SqliteBroker(tmp_path)
    try:
        others: list[str] = []
        asyncio.get_running_loop().call_soon(others.append, "turn")
        assert await broker.append("log:a", b"move") == 0
        await broker.put("kept", b"1")
        assert others == []  # the loop did not turn meanwhile
        with sqlite3.connect(tmp_path / FILE_NAME) as db:  # and it is in the log
            assert db.execute("SELECT entry FROM logs").fetchall() == [(b"move",)]
            assert db.execute("SELECT value FROM keys").fetchall() == [(b"1",)]
    finally:
        await broker.close()


async def test_a_commit_waits_for_no_sync_of_the_disk(tmp_path: Path) -> None:
    # WAL at synchronous NORMAL: a COMMIT writes the log and returns; only checkpoints
    # sync. (At FULL every commit waited for the disk, the moves' tail on a busy one.)
    broker = SqliteBroker(tmp_path)
    try:
        assert broker._db.execute("PRAGMA synchronous").fetchone()[0] == 1
        assert broker._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        await broker.close()


async def test_the_log_is_synced_within_about_a_second_of_a_commit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A power cut may take back what is only written to the log, not synced: the
    # checkpointer syncs it every SYNC_EVERY seconds in which something was committed.
    synced: list[int] = []  # the inode of each file synced
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append(os.fstat(fd).st_ino)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    broker = SqliteBroker(tmp_path)
    try:
        log = (tmp_path / f"{FILE_NAME}-wal").stat().st_ino
        await broker.append("log:a", b"move")
        deadline = time.monotonic() + SYNC_EVERY * 3 + 2
        while log not in synced:
            assert time.monotonic() < deadline, "the log was not synced in time"
            await asyncio.sleep(0.05)
    finally:
        await broker.close()


async def test_the_checkpointer_copies_the_log_into_the_database_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite_broker, "CHECKPOINT_EVERY", 0.5)
    broker = SqliteBroker(tmp_path)
    try:
        await broker.append("log:a", b"move")
        await broker.put("kept", b"1")
        deadline = time.monotonic() + 10
        while True:
            # The database file alone, without its log: what a checkpoint has copied.
            alone = tmp_path / "alone"
            alone.mkdir(exist_ok=True)
            shutil.copyfile(tmp_path / FILE_NAME, alone / FILE_NAME)
            with sqlite3.connect(alone / FILE_NAME) as db:
                entries = db.execute("SELECT entry FROM logs").fetchall()
                keys = db.execute("SELECT value FROM keys WHERE key = 'kept'").fetchall()
            shutil.rmtree(alone)
            if entries == [(b"move",)] and keys == [(b"1",)]:
                break
            assert time.monotonic() < deadline, "not checkpointed in time"
            await asyncio.sleep(0.1)
    finally:
        await broker.close()


async def test_the_loop_commits_itself_no_other_thread_stands_between_a_write_and_its_answer(
    tmp_path: Path,
) -> None:
    # A write answered by another thread waits for that thread to be scheduled and to
    # get the interpreter from the busy loop: the tail of the moves on a busy machine.
    broker = SqliteBroker(tmp_path)
    committers: set[int] = set()

    def trace(sql: str) -> None:
        if sql == "COMMIT":
            committers.add(threading.get_ident())

    try:
        broker._db.set_trace_callback(trace)
        await asyncio.gather(*(broker.append(f"log:{n}", b"move") for n in range(20)))
        await broker.put("kept", b"1")
        assert committers == {threading.get_ident()}
    finally:
        broker._db.set_trace_callback(None)
        await broker.close()


async def test_the_loop_waits_for_the_checkpointer_without_blocking(tmp_path: Path) -> None:
    # While the checkpointer writes (holding the writing lock, in its thread), the loop
    # keeps its writes staged and goes on; they are committed once the lock is free.
    broker = SqliteBroker(tmp_path)
    held = threading.Event()
    released: list[float] = []

    def checkpointer() -> None:
        with broker._writing:
            held.set()
            time.sleep(0.5)
            released.append(time.monotonic())

    holder = threading.Thread(target=checkpointer)
    try:
        holder.start()
        assert await asyncio.to_thread(held.wait, 5)
        write = asyncio.create_task(broker.append("log:a", b"move"))
        later = asyncio.create_task(broker.append("log:a", b"next"))  # staged behind it
        gaps: list[float] = []
        while not write.done():
            before = time.monotonic()
            await asyncio.sleep(0.005)
            gaps.append(time.monotonic() - before)
        done = time.monotonic()
        assert await write == 0 and await later == 1
        assert released and done >= released[0]  # it waited for the lock...
        assert max(gaps) < 0.3  # ...while the loop went on
        with sqlite3.connect(tmp_path / FILE_NAME) as db:
            rows = db.execute("SELECT idx, entry FROM logs ORDER BY idx").fetchall()
            assert rows == [(0, b"move"), (1, b"next")]
    finally:
        holder.join()
        await broker.close()


async def test_the_log_file_shrinks_when_the_checkpointer_starts_it_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite_broker, "CHECKPOINT_EVERY", 0.5)
    monkeypatch.setattr(sqlite_broker, "LOG_KEEPS", 64 * 1024)
    broker = SqliteBroker(tmp_path)
    log = tmp_path / f"{FILE_NAME}-wal"
    try:
        for n in range(300):  # a page or more each: a log of over a megabyte
            await broker.put(f"state:{n}", bytes(5000))
        assert log.stat().st_size > 1024 * 1024
        deadline = time.monotonic() + 10
        while log.stat().st_size > 64 * 1024:
            assert time.monotonic() < deadline, "the log kept its size"
            await asyncio.sleep(0.1)
    finally:
        await broker.close()


async def test_the_log_is_begun_at_the_start_not_by_the_first_move(tmp_path: Path) -> None:
    # Writing an empty log's header syncs it: done while the hall starts, that sync
    # is no move's.
    for _ in range(2):  # a new database, and one that was closed (its log removed)
        broker = SqliteBroker(tmp_path)
        try:
            assert (tmp_path / f"{FILE_NAME}-wal").stat().st_size >= 32  # a header
            await broker.append("log:a", b"move")
        finally:
            await broker.close()


async def test_a_replaced_chat_line_is_replaced_on_disk(tmp_path: Path) -> None:
    broker = SqliteBroker(tmp_path)
    for line in (b"hi", b"ho", b"hi"):
        await broker.push_capped("hallchat", line, keep=10)
    assert await broker.replace_recent("hallchat", b"hi", b"HI")
    await broker.close()
    again = SqliteBroker(tmp_path)
    try:
        assert await again.recent("hallchat") == [b"HI", b"ho", b"hi"]
    finally:
        await again.close()
