"""Issue 26 on the real server: in a follow-up turn, the helper's request names what the chat named earlier
(the conversation view), without the earlier tool output whole; and a subquery stops at its token budget."""

from __future__ import annotations

import pytest

from devkit.harness import ChatClient
from devkit.scripted_model import Call, Reply, ScriptedModel

pytestmark = pytest.mark.e2e

MODEL = "scripted-model"
PATH = "/srv/git/weather-station-7f3a"


def test_a_follow_up_helper_sees_the_path_named_two_turns_earlier(installed: ChatClient, scripted: ScriptedModel, valves):
    valves()  # the defaults: a view of 1,500 tokens, no recent messages

    def first(body: dict, step: int) -> Reply:  # the chat model looks at the table itself
        if step == 0:
            return Reply(calls=(Call("big_table", {"rows": 400}),))
        return Reply(content="The table has 400 rows.")

    def second(body: dict, step: int) -> Reply:
        return Reply(content="Ada Gardener made the first commit.")

    def third(body: dict, step: int) -> Reply:  # a short prompt: "that repository"
        if step == 0:
            return Reply(calls=(Call("subquery", {"prompt": "[[view-3/inner]] Who made the last commit of that repository?"}),))
        return Reply(content="OUTER: " + [m for m in body["messages"] if m.get("role") == "tool"][-1]["content"])

    scripted.script("view-1", first)
    scripted.script("view-2", second)
    scripted.script("view-3", third)
    scripted.script("view-3/inner", [Reply(content="INNER: Chen Wei")])
    turn = installed.chat(MODEL, f"[[view-1]] How many rows has the table of the repository at {PATH}?", tool_ids=["subquery", "probe"])
    turn = installed.chat(MODEL, "[[view-2]] Who made its first commit?", tool_ids=["subquery", "probe"], previous=turn)
    turn = installed.chat(MODEL, "[[view-3]] And the last one?", tool_ids=["subquery", "probe"], previous=turn)
    assert "INNER: Chen Wei" in installed.message(turn)["content"]
    (inner,) = scripted.requests_for("view-3/inner")
    sent = "\n".join(str(m.get("content")) for m in inner.body["messages"])
    assert "Earlier in this conversation (for reference only" in sent
    assert PATH in sent  # named two turns earlier, by the user
    assert "tool big_table with rows = 400; its result:" in sent and "Ada Gardener made the first commit." in sent
    assert "row 399: id=ID-00399" not in sent and "row 0:" not in sent  # the earlier output is not there whole


def test_a_subquery_that_always_calls_tools_stops_at_its_token_budget(installed: ChatClient, scripted: ScriptedModel, valves):
    valves(max_subquery_tokens=15_000, max_rounds=40)  # the probe's 14 tool definitions are counted too

    def outer(body: dict, step: int) -> Reply:
        if step == 0:
            return Reply(calls=(Call("subquery", {"prompt": "[[budget/inner]] count forever"}),))
        return Reply(content="OUTER: " + [m for m in body["messages"] if m.get("role") == "tool"][-1]["content"])

    def inner(body: dict, step: int) -> Reply:
        if body.get("tool_choice") == "none":
            return Reply(content="INNER ANSWER with what I have", prompt_tokens=400, completion_tokens=20)
        return Reply(calls=(Call("counter", {"n": step}),), prompt_tokens=300 + 100 * step, completion_tokens=20)

    scripted.script("budget", outer)
    scripted.script("budget/inner", inner)
    message = installed.message(installed.chat(MODEL, "[[budget]] go", tool_ids=["subquery", "probe"]))
    requests = scripted.requests_for("budget/inner")
    assert "INNER ANSWER with what I have" in message["content"] and "token budget" in message["content"]
    assert requests[-1].body.get("tool_choice") == "none" and 2 < len(requests) < 12
    statuses = [s["description"] for s in message.get("statusHistory") or []]
    assert any("token budget reached" in s for s in statuses), statuses
