"""The source packages under src/ and the build that makes the paste-in files (issue 24).

The rules: only adapter modules (``owui.py``, ``owui_*.py``) import Open WebUI, and no core module
imports an adapter; no module over 500 lines (generated data modules, ``*_data.py``, exempt), no
function over 60 and no class over 200; the committed plugin files are exactly what the build makes.  The build's
own rules are tested in ``test_build_plugins.py``.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from devkit.plugins import ROOT

SRC = ROOT / "src"
MODULES = sorted(p for p in SRC.rglob("*.py"))
sys.path.insert(0, str(ROOT / "scripts"))
import build_plugins  # noqa: E402


def _is_adapter(path: Path) -> bool:
    return path.stem == "owui" or path.stem.startswith("owui_")


def _imports(path: Path) -> list[tuple[str, int]]:
    """Every module an import in ``path`` names (functions included), absolute, with its line."""
    tree = ast.parse(path.read_text())
    package = ".".join(path.relative_to(SRC).parent.parts)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                out.append((".".join(base + ([node.module] if node.module else [])), node.lineno))
            else:
                out.append((node.module or "", node.lineno))
    return out


def test_there_are_packages_to_check():
    assert {"subquery", "context_filter", "textcalls"} <= build_plugins.packages()
    assert len(MODULES) > 10


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_only_adapter_modules_import_open_webui_and_no_core_module_imports_an_adapter(path):
    for name, line in _imports(path):
        if name.split(".")[0] == "open_webui":
            assert _is_adapter(path), f"{path.relative_to(ROOT)}:{line} imports {name}"
        last = name.split(".")[-1]
        if name.split(".")[0] in build_plugins.packages() and (last == "owui" or last.startswith("owui_")):
            assert _is_adapter(path), f"{path.relative_to(ROOT)}:{line}: a core module imports {name}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_modules_and_functions_are_small(path):
    text = path.read_text()
    if not path.stem.endswith("_data"):
        assert text.count("\n") <= 500, f"{path.relative_to(ROOT)}: {text.count(chr(10))} lines"
    limits = {ast.FunctionDef: 60, ast.AsyncFunctionDef: 60, ast.ClassDef: 200}
    long = [
        (n.name, n.end_lineno - n.lineno + 1)
        for n in ast.walk(ast.parse(text))
        if type(n) in limits and n.end_lineno - n.lineno + 1 > limits[type(n)]
    ]
    assert not long, long


def test_the_committed_plugin_files_are_a_fresh_build():
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_plugins.py"), "--check"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_plugin_files_start_with_the_frontmatter_then_the_notice():
    for out, package in build_plugins.PLUGINS.items():
        text = (ROOT / out).read_text()
        init = ast.get_docstring(ast.parse((SRC / package / "__init__.py").read_text()), clean=False)
        assert text.startswith('"""' + init + '"""\n')
        assert f"GENERATED FILE: do not edit.  Built from src/{package}/" in text
        assert "from __future__ import annotations" in text.split("# src/")[0]  # one import block, first


# What Open WebUI reads from a plugin's class (utils/plugin.py, utils/tools.py, utils/filter.py): its hooks,
# valves and the functions it offers; everything else in the class must serve one of them.
_OPEN_WEBUI_READS = {"__init__", "Valves", "UserValves", "inlet", "outlet", "stream", "request", "__dir__"}


@pytest.mark.parametrize("out", sorted(build_plugins.PLUGINS), ids=str)
def test_every_member_of_a_shipped_class_serves_what_open_webui_calls(out):
    """No test hooks: a private member no entry point reaches through `self.<name>` fails."""
    tree = ast.parse((ROOT / out).read_text())
    shipped = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name in ("Tools", "Filter"))
    members = {n.name: n for n in shipped.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    members |= {t.id: n for n in shipped.body if isinstance(n, ast.Assign) for t in n.targets}
    public = {name for name in members if not name.startswith("_")}  # Tools' public methods are its functions
    reached, todo = set(), [name for name in members if name in _OPEN_WEBUI_READS | public]
    while todo:
        name = todo.pop()
        if name in reached:
            continue
        reached.add(name)
        for node in ast.walk(members[name]):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
                todo += [node.attr] if node.attr in members else []
    assert set(members) == reached, f"{out}: {sorted(set(members) - reached)} serve no entry point"
