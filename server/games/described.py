"""A game's options described for people: what a client needs to offer them as
labelled choices in both languages, without knowing any game.

Each field of a game's ``Options`` carries its words where it is declared::

    fluss: Annotated[bool, words("River", "追加キット−川−")] = False
    tiebreak: Annotated[
        Literal["sequential", "sum"],
        words("Tie-break", "同点の決め方", choices={"sum": ("The sum", "合計")}),
    ] = "sequential"

An option that means something only while other yes/no options are on names them
(``requires``: the dragon's timing needs the Princess & Dragon expansion); a client
hides it while they are off.

``describe`` reads them back (with the type, the default, the allowed values and an
integer's bounds) for ``GET /api/games``; ``allowed`` says in words what an option
takes, for a refusal. A field without words is described by its name.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec


def words(
    en: str,
    ja: str,
    choices: dict[Any, tuple[str, str]] | None = None,
    hidden: bool = False,
    ge: int | None = None,
    le: int | None = None,
    requires: tuple[str, ...] = (),
) -> msgspec.Meta:
    """An option's label in English and Japanese, its choices' labels, whether people
    see it at all (``hidden``: a setting for the hall's operator), an integer's bounds
    (``ge``, ``le``), which the server enforces as well, and the yes/no options it
    means nothing without (``requires``)."""
    extra: dict[str, Any] = {"ja": ja, "hidden": hidden}
    if requires:
        extra["requires"] = list(requires)
    if choices:
        extra["choices"] = {value: {"en": c[0], "ja": c[1]} for value, c in choices.items()}
    return msgspec.Meta(title=en, extra=extra, ge=ge, le=le)


class Choice(msgspec.Struct):
    value: Any
    label: dict[str, str]


class OptionSpec(msgspec.Struct, omit_defaults=True):
    key: str
    kind: Literal["bool", "int", "choice", "text"]
    default: Any
    label: dict[str, str]
    choices: list[Choice] | None = None
    min: int | None = None
    max: int | None = None
    hidden: bool = False
    #: The yes/no options that must all be on for this one to mean anything.
    requires: list[str] | None = None


def describe(options: type[msgspec.Struct]) -> list[OptionSpec]:
    specs = []
    for field in msgspec.inspect.type_info(options).fields:  # type: ignore[attr-defined]
        t = field.type
        title, extra = field.name, {}
        if isinstance(t, msgspec.inspect.Metadata):
            title = (t.extra_json_schema or {}).get("title", field.name)
            extra = t.extra or {}
            t = t.type
        label = {"en": title, "ja": extra.get("ja", title)}
        spec = OptionSpec(
            key=field.name,
            kind="text",
            default=field.default,
            label=label,
            hidden=bool(extra.get("hidden", False)),
            requires=list(extra["requires"]) if extra.get("requires") else None,
        )
        if isinstance(t, msgspec.inspect.BoolType):
            spec.kind = "bool"
        elif isinstance(t, msgspec.inspect.IntType):
            spec.kind = "int"
            spec.min = t.ge if t.ge is not None else (t.gt + 1 if t.gt is not None else None)
            spec.max = t.le if t.le is not None else (t.lt - 1 if t.lt is not None else None)
        elif isinstance(t, msgspec.inspect.LiteralType):
            spec.kind = "choice"
            named = extra.get("choices", {})
            spec.choices = [Choice(v, named.get(v, {"en": str(v), "ja": str(v)})) for v in t.values]
            # A choice of one is no choice: nothing to offer.
            spec.hidden = spec.hidden or len(t.values) < 2
        specs.append(spec)
    return specs


def allowed(spec: OptionSpec) -> str:
    """What the option takes, in words, for a refusal: "true or false", "a whole number
    from 0 to 20", "2 (2 points) or 4 (4 points)"."""
    if spec.kind == "bool":
        return "true or false"
    if spec.kind == "int":
        if spec.min is not None and spec.max is not None:
            return f"a whole number from {spec.min} to {spec.max}"
        if spec.min is not None:
            return f"a whole number of at least {spec.min}"
        return "a whole number" if spec.max is None else f"a whole number up to {spec.max}"
    if spec.kind == "choice" and spec.choices:
        names = [
            c.label["en"]
            if c.label["en"].startswith(str(c.value))
            else f"{c.value!r} ({c.label['en']})"
            for c in spec.choices
        ]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    return "a text"
