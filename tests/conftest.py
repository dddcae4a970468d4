"""Shared test set-up.

Importing `open_webui` modules (unit tests use the real ones) creates a database under DATA_DIR:
point it at a scratch folder inside the repository, never at site-packages.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
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


def load_plugin(relative: str, name: str) -> ModuleType:
    """Import a single-file plugin by path, the way Open WebUI sees it: a standalone module."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / relative)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
