#!/usr/bin/env python3
"""The evaluation on a real model: conversations over the demo's real tool servers, in five setups.

The conversations (`scripts/eval_conversations.py`, written before any run) ask one fact per turn,
refer back in follow-ups, and some need tool outputs of 8,000+ characters. Each runs in these setups:

1. native:            Open WebUI's own tool loop alone, the tool servers' tools, and a workspace model whose
                      system prompt asks for a tool call on every question (`NATIVE_PROMPT`: the same kind
                      of steering as the delegating model's);
2. native+filter:     the same with the tool-context filter active and global (budget: --filter-context);
3. native+text-calls: the same with the text-call plugin active and global, and the model server on the
                      model's STOCK chat template, which writes calls as text (the other setups use the
                      fenced template, which turns them into native calls);
4. subquery:          a workspace model whose system prompt delegates to Subquery; the chat carries
                      Subquery alone and its valve `include_tool_ids` gives the helper the servers
                      (how an admin steers a small model: offered the servers too, this 1.5B model
                      called them itself and delegated 0 of 4 first turns; the inner loop runs on the
                      base model);
5. subquery+filter:   the same with the tool-context filter active and global.

Cold prompt caches per setup (the model server restarts), temperature 0, a fixed seed. A recording
proxy on 127.0.0.1 between Open WebUI and the model counts each request's tokens from the model
server's own `usage`. Main prompt tokens are the prompt tokens of the chat's own model calls
(setups 2-3: the calls that offer `subquery`); total tokens are prompt + generated tokens of every
call, the inner ones included.

Results go to docs/eval/real-model.json (per setup, and per slice: first turns, follow-ups, the
conversations with large outputs; every turn too, with Subquery's stop reasons and whether a fact came
only through its fallback, what it gathered; the code's commit per setup; a paired McNemar test for each
comparison), and the plot of the main chat's tokens per turn over the large-output conversations to
docs/img/eval-main-tokens.png. `--table` prints docs/real-model.md's table and the README's from that file.
`--merge` runs only the setups named and puts them into the results file beside the others, so each run
fits a session.

    python scripts/eval_real_model.py                       # the local model (make eval)
    python scripts/eval_real_model.py --setups native+text-calls --merge
    python scripts/eval_real_model.py --conversations B01,B05
    python scripts/eval_real_model.py --table               # the markdown tables of the last run
    python scripts/eval_real_model.py --openai-base-url http://127.0.0.1:11434/v1 --model qwen2.5-coder:1.5b
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from eval_conversations import CONVERSATIONS, Conversation, make_eval_repo  # noqa: E402

from devkit.harness import ChatClient, OpenWebUIServer, Turn, offline_env  # noqa: E402
from devkit.local_model import (  # noqa: E402
    ALIAS,
    DELEGATE_PROMPT,
    FENCED_TEMPLATE,
    GIT_READ_TOOLS,
    NATIVE_PROMPT,
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
from devkit.toolservers import ToolServerError, ToolServers, register_connections  # noqa: E402
from scripts.deploy import DeployError  # noqa: E402

LOGIN = {"name": "Eval Admin", "email": "eval@example.com", "password": "eval-password"}
FILTER_ID, TEXT_ID, TOOL_ID = "tool_context_filter", "text_tool_calls", "subquery"
PARAMS = {"temperature": 0, "seed": SEED, "max_tokens": 300}
# The filter budgeted for speed on 2 CPU cores, as the demo does (the model's own 8192 would seldom trim here).
FILTER_CONTEXT, FILTER_RESERVE = 3000, 1000
OUT = ROOT / "docs" / "eval" / "real-model.json"
PLOT = ROOT / "docs" / "img" / "eval-main-tokens.png"
KEYS = ("facts_right", "facts_via_fallback", "facts_total", "main_prompt_tokens", "total_tokens", "wall_s")
SLICES = ("first", "follow-ups", "large-outputs")


@dataclass(frozen=True)
class Setup:
    name: str
    model_id: str
    tool_ids: tuple[str, ...]
    functions: tuple[str, ...] = ()  # the functions active and global in this setup (the others are off)
    template: str = "fenced"  # the local model's chat template: "fenced" (calls come back native) or "stock"

    @property
    def delegates(self) -> bool:
        return TOOL_ID in self.tool_ids


SERVER_TOOLS = ("server:time", "server:mcp:git")
SETUPS = (
    Setup("native", "eval-native", SERVER_TOOLS),
    Setup("native+filter", "eval-native", SERVER_TOOLS, (FILTER_ID,)),
    # The model's own template: its calls come as text, and the text-call plugin turns them into native calls.
    Setup("native+text-calls", "eval-native", SERVER_TOOLS, (TEXT_ID,), "stock"),
    # Delegating: the chat carries Subquery alone; the helper gets the servers (`include_tool_ids`).
    Setup("subquery", "eval-delegate", (TOOL_ID,)),
    Setup("subquery+filter", "eval-delegate", (TOOL_ID,), (FILTER_ID,)),
)
# (setup, the one it is compared with): a paired McNemar test on the turns both ran
COMPARISONS = (
    ("native+filter", "native"),
    ("native+text-calls", "native"),
    ("subquery", "native"),
    ("subquery+filter", "native"),
    ("subquery+filter", "subquery"),
)
# Subquery's last status line -> its stop reason (src/subquery/status.py)
STOP_REASONS = {
    "done": "answered",
    "done (round limit reached)": "max_rounds",
    "done (token budget reached)": "budget",
    "stopped at the time limit": "deadline",
    "failed": "error",
}
GATHERED = "What was gathered"  # Subquery's fallback: no answer of its own, what its tools returned
CONVERTED = re.compile(r"Calls written as text, run by Open WebUI: (\d+)")


@dataclass
class Result:
    """One turn of one conversation in one setup."""

    setup: str
    conversation: str
    turn: int  # 0: the first turn
    large: bool
    right: bool
    main_prompt_tokens: int  # prompt tokens of the chat's own model calls
    total_tokens: int  # prompt + generated tokens of every model call, inner ones included
    wall_s: float
    calls: list[str] = field(default_factory=list)  # tools the chat's model called
    inner_calls: list[str] = field(default_factory=list)  # tools the subquery's inner loop called
    answer: str = ""
    expected: str = ""
    error: str = ""
    delegated: list[dict] = field(default_factory=list)  # the arguments of each subquery call
    stops: list[str] = field(default_factory=list)  # Subquery's stop reason for each subquery (task) of the turn
    # right only through Subquery's fallback: every subquery result was what it gathered, not an answer of its
    # own (None: not recorded, runs before this was kept)
    fallback: bool | None = None
    converted: int = 0  # calls written as text that the text-call plugin turned into native calls


def is_main(setup: Setup, exchange: Exchange) -> bool:
    return not setup.delegates or TOOL_ID in exchange.offered


def stop_reasons(lines: list[str]) -> list[str]:
    """Subquery's stop reasons, from its last status lines (one per subquery, one per task of `subqueries`)."""
    out: list[str] = []
    for line in lines:
        one = re.match(r"Subquery (.+?) · \d+ rounds? · ", line)
        if one and one.group(1) in STOP_REASONS:
            out.append(STOP_REASONS[one.group(1)])
        many = re.match(r"Subqueries done · \d+ tasks: (.+?) · \d+ rounds? · ", line)
        for part in many.group(1).split(", ") if many else []:
            verdict, _, n = part.rpartition(" ")
            out += [STOP_REASONS.get(verdict, verdict)] * int(n) if n.isdigit() else []
    return out


def subquery_results(message: dict) -> list[str]:
    """The texts the turn's `subquery`/`subqueries` calls returned to the chat."""
    ids = {
        i.get("call_id")
        for i in message.get("output") or []
        if i.get("type") == "function_call" and i.get("name") in (TOOL_ID, "subqueries")
    }
    return [
        "".join(p.get("text", "") for p in i.get("output") or [] if isinstance(p, dict))
        for i in message.get("output") or []
        if i.get("type") == "function_call_output" and i.get("call_id") in ids
    ]


def result_of(
    setup: Setup,
    conv: Conversation,
    k: int,
    message: dict,
    exchanges: list[Exchange],
    seconds: float,
    error: str,
) -> Result:
    main = [e for e in exchanges if is_main(setup, e)]
    inner = [e for e in exchanges if not is_main(setup, e)]
    turn = conv.turns[k]
    answer = message.get("content") or ""
    lines = [s.get("description") or "" for s in message.get("statusHistory") or []]
    results = subquery_results(message)
    right = bool(not error and turn.fact(answer))
    return Result(
        setup.name,
        conv.id,
        k,
        conv.large,
        right,
        sum(e.prompt_tokens for e in main),
        sum(e.prompt_tokens + e.completion_tokens for e in exchanges),
        round(seconds, 1),
        [n for e in main for n in e.called],
        [n for e in inner for n in e.called],
        answer,
        turn.expected,
        error,
        [_arguments(c) for e in main for c in e.tool_calls if c["function"]["name"] == TOOL_ID],
        stop_reasons(lines),
        right and bool(results) and all(GATHERED in r for r in results),
        sum(int(m.group(1)) for line in lines if (m := CONVERTED.match(line))),
    )


def _arguments(call: dict) -> dict:
    try:
        value = json.loads(call["function"]["arguments"] or "{}")
    except ValueError:
        return {"unreadable": call["function"]["arguments"]}
    return value if isinstance(value, dict) else {"value": value}


def totals(results: list[Result]) -> dict:
    recorded = all(r.fallback is not None for r in results)
    return {
        "facts_right": sum(r.right for r in results),
        "facts_via_fallback": sum(bool(r.fallback) for r in results) if recorded else None,
        "facts_total": len(results),
        "main_prompt_tokens": sum(r.main_prompt_tokens for r in results),
        "total_tokens": sum(r.total_tokens for r in results),
        "wall_s": round(sum(r.wall_s for r in results), 1),
    }


def in_slice(r: Result, name: str) -> bool:
    return {"first": r.turn == 0, "follow-ups": r.turn > 0, "large-outputs": r.large}[name]


def summary(results: list[Result]) -> dict:
    """The file's shape: `setups.<setup>.<key>`, `slices.<slice>.<setup>.<key>`, and `comparisons` (a paired
    McNemar test for each of COMPARISONS both of whose setups ran)."""
    names = [s.name for s in SETUPS if any(r.setup == s.name for r in results)]
    mine = {n: [r for r in results if r.setup == n] for n in names}
    return {
        "setups": {n: totals(mine[n]) for n in names},
        "slices": {sl: {n: totals([r for r in mine[n] if in_slice(r, sl)]) for n in names} for sl in SLICES},
        "comparisons": [paired(mine[a], mine[b]) for a, b in COMPARISONS if a in mine and b in mine],
    }


def mcnemar(only_a: int, only_b: int) -> float:
    """McNemar's exact test (two-sided): the chance of a split of the discordant turns at least this uneven if
    either setup were as likely to be the one right."""
    n = only_a + only_b
    if not n:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(only_a, only_b) + 1)) / 2**n
    return min(1.0, 2 * tail)


def paired(a: list[Result], b: list[Result]) -> dict:
    """Setup `a` against `b` on the turns both ran (the same conversation and turn): facts right in each, the turns
    right in one only, and McNemar's p. Turns of one conversation are not independent: read p as a guide."""
    right_b = {(r.conversation, r.turn): r.right for r in b}
    pairs = [(r.right, right_b[(r.conversation, r.turn)]) for r in a if (r.conversation, r.turn) in right_b]
    only_a, only_b = sum(x and not y for x, y in pairs), sum(y and not x for x, y in pairs)
    return {
        "setup": a[0].setup,
        "against": b[0].setup,
        "paired_turns": len(pairs),
        "right": sum(x for x, _ in pairs),
        "right_against": sum(y for _, y in pairs),
        "only_setup": only_a,
        "only_against": only_b,
        "mcnemar_p": round(mcnemar(only_a, only_b), 3),
    }


def comparison_lines(data: dict) -> list[str]:
    return [
        f"{c['setup']} vs {c['against']}: {c['right']} vs {c['right_against']} of {c['paired_turns']} paired turns; "
        f"right with one only: {c['only_setup']} vs {c['only_against']}; McNemar exact p = {c['mcnemar_p']:.2f}"
        for c in data.get("comparisons") or []
    ]


def goals(data: dict) -> list[str]:
    """The issue's goals against this run: Subquery at least as many facts as native (overall and on
    follow-ups); on the large-output conversations its main chat at most 60% of native's tokens."""
    out = []
    for setup in ("subquery", "subquery+filter"):
        if setup not in data["setups"] or "native" not in data["setups"]:
            continue
        for where, row in (("overall", data["setups"]), ("follow-ups", data["slices"]["follow-ups"])):
            ok = row[setup]["facts_right"] >= row["native"]["facts_right"]
            out.append(
                f"{setup} facts {where}: {row[setup]['facts_right']} vs native {row['native']['facts_right']}"
                f" ({'met' if ok else 'NOT met'})"
            )
        large = data["slices"]["large-outputs"]
        if not large["native"]["facts_total"]:
            out.append(f"{setup} main-chat tokens on large outputs: no such turn in this run")
            continue
        share = large[setup]["main_prompt_tokens"] / max(1, large["native"]["main_prompt_tokens"])
        out.append(
            f"{setup} main-chat tokens on large outputs: {share:.0%} of native "
            f"({'met' if share <= 0.6 else 'NOT met'}, goal <= 60%)"
        )
    return out


def table(data: dict) -> str:
    """docs/real-model.md's table, from the file."""
    lines = [
        "| setup | slice | facts right | tokens the main chat's model received | tokens in total | wall time |",
        "|---|---|---:|---:|---:|---:|",
    ]
    rows = [("all turns", data["setups"])] + [(sl, data["slices"][sl]) for sl in SLICES]
    for setup in data["setups"]:
        for label, part in rows:
            r = part[setup]
            if not r["facts_total"]:  # a setup run on some conversations only: none of this slice
                continue
            lines.append(
                f"| {setup} | {label} | {facts(r)} | {r['main_prompt_tokens']:,} "
                f"| {r['total_tokens']:,} | {r['wall_s'] / 60:.1f} min |"
            )
    return "\n".join(lines)


def facts(r: dict) -> str:
    """`right/total`, and how many of them only Subquery's fallback found (when that was recorded and any did)."""
    fallback = r.get("facts_via_fallback")
    return f"{r['facts_right']}/{r['facts_total']}" + (f" ({fallback} via fallback)" if fallback else "")


def brief(data: dict) -> str:
    """The README's table, from the file: one row per setup, each figure also against native's (when the setup ran
    as many turns: a setup run on some conversations only has its own figures alone)."""
    base = data["setups"].get("native") or {}

    def rel(r: dict, key: str, times: bool = False) -> str:
        if not base.get(key) or r is base or r["facts_total"] != base["facts_total"]:  # not the same turns
            return ""
        share = r[key] / base[key]
        return f" (×{share:.1f})" if times else f" ({share:.0%})"

    lines = [
        "| setup | facts right | main chat's tokens | tokens in total | wall time |",
        "|---|---:|---:|---:|---:|",
    ]
    for setup, r in data["setups"].items():
        lines.append(
            f"| {setup} | {r['facts_right']}/{r['facts_total']} "
            f"| {r['main_prompt_tokens']:,}{rel(r, 'main_prompt_tokens')} | {r['total_tokens']:,}{rel(r, 'total_tokens')} "
            f"| {r['wall_s'] / 60:.1f} min{rel(r, 'wall_s', times=True)} |"
        )
    return "\n".join(lines)


def refused_tokens(error: str) -> int:
    """The size of a request the model server refused as over its context (llama-server says `request (N
    tokens) exceeds ...`), or 0."""
    found = re.search(r"request \((\d+) tokens\) exceeds", error)
    return int(found.group(1)) if found else 0


def plot(results: list[Result], path: Path) -> None:
    """The main chat's tokens per turn over the large-output conversations, one line per setup."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    turns = sorted({(r.conversation, r.turn) for r in results if r.large})
    at = {t: x for x, t in enumerate(turns)}
    fig, ax = plt.subplots(figsize=(9, 4.2), dpi=110)
    for setup in SETUPS:
        mine = [r for r in results if r.setup == setup.name and r.large]
        if not mine:
            continue
        ok = [r for r in mine if not r.error]
        line = ax.plot(
            [at[(r.conversation, r.turn)] for r in ok],
            [r.main_prompt_tokens for r in ok],
            marker="o",
            label=setup.name,
        )[0]
        # A request the model refused (over its context): drawn at the size it was sent with, as an x.
        refused = [
            (at[(r.conversation, r.turn)], n) for r in mine if r.error and (n := refused_tokens(r.error))
        ]
        if refused:
            xs, ys = zip(*refused, strict=True)
            ax.scatter(
                xs,
                ys,
                marker="x",
                s=60,
                color=line.get_color(),
                label=f"{setup.name}: refused, over the model's context (tokens sent)",
            )
    ax.set_xticks(range(len(turns)), [f"{c} t{k + 1}" for c, k in turns], rotation=60, fontsize=8)
    ax.set_ylabel("prompt tokens the chat's model received")
    ax.set_title("Conversations with tool outputs of 8,000+ characters (real model, one run)")
    if turns:  # the legend above the data, never over a point
        ax.set_ylim(0, ax.get_ylim()[1] * 1.45)
        ax.legend(loc="upper left", ncol=2, fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)


# ---------------------------------------------------------------------------
# How: the stack and the runs
# ---------------------------------------------------------------------------


def say(text: str = "", end: str = "\n") -> None:
    print(text, end=end, flush=True)


def prepare(client: ChatClient, base_id: str, tools: ToolServers, filter_context: int) -> None:
    """Both plugins, the tool-server connections (git read-only), the two workspace models."""
    client.install_tool(TOOL_ID, ROOT / "tools" / "subquery.py")
    # The inner loop: the base model (no coordinator prompt), with the servers the chat does not carry.
    client.set_tool_valves(TOOL_ID, {"model_id": base_id, "include_tool_ids": ",".join(SERVER_TOOLS)})
    client.install_filter(
        FILTER_ID, ROOT / "filters" / "tool_context_filter.py", active=False, is_global=False
    )
    client.install_filter(TEXT_ID, ROOT / "filters" / "text_tool_calls.py", active=False, is_global=False)
    client.set_function_valves(
        FILTER_ID, {"max_context_tokens": filter_context, "reserve_tokens": FILTER_RESERVE}
    )
    time_conn, git_conn = tools.connections()
    register_connections(client, [time_conn, with_tool_filter(git_conn, GIT_READ_TOOLS)])
    upsert_workspace_model(
        client, "eval-native", base_id, f"{base_id} (native loop)", {**PARAMS, "system": NATIVE_PROMPT}
    )
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
    for function in (FILTER_ID, TEXT_ID):
        on = function in setup.functions
        client.ensure_function_flags(function, active=on, is_global=on)
    results = []
    for conv in (c for c in CONVERSATIONS if not only or c.id in only):
        turn: Turn | None = None
        for k, asked in enumerate(conv.turns):
            started = time.time()
            message, error = {}, ""
            say(f"  {setup.name:17} {conv.id} turn {k + 1}/{len(conv.turns)} … ", end="")
            try:
                turn = client.chat(
                    setup.model_id,
                    asked.question.format(repo=repo),
                    tool_ids=list(setup.tool_ids),
                    previous=turn,
                    timeout=1800,
                )
                message = client.message(turn)
            except (DeployError, OSError) as exc:
                error = f"{type(exc).__name__}: {exc}"
            seconds = time.time() - started
            r = result_of(setup, conv, k, message, [e for e in log() if e.started >= started], seconds, error)
            results.append(r)
            extra = (f" · inner {r.inner_calls}" if r.inner_calls else "") + (f" · stops {r.stops}" if r.stops else "")
            say(
                f"{'✓' if r.right else '✗'} {seconds:5.1f} s · main {r.main_prompt_tokens:,} · total "
                f"{r.total_tokens:,} · calls {r.calls or '-'}{extra}"
                f"{f' · text calls {r.converted}' if r.converted else ''} · {short(r.answer or error)}"
            )
            for args in r.delegated:
                say(f"      subquery({short(json.dumps(args, ensure_ascii=False), 150)})")
            if error and turn is None:
                break  # nothing to follow up on
    return results


def short(text: str, width: int = 100) -> str:
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
    parser.add_argument("--conversations", default="", help="comma-separated conversation ids (default: all)")
    parser.add_argument(
        "--out", type=Path, default=OUT, help=f"the results file (default {OUT.relative_to(ROOT)})"
    )
    parser.add_argument("--plot", type=Path, default=PLOT, help="the plot (PNG)")
    parser.add_argument(
        "--merge",
        action="store_true",
        help="put the setups run into --out beside the ones it holds (a setup run again replaces its turns)",
    )
    parser.add_argument(
        "--merge-file",
        type=Path,
        help="run nothing: put the setups of this results file into --out (as --merge does), draw --plot, and stop",
    )
    parser.add_argument(
        "--table",
        action="store_true",
        help="print the markdown table of --out, draw --plot from it, and stop",
    )
    args = parser.parse_args(argv)
    if args.merge_file:
        data = merge_file(json.loads(args.merge_file.read_text()), json.loads(args.out.read_text()))
        args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        plot([Result(**t) for t in data["turns"]], args.plot)
        say(f"merged {', '.join(data['runs'])} into {args.out}")
        return 0
    if args.table:
        data = json.loads(args.out.read_text())
        report = [table(data), "\n".join(goals(data)), "\n".join(comparison_lines(data)), brief(data)]
        say("\n\n".join(report))
        if data.get("turns"):  # the plot drawn again from the file
            plot([Result(**t) for t in data["turns"]], args.plot)
        return 0
    if bool(args.openai_base_url) != bool(args.model):
        parser.error("--openai-base-url and --model go together")
    unknown = set(args.setups.split(",")) - {s.name for s in SETUPS}
    if unknown:
        parser.error(f"unknown setups: {', '.join(sorted(unknown))}")
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
    tools.start(repo=make_eval_repo(data_root / "weather-station"))
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
    only = {c for c in args.conversations.split(",") if c}
    results: list[Result] = []
    runs: dict[str, dict] = {}
    commit = code_commit()
    for setup in (s for s in SETUPS if s.name in args.setups.split(",")):
        if local is not None and local.server is not None:  # every setup starts from a cold prompt cache
            local.server.template = FENCED_TEMPLATE if setup.template == "fenced" else None
            local.restart_server()
        say(f"\n== {setup.name} ==")
        began = time.time()
        results += run_setup(client, setup, lambda: list(recorder.exchanges), str(tools.repo), only)
        runs[setup.name] = {
            "commit": commit,
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(began)),
            "minutes": round((time.time() - began) / 60, 1),
            "template": setup.template if local is not None else "the server's own",
        }
    meta = {
        "model": base_id,
        "via": args.openai_base_url or "local llama-server",
        "seed": SEED,
        "temperature": 0,
        "filter_context": args.filter_context,
    }
    old = json.loads(args.out.read_text()) if args.merge and args.out.is_file() else None
    data = merged(old, results, runs, meta)
    say("\n" + table(data) + "\n\n" + "\n".join(goals(data) + comparison_lines(data)))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    plot([Result(**t) for t in data["turns"]], args.plot)
    say(f"\n(written to {args.out} and {args.plot})")
    return 0


def merged(old: dict | None, results: list[Result], runs: dict[str, dict], meta: dict) -> dict:
    """The results file: the setups just run, and (`old`, with --merge) the other setups of the file as they were.
    Each setup keeps the commit, date and length of the run that made it (`runs`)."""
    ran = {r.setup for r in results}
    kept = [Result(**t) for t in (old or {}).get("turns", []) if t["setup"] not in ran]
    before = dict((old or {}).get("runs") or {})
    for name in {r.setup for r in kept} - set(before):  # a file from before runs were kept
        minutes = sum(r.wall_s for r in kept if r.setup == name) / 60
        before[name] = {"commit": "not recorded", "minutes": round(minutes, 1)}
    order = {s.name: i for i, s in enumerate(SETUPS)}
    every = sorted(kept + results, key=lambda r: order.get(r.setup, len(order)))
    runs = {n: {**before, **runs}[n] for n in sorted({r.setup for r in every}, key=lambda n: order.get(n, 99))}
    return {
        **meta,
        "minutes": round(sum(r.get("minutes") or 0 for r in runs.values()), 1),
        "runs": runs,
        **summary(every),
        "turns": [asdict(r) for r in every],
    }


def merge_file(new: dict, old: dict) -> dict:
    """The results file `old` with the setups of `new` (another run's file) put in, as --merge does."""
    results = [Result(**t) for t in new.get("turns", [])]
    ran = {r.setup for r in results}
    runs = {name: run for name, run in (new.get("runs") or {}).items() if name in ran}
    meta = {k: old[k] for k in ("model", "via", "seed", "temperature", "filter_context") if k in old}
    return merged(old, results, runs, meta)


def code_commit() -> str:
    """The commit the code ran at (`+changes` when tracked files differ from it)."""
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, timeout=30)
        status = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
        )
    except OSError:
        return "unknown"
    sha = head.stdout.strip() or "unknown"
    return sha + ("+changes" if status.stdout.strip() else "")


if __name__ == "__main__":
    sys.exit(main())
