#!/usr/bin/env bash
# make bench-peers: install the peers into bench/peers/node_modules, run the table-load
# scenario on spieltisch, Colyseus 0.18 and boardgame.io 0.50, print the markdown table.
# Extra arguments go to run.mjs (e.g. --only ours,colyseus --runs 20x200).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
if [ ! -d node_modules/colyseus ] || [ ! -d node_modules/boardgame.io ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # --legacy-peer-deps: an optional peer of colyseus points at a source that cannot be fetched
  # (npm install, not npm ci: npm ci refuses a lock without the other platforms' optional
  # msgpackr-extract binaries; install follows the lock file all the same)
  npm install --legacy-peer-deps --no-audit --no-fund --loglevel=error
fi
exec node run.mjs "$@"
