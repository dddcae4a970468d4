"""The demo's scripted model: plays a realistic conversation with deterministic tool calls.

It is not a language model. It recognizes the demo's questions (and close variants typed in
the browser), calls the time tools and `subquery` the way a capable model would, and writes its
answers from the real tool results it receives. Anything else gets a polite explanation.
Use `scripts/demo.py --openai-base-url ... --model ...` to run the demo with a real model.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

from devkit.scripted_model import Call, Reply, text_of

MODEL_ID = "demo-scripted-model"
MODEL_NAME = "Scripted demo model (not an LLM)"

QUESTIONS = (
    "What time is it in Tokyo and Berlin right now, and how many hours apart are they?",
    "How many days are left until New Year in Tokyo? And which time zones exist at all?",
    "If I schedule a call tomorrow at 09:30 in New York, what time is that in Tokyo and in Berlin?",
)

HELP = (
    "I am the scripted demo model of owui-toolkit, not a real language model. I can play these "
    "questions:\n" + "\n".join(f"- {q}" for q in QUESTIONS) + "\nRun the demo with --openai-base-url and "
    "--model to talk to a real model."
)


def _turn(messages: list[dict]) -> tuple[str, int, list[dict]]:
    """The last user message's text, the model rounds since, and the messages after it."""
    for i in range(len(messages) - 1, -1, -1):
        if messages[i].get("role") == "user" and not text_of(messages[i].get("content")).startswith("You have used all"):
            after = messages[i + 1 :]
            return text_of(messages[i].get("content")), sum(m.get("role") == "assistant" for m in after), after
    return "", 0, []


def _results(after: list[dict]) -> dict[str, list[Any]]:
    """Tool results of the current turn by tool name (JSON decoded where possible)."""
    names: dict[str, str] = {}
    out: dict[str, list[Any]] = {}
    for m in after:
        for tc in m.get("tool_calls") or []:
            names[tc.get("id")] = tc["function"]["name"]
        if m.get("role") == "tool":
            raw = text_of(m.get("content"))
            try:
                value: Any = json.loads(raw)
            except ValueError:
                value = raw
            out.setdefault(names.get(m.get("tool_call_id"), "?"), []).append(value)
    return out


def _tool(names: list[str], wanted: str) -> str:
    """The advertised name of a time tool (Open WebUI may prefix it on a name collision)."""
    return next((n for n in names if n == wanted), None) or next((n for n in names if n.endswith(wanted)), wanted)


def _clock(iso: str) -> str:
    try:
        return datetime.fromisoformat(iso).strftime("%H:%M on %a %d %b")
    except (TypeError, ValueError):
        return str(iso)


def _kind(text: str) -> str:
    t = text.lower()
    if "tokyo" in t and "berlin" in t and ("new york" in t or "schedule" in t or "09:30" in t):
        return "schedule"
    if "tokyo" in t and "berlin" in t:
        return "clocks"
    if "new year" in t or "time zones" in t:
        return "new-year"
    return "other"


def brain(body: dict, step: int, pace: float = 0.6) -> Reply:
    """Answer one chat-completions request (the ScriptedModel calls this with its own step count)."""
    messages = body.get("messages") or []
    tools = [t["function"]["name"] for t in body.get("tools") or []]
    text, step, after = _turn(messages)
    found = _results(after)
    kind = _kind(text)
    inner = "subquery" not in tools and bool(tools) and text.startswith("Subtask:")

    if inner:
        return _inner(kind, step, tools, found, pace)
    if kind == "other" or not tools:
        return Reply(content=HELP, delay=pace / 2)
    if kind in ("clocks", "schedule") and "subquery" in tools:
        if step == 0:
            prompt = (
                "Subtask: find the current time in Tokyo (Asia/Tokyo) and Berlin (Europe/Berlin) and how many "
                "hours apart they are."
                if kind == "clocks"
                else "Subtask: a call is scheduled tomorrow at 09:30 in New York (America/New_York). Convert it "
                "to Tokyo and Berlin local time, with the weekday."
            )
            return Reply(
                content="I'll hand this to a focused subquery with the time tools.",
                calls=(Call("subquery", {"prompt": prompt, "include_recent_messages": 0}),),
                delay=pace,
            )
        answer = (found.get("subquery") or ["(the subquery returned nothing)"])[-1]
        return Reply(content=f"Here is what I found:\n\n{answer}", delay=pace / 2)
    if kind == "new-year":
        if step == 0:
            year = datetime.now().year + 1
            return Reply(
                content="Let me check both with the time tools.",
                calls=(
                    Call(_tool(tools, "elapsed_time"), {"start": "now", "end": f"{year}-01-01T00:00:00+09:00", "units": "days"}),
                    Call(_tool(tools, "list_time_zones"), {}),
                ),
                delay=pace,
            )
        elapsed = next((v for k, vs in found.items() if k.endswith("elapsed_time") for v in vs), {})
        zones = next((v for k, vs in found.items() if k.endswith("list_time_zones") for v in vs), {})
        days = elapsed.get("elapsed") if isinstance(elapsed, dict) else None
        count = zones.get("count") if isinstance(zones, dict) else None
        sample = ", ".join((zones.get("timezones") or [])[:5]) if isinstance(zones, dict) else ""
        return Reply(
            content=f"New Year in Tokyo is {days:.1f} days away. The tool server knows {count} IANA time zones "
            f"(for example {sample}, …)."
            if isinstance(days, (int, float))
            else f"The tools did not answer as expected: {json.dumps(found)[:300]}",
            delay=pace / 2,
        )
    return Reply(content=HELP, delay=pace / 2)


def _inner(kind: str, step: int, tools: list[str], found: dict[str, list[Any]], pace: float) -> Reply:
    zone_now = _tool(tools, "get_current_time_in_zone")
    convert = _tool(tools, "convert_time")
    if kind == "clocks":
        if step == 0:
            return Reply(
                calls=(Call(zone_now, {"timezone": "Asia/Tokyo"}), Call(zone_now, {"timezone": "Europe/Berlin"})),
                delay=pace,
            )
        if step == 1:
            return Reply(calls=(Call(convert, {"timestamp": "now", "from_tz": "Europe/Berlin", "to_tz": "Asia/Tokyo"}),), delay=pace)
        tokyo, berlin = (found.get(zone_now) or [{}, {}])[:2]
        conv = (found.get(convert) or [{}])[-1]
        try:
            return Reply(
                content=f"Tokyo: {_clock(tokyo['local_time'])} ({tokyo['abbreviation']}, UTC{tokyo['utc_offset']}). "
                f"Berlin: {_clock(berlin['local_time'])} ({berlin['abbreviation']}, UTC{berlin['utc_offset']}). "
                f"Tokyo is {conv['offset_difference_hours']:g} hours ahead of Berlin.",
                delay=pace,
            )
        except (KeyError, TypeError):
            return Reply(content=f"The time tools answered unexpectedly: {json.dumps(found)[:300]}")
    if kind == "schedule":
        if step == 0:
            return Reply(calls=(Call(zone_now, {"timezone": "America/New_York"}),), delay=pace)
        if step == 1:
            ny = (found.get(zone_now) or [{}])[-1]
            try:
                day = (datetime.fromisoformat(ny["local_time"]) + timedelta(days=1)).date().isoformat()
            except (KeyError, TypeError, ValueError):
                return Reply(content=f"Could not read New York's date: {json.dumps(ny)[:200]}")
            ts = f"{day}T09:30:00"
            return Reply(
                calls=(
                    Call(convert, {"timestamp": ts, "from_tz": "America/New_York", "to_tz": "Asia/Tokyo"}),
                    Call(convert, {"timestamp": ts, "from_tz": "America/New_York", "to_tz": "Europe/Berlin"}),
                ),
                delay=pace,
            )
        conversions = found.get(convert) or []
        try:
            lines = [f"- {c['to_tz']}: {_clock(c['converted_time'])} ({c['to_abbreviation']})" for c in conversions]
            source = _clock(conversions[0]["source_time"])
        except (KeyError, TypeError, IndexError):
            return Reply(content=f"The conversions came back unexpectedly: {json.dumps(found)[:300]}")
        return Reply(content=f"09:30 in New York ({source}) is:\n" + "\n".join(lines), delay=pace)
    return Reply(content="This subtask is outside the demo script.", delay=pace / 2)
