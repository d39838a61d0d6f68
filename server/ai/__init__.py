"""The hall's AI players, by level: ``random``, ``greedy`` (the best-looking move one
step ahead) and ``strong`` (a search over the seat's own view of the game)."""

from __future__ import annotations

from server.ai.policies import GreedyPolicy, RandomPolicy, has_value
from server.ai.search import SearchPolicy

LEVELS = ("random", "greedy", "strong")
Policy = RandomPolicy | GreedyPolicy | SearchPolicy


def policy(level: str, seed: int, budget: float = 1.0) -> Policy:
    """A player of ``level``; ``budget`` is the strong player's seconds per decision."""
    if level == "random":
        return RandomPolicy(seed)
    if level == "greedy":
        return GreedyPolicy(seed)
    if level == "strong":
        return SearchPolicy(seed, budget=budget)
    raise ValueError(f"no AI level {level!r}; levels: {', '.join(LEVELS)}")


__all__ = [
    "LEVELS",
    "GreedyPolicy",
    "Policy",
    "RandomPolicy",
    "SearchPolicy",
    "has_value",
    "policy",
]
