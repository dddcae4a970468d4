"""The demo's scripted model: plays a realistic conversation with deterministic tool calls.

It is not a language model. It recognizes the demo's questions (and close variants typed in the
browser), calls the real tool servers' tools and `subquery` the way a capable model would, and
writes its answers from the real results it receives:

1. the git log (MCP, `mcp-server-git` via `mcp-proxy`) and the time in Tokyo (OpenAPI,
   `mcp-server-time` via `mcpo`), both in one subquery round;
2. the uncommitted diff of the demo repository (big: every row of a sensor log changed);
3. a time conversion; by now the tool-context filter has shrunk turn 2's diff in the context.

Use `scripts/demo.py --openai-base-url ... --model ...` to run the demo with a real model.
"""

from __future__ import annotations

import json
import re
from typing import Any

from devkit.scripted_model import Call, Reply, text_of

MODEL_ID = "demo-scripted-model"
MODEL_NAME = "Scripted demo model (not an LLM)"

QUESTION_TEMPLATES = (
    "What changed recently in the git repository at {repo}, and what time is it in Tokyo right now?",
    "Show me the uncommitted changes in the git repository at {repo}.",
    "If I call a colleague at 09:30 New York time, what time is it for them in Berlin?",
)


def questions(repo: str) -> tuple[str, ...]:
    return tuple(q.format(repo=repo) for q in QUESTION_TEMPLATES)


HELP = (
    "I am the scripted demo model of owui-toolkit, not a real language model. I can play the demo's three "
    "questions: the recent history of a git repository with the time in Tokyo, its uncommitted changes, and "
    "09:30 New York time in Berlin. Run the demo with --openai-base-url and --model to talk to a real model."
)
REPO_PATH = re.compile(r"repository at (\S+?)[,.?]?(?:\s|$)")


def _turn(messages: list[dict]) -> tuple[str, int, list[dict]]:
    """The last user message's text, the model rounds since, and the messages after it."""
    for i in range(len(messages) - 1, -1, -1):
        if messages[i].get("role") == "user" and not text_of(messages[i].get("content")).startswith("You have used all"):
            after = messages[i + 1 :]
            return text_of(messages[i].get("content")), sum(m.get("role") == "assistant" for m in after), after
    return "", 0, []


def result_text(raw: str) -> str:
    """A tool result as plain text: MCP content lists and JSON strings unwrapped."""
    try:
        value: Any = json.loads(raw)
    except ValueError:
        return raw
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "\n".join(p.get("text", "") if isinstance(p, dict) else str(p) for p in value)
    return raw


def results(after: list[dict]) -> dict[str, list[str]]:
    """Tool results of the current turn by tool name (raw text)."""
    names: dict[str, str] = {}
    out: dict[str, list[str]] = {}
    for m in after:
        for tc in m.get("tool_calls") or []:
            names[tc.get("id")] = tc["function"]["name"]
        if m.get("role") == "tool":
            out.setdefault(names.get(m.get("tool_call_id"), "?"), []).append(text_of(m.get("content")))
    return out


def tool_named(names: list[str], suffix: str) -> str | None:
    """The advertised name that ends with `suffix` (mcpo: `tool_<name>_post`, MCP: `<server>_<name>`)."""
    return next((n for n in names if n == suffix), None) or next((n for n in names if n.endswith(suffix)), None)


def _found(found: dict[str, list[str]], name: str | None) -> str:
    return result_text((found.get(name or "") or [""])[-1])


def kind_of(text: str) -> str:
    t = text.lower()
    if "subtask:" in t and "git log" in t:
        return "log+time"
    if "changed recently" in t and "tokyo" in t:
        return "log+time"
    if "uncommitted" in t:
        return "diff"
    if "new york" in t and "berlin" in t:
        return "convert"
    return "other"


def summarize_log(text: str) -> str:
    commits = re.findall(r"Message: (.+)", text)
    dates = re.findall(r"Date: (\S+)", text)
    authors = re.findall(r"Author: (.+)", text)
    if not commits:
        return f"the git log came back unexpectedly: {text[:200]}"
    latest = f"“{commits[0].strip()}” by {authors[0].strip()} on {dates[0][:10]}" if authors and dates else commits[0]
    return f"{len(commits)} commits, the latest {latest}; before it: " + "; ".join(c.strip() for c in commits[1:])


def summarize_time(text: str) -> str:
    try:
        data = json.loads(text)
        return f"{data['datetime'][11:16]} on {data['day_of_week']} ({data['timezone']})"
    except (ValueError, KeyError, TypeError):
        return f"the time tool answered unexpectedly: {text[:200]}"


def summarize_diff(text: str) -> str:
    files = re.findall(r"^\+\+\+ b/(\S+)", text, re.M)
    added = sum(1 for line in text.splitlines() if line.startswith("+") and not line.startswith("+++"))
    removed = sum(1 for line in text.splitlines() if line.startswith("-") and not line.startswith("---"))
    if not files:
        return f"The diff tool answered unexpectedly: {text[:200]}"
    return (f"Uncommitted: {', '.join(files)}, {removed} lines removed and {added} added "
            f"({len(text):,} characters of diff). Every reading changed: the sensor was recalibrated.")


def brain(body: dict, step: int, pace: float = 0.6) -> Reply:
    """Answer one chat-completions request (the ScriptedModel calls this with its own step count)."""
    messages = body.get("messages") or []
    tools = [t["function"]["name"] for t in body.get("tools") or []]
    text, step, after = _turn(messages)
    found = results(after)
    kind = kind_of(text)
    repo = (REPO_PATH.search(text) or re.search(r"(/\S+weather-station)", text))
    repo_path = repo.group(1) if repo else ""
    if "subquery" not in tools and text.startswith("Subtask:"):
        return _inner(kind, step, tools, found, repo_path, pace)
    if kind == "other" or not tools:
        return Reply(content=HELP, delay=pace / 2)
    if kind == "log+time" and "subquery" in tools:
        if step == 0:
            prompt = (f"Subtask: read the git log of the repository at {repo_path} (the last 4 commits) and the "
                      "current time in Tokyo (Asia/Tokyo). Report both briefly.")
            return Reply(content="I'll hand this to a focused subquery with the git and time tools.",
                         calls=(Call("subquery", {"prompt": prompt}),), delay=pace)
        return Reply(content=f"Here is what I found:\n\n{_found(found, 'subquery')}", delay=pace / 2)
    if kind == "diff":
        diff = tool_named(tools, "git_diff_unstaged")
        if step == 0 and diff:
            return Reply(content="Reading the working tree's diff.", calls=(Call(diff, {"repo_path": repo_path}),),
                         delay=pace)
        return Reply(content=summarize_diff(_found(found, diff)), delay=pace / 2)
    if kind == "convert":
        convert = tool_named(tools, "convert_time_post") or tool_named(tools, "convert_time")
        args = {"source_timezone": "America/New_York", "time": "09:30", "target_timezone": "Europe/Berlin"}
        if step == 0 and convert:
            return Reply(calls=(Call(convert, args),), delay=pace)
        try:
            data = json.loads(_found(found, convert))
            return Reply(content=f"09:30 in New York is {data['target']['datetime'][11:16]} in Berlin "
                         f"({data['time_difference']} ahead).", delay=pace / 2)
        except (ValueError, KeyError, TypeError):
            return Reply(content=f"The conversion came back unexpectedly: {_found(found, convert)[:200]}")
    return Reply(content=HELP, delay=pace / 2)


def _inner(kind: str, step: int, tools: list[str], found: dict[str, list[str]], repo: str, pace: float) -> Reply:
    log = tool_named(tools, "git_log")
    now = tool_named(tools, "get_current_time_post") or tool_named(tools, "get_current_time")
    if kind != "log+time" or not (log and now):
        return Reply(content=f"This subtask is outside the demo script (tools: {', '.join(tools)}).", delay=pace / 2)
    if step == 0:  # both in one round: Subquery runs them at the same time
        return Reply(calls=(Call(log, {"repo_path": repo, "max_count": 4}), Call(now, {"timezone": "Asia/Tokyo"})),
                     delay=pace)
    return Reply(content=f"Git: {summarize_log(_found(found, log))}. Tokyo: {summarize_time(_found(found, now))}.",
                 delay=pace)
