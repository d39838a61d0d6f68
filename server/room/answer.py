"""How the sender of a table's command learns what became of it.

Every command a person sends to a table (sit, stand, option, bot, start, act, resign)
gets exactly one answer: applied (an `ok` with the message's id, after the change it
made), or refused (an `error`). A command from a client of this process is answered on
its connection; one forwarded from another process, through that process (both in
inbox.py), and then only as its ticket allows (waiting.py). The table's own commands
(an AI move, a clock) are answered to nobody.
"""

from __future__ import annotations

from typing import Any, Protocol

from server.broker import Ticket


class Answer(Protocol):
    async def claim(self) -> bool:
        """Before a change that is not a logged move: whether to make it. A forwarded
        message whose asker has stopped waiting (and so has refused it) must change
        nothing."""
        ...

    def settles(self, v: int) -> Ticket | None:
        """For a move about to make version ``v``: the ticket its commit settles, with
        the answer it publishes; None when the sender is answered here."""
        ...

    def applied(self, v: int | None, *, again: bool = False, settled: bool = False) -> None:
        """The command took effect: ``v`` is the version a move made (one made before,
        when ``again``: the message was a resend); ``settled``: its commit answered."""
        ...

    def refused(self, code: str, message: str, args: dict[str, Any] | None = None) -> None:
        """The command changed nothing: an `error` with its code, its English message
        and the values a client may word it with."""
        ...

    def moved(self) -> None:
        """This process lost the table before it could handle the command."""
        ...

    def hold(self) -> None:
        """Before a move's patches go out: a sender of this process gets them and the
        answer in one write, at `release` (Connection.hold)."""
        ...

    def release(self) -> None: ...


class NoAnswer:
    """The table's own commands: nobody waits for them."""

    async def claim(self) -> bool:
        return True

    def settles(self, v: int) -> Ticket | None:
        return None

    def applied(self, v: int | None, *, again: bool = False, settled: bool = False) -> None:
        pass

    def refused(self, code: str, message: str, args: dict[str, Any] | None = None) -> None:
        pass

    def moved(self) -> None:
        pass

    def hold(self) -> None:
        pass

    def release(self) -> None:
        pass


NO_ANSWER = NoAnswer()
MOVED = "The table is moving to another server; try again."
