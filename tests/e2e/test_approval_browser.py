"""Subquery in a real browser (headless Debian Chromium) on a real Open WebUI 0.12.4.

1. Approval: with tool permissions on and `tool_approval_mode: 'ask'`, the user clicks "Allow" in
   Open WebUI's own "Tool Permissions" dialog, first for the outer `subquery` call, then for the
   inner call the subquery asks about, and the inner call runs.
2. An inline HTML embed produced by an inner tool is shown on the chat page.
"""

from __future__ import annotations

import time

import pytest

from devkit.browser import SCREENSHOTS, signed_in_page
from devkit.harness import ChatClient
from devkit.scripted_model import Call, Reply, ScriptedModel
from tests.e2e.conftest import ADMIN, CHEAP_MODEL_ID
from tests.e2e.test_subquery_e2e import MODEL, TOOL_IDS, outer_scenario, tool_messages

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

OUT = SCREENSHOTS


@pytest.fixture(scope="module")
def page(owui_server, installed):
    with signed_in_page(owui_server.url, ADMIN["email"], ADMIN["password"]) as page:
        yield page


@pytest.fixture
def ask_mode(installed: ChatClient):
    """Tool permissions on (admin) and 'ask' as the user's default; both restored afterwards."""
    config = installed.request("GET", "/api/v1/chats/config")
    settings = installed.request("GET", "/api/v1/users/user/settings") or {}
    ui = dict(settings.get("ui") or {})
    installed.request("POST", "/api/v1/chats/config", {**config, "ENABLE_TOOL_PERMISSIONS": True})
    installed.request(
        "POST", "/api/v1/users/user/settings/update",
        {**settings, "ui": {**ui, "params": {**(ui.get("params") or {}), "tool_approval_mode": "ask"}}},
    )
    yield
    installed.request("POST", "/api/v1/chats/config", config)
    installed.request("POST", "/api/v1/users/user/settings/update", {**settings, "ui": ui})


def allow(page, tool_name: str, timeout: float = 60) -> None:
    """Wait for Open WebUI's Tool Permissions dialog about `tool_name` and click Allow."""
    dialog = page.locator("div.modal, [role=dialog]").filter(has_text="Tool Permissions").filter(has_text=tool_name)
    dialog.first.wait_for(state="visible", timeout=timeout * 1000)
    dialog.first.get_by_role("button", name="Allow").click()
    dialog.first.wait_for(state="hidden", timeout=timeout * 1000)


def test_user_allows_the_inner_call_in_open_webuis_dialog_and_it_runs(
    installed: ChatClient, scripted: ScriptedModel, page, ask_mode
):
    key = "sq-browser-approve"
    for tool_id in ("subquery", "probe"):
        installed.attach_tool(CHEAP_MODEL_ID, tool_id)
    scripted.script(key, outer_scenario(key, "count to 41"))
    scripted.script(f"{key}/inner", [Reply(calls=(Call("counter", {"n": 41}),)), Reply(content="inner counted")])

    page.goto(f"{page.url.split('/?')[0].rstrip('/')}/?models={CHEAP_MODEL_ID}&temporary-chat=true", wait_until="domcontentloaded")
    page.wait_for_selector("#chat-input")
    page.locator("#chat-input").click()
    page.keyboard.type(f"[[{key}]] please delegate")
    page.keyboard.press("Enter")

    allow(page, "subquery")  # the outer call, asked by Open WebUI's own loop
    allow(page, "counter")  # the inner call, asked by Subquery with the same dialog
    page.get_by_text("OUTER FINAL: inner counted").first.wait_for(timeout=60_000)
    page.screenshot(path=str(OUT / "subquery-approval.png"))

    inner = scripted.requests_for(f"{key}/inner")
    assert len(inner) == 2
    [result] = tool_messages(inner[1])
    assert result["content"] == "counted 41"


def test_an_inner_embed_is_shown_on_the_chat_page(installed: ChatClient, scripted: ScriptedModel, page):
    key = "sq-browser-embed"
    scripted.script(key, outer_scenario(key, "draw"))
    scripted.script(f"{key}/inner", [Reply(calls=(Call("chart", {"title": "weekly"}),)), Reply(content="chart drawn")])
    turn = installed.chat(MODEL, f"[[{key}]] please delegate", tool_ids=TOOL_IDS)
    assert "<div id='probe-chart'>CHART weekly</div>" in (installed.message(turn).get("embeds") or [])
    chat_id = turn.chat_id
    base = page.url.split("/c/")[0].split("/?")[0].rstrip("/")
    page.goto(f"{base}/c/{chat_id}", wait_until="domcontentloaded")
    page.get_by_text("OUTER FINAL: chart drawn").first.wait_for(timeout=60_000)
    deadline = time.monotonic() + 30
    found = False
    while not found and time.monotonic() < deadline:
        for frame in page.frames:
            try:
                found = "CHART weekly" in frame.inner_text("body", timeout=1000)
            except Exception:
                continue
            if found:
                break
        time.sleep(0.3)
    page.screenshot(path=str(OUT / "subquery-embed.png"))
    assert found, "the embed's HTML is not on the page"
