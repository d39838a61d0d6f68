"""The repository stands on its own: no file it tracks points outside it.

A clone has none of a development machine's folders, nor the rule files the project
was started from, so code, tests, data and docs name a source by its title."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Written in pieces so that this file does not match itself.
OUTSIDE = re.compile(
    "|".join(
        [
            "/" + "work/",
            r"\.\./" + "shared",
            "shared/" + "(?:reference|seeds)",
            "PROTOCOL" + r"\.md",
            "RULES" + r"\.md",
        ]
    )
)
ADDRESS = re.compile(r"https?://([^/\s\"'`)]+)")
# Web addresses are allowed only for this machine (servers the tests start), for the
# reserved example names, and the SVG namespace (a name, not a link).
LOCAL = (
    "localhost",
    "127.0.0.1",
    "[::1]",
    "${",
    "spieltisch",
    "hall.example",
    "192.0.2.",
    "www.w3.org",
)


def _tracked() -> list[Path]:
    out = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    return [ROOT / p for p in out.split("\0") if p and not p.endswith("package-lock.json")]


def _text(path: Path) -> str | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    if b"\0" in data:
        return None  # a binary file
    return data.decode("utf-8", errors="replace")


def test_no_file_points_outside_the_repository() -> None:
    found = []
    for path in _tracked():
        text = _text(path)
        if text is None:
            continue
        for n, line in enumerate(text.splitlines(), 1):
            rel = path.relative_to(ROOT)
            if OUTSIDE.search(line):
                found.append(f"{rel}:{n}: {line.strip()[:120]}")
            for host in ADDRESS.findall(line):
                if not host.startswith(LOCAL):
                    found.append(f"{rel}:{n}: {line.strip()[:120]}")
    assert not found, "paths or links outside the repository:\n" + "\n".join(found)
