"""The README's first command, end to end: `scripts/demo.py` with the real tool servers
(mcp-server-time via mcpo, mcp-server-git via mcp-proxy), and its chat in a real browser.

The browser is Debian's Chromium driven by Playwright (no browser download). Screenshots go to
test-output/browser/.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field

import pytest

from devkit.browser import SCREENSHOTS, signed_in_page
from devkit.demo_model import QUESTION_TEMPLATES, questions
from devkit.harness import ROOT
from devkit.scripted_model import free_port

pytestmark = pytest.mark.e2e

OUT = SCREENSHOTS


@dataclass
class DemoRun:
    process: subprocess.Popen
    lines: list[str] = field(default_factory=list)

    def text(self) -> str:
        return "\n".join(self.lines)

    def wait_for(self, needle: str, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.lines:
                if needle in line:
                    return line
            if self.process.poll() is not None:
                break
            time.sleep(0.2)
        raise AssertionError(f"demo never printed {needle!r}; output:\n{self.text()[-3000:]}")

    def ports(self) -> list[int]:
        return [int(p) for p in re.findall(r"http://127\.0\.0\.1:(\d+)", self.text())]


def start_demo(*args: str, env: dict[str, str] | None = None) -> DemoRun:
    process = subprocess.Popen(
        [sys.executable, "-u", str(ROOT / "scripts" / "demo.py"), *args],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT, env={**os.environ, **(env or {})},
    )
    run = DemoRun(process)

    def pump() -> None:
        for line in process.stdout:
            run.lines.append(line.rstrip("\n"))

    threading.Thread(target=pump, daemon=True).start()
    return run


def port_open(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def assert_nothing_left(run: DemoRun) -> None:
    ports = set(run.ports())
    assert ports, run.text()
    still = [p for p in ports if port_open(p)]
    assert not still, f"ports still served after the demo stopped: {still}"
    leftovers = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
    for port in ports:
        assert f"--port {port}" not in leftovers, f"a process with --port {port} is still running"


def demo_repo(text: str) -> str:
    return re.search(r"repository (/\S+weather-station)", text).group(1)


def turns(text: str) -> list[str]:
    return text.split("━━ Turn ")[1:]


def assert_transcript(text: str) -> None:
    assert "✓ mcp-server-time via mcpo (OpenAPI)" in text and "✓ mcp-server-git via mcp-proxy (MCP" in text
    assert "registered and enabled on the model: server:time, server:mcp:git" in text
    assert "deploy: done: everything is in place" in text
    parts = turns(text)
    assert len(parts) == len(QUESTION_TEMPLATES)
    for part, question in zip(parts, questions(demo_repo(text)), strict=True):
        assert f"You: {question}" in part
    one, two, three = parts
    # Turn 1: one subquery round calls the git log (MCP) and the time (OpenAPI) together; real outputs.
    assert "· Subquery done · 2 rounds · 2 tool calls" in one
    calls = [line.strip() for line in one.splitlines() if line.strip().startswith("→")]
    assert [c.split("(")[0] for c in calls] == ["→ git_git_log", "→ tool_get_current_time_post"], calls
    assert "← git_git_log: Commit history: Commit: " in one and "Author: Ada Gardener" in one
    assert re.search(r'← tool_get_current_time_post: \{ "timezone": "Asia/Tokyo", "datetime": "20\d\d-', one)
    assert re.search(r"the latest “Document the CSV log” by Ada Gardener on 2026-11-13.*Tokyo: \d\d:\d\d on \w+day", one)
    # Turn 2: the big diff from the MCP server, whole.
    assert "⚙ git_git_diff_unstaged(" in two and "result: Unstaged changes: diff --git a/readings.csv" in two
    assert "readings.csv, 200 lines removed and 200 added" in two
    whole = int(re.search(r"git_git_diff_unstaged ([\d,]+) chars", two).group(1).replace(",", ""))
    # Turn 3: a newer tool group follows it, and the filter shrinks the diff.
    assert "⚙ tool_convert_time_post(" in three and re.search(r"09:30 in New York is \d\d:30 in Berlin", three)
    assert re.search(r"Filter: Context [\d.]+k? → [\d.]+k? tokens · 1 tool output shrunk", three), three
    shrunk = int(re.search(r"git_git_diff_unstaged ([\d,]+) chars", three).group(1).replace(",", ""))
    assert whole > 10_000 and shrunk < whole / 5, (whole, shrunk)


@pytest.fixture(scope="module")
def kept_demo():
    """`demo.py --keep`: plays the scenario, then stays up until Ctrl-C, which must stop everything."""
    run = start_demo("--keep", "--port", str(free_port()))
    ready = run.wait_for("DEMO READY", timeout=420)
    url = re.search(r"open (http://\S+)", ready).group(1)
    yield run, url
    run.process.send_signal(signal.SIGINT)
    assert run.process.wait(60) == 130
    assert_nothing_left(run)


PROGRESS = re.compile(r"^  … \d+ s elapsed · \d+ model requests? so far$", re.M)


def test_demo_transcript(kept_demo):
    run, _url = kept_demo
    assert_transcript(run.text())
    # Turn 1 runs over 2 s (four scripted replies of 0.3-0.6 s): the progress line (not a terminal: a line after
    # 1 s, then every 10 s at most) shows the seconds elapsed while it runs.
    one = turns(run.text())[0]
    assert PROGRESS.search(one), one
    # The transcript ends with how to open the chat: its address and the credentials.
    ready = [i for i, line in enumerate(run.lines) if line.startswith("DEMO READY")]
    assert ready and ready[0] == len(run.lines) - 1, run.lines[-5:]
    assert re.fullmatch(r"DEMO READY: open http://127\.0\.0\.1:\d+/c/[\w-]+ and sign in as demo@example\.com / "
                        r"demo-password", run.lines[-1]), run.lines[-1]
    assert run.lines[-2] == "Open WebUI, the model and the tool servers stay up until you press Ctrl-C."


@pytest.mark.browser
def test_turn_one_in_a_real_browser(kept_demo):
    _run, url = kept_demo
    base = url.split("/c/")[0]
    with signed_in_page(base, "demo@example.com", "demo-password") as page:
        page.goto(url, wait_until="domcontentloaded")
        page.wait_for_selector("#chat-input")
        answers = page.get_by_text(re.compile(r"Tokyo: \d\d:\d\d on \w+day"))
        page.wait_for_function("document.body.innerText.includes('Document the CSV log')")
        before = answers.count()
        assert before >= 1  # the demo chat holds turn 1's answer already

        page.locator("#chat-input").click()
        page.keyboard.type(questions(demo_repo(_run.text()))[0])
        page.keyboard.press("Enter")

        seen: list[str] = []
        deadline = time.monotonic() + 90
        while answers.count() <= before and time.monotonic() < deadline:
            for line in page.locator("#messages-container").inner_text().splitlines():
                if line.startswith("Subquery") and line not in seen:
                    seen.append(line)
                    if len(seen) == 2:
                        page.screenshot(path=str(OUT / "turn1-running.png"))
            time.sleep(0.1)
        page.screenshot(path=str(OUT / "turn1-answered.png"))
        assert answers.count() == before + 1, f"no final answer; status lines seen: {seen}"
        assert seen and seen[0].startswith("Subquery started · "), seen
        assert any(re.match(r"Subquery · round 1/\d+ · calling git_git_log, tool_get_current_time_post", s)
                   for s in seen), seen
        assert any(s.startswith("Subquery done · 2 rounds · 2 tool calls") for s in seen), seen
    assert (OUT / "turn1-answered.png").stat().st_size > 10_000


def test_demo_without_keep_plays_and_stops_everything():
    port = free_port()
    run = start_demo("--port", str(port), "--pace", "0.05")
    assert run.process.wait(420) == 0, run.text()[-3000:]
    time.sleep(0.5)  # let the output pump finish
    assert_transcript(run.text())
    assert len(re.findall(r"^Turn \d took \d+\.\d s\.", run.text(), re.M)) == len(QUESTION_TEMPLATES)
    # The transcript ends by saying how to open the chat in a browser: the same run with --keep.
    assert run.lines[-2:] == [
        "Demo finished: stopping everything.",
        f"To open this chat in a browser, run `make demo ARGS='--keep --port {port}'` and sign in at "
        f"http://127.0.0.1:{port} as demo@example.com / demo-password (it prints the chat's address when the chat "
        "is ready).",
    ], run.lines[-3:]
    assert_nothing_left(run)


def test_demo_failure_is_clear_and_stops_everything():
    """A real-model run whose model does not exist: a clear error, exit 1, nothing left running."""
    dead = f"http://127.0.0.1:{free_port()}/v1"
    run = start_demo("--port", str(free_port()), "--openai-base-url", dead, "--model", "no-such-model")
    assert run.process.wait(420) == 1, run.text()[-3000:]
    time.sleep(0.5)
    assert "demo failed:" in run.text() and "model 'no-such-model' not found" in run.text()
    assert "Traceback" not in run.text()
    assert_nothing_left(run)


def test_demo_without_tool_servers_says_how_to_install_them(tmp_path):
    run = start_demo("--port", str(free_port()), env={"OWUI_TOOLS_VENV": str(tmp_path / "missing")})
    assert run.process.wait(60) == 1, run.text()
    time.sleep(0.5)
    errors = [line for line in run.lines if line.startswith("demo failed:")]
    assert errors == [f"demo failed: mcp-server-time is not installed in {tmp_path / 'missing'}: "
                      "run `make toolservers` (bash scripts/ensure_toolservers.sh)"], run.text()
    assert "Traceback" not in run.text()


def test_tool_server_that_does_not_start_is_one_line_and_nothing_is_left(tmp_path):
    """A proxy that dies at start (here: an `mcpo` that exits 3): one line, exit 1, no process left."""
    bin_dir = tmp_path / "proxy" / "bin"
    bin_dir.mkdir(parents=True)
    # A duration no other process on the machine uses, so the check below finds only this one.
    sleeper = f"sleep 300.{os.getpid()}{time.monotonic_ns() % 1_000_000:06d}"
    for name, body in (("mcpo", "exit 3"), ("mcp-proxy", f"exec {sleeper}")):
        (bin_dir / name).write_text(f"#!/bin/sh\n{body}\n")
        (bin_dir / name).chmod(0o755)
    run = start_demo("--port", str(free_port()), env={"OWUI_PROXY_VENV": str(tmp_path / "proxy")})
    assert run.process.wait(90) == 1, run.text()
    time.sleep(0.5)
    errors = [line for line in run.lines if line.startswith("demo failed:")]
    assert len(errors) == 1 and "mcpo (mcp-server-time) exited with code 3 at start; log: " in errors[0], run.text()
    assert "Traceback" not in run.text()
    leftovers = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
    assert sleeper not in leftovers and str(tmp_path) not in leftovers
