#!/usr/bin/env python3
"""Install, update or remove the Subquery tool and the tool-context filter in a running Open WebUI, and the
text-call filter when asked (`--text-calls`: for models that write their tool calls as text).

    OWUI_PASSWORD='…' python3 deploy.py --url https://owui.example.com --email admin@example.com
    OWUI_TOKEN='…' python3 deploy.py --url URL [--model MODEL_ID] [--valves-file valves.json] [--no-global]
    python3 deploy.py --url URL --email admin@example.com [--text-calls] [--dry-run] [--uninstall]

One file, standard library only, any Python >= 3.11: download it alone and run it. The plugin files
come from --source, a folder or a base URL (default: next to this script, else the project on GitHub).
No secret on the command line (it shows in `ps`): the password comes from $OWUI_PASSWORD or a prompt,
a token (an admin's API key or JWT) from $OWUI_TOKEN. A second run changes nothing and says so.
"""

from __future__ import annotations

import argparse
import getpass
import itertools
import json
import os
import re
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PROJECT_URL = "https://github.com/owui-toolkit/owui-toolkit"  # the plugins' frontmatter `author_url`
RELEASE = "main"  # the branch or tag of PROJECT_URL that a lone copy of this script installs from
PASSWORD_ENV, TOKEN_ENV = "OWUI_PASSWORD", "OWUI_TOKEN"
MAX_DOWNLOAD = 64_000_000  # bytes read from any one answer: a hostile server cannot fill the memory
CREATED_MARK = "owui_toolkit"  # meta key of a model entry this script created for a tool (uninstall deletes it)
REFS = {"tool": ("toolIds",), "filter": ("filterIds", "defaultFilterIds")}  # where a model names a plugin
API_KIND = {"tool": "tools", "filter": "functions"}


@dataclass(frozen=True)
class Spec:
    """One plugin this script deploys: a third plugin is one more entry in PLUGINS."""

    key: str  # its key in the valves file and its `--<key>-id` option (`_` written `-`)
    id: str  # its default id in Open WebUI
    file: str  # its path under --source
    kind: str  # "tool" or "filter"
    asked_by: str = ""  # the option that installs it; "" = always installed (an uninstall removes every plugin)

    @property
    def option(self) -> str:
        return f"--{self.key.replace('_', '-')}-id"


PLUGINS = (
    Spec("tool", "subquery", "tools/subquery.py", "tool"),
    Spec("filter", "tool_context_filter", "filters/tool_context_filter.py", "filter"),
    Spec("text_calls", "text_tool_calls", "filters/text_tool_calls.py", "filter", asked_by="text_calls"),
)


def wanted_specs(args: argparse.Namespace) -> list[Spec]:
    """The plugins this run installs (or, with --uninstall, removes: all of them)."""
    return [spec for spec in PLUGINS if args.uninstall or not spec.asked_by or getattr(args, spec.asked_by, False)]


class DeployError(Exception):
    """A failure with a message meant for the person running the script."""


class ApiError(DeployError):
    def __init__(self, status: int, detail: str, path: str):
        super().__init__(f"{path}: HTTP {status}: {detail}")
        self.status = status
        self.detail = detail


# --- Plugin files ----------------------------------------------------------------------------------------
_FRONTMATTER_LINE = re.compile(r"^\s*([a-z_]+):\s*(.*)\s*$", re.IGNORECASE)


def parse_frontmatter(source: str) -> dict[str, str]:
    """The frontmatter as Open WebUI reads it: first line exactly `\"\"\"`, then `key: value` lines."""
    lines = source.splitlines()
    if not lines or lines[0].strip() != '"""':
        return {}
    matches = (_FRONTMATTER_LINE.match(line) for line in itertools.takewhile(lambda x: '"""' not in x, lines[1:]))
    return {match.group(1).strip(): match.group(2).strip() for match in matches if match}


def version_tuple(text: str) -> tuple[int, ...]:
    """`0.12.4` -> (0, 12, 4); tolerant of suffixes such as `0.12.4-dev`."""
    return tuple(int(n) for n in re.findall(r"\d+", text)[:3]) or (0,)


@dataclass(frozen=True)
class Plugin:
    id: str
    name: str
    description: str
    content: str
    required_version: str
    version: str = ""

    @classmethod
    def from_text(cls, content: str, plugin_id: str, origin: str) -> Plugin:
        meta = parse_frontmatter(content)
        if "title" not in meta:
            raise DeployError(f"{origin} has no frontmatter title (is it a plugin file? its first line must be three quotes)")
        return cls(plugin_id, meta["title"], meta.get("description", ""), content,
                   meta.get("required_open_webui_version", "0"), meta.get("version", ""))

    @classmethod
    def from_file(cls, path: Path, plugin_id: str) -> Plugin:
        try:
            return cls.from_text(path.read_text(encoding="utf-8"), plugin_id, str(path))
        except FileNotFoundError:
            raise DeployError(f"plugin file not found: {path}") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise DeployError(f"cannot read plugin file {path}: {exc}") from None

    def form(self, manifest: dict[str, str]) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "content": self.content,
                "meta": {"description": self.description, "manifest": manifest}}


def is_url(source: str) -> bool:
    return urllib.parse.urlsplit(source).scheme in ("http", "https")


def release_url(project_url: str = PROJECT_URL, ref: str = RELEASE) -> str:
    """The base URL of the project's files at `ref` on GitHub."""
    return f"https://raw.githubusercontent.com/{urllib.parse.urlsplit(project_url).path.strip('/')}/{ref}"


def default_source(script: Path, specs: Sequence[Spec] = PLUGINS) -> str:
    """The folder the script sits in, or its parent (the repository's `scripts/`), when it holds the
    plugin files; else the project's release on GitHub."""
    for folder in (script.parent, script.parent.parent):
        if all((folder / spec.file).is_file() for spec in specs):
            return str(folder)
    return release_url()


def read_bounded(response: Any, what: str) -> bytes:
    data = response.read(MAX_DOWNLOAD + 1)
    if len(data) > MAX_DOWNLOAD:
        raise DeployError(f"{what}: the answer is larger than {MAX_DOWNLOAD} bytes")
    return data


def fetch_text(url: str, timeout: float) -> str:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:  # noqa: S310 (http or https only)
            data = read_bounded(resp, url)
    except urllib.error.HTTPError as exc:
        raise DeployError(f"cannot download {url}: HTTP {exc.code}") from None
    except (urllib.error.URLError, OSError) as exc:
        raise DeployError(f"cannot download {url}: {getattr(exc, 'reason', exc)}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise DeployError(f"{url} is not UTF-8 text") from None


def load_plugin(source: str, spec: Spec, plugin_id: str, timeout: float = 60.0) -> Plugin:
    """The plugin file of `spec` from a folder or a base URL."""
    if is_url(source):
        url = source.rstrip("/") + "/" + spec.file
        return Plugin.from_text(fetch_text(url, timeout), plugin_id, url)
    if "://" in source:
        raise DeployError(f"--source {source}: a folder or an http(s) URL")
    return Plugin.from_file(Path(source) / spec.file, plugin_id)


# --- Changes: each step reads the server, then says what it changes (pure functions of what it read) -----
@dataclass(frozen=True)
class Change:
    done: str  # the words of the step line once made, e.g. "created"
    todo: str  # the words of a dry run, e.g. "would create"
    method: str
    path: str
    body: Any = None


def upsert_changes(kind: str, plugin: Plugin, current: dict | None) -> list[Change]:
    """Create or update a tool (`kind='tools'`) or a function (`'functions'`)."""
    form = plugin.form(parse_frontmatter(plugin.content))
    if current is None:
        return [Change("created", "would create", "POST", f"/api/v1/{kind}/create", form)]
    same = (current.get("content") == plugin.content and current.get("name") == plugin.name
            and ((current.get("meta") or {}).get("description") or "") == plugin.description)
    return [] if same else [Change("updated", "would update", "POST", f"/api/v1/{kind}/id/{plugin.id}/update", form)]


def flag_changes(function_id: str, current: dict | None, *, active: bool, is_global: bool) -> list[Change]:
    """Set is_active / is_global; the endpoints flip them, so compare with what is there (none: both off,
    as Open WebUI creates a function)."""
    current = current or {}
    changes = []
    for key, want, path, on, off in (("is_active", active, "toggle", "active", "inactive"),
                                     ("is_global", is_global, "toggle/global", "global", "not global")):
        if bool(current.get(key)) != want:
            word = on if want else off
            changes.append(Change(f"set {word}", f"would set {word}", "POST", f"/api/v1/functions/id/{function_id}/{path}"))
    return changes


def valves_changes(kind: str, key: str, plugin_id: str, current: dict | None, wanted: dict) -> list[Change]:
    """Merge `wanted` into the stored valves."""
    merged = {**(current or {}), **wanted}
    if merged == (current or {}):
        return []
    return [Change(f"{key} updated", f"would update {key}", "POST", f"/api/v1/{kind}/id/{plugin_id}/valves/update", merged)]


def model_form(model: dict, meta: dict) -> dict:
    return {"id": model["id"], "base_model_id": model.get("base_model_id"), "name": model.get("name") or model["id"],
            "meta": meta, "params": model.get("params") or {}, "is_active": model.get("is_active", True)}


def attach_changes(model_id: str, tool_id: str, workspace: dict | None, listed: list[dict]) -> list[Change]:
    """Add `tool_id` to a workspace model's tools; for a base model, create its entry (marked as ours)."""
    if workspace:
        tool_ids = list((workspace.get("meta") or {}).get("toolIds") or [])
        if tool_id in tool_ids:
            return []
        form = model_form(workspace, {**(workspace.get("meta") or {}), "toolIds": [*tool_ids, tool_id]})
        return [Change("updated", "would update", "POST", "/api/v1/models/model/update", form)]
    base = next((m for m in listed if m.get("id") == model_id), None)
    if base is None:
        known = ", ".join(sorted(str(m.get("id", "?")) for m in listed)[:12]) or "none"
        raise DeployError(f"model {model_id!r} not found (known: {known})")
    capabilities = ((base.get("info") or {}).get("meta") or {}).get("capabilities")
    meta = {"toolIds": [tool_id], "capabilities": capabilities, CREATED_MARK: {"created_for": tool_id}}
    form = {"id": model_id, "base_model_id": None, "name": base.get("name") or model_id, "meta": meta, "params": {}}
    return [Change("created", "would create", "POST", "/api/v1/models/create", form)]


def left_as_created(model: dict, meta: dict) -> bool:
    """Whether a model entry holds nothing but what this script put there (its ids now removed)."""
    rest = {key: value for key, value in meta.items() if key not in (CREATED_MARK, "capabilities")}
    return (not model.get("base_model_id") and not model.get("access_grants") and model.get("is_active", True)
            and not any((model.get("params") or {}).values()) and not any(rest.values()))


def detach_changes(model: dict, refs: Mapping[str, set[str]]) -> list[Change]:
    """Take the plugins out of one model entry; delete the entry when this script made it for the tool
    and nothing else was added since."""
    meta = dict(model.get("meta") or {})
    touched = False
    for key, ids in refs.items():
        kept = [i for i in meta.get(key) or [] if i not in ids]
        if key in meta and kept != list(meta.get(key) or []):
            meta[key], touched = kept, True
    mark = meta.get(CREATED_MARK)
    ours = isinstance(mark, dict) and mark.get("created_for") in refs.get("toolIds", ())
    if not touched and not ours:
        return []
    name = repr(model["id"])
    if ours and left_as_created(model, meta):
        return [Change(f"{name} deleted (this script made it)", f"would delete {name} (this script made it)",
                       "POST", "/api/v1/models/model/delete", {"id": model["id"]})]
    if ours:
        meta.pop(CREATED_MARK)
    return [Change(f"{name} updated", f"would update {name}", "POST", "/api/v1/models/model/update",
                   model_form(model, meta))]


# --- REST client -----------------------------------------------------------------------------------------
class OpenWebUI:
    """A small client for the Open WebUI REST API. `read_only` refuses every request that writes."""

    def __init__(self, url: str, token: str | None = None, timeout: float = 60.0, *, read_only: bool = False):
        self.url = url.rstrip("/")
        self.token = token
        self.timeout = timeout
        self.read_only = read_only

    def request(self, method: str, path: str, body: Any = None, *, timeout: float | None = None) -> Any:
        if self.read_only and method != "GET" and path != "/api/v1/auths/signin":
            raise DeployError(f"a dry run does not write ({method} {path})")
        data = None if body is None else json.dumps(body).encode()
        headers = {"Accept": "application/json", **({"Content-Type": "application/json"} if data else {})}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        req = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=timeout or self.timeout) as resp:  # noqa: S310
                raw = read_bounded(resp, self.url + path)
        except urllib.error.HTTPError as exc:
            raw = exc.read(100_000)
            try:
                detail = json.loads(raw).get("detail") or raw.decode(errors="replace")
            except (ValueError, AttributeError):
                detail = raw.decode(errors="replace")[:300]
            raise ApiError(exc.code, str(detail), path) from None
        except (urllib.error.URLError, OSError) as exc:
            raise DeployError(f"cannot reach Open WebUI at {self.url}: {getattr(exc, 'reason', exc)}") from None
        if not raw:
            return None
        try:
            return json.loads(raw)
        except ValueError:
            raise DeployError(f"{self.url}{path} did not answer JSON: is {self.url} an Open WebUI server?") from None

    def apply(self, changes: list[Change]) -> str:
        """Make `changes`; the word for the first (`created`, `updated`…), or `unchanged`."""
        for change in changes:
            self.request(change.method, change.path, change.body)
        return changes[0].done if changes else "unchanged"

    # -- auth ----------------------------------------------------------------
    def signin(self, email: str, password: str) -> dict:
        try:
            user = self.request("POST", "/api/v1/auths/signin", {"email": email, "password": password})
        except ApiError as exc:
            if exc.status in (400, 401, 403):
                raise DeployError(f"sign-in refused for {email}: {exc.detail}") from None
            raise
        self.token = user["token"]
        return user

    def signup(self, name: str, email: str, password: str) -> dict:
        user = self.request("POST", "/api/v1/auths/signup", {"name": name, "email": email, "password": password})
        self.token = user["token"]
        return user

    def me(self) -> dict:
        try:
            return self.request("GET", "/api/v1/auths/")
        except ApiError as exc:
            if exc.status in (401, 403):
                raise DeployError(f"the token was refused: sign in with --email, or set ${TOKEN_ENV} to a valid one") from None
            raise

    def version(self) -> str:
        try:
            info = self.request("GET", "/api/version")
        except ApiError as exc:
            raise DeployError(f"{self.url} does not look like Open WebUI (/api/version: HTTP {exc.status})") from None
        if not isinstance(info, dict) or "version" not in info:
            raise DeployError(f"{self.url} does not look like Open WebUI (no /api/version)")
        return str(info["version"])

    # -- reads ---------------------------------------------------------------
    def _get_or_none(self, path: str) -> Any:
        try:
            return self.request("GET", path)
        except ApiError as exc:
            if exc.status in (401, 404):  # Open WebUI answers 401 for some missing ids
                return None
            raise

    def get(self, kind: str, plugin_id: str) -> dict | None:
        """A tool (`kind='tools'`) or a function (`'functions'`), or None."""
        return self._get_or_none(f"/api/v1/{kind}/id/{plugin_id}")

    def get_function(self, function_id: str) -> dict | None:
        return self.get("functions", function_id)

    def valves(self, kind: str, plugin_id: str) -> dict:
        return self._get_or_none(f"/api/v1/{kind}/id/{plugin_id}/valves") or {}

    def models(self) -> list[dict]:
        data = self.request("GET", "/api/models")
        return data.get("data", []) if isinstance(data, dict) else data or []

    def model_entries(self) -> list[dict]:
        """Every model entry in the database (workspace models and base-model overrides)."""
        return self.request("GET", "/api/v1/models/all") or []

    def model_entry(self, model_id: str) -> dict | None:
        return self._get_or_none(f"/api/v1/models/model?id={urllib.parse.quote(model_id)}")

    # -- writes, each planned first (the test harness and the scripts use these) -----------------
    def upsert(self, kind: str, plugin: Plugin) -> str:
        """Create or update a tool or a function; returns `created`, `updated` or `unchanged`."""
        return self.apply(upsert_changes(kind, plugin, self.get(kind, plugin.id)))

    def ensure_function_flags(self, function_id: str, *, active: bool, is_global: bool) -> list[str]:
        changes = flag_changes(function_id, self.get_function(function_id), active=active, is_global=is_global)
        self.apply(changes)
        self.check_flags(function_id, active=active, is_global=is_global)
        return [change.done for change in changes]

    def check_flags(self, function_id: str, *, active: bool, is_global: bool) -> None:
        after = self.get_function(function_id) or {}
        if bool(after.get("is_active")) != active or bool(after.get("is_global")) != is_global:
            raise DeployError(f"function {function_id} did not reach active={active}, global={is_global}")

    def attach_tool(self, model_id: str, tool_id: str) -> str:
        """Add `tool_id` to a model's tools, creating the entry of a base model; returns what happened."""
        workspace = self.model_entry(model_id)
        return self.apply(attach_changes(model_id, tool_id, workspace, [] if workspace else self.models()))


# --- The deployment: numbered steps, one line each -------------------------------------------------------
@dataclass(frozen=True)
class Step:
    label: str
    plan: Callable[[], list[Change]]
    idle: str = "unchanged"  # the line's words when nothing changes
    after: Callable[[], None] | None = None  # a check once the changes are made


def server_line(api: OpenWebUI, plugins: Sequence[Plugin]) -> str:
    """Check the server and the account (and the version the plugins need); the first line."""
    version, user = api.version(), api.me()
    if user.get("role") != "admin":
        raise DeployError(f"{user.get('email')} is not an admin: functions can only be installed by an admin")
    for plugin in plugins:
        if version_tuple(version) < version_tuple(plugin.required_version):
            raise DeployError(f"{plugin.name} needs Open WebUI >= {plugin.required_version}, this server runs {version}")
    return f"Open WebUI {version} at {api.url}, signed in as {user.get('email')} ({user.get('role')})"


def run_steps(api: OpenWebUI, first: str, steps: Sequence[Step], *, dry_run: bool, say: Callable[[str], None]) -> int:
    """Print the first line, then plan, make (unless a dry run) and print each step; the count of changes."""
    total, count = len(steps) + 1, 0
    say(f"[1/{total}] {first}")
    for number, step in enumerate(steps, 2):
        changes = step.plan()
        if not dry_run:
            api.apply(changes)
            if step.after:
                step.after()
        words = [change.todo if dry_run else change.done for change in changes]
        say(f"[{number}/{total}] {step.label}: {', '.join(words) or step.idle}")
        count += len(changes)
    return count


def install_steps(api: OpenWebUI, plugins: Sequence[tuple[Spec, Plugin]], *, model: str | None,
                  valves: Mapping[str, dict], is_global: bool) -> list[Step]:
    steps = [plugin_step(api, spec, plugin) for spec, plugin in plugins]
    steps += [flags_step(api, plugin, is_global) for spec, plugin in plugins if spec.kind == "filter"]
    steps.append(Step("valves", lambda: [change for spec, plugin in plugins if spec.key in valves
                                         for change in wanted_valves(api, spec, plugin.id, valves[spec.key])],
                      idle="unchanged" if valves else "none given"))
    tool = next(plugin for spec, plugin in plugins if spec.kind == "tool")
    steps.append(model_step(api, model, tool.id))
    return steps


def plugin_step(api: OpenWebUI, spec: Spec, plugin: Plugin) -> Step:
    kind = API_KIND[spec.kind]
    name = f"{plugin.name} {plugin.version}".strip()
    return Step(f"{spec.kind} {plugin.id!r} ({name})", lambda: upsert_changes(kind, plugin, api.get(kind, plugin.id)))


def flags_step(api: OpenWebUI, plugin: Plugin, is_global: bool) -> Step:
    where = "global" if is_global else "not global, on no model (attach it per model: Workspace → Models)"
    return Step(f"filter {plugin.id!r} active and {where}",
                lambda: flag_changes(plugin.id, api.get_function(plugin.id), active=True, is_global=is_global),
                after=lambda: api.check_flags(plugin.id, active=True, is_global=is_global))


def wanted_valves(api: OpenWebUI, spec: Spec, plugin_id: str, wanted: dict) -> list[Change]:
    kind = API_KIND[spec.kind]
    return valves_changes(kind, spec.key, plugin_id, api.valves(kind, plugin_id), wanted)


def model_step(api: OpenWebUI, model: str | None, tool_id: str) -> Step:
    if not model:
        return Step("model", lambda: [], idle="none given (enable the tool per model: Workspace → Models)")
    return Step(f"model {model!r} has the tool", lambda: attach_changes(model, tool_id, api.model_entry(model), api.models()))


def uninstall_steps(api: OpenWebUI, ids: Sequence[tuple[Spec, str]]) -> list[Step]:
    refs: dict[str, set[str]] = {}
    for spec, plugin_id in ids:
        for key in REFS[spec.kind]:
            refs.setdefault(key, set()).add(plugin_id)
    steps = [Step("models", lambda: [c for m in api.model_entries() for c in detach_changes(m, refs)],
                  idle="none refers to the plugins")]
    for spec, plugin_id in ids:
        kind = API_KIND[spec.kind]
        steps.append(Step(f"{spec.kind} {plugin_id!r}", lambda k=kind, i=plugin_id: [] if api.get(k, i) is None else [
            Change("deleted", "would delete", "DELETE", f"/api/v1/{k}/id/{i}/delete")], idle="not installed"))
    return steps


# --- Command line ----------------------------------------------------------------------------------------
def ask_password(prompt: str) -> str:
    if not sys.stdin.isatty():
        raise DeployError(f"no password: set ${PASSWORD_ENV} (there is no terminal to ask on)")
    try:
        return getpass.getpass(prompt)
    except (EOFError, KeyboardInterrupt):
        return ""


def sign_in(api: OpenWebUI, email: str | None, env: Mapping[str, str], ask: Callable[[str], str]) -> None:
    """With --email: the password from the environment or a prompt; else the token from the environment."""
    api.version()  # a wrong URL fails here with a clear message, before credentials are asked or sent
    if not email:
        api.token = env.get(TOKEN_ENV) or None
        if not api.token:
            raise DeployError(f"no credentials: give --email (the password comes from ${PASSWORD_ENV} or a prompt), or set ${TOKEN_ENV}")
        return
    password = env.get(PASSWORD_ENV) or ask(f"Open WebUI password for {email}: ")
    if not password:
        raise DeployError("no password given")
    api.signin(email, password)


def read_valves(path: Path | None) -> dict[str, dict]:
    if path is None:
        return {}
    try:
        valves = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise DeployError(f"cannot read valves file {path}: {exc}") from None
    keys = {spec.key for spec in PLUGINS}
    if not isinstance(valves, dict) or not set(valves) <= keys or not all(isinstance(v, dict) for v in valves.values()):
        shape = ", ".join(f'"{key}": {{...}}' for key in sorted(keys))
        raise DeployError(f"the valves file must be a JSON object {{{shape}}}")
    return valves


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--url", required=True, help="Open WebUI base URL, e.g. https://owui.example.com")
    p.add_argument("--email", help=f"an admin's e-mail (password from ${PASSWORD_ENV} or a prompt); "
                                   f"without it, an admin's API key or JWT from ${TOKEN_ENV}")
    p.add_argument("--source", help="a folder or base URL holding tools/ and filters/ "
                                    "(default: next to this script, else the project on GitHub)")
    p.add_argument("--model", help="attach the Subquery tool to this model id")
    p.add_argument("--valves-file", type=Path, help='JSON: {"tool": {...}, "filter": {...}, "text_calls": {...}}')
    p.add_argument("--no-global", action="store_true", help="the filters active but attached to no model")
    p.add_argument("--text-calls", action="store_true",
                   help="also install the text-call filter (filters/text_tool_calls.py), active and global: it runs "
                        "the tool calls a model writes as text (a ```json fence, <tool_call>, ...) in Open WebUI's loop")
    p.add_argument("--dry-run", action="store_true", help="print what would change, change nothing")
    p.add_argument("--uninstall", action="store_true", help="remove the plugins and what the install made")
    for spec in PLUGINS:
        p.add_argument(spec.option, dest=f"{spec.key}_id", default=spec.id,
                       help=f"the {spec.kind}'s id (default: {spec.id})")
    p.add_argument("--timeout", type=float, default=60.0, help="seconds per HTTP request")
    for secret in ("--password", "--token"):
        p.add_argument(secret, help=argparse.SUPPRESS)
    return p


def run(args: argparse.Namespace, env: Mapping[str, str], say: Callable[[str], None]) -> int:
    """The whole run; the count of changes."""
    if not is_url(args.url):
        raise DeployError(f"--url {args.url}: an http:// or https:// address")
    specs = wanted_specs(args)
    ids = [(spec, getattr(args, f"{spec.key}_id")) for spec in specs]
    api = OpenWebUI(args.url, timeout=args.timeout, read_only=args.dry_run)
    if args.uninstall:
        sign_in(api, args.email, env, ask_password)
        return run_steps(api, server_line(api, ()), uninstall_steps(api, ids), dry_run=args.dry_run, say=say)
    valves = read_valves(args.valves_file)
    source = args.source or default_source(Path(__file__).resolve(), specs)
    plugins = [(spec, load_plugin(source, spec, plugin_id, args.timeout)) for spec, plugin_id in ids]
    sign_in(api, args.email, env, ask_password)
    first = server_line(api, [p for _, p in plugins])
    steps = install_steps(api, plugins, model=args.model, valves=valves, is_global=not args.no_global)
    return run_steps(api, first, steps, dry_run=args.dry_run, say=say)


def main(argv: Sequence[str] | None = None, env: Mapping[str, str] | None = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    if args.password is not None or args.token is not None:
        p.error(f"secrets are not taken on the command line (it shows in `ps`): set ${PASSWORD_ENV} "
                f"(or type the password at the prompt) or ${TOKEN_ENV}")
    if args.uninstall and (args.model or args.valves_file or args.no_global or args.source):
        p.error("--uninstall takes no --model, --valves-file, --no-global or --source")
    try:
        changes = run(args, os.environ if env is None else env, print)
    except DeployError as exc:
        print(f"deploy failed: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("deploy interrupted", file=sys.stderr)
        return 130
    if args.dry_run:
        print(f"dry run: {changes} change(s) to make, nothing was changed" if changes else "dry run: nothing to change")
    else:
        done, idle = ("the plugins are removed", "not installed") if args.uninstall else (
            "everything is in place", "already up to date")
        print(f"done: {done}" + ("" if changes else f" (nothing changed: {idle})"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
