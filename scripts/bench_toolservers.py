#!/usr/bin/env python3
"""Benchmark one tool round on the real tool servers: Subquery vs its peers, in one run.

The round: `git_log` on `mcp-server-git` (native MCP via `mcp-proxy`) and `get_current_time` on
`mcp-server-time` (OpenAPI via `mcpo`), both asked for in one model message. Each server sits
behind `DelayProxy`, which holds each tool call `--delay` seconds (0 = the servers' own latency)
and records when it ran. The round's wall time is first call start → last call end.

- Subquery (runs a round's calls concurrently);
- Subquery with `max_parallel_tools=1` (the original Subquery's sequential behaviour);
- Open WebUI's own native loop (the chat model makes the same two calls itself).

Everything runs on 127.0.0.1: an `open-webui serve` with a fresh data folder, the scripted model
and the tool servers from `.venv-tools` / `.venv-proxy` (`make toolservers`).

    python scripts/bench_toolservers.py [--repeat 3] [--delay 0 --delay 0.5] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devkit.harness import ChatClient, OpenWebUIServer, offline_env  # noqa: E402
from devkit.scripted_model import Call, Reply, ScriptedModel, free_port  # noqa: E402
from devkit.toolservers import DelayProxy, ToolServerError, ToolServers, register_connections  # noqa: E402

MODEL = "bench-model"
TOOL_IDS = ["subquery", "server:slowtime", "server:mcp:slowgit"]


def _name(body: dict, suffix: str) -> str:
    return next(t["function"]["name"] for t in body.get("tools") or [] if t["function"]["name"].endswith(suffix))


def round_calls(repo: str):
    def calls(body: dict) -> tuple[Call, ...]:
        return (Call(_name(body, "git_log"), {"repo_path": repo, "max_count": 2}),
                Call(_name(body, "get_current_time_post"), {"timezone": "Asia/Tokyo"}))

    return calls


def script(model: ScriptedModel, key: str, calls, via_subquery: bool) -> None:
    if not via_subquery:
        model.script(key, lambda body, step: Reply(calls=calls(body)) if step == 0 else Reply(content="done"))
        return
    model.script(key, lambda body, step: Reply(calls=(Call("subquery", {"prompt": f"[[{key}/inner]] go"}),))
                 if step == 0 else Reply(content="done"))
    model.script(f"{key}/inner", lambda body, step: Reply(calls=calls(body)) if step == 0 else Reply(content="ok"))


def one_round(client: ChatClient, model: ScriptedModel, proxies: list[DelayProxy], key: str, calls,
              via_subquery: bool) -> float:
    marks = [len(p.spans) for p in proxies]
    script(model, key, calls, via_subquery)
    client.chat(MODEL, f"[[{key}]] go", tool_ids=TOOL_IDS, timeout=120)
    spans = [s for p, m in zip(proxies, marks, strict=True) for s in p.spans[m:]]
    if len(spans) != 2:
        raise RuntimeError(f"{key}: expected 2 tool calls, saw {spans}")
    return max(s.end for s in spans) - min(s.start for s in spans)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--delay", type=float, action="append", help="seconds each call is held (repeatable)")
    parser.add_argument("--json", type=Path, help="write the figures here too")
    args = parser.parse_args(argv)
    delays = args.delay or [0.0, 0.5]
    root = Path(tempfile.mkdtemp(prefix="bench-toolservers-"))
    model = ScriptedModel(MODEL).start()
    servers = ToolServers(root / "toolservers")
    server: OpenWebUIServer | None = None
    proxies: list[DelayProxy] = []
    try:
        servers.start()
        server = OpenWebUIServer(root, free_port(), offline_env(root, model.base_url)).start()
        client = ChatClient(server.url, timeout=180)
        client.signup("Bench", "bench@example.com", "bench-password")
        client.install_tool("subquery", ROOT / "tools" / "subquery.py")
        time_proxy = DelayProxy(servers.time_url).start()
        git_proxy = DelayProxy(servers.git_url.removesuffix("/mcp")).start()
        proxies = [time_proxy, git_proxy]
        slow = ToolServers(servers.workdir, time_id="slowtime", git_id="slowgit")
        register_connections(client, slow.connections(time_proxy.url, git_proxy.url + "/mcp"))
        calls = round_calls(str(servers.repo))
        results = {}
        for delay in delays:
            for p in proxies:
                p.delay = delay
            rows: dict[str, list[float]] = {"subquery": [], "subquery_sequential": [], "native_loop": []}
            for i in range(args.repeat):
                client.set_tool_valves("subquery", {})
                rows["subquery"].append(one_round(client, model, proxies, f"par-{delay}-{i}", calls, True))
                client.set_tool_valves("subquery", {"max_parallel_tools": 1})
                rows["subquery_sequential"].append(one_round(client, model, proxies, f"seq-{delay}-{i}", calls, True))
                rows["native_loop"].append(one_round(client, model, proxies, f"nat-{delay}-{i}", calls, False))
            med = {k: statistics.median(v) for k, v in rows.items()}
            results[f"delay_{delay:g}s"] = {
                "round_wall_s_median": {k: round(v, 3) for k, v in med.items()},
                "ratio_native_over_subquery": round(med["native_loop"] / med["subquery"], 2),
                "ratio_sequential_over_subquery": round(med["subquery_sequential"] / med["subquery"], 2),
            }
            print(f"delay {delay:g} s per call: one round, MCP + OpenAPI call (median of {args.repeat})")
            for k, v in med.items():
                print(f"  {k:<20} {v:6.3f} s")
            print(f"  native loop / Subquery: {med['native_loop'] / med['subquery']:.2f}x; "
                  f"sequential / Subquery: {med['subquery_sequential'] / med['subquery']:.2f}x")
        if args.json:
            args.json.write_text(json.dumps(results, indent=2))
        return 0
    except (ToolServerError, RuntimeError) as exc:
        print(f"bench failed: {exc}", file=sys.stderr)
        return 1
    finally:
        for p in proxies:
            p.stop()
        if server is not None:
            server.stop()
        servers.stop()
        model.stop()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
