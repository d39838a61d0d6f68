"""The contract every game of the hall implements.

A game is a pure state machine: no I/O, no asyncio, no clock, no global randomness.
The room actor drives it through these calls; bots, tests and benchmarks drive it
the same way. See DESIGN.md, "The game contract".
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Protocol, runtime_checkable

import msgspec

from protocol.codec import Converter
from server.games.rng import Rng


class IllegalIntent(Exception):
    """An intent the rules refuse. ``code`` is stable (clients switch on it);
    ``message`` is for a person, in English; ``values`` are the values in it that a
    client may word the reason with in another language (the `error`'s ``args``; seats
    counted from 1, as people count them). The state passed to ``apply`` is unchanged.
    """

    def __init__(self, code: str, message: str, values: dict[str, Any] | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.values: dict[str, Any] = values or {}


class Result(msgspec.Struct, frozen=True):
    """The end of a game: a final score per seat, and the place per seat
    (1 = best). Seats still tied after the game's tie-breaks share a place."""

    scores: list[int]
    ranks: list[int]

    @classmethod
    def from_keys(cls, scores: list[int], keys: list[Any]) -> Result:
        """Ranks from a sortable key per seat (higher is better): equal keys share a place."""
        ranks = [1 + sum(1 for other in keys if other > mine) for mine in keys]
        return cls(scores=list(scores), ranks=ranks)


@runtime_checkable
class Game(Protocol):
    """A game's rules. Implementations subclass this to inherit the defaults below.

    State is a msgspec Struct (or built of them) that round-trips through MessagePack.
    ``apply`` returns the next state; it may update ``state`` in place, but only after
    every check has passed, so an ``IllegalIntent`` always leaves ``state`` untouched.
    """

    name: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    Options: ClassVar[type[msgspec.Struct]]
    Intent: ClassVar[Any]
    State: ClassVar[type[msgspec.Struct]]
    # Random moves the strong AI plays past each new position before valuing it
    # (server/ai/search.py): a game whose moves pay off only some turns later (a
    # cloister majority in Kardinal & König) values better a little further on.
    search_rollout: ClassVar[int] = 2
    # The keys of the game's views whose values may differ between audiences (a hand,
    # a log with secrets in it), besides ``you`` and ``legal``; every other key must be
    # equal in every audience's view, so that a change of it is worked out once for
    # all audiences (server/room/ledger.py). None: any key may differ.
    own_keys: ClassVar[frozenset[str] | None] = None

    def setup(self, seats: int, options: Any, seed: int) -> Any: ...

    def apply(self, state: Any, seat: int, intent: Any) -> Any: ...

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """The game's own part of the view for one audience (None = spectators):
        a plain tree of dicts with str keys, lists, str, int, float, bool and None.
        It must hold ``scores`` (one per seat) and ``log`` (entries ``{"code", "args"}``,
        oldest first). The common keys ``game``, ``you``, ``active``, ``legal`` and
        ``result`` are added by :func:`audience_view`."""
        ...

    def views(self, state: Any, seats: Sequence[int | None]) -> dict[int | None, dict[str, Any]]:
        """``view`` for several audiences at once: the room asks for every audience's
        after every move. A game whose audiences see much alike overrides it to build
        that once, and shares it between the views by identity (server/games/parts.py).
        Each view must equal ``view(state, seat)``, and must be a dict of its own:
        :func:`audience_views` adds the common keys to it."""
        return {seat: self.view(state, seat) for seat in seats}

    def legal(self, state: Any, seat: int) -> list[Any]: ...

    def active(self, state: Any) -> frozenset[int]: ...

    def result(self, state: Any) -> Result | None: ...

    def catalogue(self) -> dict[str, Any] | None:
        """Static game data the client draws from (tiles, cards, maps), or None."""
        return None

    def check_options(self, options: Any, seats: int) -> None:
        """Refuse a combination of options (raise IllegalIntent('bad_option', ...))
        that the field types alone cannot express. Called at the start."""
        return None

    def value(self, state: Any, seat: int) -> float | None:
        """How good ``state`` looks for ``seat`` (higher is better), for the hall's
        AI players, which pick the legal intent that leads to the best value. None
        (the default): the game has no such measure, and its AI plays at random.
        Must not change ``state``."""
        return None

    def values(self, state: Any, seats: int) -> list[float | None]:
        """``value`` for every seat at once. A game whose measure shares work between
        seats (scoring the board once, say) overrides it; the search asks for all
        seats' values at every position it reaches."""
        return [self.value(state, s) for s in range(seats)]

    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A state that ``seat`` cannot tell from ``state``: a new copy in which every
        part hidden from the seat (other seats' hands, the order of face-down piles,
        future dice) is dealt anew from ``rng``, consistently with what the seat sees
        (its view of the copy equals its view of ``state``). What an AI player
        searches: it never reads the real hidden parts. The result must depend only on
        what the seat may know and on ``rng``, never on how the hidden parts really lie.

        The default fits a game whose only secret is the future: the copy's dice
        generator (a field ``rng``) is seeded afresh. Games with hidden cards or piles
        override it. Must not change ``state``."""
        copy = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=type(state))
        if isinstance(getattr(copy, "rng", None), Rng):
            copy.rng = Rng.from_seed(rng.getrandbits(64))
        return copy


def lead(scores: Sequence[float], seat: int) -> float:
    """A seat's points minus the best other seat's: the usual ``Game.value``."""
    others = [s for i, s in enumerate(scores) if i != seat]
    return float(scores[seat] - max(others, default=0))


def encode_intent(intent: Any) -> dict[str, Any]:
    """An intent as the plain map a client sends back verbatim (``t`` names it)."""
    out: dict[str, Any] = msgspec.to_builtins(intent)
    return out


def read_intent(game: Game, raw: Any) -> Any:
    """An intent's wire form (a client's, a log's) as the game's ``Intent``; raises
    msgspec.ValidationError, its path from ``$.intent``, on one that is not."""
    read = _READERS.get(game.Intent)
    if read is None:
        read = _READERS[game.Intent] = Converter(game.Intent, "intent")
    return read(raw)


_READERS: dict[Any, Converter] = {}  # by the games' Intent types: unions, mostly


def audience_view(game: Game, state: Any, seat: int | None) -> dict[str, Any]:
    """The whole view of protocol/README.md for one audience: the game's own keys plus the
    keys every view has. Spectators never get ``legal``: they may not act."""
    return audience_views(game, state, [seat])[seat]


def audience_views(
    game: Game, state: Any, audiences: Sequence[int | None]
) -> dict[int | None, dict[str, Any]]:
    """:func:`audience_view` for several audiences at once: what all of them have in
    common (who is on turn, the result) is worked out once, and ``legal`` only for the
    seats on turn (the others get an empty list without asking the game). The views
    share these parts by identity: views are never changed once built."""
    active = game.active(state)
    result = game.result(state)
    turn_key = frozenset(active)
    on_turn = _ON_TURN.get(turn_key)
    if on_turn is None:
        on_turn = _ON_TURN[turn_key] = sorted(active)
    ended = None if result is None else msgspec.to_builtins(result)
    views = game.views(state, audiences)
    for seat in audiences:
        view = views[seat]
        view["game"] = game.name
        view["you"] = seat
        view["active"] = on_turn
        view["legal"] = (
            legal_view(game, state, seat)
            if seat is not None and seat in active and result is None
            else _NO_INTENTS
        )
        view["result"] = ended
    return views


# The common keys that differ between audiences' views (see Game.own_keys).
OWN_KEYS = frozenset({"you", "legal"})
# Keys whose lists hold items that are the very same object whenever equal (legal_view
# offers an intent offered before as the map it was): diffed by identity alone.
INTERNED_KEYS = frozenset({"legal"})

# Parts of views shared by every view (views are never changed once built), so that
# an unchanged one is passed over by identity: who is on turn, and no legal intents.
_ON_TURN: dict[frozenset[int], list[int]] = {}
_NO_INTENTS: list[dict[str, Any]] = []


def legal_view(game: Game, state: Any, seat: int) -> list[dict[str, Any]]:
    """A seat's legal intents in their wire form (the maps a client sends back). An
    intent offered again is the very map offered before, so the diff passes over the
    intents that stayed legal by identity."""
    maps = _INTENTS
    if len(maps) > _INTENTS_KEPT:
        maps.clear()
    out = []
    for intent in game.legal(state, seat):
        wire = _encode(intent)
        shown = maps.get(wire)
        if shown is None:
            shown = maps[wire] = msgspec.to_builtins(intent)
        out.append(shown)
    return out


_encode = msgspec.msgpack.Encoder().encode
# The wire form of the intents offered lately, by their encoding (shared by every view).
_INTENTS: dict[bytes, dict[str, Any]] = {}
_INTENTS_KEPT = 20_000
