"""A table actor's mailbox (server/room/mailbox.py): its commands in the order they
came, a reader that waits on an empty box and wakes for the next one, and what is
left behind when the actor stops."""

from __future__ import annotations

import asyncio

from server.room.mailbox import Mailbox


async def test_commands_come_out_in_the_order_they_went_in() -> None:
    box: Mailbox[int] = Mailbox()
    for n in range(5):
        box.put(n)
    assert len(box) == 5
    assert [await box.get() for _ in range(5)] == [0, 1, 2, 3, 4]
    assert not box


async def test_a_reader_waits_on_an_empty_box_and_wakes_for_each_command() -> None:
    box: Mailbox[str] = Mailbox()
    got: list[str] = []

    async def reader() -> None:
        while (item := await box.get()) != "stop":
            got.append(item)

    task = asyncio.create_task(reader())
    await asyncio.sleep(0)
    assert not task.done()  # waiting: nothing came yet
    box.put("sit")
    await asyncio.sleep(0)
    assert got == ["sit"]
    box.put("act")
    box.put("act again")  # two before the reader runs: both, in order
    box.put("stop")
    await asyncio.wait_for(task, 1.0)
    assert got == ["sit", "act", "act again"]


async def test_a_reader_cancelled_while_waiting_leaves_the_box_usable() -> None:
    box: Mailbox[int] = Mailbox()
    task = asyncio.create_task(box.get())
    await asyncio.sleep(0)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    box.put(7)  # no waiter left to wake: kept for the next reader
    assert await asyncio.wait_for(box.get(), 1.0) == 7


async def test_what_is_left_is_taken_without_waiting() -> None:
    box: Mailbox[int | None] = Mailbox()
    assert box.take() is None
    box.put(1)
    box.put(None)
    assert box.take() == 1
    assert len(box) == 1  # the None sentinel is an item too
    assert box.take() is None
    assert len(box) == 0
