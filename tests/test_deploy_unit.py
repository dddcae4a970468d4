"""scripts/deploy.py without a server: it stands alone, its parsing agrees with Open WebUI's, and the
changes it plans reach the state it wants (the e2e tests run it on the real server)."""

from __future__ import annotations

import ast
import functools
import http.server
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from open_webui.models.functions import FunctionForm
from open_webui.models.models import ModelForm
from open_webui.models.tools import ToolForm
from open_webui.utils.plugin import extract_frontmatter

from scripts import deploy
from scripts.deploy import (
    CREATED_MARK,
    PLUGINS,
    DeployError,
    OpenWebUI,
    Plugin,
    attach_changes,
    default_source,
    detach_changes,
    flag_changes,
    load_plugin,
    parse_frontmatter,
    release_url,
    upsert_changes,
    valves_changes,
    version_tuple,
)
from tests.conftest import ROOT

SCRIPT = ROOT / "scripts" / "deploy.py"

line = st.one_of(
    st.from_regex(r"[a-zA-Z_]{1,12}: [^\n\"]{0,30}", fullmatch=True),
    st.text(alphabet=st.characters(blacklist_characters='\n\r"\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029'), max_size=30),
)
ids = st.lists(st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True), max_size=5, unique=True)


# --- it stands alone --------------------------------------------------------------------------------
def test_the_script_imports_the_standard_library_only():
    tree = ast.parse(SCRIPT.read_text())
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    names |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert names, "no imports found"
    outside = {n for n in names if n.split(".")[0] not in sys.stdlib_module_names and n != "__future__"}
    assert not outside


def test_a_lone_copy_runs_without_site_packages(tmp_path):
    """Copied alone into an empty folder and run with no site-packages at all (`-I -S`)."""
    shutil.copy(SCRIPT, tmp_path / "deploy.py")
    run = functools.partial(subprocess.run, capture_output=True, text=True, timeout=60, cwd=tmp_path,
                            stdin=subprocess.DEVNULL, env={})
    done = run([sys.executable, "-I", "-S", "deploy.py", "--help"])
    assert done.returncode == 0 and "--uninstall" in done.stdout and "--dry-run" in done.stdout
    done = run([sys.executable, "-I", "-S", "deploy.py", "--url", "owui.example.com"])
    assert done.returncode == 1 and "an http:// or https:// address" in done.stderr, done.stderr


def test_the_harness_reuses_the_scripts_client():
    from devkit.harness import ChatClient

    assert issubclass(ChatClient, OpenWebUI)
    assert not (ROOT / "devkit" / "deploy.py").exists()


# --- where the plugin files come from ----------------------------------------------------------------
def test_the_default_source_is_next_to_the_script_else_the_project_on_github(tmp_path):
    assert default_source(SCRIPT) == str(ROOT)  # in the repository: scripts/ sits beside tools/ and filters/
    alone = tmp_path / "alone" / "deploy.py"
    alone.parent.mkdir()
    assert default_source(alone) == release_url() == "https://raw.githubusercontent.com/owui-toolkit/owui-toolkit/main"
    beside = tmp_path / "beside"
    for spec in PLUGINS:
        (beside / spec.file).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / spec.file, beside / spec.file)
    assert default_source(beside / "deploy.py") == str(beside)


def test_the_project_url_is_the_plugins_author_url():
    tool = parse_frontmatter((ROOT / "tools" / "subquery.py").read_text())
    assert tool["author_url"] == deploy.PROJECT_URL
    assert release_url(tool["author_url"], "v9") == "https://raw.githubusercontent.com/owui-toolkit/owui-toolkit/v9"


@pytest.fixture
def site(tmp_path) -> Iterator[tuple[str, Path, list[str]]]:
    """A folder served over HTTP on loopback: (base URL, folder, the paths asked for)."""
    root, asked = tmp_path / "site", []
    root.mkdir()

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(root), **kwargs)

        def log_message(self, *args):
            asked.append(self.path)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", root, asked
    server.shutdown()
    server.server_close()


def test_plugins_load_from_a_folder_or_a_url(site, monkeypatch):
    url, root, asked = site
    spec = PLUGINS[0]
    (root / "tools").mkdir()
    shutil.copy(ROOT / spec.file, root / spec.file)
    from_url, from_folder = load_plugin(url, spec, "sq"), load_plugin(str(ROOT), spec, "sq")
    assert from_url == from_folder and (from_url.name, from_url.required_version) == ("Subquery", "0.11.4")
    assert from_url.form({})["meta"]["description"] == from_url.description != ""
    assert asked == ["/tools/subquery.py"]

    with pytest.raises(DeployError, match=r"cannot download .*/filters/tool_context_filter.py: HTTP 404"):
        load_plugin(url, PLUGINS[1], "f")
    (root / "tools" / "subquery.py").write_text("<html>not a plugin</html>")
    with pytest.raises(DeployError, match="has no frontmatter title"):
        load_plugin(url, spec, "sq")
    (root / "tools" / "subquery.py").write_bytes(b'"""\ntitle: x\n"""\n' + b"#" * 5000)
    monkeypatch.setattr(deploy, "MAX_DOWNLOAD", 1000)
    with pytest.raises(DeployError, match="larger than 1000 bytes"):
        load_plugin(url, spec, "sq")
    with pytest.raises(DeployError, match="a folder or an http"):
        load_plugin("ftp://example.com/x", spec, "sq")
    with pytest.raises(DeployError, match="plugin file not found"):
        load_plugin(str(root / "nowhere"), spec, "sq")


# --- parsing, as Open WebUI does it ---------------------------------------------------------------------
@given(st.lists(line, max_size=8), st.booleans())
def test_frontmatter_parsing_matches_open_webui(lines, opened):
    source = ('"""\n' if opened else "# no frontmatter\n") + "\n".join(lines) + '\n"""\nbody = 1\n'
    assert parse_frontmatter(source) == extract_frontmatter(source)


def test_version_tuple():
    assert version_tuple("0.12.4") == (0, 12, 4)
    assert version_tuple("v0.9.0-dev") == (0, 9, 0)
    assert version_tuple("0.12.4") > version_tuple("0.9.10") > version_tuple("0.9.2")


def test_the_forms_sent_are_the_ones_open_webui_validates():
    tool = load_plugin(str(ROOT), PLUGINS[0], "sq")
    [create] = upsert_changes("tools", tool, None)
    ToolForm.model_validate(create.body)
    filt = load_plugin(str(ROOT), PLUGINS[1], "f")
    [create] = upsert_changes("functions", filt, None)
    FunctionForm.model_validate(create.body)
    [made] = attach_changes("m", "sq", None, [{"id": "m", "name": "M", "info": {"meta": {"capabilities": {"x": 1}}}}])
    assert ModelForm.model_validate(made.body).meta.model_dump()[CREATED_MARK] == {"created_for": "sq"}


# --- the changes reach the state they aim at ------------------------------------------------------------
def test_upsert_creates_updates_or_leaves_alone():
    plugin = Plugin("t", "T", "d", '"""\ntitle: T\n"""\n', "0")
    assert [c.path for c in upsert_changes("tools", plugin, None)] == ["/api/v1/tools/create"]
    same = {"content": plugin.content, "name": "T", "meta": {"description": "d"}}
    assert upsert_changes("functions", plugin, same) == []
    [update] = upsert_changes("functions", plugin, {**same, "content": "old"})
    assert (update.path, update.done, update.todo) == ("/api/v1/functions/id/t/update", "updated", "would update")


@given(st.fixed_dictionaries({}, optional={"is_active": st.booleans(), "is_global": st.booleans()}) | st.none(),
       st.booleans(), st.booleans())
def test_flag_toggles_reach_the_flags_wanted(current, active, is_global):
    state = dict(current or {})
    changes = flag_changes("f", current, active=active, is_global=is_global)
    for change in changes:  # each endpoint flips its flag, as Open WebUI's do
        key = "is_global" if change.path.endswith("/toggle/global") else "is_active"
        state[key] = not state.get(key, False)
    assert (bool(state.get("is_active")), bool(state.get("is_global"))) == (active, is_global)
    assert len(changes) == (bool((current or {}).get("is_active")) != active) + (
        bool((current or {}).get("is_global")) != is_global)


@given(st.dictionaries(st.text(max_size=5), st.integers()) | st.none(), st.dictionaries(st.text(max_size=5), st.integers()))
def test_valves_are_merged_once(current, wanted):
    changes = valves_changes("tools", "tool", "t", current, wanted)
    stored = changes[0].body if changes else (current or {})
    assert wanted.items() <= stored.items() and (current or {}).keys() <= stored.keys()
    assert valves_changes("tools", "tool", "t", stored, wanted) == []


def stored(form: dict) -> dict:
    """A model entry as Open WebUI returns it after a create or an update (its meta's fields filled in)."""
    meta = ModelForm.model_validate(form).meta.model_dump()
    return {"base_model_id": None, "params": {}, "access_grants": [], "is_active": True, **form, "meta": meta}


@given(ids, ids.filter(lambda xs: "ourf" not in xs), ids.filter(lambda xs: "ourf" not in xs))
def test_attach_then_uninstall_gives_back_the_workspace_model(tools, filters, defaults):
    model = stored({"id": "m", "name": "M", "base_model_id": "base", "params": {"system": "be brief"},
                    "meta": {"toolIds": tools, "filterIds": filters, "defaultFilterIds": defaults}})
    changes = attach_changes("m", "ours", model, [])
    after = stored(changes[0].body) if changes else model
    assert "ours" in after["meta"]["toolIds"] and CREATED_MARK not in after["meta"]
    refs = {"toolIds": {"ours"}, "filterIds": {"ourf"}, "defaultFilterIds": {"ourf"}}
    undone = detach_changes(after, refs)
    restored = stored(undone[0].body)["meta"] if undone else after["meta"]
    assert restored["toolIds"] == [t for t in tools if t != "ours"]
    assert (restored["filterIds"], restored["defaultFilterIds"]) == (filters, defaults)  # not ours: left alone
    if undone:
        assert detach_changes(stored(undone[0].body), refs) == []  # a second uninstall finds nothing


def test_a_base_model_entry_made_for_the_tool_goes_at_uninstall_unless_the_admin_changed_it():
    listed = [{"id": "gpt-4o", "name": "GPT-4o", "info": {}}]
    [made] = attach_changes("gpt-4o", "ours", None, listed)
    entry = stored(made.body)
    refs = {"toolIds": {"ours"}, "filterIds": {"ourf"}}
    [gone] = detach_changes(entry, refs)
    assert (gone.path, gone.body, gone.todo) == ("/api/v1/models/model/delete", {"id": "gpt-4o"},
                                                 "would delete 'gpt-4o' (this script made it)")
    assert detach_changes(entry, {"toolIds": {"another"}}) == []  # made for another tool id: not ours to touch
    for edit in ({"params": {"system": "x"}}, {"access_grants": [{"principal_id": "*"}]},
                 {"meta": {**entry["meta"], "description": "mine now"}}, {"is_active": False}):
        [kept] = detach_changes({**entry, **edit}, refs)
        assert kept.path == "/api/v1/models/model/update" and CREATED_MARK not in kept.body["meta"]
        assert kept.body["meta"]["toolIds"] == []
    with pytest.raises(DeployError, match=r"model 'nope' not found \(known: gpt-4o\)"):
        attach_changes("nope", "ours", None, listed)


def test_a_dry_run_client_refuses_to_write_before_it_connects():
    api = OpenWebUI("http://127.0.0.1:9", read_only=True)  # nothing listens there: a write would fail otherwise
    with pytest.raises(DeployError, match="a dry run does not write"):
        api.request("POST", "/api/v1/tools/create", {})
    with pytest.raises(DeployError, match="cannot reach Open WebUI"):
        api.request("GET", "/api/version")


def test_secrets_on_the_command_line_and_useless_options_are_refused(capsys):
    for argv in (["--url", "http://x", "--password", "p"], ["--url", "http://x", "--token", "t"]):
        with pytest.raises(SystemExit) as exit_:
            deploy.main(argv, env={})
        assert exit_.value.code == 2 and "secrets are not taken on the command line" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        deploy.main(["--url", "http://x", "--uninstall", "--model", "m"], env={})
    assert "--uninstall takes no --model" in capsys.readouterr().err


def test_the_valves_file_is_checked_before_anything_is_sent(tmp_path, capsys):
    for text, expected in (("[1, 2]", "must be a JSON object"), ('{"tool": 3}', "must be a JSON object"),
                           ('{"other": {}}', '{"filter": {...}, "text_calls": {...}, "tool": {...}}'), ("{", "cannot read valves file")):
        (tmp_path / "v.json").write_text(text)
        code = deploy.main(["--url", "http://127.0.0.1:9", "--valves-file", str(tmp_path / "v.json")], env={})
        assert code == 1 and expected in capsys.readouterr().err


# --- the text-call filter, when asked (--text-calls) -------------------------------------------------------
def test_the_text_call_filter_is_installed_only_when_asked_and_always_uninstalled():
    def wanted(*argv: str) -> list[str]:
        return [spec.id for spec in deploy.wanted_specs(deploy.parser().parse_args(["--url", "http://x", *argv]))]

    assert wanted() == ["subquery", "tool_context_filter"]
    assert wanted("--text-calls") == ["subquery", "tool_context_filter", "text_tool_calls"]
    assert wanted("--uninstall") == wanted("--uninstall", "--text-calls") == wanted("--text-calls")
    args = deploy.parser().parse_args(["--url", "http://x", "--text-calls-id", "tc"])
    assert (args.text_calls_id, args.tool_id, args.filter_id) == ("tc", "subquery", "tool_context_filter")
    spec = next(s for s in PLUGINS if s.key == "text_calls")
    plugin = load_plugin(str(ROOT), spec, "tc")
    assert (spec.kind, plugin.name, plugin.required_version) == ("filter", "Text Tool Calls", "0.12.4")
    assert plugin.version == parse_frontmatter((ROOT / "filters" / "tool_context_filter.py").read_text())["version"]


def test_the_default_source_needs_only_the_files_of_the_plugins_asked_for(tmp_path):
    two = tmp_path / "two"
    for spec in PLUGINS[:2]:
        (two / spec.file).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / spec.file, two / spec.file)
    assert default_source(two / "deploy.py", PLUGINS[:2]) == str(two)
    assert default_source(two / "deploy.py", PLUGINS) == release_url()  # the third file is not there
