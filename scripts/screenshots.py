#!/usr/bin/env python3
"""Screenshots for the docs, from a real browser: `make screenshots` (or `python scripts/screenshots.py`).

Runs the demo's set-up on the scripted model (scripts/demo.py's `running()`: the real tool servers, a real
Open WebUI 0.12.4 with both plugins deployed by scripts/deploy.py), plays the demo's three turns, then drives
headless Debian Chromium (Playwright; `make chromium`) against that Open WebUI and writes, all offline on
127.0.0.1:

    subquery-chat.png     turn 1: Subquery's status lines (expanded) and its block of inner calls (opened)
    filter-status.png     turn 3: the filter's status line on a turn where it shrank an older tool output
    approval.png          Open WebUI's "Tool Permissions" dialog asking about one of Subquery's inner calls
                          (tool permissions on, the user's approval mode `ask`; a temporary chat)
    text-call.png         a call the model wrote as text (a ```json fence), converted by the text-call plugin
                          and run by Open WebUI's own loop: the call, its result and the status line
    valves-subquery.png   Workspace > Tools > Subquery's Valves (gear)
    valves-filter.png     Admin Panel > Functions > the filter's Valves (gear)

    python scripts/screenshots.py                 # into docs/img/
    python scripts/screenshots.py --out /tmp/img  # elsewhere
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import demo  # noqa: E402
from demo import say  # noqa: E402

from devkit.browser import NoChromium, signed_in_page  # noqa: E402
from devkit.harness import ChatClient, Turn  # noqa: E402
from devkit.scripted_model import Reply, ScriptedModel, free_port  # noqa: E402
from devkit.toolservers import ToolServerError  # noqa: E402
from scripts.deploy import PLUGINS, DeployError  # noqa: E402

SHOTS = (
    "subquery-chat.png",
    "filter-status.png",
    "approval.png",
    "valves-subquery.png",
    "valves-filter.png",
    "text-call.png",
)
# The scripted model's reply with its call written as text (the time server's `get_current_time` via mcpo).
TIME_CALL = '```json\n{"name": "tool_get_current_time_post", "arguments": {"timezone": "Asia/Tokyo"}}\n```'

VIEWPORT = {"width": 1280, "height": 900}
TALL = {"width": 1280, "height": 2400}  # a whole turn or a whole Valves panel fits on the page at once
PAD = 16


def clip_of(page: Any, locators: list[Any], pad: int = PAD, bottom: int = PAD) -> dict[str, float]:
    """The rectangle around every element the locators match (viewport coordinates), with a margin."""
    boxes = [box for loc in locators for el in loc.all() if (box := el.bounding_box())]
    if not boxes:
        raise RuntimeError(f"nothing to photograph: {locators}")
    x0 = max(0, min(b["x"] for b in boxes) - pad)
    y0 = max(0, min(b["y"] for b in boxes) - pad)
    x1 = min(page.viewport_size["width"], max(b["x"] + b["width"] for b in boxes) + pad)
    y1 = min(page.viewport_size["height"], max(b["y"] + b["height"] for b in boxes) + bottom)
    return {"x": x0, "y": y0, "width": x1 - x0, "height": y1 - y0}


def settle(page: Any, seconds: float = 0.8) -> None:
    """Let transitions and the embeds' height messages finish before a shot."""
    page.wait_for_timeout(int(seconds * 1000))


def open_chat(page: Any, base: str, chat_id: str, answer: str) -> None:
    page.goto(f"{base}/c/{chat_id}", wait_until="domcontentloaded")
    page.wait_for_selector("#chat-input")
    page.get_by_text(answer).first.wait_for()
    settle(page)


def expand_status(page: Any, message_id: str) -> None:
    """Open a message's status history (Open WebUI shows only its last line until clicked)."""
    toggle = page.locator(f"#message-{message_id} button[aria-label='Toggle status history']").first
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()


def open_record(page: Any, message_id: str) -> None:
    """Open Subquery's block of inner calls as a user does, by clicking its summary: an embed (a sandboxed frame)
    holding a <details>, which must be visible while closed (its script posts its height whenever it changes);
    opened, it posts its new height and Open WebUI resizes the frame."""
    frame = page.frame_locator(f"#message-{message_id} iframe").first
    try:
        page.wait_for_function(
            "id => { const f = document.querySelector(`#message-${id} iframe`); return f && f.offsetHeight > 10; }",
            arg=message_id,
            timeout=20_000,
        )
    except Exception as exc:
        raise RuntimeError("Subquery's block of inner calls stays 0 px tall: a user cannot see it") from exc
    frame.locator("details").filter(has_text="inner call").first.locator("summary").click()
    page.wait_for_function(
        "id => { const f = document.querySelector(`#message-${id} iframe`); return f && f.offsetHeight > 60; }",
        arg=message_id,
    )
    settle(page)


def shoot_turn(page: Any, turn: Turn, path: Path) -> None:
    """The user's question and the assistant's message of one turn, cropped to them."""
    page.locator(f"#message-{turn.user_id}").scroll_into_view_if_needed()
    settle(page, 0.3)
    messages = [page.locator(f"#message-{turn.user_id}"), page.locator(f"#message-{turn.assistant_id}")]
    page.screenshot(path=str(path), clip=clip_of(page, messages, bottom=4))  # not the next turn's question


def chat_shots(page: Any, base: str, turns: list[Turn], out: Path) -> None:
    page.set_viewport_size(TALL)
    one, _two, three = turns
    open_chat(page, base, one.chat_id, "Document the CSV log")
    expand_status(page, one.assistant_id)
    open_record(page, one.assistant_id)
    shoot_turn(page, one, out / "subquery-chat.png")
    say(f"✓ {out / 'subquery-chat.png'}: turn 1, Subquery's status lines and its inner calls")

    # Turn 3: Open WebUI shows a message's last status line, here the filter's "Context … → … tokens".
    page.locator(f"#message-{three.assistant_id}").get_by_text("Context ").first.wait_for()
    shoot_turn(page, three, out / "filter-status.png")
    say(f"✓ {out / 'filter-status.png'}: turn 3, the filter's status line")


def valves_shot(page: Any, url: str, name: str, path: Path) -> None:
    """A plugin's Valves panel: the gear on its row of the list at `url`."""
    page.set_viewport_size(TALL)
    page.goto(url, wait_until="domcontentloaded")
    row = (
        page.locator("div.group").filter(has_text=name).filter(has=page.get_by_role("button", name="Valves"))
    )
    row.first.wait_for()
    row.first.get_by_role("button", name="Valves").click()
    modal = page.locator("div.modal").filter(has=page.locator("form")).last
    modal.locator("form button[type=submit]").wait_for()
    # the spec and values have loaded: a valve at its default shows a "Default" button, a set one its input
    modal.locator("form input, form select, form button:has-text('Default')").first.wait_for()
    settle(page)
    page.screenshot(path=str(path), clip=clip_of(page, [modal.locator(":scope > div").first], pad=12))
    page.keyboard.press("Escape")


def valves_at_defaults(client: ChatClient) -> None:
    """The demo deploys with its own valves; the screenshots show what an admin meets, the defaults."""
    for spec in PLUGINS:
        if spec.asked_by:  # installed only when asked for: the demo does not
            continue
        where = "tools" if spec.kind == "tool" else "functions"
        client.request("POST", f"/api/v1/{where}/id/{spec.id}/valves/update", {})


def approval_shot(page: Any, client: ChatClient, base: str, model_id: str, question: str, path: Path) -> None:
    """Tool permissions on and 'ask' for the demo user; a temporary chat asks turn 1's question in the browser:
    Open WebUI asks about the outer `subquery` call, then Subquery asks, with the same dialog, about each inner
    call. The shot is the first inner question; everything is allowed and the settings are put back."""
    config = client.request("GET", "/api/v1/chats/config")
    settings = client.request("GET", "/api/v1/users/user/settings") or {}
    ui = dict(settings.get("ui") or {})
    client.request("POST", "/api/v1/chats/config", {**config, "ENABLE_TOOL_PERMISSIONS": True})
    client.request(
        "POST",
        "/api/v1/users/user/settings/update",
        {**settings, "ui": {**ui, "params": {**(ui.get("params") or {}), "tool_approval_mode": "ask"}}},
    )
    try:
        page.set_viewport_size(VIEWPORT)
        page.goto(f"{base}/?models={model_id}&temporary-chat=true", wait_until="domcontentloaded")
        page.wait_for_selector("#chat-input")
        page.locator("#chat-input").click()
        page.keyboard.type(question)
        page.keyboard.press("Enter")
        dialogs = page.locator("div.modal").filter(has_text="Tool Permissions")
        answered = page.get_by_text("Document the CSV log")
        shot = False
        deadline = time.monotonic() + 120
        while answered.count() == 0 and time.monotonic() < deadline:
            if not dialogs.count():
                time.sleep(0.2)
                continue
            dialog = dialogs.first
            name = dialog.locator(".font-medium.break-all").first.inner_text().strip()
            if not shot and name != "subquery":  # the outer call is Open WebUI's own question
                settle(page, 0.6)  # the dialog's fade-in
                card = dialog.locator(":scope > div").first
                chat = page.locator("#messages-container [id^='message-']")
                page.screenshot(path=str(path), clip=clip_of(page, [chat, card], pad=24))
                shot = True
                say(f"✓ {path}: the approval dialog for an inner call, {name}")
            dialog.get_by_role("button", name="Allow").click()
            this = dialogs.filter(
                has=page.locator(".font-medium.break-all").filter(has_text=re.compile(f"^{re.escape(name)}$"))
            )
            this.first.wait_for(state="hidden")
        if not shot:
            raise RuntimeError("no approval dialog for an inner call appeared")
        answered.first.wait_for(timeout=60_000)
    finally:
        client.request("POST", "/api/v1/chats/config", config)
        client.request("POST", "/api/v1/users/user/settings/update", {**settings, "ui": ui})


def text_call_shot(page: Any, d: Any, base: str, path: Path) -> None:
    """The text-call plugin installed (active, global); the scripted model writes its call as a ```json fence, Open
    WebUI's own loop runs it, the model answers from the result. The shot is that turn, status lines open."""
    model = next(p for p in d.setup.parts if isinstance(p, ScriptedModel))

    def scenario(body: dict, step: int) -> Reply:
        if step == 0:
            return Reply(content="Let me look at the clock in Tokyo.\n" + TIME_CALL, chunk_chars=5)
        result = next((m["content"] for m in reversed(body["messages"]) if m.get("role") == "tool"), "")
        found = re.search(r"(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})", str(result))
        when = f"{found.group(2)} on {found.group(1)}" if found else "unknown"
        return Reply(content=f"It is {when} in Tokyo (the time server's answer).")

    model.script("text-call", scenario)
    d.client.install_filter("text_tool_calls", ROOT / "filters" / "text_tool_calls.py")
    try:
        tool_ids = [t for t in d.tool_servers.tool_ids if "time" in t]
        turn = d.client.chat(d.setup.model_id, "[[text-call]] What time is it in Tokyo?", tool_ids=tool_ids)
    finally:
        d.client.ensure_function_flags("text_tool_calls", active=False, is_global=False)
    page.set_viewport_size(TALL)
    open_chat(page, base, turn.chat_id, "in Tokyo (the time server")
    expand_status(page, turn.assistant_id)
    shoot_turn(page, turn, path)
    say(f"✓ {path}: a call written as text, run by Open WebUI's own loop")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out", type=Path, default=ROOT / "docs" / "img", help="where the PNGs go (docs/img)"
    )
    parser.add_argument("--port", type=int, default=0, help="Open WebUI port (default: a free one)")
    args = parser.parse_args(argv)
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    demo_args = demo.parser().parse_args(["--pace", "0.3"])
    port = args.port or free_port()
    data_root = Path(tempfile.mkdtemp(prefix="owui-shots-"))
    try:
        with demo.running(demo_args, port, data_root) as d:
            turns = d.play()
            say("\n" + "━" * 70)
            base = d.server.url
            with signed_in_page(base, demo.LOGIN["email"], demo.LOGIN["password"]) as page:
                chat_shots(page, base, turns, out)
                valves_at_defaults(d.client)
                valves_shot(page, f"{base}/workspace/tools", "Subquery", out / "valves-subquery.png")
                say(f"✓ {out / 'valves-subquery.png'}: Workspace > Tools > Subquery > Valves")
                valves_shot(page, f"{base}/admin/functions", "Tool Context Filter", out / "valves-filter.png")
                say(f"✓ {out / 'valves-filter.png'}: Admin Panel > Functions > the filter > Valves")
                question = demo.demo_model.questions(str(d.repo))[0]
                approval_shot(page, d.client, base, d.setup.model_id, question, out / "approval.png")
                text_call_shot(page, d, base, out / "text-call.png")
        missing = [name for name in SHOTS if not (out / name).is_file()]
        if missing:
            raise RuntimeError(f"not written: {', '.join(missing)}")
        say(f"Screenshots written to {out}: {', '.join(SHOTS)}")
        return 0
    except (DeployError, ToolServerError, NoChromium, RuntimeError) as exc:
        print(f"screenshots failed: {exc}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(data_root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
