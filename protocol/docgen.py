"""Write the generated parts of protocol/README.md from the protocol Structs.

The README is written by hand, except for regions marked like this:

    <!-- generated: messages ... -->
    ...
    <!-- end generated -->

``render_readme`` rewrites the inside of every such region from ``protocol.messages``:
``messages`` gets a table per message and per nested shape (each field with its type,
whether it may be left out, its default and its meaning), ``error-codes`` the hub's
stable error codes with what each means. A message's meaning is its Struct's
docstring; a field's, the ``doc(...)`` text in its annotation. ``python -m
protocol.codegen`` calls this (and ``--check`` fails when the README is stale).
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import msgspec.inspect as mi

from protocol import messages as m

TARGET = Path(__file__).resolve().parent / "README.md"

_REGION = re.compile(
    r"(?P<start><!-- generated: (?P<name>[a-z-]+)[^>]*-->\n)(?P<body>.*?)(?P<end><!-- end generated -->)",
    re.DOTALL,
)


def _clean(text: str | None) -> str:
    """A docstring or a description as one line of Markdown table text."""
    return " ".join(inspect.cleandoc(text or "").split()).replace("|", "\\|")


def _type(t: mi.Type) -> str:
    if isinstance(t, mi.Metadata):
        return _type(t.type)
    if isinstance(t, mi.StrType):
        return "str"
    if isinstance(t, mi.IntType):
        return "int"
    if isinstance(t, mi.FloatType):
        return "float"
    if isinstance(t, mi.BoolType):
        return "bool"
    if isinstance(t, mi.NoneType):
        return "null"
    if isinstance(t, mi.AnyType):
        return "any"
    if isinstance(t, mi.LiteralType):
        return " or ".join(msgspec.json.encode(v).decode() for v in t.values)
    if isinstance(t, mi.UnionType):
        return " or ".join(_type(x) for x in t.types)
    if isinstance(t, (mi.ListType, mi.VarTupleType)):
        inner = _type(t.item_type)
        return f"list of ({inner})" if " or " in inner else f"list of {inner}"
    if isinstance(t, mi.DictType):
        return f"map of {_type(t.key_type)} to {_type(t.value_type)}"
    if isinstance(t, mi.StructType):
        return t.cls.__name__
    raise TypeError(f"no documentation type for {t!r}")


def _description(t: mi.Type) -> str:
    if isinstance(t, mi.Metadata) and t.extra_json_schema:
        return _clean(t.extra_json_schema.get("description"))
    return ""


def _default(f: mi.Field) -> Any:
    if f.default_factory is not msgspec.NODEFAULT:
        return f.default_factory()
    return f.default


def _presence(f: mi.Field, sent_by_client: bool) -> str:
    if not sent_by_client:
        return "always"
    if f.required:
        return "required"
    return f"optional, default `{msgspec.json.encode(_default(f)).decode()}`"


def _table(cls: type, sent_by_client: bool | None) -> list[str]:
    """The rows of one message (or nested shape, ``sent_by_client`` None)."""
    info = mi.type_info(cls)
    assert isinstance(info, mi.StructType)
    rows = ["| field | type | present | meaning |", "|---|---|---|---|"]
    by_client = bool(sent_by_client)
    if info.tag_field is not None:
        rows.append(
            f'| `{info.tag_field}` | `"{info.tag}"` | {_presence_tag(by_client)} '
            "| The message's type. |"
        )
    for f in info.fields:
        meaning = _description(f.type)
        if not meaning:
            raise ValueError(f"{cls.__name__}.{f.name} has no doc(...) text")
        rows.append(
            f"| `{f.encode_name}` | `{_type(f.type)}` | {_presence(f, by_client)} | {meaning} |"
        )
    return rows


def _presence_tag(sent_by_client: bool) -> str:
    return "required" if sent_by_client else "always"


def _tag(cls: type) -> str:
    info = mi.type_info(cls)
    assert isinstance(info, mi.StructType)
    return str(info.tag)


def _section(title: str, classes: tuple[type, ...], sent_by_client: bool) -> list[str]:
    out = [f"### {title}", "", "| `t` | fields |", "|---|---|"]
    for cls in classes:
        info = mi.type_info(cls)
        assert isinstance(info, mi.StructType)
        fields = ", ".join(f"`{f.encode_name}`" for f in info.fields) or "—"
        out.append(f"| `{_tag(cls)}` | {fields} |")
    for cls in classes:
        if not cls.__doc__:
            raise ValueError(f"{cls.__name__} has no docstring")
        out += [
            "",
            f"#### `{_tag(cls)}`",
            "",
            _clean(cls.__doc__),
            "",
            *_table(cls, sent_by_client),
        ]
    return [*out, ""]


def render_messages() -> str:
    out = [
        f"This is version **{m.PROTOCOL_VERSION}** of the protocol: `welcome.server` is "
        f'`"{m.SERVER_NAME}"`.',
        "",
        "In the tables, *required* fields must be sent; *optional* ones may be left out "
        "(or sent as the default shown). The server sends every field of its messages, "
        "*always*, with `null` where there is no value.",
        "",
        *_section("Client → server", m.CLIENT_MESSAGES, sent_by_client=True),
        *_section("Server → client", m.SERVER_MESSAGES, sent_by_client=False),
        "### Shapes inside server messages",
    ]
    for cls in m.NESTED:
        out += ["", f"#### `{cls.__name__}`", "", _clean(cls.__doc__), "", *_table(cls, None)]
    return "\n".join(out) + "\n"


def render_error_codes() -> str:
    missing = [c for c in m.ERROR_CODES if c not in m.ERROR_MEANINGS]
    if missing:
        raise ValueError(f"ERROR_MEANINGS has no text for {missing}")
    codes = [*m.ERROR_CODES, *(c for c in m.ERROR_MEANINGS if c not in m.ERROR_CODES)]
    rows = ["| code | sent when |", "|---|---|"]
    rows += [f"| `{c}` | {_clean(m.ERROR_MEANINGS[c])} |" for c in codes]
    return "\n".join(rows) + "\n"


REGIONS: dict[str, Callable[[], str]] = {
    "messages": render_messages,
    "error-codes": render_error_codes,
}


def render_readme(text: str) -> str:
    """``text`` (the README as it is) with every generated region written afresh."""
    seen: set[str] = set()

    def fill(match: re.Match[str]) -> str:
        name = match["name"]
        if name not in REGIONS:
            raise ValueError(f"{TARGET.name}: unknown generated region {name!r}")
        seen.add(name)
        return match["start"] + REGIONS[name]() + match["end"]

    out = _REGION.sub(fill, text)
    missing = sorted(set(REGIONS) - seen)
    if missing:
        raise ValueError(f"{TARGET}: no generated region for {missing}")
    return out
