"""Nothing hidden from the user (issue 25, Must 3): every inner call's full arguments are stored on the chat message
(the call record, one collapsed block sent as an embed, since Open WebUI 0.12.4 draws a message from its `output`
items and shows embeds, not text a tool appends), even where status lines shorten them; a call's line goes out
before it runs; a stopped run marks the calls in flight as interrupted; every status line is bounded."""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from devkit.fake_model import FakeModel
from tests.conftest import load_plugin

sq = load_plugin("tools/subquery.py", "subquery_record_plugin")

EMAIL = {"name": "send_email", "parameters": {"type": "object", "properties": {
    **{f"k{i}": {"type": "string"} for i in range(8)}, "bcc": {"type": "string"}}}}
ARGS = {**{f"k{i}": f"value {i} " + "v" * 60 for i in range(8)}, "bcc": "<script>alert(1)</script>x@evil.example"}


class Sink:
    """An event emitter that keeps every event (status lines, the record)."""

    def __init__(self):
        self.events = []

    async def __call__(self, event):
        self.events.append(event)

    def lines(self):
        return [e["data"]["description"] for e in self.events if e["type"] == "status"]

    def record(self):
        [record] = [e["data"]["embeds"][0] for e in self.events if e["type"] == "embeds"]
        return record


async def loop_with(emit, replies, execute, tools):
    hooks = sq.Hooks(FakeModel(*replies), execute, emit, log=emit.log, trace=emit.trace)
    return await sq.run_subquery_loop([{"role": "user", "content": "task"}], tools, sq.Settings(), hooks)


async def test_each_call_is_noted_before_it_runs_and_the_record_keeps_every_argument_whole():
    order = []
    sink = Sink()
    emit = sq.StatusEmitter(sink, True, min_interval=0)
    traced = emit.trace

    async def trace(key, name, arguments, outcome):
        order.append(("noted", name, outcome))
        await traced(key, name, arguments, outcome)

    async def execute(call, kwargs, timeout):
        order.append(("ran", call.name, None))
        return "sent"

    emit.trace = trace
    call = {"id": "c1", "type": "function", "function": {"name": "send_email", "arguments": json.dumps(ARGS)}}
    tools = {"send_email": sq.ToolInfo("send_email", EMAIL, None)}
    await loop_with(emit, [sq.Completion(tool_calls=(call,)), sq.Completion(content="done")], execute, tools)
    await emit("Subquery done", True)
    await asyncio.sleep(0.05)
    assert order == [("noted", "send_email", None), ("ran", "send_email", None), ("noted", "send_email", "ran")]
    lines = sink.lines()
    running = next(i for i, line in enumerate(lines) if line.endswith(" · running"))
    assert lines[running].startswith("Subquery · send_email(k0=") and lines[running + 1].endswith(" · ran")
    assert "bcc" not in lines[running] and all(len(line) <= sq.STATUS_LINE_CHARS for line in lines)  # shortened
    record = sink.record()
    assert "<details>" in record and "<details open" not in record  # one collapsed block
    assert "&lt;script&gt;alert(1)&lt;/script&gt;x@evil.example" in record and "<script>alert" not in record
    assert all(f"value {i} " + "v" * 60 in record for i in range(8))  # whole, not shortened
    assert "<b>send_email</b> · ran" in record
    assert sink.events.index(next(e for e in sink.events if e["type"] == "embeds")) < len(sink.events) - 1  # before done


async def test_a_stopped_subquery_marks_the_call_in_flight_interrupted(monkeypatch):
    sink = Sink()
    tools = sq.Tools()

    async def hang(settings, turn, emit, recent):
        await emit.trace("c1", "send_email", ARGS, None)  # the call started: its side effect may happen
        await asyncio.sleep(30)

    monkeypatch.setattr(sq, "get_ready", hang)
    task = asyncio.create_task(tools.subquery("task", __event_emitter__=sink))
    await asyncio.sleep(0.1)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await asyncio.sleep(0.1)
    lines = sink.lines()
    assert lines[0].startswith("Subquery · send_email(") and lines[0].endswith(" · running")
    assert lines[-2].endswith(" · interrupted") and lines[-1] == "Subquery stopped"
    assert sink.events[-1]["data"]["done"] is True
    assert sq.INTERRUPTED in sink.record().replace("&#x27;", "'")


async def test_the_record_goes_out_with_status_lines_silenced_and_not_without_calls():
    sink = Sink()
    emit = sq.StatusEmitter(sink, False)  # the user's show_status is off
    await emit.trace("c1", "fetch", {"url": "https://example.org"}, None)
    await emit.trace("c1", "fetch", {"url": "https://example.org"}, "ran")
    await emit("Subquery done", True)
    await asyncio.sleep(0.05)
    assert [e["type"] for e in sink.events] == ["embeds"] and "https://example.org" in sink.record()
    quiet = Sink()
    await sq.StatusEmitter(quiet, True)("Subquery done", True)
    await asyncio.sleep(0.05)
    assert [e["type"] for e in quiet.events] == ["status"]


async def test_tasks_name_their_calls_in_the_record():
    sink = Sink()
    shared = sq.StatusEmitter(sink, True, min_interval=0)
    for i in (1, 2):
        task = sq.TaskStatus(shared, f"task {i}/2")
        await task.trace("call_r1_0", "fetch", {"url": f"https://{i}.example"}, None)
        await task.trace("call_r1_0", "fetch", {"url": f"https://{i}.example"}, "ran")
    await shared("Subqueries done", True)
    await asyncio.sleep(0.05)
    record = sink.record()
    assert "task 1/2 · <b>fetch</b> · ran" in record and "task 2/2 · <b>fetch</b> · ran" in record
    assert "Subquery task 2/2 · fetch(url=&quot;https://2.example&quot;) · running" not in record
    assert 'Subquery task 2/2 · fetch(url="https://2.example") · running' in sink.lines()


async def test_a_200_kb_tool_name_gives_bounded_status_lines():
    """Issue 25: a 200 kB tool name gave a 200,031-character status line."""
    sink = Sink()
    emit = sq.StatusEmitter(sink, True, min_interval=0)
    name = "n" * 200_000
    calls = tuple({"id": f"c{i}", "type": "function", "function": {"name": f"{name}{i}", "arguments": "{}"}} for i in range(3))

    async def execute(call, kwargs, timeout):
        return "never"

    tools = {"fetch": sq.ToolInfo("fetch", {"name": "fetch"}, None)}
    await loop_with(emit, [sq.Completion(tool_calls=calls), sq.Completion(content="done")], execute, tools)
    await emit("x" * 500_000, True)
    await asyncio.sleep(0.05)
    assert sink.lines() and max(len(line) for line in sink.lines()) <= sq.STATUS_LINE_CHARS
    assert any(" · refused: no such tool" in line for line in sink.lines())


# --- the record is bounded in bytes ----------------------------------------------------------------------------------
def test_the_record_of_one_subquery_stays_under_256_kB_and_says_how_much_of_the_arguments_was_cut():
    record = sq.CallRecord()
    record.note("", "c0", "send_email", {"to": "a@b.example", "body": "short"}, "ran")  # whole
    for i in range(1, 40):  # 39 calls with 100 kB of arguments each (quotes: escaped, they take 6 bytes each)
        record.note("", f"c{i}", "write_file", {"path": f"/f{i}", "content": '"' * 100_000}, "ran")
    page = record.html()
    assert len(page.encode()) <= sq.TASK_RECORD_BYTES
    assert '&quot;a@b.example&quot;' in page and "short" in page  # the first call's arguments in full
    cut = re.findall(r"\[… ([\d,]+) of ([\d,]+) characters cut: the record of inner calls is at its bound …\]", page)
    assert cut and all(int(of.replace(",", "")) > int(n.replace(",", "")) > 0 for n, of in cut)
    assert "more inner calls, not listed: the record is at its bound" in page  # past it, counted
    assert "Subquery · 40 inner calls" in page


def test_the_record_of_a_subqueries_call_stays_under_1_MB_with_each_task_under_256_kB():
    record = sq.CallRecord()
    for task in range(1, 17):
        for i in range(20):
            record.note(f"task {task}/16", f"c{i}", "fetch", {"url": "https://e.example/" + "x" * 50_000}, "ran")
    page = record.html()
    assert len(page.encode()) <= sq.RECORD_BYTES
    per_task = {t: sum(len(m) for m in re.findall(rf"<li>task {t}/16 · .*?</li>", page, re.S)) for t in range(1, 17)}
    assert max(per_task.values()) <= sq.TASK_RECORD_BYTES and per_task[1] > 200_000  # the first tasks get their share
