# The two commands a newcomer needs: `make run` and `make test`.
# Everything else here is what those two call.

PYTHON ?= python3
HOST ?= 127.0.0.1
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin
PY_STAMP := $(VENV)/.installed
NODE_STAMP := client/node_modules/.installed
CLIENT_SOURCES := $(shell find client/src client/index.html client/vite.config.ts client/tsconfig.json client/package.json -type f 2>/dev/null)

.PHONY: install run test test-python test-client test-e2e bench bench-peers lint format clean

install: $(PY_STAMP) $(NODE_STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(PY_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $@

$(NODE_STAMP): client/package.json client/package-lock.json
	cd client && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

# The client is rebuilt only when one of its sources is newer than the build.
client/dist/index.html: $(CLIENT_SOURCES) $(NODE_STAMP)
	cd client && npm run build --silent

run: $(PY_STAMP) client/dist/index.html
	$(BIN)/python -m server --host $(HOST) --port $(PORT)

test: test-python test-client test-e2e

# Three workers, each test file whole in one of them (a module may check what its own
# tests did): most tests wait on sockets and timers, so even on two cores a third
# worker helps (5 min 11 s with two, 3 min 45 s with three, on 2026-11-27).
# The client's packages too: bench.hub's Node clients (tested here) use them.
test-python: $(PY_STAMP) $(NODE_STAMP)
	$(BIN)/python -m protocol.codegen --check
	$(BIN)/python -m pytest -q -n 3 --dist loadfile

test-client: $(NODE_STAMP)
	cd client && npm test --silent

test-e2e: $(PY_STAMP) client/dist/index.html
	cd client && npm run e2e --silent

bench: $(PY_STAMP)
	$(BIN)/python -m bench

# Side by side with Colyseus and boardgame.io (Node; about 10 minutes): bench/peers/README.md.
bench-peers: $(PY_STAMP)
	bash bench/peers/run.sh

lint: $(PY_STAMP)
	$(BIN)/ruff check protocol server bots bench tests
	$(BIN)/ruff format --check protocol server bots bench tests
	$(BIN)/mypy protocol server bots bench

format: $(PY_STAMP)
	$(BIN)/ruff format protocol server bots bench tests
	$(BIN)/ruff check --fix protocol server bots bench tests

clean:
	rm -rf $(VENV) client/node_modules client/dist client/test-results
