"""How fast a table's AI players play: the host's choice per table.

Two things make an AI player slow for the people waiting on it: the pause before each
move (so a move can be followed; the hall's ``--bot-delay``) and how long a strong
player searches (the hall's ``--ai-budget``). A pace scales both. ``auto``, the default,
is fast when no AI player at the table is strong (a random or greedy choice gains
nothing from waiting) and normal otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from server.games.base import IllegalIntent

# pace -> (factor on the pause before a move, factor on a strong player's search)
PACES: dict[str, tuple[float, float]] = {
    "fast": (0.25, 0.3),
    "normal": (1.0, 1.0),
    "thorough": (1.5, 2.5),
}
AUTO = "auto"


def ai_pace(value: Any) -> str:
    """The ``ai_pace`` table setting checked."""
    if value is None:
        return AUTO
    if value != AUTO and value not in PACES:
        choices = ", ".join([AUTO, *PACES])
        raise IllegalIntent(
            "bad_option",
            f"The AI's pace is one of {choices}; not {value!r}.",
            {"option": "ai_pace", "value": str(value)},
        )
    return str(value)


def factors(pace: str, levels: Iterable[str | None]) -> tuple[float, float]:
    """(pause factor, search factor) for a table's pace and its AI players' levels."""
    if pace == AUTO:
        pace = "normal" if any(level == "strong" for level in levels) else "fast"
    return PACES[pace]
