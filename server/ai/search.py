"""The ``strong`` AI player: information-set Monte Carlo tree search.

Before each iteration the search deals the hidden parts of the game anew from its own
seat's point of view (``Game.determinize``): other seats' hands, the order of
face-down piles, future dice. It then walks one tree shared by all these deals,
choosing among the intents legal in the deal at hand (an intent that some deals
allow and others do not is weighed by how often it was available: the "availability"
count of single-observer ISMCTS), adds one new position, plays a few random moves
from there, and values the position it reached for every seat. What a seat may not
know reaches the search only through deals made without it, so the choice cannot
depend on how the hidden parts really lie.

Rewards are in [0, 1] per seat: a finished game gives its winners 1 (shared by ties),
an unfinished one ``0.5 + 0.5 * tanh(value / scale)`` from the game's own measure
(``Game.value``). The games measure in their own points (a lead of 5 is much in
Kingsburg, little in Alhambra), so unless a scale is given it follows the size of the
values this decision has met: twice their mean magnitude. A node keeps the rewards of
the seat whose move led to it.

The search stops before its budget when the most visited move can no longer be
overtaken (the runner-up would need more iterations than are left): what it chooses
is settled, and the time is better left to the other tables.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

import msgspec

from server.ai.policies import has_value
from server.games.base import Game, IllegalIntent

_encode = msgspec.msgpack.Encoder().encode

# How often (in iterations) the search asks whether its choice can still change.
CHECK_EVERY = 32


class Node:
    __slots__ = ("children", "visits", "reward", "available")

    def __init__(self) -> None:
        self.children: dict[bytes, Node] = {}
        self.visits = 0
        self.reward = 0.0  # summed over visits, for the seat that moved into this node
        self.available = 0  # iterations in which this node's move was legal


class SearchPolicy:
    """``choose`` searches for ``budget`` seconds, or exactly ``iterations`` times
    when that is given (reproducible: the tests and the arena's fixed runs use it)."""

    def __init__(
        self,
        seed: int,
        budget: float = 1.0,
        iterations: int | None = None,
        exploration: float = 0.7,
        rollout: int | None = None,
        scale: float | None = None,
    ) -> None:
        self._rng = random.Random(seed)
        self.budget = budget
        self.iterations = iterations
        self.exploration = exploration
        self.rollout = rollout
        self.scale = scale
        self.last_iterations = 0  # how many the last decision ran, for the arena
        self._seats = 0
        self._met_sum = 0.0  # |value| summed over this decision's evaluations
        self._met_count = 0

    def choose(self, game: Game, state: Any, seat: int) -> Any | None:
        legal = game.legal(state, seat)
        if len(legal) < 2:
            return legal[0] if legal else None
        self._seats = len(game.view(state, seat)["scores"])
        self._met_sum, self._met_count = 0.0, 0
        root = Node()
        by_key = {_key(seat, intent): intent for intent in legal}
        limit = self.iterations
        start = time.perf_counter()
        deadline = start + self.budget
        done = 0
        while (done < limit) if limit is not None else (time.perf_counter() < deadline):
            deal = game.determinize(state, seat, self._rng)
            self._iterate(game, deal, root, seat)
            done += 1
            if done % CHECK_EVERY == 0:
                if limit is not None:
                    left = limit - done
                else:
                    now = time.perf_counter()
                    left = int(done * (deadline - now) / (now - start))
                if _settled(root, by_key, left):
                    break
        self.last_iterations = done
        visited = [(child.visits, key) for key, child in root.children.items() if key in by_key]
        if not visited:
            return self._rng.choice(legal)
        best = max(n for n, _ in visited)
        return by_key[self._rng.choice(sorted(k for n, k in visited if n == best))]

    # --- one iteration ------------------------------------------------------------

    def _iterate(self, game: Game, state: Any, root: Node, seat: int) -> None:
        path: list[tuple[Node, int]] = []  # (node, the seat whose move led to it)
        node = root
        mover = seat
        while True:
            active = game.active(state)
            if not active or game.result(state) is not None:
                break
            mover = seat if node is root else min(active)
            options = game.legal(state, mover)
            if not options:
                break
            keyed = [(_key(mover, o), o) for o in options]
            fresh = [(k, o) for k, o in keyed if k not in node.children]
            if fresh:
                key, intent = self._rng.choice(fresh)
                for k, _ in keyed:
                    other = node.children.get(k)
                    if other is not None:
                        other.available += 1
                child = node.children[key] = Node()
                child.available = 1
                state = self._apply(game, state, mover, intent)
                if state is None:
                    return
                path.append((child, mover))
                break
            key, intent = self._select(node, keyed)
            state = self._apply(game, state, mover, intent)
            if state is None:
                return
            node = node.children[key]
            path.append((node, mover))
        state = self._roll_out(game, state)
        rewards = self._rewards(game, state)
        for visited, by in path:
            visited.visits += 1
            visited.reward += rewards[by]

    def _select(self, node: Node, keyed: list[tuple[bytes, Any]]) -> tuple[bytes, Any]:
        best: list[tuple[bytes, Any]] = []
        best_score = -math.inf
        c = self.exploration
        for key, intent in keyed:
            child = node.children[key]
            child.available += 1
            score = child.reward / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits
            )
            if score > best_score:
                best, best_score = [(key, intent)], score
            elif score == best_score:
                best.append((key, intent))
        return self._rng.choice(best)

    def _roll_out(self, game: Game, state: Any) -> Any:
        """A few random moves past the new node (to the end, for a game that cannot
        value a position), so the value is read where the move's effect has settled."""
        rollout = self.rollout if self.rollout is not None else getattr(game, "search_rollout", 2)
        steps = rollout if has_value(game) else 10_000
        for _ in range(steps):
            active = game.active(state)
            if not active or game.result(state) is not None:
                break
            mover = min(active)
            options = game.legal(state, mover)
            if not options:
                break
            after = self._apply(game, state, mover, self._rng.choice(options))
            if after is None:
                break
            state = after
        return state

    def _rewards(self, game: Game, state: Any) -> list[float]:
        result = game.result(state)
        seats = self._seats
        if result is not None:
            winners = [s for s, r in enumerate(result.ranks) if r == 1]
            return [1.0 / len(winners) if s in winners else 0.0 for s in range(seats)]
        values = game.values(state, seats)
        for v in values:
            if v is not None:
                self._met_sum += abs(v)
                self._met_count += 1
        scale = self.scale
        if scale is None:
            mean = self._met_sum / self._met_count if self._met_count else 0.5
            scale = max(1.0, 2.0 * mean)
        return [0.5 if v is None else 0.5 + 0.5 * math.tanh(v / scale) for v in values]

    @staticmethod
    def _apply(game: Game, state: Any, seat: int, intent: Any) -> Any | None:
        try:
            return game.apply(state, seat, intent)
        except IllegalIntent:
            return None  # a game whose legal list and rules disagree: drop this line


def _settled(root: Node, legal: dict[bytes, Any], left: int) -> bool:
    """Whether the most visited move stays so in the ``left`` iterations to come: the
    runner-up could not catch up even if it got every one of them. The choice is then
    made, and the rest of the budget would only be spent confirming it."""
    visits = sorted((c.visits for k, c in root.children.items() if k in legal), reverse=True)
    if len(visits) < 2:
        return False
    return visits[0] - visits[1] > left


def _key(seat: int, intent: Any) -> bytes:
    return _encode((seat, intent))
