"""make bench: every benchmark of the project, one after another, each in its own
process so none inherits another's warm caches or memory. Each prints a table."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


# Modules of bench/ that are not benchmarks on their own: the null game's hub (a server
# that runs until stopped, started by bench.hub and bench.split) and the side-by-side
# comparison, which needs a git ref to compare with.
NOT_ALONE = {"bench.nullgame", "bench.ab"}


def modules() -> list[str]:
    found = ["bench.playouts", "bench.hub"]
    for path in sorted((ROOT / "bench").glob("*.py")):
        name = f"bench.{path.stem}"
        if not path.stem.startswith("_") and name not in found and name not in NOT_ALONE:
            found.append(name)
    for path in sorted((ROOT / "server" / "games").glob("*/bench.py")):
        found.append(f"server.games.{path.parent.name}.bench")
    return found


def main() -> int:
    failed = []
    for module in modules():
        print(f"\n## {module}\n", flush=True)
        if subprocess.call([sys.executable, "-m", module], cwd=ROOT) != 0:
            failed.append(module)
    if failed:
        print(f"\nthese benchmarks did not run to the end: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
