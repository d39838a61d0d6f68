"""The room actor: one asyncio task per table owns its state and a mailbox.

Everything that changes a table (sit, stand, option, bot, start, act, an AI move) is a
command in the mailbox, handled one at a time, so a table never sees two changes
interleave. A move goes: the game checks and applies it, the ledger writes it to the
log and, only then, publishes each audience's patch (ledger.py); the announcer tells
the lobby and the members when the table itself changed (announcer.py). Each command's
sender gets one answer, applied or refused (answer.py); a move carries its sender's
message id into the log, so that a resend is answered, never applied twice
(receipts.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Collection
from typing import Any

import msgspec

from protocol.messages import Status
from server import archive
from server.ai.thinker import Thinker
from server.broker import Broker, BrokerUnavailable, LeaseLost, TicketClosed
from server.events import RoomInfo
from server.games.base import Game, IllegalIntent, Result, read_intent
from server.keys import Audience
from server.metrics import Metrics
from server.room.announcer import Announcer
from server.room.answer import NO_ANSWER, Answer
from server.room.bots import Bots
from server.room.ledger import META_TTL, Deliver, Ledger
from server.room.mailbox import Mailbox
from server.room.privacy import Lock
from server.room.receipts import fingerprint
from server.room.record import FORMER, LogAct, LogStart, RoomMeta, decode_log
from server.room.table import Table
from server.sessions import Player

# Told of a finished game once it is archived (the hall rates it).
OnArchived = Callable[["archive.Record"], Awaitable[Any]]  # a string: archive imports room
# Opens a table to play again like this one, for this player (rotated or not): its id.
OpenRematch = Callable[["Room", Player, bool], Awaitable[str]]
# Told that it became a person's move at a turn-based table: (player id, table id).
OnTurn = Callable[[str, str], None]

log = logging.getLogger("spieltisch.room")
_encode = msgspec.msgpack.Encoder().encode


class Room:
    def __init__(
        self,
        room_id: str,
        game: Game,
        options: msgspec.Struct,
        host: Player,
        broker: Broker,
        metrics: Metrics,
        bot_delay: float,
        on_change: Callable[[Room], None],
        node: str = "local",
        on_lost: Callable[[Room], None] | None = None,
        thinker: Thinker | None = None,
        away_grace: float = 60.0,
        on_part: Callable[[Room], None] | None = None,
        on_archived: OnArchived | None = None,
        open_rematch: OpenRematch | None = None,
        on_turn: OnTurn | None = None,
        deliver: Deliver | None = None,
    ) -> None:
        self.id = room_id
        self.game = game
        self.broker = broker
        self.metrics = metrics
        self.node = node
        self.on_change = on_change
        self.on_lost = on_lost
        self.on_part = on_part  # after a player's connection left, the table changed or not
        self.on_archived = on_archived  # a finished game, once archived (its rating)
        self.open_rematch = open_rematch  # a new table like this one: its id
        self.on_turn = on_turn  # a person's move came at a turn-based table
        self.away_grace = away_grace  # seconds a player may be away on their turn
        self.table = Table(room_id, game, options, host.id)
        self.table.host_name = host.name or None
        self.ledger = Ledger(room_id, game, broker, node, deliver)
        self.announcer = Announcer(self.table, broker, lambda: self.ledger.version)
        self.bots = Bots(room_id, self.table, bot_delay, self._submit_own, thinker)
        self.mailbox: Mailbox[tuple[Any, ...] | None] = Mailbox()
        self.task = asyncio.create_task(self._run(), name=f"room-{room_id}")
        self._event("created", game=game.name, host=host.id)

    # --- what others read -----------------------------------------------------------

    @property
    def status(self) -> Status:
        return self.table.status

    @property
    def options(self) -> msgspec.Struct:
        return self.table.options

    @property
    def state(self) -> Any:
        return self.ledger.state

    @property
    def version(self) -> int:
        return self.ledger.version

    @property
    def views(self) -> dict[Audience, dict[str, Any]]:
        return self.ledger.views

    @property
    def log_key(self) -> str:
        return self.ledger.log_key

    def seat_of(self, player_id: str) -> int | None:
        return self.table.seat_of(player_id)

    @property
    def host(self) -> str | None:
        return self.table.host

    @property
    def lock(self) -> Lock:
        return self.table.lock

    def audiences(self) -> list[Audience]:
        return [*range(len(self.table.seats)), None]

    def info(self) -> RoomInfo:
        return self.table.info()

    def directory(self) -> bytes:
        return self.announcer.directory()

    def snapshot(self, audience: Audience) -> bytes:
        return self.ledger.snapshot(audience)

    def patches_since(self, audience: Audience, v: int) -> list[bytes] | None:
        return self.ledger.patches_since(audience, v)

    # --- presence (no mailbox: it changes nothing the game sees) -------------------

    def join(self, player_id: str, name: str | None = None) -> None:
        """A connection of a player arrived; ``name`` is the one they go by now (a
        player who renamed themselves is shown so in their seat)."""
        renamed = name is not None and self.table.rename(player_id, name)
        if self.table.join(player_id) or renamed:
            clock = self.table.clock
            if clock.paused and not self.table.everyone_away():
                clock.resume(time.time())
                self._arm_clock()
            self.changed()
            # The AI waits while nobody plays (Bots.schedule): someone is back.
            self.bots.schedule(self.game, self.state, self.version)

    def forget_player(self, player_id: str, name: str) -> None:
        """A deleted account (table.py, `Table.forget`): its seat is called ``name``
        from now on, or given up before the start."""
        if self.table.forget(player_id, name):
            self.changed()
            if self.status == "playing":
                self.bots.schedule(self.game, self.state, self.version)

    def part(self, player_id: str, keep_seat: bool) -> None:
        if self.table.part(player_id, keep_seat):
            if self.status == "playing" and self.table.everyone_away():
                self.table.clock.pause(time.time())
            self.changed()
            if self.status == "playing" and self.table.everyone_left():
                self._submit_own("abandon", "left")
            else:
                self._watch_away()
                # A player who left on purpose: the AI takes their seat at once.
                self.bots.schedule(self.game, self.state, self.version)
        if self.on_part is not None:
            self.on_part(self)

    def empty(self) -> bool:
        return self.table.empty()

    def changed(self) -> None:
        """The table changed: tell the hall, then the lobby and the members."""
        self.on_change(self)
        self.announcer.changed()

    # --- taken over from another process --------------------------------------------

    def restore(self, meta: RoomMeta, entries: list[bytes], saved: bytes | None = None) -> None:
        """Take a table over from its meta, its latest saved state (if any) and the
        log entries after it (the previous owner is gone, or the hall restarted)."""
        self.table.restore(meta)
        self.ledger.keep = self.table.clock.keep_for(META_TTL)
        self.ledger.restore(entries, saved)
        if self.ledger.state is not None:
            self.ledger.begin(self.ledger.state, self.ledger.version, self.audiences())
            if self.status == "playing" and self.game.result(self.state) is not None:
                self.table.status = "finished"
        elif self.status != "waiting":
            self.table.status = "waiting"  # it never got as far as a start record
        if not self.ledger.receipts.complete:
            # The moves before the saved state, for telling resends: before anything else.
            self._submit_own("recall", None)
        self._event("restored", node=self.node, version=self.version, status=self.status)

    def forget_deleted(self, gone: Collection[str]) -> None:
        """After `restore`, before `resume`: ``gone`` are the player ids of deleted
        accounts. A deletion this table's owner did not hear of (the hall was stopped,
        or the table between owners) is done here, as `forget_player` does it; `resume`
        announces the table as it is then."""
        for player in self.table.people().intersection(gone):
            self.table.forget(player, FORMER)

    async def store_views(self) -> None:
        if self.status != "waiting":
            await self.ledger.store_views()

    def resume(self) -> None:
        """After a takeover: announce the table and let its AI players go on; a game
        that ended under the last owner is archived unless it was."""
        self.changed()
        if self.ledger.state is not None and self.game.result(self.state) is not None:
            self._submit_own("archive_check", None)
        self.bots.schedule(self.game, self.state, self.version)
        self._watch_away()
        self._arm_clock()

    # --- the mailbox ----------------------------------------------------------------

    def submit(self, kind: str, player: Player | None, msg: Any, answer: Answer) -> None:
        self.mailbox.put((kind, player, msg, answer, time.perf_counter()))

    def _submit_own(self, kind: str, payload: Any) -> None:
        """The table's own commands: an AI seat's turn, and its decision."""
        self.submit(kind, None, payload, NO_ANSWER)

    async def close(self) -> None:
        self.bots.close()
        self.mailbox.put(None)
        await self.task
        await self.announcer.close()
        # Its parts call back into the room (bound methods, a closure): reference
        # cycles, which the hall leaves to reference counting (server/collector.py).
        # A closed table's state, views and backlogs go as soon as nobody holds it.
        final = self.ledger.version
        self.announcer.version = lambda: final
        self.bots.detach()

    async def _run(self) -> None:
        try:
            while True:
                cmd = await self.mailbox.get()
                if cmd is None:
                    return
                if not await self._handle(*cmd):
                    return
        finally:
            # Commands left behind by an actor that lost its table: their senders are
            # told so (a forwarded one is left to its asker, which sends it on).
            while self.mailbox:
                left = self.mailbox.take()
                if left is not None:
                    left[3].moved()

    async def _handle(self, kind: str, player: Any, msg: Any, answer: Answer, t0: float) -> bool:
        """One command; False when the actor must stop (the table has moved)."""
        try:
            if kind == "act":
                await self._on_act(player, msg, t0, answer)
                return True
            if not await answer.claim():
                return True  # its asker stopped waiting, and told its sender so
            await getattr(self, f"_on_{kind}")(player, msg, t0)
            if answer is not NO_ANSWER:
                # Done once the members are told of the change (the `room` comes first).
                self.announcer.then(lambda: answer.applied(None))
        except IllegalIntent as e:
            if kind == "act":
                self.metrics.intents_refused[e.code] += 1
            answer.refused(e.code, e.message, e.values)
        except TicketClosed:
            pass  # its asker stopped waiting, and told its sender so; nothing was done
        except LeaseLost:
            # Another process owns this table now: this actor must not act again.
            answer.moved()
            self._event("lease_lost", node=self.node)
            if self.on_lost is not None:
                self.on_lost(self)
            return False
        except Exception:
            # A bug must not take the table down: refuse the command and go on.
            log.exception("room %s: %s failed", self.id, kind)
            answer.refused(
                "internal_error", "The server could not handle that; nothing was changed."
            )
        return True

    async def _on_recall(self, player: None, msg: None, t0: float) -> None:
        with contextlib.suppress(IllegalIntent):
            await self._recall()

    async def _recall(self) -> None:
        """Read the whole log for the moves a rebuild from a saved state skipped, so
        that a resend of one of them is still known (receipts.py)."""
        try:
            entries = await self.broker.read_log(self.log_key)
        except BrokerUnavailable:
            raise IllegalIntent(
                "unavailable", "The hall's storage is unreachable; try again."
            ) from None
        self.ledger.receipts.relearn(entries)

    # --- before the start -----------------------------------------------------------

    async def _on_sit(self, player: Player, msg: Any, t0: float) -> None:
        seat = self.table.sit(player.id, player.name, msg.seat)
        if seat is not None:
            self._event("sit", player=player.id, seat=seat)
            self.changed()

    async def _on_stand(self, player: Player, msg: Any, t0: float) -> None:
        seat = self.table.stand(player.id)
        self._event("stand", player=player.id, seat=seat)
        self.changed()

    async def _on_option(self, player: Player, msg: Any, t0: float) -> None:
        self.table.set_option(player.id, msg.key, msg.value)
        self._event("option", key=msg.key, value=msg.value)
        self.changed()

    async def _on_bot(self, player: Player, msg: Any, t0: float) -> None:
        if self.status == "playing":
            seat = self.table.hand_to_ai(player.id, msg.seat)
            self._event("standin", seat=seat, why="host")
            self.changed()
            self.bots.schedule(self.game, self.state, self.version)
            return
        seat = self.table.add_bot(player.id, msg.seat, msg.level)
        self._event("bot", seat=seat, level=msg.level)
        self.changed()

    async def _on_start(self, player: Player, msg: Any, t0: float) -> None:
        seated = self.table.close_up(player.id)
        seed = secrets.randbits(62)
        state = self.game.setup(len(seated), self.options, seed)
        start = LogStart(
            game=self.game.name,
            options=msgspec.to_builtins(self.options),
            seats=len(seated),
            seed=seed,
        )
        await self.ledger.append(_encode(start))
        self.table.seats = list(seated)
        self.table.kept.clear()  # who has not come to a rematch by now plays no more
        self.table.status = "playing"
        self.table.started = time.time()
        self.ledger.begin(state, 0, self.audiences())
        if self.bots.thinker is not None and any(s.bot for s in seated):
            self.bots.thinker.warm()
        self.ledger.keep = self.table.clock.keep_for(META_TTL)
        came = self.table.clock.start(len(seated), self.game.active(state), time.time())
        self._arm_clock()
        self._turns_came(came)
        self._event("start", seats=len(seated), seed=seed)
        await self.store_views()
        self.changed()
        self.bots.schedule(self.game, self.state, self.version)

    # --- playing --------------------------------------------------------------------

    async def _on_archive_check(self, player: None, payload: None, t0: float) -> None:
        """The last owner may have died between the game's last move and its archive,
        or between the archive and what follows it."""
        result = self.game.result(self.state)
        if result is None and not self.table.abandoned:
            return
        entries = await self.broker.read_log(self.log_key)
        start = decode_log(entries[0])
        assert isinstance(start, LogStart)
        kept = await self.broker.archived(archive.game_id(self.id, start))
        if kept is None:
            await self._archive(result)
        elif self.on_archived is not None:
            # Archived, but the last owner may have died before the steps after it (the
            # rating, the pushes): the hall takes each of them once (hall.py).
            try:
                await self.on_archived(archive.decode_record(kept))
            except BrokerUnavailable:
                log.error('{"event": "room.rating_failed", "room": "%s"}', self.id)

    async def _on_abandon(self, player: None, why: str, t0: float) -> None:
        """Every person has left or resigned (``left``), or stayed away for the hall's
        wait (``away``): the game stops where it is and is archived as abandoned, with
        no result and no rating, rather than played on by the AI for nobody."""
        table = self.table
        if table.status != "playing":
            return
        if not (table.everyone_left() if why == "left" else table.everyone_away()):
            return  # someone came back meanwhile
        table.status = "finished"
        table.abandoned = True
        table.clock.pause(time.time())
        self.bots.close()
        self._event("abandoned", why=why, version=self.version)
        await self._archive(None)
        self.changed()

    async def abandon(self) -> None:
        """The hall's wait for a game everyone stayed away from is over (tables.py):
        abandon it, and return once that is archived and told."""
        self._submit_own("abandon", "away")
        told = asyncio.get_running_loop().create_future()
        self._submit_own("told", told)
        await told

    async def _on_told(self, player: None, told: asyncio.Future[None], t0: float) -> None:
        """Resolve ``told`` once every change so far is stored and told."""

        def done() -> None:
            if not told.done():
                told.set_result(None)

        self.announcer.then(done)

    async def _on_rematch(self, player: Player, msg: Any, t0: float) -> None:
        """Play again: a new table like this one (tables.py opens it); everyone here is
        told its id. Opened once: asked again, it stands."""
        table = self.table
        if table.status != "finished":
            raise IllegalIntent("not_finished", "The game is not over yet.")
        if table.seat_of(player.id) is None:
            raise IllegalIntent("not_seated", "Only the players of this game may play again.")
        if table.rematch is not None or self.open_rematch is None:
            return
        table.rematch = await self.open_rematch(self, player, msg.rotate)
        self._event("rematch", table=table.rematch, by=player.id)
        self.changed()

    async def _on_resign(self, player: Player, msg: Any, t0: float) -> None:
        seat = self.table.resign(player.id)
        self._event("resign", seat=seat, player=player.id)
        self.changed()
        if self.table.everyone_left():
            await self._on_abandon(None, "left", t0)
            return
        self.bots.schedule(self.game, self.state, self.version)

    def _arm_clock(self) -> None:
        """Look again when the first bank of a person on turn runs out."""
        clock = self.table.clock
        if not clock.on or clock.paused or self.status != "playing":
            return
        now = time.time()
        waits = [clock.left(s, now) for s in clock.running if not self.table.plays_ai(s)]
        if waits:
            asyncio.get_running_loop().call_later(
                min(waits), self._submit_own, "clock_check", self.version
            )

    def _turns_came(self, seats: list[int]) -> None:
        """Tell the hall whose move it became at a turn-based table (notifications)."""
        table = self.table
        if self.on_turn is None or not table.clock.turn_based or self.status != "playing":
            return
        for seat in seats:
            taken = table.seats[seat]
            if taken is not None and not table.plays_ai(seat):
                try:
                    self.on_turn(taken.player, self.id)
                except Exception:
                    log.exception("room %s: on_turn failed", self.id)

    async def _on_clock_check(self, player: None, version: int, t0: float) -> None:
        """A seat whose time ran out: the AI makes this move for it; for a person who
        is away, every move until they come back. At a turn-based table, where people
        come and go, the table's ``out_of_time`` decides: the AI makes this one move,
        or the player is dropped and the AI plays the seat to the end.

        The deadline is the stored one: a table brought back after its deadline passed
        (a restart, a takeover) comes here at once (``resume`` arms the clock), and
        acts once, since the move made moves the version and the clock on."""
        if self.status != "playing" or version != self.version:
            return  # a move came first: it armed the clock again
        now = time.time()
        clock = self.table.clock
        late = [s for s in clock.expired(now) if not self.table.plays_ai(s)]
        for seat in late:
            taken = self.table.seats[seat]
            if taken is not None and clock.turn_based and clock.out_of_time == "drop":
                taken.resigned = taken.standin = True
                self._event("dropped", seat=seat, player=taken.player)
            elif (
                taken is not None
                and not clock.turn_based
                and self.table.away_for(seat, now) is not None
            ):
                # Out of time and not here: the AI plays the seat until they are back.
                taken.standin = True
                self._event("standin", seat=seat, why="clock")
            else:
                self.table.timed_out.add(seat)
                self._event("timeout", seat=seat)
        if late:
            self.changed()
            if self.table.everyone_left():
                await self._on_abandon(None, "left", t0)  # every person dropped
                return
            self.bots.schedule(self.game, self.state, self.version)
        else:
            self._arm_clock()

    def _watch_away(self) -> None:
        """When a person on turn is away, look again once the grace has passed. At a
        table with a clock, the clock decides instead: an absent player's time runs."""
        if self.status != "playing" or self.table.clock.on or not self.table.away:
            return  # (nobody away: the usual case)
        now = time.time()
        waits = [
            self.away_grace - gone
            for seat in self.game.active(self.state)
            if not self.table.plays_ai(seat)
            and (gone := self.table.away_for(seat, now)) is not None
        ]
        if waits:
            asyncio.get_running_loop().call_later(
                max(0.0, min(waits)), self._submit_own, "away_check", self.version
            )

    async def _on_away_check(self, player: None, version: int, t0: float) -> None:
        """Persons on turn away for longer than the grace get the AI as a stand-in."""
        if self.status != "playing" or version != self.version or self.table.clock.on:
            return  # someone moved: the next move looks again
        now = time.time()
        late = False
        for seat in self.game.active(self.state):
            gone = self.table.away_for(seat, now)
            taken = self.table.seats[seat]
            if gone is None or taken is None or taken.standin:
                continue
            if gone >= self.away_grace:
                taken.standin = late = True
                self._event("standin", seat=seat, why="away")
        if late:
            self.changed()
            self.bots.schedule(self.game, self.state, self.version)
        else:
            self._watch_away()

    async def _on_act(self, player: Player, msg: Any, t0: float, answer: Answer) -> None:
        if self.status == "waiting":
            raise IllegalIntent("not_started", "The game has not started yet.")
        if self.status == "finished":
            raise IllegalIntent("game_over", "The game is over.")
        seat = self.seat_of(player.id)
        if seat is None:
            raise IllegalIntent("not_seated", "Only seated players may play; you are watching.")
        taken = self.table.seats[seat]
        if taken is not None and taken.resigned:
            raise IllegalIntent("not_seated", "You resigned: the AI plays your seat now.")
        try:
            intent = read_intent(self.game, msg.intent)
        except msgspec.ValidationError as e:
            raise IllegalIntent("bad_message", f"Not a {self.game.name} intent: {e}") from None
        receipt = None
        if msg.id is not None:
            # A resend of a move this table applied (through whichever process) is
            # answered as before and not applied again (receipts.py).
            if not self.ledger.receipts.complete:
                await self._recall()
            receipt = (msg.id, msg.v, fingerprint(msg.v, msgspec.to_builtins(intent)))
            made = self.ledger.receipts.find(seat, msg.id, receipt[2])
            if made is not None:
                answer.applied(made, again=True)
                return
        await self._play(seat, intent, t0, answer=answer, receipt=receipt)

    async def _on_bot_move(self, player: None, version: int, t0: float) -> None:
        if self.status != "playing" or version != self.version:
            return  # stale: something else happened since it was scheduled
        if self.bots.think(self.game, self.state, version):
            self.changed()  # the seat shows that it is thinking (a worker decides)

    async def _on_bot_play(self, player: None, decision: tuple[int, int, Any], t0: float) -> None:
        version, seat, intent = decision
        if seat in self.table.thinking:
            self.table.thinking.discard(seat)
            self.changed()
        if self.status != "playing":
            return
        if version != self.version or intent is None:
            # Stale (someone moved meanwhile), or no decision: decide again.
            self.bots.schedule(self.game, self.state, self.version)
            return
        by = None if self.table.is_bot(seat) else "ai"  # the AI stood in for a person
        try:
            await self._play(seat, intent, t0, by)
            if by == "ai":
                self.changed()  # the seat's count of the AI's moves, the log's marks
        except IllegalIntent as e:
            self._event("bot_refused", seat=seat, code=e.code)
            self.bots.schedule(self.game, self.state, self.version)

    def _log_lengths(self) -> dict[int, int]:
        """How many entries each audience's view has in its log now (-1: watchers)."""
        return {
            -1 if audience is None else audience: len(view.get("log") or ())
            for audience, view in self.ledger.views.items()
        }

    async def _play(
        self,
        seat: int,
        intent: Any,
        t0: float,
        by: str | None = None,
        answer: Answer = NO_ANSWER,
        receipt: tuple[int, int, int] | None = None,  # the sender's id and v, fingerprint
    ) -> None:
        if seat not in self.game.active(self.state):
            raise IllegalIntent("not_your_turn", "It is not your turn.")
        before = self._log_lengths() if by == "ai" else {}
        # Games may change the state in place once their checks pass; the ledger puts
        # the state back as it was (rollback), so that a bug in a game or an unreachable
        # log leaves no half-move.
        try:
            state = self.game.apply(self.state, seat, intent)
            ref, sent_v = (receipt[0], receipt[1]) if receipt is not None else (None, None)
            entry = _encode(
                LogAct(seat=seat, intent=msgspec.to_builtins(intent), by=by, ref=ref, sent_v=sent_v)
            )
            # Compact patches made along, where the diffs are, once a client asked.
            changes = self.ledger.changes(state, compact=self.metrics.compact_clients > 0)
            ticket = answer.settles(self.version + 1)
            await self.ledger.commit(entry, changes, ticket)
        except IllegalIntent:
            raise
        except BrokerUnavailable:
            self.ledger.rollback()
            raise IllegalIntent(
                "unavailable", "The hall's storage is unreachable; try again."
            ) from None
        except Exception:
            # LeaseLost among them: the actor stops, but its state must not run ahead.
            # TicketClosed too: the move's asker stopped waiting; it is not applied.
            self.ledger.rollback()
            raise
        self.metrics.intents_accepted += 1
        answer.hold()  # the sender's patch and its answer in one write
        try:
            self.metrics.patch_bytes += await self.ledger.accept(state, changes, entry)
            if receipt is not None:
                self.ledger.receipts.note(seat, receipt[0], receipt[2], self.ledger.version)
            taken = self.table.seats[seat]
            if by == "ai" and taken is not None:
                # Counted before a last move archives the game: the record says it too.
                taken.ai_moves += 1
                self.table.note_ai_log(before, self._log_lengths())
            # The patches are out (in a shared hall, the commit published them): the
            # sender hears of its move after its patch.
            answer.applied(self.ledger.version, settled=ticket is not None)
        finally:
            answer.release()
        self.metrics.patches += len(changes)
        self.metrics.latency.observe(time.perf_counter() - t0)
        await self.ledger.save_state()
        self.table.timed_out.discard(seat)
        clock = self.table.clock
        if clock.on:
            came = clock.turns(self.game.active(state), time.time())
            self.changed()  # every seat's time left, and the clock in the stored meta
            self._arm_clock()
            self._turns_came(came)
        result = self.game.result(state)
        if result is not None:
            self.table.status = "finished"
            self._event("finished", result=msgspec.to_builtins(result))
            await self._archive(result)
            self.changed()
        else:
            self.bots.schedule(self.game, state, self.version)
            self._watch_away()

    async def _archive(self, result: Result | None) -> None:
        """Keep the finished game for good (history, replay, export); ``result`` None
        for an abandoned one (its scores where it stopped). The move that ended it
        stands whatever happens here: a game the storage could not take is logged,
        not undone."""
        try:
            entries = await self.broker.read_log(self.log_key)
            record = archive.make_record(
                self.id,
                self.game,
                msgspec.to_builtins(self.options),
                self.table.seats,
                result
                if result is not None
                else archive.abandoned_result(self.game, self.state, len(self.table.seats)),
                self.table.started,
                time.time(),
                entries,
                private=self.table.lock.private,
                rated=self.table.rated,
                abandoned=result is None,
            )
            summary, data = archive.encode(record)
            players = [s.player for s in self.table.seats if s is not None]
            # A private table's games are listed only in their players' own history.
            await self.broker.archive(
                record.id, summary, data, record.ended, players, listed=not record.private
            )
        except BrokerUnavailable:
            log.error('{"event": "room.archive_failed", "room": "%s"}', self.id)
            return
        self._event("archived", game=record.id, moves=len(entries) - 1)
        if self.on_archived is not None:
            try:
                await self.on_archived(record)
            except BrokerUnavailable:
                log.error('{"event": "room.rating_failed", "room": "%s"}', self.id)

    def _event(self, event: str, **fields: Any) -> None:
        log.info(
            msgspec.json.encode({"event": f"room.{event}", "room": self.id, **fields}).decode()
        )
