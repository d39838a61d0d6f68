"""Worker processes for heavy work (AI decisions, replays), and their end.

They are started by a fork server, not by forking the hub: a child must not inherit
the hub's event loop and sockets.

A pool's worker waits for work on a pipe whose writing end it also holds (that is how
multiprocessing's queues travel), so it never reads an end of file when the hub dies:
a hub killed, or stopped before its pool was shut down, would leave its workers behind
for good. Each worker therefore watches the hub's process and leaves when it is gone.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor

WATCH_EVERY = 1.0  # seconds between a worker's looks at the hub


def pool(workers: int, preload: list[str]) -> ProcessPoolExecutor:
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(preload)
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=_watch,
        initargs=(os.getpid(),),
    )


def _watch(hub: int) -> None:
    threading.Thread(target=_until_gone, args=(hub,), name="hub-watch", daemon=True).start()


def _until_gone(hub: int) -> None:
    while True:
        time.sleep(WATCH_EVERY)
        try:
            os.kill(hub, 0)
        except ProcessLookupError:
            os._exit(0)  # the hub is gone: nobody is left to ask or to answer
        except PermissionError:
            pass  # it exists (under another user, after a reuse of its number)
