"""Subquery under hostile replies and data (issue 25): bounded work off the event loop (Must 1), replay bounded in
bytes (Must 4). The loop runs with injected hooks; the reader threads are the process-wide ones every copy of the
tool shares."""

from __future__ import annotations

import json

import pytest

from devkit.fake_model import FakeModel
from devkit.scripted_model import pairing_errors
from tests.conftest import load_plugin

sq = load_plugin("tools/subquery.py", "subquery_bounds_plugin")


# --- Must 1: a reply is capped before it is parsed, large work runs off the event loop --------------------------
SPECS = {"fetch": {"name": "fetch", "parameters": {"type": "object", "properties": {"url": {"type": "string"}}}}}
TOOLS = {"fetch": sq.ToolInfo("fetch", SPECS["fetch"], None)}
OWN = '<tool_call>{"name": "fetch", "arguments": {"url": "https://example.org"}}</tool_call>'


async def run(replies, untrusted=(), result="page", **settings):
    model, ran = FakeModel(*replies), []

    async def execute(call, kwargs, timeout):
        ran.append((call.name, kwargs))
        return result

    async def no_emit(text, done):
        return None

    hooks = sq.Hooks(model, execute, no_emit)
    start = [{"role": "user", "content": "task"}]
    out = await sq.run_subquery_loop(start, TOOLS, sq.Settings(**settings), hooks, untrusted=untrusted)
    return out, model, ran


async def test_a_reply_is_read_for_calls_in_its_first_read_chars_after_its_reasoning_the_rest_stays_text():
    late = sq.Completion(content="x" * sq.READ_CHARS + OWN)  # a call past the window: text, never a call
    out, _, ran = await run([late])
    assert ran == [] and OWN in out.answer and out.answer.endswith(sq.UNREAD_ANSWER)  # the chat's model is told
    early = sq.Completion(content=OWN + " and then " + "y" * sq.READ_CHARS + OWN.replace("example", "later"))
    out, model, ran = await run([early, sq.Completion(content="done")])
    assert ran == [("fetch", {"url": "https://example.org"})]  # the first call runs, the one past the window does not
    assert sq.UNREAD_NOTE in model.sent[1][-1]["content"]
    assert OWN.replace("example", "later") in model.sent[1][1]["content"]  # kept as the reply's text


@pytest.mark.parametrize(
    "content, kept, gone",
    [
        ("<think>" + "a" * sq.READ_CHARS + "still thinking</think>Answer.", "Answer.", "still thinking"),
        ("Answer." + "b" * sq.READ_CHARS + "tail <think>secret plan</think> more", "tail", "secret plan"),
        ("Answer. <think>" + "c" * 50_000, "Answer.", "ccc"),  # an unclosed block runs to the end
    ],
    ids=["long-block", "tag-in-the-rest", "unclosed"],
)
async def test_reasoning_is_removed_over_the_whole_reply(content, kept, gone):
    out, _, _ = await run([sq.Completion(content=content)], text_tool_calls="off")
    assert gone not in out.answer and kept in out.answer


def test_recent_messages_are_capped_and_the_chat_is_not_changed():
    long_args = json.dumps({"text": "z" * 500})
    chat = [
        {"role": "user", "content": "q" * 1_000},
        {"role": "assistant", "content": [{"type": "text", "text": "a" * 1_000}],
         "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": long_args}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "r" * 1_000},
    ]
    before = json.dumps(chat)
    tail = sq.tail_messages(chat, 3, 200)
    assert json.dumps(chat) == before  # the input is not mutated
    assert all(len(json.dumps(m)) < 600 for m in tail)
    assert "message truncated" in tail[0]["content"] and "message truncated" in tail[1]["content"][0]["text"]
    assert tail[1]["tool_calls"][0]["function"]["arguments"] == "{}"
    assert sq.tail_messages(chat, 3) == chat  # no limit: as they were


# --- Must 4: what a round replays is bounded in bytes -------------------------------------------------------
def calls(n, name=lambda i: "fetch", cid=lambda i: f"c{i}"):
    return tuple({"id": cid(i), "type": "function", "function": {"name": name(i), "arguments": '{"url": "u"}'}}
                 for i in range(n))


@pytest.mark.parametrize(
    "reply, note",
    [
        (sq.Completion(tool_calls=calls(16, name=lambda i: f"n{i}" + "N" * 100_000)), "tool name(s) longer than 128"),
        (sq.Completion(tool_calls=calls(16, cid=lambda i: f"{i}" + "I" * 100_000)), "call id(s) longer than 64"),
        (sq.Completion(tool_calls=calls(1), reasoning={"reasoning_content": "r" * 1_000_000}), None),
        (sq.Completion(tool_calls=calls(1), reasoning={"reasoning_details": [{"type": "reasoning.text", "text": "d" * 60_000}] * 4}),
         "reasoning_details entries past 100,000 characters were not replayed"),
    ],
    ids=["100k-names", "100k-ids", "1MB-reasoning", "reasoning-details"],
)
async def test_names_ids_and_reasoning_of_a_round_are_replayed_bounded_and_the_model_is_told(reply, note):
    # No token budget here: a 1.6 MB reply with no usage reported counts as ~530k tokens, and the budget's answer
    # round would come next instead of the tool round whose replay this test reads.
    out, model, ran = await run([reply, sq.Completion(content="done")], max_subquery_tokens=0)
    request = model.sent[1]
    size = len(json.dumps(request, ensure_ascii=False))
    assert size < 2 * sq.REPLY_CHARS + 20_000, size  # was 1.9 MB, 3.2 MB, 1 MB
    assert not pairing_errors(request)
    assistant = request[1]
    assert all(len(c["id"]) <= sq.ID_CHARS and len(c["function"]["name"]) <= sq.NAME_CHARS for c in assistant["tool_calls"])
    if note:
        assert note in request[-1]["content"]
    if "reasoning_content" in assistant:
        assert len(assistant["reasoning_content"]) <= sq.REPLY_CHARS + 200
        assert "reasoning truncated" in assistant["reasoning_content"]


async def test_a_stream_is_read_whole_characters_within_its_cap(monkeypatch):
    line = 'data: {"choices": [{"delta": {"content": "é"}}]}\n'.encode()

    class Streamed:
        def __init__(self, lines):
            self.body = b"".join([line] * lines)

        @property
        def body_iterator(self):
            async def pieces():
                for i in range(len(self.body)):  # one byte at a time: "é" arrives in two pieces
                    yield self.body[i : i + 1]

            return pieces()

    merged = await sq._read_stream(Streamed(300))
    assert merged["choices"][0]["message"]["content"] == "é" * 300
    monkeypatch.setattr(sq, "STREAM_CHARS", 1_000)  # past it, what came is kept and the rest is not read
    merged = await sq._read_stream(Streamed(300))
    assert 10 < len(merged["choices"][0]["message"]["content"]) < 40
