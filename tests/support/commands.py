"""Running a project command as a person would (``python -m ...`` in the project's
root) and reading back the markdown tables it prints."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


async def run_module(module: str, *argv: str, timeout: float = 120) -> tuple[int, str, str]:
    """``python -m module argv...``: its exit code, standard output and error."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        module,
        *argv,
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    stdout, stderr = await asyncio.wait_for(proc.communicate(), timeout)
    assert proc.returncode is not None
    return proc.returncode, stdout.decode(), stderr.decode()


def rows(text: str, first: str) -> list[list[str]]:
    """The body rows of the markdown table whose header begins with ``first``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {first} |"))
    out = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        out.append([c.strip() for c in line.split("|")[1:-1]])
    return out
