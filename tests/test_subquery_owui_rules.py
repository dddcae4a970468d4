"""Subquery's adapter on Open WebUI 0.12.4's REAL modules, for the rules of issue 14 (no server, no mocks
of Open WebUI; the only stand-in is the provider, which no test here reaches):

- 3: inner model calls pass Open WebUI's model access check; nothing is written on the turn's request;
- 5: the `request` filters get `{**form, "metadata": ...}` as the native loop builds it;
- 6: the inner usage is added to the turn's `chat_message` row exactly once, after the final save,
  and later saves of the message leave it as it is;
- 7: reasoning goes back as Open WebUI's own per-provider rule decides.
"""

from __future__ import annotations

import json
import uuid

import pytest

from tests.conftest import load_plugin

sq = load_plugin("tools/subquery.py", "subquery_owui_rules_plugin")
pytest.importorskip("open_webui.utils.chat")
from fastapi import FastAPI  # noqa: E402  (after the skip guard)
from open_webui.models.chat_messages import ChatMessages  # noqa: E402
from open_webui.models.chats import ChatForm, Chats  # noqa: E402
from open_webui.models.functions import FunctionForm, FunctionMeta, Functions  # noqa: E402
from open_webui.models.users import Users  # noqa: E402
from starlette.requests import Request  # noqa: E402

MODEL = {"id": "sq-rules-model", "name": "m", "owned_by": "openai", "info": {"meta": {}}}


def starlette_request(app: FastAPI, **state) -> Request:
    scope = {"type": "http", "method": "POST", "path": "/api/chat/completions", "headers": [],
             "query_string": b"", "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80), "scheme": "http",
             "app": app, "state": dict(state)}
    return Request(scope)


def app_with(*models: dict) -> FastAPI:
    app = FastAPI()
    app.state.MODELS = {m["id"]: m for m in models}
    app.state.FUNCTIONS, app.state.FUNCTION_CONTENTS = {}, {}
    return app


async def user(role: str):
    uid = f"sq-{role}-{uuid.uuid4().hex[:8]}"
    return await Users.insert_new_user(uid, role, f"{uid}@example.com", role=role)


def make_run(request, the_user, metadata, model_id=MODEL["id"], **settings):
    user_dict = the_user.model_dump() if the_user is not None else {}
    turn = sq.Turn.from_dunders(__request__=request, __metadata__=metadata, __user__=user_dict)
    return sq.Run(turn=turn, user=the_user, model_id=model_id, settings=sq.Settings(**settings), entries={},
                  emit=sq.StatusEmitter(None, False))


# --- 3: the model access check ------------------------------------------------------------------------
async def test_a_user_without_access_to_the_model_is_refused_with_a_clear_message_and_nothing_is_sent():
    outer_metadata = {"chat_id": "c", "model_id": "chat-model", "model": {"id": "chat-model"}}
    request = starlette_request(app_with(MODEL), metadata=outer_metadata, model_id="chat-model")
    run = make_run(request, await user("user"), outer_metadata)
    reply = await run.complete([{"role": "user", "content": "q"}], None, 5)
    assert reply.error.startswith("the model `sq-rules-model` is not available to this user (Open WebUI: Model not found)")
    assert "valve `model_id`" in reply.error
    # nothing was written on the turn's request: no bypass flags, the same metadata, the same model id
    assert not hasattr(request.state, "bypass_filter") and not hasattr(request.state, "bypass_system_prompt")
    assert request.state.metadata is outer_metadata and outer_metadata == {"chat_id": "c", "model_id": "chat-model", "model": {"id": "chat-model"}}
    assert request.state.model_id == "chat-model"
    loop = await sq.run_subquery_loop([{"role": "user", "content": "q"}], {}, sq.Settings(), sq.ToolCalls(run).hooks())
    assert (loop.stopped, loop.rounds) == ("error", 1)
    assert loop.answer.startswith("Subquery failed: the model `sq-rules-model` is not available to this user")


async def test_each_inner_call_gets_a_request_of_its_own_from_the_turns_scope():
    app = app_with(MODEL)
    outer = starlette_request(app, metadata={"chat_id": "c", "selected_model_id": "s"}, bypass_filter=True, token="t")
    inner = sq.inner_request(outer, {"chat_id": "c", "tools": {}}, "sq-rules-model")
    assert inner.app is app and inner.state.token == "t"
    assert not hasattr(inner.state, "bypass_filter") and inner.state.model_id == "sq-rules-model"
    inner.state.bypass_filter = True  # what generate_chat_completion does
    inner.state.metadata.pop("chat_id")
    second = sq.inner_request(outer, {"chat_id": "c"}, "sq-rules-model")
    assert not hasattr(second.state, "bypass_filter")
    assert outer.state.metadata == {"chat_id": "c", "selected_model_id": "s"} and outer.state.bypass_filter is True


# --- 5: what the `request` filters see ------------------------------------------------------------------
FILTER = '''
class Filter:
    seen = []

    def request(self, body: dict, __metadata__: dict = None) -> dict:
        Filter.seen.append({"chat_id": body["metadata"]["chat_id"], "message_id": body["metadata"]["message_id"],
                            "tools": sorted(body["metadata"]["tools"]), "keys": sorted(body),
                            "same_metadata": __metadata__ is not None})
        body["metadata"]["seen_by_filter"] = True
        return body
'''


async def test_request_filters_get_the_form_with_metadata_as_the_native_loop_builds_it():
    admin = await user("admin")
    fid = f"sq_rules_filter_{uuid.uuid4().hex[:6]}"
    await Functions.insert_new_function(admin.id, "filter", FunctionForm(id=fid, name=fid, content=FILTER, meta=FunctionMeta()))
    await Functions.update_function_by_id(fid, {"is_active": True, "is_global": True})
    try:
        app = app_with(MODEL)
        metadata = {"chat_id": "chat-1", "message_id": "msg-1", "model_id": MODEL["id"], "model": MODEL,
                    "tools": {"outer_only": {}}, "filter_ids": []}
        request = starlette_request(app, metadata=metadata)
        run = make_run(request, admin, metadata)
        run.entries = {"inner_tool": {"spec": {"name": "inner_tool"}, "callable": print}}
        sent = {}

        async def generate(form):  # the provider: not reached in this test
            sent.update(form)
            return {"choices": [{"message": {"content": "ok"}}], "usage": {}}

        run._generate = generate
        run.params = {"temperature": 0.3}
        reply = await run.complete([{"role": "user", "content": "q"}], [{"type": "function", "function": {"name": "inner_tool"}}], 5)
        assert reply.content == "ok"
        instance = app.state.FUNCTIONS[fid]  # Open WebUI caches the Filter instance
        [seen] = [s for s in instance.seen if s["chat_id"] == "chat-1"]
        assert seen == {"chat_id": "chat-1", "message_id": "msg-1", "tools": ["inner_tool"],
                        "keys": ["messages", "metadata", "model", "stream", "temperature", "tools"], "same_metadata": True}
        assert sent["metadata"]["seen_by_filter"] is True  # the filtered form is what goes on
        assert "seen_by_filter" not in metadata and metadata["tools"] == {"outer_only": {}}  # the turn's own is intact
    finally:
        await Functions.delete_function_by_id(fid)


# --- 6: usage where the admin analytics read it ----------------------------------------------------------
async def new_chat(owner, message_id: str, model: str = "chat-model") -> str:
    chat_id = str(uuid.uuid4())
    history = {"currentId": message_id, "messages": {
        "u1": {"id": "u1", "role": "user", "content": "q", "childrenIds": [message_id], "parentId": None},
        message_id: {"id": message_id, "role": "assistant", "content": "", "done": False, "model": model,
                     "parentId": "u1", "childrenIds": []},
    }}
    await Chats.insert_new_chat(chat_id, owner.id, ChatForm(chat={"title": "t", "history": history}))
    return chat_id


def tokens(row) -> tuple[int, int, int]:
    usage = row.usage or {}
    return usage.get("input_tokens", 0), usage.get("output_tokens", 0), usage.get("total_tokens", 0)


async def test_inner_usage_is_added_once_after_the_final_save_and_later_saves_keep_it(monkeypatch):
    monkeypatch.setattr(sq, "USAGE_POLL_SECONDS", 0.05)
    owner = await user("admin")
    chat_id = await new_chat(owner, "a1")
    inner = sq.merged_usage([{"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
                             {"prompt_tokens": 50, "completion_tokens": 5, "total_tokens": 55}])
    assert (inner["input_tokens"], inner["output_tokens"], inner["total_tokens"]) == (150, 25, 175)
    sent = []

    async def emitter(event):
        sent.append(event)

    turn = sq.Turn.from_dunders(__metadata__={"chat_id": chat_id, "message_id": "a1"}, __event_emitter__=emitter)
    task = sq.record_usage(turn, [{"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
                                  {"prompt_tokens": 50, "completion_tokens": 5, "total_tokens": 55}])
    # while the turn goes on, other saves of the message happen (status lines of the subquery itself)
    await Chats.add_message_status_to_chat_by_id_and_message_id(chat_id, "a1", {"description": "x", "done": False})
    assert not task.done()
    # the turn's final save, as middleware.py writes it: the outer calls' usage
    outer = {"prompt_tokens": 22, "completion_tokens": 14, "total_tokens": 36}
    await Chats.upsert_message_to_chat_by_id_and_message_id(chat_id, "a1", {"done": True, "output": [], "usage": outer})
    total = await task
    assert (total["input_tokens"], total["output_tokens"], total["total_tokens"]) == (172, 39, 211)
    # the browser's copy of the message gets the same total (its next save of the chat carries it)
    assert sent == [{"type": "chat:completion", "data": {"usage": total}}]
    # later saves (a filter's outlet status, follow-ups) carry the history's copy: the row stays
    await Chats.add_message_status_to_chat_by_id_and_message_id(chat_id, "a1", {"description": "outlet", "done": True})
    await Chats.upsert_message_to_chat_by_id_and_message_id(chat_id, "a1", {"followUps": ["more?"]})
    row = await ChatMessages.get_message_by_id(f"{chat_id}-a1")
    assert tokens(row) == (172, 39, 211)
    message = await Chats.get_message_by_id_and_message_id(chat_id, "a1")
    assert message["usage"]["total_tokens"] == 211  # the chat shows the turn's whole cost too
    by_model = await ChatMessages.get_token_usage_by_model()
    assert by_model["chat-model"]["total_tokens"] >= 211
    assert [m.usage["total_tokens"] for m in await ChatMessages.get_messages_by_chat_id(chat_id) if m.role == "assistant"] == [211]


async def test_without_the_fix_a_later_save_would_count_the_outer_usage_twice():
    """Why the history's copy is set too: a row that differs from the history's copy is merged again."""
    owner = await user("admin")
    chat_id = await new_chat(owner, "a2")
    await Chats.upsert_message_to_chat_by_id_and_message_id(chat_id, "a2", {"done": True, "usage": {"prompt_tokens": 10, "completion_tokens": 1}})
    await ChatMessages.upsert_message("a2", chat_id, owner.id, {"usage": {"prompt_tokens": 5, "completion_tokens": 5}})
    await Chats.upsert_message_to_chat_by_id_and_message_id(chat_id, "a2", {"followUps": []})
    assert tokens(await ChatMessages.get_message_by_id(f"{chat_id}-a2"))[0] == 25  # 10 + 5 + 10 again
    chat_id = await new_chat(owner, "a3")
    await Chats.upsert_message_to_chat_by_id_and_message_id(chat_id, "a3", {"done": True, "usage": {"prompt_tokens": 10, "completion_tokens": 1}})
    await sq.add_message_usage(chat_id, "a3", sq.merged_usage([{"prompt_tokens": 5, "completion_tokens": 5}]))
    await Chats.upsert_message_to_chat_by_id_and_message_id(chat_id, "a3", {"followUps": []})
    assert tokens(await ChatMessages.get_message_by_id(f"{chat_id}-a3")) == (15, 6, 21)


async def test_temporary_chats_and_empty_usage_write_nothing():
    assert sq.record_usage(sq.Turn.from_dunders(__metadata__={"chat_id": "local:x", "message_id": "m"}), [{"total_tokens": 3}]) is None
    assert sq.record_usage(sq.Turn.from_dunders(__metadata__={"chat_id": "c", "message_id": "m"}), [{}]) is None
    assert await sq.add_usage_after_final_save("no-such-chat", "m", {"total_tokens": 1}) is None


# --- 7: reasoning sent back as Open WebUI decides ---------------------------------------------------------
@pytest.mark.parametrize(
    "model,field",
    [({"id": "o", "owned_by": "ollama"}, "thinking"), ({"id": "l", "owned_by": "openai", "provider": "llama.cpp"}, "reasoning_content"),
     ({"id": "g", "owned_by": "openai"}, None)],
)
async def test_reasoning_is_replayed_per_provider_with_open_webuis_own_rule(model, field):
    app = app_with(model)
    run = make_run(starlette_request(app), None, {"model_id": "chat"}, model_id=model["id"])
    details = [{"type": "reasoning.encrypted", "data": "x"}, {"format": "anthropic-claude-v1", "text": "t"},
               {"format": "anthropic-claude-v1", "text": "t", "signature": "s"}]
    reply = sq.completion_from({"choices": [{"message": {"content": "", "reasoning_content": "plan", "reasoning_details": details}}]})
    replay = run._replayed_reasoning(reply)
    expected = {"reasoning_details": [details[0], details[2]]}  # the unsigned Anthropic entry is dropped
    if field:
        expected[field] = "plan"
    assert replay == expected
    assert json.dumps(replay)


# --- copies the pure modules keep (they cannot import Open WebUI) ------------------------------------------
def test_the_reasoning_tags_are_open_webuis_defaults():
    from open_webui.utils.middleware import DEFAULT_REASONING_TAGS

    assert sq.REASONING_TAGS == tuple(DEFAULT_REASONING_TAGS)


def test_tool_pairs_agree_with_open_webuis_reconcile_and_make_repeated_ids_unique_where_it_does_not():
    """`sanitize_pairs` is Open WebUI's pairing rule plus unique ids: on a history whose ids are unique it gives
    what `reconcile_tool_pairs` gives; a repeated id Open WebUI's keeps (strict providers reject it) is renamed."""
    from open_webui.utils.misc import reconcile_tool_pairs

    def call(cid):
        return {"id": cid, "type": "function", "function": {"name": "f", "arguments": "{}"}}

    unique = [{"role": "user", "content": "q"},
              {"role": "assistant", "content": "", "tool_calls": [call("a"), call("b")]},
              {"role": "tool", "tool_call_id": "a", "content": "1"}, {"role": "tool", "tool_call_id": "x", "content": "orphan"},
              {"role": "assistant", "content": "said", "tool_calls": [call("c")]}, {"role": "user", "content": "next"}]
    assert sq.sanitize_pairs(unique) == reconcile_tool_pairs(unique)
    repeated = [{"role": "user", "content": "q"},
                {"role": "assistant", "content": "", "tool_calls": [call("a")]}, {"role": "tool", "tool_call_id": "a", "content": "1"},
                {"role": "assistant", "content": "", "tool_calls": [call("a")]}, {"role": "tool", "tool_call_id": "a", "content": "2"}]

    def ids(messages):
        return [m.get("tool_call_id") or [c["id"] for c in m["tool_calls"]] for m in messages[1:]]

    assert ids(reconcile_tool_pairs(repeated)) == [["a"], "a", ["a"], "a"]  # what a strict provider rejects
    assert ids(sq.sanitize_pairs(repeated)) == [["a"], "a", ["a~2"], "a~2"]


@pytest.mark.parametrize(
    "usages",
    [[{"prompt_tokens": 3, "completion_tokens": 2}, {"total_tokens": 10, "prompt_tokens": 8, "completion_tokens": 2}],
     [{"prompt_eval_count": 7, "eval_count": 4}],  # Ollama
     [{"prompt_n": 5, "cache_n": 2, "predicted_n": 9}, {"input_tokens": 1, "output_tokens": 1}],  # llama.cpp, Anthropic
     [{"prompt_tokens": float("nan"), "completion_tokens": {"odd": 1}}, None, {}]],
)
def test_the_loops_usage_totals_are_open_webuis_merge_usage(usages):
    """The loop sums the rounds' usage itself (it cannot import Open WebUI); each round's usage comes through the
    adapter (`completion_from`, Open WebUI's `normalize_usage`): the totals are what `merge_usage` makes of them."""
    from open_webui.utils.response import merge_usage

    rounds = [sq.completion_from({"choices": [{"message": {"content": "x"}}], "usage": u}).usage for u in usages]
    merged = {}
    for usage in rounds:
        merged = merge_usage(merged, usage)
    ours = sq.summarize_usage(rounds)
    assert ours["total_tokens"] == merged.get("total_tokens", 0)
    assert (ours["prompt_tokens"], ours["completion_tokens"]) == (merged.get("input_tokens", 0), merged.get("output_tokens", 0))
