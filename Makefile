# The two commands of the quick start: `make demo` and `make test`.
# Each creates .venv (and installs the pinned Open WebUI) when it is missing or stale.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.deps-stamp

.PHONY: demo test lint bench clean-data chromium toolservers

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	@# Take the local CPU build of PyTorch first where the machine has one (saves several GB).
	-$(PY) -m pip install -q torch==2.13.0
	$(PY) -m pip install -q -e '.[test,dev]'
	@touch $(STAMP)

demo: $(STAMP) toolservers
	$(PY) scripts/demo.py $(ARGS)

test: $(STAMP) chromium toolservers
	$(PY) -m pytest $(ARGS)

chromium:
	@bash scripts/ensure_chromium.sh

# The real MCP/OpenAPI tool servers and their proxies, in .venv-tools and .venv-proxy (pinned, stamped).
toolservers:
	@PYTHON=$(PYTHON) bash scripts/ensure_toolservers.sh

lint: $(STAMP)
	$(VENV)/bin/ruff check .

bench: $(STAMP)
	$(PY) scripts/bench_subquery.py
	$(PY) scripts/bench_filter.py

clean-data:
	rm -rf .data test-output
