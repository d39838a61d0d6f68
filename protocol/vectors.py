"""Shared patch test vectors: cases of (a, b, ops) that every implementation of
``apply`` (the Python one here, the client's TypeScript one) must agree on.

    python -m protocol.vectors            # writes protocol/patch_vectors.json
    python -m protocol.vectors --check    # exit 1 when the file is stale

The cases are hand-picked corners (root replacement, deletes from the end of a list,
type changes, bool versus int) plus pseudo-random trees from a fixed seed, so the
file is the same on every machine.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
from pathlib import Path
from typing import Any

from protocol.patch import apply, diff

TARGET = Path(__file__).resolve().parent / "patch_vectors.json"

_CORNERS: list[tuple[Any, Any]] = [
    ({}, {}),
    ({"a": 1}, {"a": 2}),
    ({"a": 1}, {"a": True}),
    ({"a": 1}, {"a": 1.5}),
    ({"a": 1}, {}),
    ({}, {"a": {"b": [1, 2]}}),
    ([1, 2, 3], [1, 2, 3, 4, 5]),
    ([1, 2, 3, 4, 5], [1, 2]),
    ([1, 2, 3], [3, 2, 1]),
    ({"l": [{"x": 1}, {"x": 2}]}, {"l": [{"x": 1}, {"x": 3}]}),
    ({"l": [1, 2, 3]}, {"l": "now a string"}),
    ("root", {"root": None}),
    (None, [None]),
    ({"log": []}, {"log": [{"code": "placed", "args": {"x": 0, "y": -1}}]}),
    ({"k": [[1], [2]]}, {"k": [[1], [2, 3]]}),
    ({"unicode": "ä"}, {"unicode": "日本語"}),
    ({"hand": ["a", "b", "c", "d"]}, {"hand": ["a", "c", "d"]}),
    ({"n": -1}, {"n": 2**40}),
]


def _tree(rng: random.Random, depth: int) -> Any:
    kind = rng.randrange(8 if depth > 0 else 5)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.randrange(-1000, 1000)
    if kind == 3:
        return rng.choice([0.5, -2.25, 1e9])
    if kind == 4:
        return rng.choice(["", "x", "tile", "ä"])
    if kind in (5, 6):
        return {rng.choice("abcdef"): _tree(rng, depth - 1) for _ in range(rng.randrange(5))}
    return [_tree(rng, depth - 1) for _ in range(rng.randrange(5))]


def _mutate(rng: random.Random, t: Any, depth: int) -> Any:
    t = copy.deepcopy(t)
    if isinstance(t, dict) and t and rng.random() < 0.7:
        k = rng.choice(sorted(t))
        t[k] = _mutate(rng, t[k], depth - 1)
        if rng.random() < 0.3:
            t[rng.choice("ghij")] = _tree(rng, 1)
        return t
    if isinstance(t, list) and t and rng.random() < 0.7:
        choice = rng.randrange(3)
        if choice == 0:
            t.extend(_tree(rng, 1) for _ in range(rng.randrange(1, 3)))
        elif choice == 1:
            del t[rng.randrange(len(t)) :]
        else:
            i = rng.randrange(len(t))
            t[i] = _mutate(rng, t[i], depth - 1)
        return t
    return _tree(rng, depth)


def cases() -> list[dict[str, Any]]:
    rng = random.Random(20261122)
    pairs = list(_CORNERS)
    for _ in range(150):
        a = _tree(rng, 4)
        pairs.append((a, _mutate(rng, a, 4)))
    out = []
    for a, b in pairs:
        ops = diff(a, b)
        assert apply(copy.deepcopy(a), ops) == b
        out.append({"a": a, "b": b, "ops": ops})
    return out


def render() -> str:
    return json.dumps(cases(), ensure_ascii=False, indent=None, separators=(",", ":")) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail when the file is stale")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        if not TARGET.exists() or TARGET.read_text() != text:
            print(f"{TARGET} is stale: run python -m protocol.vectors", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text)
    print(f"wrote {TARGET} ({len(json.loads(text))} cases)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
