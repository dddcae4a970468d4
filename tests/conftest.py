"""Shared test set-up: the Hypothesis profile, and Open WebUI's environment.

Importing `open_webui` modules (unit tests use the real ones) creates a database under DATA_DIR:
point it at a scratch folder inside the repository, never at site-packages.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

from devkit.plugins import ROOT, load_plugin  # noqa: F401  (the one plugin loader)

# The one Hypothesis profile, in development and in CI alike. No deadline and no `too_slow` health
# check: both are wall-clock limits, and on a shared 2-core machine one example can take ten times
# as long as it did a minute before (what a test bounds, it counts in operations instead). A test
# that needs another number of examples says so next to its own `@settings(max_examples=...)`.
settings.register_profile(
    "owui-toolkit",
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.load_profile("owui-toolkit")

_SCRATCH = ROOT / "test-output" / "unit-open-webui"
(_SCRATCH / "data").mkdir(parents=True, exist_ok=True)
for key, value in {
    "DATA_DIR": str(_SCRATCH / "data"),
    "STATIC_DIR": str(_SCRATCH / "static"),
    "FROM_INIT_PY": "true",
    "OFFLINE_MODE": "true",
    "HF_HUB_OFFLINE": "1",
    "ENABLE_OLLAMA_API": "false",
    "RAG_EMBEDDING_ENGINE": "openai",
    "WEBUI_SECRET_KEY": "unit-tests",
}.items():
    os.environ.setdefault(key, value)

