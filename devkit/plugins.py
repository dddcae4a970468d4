"""The one plugin loader: import a single-file plugin by path, as Open WebUI sees it (a standalone module)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def load_plugin(relative: str | Path, name: str) -> ModuleType:
    """Import `ROOT/relative` as module `name` once; later calls return the same module."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / relative)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
