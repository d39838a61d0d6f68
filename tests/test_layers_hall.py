"""The hall builds its parts and hands each the few others it uses (server/hall.py):
no part holds the whole hall, nor imports it, not even for a type, so that a part's
constructor says what it depends on and the hub's modules import each other without
a cycle. Read from the source (its syntax tree), like a reader would."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SERVER = ROOT / "server"
# The hall, and the application that builds it and serves it: the only modules that
# may name it.
HOLDERS = {SERVER / "hall.py", SERVER / "app.py"}
# The parts the hall is made of, each of which once held it whole.
PARTS = ["dispatch", "fanout", "inbox", "leases", "tables", "waiting"]
# The hub's modules: all of the server but the games.
HUB = sorted(p for p in SERVER.rglob("*.py") if "games" not in p.relative_to(SERVER).parts)


def _module(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(path: Path, root: Path = ROOT) -> set[str]:
    """The modules a module (of the tree at ``root``) imports, anywhere in it (under
    TYPE_CHECKING too), each with the names it takes from them as modules of their own
    (``from server import hall`` imports server.hall)."""
    module = _module(path, root)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level > 1:
                base = base[: len(base) - node.level + 1]
            stem = ".".join(base) if node.level else ""
            module = ".".join(x for x in (stem, node.module or "") if x)
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def _targets(node: ast.AST) -> list[ast.expr]:
    """What an assignment assigns to (nothing, for any other node)."""
    if isinstance(node, ast.Assign):
        return node.targets
    if isinstance(node, ast.AnnAssign | ast.AugAssign):
        return [node.target]
    return []


def _hall_holders(path: Path) -> list[str]:
    """Where a module keeps something as an attribute named ``hall`` (``self.hall =
    ...``, also in a tuple, or a field of a class), or takes a parameter of that name."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.ClassDef):
            for field in node.body:
                named = _targets(field)
                if any(
                    isinstance(n, ast.Name) and n.id == "hall" for t in named for n in ast.walk(t)
                ):
                    found.append(f"line {field.lineno}: a field named hall")
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            args = node.args
            for arg in args.posonlyargs + args.args + args.kwonlyargs:
                if arg.arg == "hall":
                    found.append(f"line {node.lineno}: a parameter named hall")
        for target in _targets(node):
            for item in ast.walk(target):
                if isinstance(item, ast.Attribute) and item.attr == "hall":
                    found.append(f"line {item.lineno}: stores .hall")
    return found


@pytest.mark.parametrize("name", PARTS)
def test_a_part_of_the_hall_neither_imports_nor_holds_it(name: str) -> None:
    path = SERVER / f"{name}.py"
    assert "server.hall" not in _imported(path)
    assert _hall_holders(path) == []


def test_no_module_of_the_hub_but_its_builders_names_the_hall() -> None:
    found = [
        f"{path.relative_to(ROOT)}: {why}"
        for path in HUB
        if path not in HOLDERS
        for why in (["imports server.hall"] if "server.hall" in _imported(path) else [])
        + _hall_holders(path)
    ]
    assert not found, "\n".join(found)


def _import_cycle(paths: list[Path], root: Path = ROOT) -> list[str]:
    """A cycle of imports among the modules at ``paths`` (its first module again at its
    end), or none."""
    names = {_module(p, root): p for p in paths}
    edges = {n: sorted(_imported(p, root) & names.keys() - {n}) for n, p in names.items()}
    done: set[str] = set()
    trail: list[str] = []

    def visit(name: str) -> list[str]:
        if name in trail:
            return [*trail[trail.index(name) :], name]
        if name in done:
            return []
        trail.append(name)
        for other in edges[name]:
            cycle = visit(other)
            if cycle:
                return cycle
        trail.pop()
        done.add(name)
        return []

    for name in sorted(names):
        cycle = visit(name)
        if cycle:
            return cycle
    return []


def test_the_hubs_modules_import_each_other_without_a_cycle() -> None:
    """Type-only imports count: a cycle of them is a cycle for a reader all the same.
    (The games are left out: a game's package and its modules import each other.)"""
    assert _import_cycle(HUB) == []


def test_the_readers_find_what_they_look_for(tmp_path: Path) -> None:
    """A guard for the tests above: they see an import of the hall in each of its
    spellings, a hall kept in any of its, and a cycle of imports made for types only."""
    (tmp_path / "server").mkdir()
    for i, line in enumerate(
        [
            "import server.hall",
            "from server.hall import Hall",
            "from server import hall",
            "from . import hall",
            "from .hall import Hall",
            "if TYPE_CHECKING:\n    from server.hall import Hall",
        ]
    ):
        path = tmp_path / "server" / f"m{i}.py"
        path.write_text(line + "\n")
        assert "server.hall" in _imported(path, tmp_path), line
    for i, code in enumerate(
        [
            "class A:\n    def __init__(self, h):\n        self.hall = h",
            "class A:\n    def __init__(self, h, c):\n        self.hall, self.c = h, c",
            "class A:\n    def f(self) -> None:\n        self.hall: int = 1",
            "class A:\n    hall: int",
            "class A:\n    hall = None",
            "def f(hall):\n    pass",
        ]
    ):
        path = tmp_path / f"h{i}.py"
        path.write_text(code + "\n")
        assert _hall_holders(path), code
    a, b = tmp_path / "server" / "a.py", tmp_path / "server" / "b.py"
    a.write_text("from server.b import B\n")
    b.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from server.a import A\n"
    )
    assert _import_cycle([a, b], tmp_path) == ["server.a", "server.b", "server.a"]
