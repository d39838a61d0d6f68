"""protocol/README.md is the wire contract: its generated parts are fresh, every error
code the server can send is documented in it, its limits are the server's, its links
stay inside the repository, and its example session is made of real messages."""

from __future__ import annotations

import ast
import json
import operator
import re
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from protocol import codec, docgen
from protocol.messages import ERROR_CODES, ERROR_MEANINGS
from protocol.patch import apply

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "protocol" / "README.md"
SERVER = ROOT / "server"
GAMES = SERVER / "games"


def _readme() -> str:
    return README.read_text()


def _section(text: str, heading: str) -> str:
    """The text under ``heading`` (a whole Markdown heading line), up to the next
    heading of the same or a higher level."""
    level = len(heading) - len(heading.lstrip("#"))
    lines = text.splitlines()
    start = lines.index(heading) + 1
    end = start
    while end < len(lines):
        m = re.match(r"(#+) ", lines[end])
        if m and len(m.group(1)) <= level:
            break
        end += 1
    return "\n".join(lines[start:end])


def _table_codes(text: str) -> set[str]:
    """The codes named in the first column of the Markdown tables of ``text``."""
    return set(re.findall(r"^\| `([a-z0-9_]+)` \|", text, re.MULTILINE))


# --- the generated parts ------------------------------------------------------------


def test_generated_parts_are_fresh() -> None:
    text = _readme()
    assert docgen.render_readme(text) == text, "stale: run python -m protocol.codegen"


def test_every_hub_code_has_a_meaning() -> None:
    assert set(ERROR_CODES) <= set(ERROR_MEANINGS)


# --- every error code the server sends ----------------------------------------------


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _code_arg(call: ast.Call) -> ast.expr | None:
    """The expression an IllegalIntent(code, ...) or an Error(code=...) is given as
    its code, if ``call`` is one of those."""
    name = _name(call.func)
    if name == "IllegalIntent" and call.args:
        return call.args[0]
    if name == "Error":
        return next((kw.value for kw in call.keywords if kw.arg == "code"), None)
    return None


def _forwarders(tree: ast.Module) -> dict[str, int]:
    """Functions that take an error code as a parameter and raise or send it:
    name -> the position of that parameter in a call (``self`` not counted)."""
    out: dict[str, int] = {}
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        params = [a.arg for a in fn.args.posonlyargs + fn.args.args]
        bound = 1 if params[:1] in (["self"], ["cls"]) else 0
        for call in ast.walk(fn):
            if isinstance(call, ast.Call):
                arg = _code_arg(call)
                if isinstance(arg, ast.Name) and arg.id in params:
                    out[fn.name] = params.index(arg.id) - bound
    return out


def codes_sent(root: Path = SERVER) -> dict[Path, set[str]]:
    """Every error code a module under ``root`` can send, read from its source:
    string literals given as the code to ``IllegalIntent(...)`` or ``AccountError(...)``,
    ``Error(code=...)``,
    a ``reply(code, message)`` callback, or a function (of any module under ``root``)
    that forwards its parameter to one of those; and the keys of a module-level dict of messages
    used as ``IllegalIntent(code, MESSAGES[code])``."""
    found: dict[Path, set[str]] = defaultdict(set)
    trees = {p: ast.parse(p.read_text(), filename=str(p)) for p in sorted(root.rglob("*.py"))}
    # Forwarders are looked for everywhere: one module may call another's (conn.error).
    positions = {"IllegalIntent": 0, "AccountError": 0, "reply": 0}
    for tree in trees.values():
        positions.update(_forwarders(tree))
    for path, tree in trees.items():
        tables = {
            node.targets[0].id: node.value
            for node in tree.body
            if isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Dict)
        }
        for call in ast.walk(tree):
            if not isinstance(call, ast.Call):
                continue
            arg = _code_arg(call)
            at = positions.get(_name(call.func) or "")
            if arg is None and at is not None and len(call.args) > at:
                arg = call.args[at]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found[path].add(arg.value)
            message = call.args[1] if len(call.args) > 1 else None
            if (
                _name(call.func) == "IllegalIntent"
                and isinstance(message, ast.Subscript)
                and isinstance(message.value, ast.Name)
                and message.value.id in tables
            ):
                for key in tables[message.value.id].keys:
                    if isinstance(key, ast.Constant) and isinstance(key.value, str):
                        found[path].add(key.value)
    return found


def _game_of(path: Path) -> str | None:
    """The game package a module belongs to, or None for the hub's own modules."""
    if GAMES not in path.parents:
        return None
    parts = path.relative_to(GAMES).parts
    return parts[0] if len(parts) > 1 else None


def test_the_code_reader_finds_the_hub_codes() -> None:
    """A guard for the next test: the hub's codes are all sent from somewhere."""
    sent = set().union(*codes_sent().values())
    assert set(ERROR_MEANINGS) <= sent, sorted(set(ERROR_MEANINGS) - sent)


def test_the_code_reader_reads_forwarders_and_message_tables(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(
        "T = {'from_table': 'x'}\n"
        "def fail(code, message):\n    return IllegalIntent(code, message)\n"
        "def table(code):\n    return IllegalIntent(code, T[code])\n"
        "class H:\n"
        "    def _error(self, conn, ref, code, message):\n"
        "        conn.send(m.Error(ref=ref, code=code, message=message))\n"
        "    def f(self, conn, reply):\n"
        "        raise IllegalIntent(\n            'direct', 'm')\n"
        "        raise fail('forwarded', 'm')\n"
        "        self._error(conn, 1, 'method', 'm')\n"
        "        reply('replied', 'm')\n"
        "        log('not_a_code', 'm')\n"
    )
    assert codes_sent(tmp_path)[tmp_path / "m.py"] == {
        "from_table",
        "direct",
        "forwarded",
        "method",
        "replied",
    }


def test_every_code_the_server_sends_is_documented() -> None:
    text = _readme()
    errors = _section(text, "## Error codes")
    hub = _table_codes(_section(errors, "### The hub's codes"))
    games: dict[str, set[str]] = {}
    for heading in re.findall(r"^#### .*$", _section(errors, "### Each game's codes"), re.M):
        name = re.search(r"\(`([a-z0-9_]+)`\)", heading)
        assert name, f"a game's heading names its package in (`...`): {heading!r}"
        games[name.group(1)] = _table_codes(_section(errors, heading))
    missing = []
    for path, codes in codes_sent().items():
        game = _game_of(path)
        if game is not None and game not in games:
            missing.append(f"{game}: no section `#### ... (`{game}`)` for its codes")
            continue
        known = hub | games.get(game, set()) if game else hub
        for code in sorted(codes - known):
            where = f"under `{game}`" if game else "in the hub's codes (ERROR_MEANINGS)"
            missing.append(f"{code!r} ({path.relative_to(ROOT)}) is not documented {where}")
    assert not missing, "protocol/README.md, Error codes:\n" + "\n".join(missing)


# --- limits -------------------------------------------------------------------------

_OPS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.Pow: operator.pow,
}


def _number(node: ast.expr | None) -> float | None:
    """The value of a constant arithmetic expression such as ``64 * 1024``."""
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return float(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _number(node.operand)
        return None if inner is None else -inner
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        a, b = _number(node.left), _number(node.right)
        return None if a is None or b is None else float(_OPS[type(node.op)](a, b))
    return None


def server_constants() -> dict[str, set[float]]:
    """The numeric defaults of ``Limits`` (as ``Limits.field``) and the module-level
    UPPER_CASE numbers of every module under server/, and of protocol/messages.py (the
    limits the client shares, such as ``NAME_MAX``)."""
    out: dict[str, set[float]] = defaultdict(set)
    for path in [*sorted(SERVER.rglob("*.py")), ROOT / "protocol" / "messages.py"]:
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.ClassDef) and node.name == "Limits":
                for st in node.body:
                    if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
                        value = _number(st.value)
                        if value is not None:
                            out[f"Limits.{st.target.id}"].add(value)
            target = None
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
            elif isinstance(node, ast.AnnAssign):
                target = node.target
            if isinstance(target, ast.Name) and target.id.isupper():
                value = _number(node.value)
                if value is not None:
                    out[target.id].add(value)
    return out


def test_the_limits_are_the_servers() -> None:
    limits = _section(_readme(), "## Limits")
    constants = server_constants()
    rows = [r for r in limits.splitlines() if r.startswith("| ") and "`" in r.split("|")[-2]]
    assert len(rows) >= 8
    wrong = []
    for row in rows:
        for name in re.findall(r"`([A-Za-z_.]+)`", row.split("|")[-2]):
            values = constants.get(name)
            if not values:
                wrong.append(f"{name}: no module under server/ defines it")
                continue
            if len(values) > 1:
                wrong.append(f"{name}: defined with several values {sorted(values)}")
                continue
            value = values.pop()
            # Written out whole: a session's 7776000 seconds, not %g's 7.776e+06.
            number = str(int(value)) if float(value).is_integer() else f"{value:g}"
            if not re.search(rf"(?<![\d.]){re.escape(number)}(?![\d.])", row):
                wrong.append(f"{name} is {number} in the code: {row}")
    assert not wrong, "protocol/README.md, Limits:\n" + "\n".join(wrong)


# --- links --------------------------------------------------------------------------


def _anchor(heading: str) -> str:
    """GitHub's anchor for a heading's text."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_links_stay_in_the_repository() -> None:
    text = _readme()
    anchors = {_anchor(h) for h in re.findall(r"^#+ (.*)$", text, re.M)}
    for target in re.findall(r"\]\(([^)]+)\)", text):
        assert "://" not in target, f"a link out of the repository: {target}"
        if target.startswith("#"):
            assert target[1:] in anchors, f"no heading for {target}"
        else:
            path = (README.parent / target.split("#")[0]).resolve()
            assert ROOT in path.parents and path.exists(), f"a link out of the repository: {target}"


# --- the example session ------------------------------------------------------------


def _transcript() -> list[tuple[str, str]]:
    example = _section(_readme(), "## An example session")
    blocks = re.findall(r"^```text\n(.*?)^```", example, re.M | re.S)
    lines = [line for block in blocks for line in block.splitlines()]
    assert lines and all(line[:2] in ("> ", "< ") for line in lines), lines
    return [(line[0], line[2:]) for line in lines]


def test_the_example_session_is_made_of_protocol_messages() -> None:
    views: dict[str, tuple[int, Any]] = {}
    sent: list[Any] = []
    seen = set()
    for direction, frame in _transcript():
        if direction == ">":
            sent.append(codec.decode_client(frame))
            continue
        msg = codec.decode_server(frame)
        raw = json.loads(frame)
        seen.add(raw["t"])
        if raw["t"] == "error":
            assert raw["ref"] == sent[-1].id, "an error answers the message just sent"
        elif raw["t"] == "snapshot":
            views[msg.room] = (msg.v, raw["view"])
        elif raw["t"] == "patch":
            v, view = views[msg.room]
            assert msg.v == v + 1, f"patch {msg.v} after version {v}"
            views[msg.room] = (msg.v, apply(view, raw["ops"]))
    assert {"welcome", "room_list", "room", "snapshot", "patch", "error", "chat", "pong"} <= seen
    tags = {type(m).__name__ for m in sent}
    assert {"Hello", "Create", "Sit", "Bot", "Start", "Act", "Enter"} <= tags


@pytest.mark.parametrize("heading", ["## Transport", "## Versions and patches", "## Limits"])
def test_sections_a_client_needs_are_there(heading: str) -> None:
    assert _section(_readme(), heading).strip()
