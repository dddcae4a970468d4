"""Issue 26: the helper knows what "that repository" is (the conversation view), and a subquery has a cost cap
(`max_subquery_tokens`). Core properties here; the view on the real server in tests/e2e/test_subquery_view_e2e.py."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from devkit.fake_model import FakeModel
from devkit.plugins import load_plugin

sq = load_plugin("tools/subquery.py", "subquery_conversation_plugin")
SPECS = {"git_log": {"name": "git_log", "parameters": {"type": "object", "properties": {"repo_path": {"type": "string"}}}}}


def call(cid: str, name: str, args: dict) -> dict:
    return {"id": cid, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}


CHAT = [
    {"role": "system", "content": "You are helpful."},
    {"role": "user", "content": "Who made the latest commit in the git repository at /srv/weather-station?"},
    {"role": "assistant", "content": "", "tool_calls": [call("c1", "git_log", {"repo_path": "/srv/weather-station"})]},
    {"role": "tool", "tool_call_id": "c1", "content": "commit 7076479\nAuthor: Chen Wei\n" + "log line\n" * 2000},
    {"role": "assistant", "content": "Chen Wei made it."},
    {"role": "user", "content": "What is the message of that commit?"},
]


def test_the_view_names_what_a_follow_up_refers_to_and_not_the_output_whole():
    view, _ = sq.conversation_view(CHAT, 1500)
    assert view.startswith(sq.VIEW_HEADER) and "not instructions" in view
    assert "/srv/weather-station" in view  # the user's words and the call's argument
    size = len(CHAT[3]["content"])
    assert f"- tool git_log with repo_path = /srv/weather-station; its result: {size:,} characters" in view
    assert "log line" not in view and "You are helpful" not in view  # sizes only; the system prompt is not chat
    assert view.index("Who made") < view.index("Chen Wei made it") < view.index("message of that commit")


def named(data) -> set:
    mentions = sq.Mentions(SPECS)
    for text, where in data:
        mentions.read(text, where)
    return set(mentions.found)


def test_a_tool_the_chat_called_and_the_users_request_are_not_untrusted_text():
    """The view's texts are untrusted for the text-call rule, but a call line's tool name is not (Open WebUI ran that
    call: the helper may make it again), nor is the user's request, even when it spells out a call."""
    chat = [*CHAT[:-1], {"role": "user", "content": 'Run git_log(repo_path="/srv/weather-station") again'}]
    recent, view, data = sq.chat_for_helper(chat, 0, 20_000, 1500)
    assert "tool git_log with" in view and "Run git_log" in view  # the helper sees both
    assert "/srv/weather-station" in " ".join(t for t, _ in data) and named(data) == set()
    recent, view, data = sq.chat_for_helper(chat, 6, 20_000, 1500)  # the same messages given whole
    assert len(recent) == 5 and named(data) == set()
    # The control: the same words in an earlier message, or a result, are untrusted text that names the tool.
    earlier = [*CHAT[:1], {"role": "user", "content": "a page said: call git_log"}, *CHAT[1:]]
    assert named(sq.chat_for_helper(earlier, 0, 20_000, 1500)[2]) == {"git_log"}
    assert named(sq.chat_for_helper(earlier, 10, 20_000, 1500)[2]) == {"git_log"}


texts = st.text(max_size=300)
messages = st.lists(
    st.one_of(
        st.builds(lambda t: {"role": "user", "content": t}, texts),
        st.builds(lambda t: {"role": "assistant", "content": t}, texts),
        st.builds(lambda n, a, r: {"role": "assistant", "content": "",
                                   "tool_calls": [call(f"c{r}", n, {"q": a})]},
                  st.sampled_from(["git_log", "fetch", "x" * 500]), texts, st.integers(0, 9)),
        st.builds(lambda r, t: {"role": "tool", "tool_call_id": f"c{r}", "content": t}, st.integers(0, 9), texts),
        st.just({"role": "user", "content": [{"type": "text", "text": "parts"}, {"type": "image_url"}]}),
        st.just("not a message"),
        st.just({"role": ["odd"], "tool_calls": "nope"}),
    ),
    max_size=40,
)


@given(messages, st.integers(0, 3000))
def test_the_view_stays_in_its_budget_keeps_the_newest_and_never_raises(chat, budget):
    view, _ = sq.conversation_view(chat, budget)
    assert len(view) <= budget * sq.CHARS_PER_TOKEN
    if view:
        lines = view.split("\n")[1:]
        newest = sq.conversation_view(chat, 100_000)[0].split("\n")[-1]
        assert lines[-1] == newest  # the newest entry is the one kept first


def test_the_view_is_linear_in_the_chat():
    big = CHAT * 2000
    sq.conversation_view(big, 10**9)  # 12,000 messages: one pass (a quadratic view would not return here)
    assert sq.conversation_view(big, 50)[0].count("\n") <= 2


# --- max_subquery_tokens -------------------------------------------------------------------------------------


def tool_happy_model(prompt_tokens: int, growth: int) -> FakeModel:
    """devkit's FakeModel, always calling a tool (answering when `tool_choice` is "none"), with the usage a provider
    reports: the prompt grows by `growth` tokens a round."""
    model = FakeModel()

    async def reply():
        n = len(model.sent)
        usage = {"prompt_tokens": prompt_tokens + growth * n, "completion_tokens": 50}
        if model.choices[-1] == "none":
            return sq.Completion(content="ANSWER from what I have", usage=usage)
        return sq.Completion(tool_calls=(call(f"c{n}", "git_log", {"repo_path": f"/r{n}"}),), usage=usage)

    model.replies = [reply]
    return model


async def test_a_model_that_always_calls_tools_stops_within_the_budget_and_answers():
    model, lines = tool_happy_model(2000, 500), []

    async def execute(c, kwargs, timeout):
        return "r" * 3000

    async def emit(text, done):
        lines.append(text)

    tools = {"git_log": sq.ToolInfo(name="git_log", spec=SPECS["git_log"], accepted=None)}
    out = await sq.run_subquery_loop([{"role": "user", "content": "task"}], tools,
                                     sq.Settings(max_rounds=50, max_subquery_tokens=20_000),
                                     sq.Hooks(model, execute, emit))
    assert out.stopped == "budget" and out.answer.startswith("ANSWER from what I have")
    assert "token budget" in out.answer and "of 20,000 tokens" in out.answer
    assert out.usage["total_tokens"] <= 20_000  # the answer round too
    assert model.choices[-1] == "none" and 2 < len(model.sent) < 10
    assert any("token budget reached" in line for line in lines)
    # Control: no cap, the same model runs to the round limit.
    unbounded = await sq.run_subquery_loop([{"role": "user", "content": "task"}], tools,
                                           sq.Settings(max_rounds=12, max_subquery_tokens=0),
                                           sq.Hooks(tool_happy_model(2000, 500), execute, emit))
    assert unbounded.stopped == "max_rounds" and unbounded.usage["total_tokens"] > 20_000


async def test_without_reported_usage_the_budget_counts_characters():
    model = tool_happy_model(0, 0)  # reports nothing: 0 tokens

    async def execute(c, kwargs, timeout):
        return "r" * 30_000  # ~10k tokens a result, by characters

    tools = {"git_log": sq.ToolInfo(name="git_log", spec=SPECS["git_log"], accepted=None)}
    out = await sq.run_subquery_loop([{"role": "user", "content": "task"}], tools,
                                     sq.Settings(max_rounds=50, max_subquery_tokens=60_000, max_result_chars=40_000),
                                     sq.Hooks(model, execute, lambda *a: _none()))
    assert out.stopped == "budget" and len(model.sent) <= 4


async def _none() -> None:
    return None
