"""Imports point down: protocol <- server <- bots <- bench <- tests.

The protocol is the contract and knows no server; the server knows no load bot; the
load bots know no benchmark; the benchmarks know no test (the tests use their harness:
a redis-server of their own, malformed frames). Every import counts, also one inside a
function or under ``TYPE_CHECKING``: a lazy import going up is still a layer that
knows one above it.
The games are pure rules: they import the protocol and each other, nothing of the hub.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("protocol", "server", "bots", "bench", "tests")


def imported(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every absolute import in a file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def upward_imports() -> list[str]:
    wrong = []
    for rank, layer in enumerate(LAYERS):
        for path in sorted((ROOT / layer).rglob("*.py")):
            for line, module in imported(path):
                top = module.split(".")[0]
                if top in LAYERS and LAYERS.index(top) > rank:
                    wrong.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    return wrong


def test_no_module_imports_a_higher_layer() -> None:
    assert upward_imports() == []


def test_the_games_import_no_part_of_the_hub() -> None:
    wrong = []
    for path in sorted((ROOT / "server" / "games").rglob("*.py")):
        for line, module in imported(path):
            if module.split(".")[0] in LAYERS and not module.startswith(
                ("protocol", "server.games")
            ):
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert wrong == []


def test_the_check_sees_lazy_and_type_only_imports(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from bench.hub import Hall\n"
        "def f():\n    import bots.load\n"
        "from . import sibling\n"
    )
    assert imported(module) == [(1, "typing"), (3, "bench.hub"), (5, "bots.load")]
