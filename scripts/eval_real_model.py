#!/usr/bin/env python3
"""The evaluation table: a real model on multi-step tasks over the demo's real tool servers, in three setups.

Twelve tasks with answers that can be checked (git history facts of the demo repository, time
conversions), played as four conversations of three turns each, so later turns carry the earlier
tool results as Open WebUI re-inflates them. Each conversation runs in three setups:

1. native:          Open WebUI's own tool loop alone (no system prompt, the tool servers' tools);
2. subquery:        Subquery enabled too, and a workspace model whose system prompt delegates to it
                    (how an admin steers a small model; the inner loop runs on the base model);
3. subquery+filter: the same with the tool-context filter active and global (budget: --filter-context).

A recording proxy on 127.0.0.1 sits between Open WebUI and the model and counts the tokens each
request carried from the model server's own `usage` (llama-server: prompt, cached, generated). Main
chat tokens are the prompt tokens of the chat's own model calls (setups 2-3: the calls that offer
`subquery`); total tokens are prompt + generated tokens of every call, the subquery's inner ones included.

    python scripts/eval_real_model.py                       # the local model (make eval)
    python scripts/eval_real_model.py --openai-base-url http://127.0.0.1:11434/v1 --model qwen2.5-coder:1.5b
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devkit.deploy import DeployError  # noqa: E402
from devkit.harness import ChatClient, OpenWebUIServer, Turn, offline_env  # noqa: E402
from devkit.local_model import (  # noqa: E402
    ALIAS,
    DELEGATE_PROMPT,
    GIT_READ_TOOLS,
    SEED,
    Exchange,
    LocalModel,
    LocalModelError,
    Recorder,
    upsert_workspace_model,
    wait_for_models,
    with_tool_filter,
)
from devkit.scripted_model import free_port  # noqa: E402
from devkit.toolservers import ToolServerError, ToolServers, make_demo_repo, register_connections  # noqa: E402

LOGIN = {"name": "Eval Admin", "email": "eval@example.com", "password": "eval-password"}
REPO_ROWS = 60  # the uncommitted diff: ~3.9k characters, ~2.6k cl100k tokens
FILTER_ID, TOOL_ID = "tool_context_filter", "subquery"
PARAMS = {"temperature": 0, "seed": SEED, "max_tokens": 300}
# The filter budgeted for speed on 2 CPU cores, as the demo does (the model's own 8192 would never trim here).
FILTER_CONTEXT, FILTER_RESERVE = 3000, 1000

# ---------------------------------------------------------------------------
# What: the tasks and their checks
# ---------------------------------------------------------------------------

Check = Callable[[str], bool]


def has(*patterns: str) -> Check:
    """Every pattern (a regex, case-insensitive) occurs in the answer."""
    return lambda answer: all(re.search(p, answer, re.I) for p in patterns)


def clock(hour: int, minute: int) -> str:
    """A regex for a time of day in 24-hour or 12-hour form (15:30, 3:30 PM, 3:30 p.m.)."""
    twelve = hour % 12 or 12
    suffix = "p" if hour >= 12 else "a"
    return rf"(\b{hour:02d}:{minute:02d}\b|\b{hour}:{minute:02d}\b(?!\s*[ap]\.?m)|\b{twelve}(:{minute:02d})?\s*{suffix}\.?m\b)"


def converted(source: str, hhmm: str, target: str) -> Check:
    """The answer names the target-zone time of `hhmm` in `source` today (as mcp-server-time computes it)."""

    def check(answer: str) -> bool:
        h, m = (int(x) for x in hhmm.split(":"))
        today = datetime.now(ZoneInfo(source)).replace(hour=h, minute=m, second=0, microsecond=0)
        there = today.astimezone(ZoneInfo(target))
        return re.search(clock(there.hour, there.minute), answer, re.I) is not None

    return check


def clock_now(tz: str, minutes: int = 3) -> Check:
    """The answer names the current time in `tz` (checked right after the turn), within a few minutes."""

    def check(answer: str) -> bool:
        now = datetime.now(ZoneInfo(tz))
        for hour, minute, half in re.findall(
            r"\b(\d{1,2}):(\d{2})(?::\d{2})?\s*([ap]\.?m\.?)?", answer, re.I
        ):
            h = int(hour) % 12 + (12 if half.lower().startswith("p") else 0) if half else int(hour)
            stated = now.replace(hour=h % 24, minute=int(minute), second=0, microsecond=0)
            gap = abs((stated - now).total_seconds()) % 86400
            if min(gap, 86400 - gap) <= minutes * 60:
                return True
        return False

    return check


@dataclass(frozen=True)
class Task:
    id: str
    question: str  # {repo} is the demo repository's path
    facts: tuple[Check, ...]  # each asked-for fact; the task is solved when the answer has every one
    expected: str  # for the report

    def score(self, answer: str) -> int:
        return sum(1 for fact in self.facts if fact(answer))


# Each task needs facts from two tool calls (or one call and its reading); later turns of a
# conversation lean on the earlier ones ("that repository").
TASKS = (
    Task(
        "A1",
        "Who wrote the latest commit in the git repository at {repo}, and what time is it in Tokyo right now?",
        (has("Ada Gardener"), clock_now("Asia/Tokyo")),
        "Ada Gardener; the time in Tokyo",
    ),
    Task(
        "A2",
        "How many commits does that repository have in total, and what was the message of the very first one?",
        (has(r"\b(4|four)\b"), has("Start the weather station")),
        "4; “Start the weather station”",
    ),
    Task(
        "A3",
        "Which of its commits added retries to station.py, and on which date was it made?",
        (has("Retry flaky sensor reads"), has(r"(2026-11-12|Nov(ember)?\.? 12|12(th)? (of )?Nov)")),
        "“Retry flaky sensor reads”; 2026-11-12",
    ),
    Task(
        "B1",
        "Which file has uncommitted changes in the git repository at {repo}, and what are the column names "
        "in its header line?",
        (has(r"readings\.csv"), has("temperature_c", "humidity_pct", "pressure_hpa")),
        "readings.csv; time, temperature_c, humidity_pct, pressure_hpa",
    ),
    Task(
        "B2",
        "In which commit was that file first added, and who made that commit?",
        (has("Read one sensor"), has("Ada Gardener")),
        "“Read one sensor”; Ada Gardener",
    ),
    Task(
        "B3",
        "What did the latest commit of that repository change in README.md? Give its commit message too.",
        (has("keeps a CSV log"), has("Document the CSV log")),
        "adds “… and keeps a CSV log”; “Document the CSV log”",
    ),
    Task(
        "C1",
        "If I call a colleague at 09:30 New York time, what time is it for them in Berlin, and in Tokyo?",
        (
            converted("America/New_York", "09:30", "Europe/Berlin"),
            converted("America/New_York", "09:30", "Asia/Tokyo"),
        ),
        "09:30 New York in Berlin; in Tokyo",
    ),
    Task(
        "C2",
        "When it is 18:00 in Tokyo, what time is it in London and in New York?",
        (
            converted("Asia/Tokyo", "18:00", "Europe/London"),
            converted("Asia/Tokyo", "18:00", "America/New_York"),
        ),
        "18:00 Tokyo in London; in New York",
    ),
    Task(
        "C3",
        "What time is it in Sydney right now, and what is 09:00 Sydney time in Los Angeles?",
        (clock_now("Australia/Sydney"), converted("Australia/Sydney", "09:00", "America/Los_Angeles")),
        "now in Sydney; 09:00 Sydney in Los Angeles",
    ),
    Task(
        "D1",
        "When was the latest commit in the git repository at {repo} made (date and time in UTC), and what "
        "time was that in Tokyo?",
        (has(r"(2026-11-13|Nov(ember)?\.? 13|13(th)? (of )?Nov)", clock(9, 0)), has(clock(18, 0))),
        "2026-11-13 09:00 UTC; 18:00 in Tokyo",
    ),
    Task(
        "D2",
        "In the commit 'Retry flaky sensor reads' of that repository, how many retries does read() in "
        "station.py make by default, and who wrote that commit?",
        (has(r"\b(3|three)\b"), has("Ada Gardener")),
        "3; Ada Gardener",
    ),
    Task(
        "D3",
        "Which commit came right before 'Document the CSV log' there, and what time is it in Berlin now?",
        (has("Retry flaky sensor reads"), clock_now("Europe/Berlin")),
        "“Retry flaky sensor reads”; now in Berlin",
    ),
)
CONVERSATIONS = ("A", "B", "C", "D")


@dataclass(frozen=True)
class Setup:
    name: str
    model_id: str
    tool_ids: tuple[str, ...]
    filter_on: bool

    @property
    def delegates(self) -> bool:
        return TOOL_ID in self.tool_ids


SERVER_TOOLS = ("server:time", "server:mcp:git")
SETUPS = (
    Setup("native", "eval-native", SERVER_TOOLS, False),
    Setup("subquery", "eval-delegate", (TOOL_ID, *SERVER_TOOLS), False),
    Setup("subquery+filter", "eval-delegate", (TOOL_ID, *SERVER_TOOLS), True),
)


@dataclass
class Result:
    setup: str
    task: str
    solved: bool
    facts: int  # asked-for facts the answer has (each task asks for two)
    main_tokens: int  # prompt tokens of the chat's own model calls
    total_tokens: int  # prompt + generated tokens of every model call, inner ones included
    cached_tokens: int
    seconds: float
    calls: list[str] = field(default_factory=list)  # tools the chat's model called
    inner_calls: list[str] = field(default_factory=list)  # tools the subquery's inner loop called
    answer: str = ""
    error: str = ""
    delegated: list[dict] = field(
        default_factory=list
    )  # the arguments of each subquery call (what the inner loop got)
    inner_system: str = ""  # the inner loop's system message, if any (the start: what the helper was told)


def is_main(setup: Setup, exchange: Exchange) -> bool:
    return not setup.delegates or TOOL_ID in exchange.offered


def result_of(
    setup: Setup, task: Task, answer: str, exchanges: list[Exchange], seconds: float, error: str
) -> Result:
    main = [e for e in exchanges if is_main(setup, e)]
    inner = [e for e in exchanges if not is_main(setup, e)]
    facts = 0 if error else task.score(answer)
    return Result(
        setup.name,
        task.id,
        facts == len(task.facts),
        facts,
        sum(e.prompt_tokens for e in main),
        sum(e.prompt_tokens + e.completion_tokens for e in exchanges),
        sum(e.cached_tokens for e in exchanges),
        round(seconds, 1),
        [n for e in main for n in e.called],
        [n for e in inner for n in e.called],
        answer,
        error,
        [_arguments(c) for e in main for c in e.tool_calls if c["function"]["name"] == TOOL_ID],
        next(
            (
                str(m.get("content"))[:600]
                for e in inner[:1]
                for m in e.body.get("messages") or []
                if m.get("role") == "system"
            ),
            "",
        ),
    )


def _arguments(call: dict) -> dict:
    try:
        value = json.loads(call["function"]["arguments"] or "{}")
    except ValueError:
        return {"unreadable": call["function"]["arguments"]}
    return value if isinstance(value, dict) else {"value": value}


def summary(results: list[Result]) -> list[dict]:
    rows = []
    for setup in SETUPS:
        mine = [r for r in results if r.setup == setup.name]
        if mine:
            rows.append(
                {
                    "setup": setup.name,
                    "solved": sum(r.solved for r in mine),
                    "tasks": len(mine),
                    "facts": sum(r.facts for r in mine),
                    "facts_asked": 2 * len(mine),
                    "main_tokens": sum(r.main_tokens for r in mine),
                    "total_tokens": sum(r.total_tokens for r in mine),
                    "cached_share": sum(r.cached_tokens for r in mine)
                    / max(1, sum(r.total_tokens for r in mine)),
                    "delegated": sum(bool(r.inner_calls) or TOOL_ID in r.calls for r in mine),
                    "seconds": round(sum(r.seconds for r in mine), 1),
                }
            )
    return rows


def table(rows: list[dict]) -> str:
    lines = [
        "| setup | tasks solved | facts right | tokens the main chat's model received | tokens in total "
        "(inner included) | of which from the prompt cache | turns that called subquery | wall time |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['setup']} | {r['solved']}/{r['tasks']} | {r['facts']}/{r['facts_asked']} "
            f"| {r['main_tokens']:,} | {r['total_tokens']:,} "
            f"| {r['cached_share']:.0%} | {r['delegated']} | {r['seconds'] / 60:.1f} min |"
        )
    return "\n".join(lines)


def task_table(results: list[Result]) -> str:
    lines = ["| task | " + " | ".join(s.name for s in SETUPS) + " |", "|---|" + "---|" * len(SETUPS)]
    for task in TASKS:
        cells = []
        for setup in SETUPS:
            r = next((r for r in results if r.setup == setup.name and r.task == task.id), None)
            if r is None:
                cells.append("–")
                continue
            how = "+".join(dict.fromkeys(r.calls)) or "no call"
            cells.append(f"{'✓' if r.solved else r.facts} {r.main_tokens:,}/{r.total_tokens:,} · {how}")
        lines.append(f"| {task.id} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# How: the stack and the runs
# ---------------------------------------------------------------------------


def say(text: str = "") -> None:
    print(text, flush=True)


def prepare(client: ChatClient, base_id: str, tools: ToolServers, filter_context: int) -> None:
    """Both plugins, the tool-server connections (git read-only), the two workspace models."""
    client.install_tool(TOOL_ID, ROOT / "tools" / "subquery.py")
    client.set_tool_valves(
        TOOL_ID, {"model_id": base_id}
    )  # the inner loop: the base model, no coordinator prompt
    client.install_filter(
        FILTER_ID, ROOT / "filters" / "tool_context_filter.py", active=False, is_global=False
    )
    client.set_function_valves(
        FILTER_ID, {"max_context_tokens": filter_context, "reserve_tokens": FILTER_RESERVE}
    )
    time_conn, git_conn = tools.connections()
    register_connections(client, [time_conn, with_tool_filter(git_conn, GIT_READ_TOOLS)])
    upsert_workspace_model(client, "eval-native", base_id, f"{base_id} (native loop)", PARAMS)
    upsert_workspace_model(
        client,
        "eval-delegate",
        base_id,
        f"{base_id} (delegates to subquery)",
        {**PARAMS, "system": DELEGATE_PROMPT},
    )
    wait_for_models(client, ["eval-native", "eval-delegate"])


def run_setup(
    client: ChatClient, setup: Setup, log: Callable[[], list[Exchange]], repo: str, only: set[str]
) -> list[Result]:
    client.ensure_function_flags(FILTER_ID, active=setup.filter_on, is_global=setup.filter_on)
    results = []
    for conversation in CONVERSATIONS:
        turn: Turn | None = None
        for task in (t for t in TASKS if t.id.startswith(conversation) and (not only or t.id in only)):
            started = time.time()
            answer, error = "", ""
            try:
                turn = client.chat(
                    setup.model_id,
                    task.question.format(repo=repo),
                    tool_ids=list(setup.tool_ids),
                    previous=turn,
                    timeout=1800,
                )
                answer = client.message(turn).get("content") or ""
            except (DeployError, OSError) as exc:
                error = f"{type(exc).__name__}: {exc}"
            seconds = time.time() - started
            result = result_of(
                setup, task, answer, [e for e in log() if e.started >= started], seconds, error
            )
            results.append(result)
            say(
                f"  {setup.name:16} {task.id} {'✓' if result.solved else f'{result.facts}/2'} {seconds:6.1f} s · main "
                f"{result.main_tokens:,} · total {result.total_tokens:,} tokens · calls {result.calls or '-'}"
                f"{' · inner ' + str(result.inner_calls) if result.inner_calls else ''} · {short(answer or error)}"
            )
            for args in result.delegated:
                say(f"      subquery({short(json.dumps(args, ensure_ascii=False), 150)})")
    return results


def short(text: str, width: int = 110) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--openai-base-url", help="any OpenAI-compatible server instead of the local model")
    parser.add_argument("--model", help="the base model id at --openai-base-url")
    parser.add_argument(
        "--api-key", default=os.environ.get("OPENAI_API_KEY", ""), help="key for --openai-base-url"
    )
    parser.add_argument(
        "--filter-context",
        type=int,
        default=FILTER_CONTEXT,
        help="the filter's max_context_tokens in setup 3 (reserve: 1000)",
    )
    parser.add_argument(
        "--setups", default=",".join(s.name for s in SETUPS), help="comma-separated setup names"
    )
    parser.add_argument("--tasks", default="", help="comma-separated task ids (default: all twelve)")
    parser.add_argument("--out", type=Path, default=ROOT / "test-output" / "eval-real-model.json")
    args = parser.parse_args(argv)
    if bool(args.openai_base_url) != bool(args.model):
        parser.error("--openai-base-url and --model go together")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    data_root = Path(tempfile.mkdtemp(prefix="owui-eval-"))
    parts: list = []
    try:
        return evaluate(args, data_root, parts)
    except KeyboardInterrupt:
        say("\nstopping …")
        return 130
    except (DeployError, ToolServerError, LocalModelError, RuntimeError) as exc:
        print(f"eval failed: {exc}", file=sys.stderr)
        return 1
    finally:
        for part in reversed(parts):
            part.stop()
        shutil.rmtree(data_root, ignore_errors=True)


def evaluate(args: argparse.Namespace, data_root: Path, parts: list) -> int:
    tools = ToolServers(data_root / "toolservers")
    parts.append(tools)
    tools.start(repo=make_demo_repo(data_root / "weather-station", rows=REPO_ROWS))
    if args.openai_base_url:
        recorder = Recorder(args.openai_base_url).start()
        parts.append(recorder)
        base_url, base_id, key, local = recorder.base_url, args.model, args.api_key or "none", None
    else:
        local = LocalModel(data_root / "model")
        parts.append(local)
        local.start()
        assert local.recorder is not None
        recorder, base_url, base_id, key = local.recorder, local.base_url, ALIAS, "sk-local"
    say(f"model {base_id} via {base_url}; tool servers up; starting Open WebUI …")
    server = OpenWebUIServer(data_root, free_port(), offline_env(data_root, base_url, key))
    parts.append(server)
    server.start()
    client = ChatClient(server.url, timeout=1800)
    client.signup(**LOGIN)
    prepare(client, base_id, tools, args.filter_context)
    wanted = [s for s in SETUPS if s.name in args.setups.split(",")]
    only = {t for t in args.tasks.split(",") if t}
    results: list[Result] = []
    for setup in wanted:
        if local is not None:  # every setup starts from a cold prompt cache
            local.restart_server()
        say(f"\n== {setup.name} ==")
        results += run_setup(client, setup, lambda: list(recorder.exchanges), str(tools.repo), only)
    rows = summary(results)
    say("\n" + table(rows) + "\n\n" + task_table(results))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(
        json.dumps(
            {
                "model": base_id,
                "via": args.openai_base_url or "local llama-server",
                "summary": rows,
                "results": [asdict(r) for r in results],
            },
            indent=1,
        )
    )
    say(f"\n(written to {args.out})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
