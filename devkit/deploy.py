#!/usr/bin/env python3
"""Install or update the Subquery tool and the tool-context filter in a running Open WebUI.

    python scripts/deploy.py --url http://127.0.0.1:8080 --email admin@example.com --password secret
    python scripts/deploy.py --url URL --token TOKEN [--model MODEL_ID] [--valves-file valves.json]

Idempotent: a second run changes nothing and says so. Standard library only, so it
runs with any Python >= 3.11 without the project's virtual environment.

The valves file is JSON: {"tool": {<Subquery valves>}, "filter": {<filter valves>}}.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TOOL_FILE = ROOT / "tools" / "subquery.py"
FILTER_FILE = ROOT / "filters" / "tool_context_filter.py"
DEFAULT_TOOL_ID = "subquery"
DEFAULT_FILTER_ID = "tool_context_filter"


class DeployError(Exception):
    """A failure with a message meant for the person running the script."""


class ApiError(DeployError):
    def __init__(self, status: int, detail: str, path: str):
        super().__init__(f"{path}: HTTP {status}: {detail}")
        self.status = status
        self.detail = detail


# ---------------------------------------------------------------------------
# Pure helpers
# ---------------------------------------------------------------------------
_FRONTMATTER_LINE = re.compile(r"^\s*([a-z_]+):\s*(.*)\s*$", re.IGNORECASE)


def parse_frontmatter(source: str) -> dict[str, str]:
    """The frontmatter as Open WebUI reads it: first line exactly `\"\"\"`, then `key: value` lines."""
    lines = source.splitlines()
    if not lines or lines[0].strip() != '"""':
        return {}
    found: dict[str, str] = {}
    for line in lines[1:]:
        if '"""' in line:
            break
        match = _FRONTMATTER_LINE.match(line)
        if match:
            found[match.group(1).strip()] = match.group(2).strip()
    return found


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

    @classmethod
    def from_file(cls, path: Path, plugin_id: str) -> Plugin:
        if not path.is_file():
            raise DeployError(f"plugin file not found: {path}")
        content = path.read_text(encoding="utf-8")
        meta = parse_frontmatter(content)
        if "title" not in meta:
            raise DeployError(f"{path} has no frontmatter title (the first line must be exactly three quotes)")
        return cls(
            id=plugin_id,
            name=meta["title"],
            description=meta.get("description", ""),
            content=content,
            required_version=meta.get("required_open_webui_version", "0"),
        )

    def form(self, manifest: dict[str, str]) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "content": self.content,
            "meta": {"description": self.description, "manifest": manifest},
        }


# ---------------------------------------------------------------------------
# REST client
# ---------------------------------------------------------------------------
class OpenWebUI:
    """A small client for the Open WebUI REST API (admin endpoints used by this project)."""

    def __init__(self, url: str, token: str | None = None, timeout: float = 60.0):
        self.url = url.rstrip("/")
        self.token = token
        self.timeout = timeout

    def request(self, method: str, path: str, body: Any = None, *, timeout: float | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Accept": "application/json"}
        if data is not None:
            headers["Content-Type"] = "application/json"
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        req = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=timeout or self.timeout) as resp:
                raw = resp.read()
        except urllib.error.HTTPError as exc:
            raw = exc.read()
            try:
                detail = json.loads(raw).get("detail") or raw.decode(errors="replace")
            except (ValueError, AttributeError):
                detail = raw.decode(errors="replace")[:300]
            raise ApiError(exc.code, str(detail), path) from None
        except (urllib.error.URLError, OSError) as exc:
            reason = getattr(exc, "reason", exc)
            raise DeployError(f"cannot reach Open WebUI at {self.url}: {reason}") from None
        if not raw:
            return None
        try:
            return json.loads(raw)
        except ValueError:
            raise DeployError(
                f"{self.url}{path} did not answer JSON: is {self.url} an Open WebUI server?"
            ) from None

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
                raise DeployError("the token was refused: sign in again or pass a valid --token") from None
            raise

    def version(self) -> str:
        try:
            info = self.request("GET", "/api/version")
        except ApiError as exc:
            raise DeployError(f"{self.url} does not look like Open WebUI (/api/version: HTTP {exc.status})") from None
        if not isinstance(info, dict) or "version" not in info:
            raise DeployError(f"{self.url} does not look like Open WebUI (no /api/version)")
        return str(info["version"])

    # -- tools and functions ---------------------------------------------------
    def _get_or_none(self, path: str) -> Any:
        try:
            return self.request("GET", path)
        except ApiError as exc:
            if exc.status in (401, 404):  # Open WebUI answers 401 for some missing ids
                return None
            raise

    def get_tool(self, tool_id: str) -> dict | None:
        return self._get_or_none(f"/api/v1/tools/id/{tool_id}")

    def get_function(self, function_id: str) -> dict | None:
        return self._get_or_none(f"/api/v1/functions/id/{function_id}")

    def upsert(self, kind: str, plugin: Plugin) -> str:
        """Create or update a tool (`kind='tools'`) or function (`'functions'`); returns what happened."""
        current = self.get_tool(plugin.id) if kind == "tools" else self.get_function(plugin.id)
        manifest = parse_frontmatter(plugin.content)
        if current is None:
            self.request("POST", f"/api/v1/{kind}/create", plugin.form(manifest))
            return "created"
        meta = current.get("meta") or {}
        if (
            current.get("content") == plugin.content
            and current.get("name") == plugin.name
            and (meta.get("description") or "") == plugin.description
        ):
            return "unchanged"
        self.request("POST", f"/api/v1/{kind}/id/{plugin.id}/update", plugin.form(manifest))
        return "updated"

    def ensure_function_flags(self, function_id: str, *, active: bool, is_global: bool) -> list[str]:
        """Set is_active / is_global; the endpoints flip, so read the state first."""
        changed = []
        current = self.get_function(function_id) or {}
        if bool(current.get("is_active")) != active:
            self.request("POST", f"/api/v1/functions/id/{function_id}/toggle")
            changed.append("active" if active else "inactive")
        if bool(current.get("is_global")) != is_global:
            self.request("POST", f"/api/v1/functions/id/{function_id}/toggle/global")
            changed.append("global" if is_global else "not global")
        after = self.get_function(function_id) or {}
        if bool(after.get("is_active")) != active or bool(after.get("is_global")) != is_global:
            raise DeployError(f"function {function_id} did not reach active={active}, global={is_global}")
        return changed

    def ensure_valves(self, kind: str, plugin_id: str, wanted: dict[str, Any]) -> bool:
        """Merge `wanted` into the stored valves; returns True when something changed."""
        current = self.request("GET", f"/api/v1/{kind}/id/{plugin_id}/valves") or {}
        merged = {**current, **wanted}
        if merged == current:
            return False
        self.request("POST", f"/api/v1/{kind}/id/{plugin_id}/valves/update", merged)
        return True

    # -- models ------------------------------------------------------------------
    def models(self) -> list[dict]:
        data = self.request("GET", "/api/models")
        return data.get("data", []) if isinstance(data, dict) else data or []

    def attach_tool(self, model_id: str, tool_id: str) -> str:
        """Add `tool_id` to a workspace model's tools, creating the override for a base model."""
        workspace = self._get_or_none(f"/api/v1/models/model?id={model_id}")
        if workspace:
            meta = dict(workspace.get("meta") or {})
            tool_ids = list(meta.get("toolIds") or [])
            if tool_id in tool_ids:
                return "unchanged"
            meta["toolIds"] = [*tool_ids, tool_id]
            form = {
                "id": workspace["id"],
                "base_model_id": workspace.get("base_model_id"),
                "name": workspace.get("name") or model_id,
                "meta": meta,
                "params": workspace.get("params") or {},
                "is_active": workspace.get("is_active", True),
            }
            self.request("POST", "/api/v1/models/model/update", form)
            return "updated"
        base = next((m for m in self.models() if m.get("id") == model_id), None)
        if base is None:
            known = ", ".join(sorted(m.get("id", "?") for m in self.models())[:12]) or "none"
            raise DeployError(f"model {model_id!r} not found (known: {known})")
        form = {
            "id": model_id,
            "base_model_id": None,
            "name": base.get("name") or model_id,
            "meta": {"toolIds": [tool_id], "capabilities": (base.get("info") or {}).get("meta", {}).get("capabilities")},
            "params": {},
        }
        self.request("POST", "/api/v1/models/create", form)
        return "created"


# ---------------------------------------------------------------------------
# The deployment
# ---------------------------------------------------------------------------
def deploy(
    api: OpenWebUI,
    *,
    tool: Plugin,
    filter_: Plugin,
    model: str | None = None,
    valves: dict[str, dict[str, Any]] | None = None,
    say: Callable[[str], None] = print,
) -> bool:
    """Put both plugins in place; returns True when anything changed."""
    changed = False

    version = api.version()
    user = api.me()
    say(f"[1/6] Open WebUI {version} at {api.url}, signed in as {user.get('email')} ({user.get('role')})")
    if user.get("role") != "admin":
        raise DeployError(f"{user.get('email')} is not an admin: functions can only be installed by an admin")
    for plugin in (tool, filter_):
        if version_tuple(version) < version_tuple(plugin.required_version):
            raise DeployError(
                f"{plugin.name} needs Open WebUI >= {plugin.required_version}, this server runs {version}"
            )

    result = api.upsert("tools", tool)
    changed |= result != "unchanged"
    say(f"[2/6] tool {tool.id!r} ({tool.name}): {result}")

    result = api.upsert("functions", filter_)
    changed |= result != "unchanged"
    say(f"[3/6] filter {filter_.id!r} ({filter_.name}): {result}")

    flips = api.ensure_function_flags(filter_.id, active=True, is_global=True)
    changed |= bool(flips)
    say(f"[4/6] filter active and global: {'set ' + ', '.join(flips) if flips else 'unchanged'}")

    valves = valves or {}
    notes = []
    for kind, plugin, key in (("tools", tool, "tool"), ("functions", filter_, "filter")):
        if valves.get(key):
            did = api.ensure_valves(kind, plugin.id, valves[key])
            changed |= did
            notes.append(f"{key} {'updated' if did else 'unchanged'}")
    say(f"[5/6] valves: {', '.join(notes) if notes else 'none given'}")

    if model:
        result = api.attach_tool(model, tool.id)
        changed |= result != "unchanged"
        say(f"[6/6] model {model!r} has the tool: {result}")
    else:
        say("[6/6] model: none given (enable the tool per model in Workspace → Models)")
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True, help="Open WebUI base URL, e.g. http://127.0.0.1:8080")
    auth = parser.add_mutually_exclusive_group(required=True)
    auth.add_argument("--token", help="an admin's API token or JWT")
    auth.add_argument("--email", help="an admin's e-mail (with --password)")
    parser.add_argument("--password", help="the admin's password (with --email)")
    parser.add_argument("--model", help="attach the Subquery tool to this model id")
    parser.add_argument("--valves-file", type=Path, help='JSON: {"tool": {...}, "filter": {...}}')
    parser.add_argument("--tool-id", default=DEFAULT_TOOL_ID)
    parser.add_argument("--filter-id", default=DEFAULT_FILTER_ID)
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per HTTP request")
    args = parser.parse_args(argv)
    if args.email and not args.password:
        parser.error("--email needs --password")

    try:
        valves = None
        if args.valves_file:
            try:
                valves = json.loads(args.valves_file.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise DeployError(f"cannot read valves file {args.valves_file}: {exc}") from None
            if not isinstance(valves, dict) or not set(valves) <= {"tool", "filter"}:
                raise DeployError('the valves file must be a JSON object {"tool": {...}, "filter": {...}}')
        api = OpenWebUI(args.url, token=args.token, timeout=args.timeout)
        if args.email:
            api.version()  # a wrong URL fails here with a clear message, before credentials are sent
            api.signin(args.email, args.password)
        changed = deploy(
            api,
            tool=Plugin.from_file(TOOL_FILE, args.tool_id),
            filter_=Plugin.from_file(FILTER_FILE, args.filter_id),
            model=args.model,
            valves=valves,
        )
    except DeployError as exc:
        print(f"deploy failed: {exc}", file=sys.stderr)
        return 1
    print("done: everything is in place" + ("" if changed else " (nothing changed: already up to date)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
