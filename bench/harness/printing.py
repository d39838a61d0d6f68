"""What the benchmarks print: markdown tables (on stdout, to paste), a progress line
(on stderr, for a terminal only) and, when asked, their figures as JSON."""

from __future__ import annotations

import sys
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, TextIO

import msgspec

Cell = str | Callable[[Any], object]


class Table:
    """A markdown table's columns, each a title and its cell: a format string over a
    row's fields (a mapping: ``"{p99_ms:.1f}"``; a sequence: ``"{0}"``) or a function
    of the row. The columns numbered in ``left`` are aligned left (text), the others
    right (figures). An empty cell is written as one space."""

    def __init__(self, columns: Sequence[tuple[str, Cell]], left: Collection[int] = ()) -> None:
        self.columns = columns
        self.left = left

    def head(self) -> str:
        """The title row and the alignment row."""
        titles = " | ".join(title for title, _ in self.columns)
        align = "|".join("---" if i in self.left else "---:" for i in range(len(self.columns)))
        return f"| {titles} |\n|{align}|"

    def row(self, row: Any) -> str:
        cells = [_cell(cell, row) for _, cell in self.columns]
        return "|" + "|".join(f" {c} " if c else " " for c in cells) + "|"

    def __call__(self, rows: Sequence[Any]) -> str:
        return "\n".join([self.head(), *(self.row(r) for r in rows)])


def _cell(cell: Cell, row: Any) -> str:
    if callable(cell):
        return str(cell(row))
    if isinstance(row, Mapping):
        return cell.format_map(row)
    return cell.format(*row)


def errors(by_code: Mapping[str, int]) -> str:
    """An errors cell: each code with its count, or 0."""
    return ", ".join(f"{n} {code}" for code, n in sorted(by_code.items())) or "0"


class Progress:
    """A progress line on stderr (or ``out``), rewritten in place on a terminal.
    Into a file or a pipe none of that goes: with ``last``, only the line's last state,
    once, at `done`."""

    def __init__(self, out: TextIO | None = None, last: bool = True) -> None:
        self.out = out if out is not None else sys.stderr
        self.tty = self.out.isatty()
        self.last = last
        self.text = ""

    def __call__(self, text: str) -> None:
        self.text = text
        if self.tty:
            self.out.write("\r" + text + "\x1b[K")
            self.out.flush()

    def done(self) -> None:
        """The line is finished: the next starts below it."""
        if self.text and (self.tty or self.last):
            self.out.write(("" if self.tty else self.text) + "\n")
            self.out.flush()
        self.text = ""


def write_json(path: str, figures: Any) -> None:
    """The figures, indented, as the ``--json FILE`` option writes them."""
    with open(path, "w") as f:
        f.write(msgspec.json.format(msgspec.json.encode(figures), indent=2).decode() + "\n")
