"""scripts/deploy.py against the real Open WebUI 0.12.4 of this test session: each option, the clear
errors, the password prompt, and a lone copy of the script that installs both plugins, then removes
them, with the password from the environment. Server state is read over REST and in the database."""

from __future__ import annotations

import itertools
import json
import os
import select
import shutil
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import pytest

from devkit.harness import ROOT, ChatClient, OpenWebUIServer
from devkit.scripted_model import ScriptedModel, free_port
from scripts.deploy import CREATED_MARK, PASSWORD_ENV, PLUGINS, TOKEN_ENV, ApiError
from tests.e2e.conftest import ADMIN, MODEL_ID
from tests.test_deploy_unit import site  # noqa: F401  (a folder served on loopback)

pytestmark = pytest.mark.e2e

SCRIPT = ROOT / "scripts" / "deploy.py"
PLUGIN_TABLES = ("tool", "tool_history", "function", "function_history", "model", "model_history", "access_grant")
# Runs a command in a pseudo-terminal (the password prompt needs one) and passes its exit code on.
IN_A_TERMINAL = "import os, pty, sys; sys.exit(os.waitstatus_to_exitcode(pty.spawn(sys.argv[1:])))"
_numbers = itertools.count()


@dataclass(frozen=True)
class Ids:
    prefix: str

    @property
    def tool(self) -> str:
        return self.prefix + "tool"

    @property
    def filter(self) -> str:
        return self.prefix + "filter"

    @property
    def text_calls(self) -> str:
        return self.prefix + "text_calls"

    @property
    def args(self) -> list[str]:
        return ["--tool-id", self.tool, "--filter-id", self.filter, "--text-calls-id", self.text_calls]


def environment(**secrets: str) -> dict[str, str]:
    return {**{k: v for k, v in os.environ.items() if k not in (PASSWORD_ENV, TOKEN_ENV)}, **secrets}


def run_deploy(*args: str, env: dict[str, str] | None = None, command: tuple[str, ...] | None = None,
               cwd: Path | None = None) -> subprocess.CompletedProcess:
    """The script as a user runs it, with no terminal; the admin's password in the environment unless `env`."""
    return subprocess.run([*(command or (sys.executable, str(SCRIPT))), *args], capture_output=True, text=True,
                          timeout=300, stdin=subprocess.DEVNULL, cwd=cwd,
                          env=environment(**{PASSWORD_ENV: ADMIN["password"]}) if env is None else env)


def as_admin(owui: ChatClient, ids: Ids, *args: str, **kwargs) -> subprocess.CompletedProcess:
    """With the admin's token: Open WebUI allows 15 sign-ins per e-mail in 3 minutes (auths.py
    `signin_rate_limiter`), so only the tests about the password sign in with it."""
    kwargs.setdefault("env", environment(**{TOKEN_ENV: owui.token}))
    done = run_deploy("--url", owui.url, *ids.args, *args, **kwargs)
    assert "Traceback" not in done.stderr, done.stderr
    return done


def database_rows(server: OpenWebUIServer, *words: str) -> list[str]:
    """The rows of the plugin and model tables of Open WebUI's database, as SQL, that hold one of `words`
    (all of them when none is given)."""
    with closing(sqlite3.connect(f"file:{server.data_root / 'data' / 'webui.db'}?mode=ro", uri=True)) as db:
        rows = [line for line in db.iterdump() if line.startswith(tuple(f'INSERT INTO "{t}"' for t in PLUGIN_TABLES))]
    return [row for row in rows if not words or any(word in row for word in words)]


def entries_naming(owui: ChatClient, plugin_id: str) -> list[str]:
    """The model entries that name `plugin_id` among their tools or filters."""
    keys = ("toolIds", "filterIds", "defaultFilterIds")
    return [m["id"] for m in owui.model_entries() if any(plugin_id in (m["meta"].get(k) or []) for k in keys)]


def source_folder(tmp_path: Path, **edits: tuple[str, str]) -> Path:
    """A copy of the plugin files, with `edits` {key: (old, new)} made in the file of that plugin key."""
    folder = tmp_path / f"source-{next(_numbers)}"
    for spec in PLUGINS:
        (folder / spec.file).parent.mkdir(parents=True, exist_ok=True)
        text = (ROOT / spec.file).read_text()
        if spec.key in edits:
            old, new = edits[spec.key]
            assert old in text
            text = text.replace(old, new, 1)
        (folder / spec.file).write_text(text)
    return folder


@pytest.fixture
def ids(owui: ChatClient):
    """Plugin ids of this test's own; whatever a failing test left is removed afterwards."""
    made = Ids(f"dpl_{next(_numbers)}_")
    yield made
    for path in (f"/api/v1/tools/id/{made.tool}/delete", f"/api/v1/functions/id/{made.filter}/delete",
                 f"/api/v1/functions/id/{made.text_calls}/delete"):
        try:
            owui.request("DELETE", path)
        except ApiError:
            pass
    for entry in owui.model_entries():
        if entry["id"].startswith(made.prefix) or (entry["meta"].get(CREATED_MARK) or {}).get("created_for") == made.tool:
            owui.request("POST", "/api/v1/models/model/delete", {"id": entry["id"]})


@pytest.fixture
def no_model_entry(owui: ChatClient):
    """The scripted model as a base model with no entry in the database (as a connection lists it)."""
    if owui.model_entry(MODEL_ID):
        owui.request("POST", "/api/v1/models/model/delete", {"id": MODEL_ID})


def test_install_reports_each_step_and_a_second_run_changes_nothing(owui: ChatClient, ids: Ids, no_model_entry,
                                                                     tmp_path):
    valves = tmp_path / "valves.json"
    valves.write_text(json.dumps({"tool": {"max_rounds": 5}, "filter": {"keep_recent_tool_groups": 3}}))
    args = ["--model", MODEL_ID, "--valves-file", str(valves)]

    first = as_admin(owui, ids, *args)
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert [line[:5] for line in lines[:6]] == ["[1/6]", "[2/6]", "[3/6]", "[4/6]", "[5/6]", "[6/6]"]
    assert "Open WebUI 0.12.4" in lines[0] and "(admin)" in lines[0]
    assert lines[1].startswith(f"[2/6] tool '{ids.tool}' (Subquery ") and lines[1].endswith(": created")
    assert lines[2].startswith(f"[3/6] filter '{ids.filter}' (Tool Context Filter ") and lines[2].endswith(": created")
    assert lines[3].endswith("active and global: set active, set global")
    assert lines[4] == "[5/6] valves: tool updated, filter updated"
    assert lines[5] == f"[6/6] model '{MODEL_ID}' has the tool: created"
    assert lines[-1] == "done: everything is in place"

    function = owui.get_function(ids.filter)
    assert function["is_active"] and function["is_global"] and function["type"] == "filter"
    assert owui.get("tools", ids.tool)["content"] == (ROOT / "tools" / "subquery.py").read_text()
    assert owui.valves("tools", ids.tool)["max_rounds"] == 5
    assert owui.valves("functions", ids.filter)["keep_recent_tool_groups"] == 3
    assert owui.model_entry(MODEL_ID)["meta"]["toolIds"] == [ids.tool]

    second = as_admin(owui, ids, *args)
    assert second.returncode == 0, second.stderr
    assert second.stdout.splitlines()[-1] == "done: everything is in place (nothing changed: already up to date)"
    assert [line.rsplit(": ", 1)[1] for line in second.stdout.splitlines()[1:6]] == ["unchanged"] * 5

    # Someone switched the filter off, and a newer tool file is out: a re-run puts both right, and says so.
    owui.request("POST", f"/api/v1/functions/id/{ids.filter}/toggle")
    newer = source_folder(tmp_path, tool=("version: ", "version: 9"))
    third = as_admin(owui, ids, *args, "--source", str(newer))
    assert third.returncode == 0, third.stderr
    assert "(Subquery 9" in third.stdout and ": updated" in third.stdout and ": set active\n" in third.stdout
    assert owui.get_function(ids.filter)["is_active"]
    assert owui.get("tools", ids.tool)["content"] == (newer / "tools" / "subquery.py").read_text()


def test_dry_run_prints_each_change_and_changes_nothing(owui: ChatClient, owui_server: OpenWebUIServer, ids: Ids,
                                                        no_model_entry, tmp_path):
    """With the token from the environment; the database's plugin and model tables are compared whole."""
    valves = tmp_path / "valves.json"
    valves.write_text(json.dumps({"tool": {"max_rounds": 4}}))
    args = ["--url", owui.url, *ids.args, "--model", MODEL_ID, "--valves-file", str(valves)]
    with_token = environment(**{TOKEN_ENV: owui.token})
    before = database_rows(owui_server)
    dry = run_deploy(*args, "--dry-run", env=with_token)
    assert dry.returncode == 0, dry.stderr
    assert [line.split(": ", 1)[1] for line in dry.stdout.splitlines()[1:6]] == [
        "would create", "would create", "would set active, would set global", "would update tool", "would create"]
    assert dry.stdout.splitlines()[-1] == "dry run: 6 change(s) to make, nothing was changed"
    assert database_rows(owui_server) == before

    assert run_deploy(*args, env=with_token).returncode == 0
    owui.request("POST", f"/api/v1/functions/id/{ids.filter}/toggle/global")
    valves.write_text(json.dumps({"tool": {"max_rounds": 6}, "filter": {"keep_recent_tool_groups": 2}}))
    newer = source_folder(tmp_path, filter=("version: ", "version: 9"))
    before = database_rows(owui_server)
    dry = run_deploy(*args, "--source", str(newer), "--dry-run", env=with_token)
    assert dry.returncode == 0, dry.stderr
    assert [line.split(": ", 1)[1] for line in dry.stdout.splitlines()[1:6]] == [
        "unchanged", "would update", "would set global", "would update tool, would update filter", "unchanged"]
    assert database_rows(owui_server) == before

    dry = run_deploy("--url", owui.url, *ids.args, "--uninstall", "--dry-run", env=with_token)
    assert dry.returncode == 0, dry.stderr
    assert dry.stdout.splitlines()[1:5] == [
        f"[2/5] models: would delete '{MODEL_ID}' (this script made it)",
        f"[3/5] tool '{ids.tool}': would delete", f"[4/5] filter '{ids.filter}': would delete",
        f"[5/5] filter '{ids.text_calls}': not installed"]
    assert database_rows(owui_server) == before


def test_no_global_leaves_the_filter_active_on_no_model(owui: ChatClient, ids: Ids):
    done = as_admin(owui, ids, "--no-global")
    assert done.returncode == 0, done.stderr
    assert f"[4/6] filter '{ids.filter}' active and not global, on no model" in done.stdout
    assert done.stdout.splitlines()[3].endswith(": set active")
    function = owui.get_function(ids.filter)
    assert function["is_active"] and not function["is_global"]
    assert entries_naming(owui, ids.filter) == []

    assert ": set global" in as_admin(owui, ids).stdout and owui.get_function(ids.filter)["is_global"]
    back = as_admin(owui, ids, "--no-global")
    assert ": set not global" in back.stdout and not owui.get_function(ids.filter)["is_global"]
    assert owui.get_function(ids.filter)["is_active"] and entries_naming(owui, ids.filter) == []


def test_uninstall_leaves_nothing_behind(owui: ChatClient, owui_server: OpenWebUIServer, ids: Ids, no_model_entry):
    own = ids.prefix + "own"  # the admin's own workspace model: it stays, without the plugins
    owui.request("POST", "/api/v1/models/create", {"id": own, "base_model_id": MODEL_ID, "name": "Own",
                                                     "meta": {"description": "mine"}, "params": {"system": "Be brief."}})
    assert as_admin(owui, ids, "--model", MODEL_ID).returncode == 0
    assert ": updated" in as_admin(owui, ids, "--model", own).stdout
    entry = owui.model_entry(own)  # the admin attaches the filter to their model by hand, too
    meta = {**entry["meta"], "filterIds": [ids.filter], "defaultFilterIds": [ids.filter]}
    owui.request("POST", "/api/v1/models/model/update", {**entry, "meta": meta})
    assert sorted(entries_naming(owui, ids.tool) + entries_naming(owui, ids.filter)) == sorted([MODEL_ID, own, own])
    owui.request("POST", f"/api/v1/tools/id/{ids.tool}/valves/user/update", {})  # the admin's own user valves

    done = as_admin(owui, ids, "--uninstall")
    assert done.returncode == 0, done.stderr
    models, *rest = done.stdout.splitlines()[1:]
    assert set(models.removeprefix("[2/5] models: ").split(", ")) == {
        f"'{MODEL_ID}' deleted (this script made it)", f"'{own}' updated"}
    assert rest == [f"[3/5] tool '{ids.tool}': deleted", f"[4/5] filter '{ids.filter}': deleted",
                    f"[5/5] filter '{ids.text_calls}': not installed", "done: the plugins are removed"]
    assert owui.get("tools", ids.tool) is None and owui.get_function(ids.filter) is None
    assert owui.model_entry(MODEL_ID) is None
    kept = owui.model_entry(own)
    assert (kept["params"]["system"], kept["meta"]["description"]) == ("Be brief.", "mine")
    assert (kept["meta"]["toolIds"], kept["meta"]["filterIds"], kept["meta"]["defaultFilterIds"]) == ([], [], [])
    # In the database, only the version history of the admin's own model still names them (its past versions).
    left = database_rows(owui_server, ids.tool, ids.filter)
    assert left and all(row.startswith('INSERT INTO "model_history"') and own in row for row in left)
    # What the REST API does not reach: a user's own valves stay in their settings (inert: no such tool),
    assert ids.tool in owui.request("GET", "/api/v1/users/user/settings")["tools"]["valves"]
    # and the empty cache folder Open WebUI makes per plugin id at install and never removes.
    cache = owui_server.data_root / "data" / "cache"
    assert not any((cache / "tools" / ids.tool).iterdir()) and not any((cache / "functions" / ids.filter).iterdir())

    again = as_admin(owui, ids, "--uninstall")
    assert again.returncode == 0 and again.stdout.splitlines()[1:] == [
        "[2/5] models: none refers to the plugins", f"[3/5] tool '{ids.tool}': not installed",
        f"[4/5] filter '{ids.filter}': not installed", f"[5/5] filter '{ids.text_calls}': not installed",
        "done: the plugins are removed (nothing changed: not installed)"]


def test_clear_errors(owui: ChatClient, scripted: ScriptedModel, ids: Ids, tmp_path):
    closed = f"http://127.0.0.1:{free_port()}"
    email = ["--email", ADMIN["email"]]
    cases = {
        "cannot reach Open WebUI at": (["--url", closed], environment(**{TOKEN_ENV: "x"})),
        "does not look like Open WebUI": (["--url", f"http://127.0.0.1:{scripted.port}"], environment(**{TOKEN_ENV: "x"})),
        "sign-in refused for admin@example.com": (["--url", owui.url, *email], environment(**{PASSWORD_ENV: "wrong"})),
        "the token was refused": (["--url", owui.url], environment(**{TOKEN_ENV: "not-a-token"})),
        f"no credentials: give --email (the password comes from ${PASSWORD_ENV}": (["--url", owui.url], environment()),
        f"no password: set ${PASSWORD_ENV} (there is no terminal to ask on)": (["--url", owui.url, *email], environment()),
        "--url owui.example.com: an http:// or https:// address": (["--url", "owui.example.com"], None),
        "plugin file not found": (["--url", owui.url, "--source", str(tmp_path / "nowhere")], None),
    }
    for expected, (args, env) in cases.items():
        done = run_deploy(*args, *ids.args, env=env)
        assert done.returncode == 1 and expected in done.stderr, (expected, done.stderr)
        assert "Traceback" not in done.stderr

    owui.request("POST", "/api/v1/auths/add", {"name": "Bob", "email": "bob@example.com", "password": "bob-password", "role": "user"})
    done = run_deploy("--url", owui.url, "--email", "bob@example.com", env=environment(**{PASSWORD_ENV: "bob-password"}))
    assert done.returncode == 1 and "bob@example.com is not an admin" in done.stderr

    done = run_deploy("--url", owui.url, "--email", ADMIN["email"], "--password", ADMIN["password"])
    assert done.returncode == 2 and "secrets are not taken on the command line" in done.stderr
    assert owui.get("tools", ids.tool) is None  # none of these installed anything


def test_refuses_an_open_webui_older_than_the_plugins_need(owui: ChatClient, ids: Ids, tmp_path):
    future = source_folder(tmp_path, filter=("required_open_webui_version: 0.12.4", "required_open_webui_version: 99.0.0"))
    done = as_admin(owui, ids, "--source", str(future))
    assert done.returncode == 1
    assert "Tool Context Filter needs Open WebUI >= 99.0.0, this server runs 0.12.4" in done.stderr
    assert owui.get("tools", ids.tool) is None  # refused before installing anything


def read_until(stream, marker: bytes, timeout: float = 120.0) -> bytes:
    """What `stream` gives until `marker` shows (a guard against a hang, not a measurement)."""
    got, deadline = b"", time.monotonic() + timeout
    while marker not in got:
        ready, _, _ = select.select([stream], [], [], max(0.0, deadline - time.monotonic()))
        chunk = os.read(stream.fileno(), 4096) if ready else b""
        if not chunk:
            raise AssertionError(f"no {marker!r} in {got!r}")
        got += chunk
    return got


def test_the_password_is_asked_in_a_terminal_and_not_echoed(owui: ChatClient, ids: Ids):
    command = [sys.executable, "-c", IN_A_TERMINAL, sys.executable, str(SCRIPT), "--url", owui.url,
               "--email", ADMIN["email"], *ids.args, "--dry-run"]
    with subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          env=environment()) as proc:
        asked = read_until(proc.stdout, f"Open WebUI password for {ADMIN['email']}: ".encode())
        proc.stdin.write(ADMIN["password"].encode() + b"\n")
        proc.stdin.close()
        rest = proc.stdout.read()
        assert proc.wait(timeout=120) == 0, (asked + rest).decode(errors="replace")
    text = (asked + rest).decode()
    assert "[1/6] Open WebUI 0.12.4" in text and "dry run: 4 change(s) to make" in text
    assert ADMIN["password"] not in text


def test_a_lone_copy_installs_both_plugins_then_uninstalls_them(owui: ChatClient, owui_server: OpenWebUIServer,
                                                                 ids: Ids, site, tmp_path):  # noqa: F811
    """The deploy script copied alone into an empty folder, run with no site-packages (`-I -S`) and the
    password from the environment, the plugin files from a web server on loopback."""
    url, served, asked = site
    for spec in PLUGINS:
        (served / spec.file).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / spec.file, served / spec.file)
    folder = tmp_path / "empty"
    folder.mkdir()
    shutil.copy(SCRIPT, folder / "deploy.py")
    alone = (sys.executable, "-I", "-S", "deploy.py")
    args = ["--url", owui.url, "--email", ADMIN["email"], *ids.args]
    env = {PASSWORD_ENV: ADMIN["password"]}

    done = run_deploy(*args, "--source", url, command=alone, cwd=folder, env=env)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert done.stdout.splitlines()[-1] == "done: everything is in place"
    assert sorted(asked) == sorted("/" + spec.file for spec in PLUGINS if not spec.asked_by)
    assert owui.get("tools", ids.tool)["content"] == (ROOT / "tools" / "subquery.py").read_text()
    function = owui.get_function(ids.filter)
    assert function["content"] == (ROOT / "filters" / "tool_context_filter.py").read_text()
    assert function["is_active"] and function["is_global"]

    gone = run_deploy("--url", owui.url, *ids.args, "--uninstall", command=alone, cwd=folder,
                      env={TOKEN_ENV: owui.token})
    assert gone.returncode == 0 and gone.stdout.splitlines()[-1] == "done: the plugins are removed", gone.stderr
    assert owui.get("tools", ids.tool) is None and owui.get_function(ids.filter) is None
    assert database_rows(owui_server, ids.tool, ids.filter) == []
    assert sorted(os.listdir(folder)) == ["deploy.py"]


def test_text_calls_installs_the_text_call_filter_active_and_global_and_uninstall_removes_it(
        owui: ChatClient, owui_server: OpenWebUIServer, ids: Ids, tmp_path):
    def deploy(*args: str) -> subprocess.CompletedProcess:
        done = as_admin(owui, ids, *args)
        assert done.returncode == 0, done.stderr
        return done

    deploy()
    assert owui.get_function(ids.text_calls) is None  # not without --text-calls
    valves = tmp_path / "valves.json"
    valves.write_text(json.dumps({"text_calls": {"show_status": False}}))
    lines = deploy("--text-calls", "--valves-file", str(valves)).stdout.splitlines()
    assert [line[:5] for line in lines[:8]] == [f"[{n}/8]" for n in range(1, 9)]
    assert lines[3].startswith(f"[4/8] filter '{ids.text_calls}' (Text Tool Calls ") and lines[3].endswith(": created")
    assert lines[5] == f"[6/8] filter '{ids.text_calls}' active and global: set active, set global"
    assert lines[6] == "[7/8] valves: text_calls updated"
    function = owui.get_function(ids.text_calls)
    assert function["is_active"] and function["is_global"] and function["type"] == "filter"
    assert function["content"] == (ROOT / "filters" / "text_tool_calls.py").read_text()
    assert owui.valves("functions", ids.text_calls)["show_status"] is False
    again = deploy("--text-calls", "--valves-file", str(valves))
    assert again.stdout.splitlines()[-1] == "done: everything is in place (nothing changed: already up to date)"

    gone = deploy("--uninstall")
    assert f"[5/5] filter '{ids.text_calls}': deleted" in gone.stdout, gone.stdout
    assert owui.get_function(ids.text_calls) is None
    assert database_rows(owui_server, ids.tool, ids.filter, ids.text_calls) == []
