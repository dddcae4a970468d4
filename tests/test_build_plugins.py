"""The build of the paste-in files (``scripts/build_plugins.py``), on throwaway package trees.

It orders modules by their imports and merges the imports; it fails loudly on what one flat namespace
cannot hold (a cycle, a name bound twice, a name that shadows a merged import, a name used but not
bound, nested or aliased imports of our packages); it cuts the text where the parser says lines are;
the file opens with a table of contents whose line numbers are right; generated data comes last.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from devkit.plugins import ROOT

sys.path.insert(0, str(ROOT / "scripts"))
import build_plugins  # noqa: E402

FRONT = '"""\ntitle: T\n"""\n'
TOOLS = "class Tools:\n    pass\n"


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    src = tmp_path / "src"
    for name, body in files.items():
        path = src / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body)
    return src


def _problems(src: Path) -> str:
    with pytest.raises(build_plugins.BuildError) as info:
        build_plugins.build("plug", src)
    return "\n".join(info.value.problems)


def _run(text: str) -> dict:
    namespace: dict = {}
    exec(compile(text, "bundle", "exec"), namespace)  # noqa: S102 - our own generated code
    return namespace


def _section(text: str, rel: str) -> str:
    """The text under the banner of ``rel``, up to the next banner."""
    head = "\n" + build_plugins.banner(rel) + "\n"
    start = text.index(head) + len(head)
    ends = [i for i in (text.find("\n# src/", start), text.find("\n" + build_plugins.RULE, start)) if i >= 0]
    end = min(ends, default=-1)
    return text[start : end if end >= 0 else len(text)].strip("\n")


def test_the_build_orders_modules_by_their_imports_and_strips_ours(tmp_path):
    src = _tree(
        tmp_path,
        {
            "plug/__init__.py": FRONT,
            "plug/top.py": '"""Top."""\n\nfrom __future__ import annotations\n\nimport json\n\nfrom .low import LOW\n\n'
            "def top():\n    return json.dumps(LOW)\n\n\n" + TOOLS,
            "plug/low.py": '"""Low."""\n\nfrom __future__ import annotations\n\nimport json\n\nLOW = json.loads("1")\n',
        },
    )
    text = build_plugins.build("plug", src)
    assert text.startswith(FRONT)
    assert text.index("# src/plug/low.py") < text.index("# src/plug/top.py")
    assert text.count("import json") == 1 and "from .low" not in text
    assert _run(text)["top"]() == "1"


def test_the_build_fails_on_a_cycle_and_on_a_name_defined_twice(tmp_path):
    src = _tree(
        tmp_path,
        {
            "plug/__init__.py": FRONT,
            "plug/a.py": "from .b import B\n\nA = 1\nX = 1\n" + TOOLS,
            "plug/b.py": "from .a import A\n\nB = 2\nX = 2\n",
        },
    )
    problems = _problems(src)
    assert "import cycle" in problems and "`X` is defined in src/plug/b.py:4 and in src/plug/a.py:4" in problems


def test_the_build_refuses_nested_or_aliased_imports_of_our_packages(tmp_path):
    src = _tree(
        tmp_path,
        {
            "plug/__init__.py": FRONT,
            "plug/a.py": "from .b import B as C\n\ndef f():\n    from .b import B\n    return B, C\n" + TOOLS,
            "plug/b.py": "B = 2\n",
        },
    )
    problems = _problems(src)
    assert "no aliases" in problems and "inside a block" in problems


# Every way a module binds a name at its top level, as Python's scoping rules count them.
BINDINGS = {
    "def": "def loads(s):\n    return 'mine'\n",
    "class": "class loads:\n    pass\n",
    "assignment": "loads = str\n",
    "annotated": "loads: object = str\n",
    "tuple target": "loads, other = str, 1\n",
    "in an if": "if len('a'):\n    loads = str\n",
    "in a try": "try:\n    import pickle\nexcept ImportError:\n    pickle = None\nelse:\n    loads = pickle.loads\n",
    "import in a block": "if len('a'):\n    from pickle import loads\n",
    "for target": "for loads in (str,):\n    pass\n",
    "walrus": "SIZE = len(loads := 'abc')\n",
    "global in a function": "def setup():\n    global loads\n    loads = str\n",
    "with target": "import contextlib\n\nwith contextlib.nullcontext(str) as loads:\n    pass\n",
}


@pytest.mark.parametrize("binding", BINDINGS.values(), ids=list(BINDINGS))
def test_a_module_name_that_shadows_a_merged_import_fails_the_build(tmp_path, binding):
    """In one flat namespace, a module's own `loads` would silently replace the `json.loads` another
    module imported: whichever way the name is bound, the build fails and names both places."""
    src = _tree(
        tmp_path,
        {
            "plug/__init__.py": FRONT,
            "plug/reader.py": "from json import loads\n\n\ndef read(text):\n    return loads(text)\n\n\n" + TOOLS,
            "plug/other.py": binding,
        },
    )
    problems = _problems(src)
    assert re.search(r"src/plug/other\.py:\d+: `loads` shadows the merged import of `json\.loads` \(src/plug/reader\.py:1\)", problems), problems


@pytest.mark.parametrize("binding", BINDINGS.values(), ids=list(BINDINGS))
def test_a_name_bound_in_two_modules_fails_the_build_however_it_is_bound(tmp_path, binding):
    src = _tree(
        tmp_path,
        {"plug/__init__.py": FRONT, "plug/one.py": "def loads(s):\n    return s\n\n\n" + TOOLS, "plug/other.py": binding},
    )
    assert "`loads` is defined in src/plug/one.py:1 and in src/plug/other.py:" in _problems(src)


def test_a_module_that_imports_a_name_and_defines_it_too_fails_the_build(tmp_path):
    src = _tree(tmp_path, {"plug/__init__.py": FRONT, "plug/a.py": "from json import loads\n\n\ndef loads(s):\n    return s\n\n\n" + TOOLS})
    assert "src/plug/a.py:4: `loads` shadows the merged import of `json.loads` (src/plug/a.py:1)" in _problems(src)


def test_two_modules_that_import_one_name_from_two_places_fail_the_build(tmp_path):
    src = _tree(
        tmp_path,
        {"plug/__init__.py": FRONT, "plug/a.py": "from json import loads\n\n" + TOOLS, "plug/b.py": "from pickle import loads\n"},
    )
    assert "src/plug/b.py:1: `loads` is bound to json.loads elsewhere" in _problems(src)


def test_a_name_a_module_uses_without_binding_it_fails_the_build(tmp_path):
    """In the bundle `b` would silently find `a`'s `HELPER`; on its own it raises NameError."""
    src = _tree(
        tmp_path,
        {
            "plug/__init__.py": FRONT,
            "plug/a.py": "HELPER = 1\n\n" + TOOLS,
            "plug/b.py": "from .a import Tools\n\n\ndef f():\n    return HELPER + len(Tools.__name__)\n",
        },
    )
    assert "src/plug/b.py:5: `HELPER` is used but neither defined nor imported here" in _problems(src)


def test_an_import_that_shares_its_line_with_another_statement_fails_the_build(tmp_path):
    src = _tree(tmp_path, {"plug/__init__.py": FRONT, "plug/a.py": "import json; X = json.dumps(1)\n\n" + TOOLS})
    assert "src/plug/a.py:1: put this top-level import on a line of its own" in _problems(src)


def test_a_package_without_the_class_open_webui_loads_fails_the_build(tmp_path):
    src = _tree(tmp_path, {"plug/__init__.py": FRONT, "plug/a.py": "X = 1\n"})
    assert "src/plug/ must define one of Tools, Filter, Pipe, Action; found none" in _problems(src)


# Characters `str.splitlines()` cuts at and Python's tokenizer does not: a line count built on
# splitlines() drifts by one after each of them, then drops the wrong lines and keeps an import.
NOT_LINE_BREAKS = ["\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]


@pytest.mark.parametrize("char", NOT_LINE_BREAKS, ids=[f"U+{ord(c):04X}" for c in NOT_LINE_BREAKS])
def test_the_build_cuts_on_the_parsers_lines_not_on_splitlines(tmp_path, char):
    module = (
        f'"""A docstring that holds {char} and{char}{char} more."""\n\n'
        "from __future__ import annotations\n\n"
        "import json\n"
        "from .low import LOW\n\n"
        f"NOTE = 'a string with {char} in it'\n\n\n"
        "def top():\n"
        "    return json.dumps(LOW)\n\n\n" + TOOLS
    )
    src = _tree(tmp_path, {"plug/__init__.py": FRONT, "plug/top.py": module, "plug/low.py": "LOW = 1\n"})
    text = build_plugins.build("plug", src)
    # the imports go; the blank lines they stood between are squeezed to two, as everywhere
    expected = module.replace("from __future__ import annotations\n\nimport json\nfrom .low import LOW\n\n", "\n")
    assert _section(text, "src/plug/top.py") + "\n" == expected
    namespace = _run(text)
    assert namespace["top"]() == "1" and char in namespace["NOTE"]


def test_blank_lines_inside_a_string_are_kept_and_those_between_statements_squeezed(tmp_path):
    module = 'TEXT = """one\n\n\n\n\nsix"""\n\n\n\n\nX = 1\n\n\n' + TOOLS
    src = _tree(tmp_path, {"plug/__init__.py": FRONT, "plug/a.py": module})
    text = build_plugins.build("plug", src)
    assert _section(text, "src/plug/a.py") == 'TEXT = """one\n\n\n\n\nsix"""\n\n\nX = 1\n\n\n' + TOOLS.rstrip("\n")
    assert _run(text)["TEXT"] == "one\n\n\n\n\nsix"


def test_an_import_and_the_comment_right_above_it_go_together(tmp_path):
    module = "X = 1\n\n# json, for the reader\nimport json  # noqa: E402\n\n# the reader\ndef read(s):\n    return json.loads(s)\n\n\n" + TOOLS
    src = _tree(tmp_path, {"plug/__init__.py": FRONT, "plug/a.py": module})
    section = _section(build_plugins.build("plug", src), "src/plug/a.py")
    assert "json, for the" not in section and "noqa" not in section and section.startswith("X = 1\n\n\n# the reader\n")


def _contents(text: str) -> list[tuple[int, str]]:
    head = text.split("# Contents (line: part):\n", 1)[1].split(build_plugins.RULE, 1)[0]
    return [(int(n), what) for n, what in re.findall(r"^#\s+(\d+): (.+)$", head, re.M)]


def _check_contents(text: str, modules: list[str]) -> list[tuple[int, str]]:
    """Each entry of the table of contents names the line it says; the class Open WebUI loads first."""
    lines = text.split("\n")
    entries = _contents(text)
    cls = entries[0][1].split(":")[0]
    assert re.fullmatch(r"class (Tools|Filter|Pipe|Action)", cls)
    assert lines[entries[0][0] - 1].startswith(cls + ":") or lines[entries[0][0] - 1].startswith(cls + "(")
    for number, what in entries[1:]:
        assert lines[number - 1] == build_plugins.banner(what), (number, what)
    assert [what.split(",")[0].split(" ")[0] for _, what in entries[1:]] == modules
    return entries


def test_the_contents_name_the_right_lines_and_generated_data_comes_last(tmp_path):
    data = '"""Generated: do not edit."""\n\n#: read at import time\nPIECES = "ab"\n\n#: read when called\nBLOB = (\n    "x"\n    "y"\n)\n'
    use = (
        "from .tables_data import BLOB, PIECES\n\nPATTERN = PIECES + 'c'\n\n\n"
        "def blob():\n    return BLOB\n\n\n" + TOOLS.replace("pass", "def blob(self):\n        return blob()")
    )
    src = _tree(tmp_path, {"plug/__init__.py": FRONT, "plug/tables_data.py": data, "plug/use.py": use})
    text = build_plugins.build("plug", src)
    entries = _check_contents(text, ["src/plug/tables_data.py", "src/plug/use.py", "src/plug/tables_data.py"])
    assert entries[-1][1] == "src/plug/tables_data.py, the rest of it (generated data)"
    assert text.index("PIECES = ") < text.index("PATTERN = ") < text.index("\nclass Tools") < text.index("BLOB = (")
    assert _section(text, "src/plug/tables_data.py, the rest of it (generated data)") == '#: read when called\nBLOB = (\n    "x"\n    "y"\n)'
    assert text.count("#: read at import time") == 1 and text.endswith(')\n')
    namespace = _run(text)
    assert namespace["PATTERN"] == "abc" and namespace["Tools"]().blob() == "xy"


def test_data_a_function_reads_when_it_runs_at_import_time_stays_before_it(tmp_path):
    data = '"""Generated."""\n\nTABLE = {"a": 1}\nUNUSED = (1, 2)\n'
    use = (
        "from .t_data import TABLE, UNUSED\n\n\ndef lookup(key):\n    return TABLE[key]\n\n\n"
        "class Tools:\n    def __init__(self):\n        self.n = lookup('a')\n\n    def unused(self):\n        return UNUSED\n\n\n"
        "DEFAULT = Tools()\n"
    )
    src = _tree(tmp_path, {"plug/__init__.py": FRONT, "plug/t_data.py": data, "plug/use.py": use})
    text = build_plugins.build("plug", src)
    _check_contents(text, ["src/plug/t_data.py", "src/plug/use.py", "src/plug/t_data.py"])
    assert text.index("TABLE = ") < text.index("\nclass Tools") < text.index("UNUSED = (1, 2)")
    assert _run(text)["DEFAULT"].n == 1


def test_a_data_module_nobody_reads_at_import_time_comes_last_whole_with_its_docstring(tmp_path):
    data = '"""Generated: do not edit."""\n\nBLOB = "xy"\n'
    use = "from .t_data import BLOB\n\n\nclass Tools:\n    def blob(self):\n        return BLOB\n"
    src = _tree(tmp_path, {"plug/__init__.py": FRONT, "plug/t_data.py": data, "plug/use.py": use})
    text = build_plugins.build("plug", src)
    _check_contents(text, ["src/plug/use.py", "src/plug/t_data.py"])
    assert _section(text, "src/plug/t_data.py (generated data)") == data.rstrip("\n")
    assert _run(text)["Tools"]().blob() == "xy"


@pytest.mark.parametrize("out", build_plugins.PLUGINS)
def test_the_plugin_files_contents_name_the_right_lines(out):
    text = (ROOT / out).read_text()
    modules = re.findall(r"^# (src/\S+\.py)\b", text, re.M)
    entries = _check_contents(text, modules)
    assert entries[0][0] < len(text.split("\n")) and len(entries) == len(modules) + 1


def test_the_filters_generated_data_comes_after_the_class_open_webui_loads():
    text = (ROOT / "filters/tool_context_filter.py").read_text()
    assert text.index("\nclass Filter") < text.index("\n_TOKENS_B85 = (")
    assert _contents(text)[-1][1] == "src/context_filter/estimator_data.py, the rest of it (generated data)"
