"""The plugin files obey Open WebUI's loading rules, checked with Open WebUI's own code."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import ROOT

PLUGINS = {"tools/subquery.py": "Tools", "filters/tool_context_filter.py": "Filter", "filters/text_tool_calls.py": "Filter"}
REQUIRED_KEYS = {"title", "author", "version", "license", "description", "required_open_webui_version"}


@pytest.mark.parametrize("path", PLUGINS)
def test_frontmatter_is_what_open_webui_reads(path):
    from open_webui.utils.plugin import extract_frontmatter

    source = (ROOT / path).read_text()
    assert source.splitlines()[0] == '"""'
    meta = extract_frontmatter(source)
    assert REQUIRED_KEYS <= set(meta), REQUIRED_KEYS - set(meta)
    assert all(meta[k] for k in REQUIRED_KEYS)


@pytest.mark.parametrize("path", PLUGINS)
def test_source_survives_open_webui_import_rewriting_unchanged(path):
    """Open WebUI rewrites `from utils`, `from main`... anywhere in the text: none may appear."""
    from open_webui.utils.plugin import replace_imports

    source = (ROOT / path).read_text()
    assert replace_imports(source) == source


@pytest.mark.parametrize("path", PLUGINS)
def test_imports_without_open_webui_and_without_repository_files(path, tmp_path):
    """The pure core must import where Open WebUI cannot: block the package and the repo's own modules."""
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import importlib.abc, importlib.util, sys\n"
        "class Block(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('open_webui', 'tests', 'scripts', 'tools', 'filters', 'tiktoken',\n"
        "                                   'src', 'subquery', 'context_filter', 'textcalls', 'text_tool_calls',\n"
        "                                   'devkit'):\n"
        "            raise ImportError('blocked ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        f"spec = importlib.util.spec_from_file_location('plugin', {str(ROOT / path)!r})\n"
        "module = importlib.util.module_from_spec(spec)\n"
        "sys.modules['plugin'] = module  # as Open WebUI does: registered during exec only\n"
        "spec.loader.exec_module(module)\n"
        "sys.modules.pop('plugin')\n"
        f"instance = module.{PLUGINS[path]}()\n"
        "print('imported', type(instance).__name__)\n"
    )
    done = subprocess.run([sys.executable, str(probe)], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert f"imported {PLUGINS[path]}" in done.stdout


async def test_open_webui_loads_the_tool_and_exposes_subquery_and_subqueries():
    from open_webui.utils.plugin import load_tool_module_by_id
    from open_webui.utils.tools import get_functions_from_tool, get_tool_specs

    instance, frontmatter, _module = await load_tool_module_by_id(
        "subquery_spec_check", content=(ROOT / "tools/subquery.py").read_text()
    )
    assert frontmatter["title"] == "Subquery"
    assert [f.__name__ for f in get_functions_from_tool(instance)] == ["subqueries", "subquery"]
    many, one = get_tool_specs(instance)
    assert one["name"] == "subquery"
    assert one["parameters"]["required"] == ["prompt"]
    assert set(one["parameters"]["properties"]) == {"prompt", "include_recent_messages"}
    assert one["parameters"]["properties"]["include_recent_messages"]["type"] == "integer"
    assert one["parameters"]["properties"]["prompt"]["description"].startswith("The complete subtask")
    assert one["description"].startswith("Delegate a focused, self-contained subtask")
    assert many["name"] == "subqueries" and many["parameters"]["required"] == ["tasks"]
    assert many["parameters"]["properties"]["tasks"] == {
        "type": "array", "items": {"type": "string"}, "description": many["parameters"]["properties"]["tasks"]["description"]}
    assert many["description"].startswith("Run several independent subtasks at once")
    assert isinstance(instance.valves, instance.Valves)


@pytest.mark.parametrize("offered", [("subquery",), ("subqueries",)])
async def test_the_admin_offers_either_function_by_the_tools_function_list(offered):
    """Open WebUI builds the specs from the public methods when the tool is saved (a valve cannot change them
    later): the file's FUNCTIONS line decides, and the other function is not offered."""
    from open_webui.utils.plugin import load_tool_module_by_id
    from open_webui.utils.tools import get_tool_specs

    source = (ROOT / "tools/subquery.py").read_text()
    line = 'FUNCTIONS = ("subquery", "subqueries")'
    assert source.count(line) == 1
    instance, _, _ = await load_tool_module_by_id("subquery_one_function", content=source.replace(line, f"FUNCTIONS = {offered!r}"))
    assert [spec["name"] for spec in get_tool_specs(instance)] == list(offered)
