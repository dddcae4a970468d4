"""Shared test set-up.

Importing `open_webui` modules (unit tests use the real ones) creates a database under DATA_DIR:
point it at a scratch folder inside the repository, never at site-packages.
"""

from __future__ import annotations

import os

from devkit.plugins import ROOT, load_plugin  # noqa: F401  (the one plugin loader)

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

