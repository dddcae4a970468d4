"""A user-level (direct) tool server in headless Chromium: Subquery calls it, the browser runs the call.

Open WebUI executes a direct tool server's calls in the user's browser: the server sends an
`execute:tool` event over the page's socket, the page calls the tool server (here
`mcp-server-time` behind `mcpo`, CORS open as mcpo's default) and answers with the result.
Inside a subquery the same path must work. Only the language model is scripted.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator

import pytest

from devkit.browser import SCREENSHOTS, signed_in_page
from devkit.harness import ROOT, ChatClient
from devkit.scripted_model import Call, Reply, ScriptedModel
from devkit.toolservers import ToolServers, openapi_connection

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

MODEL = "scripted-model"
ADMIN = {"email": "admin@example.com", "password": "admin-password"}  # tests/e2e/conftest.py's admin
OUT = SCREENSHOTS


@pytest.fixture(scope="module")
def time_server() -> Iterator[ToolServers]:
    work = ROOT / "test-output" / f"toolservers-direct-{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    running = ToolServers(work, time_id="browsertime", git_id="browsergit").start()
    yield running
    running.stop()
    shutil.rmtree(work, ignore_errors=True)


@pytest.fixture(scope="module")
def direct_setup(owui: ChatClient, time_server: ToolServers) -> Iterator[ChatClient]:
    """Direct integrations on (admin setting), and the admin's own user-level tool server."""
    assert owui.install_tool("subquery", ROOT / "tools" / "subquery.py") in ("created", "updated", "unchanged")
    current = owui.request("GET", "/api/v1/configs/connections")
    owui.request("POST", "/api/v1/configs/connections", {**current, "ENABLE_DIRECT_INTEGRATIONS": True})
    server = openapi_connection(time_server.time_url, "browsertime", "Time in the browser", "User-level time server.")
    settings = owui.request("GET", "/api/v1/users/user/settings") or {}
    ui = {**(settings.get("ui") or {}), "toolServers": [server]}
    owui.request("POST", "/api/v1/users/user/settings/update", {**settings, "ui": ui})
    yield owui
    owui.request("POST", "/api/v1/users/user/settings/update", settings)  # the session's server as it was
    owui.request("POST", "/api/v1/configs/connections", current)


def direct_scenario(scripted: ScriptedModel) -> None:
    def outer(body: dict, step: int) -> Reply:
        if step == 0:
            return Reply(calls=(Call("subquery", {"prompt": "[[direct/inner]] What time is it in Tokyo?"}),))
        results = [m["content"] for m in body["messages"] if m.get("role") == "tool"]
        return Reply(content="DIRECT RESULT: " + (results[-1] if results else "(none)"))

    def inner(body: dict, step: int) -> Reply:
        names = [t["function"]["name"] for t in body.get("tools") or []]
        now = next((n for n in names if n.endswith("get_current_time_post")), None)
        if step == 0 and now:
            return Reply(calls=(Call(now, {"timezone": "Asia/Tokyo"}),))
        results = [m["content"] for m in body["messages"] if m.get("role") == "tool"]
        return Reply(content=f"INNER SAW: {results[-1] if results else 'no tool ' + json.dumps(names)}")

    scripted.script("direct", outer)
    scripted.script("direct/inner", inner)


def test_subquery_calls_a_user_level_tool_server_through_the_browser(direct_setup, scripted, owui_server, time_server):
    direct_scenario(scripted)
    with signed_in_page(owui_server.url, ADMIN["email"], ADMIN["password"]) as page:
        page.goto(owui_server.url + f"/?models={MODEL}", wait_until="domcontentloaded")
        page.wait_for_selector("#chat-input")
        # Integrations → Tools: turn on Subquery and the user's own server (listed by its OpenAPI title).
        page.get_by_role("button", name="Integrations").click()
        page.get_by_role("menuitem", name=re.compile("^Tools")).click()
        for name in ("Subquery", "mcp-time"):
            item = page.get_by_role("menuitemcheckbox", name=name)
            if item.get_attribute("aria-checked") != "true":  # the model may have it on already
                item.click()
            assert item.get_attribute("aria-checked") == "true", name
        page.screenshot(path=str(OUT / "direct-tool-server-tools.png"))
        page.keyboard.press("Escape")
        page.locator("#chat-input").click()
        page.keyboard.type("[[direct]] What time is it in Tokyo? Use the subquery.")
        page.keyboard.press("Enter")
        try:
            page.wait_for_function("document.body.innerText.includes('DIRECT RESULT:')", timeout=90_000)
        finally:
            page.screenshot(path=str(OUT / "direct-tool-server.png"))
        text = page.locator("#messages-container").inner_text()
    inner = scripted.requests_for("direct/inner")
    names = [t["function"]["name"] for t in inner[0].body.get("tools") or []]
    assert "tool_get_current_time_post" in names, names
    assert [r.step for r in inner] == [0, 1], [r.step for r in inner]
    tool_msgs = [m["content"] for m in inner[1].body["messages"] if m.get("role") == "tool"]
    assert len(tool_msgs) == 1 and '"timezone": "Asia/Tokyo"' in tool_msgs[0].replace('":"', '": "'), tool_msgs
    assert re.search(r"DIRECT RESULT: INNER SAW: .*Asia/Tokyo", text, re.S), text[-2000:]
    assert "Subquery done · 2 rounds · 1 tool call" in text
    # The call came from the browser: a CORS preflight, which only a browser sends, then the POST.
    log = (time_server.workdir / "mcpo-time.log").read_text()
    assert '"OPTIONS /get_current_time HTTP/1.1" 200' in log and '"POST /get_current_time HTTP/1.1" 200' in log, log[-2000:]
